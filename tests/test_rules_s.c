/* Rule tests, section S (setup: support-vessel purchases, generated sites, the order of setup).
 *
 * Generated sites read the dice source: jsi_draw(n) takes a scripted value v as ((v-1) mod n)+1,
 * and a spot's terrain is the first type whose running total of weights reaches the draw. Spots
 * draw in row-major order (row 0 first, west to east); a fair pair draws once, at its first hex in
 * that order (the engine's order: the rules do not give one). */
#include "testlib.h"
#include "jsd.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int terrain_at(const js_state *st, int col, int row) { return st->scn.terrain[row * st->scn.width + col]; }

/* Terrain types 1 dust (passable) and 2 rock (impassable), added without placing them. */
static void two_types(js_scenario *s)
{
    tl_terrain(s, 0, 0, "dust", 0, 0, 1);
    tl_terrain(s, 0, 0, "rock", 1, 0, 0);
    s->terrain[0] = 0;
}

/* A launch-only battle with support vessels on offer: A may spend 20 points on escort (5),
 * frigate (8) or cruiser (12); B's one offer comes with no points. */
typedef struct {
    js_scenario *s;
    int escort, frigate, cruiser, a_unit, b_unit;
} buyfx;

static void buy_scenario(buyfx *f)
{
    js_scenario *s = f->s = tl_scenario(10, 10);
    f->escort = tl_card(s, "escort", JS_SIZE_SMALL, 1, 3);
    f->frigate = tl_card(s, "frigate", JS_SIZE_SMALL, 1, 3);
    f->cruiser = tl_card(s, "cruiser", JS_SIZE_SMALL, 1, 3);
    s->cards[f->escort].points = 5;
    s->cards[f->frigate].points = 8;
    s->cards[f->cruiser].points = 12;
    f->a_unit = tl_unit_reserve(s, f->escort, JS_SIDE_A);
    f->b_unit = tl_unit_reserve(s, f->escort, JS_SIDE_B);
    s->support_points[JS_SIDE_A] = 20;
    s->support_points[JS_SIDE_B] = 0;
    s->nsupport = 4;
    s->support[0] = (js_support_offer){(int16_t)f->escort, JS_SIDE_A, 0};
    s->support[1] = (js_support_offer){(int16_t)f->frigate, JS_SIDE_A, 0};
    s->support[2] = (js_support_offer){(int16_t)f->cruiser, JS_SIDE_A, 0};
    s->support[3] = (js_support_offer){(int16_t)f->escort, JS_SIDE_B, 0};
}

static js_cmd buy(int side, int n, const int *offers)
{
    js_cmd c = tl_cmd(JS_CMD_BUY, side);
    c.ncargo = (int8_t)n;
    for (int i = 0; i < n; i++)
        c.cargo[i] = (int16_t)offers[i];
    return c;
}

static js_status check(const js_game *g, const js_cmd *c) { return js_check(g, c, NULL, 0); }

/* S-1, Z-22: support vessels bought within the side's points (cost = the card's points), from its own list, each offer once; a
 * new BUY replaces the list; bought cards join the reserve; a side with nothing to buy is not
 * asked. */
