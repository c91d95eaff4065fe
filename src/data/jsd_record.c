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

void jsd_record_free(jsd_record *r)
{
    if (!r)
        return;
    free(r->script);
    free(r->cmds);
    free(r->hashes);
    free(r);
}

/* Seeds are uint64: written as a decimal string; a plain integer is accepted too. */
static bool parse_seed(const jx *x, const cJSON *v, const char *path, uint64_t *out)
{
    if (cJSON_IsNumber(v)) {
        /* a JSON number is read as a double: past 2^53 - 1 it is not the integer written
         * (9007199254740993 reads as ...992), and the replay would roll other dice */
        double d = v->valuedouble;
        if (d >= 9007199254740992.0)
            return jx_fail(x, path, "a seed above 2^53 - 1 (9007199254740991) is not read exactly as a JSON "
                                    "number; write it as a decimal string in quotes");
        if (d >= 0 && d < 9007199254740992.0 && d == (double)(uint64_t)d) {
            *out = (uint64_t)d;
            return true;
        }
    } else if (cJSON_IsString(v)) {
        const char *s = v->valuestring;
        size_t n = strlen(s);
        bool ok = n > 0 && n <= 20;
        uint64_t acc = 0;
        for (size_t i = 0; ok && i < n; i++) {
            if (s[i] < '0' || s[i] > '9') {
                ok = false;
                break;
            }
            unsigned dgt = (unsigned)(s[i] - '0');
            if (acc > (UINT64_MAX - dgt) / 10)
                ok = false;
            else
                acc = acc * 10 + dgt;
        }
        if (ok) {
            *out = acc;
            return true;
        }
    }
    char got[64];
    jx_describe(v, got, sizeof got);
    return jx_fail(x, path, "expected a seed as a decimal string \"0\"..\"%" PRIu64 "\", got %s",
                   UINT64_MAX, got);
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
        if (!parse_seed(x, seed, sp, &r->computer_seed[s]))
            return false;
    }
    return true;
}

