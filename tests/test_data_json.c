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
    } else if (w.kind == JS_WAIT_DISCARD) {
        c = tl_cmd(JS_CMD_DISCARD, side); /* H-5: the last cards of the hand, down to the Billet */
        for (int k = st->billet[side]; k < st->nhand[side]; k++)
            c.cargo[c.ncargo++] = st->hand[side][k];
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

/* ---- jump points, command cards and setup (RULES J, H, S; X-2) */

static js_cmd list_cmd(int type, int side, int n, const int *v)
{
    js_cmd c = tl_cmd(type, side);
    c.ncargo = (int8_t)n;
    for (int i = 0; i < n; i++)
        c.cargo[i] = (int16_t)v[i];
    return c;
}

static js_cmd place_jp(int side, int section, int col, int row)
{
    js_cmd c = tl_cmd(JS_CMD_PLACE_JP, side);
    c.slot = (int8_t)section;
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(col, row);
    return c;
}

/* Submit a secret command for `side` and check that the other side's view and log do not
 * change while its own view does. */
static void secret_ok(js_game *g, const js_cmd *c)
{
    int other = 1 - c->side;
    char *v0 = view_json(g, other, false), *l0 = jsd_log_to_json(g, other, false);
    char *own0 = view_json(g, c->side, false);
    submit_ok(g, c);
    char *v1 = view_json(g, other, false), *l1 = jsd_log_to_json(g, other, false);
    char *own1 = view_json(g, c->side, false);
    if (strcmp(v0, v1) != 0)
        print_error("%s by %c changed the other side's view\n", js_cmd_type_name(c->type),
                    'A' + c->side);
    assert_string_equal(v0, v1);
    assert_string_equal(l0, l1);
    assert_true(strcmp(own0, own1) != 0);
    free(v0), free(v1), free(l0), free(l1), free(own0), free(own1);
}

/* scenarios/jump_raid.json through setup: purchases, jump points, Vanguard, hands dealt. */
static js_game *jump_raid_after_setup(uint64_t seed)
{
    js_game *g = start("scenarios/jump_raid.json", seed);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_BUY);
    js_cmd c = list_cmd(JS_CMD_BUY, JS_SIDE_A, 2, (const int[]){0, 1}); /* kestrel 6 + wasp 8 */
    secret_ok(g, &c);
    c = tl_cmd(JS_CMD_READY, JS_SIDE_A); /* public: the other side sees who is ready */
    submit_ok(g, &c);
    c = list_cmd(JS_CMD_BUY, JS_SIDE_B, 1, (const int[]){6}); /* marauder 13 */
    secret_ok(g, &c);
    c = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    submit_ok(g, &c);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_JP);
    /* J-2: A's left is west, B's left is east; one row in from the edge leaves room for a
     * medium ship's stern */
    static const int AJ[3][2] = {{2, 12}, {9, 12}, {16, 12}}, BJ[3][2] = {{16, 1}, {9, 1}, {2, 1}};
    for (int sec = 0; sec < 3; sec++) {
        c = place_jp(JS_SIDE_A, sec, AJ[sec][0], AJ[sec][1]);
        secret_ok(g, &c);
    }
    c = tl_cmd(JS_CMD_READY, JS_SIDE_A); /* public: the other side sees who is ready */
    submit_ok(g, &c);
    for (int sec = 0; sec < 3; sec++) {
        c = place_jp(JS_SIDE_B, sec, BJ[sec][0], BJ[sec][1]);
        secret_ok(g, &c);
    }
    c = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    submit_ok(g, &c);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_VANGUARD);
    /* the default deck: 4 = Attack Left, 11 = Attack Centre, 17 = Attack Right */
    c = list_cmd(JS_CMD_VANGUARD, JS_SIDE_A, 2, (const int[]){4, 11});
    secret_ok(g, &c);
    c = tl_cmd(JS_CMD_READY, JS_SIDE_A); /* public: the other side sees who is ready */
    submit_ok(g, &c);
    c = list_cmd(JS_CMD_VANGUARD, JS_SIDE_B, 2, (const int[]){17, 12});
    secret_ok(g, &c);
    c = tl_cmd(JS_CMD_READY, JS_SIDE_B);
    submit_ok(g, &c);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    return g;
}

static int count_members(const cJSON *o)
{
    int n = 0;
    for (const cJSON *c = o ? o->child : NULL; c; c = c->next)
        n++;
    return n;
}

/* X-2, S-3: during setup a side's view shows its own purchases, jump-point picks and Vanguard,
 * never the other side's; both see the offers and the points. */