static void test_S1_purchases_within_points(void **state)
{
    (void)state;
    buyfx f;
    buy_scenario(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    const js_state *st = js_game_state(g);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_SETUP_BUY);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A)); /* B has no points */
    assert_true(w.secret);
    js_cmd c = buy(JS_SIDE_A, 3, (int[]){0, 1, 2}); /* 5 + 8 + 12 = 25 > 20 */
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    c = buy(JS_SIDE_A, 1, (int[]){3}); /* B's offer */
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    c = buy(JS_SIDE_A, 2, (int[]){0, 0}); /* twice */
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    c = buy(JS_SIDE_A, 1, (int[]){4});
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    c = buy(JS_SIDE_B, 1, (int[]){3}); /* B is not asked */
    assert_int_equal(check(g, &c), JS_ERR_NOT_NOW);
    c = buy(JS_SIDE_A, 2, (int[]){0, 1}); /* 13 */
    tl_ok(g, &c);
    c = buy(JS_SIDE_A, 2, (int[]){1, 2}); /* 20: exactly the points; replaces the list */
    tl_ok(g, &c);
    assert_int_equal(st->nunits, 2);
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(st->nunits, 4);
    assert_int_equal(st->units[2].def, f.frigate);
    assert_int_equal(st->units[3].def, f.cruiser);
    for (int u = 2; u < 4; u++) {
        assert_int_equal(st->units[u].side, JS_SIDE_A);
        assert_int_equal(st->units[u].where, JS_AT_RESERVE); /* J-1: it starts in reserve */
        assert_int_equal(st->ships[st->units[u].first_ship].unit, u);
    }
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    js_game_destroy(g);
    free(f.s);
}

/* S-1, X-2: purchases are secret: B's view never shows them, before the reveal or after (the
 * bought cards are reserve cards, L-1: B sees how many, not which). */
static void test_S1_purchases_secret(void **state)
{
    (void)state;
    buyfx f;
    buy_scenario(&f);
    js_game *g1 = tl_game(f.s, NULL, 0), *g2 = tl_game(f.s, NULL, 0);
    js_cmd c = buy(JS_SIDE_A, 2, (int[]){0, 1});
    tl_ok(g1, &c);
    c = buy(JS_SIDE_A, 2, (int[]){1, 2});
    tl_ok(g2, &c);
    assert_true(tl_same_for(g1, g2, JS_SIDE_B));
    assert_false(tl_same_for(g1, g2, JS_SIDE_A));
    js_view v;
    js_view_build(g1, JS_SIDE_B, &v);
    assert_int_equal(v.st.npurchase[JS_SIDE_A], 0);
    assert_int_equal(v.st.purchase[JS_SIDE_A][0], 0);
    assert_int_equal(v.st.purchase[JS_SIDE_A][1], 0);
    js_view_build(g1, JS_SIDE_A, &v);
    assert_int_equal(v.st.npurchase[JS_SIDE_A], 2);
    tl_ready(g1, JS_SIDE_A);
    tl_ready(g2, JS_SIDE_A);
    assert_true(tl_same_for(g1, g2, JS_SIDE_B));
    js_view_build(g1, JS_SIDE_B, &v);
    assert_int_equal(v.reserve_count[JS_SIDE_A], 3);
    for (int u = 2; u < 4; u++) {
        assert_int_equal(v.st.units[u].def, -1);
        assert_int_equal(v.st.units[u].where, JS_AT_HIDDEN);
    }
    const js_event *e = tl_last_event(g1, JS_EV_SETUP);
    assert_int_equal(e->a_kind, JS_UNIT_CARD); /* the card bought */
    assert_int_equal(e->value, js_game_state(g1)->scn.cards[js_game_state(g1)->units[e->a].def].points);
    assert_false(js_event_visible(e, JS_SIDE_B));
    js_game_destroy(g1);
    js_game_destroy(g2);
    free(f.s);
}

/* S-2: random sites: each allowed spot draws from the weights (open 1, dust 1, rock 2: a draw of
 * 1 is open, 2 dust, 3-4 rock). Field only (the default): base spots (3 rows from each home
 * edge) stay open, and so does a scenario unit's hex (Z-23). The script cycles 1, 2, 3, 4, so the k-th
 * spot drawn is open, dust, rock, rock. */
