/* hud.c — the top bar, the log panel and the hotseat handover screen. */
#include "bt_computer.h"
#include "bt_parts.h"
#include "logwrap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *side_name(const ui_battle *b, int s)
{
    return s >= 0 && s < 2 ? bt_st(b)->scn.sides[s].name : "nobody";
}

/* The phase the screen is in: while a turn plays out, the phase of the step being shown (the
 * animated view still holds the state from before it began). */
static int shown_phase(const ui_battle *b, const js_state *st)
{
    int ph = b->mode == BM_ANIM ? bt_anim_phase(b->anim) : -1;
    return ph >= 0 ? ph : st->phase;
}

/* Who the screen is for, in words and a colour: the side whose secrets it shows, or that it is
 * open to both players; brief: the side's first word ("Vega · secret"). */
static const char *viewer_text(const ui_battle *b, bool brief, char *buf, size_t cap, ui_rgba *col)
{
    const js_scenario *sc = &bt_st(b)->scn;
    int s = b->home >= 0 ? b->home : b->actor;
    char name[JS_NAME_LEN] = "";
    if (s >= 0 && s < JS_SIDES) {
        snprintf(name, sizeof name, "%s", sc->sides[s].name);
        if (brief && strchr(name, ' '))
            *strchr(name, ' ') = 0;
    }
    *col = UI_TEXT_DIM;
    if (b->mode == BM_OVER && !b->online) { /* online: still only this side's view (bt_refresh) */
        *col = UI_ACCENT;
        snprintf(buf, cap, brief ? "All revealed" : "Everything revealed");
    } else if (b->home >= 0) {
        *col = ui_side_col(sc, b->home);
        snprintf(buf, cap, "You: %s", name);
    } else if (b->mode == BM_PLAY && !b->public_mode && b->actor >= 0) {
        *col = ui_side_col(sc, b->actor);
        snprintf(buf, cap, brief ? "%s \xc2\xb7 secret" : "%s's screen \xc2\xb7 secret", name);
    } else {
        snprintf(buf, cap, brief ? "Open screen" : "Open screen \xc2\xb7 both may look");
    }
    return buf;
}

/* Text drawn, or only measured; returns its width. */
static int put(ui_text *t, bool draw, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y)
{
    if (draw)
        return ui_text_draw(t, face, px, s, col, x, y, UI_AL_LEFT);
    int w, h;
    ui_text_size(t, face, px, s, &w, &h);
    return w;
}

/* The bar's left part (turn, phase, initiative, both sides' figures), drawn or measured; returns
 * where it ends. level 0 is the full text; 1 drops the initiative's name (its dot stays); 2 also
 * shortens the figures ("E 22 · VP 0 · R 0") and the sides' names to their first word. */
