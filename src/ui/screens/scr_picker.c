/* scr_picker.c — the scenario picker: every scenario in the scenarios folder with its name, size,
 * players, description and a small map preview; bad files are listed with their error. */
#define _POSIX_C_SOURCE 200809L
#include "battle/battle.h"
#include "ui_replay.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- the listing */

static int cmp_entry(const void *x, const void *y)
{
    const ui_scen_entry *a = x, *b = y;
    /* good scenarios first, then by name; bad ones at the end by file name */
    if (a->ok != b->ok)
        return a->ok ? -1 : 1;
    if (a->ok && b->ok) {
        int c = strcmp(a->scn->name, b->scn->name);
        if (c)
            return c;
    }
    return strcmp(a->file, b->file);
}

int ui_scen_list(const char *dir, ui_scen_entry **out, char *err, size_t cap)
{
    *out = NULL;
    ui_json_name *names;
    int nn = ui_json_files(dir, &names);
    if (nn < 0) {
        snprintf(err, cap, "cannot read the scenarios folder %s", dir);
        return -1;
    }
    ui_scen_entry *v = nn ? malloc(sizeof *v * (size_t)nn) : NULL;
    int n = 0;
    for (int i = 0; i < nn && v; i++) {
        ui_scen_entry *e = &v[n];
        memset(e, 0, sizeof *e);
        snprintf(e->file, sizeof e->file, "%s", names[i]);
        snprintf(e->path, sizeof e->path, "%s/%s", dir, names[i]);
        char kind[16] = "";
        jsd_error je;
        je.msg[0] = 0;
        bool valid = jsd_validate_file(e->path, kind, sizeof kind, &je);
        if (!strcmp(kind, "catalogue") || !strcmp(kind, "record") || !strcmp(kind, "save") ||
            !strcmp(kind, "commands") || !strcmp(kind, "lesson"))
            continue; /* not a scenario: the ship catalogue, demo records */
        if (valid) {
            e->scn = jsd_scenario_load(e->path, &je);
            e->ok = e->scn != NULL;
        }
        if (!e->ok)
            snprintf(e->error, sizeof e->error, "%s", je.msg[0] ? je.msg : "not a scenario");
        n++;
    }
    free(names);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, cmp_entry);
    *out = v;
    return n;
}

void ui_scen_turns_text(const js_scenario *s, char *buf, size_t cap)
{
    int first = s->position.turn > 1 ? s->position.turn : 1;
    if (first == 1)
        snprintf(buf, cap, "%d turn%s", s->turn_limit, s->turn_limit == 1 ? "" : "s");
    else if (first == s->turn_limit)
        snprintf(buf, cap, "turn %d of %d", first, s->turn_limit);
    else
        snprintf(buf, cap, "turns %d\xe2\x80\x93%d", first, s->turn_limit);
}

void ui_scen_list_free(ui_scen_entry *e, int n)
{
    for (int i = 0; i < n && e; i++)
        free(e[i].scn);
    free(e);
}

/* ----------------------------------------------------------------- the screen */

enum { P_PICK = 1, P_CHOOSE, P_BACK, P_SCROLL, P_DEMO, P_WATCH };

typedef struct picker {
    ui_screen base;
    ui_scen_entry *e;
    int n;
    int sel, top;
    char err[512];
    int demo_for;               /* the entry demo[] was looked up for, -1 */
    char demo[1100];            /* its demo record, "" when it has none */
    SDL_Rect list;
    int row_h;
    ui_play_mode mode;          /* what the chosen battle is for (New game's presets) */
} picker;

static void count_units(const js_scenario *s, int side, int *cards, int *on_map)
{
    *cards = *on_map = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side) {
            (*cards)++;
            if (s->units[i].where == JS_AT_MAP)
                (*on_map)++;
        }
}

static void choose(picker *p, ui_app *a)
{
    if (p->sel < 0 || p->sel >= p->n)
        return;
    if (!p->e[p->sel].ok) {
        ui_app_toast(a, "This scenario cannot be played: %s", p->e[p->sel].error);
        return;
    }
    ui_app_push(a, ui_scr_newgame_for(a, p->e[p->sel].path, p->mode));
}

