/* The shipped content loads: the catalogue and every scenario in scenarios/ (docs/formats.md),
 * with the numbers the files say, in the coordinates of RULES G-1. */
#include "testlib.h"
#include "jsd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int find_def(const js_scenario *s, const char *id)
{
    for (int i = 0; i < s->ncards; i++)
        if (strcmp(s->cards[i].id, id) == 0)
            return i;
    return -1;
}

static js_scenario *load_ok(const char *path)
{
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_load(path, &err);
    if (!s)
        print_error("%s\n", err.msg);
    assert_non_null(s);
    return s;
}

static int ships_on_map(const js_scenario *s)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].where == JS_AT_MAP)
            n += s->cards[s->units[i].def].ships;
    return n;
}

static int terrain_count(const js_scenario *s, int type)
{
    int n = 0;
    for (int i = 0; i < s->width * s->height; i++)
        n += s->terrain[i] == type;
    return n;
}

/* U-1: the catalogue holds both factions' cards with the fields the rules need. */
static void test_catalogue_U1(void **state)
{
    (void)state;
    js_card_def defs[JS_MAX_DEFS];
    jsd_error err = {{0}};
    int n = jsd_catalogue_load("scenarios/catalogue.json", defs, JS_MAX_DEFS, &err);
    if (n < 0)
        print_error("%s\n", err.msg);
    assert_true(n >= 10);
    int fighters = 0, carriers = 0, escorts = 0, mediums = 0;
    for (int i = 0; i < n; i++) {
        const js_card_def *d = &defs[i];
        assert_true(d->move >= 2 && d->move <= 6);
        assert_true(d->shields >= 0 && d->shields <= 4);
        assert_true(d->hull >= 1 && d->hull <= 6);
        assert_true(d->defense >= 0 && d->defense <= 4);
        assert_true(d->tr >= 1 && d->tr <= 5);
        assert_true(d->launch_cost > 0 && d->launch_cost <= 25); /* affordable from 15 + 10 */
        assert_true(d->activation_cost >= 1 && d->activation_cost < d->launch_cost);
        assert_true(d->points > 0 && d->mass > 0);
        if (d->size == JS_SIZE_SMALL && d->ships >= 3)
            fighters++;
        if (d->size == JS_SIZE_SMALL && d->ships == 1)
            escorts++;
        if (d->size == JS_SIZE_MEDIUM)
            mediums++;
        if (d->size == JS_SIZE_LARGE && d->capacity > 0) {
            carriers++;
            assert_true(d->roles & JS_ROLE_TRANSPORT);
        }
    }
    assert_true(fighters >= 2 && escorts >= 2 && mediums >= 2 && carriers >= 2);
    /* one card checked field by field against the file */
    const js_card_def *w = NULL;
    for (int i = 0; i < n; i++)
        if (strcmp(defs[i].id, "vega-wasp") == 0)
            w = &defs[i];
    assert_non_null(w);
    assert_string_equal(w->name, "Wasp Fighters");
    assert_int_equal(w->size, JS_SIZE_SMALL);
    assert_int_equal(w->ships, 4);
    assert_int_equal(w->move, 6);
    assert_int_equal(w->hull, 1);
    assert_int_equal(w->fwd_launchers, 1);
    assert_int_equal(w->missiles, 1);
    assert_int_equal(w->launch_cost, 4);
    assert_int_equal(w->activation_cost, 1);
    assert_int_equal(w->points, 8);
    assert_int_equal(w->roles, 0);
}

