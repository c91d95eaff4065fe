/* imagine.c — a game that starts from a given state: how a computer player builds the games it
 * imagines from its side's view, with guesses for what that view hides. */
#include "internal.h"
#include <stdlib.h>

#define BAD(...)                                                                                 \
    do {                                                                                         \
        if (reason && cap)                                                                       \
            snprintf(reason, cap, __VA_ARGS__);                                                  \
        return false;                                                                            \
    } while (0)

static bool in(int v, int lo, int hi) { return v >= lo && v < hi; }

static bool cards_ok(const js_state *st, const int16_t *cards, int n, int cap_n, const char *what,
                     int side, char *reason, size_t cap)
{
    if (!in(n, 0, cap_n + 1))
        BAD("side %d: %d cards in its %s (0..%d)", side, n, what, cap_n);
    for (int i = 0; i < n; i++)
        if (!in(cards[i], 0, st->scn.ndeck))
            BAD("side %d: %s[%d] names command card %d of %d", side, what, i, cards[i], st->scn.ndeck);
    return true;
}

static bool order_ok(const js_order *o)
{
    return in(o->turn, -1, 2) && in(o->phase, 1, 11) && o->move >= 0 && in(o->astern, 0, 2) &&
           o->msl_fwd >= 0 && o->msl_aft >= 0 && o->pods >= 0 && in(o->pod_dir[0], 0, 7) &&
           in(o->pod_dir[1], 0, 7) && in(o->pod_dir[2], 0, 7);
}

static bool units_ok(const js_state *st, char *reason, size_t cap)
{
    if (!in(st->nunits, 0, JS_MAX_UNITS + 1) || !in(st->nships, 0, JS_MAX_SHIPS + 1))
        BAD("%d units and %d ships (at most %d and %d)", st->nunits, st->nships, JS_MAX_UNITS, JS_MAX_SHIPS);
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->where == JS_AT_HIDDEN)
            BAD("unit %d is hidden: guess its card (JS_AT_RESERVE or JS_AT_CARGO) first", i);
        if (!in(u->def, 0, st->scn.ncards))
            BAD("unit %d names card %d of %d", i, u->def, st->scn.ncards);
        if (!in(u->side, 0, JS_SIDES) || !in(u->where, JS_AT_RESERVE, JS_AT_ARRIVING + 1))
            BAD("unit %d: side %d, where %d", i, u->side, u->where);
        if (u->nships != st->scn.cards[u->def].ships || u->first_ship < 0 || u->first_ship + u->nships > st->nships)
            BAD("unit %d: ships %d..%d do not match its card of %d ship(s)", i, u->first_ship,
                u->first_ship + u->nships - 1, st->scn.cards[u->def].ships);
        if (u->where == JS_AT_CARGO && !in(u->carrier, 0, st->nships))
            BAD("unit %d is cargo of ship %d, which does not exist", i, u->carrier);
        if (u->where == JS_AT_ARRIVING && !in(st->arrive_site[i], 0, st->nsites))
            BAD("unit %d arrives through site %d of %d", i, st->arrive_site[i], st->nsites);
        for (int k = 0; k < u->nships; k++) {
            const js_ship *s = &st->ships[u->first_ship + k];
            if (s->unit != i || s->side != u->side)
                BAD("ship %d does not belong to unit %d", u->first_ship + k, i);
        }
    }
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        if (!in(s->unit, 0, st->nunits))
            BAD("ship %d belongs to unit %d of %d", i, s->unit, st->nunits);
        if (!in(s->state, 0, 3) || !in(s->attack_target, -1, st->nships))
            BAD("ship %d: state %d or attack target %d out of range", i, s->state, s->attack_target);
        bool placed = s->on_map || st->units[s->unit].where == JS_AT_ARRIVING;
        if (placed && (!in(s->facing, 1, 7) || !in(s->phase, 1, 11)))
            BAD("ship %d: facing %d or phase %d out of range", i, s->facing, s->phase);
        if (!jsi_ship_executes(st, i))
            continue;
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            if (!order_ok(&s->plan[k]))
                BAD("ship %d: its order for turn T+%d is out of range (phase %d): plot or guess it first", i, k,
                    s->plan[k].phase);
    }
    return true;
}

