/* Rule tests, section L (launches into the starting zone, transports, hidden cargo).
 * tl_scenario gives A the south 2 rows and B the north 2 rows as starting zones. */
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

static js_cmd launch(int side, int unit, int n, const int crf[][3])
{
    js_cmd c = tl_cmd(JS_CMD_LAUNCH, side);
    c.unit = (int16_t)unit;
    c.nplace = (int8_t)n;
    for (int k = 0; k < n; k++)
        c.place[k] = (js_ship_place){tl_hex(crf[k][0], crf[k][1]), (int8_t)crf[k][2], 5};
    return c;
}

static js_status try_cmd(js_game *g, const js_cmd *c)
{
    char reason[JS_REASON_LEN];
    return js_check(g, c, reason, sizeof reason);
}

/* L-1: cards not on the map are the reserve; the other side sees only how many. */
static void test_L1_reserve_hidden_from_other_side(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    tl_unit_at(s, sm, JS_SIDE_B, 8, 1, 4);
    int r = tl_unit_reserve(s, sm, JS_SIDE_A);
    tl_unit_reserve(s, sm, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    js_view va, vb;
    js_view_build(g, JS_SIDE_A, &va);
    js_view_build(g, JS_SIDE_B, &vb);
    assert_int_equal(va.st.units[r].def, sm);
    assert_int_equal(va.st.units[r].where, JS_AT_RESERVE);
    assert_int_equal(vb.st.units[r].def, -1);
    assert_int_equal(vb.st.units[r].where, JS_AT_HIDDEN);
    assert_int_equal(vb.reserve_count[JS_SIDE_A], 2);
    assert_int_equal(va.reserve_count[JS_SIDE_A], 2);
    js_game_destroy(g);
    free(s);
}

/* L-2: placements on empty, passable hexes, each footprint covering a zone hex, squadron ships
 * adjacent to another of theirs; the owner's facing; shield pegs given. */
static void test_L2_launch_placement_rules(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(12, 12); /* A's zone: rows 10, 11 */
    int sq = tl_card(s, "squadron", JS_SIZE_SMALL, 3, 2);
    s->cards[sq].shields = 2;
    int med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    tl_terrain(s, 6, 11, "rock", 1, 0, 0);
    tl_unit_at(s, tl_card(s, "b", JS_SIZE_SMALL, 1, 2), JS_SIDE_B, 0, 10, 1); /* B's ship in A's zone */
    int rsq = tl_unit_reserve(s, sq, JS_SIDE_A);
    int rmed = tl_unit_reserve(s, med, JS_SIDE_A);
    js_game *g = tl_game(s, NULL, 0);
    static const int out_of_zone[3][3] = {{2, 9, 1}, {2, 10, 1}, {3, 10, 1}};
    js_cmd c = launch(JS_SIDE_A, rsq, 3, out_of_zone); /* (2,9) is row 9: outside */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    static const int apart[3][3] = {{2, 10, 1}, {3, 10, 1}, {8, 10, 1}}; /* (8,10) alone */
    c = launch(JS_SIDE_A, rsq, 3, apart);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    static const int rock[3][3] = {{5, 11, 1}, {6, 11, 1}, {5, 10, 1}};
    c = launch(JS_SIDE_A, rsq, 3, rock);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    static const int taken[3][3] = {{0, 10, 1}, {1, 10, 1}, {1, 11, 1}}; /* B's ship on (0,10) */
    c = launch(JS_SIDE_A, rsq, 3, taken);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    static const int ok[3][3] = {{2, 10, 1}, {3, 10, 3}, {3, 11, 6}}; /* a chain of neighbours */
    c = launch(JS_SIDE_A, rsq, 3, ok);
    tl_ok(g, &c);
    /* medium: bow (9,9) outside, stern (9,10) inside: it covers a zone hex */
    static const int med_ok[1][3] = {{9, 9, 1}};
    c = launch(JS_SIDE_A, rmed, 1, med_ok);
    tl_ok(g, &c);
    tl_ready_both(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[rsq].where, JS_AT_MAP);
    int first = st->units[rsq].first_ship;
    assert_int_equal(st->ships[first + 1].facing, 3);
    assert_int_equal(st->ships[first + 2].facing, 6);
    assert_int_equal(st->ships[first].shields, 2);
    assert_int_equal(st->units[rmed].where, JS_AT_MAP);
    assert_int_equal(tl_count_events(g, JS_EV_LAUNCH), 4);
    js_game_destroy(g);
    free(s);
}

/* L-3: no room for every ship: refused when checked, cancelled (and not paid) when the other
 * side's launch took the hex first (the initiative side's launches arrive first). */
static void test_L3_no_room(void **state)
{
    (void)state;
    js_scenario *s = tl_scenario(10, 10);
    int sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    s->cards[sm].launch_cost = 5;
    s->zone[5 * 10 + 5] |= JS_ZONE_A | JS_ZONE_B; /* (5,5) in both zones */
    int ra = tl_unit_reserve(s, sm, JS_SIDE_A);
    int ra2 = tl_unit_reserve(s, sm, JS_SIDE_A);
    int rb = tl_unit_reserve(s, sm, JS_SIDE_B);
    js_game *g = tl_game(s, NULL, 0);
    static const int here[1][3] = {{5, 5, 1}};
    js_cmd c = launch(JS_SIDE_A, ra, 1, here);
    tl_ok(g, &c);
    c = launch(JS_SIDE_A, ra2, 1, here); /* A's own pending launch holds the hex */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = launch(JS_SIDE_B, rb, 1, here); /* B cannot see A's launch: legal now */
    tl_ok(g, &c);
    tl_ready(g, JS_SIDE_A);
    tl_ready(g, JS_SIDE_B);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[ra].where, JS_AT_MAP); /* turn 1: A's initiative, A first */
    assert_int_equal(st->units[rb].where, JS_AT_RESERVE);
    assert_int_equal(st->energy[JS_SIDE_A], 20);
    assert_int_equal(st->energy[JS_SIDE_B], 25); /* not paid */
    const js_event *e = tl_last_event(g, JS_EV_CANCELLED);
    assert_non_null(e);
    assert_int_equal(e->side, JS_SIDE_B);
    assert_true(js_event_visible(e, JS_SIDE_B));
    assert_false(js_event_visible(e, JS_SIDE_A));
    js_game_destroy(g);
    free(s);
}

