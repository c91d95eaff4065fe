/*
 * jsd.h — the data layer: scenario, catalogue, record and save files <-> engine structs, and
 * the documented JSON forms of state, views, commands and the log. Uses cJSON; the engine
 * never sees JSON.
 *
 * Errors: every loader returns NULL / false and fills a jsd_error whose `msg` names the file,
 * the JSON path and the problem, e.g.
 *   scenarios/duel.json: units[3].move: expected an integer 0..20, got "fast"
 * Loading never half-loads: on error nothing is returned and nothing the caller owns changed.
 * `err` may be NULL when the caller does not want the message.
 *
 * Files use offset hexes [col,row] (odd-q, row 0 north, RULES G-1) and sides "A"/"B"; the
 * structs use the engine's axial hexes and side numbers. Every output is deterministic.
 *
 * Ownership: every pointer returned by a jsd_* function is owned by the caller and freed with
 * the matching jsd_*_free (or free() for plain char* strings). Inputs are never kept.
 *
 * Files are written atomically: a temporary file beside the target, fflush + fsync, rename.
 */
#ifndef JSD_H
#define JSD_H

#include "js.h"
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Records and saves are written as version 2 (JSON Lines: a header line, then one line a command,
 * so that a command is saved by appending it); version 1 (one JSON document) is still read. */
enum { JSD_RECORD_VERSION = 2, JSD_SAVE_VERSION = 2, JSD_SCENARIO_VERSION = 1 };
/* The longest path a record holds, NUL included (Linux's PATH_MAX): a record's scenario path
 * that does not fit is refused when the record is written, never cut short. */
enum { JSD_PATH_MAX = 4096 };

typedef struct jsd_error {
    char msg[512];            /* "FILE: PATH: problem" */
} jsd_error;

/* ---- scenarios and catalogues (docs/formats.md) */
/* Load a scenario file. A "catalogue" field is read relative to the scenario's folder.
 * Returns a malloc'd scenario (free with free()) or NULL with err filled. */
js_scenario *jsd_scenario_load(const char *path, jsd_error *err);
/* Parse NUL-ended scenario JSON text; `name` is used in messages and `dir` resolves
 * catalogues ("" = the current folder). */
js_scenario *jsd_scenario_parse(const char *text, const char *name, const char *dir,
                                jsd_error *err);
/* Load a ship catalogue into defs; returns the count or -1 with err filled. */
int jsd_catalogue_load(const char *path, js_card_def *defs, int cap, jsd_error *err);
/* FNV-1a 64 of a file's bytes (records name their scenario by content hash). */
bool jsd_file_hash(const char *path, uint64_t *out, jsd_error *err);
/* The same hash of bytes in memory (the server names an uploaded scenario by it). */
uint64_t jsd_fnv1a(const void *data, size_t len);

/* ---- commands */
/* cJSON-free string forms: one command as a JSON object text (malloc'd). */
char *jsd_cmd_to_json(const js_cmd *c);
bool jsd_cmd_from_json(const char *text, js_cmd *out, const char *where, jsd_error *err);
/* A command the engine refused, as {"index": i, "command": {...}, "reason": "..."}: index is
 * its place in the commands file (malloc'd; NULL on out of memory). */
char *jsd_refusal_to_json(int index, const js_cmd *c, const char *reason);
/* A commands file: a JSON array of command objects, or {"format": "jumpstrike-commands",
 * "version": 1, "commands": [...]}. Returns a malloc'd array (free()) and its count. */
js_cmd *jsd_commands_load(const char *path, int *count, jsd_error *err);

