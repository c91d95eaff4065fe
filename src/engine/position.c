/* position.c — a scenario that starts from a position (Z-36): ships' damage and stores, pod
 * groups and missiles on the map, energy, points and hands, checked and then applied once the
 * placements are on the map. */
#include "internal.h"

bool jsi_position_given(const js_scenario *s)
{
    static const js_position none; /* all zero: no position */
    return memcmp(&s->position, &none, sizeof none) != 0;
}

int jsi_first_turn(const js_scenario *s) { return s->position.turn > 0 ? s->position.turn : 1; }

/* The unit and ship a position entry names, or NULL with a reason. */
static const js_card_def *map_ship(const js_scenario *s, int unit, int ship, const char *what, int i,
                                   char *reason, size_t cap)
{
    if (unit < 0 || unit >= s->nunits || s->units[unit].where != JS_AT_MAP) {
        if (reason && cap)
            snprintf(reason, cap, "position: %s[%d] names unit %d, which is not a unit on the map", what, i, unit);
        return NULL;
    }
    const js_card_def *d = &s->cards[s->units[unit].def];
    if (ship < 0 || ship >= d->ships) {
        if (reason && cap)
            snprintf(reason, cap, "position: %s[%d] names ship %d of unit %d (%s has %d)", what, i, ship, unit,
                     d->id, d->ships);
        return NULL;
    }
    return d;
}

static bool hex_passable(const js_scenario *s, js_hex h)
{
    int idx = js_scenario_hex_index(s, h);
    return idx >= 0 && !s->terrain_types[s->terrain[idx]].impassable;
}

bool jsi_position_check(const js_scenario *s, char *reason, size_t cap)
{
#define BAD(...) do { if (reason && cap) snprintf(reason, cap, __VA_ARGS__); return false; } while (0)
    const js_position *p = &s->position;
    if (p->turn < 0 || p->turn > s->turn_limit)
        BAD("position: first turn %d is outside 1..%d (the turn limit)", p->turn, s->turn_limit);
    for (int side = 0; side < JS_SIDES; side++) {
        if ((p->energy_set & JS_SIDE_MASK(side)) &&
            (p->energy[side] < 0 || p->energy[side] > s->sides[side].energy_max))
            BAD("position: side %c's energy %d is outside 0..%d (E-1)", 'A' + side, p->energy[side],
                s->sides[side].energy_max);
        if (p->points[side] < 0)
            BAD("position: side %c's points %d are below 0", 'A' + side, p->points[side]);
    }
    if (p->nships < 0 || p->nships > JS_MAX_SHIPS || p->npods < 0 || p->npods > JS_MAX_POS_PODS ||
        p->nmissiles < 0 || p->nmissiles > JS_MAX_POS_MISSILES)
        BAD("position: %d ships, %d pod groups, %d missiles (at most %d, %d, %d)", p->nships, p->npods,
            p->nmissiles, JS_MAX_SHIPS, JS_MAX_POS_PODS, JS_MAX_POS_MISSILES);
    for (int i = 0; i < p->nships; i++) {
        const js_ship_setup *e = &p->ships[i];
        const js_card_def *d = map_ship(s, e->unit, e->ship, "ships", i, reason, cap);
        if (!d)
            return false;
        for (int j = 0; j < i; j++)
            if (p->ships[j].unit == e->unit && p->ships[j].ship == e->ship)
                BAD("position: ships[%d] and ships[%d] both set unit %d ship %d", j, i, e->unit, e->ship);
        int guard = 0;
        for (int k = 0; k < 6; k++)
            guard += e->guard[k] < 0 ? 1000 : e->guard[k];
        if (((e->set & JS_SET_STATE) && e->state != JS_SHIP_ACTIVE && e->state != JS_SHIP_DISABLED) ||
            ((e->set & JS_SET_SHIELDS) && (e->shields < 0 || e->shields > d->shields)) ||
            ((e->set & JS_SET_HULL) && (e->hull_damage < 0 || e->hull_damage >= d->hull)) ||
            ((e->set & JS_SET_TR) && (e->tr < 0 || e->tr > d->tr)) ||
            ((e->set & JS_SET_MISSILES) && (e->missiles < 0 || e->missiles > d->missiles)) ||
            ((e->set & JS_SET_PODS) && (e->pod_squadrons < 0 || e->pod_squadrons > d->pod_squadrons)) ||
            ((e->set & JS_SET_GUARD) && guard > d->guard_pods))
            BAD("position: ships[%d] (%s): a state, shields, hull damage, TR, stores or guard pods beyond "
                "its card", i, d->id);
    }
    for (int i = 0; i < p->npods; i++) {
        const js_pod_setup *e = &p->pods[i];
        if (!map_ship(s, e->unit, e->ship, "pods", i, reason, cap))
            return false;
        if (!hex_passable(s, e->hex))
            BAD("position: pods[%d] is off the map or on impassable terrain", i);
        if (e->pods < 1 || e->pods > JS_MAX_POS_GROUP)
            BAD("position: pods[%d] holds %d pods (1..%d)", i, e->pods, JS_MAX_POS_GROUP);
        if (e->entered < 0 || e->entered > 6)
            BAD("position: pods[%d] entered its hex in direction %d (1..6, 0 = never moved)", i, e->entered);
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            if (e->dir[k] < 1 || e->dir[k] > 6)
                BAD("position: pods[%d] plots direction %d (1..6)", i, e->dir[k]);
    }
    for (int i = 0; i < p->nmissiles; i++) {
        const js_missile_setup *e = &p->missiles[i];
        if (!map_ship(s, e->unit, e->ship, "missiles", i, reason, cap))
            return false;
        if (!hex_passable(s, e->hex))
            BAD("position: missiles[%d] is off the map or on impassable terrain", i);
        if (e->facing < 1 || e->facing > 6)
            BAD("position: missiles[%d] faces %d (1..6)", i, e->facing);
    }
    if (p->hands_set) {
        if (!(s->deploy & JS_DEPLOY_JUMP))
            BAD("position: hands are set, but the scenario has no command cards (H: jump points only)");
        js_command_card deck[JS_MAX_DECK];
        int ndeck = s->ndeck ? s->ndeck : js_default_deck(deck, JS_MAX_DECK);
        for (int side = 0; side < JS_SIDES; side++) {
            const js_hand_setup *h = &p->hands[side];
            if (h->nhand < 0 || h->nhand > JS_MAX_HAND || h->nhq < 0 || h->nhq > JS_MAX_DECK ||
                h->ndiscard < 0 || h->ndiscard > JS_MAX_DECK)
                BAD("position: side %c's hand, HQ or discard pile is too long", 'A' + side);
            bool seen[JS_MAX_DECK] = {false};
            const int16_t *lists[3] = {h->hand, h->hq, h->discard};
            int lens[3] = {h->nhand, h->nhq, h->ndiscard};
            for (int l = 0; l < 3; l++)
                for (int k = 0; k < lens[l]; k++) {
                    int c = lists[l][k];
                    if (c < 0 || c >= ndeck)
                        BAD("position: side %c names command card %d; the deck has %d (0..%d)", 'A' + side, c,
                            ndeck, ndeck - 1);
                    if (seen[c])
                        BAD("position: side %c names command card %d twice", 'A' + side, c);
                    seen[c] = true;
                }
        }
    }
    return true;
#undef BAD
}

