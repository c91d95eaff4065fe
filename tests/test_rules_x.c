/* Rule tests, section X (dice sources and hidden information). */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

/* Two ships closing on each other (ECM rolls) and a missile (attack roll). */
static js_scenario *dice_scenario(void)
{
    js_scenario *s = tl_scenario(10, 16);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].hull = 9;
    s->cards[sm].shields = 3;
    s->cards[sm].fwd_launchers = 1;
    s->cards[sm].missiles = 1;
    tl_unit_at(s, sm, JS_SIDE_A, 4, 12, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 6, 4);
    return s;
}

/* A goes F3 to (4,9), B F2 to (4,8): they become adjacent in impulse 3, where only A moves, so
 * B's ECM rolls once against A. A fires one missile forward. */
static void play_turn(js_game *g)
{
    js_order a = tl_order(5);
    a.move = 3;
    a.msl_fwd = 1;
    js_order b = tl_order(5);
    b.move = 2;
    tl_plot(g, 0, 0, a);
    tl_plot(g, 1, 0, b);
    tl_ready(g, JS_SIDE_A);
}

/* one seeded generator: the same seed and commands give the same game (hash and rolls). */
static void test_X1_seeded_determinism(void **state)
{
    (void)state;
    js_scenario *s = dice_scenario();
    uint64_t h[2];
    int rolls[2];
    for (int k = 0; k < 2; k++) {
        js_game *g = tl_game_dice(s, JS_DICE_SEEDED, 12345, NULL, 0);
        play_turn(g);
        tl_ready(g, JS_SIDE_B);
        tl_run_to_plot(g, 3);
        h[k] = js_game_hash(g);
        rolls[k] = js_game_state(g)->rolls;
        js_game *c = js_game_clone(g);
        assert_true(js_game_hash(c) == h[k]);
        js_game_destroy(c);
        js_game_destroy(g);
    }
    assert_true(h[0] == h[1]);
    assert_int_equal(rolls[0], rolls[1]);
    assert_true(rolls[0] >= 2); /* ECM d8 and the missile's d10 at least */
    free(s);
}

