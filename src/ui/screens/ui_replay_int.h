/* ui_replay_int.h — what the replay viewer's files share (ui_replay.h is its public face).
 *
 *   ui_replay.c        the player: open the record, positions, seek, steps, jumps, playback,
 *                      the viewer's side and its passwords, demos
 *   ui_replay_input.c  the layout (bar, timeline, board, log) and the mouse and keys
 *   ui_replay_draw.c   the top bar, the log, the timeline, the control bar, the end panel,
 *                      tooltips and the test layout
 *
 * Positions: position k is the game after the record's first k commands (0 = the opening).
 * Per position the viewer keeps the turn, the phase and the log length, computed once when the
 * record is opened; these give the timeline's marks and the visible-step rule. The game itself
 * is kept only at the current position: forward applies commands, back re-runs from a clone of
 * the opening (the engine is fast: see ui_replay_last_seek_ms).
 *
 * Animation is the battle's own (battle/bt_anim.h): the viewer holds one, without a battle, and
 * plays what bt_anim_plays says the battle plays. */
#ifndef UI_REPLAY_INT_H
#define UI_REPLAY_INT_H

#include "ui_replay.h"
#include "battle/battle.h"
#include "battle/bt_anim.h"
#include "battle/logwrap.h"
#include "kit/widgets.h"

/* the control bar's buttons */
enum {
    RB_NONE = 0, RB_START, RB_PREV_PHASE, RB_BACK, RB_PLAY, RB_STEP, RB_NEXT_PHASE, RB_END,
    RB_SPEED, RB_VIEW, RB_CLOSE, RB_TIMELINE, RB_TURN_PREV, RB_TURN_NEXT
};
enum { SPEEDS = 5 };
static const double SPEED_X[SPEEDS] = {0.5, 1, 2, 4, 8};
static const char *const SPEED_LABEL[SPEEDS] = {"0.5x", "1x", "2x", "4x", "8x"};

struct ui_replay {
    ui_gfx *g;
    ui_board *board;
    ui_camera cam;
    bool cam_fitted;
    int w, h;
    SDL_Rect top, board_rc, log_rc, bar, tl;

    char path[1024];
    jsd_record *rec;
    js_game *base;             /* the opening position (cloned to go back) */
    js_game *game;             /* the current position */
    js_game *full;             /* the whole record played (its log holds every event) */
    int n, pos;
    int16_t *turn_at;          /* per position 0..n */
    int8_t *phase_at;
    int32_t *logn;
    bool final_over;
    int final_winner;
    char scn_name[64];

    int viewer;                /* 0, 1, -1 everything */
    bool unlocked[JS_SIDES];   /* the side's password was given (ui_replay_unlock) */
    int ask_unlock;            /* a locked side's view was asked for (-1 none) */
    js_view *view;
    js_view *prev;             /* scratch: the view before a step */
    bool playing;
    int speed;                 /* index into SPEED_X */
    double wait_t;
    bt_anim *anim;             /* the animation of a step forward */
    bool animating;

    ui_buttons buttons;
    int mx, my;
    bool hover_on;
    js_hex hover;
    bool dragging, drag_moved, scrubbing;
    int drag_x, drag_y;
    int log_scroll;
    ui_logwrap *logwrap;       /* the log's wrapped lines, per event (logwrap.h) */
    bool quit;
    double seek_ms;
    char msg[600];
    double msg_t;
};

/* ---- the player (ui_replay.c) */
/* A message over the board for a few seconds (fmt has one %s). */
void rp_note(ui_replay *rp, const char *fmt, const char *arg);
/* Does position k start a phase (or a turn) on the timeline? */
bool rp_phase_mark(const ui_replay *rp, int k);
bool rp_turn_mark(const ui_replay *rp, int k);

/* ---- layout (ui_replay_input.c) */
/* The control bar needs a second row (the window is too narrow for both groups). */
bool rp_bar_two_rows(const ui_replay *rp);
/* The timeline: the position under screen x, and the x of position k. */
int rp_tl_pos_at(const ui_replay *rp, int x);
int rp_tl_x(const ui_replay *rp, int k);

#endif