static int ship_id(const js_state *st, int unit, int ship) { return st->units[unit].first_ship + ship; }

void jsi_position_apply(js_game *g)
{
    js_state *st = &g->st;
    const js_position *p = &st->scn.position;
    st->turn = (int16_t)jsi_first_turn(&st->scn);
    for (int side = 0; side < JS_SIDES; side++) {
        if (p->energy_set & JS_SIDE_MASK(side))
            st->energy[side] = p->energy[side];
        st->points[side] = p->points[side];
    }
    for (int i = 0; i < p->npods; i++) {
        const js_pod_setup *e = &p->pods[i];
        js_podgroup *pg = &st->pods[i];
        int ctl = ship_id(st, e->unit, e->ship);
        memset(pg, 0, sizeof *pg);
        pg->alive = 1;
        pg->side = st->ships[ctl].side;
        pg->controller = (int16_t)ctl;
        pg->pos = e->hex;
        pg->pods = e->pods;
        memcpy(pg->dir, e->dir, sizeof pg->dir);
        pg->ever_moved = e->entered != 0;
        pg->entered_dir = e->entered;
    }
    for (int i = 0; i < st->nships; i++) { /* placed groups lower their controller's TR */
        js_ship *s = &st->ships[i];
        if (!s->on_map)
            continue;
        int tr = jsi_card(st, i)->tr;
        for (int k = 0; k < p->npods; k++)
            tr -= st->pods[k].controller == i;
        s->tr = (int8_t)(tr < 0 ? 0 : tr);
    }
    for (int i = 0; i < p->nships; i++) {
        const js_ship_setup *e = &p->ships[i];
        js_ship *s = &st->ships[ship_id(st, e->unit, e->ship)];
        if (e->set & JS_SET_STATE)
            s->state = e->state;
        if (e->set & JS_SET_SHIELDS)
            s->shields = e->shields;
        if (e->set & JS_SET_HULL)
            s->hull_damage = e->hull_damage;
        if (e->set & JS_SET_TR)
            s->tr = e->tr;
        if (e->set & JS_SET_MISSILES)
            s->missiles = e->missiles;
        if (e->set & JS_SET_PODS)
            s->pod_squadrons = e->pod_squadrons;
        if (e->set & JS_SET_GUARD)
            memcpy(s->guard, e->guard, sizeof s->guard);
    }
    for (int i = 0; i < p->nmissiles; i++) {
        const js_missile_setup *e = &p->missiles[i];
        js_missile *m = &st->missiles[i];
        int ship = ship_id(st, e->unit, e->ship);
        m->alive = 1;
        m->side = st->ships[ship].side;
        m->facing = e->facing;
        m->pos = e->hex;
        m->ship = (int16_t)ship;
    }
    if (p->hands_set)
        for (int side = 0; side < JS_SIDES; side++) {
            const js_hand_setup *h = &p->hands[side];
            st->nhand[side] = h->nhand;
            memcpy(st->hand[side], h->hand, (size_t)h->nhand * sizeof(int16_t));
            st->nhq[side] = h->nhq;
            for (int k = 0; k < h->nhq; k++) /* the HQ is a stack: its top is the last entry */
                st->hq[side][h->nhq - 1 - k] = h->hq[k];
            st->ndiscard[side] = h->ndiscard;
            memcpy(st->discard[side], h->discard, (size_t)h->ndiscard * sizeof(int16_t));
        }
}
