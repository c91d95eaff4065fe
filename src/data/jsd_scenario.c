/* jsd_scenario.c — a scenario file (RULES S-1) -> js_scenario. Format: docs/formats.md. */
#include "jsd_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ROOT_FIELDS[] = {
    "format",   "version", "id",    "name",  "description", "map",     "terrain_types",
    "terrain",  "sections", "zones", "sides", "catalogue",  "cards",   "units",
    "sites",    "victory", "turn_limit", "options", "deploy", "billet", "initial_hand",
    "vanguard", "deck",    "support", "competition", "command_dice", "position", NULL,
};
static const char *const LOOKS[] = {"space", "asteroids", "nebula", "dust",
                                    "planet", "debris", "star"};
enum { NLOOKS = 7 };
static const char *const SITE_KINDS[] = {"jump_point", "jump_off", "entry"};
static const char *const WHERE_NAMES[] = {"reserve", NULL, "map"}; /* indices = js_where */

typedef struct sc_ctx {
    jx x;
    const char *dir;
    js_scenario *s;
    char tids[JS_MAX_TERRAIN][JS_NAME_LEN]; /* terrain type ids as written; [0] unused */
} sc_ctx;

static int hex_index(const js_scenario *s, int col, int row)
{
    if (col < 0 || row < 0 || col >= s->width || row >= s->height)
        return -1;
    return row * s->width + col;
}

static bool off_map(const sc_ctx *c, const char *path, int col, int row)
{
    return jx_fail(&c->x, path, "[%d,%d] is off the %dx%d map (columns 0..%d, rows 0..%d)", col,
                   row, c->s->width, c->s->height, c->s->width - 1, c->s->height - 1);
}

/* A hex at v that must be on the map. */
static bool map_hex(const sc_ctx *c, const cJSON *v, const char *path, int *col, int *row)
{
    if (!jx_hex_v(&c->x, v, path, col, row))
        return false;
    if (hex_index(c->s, *col, *row) < 0)
        return off_map(c, path, *col, *row);
    return true;
}

static bool parse_map(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"width", "height", NULL};
    const cJSON *m;
    int w, h;
    if (!jx_need(&c->x, root, "", "map", &m) || !jx_want_object(&c->x, m, "map") ||
        !jx_fields(&c->x, m, "map", F) ||
        !jx_int(&c->x, m, "map", "width", true, 4, JS_MAX_W, 0, &w) ||
        !jx_int(&c->x, m, "map", "height", true, 4, JS_MAX_H, 0, &h))
        return false;
    c->s->width = (int16_t)w;
    c->s->height = (int16_t)h;
    return true;
}

static bool parse_terrain_types(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"id", "name", "look", "impassable", "blocks_missiles",
                                    "defense_bonus", NULL};
    const cJSON *tt = jx_get(root, "terrain_types");
    if (!tt)
        return true;
    if (!jx_want_array(&c->x, tt, "terrain_types", 0, JS_MAX_TERRAIN - 1))
        return false;
    int i = 0;
    for (const cJSON *t = tt->child; t; t = t->next, i++) {
        char p[JX_PATH];
        jx_idx(p, "terrain_types", i);
        js_terrain_type *ty = &c->s->terrain_types[i + 1];
        char *id = c->tids[i + 1];
        int look, def;
        bool imp, blocks;
        if (!jx_want_object(&c->x, t, p) || !jx_fields(&c->x, t, p, F) ||
            !jx_str(&c->x, t, p, "id", true, 1, JS_NAME_LEN - 1, id, JS_NAME_LEN) ||
            !jx_str(&c->x, t, p, "name", true, 1, JS_NAME_LEN - 1, ty->name, sizeof ty->name) ||
            !jx_enum(&c->x, t, p, "look", true, LOOKS, NLOOKS, 0, &look) ||
            !jx_bool(&c->x, t, p, "impassable", false, false, &imp) ||
            !jx_bool(&c->x, t, p, "blocks_missiles", false, false, &blocks) ||
            !jx_int(&c->x, t, p, "defense_bonus", false, 0, 10, 0, &def))
            return false;
        for (int k = 1; k <= i; k++)
            if (strcmp(c->tids[k], id) == 0) {
                char q[JX_PATH];
                jx_key(q, p, "id");
                return jx_fail(&c->x, q, "duplicate terrain type id \"%s\"", id);
            }
        snprintf(ty->look, sizeof ty->look, "%s", LOOKS[look]);
        ty->impassable = imp;
        ty->blocks_missiles = blocks;
        ty->defense_bonus = (int8_t)def;
    }
    c->s->nterrain = 1 + i;
    return true;
}

