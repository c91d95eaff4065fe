/* ui_replay_draw.c — the replay viewer's picture: the board, the top bar, the log as the viewer
 * saw it, the timeline, the control bar, the end panel, tooltips, and the test layout
 * (ui_replay_int.h). */
#include "ui_replay_int.h"
#include "ui_screens.h"
#include "battle/bt_anim.h"
#include "kit/layout.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the control bar's icons */
enum { I_NONE = 0, I_START, I_PREV_PHASE, I_BACK, I_PLAY, I_PAUSE, I_STEP, I_NEXT_PHASE, I_END, I_CHEV_L, I_CHEV_R };

static const char *side_name(const js_scenario *sc, int s) { return s >= 0 && s < 2 ? sc->sides[s].name : "?"; }

static void tri(SDL_Renderer *r, float x0, float y0, float x1, float y1, float x2, float y2, ui_rgba c)
{
    SDL_FPoint p[3] = {{x0, y0}, {x1, y1}, {x2, y2}};
    ui_fill_poly(r, p, 3, c);
}

static void icon(SDL_Renderer *r, int kind, float cx, float cy, float s, ui_rgba c)
{
    float h = s * 0.5f, bw = s * 0.16f;
    switch (kind) {
    case I_PLAY:
        tri(r, cx - h * 0.7f, cy - h, cx + h, cy, cx - h * 0.7f, cy + h, c);
        break;
    case I_PAUSE:
        ui_fill_rect(r, (SDL_Rect){(int)(cx - h * 0.7f), (int)(cy - h), (int)(s * 0.24f), (int)s}, c);
        ui_fill_rect(r, (SDL_Rect){(int)(cx + h * 0.7f - s * 0.24f), (int)(cy - h), (int)(s * 0.24f), (int)s}, c);
        break;
    case I_STEP: /* |> */
        tri(r, cx - h * 0.8f, cy - h, cx + h * 0.5f, cy, cx - h * 0.8f, cy + h, c);
        ui_fill_rect(r, (SDL_Rect){(int)(cx + h * 0.5f), (int)(cy - h), (int)bw + 1, (int)s}, c);
        break;
    case I_BACK: /* <| */
        tri(r, cx + h * 0.8f, cy - h, cx - h * 0.5f, cy, cx + h * 0.8f, cy + h, c);
        ui_fill_rect(r, (SDL_Rect){(int)(cx - h * 0.5f - bw), (int)(cy - h), (int)bw + 1, (int)s}, c);
        break;
    case I_NEXT_PHASE:
        tri(r, cx - h, cy - h * 0.8f, cx, cy, cx - h, cy + h * 0.8f, c);
        tri(r, cx, cy - h * 0.8f, cx + h, cy, cx, cy + h * 0.8f, c);
        break;
    case I_PREV_PHASE:
        tri(r, cx + h, cy - h * 0.8f, cx, cy, cx + h, cy + h * 0.8f, c);
        tri(r, cx, cy - h * 0.8f, cx - h, cy, cx, cy + h * 0.8f, c);
        break;
    case I_END:
        tri(r, cx - h, cy - h * 0.8f, cx, cy, cx - h, cy + h * 0.8f, c);
        tri(r, cx - h * 0.2f, cy - h * 0.8f, cx + h * 0.7f, cy, cx - h * 0.2f, cy + h * 0.8f, c);
        ui_fill_rect(r, (SDL_Rect){(int)(cx + h * 0.7f), (int)(cy - h * 0.8f), (int)bw + 1, (int)(s * 0.8f)}, c);
        break;
    case I_START:
        tri(r, cx + h, cy - h * 0.8f, cx, cy, cx + h, cy + h * 0.8f, c);
        tri(r, cx + h * 0.2f, cy - h * 0.8f, cx - h * 0.7f, cy, cx + h * 0.2f, cy + h * 0.8f, c);
        ui_fill_rect(r, (SDL_Rect){(int)(cx - h * 0.7f - bw), (int)(cy - h * 0.8f), (int)bw + 1, (int)(s * 0.8f)}, c);
        break;
    case I_CHEV_L:
        tri(r, cx + h * 0.45f, cy - h * 0.75f, cx - h * 0.45f, cy, cx + h * 0.45f, cy + h * 0.75f, c);
        break;
    case I_CHEV_R:
        tri(r, cx - h * 0.45f, cy - h * 0.75f, cx + h * 0.45f, cy, cx - h * 0.45f, cy + h * 0.75f, c);
        break;
    default:
        break;
    }
}