/* G-1, G-3, G-6, G-7, G-8: the duel as written in scenarios/duel.json. */
static void test_duel(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/duel.json");
    assert_string_equal(s->id, "duel");
    assert_int_equal(s->width, 16);
    assert_int_equal(s->height, 12);
    assert_int_equal(s->section_c1, 5);
    assert_int_equal(s->section_c2, 10);
    assert_int_equal(s->turn_limit, 10);
    assert_int_equal(s->target_points, 12);
    assert_int_equal(s->nterrain, 4); /* open space + 3 */
    assert_string_equal(s->terrain_types[0].look, "space");
    assert_true(s->terrain_types[1].impassable);
    assert_true(s->terrain_types[2].blocks_missiles);
    assert_int_equal(s->terrain_types[2].defense_bonus, 2);
    assert_int_equal(s->terrain_types[3].defense_bonus, 1);
    /* terrain at [7,5] is asteroids: index row*width+col */
    assert_int_equal(s->terrain[5 * 16 + 7], 1);
    assert_int_equal(s->terrain[5 * 16 + 6], 0);
    assert_int_equal(terrain_count(s, 1), 3);
    assert_int_equal(terrain_count(s, 2), 4);
    assert_int_equal(terrain_count(s, 3), 4);
    /* zones: A's two southern rows, B's two northern rows (G-6) */
    assert_int_equal(s->zone[11 * 16 + 3], JS_ZONE_A);
    assert_int_equal(s->zone[10 * 16 + 3], JS_ZONE_A);
    assert_int_equal(s->zone[9 * 16 + 3], 0);
    assert_int_equal(s->zone[0 * 16 + 3], JS_ZONE_B);
    assert_int_equal(s->zone[1 * 16 + 15], JS_ZONE_B);
    assert_int_equal(s->zone[2 * 16 + 3], 0);
    /* sides */
    assert_string_equal(s->sides[0].name, "Vega Concord");
    assert_int_equal(s->sides[0].rgb[0], 0x46);
    assert_int_equal(s->sides[0].rgb[1], 0x96);
    assert_int_equal(s->sides[0].rgb[2], 0xff);
    assert_int_equal(s->sides[1].energy_start, 15); /* E-1 defaults */
    assert_int_equal(s->sides[1].energy_income, 10);
    assert_int_equal(s->sides[1].energy_max, 40);
    /* units: the lancer's bow at [5,9] facing north, phase defaulting to 5 */
    assert_int_equal(s->nunits, 4);
    const js_unit_setup *u = &s->units[0];
    assert_int_equal(u->def, find_def(s, "vega-lancer"));
    assert_int_equal(u->side, JS_SIDE_A);
    assert_int_equal(u->where, JS_AT_MAP);
    int col, row;
    js_hex_to_offset(u->place[0].hex, &col, &row);
    assert_int_equal(col, 5);
    assert_int_equal(row, 9);
    assert_int_equal(u->place[0].facing, 1);
    assert_int_equal(u->place[0].phase, 5);
    assert_int_equal(s->units[2].side, JS_SIDE_B);
    assert_int_equal(s->units[2].place[0].facing, 4);
    free(s);
}

static void test_carrier_strike_L1(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/carrier_strike.json");
    int reserve = 0, carriers = 0;
    for (int i = 0; i < s->nunits; i++) {
        const js_card_def *d = &s->cards[s->units[i].def];
        if (s->units[i].where == JS_AT_RESERVE) {
            reserve++;
            if (d->size == JS_SIZE_LARGE && d->capacity > 0)
                carriers++;
        }
    }
    assert_true(reserve * 2 > s->nunits); /* most cards start in reserve (L-1) */
    assert_int_equal(carriers, 2);
    /* zones of three rows each */
    for (int col = 0; col < s->width; col++) {
        assert_int_equal(s->zone[(s->height - 3) * s->width + col], JS_ZONE_A);
        assert_int_equal(s->zone[(s->height - 4) * s->width + col], 0);
        assert_int_equal(s->zone[2 * s->width + col], JS_ZONE_B);
        assert_int_equal(s->zone[3 * s->width + col], 0);
    }
    free(s);
}

static void test_large_battle(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/large_battle.json");
    assert_true(s->width >= 30 && s->height >= 24);
    assert_true(ships_on_map(s) >= 60);
    int per_side[2] = {0, 0};
    for (int i = 0; i < s->nunits; i++)
        per_side[s->units[i].side] += s->cards[s->units[i].def].ships;
    assert_true(per_side[0] >= 30 && per_side[1] >= 30);
    assert_true(terrain_count(s, 1) > 0 && terrain_count(s, 2) > 0 && terrain_count(s, 3) > 0);
    free(s);
}