static int topbar_left(ui_battle *b, const js_view *v, int level, bool draw)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    const js_state *st = &v->st;
    int px = ui_px(15), sm = ui_px(12);
    int lh = ui_text_line_h(t, UI_FONT_BOLD, px);
    int y = (b->top.h - lh) / 2, x = ui_px(14);
    char buf[160];
    snprintf(buf, sizeof buf, level >= 2 ? "T%d/%d" : "Turn %d/%d", st->turn, st->scn.turn_limit);
    x += put(t, draw, UI_FONT_BOLD, px, buf, UI_TEXT, x, y) + ui_px(14);
    const char *ph = js_phase_name(shown_phase(b, st));
    x += put(t, draw, UI_FONT_SANS, px, ph ? ph : "?", UI_ACCENT, x, y) + ui_px(18);
    /* initiative: a coloured dot and name */
    int ini = js_initiative(st->turn);
    if (draw)
        ui_disc(r, (float)x + ui_px(5), (float)(b->top.h / 2), (float)ui_px(5), ui_side_col(&st->scn, ini));
    x += ui_px(14);
    if (level == 0) {
        snprintf(buf, sizeof buf, "Initiative %s", side_name(b, ini));
        x += put(t, draw, UI_FONT_SANS, sm, buf, UI_TEXT_DIM, x, (b->top.h - ui_text_line_h(t, UI_FONT_SANS, sm)) / 2);
    }
    x += ui_px(level == 0 ? 22 : 12);
    /* both sides: energy, points, reserve counts — all public (X-2) */
    int slh = ui_text_line_h(t, UI_FONT_SANS, sm);
    int y0 = (b->top.h - 2 * slh) / 2;
    for (int s = 0; s < 2; s++) {
        ui_rgba sc = ui_side_col(&st->scn, s);
        if (draw)
            ui_fill_rect(r, (SDL_Rect){x, y0, ui_px(4), 2 * slh}, sc);
        x += ui_px(10);
        char name[JS_NAME_LEN];
        snprintf(name, sizeof name, "%s", st->scn.sides[s].name);
        if (level >= 2 && strchr(name, ' '))
            *strchr(name, ' ') = 0;
        int w1 = put(t, draw, UI_FONT_BOLD, sm, name, sc, x, y0);
        int e = st->energy[s];
        const char *ef = level >= 2 ? "E %d" : "Energy %d";
        char en[64];
        snprintf(en, sizeof en, ef, e);
        if (bt_is_mine(b, s) && !b->public_mode &&
            (st->phase == JS_PHASE_PLOT || st->phase == JS_PHASE_COMMAND)) {
            /* E-3: the projection uses this side's own plots, so only its owner sees it */
            int pe[JS_PLAN_DEPTH], short_[JS_PLAN_DEPTH];
            js_projected_energy(st, s, pe, short_);
            /* "!" marks a turn whose plotted activations cannot all be paid (E-3) */
            snprintf(buf, sizeof buf, "%s \xe2\x86\x92 %d%s, %d%s, %d%s \xc2\xb7 VP %d \xc2\xb7 %s %d", en,
                     pe[0], short_[0] ? "!" : "", pe[1], short_[1] ? "!" : "", pe[2], short_[2] ? "!" : "",
                     st->points[s], level >= 2 ? "R" : "Reserve", v->reserve_count[s]);
        } else {
            snprintf(buf, sizeof buf, "%s \xc2\xb7 VP %d \xc2\xb7 %s %d", en, st->points[s],
                     level >= 2 ? "R" : "Reserve", v->reserve_count[s]);
        }
        int w2 = put(t, draw, UI_FONT_SANS, sm, buf, UI_TEXT, x, y0 + slh);
        x += (w1 > w2 ? w1 : w2) + ui_px(level >= 2 ? 14 : 24);
    }
    return x;
}

void bt_thinking_text(long ms, int permille, char *out, size_t cap)
{
    if (ms >= BT_CPU_SHOW_MS) /* a long thought: how far it is */
        snprintf(out, cap, "The computer is thinking\xe2\x80\xa6 %d %%", permille / 10);
    else
        snprintf(out, cap, "The computer is thinking\xe2\x80\xa6");
}

/* The top bar's "the computer is thinking" text, formatted again only when what it says changes
 * (the percentage, or its appearing): the bar is drawn every frame while the computer thinks. */
static const char *thinking_text(const ui_battle *b)
{
    static char text[80];
    static int said = -2; /* the percentage shown, -1 none yet, -2 nothing formatted */
    long ms = bt_cpu_thinking_ms(b->cpu);
    int permille = bt_cpu_progress(b->cpu);
    int pct = ms >= BT_CPU_SHOW_MS ? permille / 10 : -1;
    if (pct != said) {
        bt_thinking_text(ms, permille, text, sizeof text);
        said = pct;
    }
    return text;
}

