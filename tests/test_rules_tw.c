/* Rule tests, sections T (the turn sequence, and what js_wait_get reports) and W (victory). */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static int phase_ev(const js_game *g, int turn, int phase)
{
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_PHASE && e->turn == turn && e->value == phase)
            return i;
    }
    return -1;
}

/* A small battle: A launches from the reserve, both sides have pods, a missile and a shared hex. */
static js_game *busy_game(js_scenario **sout)
{
    js_scenario *s = tl_scenario(12, 14);
    int c = tl_card(s, "all", JS_SIZE_SMALL, 1, 3);
    s->cards[c].fwd_launchers = 1;
    s->cards[c].missiles = 1;
    s->cards[c].pod_squadrons = 1;
    s->cards[c].pods_per_squadron = 1;
    s->cards[c].hull = 9;
    tl_unit_at(s, c, JS_SIDE_A, 4, 7, 1);
    tl_unit_at(s, c, JS_SIDE_B, 4, 7, 4);
    tl_unit_reserve(s, c, JS_SIDE_A);
    tl_unit_reserve(s, c, JS_SIDE_B);
    *sout = s;
    return tl_game(s, NULL, 0);
}

/* T-1: income first, then each side chooses launches in secret; revealed when both committed. */
static void test_T1_command_phase(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = busy_game(&s);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_COMMAND);
    assert_int_equal(w.secret, 1);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    assert_true(tl_find_event(g, JS_EV_ENERGY, 0) > phase_ev(g, 1, JS_PHASE_COMMAND));
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = 2;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 12), 1, 5};
    tl_ok(g, &c);
    tl_ready(g, JS_SIDE_A);
    w = js_wait_get(g);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_B));
    assert_int_equal(tl_count_events(g, JS_EV_LAUNCH), 0); /* not before B commits */
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(tl_count_events(g, JS_EV_LAUNCH), 1);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    js_game_destroy(g);
    free(s);
}

static js_status check(const js_game *g, int type, int side, int unit)
{
    js_cmd c = tl_cmd(type, side);
    c.unit = (int16_t)unit;
    c.count = 1;
    c.slot = 2;
    c.dir = 1;
    c.order = tl_order(5);
    char why[JS_REASON_LEN] = "";
    js_status st = js_check(g, &c, why, sizeof why);
    if (st != JS_OK && !why[0])
        fail_msg("%s refused without a reason", js_cmd_type_name(type));
    return st;
}

/* T: the game waits for one kind of decision at a time; a command of another kind, from a side
 * that already answered or whose turn it is not, or naming a unit that is not there or not its
 * own, is refused with a reason and changes nothing. */
