/* A scenario that starts from a position (Z-36, docs/formats.md "Position"): ships' damage,
 * shields, state, TR, stores and guard pods; pod groups and missiles on the map; energy,
 * points and the first turn; each side's hand and HQ order. The engine applies it, refuses a
 * bad one with a reason, keeps it secret where the hand is secret, and digests it. */
#include "testlib.h"
#include "jsd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A carrier with every store, and a plain target. */
static int carrier_card(js_scenario *s)
{
    int c = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 4);
    js_card_def *d = &s->cards[c];
    d->shields = 2, d->hull = 3, d->tr = 3, d->missiles = 4, d->fwd_launchers = 1;
    d->pod_squadrons = 2, d->pods_per_squadron = 3, d->guard_pods = 4, d->points = 10;
    return c;
}

static js_game *create(const js_scenario *s, char *reason)
{
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 3};
    return js_game_create(s, &dice, reason, JS_REASON_LEN);
}

/* D-1, D-2, R-1, C-2: a ship starts with the damage, state, TR, stores and guard pods the
 * position gives; what it does not give stays as a fresh ship's. */
static void test_Z36_ship_state(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 12);
    int car = carrier_card(s);
    tl_unit_at(s, car, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, car, JS_SIDE_B, 6, 2, 4);
    js_ship_setup *e = tl_ship_state(s, 0, 0);
    e->set = JS_SET_STATE | JS_SET_SHIELDS | JS_SET_HULL | JS_SET_TR | JS_SET_GUARD | JS_SET_MISSILES | JS_SET_PODS;
    e->state = JS_SHIP_DISABLED, e->shields = 1, e->hull_damage = 2, e->tr = 1, e->missiles = 1;
    e->pod_squadrons = 0;
    e->guard[1] = 2;
    js_game *g = tl_game(s, NULL, 0);
    const js_ship *a = tl_ship(g, 0), *b = tl_ship(g, 1);
    assert_int_equal(a->state, JS_SHIP_DISABLED);
    assert_int_equal(a->shields, 1);
    assert_int_equal(a->hull_damage, 2);
    assert_int_equal(a->tr, 1);
    assert_int_equal(a->missiles, 1);
    assert_int_equal(a->pod_squadrons, 0);
    static const int8_t guard[6] = {0, 2, 0, 0, 0, 0};
    assert_memory_equal(a->guard, guard, 6);
    /* the other carrier is as its card says (Z-13: guard pods spread) */
    assert_int_equal(b->state, JS_SHIP_ACTIVE);
    assert_int_equal(b->shields, 2);
    assert_int_equal(b->hull_damage, 0);
    assert_int_equal(b->tr, 3);
    assert_int_equal(b->missiles, 4);
    assert_int_equal(b->pod_squadrons, 2);
    static const int8_t spread[6] = {1, 1, 0, 1, 1, 0};
    assert_memory_equal(b->guard, spread, 6);
    /* D-1: one more hull point destroys the damaged one: its hull 3, damage 2 */
    js_game_destroy(g);
    free(s);
}

/* V-2, R-1, C-1: placed pod groups count against their controller's TR, move in both pod
 * movements of the first turn (they were not launched in it) along their plotted direction,
 * and attack from the side they entered by; a placed missile flies in the first turn's
 * missile combat. */
static void test_Z36_pods_and_missiles(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 12);
    int car = carrier_card(s);
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
    s->cards[tg].hull = 3;
    s->cards[tg].guard_pods = 6; /* one a side */
    tl_unit_at(s, car, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 6, 3, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 8, 5, 1);
    int pg = tl_pod_setup(s, 0, 6, 5, 2, 1, 1); /* two hexes south of the target, going north */
    tl_missile_setup(s, 0, 8, 9, 1);           /* flies north into the second target at (8,5) */
    /* missile: d10 3 disables (C-1); pods: |5-5| + 0 + 0 + range 8: min(1, TR 2) - 2 = d10 - 1:
     * d10 1 -> 0: destroyed */
    static const int dice[] = {3, 1, 9};
    js_game *g = tl_game(s, dice, 3);
    assert_int_equal(pg, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(tl_pods_alive(g), 1);
    assert_int_equal(st->pods[0].side, JS_SIDE_A);
    assert_int_equal(st->pods[0].controller, 0);
    assert_int_equal(st->pods[0].pods, 2);
    assert_int_equal(tl_ship(g, 0)->tr, 2); /* card TR 3 - 1 group */
    assert_int_equal(tl_missiles_alive(g), 1);
    assert_int_equal(tl_missile_at(g, 8, 9), 0);
    tl_run_until(g, JS_WAIT_MISSILE);
    assert_int_equal(tl_pod_at(g, 6, 3), 0); /* two steps north: both pod movements */
    tl_missile(g, 0);
    assert_int_equal(tl_ship(g, 2)->state, JS_SHIP_DISABLED);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    tl_pod_attack(g, 0, 1, 0, 2);
    /* C-2: it came in from the south: B may sacrifice the one guard pod on its stern */
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_GUARD);
    assert_int_equal(w.max_guard, 1);
    tl_guard(g, JS_SIDE_B, 0);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    js_game_destroy(g);
    free(s);
}

