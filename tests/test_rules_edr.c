/* Rule tests, sections E (energy), D (damage and states) and R (resolution).
 * Dice are scripted; expected values are worked out from RULES.md in the comments. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order mv(int phase, int move)
{
    js_order o = tl_order(phase);
    o.move = (int8_t)move;
    return o;
}

static js_order launch_pods(int d0, int d1, int d2)
{
    js_order o = tl_order(5);
    o.pods = 1;
    o.pod_dir[0] = (int8_t)d0, o.pod_dir[1] = (int8_t)d1, o.pod_dir[2] = (int8_t)d2;
    return o;
}

/* E-1: start energy, income at the start of every Command phase (turn 1's included), capped at
 * the maximum, never below 0. */
static void test_E1_income_cap_and_floor(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    s->sides[JS_SIDE_B].energy_income = -20;
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->energy[JS_SIDE_A], 25); /* 15 + 10 */
    assert_int_equal(st->energy[JS_SIDE_B], 0);  /* 15 - 20, never below 0 */
    tl_run_to_plot(g, 2);
    assert_int_equal(st->energy[JS_SIDE_A], 35);
    tl_run_to_plot(g, 3);
    assert_int_equal(st->energy[JS_SIDE_A], 40); /* 45 capped at 40 */
    assert_int_equal(st->energy[JS_SIDE_B], 0);
    const js_event *e = tl_last_event(g, JS_EV_ENERGY);
    assert_non_null(e);
    js_game_destroy(g);
    free(s);
}

/* E-2: launching costs the card's launch cost (engine: deducted when both sides have committed
 * and the launch is revealed); launches beyond the energy left are refused. */
static void test_E2_launch_cost(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    s->cards[sm].launch_cost = 7;
    int big = tl_card(s, "dear", JS_SIZE_SMALL, 1, 2);
    s->cards[big].launch_cost = 20;
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    tl_unit_reserve(s, big, JS_SIDE_B); /* B has a reserve too, so it decides in the command phase */
    int r1 = tl_unit_reserve(s, sm, JS_SIDE_A);
    int r2 = tl_unit_reserve(s, big, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)r1;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    tl_ok(g, &c);
    c.unit = (int16_t)r2;
    c.place[0].hex = tl_hex(4, 9);
    tl_expect(g, &c, JS_ERR_ILLEGAL); /* 7 + 20 > 25 */
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(js_game_state(g)->energy[JS_SIDE_A], 25); /* not yet revealed */
    tl_ready_both(g);
    assert_int_equal(js_game_state(g)->energy[JS_SIDE_A], 18); /* 25 - 7 */
    assert_int_equal(js_game_state(g)->units[r1].where, JS_AT_MAP);
    assert_int_equal(js_game_state(g)->units[r2].where, JS_AT_RESERVE);
    js_game_destroy(g);
    free(s);
}

/* E-3: activation cost once per card per turn, cards in ascending id order; a card that cannot
 * pay executes only turn, phase and guard orders. */
static void test_E3_activation_once_per_card_in_id_order(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int sq = tl_card(s, "squadron", JS_SIZE_SMALL, 2, 3);
    s->cards[sq].activation_cost = 20;
    int lone = tl_card(s, "lone", JS_SIZE_SMALL, 1, 3);
    s->cards[lone].activation_cost = 10;
    s->cards[lone].fwd_launchers = 1;
    s->cards[lone].missiles = 1;
    tl_unit_at(s, sq, JS_SIDE_A, 2, 10, 1);   /* card 0: ships 0, 1 at (2,10), (4,10) */
    tl_unit_at(s, lone, JS_SIDE_A, 8, 10, 1); /* card 1: ship 2 */
    tl_unit_at(s, lone, JS_SIDE_B, 11, 0, 4); /* card 2: ship 3, does nothing: pays nothing */
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, mv(5, 1));
    tl_plot(g, 1, 0, mv(5, 2));
    js_order o = mv(6, 2);
    o.turn = 1;
    o.msl_fwd = 1;
    tl_plot(g, 2, 0, o);
    tl_run_to_plot(g, 2);
    const js_state *st = js_game_state(g);
    /* 25: card 0 pays 20 once for both ships (5 left); card 1 cannot pay 10; then turn 2's
     * income: 5 + 10 and 25 + 10 */
    assert_int_equal(st->energy[JS_SIDE_A], 15);
    assert_int_equal(st->energy[JS_SIDE_B], 35);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 9);
    tl_pos(g, 1, &c, &r);
    assert_int_equal(r, 8);
    tl_pos(g, 2, &c, &r);
    assert_int_equal(r, 10);           /* move cancelled */
    assert_int_equal(st->ships[2].facing, 2); /* turn executed */
    assert_int_equal(st->ships[2].phase, 6);  /* phase executed */
    assert_int_equal(st->ships[2].missiles, 1); /* launch cancelled */
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_non_null(e);
    assert_int_equal(e->b, 1); /* card 1 */
    js_game_destroy(g);
    free(s);
}

