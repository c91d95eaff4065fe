/* internal.h — engine-private state and helpers shared by the engine's source files. */
#ifndef JS_INTERNAL_H
#define JS_INTERNAL_H

#include "js.h"
#include <stdio.h> /* snprintf only: the engine does no I/O (tests/engine_purity.sh checks) */
#include <string.h>

struct js_game {
    js_state st;
    js_state *scratch;        /* snapshot for manual-dice rollback */
    int8_t *script;           /* scripted dice (owned) */
    int32_t nscript;
    js_event *log;            /* owned, grows */
    int32_t nlog, caplog;
    uint64_t scn_hash;        /* digest of the scenario, folded into js_game_hash */
    /* manual dice: values entered by players, consumed in order by the parked command;
     * owned, grows (a pod attack of many pods needs a die per pod) */
    int8_t *manual;
    int32_t nmanual, capmanual, manual_used;
    int8_t need_die;          /* a roll found no manual die: the command must be parked */
    int8_t need_sides, need_side;
    char need_purpose[64];
    int8_t has_parked;
    js_cmd parked;
    /* a limit met while a command was being applied (js_game_error); the game stops there */
    char error[JS_REASON_LEN];
    int32_t max_log;          /* events the log may hold; 0 = as many as memory allows */
    int32_t roll_ev;          /* the log index of the last JS_EV_ROLL, -1 none (jsi_roll_outcome) */
    js_event spare;           /* where an event's typed fields go when the log had no room for it */
    bool quiet;               /* events without their sentences (js_game_set_quiet) */
};

