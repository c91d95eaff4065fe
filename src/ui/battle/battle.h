/* battle.h — the battle screen: a hotseat game of one scenario. It owns the js_game, draws only
 * from the js_view of the side at the controls (or a public view), and changes the game only by
 * js_submit. */
#ifndef UI_BATTLE_H
#define UI_BATTLE_H

#include "board/board.h"
#include "jsd.h"

typedef struct ui_battle ui_battle;

typedef struct ui_battle_cfg {
    const js_scenario *scn;
    js_dice_cfg dice;
    const char *scenario_path;   /* for the record */
    const char *record_path;     /* write the record here after every command, or NULL */
    const char *autosave_path;   /* also keep a save (kind "save", players) here, each command
                                  * appended (ui_saves_autosave), or NULL */
    js_game *resume_game;        /* continue this game (already played up to resume_rec) instead
                                  * of creating one; a created battle owns both (ui_battle_resume) */
    jsd_record *resume_rec;
    /* A new game's keys when a side has a password (jsd_seal_new): taken by the battle (freed
     * with its record), set on the record before its first write, so every file of it is sealed. */
    jsd_seal *seal;
    char players[JS_SIDES][JS_NAME_LEN];
    /* The sides the computer plays: a level's name (js_ai_level_name), "" for a human. With one
     * human there is no handover: only that player's view is ever drawn, and the computer
     * thinks on a worker thread (bt_computer.h) from the game's seed. A continued game takes
     * these from its record instead (resume_rec->computer). */
    char computer[JS_SIDES][JSD_LEVEL_LEN];
    bool skip_first_handover;    /* --screenshot: draw the opening for side A at once */
    /* A lesson (docs/lessons.md): the battle plays its scenario with the player at the controls
     * of lesson->player, the lesson's opponent answering for the other side, the lesson's text
     * box, highlights and locks over the screen. The caller keeps the lesson alive as long as
     * the battle (scn and dice are then the lesson's). */
    const struct jsd_lesson *lesson;
    bool lesson_last;            /* no lesson follows: its end card offers none */
    /* Online play: the player is at side online_side of a server's game; resume_game is the
     * stand-in built from the server's first view (ui_battle_online). */
    bool online;
    int online_side;
} ui_battle_cfg;

ui_battle *ui_battle_create(ui_gfx *g, const ui_battle_cfg *cfg, char *err, size_t cap);
/* Continue a saved game: rebuild it and open the battle where it stopped — on the handover
 * screen of whoever must decide next when that decision is secret (nothing secret is drawn
 * first), on the public screen otherwise. The battle keeps autosaving to autosave_path (NULL:
 * none). NULL with a message on failure; nothing on disk is touched by a failure. */
ui_battle *ui_battle_resume(ui_gfx *g, const char *path, const char *autosave_path, char *err, size_t cap);
/* The same with both sides' passwords for a protected game (ui_saves_rebuild_pw). */
ui_battle *ui_battle_resume_pw(ui_gfx *g, const char *path, const char *const *pw, const char *autosave_path,
                               char *err, size_t cap);
void ui_battle_destroy(ui_battle *b);
/* Lay out for a window of w x h pixels. */
void ui_battle_resize(ui_battle *b, int w, int h);
void ui_battle_event(ui_battle *b, const SDL_Event *e);
/* Advance animations by dt seconds; returns true while something moves (the loop must not sleep). */
bool ui_battle_update(ui_battle *b, double dt);
void ui_battle_draw(ui_battle *b);
/* True when the player asked to quit (Ctrl+Q), once: reading clears it. */
bool ui_battle_quit(ui_battle *b);
/* Tests and tools: the game, and the view being drawn. */
js_game *ui_battle_game(ui_battle *b);
/* The game's record so far (NULL when neither a record nor an autosave is kept). */
const jsd_record *ui_battle_record(const ui_battle *b);
const js_view *ui_battle_view(const ui_battle *b);
bool ui_battle_in_handover(const ui_battle *b);
/* Apply a command without animation (a commands file before play); it goes into the record. */
js_status ui_battle_apply(ui_battle *b, const js_cmd *c, char *reason, size_t cap);
/* After ui_battle_apply: work out whose screen comes next (optionally passing its handover). */
void ui_battle_sync(ui_battle *b, bool pass_handover);
/* Where a hex's centre is on screen now (tests and tools). */
void ui_battle_hex_screen(const ui_battle *b, js_hex h, int *x, int *y);
/* Commit the decision on screen, as the Ready button does (after the screen asked "sure?"). */
void ui_battle_ready(ui_battle *b);
/* A standing notice over the battle (a failed autosave, no data folder): it survives the
 * handover and stays until the player dismisses it. */