/* E-1, W-2, V-2: the first turn is the position's; a side whose energy it sets has that energy
 * in the first turn and is paid no income until the next; points already scored count. */
static void test_Z36_turn_energy_points(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 12);
    int c = tl_card(s, "picket", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, c, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, c, JS_SIDE_B, 6, 2, 4);
    s->turn_limit = 4;
    s->position.turn = 4;
    s->position.energy_set = JS_SIDE_MASK(JS_SIDE_A);
    s->position.energy[JS_SIDE_A] = 7;
    s->position.points[JS_SIDE_B] = 3;
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->turn, 4);
    assert_int_equal(st->energy[JS_SIDE_A], 7);                  /* no income this turn */
    assert_int_equal(st->energy[JS_SIDE_B], JS_ENERGY_START + JS_ENERGY_INCOME); /* as usual */
    assert_int_equal(st->points[JS_SIDE_B], 3);
    assert_int_equal(js_initiative(st->turn), JS_SIDE_B);       /* V-2: B on even turns */
    tl_run_until(g, JS_WAIT_NONE);                               /* the last turn ends the game */
    assert_int_equal(st->phase, JS_PHASE_OVER);
    assert_int_equal(st->turn, 4);
    assert_int_equal(st->winner, JS_SIDE_B);
    js_game_destroy(g);
    free(s);
    /* without a set energy, income is paid in the first turn, as in any game (Z-1) */
    s = tl_scenario(10, 12);
    c = tl_card(s, "picket", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, c, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, c, JS_SIDE_B, 6, 2, 4);
    s->position.turn = 2;
    g = tl_game(s, NULL, 0);
    assert_int_equal(js_game_state(g)->energy[JS_SIDE_A], JS_ENERGY_START + JS_ENERGY_INCOME);
    tl_run_to_plot(g, 3);
    assert_int_equal(js_game_state(g)->energy[JS_SIDE_A], JS_ENERGY_START + 2 * JS_ENERGY_INCOME);
    js_game_destroy(g);
    free(s);
}

/* H-3, H-4, H-5, Z-20: hands set by the position replace the Vanguard and the deal; the HQ's
 * first card is the next drawn; neither the other side's hand nor any HQ order reaches a view. */
