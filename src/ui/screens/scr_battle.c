/* scr_battle.c — the battle as a screen of the stack. It owns a ui_battle (battle.c) and adds
 * what sits around it: the per-side handover password, confirm-before-Ready, the animation
 * speed from the settings, the Esc menu (resume, save, settings, rules, quit), leaving to the
 * title (asked first when the game would not be kept), and the results screen at the end. */
#include "battle/battle.h"
#include "battle/ui_saves.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SB_UNLOCK = 900, SB_PW_CANCEL, SB_CONFIRM_YES, SB_CONFIRM_NO, SB_RESULTS, SB_LEAVE_YES, SB_LEAVE_NO };
/* the Esc menu's entries, top to bottom */
enum { SB_MENU_RESUME = 920, SB_MENU_SAVE, SB_MENU_SETTINGS, SB_MENU_RULES, SB_MENU_QUIT, SB_MENU_END };

typedef struct scr_battle {
    ui_screen base;
    ui_battle *bt;
    js_scenario *scn;                       /* the battle's scenario (the game copies it) */
    ui_game_setup setup;
    char record_path[1100];
    /* the password gate: the record's seal holds each side's salted Argon2id verifier */
    ui_pwbox pw;
    int unlocked_for;                       /* handover already unlocked (-1 none) */
    /* confirm before Ready (the setting), or a warning when ships have no orders */
    bool confirming;
    char warn[600];
    bool swallow_up;
    /* the Esc menu and the question before leaving a game that is not kept */
    bool menu_open;
    int menu_focus;                          /* SB_MENU_... */
    bool leave_ask;
    bool leave_quits;                        /* leaving closes the program (the window's close button) */
    char leave_why[200];
    int seen_speed;                          /* the settings' speed the battle last took */
    /* the end */
    double over_t;
    bool results_shown;
    ui_buttons own;                          /* the dialogs' buttons */
} scr_battle;

/* A protected game's record is sealed (its seal set before the first write, ui_battle_cfg.seal),
 * so every file of it, the autosave and named saves alike, is sealed. Earlier versions kept the
 * passwords' digests beside the save (RECORD.passwords, read by ui_saves_rebuild); a new game
 * removes such a file left from an earlier game. */
static void pw_keep(const char *record)
{
    if (record && *record) {
        char old[1200];
        snprintf(old, sizeof old, "%s.passwords", record);
        remove(old);
    }
}

static bool needs_password(const scr_battle *s)
{
    int side = ui_battle_handover_side(s->bt);
    const jsd_record *rec = ui_battle_record(s->bt);
    return side >= 0 && rec && jsd_seal_side(rec->seal, side) && s->unlocked_for != side;
}

static void try_unlock(scr_battle *s)
{
    int side = ui_battle_handover_side(s->bt);
    bool right = jsd_seal_check(ui_battle_record(s->bt)->seal, side, s->pw.typed); /* one Argon2id: ~0.25 s */
    ui_pwbox_tried(&s->pw, right);
    if (right) {
        s->unlocked_for = side;
        ui_battle_take_handover(s->bt);
    }
}

static void leave_now(scr_battle *s, ui_app *a)
{
    SDL_StopTextInput();
    if (s->leave_quits) {
        s->leave_ask = s->leave_quits = false;
        a->quit = true;
        return;
    }
    const ui_battle *b = s->bt;
    bool kept = !ui_battle_unkept(b, s->leave_why, sizeof s->leave_why);
    if (!ui_app_pop_to(a, "title")) /* started with --scenario: there is nothing under the battle */
        a->quit = true;
    else if (kept && ui_battle_autosave_path(b)[0])
        ui_app_toast(a, "The game is kept: Continue picks it up where you left it.");
    else if (kept)
        ui_app_toast(a, "The game's record is kept in %s.", ui_battle_record_path(b));
}

/* The window's close button over a game that is not kept: the same question first. */
static bool battle_quit_asked(ui_screen *sc, ui_app *a)
{
    (void)a;
    scr_battle *s = (scr_battle *)sc;
    if (!ui_battle_unkept(s->bt, s->leave_why, sizeof s->leave_why))
        return false;
    s->menu_open = false;
    s->leave_ask = true;
    s->leave_quits = true;
    return true;
}

