/* board.c — the battlefield renderer (see board.h).
 *
 * Two layers: the terrain picture (space, hexes, terrain, zones, section lines, coordinates) is
 * drawn into a viewport-sized texture and kept while the camera stands still; counters are drawn
 * on top every frame. Idle frames and the benchmark therefore pay for one blit plus counters. */
#include "board.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { STAMP_SLOTS = 1024, STAMP_MAX_SIDE = 240 /* px: larger counters are drawn directly */ };

struct ui_board {
    ui_gfx *g;
    SDL_Texture *stars;          /* a tile of stars, repeated with parallax */
    int stars_n;
    SDL_Texture *cache;
    int cache_w, cache_h;
    ui_camera cache_cam;
    const void *cache_scn;
    uint64_t cache_scn_sum;
    float cache_scale;
    bool cache_ok;
    ui_batch batch;
    uint8_t count[JS_MAX_HEXES]; /* counters anchored per hex, for stack badges */
    struct { uint64_t key; SDL_Texture *tex; int side; } stamps[STAMP_SLOTS];
    int nstamps;
    double stamp_zoom;           /* the zoom the stamps were drawn at */
    float stamp_scale;
};

/* ----------------------------------------------------------------- helpers */

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static void stamps_flush(ui_board *b);

static float frand(uint32_t *s) /* a cosmetic generator: never the game's dice */
{
    *s = hash32(*s + 0x9e3779b9u);
    return (*s & 0xffffff) / 16777216.0f;
}

static uint32_t str_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

const js_card_def *ui_ship_card(const js_state *st, int ship)
{
    if (ship < 0 || ship >= st->nships)
        return NULL;
    int u = st->ships[ship].unit;
    if (u < 0 || u >= st->nunits)
        return NULL;
    int d = st->units[u].def;
    if (d < 0 || d >= st->scn.ncards)
        return NULL;
    return &st->scn.cards[d];
}

static bool hex_in_map(const js_state *st, js_hex h)
{
    int c, r;
    js_hex_to_offset(h, &c, &r);
    return c >= 0 && r >= 0 && c < st->scn.width && r < st->scn.height;
}

static int hex_index(const js_state *st, js_hex h)
{
    int c, r;
    js_hex_to_offset(h, &c, &r);
    if (c < 0 || r < 0 || c >= st->scn.width || r >= st->scn.height)
        return -1;
    return r * st->scn.width + c;
}

static int ship_size(const js_state *st, int i)
{
    const js_card_def *cd = ui_ship_card(st, i);
    return cd ? cd->size : JS_SIZE_SMALL;
}

