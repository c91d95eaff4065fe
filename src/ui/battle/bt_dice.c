/* bt_dice.c — command dice on screen (RULES K): jump-off points and the entry point hidden at
 * setup (K-2), the side's dice in its panel, combined by clicks (K-3), a reserve card, a
 * passenger for a transport (K-9) and a site chosen, its ships placed with a preview of the legal
 * hexes and the reason under the mouse for the others (K-4, K-5, K-6), the pending deployments
 * withdrawn; the new entry point after a capture (K-7); both sides' dice over the board and the
 * roll animated (anim.c).
 *
 * Every choice is tried with the engine first (js_check, js_dice_total, js_dice_ship_check), so
 * what is offered is what the engine accepts and a refusal shows the engine's reason. */
#include "bt_parts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The deployment being drafted and the setup pick a click sets. */
struct bt_dice_draft {
    unsigned sel;              /* dice picked, bit i = die i */
    int unit, passenger, site; /* the card, its passenger (K-9), the site it comes through; -1 */
    int n, facing;             /* ships placed so far, the facing the next one takes */
    js_ship_place place[JS_MAX_SQUAD];
    int jo_slot;               /* setup: jump-off point 0.., jump_offs = the entry point */
};

static void reset(ui_battle *b)
{
    bt_dice_draft *d = b->dice;
    d->sel = 0;
    d->unit = d->passenger = d->site = -1;
    d->n = 0;
    d->facing = b->actor == JS_SIDE_B ? 4 : 1;
    d->jo_slot = 0;
}

static void drop(ui_battle *b, bt_drop why)
{
    (void)why;
    reset(b);
}

bool bt_dice_attach(ui_battle *b)
{
    if (!(b->dice = calloc(1, sizeof *b->dice)))
        return false;
    bt_drafts_register(b, drop);
    reset(b);
    return true;
}

void bt_dice_detach(ui_battle *b) { free(b->dice); }

bool bt_uses_dice(const ui_battle *b) { return (bt_st(b)->scn.deploy & JS_DEPLOY_DICE) != 0; }

static bool mine_private(const ui_battle *b) { return !b->public_mode && b->actor >= 0 && b->mode == BM_PLAY; }

bool bt_dice_drafting(const ui_battle *b)
{
    return b->dice->unit >= 0 && b->mode == BM_PLAY && !b->public_mode && b->wait.kind == JS_WAIT_COMMAND;
}

/* Placing ships: a card, its passenger if it needs one, and its site are chosen. */
static bool placing(const ui_battle *b)
{
    if (!bt_dice_drafting(b) || b->dice->site < 0)
        return false;
    const js_state *st = bt_st(b);
    return js_k_role_of(&st->scn.cards[st->units[b->dice->unit].def]) != JS_K_TRANSPORT || b->dice->passenger >= 0;
}

void bt_dice_rotate(ui_battle *b, int step) { b->dice->facing = js_dir_wrap(b->dice->facing + step); }

static const js_card_def *card_of(const js_state *st, int unit)
{
    return unit >= 0 && unit < st->nunits && st->units[unit].def >= 0 ? &st->scn.cards[st->units[unit].def] : NULL;
}

/* The total of the picked dice, 0 when none or they may not go together (why says the rule). */
static int picked_total(const ui_battle *b, char *why, size_t cap)
{
    if (!b->dice->sel) {
        if (why && cap)
            why[0] = 0;
        return 0;
    }
    return js_dice_total(bt_st(b), b->actor, b->dice->sel, -1, why, cap);
}

static const char *const MEANS[5] = {"", "a team, or a scout ahead of its squadron", "a squadron or junior leader (no launches this turn)",
                                     "a squadron, support ship or vehicle", "the senior leader"};

