/* Rule tests, section C (combat): missiles, pod attacks, guard pods, attack to disable, ship
 * combat. Dice are scripted; each expected value is worked out from RULES.md in a comment. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order fire(int fwd, int aft)
{
    js_order o = tl_order(5);
    o.msl_fwd = (int8_t)fwd;
    o.msl_aft = (int8_t)aft;
    return o;
}

static js_order launch_pods(int d0, int d1, int d2)
{
    js_order o = tl_order(5);
    o.pods = 1;
    o.pod_dir[0] = (int8_t)d0, o.pod_dir[1] = (int8_t)d1, o.pod_dir[2] = (int8_t)d2;
    return o;
}

static int shooter_card(js_scenario *s, int launchers)
{
    int c = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 3);
    s->cards[c].fwd_launchers = (int8_t)launchers;
    s->cards[c].aft_launchers = (int8_t)launchers;
    s->cards[c].missiles = (int8_t)(2 * launchers);
    return c;
}

static int target_card(js_scenario *s, const char *name, int mass)
{
    int c = tl_card(s, name, JS_SIZE_SMALL, 1, 3);
    s->cards[c].mass = (int16_t)mass;
    s->cards[c].hull = 3;
    return c;
}

/* C-1: the missile flies straight and stops in the first hex holding any unit, friend or foe;
 * units in its launch hex do not count. */
static void test_C1_missile_stops_at_first_occupied_hex(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int sh = shooter_card(s, 1);
    int t = target_card(s, "t", 1);
    tl_unit_at(s, sh, JS_SIDE_A, 4, 12, 1); /* 0: launches forward at (4,12), facing N */
    tl_unit_at(s, t, JS_SIDE_A, 4, 12, 1);  /* 1: a friend in the launch hex: ignored */
    tl_unit_at(s, t, JS_SIDE_A, 4, 9, 1);   /* 2: friend 3 hexes ahead: struck */
    tl_unit_at(s, t, JS_SIDE_B, 4, 8, 1);   /* 3: enemy behind it: safe */
    static const int dice[] = {3};          /* d10 = 3: a ship is disabled */
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, fire(1, 0));
    tl_run_until(g, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 4, 12));
    const js_event *fly = tl_last_event(g, JS_EV_MISSILE_FLY);
    assert_non_null(fly);
    assert_int_equal(fly->value, 3); /* hexes flown */
    assert_int_equal(tl_ship(g, 2)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_ship(g, 3)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_missiles_alive(g), 0); /* removed after its attack */
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* C-1: at most 5 hexes; leaving the map or entering missile-blocking terrain removes it. */
static void test_C1_missile_range_map_edge_and_blocking_terrain(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 16);
    int sh = shooter_card(s, 1);
    int t = target_card(s, "t", 1);
    tl_terrain(s, 8, 10, "nebula", 0, 1, 0);
    tl_unit_at(s, sh, JS_SIDE_A, 2, 14, 1); /* forward: (2,13)..(2,9) empty; (2,8) is 6 away */
    tl_unit_at(s, t, JS_SIDE_B, 2, 8, 1);
    tl_unit_at(s, sh, JS_SIDE_A, 5, 2, 1);  /* forward: (5,1), (5,0), then off the map */
    tl_unit_at(s, sh, JS_SIDE_A, 8, 12, 1); /* forward: (8,11), then the nebula at (8,10) */
    tl_unit_at(s, t, JS_SIDE_B, 8, 9, 1);   /* beyond the nebula: safe */
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, fire(1, 0));
    tl_plot(g, 2, 0, fire(1, 0));
    tl_plot(g, 3, 0, fire(1, 0));
    tl_run_until(g, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 2, 14));
    const js_event *e = tl_last_event(g, JS_EV_MISSILE_GONE);
    assert_int_equal(e->value, 5); /* spent after 5 hexes */
    tl_missile(g, tl_missile_at(g, 5, 2));
    e = tl_last_event(g, JS_EV_MISSILE_GONE);
    assert_int_equal(e->value, 3); /* the third step leaves the map */
    tl_missile(g, tl_missile_at(g, 8, 12));
    e = tl_last_event(g, JS_EV_MISSILE_GONE);
    assert_int_equal(e->value, 2); /* lost in the nebula */
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 0);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_ship(g, 4)->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

