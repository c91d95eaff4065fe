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
    fprintf(f, "usage: jumpstrike-sim online --server URL --player PLAYER [--name NAME]\n"
               "         (--scenario NAME [--seed N] [--side a|b] [--opponent human|ai:LEVEL] [--invite-file F]\n"
               "          | --join INVITE | --game ID --token TOKEN)\n"
               "         [--record OUT] [--max-commands N] [--timeout S]\n"
               "Plays one side of a game on jumpstrike-server (docs/server.md). --scenario creates a game\n"
               "(a shipped scenario's name, e.g. duel) and plays --side (default a) against --opponent\n"
               "(default human: the invite code for the other side is printed, and written to\n"
               "--invite-file); --join plays the side of an invite (js2:GAME:CODE; a code works once:\n"
               "the join makes the side's token, which only the joiner holds). --seed: only on a server\n"
               "started with --allow-seeds (tests); otherwise the server draws the dice.\n"
               "PLAYER: random, sitter, rusher,\n"
               "ai:LEVEL or exec:\"PROGRAM\" (a bot, docs/bots.md). --name: the name the server shows both\n"
               "sides and writes in the record (with --scenario or --join; at most 32 characters, printable).\n"
               "--record: the finished game's record.\n"
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
#include "net_api.h"
#include "net_client.h"
#include <cjson/cJSON.h>

/* Create the game: side plays, the other side is opponent. */
static bool create(online_session *s, const char *scenario, const char *seed, int side, const char *opponent,
                   const char *name, const char *invite_file)
{
    cJSON *b = cJSON_CreateObject(), *sides = cJSON_CreateObject();
    cJSON_AddStringToObject(b, "scenario", scenario);
    if (seed)
        cJSON_AddStringToObject(b, "seed", seed);
    if (name)
        cJSON_AddStringToObject(b, "name", name);
    cJSON_AddStringToObject(b, "me", side ? "B" : "A");
    cJSON_AddStringToObject(sides, "A", side == 0 ? "human" : opponent);
    cJSON_AddStringToObject(sides, "B", side == 1 ? "human" : opponent);
    cJSON_AddItemToObject(b, "sides", sides);
    char *body = cJSON_PrintUnformatted(b);
    cJSON_Delete(b);
    cJSON *a = body ? online_call(s, "POST", "/v1/games", body, 201, NULL, 30, false) : NULL;
    free(body);
    char *text = a ? cJSON_PrintUnformatted(a) : NULL, code[256];
    int mine = -1;
    bool answered = a != NULL;
    bool ok = text && net_seat_read(text, s->game, sizeof s->game, &mine, s->token, sizeof s->token, code, sizeof code);
    free(text);
    cJSON_Delete(a);
    if (!ok) {
        if (answered)
            fprintf(stderr, "jumpstrike-sim online: the server's answer to the create holds no game and token\n");
        return false;
    }
    printf("game %s: playing side %c\n", s->game, 'A' + mine);
    if (code[0]) { /* the other side's seat: its one-time invite */
        printf("invite for side %c: %s\n", 'A' + !mine, code);
        if (invite_file) {
            FILE *f = fopen(invite_file, "w");
            ok = f && fprintf(f, "%s\n", code) > 0;
            ok = f && !fclose(f) && ok;
            if (!ok)
                fprintf(stderr, "jumpstrike-sim online: --invite-file: cannot write %s\n", invite_file);
        }
    }
    fflush(stdout);
    return ok;
}

/* Claim the side of an invite: its one-time code for a token of our own. */
static bool join(online_session *s, const char *invite, const char *name)
{
    char code[80], server[256], why[400], path[128];
    if (!net_invite_parse(invite, s->game, sizeof s->game, code, sizeof code, server, sizeof server, why, sizeof why)) {
        fprintf(stderr, "jumpstrike-sim online: --join: %s\n", why);
        return false;
    }
    char *body = net_join_body(code, name);
    snprintf(path, sizeof path, "/v1/games/%s/join", s->game);
    cJSON *a = body ? online_call(s, "POST", path, body, 200, NULL, 30, false) : NULL;
    free(body);
    char *text = a ? cJSON_PrintUnformatted(a) : NULL, game[32];
    int side = -1;
    bool answered = a != NULL;
    bool ok = text && net_seat_read(text, game, sizeof game, &side, s->token, sizeof s->token, NULL, 0);
    free(text);
    cJSON_Delete(a);
    if (ok) {
        printf("game %s: joined as side %c\n", s->game, 'A' + side);
        fflush(stdout);
    } else if (answered) {
        fprintf(stderr, "jumpstrike-sim online: the server's answer to the join holds no token\n");
    }
    return ok;
}

int cli_online(int argc, char **argv)
{
    const char *server = NULL, *pl = NULL, *scenario = NULL, *seed = NULL, *opponent = "human", *invite = NULL;
    const char *game = NULL, *token = NULL, *record = NULL, *invite_file = NULL, *name = NULL;
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
        else if (!strcmp(a, "--name"))
            name = v;
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
    if (name && game) { /* a seat's name is given when it is taken: the token's seat is taken */
        fprintf(stderr, "jumpstrike-sim online: --name goes with --scenario or --join, not --game\n");
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
    } else if (invite ? join(&s, invite, name) : create(&s, scenario, seed, side, opponent, name, invite_file)) {
        rc = online_side(&s, pl, maxcmds, (double)timeout, record);
    }
    net_http_free(s.h);
    return rc;
}
#endif
