/* jump.c — jump points and command cards (J): playing a card, arrivals in turn, captures. */
#include "internal.h"

static const char *const SECTION_NAMES[4] = {"left", "centre", "right", "any"};

bool jsi_ship_executes(const js_state *st, int ship)
{
    const js_ship *s = &st->ships[ship];
    if (s->state != JS_SHIP_ACTIVE)
        return false;
    return s->on_map || st->units[s->unit].where == JS_AT_ARRIVING;
}

bool jsi_unit_in_play(const js_state *st, int side, int unit)
{
    if (st->play_card[side] >= 0)
        for (int i = 0; i < st->nplay_units[side]; i++)
            if (st->play_units[side][i] == unit)
                return true;
    return false;
}

bool jsi_unit_committed(const js_state *st, int side, int unit)
{
    return js_unit_launching(st, side, unit) || jsi_unit_in_play(st, side, unit) ||
           js_unit_dice_deploying(st, side, unit);
}

static int own_jump_point(const js_state *st, int side, int section)
{
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (s->kind == JS_SITE_JUMP_POINT && s->side == side && s->section == section && s->alive)
            return i;
    }
    return -1;
}

js_status jsi_check_play(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    if (!(st->scn.deploy & JS_DEPLOY_JUMP))
        JSI_FAIL(reason, cap, "J-3: this scenario has no jump points");
    if (c->unit < 0)
        return JS_OK; /* withdraw the pending play */
    if (c->unit >= st->scn.ndeck || !jsi_in_hand(st, c->side, c->unit))
        JSI_FAIL(reason, cap, "J-3: card %d is not in your hand", c->unit);
    const js_command_card *card = &st->scn.deck[c->unit];
    int orders = card->orders, site = -1;
    switch (card->kind) {
    case JS_CC_ASSAULT:
        if (c->dir < 0 || c->dir > 2)
            JSI_FAIL(reason, cap, "J-4: an Assault names a section: left, centre or right");
        orders = st->nhand[c->side] - 1; /* the cards left in hand once it is played */
        site = own_jump_point(st, c->side, c->dir);
        break;
    case JS_CC_OFFICER:
        if (c->target < 0 || c->target >= st->nsites || st->sites[c->target].kind != JS_SITE_JUMP_POINT ||
            st->sites[c->target].side != c->side || !st->sites[c->target].alive)
            JSI_FAIL(reason, cap, "J-4: %s deploys through one of your jump points; name it", card->name);
        site = c->target;
        break;
    default:
        site = own_jump_point(st, c->side, card->section);
    }
    if (site < 0)
        JSI_FAIL(reason, cap, "J-4: your %s jump point is gone",
                 SECTION_NAMES[card->kind == JS_CC_ASSAULT ? c->dir : card->section]);
    if (c->ncargo < 0 || c->ncargo > orders || c->ncargo > JS_MAX_DEPLOY)
        JSI_FAIL(reason, cap, "J-4: %s gives %d order(s)", card->name, orders);
    for (int i = 0; i < c->ncargo; i++) {
        int u = c->cargo[i];
        if (u < 0 || u >= st->nunits)
            JSI_FAIL(reason, cap, "no card #%d", u);
        const js_unit *un = &st->units[u];
        const js_card_def *d = &st->scn.cards[un->def];
        if (un->side != c->side || un->where != JS_AT_RESERVE)
            JSI_FAIL(reason, cap, "J-4: %s is not in your reserve", d->name);
        for (int j = 0; j < i; j++)
            if (c->cargo[j] == u)
                JSI_FAIL(reason, cap, "J-4: %s is named twice", d->name);
        if (js_unit_launching(st, c->side, u))
            JSI_FAIL(reason, cap, "%s is already launching this turn", d->name);
        if (js_unit_dice_deploying(st, c->side, u))
            JSI_FAIL(reason, cap, "K-4: %s is deploying by command dice this turn", d->name);
        if (c->place[i].facing < 1 || c->place[i].facing > 6)
            JSI_FAIL(reason, cap, "J-5: %s needs a facing 1-6", d->name);
        if (c->place[i].phase < 0 || c->place[i].phase > JS_PHASE_MAX)
            JSI_FAIL(reason, cap, "J-5: %s needs a phase %d-%d", d->name, JS_PHASE_MIN, JS_PHASE_MAX);
        if (!jsi_footprint_ok(st, d->size, st->sites[site].hex, c->place[i].facing))
            JSI_FAIL(reason, cap, "J-5: %s facing %d would reach off the map or onto impassable terrain",
                     d->name, c->place[i].facing);
    }
    return JS_OK;
}

