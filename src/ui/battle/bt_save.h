/* bt_save.h — Ctrl+S in a battle: the save-name dialog (bt_save.c), writing through ui_saves.h. */
#ifndef UI_BT_SAVE_H
#define UI_BT_SAVE_H

#include "battle_int.h"

void bt_save_open(ui_battle *b);                 /* refused with a note on the handover screen */
bool bt_save_event(ui_battle *b, const SDL_Event *e); /* true when the open dialog took the event */
void bt_save_check(ui_battle *b);                /* closes it if a handover came up */
void bt_save_draw(ui_battle *b);

#endif
