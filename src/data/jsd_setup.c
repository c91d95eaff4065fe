/* jsd_setup.c — the scenario members of jump points, command cards, command dice and setup
 * (RULES J, H, K, S): "deploy", "billet", "initial_hand", "vanguard", "deck", "command_dice",
 * "support", "competition", and what "deploy" asks of "sites".
 * Format: docs/formats.md ("Deployment, command cards and setup"). */
#include "jsd_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const DEPLOY_NAMES[] = {"launch", "jump", "dice"}; /* bit k = 1 << k */
enum { NDEPLOY = 3 };
#define CC_KINDS jsd_cc_kind_names
#define SECTIONS jsd_section_names

typedef struct su_ctx {
    const jx *x;
    const cJSON *root;
    js_scenario *s;
    const char (*tids)[JS_NAME_LEN];
} su_ctx;

/* An optional integer member whose range is a rule: the message names the rule. */
static bool int_rule(const su_ctx *c, const char *key, int lo, int hi, int def, const char *rule,
                     int *out)
{
    const cJSON *v = jx_get(c->root, key);
    *out = def;
    if (!v)
        return true;
    double n = cJSON_IsNumber(v) ? v->valuedouble : 0.5;
    bool ok = n == floor(n) && n >= lo && n <= hi;
    if (!ok) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(c->x, key, "expected an integer %d..%d (%s), got %s", lo, hi, rule, got);
    }
    *out = (int)n;
    return true;
}

static bool parse_deploy(su_ctx *c)
{
    const cJSON *d = jx_get(c->root, "deploy");
    if (!d)
        return true; /* js_scenario_defaults: launches only */
    if (!jx_want_array(c->x, d, "deploy", 1, NDEPLOY))
        return false;
    unsigned bits = 0;
    int i = 0;
    for (const cJSON *v = d->child; v; v = v->next, i++) {
        char p[JX_PATH];
        jx_idx(p, "deploy", i);
        int k;
        if (!jx_enum_v(c->x, v, p, DEPLOY_NAMES, NDEPLOY, &k))
            return false;
        if (bits & (1u << k))
            return jx_fail(c->x, p, "\"%s\" is listed twice", DEPLOY_NAMES[k]);
        bits |= 1u << k;
    }
    c->s->deploy = (uint8_t)bits;
    return true;
}

/* J-2: a side's jump point in section `sec` needs a column of that section (not a line) within
 * 3 hexes of its base line, on passable terrain. */
static bool section_has_room(const js_scenario *s, int side, int sec)
{
    for (int col = 0; col < s->width; col++) {
        if (js_section_of(s, side, col) != sec)
            continue;
        for (int k = 0; k < JS_JP_DEPTH && k < s->height; k++) {
            int row = side == JS_SIDE_A ? s->height - 1 - k : k;
            if (!s->terrain_types[s->terrain[row * s->width + col]].impassable)
                return true;
        }
    }
    return false;
}

/* What "deploy" implies for "sections" and "zones". */
static bool check_deploy(su_ctx *c)
{
    const js_scenario *s = c->s;
    if (s->deploy & JS_DEPLOY_JUMP) {
        if (s->section_c1 < 0)
            return jx_fail(c->x, "", "missing required field \"sections\" (\"deploy\" has "
                                     "\"jump\": each side places one jump point in each of its "
                                     "left, centre and right sections, G-7, J-2)");
        int c1 = s->section_c1, c2 = s->section_c2;
        const char *empty = c1 == 0 ? "west" : c2 == c1 + 1 ? "centre" : c2 == s->width - 1
                                                                               ? "east" : NULL;
        if (empty)
            return jx_fail(c->x, "sections", "[%d,%d] leaves the %s section without a column; "
                                             "jump points need a column off the section lines in "
                                             "each section (G-7, J-2)", c1, c2, empty);
    }
    if (!(s->deploy & JS_DEPLOY_LAUNCH) && jx_get(c->root, "zones"))
        return jx_fail(c->x, "zones", "starting zones are for launches, and \"deploy\" has no "
                                      "\"launch\" (L-1)");
    return true;
}

