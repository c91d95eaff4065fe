/* bt_draw.h — drawing helpers the battle's parts share: the side panel's rows at a panel cursor
 * (bt_rows.c), command card and die faces (bt_cards.c). They draw from the state and register
 * buttons; they never change the game. */
#ifndef UI_BT_DRAW_H
#define UI_BT_DRAW_H

#include "battle_int.h"

typedef struct bt_pc {         /* a panel cursor: where the next row goes */
    int x, y, w;
} bt_pc;
void bt_heading(ui_battle *b, bt_pc *pc, const char *s);
void bt_line(ui_battle *b, bt_pc *pc, const char *s, ui_rgba col);
void bt_btn(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, int arg2, bool enabled,
            bool active, const char *tip);
/* Register a clickable area drawn by its owner (cards), with a label for tests and tools. */
void bt_hit(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, int arg2, bool enabled, const char *tip);
const char *bt_dir_name(int dir);

/* A command card face (or its back) in rc. flags: 1 selected, 2 dimmed, 4 hot. */
void bt_card_draw(ui_gfx *g, SDL_Rect rc, const js_command_card *cc, int flags);
void bt_card_back(ui_battle *b, SDL_Rect rc, int side);
/* A d6 showing v (1..6) in rc, at alpha. */
void bt_die_face(ui_gfx *g, SDL_Rect rc, int v, int alpha);

#endif
