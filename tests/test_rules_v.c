/* Rule tests, section V (movement): order within the turn, pod movement, lock-step ship
 * movement, blocked steps, large and medium ships, ECM, launch placement.
 * Expected values come from RULES.md, dice are scripted. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_order mv(int phase, int move)
{
    js_order o = tl_order(phase);
    o.move = (int8_t)move;
    return o;
}

static js_order pods_order(int dir0, int dir1, int dir2)
{
    js_order o = tl_order(5);
    o.pods = 1;
    o.pod_dir[0] = (int8_t)dir0, o.pod_dir[1] = (int8_t)dir1, o.pod_dir[2] = (int8_t)dir2;
    return o;
}

static int ev_index(const js_game *g, int type, int value, int turn)
{
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == type && e->turn == turn && (value < 0 || e->value == value))
            return i;
    }
    return -1;
}

/* A pod carrier: small, move 3, one squadron of 2 pods, 2 guard pods. */
static int carrier_card(js_scenario *s)
{
    int c = tl_card(s, "carrier", JS_SIZE_SMALL, 1, 3);
    s->cards[c].pod_squadrons = 3;
    s->cards[c].pods_per_squadron = 2;
    s->cards[c].guard_pods = 2;
    s->cards[c].hull = 5;
    return c;
}

/* V-1: guard redistribution, then phase changes, then first pod movement, ship movement,
 * second pod movement. */
static void test_V1_order_within_the_turn(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int c = carrier_card(s);
    tl_unit_at(s, c, JS_SIDE_A, 2, 12, 1);
    tl_unit_at(s, c, JS_SIDE_B, 10, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, pods_order(1, 1, 1));
    js_order o = mv(6, 1);
    o.redistribute = 1;
    o.guard[3] = 2;
    tl_plot(g, 0, 1, o);
    tl_plot(g, 0, 2, mv(6, 0));
    tl_run_to_plot(g, 2);
    tl_run_until(g, JS_WAIT_POD_MOVE); /* turn 2: guard and phase already done */
    int guard = ev_index(g, JS_EV_GUARD, -1, 2), phase = ev_index(g, JS_EV_PHASE_CHANGE, -1, 2);
    int pod1 = ev_index(g, JS_EV_PHASE, JS_PHASE_POD1, 2);
    assert_true(guard >= 0 && phase > guard && pod1 > phase);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_POD1);
    tl_pod_move(g, 0, 1); /* hold in the first, move in the second */
    tl_run_until(g, JS_WAIT_POD_MOVE);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_POD2);
    int move = ev_index(g, JS_EV_MOVE, -1, 2), pod2 = ev_index(g, JS_EV_PHASE, JS_PHASE_POD2, 2);
    assert_true(move > pod1 && pod2 > move);
    tl_pod_move(g, 0, 0);
    assert_true(ev_index(g, JS_EV_POD_MOVE, -1, 2) > pod2);
    js_game_destroy(g);
    free(s);
}

/* Both sides launch a pod group in turn 1. */
static js_game *two_groups_game(js_scenario **sout, int a_groups)
{
    js_scenario *s = tl_scenario(12, 14);
    int c = carrier_card(s);
    tl_unit_at(s, c, JS_SIDE_A, 2, 10, 1);
    if (a_groups > 1)
        tl_unit_at(s, c, JS_SIDE_A, 6, 10, 1);
    tl_unit_at(s, c, JS_SIDE_B, 10, 3, 4);
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    for (int i = 0; i < st->nships; i++)
        tl_plot(g, i, 0, pods_order(st->ships[i].side == JS_SIDE_A ? 1 : 4, 1, 1));
    *sout = s;
    return g;
}

/* V-2: A holds the initiative on odd turns, B on even turns; sides alternate; a group launched
 * this turn acts only in the second pod movement. */
