/* command.c — the one door into the game: check a command, apply it, say what comes next. */
#include "internal.h"
#include <stdlib.h>

static bool waiting_on(const js_state *st, int side) { return !(st->ready & JS_SIDE_MASK(side)); }

static void command_prompt(const js_state *st, char *buf, size_t cap)
{
    const char *parts[3];
    int n = 0;
    if (st->scn.deploy & JS_DEPLOY_JUMP)
        parts[n++] = "play a command card";
    if (st->scn.deploy & JS_DEPLOY_DICE)
        parts[n++] = "spend command dice";
    if (st->scn.deploy & JS_DEPLOY_LAUNCH)
        parts[n++] = "launch from the reserve";
    if (n == 3)
        snprintf(buf, cap, "%s, %s and %s, then ready", parts[0], parts[1], parts[2]);
    else if (n == 2)
        snprintf(buf, cap, "%s and %s, then ready", parts[0], parts[1]);
    else
        snprintf(buf, cap, "%s, then ready", n ? parts[0] : "ready");
}

js_wait js_wait_get(const js_game *g)
{
    const js_state *st = &g->st;
    js_wait w;
    memset(&w, 0, sizeof w);
    if (g->error[0]) {
        w.kind = JS_WAIT_NONE;
        snprintf(w.what, sizeof w.what, "the game stopped: %.76s", g->error);
        return w;
    }
    if (g->has_parked) {
        w.kind = JS_WAIT_DIE;
        w.sides = (uint8_t)JS_SIDE_MASK(g->need_side);
        w.die_sides = g->need_sides;
        snprintf(w.what, sizeof w.what, "%s: roll a d%d for %s", jsi_side_name(st, g->need_side),
                 g->need_sides, g->need_purpose);
        return w;
    }
    int tm = st->to_move;
    switch (st->phase) {
    case JS_PHASE_SETUP_BUY:
    case JS_PHASE_SETUP_JP:
    case JS_PHASE_SETUP_VANGUARD:
    case JS_PHASE_DISCARD:
    case JS_PHASE_SETUP_JO:
        w.kind = st->phase == JS_PHASE_SETUP_BUY  ? JS_WAIT_SETUP_BUY
                 : st->phase == JS_PHASE_SETUP_JP ? JS_WAIT_SETUP_JP
                 : st->phase == JS_PHASE_SETUP_JO ? JS_WAIT_SETUP_JO
                 : st->phase == JS_PHASE_DISCARD  ? JS_WAIT_DISCARD
                                                  : JS_WAIT_VANGUARD;
        w.sides = (uint8_t)(JS_BOTH_SIDES & ~(unsigned)st->ready);
        w.secret = 1;
        snprintf(w.what, sizeof w.what, "%s",
                 st->phase == JS_PHASE_SETUP_BUY  ? "buy support vessels, then ready"
                 : st->phase == JS_PHASE_SETUP_JP ? "place three jump points, then ready"
                 : st->phase == JS_PHASE_SETUP_JO ? "place your jump-off points and entry point, then ready"
                 : st->phase == JS_PHASE_DISCARD  ? "discard down to your Billet"
                                                  : "name your Vanguard, then ready");
        break;
    case JS_PHASE_NEW_ENTRY:
        w.kind = JS_WAIT_NEW_ENTRY;
        w.sides = (uint8_t)(JS_BOTH_SIDES & ~(unsigned)st->ready);
        snprintf(w.what, sizeof w.what, "pick a new entry point on your base line, %d hexes from the old one and every enemy ship",
                 JS_ENTRY_MOVE);
        break;
    case JS_PHASE_COMMAND:
    case JS_PHASE_PLOT:
    case JS_PHASE_SHIP_COMBAT:
        w.kind = st->phase == JS_PHASE_COMMAND ? JS_WAIT_COMMAND
                 : st->phase == JS_PHASE_PLOT  ? JS_WAIT_PLOT
                                               : JS_WAIT_SHIP_ATTACK;
        w.sides = (uint8_t)(JS_BOTH_SIDES & ~(unsigned)st->ready);
        w.secret = 1;
        if (st->phase == JS_PHASE_COMMAND)
            command_prompt(st, w.what, sizeof w.what);
        else
            snprintf(w.what, sizeof w.what, "%s", st->phase == JS_PHASE_PLOT ? "plot orders, then ready"
                                                                             : "choose ship attacks, then ready");
        break;
    case JS_PHASE_POD1:
    case JS_PHASE_POD2:
        w.kind = JS_WAIT_POD_MOVE;
        w.sides = (uint8_t)JS_SIDE_MASK(tm);
        snprintf(w.what, sizeof w.what, "%s: move or hold a pod group", jsi_side_name(st, tm));
        break;
    case JS_PHASE_MISSILE:
        w.kind = JS_WAIT_MISSILE;
        w.sides = (uint8_t)JS_SIDE_MASK(tm);
        snprintf(w.what, sizeof w.what, "%s: choose the next missile", jsi_side_name(st, tm));
        break;
    case JS_PHASE_POD_COMBAT:
        if (st->attack.active) {
            int def = st->ships[st->attack.target].side;
            w.kind = JS_WAIT_GUARD;
            w.sides = (uint8_t)JS_SIDE_MASK(def);
            w.max_guard = (int8_t)jsi_guard_available(st, &st->attack);
            snprintf(w.what, sizeof w.what, "%s: sacrifice guard pods (0-%d)?", jsi_side_name(st, def),
                     w.max_guard);
        } else {
            w.kind = JS_WAIT_POD_ATTACK;
            w.sides = (uint8_t)JS_SIDE_MASK(tm);
            snprintf(w.what, sizeof w.what, "%s: attack with a pod group, or pass", jsi_side_name(st, tm));
        }
        break;
    default:
        w.kind = JS_WAIT_NONE;
        snprintf(w.what, sizeof w.what, "the game is over");
    }
    return w;
}

