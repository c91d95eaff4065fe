/* dice_deploy.c — command dice (K-1, K-3, K-4, K-6, K-8, K-9): the roll in each Command phase,
 * dice spent in secret on deployments, the reveal with hesitant arrivals, what a card deployed so
 * may not do in its first turn, and transports left behind. Sites are jump_off.c's. */
#include "internal.h"

static bool uses_dice(const js_state *st) { return (st->scn.deploy & JS_DEPLOY_DICE) != 0; }
static bool off_map(int where) { return where == JS_AT_RESERVE || where == JS_AT_CARGO; }

/* ---------------------------------------------------------------- roles (K-1) */
int js_k_role_of(const js_card_def *d)
{
    if (d->roles & JS_ROLE_FLAGSHIP)
        return JS_K_SENIOR;
    if (d->roles & JS_ROLE_TRANSPORT)
        return JS_K_TRANSPORT;
    if ((d->roles & JS_ROLE_HEAVY) && d->size >= JS_SIZE_MEDIUM)
        return JS_K_VEHICLE;
    if (d->ships > 1 || (d->roles & JS_ROLE_LEADER))
        return JS_K_LEADER;
    return JS_K_TEAM;
}

unsigned js_k_values(const js_card_def *d)
{
    unsigned scout = (d->roles & JS_ROLE_SCOUT) ? 1u << 1 : 0; /* Z-29: ahead of its squadron */
    switch (js_k_role_of(d)) {
    case JS_K_TEAM:
        return 1u << 1 | 1u << 3; /* a 3 brings it as a support ship with its leader */
    case JS_K_LEADER:
        return 1u << 2 | 1u << 3 | scout;
    case JS_K_SENIOR:
        return 1u << 4;
    case JS_K_VEHICLE:
        return 1u << 3;
    default:
        return 0;
    }
}

bool js_k_via_entry(const js_card_def *d)
{
    int r = js_k_role_of(d);
    bool vehicle = (d->roles & JS_ROLE_HEAVY) && d->size >= JS_SIZE_MEDIUM;
    return r == JS_K_VEHICLE || r == JS_K_TRANSPORT || (r == JS_K_SENIOR && vehicle);
}

static const char *role_text(const js_card_def *d)
{
    static const char *const T[] = {"a team", "a squadron or junior leader", "the senior leader",
                                    "a vehicle", "a transport"};
    return T[js_k_role_of(d)];
}

/* "a 1 or a 3" */
static void values_text(unsigned v, char *buf, size_t cap)
{
    buf[0] = 0;
    int n = 0;
    for (int k = 1; k <= JS_KDICE_SPEND_MAX; k++)
        if (v & (1u << k)) {
            size_t len = strlen(buf);
            snprintf(buf + len, cap - len, "%sa %d", n ? " or " : "", k);
            n++;
        }
    if (!n)
        snprintf(buf, cap, "no die of its own");
}

static const char *const VALUE_MEANS[JS_KDICE_SPEND_MAX + 1] = {
    "", "a team (or a scout ahead of its squadron)", "a squadron with its junior leader",
    "a squadron, support ship or vehicle with its junior leader", "the senior leader"};

/* ---------------------------------------------------------------- queries */
bool js_dice_hesitant(const js_state *st, int side, int site)
{
    if (st->khesitant[side])
        return true;
    return site >= 0 && site < st->nsites && st->sites[site].kind == JS_SITE_ENTRY &&
           st->kentry_hesitant[side];
}

static int dep_index(const js_state *st, int side, int unit)
{
    for (int i = 0; i < st->nkdep[side]; i++)
        if (st->kdep[side][i].unit == unit)
            return i;
    return -1;
}

bool js_unit_dice_deploying(const js_state *st, int side, int unit)
{
    for (int i = 0; i < st->nkdep[side]; i++)
        if (st->kdep[side][i].unit == unit || st->kdep[side][i].passenger == unit)
            return true;
    return false;
}

#define TOTAL_FAIL(...)                                                                          \
    do {                                                                                         \
        if (reason && cap)                                                                       \
            snprintf(reason, cap, __VA_ARGS__);                                                  \
        return 0;                                                                                \
    } while (0)