static void test_S2_random_sites_on_allowed_spots(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(8, 10);
    two_types(s);
    s->sites_mode = JS_SITES_RANDOM;
    s->site_weight[0] = 1;
    s->site_weight[1] = 1;
    s->site_weight[2] = 2;
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 4, 5, 1);
    tl_unit_reserve(s, sm, JS_SIDE_B);
    int dice[40];
    for (int i = 0; i < 40; i++)
        dice[i] = i % 4 + 1;
    js_game *g = tl_game(s, dice, 40);
    const js_state *st = js_game_state(g);
    static const int want_of[4] = {0, 1, 2, 2};
    int k = 0;
    for (int row = 0; row < 10; row++)
        for (int col = 0; col < 8; col++) {
            bool base = row < 3 || row >= 7;
            bool unit = col == 4 && row == 5;
            int want = base || unit ? 0 : want_of[k++ % 4];
            if (terrain_at(st, col, row) != want)
                fail_msg("(%d,%d) has terrain %d, wanted %d", col, row, terrain_at(st, col, row), want);
        }
    assert_int_equal(k, 31);                    /* 4 field rows x 8 - the unit's hex */
    assert_int_equal(js_dice_left(g), 40 - 31); /* one draw per spot */
    js_game_destroy(g);
    /* field_only 0: base spots draw too; weights dust only: everything but the unit is dust */
    s->sites_field_only = 0;
    s->site_weight[0] = 0;
    s->site_weight[2] = 0;
    g = tl_game_dice(s, JS_DICE_SEEDED, 3, NULL, 0);
    st = js_game_state(g);
    for (int row = 0; row < 10; row++)
        for (int col = 0; col < 8; col++)
            assert_int_equal(terrain_at(st, col, row), col == 4 && row == 5 ? 0 : 1);
    js_game_destroy(g);
    free(s);
}

/* S-2: fair sites are mirrored by the 180-degree rotation (col,row) -> (W-1-col, H-1-row): each
 * pair draws once. 8x10, base depth 3, field only: rows 3..6, 16 pairs, drawn in the row-major
 * order of their first hex (rows 3 and 4); script 1, 2, 3, 4, ... as above. A unit on (2,4) keeps
 * its hex and its twin (5,5) open (Z-23). */
static void test_S2_fair_sites_symmetric_under_rotation(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(8, 10);
    two_types(s);
    s->sites_mode = JS_SITES_FAIR;
    s->site_weight[0] = 1;
    s->site_weight[1] = 1;
    s->site_weight[2] = 2;
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 2, 4, 1);
    tl_unit_reserve(s, sm, JS_SIDE_B);
    int dice[20];
    for (int i = 0; i < 20; i++)
        dice[i] = i % 4 + 1;
    js_game *g = tl_game(s, dice, 20);
    const js_state *st = js_game_state(g);
    static const int want_of[4] = {0, 1, 2, 2};
    int k = 0;
    for (int row = 3; row <= 4; row++) /* the first hex of every field pair */
        for (int col = 0; col < 8; col++) {
            bool unit = col == 2 && row == 4;
            int want = unit ? 0 : want_of[k++ % 4];
            assert_int_equal(terrain_at(st, col, row), want);
            assert_int_equal(terrain_at(st, 7 - col, 9 - row), want);
        }
    assert_int_equal(k, 15);
    assert_int_equal(js_dice_left(g), 20 - 15);
    for (int row = 0; row < 10; row++)
        for (int col = 0; col < 8; col++)
            if (row < 3 || row >= 7)
                assert_int_equal(terrain_at(st, col, row), 0);
    js_game_destroy(g);
    /* whatever the dice, every hex matches its twin (seeded, base spots included) */
    s->sites_field_only = 0;
    for (int seed = 1; seed <= 20; seed++) {
        g = tl_game_dice(s, JS_DICE_SEEDED, (uint64_t)seed, NULL, 0);
        st = js_game_state(g);
        int placed = 0;
        for (int row = 0; row < 10; row++)
            for (int col = 0; col < 8; col++) {
                assert_int_equal(terrain_at(st, col, row), terrain_at(st, 7 - col, 9 - row));
                placed += terrain_at(st, col, row) != 0;
            }
        assert_true(placed > 0);
        js_game_destroy(g);
    }
    free(s);
}

