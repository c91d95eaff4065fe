/* cmd_bench.c — `bench`: time the engine resolving full turns of a self-played battle; with
 * --saves N, also what saving command 10 and command 300 costs (bench_save.c). */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The nearest-rank percentile of n sorted values: the smallest value with at least pct % of
 * the values at or below it (for fewer than 100 turns, p99 is the slowest turn). */
static double percentile(const double *sorted, long n, int pct)
{
    long rank = (n * pct + 99) / 100; /* ceil(n * pct / 100), 1-based */
    return sorted[rank < 1 ? 0 : rank - 1];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int cli_bench(int argc, char **argv)
{
    const char *path = NULL;
    long nturns = 200, seed = 1, nsaves = 0;
    for (int i = 1; i < argc; i++) {
        int got;
        if (!strcmp(argv[i], "--turns") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 100000, &nturns)) {
                fprintf(stderr, "jumpstrike-sim bench: --turns: expected 1..100000\n");
                return 1;
            }
        } else if (!strcmp(argv[i], "--saves") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 1000, &nsaves)) {
                fprintf(stderr, "jumpstrike-sim bench: --saves: expected 1..1000 games\n");
                return 1;
            }
        } else if ((got = cli_parse_games_opt("bench", argc, argv, &i, NULL, &seed, NULL)) != 0) {
            if (got < 0)
                return 1;
        } else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "jumpstrike-sim bench: unknown or incomplete option \"%s\"\n", argv[i]);
            return 1;
        }
    }
    if (!path) {
        fprintf(stderr, "jumpstrike-sim bench: name a scenario file\n");
        return 1;
    }
    js_scenario *scn = cli_load_scenario(path);
    if (!scn)
        return 1;
    double *turn_us = calloc((size_t)nturns, sizeof *turn_us);
    long done = 0, cmds = 0, games = 0, ships_max = 0;
    double submit_total = 0;
    while (done < nturns) {
        js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = (uint64_t)(seed + games)};
        char reason[JS_REASON_LEN];
        js_game *g = js_game_create(scn, &dice, reason, sizeof reason);
        if (!g) {
            fprintf(stderr, "%s: %s\n", path, reason);
            free(turn_us);
            free(scn);
            return 1;
        }
        games++;
        cli_rng r = {(uint64_t)(seed * 31 + games)};
        js_cmd cmd;
        double acc = 0;
        int turn = js_game_state(g)->turn;
        long done_before = done;
        while (done < nturns && cli_random_command(g, &r, &cmd)) {
            double t0 = cli_now_us();
            js_submit(g, &cmd, NULL, 0);
            double dt = cli_now_us() - t0;
            acc += dt;
            submit_total += dt;
            cmds++;
            const js_state *st = js_game_state(g);
            long live = 0;
            for (int i = 0; i < st->nships; i++)
                live += st->ships[i].on_map;
            if (live > ships_max)
                ships_max = live;
            if (st->turn != turn || st->phase == JS_PHASE_OVER) {
                turn_us[done++] = acc; /* every command of the turn, engine time only */
                acc = 0;
                turn = st->turn;
            }
        }
        js_game_destroy(g);
        if (done == done_before) { /* a game that never finishes a turn would loop for ever */
            fprintf(stderr, "%s: a self-played game stopped before finishing a turn\n", path);
            free(turn_us);
            free(scn);
            return 1;
        }
    }
    qsort(turn_us, (size_t)done, sizeof *turn_us, cmp_double);
    double mean = 0;
    for (long i = 0; i < done; i++)
        mean += turn_us[i];
    mean /= (double)done;
    double p99 = percentile(turn_us, done, 99);
    printf("bench %s: %ld turns over %ld game(s), up to %ld ships on the map\n", path, done, games, ships_max);
    printf("  full turn (engine time, all commands of the turn): mean %.1f us, p99 %.1f us, max %.1f us\n", mean,
           p99, turn_us[done - 1]);
    printf("  commands: %ld, %.0f commands/s (engine time)\n", cmds, cmds / (submit_total / 1e6));
    printf("  peak memory (max RSS): %.1f MB\n", cli_peak_rss_kb() / 1024.0);
    free(turn_us);
    int rc = nsaves ? cli_bench_saves(path, scn, nsaves, seed) : 0;
    free(scn);
    return rc;
}