/* C-1: the most massive unit is attacked; ties among equals are rolled (engine: candidates in
 * ship id order, a d6 for 2-6 of them, the ((d-1) mod n)-th is struck). */
static void test_C1_most_massive_target_and_tie_die(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int sh = shooter_card(s, 2);
    int light = target_card(s, "light", 2), heavy = target_card(s, "heavy", 5);
    tl_unit_at(s, sh, JS_SIDE_A, 4, 12, 1);
    tl_unit_at(s, light, JS_SIDE_B, 4, 10, 1); /* 1 */
    tl_unit_at(s, heavy, JS_SIDE_B, 4, 10, 1); /* 2 */
    tl_unit_at(s, heavy, JS_SIDE_B, 4, 10, 1); /* 3 */
    tl_unit_at(s, heavy, JS_SIDE_B, 4, 10, 1); /* 4 */
    /* first missile: ties 2,3,4 (mass 5): d6 = 5 -> (5-1) mod 3 = 1 -> ship 3; d10 = 1 destroyed.
     * second missile: ties 2,4 (3 is not live): d6 = 6 -> (6-1) mod 2 = 1 -> ship 4; d10 = 2 */
    static const int dice[] = {5, 1, 6, 2};
    js_game *g = tl_game(s, dice, 4);
    tl_plot(g, 0, 0, fire(2, 0));
    tl_run_until(g, JS_WAIT_MISSILE);
    const js_state *st = js_game_state(g);
    int m[2], n = 0;
    for (int i = 0; i < JS_MAX_MISSILES && n < 2; i++)
        if (st->missiles[i].alive)
            m[n++] = i;
    tl_missile(g, m[0]);
    const js_event *tie = NULL;
    for (int i = 0; i < js_log_count(g); i++)
        if (js_log_at(g, i)->type == JS_EV_ROLL) {
            tie = js_log_at(g, i);
            break;
        }
    assert_int_equal(tie->value2, 6);
    assert_int_equal(tl_ship(g, 3)->state, JS_SHIP_DESTROYED);
    tl_missile(g, m[1]);
    assert_int_equal(tl_ship(g, 4)->state, JS_SHIP_DESTROYED);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_ship(g, 2)->state, JS_SHIP_ACTIVE);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* C-1: ships before pod groups; a pod group is destroyed on 1-3 and untouched on 4+. */