static bool parse_record(const jx *x, const cJSON *root, const char *dir, jsd_record *r)
{
    static const char *const F[] = {"format", "version", "kind", "scenario", "dice",
                                    "players", "passwords", "computer", "commands", NULL};
    static const char *const SF[] = {"path", "id", "hash", NULL};
    static const char *const DF[] = {"kind", "seed", "script", NULL};
    static const char *const PF[] = {"A", "B", NULL};
    const cJSON *scn, *dice, *cmds, *v;
    int kind, dk;
    char rel[JSD_PATH_MAX];
    if (!jx_want_object(x, root, "") ||
        !jx_header(x, root, "jumpstrike-record", JSD_RECORD_VERSION) ||
        !jx_fields(x, root, "", F) || !jx_enum(x, root, "", "kind", true, KINDS, 2, 0, &kind) ||
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
    if (v && !parse_seed(x, v, "dice.seed", &r->seed))
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
    if (!parse_computer(x, jx_get(root, "computer"), r))
        return false;
    if (!jx_need(x, root, "", "commands", &cmds) ||
        !jx_want_array(x, cmds, "commands", 0, MAX_CMDS))
        return false;
    int i = 0;
    for (const cJSON *c = cmds->child; c; c = c->next, i++) {
        char p[JX_PATH], hp[JX_PATH];
        jx_idx(p, "commands", i);
        js_cmd cmd;
        uint64_t h;
        const cJSON *hv;
        if (!jsd_cmd_parse(x, c, p, "hash", &cmd) || !jx_need(x, c, p, "hash", &hv))
            return false;
        jx_key(hp, p, "hash");
        if (!jx_hash_v(x, hv, hp, &h))
            return false;
        if (!jsd_record_append(r, &cmd, h))
            return jx_fail(x, p, "out of memory");
    }
    return true;
}

jsd_record *jsd_record_load(const char *path, jsd_error *err)
{
    jx x = {path, err};
    cJSON *root = jx_load(&x, JSD_MAX_FILE);
    if (!root)
        return NULL;
    jsd_record *r = calloc(1, sizeof *r);
    char dir[JSD_PATH_MAX];
    jsd_dirname(path, dir, sizeof dir);
    bool ok = r && parse_record(&x, root, dir, r);
    if (!r)
        jx_fail(&x, "", "out of memory");
    cJSON_Delete(root);
    if (!ok) {
        jsd_record_free(r);
        return NULL;
    }
    return r;
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

char *jsd_record_to_json(const jsd_record *r, const char *record_path)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "jumpstrike-record");
    cJSON_AddNumberToObject(root, "version", JSD_RECORD_VERSION);
    cJSON_AddStringToObject(root, "kind", strcmp(r->kind, "save") == 0 ? "save" : "record");
    cJSON *scn = cJSON_AddObjectToObject(root, "scenario");
    char path[JSD_PATH_MAX], hash[17], seed[24];
    if (!path_for_file(r, record_path, path, sizeof path)) {
        cJSON_Delete(root);
        return NULL;
    }
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
    cJSON *cmds = cJSON_AddArrayToObject(root, "commands");
    for (int i = 0; i < r->ncmds; i++) {
        cJSON *c = jsd_cmd_json(&r->cmds[i]);
        if (!c) {
            cJSON_Delete(root);
            return NULL;
        }
        jx_hash_str(r->hashes[i], hash);
        cJSON_AddStringToObject(c, "hash", hash);
        cJSON_AddItemToArray(cmds, c);
    }
    /* One command per line: readable in a diff, still compact. */
    char *head_text = NULL;
    cJSON_DetachItemViaPointer(root, cmds);
    cJSON_AddArrayToObject(root, "commands");
    head_text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!head_text) {
        cJSON_Delete(cmds);
        return NULL;
    }
    /* head_text ends with "\t\"commands\":\t[]\n}"; splice the command lines into the []. */
    char *mark = NULL;
    for (char *m = head_text; (m = strstr(m, "\"commands\":\t[]")) != NULL; m++)
        mark = m;
    size_t total = strlen(head_text) + 64;
    char **lines = calloc((size_t)r->ncmds + 1, sizeof *lines);
    bool ok = mark && lines;
    int i = 0;
    for (cJSON *c = cmds->child; ok && c; c = c->next, i++) {
        lines[i] = cJSON_PrintUnformatted(c);
        ok = lines[i] != NULL;
        if (ok)
            total += strlen(lines[i]) + 4;
    }
    char *out = ok ? malloc(total) : NULL;
    if (out) {
        size_t head = (size_t)(mark - head_text) + strlen("\"commands\":\t[");
        memcpy(out, head_text, head);
        size_t used = head;
        for (int k = 0; k < r->ncmds; k++) {
            used += (size_t)sprintf(out + used, "\n\t\t%s%s", lines[k], k + 1 < r->ncmds ? "," : "");
        }
        if (r->ncmds > 0)
            used += (size_t)sprintf(out + used, "\n\t");
        strcpy(out + used, mark + strlen("\"commands\":\t["));
        used = strlen(out);
        if (used == 0 || out[used - 1] != '\n')
            strcat(out, "\n");
    }
    for (int k = 0; lines && k < r->ncmds; k++)
        free(lines[k]);
    free(lines);
    free(head_text);
    cJSON_Delete(cmds);
    return out;
}

bool jsd_record_save(const jsd_record *r, const char *path, jsd_error *err)
{
    char scn[JSD_PATH_MAX];
    if (!path_for_file(r, path, scn, sizeof scn))
        return jsd_fail_plain(err, "%s: cannot write the record: the scenario's path (%zu bytes) "
                              "is too long to be read back (at most %d bytes, with the record's "
                              "folder)", path, strlen(scn), JSD_PATH_MAX - 1);
    char *text = jsd_record_to_json(r, path);
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
