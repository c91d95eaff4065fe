/* Rule tests, section J (jump points and command cards).
 *
 * The battle: 12x10, section lines at columns 3 and 8 (west 0-2, centre 4-7, east 9-11). A's base
 * line is row 9, B's row 0. The deck is 0 Scout Left, 1 Probe Centre, 2 Attack Right, 3 Assault,
 * 4 Commodore (officer, 1 order); IHS 4 and a Vanguard of 4 naming 0-3, so by H-4 both hands are
 * exactly cards 0-3 and the HQ holds the Commodore alone. A pile of one card never swaps, so the
 * deal takes nothing from the dice: every scripted die below is a roll the rules ask for. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

enum { SCOUT_L = 0, PROBE_C = 1, ATTACK_R = 2, ASSAULT = 3, COMMODORE = 4 };

static const int A_JP[3][2] = {{1, 9}, {5, 8}, {10, 8}}; /* A looks north: left is west */
static const int B_JP[3][2] = {{10, 0}, {6, 1}, {1, 1}}; /* B looks south: left is east */

typedef struct {
    js_scenario *s;
    int sm, med, lg;
    int a_sm1, a_sm2, a_med, a_lg, b_sm;
} jfx;

static void jfx_scenario(jfx *f)
{
    js_scenario *s = f->s = tl_jump_scenario(12, 10, 3, 8);
    tl_deck_card(s, "Scout Left", JS_CC_SCOUT, JS_SECTION_LEFT, 1, 1);
    tl_deck_card(s, "Probe Centre", JS_CC_PROBE, JS_SECTION_CENTRE, 2, 1);
    tl_deck_card(s, "Attack Right", JS_CC_ATTACK, JS_SECTION_RIGHT, 3, 1);
    tl_deck_card(s, "Assault", JS_CC_ASSAULT, JS_SECTION_ANY, 0, 1);
    tl_deck_card(s, "Commodore", JS_CC_OFFICER, JS_SECTION_ANY, 1, 1);
    s->initial_hand = 4;
    s->vanguard = 4;
    s->billet = 4;
    f->sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 4);
    f->med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 3);
    f->lg = tl_card(s, "lg", JS_SIZE_LARGE, 1, 2);
    f->a_sm1 = tl_unit_reserve(s, f->sm, JS_SIDE_A);
    f->a_sm2 = tl_unit_reserve(s, f->sm, JS_SIDE_A);
    f->a_med = tl_unit_reserve(s, f->med, JS_SIDE_A);
    f->a_lg = tl_unit_reserve(s, f->lg, JS_SIDE_A);
    f->b_sm = tl_unit_reserve(s, f->sm, JS_SIDE_B);
}

/* Through setup: jump points at A_JP and B_JP, Vanguards 0-3; turn 1's Command phase. */
static js_game *jfx_game(jfx *f, const int *dice, int n)
{
    js_game *g = tl_game(f->s, dice, n);
    static const int van[4] = {0, 1, 2, 3};
    tl_jump_points(g, JS_SIDE_A, A_JP);
    tl_jump_points(g, JS_SIDE_B, B_JP);
    tl_vanguard(g, JS_SIDE_A, 4, van);
    tl_vanguard(g, JS_SIDE_B, 4, van);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_COMMAND);
    return g;
}

static js_status try_cmd(js_game *g, const js_cmd *c)
{
    char reason[JS_REASON_LEN];
    return js_check(g, c, reason, sizeof reason);
}

static bool in_hand(const js_state *st, int side, int card)
{
    for (int i = 0; i < st->nhand[side]; i++)
        if (st->hand[side][i] == card)
            return true;
    return false;
}

static int ship_of(const js_game *g, int unit) { return js_game_state(g)->units[unit].first_ship; }

/* The impulse at which a ship came through its jump point (the JS_EV_JUMP of ship movement). */
static int arrival_impulse(const js_game *g, int ship)
{
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_JUMP && e->phase == JS_PHASE_SHIPS && e->a == ship)
            return e->value;
    }
    return -1;
}

