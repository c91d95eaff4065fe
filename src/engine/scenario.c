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
        s->sides[i].energy_start = JS_ENERGY_START; /* E-1 */
        s->sides[i].energy_income = JS_ENERGY_INCOME;
        s->sides[i].energy_max = JS_ENERGY_MAX;
    }
    s->deploy = JS_DEPLOY_LAUNCH;
    s->billet = JS_BILLET_START; /* H-2 */
    s->initial_hand = JS_INITIAL_HAND; /* H-3 */
    s->vanguard = JS_VANGUARD_DEFAULT; /* H-4 */
    s->kdice = JS_KDICE_DEFAULT; /* K-3 */
    s->jump_offs = JS_JUMP_OFFS_DEFAULT; /* K-2, Z-28 */
    s->jump_off_depth = JS_JUMP_OFF_DEPTH;
    s->sites_field_only = 1; /* S-2: the default is fair field */
    s->base_depth = 3;
    s->site_weight[0] = 1;
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

static int add_card(js_command_card *deck, int n, int cap, const char *name, int kind, int section,
                    int orders, int copies)
{
    for (int i = 0; i < copies && n < cap; i++, n++) {
        memset(&deck[n], 0, sizeof deck[n]);
        snprintf(deck[n].name, sizeof deck[n].name, "%s", name);
        deck[n].kind = (int8_t)kind;
        deck[n].section = (int8_t)section;
        deck[n].orders = (int8_t)orders;
    }
    return n;
}

int js_default_deck(js_command_card *deck, int cap)
{
    /* H-1, J-4: section cards for each section, more for the centre than the flanks; two
     * Assaults; two officers who bring one card through any jump point */
    static const char *const SEC[3] = {"Left", "Centre", "Right"};
    static const char *const KIND[3] = {"Scout", "Probe", "Attack"};
    int n = 0;
    for (int sec = 0; sec < 3; sec++)
        for (int k = 0; k < 3; k++) {
            char name[JS_NAME_LEN];
            snprintf(name, sizeof name, "%s %s", KIND[k], SEC[sec]);
            int copies = sec == JS_SECTION_CENTRE ? (k == 2 ? 2 : 3) : (k == 2 ? 1 : 2);
            n = add_card(deck, n, cap, name, JS_CC_SCOUT + k, sec, k + 1, copies);
        }
    n = add_card(deck, n, cap, "Assault", JS_CC_ASSAULT, JS_SECTION_ANY, 0, 2);
    n = add_card(deck, n, cap, "Commodore", JS_CC_OFFICER, JS_SECTION_ANY, 1, 2);
    return n;
}

int js_section_of(const js_scenario *s, int side, int col)
{
    if (col == s->section_c1 || col == s->section_c2)
        return -1;
    int west = col < s->section_c1 ? 0 : col < s->section_c2 ? 1 : 2; /* 0 west, 1 centre, 2 east */
    /* G-7: A looks north, so its left is west; B looks south, so its left is east */
    return side == JS_SIDE_A ? west : 2 - west;
}