#define ANS(t) (1u << (t))
_Static_assert(JS_CMD_COUNT <= 32, "js_wait_answers keeps one bit per command type");

/* Which commands answer which decision, once: js_check's phase tests say the same command by
 * command (a test holds the two together over games of every shipped scenario). */
static const uint32_t ANSWERS[JS_WAIT_COUNT] = {
    [JS_WAIT_NONE] = 0,
    [JS_WAIT_COMMAND] = ANS(JS_CMD_LAUNCH) | ANS(JS_CMD_LAUNCH_CARGO) | ANS(JS_CMD_CANCEL_LAUNCH) |
                        ANS(JS_CMD_PLAY_CARD) | ANS(JS_CMD_DICE_DEPLOY) | ANS(JS_CMD_READY),
    [JS_WAIT_PLOT] = ANS(JS_CMD_PLOT) | ANS(JS_CMD_PLOT_POD) | ANS(JS_CMD_READY),
    [JS_WAIT_POD_MOVE] = ANS(JS_CMD_POD_MOVE),
    [JS_WAIT_MISSILE] = ANS(JS_CMD_MISSILE),
    [JS_WAIT_POD_ATTACK] = ANS(JS_CMD_POD_ATTACK),
    [JS_WAIT_GUARD] = ANS(JS_CMD_GUARD),
    [JS_WAIT_SHIP_ATTACK] = ANS(JS_CMD_SHIP_ATTACK) | ANS(JS_CMD_READY),
    [JS_WAIT_DIE] = ANS(JS_CMD_DIE),
    [JS_WAIT_SETUP_BUY] = ANS(JS_CMD_BUY) | ANS(JS_CMD_READY),
    [JS_WAIT_SETUP_JP] = ANS(JS_CMD_PLACE_JP) | ANS(JS_CMD_READY),
    [JS_WAIT_VANGUARD] = ANS(JS_CMD_VANGUARD) | ANS(JS_CMD_READY),
    [JS_WAIT_DISCARD] = ANS(JS_CMD_DISCARD), /* the discard itself commits (H-5) */
    [JS_WAIT_SETUP_JO] = ANS(JS_CMD_PLACE_JO) | ANS(JS_CMD_PLACE_ENTRY) | ANS(JS_CMD_READY),
    [JS_WAIT_NEW_ENTRY] = ANS(JS_CMD_PLACE_ENTRY), /* the new entry point commits (K-7) */
};
#undef ANS

