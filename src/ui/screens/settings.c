/* settings.c — load and save the player's settings (see settings.h). */
#include "settings.h"
#include "jsd.h"
#include <SDL.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ui_settings_defaults(ui_settings *s)
{
    memset(s, 0, sizeof *s);
    s->volume = 80;
    s->mute = false;
    s->fullscreen = true; /* as the game always started; --windowed or Settings change it */
    s->scale_pct = 100;
    s->anim_speed = 1;
    s->cb_palette = false;
    s->confirm_ready = false;
}

const char *ui_anim_speed_name(int speed)
{
    static const char *n[4] = {"Slow", "Normal", "Fast", "Instant"};
    return speed >= 0 && speed < 4 ? n[speed] : "Normal";
}

bool ui_settings_default_path(char *out, size_t cap)
{
    out[0] = 0;
    char *p = SDL_GetPrefPath("jumpstrike", "jumpstrike");
    if (!p)
        return false;
    snprintf(out, cap, "%ssettings.json", p);
    SDL_free(p);
    return true;
}

/* Read one integer member; a wrong type or range keeps the default and notes the problem. */
static void get_int(const cJSON *root, const char *key, int lo, int hi, int *out, char *bad, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v)
        return;
    if (!cJSON_IsNumber(v) || v->valuedouble != (double)(int)v->valuedouble || v->valueint < lo || v->valueint > hi) {
        if (!bad[0])
            snprintf(bad, cap, "%s: expected an integer %d..%d", key, lo, hi);
        return;
    }
    *out = v->valueint;
}

static void get_bool(const cJSON *root, const char *key, bool *out, char *bad, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v)
        return;
    if (!cJSON_IsBool(v)) {
        if (!bad[0])
            snprintf(bad, cap, "%s: expected true or false", key);
        return;
    }
    *out = cJSON_IsTrue(v);
}

bool ui_settings_load(ui_settings *s, const char *path, char *msg, size_t cap)
{
    ui_settings_defaults(s);
    if (msg && cap)
        msg[0] = 0;
    if (!path || !*path) {
        snprintf(msg, cap, "no user folder: settings will not be kept");
        return false;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, cap, "no settings yet (%s): using the defaults", path);
        return false;
    }
    fclose(f);
    jsd_error e;
    size_t len = 0;
    char *text = jsd_read_file(path, &len, &e);
    if (!text) {
        snprintf(msg, cap, "settings: %s; using the defaults", e.msg);
        return false;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    free(text);
    if (!root || !cJSON_IsObject(root)) {
        cJSON_Delete(root);
        snprintf(msg, cap, "settings file %s is not valid JSON; using the defaults", path);
        return false;
    }
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "jumpstrike-settings") != 0) {
        cJSON_Delete(root);
        snprintf(msg, cap, "%s is not a Jumpstrike settings file; using the defaults", path);
        return false;
    }
    char bad[200] = "";
    int ver = 0;
    get_int(root, "version", 1, 1000, &ver, bad, sizeof bad);
    if (ver > UI_SETTINGS_VERSION) {
        cJSON_Delete(root);
        snprintf(msg, cap, "%s: version %d is newer than this game knows (%d); using the defaults", path, ver,
                 UI_SETTINGS_VERSION);
        return false;
    }
    get_int(root, "volume", 0, 100, &s->volume, bad, sizeof bad);
    get_bool(root, "mute", &s->mute, bad, sizeof bad);
    get_bool(root, "fullscreen", &s->fullscreen, bad, sizeof bad);
    get_int(root, "ui_scale", 100, 200, &s->scale_pct, bad, sizeof bad);
    get_int(root, "animation_speed", 0, 3, &s->anim_speed, bad, sizeof bad);
    get_bool(root, "colour_blind_palette", &s->cb_palette, bad, sizeof bad);
    get_bool(root, "confirm_ready", &s->confirm_ready, bad, sizeof bad);
    cJSON_Delete(root);
    if (bad[0]) {
        snprintf(msg, cap, "settings file %s: %s (default kept)", path, bad);
        return false;
    }
    return true;
}

char *ui_settings_to_json(const ui_settings *s)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "format", "jumpstrike-settings");
    cJSON_AddNumberToObject(o, "version", UI_SETTINGS_VERSION);
    cJSON_AddNumberToObject(o, "volume", s->volume);
    cJSON_AddBoolToObject(o, "mute", s->mute);
    cJSON_AddBoolToObject(o, "fullscreen", s->fullscreen);
    cJSON_AddNumberToObject(o, "ui_scale", s->scale_pct);
    cJSON_AddNumberToObject(o, "animation_speed", s->anim_speed);
    cJSON_AddBoolToObject(o, "colour_blind_palette", s->cb_palette);
    cJSON_AddBoolToObject(o, "confirm_ready", s->confirm_ready);
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}

bool ui_settings_save(const ui_settings *s, const char *path, char *msg, size_t cap)
{
    if (!path || !*path) {
        snprintf(msg, cap, "no user folder: settings cannot be kept");
        return false;
    }
    char *text = ui_settings_to_json(s);
    if (!text) {
        snprintf(msg, cap, "out of memory");
        return false;
    }
    size_t n = strlen(text);
    char *withnl = realloc(text, n + 2);
    if (withnl) {
        text = withnl;
        text[n++] = '\n';
        text[n] = 0;
    }
    jsd_error e;
    bool ok = jsd_write_atomic(path, text, n, &e);
    free(text);
    if (!ok)
        snprintf(msg, cap, "could not save the settings: %s", e.msg);
    return ok;
}