/* Does a die total deploy this card (for a transport: with some passenger, K-9)? */
static bool card_fits(const js_state *st, int side, int unit, int total, char *why, size_t cap)
{
    const js_card_def *d = card_of(st, unit);
    if (js_k_role_of(d) != JS_K_TRANSPORT) {
        if (js_k_values(d) & (1u << total))
            return true;
        snprintf(why, cap, "K-4: a %d deploys %s", total, MEANS[total]);
        return false;
    }
    for (int u = 0; u < st->nunits; u++) {
        const js_card_def *p = card_of(st, u);
        if (u != unit && p && st->units[u].side == side && st->units[u].where == JS_AT_RESERVE &&
            js_k_role_of(p) != JS_K_TRANSPORT && p->size < d->size &&
            js_hold_space(p) <= d->capacity && (js_k_values(p) & (1u << total)))
            return true;
    }
    snprintf(why, cap, "K-9: a transport comes carrying a passenger the dice activate; none fits a %d", total);
    return false;
}

static bool committed(const js_state *st, int side, int unit)
{
    return js_unit_launching(st, side, unit) || js_unit_dice_deploying(st, side, unit);
}

/* ------------------------------------------------------------------ the command phase */

/* The side's dice in a row: click to add one to (or take it from) the total. */
static void dice_row(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int side = b->actor, n = st->nkdice[side];
    int sz = ui_px(38), gap = ui_px(6);
    if (n * (sz + gap) > pc->w)
        sz = pc->w / (n ? n : 1) - gap;
    for (int i = 0; i < n; i++) {
        int v = st->kdice[side][i];
        SDL_Rect rc = {pc->x + i * (sz + gap), pc->y, sz, sz};
        const char *spent_on = NULL;
        for (int k = 0; k < st->nkdep[side]; k++)
            if (st->kdep[side][k].dice & (1u << i))
                spent_on = card_of(st, st->kdep[side][k].unit)->name;
        bool picked = (b->dice->sel >> i) & 1;
        bool usable = v <= JS_KDICE_SPEND_MAX && !spent_on;
        char label[32], tip[96];
        snprintf(label, sizeof label, "Die %d (%d)", i + 1, v);
        if (spent_on)
            snprintf(tip, sizeof tip, "Spent on %s (withdraw it to free the die)", spent_on);
        else if (!usable)
            snprintf(tip, sizeof tip, "K-3: a %d does nothing here; only 1 to %d are spent", v, JS_KDICE_SPEND_MAX);
        else
            snprintf(tip, sizeof tip, picked ? "Click to put it back" : "Click to add it: dice add up to %d", JS_KDICE_SPEND_MAX);
        if (picked)
            ui_fill_rect(b->g->r, (SDL_Rect){rc.x - ui_px(3), rc.y - ui_px(3), rc.w + ui_px(6), rc.h + ui_px(6)}, UI_ACCENT);
        bt_die_face(b->g, rc, v, usable ? 255 : 90);
        if (spent_on)
            ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(16), "\xe2\x9c\x93", UI_GOOD, rc.x + rc.w - ui_px(6), rc.y - ui_px(4),
                         UI_AL_CENTER);
        bt_hit(b, rc, label, B_KDIE, i, 0, usable, tip);
    }
    pc->y += sz + ui_px(8);
}

static void unit_choices(ui_battle *b, bt_pc *pc, int total)
{
    const js_state *st = bt_st(b);
    int side = b->actor;
    char buf[120], why[JS_REASON_LEN];
    snprintf(buf, sizeof buf, "A %d deploys %s", total, MEANS[total]);
    bt_heading(b, pc, buf);
    int shown = 0;
    for (int u = 0; u < st->nunits; u++) {
        const js_card_def *d = card_of(st, u);
        if (!d || st->units[u].side != side || st->units[u].where != JS_AT_RESERVE || committed(st, side, u))
            continue;
        bool fits = card_fits(st, side, u, total, why, sizeof why);
        snprintf(buf, sizeof buf, "Deploy %s \xc3\x97%d%s", d->name, d->ships, js_k_via_entry(d) ? " (entry point)" : "");
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_KDICE_UNIT, u, 0, fits, false,
               fits ? "Then choose where it comes in and place it" : why);
        pc->y += ui_px(30);
        shown++;
    }
    if (!shown)
        bt_line(b, pc, "Nothing left in reserve.", UI_TEXT_DIM);
}

