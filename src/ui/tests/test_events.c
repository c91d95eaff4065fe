/* test_events.c — the screens decide from events' typed fields, never from their sentence, and
 * the replay viewer animates what the battle animates. Offscreen: the animation (bt_anim, the
 * battle's and the replay viewer's) and the results' summary are built from every event of whole
 * recorded games twice, once as logged and once with every sentence blanked, and must come out
 * the same; and a replay stepped through games with jumps, card plays, captures (J-8, K-7),
 * command dice and deployments animates each of them, as the battle does (bt_anim_plays). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "screens/ui_replay.h"
#include "screens/ui_replay_int.h"
#include "screens/results_sum.h"
#include "battle/bt_anim.h"
#include "ui_testkit.h"
#include <SDL_image.h>

enum { W = 1280, H = 800 };

static tk K;
static char TMP[256];

/* the demo duel (missiles, pods, ship attacks), a duel won by a kill (both dice of a ship
 * attack), a jump raid with a J-8 capture, a dice skirmish with a K-7 capture */
static const char *const RECORDS[] = {"scenarios/demos/duel.json", "src/ui/tests/records/duel_kill_wins.json",
                                      "src/ui/tests/records/raid_capture.json",
                                      "src/ui/tests/records/skirmish_capture.json"};
enum { NREC = sizeof RECORDS / sizeof RECORDS[0] };

static int setup(void **state)
{
    (void)state;
    return tk_home(TMP, sizeof TMP, "events") && tk_open(&K, W, H) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    tk_close(&K);
    tk_home_remove(TMP);
    return 0;
}

static ui_replay *open_rp(const char *rel)
{
    char path[1024], err[700];
    tk_source_path(rel, path, sizeof path);
    ui_replay *rp = ui_replay_create(&K.g, path, err, sizeof err);
    if (!rp)
        fail_msg("%s: %s", rel, err);
    ui_replay_resize(rp, W, H);
    return rp;
}

/* What a player sees of one animation step: its kind, events and length, the die's story, the
 * command dice, the card, the effects. The die's own sentence (die_text) is left out: it is the
 * log's sentence shown to people. */
typedef struct shown {
    int step, kind, first, count;
    double dur;
    int die_value, die_sides, die_for, die_bad, ndice, dice[JS_MAX_KDICE], card, card_side, nfx;
    int die, ndie, die_faces[2]; /* the step's roll's die (1, 2 of a 2d10; -1 no roll), the dice drawn */
    char who[256], sum[160], result[80];
} shown;

typedef struct played {
    shown *s;
    int n, cap;
    js_state *end;             /* the working board once every step has begun and ended */
    bool sentence_seen;        /* some roll showed its sentence (so blanking had something to take) */
} played;

static void note(played *p, const bt_anim *a)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 1024;
        p->s = realloc(p->s, sizeof *p->s * (size_t)p->cap);
        assert_non_null(p->s);
    }
    shown *s = &p->s[p->n++];
    memset(s, 0, sizeof *s);
    const bt_anim_step *st = &a->step[a->i];
    s->step = a->i;
    s->kind = st->kind;
    s->first = st->first;
    s->count = st->count;
    s->dur = st->dur;
    s->die_value = a->die_t > 0 ? a->die_value : 0;
    s->die_sides = a->die_t > 0 ? a->die_sides : 0;
    s->die_for = a->die_t > 0 ? a->die_for : 0;
    s->die_bad = a->die_result_bad;
    s->die = a->ev[st->first].type == JS_EV_ROLL ? a->ev[st->first].die : -1;
    s->ndie = a->die_t > 0 ? a->ndie : 0;
    if (a->die_t > 0)
        memcpy(s->die_faces, a->die_faces, sizeof s->die_faces);
    s->ndice = a->dice_t > 0 ? a->ndice : 0;
    memcpy(s->dice, a->dice, sizeof s->dice);
    s->card = a->card_t > 0 ? a->card : -1;
    s->card_side = a->card_side;
    s->nfx = a->nfx;
    snprintf(s->who, sizeof s->who, "%s", a->die_t > 0 ? a->die_who : "");
    snprintf(s->sum, sizeof s->sum, "%s", a->die_t > 0 ? a->die_sum : "");
    snprintf(s->result, sizeof s->result, "%s", a->die_t > 0 ? a->die_result : "");
    p->sentence_seen = p->sentence_seen || (a->die_t > 0 && a->die_text[0]);
}