/* A large transport (capacity 4) and cargo candidates. */
typedef struct {
    js_scenario *s;
    int carrier, med, sm, sq3, big, mtrans;
    int r_carrier, r_med, r_sm1, r_sm2, r_sm3, r_sq3, r_big, r_mtrans;
} hold_fx;

static void hold_setup(hold_fx *f)
{
    js_scenario *s = f->s = tl_scenario(14, 14); /* A's zone rows 12, 13 */
    f->carrier = tl_card(s, "carrier", JS_SIZE_LARGE, 1, 2);
    s->cards[f->carrier].capacity = 4;
    s->cards[f->carrier].roles = JS_ROLE_TRANSPORT;
    s->cards[f->carrier].launch_cost = 5;
    s->cards[f->carrier].mass = 9;
    f->med = tl_card(s, "med", JS_SIZE_MEDIUM, 1, 2);
    s->cards[f->med].launch_cost = 3;
    f->sm = tl_card(s, "sm", JS_SIZE_SMALL, 1, 2);
    s->cards[f->sm].launch_cost = 2;
    s->cards[f->sm].points = 4;
    f->sq3 = tl_card(s, "sq3", JS_SIZE_SMALL, 3, 2);
    f->big = tl_card(s, "big", JS_SIZE_LARGE, 1, 2);
    f->mtrans = tl_card(s, "mtrans", JS_SIZE_MEDIUM, 1, 2);
    s->cards[f->mtrans].capacity = 3;
    tl_unit_at(s, f->sm, JS_SIDE_B, 13, 0, 4);
    f->r_carrier = tl_unit_reserve(s, f->carrier, JS_SIDE_A);
    f->r_med = tl_unit_reserve(s, f->med, JS_SIDE_A);
    f->r_sm1 = tl_unit_reserve(s, f->sm, JS_SIDE_A);
    f->r_sm2 = tl_unit_reserve(s, f->sm, JS_SIDE_A);
    f->r_sm3 = tl_unit_reserve(s, f->sm, JS_SIDE_A);
    f->r_sq3 = tl_unit_reserve(s, f->sq3, JS_SIDE_A);
    f->r_big = tl_unit_reserve(s, f->big, JS_SIDE_A);
    f->r_mtrans = tl_unit_reserve(s, f->mtrans, JS_SIDE_A);
}

