/* forced.c — decisions whose answer cannot matter, so a screen may take them without asking. */
#include "internal.h"

/* The hexes a missile occupies or may fly through before it ends (its start included). */
static int missile_hexes(const js_state *st, int m, js_hex out[JS_MISSILE_RANGE + 1])
{
    js_missile_path p;
    js_missile_flight(st, st->missiles[m].pos, st->missiles[m].facing, m, &p);
    out[0] = st->missiles[m].pos;
    for (int i = 0; i < p.n; i++)
        out[1 + i] = p.hex[i];
    return 1 + p.n;
}

/* C-1: whichever missile flies first, no other missile's flight changes: no two of them (either
 * side's) share a hex, so none can strike another or the unit another would strike first. */
static bool missiles_independent(const js_state *st)
{
    js_hex hx[JS_MAX_MISSILES][JS_MISSILE_RANGE + 1];
    int n[JS_MAX_MISSILES], nm = 0;
    for (int m = 0; m < JS_MAX_MISSILES; m++)
        if (st->missiles[m].alive) {
            n[nm] = missile_hexes(st, m, hx[nm]);
            nm++;
        }
    for (int a = 0; a < nm; a++)
        for (int b = a + 1; b < nm; b++)
            for (int i = 0; i < n[a]; i++)
                for (int j = 0; j < n[b]; j++)
                    if (js_hex_eq(hx[a][i], hx[b][j]))
                        return false;
    return true;
}

bool js_forced_command(const js_game *g, js_cmd *out)
{
    const js_state *st = &g->st;
    js_wait w = js_wait_get(g);
    if (w.kind != JS_WAIT_MISSILE || st->to_move < 0)
        return false;
    int side = st->to_move, first = -1, mine = 0;
    for (int m = 0; m < JS_MAX_MISSILES; m++)
        if (st->missiles[m].alive && st->missiles[m].side == side) {
            if (first < 0)
                first = m;
            mine++;
        }
    if (first < 0 || (mine > 1 && !missiles_independent(st)))
        return false;
    memset(out, 0, sizeof *out);
    out->type = JS_CMD_MISSILE;
    out->side = (int8_t)side;
    out->unit = (int16_t)first;
    out->target = -1;
    return true;
}
