/* ai_int.h — the computer player's private parts, shared by its source files. Everything here
 * reads the AI's imagined state (its view with guesses), never the game. */
#ifndef JS_AI_INT_H
#define JS_AI_INT_H

#include "js_ai.h"
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum {
    AI_MAX_WORLDS = 16,    /* enemy futures imagined at once */
    AI_QUEUE = 1024,       /* commands of one secret answer */
    AI_HORIZON = 5,        /* turns a forecast reaches: T .. T+4 */
    AI_CLAIM_NONE = -1,    /* jp_claim: the point pulls on every ship */
    AI_CLAIM_ARRIVING = -2, /* jp_claim: on our ships arriving, none on the map */
    AI_ARRIVAL_MOVE = 4,   /* hexes a turn a claim counts for a ship still to come through our jump point */
    AI_MAX_STEPS = 12,     /* impulses of one move the forecast follows (V-3) */
    AI_THREADS = 2,        /* threads the commodore's search plays its games on (js_ai_set_threads) */
    AI_MAX_THREADS = 4,
};

/* A ship's poses impulse by impulse through one turn's move: p[0] after its turn, p[i] after
 * impulse i (a stopped ship stays where it stopped). */
typedef struct ai_steps {
    int8_t n;                 /* impulses it moves in */
    js_ship_place p[AI_MAX_STEPS + 1];
} ai_steps;

/* ---- rng.c: the AI's own stream (splitmix64), never the rules' dice */
typedef struct ai_rng { uint64_t s; } ai_rng;
uint64_t ai_rng_next(ai_rng *r);
int ai_rand(ai_rng *r, int n);            /* 0..n-1 (0 when n <= 0) */
bool ai_chance(ai_rng *r, int percent);
uint64_t ai_mix(uint64_t h, int64_t v);

/* What a level does; see ai.c for the three. */
typedef struct ai_params {
    int worlds;            /* enemy futures imagined for plotting */
    int static_enemy;      /* 1: expects every enemy ship to stay where it is */
    int blunder;           /* percent: a ship settles for its second-best order */
    double blunder_margin; /* ... only where that scores within this many points of the best
                            * (docs/ai.md, "The cadet's second thought") */
    int phases;            /* plays phases: matches targets, dodges enemy pods */
    int guards;            /* redistributes guard pods and weighs sacrifices */
    int careful;           /* weighs ECM, enemy missile lines and pods when moving */
    int energy_sense;      /* keeps energy for activations when launching */
    long sim_budget;       /* engine commands for look-ahead (0: none) */
    int mirror;            /* also imagines the enemy plotting as a plain player would (its mirror) */
    int keep_back;         /* brings a precious card (a carrier) in far from the enemy (dice.c) */
    int hold_missiles;     /* keeps a precious card in reserve while the enemy's active ships on the
                            * map carry this many missiles or more (0: never; values.c) */
    int claim_jp;          /* sends one ship, not a squadron, after each enemy jump point (plot.c) */
    int search;            /* chooses the side's plots by search over joint candidates (search.c) */
    int guard_floor;       /* keeps a guard pod on every side, split for the pose of pod combat (plot.c) */
    int model;             /* worlds whose enemy T and T+1 follow the model's samples (model.c); 0: none */
    int model_samples;     /* how many samples the model replays (at most AI_MAX_SAMPLES) */
    int model_arriving_only; /* only ships arriving (not on the map yet) follow it (the admiral) */
    int model_waiting;     /* also models the enemy as a player that waits in its lines (model.c) */
    int model_rushing;     /* also models it as one that comes at full speed for our nearest ship */
} ai_params;
/* A level's parameters as the game plays it (ai.c); out of range: the cadet's. */
ai_params ai_level_params(int level);

enum { AI_MAX_SAMPLES = 8 }; /* the model's samples of the enemy's T and T+1 (model.c) */
struct ai_past;

struct js_ai {
    int level, side;
    uint64_t seed;
    ai_params p;
    volatile int *progress;
    void (*trace)(void *arg, const char *line);
    void *trace_arg;
    /* what the enemy's ships did from one plotting phase to the next (the style of its moves) */
    int16_t seen_turn;
    js_ship_place seen[JS_MAX_SHIPS];
    int8_t seen_here[JS_MAX_SHIPS];
    double moves_seen, still_seen, slow_seen, turns_seen;
    /* the mirror (plot.c): the orders it expected of each enemy ship, by turn (index turn & 3), where
     * it expected the ship at the start of a turn, and how often it was right */
    js_order mord[JS_MAX_SHIPS][4];
    int16_t mord_turn[JS_MAX_SHIPS][4];
    js_hex mpos[JS_MAX_SHIPS];
    int16_t mpos_turn[JS_MAX_SHIPS];
    double mir_hits, mir_seen;
    /* the rest of a secret answer, one command a call */
    int qn, qi;
    int16_t qturn;
    int8_t qphase, qkind;
    js_cmd queue[AI_QUEUE];
    js_ai_stats stats;
    int threads;           /* the search's threads, 1..AI_MAX_THREADS */
    struct ai_past *past;  /* the boards of the last plotting phases, for the model (owned; model.c) */
#ifdef S_TUNE /* a measurement's ceiling, never in the game: the enemy's real plots (js_ai_set_oracle) */
    bool oracle;
    int oracle_part; /* 1: only the enemy's real T and T+1 (the worlds'); 2: only its real T+2, one candidate among the guesses */
    bool peek; /* S_PEEK=1: the real plots only measured against the guesses (search.c), not used */
    js_order oracle_plan[JS_MAX_SHIPS][JS_PLAN_DEPTH];
#endif
};