/* S-2: fair placement needs an even number of columns: the scenario loader refuses an odd one,
 * and so does the engine. */
static void test_S2_fair_needs_even_columns(void **state)
{
    (void)state;
    for (int w = 11; w <= 12; w++) {
        char text[1400];
        snprintf(text, sizeof text,
                 "{\"format\":\"jumpstrike-scenario\",\"version\":1,\"id\":\"s2\",\"name\":\"S2\","
                 "\"map\":{\"width\":%d,\"height\":10},"
                 "\"terrain_types\":[{\"id\":\"dust\",\"name\":\"Dust\",\"look\":\"dust\"}],"
                 "\"competition\":{\"mode\":\"fair\",\"weights\":{\"open\":3,\"dust\":1}},"
                 "\"sides\":{\"A\":{\"name\":\"Vega\",\"colour\":\"#4696ff\"},"
                 "\"B\":{\"name\":\"Hadar\",\"colour\":\"#f05a3c\"}},\"catalogue\":\"catalogue.json\","
                 "\"zones\":{\"A\":{\"rows\":2},\"B\":{\"rows\":2}},"
                 "\"units\":[{\"card\":\"vega-lancer\",\"side\":\"A\",\"at\":\"reserve\"},"
                 "{\"card\":\"hadar-marauder\",\"side\":\"B\",\"at\":\"reserve\"}]}",
                 w);
        jsd_error err = {""};
        js_scenario *s = jsd_scenario_parse(text, "s2.json", JS_SOURCE_DIR "/scenarios", &err);
        if (w == 12) {
            if (!s)
                fail_msg("%s", err.msg);
            assert_int_equal(s->sites_mode, JS_SITES_FAIR);
            free(s);
        } else {
            assert_null(s);
            assert_non_null(strstr(err.msg, "S-2"));
        }
    }
    js_scenario *s = tl_scenario(9, 10);
    s->sites_mode = JS_SITES_FAIR;
    tl_unit_reserve(s, tl_card(s, "sm", JS_SIZE_SMALL, 1, 2), JS_SIDE_A);
    char reason[JS_REASON_LEN] = "";
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 1};
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    assert_null(g);
    assert_non_null(strstr(reason, "S-2"));
    free(s);
}

/* S-2: a mission's fixed terrain is kept and draws nothing; generated terrain is public before
 * anyone places anything: both views hold it at the first setup decision. */
static void test_S2_sites_fixed_or_shown_to_both_first(void **state)
{
    (void)state;
    js_scenario *s = tl_jump_scenario(12, 10, 3, 8);
    two_types(s);
    s->terrain[5 * 12 + 6] = 2;
    s->vanguard = 0;
    tl_unit_reserve(s, tl_card(s, "sm", JS_SIZE_SMALL, 1, 2), JS_SIDE_A);
    static const int five[5] = {2, 2, 2, 2, 2};
    js_game *g = tl_game(s, five, 5);
    assert_int_equal(js_dice_left(g), 5);
    assert_memory_equal(js_game_state(g)->scn.terrain, s->terrain, sizeof s->terrain);
    js_game_destroy(g);
    s->sites_mode = JS_SITES_RANDOM;
    s->site_weight[0] = 1;
    s->site_weight[1] = 1;
    g = tl_game_dice(s, JS_DICE_SEEDED, 11, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_JP);
    const js_state *st = js_game_state(g);
    int dust = 0;
    for (int i = 0; i < 120; i++)
        dust += st->scn.terrain[i] == 1;
    assert_true(dust > 0);
    for (int side = 0; side < JS_SIDES; side++) {
        js_view v;
        js_view_build(g, side, &v);
        assert_memory_equal(v.st.scn.terrain, st->scn.terrain, sizeof st->scn.terrain);
    }
    int sites = -1, first_step = -1;
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_SETUP && !strcmp(e->rule, "S-2") && sites < 0)
            sites = i;
        if (e->type == JS_EV_PHASE && e->value == JS_PHASE_SETUP_JP && first_step < 0)
            first_step = i;
    }
    assert_true(sites >= 0 && sites < first_step);
    assert_int_equal(js_log_at(g, sites)->vis, JS_BOTH_SIDES);
    js_game_destroy(g);
    free(s);
}