static void passenger_choices(ui_battle *b, bt_pc *pc, int total)
{
    const js_state *st = bt_st(b);
    const js_card_def *t = card_of(st, b->dice->unit);
    char buf[120];
    snprintf(buf, sizeof buf, "%s carries (K-9)", t->name);
    bt_heading(b, pc, buf);
    for (int u = 0; u < st->nunits; u++) {
        const js_card_def *p = card_of(st, u);
        if (!p || u == b->dice->unit || st->units[u].side != b->actor || st->units[u].where != JS_AT_RESERVE ||
            committed(st, b->actor, u))
            continue;
        bool fits = js_k_role_of(p) != JS_K_TRANSPORT && p->size < t->size &&
                    js_hold_space(p) <= t->capacity && (js_k_values(p) & (1u << total));
        snprintf(buf, sizeof buf, "Passenger %s \xc3\x97%d", p->name, p->ships);
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_KDICE_PASSENGER, u, 0, fits, false,
               fits ? "It rides in the hold, hidden (L-6); it leaves it from the next turn (L-5)"
                    : "L-4, K-4: a smaller card with room in the hold, activated by these dice");
        pc->y += ui_px(30);
    }
}

static void site_choices(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    const js_card_def *d = card_of(st, b->dice->unit);
    bool entry = js_k_via_entry(d);
    bt_heading(b, pc, entry ? "Through your entry point (K-6)" : "Through which jump-off point? (K-4)");
    char buf[96], why[JS_REASON_LEN];
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (s->side != b->actor || !s->alive || s->kind != (entry ? JS_SITE_ENTRY : JS_SITE_JUMP_OFF))
            continue;
        int col, row;
        js_hex_to_offset(s->hex, &col, &row);
        bool ok = js_dice_site_check(st, b->actor, b->dice->unit, i, why, sizeof why) == JS_OK;
        snprintf(buf, sizeof buf, "%s (%d,%d)", entry ? "Entry point" : "Jump-off", col, row);
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_KDICE_SITE, i, 0, ok, false,
               ok ? "Or click it on the map" : why);
        pc->y += ui_px(30);
    }
}

void bt_dice_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int side = b->actor;
    char buf[160], why[JS_REASON_LEN];
    bt_heading(b, pc, "Command dice (K-3)");
    if (!st->nkdice[side]) {
        bt_line(b, pc, "No dice this phase: nothing left to deploy.", UI_TEXT_DIM);
    } else {
        dice_row(b, pc);
        int total = picked_total(b, why, sizeof why);
        if (!b->dice->sel)
            bt_line(b, pc, "Click dice of 1-4: alone or added up to 4.", UI_TEXT_DIM);
        else {
            char sum[40] = "";
            for (int i = 0; i < st->nkdice[side]; i++)
                if ((b->dice->sel >> i) & 1) {
                    size_t l = strlen(sum);
                    snprintf(sum + l, sizeof sum - l, "%s%d", l ? "+" : "", st->kdice[side][i]);
                }
            snprintf(buf, sizeof buf, "Picked %s = %d", sum, total);
            bt_line(b, pc, buf, UI_ACCENT);
        }
        if (st->khesitant[side])
            bt_line(b, pc, "K-8: hesitant: each arrival needs a d6 of 4-6.", UI_BAD);
        else if (st->kentry_hesitant[side])
            bt_line(b, pc, "K-7: arrivals at your moved entry point are hesitant.", UI_BAD);
        if (b->dice->unit < 0 && total > 0)
            unit_choices(b, pc, total);
        else if (b->dice->unit >= 0) {
            const js_card_def *d = card_of(st, b->dice->unit);
            if (js_k_role_of(d) == JS_K_TRANSPORT && b->dice->passenger < 0)
                passenger_choices(b, pc, total);
            else if (b->dice->site < 0)
                site_choices(b, pc);
            else {
                snprintf(buf, sizeof buf, "Deploy %s: place ship %d of %d", d->name, b->dice->n + 1, d->ships);
                bt_heading(b, pc, buf);
                snprintf(buf, sizeof buf, "Facing %s \xe2\x80\x94 wheel or R to turn", bt_dir_name(b->dice->facing));
                bt_line(b, pc, buf, UI_TEXT);
                snprintf(buf, sizeof buf, "Green hexes: entirely within %d of the %s.",
                         js_k_via_entry(d) ? JS_ENTRY_RADIUS : JS_JUMP_OFF_RADIUS,
                         js_k_via_entry(d) ? "entry point" : "jump-off point");
                bt_line(b, pc, buf, UI_TEXT_DIM);
                bt_line(b, pc, !js_k_via_entry(d)               ? "It may launch but not move this turn (K-4)."
                               : (d->roles & JS_ROLE_HEAVY) ? "A heavy vehicle: it may launch but not move this turn (K-6)."
                                                            : "It may move this turn (K-6).",
                        UI_TEXT_DIM);
            }
            pc->y += ui_px(4);
            bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, "Cancel this deployment (Esc)", B_KDICE_CANCEL, 0, 0, true,
                   false, NULL);
            pc->y += ui_px(32);
        }
    }
    if (st->nkdep[side]) {
        bt_heading(b, pc, "Deploying this phase (secret)");
        for (int k = 0; k < st->nkdep[side]; k++) {
            const js_dice_deploy *dp = &st->kdep[side][k];
            int col, row;
            js_hex_to_offset(st->sites[dp->site].hex, &col, &row);
            const js_card_def *p = card_of(st, dp->passenger);
            snprintf(buf, sizeof buf, "Withdraw %s (a %d at (%d,%d))%s%s", card_of(st, dp->unit)->name, dp->total, col, row,
                     p ? " with " : "", p ? p->name : "");
            bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_KDICE_WITHDRAW, dp->unit, 0, true, true,
                   "Pending until both are ready: click to take it back and free its dice");
            pc->y += ui_px(30);
        }
    }
}