/* One decision's workspace. */
typedef struct ai_ctx {
    js_ai *ai;
    const ai_params *p;
    const js_view *v;
    int me, foe;
    js_state *st;          /* the imagined state: the view with guesses (owned) */
    js_game *g;            /* a game on st: our commands are checked and applied here */
    ai_rng rng;
    volatile int *cancel;
    bool cancelled;
    long work;             /* engine commands spent looking ahead */
    long budget;           /* engine commands it may spend (the level's, scaled to the battle) */
    /* the answer being built */
    js_cmd *out;
    int nout, capout;
    /* forecast (plot.c): positions at the end of T+k, per world */
    int nw;
    js_ship_place (*fut)[JS_MAX_SHIPS][AI_HORIZON];
    js_order (*guess)[JS_MAX_SHIPS][JS_PLAN_DEPTH]; /* the enemy orders each world imagines */
    ai_steps (*imp)[JS_MAX_SHIPS][JS_PLAN_DEPTH];   /* and the enemy's impulse poses in T .. T+2 */
    uint8_t (*podmap)[JS_MAX_HEXES]; /* [k][hex]: one of our pod groups may be there at the end of T+k */
    uint8_t (*ownline)[JS_MAX_HEXES]; /* [k][hex]: our missiles plotted to fly through it at the end of T+k */
    /* the mirror's orders for each enemy ship (T .. T+2), used by the first nmir worlds */
    js_order (*mir)[JS_PLAN_DEPTH];
    uint8_t *mir_ok;
    int nmir;
    /* the model's samples of the enemy's T and T+1 ([k][ship][0..1]; T+2 in [2] when rep_t2),
     * rep_ok[k * JS_MAX_SHIPS + ship] where sample k has them; the first nmodel worlds follow them
     * (model.c) */
    js_order (*rep)[JS_MAX_SHIPS][JS_PLAN_DEPTH];
    uint8_t *rep_ok;
    int nrep, nmodel;
    int rep_t2;            /* the samples hold T+2 too (a reference player's: model.c) */
    int nmodel_arriving;   /* the worlds that follow it for a ship not on the map yet (model.c) */
    /* the one ship of ours each enemy jump point pulls on, when the level claims them (plot.c) */
    int16_t jp_claim[JS_MAX_SITES];
    /* enemy ships' one-turn reach, worked out as plotting asks for it (plot.c) */
    struct ai_reach *reach;
    int nreach;
} ai_ctx;

/* ---- ai.c */
/* Check a command on the imagined game; when legal apply it there and add it to the answer. */
bool ai_emit(ai_ctx *c, const js_cmd *cmd);
bool ai_legal(ai_ctx *c, const js_cmd *cmd);
bool ai_should_stop(ai_ctx *c);
/* Frees what a decision's workspace owns (its forecast, guesses, maps, the mirror's and the model's
 * orders) and destroys its imagined game; not c->st, which the caller may lend. */
