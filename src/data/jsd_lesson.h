/*
 * jsd_lesson.h — lessons: a scenario with a script that teaches (docs/lessons.md).
 *
 * A lesson names or embeds a scenario, plays the other side's moves from its own list of
 * commands, and leads the player through steps. Each step says what to look at (a hex, a ship, a
 * control or a panel), which controls are open, and what completes it: the Next button, or a
 * command of the player's that the engine accepted and that matches the step's pattern. A goal
 * (an engine state predicate) and a "what you learned" card end it.
 *
 * The runtime (jsd_lesson_run and the functions on it) is shared by the game and by
 * `jumpstrike-sim validate`, so the path the validator replays is the path the game plays.
 *
 * Errors: jsd_lesson_load and jsd_lesson_check fill jsd_error with "FILE: PATH: problem", a
 * step's problem naming the step ("lessons/moving.json: steps[3].solution: ...").
 *
 * Ownership: jsd_lesson_load returns a malloc'd lesson freed with jsd_lesson_free; it owns its
 * scenario, script and command lists. The run is a plain struct of the caller's.
 */
#ifndef JSD_LESSON_H
#define JSD_LESSON_H

#include "jsd.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    JSD_LESSON_VERSION = 1,
    JSD_LESSON_MAX_STEPS = 40,
    JSD_LESSON_TEXT = 480,     /* a step's text, NUL included */
    JSD_LESSON_LINE = 200,     /* summary, goal text, a learned line */
    JSD_LESSON_MAX_LEARNED = 8,
    JSD_LESSON_MAX_RULES = 12,
    JSD_LESSON_MAX_OPP = 200,  /* the opponent's scripted commands */
    JSD_LESSON_MAX_PRED = 8,
    JSD_LESSON_MAX_SCRIPT = 200,
};

/* The controls a step may leave open (its "unlock" list). Camera, zoom, speed and the lesson's
 * own buttons are always open. */
enum {
    JSD_CTL_MAP = 1u << 0,         /* clicks on the board: select, move line, aim, place */
    JSD_CTL_READY = 1u << 1,       /* Ready (and Enter) */
    JSD_CTL_SLOT = 1u << 2,        /* the Turn T / T+1 / T+2 tabs */
    JSD_CTL_TURN = 1u << 3,        /* Port, No turn, Starboard */
    JSD_CTL_MOVE = 1u << 4,        /* the move stepper, ahead / astern */
    JSD_CTL_PHASE = 1u << 5,
    JSD_CTL_MISSILES = 1u << 6,    /* missiles forward / aft in an order */
    JSD_CTL_PODS = 1u << 7,        /* pod squadrons in an order, their directions, aim on map */
    JSD_CTL_GUARD = 1u << 8,       /* a guard-pod redistribution in an order */
    JSD_CTL_UNDO = 1u << 9,
    JSD_CTL_POD_PLOT = 1u << 10,   /* a pod group's direction */
    JSD_CTL_LAUNCH = 1u << 11,     /* reserve cards, launches, cargo launches */
    JSD_CTL_HOLD = 1u << 12,       /* a transport's hold dialog */
    JSD_CTL_POD_MOVE = 1u << 13,   /* move, hold, move all */
    JSD_CTL_MISSILE = 1u << 14,    /* the next missile to resolve */
    JSD_CTL_POD_ATTACK = 1u << 15, /* target, count, attack, pass */
    JSD_CTL_SACRIFICE = 1u << 16,  /* guard pods sacrificed against an attack */
    JSD_CTL_SHIP_ATTACK = 1u << 17,
    JSD_CTL_CARDS = 1u << 18,      /* command cards: play, deploy, withdraw, discard */
    JSD_CTL_COUNT = 19,
    JSD_CTL_ALL = (1u << 19) - 1,
};
/* The name of control bit i (0..JSD_CTL_COUNT-1) as lesson files write it, or NULL. */
const char *jsd_control_name(int i);

typedef enum { JSD_HL_NONE = 0, JSD_HL_HEX, JSD_HL_SHIP, JSD_HL_CONTROL, JSD_HL_PANEL } jsd_hl_kind;
typedef enum { JSD_PANEL_SIDE = 0, JSD_PANEL_LOG, JSD_PANEL_TOP, JSD_PANEL_BOARD } jsd_panel;

typedef struct jsd_highlight {
    int8_t kind;              /* jsd_hl_kind */
    int8_t panel;             /* JSD_HL_PANEL: jsd_panel */
    int16_t ship;             /* JSD_HL_SHIP: ship id */
    uint32_t control;         /* JSD_HL_CONTROL: one JSD_CTL_* bit */
    js_hex hex;               /* JSD_HL_HEX */
} jsd_highlight;

