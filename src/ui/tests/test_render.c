/* test_render.c — the battlefield renderer draws what a view holds, where it belongs: starting
 * zones in their side's tint, a large ship over its seven hexes, a disabled ship looking
 * different, nothing for cards that are not on the map; and the camera's pixel <-> hex mapping. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "board/board_int.h" /* the terrain cache */
#include "board/devview.h"
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1100, H = 800, MW = 30, MH = 20 };

static tk K;
static js_view *V;
static ui_board *B;
static ui_camera CAM;

/* The board of v through cam on black, no overlay. */
static void draw_cam(const ui_camera *cam, const js_view *v)
{
    ui_clear(K.g.r, ui_col(0, 0, 0, 255));
    ui_overlay o;
    ui_overlay_clear(&o);
    ui_board_draw(B, cam, v, &o);
    SDL_RenderFlush(K.g.r);
}

static void draw(const js_view *v) { draw_cam(&CAM, v); }

/* CAM zoomed by z about the window's centre. */
static ui_camera zoomed(double z)
{
    ui_camera cam = CAM;
    ui_cam_zoom_at(&cam, z, W / 2, H / 2);
    return cam;
}

/* v: the dev view with nothing on the map but its terrain (no ship, pod or missile). */
static void emptied(js_view *v)
{
    memcpy(v, V, sizeof *v);
    for (int i = 0; i < v->st.nships; i++)
        v->st.ships[i].on_map = 0;
    memset(v->st.pods, 0, sizeof v->st.pods);
    memset(v->st.missiles, 0, sizeof v->st.missiles);
}

static void centre(js_hex h, int *x, int *y)
{
    float fx, fy;
    ui_cam_hex_to_screen(&CAM, h, &fx, &fy);
    *x = (int)(fx + 0.5f);
    *y = (int)(fy + 0.5f);
}

static int setup(void **state)
{
    (void)state;
    if (!tk_open(&K, W, H))
        return -1;
    V = malloc(sizeof *V);
    ui_dev_view(V, MW, MH, 0);
    B = ui_board_create(&K.g);
    ui_cam_init(&CAM, (SDL_Rect){0, 0, W, H});
    ui_cam_fit(&CAM, MW, MH);
    return V && B ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ui_board_destroy(B);
    free(V);
    tk_close(&K);
    return 0;
}

/* An empty hex of a side's starting zone shows that side's colour; open space shows neither. */
static void test_zone_tint(void **state)
{
    (void)state;
    draw(V);
    int x, y;
    /* (1, MH-1) is in A's zone (blue), (1, 0) in B's (red); both empty in the dev view */
    centre(js_hex_from_offset(1, MH - 1), &x, &y);
    ui_rgba a = tk_px(&K, x, y);
    centre(js_hex_from_offset(1, 0), &x, &y);
    ui_rgba b = tk_px(&K, x, y);
    centre(js_hex_from_offset(1, MH / 2), &x, &y);
    int idx = (MH / 2) * MW + 1;
    assert_int_equal(V->st.scn.terrain[idx], 0); /* the check below needs open space */
    ui_rgba open = tk_px(&K, x, y);
    ui_rgba ca = ui_side_col(&V->st.scn, 0), cb = ui_side_col(&V->st.scn, 1);
    assert_true(ca.b > ca.r && cb.r > cb.b);
    print_message("zone A %d,%d,%d  zone B %d,%d,%d  open %d,%d,%d\n", a.r, a.g, a.b, b.r, b.g, b.b, open.r, open.g, open.b);
    assert_true(a.b > a.r + 30);     /* A's zone: blue tint */
    assert_true(b.r > b.b + 20);     /* B's zone: red tint */
    assert_true(a.b > open.b + 15);  /* stronger than plain space */
    assert_true(b.r > open.r + 15);
}

/* A large ship covers its seven hexes: each footprint centre changes when the ship is drawn,
 * the ring of hexes beyond it does not, and its outer hexes carry the side's tint. */
