/* State and log JSON (docs/formats.md "State output", "Log output"): deterministic bytes, the
 * documented members in (col,row) coordinates, and nothing of the other side's secrets. */
#include "testlib.h"
#include "jsd.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int setup_dir(void **state)
{
    (void)state;
    return chdir(JS_SOURCE_DIR);
}

static js_game *start(const char *path, uint64_t seed)
{
    jsd_error err = {{0}};
    js_scenario *s = jsd_scenario_load(path, &err);
    if (!s)
        print_error("%s\n", err.msg);
    assert_non_null(s);
    js_dice_cfg dice = {JS_DICE_SEEDED, seed, NULL, 0};
    char reason[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    free(s);
    assert_non_null(g);
    return g;
}

static void submit_ok(js_game *g, const js_cmd *c)
{
    char reason[JS_REASON_LEN] = "";
    js_status st = js_submit(g, c, reason, sizeof reason);
    if (st != JS_OK)
        print_error("refused: %s\n", reason);
    assert_int_equal(st, JS_OK);
}

/* Answer the current wait with a plain choice; false when the game is over. */
static bool answer(js_game *g)
{
    js_wait w = js_wait_get(g);
    if (w.kind == JS_WAIT_NONE)
        return false;
    int side = (w.sides & JS_SIDE_MASK(JS_SIDE_A)) ? JS_SIDE_A : JS_SIDE_B;
    const js_state *st = js_game_state(g);
    js_cmd c = tl_cmd(JS_CMD_READY, side);
    if (w.kind == JS_WAIT_MISSILE) {
        c = tl_cmd(JS_CMD_MISSILE, side);
        for (int i = JS_MAX_MISSILES - 1; i >= 0; i--)
            if (st->missiles[i].alive && st->missiles[i].side == side)
                c.unit = (int16_t)i;
    } else if (w.kind == JS_WAIT_POD_MOVE) {
        c = tl_cmd(JS_CMD_POD_MOVE, side);
        for (int i = JS_MAX_PODS - 1; i >= 0; i--)
            if (st->pods[i].alive && st->pods[i].side == side && !st->pods[i].acted)
                c.unit = (int16_t)i;
    } else if (w.kind == JS_WAIT_POD_ATTACK) {
        c = tl_cmd(JS_CMD_POD_ATTACK, side);
        c.unit = -1;
    } else if (w.kind == JS_WAIT_GUARD) {
        c = tl_cmd(JS_CMD_GUARD, side);
    } else if (w.kind == JS_WAIT_DIE) {
        c = tl_cmd(JS_CMD_DIE, side);
        c.value = 4;
    }
    submit_ok(g, &c);
    return true;
}

/* The duel after a few turns of movement, missiles and pods. */
static js_game *played_duel(uint64_t seed)
{
    js_game *g = start("scenarios/duel.json", seed);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_PLOT);
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_A);
    c.unit = 0;
    c.order = tl_order(5);
    c.order.move = 3;
    c.order.msl_fwd = 2;
    submit_ok(g, &c);
    c = tl_cmd(JS_CMD_PLOT, JS_SIDE_B);
    c.unit = 2;
    c.order = tl_order(5);
    c.order.move = 2;
    c.order.pods = 1;
    c.order.pod_dir[0] = c.order.pod_dir[1] = c.order.pod_dir[2] = 4;
    submit_ok(g, &c);
    for (int i = 0; i < 60 && answer(g); i++)
        ;
    return g;
}

static char *view_json(const js_game *g, int viewer, bool pretty)
{
    js_view *v = malloc(sizeof *v);
    assert_non_null(v);
    js_view_build(g, viewer, v);
    char *s = jsd_view_to_json(v, pretty);
    free(v);
    assert_non_null(s);
    return s;
}