static void assert_at(const js_game *g, int ship, int col, int row)
{
    int c, r;
    tl_pos(g, ship, &c, &r);
    if (c != col || r != row)
        fail_msg("ship %d at (%d,%d), wanted (%d,%d)", ship, c, r, col, row);
}

/* J-1: every card the scenario does not place starts in reserve; launches into a zone are not
 * part of a jump-point-only scenario. */
static void test_J1_unplaced_cards_start_in_reserve(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    int on_map = tl_unit_at(f.s, f.sm, JS_SIDE_B, 6, 4, 4);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_RESERVE);
    assert_int_equal(st->units[f.a_lg].where, JS_AT_RESERVE);
    assert_int_equal(st->units[f.b_sm].where, JS_AT_RESERVE);
    assert_int_equal(st->units[on_map].where, JS_AT_MAP);
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A); /* a zone launch, though (2,9) is in A's zone */
    c.unit = (int16_t)f.a_sm1;
    c.nplace = 1;
    c.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    char reason[JS_REASON_LEN] = "";
    assert_int_equal(js_check(g, &c, reason, sizeof reason), JS_ERR_ILLEGAL);
    assert_non_null(strstr(reason, "L-1"));
    js_game_destroy(g);
    free(f.s);
}

/* J-2: one jump point in each own section, within 3 hexes of the base line (rows H-1..H-3 for A,
 * 0..2 for B), never on a section line, on passable terrain; B's left is the east. */
static void test_J2_placement_rules(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    tl_terrain(f.s, 5, 9, "rock", 1, 0, 0);
    js_game *g = tl_game(f.s, NULL, 0);
    assert_int_equal(js_wait_get(g).kind, JS_WAIT_SETUP_JP);
    /* a section line (column 3, then 8) is refused even within the rows */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_LEFT, 3, 9), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_CENTRE, 3, 8), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_RIGHT, 8, 9), JS_ERR_ILLEGAL);
    /* row 6 is 4 hexes from row 9 (the base-line hex counts as 1); row 7 is the third */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_LEFT, 1, 6), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_LEFT, 1, 7), JS_OK);
    /* the wrong section: column 1 is A's left, not its right */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_RIGHT, 1, 9), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_CENTRE, 5, 9), JS_ERR_ILLEGAL); /* rock */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_CENTRE, 5, 8), JS_OK);
    /* ready only with all three placed */
    js_cmd ready = tl_cmd(JS_CMD_READY, JS_SIDE_A);
    assert_int_equal(try_cmd(g, &ready), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_RIGHT, 11, 7), JS_OK);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, JS_SECTION_LEFT, 1, 9), JS_OK); /* moved again */
    tl_ready(g, JS_SIDE_A);
    /* B: its left is the east, rows 0..2 */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_B, JS_SECTION_LEFT, 1, 0), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_B, JS_SECTION_LEFT, 10, 3), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_B, JS_SECTION_LEFT, 10, 2), JS_OK);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_B, JS_SECTION_RIGHT, 1, 0), JS_OK);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_B, JS_SECTION_CENTRE, 6, 1), JS_OK);
    /* nothing is on the map until both are ready: they are revealed together */
    const js_state *st = js_game_state(g);
    assert_int_equal(st->nsites, 0);
    int setup_events = tl_count_events(g, JS_EV_SETUP);
    tl_ready(g, JS_SIDE_B);
    assert_int_equal(st->nsites, 6);
    assert_int_equal(tl_count_events(g, JS_EV_SETUP), setup_events + 6);
    static const int want[2][3][2] = {{{1, 9}, {5, 8}, {11, 7}}, {{10, 2}, {6, 1}, {1, 0}}};
    for (int side = 0; side < JS_SIDES; side++)
        for (int sec = 0; sec < 3; sec++) {
            int i = tl_jump_site(g, side, sec);
            assert_true(i >= 0);
            assert_true(st->sites[i].alive);
            assert_true(js_hex_eq(st->sites[i].hex, tl_hex(want[side][sec][0], want[side][sec][1])));
        }
    const js_event *e = tl_last_event(g, JS_EV_SETUP);
    assert_true(js_event_visible(e, JS_SIDE_A) && js_event_visible(e, JS_SIDE_B));
    js_game_destroy(g);
    free(f.s);
}

