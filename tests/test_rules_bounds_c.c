/* Rule boundaries, sections C (combat) and D-1: every threshold of RULES.md met exactly and
 * missed by one, so that changing a rule constant or comparison by one fails a test. Dice are
 * scripted; each expected outcome is worked out from the rule text in a comment.
 * The mutants these tests were checked against are listed in docs/testing.md. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order launch_pods(int phase, int dir)
{
    js_order o = tl_order(phase);
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = (int8_t)dir;
    return o;
}

/* ---------------------------------------------------------------- C-2, C-3, C-4 in one hex */

/* A's carrier (card TR `tr`, one pod) and B's target (Defense 0, `guard` guard pods) share
 * (4,8), phases equal, range 0: the group launched in turn 1 holds (so it never moved: C-2 all
 * sides face it) and attacks with its one pod; B sacrifices `sac` guard pods. TR is still the
 * card's in turn 1 (R-1 applies in resolution), so the sum is d10 + 0 + 5*sac + min(0, TR) - TR
 * = d10 + 5*sac - TR. Returns the target's state. */
static int same_hex_attack(uint32_t options, int tr, int guard, int sac, int d10)
{
    js_scenario *s = tl_scenario(10, 14);
    s->options = options;
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 2);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    s->cards[car].tr = (int8_t)tr;
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
    s->cards[tg].guard_pods = (int8_t)guard;
    s->cards[tg].hull = 3;
    tl_unit_at(s, car, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);
    int dice[] = {d10};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, launch_pods(5, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    tl_pod_attack(g, 0, 1, 0, 1);
    if (guard > 0) {
        assert_int_equal(js_wait_get(g).kind, JS_WAIT_GUARD);
        assert_int_equal(js_wait_get(g).max_guard, guard);
        tl_guard(g, JS_SIDE_B, sac);
    }
    assert_int_equal(js_dice_left(g), 0);
    int st = tl_ship(g, 1)->state;
    js_game_destroy(g);
    free(s);
    return st;
}

/* C-2: each sacrificed guard pod adds exactly 5 to Defense. C-3 reads above 5 as no effect and
 * 1-5 as disabled, so a single guard pod that lifts a roll to exactly 6 saves the ship, and one
 * that lifts it to exactly 5 does not. */
static void test_C2_guard_pod_adds_exactly_5(void **state)
{
    (void)state;
    /* d10 1, TR 0: 1 without guard pods: disabled */
    assert_int_equal(same_hex_attack(0, 0, 1, 0, 1), JS_SHIP_DISABLED);
    /* one guard pod: 1 + 5 = 6: no effect (+4 or +3 would give 5 or 4: disabled) */
    assert_int_equal(same_hex_attack(0, 0, 1, 1, 1), JS_SHIP_ACTIVE);
    /* TR 1: 1 + 5 - 1 = 5: disabled (+6 would give 6: no effect) */
    assert_int_equal(same_hex_attack(0, 1, 1, 1, 1), JS_SHIP_DISABLED);
    /* two guard pods add 10: TR 5: 1 + 10 - 5 = 6: no effect (4 each: 4, disabled) */
    assert_int_equal(same_hex_attack(0, 5, 2, 2, 1), JS_SHIP_ACTIVE);
    /* TR 6: 1 + 10 - 6 = 5: disabled (6 each: 7, no effect) */
    assert_int_equal(same_hex_attack(0, 6, 2, 2, 1), JS_SHIP_DISABLED);
    /* only one of the two sacrificed: 1 + 5 - 5 = 1: disabled */
    assert_int_equal(same_hex_attack(0, 5, 2, 1, 1), JS_SHIP_DISABLED);
}

/* C-3 against a ship: below 1 destroyed, 1-5 disabled, above 5 no effect (TR shifts the sum). */
static void test_C3_ship_thresholds_0_1_5_6(void **state)
{
    (void)state;
    assert_int_equal(same_hex_attack(0, 1, 0, 0, 1), JS_SHIP_DESTROYED); /* 1 - 1 = 0 */
    assert_int_equal(same_hex_attack(0, 0, 0, 0, 1), JS_SHIP_DISABLED);  /* 1 */
    assert_int_equal(same_hex_attack(0, 0, 0, 0, 5), JS_SHIP_DISABLED);  /* 5 */
    assert_int_equal(same_hex_attack(0, 0, 0, 0, 6), JS_SHIP_ACTIVE);    /* 6 */
}

