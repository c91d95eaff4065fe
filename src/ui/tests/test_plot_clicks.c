/* test_plot_clicks.c — plotting with the mouse, drawn offscreen (RULES P-2, P-4): a pod launch's
 * three directions are set by clicking neighbouring hexes on the map, one after another. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle/battle.h"
#include "battle/battle_int.h"
#include "battle/bt_parts.h" /* the plot draft (bt_plot_slot) */
#include "battle/bt_panel.h"
#include "ui_testkit.h"

enum { W = 1280, H = 800 };

static tk K;

/* The duel's scenario, for a test that changes it before the battle opens. */
static js_scenario *duel(void)
{
    js_scenario *scn = tk_scenario("duel.json", NULL, 0);
    assert_non_null(scn);
    return scn;
}

/* The duel, A to plot turn 1 at the controls: what most tests here start from (*scn is the
 * scenario; done frees both). */
static ui_battle *open_duel(js_scenario **scn)
{
    *scn = duel();
    return tk_battle_at_controls(&K, *scn, 3, W, H);
}

static void done(ui_battle *b, js_scenario *scn)
{
    ui_battle_destroy(b);
    free(scn);
}

/* A's first ship on the map, not skip, of size (-1: any) and, with pods, one that carries pod
 * squadrons; the test fails without one. */
static int a_ship(const js_state *st, int size, bool pods, int skip)
{
    for (int i = 0; i < st->nships; i++) {
        const js_card_def *d = js_ship_card(st, i);
        if (i != skip && st->ships[i].side == JS_SIDE_A && st->ships[i].on_map && d &&
            (size < 0 || d->size == size) && (!pods || d->pod_squadrons > 0))
            return i;
    }
    fail_msg("no ship of A's on the map of size %d%s", size, pods ? " with pods" : "");
    return -1;
}

static void test_P2_pod_directions_by_clicking_neighbours(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_view *v = ui_battle_view(b);
    int ship = a_ship(&v->st, -1, true, -1); /* a ship that carries pod squadrons */
    js_hex pos = v->st.ships[ship].pos;
    tk_click_hex(b, pos);
    tk_click_button(b, B_PODS, 1);   /* one pod squadron */
    tk_click_button(b, B_POD_AIM, 0);
    /* the group starts at the bow (V-5) and its path is clicked step by step: NE, N, NW */
    js_hex h1 = js_hex_neighbor(pos, 2), h2 = js_hex_neighbor(h1, 1), h3 = js_hex_neighbor(h2, 6);
    tk_click_hex(b, h1);
    tk_click_hex(b, h2);
    tk_click_hex(b, h3);
    v = ui_battle_view(b);
    const js_order *o = &v->st.ships[ship].plan[0];
    assert_int_equal(o->pods, 1);
    assert_int_equal(o->pod_dir[0], 2);
    assert_int_equal(o->pod_dir[1], 1);
    assert_int_equal(o->pod_dir[2], 6);
    assert_int_equal(o->move, 0); /* the clicks aimed the pods; they did not set a move */
    done(b, scn);
}

/* P-2: a new pod group's directions start where the ship will face in the plotted turn (after
 * its turn), not where it faces today: a Lancer facing N and plotted to turn starboard was
 * offered N, N, N for pods launched after it faced NE. */
static void test_P2_pod_directions_start_at_the_plotted_facing(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_view *v = ui_battle_view(b);
    int ship = a_ship(&v->st, -1, true, -1);
    int f = v->st.ships[ship].facing;
    tk_click_hex(b, v->st.ships[ship].pos);
    tk_click_button(b, B_TURN, 1); /* starboard */
    tk_click_button(b, B_PODS, 1);
    const js_order *o = &ui_battle_view(b)->st.ships[ship].plan[bt_plot_slot(b)];
    assert_int_equal(o->turn, 1);
    assert_int_equal(o->pods, 1);
    for (int k = 0; k < 3; k++)
        assert_int_equal(o->pod_dir[k], js_dir_wrap(f + 1));
    done(b, scn);
}

/* The panel and the overlay share one projection of the selected ship's plan: frames drawn with
 * nothing changed project nothing again, and a changed order is projected at the next frame
 * (its ghost and the pods' default directions follow it, as the test above checks). */