uint32_t js_wait_answers(int wait_kind)
{
    return wait_kind >= 0 && wait_kind < JS_WAIT_COUNT ? ANSWERS[wait_kind] : 0;
}

bool js_cmd_answers(int wait_kind, int cmd_type)
{
    return cmd_type >= 0 && cmd_type < JS_CMD_COUNT &&
           (js_wait_answers(wait_kind) >> cmd_type & 1u);
}

#define NOT_NOW(...) do { if (reason && cap) snprintf(reason, cap, __VA_ARGS__); return JS_ERR_NOT_NOW; } while (0)
#define BAD_ARG(...) do { if (reason && cap) snprintf(reason, cap, __VA_ARGS__); return JS_ERR_BAD_ARG; } while (0)

/* A die entered while one is waited for (manual dice): only that die, from its side. */
static js_status check_parked_die(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    if (c->type != JS_CMD_DIE)
        NOT_NOW("waiting for %s to enter a d%d", jsi_side_name(st, g->need_side), g->need_sides);
    if (c->side != g->need_side)
        NOT_NOW("the d%d is %s's to roll", g->need_sides, jsi_side_name(st, g->need_side));
    if (c->value < 1 || c->value > g->need_sides)
        BAD_ARG("a d%d shows 1 to %d", g->need_sides, g->need_sides);
    return JS_OK;
}

/* Ready: commits a side's secret choices in a phase that has them. */
static js_status check_ready(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_COMMAND && st->phase != JS_PHASE_PLOT && st->phase != JS_PHASE_SHIP_COMBAT &&
        st->phase != JS_PHASE_SETUP_BUY && st->phase != JS_PHASE_SETUP_JP && st->phase != JS_PHASE_SETUP_VANGUARD &&
        st->phase != JS_PHASE_SETUP_JO)
        NOT_NOW("nothing secret to commit in the %s phase", js_phase_name(st->phase));
    if (!waiting_on(st, c->side))
        NOT_NOW("%s is already ready", who);
    if (st->phase == JS_PHASE_SETUP_JP && st->jp_set_mask[c->side] != 7)
        JSI_FAIL(reason, cap, "J-2: place all three jump points (left, centre and right) first");
    if (st->phase == JS_PHASE_SETUP_JO && !jsi_jo_setup_done(st, c->side))
        JSI_FAIL(reason, cap, "K-2: place all %d jump-off points%s first", st->scn.jump_offs,
                 js_entry_site(st, c->side) < 0 ? " and your entry point" : "");
    return JS_OK;
}

/* A ship's order (T-2, P-5; the order itself: js_check_order). */
static js_status check_plot(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_PLOT)
        NOT_NOW("T-2: orders are plotted in the plotting phase");
    if (!waiting_on(st, c->side))
        NOT_NOW("%s has already committed its plots", who);
    if (c->unit < 0 || c->unit >= st->nships)
        BAD_ARG("no ship #%d", c->unit);
    if (st->ships[c->unit].side != c->side)
        JSI_FAIL(reason, cap, "P-5: ship #%d is not %s's", c->unit, who);
    return js_check_order(st, c->unit, c->slot, &c->order, reason, cap);
}

