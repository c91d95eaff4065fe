/* cmd_bot.c — `bot`: the computer opponent as a program that plays over the bot protocol
 * (docs/bots.md): it reads the wire format's messages on stdin, one a line, rebuilds its side's
 * js_view from each update and answers js_ai_decide's command on stdout. Given the hello's seed
 * it plays exactly as the arena's ai:LEVEL with that seed. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "js_ai.h"
#include "jsd_wire.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bot_usage(FILE *f)
{
    fprintf(f, "usage: jumpstrike-sim bot --level LEVEL\n"
               "Plays one side over the bot protocol (docs/bots.md): wire-format messages on stdin,\n"
               "one a line; one command a line on stdout. Levels:");
    for (int l = 0; l < JS_AI_LEVELS; l++)
        fprintf(f, " %s", js_ai_level_name(l));
    fprintf(f, ".\nTry it: jumpstrike-sim arena scenarios/duel.json --a exec:\"jumpstrike-sim bot --level captain\" "
               "--b ai:cadet\n");
}

/* Say why we stop, to the other end (an error message resigns) and to stderr. */
static int give_up(const char *why)
{
    char *t = jsd_wire_error(why, NULL);
    if (t)
        printf("%s\n", t);
    fflush(stdout);
    free(t);
    fprintf(stderr, "jumpstrike-sim bot: %s\n", why);
    return 1;
}

int cli_bot(int argc, char **argv)
{
    int level = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            bot_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--level") && i + 1 < argc) {
            if ((level = js_ai_level_parse(argv[++i])) < 0) {
                fprintf(stderr, "jumpstrike-sim bot: --level: unknown level \"%s\"\n", argv[i]);
                bot_usage(stderr);
                return 1;
            }
        } else {
            fprintf(stderr, "jumpstrike-sim bot: unknown or incomplete option \"%s\"\n", argv[i]);
            bot_usage(stderr);
            return 1;
        }
    }
    if (level < 0) {
        bot_usage(stderr);
        return 1;
    }
    js_scenario *scn = NULL;
    js_ai *ai = NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int rc = 0;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        jsd_wire_msg m;
        jsd_error err;
        if (!jsd_wire_read(line, (size_t)n, scn, "arena", &m, &err)) {
            rc = give_up(err.msg);
            break;
        }
        if (m.type == JSD_WIRE_HELLO) {
            free(scn);
            js_ai_destroy(ai);
            scn = m.scn;
            m.scn = NULL;
            if (!(ai = js_ai_create(level, m.side, m.seed))) {
                rc = give_up("out of memory");
                jsd_wire_msg_free(&m);
                break;
            }
        } else if (m.type == JSD_WIRE_UPDATE) {
            js_cmd c;
            int r = ai ? js_ai_decide(ai, m.view, &c, NULL) : -1;
            char *t = r == JS_AI_OK ? jsd_wire_command(&c) : NULL;
            if (!t) {
                rc = give_up(ai ? "the computer found no command" : "an update before the hello");
                jsd_wire_msg_free(&m);
                break;
            }
            printf("%s\n", t);
            fflush(stdout);
            free(t);
        } else if (m.type == JSD_WIRE_ERROR) {
            fprintf(stderr, "jumpstrike-sim bot: the arena says: %s\n", m.reason);
        } else if (m.type == JSD_WIRE_END) {
            jsd_wire_msg_free(&m);
            break;
        }
        jsd_wire_msg_free(&m);
    }
    free(line);
    free(scn);
    js_ai_destroy(ai);
    return rc;
}
