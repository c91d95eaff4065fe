/* setup.c — before turn 1 (S-3): generated sites, support-vessel purchases, jump points,
 * Vanguard and the initial hands. */
#include "internal.h"

static bool uses_jump(const js_state *st) { return (st->scn.deploy & JS_DEPLOY_JUMP) != 0; }

static bool has_offers(const js_state *st, int side)
{
    if (st->scn.support_points[side] <= 0)
        return false;
    for (int i = 0; i < st->scn.nsupport; i++)
        if (st->scn.support[i].side == side)
            return true;
    return false;
}

/* S-2: random or fair sites on the spots the format allows; scenario units keep their hexes. */
static bool spot_allowed(const js_state *st, int col, int row)
{
    const js_scenario *s = &st->scn;
    bool base = row < s->base_depth || row >= s->height - s->base_depth;
    if (base && s->sites_field_only)
        return false;
    js_hex h = js_hex_from_offset(col, row);
    for (int u = 0; u < s->nunits; u++) {
        const js_unit_setup *us = &s->units[u];
        if (us->where != JS_AT_MAP)
            continue;
        const js_card_def *d = &s->cards[us->def];
        for (int k = 0; k < d->ships; k++) {
            js_hex fp[7];
            int n = js_footprint(d->size, us->place[k].hex, us->place[k].facing, fp);
            for (int i = 0; i < n; i++)
                if (js_hex_eq(fp[i], h))
                    return false;
        }
    }
    return true;
}

static int draw_terrain(js_game *g)
{
    const js_scenario *s = &g->st.scn;
    int total = 0;
    for (int t = 0; t < s->nterrain; t++)
        total += s->site_weight[t] > 0 ? s->site_weight[t] : 0;
    if (total <= 0)
        return 0;
    int r = jsi_draw(g, total);
    for (int t = 0; t < s->nterrain; t++) {
        int w = s->site_weight[t] > 0 ? s->site_weight[t] : 0;
        if (r <= w)
            return t;
        r -= w;
    }
    return 0;
}

static void generate_sites(js_game *g)
{
    js_state *st = &g->st;
    js_scenario *s = &st->scn;
    int placed = 0;
    for (int row = 0; row < s->height; row++)
        for (int col = 0; col < s->width; col++) {
            int idx = row * s->width + col;
            if (s->sites_mode == JS_SITES_FAIR) {
                int rc = s->width - 1 - col, rr = s->height - 1 - row; /* 180-degree rotation */
                int ridx = rr * s->width + rc;
                if (ridx < idx)
                    continue; /* set with its twin */
                if (!spot_allowed(st, col, row) || !spot_allowed(st, rc, rr))
                    continue;
                int t = draw_terrain(g);
                s->terrain[idx] = s->terrain[ridx] = (uint8_t)t;
                placed += t ? 2 : 0;
            } else {
                if (!spot_allowed(st, col, row))
                    continue;
                int t = draw_terrain(g);
                s->terrain[idx] = (uint8_t)t;
                placed += t != 0;
            }
        }
    jsi_log(g, JS_EV_SETUP, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, placed, s->sites_mode,
            "S-2: %s sites placed on %d hexes; both sides see them before anything is placed",
            s->sites_mode == JS_SITES_FAIR ? "fair" : "random", placed);
}

static void enter_setup(js_game *g, int phase)
{
    js_state *st = &g->st;
    jsi_enter_phase(g, phase);
    for (int s = 0; s < JS_SIDES; s++)
        if ((phase == JS_PHASE_SETUP_BUY && !has_offers(st, s)) ||
            (phase == JS_PHASE_SETUP_JO && !jsi_jo_setup_needed(st, s)))
            st->ready |= (int8_t)JS_SIDE_MASK(s);
}

/* Whether a setup step has anything to decide in this scenario. */
static bool step_used(const js_state *st, int phase)
{
    switch (phase) {
    case JS_PHASE_SETUP_BUY:
        return has_offers(st, 0) || has_offers(st, 1);
    case JS_PHASE_SETUP_JP:
        return uses_jump(st);
    case JS_PHASE_SETUP_JO:
        return jsi_jo_setup_needed(st, 0) || jsi_jo_setup_needed(st, 1);
    default: /* the Vanguard, unless a position (Z-36) gives the hands */
        return uses_jump(st) && st->scn.vanguard > 0 && !st->scn.position.hands_set;
    }
}