static void test_T_commands_out_of_turn_refused(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int c = tl_card(s, "all", JS_SIZE_SMALL, 1, 3);
    s->cards[c].fwd_launchers = 1;
    s->cards[c].missiles = 1;
    s->cards[c].pod_squadrons = 1;
    s->cards[c].pods_per_squadron = 1;
    s->cards[c].guard_pods = 1;
    s->cards[c].hull = 9;
    tl_unit_at(s, c, JS_SIDE_A, 4, 7, 1); /* ship 0 */
    tl_unit_at(s, c, JS_SIDE_B, 4, 7, 4); /* ship 1 */
    tl_unit_reserve(s, c, JS_SIDE_A);
    static const int dice[] = {10}; /* A's pod: 10 + 0 + 0 + 0: no effect */
    js_game *g = tl_game(s, dice, 1);
    uint64_t h = js_game_hash(g);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A)); /* B has nothing to launch */
    assert_int_equal(check(g, JS_CMD_LAUNCH, JS_SIDE_B, 1), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_PLAY_CARD, JS_SIDE_B, 0), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_PLOT, JS_SIDE_A, 0), JS_ERR_NOT_NOW);     /* T-1 first */
    assert_int_equal(check(g, JS_CMD_PLOT_POD, JS_SIDE_A, 0), JS_ERR_NOT_NOW);
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    h = js_game_hash(g);
    static const int others[] = {JS_CMD_LAUNCH, JS_CMD_LAUNCH_CARGO, JS_CMD_CANCEL_LAUNCH, JS_CMD_POD_MOVE,
                                 JS_CMD_MISSILE, JS_CMD_POD_ATTACK, JS_CMD_GUARD, JS_CMD_SHIP_ATTACK,
                                 JS_CMD_DIE, JS_CMD_BUY, JS_CMD_PLACE_JP, JS_CMD_VANGUARD,
                                 JS_CMD_PLAY_CARD, JS_CMD_DISCARD};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        for (int side = 0; side < JS_SIDES; side++)
            if (check(g, others[i], side, 0) != JS_ERR_NOT_NOW)
                fail_msg("%s accepted while plotting", js_cmd_type_name(others[i]));
    assert_int_equal(check(g, JS_CMD_COUNT, JS_SIDE_A, 0), JS_ERR_BAD_ARG);
    assert_int_equal(check(g, JS_CMD_READY, 2, 0), JS_ERR_BAD_ARG);
    assert_int_equal(check(g, JS_CMD_PLOT, JS_SIDE_A, 99), JS_ERR_BAD_ARG);
    assert_int_equal(check(g, JS_CMD_PLOT, JS_SIDE_A, 1), JS_ERR_ILLEGAL); /* B's ship */
    assert_int_equal(check(g, JS_CMD_PLOT_POD, JS_SIDE_A, 0), JS_ERR_BAD_ARG); /* no groups yet */
    assert_true(js_game_hash(g) == h);
    js_order o = tl_order(5);
    o.msl_fwd = 1;
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 1;
    tl_plot(g, 0, 0, o);
    tl_plot(g, 1, 0, o);
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(check(g, JS_CMD_READY, JS_SIDE_A, 0), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_PLOT, JS_SIDE_A, 0), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_PLOT_POD, JS_SIDE_A, 0), JS_ERR_NOT_NOW);
    tl_ready(g, JS_SIDE_B);
    /* second pod movement, A first: both groups hold in (4,7) */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_POD_MOVE);
    assert_int_equal(check(g, JS_CMD_POD_MOVE, JS_SIDE_B, 1), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_POD_MOVE, JS_SIDE_A, 300), JS_ERR_BAD_ARG);
    assert_int_equal(check(g, JS_CMD_POD_MOVE, JS_SIDE_A, 1), JS_ERR_ILLEGAL); /* B's group */
    assert_int_equal(check(g, JS_CMD_READY, JS_SIDE_A, 0), JS_ERR_NOT_NOW);    /* nothing secret */
    tl_pod_move(g, 0, 1);
    tl_pod_move(g, 1, 1);
    /* missiles, A first */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_MISSILE);
    const js_state *st = js_game_state(g);
    int ma = st->missiles[0].side == JS_SIDE_A ? 0 : 1, mb = 1 - ma;
    assert_int_equal(check(g, JS_CMD_MISSILE, JS_SIDE_B, mb), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_MISSILE, JS_SIDE_A, mb), JS_ERR_ILLEGAL);
    assert_int_equal(check(g, JS_CMD_MISSILE, JS_SIDE_A, 300), JS_ERR_BAD_ARG);
    tl_missile(g, ma);
    tl_missile(g, mb);
    /* pod combat, A first */
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_POD_ATTACK);
    assert_int_equal(check(g, JS_CMD_POD_ATTACK, JS_SIDE_B, 1), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, JS_CMD_POD_ATTACK, JS_SIDE_A, 300), JS_ERR_BAD_ARG);
    assert_int_equal(check(g, JS_CMD_POD_ATTACK, JS_SIDE_A, 1), JS_ERR_ILLEGAL);
    js_cmd at = tl_cmd(JS_CMD_POD_ATTACK, JS_SIDE_A);
    at.unit = 0;
    at.count = 1;
    at.target_is_pod = 1;
    at.target = 300; /* no such pod group */
    assert_int_equal(js_check(g, &at, NULL, 0), JS_ERR_ILLEGAL);
    at.target = 0; /* its own */
    assert_int_equal(js_check(g, &at, NULL, 0), JS_ERR_ILLEGAL);
    assert_int_equal(check(g, JS_CMD_GUARD, JS_SIDE_B, 0), JS_ERR_NOT_NOW); /* nothing declared */
    tl_pod_attack(g, 0, 1, 0, 1);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_GUARD);
    assert_int_equal(check(g, JS_CMD_GUARD, JS_SIDE_A, 0), JS_ERR_NOT_NOW); /* B's to answer */
    assert_int_equal(check(g, JS_CMD_POD_ATTACK, JS_SIDE_A, 0), JS_ERR_NOT_NOW);
    tl_guard(g, JS_SIDE_B, 0);
    assert_int_equal(tl_ship(g, 1)->state, JS_SHIP_ACTIVE);
    tl_pod_pass(g, JS_SIDE_B);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SHIP_ATTACK);
    assert_int_equal(check(g, JS_CMD_SHIP_ATTACK, JS_SIDE_A, 1), JS_ERR_BAD_ARG); /* B's ship */
    assert_int_equal(js_dice_left(g), 0);
    tl_run_to_plot(g, 2);
    assert_true(js_game_state(g)->pods[1].alive);
    assert_int_equal(check(g, JS_CMD_PLOT_POD, JS_SIDE_A, 1), JS_ERR_ILLEGAL); /* B's group */
    assert_string_equal(js_cmd_type_name(JS_CMD_COUNT), "?");
    assert_string_not_equal(js_cmd_type_name(JS_CMD_PLOT_POD), "?");
    assert_string_equal(js_event_type_name(-1), "?");
    assert_string_not_equal(js_event_type_name(JS_EV_ROLL), "?");
    js_game_destroy(g);
    free(s);
}

