/* testlib.h — small builders for rule tests: a scenario in code, scripted dice, commands. */
#ifndef JS_TESTLIB_H
#define JS_TESTLIB_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "js.h"

/* A scenario of w x h open space; A's zone the south 2 rows, B's the north 2 rows. Caller frees. */
js_scenario *tl_scenario(int w, int h);
/* Add a card definition; returns its index. Stats not given are 0 except hull 1, mass 1. */
int tl_card(js_scenario *s, const char *name, int size, int ships, int move);
/* Put a unit on the map: ships of the card at the given (col,row,facing) triples. Returns unit index. */
int tl_unit_at(js_scenario *s, int def, int side, int col, int row, int facing);
int tl_unit_reserve(js_scenario *s, int def, int side);
void tl_terrain(js_scenario *s, int col, int row, const char *name, int impassable, int blocks, int defense);

/* A game with scripted dice (n may be 0). */
js_game *tl_game(const js_scenario *s, const int *dice, int n);

/* Submit and assert the status; prints the reason on failure. */
void tl_expect(js_game *g, const js_cmd *c, js_status want);
#define tl_ok(g, c) tl_expect(g, c, JS_OK)

js_cmd tl_cmd(int type, int side);
js_order tl_order(int phase);
void tl_ready(js_game *g, int side);
/* Both sides ready through command and plotting with default orders (ships already plotted stay). */
void tl_ready_both(js_game *g);
js_hex tl_hex(int col, int row);
void tl_pos(const js_game *g, int ship, int *col, int *row);
/* The last event of a type, or NULL. */
const js_event *tl_last_event(const js_game *g, int type);
int tl_count_events(const js_game *g, int type);
#endif