/* The setup step after `from` (or the first, from -1), or turn 1. S-3's order. */
static void next_step(js_game *g, int from)
{
    static const int STEPS[] = {JS_PHASE_SETUP_BUY, JS_PHASE_SETUP_JP, JS_PHASE_SETUP_JO,
                                JS_PHASE_SETUP_VANGUARD};
    js_state *st = &g->st;
    int k = 0;
    while (from >= 0 && k < 4 && STEPS[k] != from)
        k++;
    for (k = from < 0 ? 0 : k + 1; k < 4; k++)
        if (step_used(st, STEPS[k])) {
            enter_setup(g, STEPS[k]);
            return;
        }
    if (uses_jump(st) && !st->scn.position.hands_set) /* Z-36: the position dealt them */
        for (int s = 0; s < JS_SIDES; s++)
            jsi_deal(g, s);
    jsi_enter_phase(g, JS_PHASE_COMMAND);
    jsi_income(g);
}

void jsi_begin(js_game *g)
{
    js_state *st = &g->st;
    for (int s = 0; s < JS_SIDES; s++) {
        st->billet[s] = st->scn.billet;
        st->play_card[s] = -1;
        st->play_site[s] = -1;
    }
    if (uses_jump(st) && st->scn.ndeck == 0)
        st->scn.ndeck = js_default_deck(st->scn.deck, JS_MAX_DECK);
    if (st->scn.sites_mode != JS_SITES_FIXED)
        generate_sites(g);
    next_step(g, -1);
}

js_status jsi_check_setup(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    const js_scenario *s = &st->scn;
    switch (c->type) {
    case JS_CMD_BUY: {
        if (c->ncargo < 0 || c->ncargo > JS_MAX_CARGO)
            JSI_FAIL(reason, cap, "S-1: at most %d purchases", JS_MAX_CARGO);
        int spent = 0;
        for (int i = 0; i < c->ncargo; i++) {
            int o = c->cargo[i];
            if (o < 0 || o >= s->nsupport || s->support[o].side != c->side)
                JSI_FAIL(reason, cap, "S-1: offer %d is not on your list", o);
            for (int j = 0; j < i; j++)
                if (c->cargo[j] == o)
                    JSI_FAIL(reason, cap, "S-1: offer %d is bought twice", o);
            const js_card_def *d = &s->cards[s->support[o].def];
            spent += d->points;
        }
        if (spent > s->support_points[c->side])
            JSI_FAIL(reason, cap, "S-1: these cost %d points; you have %d", spent, s->support_points[c->side]);
        return JS_OK;
    }
    case JS_CMD_PLACE_JP: {
        if (c->slot < 0 || c->slot > 2)
            JSI_FAIL(reason, cap, "J-2: a jump point goes in your left, centre or right section");
        js_hex h = c->place[0].hex;
        int col, row;
        js_hex_to_offset(h, &col, &row);
        if (!js_hex_on_map(st, h))
            JSI_FAIL(reason, cap, "J-2: (%d,%d) is off the map", col, row);
        if (col == s->section_c1 || col == s->section_c2)
            JSI_FAIL(reason, cap, "J-2: (%d,%d) is on a section line", col, row);
        if (js_section_of(s, c->side, col) != c->slot)
            JSI_FAIL(reason, cap, "J-2: (%d,%d) is not in your %s section", col, row,
                     c->slot == 0 ? "left" : c->slot == 1 ? "centre" : "right");
        int depth = c->side == JS_SIDE_A ? s->height - 1 - row : row; /* steps from the base line */
        if (depth >= JS_JP_DEPTH)
            JSI_FAIL(reason, cap, "J-2: (%d,%d) is not within %d hexes of your base line", col, row, JS_JP_DEPTH);
        if (!jsi_hex_passable(st, h))
            JSI_FAIL(reason, cap, "J-2: (%d,%d) is impassable terrain", col, row);
        return JS_OK;
    }
    case JS_CMD_VANGUARD:
        if (c->ncargo != s->vanguard)
            JSI_FAIL(reason, cap, "H-4: name exactly %d Vanguard card%s", s->vanguard, s->vanguard == 1 ? "" : "s");
        for (int i = 0; i < c->ncargo; i++) {
            int k = c->cargo[i];
            if (k < 0 || k >= s->ndeck)
                JSI_FAIL(reason, cap, "H-4: card %d is not in the deck", k);
            if (s->deck[k].kind == JS_CC_OFFICER)
                JSI_FAIL(reason, cap, "H-4: the Vanguard holds enlisted cards only (%s is an officer)", s->deck[k].name);
            for (int j = 0; j < i; j++)
                if (c->cargo[j] == k)
                    JSI_FAIL(reason, cap, "H-4: card %d is named twice", k);
        }
        return JS_OK;
    default:
        return JS_OK;
    }
}

