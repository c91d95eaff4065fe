/* Rule tests, section K (jump-off points and command dice), and the Z-rules that fill its gaps.
 *
 * The battle: 20x12, command dice only. A's base line is row 11, B's row 0. A's jump-off points
 * stand at (4,9) and (14,9), its entry point at (10,11); B's at (4,2), (14,2) and (10,0). B keeps
 * one small ship on the map at (10,5) (its "picket") and, unless a test says otherwise, nothing in
 * reserve, so only A rolls command dice: the first five scripted dice are A's roll of turn 1. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

enum { A_JO0 = 0, A_JO1, A_ENTRY, B_JO0, B_JO1, B_ENTRY };

typedef struct {
    js_scenario *s;
    int team, squad, leader, senior, vehicle, tender, aide, scouts, flagcarrier; /* card defs */
    int picket;                                                                 /* B's unit */
} kfx;

static void kfx_scenario(kfx *f)
{
    js_scenario *s = f->s = tl_dice_scenario(20, 12);
    tl_site(s, JS_SITE_JUMP_OFF, JS_SIDE_A, 4, 9);
    tl_site(s, JS_SITE_JUMP_OFF, JS_SIDE_A, 14, 9);
    tl_site(s, JS_SITE_ENTRY, JS_SIDE_A, 10, 11);
    tl_site(s, JS_SITE_JUMP_OFF, JS_SIDE_B, 4, 2);
    tl_site(s, JS_SITE_JUMP_OFF, JS_SIDE_B, 14, 2);
    tl_site(s, JS_SITE_ENTRY, JS_SIDE_B, 10, 0);
    f->team = tl_card(s, "kestrel", JS_SIZE_SMALL, 1, 5);
    s->cards[f->team].fwd_launchers = 1;
    s->cards[f->team].missiles = 2;
    f->squad = tl_card(s, "wasps", JS_SIZE_SMALL, 3, 6);
    s->cards[f->squad].fwd_launchers = 1;
    s->cards[f->squad].missiles = 1;
    f->leader = tl_card(s, "lancer", JS_SIZE_MEDIUM, 1, 4);
    s->cards[f->leader].roles = JS_ROLE_LEADER;
    f->senior = tl_card(s, "flag", JS_SIZE_MEDIUM, 1, 3);
    s->cards[f->senior].roles = JS_ROLE_FLAGSHIP;
    f->vehicle = tl_card(s, "bastion", JS_SIZE_MEDIUM, 1, 3);
    s->cards[f->vehicle].roles = JS_ROLE_HEAVY;
    s->cards[f->vehicle].fwd_launchers = 1;
    s->cards[f->vehicle].missiles = 2;
    f->tender = tl_card(s, "tender", JS_SIZE_MEDIUM, 1, 4);
    s->cards[f->tender].roles = JS_ROLE_TRANSPORT;
    s->cards[f->tender].capacity = 4;
    f->aide = tl_card(s, "aide", JS_SIZE_SMALL, 1, 4);
    s->cards[f->aide].roles = JS_ROLE_ADJUTANT;
    f->scouts = tl_card(s, "scouts", JS_SIZE_SMALL, 2, 6);
    s->cards[f->scouts].roles = JS_ROLE_SCOUT;
    f->flagcarrier = tl_card(s, "carrier", JS_SIZE_LARGE, 1, 2);
    s->cards[f->flagcarrier].roles = JS_ROLE_FLAGSHIP | JS_ROLE_HEAVY | JS_ROLE_TRANSPORT;
    s->cards[f->flagcarrier].capacity = 8;
    f->picket = tl_unit_at(s, f->team, JS_SIDE_B, 10, 5, 4);
}

static js_status check(js_game *g, const js_cmd *c, char *reason)
{
    reason[0] = 0;
    return js_check(g, c, reason, JS_REASON_LEN);
}

static void expect_refused(js_game *g, const js_cmd *c, const char *rule)
{
    char reason[JS_REASON_LEN];
    js_status s = check(g, c, reason);
    if (s == JS_OK)
        fail_msg("expected a refusal naming %s", rule);
    if (!strstr(reason, rule))
        fail_msg("refusal \"%s\" does not name %s", reason, rule);
}

static void expect_legal(js_game *g, const js_cmd *c)
{
    char reason[JS_REASON_LEN];
    if (check(g, c, reason) != JS_OK)
        fail_msg("refused: %s", reason);
}

static const int AT_JO0[1][3] = {{4, 8, 1}};   /* a small ship beside A's first jump-off point */
static const int AT_ENTRY[1][3] = {{10, 9, 1}}; /* a medium ship: bow (10,9), stern (10,10) */

static int first_ship(const js_game *g, int unit) { return js_game_state(g)->units[unit].first_ship; }

/* A's command phase done: ready A (B, with nothing in reserve, skips it), into plotting. */
static void reveal(js_game *g)
{
    assert_int_equal(js_wait_get(g).sides, JS_SIDE_MASK(JS_SIDE_A));
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(js_game_state(g)->phase, JS_PHASE_PLOT);
}

/* ---------------------------------------------------------------- K-1 */
/* K-1: flagship = senior leader, squadron or leader flag = junior leader, single ship = team,
 * heavy medium/large = vehicle, transport; which die totals deploy each (K-4). */
