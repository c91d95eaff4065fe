/* board_terrain.c — the terrain picture: space with parallax stars, hexes tinted by terrain and
 * zone, terrain details, zone edges, section lines and coordinates; kept in a texture while the
 * camera, the map and the UI scale stand still (board_int.h). */
#include "board_int.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static float frand(uint32_t *s) /* a cosmetic generator: never the game's dice */
{
    *s = ui_hash32(*s + 0x9e3779b9u);
    return (*s & 0xffffff) / 16777216.0f;
}

static uint32_t str_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

ui_rgba ui_terrain_col(const js_terrain_type *t)
{
    const char *k = t->look;
    if (!strcmp(k, "asteroids"))
        return ui_col(120, 104, 88, 255);
    if (!strcmp(k, "nebula"))
        return ui_col(150, 80, 190, 255);
    if (!strcmp(k, "dust"))
        return ui_col(170, 150, 110, 255);
    if (!strcmp(k, "planet"))
        return ui_col(70, 140, 200, 255);
    if (!strcmp(k, "star") || !strcmp(k, "sun"))
        return ui_col(255, 210, 90, 255);
    if (!strcmp(k, "ice"))
        return ui_col(170, 220, 240, 255);
    if (!strcmp(k, "debris") || !strcmp(k, "wreck") || !strcmp(k, "wreckage"))
        return ui_col(140, 140, 150, 255);
    if (!strcmp(k, "mines") || !strcmp(k, "minefield"))
        return ui_col(230, 80, 70, 255);
    if (!strcmp(k, "storm") || !strcmp(k, "ion"))
        return ui_col(90, 200, 255, 255);
    uint32_t h = str_hash(k[0] ? k : t->name); /* unknown look: a stable colour of its own */
    return ui_col(90 + (int)(h % 140), 90 + (int)((h >> 8) % 140), 90 + (int)((h >> 16) % 140), 255);
}

