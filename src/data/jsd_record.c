/* jsd_record.c — records and saves: scenario + dice + commands with the hash after each. */
#define _XOPEN_SOURCE 700
#include "jsd_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_SCRIPT = 1000000, MAX_CMDS = 10000000 };

static const char *const KINDS[] = {"record", "save"};

jsd_record *jsd_record_new(const char *scenario_path, const js_scenario *scn, uint64_t scenario_hash,
                           const js_dice_cfg *dice)
{
    jsd_record *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->version = JSD_RECORD_VERSION;
    snprintf(r->kind, sizeof r->kind, "record");
    if (scenario_path && strlen(scenario_path) >= sizeof r->scenario_path) {
        free(r);
        return NULL;
    }
    snprintf(r->scenario_path, sizeof r->scenario_path, "%s", scenario_path ? scenario_path : "");
    if (scn)
        snprintf(r->scenario_id, sizeof r->scenario_id, "%s", scn->id);
    r->scenario_hash = scenario_hash;
    if (dice) {
        r->dice_kind = dice->kind;
        r->seed = dice->seed;
        if (dice->nscript > 0 && dice->script) {
            r->script = malloc((size_t)dice->nscript);
            if (!r->script) {
                free(r);
                return NULL;
            }
            memcpy(r->script, dice->script, (size_t)dice->nscript);
            r->nscript = dice->nscript;
        }
    }
    return r;
}

bool jsd_record_append(jsd_record *r, const js_cmd *c, uint64_t hash_after)
{
    if (r->ncmds >= MAX_CMDS)
        return false;
    if (r->ncmds == r->cmd_cap) {
        int32_t cap = r->cmd_cap ? r->cmd_cap * 2 : 64;
        js_cmd *nc = realloc(r->cmds, (size_t)cap * sizeof *nc);
        if (!nc)
            return false;
        r->cmds = nc;
        uint64_t *nh = realloc(r->hashes, (size_t)cap * sizeof *nh);
        if (!nh)
            return false;
        r->hashes = nh;
        r->cmd_cap = cap;
    }
    r->cmds[r->ncmds] = *c;
    r->hashes[r->ncmds] = hash_after;
    r->ncmds++;
    return true;
}

void jsd_record_forfeit(jsd_record *r, const js_game *g, int side, const char *player, const char *reason)
{
    struct jsd_forfeit *f = &r->forfeit;
    memset(f, 0, sizeof *f);
    f->set = true;
    f->side = (int8_t)side;
    f->decision = js_wait_get(g).kind;
    f->commands = r->ncmds;
    f->turn = js_game_state(g)->turn;
    f->hash = js_game_hash(g);
    snprintf(f->player, sizeof f->player, "%s", player ? player : "");
    snprintf(f->reason, sizeof f->reason, "%s", reason ? reason : "");
    /* a bot's own bytes may be quoted in the reason: the reader takes one printable line */
    for (char *c = f->player; *c; c++)
        *c = *c < ' ' || *c > '~' ? '?' : *c;
    for (char *c = f->reason; *c; c++)
        *c = *c < ' ' || *c > '~' ? '?' : *c;
}

void jsd_record_forfeit_check(const jsd_record *r, const js_game *g, char *out, size_t cap)
{
    const struct jsd_forfeit *f = &r->forfeit;
    js_wait w = js_wait_get(g);
    char want[17], got[17];
    jx_hash_str(f->hash, want);
    jx_hash_str(js_game_hash(g), got);
    if (!f->set)
        snprintf(out, cap, "%s", "");
    else if (f->commands != r->ncmds)
        snprintf(out, cap, "the forfeit comes after %d commands, but the record holds %d", (int)f->commands,
                 (int)r->ncmds);
    else if (w.kind == JS_WAIT_NONE)
        snprintf(out, cap, "the game is over before the forfeit (%s)", w.what);
    else if (js_game_hash(g) != f->hash)
        snprintf(out, cap, "the game's hash at the forfeit is %s, the record says %s", got, want);
    else if (w.kind != f->decision || js_game_state(g)->turn != f->turn)
        snprintf(out, cap, "the game waits on %s in turn %d, the forfeit says %s in turn %d",
                 jsd_wait_name(w.kind), js_game_state(g)->turn, jsd_wait_name(f->decision), (int)f->turn);
    else if (f->side < 0 || f->side >= JS_SIDES)
        snprintf(out, cap, "side: %d is not a side (A or B)", (int)f->side);
    else if (!(w.sides & JS_SIDE_MASK(f->side)))
        /* only a side the game waits on can break the protocol: one that answered, or is not
         * on turn, sends nothing */
        snprintf(out, cap, "side: %c forfeits, but the game waits on side %c only (%s in turn %d), not on %c",
                 'A' + f->side, 'A' + (1 - f->side), jsd_wait_name(w.kind), js_game_state(g)->turn, 'A' + f->side);
    else
        snprintf(out, cap, "%s", "");
}

