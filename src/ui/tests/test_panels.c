/* test_panels.c — the battle's panels at every UI scale, offscreen:
 *  - the log wraps a long line onto the following lines instead of cutting it at the panel's
 *    edge (no text in the panel's right margin), in the battle and in the replay viewer;
 *  - each event is wrapped once: drawing again does no wrapping work; a new width wraps again;
 *  - the top bar's "whose decision" text is always on screen, clear of the rest of the bar, at
 *    100 %, 125 %, 150 %, 175 % and 200 % UI scale.
 * With JS_TEST_SHOTS set the screens are saved as PNGs for looking at. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "battle/battle_int.h"
#include "battle/bt_parts.h" /* the pod attack draft (bt_decide_aim) */
#include "battle/logwrap.h"
#include "screens/ui_replay.h"
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1280, H = 800 };

static tk K;
static js_scenario *SCN;
static jsd_record *DEMO_REC;
static char SCN_PATH[1024], DEMO[1024];

static int setup(void **state)
{
    (void)state;
    if (!tk_open(&K, W, H))
        return -1;
    SCN = tk_scenario("duel.json", SCN_PATH, sizeof SCN_PATH);
    tk_source_path("scenarios/demos/duel.json", DEMO, sizeof DEMO);
    jsd_error err;
    DEMO_REC = SCN ? jsd_record_load(DEMO, &err) : NULL;
    if (SCN && !DEMO_REC)
        fprintf(stderr, "%s\n", err.msg);
    return SCN && DEMO_REC ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ui_scale = 1.0f;
    free(SCN);
    jsd_record_free(DEMO_REC);
    tk_close(&K);
    return 0;
}

/* The duel after the demo's first n commands, on the screen of whoever decides next. */
static ui_battle *play(int n)
{
    ui_battle_cfg cfg = tk_battle_cfg(SCN, DEMO_REC->dice_kind, DEMO_REC->seed);
    cfg.scenario_path = SCN_PATH;
    ui_battle *b = tk_battle(&K, &cfg, W, H);
    for (int i = 0; i < n && i < DEMO_REC->ncmds; i++) {
        char why[JS_REASON_LEN];
        assert_int_equal(ui_battle_apply(b, &DEMO_REC->cmds[i], why, sizeof why), JS_OK);
    }
    ui_battle_sync(b, true);
    return b;
}

/* Bright (text) pixels in a rectangle. */
static int text_px(SDL_Rect rc)
{
    int n = 0;
    for (int y = rc.y; y < rc.y + rc.h; y++)
        for (int x = rc.x; x < rc.x + rc.w; x++) {
            ui_rgba c = tk_px(&K, x, y);
            if (c.r + c.g + c.b > 300)
                n++;
        }
    return n;
}

static SDL_Rect right_margin(SDL_Rect log)
{
    int pad = ui_px(8);
    return (SDL_Rect){log.x + log.w - pad + 2, log.y + ui_px(30), pad - 4, log.h - ui_px(36)};
}

/* The wrapping itself: every line fits, nothing is lost, words are not cut when they fit. */
static void test_wrap_cache(void **state)
{
    (void)state;
    ui_logwrap *w = ui_logwrap_create();
    const char *text = "J-8: Lancer Frigate (#0) captures Hadar Reach's centre jump point: +2 points (2) "
                       "and a word-that-is-far-too-long-to-fit-on-any-line-of-this-narrow-panel-at-all ok";
    const char *lines;
    int width = 180;
    int n = ui_logwrap_get(w, K.g.text, UI_FONT_SANS, 12, width, 5, text, &lines);
    assert_true(n >= 3);
    assert_true(lines != text);
    size_t letters = 0;
    const char *p = lines;
    for (int i = 0; i < n; i++) {
        int tw, th;
        ui_text_size(K.g.text, UI_FONT_SANS, 12, p, &tw, &th);
        assert_true(tw <= width);
        for (const char *q = p; *q; q++)
            letters += *q != ' ';
        if (i > 0)
            assert_int_equal(strncmp(p, "    ", 4), 0); /* continuation lines are indented */
        p += strlen(p) + 1;
    }
    size_t want = 0;
    for (const char *q = text; *q; q++)
        want += *q != ' ';
    assert_int_equal(letters, want);
    long work = ui_logwrap_work(w);
    assert_int_equal(ui_logwrap_get(w, K.g.text, UI_FONT_SANS, 12, width, 5, text, &lines), n);
    assert_int_equal(ui_logwrap_work(w), work); /* cached */
    assert_int_equal(ui_logwrap_get(w, K.g.text, UI_FONT_SANS, 12, width, 5, "short", &lines), 1);
    assert_int_equal(ui_logwrap_work(w), work + 1); /* another text at that index: wrapped again */
    assert_string_equal(lines, "short");
    assert_int_equal(ui_logwrap_get(w, K.g.text, UI_FONT_SANS, 12, width * 3, 5, "short", &lines), 1);
    assert_int_equal(ui_logwrap_work(w), work + 2); /* another width */
    assert_int_equal(ui_logwrap_get(w, K.g.text, UI_FONT_SANS, 12, width, 900, "", &lines), 1);
    ui_logwrap_destroy(w);
}

