/* cmd_selfplay.c — `selfplay`: random legal games, invariants after every command, and a
 * secrecy probe: changing one side's secrets must leave the other side's view byte-identical. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The other side's secret changed on a clone must not change this side's view JSON. */
static bool secrecy_probe(const js_game *g, cli_rng *r, char *msg, size_t cap)
{
    js_wait w = js_wait_get(g);
    if (!w.secret || w.kind == JS_WAIT_SHIP_ATTACK)
        return true;
    for (int other = 0; other < JS_SIDES; other++) {
        if (!(w.sides & JS_SIDE_MASK(other)))
            continue;
        int viewer = 1 - other;
        js_game *c = js_game_clone(g);
        if (!c)
            return true;
        js_cmd cmd;
        bool changed = false;
        for (int tries = 0; tries < 8 && !changed; tries++)
            if (cli_random_command(c, r, &cmd) && cmd.side == other && !cli_cmd_commits(&cmd))
                changed = js_submit(c, &cmd, NULL, 0) == JS_OK;
        if (changed) {
            js_view *a = malloc(sizeof *a), *b = malloc(sizeof *b);
            js_view_build(g, viewer, a);
            js_view_build(c, viewer, b);
            char *ja = jsd_view_to_json(a, false), *jb = jsd_view_to_json(b, false);
            bool same = ja && jb && !strcmp(ja, jb);
            /* the log the viewer may see must not grow either */
            int va = 0, vb = 0;
            for (int i = 0; i < js_log_count(g); i++)
                va += js_event_visible(js_log_at(g, i), viewer);
            for (int i = 0; i < js_log_count(c); i++)
                vb += js_event_visible(js_log_at(c, i), viewer);
            free(ja), free(jb), free(a), free(b);
            if (!same || va != vb) {
                snprintf(msg, cap, "secrecy: %s by side %c changed side %c's %s", js_cmd_type_name(cmd.type),
                         'A' + other, 'A' + viewer, same ? "log" : "view");
                js_game_destroy(c);
                return false;
            }
        }
        js_game_destroy(c);
    }
    return true;
}

/* A limit no finished game of this scenario comes near, so that only a game that cannot end
 * reaches it. Self-play of the shipped scenarios takes at most about 2.5 commands per ship and
 * turn (plots, ship attacks) plus a few readies; pod groups (two moves and an attack a turn)
 * and missiles (one each) are capped by the engine, not by the scenario. */
static long default_max_commands(const js_scenario *scn)
{
    long ships = 0;
    bool pods = false, missiles = false;
    for (int i = 0; i < scn->nunits; i++)
        ships += scn->cards[scn->units[i].def].ships;
    for (int i = 0; i < scn->nsupport; i++)
        ships += scn->cards[scn->support[i].def].ships;
    for (int i = 0; i < scn->ncards; i++) {
        pods = pods || (scn->cards[i].pod_squadrons > 0 && scn->cards[i].pods_per_squadron > 0);
        missiles = missiles || scn->cards[i].missiles > 0;
    }
    long per_turn = 64 + 4 * ships + (pods ? 4 * JS_MAX_PODS : 0) + (missiles ? JS_MAX_MISSILES : 0);
    return (scn->turn_limit + 1L) * per_turn; /* the setup phases count as one more turn */
}

