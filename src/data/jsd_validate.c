/* jsd_validate.c — tell a file's kind from its "format" member and check it fully. */
#include "jsd_internal.h"
#include "jsd_lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const FORMATS[] = {"jumpstrike-scenario", "jumpstrike-catalogue",
                                      "jumpstrike-record", "jumpstrike-commands",
                                      "jumpstrike-lesson"};

static bool check_scenario(const char *path, jsd_error *err)
{
    js_scenario *s = jsd_scenario_load(path, err);
    if (!s)
        return false;
    /* the engine has the last word on its own invariants */
    js_dice_cfg dice;
    memset(&dice, 0, sizeof dice);
    char reason[JS_REASON_LEN];
    reason[0] = '\0';
    js_game *g = js_game_create(s, &dice, reason, sizeof reason);
    free(s);
    if (!g)
        return jsd_fail_plain(err, "%s: the engine refuses the scenario: %s", path, reason);
    js_game_destroy(g);
    return true;
}

static bool check_record(const char *path, const char *const *pw, char *kind, size_t cap, jsd_error *err)
{
    jsd_record *r = jsd_record_load_pw(path, pw, err);
    if (!r)
        return false;
    snprintf(kind, cap, "%s", r->kind);
    js_game *g = jsd_record_start(r, path, err);
    jsd_record_free(r);
    if (!g)
        return false;
    js_game_destroy(g);
    return true;
}

bool jsd_validate_file(const char *path, char *kind_out, size_t kind_cap, jsd_error *err)
{
    return jsd_validate_file_pw(path, NULL, kind_out, kind_cap, err);
}

bool jsd_validate_file_pw(const char *path, const char *const *pw, char *kind_out, size_t kind_cap, jsd_error *err)
{
    char kind[16] = "unknown";
    bool ok = false;
    jx x = {path, err};
    size_t len;
    char *text = jsd_read_file_max(path, JSD_MAX_FILE, &len, err);
    if (!text)
        goto out;
    /* a record of version 2 is JSON Lines: its first line, the header, names the format */
    cJSON *root = NULL;
    if (jsd_record_is_lines(text, len)) {
        const char *nl = memchr(text, '\n', len);
        root = cJSON_ParseWithLength(text, nl ? (size_t)(nl - text) : len);
    } else
        root = jx_parse(&x, text, len);
    free(text);
    if (!root)
        goto out;
    if (cJSON_IsArray(root)) {
        cJSON_Delete(root);
        snprintf(kind, sizeof kind, "commands");
        int n;
        js_cmd *c = jsd_commands_load(path, &n, err);
        ok = c != NULL;
        free(c);
        goto out;
    }
    if (!cJSON_IsObject(root)) {
        char got[64];
        jx_describe(root, got, sizeof got);
        cJSON_Delete(root);
        jx_fail(&x, "", "expected a JSON object or array at the top level, got %s", got);
        goto out;
    }
    const cJSON *f = jx_get(root, "format");
    int which = -1;
    if (!f) {
        jx_fail(&x, "", "missing required field \"format\" (it tells what kind of file this is)");
    } else if (jx_enum_v(&x, f, "format", FORMATS, 5, &which)) {
        /* handled below */
    }
    cJSON_Delete(root);
    switch (which) {
    case 0:
        snprintf(kind, sizeof kind, "scenario");
        ok = check_scenario(path, err);
        break;
    case 1: {
        snprintf(kind, sizeof kind, "catalogue");
        js_card_def *defs = calloc(JS_MAX_DEFS, sizeof *defs);
        ok = defs && jsd_catalogue_load(path, defs, JS_MAX_DEFS, err) >= 0;
        free(defs);
        break;
    }
    case 2:
        snprintf(kind, sizeof kind, "record");
        ok = check_record(path, pw, kind, sizeof kind, err);
        break;
    case 3: {
        snprintf(kind, sizeof kind, "commands");
        int n;
        js_cmd *c = jsd_commands_load(path, &n, err);
        ok = c != NULL;
        free(c);
        break;
    }
    case 4: {
        snprintf(kind, sizeof kind, "lesson");
        jsd_lesson *l = jsd_lesson_load(path, err);
        ok = l && jsd_lesson_check(l, path, NULL, err);
        jsd_lesson_free(l);
        break;
    }
    default:
        break;
    }
out:
    if (kind_out && kind_cap)
        snprintf(kind_out, kind_cap, "%s", kind);
    return ok;
}