static void test_large_ship_footprint(void **state)
{
    (void)state;
    js_view *without = malloc(sizeof *without);
    *without = *V;
    without->st.ships[0].on_map = 0; /* ship 0 is A's large carrier */
    without->st.units[without->st.ships[0].unit].where = JS_AT_RESERVE;
    draw(without);
    SDL_Surface *empty = tk_copy(&K);
    draw(V);
    SDL_Surface *full = tk_copy(&K);
    js_hex fp[7];
    int n = js_footprint(JS_SIZE_LARGE, V->st.ships[0].pos, V->st.ships[0].facing, fp);
    assert_int_equal(n, 7);
    int R = (int)CAM.zoom;
    for (int i = 0; i < 7; i++) {
        int x, y;
        centre(fp[i], &x, &y);
        /* the hex's inner part (not just one pixel) is drawn over */
        int d = tk_diff(empty, full, (SDL_Rect){x - R / 3, y - R / 3, 2 * (R / 3), 2 * (R / 3)}, 12);
        assert_true(d > (R / 3) * (R / 3));
    }
    /* the second ring is untouched */
    js_hex c = V->st.ships[0].pos;
    for (int dir = 1; dir <= 6; dir++) {
        js_hex h = js_hex_neighbor(js_hex_neighbor(c, dir), dir);
        int x, y;
        centre(h, &x, &y);
        assert_int_equal(tk_diff(empty, full, (SDL_Rect){x - 2, y - 2, 5, 5}, 12), 0);
    }
    /* an outer footprint hex, near its far corner, is tinted blue */
    {
        float fx, fy;
        double wx, wy;
        ui_cam_hex_world(fp[4], &wx, &wy); /* the S neighbour */
        ui_cam_world_to_screen(&CAM, wx, wy + 0.62, &fx, &fy);
        ui_rgba p = tk_px(&K, (int)fx, (int)fy);
        assert_true(p.b > p.r + 25);
    }
    SDL_FreeSurface(empty);
    SDL_FreeSurface(full);
    free(without);
}

static int count_hazard(const tk *k, int cx, int cy, int rad)
{
    int n = 0;
    for (int y = cy - rad; y <= cy + rad; y++)
        for (int x = cx - rad; x <= cx + rad; x++) {
            ui_rgba p = tk_px(k, x, y);
            if (p.r > 200 && p.g > 120 && p.g < 200 && p.b < 90)
                n++;
        }
    return n;
}

/* A disabled ship looks disabled: greyed, with an orange hazard ring an active one lacks. */
static void test_disabled_look(void **state)
{
    (void)state;
    js_view *active = malloc(sizeof *active);
    *active = *V;
    assert_int_equal(V->st.ships[2].state, JS_SHIP_DISABLED); /* ship 2: B's disabled lancer */
    active->st.ships[2].state = JS_SHIP_ACTIVE;
    int x, y, R = (int)CAM.zoom;
    centre(V->st.ships[2].pos, &x, &y);
    draw(active);
    SDL_Surface *a = tk_copy(&K);
    int hz_active = count_hazard(&K, x, y, R);
    draw(V);
    SDL_Surface *d = tk_copy(&K);
    int hz_disabled = count_hazard(&K, x, y, R);
    assert_true(tk_diff(a, d, (SDL_Rect){x - R, y - R, 2 * R, 2 * R}, 20) > R * R / 4);
    print_message("hazard pixels: active %d, disabled %d\n", hz_active, hz_disabled);
    assert_true(hz_disabled > 20 + hz_active);
    SDL_FreeSurface(a);
    SDL_FreeSurface(d);
    free(active);
}

