/* The reference players of `jumpstrike-sim arena` (src/cli/ref_player.c, issue 25): the sitter
 * never closes on the enemy and fires when an enemy stands in its line, and keeps its missiles
 * when none does; the rusher closes the distance every turn. Hand-built positions, side B an idle
 * opponent that plots nothing (its ship stands still, P-1's default orders). */
#include "testlib.h"
#include "cli.h"
#include "js_ai.h"
#include <stdlib.h>
#include <string.h>

/* Two frigates on a 16x12 map: A's at (ac,ar) facing af, B's at (bc,br) facing 4. */
static js_game *duel(int ac, int ar, int af, int bc, int br, int missiles)
{
    js_scenario *s = tl_scenario(16, 12);
    int d = tl_card(s, "frigate", JS_SIZE_SMALL, 1, 4);
    js_card_def *c = &s->cards[d];
    c->fwd_launchers = 2, c->missiles = (int8_t)missiles, c->shields = 3, c->hull = 4, c->mass = 10;
    c->points = 10, c->tr = 2, c->defense = 2, c->activation_cost = 1;
    s->target_points = 0;
    tl_unit_at(s, d, JS_SIDE_A, ac, ar, af);
    tl_unit_at(s, d, JS_SIDE_B, bc, br, 4);
    js_game *g = tl_game_dice(s, JS_DICE_SEEDED, 7, NULL, 0);
    free(s);
    return g;
}

/* B's answer: commit every secret decision as it stands, hold pods, fire missiles, pass. */
static js_cmd idle(const js_game *g, js_wait w)
{
    const js_state *st = js_game_state(g);
    js_cmd c = js_cmd_new(JS_CMD_READY, JS_SIDE_B);
    if (w.kind == JS_WAIT_POD_ATTACK)
        c = js_cmd_new(JS_CMD_POD_ATTACK, JS_SIDE_B), c.unit = -1;
    else if (w.kind == JS_WAIT_GUARD)
        c = js_cmd_new(JS_CMD_GUARD, JS_SIDE_B);
    else if (w.kind == JS_WAIT_POD_MOVE || w.kind == JS_WAIT_MISSILE) {
        c = js_cmd_new(w.kind == JS_WAIT_POD_MOVE ? JS_CMD_POD_MOVE : JS_CMD_MISSILE, JS_SIDE_B);
        c.hold = 1;
        for (int i = JS_MAX_PODS - 1; i >= 0; i--)
            if (w.kind == JS_WAIT_POD_MOVE ? st->pods[i].alive && st->pods[i].side == JS_SIDE_B
                                          : st->missiles[i].alive && st->missiles[i].side == JS_SIDE_B)
                c.unit = (int16_t)i;
    }
    return c;
}

/* Play until the plotting phase of turn `turn` (or the end): A is the reference player. */
static void play_to(js_game *g, cli_ref *ref, int turn)
{
    js_view *v = malloc(sizeof *v);
    for (int n = 0; n < 5000; n++) {
        js_wait w = js_wait_get(g);
        const js_state *st = js_game_state(g);
        if (w.kind == JS_WAIT_NONE || (st->turn >= turn && st->phase == JS_PHASE_PLOT))
            break;
        js_cmd c;
        if (w.sides & JS_SIDE_MASK(JS_SIDE_A)) {
            js_view_build(g, JS_SIDE_A, v);
            assert_int_equal(cli_ref_decide(ref, v, &c), JS_AI_OK);
        } else {
            c = idle(g, w);
        }
        tl_ok(g, &c);
    }
    free(v);
}

/* The orders A's ship plots this phase (all of its answer up to READY, applied to g). */
static void plot_now(js_game *g, cli_ref *ref)
{
    js_view *v = malloc(sizeof *v);
    for (int n = 0; n < 20 && (js_wait_get(g).sides & JS_SIDE_MASK(JS_SIDE_A)); n++) {
        js_view_build(g, JS_SIDE_A, v);
        js_cmd c;
        assert_int_equal(cli_ref_decide(ref, v, &c), JS_AI_OK);
        tl_ok(g, &c);
        if (c.type == JS_CMD_READY)
            break;
    }
    free(v);
}

static int missiles_plotted(const js_game *g, int ship)
{
    int n = 0;
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        n += tl_ship(g, ship)->plan[k].msl_fwd + tl_ship(g, ship)->plan[k].msl_aft;
    return n;
}

/* C-1: an enemy three hexes ahead, standing still: the sitter fires both forward launchers in
 * turn 1, and holds or backs off (astern, the enemy still in its line). */