static void test_K1_roles_and_their_dice(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    const js_card_def *c = f.s->cards;
    assert_int_equal(js_k_role_of(&c[f.team]), JS_K_TEAM);
    assert_int_equal(js_k_role_of(&c[f.aide]), JS_K_TEAM);
    assert_int_equal(js_k_role_of(&c[f.squad]), JS_K_LEADER);
    assert_int_equal(js_k_role_of(&c[f.leader]), JS_K_LEADER);
    assert_int_equal(js_k_role_of(&c[f.senior]), JS_K_SENIOR);
    assert_int_equal(js_k_role_of(&c[f.vehicle]), JS_K_VEHICLE);
    assert_int_equal(js_k_role_of(&c[f.tender]), JS_K_TRANSPORT);
    assert_int_equal(js_k_role_of(&c[f.flagcarrier]), JS_K_SENIOR);
    assert_int_equal(js_k_values(&c[f.team]), 1u << 1 | 1u << 3);
    assert_int_equal(js_k_values(&c[f.squad]), 1u << 2 | 1u << 3);
    assert_int_equal(js_k_values(&c[f.scouts]), 1u << 1 | 1u << 2 | 1u << 3); /* Z-29 */
    assert_int_equal(js_k_values(&c[f.senior]), 1u << 4);
    assert_int_equal(js_k_values(&c[f.vehicle]), 1u << 3);
    assert_int_equal(js_k_values(&c[f.tender]), 0);
    assert_false(js_k_via_entry(&c[f.team]));
    assert_false(js_k_via_entry(&c[f.senior]));
    assert_true(js_k_via_entry(&c[f.vehicle]));
    assert_true(js_k_via_entry(&c[f.tender]));
    assert_true(js_k_via_entry(&c[f.flagcarrier])); /* a heavy large senior leader is a vehicle */
    free(f.s);
}

/* ---------------------------------------------------------------- K-2 */
/* K-2, Z-28: jump-off points placed in secret inside the deployment area (the first 4 rows from
 * the home edge), the entry point on the base line; nothing shows until both are ready; they are
 * revealed together. */
static void test_K2_secret_placement_revealed_together(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    f.s->nsites = 0;
    f.s->jump_offs = 2;
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_JO);
    assert_true(js_wait_get(g).secret);
    js_cmd jo = tl_cmd(JS_CMD_PLACE_JO, JS_SIDE_A);
    jo.place[0].hex = tl_hex(3, 7); /* row 7 is the fifth row from row 11 */
    expect_refused(g, &jo, "K-2");
    jo.place[0].hex = tl_hex(3, 8);
    tl_ok(g, &jo);
    jo.slot = 1; /* the same hex again */
    expect_refused(g, &jo, "Z-28");
    jo.slot = 2; /* only two to place */
    jo.place[0].hex = tl_hex(9, 9);
    expect_refused(g, &jo, "K-2");
    jo.slot = 1;
    tl_ok(g, &jo);
    js_cmd ready = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    expect_refused(g, &ready, "K-2"); /* the entry point first */
    js_cmd en = tl_cmd(JS_CMD_PLACE_ENTRY, JS_SIDE_A);
    en.place[0].hex = tl_hex(6, 10);
    expect_refused(g, &en, "base line");
    en.place[0].hex = tl_hex(6, 11);
    tl_ok(g, &en);
    /* B cannot tell where A put them */
    js_game *g2 = js_game_clone(g);
    jo.place[0].hex = tl_hex(16, 10);
    tl_ok(g2, &jo);
    assert_true(tl_same_for(g, g2, JS_SIDE_B));
    assert_false(tl_same_for(g, g2, JS_SIDE_A));
    js_view v;
    js_view_build(g, JS_SIDE_B, &v);
    assert_int_equal(v.st.jo_set_mask[JS_SIDE_A], 0);
    assert_int_equal(v.st.entry_set[JS_SIDE_A], 0);
    tl_ready(g, JS_SIDE_A);
    assert_int_equal(js_game_state(g)->nsites, 0);
    /* B: row 3 is its fourth row, row 4 outside */
    js_cmd bj = tl_cmd(JS_CMD_PLACE_JO, JS_SIDE_B);
    bj.place[0].hex = tl_hex(5, 4);
    expect_refused(g, &bj, "K-2");
    bj.place[0].hex = tl_hex(5, 3);
    tl_ok(g, &bj);
    bj.slot = 1;
    bj.place[0].hex = tl_hex(15, 0);
    tl_ok(g, &bj);
    js_cmd be = tl_cmd(JS_CMD_PLACE_ENTRY, JS_SIDE_B);
    be.place[0].hex = tl_hex(12, 0);
    tl_ok(g, &be);
    int setup = tl_count_events(g, JS_EV_SETUP);
    tl_ready(g, JS_SIDE_B);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nsites, 6);
    assert_int_equal(tl_count_events(g, JS_EV_SETUP), setup + 6);
    assert_int_equal(js_entry_site(st, JS_SIDE_A), 2);
    assert_true(js_hex_eq(st->sites[2].hex, tl_hex(6, 11)));
    assert_int_equal(st->sites[0].kind, JS_SITE_JUMP_OFF);
    assert_true(js_hex_eq(st->sites[4].hex, tl_hex(15, 0)));
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    js_game_destroy(g);
    js_game_destroy(g2);
    free(f.s);
}

/* K-2: a scenario that places every site and asks for none at setup goes straight to turn 1. */
static void test_K2_scenario_placed_sites_skip_setup(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 1, 1, 1, 1}, 5);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    assert_int_equal(js_game_state(g)->nsites, 6);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- K-3 */
/* K-3: five dice each Command phase from the game's dice, in the log and in both views; a
 * scenario may set the count; unspent dice are lost. */