void jsd_record_free(jsd_record *r)
{
    if (!r)
        return;
    free(r->script);
    free(r->cmds);
    free(r->hashes);
    jsd_seal_free(r->seal);
    free(r);
}

/* "computer": {"B": {"level": "captain", "seed": "123"}} — optional, either side or both. */
static bool parse_computer(const jx *x, const cJSON *co, jsd_record *r)
{
    static const char *const CF[] = {"A", "B", NULL};
    static const char *const LF[] = {"level", "seed", NULL};
    if (!co)
        return true;
    if (!jx_want_object(x, co, "computer") || !jx_fields(x, co, "computer", CF))
        return false;
    for (int s = 0; s < JS_SIDES; s++) {
        const char *key = s ? "B" : "A";
        const cJSON *v = jx_get(co, key), *seed;
        if (!v)
            continue;
        char path[32];
        snprintf(path, sizeof path, "computer.%s", key);
        if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, LF) ||
            !jx_str(x, v, path, "level", true, 1, JSD_LEVEL_LEN - 1, r->computer[s], JSD_LEVEL_LEN) ||
            !jx_need(x, v, path, "seed", &seed))
            return false;
        for (const char *c = r->computer[s]; *c; c++)
            if (*c < 'a' || *c > 'z') {
                char lp[40];
                snprintf(lp, sizeof lp, "%s.level", path);
                return jx_fail(x, lp, "expected a level's name in lowercase letters (\"cadet\", "
                                      "\"captain\", \"admiral\"), got \"%s\"", r->computer[s]);
            }
        char sp[40];
        snprintf(sp, sizeof sp, "%s.seed", path);
        if (!jx_seed_v(x, seed, sp, &r->computer_seed[s]))
            return false;
    }
    return true;
}

/* "forfeit": {"side": "B", "player": "exec:bot.py", "reason": "...", "commands": 12, "turn": 1,
 * "decision": "plot", "hash": "..."} — optional: the side that lost by forfeit, and where. */
static bool parse_forfeit(const jx *x, const cJSON *fo, jsd_record *r)
{
    static const char *const FF[] = {"side", "player", "reason", "commands", "turn", "decision", "hash", NULL};
    struct jsd_forfeit *f = &r->forfeit;
    const cJSON *v;
    int side, n, turn, kind;
    if (!fo)
        return true;
    if (!jx_want_object(x, fo, "forfeit") || !jx_fields(x, fo, "forfeit", FF) ||
        !jx_need(x, fo, "forfeit", "side", &v) || !jx_side_v(x, v, "forfeit.side", &side) ||
        !jx_str(x, fo, "forfeit", "player", false, 0, JS_NAME_LEN - 1, f->player, sizeof f->player) ||
        !jx_str(x, fo, "forfeit", "reason", true, 0, JSD_FORFEIT_LEN - 1, f->reason, sizeof f->reason) ||
        !jx_int(x, fo, "forfeit", "commands", true, 0, MAX_CMDS, 0, &n) ||
        !jx_int(x, fo, "forfeit", "turn", true, 0, INT16_MAX, 0, &turn) ||
        !jx_enum(x, fo, "forfeit", "decision", true, jsd_wait_names + 1, JS_WAIT_COUNT - 1, 0, &kind) ||
        !jx_need(x, fo, "forfeit", "hash", &v) || !jx_hash_v(x, v, "forfeit.hash", &f->hash))
        return false;
    f->set = true;
    f->side = (int8_t)side;
    f->commands = n;
    f->turn = turn;
    f->decision = (int8_t)(kind + 1); /* "none" is no decision: a forfeit comes while the game waits */
    return true;
}