int cli_selfplay(int argc, char **argv)
{
    const char *path = NULL, *outdir = ".", *savedir = NULL;
    long games = 10, seed = 1, maxcmds = 0; /* 0: default_max_commands */
    for (int i = 1; i < argc; i++) {
        int got = cli_parse_games_opt("selfplay", argc, argv, &i, &games, &seed, &maxcmds);
        if (got < 0)
            return 1;
        if (got > 0)
            continue;
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            outdir = argv[++i];
        else if (!strcmp(argv[i], "--save") && i + 1 < argc)
            savedir = argv[++i];
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "jumpstrike-sim selfplay: unknown or incomplete option \"%s\"\n", argv[i]);
            return 1;
        }
    }
    if (!path) {
        fprintf(stderr, "jumpstrike-sim selfplay: name a scenario file\n");
        return 1;
    }
    if (savedir && !cli_save_dir_ok("selfplay", savedir))
        return 1;
    js_scenario *scn = cli_load_scenario(path);
    if (!scn)
        return 1;
    jsd_error err;
    uint64_t fh = 0;
    jsd_file_hash(path, &fh, &err);
    if (!maxcmds)
        maxcmds = default_max_commands(scn);
    long total_cmds = 0, turns = 0, wins[3] = {0, 0, 0}, played = 0;
    int rc = 0;
    const char *failure = "VIOLATIONS FOUND";
    for (long gi = 0; gi < games && rc == 0; gi++) {
        js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = (uint64_t)(seed * 1000003 + gi)};
        char reason[JS_REASON_LEN];
        js_game *g = js_game_create(scn, &dice, reason, sizeof reason);
        if (!g) {
            fprintf(stderr, "%s: %s\n", path, reason);
            free(scn);
            return 1;
        }
        jsd_record *rec = jsd_record_new(path, scn, fh, &dice);
        cli_rng r = {(uint64_t)(seed * 7919 + gi * 31 + 1)};
        char msg[256] = "";
        long n = 0;
        js_cmd cmd;
        while (n < maxcmds && cli_random_command(g, &r, &cmd)) {
            if (n % 7 == 0 && !secrecy_probe(g, &r, msg, sizeof msg))
                break;
            js_status s = js_submit(g, &cmd, reason, sizeof reason);
            if (s != JS_OK && s != JS_ERR_NEED_DIE) {
                snprintf(msg, sizeof msg, "a command the random player thought legal was refused: %s", reason);
                break;
            }
            n++;
            jsd_record_append(rec, &cmd, js_game_hash(g));
            if (!cli_check_invariants(g, msg, sizeof msg))
                break;
        }
        const js_state *st = js_game_state(g);
        if (!msg[0] && st->phase != JS_PHASE_OVER)
            snprintf(msg, sizeof msg, "the game did not end within %ld commands", maxcmds);
        if (msg[0]) {
            char out[1024];
            snprintf(out, sizeof out, "%s/selfplay-violation-%ld.json", outdir, gi);
            bool saved = jsd_record_save(rec, out, &err);
            fprintf(stderr, "game %ld (seed %ld): VIOLATION after %ld commands: %s\n  reproduce: jumpstrike-sim replay %s\n",
                    gi, seed, n, msg, saved ? out : "(record not saved)");
            rc = 1;
        } else if (savedir) {
            char out[1024];
            snprintf(out, sizeof out, "%s/selfplay-%ld-%ld.json", savedir, seed, gi);
            if (!jsd_record_save(rec, out, &err)) {
                /* --save promised every record: a run that cannot keep them has failed */
                fprintf(stderr, "game %ld (seed %ld): record not saved: %s\n", gi, seed, err.msg);
                failure = "RECORD NOT SAVED";
                rc = 1;
            }
        }
        played++;
        total_cmds += n;
        turns += st->turn - (scn->position.turn > 1 ? scn->position.turn : 1) + 1; /* a position starts later */
        if (st->phase == JS_PHASE_OVER) /* a game cut short is neither won nor drawn */
            wins[st->winner < 0 ? 2 : st->winner]++;
        jsd_record_free(rec);
        js_game_destroy(g);
    }
    printf("selfplay %s: %ld game(s) played of %ld, %ld commands, %ld turns; A won %ld, B won %ld, %ld drawn; "
           "at most %ld commands a game; %s\n",
           path, played, games, total_cmds, turns, wins[0], wins[1], wins[2], maxcmds,
           rc ? failure : "no violations");
    free(scn);
    return rc;
}