/* After terrain and the competition format are known: room for every jump point (J-2). */
static bool check_jump_room(su_ctx *c)
{
    const js_scenario *s = c->s;
    if (!(s->deploy & JS_DEPLOY_JUMP) || s->sites_mode != JS_SITES_FIXED)
        return true; /* generated sites: the base rows are the format's to keep clear */
    for (int side = 0; side < JS_SIDES; side++)
        for (int sec = 0; sec < 3; sec++)
            if (!section_has_room(s, side, sec))
                return jx_fail(c->x, "sections", "side %s has no hex for its %s jump point (J-2: "
                                                 "within %d hexes of its base line, off the section "
                                                 "lines, on passable terrain)",
                               jx_side_name(side), SECTIONS[sec], JS_JP_DEPTH);
    return true;
}

static bool parse_hand(su_ctx *c)
{
    static const char *const HAND_KEYS[] = {"billet", "initial_hand", "vanguard", "deck"};
    if (!(c->s->deploy & JS_DEPLOY_JUMP)) {
        for (int k = 0; k < 4; k++)
            if (jx_get(c->root, HAND_KEYS[k]))
                return jx_fail(c->x, HAND_KEYS[k], "command cards are only used with jump points; "
                                                   "add \"jump\" to \"deploy\" (J-3)");
        return true;
    }
    int billet, ihs, van;
    if (!int_rule(c, "billet", JS_BILLET_MIN, JS_BILLET_MAX, JS_BILLET_START, "H-2: a side's hand size", &billet) ||
        !int_rule(c, "initial_hand", 1, JS_MAX_HAND, JS_INITIAL_HAND, "H-3", &ihs) ||
        !int_rule(c, "vanguard", 0, JS_MAX_VANGUARD, JS_VANGUARD_DEFAULT, "H-4", &van))
        return false;
    c->s->billet = (int8_t)billet;
    c->s->initial_hand = (int8_t)ihs;
    c->s->vanguard = (int8_t)van;
    return true;
}