static bool ship_drawn(const js_state *st, int i)
{
    const js_ship *s = &st->ships[i];
    return s->on_map && s->unit >= 0 && s->unit < st->nunits &&
           st->units[s->unit].where == JS_AT_MAP;
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

/* ----------------------------------------------------------------- create */

static SDL_Texture *make_stars(SDL_Renderer *r, int n)
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

ui_board *ui_board_create(ui_gfx *g)
{
    ui_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->g = g;
    b->stars_n = 512;
    b->stars = make_stars(g->r, b->stars_n);
    return b;
}

void ui_board_destroy(ui_board *b)
{
    if (!b)
        return;
    if (b->stars)
        SDL_DestroyTexture(b->stars);
    if (b->cache)
        SDL_DestroyTexture(b->cache);
    stamps_flush(b);
    ui_batch_free(&b->batch);
    free(b);
}

void ui_board_invalidate(ui_board *b)
{
    b->cache_ok = false;
    stamps_flush(b);
}

void ui_overlay_clear(ui_overlay *o)
{
    memset(o, 0, sizeof *o);
    o->sel_ship = o->sel_pod = o->sel_missile = -1;
}

/* ----------------------------------------------------------------- terrain layer */

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
    /* space: the star tile, scrolled at a third of the camera's speed for depth */
    int n = b->stars_n;
    int ox = (int)fmod(-c->cx * c->zoom * 0.3, n), oy = (int)fmod(-c->cy * c->zoom * 0.3, n);
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
            terrain_detail(bt, c, h, t, hash32((uint32_t)(col * 7919 + row * 104729)));
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
    }
    /* coordinates when zoomed in enough to read them */
    if (c->zoom >= 34) {
        int px = (int)(c->zoom * 0.2);
        for (int col = c0; col <= c1; col++)
            for (int row = r0; row <= r1; row++) {
                float x, y;
                ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
                char buf[16];
                snprintf(buf, sizeof buf, "%02d%02d", col, row);
                ui_text_draw(b->g->text, UI_FONT_MONO, px, buf, ui_col(150, 165, 200, 110), (int)x,
                             (int)(y + c->zoom * 0.86 - px * 1.3), UI_AL_CENTER);
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

static void blit_terrain(ui_board *b, const ui_camera *c, const js_state *st)
{
    SDL_Renderer *r = b->g->r;
    uint64_t sum = scn_sum(&st->scn);
    if (!b->cache || b->cache_w != c->vp.w || b->cache_h != c->vp.h) {
        if (b->cache)
            SDL_DestroyTexture(b->cache);
        b->cache = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, c->vp.w,
                                     c->vp.h);
        b->cache_w = c->vp.w;
        b->cache_h = c->vp.h;
        b->cache_ok = false;
    }
    if (!b->cache) { /* no render targets: draw directly every frame */
        draw_terrain_layer(b, c, st);
        return;
    }
    if (!b->cache_ok || !same_cam(c, &b->cache_cam) || sum != b->cache_scn_sum ||
        b->cache_scale != ui_scale) {
        SDL_Texture *old = SDL_GetRenderTarget(r);
        SDL_SetRenderTarget(r, b->cache);
        ui_camera local = *c;
        local.vp.x = local.vp.y = 0;
        SDL_SetRenderDrawColor(r, 8, 10, 20, 255);
        SDL_RenderClear(r);
        draw_terrain_layer(b, &local, st);
        SDL_SetRenderTarget(r, old);
        b->cache_cam = *c;
        b->cache_scn_sum = sum;
        b->cache_scale = ui_scale;
        b->cache_ok = true;
    }
    SDL_SetTextureBlendMode(b->cache, SDL_BLENDMODE_NONE);
    SDL_RenderCopy(r, b->cache, NULL, &c->vp);
}

/* ----------------------------------------------------------------- counters */

static void footprint_centre(int size, js_ship_place pl, double *wx, double *wy)
{
    ui_cam_hex_world(pl.hex, wx, wy);
    if (size == JS_SIZE_MEDIUM) { /* halfway between bow and stern */
        double sx, sy;
        ui_cam_hex_world(js_hex_neighbor(pl.hex, js_dir_opposite(pl.facing)), &sx, &sy);
        *wx = (*wx + sx) * 0.5;
        *wy = (*wy + sy) * 0.5;
    }
}

/* screen pixels per PNG pixel for a ship sprite of this size */
static float ship_scale(int size, double zoom)
{
    if (size == JS_SIZE_LARGE)
        return (float)(zoom * 4.7 / 256.0);
    if (size == JS_SIZE_MEDIUM)
        return (float)(zoom * UI_SQRT3 / 128.0);
    return (float)(zoom * 1.6 / 128.0);
}

static void draw_footprint(ui_batch *bt, const ui_camera *c, int size, js_ship_place pl,
                           ui_rgba fill, ui_rgba edge, float ew)
{
    js_hex fp[7];
    int n = js_footprint(size, pl.hex, pl.facing, fp);
    for (int i = 0; i < n; i++) {
        SDL_FPoint p[6];
        ui_cam_hex_corners(c, fp[i], 0.96f, p);
        if (fill.a)
            ui_batch_poly(bt, p, 6, fill);
        if (ew > 0) {
            static const int edge_dir[6] = {3, 4, 5, 6, 1, 2};
            for (int e = 0; e < 6; e++) {
                /* outline only the footprint's outside edges: one card, one shape */
                js_hex nb = js_hex_neighbor(fp[i], edge_dir[e]);
                bool inside = false;
                for (int k = 0; k < n; k++)
                    inside |= js_hex_eq(nb, fp[k]);
                if (!inside)
                    ui_batch_quad_line(bt, p[e], p[(e + 1) % 6], ew, edge);
            }
        }
    }
}

/* ----------------------------------------------------------------- stamps
 *
 * The software renderer fills each translucent triangle through a temporary surface, which made
 * counters cost ~80 us each. So a counter's picture is drawn once per zoom level into a texture
 * (a "stamp") and afterwards each frame only blits it. Stamps are opaque where they are drawn, so
 * the blit blends exactly like the shapes would; translucent tints use alpha modulation. */

typedef void (*stamp_fn)(ui_board *b, const ui_camera *c, const void *ctx);

static void stamps_flush(ui_board *b)
{
    for (int i = 0; i < STAMP_SLOTS; i++)
        if (b->stamps[i].tex)
            SDL_DestroyTexture(b->stamps[i].tex);
    memset(b->stamps, 0, sizeof b->stamps);
    b->nstamps = 0;
}

/* Blit stamp `key` centred at (sx, sy); draw it first with fn when it is not cached. The stamp's
 * centre is the world point (awx, awy) of the canonical placement fn draws. */
static void stamp(ui_board *b, uint64_t key, int side, double awx, double awy, stamp_fn fn, const void *ctx,
                  float sx, float sy, ui_rgba mod)
{
    SDL_Renderer *r = b->g->r;
    if (side > STAMP_MAX_SIDE && mod.r == 255 && mod.g == 255 && mod.b == 255 && mod.a == 255) {
        /* zoomed far in, few counters fit on screen and each stamp would cost megabytes: draw the
         * counter straight onto the screen with a camera that puts it where the stamp would go */
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
            stamps_flush(b);
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
    }
    SDL_Texture *t = b->stamps[j].tex;
    SDL_SetTextureColorMod(t, mod.r, mod.g, mod.b);
    SDL_SetTextureAlphaMod(t, mod.a);
    int sd = b->stamps[j].side;
    SDL_Rect d = {(int)(sx - sd * 0.5f + 0.5f), (int)(sy - sd * 0.5f + 0.5f), sd, sd};
    SDL_RenderCopy(r, t, NULL, &d);
}

static uint64_t K(int tag, int a, int b2, int c, int d, int e)
{
    return (uint64_t)tag << 56 | (uint64_t)(a & 0xff) << 48 | (uint64_t)(b2 & 0xff) << 40 |
           (uint64_t)(c & 0xffff) << 24 | (uint64_t)(d & 0xffff) << 8 | (uint64_t)(e & 0xff);
}

static uint32_t rgb_key(ui_rgba c) { return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

typedef struct ship_look {
    int size, facing, state;
    bool selected, fill;
    ui_rgba side;
} ship_look;

static const js_hex ORIGIN = {0, 0};

/* the counter: footprint edge, the ship, its facing arrow, and its state marks */
static void fn_body(ui_board *b, const ui_camera *c, const void *ctx)
{
    const ship_look *l = ctx;
    SDL_Renderer *r = b->g->r;
    ui_batch *bt = &b->batch;
    js_ship_place pl = {ORIGIN, (int8_t)l->facing, 0};
    float R = (float)c->zoom;
    bool disabled = l->state == JS_SHIP_DISABLED, destroyed = l->state == JS_SHIP_DESTROYED;
    ui_rgba edge = ui_col_shade(l->side, 0.3f);
    if (disabled)
        edge = ui_col(255, 170, 60, 255);
    if (destroyed)
        edge = ui_col(200, 50, 40, 255);
    /* the footprint tint is written as it is (no blending into the empty stamp), so the stamp
     * carries the tint's own alpha and blends onto the board exactly like a direct fill */
    ui_rgba tint = ui_col_alpha(l->side, l->selected ? 95 : 60);
    if (disabled)
        tint = ui_col(120, 110, 90, 70);
    if (destroyed)
        tint = ui_col(60, 20, 20, 80);
    if (l->fill) {
        draw_footprint(bt, c, l->size, pl, tint, ui_col(0, 0, 0, 0), 0);
        if (bt->n > 0) {
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
            SDL_RenderGeometry(r, NULL, bt->v, bt->n, NULL, 0);
            bt->n = 0;
        }
    }
    draw_footprint(bt, c, l->size, pl, ui_col(0, 0, 0, 0), edge, l->selected ? 3.0f : 1.6f);
    ui_batch_flush(r, bt);
    double wx, wy;
    footprint_centre(l->size, pl, &wx, &wy);
    float x, y;
    ui_cam_world_to_screen(c, wx, wy, &x, &y);
    ui_rgba stint = ui_col_shade(l->side, 0.45f);
    if (disabled)
        stint = ui_col(125, 120, 115, 255);
    if (destroyed)
        stint = ui_col(70, 55, 50, 255);
    ui_sprite_draw(r, &b->g->sprites.ship[l->size], l->facing, x, y, ship_scale(l->size, c->zoom), stint);
    /* the facing arrow at the bow edge of the bow hex */
    double bx = 0, by = 0;
    if (l->size == JS_SIZE_LARGE)
        ui_cam_hex_world(js_hex_neighbor(ORIGIN, l->facing), &bx, &by);
    double a = (l->facing - 1) * 1.0471975512;
    double ux = sin(a), uy = -cos(a);
    float tx, ty;
    ui_cam_world_to_screen(c, bx + ux * 0.84, by + uy * 0.84, &tx, &ty);
    float w = R * 0.2f, len = R * 0.26f;
    SDL_FPoint p[3] = {{tx + (float)ux * len * 0.5f, ty + (float)uy * len * 0.5f},
                       {tx - (float)ux * len * 0.5f - (float)uy * w, ty - (float)uy * len * 0.5f + (float)ux * w},
                       {tx - (float)ux * len * 0.5f + (float)uy * w, ty - (float)uy * len * 0.5f - (float)ux * w}};
    ui_batch_poly(bt, p, 3, disabled || destroyed ? ui_col(150, 140, 130, 255) : ui_col_shade(l->side, 0.2f));
    if (destroyed) { /* a wreck: a red cross over the hull */
        float k = R * (l->size == JS_SIZE_LARGE ? 1.4f : 0.55f);
        SDL_FPoint a0 = {x - k, y - k}, a1 = {x + k, y + k}, b0 = {x + k, y - k}, b1 = {x - k, y + k};
        ui_batch_quad_line(bt, a0, a1, R * 0.12f, ui_col(230, 60, 50, 255));
        ui_batch_quad_line(bt, b0, b1, R * 0.12f, ui_col(230, 60, 50, 255));
    }
    if (disabled) { /* hazard ring: a dashed orange circle */
        float rad = R * (l->size == JS_SIZE_LARGE ? 2.4f : l->size == JS_SIZE_MEDIUM ? 1.3f : 0.8f);
        for (int k = 0; k < 12; k += 2) {
            float a0 = k / 12.0f * 6.2831853f, a1 = (k + 1) / 12.0f * 6.2831853f;
            SDL_FPoint q0 = {x + rad * cosf(a0), y + rad * sinf(a0)}, q1 = {x + rad * cosf(a1), y + rad * sinf(a1)};
            ui_batch_quad_line(bt, q0, q1, R > 24 ? 3.0f : 2.0f, ui_col(255, 170, 50, 255));
        }
    }
    ui_batch_flush(r, bt);
}

typedef struct badge_look { ui_rgba side; int phase; bool dim; } badge_look;

static void fn_badge(ui_board *b, const ui_camera *c, const void *ctx)
{
    const badge_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f, br = R * 0.24f + 2;
    ui_disc(b->g->r, x, y, br + 1.5f, ui_col_shade(l->side, l->dim ? -0.6f : 0.1f));
    ui_disc(b->g->r, x, y, br, ui_col(10, 14, 26, 255));
    char num[8];
    snprintf(num, sizeof num, "%d", l->phase);
    int fpx = (int)(br * 1.25f);
    ui_text_draw(b->g->text, UI_FONT_BOLD, fpx, num, UI_TEXT, (int)x,
                 (int)(y - ui_text_line_h(b->g->text, UI_FONT_BOLD, fpx) * 0.52f), UI_AL_CENTER);
}

typedef struct pip_look { int sh_left, sh, hull_left, hull; } pip_look;

static void fn_pips(ui_board *b, const ui_camera *c, const void *ctx)
{
    const pip_look *l = ctx;
    float R = (float)c->zoom, hx = c->vp.w * 0.5f, py = c->vp.h * 0.5f;
    float pr = R * 0.065f + 1.0f, gap = pr * 2.6f;
    int nsh = l->sh, nh = l->hull, total = nsh + nh;
    float x0 = hx - (total - 1) * gap * 0.5f - (nsh && nh ? gap * 0.3f : 0);
    ui_fill_rect(b->g->r, (SDL_Rect){(int)(x0 - pr * 2), (int)(py - pr * 1.8f),
                                     (int)((total - 1) * gap + pr * 4 + gap * 0.6f), (int)(pr * 3.6f)},
                 ui_col(6, 8, 16, 255));
    ui_batch *bt = &b->batch;
    for (int k = 0; k < nsh; k++)
        ui_batch_disc(bt, x0 + k * gap, py, pr, k < l->sh_left ? UI_SHIELD : ui_col(40, 60, 90, 255));
    float x1 = x0 + nsh * gap + (nsh ? gap * 0.6f : 0);
    for (int k = 0; k < nh; k++) {
        bool ok = k < l->hull_left;
        SDL_FPoint q[4] = {{x1 + k * gap - pr, py - pr}, {x1 + k * gap + pr, py - pr},
                           {x1 + k * gap + pr, py + pr}, {x1 + k * gap - pr, py + pr}};
        ui_batch_poly(bt, q, 4, ok ? UI_GOOD : ui_col(120, 45, 40, 255));
    }
    ui_batch_flush(b->g->r, bt);
}

static void draw_ship(ui_board *b, const ui_camera *c, const js_state *st, int i,
                      const ui_overlay *o, bool selected)
{
    const js_ship *s = &st->ships[i];
    int size = ship_size(st, i);
    ui_rgba side = ui_side_col(&st->scn, s->side);
    js_ship_place pl = {s->pos, s->facing, s->phase};
    double wx, wy, ox, oy;
    footprint_centre(size, pl, &wx, &wy);
    js_ship_place canon = {ORIGIN, s->facing, 0};
    footprint_centre(size, canon, &ox, &oy);
    float offx = 0, offy = 0;
    if (o && o->ship_off) {
        offx = o->ship_off[i][0];
        offy = o->ship_off[i][1];
    }
    float x, y;
    ui_cam_world_to_screen(c, wx + offx, wy + offy, &x, &y);
    float R = (float)c->zoom;
    int sd = (int)(R * (size == JS_SIZE_LARGE ? 6.2f : size == JS_SIZE_MEDIUM ? 4.4f : 2.6f)) + 8;
    bool disabled = s->state == JS_SHIP_DISABLED, destroyed = s->state == JS_SHIP_DESTROYED;
    bool still = offx == 0 && offy == 0; /* no footprint tint while gliding */
    ship_look l = {size, s->facing, s->state, selected, still, side};
    stamp(b, K('B', size, s->facing, s->state, selected, still) ^ (uint64_t)rgb_key(side) << 8, sd, ox, oy, fn_body, &l,
          x, y, ui_col(255, 255, 255, 255));
    if (R < 13)
        return; /* counters too small to carry numbers */
    /* the hex the numbers hang on: bow (small/medium) or centre (large) */
    float hx, hy;
    double ax, ay;
    ui_cam_hex_world(s->pos, &ax, &ay);
    ui_cam_world_to_screen(c, ax + offx, ay + offy, &hx, &hy);
    badge_look bl = {side, s->phase, disabled || destroyed};
    int bsd = (int)(R * 0.6f) + 10;
    stamp(b, K('P', s->phase, bl.dim, 0, 0, 0) ^ (uint64_t)rgb_key(side) << 8, bsd, 0, 0, fn_badge, &bl,
          hx - R * 0.52f, hy - R * 0.5f, ui_col(255, 255, 255, 255));
    const js_card_def *cd = ui_ship_card(st, i);
    if (cd && R >= 18) {
        pip_look pk = {s->shields, cd->shields, cd->hull - s->hull_damage, cd->hull};
        int psd = (int)((pk.sh + pk.hull + 2) * (R * 0.065f + 1.0f) * 2.8f) + 8;
        stamp(b, K('H', pk.sh_left, pk.sh, pk.hull_left, pk.hull, 0), psd, 0, 0, fn_pips, &pk, hx, hy + R * 0.62f,
              ui_col(255, 255, 255, 255));
    }
    if (disabled && R >= 22) {
        int px = (int)(R * 0.22f);
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, "DISABLED", ui_col(255, 180, 70, 255), (int)hx,
                     (int)(hy + R * 0.72f), UI_AL_CENTER);
    }
}

typedef struct pod_look { ui_rgba side; int pods; bool selected; } pod_look;

static void fn_pod(ui_board *b, const ui_camera *c, const void *ctx)
{
    const pod_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f;
    SDL_Renderer *r = b->g->r;
    if (l->selected)
        ui_ring(r, x, y, R * 0.42f, 2.5f, UI_ACCENT);
    ui_disc(r, x, y, R * 0.36f, ui_col(8, 12, 24, 255));
    ui_sprite_draw(r, &b->g->sprites.pod, 1, x, y, R * 0.62f / 64.0f, ui_col_shade(l->side, 0.35f));
    ui_ring(r, x, y, R * 0.36f, 1.5f, l->side);
    if (R >= 12) { /* pod count in a small square */
        char n[8];
        snprintf(n, sizeof n, "%d", l->pods);
        int px = (int)(R * 0.24f) + 3;
        int tw, th;
        ui_text_size(b->g->text, UI_FONT_BOLD, px, n, &tw, &th);
        SDL_Rect rc = {(int)(x + R * 0.16f), (int)(y + R * 0.08f), tw + 6, th};
        ui_fill_rect(r, rc, ui_col_shade(l->side, -0.55f));
        ui_rect_outline(r, rc, l->side);
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, n, UI_TEXT, rc.x + 3, rc.y, UI_AL_LEFT);
    }
}