void jsi_apply_setup(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    int s = c->side;
    switch (c->type) {
    case JS_CMD_BUY:
        st->npurchase[s] = c->ncargo;
        memset(st->purchase[s], 0, sizeof st->purchase[s]);
        for (int i = 0; i < c->ncargo; i++)
            st->purchase[s][i] = c->cargo[i];
        break;
    case JS_CMD_PLACE_JP:
        st->jp_pick[s][c->slot] = c->place[0].hex;
        st->jp_set_mask[s] |= (int8_t)(1 << c->slot);
        break;
    case JS_CMD_VANGUARD:
        st->nvanguard[s] = c->ncargo;
        memset(st->vanguard[s], 0, sizeof st->vanguard[s]);
        for (int i = 0; i < c->ncargo; i++)
            st->vanguard[s][i] = c->cargo[i];
        break;
    default:
        break;
    }
}

static void reveal_purchases(js_game *g)
{
    js_state *st = &g->st;
    for (int s = 0; s < JS_SIDES; s++) {
        for (int i = 0; i < st->npurchase[s]; i++) {
            const js_support_offer *o = &st->scn.support[st->purchase[s][i]];
            const js_card_def *d = &st->scn.cards[o->def];
            jsi_add_unit(st, o->def, s);
            jsi_ab(jsi_log(g, JS_EV_SETUP, s, JS_SIDE_MASK(s), st->nunits - 1, -1, JSI_NOHEX, JSI_NOHEX, d->points,
                           0, "%s buys %s for %d points; it joins the reserve", jsi_side_name(st, s), d->name,
                           d->points),
                   JS_UNIT_CARD, JS_UNIT_NONE);
        }
        st->npurchase[s] = 0;
        memset(st->purchase[s], 0, sizeof st->purchase[s]);
    }
}

static void reveal_jump_points(js_game *g)
{
    js_state *st = &g->st;
    static const char *const SEC[3] = {"left", "centre", "right"};
    for (int s = 0; s < JS_SIDES; s++) {
        for (int k = 0; k < 3; k++) { /* room checked when the game was created */
            js_site *site = &st->sites[st->nsites++];
            site->kind = JS_SITE_JUMP_POINT;
            site->side = (int8_t)s;
            site->alive = 1;
            site->section = (int8_t)k;
            site->hex = st->jp_pick[s][k];
            int col, row;
            js_hex_to_offset(site->hex, &col, &row);
            jsi_ab(jsi_log(g, JS_EV_SETUP, s, JS_BOTH_SIDES, st->nsites - 1, -1, site->hex, JSI_NOHEX, k, 0,
                           "J-2: %s's %s jump point is at (%d,%d)", jsi_side_name(st, s), SEC[k], col, row),
                   JS_UNIT_SITE, JS_UNIT_NONE);
        }
        memset(st->jp_pick[s], 0, sizeof st->jp_pick[s]);
        st->jp_set_mask[s] = 0;
    }
}

bool jsi_setup_advance(js_game *g)
{
    js_state *st = &g->st;
    if (st->ready != JS_BOTH_SIDES)
        return false;
    int phase = st->phase;
    if (phase == JS_PHASE_SETUP_BUY)
        reveal_purchases(g);
    else if (phase == JS_PHASE_SETUP_JP)
        reveal_jump_points(g);
    else if (phase == JS_PHASE_SETUP_JO)
        jsi_reveal_jump_offs(g);
    next_step(g, phase);
    return true;
}

void jsi_scrub_setup(js_state *st, int other, int viewer)
{
    /* nobody sees the order of an HQ; the other side's hand, discards and choices stay hidden */
    for (int s = 0; s < JS_SIDES; s++)
        memset(st->hq[s], 0, sizeof st->hq[s]);
    (void)viewer;
    memset(st->hand[other], 0, sizeof st->hand[other]);
    memset(st->discard[other], 0, sizeof st->discard[other]);
    st->play_card[other] = -1;
    st->play_section[other] = 0;
    st->play_site[other] = -1;
    st->nplay_units[other] = 0;
    memset(st->play_units[other], 0, sizeof st->play_units[other]);
    memset(st->play_place[other], 0, sizeof st->play_place[other]);
    st->npurchase[other] = 0;
    memset(st->purchase[other], 0, sizeof st->purchase[other]);
    memset(st->jp_pick[other], 0, sizeof st->jp_pick[other]);
    st->jp_set_mask[other] = 0;
    st->nvanguard[other] = 0;
    memset(st->vanguard[other], 0, sizeof st->vanguard[other]);
    st->ndiscard_pick[other] = 0;
    memset(st->discard_pick[other], 0, sizeof st->discard_pick[other]);
    /* K-2, K-4: jump-off and entry picks and deployments by dice wait for their reveal */
    st->jo_set_mask[other] = 0;
    st->entry_set[other] = 0;
    memset(st->jo_pick[other], 0, sizeof st->jo_pick[other]);
    memset(&st->entry_pick[other], 0, sizeof st->entry_pick[other]);
    st->nkdep[other] = 0;
    memset(st->kdep[other], 0, sizeof st->kdep[other]);
}
