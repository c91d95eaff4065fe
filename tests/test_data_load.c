/* The shipped content loads: the catalogue and every scenario in scenarios/ (docs/formats.md),
 * with the numbers the files say, in the coordinates of RULES G-1. */
#include "testlib.h"
#include "jsd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int setup_dir(void **state)
{
    (void)state;
    return chdir(JS_SOURCE_DIR);
}

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
        "{\"kind\":\"entry\",\"side\":\"B\",\"hex\":[9,0]}],"
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
    assert_int_equal(s->sites[1].kind, JS_SITE_ENTRY);
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
    };
    return cmocka_run_group_tests(tests, setup_dir, NULL);
}
