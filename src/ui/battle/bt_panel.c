/* bt_panel.c — the side panel: the selected unit's card, then the controls for what the game
 * waits for (delegated to bt_plot.c, bt_launch.c, bt_decide.c), and the routing of clicks. */
#include "bt_panel.h"
#include "bt_parts.h"
#include <stdio.h>
#include <string.h>

static const char *SIZE_NAME[3] = {"small", "medium", "large"};

/* What a click on a hex cycles through, in order: the actor's cards arriving there (as
 * -(id + 1)), ships, pod groups, missiles. */
typedef struct stack_list {
    int ships[32], pods[32], ms[32], ns, np, nm;
} stack_list;
/* Lists h's stack into L; the index of what is selected now in that order, or -1. */
static int stack_at(const ui_battle *b, js_hex h, stack_list *L);

/* The selected unit's card. Secrets (missiles left, pods, guard split, cargo) only for its owner
 * and never on a public screen. */
static void unit_card(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[160];
    if (bt_sel_ship(b) >= 0 && bt_sel_ship(b) < st->nships) {
        const js_ship *s = &st->ships[bt_sel_ship(b)];
        const js_card_def *cd = ui_ship_card(st, bt_sel_ship(b));
        if (!cd)
            return;
        ui_rgba sc = ui_side_col(&st->scn, s->side);
        pc->y += ui_px(4);
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(17), cd->name, ui_col_shade(sc, 0.3f), pc->x, pc->y,
                     UI_AL_LEFT);
        pc->y += ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(17));
        const js_unit *u = &st->units[s->unit];
        if (u->nships > 1) /* each fighter of a squadron has its own orders (Ready names them #7, #8 …) */
            snprintf(buf, sizeof buf, "%s · %s squadron · card #%d · ship #%d, %d of %d", st->scn.sides[s->side].name,
                     SIZE_NAME[cd->size % 3], s->unit, bt_sel_ship(b), bt_sel_ship(b) - u->first_ship + 1, u->nships);
        else
            snprintf(buf, sizeof buf, "%s · %s · card #%d", st->scn.sides[s->side].name, SIZE_NAME[cd->size % 3],
                     s->unit);
        bt_line(b, pc, buf, UI_TEXT_DIM);
        stack_list L;
        int cur = stack_at(b, s->pos, &L), total = L.ns + L.np + L.nm;
        if (cur >= 0 && total > 1) { /* a jump point with a card's whole squadron waiting on it */
            snprintf(buf, sizeof buf, "%d of %d in this hex: click it again for the next", cur + 1, total);
            bt_line(b, pc, buf, UI_ACCENT);
        }
        static const char *stn[3] = {"Active", "DISABLED", "DESTROYED"};
        snprintf(buf, sizeof buf, "%s · facing %s · phase %d", stn[s->state % 3], bt_dir_name(s->facing), s->phase);
        bt_line(b, pc, buf, s->state ? UI_BAD : UI_GOOD);
        snprintf(buf, sizeof buf, "Shields %d/%d · hull %d/%d · move %d", s->shields, cd->shields,
                 cd->hull - s->hull_damage, cd->hull, cd->move);
        bt_line(b, pc, buf, UI_TEXT);
        snprintf(buf, sizeof buf, "Defense %d · TR %d/%d · mass %d · %d pts", cd->defense, s->tr, cd->tr, cd->mass,
                 cd->points);
        bt_line(b, pc, buf, UI_TEXT);
        if (bt_is_mine(b, s->side) && !b->public_mode) {
            snprintf(buf, sizeof buf, "Missiles %d (launchers %d fwd, %d aft) · pod sqns %d×%d", s->missiles,
                     cd->fwd_launchers, cd->aft_launchers, s->pod_squadrons, cd->pods_per_squadron);
            bt_line(b, pc, buf, UI_TEXT);
            snprintf(buf, sizeof buf, "Guard pods bow %d · %d · %d · stern %d · %d · %d", s->guard[0], s->guard[1],
                     s->guard[2], s->guard[3], s->guard[4], s->guard[5]);
            bt_line(b, pc, buf, UI_TEXT_DIM);
            if (cd->capacity > 0) {
                int n = 0, used = js_hold_used(st, bt_sel_ship(b), &n);
                snprintf(buf, sizeof buf, "Hold %d/%d hexes · %d card%s aboard", used, cd->capacity, n, n == 1 ? "" : "s");
                bt_line(b, pc, buf, UI_SHIELD);
            }
        }
    } else if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive) {
        const js_podgroup *p = &st->pods[bt_sel_pod(b)];
        snprintf(buf, sizeof buf, "%s pod group #%d", st->scn.sides[p->side].name, bt_sel_pod(b));
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(17), buf, ui_side_col(&st->scn, p->side), pc->x, pc->y, UI_AL_LEFT);
        pc->y += ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(17));
        const js_card_def *cd = ui_ship_card(st, p->controller);
        snprintf(buf, sizeof buf, "%d pod%s · controlled by %s #%d · phase %d", p->pods, p->pods == 1 ? "" : "s", cd ? cd->name : "ship",
                 p->controller, st->ships[p->controller].phase);
        bt_line(b, pc, buf, UI_TEXT);
        if (bt_is_mine(b, p->side) && !b->public_mode) {
            snprintf(buf, sizeof buf, "Plotted: %s, %s, %s", bt_dir_name(p->dir[0]), bt_dir_name(p->dir[1]),
                     bt_dir_name(p->dir[2]));
            bt_line(b, pc, buf, UI_TEXT_DIM);
        }
    } else if (bt_sel_missile(b) >= 0 && st->missiles[bt_sel_missile(b)].alive) {
        const js_missile *m = &st->missiles[bt_sel_missile(b)];
        snprintf(buf, sizeof buf, "%s missile #%d", st->scn.sides[m->side].name, bt_sel_missile(b));
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(17), buf, ui_side_col(&st->scn, m->side), pc->x, pc->y, UI_AL_LEFT);
        pc->y += ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(17));
        snprintf(buf, sizeof buf, "heading %s · flies up to %d hexes (C-1)", bt_dir_name(m->facing), JS_MISSILE_RANGE);
        bt_line(b, pc, buf, UI_TEXT);
    }
}