static void test_C1_ships_before_pods_and_pod_results(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 16);
    int sh = shooter_card(s, 1);
    int pc = target_card(s, "podder", 1);
    s->cards[pc].pod_squadrons = 2;
    s->cards[pc].pods_per_squadron = 2;
    tl_unit_at(s, sh, JS_SIDE_A, 2, 14, 1);
    tl_unit_at(s, sh, JS_SIDE_A, 6, 14, 1);
    tl_unit_at(s, sh, JS_SIDE_A, 10, 14, 1);
    tl_unit_at(s, pc, JS_SIDE_B, 2, 11, 1);  /* 3: launches a group that holds in its hex */
    tl_unit_at(s, pc, JS_SIDE_B, 7, 11, 1);  /* 4: launches a group that moves SW to (6,12) */
    tl_unit_at(s, pc, JS_SIDE_B, 11, 11, 1); /* 5: launches a group that moves SW to (10,12) */
    /* missile 1 at (2,11): ship (mass 1) before pods: d10 = 4 no effect.
     * missile 2 at (6,12): pod group alone, d10 = 3: destroyed.
     * missile 3 at (10,12): d10 = 4: no effect on the pod group */
    static const int dice[] = {4, 3, 4};
    js_game *g = tl_game(s, dice, 3);
    tl_plot(g, 0, 0, fire(1, 0));
    tl_plot(g, 1, 0, fire(1, 0));
    tl_plot(g, 2, 0, fire(1, 0));
    tl_plot(g, 3, 0, launch_pods(1, 1, 1));
    tl_plot(g, 4, 0, launch_pods(5, 5, 5));
    tl_plot(g, 5, 0, launch_pods(5, 5, 5));
    tl_ready_both(g);
    /* second pod movement, A first (no groups), then B */
    int p3 = tl_pod_at(g, 2, 11), p4 = tl_pod_at(g, 7, 11), p5 = tl_pod_at(g, 11, 11);
    tl_pod_move(g, p3, 1);
    tl_pod_move(g, p4, 0);
    tl_pod_move(g, p5, 0);
    assert_int_equal(tl_pod_at(g, 6, 12), p4);
    assert_int_equal(tl_pod_at(g, 10, 12), p5);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    tl_missile(g, tl_missile_at(g, 2, 14));
    const js_event *a = tl_last_event(g, JS_EV_ATTACK);
    assert_int_equal(a->b, 3); /* the ship, not the pod group */
    tl_missile(g, tl_missile_at(g, 6, 14));
    tl_missile(g, tl_missile_at(g, 10, 14));
    const js_state *st = js_game_state(g);
    assert_int_equal(st->pods[p3].alive, 1);
    assert_int_equal(st->pods[p4].alive, 0);
    assert_int_equal(st->pods[p5].alive, 1);
    assert_int_equal(tl_ship(g, 3)->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

/* C-1: missiles are struck last, after ships and pods, and are destroyed on 1-3; the d10 reads
 * 1-2 destroyed for a ship. */
static void test_C1_missile_strikes_missile_and_ship_destroyed_on_2(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int q = shooter_card(s, 2);
    int p = shooter_card(s, 1);
    tl_unit_at(s, q, JS_SIDE_A, 4, 12, 1); /* 0: two missiles forward from (4,12), north */
    tl_unit_at(s, p, JS_SIDE_A, 4, 8, 4);  /* 1: one missile forward at (4,8), facing S */
    tl_unit_at(s, q, JS_SIDE_B, 9, 0, 4);
    /* first: strikes ship 1 at (4,8) (4 hexes), d10 = 2 -> destroyed.
     * second: (4,8) now holds only ship 1's missile: d10 = 3 -> the missile is destroyed */
    static const int dice[] = {2, 3};
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, fire(2, 0));
    tl_plot(g, 1, 0, fire(1, 0));
    tl_run_until(g, JS_WAIT_MISSILE);
    const js_state *st = js_game_state(g);
    int mq[2], n = 0, mp = tl_missile_at(g, 4, 8);
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, tl_hex(4, 12)) && n < 2)
            mq[n++] = i;
    tl_missile(g, mq[0]);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    tl_missile(g, mq[1]);
    assert_int_equal(st->missiles[mp].alive, 0);
    const js_event *e = tl_last_event(g, JS_EV_MISSILE_GONE);
    assert_int_equal(e->a, mp);
    assert_int_equal(js_wait_get(g).kind != JS_WAIT_MISSILE, 1);
    js_game_destroy(g);
    free(s);
}

/* C-1: sides alternate choosing missiles, the initiative side first. */
static void test_C1_missile_alternation_initiative_first(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 16);
    int sh = shooter_card(s, 1);
    tl_unit_at(s, sh, JS_SIDE_A, 2, 14, 3);
    tl_unit_at(s, sh, JS_SIDE_A, 4, 14, 3);
    tl_unit_at(s, sh, JS_SIDE_B, 8, 1, 5);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, fire(1, 0));
    tl_plot(g, 1, 0, fire(1, 0));
    tl_plot(g, 2, 0, fire(1, 0));
    tl_run_until(g, JS_WAIT_MISSILE);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A)); /* turn 1: A */
    tl_missile(g, tl_missile_at(g, 2, 14));
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_B));
    tl_missile(g, tl_missile_at(g, 8, 1));
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A));
    tl_missile(g, tl_missile_at(g, 4, 14));
    assert_int_equal(js_game_state(g)->phase != JS_PHASE_MISSILE, 1);
    js_game_destroy(g);
    free(s);
}

/* A's carrier at (4,9) facing N launches a group that moves N into B's ship at (4,8). */
static js_game *pod_attack_game(js_scenario *s, int a_tr, int b_def, int b_phase, int guard,
                                const int *dice, int n)
{
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 6);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 3;
    s->cards[car].tr = (int8_t)a_tr;
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
    s->cards[tg].defense = (int8_t)b_def;
    s->cards[tg].guard_pods = (int8_t)guard;
    s->cards[tg].hull = 3;
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);
    s->units[1].place[0].phase = (int8_t)b_phase;
    js_game *g = tl_game(s, dice, n);
    tl_plot(g, 0, 0, launch_pods(1, 1, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 0);
    assert_int_equal(tl_pod_at(g, 4, 8), 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_POD_ATTACK);
    return g;
}

