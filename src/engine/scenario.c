/* scenario.c — scenario defaults and map indexing (S-1, G-1). */
#include "internal.h"

void js_scenario_defaults(js_scenario *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->id, sizeof s->id, "untitled");
    snprintf(s->name, sizeof s->name, "Untitled");
    s->width = 16;
    s->height = 12;
    s->section_c1 = -1;
    s->section_c2 = -1;
    s->turn_limit = 12;
    s->nterrain = 1;
    snprintf(s->terrain_types[0].name, JS_NAME_LEN, "open space");
    snprintf(s->terrain_types[0].look, sizeof s->terrain_types[0].look, "space");
    for (int i = 0; i < JS_SIDES; i++) {
        snprintf(s->sides[i].name, JS_NAME_LEN, i == 0 ? "Side A" : "Side B");
        s->sides[i].energy_start = 15; /* E-1 */
        s->sides[i].energy_income = 10;
        s->sides[i].energy_max = 40;
    }
    s->sides[0].rgb[0] = 70, s->sides[0].rgb[1] = 150, s->sides[0].rgb[2] = 255;
    s->sides[1].rgb[0] = 240, s->sides[1].rgb[1] = 90, s->sides[1].rgb[2] = 60;
}

int js_scenario_hex_index(const js_scenario *s, js_hex h)
{
    int col, row;
    js_hex_to_offset(h, &col, &row);
    if (col < 0 || row < 0 || col >= s->width || row >= s->height)
        return -1;
    return row * s->width + col;
}