/* The panel scrolls (the wheel over it) when its content is taller than the room it has, as at
 * large UI scales; a Ready button stays pinned at its bottom. */
static int ready_y(const ui_battle *b) { return b->side.y + b->side.h - ui_px(36) - ui_px(10); }

static SDL_Rect content_rc(const ui_battle *b, bool has_ready)
{
    SDL_Rect rc = b->side;
    if (has_ready)
        rc.h = ready_y(b) - ui_px(6) - rc.y;
    return rc;
}

/* After the content: keep the scroll in range, make buttons scrolled out of sight unclickable,
 * and say when there is more below. */
static void panel_finish(ui_battle *b, bt_pc *pc, bool has_ready)
{
    SDL_Renderer *r = b->g->r;
    SDL_Rect vis = content_rc(b, has_ready);
    int content_h = pc->y + b->panel_scroll - b->side.y; /* (its last row's gap may hang over) */
    int max_scroll = content_h - vis.h > ui_px(6) ? content_h - vis.h : 0;
    if (b->panel_scroll > max_scroll)
        b->panel_scroll = max_scroll;
    for (int i = b->panel_n0; i < b->buttons.n; i++) {
        SDL_Rect in;
        if (!SDL_IntersectRect(&b->buttons.b[i].rc, &vis, &in))
            in = (SDL_Rect){0, 0, 0, 0};
        b->buttons.b[i].rc = in;
        if (b->buttons.hot == i && !ui_point_in(in, b->mx, b->my))
            b->buttons.hot = -1;
    }
    SDL_RenderSetClipRect(r, &b->side);
    if (max_scroll > 0) {
        const char *more = b->panel_scroll < max_scroll ? "\xe2\x96\xbc more below \xc2\xb7 wheel" : "\xe2\x96\xb2 wheel up";
        int tw, th, px = ui_px(11);
        ui_text_size(b->g->text, UI_FONT_SANS, px, more, &tw, &th);
        SDL_Rect tag = {vis.x + vis.w - tw - ui_px(18), vis.y + vis.h - th - ui_px(4), tw + ui_px(12), th + ui_px(2)};
        ui_panel(r, tag, ui_col(30, 38, 64, 235), UI_EDGE);
        ui_text_draw(b->g->text, UI_FONT_SANS, px, more, UI_ACCENT, tag.x + ui_px(6), tag.y + ui_px(1), UI_AL_LEFT);
    }
}

