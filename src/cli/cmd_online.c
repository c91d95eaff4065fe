/* cmd_online.c — `online`: one side of a game held by jumpstrike-server (docs/server.md), played
 * headless over HTTP by any arena player. It creates a game (or joins one with an invite, or a
 * game id and token), reads its hello, then at each of its decisions takes the view the server
 * sends (its side's alone), decides, and submits; between its decisions it long-polls. */
#define _POSIX_C_SOURCE 200809L
#include "bot_pipe.h"
#include "cli.h"
#include "http_client.h"
#include "ai_int.h" /* ai_fill_guesses: the random player's game from a view, as the computer builds its own */
#include "js_ai.h"
#include "jsd_wire.h"
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void online_usage(FILE *f)
{
    fprintf(f, "usage: jumpstrike-sim online --server URL --player PLAYER\n"
               "         (--scenario NAME [--seed N] [--side a|b] [--opponent human|ai:LEVEL] [--invite-file F]\n"
               "          | --join INVITE | --game ID --token TOKEN)\n"
               "         [--record OUT] [--max-commands N] [--timeout S]\n"
               "Plays one side of a game on jumpstrike-server (docs/server.md). --scenario creates a game\n"
               "(a shipped scenario's name, e.g. duel) and plays --side (default a) against --opponent\n"
               "(default human: the invite code for the other side is printed, and written to\n"
               "--invite-file); --join plays the side of an invite. PLAYER: random, sitter, rusher,\n"
               "ai:LEVEL or exec:\"PROGRAM\" (a bot, docs/bots.md). --record: the finished game's record.\n"
               "Gives up after --max-commands commands (default 20000) or --timeout seconds (default 3600).\n");
}

#ifndef JS_HAVE_CURL
int cli_online(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "jumpstrike-sim online: this build has no libcurl (cmake -DJS_BUILD_SERVER=ON)\n");
    return 1;
}
#else

typedef struct player {
    int kind;                 /* 0 random, 1 ai, 2 reference, 3 exec */
    int level, ref;
    const char *exec;
    js_ai *ai;
    cli_ref *refp;
    cli_child *child;
    cli_rng rng;
} player;

static bool parse_player(const char *s, player *p)
{
    memset(p, 0, sizeof *p);
    if (!strcmp(s, "random"))
        return p->kind = 0, true;
    if (!strncmp(s, "ai:", 3) && (p->level = js_ai_level_parse(s + 3)) >= 0)
        return p->kind = 1, true;
    if ((p->ref = cli_ref_parse(s)) >= 0)
        return p->kind = 2, true;
    if (!strncmp(s, "exec:", 5) && s[5])
        return p->kind = 3, p->exec = s + 5, true;
    return false;
}

/* One command for the view's decision; false with why. */
static bool decide(player *p, const js_view *v, const char *update_text, js_cmd *out, char *why, size_t cap)
{
    switch (p->kind) {
    case 0: {
        char reason[JS_REASON_LEN];
        js_state *st = malloc(sizeof *st);
        if (!st)
            return snprintf(why, cap, "out of memory"), false;
        *st = v->st;
        ai_fill_guesses(st, v->viewer); /* what the view hides, guessed: the engine wants a whole state */
        js_game *g = js_game_from_state(st, p->rng.s, reason, sizeof reason);
        free(st);
        if (!g)
            return snprintf(why, cap, "the view makes no game: %s", reason), false;
        bool ok = cli_random_command_side(g, v->viewer, &p->rng, out);
        js_game_destroy(g);
        return ok || (snprintf(why, cap, "the random player found no command"), false);
    }
    case 1:
        return js_ai_decide(p->ai, v, out, NULL) == JS_AI_OK ||
               (snprintf(why, cap, "the computer found no command"), false);
    case 2:
        return cli_ref_decide(p->refp, v, out) == JS_AI_OK ||
               (snprintf(why, cap, "the reference player found no command"), false);
    default: {
        if (!cli_child_send(p->child, update_text, 60, why, cap))
            return false;
        char *line = cli_child_recv(p->child, 60, JSD_WIRE_MAX, why, cap);
        if (!line)
            return false;
        jsd_wire_msg m;
        jsd_error err;
        bool ok = jsd_wire_read(line, strlen(line), NULL, "the bot", &m, &err);
        if (!ok)
            snprintf(why, cap, "%s", err.msg);
        else if (m.type != JSD_WIRE_COMMAND)
            ok = false, snprintf(why, cap, "the bot answered a \"%s\" message", jsd_wire_type_name(m.type));
        else
            *out = m.cmd;
        jsd_wire_msg_free(&m);
        free(line);
        return ok;
    }
    }
}

typedef struct session {
    cli_http *h;
    char game[32], token[160];
    double timeout;
} session;