/* S-3: terrain; scenario units; purchases (secret); jump points (secret, then revealed); Vanguard
 * (secret); hands dealt; turn 1. Each step's command is refused in the others. */
static void test_S3_order_of_setup_steps(void **state)
{
    (void)state;
    buyfx f;
    buy_scenario(&f);
    js_scenario *s = f.s;
    s->deploy = JS_DEPLOY_JUMP;
    s->section_c1 = 3;
    s->section_c2 = 6;
    s->support_points[JS_SIDE_B] = 5;
    two_types(s);
    s->sites_mode = JS_SITES_RANDOM;
    s->site_weight[0] = 1;
    s->site_weight[1] = 1;
    int on_map = tl_unit_at(s, f.escort, JS_SIDE_B, 5, 5, 4);
    js_game *g = tl_game_dice(s, JS_DICE_SEEDED, 4, NULL, 0);
    const js_state *st = js_game_state(g);
    js_cmd jp = tl_cmd(JS_CMD_PLACE_JP, JS_SIDE_A);
    jp.place[0].hex = tl_hex(1, 9);
    js_cmd van = tl_cmd(JS_CMD_VANGUARD, JS_SIDE_A);
    van.ncargo = 2;
    van.cargo[1] = 1;
    js_cmd by = buy(JS_SIDE_A, 1, (int[]){0});
    js_cmd pl = tl_play(JS_SIDE_A, 0, 0, NULL, NULL);
    /* terrain and scenario units are already there */
    assert_int_equal(st->units[on_map].where, JS_AT_MAP);
    assert_int_equal(tl_count_events(g, JS_EV_SETUP), 1); /* the S-2 sites */
    /* 1: purchases, both sides */
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_SETUP_BUY);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    assert_int_equal(check(g, &jp), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, &van), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, &pl), JS_ERR_NOT_NOW);
    tl_ok(g, &by);
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_BUY); /* B still buying */
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(st->nunits, 4);
    /* 2: jump points */
    w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_SETUP_JP);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    assert_true(w.secret);
    assert_int_equal(check(g, &by), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, &van), JS_ERR_NOT_NOW);
    assert_int_equal(st->nsites, 0);
    tl_run_until(g, JS_WAIT_VANGUARD);
    assert_int_equal(st->nsites, 6);
    /* 3: Vanguard; no hands yet */
    w = js_wait_get(g);
    assert_int_equal(w.sides, JS_BOTH_SIDES);
    assert_true(w.secret);
    assert_int_equal(st->nhand[JS_SIDE_A] + st->nhand[JS_SIDE_B], 0);
    assert_int_equal(check(g, &jp), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, &pl), JS_ERR_NOT_NOW);
    assert_int_equal(st->energy[JS_SIDE_A], 15); /* no income before turn 1 */
    tl_run_until(g, JS_WAIT_COMMAND);
    /* 4: hands dealt, turn 1 */
    assert_int_equal(st->turn, 1);
    assert_int_equal(st->phase, JS_PHASE_COMMAND);
    assert_int_equal(st->nhand[JS_SIDE_A], 6);
    assert_int_equal(st->nhand[JS_SIDE_B], 6);
    assert_int_equal(st->energy[JS_SIDE_A], 25);
    assert_int_equal(check(g, &by), JS_ERR_NOT_NOW);
    assert_int_equal(check(g, &van), JS_ERR_NOT_NOW);
    /* the log in that order */
    int order[5] = {-1, -1, -1, -1, -1};
    static const int phases[4] = {JS_PHASE_SETUP_BUY, JS_PHASE_SETUP_JP, JS_PHASE_SETUP_VANGUARD, JS_PHASE_COMMAND};
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_SETUP && order[0] < 0)
            order[0] = i;
        for (int p = 0; p < 4; p++)
            if (e->type == JS_EV_PHASE && e->value == phases[p] && order[p + 1] < 0)
                order[p + 1] = i;
    }
    for (int p = 0; p < 4; p++)
        assert_true(order[p] >= 0 && order[p] < order[p + 1]);
    int dealt = tl_find_event(g, JS_EV_CARD, order[3]);
    assert_true(dealt > order[3] && dealt < order[4]);
    js_game_destroy(g);
    /* steps that do not apply are skipped: launch-only, nothing on offer: straight to turn 1 */
    s->deploy = JS_DEPLOY_LAUNCH;
    s->sites_mode = JS_SITES_FIXED;
    s->support_points[JS_SIDE_A] = s->support_points[JS_SIDE_B] = 0;
    g = tl_game(s, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    js_game_destroy(g);
    free(s);
}

