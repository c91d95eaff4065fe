/* bt_launch.c — launches (RULES L): the reserve panel (seen only by its owner), placing a card's
 * ships with a footprint preview, the transport hold dialog (L-4) and cargo launches (L-5). */
#include "bt_parts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The card being placed, ship by ship, and the hold dialog's picks. */
struct bt_launch_draft {
    int place_unit;            /* card being placed, -1 */
    int place_carrier;         /* transport ship for a cargo launch, -1 */
    int place_n;               /* ships placed so far */
    int place_facing;
    js_ship_place place[JS_MAX_SQUAD];
    bool hold_open;            /* the hold dialog */
    bool hold_pick[JS_MAX_UNITS];
};

static void drop(ui_battle *b, bt_drop why)
{
    (void)why;
    b->launch->place_unit = b->launch->place_carrier = -1;
    b->launch->place_n = 0;
    b->launch->hold_open = false;
}

bool bt_launch_attach(ui_battle *b)
{
    if (!(b->launch = calloc(1, sizeof *b->launch)))
        return false;
    bt_drafts_register(b, drop);
    drop(b, BT_DROP_SELECTION);
    return true;
}

void bt_launch_detach(ui_battle *b) { free(b->launch); }

int bt_launch_placing(const ui_battle *b, int *placed, int *facing)
{
    if (placed)
        *placed = b->launch->place_n;
    if (facing)
        *facing = b->launch->place_facing;
    return b->launch->place_unit;
}

void bt_launch_cancel(ui_battle *b)
{
    b->launch->place_unit = -1;
    b->launch->place_n = 0;
}

void bt_launch_rotate(ui_battle *b, int step) { b->launch->place_facing = js_dir_wrap(b->launch->place_facing + step); }

bool bt_launch_hold_open(const ui_battle *b) { return b->launch->hold_open; }
void bt_launch_hold_close(ui_battle *b) { b->launch->hold_open = false; }
const bool *bt_launch_hold_picks(const ui_battle *b) { return b->launch->hold_pick; }

/* Why ship number place_n of the card being placed may not go at `at` (L-2, or L-5 beside its
 * transport): the engine's answer, as js_check will give it at submit (reason may be NULL). */
static bool place_ok(const ui_battle *b, js_hex at, int facing, char *reason, size_t cap)
{
    js_ship_place p = {at, (int8_t)facing, 0};
    return js_check_launch_place(bt_st(b), b->actor, b->launch->place_unit, b->launch->place, b->launch->place_n, &p, reason, cap) == JS_OK;
}

/* The cards picked for the hold, in card order (as the launch command lists them), plus `extra`
 * (-1 none). Returns how many. */
static int hold_cargo(const ui_battle *b, int extra, int16_t cargo[JS_MAX_CARGO + 1])
{
    const js_state *st = bt_st(b);
    int n = 0;
    for (int u = 0; u < st->nunits && n < JS_MAX_CARGO + 1; u++)
        if (b->launch->hold_pick[u] || u == extra)
            cargo[n++] = (int16_t)u;
    return n;
}

static void start_place(ui_battle *b, int unit, int carrier)
{
    b->launch->place_unit = unit;
    b->launch->place_carrier = carrier;
    b->launch->place_n = 0;
    b->launch->place_facing = b->actor == JS_SIDE_A ? 1 : 4; /* towards the enemy's edge */
    memset(b->launch->hold_pick, 0, sizeof b->launch->hold_pick);
    b->launch->hold_open = false;
    bt_select(b, BT_SEL_SHIP, carrier); /* nothing when no carrier */
}

static void submit_launch(ui_battle *b)
{
    const js_state *st = bt_st(b);
    js_cmd c = bt_cmd(b, b->launch->place_carrier >= 0 ? JS_CMD_LAUNCH_CARGO : JS_CMD_LAUNCH);
    c.unit = (int16_t)b->launch->place_unit;
    c.nplace = (int8_t)b->launch->place_n;
    memcpy(c.place, b->launch->place, sizeof c.place);
    for (int u = 0; u < st->nunits && c.ncargo < JS_MAX_CARGO; u++)
        if (b->launch->hold_pick[u])
            c.cargo[c.ncargo++] = (int16_t)u;
    bool ok = bt_submit(b, &c, false) == JS_OK;
    if (ok)
        ui_sound_play(b->g->assets, UI_SND_LAUNCH);
    b->launch->place_unit = -1;
    b->launch->place_n = 0;
    b->launch->hold_open = false;
}