int js_dice_total(const js_state *st, int side, unsigned mask, int unit, char *reason, size_t cap)
{
    if (!mask)
        TOTAL_FAIL("K-3: spend at least one command die");
    if (mask >> st->nkdice[side])
        TOTAL_FAIL("K-3: %s has %d command dice this phase", jsi_side_name(st, side), st->nkdice[side]);
    int total = 0;
    char sum[48] = "";
    for (int i = 0; i < st->nkdice[side]; i++) {
        if (!(mask & (1u << i)))
            continue;
        int v = st->kdice[side][i];
        if (v > JS_KDICE_SPEND_MAX)
            TOTAL_FAIL("K-3: a %d does nothing here; only dice of 1 to %d are spent", v, JS_KDICE_SPEND_MAX);
        for (int k = 0; k < st->nkdep[side]; k++) {
            const js_dice_deploy *dp = &st->kdep[side][k];
            if (dp->unit != unit && (dp->dice & (1u << i)))
                TOTAL_FAIL("K-3: die %d (a %d) is already spent on %s", i + 1, v,
                           st->scn.cards[st->units[dp->unit].def].name);
        }
        total += v;
        size_t len = strlen(sum);
        snprintf(sum + len, sizeof sum - len, "%s%d", len ? "+" : "", v);
    }
    if (total > JS_KDICE_SPEND_MAX)
        TOTAL_FAIL("K-3: %s = %d; dice add up to %d at most, never into 5 or 6", sum, total,
                   JS_KDICE_SPEND_MAX);
    return total;
}

js_status js_dice_site_check(const js_state *st, int side, int unit, int site, char *reason, size_t cap)
{
    if (unit < 0 || unit >= st->nunits || st->units[unit].def < 0)
        JSI_FAIL(reason, cap, "no card #%d", unit);
    const js_card_def *d = &st->scn.cards[st->units[unit].def];
    bool entry = js_k_via_entry(d);
    if (site < 0 || site >= st->nsites || st->sites[site].side != side ||
        st->sites[site].alive == JS_SITE_GONE ||
        st->sites[site].kind != (entry ? JS_SITE_ENTRY : JS_SITE_JUMP_OFF))
        JSI_FAIL(reason, cap, entry ? "K-6: %s comes through your entry point; name it"
                                    : "K-4: %s deploys at one of your jump-off points; name it",
                 d->name);
    if (!entry && js_jump_off_blocked(st, site)) {
        int sc, sr;
        js_hex_to_offset(st->sites[site].hex, &sc, &sr);
        JSI_FAIL(reason, cap, "K-5: the jump-off point at (%d,%d) is blocked: an enemy ship is within %d hexes",
                 sc, sr, JS_JUMP_OFF_BLOCK);
    }
    return JS_OK;
}

js_status js_dice_ship_check(const js_state *st, int side, int unit, int site, js_ship_place p, int k,
                             char *reason, size_t cap)
{
    js_status r = js_dice_site_check(st, side, unit, site, reason, cap);
    if (r != JS_OK)
        return r;
    const js_card_def *d = &st->scn.cards[st->units[unit].def];
    bool entry = js_k_via_entry(d);
    int col, row, sc, sr;
    js_hex_to_offset(p.hex, &col, &row);
    js_hex_to_offset(st->sites[site].hex, &sc, &sr);
    if (p.facing < 1 || p.facing > 6)
        JSI_FAIL(reason, cap, "ship %d: facing must be 1-6", k + 1);
    if (p.phase < 0 || p.phase > JS_PHASE_MAX)
        JSI_FAIL(reason, cap, "ship %d: phase must be %d-%d", k + 1, JS_PHASE_MIN, JS_PHASE_MAX);
    js_hex fp[7];
    int n = js_footprint(d->size, p.hex, p.facing, fp);
    for (int j = 0; j < n; j++) {
        if (!js_hex_on_map(st, fp[j]))
            JSI_FAIL(reason, cap, "G-3: ship %d at (%d,%d) would reach off the map", k + 1, col, row);
        if (!jsi_hex_passable(st, fp[j]))
            JSI_FAIL(reason, cap, "G-8: ship %d at (%d,%d) would cover impassable terrain", k + 1, col, row);
    }
    int radius = entry ? JS_ENTRY_RADIUS : JS_JUMP_OFF_RADIUS;
    if (jsi_footprint_distance(fp, n, &st->sites[site].hex, 1, true) > radius)
        JSI_FAIL(reason, cap, "%s: ship %d at (%d,%d) is not entirely within %d hexes of the %s at (%d,%d)",
                 entry ? "K-6" : "K-4", k + 1, col, row, radius, entry ? "entry point" : "jump-off point", sc, sr);
    return JS_OK;
}