static void test_plan_projected_once_per_change(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_view *v = ui_battle_view(b);
    int ship = a_ship(&v->st, -1, false, -1);
    tk_click_hex(b, v->st.ships[ship].pos);
    ui_battle_draw(b);
    long n0 = bt_plot_projections(b);
    assert_true(n0 >= 1);
    for (int k = 0; k < 3; k++)
        ui_battle_draw(b);
    assert_int_equal(bt_plot_projections(b), n0);
    tk_click_button(b, B_TURN, 1); /* starboard: the plan changed */
    ui_battle_draw(b);
    long n1 = bt_plot_projections(b);
    assert_true(n1 > n0);
    ui_battle_draw(b);
    assert_int_equal(bt_plot_projections(b), n1);
    done(b, scn);
}

static int terrain_by_look(const js_scenario *s, const char *look)
{
    for (int t = 0; t < s->nterrain; t++)
        if (!strcmp(s->terrain_types[t].look, look))
            return t;
    return -1;
}

static uint8_t mark_at(const ui_battle *b, js_hex h)
{
    const js_state *st = &ui_battle_view(b)->st;
    int c, r;
    js_hex_to_offset(h, &c, &r);
    return b->marks[r * st->scn.width + c];
}

/* V-3, C-1: the previews tell what will really happen. A move plotted into an asteroid field two
 * hexes ahead marks the asteroid hex that stops it (the ghost stops before it); a forward missile
 * aimed into a nebula three hexes ahead marks the nebula hex where it is lost, not a hex beyond
 * (before, the line always ran five hexes and nothing was marked). */
static void test_V3_C1_previews_stop_where_the_rules_stop(void **state)
{
    (void)state;
    js_scenario *scn = duel();
    /* A's first ship, facing north: asteroids 2 ahead, and a nebula 3 ahead on the next column */
    int rock = terrain_by_look(scn, "asteroids"), neb = terrain_by_look(scn, "nebula");
    assert_true(rock > 0 && neb > 0);
    int u = -1;
    for (int i = 0; i < scn->nunits && u < 0; i++)
        if (scn->units[i].side == JS_SIDE_A && scn->units[i].where == JS_AT_MAP)
            u = i;
    js_ship_place *pl = &scn->units[u].place[0];
    pl->facing = 1;
    js_hex ahead2 = js_hex_neighbor(js_hex_neighbor(pl->hex, 1), 1);
    js_hex msl3 = js_hex_neighbor(ahead2, 1); /* the missile's path runs on from the bow */
    int c, r;
    js_hex_to_offset(ahead2, &c, &r);
    scn->terrain[r * scn->width + c] = (uint8_t)rock;
    js_hex_to_offset(msl3, &c, &r);
    scn->terrain[r * scn->width + c] = (uint8_t)neb;
    ui_battle *b = tk_battle_at_controls(&K, scn, 3, W, H);
    int ship = ui_battle_view(b)->st.units[u].first_ship;
    tk_click_hex(b, pl->hex);
    tk_click_button(b, B_MOVE, 1);
    tk_click_button(b, B_MOVE, 1);
    tk_click_button(b, B_MOVE, 1);
    assert_int_equal(ui_battle_view(b)->st.ships[ship].plan[0].move, 3);
    assert_int_equal(mark_at(b, ahead2), UI_MARK_ILLEGAL);
    tk_click_button(b, B_MOVE, -1);
    tk_click_button(b, B_MOVE, -1);
    tk_click_button(b, B_MOVE, -1); /* no move: the missile leaves from where the ship is */
    tk_click_button(b, B_MSL_FWD, 1);
    assert_int_equal(ui_battle_view(b)->st.ships[ship].plan[0].msl_fwd, 1);
    /* the asteroids do not stop missiles in the duel? then the nebula behind them does */
    const js_terrain_type *tt = &scn->terrain_types[rock];
    js_hex lost = tt->blocks_missiles ? ahead2 : msl3;
    assert_int_equal(mark_at(b, lost), UI_MARK_ILLEGAL);
    uint8_t beyond = mark_at(b, js_hex_neighbor(lost, 1)); /* the move line may run on; no end */
    assert_true(beyond != UI_MARK_ILLEGAL && beyond != UI_MARK_TARGET);
    done(b, scn);
}

static js_hex steps(js_hex h, int dir, int n)
{
    for (int i = 0; i < n; i++)
        h = js_hex_neighbor(h, dir);
    return h;
}

/* A click on an empty hex that is no move used to drop the selection without a word. Now the
 * ship stays selected and a note by the pointer says why (the rule in words, its ID as a tag):
 * a hex off the ship's line, one on it but beyond its move, and a greyed button's reason. */
