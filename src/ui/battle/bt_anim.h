/* bt_anim.h — the animation of what a command made happen (anim.c): public events played
 * from the board as it was, on a copy of the view; the submit path starts it. */
#ifndef UI_BT_ANIM_H
#define UI_BT_ANIM_H

#include "battle_int.h"

/* Whether the animation plays this event: the battle and the replay viewer both ask this. */
bool bt_anim_plays(const js_event *e);
void bt_anim_start(ui_battle *b, const js_view *before, int from_event);
bool bt_anim_update(ui_battle *b, double dt);  /* false once everything has played */
void bt_anim_skip(ui_battle *b);
void bt_anim_overlay(ui_battle *b, ui_overlay *o);
void bt_anim_draw_die(ui_battle *b);

#endif
