/* scr_watch.c — watch the computer play a battle against itself: the game is played out on a
 * worker thread (each side a js_ai deciding from its own view, every command recorded with its
 * hash), a quiet progress screen shows how far it has got, and the finished record is kept in
 * the saves folder and opened in the replay viewer — pause, step, speed, the view as A, as B or
 * everything — like any other record. Esc stops the game being played and goes back. */
#include "battle/bt_computer.h"
#include "battle/battle.h"
#include "battle/ui_saves.h"
#include "js_ai.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { W_BACK = 1, MAX_COMMANDS = 200000, PROGRESS_MS = 100 };

typedef struct watch {
    ui_screen base;
    ui_game_setup setup;
    js_scenario *scn;
    int level[JS_SIDES];
    /* the worker's (read by the screen only through the atomics and volatiles below) */
    js_game *game;
    jsd_record *rec;
    js_ai *ai[JS_SIDES];
    js_view *view;
    SDL_Thread *th;
    SDL_TimerID timer;
    SDL_atomic_t done;
    volatile int cancel;
    volatile int turn, ncmds, permille;
    char fail[JS_REASON_LEN + 256]; /* the worker's message when it could not finish */
    bool finished;              /* the screen has dealt with the end */
    char msg[800];              /* shown instead of the progress when something went wrong */
} watch;

/* The whole game, the computer deciding for whichever side the game waits on. */
static int play(void *arg)
{
    watch *w = arg;
    for (int n = 0; n < MAX_COMMANDS && !w->cancel; n++) {
        js_wait wt = js_wait_get(w->game);
        if (wt.kind == JS_WAIT_NONE)
            break;
        int side = (wt.sides & JS_SIDE_MASK(JS_SIDE_A)) ? JS_SIDE_A : JS_SIDE_B;
        js_view_build(w->game, side, w->view); /* each side sees only what it may */
        js_cmd c;
        int rc = js_ai_decide(w->ai[side], w->view, &c, &w->cancel);
        if (rc == JS_AI_CANCELLED)
            break;
        char reason[JS_REASON_LEN] = "";
        if (rc != JS_AI_OK || js_submit(w->game, &c, reason, sizeof reason) != JS_OK) {
            snprintf(w->fail, sizeof w->fail, "the computer (side %c) found no command for \"%s\" at command %d%s%s",
                     'A' + side, wt.what, n + 1, reason[0] ? ": " : "", reason);
            break;
        }
        if (!jsd_record_append(w->rec, &c, js_game_hash(w->game))) {
            snprintf(w->fail, sizeof w->fail, "out of memory at command %d", n + 1);
            break;
        }
        const js_state *st = js_game_state(w->game);
        w->turn = st->turn;
        w->ncmds = n + 1;
        w->permille = st->scn.turn_limit > 0 ? (st->turn - 1) * 1000 / st->scn.turn_limit : 0;
    }
    SDL_AtomicSet(&w->done, 1);
    bt_cpu_wake();
    return 0;
}

static void stop(watch *w)
{
    w->cancel = 1;
    if (w->th) {
        SDL_WaitThread(w->th, NULL);
        w->th = NULL;
    }
    if (w->timer) {
        SDL_RemoveTimer(w->timer);
        w->timer = 0;
    }
}

/* Where the watched game is kept: the saves folder (it lists records as replays), else the
 * temporary folder. */
static bool keep(watch *w, char *path, size_t cap, char *err, size_t ecap)
{
    char when[32], name[UI_SAVE_NAME_MAX + 48];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H.%M.%S", &tm);
    /* "Watched duel, cadet v commodore 2024-05-01 18.22.05": the scenario's id (cut to 9), within UI_SAVE_NAME_MAX */
    snprintf(name, sizeof name, "Watched %.9s, %.9s v %.9s %.19s", w->scn->id, js_ai_level_name(w->level[0]),
             js_ai_level_name(w->level[1]), when);
    if (!ui_saves_named_path(name, path, cap)) {
        const char *tmp = getenv("TMPDIR");
        snprintf(path, cap, "%s/jumpstrike-watched-%ld.json", tmp && *tmp ? tmp : "/tmp", (long)getpid());
    }
    jsd_error je;
    if (!jsd_record_save(w->rec, path, &je)) {
        snprintf(err, ecap, "%s", je.msg);
        return false;
    }
    return true;
}

/* The game is over (or stopped): keep it and show it, or say what went wrong. */
static void finish(watch *w, ui_app *a)
{
    if (w->finished || !SDL_AtomicGet(&w->done))
        return;
    w->finished = true;
    stop(w);
    if (w->fail[0]) {
        snprintf(w->msg, sizeof w->msg, "The game stopped: %s.", w->fail);
        return;
    }
    if (js_wait_get(w->game).kind != JS_WAIT_NONE) {
        snprintf(w->msg, sizeof w->msg, "The game was not over after %d commands.", w->ncmds);
        return;
    }
    char path[1300], err[700];
    if (!keep(w, path, sizeof path, err, sizeof err)) {
        snprintf(w->msg, sizeof w->msg, "Cannot keep the game: %s", err);
        return;
    }
    ui_screen *rs = ui_scr_replay(a, path, err, sizeof err);
    if (!rs) {
        snprintf(w->msg, sizeof w->msg, "Cannot open the game in the replay viewer: %s", err);
        return;
    }
    ui_app_pop(a);
    ui_app_push(a, rs);
    ui_app_toast(a, "Kept in your saves: Watch a replay opens it again.");
}