js_status js_dice_place_check(const js_state *st, int side, int unit, int site,
                              const js_ship_place *place, int nplace, char *reason, size_t cap)
{
    js_status r = js_dice_site_check(st, side, unit, site, reason, cap);
    if (r != JS_OK)
        return r;
    const js_card_def *d = &st->scn.cards[st->units[unit].def];
    if (nplace != d->ships)
        JSI_FAIL(reason, cap, "K-4: place all %d ship(s) of %s", d->ships, d->name);
    for (int k = 0; k < d->ships; k++)
        if ((r = js_dice_ship_check(st, side, unit, site, place[k], k, reason, cap)) != JS_OK)
            return r;
    return jsi_check_places(st, side, unit, place, d, false, "K-4", reason, cap);
}

/* K-9, L-4: the passenger a transport brings in its hold. */
static js_status check_passenger(const js_state *st, int side, int unit, int pu, char *reason, size_t cap)
{
    const js_card_def *td = &st->scn.cards[st->units[unit].def];
    if (pu < 0 || pu >= st->nunits || pu == unit)
        JSI_FAIL(reason, cap, "K-9: no passenger card #%d", pu);
    const js_unit *p = &st->units[pu];
    if (p->side != side || p->where != JS_AT_RESERVE || p->def < 0)
        JSI_FAIL(reason, cap, "K-9: the passenger must be a card in your reserve");
    const js_card_def *pd = &st->scn.cards[p->def];
    if (js_k_role_of(pd) == JS_K_TRANSPORT)
        JSI_FAIL(reason, cap, "L-4: cargo never carries cargo; %s is a transport", pd->name);
    if (pd->size >= td->size)
        JSI_FAIL(reason, cap, "L-4: %s carries only ships smaller than itself", td->name);
    int need = js_hold_space(pd);
    if (need > td->capacity)
        JSI_FAIL(reason, cap, "L-4: %s needs %d hold space; %s has %d", pd->name, need, td->name, td->capacity);
    if (js_unit_launching(st, side, pu) || jsi_unit_in_play(st, side, pu))
        JSI_FAIL(reason, cap, "%s is already launching or deploying this turn", pd->name);
    for (int k = 0; k < st->nkdep[side]; k++) {
        const js_dice_deploy *dp = &st->kdep[side][k];
        if (dp->unit != unit && (dp->unit == pu || dp->passenger == pu))
            JSI_FAIL(reason, cap, "%s is already deploying by command dice this turn", pd->name);
    }
    return JS_OK;
}

