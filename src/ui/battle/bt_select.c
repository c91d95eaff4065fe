/* bt_select.c — what is selected on the map: one ship, one pod group or one missile, or nothing;
 * while plotting, the ships picked to go with the selected one (Shift-click, a Shift-drag box),
 * and the box being dragged. The one owner of the selection: the parts select and clear through
 * these, so at most one thing is ever selected. */
#include "battle_int.h"
#include <stdlib.h>
#include <string.h>

struct bt_sel {
    bt_sel_kind kind;
    int index;
    bool picked[JS_MAX_SHIPS]; /* the ships Shift-click or a box added to the selected one */
    bool boxing;               /* a Shift-drag box is being drawn from (box_x, box_y) */
    int box_x, box_y;
};

bt_sel *bt_sel_new(void)
{
    bt_sel *s = calloc(1, sizeof *s);
    if (s)
        s->kind = BT_SEL_NONE;
    return s;
}

void bt_sel_free(bt_sel *s) { free(s); }

void bt_select(ui_battle *b, bt_sel_kind kind, int index)
{
    b->sel->kind = index >= 0 ? kind : BT_SEL_NONE;
    b->sel->index = index;
}

void bt_select_clear(ui_battle *b) { b->sel->kind = BT_SEL_NONE; }

int bt_selected(const ui_battle *b, bt_sel_kind kind) { return b->sel->kind == kind ? b->sel->index : -1; }
int bt_sel_ship(const ui_battle *b) { return bt_selected(b, BT_SEL_SHIP); }
int bt_sel_pod(const ui_battle *b) { return bt_selected(b, BT_SEL_POD); }
int bt_sel_missile(const ui_battle *b) { return bt_selected(b, BT_SEL_MISSILE); }

bool bt_picked(const ui_battle *b, int ship) { return ship >= 0 && ship < JS_MAX_SHIPS && b->sel->picked[ship]; }

const bool *bt_picks(const ui_battle *b) { return b->sel->picked; }

void bt_pick_toggle(ui_battle *b, int ship)
{
    if (ship >= 0 && ship < JS_MAX_SHIPS)
        b->sel->picked[ship] = !b->sel->picked[ship];
}

void bt_pick_set(ui_battle *b, int ship, bool on)
{
    if (ship >= 0 && ship < JS_MAX_SHIPS)
        b->sel->picked[ship] = on;
}

void bt_picks_clear(ui_battle *b) { memset(b->sel->picked, 0, sizeof b->sel->picked); }

void bt_box_begin(ui_battle *b, int x, int y)
{
    b->sel->boxing = true;
    b->sel->box_x = x;
    b->sel->box_y = y;
}

void bt_box_end(ui_battle *b) { b->sel->boxing = false; }

bool bt_box_rect(const ui_battle *b, int x, int y, SDL_Rect *rc, int *x0, int *y0)
{
    if (!b->sel->boxing)
        return false;
    int ax = b->sel->box_x, ay = b->sel->box_y;
    *rc = (SDL_Rect){ax < x ? ax : x, ay < y ? ay : y, abs(x - ax) + 1, abs(y - ay) + 1};
    if (x0)
        *x0 = ax;
    if (y0)
        *y0 = ay;
    return true;
}
