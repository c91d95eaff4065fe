/* launch.c — launches into the starting zone and from transports (L, E-2). */
#include "internal.h"

static int pending_index(const js_state *st, int side, int unit)
{
    for (int i = 0; i < st->npending[side]; i++)
        if (st->pending[side][i].unit == unit)
            return i;
    return -1;
}

static int pending_cost(const js_state *st, int side)
{
    int e = 0;
    for (int i = 0; i < st->npending[side]; i++)
        e += st->scn.cards[st->units[st->pending[side][i].unit].def].launch_cost;
    return e;
}

/* Is hex h taken by one of the side's other pending placements? */
static bool pending_covers(const js_state *st, int side, int skip_unit, js_hex h)
{
    for (int i = 0; i < st->npending[side]; i++) {
        const js_pending_launch *p = &st->pending[side][i];
        if (p->unit == skip_unit)
            continue;
        const js_unit *u = &st->units[p->unit];
        const js_card_def *d = &st->scn.cards[u->def];
        for (int k = 0; k < u->nships; k++) {
            js_hex fp[7];
            int n = js_footprint(d->size, p->place[k].hex, p->place[k].facing, fp);
            for (int j = 0; j < n; j++)
                if (js_hex_eq(fp[j], h))
                    return true;
        }
    }
    return false;
}

static bool cargo_loaded_elsewhere(const js_state *st, int side, int skip_unit, int cargo)
{
    for (int i = 0; i < st->npending[side]; i++) {
        const js_pending_launch *p = &st->pending[side][i];
        if (p->unit == skip_unit)
            continue;
        if (p->unit == cargo)
            return true;
        for (int k = 0; k < p->ncargo; k++)
            if (p->cargo[k] == cargo)
                return true;
    }
    return false;
}

/* Ship k of a card at p: facing and phase in range, its footprint on the map, passable, empty
 * when need_empty (also of the side's other pending launches) and apart from ships 0..k-1 of
 * the card. `rule` names the rule in the reason ("L-2", "K-4"). */
static js_status check_ship_place(const js_state *st, int side, int unit, const js_card_def *d,
                                  const js_ship_place *placed, int k, const js_ship_place *p,
                                  bool need_empty, const char *rule, char *reason, size_t cap)
{
    int col, row;
    js_hex_to_offset(p->hex, &col, &row);
    if (p->facing < 1 || p->facing > 6)
        JSI_FAIL(reason, cap, "ship %d: facing must be 1-6", k + 1);
    if (p->phase < 0 || p->phase > JS_PHASE_MAX)
        JSI_FAIL(reason, cap, "ship %d: phase must be %d-%d", k + 1, JS_PHASE_MIN, JS_PHASE_MAX);
    js_hex fp[7];
    int n = js_footprint(d->size, p->hex, p->facing, fp);
    for (int j = 0; j < n; j++) {
        if (!js_hex_on_map(st, fp[j]))
            JSI_FAIL(reason, cap, "G-3: ship %d at (%d,%d) would reach off the map", k + 1, col, row);
        if (!jsi_hex_passable(st, fp[j]))
            JSI_FAIL(reason, cap, "G-8: ship %d at (%d,%d) would cover impassable terrain", k + 1, col, row);
        if (need_empty && (!jsi_hex_empty(st, fp[j]) || pending_covers(st, side, unit, fp[j])))
            JSI_FAIL(reason, cap, "%s: ship %d at (%d,%d) needs empty hexes", rule, k + 1, col, row);
    }
    for (int m = 0; m < k; m++) {
        js_hex other[7];
        int no = js_footprint(d->size, placed[m].hex, placed[m].facing, other);
        if (jsi_footprint_distance(fp, n, other, no, false) == 0)
            JSI_FAIL(reason, cap, "%s: ships %d and %d of the card overlap", rule, m + 1, k + 1);
    }
    return JS_OK;
}

/* Every ship of the card as check_ship_place says, then a squadron's ships each beside another. */
js_status jsi_check_places(const js_state *st, int side, int unit, const js_ship_place *place,
                           const js_card_def *d, bool need_empty, const char *rule, char *reason,
                           size_t cap)
{
    for (int k = 0; k < d->ships; k++) {
        js_status s = check_ship_place(st, side, unit, d, place, k, &place[k], need_empty, rule, reason, cap);
        if (s != JS_OK)
            return s;
    }
    if (d->ships > 1)
        for (int k = 0; k < d->ships; k++) {
            js_hex fk[7];
            int nk = js_footprint(d->size, place[k].hex, place[k].facing, fk);
            bool ok = false;
            for (int m = 0; m < d->ships && !ok; m++) {
                js_hex fm[7];
                int nm = js_footprint(d->size, place[m].hex, place[m].facing, fm);
                ok = m != k && jsi_footprint_distance(fk, nk, fm, nm, false) == 1;
            }
            if (!ok)
                JSI_FAIL(reason, cap, "%s: squadron ship %d must be adjacent to another of its ships", rule, k + 1);
        }
    return JS_OK;
}