/* ---- records and saves (ARCHITECTURE.md "Records are the spine") */
enum { JSD_LEVEL_LEN = 16, JSD_FORFEIT_LEN = 512 };
typedef struct jsd_record {
    int version;
    char kind[16];            /* "record" or "save" */
    /* In memory: a path usable from the current directory (jsd_record_load joins the record's
     * folder onto the relative path stored in the file). On disk: relative to the record's
     * folder when both can be resolved, else as given. */
    char scenario_path[JSD_PATH_MAX];
    char scenario_id[48];
    uint64_t scenario_hash;   /* jsd_file_hash of the scenario file */
    int8_t dice_kind;         /* js_dice_kind */
    uint64_t seed;
    int8_t *script;           /* scripted dice, nscript of them */
    int32_t nscript;
    int32_t ncmds;
    js_cmd *cmds;
    uint64_t *hashes;         /* js_game_hash after each command */
    char players[JS_SIDES][JS_NAME_LEN]; /* names (saves); "" = not given */
    /* Digests of the players' handover passwords (saves; 0 = none). The game keeps them in the
     * save itself, so that no save of a protected game can be written without them. */
    uint64_t passwords[JS_SIDES];
    /* Sides the computer plays (games against the computer, and games it played with itself):
     * its level's name (js_ai_level_name; the data layer checks only the spelling, 1-15 of
     * a-z) and the seed its own random stream starts from. "" = a human plays that side. */
    char computer[JS_SIDES][JSD_LEVEL_LEN];
    uint64_t computer_seed[JS_SIDES];
    int32_t cmd_cap;          /* allocated length of cmds and hashes */
    /* Set by jsd_record_load: the file's last line was a command cut short (no newline: a crash
     * or a kill while it was appended), and the loader left it out. 0 = none. */
    int32_t torn_line;
    /* A protected game's keys (jsd_seal_new; owned, jsd_record_free frees them): when set, the
     * record is written sealed (docs/formats.md "Sealed records"); NULL = in the clear. */
    struct jsd_seal *seal;
    int32_t turn;             /* the turn a sealed file shows in the clear (the Load list); set
                               * by the game before it saves */
    /* A side that lost by forfeit (a bot in the arena that broke the protocol, docs/bots.md):
     * the game stops there, after `commands` commands, undecided by the rules. */
    struct jsd_forfeit {
        bool set;
        int8_t side;
        int8_t decision;          /* js_wait_kind the game waited on */
        int32_t commands;         /* the commands played before it: the record's ncmds */
        int32_t turn;
        uint64_t hash;            /* js_game_hash at the forfeit */
        char player[JS_NAME_LEN]; /* who played the side ("exec:bot.py"); may be "" */
        char reason[JSD_FORFEIT_LEN]; /* one line, printable ASCII (jsd_forfeit_set makes it so) */
    } forfeit;
} jsd_record;

/* NULL when out of memory or when scenario_path is JSD_PATH_MAX bytes or longer. */
jsd_record *jsd_record_new(const char *scenario_path, const js_scenario *scn, uint64_t scenario_hash,
                           const js_dice_cfg *dice);
bool jsd_record_append(jsd_record *r, const js_cmd *c, uint64_t hash_after);
/* Record that side lost by forfeit now: g is the game as the record leaves it (its hash, turn and
 * decision are kept), player who played it, reason why (any bytes: each one that is not
 * printable ASCII is written as '?', and it is cut to fit). */
void jsd_record_forfeit(jsd_record *r, const js_game *g, int side, const char *player, const char *reason);
/* A decision's name as files and the wire spell it ("plot", "setup_jump_points"); "none" out of range. */
const char *jsd_wait_name(int kind);
/* "" when r's forfeit matches g, the game replayed from r's commands; else what differs. */
void jsd_record_forfeit_check(const jsd_record *r, const js_game *g, char *out, size_t cap);
/* Either version. A last line cut short (no newline) is left out and r->torn_line names it
 * (jsd_record_torn_msg); anything else wrong is refused with the line, the field and the problem. */
jsd_record *jsd_record_load(const char *path, jsd_error *err);
/* "FILE: line N: the last command was cut short ...; it is left out, ..." when the loader left
 * out a torn last entry (r->torn_line); "" otherwise. */