static bool parse_deck(su_ctx *c)
{
    static const char *const F[] = {"name", "kind", "section", "orders", "copies", NULL};
    const cJSON *deck = jx_get(c->root, "deck");
    js_scenario *s = c->s;
    int enlisted = 0;
    if (!(s->deploy & JS_DEPLOY_JUMP))
        return true; /* parse_hand refused a deck */
    if (!deck) {
        s->ndeck = 0; /* the engine deals js_default_deck */
        js_command_card def[JS_MAX_DECK];
        int n = js_default_deck(def, JS_MAX_DECK);
        for (int i = 0; i < n; i++)
            enlisted += def[i].kind != JS_CC_OFFICER;
    } else {
        if (!jx_want_array(c->x, deck, "deck", 1, JS_MAX_DECK))
            return false;
        int i = 0, n = 0;
        for (const cJSON *v = deck->child; v; v = v->next, i++) {
            char p[JX_PATH], q[JX_PATH];
            jx_idx(p, "deck", i);
            js_command_card cc;
            memset(&cc, 0, sizeof cc);
            int kind, sec, orders, copies;
            if (!jx_want_object(c->x, v, p) || !jx_fields(c->x, v, p, F) ||
                !jx_str(c->x, v, p, "name", true, 1, JS_NAME_LEN - 1, cc.name, sizeof cc.name) ||
                !jx_enum(c->x, v, p, "kind", true, CC_KINDS, 5, 0, &kind) ||
                !jx_enum(c->x, v, p, "section", false, SECTIONS, 4, JS_SECTION_ANY, &sec) ||
                !jx_int(c->x, v, p, "copies", false, 1, JS_MAX_DECK, 1, &copies))
                return false;
            bool section_card = kind <= JS_CC_ATTACK;
            jx_key(q, p, "section");
            if (section_card && sec == JS_SECTION_ANY)
                return jx_get(v, "section")
                           ? jx_fail(c->x, q, "a %s card belongs to one section: \"left\", "
                                              "\"centre\" or \"right\" (J-4)", CC_KINDS[kind])
                           : jx_fail(c->x, p, "missing required field \"section\" (a %s card "
                                              "deploys through the jump point of one section, "
                                              "J-4)", CC_KINDS[kind]);
            if (!section_card && sec != JS_SECTION_ANY)
                return jx_fail(c->x, q, kind == JS_CC_ASSAULT
                                            ? "an assault card's section is chosen when it is "
                                              "played (J-4); leave out \"section\" or write \"any\""
                                            : "an officer card deploys through any own jump point "
                                              "(J-4); leave out \"section\" or write \"any\"");
            jx_key(q, p, "orders");
            const cJSON *ov = jx_get(v, "orders");
            if (section_card) {
                /* J-4: Scout 1, Probe 2, Attack 3 */
                if (!jx_int(c->x, v, p, "orders", false, 0, 100, kind + 1, &orders))
                    return false;
                if (orders != kind + 1)
                    return jx_fail(c->x, q, "a %s card gives %d order%s (J-4), got %d",
                                   CC_KINDS[kind], kind + 1, kind ? "s" : "", orders);
            } else if (kind == JS_CC_ASSAULT) {
                if (ov && !(cJSON_IsNumber(ov) && ov->valuedouble == 0))
                    return jx_fail(c->x, q, "an assault card gives as many orders as cards left in "
                                            "hand when it is played (J-4); leave out \"orders\"");
                orders = 0;
            } else if (!jx_int(c->x, v, p, "orders", false, 1, JS_MAX_DEPLOY, 1, &orders)) {
                return false;
            }
            if (n + copies > JS_MAX_DECK)
                return jx_fail(c->x, p, "the deck would hold %d cards, at most %d", n + copies,
                               JS_MAX_DECK);
            cc.kind = (int8_t)kind;
            cc.section = (int8_t)sec;
            cc.orders = (int8_t)orders;
            for (int k = 0; k < copies; k++)
                s->deck[n++] = cc;
            if (kind != JS_CC_OFFICER)
                enlisted += copies;
        }
        s->ndeck = n;
    }
    /* H-3, H-4: the initial hand and the Vanguard are enlisted cards only */
    const char *where = deck ? "deck" : "initial_hand";
    if (enlisted < s->initial_hand)
        return jx_fail(c->x, where, "%d enlisted card%s cannot deal an initial hand of %d (H-3: "
                                    "the initial hand holds only enlisted cards)",
                       enlisted, enlisted == 1 ? "" : "s", s->initial_hand);
    if (enlisted < s->vanguard)
        return jx_fail(c->x, deck ? "deck" : "vanguard",
                       "%d enlisted card%s cannot fill a Vanguard of %d (H-4: the Vanguard holds "
                       "only enlisted cards)", enlisted, enlisted == 1 ? "" : "s", s->vanguard);
    return true;
}

static bool parse_support(su_ctx *c)
{
    static const char *const F[] = {"points", "offers", NULL};
    static const char *const PF[] = {"A", "B", NULL};
    static const char *const OF[] = {"card", "side", NULL};
    const cJSON *sup = jx_get(c->root, "support");
    js_scenario *s = c->s;
    if (!sup)
        return true;
    const cJSON *pts, *offers;
    if (!jx_want_object(c->x, sup, "support") || !jx_fields(c->x, sup, "support", F) ||
        !jx_need(c->x, sup, "support", "points", &pts) ||
        !jx_want_object(c->x, pts, "support.points") ||
        !jx_fields(c->x, pts, "support.points", PF) ||
        !jx_need(c->x, sup, "support", "offers", &offers) ||
        !jx_want_array(c->x, offers, "support.offers", 0, JS_MAX_SUPPORT))
        return false;
    int points[JS_SIDES];
    for (int side = 0; side < JS_SIDES; side++) {
        if (!jx_int(c->x, pts, "support.points", PF[side], false, 0, 10000, 0, &points[side]))
            return false;
        s->support_points[side] = (int16_t)points[side];
    }
    int i = 0, per_side[JS_SIDES] = {0, 0}, ships = 0;
    for (const cJSON *v = offers->child; v; v = v->next, i++) {
        char p[JX_PATH], q[JX_PATH];
        jx_idx(p, "support.offers", i);
        char id[JS_NAME_LEN];
        const cJSON *sv;
        int side;
        if (!jx_want_object(c->x, v, p) || !jx_fields(c->x, v, p, OF) ||
            !jx_str(c->x, v, p, "card", true, 1, JS_NAME_LEN - 1, id, sizeof id) ||
            !jx_need(c->x, v, p, "side", &sv))
            return false;
        jx_key(q, p, "side");
        if (!jx_side_v(c->x, sv, q, &side))
            return false;
        jx_key(q, p, "card");
        int def = jsd_find_card(s, id);
        if (def < 0)
            return jx_fail(c->x, q, "unknown card id \"%s\"%s", id,
                           s->ncards ? "" : " (the scenario defines no cards)");
        const js_card_def *d = &s->cards[def];
        if (d->points > points[side])
            return jx_fail(c->x, q, "\"%s\" costs %d points and side %s has %d to spend (S-1: a "
                                    "support vessel costs its card's points)",
                           id, d->points, jx_side_name(side), points[side]);
        s->support[i].def = (int16_t)def;
        s->support[i].side = (int8_t)side;
        per_side[side]++;
        ships += d->ships;
    }
    s->nsupport = i;
    for (int side = 0; side < JS_SIDES; side++) {
        char p[JX_PATH];
        jx_key(p, "support.points", PF[side]);
        if (points[side] > 0 && per_side[side] == 0)
            return jx_fail(c->x, p, "side %s has %d points but nothing on offer to buy with them",
                           PF[side], points[side]);
    }
    /* every offer bought must still fit the game */
    int units_now = s->nunits, ships_now = 0;
    for (int u = 0; u < s->nunits; u++)
        ships_now += s->cards[s->units[u].def].ships;
    if (units_now + i > JS_MAX_UNITS || ships_now + ships > JS_MAX_SHIPS)
        return jx_fail(c->x, "support.offers", "with every offer bought the game would hold %d "
                                               "cards and %d ships, at most %d and %d",
                       units_now + i, ships_now + ships, JS_MAX_UNITS, JS_MAX_SHIPS);
    return true;
}