/* Ship k at p covers at least one hex of the side's starting zone (L-2). */
static js_status check_in_zone(const js_state *st, int side, const js_card_def *d, int k,
                               const js_ship_place *p, char *reason, size_t cap)
{
    unsigned zbit = side == JS_SIDE_A ? JS_ZONE_A : JS_ZONE_B;
    js_hex fp[7];
    int n = js_footprint(d->size, p->hex, p->facing, fp);
    for (int j = 0; j < n; j++) {
        int idx = js_scenario_hex_index(&st->scn, fp[j]);
        if (idx >= 0 && (st->scn.zone[idx] & zbit))
            return JS_OK;
    }
    JSI_FAIL(reason, cap, "L-2: ship %d must cover at least one hex of the starting zone", k + 1);
}

/* Cargo ship k at p is beside its transport (L-5). */
static js_status check_by_transport(const js_state *st, int transport, const js_card_def *d, int k,
                                    const js_ship_place *p, char *reason, size_t cap)
{
    js_hex tf[7], fp[7];
    int tn = js_ship_footprint(st, transport, tf);
    int n = js_footprint(d->size, p->hex, p->facing, fp);
    if (jsi_footprint_distance(fp, n, tf, tn, false) != 1)
        JSI_FAIL(reason, cap, "L-5: ship %d must be placed adjacent to its transport", k + 1);
    return JS_OK;
}

int js_hold_space(const js_card_def *d) { return d->ships * jsi_size_hexes(d->size); }

int js_hold_used(const js_state *st, int ship, int *ncards)
{
    int used = 0, n = 0;
    for (int i = 0; i < st->nunits; i++)
        if (st->units[i].where == JS_AT_CARGO && st->units[i].carrier == ship && st->units[i].def >= 0) {
            used += js_hold_space(&st->scn.cards[st->units[i].def]);
            n++;
        }
    if (ncards)
        *ncards = n;
    return used;
}

js_status js_check_cargo(const js_state *st, int side, int transport_unit, const int16_t *cargo,
                         int ncargo, char *reason, size_t cap)
{
    const js_card_def *d = &st->scn.cards[st->units[transport_unit].def];
    if (ncargo < 0 || ncargo > JS_MAX_CARGO)
        JSI_FAIL(reason, cap, "L-4: at most %d cards in a hold", JS_MAX_CARGO);
    if (ncargo > 0 && d->capacity <= 0)
        JSI_FAIL(reason, cap, "L-4: %s has no hold", d->name);
    int used = 0;
    for (int i = 0; i < ncargo; i++) {
        int cu = cargo[i];
        if (cu < 0 || cu >= st->nunits || cu == transport_unit)
            JSI_FAIL(reason, cap, "L-4: cargo card #%d does not exist", cu);
        const js_unit *u = &st->units[cu];
        const js_card_def *cd = &st->scn.cards[u->def];
        if (u->side != side || u->where != JS_AT_RESERVE)
            JSI_FAIL(reason, cap, "L-4: cargo %s is not in your reserve", cd->name);
        for (int j = 0; j < i; j++)
            if (cargo[j] == cu)
                JSI_FAIL(reason, cap, "L-4: %s is loaded twice", cd->name);
        if (cargo_loaded_elsewhere(st, side, transport_unit, cu) || jsi_unit_committed(st, side, cu))
            JSI_FAIL(reason, cap, "L-4: %s is already launching, loaded or deploying this turn", cd->name);
        if (cd->size >= d->size)
            JSI_FAIL(reason, cap, "L-4: %s carries only ships smaller than itself", d->name);
        used += js_hold_space(cd);
    }
    if (used > d->capacity)
        JSI_FAIL(reason, cap, "L-4: cargo needs %d hold space; %s has %d", used, d->name, d->capacity);
    return JS_OK;
}

js_status js_check_launch_place(const js_state *st, int side, int unit, const js_ship_place *placed,
                                int nplaced, const js_ship_place *p, char *reason, size_t cap)
{
    if (unit < 0 || unit >= st->nunits || st->units[unit].def < 0)
        JSI_FAIL(reason, cap, "no card #%d", unit);
    const js_unit *u = &st->units[unit];
    const js_card_def *d = &st->scn.cards[u->def];
    if (nplaced < 0 || nplaced >= d->ships)
        JSI_FAIL(reason, cap, "L-2: %s has %d ship(s)", d->name, d->ships);
    js_status s = check_ship_place(st, side, unit, d, placed, nplaced, p, true, "L-2", reason, cap);
    if (s != JS_OK)
        return s;
    if (u->where == JS_AT_CARGO && u->carrier >= 0)
        return check_by_transport(st, u->carrier, d, nplaced, p, reason, cap);
    return check_in_zone(st, side, d, nplaced, p, reason, cap);
}

