/* Rule tests, section G (geometry): odd-q conversion, directions, distance, footprints,
 * adjacency, stacking, home edges, sections, terrain. Expected values come from RULES.md. */
#include "testlib.h"
#include "internal.h" /* jsi_footprint_distance: "entirely within" (G-4) */
#include "jsd.h"
#include <stdlib.h>
#include <string.h>

static void assert_hex_offset(js_hex h, int col, int row)
{
    int c, r;
    js_hex_to_offset(h, &c, &r);
    if (c != col || r != row)
        fail_msg("hex is (%d,%d), wanted (%d,%d)", c, r, col, row);
}

/* G-1: odd-q offset <-> axial; odd columns sit half a hex lower; row 0 is north. */
static void test_G1_odd_q_offset_to_axial(void **state)
{
    (void)state;
    /* axial r = row - (col - (col & 1)) / 2 */
    js_hex h = js_hex_from_offset(5, 3); /* r = 3 - (5-1)/2 = 1 */
    assert_int_equal(h.q, 5);
    assert_int_equal(h.r, 1);
    h = js_hex_from_offset(4, 3); /* r = 3 - 4/2 = 1 */
    assert_int_equal(h.q, 4);
    assert_int_equal(h.r, 1);
    /* round trip over a whole 16x12 map */
    for (int c = 0; c < 16; c++)
        for (int r = 0; r < 12; r++)
            assert_hex_offset(js_hex_from_offset(c, r), c, r);
}

static void test_G1_odd_columns_half_a_hex_lower(void **state)
{
    (void)state;
    /* (1,0) is south-east (dir 3) of (0,0) and (2,0) north-east (dir 2) of (1,0): odd col lower */
    assert_hex_offset(js_hex_neighbor(js_hex_from_offset(0, 0), 3), 1, 0);
    assert_hex_offset(js_hex_neighbor(js_hex_from_offset(1, 0), 2), 2, 0);
    /* row 0 is the north edge: north (dir 1) of (3,0) is off the map */
    js_scenario *s = tl_scenario(8, 8);
    tl_unit_at(s, tl_card(s, "x", JS_SIZE_SMALL, 1, 1), JS_SIDE_A, 3, 0, 1);
    js_game *g = tl_game(s, NULL, 0);
    assert_false(js_hex_on_map(js_game_state(g), js_hex_neighbor(js_hex_from_offset(3, 0), 1)));
    assert_true(js_hex_on_map(js_game_state(g), js_hex_neighbor(js_hex_from_offset(3, 0), 4)));
    js_game_destroy(g);
    free(s);
}

/* G-2: directions 1-6 clockwise from north. */
static void test_G2_directions_clockwise_from_north(void **state)
{
    (void)state;
    /* even column 4, row 4: N (4,3), NE (5,3), SE (5,4), S (4,5), SW (3,4), NW (3,3) */
    static const int even[6][2] = {{4, 3}, {5, 3}, {5, 4}, {4, 5}, {3, 4}, {3, 3}};
    /* odd column 5, row 4: N (5,3), NE (6,4), SE (6,5), S (5,5), SW (4,5), NW (4,4) */
    static const int odd[6][2] = {{5, 3}, {6, 4}, {6, 5}, {5, 5}, {4, 5}, {4, 4}};
    for (int d = 1; d <= 6; d++) {
        assert_hex_offset(js_hex_neighbor(js_hex_from_offset(4, 4), d), even[d - 1][0], even[d - 1][1]);
        assert_hex_offset(js_hex_neighbor(js_hex_from_offset(5, 4), d), odd[d - 1][0], odd[d - 1][1]);
        assert_int_equal(js_hex_dir_to(js_hex_from_offset(4, 4), js_hex_from_offset(even[d - 1][0], even[d - 1][1])), d);
        assert_int_equal(js_dir_opposite(d), (d + 2) % 6 + 1); /* 1<->4, 2<->5, 3<->6 */
    }
    assert_int_equal(js_dir_wrap(0), 6);
    assert_int_equal(js_dir_wrap(7), 1);
    assert_int_equal(js_hex_dir_to(js_hex_from_offset(4, 4), js_hex_from_offset(4, 6)), 0);
    /* the first step toward a hex further off: straight south, far to the NE, far to the NW */
    assert_int_equal(js_hex_dir_toward(js_hex_from_offset(4, 4), js_hex_from_offset(4, 9)), 4);
    assert_int_equal(js_hex_dir_toward(js_hex_from_offset(4, 4), js_hex_from_offset(9, 1)), 2);
    assert_int_equal(js_hex_dir_toward(js_hex_from_offset(4, 4), js_hex_from_offset(0, 2)), 6);
}

