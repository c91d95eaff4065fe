/* The wire format (docs/formats.md "Wire format", src/data/jsd_wire.h): on every decision of
 * self-play games of every shipped scenario, reading back what was written gives the same view
 * (byte for byte, scenario from the hello included), the same events and the same command; the
 * AI given the view read from the wire plays what it plays from the view itself; bad messages
 * get the loaders' treatment: the sender, the member and the problem. */
#include "testlib.h"
#include "cli.h"
#include "js_ai.h"
#include "jsd.h"
#include "jsd_wire.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_ok(const char *text, const js_scenario *scn, jsd_wire_msg *m)
{
    jsd_error err;
    if (!jsd_wire_read(text, strlen(text), scn, "test", m, &err))
        fail_msg("%s\nin: %.300s", err.msg, text);
}

/* What one side has been told so far. */
typedef struct told {
    jsd_wire_msg hello;
    int log_pos, since;
} told;

/* The update for side s: its view and the events since its last one; every one read back. */
static void update_round_trip(const js_game *g, int s, told *t, js_view *v, const char *name)
{
    js_view_build(g, s, v);
    if (!t->hello.scn) {
        char *h = jsd_wire_hello(v, 1234567890123ull);
        read_ok(h, NULL, &t->hello);
        assert_int_equal(t->hello.type, JSD_WIRE_HELLO);
        assert_int_equal(t->hello.side, s);
        assert_true(t->hello.seed == 1234567890123ull);
        free(h);
    }
    int n = js_log_count(g), k = 0;
    const js_event **ev = malloc((size_t)(n - t->log_pos + 1) * sizeof *ev);
    const js_event *seen[4096];
    int nseen = 0;
    for (int i = t->log_pos; i < n; i++) {
        ev[k++] = js_log_at(g, i);
        if (js_event_visible(ev[k - 1], s) && nseen < 4096)
            seen[nseen++] = ev[k - 1];
    }
    char *u = jsd_wire_update(v, t->since, ev, k);
    jsd_wire_msg m;
    read_ok(u, t->hello.scn, &m);
    assert_int_equal(m.type, JSD_WIRE_UPDATE);
    if (memcmp(m.view, v, sizeof *v) != 0) {
        const unsigned char *a = (const unsigned char *)m.view, *b = (const unsigned char *)v;
        size_t at = 0;
        while (a[at] == b[at])
            at++;
        fail_msg("%s: side %c's view reads back different at byte %zu of %zu (state at %zu)", name, 'A' + s, at,
                 sizeof *v, (size_t)((const char *)&v->st - (const char *)v));
    }
    assert_int_equal(m.since, t->since);
    assert_int_equal(m.nevents, nseen);
    for (int i = 0; i < nseen; i++)
        if (memcmp(&m.events[i], seen[i], sizeof *seen[i]) != 0)
            fail_msg("%s: event %d (%s) reads back different", name, t->since + i, js_event_type_name(seen[i]->type));
    t->since += nseen;
    t->log_pos = n;
    jsd_wire_msg_free(&m);
    free(u);
    free(ev);
}

/* A command read off the wire is the command sent, as far as the engine can tell: the members
 * its type uses are written (the command form of docs/formats.md "Commands" leaves the rest
 * out), so it writes the same text again, and submitted instead of the original it leaves the
 * game with the same status and hash. Submits the original to g. */
static void command_round_trip(js_game *g, const js_cmd *c)
{
    char *t = jsd_wire_command(c);
    assert_non_null(t);
    jsd_wire_msg m;
    read_ok(t, NULL, &m);
    assert_int_equal(m.type, JSD_WIRE_COMMAND);
    char *again = jsd_wire_command(&m.cmd);
    assert_string_equal(again, t);
    js_game *twin = js_game_clone(g);
    assert_non_null(twin);
    char ra[JS_REASON_LEN] = "", rb[JS_REASON_LEN] = "";
    js_status sa = js_submit(g, c, ra, sizeof ra), sb = js_submit(twin, &m.cmd, rb, sizeof rb);
    if (sa != JS_OK)
        fail_msg("%s refused: %s", t, ra);
    assert_int_equal(sb, sa);
    if (js_game_hash(twin) != js_game_hash(g))
        fail_msg("%s read back leaves another game", t);
    js_game_destroy(twin);
    free(again);
    free(t);
}