static void test_C1_sitter_fires_at_an_enemy_in_its_line(void **state)
{
    (void)state;
    js_game *g = duel(8, 9, 1, 8, 6, 6);
    cli_ref *ref = cli_ref_create(CLI_REF_SITTER, JS_SIDE_A, 1);
    play_to(g, ref, 1);
    plot_now(g, ref);
    assert_int_equal(tl_ship(g, 0)->plan[0].msl_fwd, 2);
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        assert_true(tl_ship(g, 0)->plan[k].move == 0 || tl_ship(g, 0)->plan[k].astern);
    cli_ref_destroy(ref);
    js_game_destroy(g);
}

/* C-1: an enemy dead ahead but out of missile range (nine hexes): over six turns the sitter never
 * comes nearer to it (a few hexes ahead would bring it into range; the enemy stands still, so
 * any step closer would show) and keeps its missiles, whose line holds no enemy. */
static void test_sitter_never_closes_and_keeps_missiles_off_the_line(void **state)
{
    (void)state;
    js_game *g = duel(8, 10, 1, 8, 1, 6);
    cli_ref *ref = cli_ref_create(CLI_REF_SITTER, JS_SIDE_A, 1);
    int last = js_unit_distance(js_game_state(g), 0, 1);
    for (int t = 1; t <= 6; t++) {
        play_to(g, ref, t);
        if (js_game_state(g)->phase == JS_PHASE_OVER)
            break;
        int d = js_unit_distance(js_game_state(g), 0, 1);
        assert_true(d >= last);
        last = d;
        plot_now(g, ref);
        assert_int_equal(missiles_plotted(g, 0), 0);
    }
    assert_int_equal(tl_count_events(g, JS_EV_MISSILE_LAUNCH), 0);
    cli_ref_destroy(ref);
    js_game_destroy(g);
}

/* The sitter backs away from an enemy close by that is not in its line. */
static void test_sitter_keeps_its_distance(void **state)
{
    (void)state;
    js_game *g = duel(8, 6, 1, 10, 6, 0);
    cli_ref *ref = cli_ref_create(CLI_REF_SITTER, JS_SIDE_A, 1);
    int d0 = js_unit_distance(js_game_state(g), 0, 1);
    play_to(g, ref, 3);
    assert_true(js_unit_distance(js_game_state(g), 0, 1) > d0);
    cli_ref_destroy(ref);
    js_game_destroy(g);
}

/* The rusher: from across the map, every turn nearer the enemy until alongside it. */
static void test_rusher_closes_every_turn(void **state)
{
    (void)state;
    js_game *g = duel(12, 10, 1, 3, 1, 0);
    cli_ref *ref = cli_ref_create(CLI_REF_RUSHER, JS_SIDE_A, 1);
    int last = js_unit_distance(js_game_state(g), 0, 1);
    assert_true(last >= 9);
    int t = 2;
    for (; t <= 8 && last > 1; t++) {
        play_to(g, ref, t);
        int d = js_unit_distance(js_game_state(g), 0, 1);
        assert_true(d < last);
        last = d;
    }
    assert_true(last <= 1);
    assert_true(t <= 6); /* at four hexes a turn: about ten hexes in three or four turns */
    cli_ref_destroy(ref);
    js_game_destroy(g);
}

/* A rusher whose line holds the enemy fires in it. */
static void test_C1_rusher_fires_when_a_line_holds_an_enemy(void **state)
{
    (void)state;
    js_game *g = duel(8, 10, 1, 8, 2, 6);
    cli_ref *ref = cli_ref_create(CLI_REF_RUSHER, JS_SIDE_A, 1);
    play_to(g, ref, 1);
    plot_now(g, ref);
    assert_true(missiles_plotted(g, 0) > 0);
    cli_ref_destroy(ref);
    js_game_destroy(g);
}

static void test_names(void **state)
{
    (void)state;
    assert_int_equal(cli_ref_parse("sitter"), CLI_REF_SITTER);
    assert_int_equal(cli_ref_parse("rusher"), CLI_REF_RUSHER);
    assert_int_equal(cli_ref_parse("camper"), -1);
    assert_null(cli_ref_create(CLI_REF_KINDS, JS_SIDE_A, 1));
    assert_null(cli_ref_create(CLI_REF_SITTER, 2, 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_C1_sitter_fires_at_an_enemy_in_its_line),
        cmocka_unit_test(test_sitter_never_closes_and_keeps_missiles_off_the_line),
        cmocka_unit_test(test_sitter_keeps_its_distance),
        cmocka_unit_test(test_rusher_closes_every_turn),
        cmocka_unit_test(test_C1_rusher_fires_when_a_line_holds_an_enemy),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