/* Every shipped file validates, and the engine accepts every scenario (js_game_create). */
static void test_validate_shipped(void **state)
{
    (void)state;
    static const char *const files[][2] = {
        {"scenarios/catalogue.json", "catalogue"},
        {"scenarios/duel.json", "scenario"},
        {"scenarios/carrier_strike.json", "scenario"},
        {"scenarios/large_battle.json", "scenario"},
        {"scenarios/jump_raid.json", "scenario"},
        {"scenarios/jump_and_launch.json", "scenario"},
        {"scenarios/competition.json", "scenario"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char kind[16];
        jsd_error err = {{0}};
        bool ok = jsd_validate_file(files[i][0], kind, sizeof kind, &err);
        if (!ok)
            print_error("%s\n", err.msg);
        assert_true(ok);
        assert_string_equal(kind, files[i][1]);
    }
}

/* The engine's start state carries the file's placements: ships where the file put them. */
static void test_game_from_file_G1(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/duel.json");
    char reason[JS_REASON_LEN] = "";
    js_dice_cfg dice = {JS_DICE_SEEDED, 7, NULL, 0};
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    if (!g)
        print_error("%s\n", reason);
    assert_non_null(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nships, 4);
    js_hex fp[7];
    int n = js_ship_footprint(st, 0, fp);
    assert_int_equal(n, 2); /* medium: bow and stern (G-3) */
    int col, row;
    js_hex_to_offset(fp[0], &col, &row);
    assert_int_equal(col, 5);
    assert_int_equal(row, 9);
    js_hex_to_offset(fp[1], &col, &row);
    assert_int_equal(col, 5);
    assert_int_equal(row, 10); /* stern behind a north-facing bow */
    js_game_destroy(g);
    free(s);
}

/* Loading the same file twice gives the same bytes (the engine hashes the scenario whole). */
static void test_load_deterministic(void **state)
{
    (void)state;
    js_scenario *a = load_ok("scenarios/carrier_strike.json");
    js_scenario *b = load_ok("scenarios/carrier_strike.json");
    assert_memory_equal(a, b, sizeof *a);
    free(a);
    free(b);
}

/* Members the shipped scenarios leave out: zone hex lists, sites, options, energy, inline
 * cards beside a catalogue, squadrons on the map, large ships. */
static void test_optional_members_G7_L1(void **state)
{
    (void)state;
    const char *text =
        "{\"format\":\"jumpstrike-scenario\",\"version\":1,\"id\":\"extra\",\"name\":\"Extra\","
        "\"map\":{\"width\":10,\"height\":8},"
        "\"zones\":{\"A\":{\"hexes\":[[0,7],[1,7],[2,6]]}},"
        "\"sides\":{\"A\":{\"name\":\"Vega\",\"colour\":\"#010203\",\"energy\":{\"start\":5,"
        "\"income\":7,\"max\":30}},\"B\":{\"name\":\"Hadar\",\"colour\":\"#FFfe00\"}},"
        "\"catalogue\":\"catalogue.json\","
        "\"cards\":[{\"id\":\"drone\",\"name\":\"Drone\",\"size\":\"small\",\"move\":3,"
        "\"shields\":0,\"hull\":1,\"defense\":0,\"tr\":0,\"launch_cost\":1,"
        "\"activation_cost\":0,\"mass\":1,\"points\":1,\"roles\":[\"scout\",\"adjutant\"]}],"
        "\"units\":[{\"card\":\"vega-aurora\",\"side\":\"A\",\"at\":\"map\",\"ships\":"
        "[{\"hex\":[4,5],\"facing\":2,\"phase\":9}]},"
        "{\"card\":\"hadar-hornet\",\"side\":\"B\",\"at\":\"map\",\"ships\":[{\"hex\":[3,1],"
        "\"facing\":4},{\"hex\":[4,1],\"facing\":4},{\"hex\":[5,1],\"facing\":5}]},"
        "{\"card\":\"drone\",\"side\":\"B\",\"at\":\"reserve\"}],"
        "\"sites\":[{\"kind\":\"jump_point\",\"side\":\"A\",\"hex\":[1,6]},"
        "{\"kind\":\"jump_point\",\"side\":\"B\",\"hex\":[9,0]}],"
        "\"victory\":{\"target_points\":25},\"turn_limit\":3,"
        "\"options\":{\"attack_to_disable\":true}}";
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_parse(text, "extra.json", "scenarios", &err);
    if (!s)
        print_error("%s\n", err.msg);
    assert_non_null(s);
    /* zone hexes for A only */
    assert_int_equal(s->zone[7 * 10 + 0], JS_ZONE_A);
    assert_int_equal(s->zone[6 * 10 + 2], JS_ZONE_A);
    assert_int_equal(s->zone[7 * 10 + 3], 0);
    for (int i = 0; i < 80; i++)
        assert_false(s->zone[i] & JS_ZONE_B);
    assert_int_equal(s->sides[0].energy_start, 5);
    assert_int_equal(s->sides[0].energy_income, 7);
    assert_int_equal(s->sides[0].energy_max, 30);
    assert_int_equal(s->sides[1].rgb[0], 0xff);
    assert_int_equal(s->sides[1].rgb[1], 0xfe);
    assert_int_equal(s->section_c1, -1); /* no sections */
    assert_int_equal(s->ncards, 13);     /* 12 from the catalogue, then the inline one */
    assert_string_equal(s->cards[12].id, "drone");
    assert_int_equal(s->cards[12].roles, JS_ROLE_SCOUT | JS_ROLE_ADJUTANT);
    assert_int_equal(s->units[0].place[0].phase, 9);
    assert_int_equal(s->units[1].place[2].facing, 5);
    assert_int_equal(s->units[2].def, 12);
    assert_int_equal(s->units[2].where, JS_AT_RESERVE);
    assert_int_equal(s->nsites, 2);
    assert_int_equal(s->sites[1].kind, JS_SITE_JUMP_POINT); /* an objective (J-8, Z-35) */
    assert_int_equal(s->sites[1].side, JS_SIDE_B);
    assert_int_equal(s->sites[1].alive, 1);
    int col, row;
    js_hex_to_offset(s->sites[1].hex, &col, &row);
    assert_int_equal(col, 9);
    assert_int_equal(row, 0);
    assert_int_equal(s->target_points, 25);
    assert_int_equal(s->turn_limit, 3);
    assert_true(s->options & JS_OPT_ATTACK_TO_DISABLE);
    free(s);
}

/* Scenarios without the J/H/S members keep the engine's defaults (launches only, Billet 4,
 * initial hand 6, Vanguard 2, the default deck, no support, fixed sites). */
static void test_jhs_defaults(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/duel.json");
    js_scenario *d = malloc(sizeof *d);
    assert_non_null(d);
    js_scenario_defaults(d);
    assert_int_equal(s->deploy, JS_DEPLOY_LAUNCH);
    assert_int_equal(s->billet, 4);
    assert_int_equal(s->initial_hand, 6);
    assert_int_equal(s->vanguard, 2);
    assert_int_equal(s->ndeck, 0);
    assert_int_equal(s->nsupport, 0);
    assert_int_equal(s->support_points[0], 0);
    assert_int_equal(s->sites_mode, JS_SITES_FIXED);
    assert_int_equal(s->sites_field_only, d->sites_field_only);
    assert_int_equal(s->base_depth, d->base_depth);
    assert_memory_equal(s->site_weight, d->site_weight, sizeof d->site_weight);
    free(d);
    free(s);
}

/* J-1, J-2, H-1..H-4, S-1: jump points only, the default deck, support vessels. */
static void test_jump_raid_J1_S1(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/jump_raid.json");
    assert_string_equal(s->id, "jump_raid");
    assert_int_equal(s->deploy, JS_DEPLOY_JUMP);
    assert_int_equal(s->section_c1, 6);
    assert_int_equal(s->section_c2, 13);
    assert_int_equal(s->billet, 4);
    assert_int_equal(s->initial_hand, 6);
    assert_int_equal(s->vanguard, 2);
    assert_int_equal(s->ndeck, 0); /* the engine deals js_default_deck */
    for (int i = 0; i < s->width * s->height; i++)
        assert_int_equal(s->zone[i], 0); /* no starting zones without launches */
    /* most cards in reserve: one picket a side on the map */
    int map = 0, reserve = 0;
    for (int i = 0; i < s->nunits; i++)
        *(s->units[i].where == JS_AT_MAP ? &map : &reserve) += 1;
    assert_int_equal(map, 2);
    assert_int_equal(reserve, 10);
    assert_int_equal(s->support_points[0], 20);
    assert_int_equal(s->support_points[1], 20);
    assert_int_equal(s->nsupport, 8);
    for (int i = 0; i < s->nsupport; i++) {
        const js_card_def *d = &s->cards[s->support[i].def];
        assert_int_equal(s->support[i].side, i < 4 ? JS_SIDE_A : JS_SIDE_B);
        assert_true(d->points <= s->support_points[s->support[i].side]);
        assert_memory_equal(d->id, i < 4 ? "vega-" : "hadar-", i < 4 ? 5 : 6);
    }
    assert_string_equal(s->cards[s->support[2].def].id, "vega-lancer");
    assert_int_equal(s->sites_mode, JS_SITES_FIXED);
    free(s);
}

/* J-4, H-1..H-4: launches and jump points, a deck written out with copies. */
static void test_jump_and_launch_H1(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/jump_and_launch.json");
    assert_int_equal(s->deploy, JS_DEPLOY_LAUNCH | JS_DEPLOY_JUMP);
    assert_int_equal(s->billet, 5);
    assert_int_equal(s->initial_hand, 7);
    assert_int_equal(s->vanguard, 3);
    assert_int_equal(s->ndeck, 25);
    int kinds[5] = {0}, sections[4] = {0}, officer_orders = 0;
    for (int i = 0; i < s->ndeck; i++) {
        const js_command_card *c = &s->deck[i];
        kinds[c->kind]++;
        sections[c->section]++;
        if (c->kind <= JS_CC_ATTACK)
            assert_int_equal(c->orders, c->kind + 1); /* Scout 1, Probe 2, Attack 3 */
        if (c->kind == JS_CC_ASSAULT)
            assert_int_equal(c->orders, 0);
        if (c->kind == JS_CC_OFFICER)
            officer_orders += c->orders;
    }
    assert_int_equal(kinds[JS_CC_SCOUT], 6);
    assert_int_equal(kinds[JS_CC_PROBE], 7);
    assert_int_equal(kinds[JS_CC_ATTACK], 7);
    assert_int_equal(kinds[JS_CC_ASSAULT], 2);
    assert_int_equal(kinds[JS_CC_OFFICER], 3);
    assert_int_equal(officer_orders, 4);
    assert_true(sections[JS_SECTION_CENTRE] > sections[JS_SECTION_LEFT]);
    assert_int_equal(sections[JS_SECTION_LEFT], sections[JS_SECTION_RIGHT]);
    assert_int_equal(sections[JS_SECTION_ANY], 5);
    /* copies follow each other in file order, names whole */
    assert_string_equal(s->deck[0].name, "Scout Left");
    assert_string_equal(s->deck[1].name, "Scout Left");
    assert_string_equal(s->deck[2].name, "Probe Left");
    assert_string_equal(s->deck[24].name, "Fleet Admiral");
    assert_int_equal(s->deck[24].orders, 2);
    /* both zones for the launches */
    assert_int_equal(s->zone[17 * s->width + 3], JS_ZONE_A);
    assert_int_equal(s->zone[0 * s->width + 3], JS_ZONE_B);
    free(s);
}

/* S-2: fair sites on an even-width map, weights per terrain type (open space first). */
static void test_competition_S2(void **state)
{
    (void)state;
    js_scenario *s = load_ok("scenarios/competition.json");
    assert_int_equal(s->width % 2, 0);
    assert_int_equal(s->sites_mode, JS_SITES_FAIR);
    assert_int_equal(s->sites_field_only, 1);
    assert_int_equal(s->base_depth, 3);
    assert_int_equal(s->nterrain, 4);
    assert_int_equal(s->site_weight[0], 12); /* open */
    assert_int_equal(s->site_weight[1], 2);  /* asteroids */
    assert_int_equal(s->site_weight[2], 1);  /* nebula */
    assert_int_equal(s->site_weight[3], 2);  /* dust */
    for (int i = 0; i < s->width * s->height; i++)
        assert_int_equal(s->terrain[i], 0); /* every spot is drawn at setup */
    assert_int_equal(s->deploy, JS_DEPLOY_LAUNCH | JS_DEPLOY_JUMP);
    /* the sections and the pickets are symmetric under the half turn, like the sites */
    assert_int_equal(s->section_c1, s->width - 1 - s->section_c2);
    int col, row, mcol, mrow;
    for (int i = 0; i < s->nunits; i++) {
        if (s->units[i].where != JS_AT_MAP || s->units[i].side != JS_SIDE_A)
            continue;
        js_hex_to_offset(s->units[i].place[0].hex, &col, &row);
        bool mirrored = false;
        for (int j = 0; j < s->nunits; j++) {
            if (s->units[j].where != JS_AT_MAP || s->units[j].side != JS_SIDE_B)
                continue;
            js_hex_to_offset(s->units[j].place[0].hex, &mcol, &mrow);
            mirrored = mirrored || (mcol == s->width - 1 - col && mrow == s->height - 1 - row);
        }
        assert_true(mirrored);
    }
    assert_int_equal(s->support_points[0], s->support_points[1]);
    free(s);
}

/* G-7, J-2: a jump point placed by the scenario gets its owner's section; other sites none. */
static void test_site_sections_G7(void **state)
{
    (void)state;
    const char *text =
        "{\"format\":\"jumpstrike-scenario\",\"version\":1,\"id\":\"jp\",\"name\":\"JP\","
        "\"map\":{\"width\":12,\"height\":8},\"sections\":[3,8],\"deploy\":[\"jump\",\"dice\"],"
        "\"sides\":{\"A\":{\"name\":\"Vega\",\"colour\":\"#010203\"},\"B\":{\"name\":"
        "\"Hadar\",\"colour\":\"#040506\"}},\"catalogue\":\"catalogue.json\","
        "\"units\":[{\"card\":\"vega-wasp\",\"side\":\"A\",\"at\":\"reserve\"},"
        "{\"card\":\"hadar-hornet\",\"side\":\"B\",\"at\":\"reserve\"}],"
        "\"sites\":[{\"kind\":\"jump_point\",\"side\":\"A\",\"hex\":[1,7]},"
        "{\"kind\":\"jump_point\",\"side\":\"B\",\"hex\":[1,0]},"
        "{\"kind\":\"jump_point\",\"side\":\"A\",\"hex\":[5,6]},"
        "{\"kind\":\"entry\",\"side\":\"B\",\"hex\":[10,0]}],"
        "\"initial_hand\":9,\"vanguard\":0,\"billet\":2,"
        "\"competition\":{\"mode\":\"random\",\"field_only\":false,\"base_depth\":0,"
        "\"weights\":{\"open\":1}}}";
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_parse(text, "jp.json", "scenarios", &err);
    if (!s)
        print_error("%s\n", err.msg);
    assert_non_null(s);
    assert_int_equal(s->sites[0].section, JS_SECTION_LEFT);  /* west is A's left */
    assert_int_equal(s->sites[1].section, JS_SECTION_RIGHT); /* and B's right */
    assert_int_equal(s->sites[2].section, JS_SECTION_CENTRE);
    assert_int_equal(s->sites[3].section, JS_SECTION_ANY);
    assert_int_equal(s->initial_hand, 9);
    assert_int_equal(s->vanguard, 0);
    assert_int_equal(s->billet, 2);
    assert_int_equal(s->sites_mode, JS_SITES_RANDOM);
    assert_int_equal(s->sites_field_only, 0);
    assert_int_equal(s->base_depth, 0);
    assert_int_equal(s->site_weight[0], 1);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_U1),
        cmocka_unit_test(test_duel),
        cmocka_unit_test(test_carrier_strike_L1),
        cmocka_unit_test(test_large_battle),
        cmocka_unit_test(test_validate_shipped),
        cmocka_unit_test(test_game_from_file_G1),
        cmocka_unit_test(test_load_deterministic),
        cmocka_unit_test(test_optional_members_G7_L1),
        cmocka_unit_test(test_jhs_defaults),
        cmocka_unit_test(test_jump_raid_J1_S1),
        cmocka_unit_test(test_jump_and_launch_H1),
        cmocka_unit_test(test_competition_S2),
        cmocka_unit_test(test_site_sections_G7),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