/* The battle's log: long lines wrap (nothing in the right margin), wrapped once. */
static void test_battle_log_wraps(void **state)
{
    (void)state;
    static const float scales[] = {1.0f, 2.0f};
    for (int s = 0; s < 2; s++) {
        ui_scale = scales[s];
        ui_battle *b = play(DEMO_REC->ncmds / 3);
        if (ui_battle_in_handover(b))
            ui_battle_take_handover(b);
        ui_battle_draw(b);
        long work = ui_logwrap_work(b->logwrap);
        assert_true(work > 0);
        /* at least one visible event is wider than the panel (so wrapping is exercised) */
        int widest = 0;
        for (int i = 0; i < js_log_count(b->game); i++) {
            int tw, th;
            ui_text_size(K.g.text, UI_FONT_SANS, ui_px(12), js_log_at(b->game, i)->text, &tw, &th);
            if (tw > widest)
                widest = tw;
        }
        assert_true(widest > b->log.w);
        assert_int_equal(text_px(right_margin(b->log)), 0);
        if (getenv("JS_TEST_SHOTS")) {
            SDL_Surface *shot = tk_copy(&K);
            IMG_SavePNG(shot, s ? "panels_log_200.png" : "panels_log_100.png");
            SDL_FreeSurface(shot);
        }
        ui_battle_draw(b);
        ui_battle_draw(b);
        assert_int_equal(ui_logwrap_work(b->logwrap), work); /* drawing again wraps nothing */
        ui_battle_destroy(b);
    }
    ui_scale = 1.0f;
}

/* The replay viewer's log wraps too. */
static void test_replay_log_wraps(void **state)
{
    (void)state;
    static const float scales[] = {1.0f, 2.0f};
    for (int s = 0; s < 2; s++) {
        ui_scale = scales[s];
        char err[600];
        ui_replay *rp = ui_replay_create(&K.g, DEMO, err, sizeof err);
        if (!rp)
            fail_msg("%s", err);
        ui_replay_resize(rp, W, H);
        ui_replay_seek(rp, ui_replay_count(rp) / 2);
        ui_replay_draw(rp);
        SDL_Rect log = ui_replay_log_rect(rp);
        int pad = ui_px(8);
        SDL_Rect margin = {log.x + log.w - pad + 2, log.y + ui_px(30), pad - 4, log.h - ui_px(36)};
        assert_int_equal(text_px(margin), 0);
        if (getenv("JS_TEST_SHOTS")) {
            SDL_Surface *shot = tk_copy(&K);
            IMG_SavePNG(shot, s ? "panels_replay_200.png" : "panels_replay_100.png");
            SDL_FreeSurface(shot);
        }
        ui_replay_destroy(rp);
    }
    ui_scale = 1.0f;
}

/* "Whose decision" stays on screen at every UI scale, clear of the bar's other text. */
static void test_topbar_whose_decision(void **state)
{
    (void)state;
    static const float scales[] = {1.0f, 1.25f, 1.5f, 1.75f, 2.0f};
    static const int sizes[][2] = {{1280, 800}, {1024, 700}};
    for (int z = 0; z < 2; z++)
        for (int s = 0; s < 5; s++) {
            ui_scale = scales[s];
            ui_battle *b = play(DEMO_REC->ncmds / 3);
            ui_battle_resize(b, sizes[z][0], sizes[z][1]);
            if (ui_battle_in_handover(b))
                ui_battle_take_handover(b);
            memset(&b->what_rc, 0, sizeof b->what_rc);
            ui_battle_draw(b);
            SDL_Rect wr = b->what_rc;
            assert_true(wr.w > 0 && wr.h > 0);
            assert_true(wr.x >= 0 && wr.y >= 0 && wr.x + wr.w <= sizes[z][0] && wr.y + wr.h <= sizes[z][1]);
            /* its pixels are drawn text, not hidden under the panel */
            assert_true(text_px(wr) > 20);
            if (getenv("JS_TEST_SHOTS") && z == 0 && s == 4) {
                SDL_Surface *shot = tk_copy(&K);
                IMG_SavePNG(shot, "panels_topbar_200.png");
                SDL_FreeSurface(shot);
            }
            ui_battle_destroy(b);
        }
    ui_scale = 1.0f;
}

