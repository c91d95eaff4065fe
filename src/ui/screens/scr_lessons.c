/* scr_lessons.c — Learn to play: the list of the tutorial's lessons (docs/lessons.md) with the
 * player's progress (kept in the settings), to start, play again or skip each; a bad lesson file
 * is listed in red with its message. */
#include "jsd_lesson.h"
#include "ui_lessonlist.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- the screen */

enum { L_ROW = 1, L_START, L_SKIP, L_BACK, L_RULES };

typedef struct lessons {
    ui_screen base;
    ui_lesson_entry *e;
    int n;
    int sel;
    char err[512];
} lessons;

/* The first lesson neither done nor skipped (the first when all are). */
static int first_open(const ui_app *a, const lessons *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->e[i].ok && jsd_settings_lesson(&a->set, s->e[i].id) == JSD_MARK_NONE)
            return i;
    return 0;
}

static void start(lessons *s, ui_app *a)
{
    if (s->sel < 0 || s->sel >= s->n || !s->e[s->sel].ok)
        return;
    char err[700];
    ui_screen *sc = ui_scr_lesson(a, s->e, s->n, s->sel, err, sizeof err);
    if (sc)
        ui_app_push(a, sc);
    else
        ui_app_toast(a, "Cannot start the lesson: %s", err);
}

static void skip(lessons *s, ui_app *a)
{
    if (s->sel < 0 || s->sel >= s->n || !s->e[s->sel].ok)
        return;
    ui_lesson_mark(a, s->e[s->sel].id, JSD_MARK_SKIPPED);
    if (s->sel + 1 < s->n && s->e[s->sel + 1].ok)
        s->sel++;
}

static void act(lessons *s, ui_app *a, const ui_button *b)
{
    switch (b->id) {
    case L_ROW:
        if (b->arg == s->sel)
            start(s, a); /* a second click on the chosen lesson starts it */
        else
            s->sel = b->arg;
        break;
    case L_START: start(s, a); break;
    case L_SKIP: skip(s, a); break;
    case L_RULES:
        if (s->sel >= 0 && s->sel < s->n && s->e[s->sel].nrules)
            ui_app_push(a, ui_scr_rules_at(a, s->e[s->sel].rules[0]));
        break;
    case L_BACK: ui_app_pop(a); break;
    default: break;
    }
}

static void lessons_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    lessons *s = (lessons *)sc;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE || k == SDLK_BACKSPACE)
            ui_app_pop(a);
        else if (k == SDLK_DOWN && s->sel + 1 < s->n)
            s->sel++;
        else if (k == SDLK_UP && s->sel > 0)
            s->sel--;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            start(s, a);
        else if (k == SDLK_s)
            skip(s, a);
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b)
            act(s, a, b);
    }
}

static const char *state_tag(int st) { return st == JSD_MARK_DONE ? "\xe2\x9c\x93 Done" : st == JSD_MARK_SKIPPED ? "Skipped" : "New"; }

