/* Lessons (docs/lessons.md): the shipped lessons play through along their scripts; every bad
 * lesson in tests/bad_lessons/ is refused with exactly its message, naming the file, the step
 * or command and the problem; and the runtime the game shares with the validator completes a
 * step only on a matching command the engine accepted, answers for the opponent from its script
 * first, and passes over scripted commands the engine refuses once the player went another way. */
#include "testlib.h"
#include "jsd.h"
#include "jsd_lesson.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct bad_case {
    const char *file; /* in tests/bad_lessons/ */
    const char *msg;  /* the exact message */
} bad_case;

#define F(name) "tests/bad_lessons/" name ": "
static const bad_case CASES[] = {
    {"arrow_without_highlight.json", F("arrow_without_highlight.json") "steps[2].arrow: an arrow points at the highlight; the step has none"},
    {"bad_rule_id.json", F("bad_rule_id.json") "rules[0]: expected a rule ID such as \"P-3\" (docs/rules.md), got \"P3\""},
    {"expect_not_a_command.json", F("expect_not_a_command.json") "steps[1].expect: expected \"next\" or a command pattern (an object with \"type\"), got an object"},
    {"expect_unknown_member.json", F("expect_unknown_member.json") "steps[1].expect: the solution does not match it: slto: the command has no member \"slto\""},
    {"goal_not_reached.json", F("goal_not_reached.json") "goal.when: the steps end at turn 2, plotting phase (the game waits for: plot orders, then ready) and the goal is not reached (ship 0 at [3,2])"},
    {"highlight_off_map.json", F("highlight_off_map.json") "steps[1].highlight.hex: [8,3] is off the 8x8 map"},
    {"highlight_ship_missing.json", F("highlight_ship_missing.json") "steps[0].highlight.ship: ship 5 is not on the map when the step begins (turn 1, plotting phase)"},
    {"next_with_solution.json", F("next_with_solution.json") "steps[0].solution: a step that waits for Next has no solution"},
    {"no_steps.json", F("no_steps.json") "steps: expected 1..40 entries, got 0"},
    {"opponent_never_played.json", F("opponent_never_played.json") "opponent[2]: never played: the lesson ends before it"},
    {"opponent_player_side.json", F("opponent_player_side.json") "opponent[1].side: the opponent plays B; \"A\" is the player's side"},
    {"opponent_refused.json", F("opponent_refused.json") "opponent[0]: the engine refuses it at turn 1, plotting phase (the game waits for: plot orders, then ready): P-5: ship #0 is not Hadar's"},
    {"scenario_bad_card.json", F("scenario_bad_card.json") "scenario: units[1].card: unknown card id \"scot\""},
    {"scenario_missing_file.json", F("scenario_missing_file.json") "scenario: tests/bad_lessons/no_such_scenario.json: cannot open: No such file or directory"},
    {"solution_mismatch.json", F("solution_mismatch.json") "steps[1].expect: the solution does not match it: order.move: the command has 3, not 2"},
    {"solution_refused.json", F("solution_refused.json") "steps[1].solution: the engine refuses it at turn 1, plotting phase (the game waits for: plot orders, then ready): P-2: Scout moves at most 5 hexes"},
    {"solution_wrong_side.json", F("solution_wrong_side.json") "steps[1].solution.side: the player plays A; a solution is the player's command"},
    {"step_after_the_end.json", F("step_after_the_end.json") "steps[3]: the lesson cannot reach this step: the game ends before it (turn 1, when the game is over)"},
    {"unknown_control.json", F("unknown_control.json") "steps[1].unlock[1]: expected one of \"map\", \"ready\", \"slot\", \"turn\", \"move\", \"phase\", \"missiles\", \"pods\", \"guard\", \"undo\", \"pod_plot\", \"launch\", \"hold\", \"pod_move\", \"missile\", \"pod_attack\", \"sacrifice\", \"ship_attack\", \"cards\", \"all\", got \"fire\""},
    {"wrong_version.json", F("wrong_version.json") "version: unsupported format version 2 (this program reads version 1)"},
};
enum { NCASES = sizeof CASES / sizeof CASES[0] };