/* The guard-pod choice (C-3): the odds line above Confirm takes the same room whatever the odds,
 * so Confirm does not move while "+" and "−" change them. In the duel lost to the computer (its
 * record, played by mouse), one guard pod raised made the odds line one line shorter and
 * Confirm jumped 16 pixels up, out from under the pointer. */
static void test_guard_confirm_stays_put(void **state)
{
    (void)state;
    char path[1100];
    tk_source_path("src/ui/tests/records/duel_kill_wins.json", path, sizeof path);
    jsd_error je;
    jsd_record *rec = jsd_record_load(path, &je);
    assert_non_null(rec);
    ui_battle_cfg cfg = tk_battle_cfg(SCN, rec->dice_kind, rec->seed);
    cfg.scenario_path = SCN_PATH;
    ui_battle *b = tk_battle(&K, &cfg, W, H);
    int i = 0;
    while (i < rec->ncmds && !(js_wait_get(ui_battle_game(b)).kind == JS_WAIT_GUARD &&
                               (js_wait_get(ui_battle_game(b)).sides & JS_SIDE_MASK(JS_SIDE_A)))) {
        char why[JS_REASON_LEN];
        assert_int_equal(ui_battle_apply(b, &rec->cmds[i++], why, sizeof why), JS_OK);
    }
    assert_int_equal(js_wait_get(ui_battle_game(b)).kind, JS_WAIT_GUARD);
    ui_battle_sync(b, true);
    if (ui_battle_in_handover(b))
        ui_battle_take_handover(b);
    ui_battle_draw(b);
    const ui_button *go = tk_button(b, B_GUARD_GO, TK_ANY);
    assert_non_null(go);
    SDL_Rect before = go->rc;
    tk_click_button(b, B_GUARD_COUNT, 1);
    ui_battle_draw(b);
    go = tk_button(b, B_GUARD_GO, TK_ANY);
    assert_non_null(go);
    print_message("Confirm at y %d, then %d\n", before.y, go->rc.y);
    assert_int_equal(go->rc.y, before.y);
    /* D-2: a target disabled already was offered "disabled 50%" with no word that it changes
     * nothing; the panel now says so, on a line of its own above Confirm */
    js_view *v = (js_view *)ui_battle_view(b);
    int t = v->st.attack.target;
    assert_true(t >= 0 && !v->st.attack.target_is_pod && v->st.ships[t].state == JS_SHIP_ACTIVE);
    v->st.ships[t].state = JS_SHIP_DISABLED;
    ui_battle_draw(b);
    go = tk_button(b, B_GUARD_GO, TK_ANY);
    assert_non_null(go);
    print_message("with the target disabled already, Confirm at y %d\n", go->rc.y);
    assert_true(go->rc.y > before.y);
    ui_battle_destroy(b);
    jsd_record_free(rec);
}

/* C-1: "choose the next missile" came in the middle of a resolution with no word on why the order
 * matters; the panel and each missile's button now say it (the first unit in a line is struck). */
static void test_C1_missile_order_says_why(void **state)
{
    (void)state;
    int n = -1;
    ui_battle *b = NULL;
    for (int i = 0; i < DEMO_REC->ncmds && n < 0; i++)
        if (DEMO_REC->cmds[i].type == JS_CMD_MISSILE)
            n = i;
    assert_true(n >= 0);
    b = play(n);
    assert_int_equal(b->wait.kind, JS_WAIT_MISSILE);
    ui_battle_draw(b);
    const ui_button *m = tk_button(b, B_MISSILE, TK_ANY);
    assert_non_null(m);
    assert_non_null(strstr(m->tip, "so which flies first changes what the next one hits"));
    ui_battle_destroy(b);
}

