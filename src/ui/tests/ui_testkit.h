/* ui_testkit.h — what the UI tests share: an offscreen drawing context (SDL's software renderer
 * on an SDL_Surface with the dummy video driver, the game's assets, sprites and text cache), the
 * source tree's scenarios, a scratch user folder, and a battle screen driven by events as a
 * player drives it. Compiled into each UI test (it uses cmocka to fail a test). */
#ifndef UI_TESTKIT_H
#define UI_TESTKIT_H

#include "battle/battle.h"
#include "board/board.h"
#include "kit/widgets.h"
#include <limits.h>

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

/* cmocka's group setup and teardown for the tests of one scenario: k at w x h and the source
 * tree's scenario name in *scn (setup: -1 when either cannot start). */
int tk_setup_scenario(tk *k, int w, int h, const char *name, js_scenario **scn);
int tk_teardown_scenario(tk *k, js_scenario *scn);

/* ---- files */
/* A file of the source tree: $JS_SOURCE_DIR/REL (else ./REL) into out. */
void tk_source_path(const char *rel, char *out, size_t cap);
/* The source tree's scenario NAME ($JS_SOURCE_DIR/scenarios/NAME, else ./scenarios/NAME), its
 * path in path (cap bytes; path may be NULL). NULL with the loader's message on stderr. */
js_scenario *tk_scenario(const char *name, char *path, size_t cap);
/* A scratch user folder /tmp/js-TAG-test-XXXXXX in dir (cap bytes); HOME and XDG_DATA_HOME
 * point there (settings, saves, the autosave). False when it cannot be made. */
bool tk_home(char *dir, size_t cap, const char *tag);
void tk_home_remove(const char *dir);

/* ---- a battle screen driven as a player drives it */
/* A battle's settings: scn with dice of this kind and seed, nothing else (no record, no
 * autosave, no names); the caller adds what its test needs. */
ui_battle_cfg tk_battle_cfg(const js_scenario *scn, int dice_kind, uint64_t seed);
/* The battle screen for cfg on k's context, sized w x h (0: left as created); fails the test
 * with the reason when it cannot start. */
ui_battle *tk_battle(tk *k, const ui_battle_cfg *cfg, int w, int h);
/* tk_battle of scn, seeded dice, at w x h: the first decider's handover passed and the screen
 * drawn (its buttons registered). */
ui_battle *tk_battle_at_controls(tk *k, const js_scenario *scn, uint64_t seed, int w, int h);
void tk_key(ui_battle *b, SDL_Keycode k, Uint16 mod);
/* Typed text as SDL delivers it (SDL_TEXTINPUT). */
SDL_Event tk_text_event(const char *text);
/* One mouse event (SDL_MOUSEMOTION, or the left button's SDL_MOUSEBUTTONDOWN / UP), no draw. */
void tk_mouse(ui_battle *b, Uint32 type, int x, int y);
/* The mouse moves to (x, y); the screen draws (hover marks, tooltips). */
void tk_hover(ui_battle *b, int x, int y);
/* The mouse moves there (a draw), presses and releases the left button, and the screen draws
 * (its buttons are registered while drawing). */
void tk_click(ui_battle *b, int x, int y);
void tk_click_hex(ui_battle *b, js_hex h);
/* The button with this id (and arg; TK_ANY: any) on the screen as last drawn, an enabled one
 * first; NULL when there is none. */
#define TK_ANY INT_MIN
const ui_button *tk_button(ui_battle *b, int id, int arg);
/* A click on the centre of that button on the screen drawn now; fails the test when it is
 * missing or disabled. */
void tk_click_button(ui_battle *b, int id, int arg);

#endif
