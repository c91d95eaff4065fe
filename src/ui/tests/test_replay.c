/* test_replay.c — the replay viewer, offscreen: every seek lands on the record's stored hash,
 * stepping back then forward reaches the same hash for every viewer, "everything" is refused for
 * an unfinished record, turn/phase jumps, playback with animation draws, and going back on the
 * largest demo record is fast (re-run from the start). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "screens/ui_replay.h"
#include "screens/ui_replay_int.h"
#include "battle/battle_int.h"
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1280, H = 800 };

static tk K;
static char DEMO[1024], BIG[1024], TMP[256];
static jsd_record *REC;

static int setup(void **state)
{
    (void)state;
    if (!tk_home(TMP, sizeof TMP, "replay") || !tk_open(&K, W, H))
        return -1;
    tk_source_path("scenarios/demos/duel.json", DEMO, sizeof DEMO);
    tk_source_path("scenarios/demos/large_battle.json", BIG, sizeof BIG);
    jsd_error err;
    REC = jsd_record_load(DEMO, &err);
    if (!REC)
        fprintf(stderr, "%s\n", err.msg);
    return REC ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    jsd_record_free(REC);
    tk_close(&K);
    tk_home_remove(TMP);
    return 0;
}

static ui_replay *open_rp(const char *path)
{
    char err[700];
    ui_replay *rp = ui_replay_create(&K.g, path, err, sizeof err);
    if (!rp)
        fail_msg("%s", err);
    ui_replay_resize(rp, W, H);
    return rp;
}

static void test_open_and_seek(void **state)
{
    (void)state;
    ui_replay *rp = open_rp(DEMO);
    assert_int_equal(ui_replay_count(rp), REC->ncmds);
    assert_int_equal(ui_replay_pos(rp), 0);
    assert_true(ui_replay_can_view_all(rp)); /* the demo's game is over */
    assert_int_equal(ui_replay_viewer(rp), -1);
    /* every position, forwards then backwards and scattered, is the record's own state */
    int order[] = {5, 61, 0, 40, 39, 12, 13, 60, 1, 30};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int k = order[i] > REC->ncmds ? REC->ncmds : order[i];
        assert_true(ui_replay_seek(rp, k));
        assert_int_equal(ui_replay_pos(rp), k);
        if (k > 0)
            assert_int_equal(ui_replay_hash(rp), REC->hashes[k - 1]);
    }
    ui_replay_destroy(rp);
}

/* Step forward to the end recording each stop, step back through the same stops, and forward
 * again: the same hashes, for each viewer. */
static void test_step_back_then_forward(void **state)
{
    (void)state;
    ui_replay *rp = open_rp(DEMO);
    ui_replay_set_speed(rp, 4); /* no animation */
    int viewers[3] = {0, 1, -1};
    for (int v = 0; v < 3; v++) {
        assert_true(ui_replay_set_viewer(rp, viewers[v]));
        ui_replay_seek(rp, 0);
        int pos[256], n = 0;
        uint64_t hash[256];
        pos[n] = 0;
        hash[n++] = ui_replay_hash(rp);
        while (ui_replay_pos(rp) < ui_replay_count(rp) && n < 256) {
            int before = ui_replay_pos(rp);
            ui_replay_step(rp, +1);
            assert_true(ui_replay_pos(rp) > before);
            pos[n] = ui_replay_pos(rp);
            hash[n++] = ui_replay_hash(rp);
        }
        assert_int_equal(ui_replay_pos(rp), ui_replay_count(rp));
        if (viewers[v] >= 0) /* a side skips what it cannot see: fewer stops than commands */
            assert_true(n - 1 < ui_replay_count(rp));
        else
            assert_int_equal(n - 1, ui_replay_count(rp));
        for (int i = n - 2; i >= 0; i--) {
            ui_replay_step(rp, -1);
            assert_int_equal(ui_replay_pos(rp), pos[i]);
            assert_int_equal(ui_replay_hash(rp), hash[i]);
        }
        for (int i = 1; i < n; i++) {
            ui_replay_step(rp, +1);
            assert_int_equal(ui_replay_pos(rp), pos[i]);
            assert_int_equal(ui_replay_hash(rp), hash[i]);
        }
        printf("  viewer %2d: %d stops for %d commands\n", viewers[v], n - 1, ui_replay_count(rp));
    }
    ui_replay_destroy(rp);
}

