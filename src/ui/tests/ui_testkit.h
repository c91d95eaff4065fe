/* ui_testkit.h — an offscreen drawing context for UI tests: SDL's software renderer on an
 * SDL_Surface with the dummy video driver, the game's assets, sprites and text cache. */
#ifndef UI_TESTKIT_H
#define UI_TESTKIT_H

#include "board/board.h"

typedef struct tk {
    SDL_Surface *surf;
    ui_gfx g;
    ui_assets assets;
} tk;

/* Returns false (with a message on stderr) when SDL or the assets cannot start. */
bool tk_open(tk *k, int w, int h);
void tk_close(tk *k);
/* The colour at a pixel of the surface. */
ui_rgba tk_px(const tk *k, int x, int y);
/* How many pixels differ (any channel by more than tol) between two same-sized surfaces,
 * inside a rectangle. */
int tk_diff(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect rc, int tol);
SDL_Surface *tk_copy(const tk *k);

#endif