static js_cmd carrier_launch(const hold_fx *f, int ncargo, const int *cargo)
{
    static const int at[1][3] = {{5, 12, 1}}; /* centre (5,12): rows 11-13 */
    js_cmd c = launch(JS_SIDE_A, f->r_carrier, 1, at);
    c.ncargo = (int8_t)ncargo;
    for (int i = 0; i < ncargo; i++)
        c.cargo[i] = (int16_t)cargo[i];
    return c;
}

/* L-4: hold space = hexes the cargo covers (a squadron counts all its ships), total <= capacity;
 * only smaller sizes; launch cost of cargo not paid at loading. */
static void test_L4_transport_capacity_and_sizes(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    int too_much[4] = {f.r_med, f.r_sm1, f.r_sm2, f.r_sm3}; /* 2 + 1 + 1 + 1 = 5 > 4 */
    js_cmd c = carrier_launch(&f, 4, too_much);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int squad_over[2] = {f.r_sq3, f.r_sm1, }; /* 3 ships = 3 hexes, + 1 = 4: fits */
    c = carrier_launch(&f, 2, squad_over);
    assert_int_equal(try_cmd(g, &c), JS_OK);
    int squad_med[2] = {f.r_sq3, f.r_med}; /* 3 + 2 = 5 */
    c = carrier_launch(&f, 2, squad_med);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int large[1] = {f.r_big}; /* large carries medium and small only */
    c = carrier_launch(&f, 1, large);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    /* a medium transport carries small only */
    static const int mat[1][3] = {{9, 12, 1}};
    js_cmd m = launch(JS_SIDE_A, f.r_mtrans, 1, mat);
    m.ncargo = 1;
    m.cargo[0] = (int16_t)f.r_med;
    assert_int_equal(try_cmd(g, &m), JS_ERR_ILLEGAL);
    m.cargo[0] = (int16_t)f.r_sm3;
    assert_int_equal(try_cmd(g, &m), JS_OK);
    /* a card without a hold carries nothing */
    js_cmd n = launch(JS_SIDE_A, f.r_med, 1, mat);
    n.ncargo = 1;
    n.cargo[0] = (int16_t)f.r_sm3;
    assert_int_equal(try_cmd(g, &n), JS_ERR_ILLEGAL);
    int fits[3] = {f.r_med, f.r_sm1, f.r_sm2}; /* 2 + 1 + 1 = 4 */
    c = carrier_launch(&f, 3, fits);
    tl_ok(g, &c);
    tl_ready_both(g);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->energy[JS_SIDE_A], 20); /* 25 - 5: cargo's 3 + 2 + 2 not paid */
    int tship = st->units[f.r_carrier].first_ship;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(st->units[fits[i]].where, JS_AT_CARGO);
        assert_int_equal(st->units[fits[i]].carrier, tship);
    }
    js_game_destroy(g);
    free(f.s);
}

/* L-5: from the next turn, cargo of an active transport launches adjacent to it, paying its cost;
 * cargo never carries cargo. */
