/* bt_decide.c — the public decisions: pod movement (V-2), the next missile (C-1), pod attacks
 * with their odds (C-2, C-3), guard-pod sacrifice (C-2) and manual dice. Shown in public
 * mode: both players may be looking, so nothing secret appears here. */
#include "bt_parts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The pod attack being aimed and the guard pods being given up. */
struct bt_decide_draft {
    int atk_target;            /* a ship, or a pod group when atk_target_pod; -1 none */
    bool atk_target_pod;
    int atk_count;             /* pods attacking */
    int guard_count;           /* guard pods sacrificed */
};

static void drop(ui_battle *b, bt_drop why)
{
    (void)why;
    b->decide->atk_target = -1;
    b->decide->atk_count = 1;
    b->decide->guard_count = 0;
}

bool bt_decide_attach(ui_battle *b)
{
    if (!(b->decide = calloc(1, sizeof *b->decide)))
        return false;
    bt_drafts_register(b, drop);
    drop(b, BT_DROP_SELECTION);
    return true;
}

void bt_decide_detach(ui_battle *b) { free(b->decide); }

void bt_decide_aim(ui_battle *b, int target, bool target_pod, int count)
{
    b->decide->atk_target = target;
    b->decide->atk_target_pod = target_pod;
    if (count > 0)
        b->decide->atk_count = count;
}

/* C-1: why the order of missiles is asked at all */
#define MISSILE_ORDER_WHY                                                                                    \
    "The order matters: each missile strikes the first unit in its line, so one flown first may "          \
    "destroy what would have stopped the next, and a missile not yet flown stands in others' way."

static bool pod_can_act(const ui_battle *b, int g)
{
    js_cmd c = bt_cmd(b, JS_CMD_POD_MOVE);
    c.unit = (int16_t)g;
    return js_check(b->game, &c, NULL, 0) == JS_OK;
}

/* Pod attack targets at the group's hex: enemy ships covering it, enemy pod groups in it. */
static int targets(const ui_battle *b, int g, int *ids, bool *is_pod, int cap)
{
    const js_state *st = bt_st(b);
    const js_podgroup *p = &st->pods[g];
    int n = 0;
    for (int i = 0; i < st->nships && n < cap; i++) {
        const js_ship *s = &st->ships[i];
        if (s->side == p->side || !s->on_map || s->state == JS_SHIP_DESTROYED)
            continue;
        js_hex fp[7];
        int k = js_ship_footprint(st, i, fp);
        for (int j = 0; j < k; j++)
            if (js_hex_eq(fp[j], p->pos)) {
                ids[n] = i;
                is_pod[n++] = false;
                break;
            }
    }
    for (int i = 0; i < JS_MAX_PODS && n < cap; i++)
        if (st->pods[i].alive && st->pods[i].side != p->side && js_hex_eq(st->pods[i].pos, p->pos)) {
            ids[n] = i;
            is_pod[n++] = true;
        }
    return n;
}

static void odds_lines(ui_battle *b, bt_pc *pc, int g, int t, bool tp, int count, int guard)
{
    int o[3] = {0, 0, 0};
    js_pod_attack_odds(bt_st(b), g, t, tp, count, guard, o);
    char buf[120];
    size_t used = strlen(b->odds_shown);
    snprintf(b->odds_shown + used, sizeof b->odds_shown - used, "%sguard %d: %d %d %d", used ? " / " : "", guard, o[0],
             o[1], o[2]);
    /* a bar split in three, then the numbers */
    SDL_Rect bar = {pc->x, pc->y, pc->w, ui_px(12)};
    int w0 = pc->w * o[0] / 1000, w1 = pc->w * o[1] / 1000;
    ui_fill_rect(b->g->r, (SDL_Rect){bar.x, bar.y, w0, bar.h}, UI_BAD);
    ui_fill_rect(b->g->r, (SDL_Rect){bar.x + w0, bar.y, w1, bar.h}, ui_col(255, 170, 60, 255));
    ui_fill_rect(b->g->r, (SDL_Rect){bar.x + w0 + w1, bar.y, pc->w - w0 - w1, bar.h}, ui_col(70, 80, 100, 255));
    pc->y += ui_px(16);
    snprintf(buf, sizeof buf, "Destroyed %d.%d%% · %s %d.%d%% · no effect %d.%d%%", o[0] / 10, o[0] % 10,
             tp ? "(n/a)" : "disabled", o[1] / 10, o[1] % 10, o[2] / 10, o[2] % 10);
    /* as many lines as the widest figures take, whatever these are: the buttons below stay put
     * while − and + change the odds (Confirm moved up under the pointer when they got shorter) */
    int y0 = pc->y;
    bt_line(b, pc, buf, UI_TEXT);
    int widest, most = ui_text_wrap_size(b->g->text, UI_FONT_SANS, ui_px(13),
                                         "Destroyed 100.0% · disabled 100.0% · no effect 100.0%", pc->w, &widest);
    if (pc->y < y0 + most)
        pc->y = y0 + most;
    /* a disabled target is offered the same odds, and was asked to give up guard pods for a
     * "disabled" that can do it no more harm */
    const js_state *st = bt_st(b);
    if (!tp && t >= 0 && t < st->nships && st->ships[t].state == JS_SHIP_DISABLED) {
        const js_card_def *cd = ui_ship_card(st, t);
        char note[JS_NAME_LEN + 120];
        snprintf(note, sizeof note, "D-2: %s #%d is disabled already: disabled again changes nothing; only "
                 "Destroyed harms it.", cd ? cd->name : "the ship", t);
        bt_line(b, pc, note, UI_TEXT_DIM);
    }
}