static void draw_pod(ui_board *b, const ui_camera *c, const js_state *st, int i, float dx, float dy,
                     bool selected)
{
    const js_podgroup *p = &st->pods[i];
    pod_look l = {ui_side_col(&st->scn, p->side), p->pods, selected};
    float x, y;
    ui_cam_hex_to_screen(c, p->pos, &x, &y);
    int sd = (int)(c->zoom * 1.3) + 12;
    stamp(b, K('O', p->pods, selected, 0, 0, 0) ^ (uint64_t)rgb_key(l.side) << 8, sd, 0, 0, fn_pod, &l, x + dx, y + dy,
          ui_col(255, 255, 255, 255));
}

typedef struct msl_look { ui_rgba side; int facing; bool selected; } msl_look;

static void fn_missile(ui_board *b, const ui_camera *c, const void *ctx)
{
    const msl_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f;
    if (l->selected)
        ui_ring(b->g->r, x, y, R * 0.4f, 2.5f, UI_ACCENT);
    /* a short exhaust trail behind it along its heading */
    double a = (l->facing - 1) * 1.0471975512;
    float ux = (float)sin(a), uy = (float)-cos(a);
    ui_line(b->g->r, x - ux * R * 0.2f, y - uy * R * 0.2f, x - ux * R * 0.7f, y - uy * R * 0.7f, R * 0.08f + 1,
            ui_col(150, 95, 40, 255));
    ui_sprite_draw(b->g->r, &b->g->sprites.missile, l->facing, x, y, R * 0.7f / 64.0f, ui_col_shade(l->side, 0.5f));
}

