/* invariants.c — what must hold after every command (self-play checks these). */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VIOLATION(...) do { snprintf(msg, cap, __VA_ARGS__); return false; } while (0)

static bool passable(const js_state *st, js_hex h)
{
    const js_terrain_type *t = js_terrain_at(st, h);
    return t && !t->impassable;
}

bool cli_check_invariants(const js_game *g, char *msg, size_t cap)
{
    const js_state *st = js_game_state(g);
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        if (!s->on_map || s->state == JS_SHIP_DESTROYED)
            continue;
        js_hex fp[7];
        int n = js_ship_footprint(st, i, fp);
        for (int k = 0; k < n; k++)
            if (!passable(st, fp[k]))
                VIOLATION("ship #%d has a footprint hex off the map or on impassable terrain", i);
        if (s->phase < JS_PHASE_MIN || s->phase > JS_PHASE_MAX)
            VIOLATION("ship #%d has phase %d", i, s->phase);
        if (s->missiles < 0 || s->pod_squadrons < 0)
            VIOLATION("ship #%d has negative stores", i);
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        if (!p->alive)
            continue;
        if (!passable(st, p->pos))
            VIOLATION("pod group #%d is off the map or on impassable terrain", i);
        if (p->pods <= 0)
            VIOLATION("pod group #%d is alive with %d pods", i, p->pods);
        if (p->controller < 0 || p->controller >= st->nships || !st->ships[p->controller].on_map)
            VIOLATION("pod group #%d belongs to ship #%d, which is not on the map", i, p->controller);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && !js_hex_on_map(st, st->missiles[i].pos))
            VIOLATION("missile #%d is off the map", i);
    for (int s = 0; s < JS_SIDES; s++)
        if (st->energy[s] < 0 || st->energy[s] > st->scn.sides[s].energy_max)
            VIOLATION("side %c has energy %d outside 0..%d", 'A' + s, st->energy[s], st->scn.sides[s].energy_max);
    /* cargo fits its hold (L-4; the hold space is the engine's js_hold_space) */
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->where != JS_AT_CARGO)
            continue;
        if (u->carrier < 0 || u->carrier >= st->nships)
            VIOLATION("card #%d is cargo of no ship", i);
        const js_card_def *d = &st->scn.cards[u->def];
        const js_card_def *t = js_ship_card(st, u->carrier);
        if (d->size >= t->size)
            VIOLATION("card #%d is not smaller than its transport", i);
        int used = js_hold_used(st, u->carrier, NULL);
        if (used > t->capacity)
            VIOLATION("ship #%d carries %d hexes of cargo; capacity %d", u->carrier, used, t->capacity);
    }
    /* K-3: this Command phase's dice, faces 1-6, and none outside it */
    for (int s = 0; s < JS_SIDES; s++) {
        if (st->nkdice[s] < 0 || st->nkdice[s] > JS_MAX_KDICE)
            VIOLATION("side %c holds %d command dice", 'A' + s, st->nkdice[s]);
        if (st->nkdice[s] && st->phase != JS_PHASE_COMMAND)
            VIOLATION("side %c holds command dice in the %s phase", 'A' + s, js_phase_name(st->phase));
        for (int i = 0; i < st->nkdice[s]; i++)
            if (st->kdice[s][i] < 1 || st->kdice[s][i] > 6)
                VIOLATION("side %c's command die %d shows %d", 'A' + s, i, st->kdice[s][i]);
    }
    /* K-4, K-6: a card deployed by dice this turn does not move in it, with a 2 launches nothing */
    for (int i = 0; i < st->nunits && st->phase > JS_PHASE_PLOT && st->phase <= JS_PHASE_RESOLUTION; i++) {
        const js_unit *u = &st->units[i];
        if (u->where != JS_AT_MAP || u->arrived_turn != st->turn)
            continue;
        for (int k = 0; k < u->nships; k++) {
            const js_order *o = &st->ships[u->first_ship + k].plan[0];
            if ((u->limits & JS_LIMIT_NO_MOVE) && o->move)
                VIOLATION("card #%d deployed by command dice this turn has F%d plotted", i, o->move);
            if ((u->limits & JS_LIMIT_NO_LAUNCH) && (o->msl_fwd || o->msl_aft || o->pods))
                VIOLATION("card #%d deployed with a 2 this turn has a launch plotted", i);
        }
    }
    /* K-7: a captured jump-off or entry point is held only from movement to the Resolution phase */
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].alive == JS_SITE_HELD && st->phase != JS_PHASE_NEW_ENTRY &&
            (st->phase < JS_PHASE_POD2 || st->phase > JS_PHASE_RESOLUTION))
            VIOLATION("site #%d is held in the %s phase", i, js_phase_name(st->phase));
    return true;
}
