/* bt_rows.c — the side panel's rows: headings, lines of text, buttons and clickable areas, at
 * a panel cursor (bt_draw.h). */
#include "bt_draw.h"
#include <stdio.h>
#include <string.h>

static const char *DIRN[7] = {"-", "N", "NE", "SE", "S", "SW", "NW"};
const char *bt_dir_name(int dir) { return DIRN[dir >= 1 && dir <= 6 ? dir : 0]; }

void bt_heading(ui_battle *b, bt_pc *pc, const char *s)
{
    int px = ui_px(14), tw, th;
    if (!b->head_shown[0])
        snprintf(b->head_shown, sizeof b->head_shown, "%s", s);
    pc->y += ui_px(6);
    ui_text_size(b->g->text, UI_FONT_BOLD, px, s, &tw, &th);
    if (tw <= pc->w) {
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, s, UI_ACCENT, pc->x, pc->y, UI_AL_LEFT);
        pc->y += ui_text_line_h(b->g->text, UI_FONT_BOLD, px);
    } else { /* too wide for the panel (large UI scales): onto a second line */
        pc->y += ui_text_wrap(b->g->text, UI_FONT_BOLD, px, s, UI_ACCENT, pc->x, pc->y, pc->w);
    }
    pc->y += ui_px(2);
    ui_fill_rect(b->g->r, (SDL_Rect){pc->x, pc->y, pc->w, 1}, ui_col(70, 80, 110, 160));
    pc->y += ui_px(4);
}

void bt_line(ui_battle *b, bt_pc *pc, const char *s, ui_rgba col)
{
    int px = ui_px(13), tw, th;
    ui_text_size(b->g->text, UI_FONT_SANS, px, s, &tw, &th);
    if (tw <= pc->w || !s[0]) {
        ui_text_draw(b->g->text, UI_FONT_SANS, px, s, col, pc->x, pc->y, UI_AL_LEFT);
        pc->y += ui_text_line_h(b->g->text, UI_FONT_SANS, px);
    } else { /* too wide for the panel: wrapped (measured first, so short lines stay cheap) */
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, px, s, col, pc->x, pc->y, pc->w);
    }
}

void bt_btn(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, int arg2, bool enabled,
            bool active, const char *tip)
{
    if (enabled && bt_locked(b, id)) { /* a lesson keeps it closed: greyed, and the tip says so */
        enabled = false;
        tip = bt_lock_why(b);
    }
    ui_button_add(&b->buttons, b->g->text, b->g->r, rc, label, id, arg, arg2, enabled, active, tip, b->mx,
                  b->my);
}

void bt_hit(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, int arg2, bool enabled, const char *tip)
{
    if (enabled && bt_locked(b, id)) {
        enabled = false;
        tip = bt_lock_why(b);
    }
    ui_button_register(&b->buttons, rc, label, id, arg, arg2, enabled, false, tip, b->mx, b->my);
}
