/* battle_ask.c — what the screen around the battle (screens/) asks of it and sets: its state
 * stays behind these functions, so the rooms above never read or write struct ui_battle. */
#include "battle_int.h"
#include <string.h>

int ui_battle_handover_side(const ui_battle *b)
{
    return b->mode == BM_HANDOVER && b->handover_to >= 0 && b->handover_to < JS_SIDES ? b->handover_to : -1;
}

int ui_battle_screen_side(const ui_battle *b) { return b->screen_side; }

bool ui_battle_asks_ready(const ui_battle *b)
{
    int k = b->wait.kind;
    return b->mode == BM_PLAY && !b->public_mode &&
           (k == JS_WAIT_PLOT || k == JS_WAIT_COMMAND || k == JS_WAIT_SHIP_ATTACK || k == JS_WAIT_SETUP_BUY ||
            k == JS_WAIT_SETUP_JP || k == JS_WAIT_VANGUARD);
}

bool ui_battle_ready_at(const ui_battle *b, int x, int y)
{
    const ui_button *bt = ui_buttons_at(&b->buttons, x, y);
    return bt && bt->id == B_READY && bt->enabled;
}

bool ui_battle_over(const ui_battle *b) { return b->mode == BM_OVER; }
bool ui_battle_animating(const ui_battle *b) { return b->mode == BM_ANIM; }
bool ui_battle_saving(const ui_battle *b) { return b->save_open; }
const char *ui_battle_autosave_path(const ui_battle *b) { return b->autosave_path; }
const char *ui_battle_record_path(const ui_battle *b) { return b->rec_path; }
const char (*ui_battle_players(const ui_battle *b))[JS_NAME_LEN] { return b->players; }

bool ui_battle_set_seal(ui_battle *b, jsd_seal *seal)
{
    if (!b->rec || b->rec->seal) {
        jsd_seal_free(seal);
        return b->rec != NULL;
    }
    b->rec->seal = seal;
    return true;
}

void ui_battle_set_every_step(ui_battle *b, bool on) { b->every_step = on; }
int ui_battle_speed(const ui_battle *b) { return b->speed; }
void ui_battle_set_speed(ui_battle *b, int speed) { b->speed = speed; }
void ui_battle_hush(ui_battle *b) { b->toast_t = 0; }