static void ready_button(ui_battle *b, bt_pc *pc, const char *label)
{
    panel_finish(b, pc, true);
    bt_btn(b, (SDL_Rect){pc->x, ready_y(b), pc->w, ui_px(36)}, label, B_READY, 0, 0, true, true,
           "Commit your secret decision (Enter)");
}

/* ----------------------------------------------------------------- the decisions */

/* What the battle does for one kind of decision (js_wait_kind); the table below has one entry
 * per kind, and the panel, board clicks, overlay, Ready and keys all go through it. Which
 * commands answer a decision is the engine's (js_wait_answers); this says which part asks. */
typedef struct bt_decision {
    /* its part of the side panel: a secret decision's ends with its Ready button (or with none),
     * a public one's is finished by bt_panel_draw */
    void (*panel)(ui_battle *b, bt_pc *pc);
    /* Ready sits at the foot of the panel and Enter presses it where READY answers the
     * decision (js_cmd_answers); this hides it for now (NULL: never) */
    bool (*ready_hidden)(const ui_battle *b);
    bool (*before_ready)(ui_battle *b);                /* what Ready commits first; false stops it */
    bool (*click)(ui_battle *b, js_hex h, int button); /* a click on the board; true when taken */
    void (*overlay)(ui_battle *b, ui_overlay *o);
    void (*key)(const ui_battle *b, SDL_Keycode k, ui_button *btn); /* the button a key presses, if any */
} bt_decision;

/* T-1: command dice, the hand and launches, as the scenario has them. */
static void command_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    if (bt_uses_dice(b) && !bt_hand_drafting(b))
        bt_dice_panel(b, pc);
    if (bt_uses_jump(b) && !bt_dice_drafting(b))
        bt_hand_panel(b, pc);
    if ((st->scn.deploy & JS_DEPLOY_LAUNCH) && !bt_hand_drafting(b) && !bt_dice_drafting(b))
        bt_launch_panel(b, pc);
    if (!bt_launch_hold_open(b))
        ready_button(b, pc, bt_uses_jump(b) || bt_uses_dice(b) ? "Ready — end command phase" : "Ready — end launches");
    else
        panel_finish(b, pc, false);
}

static bool command_ready_hidden(const ui_battle *b) { return bt_launch_hold_open(b); } /* the hold dialog has its own OK */

static bool command_click(ui_battle *b, js_hex h, int button)
{
    return bt_dice_click(b, h, button) || bt_hand_click(b, h, button) || bt_launch_click(b, h, button);
}

static void command_overlay(ui_battle *b, ui_overlay *o)
{
    if (!bt_hand_drafting(b) && !bt_dice_drafting(b))
        bt_launch_overlay(b, o);
    if (bt_uses_jump(b) && !bt_dice_drafting(b))
        bt_hand_overlay(b, o);
    if (bt_uses_dice(b) && !bt_hand_drafting(b))
        bt_dice_overlay(b, o);
}

/* S-1, J-2, H-4: the part of bt_setup.c, then Ready once the picks allow it (label_none, when
 * given, while no Vanguard is named: the check loads the Vanguard's draft first). */
static void setup_ready(ui_battle *b, bt_pc *pc, const char *label, const char *label_none)
{
    bt_setup_panel(b, pc);
    char why[JS_REASON_LEN];
    bool ok = bt_setup_ready_ok(b, why, sizeof why);
    panel_finish(b, pc, true);
    bt_btn(b, (SDL_Rect){pc->x, ready_y(b), pc->w, ui_px(36)}, label_none && bt_setup_vanguard_n(b) == 0 ? label_none : label, B_READY,
           0, 0, ok, ok, ok ? "Commit your secret decision (Enter)" : why);
}