static void draw_missile(ui_board *b, const ui_camera *c, const js_state *st, int i, float dx,
                         float dy, bool selected)
{
    const js_missile *m = &st->missiles[i];
    msl_look l = {ui_side_col(&st->scn, m->side), js_dir_wrap(m->facing), selected};
    float x, y;
    ui_cam_hex_to_screen(c, m->pos, &x, &y);
    int sd = (int)(c->zoom * 1.6) + 10;
    stamp(b, K('M', l.facing, selected, 0, 0, 0) ^ (uint64_t)rgb_key(l.side) << 8, sd, 0, 0, fn_missile, &l, x + dx,
          y + dy, ui_col(255, 255, 255, 255));
}

static void fn_hexfill(ui_board *b, const ui_camera *c, const void *ctx)
{
    (void)ctx;
    SDL_FPoint p[6];
    ui_cam_hex_corners(c, ORIGIN, 0.9f, p);
    ui_fill_poly(b->g->r, p, 6, ui_col(255, 255, 255, 255));
}

static void fn_hexring(ui_board *b, const ui_camera *c, const void *ctx)
{
    (void)ctx;
    SDL_FPoint p[6];
    ui_cam_hex_corners(c, ORIGIN, 0.98f, p);
    for (int i = 0; i < 6; i++)
        ui_batch_quad_line(&b->batch, p[i], p[(i + 1) % 6], 2.0f, ui_col(255, 255, 255, 255));
    ui_batch_flush(b->g->r, &b->batch);
}

