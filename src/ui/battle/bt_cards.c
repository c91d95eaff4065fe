/* bt_cards.c — command card faces and backs (J-3), and die faces (K-2), drawn at any size
 * (bt_draw.h). */
#include "bt_draw.h"
#include <stdio.h>
#include <string.h>

static const char *const KIND_NAME[5] = {"SCOUT", "PROBE", "ATTACK", "ASSAULT", "OFFICER"};
static const char *const SEC_NAME[4] = {"left", "centre", "right", "any"};

static ui_rgba kind_col(int kind)
{
    switch (kind) {
    case JS_CC_SCOUT: return ui_col(90, 180, 255, 255);
    case JS_CC_PROBE: return ui_col(110, 220, 150, 255);
    case JS_CC_ATTACK: return ui_col(255, 160, 70, 255);
    case JS_CC_ASSAULT: return ui_col(240, 86, 80, 255);
    default: return ui_col(255, 212, 96, 255);
    }
}

void bt_card_back(ui_battle *b, SDL_Rect rc, int side)
{
    SDL_Renderer *r = b->g->r;
    ui_rgba sc = ui_side_col(&bt_st(b)->scn, side >= 0 ? side : 0);
    ui_fill_rect(r, (SDL_Rect){rc.x + 3, rc.y + 4, rc.w, rc.h}, ui_col(0, 0, 0, 90));
    ui_fill_rect(r, rc, ui_col_shade(sc, -0.78f));
    ui_rect_outline(r, rc, ui_col_shade(sc, -0.2f));
    SDL_Rect in = {rc.x + rc.w / 10, rc.y + rc.w / 10, rc.w - rc.w / 5, rc.h - rc.w / 5};
    ui_rect_outline(r, in, ui_col_alpha(sc, 120));
    /* a lattice of thin diagonals inside, then the emblem */
    for (int d = -in.h; d < in.w; d += rc.w / 6 + 2) {
        int x0 = in.x + d, y0 = in.y, x1 = in.x + d + in.h, y1 = in.y + in.h;
        if (x0 < in.x) {
            y0 += in.x - x0;
            x0 = in.x;
        }
        if (x1 > in.x + in.w) {
            y1 -= x1 - (in.x + in.w);
            x1 = in.x + in.w;
        }
        if (y1 > y0)
            ui_line(r, (float)x0, (float)y0, (float)x1, (float)y1, 1.0f, ui_col_alpha(sc, 38));
    }
    float cx = rc.x + rc.w / 2.0f, cy = rc.y + rc.h / 2.0f, rad = rc.w * 0.26f;
    ui_disc(r, cx, cy, rad, ui_col_shade(sc, -0.6f));
    ui_ring(r, cx, cy, rad, 2.0f, ui_col_alpha(sc, 200));
    ui_ring(r, cx, cy, rad * 0.6f, 1.0f, ui_col_alpha(sc, 140));
    int px = (int)(rad * 0.8f) + 2;
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, "JS", ui_col_shade(sc, 0.4f), (int)cx,
                 (int)(cy - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) / 2), UI_AL_CENTER);
}

