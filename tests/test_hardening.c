/* test_hardening.c — engine defects found from outside (issue 11): each test reproduces one of
 * /work/shared/repro's programs or a silent limit, and fails on the engine before its fix. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

/* ---- S-1: support purchases are checked against the state both sides' purchases make */

static js_scenario *support_scenario(int reserve_cards, int offers_per_side)
{
    js_scenario *s = tl_scenario(40, 40);
    int sq = tl_card(s, "sq", JS_SIZE_SMALL, 8, 2);
    s->cards[sq].points = 1;
    for (int i = 0; i < reserve_cards; i++)
        tl_unit_reserve(s, sq, i & 1);
    s->support_points[0] = s->support_points[1] = 100;
    for (int i = 0; i < 2 * offers_per_side; i++)
        s->support[s->nsupport++] = (js_support_offer){(int16_t)sq, (int8_t)(i / offers_per_side), 0};
    return s;
}

static void buy_all(js_game *g, int side, int first, int n)
{
    js_cmd c = tl_cmd(JS_CMD_BUY, side);
    c.ncargo = (int8_t)n;
    for (int i = 0; i < n; i++)
        c.cargo[i] = (int16_t)(first + i);
    tl_ok(g, &c);
    tl_ready(g, side);
}

/* 240 ships and 160 on offer: buying everything would overflow the ship array, so the scenario is
 * refused when the game is made, with the numbers (before: both purchases were accepted, 400 ships
 * were written into room for 320 and phantom pod groups appeared). */
static void test_S1_support_overflow_refused(void **state)
{
    (void)state;
    js_scenario *s = support_scenario(30, 10);
    char reason[JS_REASON_LEN] = "";
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 1};
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    assert_null(g);
    assert_non_null(strstr(reason, "S-1"));
    assert_non_null(strstr(reason, "320"));
    free(s);
}

/* Exactly at the limit: 240 + 80 on offer = 320 ships; both sides buy everything and the game
 * holds exactly 320 ships and no pod group. */
static void test_S1_support_at_limit_accepted(void **state)
{
    (void)state;
    js_scenario *s = support_scenario(30, 5);
    js_game *g = tl_game(s, NULL, 0);
    assert_non_null(g);
    buy_all(g, JS_SIDE_A, 0, 5);
    buy_all(g, JS_SIDE_B, 5, 5);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nships, JS_MAX_SHIPS);
    assert_int_equal(st->nunits, 40);
    assert_int_equal(tl_pods_alive(g), 0);
    js_game_destroy(g);
    free(s);
}

/* ---- manual dice for a command needing more than 32 dice */

static js_game *forty_pod_attack(const js_scenario *s)
{
    js_game *g = tl_game_dice(s, JS_DICE_MANUAL, 0, NULL, 0);
    js_order o = tl_order(5);
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 1;
    tl_plot(g, 0, 0, o);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    tl_pod_move(g, 0, 0); /* into the target's hex */
    js_cmd at = tl_cmd(JS_CMD_POD_ATTACK, JS_SIDE_A);
    at.unit = 0;
    at.target = 1;
    at.count = 40;
    tl_expect(g, &at, JS_ERR_NEED_DIE);
    return g;
}

static js_scenario *carrier_scenario(void)
{
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 40;
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 4);
    return s;
}

static void enter_dice(js_game *g, int n, int value, int last)
{
    for (int i = 0; i < n; i++) {
        js_wait w = js_wait_get(g);
        assert_int_equal(w.kind, JS_WAIT_DIE);
        js_cmd d = tl_cmd(JS_CMD_DIE, JS_SIDE_A);
        d.value = (int8_t)(i == n - 1 ? last : value);
        tl_ok(g, &d);
    }
}

/* C-3 with 40 pods: Defense 0, TR 0, same phase, so each total is the d10 itself: 1-5 disables.
 * Thirty-nine 9s and a 3 as the fortieth die disable the target; forty 9s do nothing. The fortieth
 * die counts, and the game moves on after exactly 40 (before: dice past the 32nd were dropped and
 * the game waited for ever). */