void ui_battle_notice(ui_battle *b, const char *fmt, ...);
/* What the player would lose by leaving now: false when the game is kept on disk (its record or
 * autosave written after the last command), else true with why in `why` ("autosave is off", the
 * last failure). */
bool ui_battle_unkept(const ui_battle *b, char *why, size_t cap);
/* Something is in hand that Esc lets go of (a selection, a placement, a card or dice being
 * played, the hold dialog, the save dialog). */
bool ui_battle_holding(const ui_battle *b);
/* Pass the handover screen (what a click on it does). */
void ui_battle_take_handover(ui_battle *b);
/* Plotting: the side at the controls' active ships it has not given orders this phase (P-1), and
 * its new ships given orders for their first turn only (they plot all three now), as a count;
 * `what` gets sentences naming them ("2 ships have no orders for turn 3: ...", "Lancer Frigate
 * (#0) has nothing plotted for turns 2 and 3 ..."); and one more, counted too, for a card arriving
 * through a jump point whose orders leave it there at the end of the turn while cards wait to
 * come through behind it (J-6: they stay in reserve, their orders lost). */
int ui_battle_unplotted(const ui_battle *b, char *what, size_t cap);
/* A computer player's name for the screens: "Computer (Captain)". */
void ui_computer_name(int level, char *out, size_t cap);
/* Against the computer: the one human's side (-1 when both or neither side is human). */
int ui_battle_home(const ui_battle *b);
/* The computer is thinking (a thought runs on its worker thread), and how far, 0..1000. */
bool ui_battle_computer_busy(const ui_battle *b, int *permille);
/* A lesson's battle: the button of the lesson's box or end card the player pressed that the
 * screen around the battle must act on, once: reading clears it. UI_LESSON_NONE when none. */
typedef enum ui_lesson_act {
    UI_LESSON_NONE = 0, UI_LESSON_RESTART, UI_LESSON_SKIP, UI_LESSON_LEAVE, UI_LESSON_RULES, UI_LESSON_ONWARD,
    UI_LESSON_LIST
} ui_lesson_act;
ui_lesson_act ui_battle_lesson_action(ui_battle *b);
/* The battle shows a Menu button for a player without a keyboard to hand; the screen around it
 * (which has the Esc menu) turns it on and asks, once a press, whether it was pressed. */
void ui_battle_menu_button(ui_battle *b, bool on);
bool ui_battle_menu_asked(ui_battle *b);
/* Every step done and the goal reached (the "what you learned" card is up). */
bool ui_battle_lesson_complete(const ui_battle *b);
/* The lesson step the player is on (0-based). */
int ui_battle_lesson_step(const ui_battle *b);
/* Esc would cancel something on the battle screen (a selection, a placement, a card or dice
 * draft, the hold dialog, aiming) rather than mean "leave". */
bool ui_battle_esc_cancels(const ui_battle *b);

/* ---- what the screen around the battle (screens/scr_battle.c, scr_lesson.c) asks of it and
 * sets: the rooms above reach the battle only through these (battle_int.h is battle/'s own). */