/* A control: drawn here (icon or label), registered like any button. */
static void ctl(ui_replay *rp, SDL_Rect rc, const char *label, int ic, int id, int arg, bool enabled, bool active,
                const char *tip)
{
    static const ui_button_look look = {
        {200, 150, 60, 255}, {30, 38, 62, 255}, {20, 24, 36, 255}, {74, 94, 140, 255},
        {44, 50, 66, 255},   {24, 18, 6, 255},  {84, 92, 112, 255}, 0.18f, true,
    };
    SDL_Renderer *r = rp->g->r;
    ui_rgba fg = ui_button_face(r, rc, &look, ui_point_in(rc, rp->mx, rp->my), enabled, active);
    if (ic)
        icon(r, ic, rc.x + rc.w / 2.0f, rc.y + rc.h / 2.0f, (float)(rc.h < rc.w ? rc.h : rc.w) * 0.42f, fg);
    else {
        int px = ui_px(13), lh = ui_text_line_h(rp->g->text, UI_FONT_BOLD, px);
        ui_text_draw(rp->g->text, active ? UI_FONT_BOLD : UI_FONT_SANS, px, label, fg, rc.x + rc.w / 2,
                     rc.y + (rc.h - lh) / 2, UI_AL_CENTER);
    }
    ui_button_register(&rp->buttons, rc, label, id, arg, 0, enabled, active, tip, rp->mx, rp->my);
}

static ui_rgba phase_col(int ph)
{
    switch (ph) {
    case JS_PHASE_COMMAND: return ui_col(120, 200, 255, 255);
    case JS_PHASE_PLOT: return ui_col(150, 160, 255, 255);
    case JS_PHASE_POD1: case JS_PHASE_POD2: case JS_PHASE_SHIPS: return ui_col(120, 220, 160, 255);
    case JS_PHASE_MISSILE: case JS_PHASE_POD_COMBAT: case JS_PHASE_SHIP_COMBAT: return ui_col(250, 130, 100, 255);
    case JS_PHASE_OVER: return UI_ACCENT;
    default: return ui_col(200, 200, 210, 255);
    }
}

