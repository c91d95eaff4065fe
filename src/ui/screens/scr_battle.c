/* scr_battle.c — the battle as a screen of the stack. It owns a ui_battle (battle.c) and adds
 * what sits around it: the per-side handover password, confirm-before-Ready, the animation
 * speed from the settings, leaving to the title, and the results screen at the end. */
#include "battle/battle_int.h"
#include "battle/ui_saves.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SB_UNLOCK = 900, SB_PW_CANCEL, SB_CONFIRM_YES, SB_CONFIRM_NO, SB_RESULTS };

typedef struct scr_battle {
    ui_screen base;
    ui_battle *bt;
    js_scenario *scn;                       /* the battle's scenario (the game copies it) */
    ui_game_setup setup;
    char record_path[1100];
    /* the password gate: only a digest of each password is kept (and written beside the record) */
    uint64_t pw_hash[JS_SIDES];             /* 0 = no password */
    ui_pwbox pw;
    int unlocked_for;                       /* handover already unlocked (-1 none) */
    /* confirm before Ready (the setting), or a warning when ships have no orders */
    bool confirming;
    char warn[300];
    bool swallow_up;
    /* the end */
    double over_t;
    bool results_shown;
    ui_buttons own;                          /* the dialogs' buttons */
} scr_battle;

/* The digests go into the game's record (jsd_record.passwords), so every save of it, the
 * autosave and named ones alike, carries them in the same atomic write: no save of a protected
 * game exists without them. Earlier versions kept them beside the save (RECORD.passwords, read
 * by ui_saves_rebuild); a new game removes such a file left from an earlier game. */
static void pw_keep(ui_battle *b, const uint64_t h[JS_SIDES], const char *record)
{
    if (b->rec)
        memcpy(b->rec->passwords, h, sizeof b->rec->passwords);
    if (record && *record) {
        char old[1200];
        snprintf(old, sizeof old, "%s.passwords", record);
        remove(old);
    }
}

static bool needs_password(const scr_battle *s)
{
    const ui_battle *b = s->bt;
    return b->mode == BM_HANDOVER && b->handover_to >= 0 && b->handover_to < 2 && s->pw_hash[b->handover_to] &&
           s->unlocked_for != b->handover_to;
}

static bool ready_wait(const ui_battle *b)
{
    int k = b->wait.kind;
    return b->mode == BM_PLAY && !b->public_mode &&
           (k == JS_WAIT_PLOT || k == JS_WAIT_COMMAND || k == JS_WAIT_SHIP_ATTACK || k == JS_WAIT_SETUP_BUY ||
            k == JS_WAIT_SETUP_JP || k == JS_WAIT_VANGUARD);
}

static void try_unlock(scr_battle *s)
{
    int side = s->bt->handover_to;
    bool right = ui_pw_digest(s->pw.typed) == s->pw_hash[side];
    ui_pwbox_tried(&s->pw, right);
    if (right) {
        s->unlocked_for = side;
        ui_battle_take_handover(s->bt);
    }
}

static void leave(scr_battle *s, ui_app *a)
{
    (void)s;
    SDL_StopTextInput();
    if (!ui_app_pop_to(a, "title")) /* started with --scenario: there is nothing under the battle */
        a->quit = true;
    else
        ui_app_toast(a, "The game is kept: Continue picks it up where you left it.");
}

static void battle_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    scr_battle *s = (scr_battle *)sc;
    ui_battle *b = s->bt;
    b->every_step = a->set.every_step;
    if (b->mode != BM_HANDOVER && s->unlocked_for >= 0 && b->screen_side != s->unlocked_for)
        s->unlocked_for = -1;
    if (needs_password(s)) {
        if (ui_pwbox_event(&s->pw, e)) {
            try_unlock(s);
        } else if (e->type == SDL_KEYDOWN) {
            SDL_Keycode k = e->key.keysym.sym;
            if (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL))
                leave(s, a);
            else if (k == SDLK_s && (e->key.keysym.mod & KMOD_CTRL))
                ui_battle_event(b, e); /* refused on a handover screen, with a note */
        } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *bt = ui_buttons_at(&s->own, e->button.x, e->button.y);
            if (bt && bt->id == SB_UNLOCK)
                try_unlock(s);
        }
        return; /* nothing reaches the handover screen until the password is right */
    }
    if (b->save_open) { /* the save-name dialog takes every key (Enter saves there) */
        ui_battle_event(b, e);
        return;
    }
    if (s->confirming) {
        if (e->type == SDL_KEYDOWN) {
            SDL_Keycode k = e->key.keysym.sym;
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_y) {
                s->confirming = false;
                ui_battle_ready(b);
            } else if (k == SDLK_ESCAPE || k == SDLK_n) {
                s->confirming = false;
            }
        } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *bt = ui_buttons_at(&s->own, e->button.x, e->button.y);
            if (bt && bt->id == SB_CONFIRM_YES) {
                s->confirming = false;
                s->swallow_up = true;
                ui_battle_ready(b);
            } else if (bt && bt->id == SB_CONFIRM_NO) {
                s->confirming = false;
                s->swallow_up = true;
            }
        }
        return;
    }
    if (s->swallow_up && e->type == SDL_MOUSEBUTTONUP) {
        s->swallow_up = false;
        return;
    }
    /* Ready with ships left without orders always asks: they would do nothing for turns */
    int unplotted = ready_wait(b) ? ui_battle_unplotted(b, s->warn, sizeof s->warn) : 0;
    if ((a->set.confirm_ready || unplotted > 0) && ready_wait(b)) {
        bool enter = e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_KP_ENTER);
        bool click = false;
        if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *bt = ui_buttons_at(&b->buttons, e->button.x, e->button.y);
            click = bt && bt->id == B_READY && bt->enabled;
        }
        if (enter || click) {
            s->confirming = true;
            s->swallow_up = click;
            return;
        }
    }
    if (b->mode == BM_OVER && s->results_shown && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_r) {
        ui_app_push(a, ui_scr_results(a, b->game, (const char(*)[JS_NAME_LEN])b->players, s->record_path));
        return;
    }
    int speed = b->speed;
    ui_battle_event(b, e);
    if (b->speed != speed) { /* the speed keys change the setting too */
        a->set.anim_speed = b->speed;
    }
    if (ui_battle_quit(b)) {
        b->quit = false;
        leave(s, a);
    }
}

