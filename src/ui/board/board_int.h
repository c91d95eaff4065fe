/* board_int.h — what the board renderer's files share (board.h is the room's public face).
 *
 *   board.c          create, destroy, and ui_board_draw: the layers in their order
 *   board_terrain.c  the terrain picture (space, hexes, terrain, zones, section lines,
 *                    coordinates), cached in a texture while the camera stands still
 *   board_stamps.c   the stamp cache: a counter's picture drawn once per zoom, then blitted
 *   board_counters.c ships, pods, missiles, squadron links and stack badges
 *   board_overlay.c  jump sites, arriving cards, and what the screen lays over the board
 *                    (marks, paths, ghosts, effects, the hover outline)
 *   board_query.c    what is on a hex, in words and ids (no drawing)
 *
 * Two layers: the terrain picture is kept while the camera stands still; counters are drawn on
 * top every frame. Idle frames and the benchmark therefore pay for one blit plus counters. */
#ifndef UI_BOARD_INT_H
#define UI_BOARD_INT_H

#include "board.h"

enum {
    STAMP_SLOTS = 1024,
    STAMP_MAX_SIDE = 240,             /* px: larger counters are drawn directly */
    STAMP_BUDGET = 4 * 1024 * 1024,   /* bytes of stamps kept: past it, new counters are drawn
                                       * directly (peak memory stays low at every zoom) */
};

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
    int ring_x, ring_y;        /* where the viewport's top left is in the cache (it scrolls as a ring) */
    ui_batch batch;
    uint8_t count[JS_MAX_HEXES]; /* counters anchored per hex, for stack badges */
    int8_t facing_at[JS_MAX_HEXES]; /* facing of a ship anchored there (0 none): badges avoid its bow */
    struct { uint64_t key; SDL_Texture *tex; int side; } stamps[STAMP_SLOTS];
    int nstamps;
    long stamp_bytes;            /* what the stamps kept take */
    double stamp_zoom;           /* the zoom the stamps were drawn at */
    float stamp_scale;
    /* the jump points with cards waiting, as bd_draw_arriving found them this frame: their counts
     * are drawn after the ships (bd_draw_waiting_counts) */
    struct { js_hex hex; int8_t side; int16_t waiting; } waiting[JS_MAX_SITES];
    int nwaiting;
};

/* Counters are drawn around the world origin and blitted where they belong. */
static const js_hex BD_ORIGIN = {0, 0};

static inline bool hex_in_map(const js_state *st, js_hex h)
{
    int c, r;
    js_hex_to_offset(h, &c, &r);
    return c >= 0 && r >= 0 && c < st->scn.width && r < st->scn.height;
}

/* row * width + col, or -1 off the map */
static inline int hex_index(const js_state *st, js_hex h)
{
    int c, r;
    js_hex_to_offset(h, &c, &r);
    if (c < 0 || r < 0 || c >= st->scn.width || r >= st->scn.height)
        return -1;
    return r * st->scn.width + c;
}

static inline int ship_size(const js_state *st, int i)
{
    const js_card_def *cd = ui_ship_card(st, i);
    return cd ? cd->size : JS_SIZE_SMALL;
}

static inline bool ship_drawn(const js_state *st, int i)
{
    const js_ship *s = &st->ships[i];
    return s->on_map && s->unit >= 0 && s->unit < st->nunits && st->units[s->unit].where == JS_AT_MAP;
}

/* ---- the terrain layer (board_terrain.c) */
/* The star tile (n x n pixels); NULL when the renderer cannot make it. */
SDL_Texture *bd_make_stars(SDL_Renderer *r, int n);
/* The terrain picture into the camera's viewport, from the cache: redrawn whole when the zoom, the
 * map or the scale change; when the camera only panned, the cache scrolls as a ring and only the
 * strips that came into view are drawn. */
void bd_terrain_blit(ui_board *b, const ui_camera *c, const js_state *st);

/* ---- stamps (board_stamps.c)
 *
 * The software renderer fills each translucent triangle through a temporary surface, which made
 * counters cost ~80 us each. So a counter's picture is drawn once per zoom level into a texture
 * (a "stamp") and afterwards each frame only blits it. Stamps are opaque where they are drawn, so
 * the blit blends exactly like the shapes would; translucent tints use alpha modulation. */

typedef void (*bd_stamp_fn)(ui_board *b, const ui_camera *c, const void *ctx);

/* Forget every stamp (the zoom or the UI scale changed, or the board goes). */
void bd_stamps_flush(ui_board *b);
/* Blit stamp `key` centred at (sx, sy); draw it first with fn when it is not cached. The stamp's
 * centre is the world point (awx, awy) of the canonical placement fn draws. */
void bd_stamp(ui_board *b, uint64_t key, int side, double awx, double awy, bd_stamp_fn fn, const void *ctx, float sx,
              float sy, ui_rgba mod);

/* A stamp's key: a tag letter and what the picture depends on. */
static inline uint64_t bd_key(int tag, int a, int b2, int c, int d, int e)
{
    return (uint64_t)tag << 56 | (uint64_t)(a & 0xff) << 48 | (uint64_t)(b2 & 0xff) << 40 |
           (uint64_t)(c & 0xffff) << 24 | (uint64_t)(d & 0xffff) << 8 | (uint64_t)(e & 0xff);
}

static inline uint32_t bd_rgb_key(ui_rgba c) { return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

/* ---- counters (board_counters.c) */
/* The world point a ship's footprint is centred on (medium ships: between bow and stern). */
void bd_footprint_centre(int size, js_ship_place pl, double *wx, double *wy);
/* Screen pixels per PNG pixel for a ship sprite of this size. */
float bd_ship_scale(int size, double zoom);
/* A footprint's hexes filled with fill (when not transparent) and outlined on the outside. */
void bd_draw_footprint(ui_batch *bt, const ui_camera *c, int size, js_ship_place pl, ui_rgba fill, ui_rgba edge,
                       float ew);
/* Ships (biggest first), squadron links, pods and missiles spread apart on shared hexes, squadron
 * tags and stack badges. False when out of memory (nothing more drawn). */
bool bd_draw_counters(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o);

/* ---- jump sites and the screen's overlay (board_overlay.c) */
void bd_draw_sites(ui_board *b, const ui_camera *c, const js_state *st);
void bd_draw_arriving(ui_board *b, const ui_camera *c, const js_state *st);
void bd_draw_waiting_counts(ui_board *b, const ui_camera *c, const js_state *st);
/* The screen's hex highlights (o->marks: legal placements, targets). */
void bd_draw_marks(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o);
void bd_draw_ghosts(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o);
void bd_draw_fx(ui_board *b, const ui_camera *c, const ui_overlay *o);
void bd_draw_hover(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o);

#endif
