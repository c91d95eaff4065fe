/* hud.c — the top bar, the log panel and the hotseat handover screen. */
#include "battle_int.h"
#include <stdio.h>
#include <string.h>

static const char *side_name(const ui_battle *b, int s)
{
    return s >= 0 && s < 2 ? bt_st(b)->scn.sides[s].name : "nobody";
}

void bt_topbar_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    const js_view *v = b->mode == BM_ANIM ? b->anim_view : b->view;
    const js_state *st = &v->st;
    ui_panel(r, b->top, ui_col(12, 16, 30, 250), UI_EDGE);
    int px = ui_px(15), sm = ui_px(12);
    int lh = ui_text_line_h(t, UI_FONT_BOLD, px);
    int y = (b->top.h - lh) / 2, x = ui_px(14);
    char buf[160];
    snprintf(buf, sizeof buf, "Turn %d/%d", st->turn, st->scn.turn_limit);
    x += ui_text_draw(t, UI_FONT_BOLD, px, buf, UI_TEXT, x, y, UI_AL_LEFT) + ui_px(14);
    const char *ph = js_phase_name(st->phase);
    x += ui_text_draw(t, UI_FONT_SANS, px, ph ? ph : "?", UI_ACCENT, x, y, UI_AL_LEFT) + ui_px(18);
    /* initiative: a coloured dot and name */
    int ini = js_initiative(st->turn);
    ui_rgba ic = ui_side_col(&st->scn, ini);
    ui_disc(r, (float)x + ui_px(5), (float)(b->top.h / 2), (float)ui_px(5), ic);
    x += ui_px(14);
    snprintf(buf, sizeof buf, "Initiative %s", side_name(b, ini));
    x += ui_text_draw(t, UI_FONT_SANS, sm, buf, UI_TEXT_DIM, x, (b->top.h - ui_text_line_h(t, UI_FONT_SANS, sm)) / 2,
                      UI_AL_LEFT) + ui_px(22);
    /* both sides: energy, points, reserve counts — all public */
    int slh = ui_text_line_h(t, UI_FONT_SANS, sm);
    int y0 = (b->top.h - 2 * slh) / 2;
    for (int s = 0; s < 2; s++) {
        ui_rgba sc = ui_side_col(&st->scn, s);
        SDL_Rect chip = {x, y0, ui_px(4), 2 * slh};
        ui_fill_rect(r, chip, sc);
        x += ui_px(10);
        int w1 = ui_text_draw(t, UI_FONT_BOLD, sm, st->scn.sides[s].name, sc, x, y0, UI_AL_LEFT);
        int e = st->energy[s];
        if (bt_is_mine(b, s) && !b->public_mode &&
            (st->phase == JS_PHASE_PLOT || st->phase == JS_PHASE_COMMAND)) {
            /* E-3: the projection uses this side's own plots, so only its owner sees it */
            int pe[JS_PLAN_DEPTH];
            js_projected_energy(st, s, pe);
            snprintf(buf, sizeof buf, "Energy %d \xe2\x86\x92 %d, %d, %d \xc2\xb7 VP %d \xc2\xb7 Reserve %d", e, pe[0],
                     pe[1], pe[2], st->points[s], v->reserve_count[s]);
        } else {
            snprintf(buf, sizeof buf, "Energy %d \xc2\xb7 VP %d \xc2\xb7 Reserve %d", e, st->points[s],
                     v->reserve_count[s]);
        }
        int w2 = ui_text_draw(t, UI_FONT_SANS, sm, buf, UI_TEXT, x, y0 + slh, UI_AL_LEFT);
        x += (w1 > w2 ? w1 : w2) + ui_px(24);
    }
    /* whose decision, right-aligned */
    const char *what = b->mode == BM_ANIM ? "Resolving\xe2\x80\xa6" : b->wait.what;
    if (b->mode == BM_OVER) {
        if (st->winner >= 0)
            snprintf(buf, sizeof buf, "Game over — %s wins", side_name(b, st->winner));
        else
            snprintf(buf, sizeof buf, "Game over — a draw");
        what = buf;
    }
    int ww, wh;
    ui_text_size(t, UI_FONT_BOLD, px, what, &ww, &wh);
    int rx = b->win_w - ui_px(14);
    if (rx - ww > x)
        ui_text_draw(t, UI_FONT_BOLD, px, what, UI_TEXT, rx, y, UI_AL_RIGHT);
}