static bool parse_terrain(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"type", "hexes", NULL};
    const cJSON *tl = jx_get(root, "terrain");
    if (!tl)
        return true;
    if (!jx_want_array(&c->x, tl, "terrain", 0, 10000))
        return false;
    int i = 0;
    for (const cJSON *t = tl->child; t; t = t->next, i++) {
        char p[JX_PATH], q[JX_PATH];
        jx_idx(p, "terrain", i);
        const cJSON *type, *hexes;
        if (!jx_want_object(&c->x, t, p) || !jx_fields(&c->x, t, p, F) ||
            !jx_need(&c->x, t, p, "type", &type) || !jx_need(&c->x, t, p, "hexes", &hexes))
            return false;
        jx_key(q, p, "type");
        const char *names[JS_MAX_TERRAIN] = {NULL};
        for (int k = 1; k < c->s->nterrain; k++)
            names[k] = c->tids[k];
        int ty;
        if (c->s->nterrain <= 1)
            return jx_fail(&c->x, q, "no terrain types are defined (see \"terrain_types\")");
        if (!jx_enum_v(&c->x, type, q, names, c->s->nterrain, &ty))
            return false;
        jx_key(q, p, "hexes");
        if (!jx_want_array(&c->x, hexes, q, 1, JS_MAX_HEXES))
            return false;
        int k = 0;
        for (const cJSON *h = hexes->child; h; h = h->next, k++) {
            char hp[JX_PATH];
            jx_idx(hp, q, k);
            int col, row;
            if (!map_hex(c, h, hp, &col, &row))
                return false;
            int idx = hex_index(c->s, col, row);
            int old = c->s->terrain[idx];
            if (old == ty)
                return jx_fail(&c->x, hp, "[%d,%d] is listed twice", col, row);
            if (old != 0)
                return jx_fail(&c->x, hp, "[%d,%d] already has terrain \"%s\" (one type per hex)",
                               col, row, c->tids[old]);
            c->s->terrain[idx] = (uint8_t)ty;
        }
    }
    return true;
}

static bool parse_sections(sc_ctx *c, const cJSON *root)
{
    const cJSON *v = jx_get(root, "sections");
    if (!v)
        return true;
    if (!jx_want_array(&c->x, v, "sections", 2, 2))
        return false;
    int c1, c2;
    if (!jx_int_v(&c->x, cJSON_GetArrayItem(v, 0), "sections[0]", 0, c->s->width - 1, &c1) ||
        !jx_int_v(&c->x, cJSON_GetArrayItem(v, 1), "sections[1]", 0, c->s->width - 1, &c2))
        return false;
    if (c1 >= c2)
        return jx_fail(&c->x, "sections", "the first section line must lie west of the second "
                                          "(c1 < c2), got [%d,%d]", c1, c2);
    c->s->section_c1 = (int16_t)c1;
    c->s->section_c2 = (int16_t)c2;
    return true;
}

static bool parse_zone(sc_ctx *c, const cJSON *z, const char *path, int side)
{
    static const char *const F[] = {"rows", "hexes", NULL};
    uint8_t bit = side == JS_SIDE_A ? JS_ZONE_A : JS_ZONE_B;
    if (!jx_want_object(&c->x, z, path) || !jx_fields(&c->x, z, path, F))
        return false;
    const cJSON *rows = jx_get(z, "rows"), *hexes = jx_get(z, "hexes");
    if (!rows == !hexes)
        return jx_fail(&c->x, path, "a zone gives either \"rows\" or \"hexes\", not %s",
                       rows ? "both" : "neither");
    if (rows) {
        char p[JX_PATH];
        jx_key(p, path, "rows");
        int n;
        if (!jx_int_v(&c->x, rows, p, 1, c->s->height, &n))
            return false;
        for (int k = 0; k < n; k++) {
            int row = side == JS_SIDE_A ? c->s->height - 1 - k : k; /* G-6 home edges */
            for (int col = 0; col < c->s->width; col++)
                c->s->zone[row * c->s->width + col] |= bit;
        }
        return true;
    }
    char p[JX_PATH];
    jx_key(p, path, "hexes");
    if (!jx_want_array(&c->x, hexes, p, 1, JS_MAX_HEXES))
        return false;
    int k = 0;
    for (const cJSON *h = hexes->child; h; h = h->next, k++) {
        char hp[JX_PATH];
        jx_idx(hp, p, k);
        int col, row;
        if (!map_hex(c, h, hp, &col, &row))
            return false;
        c->s->zone[row * c->s->width + col] |= bit;
    }
    return true;
}

