/* draw.c — drawing primitives (see draw.h). */
#include "draw.h"
#include <math.h>
#include <stdlib.h>

static void push(ui_batch *b, SDL_FPoint p, ui_rgba c)
{
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 1024;
        SDL_Vertex *v = realloc(b->v, sizeof *v * (size_t)cap);
        if (!v)
            return; /* out of memory: drop the shape rather than crash mid-frame */
        b->v = v;
        b->cap = cap;
    }
    SDL_Vertex *v = &b->v[b->n++];
    v->position = p;
    v->color.r = c.r;
    v->color.g = c.g;
    v->color.b = c.b;
    v->color.a = c.a;
    v->tex_coord.x = v->tex_coord.y = 0;
    if (c.a != 255)
        b->translucent++;
}

void ui_batch_tri(ui_batch *b, SDL_FPoint a, SDL_FPoint c, SDL_FPoint d, ui_rgba col)
{
    push(b, a, col);
    push(b, c, col);
    push(b, d, col);
}

void ui_batch_poly(ui_batch *b, const SDL_FPoint *p, int n, ui_rgba col)
{
    for (int i = 1; i + 1 < n; i++)
        ui_batch_tri(b, p[0], p[i], p[i + 1], col);
}

void ui_batch_quad_line(ui_batch *b, SDL_FPoint a, SDL_FPoint c, float width, ui_rgba col)
{
    float dx = c.x - a.x, dy = c.y - a.y;
    float len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f)
        return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    SDL_FPoint q[4] = {{a.x + nx, a.y + ny}, {c.x + nx, c.y + ny}, {c.x - nx, c.y - ny},
                       {a.x - nx, a.y - ny}};
    ui_batch_poly(b, q, 4, col);
}

static int disc_segments(float rad)
{
    int n = (int)(rad * 0.8f) + 8;
    return n > 48 ? 48 : n;
}

void ui_batch_disc(ui_batch *b, float x, float y, float rad, ui_rgba col)
{
    int n = disc_segments(rad);
    SDL_FPoint c = {x, y}, prev = {x + rad, y};
    for (int i = 1; i <= n; i++) {
        float a = (float)i / n * 6.2831853f;
        SDL_FPoint p = {x + rad * cosf(a), y + rad * sinf(a)};
        ui_batch_tri(b, c, prev, p, col);
        prev = p;
    }
}

void ui_batch_ring(ui_batch *b, float x, float y, float rad, float width, ui_rgba col)
{
    int n = disc_segments(rad);
    float ri = rad - width * 0.5f, ro = rad + width * 0.5f;
    for (int i = 0; i < n; i++) {
        float a0 = (float)i / n * 6.2831853f, a1 = (float)(i + 1) / n * 6.2831853f;
        SDL_FPoint p[4] = {{x + ro * cosf(a0), y + ro * sinf(a0)},
                           {x + ro * cosf(a1), y + ro * sinf(a1)},
                           {x + ri * cosf(a1), y + ri * sinf(a1)},
                           {x + ri * cosf(a0), y + ri * sinf(a0)}};
        ui_batch_poly(b, p, 4, col);
    }
}

void ui_batch_flush(SDL_Renderer *r, ui_batch *b)
{
    if (b->n > 0) {
        /* opaque shapes skip blending: the software renderer then fills them directly instead
         * of through a temporary surface per triangle */
        SDL_SetRenderDrawBlendMode(r, b->translucent ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
        SDL_RenderGeometry(r, NULL, b->v, b->n, NULL, 0);
    }
    b->n = 0;
    b->translucent = 0;
}

void ui_batch_free(ui_batch *b)
{
    free(b->v);
    b->v = NULL;
    b->n = b->cap = 0;
}

/* Immediate forms share one scratch batch: the UI is single-threaded. */
static ui_batch scratch;

void ui_fill_poly(SDL_Renderer *r, const SDL_FPoint *p, int n, ui_rgba col)
{
    ui_batch_poly(&scratch, p, n, col);
    ui_batch_flush(r, &scratch);
}

void ui_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, ui_rgba col)
{
    SDL_FPoint a = {x0, y0}, b = {x1, y1};
    ui_batch_quad_line(&scratch, a, b, width, col);
    ui_batch_flush(r, &scratch);
}

void ui_dashed_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width,
                    float dash, float gap, ui_rgba col)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f)
        return;
    float ux = dx / len, uy = dy / len;
    for (float t = 0; t < len; t += dash + gap) {
        float e = t + dash > len ? len : t + dash;
        SDL_FPoint a = {x0 + ux * t, y0 + uy * t}, b = {x0 + ux * e, y0 + uy * e};
        ui_batch_quad_line(&scratch, a, b, width, col);
    }
    ui_batch_flush(r, &scratch);
}

void ui_disc(SDL_Renderer *r, float x, float y, float rad, ui_rgba col)
{
    ui_batch_disc(&scratch, x, y, rad, col);
    ui_batch_flush(r, &scratch);
}

void ui_ring(SDL_Renderer *r, float x, float y, float rad, float width, ui_rgba col)
{
    ui_batch_ring(&scratch, x, y, rad, width, col);
    ui_batch_flush(r, &scratch);
}

void ui_clear(SDL_Renderer *r, ui_rgba col)
{
    SDL_SetRenderDrawColor(r, col.r, col.g, col.b, col.a);
    SDL_RenderClear(r);
}

void ui_fill_rect(SDL_Renderer *r, SDL_Rect rc, ui_rgba col)
{
    SDL_SetRenderDrawBlendMode(r, col.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, col.r, col.g, col.b, col.a);
    SDL_RenderFillRect(r, &rc);
}

void ui_rect_outline(SDL_Renderer *r, SDL_Rect rc, ui_rgba col)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, col.r, col.g, col.b, col.a);
    SDL_RenderDrawRect(r, &rc);
}

void ui_panel(SDL_Renderer *r, SDL_Rect rc, ui_rgba fill, ui_rgba edge)
{
    ui_fill_rect(r, rc, fill);
    ui_rect_outline(r, rc, edge);
    SDL_Rect top = {rc.x + 1, rc.y + 1, rc.w - 2, 1};
    ui_fill_rect(r, top, ui_col_alpha(ui_col_shade(edge, 0.4f), 120));
}

bool ui_point_in(SDL_Rect rc, int x, int y)
{
    return x >= rc.x && y >= rc.y && x < rc.x + rc.w && y < rc.y + rc.h;
}
