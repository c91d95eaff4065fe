/* Rule tests, section T (the engine stops at every decision and waits for a command) with the
 * rules of each decision: which command types answer which kind of decision (js_wait_answers)
 * agrees with what the engine accepts. T-1 launches, cards and dice then Ready; T-2 plots then
 * Ready; V-2 pod moves; C-1 missiles; C-2 pod attacks and guard pods; C-5 ship attacks then
 * Ready; X-1 manual dice; S-1, J-2, H-4, K-2 setup picks then Ready; H-5 discards; K-7 a new
 * entry point. */
#include "testlib.h"
#include "cli.h"
#include "jsd.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every shipped scenario, with games enough that each kind of decision comes up: an entry point
 * is captured (K-7) in about one dice_skirmish game in twenty. */
static const struct {
    const char *name;
    int games;
} SCENARIOS[] = {
    {"duel.json", 4},           {"last_salvo.json", 4},      {"carrier_strike.json", 4},
    {"competition.json", 4},    {"jump_and_launch.json", 4}, {"jump_raid.json", 4},
    {"dice_skirmish.json", 40}, {"dice_landing.json", 4},    {"large_battle.json", 2},
};

typedef struct walk {
    /* bit k of seen: a decision of kind k was reached; bit t of accepted[k]: a command of type t
     * was accepted at one */
    uint32_t seen;
    uint32_t accepted[JS_WAIT_COUNT];
    long positions;
} walk;

/* At this position: every type the kind does not list is refused as not now, by either side,
 * with the fields of a command that answers it or with none. */
static void probe(const js_game *g, const js_cmd *played, const char *name, walk *wk)
{
    js_wait w = js_wait_get(g);
    uint32_t ans = js_wait_answers(w.kind);
    wk->seen |= 1u << w.kind;
    wk->positions++;
    for (int t = 0; t < JS_CMD_COUNT; t++) {
        assert_int_equal(js_cmd_answers(w.kind, t), (ans >> t) & 1u);
        if (ans >> t & 1u)
            continue;
        for (int side = 0; side < JS_SIDES; side++) {
            js_cmd a = js_cmd_new(t, side), b = played ? *played : a;
            b.type = (int8_t)t;
            b.side = (int8_t)side;
            char why[JS_REASON_LEN] = "";
            js_status sa = js_check(g, &a, why, sizeof why), sb = js_check(g, &b, why, sizeof why);
            if (sa != JS_ERR_NOT_NOW || sb != JS_ERR_NOT_NOW)
                fail_msg("%s: a %s by %c was not refused as not now while the game waits for "
                         "\"%s\" (%d, %d: %s)",
                         name, js_cmd_type_name(t), 'A' + side, w.what, sa, sb, why);
        }
    }
    if (played && js_check(g, played, NULL, 0) == JS_OK)
        wk->accepted[w.kind] |= 1u << played->type;
}

static void walk_scenario(const char *name, int games, walk *wk)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", JS_SOURCE_DIR, name);
    jsd_error err;
    js_scenario *scn = jsd_scenario_load(path, &err);
    if (!scn)
        fail_msg("%s", err.msg);
    for (int gi = 0; gi < games; gi++) {
        /* every other game rolls by hand, so that dice are waited for too */
        js_dice_cfg dice = {.kind = gi % 2 ? JS_DICE_MANUAL : JS_DICE_SEEDED,
                            .seed = (uint64_t)(40 + gi)};
        js_game *g = js_game_create(scn, &dice, NULL, 0);
        assert_non_null(g);
        cli_rng r = {(uint64_t)(gi * 6151 + 11)};
        js_cmd cmd;
        for (int n = 0; n < 4000 && cli_random_command(g, &r, &cmd); n++) {
            probe(g, &cmd, name, wk);
            js_status s = js_submit(g, &cmd, NULL, 0);
            assert_true(s == JS_OK || s == JS_ERR_NEED_DIE);
        }
        probe(g, NULL, name, wk); /* the game over: nothing answers */
        assert_int_equal(js_wait_get(g).kind, JS_WAIT_NONE);
        js_game_destroy(g);
    }
    free(scn);
}

/* T: at each decision reached in games of every shipped scenario, every command type the kind
 * lists is accepted at some position and every other is refused as not now. */
static void test_T_wait_answers_agree_with_the_engine(void **state)
{
    (void)state;
    walk wk;
    memset(&wk, 0, sizeof wk);
    for (size_t i = 0; i < sizeof SCENARIOS / sizeof SCENARIOS[0]; i++)
        walk_scenario(SCENARIOS[i].name, SCENARIOS[i].games, &wk);
    for (int k = 0; k < JS_WAIT_COUNT; k++) {
        if (!(wk.seen >> k & 1u))
            continue;
        uint32_t missing = js_wait_answers(k) & ~wk.accepted[k];
        for (int t = 0; t < JS_CMD_COUNT; t++)
            if (missing >> t & 1u)
                fail_msg("decision kind %d lists %s, which no game accepted (%ld positions)", k,
                         js_cmd_type_name(t), wk.positions);
        assert_int_equal(wk.accepted[k], js_wait_answers(k));
    }
    /* every kind of decision was met: the walk says something about each */
    assert_int_equal(wk.seen, (1u << JS_WAIT_COUNT) - 1);
}

/* Out of range: nothing answers, nothing is listed. */
static void test_T_wait_answers_out_of_range(void **state)
{
    (void)state;
    assert_int_equal(js_wait_answers(JS_WAIT_NONE), 0);
    assert_int_equal(js_wait_answers(-1), 0);
    assert_int_equal(js_wait_answers(JS_WAIT_COUNT), 0);
    assert_false(js_cmd_answers(JS_WAIT_COMMAND, -1));
    assert_false(js_cmd_answers(JS_WAIT_COMMAND, JS_CMD_COUNT));
    assert_true(js_cmd_answers(JS_WAIT_COMMAND, JS_CMD_READY));
    assert_false(js_cmd_answers(JS_WAIT_DISCARD, JS_CMD_READY)); /* H-5: the discard commits */
    /* K-7: the new entry point commits */
    assert_false(js_cmd_answers(JS_WAIT_NEW_ENTRY, JS_CMD_READY));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_T_wait_answers_agree_with_the_engine),
        cmocka_unit_test(test_T_wait_answers_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