int js_launch_energy(const js_state *st, int side)
{
    return st->energy[side] - pending_cost(st, side);
}

js_status js_check_launch_start(const js_state *st, int side, int unit, bool from_hold, char *reason,
                                size_t cap)
{
    if (unit < 0 || unit >= st->nunits)
        JSI_FAIL(reason, cap, "no card #%d", unit);
    const js_unit *u = &st->units[unit];
    const js_card_def *d = &st->scn.cards[u->def];
    if (u->side != side)
        JSI_FAIL(reason, cap, "%s is not yours", d->name);
    if (pending_index(st, side, unit) >= 0)
        JSI_FAIL(reason, cap, "%s is already launching this turn (cancel it first)", d->name);
    if (cargo_loaded_elsewhere(st, side, unit, unit))
        JSI_FAIL(reason, cap, "%s is loaded into a launching transport", d->name);
    if (jsi_unit_in_play(st, side, unit))
        JSI_FAIL(reason, cap, "%s is deploying through a jump point this turn", d->name);
    if (js_unit_dice_deploying(st, side, unit))
        JSI_FAIL(reason, cap, "K-4: %s is deploying by command dice this turn", d->name);
    if (!(st->scn.deploy & JS_DEPLOY_LAUNCH) && !from_hold)
        JSI_FAIL(reason, cap, "L-1: this scenario has no launches into starting zones");
    if (st->npending[side] >= JS_MAX_PENDING)
        JSI_FAIL(reason, cap, "at most %d launches a turn", JS_MAX_PENDING);
    int energy = js_launch_energy(st, side);
    if (d->launch_cost > energy)
        JSI_FAIL(reason, cap, "E-2: launching %s costs %d energy; %d left", d->name, d->launch_cost,
                 energy);
    if (!from_hold) {
        if (u->where != JS_AT_RESERVE)
            JSI_FAIL(reason, cap, "L-1: %s is not in the reserve", d->name);
        return JS_OK;
    }
    int t = u->carrier;
    if (u->where != JS_AT_CARGO || t < 0)
        JSI_FAIL(reason, cap, "L-5: %s is not in a hold", d->name);
    if (!jsi_ship_active(st, t))
        JSI_FAIL(reason, cap, "L-5: its transport is not active on the map");
    if (st->units[st->ships[t].unit].arrived_turn >= st->turn)
        JSI_FAIL(reason, cap, "L-5: cargo launches from the turn after its transport arrived");
    return JS_OK;
}

js_status jsi_check_launch(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    if (c->type == JS_CMD_CANCEL_LAUNCH) {
        if (c->unit < 0 || c->unit >= st->nunits)
            JSI_FAIL(reason, cap, "no card #%d", c->unit);
        const js_card_def *d = &st->scn.cards[st->units[c->unit].def];
        if (st->units[c->unit].side != c->side)
            JSI_FAIL(reason, cap, "%s is not yours", d->name);
        if (pending_index(st, c->side, c->unit) < 0)
            JSI_FAIL(reason, cap, "%s has no launch to cancel", d->name);
        return JS_OK;
    }
    bool from_hold = c->type == JS_CMD_LAUNCH_CARGO;
    js_status s = js_check_launch_start(st, c->side, c->unit, from_hold, reason, cap);
    if (s != JS_OK)
        return s;
    const js_unit *u = &st->units[c->unit];
    const js_card_def *d = &st->scn.cards[u->def];
    if (c->nplace != d->ships)
        JSI_FAIL(reason, cap, "L-2: place all %d ship(s) of %s", d->ships, d->name);
    if (from_hold && c->ncargo)
        JSI_FAIL(reason, cap, "L-4: cargo never carries cargo");
    s = jsi_check_places(st, c->side, c->unit, c->place, d, true, "L-2", reason, cap);
    if (s != JS_OK)
        return s;
    for (int k = 0; k < d->ships; k++) {
        s = from_hold ? check_by_transport(st, u->carrier, d, k, &c->place[k], reason, cap)
                      : check_in_zone(st, c->side, d, k, &c->place[k], reason, cap);
        if (s != JS_OK)
            return s;
    }
    return from_hold ? JS_OK : js_check_cargo(st, c->side, c->unit, c->cargo, c->ncargo, reason, cap);
}