/* C-4 (attack_to_disable): 2 or less disabled, 3-4 destroyed, 5+ no effect. */
static void test_C4_attack_to_disable_thresholds_2_3_4_5(void **state)
{
    (void)state;
    uint32_t o = JS_OPT_ATTACK_TO_DISABLE;
    assert_int_equal(same_hex_attack(o, 0, 0, 0, 2), JS_SHIP_DISABLED);
    assert_int_equal(same_hex_attack(o, 0, 0, 0, 3), JS_SHIP_DESTROYED);
    assert_int_equal(same_hex_attack(o, 0, 0, 0, 4), JS_SHIP_DESTROYED);
    assert_int_equal(same_hex_attack(o, 0, 0, 0, 5), JS_SHIP_ACTIVE);
    /* a guard pod counts here too: 1 + 5 - 2 (TR 2) = 4: destroyed, not disabled */
    assert_int_equal(same_hex_attack(o, 2, 1, 1, 1), JS_SHIP_DESTROYED);
}

/* ---------------------------------------------------------------- C-3 range term */

/* A's carrier at (4,5) facing N, card TR `card_tr`, launches one pod in turn 1 that flies N:
 * (4,4) in turn 1's second pod movement, (4,3) and (4,2) in turn 2's two. In turn 2 the
 * carrier goes `astern` hexes south, so in turn 2's pod combat the range from it to B's
 * target at (4,2) is 3 + astern. Its TR is then card_tr - 1 (R-1: one group). Phases equal,
 * Defense 0: the sum is d10 + min(floor(range / 5), TR) - TR. Returns the target's state. */
static int range_attack(int astern, int card_tr, int d10)
{
    js_scenario *s = tl_scenario(10, 16);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 8);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    s->cards[car].tr = (int8_t)card_tr;
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
    s->cards[tg].hull = 3;
    tl_unit_at(s, car, JS_SIDE_A, 4, 5, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 2, 1);
    int dice[] = {d10};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, launch_pods(5, 1));
    js_order back = tl_order(5);
    back.move = (int8_t)astern;
    back.astern = 1;
    tl_plot(g, 0, 1, back);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->turn, 2);
    assert_int_equal(tl_pod_at(g, 4, 2), 0);
    assert_int_equal(js_unit_distance(st, 0, 1), 3 + astern);
    assert_int_equal(st->ships[0].tr, card_tr - 1);
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(js_dice_left(g), 0);
    int res = tl_ship(g, 1)->state;
    js_game_destroy(g);
    free(s);
    return res;
}

/* C-3: floor(range / 5) steps up at range 5 and 10, not at 4 or 9. */
static void test_C3_range_term_steps_at_5_and_10(void **state)
{
    (void)state;
    /* range 4, TR 1: min(0, 1) - 1 = -1: d10 1 -> 0: destroyed */
    assert_int_equal(range_attack(1, 2, 1), JS_SHIP_DESTROYED);
    /* range 5, TR 1: min(1, 1) - 1 = 0: d10 1 -> 1: disabled */
    assert_int_equal(range_attack(2, 2, 1), JS_SHIP_DISABLED);
    /* range 9, TR 2: min(1, 2) - 2 = -1: d10 1 -> 0: destroyed */
    assert_int_equal(range_attack(6, 3, 1), JS_SHIP_DESTROYED);
    /* range 10, TR 2: min(2, 2) - 2 = 0: d10 1 -> 1: disabled */
    assert_int_equal(range_attack(7, 3, 1), JS_SHIP_DISABLED);
}

/* C-3: the range term never exceeds TR: min(floor(range / 5), TR). */
static void test_C3_range_term_capped_at_TR(void **state)
{
    (void)state;
    /* range 10, TR 1: min(2, 1) - 1 = 0 (not 2 - 1 = +1): d10 5 -> 5: disabled; 6 -> 6: none */
    assert_int_equal(range_attack(7, 2, 5), JS_SHIP_DISABLED);
    assert_int_equal(range_attack(7, 2, 6), JS_SHIP_ACTIVE);
    /* range 10, TR 0: min(2, 0) - 0 = 0: d10 5 -> 5: disabled */
    assert_int_equal(range_attack(7, 1, 5), JS_SHIP_DISABLED);
}

/* ---------------------------------------------------------------- C-3 against a pod group */

/* A's group (phase 5) and B's group (phase 7) meet in (4,8); A's carrier is 1 away (range term
 * 0, TR 0); pod defense 0 (U-3): d10 + 2. Returns whether B's group survives. */
static int pod_on_pod(int d10)
{
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 2);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    tl_unit_at(s, car, JS_SIDE_A, 4, 9, 1);
    tl_unit_at(s, car, JS_SIDE_B, 4, 7, 4);
    s->units[1].place[0].phase = 7;
    int dice[] = {d10};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, launch_pods(5, 1));
    tl_plot(g, 1, 0, launch_pods(7, 4));
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    const js_state *st = js_game_state(g);
    int pa = -1, pb = -1;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, tl_hex(4, 8)))
            *(st->pods[i].side == JS_SIDE_A ? &pa : &pb) = i;
    assert_true(pa >= 0 && pb >= 0);
    tl_pod_attack(g, pa, pb, 1, 1);
    assert_int_equal(js_dice_left(g), 0);
    int alive = st->pods[pb].alive;
    js_game_destroy(g);
    free(s);
    return alive;
}