void bt_launch_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    int side = b->actor;
    int spare = js_launch_energy(st, side);
    if (b->launch->place_unit >= 0 && !b->launch->hold_open) {
        const js_card_def *cd = &st->scn.cards[st->units[b->launch->place_unit].def];
        bt_heading(b, pc, b->launch->place_carrier >= 0 ? "Launch from the hold (L-5)" : "Launch into the starting zone (L-2)");
        snprintf(buf, sizeof buf, "%s: place ship %d of %d", cd->name, b->launch->place_n + 1, cd->ships);
        bt_line(b, pc, buf, UI_TEXT);
        snprintf(buf, sizeof buf, "Facing %s — wheel or R to rotate", bt_dir_name(b->launch->place_facing));
        bt_line(b, pc, buf, UI_TEXT_DIM);
        snprintf(buf, sizeof buf, "Cost %d energy (you have %d to spare)", cd->launch_cost, spare);
        bt_line(b, pc, buf, cd->launch_cost <= spare ? UI_GOOD : UI_BAD);
        bt_line(b, pc, b->launch->place_carrier >= 0 ? "Green hexes: beside the transport." : "Green hexes: legal in your zone.",
                UI_TEXT_DIM);
        pc->y += ui_px(4);
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, "Cancel placement (Esc)", B_PLACE_CANCEL, 0, 0, true, false,
               NULL);
        pc->y += ui_px(32);
        return;
    }
    /* cargo of a selected transport (L-5) */
    if (bt_sel_ship(b) >= 0 && st->ships[bt_sel_ship(b)].side == side) {
        int n = 0;
        for (int u = 0; u < st->nunits; u++)
            if (st->units[u].where == JS_AT_CARGO && st->units[u].carrier == bt_sel_ship(b)) {
                if (!n)
                    bt_heading(b, pc, "In the hold (L-5)");
                const js_card_def *cd = &st->scn.cards[st->units[u].def];
                char why[JS_REASON_LEN];
                bool can = js_check_launch_start(st, side, u, true, why, sizeof why) == JS_OK;
                snprintf(buf, sizeof buf, "%s ×%d · cost %d", cd->name, cd->ships, cd->launch_cost);
                bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_CARGO_LAUNCH, u, bt_sel_ship(b), can, false,
                       can ? "Place it beside the transport" : why);
                pc->y += ui_px(30);
                n++;
            }
    }
    bt_heading(b, pc, "Reserve — behind the screen");
    snprintf(buf, sizeof buf, "Energy %d, %d committed to launches", st->energy[side], st->energy[side] - spare);
    bt_line(b, pc, buf, UI_TEXT_DIM);
    pc->y += ui_px(2);
    int shown = 0, total = 0;
    for (int u = 0; u < st->nunits; u++)
        total += st->units[u].side == side && st->units[u].where == JS_AT_RESERVE && st->units[u].def >= 0;
    /* rows close up when the panel is short (large UI scales), down to a line of text each */
    int bottom = b->side.y + b->side.h - ui_px(56);
    int step = ui_px(30), minstep = ui_text_line_h(b->g->text, UI_FONT_SANS, ui_px(13)) + ui_px(4);
    if (total > 0 && (bottom - pc->y) / total < step)
        step = (bottom - pc->y) / total > minstep ? (bottom - pc->y) / total : minstep;
    int bh = step - (step >= ui_px(30) ? ui_px(4) : ui_px(2));
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->side != side || un->where != JS_AT_RESERVE || un->def < 0)
            continue;
        const js_card_def *cd = &st->scn.cards[un->def];
        bool pend = js_unit_launching(st, side, u);
        static const char *sz[3] = {"S", "M", "L"};
        snprintf(buf, sizeof buf, "%s%s ×%d [%s] · cost %d%s", pend ? "✓ " : "", cd->name, cd->ships, sz[cd->size % 3],
                 cd->launch_cost, cd->capacity ? " · hold" : "");
        if (pc->y + step > bottom + (step - bh)) {
            char more[96]; /* the Ready button keeps its place */
            snprintf(more, sizeof more, "+%d more: a taller window or a smaller UI (F5) shows them", total - shown);
            bt_line(b, pc, more, UI_TEXT_DIM);
            break;
        }
        if (pend) {
            bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, bh}, buf, B_CANCEL_LAUNCH, u, 0, true, true,
                   "Launch pending: click to withdraw it");
        } else {
            char why[JS_REASON_LEN];
            bool can = js_check_launch_start(st, side, u, false, why, sizeof why) == JS_OK;
            bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, bh}, buf, B_RESERVE_CARD, u, 0, can, false,
                   can ? "Click, then place its ships in your starting zone" : why);
        }
        pc->y += step;
        shown++;
    }
    if (!shown && !total)
        bt_line(b, pc, "Nothing left in reserve.", UI_TEXT_DIM);
}