/* A pod group's direction for T+2 (P-4). */
static js_status check_plot_pod(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_PLOT)
        NOT_NOW("T-2: orders are plotted in the plotting phase");
    if (!waiting_on(st, c->side))
        NOT_NOW("%s has already committed its plots", who);
    if (c->unit < 0 || c->unit >= JS_MAX_PODS || !st->pods[c->unit].alive)
        BAD_ARG("no pod group #%d", c->unit);
    if (st->pods[c->unit].side != c->side)
        JSI_FAIL(reason, cap, "pod group #%d is not %s's", c->unit, who);
    if (c->slot != JS_PLAN_DEPTH - 1)
        JSI_FAIL(reason, cap, "P-4: a pod group plots T+2; T and T+1 are already plotted");
    if (c->dir < 1 || c->dir > 6)
        JSI_FAIL(reason, cap, "P-4: a direction is 1 to 6");
    return JS_OK;
}

/* A pod group moves (V-2). */
static js_status check_pod_move(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_POD1 && st->phase != JS_PHASE_POD2)
        NOT_NOW("V-2: pod groups move in the pod movement phases");
    if (st->to_move != c->side)
        NOT_NOW("V-2: it is %s's turn to move a pod group", jsi_side_name(st, st->to_move));
    if (c->unit < 0 || c->unit >= JS_MAX_PODS || !st->pods[c->unit].alive)
        BAD_ARG("no pod group #%d", c->unit);
    if (st->pods[c->unit].side != c->side)
        JSI_FAIL(reason, cap, "pod group #%d is not %s's", c->unit, who);
    if (!jsi_pod_can_act(st, c->unit))
        JSI_FAIL(reason, cap, st->pods[c->unit].acted ? "V-2: pod group #%d has already acted"
                                                      : "V-2: pod group #%d was launched this turn; it moves in the second pod movement",
                 c->unit);
    return JS_OK;
}

/* A missile chosen to resolve (C-1). */
static js_status check_missile(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_MISSILE)
        NOT_NOW("C-1: missiles resolve in the missile combat phase");
    if (st->to_move != c->side)
        NOT_NOW("C-1: it is %s's turn to choose a missile", jsi_side_name(st, st->to_move));
    if (c->unit < 0 || c->unit >= JS_MAX_MISSILES || !st->missiles[c->unit].alive)
        BAD_ARG("no missile #%d", c->unit);
    if (st->missiles[c->unit].side != c->side)
        JSI_FAIL(reason, cap, "missile #%d is not %s's", c->unit, who);
    return JS_OK;
}

/* A pod attack declared, or a pass (C-2). */
static js_status check_pod_attack(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_POD_COMBAT || st->attack.active)
        NOT_NOW("C-2: pod attacks are declared in the pod combat phase");
    if (st->to_move != c->side)
        NOT_NOW("C-2: it is %s's turn to attack", jsi_side_name(st, st->to_move));
    if (c->unit < 0)
        return JS_OK; /* pass */
    if (c->unit >= JS_MAX_PODS || !st->pods[c->unit].alive)
        BAD_ARG("no pod group #%d", c->unit);
    if (st->pods[c->unit].side != c->side)
        JSI_FAIL(reason, cap, "pod group #%d is not %s's", c->unit, who);
    if (c->count < 1 || c->count > st->pods[c->unit].pods)
        JSI_FAIL(reason, cap, "C-2: attack with 1 to %d pods", st->pods[c->unit].pods);
    if (!jsi_pod_attack_legal(st, c->unit, c->target, c->target_is_pod, reason, cap))
        return JS_ERR_ILLEGAL;
    return JS_OK;
}

/* Guard pods sacrificed against a declared pod attack (C-2). */
static js_status check_guard(const js_state *st, const js_cmd *c, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_POD_COMBAT || !st->attack.active)
        NOT_NOW("C-2: guard pods are sacrificed only against a declared pod attack");
    if (st->ships[st->attack.target].side != c->side)
        NOT_NOW("C-2: only the attacked side sacrifices guard pods");
    if (c->count < 0 || c->count > jsi_guard_available(st, &st->attack))
        JSI_FAIL(reason, cap, "C-2: %d guard pod(s) face the attack", jsi_guard_available(st, &st->attack));
    return JS_OK;
}

