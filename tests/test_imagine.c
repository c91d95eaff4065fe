/* js_game_from_state: the games a computer player imagines from its view. A game made from
 * another's whole state plays on exactly like it; a bare view is refused until its gaps are
 * guessed; broken ids are refused with a reason, never followed. */
#include "testlib.h"
#include "cli.h"
#include "jsd.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *full_json(const js_game *g)
{
    js_view *v = malloc(sizeof *v);
    js_view_build(g, -1, v);
    char *s = jsd_view_to_json(v, false);
    free(v);
    return s;
}

/* From many positions of random games, a copy made from the state (with the same dice state)
 * follows the original command for command; so does one quiet game started over from each of
 * those states (js_game_restart), with the same hashes and events, their sentences left out. */
static void follow(const char *name)
{
    js_scenario *scn = tl_load_scenario(name);
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 77};
    js_game *g = js_game_create(scn, &dice, NULL, 0);
    assert_non_null(g);
    cli_rng r = {5};
    js_cmd cmd;
    int copies = 0;
    js_game *q = NULL;
    for (int n = 0; n < 1500 && cli_random_command(g, &r, &cmd); n++) {
        if (n % 50 == 0) {
            char reason[JS_REASON_LEN] = "";
            js_game *c = js_game_from_state(js_game_state(g), js_game_state(g)->rng, reason, sizeof reason);
            if (!c)
                fail_msg("%s command %d: %s", name, n, reason);
            assert_int_equal(js_log_count(c), 0);
            js_game *o = js_game_clone(g);
            /* the search's way: one quiet game, started over from each state */
            if (!q) {
                assert_non_null(q = js_game_from_state(js_game_state(g), 1, NULL, 0));
                js_game_set_quiet(q, true);
            }
            assert_true(js_game_restart(q, js_game_state(g), js_game_state(g)->rng));
            assert_int_equal(js_log_count(q), 0);
            cli_rng r2 = r;
            js_cmd a;
            for (int k = 0; k < 100 && cli_random_command(o, &r2, &a); k++) {
                int st = js_submit(o, &a, NULL, 0);
                assert_int_equal(st, js_submit(c, &a, NULL, 0));
                assert_int_equal(st, js_submit(q, &a, NULL, 0));
                char *x = full_json(o), *y = full_json(c);
                assert_string_equal(x, y);
                free(x), free(y);
                assert_true(js_game_hash(c) == js_game_hash(q));
                assert_int_equal(js_log_count(c), js_log_count(q));
                for (int e = 0; e < js_log_count(q); e++) { /* the typed fields, no sentence */
                    js_event ec = *js_log_at(c, e), eq = *js_log_at(q, e);
                    assert_string_equal(eq.text, "");
                    memset(ec.text, 0, sizeof ec.text), memset(ec.rule, 0, sizeof ec.rule);
                    assert_memory_equal(&ec, &eq, sizeof ec);
                }
            }
            js_game_destroy(o);
            js_game_destroy(c);
            copies++;
        }
        js_submit(g, &cmd, NULL, 0);
    }
    assert_true(copies >= 3);
    js_game_destroy(q);
    js_game_destroy(g);
    free(scn);
}

static void test_from_state_plays_on_like_the_original(void **state)
{
    (void)state;
    follow("carrier_strike.json");
    follow("jump_raid.json");
}

/* a side's view hides the other side's reserve and plots; the engine will not run a game on
 * those gaps, and says which gap, until they are filled with guesses. */