static void test_Z36_hands(void **state)
{
    (void)state;
    js_scenario *s = tl_jump_scenario(14, 12, 4, 9);
    int c = tl_card(s, "picket", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, c, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, c, JS_SIDE_B, 6, 2, 4);
    tl_unit_reserve(s, c, JS_SIDE_A);
    tl_unit_reserve(s, c, JS_SIDE_B);
    s->billet = 3;
    js_position *p = &s->position;
    p->hands_set = 1;
    static const int16_t hand_a[4] = {0, 5, 9, 13}, hq_a[3] = {7, 2, 20}, hand_b[2] = {1, 2};
    p->hands[0].nhand = 4;
    memcpy(p->hands[0].hand, hand_a, sizeof hand_a);
    p->hands[0].nhq = 3;
    memcpy(p->hands[0].hq, hq_a, sizeof hq_a);
    p->hands[0].ndiscard = 1;
    p->hands[0].discard[0] = 11;
    p->hands[1].nhand = 2;
    memcpy(p->hands[1].hand, hand_b, sizeof hand_b);
    p->hands[1].nhq = 1;
    p->hands[1].hq[0] = 3;
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    /* J-2 still asks for jump points; the Vanguard (H-4) is not asked for */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_JP);
    static const int a_jp[3][2] = {{1, 10}, {6, 10}, {11, 10}}, b_jp[3][2] = {{11, 1}, {6, 1}, {1, 1}};
    tl_jump_points(g, JS_SIDE_A, a_jp);
    tl_jump_points(g, JS_SIDE_B, b_jp);
    assert_int_equal(st->phase, JS_PHASE_COMMAND);
    assert_int_equal(st->nhand[0], 4);
    assert_memory_equal(st->hand[0], hand_a, sizeof hand_a);
    assert_int_equal(st->nhq[0], 3);
    assert_int_equal(st->hq[0][st->nhq[0] - 1], 7); /* the top of the HQ stack: drawn next */
    assert_int_equal(st->ndiscard[0], 1);
    assert_int_equal(st->nhand[1], 2);
    /* B's view: A's hand as a count only, and no HQ order anywhere */
    js_view *v = malloc(sizeof *v);
    js_view_build(g, JS_SIDE_B, v);
    assert_int_equal(v->st.nhand[0], 4);
    for (int k = 0; k < 4; k++)
        assert_int_equal(v->st.hand[0][k], 0);
    const js_hand_setup none = {0};
    assert_memory_equal(&v->st.scn.position.hands[0], &none, sizeof none);
    assert_memory_equal(&v->st.scn.position.hands[1], &none, sizeof none);
    free(v);
    /* H-5: at the end of the turn B (2 of Billet 3) draws the top of its HQ */
    tl_run_to_plot(g, 2);
    assert_int_equal(st->nhand[1], 3);
    assert_int_equal(st->hand[1][2], 3);
    js_game_destroy(g);
    free(s);
}

/* The digest (js_game_hash) covers the position: two scenarios that differ only there give
 * different games; the same position gives the same game; and a computer player's imagined
 * game (js_game_from_state) goes on from such a state. */
static void test_Z36_digest(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 12);
    int c = tl_card(s, "picket", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, c, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, c, JS_SIDE_B, 6, 2, 4);
    js_game *plain = tl_game(s, NULL, 0);
    s->position.points[JS_SIDE_A] = 1;
    js_game *one = tl_game(s, NULL, 0), *again = tl_game(s, NULL, 0);
    s->position.points[JS_SIDE_A] = 0;
    js_game *zero = tl_game(s, NULL, 0);
    assert_true(js_game_hash(one) != js_game_hash(plain));
    assert_true(js_game_hash(one) == js_game_hash(again));
    assert_true(js_game_hash(zero) == js_game_hash(plain)); /* all zero: no position */
    char reason[JS_REASON_LEN] = "";
    js_game *imagined = js_game_from_state(js_game_state(one), 5, reason, sizeof reason);
    if (!imagined)
        fail_msg("js_game_from_state: %s", reason);
    assert_int_equal(js_game_state(imagined)->points[JS_SIDE_A], 1);
    js_game_destroy(imagined);
    js_game_destroy(plain);
    js_game_destroy(one);
    js_game_destroy(again);
    js_game_destroy(zero);
    free(s);
}

/* The engine checks a position made in code as the loader checks a file: every refusal names
 * the entry and the problem. */
static void test_Z36_engine_refuses(void **state)
{
    (void)state;
    char reason[JS_REASON_LEN];
    js_scenario *s = tl_scenario(10, 12);
    int car = carrier_card(s);
    tl_unit_at(s, car, JS_SIDE_A, 2, 9, 1);
    tl_unit_at(s, car, JS_SIDE_B, 6, 2, 4);
    tl_unit_reserve(s, car, JS_SIDE_B);
    tl_terrain(s, 5, 5, "rock", 1, 0, 0);
    js_scenario *t = malloc(sizeof *t);

    *t = *s;
    tl_pod_setup(t, 2, 4, 4, 2, 1, 0);
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: pods[0] names unit 2, which is not a unit on the map");

    *t = *s;
    tl_pod_setup(t, 0, 5, 5, 2, 1, 0);
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: pods[0] is off the map or on impassable terrain");

    *t = *s;
    js_ship_setup *e = tl_ship_state(t, 1, 0);
    e->set = JS_SET_HULL;
    e->hull_damage = 3;
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: ships[0] (carrier): a state, shields, hull damage, TR, stores or "
                                "guard pods beyond its card");

    *t = *s;
    t->position.hands_set = 1;
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: hands are set, but the scenario has no command cards (H: jump points "
                                "only)");

    *t = *s;
    t->position.turn = 21;
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: first turn 21 is outside 1..20 (the turn limit)");

    *t = *s;
    tl_missile_setup(t, 1, 3, 3, 0);
    assert_null(create(t, reason));
    assert_string_equal(reason, "position: missiles[0] faces 0 (1..6)");
    free(t);
    free(s);
}

