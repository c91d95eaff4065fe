/* scr_settings.c — the settings screen. Every change applies at once and is saved when the
 * screen closes (atomically, to the user's folder). */
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_VOL_DOWN = 1, S_VOL_UP, S_MUTE, S_FULL, S_SCALE, S_SPEED, S_PALETTE, S_CONFIRM, S_EVERY_STEP, S_BACK, S_DEFAULTS };

typedef struct settings_scr {
    ui_screen base;
    ui_settings before;
} settings_scr;

static void save_now(ui_app *a)
{
    char msg[600];
    if (!ui_settings_save(&a->set, a->settings_path, msg, sizeof msg))
        ui_app_toast(a, "%s", msg);
}

static void close_scr(ui_app *a)
{
    save_now(a);
    ui_app_pop(a);
}

static void act(ui_app *a, int id, int arg)
{
    ui_settings *s = &a->set;
    switch (id) {
    case S_VOL_DOWN: s->volume = s->volume >= 10 ? s->volume - 10 : 0; break;
    case S_VOL_UP: s->volume = s->volume <= 90 ? s->volume + 10 : 100; break;
    case S_MUTE: s->mute = !s->mute; break;
    case S_FULL: s->fullscreen = arg != 0; break;
    case S_SCALE: s->scale_pct = arg; break;
    case S_SPEED: s->anim_speed = arg; break;
    case S_PALETTE: s->cb_palette = arg != 0; break;
    case S_CONFIRM: s->confirm_ready = arg != 0; break;
    case S_EVERY_STEP: s->every_step = arg != 0; break;
    case S_DEFAULTS: ui_settings_defaults(s); break;
    case S_BACK: close_scr(a); return;
    default: return;
    }
    ui_app_apply_settings(a);
    if (id == S_VOL_DOWN || id == S_VOL_UP)
        ui_sound_play(a->g.assets, UI_SND_CLICK);
}

static void settings_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    (void)sc;
    if (e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_ESCAPE || e->key.keysym.sym == SDLK_BACKSPACE)) {
        close_scr(a);
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b)
            act(a, b->id, b->arg);
    }
}

/* One row: a label, a note, and the controls placed by the caller at the returned x. */
static int row(ui_app *a, int x, int y, int w, const char *label, const char *note)
{
    ui_text *t = a->g.text;
    ui_panel(a->g.r, (SDL_Rect){x, y, w, ui_px(62)}, ui_col(14, 18, 34, 230), ui_col(44, 56, 86, 255));
    ui_text_draw(t, UI_FONT_BOLD, ui_px(16), label, UI_TEXT, x + ui_px(18), y + ui_px(10), UI_AL_LEFT);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), note, UI_TEXT_DIM, x + ui_px(18), y + ui_px(34), UI_AL_LEFT);
    return x + w * 45 / 100;
}

static void choice(ui_app *a, int *x, int y, const char *label, int id, int arg, bool on, const char *tip)
{
    int tw, th;
    ui_text_size(a->g.text, UI_FONT_BOLD, ui_px(13), label, &tw, &th);
    int w = tw + ui_px(28);
    if (w < ui_px(70))
        w = ui_px(70);
    ui_button_add(&a->buttons, a->g.text, a->g.r, (SDL_Rect){*x, y + ui_px(14), w, ui_px(34)}, label, id, arg, 0, true, on,
                  tip, a->mx, a->my);
    *x += w + ui_px(8);
}

/* A row of two choices side by side: off (arg 0) and on (arg 1), the one in force lit. */
static void two_way(ui_app *a, int x, int y, int w, const char *label, const char *note, const char *off,
                    const char *on, int id, bool val)
{
    int cx = row(a, x, y, w, label, note);
    choice(a, &cx, y, off, id, 0, !val, NULL);
    cx -= ui_px(8);
    choice(a, &cx, y, on, id, 1, val, NULL);
}