static void test_L5_cargo_launch_next_turn_adjacent(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    int cargo[2] = {f.r_sq3, f.r_sm1};
    js_cmd c = carrier_launch(&f, 2, cargo);
    tl_ok(g, &c);
    tl_ready_both(g);
    /* turn 1's command phase is over; turn 2 */
    tl_run_until(g, JS_WAIT_COMMAND);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->turn, 2);
    /* large at centre (5,12) covers (5,11); (5,10) is adjacent to it, (5,9) is not */
    js_cmd l = tl_cmd(JS_CMD_LAUNCH_CARGO, JS_SIDE_A);
    l.unit = (int16_t)f.r_sm1;
    l.nplace = 1;
    l.place[0] = (js_ship_place){tl_hex(5, 9), 1, 5};
    assert_int_equal(try_cmd(g, &l), JS_ERR_ILLEGAL);
    l.place[0].hex = tl_hex(5, 10);
    l.ncargo = 1;
    l.cargo[0] = (int16_t)f.r_sm2;
    assert_int_equal(try_cmd(g, &l), JS_ERR_ILLEGAL); /* cargo never carries cargo */
    l.ncargo = 0;
    tl_ok(g, &l);
    /* the squadron: each ship adjacent to the transport and to another of its ships. Even
     * column 4 at (4,11) is the carrier's NW hex; (3,11), (3,12) hug its west side */
    js_cmd q = tl_cmd(JS_CMD_LAUNCH_CARGO, JS_SIDE_A);
    q.unit = (int16_t)f.r_sq3;
    q.nplace = 3;
    q.place[0] = (js_ship_place){tl_hex(3, 11), 1, 5};
    q.place[1] = (js_ship_place){tl_hex(3, 12), 1, 5};
    q.place[2] = (js_ship_place){tl_hex(2, 12), 1, 5}; /* not adjacent to the transport */
    assert_int_equal(try_cmd(g, &q), JS_ERR_ILLEGAL);
    q.place[2].hex = tl_hex(3, 13);
    tl_ok(g, &q);
    int before = st->energy[JS_SIDE_A];
    tl_ready_both(g);
    assert_int_equal(st->units[f.r_sm1].where, JS_AT_MAP);
    assert_int_equal(st->units[f.r_sq3].where, JS_AT_MAP);
    assert_int_equal(st->energy[JS_SIDE_A], before - 2); /* sm's cost 2; sq3 costs 0 */
    js_game_destroy(g);
    free(f.s);
}

/* L-4: a card that launches by itself this turn cannot also be loaded as cargo; cargo is named
 * once, exists, is the side's own and in its reserve; a hold takes at most JS_MAX_CARGO cards. */
static void test_L4_cargo_refusals(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    static const int alone[1][3] = {{10, 12, 1}};
    js_cmd self = launch(JS_SIDE_A, f.r_sm1, 1, alone);
    tl_ok(g, &self);
    int launching[1] = {f.r_sm1};
    js_cmd c = carrier_launch(&f, 1, launching);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int twice[2] = {f.r_sm2, f.r_sm2};
    c = carrier_launch(&f, 2, twice);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int none[1] = {99};
    c = carrier_launch(&f, 1, none);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int itself[1] = {f.r_carrier};
    c = carrier_launch(&f, 1, itself);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int enemy[1] = {0}; /* B's ship on the map */
    c = carrier_launch(&f, 1, enemy);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = carrier_launch(&f, 1, launching);
    c.ncargo = JS_MAX_CARGO + 1;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    int ok[1] = {f.r_sm2};
    c = carrier_launch(&f, 1, ok);
    assert_int_equal(try_cmd(g, &c), JS_OK);
    /* the digest tells a hold with this cargo from one with other cargo */
    js_game *h = js_game_clone(g);
    tl_ok(g, &c);
    int other[1] = {f.r_sm3};
    c = carrier_launch(&f, 1, other);
    tl_ok(h, &c);
    assert_true(js_game_hash(g) != js_game_hash(h));
    js_game_destroy(h);
    js_game_destroy(g);
    free(f.s);
}

/* L-1, L-2, L-5: launches are refused, with a reason, for a card that is not there or not the
 * side's, not in the reserve, already launching, placed with too few ships, with ships on top of
 * each other or in no phase 1-10; a cargo launch for a card in no hold; a cancel with nothing to
 * cancel. */