void jsi_apply_launch(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    js_pending_launch *p = &st->pending[c->side][st->npending[c->side]++];
    memset(p, 0, sizeof *p);
    p->unit = c->unit;
    p->carrier = c->type == JS_CMD_LAUNCH_CARGO ? st->units[c->unit].carrier : -1;
    p->ncargo = c->type == JS_CMD_LAUNCH ? c->ncargo : 0;
    for (int i = 0; i < p->ncargo; i++)
        p->cargo[i] = c->cargo[i];
    for (int k = 0; k < st->units[c->unit].nships; k++)
        p->place[k] = c->place[k];
    st->units[c->unit].pending = 1;
}

void jsi_cancel_launch(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    int i = pending_index(st, c->side, c->unit);
    int n = st->npending[c->side];
    memmove(&st->pending[c->side][i], &st->pending[c->side][i + 1],
            (size_t)(n - i - 1) * sizeof(js_pending_launch));
    memset(&st->pending[c->side][n - 1], 0, sizeof(js_pending_launch));
    st->npending[c->side]--;
    st->units[c->unit].pending = 0;
}

bool js_unit_launching(const js_state *st, int side, int unit)
{
    for (int i = 0; i < st->npending[side]; i++) {
        const js_pending_launch *p = &st->pending[side][i];
        if (p->unit == unit)
            return true;
        for (int k = 0; k < p->ncargo; k++)
            if (p->cargo[k] == unit)
                return true;
    }
    return false;
}

bool jsi_side_can_launch(const js_state *st, int side)
{
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side != side)
            continue;
        if (u->where == JS_AT_RESERVE)
            return true;
        if (u->where == JS_AT_CARGO && u->carrier >= 0 && jsi_ship_active(st, u->carrier))
            return true;
    }
    return false;
}

/* Reveal (T-1): both sides' launches arrive, initiative side first; energy is paid (E-2). */
void jsi_reveal_launches(js_game *g)
{
    js_state *st = &g->st;
    int first = js_initiative(st->turn);
    for (int n = 0; n < JS_SIDES; n++) {
        int side = n == 0 ? first : jsi_other(first);
        unsigned own = JS_SIDE_MASK(side);
        for (int i = 0; i < st->npending[side]; i++) {
            js_pending_launch *p = &st->pending[side][i];
            js_unit *u = &st->units[p->unit];
            const js_card_def *d = &st->scn.cards[u->def];
            u->pending = 0;
            bool room = true;
            for (int k = 0; k < u->nships && room; k++) {
                js_hex fp[7];
                int nf = js_footprint(d->size, p->place[k].hex, p->place[k].facing, fp);
                for (int j = 0; j < nf; j++)
                    room = room && jsi_hex_empty(st, fp[j]);
            }
            if (p->carrier >= 0 && !jsi_ship_active(st, p->carrier))
                room = false;
            if (!room) {
                jsi_ab(jsi_log(g, JS_EV_CANCELLED, side, own, p->unit, -1, JSI_NOHEX, JSI_NOHEX, 0, 0,
                               "L-3: no room to launch %s; it stays where it was", d->name),
                       JS_UNIT_CARD, JS_UNIT_NONE);
                continue;
            }
            st->energy[side] -= d->launch_cost;
            jsi_log(g, JS_EV_ENERGY, side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX,
                    -d->launch_cost, st->energy[side], "%s pays %d energy to launch %s (%d left)",
                    jsi_side_name(st, side), d->launch_cost, d->name, st->energy[side]);
            u->where = JS_AT_MAP;
            u->carrier = -1;
            u->arrived_turn = st->turn;
            for (int k = 0; k < u->nships; k++) {
                jsi_place_ship(g, u->first_ship + k, p->place[k]);
                char nb[64];
                int col, row;
                js_hex_to_offset(p->place[k].hex, &col, &row);
                jsi_log(g, JS_EV_LAUNCH, side, JS_BOTH_SIDES, u->first_ship + k, p->unit,
                        p->place[k].hex, JSI_NOHEX, p->place[k].facing, 0, "%s launches %s at (%d,%d)",
                        jsi_side_name(st, side), jsi_ship_name(st, u->first_ship + k, nb, sizeof nb),
                        col, row);
            }
            for (int k = 0; k < p->ncargo; k++) {
                js_unit *cu = &st->units[p->cargo[k]];
                cu->where = JS_AT_CARGO;
                cu->carrier = u->first_ship;
                jsi_log(g, JS_EV_LOAD, side, own, p->cargo[k], u->first_ship, JSI_NOHEX, JSI_NOHEX, 0,
                        0, "%s loaded into the hold of %s", st->scn.cards[cu->def].name, d->name);
            }
        }
        memset(st->pending[side], 0, sizeof st->pending[side]);
        st->npending[side] = 0;
    }
}
