/* draw.h — drawing primitives on an SDL_Renderer: filled polygons through SDL_RenderGeometry
 * (batched), thick and dashed lines, discs, rings, panels. Colours are ui_rgba. */
#ifndef UI_DRAW_H
#define UI_DRAW_H

#include "ui_core.h"

/* A batch of triangles flushed with one SDL_RenderGeometry call: thousands of hexes cost one
 * call instead of thousands, which is what keeps the software renderer fast. */
typedef struct ui_batch {
    SDL_Vertex *v;
    int n, cap;
    int translucent;   /* vertices with alpha < 255 since the last flush */
} ui_batch;

void ui_batch_tri(ui_batch *b, SDL_FPoint a, SDL_FPoint c, SDL_FPoint d, ui_rgba col);
void ui_batch_poly(ui_batch *b, const SDL_FPoint *p, int n, ui_rgba col); /* convex */
void ui_batch_quad_line(ui_batch *b, SDL_FPoint a, SDL_FPoint c, float width, ui_rgba col);
void ui_batch_disc(ui_batch *b, float x, float y, float rad, ui_rgba col);
void ui_batch_ring(ui_batch *b, float x, float y, float rad, float width, ui_rgba col);
void ui_batch_flush(SDL_Renderer *r, ui_batch *b);
void ui_batch_free(ui_batch *b);

/* Immediate forms (one call each; fine for a few shapes). */
void ui_fill_poly(SDL_Renderer *r, const SDL_FPoint *p, int n, ui_rgba col);
void ui_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, ui_rgba col);
void ui_dashed_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width,
                    float dash, float gap, ui_rgba col);
void ui_disc(SDL_Renderer *r, float x, float y, float rad, ui_rgba col);
void ui_ring(SDL_Renderer *r, float x, float y, float rad, float width, ui_rgba col);
/* The whole target in one colour (a screen's background: UI_BG); the blend mode is left alone. */
void ui_clear(SDL_Renderer *r, ui_rgba col);
void ui_fill_rect(SDL_Renderer *r, SDL_Rect rc, ui_rgba col);
void ui_rect_outline(SDL_Renderer *r, SDL_Rect rc, ui_rgba col);
/* A panel: filled, with a one-pixel edge and a lighter top line. */
void ui_panel(SDL_Renderer *r, SDL_Rect rc, ui_rgba fill, ui_rgba edge);
bool ui_point_in(SDL_Rect rc, int x, int y);

#endif
