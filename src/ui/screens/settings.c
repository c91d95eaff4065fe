/* settings.c — where the player's settings live and what the game says about them (see
 * settings.h); the file itself is the data layer's (jsd_settings.c). */
#include "settings.h"
#include <SDL.h>
#include <stdio.h>

void ui_settings_defaults(ui_settings *s) { jsd_settings_defaults(s); }

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

bool ui_settings_load(ui_settings *s, const char *path, char *msg, size_t cap)
{
    ui_settings_defaults(s);
    if (msg && cap)
        msg[0] = 0;
    if (!path || !*path) {
        snprintf(msg, cap, "no user folder: settings will not be kept");
        return false;
    }
    jsd_error e;
    switch (jsd_settings_load(path, s, &e)) {
    case JSD_SETTINGS_OK:
        return true;
    case JSD_SETTINGS_MISSING:
        snprintf(msg, cap, "no settings yet (%s): using the defaults", path);
        return false;
    case JSD_SETTINGS_BAD_MEMBER:
        snprintf(msg, cap, "settings file %s", e.msg);
        return false;
    case JSD_SETTINGS_BAD_FILE:
    default:
        snprintf(msg, cap, "settings file %s; using the defaults", e.msg);
        return false;
    }
}

bool ui_settings_save(const ui_settings *s, const char *path, char *msg, size_t cap)
{
    if (!path || !*path) {
        snprintf(msg, cap, "no user folder: settings cannot be kept");
        return false;
    }
    jsd_error e;
    if (jsd_settings_save(s, path, &e))
        return true;
    snprintf(msg, cap, "could not save the settings: %s", e.msg);
    return false;
}