/* One random game of the scenario; returns the number of decisions checked. */
static int play_through_wire(const js_scenario *scn, const char *name, uint64_t seed)
{
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = seed};
    js_game *g = js_game_create(scn, &dice, NULL, 0);
    assert_non_null(g);
    js_view *v = malloc(sizeof *v);
    told t[JS_SIDES];
    memset(t, 0, sizeof t);
    cli_rng r = {seed * 7 + 3};
    js_cmd c;
    int decisions = 0;
    for (int n = 0; n < 20000 && cli_random_command(g, &r, &c); n++) {
        js_wait w = js_wait_get(g);
        for (int s = 0; s < JS_SIDES; s++)
            if (w.sides & JS_SIDE_MASK(s))
                update_round_trip(g, s, &t[s], v, name);
        command_round_trip(g, &c);
        decisions++;
    }
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_OVER);
    for (int s = 0; s < JS_SIDES; s++) { /* the last events, and the end */
        update_round_trip(g, s, &t[s], v, name);
        char *e = jsd_wire_end(v, "");
        jsd_wire_msg m;
        read_ok(e, NULL, &m);
        assert_int_equal(m.type, JSD_WIRE_END);
        assert_int_equal(m.winner, js_game_state(g)->winner);
        assert_int_equal(m.points[1], js_game_state(g)->points[1]);
        free(e);
        jsd_wire_msg_free(&t[s].hello);
    }
    free(v);
    js_game_destroy(g);
    return decisions;
}

static void test_X2_round_trip_every_decision_every_scenario(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenarios", JS_SOURCE_DIR);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int scenarios = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || !strcmp(e->d_name, "catalogue.json"))
            continue;
        js_scenario *scn = tl_load_scenario(e->d_name);
        int decisions = play_through_wire(scn, e->d_name, 7);
        if (decisions < 5)
            fail_msg("%s: only %d decisions", e->d_name, decisions);
        printf("  %s: %d decisions\n", e->d_name, decisions);
        scenarios++;
        free(scn);
    }
    closedir(d);
    assert_true(scenarios >= 9);
}

/* The computer given the view read off the wire plays exactly what it plays from the view. */
static void test_ai_plays_the_same_from_the_wire(void **state)
{
    (void)state;
    js_scenario *scn = tl_load_scenario("duel.json");
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 5};
    js_game *g = js_game_create(scn, &dice, NULL, 0);
    js_ai *direct[2], *wired[2];
    jsd_wire_msg hello[2];
    for (int s = 0; s < 2; s++) {
        direct[s] = js_ai_create(0, s, 99);
        wired[s] = js_ai_create(0, s, 99);
        js_view *v = malloc(sizeof *v);
        js_view_build(g, s, v);
        char *h = jsd_wire_hello(v, 99);
        read_ok(h, NULL, &hello[s]);
        free(h);
        free(v);
    }
    js_view *v = malloc(sizeof *v);
    int n = 0;
    for (; n < 3000; n++) {
        js_wait w = js_wait_get(g);
        if (w.kind == JS_WAIT_NONE)
            break;
        int s = (w.sides & 1) ? 0 : 1;
        js_view_build(g, s, v);
        char *u = jsd_wire_update(v, 0, NULL, 0);
        jsd_wire_msg m;
        read_ok(u, hello[s].scn, &m);
        js_cmd a, b;
        assert_int_equal(js_ai_decide(direct[s], v, &a, NULL), JS_AI_OK);
        assert_int_equal(js_ai_decide(wired[s], m.view, &b, NULL), JS_AI_OK);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(js_submit(g, &a, NULL, 0), JS_OK);
        jsd_wire_msg_free(&m);
        free(u);
    }
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_OVER);
    for (int s = 0; s < 2; s++) {
        js_ai_destroy(direct[s]);
        js_ai_destroy(wired[s]);
        jsd_wire_msg_free(&hello[s]);
    }
    free(v);
    js_game_destroy(g);
    free(scn);
}

/* The message a bad text gets. */
static void expect_error(const char *text, size_t len, const js_scenario *scn, const char *want)
{
    jsd_error err;
    jsd_wire_msg m;
    memset(&err, 0, sizeof err);
    if (jsd_wire_read(text, len, scn, "bot A", &m, &err))
        fail_msg("accepted: %.200s", text);
    if (!strstr(err.msg, want))
        fail_msg("wanted \"%s\" in \"%s\"", want, err.msg);
    assert_null(m.scn);
    assert_null(m.view);
}

