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

/* ---- extensions for the rule tests (tests/test_rules_*.c) */
/* A unit on the map with each ship placed explicitly: crf[k] = {col, row, facing}. */
int tl_unit_places(js_scenario *s, int def, int side, int n, const int crf[][3]);
/* A game with any dice source: JS_DICE_SEEDED (seed), JS_DICE_SCRIPTED (dice) or JS_DICE_MANUAL. */
js_game *tl_game_dice(const js_scenario *s, int kind, uint64_t seed, const int *dice, int n);
/* Plot an order for a ship (its side is read from the state); asserts the status. */
void tl_plot(js_game *g, int ship, int slot, js_order o);
js_status tl_plot_try(js_game *g, int ship, int slot, js_order o);
void tl_pod_move(js_game *g, int group, int hold);
void tl_missile(js_game *g, int missile);
void tl_pod_attack(js_game *g, int group, int target, int is_pod, int count);
void tl_pod_pass(js_game *g, int side);
void tl_guard(js_game *g, int side, int count);
void tl_ship_attack(js_game *g, int ship, int target);
/* Answer every decision with a default until the game waits for `kind` (or is over):
 * secret phases ready, pod groups move (lowest id first), missiles resolve (lowest id first),
 * pod combat passes, no guard pods. Fails on a manual die. */
void tl_run_until(js_game *g, int kind);
/* Run defaults until the plotting phase of turn `turn` (or the end of the game). */
void tl_run_to_plot(js_game *g, int turn);
const js_ship *tl_ship(const js_game *g, int ship);
/* The live pod group / missile at (col,row), lowest id, or -1. */
int tl_pod_at(const js_game *g, int col, int row);
int tl_missile_at(const js_game *g, int col, int row);
int tl_pods_alive(const js_game *g);
int tl_missiles_alive(const js_game *g);
/* Index of the first event of a type at or after `from`, or -1. */
int tl_find_event(const js_game *g, int type, int from);

/* ---- a set-up position (Z-36): the scenario starts with these in place */
/* The state of ship `ship` of map unit `unit` (a new entry, nothing set yet: set fields and
 * their JS_SET_* bits). */
js_ship_setup *tl_ship_state(js_scenario *s, int unit, int ship);
/* A pod group of `pods` controlled by ship 0 of map unit `unit`, at (col,row), plotted to go
 * `dir` for three turns; `entered` is the direction of its last step (0 = never moved).
 * Returns its pod group id in the game (groups are numbered in the order they are added). */
int tl_pod_setup(js_scenario *s, int unit, int col, int row, int pods, int dir, int entered);
/* A missile launched by ship 0 of map unit `unit`, at (col,row) heading `facing`. */
int tl_missile_setup(js_scenario *s, int unit, int col, int row, int facing);

/* ---- jump points, command cards and setup (J, H, S) */
/* tl_scenario using jump points only (deploy = JS_DEPLOY_JUMP), section-line columns c1 < c2. */
js_scenario *tl_jump_scenario(int w, int h, int c1, int c2);
/* Append `copies` command cards to the scenario's deck; returns the index of the first. */
int tl_deck_card(js_scenario *s, const char *name, int kind, int section, int orders, int copies);
/* J-2: one jump point of `side` in its section 0..2 (left, centre, right) at (col,row). */
js_status tl_place_jp_try(js_game *g, int side, int section, int col, int row);
void tl_place_jp(js_game *g, int side, int section, int col, int row);
/* All three jump points (cr[section] = {col,row}), then ready. */
void tl_jump_points(js_game *g, int side, const int cr[3][2]);
/* H-4: name the Vanguard (deck indices, in order), then ready. */
void tl_vanguard(js_game *g, int side, int n, const int *cards);
/* J-3: a PLAY_CARD command: card (deck index), units in arrival order with their facings (phase
 * 5). Assault's section goes in c.dir, an officer's jump point in c.target. */
js_cmd tl_play(int side, int card, int n, const int *units, const int *facings);
/* The jump point of `side` in `section` (alive or not), or -1. */
int tl_jump_site(const js_game *g, int side, int section);
/* a side's view as the documented JSON (malloc'd). */
char *tl_view_json(const js_game *g, int viewer);
/* A player's whole answer to the decision g waits on from `side` (a secret one: every command up
 * to the one that commits it; a public one: its one command), as JSON lines (malloc'd), played on
 * a copy of g. `decide` answers one view as js_ai_decide does (JS_AI_OK = 0); the test fails when
 * it finds no command or the engine refuses one. */
typedef int (*tl_decide_fn)(void *player, const js_view *v, js_cmd *out);
char *tl_answer(const js_game *g, int side, tl_decide_fn decide, void *player);
/* two games look the same to `viewer`: its view JSON and the log it may see (types, ids
 * and texts) are identical. */
bool tl_same_for(const js_game *a, const js_game *b, int viewer);

/* ---- jump-off points and command dice (K) */
/* tl_scenario using command dice only (deploy = JS_DEPLOY_DICE), no jump-off points placed at
 * setup (jump_offs 0): the test places sites with tl_site. */
js_scenario *tl_dice_scenario(int w, int h);
/* A scenario site (JS_SITE_*) of `side` at (col,row); returns its index. */
int tl_site(js_scenario *s, int kind, int side, int col, int row);
/* K-4: a DICE_DEPLOY of `unit` spending the dice in `mask` through `site`, its ships at
 * crf[k] = {col, row, facing} (phase 5). */
js_cmd tl_dice_deploy(int side, int unit, unsigned mask, int site, int n, const int crf[][3]);

/* ---- files and the source tree (the data layer's tests and every test that loads a scenario) */
/* The scenario scenarios/NAME of the source tree; the test fails with the loader's message. */
js_scenario *tl_load_scenario(const char *name);
/* cmocka group setup: work in the source tree (paths like "scenarios/duel.json"). */
int tl_setup_source_dir(void **state);
/* cmocka group setup and teardown: a new empty folder under /tmp, named after the test program
 * (tl_tmp; tl_tmp_path names a file in it), and the source tree as the working folder; the
 * teardown removes the folder and everything in it. */
extern char tl_tmp[64];
int tl_setup_tmp(void **state);
int tl_teardown_tmp(void **state);
void tl_tmp_path(char *out, size_t cap, const char *name);
/* Remove dir and everything below it (links are removed, not followed). */
void tl_rm_rf(const char *dir);
/* The whole file, NUL-terminated (malloc'd; its length in *len unless NULL); the test fails,
 * printing the reader's message, when it cannot be read. */
char *tl_slurp(const char *path, size_t *len);
/* Write len bytes to path (made or emptied); the test fails when it cannot. */
void tl_spit(const char *path, const char *data, size_t len);
#endif