void bt_launch_button(ui_battle *b, const ui_button *btn)
{
    const js_state *st = bt_st(b);
    switch (btn->id) {
    case B_RESERVE_CARD: start_place(b, btn->arg, -1); break;
    case B_CARGO_LAUNCH: start_place(b, btn->arg, btn->arg2); break;
    case B_PLACE_CANCEL:
        b->launch->place_unit = -1;
        b->launch->place_n = 0;
        b->launch->hold_open = false;
        break;
    case B_CANCEL_LAUNCH: {
        js_cmd c = bt_cmd(b, JS_CMD_CANCEL_LAUNCH);
        c.unit = (int16_t)btn->arg;
        bt_submit(b, &c, false);
        break;
    }
    case B_HOLD_TOGGLE:
        if (btn->arg >= 0 && btn->arg < st->nunits)
            b->launch->hold_pick[btn->arg] = !b->launch->hold_pick[btn->arg];
        break;
    case B_HOLD_OK: submit_launch(b); break;
    default: break;
    }
}

bool bt_launch_click(ui_battle *b, js_hex h, int button)
{
    if (b->launch->place_unit < 0 || b->launch->hold_open || button != SDL_BUTTON_LEFT)
        return false;
    const js_state *st = bt_st(b);
    const js_card_def *cd = &st->scn.cards[st->units[b->launch->place_unit].def];
    char why[JS_REASON_LEN];
    if (!place_ok(b, h, b->launch->place_facing, why, sizeof why)) {
        bt_toast(b, "%s", why);
        return true;
    }
    b->launch->place[b->launch->place_n].hex = h;
    b->launch->place[b->launch->place_n].facing = (int8_t)b->launch->place_facing;
    b->launch->place[b->launch->place_n].phase = 0;
    b->launch->place_n++;
    if (b->launch->place_n < cd->ships)
        return true;
    if (cd->capacity > 0 && b->launch->place_carrier < 0)
        b->launch->hold_open = true; /* L-4: choose the cargo before committing */
    else
        submit_launch(b);
    return true;
}

void bt_launch_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    int side = b->actor;
    /* pending launches of this side, as ghosts (only the owner's view holds them) */
    for (int k = 0; k < st->npending[side]; k++) {
        const js_pending_launch *p = &st->pending[side][k];
        const js_card_def *cd = &st->scn.cards[st->units[p->unit].def];
        for (int j = 0; j < cd->ships && o->nghosts < UI_MAX_GHOSTS; j++)
            o->ghosts[o->nghosts++] = (ui_ghost){cd->size, side, p->place[j], 0, 150};
    }
    if (b->launch->place_unit < 0 || b->launch->hold_open)
        return;
    const js_card_def *cd = &st->scn.cards[st->units[b->launch->place_unit].def];
    for (int j = 0; j < b->launch->place_n && o->nghosts < UI_MAX_GHOSTS; j++)
        o->ghosts[o->nghosts++] = (ui_ghost){cd->size, side, b->launch->place[j], 0, 200};
    /* legal anchors for the current facing */
    for (int r = 0; r < st->scn.height; r++)
        for (int c = 0; c < st->scn.width; c++) {
            js_hex h = js_hex_from_offset(c, r);
            if (place_ok(b, h, b->launch->place_facing, NULL, 0))
                b->marks[r * st->scn.width + c] = UI_MARK_LEGAL;
        }
    /* the footprint preview under the mouse */
    if (b->hover_on && o->nghosts < UI_MAX_GHOSTS) {
        js_ship_place pl = {b->hover, (int8_t)b->launch->place_facing, 0};
        bool ok = place_ok(b, b->hover, b->launch->place_facing, NULL, 0);
        o->ghosts[o->nghosts++] = (ui_ghost){cd->size, side, pl, 0, ok ? 220 : 90};
        if (!ok) {
            js_hex fp[7];
            int n = js_footprint(cd->size, b->hover, b->launch->place_facing, fp);
            for (int k = 0; k < n; k++) {
                int idx = js_scenario_hex_index(&st->scn, fp[k]);
                if (idx >= 0)
                    b->marks[idx] = UI_MARK_ILLEGAL;
            }
        }
    }
}

