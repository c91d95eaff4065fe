/* ui_screens.h — the screen stack and the screens around the battle (title, scenario picker,
 * new game, settings, rules reference, results).
 *
 * Each screen is a struct that starts with a ui_screen; its constructor is its init, and the
 * stack calls event / update / draw / close. Only the top screen gets events; screens marked
 * `overlay` are drawn over the screen below them (dialogs, the rules reference over a battle).
 * Pushing and popping from inside a handler is safe: a popped screen is closed after the
 * current event has been handled.
 *
 * Other modules add screens the same way (the replay viewer, the load/save screens): write a
 * constructor that fills a ui_screen and call ui_app_push. */
#ifndef UI_SCREENS_H
#define UI_SCREENS_H

#include "board/board.h"
#include "jsd.h"
#include "settings.h"
#include "kit/files.h"
#include "kit/widgets.h"

typedef struct ui_app ui_app;
typedef struct ui_screen ui_screen;

struct ui_screen {
    const char *name;     /* "title", "picker", ... also the test layout's "mode" line */
    bool overlay;         /* drawn over the screen below it */
    bool own_layout;      /* the screen writes the test layout itself (the battle) */
    /* The window size the screen needs at 100 % (0: it adapts to any size). When the window is
     * too small for it at the UI scale set, the stack lays it out, draws it and hands it events
     * at the largest scale that fits (never below 100 %), so nothing overlaps or runs off. */
    int design_w, design_h;
    void (*event)(ui_screen *s, ui_app *a, const SDL_Event *e);
    bool (*update)(ui_screen *s, ui_app *a, double dt); /* true while animating; may be NULL */
    void (*draw)(ui_screen *s, ui_app *a);
    void (*resize)(ui_screen *s, ui_app *a, int w, int h); /* may be NULL */
    void (*close)(ui_screen *s, ui_app *a);                /* frees the screen */
    /* The window is closing: true when the screen asks first (work would be lost) and will set
     * a->quit itself if the player confirms; may be NULL. */
    bool (*quit_asked)(ui_screen *s, ui_app *a);
    ui_screen *(*help)(ui_screen *s, ui_app *a);           /* F1 over this screen; NULL: the app's */
    /* filled by the stack */
    bool closing;
};

enum { UI_STACK_MAX = 16 };

struct ui_app {
    ui_gfx g;
    SDL_Window *win;
    int w, h;                       /* renderer output size */
    int mx, my;                     /* mouse */
    ui_settings set;
    char settings_path[1100];       /* "" when there is no writable user folder */
    char pref_dir[1024];            /* SDL_GetPrefPath, "" when none */
    char scen_dir[1024];            /* the scenarios folder */
    char lesson_dir[1024];          /* the tutorial's lessons (docs/lessons.md) */
    char asset_dir[1024];
    ui_screen *stack[UI_STACK_MAX];
    int n;
    ui_screen *dead[UI_STACK_MAX];  /* popped, closed after the current event */
    int ndead;
    bool quit;
    bool close_clicked;             /* the window's close button came before SDL_QUIT (not a signal) */
    bool dirty;                     /* draw at the next chance */
    char toast[256];
    double toast_t;
    /* A toast speaks of the moment it was raised: a screen opened or closed later (Continue
     * after "the game is kept") takes it away. One that comes with the change (raised in the same
     * update, before or after the push) stays. */
    unsigned long ticks;            /* ui_app_update calls so far */
    unsigned long toast_tick;       /* ticks when the toast was raised */
    ui_buttons buttons;             /* the top screen's buttons (immediate mode) */
    bool exit_after_first_frame;    /* benchmarks: JS_EXIT_AFTER_FIRST_FRAME */
    bool sprites_ready;             /* g.sprites built (deferred past the first title frame) */
    bool want_audio;                /* open the audio with the rest of the assets (ui_app_sprites) */
    bool audio_open;                /* ui_mix_open done: ui_mix_close at the end */
    bool swallow_up;                /* a click opened a screen: its release is not for the new one */
    bool swallow_text;              /* a key opened a screen: its typed letter is not for the new one */
    /* the screens the stack opens without knowing them (app.c names them; NULL: none) */
    ui_screen *(*help_screen)(ui_app *a);  /* F1 anywhere: the rules reference */
    ui_screen *(*home_screen)(ui_app *a);  /* ui_app_home when no title is on the stack */
};

/* ---- the stack */
void ui_app_push(ui_app *a, ui_screen *s);
/* Close the top screen (deferred until the current handler returns). */
void ui_app_pop(ui_app *a);
/* Pop screens until one named `name` is on top (nothing happens when none is). */
bool ui_app_pop_to(ui_app *a, const char *name);
ui_screen *ui_app_top(const ui_app *a);
/* Back to the title: pop to it, or close everything and open home_screen. */
void ui_app_home(ui_app *a);
/* The window's close button: true when a screen asks the player first (ui_screen.quit_asked). */
bool ui_app_quit_asked(ui_app *a);
/* Close popped screens now (the main loop calls this after each event). */
void ui_app_reap(ui_app *a);
void ui_app_close_all(ui_app *a);
void ui_app_event(ui_app *a, const SDL_Event *e);
bool ui_app_update(ui_app *a, double dt);
void ui_app_draw(ui_app *a);
void ui_app_toast(ui_app *a, const char *fmt, ...);
/* Build the prepared sprites (rotations, mip chains) if not yet done: the title screen draws
 * without them so it appears sooner; every other screen gets them when it is pushed. */