static void test_wrong_clicks_explain_themselves(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_state *st = &ui_battle_view(b)->st;
    int ship = a_ship(st, JS_SIZE_SMALL, false, -1);
    js_hex pos = st->ships[ship].pos;
    int f = st->ships[ship].facing, move = js_ship_card(st, ship)->move;
    tk_click_hex(b, pos);
    assert_int_equal(bt_sel_ship(b), ship);

    /* off the line: two hexes to the side */
    js_hex side = steps(pos, js_dir_wrap(f + 2), 2);
    assert_true(js_hex_on_map(st, side) && bt_hex_empty(b, side));
    int x, y;
    ui_battle_hex_screen(b, side, &x, &y);
    tk_click(b, x, y);
    assert_int_equal(bt_sel_ship(b), ship); /* still selected */
    assert_true(b->toast_t > 0);
    assert_non_null(strstr(b->toast, "moves only straight ahead"));
    assert_int_equal(b->toast_x, x); /* by the pointer, not at the foot of the board */
    assert_int_equal(b->toast_y, y);
    for (int i = 0; i < JS_PLAN_DEPTH; i++)
        assert_int_equal(ui_battle_view(b)->st.ships[ship].plan[i].move, 0);

    /* on the line, beyond its move */
    js_hex far = steps(pos, f, move + 2);
    if (!js_hex_on_map(st, far) || !bt_hex_empty(b, far))
        far = steps(pos, js_dir_opposite(f), move + 2);
    assert_true(js_hex_on_map(st, far) && bt_hex_empty(b, far));
    tk_click_hex(b, far);
    assert_int_equal(bt_sel_ship(b), ship);
    char want[120];
    snprintf(want, sizeof want, "at most %d hex", move);
    assert_non_null(strstr(b->toast, "Out of reach"));
    assert_non_null(strstr(b->toast, want));

    /* a greyed button: its reason by the button, the rule ID out of the sentence */
    int mf = 0;
    while (mf < 8 && ui_battle_view(b)->st.ships[ship].plan[JS_PLAN_DEPTH - 1].msl_fwd == mf) {
        const ui_button *plus = NULL;
        for (int i = 0; i < b->buttons.n; i++)
            if (b->buttons.b[i].id == B_MSL_FWD && b->buttons.b[i].arg == 1)
                plus = &b->buttons.b[i];
        assert_non_null(plus);
        if (!plus->enabled) {
            int bx = plus->rc.x + plus->rc.w / 2, by = plus->rc.y + plus->rc.h / 2;
            char tip[JS_REASON_LEN];
            snprintf(tip, sizeof tip, "%s", plus->tip);
            tk_click(b, bx, by);
            const char *colon = strstr(tip, ": ");
            assert_non_null(colon);
            assert_int_equal((int)strlen(b->toast_rule), (int)(colon - tip));
            assert_int_equal(strncmp(b->toast_rule, tip, strlen(b->toast_rule)), 0);
            assert_string_equal(b->toast + 1, colon + 3);
            assert_int_equal(b->toast_x, bx);
            break;
        }
        tk_click(b, plus->rc.x + plus->rc.w / 2, plus->rc.y + plus->rc.h / 2);
        mf++;
    }
    assert_true(mf < 8);
    done(b, scn);
}

/* A click on the selected frigate's own stern hex (its counter covers it) silently plotted F(1)
 * astern. It now selects, as a click on any counter does, plots nothing, and says how a move of
 * one hex astern is given; that hex is not marked as a place to go. A hex astern beyond the
 * counter still plots the move. */
static void test_own_stern_click_plots_nothing(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_state *st = &ui_battle_view(b)->st;
    int ship = a_ship(st, JS_SIZE_MEDIUM, false, -1);
    js_hex pos = st->ships[ship].pos;
    int f = st->ships[ship].facing;
    js_hex stern = js_hex_neighbor(pos, js_dir_opposite(f));
    tk_click_hex(b, pos);
    assert_int_equal(bt_sel_ship(b), ship);
    assert_int_not_equal(mark_at(b, stern), UI_MARK_CHOICE);
    assert_int_equal(mark_at(b, steps(pos, js_dir_opposite(f), 2)), UI_MARK_CHOICE);
    tk_click_hex(b, stern);
    assert_int_equal(bt_sel_ship(b), ship);
    for (int i = 0; i < JS_PLAN_DEPTH; i++)
        assert_int_equal(ui_battle_view(b)->st.ships[ship].plan[i].move, 0);
    assert_true(b->toast_t > 0);
    assert_non_null(strstr(b->toast, "plots no move"));
    assert_non_null(strstr(b->toast, "Direction: astern"));
    assert_string_equal(b->tip_shown, ""); /* the hex's tooltip does not cover the note */
    int x, y;
    ui_battle_hex_screen(b, pos, &x, &y);
    tk_hover(b, x, y); /* the mouse moves on (to the bow): tooltips again */
    assert_string_not_equal(b->tip_shown, "");
    /* two hexes astern: past the counter, a move */
    tk_click_hex(b, steps(pos, js_dir_opposite(f), 2));
    const js_order *o = &ui_battle_view(b)->st.ships[ship].plan[bt_plot_slot(b)];
    assert_int_equal(o->move, 2);
    assert_int_equal(o->astern, 1);
    done(b, scn);
}