/* T-2: plotting is secret and waits for both sides. */
static void test_T2_plotting_phase(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = busy_game(&s);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_PLOT);
    assert_int_equal(w.secret, 1);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A));
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_B);
    c.unit = 1;
    c.slot = 0;
    c.order = tl_order(5);
    tl_expect(g, &c, JS_ERR_NOT_NOW); /* B has committed */
    js_game_destroy(g);
    free(s);
}

/* T-3, T-4, T-5: movement (first pod movement, ships, second pod movement), combat (missile,
 * pod, ship) and resolution follow in that order; the public choices wait for one side. */
static void test_T3_T4_T5_phase_order_and_waits(void **state)
{
    (void)state;
    js_scenario *s;
    js_game *g = busy_game(&s);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    js_order o = tl_order(5);
    o.msl_fwd = 1;
    o.pods = 1;
    o.pod_dir[0] = o.pod_dir[1] = o.pod_dir[2] = 3;
    tl_plot(g, 0, 0, o);
    tl_plot(g, 1, 0, o);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_POD_MOVE); /* second pod movement: new groups */
    assert_int_equal(w.secret, 0);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
    tl_pod_move(g, tl_pod_at(g, 4, 7), 1);
    tl_pod_move(g, tl_pod_at(g, 4, 7) == 0 ? 1 : 0, 1);
    w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_MISSILE);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
    tl_run_until(g, JS_WAIT_POD_ATTACK);
    w = js_wait_get(g);
    assert_int_equal(w.secret, 0);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    w = js_wait_get(g);
    assert_int_equal(w.secret, 1);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    tl_run_to_plot(g, 2);
    int order[] = {JS_PHASE_COMMAND, JS_PHASE_PLOT, JS_PHASE_POD1, JS_PHASE_POD2, JS_PHASE_MISSILE,
                   JS_PHASE_POD_COMBAT, JS_PHASE_SHIP_COMBAT, JS_PHASE_RESOLUTION};
    int prev = -1;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int at = phase_ev(g, 1, order[i]);
        if (at <= prev)
            fail_msg("phase %s out of order", js_phase_name(order[i]));
        prev = at;
    }
    int mv = tl_find_event(g, JS_EV_POD_LAUNCH, 0);
    assert_true(mv > phase_ev(g, 1, JS_PHASE_POD1) && mv < phase_ev(g, 1, JS_PHASE_POD2));
    /* T-5 then turn 2's command phase with its income */
    int t2 = phase_ev(g, 2, JS_PHASE_COMMAND);
    assert_true(t2 > prev);
    assert_true(tl_find_event(g, JS_EV_ENERGY, t2) > t2);
    js_game_destroy(g);
    free(s);
}

