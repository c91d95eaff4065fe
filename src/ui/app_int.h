/* app_int.h — what app.c and its helpers share (app_bench.c). */
#ifndef UI_APP_INT_H
#define UI_APP_INT_H

#include "app.h"
#include "battle/battle.h"
#include "screens/ui_screens.h"

static inline double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

/* The frame-time benchmark on a busy board made from bt's scenario (see --bench-frames);
 * prints p50/p99/max and returns the exit status. */
int ui_app_bench(const ui_opts *o, ui_gfx *g, ui_battle *bt, int ww, int wh);

/* The title's first picture drawn on a second thread while SDL opens the display
 * (app_title_prep.c). start copies what it needs from a (settings, asset folder, mouse) and
 * returns NULL when it cannot start (the caller then draws as usual). take waits for the thread,
 * frees p and returns the picture as a texture of r, or NULL when it failed or its size is not
 * w x h. Between the two the caller must not touch UI state or SDL_ttf. */
typedef struct ui_title_prep ui_title_prep;
ui_title_prep *ui_title_prep_start(const ui_app *a, int w, int h);
SDL_Texture *ui_title_prep_take(ui_title_prep *p, SDL_Renderer *r, int w, int h);
/* A software surface draws lines with SDL's line routine, a software window point by point
 * unless told: called before the window's renderer is made, it tells a window asked to be
 * software (SDL_RENDER_DRIVER=software) to use the line routine too, so the two pictures match.
 * A line method the user set stays. Call it before ui_title_prep_start (SDL 2 does not lock its
 * hints). */
void ui_title_prep_match_lines(void);
/* JS_STARTUP_REPORT's check that the two pictures match: grab copies what the renderer holds now
 * (malloc'd, NULL on failure); differs compares it with what it holds later, frees the grab and
 * returns how many pixels differ (-1 when either read failed). */
Uint32 *ui_title_prep_grab(SDL_Renderer *r, int w, int h);
long ui_title_prep_differs(SDL_Renderer *r, Uint32 *grab, int w, int h);

#endif
