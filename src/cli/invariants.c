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
    /* cargo fits its hold (L-4) */
    int used[JS_MAX_SHIPS] = {0};
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
        used[u->carrier] += d->ships * (d->size == 2 ? 7 : d->size == 1 ? 2 : 1);
        if (used[u->carrier] > t->capacity)
            VIOLATION("ship #%d carries %d hexes of cargo; capacity %d", u->carrier, used[u->carrier], t->capacity);
    }
    return true;
}
