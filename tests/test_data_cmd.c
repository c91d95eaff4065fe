/* Commands as JSON (docs/formats.md "Commands"): every js_cmd type survives a round trip,
 * is written in its documented form, and bad command text gives a message with its path. */
#define _XOPEN_SOURCE 700
#include "testlib.h"
#include "jsd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool order_equal(const js_order *a, const js_order *b)
{
    return a->turn == b->turn && a->move == b->move && a->astern == b->astern &&
           a->phase == b->phase && a->msl_fwd == b->msl_fwd && a->msl_aft == b->msl_aft &&
           a->pods == b->pods && memcmp(a->pod_dir, b->pod_dir, sizeof a->pod_dir) == 0 &&
           a->redistribute == b->redistribute && memcmp(a->guard, b->guard, sizeof a->guard) == 0;
}

static bool cmd_equal(const js_cmd *a, const js_cmd *b)
{
    if (a->type != b->type || a->side != b->side || a->unit != b->unit || a->target != b->target ||
        a->target_is_pod != b->target_is_pod || a->count != b->count || a->slot != b->slot ||
        a->dir != b->dir || a->hold != b->hold || a->value != b->value ||
        !order_equal(&a->order, &b->order) || a->nplace != b->nplace || a->ncargo != b->ncargo ||
        a->dice != b->dice)
        return false;
    for (int k = 0; k < JS_MAX_SQUAD; k++)
        if (!js_hex_eq(a->place[k].hex, b->place[k].hex) || a->place[k].facing != b->place[k].facing ||
            a->place[k].phase != b->place[k].phase)
            return false;
    for (int k = 0; k < JS_MAX_CARGO; k++)
        if (a->cargo[k] != b->cargo[k])
            return false;
    return true;
}

static js_cmd blank(int type, int side)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = (int8_t)type;
    c.side = (int8_t)side;
    return c;
}

/* One command of every type, each in the canonical form jsd_cmd_from_json produces, with the
 * exact text jsd_cmd_to_json writes for it. */
typedef struct sample {
    js_cmd cmd;
    const char *json;
} sample;