void jsi_apply_play(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    int s = c->side;
    st->play_card[s] = c->unit;
    st->nplay_units[s] = 0;
    memset(st->play_units[s], 0, sizeof st->play_units[s]);
    memset(st->play_place[s], 0, sizeof st->play_place[s]);
    st->play_section[s] = 0;
    st->play_site[s] = -1;
    if (c->unit < 0)
        return;
    const js_command_card *card = &st->scn.deck[c->unit];
    if (card->kind == JS_CC_ASSAULT)
        st->play_section[s] = c->dir;
    else if (card->kind == JS_CC_OFFICER)
        st->play_site[s] = (int8_t)c->target;
    else
        st->play_section[s] = card->section;
    if (card->kind != JS_CC_OFFICER)
        st->play_site[s] = (int8_t)own_jump_point(st, s, st->play_section[s]);
    st->nplay_units[s] = c->ncargo;
    for (int i = 0; i < c->ncargo; i++) {
        st->play_units[s][i] = c->cargo[i];
        st->play_place[s][i] = c->place[i];
        st->play_place[s][i].hex = st->sites[st->play_site[s]].hex;
    }
}

/* T-1: played cards are revealed; their cards wait at the jump point to arrive in turn. */
void jsi_reveal_plays(js_game *g)
{
    js_state *st = &g->st;
    for (int s = 0; s < JS_SIDES; s++) {
        int card = st->play_card[s];
        if (card < 0)
            continue;
        int site = st->play_site[s];
        jsi_discard_played(st, s, card);
        int col, row;
        js_hex_to_offset(st->sites[site].hex, &col, &row);
        jsi_log(g, JS_EV_CARD, s, JS_BOTH_SIDES, card, site, st->sites[site].hex, JSI_NOHEX, st->nplay_units[s], 0,
                "%s plays %s: %d card%s through its %s jump point at (%d,%d)", jsi_side_name(st, s),
                st->scn.deck[card].name, st->nplay_units[s], st->nplay_units[s] == 1 ? "" : "s", SECTION_NAMES[st->sites[site].section], col, row);
        for (int i = 0; i < st->nplay_units[s]; i++) {
            int u = st->play_units[s][i];
            js_unit *un = &st->units[u];
            un->where = JS_AT_ARRIVING;
            st->arrive_site[u] = (int8_t)site;
            st->arrive_order[u] = (int8_t)i;
            for (int k = 0; k < un->nships; k++) {
                jsi_place_ship(g, un->first_ship + k, st->play_place[s][i]);
                st->ships[un->first_ship + k].on_map = 0; /* on the map when it arrives (J-6) */
            }
            jsi_log(g, JS_EV_JUMP, s, JS_BOTH_SIDES, un->first_ship, u, st->sites[site].hex, JSI_NOHEX, i + 1, 0,
                    "%s will jump in %s through it", st->scn.cards[un->def].name,
                    i == 0 ? "first" : "next");
        }
        st->play_card[s] = -1;
        st->nplay_units[s] = 0;
        memset(st->play_units[s], 0, sizeof st->play_units[s]);
        memset(st->play_place[s], 0, sizeof st->play_place[s]);
    }
}

static bool footprint_empty(const js_state *st, int size, js_hex pos, int facing)
{
    js_hex fp[7];
    int n = js_footprint(size, pos, facing, fp);
    for (int i = 0; i < n; i++)
        if (!jsi_hex_empty(st, fp[i]))
            return false;
    return true;
}