/* Same scenario, seed and commands: byte-identical state and log JSON, for every viewer. */
static void test_deterministic(void **state)
{
    (void)state;
    js_game *a = played_duel(1234), *b = played_duel(1234);
    assert_true(js_game_hash(a) == js_game_hash(b));
    for (int viewer = -1; viewer <= 1; viewer++)
        for (int pretty = 0; pretty <= 1; pretty++) {
            char *x = view_json(a, viewer, pretty), *y = view_json(b, viewer, pretty);
            assert_string_equal(x, y);
            free(x);
            free(y);
            x = jsd_log_to_json(a, viewer, pretty);
            y = jsd_log_to_json(b, viewer, pretty);
            assert_non_null(x);
            assert_string_equal(x, y);
            free(x);
            free(y);
        }
    /* pretty and compact are the same document */
    char *x = view_json(a, -1, false), *y = view_json(a, -1, true);
    cJSON *jx = cJSON_Parse(x), *jy = cJSON_Parse(y);
    assert_true(cJSON_Compare(jx, jy, true));
    assert_null(strchr(x, '\n'));
    cJSON_Delete(jx);
    cJSON_Delete(jy);
    free(x);
    free(y);
    /* a different seed gives a different game (the test above is not comparing constants) */
    js_game *c = played_duel(999);
    char *l1 = jsd_log_to_json(a, -1, false), *l2 = jsd_log_to_json(c, -1, false);
    assert_true(strcmp(l1, l2) != 0 || js_game_hash(a) != js_game_hash(c));
    free(l1);
    free(l2);
    js_game_destroy(a);
    js_game_destroy(b);
    js_game_destroy(c);
}

static const cJSON *ship_by_id(const cJSON *root, int id)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(root, "ships"))
        if (cJSON_GetObjectItemCaseSensitive(s, "id")->valueint == id)
            return s;
    return NULL;
}

static int num(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    assert_true(cJSON_IsNumber(v));
    return v->valueint;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    assert_true(cJSON_IsString(v));
    return v->valuestring;
}

static bool all_integers(const cJSON *v)
{
    if (cJSON_IsNumber(v) && v->valuedouble != (double)v->valueint)
        return false;
    for (const cJSON *c = v->child; c; c = c->next)
        if (!all_integers(c))
            return false;
    return true;
}

/* G-1, G-3: the state at the start of the duel, member by member, hexes as [col,row]. */
static void test_view_members(void **state)
{
    (void)state;
    js_game *g = start("scenarios/duel.json", 1);
    char *text = view_json(g, JS_SIDE_A, false);
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    assert_string_equal(str(root, "format"), "jumpstrike-state");
    assert_int_equal(num(root, "version"), 1);
    assert_string_equal(str(root, "viewer"), "A");
    assert_string_equal(str(root, "scenario"), "duel");
    assert_int_equal(num(root, "turn"), 1);
    assert_string_equal(str(root, "phase"), "plot");
    assert_string_equal(str(root, "initiative"), "A"); /* V-2: A on odd turns */
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(root, "over")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(root, "winner")));
    const js_state *st = js_game_state(g);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "energy"), "A"), st->energy[0]);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "energy"), "B"), st->energy[1]);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "points"), "B"), 0);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "reserve"), "A"), 0);
    const cJSON *wait = cJSON_GetObjectItemCaseSensitive(root, "wait");
    assert_string_equal(str(wait, "kind"), "plot");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(wait, "secret")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(wait, "sides")), 2);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root, "units")), 4);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root, "ships")), 4);

    /* the lancer: medium, bow [5,9] facing north, stern [5,10] */
    const cJSON *s0 = ship_by_id(root, 0);
    assert_non_null(s0);
    assert_string_equal(str(s0, "card"), "vega-lancer");
    assert_string_equal(str(s0, "side"), "A");
    char *hexes = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(s0, "hexes"));
    assert_string_equal(hexes, "[[5,9],[5,10]]");
    free(hexes);
    assert_int_equal(num(s0, "facing"), 1);
    assert_int_equal(num(s0, "phase"), 5);
    assert_int_equal(num(s0, "shields"), 2);
    assert_int_equal(num(s0, "hull_damage"), 0);
    assert_string_equal(str(s0, "state"), "active");
    assert_int_equal(num(s0, "missiles"), 6);
    assert_non_null(cJSON_GetObjectItemCaseSensitive(s0, "plan")); /* own ship: its plan */
    /* the marauder faces south: its stern is north of its bow */
    const cJSON *s2 = ship_by_id(root, 2);
    hexes = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(s2, "hexes"));
    assert_string_equal(hexes, "[[10,2],[10,1]]");
    free(hexes);
    assert_string_equal(str(s2, "side"), "B");
    assert_null(cJSON_GetObjectItemCaseSensitive(s2, "plan")); /* P-5: not A's to see */
    /* only integers in the output */
    assert_true(all_integers(root));
    cJSON_Delete(root);
    free(text);
    js_game_destroy(g);
}