static void test_K3_dice_rolled_each_command_phase_shown_to_both(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){3, 1, 6, 4, 5, 2, 2, 5}, 8);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nkdice[JS_SIDE_A], 5);
    static const int8_t want[5] = {3, 1, 6, 4, 5};
    assert_memory_equal(st->kdice[JS_SIDE_A], want, 5);
    assert_int_equal(st->nkdice[JS_SIDE_B], 0); /* Z-30: B has nothing to deploy */
    const js_event *e = tl_last_event(g, JS_EV_DICE);
    assert_non_null(e);
    assert_true(js_event_visible(e, JS_SIDE_A) && js_event_visible(e, JS_SIDE_B));
    assert_int_equal(e->ndice, 5); /* the faces, in the event itself */
    assert_memory_equal(e->dice, want, 5);
    assert_int_equal(e->value, 5);
    js_view v;
    js_view_build(g, JS_SIDE_B, &v);
    assert_memory_equal(v.st.kdice[JS_SIDE_A], want, 5);
    reveal(g);
    assert_int_equal(st->nkdice[JS_SIDE_A], 0); /* unspent dice are lost */
    tl_run_until(g, JS_WAIT_COMMAND);
    assert_int_equal(st->turn, 2);
    assert_int_equal(st->nkdice[JS_SIDE_A], 5);
    assert_int_equal(st->kdice[JS_SIDE_A][0], 2);
    js_game_destroy(g);
    f.s->kdice = 3;
    g = tl_game(f.s, (int[]){4, 4, 4}, 3);
    assert_int_equal(js_game_state(g)->nkdice[JS_SIDE_A], 3);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(f.s);
}

/* K-3: 1-4 alone or added up to 4: 2+2 = 4 is spent, 3+2 = 5 is not, a 5 never; a die once. */
static void test_K3_dice_add_up_to_4_never_5(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int senior = tl_unit_reserve(f.s, f.senior, JS_SIDE_A);
    int squad = tl_unit_reserve(f.s, f.squad, JS_SIDE_A);
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){2, 2, 3, 5, 1}, 5);
    static const int SENIOR_AT[1][3] = {{5, 8, 1}};
    js_cmd c = tl_dice_deploy(JS_SIDE_A, senior, 1u << 2 | 1u << 1, A_JO0, 1, SENIOR_AT); /* 3+2 */
    char reason[JS_REASON_LEN];
    assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-3: 2+3 = 5; dice add up to 4 at most, never into 5 or 6");
    c.dice = 1u << 3; /* the 5 */
    assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-3: a 5 does nothing here; only dice of 1 to 4 are spent");
    c.dice = 1u << 3 | 1u << 4; /* 5+1 */
    expect_refused(g, &c, "K-3");
    c.dice = 1u << 0 | 1u << 1; /* 2+2 = 4: the senior leader */
    tl_ok(g, &c);
    assert_int_equal(js_game_state(g)->kdep[JS_SIDE_A][0].total, 4);
    static const int SQUAD_AT[3][3] = {{3, 9, 1}, {3, 8, 1}, {3, 7, 1}};
    js_cmd s2 = tl_dice_deploy(JS_SIDE_A, squad, 1u << 1 | 1u << 4, A_JO0, 3, SQUAD_AT); /* die 1 again */
    assert_int_equal(check(g, &s2, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-3: die 2 (a 2) is already spent on flag");
    s2.dice = 1u << 4; /* a 1 alone: not a squadron's */
    expect_refused(g, &s2, "K-4");
    s2.dice = 1u << 2; /* the 3 */
    tl_ok(g, &s2);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- K-4 */
/* K-4: 1 a team, 2 a squadron or leader, 3 either (or a vehicle), 4 the senior leader alone. */
static void test_K4_die_totals_fit_roles(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    int leader = tl_unit_reserve(f.s, f.leader, JS_SIDE_A);
    int senior = tl_unit_reserve(f.s, f.senior, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 2, 3, 4, 1}, 5);
    js_cmd c = tl_dice_deploy(JS_SIDE_A, team, 1u << 1, A_JO0, 1, AT_JO0);
    char reason[JS_REASON_LEN];
    assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-4: a 2 deploys a squadron with its junior leader; kestrel is a team (a 1 or a 3)");
    c.dice = 1u << 0;
    expect_legal(g, &c);
    c.dice = 1u << 2;
    expect_legal(g, &c); /* a 3: a support ship */
    c.dice = 1u << 3;
    expect_refused(g, &c, "K-4");
    static const int LEADER_AT[1][3] = {{14, 7, 1}};
    js_cmd l = tl_dice_deploy(JS_SIDE_A, leader, 1u << 0, A_JO1, 1, LEADER_AT);
    expect_refused(g, &l, "K-4");
    l.dice = 1u << 1;
    expect_legal(g, &l);
    js_cmd s = tl_dice_deploy(JS_SIDE_A, senior, 1u << 2, A_JO1, 1, LEADER_AT);
    expect_refused(g, &s, "K-4");
    s.dice = 1u << 3;
    expect_legal(g, &s);
    s.dice = 1u << 2 | 1u << 4; /* 3+1 = 4 */
    expect_legal(g, &s);
    s.target = A_ENTRY; /* not a vehicle */
    expect_refused(g, &s, "K-4");
    s.target = B_JO0; /* not its own */
    expect_refused(g, &s, "K-4");
    js_game_destroy(g);
    free(f.s);
}

/* K-4: every hex of every ship within 3 of the jump-off point (G-4 "entirely"); a squadron's
 * ships each beside another; hexes may be shared (Z-31). */
static void test_K4_entirely_within_3_hexes(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int leader = tl_unit_reserve(f.s, f.leader, JS_SIDE_A);
    int squad = tl_unit_reserve(f.s, f.squad, JS_SIDE_A);
    tl_unit_at(f.s, f.team, JS_SIDE_A, 4, 7, 1); /* a ship of A's own already there */
    js_game *g = tl_game(f.s, (int[]){2, 2, 1, 1, 1}, 5);
    static const int IN[1][3] = {{4, 6, 1}};  /* bow 3 hexes out, stern 2 */
    static const int OUT[1][3] = {{4, 6, 4}}; /* facing south: the stern is 4 out */
    js_cmd c = tl_dice_deploy(JS_SIDE_A, leader, 1u << 0, A_JO0, 1, OUT);
    char reason[JS_REASON_LEN];
    assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-4: ship 1 at (4,6) is not entirely within 3 hexes of the jump-off point at (4,9)");
    c = tl_dice_deploy(JS_SIDE_A, leader, 1u << 0, A_JO0, 1, IN);
    expect_legal(g, &c);
    static const int APART[3][3] = {{4, 7, 1}, {5, 9, 1}, {3, 9, 1}}; /* (4,7) is not beside (5,9) */
    js_cmd s = tl_dice_deploy(JS_SIDE_A, squad, 1u << 1, A_JO0, 3, APART);
    expect_refused(g, &s, "adjacent");
    static const int TOGETHER[3][3] = {{4, 7, 1}, {4, 8, 1}, {4, 9, 1}}; /* on A's ship and the point */
    s = tl_dice_deploy(JS_SIDE_A, squad, 1u << 1, A_JO0, 3, TOGETHER);
    expect_legal(g, &s);
    js_game_destroy(g);
    free(f.s);
}

/* K-4, Z-31: the choice is secret until the reveal; then the card is on the map, fresh (P-1),
 * and in its first turn may launch but not move; with a 2 it launches nothing either. */
static void test_K4_deployed_may_launch_but_not_move(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    int squad = tl_unit_reserve(f.s, f.squad, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 2, 6, 6, 6}, 5);
    js_game *quiet = js_game_clone(g);
    js_cmd c = tl_dice_deploy(JS_SIDE_A, team, 1u << 0, A_JO0, 1, AT_JO0);
    tl_ok(g, &c);
    static const int SQUAD_AT[3][3] = {{13, 9, 1}, {13, 8, 1}, {13, 7, 1}};
    js_cmd s = tl_dice_deploy(JS_SIDE_A, squad, 1u << 1, A_JO1, 3, SQUAD_AT);
    tl_ok(g, &s);
    assert_true(js_unit_dice_deploying(js_game_state(g), JS_SIDE_A, team));
    assert_true(tl_same_for(g, quiet, JS_SIDE_B)); /* pending deployments are secret */
    js_view v;
    js_view_build(g, JS_SIDE_B, &v);
    assert_int_equal(v.st.nkdep[JS_SIDE_A], 0);
    reveal(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[team].where, JS_AT_MAP);
    assert_int_equal(st->units[team].arrived_turn, 1);
    int ship = first_ship(g, team);
    assert_true(tl_ship(g, ship)->fresh);
    int col, row;
    tl_pos(g, ship, &col, &row);
    assert_int_equal(col, 4);
    assert_int_equal(row, 8);
    const js_event *e = tl_last_event(g, JS_EV_DEPLOY);
    assert_true(js_event_visible(e, JS_SIDE_B));
    js_order o = tl_order(5);
    o.move = 1;
    char reason[JS_REASON_LEN] = "";
    js_cmd plot = tl_cmd(JS_CMD_PLOT, JS_SIDE_A);
    plot.unit = (int16_t)ship;
    plot.order = o;
    assert_int_equal(js_check(g, &plot, reason, sizeof reason), JS_ERR_ILLEGAL);
    assert_non_null(strstr(reason, "K-4"));
    plot.slot = 1; /* next turn it moves */
    tl_ok(g, &plot);
    o.move = 0;
    o.msl_fwd = 1; /* a team deployed with a 1 may launch */
    tl_plot(g, ship, 0, o);
    int w0 = first_ship(g, squad);
    assert_int_equal(tl_plot_try(g, w0, 0, o), JS_ERR_ILLEGAL); /* a 2: nothing launched */
    o.msl_fwd = 0;
    o.turn = 1; /* a turn is no move */
    tl_plot(g, w0, 0, o);
    js_game_destroy(g);
    js_game_destroy(quiet);
    free(f.s);
}