static void submit_deploy(ui_battle *b)
{
    const js_state *st = bt_st(b);
    js_cmd c = bt_cmd(b, JS_CMD_DICE_DEPLOY);
    c.unit = (int16_t)b->dice->unit;
    c.dice = (uint8_t)b->dice->sel;
    c.target = (int16_t)b->dice->site;
    c.nplace = (int8_t)b->dice->n;
    memcpy(c.place, b->dice->place, sizeof c.place);
    if (b->dice->passenger >= 0) {
        c.ncargo = 1;
        c.cargo[0] = (int16_t)b->dice->passenger;
    }
    (void)st;
    if (bt_submit(b, &c, false) == JS_OK) {
        ui_sound_play(b->g->assets, UI_SND_LAUNCH);
        int facing = b->dice->facing;
        reset(b);
        b->dice->facing = facing;
    } else {
        b->dice->n = 0; /* the squadron's shape was refused (the toast says why): place it again */
    }
}

/* ------------------------------------------------------------------ setup and the new entry point */

static bool jo_needs_entry(const js_state *st, int side) { return js_entry_site(st, side) < 0; }

/* The pick a click at h makes for the active slot: a jump-off while one is to place, else the
 * entry site. */
static js_cmd pick_cmd(const ui_battle *b, js_hex h)
{
    bool jo = b->wait.kind == JS_WAIT_SETUP_JO && b->dice->jo_slot < bt_st(b)->scn.jump_offs;
    js_cmd c = bt_cmd(b, jo ? JS_CMD_PLACE_JO : JS_CMD_PLACE_ENTRY);
    c.nplace = 1;
    c.place[0].hex = h;
    if (jo)
        c.slot = (int8_t)b->dice->jo_slot;
    return c;
}

/* A trial of the pick a click would make for the active slot. */
static js_status pick_trial(ui_battle *b, js_hex h, char *why, size_t cap)
{
    js_cmd c = pick_cmd(b, h);
    if (why && cap)
        why[0] = 0;
    return js_check(b->game, &c, why, cap);
}

static void next_slot(ui_battle *b)
{
    const js_state *st = bt_st(b);
    for (int k = 0; k < st->scn.jump_offs; k++)
        if (!((st->jo_set_mask[b->actor] >> k) & 1)) {
            b->dice->jo_slot = k;
            return;
        }
    b->dice->jo_slot = st->scn.jump_offs; /* the entry point */
}