void bt_topbar_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    const js_view *v = b->mode == BM_ANIM ? b->anim->view : b->view;
    const js_state *st = &v->st;
    ui_panel(r, b->top, ui_col(12, 16, 30, 250), UI_EDGE);
    int px = ui_px(15);
    int lh = ui_text_line_h(t, UI_FONT_BOLD, px);
    int y = (b->top.h - lh) / 2;
    char buf[160], resolving[80];
    /* whose decision, right-aligned */
    const char *rph = js_phase_name(shown_phase(b, st));
    snprintf(resolving, sizeof resolving, "Resolving: %s\xe2\x80\xa6", rph ? rph : "the turn");
    const char *what = b->mode == BM_ANIM                 ? resolving
                       : b->online && (b->online_busy || (b->mode == BM_PLAY && b->actor < 0)) && b->online_status[0]
                           ? b->online_status
                       : b->mode == BM_PLAY && b->cpu && b->actor < 0 && !b->intro ? thinking_text(b)
                                                              : b->wait.what;
    if (b->mode == BM_OVER) {
        if (st->winner >= 0)
            snprintf(buf, sizeof buf, "Game over — %s wins", side_name(b, st->winner));
        else
            snprintf(buf, sizeof buf, "Game over — a draw");
        what = buf;
    }
    snprintf(b->top_shown, sizeof b->top_shown, "%s", what);
    int ww, wh;
    ui_text_size(t, UI_FONT_BOLD, px, what, &ww, &wh);
    /* who the screen is for: a chip at the right end, left of it whose decision it is. The
     * fullest bar that leaves room for both; else the chip shortened; else the shortest bar with
     * the decision (and the chip, when even the short one has no room) in a tab under the bar */
    char who[2][120];
    ui_rgba who_col;
    int cw[2], chh = 0, csm = ui_px(12), gap = ui_px(12), right = b->win_w - ui_px(14);
    for (int k = 0; k < 2; k++) {
        viewer_text(b, k == 1, who[k], sizeof who[k], &who_col);
        ui_text_size(t, UI_FONT_BOLD, csm, who[k], &cw[k], &chh);
        cw[k] += ui_px(16);
    }
    int level = 0, x = 0, brief = 0;
    bool fits = false;
    for (brief = 0; brief < 2 && !fits; brief++)
        for (level = 0; level <= 2 && !fits; level++) {
            x = topbar_left(b, v, level, false);
            fits = right - cw[brief] - gap - ww > x + ui_px(8);
        }
    brief--, level--;
    if (!fits) { /* the decision in the tab: the fullest chip that still fits beside the bar */
        level = 2;
        x = topbar_left(b, v, level, false);
        brief = x + ui_px(8) < right - cw[0] ? 0 : x + ui_px(8) < right - cw[1] ? 1 : 2;
    }
    bool chip_in_bar = brief < 2;
    int rx = right;
    if (chip_in_bar) {
        SDL_Rect chip = {right - cw[brief], (b->top.h - chh - ui_px(8)) / 2, cw[brief], chh + ui_px(8)};
        ui_panel(r, chip, ui_col(20, 26, 46, 255), who_col);
        ui_text_draw(t, UI_FONT_BOLD, csm, who[brief], who_col, chip.x + ui_px(8), chip.y + ui_px(4), UI_AL_LEFT);
        rx = chip.x - gap;
    }
    snprintf(b->who_shown, sizeof b->who_shown, "%s", who[brief < 2 ? brief : 1]);
    x = topbar_left(b, v, level, true);
    if (fits) {
        ui_text_draw(t, UI_FONT_BOLD, px, what, UI_TEXT, rx, y, UI_AL_RIGHT);
        b->what_rc = (SDL_Rect){rx - ww, y, ww, wh};
        return;
    }
    /* no room in the bar (large UI scales, narrow windows): a tab hanging under the bar at the
     * board's top right, cut with an ellipsis if even the board is too narrow */
    char l1[200], l2[200] = "";
    snprintf(l1, sizeof l1, "%s", what);
    int room = b->board_rc.w - ui_px(40);
    if (ww > room) { /* a size smaller first */
        px = ui_px(13);
        ui_text_size(t, UI_FONT_BOLD, px, l1, &ww, &wh);
    }
    if (ww > room) { /* then two lines, split at the space nearest the middle */
        size_t n = strlen(l1), best = 0;
        for (size_t i = 1; i < n; i++)
            if (l1[i] == ' ' && (best == 0 || labs((long)i - (long)n / 2) < labs((long)best - (long)n / 2)))
                best = i;
        if (best) {
            snprintf(l2, sizeof l2, "%s", l1 + best + 1);
            l1[best] = 0;
        }
    }
    char *ln[2] = {l1, l2};
    int w[2] = {0, 0};
    for (int k = 0; k < 2; k++) { /* each line cut with an ellipsis if even so it is too wide */
        ui_text_size(t, UI_FONT_BOLD, px, ln[k], &w[k], &wh);
        while (w[k] > room && strlen(ln[k]) > 4) {
            size_t n = strlen(ln[k]) - 4; /* drop a character (whole UTF-8) and add "…" */
            while (n > 0 && ((unsigned char)ln[k][n] & 0xC0) == 0x80)
                n--;
            snprintf(ln[k] + n, 200 - n, "\xe2\x80\xa6");
            ui_text_size(t, UI_FONT_BOLD, px, ln[k], &w[k], &wh);
            if (n <= 1)
                break;
        }
    }
    ww = w[0] > w[1] ? w[0] : w[1];
    int nlines = l2[0] ? 2 : 1, tlh = ui_text_line_h(t, UI_FONT_BOLD, px);
    int whoh = chip_in_bar ? 0 : ui_text_line_h(t, UI_FONT_BOLD, csm); /* the chip's words, on top */
    if (!chip_in_bar && cw[1] - ui_px(16) > ww)
        ww = cw[1] - ui_px(16);
    wh = nlines * tlh;
    int padx = ui_px(12), pady = ui_px(5);
    SDL_Rect tab = {b->board_rc.x + b->board_rc.w - ww - 2 * padx - ui_px(8), b->top.y + b->top.h - 1, ww + 2 * padx,
                    wh + whoh + 2 * pady};
    ui_panel(r, tab, ui_col(12, 16, 30, 240), UI_EDGE);
    ui_fill_rect(r, (SDL_Rect){tab.x + 1, tab.y, tab.w - 2, ui_px(2)}, ui_col(12, 16, 30, 255));
    if (!chip_in_bar)
        ui_text_draw(t, UI_FONT_BOLD, csm, who[1], who_col, tab.x + padx, tab.y + pady, UI_AL_LEFT);
    for (int k = 0; k < nlines; k++)
        ui_text_draw(t, UI_FONT_BOLD, px, ln[k], UI_TEXT, tab.x + padx, tab.y + pady + whoh + k * tlh, UI_AL_LEFT);
    b->what_rc = (SDL_Rect){tab.x + padx, tab.y + pady + whoh, ww, wh};
}