static void test_X1_manual_dice_past_32(void **state)
{
    (void)state;
    js_scenario *s = carrier_scenario();
    js_game *g = forty_pod_attack(s);
    enter_dice(g, 40, 9, 3);
    assert_int_not_equal(js_wait_get(g).kind, JS_WAIT_DIE);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    js_game_destroy(g);

    g = forty_pod_attack(s);
    enter_dice(g, 40, 9, 9);
    assert_int_not_equal(js_wait_get(g).kind, JS_WAIT_DIE);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

/* The dice a parked command has been given are part of the game: two games that differ only in
 * an entered die have different digests (a record's hash check would miss it otherwise). */
static void test_X1_parked_dice_in_hash(void **state)
{
    (void)state;
    js_scenario *s = carrier_scenario();
    js_game *a = forty_pod_attack(s), *b = forty_pod_attack(s);
    assert_int_equal(js_game_hash(a), js_game_hash(b));
    enter_dice(a, 1, 9, 9);
    enter_dice(b, 1, 8, 8);
    assert_int_not_equal(js_game_hash(a), js_game_hash(b));
    js_game_destroy(a);
    js_game_destroy(b);
    free(s);
}

/* ---- T, W-2: a game always waits on a side or is over */

/* Both ships disabled in ship combat of turn 1 of 20 (2d10 = 1+1 each): nobody has a decision
 * left, and the turns run out to the end of the game (before: the turn advance gave up after 64
 * steps, in turn 9, and every Ready was refused). */
static void test_T_no_decisions_left_runs_to_the_end(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].hull = 3;
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 6, 4);
    int dice[] = {1, 1, 1, 1};
    js_game *g = tl_game(s, dice, 4);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SHIP_ATTACK);
    tl_ship_attack(g, 0, 1);
    tl_ship_attack(g, 1, 0);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->ships[0].state, JS_SHIP_DISABLED);
    assert_int_equal(st->ships[1].state, JS_SHIP_DISABLED);
    assert_int_equal(st->phase, JS_PHASE_OVER);
    assert_int_equal(st->turn, 20);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_NONE);
    assert_int_equal(st->winner, -1); /* W-1: each scores half a share of 0 points */
    js_game_destroy(g);
    free(s);
}

/* ---- V-4: ECM only for newly adjacent pairs, however many pairs there are */

/* 40 ships of A stacked in one hex move one hex along 64 stacked ships of B that were adjacent
 * before and after the step: 2,560 (mover, enemy) pairs, none new, so no ECM die is rolled
 * (before: past 2,048 pairs the rest took fresh ECM rolls). */
static void test_V4_many_adjacent_pairs_no_fresh_ecm(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int sq = tl_card(s, "sq", JS_SIZE_SMALL, 8, 2);
    js_hex z = tl_hex(5, 5), x = js_hex_neighbor(z, 4); /* x: south of z */
    int zc, zr, xc, xr;
    js_hex_to_offset(z, &zc, &zr);
    js_hex_to_offset(x, &xc, &xr);
    int a_at[8][3], b_at[8][3];
    for (int k = 0; k < 8; k++) {
        a_at[k][0] = xc, a_at[k][1] = xr, a_at[k][2] = 2; /* facing NE: the next hex is SE of z */
        b_at[k][0] = zc, b_at[k][1] = zr, b_at[k][2] = 4;
    }
    for (int u = 0; u < 5; u++)
        tl_unit_places(s, sq, JS_SIDE_A, 8, (const int(*)[3])a_at);
    for (int u = 0; u < 8; u++)
        tl_unit_places(s, sq, JS_SIDE_B, 8, (const int(*)[3])b_at);
    js_game *g = tl_game(s, NULL, 0); /* nothing to launch: straight to plotting */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    js_order o = tl_order(5);
    o.move = 1;
    for (int i = 0; i < 40; i++)
        tl_plot(g, i, 0, o);
    int from = js_log_count(g);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    js_hex y = js_hex_neighbor(z, 3);
    for (int i = 0; i < 40; i++)
        assert_true(js_hex_eq(tl_ship(g, i)->pos, y));
    assert_int_equal(tl_find_event(g, JS_EV_ROLL, from), -1);
    js_game_destroy(g);
    free(s);
}

/* ---- the event log never loses an event silently */

static js_game *duel(js_scenario **out)
{
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 12, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 7, 1, 4);
    *out = s;
    return tl_game(s, NULL, 0);
}

/* A full log refuses the next command before it changes anything. */
static void test_log_full_refuses_before_change(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = duel(&s);
    uint64_t h = js_game_hash(g);
    int n = js_log_count(g);
    js_game_set_log_limit(g, n);
    js_cmd r = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    char reason[JS_REASON_LEN] = "";
    assert_int_equal(js_submit(g, &r, reason, sizeof reason), JS_ERR_NOMEM);
    assert_non_null(strstr(reason, "nothing changed"));
    assert_int_equal(js_game_hash(g), h);
    assert_int_equal(js_log_count(g), n);
    assert_null(js_game_error(g));
    js_game_set_log_limit(g, 0); /* room again: the same command goes through */
    tl_ok(g, &r);
    js_game_destroy(g);
    free(s);
}

/* A log that fills part way through a command stops the game loudly: the command says why, the
 * game waits on nobody and refuses everything after (before: the events were dropped and the
 * game went on with a log that no longer told what happened). */
