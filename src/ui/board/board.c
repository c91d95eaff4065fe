/* board.c — the battlefield renderer (board.h): create, destroy, and the layers drawn in their
 * order (the room's files: board_int.h). */
#include "board_int.h"
#include <stdlib.h>
#include <string.h>

ui_board *ui_board_create(ui_gfx *g)
{
    ui_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->g = g;
    b->stars_n = 256; /* a 256 KB tile; 512 cost a megabyte for little */
    b->stars = bd_make_stars(g->r, b->stars_n);
    return b;
}

void ui_board_destroy(ui_board *b)
{
    if (!b)
        return;
    if (b->stars)
        SDL_DestroyTexture(b->stars);
    if (b->cache)
        SDL_DestroyTexture(b->cache);
    bd_stamps_flush(b);
    ui_batch_free(&b->batch);
    free(b);
}

void ui_board_invalidate(ui_board *b)
{
    b->cache_ok = false;
    bd_stamps_flush(b);
}

void ui_overlay_clear(ui_overlay *o)
{
    memset(o, 0, sizeof *o);
    o->sel_ship = o->sel_pod = o->sel_missile = -1;
}

void ui_board_draw(ui_board *b, const ui_camera *c, const js_view *v, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    const js_state *st = &v->st;
    SDL_RenderSetClipRect(r, &c->vp);
    bd_terrain_blit(b, c, st);
    if (b->stamp_zoom != c->zoom || b->stamp_scale != ui_scale) {
        bd_stamps_flush(b);
        b->stamp_zoom = c->zoom;
        b->stamp_scale = ui_scale;
    }
    if (o)
        bd_draw_marks(b, c, st, o);
    bd_draw_sites(b, c, st);
    bd_draw_arriving(b, c, st);
    if (o)
        bd_draw_ghosts(b, c, st, o);
    if (!bd_draw_counters(b, c, st, o))
        return;
    bd_draw_waiting_counts(b, c, st);
    if (o) {
        bd_draw_fx(b, c, o);
        bd_draw_hover(b, c, st, o);
    }
    SDL_RenderSetClipRect(r, NULL);
}