/* scripted results are used in order; every roll is logged with its die and purpose. */
static void test_X1_scripted_order_and_purpose_logged(void **state)
{
    (void)state;
    js_scenario *s = dice_scenario();
    /* impulse 3: A at (4,9) next to B at (4,8): B's ECM on A (d8 = 6: 1 damage); the missile
     * flies 1 hex into (4,8): d10 = 4, no effect */
    static const int dice[] = {6, 4};
    js_game *g = tl_game(s, dice, 2);
    play_turn(g);
    tl_ready(g, JS_SIDE_B);
    tl_run_until(g, JS_WAIT_MISSILE);
    tl_missile(g, 0);
    int n = 0;
    const js_event *r[2] = {NULL, NULL};
    for (int i = 0; i < js_log_count(g); i++)
        if (js_log_at(g, i)->type == JS_EV_ROLL && n < 2)
            r[n++] = js_log_at(g, i);
    assert_int_equal(n, 2);
    assert_int_equal(r[0]->value, 6);
    assert_int_equal(r[0]->value2, 8);
    assert_int_equal(r[0]->roll_for, JS_ROLL_ECM);
    assert_int_equal(r[0]->a, 1); /* B's ship against A's */
    assert_int_equal(r[0]->b, 0);
    assert_int_equal(r[0]->outcome, JS_OUTCOME_DAMAGED);
    assert_int_equal(r[1]->value, 4);
    assert_int_equal(r[1]->value2, 10);
    assert_int_equal(r[1]->roll_for, JS_ROLL_MISSILE);
    assert_int_equal(r[1]->outcome, JS_OUTCOME_NO_EFFECT);
    assert_int_equal(js_game_state(g)->rolls, tl_count_events(g, JS_EV_ROLL));
    assert_int_equal(tl_ship(g, 0)->shields, 2);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* a scripted result that is no face of the die is read as one, wrapping round (13 on a d8
 * is 5, 0 on a d10 is 10), and said so in the log; a clone goes on with the same script. */
static void test_X1_scripted_value_off_the_die_wraps(void **state)
{
    (void)state;
    js_scenario *s = dice_scenario();
    /* ECM d8: 13 -> 5: hits, 1 damage to A's shields; missile d10: 0 -> 10: no effect */
    static const int dice[] = {13, 0};
    js_game *g = tl_game(s, dice, 2);
    play_turn(g);
    tl_ready(g, JS_SIDE_B);
    tl_run_until(g, JS_WAIT_MISSILE);
    js_game *c = js_game_clone(g);
    assert_non_null(c);
    assert_int_equal(js_game_scenario(c)->width, 10);
    assert_true(js_game_hash(c) == js_game_hash(g));
    tl_missile(g, 0);
    tl_missile(c, 0);
    assert_true(js_game_hash(c) == js_game_hash(g));
    const js_event *r = tl_last_event(g, JS_EV_ROLL);
    assert_int_equal(r->value, 10);
    assert_int_equal(r->value2, 10);
    assert_int_equal(tl_ship(g, 0)->shields, 2);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    int notes = 0;
    for (int i = 0; i < js_log_count(g); i++)
        notes += js_log_at(g, i)->type == JS_EV_INFO && /* the log writer's note, for people */
                 strstr(js_log_at(g, i)->text, "is not a d") != NULL;
    assert_int_equal(notes, 2);
    js_game_destroy(c);
    js_game_destroy(g);
    free(s);
}

/* the game's digest covers a side's pending launches: the same game with and without one
 * differs, and withdrawing it gives the first digest back. */
static void test_X1_hash_covers_pending_launch(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    int r = tl_unit_reserve(s, sm, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    uint64_t before = js_game_hash(g);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)r;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    tl_ok(g, &c);
    uint64_t pending = js_game_hash(g);
    assert_true(pending != before);
    c.place[0].hex = tl_hex(3, 9);
    js_cmd cancel = tl_cmd(JS_CMD_CANCEL_LAUNCH, JS_SIDE_A);
    cancel.unit = (int16_t)r;
    tl_ok(g, &cancel);
    assert_true(js_game_hash(g) == before);
    tl_ok(g, &c);
    assert_true(js_game_hash(g) != pending); /* another hex */
    js_game_destroy(g);
    free(s);
}

/* manual dice: a command needing a die is parked (JS_ERR_NEED_DIE, JS_WAIT_DIE); the die
 * entered continues it, with the same outcome as the same scripted value. */
static void test_X1_manual_dice(void **state)
{
    (void)state;
    js_scenario *s = dice_scenario();
    js_game *g = tl_game_dice(s, JS_DICE_MANUAL, 0, NULL, 0);
    play_turn(g);
    js_cmd c = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    char reason[JS_REASON_LEN];
    assert_int_equal(js_submit(g, &c, reason, sizeof reason), JS_ERR_NEED_DIE);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_DIE);
    assert_int_equal(w.die_sides, 8);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_B)); /* B's ECM: B rolls */
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_PLOT); /* nothing happened yet */
    tl_expect(g, &c, JS_ERR_NOT_NOW);
    js_cmd d = tl_cmd(JS_CMD_DIE, JS_SIDE_A);
    d.value = 6;
    tl_expect(g, &d, JS_ERR_NOT_NOW); /* B's die */
    d.side = JS_SIDE_B;
    d.value = 9;
    tl_expect(g, &d, JS_ERR_BAD_ARG); /* a d8 */
    d.value = 6;
    tl_ok(g, &d);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    assert_int_equal(tl_ship(g, 0)->shields, 2);
    js_cmd m = tl_cmd(JS_CMD_MISSILE, JS_SIDE_A);
    m.unit = 0;
    assert_int_equal(js_submit(g, &m, reason, sizeof reason), JS_ERR_NEED_DIE);
    w = js_wait_get(g);
    assert_int_equal(w.die_sides, 10);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
    d.side = JS_SIDE_A;
    d.value = 3; /* disabled */
    tl_ok(g, &d);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    /* the same values scripted give the same state */
    static const int dice[] = {6, 3};
    js_game *h = tl_game(s, dice, 2);
    play_turn(h);
    tl_ready(h, JS_SIDE_B);
    tl_missile(h, 0);
    for (int i = 0; i < 2; i++)
        assert_memory_equal(tl_ship(g, i), tl_ship(h, i), sizeof(js_ship));
    assert_int_equal(js_game_state(g)->rolls, 2);
    js_game_destroy(h);
    js_game_destroy(g);
    free(s);
}