/* A big fleet by mouse: "Repeat last turn" gives a new ship's first-turn orders again for the
 * turns after, each checked by the engine (a turn repeated is refused by P-3, named with the
 * ship and the reason); "All hold" plots every ship left as it stands, and Ready then asks
 * about none of them. */
static void test_fleet_repeat_and_hold(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_state *st = &ui_battle_view(b)->st;
    int lancer = a_ship(st, JS_SIZE_MEDIUM, false, -1), other = a_ship(st, -1, false, lancer);
    js_hex pos = st->ships[lancer].pos;
    int f = st->ships[lancer].facing;
    tk_click_hex(b, pos);
    tk_click_hex(b, steps(pos, f, 2)); /* F(2) in turn 1 */
    tk_click_button(b, B_FLEET_REPEAT, 0);
    st = &ui_battle_view(b)->st;
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        assert_int_equal(st->ships[lancer].plan[k].move, 2);
    assert_true(st->ships[other].plan[0].move == 0 && !st->ships[other].plotted); /* nothing to repeat */
    char what[600];
    assert_true(ui_battle_unplotted(b, what, sizeof what) > 0); /* the other ship has no orders */
    tk_click_button(b, B_FLEET_HOLD, 0);
    assert_true(ui_battle_view(b)->st.ships[other].plotted);
    assert_int_equal(ui_battle_unplotted(b, what, sizeof what), 0);
    ui_battle_destroy(b);

    /* a turn in turn 1 cannot be repeated in turn 2 (P-3): refused, with the ship and the rule */
    b = tk_battle_at_controls(&K, scn, 3, W, H);
    tk_click_hex(b, pos);
    tk_click_button(b, B_TURN, 1);
    tk_click_button(b, B_FLEET_REPEAT, 0);
    st = &ui_battle_view(b)->st;
    assert_int_equal(st->ships[lancer].plan[1].turn, 0);
    assert_non_null(strstr(b->toast, "refused"));
    assert_non_null(strstr(b->toast, "Lancer"));
    assert_non_null(strstr(b->toast, "P-3"));
    done(b, scn);
}

/* Several ships at once: Shift-click adds a ship to the selected one, and a change on the
 * panel goes to each, checked for each by the engine. */
static void test_shift_click_gives_one_order_to_several(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_state *st = &ui_battle_view(b)->st;
    int a0 = a_ship(st, -1, false, -1), a1 = a_ship(st, -1, false, a0);
    tk_click_hex(b, st->ships[a0].pos);
    SDL_SetModState(KMOD_LSHIFT);
    tk_click_hex(b, st->ships[a1].pos);
    SDL_SetModState(KMOD_NONE);
    assert_int_equal(bt_sel_ship(b), a0); /* the selected one stays; the other is picked with it */
    assert_true(bt_picked(b, a1));
    tk_click_button(b, B_MOVE, 1);
    tk_click_button(b, B_MOVE, 1);
    st = &ui_battle_view(b)->st;
    assert_int_equal(st->ships[a0].plan[bt_plot_slot(b)].move, 2);
    assert_int_equal(st->ships[a1].plan[bt_plot_slot(b)].move, 2);
    assert_non_null(strstr(b->toast, "Also given to 1 ship"));
    /* a plain click on another ship: it is chosen alone */
    tk_click_hex(b, st->ships[a1].pos);
    assert_false(bt_picked(b, a1));
    done(b, scn);
}

/* W-2: on turn 9 of 10, Ready warned that ships "have no orders for turn 11", a turn that is never
 * played. In a duel cut to two turns: new ships are asked for turns 1 to 2 (not 1 to 3), and on
 * the last turn the established ships are asked for nothing (not for turn 4). */
