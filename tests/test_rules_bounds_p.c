/* Rule boundaries, sections P (plotting) and E (energy): every limit of RULES.md met exactly and
 * missed by one, for ships new on the map and for established ones. Expected outcomes come from
 * the rule text. The mutants these tests were checked against are listed in docs/testing.md. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order ph(int phase)
{
    return tl_order(phase);
}

/* A's small ship (move 3) at (2,8) in the given phase, B's far away. */
static js_game *one_ship(js_scenario **sout, int phase)
{
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].fwd_launchers = 1;
    s->cards[sm].aft_launchers = 1;
    s->cards[sm].missiles = 1;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    s->units[0].place[0].phase = (int8_t)phase;
    *sout = s;
    return tl_game(s, NULL, 0);
}

/* P-2, P-1: an established ship plots only T+2, and its phase there is checked against its
 * T+1 order (plan[1]), not its current phase nor its T order. Turn 1 (new): phases 6, 7, 8; in
 * turn 2 the ship is in phase 6, T is 7 and T+1 is 8: T+2 may be 7..9, not 6 or 10. */
static void test_P2_established_ship_phase_against_T_plus_1(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    tl_plot(g, 0, 0, ph(6));
    tl_plot(g, 0, 2, ph(6)); /* each step within 1 of both neighbours */
    tl_plot(g, 0, 1, ph(7));
    tl_plot(g, 0, 2, ph(8));
    tl_run_to_plot(g, 2);
    const js_ship *sh = tl_ship(g, 0);
    assert_int_equal(sh->fresh, 0);
    assert_int_equal(sh->phase, 6);
    assert_int_equal(sh->plan[0].phase, 7);
    assert_int_equal(sh->plan[1].phase, 8);
    assert_int_equal(tl_plot_try(g, 0, 2, ph(10)), JS_ERR_ILLEGAL); /* 8 -> 10 */
    assert_int_equal(tl_plot_try(g, 0, 2, ph(6)), JS_ERR_ILLEGAL);  /* 8 -> 6 */
    assert_int_equal(tl_plot_try(g, 0, 2, ph(9)), JS_OK);           /* 8 -> 9 */
    assert_int_equal(tl_plot_try(g, 0, 2, ph(7)), JS_OK);           /* 8 -> 7 */
    assert_int_equal(tl_plot_try(g, 0, 2, ph(8)), JS_OK);
    js_game_destroy(g);
    free(s);
}

/* P-2: a ship new on the map: slot 0 is checked against its current phase, even when the queued
 * T+1 would allow the change. Slots 2 and 1 set to 7 and 6 first (each within 1 of its
 * neighbours), then T from phase 5: 6 yes, 7 no (+2); the same downwards with 3 and 4. */
static void test_P2_new_ship_slot0_against_current_phase(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    tl_plot(g, 0, 1, ph(6));
    tl_plot(g, 0, 2, ph(7));
    assert_int_equal(tl_plot_try(g, 0, 0, ph(7)), JS_ERR_ILLEGAL); /* 5 -> 7 */
    assert_int_equal(tl_plot_try(g, 0, 0, ph(6)), JS_OK);
    js_game_destroy(g);
    g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 1, ph(4));
    tl_plot(g, 0, 2, ph(3));
    assert_int_equal(tl_plot_try(g, 0, 0, ph(3)), JS_ERR_ILLEGAL); /* 5 -> 3 */
    assert_int_equal(tl_plot_try(g, 0, 0, ph(4)), JS_OK);
    js_game_destroy(g);
    free(s);
}

/* P-2: a new ship's order must also stay within 1 of the next queued turn's phase: with T+2 at 7
 * (T+1 at 6), T+1 may not drop back to 5 (7 - 5 = 2), though 5 is within 1 of T; nor, with T+2
 * at 3 (T+1 at 4), rise back to 5. */
