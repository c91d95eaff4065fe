/* jsd_settings.c — the player's settings file (settings.json, docs/formats.md "Settings"). */
#include "jsd_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void jsd_settings_defaults(jsd_settings *s)
{
    memset(s, 0, sizeof *s);
    s->volume = 80;
    s->mute = false;
    s->fullscreen = true; /* as the game always started; --windowed or Settings change it */
    s->scale_pct = 100;
    s->anim_speed = 1;
    s->cb_palette = false;
    s->confirm_ready = false;
    s->every_step = false;
}

/* Only the first problem is told: first->msg stays as it is once set. */
static void keep_first(jsd_error *first, const jsd_error *e)
{
    if (!first->msg[0])
        *first = *e;
}

/* The member m named key appears again after it: which one the player meant cannot be told, so
 * neither is read (every other loader refuses a file with a member twice; jx_fields). */
static bool twice(const jx *x, const cJSON *m, const char *path, const char *key)
{
    for (const cJSON *o = m->next; o; o = o->next)
        if (o->string && strcmp(o->string, key) == 0) {
            jx_fail(x, path, "field \"%s\" appears twice", key);
            return true;
        }
    return false;
}

/* One optional member: a number in lo..hi into *num, or (num NULL) true or false into *flag. A
 * wrong one keeps the field as it was and is told (keep_first). jx_int_v compares the number as
 * a double before it converts it, so "volume": 1e300 is refused, never cast. */
static void member(const jx *x, const cJSON *root, const char *key, int lo, int hi, int *num, bool *flag,
                   jsd_error *first)
{
    const cJSON *v = jx_get(root, key);
    int n;
    bool f;
    jsd_error e;
    jx one = {x->file, &e};
    if (!v)
        return;
    if (twice(&one, v, "", key))
        keep_first(first, &e);
    else if (!(num ? jx_int_v(&one, v, key, lo, hi, &n) : jx_bool_v(&one, v, key, &f)))
        keep_first(first, &e);
    else if (num)
        *num = n;
    else
        *flag = f;
}

static void member_int(const jx *x, const cJSON *root, const char *key, int lo, int hi, int *out,
                       jsd_error *first)
{
    member(x, root, key, lo, hi, out, NULL, first);
}

static void member_bool(const jx *x, const cJSON *root, const char *key, bool *out, jsd_error *first)
{
    member(x, root, key, 0, 0, NULL, out, first);
}

static bool lesson_id_ok(const char *id)
{
    size_t n = strlen(id);
    if (n < 1 || n > 47)
        return false;
    for (; *id; id++)
        if (!((*id >= 'a' && *id <= 'z') || (*id >= '0' && *id <= '9') || *id == '-' || *id == '_'))
            return false;
    return true;
}

int jsd_settings_lesson(const jsd_settings *s, const char *id)
{
    for (int i = 0; i < s->nlessons; i++)
        if (strcmp(s->lessons[i].id, id) == 0)
            return s->lessons[i].state;
    return JSD_MARK_NONE;
}

bool jsd_settings_mark_lesson(jsd_settings *s, const char *id, int state)
{
    if (!lesson_id_ok(id) || (state != JSD_MARK_DONE && state != JSD_MARK_SKIPPED))
        return false;
    for (int i = 0; i < s->nlessons; i++)
        if (strcmp(s->lessons[i].id, id) == 0) {
            if (s->lessons[i].state != JSD_MARK_DONE) /* done stays done */
                s->lessons[i].state = (int8_t)state;
            return true;
        }
    if (s->nlessons >= JSD_MAX_LESSON_MARKS)
        return false;
    snprintf(s->lessons[s->nlessons].id, sizeof s->lessons[0].id, "%s", id);
    s->lessons[s->nlessons++].state = (int8_t)state;
    return true;
}

/* "lessons": {"moving": "done", "pods": "skipped"}. A bad entry is passed over (and told); the
 * good ones are kept. */
static void member_lessons(const jx *x, const cJSON *root, jsd_settings *t, jsd_error *first)
{
    static const char *const STATES[] = {"done", "skipped"};
    const cJSON *v = jx_get(root, "lessons");
    jsd_error e;
    jx one = {x->file, &e};
    if (!v)
        return;
    if (twice(&one, v, "", "lessons") || (!cJSON_IsObject(v) && !jx_want_object(&one, v, "lessons"))) {
        keep_first(first, &e);
        return;
    }
    jsd_settings keep = *t;
    keep.nlessons = 0;
    for (const cJSON *m = v->child; m; m = m->next) {
        char path[JX_PATH];
        int st;
        jx_key(path, "lessons", m->string ? m->string : "");
        bool ok = m->string && lesson_id_ok(m->string);
        bool again = false; /* named before: told then */
        for (const cJSON *o = v->child; ok && o != m && !again; o = o->next)
            again = o->string && strcmp(o->string, m->string) == 0;
        if (again)
            continue;
        if (!ok)
            jx_fail(&one, path, "not a lesson id (1-47 of a-z 0-9 - _)");
        else if (twice(&one, m, "lessons", m->string))
            ok = false;
        else if (!jx_enum_v(&one, m, path, STATES, 2, &st))
            ok = false;
        else if (!jsd_settings_mark_lesson(&keep, m->string, st + 1))
            ok = jx_fail(&one, path, "more than %d lessons", JSD_MAX_LESSON_MARKS);
        if (!ok)
            keep_first(first, &e);
    }
    t->nlessons = keep.nlessons;
    memcpy(t->lessons, keep.lessons, sizeof t->lessons);
}