/* A ship's attack, or none (C-5). */
static js_status check_ship_attack(const js_state *st, const js_cmd *c, const char *who, char *reason, size_t cap)
{
    if (st->phase != JS_PHASE_SHIP_COMBAT)
        NOT_NOW("C-5: ship attacks are chosen in the ship combat phase");
    if (!waiting_on(st, c->side))
        NOT_NOW("%s has already committed its ship attacks", who);
    if (c->unit < 0 || c->unit >= st->nships || st->ships[c->unit].side != c->side)
        BAD_ARG("ship #%d is not %s's", c->unit, who);
    if (!jsi_ship_in_combat(st, c->unit))
        JSI_FAIL(reason, cap, "C-5: ship #%d shares no hex with an enemy ship, or is not active", c->unit);
    if (c->target >= 0) {
        if (c->target >= st->nships || st->ships[c->target].side == c->side || !jsi_ship_live(st, c->target))
            BAD_ARG("no enemy ship #%d", c->target);
        if (!jsi_ships_share_hex(st, c->unit, c->target))
            JSI_FAIL(reason, cap, "C-5: a ship attacks only an enemy sharing its hex");
    }
    return JS_OK;
}

js_cmd js_cmd_new(int type, int side)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = (int8_t)type;
    c.side = (int8_t)side;
    c.target = -1;
    return c;
}

js_status js_check(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    if (c->type < 0 || c->type >= JS_CMD_COUNT)
        BAD_ARG("unknown command type %d", c->type);
    if (c->side != JS_SIDE_A && c->side != JS_SIDE_B)
        BAD_ARG("side must be A or B");
    const char *who = jsi_side_name(st, c->side);
    if (g->error[0]) {
        if (reason && cap)
            snprintf(reason, cap, "the game stopped: %s", g->error);
        return JS_ERR_LIMIT;
    }
    if (g->has_parked)
        return check_parked_die(g, c, reason, cap);
    if (st->phase == JS_PHASE_OVER)
        NOT_NOW("the game is over");
    switch (c->type) {
    case JS_CMD_LAUNCH:
    case JS_CMD_LAUNCH_CARGO:
    case JS_CMD_CANCEL_LAUNCH:
        if (st->phase != JS_PHASE_COMMAND)
            NOT_NOW("T-1: launches are chosen in the command phase");
        if (!waiting_on(st, c->side))
            NOT_NOW("%s has already committed this command phase", who);
        return jsi_check_launch(g, c, reason, cap);
    case JS_CMD_READY:
        return check_ready(st, c, who, reason, cap);
    case JS_CMD_PLACE_JO:
    case JS_CMD_PLACE_ENTRY:
        if (st->phase != JS_PHASE_SETUP_JO && (c->type == JS_CMD_PLACE_JO || st->phase != JS_PHASE_NEW_ENTRY))
            NOT_NOW("S-3: that belongs to the %s step", js_phase_name(JS_PHASE_SETUP_JO));
        if (!waiting_on(st, c->side))
            NOT_NOW(st->phase == JS_PHASE_NEW_ENTRY ? "K-7: %s's entry point stands" : "%s has already committed this step",
                    who);
        return jsi_check_place_k(g, c, reason, cap);
    case JS_CMD_DICE_DEPLOY:
        if (st->phase != JS_PHASE_COMMAND)
            NOT_NOW("K-3: command dice are spent in the command phase");
        if (!waiting_on(st, c->side))
            NOT_NOW("%s has already committed this command phase", who);
        return jsi_check_dice_deploy(g, c, reason, cap);
    case JS_CMD_BUY:
    case JS_CMD_PLACE_JP:
    case JS_CMD_VANGUARD: {
        int want = c->type == JS_CMD_BUY ? JS_PHASE_SETUP_BUY : c->type == JS_CMD_PLACE_JP ? JS_PHASE_SETUP_JP
                                                                                          : JS_PHASE_SETUP_VANGUARD;
        if (st->phase != want)
            NOT_NOW("S-3: that belongs to the %s step", js_phase_name(want));
        if (!waiting_on(st, c->side))
            NOT_NOW("%s has already committed this step", who);
        return jsi_check_setup(g, c, reason, cap);
    }
    case JS_CMD_PLAY_CARD:
        if (st->phase != JS_PHASE_COMMAND)
            NOT_NOW("J-3: command cards are played in the command phase");
        if (!waiting_on(st, c->side))
            NOT_NOW("%s has already committed this command phase", who);
        return jsi_check_play(g, c, reason, cap);
    case JS_CMD_DISCARD:
        if (st->phase != JS_PHASE_DISCARD)
            NOT_NOW("H-5: discards are made in the resolution phase, down to the Billet");
        if (!waiting_on(st, c->side))
            NOT_NOW("%s has nothing to discard", who);
        return jsi_check_discard(g, c, reason, cap);
    case JS_CMD_PLOT:
        return check_plot(st, c, who, reason, cap);
    case JS_CMD_PLOT_POD:
        return check_plot_pod(st, c, who, reason, cap);
    case JS_CMD_POD_MOVE:
        return check_pod_move(st, c, who, reason, cap);
    case JS_CMD_MISSILE:
        return check_missile(st, c, who, reason, cap);
    case JS_CMD_POD_ATTACK:
        return check_pod_attack(st, c, who, reason, cap);
    case JS_CMD_GUARD:
        return check_guard(st, c, reason, cap);
    case JS_CMD_SHIP_ATTACK:
        return check_ship_attack(st, c, who, reason, cap);
    case JS_CMD_DIE:
        NOT_NOW("no die is waited for");
    }
    BAD_ARG("unknown command");
}

