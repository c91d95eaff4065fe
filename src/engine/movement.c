/* movement.c — the movement phase (V): guard pods, phases, ships in lock-step, ECM, launches,
 * pod groups. */
#include "internal.h"

/* V-1: guard-pod redistributions, then phase changes, for every ship executing orders. */
void jsi_start_movement(js_game *g)
{
    js_state *st = &g->st;
    char nb[64];
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!jsi_ship_executes(st, i) || !s->plan[0].redistribute)
            continue;
        int sum = 0;
        for (int k = 0; k < 6; k++)
            sum += s->plan[0].guard[k];
        if (sum != jsi_guard_total(s)) {
            jsi_log(g, JS_EV_CANCELLED, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, 0, 0,
                    "%s: guard split no longer matches its %d guard pods; not redistributed",
                    jsi_ship_name(st, i, nb, sizeof nb), jsi_guard_total(s));
            continue;
        }
        memcpy(s->guard, s->plan[0].guard, sizeof s->guard);
        jsi_log(g, JS_EV_GUARD, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, sum, 0,
                "%s redistributes its guard pods", jsi_ship_name(st, i, nb, sizeof nb));
    }
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!jsi_ship_executes(st, i) || s->plan[0].phase == s->phase || !s->plan[0].phase)
            continue;
        jsi_log(g, JS_EV_PHASE_CHANGE, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX,
                s->plan[0].phase, s->phase, "%s shifts to phase %d",
                jsi_ship_name(st, i, nb, sizeof nb), s->plan[0].phase);
        s->phase = s->plan[0].phase;
    }
}

/* E-3: pay activation, once per card, cards in ascending id order. */
static void pay_activations(js_game *g)
{
    js_state *st = &g->st;
    for (int u = 0; u < st->nunits; u++) {
        js_unit *un = &st->units[u];
        if (un->where != JS_AT_MAP && un->where != JS_AT_ARRIVING)
            continue;
        bool active = false;
        for (int k = 0; k < un->nships && !active; k++) {
            int s = un->first_ship + k;
            active = jsi_ship_executes(st, s) && jsi_order_activates(&st->ships[s].plan[0]);
        }
        if (!active)
            continue;
        const js_card_def *d = &st->scn.cards[un->def];
        int side = un->side;
        if (st->energy[side] >= d->activation_cost) {
            st->energy[side] -= d->activation_cost;
            un->activated_turn = st->turn;
            if (d->activation_cost)
                jsi_log(g, JS_EV_ENERGY, side, JS_BOTH_SIDES, un->first_ship, u, JSI_NOHEX, JSI_NOHEX,
                        -d->activation_cost, st->energy[side], "%s pays %d energy to activate %s (%d left)",
                        jsi_side_name(st, side), d->activation_cost, d->name, st->energy[side]);
            continue;
        }
        jsi_log(g, JS_EV_CANCELLED, side, JS_BOTH_SIDES, un->first_ship, u, JSI_NOHEX, JSI_NOHEX,
                d->activation_cost, st->energy[side],
                "E-3: %s cannot pay %d energy to activate %s; its moves and launches are cancelled",
                jsi_side_name(st, side), d->activation_cost, d->name);
        for (int k = 0; k < un->nships; k++) {
            js_order *o = &st->ships[un->first_ship + k].plan[0];
            o->move = 0;
            o->msl_fwd = o->msl_aft = 0;
            o->pods = 0;
        }
    }
}

static void apply_turns(js_game *g)
{
    js_state *st = &g->st;
    char nb[64];
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!jsi_ship_executes(st, i) || !s->plan[0].turn)
            continue;
        int nf = js_dir_wrap(s->facing + s->plan[0].turn);
        if (!jsi_footprint_ok(st, jsi_card(st, i)->size, s->pos, nf)) {
            jsi_log(g, JS_EV_BLOCKED, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, nf, 0,
                    "%s cannot turn: its stern would leave the map or hit impassable terrain",
                    jsi_ship_name(st, i, nb, sizeof nb));
            continue;
        }
        s->facing = (int8_t)nf;
        jsi_log(g, JS_EV_TURNED, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, nf,
                s->plan[0].turn, "%s turns %s to face %s", jsi_ship_name(st, i, nb, sizeof nb),
                s->plan[0].turn < 0 ? "to port" : "to starboard", js_dir_name(nf));
    }
}

