/*
 * jsd_internal.h — helpers shared by the data layer's .c files (not part of the public API).
 *
 * jx_* functions read one JSON value at one path and, when it is not what the format wants,
 * write the one message the user sees: "FILE: PATH: problem". Every jx_* that can fail returns
 * false after writing that message, so loaders read as a chain of `if (!jx_...) goto fail;`.
 */
#ifndef JSD_INTERNAL_H
#define JSD_INTERNAL_H

#include "jsd.h"
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

enum { JX_PATH = 256 };

typedef struct jx {
    const char *file;         /* the name used in messages */
    jsd_error *err;           /* may be NULL */
} jx;

#if defined(__GNUC__)
#define JX_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define JX_PRINTF(a, b)
#endif

/* Write "file: path: problem" (or "file: problem" when path is empty). Returns false. */
bool jx_fail(const jx *x, const char *path, const char *fmt, ...) JX_PRINTF(3, 4);
/* Like jx_fail but without a file or path: the whole message is fmt. Returns false. */
bool jsd_fail_plain(jsd_error *err, const char *fmt, ...) JX_PRINTF(2, 3);

/* Text as it may be shown on a terminal: bytes that are not UTF-8 as \xNN, control characters
 * (an escape code's ESC among them) as \uNNNN; never the raw bytes. */
void jx_printable(const char *s, char *out, size_t cap);
/* s (the value at path) is UTF-8 with no NUL and no control character but those in allow;
 * false after a message naming path and the character. */
bool jx_text_ok(const jx *x, const char *s, const char *path, const char *allow);

/* "fast" -> "\"fast\"", 2.5 -> "2.5", objects -> "an object", ... */
void jx_describe(const cJSON *v, char *buf, size_t cap);

/* Child paths: jx_key("units[3]", "move") -> "units[3].move"; jx_idx("units", 3) -> "units[3]". */
void jx_key(char *buf, const char *path, const char *key);
void jx_idx(char *buf, const char *path, int i);

/* Parse text as JSON: empty, binary and syntax errors are reported with line and column.
 * The caller frees the result with cJSON_Delete. */
/* root (parsed from text by cJSON) checked as jx_parse checks a file: every string UTF-8 without
 * NUL (\u0000) or control characters; takes root and returns it, or NULL after the message (root
 * freed). For loaders that parse part of a file themselves (a record's lines). */
cJSON *jx_checked_text(const jx *x, cJSON *root, const char *text, size_t len);
cJSON *jx_parse(const jx *x, const char *text, size_t len);
/* Read the file x->file (at most max bytes: jsd_read_file_max) and parse it (jx_parse); NULL
 * with the message in x->err. */
cJSON *jx_load(const jx *x, size_t max);

/* The index of the scenario's card with this id, or -1 (jsd_scenario.c). */
int jsd_find_card(const js_scenario *s, const char *id);

/* The text is JSON cJSON would read, found without allocating (jsd_syntax.c): when cJSON
 * fails on such text, memory ran out. */
bool jsd_json_syntax_ok(const char *text, size_t len);

/* Type checks. */
bool jx_want_object(const jx *x, const cJSON *v, const char *path);
bool jx_want_array(const jx *x, const cJSON *v, const char *path, int min, int max);

/* Reject unknown and duplicated members of obj; allowed is NULL-terminated. */
bool jx_fields(const jx *x, const cJSON *obj, const char *path, const char *const *allowed);
/* A member (exact key) or NULL. */
const cJSON *jx_get(const cJSON *obj, const char *key);
/* A member that must be there. */
bool jx_need(const jx *x, const cJSON *obj, const char *path, const char *key, const cJSON **out);

/* Values (v already fetched; path names v itself). */
bool jx_int_v(const jx *x, const cJSON *v, const char *path, int lo, int hi, int *out);
bool jx_bool_v(const jx *x, const cJSON *v, const char *path, bool *out);
bool jx_str_v(const jx *x, const cJSON *v, const char *path, int minlen, int maxlen,
              char *out, size_t cap);
/* One of names[0..n-1]; *out = its index. */
bool jx_enum_v(const jx *x, const cJSON *v, const char *path, const char *const *names, int n,
               int *out);