js_status jsi_check_dice_deploy(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    int side = c->side;
    if (!uses_dice(st))
        JSI_FAIL(reason, cap, "K-3: this scenario has no command dice");
    if (c->unit < 0 || c->unit >= st->nunits)
        JSI_FAIL(reason, cap, "no card #%d", c->unit);
    const js_unit *u = &st->units[c->unit];
    if (u->side != side)
        JSI_FAIL(reason, cap, "card #%d is not yours", c->unit);
    const js_card_def *d = &st->scn.cards[u->def];
    int mine = dep_index(st, side, c->unit);
    if (!c->dice) {
        if (mine < 0)
            JSI_FAIL(reason, cap, "K-4: %s has no deployment to withdraw", d->name);
        return JS_OK;
    }
    if (u->where != JS_AT_RESERVE)
        JSI_FAIL(reason, cap, "K-4: %s is not in your reserve", d->name);
    if (js_unit_launching(st, side, c->unit))
        JSI_FAIL(reason, cap, "%s is already launching this turn", d->name);
    if (jsi_unit_in_play(st, side, c->unit))
        JSI_FAIL(reason, cap, "%s is deploying through a jump point this turn", d->name);
    for (int k = 0; k < st->nkdep[side]; k++)
        if (st->kdep[side][k].passenger == c->unit)
            JSI_FAIL(reason, cap, "K-9: %s rides in a transport deploying this turn", d->name);
    int total = js_dice_total(st, side, c->dice, c->unit, reason, cap);
    if (!total)
        return JS_ERR_ILLEGAL;
    const js_card_def *vd = d; /* whose role the dice must fit */
    if (js_k_role_of(d) == JS_K_TRANSPORT) {
        if (c->ncargo != 1)
            JSI_FAIL(reason, cap, "K-9: %s deploys only carrying one passenger card; name it", d->name);
        js_status r = check_passenger(st, side, c->unit, c->cargo[0], reason, cap);
        if (r != JS_OK)
            return r;
        vd = &st->scn.cards[st->units[c->cargo[0]].def];
    } else if (c->ncargo) {
        JSI_FAIL(reason, cap, "K-9: only a transport carries a passenger; %s is %s", d->name, role_text(d));
    }
    unsigned values = js_k_values(vd);
    if (!(values & (1u << total))) {
        char vt[48];
        values_text(values, vt, sizeof vt);
        JSI_FAIL(reason, cap, "K-4: a %d deploys %s; %s is %s (%s)", total, VALUE_MEANS[total], vd->name,
                 role_text(vd), vt);
    }
    if (js_k_via_entry(d))
        for (int k = 0; k < st->nkdep[side]; k++) {
            const js_dice_deploy *dp = &st->kdep[side][k];
            const js_card_def *od = &st->scn.cards[st->units[dp->unit].def];
            if (dp->unit != c->unit && js_k_via_entry(od))
                JSI_FAIL(reason, cap, "K-6: one vehicle a turn through the entry point; %s already comes",
                         od->name);
        }
    return js_dice_place_check(st, side, c->unit, c->target, c->place, c->nplace, reason, cap);
}

void jsi_apply_dice_deploy(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    int side = c->side, i = dep_index(st, side, c->unit);
    if (!c->dice) { /* withdraw */
        int n = st->nkdep[side];
        memmove(&st->kdep[side][i], &st->kdep[side][i + 1], (size_t)(n - i - 1) * sizeof(js_dice_deploy));
        memset(&st->kdep[side][n - 1], 0, sizeof(js_dice_deploy));
        st->nkdep[side]--;
        return;
    }
    if (i < 0)
        i = st->nkdep[side]++; /* at most one die each, so never more than JS_MAX_KDICE */
    js_dice_deploy *dp = &st->kdep[side][i];
    memset(dp, 0, sizeof *dp);
    dp->unit = c->unit;
    dp->site = c->target;
    dp->passenger = c->ncargo ? c->cargo[0] : -1;
    dp->dice = c->dice;
    dp->total = (int8_t)js_dice_total(st, side, c->dice, c->unit, NULL, 0);
    for (int k = 0; k < st->units[c->unit].nships; k++)
        dp->place[k] = c->place[k];
}

/* ---------------------------------------------------------------- the roll (K-3, K-8) */
/* K-8, Z-30: every senior leader is on the map (a side without one never hesitates) and no
 * adjutant is left off it. */
static bool hesitant_now(const js_state *st, int side)
{
    bool senior = false;
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side != side)
            continue;
        const js_card_def *d = &st->scn.cards[u->def];
        if (d->roles & JS_ROLE_FLAGSHIP) {
            senior = true;
            if (off_map(u->where))
                return false;
        }
        if ((d->roles & JS_ROLE_ADJUTANT) && off_map(u->where))
            return false;
    }
    return senior;
}

static bool has_reserve(const js_state *st, int side)
{
    for (int i = 0; i < st->nunits; i++)
        if (st->units[i].side == side && st->units[i].where == JS_AT_RESERVE)
            return true;
    return false;
}