void bt_decide_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    b->odds_shown[0] = 0;
    bt_heading(b, pc, b->wait.what[0] ? b->wait.what : "Waiting");
    if (b->actor >= 0) {
        snprintf(buf, sizeof buf, "%s decides — in the open", st->scn.sides[b->actor].name);
        bt_line(b, pc, buf, ui_side_col(&st->scn, b->actor));
    }
}

void bt_pod_move_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    bt_decide_panel(b, pc);
    if (b->actor < 0) /* nobody at the controls (online: the move is on its way to the server) */
        return;
    int n = 0;
    for (int g = 0; g < JS_MAX_PODS; g++)
        if (st->pods[g].alive && st->pods[g].side == b->actor && pod_can_act(b, g))
            n++;
    snprintf(buf, sizeof buf, "%d of your pod groups may still act (V-2).", n);
    bt_line(b, pc, buf, UI_TEXT_DIM);
    if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && st->pods[bt_sel_pod(b)].side == b->actor) {
        const js_podgroup *p = &st->pods[bt_sel_pod(b)];
        bool can = pod_can_act(b, bt_sel_pod(b));
        int w = (pc->w - ui_px(6)) / 2;
        snprintf(buf, sizeof buf, "Move %s (Space)", bt_dir_name(p->dir[0]));
        const char *why = can ? NULL : "V-2: this group has acted, or was launched this turn";
        bt_btn(b, (SDL_Rect){pc->x, pc->y, w, ui_px(28)}, buf, B_POD_MOVE, 0, 0, can, false, why);
        bt_btn(b, (SDL_Rect){pc->x + w + ui_px(6), pc->y, w, ui_px(28)}, "Hold (H)", B_POD_HOLD, 0, 0, can, false, why);
        pc->y += ui_px(34);
    } else {
        bt_line(b, pc, "Click one of your pod groups.", UI_TEXT_DIM);
    }
    bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(28)},
           b->pod_auto[b->actor] ? "Moving all as plotted…" : "Move all as plotted", B_POD_AUTO, 0, 0, true,
           b->pod_auto[b->actor], "Every remaining group of yours moves in its plotted direction");
    pc->y += ui_px(34);
}

void bt_missile_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    bt_decide_panel(b, pc);
    bt_line(b, pc, "Pick one of your missiles to resolve (C-1).", UI_TEXT_DIM);
    /* a new player met this choice mid-resolution with no idea why it is asked */
    bt_line(b, pc, MISSILE_ORDER_WHY, UI_TEXT_DIM);
    int shown = 0;
    for (int m = 0; m < JS_MAX_MISSILES; m++) {
        if (!st->missiles[m].alive || st->missiles[m].side != b->actor)
            continue;
        int c, r;
        js_hex_to_offset(st->missiles[m].pos, &c, &r);
        snprintf(buf, sizeof buf, "Missile #%d at (%d,%d) heading %s", m, c, r, bt_dir_name(st->missiles[m].facing));
        if (pc->y + ui_px(30) > b->side.y + b->side.h)
            break;
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_MISSILE, m, 0, true, bt_sel_missile(b) == m,
               "Fly it now: up to 5 hexes; it strikes the first unit it meets, so which flies first "
               "changes what the next one hits");
        pc->y += ui_px(30);
        if (++shown >= 8)
            break;
    }
}