static bool parse_zones(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"A", "B", NULL};
    const cJSON *z = jx_get(root, "zones");
    if (!z)
        return true;
    if (!jx_want_object(&c->x, z, "zones") || !jx_fields(&c->x, z, "zones", F))
        return false;
    for (int side = 0; side < JS_SIDES; side++) {
        const cJSON *one = jx_get(z, F[side]);
        char p[JX_PATH];
        jx_key(p, "zones", F[side]);
        if (one && !parse_zone(c, one, p, side))
            return false;
    }
    return true;
}

static int hexdigit(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

static bool parse_sides(sc_ctx *c, const cJSON *root)
{
    static const char *const SF[] = {"A", "B", NULL};
    static const char *const F[] = {"name", "colour", "energy", NULL};
    static const char *const EF[] = {"start", "income", "max", NULL};
    const cJSON *sides;
    if (!jx_need(&c->x, root, "", "sides", &sides) || !jx_want_object(&c->x, sides, "sides") ||
        !jx_fields(&c->x, sides, "sides", SF))
        return false;
    for (int side = 0; side < JS_SIDES; side++) {
        const cJSON *sd;
        char p[JX_PATH], q[JX_PATH];
        jx_key(p, "sides", SF[side]);
        js_side_cfg *cfg = &c->s->sides[side];
        if (!jx_need(&c->x, sides, "sides", SF[side], &sd) || !jx_want_object(&c->x, sd, p) ||
            !jx_fields(&c->x, sd, p, F) ||
            !jx_str(&c->x, sd, p, "name", true, 1, JS_NAME_LEN - 1, cfg->name, sizeof cfg->name))
            return false;
        char colour[16];
        if (!jx_str(&c->x, sd, p, "colour", true, 0, 15, colour, sizeof colour))
            return false;
        bool ok = strlen(colour) == 7 && colour[0] == '#';
        for (int k = 1; ok && k < 7; k++)
            ok = hexdigit(colour[k]) >= 0;
        if (!ok) {
            jx_key(q, p, "colour");
            return jx_fail(&c->x, q, "expected a colour \"#rrggbb\", got \"%s\"", colour);
        }
        for (int k = 0; k < 3; k++)
            cfg->rgb[k] = (uint8_t)(hexdigit(colour[1 + 2 * k]) * 16 + hexdigit(colour[2 + 2 * k]));
        const cJSON *e = jx_get(sd, "energy");
        if (e) {
            jx_key(q, p, "energy");
            int mx, start, income;
            if (!jx_want_object(&c->x, e, q) || !jx_fields(&c->x, e, q, EF) ||
                !jx_int(&c->x, e, q, "max", false, 1, 1000, JS_ENERGY_MAX, &mx) ||
                !jx_int(&c->x, e, q, "start", false, 0, mx, mx < JS_ENERGY_START ? mx : JS_ENERGY_START, &start) ||
                !jx_int(&c->x, e, q, "income", false, 0, 1000, JS_ENERGY_INCOME, &income))
                return false;
            cfg->energy_max = (int16_t)mx;
            cfg->energy_start = (int16_t)start;
            cfg->energy_income = (int16_t)income;
        }
    }
    return true;
}

static bool parse_cards(sc_ctx *c, const cJSON *root)
{
    int n = 0;
    const cJSON *cat = jx_get(root, "catalogue");
    if (cat) {
        char rel[512], full[JSD_PATH_MAX];
        if (!jx_str_v(&c->x, cat, "catalogue", 1, 500, rel, sizeof rel))
            return false;
        if (!jsd_path_join(c->dir, rel, full, sizeof full))
            return jx_fail(&c->x, "catalogue", "with the scenario's folder the path is longer than %d "
                           "bytes", JSD_PATH_MAX - 1);
        size_t len;
        jsd_error rerr;
        char *text = jsd_read_file_max(full, JSD_MAX_SCENARIO, &len, &rerr);
        if (!text) {
            /* rerr.msg is "FULL: problem"; name the file as written and as resolved */
            size_t fl = strlen(full);
            const char *problem = strncmp(rerr.msg, full, fl) == 0 && rerr.msg[fl] == ':'
                                      ? rerr.msg + fl + 2 : rerr.msg;
            return jx_fail(&c->x, "catalogue", "\"%s\" (%s): %s", rel, full, problem);
        }
        jx cx = {full, c->x.err};
        n = jsd_catalogue_parse_text(&cx, text, len, c->s->cards, JS_MAX_DEFS);
        free(text);
        if (n < 0)
            return false;
    }
    const cJSON *cards = jx_get(root, "cards");
    if (cards) {
        n = jsd_cards_parse(&c->x, cards, "cards", c->s->cards, n, JS_MAX_DEFS);
        if (n < 0)
            return false;
    }
    c->s->ncards = n;
    return true;
}

int jsd_find_card(const js_scenario *s, const char *id)
{
    for (int i = 0; i < s->ncards; i++)
        if (strcmp(s->cards[i].id, id) == 0)
            return i;
    return -1;
}

static bool parse_place(sc_ctx *c, const cJSON *v, const char *path, const js_card_def *d,
                        js_ship_place *out)
{
    /* the state members after "phase" set up a position (jsd_position.c) */
    static const char *const F[] = {"hex", "facing", "phase", "state", "shields", "hull_damage", "tr",
                                    "guard", "missiles", "pod_squadrons", NULL};
    const cJSON *hv;
    int col, row, facing, phase;
    char p[JX_PATH];
    jx_key(p, path, "hex");
    if (!jx_want_object(&c->x, v, path) || !jx_fields(&c->x, v, path, F) ||
        !jx_need(&c->x, v, path, "hex", &hv) || !map_hex(c, hv, p, &col, &row) ||
        !jx_int(&c->x, v, path, "facing", true, 1, 6, 1, &facing) ||
        !jx_int(&c->x, v, path, "phase", false, JS_PHASE_MIN, JS_PHASE_MAX, JS_PHASE_DEFAULT, &phase))
        return false;
    out->hex = js_hex_from_offset(col, row);
    out->facing = (int8_t)facing;
    out->phase = (int8_t)phase;
    js_hex fp[7];
    int n = js_footprint(d->size, out->hex, facing, fp);
    for (int k = 0; k < n; k++) {
        int fc, fr;
        js_hex_to_offset(fp[k], &fc, &fr);
        int idx = hex_index(c->s, fc, fr);
        if (idx < 0)
            return jx_fail(&c->x, path, "the %s ship's footprint hex [%d,%d] is off the %dx%d map",
                           jsd_size_names[d->size], fc, fr, c->s->width, c->s->height);
        const js_terrain_type *t = &c->s->terrain_types[c->s->terrain[idx]];
        if (t->impassable)
            return jx_fail(&c->x, path, "footprint hex [%d,%d] is on impassable terrain \"%s\"",
                           fc, fr, c->tids[c->s->terrain[idx]]);
    }
    return true;
}

static bool parse_units(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"card", "side", "at", "ships", NULL};
    const cJSON *units;
    if (!jx_need(&c->x, root, "", "units", &units) ||
        !jx_want_array(&c->x, units, "units", 0, 1000000))
        return false;
    int n = cJSON_GetArraySize(units);
    if (n > JS_MAX_UNITS)
        return jx_fail(&c->x, "units", "too many units: %d, at most %d", n, JS_MAX_UNITS);
    int i = 0, ships = 0, per_side[JS_SIDES] = {0, 0};
    for (const cJSON *u = units->child; u; u = u->next, i++) {
        char p[JX_PATH], q[JX_PATH];
        jx_idx(p, "units", i);
        js_unit_setup *us = &c->s->units[i];
        char id[JS_NAME_LEN];
        int side, where;
        if (!jx_want_object(&c->x, u, p) || !jx_fields(&c->x, u, p, F) ||
            !jx_str(&c->x, u, p, "card", true, 1, JS_NAME_LEN - 1, id, sizeof id))
            return false;
        int def = jsd_find_card(c->s, id);
        if (def < 0) {
            jx_key(q, p, "card");
            return jx_fail(&c->x, q, "unknown card id \"%s\"%s", id,
                           c->s->ncards ? "" : " (the scenario defines no cards)");
        }
        const cJSON *sv;
        jx_key(q, p, "side");
        if (!jx_need(&c->x, u, p, "side", &sv) || !jx_side_v(&c->x, sv, q, &side) ||
            !jx_enum(&c->x, u, p, "at", true, WHERE_NAMES, 3, 0, &where))
            return false;
        us->def = (int16_t)def;
        us->side = (int8_t)side;
        us->where = (int8_t)where;
        const js_card_def *d = &c->s->cards[def];
        const cJSON *pl = jx_get(u, "ships");
        jx_key(q, p, "ships");
        if (where == JS_AT_RESERVE) {
            if (pl)
                return jx_fail(&c->x, q, "a unit in reserve is not placed; remove \"ships\" or "
                                         "set \"at\": \"map\"");
        } else {
            if (!pl)
                return jx_fail(&c->x, p, "missing required field \"ships\" (a unit on the map "
                                         "places each of its ships)");
            if (!cJSON_IsArray(pl))
                return jx_want_array(&c->x, pl, q, d->ships, d->ships);
            if (cJSON_GetArraySize(pl) != d->ships)
                return jx_fail(&c->x, q, "card \"%s\" has %d ship%s, got %d placement%s", d->id,
                               d->ships, d->ships == 1 ? "" : "s", cJSON_GetArraySize(pl),
                               cJSON_GetArraySize(pl) == 1 ? "" : "s");
            int k = 0;
            for (const cJSON *sp = pl->child; sp; sp = sp->next, k++) {
                char sp_path[JX_PATH];
                jx_idx(sp_path, q, k);
                if (!parse_place(c, sp, sp_path, d, &us->place[k]) ||
                    !jsd_ship_state_parse(&c->x, sp, sp_path, c->s, i, k))
                    return false;
            }
        }
        ships += d->ships;
        per_side[side]++;
    }
    if (ships > JS_MAX_SHIPS)
        return jx_fail(&c->x, "units", "too many ships: %d, at most %d", ships, JS_MAX_SHIPS);
    for (int side = 0; side < JS_SIDES; side++)
        if (per_side[side] == 0)
            return jx_fail(&c->x, "units", "side %s has no units", jx_side_name(side));
    c->s->nunits = n;
    return true;
}