/* Play events from before to after, noting every step as it begins. */
static void play(played *p, const js_view *before, const js_view *after, const js_event *ev, int n)
{
    bt_anim *a = bt_anim_create(&K.g);
    assert_non_null(a);
    a->speed = 2;
    a->board_rc = (SDL_Rect){0, 0, W, H};
    bt_anim_start_events(a, before, after, ev, NULL, n);
    assert_true(a->nstep > 0);
    int last = -1;
    for (int guard = 0; guard < 1000000 && bt_anim_update(a, 0.01); guard++)
        if (a->i != last && a->i < a->nstep) {
            last = a->i;
            note(p, a);
        }
    assert_int_equal(a->i, a->nstep); /* played to the end */
    p->end = malloc(sizeof *p->end);
    assert_non_null(p->end);
    memcpy(p->end, &a->view->st, sizeof *p->end);
    bt_anim_destroy(a);
}

static void played_free(played *p)
{
    free(p->s);
    free(p->end);
}

/* The whole record's events, as logged and with every sentence blanked: the animation's steps,
 * what each shows, the board it ends on, and the results' summary are the same. */
static void test_blank_sentences_change_nothing(void **state)
{
    (void)state;
    for (int r = 0; r < NREC; r++) {
        ui_replay *rp = open_rp(RECORDS[r]);
        const js_game *full = rp->full;
        int n = js_log_count(full);
        js_event *ev = malloc(sizeof *ev * (size_t)n), *blank = malloc(sizeof *blank * (size_t)n);
        js_view *before = malloc(sizeof *before), *after = malloc(sizeof *after);
        assert_true(ev && blank && before && after);
        for (int i = 0; i < n; i++) {
            ev[i] = blank[i] = *js_log_at(full, i);
            memset(blank[i].text, 0, sizeof blank[i].text);
        }
        js_view_build(rp->base, -1, before);
        js_view_build(full, -1, after);

        played as_logged = {0}, blanked = {0};
        play(&as_logged, before, after, ev, n);
        play(&blanked, before, after, blank, n);
        assert_true(as_logged.sentence_seen);
        assert_false(blanked.sentence_seen);
        assert_int_equal(as_logged.n, blanked.n);
        int rolls = 0;
        for (int i = 0; i < as_logged.n; i++) {
            const shown *x = &as_logged.s[i], *y = &blanked.s[i];
            if (memcmp(x, y, sizeof *x) != 0)
                fail_msg("%s: step %d differs without sentences: \"%s\" \"%s\" \"%s\" vs \"%s\" \"%s\" \"%s\"",
                         RECORDS[r], x->step, x->who, x->sum, x->result, y->who, y->sum, y->result);
            rolls += x->who[0] != 0;
        }
        assert_memory_equal(as_logged.end, blanked.end, sizeof *as_logged.end);

        const js_state *fin = js_game_state(full);
        ui_results_sum *a = malloc(sizeof *a), *b = malloc(sizeof *b);
        assert_true(a && b);
        ui_results_begin(a, fin);
        ui_results_begin(b, fin);
        for (int i = 0; i < n; i++) {
            ui_results_add(a, fin, &ev[i]);
            ui_results_add(b, fin, &blank[i]);
        }
        ui_results_end(a, fin);
        ui_results_end(b, fin);
        assert_memory_equal(a, b, sizeof *a);
        /* every point is accounted for, each by its cause */
        for (int sd = 0; sd < JS_SIDES; sd++)
            assert_int_equal(a->sum[sd].pts_destroyed + a->sum[sd].pts_disabled + a->sum[sd].pts_other,
                             fin->points[sd]);
        print_message("%s: %d events, %d steps (%d rolls told), %d + %d result items\n", RECORDS[r], n, as_logged.n,
                      rolls, a->sum[0].nitems, a->sum[1].nitems);
        free(a);
        free(b);
        played_free(&as_logged);
        played_free(&blanked);
        free(ev);
        free(blank);
        free(before);
        free(after);
        ui_replay_destroy(rp);
    }
}