/* ---------------------------------------------------------------- K-5 */
/* K-5: an enemy ship within 2 hexes blocks a jump-off point: at exactly 2 it blocks, at 3 not. */
static void test_K5_enemy_at_2_blocks_at_3_not(void **state)
{
    (void)state;
    for (int row = 7; row >= 6; row--) { /* (4,7) is 2 hexes from (4,9), (4,6) is 3 */
        kfx f;
        kfx_scenario(&f);
        int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
        tl_unit_at(f.s, f.team, JS_SIDE_B, 4, row, 4);
        js_game *g = tl_game(f.s, (int[]){1, 1, 1, 1, 1}, 5);
        assert_int_equal(js_jump_off_blocked(js_game_state(g), A_JO0), row == 7);
        static const int FAR[1][3] = {{3, 10, 1}};
        js_cmd c = tl_dice_deploy(JS_SIDE_A, team, 1u << 0, A_JO0, 1, FAR);
        if (row == 7) {
            char reason[JS_REASON_LEN];
            assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
            assert_string_equal(reason, "K-5: the jump-off point at (4,9) is blocked: an enemy ship is within 2 hexes");
            c.target = A_JO1; /* the other one is free */
            c.place[0].hex = tl_hex(14, 8);
        }
        expect_legal(g, &c);
        if (row == 7) { /* Z-32: a disabled ship blocks as well */
            js_view v;
            js_view_build(g, -1, &v);
            int enemy = v.st.units[v.st.nunits - 1].first_ship;
            v.st.ships[enemy].state = JS_SHIP_DISABLED;
            assert_true(js_jump_off_blocked(&v.st, A_JO0));
            v.st.ships[enemy].state = JS_SHIP_DESTROYED;
            assert_false(js_jump_off_blocked(&v.st, A_JO0));
        }
        js_game_destroy(g);
        free(f.s);
    }
}

/* ---------------------------------------------------------------- K-6 */
/* K-6: a vehicle comes through the entry point on a 3, entirely within 5 hexes, one a turn; a
 * heavy one may launch but not move that turn. */
