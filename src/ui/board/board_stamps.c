/* board_stamps.c — the stamp cache: a counter's picture drawn once per zoom into a texture, then
 * only blitted (why: board_int.h). */
#include "board_int.h"
#include <string.h>

void bd_stamps_flush(ui_board *b)
{
    for (int i = 0; i < STAMP_SLOTS; i++)
        if (b->stamps[i].tex)
            SDL_DestroyTexture(b->stamps[i].tex);
    memset(b->stamps, 0, sizeof b->stamps);
    b->nstamps = 0;
    b->stamp_bytes = 0;
}

/* The stamp of this key is kept (the lookup bd_stamp does). */
static bool bd_stamp_cached(const ui_board *b, uint64_t key)
{
    key = key * 0x9e3779b97f4a7c15ull + 1;
    unsigned j = (unsigned)(key % STAMP_SLOTS);
    while (b->stamps[j].tex && b->stamps[j].key != key)
        j = (j + 1) % STAMP_SLOTS;
    return b->stamps[j].tex != NULL;
}

/* Blit bd_stamp `key` centred at (sx, sy); draw it first with fn when it is not cached. The bd_stamp's
 * centre is the world point (awx, awy) of the canonical placement fn draws. */
void bd_stamp(ui_board *b, uint64_t key, int side, double awx, double awy, bd_stamp_fn fn, const void *ctx,
                  float sx, float sy, ui_rgba mod)
{
    SDL_Renderer *r = b->g->r;
    bool plain = mod.r == 255 && mod.g == 255 && mod.b == 255 && mod.a == 255;
    if (plain && (side > STAMP_MAX_SIDE || b->stamp_bytes + 4L * side * side > STAMP_BUDGET) &&
        !bd_stamp_cached(b, key)) {
        /* zoomed far in, few counters fit on screen and each bd_stamp would cost megabytes: draw the
         * counter straight onto the screen with a camera that puts it where the bd_stamp would go */
        ui_camera direct;
        ui_cam_init(&direct, (SDL_Rect){(int)(sx - side * 0.5f + 0.5f), (int)(sy - side * 0.5f + 0.5f), side, side});
        direct.zoom = b->stamp_zoom;
        direct.cx = awx;
        direct.cy = awy;
        fn(b, &direct, ctx);
        return;
    }
    key = key * 0x9e3779b97f4a7c15ull + 1;
    unsigned j = (unsigned)(key % STAMP_SLOTS);
    while (b->stamps[j].tex && b->stamps[j].key != key)
        j = (j + 1) % STAMP_SLOTS;
    if (!b->stamps[j].tex) {
        if (b->nstamps > STAMP_SLOTS * 3 / 4) { /* full: start again (rare: a new zoom does this) */
            bd_stamps_flush(b);
            j = (unsigned)(key % STAMP_SLOTS);
        }
        SDL_Texture *t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, side, side);
        if (!t)
            return;
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_Texture *old = SDL_GetRenderTarget(r);
        SDL_SetRenderTarget(r, t);
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
        SDL_RenderClear(r);
        ui_camera local;
        ui_cam_init(&local, (SDL_Rect){0, 0, side, side});
        local.zoom = b->stamp_zoom;
        local.cx = awx;
        local.cy = awy;
        fn(b, &local, ctx);
        SDL_SetRenderTarget(r, old);
        b->stamps[j].key = key;
        b->stamps[j].tex = t;
        b->stamps[j].side = side;
        b->nstamps++;
        b->stamp_bytes += 4L * side * side;
    }
    SDL_Texture *t = b->stamps[j].tex;
    SDL_SetTextureColorMod(t, mod.r, mod.g, mod.b);
    SDL_SetTextureAlphaMod(t, mod.a);
    int sd = b->stamps[j].side;
    SDL_Rect d = {(int)(sx - sd * 0.5f + 0.5f), (int)(sy - sd * 0.5f + 0.5f), sd, sd};
    SDL_RenderCopy(r, t, NULL, &d);
}
