/* test_computer.c — a battle against the computer, offscreen: no handover screen ever comes up
 * and only the human's view is drawn; the computer thinks on its worker thread and its commands
 * reach the game, the record and the autosave like a player's; the turn resolves and the next
 * one begins. Secrecy: the human's plotting screen is pixel-identical whatever the computer
 * plotted. A save remembers who the computer is; quitting mid-thought cancels it at once. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "battle/battle_int.h"
#include "battle/bt_computer.h"
#include "battle/bt_parts.h"
#include "js_ai.h"
#include "battle/ui_saves.h"
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1280, H = 800, VARIANTS = 3 };

static tk K;
static js_scenario *SCN, *LARGE;
static char SCN_PATH[1024], LARGE_PATH[1024], HOME_DIR[256];

static int setup(void **state)
{
    (void)state;
    if (!tk_home(HOME_DIR, sizeof HOME_DIR, "computer") || !tk_open(&K, W, H))
        return -1;
    SCN = tk_scenario("duel.json", SCN_PATH, sizeof SCN_PATH);
    LARGE = tk_scenario("large_battle.json", LARGE_PATH, sizeof LARGE_PATH);
    return SCN && LARGE ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(SCN);
    free(LARGE);
    tk_close(&K);
    tk_home_remove(HOME_DIR);
    return 0;
}

static ui_battle *vs_computer(const js_scenario *scn, const char *path, const char *level, uint64_t seed,
                              const char *autosave)
{
    ui_battle_cfg cfg = tk_battle_cfg(scn, JS_DICE_SEEDED, seed);
    cfg.scenario_path = path;
    cfg.autosave_path = autosave;
    snprintf(cfg.players[0], JS_NAME_LEN, "Ann");
    snprintf(cfg.players[1], JS_NAME_LEN, "Computer");
    snprintf(cfg.computer[1], JSD_LEVEL_LEN, "%s", level);
    ui_battle *b = tk_battle(&K, &cfg, W, H);
    return b;
}

/* Run the screen (animations, the computer's answers) until cond holds; the human's view is the
 * only one built all along, and no handover comes up. */
typedef bool (*cond_fn)(ui_battle *b);
static void pump(ui_battle *b, cond_fn cond, double timeout_s)
{
    Uint32 t0 = SDL_GetTicks();
    while (!cond(b)) {
        if (SDL_GetTicks() - t0 > timeout_s * 1000)
            fail_msg("timed out (mode %d, wait %d, turn %d)", b->mode, b->wait.kind, js_game_state(b->game)->turn);
        ui_battle_update(b, 0.25);
        assert_false(ui_battle_in_handover(b));
        assert_int_equal(ui_battle_view(b)->viewer, JS_SIDE_A);
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT); /* the worker's wake-ups */
        SDL_Delay(2);
    }
}

static bool b_ready(ui_battle *b) { return (js_game_state(b->game)->ready & JS_SIDE_MASK(JS_SIDE_B)) != 0; }
static bool turn2(ui_battle *b) { return js_game_state(b->game)->turn == 2 && b->mode == BM_PLAY && b->actor == JS_SIDE_A; }

static int first_ship(const js_state *st, int side)
{
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && st->ships[i].on_map)
            return i;
    return -1;
}

/* The human's plotting screen once the computer has committed its plots: A's ship selected,
 * then B's ship selected and hovered (its panel and tooltip). */
static void a_screens(const char *level, uint64_t seed, SDL_Surface **own, SDL_Surface **other, js_order *bplan)
{
    ui_battle *b = vs_computer(SCN, SCN_PATH, level, seed, NULL);
    assert_false(ui_battle_in_handover(b)); /* the human's plotting, at once */
    assert_int_equal(b->actor, JS_SIDE_A);
    assert_int_equal(ui_battle_home(b), JS_SIDE_A);
    assert_int_equal(b->wait.kind, JS_WAIT_PLOT);
    pump(b, b_ready, 30); /* the computer plots while the human looks at the board */
    assert_int_equal(b->actor, JS_SIDE_A);
    const js_state *full = js_game_state(b->game);
    int bs = first_ship(full, JS_SIDE_B), as = first_ship(full, JS_SIDE_A);
    *bplan = full->ships[bs].plan[JS_PLAN_DEPTH - 1];
    int x, y;
    ui_battle_hex_screen(b, full->ships[as].pos, &x, &y);
    tk_click(b, x, y);
    ui_battle_draw(b);
    *own = tk_copy(&K);
    ui_battle_hex_screen(b, full->ships[bs].pos, &x, &y);
    tk_click(b, x, y);
    tk_hover(b, x, y);
    ui_battle_draw(b);
    *other = tk_copy(&K);
    ui_battle_destroy(b);
}