static void buy_panel(ui_battle *b, bt_pc *pc) { setup_ready(b, pc, "Ready — confirm purchases", NULL); }
static void jump_points_panel(ui_battle *b, bt_pc *pc) { setup_ready(b, pc, "Ready — hide the jump points", NULL); }
static void vanguard_panel(ui_battle *b, bt_pc *pc)
{
    setup_ready(b, pc, "Ready — set the Vanguard", "Ready — no Vanguard (Z-21)");
}

static bool setup_before_ready(ui_battle *b)
{
    char why[JS_REASON_LEN];
    if (!bt_setup_ready_ok(b, why, sizeof why)) {
        bt_toast(b, "%s", why);
        return false;
    }
    return true;
}

static bool vanguard_before_ready(ui_battle *b)
{
    if (!setup_before_ready(b))
        return false;
    return bt_setup_send_vanguard(b); /* H-4: named, in order */
}

static bool board_covered(ui_battle *b, js_hex h, int button)
{
    (void)b, (void)h, (void)button;
    return true; /* the shop and the deck cover the board */
}

/* K-2 at setup: the jump-off points and the entry point. */
static void jump_offs_panel(ui_battle *b, bt_pc *pc)
{
    bt_dice_setup_panel(b, pc);
    js_cmd c = bt_cmd(b, JS_CMD_READY);
    char why[JS_REASON_LEN] = "";
    bool ok = js_check(b->game, &c, why, sizeof why) == JS_OK;
    panel_finish(b, pc, true);
    bt_btn(b, (SDL_Rect){pc->x, ready_y(b), pc->w, ui_px(36)}, "Ready \xe2\x80\x94 hide the jump-off points", B_READY,
           0, 0, ok, ok, ok ? "Commit your secret decision (Enter)" : why);
}

static void discard_panel(ui_battle *b, bt_pc *pc)
{
    bt_hand_discard_panel(b, pc);
    panel_finish(b, pc, false);
}

static void plot_panel(ui_battle *b, bt_pc *pc)
{
    bt_plot_panel(b, pc);
    ready_button(b, pc, "Ready — commit plots");
}

/* The order editor's shortcuts: Q/E turn, [ ] phase. */
static void plot_key(const ui_battle *b, SDL_Keycode k, ui_button *btn)
{
    if (bt_sel_ship(b) < 0)
        return;
    if (k == SDLK_q)
        btn->id = B_TURN, btn->arg = -1;
    else if (k == SDLK_e)
        btn->id = B_TURN, btn->arg = 1;
    else if (k == SDLK_LEFTBRACKET)
        btn->id = B_PHASE, btn->arg = -1;
    else if (k == SDLK_RIGHTBRACKET)
        btn->id = B_PHASE, btn->arg = 1;
}

static void ship_attack_panel(ui_battle *b, bt_pc *pc)
{
    bt_plot_ship_attack_panel(b, pc);
    ready_button(b, pc, "Ready — commit attacks");
}

static void pod_move_key(const ui_battle *b, SDL_Keycode k, ui_button *btn)
{
    if (k == SDLK_SPACE && bt_sel_pod(b) >= 0)
        btn->id = B_POD_MOVE;
    else if (k == SDLK_h && bt_sel_pod(b) >= 0)
        btn->id = B_POD_HOLD;
}

static void missile_key(const ui_battle *b, SDL_Keycode k, ui_button *btn)
{
    if (k == SDLK_SPACE && bt_sel_missile(b) >= 0)
        btn->id = B_MISSILE, btn->arg = bt_sel_missile(b);
}

static void pod_attack_key(const ui_battle *b, SDL_Keycode k, ui_button *btn)
{
    (void)b;
    if (k == SDLK_p)
        btn->id = B_ATK_PASS;
}