static bool pieces_ok(const js_state *st, char *reason, size_t cap)
{
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        if (!p->alive)
            continue;
        if (!in(p->side, 0, JS_SIDES) || !in(p->controller, 0, st->nships) || p->pods <= 0 ||
            !js_hex_on_map(st, p->pos))
            BAD("pod group %d: side %d, controller %d, %d pods at an on-map hex?", i, p->side, p->controller, p->pods);
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            if (!in(p->dir[k], 0, 7))
                BAD("pod group %d: direction %d", i, p->dir[k]);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        const js_missile *m = &st->missiles[i];
        if (m->alive && (!in(m->side, 0, JS_SIDES) || !in(m->ship, 0, st->nships) || !in(m->facing, 1, 7)))
            BAD("missile %d: side %d, ship %d, facing %d", i, m->side, m->ship, m->facing);
    }
    if (!in(st->nsites, 0, JS_MAX_SITES + 1))
        BAD("%d sites (at most %d)", st->nsites, JS_MAX_SITES);
    for (int i = 0; i < st->nsites; i++)
        if (!in(st->sites[i].kind, 0, 3) || !in(st->sites[i].side, 0, JS_SIDES) ||
            !in(st->sites[i].section, 0, JS_SECTION_ANY + 1))
            BAD("site %d: kind %d, side %d, section %d", i, st->sites[i].kind, st->sites[i].side,
                st->sites[i].section);
    const js_pod_attack *a = &st->attack;
    if (a->active && (!in(a->group, 0, JS_MAX_PODS) || !st->pods[a->group].alive || a->count < 1 ||
                      !in(a->target, 0, a->target_is_pod ? JS_MAX_PODS : st->nships) || !in(a->guard_side, 0, 7)))
        BAD("the declared pod attack names group %d and target %d", a->group, a->target);
    return true;
}

static bool sides_ok(const js_state *st, char *reason, size_t cap)
{
    for (int s = 0; s < JS_SIDES; s++) {
        if (!in(st->npending[s], 0, JS_MAX_PENDING + 1))
            BAD("side %d: %d pending launches", s, st->npending[s]);
        for (int i = 0; i < st->npending[s]; i++) {
            const js_pending_launch *p = &st->pending[s][i];
            if (!in(p->unit, 0, st->nunits) || !in(p->carrier, -1, st->nships) || !in(p->ncargo, 0, JS_MAX_CARGO + 1))
                BAD("side %d: pending launch %d names unit %d", s, i, p->unit);
            for (int k = 0; k < p->ncargo; k++)
                if (!in(p->cargo[k], 0, st->nunits))
                    BAD("side %d: pending launch %d loads unit %d", s, i, p->cargo[k]);
        }
        if (!cards_ok(st, st->hq[s], st->nhq[s], JS_MAX_DECK, "HQ", s, reason, cap) ||
            !cards_ok(st, st->hand[s], st->nhand[s], JS_MAX_HAND, "hand", s, reason, cap) ||
            !cards_ok(st, st->discard[s], st->ndiscard[s], JS_MAX_DECK, "discard pile", s, reason, cap) ||
            !cards_ok(st, st->vanguard[s], st->nvanguard[s], JS_MAX_VANGUARD, "Vanguard", s, reason, cap) ||
            !cards_ok(st, st->discard_pick[s], st->ndiscard_pick[s], JS_MAX_HAND, "discards", s, reason, cap))
            return false;
        if (!in(st->play_card[s], -1, st->scn.ndeck) || !in(st->play_site[s], -1, st->nsites) ||
            !in(st->nplay_units[s], 0, JS_MAX_DEPLOY + 1) || (st->play_card[s] >= 0 && st->play_site[s] < 0))
            BAD("side %d: the card played (%d, site %d, %d cards) is out of range", s, st->play_card[s],
                st->play_site[s], st->nplay_units[s]);
        for (int i = 0; i < st->nplay_units[s]; i++)
            if (!in(st->play_units[s][i], 0, st->nunits))
                BAD("side %d: the card played deploys unit %d", s, st->play_units[s][i]);
        if (!in(st->nkdice[s], 0, JS_MAX_KDICE + 1) || !in(st->nkdep[s], 0, JS_MAX_KDICE + 1))
            BAD("side %d: %d command dice, %d deployments by them", s, st->nkdice[s], st->nkdep[s]);
        for (int i = 0; i < st->nkdice[s]; i++)
            if (!in(st->kdice[s][i], 1, 7))
                BAD("side %d: command die %d shows %d", s, i, st->kdice[s][i]);
        for (int i = 0; i < st->nkdep[s]; i++) {
            const js_dice_deploy *d = &st->kdep[s][i];
            if (!in(d->unit, 0, st->nunits) || !in(d->site, 0, st->nsites) || !in(d->passenger, -1, st->nunits) ||
                !in(d->total, 1, JS_KDICE_SPEND_MAX + 1))
                BAD("side %d: deployment %d by command dice names unit %d, site %d, passenger %d, total %d", s, i,
                    d->unit, d->site, d->passenger, d->total);
        }
        if (!in(st->npurchase[s], 0, JS_MAX_SUPPORT + 1))
            BAD("side %d: %d purchases", s, st->npurchase[s]);
        for (int i = 0; i < st->npurchase[s]; i++)
            if (!in(st->purchase[s][i], 0, st->scn.nsupport))
                BAD("side %d: purchase of offer %d", s, st->purchase[s][i]);
    }
    return true;
}

