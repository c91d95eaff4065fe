/* Rule tests, section P (plotting): three deep, order limits, turning once in three, pod
 * directions, disabled ships frozen, secret plots. Expected values come from RULES.md. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order mv(int phase, int move)
{
    js_order o = tl_order(phase);
    o.move = (int8_t)move;
    return o;
}

/* P-1: a unit new on the map plots T, T+1 and T+2; each turn executes its own slot. */
static void test_P1_new_unit_plots_three_turns_which_execute_in_order(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 12, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, mv(5, 1));
    tl_plot(g, 0, 1, mv(5, 2));
    tl_plot(g, 0, 2, mv(5, 3));
    int c, r;
    tl_run_to_plot(g, 2);
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 11); /* turn 1: F1 from row 12 */
    tl_run_to_plot(g, 3);
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 9); /* turn 2: F2 */
    tl_run_to_plot(g, 4);
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 6); /* turn 3: F3 */
    js_game_destroy(g);
    free(s);
}

/* P-1: after its first turn a unit plots only T+2. */
static void test_P1_old_unit_plots_only_T_plus_2(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 12, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_plot_try(g, 0, 0, mv(5, 1)), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 1, mv(5, 1)), JS_ERR_ILLEGAL);
    tl_plot(g, 0, 2, mv(5, 4)); /* executes in turn 4 */
    int c, r;
    tl_run_to_plot(g, 4);
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 12); /* turns 2 and 3 had default orders (no move) */
    tl_run_to_plot(g, 5);
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 8); /* turn 4: F4 */
    js_game_destroy(g);
    free(s);
}

/* P-2: turn, move 0..move ahead or astern, phase 1..10 within 1 of the previous turn's. */
static void test_P2_turn_move_and_phase_limits(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    assert_int_equal(tl_plot_try(g, 0, 0, mv(5, 4)), JS_ERR_ILLEGAL); /* move 3 */
    assert_int_equal(tl_plot_try(g, 0, 0, mv(5, -1)), JS_ERR_ILLEGAL);
    js_order o = mv(5, 2);
    o.turn = 2;
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL); /* TP -1, TS +1 or none */
    assert_int_equal(tl_plot_try(g, 0, 0, mv(7, 0)), JS_ERR_ILLEGAL); /* 5 -> 7 */
    assert_int_equal(tl_plot_try(g, 0, 0, mv(0, 0)), JS_ERR_ILLEGAL); /* always plotted, 1..10 */
    tl_plot(g, 0, 0, mv(6, 3));                                      /* 5 -> 6 */
    assert_int_equal(tl_plot_try(g, 0, 1, mv(8, 0)), JS_ERR_ILLEGAL); /* 6 -> 8 */
    /* each order is checked against both queued neighbours: 7 in slot 1 needs slot 2 >= 6 */
    assert_int_equal(tl_plot_try(g, 0, 1, mv(7, 0)), JS_ERR_ILLEGAL); /* slot 2 still 5 */
    tl_plot(g, 0, 2, mv(6, 0));
    tl_plot(g, 0, 1, mv(7, 0));
    tl_plot(g, 0, 2, mv(8, 0));
    /* phase 1..10 at the ends */
    s->units[0].place[0].phase = 10;
    js_game *g2 = tl_game(s, NULL, 0);
    assert_int_equal(tl_plot_try(g2, 0, 0, mv(11, 0)), JS_ERR_ILLEGAL);
    tl_plot(g2, 0, 0, mv(9, 0));
    js_game_destroy(g2);
    /* astern: F2 astern from (2,8) facing N goes south to (2,10) */
    js_game *g3 = tl_game(s, NULL, 0);
    o = mv(10, 2);
    o.astern = 1;
    tl_plot(g3, 0, 0, o);
    tl_run_to_plot(g3, 2);
    int c, r;
    tl_pos(g3, 0, &c, &r);
    assert_int_equal(r, 10);
    assert_int_equal(tl_ship(g3, 0)->facing, 1);
    js_game_destroy(g3);
    js_game_destroy(g);
    free(s);
}

