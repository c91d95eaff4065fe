/* ui_core.h — small shared pieces of the game's UI: colours, the theme, UI scale helpers.
 * Every UI module includes this; it pulls in SDL and the engine's public header only. */
#ifndef UI_CORE_H
#define UI_CORE_H

#include <SDL.h>
#include <stdbool.h>
#include "js.h"

#define UI_VERSION "0.1.0"

typedef struct ui_rgba { Uint8 r, g, b, a; } ui_rgba;

static inline ui_rgba ui_col(int r, int g, int b, int a)
{
    ui_rgba c = {(Uint8)r, (Uint8)g, (Uint8)b, (Uint8)a};
    return c;
}
/* Mix c towards white (t > 0) or black (t < 0); t in -1..1. */
ui_rgba ui_col_shade(ui_rgba c, float t);
ui_rgba ui_col_alpha(ui_rgba c, int a);
/* A side's colour from the scenario, with a readable fallback when the scenario gives black;
 * with ui_side_palette = 1 the colour-blind-safe pair (sky blue / orange) instead. */
ui_rgba ui_side_col(const js_scenario *s, int side);
extern int ui_side_palette;

/* The theme: one place for the palette so screens agree. */
#define UI_BG        ui_col(8, 10, 20, 255)
#define UI_PANEL     ui_col(16, 21, 36, 236)
#define UI_PANEL_HI  ui_col(28, 36, 60, 255)
#define UI_EDGE      ui_col(70, 90, 130, 255)
#define UI_TEXT      ui_col(222, 228, 240, 255)
#define UI_TEXT_DIM  ui_col(140, 152, 176, 255)
#define UI_ACCENT    ui_col(255, 196, 80, 255)
#define UI_GOOD      ui_col(110, 220, 140, 255)
#define UI_BAD       ui_col(240, 90, 80, 255)
#define UI_SHIELD    ui_col(90, 180, 255, 255)

/* A cosmetic hash (star fields, terrain detail, the backdrop): never the game's dice. */
static inline uint32_t ui_hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* A key press as SDL delivers it: for a menu entry that does what its shortcut does, and tests. */
SDL_Event ui_key_event(SDL_Keycode k, Uint16 mod);

/* UI scale (1.0 .. 2.0): every panel size and font size goes through ui_px. */
extern float ui_scale;
static inline int ui_px(float v) { return (int)(v * ui_scale + 0.5f); }

#endif
