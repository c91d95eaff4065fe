/* turn.c — the turn sequence (T): which phase runs, who decides next, resolution (R) and
 * victory (W). */
#include "internal.h"

static bool side_can_act(const js_state *st, int side)
{
    switch (st->phase) {
    case JS_PHASE_POD1:
    case JS_PHASE_POD2:
        return jsi_side_pods_can_act(st, side);
    case JS_PHASE_MISSILE:
        return jsi_side_has_missiles(st, side);
    case JS_PHASE_POD_COMBAT:
        return jsi_side_can_pod_attack(st, side);
    default:
        return false;
    }
}

/* Alternating sub-phases: the preferred side if it can act, else the other, else -1. */
int jsi_next_to_move(const js_state *st, int preferred)
{
    if (side_can_act(st, preferred))
        return preferred;
    if (side_can_act(st, jsi_other(preferred)))
        return jsi_other(preferred);
    return -1;
}

static bool side_has_plotting(const js_state *st, int side)
{
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && jsi_ship_executes(st, i))
            return true;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && st->pods[i].side == side)
            return true;
    return false;
}

void jsi_enter_phase(js_game *g, int phase)
{
    js_state *st = &g->st;
    st->phase = (int8_t)phase;
    st->ready = 0;
    st->passed = 0;
    st->to_move = -1;
    if (phase != JS_PHASE_RESOLUTION && phase != JS_PHASE_OVER)
        jsi_log(g, JS_EV_PHASE, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, phase, st->turn,
                "Turn %d: %s phase", st->turn, js_phase_name(phase));
    switch (phase) {
    case JS_PHASE_COMMAND:
        for (int s = 0; s < JS_SIDES; s++)
            if (!jsi_side_can_launch(st, s) && !(st->nhand[s] > 0 && (st->scn.deploy & JS_DEPLOY_JUMP)))
                st->ready |= (int8_t)JS_SIDE_MASK(s);
        break;
    case JS_PHASE_PLOT:
        for (int s = 0; s < JS_SIDES; s++)
            if (!side_has_plotting(st, s))
                st->ready |= (int8_t)JS_SIDE_MASK(s);
        for (int i = 0; i < st->nships; i++)
            st->ships[i].plotted = 0;
        for (int i = 0; i < JS_MAX_PODS; i++)
            st->pods[i].plotted = 0;
        break;
    case JS_PHASE_POD1:
    case JS_PHASE_POD2:
        for (int i = 0; i < JS_MAX_PODS; i++)
            st->pods[i].acted = 0;
        st->to_move = (int8_t)jsi_next_to_move(st, js_initiative(st->turn));
        break;
    case JS_PHASE_MISSILE:
    case JS_PHASE_POD_COMBAT:
        st->to_move = (int8_t)jsi_next_to_move(st, js_initiative(st->turn));
        break;
    case JS_PHASE_SHIP_COMBAT:
        for (int s = 0; s < JS_SIDES; s++)
            if (!jsi_side_in_ship_combat(st, s))
                st->ready |= (int8_t)JS_SIDE_MASK(s);
        break;
    default:
        break;
    }
}

/* E-1: income at the start of every Command phase, turn 1's included. */
void jsi_income(js_game *g)
{
    js_state *st = &g->st;
    for (int s = 0; s < JS_SIDES; s++) {
        const js_side_cfg *c = &st->scn.sides[s];
        if ((st->scn.position.energy_set & JS_SIDE_MASK(s)) && st->turn == jsi_first_turn(&st->scn)) {
            /* Z-36: a position's energy is the side's energy in its first turn */
            jsi_log(g, JS_EV_ENERGY, s, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, 0, st->energy[s],
                    "%s has %d energy", c->name, st->energy[s]);
            continue;
        }
        int e = st->energy[s] + c->energy_income;
        if (e > c->energy_max)
            e = c->energy_max;
        if (e < 0)
            e = 0;
        jsi_log(g, JS_EV_ENERGY, s, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, e - st->energy[s], e,
                "%s gains %d energy (%d)", c->name, e - st->energy[s], e);
        st->energy[s] = (int16_t)e;
    }
}