void bt_pod_attack_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    bt_decide_panel(b, pc);
    int g = bt_sel_pod(b);
    if (g >= 0 && st->pods[g].alive && st->pods[g].side == b->actor) {
        int ids[24];
        bool tp[24];
        int n = targets(b, g, ids, tp, 24);
        if (!n) {
            bt_line(b, pc, "No enemy shares this group's hex.", UI_TEXT_DIM);
        } else {
            bt_line(b, pc, "Target:", UI_TEXT_DIM);
            for (int i = 0; i < n && i < 6; i++) {
                if (tp[i])
                    snprintf(buf, sizeof buf, "Pod group #%d (%d pods)", ids[i], st->pods[ids[i]].pods);
                else {
                    const js_card_def *cd = ui_ship_card(st, ids[i]);
                    snprintf(buf, sizeof buf, "%s #%d", cd ? cd->name : "ship", ids[i]);
                }
                bool on = b->decide->atk_target == ids[i] && b->decide->atk_target_pod == tp[i];
                bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(24)}, buf, B_ATK_TARGET, ids[i], tp[i], true, on, NULL);
                pc->y += ui_px(28);
            }
            if (b->decide->atk_target >= 0) {
                int maxc = st->pods[g].pods;
                if (b->decide->atk_count < 1)
                    b->decide->atk_count = 1;
                if (b->decide->atk_count > maxc)
                    b->decide->atk_count = maxc;
                int bw = ui_px(28);
                snprintf(buf, sizeof buf, "Pods attacking: %d of %d", b->decide->atk_count, maxc);
                ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(13), buf, UI_TEXT, pc->x, pc->y + ui_px(4), UI_AL_LEFT);
                bt_btn(b, (SDL_Rect){pc->x + pc->w - 2 * bw - ui_px(4), pc->y, bw, ui_px(24)}, "−", B_ATK_COUNT, -1, 0,
                       b->decide->atk_count > 1, false, NULL);
                bt_btn(b, (SDL_Rect){pc->x + pc->w - bw, pc->y, bw, ui_px(24)}, "+", B_ATK_COUNT, 1, 0,
                       b->decide->atk_count < maxc, false, NULL);
                pc->y += ui_px(30);
                /* C-2: the defender may still give the guard pods facing the attack (+5
                 * Defense each): the odds both ways, the engine's own */
                int facing = js_guard_facing(st, g, b->decide->atk_target, b->decide->atk_target_pod);
                if (facing > 0)
                    bt_line(b, pc, "If the defender gives no guard pod:", UI_TEXT_DIM);
                odds_lines(b, pc, g, b->decide->atk_target, b->decide->atk_target_pod, b->decide->atk_count, 0);
                if (facing > 0) {
                    snprintf(buf, sizeof buf, "If it gives the %d guard pod%s facing the attack (+%d Defense%s, C-2):",
                             facing, facing == 1 ? "" : "s", JS_GUARD_DEFENSE, facing == 1 ? "" : " each");
                    bt_line(b, pc, buf, UI_TEXT_DIM);
                    odds_lines(b, pc, g, b->decide->atk_target, b->decide->atk_target_pod, b->decide->atk_count, facing);
                }
                pc->y += ui_px(4);
                bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(30)}, "Attack", B_ATK_GO, 0, 0, true, true,
                       "Every attacking pod is used up (C-3)");
                pc->y += ui_px(36);
            }
        }
    } else {
        bt_line(b, pc, "Click one of your pod groups sharing a hex", UI_TEXT_DIM);
        bt_line(b, pc, "with an enemy ship or pod group.", UI_TEXT_DIM);
    }
    bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(28)}, "Pass (P)", B_ATK_PASS, 0, 0, true, false,
           "Make no more pod attacks this phase");
    pc->y += ui_px(34);
}