static void test_P2_new_ship_against_next_queued_phase(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    tl_plot(g, 0, 1, ph(6));
    tl_plot(g, 0, 2, ph(7));
    assert_int_equal(tl_plot_try(g, 0, 1, ph(5)), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 1, ph(6)), JS_OK);
    js_game_destroy(g);
    g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 1, ph(4));
    tl_plot(g, 0, 2, ph(3));
    assert_int_equal(tl_plot_try(g, 0, 1, ph(5)), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 1, ph(4)), JS_OK);
    js_game_destroy(g);
    free(s);
}

/* P-2: phases run 1 to 10: from phase 1 the ship may stay at 1 but not plot 0; from 10 it may
 * stay at 10 but not plot 11 (each within 1 of its neighbours, so only the range refuses). */
static void test_P2_phase_1_and_10_are_the_ends(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 1);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(0)), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(1)), JS_OK);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(2)), JS_OK);
    js_game_destroy(g);
    free(s);
    g = one_ship(&s, 10);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(11)), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(10)), JS_OK);
    assert_int_equal(tl_plot_try(g, 0, 0, ph(9)), JS_OK);
    js_game_destroy(g);
    free(s);
}

/* P-2: move 0..card move (3), ahead or astern. */
static void test_P2_move_0_to_card_move(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    for (int n = -1; n <= 4; n++) {
        js_order o = ph(5);
        o.move = (int8_t)n;
        assert_int_equal(tl_plot_try(g, 0, 0, o), n >= 0 && n <= 3 ? JS_OK : JS_ERR_ILLEGAL);
        o.astern = 1;
        assert_int_equal(tl_plot_try(g, 0, 0, o), n >= 0 && n <= 3 ? JS_OK : JS_ERR_ILLEGAL);
    }
    js_game_destroy(g);
    free(s);
}

/* P-2: forward and aft together may not exceed the missiles left: one launcher each way and one
 * missile: forward or aft alone yes, both no. */
static void test_P2_forward_plus_aft_within_missiles_left(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    js_order o = ph(5);
    o.msl_fwd = 1;
    o.msl_aft = 1;
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_ERR_ILLEGAL);
    o.msl_fwd = 0;
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_OK); /* aft alone; now none left for T+1 */
    o.msl_aft = 0;
    o.msl_fwd = 1;
    assert_int_equal(tl_plot_try(g, 0, 1, o), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 0, o), JS_OK); /* forward alone replaces the aft launch */
    js_game_destroy(g);
    free(s);
}

/* P-3: the check counts queued orders in later slots too: a turn queued for T+2 forbids one in
 * T and in T+1 (same three-turn window). */
static void test_P3_turn_queued_later_forbids_earlier(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = one_ship(&s, 5);
    js_order t = ph(5);
    t.turn = 1;
    tl_plot(g, 0, 2, t);
    assert_int_equal(tl_plot_try(g, 0, 0, t), JS_ERR_ILLEGAL);
    assert_int_equal(tl_plot_try(g, 0, 1, t), JS_ERR_ILLEGAL);
    tl_plot(g, 0, 2, ph(5)); /* take the T+2 turn back: T may turn */
    assert_int_equal(tl_plot_try(g, 0, 0, t), JS_OK);
    js_game_destroy(g);
    free(s);
}

/* P-1, P-2: an order is refused, with the rule named, for a ship that does not exist or is not
 * on the map, a slot past T+2, a move neither ahead nor astern. */
