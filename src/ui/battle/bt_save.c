/* bt_save.c — Ctrl+S in a battle: a small dialog to name the save.
 *
 * The name is prefilled with the automatic one ("<scenario>, turn N (date)") and selected, so
 * typing replaces it and End/Right keeps it. Enter saves, Esc cancels; a character that cannot be
 * in a file name (ui_saves_name_ok) is refused with a message, and an existing save of the same
 * name is only replaced after a second Enter. The dialog shows only the name, the saves folder
 * and its own messages: nothing of either side. It opens only on a screen of the side at the
 * controls or a public one (never on the handover screen, where Ctrl+S is refused with a note)
 * and closes itself if a handover comes up underneath. */
#include "bt_save.h"
#include "ui_saves.h"
#include <stdio.h>
#include <string.h>

enum { SV_SAVE = 950, SV_CANCEL };

static void save_close(ui_battle *b)
{
    b->save_open = false;
    b->save_replace = false;
    memset(b->save_name, 0, sizeof b->save_name);
    b->save_msg[0] = 0;
    SDL_StopTextInput();
}

void bt_save_open(ui_battle *b)
{
    if (b->mode == BM_HANDOVER) {
        bt_toast(b, "Not on the handover screen: save once the screen is passed (Ctrl+S)");
        return;
    }
    if (!b->rec) {
        bt_toast(b, "Could not save: no record is kept");
        return;
    }
    b->save_open = true;
    b->save_fresh = true;
    b->save_replace = false;
    b->save_bad = false;
    b->save_msg[0] = 0;
    ui_saves_auto_name(b->game, b->save_name, sizeof b->save_name);
    b->dragging = false;
    SDL_StartTextInput();
}

static void save_commit(ui_battle *b)
{
    char why[200];
    if (!ui_saves_name_ok(b->save_name, why, sizeof why)) {
        snprintf(b->save_msg, sizeof b->save_msg, "%s", why);
        b->save_bad = true;
        return;
    }
    char path[1300], msg[700];
    if (!b->save_replace && ui_saves_named_path(b->save_name, path, sizeof path)) {
        if (jsd_is_file(path)) { /* stat, not open: a FIFO of that name must not block */
            b->save_replace = true;
            b->save_bad = true;
            snprintf(b->save_msg, sizeof b->save_msg, "A save of that name exists: Enter again replaces it");
            return;
        }
    }
    if (ui_saves_save_named(b->rec, b->save_name, path, sizeof path, msg, sizeof msg)) {
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        bt_toast(b, "Saved as \"%.*s\" (Load on the title screen)", (int)(strlen(base) > 5 ? strlen(base) - 5 : 0),
                 base);
        save_close(b);
    } else {
        snprintf(b->save_msg, sizeof b->save_msg, "Could not save: %.200s", msg);
        b->save_bad = true;
    }
}

static void save_type(ui_battle *b, const char *text)
{
    char why[200];
    if (!ui_saves_name_chars_ok(text, why, sizeof why)) {
        snprintf(b->save_msg, sizeof b->save_msg, "%s", why); /* refused: the name stays as it was */
        b->save_bad = true;
        return;
    }
    if (b->save_fresh)
        b->save_name[0] = 0;
    b->save_fresh = false;
    b->save_replace = false;
    size_t n = strlen(b->save_name), add = strlen(text);
    if (n + add > UI_SAVE_NAME_MAX) {
        snprintf(b->save_msg, sizeof b->save_msg, "A save's name can be at most %d characters long", UI_SAVE_NAME_MAX);
        b->save_bad = true;
        return;
    }
    memcpy(b->save_name + n, text, add + 1);
    /* a refusal stays until Backspace or the dialog closes: typed on at speed, the next letter
     * took it away at once and the "/" seemed dropped without a word */
    if (!b->save_bad)
        b->save_msg[0] = 0;
}