static bool battle_update(ui_screen *sc, ui_app *a, double dt)
{
    scr_battle *s = (scr_battle *)sc;
    s->bt->every_step = a->set.every_step;
    bool busy = ui_battle_update(s->bt, dt);
    if (s->bt->mode == BM_OVER && !s->results_shown) {
        s->over_t += dt;
        busy = true;
        if (s->over_t > 1.2 && ui_app_top(a) == sc) {
            s->results_shown = true;
            ui_app_push(a, ui_scr_results(a, s->bt->game, (const char(*)[JS_NAME_LEN])s->bt->players,
                                          s->record_path[0] ? s->record_path : NULL));
        }
    }
    return busy;
}

static void dialog(scr_battle *s, ui_app *a, SDL_Rect rc, ui_rgba edge)
{
    (void)s;
    ui_fill_rect(a->g.r, (SDL_Rect){0, 0, a->w, a->h}, ui_col(0, 0, 0, 120));
    ui_panel(a->g.r, rc, ui_col(14, 18, 34, 250), edge);
    ui_fill_rect(a->g.r, (SDL_Rect){rc.x, rc.y, rc.w, ui_px(3)}, edge);
}

static void battle_draw(ui_screen *sc, ui_app *a)
{
    scr_battle *s = (scr_battle *)sc;
    ui_battle *b = s->bt;
    ui_battle_draw(b);
    ui_text *t = a->g.text;
    ui_buttons_begin(&s->own);
    if (needs_password(s)) {
        int side = b->handover_to;
        char buf[120];
        snprintf(buf, sizeof buf, "%s, enter your password", b->players[side]);
        ui_pwbox_draw(a, &s->own, &s->pw, a->w / 2, a->h / 2 + ui_px(60), buf,
                      "Type it and press Enter. Nothing is shown until it is right.",
                      ui_side_col(js_game_scenario(b->game), side), SB_UNLOCK);
    } else if (s->confirming) {
        int cx = a->w / 2, cy = a->h / 2;
        int extra = 0;
        if (s->warn[0]) { /* room for the warning's wrapped lines (a line more than its width needs) */
            int ww, wh;
            ui_text_size(t, UI_FONT_SANS, ui_px(14), s->warn, &ww, &wh);
            extra = (ww / ui_px(420) + 2) * ui_text_line_h(t, UI_FONT_SANS, ui_px(14));
        }
        SDL_Rect rc = {cx - ui_px(230), cy - ui_px(80) - extra / 2, ui_px(460), ui_px(160) + extra};
        dialog(s, a, rc, s->warn[0] ? UI_BAD : UI_ACCENT);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(20), s->warn[0] ? "Ready anyway?" : "Commit your decision?", UI_TEXT, cx,
                     rc.y + ui_px(20), UI_AL_CENTER);
        if (s->warn[0])
            ui_text_wrap(t, UI_FONT_SANS, ui_px(14), s->warn, UI_BAD, rc.x + ui_px(20), rc.y + ui_px(54), ui_px(420));
        ui_text_draw(t, UI_FONT_SANS, ui_px(14),
                     s->warn[0] ? "Without orders a ship keeps its phase and does nothing else."
                                : "Once you are Ready it cannot be changed.",
                     UI_TEXT_DIM, cx, rc.y + ui_px(54) + extra, UI_AL_CENTER);
        int bw = ui_px(170), bh = ui_px(42), by = rc.y + rc.h - bh - ui_px(18);
        ui_button_add(&s->own, t, a->g.r, (SDL_Rect){cx - bw - ui_px(10), by, bw, bh}, "Ready", SB_CONFIRM_YES, 0, 0, true,
                      true, "Enter", a->mx, a->my);
        ui_button_add(&s->own, t, a->g.r, (SDL_Rect){cx + ui_px(10), by, bw, bh}, "Not yet", SB_CONFIRM_NO, 0, 0, true,
                      false, "Esc", a->mx, a->my);
    }
    if (s->own.n > 0) { /* a dialog is up: the test layout lists its buttons */
        a->buttons = s->own;
        char extra[sizeof s->warn + 8] = "";
        if (s->confirming && s->warn[0])
            snprintf(extra, sizeof extra, "warn %s\n", s->warn);
        ui_app_layout(a, needs_password(s) ? "password" : "confirm", extra);
    }
}

