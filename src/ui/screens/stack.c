/* stack.c — the screen stack and what the app gives every screen: toasts, the prepared
 * sprites, the settings applied, the test layout (see ui_screens.h). It knows no screen: the
 * rules reference (F1) and the title (home) are the app's to name (app.c). */
#include "battle/battle.h"
#include "ui_screens.h"
#include "kit/layout.h"
#include "kit/mixer.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

float ui_app_screen_scale(const ui_app *a, const ui_screen *s)
{
    if (!s || s->design_w <= 0 || s->design_h <= 0)
        return ui_scale;
    float fx = (float)a->w / (float)s->design_w, fy = (float)a->h / (float)s->design_h, fit = fx < fy ? fx : fy;
    if (fit < 1.0f)
        fit = 1.0f;
    return ui_scale < fit ? ui_scale : fit;
}

/* Run one of a screen's functions at its scale. A change of the setting made inside (the
 * settings screen) stands. */
#define AT_SCALE(a, s, call)                                                                                 \
    do {                                                                                                     \
        float saved_ = ui_scale, at_ = ui_app_screen_scale(a, s);                                            \
        ui_scale = at_;                                                                                      \
        call;                                                                                                \
        if (ui_scale == at_)                                                                                 \
            ui_scale = saved_;                                                                               \
    } while (0)

static void resize_screen(ui_app *a, ui_screen *s)
{
    if (s->resize)
        AT_SCALE(a, s, s->resize(s, a, a->w, a->h));
}

ui_screen *ui_app_top(const ui_app *a)
{
    for (int i = a->n - 1; i >= 0; i--)
        if (!a->stack[i]->closing)
            return a->stack[i];
    return NULL;
}

bool ui_app_sprites(ui_app *a)
{
    if (a->sprites_ready)
        return true;
    char err[300];
    if (!a->g.assets->rest_loaded) { /* what the title did not need: after its first frame */
        if (!a->audio_open) /* mono, like the sound files: SDL_mixer keeps them at half the size */
            a->audio_open = a->want_audio && ui_mix_open(22050, AUDIO_S16SYS, 1, 1024, err, sizeof err);
        if (!ui_assets_load_rest(a->g.assets, a->g.r, a->audio_open, err, sizeof err)) {
            ui_app_toast(a, "%s", err);
            return false;
        }
        a->g.assets->rest_loaded = true;
        if (a->audio_open)
            ui_mix_volume(a->set.volume * MIX_MAX_VOLUME / 100);
    }
    if (!ui_sprites_build(&a->g.sprites, a->g.r, a->g.assets, err, sizeof err)) {
        ui_app_toast(a, "%s", err);
        return false;
    }
    a->sprites_ready = true;
    return true;
}

/* The screens change: a toast from an earlier moment is out of date. */
static void stale_toast_goes(ui_app *a)
{
    if (a->toast_t > 0 && a->toast_tick != a->ticks)
        a->toast_t = 0;
}

void ui_app_push(ui_app *a, ui_screen *s)
{
    if (!s)
        return;
    if (strcmp(s->name, "title") != 0)
        ui_app_sprites(a);
    if (a->n >= UI_STACK_MAX) {
        s->close(s, a);
        ui_app_toast(a, "too many screens open");
        return;
    }
    stale_toast_goes(a);
    a->stack[a->n++] = s;
    resize_screen(a, s);
    a->dirty = true;
}

void ui_app_pop(ui_app *a)
{
    if (a->n <= 0)
        return;
    stale_toast_goes(a);
    ui_screen *s = a->stack[--a->n];
    s->closing = true;
    if (a->ndead < UI_STACK_MAX)
        a->dead[a->ndead++] = s;
    else
        s->close(s, a);
    a->dirty = true;
    ui_screen *t = ui_app_top(a);
    if (t) /* the window may have changed while it was covered */
        resize_screen(a, t);
}

bool ui_app_pop_to(ui_app *a, const char *name)
{
    bool found = false;
    for (int i = 0; i < a->n; i++)
        if (!strcmp(a->stack[i]->name, name))
            found = true;
    if (!found)
        return false;
    while (a->n > 0 && strcmp(a->stack[a->n - 1]->name, name) != 0)
        ui_app_pop(a);
    return true;
}

void ui_app_home(ui_app *a)
{
    if (ui_app_pop_to(a, "title") || !a->home_screen)
        return;
    ui_app_close_all(a);
    ui_app_push(a, a->home_screen(a));
}

bool ui_app_quit_asked(ui_app *a)
{
    for (int i = a->n - 1; i >= 0; i--)
        if (!a->stack[i]->closing && a->stack[i]->quit_asked && a->stack[i]->quit_asked(a->stack[i], a)) {
            while (ui_app_top(a) != a->stack[i]) /* the question shows on the screen that asks */
                ui_app_pop(a);
            a->dirty = true;
            return true;
        }
    return false;
}

void ui_app_reap(ui_app *a)
{
    while (a->ndead > 0) {
        ui_screen *s = a->dead[--a->ndead];
        s->close(s, a);
    }
}

void ui_app_close_all(ui_app *a)
{
    while (a->n > 0)
        ui_app_pop(a);
    ui_app_reap(a);
}

void ui_app_toast(ui_app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->toast, sizeof a->toast, fmt, ap);
    va_end(ap);
    a->toast_t = 5.0;
    a->toast_tick = a->ticks;
    a->dirty = true;
}