void jsi_roll_command_dice(js_game *g)
{
    js_state *st = &g->st;
    st->kdice_rolled = 1;
    if (!uses_dice(st))
        return;
    int first = js_initiative(st->turn);
    for (int n = 0; n < JS_SIDES; n++) {
        int side = n == 0 ? first : jsi_other(first);
        st->nkdice[side] = 0;
        memset(st->kdice[side], 0, sizeof st->kdice[side]);
        if (!has_reserve(st, side))
            continue; /* Z-30: nothing left to deploy, nothing to roll */
        st->khesitant[side] = (int8_t)hesitant_now(st, side);
        char faces[64] = "";
        for (int i = 0; i < st->scn.kdice; i++) {
            int v = jsi_roll(g, 6, side, (jsi_roll_why){JS_ROLL_COMMAND_DIE, (int8_t)(i + 1), 0, 0, -1, -1});
            if (g->need_die)
                return;
            st->kdice[side][i] = (int8_t)v;
            size_t len = strlen(faces);
            snprintf(faces + len, sizeof faces - len, "%s%d", i ? " " : "", v);
        }
        st->nkdice[side] = st->scn.kdice;
        js_event *e = jsi_log(g, JS_EV_DICE, side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->nkdice[side],
                              st->khesitant[side], "%s's command dice: %s", jsi_side_name(st, side), faces);
        e->ndice = st->nkdice[side];
        memcpy(e->dice, st->kdice[side], sizeof e->dice);
        if (st->khesitant[side])
            jsi_info(g, JS_BOTH_SIDES, "K-8: %s's deployments are hesitant: each arrives on a d6 of %d-6",
                     jsi_side_name(st, side), JS_HESITANT_ARRIVES);
    }
}

/* ---------------------------------------------------------------- the reveal (T-1) */
static void arrive(js_game *g, int side, const js_dice_deploy *dp)
{
    js_state *st = &g->st;
    js_unit *u = &st->units[dp->unit];
    const js_card_def *d = &st->scn.cards[u->def];
    bool entry = js_k_via_entry(d);
    u->where = JS_AT_MAP;
    u->carrier = -1;
    u->arrived_turn = st->turn;
    if (entry) /* K-6: heavy ones may launch but not move; others may move */
        u->limits = (d->roles & JS_ROLE_HEAVY) ? JS_LIMIT_NO_MOVE : 0;
    else /* K-4 */
        u->limits = (int8_t)(JS_LIMIT_NO_MOVE | (dp->total == 2 ? JS_LIMIT_NO_LAUNCH : 0));
    const js_site *s = &st->sites[dp->site];
    char nb[64];
    for (int k = 0; k < u->nships; k++) {
        jsi_place_ship(g, u->first_ship + k, dp->place[k]);
        int col, row;
        js_hex_to_offset(dp->place[k].hex, &col, &row);
        /* a transport's total would tell what it carries (L-6) */
        int shown = dp->passenger >= 0 ? 0 : dp->total;
        char spent[24] = "";
        if (shown)
            snprintf(spent, sizeof spent, " (a %d)", shown);
        jsi_log(g, JS_EV_DEPLOY, side, JS_BOTH_SIDES, u->first_ship + k, dp->unit, dp->place[k].hex, s->hex,
                shown, dp->site, "%s deploys %s at (%d,%d) through its %s%s%s", jsi_side_name(st, side),
                jsi_ship_name(st, u->first_ship + k, nb, sizeof nb), col, row,
                entry ? "entry point" : "jump-off point", spent,
                dp->passenger >= 0 ? ", carrying a passenger" : "");
    }
    if (dp->passenger >= 0) {
        js_unit *p = &st->units[dp->passenger];
        p->where = JS_AT_CARGO;
        p->carrier = u->first_ship;
        jsi_log(g, JS_EV_LOAD, side, JS_SIDE_MASK(side), dp->passenger, u->first_ship, JSI_NOHEX, JSI_NOHEX,
                dp->total, 0, "K-9: %s rides in the hold of %s", st->scn.cards[p->def].name, d->name);
    }
}