/* Cards not on the map (reserve, holds, hidden) are never drawn, even with a position set. */
static void test_reserve_not_drawn(void **state)
{
    (void)state;
    draw(V);
    SDL_Surface *before = tk_copy(&K);
    js_view *more = malloc(sizeof *more);
    *more = *V;
    int id = ui_dev_add_ship(more, 2, 1, 4, MH / 2, 4, 5);
    more->st.ships[id].on_map = 0;
    more->st.units[more->st.ships[id].unit].where = JS_AT_RESERVE;
    draw(more);
    SDL_Surface *after = tk_copy(&K);
    assert_int_equal(tk_diff(before, after, (SDL_Rect){0, 0, W, H}, 0), 0);
    more->st.units[more->st.ships[id].unit].where = JS_AT_HIDDEN;
    more->st.units[more->st.ships[id].unit].def = -1;
    draw(more);
    SDL_Surface *hidden = tk_copy(&K);
    assert_int_equal(tk_diff(before, hidden, (SDL_Rect){0, 0, W, H}, 0), 0);
    SDL_FreeSurface(before);
    SDL_FreeSurface(after);
    SDL_FreeSurface(hidden);
    free(more);
}

/* Pixel <-> hex: every hex centre maps back to its hex, and so do points well inside it,
 * at several zooms and after a pan. */
static void test_camera_round_trip(void **state)
{
    (void)state;
    ui_camera c;
    ui_cam_init(&c, (SDL_Rect){10, 40, 900, 700});
    ui_cam_fit(&c, MW, MH);
    for (int pass = 0; pass < 3; pass++) {
        for (int col = 0; col < MW; col++)
            for (int row = 0; row < MH; row++) {
                js_hex h = js_hex_from_offset(col, row);
                float x, y;
                ui_cam_hex_to_screen(&c, h, &x, &y);
                for (int k = 0; k < 6; k++) {
                    double a = k * 1.0471975512, rr = k ? 0.7 * c.zoom * 0.866 : 0;
                    js_hex g = ui_cam_screen_to_hex(&c, x + rr * cos(a), y + rr * sin(a));
                    assert_true(js_hex_eq(g, h));
                }
                int cc, rw;
                js_hex_to_offset(ui_cam_screen_to_hex(&c, x, y), &cc, &rw);
                assert_int_equal(cc, col);
                assert_int_equal(rw, row);
            }
        ui_cam_zoom_at(&c, 1.7, 300, 200);
        ui_cam_pan(&c, -37, 18);
    }
    /* zooming keeps the point under the cursor still */
    double wx0, wy0, wx1, wy1;
    ui_cam_screen_to_world(&c, 420, 333, &wx0, &wy0);
    ui_cam_zoom_at(&c, 1.3, 420, 333);
    ui_cam_screen_to_world(&c, 420, 333, &wx1, &wy1);
    assert_true(fabs(wx0 - wx1) < 1e-9 && fabs(wy0 - wy1) < 1e-9);
}

/* The facing arrow at the bow is never under the phase badge, the pips or the stack badge: for
 * each facing, a small and a medium ship alone on the map, at a zoom that shows the numbers,
 * still show the arrow's colour where the arrow is (the badge used to sit on it facing NW, the
 * pips facing S). */
static void test_facing_arrow_never_under_a_badge(void **state)
{
    (void)state;
    js_view *v = malloc(sizeof *v);
    assert_non_null(v);
    ui_camera cam = zoomed(1.6);
    int bad = 0;
    for (int def = 0; def <= 1; def++) /* 0: small, 1: medium */
        for (int f = 1; f <= 6; f++) {
            emptied(v);
            js_hex at = js_hex_from_offset(MW / 2, MH / 2);
            int id = ui_dev_add_ship(v, def, 0, MW / 2, MH / 2, f, 7);
            assert_int_equal(v->st.ships[id].facing, f);
            draw_cam(&cam, v);
            float x, y;
            ui_cam_hex_to_screen(&cam, at, &x, &y);
            double a = (f - 1) * 1.0471975512;
            float ax = x + (float)(sin(a) * 0.84 * cam.zoom), ay = y - (float)(cos(a) * 0.84 * cam.zoom);
            ui_rgba want = ui_col_shade(ui_side_col(&v->st.scn, 0), 0.2f), got = tk_px(&K, (int)ax, (int)ay);
            int d = abs(got.r - want.r) + abs(got.g - want.g) + abs(got.b - want.b);
            if (d > 60) {
                print_message("facing %d (%s ship): the arrow at %.0f,%.0f shows %d,%d,%d, not %d,%d,%d\n", f,
                              def ? "medium" : "small", ax, ay, got.r, got.g, got.b, want.r, want.g, want.b);
                bad++;
            }
        }
    free(v);
    assert_int_equal(bad, 0);
}

