/* scr_unlock.c — opening a protected game: its file is sealed under both players' passwords
 * (docs/formats.md "Sealed records"), so each side with a password types it here, one after the
 * other, before anything of the game is read. Then the battle takes this screen's place; a wrong
 * password (the loader names the side) starts again from the first. Only the typed text is held,
 * wiped once the game is opened or the screen closes. */
#include "battle/ui_saves.h"
#include "ui_screens.h"
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UN_UNLOCK = 980 };

typedef struct scr_unlock {
    ui_screen base;
    char path[1100];
    bool has[JS_SIDES];
    char names[JS_SIDES][JS_NAME_LEN];
    char typed[JS_SIDES][JS_NAME_LEN];
    int side;                   /* whose password the box asks for */
    ui_pwbox pw;
    char msg[700];
    ui_buttons own;
    ui_open_pw_fn open;
} scr_unlock;

static int first_side(const scr_unlock *u, int from)
{
    for (int s = from; s < JS_SIDES; s++)
        if (u->has[s])
            return s;
    return -1;
}

static void wipe(scr_unlock *u)
{
    sodium_memzero(u->typed, sizeof u->typed);
    sodium_memzero(u->pw.typed, sizeof u->pw.typed);
}

static void entered(scr_unlock *u, ui_app *a)
{
    snprintf(u->typed[u->side], JS_NAME_LEN, "%s", u->pw.typed);
    ui_pwbox_tried(&u->pw, true);
    int next = first_side(u, u->side + 1);
    if (next >= 0) {
        u->side = next;
        SDL_StartTextInput();
        return;
    }
    const char *pw[JS_SIDES] = {u->has[0] ? u->typed[0] : NULL, u->has[1] ? u->typed[1] : NULL};
    char err[700];
    ui_screen *s = u->open(a, u->path, pw, err, sizeof err);
    wipe(u);
    if (!s) {
        snprintf(u->msg, sizeof u->msg, "%s", err);
        u->side = first_side(u, 0);
        u->pw.wrong = true;
        SDL_StartTextInput();
        return;
    }
    ui_app_pop(a);
    ui_app_push(a, s);
}

static void unlock_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    scr_unlock *u = (scr_unlock *)sc;
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        SDL_StopTextInput();
        ui_app_pop(a);
        return;
    }
    if (ui_pwbox_event(&u->pw, e)) {
        entered(u, a);
        return;
    }
    if (e->type == SDL_TEXTINPUT)
        u->msg[0] = 0;
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_buttons_at(&u->own, e->button.x, e->button.y);
        if (b && b->id == UN_UNLOCK)
            entered(u, a);
    }
}

static void unlock_draw(ui_screen *sc, ui_app *a)
{
    scr_unlock *u = (scr_unlock *)sc;
    ui_scr_backdrop(a);
    int y = ui_scr_heading(a, "A protected game",
                           "Its file is sealed with both players' passwords: each types theirs, the other looking away.");
    char title[120];
    snprintf(title, sizeof title, "%s (side %c), enter your password",
             u->names[u->side][0] ? u->names[u->side] : (u->side ? "Player 2" : "Player 1"), u->side ? 'B' : 'A');
    ui_buttons_begin(&u->own);
    SDL_Rect rc = ui_pwbox_draw(a, &u->own, &u->pw, a->w / 2, y + ui_px(40), title,
                                "Type it and press Enter; Esc goes back.", UI_ACCENT, UN_UNLOCK);
    if (u->msg[0])
        ui_text_wrap(a->g.text, UI_FONT_SANS, ui_px(14), u->msg, UI_BAD, rc.x, rc.y + rc.h + ui_px(16), rc.w);
    a->buttons = u->own;
    char extra[800];
    snprintf(extra, sizeof extra, "asking %d\n%s%s%s", u->side, u->msg[0] ? "message " : "", u->msg,
             u->msg[0] ? "\n" : "");
    ui_app_layout(a, "unlock", extra);
}

static void unlock_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    scr_unlock *u = (scr_unlock *)sc;
    wipe(u);
    SDL_StopTextInput();
    free(u);
}

ui_screen *ui_scr_unlock(ui_app *a, const char *path, const bool has[JS_SIDES],
                         const char names[JS_SIDES][JS_NAME_LEN], ui_open_pw_fn open)
{
    (void)a;
    scr_unlock *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    snprintf(u->path, sizeof u->path, "%s", path);
    memcpy(u->has, has, sizeof u->has);
    memcpy(u->names, names, sizeof u->names);
    u->open = open;
    u->side = first_side(u, 0);
    if (u->side < 0)
        u->side = 0;
    u->base.name = "unlock";
    u->base.own_layout = true;
    u->base.event = unlock_event;
    u->base.draw = unlock_draw;
    u->base.close = unlock_close;
    return &u->base;
}