/* E-3: the projection the plotting screen shows: this turn's activations, then income and the
 * plotted activations of T+1 and T+2. */
static void test_E3_projected_energy(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].activation_cost = 4;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 11, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, mv(5, 1));
    tl_plot(g, 0, 2, mv(5, 1));
    int out[3];
    js_projected_energy(js_game_state(g), JS_SIDE_A, out, NULL);
    assert_int_equal(out[0], 21); /* 25 - 4 */
    assert_int_equal(out[1], 31); /* + 10, no move in T+1 */
    assert_int_equal(out[2], 36); /* 31 + 10 = 41, capped at 40, - 4 */
    js_game_destroy(g);
    free(s);
}

/* D-1: direct damage removes shield pegs first, the rest goes on the hull; hull damage reaching
 * the hull value destroys. */
static void test_D1_shields_then_hull(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 14);
    int mover = tl_card(s, "mover", JS_SIZE_SMALL, 1, 3);
    s->cards[mover].shields = 2;
    s->cards[mover].hull = 4;
    int frail = tl_card(s, "frail", JS_SIZE_SMALL, 1, 3);
    s->cards[frail].hull = 2;
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 1);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 1);
    tl_unit_at(s, mover, JS_SIDE_A, 2, 10, 1); /* F1 to (2,9): next to the large ship's (2,8) */
    tl_unit_at(s, big, JS_SIDE_B, 2, 7, 1);
    tl_unit_at(s, frail, JS_SIDE_A, 10, 10, 1); /* F1 to (10,9): next to the medium's stern (10,8) */
    tl_unit_at(s, med, JS_SIDE_B, 10, 7, 1);
    /* mover: large ECM, d8 = 5: 3 damage = 2 shields + 1 hull. frail: medium ECM, d8 = 8:
     * 2 damage, no shields: hull 2 of 2, destroyed */
    static const int dice[] = {5, 8};
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, mv(5, 1));
    tl_plot(g, 2, 0, mv(5, 1));
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 0)->shields, 0);
    assert_int_equal(tl_ship(g, 0)->hull_damage, 1);
    assert_int_equal(tl_ship(g, 0)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_ship(g, 2)->hull_damage, 2);
    assert_int_equal(tl_ship(g, 2)->state, JS_SHIP_DESTROYED);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* D-2: a disabled ship makes no ship attacks, keeps its pod groups (they count against its TR
 * and still attack), can still be attacked; disabling it again changes nothing. The position
 * (Z-36) starts where a turn of play used to lead: the carrier disabled, its group of two pods
 * moved into ship 1's hex. */
