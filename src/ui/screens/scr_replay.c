/* scr_replay.c — the replay viewer (ui_replay.c) on the stack, for the title, the picker's demos,
 * the results page, the load screen and `jumpstrike --replay FILE`. */
#include "ui_replay.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct replayscr {
    ui_screen base;
    ui_replay *rp;
} replayscr;

static void replay_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    replayscr *r = (replayscr *)s;
    ui_replay_event(r->rp, e);
    if (ui_replay_quit(r->rp))
        ui_app_pop(a);
}

static bool replay_update(ui_screen *s, ui_app *a, double dt)
{
    (void)a;
    return ui_replay_update(((replayscr *)s)->rp, dt);
}

static void replay_draw(ui_screen *s, ui_app *a)
{
    (void)a;
    ui_replay_draw(((replayscr *)s)->rp);
}

static void replay_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)a;
    ui_replay_resize(((replayscr *)s)->rp, w, h);
}

static void replay_close(ui_screen *s, ui_app *a)
{
    (void)a;
    ui_replay_destroy(((replayscr *)s)->rp);
    free(s);
}

ui_screen *ui_scr_replay(ui_app *a, const char *path, char *err, size_t cap)
{
    ui_app_sprites(a);
    replayscr *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    r->rp = ui_replay_create(&a->g, path, err, cap);
    if (!r->rp) {
        free(r);
        return NULL;
    }
    r->base.name = "replay";
    r->base.own_layout = true;
    r->base.event = replay_event;
    r->base.update = replay_update;
    r->base.draw = replay_draw;
    r->base.resize = replay_resize;
    r->base.close = replay_close;
    return &r->base;
}
