/* game.c — creating, copying and digesting a game; building views. */
#include "internal.h"
#include <stdlib.h>

static void spread_guard(js_ship *s, int total);

/* A card joins the reserve with its ships (their stores full, guard pods spread); returns its id. */
int jsi_add_unit(js_state *st, int def, int side)
{
    const js_card_def *d = &st->scn.cards[def];
    int id = st->nunits++;
    js_unit *u = &st->units[id];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_RESERVE;
    u->carrier = -1;
    u->first_ship = st->nships;
    u->nships = d->ships;
    for (int k = 0; k < d->ships; k++) {
        js_ship *s = &st->ships[st->nships++];
        memset(s, 0, sizeof *s);
        s->unit = (int16_t)id;
        s->side = (int8_t)side;
        s->missiles = d->missiles;
        s->pod_squadrons = d->pod_squadrons;
        s->tr = d->tr;
        s->attack_target = -1;
        s->phase = JS_PHASE_DEFAULT;
        s->facing = 1;
        spread_guard(s, d->guard_pods);
    }
    return id;
}

static void spread_guard(js_ship *s, int total)
{
    /* even spread, alternating bow/stern first, so no side is bare while another has two */
    static const int ORDER[6] = {0, 3, 1, 4, 2, 5};
    memset(s->guard, 0, sizeof s->guard);
    for (int i = 0; i < total; i++)
        s->guard[ORDER[i % 6]]++;
}

void jsi_place_ship(js_game *g, int ship, js_ship_place p)
{
    js_state *st = &g->st;
    js_ship *s = &st->ships[ship];
    const js_card_def *d = jsi_card(st, ship);
    s->on_map = 1;
    s->pos = p.hex;
    s->facing = p.facing;
    s->phase = p.phase ? p.phase : JS_PHASE_DEFAULT;
    s->shields = d->shields;
    s->hull_damage = 0;
    s->state = JS_SHIP_ACTIVE;
    s->fresh = 1; /* P-1: plots T, T+1 and T+2 this turn */
    for (int i = 0; i < JS_PLAN_DEPTH; i++)
        s->plan[i] = jsi_default_order(s->phase);
}

