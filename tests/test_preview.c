/* test_preview.c — the queries a screen previews with (js_project_plan's notes, js_missile_flight,
 * js_forced_command) agree with what resolution then does. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order move_order(int n)
{
    js_order o = tl_order(5);
    o.move = (int8_t)n;
    return o;
}

/* V-3: F3 north from row 1 of the map: one step to row 0, then the next hex is off the map. The
 * ghost stops at row 0 and says why; the real move stops there too. */
static void test_V3_plan_note_off_map(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 1, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 12, 1);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, move_order(3));
    js_ship_place at[JS_PLAN_DEPTH];
    js_plan_note notes[JS_PLAN_DEPTH];
    assert_int_equal(js_project_plan(js_game_state(g), 0, at, notes), JS_PLAN_DEPTH);
    assert_int_equal(notes[0].steps, 1);
    assert_int_equal(notes[0].stop, JS_STOP_OFF_MAP);
    assert_true(js_hex_eq(notes[0].stop_hex, js_hex_neighbor(tl_hex(2, 0), 1)));
    assert_true(js_hex_eq(at[0].hex, tl_hex(2, 0)));
    assert_int_equal(notes[1].stop, JS_STOP_NONE); /* no move plotted for T+1 */
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(c, 2);
    assert_int_equal(r, 0);
    js_game_destroy(g);
    free(s);
}

/* G-8: an impassable hex two ahead: one step, then the stop, on the asteroid's hex. */
static void test_G8_plan_note_impassable(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    tl_terrain(s, 2, 8, "rock", 1, 0, 0);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, move_order(3));
    js_ship_place at[JS_PLAN_DEPTH];
    js_plan_note notes[JS_PLAN_DEPTH];
    js_project_plan(js_game_state(g), 0, at, notes);
    assert_int_equal(notes[0].steps, 1);
    assert_int_equal(notes[0].stop, JS_STOP_IMPASSABLE);
    assert_true(js_hex_eq(notes[0].stop_hex, tl_hex(2, 8)));
    assert_true(js_hex_eq(at[0].hex, tl_hex(2, 9)));
    js_game_destroy(g);
    free(s);
}

/* A game in the missile phase: A's ship at (2,10) facing north fires one missile forward. */
static js_game *one_missile(js_scenario *s)
{
    int gun = tl_card(s, "gun", JS_SIZE_SMALL, 1, 3);
    s->cards[gun].fwd_launchers = 1;
    s->cards[gun].missiles = 2;
    tl_unit_at(s, gun, JS_SIDE_A, 2, 10, 1);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = tl_order(5);
    o.msl_fwd = 1;
    tl_plot(g, js_game_state(g)->units[s->nunits - 1].first_ship, 0, o); /* the gun, added last */
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    return g;
}

/* C-1: missile-blocking terrain three hexes ahead: the flight enters it and ends there; resolving
 * the missile loses it in that hex. */
static void test_C1_flight_blocked(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    tl_terrain(s, 2, 7, "dust", 0, 1, 0);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = one_missile(s);
    int m = tl_missile_at(g, 2, 10);
    assert_true(m >= 0);
    js_missile_path p;
    const js_state *st = js_game_state(g);
    assert_int_equal(js_missile_flight(st, st->missiles[m].pos, st->missiles[m].facing, m, &p), 3);
    assert_int_equal(p.end, JS_MSL_BLOCKED);
    assert_true(js_hex_eq(p.hex[2], tl_hex(2, 7)));
    int from = js_log_count(g);
    tl_missile(g, m);
    int e = tl_find_event(g, JS_EV_MISSILE_GONE, from);
    assert_true(e >= 0);
    assert_true(js_hex_eq(js_log_at(g, e)->hex2, tl_hex(2, 7)));
    js_game_destroy(g);
    free(s);
}

/* C-1: the first unit in the path is the firing side's own ship two hexes ahead: the flight says
 * it strikes a ship of side A (the warning a screen shows); in open space it flies all 5 hexes. */
static void test_C1_flight_strikes_own_ship_and_spent(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = one_missile(s);
    const js_state *st = js_game_state(g);
    int m = tl_missile_at(g, 2, 10);
    js_missile_path p;
    js_missile_flight(st, st->missiles[m].pos, 1, m, &p);
    assert_int_equal(p.n, 2);
    assert_int_equal(p.end, JS_MSL_STRIKES);
    assert_int_equal(p.hit, JS_HIT_SHIP);
    assert_int_equal(p.hit_sides, JS_SIDE_MASK(JS_SIDE_A));
    js_missile_flight(st, tl_hex(5, 10), 1, -1, &p); /* open space straight north */
    assert_int_equal(p.n, JS_MISSILE_RANGE);
    assert_int_equal(p.end, JS_MSL_SPENT);
    js_missile_flight(st, tl_hex(5, 2), 1, -1, &p); /* two hexes to the edge, then off it */
    assert_int_equal(p.n, 3);
    assert_int_equal(p.end, JS_MSL_OFF_MAP);
    js_game_destroy(g);
    free(s);
}

/* The only missile is a forced choice; nothing is forced while plotting. */
static void test_forced_single_missile(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_cmd c;
    js_game *g0 = tl_game(s, NULL, 0);
    assert_false(js_forced_command(g0, &c)); /* plotting: secret */
    js_game_destroy(g0);
    js_game *g = one_missile(s);
    assert_true(js_forced_command(g, &c));
    assert_int_equal(c.type, JS_CMD_MISSILE);
    assert_int_equal(c.side, JS_SIDE_A);
    assert_int_equal(c.unit, tl_missile_at(g, 2, 10));
    tl_ok(g, &c);
    js_game_destroy(g);
    free(s);
}

/* Two missiles of one side: flights far apart are order-free (forced, lowest id); two whose
 * flights cross are a real choice (not forced). */
static void test_forced_missiles_independent_or_not(void **state)
{
    (void)state;
    for (int crossing = 0; crossing < 2; crossing++) {
        js_scenario *s = tl_scenario(12, 14);
        int gun = tl_card(s, "gun", JS_SIZE_SMALL, 1, 3);
        s->cards[gun].fwd_launchers = 1;
        s->cards[gun].missiles = 1;
        tl_unit_at(s, gun, JS_SIDE_A, 2, 10, 1);            /* fires north along column 2 */
        if (crossing)
            tl_unit_at(s, gun, JS_SIDE_A, 2, 12, 1);        /* fires north along the same column */
        else
            tl_unit_at(s, gun, JS_SIDE_A, 9, 10, 1);        /* fires north along column 9 */
        int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
        tl_unit_at(s, sm, JS_SIDE_B, 11, 0, 4);
        js_game *g = tl_game(s, NULL, 0);
        js_order o = tl_order(5);
        o.msl_fwd = 1;
        tl_plot(g, 0, 0, o);
        tl_plot(g, 1, 0, o);
        tl_ready(g, JS_SIDE_A);
        tl_ready(g, JS_SIDE_B);
        assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
        js_cmd c;
        if (crossing) {
            assert_false(js_forced_command(g, &c));
        } else {
            assert_true(js_forced_command(g, &c));
            assert_int_equal(c.unit, 0);
        }
        js_game_destroy(g);
        free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_V3_plan_note_off_map),
        cmocka_unit_test(test_G8_plan_note_impassable),
        cmocka_unit_test(test_C1_flight_blocked),
        cmocka_unit_test(test_C1_flight_strikes_own_ship_and_spent),
        cmocka_unit_test(test_forced_single_missile),
        cmocka_unit_test(test_forced_missiles_independent_or_not),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