/* C-3: each pod rolls 1d10 + |phase diff| + Defense + min(range/5, TR) - TR; the worst result
 * counts; every attacking pod is used up and an empty group removed. */
static void test_C3_pod_attack_formula_worst_result(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    /* phase 5 vs 7: +2; Defense 1; range 1, TR 2: min(0,2) - 2 = -2: total = d10 + 1.
     * dice 9, 4, 7 -> 10 none, 5 disabled, 8 none: the worst, disabled, counts */
    static const int dice[] = {9, 4, 7};
    js_game *g = pod_attack_game(s, 2, 1, 7, 0, dice, 3);
    tl_pod_attack(g, 0, 1, 0, 3);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    assert_int_equal(js_game_state(g)->pods[0].alive, 0); /* 3 of 3 used up */
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
    s = tl_scenario(10, 14);
    /* phase 0 diff; Defense 0; TR 4: min(0,4) - 4 = -4: total = d10 - 4.
     * 2 pods of 3: dice 8 (4: disabled), 4 (0: below 1, destroyed) -> destroyed */
    static const int dice2[] = {8, 4};
    g = pod_attack_game(s, 4, 0, 5, 0, dice2, 2);
    tl_pod_attack(g, 0, 1, 0, 2);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    assert_int_equal(js_game_state(g)->pods[0].alive, 1);
    assert_int_equal(js_game_state(g)->pods[0].pods, 1);
    js_game_destroy(g);
    free(s);
    s = tl_scenario(10, 14);
    /* total = d10 + 1 (first case): 1 pod, d10 = 5 -> 6: above 5, no effect */
    static const int dice3[] = {5};
    g = pod_attack_game(s, 2, 1, 7, 0, dice3, 1);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

/* C-3: range counts from the controlling ship; R-1's TR (card TR - groups) is the current TR.
 * The position (Z-36) starts where two turns of play used to lead: the carrier at (4,12) after
 * going F6 astern, its one-pod group two hexes from the target. */
static void test_C3_range_and_tactical_rating(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 6);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    s->cards[car].tr = 3;
    int tg = target_card(s, "target", 1);
    tl_unit_at(s, car, JS_SIDE_A, 4, 12, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 3, 1);
    tl_pod_setup(s, 0, 4, 4, 1, 1, 1);
    /* the group steps (4,4) -> (4,3) in the first pod movement and holds in the second.
     * range 9: floor(9/5) = 1; TR = 3 - 1 group = 2: min(1,2) - 2 = -1; phases equal;
     * Defense 0: total = d10 - 1; d10 = 1 -> 0, below 1: destroyed */
    static const int dice[] = {1};
    js_game *g = tl_game(s, dice, 1);
    assert_int_equal(tl_ship(g, 0)->tr, 2); /* */
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 0);
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 12);
    assert_int_equal(tl_pod_at(g, 4, 3), 0);
    assert_int_equal(js_unit_distance(js_game_state(g), 0, 1), 9);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    js_game_destroy(g);
    free(s);
}

/* C-3 in the log: each attacking pod's roll comes with every term of its sum (d10, phase
 * difference, Defense of card and terrain, guard pods sacrificed, the range term and TR) and
 * the total, as a JS_EV_POD_ROLL event and in its sentence. */
