/* query.c — read-only questions about a state: footprints, terrain, distances (G, U). */
#include "internal.h"

int jsi_other(int side) { return 1 - side; }
int jsi_size_hexes(int size) { return size == JS_SIZE_LARGE ? 7 : size == JS_SIZE_MEDIUM ? 2 : 1; }
int js_initiative(int turn) { return (turn % 2 == 1) ? JS_SIDE_A : JS_SIDE_B; }

const js_card_def *jsi_card(const js_state *st, int ship)
{
    return &st->scn.cards[st->units[st->ships[ship].unit].def];
}

const js_card_def *js_ship_card(const js_state *st, int ship)
{
    if (ship < 0 || ship >= st->nships)
        return NULL;
    int def = st->units[st->ships[ship].unit].def;
    return def < 0 ? NULL : &st->scn.cards[def];
}

bool jsi_ship_live(const js_state *st, int ship)
{
    const js_ship *s = &st->ships[ship];
    return s->on_map && s->state != JS_SHIP_DESTROYED;
}

bool jsi_ship_active(const js_state *st, int ship)
{
    const js_ship *s = &st->ships[ship];
    return s->on_map && s->state == JS_SHIP_ACTIVE;
}

bool js_hex_on_map(const js_state *st, js_hex h) { return js_scenario_hex_index(&st->scn, h) >= 0; }

const js_terrain_type *js_terrain_at(const js_state *st, js_hex h)
{
    int i = js_scenario_hex_index(&st->scn, h);
    return i < 0 ? NULL : &st->scn.terrain_types[st->scn.terrain[i]];
}

bool jsi_hex_passable(const js_state *st, js_hex h)
{
    const js_terrain_type *t = js_terrain_at(st, h);
    return t && !t->impassable;
}

bool jsi_footprint_ok(const js_state *st, int size, js_hex pos, int facing)
{
    js_hex fp[7];
    int n = js_footprint(size, pos, facing, fp);
    for (int i = 0; i < n; i++)
        if (!jsi_hex_passable(st, fp[i]))
            return false;
    return true;
}

int js_ship_footprint(const js_state *st, int ship, js_hex out[7])
{
    const js_card_def *d = js_ship_card(st, ship);
    if (!d)
        return 0;
    const js_ship *s = &st->ships[ship];
    return js_footprint(d->size, s->pos, s->facing, out);
}

bool jsi_ship_covers(const js_state *st, int ship, js_hex h)
{
    const js_ship *s = &st->ships[ship];
    int size = jsi_card(st, ship)->size;
    int d = js_hex_distance(s->pos, h);
    if (d == 0)
        return true;
    if (d > 1 || size == JS_SIZE_SMALL)
        return false;
    if (size == JS_SIZE_LARGE)
        return true;
    return js_hex_eq(js_hex_neighbor(s->pos, js_dir_opposite(s->facing)), h);
}

bool jsi_hex_empty(const js_state *st, js_hex h)
{
    for (int i = 0; i < st->nships; i++)
        if (jsi_ship_live(st, i) && jsi_ship_covers(st, i, h))
            return false;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, h))
            return false;
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, h))
            return false;
    return true;
}

int jsi_footprint_distance(const js_hex *a, int na, const js_hex *b, int nb, bool largest)
{
    int best = largest ? 0 : 1 << 30;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            int d = js_hex_distance(a[i], b[j]);
            if (largest ? d > best : d < best)
                best = d;
        }
    return best;
}

js_hex js_missile_origin(int size, js_ship_place p, bool aft)
{
    int dir = aft ? js_dir_opposite(p.facing) : p.facing;
    if (size == JS_SIZE_LARGE || (size == JS_SIZE_MEDIUM && aft))
        return js_hex_neighbor(p.hex, dir);
    return p.hex;
}

int js_unit_distance(const js_state *st, int a, int b)
{
    js_hex fa[7], fb[7];
    int na = js_ship_footprint(st, a, fa), nb = js_ship_footprint(st, b, fb);
    return jsi_footprint_distance(fa, na, fb, nb, false);
}

bool js_ships_adjacent(const js_state *st, int a, int b)
{
    /* G-4: some hex of one shares an edge with some hex of the other */
    if (js_hex_distance(st->ships[a].pos, st->ships[b].pos) > 3)
        return false; /* footprints reach at most one hex from their anchor */
    js_hex fa[7], fb[7];
    int na = js_ship_footprint(st, a, fa), nb = js_ship_footprint(st, b, fb);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (js_hex_distance(fa[i], fb[j]) == 1)
                return true;
    return false;
}

bool jsi_ships_share_hex(const js_state *st, int a, int b)
{
    if (js_hex_distance(st->ships[a].pos, st->ships[b].pos) > 2)
        return false;
    js_hex fa[7];
    int na = js_ship_footprint(st, a, fa);
    for (int i = 0; i < na; i++)
        if (jsi_ship_covers(st, b, fa[i]))
            return true;
    return false;
}