void ai_ctx_release(ai_ctx *c);
void ai_progress(ai_ctx *c, int permille);
void ai_trace(ai_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Guesses for what the view hides, written into st (a copy of the view's state). */
void ai_fill_guesses(js_state *st, int me);

/* ---- values.c: what things are worth, in victory points */
int ai_share(const js_state *st, int ship);             /* W-1: points / ships */
double ai_ship_value(const js_state *st, int ship);     /* share, a little more for fighting power */
double ai_card_value(const js_card_def *d);
/* What destroying / disabling the ship as it stands is worth (a disabled one counts half already). */
void ai_result_worth(const js_state *st, int ship, double *destroy, double *disable);
double ai_missile_worth(const js_state *st, int ship);   /* one missile striking it (C-1) */              /* for launches and purchases */
bool ai_ship_here(const js_state *st, int ship);         /* on the map (or arriving), not destroyed */
bool ai_open_jump_point(const js_site *s, int side);     /* a jump point of side's, still open */
bool ai_ship_acts(const js_state *st, int ship);         /* executes orders this turn */
int ai_guard_total(const js_ship *s);
int ai_dir_toward(js_hex from, js_hex to);               /* 1..6, the step that closes most */
int ai_turns_between(int facing, int dir);               /* 0..3 sixth-turns apart */
bool ai_covers(const js_state *st, int ship, js_ship_place at, js_hex h);
int ai_pods_controlled(const js_state *st, int ship);
/* Chance (0..1) that `pods` pods attacking destroy / disable a ship (C-3), and the value of it. */
void ai_pod_odds(int total_mod, int pods, bool to_disable, double *destroy, double *disable);
double ai_eval(const js_state *st, int me);              /* a position's worth to `me` */
/* A card whose every ship is worth a battle on its own (a carrier: 25 points a ship or more):
 * lost to one missile early it decides the game, so careful levels bring it in far from the
 * enemy (dice.c, command.c; the threshold plotting uses for keeping distance, plot.c). */
bool ai_precious(const js_card_def *d);
/* Whether the side keeps its precious cards in reserve now (ai_params.hold_missiles). */
bool ai_hold_precious(const js_state *st, int me, const ai_params *p);
/* Hexes to the nearest enemy ship (only disabled ones if asked); AI_FAR when there is none. */
enum { AI_FAR = 1 << 20 };
int ai_enemy_distance(const js_state *st, int me, js_hex h, bool disabled_only);

/* ---- setup.c (S, J-2, H-4, H-5) */
void ai_buy(ai_ctx *c);
void ai_jump_points(ai_ctx *c);
void ai_vanguard(ai_ctx *c);
void ai_discard(ai_ctx *c);
double ai_card_worth(const js_state *st, int side, int card); /* a command card in hand, now */

/* ---- command.c (T-1: launches, cargo, command cards) */
void ai_command(ai_ctx *c);
typedef struct { js_hex h; int score; } cand_hex; /* a hex to place on; lower score first */
int ai_by_score(const void *a, const void *b);    /* qsort order of cand_hex */
/* Where the enemy is, on average (its home edge when nothing of it is on the map). */
js_hex ai_enemy_centre(const js_state *st, int me);
/* The side's reserve cards not yet pending that it would deploy now (a precious one not while
 * ai_hold_precious), most valuable first; returns how many. */
int ai_reserve_units(const js_state *st, int me, const ai_params *p, int *out);
/* Place the command's card's ships at the first anchor (best first) where the engine takes
 * them: a squadron on neighbouring anchors, facing the enemy's edge first. */
bool ai_find_place(ai_ctx *c, js_cmd *cmd, const cand_hex *anchors, int n, int nships);

/* ---- dice.c (K: jump-off points, the entry point, command dice) */
void ai_jump_offs(ai_ctx *c);   /* K-2 at setup, then the entry point */
void ai_new_entry(ai_ctx *c);   /* K-7: a new entry point after a capture */
void ai_dice_deploy(ai_ctx *c); /* K-3..K-6, K-9: what this Command phase's dice bring in */

/* ---- plot.c (P) */
enum { AI_KEEP = 4 };
typedef struct ai_cand {
    js_order o;
    js_ship_place at;         /* pose at the end of the turn */
    double score;
    float pull, risk, weapons; /* the parts of the score, for the trace */
} ai_cand;
typedef struct ai_ship_plan {
    int ship;
    int nslots, first;        /* slots plotted: first .. 2 */
    ai_cand pick[JS_PLAN_DEPTH];
    ai_cand alt[AI_KEEP];     /* the best few orders for the last slot, best first */
    double idle[JS_PLAN_DEPTH]; /* score of standing still (no activation, E-3) per slot plotted */
    int nalt;
    ai_cand close;            /* the last slot's order ending nearest the enemy (the search's) */
    bool has_close;
    /* a ship new on the map, at the search's level: the same for its first slot (T), which the
     * search then chooses (the opening: all three turns plotted at once) */
    ai_cand alt0[AI_KEEP];
    int nalt0;
    ai_cand close0;
    bool has_close0;
} ai_ship_plan;
void ai_plot(ai_ctx *c);
/* The mirror: the enemy's likely plots, made by plotting for its side as a plain player would;
 * fills c->mir and sets c->nmir from how well it foresaw the enemy so far (none when the level does
 * not use it). */
void ai_mirror(ai_ctx *c, int worlds);

/* ---- model.c (docs/ai.md "A model of the enemy's plotted turns") */
/* The same turn, move and astern: what counts as a guessed order being right. */
static inline bool ai_same_move(const js_order *a, const js_order *b)
{
    return a->turn == b->turn && a->move == b->move && a->astern == b->astern;
}
/* Keeps this plotting phase's board and guesses the enemy's T and T+1 as it plotted them, `samples`
 * times as a careful player or once as a waiting or rushing one (p.model_waiting, p.model_rushing),
 * whichever has been right most (c->rep); none before a board of the last turn is kept. Lowers
 * c->nmodel where it has been wrong about this enemy (its first guess's T against the order read
 * back a turn later). */
void ai_model(ai_ctx *c, int samples);
/* Frees the kept boards (js_ai_destroy). */
void ai_past_free(js_ai *ai);
void ai_forecast(ai_ctx *c, int worlds);
/* Note how the enemy's ships moved since the last plotting phase this AI saw (its style). */
void ai_observe(js_ai *ai, const js_state *st);
/* forecast.c: one order applied to a lone ship (the engine's ghost, on a scratch state) */
js_ship_place ai_step(js_state *scratch, int ship, js_ship_place from, const js_order *o);
/* The same, impulse by impulse; returns the pose at the end. */
js_ship_place ai_steps_of(js_state *scratch, int ship, js_ship_place from, const js_order *o, ai_steps *out);
js_hex ai_mean_pos(const ai_ctx *c, int ship, int k);
void ai_forecast_pods(ai_ctx *c);
void ai_mark_pods(ai_ctx *c, js_hex at, const int8_t dirs[JS_PLAN_DEPTH], int k0, bool launched);
void ai_set_own_future(ai_ctx *c, int ship, int k, js_ship_place at);

/* ---- tactics.c (V-2, C) */
void ai_pod_move(ai_ctx *c);
void ai_missile(ai_ctx *c);
void ai_pod_attack(ai_ctx *c);
void ai_guard(ai_ctx *c);
void ai_ship_attacks(ai_ctx *c);

/* The answer that needs nothing chosen: READY where it answers the decision (js_cmd_answers),
 * else a pass in pod combat (C-2); js_check says whether it is legal now. */
js_cmd ai_plain_answer(int wait_kind, int side);

/* ---- look.c: look-ahead with the engine */
/* A quick answer for any decision of `side` in an imagined game (both sides in simulations). */
bool ai_reflex(js_game *g, int side, ai_rng *r, js_cmd *out);
/* Play g on with ai_reflex until the start of turn `turn` (or the end); returns commands used. */
long ai_play_until(js_game *g, int turn, ai_rng *r, long max_cmds);
/* Try the plans' other orders for T+2 in games played out against the forecast's worlds; keep
 * what scores better (admiral). */
void ai_look_ahead(ai_ctx *c, ai_ship_plan *plans, int n);
/* A world's game at the plotting phase of T (our plots as planned, the enemy's as world w guesses)
 * played with quick answers to the start of T+2; NULL when it ends first or cannot be built.
 * `aimed`: the enemy's guessed T and T+1 fire where their moves end with one of our ships first in
 * line (ai_arm_slot) instead of at random, as the guesses do (only a -DS_TUNE build's S_ARMW). */
js_state *ai_world_at_t2(ai_ctx *c, int w, const ai_ship_plan *plans, int n, uint64_t seed, bool aimed);
/* The same game unplayed, at the plotting phase of T (our plots as planned, world w's guesses). */
js_state *ai_world_at_t(ai_ctx *c, int w, const ai_ship_plan *plans, int n);
/* Ship i's launches for plan slot `slot` fire where its move ends with an enemy ship, as it stands
 * now, first in line (search.c). */
void ai_arm_slot(js_state *st, int i, int slot);

/* ---- plot.c, for the search and the stats */
/* The hexes a missile launched from `at` would enter (terrain stops it, units aside); their count. */
int ai_terrain_line(const js_state *st, int size, js_ship_place at, bool aft, js_hex out[JS_MISSILE_RANGE]);
/* Whether any enemy ship stands in that line at the end of T+k in any world imagined. */
bool ai_line_holds_enemy(const ai_ctx *c, int ship, js_ship_place at, bool aft, int k);

/* ---- search.c: the commodore's choice of plots */
void ai_search(ai_ctx *c, ai_ship_plan *plans, int n);

/* ---- search_par.c: independent cells on several threads */
/* Cell i, played by thread `worker` (0 .. threads-1: the index of that thread's own scratch); it
 * writes its result into slots of its own, and its result must not depend on the worker. */
typedef void (*ai_cell_fn)(void *arg, int worker, int i);
/* Runs fn for cells 0 .. n-1 on up to `threads` threads (the caller's among them), polling cancel
 * between cells; the progress goes from prog_from to prog_to. False (c->cancelled set) when it was
 * cancelled: then some cells were not played. */
bool ai_cells(ai_ctx *c, int threads, int n, ai_cell_fn fn, void *arg, int prog_from, int prog_to);

#endif
