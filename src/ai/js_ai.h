/*
 * js_ai.h — the computer player: one side's decisions, made from that side's view alone.
 *
 * The AI is pure C17 like the engine (no SDL, JSON, clock, libc rand or I/O) and links only the
 * engine (and POSIX threads, for the commodore's search). It plots blind by construction: its only input is a js_view, and where it looks ahead
 * it builds its own games from that view with guesses for what the view hides
 * (js_game_from_state). Its randomness is its own stream, seeded from the seed given at creation
 * (use the game's seed), never the rules' dice; a decision is a function of the level, the side,
 * that seed, the view and the views this js_ai saw before in the game (it learns how the enemy's
 * ships move), so the same game played again gets the same answers.
 *
 * Levels, weakest first: cadet (quick, with a beginner's habits: it expects the enemy to stay
 * where it is and forgets phases and guard pods), captain (reads the likely enemy moves),
 * admiral (also plays the coming turns out with the engine against sampled enemy plots, within a
 * fixed amount of work — a count of engine commands, not the clock), commodore (chooses its side's
 * plots by search: candidate plots for both sides played against each other with the engine in
 * several imagined worlds, keeping what does well against the enemy's best answers; it rewards
 * fighting). docs/ai.md tells more.
 *
 * Threads: a js_ai is used by one thread at a time; different js_ai objects share nothing, so a
 * UI may run js_ai_decide on a worker thread and poll `cancel` and the progress value from its
 * own. The commodore's search plays its games on two threads of its own (js_ai_set_threads),
 * started and joined within the call; its answers never depend on their timing. Ownership: js_ai_create allocates, js_ai_destroy frees; the view and the command are the
 * caller's.
 */
#ifndef JS_AI_H
#define JS_AI_H

#include "js.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    JS_AI_CADET = 0,
    JS_AI_CAPTAIN = 1,
    JS_AI_ADMIRAL = 2,
    JS_AI_COMMODORE = 3,
    JS_AI_LEVELS = 4
} js_ai_level;

typedef enum {
    JS_AI_OK = 0,          /* *out holds one command the engine accepts for this side */
    JS_AI_CANCELLED = 1,   /* *cancel became non-zero; *out untouched; ask again later */
    JS_AI_NOT_MINE = -1,   /* the view is another side's, or the game waits on someone else */
    JS_AI_FAILED = -2,     /* out of memory, or a view the engine would not take back */
} js_ai_status;

typedef struct js_ai js_ai;

/* "cadet", "captain", "admiral", "commodore"; NULL for a level out of range. */
const char *js_ai_level_name(int level);
/* How the level plays in a few words, as New game shows them under its button and arena --help
 * lists them: "a beginner's slips", "waits for you", "waits, then punishes", "comes for you";
 * NULL out of range. */
const char *js_ai_level_style(int level);
/* The level named (as js_ai_level_name spells it), or -1. */
int js_ai_level_parse(const char *name);

/* A player for `side` (JS_SIDE_A or JS_SIDE_B) at `level`; its stream starts from `seed`.
 * NULL for a bad level or side, or out of memory. */
js_ai *js_ai_create(int level, int side, uint64_t seed);
void js_ai_destroy(js_ai *ai);

/* Where the AI writes how far it has thought, 0..1000, while js_ai_decide runs (NULL: nowhere).
 * The pointer is the caller's and must outlive the calls that use it. */
void js_ai_set_progress(js_ai *ai, volatile int *permille);

/* Threads the commodore's search may use, 1..4 (2 unless set): the same answers on any number,
 * only sooner by the clock. Other levels use one. */
void js_ai_set_threads(js_ai *ai, int threads);

/* A line of the AI's reasoning (the orders it weighed and why), for tools and debugging; `fn`
 * NULL turns it off. Called on the thread running js_ai_decide. */
void js_ai_set_trace(js_ai *ai, void (*fn)(void *arg, const char *line), void *arg);

/* What the AI did in the game so far, for tools (the arena prints it). A missile is *blind* when
 * its line, at the end of the turn it is fired in, held no enemy ship in any world the AI imagined
 * when it plotted it: a shot at empty space. */
typedef struct js_ai_stats {
    long plots;            /* plotting phases it plotted */
    long missiles;         /* missiles it plotted to fire */
    long blind_missiles;   /* of those, blind ones */
} js_ai_stats;
void js_ai_stats_get(const js_ai *ai, js_ai_stats *out);

/* The reference players' plots (issue 25; src/ai/ref_plot.c): `sitter` never moves toward the
 * enemy (holds, turns its launchers on it, or keeps its distance), `rusher` takes every ship at
 * full speed for the nearest enemy ship; both fire every launcher whose line meets an enemy first
 * and launch pods at an enemy ship close by. The arena's yardsticks plot with them, and the
 * commodore's model of an enemy that waits replays the sitter's. */
typedef enum { JS_AI_REF_SITTER = 0, JS_AI_REF_RUSHER = 1, JS_AI_REF_KINDS = 2 } js_ai_ref_kind;
/* What a reference player remembers between its plots: where each enemy ship stood at its last
 * plot (turn seen_turn; -1 before the first). Start it with js_ai_ref_memory_init. */
typedef struct js_ai_ref_memory {
    int seen_turn;
    int8_t seen[JS_MAX_SHIPS];
    js_hex seen_at[JS_MAX_SHIPS];
} js_ai_ref_memory;
void js_ai_ref_memory_init(js_ai_ref_memory *mem);
/* What `side`'s reference player remembers of board `st`: where each enemy ship stood. */
void js_ai_ref_remember(js_ai_ref_memory *mem, int side, const js_state *st);
/* The plotting phase of `st` (a board as `side` sees it: its view's state) plotted as a reference
 * player of `kind` does: its PLOT and PLOT_POD commands written to out (at most cap; READY not
 * among them), `mem` updated. Returns how many, or -1 for a bad argument or no memory. A function
 * of its arguments alone. */
int js_ai_ref_plot(int kind, int side, const js_state *st, js_ai_ref_memory *mem, js_cmd *out, int cap);

#ifdef S_TUNE
/* A developer's measurement only (a -DS_TUNE build; never in the game, never for a bot): the
 * enemy's real orders T..T+2 for its next plot, every world and the search's only enemy candidate
 * then follow them (a ceiling: docs/ai.md). NULL: plot as the level does. Breaks X-2 on purpose. */
void js_ai_set_oracle(js_ai *ai, const js_order plan[JS_MAX_SHIPS][JS_PLAN_DEPTH]);
#endif

/* One command for the decision the view shows (view->wait) for the AI's side. Secret decisions
 * take several commands (one plot per ship, then READY): call again after submitting each; the
 * AI thinks once, on the first call, and hands out the rest of its answer from then on. `cancel`
 * (may be NULL) is polled while it thinks. A manual-dice game's die (JS_WAIT_DIE) is rolled from
 * the AI's own stream. Returns a js_ai_status. */
int js_ai_decide(js_ai *ai, const js_view *view, js_cmd *out, volatile int *cancel);

#ifdef __cplusplus
}
#endif
#endif