static int make_samples(sample *out)
{
    int n = 0;
    js_cmd c;

    c = blank(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = 4;
    c.nplace = 2;
    c.place[0].hex = js_hex_from_offset(3, 10);
    c.place[0].facing = 1;
    c.place[1].hex = js_hex_from_offset(4, 10);
    c.place[1].facing = 2;
    c.place[1].phase = 6;
    c.ncargo = 2;
    c.cargo[0] = 7;
    c.cargo[1] = 9;
    out[n++] = (sample){c, "{\"type\":\"launch\",\"side\":\"A\",\"unit\":4,\"place\":[{\"hex\":[3,10],"
                           "\"facing\":1,\"phase\":0},{\"hex\":[4,10],\"facing\":2,\"phase\":6}],"
                           "\"cargo\":[7,9]}"};

    c = blank(JS_CMD_LAUNCH_CARGO, JS_SIDE_B);
    c.unit = 12;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(7, 0);
    c.place[0].facing = 4;
    out[n++] = (sample){c, "{\"type\":\"launch_cargo\",\"side\":\"B\",\"unit\":12,\"place\":[{\"hex\":"
                           "[7,0],\"facing\":4,\"phase\":0}]}"};

    c = blank(JS_CMD_CANCEL_LAUNCH, JS_SIDE_A);
    c.unit = 4;
    out[n++] = (sample){c, "{\"type\":\"cancel_launch\",\"side\":\"A\",\"unit\":4}"};

    c = blank(JS_CMD_READY, JS_SIDE_B);
    out[n++] = (sample){c, "{\"type\":\"ready\",\"side\":\"B\"}"};

    /* the example of the brief, exactly */
    c = blank(JS_CMD_PLOT, JS_SIDE_A);
    c.unit = 3;
    c.slot = 2;
    c.order.turn = -1;
    c.order.move = 3;
    c.order.phase = 5;
    c.order.msl_fwd = 1;
    out[n++] = (sample){c, "{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":2,\"order\":{\"turn\":"
                           "\"port\",\"move\":3,\"astern\":false,\"phase\":5,\"missiles_fwd\":1,"
                           "\"missiles_aft\":0}}"};

    /* every order field at once: starboard, astern, pods with directions, guard split */
    c = blank(JS_CMD_PLOT, JS_SIDE_B);
    c.unit = 40;
    c.slot = 0;
    c.order.turn = 1;
    c.order.move = 2;
    c.order.astern = 1;
    c.order.phase = 10;
    c.order.msl_fwd = 2;
    c.order.msl_aft = 1;
    c.order.pods = 2;
    c.order.pod_dir[0] = 1;
    c.order.pod_dir[1] = 6;
    c.order.pod_dir[2] = 4;
    c.order.redistribute = 1;
    c.order.guard[0] = 3;
    c.order.guard[3] = 1;
    out[n++] = (sample){c, "{\"type\":\"plot\",\"side\":\"B\",\"ship\":40,\"slot\":0,\"order\":{\"turn\":"
                           "\"starboard\",\"move\":2,\"astern\":true,\"phase\":10,\"missiles_fwd\":2,"
                           "\"missiles_aft\":1,\"pods\":2,\"pod_dirs\":[1,6,4],\"guard\":[3,0,0,1,0,"
                           "0]}}"};

    c = blank(JS_CMD_PLOT_POD, JS_SIDE_A);
    c.unit = 5;
    c.slot = 1;
    c.dir = 6;
    out[n++] = (sample){c, "{\"type\":\"plot_pod\",\"side\":\"A\",\"group\":5,\"slot\":1,\"dir\":6}"};

    c = blank(JS_CMD_POD_MOVE, JS_SIDE_B);
    c.unit = 2;
    c.hold = 1;
    out[n++] = (sample){c, "{\"type\":\"pod_move\",\"side\":\"B\",\"group\":2,\"hold\":true}"};

    c = blank(JS_CMD_MISSILE, JS_SIDE_A);
    c.unit = 17;
    out[n++] = (sample){c, "{\"type\":\"missile\",\"side\":\"A\",\"missile\":17}"};

    c = blank(JS_CMD_POD_ATTACK, JS_SIDE_B);
    c.unit = 3;
    c.target = 8;
    c.count = 4;
    out[n++] = (sample){c, "{\"type\":\"pod_attack\",\"side\":\"B\",\"group\":3,\"target\":8,"
                           "\"target_is_pod\":false,\"count\":4}"};

    c = blank(JS_CMD_POD_ATTACK, JS_SIDE_A);
    c.unit = 3;
    c.target = 1;
    c.target_is_pod = 1;
    c.count = 2;
    out[n++] = (sample){c, "{\"type\":\"pod_attack\",\"side\":\"A\",\"group\":3,\"target\":1,"
                           "\"target_is_pod\":true,\"count\":2}"};

    c = blank(JS_CMD_POD_ATTACK, JS_SIDE_A);
    c.unit = -1;
    out[n++] = (sample){c, "{\"type\":\"pod_attack\",\"side\":\"A\",\"pass\":true}"};

    c = blank(JS_CMD_GUARD, JS_SIDE_B);
    c.count = 2;
    out[n++] = (sample){c, "{\"type\":\"guard\",\"side\":\"B\",\"count\":2}"};

    c = blank(JS_CMD_SHIP_ATTACK, JS_SIDE_A);
    c.unit = 1;
    c.target = 6;
    out[n++] = (sample){c, "{\"type\":\"ship_attack\",\"side\":\"A\",\"ship\":1,\"target\":6}"};

    c = blank(JS_CMD_SHIP_ATTACK, JS_SIDE_B);
    c.unit = 6;
    c.target = -1;
    out[n++] = (sample){c, "{\"type\":\"ship_attack\",\"side\":\"B\",\"ship\":6,\"target\":-1}"};

    c = blank(JS_CMD_DIE, JS_SIDE_A);
    c.value = 7;
    out[n++] = (sample){c, "{\"type\":\"die\",\"side\":\"A\",\"value\":7}"};

    /* S-1: support offers bought (the list replaces any earlier one) */
    c = blank(JS_CMD_BUY, JS_SIDE_A);
    c.ncargo = 2;
    c.cargo[0] = 0;
    c.cargo[1] = 2;
    out[n++] = (sample){c, "{\"type\":\"buy\",\"side\":\"A\",\"offers\":[0,2]}"};

    c = blank(JS_CMD_BUY, JS_SIDE_B); /* buying nothing */
    out[n++] = (sample){c, "{\"type\":\"buy\",\"side\":\"B\",\"offers\":[]}"};

    /* J-2: slot = section, place[0].hex */
    c = blank(JS_CMD_PLACE_JP, JS_SIDE_A);
    c.slot = JS_SECTION_LEFT;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(3, 11);
    out[n++] = (sample){c, "{\"type\":\"place_jump_point\",\"side\":\"A\",\"section\":\"left\","
                           "\"hex\":[3,11]}"};

    c = blank(JS_CMD_PLACE_JP, JS_SIDE_B);
    c.slot = JS_SECTION_RIGHT;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(2, 0);
    out[n++] = (sample){c, "{\"type\":\"place_jump_point\",\"side\":\"B\",\"section\":\"right\","
                           "\"hex\":[2,0]}"};

    /* H-4: deck indices in order */
    c = blank(JS_CMD_VANGUARD, JS_SIDE_B);
    c.ncargo = 2;
    c.cargo[0] = 3;
    c.cargo[1] = 7;
    out[n++] = (sample){c, "{\"type\":\"vanguard\",\"side\":\"B\",\"cards\":[3,7]}"};

    /* J-3, J-4: an Assault through the right jump point, two cards in arrival order */
    c = blank(JS_CMD_PLAY_CARD, JS_SIDE_A);
    c.unit = 5;
    c.dir = JS_SECTION_RIGHT;
    c.target = -1;
    c.ncargo = c.nplace = 2;
    c.cargo[0] = 12;
    c.place[0].facing = 1;
    c.place[0].phase = 5;
    c.cargo[1] = 3;
    c.place[1].facing = 2;
    out[n++] = (sample){c, "{\"type\":\"play_card\",\"side\":\"A\",\"card\":5,\"section\":"
                           "\"right\",\"deploy\":[{\"unit\":12,\"facing\":1,\"phase\":5},{\"unit\":3,"
                           "\"facing\":2,\"phase\":0}]}"};

    /* an officer through jump point 2 */
    c = blank(JS_CMD_PLAY_CARD, JS_SIDE_B);
    c.unit = 20;
    c.dir = JS_SECTION_ANY;
    c.target = 2;
    c.ncargo = c.nplace = 1;
    c.cargo[0] = 9;
    c.place[0].facing = 4;
    c.place[0].phase = 6;
    out[n++] = (sample){c, "{\"type\":\"play_card\",\"side\":\"B\",\"card\":20,\"jump_point\":2,"
                           "\"deploy\":[{\"unit\":9,\"facing\":4,\"phase\":6}]}"};

    /* a section card that deploys nothing */
    c = blank(JS_CMD_PLAY_CARD, JS_SIDE_A);
    c.unit = 0;
    c.dir = JS_SECTION_ANY;
    c.target = -1;
    out[n++] = (sample){c, "{\"type\":\"play_card\",\"side\":\"A\",\"card\":0,\"deploy\":[]}"};

    /* withdrawing the pending play */
    c = blank(JS_CMD_PLAY_CARD, JS_SIDE_A);
    c.unit = -1;
    c.dir = JS_SECTION_ANY;
    c.target = -1;
    out[n++] = (sample){c, "{\"type\":\"play_card\",\"side\":\"A\",\"card\":-1}"};

    /* H-5: deck indices discarded */
    c = blank(JS_CMD_DISCARD, JS_SIDE_B);
    c.ncargo = 2;
    c.cargo[0] = 4;
    c.cargo[1] = 9;
    out[n++] = (sample){c, "{\"type\":\"discard\",\"side\":\"B\",\"cards\":[4,9]}"};

    /* K-2: jump-off point 1 at setup; an entry point */
    c = blank(JS_CMD_PLACE_JO, JS_SIDE_A);
    c.slot = 1;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(4, 9);
    out[n++] = (sample){c, "{\"type\":\"place_jump_off\",\"side\":\"A\",\"slot\":1,\"hex\":[4,9]}"};

    c = blank(JS_CMD_PLACE_ENTRY, JS_SIDE_B);
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(7, 0);
    out[n++] = (sample){c, "{\"type\":\"place_entry\",\"side\":\"B\",\"hex\":[7,0]}"};

    /* K-4: dice 0 and 2 spent on card 5 at jump-off point 3; K-9: a transport with passenger 7 */
    c = blank(JS_CMD_DICE_DEPLOY, JS_SIDE_A);
    c.unit = 5;
    c.dice = 1u << 0 | 1u << 2;
    c.target = 3;
    c.nplace = 1;
    c.place[0] = (js_ship_place){js_hex_from_offset(5, 9), 1, 5};
    out[n++] = (sample){c, "{\"type\":\"dice_deploy\",\"side\":\"A\",\"unit\":5,\"dice\":[0,2],\"site\":3,"
                           "\"place\":[{\"hex\":[5,9],\"facing\":1,\"phase\":5}]}"};

    c = blank(JS_CMD_DICE_DEPLOY, JS_SIDE_B);
    c.unit = 8;
    c.dice = 1u << 4;
    c.target = 1;
    c.nplace = 1;
    c.place[0] = (js_ship_place){js_hex_from_offset(6, 1), 4, 0};
    c.ncargo = 1;
    c.cargo[0] = 7;
    out[n++] = (sample){c, "{\"type\":\"dice_deploy\",\"side\":\"B\",\"unit\":8,\"dice\":[4],\"site\":1,"
                           "\"place\":[{\"hex\":[6,1],\"facing\":4,\"phase\":0}],\"passenger\":7}"};

    c = blank(JS_CMD_DICE_DEPLOY, JS_SIDE_A); /* withdrawn */
    c.unit = 5;
    c.target = -1;
    out[n++] = (sample){c, "{\"type\":\"dice_deploy\",\"side\":\"A\",\"unit\":5,\"dice\":[]}"};
    return n;
}

static void test_round_trip_every_type(void **state)
{
    (void)state;
    sample s[40];
    int n = make_samples(s);
    bool seen[JS_CMD_COUNT] = {false};
    for (int i = 0; i < n; i++) {
        char *text = jsd_cmd_to_json(&s[i].cmd);
        assert_non_null(text);
        assert_string_equal(text, s[i].json);
        js_cmd back;
        memset(&back, 0x33, sizeof back);
        jsd_error err = {{0}};
        bool ok = jsd_cmd_from_json(text, &back, "cmd", &err);
        if (!ok)
            print_error("%s\n", err.msg);
        assert_true(ok);
        assert_true(cmd_equal(&back, &s[i].cmd));
        /* and writing it again gives the same text */
        char *again = jsd_cmd_to_json(&back);
        assert_string_equal(again, text);
        free(again);
        free(text);
        seen[s[i].cmd.type] = true;
    }
    for (int t = 0; t < JS_CMD_COUNT; t++)
        assert_true(seen[t]);
}

/* Hand-written commands may leave out optional members; they take the documented defaults. */
static void test_defaults(void **state)
{
    (void)state;
    js_cmd c;
    jsd_error err;
    assert_true(jsd_cmd_from_json("{\"side\":\"B\",\"type\":\"plot\",\"ship\":2,\"slot\":1,"
                                  "\"order\":{\"phase\":4}}", &c, "x", &err));
    assert_int_equal(c.type, JS_CMD_PLOT);
    assert_int_equal(c.side, JS_SIDE_B);
    assert_int_equal(c.unit, 2);
    assert_int_equal(c.order.turn, 0);
    assert_int_equal(c.order.move, 0);
    assert_int_equal(c.order.astern, 0);
    assert_int_equal(c.order.phase, 4);
    assert_int_equal(c.order.pods, 0);
    assert_int_equal(c.order.redistribute, 0);
    assert_true(jsd_cmd_from_json("{\"type\":\"pod_move\",\"side\":\"A\",\"group\":0}", &c, "x",
                                  &err));
    assert_int_equal(c.hold, 0);
    /* play_card: null withdraws like -1; no section, jump point or deploy means none */
    assert_true(jsd_cmd_from_json("{\"type\":\"play_card\",\"side\":\"B\",\"card\":null}", &c, "x",
                                  &err));
    assert_int_equal(c.type, JS_CMD_PLAY_CARD);
    assert_int_equal(c.unit, -1);
    assert_int_equal(c.ncargo, 0);
    char *text = jsd_cmd_to_json(&c);
    assert_string_equal(text, "{\"type\":\"play_card\",\"side\":\"B\",\"card\":-1}");
    free(text);
    assert_true(jsd_cmd_from_json("{\"type\":\"play_card\",\"side\":\"A\",\"card\":7}", &c, "x",
                                  &err));
    assert_int_equal(c.unit, 7);
    assert_int_equal(c.dir, JS_SECTION_ANY);
    assert_int_equal(c.target, -1);
    assert_int_equal(c.ncargo, 0);
    /* a deployment's phase defaults to 0, "the default" (5), as in launches */
    assert_true(jsd_cmd_from_json("{\"type\":\"play_card\",\"side\":\"A\",\"card\":7,\"deploy\":"
                                  "[{\"unit\":4,\"facing\":3}]}", &c, "x", &err));
    assert_int_equal(c.ncargo, 1);
    assert_int_equal(c.nplace, 1);
    assert_int_equal(c.cargo[0], 4);
    assert_int_equal(c.place[0].facing, 3);
    assert_int_equal(c.place[0].phase, 0);
    /* a command built in code with memset 0 (section left, jump point 0) writes both and reads
     * back the same */
    js_cmd z = blank(JS_CMD_PLAY_CARD, JS_SIDE_A), back;
    text = jsd_cmd_to_json(&z);
    assert_string_equal(text, "{\"type\":\"play_card\",\"side\":\"A\",\"card\":0,\"section\":"
                              "\"left\",\"jump_point\":0,\"deploy\":[]}");
    assert_true(jsd_cmd_from_json(text, &back, "x", &err));
    assert_true(cmd_equal(&back, &z));
    free(text);
}

static void expect_bad(const char *text, const char *msg)
{
    js_cmd c, before;
    memset(&c, 0x21, sizeof c);
    memcpy(&before, &c, sizeof c);
    jsd_error err = {{0}};
    assert_false(jsd_cmd_from_json(text, &c, "cmds.json", &err));
    if (strcmp(err.msg, msg) != 0)
        print_error("want: %s\ngot:  %s\n", msg, err.msg);
    assert_string_equal(err.msg, msg);
    assert_memory_equal(&c, &before, sizeof c); /* nothing half-written */
}

static void test_bad_commands(void **state)
{
    (void)state;
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":2}",
               "cmds.json: missing required field \"order\"");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":3,\"order\":{\"phase\":5}}",
               "cmds.json: slot: expected an integer 0..2, got 3");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":0,\"order\":{\"phase\":5,"
               "\"move\":\"fast\"}}",
               "cmds.json: order.move: expected an integer 0..20, got \"fast\"");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":0,\"order\":{\"phase\":5,"
               "\"turn\":\"left\"}}",
               "cmds.json: order.turn: expected one of \"port\", \"none\", \"starboard\", got "
               "\"left\"");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":0,\"order\":{\"phase\":5,"
               "\"pods\":1}}",
               "cmds.json: order: missing required field \"pod_dirs\" (a pod launch plots the new "
               "group's first three directions)");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":0,\"order\":{\"phase\":5,"
               "\"pods\":1,\"pod_dirs\":[1,2,7]}}",
               "cmds.json: order.pod_dirs[2]: expected an integer 1..6, got 7");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"ship\":3,\"slot\":0,\"order\":{\"phase\":5,"
               "\"guard\":[1,1,1]}}",
               "cmds.json: order.guard: expected 6 entries, got 3");
    expect_bad("{\"type\":\"plot\",\"side\":\"A\",\"group\":3,\"slot\":0,\"order\":{\"phase\":5}}",
               "cmds.json: unknown field \"group\"");
    expect_bad("{\"type\":\"pod_attack\",\"side\":\"A\",\"pass\":true,\"group\":2}",
               "cmds.json: group: a pass (\"pass\": true) names no group");
    expect_bad("{\"type\":\"ship_attack\",\"side\":\"A\",\"ship\":1,\"target\":-2}",
               "cmds.json: target: expected an integer -1..319, got -2");
    expect_bad("{\"type\":\"die\",\"side\":\"a\",\"value\":3}",
               "cmds.json: side: expected one of \"A\", \"B\", got \"a\"");
    expect_bad("{\"type\":\"die\",\"side\":\"A\",\"value\":0}",
               "cmds.json: value: expected an integer 1..10, got 0");
    expect_bad("{\"type\":\"launch\",\"side\":\"A\",\"unit\":1,\"place\":[]}",
               "cmds.json: place: expected 1..8 entries, got 0");
    expect_bad("{\"type\":\"launch\",\"side\":\"A\",\"unit\":1,\"place\":[{\"hex\":[2,3]}]}",
               "cmds.json: place[0]: missing required field \"facing\"");
    expect_bad("{\"type\":\"launch\",\"side\":\"A\",\"unit\":1,\"place\":[{\"hex\":[2,64],"
               "\"facing\":1}]}",
               "cmds.json: place[0].hex: [2,64] is off any map (columns 0..63, rows 0..63)");
    /* jump points, command cards, setup */
    expect_bad("{\"type\":\"buy\",\"side\":\"A\"}", "cmds.json: missing required field \"offers\"");
    expect_bad("{\"type\":\"buy\",\"side\":\"A\",\"offers\":[0,24]}",
               "cmds.json: offers[1]: expected an integer 0..23, got 24");
    expect_bad("{\"type\":\"buy\",\"side\":\"A\",\"offers\":[0,1,2,3,4,5,6,7,8,9,10,11,12]}",
               "cmds.json: offers: expected 0..12 entries, got 13");
    expect_bad("{\"type\":\"place_jump_point\",\"side\":\"A\",\"section\":\"any\",\"hex\":[3,11]}",
               "cmds.json: section: expected one of \"left\", \"centre\", \"right\", got \"any\"");
    expect_bad("{\"type\":\"place_jump_point\",\"side\":\"A\",\"section\":\"left\"}",
               "cmds.json: missing required field \"hex\"");
    expect_bad("{\"type\":\"place_jump_point\",\"side\":\"A\",\"section\":\"left\",\"hex\":[-1,3]}",
               "cmds.json: hex: [-1,3] is off any map (columns 0..63, rows 0..63)");
    expect_bad("{\"type\":\"vanguard\",\"side\":\"B\",\"cards\":[0,1,2,3,4,5,6,7,8,9]}",
               "cmds.json: cards: expected 0..9 entries, got 10");
    expect_bad("{\"type\":\"vanguard\",\"side\":\"B\",\"cards\":[64]}",
               "cmds.json: cards[0]: expected an integer 0..63, got 64");
    expect_bad("{\"type\":\"discard\",\"side\":\"B\",\"cards\":\"4\"}",
               "cmds.json: cards: expected an array, got \"4\"");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\"}", "cmds.json: missing required field \"card\"");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":-2}",
               "cmds.json: card: expected an integer -1..63, got -2");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":null,\"section\":\"left\"}",
               "cmds.json: section: a withdrawal (\"card\": null) names no section");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":-1,\"jump_point\":1}",
               "cmds.json: jump_point: a withdrawal (\"card\": -1) names no jump_point");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"section\":\"middle\"}",
               "cmds.json: section: expected one of \"left\", \"centre\", \"right\", got \"middle\"");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"jump_point\":32}",
               "cmds.json: jump_point: expected an integer 0..31, got 32");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"deploy\":[{\"unit\":4}]}",
               "cmds.json: deploy[0]: missing required field \"facing\"");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"deploy\":[{\"card\":4,"
               "\"facing\":1}]}",
               "cmds.json: deploy[0]: unknown field \"card\"");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"deploy\":[{\"unit\":4,"
               "\"facing\":1,\"phase\":11}]}",
               "cmds.json: deploy[0].phase: expected an integer 0..10, got 11");
    expect_bad("{\"type\":\"play_card\",\"side\":\"A\",\"card\":3,\"deploy\":[{\"unit\":4,"
               "\"facing\":1,\"hex\":[1,1]}]}",
               "cmds.json: deploy[0]: unknown field \"hex\"");
    expect_bad("{\"type\":\"discard\",\"side\":\"A\",\"cards\":[1],\"unit\":2}",
               "cmds.json: unknown field \"unit\"");
    expect_bad("{\"type\":\"ready\"}", "cmds.json: missing required field \"side\"");
    expect_bad("{\"side\":\"A\"}", "cmds.json: missing required field \"type\"");
    expect_bad("[]", "cmds.json: expected a JSON object at the top level, got an array");
    expect_bad("{\"type\":\"ready\",\"side\":\"A\"", "cmds.json: JSON syntax error: the text "
                                                     "ends too early at line 1, column 27 "
                                                     "(truncated file?)");
}