static void test_V2_initiative_and_alternation(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = two_groups_game(&s, 2);
    tl_ready_both(g);
    /* turn 1: the groups were launched in ship movement, so the first pod movement had no one */
    assert_int_equal(ev_index(g, JS_EV_PHASE, JS_PHASE_POD1, 1) >= 0, 1);
    js_wait w = js_wait_get(g);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_POD2);
    assert_int_equal(w.kind, JS_WAIT_POD_MOVE);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A)); /* odd turn: A first */
    /* groups: 0 and 1 are A's (ships 0, 1), 2 is B's */
    const js_state *st = js_game_state(g);
    assert_int_equal(st->pods[0].side, JS_SIDE_A);
    assert_int_equal(st->pods[2].side, JS_SIDE_B);
    js_cmd c = tl_cmd(JS_CMD_POD_MOVE, JS_SIDE_B);
    c.unit = 2;
    tl_expect(g, &c, JS_ERR_NOT_NOW);
    tl_pod_move(g, 0, 1);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_B)); /* alternate */
    tl_pod_move(g, 2, 1);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A)); /* B has none left: A again */
    tl_pod_move(g, 1, 1);
    tl_run_until(g, JS_WAIT_POD_MOVE); /* turn 2, first pod movement */
    assert_int_equal(js_game_state(g)->turn, 2);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_POD1);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_B)); /* even turn: B first */
    assert_int_equal(js_initiative(1), JS_SIDE_A);
    assert_int_equal(js_initiative(2), JS_SIDE_B);
    js_game_destroy(g);
    free(s);
}

/* V-2 (with seed 002 §4.2.1): a group that held in the first pod movement may still move in the
 * second, so it moves at most one hex this turn; one that moved in the first may move again, two
 * hexes in all. */
static void test_V2_hold_then_move_at_most_one_hex(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = two_groups_game(&s, 2);
    tl_run_to_plot(g, 2); /* A groups at (2,9) and (6,9) after turn 1 (dir 1) */
    assert_true(tl_pod_at(g, 2, 9) == 0 && tl_pod_at(g, 6, 9) == 1);
    tl_run_until(g, JS_WAIT_POD_MOVE);
    /* turn 2 first pod movement: B first */
    tl_pod_move(g, 2, 1);
    tl_pod_move(g, 0, 0); /* moves to (2,8) */
    tl_pod_move(g, 1, 1); /* holds */
    tl_run_until(g, JS_WAIT_POD_MOVE);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_POD2);
    tl_pod_move(g, 2, 0);  /* B first on even turns */
    tl_pod_move(g, 0, 0);  /* moved in the first, moves again: (2,8) -> (2,7) */
    tl_pod_move(g, 1, 0);  /* held, now moves (6,9) -> (6,8): one hex this turn */
    assert_int_equal(js_game_state(g)->phase != JS_PHASE_POD2, 1); /* nobody left */
    assert_int_equal(tl_pod_at(g, 2, 7), 0);
    assert_int_equal(tl_pod_at(g, 6, 8), 1);
    js_game_destroy(g);
    free(s);
}

/* V-2: a pod group leaving the map is removed. */
static void test_V2_pod_group_leaving_map_removed(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int c = carrier_card(s);
    tl_unit_at(s, c, JS_SIDE_A, 0, 8, 1);
    tl_unit_at(s, c, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, pods_order(5, 5, 5)); /* SW from column 0: off the map */
    tl_run_until(g, JS_WAIT_POD_MOVE);
    assert_int_equal(tl_pods_alive(g), 1);
    tl_pod_move(g, 0, 0);
    assert_int_equal(tl_pods_alive(g), 0);
    const js_event *e = tl_last_event(g, JS_EV_POD_REMOVED);
    assert_non_null(e);
    assert_int_equal(e->a, 0);
    js_game_destroy(g);
    free(s);
}

/* V-3: lock-step impulses: in impulse k every ship with F(n), n >= k, steps. Two ships closing
 * become adjacent in the same impulse, so both are ECM'd (sequential moves would give one). */
static void test_V3_lock_step_impulses(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].shields = 2;
    s->cards[sm].hull = 3;
    tl_unit_at(s, sm, JS_SIDE_A, 4, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 3, 4);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 3, 4); /* F1 only */
    /* impulse 3: A (4,7) and B (4,6) adjacent. Rolls: B's ECM against A (5: 1 damage, small B),
     * then A's ECM against B (4: miss) */
    static const int dice[] = {5, 4};
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, mv(5, 3));
    tl_plot(g, 1, 0, mv(5, 3));
    tl_plot(g, 2, 0, mv(5, 1));
    tl_run_to_plot(g, 2);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 7);
    tl_pos(g, 1, &c, &r);
    assert_int_equal(r, 6);
    tl_pos(g, 2, &c, &r);
    assert_int_equal(r, 4);
    /* MOVE events carry the impulse: ship 2 only in impulse 1 */
    int n1 = 0, n3 = 0;
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_MOVE)
            n1 += e->value == 1, n3 += e->value == 3;
    }
    assert_int_equal(n1, 3);
    assert_int_equal(n3, 2);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 2);
    assert_int_equal(tl_ship(g, 0)->shields, 1);
    assert_int_equal(tl_ship(g, 1)->shields, 2);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(s);
}

