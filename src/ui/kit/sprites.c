/* sprites.c — pre-rotated, mip-mapped sprite textures (see sprites.h). */
#include "sprites.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static SDL_Texture *target(SDL_Renderer *r, int n)
{
    SDL_Texture *t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, n, n);
    if (!t)
        return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    return t;
}

/* skip_top: the full-size level is never kept (a ship drawn larger than half its PNG upscales the
 * next level a little); the big ships' full-size rotations were most of the game's memory. */
static bool build_one(ui_sprite *sp, SDL_Renderer *r, SDL_Texture *src, int w, int h, int ndirs,
                      bool skip_top)
{
    memset(sp, 0, sizeof *sp);
    sp->ndirs = ndirs;
    sp->src_w = w;
    sp->src_h = h;
    /* a square that holds the PNG at any rotation */
    int side = ndirs > 1 ? (int)ceil(sqrt((double)w * w + (double)h * h)) : (w > h ? w : h);
    SDL_Texture *old = SDL_GetRenderTarget(r);
    SDL_BlendMode bm;
    SDL_GetTextureBlendMode(src, &bm);
    for (int d = 0; d < ndirs; d++) {
        int n = side;
        for (int l = 0; l < UI_MIP_LEVELS; l++) {
            if (l == 0 && skip_top) {
                sp->size[0] = n;
                n /= 2;
                continue;
            }
            SDL_Texture *t = target(r, n);
            if (!t)
                return false;
            SDL_SetRenderTarget(r, t);
            SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
            SDL_RenderClear(r);
            if (!sp->tex[d][l > 0 ? l - 1 : 0]) {
                /* straight copy (no blending) so edges keep their own colour and alpha; scaled
                 * when the full-size level is skipped */
                SDL_SetTextureBlendMode(src, SDL_BLENDMODE_NONE);
                int sw = l > 0 ? w * n / sp->size[0] : w, sh = l > 0 ? h * n / sp->size[0] : h;
                SDL_Rect dst = {(n - sw) / 2, (n - sh) / 2, sw, sh};
                SDL_RenderCopyEx(r, src, NULL, &dst, d * 60.0, NULL, SDL_FLIP_NONE);
                SDL_SetTextureBlendMode(src, bm);
            } else {
                SDL_Texture *prev = sp->tex[d][l - 1];
                SDL_SetTextureBlendMode(prev, SDL_BLENDMODE_NONE);
                SDL_RenderCopy(r, prev, NULL, NULL);
                SDL_SetTextureBlendMode(prev, SDL_BLENDMODE_BLEND);
            }
            sp->tex[d][l] = t;
            sp->size[l] = n;
            n = n / 2 < 8 ? 8 : n / 2;
        }
    }
    SDL_SetRenderTarget(r, old);
    return true;
}

bool ui_sprites_build(ui_sprites *s, SDL_Renderer *r, const ui_assets *a, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    struct { ui_sprite *sp; int id, dirs; bool skip_top; } list[] = {
        /* the full-size level of the rotating sprites is skipped: at the largest zoom the next
         * level still fills a counter, and it saves about half their memory */
        {&s->ship[0], UI_SPR_SHIP_S, 6, true}, {&s->ship[1], UI_SPR_SHIP_M, 6, true},
        {&s->ship[2], UI_SPR_SHIP_L, 6, true}, {&s->pod, UI_SPR_POD, 1, false},
        {&s->missile, UI_SPR_MISSILE, 6, true}, {&s->site[0], UI_SPR_JUMP_POINT, 1, false},
        {&s->site[1], UI_SPR_JUMP_OFF, 1, false}, {&s->site[2], UI_SPR_ENTRY, 1, false},
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        if (!build_one(list[i].sp, r, a->spr[list[i].id], a->spr_w[list[i].id],
                       a->spr_h[list[i].id], list[i].dirs, list[i].skip_top)) {
            snprintf(err, cap, "cannot prepare sprites: %s", SDL_GetError());
            ui_sprites_free(s);
            return false;
        }
    return true;
}

static void free_one(ui_sprite *sp)
{
    for (int d = 0; d < 6; d++)
        for (int l = 0; l < UI_MIP_LEVELS; l++)
            if (sp->tex[d][l])
                SDL_DestroyTexture(sp->tex[d][l]);
    memset(sp, 0, sizeof *sp);
}

void ui_sprites_free(ui_sprites *s)
{
    for (int i = 0; i < 3; i++) {
        free_one(&s->ship[i]);
        free_one(&s->site[i]);
    }
    free_one(&s->pod);
    free_one(&s->missile);
}

void ui_sprite_draw(SDL_Renderer *r, const ui_sprite *sp, int dir, float cx, float cy,
                    float px_per_src, ui_rgba tint)
{
    int d = sp->ndirs > 1 ? js_dir_wrap(dir) - 1 : 0;
    float want = sp->size[0] * px_per_src;
    int l = 0;
    while (l + 1 < UI_MIP_LEVELS && sp->size[l + 1] >= want)
        l++;
    SDL_Texture *t = sp->tex[d][l];
    if (!t && l + 1 < UI_MIP_LEVELS)
        t = sp->tex[d][l + 1]; /* the skipped full-size level */
    if (!t)
        return;
    SDL_SetTextureColorMod(t, tint.r, tint.g, tint.b);
    SDL_SetTextureAlphaMod(t, tint.a);
    SDL_FRect dst = {cx - want * 0.5f, cy - want * 0.5f, want, want};
    SDL_RenderCopyF(r, t, NULL, &dst);
}