/* C-3: a pod group is destroyed on 5 or less, untouched above 5. */
static void test_C3_pod_group_target_threshold_5_6(void **state)
{
    (void)state;
    assert_int_equal(pod_on_pod(3), 0); /* 3 + 2 = 5: destroyed */
    assert_int_equal(pod_on_pod(4), 1); /* 4 + 2 = 6: no effect */
}

/* ---------------------------------------------------------------- C-1 flight */

/* C-1: the missile flies up to 5 hexes: a unit 5 hexes ahead is struck, one 6 ahead is not. */
static void test_C1_missile_reaches_5_not_6(void **state)
{
    (void)state;
    for (int dist = 5; dist <= 6; dist++) {
        js_scenario *s = tl_scenario(10, 16);
        int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 2);
        s->cards[sh].fwd_launchers = 1;
        s->cards[sh].missiles = 1;
        int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
        s->cards[tg].hull = 3;
        tl_unit_at(s, sh, JS_SIDE_A, 4, 14, 1);
        tl_unit_at(s, tg, JS_SIDE_B, 4, 14 - dist, 1);
        static const int dice[] = {3}; /* disabled, if it strikes */
        js_game *g = tl_game(s, dice, 1);
        tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
        tl_run_until(g, JS_WAIT_MISSILE);
        tl_missile(g, tl_missile_at(g, 4, 14));
        if (dist == 5) {
            assert_int_equal(tl_last_event(g, JS_EV_MISSILE_FLY)->value, 5);
            assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_DISABLED);
            assert_int_equal(js_dice_left(g), 0);
        } else {
            assert_null(tl_last_event(g, JS_EV_MISSILE_FLY));
            assert_int_equal(tl_last_event(g, JS_EV_MISSILE_GONE)->value, 5);
            assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
            assert_int_equal(js_dice_left(g), 1);
        }
        js_game_destroy(g);
        free(s);
    }
}

/* ---------------------------------------------------------------- C-5 against pods */

/* C-5: B's ship shares (4,6) with A's holding two-pod group: 2d10 totalling 2 destroys one pod,
 * 3 does not (either way round). */
static void test_C5_ship_on_pods_2_hits_3_misses(void **state)
{
    (void)state;
    static const int rolls[3][2] = {{1, 1}, {1, 2}, {2, 1}};
    for (int k = 0; k < 3; k++) {
        js_scenario *s = tl_scenario(10, 14);
        int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 2);
        s->cards[car].pod_squadrons = 1;
        s->cards[car].pods_per_squadron = 2;
        int tg = tl_card(s, "ship", JS_SIZE_SMALL, 1, 2);
        tl_unit_at(s, car, JS_SIDE_A, 4, 6, 1);
        tl_unit_at(s, tg, JS_SIDE_B, 4, 6, 1);
        int dice[] = {rolls[k][0], rolls[k][1]};
        js_game *g = tl_game(s, dice, 2);
        tl_plot(g, 0, 0, launch_pods(5, 1));
        tl_run_until(g, JS_WAIT_POD_MOVE);
        tl_pod_move(g, 0, 1);
        tl_run_to_plot(g, 2);
        assert_int_equal(js_dice_left(g), 0);
        assert_int_equal(js_game_state(g)->pods[0].pods, k == 0 ? 1 : 2);
        js_game_destroy(g);
        free(s);
    }
}

/* C-5, C-3: a ship's 2d10 of 2 on a one-pod group destroys its last pod: the group is gone. */
static void test_C5_last_pod_destroyed_removes_group(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 2);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 1;
    int tg = tl_card(s, "ship", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, car, JS_SIDE_A, 4, 6, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 6, 1);
    static const int dice[] = {1, 1};
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, launch_pods(5, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_run_to_plot(g, 2);
    assert_int_equal(js_dice_left(g), 0);
    assert_int_equal(js_game_state(g)->pods[0].alive, 0);
    assert_int_equal(tl_pods_alive(g), 0);
    const js_event *e = tl_last_event(g, JS_EV_POD_REMOVED);
    assert_non_null(e);
    assert_int_equal(e->a, 0);
    js_game_destroy(g);
    free(s);
}

/* C-3: the odds the attack screen shows follow the same table: per pod, the faces of the d10
 * that give each result; the worst of the pods counts. */
