/* cmd_arena.c — `arena`: two players (the random player or a computer level) play a scenario N
 * times, swapping sides every other game; results, win rates with a 95 % interval, and the
 * computer's think time per decision (measured here, with the clock; the AI itself never reads
 * it). Every command is checked: a refused one or a broken invariant stops the arena. */
#include "bot_pipe.h"
#include "cli.h"
#include "js_ai.h"
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct player_spec {
    int level;                /* -1: the random player or a reference player, -2: a program (exec), else a js_ai_level */
    int ref;                  /* a reference player (cli_ref_kind), or -1 */
    char name[24];
    const char *exec;         /* exec: the command line of the program */
    double move_time;         /* exec: seconds it has for each answer */
} player_spec;

static void players_help(FILE *f)
{
    fprintf(f, "players (the built-in ones weakest first):\n  random        the random player (any legal command)\n");
    fprintf(f, "  rusher        every ship at full speed for the nearest enemy ship, firing whenever a\n"
               "                line holds an enemy (docs/ai.md)\n"
               "  sitter        never moves toward the enemy: holds, turns its launchers on it or keeps\n"
               "                its distance; fires at what enters its lines (docs/ai.md)\n");
    for (int l = 0; l < JS_AI_LEVELS; l++) { /* how each plays: New game's words under its button */
        const char *place = l == 0 ? "lowest" : l == JS_AI_LEVELS - 1 ? "top" : l < JS_AI_LEVELS / 2 ? "lower-middle"
                                                                                                    : "upper-middle";
        fprintf(f, "  ai:%-10s the computer, %s level: %s\n", js_ai_level_name(l), place, js_ai_level_style(l));
    }
    fprintf(f, "  exec:\"PROGRAM ARGS\"\n"
               "                a program that plays over the bot protocol (docs/bots.md): one JSON\n"
               "                message a line on its stdin, one command a line on its stdout; e.g.\n"
               "                exec:\"jumpstrike-sim bot --level captain\" or\n"
               "                exec:\"python3 tools/bots/example_bot.py\". One that answers garbage or an\n"
               "                illegal command, nothing within --move-time, or dies, loses the game by\n"
               "                forfeit: the reason is printed, counted (a_forfeits, b_forfeits in --json)\n"
               "                and written into the --save record\n");
}

static bool parse_player(const char *s, player_spec *p)
{
    p->ref = cli_ref_parse(s);
    if (p->ref >= 0) {
        p->level = -1;
        snprintf(p->name, sizeof p->name, "%s", s);
        return true;
    }
    if (!strncmp(s, "exec:", 5) && s[5]) { /* named after the program: exec:example_bot.py */
        static const char *const RUNNERS[] = {"python", "node", "ruby", "perl", "sh", "bash"};
        const char *cmd = s + 5, *word = cmd, *end;
        for (int w = 0; w < 2; w++) { /* its first word, or the script an interpreter runs */
            const char *base = word;
            for (end = word; *end && *end != ' '; end++)
                if (*end == '/')
                    base = end + 1;
            bool runner = false;
            for (int k = 0; k < 6; k++)
                runner = runner || !strncmp(base, RUNNERS[k], strlen(RUNNERS[k]));
            word = base;
            if (!runner || !*end)
                break;
            for (word = end; *word == ' '; word++)
                ;
        }
        for (end = word; *end && *end != ' ' && end - word < 18; end++)
            ;
        p->level = -2;
        p->ref = -1;
        p->exec = cmd;
        snprintf(p->name, sizeof p->name, "exec:%.*s", (int)(end - word), word);
        return true;
    }
    if (!strcmp(s, "random")) {
        p->level = -1;
        snprintf(p->name, sizeof p->name, "random");
        return true;
    }
    if (strncmp(s, "ai:", 3) || (p->level = js_ai_level_parse(s + 3)) < 0)
        return false;
    snprintf(p->name, sizeof p->name, "ai:%s", js_ai_level_name(p->level));
    return true;
}