static jsd_lesson *load(const char *path)
{
    jsd_error err = {{0}};
    jsd_lesson *l = jsd_lesson_load(path, &err);
    if (!l)
        print_error("%s\n", err.msg);
    assert_non_null(l);
    return l;
}

static bool is_json(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Every lesson shipped in lessons/ plays through, and together they make a short course. */
static void test_shipped_lessons_play_through(void **state)
{
    (void)state;
    DIR *d = opendir("lessons");
    assert_non_null(d);
    struct dirent *e;
    int n = 0, minutes = 0;
    char ids[16][48];
    int orders[16];
    while ((e = readdir(d)) != NULL) {
        if (!is_json(e->d_name))
            continue;
        char path[300], kind[16];
        snprintf(path, sizeof path, "lessons/%s", e->d_name);
        jsd_error err = {{0}};
        bool ok = jsd_validate_file(path, kind, sizeof kind, &err);
        if (!ok)
            print_error("%s\n", err.msg);
        assert_true(ok);
        assert_string_equal(kind, "lesson");
        jsd_lesson *l = load(path);
        assert_true(n < 16);
        for (int i = 0; i < n; i++) {
            assert_string_not_equal(ids[i], l->id);
            assert_int_not_equal(orders[i], l->order);
        }
        snprintf(ids[n], sizeof ids[n], "%s", l->id);
        orders[n++] = l->order;
        minutes += l->minutes;
        assert_true(l->nrules > 0);   /* the rules reference links each lesson to its sections */
        assert_true(l->nlearned > 0);
        jsd_lesson_free(l);
    }
    closedir(d);
    assert_true(n >= 2);
    assert_true(minutes <= 15);
}

/* E-3: lesson 1 showed the energy dropping (25 -> 23 ...) and never said why. The step after the
 * three turns are plotted now quotes the top bar's figures and names the activation cost; the
 * figures are the engine's own projection (js_projected_energy) after the lesson's solutions. */
static void test_lesson_1_says_why_energy_drops(void **state)
{
    (void)state;
    jsd_lesson *l = load("lessons/01_moving.json");
    char why[200];
    js_game *g = jsd_lesson_game(l, why, sizeof why);
    assert_non_null(g);
    int step = -1;
    for (int i = 0; i < l->nsteps && step < 0; i++) {
        if (strstr(l->steps[i].text, "(E-3)"))
            step = i;
        else if (l->steps[i].expect)
            assert_int_equal(js_submit(g, &l->steps[i].solution, NULL, 0), JS_OK);
    }
    assert_true(step >= 0);
    const js_state *st = js_game_state(g);
    int pe[JS_PLAN_DEPTH];
    js_projected_energy(st, l->player, pe, NULL);
    assert_true(pe[0] < st->energy[l->player]); /* it does drop */
    char shown[64];
    snprintf(shown, sizeof shown, "Energy %d \xe2\x86\x92 %d, %d, %d", st->energy[l->player], pe[0], pe[1], pe[2]);
    if (!strstr(l->steps[step].text, shown))
        fail_msg("step %d does not quote the top bar's \"%s\": %s", step, shown, l->steps[step].text);
    assert_non_null(strstr(l->steps[step].text, "activation cost"));
    bool teaches = false;
    for (int i = 0; i < l->nrules; i++)
        teaches |= !strcmp(l->rules[i], "E-3");
    assert_true(teaches);
    js_game_destroy(g);
    jsd_lesson_free(l);
}

static void test_base_is_valid(void **state)
{
    (void)state;
    char kind[16];
    jsd_error err = {{0}};
    bool ok = jsd_validate_file("tests/bad_lessons/base_valid.json", kind, sizeof kind, &err);
    if (!ok)
        print_error("%s\n", err.msg);
    assert_true(ok);
}

/* Each bad lesson is refused with its message, by `validate` and by the loader and the check the
 * game runs on its list of lessons. */
static void test_bad_lessons(void **state)
{
    (void)state;
    int wrong = 0;
    for (int i = 0; i < NCASES; i++) {
        char path[256], kind[16];
        snprintf(path, sizeof path, "tests/bad_lessons/%s", CASES[i].file);
        jsd_error err;
        memset(&err, 0, sizeof err);
        if (jsd_validate_file(path, kind, sizeof kind, &err)) {
            print_error("%s: validated, but it is bad\n", path);
            wrong++;
            continue;
        }
        if (strcmp(err.msg, CASES[i].msg) != 0) {
            print_error("%s:\n  want: %s\n  got:  %s\n", path, CASES[i].msg, err.msg);
            wrong++;
        }
        jsd_error e2;
        memset(&e2, 0, sizeof e2);
        jsd_lesson *l = jsd_lesson_load(path, &e2);
        if (l && jsd_lesson_check(l, path, NULL, &e2)) {
            print_error("%s: the game's check passes it\n", path);
            wrong++;
        } else if (strcmp(e2.msg, CASES[i].msg) != 0) {
            print_error("%s: the game's check says: %s\n", path, e2.msg);
            wrong++;
        }
        jsd_lesson_free(l);
    }
    assert_int_equal(wrong, 0);
}

/* No file in tests/bad_lessons/ goes untested. */
static void test_corpus_complete(void **state)
{
    (void)state;
    DIR *d = opendir("tests/bad_lessons");
    assert_non_null(d);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_json(e->d_name) || strcmp(e->d_name, "base_valid.json") == 0)
            continue;
        files++;
        bool listed = false;
        for (int i = 0; i < NCASES; i++)
            listed = listed || strcmp(CASES[i].file, e->d_name) == 0;
        if (!listed)
            print_error("tests/bad_lessons/%s has no expected message\n", e->d_name);
        assert_true(listed);
    }
    closedir(d);
    assert_int_equal(files, NCASES);
}

