/* app_int.h — what app.c and its helpers share (app_bench.c). */
#ifndef UI_APP_INT_H
#define UI_APP_INT_H

#include "app.h"
#include "battle/battle.h"

static inline double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

/* The frame-time benchmark on a busy board made from bt's scenario (see --bench-frames);
 * prints p50/p99/max and returns the exit status. */
int ui_app_bench(const ui_opts *o, ui_gfx *g, ui_battle *bt, int ww, int wh);

#endif