/* A small valid jump-point scenario with one card and a unit on each side, then one field set
 * to `v` by case `k`. Returns whether js_game_create accepts it; `why` gets the reason. */
static bool create_with(int k, int v, char *why, size_t cap)
{
    js_scenario *s = tl_jump_scenario(12, 10, 3, 8);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_reserve(s, sm, JS_SIDE_A);
    tl_unit_reserve(s, sm, JS_SIDE_B);
    switch (k) {
    case 0: s->width = (int16_t)v; break;
    case 1: s->height = (int16_t)v; break;
    case 2: s->nterrain = v; break;
    case 3: s->terrain[5] = (uint8_t)v; break;
    case 4: s->ncards = v; break;
    case 5: s->cards[sm].size = (int8_t)v; break;
    case 6: s->cards[sm].ships = (int8_t)v; break;
    case 7: s->cards[sm].hull = (int8_t)v; break;
    case 8: s->nunits = v; break;
    case 9: s->units[0].def = (int16_t)v; break;
    case 10: s->units[0].side = (int8_t)v; break;
    case 11: s->nsupport = v; break;
    case 12: s->nsupport = 1, s->support[0] = (js_support_offer){(int16_t)v, JS_SIDE_A, 0}; break;
    case 13: s->nsites = v; break;
    case 14: s->turn_limit = (int16_t)v; break;
    case 15: s->initial_hand = (int8_t)v; break;
    case 16: s->vanguard = (int8_t)v; break;
    case 17: s->ndeck = v; break;
    case 18: s->cards[sm].ships = 8, s->nunits = v; break; /* the rest: A's reserve, card 0 */
    }
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = 1};
    why[0] = 0;
    js_game *g = js_game_create(s, &dice, why, cap);
    bool ok = g != NULL;
    js_game_destroy(g);
    free(s);
    return ok;
}

/* S-1 (G-1, G-8, U-1, H-1..H-4, W-2): the engine refuses a scenario outside its limits with a
 * reason naming the field, and accepts each limit itself: map 4..64 a side, 1..16 terrain types
 * and no hex of a type past them, cards of size 0..2 with 1..8 ships and hull >= 1, units naming
 * a card and a side, support offers naming a card, sites, a turn limit >= 1, an initial hand of
 * 1..12, a Vanguard of 0..9, a deck of 0..64. */