static js_cmd plot(int move)
{
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_A);
    c.unit = 0;
    c.slot = 0;
    c.order = tl_order(5);
    c.order.move = (int8_t)move;
    return c;
}

/* A step is done by a matching command only; Next only passes a step that waits for it; the
 * opponent plays its script before its defaults; the goal holds where the path ends. */
static void test_runtime_follows_the_engine(void **state)
{
    (void)state;
    jsd_lesson *l = load("tests/bad_lessons/base_valid.json");
    char why[200];
    js_game *g = jsd_lesson_game(l, why, sizeof why);
    assert_non_null(g);
    jsd_lesson_run r;
    jsd_lesson_run_init(&r);
    js_cmd c = plot(2);
    assert_false(jsd_lesson_note(l, &r, &c)); /* step 0 waits for Next, not for a command */
    assert_true(jsd_lesson_next(l, &r));
    assert_int_equal(r.step, 1);
    assert_false(jsd_lesson_next(l, &r));     /* step 1 wants a plot of F(2) */
    /* the opponent answers first, from its script: the plot, then ready */
    int skipped;
    assert_true(jsd_lesson_opponent(l, &r, g, &c, &skipped, why, sizeof why));
    assert_int_equal(skipped, -1);
    assert_int_equal(c.type, JS_CMD_PLOT);
    assert_int_equal(c.side, JS_SIDE_B);
    tl_ok(g, &c);
    assert_true(jsd_lesson_opponent(l, &r, g, &c, &skipped, why, sizeof why));
    assert_int_equal(c.type, JS_CMD_READY);
    tl_ok(g, &c);
    assert_false(jsd_lesson_opponent(l, &r, g, &c, &skipped, why, sizeof why)); /* B has answered */
    c = plot(3);
    tl_ok(g, &c);
    assert_false(jsd_lesson_note(l, &r, &c)); /* F(3) is not the F(2) asked for */
    assert_int_equal(r.step, 1);
    c = plot(2);
    c.side = JS_SIDE_B;
    assert_false(jsd_lesson_note(l, &r, &c)); /* the opponent's commands never complete a step */
    c = plot(2);
    tl_ok(g, &c);
    assert_true(jsd_lesson_note(l, &r, &c));
    assert_int_equal(r.step, 2);
    assert_false(jsd_lesson_goal(l, g));
    assert_false(jsd_lesson_complete(l, &r, g));
    c = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    tl_ok(g, &c);
    assert_true(jsd_lesson_note(l, &r, &c));
    assert_true(jsd_lesson_goal(l, g)); /* the scout stands two hexes north */
    assert_true(jsd_lesson_complete(l, &r, g));
    js_game_destroy(g);
    jsd_lesson_free(l);
}