void bt_guard_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    bt_decide_panel(b, pc);
    const js_pod_attack *a = &st->attack;
    int maxg = b->wait.max_guard;
    const js_card_def *cd = ui_ship_card(st, a->target);
    snprintf(buf, sizeof buf, "%d pod%s attack%s %s #%d.", a->count, a->count == 1 ? "" : "s", a->count == 1 ? "s" : "",
             cd ? cd->name : "ship", a->target);
    bt_line(b, pc, buf, UI_TEXT);
    snprintf(buf, sizeof buf, "Sacrifice guard pods (+%d Defense each): %d of %d", JS_GUARD_DEFENSE, b->decide->guard_count,
             maxg);
    bt_line(b, pc, buf, UI_TEXT_DIM);
    int bw = ui_px(28);
    bt_btn(b, (SDL_Rect){pc->x, pc->y, bw, ui_px(24)}, "−", B_GUARD_COUNT, -1, 0, b->decide->guard_count > 0, false, NULL);
    bt_btn(b, (SDL_Rect){pc->x + bw + ui_px(4), pc->y, bw, ui_px(24)}, "+", B_GUARD_COUNT, 1, 0, b->decide->guard_count < maxg,
           false, b->decide->guard_count < maxg ? NULL : "C-2: only the pods on the side facing the attack");
    pc->y += ui_px(30);
    odds_lines(b, pc, a->group, a->target, a->target_is_pod, a->count, b->decide->guard_count);
    pc->y += ui_px(4);
    bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(30)}, "Confirm", B_GUARD_GO, 0, 0, true, true, NULL);
    pc->y += ui_px(36);
}

void bt_die_panel(ui_battle *b, bt_pc *pc)
{
    char buf[160];
    bt_decide_panel(b, pc);
    snprintf(buf, sizeof buf, "Roll a d%d and enter it (X-1):", b->wait.die_sides);
    bt_line(b, pc, buf, UI_TEXT);
    int n = b->wait.die_sides > 0 ? b->wait.die_sides : 6;
    int bw = (pc->w - ui_px(4) * 4) / 5;
    for (int v = 1; v <= n; v++) {
        char lab[12];
        snprintf(lab, sizeof lab, "%d", v);
        bt_btn(b, (SDL_Rect){pc->x + ((v - 1) % 5) * (bw + ui_px(4)), pc->y + ((v - 1) / 5) * ui_px(32), bw, ui_px(28)},
               lab, B_DIE, v, 0, true, false, NULL);
    }
    pc->y += ((n + 4) / 5) * ui_px(32);
}

void bt_decide_button(ui_battle *b, const ui_button *btn)
{
    const js_state *st = bt_st(b);
    js_cmd c;
    switch (btn->id) {
    case B_POD_MOVE:
    case B_POD_HOLD:
        if (bt_sel_pod(b) < 0)
            return;
        c = bt_cmd(b, JS_CMD_POD_MOVE);
        c.unit = (int16_t)bt_sel_pod(b);
        c.hold = btn->id == B_POD_HOLD;
        if (bt_submit(b, &c, false) == JS_OK)
            bt_select_clear(b);
        break;
    case B_POD_AUTO:
        if (b->actor < 0)
            return;
        b->pod_auto[b->actor] = !b->pod_auto[b->actor];
        if (b->pod_auto[b->actor]) {
            /* move the first group now; the rest follow at each of this side's turns */
            for (int g = 0; g < JS_MAX_PODS; g++)
                if (st->pods[g].alive && st->pods[g].side == b->actor && pod_can_act(b, g)) {
                    c = bt_cmd(b, JS_CMD_POD_MOVE);
                    c.unit = (int16_t)g;
                    bt_submit(b, &c, false);
                    break;
                }
        }
        break;
    case B_MISSILE:
        c = bt_cmd(b, JS_CMD_MISSILE);
        c.unit = (int16_t)btn->arg;
        ui_sound_play(b->g->assets, UI_SND_MISSILE);
        if (bt_submit(b, &c, false) == JS_OK && bt_sel_missile(b) >= 0)
            bt_select_clear(b);
        break;
    case B_ATK_TARGET:
        b->decide->atk_target = btn->arg;
        b->decide->atk_target_pod = btn->arg2 != 0;
        b->decide->atk_count = st->pods[bt_sel_pod(b)].pods;
        break;
    case B_ATK_COUNT: b->decide->atk_count += btn->arg; break;
    case B_ATK_GO:
        c = bt_cmd(b, JS_CMD_POD_ATTACK);
        c.unit = (int16_t)bt_sel_pod(b);
        c.target = (int16_t)b->decide->atk_target;
        c.target_is_pod = b->decide->atk_target_pod;
        c.count = (int8_t)b->decide->atk_count;
        if (bt_submit(b, &c, false) == JS_OK) {
            b->decide->atk_target = -1;
            bt_select_clear(b);
        }
        break;
    case B_ATK_PASS:
        c = bt_cmd(b, JS_CMD_POD_ATTACK);
        c.unit = -1;
        bt_submit(b, &c, false);
        break;
    case B_GUARD_COUNT: b->decide->guard_count += btn->arg; break;
    case B_GUARD_GO:
        c = bt_cmd(b, JS_CMD_GUARD);
        c.count = (int8_t)b->decide->guard_count;
        if (bt_submit(b, &c, false) == JS_OK)
            b->decide->guard_count = 0;
        break;
    case B_DIE:
        c = bt_cmd(b, JS_CMD_DIE);
        c.value = (int8_t)btn->arg;
        ui_sound_play(b->g->assets, UI_SND_DICE);
        bt_submit(b, &c, false);
        break;
    default: break;
    }
}