static void test_log_fills_mid_command_stops_the_game(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = duel(&s);
    tl_ready(g, JS_SIDE_A);
    js_game_set_log_limit(g, js_log_count(g) + 1); /* B's ready fits; the plotting phase's does not */
    js_cmd r = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    char reason[JS_REASON_LEN] = "";
    assert_int_equal(js_submit(g, &r, reason, sizeof reason), JS_ERR_LIMIT);
    assert_non_null(strstr(reason, "event log is full"));
    assert_non_null(js_game_error(g));
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_NONE);
    assert_non_null(strstr(w.what, "stopped"));
    js_cmd p = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    assert_int_equal(js_check(g, &p, reason, sizeof reason), JS_ERR_LIMIT);
    js_game_destroy(g);
    free(s);
}

/* ---- E-3: the projection pays card by card, as the movement phase does */

/* Energy 3 each turn (start 0, income 3); two cards activating at 2 each in every plotted turn.
 * T: the first pays (1 left), the second cannot: 1, one cancelled. T+1: 1 + 3 = 4 pays both: 0.
 * T+2: 0 + 3 pays one: 1, one cancelled. The movement phase then agrees with T (before: the
 * projection went to -1, -2, -3, energies no side can have). */
static void test_E3_projection_pays_card_by_card(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    s->sides[0].energy_start = 0;
    s->sides[0].energy_income = 3;
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].activation_cost = 2;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 6, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 11, 0, 4);
    js_game *g = tl_game(s, NULL, 0); /* nothing to launch: straight to plotting */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    js_order o = tl_order(5);
    o.move = 1;
    for (int ship = 0; ship < 2; ship++)
        for (int slot = 0; slot < 3; slot++)
            tl_plot(g, ship, slot, o);
    int out[3], cancelled[3];
    js_projected_energy(js_game_state(g), JS_SIDE_A, out, cancelled);
    assert_int_equal(out[0], 1);
    assert_int_equal(cancelled[0], 1);
    assert_int_equal(out[1], 0);
    assert_int_equal(cancelled[1], 0);
    assert_int_equal(out[2], 1);
    assert_int_equal(cancelled[2], 1);
    int from = js_log_count(g);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(js_game_state(g)->turn, 2);
    assert_int_equal(js_game_state(g)->energy[JS_SIDE_A], 1 + 3); /* T's 1, then turn 2's income */
    int c = tl_find_event(g, JS_EV_CANCELLED, from);
    assert_true(c >= 0);
    assert_int_equal(js_log_at(g, c)->b, 1); /* the second card, in id order */
    js_game_destroy(g);
    free(s);
}

/* ---- V-5: launches past the battlefield's room are cancelled with a log line */

/* 33 ships fire 10 missiles each in turn 1: 330 missiles, room for 320; the last 10 are cancelled
 * and the log says so (before: they vanished without a word, the ship keeping them). */
static void test_V5_missiles_past_room_cancelled_loudly(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(40, 40);
    int gun = tl_card(s, "gun", JS_SIZE_SMALL, 1, 3);
    s->cards[gun].fwd_launchers = 10;
    s->cards[gun].missiles = 10;
    for (int i = 0; i < 33; i++)
        tl_unit_at(s, gun, JS_SIDE_A, i, 30, 1);
    tl_unit_at(s, gun, JS_SIDE_B, 0, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = tl_order(5);
    o.msl_fwd = 10;
    for (int i = 0; i < 33; i++)
        tl_plot(g, i, 0, o);
    int from = js_log_count(g);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    assert_int_equal(tl_missiles_alive(g), JS_MAX_MISSILES);
    int c = tl_find_event(g, JS_EV_CANCELLED, from);
    assert_true(c >= 0);
    assert_int_equal(js_log_at(g, c)->a, 32);    /* the last ship in id order */
    assert_int_equal(js_log_at(g, c)->value, 10); /* all ten of its missiles */
    assert_int_equal(tl_ship(g, 32)->missiles, 10);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_S1_support_overflow_refused),
        cmocka_unit_test(test_S1_support_at_limit_accepted),
        cmocka_unit_test(test_X1_manual_dice_past_32),
        cmocka_unit_test(test_X1_parked_dice_in_hash),
        cmocka_unit_test(test_T_no_decisions_left_runs_to_the_end),
        cmocka_unit_test(test_V4_many_adjacent_pairs_no_fresh_ecm),
        cmocka_unit_test(test_log_full_refuses_before_change),
        cmocka_unit_test(test_log_fills_mid_command_stops_the_game),
        cmocka_unit_test(test_E3_projection_pays_card_by_card),
        cmocka_unit_test(test_V5_missiles_past_room_cancelled_loudly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