static bool side_has_forces(const js_state *st, int side)
{
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side != side)
            continue;
        if (u->where == JS_AT_RESERVE || u->where == JS_AT_CARGO)
            return true;
        if (u->where == JS_AT_MAP)
            for (int k = 0; k < u->nships; k++)
                if (jsi_ship_live(st, u->first_ship + k))
                    return true;
    }
    return false;
}

/* W-1: a ship's share of its card's points. */
static int ship_share(const js_state *st, int ship)
{
    const js_card_def *d = jsi_card(st, ship);
    return d->points / d->ships;
}

/* W-1: side scores pts for ship (cause: destroyed, cargo lost with carrier, disabled at the end). */
static void score(js_game *g, int side, int pts, int cause, int ship, int carrier)
{
    js_state *st = &g->st;
    if (pts <= 0)
        return;
    st->points[side] += (int16_t)pts;
    char nb[64];
    js_event *e = jsi_log(g, JS_EV_POINTS, side, JS_BOTH_SIDES, ship, carrier, JSI_NOHEX, JSI_NOHEX, pts,
                          st->points[side], "%s scores %d (%s); %d in all", jsi_side_name(st, side), pts,
                          cause == JS_CAUSE_CARGO_LOST ? "cargo lost" : jsi_ship_name(st, ship, nb, sizeof nb),
                          st->points[side]);
    jsi_ab(e, JS_UNIT_SHIP, JS_UNIT_SHIP);
    e->cause = (int8_t)cause;
}

static void remove_destroyed(js_game *g)
{
    js_state *st = &g->st;
    char nb[64];
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!s->on_map || s->state != JS_SHIP_DESTROYED)
            continue;
        s->on_map = 0;
        score(g, jsi_other(s->side), ship_share(st, i), JS_CAUSE_DESTROYED, i, -1);
        for (int p = 0; p < JS_MAX_PODS; p++)
            if (st->pods[p].alive && st->pods[p].controller == i) {
                st->pods[p].alive = 0;
                jsi_log(g, JS_EV_POD_REMOVED, s->side, JS_BOTH_SIDES, p, i, st->pods[p].pos, JSI_NOHEX, 0,
                        0, "D-3: pod group #%d goes with its ship", p)
                    ->cause = JS_CAUSE_WITH_ITS_SHIP;
            }
        for (int u = 0; u < st->nunits; u++) {
            js_unit *cu = &st->units[u];
            if (cu->where != JS_AT_CARGO || cu->carrier != i)
                continue;
            cu->where = JS_AT_GONE;
            for (int k = 0; k < cu->nships; k++) {
                st->ships[cu->first_ship + k].state = JS_SHIP_DESTROYED;
                score(g, jsi_other(s->side), ship_share(st, cu->first_ship + k), JS_CAUSE_CARGO_LOST,
                      cu->first_ship + k, i);
            }
            jsi_log(g, JS_EV_DESTROYED, s->side, JS_BOTH_SIDES, cu->first_ship, u, s->pos, JSI_NOHEX, 0, 0,
                    "L-6: %s is lost in the hold of %s", st->scn.cards[cu->def].name,
                    jsi_ship_name(st, i, nb, sizeof nb))
                ->cause = JS_CAUSE_CARGO_LOST;
        }
        js_unit *un = &st->units[s->unit];
        bool all = true;
        for (int k = 0; k < un->nships; k++)
            all = all && st->ships[un->first_ship + k].state == JS_SHIP_DESTROYED;
        if (all)
            un->where = JS_AT_GONE;
    }
}

static void update_tr(js_game *g)
{
    js_state *st = &g->st;
    char nb[64];
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!jsi_ship_live(st, i))
            continue;
        int groups = 0;
        for (int p = 0; p < JS_MAX_PODS; p++)
            groups += st->pods[p].alive && st->pods[p].controller == i;
        int tr = jsi_card(st, i)->tr - groups; /* */
        if (tr < 0)
            tr = 0;
        if (tr != s->tr)
            jsi_log(g, JS_EV_TR, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, tr, s->tr,
                    "%s: tactical rating %d, was %d (its card's %d, less one for each pod group it controls: %d)",
                    jsi_ship_name(st, i, nb, sizeof nb), tr, s->tr, jsi_card(st, i)->tr, groups);
        s->tr = (int8_t)tr;
    }
}