typedef struct count_look { int n; } count_look;

typedef struct squad_look { ui_rgba side; int n; } squad_look;

/* the squadron tag: "x4" on a chip in the side's colour */
static void fn_squad(ui_board *b, const ui_camera *c, const void *ctx)
{
    const squad_look *l = ctx;
    float R = (float)c->zoom;
    char t[8];
    snprintf(t, sizeof t, "\xc3\x97%d", l->n);
    int px = (int)(R * 0.22f) + 4, tw, th;
    ui_text_size(b->g->text, UI_FONT_BOLD, px, t, &tw, &th);
    SDL_Rect rc = {c->vp.w / 2 - tw / 2 - 3, c->vp.h / 2 - th / 2, tw + 6, th};
    ui_fill_rect(b->g->r, rc, ui_col_shade(l->side, -0.5f));
    ui_rect_outline(b->g->r, rc, l->side);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, UI_TEXT, c->vp.w / 2, rc.y, UI_AL_CENTER);
}

/* Squadron ships are one card (U-1): a link between its ships and a count on the first. */
static void draw_squadrons(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o, bool tags)
{
    float R = (float)c->zoom;
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->where != JS_AT_MAP || un->nships < 2 || un->first_ship < 0)
            continue;
        ui_rgba side = ui_side_col(&st->scn, un->side);
        int first = -1;
        float px = 0, py = 0;
        for (int k = 0; k < un->nships; k++) {
            int i = un->first_ship + k;
            if (i >= st->nships || !st->ships[i].on_map || (o && o->ship_hidden && o->ship_hidden[i]))
                continue;
            double wx, wy;
            ui_cam_hex_world(st->ships[i].pos, &wx, &wy);
            if (o && o->ship_off)
                wx += o->ship_off[i][0], wy += o->ship_off[i][1];
            float x, y;
            ui_cam_world_to_screen(c, wx, wy, &x, &y);
            if (first >= 0 && !tags) {
                SDL_FPoint a = {px, py}, q = {x, y};
                ui_batch_quad_line(&b->batch, a, q, R * 0.07f + 1, ui_col_shade(side, -0.35f));
            } else if (first < 0) {
                first = i;
            }
            px = x;
            py = y;
        }
        ui_batch_flush(b->g->r, &b->batch);
        if (tags && first >= 0 && R >= 14) {
            double wx, wy;
            ui_cam_hex_world(st->ships[first].pos, &wx, &wy);
            float x, y;
            ui_cam_world_to_screen(c, wx, wy, &x, &y);
            squad_look l = {side, un->nships};
            stamp(b, K('S', un->nships, 0, 0, 0, 0) ^ (uint64_t)rgb_key(side) << 8, (int)(R * 0.9f) + 16, 0, 0, fn_squad,
                  &l, x - R * 0.5f, y + R * 0.42f, ui_col(255, 255, 255, 255));
        }
    }
}