void jsd_record_torn_msg(const jsd_record *r, const char *path, char *out, size_t cap);
bool jsd_record_save(const jsd_record *r, const char *path, jsd_error *err); /* whole, atomic */
/* The text jsd_record_save writes (malloc'd): the header line and one line a command, each line
 * ended by a newline. record_path decides the relative scenario path (NULL: the path as it is in
 * memory). NULL when out of memory, or when the scenario path as written would not be read back
 * whole (jsd_record_save says which). */
char *jsd_record_to_json(const jsd_record *r, const char *record_path);

/* A record file kept up to date command by command (the autosave, `--record`): what the writer
 * knows of the file it wrote last. Zero it before the first jsd_record_sync; it holds no
 * resources. */
typedef struct jsd_record_file {
    bool known;               /* the file below was written by jsd_record_sync through this */
    int32_t ncmds;            /* commands in it */
    uint64_t head;            /* FNV-1a of its header line and of its path */
    uint64_t last_hash;       /* the hash after its last command */
    long long size;           /* its size, device and inode after that write */
    unsigned long long dev, ino;
    /* a sealed file: its header line's hash and its last entry's tag, which the next entry's
     * seal is bound to */
    unsigned char seal_head[32], seal_tag[16];
} jsd_record_file;
/* Make the file at path hold r. When it is the file f last wrote (same device, inode and size),
 * with the header r has now and r's first f->ncmds commands, the new commands are appended in one
 * write and the file is fsynced: the cost does not grow with the game. Otherwise (the first write,
 * a header that changed, a file that was replaced) the file is written whole and atomically
 * (jsd_record_save), which also fsyncs its folder. A failed append is cut back off, so the file
 * keeps the commands before it; err says which command could not be written. */
bool jsd_record_sync(const jsd_record *r, const char *path, jsd_record_file *f, jsd_error *err);
void jsd_record_free(jsd_record *r);
/* ---- sealed records (docs/formats.md "Sealed records"): a game with hotseat passwords is
 * written encrypted and authenticated (libsodium). The file key is random and wrapped under a
 * key derived from BOTH sides' passwords (Argon2id, a random salt per side), so no single
 * password opens it; the game holds the keys in memory from the moment both were typed (a new
 * game's setup, or Continue), which is how it appends commands while only one side is at the
 * controls. Handovers check a password against the side's salted Argon2id verifier. */
typedef struct jsd_seal jsd_seal;
/* Argon2id's limits for the game's files: about 0.26 s a derivation on the 2-core reference
 * machine under load (docs/formats.md), so a handover check stays under half a second. */
enum { JSD_SEAL_OPS = 2 };
#define JSD_SEAL_MEM ((size_t)64 * 1024 * 1024)
/* Keys for a new protected game whose sides have these passwords (NULL or "" = none; at least
 * one side has one). ops and mem are Argon2id's limits (JSD_SEAL_OPS, JSD_SEAL_MEM; tests use
 * less). NULL with err on failure. */
jsd_seal *jsd_seal_new(const char *const pw[JS_SIDES], unsigned ops, size_t mem, jsd_error *err);
jsd_seal *jsd_seal_dup(const jsd_seal *s);
void jsd_seal_free(jsd_seal *s);
bool jsd_seal_side(const jsd_seal *s, int side);    /* the side has a password */
/* pw is the side's password (crypto_pwhash_str_verify: costs one Argon2id); true for a side
 * with none. */
bool jsd_seal_check(const jsd_seal *s, int side, const char *pw);
/* The digest earlier versions kept of a password (FNV-1a 64, unsalted: jsd_record.passwords).
 * Only to open such a save once; it is sealed from then on. */