/* More ships with a state than a game holds are refused for their number, like any other
 * placements, not written past the position's table (the sanitizer build's bounds check saw
 * that write). */
static void test_Z36_too_many_ships_with_a_state(void **state)
{
    (void)state;
    enum { UNITS = 41 }; /* 41 squadrons of 8: 328 ships */
    size_t cap = 200000;
    char *text = malloc(cap);
    int n = snprintf(text, cap,
                     "{\"format\":\"jumpstrike-scenario\",\"version\":1,\"id\":\"many\",\"name\":\"Many\","
                     "\"map\":{\"width\":4,\"height\":4},\"sides\":{\"A\":{\"name\":\"A\",\"colour\":\"#000000\"},"
                     "\"B\":{\"name\":\"B\",\"colour\":\"#ffffff\"}},\"cards\":[{\"id\":\"sq\",\"name\":\"Sq\","
                     "\"size\":\"small\",\"ships\":8,\"move\":1,\"shields\":1,\"hull\":1,\"defense\":0,\"tr\":0,"
                     "\"launch_cost\":0,\"activation_cost\":0,\"mass\":1,\"points\":1}],\"units\":[");
    for (int u = 0; u < UNITS; u++) {
        n += snprintf(text + n, cap - (size_t)n, "%s{\"card\":\"sq\",\"side\":\"%c\",\"at\":\"map\",\"ships\":[",
                      u ? "," : "", u % 2 ? 'B' : 'A');
        for (int k = 0; k < 8; k++)
            n += snprintf(text + n, cap - (size_t)n, "%s{\"hex\":[1,1],\"facing\":1,\"shields\":0}", k ? "," : "");
        n += snprintf(text + n, cap - (size_t)n, "]}");
    }
    snprintf(text + n, cap - (size_t)n, "]}");
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_parse(text, "many", "", &err);
    assert_null(s);
    assert_string_equal(err.msg, "many: units: too many ships: 328, at most 320");
    free(text);
}

/* The shipped puzzle loads into the position it describes and starts there. */
static void test_Z36_puzzle_scenario(void **state)
{
    (void)state;
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_load("scenarios/last_salvo.json", &err);
    if (!s)
        fail_msg("%s", err.msg);
    const js_position *p = &s->position;
    assert_int_equal(p->turn, 5);
    assert_int_equal(s->turn_limit, 5);
    assert_int_equal(p->energy_set, JS_BOTH_SIDES);
    assert_int_equal(p->points[JS_SIDE_A], 6);
    assert_int_equal(p->points[JS_SIDE_B], 16);
    assert_int_equal(p->npods, 1);
    assert_int_equal(p->nships, 3);
    char reason[JS_REASON_LEN];
    js_game *g = create(s, reason);
    if (!g)
        fail_msg("%s", reason);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->turn, 5);
    assert_int_equal(st->energy[JS_SIDE_A], 6);
    assert_int_equal(tl_ship(g, 0)->hull_damage, 2);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_pod_at(g, 5, 5), 0);
    assert_int_equal(st->pods[0].pods, 4);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_Z36_ship_state),
        cmocka_unit_test(test_Z36_pods_and_missiles),
        cmocka_unit_test(test_Z36_turn_energy_points),
        cmocka_unit_test(test_Z36_hands),
        cmocka_unit_test(test_Z36_digest),
        cmocka_unit_test(test_Z36_engine_refuses),
        cmocka_unit_test(test_Z36_too_many_ships_with_a_state),
        cmocka_unit_test(test_Z36_puzzle_scenario),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
