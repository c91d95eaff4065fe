/* scr_load.c — the load screen on the stack: the list of saves (ui_loadlist.c); continue the
 * chosen game or watch it as a replay. */
#include "ui_loadlist.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct loadscr {
    ui_screen base;
    ui_loadlist *l;
    bool replay_only;
} loadscr;

static void load_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    loadscr *l = (loadscr *)s;
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        ui_app_pop(a);
        return;
    }
    ui_loadlist_event(l->l, e);
    ui_loadlist_result r = ui_loadlist_result_get(l->l);
    if (r == UI_LOADLIST_BACK) {
        ui_app_pop(a);
    } else if (r == UI_LOADLIST_LOAD || r == UI_LOADLIST_REPLAY) {
        char path[1100], err[700];
        snprintf(path, sizeof path, "%s", ui_loadlist_path(l->l));
        ui_screen *next = r == UI_LOADLIST_LOAD ? ui_scr_battle_resume(a, path, err, sizeof err)
                                                : ui_scr_replay(a, path, err, sizeof err);
        if (!next) {
            ui_loadlist_message(l->l, err);
            return;
        }
        ui_app_pop(a);
        ui_app_push(a, next);
    }
}

static bool load_update(ui_screen *s, ui_app *a, double dt)
{
    (void)a;
    return ui_loadlist_update(((loadscr *)s)->l, dt);
}

static void load_draw(ui_screen *s, ui_app *a)
{
    (void)a;
    ui_loadlist_draw(((loadscr *)s)->l);
}

static void load_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)a;
    ui_loadlist_resize(((loadscr *)s)->l, w, h);
}

static void load_close(ui_screen *s, ui_app *a)
{
    (void)a;
    ui_loadlist_destroy(((loadscr *)s)->l);
    free(s);
}

ui_screen *ui_scr_load(ui_app *a)
{
    loadscr *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->l = ui_loadlist_create(&a->g);
    if (!l->l) {
        free(l);
        return NULL;
    }
    l->base.name = "load";
    l->base.design_w = 860; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    l->base.design_h = 520;
    l->base.own_layout = true;
    l->base.event = load_event;
    l->base.update = load_update;
    l->base.draw = load_draw;
    l->base.resize = load_resize;
    l->base.close = load_close;
    return &l->base;
}