/* The box around the pixels that differ between two pictures inside rc ({0,0,0,0}: none). */
static SDL_Rect diff_box(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect rc)
{
    int x0 = INT_MAX, y0 = INT_MAX, x1 = -1, y1 = -1;
    for (int y = rc.y; y < rc.y + rc.h; y++)
        for (int x = rc.x; x < rc.x + rc.w; x++)
            if (tk_diff(a, b, (SDL_Rect){x, y, 1, 1}, 12)) {
                x0 = x < x0 ? x : x0;
                y0 = y < y0 ? y : y0;
                x1 = x > x1 ? x : x1;
                y1 = y > y1 ? y : y1;
            }
    return x1 < 0 ? (SDL_Rect){0, 0, 0, 0} : (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

/* Three ships on one hex (a jump point's arrivals, a crowded battle): each one's phase badge
 * and pips are drawn where the others' are not, and none covers the first ship's. They all
 * used to sit on one spot, the last drawn hiding the rest. Each ship's phase is changed in turn:
 * what changes on screen is its own badge, apart from the others' and from the first's. */
static void test_stacked_ships_each_readable(void **state)
{
    (void)state;
    js_view *v = malloc(sizeof *v);
    assert_non_null(v);
    ui_camera cam = zoomed(1.8);
    for (int f = 1; f <= 6; f++) {
        emptied(v);
        int id[3];
        for (int k = 0; k < 3; k++)
            id[k] = ui_dev_add_ship(v, 0, 0, MW / 2, MH / 2, f, 5);
        float hx, hy;
        ui_cam_hex_to_screen(&cam, js_hex_from_offset(MW / 2, MH / 2), &hx, &hy);
        int R = (int)cam.zoom;
        SDL_Rect near = {(int)hx - 2 * R, (int)hy - 2 * R, 4 * R, 4 * R};
        SDL_Surface *pic[4];
        draw_cam(&cam, v);
        pic[0] = tk_copy(&K);
        for (int k = 0; k < 3; k++) { /* ship k's phase, 5 -> 2 */
            v->st.ships[id[k]].phase = 2;
            draw_cam(&cam, v);
            pic[k + 1] = tk_copy(&K);
        }
        if (getenv("JS_TEST_SHOTS") && f == 1)
            IMG_SavePNG(pic[0], "stacked_ships.png");
        SDL_Rect box[3];
        for (int k = 0; k < 3; k++) {
            box[k] = diff_box(pic[k], pic[k + 1], near);
            if (box[k].w == 0)
                fail_msg("facing %d: the phase of ship %d of 3 on the hex does not show", f, k + 1);
        }
        for (int k = 0; k < 3; k++)
            for (int j = k + 1; j < 3; j++)
                if (SDL_HasIntersection(&box[k], &box[j]))
                    fail_msg("facing %d: the badges of ships %d and %d on one hex overlap (%d,%d %dx%d and %d,%d %dx%d)",
                             f, k + 1, j + 1, box[k].x, box[k].y, box[k].w, box[k].h, box[j].x, box[j].y, box[j].w,
                             box[j].h);
        for (int k = 0; k < 4; k++)
            SDL_FreeSurface(pic[k]);
        /* the hover list names every one of them, with its phase */
        char lines[12][96];
        int n = ui_board_describe_hex(v, js_hex_from_offset(MW / 2, MH / 2), lines, 12), named = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 3; k++) {
                char want[16];
                snprintf(want, sizeof want, "(#%d): phase", id[k]);
                named += strstr(lines[i], want) != NULL;
            }
        assert_int_equal(named, 3);

        /* a pod group and a missile in a ship's hex keep off its phase badge (a pod sat on it) */
        for (int k = 1; k < 3; k++)
            v->st.ships[id[k]].on_map = 0;
        v->st.ships[id[0]].phase = 5;
        draw_cam(&cam, v);
        SDL_Surface *alone = tk_copy(&K);
        v->st.ships[id[0]].phase = 2;
        draw_cam(&cam, v);
        SDL_Surface *two = tk_copy(&K);
        SDL_Rect badge = diff_box(alone, two, near);
        v->st.ships[id[0]].phase = 5;
        js_podgroup *pg = &v->st.pods[0];
        pg->alive = 1;
        pg->side = 1;
        pg->controller = (int16_t)id[0];
        pg->pos = js_hex_from_offset(MW / 2, MH / 2);
        pg->pods = 3;
        js_missile *m = &v->st.missiles[0];
        m->alive = 1;
        m->side = 1;
        m->facing = 4;
        m->pos = pg->pos;
        draw_cam(&cam, v);
        SDL_Surface *crowd = tk_copy(&K);
        int covered = tk_diff(alone, crowd, badge, 12);
        if (covered)
            fail_msg("facing %d: a pod group and a missile in the ship's hex cover %d pixels of its phase badge", f,
                     covered);
        SDL_FreeSurface(alone);
        SDL_FreeSurface(two);
        SDL_FreeSurface(crowd);
    }
    free(v);
}

/* A pan scrolls the terrain cache as a ring and draws only the strips that came into view; the
 * picture after a run of pans (both ways, wrapping the ring) must be the one a full redraw gives. */
static void test_pan_scroll_matches_a_full_redraw(void **state)
{
    (void)state;
    ui_camera cam = zoomed(1.8);
    js_view *empty = malloc(sizeof *empty); /* the terrain alone: counters are drawn fresh anyway */
    assert_non_null(empty);
    emptied(empty);
    empty->st.nsites = 0;
    ui_overlay o;
    ui_overlay_clear(&o);
    static const int steps[][2] = {{37, -23}, {-90, 11}, {5, 140}, {-300, -200}, {411, 3}, {-2, -380}, {250, 250}};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        ui_cam_pan(&cam, steps[k][0], steps[k][1]);
        SDL_SetRenderDrawColor(K.g.r, 0, 0, 0, 255);
        SDL_RenderClear(K.g.r);
        ui_board_draw(B, &cam, empty, &o);
    }
    SDL_RenderFlush(K.g.r);
    SDL_Surface *scrolled = tk_copy(&K);
    ui_board_invalidate(B);
    SDL_SetRenderDrawColor(K.g.r, 0, 0, 0, 255);
    SDL_RenderClear(K.g.r);
    ui_board_draw(B, &cam, empty, &o);
    SDL_RenderFlush(K.g.r);
    SDL_Surface *full = tk_copy(&K);
    if (getenv("JS_TEST_SHOTS")) {
        IMG_SavePNG(scrolled, "pan_scrolled.png");
        IMG_SavePNG(full, "pan_full.png");
    }
    /* 32: the terrain cache keeps 5-6-5 bits a colour (board_terrain.c), so an anti-aliased edge
     * pixel at a strip's seam can round one step (8) further than with 8 bits a colour */
    int bad = tk_diff(scrolled, full, (SDL_Rect){0, 0, W, H}, 32);
    print_message("pixels that differ after the pans: %d of %d\n", bad, W * H);
    assert_true(bad < W * H / 2000); /* a few edge pixels at most */
    SDL_FreeSurface(scrolled);
    SDL_FreeSurface(full);
    free(empty);
}