/* Leaving loses nothing when the game is kept on disk; otherwise it asks first. */
static void leave(scr_battle *s, ui_app *a)
{
    s->menu_open = false;
    s->leave_quits = false;
    if (ui_battle_unkept(s->bt, s->leave_why, sizeof s->leave_why)) {
        s->leave_ask = true;
        return;
    }
    leave_now(s, a);
}

static void menu_act(scr_battle *s, ui_app *a, int id)
{
    ui_battle *b = s->bt;
    s->menu_open = false;
    if (id == SB_MENU_SAVE) { /* the battle's own Ctrl+S dialog (it refuses on a handover, with a note) */
        SDL_Event e = ui_key_event(SDLK_s, KMOD_LCTRL);
        ui_battle_event(b, &e);
    } else if (id == SB_MENU_SETTINGS) {
        ui_app_push(a, ui_scr_settings(a));
    } else if (id == SB_MENU_RULES && a->help_screen) {
        ui_app_push(a, a->help_screen(a));
    } else if (id == SB_MENU_QUIT) {
        leave(s, a);
    }
    /* no swallow_up here: a click on the menu sets it for its own release; a key press has
     * none, and the next click (on Ready, say) was eaten */
}

/* The menu and the question before leaving take every key and click while they are up. */
static bool menu_event(scr_battle *s, ui_app *a, const SDL_Event *e)
{
    if (s->leave_ask) {
        if (e->type == SDL_KEYDOWN) {
            SDL_Keycode k = e->key.keysym.sym;
            if (k == SDLK_y)
                leave_now(s, a);
            else if (k == SDLK_ESCAPE || k == SDLK_n || k == SDLK_RETURN || k == SDLK_KP_ENTER)
                s->leave_ask = false; /* Enter takes the highlighted choice: stay */
        } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *bt = ui_buttons_at(&s->own, e->button.x, e->button.y);
            if (bt && bt->id == SB_LEAVE_YES)
                leave_now(s, a);
            else if (bt && bt->id == SB_LEAVE_NO)
                s->leave_ask = false;
            s->swallow_up = true;
        }
        return true;
    }
    if (!s->menu_open)
        return false;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        int n = SB_MENU_END - SB_MENU_RESUME, i = s->menu_focus - SB_MENU_RESUME;
        if (k == SDLK_ESCAPE)
            s->menu_open = false;
        else if (k == SDLK_DOWN || (k == SDLK_TAB && !(e->key.keysym.mod & KMOD_SHIFT)))
            s->menu_focus = SB_MENU_RESUME + (i + 1) % n;
        else if (k == SDLK_UP || k == SDLK_TAB)
            s->menu_focus = SB_MENU_RESUME + (i + n - 1) % n;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
            menu_act(s, a, s->menu_focus);
        else if (k == SDLK_s && (e->key.keysym.mod & KMOD_CTRL))
            menu_act(s, a, SB_MENU_SAVE);
        else if (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL))
            menu_act(s, a, SB_MENU_QUIT);
        else if (k == SDLK_F1)
            menu_act(s, a, SB_MENU_RULES);
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *bt = ui_buttons_at(&s->own, e->button.x, e->button.y);
        if (bt && bt->enabled && bt->id >= SB_MENU_RESUME && bt->id < SB_MENU_END)
            menu_act(s, a, bt->id);
        else if (!bt) /* a click beside the menu closes it */
            s->menu_open = false;
        s->swallow_up = true;
    } else if (e->type == SDL_MOUSEMOTION) {
        const ui_button *bt = ui_buttons_at(&s->own, e->motion.x, e->motion.y);
        if (bt && bt->enabled && bt->id >= SB_MENU_RESUME && bt->id < SB_MENU_END)
            s->menu_focus = bt->id;
    }
    return true;
}