static int ecm_damage(int size) { return size + 1; } /* V-4: 1, 2, 3 for small, medium, large */

/* V-3 and V-4: lock-step impulses with ECM after each. */
static void impulses(js_game *g)
{
    js_state *st = &g->st;
    uint8_t stopped[JS_MAX_SHIPS] = {0};
    uint8_t steps[JS_MAX_SHIPS] = {0}; /* steps taken: arrivals start late (J-6) */
    _Static_assert(JS_MAX_SHIPS % 8 == 0, "adjacency rows are whole bytes");
    uint8_t adj[JS_MAX_SHIPS][JS_MAX_SHIPS / 8]; /* 12.8 KB: every mover against every ship */
    char nb[64];
    jsi_arrivals(g, 0); /* V-6: jump-point arrivals at impulse 0 */
    for (int k = 1;; k++) {
        int arrived = k > 1 ? jsi_arrivals(g, k) : 0; /* J-6: its jump point cleared in the last impulse */
        int movers[JS_MAX_SHIPS], nmovers = 0;
        js_hex from[JS_MAX_SHIPS];
        for (int i = 0; i < st->nships; i++) {
            js_ship *s = &st->ships[i];
            if (!jsi_ship_active(st, i) || stopped[i] || steps[i] >= s->plan[0].move)
                continue;
            int dir = s->plan[0].astern ? js_dir_opposite(s->facing) : s->facing;
            js_hex n = js_hex_neighbor(s->pos, dir);
            if (!jsi_footprint_ok(st, jsi_card(st, i)->size, n, s->facing)) {
                stopped[i] = 1;
                jsi_log(g, JS_EV_BLOCKED, s->side, JS_BOTH_SIDES, i, -1, s->pos, n, k, 0,
                        "V-3: %s stops: the next hex is off the map or impassable",
                        jsi_ship_name(st, i, nb, sizeof nb));
                continue;
            }
            steps[i]++;
            from[nmovers] = n;
            movers[nmovers++] = i;
        }
        if (!nmovers && !arrived)
            break;
        if (!nmovers)
            continue;
        /* adjacency before the impulse, for ECM: a bit per (mover, enemy) pair */
        memset(adj, 0, (size_t)nmovers * sizeof adj[0]);
        for (int m = 0; m < nmovers; m++)
            for (int e = 0; e < st->nships; e++)
                if (st->ships[e].side != st->ships[movers[m]].side && jsi_ship_live(st, e) &&
                    js_ships_adjacent(st, movers[m], e))
                    adj[m][e / 8] |= (uint8_t)(1u << (e % 8));
        for (int m = 0; m < nmovers; m++) {
            js_ship *s = &st->ships[movers[m]];
            js_hex old = s->pos;
            s->pos = from[m];
            from[m] = old;
            char h1[16], h2[16];
            jsi_log(g, JS_EV_MOVE, s->side, JS_BOTH_SIDES, movers[m], -1, old, s->pos, k, s->facing,
                    "%s moves %s \xe2\x86\x92 %s", jsi_ship_name(st, movers[m], nb, sizeof nb),
                    jsi_hex_text(old, h1, sizeof h1), jsi_hex_text(s->pos, h2, sizeof h2));
        }
        for (int m = 0; m < nmovers; m++) {
            int i = movers[m];
            for (int e = 0; e < st->nships; e++) {
                const js_ship *es = &st->ships[e];
                if (es->side == st->ships[i].side || !jsi_ship_active(st, e) ||
                    !jsi_ship_live(st, i) || !js_ships_adjacent(st, i, e))
                    continue;
                if (adj[m][e / 8] & (1u << (e % 8)))
                    continue; /* adjacent before this impulse: no new ECM roll */
                int v = jsi_roll(g, JS_ECM_DIE, es->side,
                                 (jsi_roll_why){JS_ROLL_ECM, 0, JS_UNIT_SHIP, JS_UNIT_SHIP, (int16_t)e, (int16_t)i});
                jsi_roll_outcome(g, v >= JS_ECM_HITS ? JS_OUTCOME_DAMAGED : JS_OUTCOME_NO_EFFECT);
                if (v >= JS_ECM_HITS)
                    jsi_damage(g, i, ecm_damage(jsi_card(st, e)->size), JS_CAUSE_ECM);
                else
                    jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, es->side, JS_BOTH_SIDES, e, i, st->ships[i].pos,
                                   JSI_NOHEX, v, 0, "ECM misses %s", jsi_ship_name(st, i, nb, sizeof nb)),
                           JS_UNIT_SHIP, JS_UNIT_SHIP)
                        ->cause = JS_CAUSE_ECM;
            }
        }
    }
}