/* Memory (docs/performance.md): the terrain cache, the largest picture the game keeps (the
 * viewport's size), holds 2 bytes a pixel; the fonts open stay few however many sizes the
 * board's labels go through while zooming, and a size closed is opened again when wanted. */
static void test_caches_stay_small(void **state)
{
    (void)state;
    draw(V);
    Uint32 fmt;
    int w, h;
    assert_non_null(B->cache);
    assert_int_equal(SDL_QueryTexture(B->cache, &fmt, NULL, &w, &h), 0);
    assert_int_equal(SDL_BYTESPERPIXEL(fmt), 2);
    assert_int_equal(w, CAM.vp.w);
    for (int px = 8; px < 120; px += 2) /* a zoom through every label size */
        ui_text_draw(K.g.text, UI_FONT_MONO, px, "12", ui_col(255, 255, 255, 255), 0, 0, UI_AL_LEFT);
    assert_true(ui_text_fonts_open(K.g.text) <= 14);
    int tw, th;
    ui_text_size(K.g.text, UI_FONT_MONO, 8, "12", &tw, &th); /* the first size, closed since */
    assert_true(tw > 0 && th > 0);
}

/* A tooltip covered the hex a lesson rang (the beacon, under a greyed button's reason): it now
 * takes another corner of the pointer when its own would cover what it must keep clear of, and
 * stays where it was when nothing is in the way. */