static void test_the_human_sees_nothing_of_the_computers_plots(void **state)
{
    (void)state;
    /* three computers that plot differently (levels and seeds differ; the board does not) */
    static const char *levels[VARIANTS] = {"cadet", "captain", "admiral"};
    static const uint64_t seeds[VARIANTS] = {42, 42, 42};
    SDL_Surface *own[VARIANTS], *other[VARIANTS];
    js_order plan[VARIANTS];
    for (int v = 0; v < VARIANTS; v++)
        a_screens(levels[v], seeds[v], &own[v], &other[v], &plan[v]);
    if (getenv("JS_TEST_SHOTS")) {
        IMG_SavePNG(own[1], "computer_a_plot.png");
        IMG_SavePNG(other[1], "computer_a_selects_b.png");
    }
    /* the computers did plot differently, so the test could see a difference */
    bool differ = false;
    for (int v = 1; v < VARIANTS; v++)
        differ |= memcmp(&plan[0], &plan[v], sizeof plan[0]) != 0;
    assert_true(differ);
    SDL_Rect all = {0, 0, W, H};
    for (int v = 1; v < VARIANTS; v++) {
        assert_int_equal(tk_diff(own[0], own[v], all, 0), 0);
        assert_int_equal(tk_diff(other[0], other[v], all, 0), 0);
    }
    for (int v = 0; v < VARIANTS; v++) {
        SDL_FreeSurface(own[v]);
        SDL_FreeSurface(other[v]);
    }
}

/* A whole turn: the human readies, the computer (if still thinking) answers, the turn resolves
 * in animation and turn 2 begins at the human's plotting — no handover at any point. The record
 * holds the computer's commands and replays; the autosave says who the computer is, and
 * Continue brings the same opponent back. */
static void test_a_turn_against_the_computer(void **state)
{
    (void)state;
    char autosave[600];
    snprintf(autosave, sizeof autosave, "%s/vs.json", HOME_DIR);
    ui_battle *b = vs_computer(SCN, SCN_PATH, "captain", 7, autosave);
    assert_int_equal(b->actor, JS_SIDE_A);
    const js_state *st = js_game_state(b->game);
    int as = first_ship(st, JS_SIDE_A);
    int x, y;
    ui_battle_hex_screen(b, st->ships[as].pos, &x, &y);
    tk_click(b, x, y); /* the ship's orders: one hex ahead */
    assert_int_equal(bt_sel_ship(b), as);
    js_hex ahead = js_hex_neighbor(st->ships[as].pos, st->ships[as].facing);
    ui_battle_hex_screen(b, ahead, &x, &y);
    tk_click(b, x, y);
    tk_click_button(b, B_READY, TK_ANY);
    assert_true(js_game_state(b->game)->ready & JS_SIDE_MASK(JS_SIDE_A));
    pump(b, turn2, 60);
    const jsd_record *rec = ui_battle_record(b);
    int by_b = 0;
    for (int i = 0; i < rec->ncmds; i++)
        by_b += rec->cmds[i].side == JS_SIDE_B;
    assert_true(by_b >= 2); /* its plots and its Ready, recorded like anyone's */
    assert_string_equal(rec->computer[1], "captain");
    assert_true(rec->computer_seed[1] == 7);
    assert_string_equal(rec->computer[0], "");
    uint64_t hash = js_game_hash(b->game);
    ui_battle_destroy(b);

    /* the autosave replays to the same game and continues against the same computer */
    char err[700];
    ui_battle *c = ui_battle_resume(&K.g, autosave, NULL, err, sizeof err);
    if (!c)
        fail_msg("%s", err);
    assert_true(js_game_hash(ui_battle_game(c)) == hash);
    assert_int_equal(ui_battle_home(c), JS_SIDE_A);
    assert_false(ui_battle_in_handover(c));
    assert_int_equal(c->actor, JS_SIDE_A);
    assert_true(bt_cpu_mask(c->cpu) == JS_SIDE_MASK(JS_SIDE_B));
    ui_battle_destroy(c);
}