/* G-2: distance is the cube distance; adjacent at distance 1. */
static void test_G2_cube_distance_and_adjacency(void **state)
{
    (void)state;
    js_hex o = js_hex_from_offset(0, 0);
    assert_int_equal(js_hex_distance(o, js_hex_from_offset(0, 5)), 5); /* straight south */
    /* (0,0) -> (3,0): SE, NE, SE = 3 steps */
    assert_int_equal(js_hex_distance(o, js_hex_from_offset(3, 0)), 3);
    /* (0,0) -> (4,0): SE, NE, SE, NE = 4 */
    assert_int_equal(js_hex_distance(o, js_hex_from_offset(4, 0)), 4);
    /* (2,2) -> (5,6): axial (2,1) -> (5,4): dq 3, dr 3, ds -6 -> 6 */
    assert_int_equal(js_hex_distance(js_hex_from_offset(2, 2), js_hex_from_offset(5, 6)), 6);
    for (int d = 1; d <= 6; d++)
        assert_int_equal(js_hex_distance(js_hex_from_offset(5, 4), js_hex_neighbor(js_hex_from_offset(5, 4), d)), 1);
}

/* G-3: small 1 hex, medium bow + stern directly behind, large centre + six neighbours. */
static void test_G3_footprints_small_medium_large(void **state)
{
    (void)state;
    js_hex fp[7];
    assert_int_equal(js_footprint(JS_SIZE_SMALL, js_hex_from_offset(4, 4), 1, fp), 1);
    assert_hex_offset(fp[0], 4, 4);
    /* medium at (4,4) facing 1 (N): stern is south of the bow, (4,5) */
    assert_int_equal(js_footprint(JS_SIZE_MEDIUM, js_hex_from_offset(4, 4), 1, fp), 2);
    assert_hex_offset(fp[0], 4, 4);
    assert_hex_offset(fp[1], 4, 5);
    /* medium at (4,4) facing 2 (NE): stern is SW (dir 5) of the bow, (3,4) */
    js_footprint(JS_SIZE_MEDIUM, js_hex_from_offset(4, 4), 2, fp);
    assert_hex_offset(fp[1], 3, 4);
    /* large at (4,4): the centre and its six neighbours */
    assert_int_equal(js_footprint(JS_SIZE_LARGE, js_hex_from_offset(4, 4), 3, fp), 7);
    for (int i = 1; i < 7; i++)
        assert_int_equal(js_hex_distance(fp[0], fp[i]), 1);
}

/* G-3: every footprint hex must be on the map (a scenario placing one off it is refused). */
static void test_G3_footprint_must_be_on_map(void **state)
{
    (void)state;
    char reason[JS_REASON_LEN];
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 1};
    js_scenario *s = tl_scenario(8, 8);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    tl_unit_at(s, med, JS_SIDE_A, 4, 0, 4); /* facing S: stern north of row 0 -> off the map */
    assert_null(js_game_create(s, &dice, reason, sizeof reason));
    s->units[0].place[0].facing = 1; /* facing N: stern at (4,1), on the map */
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    assert_non_null(g);
    js_game_destroy(g);
    free(s);
    s = tl_scenario(8, 8);
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 2);
    tl_unit_at(s, big, JS_SIDE_A, 0, 4, 1); /* centre on column 0: west neighbours off the map */
    assert_null(js_game_create(s, &dice, reason, sizeof reason));
    free(s);
}