/* "format" and "version" of a record: *version is 1 (one JSON document) or 2 (JSON Lines). */
static bool record_version(const jx *x, const cJSON *root, int *version)
{
    const cJSON *v = jx_get(root, "version");
    int n = cJSON_IsNumber(v) ? v->valueint : JSD_RECORD_VERSION;
    if (cJSON_IsNumber(v) && (v->valuedouble != (double)n || n < 1 || n > JSD_RECORD_VERSION))
        n = JSD_RECORD_VERSION; /* jx_header names the problem */
    if (!jx_header(x, root, "jumpstrike-record", n))
        return false;
    *version = n;
    return true;
}

/* Everything but the commands: the header line of version 2, the members of version 1's
 * document before "commands" (fields lists the members allowed). */
static bool parse_head(const jx *x, const cJSON *root, const char *dir, jsd_record *r,
                       const char *const *fields)
{
    static const char *const SF[] = {"path", "id", "hash", NULL};
    static const char *const DF[] = {"kind", "seed", "script", NULL};
    static const char *const PF[] = {"A", "B", NULL};
    const cJSON *scn, *dice, *v;
    int kind, dk;
    char rel[JSD_PATH_MAX];
    if (!jx_fields(x, root, "", fields) || !jx_enum(x, root, "", "kind", true, KINDS, 2, 0, &kind) ||
        !jx_need(x, root, "", "scenario", &scn) || !jx_want_object(x, scn, "scenario") ||
        !jx_fields(x, scn, "scenario", SF) ||
        !jx_str(x, scn, "scenario", "path", true, 1, JSD_PATH_MAX - 1, rel, sizeof rel) ||
        !jx_str(x, scn, "scenario", "id", true, 1, (int)sizeof r->scenario_id - 1, r->scenario_id,
                sizeof r->scenario_id) ||
        !jx_need(x, scn, "scenario", "hash", &v) ||
        !jx_hash_v(x, v, "scenario.hash", &r->scenario_hash) ||
        !jx_need(x, root, "", "dice", &dice) || !jx_want_object(x, dice, "dice") ||
        !jx_fields(x, dice, "dice", DF) ||
        !jx_enum(x, dice, "dice", "kind", true, jsd_dice_names, 3, 0, &dk))
        return false;
    r->version = JSD_RECORD_VERSION;
    snprintf(r->kind, sizeof r->kind, "%s", KINDS[kind]);
    if (!jsd_path_join(dir, rel, r->scenario_path, sizeof r->scenario_path))
        return jx_fail(x, "scenario.path", "with the record's folder the path is longer than %d "
                       "bytes", JSD_PATH_MAX - 1);
    r->dice_kind = (int8_t)dk;
    v = jx_get(dice, "seed");
    if (v && !jx_seed_v(x, v, "dice.seed", &r->seed))
        return false;
    if (!v && dk == JS_DICE_SEEDED)
        return jx_fail(x, "dice", "missing required field \"seed\" (seeded dice)");
    const cJSON *script = jx_get(dice, "script");
    if (dk == JS_DICE_SCRIPTED && !script)
        return jx_fail(x, "dice", "missing required field \"script\" (scripted dice)");
    if (script) {
        if (!jx_want_array(x, script, "dice.script", 0, MAX_SCRIPT))
            return false;
        int n = cJSON_GetArraySize(script);
        r->script = malloc(n > 0 ? (size_t)n : 1);
        if (!r->script)
            return jx_fail(x, "dice.script", "out of memory");
        int i = 0;
        for (const cJSON *d = script->child; d; d = d->next, i++) {
            char p[JX_PATH];
            jx_idx(p, "dice.script", i);
            int val;
            if (!jx_int_v(x, d, p, 1, 10, &val))
                return false;
            r->script[i] = (int8_t)val;
        }
        r->nscript = n;
    }
    const cJSON *pl = jx_get(root, "players");
    if (pl) {
        if (!jx_want_object(x, pl, "players") || !jx_fields(x, pl, "players", PF) ||
            !jx_str(x, pl, "players", "A", false, 0, JS_NAME_LEN - 1, r->players[0],
                    JS_NAME_LEN) ||
            !jx_str(x, pl, "players", "B", false, 0, JS_NAME_LEN - 1, r->players[1],
                    JS_NAME_LEN))
            return false;
    }
    const cJSON *pw = jx_get(root, "passwords");
    if (pw) {
        if (!jx_want_object(x, pw, "passwords") || !jx_fields(x, pw, "passwords", PF))
            return false;
        for (int s = 0; s < JS_SIDES; s++) {
            char p[JX_PATH];
            jx_key(p, "passwords", PF[s]);
            if ((v = jx_get(pw, PF[s])) && !jx_hash_v(x, v, p, &r->passwords[s]))
                return false;
        }
    }
    return parse_computer(x, jx_get(root, "computer"), r) && parse_forfeit(x, jx_get(root, "forfeit"), r);
}

