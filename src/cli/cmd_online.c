/* cmd_online.c — `online`: one side of a game held by jumpstrike-server (docs/server.md), played
 * headless over HTTP by any arena player (online_side.c). It creates a game, or joins one with an
 * invite, or with a game id and a token. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "online.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
#include <cjson/cJSON.h>

/* Create the game: side plays, the other side is opponent. */
static bool create(online_session *s, const char *scenario, const char *seed, int side, const char *opponent,
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
    cJSON *a = body ? online_call(s, "POST", "/v1/games", body, 201, NULL, 30, false) : NULL;
    free(body);
    if (!a)
        return false;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(a, "game"), *toks = cJSON_GetObjectItemCaseSensitive(a, "tokens");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(toks, side ? "B" : "A");
    const cJSON *other = cJSON_GetObjectItemCaseSensitive(toks, side ? "A" : "B");
    bool ok = cJSON_IsString(g) && cJSON_IsString(t);
    if (ok) {
        snprintf(s->game, sizeof s->game, "%s", g->valuestring);
        snprintf(s->token, sizeof s->token, "%s", t->valuestring);
        printf("game %s: playing side %c\n", s->game, 'A' + side);
        if (cJSON_IsString(other)) { /* the other side's seat: its invite */
            char code[256];
            snprintf(code, sizeof code, "js1:%s:%s", s->game, other->valuestring);
            printf("invite for side %c: %s\n", 'A' + !side, code);
            if (invite_file) {
                FILE *f = fopen(invite_file, "w");
                ok = f && fprintf(f, "%s\n", code) > 0;
                ok = f && !fclose(f) && ok;
                if (!ok)
                    fprintf(stderr, "jumpstrike-sim online: --invite-file: cannot write %s\n", invite_file);
            }
        }
        fflush(stdout);
    }
    cJSON_Delete(a);
    return ok;
}

static bool join(online_session *s, const char *invite)
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
    if (!server || !pl || (!scenario + !invite + !(game && token)) != 2) {
        fprintf(stderr, "jumpstrike-sim online: give --server, --player and one of --scenario, --join, "
                        "--game with --token\n");
        online_usage(stderr);
        return 1;
    }
    if (!online_player_ok(pl)) {
        fprintf(stderr, "jumpstrike-sim online: --player: unknown player \"%s\" (arena --help lists them)\n", pl);
        return 1;
    }
    online_session s = {.h = net_http_new(server)};
    if (!s.h)
        return fprintf(stderr, "jumpstrike-sim online: out of memory\n"), 1;
    int rc = 1;
    if (game) {
        snprintf(s.game, sizeof s.game, "%s", game);
        snprintf(s.token, sizeof s.token, "%s", token);
        rc = online_side(&s, pl, maxcmds, (double)timeout, record);
    } else if (invite ? join(&s, invite) : create(&s, scenario, seed, side, opponent, invite_file)) {
        rc = online_side(&s, pl, maxcmds, (double)timeout, record);
    }
    net_http_free(s.h);
    return rc;
}
#endif