static void test_setup_view_secret(void **state)
{
    (void)state;
    js_game *g = start("scenarios/jump_raid.json", 5);
    js_cmd c = list_cmd(JS_CMD_BUY, JS_SIDE_A, 2, (const int[]){0, 1});
    secret_ok(g, &c);
    char *text = view_json(g, JS_SIDE_A, false);
    cJSON *root = cJSON_Parse(text);
    assert_string_equal(str(root, "phase"), "setup_buy");
    assert_string_equal(str(cJSON_GetObjectItemCaseSensitive(root, "wait"), "kind"), "setup_buy");
    char *deploy = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(root, "deploy"));
    assert_string_equal(deploy, "[\"jump\"]");
    free(deploy);
    const cJSON *sup = cJSON_GetObjectItemCaseSensitive(root, "support");
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(sup, "points"), "B"), 20);
    const cJSON *offers = cJSON_GetObjectItemCaseSensitive(sup, "offers");
    assert_int_equal(cJSON_GetArraySize(offers), 8);
    const cJSON *o6 = cJSON_GetArrayItem(offers, 6);
    assert_int_equal(num(o6, "id"), 6);
    assert_string_equal(str(o6, "card"), "hadar-marauder");
    assert_string_equal(str(o6, "side"), "B");
    assert_int_equal(num(o6, "cost"), 13);
    const cJSON *pur = cJSON_GetObjectItemCaseSensitive(sup, "purchases");
    assert_int_equal(count_members(pur), 1); /* only A's own */
    char *p = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(pur, "A"));
    assert_string_equal(p, "[0,1]");
    free(p);
    const cJSON *hands = cJSON_GetObjectItemCaseSensitive(root, "hands");
    const cJSON *ha = cJSON_GetObjectItemCaseSensitive(hands, "A");
    const cJSON *hb = cJSON_GetObjectItemCaseSensitive(hands, "B");
    assert_int_equal(num(ha, "billet"), 4);
    assert_int_equal(num(hb, "billet"), 4);
    assert_int_equal(count_members(hb), 4); /* billet, hand_size, hq, discard: nothing else */
    assert_non_null(cJSON_GetObjectItemCaseSensitive(ha, "hand"));
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(ha, "play")));
    cJSON_Delete(root);
    free(text);
    /* B's view: B's own (empty) purchases, none of A's */
    text = view_json(g, JS_SIDE_B, false);
    root = cJSON_Parse(text);
    pur = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "support"),
                                           "purchases");
    assert_int_equal(count_members(pur), 1);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(pur, "B")), 0);
    cJSON_Delete(root);
    free(text);
    /* the all-seeing view has both */
    text = view_json(g, -1, false);
    root = cJSON_Parse(text);
    pur = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "support"),
                                           "purchases");
    assert_int_equal(count_members(pur), 2);
    hands = cJSON_GetObjectItemCaseSensitive(root, "hands");
    assert_non_null(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(hands, "B"),
                                                     "hand"));
    cJSON_Delete(root);
    free(text);
    js_game_destroy(g);
}

/* J-2, H-3, H-4: after setup, each side's hand as card objects in its own view (the Vanguard
 * on top), only a count in the other's; jump points with their owner's section. */