/* C-2, C-3: the odds bar promised 27 % destroyed; the defender then gave a guard pod (+5) and
 * one die in three disabled. Before the attack is declared the panel now shows the odds without
 * guard pods and with every guard pod facing the attack, both from js_pod_attack_odds. The duel
 * with one more thing in its opening position (Z-36): a group of 2 of A's pods two hexes south
 * of B's Marauder (which faces S), heading N; it enters the Marauder's bow hex from the south. */
static void test_C2_pod_attack_odds_with_guard_pods(void **state)
{
    (void)state;
    js_scenario *scn = malloc(sizeof *scn);
    assert_non_null(scn);
    memcpy(scn, SCN, sizeof *scn);
    js_pod_setup *ps = &scn->position.pods[scn->position.npods++];
    memset(ps, 0, sizeof *ps);
    ps->unit = 0; /* the Lancer controls it */
    ps->hex = js_hex_from_offset(10, 4);
    ps->pods = 2;
    ps->dir[0] = ps->dir[1] = ps->dir[2] = 1;
    ui_battle_cfg cfg = tk_battle_cfg(scn, JS_DICE_SEEDED, 3);
    ui_battle *b = tk_battle(&K, &cfg, W, H);
    for (int n = 0; n < 40 && b->wait.kind != JS_WAIT_POD_ATTACK; n++) { /* nothing plotted; pods go as plotted */
        js_wait w = js_wait_get(b->game);
        js_cmd c;
        memset(&c, 0, sizeof c);
        int side = w.sides & JS_SIDE_MASK(JS_SIDE_A) ? JS_SIDE_A : JS_SIDE_B;
        if (w.kind == JS_WAIT_POD_MOVE) {
            c.type = JS_CMD_POD_MOVE;
            c.side = (int8_t)side;
            for (int g = 0; g < JS_MAX_PODS; g++) {
                c.unit = (int16_t)g;
                if (js_check(b->game, &c, NULL, 0) == JS_OK)
                    break;
            }
        } else if (!js_forced_command(b->game, &c)) {
            c.type = JS_CMD_READY;
            c.side = (int8_t)side;
        }
        char why[JS_REASON_LEN];
        if (ui_battle_apply(b, &c, why, sizeof why) != JS_OK)
            fail_msg("%s", why);
        ui_battle_sync(b, true);
    }
    assert_int_equal(b->wait.kind, JS_WAIT_POD_ATTACK);
    assert_int_equal(b->actor, JS_SIDE_A);
    const js_state *st = &ui_battle_view(b)->st;
    int group = -1, target = -1;
    for (int g = 0; g < JS_MAX_PODS && group < 0; g++)
        if (st->pods[g].alive && st->pods[g].side == JS_SIDE_A)
            group = g;
    for (int i = 0; i < st->nships && target < 0; i++)
        if (st->ships[i].side == JS_SIDE_B && js_hex_eq(st->ships[i].pos, st->pods[group].pos))
            target = i;
    assert_true(group >= 0 && target >= 0);
    int facing = js_guard_facing(st, group, target, false);
    assert_true(facing > 0);
    bt_select(b, BT_SEL_POD, group);
    bt_decide_aim(b, target, false, 2);
    ui_battle_draw(b);
    char want[200];
    int o[3], g[3];
    js_pod_attack_odds(st, group, target, false, 2, 0, o);
    js_pod_attack_odds(st, group, target, false, 2, facing, g);
    assert_true(g[2] > o[2]); /* the guard pods do change them */
    snprintf(want, sizeof want, "guard 0: %d %d %d / guard %d: %d %d %d", o[0], o[1], o[2], facing, g[0], g[1], g[2]);
    assert_string_equal(b->odds_shown, want);
    if (getenv("JS_TEST_SHOTS")) {
        SDL_Surface *sh = tk_copy(&K);
        IMG_SavePNG(sh, "panel_odds_guard.png");
        SDL_FreeSurface(sh);
    }
    ui_battle_destroy(b);
    free(scn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap_cache),
        cmocka_unit_test(test_battle_log_wraps),
        cmocka_unit_test(test_replay_log_wraps),
        cmocka_unit_test(test_topbar_whose_decision),
        cmocka_unit_test(test_guard_confirm_stays_put),
        cmocka_unit_test(test_C1_missile_order_says_why),
        cmocka_unit_test(test_C2_pod_attack_odds_with_guard_pods),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