/* A commands file: a bare array, or an object with format, version and commands. */
static void test_commands_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/jsd_cmdXXXXXX";
    assert_non_null(mkdtemp(dir));
    char a[64], b[64];
    snprintf(a, sizeof a, "%s/a.json", dir);
    snprintf(b, sizeof b, "%s/b.json", dir);
    const char *arr = "[{\"type\":\"ready\",\"side\":\"A\"},\n {\"type\":\"die\",\"side\":\"B\","
                      "\"value\":3}]\n";
    const char *obj = "{\"format\":\"jumpstrike-commands\",\"version\":1,\"commands\":[{\"type\":"
                      "\"ready\",\"side\":\"A\"},{\"type\":\"die\",\"side\":\"B\",\"value\":3}]}";
    jsd_error err;
    assert_true(jsd_write_atomic(a, arr, strlen(arr), &err));
    assert_true(jsd_write_atomic(b, obj, strlen(obj), &err));
    for (int f = 0; f < 2; f++) {
        int n = 0;
        js_cmd *c = jsd_commands_load(f ? b : a, &n, &err);
        assert_non_null(c);
        assert_int_equal(n, 2);
        assert_int_equal(c[0].type, JS_CMD_READY);
        assert_int_equal(c[1].type, JS_CMD_DIE);
        assert_int_equal(c[1].side, JS_SIDE_B);
        assert_int_equal(c[1].value, 3);
        free(c);
        char kind[16];
        assert_true(jsd_validate_file(f ? b : a, kind, sizeof kind, &err));
        assert_string_equal(kind, "commands");
    }
    /* an error names the element of the bare array by index */
    const char *bad = "[{\"type\":\"ready\",\"side\":\"A\"},{\"type\":\"die\",\"side\":\"B\"}]";
    assert_true(jsd_write_atomic(a, bad, strlen(bad), &err));
    int n;
    assert_null(jsd_commands_load(a, &n, &err));
    char want[200];
    snprintf(want, sizeof want, "%s: [1]: missing required field \"value\"", a);
    assert_string_equal(err.msg, want);
    unlink(a);
    unlink(b);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_type),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_bad_commands),
        cmocka_unit_test(test_commands_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