/* A save naming a level the computer does not have is refused with file, field and problem. */
static void test_a_save_with_an_unknown_level(void **state)
{
    (void)state;
    char path[600], err[700];
    snprintf(path, sizeof path, "%s/bad-level.json", HOME_DIR);
    jsd_error je;
    uint64_t h = 0;
    assert_true(jsd_file_hash(SCN_PATH, &h, &je));
    js_dice_cfg dice = {JS_DICE_SEEDED, 3, NULL, 0};
    jsd_record *r = jsd_record_new(SCN_PATH, SCN, h, &dice);
    snprintf(r->computer[1], JSD_LEVEL_LEN, "grandmaster");
    assert_true(ui_saves_write(r, path, err, sizeof err));
    jsd_record_free(r);
    assert_null(ui_battle_resume(&K.g, path, NULL, err, sizeof err));
    char want[800];
    snprintf(want, sizeof want, "%s: computer.B.level: \"grandmaster\" is not a level of the computer (cadet, captain, admiral, commodore)",
             path);
    assert_string_equal(err, want);
}

/* A whole game through the battle screen, the human's side played by clicks' stand-in (a cadet
 * submitting through the screen whenever the screen puts A at the controls): the game ends,
 * nothing the computer handed over was refused, nobody but A was ever at the controls and no
 * handover came up, and the record replays to the same end. */
static bool over(ui_battle *b) { return js_wait_get(b->game).kind == JS_WAIT_NONE && b->mode == BM_OVER; }

static void whole_game(const js_scenario *scn, const char *path, const char *level)
{
    ui_battle *b = vs_computer(scn, path, level, 3, NULL);
    js_ai *me = js_ai_create(JS_AI_CADET, JS_SIDE_A, 77);
    js_view *v = malloc(sizeof *v);
    assert_non_null(me);
    assert_non_null(v);
    Uint32 t0 = SDL_GetTicks();
    while (!over(b)) {
        if (SDL_GetTicks() - t0 > 120000)
            fail_msg("the game did not end (wait %d, turn %d, mode %d, actor %d, ready %d, toast \"%s\")", b->wait.kind,
                     js_game_state(b->game)->turn, b->mode, b->actor, js_game_state(b->game)->ready, b->toast);
        if (b->intro) /* the opening look: the player clicks on */
            tk_click_button(b, B_INTRO_GO, TK_ANY);
        if (b->mode == BM_PLAY && b->actor == JS_SIDE_A) {
            js_view_build(b->game, JS_SIDE_A, v);
            js_cmd c;
            assert_int_equal(js_ai_decide(me, v, &c, NULL), JS_AI_OK);
            assert_int_equal(bt_submit(b, &c, false), JS_OK);
        }
        assert_true(b->actor == JS_SIDE_A || b->actor == JS_SIDE_NONE);
        assert_false(ui_battle_in_handover(b));
        assert_int_equal(ui_battle_view(b)->viewer, JS_SIDE_A);
        if (js_game_state(b->game)->phase == JS_PHASE_SETUP_JO) /* K-2: B's picks stay B's */
            for (int i = 0; i < ui_battle_view(b)->st.nsites; i++)
                assert_int_not_equal(ui_battle_view(b)->st.sites[i].side, JS_SIDE_B);
        if (strstr(b->toast, "the computer")) /* bt_think.c's note of a move it could not make */
            fail_msg("%s", b->toast);
        ui_battle_update(b, 0.5);
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
        SDL_Delay(1);
    }
    /* the record replays to the same end */
    const jsd_record *rec = ui_battle_record(b);
    jsd_error je;
    js_game *g = jsd_record_start(rec, NULL, &je);
    if (!g)
        fail_msg("%s", je.msg);
    for (int i = 0; i < rec->ncmds; i++) {
        char why[JS_REASON_LEN];
        assert_int_equal(js_submit(g, &rec->cmds[i], why, sizeof why), JS_OK);
        assert_true(js_game_hash(g) == rec->hashes[i]);
    }
    assert_true(js_game_hash(g) == js_game_hash(b->game));
    printf("a whole %s against the %s: %d commands, turn %d\n", scn->id, level, rec->ncmds, js_game_state(g)->turn);
    js_game_destroy(g);
    js_ai_destroy(me);
    free(v);
    ui_battle_destroy(b);
}

