/* settings.h — the player's settings, kept between runs in the user's folder
 * (SDL_GetPrefPath("jumpstrike", "jumpstrike")/settings.json), written atomically. A missing or
 * bad file gives the defaults and a message; it never stops the game. */
#ifndef UI_SETTINGS_H
#define UI_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum { UI_SETTINGS_VERSION = 1 };

typedef struct ui_settings {
    int volume;          /* 0..100 */
    bool mute;
    bool fullscreen;
    int scale_pct;       /* 100..200, steps of 25 */
    int anim_speed;      /* 0 slow, 1 normal, 2 fast, 3 instant */
    bool cb_palette;     /* colour-blind-safe side colours (blue / orange) */
    bool confirm_ready;  /* ask before Ready commits a secret decision */
} ui_settings;

void ui_settings_defaults(ui_settings *s);
/* Load from path. Returns true when the file was read and good. Otherwise s holds the defaults
 * (or the good fields of a partly bad file) and msg says why; a missing file is not an error
 * worth a message unless `quiet_missing` is false. */
bool ui_settings_load(ui_settings *s, const char *path, char *msg, size_t cap);
/* Write atomically (temporary file, flush, rename); false with a message. */
bool ui_settings_save(const ui_settings *s, const char *path, char *msg, size_t cap);
/* The JSON text ui_settings_save writes (malloc'd). */
char *ui_settings_to_json(const ui_settings *s);
/* settings.json in the user's folder; false when there is no writable folder. */
bool ui_settings_default_path(char *out, size_t cap);
const char *ui_anim_speed_name(int speed);

#endif