static void test_turn_and_phase_jumps(void **state)
{
    (void)state;
    ui_replay *rp = open_rp(DEMO);
    assert_true(ui_replay_goto(rp, 3, -1));
    assert_int_equal(ui_replay_turn(rp), 3);
    int p3 = ui_replay_pos(rp);
    assert_true(ui_replay_goto(rp, 2, JS_PHASE_PLOT));
    assert_int_equal(ui_replay_turn(rp), 2);
    assert_int_equal(js_game_state(ui_replay_game(rp))->phase, JS_PHASE_PLOT);
    assert_false(ui_replay_goto(rp, 99, -1));
    ui_replay_seek(rp, p3);
    ui_replay_jump_turn(rp, +1);
    assert_int_equal(ui_replay_turn(rp), 4);
    ui_replay_jump_turn(rp, -1);
    assert_int_equal(ui_replay_pos(rp), p3);
    /* phase by phase through turn 3: the phase changes at each stop */
    int last = js_game_state(ui_replay_game(rp))->phase;
    for (int i = 0; i < 4 && ui_replay_turn(rp) == 3; i++) {
        ui_replay_jump_phase(rp, +1);
        int ph = js_game_state(ui_replay_game(rp))->phase;
        assert_true(ph != last || ui_replay_turn(rp) != 3);
        last = ph;
    }
    ui_replay_destroy(rp);
}

/* A record of a game still going: only A or B, never everything. */
static void test_unfinished_record(void **state)
{
    (void)state;
    char p[400];
    snprintf(p, sizeof p, "%s/part.json", TMP);
    jsd_record *r = jsd_record_load(DEMO, NULL);
    assert_non_null(r);
    r->ncmds = 20;
    jsd_error je;
    assert_true(jsd_record_save(r, p, &je));
    jsd_record_free(r);
    ui_replay *rp = open_rp(p);
    assert_false(ui_replay_can_view_all(rp));
    assert_int_equal(ui_replay_viewer(rp), 0);
    assert_false(ui_replay_set_viewer(rp, -1));
    assert_int_equal(ui_replay_viewer(rp), 0);
    assert_true(ui_replay_set_viewer(rp, 1));
    assert_int_equal(ui_replay_view(rp)->viewer, 1);
    ui_replay_seek(rp, 20);
    assert_int_equal(ui_replay_view(rp)->viewer, 1);
    ui_replay_draw(rp);
    ui_replay_destroy(rp);
    /* and a file that is not a record is refused with a message */
    char err[700];
    const char *src = getenv("JS_SOURCE_DIR");
    char scn[1024];
    snprintf(scn, sizeof scn, "%s/scenarios/duel.json", src ? src : ".");
    assert_null(ui_replay_create(&K.g, scn, err, sizeof err));
    assert_non_null(strstr(err, "format"));
}

