/* bt_panel.h — the side panel (bt_panel.c): the selected unit's card, then the part for what
 * the game waits for, and the routing of buttons, board clicks and keys to the parts. */
#ifndef UI_BT_PANEL_H
#define UI_BT_PANEL_H

#include "battle_int.h"

void bt_panel_draw(ui_battle *b);
void bt_button(ui_battle *b, const ui_button *btn);
bool bt_board_click(ui_battle *b, js_hex h, int button);
/* A Shift-drag on the board draws a box that selects ships: only while plotting is answered on
 * this screen (elsewhere a Shift-drag pans, as any drag). */
bool bt_board_boxes(const ui_battle *b);
void bt_overlay(ui_battle *b, ui_overlay *o);
void bt_key(ui_battle *b, SDL_Keycode k);

#endif