/* ---- log.c */
/* Room for `events` more events before a command runs; false (nothing changed) when there is none. */
bool jsi_log_reserve(js_game *g, int events);
/* A limit was met: the game stops with this reason (the first one counts). */
void jsi_fail(js_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Logs an event and returns it, so the caller can fill in the typed fields jsi_log's arguments do
 * not cover (cause, outcome, card, ...). What a and b name (a_kind, b_kind) and the outcome of a
 * NO_EFFECT, DISABLED, DESTROYED or DAMAGE event are set from the type where one kind fits every
 * event of that type (log.c); the caller sets them where it differs. Never NULL: an event the full
 * log could not hold comes back as a scratch event (the game has stopped, jsi_fail). */
js_event *jsi_log(js_game *g, int type, int side, unsigned vis, int a, int b, js_hex hex, js_hex hex2,
                  int value, int value2, const char *fmt, ...) __attribute__((format(printf, 11, 12)));
#define JSI_NOHEX JS_NOHEX
/* What an event's a and b name (js_unit_kind); the event, for chaining. */
js_event *jsi_ab(js_event *e, int a_kind, int b_kind);
/* Short helpers for common events. */
/* JS_EV_POD_ROLL, seen by both sides: value = the total, value2 = target_is_pod, and the sum. */
js_event *jsi_log_pod_roll(js_game *g, int side, int group, int target, js_hex hex, int target_is_pod,
                           const js_pod_sum *sum, const char *fmt, ...) __attribute__((format(printf, 8, 9)));
void jsi_info(js_game *g, unsigned vis, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *jsi_side_name(const js_state *st, int side);
const char *jsi_ship_name(const js_state *st, int ship, char *buf, size_t cap);
const char *jsi_hex_text(js_hex h, char *buf, size_t cap); /* "(col,row)", as files and screens say */

/* ---- dice.c: every roll is logged with its purpose */
/* What a roll is for: the typed facts of its JS_EV_ROLL. a rolls (against b), -1 none. The log's
 * sentence ("for missile attack", "for ECM of ... against ...") is made from these. */
typedef struct jsi_roll_why {
    int8_t roll_for;          /* js_roll_for */
    int8_t die;               /* which die of several, 1-based; 0 for a lone die */
    int8_t a_kind, b_kind;    /* js_unit_kind */
    int16_t a, b;
} jsi_roll_why;
int jsi_roll(js_game *g, int sides, int roller, jsi_roll_why why);
/* What came of the last roll logged (js_outcome), once the caller knows it. */
void jsi_roll_outcome(js_game *g, int outcome);
uint64_t jsi_rng_next(uint64_t *state);
int jsi_draw(js_game *g, int n);                 /* 1..n for shuffles and sites */
void jsi_shuffle(js_game *g, int16_t *a, int n);

/* ---- setup.c (S, J-2, H-4) */
void jsi_begin(js_game *g);                      /* setup phases, or turn 1 straight away */
js_status jsi_check_setup(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_setup(js_game *g, const js_cmd *c);
bool jsi_setup_advance(js_game *g);              /* both ready: reveal and go on; true if moved */
void jsi_scrub_setup(js_state *st, int other, int viewer);

/* ---- position.c (Z-36): a scenario that starts from a position */
bool jsi_position_given(const js_scenario *s);   /* anything in s->position */
bool jsi_position_check(const js_scenario *s, char *reason, size_t cap);
void jsi_position_apply(js_game *g);             /* after the placements, before turn 1 */
int jsi_first_turn(const js_scenario *s);

/* ---- hand.c (H) */
void jsi_deal(js_game *g, int side);             /* H-3, H-4 */
void jsi_draw_card(js_game *g, int side);
bool jsi_in_hand(const js_state *st, int side, int card);
void jsi_remove_from_hand(js_state *st, int side, int card);
bool jsi_quarter(js_game *g);                    /* H-5: draws; true when a side must discard */
js_status jsi_check_discard(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_discard(js_game *g, const js_cmd *c);
void jsi_reveal_discards(js_game *g);
void jsi_discard_played(js_state *st, int side, int card);

/* ---- jump.c (J) */
js_status jsi_check_play(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_play(js_game *g, const js_cmd *c);
void jsi_reveal_plays(js_game *g);
int jsi_arrivals(js_game *g, int impulse);      /* J-6: place who can arrive now; returns count */
void jsi_arrivals_lost(js_game *g);             /* J-6: the rest stay in reserve */
void jsi_captures(js_game *g);                  /* J-8 */
bool jsi_unit_in_play(const js_state *st, int side, int unit);  /* in the pending play (J-3) */
/* in a pending launch, play or deployment by command dice */
bool jsi_unit_committed(const js_state *st, int side, int unit);
bool jsi_ship_executes(const js_state *st, int ship); /* active on the map, or arriving */

/* ---- dice_deploy.c (K-1, K-3, K-4, K-6, K-8, K-9) */
void jsi_roll_command_dice(js_game *g);          /* K-3: at the start of each Command phase */
js_status jsi_check_dice_deploy(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_dice_deploy(js_game *g, const js_cmd *c);
void jsi_reveal_dice(js_game *g);                /* T-1: arrivals, hesitant rolls, K-9 */
/* K-4, K-6: a card deployed by dice this turn keeps its first turn's order within its limits */
js_status jsi_check_dice_limits(const js_state *st, int ship, int slot, const js_order *o, char *reason,
                                size_t cap);

/* ---- jump_off.c (K-2, K-5, K-7) */
bool jsi_jo_setup_needed(const js_state *st, int side);
bool jsi_jo_setup_done(const js_state *st, int side);
js_status jsi_check_place_k(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_place_k(js_game *g, const js_cmd *c);
void jsi_reveal_jump_offs(js_game *g);
void jsi_dice_captures(js_game *g);              /* K-7: when ship movement ends */
/* K-7 in the Resolution phase: jump-off points kept or lost; returns the sides that must pick a
 * new entry point */
unsigned jsi_resolve_dice_captures(js_game *g);

/* ---- query.c */
const js_card_def *jsi_card(const js_state *st, int ship);
bool jsi_ship_live(const js_state *st, int ship);          /* on the map and not destroyed */
bool jsi_ship_active(const js_state *st, int ship);        /* on the map and active */
bool jsi_hex_passable(const js_state *st, js_hex h);
bool jsi_footprint_ok(const js_state *st, int size, js_hex pos, int facing); /* G-3, G-8 */
bool jsi_ship_covers(const js_state *st, int ship, js_hex h);
bool jsi_hex_empty(const js_state *st, js_hex h);         /* no live ship, pod group or missile */
int jsi_footprint_distance(const js_hex *a, int na, const js_hex *b, int nb, bool largest);
bool jsi_ships_share_hex(const js_state *st, int a, int b);
int jsi_other(int side);
int jsi_size_hexes(int size);
js_order jsi_default_order(int phase);
bool jsi_order_activates(const js_order *o);
int jsi_guard_total(const js_ship *s);

/* ---- launch.c (L) */
js_status jsi_check_launch(const js_game *g, const js_cmd *c, char *reason, size_t cap);
void jsi_apply_launch(js_game *g, const js_cmd *c);
void jsi_cancel_launch(js_game *g, const js_cmd *c);
void jsi_reveal_launches(js_game *g);
bool jsi_side_can_launch(const js_state *st, int side);
void jsi_place_ship(js_game *g, int ship, js_ship_place p);
/* The ships of a card placed so: on the map, passable, apart, a squadron's each adjacent to
 * another (L-2); empty hexes too when need_empty. Messages name `rule`. */
js_status jsi_check_places(const js_state *st, int side, int unit, const js_ship_place *place,
                           const js_card_def *d, bool need_empty, const char *rule, char *reason,
                           size_t cap);
int jsi_add_unit(js_state *st, int def, int side);

/* ---- orders.c (P) */
void jsi_apply_plot(js_game *g, const js_cmd *c);

/* ---- movement.c (V) */
void jsi_start_movement(js_game *g);   /* V-1: guard, phase */
void jsi_ship_movement(js_game *g);    /* E-3, V-3, V-4, V-5 */
bool jsi_pod_can_act(const js_state *st, int group);
bool jsi_side_pods_can_act(const js_state *st, int side);
void jsi_pod_move(js_game *g, int group, bool hold);

/* ---- combat.c (C, D) */
bool jsi_side_has_missiles(const js_state *st, int side);
void jsi_resolve_missile(js_game *g, int missile);
bool jsi_pod_attack_legal(const js_state *st, int group, int target, bool is_pod, char *reason,
                          size_t cap);
bool jsi_side_can_pod_attack(const js_state *st, int side);
void jsi_declare_pod_attack(js_game *g, const js_cmd *c);
void jsi_resolve_pod_attack(js_game *g, int guard_sacrificed);
int jsi_guard_available(const js_state *st, const js_pod_attack *a);
bool jsi_ship_in_combat(const js_state *st, int ship);
bool jsi_side_in_ship_combat(const js_state *st, int side);
void jsi_resolve_ship_combat(js_game *g);
/* cause: js_cause (missile, pod attack, ship attack, ECM) */
void jsi_damage(js_game *g, int ship, int amount, int cause);
void jsi_disable(js_game *g, int ship, int cause);
void jsi_destroy(js_game *g, int ship, int cause);
/* The words a sentence uses for a cause of damage: "missile", "pod attack", "ship attack", "ECM". */
const char *jsi_cause_words(int cause);
int jsi_pod_defense(const js_state *st, int target, bool is_pod, int guard_sacrificed);
int jsi_pod_range_mod(const js_state *st, int group, int target, bool is_pod);

/* ---- turn.c (T, R, W) */
void jsi_advance(js_game *g);
void jsi_income(js_game *g);
void jsi_enter_phase(js_game *g, int phase);
int jsi_next_to_move(const js_state *st, int preferred);

/* ---- command.c */
void jsi_apply(js_game *g, const js_cmd *c);
/* Run the game from its creation until a side must decide, as a command would (a manual die
 * rolled on the way waits like any other, X-1). */
void jsi_start(js_game *g);
/* The command jsi_start applies (and parks for a manual die): no player can submit it. */
enum { JSI_CMD_RUN = JS_CMD_COUNT };

#define JSI_FAIL(reason, cap, ...)                                                               \
    do {                                                                                         \
        if (reason && cap)                                                                       \
            snprintf(reason, cap, __VA_ARGS__);                                                  \
        return JS_ERR_ILLEGAL;                                                                   \
    } while (0)

#endif
