/* test_hotseat.c — hotseat secrecy, drawn offscreen: after side A commits its plots the
 * handover screen comes up before anything of B's view is built, and B's plotting screen (also
 * with A's ship selected and hovered) is pixel-identical whatever A plotted (RULES P-5, X-2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle/battle.h"
#include "battle/battle_int.h" /* the handover button's place (B_HANDOVER_GO) */
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1280, H = 800, VARIANTS = 3 };

static tk K;
static js_scenario *SCN;

static int setup(void **state)
{
    (void)state;
    return tk_setup_scenario(&K, W, H, "duel.json", &SCN);
}

static int teardown(void **state)
{
    (void)state;
    return tk_teardown_scenario(&K, SCN);
}

static SDL_Surface *shot(ui_battle *b)
{
    ui_battle_draw(b);
    return tk_copy(&K);
}

static void plot(ui_battle *b, int side, int ship, js_order o)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = JS_CMD_PLOT;
    c.side = (int8_t)side;
    c.unit = (int16_t)ship;
    c.slot = 2;
    c.order = o;
    char why[JS_REASON_LEN];
    js_status s = ui_battle_apply(b, &c, why, sizeof why);
    if (s != JS_OK)
        fail_msg("plot refused: %s", why);
}

/* Plays A's plotting in one of three ways, then hands over to B. Returns B's screens. */
static void run_variant(int v, SDL_Surface **handover, SDL_Surface **bplot, SDL_Surface **bsel, SDL_Surface **aplot)
{
    ui_battle_cfg cfg = tk_battle_cfg(SCN, JS_DICE_SEEDED, 42);
    ui_battle *b = tk_battle(&K, &cfg, W, H);
    assert_true(ui_battle_in_handover(b)); /* the game opens on A's handover */
    ui_battle_take_handover(b);
    const js_view *view = ui_battle_view(b);
    assert_int_equal(view->viewer, JS_SIDE_A);
    assert_int_equal(view->wait.kind, JS_WAIT_PLOT);
    /* A's ships: find them in A's own view */
    int a0 = -1, a1 = -1;
    for (int i = 0; i < view->st.nships; i++)
        if (view->st.ships[i].side == JS_SIDE_A && view->st.ships[i].on_map) {
            if (a0 < 0)
                a0 = i;
            else
                a1 = i;
        }
    assert_true(a0 >= 0 && a1 >= 0);
    js_order o0 = view->st.ships[a0].plan[2], o1 = view->st.ships[a1].plan[2];
    if (v == 1) {
        o0.turn = 1;
        o0.move = 2;
        plot(b, JS_SIDE_A, a0, o0);
    } else if (v == 2) {
        o1.move = 1;
        o1.astern = 1;
        o1.phase = (int8_t)(o1.phase < 10 ? o1.phase + 1 : o1.phase - 1);
        o1.msl_fwd = 1;
        plot(b, JS_SIDE_A, a1, o1);
        o0.move = 1;
        plot(b, JS_SIDE_A, a0, o0);
    }
    /* A looks at its own plot (selects its ship): this screen may differ between variants */
    int x, y;
    ui_battle_hex_screen(b, view->st.ships[a0].pos, &x, &y);
    tk_mouse(b, SDL_MOUSEMOTION, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONDOWN, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONUP, x, y);
    *aplot = shot(b);
    js_hex a0pos = view->st.ships[a0].pos;
    char err[256];
    js_cmd ready;
    memset(&ready, 0, sizeof ready);
    ready.type = JS_CMD_READY;
    ready.side = JS_SIDE_A;
    assert_int_equal(ui_battle_apply(b, &ready, err, sizeof err), JS_OK);
    ui_battle_sync(b, false);
    /* the handover comes first, and B's view has not been built yet */
    assert_true(ui_battle_in_handover(b));
    assert_int_equal(ui_battle_view(b)->viewer, JS_SIDE_A);
    *handover = shot(b);
    /* a stray mouse move does not pass it, nor the release of a click made before it appeared
     * (the last "click to skip" of a resolution), nor a click beside its button, nor Enter the
     * moment it appears; a click on its button does */
    const ui_button *go = NULL;
    for (int i = 0; i < b->buttons.n; i++)
        if (b->buttons.b[i].id == B_HANDOVER_GO)
            go = &b->buttons.b[i];
    assert_non_null(go);
    int gx = go->rc.x + go->rc.w / 2, gy = go->rc.y + go->rc.h / 2;
    tk_mouse(b, SDL_MOUSEMOTION, 10, 10);
    assert_true(ui_battle_in_handover(b));
    tk_mouse(b, SDL_MOUSEBUTTONUP, gx, gy); /* in flight: its press came before the screen */
    assert_true(ui_battle_in_handover(b));
    tk_mouse(b, SDL_MOUSEBUTTONDOWN, 20, 20);
    tk_mouse(b, SDL_MOUSEBUTTONUP, 20, 20);
    assert_true(ui_battle_in_handover(b));
    SDL_Event k = ui_key_event(SDLK_RETURN, 0);
    b->handover_at = SDL_GetTicks(); /* as if it had just gone up */
    ui_battle_event(b, &k);
    assert_true(ui_battle_in_handover(b));
    tk_mouse(b, SDL_MOUSEBUTTONDOWN, gx, gy);
    tk_mouse(b, SDL_MOUSEBUTTONUP, gx, gy);
    assert_false(ui_battle_in_handover(b));
    assert_int_equal(ui_battle_view(b)->viewer, JS_SIDE_B);
    tk_mouse(b, SDL_MOUSEMOTION, 5, H - 5);
    *bplot = shot(b);
    /* B selects and hovers A's ship: its panel and tooltip show only public facts */
    ui_battle_hex_screen(b, a0pos, &x, &y);
    tk_mouse(b, SDL_MOUSEMOTION, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONDOWN, x, y);
    tk_mouse(b, SDL_MOUSEBUTTONUP, x, y);
    *bsel = shot(b);
    ui_battle_destroy(b);
}