/* A ship attack rolls 2d10 (C-5): its overlay draws both dice, the first as rolled with the
 * second still to come, then both as the sum under them reads them ("2d10: 4 + 3 = 7"). It
 * showed only the die just rolled ("3") under that sum. */
static void test_ship_attack_shows_both_dice(void **state)
{
    (void)state;
    ui_replay *rp = open_rp("src/ui/tests/records/duel_kill_wins.json");
    const js_game *full = rp->full;
    int n = js_log_count(full), seconds = 0;
    js_event *ev = malloc(sizeof *ev * (size_t)n);
    js_view *before = malloc(sizeof *before), *after = malloc(sizeof *after);
    assert_true(ev && before && after);
    for (int i = 0; i < n; i++)
        ev[i] = *js_log_at(full, i);
    js_view_build(rp->base, -1, before);
    js_view_build(full, -1, after);
    played p = {0};
    play(&p, before, after, ev, n);
    for (int i = 0; i < p.n; i++) {
        const shown *s = &p.s[i];
        if (s->die < 0)
            continue; /* a step after a roll, while its die still shows */
        if (s->die_for != JS_ROLL_SHIP_ATTACK && s->die_for != JS_ROLL_SHIP_ON_PODS) {
            if (s->die_for)
                assert_int_equal(s->ndie, 1); /* a lone die stays one */
            continue;
        }
        assert_int_equal(s->ndie, 2);
        if (s->die == 1) {
            assert_int_equal(s->die_faces[0], s->die_value);
            assert_int_equal(s->die_faces[1], 0);
            continue;
        }
        assert_int_equal(s->die, 2);
        assert_true(i > 0 && p.s[i - 1].die == 1);
        char sum[64];
        snprintf(sum, sizeof sum, "2d10: %d + %d = %d", p.s[i - 1].die_value, s->die_value,
                 p.s[i - 1].die_value + s->die_value);
        if (!strstr(s->sum, sum))
            fail_msg("the sum reads \"%s\", not \"%s\"", s->sum, sum);
        assert_int_equal(s->die_faces[0], p.s[i - 1].die_value);
        assert_int_equal(s->die_faces[1], s->die_value);
        seconds++;
    }
    print_message("%d ship attacks showed both dice\n", seconds);
    assert_true(seconds > 0);
    played_free(&p);
    free(ev);
    free(before);
    free(after);
    ui_replay_destroy(rp);
}

/* The results count a side's ships in words: no "all 2 ships came through". */
static void test_losses_in_words(void **state)
{
    (void)state;
    char buf[120];
    ui_side_sum s = {0};
    static const char *const none[] = {"No losses", "No losses: its one ship came through",
                                       "No losses: both ships came through", "No losses: all 3 ships came through"};
    for (int k = 0; k < 4; k++) {
        s.ships_total = k;
        assert_string_equal(ui_results_losses(&s, buf, sizeof buf), none[k]);
    }
    s.ships_total = 2;
    s.lost_ships = 1;
    assert_string_equal(ui_results_losses(&s, buf, sizeof buf), "Losses: 1 of 2 ships destroyed, 0 disabled");
    s.ships_total = 1;
    s.lost_ships = 0;
    s.disabled_ships = 1;
    assert_string_equal(ui_results_losses(&s, buf, sizeof buf), "Losses: 0 of 1 ship destroyed, 1 disabled");
    /* why it ended, from the game-over event's fields (the results showed the engine's sentence,
     * which ended on a bare "— Hadar Reach" under the "Hadar Reach wins" heading) */
    ui_replay *rp = open_rp(RECORDS[1]);
    const js_game *g = rp->full;
    const js_event *over = NULL;
    for (int i = 0; i < js_log_count(g); i++)
        if (js_log_at(g, i)->type == JS_EV_GAME_OVER)
            over = js_log_at(g, i);
    assert_non_null(over);
    const js_state *st = js_game_state(g);
    ui_results_why(st, over, buf, sizeof buf);
    print_message("%s\n", buf);
    char tail[2 * JS_NAME_LEN + 40];
    snprintf(tail, sizeof tail, ": %s %d, %s %d", st->scn.sides[0].name, st->points[0], st->scn.sides[1].name,
             st->points[1]);
    assert_non_null(strstr(buf, tail));
    assert_null(strstr(buf, "\xe2\x80\x94"));
    ui_replay_destroy(rp);
}