static void test_L2_launch_refusals(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    static const int one[1][3] = {{10, 12, 1}};
    js_cmd c = launch(JS_SIDE_A, 99, 1, one);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = launch(JS_SIDE_A, 0, 1, one); /* B's */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = launch(JS_SIDE_A, f.r_sq3, 1, one); /* three ships, one placed */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    static const int stacked[3][3] = {{8, 12, 1}, {8, 12, 1}, {9, 12, 1}};
    c = launch(JS_SIDE_A, f.r_sq3, 3, stacked);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c = launch(JS_SIDE_A, f.r_sm3, 1, one);
    c.place[0].phase = 11;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    c.place[0].phase = 10; /* P-2's last phase */
    assert_int_equal(try_cmd(g, &c), JS_OK);
    c.place[0].phase = 0; /* none named: the default */
    assert_int_equal(try_cmd(g, &c), JS_OK);
    c.place[0].phase = 5;
    c.place[0].facing = 0;
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL); /* facing 1-6 */
    const js_state *st = js_game_state(g);
    js_ship_place p = {tl_hex(10, 12), 1, 5};
    assert_int_equal(js_check_launch_place(st, JS_SIDE_A, 99, NULL, 0, &p, NULL, 0), JS_ERR_ILLEGAL);
    assert_int_equal(js_check_launch_place(st, JS_SIDE_A, f.r_sm3, NULL, 1, &p, NULL, 0), JS_ERR_ILLEGAL);
    assert_int_equal(js_check_launch_place(st, JS_SIDE_A, f.r_sm3, NULL, 0, &p, NULL, 0), JS_OK);
    js_cmd cancel = tl_cmd(JS_CMD_CANCEL_LAUNCH, JS_SIDE_A);
    cancel.unit = 99;
    assert_int_equal(try_cmd(g, &cancel), JS_ERR_ILLEGAL); /* no such card */
    cancel.unit = 0;
    assert_int_equal(try_cmd(g, &cancel), JS_ERR_ILLEGAL); /* B's */
    cancel.unit = (int16_t)f.r_sm3;
    assert_int_equal(try_cmd(g, &cancel), JS_ERR_ILLEGAL); /* nothing to cancel */
    js_cmd cargo = launch(JS_SIDE_A, f.r_sm3, 1, one);
    cargo.type = JS_CMD_LAUNCH_CARGO;
    assert_int_equal(try_cmd(g, &cargo), JS_ERR_ILLEGAL); /* in the reserve, not in a hold */
    c = launch(JS_SIDE_A, f.r_sm3, 1, one);
    tl_ok(g, &c);
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL); /* already launching */
    assert_int_equal(try_cmd(g, &cancel), JS_OK);
    tl_ok(g, &cancel);
    tl_ok(g, &c);
    tl_ready_both(g);
    tl_run_to_plot(g, 2);
    tl_run_until(g, JS_WAIT_COMMAND);
    static const int again[1][3] = {{11, 12, 1}};
    c = launch(JS_SIDE_A, f.r_sm3, 1, again); /* on the map now */
    assert_int_equal(try_cmd(g, &c), JS_ERR_ILLEGAL);
    js_game_destroy(g);
    free(f.s);
}

/* L-5: not in the turn the transport arrived: cargo cannot launch with it. */
static void test_L5_no_cargo_launch_in_arrival_turn(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    js_game *g = tl_game(f.s, NULL, 0);
    int cargo[1] = {f.r_sm1};
    js_cmd c = carrier_launch(&f, 1, cargo);
    tl_ok(g, &c);
    js_cmd l = tl_cmd(JS_CMD_LAUNCH_CARGO, JS_SIDE_A);
    l.unit = (int16_t)f.r_sm1; /* still in the reserve, not yet in a hold */
    l.nplace = 1;
    l.place[0] = (js_ship_place){tl_hex(5, 10), 1, 5};
    assert_int_equal(try_cmd(g, &l), JS_ERR_ILLEGAL);
    js_game_destroy(g);
    free(f.s);
}

/* L-6: cargo is hidden from the other side (not even its count); if its transport is destroyed,
 * all cargo is destroyed and the loss logged. */
