/* ui_saves.h — saved games: the autosave, named saves, "continue", and the list of saves (the
 * load screen that shows it is screens/ui_loadlist.h).
 *
 * Where files live: the user's data folder, SDL_GetPrefPath("jumpstrike", "jumpstrike")
 * (on Linux $XDG_DATA_HOME/jumpstrike/jumpstrike/, by default ~/.local/share/jumpstrike/jumpstrike/):
 *   autosave.json          the game in progress: each command is appended to it
 *   saves/NAME.json        games saved by name
 * Every file is a record with kind "save" (docs/formats.md). The autosave is made whole and
 * atomically (jsd_write_atomic: a temporary file beside it, flush, fsync, rename) and then grows
 * a line a command (jsd_record_sync: append, fsync), so a crash or a kill at any moment loses at
 * most the command being appended, which the loader leaves out and names. Named saves are
 * written whole and atomically: a failed write leaves the old file.
 *
 * Loading never trusts a file: the record is parsed, its game rebuilt command by command with
 * js_submit and every stored hash checked. A corrupt, truncated or foreign file gives a message
 * "FILE: FIELD: problem" and nothing is changed or deleted.
 *
 * Ownership: every pointer handed out is the caller's (free with the matching function). */
#ifndef UI_SAVES_H
#define UI_SAVES_H

#include "jsd.h"
#include "kit/ui_core.h"

/* ---- where files live */
/* The data folder (created when missing), ending in '/'. False with a message when SDL cannot
 * find or make one. */
bool ui_saves_dir(char *out, size_t cap, char *err, size_t errcap);
/* <data folder>/autosave.json (false when there is no data folder). */
bool ui_saves_autosave_path(char *out, size_t cap);
/* <data folder>/saves/ (created when missing), ending in '/'. */
bool ui_saves_named_dir(char *out, size_t cap);
/* The same path without making the folder; false with the reason in err (may be NULL). */
bool ui_saves_named_dir_path(char *out, size_t cap, char *err, size_t errcap);
/* Sweep what writes killed mid-way left in the data and saves folders (jsd_sweep_folder);
 * once a run, at its start. */
void ui_saves_sweep(void);
/* An autosave exists and parses as a save or record (cheap: no replay). */
bool ui_saves_has_autosave(void);

/* ---- writing */
/* Write r as a save file (kind "save", with its players' names) to path, atomically. On failure
 * the file at path is untouched and err says why. */
bool ui_saves_write(const jsd_record *r, const char *path, char *err, size_t cap);
/* The autosave after a command: r as a save at path, its new commands appended to what f says
 * the file holds (jsd_record_sync: written whole the first time, or when the header changed).
 * On failure err says why, and the file keeps the commands it had. */
bool ui_saves_autosave(const jsd_record *r, const char *path, jsd_record_file *f, char *err, size_t cap);
/* Save under a player-given name in the saves folder ("" or NULL: a name from the date). The
 * name is made safe for a file name; an existing save of that name is replaced atomically.
 * path_out (may be NULL) receives the file written. */
bool ui_saves_save_named(const jsd_record *r, const char *name, char *path_out, size_t pcap, char *err,
                         size_t cap);

/* A save's name: at most UI_SAVE_NAME_MAX bytes, none of ui_saves_bad_name_chars() nor control
 * characters, not only blanks and dots. False with a message for the player otherwise. */
enum { UI_SAVE_NAME_MAX = 60 };
bool ui_saves_name_ok(const char *name, char *why, size_t cap);
/* Only the character check of ui_saves_name_ok (for text as it is typed). */
bool ui_saves_name_chars_ok(const char *text, char *why, size_t cap);
const char *ui_saves_bad_name_chars(void);   /* "/ \\ : * ? \" < > |" for messages */
/* The file a named save of that name is written to (false when there is no saves folder). */
bool ui_saves_named_path(const char *name, char *out, size_t cap);
/* Delete a named save (only files in the saves folder; the autosave is never deleted here). */
bool ui_saves_delete(const char *path, char *err, size_t cap);
/* The automatic name of a save of g: "<scenario>, turn N (YYYY-MM-DD HH.MM.SS)". */
void ui_saves_auto_name(const js_game *g, char *out, size_t cap);
/* Ctrl+S in a battle: a named save called "<scenario>, turn N (date time)" for the game g. */
bool ui_saves_quicksave(const jsd_record *r, const js_game *g, char *path_out, size_t pcap, char *err, size_t cap);