bool jsd_record_parse_cmd(const jx *x, const cJSON *c, const char *path, jsd_record *r)
{
    char hp[JX_PATH];
    js_cmd cmd;
    uint64_t h;
    const cJSON *hv;
    if (!jsd_cmd_parse(x, c, path, "hash", &cmd) || !jx_need(x, c, path, "hash", &hv))
        return false;
    jx_key(hp, path, "hash");
    if (!jx_hash_v(x, hv, hp, &h))
        return false;
    if (r->ncmds >= MAX_CMDS)
        return jx_fail(x, path, "more than %d commands", MAX_CMDS);
    if (!jsd_record_append(r, &cmd, h))
        return jx_fail(x, path, "out of memory");
    return true;
}

bool jsd_record_parse_head(const jx *x, const cJSON *root, const char *dir, jsd_record *r)
{
    static const char *const F[] = {"format", "version", "kind", "scenario", "dice",
                                    "players", "passwords", "computer", "forfeit", NULL};
    int version;
    if (!jx_want_object(x, root, "") || !record_version(x, root, &version))
        return false;
    if (version != JSD_RECORD_VERSION)
        return jx_fail(x, "version", "a version %d record is one JSON document, not a header line "
                       "followed by commands", version);
    return parse_head(x, root, dir, r, F);
}

/* Version 1: one JSON document with the commands in the member "commands". */
static bool parse_document(const jx *x, const cJSON *root, const char *dir, jsd_record *r)
{
    static const char *const F[] = {"format", "version", "kind", "scenario", "dice",
                                    "players", "passwords", "computer", "commands", NULL};
    const cJSON *cmds;
    int version;
    if (!jx_want_object(x, root, "") || !record_version(x, root, &version))
        return false;
    if (version != 1)
        return jx_fail(x, "version", "a version %d record is JSON Lines: its header must be the "
                       "first line, alone, and each command a line of its own", version);
    if (!parse_head(x, root, dir, r, F) || !jx_need(x, root, "", "commands", &cmds) ||
        !jx_want_array(x, cmds, "commands", 0, MAX_CMDS))
        return false;
    int i = 0;
    for (const cJSON *c = cmds->child; c; c = c->next, i++) {
        char p[JX_PATH];
        jx_idx(p, "commands", i);
        if (!jsd_record_parse_cmd(x, c, p, r))
            return false;
    }
    return true;
}

jsd_record *jsd_record_load(const char *path, jsd_error *err)
{
    return jsd_record_load_pw(path, NULL, err);
}

jsd_record *jsd_record_load_pw(const char *path, const char *const pw[JS_SIDES], jsd_error *err)
{
    return jsd_record_load_seal(path, pw, NULL, err);
}

jsd_record *jsd_record_load_seal(const char *path, const char *const pw[JS_SIDES], const jsd_seal *known,
                                 jsd_error *err)
{
    jx x = {path, err};
    size_t len;
    char *text = jsd_read_file_max(path, JSD_MAX_FILE, &len, err);
    if (!text)
        return NULL;
    jsd_record *r = calloc(1, sizeof *r);
    char dir[JSD_PATH_MAX];
    jsd_dirname(path, dir, sizeof dir);
    bool ok = false;
    if (!r)
        jx_fail(&x, "", "out of memory");
    else if (jsd_record_is_lines(text, len))
        ok = jsd_record_parse_lines_pw(&x, text, len, dir, pw, known, r);
    else {
        cJSON *root = jx_parse(&x, text, len);
        ok = root && parse_document(&x, root, dir, r);
        cJSON_Delete(root);
    }
    free(text);
    if (!ok) {
        jsd_record_free(r);
        return NULL;
    }
    return r;
}

void jsd_record_torn_msg(const jsd_record *r, const char *path, char *out, size_t cap)
{
    if (!r->torn_line) {
        snprintf(out, cap, "%s", "");
        return;
    }
    snprintf(out, cap, "%s: line %d: the last command was cut short (the program stopped while "
             "writing it); it is left out, and the %d command%s before it are kept", path,
             (int)r->torn_line, (int)r->ncmds, r->ncmds == 1 ? "" : "s");
}