/* The side the handover screen is up for, else -1. */
int ui_battle_handover_side(const ui_battle *b);
/* The side whose secrets the screen shows now (-1: a public screen). */
int ui_battle_screen_side(const ui_battle *b);
/* The side at the controls makes a decision it commits with Ready (plotting, the command phase,
 * ship attacks, the setup's purchases, jump-off points and Vanguard): the screen may ask first. */
bool ui_battle_asks_ready(const ui_battle *b);
/* The Ready button, enabled, is where it was last drawn at x, y. */
bool ui_battle_ready_at(const ui_battle *b, int x, int y);
bool ui_battle_over(const ui_battle *b);      /* the game has ended */
bool ui_battle_animating(const ui_battle *b); /* what a command made happen is playing out */
bool ui_battle_saving(const ui_battle *b);    /* the save-name dialog is up (it takes every key) */
/* Where the game is kept: the autosave and the record given at creation ("" none). */
const char *ui_battle_autosave_path(const ui_battle *b);
const char *ui_battle_record_path(const ui_battle *b);
const char (*ui_battle_players(const ui_battle *b))[JS_NAME_LEN];
/* A protected game's keys (jsd_seal_new; taken, freed with the record), for a battle made without
 * them (ui_battle_cfg.seal gives them before the first write): every file of the game is sealed
 * from its next write. A record that has keys keeps them. */
bool ui_battle_set_seal(ui_battle *b, jsd_seal *seal);
/* The settings the battle follows: ask even where the answer is forced; the animation's speed
 * (0 slow .. 3 instant; the speed keys change it, the screen reads it back). */
void ui_battle_set_every_step(ui_battle *b, bool on);
int ui_battle_speed(const ui_battle *b);
void ui_battle_set_speed(ui_battle *b, int speed);
/* Drop the note of the moment (a dialog goes up over it). */
void ui_battle_hush(ui_battle *b);

/* ---- online play (bt_online.c; docs/online.md): one side of a game on jumpstrike-server. The
 * screen around the battle talks to the server; the battle draws only from the views it is
 * handed (the side's own) and hands back the commands the player made, in order. */
/* The battle of `side`, opened on the server's view v (v->st.scn is the hello's scenario) and the
 * events ev[0..n) the side has seen. */
ui_battle *ui_battle_online(ui_gfx *g, const js_view *v, const js_event *ev, int n,
                            const char players[JS_SIDES][JS_NAME_LEN], char *err, size_t cap);
/* A newer view from the server with every event the side has seen: what is new plays out as in a
 * local game. False with why when it makes no game (the old one stays). */
bool ui_battle_online_view(ui_battle *b, const js_view *v, const js_event *ev, int n, char *why, size_t cap);
/* The next command to send (taken once, in the order made); false when none. */
bool ui_battle_online_take(ui_battle *b, js_cmd *c);
/* The server accepted the oldest command taken. */
void ui_battle_online_acked(ui_battle *b);
/* The server refused the oldest command taken: its reason by the pointer as a local refusal (NULL:
 * none shown), the commands after it dropped; the screen goes back to the server's last view. */
void ui_battle_online_refused(ui_battle *b, const char *reason);
/* Commands made or taken that the server has not acknowledged. */
int ui_battle_online_unacked(const ui_battle *b);
/* The top bar's line while the other side decides or the battle waits for the server. */
void ui_battle_online_status(ui_battle *b, const char *text);
/* A strip of h pixels between the top bar and the board, for the screen around the battle to draw
 * in (the invite code): the board starts below it, so it hides no hex; 0 gives the room back. The
 * whole map is fitted again when it changes. Its rectangle (empty while 0). */
void ui_battle_set_top_strip(ui_battle *b, int h);
SDL_Rect ui_battle_top_strip_rc(const ui_battle *b);
/* The battle waits on the other side (or on the server), not on this player. */
bool ui_battle_online_waiting(const ui_battle *b);

#endif