static void test_D2_disabled_ship(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 2;
    s->cards[car].tr = 2;
    s->cards[car].hull = 3;
    int tg = tl_card(s, "t", JS_SIZE_SMALL, 1, 3);
    s->cards[tg].hull = 3;
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1); /* 0 */
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);  /* 1: the group is in here */
    tl_unit_at(s, tg, JS_SIDE_B, 4, 9, 1);  /* 2: shares the carrier's hex */
    js_ship_setup *e = tl_ship_state(s, 0, 0);
    e->set = JS_SET_STATE | JS_SET_PODS;
    e->state = JS_SHIP_DISABLED;
    e->pod_squadrons = 0;
    tl_pod_setup(s, 0, 4, 8, 2, 1, 1);
    static const int dice[] = {
        9,    /* one pod on ship 1: d10 9 + 0 phase + 0 Defense + min(0, TR 1) - 1 = 8: none */
        1, 1, /* ship 2 attacks the disabled carrier again: no change */
        5, 5, /* ship 1 against the group: nothing */
    };
    js_game *g = tl_game(s, dice, 5);
    assert_int_equal(tl_ship(g, 0)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_ship(g, 0)->tr, 1); /* 2 - 1 group, disabled or not */
    assert_int_equal(js_game_state(g)->pods[0].alive, 1);
    for (int k = 0; k < 2; k++) { /* the group holds in both pod movements */
        tl_run_until(g, JS_WAIT_POD_MOVE);
        tl_pod_move(g, 0, 1);
    }
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    tl_pod_attack(g, 0, 1, 0, 1); /* a disabled ship's group still attacks */
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_B)); /* A's only ship there is disabled */
    js_cmd c = tl_cmd(JS_CMD_SHIP_ATTACK, JS_SIDE_A);
    c.unit = 0;
    c.target = 2;
    assert_int_not_equal(js_check(g, &c, NULL, 0), JS_OK);
    int before = tl_count_events(g, JS_EV_NO_EFFECT);
    tl_ship_attack(g, 2, 0);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(tl_ship(g, 0)->state, JS_SHIP_DISABLED);
    assert_true(tl_count_events(g, JS_EV_NO_EFFECT) > before);
    assert_int_equal(tl_count_events(g, JS_EV_DISABLED), 0); /* disabled by the position, not again */
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* D-3: a destroyed ship is removed with every pod group it controls. */
static void test_D3_destroyed_ship_removed_with_pod_groups(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[car].pod_squadrons = 2;
    s->cards[car].pods_per_squadron = 2;
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 3);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 1;
    tl_unit_at(s, car, JS_SIDE_B, 4, 6, 4);
    tl_unit_at(s, sh, JS_SIDE_A, 4, 10, 1); /* missile north: (4,9) .. (4,6): 4 hexes */
    tl_unit_at(s, sh, JS_SIDE_B, 9, 1, 1);  /* B's missile, resolved after A's, flies off the map */
    static const int dice[] = {1}; /* d10 = 1: destroyed */
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 2, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_plot(g, 0, 0, launch_pods(1, 1, 1)); /* the group goes north, out of the missile's way */
    tl_plot(g, 1, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 0); /* (4,5) */
    tl_run_until(g, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 4, 10));
    assert_int_equal(tl_ship(g, 0)->state, JS_SHIP_DESTROYED);
    assert_int_equal(js_game_state(g)->pods[0].alive, 1); /* until resolution */
    tl_run_to_plot(g, 2);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->pods[0].alive, 0);
    assert_int_equal(st->ships[0].on_map, 0);
    assert_int_equal(st->units[0].where, JS_AT_GONE);
    js_game_destroy(g);
    free(s);
}

/* TR = card TR - pod groups controlled, never below 0, updated in resolution. */
static void test_R1_tactical_rating(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[car].pod_squadrons = 3;
    s->cards[car].pods_per_squadron = 1;
    s->cards[car].tr = 1;
    tl_unit_at(s, car, JS_SIDE_A, 4, 12, 1);
    tl_unit_at(s, car, JS_SIDE_B, 9, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, launch_pods(1, 1, 1));
    tl_plot(g, 0, 1, launch_pods(1, 1, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    assert_int_equal(tl_ship(g, 0)->tr, 1); /* not before resolution */
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 0)->tr, 0); /* 1 - 1 */
    /* the log writer's sentence says why, in words: the card's TR less one per pod group */
    const js_event *why = NULL;
    for (int i = 0; i < js_log_count(g); i++)
        if (js_log_at(g, i)->type == JS_EV_TR && js_log_at(g, i)->a == 0)
            why = js_log_at(g, i);
    assert_non_null(why);
    assert_non_null(strstr(why->text, "tactical rating 0, was 1 (its card's 1, less one for each pod group it controls: 1)"));
    tl_run_to_plot(g, 3);
    assert_int_equal(tl_pods_alive(g), 2);
    assert_int_equal(tl_ship(g, 0)->tr, 0); /* 1 - 2, not below 0 */
    js_game_destroy(g);
    free(s);
}

/* destroyed ships go in resolution, and victory is checked there (their points scored). */
static void test_R2_resolution_removes_and_scores(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 3);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 1;
    s->cards[sh].points = 6;
    tl_unit_at(s, sh, JS_SIDE_A, 4, 10, 1);
    tl_unit_at(s, sh, JS_SIDE_B, 4, 7, 4);
    tl_unit_at(s, sh, JS_SIDE_B, 8, 2, 1); /* its missile, resolved after A's, leaves the map */
    static const int dice[] = {2}; /* d10 = 2: destroyed */
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 2, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_until(g, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 4, 10));
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    assert_int_equal(tl_ship(g, 1)->on_map, 1);
    assert_int_equal(js_game_state(g)->points[JS_SIDE_A], 0);
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 1)->on_map, 0);
    assert_int_equal(js_game_state(g)->points[JS_SIDE_A], 6);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_E1_income_cap_and_floor),
        cmocka_unit_test(test_E2_launch_cost),
        cmocka_unit_test(test_E3_activation_once_per_card_in_id_order),
        cmocka_unit_test(test_E3_projected_energy),
        cmocka_unit_test(test_D1_shields_then_hull),
        cmocka_unit_test(test_D2_disabled_ship),
        cmocka_unit_test(test_D3_destroyed_ship_removed_with_pod_groups),
        cmocka_unit_test(test_R1_tactical_rating),
        cmocka_unit_test(test_R2_resolution_removes_and_scores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