void jsi_apply(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    switch (c->type) {
    case JS_CMD_LAUNCH:
    case JS_CMD_LAUNCH_CARGO:
        jsi_apply_launch(g, c);
        break;
    case JS_CMD_CANCEL_LAUNCH:
        jsi_cancel_launch(g, c);
        break;
    case JS_CMD_READY:
        st->ready |= (int8_t)JS_SIDE_MASK(c->side);
        jsi_log(g, JS_EV_READY, c->side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->phase, 0,
                "%s is ready", jsi_side_name(st, c->side));
        break;
    case JS_CMD_PLOT:
    case JS_CMD_PLOT_POD:
        jsi_apply_plot(g, c);
        break;
    case JS_CMD_POD_MOVE:
        jsi_pod_move(g, c->unit, c->hold != 0);
        st->to_move = (int8_t)jsi_next_to_move(st, jsi_other(c->side));
        break;
    case JS_CMD_MISSILE:
        jsi_resolve_missile(g, c->unit);
        st->to_move = (int8_t)jsi_next_to_move(st, jsi_other(c->side));
        break;
    case JS_CMD_POD_ATTACK:
        if (c->unit < 0) {
            st->passed |= (int8_t)JS_SIDE_MASK(c->side);
            jsi_info(g, JS_BOTH_SIDES, "%s passes in pod combat", jsi_side_name(st, c->side));
            st->to_move = (int8_t)jsi_next_to_move(st, jsi_other(c->side));
            break;
        }
        jsi_declare_pod_attack(g, c);
        if (jsi_guard_available(st, &st->attack) == 0) {
            jsi_resolve_pod_attack(g, 0);
            st->to_move = (int8_t)jsi_next_to_move(st, jsi_other(c->side));
        }
        break;
    case JS_CMD_GUARD: {
        int attacker = st->pods[st->attack.group].side;
        jsi_resolve_pod_attack(g, c->count);
        st->to_move = (int8_t)jsi_next_to_move(st, jsi_other(attacker));
        break;
    }
    case JS_CMD_SHIP_ATTACK:
        st->ships[c->unit].attack_target = c->target;
        st->ships[c->unit].attack_target_set = 1;
        break;
    case JS_CMD_BUY:
    case JS_CMD_PLACE_JP:
    case JS_CMD_VANGUARD:
        jsi_apply_setup(g, c);
        break;
    case JS_CMD_PLAY_CARD:
        jsi_apply_play(g, c);
        break;
    case JS_CMD_DISCARD:
        jsi_apply_discard(g, c);
        break;
    case JS_CMD_PLACE_JO:
    case JS_CMD_PLACE_ENTRY:
        jsi_apply_place_k(g, c);
        break;
    case JS_CMD_DICE_DEPLOY:
        jsi_apply_dice_deploy(g, c);
        break;
    default: /* JSI_CMD_RUN: nothing to apply, the game runs on */
        break;
    }
    jsi_advance(g);
}