static void test_L6_cargo_hidden_and_lost_with_transport(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    /* B's shooter at (5,6) facing S: its missile flies (5,7) .. (5,10), the carrier's north
     * hex (5,11) is the 5th */
    int sh = tl_card(f.s, "shooter", JS_SIZE_SMALL, 1, 2);
    f.s->cards[sh].fwd_launchers = 1;
    f.s->cards[sh].missiles = 1;
    int ush = tl_unit_at(f.s, sh, JS_SIDE_B, 5, 6, 4);
    static const int dice[] = {1}; /* d10 = 1: the carrier is destroyed */
    js_game *g = tl_game(f.s, dice, 1);
    int cargo[2] = {f.r_sm1, f.r_sm2};
    js_cmd c = carrier_launch(&f, 2, cargo);
    tl_ok(g, &c);
    tl_ready(g, JS_SIDE_A); /* B has no reserve: the command phase ends, plotting begins */
    js_view vb, va;
    js_view_build(g, JS_SIDE_B, &vb);
    js_view_build(g, JS_SIDE_A, &va);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(vb.st.units[cargo[i]].where, JS_AT_HIDDEN);
        assert_int_equal(vb.st.units[cargo[i]].def, -1);
        assert_int_equal(vb.st.units[cargo[i]].carrier, -1);
        assert_int_equal(va.st.units[cargo[i]].where, JS_AT_CARGO);
    }
    /* cargo and reserve are counted together: 8 cards - carrier = 7, whatever is loaded */
    assert_int_equal(vb.reserve_count[JS_SIDE_A], 7);
    const js_event *load = tl_last_event(g, JS_EV_LOAD);
    assert_non_null(load);
    assert_false(js_event_visible(load, JS_SIDE_B));
    int ship = js_game_state(g)->units[f.r_sm1].first_ship;
    tl_plot(g, js_game_state(g)->units[ush].first_ship, 0, (js_order){.phase = 5, .msl_fwd = 1});
    tl_run_to_plot(g, 2);
    const js_state *st = js_game_state(g);
    assert_int_equal(st->units[f.r_carrier].where, JS_AT_GONE);
    assert_int_equal(st->units[f.r_sm1].where, JS_AT_GONE);
    assert_int_equal(st->units[f.r_sm2].where, JS_AT_GONE);
    assert_int_equal(st->ships[ship].state, JS_SHIP_DESTROYED);
    int lost = 0;
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        lost += e->type == JS_EV_DESTROYED && !strcmp(e->rule, "L-6") && js_event_visible(e, JS_SIDE_B);
    }
    assert_int_equal(lost, 2);
    /* W-1 for the cargo too: carrier 0 points, two smalls 4 each */
    assert_int_equal(st->points[JS_SIDE_B], 8);
    js_game_destroy(g);
    free(f.s);
}

/* The engine's launch questions for the screens (js_hold_space, js_hold_used, js_check_cargo,
 * js_check_launch_place, js_check_launch_start) give the answer js_check gives on the launch
 * command they stand for: the hold dialog and the placement preview ask them instead of
 * knowing L-2, L-4 and L-5 themselves. */