static void test_hand_view_H3(void **state)
{
    (void)state;
    js_game *g = jump_raid_after_setup(5);
    const js_state *st = js_game_state(g);
    char *text = view_json(g, JS_SIDE_A, false);
    cJSON *root = cJSON_Parse(text);
    assert_true(all_integers(root));
    const cJSON *hands = cJSON_GetObjectItemCaseSensitive(root, "hands");
    const cJSON *ha = cJSON_GetObjectItemCaseSensitive(hands, "A");
    const cJSON *hb = cJSON_GetObjectItemCaseSensitive(hands, "B");
    assert_int_equal(num(ha, "hand_size"), st->nhand[0]);
    assert_int_equal(num(ha, "hq"), st->nhq[0]);
    assert_int_equal(num(ha, "discard"), st->ndiscard[0]);
    assert_int_equal(num(hb, "hand_size"), st->nhand[1]);
    assert_int_equal(num(hb, "hq"), st->nhq[1]);
    assert_int_equal(count_members(hb), 4);
    const cJSON *hand = cJSON_GetObjectItemCaseSensitive(ha, "hand");
    assert_int_equal(cJSON_GetArraySize(hand), st->nhand[0]);
    assert_int_equal(st->nhand[0], 6);
    bool attack_left = false, attack_centre = false;
    const cJSON *card;
    int k = 0;
    cJSON_ArrayForEach(card, hand)
    {
        int idx = num(card, "deck");
        assert_int_equal(idx, st->hand[0][k++]);
        const js_command_card *cc = &st->scn.deck[idx];
        assert_string_equal(str(card, "name"), cc->name);
        assert_int_equal(num(card, "orders"), cc->orders);
        assert_true(strcmp(str(card, "kind"), "officer") != 0); /* H-3: enlisted only */
        attack_left = attack_left || strcmp(str(card, "name"), "Attack Left") == 0;
        attack_centre = attack_centre || strcmp(str(card, "name"), "Attack Centre") == 0;
        if (strcmp(str(card, "name"), "Attack Left") == 0) {
            assert_string_equal(str(card, "kind"), "attack");
            assert_string_equal(str(card, "section"), "left");
            assert_int_equal(num(card, "orders"), 3);
        }
    }
    assert_true(attack_left && attack_centre); /* H-4: the Vanguard is drawn first */
    /* J-2: the six jump points, revealed to both, with side and section */
    const cJSON *sites = cJSON_GetObjectItemCaseSensitive(root, "sites");
    assert_int_equal(cJSON_GetArraySize(sites), 6);
    int found = 0;
    const cJSON *site;
    cJSON_ArrayForEach(site, sites)
    {
        assert_string_equal(str(site, "kind"), "jump_point");
        assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(site, "alive")));
        char *hex = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(site, "hex"));
        const char *side = str(site, "side"), *sec = str(site, "section");
        if (!strcmp(hex, "[2,12]"))
            found += !strcmp(side, "A") && !strcmp(sec, "left");
        if (!strcmp(hex, "[16,1]"))
            found += !strcmp(side, "B") && !strcmp(sec, "left"); /* B's left is east */
        if (!strcmp(hex, "[9,1]"))
            found += !strcmp(side, "B") && !strcmp(sec, "centre");
        free(hex);
    }
    assert_int_equal(found, 3);
    cJSON_Delete(root);
    free(text);

    /* J-3: A's pending play shows in A's view only, until the reveal */
    int site_id = -1;
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].side == JS_SIDE_A && st->sites[i].section == JS_SECTION_LEFT)
            site_id = i;
    assert_true(site_id >= 0);
    js_cmd c = tl_cmd(JS_CMD_PLAY_CARD, JS_SIDE_A);
    c.unit = 4; /* Attack Left, from the Vanguard */
    c.target = -1;
    c.ncargo = c.nplace = 1;
    c.cargo[0] = 1; /* the lancer in reserve */
    c.place[0].facing = 1;
    c.place[0].phase = 6;
    secret_ok(g, &c);
    text = view_json(g, JS_SIDE_A, false);
    root = cJSON_Parse(text);
    const cJSON *play = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "hands"), "A"),
        "play");
    assert_true(cJSON_IsObject(play));
    assert_string_equal(str(cJSON_GetObjectItemCaseSensitive(play, "card"), "name"), "Attack Left");
    assert_int_equal(num(cJSON_GetObjectItemCaseSensitive(play, "card"), "deck"), 4);
    assert_string_equal(str(play, "section"), "left");
    assert_int_equal(num(play, "jump_point"), site_id);
    char *dep = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(play, "deploy"));
    assert_string_equal(dep, "[{\"unit\":1,\"facing\":1,\"phase\":6}]");
    free(dep);
    cJSON_Delete(root);
    free(text);
    js_game_destroy(g);
}

/* Same scenario, seed and commands through setup: byte-identical state and log JSON. */
static void test_jump_deterministic(void **state)
{
    (void)state;
    js_game *a = jump_raid_after_setup(21), *b = jump_raid_after_setup(21);
    for (int i = 0; i < 400 && js_game_state(a)->turn < 3 && answer(a); i++)
        ;
    for (int i = 0; i < 400 && js_game_state(b)->turn < 3 && answer(b); i++)
        ;
    assert_int_equal(js_game_state(a)->turn, 3);
    assert_true(js_game_hash(a) == js_game_hash(b));
    for (int viewer = -1; viewer <= 1; viewer++) {
        char *x = view_json(a, viewer, false), *y = view_json(b, viewer, false);
        assert_string_equal(x, y);
        free(x);
        free(y);
        x = jsd_log_to_json(a, viewer, false);
        y = jsd_log_to_json(b, viewer, false);
        assert_string_equal(x, y);
        assert_null(strstr(x, "\"unknown\""));
        assert_non_null(strstr(x, "\"type\":\"setup\""));
        free(x);
        free(y);
    }
    js_game_destroy(a);
    js_game_destroy(b);
}

/* S-2: the fair sites of the competition scenario show in the state like fixed terrain would,
 * the same for both sides, and mirrored by the half turn. */
static void test_competition_sites_S2(void **state)
{
    (void)state;
    js_game *g = start("scenarios/competition.json", 8);
    const js_state *st = js_game_state(g);
    int w = st->scn.width, h = st->scn.height, placed = 0;
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            int t = st->scn.terrain[row * w + col];
            assert_int_equal(t, st->scn.terrain[(h - 1 - row) * w + (w - 1 - col)]);
            placed += t != 0;
            if (row < 3 || row >= h - 3)
                assert_int_equal(t, 0); /* base spots stay open (field_only) */
        }
    assert_true(placed > 0);
    char *a = view_json(g, JS_SIDE_A, false), *b = view_json(g, JS_SIDE_B, false);
    cJSON *ra = cJSON_Parse(a), *rb = cJSON_Parse(b);
    char *da = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(ra, "deploy"));
    assert_string_equal(da, "[\"launch\",\"jump\"]");
    free(da);
    cJSON_Delete(ra);
    cJSON_Delete(rb);
    free(a);
    free(b);
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
        cmocka_unit_test(test_setup_view_secret),
        cmocka_unit_test(test_hand_view_H3),
        cmocka_unit_test(test_jump_deterministic),
        cmocka_unit_test(test_competition_sites_S2),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
