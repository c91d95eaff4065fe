/* scr_common.c — the look the menu screens share, the map preview, and where the game's files
 * are found (see ui_screens.h). */
#include "ui_screens.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- the shared look */

static void draw_backdrop(SDL_Renderer *r, int w, int h)
{
    /* a deep vertical gradient, as bands of plain colour: a filled rectangle costs the software
     * renderer a fraction of a shaded quad (the start-up's first frame draws this) */
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    enum { BANDS = 40 };
    for (int k = 0; k < BANDS; k++) {
        int y0 = h * k / BANDS, y1 = h * (k + 1) / BANDS;
        SDL_SetRenderDrawColor(r, (Uint8)(6 + 10 * k / (BANDS - 1)), (Uint8)(8 + 12 * k / (BANDS - 1)),
                               (Uint8)(18 + 26 * k / (BANDS - 1)), 255);
        SDL_RenderFillRect(r, &(SDL_Rect){0, y0, w, y1 - y0});
    }
    /* a faint hex lattice in the lower part, like the battlefield under a haze: one-pixel lines
     * (cheap on every renderer), fading in towards the bottom in a few steps */
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    float R = (float)ui_px(34);
    for (int q = -1; q * R * 1.5f < w + R; q++)
        for (int k = -1; k * R * 1.7320508f < h + R; k++) {
            float cx = q * R * 1.5f, cy = k * R * 1.7320508f + (q & 1) * R * 0.8660254f;
            float fade = (cy - h * 0.35f) / (h * 0.65f);
            if (fade <= 0)
                continue;
            SDL_FPoint p[7];
            for (int j = 0; j < 7; j++)
                p[j] = (SDL_FPoint){cx + R * cosf((j % 6) * 1.0471976f), cy + R * sinf((j % 6) * 1.0471976f)};
            SDL_SetRenderDrawColor(r, 80, 120, 200, (Uint8)(fade > 1 ? 38 : fade * 38));
            SDL_RenderDrawLinesF(r, p, 7);
        }
    /* stars: a fixed pattern of points, brighter ones as small crosses */
    for (int i = 0; i < 260; i++) {
        uint32_t hsh = ui_hash32((uint32_t)i * 2654435761u + 17);
        int x = (int)(hsh % (uint32_t)(w > 0 ? w : 1)), y = (int)((hsh >> 12) % (uint32_t)(h > 0 ? h : 1));
        int br = 60 + (int)((hsh >> 5) % 160);
        SDL_SetRenderDrawColor(r, (Uint8)br, (Uint8)br, (Uint8)(br + 40 > 255 ? 255 : br + 40), 255);
        if ((hsh >> 24) % 9 == 0) {
            SDL_Rect d = {x - 1, y - 1, 2, 2};
            SDL_RenderFillRect(r, &d);
        } else {
            SDL_RenderDrawPoint(r, x, y);
        }
        if ((hsh >> 24) % 23 == 0) {
            SDL_SetRenderDrawColor(r, (Uint8)br, (Uint8)br, (Uint8)(br + 40 > 255 ? 255 : br + 40), 90);
            SDL_RenderDrawLine(r, x - 5, y, x + 5, y);
            SDL_RenderDrawLine(r, x, y - 5, x, y + 5);
        }
    }
}

void ui_scr_backdrop(ui_app *a)
{
    draw_backdrop(a->g.r, a->w, a->h);
}

int ui_scr_button(ui_app *a, SDL_Rect rc, const char *label, int id, int arg, bool enabled, const char *tip)
{
    return ui_button_add(&a->buttons, a->g.text, a->g.r, rc, label, id, arg, 0, enabled, false, tip, a->mx, a->my);
}

int ui_scr_heading(ui_app *a, const char *title, const char *sub)
{
    ui_text *t = a->g.text;
    int x = ui_px(48), y = ui_px(30);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(30), title, UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_text_line_h(t, UI_FONT_BOLD, ui_px(30));
    if (sub && *sub) {
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), sub, UI_TEXT_DIM, x, y, UI_AL_LEFT);
        y += ui_text_line_h(t, UI_FONT_SANS, ui_px(14));
    }
    y += ui_px(8);
    ui_fill_rect(a->g.r, (SDL_Rect){x, y, ui_px(120), ui_px(3)}, UI_ACCENT);
    ui_fill_rect(a->g.r, (SDL_Rect){x + ui_px(124), y + ui_px(1), a->w - x * 2 - ui_px(124), 1},
                 ui_col_alpha(UI_EDGE, 160));
    return y + ui_px(18);
}

const ui_button *ui_scr_hit(ui_app *a, int x, int y)
{
    const ui_button *b = ui_buttons_at(&a->buttons, x, y);
    return b && b->enabled ? b : NULL;
}