static bool check_scenario(const js_scenario *scn, char *reason, size_t cap)
{
#define BAD(...) do { if (reason && cap) snprintf(reason, cap, __VA_ARGS__); return false; } while (0)
    if (scn->width < 4 || scn->width > JS_MAX_W || scn->height < 4 || scn->height > JS_MAX_H)
        BAD("map size %dx%d is outside 4x4..%dx%d", scn->width, scn->height, JS_MAX_W, JS_MAX_H);
    if (scn->nterrain < 1 || scn->nterrain > JS_MAX_TERRAIN)
        BAD("terrain types: %d (1..%d)", scn->nterrain, JS_MAX_TERRAIN);
    for (int i = 0; i < scn->width * scn->height; i++)
        if (scn->terrain[i] >= scn->nterrain)
            BAD("terrain at hex index %d names type %d of %d", i, scn->terrain[i], scn->nterrain);
    if (scn->ncards < 0 || scn->ncards > JS_MAX_DEFS)
        BAD("card definitions: %d (0..%d)", scn->ncards, JS_MAX_DEFS);
    for (int i = 0; i < scn->ncards; i++) {
        const js_card_def *d = &scn->cards[i];
        if (d->size < 0 || d->size > 2 || d->ships < 1 || d->ships > JS_MAX_SQUAD || d->hull < 1)
            BAD("card %s: size, ships (1..%d) or hull (>=1) out of range", d->id, JS_MAX_SQUAD);
    }
    if (scn->nunits < 0 || scn->nunits > JS_MAX_UNITS)
        BAD("units: %d (0..%d)", scn->nunits, JS_MAX_UNITS);
    int ships = 0;
    for (int i = 0; i < scn->nunits; i++) {
        const js_unit_setup *u = &scn->units[i];
        if (u->def < 0 || u->def >= scn->ncards)
            BAD("units[%d]: card %d does not exist", i, u->def);
        if (u->side < 0 || u->side > 1)
            BAD("units[%d]: side %d", i, u->side);
        ships += scn->cards[u->def].ships;
    }
    if (ships > JS_MAX_SHIPS)
        BAD("%d ships in all; at most %d", ships, JS_MAX_SHIPS);
    if (scn->nsupport < 0 || scn->nsupport > JS_MAX_SUPPORT)
        BAD("S-1: support offers: %d (0..%d)", scn->nsupport, JS_MAX_SUPPORT);
    /* Purchases are secret, so one side's cannot be checked against the other's: the scenario
     * must have room for every offer bought at once. */
    int offered = 0;
    for (int i = 0; i < scn->nsupport; i++) {
        const js_support_offer *o = &scn->support[i];
        if (o->def < 0 || o->def >= scn->ncards || o->side < 0 || o->side > 1)
            BAD("S-1: support offer %d names card %d for side %d", i, o->def, o->side);
        offered += scn->cards[o->def].ships;
    }
    if (ships + offered > JS_MAX_SHIPS || scn->nunits + scn->nsupport > JS_MAX_UNITS)
        BAD("S-1: %d ships on %d cards, and %d more ships on %d support offers, would exceed the "
            "game's %d ships on %d cards if every offer were bought",
            ships, scn->nunits, offered, scn->nsupport, JS_MAX_SHIPS, JS_MAX_UNITS);
    int placed_sites = (scn->deploy & JS_DEPLOY_JUMP) ? 3 * JS_SIDES : 0; /* J-2 */
    if (scn->deploy & JS_DEPLOY_DICE) { /* K-2, K-3 */
        if (scn->kdice < 1 || scn->kdice > JS_MAX_KDICE)
            BAD("K-3: %d command dice (1..%d)", scn->kdice, JS_MAX_KDICE);
        if (scn->jump_offs < 0 || scn->jump_offs > JS_MAX_JUMP_OFFS)
            BAD("K-2: %d jump-off points placed at setup (0..%d)", scn->jump_offs, JS_MAX_JUMP_OFFS);
        if (scn->jump_off_depth < 1 || scn->jump_off_depth > scn->height / 2)
            BAD("K-2: a deployment area of %d rows (1..%d)", scn->jump_off_depth, scn->height / 2);
        placed_sites += (scn->jump_offs + 1) * JS_SIDES; /* and an entry point each */
    }
    if (scn->nsites < 0 || scn->nsites + placed_sites > JS_MAX_SITES)
        BAD("sites: %d, and %d jump points, jump-off points or entry points placed at setup (at most %d in all)",
            scn->nsites, placed_sites, JS_MAX_SITES);
    if (scn->turn_limit < 1)
        BAD("turn limit %d; at least 1", scn->turn_limit);
    if (scn->sites_mode == JS_SITES_FAIR && scn->width % 2 != 0)
        BAD("S-2: fair sites are mirrored by the 180-degree rotation, which needs an even number of "
            "columns; the map is %d wide", scn->width);
    if (scn->deploy & JS_DEPLOY_JUMP) { /* the hand (H-2, H-3, H-4) */
        if (scn->billet < JS_BILLET_MIN || scn->billet > JS_BILLET_MAX)
            BAD("H-2: Billet %d; a side keeps %d to %d cards in hand", scn->billet, JS_BILLET_MIN,
                JS_BILLET_MAX);
        if (scn->initial_hand < 1 || scn->initial_hand > JS_MAX_HAND)
            BAD("H-3: initial hand %d (1..%d)", scn->initial_hand, JS_MAX_HAND);
        if (scn->vanguard < 0 || scn->vanguard > JS_MAX_VANGUARD)
            BAD("H-4: Vanguard %d (0..%d)", scn->vanguard, JS_MAX_VANGUARD);
        if (scn->ndeck < 0 || scn->ndeck > JS_MAX_DECK)
            BAD("H-1: %d command cards (0..%d)", scn->ndeck, JS_MAX_DECK);
    }
    return jsi_position_check(scn, reason, cap);
#undef BAD
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

js_game *js_game_create(const js_scenario *scn, const js_dice_cfg *dice, char *reason, size_t cap)
{
    if (!check_scenario(scn, reason, cap))
        return NULL;
    js_game *g = calloc(1, sizeof *g);
    if (!g || !(g->scratch = malloc(sizeof(js_state)))) {
        free(g);
        if (reason && cap)
            snprintf(reason, cap, "out of memory");
        return NULL;
    }
    js_state *st = &g->st;
    st->scn = *scn;
    st->dice_kind = dice ? dice->kind : JS_DICE_SEEDED;
    st->rng = dice ? dice->seed : 1;
    if (dice && dice->kind == JS_DICE_SCRIPTED && dice->nscript > 0) {
        g->script = malloc((size_t)dice->nscript);
        if (!g->script) {
            js_game_destroy(g);
            return NULL;
        }
        memcpy(g->script, dice->script, (size_t)dice->nscript);
        g->nscript = dice->nscript;
    }
    /* the scenario's digest, field by field through its (zero-initialised) storage; the command
     * dice fields only count when the scenario uses them, and a position (Z-36) only when there
     * is one, so records of older scenarios keep their hashes */
    g->scn_hash = fnv(0xCBF29CE484222325ull, scn, offsetof(js_scenario, kdice));
    if (scn->deploy & JS_DEPLOY_DICE)
        g->scn_hash = fnv(g->scn_hash, &scn->kdice, offsetof(js_scenario, position) - offsetof(js_scenario, kdice));
    if (jsi_position_given(scn))
        g->scn_hash = fnv(g->scn_hash, &scn->position, sizeof scn->position);

    st->turn = 1;
    st->winner = -1;
    for (int s = 0; s < JS_SIDES; s++)
        st->energy[s] = scn->sides[s].energy_start;
    st->nsites = (int16_t)scn->nsites;
    memcpy(st->sites, scn->sites, sizeof scn->sites);
    for (int i = 0; i < scn->nunits; i++) {
        const js_unit_setup *us = &scn->units[i];
        const js_card_def *d = &scn->cards[us->def];
        js_unit *u = &st->units[jsi_add_unit(st, us->def, us->side)];
        if (us->where == JS_AT_MAP) {
            u->where = JS_AT_MAP;
            for (int k = 0; k < d->ships; k++) {
                js_ship_place p = us->place[k];
                if (p.facing < 1 || p.facing > 6 || !jsi_footprint_ok(st, d->size, p.hex, p.facing)) {
                    int col, row;
                    js_hex_to_offset(p.hex, &col, &row);
                    if (reason && cap)
                        snprintf(reason, cap,
                                 "units[%d] ship %d at (%d,%d) facing %d: off the map or on impassable terrain",
                                 i, k + 1, col, row, p.facing);
                    js_game_destroy(g);
                    return NULL;
                }
                jsi_place_ship(g, u->first_ship + k, p);
            }
        }
    }
    if (jsi_position_given(scn))
        jsi_position_apply(g);
    jsi_log(g, JS_EV_TURN, -1, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->turn, 0, "Turn %d begins",
            st->turn);
    jsi_begin(g);
    jsi_start(g);
    return g;
}

void js_game_destroy(js_game *g)
{
    if (!g)
        return;
    free(g->scratch);
    free(g->script);
    free(g->log);
    free(g->manual);
    free(g);
}

js_game *js_game_clone(const js_game *g)
{
    js_game *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g;
    c->scratch = malloc(sizeof(js_state));
    c->script = g->nscript ? malloc((size_t)g->nscript) : NULL;
    c->log = g->caplog ? malloc((size_t)g->caplog * sizeof(js_event)) : NULL;
    c->manual = g->capmanual ? malloc((size_t)g->capmanual) : NULL;
    if (!c->scratch || (g->nscript && !c->script) || (g->caplog && !c->log) ||
        (g->capmanual && !c->manual)) {
        free(c->scratch);
        free(c->script);
        free(c->log);
        free(c->manual);
        free(c);
        return NULL;
    }
    if (g->nmanual)
        memcpy(c->manual, g->manual, (size_t)g->nmanual);
    if (g->nscript)
        memcpy(c->script, g->script, (size_t)g->nscript);
    if (g->nlog)
        memcpy(c->log, g->log, (size_t)g->nlog * sizeof(js_event));
    return c;
}

const js_state *js_game_state(const js_game *g) { return &g->st; }
const js_scenario *js_game_scenario(const js_game *g) { return &g->st.scn; }

/* ---- the digest: every field by value, never padding */
#define H(x) (h = mix(h, (int64_t)(x)))
static uint64_t mix(uint64_t h, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        h = (h ^ (u & 0xFF)) * 0x100000001B3ull;
        u >>= 8;
    }
    return h;
}