static void test_P2_order_refusals_name_the_problem(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    tl_unit_reserve(s, sm, JS_SIDE_A); /* ship 2, behind the screen */
    js_game *g = tl_game(s, NULL, 0);
    tl_ready_both(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->phase, JS_PHASE_PLOT);
    char why[JS_REASON_LEN];
    js_order o = ph(5);
    assert_int_equal(js_check_order(st, -1, 0, &o, why, sizeof why), JS_ERR_ILLEGAL);
    assert_int_equal(js_check_order(st, 3, 0, &o, why, sizeof why), JS_ERR_ILLEGAL);
    assert_int_equal(js_check_order(st, 2, 0, &o, why, sizeof why), JS_ERR_ILLEGAL);
    assert_non_null(strstr(why, "not on the map"));
    assert_int_equal(js_check_order(st, 0, 3, &o, why, sizeof why), JS_ERR_ILLEGAL);
    assert_non_null(strstr(why, "T+2"));
    assert_int_equal(js_check_order(st, 0, -1, &o, why, sizeof why), JS_ERR_ILLEGAL);
    o.move = 1;
    o.astern = 2;
    assert_int_equal(js_check_order(st, 0, 0, &o, why, sizeof why), JS_ERR_ILLEGAL);
    assert_non_null(strstr(why, "astern"));
    o.astern = 1;
    assert_int_equal(js_check_order(st, 0, 0, &o, why, sizeof why), JS_OK);
    /* the queries the plotting screen uses have nothing to say about such ships either */
    js_ship_place at[JS_PLAN_DEPTH];
    assert_int_equal(js_project_plan(st, 2, at, NULL), 0);
    assert_null(js_ship_card(st, -1));
    assert_null(js_ship_card(st, 3));
    js_view *v = malloc(sizeof *v);
    js_view_build(g, JS_SIDE_B, v); /* A's reserve card is hidden from B */
    js_hex fp[7];
    assert_int_equal(js_ship_footprint(&v->st, 2, fp), 0);
    assert_int_equal(js_ship_footprint(&v->st, 0, fp), 1);
    free(v);
    js_game_destroy(g);
    free(s);
}

/* ---------------------------------------------------------------- E */

/* E-2, E-3: the projection the plotting screen shows counts a pending launch's cost in this
 * turn: 25 - 7 = 18, then + 10 a turn (no moves plotted). */
static void test_E3_projection_counts_pending_launch(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    s->cards[sm].launch_cost = 7;
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    int r = tl_unit_reserve(s, sm, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)r;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    tl_ok(g, &c);
    int out[3];
    js_projected_energy(js_game_state(g), JS_SIDE_A, out, NULL);
    assert_int_equal(out[0], 18);
    assert_int_equal(out[1], 28);
    assert_int_equal(out[2], 38);
    js_game_destroy(g);
    free(s);
}

/* A small card with an activation cost, one aft launcher and missile, one one-pod squadron. */
static int costly_card(js_scenario *s, const char *name, int cost)
{
    int c = tl_card(s, name, JS_SIZE_SMALL, 1, 3);
    s->cards[c].activation_cost = (int16_t)cost;
    s->cards[c].aft_launchers = 1;
    s->cards[c].missiles = 1;
    s->cards[c].pod_squadrons = 1;
    s->cards[c].pods_per_squadron = 1;
    return c;
}

/* E-3: a card activates when its energy is exactly its activation cost (and is left with 0);
 * one energy short, its move and launches are cancelled. Both sides have 25 in turn 1. */
static void test_E3_activation_with_energy_equal_to_cost(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int ca = costly_card(s, "a", 25), cb = costly_card(s, "b", 26);
    tl_unit_at(s, ca, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, cb, JS_SIDE_B, 9, 3, 4);
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->energy[JS_SIDE_A], 25);
    assert_int_equal(st->energy[JS_SIDE_B], 25);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .move = 1});
    js_order o = {.phase = 5, .move = 1, .pods = 1, .pod_dir = {4, 4, 4}};
    tl_plot(g, 1, 0, o);
    tl_run_to_plot(g, 2);
    /* turn 2's income on top: A 25 - 25 + 10; B paid nothing (25 < 26): 25 + 10 */
    assert_int_equal(st->energy[JS_SIDE_A], 10);
    assert_int_equal(st->energy[JS_SIDE_B], 35);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 9); /* moved */
    tl_pos(g, 1, &c, &r);
    assert_int_equal(r, 3); /* move cancelled */
    assert_int_equal(tl_pods_alive(g), 0); /* pod launch cancelled */
    assert_int_equal(st->ships[1].pod_squadrons, 1);
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_non_null(e);
    assert_int_equal(e->side, JS_SIDE_B);
    js_game_destroy(g);
    free(s);
}