int jsi_arrivals(js_game *g, int impulse)
{
    js_state *st = &g->st;
    int placed = 0;
    for (int site = 0; site < st->nsites; site++) {
        int next = -1;
        for (int u = 0; u < st->nunits; u++)
            if (st->units[u].where == JS_AT_ARRIVING && st->arrive_site[u] == site &&
                (next < 0 || st->arrive_order[u] < st->arrive_order[next]))
                next = u;
        if (next < 0)
            continue;
        js_unit *un = &st->units[next];
        const js_card_def *d = &st->scn.cards[un->def];
        const js_ship *lead = &st->ships[un->first_ship];
        if (!footprint_empty(st, d->size, lead->pos, lead->facing))
            continue; /* J-6, J-7: it waits for the jump point to clear */
        un->where = JS_AT_MAP;
        un->arrived_turn = st->turn;
        char nb[64];
        for (int k = 0; k < un->nships; k++) {
            js_ship *sh = &st->ships[un->first_ship + k];
            sh->on_map = 1;
            jsi_log(g, JS_EV_JUMP, sh->side, JS_BOTH_SIDES, un->first_ship + k, next, sh->pos, JSI_NOHEX, impulse,
                    sh->facing, "%s jumps in at impulse %d", jsi_ship_name(st, un->first_ship + k, nb, sizeof nb),
                    impulse);
        }
        placed++;
    }
    return placed;
}

void jsi_arrivals_lost(js_game *g)
{
    js_state *st = &g->st;
    for (int u = 0; u < st->nunits; u++) {
        js_unit *un = &st->units[u];
        if (un->where != JS_AT_ARRIVING)
            continue;
        un->where = JS_AT_RESERVE;
        const js_card_def *d = &st->scn.cards[un->def];
        if (un->activated_turn == st->turn && d->activation_cost) { /* E-3: it executed nothing */
            st->energy[un->side] += d->activation_cost;
            jsi_log(g, JS_EV_ENERGY, un->side, JS_BOTH_SIDES, un->first_ship, u, JSI_NOHEX, JSI_NOHEX,
                    d->activation_cost, st->energy[un->side], "J-6: %s gets back the %d energy paid to activate %s",
                    jsi_side_name(st, un->side), d->activation_cost, d->name);
        }
        if (un->activated_turn == st->turn)
            un->activated_turn = 0;
        for (int k = 0; k < un->nships; k++) {
            js_ship *sh = &st->ships[un->first_ship + k];
            sh->fresh = 0;
            for (int i = 0; i < JS_PLAN_DEPTH; i++)
                sh->plan[i] = jsi_default_order(sh->phase);
        }
        jsi_log(g, JS_EV_CANCELLED, un->side, JS_BOTH_SIDES, un->first_ship, u, JSI_NOHEX, JSI_NOHEX, 0, 0,
                "J-6: the jump point never cleared; %s stays in reserve and its orders are lost",
                st->scn.cards[un->def].name);
    }
}

void jsi_captures(js_game *g)
{
    js_state *st = &g->st;
    for (int i = 0; i < st->nsites; i++) {
        js_site *s = &st->sites[i];
        if (s->kind != JS_SITE_JUMP_POINT || !s->alive)
            continue;
        for (int sh = 0; sh < st->nships; sh++) {
            if (st->ships[sh].side == s->side || !jsi_ship_live(st, sh) || !jsi_ship_covers(st, sh, s->hex))
                continue;
            s->alive = 0;
            int cap = jsi_other(s->side);
            st->points[cap] += JS_CAPTURE_POINTS; /* J-8 */
            char nb[64];
            /* a jump point that is only an objective (no "jump" in deploy) has no section */
            bool sec = s->section >= JS_SECTION_LEFT && s->section <= JS_SECTION_RIGHT;
            jsi_log(g, JS_EV_CAPTURE, cap, JS_BOTH_SIDES, sh, i, s->hex, JSI_NOHEX, JS_CAPTURE_POINTS,
                    st->points[cap], "J-8: %s captures %s's %s%sjump point: +%d points (%d)",
                    jsi_ship_name(st, sh, nb, sizeof nb), jsi_side_name(st, s->side),
                    sec ? SECTION_NAMES[s->section] : "", sec ? " " : "", JS_CAPTURE_POINTS, st->points[cap])
                ->cause = JS_CAUSE_CAPTURE;
            break;
        }
    }
}