/* V-3: every turn order is applied first, then the moves go the new way. */
static void test_V3_turn_applied_before_moves(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 10, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 2);
    o.turn = 1; /* TS: facing 2 (NE); (4,8) -> NE (5,7) -> NE (6,7) */
    tl_plot(g, 0, 0, o);
    tl_run_to_plot(g, 2);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(c, 6);
    assert_int_equal(r, 7);
    assert_int_equal(tl_ship(g, 0)->facing, 2);
    js_game_destroy(g);
    free(s);
}

/* V-3: a step off the map or onto impassable terrain is not taken and ends the move. */
static void test_V3_blocked_step_ends_move(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    tl_terrain(s, 6, 5, "rock", 1, 0, 0);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 1, 1); /* F4 north: (4,0), then off the map */
    tl_unit_at(s, sm, JS_SIDE_A, 6, 7, 1); /* F4 north: (6,6), then rock */
    tl_unit_at(s, sm, JS_SIDE_B, 0, 9, 1);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, mv(5, 4));
    tl_plot(g, 1, 0, mv(5, 4));
    tl_run_to_plot(g, 2);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 0);
    tl_pos(g, 1, &c, &r);
    assert_int_equal(r, 6);
    assert_int_equal(tl_count_events(g, JS_EV_BLOCKED), 2); /* once each: the move ends */
    js_game_destroy(g);
    free(s);
}

static bool in_fp(const js_hex *fp, int n, js_hex h)
{
    for (int i = 0; i < n; i++)
        if (js_hex_eq(fp[i], h))
            return true;
    return false;
}

/* V-3: a large ship's whole footprint shifts one hex (3 new hexes); a step putting any of its
 * hexes off the map is not taken. */
static void test_V3_large_ship_moves_whole_footprint(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 6);
    tl_unit_at(s, big, JS_SIDE_A, 5, 4, 1);
    tl_unit_at(s, tl_card(s, "sm", JS_SIZE_SMALL, 1, 1), JS_SIDE_B, 10, 10, 1);
    js_game *g = tl_game(s, NULL, 0);
    js_hex before[7], after[7];
    js_ship_footprint(js_game_state(g), 0, before);
    js_order o = mv(5, 6);
    tl_plot(g, 0, 0, o);
    tl_run_to_plot(g, 2);
    /* centre (5,4) -> (5,3) -> (5,2) -> (5,1); (5,0) would put the north hex on row -1 */
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_int_equal(r, 1);
    const js_event *e = tl_last_event(g, JS_EV_BLOCKED);
    assert_non_null(e);
    assert_int_equal(e->value, 4); /* impulse 4 */
    /* one step: 3 hexes of the new footprint were not in the old one */
    js_hex h0 = js_hex_from_offset(5, 4), h1 = js_hex_from_offset(5, 3);
    js_footprint(JS_SIZE_LARGE, h0, 1, before);
    js_footprint(JS_SIZE_LARGE, h1, 1, after);
    int fresh = 0;
    for (int i = 0; i < 7; i++)
        fresh += !in_fp(before, 7, after[i]);
    assert_int_equal(fresh, 3);
    js_game_destroy(g);
    free(s);
}