static void test_S1_engine_refuses_scenario_outside_limits(void **state)
{
    (void)state;
    static const struct {
        int k, good, bad;
        const char *word;
    } cases[] = {
        {0, 4, 3, "map size"},        {0, 64, 65, "map size"},    {1, 4, 3, "map size"},
        {1, 64, 65, "map size"},      {2, 1, 0, "terrain types"}, {2, 16, 17, "terrain types"},
        {3, 0, 1, "terrain at hex"},  {4, 1, 65, "card definitions"}, {4, 1, -1, "card definitions"},
        {5, 2, 3, "size"},            {5, 0, -1, "size"},         {6, 8, 9, "ships"},
        {6, 1, 0, "ships"},           {7, 1, 0, "hull"},          {8, 2, 161, "units"},
        {8, 0, -1, "units"},          {9, 0, 1, "does not exist"}, {9, 0, -1, "does not exist"},
        {10, 1, 2, "side"},           {10, 0, -1, "side"},        {11, 0, 25, "support offers"},
        {11, 0, -1, "support offers"}, {12, 0, 1, "support offer 0"}, {13, 26, 27, "sites"},
        {13, 0, -1, "sites"},         {14, 1, 0, "turn limit"},   {15, 1, 0, "H-3"},
        {15, 12, 13, "H-3"},          {16, 0, -1, "H-4"},         {16, 9, 10, "H-4"},
        {17, 64, 65, "H-1"},          {17, 0, -1, "H-1"},         {18, 40, 41, "ships in all"},
    };
    char why[JS_REASON_LEN];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!create_with(cases[i].k, cases[i].good, why, sizeof why))
            fail_msg("case %d = %d refused: %s", cases[i].k, cases[i].good, why);
        if (create_with(cases[i].k, cases[i].bad, why, sizeof why))
            fail_msg("case %d = %d accepted", cases[i].k, cases[i].bad);
        if (!strstr(why, cases[i].word))
            fail_msg("case %d = %d: \"%s\" does not say %s", cases[i].k, cases[i].bad, why, cases[i].word);
    }
}

/* S-2: random sites whose weights are all 0 place nothing (every spot stays open space). */
static void test_S2_random_sites_with_no_weights_place_nothing(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(8, 8);
    two_types(s);
    s->sites_mode = JS_SITES_RANDOM;
    s->sites_field_only = 0;
    memset(s->site_weight, 0, sizeof s->site_weight); /* open space too */
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_A, 1, 7, 1);
    tl_unit_at(s, sm, JS_SIDE_B, 6, 0, 4);
    js_game *g = tl_game(s, NULL, 0);
    const js_state *st = js_game_state(g);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            assert_int_equal(terrain_at(st, c, r), 0);
    assert_int_equal(st->rolls, 0); /* nothing to draw from */
    js_game_destroy(g);
    free(s);
}

/* S-1: at most JS_MAX_CARGO purchases in one command. */
static void test_S1_too_many_purchases_refused(void **state)
{
    (void)state;
    buyfx f;
    buy_scenario(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    js_cmd c = buy(JS_SIDE_A, 0, NULL);
    c.ncargo = JS_MAX_CARGO + 1;
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    c.ncargo = -1;
    assert_int_equal(check(g, &c), JS_ERR_ILLEGAL);
    js_game_destroy(g);
    /* points but nothing on offer for B: only A has a purchase to make */
    f.s->support_points[JS_SIDE_B] = 10;
    f.s->support[3].side = JS_SIDE_A;
    g = tl_game(f.s, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_BUY);
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A));
    js_game_destroy(g);
    free(f.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_S1_purchases_within_points),
        cmocka_unit_test(test_S1_purchases_secret),
        cmocka_unit_test(test_S2_random_sites_on_allowed_spots),
        cmocka_unit_test(test_S2_fair_sites_symmetric_under_rotation),
        cmocka_unit_test(test_S2_fair_needs_even_columns),
        cmocka_unit_test(test_S2_sites_fixed_or_shown_to_both_first),
        cmocka_unit_test(test_S3_order_of_setup_steps),
        cmocka_unit_test(test_S1_engine_refuses_scenario_outside_limits),
        cmocka_unit_test(test_S2_random_sites_with_no_weights_place_nothing),
        cmocka_unit_test(test_S1_too_many_purchases_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
