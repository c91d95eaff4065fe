/* ui_testkit.c — see ui_testkit.h. Compiled into each UI test. */
#include "ui_testkit.h"
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

bool tk_open(tk *k, int w, int h)
{
    memset(k, 0, sizeof *k);
    setenv("SDL_VIDEODRIVER", "dummy", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "SDL: %s\n", SDL_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    k->surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    k->g.r = k->surf ? SDL_CreateSoftwareRenderer(k->surf) : NULL;
    if (!k->g.r) {
        fprintf(stderr, "software renderer: %s\n", SDL_GetError());
        return false;
    }
    char dir[1024], err[1024];
    if (!ui_assets_find_dir(NULL, dir, sizeof dir, err, sizeof err) ||
        !ui_assets_load(&k->assets, k->g.r, dir, false, err, sizeof err) ||
        !ui_sprites_build(&k->g.sprites, k->g.r, &k->assets, err, sizeof err)) {
        fprintf(stderr, "assets: %s\n", err);
        return false;
    }
    k->g.assets = &k->assets;
    k->g.text = ui_text_create(k->g.r, &k->assets);
    return k->g.text != NULL;
}

void tk_close(tk *k)
{
    ui_text_destroy(k->g.text);
    ui_sprites_free(&k->g.sprites);
    ui_assets_unload(&k->assets);
    if (k->g.r)
        SDL_DestroyRenderer(k->g.r);
    if (k->surf)
        SDL_FreeSurface(k->surf);
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
}

ui_rgba tk_px(const tk *k, int x, int y)
{
    SDL_RenderFlush(k->g.r);
    const Uint32 *p = k->surf->pixels;
    Uint32 v = p[y * (k->surf->pitch / 4) + x];
    return ui_col((v >> 16) & 255, (v >> 8) & 255, v & 255, 255);
}

SDL_Surface *tk_copy(const tk *k)
{
    SDL_RenderFlush(k->g.r);
    return SDL_ConvertSurface(k->surf, k->surf->format, 0);
}

int tk_diff(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect rc, int tol)
{
    int n = 0;
    for (int y = rc.y; y < rc.y + rc.h; y++)
        for (int x = rc.x; x < rc.x + rc.w; x++) {
            if (x < 0 || y < 0 || x >= a->w || y >= a->h)
                continue;
            Uint32 u = ((const Uint32 *)a->pixels)[y * (a->pitch / 4) + x];
            Uint32 v = ((const Uint32 *)b->pixels)[y * (b->pitch / 4) + x];
            for (int s = 0; s < 24; s += 8) {
                int d = (int)((u >> s) & 255) - (int)((v >> s) & 255);
                if (d > tol || d < -tol) {
                    n++;
                    break;
                }
            }
        }
    return n;
}