static void test_C3_pod_roll_event_carries_the_sum(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 16);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 6);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 2;
    s->cards[car].tr = 3;
    int tg = target_card(s, "target", 1);
    s->cards[tg].defense = 2;
    s->cards[tg].guard_pods = 6; /* one a side */
    tl_unit_at(s, car, JS_SIDE_A, 4, 12, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 3, 1);
    s->units[1].place[0].phase = 7;
    tl_terrain(s, 4, 3, "dust", 0, 0, 1);
    tl_pod_setup(s, 0, 4, 4, 2, 1, 1); /* Z-36: as in test_C3_range_and_tactical_rating */
    /* range 9, TR 3 - 1 group = 2: range term min(1, 2) = 1; phase |5 - 7| = 2; Defense 2 + 1
     * (dust); the group comes in through the target's stern, which holds 1 guard pod:
     * sacrificed, +5. total = d10 + 2 + 3 + 5 + 1 - 2 = d10 + 9: d10 3 -> 12, d10 1 -> 10: no
     * effect */
    static const int dice[] = {3, 1};
    js_game *g = tl_game(s, dice, 2);
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 0);
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    assert_int_equal(js_unit_distance(js_game_state(g), 0, 1), 9);
    int from = js_log_count(g);
    tl_pod_attack(g, 0, 1, 0, 2);
    tl_guard(g, JS_SIDE_B, 1);
    int i = tl_find_event(g, JS_EV_POD_ROLL, from);
    assert_true(i >= 0);
    const js_event *e = js_log_at(g, i);
    assert_int_equal(e->side, JS_SIDE_A);
    assert_int_equal(e->vis, JS_BOTH_SIDES);
    assert_int_equal(e->a, 0);
    assert_int_equal(e->b, 1);
    assert_int_equal(e->value, 12);
    assert_int_equal(e->value2, 0);
    assert_int_equal(e->sum.d10, 3);
    assert_int_equal(e->sum.phase, 2);
    assert_int_equal(e->sum.defense, 3);
    assert_int_equal(e->sum.guard, 5);
    assert_int_equal(e->sum.range, 1);
    assert_int_equal(e->sum.tr, 2);
    assert_int_equal(e->sum.total, 12);
    assert_string_equal(e->rule, "C-3");
    assert_int_equal(e->roll_for, JS_ROLL_POD_ATTACK);
    assert_int_equal(e->die, 1); /* pod 1 of 2 */
    assert_int_equal(e->outcome, JS_OUTCOME_NO_EFFECT);
    assert_int_equal(e->a_kind, JS_UNIT_POD_GROUP);
    assert_int_equal(e->b_kind, JS_UNIT_SHIP);
    /* the log writer's sentence says every term, so a player can check the arithmetic */
    assert_string_equal(e->text, "Pod 1 of 2: d10 3 + phase 2 + Defense 3 + guard 5 + range 1 - TR 2 = 12: no effect");
    i = tl_find_event(g, JS_EV_POD_ROLL, i + 1);
    assert_true(i >= 0);
    assert_int_equal(js_log_at(g, i)->sum.d10, 1);
    assert_int_equal(js_log_at(g, i)->sum.total, 10);
    assert_int_equal(tl_find_event(g, JS_EV_POD_ROLL, i + 1), -1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

/* C-3: pod groups as targets: Defense 0, phase of the controlling ship, 5 or less destroys. */
static void test_C3_pod_attack_on_pod_group(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 6);
    s->cards[car].pod_squadrons = 2;
    s->cards[car].pods_per_squadron = 2;
    s->cards[car].defense = 4; /* a ship's Defense; its pods have none (U-3) */
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, car, JS_SIDE_B, 4, 7, 4);
    s->units[1].place[0].phase = 7;
    /* A's group (phase 5) and B's group (phase 7) both move into (4,8). Range 1, TR 0: 0.
     * A attacks B's group: d10 + 2 + 0: d10 = 3 -> 5: destroyed */
    static const int dice[] = {3};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, launch_pods(1, 1, 1));
    js_order o = launch_pods(4, 4, 4);
    o.phase = 7;
    tl_plot(g, 1, 0, o);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    int pa = tl_pod_at(g, 4, 8);
    assert_true(pa >= 0);
    const js_state *st = js_game_state(g);
    int pb = st->pods[pa].side == JS_SIDE_A ? pa + 1 : pa - 1;
    if (st->pods[pa].side != JS_SIDE_A) {
        int t = pa;
        pa = pb;
        pb = t;
    }
    assert_true(js_hex_eq(st->pods[pb].pos, tl_hex(4, 8)));
    tl_pod_attack(g, pa, pb, 1, 1);
    assert_int_equal(st->pods[pb].alive, 0);
    js_game_destroy(g);
    free(s);
}

/* C-2: the attacked side may sacrifice guard pods on the side facing the attack (the hex side
 * the group last entered through); each adds 5 to Defense for this attack only. */