static int alloc_slot_pod(js_state *st)
{
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (!st->pods[i].alive)
            return i;
    return -1;
}

static int alloc_slot_missile(js_state *st)
{
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (!st->missiles[i].alive)
            return i;
    return -1;
}

static void launch_missiles(js_game *g, int ship, int count, bool aft)
{
    js_state *st = &g->st;
    js_ship *s = &st->ships[ship];
    const js_card_def *d = jsi_card(st, ship);
    char nb[64];
    int facing = aft ? js_dir_opposite(s->facing) : s->facing;
    js_hex at = js_missile_origin(d->size, (js_ship_place){s->pos, s->facing, s->phase}, aft);
    for (int n = 0; n < count && s->missiles > 0; n++) {
        int m = alloc_slot_missile(st);
        if (m < 0) {
            jsi_log(g, JS_EV_CANCELLED, s->side, JS_BOTH_SIDES, ship, -1, at, JSI_NOHEX, count - n, 0,
                    "%s cannot launch %d missile(s): the battlefield holds at most %d at once",
                    jsi_ship_name(st, ship, nb, sizeof nb), count - n, JS_MAX_MISSILES);
            return;
        }
        js_missile *mi = &st->missiles[m];
        mi->alive = 1;
        mi->side = s->side;
        mi->facing = (int8_t)facing;
        mi->pos = at;
        mi->ship = (int16_t)ship;
        s->missiles--;
        jsi_log(g, JS_EV_MISSILE_LAUNCH, s->side, JS_BOTH_SIDES, ship, m, at, JSI_NOHEX, facing, aft,
                "%s launches a missile %s, heading %s", jsi_ship_name(st, ship, nb, sizeof nb),
                aft ? "aft" : "forward", js_dir_name(facing));
    }
}

/* V-5: launches after the last impulse. */
static void launches(js_game *g)
{
    js_state *st = &g->st;
    char nb[64];
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (!jsi_ship_active(st, i))
            continue;
        const js_order *o = &s->plan[0];
        launch_missiles(g, i, o->msl_fwd, false);
        launch_missiles(g, i, o->msl_aft, true);
        if (o->pods > 0 && s->pod_squadrons > 0) {
            int k = o->pods < s->pod_squadrons ? o->pods : s->pod_squadrons;
            int p = alloc_slot_pod(st);
            if (p < 0) {
                jsi_log(g, JS_EV_CANCELLED, s->side, JS_BOTH_SIDES, i, -1, s->pos, JSI_NOHEX, k, 0,
                        "%s cannot launch its pod group: the battlefield holds at most %d at once",
                        jsi_ship_name(st, i, nb, sizeof nb), JS_MAX_PODS);
                continue;
            }
            js_podgroup *pg = &st->pods[p];
            memset(pg, 0, sizeof *pg);
            pg->alive = 1;
            pg->side = s->side;
            pg->controller = (int16_t)i;
            pg->pos = s->pos; /* centre (large) or bow hex */
            pg->pods = (int16_t)(k * jsi_card(st, i)->pods_per_squadron);
            pg->launched_turn = st->turn;
            memcpy(pg->dir, o->pod_dir, sizeof pg->dir);
            s->pod_squadrons -= (int8_t)k;
            jsi_log(g, JS_EV_POD_LAUNCH, s->side, JS_BOTH_SIDES, i, p, pg->pos, JSI_NOHEX, pg->pods, k,
                    "%s launches a pod group of %d pods", jsi_ship_name(st, i, nb, sizeof nb), pg->pods);
        }
    }
}