/* The replay, stepped forward at 1x through games holding every kind of event the battle
 * animates: each step with an event bt_anim_plays starts the animation, and jumps, card plays,
 * captures, command dice and deployments each get a step of their own that takes time (the
 * viewer's own list used to leave them out, so such a step did not animate). */
static void test_replay_animates_what_the_battle_does(void **state)
{
    (void)state;
    enum { JUMP, CARD, CAPTURE, DICE, DEPLOY, KINDS };
    static const int TYPES[KINDS] = {JS_EV_JUMP, JS_EV_CARD, JS_EV_CAPTURE, JS_EV_DICE, JS_EV_DEPLOY};
    static const char *const NAMES[KINDS] = {"jump", "card", "capture", "dice", "deploy"};
    int seen[KINDS] = {0};
    for (int r = 2; r < NREC; r++) {
        ui_replay *rp = open_rp(RECORDS[r]);
        ui_replay_set_speed(rp, 1);
        assert_int_equal(ui_replay_viewer(rp), -1); /* the game is over: everything shows */
        while (ui_replay_pos(rp) < ui_replay_count(rp)) {
            int from = js_log_count(ui_replay_game(rp));
            ui_replay_step(rp, +1);
            const js_game *g = ui_replay_game(rp);
            bool plays = false;
            for (int i = from; i < js_log_count(g); i++)
                plays = plays || bt_anim_plays(js_log_at(g, i));
            assert_int_equal(ui_replay_animating(rp), plays);
            if (!plays)
                continue;
            const bt_anim *a = rp->anim;
            for (int s = 0; s < a->nstep; s++)
                for (int k = 0; k < KINDS; k++)
                    if (a->ev[a->step[s].first].type == TYPES[k] && bt_anim_plays(&a->ev[a->step[s].first])) {
                        assert_true(a->step[s].dur > 0);
                        seen[k]++;
                    }
            for (int t = 0; t < 100000 && ui_replay_animating(rp); t++) {
                ui_replay_update(rp, 0.1);
                /* JS_TEST_SHOTS: a picture of the first card and the first command dice shown */
                static bool card_shot, dice_shot;
                bool card = a->card_t > 0.5 && !card_shot, dice = a->dice_t > 0.3 && a->dice_t < 0.9 && !dice_shot;
                if (getenv("JS_TEST_SHOTS") && (card || dice)) {
                    ui_replay_draw(rp);
                    SDL_Surface *shot = tk_copy(&K);
                    IMG_SavePNG(shot, card ? "replay_card.png" : "replay_dice.png");
                    SDL_FreeSurface(shot);
                    card_shot = card_shot || card;
                    dice_shot = dice_shot || dice;
                }
            }
            assert_false(ui_replay_animating(rp));
        }
        ui_replay_destroy(rp);
    }
    for (int k = 0; k < KINDS; k++) {
        print_message("%s: %d animated\n", NAMES[k], seen[k]);
        if (!seen[k])
            fail_msg("no %s event animated in the replay", NAMES[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blank_sentences_change_nothing),
        cmocka_unit_test(test_replay_animates_what_the_battle_does),
        cmocka_unit_test(test_ship_attack_shows_both_dice),
        cmocka_unit_test(test_losses_in_words),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