static void test_K6_vehicles_through_the_entry_point(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int tank = tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    int tank2 = tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){3, 3, 2, 1, 1}, 5);
    static const int NEAR_JO[1][3] = {{4, 7, 1}};
    js_cmd c = tl_dice_deploy(JS_SIDE_A, tank, 1u << 0, A_JO0, 1, NEAR_JO);
    expect_refused(g, &c, "K-6"); /* not at a jump-off point */
    static const int FIVE[1][3] = {{10, 6, 1}}; /* bow 5 out, stern 4 */
    static const int SIX[1][3] = {{10, 6, 4}};  /* stern 6 out */
    c = tl_dice_deploy(JS_SIDE_A, tank, 1u << 2, A_ENTRY, 1, FIVE);
    expect_refused(g, &c, "K-4"); /* a 2 */
    c.dice = 1u << 3 | 1u << 4; /* 1+1 = 2 */
    expect_refused(g, &c, "K-4");
    c.dice = 1u << 2 | 1u << 3; /* 2+1 = 3 */
    expect_legal(g, &c);
    c = tl_dice_deploy(JS_SIDE_A, tank, 1u << 0, A_ENTRY, 1, SIX);
    char reason[JS_REASON_LEN];
    assert_int_equal(check(g, &c, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-6: ship 1 at (10,6) is not entirely within 5 hexes of the entry point at (10,11)");
    c = tl_dice_deploy(JS_SIDE_A, tank, 1u << 0, A_ENTRY, 1, FIVE);
    tl_ok(g, &c);
    js_cmd c2 = tl_dice_deploy(JS_SIDE_A, tank2, 1u << 1, A_ENTRY, 1, AT_ENTRY);
    assert_int_equal(check(g, &c2, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-6: one vehicle a turn through the entry point; bastion already comes");
    js_cmd t = tl_dice_deploy(JS_SIDE_A, team, 1u << 3, A_JO0, 1, AT_JO0); /* others still come */
    tl_ok(g, &t);
    reveal(g);
    int ship = first_ship(g, tank);
    js_order o = tl_order(5);
    o.move = 1;
    assert_int_equal(tl_plot_try(g, ship, 0, o), JS_ERR_ILLEGAL);
    o.move = 0;
    o.msl_fwd = 1;
    assert_int_equal(tl_plot_try(g, ship, 0, o), JS_OK);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- K-7 */
/* B's picket steers onto A's jump-off point at (14,9) in turn 1. */
static js_game *capture_game(kfx *f, bool cover)
{
    kfx_scenario(f);
    f->s->units[f->picket].place[0].hex = tl_hex(14, 6);
    tl_unit_reserve(f->s, f->team, JS_SIDE_A);
    if (cover)
        tl_unit_at(f->s, f->team, JS_SIDE_A, 14, 9, 1);
    js_game *g = tl_game(f->s, (int[]){6, 6, 6, 6, 6, 1, 1, 1, 1}, 9); /* then ECM misses */
    reveal(g);
    js_order o = tl_order(5);
    o.move = 3;
    tl_plot(g, first_ship(g, f->picket), 0, o);
    return g;
}

/* K-7: an enemy ship ending its move on a jump-off point captures it; it goes in the Resolution
 * phase, unless an own ship covers it then. */
static void test_K7_jump_off_capture_settled_in_resolution(void **state)
{
    (void)state;
    for (int cover = 0; cover < 2; cover++) {
        kfx f;
        js_game *g = capture_game(&f, cover);
        tl_run_until(g, JS_WAIT_COMMAND);
        const js_state *st = js_game_state(g);
        assert_int_equal(st->turn, 2);
        int taken = -1, settled = -1;
        for (int i = 0; i < js_log_count(g); i++) {
            const js_event *e = js_log_at(g, i);
            if (e->type == JS_EV_CAPTURE && e->phase == JS_PHASE_SHIPS && taken < 0)
                taken = i;
            if (e->type == JS_EV_CAPTURE && e->phase == JS_PHASE_RESOLUTION)
                settled = i;
        }
        assert_true(taken >= 0 && settled > taken); /* held after movement, settled later */
        assert_true(js_event_visible(js_log_at(g, taken), JS_SIDE_A));
        assert_string_equal(js_log_at(g, taken)->rule, "K-7");
        assert_string_equal(js_log_at(g, settled)->rule, "K-7");
        assert_int_equal(js_log_at(g, settled)->cause, JS_CAUSE_CAPTURE);
        assert_int_equal(js_log_at(g, settled)->b, A_JO1);
        assert_int_equal(js_log_at(g, settled)->b_kind, JS_UNIT_SITE);
        assert_int_equal(st->sites[A_JO1].alive, cover ? JS_SITE_UP : JS_SITE_GONE);
        assert_int_equal(st->points[JS_SIDE_B], 0); /* Z-32: no points */
        if (!cover) { /* gone: nothing deploys there any more */
            static const int AT[1][3] = {{14, 8, 1}};
            js_cmd c = tl_dice_deploy(JS_SIDE_A, 1, 1u << 0, A_JO1, 1, AT);
            expect_refused(g, &c, "K-4");
        }
        js_game_destroy(g);
        free(f.s);
    }
}

/* B's picket, at (10,8), steers onto A's entry point at (10,11) in turn 1; the game runs to
 * `until` (after the dice given). A's reserve holds what the test added to f->s. */
static js_game *take_entry(kfx *f, const int *dice, int n, int until)
{
    js_game *g = tl_game(f->s, dice, n);
    reveal(g);
    js_order o = tl_order(5);
    o.move = 3;
    tl_plot(g, first_ship(g, f->picket), 0, o);
    tl_run_until(g, until);
    return g;
}

/* K-7: an enemy ship ending its move on the entry point captures it; the side picks a new one on
 * its base line at least 9 hexes from the old one and from every enemy ship: 8 is refused, 9
 * taken; vehicles arriving there are hesitant (K-8). */
static void test_K7_entry_capture_new_entry_8_refused_9_taken(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    f.s->units[f.picket].place[0].hex = tl_hex(10, 8);
    tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    js_game *g = take_entry(&f, (int[]){6, 6, 6, 6, 6}, 5, JS_WAIT_NEW_ENTRY);
    js_wait w = js_wait_get(g);
    assert_int_equal(w.kind, JS_WAIT_NEW_ENTRY);
    assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
    assert_false(w.secret);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->sites[A_ENTRY].alive, JS_SITE_HELD);
    js_cmd en = tl_cmd(JS_CMD_PLACE_ENTRY, JS_SIDE_A);
    en.place[0].hex = tl_hex(2, 11); /* 8 hexes from (10,11) */
    char reason[JS_REASON_LEN];
    assert_int_equal(check(g, &en, reason), JS_ERR_ILLEGAL);
    assert_string_equal(reason, "K-7: (2,11) is 8 hexes from the captured entry point; a new one is at least 9 away");
    en.side = JS_SIDE_B;
    assert_int_equal(check(g, &en, reason), JS_ERR_NOT_NOW);
    en.side = JS_SIDE_A;
    en.place[0].hex = tl_hex(1, 11); /* 9 */
    tl_ok(g, &en);
    assert_int_equal(st->sites[A_ENTRY].alive, JS_SITE_UP);
    assert_true(js_hex_eq(st->sites[A_ENTRY].hex, tl_hex(1, 11)));
    assert_true(st->kentry_hesitant[JS_SIDE_A]);
    assert_true(js_dice_hesitant(st, JS_SIDE_A, A_ENTRY));
    assert_false(js_dice_hesitant(st, JS_SIDE_A, A_JO0));
    js_game_destroy(g);
    free(f.s);
}

/* K-7: the new entry point keeps 9 hexes from every enemy ship, not just the one that took it. */
static void test_K7_new_entry_clear_of_every_enemy_ship(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    f.s->units[f.picket].place[0].hex = tl_hex(10, 8);
    tl_unit_at(f.s, f.team, JS_SIDE_B, 1, 3, 4); /* 8 hexes from (1,11) */
    tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    js_game *g = take_entry(&f, (int[]){6, 6, 6, 6, 6}, 5, JS_WAIT_NEW_ENTRY);
    js_cmd en = tl_cmd(JS_CMD_PLACE_ENTRY, JS_SIDE_A);
    en.place[0].hex = tl_hex(1, 11);
    expect_refused(g, &en, "every enemy ship");
    en.place[0].hex = tl_hex(19, 11);
    tl_ok(g, &en);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- K-8 */
/* K-8: once every senior leader is on the map and no adjutant is off it, each deployment rolls a
 * d6: a 3 does not arrive (the dice are spent, it may try again), a 4 arrives. */
static void test_K8_hesitant_3_fails_4_arrives(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    tl_unit_at(f.s, f.senior, JS_SIDE_A, 8, 10, 1);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    /* turn 1: dice, then the hesitant d6 = 3; turn 2: dice, then 4 */
    js_game *g = tl_game(f.s, (int[]){1, 6, 6, 6, 6, 3, 1, 6, 6, 6, 6, 4}, 12);
    const js_state *st = js_game_state(g);
    assert_true(st->khesitant[JS_SIDE_A]);
    assert_true(js_dice_hesitant(st, JS_SIDE_A, A_JO0));
    js_cmd c = tl_dice_deploy(JS_SIDE_A, team, 1u << 0, A_JO0, 1, AT_JO0);
    tl_ok(g, &c);
    reveal(g);
    assert_int_equal(st->units[team].where, JS_AT_RESERVE);
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_string_equal(e->rule, "K-8");
    assert_int_equal(e->outcome, JS_OUTCOME_STAYS);
    assert_int_equal(e->value, 3);
    assert_int_equal(e->b, team);
    const js_event *r = tl_last_event(g, JS_EV_ROLL); /* the hesitation's d6 says what came of it */
    assert_int_equal(r->roll_for, JS_ROLL_HESITATION);
    assert_int_equal(r->value, 3);
    assert_int_equal(r->outcome, JS_OUTCOME_STAYS);
    assert_true(js_event_visible(e, JS_SIDE_B));
    assert_int_equal(st->nkdice[JS_SIDE_A], 0);
    tl_run_until(g, JS_WAIT_COMMAND);
    tl_ok(g, &c);
    reveal(g);
    assert_int_equal(st->units[team].where, JS_AT_MAP);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(f.s);
}

/* K-8: an adjutant still off the map keeps the side steady; Z-30: so does having no senior leader
 * at all; the senior leader's own turn is not hesitant (judged when the dice are rolled). */
static void test_K8_Z30_when_a_side_hesitates(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    tl_unit_at(f.s, f.senior, JS_SIDE_A, 8, 10, 1);
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    int aide = tl_unit_reserve(f.s, f.aide, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 1, 6, 6, 6}, 5);
    assert_false(js_game_state(g)->khesitant[JS_SIDE_A]);
    js_game_destroy(g);
    f.s->units[aide].where = JS_AT_MAP;
    f.s->units[aide].place[0] = (js_ship_place){tl_hex(9, 10), 1, 5};
    g = tl_game(f.s, (int[]){1, 1, 6, 6, 6}, 5);
    assert_true(js_game_state(g)->khesitant[JS_SIDE_A]);
    js_game_destroy(g);
    kfx f2;
    kfx_scenario(&f2); /* no senior leader */
    tl_unit_reserve(f2.s, f2.team, JS_SIDE_A);
    g = tl_game(f2.s, (int[]){1, 1, 6, 6, 6}, 5);
    assert_false(js_game_state(g)->khesitant[JS_SIDE_A]);
    js_game_destroy(g);
    /* the senior leader and a team in the same phase: neither rolls; the next phase does */
    kfx f3;
    kfx_scenario(&f3);
    int senior = tl_unit_reserve(f3.s, f3.senior, JS_SIDE_A);
    int team = tl_unit_reserve(f3.s, f3.team, JS_SIDE_A);
    tl_unit_reserve(f3.s, f3.team, JS_SIDE_A);
    g = tl_game(f3.s, (int[]){4, 1, 6, 6, 6}, 5);
    static const int AT[1][3] = {{14, 7, 1}};
    js_cmd s = tl_dice_deploy(JS_SIDE_A, senior, 1u << 0, A_JO1, 1, AT);
    tl_ok(g, &s);
    js_cmd t = tl_dice_deploy(JS_SIDE_A, team, 1u << 1, A_JO0, 1, AT_JO0);
    tl_ok(g, &t);
    int rolls = tl_count_events(g, JS_EV_ROLL);
    reveal(g);
    assert_int_equal(tl_count_events(g, JS_EV_ROLL), rolls);
    assert_int_equal(js_game_state(g)->units[team].where, JS_AT_MAP);
    tl_run_until(g, JS_WAIT_COMMAND);
    assert_true(js_game_state(g)->khesitant[JS_SIDE_A]);
    js_game_destroy(g);
    free(f.s);
    free(f2.s);
    free(f3.s);
}

/* K-7, K-8: after a capture moved the entry point, a vehicle arriving there rolls: 3 stays. */
static void test_K7_K8_vehicles_hesitant_at_a_moved_entry_point(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    f.s->units[f.picket].place[0].hex = tl_hex(10, 8);
    int tank = tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = take_entry(&f, (int[]){6, 6, 6, 6, 6, 3, 1, 6, 6, 6, 3}, 11, JS_WAIT_NEW_ENTRY);
    js_cmd en = tl_cmd(JS_CMD_PLACE_ENTRY, JS_SIDE_A);
    en.place[0].hex = tl_hex(19, 11);
    tl_ok(g, &en);
    tl_run_until(g, JS_WAIT_COMMAND);
    const js_state *st = js_game_state(g);
    assert_false(st->khesitant[JS_SIDE_A]);
    static const int NEW[1][3] = {{19, 9, 1}};
    js_cmd c = tl_dice_deploy(JS_SIDE_A, tank, 1u << 0, A_ENTRY, 1, NEW);
    tl_ok(g, &c);
    js_cmd t = tl_dice_deploy(JS_SIDE_A, team, 1u << 1, A_JO0, 1, AT_JO0); /* not hesitant */
    tl_ok(g, &t);
    reveal(g);
    assert_int_equal(st->units[tank].where, JS_AT_RESERVE);
    assert_int_equal(st->units[team].where, JS_AT_MAP);
    assert_int_equal(js_dice_left(g), 0);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- K-9 */
/* K-9, Z-33: a transport deploys only carrying a passenger, on the passenger's die, through the
 * entry point; the passenger rides in its hold (L-4) and the enemy does not learn what it is. */
static void test_K9_transport_carries_the_activated_passenger(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int tender = tl_unit_reserve(f.s, f.tender, JS_SIDE_A);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    int squad = tl_unit_reserve(f.s, f.squad, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 2, 6, 6, 6}, 5);
    js_cmd c = tl_dice_deploy(JS_SIDE_A, tender, 1u << 0, A_ENTRY, 1, AT_ENTRY);
    expect_refused(g, &c, "K-9"); /* empty */
    c.ncargo = 1;
    c.cargo[0] = (int16_t)team;
    c.dice = 1u << 1; /* a 2 does not activate a team */
    expect_refused(g, &c, "K-4");
    c.cargo[0] = (int16_t)squad; /* a squadron of 3 needs 3 hexes of the 4 */
    expect_legal(g, &c);
    c.cargo[0] = (int16_t)team;
    c.dice = 1u << 0;
    tl_ok(g, &c);
    js_cmd t = tl_dice_deploy(JS_SIDE_A, team, 1u << 1, A_JO0, 1, AT_JO0);
    expect_refused(g, &t, "K-9"); /* it rides */
    js_game *other = js_game_clone(g);
    c.cargo[0] = (int16_t)squad;
    c.dice = 1u << 1;
    tl_ok(other, &c);
    reveal(g);
    reveal(other);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[tender].where, JS_AT_MAP);
    assert_int_equal(st->units[team].where, JS_AT_CARGO);
    assert_int_equal(st->units[team].carrier, first_ship(g, tender));
    assert_true(tl_same_for(g, other, JS_SIDE_B)); /* L-6: which passenger, and its die, hidden */
    /* a non-heavy transport may move in its first turn (K-6) */
    js_order o = tl_order(5);
    o.move = 2;
    assert_int_equal(tl_plot_try(g, first_ship(g, tender), 0, o), JS_OK);
    js_game_destroy(g);
    js_game_destroy(other);
    free(f.s);
}

/* K-9, Z-33: the last non-transport card deployed loses the transports left in reserve; only
 * their number is told to the enemy. */
static void test_K9_last_card_deployed_loses_the_transports(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int t1 = tl_unit_reserve(f.s, f.tender, JS_SIDE_A);
    int t2 = tl_unit_reserve(f.s, f.tender, JS_SIDE_A);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    int team2 = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 1, 6, 6, 6, 1, 6, 6, 6, 6}, 10);
    js_cmd c = tl_dice_deploy(JS_SIDE_A, t1, 1u << 0, A_ENTRY, 1, AT_ENTRY);
    c.ncargo = 1;
    c.cargo[0] = (int16_t)team;
    tl_ok(g, &c);
    reveal(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[t2].where, JS_AT_RESERVE); /* team2 is still to come */
    tl_run_until(g, JS_WAIT_COMMAND);
    js_cmd d = tl_dice_deploy(JS_SIDE_A, team2, 1u << 0, A_JO0, 1, AT_JO0);
    tl_ok(g, &d);
    reveal(g);
    assert_int_equal(st->units[team2].where, JS_AT_MAP);
    assert_int_equal(st->units[t2].where, JS_AT_GONE);
    assert_int_equal(st->units[t1].where, JS_AT_MAP);
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_string_equal(e->rule, "K-9");
    assert_int_equal(e->side, JS_SIDE_A);
    assert_int_equal(e->a, -1); /* the public count, not the card */
    assert_int_equal(e->value, 1);
    assert_true(js_event_visible(e, JS_SIDE_B));
    assert_int_equal(st->points[JS_SIDE_B], 0);
    js_game_destroy(g);
    free(f.s);
}

