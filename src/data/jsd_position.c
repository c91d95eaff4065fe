/* jsd_position.c — a scenario that starts from a position (Z-36): the state members of a
 * ship placement and the scenario's "position" member -> js_scenario.position. Format:
 * docs/formats.md, "Position". */
#include "jsd_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const STATE_NAMES[] = {"active", "disabled"};

bool jsd_ship_state_parse(const jx *x, const cJSON *v, const char *path, js_scenario *s, int unit,
                          int ship)
{
    static const char *const KEYS[] = {"state", "shields", "hull_damage", "tr", "guard", "missiles",
                                       "pod_squadrons"};
    bool any = false;
    for (int k = 0; k < 7; k++)
        any = any || jx_get(v, KEYS[k]);
    if (!any)
        return true;
    const js_card_def *d = &s->cards[s->units[unit].def];
    js_position *p = &s->position;
    if (p->nships >= JS_MAX_SHIPS)
        return true; /* more ships than a game holds: "units" refuses them once it has counted */
    js_ship_setup *e = &p->ships[p->nships];
    memset(e, 0, sizeof *e);
    e->unit = (int16_t)unit;
    e->ship = (int8_t)ship;
    int state = JS_SHIP_ACTIVE, shields = d->shields, hull = 0, tr = d->tr, missiles = d->missiles,
        pods = d->pod_squadrons;
    if (!jx_enum(x, v, path, "state", false, STATE_NAMES, 2, JS_SHIP_ACTIVE, &state) ||
        !jx_int(x, v, path, "shields", false, 0, d->shields, d->shields, &shields) ||
        !jx_int(x, v, path, "hull_damage", false, 0, d->hull - 1, 0, &hull) ||
        !jx_int(x, v, path, "tr", false, 0, d->tr, d->tr, &tr) ||
        !jx_int(x, v, path, "missiles", false, 0, d->missiles, d->missiles, &missiles) ||
        !jx_int(x, v, path, "pod_squadrons", false, 0, d->pod_squadrons, d->pod_squadrons, &pods))
        return false;
    const cJSON *g = jx_get(v, "guard");
    if (g) {
        char q[JX_PATH], r[JX_PATH];
        jx_key(q, path, "guard");
        if (!jx_want_array(x, g, q, 6, 6))
            return false;
        int k = 0, total = 0;
        for (const cJSON *it = g->child; it; it = it->next, k++) {
            int n;
            jx_idx(r, q, k);
            if (!jx_int_v(x, it, r, 0, d->guard_pods, &n))
                return false;
            e->guard[k] = (int8_t)n;
            total += n;
        }
        if (total > d->guard_pods)
            return jx_fail(x, q, "%d guard pods in all; card \"%s\" carries %d", total, d->id, d->guard_pods);
    }
    e->set = (uint8_t)((jx_get(v, "state") ? JS_SET_STATE : 0) | (jx_get(v, "shields") ? JS_SET_SHIELDS : 0) |
                       (jx_get(v, "hull_damage") ? JS_SET_HULL : 0) | (jx_get(v, "tr") ? JS_SET_TR : 0) |
                       (g ? JS_SET_GUARD : 0) | (jx_get(v, "missiles") ? JS_SET_MISSILES : 0) |
                       (jx_get(v, "pod_squadrons") ? JS_SET_PODS : 0));
    e->state = (int8_t)state;
    e->shields = (int8_t)shields;
    e->hull_damage = (int8_t)hull;
    e->tr = (int8_t)tr;
    e->missiles = (int8_t)missiles;
    e->pod_squadrons = (int8_t)pods;
    p->nships++;
    return true;
}

typedef struct pos_ctx {
    const jx *x;
    js_scenario *s;
    const char (*tids)[JS_NAME_LEN];
} pos_ctx;

/* "unit" and "ship" of a pod group or missile: a ship on the map. */
static bool map_ship(const pos_ctx *c, const cJSON *v, const char *path, const char *role, int *unit,
                     int *ship)
{
    char q[JX_PATH];
    if (!jx_int(c->x, v, path, "unit", true, 0, c->s->nunits - 1, 0, unit))
        return false;
    const js_unit_setup *u = &c->s->units[*unit];
    if (u->where != JS_AT_MAP) {
        jx_key(q, path, "unit");
        return jx_fail(c->x, q, "units[%d] is in reserve; %s is a ship on the map", *unit, role);
    }
    const js_card_def *d = &c->s->cards[u->def];
    return jx_int(c->x, v, path, "ship", false, 0, d->ships - 1, 0, ship);
}