static void picker_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    picker *p = (picker *)s;
    int visible = p->row_h > 0 ? p->list.h / p->row_h : 1;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE || k == SDLK_BACKSPACE)
            ui_app_pop(a);
        else if (k == SDLK_UP && p->sel > 0)
            p->sel--;
        else if (k == SDLK_DOWN && p->sel < p->n - 1)
            p->sel++;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            choose(p, a);
    } else if (e->type == SDL_MOUSEWHEEL) {
        p->top -= e->wheel.y;
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (!b)
            return;
        if (b->id == P_PICK) {
            if (p->sel == b->arg && e->button.clicks >= 2)
                choose(p, a);
            p->sel = b->arg;
        } else if (b->id == P_CHOOSE)
            choose(p, a);
        else if (b->id == P_BACK)
            ui_app_pop(a);
        else if (b->id == P_WATCH && b->enabled && p->sel >= 0 && p->sel < p->n && p->e[p->sel].ok)
            ui_app_push(a, ui_scr_newgame_for(a, p->e[p->sel].path, UI_PLAY_WATCH));
        else if (b->id == P_DEMO && p->demo[0]) {
            char err[700];
            ui_screen *rs = ui_scr_replay(a, p->demo, err, sizeof err);
            if (rs)
                ui_app_push(a, rs);
            else
                ui_app_toast(a, "Cannot open the demo: %s", err);
        }
    }
    if (p->sel < p->top)
        p->top = p->sel;
    if (p->sel >= p->top + visible)
        p->top = p->sel - visible + 1;
    if (p->top > p->n - visible)
        p->top = p->n - visible;
    if (p->top < 0)
        p->top = 0;
}