/* May the audience in front of the screen see this event? */
static bool log_visible(const ui_battle *b, const js_event *e)
{
    if (b->mode == BM_OVER)
        return true;
    if (b->home >= 0) /* against the computer: only the one human looks */
        return js_event_visible(e, b->home);
    if (b->public_mode || b->actor < 0 || b->mode == BM_ANIM)
        return e->vis == JS_BOTH_SIDES; /* both players may be looking */
    return js_event_visible(e, b->actor);
}

static bool battle_log_visible(const void *ctx, const js_event *e) { return log_visible(ctx, e); }

void bt_log_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    ui_panel(r, b->log, ui_col(10, 13, 24, 245), UI_EDGE);
    int px = ui_px(12), lh = ui_text_line_h(t, UI_FONT_SANS, px);
    int pad = ui_px(8);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(13), "Battle log", UI_TEXT_DIM, b->log.x + pad, b->log.y + pad / 2, UI_AL_LEFT);
    int top = b->log.y + pad / 2 + lh + ui_px(4);
    /* walk back from the newest event shown so far (not the ones still to be animated) */
    int limit = js_log_count(b->game);
    if (b->mode == BM_ANIM) /* during an animation the log follows it, one step at a time */
        limit = bt_anim_log_limit(b->anim, limit);
    const js_state *st = bt_st(b);
    ui_log_body_draw(r, t, &b->logwrap, b->game, &st->scn, limit, battle_log_visible, b, b->log, top, pad,
                     &b->log_scroll);
    /* the Esc menu (save, settings, rules, quit) within reach of the mouse alone */
    int right = b->log.x + b->log.w - pad;
    if (b->menu_button && (b->mode == BM_PLAY || b->mode == BM_OVER)) {
        int bw, bh;
        ui_text_size(t, UI_FONT_SANS, px, "Menu (Esc)", &bw, &bh);
        bw += ui_px(16);
        bt_btn(b, (SDL_Rect){right - bw, b->log.y + ui_px(3), bw, lh + ui_px(4)}, "Menu (Esc)", B_MENU, 0, 0, true,
               false, "Save, settings, rules, quit to the title");
        right -= bw + ui_px(8);
    }
    if (b->log_scroll > 0)
        ui_text_draw(t, UI_FONT_SANS, px, "\xe2\x96\xbc newer below", UI_ACCENT, right, b->log.y + pad / 2,
                     UI_AL_RIGHT);
}