/* A call whose answer must be JSON with status want (0: any); the parsed answer, or NULL after a
 * message. */
static cJSON *call(session *s, const char *method, const char *path, const char *body, long want, long *status,
                   double timeout)
{
    char why[1024], *text = NULL;
    long st = 0;
    for (int tries = 0;; tries++) { /* the server's rate limit: wait a moment, up to a minute */
        if (!cli_http_call(s->h, method, path, s->token[0] ? s->token : NULL, body, timeout, &st, &text, why,
                           sizeof why)) {
            fprintf(stderr, "jumpstrike-sim online: %s\n", why);
            return NULL;
        }
        if (st != 429 || tries >= 300)
            break;
        free(text);
        text = NULL;
        nanosleep(&(struct timespec){0, 200 * 1000 * 1000}, NULL);
    }
    if (status)
        *status = st;
    cJSON *j = cJSON_Parse(text);
    if (!j || (want && st != want)) {
        cJSON *r = j ? cJSON_GetObjectItemCaseSensitive(j, "reason") : NULL;
        fprintf(stderr, "jumpstrike-sim online: %s %s: HTTP %ld: %s\n", method, path, st,
                cJSON_IsString(r) ? r->valuestring : text);
        cJSON_Delete(j);
        j = NULL;
    }
    free(text);
    return j;
}

static bool write_text(const char *path, const char *text)
{
    jsd_error err;
    if (!jsd_write_atomic(path, text, strlen(text), &err)) {
        fprintf(stderr, "jumpstrike-sim online: %s\n", err.msg);
        return false;
    }
    return true;
}

/* Create the game: side plays, the other side is opponent. */
static bool create(session *s, const char *scenario, const char *seed, int side, const char *opponent,
                   const char *invite_file)
{
    cJSON *b = cJSON_CreateObject(), *sides = cJSON_CreateObject();
    cJSON_AddStringToObject(b, "scenario", scenario);
    if (seed)
        cJSON_AddStringToObject(b, "seed", seed);
    cJSON_AddStringToObject(sides, "A", side == 0 ? "human" : opponent);
    cJSON_AddStringToObject(sides, "B", side == 1 ? "human" : opponent);
    cJSON_AddItemToObject(b, "sides", sides);
    char *body = cJSON_PrintUnformatted(b);
    cJSON_Delete(b);
    cJSON *a = body ? call(s, "POST", "/v1/games", body, 201, NULL, 30) : NULL;
    free(body);
    if (!a)
        return false;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(a, "game"), *toks = cJSON_GetObjectItemCaseSensitive(a, "tokens");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(toks, side ? "B" : "A");
    const cJSON *inv = cJSON_GetObjectItemCaseSensitive(a, "invite");
    bool ok = cJSON_IsString(g) && cJSON_IsString(t);
    if (ok) {
        snprintf(s->game, sizeof s->game, "%s", g->valuestring);
        snprintf(s->token, sizeof s->token, "%s", t->valuestring);
        printf("game %s: playing side %c\n", s->game, 'A' + side);
        if (cJSON_IsString(inv)) {
            /* the other side's seat; the invite names side B, so a creator on B hands out A's token */
            char code[256];
            const cJSON *other = cJSON_GetObjectItemCaseSensitive(toks, side ? "A" : "B");
            snprintf(code, sizeof code, "js1:%s:%s", s->game, cJSON_IsString(other) ? other->valuestring : "");
            printf("invite for side %c: %s\n", 'A' + !side, code);
            char line[300];
            snprintf(line, sizeof line, "%s\n", code);
            if (invite_file && !write_text(invite_file, line))
                ok = false;
        }
        fflush(stdout);
    }
    cJSON_Delete(a);
    return ok;
}

static bool join(session *s, const char *invite)
{
    const char *p = !strncmp(invite, "js1:", 4) ? invite + 4 : NULL;
    const char *colon = p ? strchr(p, ':') : NULL;
    if (!colon || colon - p >= (long)sizeof s->game || strlen(colon + 1) >= sizeof s->token) {
        fprintf(stderr, "jumpstrike-sim online: --join: expected an invite code js1:GAME:TOKEN\n");
        return false;
    }
    snprintf(s->game, sizeof s->game, "%.*s", (int)(colon - p), p);
    snprintf(s->token, sizeof s->token, "%s", colon + 1);
    return true;
}