static void draw_topbar(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    const js_view *v = rp->animating ? rp->anim->view : rp->view;
    const js_state *st = &v->st;
    const js_scenario *sc = &st->scn;
    ui_panel(r, rp->top, ui_col(12, 16, 30, 250), UI_EDGE);
    int px = ui_px(15), sm = ui_px(12);
    int lh = ui_text_line_h(t, UI_FONT_BOLD, px), slh = ui_text_line_h(t, UI_FONT_SANS, sm);
    int y = (rp->top.h - lh) / 2, x = ui_px(12);
    /* a REPLAY tag */
    int tw, th;
    ui_text_size(t, UI_FONT_BOLD, sm, "REPLAY", &tw, &th);
    SDL_Rect tag = {x, (rp->top.h - th - ui_px(6)) / 2, tw + ui_px(14), th + ui_px(6)};
    ui_fill_rect(r, tag, ui_col(150, 40, 50, 255));
    ui_text_draw(t, UI_FONT_BOLD, sm, "REPLAY", UI_TEXT, tag.x + ui_px(7), tag.y + ui_px(3), UI_AL_LEFT);
    x += tag.w + ui_px(12);
    char buf[200];
    snprintf(buf, sizeof buf, "Turn %d/%d", st->turn, sc->turn_limit);
    x += ui_text_draw(t, UI_FONT_BOLD, px, buf, UI_TEXT, x, y, UI_AL_LEFT) + ui_px(12);
    const char *ph = js_phase_name(st->phase);
    x += ui_text_draw(t, UI_FONT_SANS, px, ph ? ph : "?", phase_col(st->phase), x, y, UI_AL_LEFT) + ui_px(22);
    int y0 = (rp->top.h - 2 * slh) / 2;
    /* both sides' figures; shortened when they would run off the bar (large UI scales) */
    for (int compact = 0; compact < 2; compact++) {
        int need = x;
        char l1[2][200], l2[2][120];
        for (int s = 0; s < 2; s++) {
            const char *pl = rp->rec->players[s][0] ? rp->rec->players[s] : (s ? "Player 2" : "Player 1");
            if (compact)
                snprintf(l1[s], sizeof l1[s], "%s", pl);
            else
                snprintf(l1[s], sizeof l1[s], "%s \xc2\xb7 %s", sc->sides[s].name, pl);
            snprintf(l2[s], sizeof l2[s], compact ? "E %d \xc2\xb7 VP %d \xc2\xb7 R %d" : "Energy %d \xc2\xb7 VP %d \xc2\xb7 Reserve %d",
                     st->energy[s], st->points[s], v->reserve_count[s]);
            int w1, w2, hh;
            ui_text_size(t, UI_FONT_BOLD, sm, l1[s], &w1, &hh);
            ui_text_size(t, UI_FONT_SANS, sm, l2[s], &w2, &hh);
            need += ui_px(10) + (w1 > w2 ? w1 : w2) + ui_px(20);
        }
        if (need > rp->w && !compact)
            continue;
        for (int s = 0; s < 2; s++) {
            ui_rgba sc_col = ui_side_col(sc, s);
            ui_fill_rect(r, (SDL_Rect){x, y0, ui_px(4), 2 * slh}, sc_col);
            x += ui_px(10);
            int w1 = ui_text_draw(t, UI_FONT_BOLD, sm, l1[s], sc_col, x, y0, UI_AL_LEFT);
            int w2 = ui_text_draw(t, UI_FONT_SANS, sm, l2[s], UI_TEXT, x, y0 + slh, UI_AL_LEFT);
            x += (w1 > w2 ? w1 : w2) + ui_px(20);
        }
        break;
    }
    /* right: the scenario */
    int sw, sh;
    ui_text_size(t, UI_FONT_BOLD, px, rp->scn_name, &sw, &sh);
    if (rp->w - ui_px(14) - sw > x)
        ui_text_draw(t, UI_FONT_BOLD, px, rp->scn_name, UI_TEXT_DIM, rp->w - ui_px(14), y, UI_AL_RIGHT);
}

static bool replay_log_visible(const void *ctx, const js_event *e)
{
    return js_event_visible(e, ((const ui_replay *)ctx)->viewer);
}

static void draw_log(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    const js_scenario *sc = js_game_scenario(rp->game);
    ui_panel(r, rp->log_rc, ui_col(10, 13, 24, 245), UI_EDGE);
    int px = ui_px(12), lh = ui_text_line_h(t, UI_FONT_SANS, px), pad = ui_px(8);
    char head[120];
    if (rp->viewer < 0)
        snprintf(head, sizeof head, "Battle log \xc2\xb7 everything");
    else
        snprintf(head, sizeof head, "Battle log \xc2\xb7 as %s saw it", side_name(sc, rp->viewer));
    ui_text_draw(t, UI_FONT_BOLD, ui_px(13), head, UI_TEXT_DIM, rp->log_rc.x + pad, rp->log_rc.y + pad / 2,
                 UI_AL_LEFT);
    int top = rp->log_rc.y + pad / 2 + lh + ui_px(6);
    /* the log as far as the board shows it: during an animation, up to the step on screen */
    int limit = js_log_count(rp->game);
    if (rp->animating)
        limit = bt_anim_log_limit(rp->anim, limit);
    int n = ui_log_body_draw(r, t, &rp->logwrap, rp->game, sc, limit, replay_log_visible, rp, rp->log_rc, top, pad,
                             &rp->log_scroll);
    if (n == 0)
        ui_text_draw(t, UI_FONT_SANS, px, "Nothing has happened yet.", UI_TEXT_DIM, rp->log_rc.x + pad, top,
                     UI_AL_LEFT);
    if (rp->log_scroll > 0)
        ui_text_draw(t, UI_FONT_SANS, px, "\xe2\x96\xbc newer below", UI_ACCENT, rp->log_rc.x + rp->log_rc.w - pad,
                     rp->log_rc.y + pad / 2, UI_AL_RIGHT);
}