static void test_bad_messages_name_the_member_and_the_problem(void **state)
{
    (void)state;
    js_scenario *scn = tl_load_scenario("duel.json");
    const char *bad[][2] = {
        {"", "bot A: the file is empty"},
        {"{\"type\":\"command\",\"version\":1,\"command\":", "the text ends too early"},
        {"[1,2]", "bot A: expected a JSON object at the top level"},
        {"{\"version\":1}", "bot A: missing required field \"type\""},
        {"{\"type\":\"hi\",\"version\":1}", "bot A: type: expected one of \"hello\", \"update\""},
        {"{\"type\":\"command\",\"version\":2,\"command\":{}}", "bot A: version: unsupported wire version 2"},
        {"{\"type\":\"command\",\"version\":1}", "bot A: missing required field \"command\""},
        {"{\"type\":\"command\",\"version\":1,\"command\":{\"type\":\"ready\"}}",
         "bot A: command: missing required field \"side\""},
        {"{\"type\":\"command\",\"version\":1,\"command\":{\"type\":\"missile\",\"side\":\"A\",\"missile\":999}}",
         "bot A: command.missile: expected an integer 0..319, got 999"},
        {"{\"type\":\"command\",\"version\":1,\"comand\":{}}", "unknown field \"comand\" (did you mean \"command\"?)"},
        {"{\"type\":\"update\",\"version\":1,\"since\":0,\"view\":{\"viewer\":\"A\",\"decision\":{},\"state\":{}},"
         "\"events\":[]}",
         "bot A: an update before the hello"},
        {"{\"type\":\"error\",\"version\":1,\"reason\":7}", "bot A: reason: expected a string, got 7"},
        {"{\"type\":\"end\",\"version\":1,\"winner\":\"C\"}", "bot A: winner: expected one of \"A\", \"B\", got \"C\""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(bad[i][0], strlen(bad[i][0]), NULL, bad[i][1]);
    const char *upd[][2] = {
        {"{\"viewer\":\"A\",\"decision\":{\"kind\":\"plot\"},\"state\":{\"turnn\":1}}",
         "bot A: view.state: unknown field \"turnn\" (did you mean \"turn\"?)"},
        {"{\"viewer\":\"A\",\"decision\":{\"kind\":\"plott\"},\"state\":{}}",
         "bot A: view.decision.kind: unknown name \"plott\""},
        {"{\"viewer\":\"A\",\"decision\":{},\"state\":{\"nunits\":999}}",
         "bot A: view.state.nunits: expected an integer 0..160, got 999"},
        {"{\"viewer\":\"A\",\"decision\":{},\"state\":{\"ships\":[{\"pos\":[1]}]}}",
         "bot A: view.state.ships[0].pos: expected a hex [col,row], got an array"},
        {"{\"viewer\":\"A\",\"decision\":{},\"state\":{\"ships\":[{\"facing\":300}]}}",
         "bot A: view.state.ships[0].facing: expected an integer -128..127, got 300"},
        {"{\"viewer\":\"A\",\"decision\":{},\"state\":{\"hand\":[[1],[2],[3]]}}",
         "bot A: view.state.hand: expected 0..2 entries, got 3"},
        {"{\"viewer\":\"A\",\"decision\":{\"what\":\"" /* 97 characters into 96 */
         "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"},"
         "\"state\":{}}",
         "bot A: view.decision.what: expected at most 96 characters, got 97"},
        {"{\"viewer\":\"A\",\"decision\":{},\"state\":{},\"extra\":1}", "bot A: view: unknown field \"extra\""},
    };
    for (size_t i = 0; i < sizeof upd / sizeof upd[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, "{\"type\":\"update\",\"version\":1,\"since\":0,\"view\":%s,\"events\":[]}", upd[i][0]);
        expect_error(text, strlen(text), scn, upd[i][1]);
    }
    const char *boom = "{\"type\":\"update\",\"version\":1,\"since\":0,\"view\":{\"viewer\":\"B\",\"decision\":{},"
                       "\"state\":{}},\"events\":[{\"type\":\"boom\"}]}";
    expect_error(boom, strlen(boom), scn, "bot A: events[0].type: unknown name \"boom\"");
    /* nesting deeper than the limit, refused before it is parsed */
    char deep[64];
    memset(deep, '[', 20);
    memset(deep + 20, ']', 20);
    deep[40] = '\0';
    expect_error(deep, 40, NULL, "bot A: the message nests arrays and objects deeper than 16 levels");
    /* a message larger than the limit, refused by its size */
    size_t big = (size_t)JSD_WIRE_MAX + 1;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    huge[0] = '{';
    huge[big - 1] = '}';
    expect_error(huge, big, NULL, "bot A: the message is too large (4194305 bytes; at most 4194304 are read)");
    free(huge);
    free(scn);
}

/* The refusal message carries the engine's reason and the rule id it starts with. */
static void test_error_carries_the_rule(void **state)
{
    (void)state;
    js_cmd c = js_cmd_new(JS_CMD_MISSILE, JS_SIDE_B);
    c.unit = 3;
    char *t = jsd_wire_error("C-1: missile #3 is not yours", &c);
    jsd_wire_msg m;
    read_ok(t, NULL, &m);
    assert_int_equal(m.type, JSD_WIRE_ERROR);
    assert_string_equal(m.rule, "C-1");
    assert_string_equal(m.reason, "C-1: missile #3 is not yours");
    assert_true(m.has_cmd);
    char *a = jsd_wire_command(&c), *b = jsd_wire_command(&m.cmd);
    assert_string_equal(a, b);
    free(a), free(b), free(t);
    t = jsd_wire_error("no answer within 10 s", NULL);
    read_ok(t, NULL, &m);
    assert_string_equal(m.rule, "");
    assert_false(m.has_cmd);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_X2_round_trip_every_decision_every_scenario),
        cmocka_unit_test(test_ai_plays_the_same_from_the_wire),
        cmocka_unit_test(test_bad_messages_name_the_member_and_the_problem),
        cmocka_unit_test(test_error_carries_the_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