/* P-5, X-2: B's plotting changes nothing in A's view; it does change B's own. */
static void test_view_hides_other_plots(void **state)
{
    (void)state;
    js_game *g = start("scenarios/duel.json", 3);
    char *a_before = view_json(g, JS_SIDE_A, false);
    char *b_before = view_json(g, JS_SIDE_B, false);
    char *log_a_before = jsd_log_to_json(g, JS_SIDE_A, false);
    js_cmd c = tl_cmd(JS_CMD_PLOT, JS_SIDE_B);
    c.unit = 2;
    c.slot = 1;
    c.order = tl_order(6);
    c.order.move = 4;
    c.order.turn = 1;
    c.order.msl_fwd = 2;
    submit_ok(g, &c);
    char *a_after = view_json(g, JS_SIDE_A, false);
    char *b_after = view_json(g, JS_SIDE_B, false);
    char *log_a_after = jsd_log_to_json(g, JS_SIDE_A, false);
    assert_string_equal(a_before, a_after);
    assert_string_equal(log_a_before, log_a_after);
    assert_true(strcmp(b_before, b_after) != 0);
    assert_non_null(strstr(b_after, "\"turn\":\"starboard\",\"move\":4"));
    free(a_before);
    free(a_after);
    free(b_before);
    free(b_after);
    free(log_a_before);
    free(log_a_after);
    js_game_destroy(g);
}

/* L-1, L-6: the other side's reserve is a count only; one's own reserve is listed by card. */
static void test_view_hides_reserve(void **state)
{
    (void)state;
    js_game *g = start("scenarios/carrier_strike.json", 3);
    char *text = view_json(g, JS_SIDE_A, false);
    cJSON *root = cJSON_Parse(text);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "reserve"), "B"), 5);
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(root, "reserve"), "A"), 5);
    int own_reserve = 0, other_units = 0;
    const cJSON *u;
    cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(root, "units"))
    {
        if (strcmp(str(u, "side"), "A") == 0 && strcmp(str(u, "where"), "reserve") == 0)
            own_reserve++;
        if (strcmp(str(u, "side"), "B") == 0) {
            other_units++;
            assert_string_equal(str(u, "where"), "map");
        }
    }
    assert_int_equal(own_reserve, 5);
    assert_int_equal(other_units, 2);
    assert_null(strstr(text, "hadar-citadel"));
    assert_null(strstr(text, "hadar-hornet"));
    assert_non_null(strstr(text, "vega-aurora"));
    cJSON_Delete(root);
    free(text);
    /* the all-seeing view names both */
    text = view_json(g, -1, false);
    assert_non_null(strstr(text, "hadar-citadel"));
    assert_non_null(strstr(text, "\"viewer\":\"all\""));
    free(text);
    js_game_destroy(g);
}

/* L-2, X-2: a side's own pending launch shows in its view; the other side's view and log do
 * not change at all until the reveal. */