/* J-2 and X-2: a side's picks are invisible to the other side until the reveal. */
static void test_J2_picks_secret_until_reveal(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g1 = tl_game(f.s, NULL, 0), *g2 = tl_game(f.s, NULL, 0);
    static const int other[3][2] = {{0, 7}, {7, 9}, {9, 9}};
    for (int sec = 0; sec < 3; sec++) {
        tl_place_jp(g1, JS_SIDE_A, sec, A_JP[sec][0], A_JP[sec][1]);
        tl_place_jp(g2, JS_SIDE_A, sec, other[sec][0], other[sec][1]);
    }
    tl_ready(g1, JS_SIDE_A);
    tl_ready(g2, JS_SIDE_A);
    assert_true(tl_same_for(g1, g2, JS_SIDE_B)); /* B learns only that A is ready */
    assert_false(tl_same_for(g1, g2, JS_SIDE_A));
    js_view v;
    js_view_build(g1, JS_SIDE_B, &v);
    assert_int_equal(v.st.jp_set_mask[JS_SIDE_A], 0);
    for (int sec = 0; sec < 3; sec++)
        assert_true(js_hex_eq(v.st.jp_pick[JS_SIDE_A][sec], (js_hex){0, 0}));
    js_view_build(g1, JS_SIDE_A, &v);
    assert_int_equal(v.st.jp_set_mask[JS_SIDE_A], 7);
    js_game_destroy(g1);
    js_game_destroy(g2);
    free(f.s);
}

/* J-3: one card a Command phase, from the hand; a second play replaces the first; only in the
 * Command phase, only with jump points. */
static void test_J3_one_card_per_command_phase(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    js_cmd c = tl_play(JS_SIDE_A, COMMODORE, 0, NULL, NULL); /* in the HQ, not the hand */
    c.target = (int16_t)tl_jump_site(g, JS_SIDE_A, JS_SECTION_CENTRE);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_sm1, NULL);
    tl_ok(g, &c);
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.a_sm2, NULL); /* replaces the Scout */
    tl_ok(g, &c);
    assert_int_equal(st->play_card[JS_SIDE_A], PROBE_C);
    tl_ready_both(g);
    assert_int_equal(st->phase, JS_PHASE_PLOT);
    assert_int_equal(st->nhand[JS_SIDE_A], 3);
    assert_int_equal(st->ndiscard[JS_SIDE_A], 1);
    assert_int_equal(st->discard[JS_SIDE_A][0], PROBE_C);
    assert_int_equal(st->units[f.a_sm2].where, JS_AT_ARRIVING);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_RESERVE);
    c = tl_play(JS_SIDE_A, SCOUT_L, 0, NULL, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_NOT_NOW); /* plotting phase */
    /* withdrawing a play (card -1) leaves the hand whole */
    tl_run_until(g, JS_WAIT_COMMAND);
    c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_sm1, NULL);
    tl_ok(g, &c);
    c = tl_play(JS_SIDE_A, -1, 0, NULL, NULL);
    tl_ok(g, &c);
    int hand = st->nhand[JS_SIDE_A];
    tl_ready_both(g);
    assert_int_equal(st->nhand[JS_SIDE_A], hand);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_RESERVE);
    js_game_destroy(g);
    free(f.s);
    /* a scenario without jump points has no command cards to play */
    js_scenario *s = tl_scenario(8, 8);
    tl_unit_reserve(s, tl_card(s, "sm", JS_SIZE_SMALL, 1, 2), JS_SIDE_A);
    g = tl_game(s, NULL, 0);
    c = tl_play(JS_SIDE_A, 0, 0, NULL, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    js_game_destroy(g);
    free(s);
}

/* J-4: Scout 1, Probe 2, Attack 3 orders; a section card deploys through its own section's jump
 * point. */