static void test_X2_view_needs_guesses(void **state)
{
    (void)state;
    js_scenario *scn = tl_load_scenario("carrier_strike.json");
    js_game *g = tl_game(scn, NULL, 0);
    js_view *v = malloc(sizeof *v);
    js_view_build(g, JS_SIDE_A, v);
    char reason[JS_REASON_LEN] = "";
    assert_null(js_game_from_state(&v->st, 1, reason, sizeof reason));
    assert_non_null(strstr(reason, "hidden"));
    js_state *st = &v->st;
    for (int i = 0; i < st->nunits; i++)
        if (st->units[i].where == JS_AT_HIDDEN) {
            for (int d = 0; d < st->scn.ncards; d++)
                if (st->scn.cards[d].ships == st->units[i].nships)
                    st->units[i].def = (int16_t)d;
            st->units[i].where = JS_AT_RESERVE;
        }
    reason[0] = 0;
    assert_null(js_game_from_state(st, 1, reason, sizeof reason));
    assert_non_null(strstr(reason, "order")); /* B's plots are not in A's view */
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == JS_SIDE_B)
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                st->ships[i].plan[k].phase = st->ships[i].phase;
    js_game *c = js_game_from_state(st, 1, reason, sizeof reason);
    if (!c)
        fail_msg("%s", reason);
    js_wait w = js_wait_get(c);
    assert_int_equal(w.kind, v->wait.kind);
    assert_int_equal(w.sides, v->wait.sides);
    js_game_destroy(c);
    free(v);
    js_game_destroy(g);
    free(scn);
}

/* Broken ids are refused with the field named, never followed (ASan would catch a stray read). */
static void test_from_state_refuses_broken_ids(void **state)
{
    (void)state;
    js_scenario *scn = tl_load_scenario("jump_raid.json");
    js_game *g = tl_game(scn, NULL, 0);
    const js_state *good = js_game_state(g);
    js_state *st = malloc(sizeof *st);
    static const char *const want[] = {"unit 0", "pod group", "hand", "missile", "site", "ship 0", "turn"};
    for (int k = 0; k < 7; k++) {
        *st = *good;
        switch (k) {
        case 0: st->units[0].def = 99; break;
        case 1: st->pods[3].alive = 1, st->pods[3].pods = 2, st->pods[3].controller = 999; break;
        case 2: st->nhand[0] = 1, st->hand[0][0] = 99; break;
        case 3: st->missiles[5].alive = 1, st->missiles[5].ship = -5, st->missiles[5].facing = 1; break;
        case 4: st->nsites = 1, st->sites[0].section = 9; break;
        case 5: st->ships[0].state = 7; break;
        case 6: st->turn = 0; break;
        }
        char reason[JS_REASON_LEN] = "";
        assert_null(js_game_from_state(st, 1, reason, sizeof reason));
        if (!strstr(reason, want[k]))
            fail_msg("case %d: reason \"%s\" does not name %s", k, reason, want[k]);
    }
    free(st);
    js_game_destroy(g);
    free(scn);
}

/* T, issue 11 item 3: a game always waits on a side or is over. A state caught in a phase that
 * never waits (ship movement, resolution: the engine passes through them inside one command)
 * must be refused by js_game_from_state, or the game made from it must go on to a decision.
 * DEFECT (reported to the lead, not fixed here): today it is accepted and the game waits on
 * nobody, says "the game is over" though it is not, and refuses every command. */
static void test_from_state_never_in_a_phase_that_does_not_wait(void **state)
{
    (void)state;
    skip(); /* DEFECT: js_game_from_state accepts JS_PHASE_SHIPS and JS_PHASE_RESOLUTION */
    js_scenario *s = tl_scenario(10, 14);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 3);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 10, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    js_game *g = tl_game(s, NULL, 0);
    js_state *st = malloc(sizeof *st);
    static const int phases[] = {JS_PHASE_SHIPS, JS_PHASE_RESOLUTION};
    for (int i = 0; i < 2; i++) {
        *st = *js_game_state(g);
        st->phase = (int8_t)phases[i];
        char why[JS_REASON_LEN] = "";
        js_game *h = js_game_from_state(st, 1, why, sizeof why);
        if (h) {
            js_wait w = js_wait_get(h);
            if (w.kind == JS_WAIT_NONE)
                assert_int_equal(js_game_state(h)->phase, JS_PHASE_OVER);
            else
                assert_int_not_equal(w.sides, 0);
        } else {
            assert_true(why[0] != 0);
        }
        js_game_destroy(h);
    }
    free(st);
    js_game_destroy(g);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_from_state_plays_on_like_the_original),
        cmocka_unit_test(test_X2_view_needs_guesses),
        cmocka_unit_test(test_from_state_refuses_broken_ids),
        cmocka_unit_test(test_from_state_never_in_a_phase_that_does_not_wait),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
