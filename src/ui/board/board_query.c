/* board_query.c — what is on a hex, as ids and as lines for the hover list; a ship's card
 * (board.h). No drawing. */
#include "board_int.h"
#include <stdio.h>

const js_card_def *ui_ship_card(const js_state *st, int ship)
{
    if (ship < 0 || ship >= st->nships)
        return NULL;
    int u = st->ships[ship].unit;
    if (u < 0 || u >= st->nunits)
        return NULL;
    int d = st->units[u].def;
    if (d < 0 || d >= st->scn.ncards)
        return NULL;
    return &st->scn.cards[d];
}

int ui_board_units_at(const js_view *v, js_hex h, int *ships, int *nships, int *pods, int *npods,
                      int *missiles, int *nmissiles, int cap)
{
    const js_state *st = &v->st;
    *nships = *npods = *nmissiles = 0;
    for (int i = 0; i < st->nships; i++) {
        if (!ship_drawn(st, i))
            continue;
        js_hex fp[7];
        int n = js_footprint(ship_size(st, i), st->ships[i].pos, st->ships[i].facing, fp);
        for (int k = 0; k < n; k++)
            if (js_hex_eq(fp[k], h) && *nships < cap) {
                ships[(*nships)++] = i;
                break;
            }
    }
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, h) && *npods < cap)
            pods[(*npods)++] = i;
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, h) && *nmissiles < cap)
            missiles[(*nmissiles)++] = i;
    return *nships + *npods + *nmissiles;
}

int ui_board_describe_hex(const js_view *v, js_hex h, char lines[][96], int max)
{
    const js_state *st = &v->st;
    int ships[32] = {0}, pods[32] = {0}, ms[32] = {0}, ns, np, nm, n = 0;
    ui_board_units_at(v, h, ships, &ns, pods, &np, ms, &nm, 32);
    static const char *stname[3] = {"", " (disabled)", " (destroyed)"};
    static const char *dn[7] = {"", "N", "NE", "SE", "S", "SW", "NW"};
    /* every mark on the counters explained: the stack badge, the phase badge, the pips, the
     * squadron tag, the DISABLED label, the pod count */
    if (ns + np + nm > 1 && n < max)
        snprintf(lines[n++], 96, "%d counters share this hex (the gold number)", ns + np + nm);
    /* several ships: a line each, so every one is listed, and the marks explained once */
    int listed = 0;
    for (int i = 0; ns > 1 && i < ns && n < max - 2; i++, listed++) {
        const js_ship *s = &st->ships[ships[i]];
        const js_card_def *cd = ui_ship_card(st, ships[i]);
        char name[64], line[200];
        js_ship_name(st, ships[i], name, sizeof name);
        snprintf(line, sizeof line, "%s %s: phase %d \xc2\xb7 shields %d/%d \xc2\xb7 hull %d/%d%s",
                 st->scn.sides[s->side].name, name, s->phase, s->shields, cd ? cd->shields : 0,
                 cd ? cd->hull - s->hull_damage : 0, cd ? cd->hull : 0, stname[s->state % 3]);
        snprintf(lines[n++], 96, "%.95s", line);
    }
    if (ns > 1 && listed < ns && n < max)
        snprintf(lines[n++], 96, "  and %d more ship%s", ns - listed, ns - listed == 1 ? "" : "s");
    if (ns > 1 && n < max)
        snprintf(lines[n++], 96, "  round badges: their phases, fanned round the hex");
    for (int i = 0; ns == 1 && i < ns && n < max; i++) {
        if (ships[i] < 0 || ships[i] >= JS_MAX_SHIPS)
            continue;
        const js_ship *s = &st->ships[ships[i]];
        const js_card_def *cd = ui_ship_card(st, ships[i]);
        snprintf(lines[n++], 96, "%s %s, phase %d%s", st->scn.sides[s->side].name,
                 cd ? cd->name : "ship", s->phase, stname[s->state % 3]);
        if (n < max)
            snprintf(lines[n++], 96, "  round badge %d = its phase \xc2\xb7 arrow = facing %s", s->phase,
                     dn[js_dir_wrap(s->facing)]);
        if (cd && n < max)
            snprintf(lines[n++], 96, "  dots = shields %d/%d \xc2\xb7 squares = hull %d/%d", s->shields, cd->shields,
                     cd->hull - s->hull_damage, cd->hull);
        if (s->unit >= 0 && s->unit < st->nunits && st->units[s->unit].nships > 1 && n < max)
            snprintf(lines[n++], 96, "  \xc3\x97%d tag: a squadron of %d ships, one card", st->units[s->unit].nships,
                     st->units[s->unit].nships);
        if (s->state == JS_SHIP_DISABLED && n < max)
            snprintf(lines[n++], 96, "  DISABLED: it does nothing more (no moves, launches or attacks)");
    }
    for (int i = 0; i < np && n < max; i++) {
        const js_podgroup *p = &st->pods[pods[i]];
        snprintf(lines[n++], 96, "%s pod group: %d pod%s (the number on it)", st->scn.sides[p->side].name, p->pods,
                 p->pods == 1 ? "" : "s");
    }
    for (int i = 0; i < nm && n < max; i++) {
        const js_missile *m = &st->missiles[ms[i]];
        snprintf(lines[n++], 96, "%s missile heading %s", st->scn.sides[m->side].name,
                 dn[js_dir_wrap(m->facing)]);
    }
    int idx = hex_index(st, h);
    if (idx >= 0 && n < max) {
        int tt = st->scn.terrain[idx];
        int col, row;
        js_hex_to_offset(h, &col, &row);
        if (tt > 0 && tt < st->scn.nterrain) {
            const js_terrain_type *t = &st->scn.terrain_types[tt];
            snprintf(lines[n++], 96, "(%d,%d) %s%s%s%s", col, row, t->name,
                     t->impassable ? " · impassable" : "", t->blocks_missiles ? " · blocks missiles" : "",
                     t->defense_bonus ? " · +defence" : "");
        } else {
            snprintf(lines[n++], 96, "(%d,%d) open space", col, row);
        }
        static const char *sec[3] = {"west", "centre", "east"};
        int k = col == st->scn.section_c1 ? 0 : col == st->scn.section_c2 ? 1 : -1;
        if (k >= 0 && n < max) /* G-7 */
            snprintf(lines[n++], 96, "Section line (dashed): in both the %s and the %s section", sec[k], sec[k + 1]);
    }
    return n;
}
