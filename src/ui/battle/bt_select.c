/* bt_select.c — what is selected on the map: one ship, one pod group or one missile, or nothing.
 * The one owner of the selection: the parts select and clear through these, so at most one
 * thing is ever selected. */
#include "battle_int.h"
#include <stdlib.h>
#include <string.h>

struct bt_sel {
    bt_sel_kind kind;
    int index;
    bool picked[JS_MAX_SHIPS]; /* the ships Shift-click added to the selected one */
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

void bt_pick_toggle(ui_battle *b, int ship)
{
    if (ship >= 0 && ship < JS_MAX_SHIPS)
        b->sel->picked[ship] = !b->sel->picked[ship];
}

void bt_picks_clear(ui_battle *b) { memset(b->sel->picked, 0, sizeof b->sel->picked); }