void bt_dice_setup_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int side = b->actor;
    char buf[256];
    bt_heading(b, pc, "Setup \xc2\xb7 Jump-off points (K-2)");
    snprintf(buf, sizeof buf,
             "Hide %d jump-off point%s within %d rows of your home edge%s. Your ships come in within %d hexes of "
             "them; an enemy ship within %d blocks one.",
             st->scn.jump_offs, st->scn.jump_offs == 1 ? "" : "s", st->scn.jump_off_depth,
             jo_needs_entry(st, side) ? ", and your entry point for vehicles on your base line" : "",
             JS_JUMP_OFF_RADIUS, JS_JUMP_OFF_BLOCK);
    pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12), buf, UI_TEXT_DIM, pc->x, pc->y, pc->w);
    pc->y += ui_px(6);
    for (int k = 0; k <= st->scn.jump_offs; k++) {
        bool entry = k == st->scn.jump_offs;
        if (entry && !jo_needs_entry(st, side))
            break;
        bool set = entry ? st->entry_set[side] : (st->jo_set_mask[side] >> k) & 1;
        js_hex h = entry ? st->entry_pick[side] : st->jo_pick[side][k];
        int col, row;
        js_hex_to_offset(h, &col, &row);
        if (set)
            snprintf(buf, sizeof buf, "%s%s %d at (%d,%d)", b->dice->jo_slot == k ? "\xe2\x96\xb6 " : "\xe2\x9c\x93 ",
                     entry ? "Entry point" : "Jump-off", entry ? 0 : k + 1, col, row);
        else
            snprintf(buf, sizeof buf, "%s%s %d: not placed", b->dice->jo_slot == k ? "\xe2\x96\xb6 " : "\xe2\x97\x8b ",
                     entry ? "Entry point" : "Jump-off", entry ? 0 : k + 1);
        if (entry) { /* "Entry point 0" reads oddly: drop the number */
            char *z = strstr(buf, " 0");
            if (z)
                memmove(z, z + 2, strlen(z + 2) + 1);
        }
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_JO_SLOT, k, 0, true, b->dice->jo_slot == k,
               "Click, then click a green hex to put it (or move it) there");
        pc->y += ui_px(30);
    }
    bt_line(b, pc, "Revealed to both when both are ready.", UI_TEXT_DIM);
}

void bt_dice_entry_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[200];
    snprintf(buf, sizeof buf, "%s picks a new entry point (K-7)", st->scn.sides[b->actor >= 0 ? b->actor : 0].name);
    bt_heading(b, pc, buf);
    snprintf(buf, sizeof buf,
             "An enemy ship took the entry point. The new one stands on the base line at least %d hexes from the old "
             "one and from every enemy ship; vehicles arriving there are hesitant. Click a green hex.",
             JS_ENTRY_MOVE);
    pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12), buf, UI_TEXT_DIM, pc->x, pc->y, pc->w);
}

/* ------------------------------------------------------------------ buttons, clicks, the board */

