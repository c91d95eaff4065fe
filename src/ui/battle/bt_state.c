/* bt_state.c — the battle's state as its parts share it (battle_int.h): what they read
 * (bt_st, bt_is_mine, bt_viewer), the note they leave for the player (bt_toast), and forgetting
 * selections and drafts when another side takes the controls. */
#include "battle_int.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const js_state *bt_st(const ui_battle *b) { return &b->view->st; }

bool bt_is_mine(const ui_battle *b, int side) { return side == b->actor && b->actor >= 0; }

int bt_viewer(const ui_battle *b) { return b->actor >= 0 ? b->actor : b->home >= 0 ? b->home : JS_SIDE_A; }

void bt_toast(ui_battle *b, const char *fmt, ...)
{
    char buf[sizeof b->toast];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    const char *p = buf;
    b->toast_rule[0] = 0;
    int n = 2;
    if (isupper((unsigned char)p[0]) && p[1] == '-' && isdigit((unsigned char)p[2])) {
        while (isdigit((unsigned char)p[n]))
            n++;
        if (p[n] == ':' && p[n + 1] == ' ' && n < (int)sizeof b->toast_rule) {
            snprintf(b->toast_rule, sizeof b->toast_rule, "%.*s", n, p);
            p += n + 2;
        }
    }
    snprintf(b->toast, sizeof b->toast, "%s", p);
    b->toast[0] = (char)toupper((unsigned char)b->toast[0]);
    bool looking = b->mode != BM_HANDOVER && (b->hover_on || b->buttons.hot >= 0);
    b->toast_x = looking ? b->mx : -1;
    b->toast_y = looking ? b->my : -1;
    b->toast_t = 4.0;
}

void ui_battle_notice(ui_battle *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->notice, sizeof b->notice, fmt, ap);
    va_end(ap);
    b->notice_on = true;
}

bool ui_battle_unkept(const ui_battle *b, char *why, size_t cap)
{
    if (!b->rec || (!b->autosave_path[0] && !b->rec_path[0])) {
        snprintf(why, cap, "this game keeps no autosave");
        return true;
    }
    if (b->files_bad) {
        snprintf(why, cap, "its last autosave failed");
        return true;
    }
    why[0] = 0;
    return false;
}

bool bt_hex_empty(const ui_battle *b, js_hex h)
{
    int ships[8], pods[8], ms[8], ns = 0, np = 0, nm = 0;
    return ui_board_units_at(b->view, h, ships, &ns, pods, &np, ms, &nm, 8) == 0 && ns + np + nm == 0;
}

void bt_hand_reset(ui_battle *b)
{
    b->play_card = -1;
    b->play_section = -1;
    b->play_site = -1;
    b->ndep = 0;
    b->dep_sel = 0;
    b->hand_hot = -1;
    memset(b->disc_pick, 0, sizeof b->disc_pick);
}

void bt_dice_reset(ui_battle *b)
{
    b->kd_sel = 0;
    b->kd_unit = b->kd_passenger = b->kd_site = -1;
    b->kd_n = 0;
    b->kd_facing = b->actor == JS_SIDE_B ? 4 : 1;
    b->jo_slot = 0;
}

void bt_clear_selection(ui_battle *b)
{
    b->panel_scroll = 0;
    b->sel_ship = b->sel_pod = b->sel_missile = -1;
    b->place_unit = b->place_carrier = -1;
    b->place_n = 0;
    b->hold_open = false;
    b->guard_edit = false;
    b->atk_target = -1;
    b->atk_count = 1;
    b->guard_count = 0;
    b->nvan = 0;             /* the Vanguard draft (bt_setup.c) */
    b->van_loaded = false;
    bt_hand_reset(b);
    bt_dice_reset(b);
}