/* V-3: a medium ship's trailing hex follows its leading hex (ahead and astern). */
static void test_V3_medium_ship_stern_follows(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 3);
    tl_unit_at(s, med, JS_SIDE_A, 4, 8, 1);  /* bow (4,8), stern (4,9) */
    tl_unit_at(s, med, JS_SIDE_A, 8, 4, 1);  /* astern F2: bow (8,6), stern (8,7) */
    tl_unit_at(s, med, JS_SIDE_A, 1, 10, 1); /* astern F2: stern would leave the map at row 12 */
    tl_unit_at(s, tl_card(s, "sm", JS_SIZE_SMALL, 1, 1), JS_SIDE_B, 11, 0, 1);
    js_game *g = tl_game(s, NULL, 0);
    tl_plot(g, 0, 0, mv(5, 2));
    js_order o = mv(5, 2);
    o.astern = 1;
    tl_plot(g, 1, 0, o);
    tl_plot(g, 2, 0, o);
    tl_run_to_plot(g, 2);
    js_hex fp[7];
    const js_state *st = js_game_state(g);
    js_ship_footprint(st, 0, fp);
    assert_true(js_hex_eq(fp[0], tl_hex(4, 6)) && js_hex_eq(fp[1], tl_hex(4, 7)));
    js_ship_footprint(st, 1, fp);
    assert_true(js_hex_eq(fp[0], tl_hex(8, 6)) && js_hex_eq(fp[1], tl_hex(8, 7)));
    js_ship_footprint(st, 2, fp); /* (1,10),(1,11) -> stern to row 12 off the 12-row map */
    assert_true(js_hex_eq(fp[0], tl_hex(1, 10)) && js_hex_eq(fp[1], tl_hex(1, 11)));
    js_game_destroy(g);
    free(s);
}

/* V-3: the ghost the plotting screen draws (js_project_plan) applies the turn, then the steps,
 * as the movement phase does: a small ship TS + F2 from (4,8) ends facing NE at (6,7); a medium
 * ship at (0,5) facing N cannot turn starboard (its stern would swing off the west edge), keeps
 * facing N and makes its F1 to (0,4). The movement phase then puts both exactly there. */
static void test_V3_ghost_applies_turn_then_steps(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 8, 1);
    tl_unit_at(s, med, JS_SIDE_A, 0, 5, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 9, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 2);
    o.turn = 1;
    tl_plot(g, 0, 0, o);
    o.move = 1;
    tl_plot(g, 1, 0, o);
    js_ship_place at[JS_PLAN_DEPTH];
    js_plan_note notes[JS_PLAN_DEPTH];
    const js_state *st = js_game_state(g);
    assert_int_equal(js_project_plan(st, 0, at, notes), JS_PLAN_DEPTH);
    assert_true(js_hex_eq(at[0].hex, tl_hex(6, 7)));
    assert_int_equal(at[0].facing, 2);
    assert_int_equal(notes[0].turn_stop, JS_STOP_NONE);
    assert_int_equal(notes[0].steps, 2);
    assert_int_equal(js_project_plan(st, 1, at, notes), JS_PLAN_DEPTH);
    assert_true(js_hex_eq(at[0].hex, tl_hex(0, 4)));
    assert_int_equal(at[0].facing, 1);
    assert_int_equal(notes[0].turn_stop, JS_STOP_OFF_MAP);
    assert_int_equal(notes[0].steps, 1);
    tl_run_to_plot(g, 2);
    int c, r;
    tl_pos(g, 0, &c, &r);
    assert_true(c == 6 && r == 7);
    assert_int_equal(tl_ship(g, 0)->facing, 2);
    tl_pos(g, 1, &c, &r);
    assert_true(c == 0 && r == 4);
    assert_int_equal(tl_ship(g, 1)->facing, 1);
    js_game_destroy(g);
    free(s);
}

/* V-4: ECM d8 5+ hits; damage 1, 2, 3 for a small, medium, large enemy. */
static void ecm_case(int enemy_size, int die, int want_damage)
{
    js_scenario *s = tl_scenario(14, 14);
    int sm = tl_card(s, "mover", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].hull = 10;
    int en = tl_card(s, "enemy", enemy_size, 1, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 6, 11, 1);
    /* the enemy's nearest hex ends up at (6,7): small at (6,7); medium bow (6,6) facing N with
     * stern (6,7); large centre (6,6) with S hex (6,7). The mover ends F3 at (6,8). */
    tl_unit_at(s, en, JS_SIDE_B, 6, enemy_size == JS_SIZE_SMALL ? 7 : 6, 1);
    int dice[] = {die};
    js_game *g = tl_game(s, dice, 1);
    tl_plot(g, 0, 0, mv(5, 3));
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 1);
    const js_event *roll = tl_last_event(g, JS_EV_ROLL);
    assert_int_equal(roll->value2, 8);        /* the number die */
    assert_int_equal(roll->side, JS_SIDE_B);  /* the enemy side rolls */
    assert_int_equal(tl_ship(g, 0)->hull_damage, want_damage);
    js_game_destroy(g);
    free(s);
}