bool ui_app_sprites(ui_app *a);
/* Apply the settings to the window, the mixer and the UI scale (after a change). */
void ui_app_apply_settings(ui_app *a);
/* The UI scale screen s is laid out at in this window (see design_w). */
float ui_app_screen_scale(const ui_app *a, const ui_screen *s);
/* Test hook: with JS_UI_LAYOUT=FILE, write "mode NAME" and the buttons of a screen. */
void ui_app_layout(ui_app *a, const char *mode, const char *extra);

/* ---- shared look of the menu screens (scr_common.c; the stack above is stack.c) */
/* The starfield backdrop with a faint hex grid. */
void ui_scr_backdrop(ui_app *a);
/* A big menu button; returns its index in a->buttons. */
int ui_scr_button(ui_app *a, SDL_Rect rc, const char *label, int id, int arg, bool enabled,
                  const char *tip);
/* A screen heading with a thin accent rule below; returns the y under it. */
int ui_scr_heading(ui_app *a, const char *title, const char *sub);
/* The button under the mouse, if enabled. */
const ui_button *ui_scr_hit(ui_app *a, int x, int y);
/* Draw the tooltip of the hot button. */
void ui_scr_tooltips(ui_app *a);
/* A small map of a scenario: terrain, zones, sites and the units set up on the map. */
void ui_scr_map_preview(ui_app *a, const js_scenario *s, SDL_Rect rc);
/* A password box (the handover, the replay of an earlier version's save). The handover checks the
 * side's Argon2id verifier (jsd_seal_check); ui_pw_digest is the unsalted digest earlier versions
 * kept (jsd_legacy_pw_digest; 0 for none), only to open their saves. The typed text is wiped after
 * each try. */
typedef struct ui_pwbox {
    char typed[JS_NAME_LEN];
    bool wrong;                   /* the last try was wrong (drawn in red until the next key) */
} ui_pwbox;
uint64_t ui_pw_digest(const char *pw);
/* Text and Backspace edit the box; true on Enter: then compare ui_pw_digest(typed), call
 * ui_pwbox_tried and act. */
bool ui_pwbox_event(ui_pwbox *p, const SDL_Event *e);
void ui_pwbox_tried(ui_pwbox *p, bool right);
/* The box centred on cx with its top at y: a title, the field (dots) and an Unlock button (id,
 * added to own), the hint or "Wrong password" under it. Returns its rectangle. */
SDL_Rect ui_pwbox_draw(ui_app *a, ui_buttons *own, const ui_pwbox *p, int cx, int y, const char *title,
                       const char *hint, ui_rgba edge, int unlock_id);
/* Paths */
bool ui_find_scenario_dir(char *out, size_t cap);
bool ui_find_rules_file(const ui_app *a, char *out, size_t cap);
/* The lessons folder: JS_LESSON_DIR, beside the program, share/jumpstrike/lessons, the source
 * tree's lessons/. */
bool ui_find_lesson_dir(char *out, size_t cap);
/* The autosave's path in the user's folder ("" and false when there is none). The saves module
 * writes it after every command; "continue" loads it. */
bool ui_autosave_path(const ui_app *a, char *out, size_t cap);

/* ---- the scenario listing (scr_picker.c; unit-tested) */
typedef struct ui_scen_entry {
    char path[1100];
    char file[256];
    bool ok;
    char error[512];              /* the loader's message when !ok */
    js_scenario *scn;             /* when ok (malloc'd) */
} ui_scen_entry;
/* Every *.json in dir that is a scenario (catalogues and records are skipped), sorted by file
 * name; bad scenario files are listed with ok = false and their error. Returns the count
 * (-1 when the folder cannot be read, with a message in err). Free with ui_scen_list_free. */
int ui_scen_list(const char *dir, ui_scen_entry **out, char *err, size_t cap);
void ui_scen_list_free(ui_scen_entry *e, int n);
/* How long a scenario plays, as the picker says it: "10 turns", or for one that starts from a
 * later turn (a position, Z-36) "turn 5 of 5" or "turns 3-8". */
void ui_scen_turns_text(const js_scenario *s, char *buf, size_t cap);

/* ---- a new game's choices (scr_newgame.c) */
typedef struct ui_game_setup {
    char scenario_path[JSD_PATH_MAX];
    char players[JS_SIDES][JS_NAME_LEN];
    char password[JS_SIDES][JS_NAME_LEN];   /* "" = none */
    char computer[JS_SIDES][JSD_LEVEL_LEN]; /* the computer's level for that side, "" = a human */
    uint64_t seed;
    bool manual_dice;
} ui_game_setup;

/* ---- the screens */
/* What a new game is for: two players at one screen, a player against the computer (B is the
 * computer at Captain to begin with), or the computer against itself, watched. */