static void battle_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    scr_battle *s = (scr_battle *)sc;
    ui_battle *b = s->bt;
    ui_battle_set_every_step(b, a->set.every_step);
    if (!ui_battle_in_handover(b) && s->unlocked_for >= 0 && ui_battle_screen_side(b) != s->unlocked_for)
        s->unlocked_for = -1;
    /* The release of a click a dialog took is dropped here, before any dialog or the password
     * box can keep it from being seen: a release left owed across the password screen ate the
     * next player's first release on the map, so the map followed the mouse until the next click. */
    if (e->type == SDL_MOUSEBUTTONDOWN)
        s->swallow_up = false; /* a new press: the release owed was lost */
    else if (s->swallow_up && e->type == SDL_MOUSEBUTTONUP) {
        s->swallow_up = false;
        return;
    }
    if (menu_event(s, a, e))
        return;
    if (needs_password(s)) {
        if (ui_pwbox_event(&s->pw, e)) {
            try_unlock(s);
        } else if (e->type == SDL_KEYDOWN) {
            SDL_Keycode k = e->key.keysym.sym;
            if (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL))
                leave(s, a);
            else if (k == SDLK_ESCAPE) {
                s->menu_open = true;
                s->menu_focus = SB_MENU_RESUME;
            } else if (k == SDLK_s && (e->key.keysym.mod & KMOD_CTRL))
                ui_battle_event(b, e); /* refused on a handover screen, with a note */
        } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *bt = ui_buttons_at(&s->own, e->button.x, e->button.y);
            if (bt && bt->id == SB_UNLOCK)
                try_unlock(s);
            s->swallow_up = true; /* its release is not a click on the map the password opened */
        }
        return; /* nothing reaches the handover screen until the password is right */
    }
    if (ui_battle_saving(b)) { /* the save-name dialog takes every key (Enter saves there) */
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
    /* Esc lets go of what is in hand first; with nothing in hand it opens the menu (a turn
     * playing out is skipped by any key, Esc too) */
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE && !(e->key.keysym.mod & KMOD_CTRL) &&
        !ui_battle_animating(b) && !ui_battle_holding(b)) {
        s->menu_open = true;
        s->menu_focus = SB_MENU_RESUME;
        return;
    }
    /* Ready with ships left without orders always asks: they would do nothing for turns */
    int unplotted = ui_battle_asks_ready(b) ? ui_battle_unplotted(b, s->warn, sizeof s->warn) : 0;
    if ((a->set.confirm_ready || unplotted > 0) && ui_battle_asks_ready(b)) {
        bool enter = e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_KP_ENTER);
        bool click = false;
        if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT)
            click = ui_battle_ready_at(b, e->button.x, e->button.y);
        if (enter || click) {
            s->confirming = true;
            s->swallow_up = click;
            return;
        }
    }
    if (ui_battle_over(b) && s->results_shown && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_r) {
        ui_app_push(a, ui_scr_results(a, ui_battle_game(b), ui_battle_players(b), s->record_path,
                                   ui_battle_home(b)));
        return;
    }
    int speed = ui_battle_speed(b);
    ui_battle_event(b, e);
    if (ui_battle_menu_asked(b)) { /* the Menu button: the same menu as Esc */
        s->menu_open = true;
        s->menu_focus = SB_MENU_RESUME;
    }
    if (ui_battle_speed(b) != speed) /* the speed keys change the setting too */
        a->set.anim_speed = ui_battle_speed(b);
    if (ui_battle_quit(b))
        leave(s, a);
}

