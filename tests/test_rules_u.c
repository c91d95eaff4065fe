/* Rule tests, section U (units and ship cards). */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

/* U-1: a card holds one ship or a squadron; its fields become the ships' starting values. */
static void test_U1_card_fields_make_the_ships(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int sq = tl_card(s, "squadron", JS_SIZE_SMALL, 3, 4);
    s->cards[sq].missiles = 2;
    s->cards[sq].pod_squadrons = 1;
    s->cards[sq].tr = 2;
    s->cards[sq].shields = 1;
    tl_unit_at(s, sq, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, tl_card(s, "b", JS_SIZE_SMALL, 1, 1), JS_SIDE_B, 10, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[0].nships, 3);
    assert_int_equal(st->nships, 4);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(st->ships[k].unit, 0);
        assert_int_equal(st->ships[k].missiles, 2);
        assert_int_equal(st->ships[k].pod_squadrons, 1);
        assert_int_equal(st->ships[k].tr, 2);
        assert_ptr_equal(js_ship_card(st, k), &st->scn.cards[sq]);
    }
    assert_int_equal(st->ships[3].unit, 1);
    js_game_destroy(g);
    free(s);
}

/* U-2: each ship has a facing, a phase, shield pegs, hull damage, a state, its guard pods split
 * over six sides (engine: spread bow, stern, 2, 5, 3, 6, ...) and its plot queue. */
static void test_U2_ship_state(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int c = tl_card(s, "ship", JS_SIZE_MEDIUM, 1, 4);
    s->cards[c].shields = 3;
    s->cards[c].guard_pods = 3;
    tl_unit_at(s, c, JS_SIDE_A, 4, 6, 2);
    s->units[0].place[0].phase = 7;
    tl_unit_at(s, c, JS_SIDE_B, 9, 2, 4);
    js_game *g = tl_game(s, NULL, 0);
    const js_ship *sh = tl_ship(g, 0);
    assert_int_equal(sh->facing, 2);
    assert_int_equal(sh->phase, 7);
    assert_int_equal(sh->shields, 3);
    assert_int_equal(sh->hull_damage, 0);
    assert_int_equal(sh->state, JS_SHIP_ACTIVE);
    static const int8_t guard[6] = {1, 1, 0, 1, 0, 0}; /* bow, side 2, stern */
    assert_memory_equal(sh->guard, guard, 6);
    for (int k = 0; k < JS_PLAN_DEPTH; k++) {
        assert_int_equal(sh->plan[k].phase, 7); /* default queue: hold phase, no move */
        assert_int_equal(sh->plan[k].move, 0);
    }
    js_game_destroy(g);
    free(s);
}

/* U-3: a pod group's phase is always its controller's phase; pod defense is 0. */
static void test_U3_pod_group_phase_follows_controller(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    int tg = tl_card(s, "t", JS_SIZE_SMALL, 1, 3);
    s->cards[tg].hull = 3;
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);
    /* the carrier shifts to phase 6 this turn, the target stays 5: |6 - 5| = 1; Defense 0,
     * range 1, TR 0: total d10 + 1; d10 = 5 -> 6: no effect (phase 5 would give 5: disabled) */
    static const int dice[] = {5};
    js_game *g = tl_game(s, dice, 1);
    js_order o = tl_order(6);
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 1;
    tl_plot(g, 0, 0, o);
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 0);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* U-4: a missile exists from its launch to the end of that turn's missile combat. */
static void test_U4_missile_lifetime(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 3);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 2;
    s->cards[sh].pod_squadrons = 1;
    s->cards[sh].pods_per_squadron = 1;
    tl_unit_at(s, sh, JS_SIDE_A, 2, 12, 1);
    tl_unit_at(s, sh, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = tl_order(5);
    o.msl_fwd = 1;
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 3;
    tl_plot(g, 0, 0, o);
    assert_int_equal(tl_missiles_alive(g), 0);
    tl_run_until(g, JS_WAIT_POD_MOVE); /* second pod movement: launched, not yet flown */
    assert_int_equal(tl_missiles_alive(g), 1);
    tl_pod_move(g, 0, 1);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 2, 12));
    assert_int_equal(tl_missiles_alive(g), 0);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_U1_card_fields_make_the_ships),
        cmocka_unit_test(test_U2_ship_state),
        cmocka_unit_test(test_U3_pod_group_phase_follows_controller),
        cmocka_unit_test(test_U4_missile_lifetime),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
