/* settings.h — the player's settings, kept between runs in the user's folder
 * (SDL_GetPrefPath("jumpstrike", "jumpstrike")/settings.json), written atomically. The file is
 * read and written by the data layer (jsd_settings_*); this adds where it lives and the
 * messages the game shows. A missing or bad file gives the defaults and a message; it never
 * stops the game. */
#ifndef UI_SETTINGS_H
#define UI_SETTINGS_H

#include "jsd.h"
#include <stdbool.h>
#include <stddef.h>

enum { UI_SETTINGS_VERSION = JSD_SETTINGS_VERSION };

typedef jsd_settings ui_settings;

void ui_settings_defaults(ui_settings *s);
/* Load from path. Returns true when the file was read and good. Otherwise s holds the defaults
 * (or the good fields of a partly bad file) and msg says why (a missing file: "no settings
 * yet (PATH): using the defaults"). */
bool ui_settings_load(ui_settings *s, const char *path, char *msg, size_t cap);
/* Write atomically (temporary file, flush, rename); false with a message. */
bool ui_settings_save(const ui_settings *s, const char *path, char *msg, size_t cap);
/* settings.json in the user's folder; false when there is no writable folder. */
bool ui_settings_default_path(char *out, size_t cap);
const char *ui_anim_speed_name(int speed);

#endif
