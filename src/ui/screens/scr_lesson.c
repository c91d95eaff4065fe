/* scr_lesson.c — a lesson on the battle screen: the battle (battle/, with the lesson's box,
 * highlights and locks drawn by bt_lesson.c) and around it what a lesson adds: Esc leaves,
 * restart and skip, F1 opens the rules at the lesson's first section, the progress kept in the
 * settings when the lesson is complete, and the next lesson after it. Lessons are never saved
 * and never touch the autosave. */
#include "battle/battle.h"
#include "jsd_lesson.h"
#include "ui_lessonlist.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lesson_scr {
    ui_screen base;
    ui_battle *bt;
    jsd_lesson *l;
    ui_lesson_entry *e;       /* the list it was started from (a copy), for the next lesson */
    int n, index;
    bool marked;              /* the progress is kept */
} lesson_scr;

/* Load lesson `index` and open a new battle of it (the old one, if any, goes). */
static bool start(lesson_scr *s, ui_app *a, int index, char *err, size_t cap)
{
    jsd_error je = {{0}};
    jsd_lesson *l = jsd_lesson_load(s->e[index].path, &je);
    if (!l) {
        snprintf(err, cap, "%s", je.msg);
        return false;
    }
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = l->scn;
    cfg.dice = l->dice;
    cfg.lesson = l;
    cfg.lesson_last = index + 1 >= s->n || !s->e[index + 1].ok;
    snprintf(cfg.players[l->player], JS_NAME_LEN, "You");
    snprintf(cfg.players[1 - l->player], JS_NAME_LEN, "The lesson");
    ui_battle *bt = ui_battle_create(&a->g, &cfg, err, cap);
    if (!bt) {
        jsd_lesson_free(l);
        return false;
    }
    ui_battle_destroy(s->bt);
    jsd_lesson_free(s->l);
    s->bt = bt;
    s->l = l;
    s->index = index;
    s->marked = false;
    ui_battle_set_speed(bt, a->set.anim_speed);
    ui_battle_set_every_step(bt, false); /* choices that cannot matter are taken, as the validator takes them */
    ui_battle_resize(bt, a->w, a->h);
    return true;
}

/* Go on to the next lesson, or back to the list after the last. */
static void onward(lesson_scr *s, ui_app *a)
{
    char err[700];
    if (s->index + 1 < s->n && s->e[s->index + 1].ok) {
        if (!start(s, a, s->index + 1, err, sizeof err))
            ui_app_toast(a, "Cannot start the next lesson: %s", err);
    } else {
        ui_app_pop(a);
    }
}

static void act(lesson_scr *s, ui_app *a, ui_lesson_act action)
{
    char err[700];
    switch (action) {
    case UI_LESSON_RESTART:
        if (!start(s, a, s->index, err, sizeof err))
            ui_app_toast(a, "Cannot restart the lesson: %s", err);
        break;
    case UI_LESSON_SKIP:
        ui_lesson_mark(a, s->l->id, JSD_MARK_SKIPPED);
        onward(s, a);
        break;
    case UI_LESSON_ONWARD: onward(s, a); break;
    case UI_LESSON_LIST:
    case UI_LESSON_LEAVE: ui_app_pop(a); break;
    case UI_LESSON_RULES: ui_app_push(a, ui_scr_rules_at(a, s->l->nrules ? s->l->rules[0] : NULL)); break;
    default: break;
    }
}

static void lesson_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    lesson_scr *s = (lesson_scr *)sc;
    ui_battle *b = s->bt;
    ui_battle_set_every_step(b, false);
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
        if (ui_battle_lesson_complete(b) && (k == SDLK_RETURN || k == SDLK_KP_ENTER)) {
            onward(s, a);
            return;
        }
        if (k == SDLK_ESCAPE && !ui_battle_esc_cancels(b)) { /* nothing to cancel: leave the lesson */
            ui_app_pop(a);
            return;
        }
        if (k == SDLK_s && ctrl) {
            ui_app_toast(a, "A lesson is not saved: Restart in its box starts it over.");
            return;
        }
    }
    ui_battle_event(b, e);
    ui_lesson_act action = ui_battle_lesson_action(b);
    if (action)
        act(s, a, action);
    else if (ui_battle_quit(b)) /* Ctrl+Q */
        ui_app_pop(a);
}

static bool lesson_update(ui_screen *sc, ui_app *a, double dt)
{
    lesson_scr *s = (lesson_scr *)sc;
    ui_battle_set_every_step(s->bt, false);
    bool busy = ui_battle_update(s->bt, dt);
    if (ui_battle_lesson_complete(s->bt) && !s->marked) {
        s->marked = true;
        ui_lesson_mark(a, s->l->id, JSD_MARK_DONE);
    }
    return busy;
}

static void lesson_draw(ui_screen *sc, ui_app *a)
{
    (void)a;
    ui_battle_draw(((lesson_scr *)sc)->bt);
}

static void lesson_resize(ui_screen *sc, ui_app *a, int w, int h)
{
    (void)a;
    ui_battle_resize(((lesson_scr *)sc)->bt, w, h);
}

static ui_screen *lesson_help(ui_screen *sc, ui_app *a)
{
    const jsd_lesson *l = ((lesson_scr *)sc)->l;
    return ui_scr_rules_at(a, l->nrules ? l->rules[0] : NULL);
}

static void lesson_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    lesson_scr *s = (lesson_scr *)sc;
    ui_battle_destroy(s->bt);
    jsd_lesson_free(s->l);
    free(s->e);
    free(s);
}

ui_screen *ui_scr_lesson(ui_app *a, const ui_lesson_entry *entries, int n, int index, char *err, size_t cap)
{
    if (index < 0 || index >= n) {
        snprintf(err, cap, "no lesson %d", index + 1);
        return NULL;
    }
    lesson_scr *s = calloc(1, sizeof *s);
    if (s)
        s->e = malloc(sizeof *s->e * (size_t)n);
    if (!s || !s->e) {
        free(s);
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    memcpy(s->e, entries, sizeof *s->e * (size_t)n);
    s->n = n;
    ui_app_sprites(a);
    if (!start(s, a, index, err, cap)) {
        free(s->e);
        free(s);
        return NULL;
    }
    s->base.name = "lesson";
    s->base.own_layout = true;
    s->base.event = lesson_event;
    s->base.update = lesson_update;
    s->base.draw = lesson_draw;
    s->base.resize = lesson_resize;
    s->base.close = lesson_close;
    s->base.help = lesson_help;
    return &s->base;
}
