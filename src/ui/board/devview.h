/* devview.h — a battle view built by hand, without the engine: used by the rendering tests and
 * as a fallback picture for --bench-frames when no scenario can be played. Everything in it is
 * public (as side A's view would be), so nothing secret can leak from it. */
#ifndef UI_DEVVIEW_H
#define UI_DEVVIEW_H

#include "kit/ui_core.h"

/* A busy battle: W x H map with terrain of every look, zones, sections, sites, ships of every
 * size and state, a squadron, pod groups and missiles. `busy` scales the number of counters. */
void ui_dev_view(js_view *v, int w, int h, int busy);
/* Add a ship of a new card to the view; returns the ship id. */
int ui_dev_add_ship(js_view *v, int def, int side, int col, int row, int facing, int phase);

#endif