void bt_card_draw(ui_gfx *g, SDL_Rect rc, const js_command_card *cc, int flags)
{
    SDL_Renderer *r = g->r;
    ui_text *t = g->text;
    ui_rgba kc = kind_col(cc->kind);
    bool sel = flags & 1, dim = flags & 2, hot = flags & 4;
    float s = rc.w / (float)ui_px(112); /* drawn at any size: everything scales with the width */
    int P = (int)(ui_px(13) * s + 0.5f);
    ui_fill_rect(r, (SDL_Rect){rc.x + 4, rc.y + 6, rc.w, rc.h}, ui_col(0, 0, 0, 120));
    ui_fill_rect(r, rc, hot ? ui_col(34, 42, 70, 255) : ui_col(24, 30, 52, 255));
    /* the header band with the kind */
    int hh = (int)(rc.h * 0.17f);
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, rc.w, hh}, ui_col_shade(kc, -0.45f));
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y + hh, rc.w, 2}, kc);
    int kp = (int)(ui_px(11) * s + 0.5f);
    ui_text_draw(t, UI_FONT_BOLD, kp, KIND_NAME[cc->kind % 5], ui_col_shade(kc, 0.5f), rc.x + rc.w / 2,
                 rc.y + (hh - ui_text_line_h(t, UI_FONT_BOLD, kp)) / 2, UI_AL_CENTER);
    /* the name */
    int ny = rc.y + hh + (int)(8 * s);
    const char *name = cc->name;
    char first[JS_NAME_LEN], second[JS_NAME_LEN] = "";
    snprintf(first, sizeof first, "%s", name);
    int nw, nh;
    ui_text_size(t, UI_FONT_BOLD, P, first, &nw, &nh);
    char *sp = strchr(first, ' ');
    if (nw > rc.w - 8 && sp) { /* two lines: "Attack" / "Centre" */
        snprintf(second, sizeof second, "%s", sp + 1);
        *sp = 0;
    }
    ui_text_draw(t, UI_FONT_BOLD, P, first, UI_TEXT, rc.x + rc.w / 2, ny, UI_AL_CENTER);
    ny += ui_text_line_h(t, UI_FONT_BOLD, P);
    if (second[0])
        ui_text_draw(t, UI_FONT_BOLD, P, second, UI_TEXT, rc.x + rc.w / 2, ny, UI_AL_CENTER);
    /* the section diagram: three bars, left to right as the owner sees the map */
    int dy = rc.y + (int)(rc.h * 0.50f), bw = (rc.w - (int)(26 * s)) / 3, bh = (int)(16 * s);
    int dx = rc.x + (int)(9 * s);
    for (int k = 0; k < 3; k++) {
        SDL_Rect bar = {dx + k * (bw + (int)(4 * s)), dy, bw, bh};
        bool on = cc->section == k;
        bool any = cc->section == JS_SECTION_ANY;
        if (on)
            ui_fill_rect(r, bar, kc);
        else
            ui_fill_rect(r, bar, any ? ui_col_alpha(kc, 50) : ui_col(36, 44, 70, 255));
        ui_rect_outline(r, bar, any || on ? kc : ui_col(60, 70, 100, 255));
    }
    int lp = (int)(ui_px(10) * s + 0.5f);
    const char *sec = cc->kind == JS_CC_ASSAULT   ? "a section you choose"
                      : cc->kind == JS_CC_OFFICER ? "any jump point"
                                                  : SEC_NAME[cc->section & 3];
    ui_text_draw(t, UI_FONT_SANS, lp, sec, UI_TEXT_DIM, rc.x + rc.w / 2, dy + bh + (int)(3 * s), UI_AL_CENTER);
    /* the orders: chevrons, or what they depend on */
    int oy = rc.y + rc.h - (int)(rc.h * 0.22f);
    ui_fill_rect(r, (SDL_Rect){rc.x + (int)(8 * s), oy - (int)(4 * s), rc.w - (int)(16 * s), 1}, ui_col(60, 70, 100, 255));
    if (cc->kind == JS_CC_ASSAULT) {
        ui_text_draw(t, UI_FONT_BOLD, lp, "ORDERS = cards", kc, rc.x + rc.w / 2, oy, UI_AL_CENTER);
        ui_text_draw(t, UI_FONT_SANS, lp, "left in hand", UI_TEXT_DIM, rc.x + rc.w / 2,
                     oy + ui_text_line_h(t, UI_FONT_BOLD, lp), UI_AL_CENTER);
    } else {
        int n = cc->orders < 0 ? 0 : cc->orders > 6 ? 6 : cc->orders;
        float pr = 5.5f * s, gap = 15 * s;
        float x0 = rc.x + rc.w / 2.0f - (n - 1) * gap / 2;
        float cy = oy + 8 * s;
        for (int i = 0; i < n; i++) {
            float x = x0 + i * gap;
            SDL_FPoint tri[3] = {{x - pr, cy - pr * 0.2f}, {x, cy - pr * 1.3f}, {x + pr, cy - pr * 0.2f}};
            ui_fill_poly(r, tri, 3, kc);
            SDL_FPoint tri2[3] = {{x - pr, cy + pr * 0.9f}, {x, cy - pr * 0.2f}, {x + pr, cy + pr * 0.9f}};
            ui_fill_poly(r, tri2, 3, ui_col_shade(kc, -0.25f));
        }
        char buf[32];
        snprintf(buf, sizeof buf, "%d order%s", cc->orders, cc->orders == 1 ? "" : "s");
        ui_text_draw(t, UI_FONT_SANS, lp, buf, UI_TEXT_DIM, rc.x + rc.w / 2, (int)(cy + pr * 1.3f), UI_AL_CENTER);
    }
    ui_rect_outline(r, rc, sel ? UI_ACCENT : hot ? ui_col_shade(kc, 0.2f) : ui_col_shade(kc, -0.3f));
    if (sel) {
        ui_rect_outline(r, (SDL_Rect){rc.x - 1, rc.y - 1, rc.w + 2, rc.h + 2}, UI_ACCENT);
        ui_rect_outline(r, (SDL_Rect){rc.x - 2, rc.y - 2, rc.w + 4, rc.h + 4}, ui_col_alpha(UI_ACCENT, 120));
    }
    if (dim)
        ui_fill_rect(r, rc, ui_col(6, 8, 16, 140));
}

void bt_die_face(ui_gfx *g, SDL_Rect rc, int v, int alpha)
{
    if (v < 1 || v > 6)
        return;
    SDL_Texture *tex = g->assets->spr[UI_SPR_D6_1 + v - 1];
    if (!tex) {
        char n[4];
        snprintf(n, sizeof n, "%d", v);
        ui_fill_rect(g->r, rc, ui_col(235, 235, 240, alpha));
        ui_text_draw(g->text, UI_FONT_BOLD, rc.h / 2, n, ui_col(30, 30, 40, 255), rc.x + rc.w / 2,
                     rc.y + rc.h / 4, UI_AL_CENTER);
        return;
    }
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, (Uint8)alpha);
    SDL_RenderCopy(g->r, tex, NULL, &rc);
    SDL_SetTextureAlphaMod(tex, 255);
}