static void test_C2_guard_pods_on_facing_side(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    /* B's 8 guard pods spread bow, stern, 2, 5, 3, 6, bow, stern: [2,1,1,2,1,1].
     * The group stepped N (dir 1) into B's ship facing N: it came in from the south, B's
     * side 4 (stern), which holds 2. Base: phase 0, Defense 0, range 1, TR 0: d10.
     * 2 sacrificed: +10; d10 = 1 -> 11: no effect (without them 1: disabled) */
    static const int dice[] = {1};
    js_game *g = pod_attack_game(s, 0, 0, 5, 8, dice, 1);
    /* before the attack is declared, the attacker's screen may ask how many would face it */
    assert_int_equal(js_guard_facing(js_game_state(g), 0, 1, false), 2);
    assert_int_equal(js_guard_facing(js_game_state(g), 0, 1, true), 0);
    tl_pod_attack(g, 0, 1, 0, 1);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_GUARD);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_B));
    assert_int_equal(w.max_guard, 2);
    js_cmd c = tl_cmd(JS_CMD_GUARD, JS_SIDE_B);
    c.count = 3;
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    tl_guard(g, JS_SIDE_B, 2);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    assert_int_equal(tl_ship(g, 1)->guard[3], 0);
    assert_int_equal(tl_ship(g, 1)->guard[0], 2);
    js_game_destroy(g);
    free(s);
    /* the same attack without guard pods: d10 = 1 -> 1: disabled */
    s = tl_scenario(10, 14);
    g = pod_attack_game(s, 0, 0, 5, 8, dice, 1);
    tl_pod_attack(g, 0, 1, 0, 1);
    tl_guard(g, JS_SIDE_B, 0);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    js_game_destroy(g);
    free(s);
}

/* C-2: a group that never moved faces all sides: every guard pod may be sacrificed. */
static void test_C2_unmoved_group_all_guard_sides(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 6);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    int tg = target_card(s, "target", 1);
    s->cards[tg].guard_pods = 5;
    tl_unit_at(s, car, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);
    /* 5 sacrificed: +25; d10 = 1: 26, no effect */
    static const int dice[] = {1};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, launch_pods(1, 1, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1); /* holds: never moved */
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    assert_int_equal(js_guard_facing(js_game_state(g), 0, 1, false), 5);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(js_wait_get(g).max_guard, 5);
    tl_guard(g, JS_SIDE_B, 5);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    for (int k = 0; k < 6; k++)
        assert_int_equal(tl_ship(g, 1)->guard[k], 0);
    js_game_destroy(g);
    free(s);
}

/* C-2: pod combat alternates, initiative side first; only groups sharing a hex with an enemy. */
static void test_C2_pod_combat_alternates_and_needs_shared_hex(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    js_game *g = pod_attack_game(s, 0, 0, 5, 0, NULL, 0);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A));
    js_cmd c = tl_cmd(JS_CMD_POD_ATTACK, JS_SIDE_A);
    c.unit = 0;
    c.target = 0; /* its own controller */
    c.count = 1;
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    c.target_is_pod = 1; /* itself: not an enemy */
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    c.target_is_pod = 0;
    c.target = 1;
    c.count = 4; /* only 3 pods */
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    tl_pod_pass(g, JS_SIDE_A);
    assert_int_equal(js_game_state(g)->phase != JS_PHASE_POD_COMBAT, 1); /* B has no groups */
    js_game_destroy(g);
    free(s);
}

/* C-4: with attack_to_disable, a pod attack on a ship reads 2 or less disabled, 3-4 destroyed,
 * 5+ no effect. */
static void test_C4_attack_to_disable_table(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    s->options |= JS_OPT_ATTACK_TO_DISABLE;
    /* base 0 (phase 0, Defense 0, range 1, TR 0): one pod at a time.
     * d10 5 -> 5: no effect (the normal table would disable); 2 -> disabled; 3 -> destroyed */
    static const int dice[] = {5, 2, 3};
    js_game *g = pod_attack_game(s, 0, 0, 5, 0, dice, 3);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    tl_pod_attack(g, 0, 1, 0, 1); /* B has no groups: A attacks again */
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DESTROYED);
    js_game_destroy(g);
    free(s);
}