static const bt_decision DECISIONS[JS_WAIT_COUNT] = {
    /* secret: answered at the controls, behind the screen */
    [JS_WAIT_COMMAND] = {command_panel, command_ready_hidden, bt_hand_before_ready, command_click, command_overlay,
                         NULL},
    [JS_WAIT_PLOT] = {plot_panel, NULL, NULL, bt_plot_click, bt_plot_overlay, plot_key},
    [JS_WAIT_SHIP_ATTACK] = {ship_attack_panel, NULL, NULL, NULL, NULL, NULL},
    [JS_WAIT_SETUP_BUY] = {buy_panel, NULL, setup_before_ready, board_covered, NULL, NULL},
    [JS_WAIT_SETUP_JP] = {jump_points_panel, NULL, setup_before_ready, bt_setup_click, bt_setup_overlay, NULL},
    [JS_WAIT_VANGUARD] = {vanguard_panel, NULL, vanguard_before_ready, board_covered, NULL, NULL},
    [JS_WAIT_SETUP_JO] = {jump_offs_panel, NULL, NULL, bt_dice_click, bt_dice_overlay, NULL},
    [JS_WAIT_DISCARD] = {discard_panel, NULL, NULL, NULL, NULL, NULL},
    /* public: answered in the open */
    [JS_WAIT_POD_MOVE] = {bt_pod_move_panel, NULL, NULL, bt_pod_move_click, bt_pod_move_overlay, pod_move_key},
    [JS_WAIT_MISSILE] = {bt_missile_panel, NULL, NULL, bt_missile_click, bt_missile_overlay, missile_key},
    [JS_WAIT_POD_ATTACK] = {bt_pod_attack_panel, NULL, NULL, bt_pod_attack_click, bt_pod_attack_overlay,
                            pod_attack_key},
    [JS_WAIT_GUARD] = {bt_guard_panel, NULL, NULL, NULL, bt_guard_overlay, NULL},
    [JS_WAIT_DIE] = {bt_die_panel, NULL, NULL, NULL, NULL, NULL},
    [JS_WAIT_NEW_ENTRY] = {bt_dice_entry_panel, NULL, NULL, bt_dice_click, bt_dice_overlay, NULL},
};

static const bt_decision *decision_of(int kind)
{
    static const bt_decision none;
    return kind > JS_WAIT_NONE && kind < JS_WAIT_COUNT ? &DECISIONS[kind] : &none;
}

/* Whether this screen answers the decision shown: a secret one with the deciding side's
 * secrets on screen, a public one in the open. Not while another side or the computer decides
 * in secret. */
static bool answered_here(const ui_battle *b) { return b->wait.secret ? !b->public_mode : b->public_mode; }