static uint64_t hash_order(uint64_t h, const js_order *o)
{
    H(o->turn), H(o->move), H(o->astern), H(o->phase), H(o->msl_fwd), H(o->msl_aft), H(o->pods);
    for (int i = 0; i < 3; i++)
        H(o->pod_dir[i]);
    H(o->redistribute);
    for (int i = 0; i < 6; i++)
        H(o->guard[i]);
    return h;
}

static uint64_t hash_place(uint64_t h, const js_ship_place *p)
{
    H(p->hex.q), H(p->hex.r), H(p->facing), H(p->phase);
    return h;
}

static uint64_t hash_dice(uint64_t h, const js_state *st)
{
    H(st->kdice_rolled);
    for (int i = 0; i < st->nunits; i++)
        H(st->units[i].limits);
    for (int s = 0; s < JS_SIDES; s++) {
        H(st->nkdice[s]), H(st->khesitant[s]), H(st->kentry_hesitant[s]), H(st->nkdep[s]);
        for (int i = 0; i < st->nkdice[s]; i++)
            H(st->kdice[s][i]);
        for (int i = 0; i < st->nkdep[s]; i++) {
            const js_dice_deploy *d = &st->kdep[s][i];
            H(d->unit), H(d->site), H(d->passenger), H(d->dice), H(d->total);
            for (int k = 0; k < JS_MAX_SQUAD; k++)
                h = hash_place(h, &d->place[k]);
        }
        H(st->jo_set_mask[s]), H(st->entry_set[s]), H(st->entry_pick[s].q), H(st->entry_pick[s].r);
        for (int i = 0; i < JS_MAX_JUMP_OFFS; i++)
            H(st->jo_pick[s][i].q), H(st->jo_pick[s][i].r);
    }
    return h;
}