/* P-2: forward <= forward launchers, aft <= aft launchers, together <= missiles left. */
static void test_P2_missile_launcher_and_stock_limits(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].fwd_launchers = 1;
    s->cards[sm].aft_launchers = 1;
    s->cards[sm].missiles = 2;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 0);
    o.msl_fwd = 2; /* one forward launcher */
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.msl_fwd = 0;
    o.msl_aft = 2; /* one aft launcher */
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.msl_fwd = 1;
    o.msl_aft = 1; /* 2 of 2 missiles */
    tl_plot(g, 0, 0, o);
    o.msl_aft = 0; /* slot 0 already holds both missiles: none left for slot 1 */
    assert_int_equal(tl_plot_try(g, 0, 1, o), JS_ERR_ILLEGAL);
    o.msl_fwd = 0;
    tl_plot(g, 0, 1, o);
    js_game_destroy(g);
    free(s);
}

/* P-2: a pod launch of k squadrons (k <= squadrons left) with three directions 1..6. */
static void test_P2_pod_launch_limits_and_directions(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].pod_squadrons = 2;
    s->cards[sm].pods_per_squadron = 3;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 0);
    o.pods = 3; /* only 2 squadrons */
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 1;
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.pods = 2;
    o.pod_dir[2] = 0; /* three directions needed */
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.pod_dir[2] = 7;
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.pod_dir[2] = 2;
    tl_plot(g, 0, 0, o);
    o.pods = 1; /* both squadrons already plotted */
    assert_int_equal(tl_plot_try(g, 0, 1, o), JS_ERR_ILLEGAL);
    js_game_destroy(g);
    free(s);
}

/* P-2: a guard-pod redistribution places every guard pod, none negative. */
static void test_P2_guard_redistribution_places_all_pods(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].guard_pods = 4;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 0);
    o.redistribute = 1;
    o.guard[0] = 3; /* 3 of 4 */
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.guard[0] = 5;
    o.guard[1] = -1; /* 4 in sum but negative */
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.guard[0] = 4;
    o.guard[1] = 0;
    tl_plot(g, 0, 0, o);
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 0)->guard[0], 4); /* all on the bow (V-1) */
    assert_int_equal(tl_ship(g, 0)->guard[3], 0);
    js_game_destroy(g);
    free(s);
}

/* P-3: at most one turn in any three consecutive turns, checked against queued orders. */
static void test_P3_turn_at_most_once_in_three(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order t = mv(5, 0);
    t.turn = -1;
    tl_plot(g, 0, 0, t); /* turn 1: TP */
    t.turn = 1;
    assert_int_equal(tl_plot_try(g, 0, 1, t), JS_ERR_ILLEGAL); /* turn 2 */
    assert_int_equal(tl_plot_try(g, 0, 2, t), JS_ERR_ILLEGAL); /* turn 3: window 1..3 */
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 0)->facing, 6); /* TP from 1 -> 6 */
    tl_plot(g, 0, 2, t); /* turn 4: window 2..4 holds no turn */
    tl_run_to_plot(g, 3);
    /* turn 3: T+2 = turn 5 shares windows with turn 4's queued turn */
    assert_int_equal(tl_plot_try(g, 0, 2, t), JS_ERR_ILLEGAL);
    tl_run_to_plot(g, 5);
    assert_int_equal(tl_ship(g, 0)->facing, 1); /* TS at turn 4: 6 -> 1 */
    js_game_destroy(g);
    free(s);
}

static int launch_pods_game(js_game **out, js_scenario **sout)
{
    js_scenario *s = tl_scenario(12, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].pod_squadrons = 1;
    s->cards[sm].pods_per_squadron = 2;
    tl_unit_at(s, sm, JS_SIDE_A, 4, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 10, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 0);
    o.pods = 1;
    o.pod_dir[0] = 1, o.pod_dir[1] = 1, o.pod_dir[2] = 2;
    tl_plot(g, 0, 0, o);
    *out = g;
    *sout = s;
    return 0;
}