/* Playback at normal speed: animations run (anim.c) and everything draws. */
static void test_play_and_draw(void **state)
{
    (void)state;
    ui_replay *rp = open_rp(DEMO);
    ui_replay_set_speed(rp, 1);
    ui_replay_play(rp, true);
    int frames = 0;
    bool animated = false;
    while (ui_replay_pos(rp) < 40 && frames < 20000) {
        ui_replay_update(rp, 0.05);
        if (frames % 7 == 0)
            ui_replay_draw(rp);
        frames++;
        animated |= ui_replay_animating(rp);
    }
    assert_true(ui_replay_pos(rp) >= 40);
    assert_true(animated);
    ui_replay_play(rp, false);
    for (int i = 0; i < 200; i++)
        ui_replay_update(rp, 0.05);
    ui_replay_draw(rp);
    if (getenv("JS_TEST_SHOTS")) {
        SDL_Surface *s = tk_copy(&K);
        IMG_SavePNG(s, "replay_mid.png");
        SDL_FreeSurface(s);
    }
    ui_replay_seek(rp, ui_replay_count(rp));
    ui_replay_draw(rp);
    if (getenv("JS_TEST_SHOTS")) {
        SDL_Surface *s = tk_copy(&K);
        IMG_SavePNG(s, "replay_end.png");
        SDL_FreeSurface(s);
    }
    ui_replay_destroy(rp);
}

static void test_demo_found(void **state)
{
    (void)state;
    const char *src = getenv("JS_SOURCE_DIR");
    char scn[1024], out[1200];
    snprintf(scn, sizeof scn, "%s/scenarios/duel.json", src ? src : ".");
    assert_true(ui_replay_find_demo(scn, "duel", out, sizeof out));
    assert_non_null(strstr(out, "demos/duel.json"));
    assert_false(ui_replay_find_demo(scn, "no-such-scenario", out, sizeof out));
}

/* Going back re-runs the record from the start: time it on the largest demo. */
static void test_step_back_speed(void **state)
{
    (void)state;
    const char *path = getenv("JS_REPLAY_BIG") ? getenv("JS_REPLAY_BIG") : BIG;
    if (access(path, R_OK) != 0) {
        printf("  no %s: skipped\n", path);
        return;
    }
    double t0 = SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency();
    ui_replay *rp = open_rp(path);
    double t1 = SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency();
    ui_replay_set_speed(rp, 4);
    int n = ui_replay_count(rp);
    ui_replay_seek(rp, n);
    double worst = 0, sum = 0;
    int steps = 0;
    for (int i = 0; i < 30 && ui_replay_pos(rp) > 0; i++) {
        int before = ui_replay_pos(rp);
        ui_replay_seek(rp, before - 1); /* one command back: the whole record re-run */
        double ms = ui_replay_last_seek_ms(rp);
        sum += ms;
        worst = ms > worst ? ms : worst;
        steps++;
    }
    ui_replay_seek(rp, n);
    uint64_t end = ui_replay_hash(rp);
    ui_replay_step(rp, -1);
    ui_replay_step(rp, +1);
    assert_int_equal(ui_replay_hash(rp), end);
    printf("  %s: %d commands; open %.1f ms; one step back (re-run from the start) avg %.2f ms, worst %.2f ms\n",
           path, n, t1 - t0, sum / steps, worst);
    assert_true(worst < 500); /* generous: sanitizer builds are slower */
    ui_replay_destroy(rp);
}

/* C-1, C-3, C-5: a roll on screen says who rolls against whom, the total with its parts and
 * what came of it (it used to show the die and its purpose only). Played through the demo: every
 * missile and pod roll shown carries all three, a pod roll its every term. */