static void test_J4_section_card_orders_and_own_jump_point(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    int four[4] = {f.a_sm1, f.a_sm2, f.a_med, f.a_lg};
    static const int card[3] = {SCOUT_L, PROBE_C, ATTACK_R};
    for (int k = 0; k < 3; k++) { /* orders k+1: k+1 cards pass, k+2 do not */
        js_cmd c = tl_play(JS_SIDE_A, card[k], k + 1, four, NULL);
        assert_int_equal(try_cmd(g, &c), JS_OK);
        c = tl_play(JS_SIDE_A, card[k], k + 2, four, NULL);
        assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    }
    js_cmd c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_sm1, NULL);
    c.unit = SCOUT_L;
    int bsite = tl_jump_site(g, JS_SIDE_B, JS_SECTION_LEFT);
    c.target = (int16_t)bsite; /* a section card ignores any named jump point */
    tl_ok(g, &c);
    tl_ready_both(g);
    int left = tl_jump_site(g, JS_SIDE_A, JS_SECTION_LEFT);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_ARRIVING);
    assert_int_equal(st->arrive_site[f.a_sm1], left);
    assert_true(js_hex_eq(st->ships[ship_of(g, f.a_sm1)].pos, tl_hex(A_JP[0][0], A_JP[0][1])));
    js_game_destroy(g);
    free(f.s);
}

/* J-4, J-5, J-2: a play naming a card that does not exist, one not in the side's reserve (B's, or
 * already on the map), the same card twice, or a phase outside 1-10 is refused; so are a jump
 * point in no section or off the map at setup. */
static void test_J4_play_refusals(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, 3, 5, 9), JS_ERR_ILLEGAL);  /* no section 3 */
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, -1, 5, 9), JS_ERR_ILLEGAL);
    assert_int_equal(tl_place_jp_try(g, JS_SIDE_A, 1, 5, 10), JS_ERR_ILLEGAL); /* off the map */
    js_game_destroy(g);
    g = jfx_game(&f, NULL, 0);
    int bad[1] = {99};
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 1, bad, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.b_sm, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int twice[2] = {f.a_sm1, f.a_sm1};
    c = tl_play(JS_SIDE_A, PROBE_C, 2, twice, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.a_sm1, NULL);
    c.place[0].phase = 11;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.place[0].phase = 10;
    assert_int_equal(try_cmd(g, &c), JS_OK);
    js_game_destroy(g);
    free(f.s);
}

/* J-4, Z-17: an Assault gives as many orders as cards left in hand once it is played (hand of 4: 3),
 * all through the jump point of the one section the player names. */
static void test_J4_assault_orders_cards_left_in_hand(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    int four[4] = {f.a_sm1, f.a_sm2, f.a_med, f.a_lg};
    js_cmd c = tl_play(JS_SIDE_A, ASSAULT, 4, four, NULL);
    c.dir = JS_SECTION_RIGHT;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL); /* 4 > 3 */
    c = tl_play(JS_SIDE_A, ASSAULT, 3, four, NULL);
    c.dir = JS_SECTION_ANY; /* a section must be named */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.dir = JS_SECTION_RIGHT;
    tl_ok(g, &c);
    tl_ready_both(g);
    int right = tl_jump_site(g, JS_SIDE_A, JS_SECTION_RIGHT);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(st->units[four[i]].where, JS_AT_ARRIVING);
        assert_int_equal(st->arrive_site[four[i]], right);
        assert_int_equal(st->arrive_order[four[i]], i);
    }
    assert_int_equal(st->units[f.a_lg].where, JS_AT_RESERVE);
    assert_int_equal(st->discard[JS_SIDE_A][0], ASSAULT);
    js_game_destroy(g);
    free(f.s);
}

/* J-4: an officer deploys through any own jump point it names (the Commodore: 1 card), never an
 * enemy one. The Commodore comes from the HQ: A plays a card in turn 1, so the quarter effect
 * (H-5) draws the HQ's only card. */