/* When the game went another way than the script, a scripted command the engine refuses is
 * passed over (and reported), and the opponent still answers. */
static void test_opponent_passes_over_refused_commands(void **state)
{
    (void)state;
    jsd_lesson *l = load("tests/bad_lessons/opponent_refused.json"); /* loads; its path fails */
    char why[200];
    js_game *g = jsd_lesson_game(l, why, sizeof why);
    jsd_lesson_run r;
    jsd_lesson_run_init(&r);
    js_cmd c;
    int skipped;
    assert_true(jsd_lesson_opponent(l, &r, g, &c, &skipped, why, sizeof why));
    assert_int_equal(skipped, 0);
    assert_non_null(strstr(why, "P-5"));
    assert_int_equal(c.type, JS_CMD_READY); /* the script's next command */
    assert_int_equal(r.opp, 2);
    tl_ok(g, &c);
    js_game_destroy(g);
    jsd_lesson_free(l);
}

/* Without a script the opponent answers with its defaults (here: ready); a secret decision of
 * the player's is never taken for it. */
static void test_opponent_defaults(void **state)
{
    (void)state;
    jsd_lesson *l = load("tests/bad_lessons/base_valid.json");
    l->nopp = 0; /* no script at all: a passive opponent */
    char why[200];
    js_game *g = jsd_lesson_game(l, why, sizeof why);
    jsd_lesson_run r;
    jsd_lesson_run_init(&r);
    js_cmd c;
    assert_true(jsd_lesson_opponent(l, &r, g, &c, NULL, why, sizeof why));
    assert_int_equal(c.type, JS_CMD_READY);
    assert_int_equal(c.side, JS_SIDE_B);
    assert_false(jsd_lesson_forced(l, g, &c)); /* plotting is secret: never forced */
    js_game_destroy(g);
    jsd_lesson_free(l);
}

/* Lesson 1's path ends with the beacon captured (J-8); the log says so in words a player reads:
 * an objective jump point has no section, so none is named ("any jump point" was written). */
static void test_lesson_1_captures_the_beacon(void **state)
{
    (void)state;
    jsd_lesson *l = load("lessons/01_moving.json");
    js_game *g = NULL;
    jsd_error err = {{0}};
    assert_true(jsd_lesson_check(l, "lessons/01_moving.json", &g, &err));
    assert_non_null(g);
    assert_int_equal(js_game_state(g)->points[JS_SIDE_A], JS_CAPTURE_POINTS);
    const js_event *e = tl_last_event(g, JS_EV_CAPTURE);
    assert_non_null(e);
    assert_int_equal(e->cause, JS_CAUSE_CAPTURE); /* J-8: A's ship took B's jump point, +2 */
    assert_int_equal(e->side, JS_SIDE_A);
    assert_int_equal(e->a_kind, JS_UNIT_SHIP);
    assert_int_equal(e->b_kind, JS_UNIT_SITE);
    assert_int_equal(js_game_state(g)->sites[e->b].side, JS_SIDE_B);
    assert_int_equal(e->value, JS_CAPTURE_POINTS);
    js_game_destroy(g);
    jsd_lesson_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_lessons_play_through),
        cmocka_unit_test(test_base_is_valid),
        cmocka_unit_test(test_lesson_1_says_why_energy_drops),
        cmocka_unit_test(test_bad_lessons),
        cmocka_unit_test(test_corpus_complete),
        cmocka_unit_test(test_runtime_follows_the_engine),
        cmocka_unit_test(test_opponent_passes_over_refused_commands),
        cmocka_unit_test(test_opponent_defaults),
        cmocka_unit_test(test_lesson_1_captures_the_beacon),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
