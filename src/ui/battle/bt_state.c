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

js_cmd bt_cmd(const ui_battle *b, int type)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = (int8_t)type;
    c.side = (int8_t)b->actor;
    return c;
}

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
    /* a game not kept is told where a script or a log sees it too, not only on the window */
    fprintf(stderr, "jumpstrike: %s\n", b->notice);
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

void bt_drafts_drop(ui_battle *b, bt_drop why)
{
    b->panel_scroll = 0;
    bt_select_clear(b);
    bt_picks_clear(b);
    for (int i = 0; i < b->ndrop; i++)
        b->drop[i](b, why);
}

void bt_drafts_register(ui_battle *b, void (*drop)(ui_battle *b, bt_drop why))
{
    if (b->ndrop < BT_PARTS)
        b->drop[b->ndrop++] = drop;
}

void bt_clear_selection(ui_battle *b) { bt_drafts_drop(b, BT_DROP_SELECTION); }

/* ----------------------------------------------------------------- a lesson's locks */

uint32_t bt_button_control(int id)
{
    switch (id) {
    case B_READY: return JSD_CTL_READY;
    case B_SLOT: return JSD_CTL_SLOT;
    case B_TURN: return JSD_CTL_TURN;
    case B_MOVE: case B_ASTERN: return JSD_CTL_MOVE;
    case B_PHASE: return JSD_CTL_PHASE;
    case B_MSL_FWD: case B_MSL_AFT: return JSD_CTL_MISSILES;
    case B_PODS: case B_POD_DIR: case B_POD_AIM: return JSD_CTL_PODS;
    case B_GUARD_ON: case B_GUARD_SIDE: return JSD_CTL_GUARD;
    case B_UNDO: case B_REDO: return JSD_CTL_UNDO;
    case B_FLEET_REPEAT: case B_FLEET_HOLD: return BT_CTL_NEVER; /* a lesson's ships plot one by one */
    case B_PODPLOT_DIR: return JSD_CTL_POD_PLOT;
    case B_RESERVE_CARD: case B_CANCEL_LAUNCH: case B_PLACE_CANCEL: case B_CARGO_LAUNCH: return JSD_CTL_LAUNCH;
    case B_HOLD_TOGGLE: case B_HOLD_OK: return JSD_CTL_HOLD;
    case B_POD_MOVE: case B_POD_HOLD: return JSD_CTL_POD_MOVE;
    case B_POD_AUTO: return BT_CTL_NEVER; /* it would play a lesson's later steps for the player */
    case B_MISSILE: return JSD_CTL_MISSILE;
    case B_ATK_TARGET: case B_ATK_COUNT: case B_ATK_GO: case B_ATK_PASS: return JSD_CTL_POD_ATTACK;
    case B_GUARD_COUNT: case B_GUARD_GO: return JSD_CTL_SACRIFICE;
    case B_SHIP_TARGET: return JSD_CTL_SHIP_ATTACK;
    default:
        /* command cards, dice and setup (a lesson with jump points plays its card there) */
        if ((id >= B_INTRO_GO && id <= B_VAN_CLEAR) || (id >= B_HAND_CARD && id <= B_JO_SLOT))
            return JSD_CTL_CARDS;
        return 0; /* the camera, speed, sound, the log, the handover, the lesson's own buttons */
    }
}

bool bt_control_locked(const ui_battle *b, uint32_t control)
{
    if (!b->lesson || !control)
        return false;
    if (b->lesson_done) /* the end card is up: the battle is over for the lesson */
        return true;
    if (b->lrun.step >= b->lesson->nsteps) /* every step done: the goal is still coming */
        return true;
    return !(b->lesson->steps[b->lrun.step].unlock & control) || control == BT_CTL_NEVER;
}

bool bt_locked(const ui_battle *b, int id) { return bt_control_locked(b, bt_button_control(id)); }

const char *bt_lock_why(const ui_battle *b)
{
    (void)b;
    return "The lesson keeps this closed for this step: do what the box under the map says (Esc leaves the lesson).";
}

unsigned bt_lesson_mask(const ui_battle *b) { return b->lesson ? JS_SIDE_MASK(1 - b->lesson->player) : 0u; }