void bt_dice_button(ui_battle *b, const ui_button *btn)
{
    const js_state *st = bt_st(b);
    char why[JS_REASON_LEN];
    switch (btn->id) {
    case B_KDIE: {
        unsigned sel = b->dice->sel ^ (1u << btn->arg);
        if (sel && !js_dice_total(st, b->actor, sel, -1, why, sizeof why)) {
            bt_toast(b, "%s", why); /* K-3: 3+2 = 5, or a 5 */
            return;
        }
        b->dice->sel = sel;
        b->dice->unit = b->dice->passenger = b->dice->site = -1;
        b->dice->n = 0;
        break;
    }
    case B_KDICE_UNIT: {
        b->dice->unit = btn->arg;
        b->dice->passenger = b->dice->site = -1;
        b->dice->n = 0;
        bt_launch_cancel(b); /* not a launch */
        const js_card_def *d = card_of(st, b->dice->unit);
        int only = -1, n = 0; /* one legal site: take it */
        for (int i = 0; i < st->nsites; i++)
            if (js_dice_site_check(st, b->actor, b->dice->unit, i, NULL, 0) == JS_OK)
                only = i, n++;
        if (n == 1 && js_k_role_of(d) != JS_K_TRANSPORT)
            b->dice->site = only;
        break;
    }
    case B_KDICE_PASSENGER: {
        b->dice->passenger = btn->arg;
        int only = -1, n = 0;
        for (int i = 0; i < st->nsites; i++)
            if (js_dice_site_check(st, b->actor, b->dice->unit, i, NULL, 0) == JS_OK)
                only = i, n++;
        if (n == 1)
            b->dice->site = only;
        break;
    }
    case B_KDICE_SITE:
        b->dice->site = btn->arg;
        b->dice->n = 0;
        break;
    case B_KDICE_CANCEL:
        b->dice->unit = b->dice->passenger = b->dice->site = -1;
        b->dice->n = 0;
        break;
    case B_KDICE_WITHDRAW: {
        js_cmd c = bt_cmd(b, JS_CMD_DICE_DEPLOY);
        c.unit = (int16_t)btn->arg;
        bt_submit(b, &c, false);
        break;
    }
    case B_JO_SLOT:
        b->dice->jo_slot = btn->arg;
        break;
    default:
        break;
    }
}

static js_ship_place trial_place(const ui_battle *b, js_hex h) { return (js_ship_place){h, (int8_t)b->dice->facing, 0}; }

bool bt_dice_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT)
        return false;
    const js_state *st = bt_st(b);
    char why[JS_REASON_LEN];
    if (b->wait.kind == JS_WAIT_SETUP_JO || b->wait.kind == JS_WAIT_NEW_ENTRY) {
        if (!js_hex_on_map(st, h))
            return false;
        if (pick_trial(b, h, why, sizeof why) != JS_OK) {
            bt_toast(b, "%s", why);
            return true;
        }
        js_cmd c = pick_cmd(b, h);
        c.slot = (int8_t)b->dice->jo_slot;
        if (bt_submit(b, &c, false) == JS_OK) {
            ui_sound_play(b->g->assets, UI_SND_CLICK);
            if (b->wait.kind == JS_WAIT_SETUP_JO)
                next_slot(b);
        }
        return true;
    }
    if (!bt_dice_drafting(b))
        return false;
    if (!placing(b)) { /* a click on an own site of the right kind chooses it */
        for (int i = 0; i < st->nsites; i++)
            if (js_hex_eq(st->sites[i].hex, h) && st->sites[i].side == b->actor && st->sites[i].alive) {
                if (js_dice_site_check(st, b->actor, b->dice->unit, i, why, sizeof why) != JS_OK)
                    bt_toast(b, "%s", why);
                else if (js_k_role_of(card_of(st, b->dice->unit)) != JS_K_TRANSPORT || b->dice->passenger >= 0)
                    b->dice->site = i;
                return true;
            }
        return false;
    }
    js_ship_place p = trial_place(b, h);
    if (js_dice_ship_check(st, b->actor, b->dice->unit, b->dice->site, p, b->dice->n, why, sizeof why) != JS_OK) {
        bt_toast(b, "%s", why);
        return true;
    }
    b->dice->place[b->dice->n++] = p;
    if (b->dice->n >= card_of(st, b->dice->unit)->ships)
        submit_deploy(b);
    return true;
}