static void test_a_whole_game_through_the_screen(void **state)
{
    (void)state;
    whole_game(SCN, SCN_PATH, "admiral");
}

/* The same with command dice (RULES K): the computer hides its jump-off points and entry point,
 * deploys by its dice and plays the battle out; the human's view never holds its sites before
 * they are revealed. */
static void test_a_whole_command_dice_game_through_the_screen(void **state)
{
    (void)state;
    char path[1024];
    const char *src = getenv("JS_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenarios/dice_skirmish.json", src ? src : ".");
    jsd_error je;
    js_scenario *dice = jsd_scenario_load(path, &je);
    if (!dice)
        fail_msg("%s", je.msg);
    whole_game(dice, path, "captain");
    free(dice);
}

/* Leaving the battle while the top level thinks on the largest battle cancels the thought: the
 * screen closes at once, not when the thought would have ended. */
static void test_quitting_cancels_the_thought(void **state)
{
    (void)state;
    ui_battle *b = vs_computer(LARGE, LARGE_PATH, "admiral", 5, NULL);
    /* the human readies at once: the computer is the one deciding now */
    int guard = 0;
    while (!ui_battle_computer_busy(b, NULL) && guard++ < 200) {
        if (b->actor == JS_SIDE_A && b->mode == BM_PLAY) {
            js_cmd r;
            memset(&r, 0, sizeof r);
            r.type = JS_CMD_READY;
            r.side = JS_SIDE_A;
            bt_submit(b, &r, true);
        }
        ui_battle_update(b, 0.25);
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
        SDL_Delay(1);
    }
    assert_true(ui_battle_computer_busy(b, NULL));
    Uint32 t0 = SDL_GetTicks();
    ui_battle_destroy(b);
    Uint32 took = SDL_GetTicks() - t0;
    printf("destroyed mid-thought in %u ms\n", took);
    assert_true(took < 500);
}

/* A thought longer than about 0.3 s shows in the top bar with how far it is; a short one does not
 * flash a number. The top level's first plot of the largest battle is such a thought: while it
 * runs the bar says the computer is thinking. */
static void test_a_long_thought_says_how_far_it_is(void **state)
{
    (void)state;
    char s[80];
    bt_thinking_text(BT_CPU_SHOW_MS - 1, 450, s, sizeof s);
    assert_null(strchr(s, '%'));
    assert_non_null(strstr(s, "thinking"));
    bt_thinking_text(BT_CPU_SHOW_MS, 450, s, sizeof s);
    assert_non_null(strstr(s, "thinking\xe2\x80\xa6 45 %"));
    ui_battle *b = vs_computer(LARGE, LARGE_PATH, "commodore", 5, NULL);
    int guard = 0;
    while (!ui_battle_computer_busy(b, NULL) && guard++ < 200) {
        if (b->actor == JS_SIDE_A && b->mode == BM_PLAY) {
            js_cmd r;
            memset(&r, 0, sizeof r);
            r.type = JS_CMD_READY;
            r.side = JS_SIDE_A;
            bt_submit(b, &r, true);
        }
        ui_battle_update(b, 0.25);
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
        SDL_Delay(1);
    }
    assert_true(ui_battle_computer_busy(b, NULL));
    ui_battle_draw(b);
    assert_non_null(strstr(b->top_shown, "The computer is thinking"));
    ui_battle_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_human_sees_nothing_of_the_computers_plots),
        cmocka_unit_test(test_a_turn_against_the_computer),
        cmocka_unit_test(test_a_whole_game_through_the_screen),
        cmocka_unit_test(test_a_save_with_an_unknown_level),
        cmocka_unit_test(test_a_whole_command_dice_game_through_the_screen),
        cmocka_unit_test(test_quitting_cancels_the_thought),
        cmocka_unit_test(test_a_long_thought_says_how_far_it_is),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