static bool battle_update(ui_screen *sc, ui_app *a, double dt)
{
    scr_battle *s = (scr_battle *)sc;
    ui_battle_set_every_step(s->bt, a->set.every_step);
    if (a->set.anim_speed != s->seen_speed) /* changed in Settings from the menu */
        ui_battle_set_speed(s->bt, s->seen_speed = a->set.anim_speed);
    bool busy = ui_battle_update(s->bt, dt);
    if (ui_battle_over(s->bt) && !s->results_shown) {
        s->over_t += dt;
        busy = true;
        if (s->over_t > 1.2 && ui_app_top(a) == sc) {
            s->results_shown = true;
            ui_app_push(a, ui_scr_results(a, ui_battle_game(s->bt), ui_battle_players(s->bt),
                                          s->record_path[0] ? s->record_path : NULL, ui_battle_home(s->bt)));
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

/* The Esc menu: the entries in a column, the highlighted one pressed by Enter. */
static void menu_draw(scr_battle *s, ui_app *a)
{
    ui_text *t = a->g.text;
    const ui_battle *b = s->bt;
    int n = SB_MENU_END - SB_MENU_RESUME, bh = ui_px(42), gap = ui_px(10), w = ui_px(320);
    int h = ui_px(70) + n * (bh + gap) + ui_px(10);
    SDL_Rect rc = {a->w / 2 - w / 2, a->h / 2 - h / 2, w, h};
    dialog(s, a, rc, UI_ACCENT);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(20), "Paused", UI_TEXT, a->w / 2, rc.y + ui_px(18), UI_AL_CENTER);
    static const char *const label[] = {"Resume", "Save game\xe2\x80\xa6", "Settings", "Rules", "Quit to title"};
    char why[200];
    bool unkept = ui_battle_unkept(b, why, sizeof why);
    bool can_save = !ui_battle_in_handover(b) && ui_battle_autosave_path(b)[0];
    const char *tips[] = {"Back to the battle (Esc)",
                          can_save ? "Save under a name (Ctrl+S)"
                          : ui_battle_in_handover(b) ? "Pass the screen first: the player at the controls saves"
                                                   : "There is no data folder to save in",
                          "Sound, scale, speed, forced choices", "The rules and the keys (F1)",
                          unkept ? "Asks first: this game is not kept (Ctrl+Q)" : "The game is kept: Continue resumes it (Ctrl+Q)"};
    for (int i = 0; i < n; i++) {
        int id = SB_MENU_RESUME + i;
        bool en = id != SB_MENU_SAVE || can_save;
        ui_button_add(&s->own, t, a->g.r, (SDL_Rect){rc.x + ui_px(30), rc.y + ui_px(62) + i * (bh + gap), w - ui_px(60), bh},
                      label[i], id, 0, 0, en, s->menu_focus == id, tips[i], a->mx, a->my);
    }
    if (s->own.hot >= 0 && s->own.b[s->own.hot].tip[0]) {
        const char *tip = s->own.b[s->own.hot].tip;
        ui_tooltip(t, a->g.r, a->mx, a->my, &tip, 1, a->w, a->h);
    }
}

/* Before leaving a game that would be lost. */
static void leave_dialog(scr_battle *s, ui_app *a)
{
    ui_text *t = a->g.text;
    int cx = a->w / 2, w = ui_px(480), h = ui_px(200);
    SDL_Rect rc = {cx - w / 2, a->h / 2 - h / 2, w, h};
    dialog(s, a, rc, UI_BAD);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(20), s->leave_quits ? "Quit Jumpstrike?" : "Leave this battle?", UI_TEXT, cx,
                 rc.y + ui_px(20), UI_AL_CENTER);
    char buf[320];
    snprintf(buf, sizeof buf, "It would be lost: %s, so it cannot be continued later.", s->leave_why);
    ui_text_wrap(t, UI_FONT_SANS, ui_px(14), buf, UI_BAD, rc.x + ui_px(24), rc.y + ui_px(60), w - ui_px(48));
    int bw = ui_px(200), bh = ui_px(42), by = rc.y + h - bh - ui_px(18);
    ui_button_add(&s->own, t, a->g.r, (SDL_Rect){cx - bw - ui_px(10), by, bw, bh},
                  s->leave_quits ? "Quit and lose it" : "Leave and lose it", SB_LEAVE_YES, 0, 0, true, false, "Y", a->mx,
                  a->my);
    ui_button_add(&s->own, t, a->g.r, (SDL_Rect){cx + ui_px(10), by, bw, bh}, "Stay", SB_LEAVE_NO, 0, 0, true, true,
                  "Enter, Esc or N", a->mx, a->my);
}

static void battle_draw(ui_screen *sc, ui_app *a)
{
    scr_battle *s = (scr_battle *)sc;
    ui_battle *b = s->bt;
    if (s->menu_open || s->confirming || s->leave_ask)
        ui_battle_hush(b); /* a note of the moment before a dialog does not stay over it */
    ui_battle_draw(b);
    ui_text *t = a->g.text;
    ui_buttons_begin(&s->own);
    if (needs_password(s)) {
        int side = ui_battle_handover_side(b);
        char buf[120];
        snprintf(buf, sizeof buf, "%s, enter your password", ui_battle_players(b)[side]);
        ui_pwbox_draw(a, &s->own, &s->pw, a->w / 2, a->h / 2 + ui_px(60), buf,
                      "Type it and press Enter. Nothing is shown until it is right.",
                      ui_side_col(js_game_scenario(ui_battle_game(b)), side), SB_UNLOCK);
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
    if (s->leave_ask)
        leave_dialog(s, a);
    else if (s->menu_open)
        menu_draw(s, a);
    if (s->own.n > 0) { /* a dialog is up: the test layout lists its buttons */
        a->buttons = s->own;
        char extra[sizeof s->warn + 8] = "";
        if (s->confirming && s->warn[0])
            snprintf(extra, sizeof extra, "warn %s\n", s->warn);
        else if (s->menu_open)
            snprintf(extra, sizeof extra, "focus %d\n", s->menu_focus);
        else if (needs_password(s)) /* whose password it asks for */
            snprintf(extra, sizeof extra, "asking %d\n", ui_battle_handover_side(b));
        ui_app_layout(a, s->leave_ask ? "leave" : s->menu_open ? "menu" : needs_password(s) ? "password" : "confirm",
                      extra);
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
    s->base.quit_asked = battle_quit_asked;
    s->bt = bt;
    ui_battle_menu_button(bt, true);
    if (setup) {
        s->setup = *setup;
        const jsd_record *rec = ui_battle_record(bt);
        if ((setup->password[0][0] || setup->password[1][0]) && rec && !rec->seal) {
            /* a battle made without its keys (ui_scr_battle_new gives them before the first write) */
            const char *pw[JS_SIDES] = {setup->password[0], setup->password[1]};
            jsd_error je;
            jsd_seal *seal = jsd_seal_new(pw, JSD_SEAL_OPS, JSD_SEAL_MEM, &je);
            if (!seal)
                ui_battle_notice(bt, "The passwords cannot protect the game: %s", je.msg);
            else
                ui_battle_set_seal(bt, seal);
        }
        memset(s->setup.password, 0, sizeof s->setup.password);
        pw_keep(record_path);
    }
    snprintf(s->record_path, sizeof s->record_path, "%s", record_path ? record_path : "");
    s->unlocked_for = -1;
    ui_battle_set_speed(bt, s->seen_speed = a->set.anim_speed);
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
    /* the game in the autosave (finished or not) is kept in the saves folder, not overwritten */
    char autosave[1100] = "", kept[UI_SAVE_NAME_MAX + 16] = "", kerr[700];
    bool keeping = record_path && ui_autosave_path(a, autosave, sizeof autosave) && !strcmp(autosave, record_path);
    if (keeping && !ui_saves_keep_autosave(kept, sizeof kept, kerr, sizeof kerr) && kerr[0]) {
        snprintf(err, cap, "the last game in the autosave could not be kept, so it is not replaced: %s", kerr);
        free(scn);
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
    if (setup->password[0][0] || setup->password[1][0]) { /* sealed from its first write */
        const char *pw[JS_SIDES] = {setup->password[0], setup->password[1]};
        jsd_error je2;
        cfg.seal = jsd_seal_new(pw, JSD_SEAL_OPS, JSD_SEAL_MEM, &je2);
        if (!cfg.seal) {
            snprintf(err, cap, "the passwords cannot protect the game: %s", je2.msg);
            free(scn);
            return NULL;
        }
    }
    ui_battle *bt = ui_battle_create(&a->g, &cfg, err, cap);
    jsd_seal_free(cfg.seal);
    if (!bt) {
        free(scn);
        return NULL;
    }
    ui_screen *s = ui_scr_battle_wrap(a, bt, setup, record_path);
    if (s)
        ((scr_battle *)s)->scn = scn;
    else
        free(scn);
    if (s && kept[0])
        ui_app_toast(a, "Your last game is kept: Load lists it as \"%s\".", kept);
    if (s && !record_path) { /* no data folder: the player must know nothing is kept */
        char dir[1100], why[400] = "";
        ui_saves_dir(dir, sizeof dir, why, sizeof why);
        ui_battle_notice(bt, "No autosave: %s. This game is not kept when you leave.",
                         why[0] ? why : "there is no data folder for saved games");
    }
    return s;
}

/* Whether the game in the record at `path` is the game of `r` at its moment or earlier (its
 * every command is r's, the same hashes after them): keeping it would keep nothing new. */
static bool part_of(const char *path, const jsd_record *r)
{
    jsd_error je;
    jsd_record *o = jsd_record_load_seal(path, NULL, r->seal, &je); /* sealed with r's keys: it opens */
    bool part = o && o->scenario_hash == r->scenario_hash && o->seed == r->seed && o->ncmds <= r->ncmds &&
                (o->ncmds == 0 || o->hashes[o->ncmds - 1] == r->hashes[o->ncmds - 1]);
    jsd_record_free(o);
    return part;
}

/* A game loaded by name becomes the autosave at once, so Continue brings back the game last
 * opened: after a turn-2 save was loaded and left at its password screen, Continue opened the
 * turn-5 game still in the autosave. That game, unless it is the loaded one at an earlier
 * moment, moves to the saves folder first (as on a new game); when it cannot, the autosave is
 * left alone and the battle's own first autosave replaces it later, as before. */
static void loaded_into_autosave(ui_app *a, const jsd_record *rec, const char *autosave)
{
    char kept[UI_SAVE_NAME_MAX + 4] = "", err[700] = "";
    if (!part_of(autosave, rec) && !ui_saves_keep_autosave(kept, sizeof kept, err, sizeof err) && err[0])
        return;
    if (!ui_saves_write(rec, autosave, err, sizeof err))
        return;
    if (kept[0])
        ui_app_toast(a, "Your last game is kept: Load lists it as \"%s\".", kept);
}

ui_screen *ui_scr_battle_resume(ui_app *a, const char *path, char *err, size_t cap)
{
    bool has[JS_SIDES];
    char names[JS_SIDES][JS_NAME_LEN];
    if (ui_saves_needs_passwords(path, has, names)) /* both players type theirs first */
        return ui_scr_unlock(a, path, has, names, ui_scr_battle_resume_pw);
    return ui_scr_battle_resume_pw(a, path, NULL, err, cap);
}

ui_screen *ui_scr_battle_resume_pw(ui_app *a, const char *path, const char *const *pw, char *err, size_t cap)
{
    ui_app_sprites(a);
    jsd_sealed_info sealed;
    bool old_digest = pw && !jsd_record_sealed_info(path, &sealed, NULL);
    /* the saves module rebuilds the game (every hash checked) and keeps autosaving it */
    char autosave[1100] = "";
    ui_autosave_path(a, autosave, sizeof autosave);
    ui_battle *bt = ui_battle_resume_pw(&a->g, path, pw, autosave[0] ? autosave : NULL, err, cap);
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
        snprintf(sb->record_path, sizeof sb->record_path, "%s", autosave[0] ? autosave : path);
        if (rec && autosave[0] && strcmp(path, autosave) != 0)
            loaded_into_autosave(a, rec, autosave);
        char werr[700];
        if (rec && rec->seal && old_digest) /* an earlier version's save: sealed from now on */
            ui_saves_write(rec, path, werr, sizeof werr);
    }
    return s;
}

bool ui_autosave_path(const ui_app *a, char *out, size_t cap)
{
    (void)a;
    out[0] = 0;
    return ui_saves_autosave_path(out, cap);
}