void bt_dice_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    int side = b->actor, w = st->scn.width;
    if (b->wait.kind == JS_WAIT_SETUP_JO || b->wait.kind == JS_WAIT_NEW_ENTRY) {
        if (side < 0)
            return;
        for (int row = 0; row < st->scn.height; row++)
            for (int col = 0; col < w; col++)
                if (pick_trial(b, js_hex_from_offset(col, row), NULL, 0) == JS_OK)
                    b->marks[row * w + col] = UI_MARK_LEGAL;
        if (b->hover_on && js_hex_on_map(st, b->hover)) {
            int col, row;
            js_hex_to_offset(b->hover, &col, &row);
            b->marks[row * w + col] = pick_trial(b, b->hover, NULL, 0) == JS_OK ? UI_MARK_TARGET : UI_MARK_ILLEGAL;
        }
        return;
    }
    /* the command phase: pending deployments as ghosts (the owner's view alone holds them) */
    for (int k = 0; k < st->nkdep[side]; k++) {
        const js_dice_deploy *dp = &st->kdep[side][k];
        const js_card_def *d = card_of(st, dp->unit);
        for (int j = 0; d && j < d->ships && o->nghosts < UI_MAX_GHOSTS; j++)
            o->ghosts[o->nghosts++] = (ui_ghost){d->size, side, dp->place[j], 0, 150};
    }
    if (!bt_dice_drafting(b))
        return;
    if (!placing(b)) { /* the sites it may come through */
        for (int i = 0; i < st->nsites; i++)
            if (st->sites[i].side == side && st->sites[i].alive) {
                int col, row;
                js_hex_to_offset(st->sites[i].hex, &col, &row);
                bool ok = js_dice_site_check(st, side, b->dice->unit, i, NULL, 0) == JS_OK;
                b->marks[row * w + col] = ok ? UI_MARK_CHOICE : UI_MARK_ILLEGAL;
            }
        return;
    }
    const js_card_def *d = card_of(st, b->dice->unit);
    for (int j = 0; j < b->dice->n && o->nghosts < UI_MAX_GHOSTS; j++)
        o->ghosts[o->nghosts++] = (ui_ghost){d->size, side, b->dice->place[j], 0, 200};
    for (int row = 0; row < st->scn.height; row++)
        for (int col = 0; col < w; col++) {
            js_ship_place p = trial_place(b, js_hex_from_offset(col, row));
            if (js_dice_ship_check(st, side, b->dice->unit, b->dice->site, p, b->dice->n, NULL, 0) == JS_OK)
                b->marks[row * w + col] = UI_MARK_LEGAL;
        }
    if (b->hover_on && js_hex_on_map(st, b->hover) && o->nghosts < UI_MAX_GHOSTS) {
        js_ship_place p = trial_place(b, b->hover);
        bool ok = js_dice_ship_check(st, side, b->dice->unit, b->dice->site, p, b->dice->n, NULL, 0) == JS_OK;
        o->ghosts[o->nghosts++] = (ui_ghost){d->size, side, p, 0, ok ? 220 : 90};
        if (!ok) {
            js_hex fp[7];
            int n = js_footprint(d->size, p.hex, p.facing, fp);
            for (int k = 0; k < n; k++)
                if (js_hex_on_map(st, fp[k])) {
                    int col, row;
                    js_hex_to_offset(fp[k], &col, &row);
                    b->marks[row * w + col] = UI_MARK_ILLEGAL;
                }
        }
    }
}

int bt_dice_hover(ui_battle *b, char lines[][96], int max)
{
    if (b->mode != BM_PLAY || b->actor < 0 || !b->hover_on || max < 2)
        return 0;
    const js_state *st = bt_st(b);
    if (!js_hex_on_map(st, b->hover))
        return 0;
    int col, row;
    js_hex_to_offset(b->hover, &col, &row);
    char why[JS_REASON_LEN];
    bool setup = b->wait.kind == JS_WAIT_SETUP_JO && mine_private(b);
    if (setup || b->wait.kind == JS_WAIT_NEW_ENTRY) {
        bool entry = !setup || b->dice->jo_slot >= st->scn.jump_offs;
        bool ok = pick_trial(b, b->hover, why, sizeof why) == JS_OK;
        snprintf(lines[0], 96, "%.95s", ok ? "Legal: click to put it here" : why);
        snprintf(lines[1], 96, "(%d,%d) \xc2\xb7 %s", col, row, entry ? "the entry point" : "a jump-off point");
        return 2;
    }
    if (!placing(b))
        return 0;
    js_ship_place p = trial_place(b, b->hover);
    bool ok = js_dice_ship_check(st, b->actor, b->dice->unit, b->dice->site, p, b->dice->n, why, sizeof why) == JS_OK;
    snprintf(lines[0], 96, "%.95s", ok ? "Legal: click to place it here" : why);
    snprintf(lines[1], 96, "(%d,%d) \xc2\xb7 ship %d of %s, facing %s", col, row, b->dice->n + 1,
             card_of(st, b->dice->unit)->name, bt_dir_name(b->dice->facing));
    return 2;
}