static void test_V4_ecm_d8_5_plus_damage_by_enemy_size(void **state)
{
    (void)state;
    ecm_case(JS_SIZE_SMALL, 5, 1);
    ecm_case(JS_SIZE_MEDIUM, 8, 2);
    ecm_case(JS_SIZE_LARGE, 6, 3);
    ecm_case(JS_SIZE_LARGE, 4, 0); /* 4 misses */
    ecm_case(JS_SIZE_SMALL, 1, 0);
}

/* V-4: only enemies newly adjacent after the impulse; disabled enemies project no ECM. */
static void test_V4_ecm_only_newly_adjacent_active_enemies(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    s->cards[sm].hull = 10;
    tl_unit_at(s, sm, JS_SIDE_A, 4, 8, 1); /* moves N to (4,7) */
    tl_unit_at(s, sm, JS_SIDE_B, 5, 7, 1); /* NE of (4,8) and SE of (4,7): adjacent before and after */
    tl_unit_at(s, sm, JS_SIDE_A, 10, 5, 1); /* combat pair for disabling B's ship 3 */
    tl_unit_at(s, sm, JS_SIDE_B, 10, 5, 1);
    tl_unit_at(s, sm, JS_SIDE_A, 10, 8, 1); /* turn 2: moves N to (10,7), (10,6): next to 3 */
    /* turn 1 ship combat: A's ship 2 attacks ship 3 with 2d10 = 1+1 (disabled) */
    static const int dice[] = {1, 1};
    js_game *g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, mv(5, 1));
    tl_plot(g, 4, 1, mv(5, 2));
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 0); /* no ECM: already adjacent */
    tl_ship_attack(g, 2, 3);
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_ship(g, 3)->state, JS_SHIP_DISABLED);
    tl_run_to_plot(g, 3);
    int c, r;
    tl_pos(g, 4, &c, &r);
    assert_int_equal(r, 6);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 2); /* only the two combat dice */
    assert_int_equal(tl_ship(g, 4)->hull_damage, 0);
    js_game_destroy(g);
    free(s);
}

/* V-4: placements (launches) never trigger ECM. */
static void test_V4_launch_placement_no_ecm(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_B, 4, 8, 1); /* B's ship inside A's zone (rows 8-9) */
    int res = tl_unit_reserve(s, sm, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)res;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(4, 9), 1, 5}; /* adjacent to B's ship */
    tl_ok(g, &c);
    tl_run_until(g, JS_WAIT_PLOT);
    assert_true(js_ships_adjacent(js_game_state(g), 0, 1));
    tl_run_to_plot(g, 2);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), 0);
    js_game_destroy(g);
    free(s);
}

/* V-5: missiles: forward in the bow hex facing the ship's facing, aft in the stern hex facing
 * the other way; a large ship uses the outer hex ahead or behind. Launches come after the
 * last impulse. */
static void test_V5_missile_launch_hexes(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 2);
    for (int d = sm; d <= big; d++) {
        s->cards[d].fwd_launchers = 1;
        s->cards[d].aft_launchers = 1;
        s->cards[d].missiles = 2;
    }
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);  /* F2 -> (2,8) */
    tl_unit_at(s, med, JS_SIDE_A, 6, 10, 4); /* facing S: bow (6,10), stern (6,9) */
    tl_unit_at(s, big, JS_SIDE_A, 10, 6, 1); /* centre (10,6) */
    tl_unit_at(s, sm, JS_SIDE_B, 13, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = mv(5, 2);
    o.msl_fwd = 1;
    o.msl_aft = 1;
    tl_plot(g, 0, 0, o);
    o.move = 0;
    tl_plot(g, 1, 0, o);
    tl_plot(g, 2, 0, o);
    tl_ready_both(g);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_MISSILE);
    const js_state *st = js_game_state(g);
    struct { int col, row, facing; } want[6] = {
        {2, 8, 1}, {2, 8, 4},   /* small after F2: its hex, both ways */
        {6, 10, 4}, {6, 9, 1},  /* medium: bow facing S, stern facing N */
        {10, 5, 1}, {10, 7, 4}, /* large: outer hex ahead and behind */
    };
    for (int k = 0; k < 6; k++) {
        int m = tl_missile_at(g, want[k].col, want[k].row);
        if (m < 0)
            fail_msg("no missile at (%d,%d)", want[k].col, want[k].row);
        bool found = false;
        for (int i = 0; i < JS_MAX_MISSILES; i++)
            found = found || (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, tl_hex(want[k].col, want[k].row)) &&
                              st->missiles[i].facing == want[k].facing);
        if (!found)
            fail_msg("missile at (%d,%d) does not face %d", want[k].col, want[k].row, want[k].facing);
    }
    assert_int_equal(tl_missiles_alive(g), 6);
    assert_int_equal(st->ships[0].missiles, 0);
    js_game_destroy(g);
    free(s);
}