static void test_rolls_tell_who_against_whom_the_sum_and_result(void **state)
{
    (void)state;
    ui_replay *rp = open_rp(DEMO);
    ui_replay_set_speed(rp, 1);
    bt_anim *h = rp->anim;
    int shown = 0, pods = 0, missiles = 0;
    char last[256] = "";
    for (int k = 0; k < ui_replay_count(rp); k++) {
        ui_replay_step(rp, +1);
        for (int t = 0; t < 400 && ui_replay_animating(rp); t++) {
            ui_replay_update(rp, 0.05);
            if (h->die_t <= 0 || !h->die_who[0] || !strcmp(h->die_who, last))
                continue;
            snprintf(last, sizeof last, "%s", h->die_who);
            bool pod = h->die_for == JS_ROLL_POD_ATTACK, msl = h->die_for == JS_ROLL_MISSILE;
            if (!pod && !msl)
                continue;
            shown++;
            pods += pod;
            missiles += msl;
            assert_non_null(strstr(h->die_who, " against "));
            assert_non_null(strstr(h->die_sum, "d10"));
            assert_true(h->die_result[0] != 0);
            if (pod)
                for (const char *const *w = (const char *const[]){"phase", "Defense", "range", "TR", "=", NULL}; *w; w++)
                    if (!strstr(h->die_sum, *w))
                        fail_msg("the pod roll's sum lacks %s: %s", *w, h->die_sum);
            if (h->die_t0 < 1.0)
                fail_msg("a roll shows for %.2f s only", h->die_t0);
            if (getenv("JS_TEST_SHOTS") && ((pod && pods == 1) || (msl && missiles == 1))) {
                ui_replay_draw(rp);
                SDL_Surface *shot = tk_copy(&K);
                IMG_SavePNG(shot, pod ? "replay_roll_pod.png" : "replay_roll_missile.png");
                SDL_FreeSurface(shot);
            }
        }
    }
    print_message("rolls told: %d (%d pod, %d missile)\n", shown, pods, missiles);
    assert_true(shown > 0);
    ui_replay_destroy(rp);
}

/* C-5: a ship attack hits only on 2d10 totalling exactly 2. Shown die by die, the roll says so in
 * words a player follows: after the first die what the second must be (it used to read "2d10: 1 +
 * the second die (exactly 2 hits)"), after the second the total and that only two 1s hit. The
 * record has two ship attacks: 1 then 8, and 4 then 3. */
static void test_ship_attack_roll_says_what_hits(void **state)
{
    (void)state;
    char path[1024];
    tk_source_path("src/ui/tests/records/duel_kill_wins.json", path, sizeof path);
    ui_replay *rp = open_rp(path);
    ui_replay_set_speed(rp, 1);
    bt_anim *h = rp->anim;
    int firsts = 0, seconds = 0;
    char last[160] = "";
    for (int k = 0; k < ui_replay_count(rp); k++) {
        ui_replay_step(rp, +1);
        for (int t = 0; t < 400 && ui_replay_animating(rp); t++) {
            ui_replay_update(rp, 0.05);
            if (h->die_t <= 0 || (h->die_for != JS_ROLL_SHIP_ATTACK && h->die_for != JS_ROLL_SHIP_ON_PODS) ||
                !strcmp(h->die_sum, last))
                continue;
            snprintf(last, sizeof last, "%s", h->die_sum);
            assert_non_null(strstr(h->die_who, " against "));
            if (strstr(h->die_sum, " = ")) {
                seconds++;
                int d1 = 0, d2 = 0, sum = 0;
                assert_int_equal(sscanf(h->die_sum, "2d10: %d + %d = %d", &d1, &d2, &sum), 3);
                assert_int_equal(d1 + d2, sum);
                assert_non_null(strstr(h->die_sum, "two 1s"));
                assert_string_equal(h->die_result, sum == 2 ? "a hit" : "no effect");
            } else {
                firsts++; /* a 1 asks for a second 1; anything else cannot hit */
                assert_non_null(strstr(h->die_sum, "2d10: first die "));
                assert_non_null(strstr(h->die_sum, strstr(h->die_sum, "first die 1 ") ? "a second 1" : "only two 1s"));
            }
        }
    }
    assert_int_equal(firsts, 2); /* 1 then 8, and 4 then 3 */
    assert_int_equal(seconds, 2);
    ui_replay_destroy(rp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_and_seek),
        cmocka_unit_test(test_step_back_then_forward),
        cmocka_unit_test(test_turn_and_phase_jumps),
        cmocka_unit_test(test_unfinished_record),
        cmocka_unit_test(test_play_and_draw),
        cmocka_unit_test(test_demo_found),
        cmocka_unit_test(test_rolls_tell_who_against_whom_the_sum_and_result),
        cmocka_unit_test(test_ship_attack_roll_says_what_hits),
        cmocka_unit_test(test_step_back_speed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