void ui_app_apply_settings(ui_app *a)
{
    const ui_settings *s = &a->set;
    ui_scale = s->scale_pct / 100.0f;
    ui_side_palette = s->cb_palette ? 1 : 0;
    if (a->g.assets) {
        a->g.assets->muted = s->mute;
        if (a->g.assets->audio)
            ui_mix_volume(s->volume * MIX_MAX_VOLUME / 100);
    }
    if (a->win && !(SDL_GetWindowFlags(a->win) & SDL_WINDOW_HIDDEN)) {
        bool fs = (SDL_GetWindowFlags(a->win) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
        if (fs != s->fullscreen)
            SDL_SetWindowFullscreen(a->win, s->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    }
    for (int i = 0; i < a->n; i++)
        resize_screen(a, a->stack[i]);
    a->dirty = true;
}

void ui_app_event(ui_app *a, const SDL_Event *e)
{
    if (e->type == SDL_MOUSEMOTION) {
        a->mx = e->motion.x;
        a->my = e->motion.y;
    } else if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        SDL_GetRendererOutputSize(a->g.r, &a->w, &a->h);
        for (int i = 0; i < a->n; i++)
            resize_screen(a, a->stack[i]);
    }
    /* F1 anywhere: the rules reference (F1 again or Esc closes it) */
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_F1 && !e->key.repeat) {
        ui_screen *t = ui_app_top(a);
        if (t && !strcmp(t->name, "rules"))
            ui_app_pop(a);
        else if (t && t->help) /* a screen with its own place in the rules (a lesson) */
            ui_app_push(a, t->help(t, a));
        else if (a->help_screen)
            ui_app_push(a, a->help_screen(a));
        a->dirty = true;
        return;
    }
    ui_screen *t = ui_app_top(a);
    if (e->type == SDL_MOUSEBUTTONDOWN) /* a release still owed was lost (let go outside the window) */
        a->swallow_up = false;
    if (e->type == SDL_KEYDOWN)
        a->swallow_text = false;
    else if (e->type == SDL_TEXTINPUT && a->swallow_text) {
        /* the letter of the key that opened this screen (C for Continue): not for its text box */
        a->swallow_text = false;
        return;
    }
    if (e->type == SDL_MOUSEBUTTONUP && a->swallow_up) {
        /* the press opened or closed a screen; the release must not act on the new top (the
         * battle passes a handover on a release) */
        a->swallow_up = false;
        return;
    }
    if (t && t->event)
        AT_SCALE(a, t, t->event(t, a, e));
    if (e->type == SDL_MOUSEBUTTONDOWN && ui_app_top(a) != t)
        a->swallow_up = true;
    if (e->type == SDL_KEYDOWN && ui_app_top(a) != t && e->key.keysym.sym >= 32 && e->key.keysym.sym < 127)
        a->swallow_text = true; /* only a key that types a letter: Enter has none to swallow */
    /* every event may change what is drawn, a mouse move included: hover outlines, tooltips,
     * a card rising in the hand must follow the mouse within a frame, and go when it leaves.
     * Events are drained before a frame is drawn, so a burst of moves costs one redraw. */
    a->dirty = true;
}

bool ui_app_update(ui_app *a, double dt)
{
    bool busy = false;
    a->ticks++;
    if (a->toast_t > 0) {
        a->toast_t -= dt;
        busy = true;
    }
    /* every screen updates (a battle under the rules keeps animating) */
    for (int i = 0; i < a->n; i++)
        if (a->stack[i]->update) {
            bool b = false;
            AT_SCALE(a, a->stack[i], b = a->stack[i]->update(a->stack[i], a, dt));
            busy |= b;
        }
    return busy;
}

void ui_app_draw(ui_app *a)
{
    int first = a->n - 1;
    while (first > 0 && a->stack[first]->overlay)
        first--;
    ui_clear(a->g.r, UI_BG);
    ui_text_frame(a->g.text);
    for (int i = first < 0 ? 0 : first; i < a->n; i++) {
        if (i == a->n - 1)
            ui_buttons_begin(&a->buttons);
        AT_SCALE(a, a->stack[i], a->stack[i]->draw(a->stack[i], a));
    }
    if (a->toast_t > 0 && a->toast[0]) {
        /* a long message (why a save does not load names its files) wraps inside the window: it
         * ran off the right edge */
        int px = ui_px(14), room = a->w - ui_px(60), tw = 0;
        int th = ui_text_wrap_size(a->g.text, UI_FONT_SANS, px, a->toast, room, &tw);
        if (tw > room)
            tw = room;
        /* above the row of buttons the menu screens keep along the bottom edge */
        SDL_Rect rc = {(a->w - tw) / 2 - ui_px(14), a->h - th - ui_px(86), tw + ui_px(28), th + ui_px(14)};
        if (rc.y < ui_px(8))
            rc.y = ui_px(8);
        int al = a->toast_t > 1 ? 240 : (int)(240 * a->toast_t);
        ui_panel(a->g.r, rc, ui_col(24, 30, 52, al), ui_col_alpha(UI_ACCENT, al));
        ui_text_wrap(a->g.text, UI_FONT_SANS, px, a->toast, ui_col_alpha(UI_TEXT, al), rc.x + ui_px(14),
                     rc.y + ui_px(7), tw);
    }
}

/* The test layout: the same format the battle writes (mode, then buttons). */
void ui_app_layout(ui_app *a, const char *mode, const char *extra)
{
    if (!getenv("JS_UI_LAYOUT"))
        return;
    char *out = malloc(32768);
    if (!out)
        return;
    int n = snprintf(out, 32768, "mode %s\n%s", mode, extra ? extra : "");
    ui_layout_put_buttons(out, n, 32768, &a->buttons);
    free(out);
}