/* ------------------------------------------------------------------ over the board */

/* The side's own setup picks (secret), numbered. */
static void draw_picks(ui_battle *b)
{
    const js_state *st = bt_st(b);
    SDL_Renderer *r = b->g->r;
    float R = (float)b->cam.zoom;
    ui_rgba col = ui_side_col(&st->scn, b->actor);
    SDL_RenderSetClipRect(r, &b->board_rc);
    for (int k = 0; k <= st->scn.jump_offs; k++) {
        bool entry = k == st->scn.jump_offs;
        if (entry ? !st->entry_set[b->actor] : !((st->jo_set_mask[b->actor] >> k) & 1))
            continue;
        float x, y;
        ui_cam_hex_to_screen(&b->cam, entry ? st->entry_pick[b->actor] : st->jo_pick[b->actor][k], &x, &y);
        float pulse = 0.85f + 0.15f * (float)SDL_sin(b->time * 3.0 + k);
        ui_disc(r, x, y, R * 0.85f * pulse, ui_col_alpha(col, 55));
        ui_sprite_draw(r, &b->g->sprites.site[entry ? JS_SITE_ENTRY : JS_SITE_JUMP_OFF], 1, x, y, R * 1.45f / 128.0f,
                       ui_col_alpha(ui_col_shade(col, 0.3f), 240));
        char n[4];
        snprintf(n, sizeof n, "%s", entry ? "E" : (char[]){(char)('1' + k), 0});
        int px = (int)(R * 0.42f) + 6;
        ui_disc(r, x + R * 0.55f, y + R * 0.5f, (float)px * 0.62f, ui_col(16, 20, 34, 230));
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, n, UI_ACCENT, (int)(x + R * 0.55f),
                     (int)(y + R * 0.5f - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) / 2), UI_AL_CENTER);
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* Both sides' command dice, public (K-3), in the board's top-left corner. */
static void draw_dice_strip(ui_battle *b)
{
    const js_state *st = bt_st(b);
    if (st->phase != JS_PHASE_COMMAND || (!st->nkdice[0] && !st->nkdice[1]))
        return;
    int sz = ui_px(22), x0 = b->board_rc.x + ui_px(10), y = b->board_rc.y + ui_px(10);
    int lines = (st->nkdice[0] > 0) + (st->nkdice[1] > 0);
    int w = ui_px(150) + JS_MAX_KDICE * (sz + ui_px(4));
    ui_panel(b->g->r, (SDL_Rect){x0 - ui_px(6), y - ui_px(6), w, lines * (sz + ui_px(6)) + ui_px(8)},
             ui_col(10, 14, 26, 215), UI_EDGE);
    for (int s = 0; s < JS_SIDES; s++) {
        if (!st->nkdice[s])
            continue;
        ui_rgba sc = ui_side_col(&st->scn, s);
        char name[48];
        snprintf(name, sizeof name, "%.20s%s", st->scn.sides[s].name, st->khesitant[s] ? " (hesitant)" : "");
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(12), name, ui_col_shade(sc, 0.3f), x0, y + ui_px(4), UI_AL_LEFT);
        for (int i = 0; i < st->nkdice[s]; i++)
            bt_die_face(b->g, (SDL_Rect){x0 + ui_px(146) + i * (sz + ui_px(4)), y, sz, sz}, st->kdice[s][i],
                     st->kdice[s][i] <= JS_KDICE_SPEND_MAX ? 255 : 110);
        y += sz + ui_px(6);
    }
}

void bt_dice_draw(ui_battle *b)
{
    if (b->mode != BM_PLAY || !bt_uses_dice(b))
        return;
    if (b->wait.kind == JS_WAIT_SETUP_JO && mine_private(b))
        draw_picks(b);
    draw_dice_strip(b);
}