static void settings_draw(ui_screen *sc, ui_app *a)
{
    (void)sc;
    ui_settings *s = &a->set;
    ui_scr_backdrop(a);
    char sub[1200];
    snprintf(sub, sizeof sub, "Kept between games in %s", a->settings_path[0] ? a->settings_path : "(no user folder)");
    int y = ui_scr_heading(a, "Settings", sub);
    int x0 = ui_px(48), w = a->w - 2 * x0;
    if (w > ui_px(980))
        w = ui_px(980);
    int step = ui_px(70), cx;
    char buf[64];

    cx = row(a, x0, y, w, "Volume", "Sound effects: clicks, launches, missiles, dice");
    choice(a, &cx, y, "\xe2\x88\x92", S_VOL_DOWN, 0, false, "Quieter");
    snprintf(buf, sizeof buf, "%d%%", s->volume);
    ui_text_draw(a->g.text, UI_FONT_BOLD, ui_px(16), buf, s->mute ? UI_TEXT_DIM : UI_ACCENT, cx + ui_px(30), y + ui_px(20),
                 UI_AL_CENTER);
    cx += ui_px(64);
    choice(a, &cx, y, "+", S_VOL_UP, 0, false, "Louder");
    cx += ui_px(16);
    choice(a, &cx, y, s->mute ? "Muted" : "Mute", S_MUTE, 0, s->mute, "M in a battle");
    y += step;

    two_way(a, x0, y, w, "Full screen", "Or a window you can resize", "Window", "Full screen", S_FULL, s->fullscreen);
    y += step;

    cx = row(a, x0, y, w, "UI scale", "Panels and text; F5 / F6 in a battle");
    for (int p = 100; p <= 200; p += 25) {
        snprintf(buf, sizeof buf, "%d%%", p);
        choice(a, &cx, y, buf, S_SCALE, p, s->scale_pct == p, NULL);
    }
    y += step;

    cx = row(a, x0, y, w, "Animation speed", "How fast moves and combat play out; keys 1-4 while they play");
    for (int i = 0; i < 4; i++)
        choice(a, &cx, y, ui_anim_speed_name(i), S_SPEED, i, s->anim_speed == i, NULL);
    y += step;

    cx = row(a, x0, y, w, "Side colours", "The colour-blind-safe pair is sky blue and orange");
    choice(a, &cx, y, "Scenario's own", S_PALETTE, 0, !s->cb_palette, NULL);
    choice(a, &cx, y, "Colour-blind safe", S_PALETTE, 1, s->cb_palette, NULL);
    /* swatches of the pair in use */
    for (int sd = 0; sd < 2; sd++) {
        ui_rgba c = s->cb_palette ? (sd ? ui_col(230, 159, 0, 255) : ui_col(86, 180, 233, 255))
                                  : (sd ? ui_col(255, 110, 80, 255) : ui_col(80, 170, 255, 255));
        ui_disc(a->g.r, (float)(cx + ui_px(14) + sd * ui_px(30)), (float)(y + ui_px(31)), (float)ui_px(10), c);
    }
    y += step;

    two_way(a, x0, y, w, "Confirm before Ready", "Ask once more before a secret decision is committed", "Off", "On", S_CONFIRM, s->confirm_ready);
    y += step;

    two_way(a, x0, y, w, "Forced choices", "Take a choice that cannot matter (the only missile) without asking", "Take them", "Ask every step", S_EVERY_STEP, s->every_step);
    y += step;

    ui_scr_button(a, (SDL_Rect){x0, a->h - ui_px(70), ui_px(140), ui_px(46)}, "Done", S_BACK, 0, true, "Esc: save and go back");
    ui_scr_button(a, (SDL_Rect){x0 + ui_px(156), a->h - ui_px(70), ui_px(180), ui_px(46)}, "Restore defaults", S_DEFAULTS, 0,
                  true, NULL);
    ui_scr_tooltips(a);
    char extra[220];
    snprintf(extra, sizeof extra, "volume %d\nmute %d\nfullscreen %d\nscale %d\nspeed %d\npalette %d\nconfirm %d\nevery_step %d\n",
             s->volume, s->mute, s->fullscreen, s->scale_pct, s->anim_speed, s->cb_palette, s->confirm_ready,
             s->every_step);
    ui_app_layout(a, "settings", extra);
}

static void settings_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    free(sc);
}

ui_screen *ui_scr_settings(ui_app *a)
{
    settings_scr *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->base.name = "settings";
    s->base.design_w = 1080; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    s->base.design_h = 700;
    s->base.event = settings_event;
    s->base.draw = settings_draw;
    s->base.close = settings_close;
    s->before = a->set;
    return &s->base;
}