/* ---------------------------------------------------------------- secrecy and dice sources */
/* a deployment withdrawn or changed never shows; a replaced choice frees its dice. */
static void test_K4_withdraw_and_replace(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    int team = tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game(f.s, (int[]){1, 3, 6, 6, 6}, 5);
    js_cmd c = tl_dice_deploy(JS_SIDE_A, team, 1u << 0, A_JO0, 1, AT_JO0);
    tl_ok(g, &c);
    c.dice = 1u << 1; /* the 3 instead: the 1 is free again */
    tl_ok(g, &c);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nkdep[JS_SIDE_A], 1);
    assert_int_equal(st->kdep[JS_SIDE_A][0].total, 3);
    js_cmd w = tl_cmd(JS_CMD_DICE_DEPLOY, JS_SIDE_A);
    w.unit = (int16_t)team;
    tl_ok(g, &w);
    assert_int_equal(st->nkdep[JS_SIDE_A], 0);
    expect_refused(g, &w, "K-4"); /* nothing left to withdraw */
    reveal(g);
    assert_int_equal(st->units[team].where, JS_AT_RESERVE);
    js_game_destroy(g);
    free(f.s);
}

/* with manual dice the command dice are entered by the player, turn 1's included. */
static void test_K3_manual_command_dice(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    tl_unit_reserve(f.s, f.team, JS_SIDE_A);
    js_game *g = tl_game_dice(f.s, JS_DICE_MANUAL, 1, NULL, 0);
    for (int i = 0; i < 5; i++) {
        js_wait w = js_wait_get(g);
        assert_int_equal(w.kind, JS_WAIT_DIE);
        assert_int_equal(w.die_sides, 6);
        assert_int_equal(w.sides, JS_SIDE_MASK(JS_SIDE_A));
        js_cmd d = tl_cmd(JS_CMD_DIE, JS_SIDE_A);
        d.value = (int8_t)(i + 1);
        tl_ok(g, &d);
    }
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    static const int8_t want[5] = {1, 2, 3, 4, 5};
    assert_memory_equal(js_game_state(g)->kdice[JS_SIDE_A], want, 5);
    js_game_destroy(g);
    free(f.s);
}

