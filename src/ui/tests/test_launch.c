/* test_launch.c — launching with the mouse, drawn offscreen (RULES L-2, L-4): in the carrier
 * strike, side A picks its carrier from the reserve; the green hexes of the placement preview are
 * exactly the hexes where the launch would be accepted, a click elsewhere says why (the engine's
 * reason), and the hold dialog offers each card exactly when the engine would take the hold with
 * it, saying why not on the ones it refuses. Launch commits the carrier and its cargo.
 * With JS_TEST_SHOTS set the screens are saved as PNGs (launch_place.png, launch_hold.png). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL_image.h>
#include "battle/battle.h"
#include "battle/battle_int.h"
#include "battle/bt_parts.h" /* the launch draft (bt_launch_placing) */
#include "ui_testkit.h"

enum { W = 1280, H = 800 };

static tk K;

static void shot(const char *name)
{
    if (!getenv("JS_TEST_SHOTS"))
        return;
    SDL_Surface *s = tk_copy(&K);
    IMG_SavePNG(s, name);
    SDL_FreeSurface(s);
}

/* A's zone launch of `unit` with one ship at h facing `facing`, and the picked cargo. */
/* The facing the next ship of the card being placed takes. */
static int place_facing(const ui_battle *b)
{
    int facing = 0;
    bt_launch_placing(b, NULL, &facing);
    return facing;
}

static js_cmd launch_cmd(int unit, js_hex h, int facing, const bool *pick, int nunits)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = JS_CMD_LAUNCH;
    c.side = JS_SIDE_A;
    c.unit = (int16_t)unit;
    c.nplace = 1;
    c.place[0] = (js_ship_place){h, (int8_t)facing, 0};
    for (int u = 0; u < nunits && c.ncargo < JS_MAX_CARGO; u++)
        if (pick[u])
            c.cargo[c.ncargo++] = (int16_t)u;
    return c;
}

static void test_L2_L4_launch_preview_and_hold_ask_the_engine(void **state)
{
    (void)state;
    js_scenario *scn = tk_scenario("carrier_strike.json", NULL, 0);
    assert_non_null(scn);
    ui_battle *b = tk_battle_at_controls(&K, scn, 3, W, H);
    js_game *g = ui_battle_game(b);
    const js_state *st = &ui_battle_view(b)->st;
    assert_int_equal(st->phase, JS_PHASE_COMMAND);
    int carrier = -1; /* A's card with the largest hold */
    for (int u = 0; u < st->nunits; u++)
        if (st->units[u].side == JS_SIDE_A && st->units[u].where == JS_AT_RESERVE &&
            (carrier < 0 || st->scn.cards[st->units[u].def].capacity > st->scn.cards[st->units[carrier].def].capacity))
            carrier = u;
    assert_true(carrier >= 0);
    assert_int_equal(st->scn.cards[st->units[carrier].def].ships, 1);
    assert_true(st->scn.cards[st->units[carrier].def].capacity > 0);
    tk_click_button(b, B_RESERVE_CARD, carrier);
    assert_int_equal(bt_launch_placing(b, NULL, NULL), carrier);

    /* the preview: a hex is green exactly when the launch there would be accepted */
    bool none[JS_MAX_UNITS] = {false};
    int green = 0, outside = -1;
    for (int r = 0; r < st->scn.height; r++)
        for (int c = 0; c < st->scn.width; c++) {
            js_hex h = js_hex_from_offset(c, r);
            js_cmd l = launch_cmd(carrier, h, place_facing(b), none, 0);
            bool ok = js_check(g, &l, NULL, 0) == JS_OK;
            assert_int_equal(b->marks[r * st->scn.width + c] == UI_MARK_LEGAL, ok);
            green += ok;
            if (!ok && outside < 0 && js_hex_on_map(st, h) && !(st->scn.zone[r * st->scn.width + c] & JS_ZONE_A))
                outside = r * st->scn.width + c;
        }
    assert_true(green > 0);
    shot("launch_place.png");
    /* a click on a hex the engine refuses: nothing placed, and its reason on the screen */
    assert_true(outside >= 0);
    js_hex far = js_hex_from_offset(outside % st->scn.width, outside / st->scn.width);
    tk_click_hex(b, far);
    int placed = -1;
    bt_launch_placing(b, &placed, NULL);
    assert_int_equal(placed, 0);
    assert_true(b->toast_t > 0);
    char want[JS_REASON_LEN];
    js_cmd l = launch_cmd(carrier, far, place_facing(b), none, 0);
    js_check(g, &l, want, sizeof want); /* "L-2: ..." shows as the sentence with a rule tag */
    const char *colon = strstr(want, ": ");
    assert_non_null(colon);
    assert_int_equal((int)strlen(b->toast_rule), (int)(colon - want));
    assert_int_equal(strncmp(b->toast_rule, want, strlen(b->toast_rule)), 0);
    assert_string_equal(b->toast + 1, colon + 3);

    /* a green hex: the ship goes there and the hold dialog opens (L-4) */
    js_hex at = far;
    for (int i = 0; i < st->scn.width * st->scn.height; i++)
        if (b->marks[i] == UI_MARK_LEGAL) {
            at = js_hex_from_offset(i % st->scn.width, i / st->scn.width);
            break;
        }
    int facing = place_facing(b);
    tk_click_hex(b, at);
    assert_true(bt_launch_hold_open(b));
    shot("launch_hold.png");
    /* add cards one by one while the dialog offers any: every offer is what the engine would take,
     * and a card it would not take is greyed with the engine's reason */
    int refused = 0, loaded = 0;
    for (int round = 0; round < JS_MAX_UNITS; round++) {
        int next = -1;
        for (int u = 0; u < st->nunits; u++) {
            const ui_button *bt = tk_button(b, B_HOLD_TOGGLE, u);
            if (!bt || bt_launch_hold_picks(b)[u])
                continue;
            bool pick[JS_MAX_UNITS];
            memcpy(pick, bt_launch_hold_picks(b), sizeof pick);
            pick[u] = true;
            js_cmd with = launch_cmd(carrier, at, facing, pick, st->nunits);
            char reason[JS_REASON_LEN] = "";
            bool ok = js_check(g, &with, reason, sizeof reason) == JS_OK;
            assert_int_equal(bt->enabled, ok);
            if (!ok) {
                assert_string_equal(bt->tip, reason);
                refused++;
            } else if (next < 0) {
                next = u;
            }
        }
        if (next < 0)
            break;
        tk_click_button(b, B_HOLD_TOGGLE, next);
        assert_true(bt_launch_hold_picks(b)[next]);
        loaded++;
    }
    assert_true(loaded > 0);
    assert_true(refused > 0); /* the hold fills up, or a card is not smaller than the carrier */
    tk_click_button(b, B_HOLD_OK, 0);
    assert_false(bt_launch_hold_open(b));
    st = &ui_battle_view(b)->st;
    assert_int_equal(st->npending[JS_SIDE_A], 1);
    assert_int_equal(st->pending[JS_SIDE_A][0].unit, carrier);
    assert_int_equal(st->pending[JS_SIDE_A][0].ncargo, loaded);
    ui_battle_destroy(b);
    free(scn);
}

int main(void)
{
    if (!tk_open(&K, W, H))
        return 1;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_L2_L4_launch_preview_and_hold_ask_the_engine)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    tk_close(&K);
    return rc;
}
