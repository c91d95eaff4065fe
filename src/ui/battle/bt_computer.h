/* bt_computer.h — the computer's sides of a battle: js_ai (src/ai) on a worker thread.
 *
 * The computer plots blind by construction: each thought runs on a private copy of its own
 * side's js_view, built on the UI thread, so the worker never touches the js_game the screen
 * draws and changes. The UI thread polls (bt_cpu_poll, from ui_battle_update); a finished
 * thought wakes the main loop with an SDL event, and while one runs a timer wakes it ten times
 * a second so the progress shown moves. When no thought runs there is no thread and no timer:
 * the process is idle again.
 *
 * Ownership: bt_cpu_create allocates; bt_cpu_destroy cancels a thought under way (js_ai polls
 * the flag), waits for the thread and frees everything. One bt_cpu per battle, used by the UI
 * thread only. */
#ifndef UI_BT_COMPUTER_H
#define UI_BT_COMPUTER_H

#include "js.h"
#include <stdbool.h>
#include <stddef.h>

typedef struct bt_cpu bt_cpu;

typedef enum {
    BT_CPU_IDLE = 0,      /* the game does not wait on the computer */
    BT_CPU_THINKING,      /* a thought is under way (or was just started) */
    BT_CPU_ANSWER,        /* *out holds a command for the game as it is now: submit it */
    BT_CPU_FAILED,        /* the computer found no command the engine takes (why says) */
} bt_cpu_state;

/* levels[s]: the js_ai level side s is played at, -1 for a human; seeds[s]: where that side's
 * own random stream starts (the game's seed, kept in the record). NULL when no side is the
 * computer's or out of memory. */
bt_cpu *bt_cpu_create(const int levels[JS_SIDES], const uint64_t seeds[JS_SIDES]);
void bt_cpu_destroy(bt_cpu *c);
/* The computer plays side s (false for NULL). */
bool bt_cpu_plays(const bt_cpu *c, int side);
/* Bit mask of the sides the computer plays (JS_SIDE_MASK), 0 for NULL. */
unsigned bt_cpu_mask(const bt_cpu *c);
/* Drive the computer for the game as it is now: start a thought when the game waits on one of
 * its sides and none is under way; hand out a finished thought's command. A command is handed
 * out only after js_check accepted it on g; an answer the game moved past is thought again.
 * BT_CPU_FAILED comes once (why says what went wrong); then the computer is silent (IDLE) until
 * the game moves. */
bt_cpu_state bt_cpu_poll(bt_cpu *c, const js_game *g, js_cmd *out, char *why, size_t cap);
/* A thought is under way. */
bool bt_cpu_busy(const bt_cpu *c);
/* How far the thought under way is, 0..1000; the side thinking (-1 none). */
int bt_cpu_progress(const bt_cpu *c);
int bt_cpu_side(const bt_cpu *c);
/* How long the thought under way has run, in ms (0 when none runs). */
long bt_cpu_thinking_ms(const bt_cpu *c);
/* A thought that has run this long is shown with its progress in the top bar. */
enum { BT_CPU_SHOW_MS = 300 };
/* The SDL event type a finished thought (and the progress timer) pushes to wake the main loop. */
uint32_t bt_cpu_wake_event(void);
/* Push that event (from any thread): the main loop wakes and redraws. */
void bt_cpu_wake(void);
/* An SDL timer callback that wakes the main loop every `interval` ms (progress while a worker
 * thinks); arg is unused. */
uint32_t bt_cpu_tick(uint32_t interval, void *arg);

#endif
