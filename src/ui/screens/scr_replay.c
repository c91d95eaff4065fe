/* scr_replay.c — the replay viewer (ui_replay.c) on the stack, for the title, the picker's demos,
 * the results page, the load screen and `jumpstrike --replay FILE`. A save of a game in progress
 * with passwords shows a side's view only after that side's password (the box is here). */
#include "ui_replay.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RS_UNLOCK = 950, RS_CANCEL };

typedef struct replayscr {
    ui_screen base;
    ui_replay *rp;
    int asking;        /* the password box is up: for this side, or -1 for either (-2: not up) */
    ui_pwbox pw;
    ui_buttons own;
} replayscr;

static void stop_asking(replayscr *r)
{
    r->asking = -2;
    memset(&r->pw, 0, sizeof r->pw);
    SDL_StopTextInput();
}

/* Either side's password opens that side's view (asked for one side, another's is fine too). */
static void try_unlock(replayscr *r)
{
    bool right = ui_replay_unlock(r->rp, ui_pw_digest(r->pw.typed)) >= 0;
    ui_pwbox_tried(&r->pw, right);
    if (right)
        stop_asking(r);
}

static void cancel_asking(replayscr *r, ui_app *a)
{
    stop_asking(r);
    if (ui_replay_viewer_locked(r->rp)) /* no side may be seen: nothing to watch */
        ui_app_pop(a);
}

static void ask_event(replayscr *r, ui_app *a, const SDL_Event *e)
{
    if (ui_pwbox_event(&r->pw, e)) {
        try_unlock(r);
    } else if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        cancel_asking(r, a);
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *bt = ui_buttons_at(&r->own, e->button.x, e->button.y);
        if (bt && bt->id == RS_UNLOCK)
            try_unlock(r);
        else if (bt && bt->id == RS_CANCEL)
            cancel_asking(r, a);
    }
}

static void replay_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    replayscr *r = (replayscr *)s;
    if (r->asking == -2 && ui_replay_viewer_locked(r->rp))
        r->asking = -1;
    if (r->asking != -2) {
        ask_event(r, a, e);
        return;
    }
    ui_replay_event(r->rp, e);
    int want = ui_replay_unlock_request(r->rp);
    if (want >= 0)
        r->asking = want;
    if (ui_replay_quit(r->rp))
        ui_app_pop(a);
}

static bool replay_update(ui_screen *s, ui_app *a, double dt)
{
    (void)a;
    return ui_replay_update(((replayscr *)s)->rp, dt);
}

static void replay_draw(ui_screen *s, ui_app *a)
{
    replayscr *r = (replayscr *)s;
    ui_replay_draw(r->rp);
    if (r->asking == -2 && ui_replay_viewer_locked(r->rp))
        r->asking = -1;
    if (r->asking == -2)
        return;
    if (ui_replay_viewer_locked(r->rp))
        ui_scr_backdrop(a);
    else
        ui_fill_rect(a->g.r, (SDL_Rect){0, 0, a->w, a->h}, ui_col(0, 0, 0, 150));
    const js_scenario *sc = js_game_scenario(ui_replay_game(r->rp));
    char title[160];
    if (r->asking >= 0)
        snprintf(title, sizeof title, "%s's view: enter its password", sc->sides[r->asking].name);
    else
        snprintf(title, sizeof title, "A game in progress: a player's password");
    ui_buttons_begin(&r->own);
    int cx = a->w / 2, y = a->h / 2 - ui_px(110);
    ui_panel(a->g.r, (SDL_Rect){cx - ui_px(220), y - ui_px(96), ui_px(440), ui_px(90)}, ui_col(10, 12, 24, 235),
             UI_EDGE);
    ui_text_wrap(a->g.text, UI_FONT_SANS, ui_px(14),
                 "This game is not over and its players chose passwords. Watching it as a side shows that "
                 "side's secret plans, so the side's password is asked first. Its replay opens to everyone "
                 "once the game is over.",
                 UI_TEXT_DIM, cx - ui_px(206), y - ui_px(86), ui_px(412));
    SDL_Rect rc = ui_pwbox_draw(a, &r->own, &r->pw, cx, y, title, "Enter opens that side's view; Esc goes back.",
                                r->asking >= 0 ? ui_side_col(sc, r->asking) : UI_ACCENT, RS_UNLOCK);
    ui_button_add(&r->own, a->g.text, a->g.r, (SDL_Rect){cx - ui_px(70), rc.y + rc.h + ui_px(12), ui_px(140), ui_px(38)},
                  "Cancel", RS_CANCEL, 0, 0, true, false, "Esc", a->mx, a->my);
    a->buttons = r->own;
    char extra[64];
    snprintf(extra, sizeof extra, "asking %d\nwrong %d\n", r->asking, r->pw.wrong);
    ui_app_layout(a, "replay-password", extra);
}

static void replay_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)a;
    ui_replay_resize(((replayscr *)s)->rp, w, h);
}

static void replay_close(ui_screen *s, ui_app *a)
{
    (void)a;
    SDL_StopTextInput();
    ui_replay_destroy(((replayscr *)s)->rp);
    free(s);
}

ui_screen *ui_scr_replay(ui_app *a, const char *path, char *err, size_t cap)
{
    ui_app_sprites(a);
    replayscr *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    r->rp = ui_replay_create(&a->g, path, err, cap);
    if (!r->rp) {
        free(r);
        return NULL;
    }
    r->asking = -2;
    r->base.name = "replay";
    r->base.own_layout = true;
    r->base.event = replay_event;
    r->base.update = replay_update;
    r->base.draw = replay_draw;
    r->base.resize = replay_resize;
    r->base.close = replay_close;
    return &r->base;
}