static bool state_ok(const js_state *st, char *reason, size_t cap)
{
    if (st->turn < 1 || !in(st->phase, 0, JS_PHASE_COUNT) || !in(st->to_move, -1, JS_SIDES) ||
        !in(st->winner, -1, JS_SIDES))
        BAD("turn %d, phase %d, side to move %d or winner %d out of range", st->turn, st->phase, st->to_move,
            st->winner);
    if (!in(st->scn.nsupport, 0, JS_MAX_SUPPORT + 1) || !in(st->scn.ndeck, 0, JS_MAX_DECK + 1))
        BAD("%d support offers and %d command cards", st->scn.nsupport, st->scn.ndeck);
    return units_ok(st, reason, cap) && pieces_ok(st, reason, cap) && sides_ok(st, reason, cap);
}

js_game *js_game_from_state(const js_state *st, uint64_t seed, char *reason, size_t cap)
{
    if (!st) {
        if (reason && cap)
            snprintf(reason, cap, "no state");
        return NULL;
    }
    /* js_game_create checks the scenario part (map, terrain, cards, hand settings) and allocates;
     * the scenario's own unit list and generated sites are already in the state, so leave them out */
    js_scenario *scn = malloc(sizeof *scn);
    if (!scn) {
        if (reason && cap)
            snprintf(reason, cap, "out of memory");
        return NULL;
    }
    *scn = st->scn;
    memset(&scn->position, 0, sizeof scn->position); /* a starting position (Z-36) is in the state */
    scn->nunits = 0;
    scn->nsites = 0;
    scn->sites_mode = JS_SITES_FIXED;
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = seed};
    js_game *g = js_game_create(scn, &dice, reason, cap);
    free(scn);
    if (!g)
        return NULL;
    if (!state_ok(st, reason, cap)) {
        js_game_destroy(g);
        return NULL;
    }
    g->st = *st;
    g->st.dice_kind = JS_DICE_SEEDED;
    g->st.rng = seed;
    g->st.script_pos = 0;
    g->nlog = 0;
    return g;
}

bool js_game_restart(js_game *g, const js_state *st, uint64_t seed)
{
    if (!g || !st || !state_ok(st, NULL, 0))
        return false;
    g->st = *st;
    g->st.dice_kind = JS_DICE_SEEDED;
    g->st.rng = seed;
    g->st.script_pos = 0;
    g->nlog = 0;
    g->error[0] = 0;
    g->roll_ev = -1;
    g->need_die = 0;
    g->has_parked = 0;
    g->nmanual = g->manual_used = 0;
    return true;
}

void js_game_set_quiet(js_game *g, bool quiet)
{
    if (g)
        g->quiet = quiet;
}