static void shift_plans(js_state *st)
{
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!s->on_map)
            continue;
        s->fresh = 0;
        s->plan[0] = s->plan[1];
        s->plan[1] = s->plan[2];
        s->plan[2] = jsi_default_order(s->plan[1].phase ? s->plan[1].phase : s->phase);
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        js_podgroup *p = &st->pods[i];
        if (!p->alive)
            continue;
        p->dir[0] = p->dir[1];
        p->dir[1] = p->dir[2];
        /* dir[2] keeps its value: a group goes straight on unless plotted otherwise */
        p->moved_this_turn = 0;
    }
}

/* W-2: the game ends (cause: target reached, no forces left for `side`, last turn played). */
static void end_game(js_game *g, int cause, int side)
{
    js_state *st = &g->st;
    for (int i = 0; i < st->nships; i++) /* W-1: a ship still disabled scores half its share */
        if (st->ships[i].on_map && st->ships[i].state == JS_SHIP_DISABLED)
            score(g, jsi_other(st->ships[i].side), ship_share(st, i) / 2, JS_CAUSE_DISABLED_AT_END, i, -1);
    char why[64];
    if (cause == JS_CAUSE_NO_FORCES)
        snprintf(why, sizeof why, "%s has no ships left", jsi_side_name(st, side));
    else
        snprintf(why, sizeof why, "%s", cause == JS_CAUSE_TARGET_REACHED ? "target reached" : "last turn played");
    st->winner = st->points[0] > st->points[1] ? 0 : st->points[1] > st->points[0] ? 1 : -1;
    jsi_enter_phase(g, JS_PHASE_OVER);
    js_event *e = jsi_log(g, JS_EV_GAME_OVER, st->winner, JS_BOTH_SIDES, cause == JS_CAUSE_NO_FORCES ? side : -1,
                          -1, JSI_NOHEX, JSI_NOHEX, st->points[0], st->points[1], "Game over (%s): %s %d, %s %d — %s",
                          why, jsi_side_name(st, 0), st->points[0], jsi_side_name(st, 1), st->points[1],
                          st->winner < 0       ? "a draw"
                          : st->winner == 0 ? st->scn.sides[0].name
                                            : st->scn.sides[1].name);
    jsi_ab(e, JS_UNIT_SIDE, JS_UNIT_NONE);
    e->cause = (int8_t)cause;
    if (st->winner >= 0)
        jsi_info(g, JS_BOTH_SIDES, "%s wins", jsi_side_name(st, st->winner));
}

static void end_of_turn(js_game *g);
static void resolve_hand(js_game *g);

static void resolution(js_game *g)
{
    js_state *st = &g->st;
    jsi_log(g, JS_EV_PHASE, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, JS_PHASE_RESOLUTION,
            st->turn, "Turn %d: resolution phase", st->turn);
    remove_destroyed(g);
    update_tr(g);
    for (int i = 0; i < JS_MAX_MISSILES; i++) /* U-4: a missile lasts until missile combat ends */
        st->missiles[i].alive = 0;
    unsigned pick = jsi_resolve_dice_captures(g); /* K-7 */
    if (pick) {
        jsi_enter_phase(g, JS_PHASE_NEW_ENTRY);
        st->ready = (int8_t)(JS_BOTH_SIDES & ~pick);
        return;
    }
    resolve_hand(g);
}

/* The rest of the Resolution phase: the hand (H-5), then the turn's end. */
static void resolve_hand(js_game *g)
{
    js_state *st = &g->st;
    if (jsi_quarter(g)) { /* H-5: a side above its Billet discards first */
        int8_t ready = st->ready;
        jsi_enter_phase(g, JS_PHASE_DISCARD);
        st->ready = ready;
        return;
    }
    end_of_turn(g);
}