typedef enum { UI_PLAY_HOTSEAT = 0, UI_PLAY_VS_COMPUTER, UI_PLAY_WATCH } ui_play_mode;
ui_screen *ui_scr_title(ui_app *a);
ui_screen *ui_scr_picker(ui_app *a);
ui_screen *ui_scr_picker_for(ui_app *a, ui_play_mode mode);
ui_screen *ui_scr_newgame(ui_app *a, const char *scenario_path);
ui_screen *ui_scr_newgame_for(ui_app *a, const char *scenario_path, ui_play_mode mode);
/* The computer plays both sides of setup's game on a worker thread (a progress screen, Esc
 * stops it); the finished game is kept as a record in the saves folder and opens in the replay
 * viewer. NULL with a message when the scenario does not load. */
ui_screen *ui_scr_watch(ui_app *a, const ui_game_setup *setup, char *err, size_t cap);
ui_screen *ui_scr_settings(ui_app *a);
ui_screen *ui_scr_rules(ui_app *a);
/* The rules reference opened at the bullet of a rule ID ("P-3"), or at the top when none has it. */
ui_screen *ui_scr_rules_at(ui_app *a, const char *rule_id);
/* The list of lessons: progress, start, restart, skip (Esc back). */
ui_screen *ui_scr_lessons(ui_app *a);
/* Lesson `index` of the list (entries[0..n)), played on the battle screen with its text box;
 * at its end the next one may follow. NULL with a message when it does not load. */
struct ui_lesson_entry;
ui_screen *ui_scr_lesson(ui_app *a, const struct ui_lesson_entry *entries, int n, int index, char *err,
                         size_t cap);
/* The results of a finished game (game is copied; record_path may be NULL). home: the one human
 * side in a game against the computer (ui_battle_home), -1 otherwise: the screen then speaks to
 * that player. */
ui_screen *ui_scr_results(ui_app *a, const js_game *game, const char players[JS_SIDES][JS_NAME_LEN],
                          const char *record_path, int home);
/* The results of one side's online game (scr_online_game.c): game is the side's stand-in, built
 * from its view and events only; winner (0, 1, -1 a draw; -2: the game's own) and why come from
 * the server's end when the log has no game-over (a resignation). Watch the replay waits for the
 * record orec fetches from the server (taken, freed with the screen; NULL: none). */
struct ui_online_record;
ui_screen *ui_scr_results_online(ui_app *a, const js_game *game, const char players[JS_SIDES][JS_NAME_LEN], int home,
                                 int winner, const char *why, struct ui_online_record *orec);
/* A battle from a new game's choices; record_path: where the record is kept (autosave) or NULL. */
ui_screen *ui_scr_battle_new(ui_app *a, const ui_game_setup *setup, const char *record_path, char *err,
                             size_t cap);
/* A battle resumed from a record or save file, on the decision it stopped at. */
ui_screen *ui_scr_battle_resume(ui_app *a, const char *path, char *err, size_t cap);
/* The same with both sides' passwords (a protected game: ui_saves_rebuild_pw). */
ui_screen *ui_scr_battle_resume_pw(ui_app *a, const char *path, const char *const *pw, char *err, size_t cap);
/* A protected game's file (sealed, or an earlier version's with passwords) asks each side with a
 * password for it (has), then opens the game in its place with open (ui_scr_battle_resume_pw);
 * Esc goes back. */
typedef ui_screen *(*ui_open_pw_fn)(ui_app *a, const char *path, const char *const *pw, char *err, size_t cap);
ui_screen *ui_scr_unlock(ui_app *a, const char *path, const bool has[JS_SIDES],
                         const char names[JS_SIDES][JS_NAME_LEN], ui_open_pw_fn open);
/* The load screen: the list of saves (ui_loadlist.h). */
ui_screen *ui_scr_load(ui_app *a);
/* The replay viewer (ui_replay.h) on a record or save file (scr_replay.c). */
ui_screen *ui_scr_replay(ui_app *a, const char *path, char *err, size_t cap);
/* Play online (scr_online.c, docs/online.md): host a game on a jumpstrike-server, join one by
 * its invite code, or open one of My games. NULL with a message when the game was built without
 * libcurl. */
ui_screen *ui_scr_online(ui_app *a, char *err, size_t cap);
/* One side of a game on a server, on the battle screen (scr_online_game.c); NULL: out of memory
 * or no libcurl. */
struct net_game;
ui_screen *ui_scr_online_game(ui_app *a, const struct net_game *g);
/* The game of My games whose id is game (--online GAME); NULL with a message. */
ui_screen *ui_scr_online_open(ui_app *a, const char *game, char *err, size_t cap);
/* The online game's battle once the server's view has opened it, else NULL (and *failed when
 * the screen says why it cannot open). */
struct ui_battle;
struct ui_battle *ui_scr_online_game_battle(ui_screen *s, bool *failed);
/* The battle screen around an existing ui_battle (the --scenario path); takes ownership. */
ui_screen *ui_scr_battle_wrap(ui_app *a, struct ui_battle *bt, const ui_game_setup *setup,
                              const char *record_path);

#endif