/* P-4: a pod group plots one direction a turn, three deep: its launch gives T..T+2, then T+2. */
static void test_P4_pod_group_plots_one_direction_T_plus_2(void **state)
{
    (void)state;
    js_game *g;
    js_scenario *s;
    launch_pods_game(&g, &s);
    tl_run_to_plot(g, 2); /* turn 1: launched at (4,10), second pod movement dir 1 -> (4,9) */
    int p = tl_pod_at(g, 4, 9);
    assert_true(p >= 0);
    js_cmd c = tl_cmd(JS_CMD_PLOT_POD, JS_SIDE_A);
    c.unit = (int16_t)p;
    c.slot = 0;
    c.dir = 3;
    tl_expect(g, &c, JS_ERR_ILLEGAL); /* only T+2 */
    c.slot = 2;
    c.dir = 7;
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    c.dir = 4; /* turn 4 */
    tl_ok(g, &c);
    /* the group moves in both pod movements of a turn (V-2), one hex each */
    tl_run_to_plot(g, 3); /* turn 2: dir 1 twice -> (4,8) -> (4,7) */
    assert_int_equal(tl_pod_at(g, 4, 7), p);
    tl_run_to_plot(g, 4); /* turn 3: dir 2 twice: NE of even col (4,7) is (5,6); of odd (5,6) is (6,6) */
    assert_int_equal(tl_pod_at(g, 6, 6), p);
    tl_run_to_plot(g, 5); /* turn 4: dir 4 (S) twice -> (6,7) -> (6,8) */
    assert_int_equal(tl_pod_at(g, 6, 8), p);
    js_game_destroy(g);
    free(s);
}

/* P-5: the other side never sees a plotted order (ships or pod groups) before it executes. */
static void test_P5_plots_secret_in_the_other_sides_view(void **state)
{
    (void)state;
    js_game *g;
    js_scenario *s;
    launch_pods_game(&g, &s);
    js_order o = mv(6, 2);
    o.turn = 1;
    tl_plot(g, 0, 1, o);
    js_view va, vb;
    js_view_build(g, JS_SIDE_A, &va);
    js_view_build(g, JS_SIDE_B, &vb);
    assert_int_equal(va.st.ships[0].plan[1].move, 2);
    assert_int_equal(va.st.ships[0].plan[0].pods, 1);
    js_order zero;
    memset(&zero, 0, sizeof zero);
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        assert_memory_equal(&vb.st.ships[0].plan[k], &zero, sizeof zero);
    tl_run_to_plot(g, 2);
    int p = tl_pod_at(g, 4, 9);
    js_cmd c = tl_cmd(JS_CMD_PLOT_POD, JS_SIDE_A);
    c.unit = (int16_t)p;
    c.slot = 2;
    c.dir = 5;
    tl_ok(g, &c);
    js_view_build(g, JS_SIDE_A, &va);
    js_view_build(g, JS_SIDE_B, &vb);
    assert_int_equal(va.st.pods[p].dir[2], 5);
    assert_int_equal(vb.st.pods[p].dir[0], 0);
    assert_int_equal(vb.st.pods[p].dir[1], 0);
    assert_int_equal(vb.st.pods[p].dir[2], 0);
    assert_int_equal(vb.st.ships[0].plan[0].move, 0);
    js_game_destroy(g);
    free(s);
}

/* P-6: a disabled ship's queue is frozen: plots are refused and queued moves do not execute. */
static void test_P6_disabled_ship_queue_frozen(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 6, 4); /* same hex: ship combat */
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4); /* keeps B plotting */
    static const int dice[] = {1, 1}; /* A's 2d10 = 2 disables B's ship (C-5) */
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 1, 1, mv(5, 3)); /* B's ship queues F3 for turn 2 */
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    tl_ship_attack(g, 0, 1);
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_plot_try(g, 1, 2, mv(5, 1)), JS_ERR_ILLEGAL);
    char reason[JS_REASON_LEN];
    assert_int_equal(js_check_order(js_game_state(g), 1, 2, &(js_order){.phase = 5}, reason, sizeof reason),
                     JS_ERR_ILLEGAL);
    assert_non_null(strstr(reason, "P-6"));
    tl_run_to_plot(g, 3);
    int c, r;
    tl_pos(g, 1, &c, &r);
    assert_int_equal(r, 6); /* F3 south never executed */
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_P1_new_unit_plots_three_turns_which_execute_in_order),
        cmocka_unit_test(test_P1_old_unit_plots_only_T_plus_2),
        cmocka_unit_test(test_P2_turn_move_and_phase_limits),
        cmocka_unit_test(test_P2_missile_launcher_and_stock_limits),
        cmocka_unit_test(test_P2_pod_launch_limits_and_directions),
        cmocka_unit_test(test_P2_guard_redistribution_places_all_pods),
        cmocka_unit_test(test_P3_turn_at_most_once_in_three),
        cmocka_unit_test(test_P4_pod_group_plots_one_direction_T_plus_2),
        cmocka_unit_test(test_P5_plots_secret_in_the_other_sides_view),
        cmocka_unit_test(test_P6_disabled_ship_queue_frozen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