static void fn_count(ui_board *b, const ui_camera *c, const void *ctx)
{
    const count_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f, br = R * 0.16f + 4;
    ui_disc(b->g->r, x, y, br, UI_ACCENT);
    char t[8];
    snprintf(t, sizeof t, "%d", l->n);
    int px = (int)(br * 1.2f);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col(20, 16, 8, 255), (int)x,
                 (int)(y - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) * 0.52f), UI_AL_CENTER);
}

/* Where the k-th of n counters sharing a hex is drawn, so pods and missiles stay apart. */
static void slot_offset(int k, int n, float R, float *dx, float *dy)
{
    *dx = *dy = 0;
    if (n <= 1)
        return;
    float a = 2.3f + k * 6.2831853f / (n > 6 ? n : 6);
    *dx = cosf(a) * R * 0.42f;
    *dy = sinf(a) * R * 0.42f;
}

int ui_board_units_at(const js_view *v, js_hex h, int *ships, int *nships, int *pods, int *npods,
                      int *missiles, int *nmissiles, int cap)
{
    const js_state *st = &v->st;
    *nships = *npods = *nmissiles = 0;
    for (int i = 0; i < st->nships; i++) {
        if (!ship_drawn(st, i))
            continue;
        js_hex fp[7];
        int n = js_footprint(ship_size(st, i), st->ships[i].pos, st->ships[i].facing, fp);
        for (int k = 0; k < n; k++)
            if (js_hex_eq(fp[k], h) && *nships < cap) {
                ships[(*nships)++] = i;
                break;
            }
    }
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, h) && *npods < cap)
            pods[(*npods)++] = i;
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, h) && *nmissiles < cap)
            missiles[(*nmissiles)++] = i;
    return *nships + *npods + *nmissiles;
}

int ui_board_describe_hex(const js_view *v, js_hex h, char lines[][96], int max)
{
    const js_state *st = &v->st;
    int ships[32] = {0}, pods[32] = {0}, ms[32] = {0}, ns, np, nm, n = 0;
    ui_board_units_at(v, h, ships, &ns, pods, &np, ms, &nm, 32);
    static const char *stname[3] = {"", " (disabled)", " (destroyed)"};
    for (int i = 0; i < ns && n < max; i++) {
        if (ships[i] < 0 || ships[i] >= JS_MAX_SHIPS)
            continue;
        const js_ship *s = &st->ships[ships[i]];
        const js_card_def *cd = ui_ship_card(st, ships[i]);
        snprintf(lines[n++], 96, "%s %s, phase %d%s", st->scn.sides[s->side].name,
                 cd ? cd->name : "ship", s->phase, stname[s->state % 3]);
    }
    for (int i = 0; i < np && n < max; i++) {
        const js_podgroup *p = &st->pods[pods[i]];
        snprintf(lines[n++], 96, "%s pod group: %d pod%s", st->scn.sides[p->side].name, p->pods,
                 p->pods == 1 ? "" : "s");
    }
    for (int i = 0; i < nm && n < max; i++) {
        const js_missile *m = &st->missiles[ms[i]];
        static const char *dn[7] = {"", "N", "NE", "SE", "S", "SW", "NW"};
        snprintf(lines[n++], 96, "%s missile heading %s", st->scn.sides[m->side].name,
                 dn[js_dir_wrap(m->facing)]);
    }
    int idx = hex_index(st, h);
    if (idx >= 0 && n < max) {
        int tt = st->scn.terrain[idx];
        int col, row;
        js_hex_to_offset(h, &col, &row);
        if (tt > 0 && tt < st->scn.nterrain) {
            const js_terrain_type *t = &st->scn.terrain_types[tt];
            snprintf(lines[n++], 96, "%02d%02d %s%s%s%s", col, row, t->name,
                     t->impassable ? " · impassable" : "", t->blocks_missiles ? " · blocks missiles" : "",
                     t->defense_bonus ? " · +defence" : "");
        } else {
            snprintf(lines[n++], 96, "%02d%02d open space", col, row);
        }
    }
    return n;
}

static void draw_sites(ui_board *b, const ui_camera *c, const js_state *st)
{
    float R = (float)c->zoom;
    for (int i = 0; i < st->nsites && i < JS_MAX_SITES; i++) {
        const js_site *s = &st->sites[i];
        if (!s->alive || s->kind < 0 || s->kind > 2)
            continue;
        float x, y;
        ui_cam_hex_to_screen(c, s->hex, &x, &y);
        ui_rgba col = ui_side_col(&st->scn, s->side);
        ui_disc(b->g->r, x, y, R * 0.8f, ui_col_alpha(col, 40));
        ui_sprite_draw(b->g->r, &b->g->sprites.site[s->kind], 1, x, y, R * 1.45f / 128.0f,
                       ui_col_alpha(ui_col_shade(col, 0.25f), 235));
    }
}

/* Cards waiting on a jump point to arrive this turn (J-6): the next one in the queue drawn
 * faintly on its jump point, with how many wait there. They are public once revealed. */