void ui_scr_tooltips(ui_app *a)
{
    if (a->buttons.hot >= 0 && a->buttons.b[a->buttons.hot].tip[0]) {
        const char *tip = a->buttons.b[a->buttons.hot].tip;
        ui_tooltip(a->g.text, a->g.r, a->mx, a->my, &tip, 1, a->w, a->h);
    }
}

/* ----------------------------------------------------------------- the password box */

uint64_t ui_pw_digest(const char *pw) { return jsd_legacy_pw_digest(pw); }

bool ui_pwbox_event(ui_pwbox *p, const SDL_Event *e)
{
    if (!SDL_IsTextInputActive())
        SDL_StartTextInput();
    if (e->type == SDL_TEXTINPUT) {
        if (strlen(p->typed) + strlen(e->text.text) < sizeof p->typed)
            strcat(p->typed, e->text.text);
        p->wrong = false;
    } else if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_BACKSPACE && p->typed[0])
            p->typed[strlen(p->typed) - 1] = 0;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            return true;
    }
    return false;
}

void ui_pwbox_tried(ui_pwbox *p, bool right)
{
    memset(p->typed, 0, sizeof p->typed);
    p->wrong = !right;
    if (right)
        SDL_StopTextInput();
}

SDL_Rect ui_pwbox_draw(ui_app *a, ui_buttons *own, const ui_pwbox *p, int cx, int y, const char *title,
                       const char *hint, ui_rgba edge, int unlock_id)
{
    if (!SDL_IsTextInputActive()) /* from the moment the box shows, so no first key is lost */
        SDL_StartTextInput();
    ui_text *t = a->g.text;
    SDL_Rect rc = {cx - ui_px(220), y, ui_px(440), ui_px(150)};
    ui_panel(a->g.r, rc, ui_col(10, 12, 24, 255), edge);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(16), title, UI_TEXT, cx, rc.y + ui_px(14), UI_AL_CENTER);
    SDL_Rect field = {rc.x + ui_px(30), rc.y + ui_px(46), rc.w - ui_px(170), ui_px(38)};
    ui_panel(a->g.r, field, ui_col(4, 6, 12, 255), p->wrong ? UI_BAD : UI_EDGE);
    char dots[3 * JS_NAME_LEN + 4] = "";
    size_t n = strlen(p->typed);
    for (size_t i = 0; i < n; i++)
        strcat(dots, "\xe2\x97\x8f"); /* ● */
    strcat(dots, "|");
    ui_text_draw(t, UI_FONT_SANS, ui_px(16), dots, UI_TEXT, field.x + ui_px(10), field.y + ui_px(8), UI_AL_LEFT);
    ui_button_add(own, t, a->g.r, (SDL_Rect){field.x + field.w + ui_px(10), field.y, ui_px(120), field.h}, "Unlock",
                  unlock_id, 0, 0, true, true, "Enter", a->mx, a->my);
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), p->wrong ? "Wrong password \xe2\x80\x94 try again." : hint,
                 p->wrong ? UI_BAD : UI_TEXT_DIM, cx, rc.y + ui_px(102), UI_AL_CENTER);
    return rc;
}