static ui_rgba event_col(const js_state *st, const js_event *e)
{
    switch (e->type) {
    case JS_EV_TURN: case JS_EV_PHASE:
        return UI_ACCENT;
    case JS_EV_DESTROYED: case JS_EV_DISABLED: case JS_EV_DAMAGE:
        return UI_BAD;
    case JS_EV_ROLL:
        return ui_col(200, 200, 160, 255);
    default:
        break;
    }
    if (e->side == 0 || e->side == 1)
        return ui_col_shade(ui_side_col(&st->scn, e->side), 0.35f);
    return UI_TEXT_DIM;
}

/* May the audience in front of the screen see this event? */
static bool log_visible(const ui_battle *b, const js_event *e)
{
    if (b->mode == BM_OVER)
        return true;
    if (b->public_mode || b->actor < 0 || b->mode == BM_ANIM)
        return e->vis == JS_BOTH_SIDES; /* both players may be looking */
    return js_event_visible(e, b->actor);
}

void bt_log_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    ui_panel(r, b->log, ui_col(10, 13, 24, 245), UI_EDGE);
    int px = ui_px(12), lh = ui_text_line_h(t, UI_FONT_SANS, px);
    int pad = ui_px(8);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(13), "Battle log", UI_TEXT_DIM, b->log.x + pad, b->log.y + pad / 2, UI_AL_LEFT);
    int top = b->log.y + pad / 2 + lh + ui_px(4);
    int rows = (b->log.y + b->log.h - pad - top) / lh;
    if (rows <= 0)
        return;
    /* walk back from the newest event shown so far (not the ones still to be animated) */
    int limit = js_log_count(b->game);
    if (b->mode == BM_ANIM && b->anim_idx && b->nanim > 0) {
        /* during an animation the log follows it, one step at a time */
        int i = b->anim_i < 0 ? -1 : b->anim_i >= b->nanim ? b->nanim - 1 : b->anim_i;
        limit = i < 0 ? b->anim_idx[0] : b->anim_idx[b->anim[i].first + b->anim[i].count - 1] + 1;
    }
    const js_state *st = bt_st(b);
    int idx[256], n = 0, skip = b->log_scroll;
    for (int i = limit - 1; i >= 0 && n < rows && n < 256; i--) {
        const js_event *e = js_log_at(b->game, i);
        if (!log_visible(b, e) || e->type == JS_EV_PHASE)
            continue;
        if (skip > 0) {
            skip--;
            continue;
        }
        idx[n++] = i;
    }
    if (b->log_scroll > 0 && n < rows)
        b->log_scroll -= rows - n > b->log_scroll ? b->log_scroll : rows - n;
    SDL_Rect clip = {b->log.x + 1, top, b->log.w - 2, b->log.y + b->log.h - top - 1};
    SDL_RenderSetClipRect(r, &clip);
    for (int k = 0; k < n; k++) {
        const js_event *e = js_log_at(b->game, idx[n - 1 - k]);
        int y = top + k * lh;
        char line[JS_TEXT_LEN + 48];
        if (e->type == JS_EV_TURN)
            snprintf(line, sizeof line, "— %s —", e->text);
        else
            snprintf(line, sizeof line, "%s", e->text);
        if (e->type == JS_EV_ROLL)
            snprintf(line, sizeof line, "   d%d = %d  %s", e->value2, e->value, e->text);
        ui_text_draw(t, e->type == JS_EV_TURN ? UI_FONT_BOLD : UI_FONT_SANS, px, line, event_col(st, e),
                     b->log.x + pad, y, UI_AL_LEFT);
    }
    SDL_RenderSetClipRect(r, NULL);
    if (b->log_scroll > 0)
        ui_text_draw(t, UI_FONT_SANS, px, "\xe2\x96\xbc newer below", UI_ACCENT, b->log.x + b->log.w - pad,
                     b->log.y + pad / 2, UI_AL_RIGHT);
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
    ui_text_draw(t, UI_FONT_BOLD, ui_px(17), "I am ready — show me", UI_TEXT, cx,
                 btn.y + (btn.h - ui_text_line_h(t, UI_FONT_BOLD, ui_px(17))) / 2, UI_AL_CENTER);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), "click, Space or Enter", UI_TEXT_DIM, cx, btn.y + btn.h + ui_px(10),
                 UI_AL_CENTER);
}