/* C-5: chosen ship attacks resolve together; 2d10 totalling 2 disables. */
static void test_C5_ship_combat_simultaneous_2d10_equals_2(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = target_card(s, "sm", 1);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 6, 1); /* 0 */
    tl_unit_at(s, sm, JS_SIDE_B, 4, 6, 4); /* 1 */
    tl_unit_at(s, sm, JS_SIDE_A, 7, 6, 1); /* 2 */
    tl_unit_at(s, sm, JS_SIDE_B, 7, 6, 4); /* 3 */
    /* ship 0 -> 1: 1+1 = 2 disabled; ship 1 -> 0: 1+1 disabled too (together, so ship 1 still
     * attacks); ship 2 -> 3: 1+2 = 3 no effect; ship 3: none */
    static const int dice[] = {1, 1, 1, 1, 1, 2};
    js_game *g = tl_game(s, dice, 6);
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.secret, 1);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    js_cmd c = tl_cmd(JS_CMD_SHIP_ATTACK, JS_SIDE_A);
    c.unit = 0;
    c.target = 3; /* not in its hex */
    tl_expect(g, &c, JS_ERR_ILLEGAL);
    tl_ship_attack(g, 0, 1);
    tl_ship_attack(g, 1, 0);
    tl_ship_attack(g, 2, 3);
    tl_ship_attack(g, 3, -1);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(tl_ship(g, 0)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
    assert_int_equal(tl_ship(g, 3)->state, JS_SHIP_ACTIVE);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* C-5: then each active ship sharing a hex with an enemy pod group attacks it (engine: the
 * largest group there, automatically): 2d10 totalling 2 destroys one pod. */
static void test_C5_ship_attacks_pod_group(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int c2 = tl_card(s, "two", JS_SIZE_SMALL, 1, 2);
    s->cards[c2].pod_squadrons = 1;
    s->cards[c2].pods_per_squadron = 2;
    int c4 = tl_card(s, "four", JS_SIZE_SMALL, 1, 2);
    s->cards[c4].pod_squadrons = 1;
    s->cards[c4].pods_per_squadron = 4;
    int tg = target_card(s, "t", 1);
    tl_unit_at(s, c2, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, c4, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 6, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 8, 2, 1);
    /* B's ship 2 vs the 4-pod group: 1+1 = 2, one pod destroyed. Turn 2: 3+1 = 4, nothing */
    static const int dice[] = {1, 1, 3, 1};
    js_game *g = tl_game(s, dice, 4);
    tl_plot(g, 0, 0, launch_pods(1, 1, 1));
    tl_plot(g, 1, 0, launch_pods(1, 1, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_pod_move(g, 1, 1);
    tl_run_to_plot(g, 2);
    const js_state *st = js_game_state(g);
    int g2 = st->pods[0].pods == 2 ? 0 : 1, g4 = 1 - g2;
    assert_int_equal(st->pods[g2].pods, 2);
    assert_int_equal(st->pods[g4].pods, 3);
    for (int phase = 0; phase < 2; phase++) { /* hold in both pod movements of turn 2 */
        tl_run_until(g, JS_WAIT_POD_MOVE);
        tl_pod_move(g, 0, 1);
        tl_pod_move(g, 1, 1);
    }
    tl_run_to_plot(g, 3);
    assert_int_equal(st->pods[g4].pods, 3);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_C1_missile_stops_at_first_occupied_hex),
        cmocka_unit_test(test_C1_missile_range_map_edge_and_blocking_terrain),
        cmocka_unit_test(test_C1_most_massive_target_and_tie_die),
        cmocka_unit_test(test_C1_ships_before_pods_and_pod_results),
        cmocka_unit_test(test_C1_missile_strikes_missile_and_ship_destroyed_on_2),
        cmocka_unit_test(test_C1_missile_alternation_initiative_first),
        cmocka_unit_test(test_C2_guard_pods_on_facing_side),
        cmocka_unit_test(test_C2_unmoved_group_all_guard_sides),
        cmocka_unit_test(test_C2_pod_combat_alternates_and_needs_shared_hex),
        cmocka_unit_test(test_C3_pod_attack_formula_worst_result),
        cmocka_unit_test(test_C3_range_and_tactical_rating),
        cmocka_unit_test(test_C3_pod_attack_on_pod_group),
        cmocka_unit_test(test_C3_pod_roll_event_carries_the_sum),
        cmocka_unit_test(test_C4_attack_to_disable_table),
        cmocka_unit_test(test_C5_ship_combat_simultaneous_2d10_equals_2),
        cmocka_unit_test(test_C5_ship_attacks_pod_group),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