static void test_b_sees_nothing_of_a_plots(void **state)
{
    (void)state;
    SDL_Surface *h[VARIANTS], *p[VARIANTS], *s[VARIANTS], *a[VARIANTS];
    for (int v = 0; v < VARIANTS; v++)
        run_variant(v, &h[v], &p[v], &s[v], &a[v]);
    if (getenv("JS_TEST_SHOTS")) { /* for looking at them */
        IMG_SavePNG(h[1], "hotseat_handover.png");
        IMG_SavePNG(p[1], "hotseat_b_plot.png");
        IMG_SavePNG(s[1], "hotseat_b_selects_a.png");
        IMG_SavePNG(a[1], "hotseat_a_plot.png");
        IMG_SavePNG(a[0], "hotseat_a_plot0.png");
    }
    SDL_Rect all = {0, 0, W, H};
    /* the test can see a difference: A's own screens differ between the variants */
    assert_true(tk_diff(a[0], a[1], all, 0) > 100);
    assert_true(tk_diff(a[0], a[2], all, 0) > 100);
    for (int v = 1; v < VARIANTS; v++) {
        assert_int_equal(tk_diff(h[0], h[v], all, 0), 0);
        assert_int_equal(tk_diff(p[0], p[v], all, 0), 0);
        assert_int_equal(tk_diff(s[0], s[v], all, 0), 0);
    }
    /* and B's screen is not A's */
    assert_true(tk_diff(a[0], p[0], all, 0) > 100);
    for (int v = 0; v < VARIANTS; v++) {
        SDL_FreeSurface(h[v]);
        SDL_FreeSurface(p[v]);
        SDL_FreeSurface(s[v]);
        SDL_FreeSurface(a[v]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_b_sees_nothing_of_a_plots),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