uint64_t js_game_hash(const js_game *g)
{
    const js_state *st = &g->st;
    uint64_t h = 0xCBF29CE484222325ull;
    H(g->scn_hash);
    H(st->turn), H(st->phase), H(st->winner), H(st->to_move), H(st->ready), H(st->passed);
    for (int s = 0; s < JS_SIDES; s++)
        H(st->energy[s]), H(st->points[s]);
    H(st->nunits), H(st->nships);
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        H(u->def), H(u->side), H(u->where), H(u->carrier), H(u->first_ship), H(u->nships),
            H(u->pending), H(u->arrived_turn), H(u->activated_turn);
    }
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        H(s->unit), H(s->side), H(s->on_map), H(s->pos.q), H(s->pos.r), H(s->facing), H(s->phase),
            H(s->shields), H(s->hull_damage), H(s->state), H(s->tr), H(s->missiles),
            H(s->pod_squadrons), H(s->fresh), H(s->plotted), H(s->attack_target_set),
            H(s->attack_target);
        for (int k = 0; k < 6; k++)
            H(s->guard[k]);
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            h = hash_order(h, &s->plan[k]);
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        H(p->alive);
        if (!p->alive)
            continue;
        H(i), H(p->side), H(p->controller), H(p->pos.q), H(p->pos.r), H(p->pods),
            H(p->launched_turn), H(p->acted), H(p->moved_this_turn), H(p->ever_moved),
            H(p->entered_dir), H(p->plotted);
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            H(p->dir[k]);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        const js_missile *m = &st->missiles[i];
        H(m->alive);
        if (m->alive)
            H(i), H(m->side), H(m->facing), H(m->pos.q), H(m->pos.r), H(m->ship);
    }
    H(st->nsites);
    for (int i = 0; i < st->nsites; i++)
        H(st->sites[i].kind), H(st->sites[i].side), H(st->sites[i].alive), H(st->sites[i].hex.q),
            H(st->sites[i].hex.r);
    for (int s = 0; s < JS_SIDES; s++) {
        H(st->npending[s]);
        for (int i = 0; i < st->npending[s]; i++) {
            const js_pending_launch *p = &st->pending[s][i];
            H(p->unit), H(p->carrier), H(p->ncargo);
            for (int k = 0; k < p->ncargo; k++)
                H(p->cargo[k]);
            for (int k = 0; k < JS_MAX_SQUAD; k++)
                h = hash_place(h, &p->place[k]);
        }
    }
    for (int s = 0; s < JS_SIDES; s++) {
        H(st->billet[s]), H(st->nhq[s]), H(st->nhand[s]), H(st->ndiscard[s]);
        for (int i = 0; i < st->nhq[s]; i++)
            H(st->hq[s][i]);
        for (int i = 0; i < st->nhand[s]; i++)
            H(st->hand[s][i]);
        for (int i = 0; i < st->ndiscard[s]; i++)
            H(st->discard[s][i]);
        H(st->play_card[s]), H(st->play_section[s]), H(st->play_site[s]), H(st->nplay_units[s]);
        for (int i = 0; i < st->nplay_units[s]; i++)
            H(st->play_units[s][i]), h = hash_place(h, &st->play_place[s][i]);
        H(st->npurchase[s]);
        for (int i = 0; i < st->npurchase[s]; i++)
            H(st->purchase[s][i]);
        H(st->jp_set_mask[s]);
        for (int i = 0; i < 3; i++)
            H(st->jp_pick[s][i].q), H(st->jp_pick[s][i].r);
        H(st->nvanguard[s]);
        for (int i = 0; i < st->nvanguard[s]; i++)
            H(st->vanguard[s][i]);
        H(st->ndiscard_pick[s]);
        for (int i = 0; i < st->ndiscard_pick[s]; i++)
            H(st->discard_pick[s][i]);
    }
    for (int i = 0; i < st->nunits; i++)
        if (st->units[i].where == JS_AT_ARRIVING)
            H(i), H(st->arrive_site[i]), H(st->arrive_order[i]);
    if (st->scn.deploy & JS_DEPLOY_DICE) /* K: always zero without command dice */
        h = hash_dice(h, st);
    for (int i = 0; i < st->nsites; i++)
        H(st->sites[i].section);
    H(st->attack.group), H(st->attack.target), H(st->attack.target_is_pod), H(st->attack.count),
        H(st->attack.guard_side), H(st->attack.active);
    H(st->dice_kind), H(st->rng), H(st->script_pos), H(st->rolls);
    H(g->has_parked), H(g->nmanual);
    for (int i = 0; i < g->nmanual; i++) /* the dice a parked command has been given so far */
        H(g->manual[i]);
    return h;
}
#undef H