static void draw_arriving(ui_board *b, const ui_camera *c, const js_state *st)
{
    SDL_Renderer *r = b->g->r;
    float R = (float)c->zoom;
    for (int site = 0; site < st->nsites && site < JS_MAX_SITES; site++) {
        int next = -1, waiting = 0;
        for (int u = 0; u < st->nunits; u++) {
            const js_unit *un = &st->units[u];
            if (un->where != JS_AT_ARRIVING || un->def < 0 || st->arrive_site[u] != site)
                continue;
            waiting++;
            if (next < 0 || st->arrive_order[u] < st->arrive_order[next])
                next = u;
        }
        if (next < 0)
            continue;
        const js_unit *un = &st->units[next];
        const js_card_def *cd = &st->scn.cards[un->def];
        const js_ship *s = &st->ships[un->first_ship];
        ui_rgba side = ui_side_col(&st->scn, un->side);
        js_ship_place pl = {s->pos, s->facing, s->phase};
        double wx, wy;
        footprint_centre(cd->size, pl, &wx, &wy);
        float x, y;
        ui_cam_world_to_screen(c, wx, wy, &x, &y);
        draw_footprint(&b->batch, c, cd->size, pl, ui_col_alpha(side, 22), ui_col_alpha(side, 150), 1.2f);
        ui_batch_flush(r, &b->batch);
        ui_sprite_draw(r, &b->g->sprites.ship[cd->size % 3], pl.facing, x, y, ship_scale(cd->size, c->zoom),
                       ui_col_alpha(ui_col_shade(side, 0.5f), 120));
        if (R >= 12) {
            char t[16];
            snprintf(t, sizeof t, waiting > 1 ? "%d waiting" : "arriving", waiting);
            float hx, hy;
            ui_cam_hex_to_screen(c, pl.hex, &hx, &hy);
            int px = (int)(R * 0.24f) + 5;
            int tw, th;
            ui_text_size(b->g->text, UI_FONT_BOLD, px, t, &tw, &th);
            SDL_Rect rc = {(int)hx - tw / 2 - 3, (int)(hy + R * 0.55f), tw + 6, th};
            ui_fill_rect(r, rc, ui_col(10, 14, 26, 210));
            ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col_shade(side, 0.5f), (int)hx, rc.y, UI_AL_CENTER);
        }
    }
}

static void draw_ghosts(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    float R = (float)c->zoom;
    for (int i = 0; i < o->npaths; i++) {
        float x0, y0, x1, y1;
        ui_cam_hex_to_screen(c, o->paths[i].a, &x0, &y0);
        ui_cam_hex_to_screen(c, o->paths[i].b, &x1, &y1);
        if (o->paths[i].dashed)
            ui_dashed_line(r, x0, y0, x1, y1, R * 0.06f + 1, R * 0.2f + 2, R * 0.14f + 2, o->paths[i].col);
        else
            ui_line(r, x0, y0, x1, y1, R * 0.07f + 1, o->paths[i].col);
    }
    for (int i = 0; i < o->nghosts; i++) {
        const ui_ghost *gh = &o->ghosts[i];
        ui_rgba side = ui_side_col(&st->scn, gh->side);
        double wx, wy;
        footprint_centre(gh->size, gh->place, &wx, &wy);
        float x, y;
        ui_cam_world_to_screen(c, wx, wy, &x, &y);
        draw_footprint(&b->batch, c, gh->size, gh->place, ui_col_alpha(side, 25),
                       ui_col_alpha(side, 120), 1.2f);
        ui_batch_flush(r, &b->batch);
        ui_sprite_draw(r, &b->g->sprites.ship[gh->size], gh->place.facing, x, y,
                       ship_scale(gh->size, c->zoom), ui_col_alpha(ui_col_shade(side, 0.5f), gh->alpha ? gh->alpha : 90));
        if (gh->label && R >= 12) {
            char t[4];
            snprintf(t, sizeof t, "%d", gh->label);
            float hx, hy;
            ui_cam_hex_to_screen(c, gh->place.hex, &hx, &hy);
            ui_disc(r, hx + R * 0.5f, hy - R * 0.5f, R * 0.2f + 2, ui_col(250, 250, 250, 200));
            int px = (int)(R * 0.26f) + 2;
            ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col(20, 20, 30, 255), (int)(hx + R * 0.5f),
                         (int)(hy - R * 0.5f - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) * 0.52f),
                         UI_AL_CENTER);
        }
    }
}

static void draw_fx(ui_board *b, const ui_camera *c, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    SDL_Texture *ex = b->g->assets->spr[UI_SPR_EXPLOSION];
    for (int i = 0; i < o->nfx; i++) {
        const ui_fx *f = &o->fx[i];
        float x, y;
        ui_cam_world_to_screen(c, f->wx, f->wy, &x, &y);
        float R = (float)c->zoom * f->size;
        if (f->kind == 0) {
            int frame = (int)(f->t * 8);
            if (frame > 7)
                frame = 7;
            SDL_Rect src = {frame * 96, 0, 96, 96};
            SDL_FRect dst = {x - R * 1.3f, y - R * 1.3f, R * 2.6f, R * 2.6f};
            SDL_SetTextureBlendMode(ex, SDL_BLENDMODE_ADD);
            SDL_RenderCopyF(r, ex, &src, &dst);
            SDL_SetTextureBlendMode(ex, SDL_BLENDMODE_BLEND);
        } else if (f->kind == 2) {
            /* a jump flare: rings closing on the point and a white core fading out */
            float a = 1 - f->t;
            for (int k = 0; k < 3; k++) {
                float ph = fmodf(f->t * 1.6f + k / 3.0f, 1.0f);
                ui_ring(r, x, y, R * (1.15f - ph), R * 0.07f + 1, ui_col(150, 200, 255, (int)(230 * a * ph)));
            }
            ui_disc(r, x, y, R * (0.15f + 0.3f * a), ui_col(235, 245, 255, (int)(210 * a)));
        } else {
            ui_ring(r, x, y, R * (0.4f + f->t), R * 0.12f + 1,
                    ui_col(255, 240, 200, (int)(255 * (1 - f->t))));
        }
    }
}