/* Path of `target` relative to folder `from` (both absolute, canonical); false when it does
 * not fit out. */
static bool relative_path(const char *from, const char *target, char *out, size_t cap)
{
    size_t common = 0, i = 0;
    /* longest common prefix ending at a folder boundary */
    while (from[i] && target[i] && from[i] == target[i]) {
        i++;
        if (from[i] == '\0' && target[i] == '/')
            common = i;
        else if (from[i] == '/' && target[i] == '/')
            common = i;
    }
    if (strcmp(from, "/") == 0)
        common = 0;
    size_t used = 0;
    out[0] = '\0';
    for (const char *p = from + common; *p; p++)
        if (*p == '/') {
            int w = snprintf(out + used, cap - used, "../");
            if (w < 0 || (size_t)w >= cap - used)
                return false;
            used += (size_t)w;
        }
    int w = snprintf(out + used, cap - used, "%s", target + common + (target[common] == '/'));
    return w >= 0 && (size_t)w < cap - used;
}

/* The scenario path as the file holds it: relative to the record's folder when both resolve,
 * else as it is in memory. False when the reader could not take it back whole: longer than
 * JSD_PATH_MAX - 1 bytes, alone or joined to the record's folder (jsd_record_load). */
static bool path_for_file(const jsd_record *r, const char *record_path, char *out, size_t cap)
{
    snprintf(out, cap, "%s", r->scenario_path);
    if (!record_path)
        return strlen(r->scenario_path) < cap;
    char dir[JSD_PATH_MAX];
    bool ok = jsd_dirname(record_path, dir, sizeof dir);
    char *abs_dir = realpath(dir[0] ? dir : ".", NULL);
    char *abs_scn = realpath(r->scenario_path, NULL);
    if (ok && abs_dir && abs_scn)
        ok = relative_path(abs_dir, abs_scn, out, cap);
    free(abs_dir);
    free(abs_scn);
    char back[JSD_PATH_MAX];
    return ok && jsd_path_join(dir, out, back, sizeof back);
}

char *jsd_record_head_line(const jsd_record *r, const char *record_path)
{
    char path[JSD_PATH_MAX], hash[17], seed[24];
    if (!path_for_file(r, record_path, path, sizeof path))
        return NULL;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "jumpstrike-record");
    cJSON_AddNumberToObject(root, "version", JSD_RECORD_VERSION);
    cJSON_AddStringToObject(root, "kind", strcmp(r->kind, "save") == 0 ? "save" : "record");
    cJSON *scn = cJSON_AddObjectToObject(root, "scenario");
    cJSON_AddStringToObject(scn, "path", path);
    cJSON_AddStringToObject(scn, "id", r->scenario_id);
    jx_hash_str(r->scenario_hash, hash);
    cJSON_AddStringToObject(scn, "hash", hash);
    cJSON *dice = cJSON_AddObjectToObject(root, "dice");
    int dk = r->dice_kind >= 0 && r->dice_kind < 3 ? r->dice_kind : 0;
    cJSON_AddStringToObject(dice, "kind", jsd_dice_names[dk]);
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    cJSON_AddStringToObject(dice, "seed", seed);
    if (r->nscript > 0 || dk == JS_DICE_SCRIPTED) {
        cJSON *s = cJSON_AddArrayToObject(dice, "script");
        for (int i = 0; i < r->nscript; i++)
            cJSON_AddItemToArray(s, cJSON_CreateNumber(r->script[i]));
    }
    if (r->players[0][0] || r->players[1][0]) {
        cJSON *pl = cJSON_AddObjectToObject(root, "players");
        cJSON_AddStringToObject(pl, "A", r->players[0]);
        cJSON_AddStringToObject(pl, "B", r->players[1]);
    }
    if (r->passwords[0] || r->passwords[1]) {
        cJSON *pw = cJSON_AddObjectToObject(root, "passwords");
        for (int s = 0; s < JS_SIDES; s++) {
            jx_hash_str(r->passwords[s], hash);
            cJSON_AddStringToObject(pw, s ? "B" : "A", hash);
        }
    }
    if (r->computer[0][0] || r->computer[1][0]) {
        cJSON *co = cJSON_AddObjectToObject(root, "computer");
        for (int s = 0; s < JS_SIDES; s++) {
            if (!r->computer[s][0])
                continue;
            cJSON *one = cJSON_AddObjectToObject(co, s ? "B" : "A");
            char cs[24];
            snprintf(cs, sizeof cs, "%" PRIu64, r->computer_seed[s]);
            cJSON_AddStringToObject(one, "level", r->computer[s]);
            cJSON_AddStringToObject(one, "seed", cs);
        }
    }
    if (r->forfeit.set) {
        const struct jsd_forfeit *f = &r->forfeit;
        cJSON *fo = cJSON_AddObjectToObject(root, "forfeit");
        cJSON_AddStringToObject(fo, "side", f->side ? "B" : "A");
        if (f->player[0])
            cJSON_AddStringToObject(fo, "player", f->player);
        cJSON_AddStringToObject(fo, "reason", f->reason);
        cJSON_AddNumberToObject(fo, "commands", f->commands);
        cJSON_AddNumberToObject(fo, "turn", f->turn);
        cJSON_AddStringToObject(fo, "decision", jsd_wait_name(f->decision));
        jx_hash_str(f->hash, hash);
        cJSON_AddStringToObject(fo, "hash", hash);
    }
    return jx_print(root, false);
}