/* Think times of one level, in ms, one entry a decision. */
typedef struct times {
    double *ms;
    long n, cap;
} times;

static void times_add(times *t, double ms)
{
    if (t->n == t->cap) {
        long cap = t->cap ? t->cap * 2 : 1024;
        double *m = realloc(t->ms, (size_t)cap * sizeof *m);
        if (!m)
            return;
        t->ms = m, t->cap = cap;
    }
    t->ms[t->n++] = ms;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(const times *t, double p)
{
    if (!t->n)
        return 0;
    long i = (long)ceil(p * t->n) - 1;
    return t->ms[i < 0 ? 0 : i >= t->n ? t->n - 1 : i];
}

/* Wilson score interval for k successes in n. */
static void wilson(long k, long n, double *lo, double *hi)
{
    if (!n) {
        *lo = *hi = 0;
        return;
    }
    double z = 1.96, p = (double)k / n, d = 1 + z * z / n;
    double c = (p + z * z / (2.0 * n)) / d, h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

/* A decision's think time: the calls one player makes in a row for one wait. */
static void trace_line(void *arg, const char *line) { fprintf(stderr, "  [%s] %s\n", (const char *)arg, line); }

typedef struct pending {
    int level, turn, phase, kind;
    double ms, cpu_ms;
    bool open;
} pending;

/* lv[level]: wall-clock think times; lv[JS_AI_LEVELS + level]: CPU time of the same decisions */
static void flush(pending *p, times *lv)
{
    if (p->open) {
        times_add(&lv[p->level], p->ms);
        times_add(&lv[JS_AI_LEVELS + p->level], p->cpu_ms);
    }
    p->open = false;
}

typedef struct arena_result {
    long wins[2], draws, cmds, turns;
    long forfeits[2];         /* games player a, b lost by forfeit */
    int forfeit;              /* the side that forfeited the last game, or -1 */
    long points[2];           /* victory points scored by player a, b */
    long missiles[2], blind[2]; /* missiles player a, b plotted, and the blind ones (js_ai_stats) */
    long scoreless;           /* games that ended 0-0 */
    long a_side[2][3];        /* player a's wins, draws, losses when it played side A, side B */
} arena_result;

#ifdef S_TUNE
static bool tune_on(const char *n) { return getenv(n) && atoi(getenv(n)); }
#endif

/* One game; players[s] plays side s. Returns 0, or 1 after printing what went wrong. */
static int play_game(const js_scenario *scn, const char *path, uint64_t seed, const player_spec *players[2],
                     long maxcmds, times *lv, int *winner, int points[2], js_ai_stats stats[2], arena_result *res,
                     const char *savedir, long gi, bool trace)
{
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = seed};
    char reason[JS_REASON_LEN];
    js_game *g = js_game_create(scn, &dice, reason, sizeof reason);
    if (!g) {
        fprintf(stderr, "%s: %s\n", path, reason);
        return 1;
    }
    js_ai *ai[2] = {NULL, NULL};
    cli_exec *ex[2] = {NULL, NULL};
    int forfeit = -1;
    char why[512] = "";
    cli_ref *ref[2] = {NULL, NULL};
    cli_rng rng[2] = {{seed * 31 + 1}, {seed * 31 + 2}};
    /* each player's own stream starts from a seed of its side, never the dice seed: a program
     * given the dice seed (exec:, in its hello) could work out every coming roll, which the
     * view hides; the server draws its sides' seeds the same way apart from the dice */
    uint64_t side_seed[2];
    for (int s = 0; s < 2; s++)
        side_seed[s] = cli_side_seed(seed, s);
    for (int s = 0; s < 2; s++)
        if ((players[s]->level >= 0 && !(ai[s] = js_ai_create(players[s]->level, s, side_seed[s]))) ||
            (players[s]->ref >= 0 && !(ref[s] = cli_ref_create(players[s]->ref, s, side_seed[s])))) {
            fprintf(stderr, "jumpstrike-sim arena: out of memory\n");
            js_ai_destroy(ai[0]), cli_ref_destroy(ref[0]);
            js_game_destroy(g);
            return 1;
        } else if (ai[s] && trace)
            js_ai_set_trace(ai[s], trace_line, (void *)(s == 0 ? "A" : "B"));
    js_view *v = malloc(sizeof *v);
    for (int s = 0; s < 2 && v && forfeit < 0; s++)
        if (players[s]->exec) { /* its hello, from its side's view */
            js_view_build(g, s, v);
            if (!(ex[s] = cli_exec_start(players[s]->exec, v, side_seed[s], players[s]->move_time, why, sizeof why)))
                forfeit = s;
        }
    jsd_error err;
    uint64_t fh = 0;
    jsd_record *rec = NULL;
    if (savedir && jsd_file_hash(path, &fh, &err))
        rec = jsd_record_new(path, scn, fh, &dice);
    pending pend[2] = {{0}, {0}};
    int rc = 0;
    long n = 0;
#ifdef S_TUNE
    int reordered = -1; /* the turn whose plots the oracle's opponent made first */
    /* S_ORACLE_CLONE=1: the oracle's T and T+1 are not the opponent's real ones but a clone's (the
     * same AI with other dice, deciding on the opponent's own views): the best any model of that
     * player can know (docs/ai.md) */
    js_ai *clone = NULL;
    int clone_turn = -1;
    js_order (*cl)[JS_MAX_SHIPS] = NULL; /* [turn & 7][ship] */
    int16_t (*cl_turn)[JS_MAX_SHIPS] = NULL;
    if (tune_on("S_ORACLE_CLONE") && ai[0] && ai[1]) {
        int opp = 1 - (int)(gi % 2);
        clone = js_ai_create(players[opp]->level, opp, side_seed[opp] ^ 0xC10E5EEDull);
        cl = calloc(8, sizeof *cl);
        cl_turn = calloc(8, sizeof *cl_turn);
    }
#endif
    while (v && n < maxcmds && forfeit < 0) {
        js_wait w = js_wait_get(g);
        if (w.kind == JS_WAIT_NONE || !w.sides)
            break;
        int side = (w.sides & 1) ? JS_SIDE_A : JS_SIDE_B;
        js_cmd cmd;
        const js_state *st = js_game_state(g);
#ifdef S_TUNE
        /* against an AI the oracle is player a (games alternate sides: the loop in cmd_arena), and
         * the opponent plots first, all its plot up to its Ready (when player a is side B, the usual
         * order already has it so): it decides from its own view and its own stream, so the order
         * changes none of its play. S_ORACLE_ORDER=1: the order alone, to check that. */
        int osd = (int)(gi % 2);
        bool oai = ai[0] && ai[1] && (tune_on("S_ORACLE") || tune_on("S_ORACLE_ORDER"));
        if (oai && w.kind == JS_WAIT_PLOT && w.sides == 3 && osd == JS_SIDE_A)
            side = JS_SIDE_B, reordered = st->turn;
        /* the order's one trace in a view is the ready bits, which seed an AI's stream: each side
         * is shown the bits the usual order (A first) would show it */
        int ready_set = 0, ready_clear = 0;
        if (reordered == st->turn && w.kind == JS_WAIT_PLOT)
            ready_set = w.sides == 3 ? JS_SIDE_MASK(JS_SIDE_A) : 0,
            ready_clear = w.sides == JS_SIDE_MASK(JS_SIDE_A) ? JS_SIDE_MASK(JS_SIDE_B) : 0;
#endif
        if (ai[side]) {
#ifdef S_TUNE
            if (clone && cl && cl_turn && side != osd && w.kind == JS_WAIT_PLOT && st->turn != clone_turn) {
                clone_turn = st->turn;
                js_game *g2 = js_game_from_state(st, seed ^ 0xC10E, NULL, 0);
                js_view *v2 = malloc(sizeof *v2);
                for (int k = 0; g2 && v2 && k < 400; k++) {
                    js_wait w2 = js_wait_get(g2);
                    if (w2.kind != JS_WAIT_PLOT || !(w2.sides & JS_SIDE_MASK(side)))
                        break;
                    js_cmd c2;
                    js_view_build(g2, side, v2);
                    if (js_ai_decide(clone, v2, &c2, NULL) != JS_AI_OK || js_submit(g2, &c2, NULL, 0) != JS_OK ||
                        c2.type == JS_CMD_READY)
                        break;
                }
                const js_state *s2 = g2 ? js_game_state(g2) : NULL;
                for (int e = 0; s2 && e < s2->nships && e < JS_MAX_SHIPS; e++) {
                    if (s2->ships[e].side != side)
                        continue;
                    for (int k = st->ships[e].fresh ? 0 : JS_PLAN_DEPTH - 1; k < JS_PLAN_DEPTH; k++)
                        cl[(st->turn + k) & 7][e] = s2->ships[e].plan[k], cl_turn[(st->turn + k) & 7][e] = (int16_t)(st->turn + k);
                }
                js_game_destroy(g2);
                free(v2);
            }
            /* a ceiling's measurement (docs/ai.md), a developer's build only: the AI given the real
             * plots of a reference player, worked out from that player's own view, or of an AI
             * that has plotted already, read from the true state */
            if (w.kind == JS_WAIT_PLOT && ref[1 - side] && tune_on("S_ORACLE")) {
                js_order (*plan)[JS_PLAN_DEPTH] = malloc(sizeof(js_order) * JS_MAX_SHIPS * JS_PLAN_DEPTH);
                js_view_build(g, 1 - side, v);
                if (plan && cli_ref_peek_plot(ref[1 - side], v, plan))
                    js_ai_set_oracle(ai[side], (const js_order(*)[JS_PLAN_DEPTH])plan);
                free(plan);
            } else if (oai && side == osd && w.kind == JS_WAIT_PLOT && w.sides == 1 << osd && tune_on("S_ORACLE")) {
                js_order plan[JS_MAX_SHIPS][JS_PLAN_DEPTH];
                memset(plan, 0, sizeof plan);
                for (int e = 0; e < st->nships && e < JS_MAX_SHIPS; e++)
                    memcpy(plan[e], st->ships[e].plan, sizeof plan[e]);
                for (int e = 0; clone && cl && cl_turn && e < st->nships && e < JS_MAX_SHIPS; e++)
                    for (int k = 0; k < 2; k++) {
                        if (getenv("S_CLONE_COUNT") && st->ships[e].side != side && st->ships[e].on_map &&
                            st->ships[e].state == JS_SHIP_ACTIVE)
                            fprintf(stderr, "CLONEHAS %d %d %d\n", st->turn, k, cl_turn[(st->turn + k) & 7][e] == st->turn + k);
                        /* a ship the clone has no order for gets none (its real one stays hidden): one
                         * arriving through a jump point is not on the map yet and plots all the same */
                        if (st->ships[e].side != side && cl_turn[(st->turn + k) & 7][e] != st->turn + k)
                            plan[e][k].phase = -1;
                        if (cl_turn[(st->turn + k) & 7][e] == st->turn + k && st->ships[e].side != side &&
                            (st->ships[e].on_map || st->units[st->ships[e].unit].where == JS_AT_ARRIVING) &&
                            st->ships[e].state == JS_SHIP_ACTIVE) {
                            /* S_CLONE_FRESH=1: the clone's orders for ships new on the map only; 2: for the
                             * others only; the rest get none (phase -1: the AI guesses as it plays) */
                            if (getenv("S_CLONE_FRESH") && atoi(getenv("S_CLONE_FRESH")) != (st->ships[e].fresh ? 1 : 2)) {
                                plan[e][k].phase = -1;
                                continue;
                            }
                            const js_order *o = &cl[(st->turn + k) & 7][e];
                            if (getenv("S_CLONE_COUNT"))
                                fprintf(stderr, "CLONE %d %d\n", k, o->turn == plan[e][k].turn && o->move == plan[e][k].move &&
                                                                      o->astern == plan[e][k].astern);
                            if (getenv("S_MODEL_FIRE"))
                                fprintf(stderr, "CFIRE %d %d %d\n", k, plan[e][k].msl_fwd + plan[e][k].msl_aft + plan[e][k].pods > 0,
                                        o->msl_fwd == plan[e][k].msl_fwd && o->msl_aft == plan[e][k].msl_aft && o->pods == plan[e][k].pods);
                            plan[e][k] = *o;
                        }
                    }
                js_ai_set_oracle(ai[side], (const js_order(*)[JS_PLAN_DEPTH])plan);
            }
#endif
            js_view_build(g, side, v);
#ifdef S_TUNE
            v->st.ready = (int8_t)((v->st.ready | ready_set) & ~ready_clear);
#endif
            double t0 = cli_now_us(), c0 = cli_cpu_us();
            int r = js_ai_decide(ai[side], v, &cmd, NULL);
            double ms = (cli_now_us() - t0) / 1000.0, cpu_ms = (cli_cpu_us() - c0) / 1000.0;
            if (r != JS_AI_OK) {
                fprintf(stderr, "game seed %llu: %s found no command (%d) for \"%s\"\n", (unsigned long long)seed,
                        players[side]->name, r, w.what);
                rc = 1;
                break;
            }
            pending *p = &pend[side];
            if (!(p->open && p->turn == st->turn && p->phase == st->phase && p->kind == w.kind)) {
                flush(p, lv);
                *p = (pending){players[side]->level, st->turn, st->phase, w.kind, 0, 0, true};
            }
            p->ms += ms;
            p->cpu_ms += cpu_ms;
        } else if (ref[side]) {
            js_view_build(g, side, v);
            if (cli_ref_decide(ref[side], v, &cmd) != JS_AI_OK) {
                fprintf(stderr, "game seed %llu: %s found no command for \"%s\"\n", (unsigned long long)seed,
                        players[side]->name, w.what);
                rc = 1;
                break;
            }
        } else if (ex[side]) {
            js_view_build(g, side, v);
            if (!cli_exec_decide(ex[side], g, v, &cmd, why, sizeof why)) {
                forfeit = side;
                break;
            }
        } else if (!cli_random_command_side(g, side, &rng[side], &cmd)) {
            fprintf(stderr, "game seed %llu: the random player found no command\n", (unsigned long long)seed);
            rc = 1;
            break;
        }
        flush(&pend[1 - side], lv); /* the other player's decision is over once this one acts */
        js_status s = js_submit(g, &cmd, reason, sizeof reason);
        if (s != JS_OK && ex[side]) { /* a program's illegal command loses it the game */
            cli_exec_refused(ex[side], &cmd, reason);
            snprintf(why, sizeof why, "its %s was refused: %s", js_cmd_type_name(cmd.type), reason);
            forfeit = side;
            break;
        }
        if (s != JS_OK) {
            fprintf(stderr, "game seed %llu, command %ld: %s's %s was refused: %s\n", (unsigned long long)seed, n,
                    players[side]->name, js_cmd_type_name(cmd.type), reason);
            rc = 1;
            break;
        }
        n++;
        if (rec)
            jsd_record_append(rec, &cmd, js_game_hash(g));
        char msg[256];
        if (!cli_check_invariants(g, msg, sizeof msg)) {
            fprintf(stderr, "game seed %llu, command %ld: invariant broken: %s\n", (unsigned long long)seed, n, msg);
            rc = 1;
            break;
        }
    }
    flush(&pend[0], lv);
    flush(&pend[1], lv);
    const js_state *st = js_game_state(g);
    if (forfeit >= 0)
        fprintf(stderr, "game seed %llu: %s (side %c) loses by forfeit: %s\n", (unsigned long long)seed,
                players[forfeit]->name, 'A' + forfeit, why);
    for (int s = 0; s < 2; s++)
        if (ex[s] && v) {
            js_view_build(g, s, v);
            cli_exec_end(ex[s], v, forfeit < 0 ? "" : forfeit == s ? "you lose by forfeit" : "the other side forfeits");
        }
    res->forfeit = forfeit;
    if (!rc && forfeit < 0 && st->phase != JS_PHASE_OVER) {
        fprintf(stderr, "game seed %llu: not over after %ld commands\n", (unsigned long long)seed, n);
        rc = 1;
    }
    if (rec) {
        if (forfeit >= 0) /* the record says who, why and where: it replays to that point */
            jsd_record_forfeit(rec, g, forfeit, players[forfeit]->name, why);
        char out[1024];
        snprintf(out, sizeof out, "%s/arena-%s-%s-%ld.json", savedir, players[0]->name + (players[0]->level >= 0 ? 3 : 0),
                 players[1]->name + (players[1]->level >= 0 ? 3 : 0), gi);
        if (!jsd_record_save(rec, out, &err)) { /* a record asked for and not kept stops the run */
            fprintf(stderr, "%s\n", err.msg);
            rc = 1;
        }
        jsd_record_free(rec);
    }
    *winner = forfeit >= 0 ? 1 - forfeit : st->winner;
    points[0] = st->points[0], points[1] = st->points[1];
    js_ai_stats_get(ai[0], &stats[0]);
    js_ai_stats_get(ai[1], &stats[1]);
    res->cmds += n;
    res->turns += st->turn;
    free(v);
#ifdef S_TUNE
    js_ai_destroy(clone);
    free(cl), free(cl_turn);
#endif
    js_ai_destroy(ai[0]);
    js_ai_destroy(ai[1]);
    cli_ref_destroy(ref[0]);
    cli_ref_destroy(ref[1]);
    js_game_destroy(g);
    return rc;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: jumpstrike-sim arena SCENARIO --a PLAYER --b PLAYER [--games N] [--seed S] [--json]\n"
               "       [--max-commands N] [--save DIR] [--trace] [--move-time S]\n"
               "Plays N games (default 10); player a takes side A in even games and side B in odd ones.\n"
               "Game i rolls its dice from seed S*1000003+i; each player's own stream starts from a seed\n"
               "of its side drawn from it (never the dice seed itself: X-2).\n"
               "--save DIR keeps each game's record (arena-A-B-i.json; replay or watch it like any other;\n"
               "a forfeit is in it, and replay shows it).\n"
               "--trace prints the computer's reasoning (the orders it weighed) to stderr.\n"
               "--move-time S: the seconds an exec: player has for each answer (default 10).\n");
    players_help(f);
}