static void test_tooltip_keeps_off_what_a_lesson_points_at(void **state)
{
    (void)state;
    const char *tip = "The lesson keeps this closed for this step: do what the box says";
    SDL_Rect free_rc = ui_tooltip_avoid(K.g.text, K.g.r, 600, 300, &tip, 1, W, H, (SDL_Rect){0, 0, 0, 0});
    SDL_Rect ring = {free_rc.x + 20, free_rc.y + 2, 90, 90}; /* what the default place covers */
    SDL_Rect moved = ui_tooltip_avoid(K.g.text, K.g.r, 600, 300, &tip, 1, W, H, ring);
    assert_false(SDL_HasIntersection(&moved, &ring));
    assert_int_equal(moved.w, free_rc.w);
    assert_true(moved.x >= 0 && moved.y >= 0 && moved.x + moved.w <= W && moved.y + moved.h <= H);
    /* a tip wider than the gap on either side of the pointer, over a ring under the pointer */
    const char *wide = "The lesson keeps this closed for this step: do what the box under the map says (Esc leaves "
                       "the lesson).";
    SDL_Rect under = {560, 290, 80, 80};
    SDL_Rect w2 = ui_tooltip_avoid(K.g.text, K.g.r, 900, 279, &wide, 1, W, H, under);
    assert_false(SDL_HasIntersection(&w2, &under));
    SDL_Rect far = {10, 700, 40, 40}; /* out of the way: the usual place */
    SDL_Rect same = ui_tooltip_avoid(K.g.text, K.g.r, 600, 300, &tip, 1, W, H, far);
    assert_int_equal(same.x, free_rc.x);
    assert_int_equal(same.y, free_rc.y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caches_stay_small),
        cmocka_unit_test(test_zone_tint),
        cmocka_unit_test(test_large_ship_footprint),
        cmocka_unit_test(test_disabled_look),
        cmocka_unit_test(test_facing_arrow_never_under_a_badge),
        cmocka_unit_test(test_stacked_ships_each_readable),
        cmocka_unit_test(test_pan_scroll_matches_a_full_redraw),
        cmocka_unit_test(test_reserve_not_drawn),
        cmocka_unit_test(test_camera_round_trip),
        cmocka_unit_test(test_tooltip_keeps_off_what_a_lesson_points_at),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