/* A spot whose terrain random or fair sites draw (S-2). */
static bool generated_spot(const js_scenario *s, int row)
{
    if (s->sites_mode == JS_SITES_FIXED)
        return false;
    bool base = row < s->base_depth || row >= s->height - s->base_depth;
    return !(base && s->sites_field_only);
}

static bool parse_competition(su_ctx *c)
{
    static const char *const F[] = {"mode", "field_only", "base_depth", "weights", NULL};
    const cJSON *cp = jx_get(c->root, "competition");
    js_scenario *s = c->s;
    if (!cp)
        return true;
    int mode, depth;
    bool field_only;
    if (!jx_want_object(c->x, cp, "competition") || !jx_fields(c->x, cp, "competition", F) ||
        !jx_enum(c->x, cp, "competition", "mode", true, jsd_sites_mode_names, 3, 0, &mode))
        return false;
    if (mode == JS_SITES_FIXED) {
        for (int k = 1; F[k]; k++)
            if (jx_get(cp, F[k])) {
                char p[JX_PATH];
                jx_key(p, "competition", F[k]);
                return jx_fail(c->x, p, "\"fixed\" sites draw no terrain; \"%s\" is for "
                                        "\"random\" or \"fair\" (S-2)", F[k]);
            }
        s->sites_mode = JS_SITES_FIXED;
        return true;
    }
    if (mode == JS_SITES_FAIR && s->width % 2 != 0)
        return jx_fail(c->x, "competition.mode", "\"fair\" sites are mirrored by the map's 180-degree "
                                                 "rotation, which needs an even number of "
                                                 "columns; the map is %d wide (S-2)", s->width);
    int max_depth = (s->height - 1) / 2; /* at least one row of field spots */
    const cJSON *dv = jx_get(cp, "base_depth");
    if (!jx_bool(c->x, cp, "competition", "field_only", false, true, &field_only) ||
        !jx_int(c->x, cp, "competition", "base_depth", false, 0, max_depth, 3, &depth))
        return false;
    if (!dv && depth > max_depth)
        return jx_fail(c->x, "competition", "the default base depth 3 leaves no field spots on a "
                                            "map %d rows high; give a \"base_depth\" of 0..%d",
                       s->height, max_depth);
    const cJSON *w;
    if (!jx_get(cp, "weights"))
        return jx_fail(c->x, "competition", "missing required field \"weights\" (%s sites draw "
                                            "each spot's terrain type by them, S-2)",
                       jsd_sites_mode_names[mode]);
    jx_need(c->x, cp, "competition", "weights", &w);
    if (!jx_want_object(c->x, w, "competition.weights"))
        return false;
    const char *names[JS_MAX_TERRAIN + 1];
    names[0] = "open";
    for (int t = 1; t < s->nterrain; t++) {
        if (strcmp(c->tids[t], "open") == 0)
            return jx_fail(c->x, "competition.weights", "terrain type id \"open\" (terrain_types[%d]) "
                                                        "clashes with \"open\", open space; rename "
                                                        "the type", t - 1);
        names[t] = c->tids[t];
    }
    names[s->nterrain] = NULL;
    if (!jx_fields(c->x, w, "competition.weights", names))
        return false;
    int16_t weight[JS_MAX_TERRAIN] = {0};
    int total = 0;
    for (int t = 0; t < s->nterrain; t++) {
        int n;
        if (!jx_int(c->x, w, "competition.weights", names[t], false, 0, 1000, 0, &n))
            return false;
        weight[t] = (int16_t)n;
        total += n;
    }
    if (total == 0)
        return jx_fail(c->x, "competition.weights", "every weight is 0: no terrain type can be "
                                                    "drawn");
    s->sites_mode = (int8_t)mode;
    s->sites_field_only = field_only;
    s->base_depth = (int8_t)depth;
    memcpy(s->site_weight, weight, sizeof weight);
    /* fixed terrain on a drawn spot would be drawn over */
    const cJSON *tl = jx_get(c->root, "terrain");
    int i = 0;
    for (const cJSON *t = tl ? tl->child : NULL; t; t = t->next, i++) {
        const cJSON *hexes = jx_get(t, "hexes");
        int k = 0;
        for (const cJSON *h = hexes ? hexes->child : NULL; h; h = h->next, k++) {
            int col = cJSON_GetArrayItem(h, 0)->valueint, row = cJSON_GetArrayItem(h, 1)->valueint;
            if (!generated_spot(s, row))
                continue;
            char p[JX_PATH], q[JX_PATH];
            jx_idx(p, "terrain", i);
            jx_key(q, p, "hexes");
            jx_idx(p, q, k);
            if (!field_only)
                return jx_fail(c->x, p, "[%d,%d]: \"%s\" sites with \"field_only\": false draw "
                                        "the terrain of every hex (S-2); fixed terrain has no "
                                        "place", col, row, jsd_sites_mode_names[mode]);
            return jx_fail(c->x, p, "[%d,%d] is a field spot, whose terrain \"%s\" sites draw "
                                    "(S-2); fixed terrain goes on base spots (within %d rows of "
                                    "a home edge)", col, row, jsd_sites_mode_names[mode], depth);
        }
    }
    return true;
}

