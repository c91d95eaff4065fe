/* testlib.c — see testlib.h */
#include "testlib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

js_scenario *tl_scenario(int w, int h)
{
    js_scenario *s = calloc(1, sizeof *s);
    js_scenario_defaults(s);
    s->width = (int16_t)w;
    s->height = (int16_t)h;
    s->turn_limit = 20;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++) {
            if (r >= h - 2)
                s->zone[r * w + c] |= JS_ZONE_A;
            if (r < 2)
                s->zone[r * w + c] |= JS_ZONE_B;
        }
    return s;
}

int tl_card(js_scenario *s, const char *name, int size, int ships, int move)
{
    js_card_def *d = &s->cards[s->ncards];
    memset(d, 0, sizeof *d);
    snprintf(d->id, sizeof d->id, "%s", name);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->size = (int8_t)size;
    d->ships = (int8_t)ships;
    d->move = (int8_t)move;
    d->hull = 1;
    d->mass = 1;
    return s->ncards++;
}

int tl_unit_at(js_scenario *s, int def, int side, int col, int row, int facing)
{
    js_unit_setup *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_MAP;
    for (int k = 0; k < s->cards[def].ships; k++) {
        u->place[k].hex = js_hex_from_offset(col + 2 * k, row);
        u->place[k].facing = (int8_t)facing;
        u->place[k].phase = 5;
    }
    return s->nunits++;
}

int tl_unit_reserve(js_scenario *s, int def, int side)
{
    js_unit_setup *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_RESERVE;
    return s->nunits++;
}

void tl_terrain(js_scenario *s, int col, int row, const char *name, int impassable, int blocks, int defense)
{
    int t = -1;
    for (int i = 0; i < s->nterrain; i++)
        if (!strcmp(s->terrain_types[i].name, name))
            t = i;
    if (t < 0) {
        t = s->nterrain++;
        js_terrain_type *tt = &s->terrain_types[t];
        snprintf(tt->name, sizeof tt->name, "%s", name);
        snprintf(tt->look, sizeof tt->look, "%s", name);
        tt->impassable = (int8_t)impassable;
        tt->blocks_missiles = (int8_t)blocks;
        tt->defense_bonus = (int8_t)defense;
    }
    s->terrain[row * s->width + col] = (uint8_t)t;
}

js_game *tl_game(const js_scenario *s, const int *dice, int n)
{
    int8_t script[4096];
    for (int i = 0; i < n && i < 4096; i++)
        script[i] = (int8_t)dice[i];
    js_dice_cfg cfg = {.kind = JS_DICE_SCRIPTED, .seed = 7, .script = script, .nscript = n};
    char reason[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &cfg, reason, sizeof reason);
    if (!g)
        fail_msg("js_game_create: %s", reason);
    return g;
}

void tl_expect(js_game *g, const js_cmd *c, js_status want)
{
    char reason[JS_REASON_LEN] = "";
    js_status got = js_submit(g, c, reason, sizeof reason);
    if (got != want)
        fail_msg("%s by side %d: status %d, wanted %d (%s)", js_cmd_type_name(c->type), c->side, got, want,
                 reason);
}

js_cmd tl_cmd(int type, int side)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = (int8_t)type;
    c.side = (int8_t)side;
    c.target = -1;
    return c;
}

js_order tl_order(int phase)
{
    js_order o;
    memset(&o, 0, sizeof o);
    o.phase = (int8_t)phase;
    return o;
}

void tl_ready(js_game *g, int side)
{
    js_cmd c = tl_cmd(JS_CMD_READY, side);
    tl_ok(g, &c);
}

void tl_ready_both(js_game *g)
{
    for (int s = 0; s < JS_SIDES; s++) {
        js_wait w = js_wait_get(g);
        if (w.secret && (w.sides & JS_SIDE_MASK(s)))
            tl_ready(g, s);
    }
}

js_hex tl_hex(int col, int row) { return js_hex_from_offset(col, row); }

void tl_pos(const js_game *g, int ship, int *col, int *row)
{
    js_hex_to_offset(js_game_state(g)->ships[ship].pos, col, row);
}

const js_event *tl_last_event(const js_game *g, int type)
{
    for (int i = js_log_count(g) - 1; i >= 0; i--)
        if (js_log_at(g, i)->type == type)
            return js_log_at(g, i);
    return NULL;
}

int tl_count_events(const js_game *g, int type)
{
    int n = 0;
    for (int i = 0; i < js_log_count(g); i++)
        n += js_log_at(g, i)->type == type;
    return n;
}