bool jsd_record_save(const jsd_record *r, const char *path, jsd_error *err)
{
    unsigned char head[32], tag[16];
    return jsd_record_save_chain(r, path, head, tag, err);
}

bool jsd_record_save_chain(const jsd_record *r, const char *path, unsigned char head[32], unsigned char tag[16],
                           jsd_error *err)
{
    char scn[JSD_PATH_MAX];
    if (!path_for_file(r, path, scn, sizeof scn))
        return jsd_fail_plain(err, "%s: cannot write the record: the scenario's path (%zu bytes) "
                              "is too long to be read back (at most %d bytes, with the record's "
                              "folder)", path, strlen(scn), JSD_PATH_MAX - 1);
    char *text = r->seal ? jsd_sealed_text(r, path, head, tag) : jsd_record_to_json(r, path);
    if (!text)
        return jsd_fail_plain(err, "%s: cannot write the record: out of memory", path);
    bool ok = jsd_write_atomic(path, text, strlen(text), err);
    free(text);
    return ok;
}

static bool file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

js_game *jsd_record_start(const jsd_record *r, const char *record_path, jsd_error *err)
{
    const char *rp = record_path ? record_path : "(record)";
    jx x = {rp, err};
    char path[JSD_PATH_MAX];
    snprintf(path, sizeof path, "%s", r->scenario_path);
    if (!file_exists(path) && record_path) {
        char dir[JSD_PATH_MAX];
        jsd_dirname(record_path, dir, sizeof dir);
        jsd_path_join(dir, r->scenario_path, path, sizeof path);
        if (!file_exists(path))
            snprintf(path, sizeof path, "%s", r->scenario_path);
    }
    uint64_t h;
    jsd_error sub;
    if (!jsd_file_hash(path, &h, &sub)) {
        jx_fail(&x, "scenario.path", "cannot read the scenario (%s)", sub.msg);
        return NULL;
    }
    if (h != r->scenario_hash) {
        char want[17], got[17];
        jx_hash_str(r->scenario_hash, want);
        jx_hash_str(h, got);
        jx_fail(&x, "scenario.hash", "the scenario file %s has changed since the record was made "
                                     "(hash %s, the record expects %s)", path, got, want);
        return NULL;
    }
    js_scenario *scn = jsd_scenario_load(path, &sub);
    if (!scn) {
        jx_fail(&x, "scenario.path", "the scenario does not load (%s)", sub.msg);
        return NULL;
    }
    if (strcmp(scn->id, r->scenario_id) != 0) {
        jx_fail(&x, "scenario.id", "the record is for scenario \"%s\" but %s has id \"%s\"",
                r->scenario_id, path, scn->id);
        free(scn);
        return NULL;
    }
    js_dice_cfg dice;
    memset(&dice, 0, sizeof dice);
    dice.kind = r->dice_kind;
    dice.seed = r->seed;
    dice.script = r->script;
    dice.nscript = r->nscript;
    char reason[JS_REASON_LEN];
    reason[0] = '\0';
    js_game *g = js_game_create(scn, &dice, reason, sizeof reason);
    if (!g)
        jx_fail(&x, "scenario", "the engine refuses the scenario %s: %s", path, reason);
    free(scn);
    return g;
}