/* ---------------------------------------------------------------- command dice (K) */
static int base_row(const js_scenario *s, int side) { return side == JS_SIDE_A ? s->height - 1 : 0; }

/* Passable hexes within `rows` rows of the side's home edge (fixed terrain). */
static int passable_rows(const js_scenario *s, int side, int rows)
{
    int n = 0;
    for (int k = 0; k < rows && k < s->height; k++) {
        int row = side == JS_SIDE_A ? s->height - 1 - k : k;
        for (int col = 0; col < s->width; col++)
            n += !s->terrain_types[s->terrain[row * s->width + col]].impassable;
    }
    return n;
}

/* K-2: jump-off and entry sites need "dice"; an entry point stands on its side's base line, one
 * a side (Z-35). */
static bool check_k_sites(su_ctx *c)
{
    const js_scenario *s = c->s;
    bool seen_entry[JS_SIDES] = {false, false};
    for (int i = 0; i < s->nsites; i++) {
        const js_site *t = &s->sites[i];
        char p[JX_PATH], q[JX_PATH];
        jx_idx(p, "sites", i);
        if (t->kind == JS_SITE_JUMP_POINT)
            continue; /* an objective without "jump" (J-8, Z-35) */
        if (!(s->deploy & JS_DEPLOY_DICE)) {
            jx_key(q, p, "kind");
            return jx_fail(c->x, q, "jump-off points and entry points are for command dice; add "
                                    "\"dice\" to \"deploy\" (K-2)");
        }
        if (t->kind != JS_SITE_ENTRY)
            continue;
        int col, row;
        js_hex_to_offset(t->hex, &col, &row);
        if (row != base_row(s, t->side)) {
            jx_key(q, p, "hex");
            return jx_fail(c->x, q, "[%d,%d]: side %s's entry point stands on its base line, row %d "
                                    "(K-2)", col, row, jx_side_name(t->side), base_row(s, t->side));
        }
        if (seen_entry[t->side])
            return jx_fail(c->x, p, "a second entry point for side %s; a side has one (K-2)",
                           jx_side_name(t->side));
        seen_entry[t->side] = true;
    }
    return true;
}