static void lessons_draw(ui_screen *sc, ui_app *a)
{
    lessons *s = (lessons *)sc;
    SDL_Renderer *r = a->g.r;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    int minutes = 0, good = 0;
    for (int i = 0; i < s->n; i++)
        if (s->e[i].ok)
            minutes += s->e[i].minutes, good++;
    char sub[600];
    if (good)
        snprintf(sub, sizeof sub, "%d short lessons, about %d minutes in all \xc2\xb7 %d done \xc2\xb7 your progress is kept",
                 good, minutes, ui_lessons_done(a, s->e, s->n));
    else
        snprintf(sub, sizeof sub, "%s", s->err[0] ? s->err : "No lessons found.");
    int y = ui_scr_heading(a, "Learn to play", sub);
    int x = ui_px(48), w = a->w - 2 * x;
    int bh = ui_px(44), bottom = a->h - bh - ui_px(24);
    int row_h = ui_px(84);
    char buf[400];
    for (int i = 0; i < s->n && y + row_h <= bottom - ui_px(8); i++) {
        const ui_lesson_entry *e = &s->e[i];
        SDL_Rect rc = {x, y, w, row_h - ui_px(8)};
        bool sel = i == s->sel;
        int st = e->ok ? jsd_settings_lesson(&a->set, e->id) : JSD_MARK_NONE;
        ui_panel(r, rc, sel ? ui_col(40, 54, 92, 240) : ui_col(16, 21, 38, 220), sel ? UI_ACCENT : UI_EDGE);
        if (sel)
            ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, ui_px(5), rc.h}, UI_ACCENT);
        ui_button_register(&a->buttons, rc, e->ok ? e->title : e->file, L_ROW, i, st, true, false,
                           e->ok ? "Choose this lesson; click again (or Enter) to start it" : e->error, a->mx, a->my);
        int tx = rc.x + ui_px(70), ty = rc.y + ui_px(10);
        snprintf(buf, sizeof buf, "%d", e->ok ? e->order : i + 1);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(34), buf, e->ok ? (st == JSD_MARK_DONE ? UI_GOOD : UI_ACCENT) : UI_BAD,
                     rc.x + ui_px(36), rc.y + (rc.h - ui_text_line_h(t, UI_FONT_BOLD, ui_px(34))) / 2, UI_AL_CENTER);
        if (!e->ok) {
            ui_text_draw(t, UI_FONT_BOLD, ui_px(17), e->file, UI_BAD, tx, ty, UI_AL_LEFT);
            ui_text_wrap(t, UI_FONT_SANS, ui_px(13), e->error, UI_BAD, tx, ty + ui_px(26), rc.w - ui_px(90));
        } else {
            ui_text_draw(t, UI_FONT_BOLD, ui_px(18), e->title, UI_TEXT, tx, ty, UI_AL_LEFT);
            snprintf(buf, sizeof buf, "%s \xc2\xb7 about %d min", state_tag(st), e->minutes);
            ui_text_draw(t, UI_FONT_SANS, ui_px(13), buf, st == JSD_MARK_DONE ? UI_GOOD : UI_TEXT_DIM,
                         rc.x + rc.w - ui_px(16), ty + ui_px(3), UI_AL_RIGHT);
            ui_text_wrap(t, UI_FONT_SANS, ui_px(13), e->summary, UI_TEXT_DIM, tx, ty + ui_px(26), rc.w - ui_px(90));
        }
        y += row_h;
    }
    /* the chosen lesson: start it, skip it, read its rules; back */
    const ui_lesson_entry *e = s->sel >= 0 && s->sel < s->n ? &s->e[s->sel] : NULL;
    bool ok = e && e->ok;
    int st = ok ? jsd_settings_lesson(&a->set, e->id) : JSD_MARK_NONE;
    int bw = ui_px(220);
    snprintf(buf, sizeof buf, "%s", st == JSD_MARK_DONE ? "Play it again" : "Start the lesson");
    ui_scr_button(a, (SDL_Rect){a->w - x - bw, bottom, bw, bh}, buf, L_START, 0, ok, ok ? "Enter" : "This lesson does not load");
    ui_scr_button(a, (SDL_Rect){a->w - x - 2 * bw - ui_px(12), bottom, bw, bh}, "Skip it", L_SKIP, 0, ok,
                  "Mark it skipped and choose the next one (S)");
    char rules[120] = "The rules it teaches in the rules reference";
    if (ok && e->nrules) {
        snprintf(rules, sizeof rules, "Rules ");
        for (int i = 0; i < e->nrules; i++)
            snprintf(rules + strlen(rules), sizeof rules - strlen(rules), "%s%s", i ? ", " : "", e->rules[i]);
    }
    ui_scr_button(a, (SDL_Rect){a->w - x - 3 * bw - ui_px(24), bottom, bw, bh}, "Its rules", L_RULES, 0,
                  ok && e->nrules > 0, rules);
    ui_scr_button(a, (SDL_Rect){x, bottom, ui_px(160), bh}, "Back", L_BACK, 0, true, "Esc");
    ui_scr_tooltips(a);
    char extra[2048] = "";
    size_t n = 0;
    n += (size_t)snprintf(extra + n, sizeof extra - n, "selected %d\n", s->sel);
    for (int i = 0; i < s->n && n < sizeof extra - 100; i++)
        n += (size_t)snprintf(extra + n, sizeof extra - n, "lesson %d %s %d %d\n", i, s->e[i].ok ? s->e[i].id : "-",
                              s->e[i].ok, s->e[i].ok ? jsd_settings_lesson(&a->set, s->e[i].id) : 0);
    ui_app_layout(a, "lessons", extra);
}

static void lessons_resize(ui_screen *sc, ui_app *a, int w, int h)
{
    (void)sc, (void)a, (void)w, (void)h; /* the list draws from the settings each frame */
}

static void lessons_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    lessons *s = (lessons *)sc;
    free(s->e);
    free(s);
}

ui_screen *ui_scr_lessons(ui_app *a)
{
    lessons *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->base.name = "lessons";
    s->base.design_w = 1000; /* what it needs at 100 %: the row of buttons, five lessons */
    s->base.design_h = 620;
    s->base.event = lessons_event;
    s->base.draw = lessons_draw;
    s->base.resize = lessons_resize;
    s->base.close = lessons_close;
    s->n = ui_lesson_list(a->lesson_dir, true, &s->e, s->err, sizeof s->err);
    if (s->n < 0)
        s->n = 0;
    s->sel = first_open(a, s);
    return &s->base;
}
