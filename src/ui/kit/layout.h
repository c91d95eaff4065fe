/* layout.h — the test layout file: with JS_UI_LAYOUT=FILE set, each screen writes what is on it
 * now (mode, buttons with their centres, and for a battle the camera and ships) so scripted tests
 * (src/ui/tests/uidrive.py) know where to click. It lists only what the screen shows. */
#ifndef UI_LAYOUT_H
#define UI_LAYOUT_H

#include "widgets.h"
#include <stdbool.h>
#include <stddef.h>

/* Write `text` as the test layout when JS_UI_LAYOUT is set and the file says something else
 * (several screens write it, so the file itself is compared); true if written. The file is
 * replaced atomically (written beside it, then renamed), so a reader never sees half of it. */
bool ui_layout_put(const char *text);
/* Append a line per button to out (n chars used of cap) while there is room:
 * "button ID ARG ARG2 ENABLED CX CY W H LABEL", the centre being where a test clicks. Returns
 * the chars used now. */
int ui_layout_buttons(char *out, int n, size_t cap, const ui_buttons *bs);
/* The common ending of a screen's layout: its buttons appended (ui_layout_buttons), then put. */
bool ui_layout_put_buttons(char *out, int n, size_t cap, const ui_buttons *bs);

#endif