/* W-2 and the next turn, once the hand is settled. */
static void end_of_turn(js_game *g)
{
    js_state *st = &g->st;
    int target = st->scn.target_points;
    if (target > 0 && (st->points[0] >= target || st->points[1] >= target)) {
        end_game(g, JS_CAUSE_TARGET_REACHED, -1);
        return;
    }
    for (int s = 0; s < JS_SIDES; s++)
        if (!side_has_forces(st, s)) {
            end_game(g, JS_CAUSE_NO_FORCES, s);
            return;
        }
    if (st->turn >= st->scn.turn_limit) {
        end_game(g, JS_CAUSE_LAST_TURN, -1);
        return;
    }
    shift_plans(st);
    st->turn++;
    jsi_log(g, JS_EV_TURN, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->turn, 0, "Turn %d begins",
            st->turn);
    jsi_enter_phase(g, JS_PHASE_COMMAND);
    jsi_income(g);
}

/* Runs phases until one waits on a side or the game is over. It ends: every pass either returns
 * or enters a later phase of the turn, and the turn count only grows, up to the turn limit. A
 * turn nobody can act in (every ship disabled, say) passes through here without a decision. */
void jsi_advance(js_game *g)
{
    js_state *st = &g->st;
    for (;;) {
        if (g->need_die)
            return;
        switch (st->phase) {
        case JS_PHASE_SETUP_BUY:
        case JS_PHASE_SETUP_JP:
        case JS_PHASE_SETUP_VANGUARD:
        case JS_PHASE_SETUP_JO:
            if (!jsi_setup_advance(g))
                return;
            break;
        case JS_PHASE_DISCARD:
            if (st->ready != JS_BOTH_SIDES)
                return;
            jsi_reveal_discards(g);
            end_of_turn(g);
            break;
        case JS_PHASE_COMMAND:
            if (!st->kdice_rolled) { /* K-3: each side's command dice, before anyone decides */
                jsi_roll_command_dice(g);
                break;
            }
            if (st->ready != JS_BOTH_SIDES)
                return;
            jsi_reveal_launches(g);
            jsi_reveal_plays(g);
            jsi_reveal_dice(g);
            jsi_enter_phase(g, JS_PHASE_PLOT);
            break;
        case JS_PHASE_NEW_ENTRY:
            if (st->ready != JS_BOTH_SIDES)
                return;
            resolve_hand(g);
            break;
        case JS_PHASE_PLOT:
            if (st->ready != JS_BOTH_SIDES)
                return;
            jsi_log(g, JS_EV_REVEAL, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, 0, 0,
                    "Both sides have plotted; orders execute");
            jsi_start_movement(g);
            jsi_enter_phase(g, JS_PHASE_POD1);
            break;
        case JS_PHASE_POD1:
            if (st->to_move >= 0)
                return;
            jsi_enter_phase(g, JS_PHASE_SHIPS);
            jsi_ship_movement(g);
            jsi_enter_phase(g, JS_PHASE_POD2);
            break;
        case JS_PHASE_SHIPS: /* only reached when a parked command resumes */
            jsi_enter_phase(g, JS_PHASE_POD2);
            break;
        case JS_PHASE_POD2:
            if (st->to_move >= 0)
                return;
            jsi_enter_phase(g, JS_PHASE_MISSILE);
            break;
        case JS_PHASE_MISSILE:
            if (st->to_move >= 0)
                return;
            jsi_enter_phase(g, JS_PHASE_POD_COMBAT);
            break;
        case JS_PHASE_POD_COMBAT:
            if (st->attack.active || st->to_move >= 0)
                return;
            jsi_enter_phase(g, JS_PHASE_SHIP_COMBAT);
            break;
        case JS_PHASE_SHIP_COMBAT:
            if (st->ready != JS_BOTH_SIDES)
                return;
            jsi_resolve_ship_combat(g);
            jsi_enter_phase(g, JS_PHASE_RESOLUTION);
            break;
        case JS_PHASE_RESOLUTION:
            resolution(g);
            break;
        default:
            return;
        }
    }
}
