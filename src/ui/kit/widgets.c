/* widgets.c — buttons and tooltips (see widgets.h). */
#include "widgets.h"
#include <stdio.h>
#include <string.h>

void ui_buttons_begin(ui_buttons *bs)
{
    bs->n = 0;
    bs->hot = -1;
}

ui_rgba ui_button_face(SDL_Renderer *r, SDL_Rect rc, const ui_button_look *lk, bool hot, bool enabled, bool active)
{
    ui_rgba fill = active ? lk->fill_active : lk->fill;
    if (!enabled)
        fill = lk->fill_off;
    else if (hot)
        fill = ui_col_shade(fill, lk->hover);
    ui_fill_rect(r, rc, fill);
    if (lk->top_line)
        ui_fill_rect(r, (SDL_Rect){rc.x + 1, rc.y + 1, rc.w - 2, 1}, ui_col_shade(fill, 0.25f));
    ui_rect_outline(r, rc, active ? UI_ACCENT : enabled ? lk->edge : lk->edge_off);
    return !enabled ? lk->text_off : active ? lk->text_active : UI_TEXT;
}

int ui_button_add(ui_buttons *bs, ui_text *t, SDL_Renderer *r, SDL_Rect rc, const char *label,
                  int id, int arg, int arg2, bool enabled, bool active, const char *tip, int mx, int my)
{
    static const ui_button_look look = {
        {190, 140, 50, 255}, {36, 46, 74, 255}, {26, 30, 44, 255}, {80, 100, 150, 255},
        {50, 56, 72, 255},   {20, 16, 8, 255},  {96, 104, 124, 255}, 0.15f, false,
    };
    ui_rgba tc = ui_button_face(r, rc, &look, ui_point_in(rc, mx, my), enabled, active);
    int px = ui_px(13);
    int lh = ui_text_line_h(t, UI_FONT_SANS, px);
    ui_text_draw(t, active ? UI_FONT_BOLD : UI_FONT_SANS, px, label, tc, rc.x + rc.w / 2,
                 rc.y + (rc.h - lh) / 2, UI_AL_CENTER);
    return ui_button_register(bs, rc, label, id, arg, arg2, enabled, active, tip, mx, my);
}

int ui_button_register(ui_buttons *bs, SDL_Rect rc, const char *label, int id, int arg, int arg2,
                       bool enabled, bool active, const char *tip, int mx, int my)
{
    bool hot = ui_point_in(rc, mx, my);
    if (bs->n >= UI_MAX_BUTTONS)
        return -1;
    ui_button *b = &bs->b[bs->n];
    b->rc = rc;
    b->id = id;
    b->arg = arg;
    b->arg2 = arg2;
    b->enabled = enabled;
    b->active = active;
    snprintf(b->tip, sizeof b->tip, "%s", tip ? tip : "");
    snprintf(b->label, sizeof b->label, "%s", label);
    if (hot)
        bs->hot = bs->n;
    return bs->n++;
}

const ui_button *ui_buttons_at(const ui_buttons *bs, int x, int y)
{
    for (int i = bs->n - 1; i >= 0; i--)
        if (ui_point_in(bs->b[i].rc, x, y))
            return &bs->b[i];
    return NULL;
}

void ui_tooltip(ui_text *t, SDL_Renderer *r, int x, int y, const char *const *lines, int n, int win_w,
                int win_h)
{
    ui_tooltip_avoid(t, r, x, y, lines, n, win_w, win_h, (SDL_Rect){0, 0, 0, 0});
}

SDL_Rect ui_tooltip_avoid(ui_text *t, SDL_Renderer *r, int x, int y, const char *const *lines, int n, int win_w,
                          int win_h, SDL_Rect avoid)
{
    if (n <= 0)
        return (SDL_Rect){0, 0, 0, 0};
    int px = ui_px(13), lh = ui_text_line_h(t, UI_FONT_SANS, px), w = 0;
    for (int i = 0; i < n; i++) {
        int tw, th;
        ui_text_size(t, UI_FONT_SANS, px, lines[i], &tw, &th);
        if (tw > w)
            w = tw;
    }
    int pad = ui_px(7);
    SDL_Rect rc = {x + ui_px(16), y + ui_px(18), w + pad * 2, n * lh + pad * 2};
    if (rc.x + rc.w > win_w)
        rc.x = x - rc.w - ui_px(8);
    if (rc.y + rc.h > win_h)
        rc.y = y - rc.h - ui_px(8);
    if (rc.x < 0)
        rc.x = 0;
    if (rc.y < 0)
        rc.y = 0;
    if (avoid.w > 0 && SDL_HasIntersection(&rc, &avoid)) {
        /* the other corners around the pointer, then just past the thing's top or bottom edge
         * (a wide tip crosses it from every corner): the first that keeps clear of it */
        SDL_Rect c[5] = {{x - rc.w - ui_px(8), rc.y, rc.w, rc.h},
                         {rc.x, y - rc.h - ui_px(8), rc.w, rc.h},
                         {x - rc.w - ui_px(8), y - rc.h - ui_px(8), rc.w, rc.h},
                         {rc.x, avoid.y + avoid.h + ui_px(4), rc.w, rc.h},
                         {rc.x, avoid.y - rc.h - ui_px(4), rc.w, rc.h}};
        if (rc.y < y) /* it was flipped above the pointer: the others go below */
            c[1].y = c[2].y = y + ui_px(18);
        if (y < avoid.y + avoid.h / 2) { /* the nearer edge first */
            SDL_Rect k = c[3];
            c[3] = c[4];
            c[4] = k;
        }
        for (int i = 0; i < 5; i++)
            if (c[i].x >= 0 && c[i].y >= 0 && c[i].x + c[i].w <= win_w && c[i].y + c[i].h <= win_h &&
                !SDL_HasIntersection(&c[i], &avoid)) {
                rc = c[i];
                break;
            }
    }
    ui_panel(r, rc, ui_col(10, 14, 26, 245), UI_EDGE);
    for (int i = 0; i < n; i++)
        ui_text_draw(t, UI_FONT_SANS, px, lines[i], i == 0 ? UI_TEXT : UI_TEXT_DIM, rc.x + pad,
                     rc.y + pad + i * lh, UI_AL_LEFT);
    return rc;
}