static void draw_timeline(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    SDL_Rect tl = rp->tl;
    /* the track: turns as alternating bands, the played part brighter */
    ui_fill_rect(r, tl, ui_col(18, 22, 38, 255));
    int k0 = 0;
    for (int k = 1; k <= rp->n + 1; k++) {
        if (k <= rp->n && !rp_turn_mark(rp, k))
            continue;
        int x0 = rp_tl_x(rp, k0), x1 = rp_tl_x(rp, k > rp->n ? rp->n : k);
        if (x1 <= x0)
            x1 = x0 + 1;
        bool odd = rp->turn_at[k0] & 1;
        ui_fill_rect(r, (SDL_Rect){x0, tl.y, x1 - x0, tl.h}, odd ? ui_col(28, 34, 56, 255) : ui_col(22, 27, 46, 255));
        /* played part */
        int px = rp_tl_x(rp, rp->pos);
        if (px > x0) {
            int pw = (px < x1 ? px : x1) - x0;
            ui_fill_rect(r, (SDL_Rect){x0, tl.y, pw, tl.h}, odd ? ui_col(60, 74, 118, 255) : ui_col(52, 64, 104, 255));
        }
        char lab[16];
        snprintf(lab, sizeof lab, "T%d", rp->turn_at[k0]);
        int lw, lh2;
        ui_text_size(t, UI_FONT_BOLD, ui_px(11), lab, &lw, &lh2);
        if (x1 - x0 > lw + ui_px(8))
            ui_text_draw(t, UI_FONT_BOLD, ui_px(11), lab, UI_TEXT_DIM, x0 + ui_px(4), tl.y + (tl.h - lh2) / 2,
                         UI_AL_LEFT);
        ui_fill_rect(r, (SDL_Rect){x0, tl.y - ui_px(4), 2, tl.h + ui_px(8)}, ui_col(150, 164, 200, 255));
        k0 = k;
    }
    /* phase marks: short coloured ticks under the track */
    for (int k = 1; k <= rp->n; k++)
        if (rp_phase_mark(rp, k) && !rp_turn_mark(rp, k))
            ui_fill_rect(r, (SDL_Rect){rp_tl_x(rp, k), tl.y + tl.h - ui_px(7), 1 + ui_px(1), ui_px(7)},
                         ui_col_alpha(phase_col(rp->phase_at[k]), 220));
    ui_rect_outline(r, tl, ui_col(74, 94, 140, 255));
    /* the playhead */
    int hx = rp_tl_x(rp, rp->pos);
    ui_fill_rect(r, (SDL_Rect){hx - 1, tl.y - ui_px(6), 3, tl.h + ui_px(12)}, UI_ACCENT);
    tri(r, (float)hx - ui_px(7), (float)tl.y - ui_px(10), (float)hx + ui_px(7), (float)tl.y - ui_px(10), (float)hx,
        (float)tl.y - ui_px(2), UI_ACCENT);
    /* the hover: where a click would go */
    SDL_Rect hit = {tl.x - 6, tl.y - 6, tl.w + 12, tl.h + 22};
    if (ui_point_in(hit, rp->mx, rp->my) && !rp->scrubbing) {
        int k = rp_tl_pos_at(rp, rp->mx);
        int x = rp_tl_x(rp, k);
        ui_fill_rect(r, (SDL_Rect){x, tl.y, 1, tl.h}, ui_col(255, 255, 255, 160));
        char l1[120], l2[80];
        const char *ph = js_phase_name(rp->phase_at[k]);
        snprintf(l1, sizeof l1, "Turn %d \xc2\xb7 %s", rp->turn_at[k], ph ? ph : "?");
        snprintf(l2, sizeof l2, "command %d of %d \xc2\xb7 click to jump, drag to scrub", k, rp->n);
        const char *lines[2] = {l1, l2};
        ui_tooltip(t, r, rp->mx, rp->my - ui_px(70), lines, 2, rp->w, rp->h);
    }
}

