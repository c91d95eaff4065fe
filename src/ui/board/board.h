/* board.h — the battlefield renderer. It draws only what a js_view holds (plus the screen's own
 * overlay: hover, selection, highlights, ghosts, animation offsets), so it cannot show a secret
 * the view does not carry. */
#ifndef UI_BOARD_H
#define UI_BOARD_H

#include "kit/camera.h"
#include "kit/sprites.h"
#include "kit/text.h"
#include "kit/draw.h"

enum { UI_MAX_GHOSTS = 64, UI_MAX_PATHS = 128, UI_MAX_FX = 64 };

/* Per-hex highlight (index row*width+col). */
enum { UI_MARK_NONE = 0, UI_MARK_LEGAL, UI_MARK_ILLEGAL, UI_MARK_TARGET, UI_MARK_CHOICE };

typedef struct ui_ghost {
    int size;                 /* js_size */
    int side;
    js_ship_place place;
    int label;                /* 1..3: which plotted turn, 0 none */
    int alpha;
} ui_ghost;

typedef struct ui_path {      /* a line between two hexes: plotted moves, missile flights */
    js_hex a, b;
    ui_rgba col;
    bool dashed;
    bool flight;              /* a missile's flight: solid with a head at b, so it never reads as
                               * the dashed section line it may run along */
} ui_path;

typedef struct ui_fx {        /* a transient picture: explosion, flash, die face */
    int kind;                 /* 0 explosion, 1 hit flash ring */
    double wx, wy;            /* world position */
    float t;                  /* 0..1 progress */
    float size;               /* in hex radii */
} ui_fx;

typedef struct ui_overlay {
    bool hover_on;
    js_hex hover;
    int sel_ship, sel_pod, sel_missile;   /* -1 for none */
    const bool *ship_picked;              /* NULL, or per ship: drawn selected too (picked with sel_ship) */
    const uint8_t *marks;                 /* NULL, or one UI_MARK_* per hex */
    ui_ghost ghosts[UI_MAX_GHOSTS];
    int nghosts;
    ui_path paths[UI_MAX_PATHS];
    int npaths;
    ui_fx fx[UI_MAX_FX];
    int nfx;
    /* animation: world offsets added to a counter's drawn position, and counters to skip */
    const float (*ship_off)[2];
    const float (*missile_off)[2];
    const float (*pod_off)[2];
    const uint8_t *ship_hidden, *missile_hidden, *pod_hidden;
} ui_overlay;

typedef struct ui_board ui_board;

typedef struct ui_gfx {      /* what every screen draws with */
    SDL_Renderer *r;
    ui_assets *assets;
    ui_sprites sprites;
    ui_text *text;
} ui_gfx;

ui_board *ui_board_create(ui_gfx *g);
void ui_board_destroy(ui_board *b);
void ui_overlay_clear(ui_overlay *o);
/* Draw the battlefield of view v through camera c (clipped to the camera's viewport). */
void ui_board_draw(ui_board *b, const ui_camera *c, const js_view *v, const ui_overlay *o);
/* Forget the cached terrain picture (the window or scale changed under the same camera). */
void ui_board_invalidate(ui_board *b);

/* Everything on a hex, as lines for the hover list; returns the count. */
int ui_board_describe_hex(const js_view *v, js_hex h, char lines[][96], int max);
/* Ids of counters at a hex (footprints count): ships, then pods, then missiles. */
int ui_board_units_at(const js_view *v, js_hex h, int *ships, int *nships, int *pods, int *npods,
                      int *missiles, int *nmissiles, int cap);

/* The card of a ship in a view, or NULL when the view hides it. */
const js_card_def *ui_ship_card(const js_state *st, int ship);
/* The terrain's colour by its look (also used by previews). */
ui_rgba ui_terrain_col(const js_terrain_type *t);

#endif