/* Events a command may log before the log has to grow while it runs: most commands log far
 * fewer, so running out of memory is found before anything changes. */
enum { LOG_HEADROOM = 1024 };

/* Apply with rollback: a roll that finds no manual die abandons the whole command. */
static js_status apply_or_park(js_game *g, const js_cmd *c)
{
    bool manual = g->st.dice_kind == JS_DICE_MANUAL;
    int nlog = g->nlog;
    if (!jsi_log_reserve(g, LOG_HEADROOM))
        return JS_ERR_NOMEM;
    if (manual)
        *g->scratch = g->st;
    g->manual_used = 0;
    g->need_die = 0;
    jsi_apply(g, c);
    if (g->error[0])
        return JS_ERR_LIMIT;
    if (!g->need_die) {
        g->nmanual = g->manual_used = 0;
        g->has_parked = 0;
        return JS_OK;
    }
    g->st = *g->scratch;
    g->nlog = nlog;
    g->parked = *c;
    g->has_parked = 1;
    g->need_die = 0;
    return JS_ERR_NEED_DIE;
}

void jsi_start(js_game *g)
{
    js_cmd run;
    memset(&run, 0, sizeof run);
    run.type = JSI_CMD_RUN;
    apply_or_park(g, &run);
}

static js_status submit_status(const js_game *g, js_status s, char *reason, size_t cap)
{
    if (s == JS_ERR_NOMEM && reason && cap)
        snprintf(reason, cap, "out of room for the event log; nothing changed");
    else if (s == JS_ERR_LIMIT && reason && cap)
        snprintf(reason, cap, "the game stopped: %s", g->error);
    return s;
}

js_status js_submit(js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    js_status s = js_check(g, c, reason, cap);
    if (s != JS_OK)
        return s;
    if (c->type == JS_CMD_DIE) {
        if (g->nmanual == g->capmanual) {
            int cap2 = g->capmanual ? 2 * g->capmanual : 32;
            int8_t *n = realloc(g->manual, (size_t)cap2);
            if (!n) {
                if (reason && cap)
                    snprintf(reason, cap, "out of memory for the entered dice; enter the d%d again",
                             g->need_sides);
                return JS_ERR_NOMEM;
            }
            g->manual = n;
            g->capmanual = cap2;
        }
        g->manual[g->nmanual++] = c->value;
        js_cmd parked = g->parked;
        s = apply_or_park(g, &parked);
        if (s == JS_ERR_NEED_DIE)
            return JS_OK; /* the die was taken; maybe another is needed */
        return submit_status(g, s, reason, cap);
    }
    s = apply_or_park(g, c);
    if (s == JS_ERR_NEED_DIE && reason && cap)
        snprintf(reason, cap, "enter a d%d for %s", g->need_sides, g->need_purpose);
    return submit_status(g, s, reason, cap);
}