/* The hold dialog (L-4): which reserve cards ride in the transport. */
void bt_hold_dialog(ui_battle *b)
{
    const js_state *st = bt_st(b);
    SDL_Renderer *r = b->g->r;
    const js_card_def *tc = &st->scn.cards[st->units[b->launch->place_unit].def];
    int w = ui_px(440), h = ui_px(420);
    SDL_Rect rc = {b->board_rc.x + (b->board_rc.w - w) / 2, b->board_rc.y + (b->board_rc.h - h) / 2, w, h};
    ui_fill_rect(r, b->board_rc, ui_col(0, 0, 0, 120));
    ui_panel(r, rc, ui_col(16, 22, 40, 250), UI_ACCENT);
    bt_pc pc = {rc.x + ui_px(16), rc.y + ui_px(10), rc.w - ui_px(32)};
    char buf[160];
    snprintf(buf, sizeof buf, "Load the hold of %s (L-4)", tc->name);
    bt_heading(b, &pc, buf);
    int16_t cargo[JS_MAX_CARGO + 1];
    int ncargo = hold_cargo(b, -1, cargo), used = 0;
    for (int i = 0; i < ncargo; i++)
        used += js_hold_space(&st->scn.cards[st->units[cargo[i]].def]);
    /* capacity bar */
    SDL_Rect bar = {pc.x, pc.y, pc.w, ui_px(14)};
    ui_fill_rect(r, bar, ui_col(30, 36, 56, 255));
    int fillw = tc->capacity > 0 ? pc.w * (used > tc->capacity ? tc->capacity : used) / tc->capacity : 0;
    ui_fill_rect(r, (SDL_Rect){bar.x, bar.y, fillw, bar.h}, used > tc->capacity ? UI_BAD : UI_SHIELD);
    ui_rect_outline(r, bar, UI_EDGE);
    pc.y += ui_px(18);
    snprintf(buf, sizeof buf, "%d of %d hexes used. Only smaller ships; whole squadrons; no cargo in cargo.", used,
             tc->capacity);
    bt_line(b, &pc, buf, used > tc->capacity ? UI_BAD : UI_TEXT_DIM);
    pc.y += ui_px(4);
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->side != b->actor || un->where != JS_AT_RESERVE || u == b->launch->place_unit || un->def < 0 ||
            js_unit_launching(st, b->actor, u))
            continue;
        const js_card_def *cd = &st->scn.cards[un->def];
        int space = js_hold_space(cd);
        snprintf(buf, sizeof buf, "%s %s ×%d (%d hex%s)", b->launch->hold_pick[u] ? "☑" : "☐", cd->name, cd->ships, space,
                 space == 1 ? "" : "es");
        if (pc.y + ui_px(30) > rc.y + rc.h - ui_px(50))
            break;
        /* a picked card can always be put back; another may be added when the engine would take
         * the hold with it (L-4) */
        char why[JS_REASON_LEN] = "";
        int16_t with[JS_MAX_CARGO + 1];
        int nwith = hold_cargo(b, u, with);
        bool can = b->launch->hold_pick[u] ||
                   js_check_cargo(st, b->actor, b->launch->place_unit, with, nwith, why, sizeof why) == JS_OK;
        bt_btn(b, (SDL_Rect){pc.x, pc.y, pc.w, ui_px(26)}, buf, B_HOLD_TOGGLE, u, 0, can, b->launch->hold_pick[u],
               can ? NULL : why);
        pc.y += ui_px(30);
    }
    bt_btn(b, (SDL_Rect){rc.x + ui_px(16), rc.y + rc.h - ui_px(44), (rc.w - ui_px(40)) / 2, ui_px(32)}, "Cancel",
           B_PLACE_CANCEL, 0, 0, true, false, NULL);
    bt_btn(b, (SDL_Rect){rc.x + rc.w / 2 + ui_px(4), rc.y + rc.h - ui_px(44), (rc.w - ui_px(40)) / 2, ui_px(32)},
           "Launch", B_HOLD_OK, 0, 0,
           js_check_cargo(st, b->actor, b->launch->place_unit, cargo, ncargo, NULL, 0) == JS_OK, true,
           "Commit the launch with this cargo (secret)");
}