int cli_online(int argc, char **argv)
{
    const char *server = NULL, *pl = NULL, *scenario = NULL, *seed = NULL, *opponent = "human", *invite = NULL;
    const char *game = NULL, *token = NULL, *record = NULL, *invite_file = NULL;
    long maxcmds = 20000, timeout = 3600;
    int side = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            online_usage(stdout);
            return 0;
        }
        if (!v) {
            fprintf(stderr, "jumpstrike-sim online: unknown or incomplete option \"%s\"\n", a);
            online_usage(stderr);
            return 1;
        }
        i++;
        if (!strcmp(a, "--server"))
            server = v;
        else if (!strcmp(a, "--player"))
            pl = v;
        else if (!strcmp(a, "--scenario"))
            scenario = v;
        else if (!strcmp(a, "--seed"))
            seed = v;
        else if (!strcmp(a, "--opponent"))
            opponent = v;
        else if (!strcmp(a, "--join"))
            invite = v;
        else if (!strcmp(a, "--game"))
            game = v;
        else if (!strcmp(a, "--token"))
            token = v;
        else if (!strcmp(a, "--record"))
            record = v;
        else if (!strcmp(a, "--invite-file"))
            invite_file = v;
        else if (!strcmp(a, "--side")) {
            if ((side = cli_parse_side(v)) < 0) {
                fprintf(stderr, "jumpstrike-sim online: --side: expected a or b, got \"%s\"\n", v);
                return 1;
            }
        } else if (!strcmp(a, "--max-commands")) {
            if (!cli_parse_int(v, 1, 10000000, &maxcmds))
                return fprintf(stderr, "jumpstrike-sim online: --max-commands: expected 1..10000000\n"), 1;
        } else if (!strcmp(a, "--timeout")) {
            if (!cli_parse_int(v, 1, 86400, &timeout))
                return fprintf(stderr, "jumpstrike-sim online: --timeout: expected seconds 1..86400\n"), 1;
        } else {
            fprintf(stderr, "jumpstrike-sim online: unknown option \"%s\"\n", a);
            online_usage(stderr);
            return 1;
        }
    }
    player p;
    if (!server || !pl || (!scenario + !invite + !(game && token)) != 2) {
        fprintf(stderr, "jumpstrike-sim online: give --server, --player and one of --scenario, --join, "
                        "--game with --token\n");
        online_usage(stderr);
        return 1;
    }
    if (!parse_player(pl, &p)) {
        fprintf(stderr, "jumpstrike-sim online: --player: unknown player \"%s\" (arena --help lists them)\n", pl);
        return 1;
    }
    session s = {.h = cli_http_new(server), .timeout = (double)timeout};
    if (!s.h)
        return fprintf(stderr, "jumpstrike-sim online: out of memory\n"), 1;
    int rc = 1;
    js_scenario *scn = NULL;
    js_view *v = malloc(sizeof *v);
    jsd_wire_msg hello = {0};
    bool have_hello = false;
    if (game) {
        snprintf(s.game, sizeof s.game, "%s", game);
        snprintf(s.token, sizeof s.token, "%s", token);
    } else if (invite ? !join(&s, invite) : !create(&s, scenario, seed, side, opponent, invite_file)) {
        goto out;
    }
    char path[256];
    snprintf(path, sizeof path, "/v1/games/%s/hello", s.game);
    char *text = NULL, why[1024];
    long st;
    if (!cli_http_call(s.h, "GET", path, s.token, NULL, 30, &st, &text, why, sizeof why) || st != 200) {
        fprintf(stderr, "jumpstrike-sim online: the hello: %s\n", text ? text : why);
        free(text);
        goto out;
    }
    jsd_error err;
    if (!(have_hello = jsd_wire_read(text, strlen(text), NULL, "the server", &hello, &err)) ||
        hello.type != JSD_WIRE_HELLO) {
        fprintf(stderr, "jumpstrike-sim online: the hello: %s\n", have_hello ? "not a hello" : err.msg);
        free(text);
        goto out;
    }
    scn = hello.scn;
    side = hello.side;
    p.rng.s = hello.seed * 31 + 1;
    if ((p.kind == 1 && !(p.ai = js_ai_create(p.level, side, hello.seed))) ||
        (p.kind == 2 && !(p.refp = cli_ref_create(p.ref, side, hello.seed))) ||
        (p.kind == 3 && (!(p.child = cli_child_start(p.exec, why, sizeof why)) ||
                         !cli_child_send(p.child, text, 60, why, sizeof why)))) {
        fprintf(stderr, "jumpstrike-sim online: the player: %s\n", p.kind == 3 ? why : "out of memory");
        free(text);
        goto out;
    }
    free(text);
    double t0 = cli_now_us();
    long ncmds = 0, refused = 0, since = 0;
    char etag[32] = "";
    bool waited = false;
    while (v && ncmds < maxcmds && cli_now_us() - t0 < timeout * 1e6) {
        if (waited && etag[0])
            snprintf(path, sizeof path, "/v1/games/%s/view?since=%ld&etag=%s&wait=25", s.game, since, etag);
        else
            snprintf(path, sizeof path, "/v1/games/%s/view?since=%ld", s.game, since);
        cJSON *a = call(&s, "GET", path, NULL, 200, NULL, 40);
        if (!a)
            goto out;
        const cJSON *et = cJSON_GetObjectItemCaseSensitive(a, "etag"), *upd = cJSON_GetObjectItemCaseSensitive(a, "update");
        const cJSON *tot = cJSON_GetObjectItemCaseSensitive(a, "events_total"), *end = cJSON_GetObjectItemCaseSensitive(a, "end");
        char *ut = cJSON_PrintUnformatted(upd);
        jsd_wire_msg m;
        bool ok = cJSON_IsString(et) && cJSON_IsNumber(tot) && ut &&
                  jsd_wire_read(ut, strlen(ut), scn, "the server", &m, &err);
        if (!ok) {
            fprintf(stderr, "jumpstrike-sim online: a view the client cannot read: %s\n", ut ? err.msg : "no update");
            free(ut);
            cJSON_Delete(a);
            goto out;
        }
        snprintf(etag, sizeof etag, "%s", et->valuestring);
        since = (long)tot->valuedouble;
        memcpy(v, m.view, sizeof *v);
        jsd_wire_msg_free(&m);
        if (cJSON_IsObject(end)) {
            const cJSON *w = cJSON_GetObjectItemCaseSensitive(end, "winner"),
                        *pts = cJSON_GetObjectItemCaseSensitive(end, "points"),
                        *why_end = cJSON_GetObjectItemCaseSensitive(end, "reason");
            printf("game %s over after %ld commands of side %c: winner %s, points %d-%d%s%s\n", s.game, ncmds,
                   'A' + side, cJSON_IsString(w) ? w->valuestring : "none",
                   cJSON_GetArrayItem(pts, 0) ? cJSON_GetArrayItem(pts, 0)->valueint : 0,
                   cJSON_GetArrayItem(pts, 1) ? cJSON_GetArrayItem(pts, 1)->valueint : 0,
                   cJSON_IsString(why_end) && why_end->valuestring[0] ? ": " : "",
                   cJSON_IsString(why_end) ? why_end->valuestring : "");
            if (p.child) {
                char *e = cJSON_PrintUnformatted(end);
                if (e)
                    cli_child_send(p.child, e, 1, why, sizeof why);
                free(e);
            }
            free(ut);
            cJSON_Delete(a);
            rc = 0;
            if (record) {
                snprintf(path, sizeof path, "/v1/games/%s/record", s.game);
                char *rt = NULL;
                if (!cli_http_call(s.h, "GET", path, s.token, NULL, 60, &st, &rt, why, sizeof why) || st != 200 ||
                    !write_text(record, rt))
                    rc = 1, fprintf(stderr, "jumpstrike-sim online: the record: %s\n", rt ? rt : why);
                free(rt);
            }
            goto out;
        }
        cJSON_Delete(a);
        if (!(v->wait.sides & JS_SIDE_MASK(side))) {
            free(ut);
            waited = true;
            continue;
        }
        waited = false;
        js_cmd c;
        ok = decide(&p, v, ut, &c, why, sizeof why);
        free(ut);
        if (!ok) {
            fprintf(stderr, "jumpstrike-sim online: side %c: %s\n", 'A' + side, why);
            goto out;
        }
        char *ct = jsd_wire_command(&c);
        snprintf(path, sizeof path, "/v1/games/%s/commands", s.game);
        a = ct ? call(&s, "POST", path, ct, 0, &st, 30) : NULL;
        free(ct);
        if (!a)
            goto out;
        if (st == 200) {
            ncmds++, refused = 0;
        } else {
            const cJSON *r = cJSON_GetObjectItemCaseSensitive(a, "reason");
            fprintf(stderr, "jumpstrike-sim online: side %c: refused (HTTP %ld): %s\n", 'A' + side, st,
                    cJSON_IsString(r) ? r->valuestring : "?");
            if (st != 409 || ++refused >= 20) {
                cJSON_Delete(a);
                goto out;
            }
            if (p.child) {
                char *e = cJSON_PrintUnformatted(a);
                if (e)
                    cli_child_send(p.child, e, 1, why, sizeof why);
                free(e);
            }
        }
        cJSON_Delete(a);
    }
    fprintf(stderr, "jumpstrike-sim online: gave up: %ld commands, %.0f s\n", ncmds, (cli_now_us() - t0) / 1e6);
out:
    if (have_hello)
        jsd_wire_msg_free(&hello);
    else
        free(scn);
    free(v);
    js_ai_destroy(p.ai);
    cli_ref_destroy(p.refp);
    cli_child_stop(p.child);
    cli_http_free(s.h);
    return rc;
}
#endif