static bool parse_sites(sc_ctx *c, const cJSON *root)
{
    static const char *const F[] = {"kind", "side", "hex", NULL};
    const cJSON *sites = jx_get(root, "sites");
    if (!sites)
        return true;
    if (cJSON_IsObject(sites))
        return jx_fail(&c->x, "sites", "expected an array of sites (jump points, jump-off points, "
                                       "entry points), got an object; generated terrain goes in "
                                       "\"competition\"");
    if (!jx_want_array(&c->x, sites, "sites", 0, JS_MAX_SITES))
        return false;
    int i = 0;
    for (const cJSON *st = sites->child; st; st = st->next, i++) {
        char p[JX_PATH], q[JX_PATH];
        jx_idx(p, "sites", i);
        const cJSON *sv, *hv;
        int kind, side, col, row;
        if (!jx_want_object(&c->x, st, p) || !jx_fields(&c->x, st, p, F) ||
            !jx_enum(&c->x, st, p, "kind", true, SITE_KINDS, 3, 0, &kind) ||
            !jx_need(&c->x, st, p, "side", &sv))
            return false;
        jx_key(q, p, "side");
        if (!jx_side_v(&c->x, sv, q, &side) || !jx_need(&c->x, st, p, "hex", &hv))
            return false;
        jx_key(q, p, "hex");
        if (!map_hex(c, hv, q, &col, &row))
            return false;
        int t = c->s->terrain[hex_index(c->s, col, row)];
        if (c->s->terrain_types[t].impassable)
            return jx_fail(&c->x, q, "[%d,%d] is on impassable terrain \"%s\"", col, row,
                           c->tids[t]);
        int section = JS_SECTION_ANY;
        if (kind == JS_SITE_JUMP_POINT && c->s->section_c1 >= 0) {
            section = js_section_of(c->s, side, col); /* G-7: the owner's left, centre or right */
            if (section < 0)
                return jx_fail(&c->x, q, "[%d,%d] is on a section line (column %d); a jump point "
                                         "is never on a section-line column (J-2)", col, row, col);
        }
        js_site *site = &c->s->sites[i];
        site->section = (int8_t)section;
        site->kind = (int8_t)kind;
        site->side = (int8_t)side;
        site->alive = 1;
        site->hex = js_hex_from_offset(col, row);
    }
    c->s->nsites = i;
    return true;
}