/* E-3: a launch alone (aft missiles, or pods) activates the card; a turn or phase change alone
 * does not. A: card 0 launches aft, card 1 launches pods, card 2 only turns and shifts phase. */
static void test_E3_launch_alone_activates_turn_alone_does_not(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int ca = costly_card(s, "a", 5);
    tl_unit_at(s, ca, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, ca, JS_SIDE_A, 6, 10, 1);
    tl_unit_at(s, ca, JS_SIDE_A, 10, 10, 1);
    tl_unit_at(s, ca, JS_SIDE_B, 9, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_aft = 1});
    tl_plot(g, 1, 0, (js_order){.phase = 5, .pods = 1, .pod_dir = {1, 1, 1}});
    tl_plot(g, 2, 0, (js_order){.phase = 6, .turn = 1});
    tl_run_until(g, JS_WAIT_POD_MOVE); /* the second pod movement: launches done */
    const js_state *st = js_game_state(g);
    assert_int_equal(st->phase, JS_PHASE_POD2);
    assert_int_equal(st->energy[JS_SIDE_A], 15); /* 25 - 5 - 5 */
    assert_int_equal(st->energy[JS_SIDE_B], 25);
    assert_int_equal(tl_ship(g, 0)->missiles, 0);
    assert_int_equal(tl_ship(g, 1)->pod_squadrons, 0);
    assert_int_equal(tl_ship(g, 2)->facing, 2);
    assert_int_equal(tl_ship(g, 2)->phase, 6);
    js_game_destroy(g);
    free(s);
}

/* E-2: a launch costing exactly the energy left is allowed (leaving 0); one energy more is not. */
static void test_E2_launch_cost_equal_to_energy(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int cheap = tl_card(s, "exact", JS_SIZE_SMALL, 1, 2);
    s->cards[cheap].launch_cost = 25;
    int dear = tl_card(s, "dear", JS_SIZE_SMALL, 1, 2);
    s->cards[dear].launch_cost = 26;
    tl_unit_at(s, cheap, JS_SIDE_B, 8, 1, 4);
    int r_dear = tl_unit_reserve(s, dear, JS_SIDE_A);
    int r_exact = tl_unit_reserve(s, cheap, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    c.unit = (int16_t)r_dear;
    tl_expect(g, &c, JS_ERR_ILLEGAL); /* 26 > 25 */
    c.unit = (int16_t)r_exact;
    tl_ok(g, &c); /* 25 of 25 */
    tl_ready_both(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[r_exact].where, JS_AT_MAP);
    assert_int_equal(st->energy[JS_SIDE_A], 0);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_P2_established_ship_phase_against_T_plus_1),
        cmocka_unit_test(test_P2_new_ship_slot0_against_current_phase),
        cmocka_unit_test(test_P2_new_ship_against_next_queued_phase),
        cmocka_unit_test(test_P2_phase_1_and_10_are_the_ends),
        cmocka_unit_test(test_P2_move_0_to_card_move),
        cmocka_unit_test(test_P2_forward_plus_aft_within_missiles_left),
        cmocka_unit_test(test_P3_turn_queued_later_forbids_earlier),
        cmocka_unit_test(test_P2_order_refusals_name_the_problem),
        cmocka_unit_test(test_E3_projection_counts_pending_launch),
        cmocka_unit_test(test_E2_launch_cost_equal_to_energy),
        cmocka_unit_test(test_E3_activation_with_energy_equal_to_cost),
        cmocka_unit_test(test_E3_launch_alone_activates_turn_alone_does_not),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