void jsi_ship_movement(js_game *g)
{
    pay_activations(g);
    apply_turns(g);
    impulses(g);
    jsi_arrivals_lost(g);
    launches(g);
    jsi_captures(g); /* J-8: at once, when movement ends */
    jsi_dice_captures(g); /* K-7: held until the Resolution phase */
}

bool jsi_pod_can_act(const js_state *st, int group)
{
    const js_podgroup *p = &st->pods[group];
    if (!p->alive || p->acted)
        return false;
    if (st->phase == JS_PHASE_POD1)
        return p->launched_turn != st->turn; /* V-2: launched this turn, second movement only */
    /* V-2 (seed 002 §4.2.1): every group acts in the second movement; one that moved in the first
     * may move again (two hexes a turn), one that held moves at most one hex this turn */
    return st->phase == JS_PHASE_POD2;
}

bool jsi_side_pods_can_act(const js_state *st, int side)
{
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && st->pods[i].side == side && jsi_pod_can_act(st, i))
            return true;
    return false;
}

void jsi_pod_move(js_game *g, int group, bool hold)
{
    js_state *st = &g->st;
    js_podgroup *p = &st->pods[group];
    char hb[16];
    p->acted = 1;
    if (hold) {
        jsi_log(g, JS_EV_POD_HOLD, p->side, JS_BOTH_SIDES, group, p->controller, p->pos, JSI_NOHEX, 0,
                0, "%s pod group #%d holds", jsi_side_name(st, p->side), group);
        return;
    }
    int dir = p->dir[0] ? p->dir[0] : 1;
    js_hex from = p->pos, to = js_hex_neighbor(p->pos, dir);
    if (st->phase == JS_PHASE_POD1)
        p->moved_this_turn = 1;
    if (!js_hex_on_map(st, to)) {
        p->alive = 0;
        js_event *e = jsi_log(g, JS_EV_POD_REMOVED, p->side, JS_BOTH_SIDES, group, p->controller, from, to, 0,
                              0, "V-2: %s pod group #%d leaves the map and is removed", jsi_side_name(st, p->side),
                              group);
        e->cause = JS_CAUSE_OFF_MAP;
        e->outcome = JS_OUTCOME_NONE;
        return;
    }
    if (!jsi_hex_passable(st, to)) {
        jsi_ab(jsi_log(g, JS_EV_BLOCKED, p->side, JS_BOTH_SIDES, group, p->controller, from, to, 0, 0,
                       "G-8: %s pod group #%d cannot enter impassable terrain and stays",
                       jsi_side_name(st, p->side), group),
               JS_UNIT_POD_GROUP, JS_UNIT_SHIP);
        return;
    }
    p->pos = to;
    p->ever_moved = 1;
    p->entered_dir = (int8_t)dir;
    jsi_log(g, JS_EV_POD_MOVE, p->side, JS_BOTH_SIDES, group, p->controller, from, to, dir, 0,
            "%s pod group #%d moves %s to %s", jsi_side_name(st, p->side), group, js_dir_name(dir),
            jsi_hex_text(to, hb, sizeof hb));
}