/* V-5: a pod launch makes a group of k x pods-per-squadron pods in the centre (or bow) hex. */
static void test_V5_pod_launch_group_size_and_hex(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(14, 14);
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    s->cards[med].pod_squadrons = 3;
    s->cards[med].pods_per_squadron = 4;
    int big = tl_card(s, "big", JS_SIZE_LARGE, 1, 2);
    s->cards[big].pod_squadrons = 1;
    s->cards[big].pods_per_squadron = 5;
    tl_unit_at(s, med, JS_SIDE_A, 4, 10, 1); /* F1: bow (4,9) */
    tl_unit_at(s, big, JS_SIDE_A, 10, 6, 1);
    tl_unit_at(s, med, JS_SIDE_B, 13, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_order o = pods_order(1, 1, 1);
    o.pods = 2;
    o.move = 1;
    tl_plot(g, 0, 0, o);
    tl_plot(g, 1, 0, pods_order(4, 4, 4));
    tl_ready_both(g);
    const js_state *st = js_game_state(g);
    int p = tl_pod_at(g, 4, 9);
    assert_true(p >= 0);
    assert_int_equal(st->pods[p].pods, 8); /* 2 x 4 */
    assert_int_equal(st->pods[p].controller, 0);
    assert_int_equal(st->ships[0].pod_squadrons, 1);
    p = tl_pod_at(g, 10, 6);
    assert_true(p >= 0);
    assert_int_equal(st->pods[p].pods, 5);
    js_game_destroy(g);
    free(s);
}

/* V-6 (the part that exists now): cards arriving this turn (launches, L) are placed before
 * movement, plot three turns and move with everyone else. J/K deployments come later. */
static void test_V6_arrivals_move_in_their_first_turn(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    int res = tl_unit_reserve(s, sm, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = (int16_t)res;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    tl_ok(g, &c);
    tl_run_until(g, JS_WAIT_PLOT);
    int ship = js_game_state(g)->units[res].first_ship;
    tl_plot(g, ship, 0, mv(5, 3));
    tl_plot(g, ship, 1, mv(5, 1));
    tl_run_to_plot(g, 2);
    int col, row;
    tl_pos(g, ship, &col, &row);
    assert_int_equal(row, 6);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_V1_order_within_the_turn),
        cmocka_unit_test(test_V2_initiative_and_alternation),
        cmocka_unit_test(test_V2_hold_then_move_at_most_one_hex),
        cmocka_unit_test(test_V2_pod_group_leaving_map_removed),
        cmocka_unit_test(test_V3_lock_step_impulses),
        cmocka_unit_test(test_V3_turn_applied_before_moves),
        cmocka_unit_test(test_V3_blocked_step_ends_move),
        cmocka_unit_test(test_V3_large_ship_moves_whole_footprint),
        cmocka_unit_test(test_V3_medium_ship_stern_follows),
        cmocka_unit_test(test_V3_ghost_applies_turn_then_steps),
        cmocka_unit_test(test_V4_ecm_d8_5_plus_damage_by_enemy_size),
        cmocka_unit_test(test_V4_ecm_only_newly_adjacent_active_enemies),
        cmocka_unit_test(test_V4_launch_placement_no_ecm),
        cmocka_unit_test(test_V5_missile_launch_hexes),
        cmocka_unit_test(test_V5_pod_launch_group_size_and_hex),
        cmocka_unit_test(test_V6_arrivals_move_in_their_first_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