/* W-1: a destroyed ship scores its card's points / ships (rounded down); a ship still disabled at
 * the end scores half its share. W-2: after the last turn, most points wins. */
static void test_W1_points_share_and_half_for_disabled(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    s->turn_limit = 1;
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 2);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 1;
    int sq = tl_card(s, "squadron", JS_SIZE_SMALL, 3, 2);
    s->cards[sq].points = 10;
    int lone = tl_card(s, "lone", JS_SIZE_SMALL, 1, 2);
    s->cards[lone].points = 9;
    tl_unit_at(s, sh, JS_SIDE_A, 4, 10, 1); /* 0: missile north to (4,7) */
    tl_unit_at(s, sq, JS_SIDE_B, 2, 7, 4);  /* 1, 2, 3 at (2,7), (4,7), (6,7) */
    tl_unit_at(s, lone, JS_SIDE_B, 9, 5, 1); /* 4 */
    tl_unit_at(s, sh, JS_SIDE_A, 9, 5, 1);   /* 5: shares 4's hex */
    /* missile d10 = 1: ship 2 destroyed: 10 / 3 = 3. Ship 5 attacks 4: 1 + 1: disabled; at the
     * end 9 / 1 = 9, half = 4. A: 7, B: 0 */
    static const int dice[] = {1, 1, 1};
    js_game *g = tl_game(s, dice, 3);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_until(g, JS_WAIT_SHIP_ATTACK);
    tl_ship_attack(g, 5, 4);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->phase, JS_PHASE_OVER);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_NONE);
    assert_int_equal(st->points[JS_SIDE_A], 7);
    assert_int_equal(st->points[JS_SIDE_B], 0);
    assert_int_equal(st->winner, JS_SIDE_A);
    const js_event *e = tl_last_event(g, JS_EV_GAME_OVER);
    assert_non_null(e);
    assert_int_equal(e->value, 7);
    js_game_destroy(g);
    free(s);
}

static js_game *kill_game(js_scenario *s, int target, int b_reserve)
{
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 2);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 1;
    s->cards[sh].points = 3;
    s->target_points = (int16_t)target;
    tl_unit_at(s, sh, JS_SIDE_A, 4, 10, 1);
    tl_unit_at(s, sh, JS_SIDE_B, 4, 7, 1);
    tl_unit_at(s, sh, JS_SIDE_B, 10, 1, 1);
    if (b_reserve)
        tl_unit_reserve(s, sh, JS_SIDE_B);
    static const int dice[] = {1}; /* the missile destroys ship 1 */
    js_game *g = tl_game(s, dice, 1);
    if (b_reserve)
        tl_ready(g, JS_SIDE_B);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_to_plot(g, 2);
    return g;
}

/* W-2: the game ends in resolution when a side reaches the target... */
static void test_W2_ends_at_target_points(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    js_game *g = kill_game(s, 3, 0); /* 3 points for ship 1 = target 3 */
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_OVER);
    assert_int_equal(js_game_state(g)->turn, 1);
    assert_int_equal(js_game_state(g)->winner, JS_SIDE_A);
    js_game_destroy(g);
    free(s);
    s = tl_scenario(12, 14);
    g = kill_game(s, 4, 0); /* 3 < 4: play on */
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_PLOT);
    assert_int_equal(js_game_state(g)->turn, 2);
    js_game_destroy(g);
    free(s);
}

/* W-2: B reaching the target exactly ends the game too (B's missile destroys A's 3-point ship;
 * target 3); with a target of 4 the game goes on. */