/* A hex [col,row] (range-checked against nothing: the caller checks the map). */
bool jx_hex_v(const jx *x, const cJSON *v, const char *path, int *col, int *row);
/* "A" or "B". */
bool jx_side_v(const jx *x, const cJSON *v, const char *path, int *side);
/* A 16-hex-digit string. */
bool jx_hash_v(const jx *x, const cJSON *v, const char *path, uint64_t *out);
/* A seed (uint64): a decimal string, or a plain integer up to 2^53. */
bool jx_seed_v(const jx *x, const cJSON *v, const char *path, uint64_t *out);

/* Members of obj (path names obj). Optional ones keep *out = def when absent. */
bool jx_int(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
            int lo, int hi, int def, int *out);
bool jx_bool(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             bool def, bool *out);
bool jx_str(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
            int minlen, int maxlen, char *out, size_t cap);
bool jx_enum(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             const char *const *names, int n, int def, int *out);
/* jx_str for a text that may break lines (a description, a lesson's words): names and ids,
 * read by jx_str, are one line with no control character at all. */
bool jx_text(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             int minlen, int maxlen, char *out, size_t cap);
/* "format": must equal want; "version": must equal version. */
bool jx_header(const jx *x, const cJSON *root, const char *want_format, int version);

/* Output helpers (deterministic: integers only). */
cJSON *jx_hex_json(int col, int row);
cJSON *jx_axial_json(js_hex h);      /* an engine hex as [col,row] */
void jx_hash_str(uint64_t h, char out[17]);
const char *jx_side_name(int side);  /* "A", "B" or NULL */
/* Print and free root; pretty uses cJSON_Print. Returns malloc'd text or NULL. */
char *jx_print(cJSON *root, bool pretty);

/* Files and paths (jsd_file.c). */
/* Both return false when out is too small for the whole result (out then holds a cut one). */
bool jsd_dirname(const char *path, char *out, size_t cap);      /* "" for no folder */
bool jsd_path_join(const char *dir, const char *rel, char *out, size_t cap);

/* Cards (jsd_card.c): one card object -> def. ids must be unique within defs[0..n-1]. */
bool jsd_card_parse(const jx *x, const cJSON *v, const char *path, js_card_def *out);

/* Card lists (jsd_catalogue.c): parse the array `cards` at path into defs[first..cap-1];
 * returns the new count or -1. */
int jsd_cards_parse(const jx *x, const cJSON *cards, const char *path, js_card_def *defs,
                    int first, int cap);
int jsd_catalogue_parse_text(const jx *x, const char *text, size_t len, js_card_def *defs,
                             int cap);

/* Scenario members of jump points, command cards and setup (jsd_setup.c): "deploy", "billet",
 * "initial_hand", "vanguard", "deck", "support", "competition". Called after the rest of the
 * scenario is read; tids are the terrain type ids as written ([0] unused). */
bool jsd_scenario_setup_parse(const jx *x, const cJSON *root, js_scenario *s,
                              const char (*tids)[JS_NAME_LEN]);

/* A scenario that starts from a position (jsd_position.c, Z-36). jsd_ship_state_parse
 * reads the state members of the placement v of units[unit]'s ship `ship` ("state", "shields",
 * "hull_damage", "tr", "guard", "missiles", "pod_squadrons") into s->position.ships;
 * jsd_position_parse reads the member "position", after everything else. */
bool jsd_ship_state_parse(const jx *x, const cJSON *v, const char *path, js_scenario *s, int unit,
                          int ship);
bool jsd_position_parse(const jx *x, const cJSON *root, js_scenario *s,
                        const char (*tids)[JS_NAME_LEN]);

/* Commands (jsd_cmd.c): one command object; extra_ok names one extra member to tolerate
 * (records store "hash" beside each command), or NULL. */
bool jsd_cmd_parse(const jx *x, const cJSON *v, const char *path, const char *extra_ok,
                   js_cmd *out);
cJSON *jsd_cmd_json(const js_cmd *c);

/* Records (jsd_record.c, jsd_record_lines.c). The header line of version 2 (no newline; NULL
 * when out of memory or when its scenario path would not read back whole). */
