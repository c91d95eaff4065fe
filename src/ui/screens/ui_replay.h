/* ui_replay.h — the replay viewer: watch a record (or a save) from the start. Play, pause, step
 * forward and back, jump to any turn and phase on a timeline, change speed; seen as side A, side
 * B, or everything (everything only when the record's game is over: a replay of a game still in
 * progress must not show one player the other's secrets).
 *
 * It owns its own js_game, rebuilt from the record. Going back re-runs the record from the start
 * (a clone of the opening position) to the wanted command; every step forward checks the stored
 * hash. The board is drawn by the battle's renderer from a js_view of the chosen side, public
 * events are animated by anim.c, and the log shows only what the chosen viewer may know.
 *
 * Screen functions follow the battle screen's pattern (create / resize / event / update / draw /
 * quit / destroy); the screen stack shows it (ui_scr_replay, also for `jumpstrike --replay FILE`). */
#ifndef UI_REPLAY_H
#define UI_REPLAY_H

#include "board/board.h"
#include "jsd.h"

typedef struct ui_replay ui_replay;

/* Open a record or save file. The whole record is replayed once and its hashes checked; NULL
 * with a message ("FILE: FIELD: problem") when it does not load or does not replay. */
ui_replay *ui_replay_create(ui_gfx *g, const char *path, char *err, size_t cap);
void ui_replay_destroy(ui_replay *rp);
void ui_replay_resize(ui_replay *rp, int w, int h);
void ui_replay_event(ui_replay *rp, const SDL_Event *e);
/* Advance playback and animation by dt seconds; true while something moves. */
bool ui_replay_update(ui_replay *rp, double dt);
void ui_replay_draw(ui_replay *rp);
/* The viewer asked to leave (Esc, the Close button). */
bool ui_replay_quit(const ui_replay *rp);

/* ---- control (the buttons and keys call these; tests too) */
int ui_replay_count(const ui_replay *rp);       /* commands in the record */
int ui_replay_pos(const ui_replay *rp);         /* commands applied so far (0..count) */
/* Go to the position after `pos` commands (clamped). Going back re-runs from the start. */
bool ui_replay_seek(ui_replay *rp, int pos);
/* One visible step for the current viewer (commands that change nothing the viewer may see are
 * passed over); dir +1 or -1. */
void ui_replay_step(ui_replay *rp, int dir);
/* To the start of the next (+1) or previous (-1) phase or turn on the timeline. */
void ui_replay_jump_phase(ui_replay *rp, int dir);
void ui_replay_jump_turn(ui_replay *rp, int dir);
/* To the first position of turn `turn` and phase `phase` (-1: the turn's first phase). */
bool ui_replay_goto(ui_replay *rp, int turn, int phase);
void ui_replay_play(ui_replay *rp, bool on);
bool ui_replay_playing(const ui_replay *rp);
bool ui_replay_animating(const ui_replay *rp);         /* anim.c is playing a step's events */
/* 0: side A, 1: side B, -1: everything (refused while the record's game is not over). */
bool ui_replay_set_viewer(ui_replay *rp, int viewer);
int ui_replay_viewer(const ui_replay *rp);
bool ui_replay_can_view_all(const ui_replay *rp);
/* Passwords (a save of a hotseat game that has them, not yet over): a side's view shows its
 * secrets, so it stays locked until that side's password is given. ui_replay_set_viewer refuses
 * a locked side and remembers the request (ui_replay_unlock_request returns and forgets it, -1
 * none). With both sides locked the viewer is locked and draws nothing: the screen asks first. */
bool ui_replay_side_locked(const ui_replay *rp, int side);
bool ui_replay_viewer_locked(const ui_replay *rp);
int ui_replay_unlock_request(ui_replay *rp);
/* The side whose password has this digest (ui_pw_digest) is unlocked and shown; -1 when none. */
int ui_replay_unlock(ui_replay *rp, uint64_t digest);
void ui_replay_set_speed(ui_replay *rp, int level);     /* 0..4: 0.5x 1x 2x 4x 8x */
uint64_t ui_replay_hash(const ui_replay *rp);           /* js_game_hash now */
int ui_replay_turn(const ui_replay *rp);
const js_view *ui_replay_view(const ui_replay *rp);
const js_game *ui_replay_game(const ui_replay *rp);
/* Where the log panel is (tests). */
SDL_Rect ui_replay_log_rect(const ui_replay *rp);
/* Milliseconds the last seek took (going back re-runs from the start). */
double ui_replay_last_seek_ms(const ui_replay *rp);

/* A scenario's demo record: "<scenario folder>/demos/<id>.json", then the same name in the
 * other scenario folders. False when there is none. */
bool ui_replay_find_demo(const char *scenario_path, const char *scenario_id, char *out, size_t cap);

#endif
