/* cli.h — jumpstrike-sim: the headless runner. Each subcommand lives in its own file. */
#ifndef JS_CLI_H
#define JS_CLI_H
#include "js.h"
#include "jsd.h"
#include <stdbool.h>
#include <stdint.h>

int cli_validate(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_selfplay(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_arena(int argc, char **argv);
/* A player's own seed for `side` from a game's dice seed: apart from the dice (splitmix64), so
 * that knowing it tells nothing of the rolls. */
static inline uint64_t cli_side_seed(uint64_t dice_seed, int side)
{
    uint64_t z = dice_seed + 0x9E3779B97F4A7C15ull * (uint64_t)(side + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
int cli_bot(int argc, char **argv);
int cli_online(int argc, char **argv);
int cli_online_arena(int argc, char **argv);
/* bench --saves N: the time to save command 10 and command 300 of N self-played games of the
 * scenario at path, appended and written whole (bench_save.c). */
int cli_bench_saves(const char *path, const js_scenario *scn, long games, long seed);

/* Options shared by subcommands: scenario, seed or scripted dice. */
typedef struct cli_dice {
    js_dice_cfg cfg;
    int8_t script[8192];
    bool given_seed, given_script, given_manual; /* which options were seen (conflicts) */
} cli_dice;
/* Parse "--seed N" / "--dice 3,7,1" / "--manual-dice" at argv[*i]; returns 1 consumed, 0 not
 * this option, -1 error (message printed). Refuses an empty --dice, an option given twice and
 * --dice with --manual-dice; --seed goes with either (the generator after a script runs out;
 * shuffles and generated sites with manual dice). */
int cli_parse_dice_opt(int argc, char **argv, int *i, cli_dice *d);
bool cli_parse_int(const char *s, long lo, long hi, long *out);
/* The options of the subcommands that play games (selfplay, arena, bench): --games N, --seed N
 * and --max-commands N at argv[*i], each only where its pointer is given. Returns 1 consumed,
 * 0 not one of them, -1 error (the message names the subcommand cmd and the option). */
int cli_parse_games_opt(const char *cmd, int argc, char **argv, int *i, long *games, long *seed, long *maxcmds);
/* A scenario file loaded; NULL after printing the data layer's message (file, field, problem). */
js_scenario *cli_load_scenario(const char *path);
int cli_parse_side(const char *s); /* "a"/"b"/"all" -> 0/1/-1; -2 on error */
/* --passwords FILE ("-": standard input): side A's password on the first line, B's on the second
 * (an empty line: none), never on the command line. False with a message on stderr. */
enum { CLI_PW_MAX = 256 };
bool cli_read_passwords(const char *cmd, const char *file, char pw[2][CLI_PW_MAX]);
/* --save DIR of the subcommand cmd is a folder records can be written to (false after a
 * message); what writes killed there left is swept (jsd_sweep_folder). */
bool cli_save_dir_ok(const char *cmd, const char *dir);

/* A random player (self-play): one legal command for the side the game waits on.
 * Uses only that side's view and js_check. Returns false when the game waits on nobody, or
 * when it found nothing of a type that answers the decision (js_wait_answers). */
typedef struct cli_rng { uint64_t s; } cli_rng;
uint32_t cli_rand(cli_rng *r, uint32_t n); /* 0..n-1 */
bool cli_random_command(const js_game *g, cli_rng *r, js_cmd *out);
/* The same for a given side; false when the game does not wait on that side. */
bool cli_random_command_side(const js_game *g, int side, cli_rng *r, js_cmd *out);

/* The reference players (issue 25, src/cli/ref_player.c): yardsticks that look like opponents.
 * `sitter` never moves toward the enemy (holds, turns its launchers on it, or keeps its
 * distance); `rusher` takes every ship at full speed for the nearest enemy ship. Both fire every
 * launcher whose line meets an enemy first and launch pods at an enemy ship close by; every
 * decision that is not a plot is the captain's (js_ai_decide). Like js_ai they decide from their
 * side's js_view alone, deterministically; one per side and game. */
typedef enum { CLI_REF_SITTER = 0, CLI_REF_RUSHER = 1, CLI_REF_KINDS = 2 } cli_ref_kind;
typedef struct cli_ref cli_ref;
const char *cli_ref_name(int kind);    /* "sitter", "rusher"; NULL out of range */
int cli_ref_parse(const char *name);  /* the kind named, or -1 */
cli_ref *cli_ref_create(int kind, int side, uint64_t seed); /* NULL: bad kind or side, no memory */
void cli_ref_destroy(cli_ref *r);
/* One command for the decision the view shows, as js_ai_decide answers (a js_ai_status). Secret
 * decisions take several commands: call again after submitting each. */
int cli_ref_decide(cli_ref *r, const js_view *v, js_cmd *out);
#ifdef S_TUNE
/* A developer's ceiling (S_ORACLE=1 in a -DS_TUNE arena), never in the game: the orders T..T+2 it
 * plots this plotting phase, from its view, its memory untouched. */
bool cli_ref_peek_plot(const cli_ref *r, const js_view *v, js_order out[JS_MAX_SHIPS][JS_PLAN_DEPTH]);
#endif

/* A command that commits a side's secret decision (its answer is public: that it answered). */
bool cli_cmd_commits(const js_cmd *c);

/* Invariants checked after every self-play command; writes the first violation to msg. */
bool cli_check_invariants(const js_game *g, char *msg, size_t cap);

/* Print the visible log (from index `from`) and a text summary of a view. */
void cli_print_log(const js_game *g, int viewer, int from);
void cli_print_view(const js_view *v);

double cli_now_us(void);
/* CPU time this process has used, in microseconds: a think time a busy machine does not inflate. */
double cli_cpu_us(void);
long cli_peak_rss_kb(void);
#endif