static void test_pending_launch_secret(void **state)
{
    (void)state;
    js_game *g = start("scenarios/carrier_strike.json", 3);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    char *b_before = view_json(g, JS_SIDE_B, false);
    char *b_log_before = jsd_log_to_json(g, JS_SIDE_B, false);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    c.unit = 3; /* the first Wasp squadron, in reserve */
    c.nplace = 4;
    for (int k = 0; k < 4; k++) {
        c.place[k].hex = js_hex_from_offset(2 + k, 16);
        c.place[k].facing = 1;
    }
    submit_ok(g, &c);
    char *b_after = view_json(g, JS_SIDE_B, false);
    char *b_log_after = jsd_log_to_json(g, JS_SIDE_B, false);
    assert_string_equal(b_before, b_after);
    assert_string_equal(b_log_before, b_log_after);
    char *a = view_json(g, JS_SIDE_A, false);
    cJSON *root = cJSON_Parse(a);
    const cJSON *u = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "units"), 3);
    assert_int_equal(num(u, "id"), 3);
    assert_string_equal(str(u, "card"), "vega-wasp");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u, "pending")));
    cJSON_Delete(root);
    free(a);
    free(b_before);
    free(b_after);
    free(b_log_before);
    free(b_log_after);
    js_game_destroy(g);
}

/* The log: visible events in order, numbered from 0 per viewer, with readable type names. */
static void test_log_json(void **state)
{
    (void)state;
    js_game *g = played_duel(77);
    char *all = jsd_log_to_json(g, -1, false);
    cJSON *arr = cJSON_Parse(all);
    assert_true(cJSON_IsArray(arr));
    assert_int_equal(cJSON_GetArraySize(arr), js_log_count(g));
    int i = 0, rolls = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        assert_int_equal(num(e, "i"), i);
        const js_event *ev = js_log_at(g, i);
        assert_string_equal(str(e, "text"), ev->text);
        assert_int_equal(num(e, "value"), ev->value);
        assert_int_equal(num(e, "turn"), ev->turn);
        assert_true(strcmp(str(e, "type"), "unknown") != 0);
        if (ev->type == JS_EV_ROLL) {
            assert_string_equal(str(e, "type"), "roll");
            rolls++;
        }
        if (ev->hex.q == INT16_MIN) /* the engine's "no hex" */
            assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(e, "hex")));
        else
            assert_true(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(e, "hex")));
        if (ev->type == JS_EV_MOVE) {
            /* hexes in (col,row) */
            int col, row;
            js_hex_to_offset(ev->hex2, &col, &row);
            const cJSON *h2 = cJSON_GetObjectItemCaseSensitive(e, "hex2");
            assert_int_equal(cJSON_GetArrayItem(h2, 0)->valueint, col);
            assert_int_equal(cJSON_GetArrayItem(h2, 1)->valueint, row);
        }
        i++;
    }
    assert_true(rolls > 0);
    cJSON_Delete(arr);
    /* a side's log holds only what it may see, renumbered without gaps */
    int visible = 0;
    for (int k = 0; k < js_log_count(g); k++)
        visible += js_event_visible(js_log_at(g, k), JS_SIDE_A);
    char *a = jsd_log_to_json(g, JS_SIDE_A, false);
    arr = cJSON_Parse(a);
    assert_int_equal(cJSON_GetArraySize(arr), visible);
    i = 0;
    cJSON_ArrayForEach(e, arr)
        assert_int_equal(num(e, "i"), i++);
    cJSON_Delete(arr);
    free(a);
    free(all);
    js_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_view_members),
        cmocka_unit_test(test_view_hides_other_plots),
        cmocka_unit_test(test_view_hides_reserve),
        cmocka_unit_test(test_pending_launch_secret),
        cmocka_unit_test(test_log_json),
    };
    return cmocka_run_group_tests(tests, setup_dir, NULL);
}