static void draw_bar(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    ui_panel(r, rp->bar, ui_col(12, 16, 30, 252), UI_EDGE);
    draw_timeline(rp);
    int bh = ui_px(38), y = rp->bar.y + rp->bar.h - bh - ui_px(12), x = ui_px(18), gap = ui_px(6);
    int bw = ui_px(46);
    bool two = rp_bar_two_rows(rp);
    if (two)
        y -= bh + ui_px(8);
    bool back = rp->pos > 0, fwd = rp->pos < rp->n;
    /* the transport: back to the start, ..., play, ..., on to the end */
    const struct {
        const char *label;
        int icon, id, w;
        bool enabled, active;
        const char *tip;
    } tr[7] = {
        {"Start", I_START, RB_START, bw, back, false, "To the start (Home)"},
        {"Previous phase", I_PREV_PHASE, RB_PREV_PHASE, bw, back, false, "Previous phase ([ or Shift+Left)"},
        {"Step back", I_BACK, RB_BACK, bw, back, false, "Step back (Left)"},
        {rp->playing ? "Pause" : "Play", rp->playing ? I_PAUSE : I_PLAY, RB_PLAY, ui_px(64), rp->n > 0, true,
         rp->playing ? "Pause (Space)" : "Play (Space)"},
        {"Step forward", I_STEP, RB_STEP, bw, fwd, false, "Step forward (Right)"},
        {"Next phase", I_NEXT_PHASE, RB_NEXT_PHASE, bw, fwd, false, "Next phase (] or Shift+Right)"},
        {"End", I_END, RB_END, bw, fwd, false, "To the end (End)"},
    };
    for (int i = 0; i < 7; i++) {
        ctl(rp, (SDL_Rect){x, y, tr[i].w, bh}, tr[i].label, tr[i].icon, tr[i].id, 0, tr[i].enabled, tr[i].active,
            tr[i].tip);
        x += tr[i].w + (i < 6 ? gap : ui_px(18));
    }
    /* the turn: < Turn 3 > */
    int tbw = ui_px(30);
    ctl(rp, (SDL_Rect){x, y, tbw, bh}, "Previous turn", I_CHEV_L, RB_TURN_PREV, 0, back, false,
        "Previous turn (Page Up)");
    x += tbw;
    char buf[96];
    snprintf(buf, sizeof buf, "Turn %d", rp->turn_at[rp->pos]);
    int tw = ui_px(84);
    ui_fill_rect(r, (SDL_Rect){x, y, tw, bh}, ui_col(18, 22, 38, 255));
    ui_text_draw(t, UI_FONT_BOLD, ui_px(15), buf, UI_TEXT, x + tw / 2,
                 y + (bh - ui_text_line_h(t, UI_FONT_BOLD, ui_px(15))) / 2, UI_AL_CENTER);
    x += tw;
    ctl(rp, (SDL_Rect){x, y, tbw, bh}, "Next turn", I_CHEV_R, RB_TURN_NEXT, 0, fwd, false, "Next turn (Page Down)");
    x += tbw + ui_px(14);
    int lh = ui_text_line_h(t, UI_FONT_SANS, ui_px(12));
    int ytop = y;
    if (two) { /* the right group on a row of its own, under the playback controls */
        y += bh + ui_px(8);
    }
    /* right side: close, view, speed (laid out from the right edge) */
    int rx = rp->w - ui_px(18);
    int cw = ui_px(76);
    rx -= cw;
    ctl(rp, (SDL_Rect){rx, y, cw, bh}, "Close", 0, RB_CLOSE, 0, true, false, "Leave the replay (Esc)");
    rx -= ui_px(18);
    const js_scenario *sc = js_game_scenario(rp->game);
    int vw = ui_px(88);
    static const int vorder[3] = {0, 1, -1};
    for (int i = 2; i >= 0; i--) {
        int v = vorder[i];
        rx -= vw;
        char lab[48], tip[JS_REASON_LEN];
        if (v >= 0) {
            snprintf(lab, sizeof lab, "Side %c", 'A' + v);
            snprintf(tip, sizeof tip,
                     ui_replay_side_locked(rp, v) ? "See what %s saw: asks for its password first (%d)"
                                                  : "See what %s saw: its own secrets, not the other side's (%d)",
                     side_name(sc, v), v + 1);
        } else {
            snprintf(lab, sizeof lab, "Everything");
            snprintf(tip, sizeof tip, "%s",
                     rp->final_over ? "Both sides' secrets: plots, reserves, hands (3)"
                                    : "Only for a finished game: this record stops before the end");
        }
        ctl(rp, (SDL_Rect){rx, y, vw - 2, bh}, lab, 0, RB_VIEW, v, v >= 0 || rp->final_over, rp->viewer == v, tip);
    }
    rx -= ui_px(8);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), "View", UI_TEXT_DIM, rx, y + (bh - lh) / 2, UI_AL_RIGHT);
    rx -= ui_px(40);
    int sw = ui_px(42);
    for (int i = SPEEDS - 1; i >= 0; i--) {
        rx -= sw;
        ctl(rp, (SDL_Rect){rx, y, sw - 2, bh}, SPEED_LABEL[i], 0, RB_SPEED, i, true, rp->speed == i,
            i <= 2 ? "Playback speed (+ and -); moves are animated" : "Playback speed (+ and -); no animation");
    }
    rx -= ui_px(8);
    int sw2, sh2;
    ui_text_size(t, UI_FONT_SANS, ui_px(12), "Speed", &sw2, &sh2);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), "Speed", UI_TEXT_DIM, rx, y + (bh - lh) / 2, UI_AL_RIGHT);
    rx -= sw2 + ui_px(14);
    /* position and phase, where there is room between the two groups */
    const char *ph = js_phase_name(rp->phase_at[rp->pos]);
    char l1[64], l2[64];
    snprintf(l1, sizeof l1, "%s", ph ? ph : "?");
    snprintf(l2, sizeof l2, "command %d / %d", rp->pos, rp->n);
    int w1, w2, hh;
    ui_text_size(t, UI_FONT_BOLD, ui_px(13), l1, &w1, &hh);
    ui_text_size(t, UI_FONT_SANS, ui_px(12), l2, &w2, &hh);
    if (two) {
        y = ytop;
        rx = rp->w - ui_px(18);
    }
    if (x + (w1 > w2 ? w1 : w2) <= rx) {
        ui_text_draw(t, UI_FONT_BOLD, ui_px(13), l1, phase_col(rp->phase_at[rp->pos]), x, y + bh / 2 - lh, UI_AL_LEFT);
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), l2, UI_TEXT_DIM, x, y + bh / 2, UI_AL_LEFT);
    }
}

