/* sprites.h — sprites prepared for fast drawing: each facing pre-rotated and each rotation kept
 * at a few halving sizes (a mip chain). The software renderer rotates and filters slowly, so
 * this work is done once at load; a frame only picks a ready texture and stretches it a little. */
#ifndef UI_SPRITES_H
#define UI_SPRITES_H

#include "assets.h"

enum { UI_MIP_LEVELS = 5 };

typedef struct ui_sprite {
    int ndirs;                                /* 6 for rotating sprites, 1 otherwise */
    int size[UI_MIP_LEVELS];                  /* square side at each level */
    int src_w, src_h;                         /* the PNG's size */
    SDL_Texture *tex[6][UI_MIP_LEVELS];
} ui_sprite;

typedef struct ui_sprites {
    ui_sprite ship[3], pod, missile, site[3];
} ui_sprites;

bool ui_sprites_build(ui_sprites *s, SDL_Renderer *r, const ui_assets *a, char *err, size_t cap);
void ui_sprites_free(ui_sprites *s);
/* Draw centred at (cx, cy); `px_per_src` is screen pixels per PNG pixel. dir 1..6. */
void ui_sprite_draw(SDL_Renderer *r, const ui_sprite *sp, int dir, float cx, float cy,
                    float px_per_src, ui_rgba tint);

#endif