/* a clone taken while a command waits for its second manual die (2d10 of a ship attack,
 * one entered) goes on exactly like the original once the same die is entered in both. */
static void test_X1_clone_between_manual_dice(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 6, 4);
    js_game *g = tl_game_dice(s, JS_DICE_MANUAL, 0, NULL, 0);
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    tl_ship_attack(g, 0, 1);
    tl_ready(g, JS_SIDE_B);
    js_cmd c = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    char reason[JS_REASON_LEN];
    assert_int_equal(js_submit(g, &c, reason, sizeof reason), JS_ERR_NEED_DIE);
    js_cmd d = tl_cmd(JS_CMD_DIE, JS_SIDE_A);
    d.value = 1;
    tl_ok(g, &d);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_DIE); /* the second d10 */
    js_game *h = js_game_clone(g);
    assert_non_null(h);
    assert_true(js_game_hash(h) == js_game_hash(g));
    tl_ok(g, &d);
    tl_ok(h, &d);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED); /* 1 + 1 = 2 (C-5) */
    assert_true(js_game_hash(h) == js_game_hash(g));
    js_game_destroy(h);
    js_game_destroy(g);
    free(s);
}

/* views hide the other side's plots, reserve, cargo, pending launches and the generator's
 * state; a side's own view shows them. */
static void test_X2_views_hide_secrets(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    int car = tl_card(s, "carrier", JS_SIZE_MEDIUM, 1, 3);
    s->cards[car].capacity = 2;
    tl_unit_at(s, sm, JS_SIDE_A, 2, 6, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 10, 6, 4);
    int rc = tl_unit_reserve(s, car, JS_SIDE_A);
    int rs = tl_unit_reserve(s, sm, JS_SIDE_A);
    tl_unit_reserve(s, sm, JS_SIDE_B);
    js_game *g = tl_game_dice(s, JS_DICE_SEEDED, 99, NULL, 0);
    js_view before, after, own;
    js_view_build(g, JS_SIDE_B, &before);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)rc;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(4, 12), 1, 5};
    c.ncargo = 1;
    c.cargo[0] = (int16_t)rs;
    tl_ok(g, &c);
    js_view_build(g, JS_SIDE_B, &after);
    js_view_build(g, JS_SIDE_A, &own);
    /* a pending launch with cargo changes nothing B can see */
    assert_memory_equal(&before, &after, sizeof before);
    assert_int_equal(own.st.npending[JS_SIDE_A], 1);
    assert_int_equal(after.st.npending[JS_SIDE_A], 0);
    assert_int_equal(after.st.units[rc].pending, 0);
    assert_int_equal(after.st.units[rc].def, -1);
    assert_true(js_game_state(g)->rng != 0);
    assert_true(after.st.rng == 0);
    assert_true(own.st.rng == 0);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    /* plotting: A's plot leaves B's view byte-identical */
    js_view_build(g, JS_SIDE_B, &before);
    js_order o = tl_order(6);
    o.move = 2;
    o.turn = -1;
    tl_plot(g, 0, 0, o);
    js_view_build(g, JS_SIDE_B, &after);
    assert_memory_equal(&before, &after, sizeof before);
    js_view_build(g, JS_SIDE_A, &own);
    assert_int_equal(own.st.ships[0].plan[0].move, 2);
    /* the cargo: hidden from B, the carrier itself public */
    assert_int_equal(after.st.units[rc].where, JS_AT_MAP);
    assert_int_equal(after.st.units[rs].where, JS_AT_HIDDEN);
    assert_int_equal(own.st.units[rs].where, JS_AT_CARGO);
    /* the log: the loading is A's alone */
    const js_event *e = tl_last_event(g, JS_EV_LOAD);
    assert_true(js_event_visible(e, JS_SIDE_A));
    assert_false(js_event_visible(e, JS_SIDE_B));
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_X1_seeded_determinism),
        cmocka_unit_test(test_X1_scripted_order_and_purpose_logged),
        cmocka_unit_test(test_X1_scripted_value_off_the_die_wraps),
        cmocka_unit_test(test_X1_hash_covers_pending_launch),
        cmocka_unit_test(test_X1_manual_dice),
        cmocka_unit_test(test_X1_clone_between_manual_dice),
        cmocka_unit_test(test_X2_views_hide_secrets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