static void test_W2_no_orders_asked_past_the_last_turn(void **state)
{
    (void)state;
    js_scenario *scn = duel();
    scn->turn_limit = 2;
    ui_battle *b = tk_battle_at_controls(&K, scn, 3, W, H);
    char what[600];
    assert_true(ui_battle_unplotted(b, what, sizeof what) > 0);
    assert_non_null(strstr(what, "no orders for turns 1 to 2:"));
    for (int side = 0; side < JS_SIDES; side++) { /* both Ready with nothing plotted */
        js_cmd ready;
        memset(&ready, 0, sizeof ready);
        ready.type = JS_CMD_READY;
        ready.side = (int8_t)side;
        char err[256];
        assert_int_equal(ui_battle_apply(b, &ready, err, sizeof err), JS_OK);
    }
    ui_battle_sync(b, true);
    const js_view *v = ui_battle_view(b);
    assert_int_equal(v->st.turn, 2);
    assert_int_equal(v->wait.kind, JS_WAIT_PLOT);
    assert_true(b->actor >= 0);
    assert_int_equal(ui_battle_unplotted(b, what, sizeof what), 0);
    assert_string_equal(what, "");
    done(b, scn);
}

/* P-6: a disabled ship executes nothing, so selecting it shows no plotted ghost; the hover list
 * explains every mark on its counter (the phase badge, the facing arrow, the pips, DISABLED),
 * and a hex on a section line says it is one (G-7). */
static void test_P6_disabled_ship_no_ghost_and_badges_explained(void **state)
{
    (void)state;
    js_scenario *scn = duel();
    int u = -1, u2 = -1;
    for (int i = 0; i < scn->nunits; i++)
        if (scn->units[i].side == JS_SIDE_A && scn->units[i].where == JS_AT_MAP)
            u < 0 ? (void)(u = i) : u2 < 0 ? (void)(u2 = i) : (void)0;
    assert_true(u >= 0 && u2 >= 0);
    scn->position.nships = 1; /* Z-36: A's first ship starts disabled */
    scn->position.ships[0].unit = (int16_t)u;
    scn->position.ships[0].set = JS_SET_STATE;
    scn->position.ships[0].state = JS_SHIP_DISABLED;
    ui_battle *b = tk_battle_at_controls(&K, scn, 3, W, H);
    const js_state *st = &ui_battle_view(b)->st;
    int dis = st->units[u].first_ship, act = st->units[u2].first_ship;
    assert_int_equal(st->ships[dis].state, JS_SHIP_DISABLED);
    /* the active ship with a move plotted: its ghost is there (the check can see one) */
    tk_click_hex(b, st->ships[act].pos);
    tk_click_button(b, B_MOVE, 1);
    ui_overlay o;
    ui_overlay_clear(&o);
    bt_overlay(b, &o);
    assert_true(o.nghosts > 0);
    /* the disabled one: its frozen plan (P-6) draws no ghost */
    tk_click_hex(b, st->ships[dis].pos);
    assert_int_equal(bt_sel_ship(b), dis);
    ui_overlay_clear(&o);
    bt_overlay(b, &o);
    assert_int_equal(o.nghosts, 0);
    /* the hover list names every mark */
    char lines[12][96];
    int n = ui_board_describe_hex(ui_battle_view(b), st->ships[dis].pos, lines, 12);
    bool badge = false, pips = false, label = false;
    for (int i = 0; i < n; i++) {
        badge |= strstr(lines[i], "round badge") && strstr(lines[i], "its phase") && strstr(lines[i], "facing");
        pips |= strstr(lines[i], "shields") && strstr(lines[i], "hull");
        label |= strstr(lines[i], "DISABLED") != NULL;
    }
    assert_true(badge && pips && label);
    js_hex line = js_hex_from_offset(st->scn.section_c1, st->scn.height / 2);
    n = ui_board_describe_hex(ui_battle_view(b), line, lines, 12);
    assert_non_null(strstr(lines[n - 1], "Section line"));
    done(b, scn);
}

/* A plotted missile's flight never reads as the dashed section line it may run along. In the
 * duel both of A's ships start on the section-line columns facing north, so a forward missile's
 * line ran down the middle of the gold dashes in a near colour and could not be told apart.
 * Now a flight is solid and ends in a head wider than any line: pixels of the missile's colour
 * beside the line's axis, just short of where it is spent. */