bool bt_save_event(ui_battle *b, const SDL_Event *e)
{
    if (!b->save_open)
        return false;
    switch (e->type) {
    case SDL_TEXTINPUT:
        save_type(b, e->text.text);
        break;
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE) {
            save_close(b);
            bt_toast(b, "Not saved");
        } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            save_commit(b);
        } else if (k == SDLK_BACKSPACE) {
            size_t n = strlen(b->save_name);
            if (b->save_fresh || (e->key.keysym.mod & KMOD_CTRL))
                n = 0;
            else {
                while (n > 0 && ((unsigned char)b->save_name[n - 1] & 0xC0) == 0x80)
                    n--; /* a whole UTF-8 character */
                if (n > 0)
                    n--;
            }
            b->save_name[n] = 0;
            b->save_fresh = false;
            b->save_replace = false;
            b->save_msg[0] = 0;
            b->save_bad = false;
        } else if (k == SDLK_END || k == SDLK_RIGHT || k == SDLK_LEFT || k == SDLK_HOME) {
            b->save_fresh = false; /* keep the prefilled name and type after it */
        }
        break;
    }
    case SDL_MOUSEMOTION:
        b->mx = e->motion.x;
        b->my = e->motion.y;
        break;
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            break;
        const ui_button *btn = ui_buttons_at(&b->buttons, e->button.x, e->button.y);
        if (btn && btn->id == SV_SAVE)
            save_commit(b);
        else if (btn && btn->id == SV_CANCEL) {
            save_close(b);
            bt_toast(b, "Not saved");
        }
        break;
    }
    case SDL_WINDOWEVENT:
        return false; /* resizing still lays the battle out */
    default:
        break;
    }
    return true;
}

void bt_save_check(ui_battle *b)
{
    if (b->save_open && b->mode == BM_HANDOVER) /* never over a handover screen */
        save_close(b);
}

void bt_save_draw(ui_battle *b)
{
    if (!b->save_open)
        return;
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    ui_buttons_begin(&b->buttons); /* modal: only the dialog's buttons are live */
    ui_fill_rect(r, (SDL_Rect){0, 0, b->win_w, b->win_h}, ui_col(0, 0, 0, 130));
    int w = ui_px(560), h = ui_px(220);
    if (w > b->win_w - ui_px(20))
        w = b->win_w - ui_px(20);
    SDL_Rect rc = {(b->win_w - w) / 2, (b->win_h - h) / 2, w, h};
    ui_panel(r, rc, ui_col(14, 18, 34, 255), UI_ACCENT);
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, rc.w, ui_px(3)}, UI_ACCENT);
    int x = rc.x + ui_px(22), y = rc.y + ui_px(18);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(20), "Save the game", UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_px(34);
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), "Name of the save", UI_TEXT_DIM, x, y, UI_AL_LEFT);
    y += ui_px(20);
    SDL_Rect field = {x, y, rc.w - ui_px(44), ui_px(38)};
    ui_panel(r, field, ui_col(4, 6, 12, 255), b->save_bad ? UI_BAD : UI_EDGE);
    int px = ui_px(16), tw, th;
    ui_text_size(t, UI_FONT_SANS, px, b->save_name[0] ? b->save_name : " ", &tw, &th);
    int tx = field.x + ui_px(10), ty = field.y + (field.h - th) / 2;
    int room = field.w - ui_px(24);
    if (tw > room) /* a long name scrolls so its end (where the typing happens) shows */
        tx -= tw - room;
    SDL_Rect clip = {field.x + ui_px(4), field.y, field.w - ui_px(8), field.h};
    SDL_RenderSetClipRect(r, &clip);
    if (b->save_fresh && b->save_name[0]) /* selected: typing replaces it */
        ui_fill_rect(r, (SDL_Rect){tx - ui_px(2), ty, tw + ui_px(4), th}, ui_col_alpha(UI_ACCENT, 90));
    ui_text_draw(t, UI_FONT_SANS, px, b->save_name, UI_TEXT, tx, ty, UI_AL_LEFT);
    if (!b->save_fresh) /* a steady caret: the loop sleeps while nothing changes */
        ui_fill_rect(r, (SDL_Rect){tx + (b->save_name[0] ? tw : 0) + ui_px(1), ty + ui_px(2), ui_px(2), th - ui_px(4)},
                     UI_TEXT);
    SDL_RenderSetClipRect(r, NULL);
    y += field.h + ui_px(10);
    char hint[200];
    if (!b->save_msg[0])
        snprintf(hint, sizeof hint, "Enter saves, Esc cancels. Not allowed: %s", ui_saves_bad_name_chars());
    ui_text_wrap(t, UI_FONT_SANS, ui_px(13), b->save_msg[0] ? b->save_msg : hint,
                 b->save_msg[0] ? UI_BAD : UI_TEXT_DIM, x, y, field.w);
    int bw = ui_px(140), bh = ui_px(38), by = rc.y + rc.h - bh - ui_px(16);
    ui_button_add(&b->buttons, t, r, (SDL_Rect){rc.x + rc.w - bw - ui_px(22), by, bw, bh}, "Cancel", SV_CANCEL, 0, 0,
                  true, false, "Esc", b->mx, b->my);
    ui_button_add(&b->buttons, t, r, (SDL_Rect){rc.x + rc.w - 2 * bw - ui_px(34), by, bw, bh},
                  b->save_replace ? "Replace" : "Save", SV_SAVE, 0, 0, true, true, "Enter", b->mx, b->my);
}