static bool parse_rest(sc_ctx *c, const cJSON *root)
{
    static const char *const VF[] = {"target_points", NULL};
    static const char *const OF[] = {"attack_to_disable", NULL};
    int limit, target = 0;
    if (!jx_int(&c->x, root, "", "turn_limit", false, 1, 500, 12, &limit))
        return false;
    c->s->turn_limit = (int16_t)limit;
    const cJSON *v = jx_get(root, "victory");
    if (v && (!jx_want_object(&c->x, v, "victory") || !jx_fields(&c->x, v, "victory", VF) ||
              !jx_int(&c->x, v, "victory", "target_points", false, 0, 10000, 0, &target)))
        return false;
    c->s->target_points = (int16_t)target;
    const cJSON *o = jx_get(root, "options");
    if (o) {
        bool atd;
        if (!jx_want_object(&c->x, o, "options") || !jx_fields(&c->x, o, "options", OF) ||
            !jx_bool(&c->x, o, "options", "attack_to_disable", false, false, &atd))
            return false;
        if (atd)
            c->s->options |= JS_OPT_ATTACK_TO_DISABLE;
    }
    return true;
}

static bool valid_scenario_id(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
            return false;
    return true;
}

static bool parse_root(sc_ctx *c, const cJSON *root)
{
    js_scenario *s = c->s;
    if (!jx_want_object(&c->x, root, "") || !jx_header(&c->x, root, "jumpstrike-scenario",
                                                      JSD_SCENARIO_VERSION) ||
        !jx_fields(&c->x, root, "", ROOT_FIELDS) ||
        !jx_str(&c->x, root, "", "id", true, 1, (int)sizeof s->id - 1, s->id, sizeof s->id))
        return false;
    if (!valid_scenario_id(s->id))
        return jx_fail(&c->x, "id", "\"%s\": a scenario id uses only a-z, 0-9, '-' and '_'",
                       s->id);
    return jx_str(&c->x, root, "", "name", true, 1, (int)sizeof s->name - 1, s->name,
                  sizeof s->name) &&
           jx_text(&c->x, root, "", "description", false, 0, (int)sizeof s->description - 1,
                  s->description, sizeof s->description) &&
           parse_map(c, root) && parse_terrain_types(c, root) && parse_terrain(c, root) &&
           parse_sections(c, root) && parse_zones(c, root) && parse_sides(c, root) &&
           parse_cards(c, root) && parse_units(c, root) && parse_sites(c, root) &&
           parse_rest(c, root) &&
           jsd_scenario_setup_parse(&c->x, root, c->s, (const char(*)[JS_NAME_LEN])c->tids) &&
           jsd_position_parse(&c->x, root, c->s, (const char(*)[JS_NAME_LEN])c->tids);
}