uint64_t jsd_legacy_pw_digest(const char *pw);
/* Load a record that may be sealed: pw are both sides' passwords (NULL for a side with none).
 * A sealed file needs each password its header names: a wrong one is refused ("side A's
 * password is wrong"), and so is any change to the file. pw == NULL: as jsd_record_load, which
 * refuses a sealed file and says it is sealed. The record's seal is set for a sealed file, so
 * saving it seals it again. */
jsd_record *jsd_record_load_pw(const char *path, const char *const pw[JS_SIDES], jsd_error *err);
/* The same for a file sealed with the very keys of known (a game's own autosave, its saves):
 * opened with known's file key, no password and no Argon2id; any other sealed file is refused
 * as without passwords (pw NULL) or opened with pw. */
jsd_record *jsd_record_load_seal(const char *path, const char *const pw[JS_SIDES], const jsd_seal *known,
                                 jsd_error *err);
/* What a sealed file shows in the clear: enough for the Load list. */
typedef struct jsd_sealed_info {
    char kind[16];
    char scenario_path[JSD_PATH_MAX];
    char scenario_id[48];
    uint64_t scenario_hash;
    char players[JS_SIDES][JS_NAME_LEN];
    int32_t turn;
    bool has_pw[JS_SIDES];
} jsd_sealed_info;
/* False (err: "not a sealed record", or what is wrong) unless path is a sealed record. */
bool jsd_record_sealed_info(const char *path, jsd_sealed_info *info, jsd_error *err);

/* Start the record's game: loads its scenario (checking the content hash) and creates the game. */
js_game *jsd_record_start(const jsd_record *r, const char *record_path, jsd_error *err);

/* ---- JSON output (documented in docs/formats.md) */
/* State as a side sees it: units, ships with card, side, hexes (col,row), facing, phase,
 * shields, hull damage, state; pod groups; missiles; energy; points; turn and phase; wait. */
char *jsd_view_to_json(const js_view *v, bool pretty);
/* The log entries visible to viewer (-1 all) as a JSON array. */
char *jsd_log_to_json(const js_game *g, int viewer, bool pretty);

/* ---- the player's settings (settings.json; docs/formats.md "Settings") */
enum { JSD_SETTINGS_VERSION = 1 };
/* The tutorial's progress: a lesson (by its id, docs/lessons.md) done or skipped. */
enum { JSD_MAX_LESSON_MARKS = 32, JSD_MARK_NONE = 0, JSD_MARK_DONE = 1, JSD_MARK_SKIPPED = 2 };
typedef struct jsd_lesson_mark {
    char id[48];
    int8_t state;        /* JSD_MARK_DONE or JSD_MARK_SKIPPED */
} jsd_lesson_mark;
typedef struct jsd_settings {
    int volume;          /* 0..100 */
    bool mute;
    bool fullscreen;
    int scale_pct;       /* "ui_scale": 100..200 */
    int anim_speed;      /* "animation_speed": 0 slow, 1 normal, 2 fast, 3 instant */
    bool cb_palette;     /* "colour_blind_palette": blue / orange side colours */
    bool confirm_ready;  /* ask before Ready commits a secret decision */
    bool every_step;     /* ask even where a choice cannot matter (js_forced_command) */
    char online_server[256]; /* "online_server": the jumpstrike-server last used, "" none yet */
    char online_name[32];    /* "online_name": the player's name in online games */
    int nlessons;        /* "lessons": the tutorial's progress, in the order marked */
    jsd_lesson_mark lessons[JSD_MAX_LESSON_MARKS];
} jsd_settings;
typedef enum {
    JSD_SETTINGS_OK = 0,     /* read, every member good */
    JSD_SETTINGS_MISSING,    /* no file: s unchanged */
    JSD_SETTINGS_BAD_FILE,   /* unreadable, not JSON, not a settings file, newer: s unchanged */
    JSD_SETTINGS_BAD_MEMBER, /* the good members were read; a bad one kept its value */
} jsd_settings_status;
void jsd_settings_defaults(jsd_settings *s);
/* Read path into s, which holds the values to keep (usually the defaults) on entry: a member
 * that is absent or wrong keeps its value. Unknown members are passed over. err says what was
 * wrong for every status but OK. */