static void dump_layout(ui_replay *rp)
{
    const char *path = getenv("JS_UI_LAYOUT");
    if (!path || !*path)
        return;
    char *out = malloc(16384);
    if (!out)
        return;
    const char *ph = js_phase_name(rp->phase_at[rp->pos]);
    int n = snprintf(out, 16384,
                     "mode replay\npos %d %d\nturn %d\nphase %s\nviewer %d\nplaying %d\nanimating %d\nover %d\n"
                     "hash %016llx\n",
                     rp->pos, rp->n, rp->turn_at[rp->pos], ph ? ph : "?", rp->viewer, rp->playing, rp->animating,
                     rp->final_over, (unsigned long long)js_game_hash(rp->game));
    n += snprintf(out + n, 16384 - (size_t)n, "timeline %d %d %d %d\nturnmarks", rp->tl.x, rp->tl.y, rp->tl.w,
                  rp->tl.h);
    for (int k = 0; k <= rp->n && n < 12000; k++) /* turn T starts at x: "T:x" */
        if (rp_turn_mark(rp, k))
            n += snprintf(out + n, 16384 - (size_t)n, " %d:%d", rp->turn_at[k], rp_tl_x(rp, k));
    n += snprintf(out + n, 16384 - (size_t)n, "\n");
    ui_layout_put_buttons(out, n, 16384, &rp->buttons);
    free(out);
}