static void test_L_queries_agree_with_check(void **state)
{
    (void)state;
    hold_fx f;
    hold_setup(&f);
    tl_terrain(f.s, 7, 12, "rock", 1, 0, 0);
    js_game *g = tl_game(f.s, NULL, 0);
    const js_state *st = js_game_state(g);
    char why[JS_REASON_LEN];
    /* L-4 hold space: hexes covered, a squadron counting all its ships */
    assert_int_equal(js_hold_space(&st->scn.cards[f.sm]), 1);
    assert_int_equal(js_hold_space(&st->scn.cards[f.med]), 2);
    assert_int_equal(js_hold_space(&st->scn.cards[f.sq3]), 3);
    assert_int_equal(js_hold_space(&st->scn.cards[f.carrier]), 7);
    /* the hold: every cargo list gets js_check's answer, and a reason when refused */
    const int lists[][5] = {
        {0},
        {1, f.r_sm1},
        {4, f.r_med, f.r_sm1, f.r_sm2, f.r_sm3},  /* 5 > 4 */
        {2, f.r_sq3, f.r_sm1},                    /* 4: fits */
        {2, f.r_sq3, f.r_med},                    /* 5 */
        {1, f.r_big},                             /* not smaller */
        {2, f.r_sm2, f.r_sm2},                    /* twice */
        {1, f.r_carrier},                         /* itself */
        {3, f.r_med, f.r_sm1, f.r_sm2},           /* 4: fits */
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        int16_t cargo[4];
        for (int k = 0; k < lists[i][0]; k++)
            cargo[k] = (int16_t)lists[i][k + 1];
        js_cmd c = carrier_launch(&f, lists[i][0], &lists[i][1]);
        js_status want = try_cmd(g, &c);
        why[0] = 0;
        assert_int_equal(js_check_cargo(st, JS_SIDE_A, f.r_carrier, cargo, lists[i][0], why, sizeof why), want);
        assert_true(want == JS_OK || strncmp(why, "L-4: ", 5) == 0);
    }
    /* a zone launch of one ship: every hex and facing gets js_check's answer (the rock, B's ship
     * in the corner, the zone's edge and the map's edge included); then again with a pending
     * launch on the board */
    for (int pass = 0; pass < 2; pass++) {
        const int units[2] = {f.r_sm1, f.r_med};
        for (int u = 0; u < 2; u++)
            for (int r = 0; r < 14; r++)
                for (int col = 0; col < 14; col++)
                    for (int fc = 1; fc <= 6; fc++) {
                        const int at[1][3] = {{col, r, fc}};
                        js_cmd c = launch(JS_SIDE_A, units[u], 1, at);
                        assert_int_equal(js_check_launch_place(st, JS_SIDE_A, units[u], NULL, 0, &c.place[0], why,
                                                               sizeof why),
                                         try_cmd(g, &c));
                    }
        if (pass == 0) {
            static const int at[1][3] = {{3, 12, 1}};
            js_cmd c = launch(JS_SIDE_A, f.r_sm3, 1, at);
            tl_ok(g, &c);
        }
    }
    /* a squadron's later ship may not overlap one already placed; beside it is fine */
    js_ship_place first = {tl_hex(10, 12), 1, 5}, same = first, next = {tl_hex(11, 12), 1, 5};
    assert_int_equal(js_check_launch_place(st, JS_SIDE_A, f.r_sq3, &first, 1, &same, why, sizeof why),
                     JS_ERR_ILLEGAL);
    assert_int_equal(js_check_launch_place(st, JS_SIDE_A, f.r_sq3, &first, 1, &next, why, sizeof why), JS_OK);
    /* E-2: what the launches leave; a launch starts only when it can pay */
    assert_int_equal(js_launch_energy(st, JS_SIDE_A), st->energy[JS_SIDE_A] - st->scn.cards[f.sm].launch_cost);
    assert_int_equal(js_check_launch_start(st, JS_SIDE_A, f.r_carrier, false, why, sizeof why), JS_OK);
    assert_int_equal(js_check_launch_start(st, JS_SIDE_A, f.r_sm3, false, why, sizeof why), JS_ERR_ILLEGAL);
    /* the carrier goes with two cards; in its arrival turn its cargo cannot launch (L-5) */
    int cargo[2] = {f.r_med, f.r_sm1};
    js_cmd c = carrier_launch(&f, 2, cargo);
    tl_ok(g, &c);
    tl_ready_both(g);
    int tship = st->units[f.r_carrier].first_ship, n = 0;
    assert_int_equal(js_hold_used(st, tship, &n), 3);
    assert_int_equal(n, 2);
    tl_run_until(g, JS_WAIT_COMMAND);
    assert_int_equal(st->turn, 2);
    assert_int_equal(js_check_launch_start(st, JS_SIDE_A, f.r_sm1, true, why, sizeof why), JS_OK);
    assert_int_equal(js_check_launch_start(st, JS_SIDE_A, f.r_sm1, false, why, sizeof why), JS_ERR_ILLEGAL);
    /* a cargo launch of one ship: beside the transport, every hex and facing as js_check says */
    for (int r = 0; r < 14; r++)
        for (int col = 0; col < 14; col++)
            for (int fc = 1; fc <= 6; fc++) {
                js_cmd l = tl_cmd(JS_CMD_LAUNCH_CARGO, JS_SIDE_A);
                l.unit = (int16_t)f.r_med;
                l.nplace = 1;
                l.place[0] = (js_ship_place){tl_hex(col, r), (int8_t)fc, 5};
                assert_int_equal(js_check_launch_place(st, JS_SIDE_A, f.r_med, NULL, 0, &l.place[0], why, sizeof why),
                                 try_cmd(g, &l));
            }
    js_game_destroy(g);
    free(f.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_L1_reserve_hidden_from_other_side),
        cmocka_unit_test(test_L2_launch_placement_rules),
        cmocka_unit_test(test_L3_no_room),
        cmocka_unit_test(test_L4_transport_capacity_and_sizes),
        cmocka_unit_test(test_L5_cargo_launch_next_turn_adjacent),
        cmocka_unit_test(test_L5_no_cargo_launch_in_arrival_turn),
        cmocka_unit_test(test_L4_cargo_refusals),
        cmocka_unit_test(test_L2_launch_refusals),
        cmocka_unit_test(test_L6_cargo_hidden_and_lost_with_transport),
        cmocka_unit_test(test_L_queries_agree_with_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