/* Goal predicates, all of which must hold (docs/lessons.md "Goal"). */
typedef enum {
    JSD_PRED_AT = 0,          /* ship `id` stands at `hex` (its own hex: a medium ship's bow) */
    JSD_PRED_STATE,           /* ship `id` is in js_ship_state `value` (destroyed: also gone) */
    JSD_PRED_WHERE,           /* unit `id` is at js_where `value` */
    JSD_PRED_POINTS,          /* the player has at least `id` victory points */
    JSD_PRED_TURN,            /* the game has reached turn `id` */
} jsd_pred_kind;

typedef struct jsd_pred {
    int8_t kind;
    int8_t value;
    int16_t id;
    js_hex hex;
} jsd_pred;

typedef struct jsd_lesson_step {
    char text[JSD_LESSON_TEXT];
    jsd_highlight hl;
    bool arrow;               /* point an arrow from the text box at the highlight */
    uint32_t unlock;          /* JSD_CTL_* bits open during the step */
    char *expect;             /* the command pattern as JSON text (malloc'd); NULL: "next" */
    js_cmd solution;          /* a command that completes it (when expect is set) */
} jsd_lesson_step;

typedef struct jsd_lesson {
    char id[48];
    char title[64];
    char summary[JSD_LESSON_LINE];
    int order;                /* place in the list of lessons */
    int minutes;
    int player;               /* the side the player plays */
    int nrules;
    char rules[JSD_LESSON_MAX_RULES][8]; /* rule IDs the lesson teaches ("P-3") */
    js_scenario *scn;
    js_dice_cfg dice;         /* script points into `script` */
    int8_t script[JSD_LESSON_MAX_SCRIPT];
    int nopp;
    js_cmd *opp;              /* the opponent's commands, in order */
    int16_t *opp_turn;        /* the first turn each may be played in (0: any) */
    char goal_text[JSD_LESSON_LINE];
    int npred;
    jsd_pred pred[JSD_LESSON_MAX_PRED];
    int nsteps;
    jsd_lesson_step steps[JSD_LESSON_MAX_STEPS];
    int nlearned;
    char learned[JSD_LESSON_MAX_LEARNED][JSD_LESSON_LINE];
} jsd_lesson;

/* Read a lesson file and check its form: every member, the scenario, each solution against its
 * step's pattern. It does not play the lesson (jsd_lesson_check does). NULL with err filled. */
jsd_lesson *jsd_lesson_load(const char *path, jsd_error *err);
void jsd_lesson_free(jsd_lesson *l);

/* Play the lesson's path as the game would with a player who does what each step asks: the
 * opponent's commands, the player's forced choices, each step's solution. Refuses (false, err
 * naming the file, the step or opponent command, and the problem) a solution or opponent
 * command the engine refuses, a highlighted ship not on the map, a lesson that ends before its
 * steps or whose goal is not reached, opponent commands never played. `name` is the file.
 * When end is not NULL and the path plays through, *end gets the game as it ends (the caller
 * destroys it): `jumpstrike-sim validate --log` prints its log for the lesson's author. */
bool jsd_lesson_check(const jsd_lesson *l, const char *name, js_game **end, jsd_error *err);

/* ---- the runtime */
typedef struct jsd_lesson_run {
    int step;                 /* the current step; nsteps when all are done */
    int opp;                  /* the next scripted opponent command */
} jsd_lesson_run;

void jsd_lesson_run_init(jsd_lesson_run *r);
/* A new game of the lesson's scenario and dice. NULL with the engine's reason. */
js_game *jsd_lesson_game(const jsd_lesson *l, char *reason, size_t cap);
/* The opponent's answer when the game waits on the opponent's side: the next scripted command
 * when it is one for this kind of decision (and its turn has come) and the engine takes it, else
 * a default (ready, move as plotted, the first missile, pass, no guard pods). Scripted commands
 * the engine refuses are passed over: *skipped (may be NULL) gets the index of the first one,
 * or -1, and why its reason. False when the game does not wait on the opponent, or when there is
 * no answer (why says so). */
bool jsd_lesson_opponent(const jsd_lesson *l, jsd_lesson_run *r, const js_game *g, js_cmd *out,
                         int *skipped, char *why, size_t cap);
/* The player's forced choice (js_forced_command) when the game waits on the player for one. */
bool jsd_lesson_forced(const jsd_lesson *l, const js_game *g, js_cmd *out);
/* A command the game accepted: when it is the player's and matches the current step's pattern,
 * the step is done (returns true). */
bool jsd_lesson_note(const jsd_lesson *l, jsd_lesson_run *r, const js_cmd *c);
/* Whether command c matches the pattern of step i (false for a "next" step). */
bool jsd_lesson_matches(const jsd_lesson *l, int i, const js_cmd *c);
/* The Next button: done when the current step waits for it. */
bool jsd_lesson_next(const jsd_lesson *l, jsd_lesson_run *r);
/* The goal holds in the game as it is. */
bool jsd_lesson_goal(const jsd_lesson *l, const js_game *g);
/* Every step done and the goal reached. */
bool jsd_lesson_complete(const jsd_lesson *l, const jsd_lesson_run *r, const js_game *g);

#ifdef __cplusplus
}
#endif
#endif