/* G-4: distance between units is the smallest; "entirely within" the largest; adjacency is
 * some hex of one sharing an edge with some hex of the other. */
static void test_G4_unit_distance_smallest_and_largest(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    tl_unit_at(s, med, JS_SIDE_A, 4, 4, 1); /* (4,4),(4,5) */
    tl_unit_at(s, med, JS_SIDE_B, 4, 8, 1); /* (4,8),(4,9) */
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(js_unit_distance(st, 0, 1), 3); /* (4,5)-(4,8) */
    js_hex a[7], b[7];
    int na = js_ship_footprint(st, 0, a), nb = js_ship_footprint(st, 1, b);
    assert_int_equal(jsi_footprint_distance(a, na, b, nb, true), 5); /* (4,4)-(4,9) */
    assert_false(js_ships_adjacent(st, 0, 1));
    js_game_destroy(g);
    free(s);
}

static void test_G4_adjacency_of_footprints(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 12);
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 2);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    tl_unit_at(s, big, JS_SIDE_A, 8, 6, 1); /* covers (8,5)..(8,7) etc. */
    tl_unit_at(s, sm, JS_SIDE_B, 8, 4, 1);  /* 2 from the centre, 1 from (8,5): adjacent */
    tl_unit_at(s, sm, JS_SIDE_B, 8, 3, 1);  /* 2 from (8,5): not adjacent */
    tl_unit_at(s, med, JS_SIDE_B, 4, 4, 1); /* (4,4),(4,5) */
    tl_unit_at(s, sm, JS_SIDE_A, 5, 5, 1);  /* SE of the stern (4,5): adjacent */
    tl_unit_at(s, sm, JS_SIDE_A, 5, 6, 1);  /* 2 from (4,5): not adjacent */
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_true(js_ships_adjacent(st, 0, 1));
    assert_int_equal(js_unit_distance(st, 0, 1), 1);
    assert_false(js_ships_adjacent(st, 0, 2));
    assert_int_equal(js_unit_distance(st, 0, 2), 2);
    assert_true(js_ships_adjacent(st, 3, 4));
    assert_false(js_ships_adjacent(st, 3, 5));
    js_game_destroy(g);
    free(s);
}

/* G-5: stacking is unlimited: ships may start in, and move into, a hex holding other units. */
static void test_G5_stacking_allowed(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1); /* same hex, friend */
    tl_unit_at(s, sm, JS_SIDE_B, 4, 4, 4);
    static const int dice[] = {1}; /* ECM d8 on entering (4,5), adjacent to B: 1 misses (V-4) */
    js_game *g = tl_game(s, dice, 1);
    js_order o = tl_order(5);
    o.move = 2; /* (4,6) -> (4,5) -> (4,4), into the enemy's hex */
    tl_plot(g, 0, 0, o);
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    assert_int_equal(js_dice_left(g), 0);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(c, 4);
    assert_int_equal(r, 4);
    assert_int_equal(tl_count_events(g, JS_EV_BLOCKED), 0);
    js_game_destroy(g);
    free(s);
}

static const char *SCN_HEAD =
    "{\"format\":\"jumpstrike-scenario\",\"version\":1,\"id\":\"g\",\"name\":\"G\","
    "\"map\":{\"width\":10,\"height\":8},\"sides\":{\"A\":{\"name\":\"Vega\",\"colour\":\"#4696ff\"},"
    "\"B\":{\"name\":\"Hadar\",\"colour\":\"#f05a3c\"}},\"catalogue\":\"catalogue.json\","
    "\"units\":[{\"card\":\"vega-lancer\",\"side\":\"A\",\"at\":\"map\",\"ships\":[{\"hex\":[1,6],\"facing\":1}]},"
    "{\"card\":\"hadar-marauder\",\"side\":\"B\",\"at\":\"map\",\"ships\":[{\"hex\":[1,1],\"facing\":4}]}],";