void bt_handover_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    /* nothing of the game is drawn here: a plain backdrop, the names, and a button */
    ui_fill_rect(r, (SDL_Rect){0, 0, b->win_w, b->win_h}, ui_col(6, 8, 16, 255));
    const js_scenario *sc = js_game_scenario(b->game);
    int s = b->handover_to;
    ui_rgba col = ui_side_col(sc, s);
    int cx = b->win_w / 2, cy = b->win_h / 2;
    ui_ring(r, (float)cx, (float)cy - ui_px(40), (float)ui_px(150), (float)ui_px(3), ui_col_alpha(col, 90));
    ui_ring(r, (float)cx, (float)cy - ui_px(40), (float)ui_px(170), (float)ui_px(1), ui_col_alpha(col, 60));
    char buf[200];
    snprintf(buf, sizeof buf, "Pass to %s", sc->sides[s].name);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(40), buf, col, cx, cy - ui_px(110), UI_AL_CENTER);
    snprintf(buf, sizeof buf, "%s, it is your turn to decide in secret.", b->players[s]);
    ui_text_draw(t, UI_FONT_SANS, ui_px(20), buf, UI_TEXT, cx, cy - ui_px(46), UI_AL_CENTER);
    snprintf(buf, sizeof buf, "%s, please look away.", b->players[1 - s]);
    ui_text_draw(t, UI_FONT_SANS, ui_px(18), buf, UI_TEXT_DIM, cx, cy - ui_px(12), UI_AL_CENTER);
    const char *what = b->wait.kind == JS_WAIT_COMMAND ? "Command phase: launches and deployments"
                       : b->wait.kind == JS_WAIT_PLOT   ? "Plotting phase: orders for your ships"
                       : b->wait.kind == JS_WAIT_SHIP_ATTACK ? "Ship combat: choose your attacks"
                       : b->wait.kind == JS_WAIT_SETUP_BUY   ? "Setup: buy support vessels"
                       : b->wait.kind == JS_WAIT_SETUP_JP    ? "Setup: hide your three jump points"
                       : b->wait.kind == JS_WAIT_VANGUARD    ? "Setup: name your Vanguard"
                       : b->wait.kind == JS_WAIT_DISCARD     ? "Discard down to your Billet"
                                                             : "A secret decision";
    ui_text_draw(t, UI_FONT_SANS, ui_px(15), what, UI_ACCENT, cx, cy + ui_px(28), UI_AL_CENTER);
    SDL_Rect btn = {cx - ui_px(130), cy + ui_px(80), ui_px(260), ui_px(46)};
    ui_fill_rect(r, btn, ui_col_shade(col, -0.45f));
    ui_rect_outline(r, btn, col);
    if (ui_point_in(btn, b->mx, b->my))
        ui_fill_rect(r, btn, ui_col_alpha(col, 60));
    ui_text_draw(t, UI_FONT_BOLD, ui_px(17), "I am ready — show me", UI_TEXT, cx,
                 btn.y + (btn.h - ui_text_line_h(t, UI_FONT_BOLD, ui_px(17))) / 2, UI_AL_CENTER);
    ui_button_register(&b->buttons, btn, "I am ready", B_HANDOVER_GO, s, 0, true, false,
                       "Shows your secret orders: the other player must look away", b->mx, b->my);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), "click the button, or press Space or Enter", UI_TEXT_DIM, cx,
                 btn.y + btn.h + ui_px(10), UI_AL_CENTER);
}