static void test_J4_officer_through_any_own_jump_point(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    js_cmd c = tl_play(JS_SIDE_A, SCOUT_L, 0, NULL, NULL);
    tl_ok(g, &c);
    tl_ready_both(g);
    tl_run_until(g, JS_WAIT_COMMAND);
    assert_int_equal(st->turn, 2);
    assert_true(in_hand(st, JS_SIDE_A, COMMODORE));
    int two[2] = {f.a_sm1, f.a_sm2};
    c = tl_play(JS_SIDE_A, COMMODORE, 1, two, NULL);
    c.target = -1; /* no jump point named */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.target = (int16_t)tl_jump_site(g, JS_SIDE_B, JS_SECTION_CENTRE);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.target = (int16_t)tl_jump_site(g, JS_SIDE_A, JS_SECTION_RIGHT);
    c.ncargo = 2;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL); /* one order */
    c.ncargo = 1;
    tl_ok(g, &c);
    tl_ready_both(g);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_ARRIVING);
    assert_int_equal(st->arrive_site[f.a_sm1], tl_jump_site(g, JS_SIDE_A, JS_SECTION_RIGHT));
    js_game_destroy(g);
    free(f.s);
}

/* J-5: the ship goes on the jump point hex, a medium's bow and a large's centre on it, facing as
 * the owner chooses; every footprint hex on the map and passable. */
static void test_J5_placement_on_jump_point_and_facing(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    tl_terrain(f.s, 4, 9, "rock", 1, 0, 0); /* SW of A's centre jump point (5,8), odd column */
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    int fac[1] = {1};
    /* left jump point (1,9) on the base line: a medium facing N has its stern at (1,10), off the
     * map; facing S its stern is (1,8). A large always reaches row 10. */
    js_cmd c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_med, fac);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.place[0].facing = 4;
    assert_int_equal(try_cmd(g, &c), JS_OK);
    c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_lg, fac);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    /* centre (5,8): facing NE puts the stern SW on the rock; a large covers the rock too */
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.a_med, fac);
    c.place[0].facing = 2;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.place[0].facing = 7;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.a_lg, fac);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, PROBE_C, 1, &f.a_med, fac);
    tl_ok(g, &c);
    tl_ready_both(g);
    int med = ship_of(g, f.a_med);
    /* P-1: new on the map, it plots T, T+1 and T+2 */
    tl_plot(g, med, 0, (js_order){.phase = 5, .move = 1});
    tl_plot(g, med, 1, (js_order){.phase = 6});
    tl_plot(g, med, 2, (js_order){.phase = 6});
    tl_ready_both(g);
    assert_int_equal(st->units[f.a_med].where, JS_AT_MAP);
    assert_int_equal(arrival_impulse(g, med), 0);
    assert_int_equal(st->ships[med].facing, 1);
    assert_at(g, med, 5, 7); /* bow on (5,8), then F(1) north */
    js_hex fp[7];
    assert_int_equal(js_ship_footprint(st, med, fp), 2);
    assert_true(js_hex_eq(fp[1], tl_hex(5, 8))); /* the stern trails on the jump point */
    /* turn 2: the large, centre on the right jump point (10,8), facing S */
    tl_run_until(g, JS_WAIT_COMMAND);
    int s4[1] = {4};
    c = tl_play(JS_SIDE_A, ATTACK_R, 1, &f.a_lg, s4);
    tl_ok(g, &c);
    tl_ready_both(g);
    tl_ready_both(g);
    int lg = ship_of(g, f.a_lg);
    assert_int_equal(st->units[f.a_lg].where, JS_AT_MAP);
    assert_at(g, lg, 10, 8);
    assert_int_equal(st->ships[lg].facing, 4);
    js_game_destroy(g);
    free(f.s);
}

/* J-6: two cards through one jump point: the second arrives at the first impulse the hex is empty
 * (the first leaves it in impulse 1, so impulse 2). Z-15, where the rules are silent:
 * it then makes its whole move from that impulse on (F(2): impulses 2 and 3). */