void ui_scr_map_preview(ui_app *a, const js_scenario *s, SDL_Rect rc)
{
    SDL_Renderer *r = a->g.r;
    ui_fill_rect(r, rc, ui_col(4, 6, 14, 255));
    ui_rect_outline(r, rc, UI_EDGE);
    if (!s || s->width <= 0 || s->height <= 0)
        return;
    /* flat-topped hexes of radius R: the map is (1.5 W + 0.5) R wide, sqrt3 (H + 0.5) R high */
    float pad = (float)ui_px(8);
    float rw = (rc.w - 2 * pad) / (1.5f * s->width + 0.5f);
    float rh = (rc.h - 2 * pad) / (1.7320508f * (s->height + 0.5f));
    float R = rw < rh ? rw : rh;
    float mw = (1.5f * s->width + 0.5f) * R, mh = 1.7320508f * (s->height + 0.5f) * R;
    float ox = rc.x + (rc.w - mw) / 2 + R, oy = rc.y + (rc.h - mh) / 2 + 0.8660254f * R;
    ui_batch b = {0};
    ui_rgba sa = ui_side_col(s, 0), sb = ui_side_col(s, 1);
    for (int row = 0; row < s->height; row++)
        for (int col = 0; col < s->width; col++) {
            int idx = row * s->width + col;
            float cx = ox + col * 1.5f * R, cy = oy + (row + ((col & 1) ? 0.5f : 0.0f)) * 1.7320508f * R;
            ui_rgba c = ui_col(22, 28, 48, 255);
            int tt = s->terrain[idx];
            if (tt > 0 && tt < s->nterrain)
                c = ui_col_shade(ui_terrain_col(&s->terrain_types[tt]), -0.25f);
            else if (s->zone[idx] & JS_ZONE_A)
                c = ui_col_shade(sa, -0.72f);
            else if (s->zone[idx] & JS_ZONE_B)
                c = ui_col_shade(sb, -0.72f);
            SDL_FPoint p[6];
            float ri = R * 0.9f;
            for (int j = 0; j < 6; j++)
                p[j] = (SDL_FPoint){cx + ri * cosf(j * 1.0471976f), cy + ri * sinf(j * 1.0471976f)};
            ui_batch_poly(&b, p, 6, c);
        }
    ui_batch_flush(r, &b);
    /* sites: jump points and entry points as rings */
    for (int i = 0; i < s->nsites; i++) {
        int col, row;
        js_hex_to_offset(s->sites[i].hex, &col, &row);
        float cx = ox + col * 1.5f * R, cy = oy + (row + ((col & 1) ? 0.5f : 0.0f)) * 1.7320508f * R;
        ui_rgba c = s->sites[i].side == 0 || s->sites[i].side == 1 ? ui_side_col(s, s->sites[i].side)
                                                                   : ui_col(220, 220, 240, 255);
        ui_batch_ring(&b, cx, cy, R * 0.8f, R * 0.25f + 0.6f, c);
    }
    /* units set up on the map: a dot per ship in the side's colour */
    for (int u = 0; u < s->nunits; u++) {
        const js_unit_setup *us = &s->units[u];
        if (us->where != JS_AT_MAP || us->def < 0 || us->def >= s->ncards)
            continue;
        const js_card_def *d = &s->cards[us->def];
        for (int k = 0; k < d->ships && k < JS_MAX_SQUAD; k++) {
            int col, row;
            js_hex_to_offset(us->place[k].hex, &col, &row);
            float cx = ox + col * 1.5f * R, cy = oy + (row + ((col & 1) ? 0.5f : 0.0f)) * 1.7320508f * R;
            float rad = R * (d->size == JS_SIZE_LARGE ? 1.4f : d->size == JS_SIZE_MEDIUM ? 0.85f : 0.6f);
            if (rad < 1.6f)
                rad = 1.6f;
            ui_rgba c = ui_side_col(s, us->side);
            ui_batch_disc(&b, cx, cy, rad + 1.0f, ui_col(0, 0, 0, 200));
            ui_batch_disc(&b, cx, cy, rad, c);
        }
    }
    ui_batch_flush(r, &b);
    ui_batch_free(&b);
}

static bool is_dir_with(const char *dir, const char *file)
{
    char p[4400];
    snprintf(p, sizeof p, "%.4000s/%.200s", dir, file);
    return jsd_is_file(p);
}

static bool is_scenario_dir(const char *dir)
{
    return is_dir_with(dir, "catalogue.json") || is_dir_with(dir, "duel.json");
}

bool ui_find_scenario_dir(char *out, size_t cap)
{
    const char *env = getenv("JS_SCENARIO_DIR");
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return true;
    }
#ifdef JS_SOURCE_SCENARIOS
    const char *source = JS_SOURCE_SCENARIOS;
#else
    const char *source = NULL;
#endif
    if (ui_data_dir_find("scenarios", source, is_scenario_dir, out, cap))
        return true;
    snprintf(out, cap, "scenarios");
    return false;
}

static bool is_lesson_dir(const char *dir) { return is_dir_with(dir, "01_moving.json"); }

bool ui_find_lesson_dir(char *out, size_t cap)
{
    const char *env = getenv("JS_LESSON_DIR");
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return true;
    }
#ifdef JS_SOURCE_LESSONS
    const char *source = JS_SOURCE_LESSONS;
#else
    const char *source = NULL;
#endif
    if (ui_data_dir_find("lessons", source, is_lesson_dir, out, cap))
        return true;
    snprintf(out, cap, "lessons");
    return false;
}

bool ui_find_rules_file(const ui_app *a, char *out, size_t cap)
{
    const char *env = getenv("JS_RULES_FILE");
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return true;
    }
    char cand[6][1200];
    int n = 0;
    /* installed beside the assets (share/jumpstrike/rules.md), the source tree's docs/, the
     * doc folder of an installed package */
    snprintf(cand[n++], sizeof cand[0], "%s/../rules.md", a->asset_dir);
    snprintf(cand[n++], sizeof cand[0], "%s/../docs/rules.md", a->asset_dir);
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(cand[n++], sizeof cand[0], "%s../share/jumpstrike/rules.md", base);
        snprintf(cand[n++], sizeof cand[0], "%s../share/doc/jumpstrike/rules.md", base);
        SDL_free(base);
    }
#ifdef JS_SOURCE_SCENARIOS
    snprintf(cand[n++], sizeof cand[0], "%s/../docs/rules.md", JS_SOURCE_SCENARIOS);
#endif
    for (int i = 0; i < n; i++) {
        if (jsd_is_file(cand[i])) {
            snprintf(out, cap, "%s", cand[i]);
            return true;
        }
    }
    return false;
}
