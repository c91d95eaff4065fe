/* online_side.c — one side of a game on jumpstrike-server (online.h): the hello, then at each of
 * the side's decisions the view the server sends (its side's alone), a command from the player,
 * and the submit; between its decisions a long-poll. */
#define _POSIX_C_SOURCE 200809L
#include "online.h"
#ifdef JS_HAVE_CURL
#include "ai_int.h" /* ai_fill_guesses: the random player's game from a view, as the computer builds its own */
#include "bot_pipe.h"
#include "cli.h"
#include "js_ai.h"
#include "jsd_wire.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

bool online_player_ok(const char *player)
{
    struct player p;
    return parse_player(player, &p);
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

static void add_ms(double **a, long *n, long *cap, double ms)
{
    if (*n == *cap) {
        long c = *cap ? *cap * 2 : 256;
        double *p = realloc(*a, (size_t)c * sizeof *p);
        if (!p)
            return;
        *a = p, *cap = c;
    }
    (*a)[(*n)++] = ms;
}

void online_stats_free(online_stats *s)
{
    free(s->ms);
    free(s->submit_ms);
    memset(s, 0, sizeof *s);
}

void *online_call(online_session *s, const char *method, const char *path, const char *body, long want,
                  long *status, double timeout, bool long_poll)
{
    char why[1024], *text = NULL;
    long st = 0;
    for (int tries = 0;; tries++) { /* the server's rate limit: wait a moment, up to a minute */
        double t0 = cli_now_us();
        if (!net_http_call(s->h, method, path, s->token[0] ? s->token : NULL, body, timeout, &st, &text, why,
                           sizeof why)) {
            fprintf(stderr, "jumpstrike-sim online: %s\n", why);
            if (s->stats)
                s->stats->errors++;
            return NULL;
        }
        if (s->stats && !long_poll) {
            double ms = (cli_now_us() - t0) / 1000;
            add_ms(&s->stats->ms, &s->stats->n, &s->stats->cap, ms);
            if (!strcmp(method, "POST") && strstr(path, "/commands"))
                add_ms(&s->stats->submit_ms, &s->stats->nsub, &s->stats->capsub, ms);
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
        if (s->stats)
            s->stats->errors++;
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

/* The game is over: say how, tell a bot, fetch the record. */
static int finish(online_session *s, player *p, const cJSON *end, int side, long ncmds, const char *record)
{
    char why[1024], path[256];
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(end, "winner"), *pts = cJSON_GetObjectItemCaseSensitive(end, "points"),
                *why_end = cJSON_GetObjectItemCaseSensitive(end, "reason");
    if (!s->quiet)
        printf("game %s over after %ld commands of side %c: winner %s, points %d-%d%s%s\n", s->game, ncmds, 'A' + side,
               cJSON_IsString(w) ? w->valuestring : "none",
               cJSON_GetArrayItem(pts, 0) ? cJSON_GetArrayItem(pts, 0)->valueint : 0,
               cJSON_GetArrayItem(pts, 1) ? cJSON_GetArrayItem(pts, 1)->valueint : 0,
               cJSON_IsString(why_end) && why_end->valuestring[0] ? ": " : "",
               cJSON_IsString(why_end) ? why_end->valuestring : "");
    if (p->child) {
        char *e = cJSON_PrintUnformatted(end);
        if (e)
            cli_child_send(p->child, e, 1, why, sizeof why);
        free(e);
    }
    if (!record)
        return 0;
    snprintf(path, sizeof path, "/v1/games/%s/record", s->game);
    char *rt = NULL;
    long st = 0;
    int rc = 0;
    bool got;
    /* the record is not JSON (online_call's), but the rate limit is waited out the same way */
    for (int tries = 0; (got = net_http_call(s->h, "GET", path, s->token, NULL, 60, &st, &rt, why, sizeof why)) &&
                        st == 429 && tries < 300;
         tries++) {
        free(rt);
        rt = NULL;
        nanosleep(&(struct timespec){0, 200 * 1000 * 1000}, NULL);
    }
    if (!got || st != 200 || !write_text(record, rt)) {
        fprintf(stderr, "jumpstrike-sim online: the record: %s\n", rt ? rt : why);
        rc = 1;
    }
    free(rt);
    return rc;
}

int online_side(online_session *s, const char *pl, long maxcmds, double timeout_s, const char *record)
{
    player p;
    if (!parse_player(pl, &p)) {
        fprintf(stderr, "jumpstrike-sim online: unknown player \"%s\" (arena --help lists them)\n", pl);
        return 1;
    }
    int rc = 1, side;
    js_view *v = malloc(sizeof *v);
    jsd_wire_msg hello = {0};
    bool have_hello = false;
    char path[256], *text = NULL, why[1024];
    long st;
    snprintf(path, sizeof path, "/v1/games/%s/hello", s->game);
    if (!net_http_call(s->h, "GET", path, s->token, NULL, 30, &st, &text, why, sizeof why) || st != 200) {
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
    const js_scenario *scn = hello.scn;
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
    while (v && ncmds < maxcmds && cli_now_us() - t0 < timeout_s * 1e6) {
        bool poll = waited && etag[0];
        if (poll)
            snprintf(path, sizeof path, "/v1/games/%s/view?since=%ld&etag=%s&wait=25", s->game, since, etag);
        else
            snprintf(path, sizeof path, "/v1/games/%s/view?since=%ld", s->game, since);
        cJSON *a = online_call(s, "GET", path, NULL, 200, NULL, 40, poll);
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
            rc = finish(s, &p, end, side, ncmds, record);
            free(ut);
            cJSON_Delete(a);
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
        if (s->think_ms > 0)
            nanosleep(&(struct timespec){s->think_ms / 1000, (long)(s->think_ms % 1000) * 1000000}, NULL);
        char *ct = jsd_wire_command(&c);
        snprintf(path, sizeof path, "/v1/games/%s/commands", s->game);
        a = ct ? online_call(s, "POST", path, ct, 0, &st, 30, false) : NULL;
        free(ct);
        if (!a)
            goto out;
        if (st == 200) {
            ncmds++, refused = 0;
            if (s->stats)
                s->stats->cmds++;
        } else {
            const cJSON *r = cJSON_GetObjectItemCaseSensitive(a, "reason");
            if (s->stats)
                s->stats->refused++;
            if (!s->quiet || st != 409)
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
    if (rc && s->resign_on_failure) {
        snprintf(path, sizeof path, "/v1/games/%s/resign", s->game);
        char *rt = NULL;
        if (net_http_call(s->h, "POST", path, s->token, "", 30, &st, &rt, why, sizeof why))
            fprintf(stderr, "jumpstrike-sim online: game %s: side %c resigns (HTTP %ld)\n", s->game,
                    have_hello ? 'A' + hello.side : '?', st);
        free(rt);
    }
    if (have_hello)
        jsd_wire_msg_free(&hello);
    free(v);
    js_ai_destroy(p.ai);
    cli_ref_destroy(p.refp);
    cli_child_stop(p.child);
    return rc;
}
#endif