void bt_toast_draw(ui_battle *b, SDL_Rect area)
{
    if (b->toast_t <= 0 || !b->toast[0])
        return;
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    int px = ui_px(14), sm = ui_px(11), pad = ui_px(12), tw = 0;
    bool near = b->toast_x >= 0;
    /* by the mouse a long reason wraps into a block; at the foot of the board one line */
    int maxw = near ? ui_px(420) : area.w - 4 * pad;
    int th = ui_text_wrap_size(t, UI_FONT_SANS, px, b->toast, maxw, &tw);
    char tag[40] = "";
    int gw = 0, gh = 0;
    if (b->toast_rule[0]) {
        snprintf(tag, sizeof tag, "Rule %s \xc2\xb7 F1", b->toast_rule);
        ui_text_size(t, UI_FONT_SANS, sm, tag, &gw, &gh);
    }
    int w = (tw > gw ? tw : gw) + 2 * pad, h = th + (gh ? gh + ui_px(2) : 0) + ui_px(12);
    SDL_Rect rc = {area.x + (area.w - w) / 2, area.y + area.h - h - ui_px(24), w, h};
    if (near) { /* above the pointer, or under it when the top is too close */
        rc.x = b->toast_x - w / 2;
        rc.y = b->toast_y - h - ui_px(16);
        if (rc.y < b->top.y + b->top.h)
            rc.y = b->toast_y + ui_px(24);
        if (rc.x + w > b->win_w - ui_px(4))
            rc.x = b->win_w - ui_px(4) - w;
        if (rc.x < ui_px(4))
            rc.x = ui_px(4);
        if (rc.y + h > b->win_h)
            rc.y = b->win_h - h;
    }
    int a = b->toast_t > 1 ? 240 : (int)(240 * b->toast_t);
    ui_panel(r, rc, ui_col(40, 20, 20, a), ui_col(220, 120, 90, a));
    ui_text_wrap(t, UI_FONT_SANS, px, b->toast, ui_col_alpha(UI_TEXT, a), rc.x + pad, rc.y + ui_px(6), maxw);
    if (tag[0])
        ui_text_draw(t, UI_FONT_SANS, sm, tag, ui_col_alpha(UI_TEXT_DIM, a), rc.x + pad, rc.y + ui_px(6) + th + ui_px(2),
                     UI_AL_LEFT);
}

void bt_notice_draw(ui_battle *b, SDL_Rect area)
{
    if (!b->notice_on || !b->notice[0])
        return;
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    int px = ui_px(14), pad = ui_px(12), bw = b->mode == BM_HANDOVER ? 0 : ui_px(96);
    int w = area.w - 2 * ui_px(16) > ui_px(720) ? ui_px(720) : area.w - 2 * ui_px(16);
    int tw = 0, th = ui_text_wrap_size(t, UI_FONT_SANS, px, b->notice, w - 2 * pad - bw, &tw);
    const char *after = "Dismiss it once the screen is passed.";
    int ah = b->mode == BM_HANDOVER ? ui_text_line_h(t, UI_FONT_SANS, ui_px(12)) : 0;
    SDL_Rect rc = {area.x + (area.w - w) / 2, area.y + ui_px(10), w, th + ah + 2 * ui_px(8)};
    if (bw && rc.h < ui_px(44))
        rc.h = ui_px(44);
    ui_panel(r, rc, ui_col(48, 18, 18, 245), UI_BAD);
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, ui_px(5), rc.h}, UI_BAD);
    ui_text_wrap(t, UI_FONT_SANS, px, b->notice, UI_TEXT, rc.x + pad, rc.y + ui_px(8), w - 2 * pad - bw);
    if (ah)
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), after, UI_TEXT_DIM, rc.x + pad, rc.y + ui_px(8) + th, UI_AL_LEFT);
    if (bw)
        bt_btn(b, (SDL_Rect){rc.x + rc.w - bw - ui_px(8), rc.y + (rc.h - ui_px(30)) / 2, bw, ui_px(30)}, "Dismiss",
               B_NOTICE_OK, 0, 0, true, false, "The notice goes; the game goes on");
}