char *jsd_record_head_line(const jsd_record *r, const char *record_path);
/* The header line (root) into r: format, version 2, and everything but the commands. */
bool jsd_record_parse_head(const jx *x, const cJSON *root, const char *dir, jsd_record *r);
/* One stored command (a command object with its "hash") appended to r. */
bool jsd_record_parse_cmd(const jx *x, const cJSON *c, const char *path, jsd_record *r);
/* The text is JSON Lines: its first line is one whole JSON object, not a version 1 record. */
bool jsd_record_is_lines(const char *text, size_t len);
/* Version 2: the header line, then one command a line; a last line without its newline is torn,
 * left out, and named in r->torn_line. x->file names the file in messages. */
bool jsd_record_parse_lines(const jx *x, const char *text, size_t len, const char *dir, jsd_record *r);
/* The same with the passwords a sealed file needs (NULL: a sealed file is refused). */
bool jsd_record_parse_lines_pw(const jx *x, const char *text, size_t len, const char *dir, const char *const *pw,
                               const jsd_seal *known, jsd_record *r);

/* Sealed records (jsd_seal.c). The clear header line of r (r->seal set), with "commands": count
 * (count < 0: without it, to compare headers); NULL when out of memory. */
char *jsd_sealed_head(const jsd_record *r, const char *record_path, int32_t count);
/* The hash of a clear header line every entry's associated data starts with. */
void jsd_sealed_ad_head(const char *head, size_t n, unsigned char out[32]);
/* One sealed line (base64, newline-ended, malloc'd) of entry `index` (0: the plain header, i + 1:
 * command i); tag holds the previous entry's tag (zeros before entry 0) and receives this one's. */
char *jsd_sealed_entry(const jsd_seal *s, const unsigned char head[32], uint64_t index, unsigned char tag[16],
                       const char *plain, size_t n);
/* The clear header (root, head_len bytes at the start of text) and every sealed line after it
 * into r, with the passwords pw (NULL: refused, saying the file is sealed), or with known when
 * the file was sealed with those very keys. */
bool jsd_sealed_parse(const jx *x, const char *text, size_t len, const cJSON *root, size_t head_len,
                      const char *dir, const char *const *pw, const jsd_seal *known, jsd_record *r);
/* A sealed record's whole text: the clear header, then entry 0 (the plain header) and one
 * entry a command; head and tag receive what the next appended entry is bound to. */
char *jsd_sealed_text(const jsd_record *r, const char *record_path, unsigned char head[32], unsigned char tag[16]);
/* jsd_record_save, giving what jsd_sealed_text gives for a sealed record. */
bool jsd_record_save_chain(const jsd_record *r, const char *path, unsigned char head[32], unsigned char tag[16],
                           jsd_error *err);
bool jsd_sealed_parse_head(const jx *x, const cJSON *root, const char *dir, jsd_sealed_info *info, jsd_seal *s,
                           int32_t *count);

/* Lessons (jsd_lesson_run.c): a step's pattern is a command's JSON form with members left out.
 * True when every member the pattern names is in val with the same value (objects member by
 * member, arrays element by element); else where gets "order.turn: the command has \"none\",
 * not \"port\"" (may be NULL). */
bool jsd_lesson_pattern_match(const cJSON *pat, const cJSON *val, char *where, size_t cap);

/* Names used in files. */
extern const char *const jsd_size_names[3];
extern const char *const jsd_dice_names[3];
extern const char *const jsd_phase_names[JS_PHASE_COUNT];
/* js_section: "left", "centre", "right", "any"; js_cc_kind: "scout" ... "officer". */
extern const char *const jsd_section_names[4];
extern const char *const jsd_cc_kind_names[5];
/* js_where, js_ship_state, js_wait_kind, js_site_kind, js_sites_mode; an order's turn + 1. */
extern const char *const jsd_where_names[6];
extern const char *const jsd_ship_state_names[3];
extern const char *const jsd_wait_names[JS_WAIT_COUNT];
extern const char *const jsd_site_kind_names[3];
extern const char *const jsd_sites_mode_names[3];
extern const char *const jsd_turn_names[3];

#endif