static void picker_draw(ui_screen *s, ui_app *a)
{
    picker *p = (picker *)s;
    SDL_Renderer *r = a->g.r;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    char sub[1200];
    snprintf(sub, sizeof sub, "%d scenario%s in %s", p->n, p->n == 1 ? "" : "s", a->scen_dir);
    int y0 = ui_scr_heading(a, p->mode == UI_PLAY_VS_COMPUTER ? "Play against the computer: choose a battle"
                               : p->mode == UI_PLAY_WATCH   ? "Watch the computer play: choose a battle"
                                                            : "Choose a battle",
                            sub);
    int x0 = ui_px(48), gap = ui_px(20);
    int lw = (a->w - 2 * x0) * 38 / 100;
    int bottom = a->h - ui_px(90);
    p->row_h = ui_px(62);
    p->list = (SDL_Rect){x0, y0, lw, bottom - y0};
    if (p->err[0])
        ui_text_wrap(t, UI_FONT_SANS, ui_px(14), p->err, UI_BAD, x0, y0, lw);
    /* the list: a card per scenario */
    SDL_RenderSetClipRect(r, &p->list);
    for (int i = p->top; i < p->n; i++) {
        int y = y0 + (i - p->top) * p->row_h;
        if (y >= bottom)
            break;
        const ui_scen_entry *e = &p->e[i];
        SDL_Rect rc = {x0, y, lw, p->row_h - ui_px(6)};
        bool hot = ui_point_in(rc, a->mx, a->my) && a->my < bottom;
        ui_rgba fill = i == p->sel ? ui_col(40, 52, 88, 245) : hot ? ui_col(26, 34, 58, 235) : ui_col(16, 21, 36, 225);
        ui_panel(r, rc, fill, i == p->sel ? UI_ACCENT : UI_EDGE);
        if (i == p->sel)
            ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, ui_px(4), rc.h}, UI_ACCENT);
        char line[200];
        int tx = rc.x + ui_px(14);
        if (e->ok) {
            ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(16), e->scn->name, UI_TEXT, tx, rc.y + ui_px(7), UI_AL_LEFT,
                             rc.w - ui_px(24));
            char turns[40];
            ui_scen_turns_text(e->scn, turns, sizeof turns);
            snprintf(line, sizeof line, "%d\xc3\x97%d hexes \xc2\xb7 %s \xc2\xb7 %s vs %s", e->scn->width,
                     e->scn->height, turns, e->scn->sides[0].name, e->scn->sides[1].name);
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), line, UI_TEXT_DIM, tx, rc.y + ui_px(31), UI_AL_LEFT,
                             rc.w - ui_px(24));
        } else {
            snprintf(line, sizeof line, "%.150s \xe2\x80\x94 cannot be played", e->file);
            ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(16), line, UI_BAD, tx, rc.y + ui_px(7), UI_AL_LEFT, rc.w - ui_px(24));
            ui_text_draw(t, UI_FONT_SANS, ui_px(12), "select it to read the error", UI_TEXT_DIM, tx, rc.y + ui_px(31),
                         UI_AL_LEFT);
        }
        /* an invisible button over the card: clicks and the test layout */
        if (a->buttons.n < UI_MAX_BUTTONS && y + p->row_h <= bottom + ui_px(6)) {
            ui_button *b = &a->buttons.b[a->buttons.n++];
            memset(b, 0, sizeof *b);
            b->rc = rc;
            b->id = P_PICK;
            b->arg = i;
            b->enabled = true;
            snprintf(b->label, sizeof b->label, "pick %.40s", e->file);
        }
    }
    SDL_RenderSetClipRect(r, NULL);
    if (p->top > 0)
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), "\xe2\x96\xb2 more", UI_ACCENT, x0 + lw, y0 - ui_px(18), UI_AL_RIGHT);
    if (p->top + p->list.h / (p->row_h ? p->row_h : 1) < p->n)
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), "\xe2\x96\xbc more", UI_ACCENT, x0 + lw, bottom + ui_px(2), UI_AL_RIGHT);

    /* the details */
    SDL_Rect det = {x0 + lw + gap, y0, a->w - x0 - (x0 + lw + gap), bottom - y0};
    ui_panel(r, det, ui_col(12, 16, 30, 235), UI_EDGE);
    bool can = false;
    if (p->sel >= 0 && p->sel < p->n) {
        const ui_scen_entry *e = &p->e[p->sel];
        int dx = det.x + ui_px(20), dy = det.y + ui_px(16), dw = det.w - ui_px(40);
        if (e->ok) {
            const js_scenario *sc = e->scn;
            can = true;
            ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(24), sc->name, UI_ACCENT, dx, dy, UI_AL_LEFT, dw);
            dy += ui_text_line_h(t, UI_FONT_BOLD, ui_px(24)) + ui_px(4);
            char line[300], turns[40], vp[40] = "";
            ui_scen_turns_text(sc, turns, sizeof turns);
            if (sc->target_points)
                snprintf(vp, sizeof vp, " \xc2\xb7 first to %d VP", sc->target_points);
            snprintf(line, sizeof line, "%d\xc3\x97%d hexes \xc2\xb7 %s%s%s \xc2\xb7 %s", sc->width, sc->height,
                     sc->position.turn > 1 ? "" : "up to ", turns, vp,
                     p->mode == UI_PLAY_VS_COMPUTER ? "you against the computer"
                     : p->mode == UI_PLAY_WATCH     ? "the computer against itself"
                                                    : "two players, hotseat");
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(14), line, UI_TEXT_DIM, dx, dy, UI_AL_LEFT, dw);
            dy += ui_px(26);
            /* the two sides */
            for (int sd = 0; sd < 2; sd++) {
                int cards, onmap;
                count_units(sc, sd, &cards, &onmap);
                ui_rgba c = ui_side_col(sc, sd);
                int cx = dx + sd * (dw / 2);
                ui_fill_rect(r, (SDL_Rect){cx, dy, ui_px(5), ui_px(36)}, c);
                ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(15), sc->sides[sd].name, c, cx + ui_px(12), dy, UI_AL_LEFT,
                                 dw / 2 - ui_px(20));
                snprintf(line, sizeof line, "%s \xc2\xb7 %d cards, %d on the map", sd ? "B, from the north" : "A, from the south",
                         cards, onmap);
                ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), line, UI_TEXT_DIM, cx + ui_px(12), dy + ui_px(20),
                                 UI_AL_LEFT, dw / 2 - ui_px(20));
            }
            dy += ui_px(48);
            dy += ui_text_wrap(t, UI_FONT_SANS, ui_px(14), sc->description, UI_TEXT, dx, dy, dw) + ui_px(12);
            SDL_Rect pv = {dx, dy, dw, det.y + det.h - ui_px(16) - dy};
            if (pv.h > ui_px(60))
                ui_scr_map_preview(a, sc, pv);
        } else {
            ui_text_draw(t, UI_FONT_BOLD, ui_px(22), e->file, UI_BAD, dx, dy, UI_AL_LEFT);
            dy += ui_px(36);
            ui_text_draw(t, UI_FONT_BOLD, ui_px(14), "This file cannot be played:", UI_TEXT, dx, dy, UI_AL_LEFT);
            dy += ui_px(24);
            ui_text_wrap(t, UI_FONT_MONO, ui_px(13), e->error, ui_col(255, 170, 150, 255), dx, dy, dw);
        }
    }
    int bw = ui_px(200), bh = ui_px(46);
    ui_scr_button(a, (SDL_Rect){x0, a->h - ui_px(70), ui_px(140), bh}, "Back", P_BACK, 0, true, "Esc");
    /* a scenario may carry a demo game: watch it before playing */
    if (p->demo_for != p->sel) {
        p->demo_for = p->sel;
        p->demo[0] = 0;
        if (can && !ui_replay_find_demo(p->e[p->sel].path, p->e[p->sel].scn->id, p->demo, sizeof p->demo))
            p->demo[0] = 0;
    }
    int right = a->w - x0 - bw - ui_px(16); /* the row fills from the right, Choose first */
    if (can && p->demo[0]) {
        ui_scr_button(a, (SDL_Rect){right - ui_px(220), a->h - ui_px(70), ui_px(220), bh}, "Watch a demo game", P_DEMO, 0,
                      true, "A recorded game of this scenario in the replay viewer");
        right -= ui_px(220) + ui_px(16);
    }
    bool cpu = can;
    int ww = right - (x0 + ui_px(140) + ui_px(16)); /* what is left beside Back */
    if (ww > ui_px(260))
        ww = ui_px(260);
    if (p->mode != UI_PLAY_WATCH && ww >= ui_px(150)) /* any battle the computer plays, played out against itself */
        ui_scr_button(a, (SDL_Rect){right - ww, a->h - ui_px(70), ww, bh},
                      ww >= ui_px(240) ? "Watch the computer play" : "Watch the computer", P_WATCH, 0, cpu,
                      cpu ? "The computer plays both sides of this battle; you watch it with the replay viewer's controls"
                          : "pick a scenario that loads");
    ui_button_add(&a->buttons, t, r, (SDL_Rect){a->w - x0 - bw, a->h - ui_px(70), bw, bh}, "Choose this battle", P_CHOOSE, 0,
                  0, can, can, can ? "Enter, or double-click the battle" : "pick a scenario that loads", a->mx, a->my);
    ui_scr_tooltips(a);
    char extra[64];
    snprintf(extra, sizeof extra, "selected %d\n", p->sel);
    ui_app_layout(a, "picker", extra);
}

static void picker_close(ui_screen *s, ui_app *a)
{
    (void)a;
    picker *p = (picker *)s;
    ui_scen_list_free(p->e, p->n);
    free(p);
}

ui_screen *ui_scr_picker(ui_app *a) { return ui_scr_picker_for(a, UI_PLAY_HOTSEAT); }

ui_screen *ui_scr_picker_for(ui_app *a, ui_play_mode mode)
{
    picker *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base.name = "picker";
    p->base.design_w = 1000; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    p->base.design_h = 640;
    p->mode = mode;
    p->base.event = picker_event;
    p->base.draw = picker_draw;
    p->base.close = picker_close;
    p->n = ui_scen_list(a->scen_dir, &p->e, p->err, sizeof p->err);
    if (p->n < 0)
        p->n = 0;
    else if (p->n == 0)
        snprintf(p->err, sizeof p->err, "No scenarios in %.480s.", a->scen_dir);
    p->sel = 0;
    p->demo_for = -1;
    /* start on the duel, the friendliest first battle, when it is there */
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->e[i].file, "duel.json"))
            p->sel = i;
    return &p->base;
}