/* G-6: A's home edge is the south (row H-1), B's the north (row 0): zones counted from them. */
static void test_G6_home_edges_south_for_A_north_for_B(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "%s\"zones\":{\"A\":{\"rows\":2},\"B\":{\"rows\":1}}}", SCN_HEAD);
    jsd_error err = {""};
    js_scenario *s = jsd_scenario_parse(text, "g6.json", JS_SOURCE_DIR "/scenarios", &err);
    if (!s)
        fail_msg("%s", err.msg);
    for (int c = 0; c < 10; c++)
        for (int r = 0; r < 8; r++) {
            int z = s->zone[r * 10 + c];
            assert_int_equal((z & JS_ZONE_A) != 0, r >= 6); /* rows 7 and 6 */
            assert_int_equal((z & JS_ZONE_B) != 0, r == 0); /* row 0 */
        }
    free(s);
}

/* G-7: two section-line columns c1 < c2. */
static void test_G7_section_lines_c1_west_of_c2(void **state)
{
    (void)state;
    char text[512];
    jsd_error err = {""};
    snprintf(text, sizeof text, "%s\"sections\":[3,6]}", SCN_HEAD);
    js_scenario *s = jsd_scenario_parse(text, "g7.json", JS_SOURCE_DIR "/scenarios", &err);
    if (!s)
        fail_msg("%s", err.msg);
    assert_int_equal(s->section_c1, 3);
    assert_int_equal(s->section_c2, 6);
    free(s);
    snprintf(text, sizeof text, "%s\"sections\":[6,3]}", SCN_HEAD);
    s = jsd_scenario_parse(text, "g7.json", JS_SOURCE_DIR "/scenarios", &err);
    assert_null(s);
    assert_non_null(strstr(err.msg, "sections"));
}

/* G-8: impassable terrain stops a ship's step (and may not be a placement). */
static void test_G8_impassable_terrain_stops_ships(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    tl_terrain(s, 4, 5, "rock", 1, 0, 0);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 7, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = tl_order(5);
    o.move = 4; /* (4,6) fine, (4,5) is rock: stop at (4,6) */
    tl_plot(g, 0, 0, o);
    tl_run_to_plot(g, 2);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 6);
    assert_int_equal(tl_count_events(g, JS_EV_BLOCKED), 1);
    js_game_destroy(g);
    /* a scenario placing a ship on it is refused */
    s->units[0].place[0].hex = tl_hex(4, 5);
    char reason[JS_REASON_LEN];
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 1};
    assert_null(js_game_create(s, &dice, reason, sizeof reason));
    free(s);
}

/* G-8: defense_bonus is added to a target's Defense; blocks_missiles is in test_rules_c. */
static void test_G8_terrain_defense_bonus(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    s->cards[sm].defense = 1;
    tl_terrain(s, 4, 4, "dust", 0, 0, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 4, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 6, 4, 1);
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(jsi_pod_defense(st, 0, false, 0), 4); /* card 1 + dust 3 */
    assert_int_equal(jsi_pod_defense(st, 1, false, 0), 1); /* card 1 in open space */
    assert_int_equal(js_terrain_at(st, tl_hex(4, 4))->defense_bonus, 3);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_G1_odd_q_offset_to_axial),
        cmocka_unit_test(test_G1_odd_columns_half_a_hex_lower),
        cmocka_unit_test(test_G2_directions_clockwise_from_north),
        cmocka_unit_test(test_G2_cube_distance_and_adjacency),
        cmocka_unit_test(test_G3_footprints_small_medium_large),
        cmocka_unit_test(test_G3_footprint_must_be_on_map),
        cmocka_unit_test(test_G4_unit_distance_smallest_and_largest),
        cmocka_unit_test(test_G4_adjacency_of_footprints),
        cmocka_unit_test(test_G5_stacking_allowed),
        cmocka_unit_test(test_G6_home_edges_south_for_A_north_for_B),
        cmocka_unit_test(test_G7_section_lines_c1_west_of_c2),
        cmocka_unit_test(test_G8_impassable_terrain_stops_ships),
        cmocka_unit_test(test_G8_terrain_defense_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