static void test_J6_second_unit_waits_for_jump_point_to_clear(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    int two[2] = {f.a_sm1, f.a_sm2};
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 2, two, NULL);
    tl_ok(g, &c);
    tl_ready_both(g);
    int s1 = ship_of(g, f.a_sm1), s2 = ship_of(g, f.a_sm2);
    tl_plot(g, s1, 0, (js_order){.phase = 5, .move = 2});
    tl_plot(g, s2, 0, (js_order){.phase = 5, .move = 2});
    tl_ready_both(g);
    assert_int_equal(arrival_impulse(g, s1), 0);
    assert_int_equal(arrival_impulse(g, s2), 2);
    assert_at(g, s1, 5, 6); /* (5,8) -> (5,7) -> (5,6) in impulses 1, 2 */
    assert_at(g, s2, 5, 6); /* (5,8) at impulse 2 -> (5,7) -> (5,6) in impulses 2, 3 */
    assert_int_equal(st->units[f.a_sm2].where, JS_AT_MAP);
    assert_int_equal(st->units[f.a_sm2].arrived_turn, 1);
    js_game_destroy(g);
    free(f.s);
}

/* J-6: the jump point never empties (the first card holds it with F(0)): the second card stays in
 * reserve, its orders are lost, and (E-3) a card that never arrived executed nothing, so pays no
 * activation. */
static void test_J6_never_clears_rest_stay_in_reserve(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    f.s->cards[f.sm].activation_cost = 3;
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    int two[2] = {f.a_sm1, f.a_sm2};
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 2, two, NULL);
    tl_ok(g, &c);
    tl_ready_both(g);
    int s1 = ship_of(g, f.a_sm1), s2 = ship_of(g, f.a_sm2);
    tl_plot(g, s2, 0, (js_order){.phase = 5, .move = 2}); /* s1 keeps F(0) */
    tl_plot(g, s2, 1, (js_order){.phase = 5, .move = 1});
    assert_int_equal(st->energy[JS_SIDE_A], 25); /* 15 + income 10 */
    tl_ready_both(g);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_MAP);
    assert_at(g, s1, 5, 8);
    assert_int_equal(arrival_impulse(g, s2), -1);
    assert_int_equal(st->units[f.a_sm2].where, JS_AT_RESERVE);
    assert_false(st->ships[s2].on_map);
    for (int i = 0; i < JS_PLAN_DEPTH; i++)
        assert_int_equal(st->ships[s2].plan[i].move, 0); /* orders lost */
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_non_null(e);
    assert_int_equal(e->b, f.a_sm2);
    assert_string_equal(e->rule, "J-6");
    assert_int_equal(st->energy[JS_SIDE_A], 35); /* turn 2: 25 + 10, nothing paid in turn 1 */
    /* it may come again later: still in reserve, legal in another play */
    c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_sm2, NULL);
    assert_int_equal(try_cmd(g, &c), JS_OK);
    js_game_destroy(g);
    free(f.s);
}

/* J-7: the jump point (every hex of the footprint, J-5) must be empty: an own ship holding it
 * keeps the deployment out; one that leaves in impulse 1 lets it in at impulse 2. The play itself
 * is not refused (engine's choice: the check is made at arrival, J-6). */
static void test_J7_jump_point_must_be_empty(void **state)
{
    (void)state;
    for (int variant = 0; variant < 3; variant++) {
        jfx f;
        jfx_scenario(&f);
        /* variants 0, 1: an own small on the jump point (5,8); 2: on (5,9), the stern hex of a
         * medium arriving facing N */
        int holder = tl_unit_at(f.s, f.sm, JS_SIDE_A, 5, variant == 2 ? 9 : 8, 1);
        js_game *g = jfx_game(&f, NULL, 0);
        const js_state *st = js_game_state(g);
        int unit = variant == 2 ? f.a_med : f.a_sm1;
        js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 1, &unit, NULL);
        assert_int_equal(try_cmd(g, &c), JS_OK);
        tl_ok(g, &c);
        tl_ready_both(g);
        if (variant == 1)
            tl_plot(g, ship_of(g, holder), 0, (js_order){.phase = 5, .move = 1});
        tl_plot(g, ship_of(g, unit), 0, (js_order){.phase = 5, .move = 1});
        tl_ready_both(g);
        if (variant == 1) {
            assert_int_equal(arrival_impulse(g, ship_of(g, unit)), 2);
            assert_int_equal(st->units[unit].where, JS_AT_MAP);
        } else {
            assert_int_equal(arrival_impulse(g, ship_of(g, unit)), -1);
            assert_int_equal(st->units[unit].where, JS_AT_RESERVE);
        }
        js_game_destroy(g);
        free(f.s);
    }
}