/* "hex": on the map and passable (G-8). */
static bool open_hex(const pos_ctx *c, const cJSON *v, const char *path, js_hex *out)
{
    const cJSON *hv;
    char q[JX_PATH];
    int col, row;
    jx_key(q, path, "hex");
    if (!jx_need(c->x, v, path, "hex", &hv) || !jx_hex_v(c->x, hv, q, &col, &row))
        return false;
    const js_scenario *s = c->s;
    if (col < 0 || row < 0 || col >= s->width || row >= s->height)
        return jx_fail(c->x, q, "[%d,%d] is off the %dx%d map (columns 0..%d, rows 0..%d)", col, row,
                       s->width, s->height, s->width - 1, s->height - 1);
    int t = s->terrain[row * s->width + col];
    if (s->terrain_types[t].impassable)
        return jx_fail(c->x, q, "[%d,%d] is on impassable terrain \"%s\"", col, row, c->tids[t]);
    *out = js_hex_from_offset(col, row);
    return true;
}

static bool parse_pods(const pos_ctx *c, const cJSON *pos)
{
    static const char *const F[] = {"unit", "ship", "hex", "pods", "dirs", "entered", NULL};
    const cJSON *arr = jx_get(pos, "pods");
    if (!arr)
        return true;
    if (!jx_want_array(c->x, arr, "position.pods", 0, JS_MAX_POS_PODS))
        return false;
    js_position *p = &c->s->position;
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        char path[JX_PATH], q[JX_PATH], r[JX_PATH];
        jx_idx(path, "position.pods", i);
        js_pod_setup *e = &p->pods[i];
        int unit, ship, pods, entered;
        const cJSON *dirs;
        if (!jx_want_object(c->x, v, path) || !jx_fields(c->x, v, path, F) ||
            !map_ship(c, v, path, "a pod group's controller", &unit, &ship) || !open_hex(c, v, path, &e->hex) ||
            !jx_int(c->x, v, path, "pods", true, 1, JS_MAX_POS_GROUP, 1, &pods) ||
            !jx_int(c->x, v, path, "entered", false, 1, 6, 0, &entered) ||
            !jx_need(c->x, v, path, "dirs", &dirs))
            return false;
        jx_key(q, path, "dirs");
        if (!jx_want_array(c->x, dirs, q, JS_PLAN_DEPTH, JS_PLAN_DEPTH))
            return false;
        int k = 0;
        for (const cJSON *it = dirs->child; it; it = it->next, k++) {
            int dir;
            jx_idx(r, q, k);
            if (!jx_int_v(c->x, it, r, 1, 6, &dir))
                return false;
            e->dir[k] = (int8_t)dir;
        }
        e->unit = (int16_t)unit;
        e->ship = (int8_t)ship;
        e->pods = (int16_t)pods;
        e->entered = (int8_t)entered;
    }
    p->npods = i;
    return true;
}

static bool parse_missiles(const pos_ctx *c, const cJSON *pos)
{
    static const char *const F[] = {"unit", "ship", "hex", "facing", NULL};
    const cJSON *arr = jx_get(pos, "missiles");
    if (!arr)
        return true;
    if (!jx_want_array(c->x, arr, "position.missiles", 0, JS_MAX_POS_MISSILES))
        return false;
    js_position *p = &c->s->position;
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        char path[JX_PATH];
        jx_idx(path, "position.missiles", i);
        js_missile_setup *e = &p->missiles[i];
        int unit, ship, facing;
        if (!jx_want_object(c->x, v, path) || !jx_fields(c->x, v, path, F) ||
            !map_ship(c, v, path, "a missile's launcher", &unit, &ship) || !open_hex(c, v, path, &e->hex) ||
            !jx_int(c->x, v, path, "facing", true, 1, 6, 1, &facing))
            return false;
        e->unit = (int16_t)unit;
        e->ship = (int8_t)ship;
        e->facing = (int8_t)facing;
    }
    p->nmissiles = i;
    return true;
}

/* The deck the hands draw from: the scenario's, or the default one (js_default_deck). */
typedef struct hand_deck {
    js_command_card cards[JS_MAX_DECK];
    int n;
} hand_deck;

enum { IN_NONE, IN_HAND, IN_HQ, IN_DISCARD };

/* A list of deck indices; each card at most once in the side's hand, HQ and discard pile. */
static bool card_list(const pos_ctx *c, const cJSON *v, const char *path, int max, const hand_deck *deck,
                      int place, int8_t *where, int16_t *out, int *n)
{
    static const char *const PLACES[] = {"", "in the hand", "in the HQ", "in the discard pile"};
    if (!jx_want_array(c->x, v, path, 0, max))
        return false;
    int k = 0;
    for (const cJSON *it = v->child; it; it = it->next, k++) {
        char q[JX_PATH];
        int card;
        jx_idx(q, path, k);
        if (!jx_int_v(c->x, it, q, 0, deck->n - 1, &card))
            return false;
        if (where[card])
            return jx_fail(c->x, q, "command card %d (%s) is already %s", card, deck->cards[card].name,
                           PLACES[where[card]]);
        where[card] = (int8_t)place;
        out[k] = (int16_t)card;
    }
    *n = k;
    return true;
}