jsd_settings_status jsd_settings_load(const char *path, jsd_settings *s, jsd_error *err);
/* The same from NUL-ended text; name is used in messages. */
jsd_settings_status jsd_settings_parse(const char *text, size_t len, const char *name,
                                       jsd_settings *s, jsd_error *err);
char *jsd_settings_to_json(const jsd_settings *s);   /* the text written (malloc'd) */
/* The tutorial's progress of lesson `id`: JSD_MARK_NONE, _DONE or _SKIPPED. */
int jsd_settings_lesson(const jsd_settings *s, const char *id);
/* Mark lesson `id` done or skipped (a lesson done stays done when skipped later); false when the
 * id is not a lesson id (1-47 of a-z 0-9 - _) or the list is full. */
bool jsd_settings_mark_lesson(jsd_settings *s, const char *id, int state);
bool jsd_settings_save(const jsd_settings *s, const char *path, jsd_error *err); /* atomic */

/* ---- files
 * Every file the game and the CLI read goes through jsd_read_file_max: it never blocks on a
 * FIFO or a device (opened O_NONBLOCK, then only a regular file is read: fstat on the open
 * file), and a file larger than its kind's limit is refused by its size before a byte is read,
 * with a message that gives the size and the limit (docs/formats.md, "Limits"). */
enum {
    JSD_MAX_FILE = 8 * 1024 * 1024,      /* records, saves, commands files; the default */
    JSD_MAX_SCENARIO = 1024 * 1024,      /* scenarios and catalogues */
    JSD_MAX_SMALL = 64 * 1024,           /* settings and other small files */
};
/* The whole file, malloc'd and NUL-ended (*len excludes the NUL); NULL with err filled when it
 * cannot be opened, is not a regular file, is larger than max bytes, or a read fails. */
char *jsd_read_file_max(const char *path, size_t max, size_t *len, jsd_error *err);
char *jsd_read_file(const char *path, size_t *len, jsd_error *err);  /* max = JSD_MAX_FILE */
/* path names a regular file (stat: nothing is opened, so a FIFO never blocks the caller). */
bool jsd_is_file(const char *path);
/* Write through a temporary file beside path, ".NAME.tmpXXXXXX" (flush, fsync, rename). The
 * writer holds an flock on it until the rename: a temporary file nobody holds is a dead
 * writer's (killed, or its disk full) and holds a near-whole copy of the file. A failed write
 * sweeps such leftovers of path (jsd_sweep_temporaries). */
bool jsd_write_atomic(const char *path, const char *data, size_t len, jsd_error *err);
/* Remove the temporary files of path's atomic writes that no live writer holds: only names
 * ".NAME.tmpXXXXXX" of path's own NAME, regular files of this user. Returns how many. Call it
 * when a program starts writing path (the autosave, --record). */
int jsd_sweep_temporaries(const char *path);
/* The same for every ".*.json.tmpXXXXXX" in folder dir (the game's data and saves folders). */
int jsd_sweep_folder(const char *dir);

/* s is a name as the loaders take one (a player's, typed on a command line): UTF-8, one line,
 * no control character. False with why ("holds the control character U+001B ...") otherwise. */
bool jsd_name_ok(const char *s, char *why, size_t cap);

/* Detect a file's kind ("scenario", "catalogue", "record", "save", "commands", "lesson") and
 * validate it; a lesson is also played through (jsd_lesson_check). */
bool jsd_validate_file(const char *path, char *kind_out, size_t kind_cap, jsd_error *err);
/* The same with both sides' passwords for a sealed record (NULL: a sealed record is refused). */
bool jsd_validate_file_pw(const char *path, const char *const *pw, char *kind_out, size_t kind_cap, jsd_error *err);

#ifdef __cplusplus
}
#endif
#endif