static void test_C3_attack_odds_follow_the_thresholds(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int car = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 2);
    s->cards[car].pod_squadrons = 1;
    s->cards[car].pods_per_squadron = 2;
    s->cards[car].tr = 1;
    int tg = tl_card(s, "target", JS_SIZE_SMALL, 1, 2);
    s->cards[tg].guard_pods = 1;
    tl_unit_at(s, car, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, tg, JS_SIDE_B, 4, 8, 1);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, launch_pods(5, 1));
    tl_run_until(g, JS_WAIT_POD_MOVE);
    tl_pod_move(g, 0, 1);
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    const js_state *st = js_game_state(g);
    int o[3];
    /* d10 - 1 (TR 1, range 0): face 1 -> 0 destroyed; 2..6 -> 1..5 disabled; 7..10 none */
    js_pod_attack_odds(st, 0, 1, false, 1, 0, o);
    assert_int_equal(o[0], 100);
    assert_int_equal(o[1], 500);
    assert_int_equal(o[2], 400);
    /* two pods: none only if both miss (0.16); destroyed if either rolls 1 (1 - 0.81) */
    js_pod_attack_odds(st, 0, 1, false, 2, 0, o);
    assert_int_equal(o[2], 160);
    assert_int_equal(o[0], 190);
    assert_int_equal(o[1], 650);
    /* one guard pod: d10 + 4: 5 disabled (face 1), 6.. none */
    js_pod_attack_odds(st, 0, 1, false, 1, 1, o);
    assert_int_equal(o[0], 0);
    assert_int_equal(o[1], 100);
    assert_int_equal(o[2], 900);
    /* nothing to show for no pods, a dead group or an illegal target */
    js_pod_attack_odds(st, 0, 1, false, 0, 0, o);
    assert_int_equal(o[0] + o[1] + o[2], 0);
    js_pod_attack_odds(st, 5, 1, false, 1, 0, o);
    assert_int_equal(o[0] + o[1] + o[2], 0);
    js_pod_attack_odds(st, 0, 0, false, 1, 0, o); /* its own controller */
    assert_int_equal(o[0] + o[1] + o[2], 0);
    js_game_destroy(g);
    free(s);
}

/* ---------------------------------------------------------------- D-1 */

/* A's small ship (shields, hull as given) steps from (2,10) to (2,9), next to B's large ship
 * (centre (2,7), south hex (2,8)): ECM d8 5 deals 3 (V-4). */
static const js_ship *ecm_three(js_game **gout, js_scenario **sout, int shields, int hull)
{
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "mover", JS_SIZE_SMALL, 1, 2);
    s->cards[sm].shields = (int8_t)shields;
    s->cards[sm].hull = (int8_t)hull;
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, big, JS_SIDE_B, 2, 7, 1);
    static const int dice[] = {5};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .move = 1});
    tl_run_to_plot(g, 2);
    assert_int_equal(js_dice_left(g), 0);
    assert_int_equal(tl_last_event(g, JS_EV_DAMAGE)->value, 3);
    *gout = g;
    *sout = s;
    return tl_ship(g, 0);
}

/* D-1: shields take damage first; the ship is destroyed when hull damage reaches the hull value,
 * not one before. */
static void test_D1_destroyed_exactly_at_hull_value(void **state)
{
    (void)state;
    js_game *g;
    js_scenario *s;
    /* shields 1, hull 2: 1 on the shields, 2 on the hull = hull: destroyed */
    const js_ship *sh = ecm_three(&g, &s, 1, 2);
    assert_int_equal(sh->shields, 0);
    assert_int_equal(sh->hull_damage, 2);
    assert_int_equal(sh->state, JS_SHIP_DESTROYED);
    js_game_destroy(g);
    free(s);
    /* shields 2, hull 2: 2 on the shields, 1 on the hull = hull - 1: still active */
    sh = ecm_three(&g, &s, 2, 2);
    assert_int_equal(sh->shields, 0);
    assert_int_equal(sh->hull_damage, 1);
    assert_int_equal(sh->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
    /* shields 3, hull 1: the shields take all 3, the hull nothing */
    sh = ecm_three(&g, &s, 3, 1);
    assert_int_equal(sh->shields, 0);
    assert_int_equal(sh->hull_damage, 0);
    assert_int_equal(sh->state, JS_SHIP_ACTIVE);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_C1_missile_reaches_5_not_6),
        cmocka_unit_test(test_C2_guard_pod_adds_exactly_5),
        cmocka_unit_test(test_C3_ship_thresholds_0_1_5_6),
        cmocka_unit_test(test_C3_range_term_steps_at_5_and_10),
        cmocka_unit_test(test_C3_range_term_capped_at_TR),
        cmocka_unit_test(test_C3_pod_group_target_threshold_5_6),
        cmocka_unit_test(test_C4_attack_to_disable_thresholds_2_3_4_5),
        cmocka_unit_test(test_C5_ship_on_pods_2_hits_3_misses),
        cmocka_unit_test(test_C5_last_pod_destroyed_removes_group),
        cmocka_unit_test(test_C3_attack_odds_follow_the_thresholds),
        cmocka_unit_test(test_D1_destroyed_exactly_at_hull_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