void ui_board_draw(ui_board *b, const ui_camera *c, const js_view *v, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    const js_state *st = &v->st;
    SDL_RenderSetClipRect(r, &c->vp);
    blit_terrain(b, c, st);
    float R = (float)c->zoom;
    if (b->stamp_zoom != c->zoom || b->stamp_scale != ui_scale) {
        stamps_flush(b);
        b->stamp_zoom = c->zoom;
        b->stamp_scale = ui_scale;
    }
    int hsd = (int)(R * 2.1f) + 6; /* a stamp that holds one hex */

    /* hex highlights from the screen (legal placements, targets) */
    if (o && o->marks) {
        int c0, c1, r0, r1;
        ui_cam_visible(c, st->scn.width, st->scn.height, &c0, &c1, &r0, &r1);
        for (int col = c0; col <= c1; col++)
            for (int row = r0; row <= r1; row++) {
                int m = o->marks[row * st->scn.width + col];
                if (!m)
                    continue;
                static const ui_rgba mc[5] = {{0, 0, 0, 0}, {110, 230, 140, 70}, {240, 80, 70, 60},
                                              {255, 200, 80, 90}, {120, 200, 255, 80}};
                float x, y;
                ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
                stamp(b, K('X', 0, 0, 0, 0, 0), hsd, 0, 0, fn_hexfill, NULL, x, y, mc[m % 5]);
            }
    }
    draw_sites(b, c, st);
    draw_arriving(b, c, st);
    if (o)
        draw_ghosts(b, c, st, o);

    /* count counters per anchor hex for stack badges and spreading */
    memset(b->count, 0, sizeof b->count);
    for (int i = 0; i < st->nships; i++)
        if (ship_drawn(st, i)) {
            int idx = hex_index(st, st->ships[i].pos);
            if (idx >= 0 && b->count[idx] < 255)
                b->count[idx]++;
        }
    draw_squadrons(b, c, st, o, false);
    /* ships first, biggest at the bottom, so smaller counters stay visible */
    for (int size = JS_SIZE_LARGE; size >= JS_SIZE_SMALL; size--)
        for (int i = 0; i < st->nships; i++) {
            if (!ship_drawn(st, i) || ship_size(st, i) != size)
                continue;
            if (o && o->ship_hidden && o->ship_hidden[i])
                continue;
            draw_ship(b, c, st, i, o, o && o->sel_ship == i);
        }
    /* pods and missiles: spread around the hex centre when they share it with anything */
    static uint8_t seen[JS_MAX_HEXES];
    memset(seen, 0, sizeof(uint8_t) * (size_t)(st->scn.width * st->scn.height));
    uint8_t *cnt2 = calloc(JS_MAX_HEXES, 1);
    if (!cnt2)
        return;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive) {
            int idx = hex_index(st, st->pods[i].pos);
            if (idx >= 0 && cnt2[idx] < 255)
                cnt2[idx]++;
        }
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive) {
            int idx = hex_index(st, st->missiles[i].pos);
            if (idx >= 0 && cnt2[idx] < 255)
                cnt2[idx]++;
        }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        if (!st->pods[i].alive || (o && o->pod_hidden && o->pod_hidden[i]))
            continue;
        int idx = hex_index(st, st->pods[i].pos);
        if (idx < 0)
            continue;
        int n = cnt2[idx] + (b->count[idx] ? 1 : 0);
        float dx, dy;
        slot_offset(seen[idx]++ + (b->count[idx] ? 1 : 0), n, R, &dx, &dy);
        if (o && o->pod_off) {
            dx += o->pod_off[i][0] * R;
            dy += o->pod_off[i][1] * R;
        }
        draw_pod(b, c, st, i, dx, dy, o && o->sel_pod == i);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        if (!st->missiles[i].alive || (o && o->missile_hidden && o->missile_hidden[i]))
            continue;
        int idx = hex_index(st, st->missiles[i].pos);
        if (idx < 0)
            continue;
        int n = cnt2[idx] + (b->count[idx] ? 1 : 0);
        float dx, dy;
        slot_offset(seen[idx]++ + (b->count[idx] ? 1 : 0), n, R, &dx, &dy);
        if (o && o->missile_off) {
            dx += o->missile_off[i][0] * R;
            dy += o->missile_off[i][1] * R;
        }
        draw_missile(b, c, st, i, dx, dy, o && o->sel_missile == i);
    }
    draw_squadrons(b, c, st, o, true);
    /* stack badges: how many counters touch a hex, when more than one */
    if (R >= 10) {
        int c0, c1, r0, r1;
        ui_cam_visible(c, st->scn.width, st->scn.height, &c0, &c1, &r0, &r1);
        for (int i = 0; i < st->nships; i++) {
            if (!ship_drawn(st, i))
                continue;
            js_hex fp[7];
            int n = js_footprint(ship_size(st, i), st->ships[i].pos, st->ships[i].facing, fp);
            for (int k = 0; k < n; k++) {
                int idx = hex_index(st, fp[k]);
                if (idx >= 0 && k > 0 && cnt2[idx] < 255)
                    cnt2[idx]++; /* non-anchor footprint hexes */
            }
        }
        for (int col = c0; col <= c1; col++)
            for (int row = r0; row <= r1; row++) {
                int idx = row * st->scn.width + col;
                int total = cnt2[idx] + b->count[idx];
                if (total < 2)
                    continue;
                float x, y;
                ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
                count_look cl = {total};
                stamp(b, K('C', total > 255 ? 255 : total, 0, 0, 0, 0), (int)(R * 0.4f) + 14, 0, 0, fn_count, &cl,
                      x + R * 0.55f, y - R * 0.55f, ui_col(255, 255, 255, 255));
            }
    }
    free(cnt2);
    if (o)
        draw_fx(b, c, o);
    /* hover outline */
    if (o && o->hover_on && hex_in_map(st, o->hover)) {
        float x, y;
        ui_cam_hex_to_screen(c, o->hover, &x, &y);
        stamp(b, K('R', 0, 0, 0, 0, 0), hsd, 0, 0, fn_hexring, NULL, x, y, ui_col(255, 255, 255, 170));
    }
    SDL_RenderSetClipRect(r, NULL);
}