/* ---- views */
void js_view_build(const js_game *g, int viewer, js_view *out)
{
    memset(out, 0, sizeof *out);
    out->viewer = (int8_t)viewer;
    out->st = g->st;
    out->wait = js_wait_get(g);
    js_state *st = &out->st;
    for (int i = 0; i < st->nunits; i++) {
        js_unit *u = &st->units[i];
        if (u->where == JS_AT_RESERVE || u->where == JS_AT_CARGO)
            out->reserve_count[u->side]++;
    }
    if (viewer < 0)
        return;
    int other = jsi_other(viewer);
    st->rng = 0; /* the generator's state would predict every coming roll */
    st->script_pos = 0;
    for (int i = 0; i < st->nunits; i++) {
        js_unit *u = &st->units[i];
        if (u->side != other)
            continue;
        u->pending = 0;
        if (u->where == JS_AT_RESERVE || u->where == JS_AT_CARGO) {
            u->def = -1;
            u->where = JS_AT_HIDDEN;
            u->carrier = -1;
            u->arrived_turn = 0;
            u->activated_turn = 0;
            for (int k = 0; k < u->nships; k++) {
                js_ship *s = &st->ships[u->first_ship + k];
                int16_t unit = s->unit;
                int8_t side = s->side;
                memset(s, 0, sizeof *s);
                s->unit = unit;
                s->side = side;
                s->attack_target = -1;
            }
        }
    }
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        if (s->side != other)
            continue;
        memset(s->plan, 0, sizeof s->plan); /* P-5 */
        s->plotted = 0;
        s->attack_target = -1;
        s->attack_target_set = 0;
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        js_podgroup *p = &st->pods[i];
        if (p->alive && p->side == other) {
            memset(p->dir, 0, sizeof p->dir);
            p->plotted = 0;
        }
    }
    memset(st->pending[other], 0, sizeof st->pending[other]);
    st->npending[other] = 0;
    jsi_scrub_setup(st, other, viewer);
    /* a position's hands name both sides' cards and the order of every HQ (H) */
    memset(st->scn.position.hands, 0, sizeof st->scn.position.hands);
    /* the scenario's own list of starting cards would name the other side's reserve */
    for (int i = 0; i < st->scn.nunits; i++) {
        js_unit_setup *us = &st->scn.units[i];
        if (us->side == other && us->where != JS_AT_MAP) {
            us->def = -1;
            memset(us->place, 0, sizeof us->place);
        }
    }
}