js_order jsi_default_order(int phase)
{
    js_order o;
    memset(&o, 0, sizeof o);
    o.phase = (int8_t)phase;
    return o;
}

bool jsi_order_activates(const js_order *o)
{
    return o->move > 0 || o->msl_fwd > 0 || o->msl_aft > 0 || o->pods > 0; /* E-3 */
}

int jsi_guard_total(const js_ship *s)
{
    int t = 0;
    for (int i = 0; i < 6; i++)
        t += s->guard[i];
    return t;
}

/* Why a footprint at (pos, facing) is refused: the first of its hexes off the map or impassable. */
static int footprint_stop(const js_state *st, int size, js_hex pos, int facing, js_hex *where)
{
    js_hex fp[7];
    int n = js_footprint(size, pos, facing, fp);
    for (int i = 0; i < n; i++) {
        const js_terrain_type *t = js_terrain_at(st, fp[i]);
        if (!t || t->impassable) {
            *where = fp[i];
            return t ? JS_STOP_IMPASSABLE : JS_STOP_OFF_MAP;
        }
    }
    return JS_STOP_NONE;
}

/* One turn of a ship's orders applied to a lone ship: turn, then up to n steps (V-3, Z-5). */
static js_ship_place step_plan(const js_state *st, int size, js_ship_place p, const js_order *o,
                               js_plan_note *note)
{
    memset(note, 0, sizeof *note);
    note->stop_hex = JS_NOHEX;
    int nf = js_dir_wrap(p.facing + o->turn);
    if (o->turn) {
        note->turn_stop = (int8_t)footprint_stop(st, size, p.hex, nf, &note->stop_hex);
        if (!note->turn_stop)
            p.facing = (int8_t)nf;
    }
    int dir = o->astern ? js_dir_opposite(p.facing) : p.facing;
    for (int k = 0; k < o->move; k++) {
        js_hex n = js_hex_neighbor(p.hex, dir);
        note->stop = (int8_t)footprint_stop(st, size, n, p.facing, &note->stop_hex);
        if (note->stop)
            break;
        p.hex = n;
        note->steps++;
    }
    p.phase = o->phase;
    return p;
}

int js_project_plan(const js_state *st, int ship, js_ship_place out[JS_PLAN_DEPTH],
                    js_plan_note notes[JS_PLAN_DEPTH])
{
    const js_card_def *d = js_ship_card(st, ship);
    if (!d || !(st->ships[ship].on_map || st->units[st->ships[ship].unit].where == JS_AT_ARRIVING))
        return 0;
    const js_ship *s = &st->ships[ship];
    js_ship_place p = {s->pos, s->facing, s->phase};
    for (int i = 0; i < JS_PLAN_DEPTH; i++) {
        js_plan_note note;
        p = step_plan(st, d->size, p, &s->plan[i], &note);
        out[i] = p;
        if (notes)
            notes[i] = note;
    }
    return JS_PLAN_DEPTH;
}

/* E-3 for plan slot `slot`: each activated card, in ascending id order, pays if it can; one that
 * cannot has its moves and launches cancelled and pays nothing. Returns the cards cancelled. */
static int pay_activations(const js_state *st, int side, int slot, int *energy)
{
    int cancelled = 0;
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->side != side || (un->where != JS_AT_MAP && un->where != JS_AT_ARRIVING) || un->def < 0)
            continue;
        for (int k = 0; k < un->nships; k++) {
            int s = un->first_ship + k;
            if (jsi_ship_executes(st, s) && jsi_order_activates(&st->ships[s].plan[slot])) {
                int cost = st->scn.cards[un->def].activation_cost;
                if (*energy >= cost)
                    *energy -= cost;
                else
                    cancelled++;
                break;
            }
        }
    }
    return cancelled;
}

void js_projected_energy(const js_state *st, int side, int out[JS_PLAN_DEPTH],
                         int cancelled[JS_PLAN_DEPTH])
{
    const js_side_cfg *cfg = &st->scn.sides[side];
    int e = st->energy[side]; /* launches were checked against it, so it stays at 0 or more */
    for (int i = 0; i < st->npending[side]; i++) {
        const js_pending_launch *p = &st->pending[side][i];
        e -= st->scn.cards[st->units[p->unit].def].launch_cost;
    }
    bool moved = st->phase >= JS_PHASE_SHIPS && st->phase <= JS_PHASE_OVER; /* already paid */
    for (int i = 0; i < JS_PLAN_DEPTH; i++) {
        if (i > 0) { /* E-1: income, capped (energy never drops below 0: E-2, E-3 pay only what is there) */
            e += cfg->energy_income;
            if (e > cfg->energy_max)
                e = cfg->energy_max;
        }
        int lost = 0;
        if (!(i == 0 && moved))
            lost = pay_activations(st, side, i, &e);
        out[i] = e;
        if (cancelled)
            cancelled[i] = lost;
    }
}