/* A click on one of the deciding side's pod groups selects it directly. */
static bool select_pod(ui_battle *b, js_hex h)
{
    const js_state *st = bt_st(b);
    for (int g = 0; g < JS_MAX_PODS; g++)
        if (st->pods[g].alive && st->pods[g].side == b->actor && js_hex_eq(st->pods[g].pos, h) && g != bt_sel_pod(b)) {
            bt_select(b, BT_SEL_POD, g);
            b->decide->atk_target = -1;
            return true;
        }
    return false;
}

/* The deciding side's chosen pod group, or NULL. */
static const js_podgroup *chosen_pod(const ui_battle *b)
{
    const js_state *st = bt_st(b);
    return bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && st->pods[bt_sel_pod(b)].side == b->actor
               ? &st->pods[bt_sel_pod(b)]
               : NULL;
}

bool bt_pod_move_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT)
        return false;
    if (select_pod(b, h))
        return true;
    /* the hex a chosen pod group would move into moves it; an empty hex explains the choice */
    const js_podgroup *p = chosen_pod(b);
    if (p && p->dir[0] >= 1 && js_hex_eq(h, js_hex_neighbor(p->pos, p->dir[0])) && pod_can_act(b, bt_sel_pod(b))) {
        ui_button btn = {.id = B_POD_MOVE, .enabled = true};
        bt_decide_button(b, &btn);
        return true;
    }
    if (!bt_hex_empty(b, h) || !p)
        return false;
    if (pod_can_act(b, bt_sel_pod(b)))
        bt_toast(b, "Pod groups move one hex, the way they were plotted (%s): click that hex or Move, or Hold.",
                 bt_dir_name(p->dir[0]));
    else
        bt_toast(b, "This group has acted already (or was launched this turn): pick another of yours.");
    return true;
}

bool bt_missile_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT)
        return false;
    const js_state *st = bt_st(b);
    for (int m = 0; m < JS_MAX_MISSILES; m++)
        if (st->missiles[m].alive && st->missiles[m].side == b->actor && js_hex_eq(st->missiles[m].pos, h)) {
            if (bt_sel_missile(b) == m) { /* a second click fires it */
                ui_button btn = {.id = B_MISSILE, .arg = m, .enabled = true};
                bt_decide_button(b, &btn);
            } else {
                bt_select(b, BT_SEL_MISSILE, m);
            }
            return true;
        }
    if (!bt_hex_empty(b, h))
        return false;
    if (bt_sel_missile(b) >= 0 && st->missiles[bt_sel_missile(b)].alive && st->missiles[bt_sel_missile(b)].side == b->actor) {
        bt_toast(b, "A missile flies straight on (%s) up to %d hexes and strikes the first unit it meets: click it "
                    "again to fly it.",
                 bt_dir_name(st->missiles[bt_sel_missile(b)].facing), JS_MISSILE_RANGE);
        return true;
    }
    return false;
}

bool bt_pod_attack_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT)
        return false;
    if (select_pod(b, h))
        return true;
    if (!bt_hex_empty(b, h) || !chosen_pod(b))
        return false;
    bt_toast(b, "Pods attack only in their own hex: choose a target sharing it in the panel, or Pass.");
    return true;
}