static void battle_resize(ui_screen *sc, ui_app *a, int w, int h)
{
    (void)a;
    scr_battle *s = (scr_battle *)sc;
    ui_battle_resize(s->bt, w, h);
}

static void battle_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    scr_battle *s = (scr_battle *)sc;
    SDL_StopTextInput();
    ui_battle_destroy(s->bt);
    free(s->scn);
    free(s);
}

ui_screen *ui_scr_battle_wrap(ui_app *a, ui_battle *bt, const ui_game_setup *setup, const char *record_path)
{
    scr_battle *s = calloc(1, sizeof *s);
    if (!s) {
        ui_battle_destroy(bt);
        return NULL;
    }
    s->base.name = "battle";
    s->base.own_layout = true;
    s->base.event = battle_event;
    s->base.update = battle_update;
    s->base.draw = battle_draw;
    s->base.resize = battle_resize;
    s->base.close = battle_close;
    s->bt = bt;
    if (setup) {
        s->setup = *setup;
        for (int i = 0; i < JS_SIDES; i++)
            s->pw_hash[i] = ui_pw_digest(setup->password[i]);
        memset(s->setup.password, 0, sizeof s->setup.password);
        if (s->pw_hash[0] || s->pw_hash[1] || record_path) /* a new game; a resumed one keeps its own */
            pw_keep(bt, s->pw_hash, record_path);
    }
    snprintf(s->record_path, sizeof s->record_path, "%s", record_path ? record_path : "");
    s->unlocked_for = -1;
    bt->speed = a->set.anim_speed;
    ui_battle_layout_forget();
    return &s->base;
}

ui_screen *ui_scr_battle_new(ui_app *a, const ui_game_setup *setup, const char *record_path, char *err, size_t cap)
{
    ui_app_sprites(a);
    jsd_error je;
    js_scenario *scn = jsd_scenario_load(setup->scenario_path, &je);
    if (!scn) {
        snprintf(err, cap, "%s", je.msg);
        return NULL;
    }
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = scn;
    cfg.dice.kind = setup->manual_dice ? JS_DICE_MANUAL : JS_DICE_SEEDED;
    cfg.dice.seed = setup->seed;
    cfg.scenario_path = setup->scenario_path;
    cfg.autosave_path = record_path;
    for (int i = 0; i < JS_SIDES; i++) {
        snprintf(cfg.players[i], JS_NAME_LEN, "%s", setup->players[i]);
        snprintf(cfg.computer[i], JSD_LEVEL_LEN, "%s", setup->computer[i]);
    }
    ui_battle *bt = ui_battle_create(&a->g, &cfg, err, cap);
    if (!bt) {
        free(scn);
        return NULL;
    }
    ui_screen *s = ui_scr_battle_wrap(a, bt, setup, record_path);
    if (s)
        ((scr_battle *)s)->scn = scn;
    else
        free(scn);
    return s;
}

ui_screen *ui_scr_battle_resume(ui_app *a, const char *path, char *err, size_t cap)
{
    ui_app_sprites(a);
    /* the saves module rebuilds the game (every hash checked) and keeps autosaving it */
    char autosave[1100] = "";
    ui_autosave_path(a, autosave, sizeof autosave);
    ui_battle *bt = ui_battle_resume(&a->g, path, autosave[0] ? autosave : NULL, err, cap);
    if (!bt)
        return NULL;
    ui_game_setup setup;
    memset(&setup, 0, sizeof setup);
    const jsd_record *rec = ui_battle_record(bt);
    if (rec) {
        snprintf(setup.scenario_path, sizeof setup.scenario_path, "%s", rec->scenario_path);
        for (int i = 0; i < JS_SIDES; i++) {
            snprintf(setup.players[i], JS_NAME_LEN, "%s", rec->players[i]);
            snprintf(setup.computer[i], JSD_LEVEL_LEN, "%s", rec->computer[i]);
        }
        setup.seed = rec->seed;
        setup.manual_dice = rec->dice_kind == JS_DICE_MANUAL;
    }
    ui_screen *s = ui_scr_battle_wrap(a, bt, &setup, NULL);
    if (s) {
        scr_battle *sb = (scr_battle *)s;
        if (rec) /* ui_saves_rebuild read them from the save (or an earlier version's file) */
            memcpy(sb->pw_hash, rec->passwords, sizeof sb->pw_hash);
        snprintf(sb->record_path, sizeof sb->record_path, "%s", autosave[0] ? autosave : path);
    }
    return s;
}

bool ui_autosave_path(const ui_app *a, char *out, size_t cap)
{
    (void)a;
    out[0] = 0;
    return ui_saves_autosave_path(out, cap);
}