/* Z-34: no hex of the base line is far enough: the side goes without an entry point. */
static void test_Z34_no_hex_for_a_new_entry_point(void **state)
{
    (void)state;
    kfx f;
    kfx_scenario(&f);
    f.s->units[f.picket].place[0].hex = tl_hex(10, 8);
    tl_unit_at(f.s, f.team, JS_SIDE_B, 2, 10, 4); /* covers the west end of the base line */
    tl_unit_at(f.s, f.team, JS_SIDE_B, 17, 10, 4); /* and the east */
    tl_unit_reserve(f.s, f.vehicle, JS_SIDE_A);
    js_game *g = take_entry(&f, (int[]){6, 6, 6, 6, 6}, 5, JS_WAIT_COMMAND);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->sites[A_ENTRY].alive, JS_SITE_GONE);
    assert_int_equal(js_entry_site(st, JS_SIDE_A), -1);
    js_game_destroy(g);
    free(f.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_K1_roles_and_their_dice),
        cmocka_unit_test(test_K2_secret_placement_revealed_together),
        cmocka_unit_test(test_K2_scenario_placed_sites_skip_setup),
        cmocka_unit_test(test_K3_dice_rolled_each_command_phase_shown_to_both),
        cmocka_unit_test(test_K3_dice_add_up_to_4_never_5),
        cmocka_unit_test(test_K3_manual_command_dice),
        cmocka_unit_test(test_K4_die_totals_fit_roles),
        cmocka_unit_test(test_K4_entirely_within_3_hexes),
        cmocka_unit_test(test_K4_deployed_may_launch_but_not_move),
        cmocka_unit_test(test_K4_withdraw_and_replace),
        cmocka_unit_test(test_K5_enemy_at_2_blocks_at_3_not),
        cmocka_unit_test(test_K6_vehicles_through_the_entry_point),
        cmocka_unit_test(test_K7_jump_off_capture_settled_in_resolution),
        cmocka_unit_test(test_K7_entry_capture_new_entry_8_refused_9_taken),
        cmocka_unit_test(test_K7_new_entry_clear_of_every_enemy_ship),
        cmocka_unit_test(test_K7_K8_vehicles_hesitant_at_a_moved_entry_point),
        cmocka_unit_test(test_K8_hesitant_3_fails_4_arrives),
        cmocka_unit_test(test_K8_Z30_when_a_side_hesitates),
        cmocka_unit_test(test_K9_transport_carries_the_activated_passenger),
        cmocka_unit_test(test_K9_last_card_deployed_loses_the_transports),
        cmocka_unit_test(test_Z34_no_hex_for_a_new_entry_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