/* The deciding side's pod groups glow in its list of choices (only those that may still act). */
static void mark_pods(ui_battle *b, bool acting)
{
    const js_state *st = bt_st(b);
    for (int g = 0; g < JS_MAX_PODS; g++)
        if (st->pods[g].alive && st->pods[g].side == b->actor && (!acting || pod_can_act(b, g))) {
            int c, r;
            js_hex_to_offset(st->pods[g].pos, &c, &r);
            b->marks[r * st->scn.width + c] = UI_MARK_CHOICE;
        }
}

void bt_pod_move_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    mark_pods(b, true);
    if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && st->pods[bt_sel_pod(b)].dir[0] >= 1) {
        const js_podgroup *p = &st->pods[bt_sel_pod(b)];
        if (o->npaths < UI_MAX_PATHS)
            o->paths[o->npaths++] = (ui_path){p->pos, js_hex_neighbor(p->pos, p->dir[0]), UI_ACCENT, true, false};
    }
}

void bt_pod_attack_overlay(ui_battle *b, ui_overlay *o)
{
    (void)o;
    const js_state *st = bt_st(b);
    mark_pods(b, false);
    if (b->decide->atk_target >= 0) {
        js_hex h = b->decide->atk_target_pod ? st->pods[b->decide->atk_target].pos : st->ships[b->decide->atk_target].pos;
        int c, r;
        js_hex_to_offset(h, &c, &r);
        if (c >= 0 && r >= 0 && c < st->scn.width && r < st->scn.height)
            b->marks[r * st->scn.width + c] = UI_MARK_TARGET;
    }
}

void bt_missile_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    /* counters that can act now glow in the chooser's list of choices */
    for (int m = 0; m < JS_MAX_MISSILES; m++) {
        if (!st->missiles[m].alive || st->missiles[m].side != b->actor)
            continue;
        int c, r;
        js_hex_to_offset(st->missiles[m].pos, &c, &r);
        b->marks[r * st->scn.width + c] = UI_MARK_CHOICE;
        if (m == bt_sel_missile(b)) {
            /* its flight exactly as it will go: the engine's own walk (C-1) */
            js_missile_path mp;
            js_missile_flight(st, st->missiles[m].pos, st->missiles[m].facing, m, &mp);
            js_hex to = mp.end == JS_MSL_OFF_MAP && mp.n > 1 ? mp.hex[mp.n - 2] : mp.hex[mp.n - 1];
            if (o->npaths < UI_MAX_PATHS)
                o->paths[o->npaths++] = (ui_path){st->missiles[m].pos, to, ui_col(255, 170, 60, 220), false, true};
        }
    }
}

/* The attacked ship stands selected while its side weighs its guard pods. */
void bt_guard_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    int t = st->attack.target;
    if (!st->attack.target_is_pod && t >= 0 && t < st->nships)
        o->sel_ship = t;
}

/* The side panel while this side waits: the decision's own panel would speak to the side that
 * makes it ("pick one of your missiles"), and the plotting heading would ask for plots already
 * sent. Says who is awaited, and that nothing here needs doing. */
void bt_online_wait_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[200];
    int other = 1 - b->home;
    if (b->online_busy || other < 0 || other > 1) {
        bt_heading(b, pc, "Sent \xe2\x80\x94 waiting for the server");
        return;
    }
    snprintf(buf, sizeof buf, "Waiting for %s", st->scn.sides[other].name);
    bt_heading(b, pc, buf);
    const char *name = st->scn.sides[other].name, *what = b->wait.what;
    size_t nl = strlen(name);
    if (!strncmp(what, name, nl) && !strncmp(what + nl, ": ", 2))
        what += nl + 2; /* "Hadar Reach: choose the next missile" */
    if (b->wait.kind == JS_WAIT_PLOT || b->wait.kind == JS_WAIT_SHIP_ATTACK)
        snprintf(buf, sizeof buf, "%s %s. Yours are on the server; the turn plays out here once both are in.",
                 name, b->wait.kind == JS_WAIT_PLOT ? "plots its orders" : "chooses its ship attacks");
    else
        snprintf(buf, sizeof buf, "%s decides: %s.", name, what[0] ? what : "its move");
    bt_line(b, pc, buf, ui_side_col(&st->scn, other));
    bt_line(b, pc, "Nothing to do here until then. You may close the window: the game waits on the server "
            "(Play online \xe2\x80\xa2 My games).", UI_TEXT_DIM);
    bt_plot_sent_panel(b, pc); /* a ship of this side selected: its plan, to look back at */
}