static bool parse_hands(const pos_ctx *c, const cJSON *pos)
{
    static const char *const SF[] = {"A", "B", NULL};
    static const char *const F[] = {"hand", "hq", "discard", NULL};
    const cJSON *hands = jx_get(pos, "hands");
    if (!hands)
        return true;
    js_scenario *s = c->s;
    if (!(s->deploy & JS_DEPLOY_JUMP))
        return jx_fail(c->x, "position.hands", "command cards are only used with jump points; add \"jump\" "
                                               "to \"deploy\" (J-3)");
    if (!jx_want_object(c->x, hands, "position.hands") || !jx_fields(c->x, hands, "position.hands", SF))
        return false;
    hand_deck deck;
    if (s->ndeck > 0) {
        memcpy(deck.cards, s->deck, sizeof deck.cards);
        deck.n = s->ndeck;
    } else
        deck.n = js_default_deck(deck.cards, JS_MAX_DECK);
    for (int side = 0; side < JS_SIDES; side++) {
        char p[JX_PATH], q[JX_PATH];
        const cJSON *h, *v;
        jx_key(p, "position.hands", SF[side]);
        js_hand_setup *hs = &s->position.hands[side];
        int8_t where[JS_MAX_DECK] = {0};
        int n = 0;
        if (!jx_need(c->x, hands, "position.hands", SF[side], &h) || !jx_want_object(c->x, h, p) ||
            !jx_fields(c->x, h, p, F) || !jx_need(c->x, h, p, "hand", &v))
            return false;
        jx_key(q, p, "hand");
        if (!card_list(c, v, q, JS_MAX_HAND, &deck, IN_HAND, where, hs->hand, &n))
            return false;
        hs->nhand = (int8_t)n;
        if ((v = jx_get(h, "discard"))) {
            jx_key(q, p, "discard");
            if (!card_list(c, v, q, JS_MAX_DECK, &deck, IN_DISCARD, where, hs->discard, &n))
                return false;
            hs->ndiscard = (int16_t)n;
        }
        if ((v = jx_get(h, "hq"))) {
            jx_key(q, p, "hq");
            if (!card_list(c, v, q, JS_MAX_DECK, &deck, IN_HQ, where, hs->hq, &n))
                return false;
            hs->nhq = (int16_t)n;
        } else { /* every card in neither the hand nor the discard pile, in deck order */
            for (int card = 0; card < deck.n; card++)
                if (!where[card])
                    hs->hq[hs->nhq++] = (int16_t)card;
        }
    }
    s->position.hands_set = 1;
    return true;
}

bool jsd_position_parse(const jx *x, const cJSON *root, js_scenario *s, const char (*tids)[JS_NAME_LEN])
{
    static const char *const F[] = {"turn", "energy", "points", "pods", "missiles", "hands", NULL};
    static const char *const SF[] = {"A", "B", NULL};
    const cJSON *pos = jx_get(root, "position");
    if (!pos)
        return true;
    pos_ctx c = {x, s, tids};
    js_position *p = &s->position;
    int turn;
    if (!jx_want_object(x, pos, "position") || !jx_fields(x, pos, "position", F) ||
        !jx_int(x, pos, "position", "turn", false, 1, s->turn_limit, 1, &turn))
        return false;
    p->turn = (int16_t)(jx_get(pos, "turn") ? turn : 0);
    const cJSON *e = jx_get(pos, "energy");
    if (e) {
        if (!jx_want_object(x, e, "position.energy") || !jx_fields(x, e, "position.energy", SF))
            return false;
        for (int side = 0; side < JS_SIDES; side++) {
            int n;
            if (!jx_get(e, SF[side]))
                continue;
            if (!jx_int(x, e, "position.energy", SF[side], false, 0, s->sides[side].energy_max, 0, &n))
                return false;
            p->energy[side] = (int16_t)n;
            p->energy_set |= (uint8_t)JS_SIDE_MASK(side);
        }
    }
    const cJSON *pt = jx_get(pos, "points");
    if (pt) {
        if (!jx_want_object(x, pt, "position.points") || !jx_fields(x, pt, "position.points", SF))
            return false;
        for (int side = 0; side < JS_SIDES; side++) {
            int n;
            if (!jx_int(x, pt, "position.points", SF[side], false, 0, 10000, 0, &n))
                return false;
            p->points[side] = (int16_t)n;
        }
    }
    return parse_pods(&c, pos) && parse_missiles(&c, pos) && parse_hands(&c, pos);
}