js_scenario *jsd_scenario_parse(const char *text, const char *name, const char *dir,
                                jsd_error *err)
{
    sc_ctx c;
    memset(&c, 0, sizeof c);
    c.x.file = name ? name : "(scenario)";
    c.x.err = err;
    c.dir = dir ? dir : "";
    c.s = malloc(sizeof *c.s);
    if (!c.s) {
        jx_fail(&c.x, "", "out of memory");
        return NULL;
    }
    js_scenario_defaults(c.s);
    cJSON *root = jx_parse(&c.x, text, strlen(text));
    bool ok = root && parse_root(&c, root);
    cJSON_Delete(root);
    if (!ok) {
        free(c.s);
        return NULL;
    }
    return c.s;
}

js_scenario *jsd_scenario_load(const char *path, jsd_error *err)
{
    size_t len;
    char *text = jsd_read_file_max(path, JSD_MAX_SCENARIO, &len, err);
    if (!text)
        return NULL;
    if (strlen(text) != len) {
        /* a NUL byte inside: the parser reports it as binary data */
        jx x = {path, err};
        cJSON_Delete(jx_parse(&x, text, len));
        free(text);
        return NULL;
    }
    char dir[JSD_PATH_MAX];
    jsd_dirname(path, dir, sizeof dir);
    js_scenario *s = jsd_scenario_parse(text, path, dir, err);
    free(text);
    return s;
}