int cli_arena(int argc, char **argv)
{
    const char *path = NULL, *pa = NULL, *pb = NULL, *savedir = NULL;
    long games = 10, seed = 1, maxcmds = 200000;
    bool json = false, trace = false;
    double move_time = 10;
    for (int i = 1; i < argc; i++) {
        int got;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--a") && i + 1 < argc)
            pa = argv[++i];
        else if (!strcmp(argv[i], "--b") && i + 1 < argc)
            pb = argv[++i];
        else if ((got = cli_parse_games_opt("arena", argc, argv, &i, &games, &seed, &maxcmds)) != 0) {
            if (got < 0)
                return 1;
        } else if (!strcmp(argv[i], "--save") && i + 1 < argc)
            savedir = argv[++i];
        else if (!strcmp(argv[i], "--json"))
            json = true;
        else if (!strcmp(argv[i], "--trace"))
            trace = true;
        else if (!strcmp(argv[i], "--move-time") && i + 1 < argc) {
            long ms;
            if (!cli_parse_int(argv[++i], 1, 3600, &ms)) {
                fprintf(stderr, "jumpstrike-sim arena: --move-time: expected whole seconds 1..3600, got \"%s\"\n",
                        argv[i]);
                return 1;
            }
            move_time = (double)ms;
        }
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "jumpstrike-sim arena: unknown or incomplete option \"%s\"\n", argv[i]);
            usage(stderr);
            return 1;
        }
    }
    if (!path || !pa || !pb) {
        fprintf(stderr, "jumpstrike-sim arena: name a scenario file, --a PLAYER and --b PLAYER\n");
        usage(stderr);
        return 1;
    }
    player_spec spec[2] = {{0}, {0}};
    const char *given[2] = {pa, pb};
    for (int k = 0; k < 2; k++)
        if (!parse_player(given[k], &spec[k])) {
            fprintf(stderr, "jumpstrike-sim arena: --%c: unknown player \"%s\"\n", 'a' + k, given[k]);
            players_help(stderr);
            return 1;
        } else {
            spec[k].move_time = move_time;
        }
    if (savedir && !cli_save_dir_ok("arena", savedir))
        return 1;
    js_scenario *scn = cli_load_scenario(path);
    if (!scn)
        return 1;
    signal(SIGPIPE, SIG_IGN); /* a program that dies is told by write's error, not killed for */
    times lv[2 * JS_AI_LEVELS];
    memset(lv, 0, sizeof lv);
    arena_result res;
    memset(&res, 0, sizeof res);
    int rc = 0;
    long played = 0;
    int (*game_pts)[2] = calloc((size_t)games, sizeof *game_pts); /* player a's and b's points, game by game */
    for (long gi = 0; gi < games && !rc; gi++) {
        const player_spec *players[2];
        bool swap = gi % 2 == 1;
        players[0] = &spec[swap ? 1 : 0];
        players[1] = &spec[swap ? 0 : 1];
        int winner = -1, pts[2] = {0, 0};
        js_ai_stats st[2];
        rc = play_game(scn, path, (uint64_t)(seed * 1000003 + gi), players, maxcmds, lv, &winner, pts, st, &res,
                       savedir, gi, trace);
        if (rc)
            break;
        played++;
        res.points[0] += pts[swap ? 1 : 0];
        if (game_pts)
            game_pts[gi][0] = pts[swap ? 1 : 0], game_pts[gi][1] = pts[swap ? 0 : 1];
        res.points[1] += pts[swap ? 0 : 1];
        res.scoreless += pts[0] == 0 && pts[1] == 0;
        for (int k = 0; k < 2; k++) {
            res.missiles[k] += st[(k == 1) != swap].missiles;
            res.blind[k] += st[(k == 1) != swap].blind_missiles;
        }
        if (winner < 0)
            res.draws++;
        else
            res.wins[(winner == 1) != swap ? 1 : 0]++; /* index 0: player a */
        res.a_side[swap ? 1 : 0][winner < 0 ? 1 : (winner == 1) != swap ? 2 : 0]++;
        if (res.forfeit >= 0)
            res.forfeits[(res.forfeit == 1) != swap ? 1 : 0]++;
    }
    for (int l = 0; l < 2 * JS_AI_LEVELS; l++)
        if (lv[l].n)
            qsort(lv[l].ms, (size_t)lv[l].n, sizeof *lv[l].ms, cmp_double);
    double lo[2], hi[2];
    for (int k = 0; k < 2; k++)
        wilson(res.wins[k], played, &lo[k], &hi[k]);
    if (json) {
        printf("{\"scenario\":\"%s\",\"a\":\"%s\",\"b\":\"%s\",\"games\":%ld,\"seed\":%ld,\"a_wins\":%ld,\"b_wins\":%ld,"
               "\"draws\":%ld,\"a_win_rate\":%.4f,\"a_win_ci95\":[%.4f,%.4f],\"b_win_rate\":%.4f,\"b_win_ci95\":[%.4f,%.4f],"
               "\"a_points\":%ld,\"b_points\":%ld,\"commands\":%ld,\"turns\":%ld,\"think_ms\":{",
               scn->id, spec[0].name, spec[1].name, played, seed, res.wins[0], res.wins[1], res.draws,
               played ? (double)res.wins[0] / played : 0, lo[0], hi[0], played ? (double)res.wins[1] / played : 0,
               lo[1], hi[1], res.points[0], res.points[1], res.cmds, res.turns);
        bool first = true;
        for (int l = 0; l < JS_AI_LEVELS; l++)
            if (lv[l].n) {
                printf("%s\"%s\":{\"decisions\":%ld,\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"cpu_p50\":%.3f,\"cpu_p99\":%.3f}",
                       first ? "" : ",", js_ai_level_name(l), lv[l].n, pct(&lv[l], 0.5), pct(&lv[l], 0.99),
                       lv[l].ms[lv[l].n - 1], pct(&lv[JS_AI_LEVELS + l], 0.5), pct(&lv[JS_AI_LEVELS + l], 0.99));
                first = false;
            }
        printf("},\"a_as_A\":[%ld,%ld,%ld],\"a_as_B\":[%ld,%ld,%ld]", res.a_side[0][0], res.a_side[0][1],
               res.a_side[0][2], res.a_side[1][0], res.a_side[1][1], res.a_side[1][2]);
        printf(",\"a_forfeits\":%ld,\"b_forfeits\":%ld", res.forfeits[0], res.forfeits[1]);
        printf(",\"game_points\":[");
        for (long gi = 0; gi < played && game_pts; gi++)
            printf("%s[%d,%d]", gi ? "," : "", game_pts[gi][0], game_pts[gi][1]);
        printf("]");
        printf(",\"scoreless\":%ld", res.scoreless);
        printf(",\"a_missiles\":%ld,\"a_blind_missiles\":%ld,\"b_missiles\":%ld,\"b_blind_missiles\":%ld", res.missiles[0],
               res.blind[0], res.missiles[1], res.blind[1]);
        printf(",\"peak_rss_kb\":%ld,\"ok\":%s}\n", cli_peak_rss_kb(), rc ? "false" : "true");
    } else {
        printf("arena %s: %ld game(s), seed %ld, sides swapping every other game; %ld commands, %ld turns\n", path,
               played, seed, res.cmds, res.turns);
        printf("  %-12s %6s %6s %6s   win rate (95%% CI)    points a game\n", "player", "wins", "draws", "losses");
        for (int k = 0; k < 2; k++)
            printf("  %-12s %6ld %6ld %6ld   %5.1f%% (%.1f-%.1f%%)   %.1f\n", spec[k].name, res.wins[k], res.draws,
                   res.wins[1 - k], played ? 100.0 * res.wins[k] / played : 0, 100 * lo[k], 100 * hi[k],
                   played ? (double)res.points[k] / played : 0);
        printf("  games ending 0-0: %ld\n", res.scoreless);
        printf("  %s as side A: %ld-%ld-%ld, as side B: %ld-%ld-%ld (wins-draws-losses)\n", spec[0].name,
               res.a_side[0][0], res.a_side[0][1], res.a_side[0][2], res.a_side[1][0], res.a_side[1][1], res.a_side[1][2]);
        for (int k = 0; k < 2; k++)
            if (spec[k].level >= 0)
                printf("  %-12s missiles plotted %.2f a game, blind %.2f a game (no enemy in the line in any world it imagined)\n",
                       spec[k].name, played ? (double)res.missiles[k] / played : 0, played ? (double)res.blind[k] / played : 0);
        for (int l = 0; l < JS_AI_LEVELS; l++)
            if (lv[l].n)
                printf("  think time, %-9s %7ld decisions: p50 %.2f ms, p99 %.2f ms, max %.2f ms (CPU p50 %.2f, p99 %.2f ms)\n",
                       js_ai_level_name(l), lv[l].n, pct(&lv[l], 0.5), pct(&lv[l], 0.99), lv[l].ms[lv[l].n - 1],
                       pct(&lv[JS_AI_LEVELS + l], 0.5), pct(&lv[JS_AI_LEVELS + l], 0.99));
        for (int k = 0; k < 2; k++)
            if (res.forfeits[k])
                printf("  %s lost %ld game(s) by forfeit (the reasons are above)\n", spec[k].name, res.forfeits[k]);
        printf("  peak memory %ld KB%s\n", cli_peak_rss_kb(), rc ? "; STOPPED on an error" : "");
    }
    for (int l = 0; l < 2 * JS_AI_LEVELS; l++)
        free(lv[l].ms);
    free(game_pts);
    free(scn);
    return rc;
}