/* J-8, Z-22: an enemy ship ending its movement covering a jump point removes it at once (ship movement)
 * and scores 2; passing over one does nothing, nor does a ship on its own side's jump point. The
 * section's cards no longer deploy there (J-4), nor may an officer name it. */
static void test_J8_capture_scores_two_and_closes_section(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    int raider = tl_unit_at(f.s, f.sm, JS_SIDE_B, 1, 6, 4);  /* F(3) south: (1,9), A's left */
    int passer = tl_unit_at(f.s, f.sm, JS_SIDE_B, 5, 5, 4);  /* F(4): over (5,8) to (5,9) */
    int sitter = tl_unit_at(f.s, f.sm, JS_SIDE_B, 10, 0, 4); /* on B's own left jump point */
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 0, NULL, NULL); /* so the Commodore is drawn */
    tl_ok(g, &c);
    tl_ready_both(g);
    tl_plot(g, ship_of(g, raider), 0, (js_order){.phase = 5, .move = 3});
    tl_plot(g, ship_of(g, passer), 0, (js_order){.phase = 5, .move = 4});
    tl_ready_both(g);
    int left = tl_jump_site(g, JS_SIDE_A, JS_SECTION_LEFT);
    assert_false(st->sites[left].alive);
    assert_true(st->sites[tl_jump_site(g, JS_SIDE_A, JS_SECTION_CENTRE)].alive);
    assert_true(st->sites[tl_jump_site(g, JS_SIDE_B, JS_SECTION_LEFT)].alive);
    assert_int_equal(st->points[JS_SIDE_B], 2);
    assert_int_equal(st->points[JS_SIDE_A], 0);
    assert_int_equal(tl_count_events(g, JS_EV_CAPTURE), 1);
    const js_event *e = tl_last_event(g, JS_EV_CAPTURE);
    assert_int_equal(e->phase, JS_PHASE_SHIPS); /* at once, when movement ends */
    assert_int_equal(e->b, left);
    (void)sitter;
    /* turn 2: nothing deploys through the captured left jump point any more */
    tl_run_until(g, JS_WAIT_COMMAND);
    assert_int_equal(st->turn, 2);
    c = tl_play(JS_SIDE_A, SCOUT_L, 1, &f.a_sm1, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, ASSAULT, 1, &f.a_sm1, NULL);
    c.dir = JS_SECTION_LEFT;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.dir = JS_SECTION_CENTRE;
    assert_int_equal(try_cmd(g, &c), JS_OK);
    c = tl_play(JS_SIDE_A, COMMODORE, 1, &f.a_sm1, NULL);
    c.target = (int16_t)left;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.target = (int16_t)tl_jump_site(g, JS_SIDE_A, JS_SECTION_CENTRE);
    assert_int_equal(try_cmd(g, &c), JS_OK);
    js_game_destroy(g);
    free(f.s);
}

/* J-3, X-2, Z-16: the card a side plays, and what it deploys, stay hidden until the reveal. */
static void test_J3_pending_play_secret(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    js_game *g1 = jfx_game(&f, NULL, 0), *g2 = jfx_game(&f, NULL, 0);
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 2, (int[]){f.a_sm1, f.a_med}, (int[]){1, 4});
    tl_ok(g1, &c);
    c = tl_play(JS_SIDE_A, ASSAULT, 1, &f.a_lg, NULL);
    c.dir = JS_SECTION_RIGHT;
    tl_ok(g2, &c);
    assert_true(tl_same_for(g1, g2, JS_SIDE_B));
    js_view v;
    js_view_build(g1, JS_SIDE_B, &v);
    assert_int_equal(v.st.play_card[JS_SIDE_A], -1);
    assert_int_equal(v.st.nplay_units[JS_SIDE_A], 0);
    assert_int_equal(v.st.play_units[JS_SIDE_A][0], 0);
    assert_int_equal(v.st.play_place[JS_SIDE_A][1].facing, 0);
    js_view_build(g1, JS_SIDE_A, &v);
    assert_int_equal(v.st.play_card[JS_SIDE_A], PROBE_C);
    assert_int_equal(v.st.nplay_units[JS_SIDE_A], 2);
    /* after the reveal both see the card played */
    tl_ready_both(g1);
    js_view_build(g1, JS_SIDE_B, &v);
    assert_int_equal(v.st.units[f.a_sm1].where, JS_AT_ARRIVING);
    assert_int_equal(v.st.ndiscard[JS_SIDE_A], 1);
    js_game_destroy(g1);
    js_game_destroy(g2);
    free(f.s);
}