void bt_panel_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_panel(r, b->side, ui_col(14, 18, 32, 245), UI_EDGE);
    bt_pc pc = {b->side.x + ui_px(12), b->side.y + ui_px(8), b->side.w - ui_px(24)};
    SDL_RenderSetClipRect(r, &b->side);
    if (b->mode == BM_ANIM) {
        bt_heading(b, &pc, "Resolving the turn");
        static const char *sp[4] = {"Slow", "Normal", "Fast", "Instant"};
        char buf[64];
        snprintf(buf, sizeof buf, "Speed: %s (keys 1-4) · click to skip", sp[b->speed % 4]);
        bt_line(b, &pc, buf, UI_TEXT_DIM);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    if (b->mode == BM_OVER) {
        const js_state *st = bt_st(b);
        bt_heading(b, &pc, "The battle is over");
        char buf[120];
        if (st->winner >= 0)
            snprintf(buf, sizeof buf, "%s wins", st->scn.sides[st->winner].name);
        else
            snprintf(buf, sizeof buf, "A draw");
        bt_line(b, &pc, buf, UI_TEXT);
        for (int s = 0; s < 2; s++) {
            snprintf(buf, sizeof buf, "%s: %d victory points", st->scn.sides[s].name, st->points[s]);
            bt_line(b, &pc, buf, ui_side_col(&st->scn, s));
        }
        unit_card(b, &pc);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    if (b->intro) {
        bt_setup_intro_panel(b, &pc);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    const bt_decision *d = decision_of(b->wait.kind);
    bool priv = !b->public_mode && b->actor >= 0;
    bool own = priv && b->wait.secret && d->panel; /* the deciding side's part, at the controls */
    bool has_ready =
        priv && (!own || (js_cmd_answers(b->wait.kind, JS_CMD_READY) && !(d->ready_hidden && d->ready_hidden(b))));
    SDL_Rect vis = content_rc(b, has_ready);
    SDL_RenderSetClipRect(r, &vis);
    b->panel_n0 = b->buttons.n;
    pc.y -= b->panel_scroll;
    unit_card(b, &pc);
    if (own) {
        d->panel(b, &pc);
    } else if (priv) { /* a secret decision without a part of its own */
        bt_heading(b, &pc, b->wait.what[0] ? b->wait.what : "A secret decision");
        ready_button(b, &pc, "Ready");
    } else if (b->online && b->actor < 0 && !b->intro) {
        bt_online_wait_panel(b, &pc); /* the other side decides, on its own computer */
        panel_finish(b, &pc, false);
    } else if (b->cpu && b->actor < 0) {
        bt_cpu_panel(b, &pc); /* the computer decides (bt_think.c) */
        panel_finish(b, &pc, false);
    } else {
        if (!b->wait.secret && d->panel)
            d->panel(b, &pc);
        else
            bt_decide_panel(b, &pc); /* what is waited for, decided elsewhere */
        panel_finish(b, &pc, false);
    }
    SDL_RenderSetClipRect(r, NULL);
    if (bt_launch_hold_open(b))
        bt_hold_dialog(b);
}

/* ----------------------------------------------------------------- actions */

void bt_button(ui_battle *b, const ui_button *btn)
{
    if (btn->id >= B_LESSON_NEXT && btn->id <= B_LESSON_LIST) {
        bt_lesson_button(b, btn);
        return;
    }
    if (bt_locked(b, btn->id)) { /* a key's way to a control the lesson keeps closed */
        bt_toast(b, "%s", bt_lock_why(b));
        return;
    }
    if (btn->id == B_READY) {
        js_cmd c = bt_cmd(b, JS_CMD_READY);
        bt_launch_cancel(b);
        const bt_decision *d = decision_of(b->wait.kind);
        if (d->before_ready && !d->before_ready(b))
            return; /* refused (a card being played, a setup pick); the toast says why */
        bt_submit(b, &c, false);
        return;
    }
    if (btn->id >= B_INTRO_GO && btn->id <= B_VAN_CLEAR) {
        bt_setup_button(b, btn);
        return;
    }
    if (btn->id >= B_KDIE && btn->id <= B_JO_SLOT) {
        bt_dice_button(b, btn);
        return;
    }
    if (btn->id >= B_HAND_CARD && btn->id <= B_DISCARD_GO) {
        bt_hand_button(b, btn);
        return;
    }
    if (btn->id == B_MENU) {
        b->menu_asked = true;
        return;
    }
    if (btn->id == B_NOTICE_OK) {
        b->notice_on = false;
        return;
    }
    if (btn->id == B_SPEED) {
        b->speed = btn->arg;
        return;
    }
    if (btn->id >= B_SLOT && btn->id <= B_PODPLOT_DIR)
        bt_plot_button(b, btn);
    else if (btn->id == B_SHIP_TARGET || btn->id == B_FLEET_REPEAT || btn->id == B_FLEET_HOLD)
        bt_plot_button(b, btn);
    else if (btn->id >= B_RESERVE_CARD && btn->id <= B_CARGO_LAUNCH)
        bt_launch_button(b, btn);
    else
        bt_decide_button(b, btn);
}

static int stack_at(const ui_battle *b, js_hex h, stack_list *L)
{
    const js_view *v = b->view;
    int *ships = L->ships;
    ui_board_units_at(v, h, L->ships, &L->ns, L->pods, &L->np, L->ms, &L->nm, 32);
    int ns = L->ns;
    /* cards waiting on a jump point are not on the map yet, but their owner plots them there
     * (J-5, P-1); they are listed first, as -(id + 1) */
    if (!b->public_mode && b->actor >= 0) {
        int arr[32], na = 0; /* in their arrival order (J-6): the next to arrive first */
        for (int i = 0; i < v->st.nships && na < 32; i++) {
            const js_ship *s = &v->st.ships[i];
            if (s->side != b->actor || s->unit < 0 || v->st.units[s->unit].where != JS_AT_ARRIVING)
                continue;
            /* any hex its picture covers, as for a ship on the map (a frigate's stern too) */
            const js_card_def *cd = ui_ship_card(&v->st, i);
            js_hex fp[7];
            int nf = cd ? js_footprint(cd->size, s->pos, s->facing, fp) : 0;
            bool here = js_hex_eq(s->pos, h);
            for (int k = 0; k < nf && !here; k++)
                here = js_hex_eq(fp[k], h);
            if (here) {
                int k = na++;
                while (k > 0 && v->st.arrive_order[v->st.ships[-arr[k - 1] - 1].unit] > v->st.arrive_order[s->unit]) {
                    arr[k] = arr[k - 1];
                    k--;
                }
                arr[k] = -(i + 1);
            }
        }
        if (na > 32 - ns)
            na = 32 - ns;
        memmove(&ships[na], &ships[0], sizeof ships[0] * (size_t)ns);
        memcpy(ships, arr, sizeof arr[0] * (size_t)na);
        ns += na;
    }
    L->ns = ns;
    int cur = -1;
    for (int i = 0; i < ns; i++)
        if ((ships[i] >= 0 ? ships[i] : -ships[i] - 1) == bt_sel_ship(b))
            cur = i;
    for (int i = 0; i < L->np; i++)
        if (L->pods[i] == bt_sel_pod(b))
            cur = ns + i;
    for (int i = 0; i < L->nm; i++)
        if (L->ms[i] == bt_sel_missile(b))
            cur = ns + L->np + i;
    return cur;
}

static void select_at(ui_battle *b, js_hex h)
{
    stack_list L;
    /* clicking the same hex again cycles through what is stacked there */
    int cur = stack_at(b, h, &L);
    int *ships = L.ships, *pods = L.pods, *ms = L.ms, ns = L.ns, np = L.np, nm = L.nm;
    int total = ns + np + nm;
    bt_select_clear(b);
    bt_picks_clear(b); /* a ship chosen alone: the ones Shift-click added go */
    bt_plot_guard_edit_off(b);
    if (total == 0)
        return;
    int pick = (cur + 1) % total;
    if (pick < ns) {
        bt_select(b, BT_SEL_SHIP, ships[pick] >= 0 ? ships[pick] : -ships[pick] - 1);
        if (ships[pick] < 0) { /* an own card arriving through a jump point (J-5) */
            bt_plot_set_slot(b, 0);
            bt_decide_aim(b, -1, false, 0);
            return;
        }
        /* a ship new on the map plots from this turn on; others plot T+2 (P-1) */
        bt_plot_set_slot(b, bt_st(b)->ships[bt_sel_ship(b)].fresh ? 0 : JS_PLAN_DEPTH - 1);
    }
    else if (pick < ns + np)
        bt_select(b, BT_SEL_POD, pods[pick - ns]);
    else
        bt_select(b, BT_SEL_MISSILE, ms[pick - ns - np]);
    bt_decide_aim(b, -1, false, 0);
}

bool bt_board_click(ui_battle *b, js_hex h, int button)
{
    if (b->mode != BM_PLAY)
        return false;
    if (button == SDL_BUTTON_RIGHT) { /* right click: cancel what is in hand */
        if (bt_launch_placing(b, NULL, NULL) >= 0) {
            bt_launch_cancel(b);
            return true;
        }
        bt_select_clear(b);
        bt_picks_clear(b);
        return true;
    }
    if (b->intro || b->lesson_done)
        return true;
    if (bt_control_locked(b, JSD_CTL_MAP)) { /* a lesson: clicks only select, to read a card */
        if (button == SDL_BUTTON_LEFT)
            select_at(b, h);
        return true;
    }
    const bt_decision *d = decision_of(b->wait.kind);
    if (answered_here(b) && d->click && d->click(b, h, button))
        return true;
    if (button == SDL_BUTTON_LEFT)
        select_at(b, h);
    return true;
}

bool bt_board_boxes(const ui_battle *b)
{
    return b->mode == BM_PLAY && !b->intro && !b->lesson_done && !bt_control_locked(b, JSD_CTL_MAP) &&
           b->wait.kind == JS_WAIT_PLOT && answered_here(b);
}

void bt_overlay(ui_battle *b, ui_overlay *o)
{
    o->sel_ship = bt_sel_ship(b);
    o->sel_pod = bt_sel_pod(b);
    o->sel_missile = bt_sel_missile(b);
    memset(b->marks, 0, sizeof b->marks);
    if (b->mode != BM_PLAY)
        return;
    if (b->intro) {
        o->marks = b->marks;
        return;
    }
    const bt_decision *d = decision_of(b->wait.kind);
    if (answered_here(b) && d->overlay)
        d->overlay(b, o);
    else if (bt_plot_sent_shown(b))
        bt_plot_sent_overlay(b, o); /* this side's plans as sent, while the other side plots */
    o->marks = b->marks;
}

bool ui_battle_holding(const ui_battle *b)
{
    return b->save_open || bt_launch_hold_open(b) || bt_hand_drafting(b) || bt_dice_drafting(b) ||
           bt_launch_placing(b, NULL, NULL) >= 0 ||
           bt_sel_ship(b) >= 0 || bt_sel_pod(b) >= 0 || bt_sel_missile(b) >= 0;
}

void bt_key(ui_battle *b, SDL_Keycode k)
{
    if (k == SDLK_ESCAPE) {
        if (bt_launch_hold_open(b))
            bt_launch_hold_close(b);
        else if (bt_hand_drafting(b)) {
            ui_button btn = {.id = B_PLAY_CANCEL, .enabled = true};
            bt_hand_button(b, &btn);
        }
        else if (bt_dice_drafting(b)) {
            ui_button btn = {.id = B_KDICE_CANCEL, .enabled = true};
            bt_dice_button(b, &btn);
        }
        else if (bt_launch_placing(b, NULL, NULL) >= 0)
            bt_launch_cancel(b);
        else {
            bt_select_clear(b);
            bt_picks_clear(b); /* the ships picked with it go too */
        }
        return;
    }
    if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && b->lesson && b->actor >= 0 && !b->lesson_done &&
        b->lrun.step < b->lesson->nsteps && !b->lesson->steps[b->lrun.step].expect) {
        jsd_lesson_next(b->lesson, &b->lrun); /* a lesson's step that waits for Next */
        return;
    }
    const bt_decision *d = decision_of(b->wait.kind);
    if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && !b->public_mode && js_cmd_answers(b->wait.kind, JS_CMD_READY)) {
        ui_button btn = {.id = B_READY};
        bt_button(b, &btn);
        return;
    }
    if (k == SDLK_r && bt_launch_placing(b, NULL, NULL) >= 0) {
        bt_launch_rotate(b, 1);
        return;
    }
    if (k == SDLK_r && bt_hand_drafting(b)) {
        bt_hand_rotate(b, 1);
        return;
    }
    if (k == SDLK_r && bt_dice_drafting(b)) {
        bt_dice_rotate(b, 1);
        return;
    }
    if (k == SDLK_TAB) { /* next own ship on the map */
        const js_state *st = bt_st(b);
        int side = b->actor;
        for (int step = 1; step <= st->nships; step++) {
            int i = (bt_sel_ship(b) + step + st->nships) % st->nships;
            bool arriving = st->ships[i].unit >= 0 && st->units[st->ships[i].unit].where == JS_AT_ARRIVING;
            if (st->ships[i].side == side && (st->ships[i].on_map || arriving) &&
                st->ships[i].state != JS_SHIP_DESTROYED) {
                bt_select(b, BT_SEL_SHIP, i);
                bt_plot_set_slot(b, st->ships[i].fresh ? 0 : JS_PLAN_DEPTH - 1);
                break;
            }
        }
        return;
    }
    if (k >= SDLK_1 && k <= SDLK_4 && b->mode == BM_ANIM) {
        b->speed = k - SDLK_1;
        return;
    }
    /* the decision's own shortcuts (the order editor's, the public decisions') */
    ui_button btn = {.enabled = true};
    if (answered_here(b) && d->key)
        d->key(b, k, &btn);
    if (btn.id)
        bt_button(b, &btn); /* a control the lesson keeps closed says why */
}