SDL_Texture *bd_make_stars(SDL_Renderer *r, int n)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, n, n, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    Uint32 *px = s->pixels;
    int pitch = s->pitch / 4;
    uint32_t seed = 12345;
    /* deep-space gradient noise: a few soft blobs of colour */
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            float fx = (float)x / n, fy = (float)y / n;
            float v = 0.5f + 0.25f * sinf(fx * 6.2831853f * 2 + 1.3f) * sinf(fy * 6.2831853f + 0.4f) +
                      0.25f * sinf((fx + fy) * 6.2831853f * 3);
            int rr = 7 + (int)(6 * v), gg = 9 + (int)(5 * v), bb = 20 + (int)(14 * v);
            px[y * pitch + x] = 0xff000000u | (Uint32)rr << 16 | (Uint32)gg << 8 | (Uint32)bb;
        }
    for (int i = 0; i < n * n / 260; i++) {
        int x = (int)(frand(&seed) * n), y = (int)(frand(&seed) * n);
        float b = frand(&seed);
        b = b * b * b;
        int v = 70 + (int)(185 * b);
        float tint = frand(&seed);
        int rr = v, gg = v, bb = v;
        if (tint < 0.15f)
            bb = v * 7 / 10, gg = v * 9 / 10; /* warm star */
        else if (tint > 0.8f)
            rr = v * 8 / 10;                   /* blue star */
        px[y * pitch + x] = 0xff000000u | (Uint32)rr << 16 | (Uint32)gg << 8 | (Uint32)bb;
        if (b > 0.5f) { /* bright stars get a small cross */
            int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (int k = 0; k < 4; k++) {
                int xx = (x + d[k][0] + n) % n, yy = (y + d[k][1] + n) % n;
                px[yy * pitch + xx] = 0xff000000u | (Uint32)(rr / 3) << 16 | (Uint32)(gg / 3) << 8 |
                                      (Uint32)(bb / 3 + 10);
            }
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    return t;
}

static void terrain_detail(ui_batch *bt, const ui_camera *c, js_hex h, const js_terrain_type *t,
                           uint32_t seed)
{
    float x, y;
    ui_cam_hex_to_screen(c, h, &x, &y);
    float R = (float)c->zoom;
    ui_rgba col = ui_terrain_col(t);
    const char *k = t->look;
    uint32_t s = seed;
    if (!strcmp(k, "asteroids") || !strcmp(k, "ice") || !strcmp(k, "debris") ||
        !strcmp(k, "wreck") || !strcmp(k, "wreckage")) {
        int n = 3 + (int)(frand(&s) * 3);
        for (int i = 0; i < n; i++) {
            float ax = x + (frand(&s) - 0.5f) * R * 1.1f, ay = y + (frand(&s) - 0.5f) * R * 1.1f;
            float rad = R * (0.1f + frand(&s) * 0.17f);
            SDL_FPoint p[7];
            for (int j = 0; j < 7; j++) {
                float a = j / 7.0f * 6.2831853f + frand(&s) * 0.5f;
                float rr = rad * (0.7f + frand(&s) * 0.45f);
                p[j].x = ax + rr * cosf(a);
                p[j].y = ay + rr * sinf(a);
            }
            float sh = frand(&s) * 0.4f - 0.2f;
            ui_batch_poly(bt, p, 7, ui_col_alpha(ui_col_shade(col, sh - 0.25f), 255));
            /* a lit face towards the top-left */
            for (int j = 0; j < 7; j++) {
                p[j].x = ax - rad * 0.18f + (p[j].x - ax) * 0.6f;
                p[j].y = ay - rad * 0.18f + (p[j].y - ay) * 0.6f;
            }
            ui_batch_poly(bt, p, 7, ui_col_alpha(ui_col_shade(col, sh + 0.15f), 255));
        }
    } else if (!strcmp(k, "nebula") || !strcmp(k, "storm") || !strcmp(k, "ion")) {
        for (int i = 0; i < 5; i++) {
            float ax = x + (frand(&s) - 0.5f) * R * 0.9f, ay = y + (frand(&s) - 0.5f) * R * 0.9f;
            ui_batch_disc(bt, ax, ay, R * (0.35f + frand(&s) * 0.35f), ui_col_alpha(col, 38));
        }
    } else if (!strcmp(k, "dust") || !strcmp(k, "mines") || !strcmp(k, "minefield")) {
        int n = !strcmp(k, "dust") ? 16 : 5;
        for (int i = 0; i < n; i++) {
            float ax = x + (frand(&s) - 0.5f) * R * 1.3f, ay = y + (frand(&s) - 0.5f) * R * 1.2f;
            ui_batch_disc(bt, ax, ay, R * (n == 16 ? 0.035f : 0.07f) + 0.6f, ui_col_alpha(col, 170));
        }
    } else if (!strcmp(k, "planet") || !strcmp(k, "star") || !strcmp(k, "sun")) {
        bool star = k[0] == 's';
        if (star)
            ui_batch_disc(bt, x, y, R * 0.85f, ui_col_alpha(col, 60));
        ui_batch_disc(bt, x, y, R * 0.66f, ui_col_shade(col, -0.45f));
        ui_batch_disc(bt, x - R * 0.08f, y - R * 0.08f, R * 0.56f, ui_col_shade(col, -0.15f));
        ui_batch_disc(bt, x - R * 0.2f, y - R * 0.2f, R * 0.3f, ui_col_shade(col, star ? 0.5f : 0.15f));
    } else {
        for (int i = 0; i < 4; i++) {
            float ax = x + (frand(&s) - 0.5f) * R, ay = y + (frand(&s) - 0.5f) * R;
            ui_batch_disc(bt, ax, ay, R * 0.12f, ui_col_alpha(col, 150));
        }
    }
}

static void draw_terrain_layer(ui_board *b, const ui_camera *c, const js_state *st)
{
    SDL_Renderer *r = b->g->r;
    const js_scenario *sc = &st->scn;
    /* space: the star tile, fixed to the map (so a pan only draws the strips that came into view) */
    int n = b->stars_n;
    int ox = (int)floor(fmod(-c->cx * c->zoom + c->vp.w * 0.5, n)), oy = (int)floor(fmod(-c->cy * c->zoom + c->vp.h * 0.5, n));
    if (ox > 0)
        ox -= n;
    if (oy > 0)
        oy -= n;
    for (int y = oy; y < c->vp.h; y += n)
        for (int x = ox; x < c->vp.w; x += n) {
            SDL_Rect d = {c->vp.x + x, c->vp.y + y, n, n};
            SDL_RenderCopy(r, b->stars, NULL, &d);
        }
    int c0, c1, r0, r1;
    ui_cam_visible(c, sc->width, sc->height, &c0, &c1, &r0, &r1);
    ui_rgba zcol[2] = {ui_side_col(sc, 0), ui_side_col(sc, 1)};
    /* a gap of about one pixel between hexes is the grid */
    float inset = 1.0f - (float)(1.1 / c->zoom);
    if (inset < 0.8f)
        inset = 0.8f;
    ui_batch *bt = &b->batch;
    for (int col = c0; col <= c1; col++)
        for (int row = r0; row <= r1; row++) {
            js_hex h = js_hex_from_offset(col, row);
            int idx = row * sc->width + col;
            SDL_FPoint p[6];
            ui_cam_hex_corners(c, h, inset, p);
            int tt = sc->terrain[idx];
            /* hexes are opaque, pre-mixed with the space behind them: the software renderer
             * fills opaque triangles several times faster, which keeps panning smooth */
            ui_rgba fill = ui_col(20, 27, 48, 255);
            if (tt > 0 && tt < sc->nterrain) {
                const js_terrain_type *t = &sc->terrain_types[tt];
                ui_rgba tc = ui_terrain_col(t);
                int k = t->impassable ? 3 : 4;
                fill = ui_col((fill.r * k + tc.r) / (k + 1), (fill.g * k + tc.g) / (k + 1), (fill.b * k + tc.b) / (k + 1), 255);
            }
            for (int s = 0; s < 2; s++)
                if (sc->zone[idx] & (s == 0 ? JS_ZONE_A : JS_ZONE_B)) {
                    ui_rgba z = zcol[s];
                    fill = ui_col((fill.r * 193 + z.r * 62) / 255, (fill.g * 193 + z.g * 62) / 255,
                                  (fill.b * 193 + z.b * 62) / 255, 255);
                }
            ui_batch_poly(bt, p, 6, fill);
        }
    ui_batch_flush(r, bt);
    /* terrain details on top of the fills */
    for (int col = c0; col <= c1; col++)
        for (int row = r0; row <= r1; row++) {
            int tt = sc->terrain[row * sc->width + col];
            if (tt <= 0 || tt >= sc->nterrain)
                continue;
            const js_terrain_type *t = &sc->terrain_types[tt];
            js_hex h = js_hex_from_offset(col, row);
            terrain_detail(bt, c, h, t, ui_hash32((uint32_t)(col * 7919 + row * 104729)));
            if (t->impassable) { /* a red-brown rim says "no entry" */
                SDL_FPoint p[6];
                ui_cam_hex_corners(c, h, inset, p);
                for (int i = 0; i < 6; i++)
                    ui_batch_quad_line(bt, p[i], p[(i + 1) % 6], 1.5f, ui_col(200, 90, 60, 150));
            }
        }
    ui_batch_flush(r, bt);
    /* zone edges: a brighter rim where a zone meets a non-zone hex */
    for (int s = 0; s < 2; s++) {
        int bit = s == 0 ? JS_ZONE_A : JS_ZONE_B;
        for (int col = c0; col <= c1; col++)
            for (int row = r0; row <= r1; row++) {
                if (!(sc->zone[row * sc->width + col] & bit))
                    continue;
                js_hex h = js_hex_from_offset(col, row);
                SDL_FPoint p[6];
                ui_cam_hex_corners(c, h, 1.0f, p);
                /* corner i..i+1 is the edge towards direction: 0->SE(3),1->S(4),2->SW(5),3->NW(6),4->N(1),5->NE(2) */
                static const int edge_dir[6] = {3, 4, 5, 6, 1, 2};
                for (int i = 0; i < 6; i++) {
                    js_hex nb = js_hex_neighbor(h, edge_dir[i]);
                    int ni = hex_index(st, nb);
                    if (ni >= 0 && (sc->zone[ni] & bit))
                        continue;
                    ui_batch_quad_line(bt, p[i], p[(i + 1) % 6], 2.0f, ui_col_alpha(zcol[s], 200));
                }
            }
    }
    ui_batch_flush(r, bt);
    /* section lines: dashed, down the middle of each line column (G-7) */
    int secs[2] = {sc->section_c1, sc->section_c2};
    for (int i = 0; i < 2; i++) {
        if (secs[i] < 0 || secs[i] >= sc->width)
            continue;
        float x0, y0, x1, y1;
        ui_cam_world_to_screen(c, 1.5 * secs[i], -UI_SQRT3 * 0.5, &x0, &y0);
        ui_cam_world_to_screen(c, 1.5 * secs[i], UI_SQRT3 * (sc->height - 0.5 + 0.5 * (secs[i] & 1)),
                               &x1, &y1);
        float dash = (float)(c->zoom * 0.45 < 4 ? 4 : c->zoom * 0.45);
        ui_dashed_line(r, x0, y0, x1, y1, c->zoom > 30 ? 2.5f : 1.6f, dash, dash * 0.7f,
                       ui_col(255, 214, 120, 150));
        /* named at both ends, just off the map, where no counter stands (G-7) */
        if (c->zoom >= 12) {
            int px = (int)(c->zoom * 0.26) + 4, tw, th;
            ui_text_size(b->g->text, UI_FONT_SANS, px, "section line", &tw, &th);
            float xb, yb; /* below the lowest hex of any column, not on the last row */
            ui_cam_world_to_screen(c, 1.5 * secs[i], UI_SQRT3 * sc->height, &xb, &yb);
            float ends[2] = {y0 - th - 1, yb + 1};
            for (int e = 0; e < 2; e++)
                ui_text_draw(b->g->text, UI_FONT_SANS, px, "section line", ui_col(255, 214, 120, 190), (int)x0,
                             (int)ends[e], UI_AL_CENTER);
        }
    }
    /* coordinates when zoomed in enough to read them */
    if (c->zoom >= 34) {
        /* as the log and the panels name hexes, "(5,9)" without the brackets (the wargame's
         * "0509" read as another system); digit by digit in the monospaced face: eleven cached
         * pictures, not one per hex (a few megabytes of labels at a large zoom otherwise) */
        int px = (int)(c->zoom * 0.2), dw, dh;
        ui_text_size(b->g->text, UI_FONT_MONO, px, "0", &dw, &dh);
        for (int col = c0; col <= c1; col++)
            for (int row = r0; row <= r1; row++) {
                float x, y;
                ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
                char buf[16];
                int n = snprintf(buf, sizeof buf, "%d,%d", col, row);
                int x0 = (int)x - n * dw / 2, y0 = (int)(y + c->zoom * 0.86 - px * 1.3);
                for (int k = 0; k < n; k++) {
                    char d[2] = {buf[k], 0};
                    ui_text_draw(b->g->text, UI_FONT_MONO, px, d, ui_col(150, 165, 200, 110), x0 + k * dw, y0, UI_AL_LEFT);
                }
            }
    }
}

static uint64_t scn_sum(const js_scenario *s)
{
    /* cheap fingerprint of what the terrain layer shows */
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = (const unsigned char *)s->terrain;
    int n = s->width * s->height;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull, h = (h ^ s->zone[i]) * 1099511628211ull;
    h = (h ^ (uint64_t)(s->width * 131 + s->height)) * 1099511628211ull;
    h = (h ^ (uint64_t)(s->section_c1 * 977 + s->section_c2)) * 1099511628211ull;
    return h;
}

static bool same_cam(const ui_camera *a, const ui_camera *b)
{
    return a->cx == b->cx && a->cy == b->cy && a->zoom == b->zoom && a->vp.x == b->vp.x &&
           a->vp.y == b->vp.y && a->vp.w == b->vp.w && a->vp.h == b->vp.h;
}

/* Draw the part of the viewport at (px, py) size pw x ph (viewport pixels) into the ring cache,
 * split where the ring wraps. Each piece gets a camera of its own whose viewport is that piece of
 * the texture and whose centre maps the same world point to the same pixel as the real camera. */
static void redraw_rect(ui_board *b, const ui_camera *c, const js_state *st, int px, int py, int pw, int ph)
{
    SDL_Renderer *r = b->g->r;
    int W = b->cache_w, H = b->cache_h;
    for (int xs = 0; xs < pw;) {
        int tx = (b->ring_x + px + xs) % W, w = pw - xs < W - tx ? pw - xs : W - tx;
        for (int ys = 0; ys < ph;) {
            int ty = (b->ring_y + py + ys) % H, h = ph - ys < H - ty ? ph - ys : H - ty;
            SDL_Rect t = {tx, ty, w, h};
            SDL_RenderSetClipRect(r, &t);
            SDL_SetRenderDrawColor(r, 8, 10, 20, 255);
            SDL_RenderFillRect(r, &t);
            ui_camera local = *c;
            local.vp = t;
            local.cx = c->cx + (t.w * 0.5 - c->vp.w * 0.5 + (px + xs)) / c->zoom;
            local.cy = c->cy + (t.h * 0.5 - c->vp.h * 0.5 + (py + ys)) / c->zoom;
            draw_terrain_layer(b, &local, st);
            ys += h;
        }
        xs += w;
    }
    SDL_RenderSetClipRect(r, NULL);
}

void bd_terrain_blit(ui_board *b, const ui_camera *c, const js_state *st)
{
    SDL_Renderer *r = b->g->r;
    uint64_t sum = scn_sum(&st->scn);
    if (!b->cache || b->cache_w != c->vp.w || b->cache_h != c->vp.h) {
        if (b->cache)
            SDL_DestroyTexture(b->cache);
        b->cache = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGB565, SDL_TEXTUREACCESS_TARGET, c->vp.w,
                                     c->vp.h);
        b->cache_w = c->vp.w;
        b->cache_h = c->vp.h;
        b->cache_ok = false;
    }
    if (!b->cache) { /* no render targets: draw directly every frame */
        draw_terrain_layer(b, c, st);
        return;
    }
    int W = b->cache_w, H = b->cache_h;
    if (!same_cam(c, &b->cache_cam) || !b->cache_ok || sum != b->cache_scn_sum || b->cache_scale != ui_scale) {
        bool same_look = b->cache_ok && sum == b->cache_scn_sum && b->cache_scale == ui_scale &&
                         c->zoom == b->cache_cam.zoom && c->vp.w == b->cache_cam.vp.w && c->vp.h == b->cache_cam.vp.h;
        double sx = (b->cache_cam.cx - c->cx) * c->zoom, sy = (b->cache_cam.cy - c->cy) * c->zoom;
        long dx = lround(sx), dy = lround(sy);
        bool scroll = same_look && fabs(sx - (double)dx) < 0.01 && fabs(sy - (double)dy) < 0.01 && labs(dx) < W / 2 &&
                      labs(dy) < H / 2;
        SDL_Texture *old = SDL_GetRenderTarget(r);
        SDL_SetRenderTarget(r, b->cache);
        if (scroll) { /* a pan: the ring turns, and only what came into view is drawn */
            b->ring_x = (int)(((b->ring_x - dx) % W + W) % W);
            b->ring_y = (int)(((b->ring_y - dy) % H + H) % H);
            if (dx)
                redraw_rect(b, c, st, dx > 0 ? 0 : W + (int)dx, 0, (int)labs(dx), H);
            if (dy)
                redraw_rect(b, c, st, 0, dy > 0 ? 0 : H + (int)dy, W, (int)labs(dy));
        } else {
            b->ring_x = b->ring_y = 0;
            redraw_rect(b, c, st, 0, 0, W, H);
        }
        SDL_SetRenderTarget(r, old);
        b->cache_cam = *c;
        b->cache_scn_sum = sum;
        b->cache_scale = ui_scale;
        b->cache_ok = true;
    }
    /* the ring's four pieces, the viewport's top left at (ring_x, ring_y) */
    SDL_SetTextureBlendMode(b->cache, SDL_BLENDMODE_NONE);
    int w1 = W - b->ring_x, h1 = H - b->ring_y, rx = b->ring_x, ry = b->ring_y;
    SDL_Rect src[4] = {{rx, ry, w1, h1}, {0, ry, rx, h1}, {rx, 0, w1, ry}, {0, 0, rx, ry}};
    SDL_Rect dst[4] = {{c->vp.x, c->vp.y, w1, h1}, {c->vp.x + w1, c->vp.y, rx, h1},
                       {c->vp.x, c->vp.y + h1, w1, ry}, {c->vp.x + w1, c->vp.y + h1, rx, ry}};
    for (int k = 0; k < 4; k++)
        if (src[k].w > 0 && src[k].h > 0)
            SDL_RenderCopy(r, b->cache, &src[k], &dst[k]);
}