void ui_replay_draw(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    ui_text_frame(t);
    ui_clear(r, UI_BG);
    if (ui_replay_viewer_locked(rp))
        return; /* nothing of a locked side's view, not even behind the password box */
    ui_overlay o;
    ui_overlay_clear(&o);
    o.hover_on = rp->hover_on && !rp->dragging;
    o.hover = rp->hover;
    const js_view *v = rp->view;
    if (rp->animating) {
        bt_anim_overlay(rp->anim, &o);
        v = rp->anim->view;
    }
    ui_board_draw(rp->board, &rp->cam, v, &o);
    ui_buttons_begin(&rp->buttons);
    draw_topbar(rp);
    draw_log(rp);
    if (rp->animating)
        bt_anim_draw(rp->anim);
    /* the end: who won */
    if (!rp->animating && rp->pos == rp->n && rp->final_over) {
        const js_scenario *sc = js_game_scenario(rp->game);
        char buf[160];
        if (rp->final_winner >= 0)
            snprintf(buf, sizeof buf, "Game over \xe2\x80\x94 %s wins", side_name(sc, rp->final_winner));
        else
            snprintf(buf, sizeof buf, "Game over \xe2\x80\x94 a draw");
        const js_state *st = &rp->view->st;
        char sub[120];
        snprintf(sub, sizeof sub, "%s %d VP \xc2\xb7 %s %d VP", sc->sides[0].name, st->points[0], sc->sides[1].name,
                 st->points[1]);
        int tw, th;
        ui_text_size(t, UI_FONT_BOLD, ui_px(24), buf, &tw, &th);
        int pw = tw + ui_px(60), ph = ui_px(86);
        SDL_Rect pr = {rp->board_rc.x + (rp->board_rc.w - pw) / 2, rp->board_rc.y + rp->board_rc.h - ph - ui_px(16), pw,
                       ph};
        ui_rgba wc = rp->final_winner >= 0 ? ui_side_col(sc, rp->final_winner) : UI_ACCENT;
        ui_panel(r, pr, ui_col(10, 14, 26, 215), wc);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(24), buf, wc, pr.x + pw / 2, pr.y + ui_px(12), UI_AL_CENTER);
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), sub, UI_TEXT, pr.x + pw / 2, pr.y + ui_px(52), UI_AL_CENTER);
    } else if (rp->pos == rp->n && !rp->final_over && rp->n > 0) {
        const char *s = "The record ends here: the game was not finished";
        int tw, th;
        ui_text_size(t, UI_FONT_SANS, ui_px(14), s, &tw, &th);
        SDL_Rect pr = {rp->board_rc.x + (rp->board_rc.w - tw) / 2 - ui_px(14), rp->board_rc.y + ui_px(14),
                       tw + ui_px(28), th + ui_px(14)};
        ui_panel(r, pr, ui_col(10, 14, 26, 235), UI_EDGE);
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), s, UI_TEXT, pr.x + ui_px(14), pr.y + ui_px(7), UI_AL_LEFT);
    }
    draw_bar(rp);
    if (rp->msg_t > 0 && rp->msg[0]) {
        int px = ui_px(14), tw, th;
        ui_text_size(t, UI_FONT_SANS, px, rp->msg, &tw, &th);
        SDL_Rect rc = {rp->board_rc.x + (rp->board_rc.w - tw) / 2 - ui_px(12),
                       rp->board_rc.y + rp->board_rc.h - th - ui_px(24), tw + ui_px(24), th + ui_px(12)};
        int a = rp->msg_t > 1 ? 240 : (int)(240 * rp->msg_t);
        ui_panel(r, rc, ui_col(40, 20, 20, a), ui_col(220, 120, 90, a));
        ui_text_draw(t, UI_FONT_SANS, px, rp->msg, ui_col_alpha(UI_TEXT, a), rc.x + ui_px(12), rc.y + ui_px(6),
                     UI_AL_LEFT);
    }
    if (rp->buttons.hot >= 0 && rp->buttons.b[rp->buttons.hot].tip[0]) {
        const char *tip = rp->buttons.b[rp->buttons.hot].tip;
        ui_tooltip(t, r, rp->mx, rp->my - ui_px(60), &tip, 1, rp->w, rp->h);
    } else if (rp->hover_on && !rp->dragging) {
        char lines[12][96];
        int n = ui_board_describe_hex(v, rp->hover, lines, 12);
        const char *ptr[12];
        for (int i = 0; i < n; i++)
            ptr[i] = lines[i];
        if (n > 1 || (n == 1 && strstr(lines[0], "open space") == NULL))
            ui_tooltip(t, r, rp->mx, rp->my, ptr, n, rp->w, rp->h);
    }
    dump_layout(rp);
}