/* J-4 with launches in the same scenario (L and J both): a card launching this turn cannot also
 * deploy through a jump point, nor the other way round. Z-15 where J-5 is silent: a
 * squadron card comes through with all its ships on the jump point hex (G-5 stacking). */
static void test_J4_launch_or_jump_not_both_and_squadrons(void **state)
{
    (void)state;
    jfx f;
    jfx_scenario(&f);
    f.s->deploy = JS_DEPLOY_JUMP | JS_DEPLOY_LAUNCH;
    int sq = tl_card(f.s, "sq", JS_SIZE_SMALL, 2, 3);
    int a_sq = tl_unit_reserve(f.s, sq, JS_SIDE_A);
    js_game *g = jfx_game(&f, NULL, 0);
    const js_state *st = js_game_state(g);
    js_cmd l = tl_cmd(JS_CMD_LAUNCH, JS_SIDE_A);
    l.unit = (int16_t)f.a_sm1;
    l.nplace = 1;
    l.place[0] = (js_ship_place){tl_hex(2, 9), 1, 5};
    tl_ok(g, &l);
    js_cmd c = tl_play(JS_SIDE_A, PROBE_C, 2, (int[]){f.a_sm1, a_sq}, NULL);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = tl_play(JS_SIDE_A, PROBE_C, 2, (int[]){f.a_sm2, a_sq}, NULL);
    tl_ok(g, &c);
    l.unit = (int16_t)f.a_sm2;
    l.place[0].hex = tl_hex(4, 9);
    assert_int_equal(try_cmd(g, &l), JS_ERR_ILLEGAL);
    tl_ready_both(g);
    int s2 = ship_of(g, f.a_sm2), q = ship_of(g, a_sq);
    tl_plot(g, s2, 0, (js_order){.phase = 5, .move = 1});
    tl_ready_both(g);
    assert_int_equal(st->units[f.a_sm1].where, JS_AT_MAP);
    assert_int_equal(st->units[a_sq].where, JS_AT_MAP);
    assert_int_equal(arrival_impulse(g, q), 2);
    assert_int_equal(arrival_impulse(g, q + 1), 2);
    assert_at(g, q, 5, 8);
    assert_at(g, q + 1, 5, 8);
    js_game_destroy(g);
    free(f.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_J1_unplaced_cards_start_in_reserve),
        cmocka_unit_test(test_J2_placement_rules),
        cmocka_unit_test(test_J2_picks_secret_until_reveal),
        cmocka_unit_test(test_J3_one_card_per_command_phase),
        cmocka_unit_test(test_J3_pending_play_secret),
        cmocka_unit_test(test_J4_section_card_orders_and_own_jump_point),
        cmocka_unit_test(test_J4_play_refusals),
        cmocka_unit_test(test_J4_assault_orders_cards_left_in_hand),
        cmocka_unit_test(test_J4_officer_through_any_own_jump_point),
        cmocka_unit_test(test_J4_launch_or_jump_not_both_and_squadrons),
        cmocka_unit_test(test_J5_placement_on_jump_point_and_facing),
        cmocka_unit_test(test_J6_second_unit_waits_for_jump_point_to_clear),
        cmocka_unit_test(test_J6_never_clears_rest_stay_in_reserve),
        cmocka_unit_test(test_J7_jump_point_must_be_empty),
        cmocka_unit_test(test_J8_capture_scores_two_and_closes_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