static void test_W2_B_reaching_target_exactly_ends(void **state)
{
    (void)state;
    for (int target = 3; target <= 4; target++) {
        js_scenario *s = tl_scenario(12, 14);
        int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 2);
        s->cards[sh].fwd_launchers = 1;
        s->cards[sh].missiles = 1;
        s->cards[sh].points = 3;
        s->target_points = (int16_t)target;
        tl_unit_at(s, sh, JS_SIDE_B, 4, 3, 4); /* missile south: (4,4), (4,5), (4,6) */
        tl_unit_at(s, sh, JS_SIDE_A, 4, 6, 1);
        tl_unit_at(s, sh, JS_SIDE_A, 10, 12, 1);
        static const int dice[] = {1}; /* destroyed */
        js_game *g = tl_game(s, dice, 1);
        tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
        tl_run_to_plot(g, 2);
        const js_state *st = js_game_state(g);
        assert_int_equal(st->points[JS_SIDE_B], 3);
        if (target == 3) {
            assert_int_equal(st->phase, JS_PHASE_OVER);
            assert_int_equal(st->turn, 1);
            assert_int_equal(st->winner, JS_SIDE_B);
        } else {
            assert_int_equal(st->phase, JS_PHASE_PLOT);
            assert_int_equal(st->turn, 2);
        }
        js_game_destroy(g);
        free(s);
    }
}

/* W-2: ... or has no ships on the map and none left to deploy. */
static void test_W2_ends_when_a_side_has_no_ships(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 14);
    int sh = tl_card(s, "shooter", JS_SIZE_SMALL, 1, 2);
    s->cards[sh].fwd_launchers = 1;
    s->cards[sh].missiles = 1;
    s->cards[sh].points = 2;
    tl_unit_at(s, sh, JS_SIDE_A, 4, 10, 1);
    tl_unit_at(s, sh, JS_SIDE_B, 4, 7, 1);
    int r = tl_unit_reserve(s, sh, JS_SIDE_B);
    static const int dice[] = {1, 1};
    js_game *g = tl_game(s, dice, 2);
    tl_ready(g, JS_SIDE_B); /* B keeps its reserve card */
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_to_plot(g, 2);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_PLOT); /* B still has a card to launch */
    assert_int_equal(js_game_state(g)->units[r].where, JS_AT_RESERVE);
    js_game_destroy(g);
    s->nunits--; /* no reserve: B is gone with its only ship */
    g = tl_game(s, dice, 2);
    tl_plot(g, 0, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_to_plot(g, 2);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_OVER);
    assert_int_equal(js_game_state(g)->turn, 1);
    assert_int_equal(js_game_state(g)->winner, JS_SIDE_A); /* 2 points to 0 */
    assert_int_equal(tl_last_event(g, JS_EV_GAME_OVER)->cause, JS_CAUSE_NO_FORCES);
    assert_int_equal(tl_last_event(g, JS_EV_GAME_OVER)->a, JS_SIDE_B);
    js_game_destroy(g);
    free(s);
}

/* W-2: ... or after the last turn; equal points is a draw. */
static void test_W2_turn_limit_and_draw(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    s->turn_limit = 3;
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 8, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    tl_run_until(g, JS_WAIT_NONE);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->phase, JS_PHASE_OVER);
    assert_int_equal(st->turn, 3);
    assert_int_equal(st->winner, -1);
    assert_int_equal(tl_last_event(g, JS_EV_GAME_OVER)->cause, JS_CAUSE_LAST_TURN);
    assert_int_equal(tl_last_event(g, JS_EV_GAME_OVER)->side, -1); /* a draw */
    js_cmd c = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    tl_expect(g, &c, JS_ERR_NOT_NOW);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_T1_command_phase),
        cmocka_unit_test(test_T2_plotting_phase),
        cmocka_unit_test(test_T_commands_out_of_turn_refused),
        cmocka_unit_test(test_T3_T4_T5_phase_order_and_waits),
        cmocka_unit_test(test_W1_points_share_and_half_for_disabled),
        cmocka_unit_test(test_W2_ends_at_target_points),
        cmocka_unit_test(test_W2_B_reaching_target_exactly_ends),
        cmocka_unit_test(test_W2_ends_when_a_side_has_no_ships),
        cmocka_unit_test(test_W2_turn_limit_and_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