jsd_settings_status jsd_settings_parse(const char *text, size_t len, const char *name,
                                       jsd_settings *s, jsd_error *err)
{
    jx x = {name, err};
    cJSON *root = jx_parse(&x, text, len);
    if (!root)
        return JSD_SETTINGS_BAD_FILE;
    const cJSON *fmt = jx_get(root, "format");
    if (!cJSON_IsObject(root) || !cJSON_IsString(fmt) ||
        strcmp(fmt->valuestring, "jumpstrike-settings") != 0) {
        cJSON_Delete(root);
        jx_fail(&x, "", "not a Jumpstrike settings file (\"format\": \"jumpstrike-settings\")");
        return JSD_SETTINGS_BAD_FILE;
    }
    /* Members are read into a copy: a file refused as a whole changes nothing. Unknown members
     * are passed over, so that a file a later version wrote at the same version still loads. */
    jsd_settings t = *s;
    jsd_error first;
    first.msg[0] = '\0';
    int ver = 0;
    member_int(&x, root, "version", 1, 1000, &ver, &first);
    if (ver > JSD_SETTINGS_VERSION) {
        cJSON_Delete(root);
        jx_fail(&x, "version", "%d is newer than this game knows (%d)", ver,
                JSD_SETTINGS_VERSION);
        return JSD_SETTINGS_BAD_FILE;
    }
    member_int(&x, root, "volume", 0, 100, &t.volume, &first);
    member_bool(&x, root, "mute", &t.mute, &first);
    member_bool(&x, root, "fullscreen", &t.fullscreen, &first);
    member_int(&x, root, "ui_scale", 100, 200, &t.scale_pct, &first);
    member_int(&x, root, "animation_speed", 0, 3, &t.anim_speed, &first);
    member_bool(&x, root, "colour_blind_palette", &t.cb_palette, &first);
    member_bool(&x, root, "confirm_ready", &t.confirm_ready, &first);
    member_bool(&x, root, "every_step", &t.every_step, &first);
    const cJSON *os = jx_get(root, "online_server"), *on = jx_get(root, "online_name");
    if (cJSON_IsString(os)) /* text: any that fits (a bad address is said when it is used) */
        snprintf(t.online_server, sizeof t.online_server, "%s", os->valuestring);
    if (cJSON_IsString(on))
        snprintf(t.online_name, sizeof t.online_name, "%s", on->valuestring);
    member_lessons(&x, root, &t, &first);
    cJSON_Delete(root);
    *s = t;
    if (first.msg[0]) {
        jsd_fail_plain(err, "%s (that setting keeps its default)", first.msg);
        return JSD_SETTINGS_BAD_MEMBER;
    }
    return JSD_SETTINGS_OK;
}

jsd_settings_status jsd_settings_load(const char *path, jsd_settings *s, jsd_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT) {
        jsd_fail_plain(err, "%s: no settings yet", path);
        return JSD_SETTINGS_MISSING;
    }
    size_t len;
    char *text = jsd_read_file_max(path, JSD_MAX_SMALL, &len, err);
    if (!text)
        return JSD_SETTINGS_BAD_FILE;
    jsd_settings_status st2 = jsd_settings_parse(text, len, path, s, err);
    free(text);
    return st2;
}

char *jsd_settings_to_json(const jsd_settings *s)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "format", "jumpstrike-settings");
    cJSON_AddNumberToObject(o, "version", JSD_SETTINGS_VERSION);
    cJSON_AddNumberToObject(o, "volume", s->volume);
    cJSON_AddBoolToObject(o, "mute", s->mute);
    cJSON_AddBoolToObject(o, "fullscreen", s->fullscreen);
    cJSON_AddNumberToObject(o, "ui_scale", s->scale_pct);
    cJSON_AddNumberToObject(o, "animation_speed", s->anim_speed);
    cJSON_AddBoolToObject(o, "colour_blind_palette", s->cb_palette);
    cJSON_AddBoolToObject(o, "confirm_ready", s->confirm_ready);
    cJSON_AddBoolToObject(o, "every_step", s->every_step);
    if (s->online_server[0])
        cJSON_AddStringToObject(o, "online_server", s->online_server);
    if (s->online_name[0])
        cJSON_AddStringToObject(o, "online_name", s->online_name);
    cJSON *l = cJSON_AddObjectToObject(o, "lessons");
    for (int i = 0; l && i < s->nlessons && i < JSD_MAX_LESSON_MARKS; i++)
        cJSON_AddStringToObject(l, s->lessons[i].id, s->lessons[i].state == JSD_MARK_DONE ? "done" : "skipped");
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *withnl = realloc(text, n + 2);
    if (!withnl)
        return text;
    withnl[n] = '\n';
    withnl[n + 1] = '\0';
    return withnl;
}

bool jsd_settings_save(const jsd_settings *s, const char *path, jsd_error *err)
{
    char *text = jsd_settings_to_json(s);
    if (!text)
        return jsd_fail_plain(err, "%s: cannot write the settings: out of memory", path);
    bool ok = jsd_write_atomic(path, text, strlen(text), err);
    free(text);
    return ok;
}