static int missile_px(const tk *k, int x0, int x1, int y0, int y1)
{
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            ui_rgba p = tk_px(k, x, y);
            n += p.r > 200 && p.g > 110 && p.g < 200 && p.b < 110;
        }
    return n;
}

/* A hex is named one way everywhere: the hover tooltip and the map's labels say "(7,5)" as the
 * log and the panels do (they said "0705", the wargame's four digits, beside a log of "(7,5)"). */
static void test_hexes_named_as_the_log_names_them(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    int hits = 0;
    for (int row = 0; row < scn->height; row++) /* every hex with something to say (terrain) */
        for (int col = 0; col < scn->width; col++) {
            js_hex h = js_hex_from_offset(col, row);
            float x, y;
            ui_cam_hex_to_screen(&b->cam, h, &x, &y);
            tk_hover(b, (int)x, (int)y);
            char want[16];
            snprintf(want, sizeof want, "(%d,%d) ", col, row);
            if (!b->tip_shown[0] || strncmp(b->tip_shown, "(", 1) != 0)
                continue; /* nothing (open space), or a counter's lines first */
            if (strncmp(b->tip_shown, want, strlen(want)) != 0)
                fail_msg("hovering hex (%d,%d) the tooltip reads \"%s\"", col, row, b->tip_shown);
            hits++;
        }
    assert_true(hits > 5);
    done(b, scn);
}

static void test_C1_missile_flight_is_not_a_section_line(void **state)
{
    (void)state;
    js_scenario *scn;
    ui_battle *b = open_duel(&scn);
    const js_state *st = &ui_battle_view(b)->st;
    int ship = -1;
    for (int i = 0; i < st->nships && ship < 0; i++) {
        int c, r;
        js_hex_to_offset(st->ships[i].pos, &c, &r);
        if (st->ships[i].side == JS_SIDE_A && st->ships[i].on_map && st->ships[i].facing == 1 &&
            (c == st->scn.section_c1 || c == st->scn.section_c2))
            ship = i;
    }
    assert_true(ship >= 0); /* the case that misled: a ship on a section line, facing along it */
    tk_click_hex(b, st->ships[ship].pos);
    tk_click_button(b, B_MSL_FWD, 1);
    st = &ui_battle_view(b)->st;
    assert_int_equal(st->ships[ship].plan[0].msl_fwd, 1);
    js_ship_place pl = {st->ships[ship].pos, st->ships[ship].facing, st->ships[ship].phase};
    js_missile_path mp;
    js_missile_flight(st, js_missile_origin(js_ship_card(st, ship)->size, pl, false), 1, -1, &mp);
    assert_true(mp.n >= 3);
    float ex, ey;
    ui_cam_hex_to_screen(&b->cam, mp.hex[mp.n - 1], &ex, &ey);
    tk_hover(b, 2, 2); /* no tooltip over the end of the line */
    ui_battle_draw(b);
    SDL_RenderFlush(K.g.r);
    int R = (int)b->cam.zoom, x = (int)ex, y = (int)ey;
    /* beside the axis (the line is R*0.08+1.5 wide), within half a hex short of the tip */
    int beside = missile_px(&K, x - R / 3, x - R / 7, y, y + R / 2) + missile_px(&K, x + R / 7, x + R / 3, y, y + R / 2);
    print_message("missile-coloured pixels beside the flight's end: %d (R %d)\n", beside, R);
    assert_true(beside > R / 2);
    done(b, scn);
}

int main(void)
{
    if (!tk_open(&K, W, H))
        return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_P2_pod_directions_by_clicking_neighbours),
                                       cmocka_unit_test(test_P2_pod_directions_start_at_the_plotted_facing),
                                       cmocka_unit_test(test_plan_projected_once_per_change),
                                       cmocka_unit_test(test_V3_C1_previews_stop_where_the_rules_stop),
                                       cmocka_unit_test(test_wrong_clicks_explain_themselves),
                                       cmocka_unit_test(test_own_stern_click_plots_nothing),
                                       cmocka_unit_test(test_W2_no_orders_asked_past_the_last_turn),
                                       cmocka_unit_test(test_fleet_repeat_and_hold),
                                       cmocka_unit_test(test_shift_click_gives_one_order_to_several),
                                       cmocka_unit_test(test_P6_disabled_ship_no_ghost_and_badges_explained),
                                       cmocka_unit_test(test_C1_missile_flight_is_not_a_section_line),
                                       cmocka_unit_test(test_hexes_named_as_the_log_names_them)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    tk_close(&K);
    return rc;
}