/* A new game is about to replace the autosave: the game in it (finished or not, with at least
 * one command) moves to the saves folder under its automatic name, so Load still lists it
 * (FINISHED when it is over). An autosave that does not load moves as it is ("duel, does not
 * load (date)"): only a record read whole with no command holds nothing. No save is replaced (a
 * taken name gets " (2)" ...). True when a game was kept (its name in name_out, up to
 * UI_SAVE_NAME_MAX + 12 bytes); false when there was none, or when it could not be moved (err
 * says why; err[0] == 0 when there was nothing). */
bool ui_saves_keep_autosave(char *name_out, size_t ncap, char *err, size_t cap);

/* ---- loading */
/* Load a save (or record) and rebuild its game by replaying every command with js_submit,
 * checking each stored hash. A scenario that moved is looked for by content hash in the
 * scenario folders. On success *rec and *game are the caller's (jsd_record_free,
 * js_game_destroy); on failure both are NULL and err names file, field and problem. */
bool ui_saves_rebuild(const char *path, jsd_record **rec, js_game **game, char *err, size_t cap);
/* The same with both sides' passwords (NULL for a side with none): a sealed file opens with them
 * (docs/formats.md "Sealed records"), and a save of an earlier version, whose passwords' digests
 * must match them, is sealed with them from its next write. */
bool ui_saves_rebuild_pw(const char *path, const char *const *pw, jsd_record **rec, js_game **game, char *err,
                         size_t cap);
/* The file is a protected game (sealed, or an earlier version's with passwords): has says which
 * sides have a password, names the players' names. */
bool ui_saves_needs_passwords(const char *path, bool has[JS_SIDES], char names[JS_SIDES][JS_NAME_LEN]);

/* ---- the list of saves */
typedef struct ui_save_info {
    char path[1024];
    char name[64];             /* "Autosave", or the file name without .json */
    char scenario[64];         /* the scenario's name (its id when it does not load) */
    char players[JS_SIDES][JS_NAME_LEN];
    char date[32];             /* "2024-05-01 18:22", local time of the last write */
    long long mtime;
    int turn, ncmds;
    char phase[24];
    bool over, autosave;
    bool replay;               /* the file is a record (kind "record"): it can only be watched */
    bool ok;                   /* it loads; otherwise problem says why */
    bool pending;              /* only the first look is done (ui_saves_info_quick) */
    char problem[600];
} ui_save_info;

/* The Load list reads no file larger than this: a save of the longest game is far smaller. */
enum { UI_SAVE_LIST_MAX = 4 * 1024 * 1024 };
/* Everything about one file (rebuilds its game to find turn and phase). A file that fails the
 * first look (below) is not parsed at all. */
void ui_saves_info(const char *path, ui_save_info *out);
/* The first look only: name, date, and whether the file can be a save at all (a regular file
 * of at most UI_SAVE_LIST_MAX bytes that begins as a record; 4 KiB read). pending when it can:
 * ui_saves_info_finish does the rest (off the UI thread in the Load list), else problem says
 * why. */
void ui_saves_info_quick(const char *path, ui_save_info *out);
void ui_saves_info_finish(ui_save_info *s);
/* The autosave (first, when present) and every named save, newest first. Returns the count and
 * a malloc'd array in *out (free()); -1 when there is no data folder. _quick: first looks only. */
int ui_saves_list(ui_save_info **out);
int ui_saves_list_quick(ui_save_info **out);

#endif