static void watch_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    watch *w = (watch *)s;
    if (e->type == bt_cpu_wake_event()) {
        finish(w, a);
        return;
    }
    bool back = e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_ESCAPE || e->key.keysym.sym == SDLK_BACKSPACE);
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        back = b && b->id == W_BACK;
    }
    if (back) {
        stop(w);
        ui_app_pop(a);
    }
}

static void watch_draw(ui_screen *s, ui_app *a)
{
    watch *w = (watch *)s;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    char sub[200], line[200];
    snprintf(sub, sizeof sub, "%s \xc2\xb7 %s (A) against %s (B)", w->scn->name, w->setup.players[0], w->setup.players[1]);
    int y = ui_scr_heading(a, "The computer plays itself", sub) + ui_px(30);
    int x = ui_px(48), bw = a->w - 2 * x;
    if (bw > ui_px(700))
        bw = ui_px(700);
    if (w->msg[0]) {
        ui_text_wrap(t, UI_FONT_SANS, ui_px(16), w->msg, UI_BAD, x, y, bw);
    } else {
        int turn = w->turn ? w->turn : 1, n = w->ncmds, pm = w->permille;
        snprintf(line, sizeof line, "Playing turn %d of %d \xc2\xb7 %d commands so far", turn, w->scn->turn_limit, n);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(18), line, UI_TEXT, x, y, UI_AL_LEFT);
        y += ui_px(36);
        ui_fill_rect(a->g.r, (SDL_Rect){x, y, bw, ui_px(10)}, ui_col(40, 48, 70, 255));
        ui_fill_rect(a->g.r, (SDL_Rect){x, y, bw * pm / 1000, ui_px(10)}, UI_ACCENT);
        y += ui_px(30);
        ui_text_wrap(t, UI_FONT_SANS, ui_px(14),
                     "Each side decides from what it may see, as a player would. When the battle is over it opens in "
                     "the replay viewer: play, pause, step, change speed, and watch it as A, as B or everything.",
                     UI_TEXT_DIM, x, y, bw);
    }
    ui_scr_button(a, (SDL_Rect){x, a->h - ui_px(70), ui_px(160), ui_px(46)}, w->msg[0] ? "Back" : "Stop", W_BACK, 0,
                  true, "Esc");
    ui_scr_tooltips(a);
    char extra[120];
    snprintf(extra, sizeof extra, "turn %d\ncommands %d\nproblem %s\n", w->turn, w->ncmds, w->msg[0] ? "yes" : "no");
    ui_app_layout(a, "watch", extra);
}

static bool watch_update(ui_screen *s, ui_app *a, double dt)
{
    (void)dt;
    finish((watch *)s, a); /* in case the wake-up was lost */
    return false;
}

static void watch_close(ui_screen *s, ui_app *a)
{
    (void)a;
    watch *w = (watch *)s;
    stop(w);
    for (int i = 0; i < JS_SIDES; i++)
        js_ai_destroy(w->ai[i]);
    js_game_destroy(w->game);
    jsd_record_free(w->rec);
    free(w->view);
    free(w->scn);
    free(w);
}

ui_screen *ui_scr_watch(ui_app *a, const ui_game_setup *setup, char *err, size_t cap)
{
    ui_app_sprites(a);
    watch *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    w->base.name = "watch";
    w->base.own_layout = false;
    w->base.event = watch_event;
    w->base.update = watch_update;
    w->base.draw = watch_draw;
    w->base.close = watch_close;
    w->setup = *setup;
    jsd_error je;
    w->scn = jsd_scenario_load(setup->scenario_path, &je);
    if (!w->scn) {
        snprintf(err, cap, "%s", je.msg);
        watch_close(&w->base, a);
        return NULL;
    }
    js_dice_cfg dice = {JS_DICE_SEEDED, setup->seed, NULL, 0}; /* nobody at the table to roll real dice */
    char reason[JS_REASON_LEN] = "";
    uint64_t fh = 0;
    jsd_file_hash(setup->scenario_path, &fh, &je);
    w->game = js_game_create(w->scn, &dice, reason, sizeof reason);
    w->rec = jsd_record_new(setup->scenario_path, w->scn, fh, &dice);
    w->view = malloc(sizeof *w->view);
    bool ok = w->game && w->rec && w->view;
    for (int s = 0; s < JS_SIDES && ok; s++) {
        w->level[s] = setup->computer[s][0] ? js_ai_level_parse(setup->computer[s]) : JS_AI_CAPTAIN;
        if (w->level[s] < 0)
            w->level[s] = JS_AI_CAPTAIN;
        ok = (w->ai[s] = js_ai_create(w->level[s], s, setup->seed)) != NULL;
        if (ok) {
            snprintf(w->rec->players[s], JS_NAME_LEN, "%s", setup->players[s]);
            snprintf(w->rec->computer[s], JSD_LEVEL_LEN, "%s", js_ai_level_name(w->level[s]));
            w->rec->computer_seed[s] = setup->seed;
        }
    }
    if (!ok) {
        snprintf(err, cap, "%s", !w->game && reason[0] ? reason : "out of memory");
        watch_close(&w->base, a);
        return NULL;
    }
    bt_cpu_wake_event();
    w->th = SDL_CreateThread(play, "watch", w);
    if (!w->th) {
        snprintf(err, cap, "cannot start a thread: %s", SDL_GetError());
        watch_close(&w->base, a);
        return NULL;
    }
    w->timer = SDL_AddTimer(PROGRESS_MS, bt_cpu_tick, NULL);
    return &w->base;
}