static bool parse_command_dice(su_ctx *c)
{
    static const char *const F[] = {"dice", "jump_offs", "depth", NULL};
    const cJSON *k = jx_get(c->root, "command_dice");
    js_scenario *s = c->s;
    if (!(s->deploy & JS_DEPLOY_DICE)) {
        if (k)
            return jx_fail(c->x, "command_dice", "command dice are only used with \"dice\" in "
                                                 "\"deploy\" (K-3)");
        return true;
    }
    int placed[JS_SIDES] = {0, 0}, entries = 0;
    for (int i = 0; i < s->nsites; i++) {
        placed[s->sites[i].side] += s->sites[i].kind == JS_SITE_JUMP_OFF;
        entries += s->sites[i].kind == JS_SITE_ENTRY;
    }
    int dice = JS_KDICE_DEFAULT, n = placed[0] || placed[1] ? 0 : JS_JUMP_OFFS_DEFAULT;
    int max_depth = s->height / 2, depth = JS_JUMP_OFF_DEPTH < max_depth ? JS_JUMP_OFF_DEPTH : max_depth;
    if (k && (!jx_want_object(c->x, k, "command_dice") || !jx_fields(c->x, k, "command_dice", F) ||
              !jx_int(c->x, k, "command_dice", "dice", false, 1, JS_MAX_KDICE, dice, &dice) ||
              !jx_int(c->x, k, "command_dice", "jump_offs", false, 0, JS_MAX_JUMP_OFFS, n, &n) ||
              !jx_int(c->x, k, "command_dice", "depth", false, 1, max_depth, depth, &depth)))
        return false;
    s->kdice = (int8_t)dice;
    s->jump_offs = (int8_t)n;
    s->jump_off_depth = (int8_t)depth;
    for (int side = 0; side < JS_SIDES; side++)
        if (placed[side] + n == 0)
            return jx_fail(c->x, k ? "command_dice.jump_offs" : "sites",
                           "side %s has no jump-off point: place one in \"sites\" or have each side "
                           "place some at setup with \"command_dice\": {\"jump_offs\": N} (K-2)",
                           jx_side_name(side));
    int setup = (s->deploy & JS_DEPLOY_JUMP ? 3 * JS_SIDES : 0) + JS_SIDES * n + (JS_SIDES - entries);
    if (s->nsites + setup > JS_MAX_SITES)
        return jx_fail(c->x, "sites", "%d sites and %d more placed at setup; at most %d in all",
                       s->nsites, setup, JS_MAX_SITES);
    if (s->sites_mode != JS_SITES_FIXED)
        return true; /* generated terrain: the base rows are the format's to keep clear */
    for (int side = 0; side < JS_SIDES; side++) {
        if (passable_rows(s, side, depth) < n)
            return jx_fail(c->x, "command_dice.jump_offs", "side %s's deployment area (%d row%s from "
                                                            "its home edge) has no room for %d jump-off "
                                                            "points (K-2)", jx_side_name(side), depth,
                           depth == 1 ? "" : "s", n);
        if (!passable_rows(s, side, 1))
            return jx_fail(c->x, "sites", "side %s's base line is all impassable: no hex for its entry "
                                          "point (K-2)", jx_side_name(side));
    }
    return true;
}

bool jsd_scenario_setup_parse(const jx *x, const cJSON *root, js_scenario *s,
                              const char (*tids)[JS_NAME_LEN])
{
    su_ctx c = {x, root, s, tids};
    return parse_deploy(&c) && check_deploy(&c) && parse_hand(&c) && parse_deck(&c) &&
           parse_support(&c) && parse_competition(&c) && check_jump_room(&c) &&
           check_k_sites(&c) && parse_command_dice(&c);
}