/* K-9, Z-33: once no other card of a side is left in reserve, its transports there are lost. */
static void transports_lost(js_game *g)
{
    js_state *st = &g->st;
    for (int side = 0; side < JS_SIDES; side++) {
        int lost = 0;
        bool others = false;
        for (int i = 0; i < st->nunits; i++) {
            const js_unit *u = &st->units[i];
            if (u->side == side && u->where == JS_AT_RESERVE &&
                js_k_role_of(&st->scn.cards[u->def]) != JS_K_TRANSPORT)
                others = true;
        }
        if (others)
            continue;
        for (int i = 0; i < st->nunits; i++) {
            js_unit *u = &st->units[i];
            if (u->side != side || u->where != JS_AT_RESERVE)
                continue;
            u->where = JS_AT_GONE;
            lost++;
            jsi_log(g, JS_EV_CANCELLED, side, JS_SIDE_MASK(side), u->first_ship, i, JSI_NOHEX, JSI_NOHEX, 0, 0,
                    "K-9: %s has nobody left to carry and is lost", st->scn.cards[u->def].name);
        }
        if (lost)
            jsi_log(g, JS_EV_CANCELLED, side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, lost, 0,
                    "K-9: every other card of %s has deployed; %d transport(s) left in reserve are lost",
                    jsi_side_name(st, side), lost);
    }
}

void jsi_reveal_dice(js_game *g)
{
    js_state *st = &g->st;
    st->kdice_rolled = 0; /* the next Command phase rolls again */
    if (!uses_dice(st))
        return;
    int first = js_initiative(st->turn);
    for (int n = 0; n < JS_SIDES; n++) {
        int side = n == 0 ? first : jsi_other(first);
        for (int i = 0; i < st->nkdep[side]; i++) {
            const js_dice_deploy *dp = &st->kdep[side][i];
            const js_card_def *d = &st->scn.cards[st->units[dp->unit].def];
            if (js_dice_hesitant(st, side, dp->site)) {
                int v = jsi_roll(g, 6, side,
                                 (jsi_roll_why){JS_ROLL_HESITATION, 0, JS_UNIT_SHIP, JS_UNIT_CARD,
                                                st->units[dp->unit].first_ship, (int16_t)dp->unit});
                jsi_roll_outcome(g, v < JS_HESITANT_ARRIVES ? JS_OUTCOME_STAYS : JS_OUTCOME_ARRIVES);
                if (v < JS_HESITANT_ARRIVES) {
                    jsi_log(g, JS_EV_CANCELLED, side, JS_BOTH_SIDES, st->units[dp->unit].first_ship, dp->unit,
                            st->sites[dp->site].hex, JSI_NOHEX, v, 0,
                            "K-8: %s hesitates (a %d) and stays in reserve; the dice are spent", d->name, v)
                        ->outcome = JS_OUTCOME_STAYS;
                    continue;
                }
            }
            arrive(g, side, dp);
        }
        st->nkdep[side] = 0;
        memset(st->kdep[side], 0, sizeof st->kdep[side]);
        st->nkdice[side] = 0; /* K-3: unspent dice are lost */
        memset(st->kdice[side], 0, sizeof st->kdice[side]);
    }
    transports_lost(g);
}

/* ---------------------------------------------------------------- the first turn (K-4, K-6) */
js_status jsi_check_dice_limits(const js_state *st, int ship, int slot, const js_order *o, char *reason,
                                size_t cap)
{
    const js_unit *u = &st->units[st->ships[ship].unit];
    if (slot != 0 || !u->limits || u->arrived_turn != st->turn || u->def < 0)
        return JS_OK;
    const char *name = st->scn.cards[u->def].name;
    if ((u->limits & JS_LIMIT_NO_MOVE) && o->move)
        JSI_FAIL(reason, cap, "K-4: %s deployed by command dice this turn and may not move (no F this turn)", name);
    if ((u->limits & JS_LIMIT_NO_LAUNCH) && (o->msl_fwd || o->msl_aft || o->pods))
        JSI_FAIL(reason, cap, "K-4: %s deployed with a 2 and may not launch anything this turn", name);
    return JS_OK;
}
