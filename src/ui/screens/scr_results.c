/* scr_results.c — the end of a battle: the winner, where the victory points came from, the
 * losses of each side, a chart of points by turn (from the log's JS_EV_POINTS events), and
 * "watch the replay" (the record goes to the replay viewer). */
#include "ui_screens.h"
#include "online_record.h"
#include "results_sum.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RS_REPLAY = 1, RS_BOARD, RS_TITLE, RS_NEW };

typedef struct results {
    ui_screen base;
    js_scenario *scn;
    char players[JS_SIDES][JS_NAME_LEN];
    char record[1100];
    int home;                               /* the one human against the computer, else -1 */
    char verdict[160];                      /* the line under the winner, to the player */
    char why[JS_TEXT_LEN];
    ui_results_sum s;                       /* the winner, points by turn, each side's sums */
    int focus;                              /* the highlighted button: Enter presses it */
    /* an online game's: the record comes from the server (online_record.h); until it is kept,
     * Watch the replay waits (or, after a failure, tries again) */
    ui_online_record *orec;
    ui_orec_state ostate;
    char owhy[700];
} results;

static const int ORDER[3] = {RS_BOARD, RS_REPLAY, RS_TITLE}; /* left to right, as drawn */

/* Tab / arrows move the highlight over the buttons that can be pressed. */
static void move_focus(results *r, int dir)
{
    int i = 0;
    while (i < 3 && ORDER[i] != r->focus)
        i++;
    for (int k = 0; k < 3; k++) {
        i = (i + dir + 3) % 3;
        if (ORDER[i] != RS_REPLAY || r->record[0] || r->orec) {
            r->focus = ORDER[i];
            return;
        }
    }
}

static void analyse(results *r, const js_game *g)
{
    const js_state *st = js_game_state(g);
    ui_results_begin(&r->s, st);
    for (int i = 0; i < js_log_count(g); i++) {
        const js_event *e = js_log_at(g, i);
        if (e->type == JS_EV_GAME_OVER) /* its typed fields: the sentence ended on a bare winner's name */
            ui_results_why(st, e, r->why, sizeof r->why);
        ui_results_add(&r->s, st, e);
    }
    ui_results_end(&r->s, st);
}

static void results_event(ui_screen *sc, ui_app *a, const SDL_Event *e)
{
    results *r = (results *)sc;
    int id = 0;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE || k == SDLK_b)
            id = RS_BOARD;
        else if (k == SDLK_w || k == SDLK_r)
            id = RS_REPLAY;
        else if (k == SDLK_t)
            id = RS_TITLE;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
            id = r->focus;
        else if (k == SDLK_TAB || k == SDLK_RIGHT || k == SDLK_LEFT)
            move_focus(r, k == SDLK_LEFT || (e->key.keysym.mod & KMOD_SHIFT) ? -1 : 1);
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b)
            id = b->id;
    }
    if (id == RS_BOARD) {
        ui_app_pop(a);
        if (r->orec)
            ui_app_toast(a, "The final board as your side saw it. R: the results again \xc2\xb7 Esc: Play online");
        else
            ui_app_toast(a, "The final board, with everything visible. R: the results again \xc2\xb7 Ctrl+Q: the title screen");
    } else if (id == RS_REPLAY) {
        char err[700];
        if (r->orec && r->ostate == UI_OREC_FAILED) {
            ui_online_record_retry(r->orec);
            r->ostate = UI_OREC_FETCHING;
            return;
        }
        if (r->orec && !r->record[0])
            return; /* still on its way: the button says so */
        if (!r->record[0]) {
            ui_app_toast(a, "This game kept no record to replay.");
            return;
        }
        ui_screen *s = ui_scr_replay(a, r->record, err, sizeof err);
        if (s)
            ui_app_push(a, s);
        else
            ui_app_toast(a, "Cannot open the replay: %s", err);
    } else if (id == RS_TITLE) {
        if (!r->orec || !ui_app_pop_to(a, "online")) /* an online game's: back to My games */
            ui_app_home(a);
    }
}

static void draw_chart(results *r, ui_app *a, SDL_Rect rc)
{
    SDL_Renderer *rd = a->g.r;
    ui_text *t = a->g.text;
    ui_panel(rd, rc, ui_col(10, 13, 26, 240), UI_EDGE);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(14), "Victory points by turn", UI_TEXT, rc.x + ui_px(14), rc.y + ui_px(10), UI_AL_LEFT);
    int turns = r->s.turns < 1 ? 1 : r->s.turns;
    int maxp = 1;
    for (int sd = 0; sd < 2; sd++)
        for (int k = 0; k <= turns; k++)
            if (r->s.by_turn[sd][k] > maxp)
                maxp = r->s.by_turn[sd][k];
    if (r->scn->target_points > maxp)
        maxp = r->scn->target_points;
    /* a round scale: four steps of 1, 2, 5, 10, 20, 25, 50 ... */
    static const int steps[] = {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] * 4 >= maxp) {
            maxp = steps[i] * 4;
            break;
        }
    SDL_Rect pl = {rc.x + ui_px(44), rc.y + ui_px(40), rc.w - ui_px(64), rc.h - ui_px(72)};
    /* grid */
    for (int g = 0; g <= 4; g++) {
        int y = pl.y + pl.h - pl.h * g / 4;
        ui_fill_rect(rd, (SDL_Rect){pl.x, y, pl.w, 1}, ui_col(50, 60, 90, 140));
        char lab[16];
        snprintf(lab, sizeof lab, "%d", maxp * g / 4);
        ui_text_draw(t, UI_FONT_SANS, ui_px(11), lab, UI_TEXT_DIM, pl.x - ui_px(6), y - ui_px(7), UI_AL_RIGHT);
    }
    if (r->scn->target_points > 0) {
        int y = pl.y + pl.h - pl.h * r->scn->target_points / maxp;
        ui_dashed_line(rd, (float)pl.x, (float)y, (float)(pl.x + pl.w), (float)y, 1.5f, 6, 5, ui_col_alpha(UI_ACCENT, 160));
        ui_text_draw(t, UI_FONT_SANS, ui_px(11), "target", UI_ACCENT, pl.x + pl.w, y - ui_px(16), UI_AL_RIGHT);
    }
    for (int k = 0; k <= turns; k++) {
        int x = pl.x + pl.w * k / turns;
        if (turns <= 16 || k % 2 == 0) {
            char lab[12];
            snprintf(lab, sizeof lab, "%d", k);
            ui_text_draw(t, UI_FONT_SANS, ui_px(11), lab, UI_TEXT_DIM, x, pl.y + pl.h + ui_px(4), UI_AL_CENTER);
        }
    }
    for (int sd = 0; sd < 2; sd++) {
        ui_rgba c = ui_side_col(r->scn, sd);
        float px = 0, py = 0;
        for (int k = 0; k <= turns; k++) {
            float x = pl.x + (float)pl.w * k / turns;
            float y = pl.y + pl.h - (float)pl.h * r->s.by_turn[sd][k] / maxp + (sd ? 1.5f : -1.5f);
            if (k > 0)
                ui_line(rd, px, py, x, y, 3.0f, c);
            ui_disc(rd, x, y, 3.5f, c);
            px = x;
            py = y;
        }
    }
}

/* A loss is never good news: red for any ship destroyed or disabled, plain for none. */
static bool loss_bad(const ui_side_sum *s) { return s->lost_ships || s->disabled_ships; }

static void draw_side(results *r, ui_app *a, int sd, SDL_Rect rc)
{
    SDL_Renderer *rd = a->g.r;
    ui_text *t = a->g.text;
    const ui_side_sum *s = &r->s.sum[sd];
    ui_rgba c = ui_side_col(r->scn, sd);
    bool won = r->s.winner == sd;
    ui_panel(rd, rc, ui_col(14, 18, 34, 240), won ? UI_ACCENT : ui_col_shade(c, -0.35f));
    ui_fill_rect(rd, (SDL_Rect){rc.x, rc.y, ui_px(5), rc.h}, c);
    int x = rc.x + ui_px(20), y = rc.y + ui_px(12);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(18), r->scn->sides[sd].name, c, x, y, UI_AL_LEFT);
    char buf[160];
    snprintf(buf, sizeof buf, "%d VP", s->points);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(30), buf, won ? UI_ACCENT : UI_TEXT, rc.x + rc.w - ui_px(18), y - ui_px(4), UI_AL_RIGHT);
    y += ui_px(24);
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), r->players[sd], UI_TEXT_DIM, x, y, UI_AL_LEFT);
    y += ui_px(30);
    snprintf(buf, sizeof buf, "Enemy ships destroyed: %d VP", s->pts_destroyed);
    ui_text_draw(t, UI_FONT_SANS, ui_px(14), buf, UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_px(20);
    snprintf(buf, sizeof buf, "Enemy ships disabled at the end: %d VP", s->pts_disabled);
    ui_text_draw(t, UI_FONT_SANS, ui_px(14), buf, UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_px(20);
    if (s->pts_other) {
        snprintf(buf, sizeof buf, "Captures: %d VP", s->pts_other);
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), buf, UI_TEXT, x, y, UI_AL_LEFT);
        y += ui_px(20);
    }
    y += ui_px(8);
    ui_results_losses(s, buf, sizeof buf);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(14), buf, loss_bad(s) ? UI_BAD : UI_TEXT, x, y,
                 UI_AL_LEFT);
    y += ui_px(28);
    /* the scoring lines, two columns, as many as fit; the rest counted */
    int colw = (rc.w - ui_px(40)) / 2, rows = (rc.y + rc.h - ui_px(24) - y) / ui_px(17);
    if (rows < 0)
        rows = 0;
    int shown = s->nitems < rows * 2 ? s->nitems : rows * 2;
    if (shown < s->nitems + s->more && shown > 0 && shown == rows * 2)
        shown--; /* room for the count */
    for (int i = 0; i < shown; i++)
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), s->items[i], UI_TEXT_DIM, x + ui_px(8) + (i / rows) * colw,
                     y + (i % rows) * ui_px(17), UI_AL_LEFT);
    int rest = s->nitems - shown + s->more;
    if (rest > 0 && rows > 0) {
        snprintf(buf, sizeof buf, "\xe2\x80\xa6 and %d more", rest);
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), buf, UI_TEXT_DIM, x + ui_px(8) + (shown / rows) * colw,
                     y + (shown % rows) * ui_px(17), UI_AL_LEFT);
    }
}

/* The page is laid out for about 1100 x 720 at 100 % (its design size: the stack draws it at a
 * smaller scale than the setting when the window would not hold it). */
static void results_draw(ui_screen *sc, ui_app *a)
{
    results *r = (results *)sc;
    SDL_Renderer *rd = a->g.r;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    char head[200];
    if (r->s.winner >= 0)
        snprintf(head, sizeof head, "%s wins", r->scn->sides[r->s.winner].name);
    else
        snprintf(head, sizeof head, "A draw");
    ui_rgba hc = r->s.winner >= 0 ? ui_side_col(r->scn, r->s.winner) : UI_TEXT;
    int cx = a->w / 2, y = ui_px(34);
    ui_text_draw(t, UI_FONT_SANS, ui_px(15), r->scn->name, UI_TEXT_DIM, cx, y, UI_AL_CENTER);
    y += ui_px(22);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(52), head, hc, cx, y, UI_AL_CENTER);
    y += ui_text_line_h(t, UI_FONT_BOLD, ui_px(52));
    if (r->verdict[0]) {
        ui_text_draw(t, UI_FONT_SANS, ui_px(17), r->verdict, UI_TEXT, cx, y, UI_AL_CENTER);
        y += ui_px(26);
    }
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), r->why, UI_TEXT_DIM, cx, y, UI_AL_CENTER);
    y += ui_px(34);
    int m = ui_px(48), gap = ui_px(18);
    int bottom = a->h - ui_px(r->orec ? 130 : 90); /* an online game's: room for how its record stands */
    int sw = (a->w - 2 * m - gap) / 2;
    int sh = (bottom - y) * 44 / 100;
    draw_side(r, a, 0, (SDL_Rect){m, y, sw, sh});
    draw_side(r, a, 1, (SDL_Rect){m + sw + gap, y, sw, sh});
    y += sh + gap;
    draw_chart(r, a, (SDL_Rect){m, y, a->w - 2 * m, bottom - y});
    (void)rd;
    int bh = ui_px(46);
    /* the highlighted button is the one Enter presses (Tab and the arrows move it) */
    ui_button_add(&a->buttons, t, a->g.r, (SDL_Rect){m, a->h - ui_px(70), ui_px(200), bh}, "See the final board", RS_BOARD,
                  0, 0, true, r->focus == RS_BOARD,
                  r->orec ? "The board as your side saw it at the end; the replay shows everything (B, Esc)"
                          : "Everything is visible now the game is over (B, Esc)",
                  a->mx, a->my);
    const char *rlabel = "Watch the replay", *rtip = r->record[0] ? "From the first command (W)" : "no record was kept";
    if (r->orec && r->ostate == UI_OREC_FETCHING)
        rlabel = "Fetching the replay\xe2\x80\xa6", rtip = "The server's full record is on its way";
    else if (r->orec && r->ostate == UI_OREC_FAILED)
        rlabel = "Try the replay again", rtip = "Ask the server for the record again (W)";
    ui_button_add(&a->buttons, t, a->g.r, (SDL_Rect){cx - ui_px(120), a->h - ui_px(70), ui_px(240), bh}, rlabel,
                  RS_REPLAY, 0, 0, r->record[0] != 0 || (r->orec && r->ostate == UI_OREC_FAILED), r->focus == RS_REPLAY,
                  rtip, a->mx, a->my);
    if (r->orec && r->ostate == UI_OREC_FAILED) {
        char said[900];
        snprintf(said, sizeof said, "The replay could not be fetched: %s. Nothing is lost (the game stays on the "
                 "server): Try the replay again.", r->owhy);
        ui_text_wrap(t, UI_FONT_SANS, ui_px(13), said, UI_BAD, m, a->h - ui_px(124), a->w - 2 * m);
    }
    else if (r->orec && r->ostate == UI_OREC_READY)
        ui_text_draw(t, UI_FONT_SANS, ui_px(13), "The record is kept in your saves: Load lists it.", UI_TEXT_DIM, cx,
                     a->h - ui_px(112), UI_AL_CENTER);
    ui_button_add(&a->buttons, t, a->g.r, (SDL_Rect){a->w - m - ui_px(200), a->h - ui_px(70), ui_px(200), bh},
                  r->orec ? "Play online" : "Title screen", RS_TITLE, 0, 0, true, r->focus == RS_TITLE,
                  r->orec ? "Back to Play online: My games (T)" : "Back to the title (T)", a->mx, a->my);
    ui_scr_tooltips(a);
    char extra[3600];
    snprintf(extra, sizeof extra,
             "winner %d\npoints %d %d\nlosses %d %d\ndisabled %d %d\nlosses_red %d %d\nfocus %d\n"
             "vp_destroyed %d %d\nvp_disabled %d %d\nverdict %s\nrecord %s\nrecord_state %d\nrecord_why %s\nwhy %s\n",
             r->s.winner, r->s.sum[0].points, r->s.sum[1].points, r->s.sum[0].lost_ships, r->s.sum[1].lost_ships,
             r->s.sum[0].disabled_ships, r->s.sum[1].disabled_ships, loss_bad(&r->s.sum[0]), loss_bad(&r->s.sum[1]), r->focus,
             r->s.sum[0].pts_destroyed, r->s.sum[1].pts_destroyed, r->s.sum[0].pts_disabled, r->s.sum[1].pts_disabled, r->verdict,
             r->record[0] ? r->record : "-", r->orec ? (int)r->ostate : -1, r->owhy[0] ? r->owhy : "-",
             r->why[0] ? r->why : "-");
    ui_app_layout(a, "results", extra);
}

/* An online game's record: taken as it comes (its answer wakes the loop). */
static bool results_update(ui_screen *sc, ui_app *a, double dt)
{
    (void)dt;
    results *r = (results *)sc;
    if (!r->orec)
        return false;
    ui_orec_state was = r->ostate;
    r->ostate = ui_online_record_poll(r->orec, r->record, sizeof r->record, r->owhy, sizeof r->owhy);
    if (r->ostate != was) {
        a->dirty = true;
        if (r->ostate == UI_OREC_READY && r->focus != RS_BOARD)
            r->focus = RS_REPLAY;
    }
    return false;
}

static void results_close(ui_screen *sc, ui_app *a)
{
    (void)a;
    results *r = (results *)sc;
    ui_online_record_free(r->orec);
    free(r->scn);
    free(r);
}

/* The line under the winner. Against the computer it speaks to the one human, who is not
 * congratulated on the computer's win; between two humans (or two computers) it names the winner. */
static void verdict(results *r)
{
    r->verdict[0] = 0;
    if (r->s.winner < 0)
        return;
    if (r->home >= 0 && r->s.winner != r->home)
        snprintf(r->verdict, sizeof r->verdict, "%s wins this one, %s. The replay shows how it played.",
                 r->players[r->s.winner], r->players[r->home]);
    else if (r->home >= 0)
        snprintf(r->verdict, sizeof r->verdict, "Congratulations, %s: you beat %s.", r->players[r->home],
                 r->players[1 - r->home]);
    else
        snprintf(r->verdict, sizeof r->verdict, "Congratulations, %s.", r->players[r->s.winner]);
}

ui_screen *ui_scr_results(ui_app *a, const js_game *game, const char players[JS_SIDES][JS_NAME_LEN], const char *record_path,
                          int home)
{
    (void)a;
    results *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->scn = malloc(sizeof *r->scn);
    if (!r->scn) {
        free(r);
        return NULL;
    }
    *r->scn = *js_game_scenario(game);
    r->base.name = "results";
    r->base.design_w = 1100; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    r->base.design_h = 720;
    r->base.event = results_event;
    r->base.draw = results_draw;
    r->base.close = results_close;
    for (int s = 0; s < JS_SIDES; s++)
        snprintf(r->players[s], JS_NAME_LEN, "%s", players && players[s][0] ? players[s] : (s ? "Player 2" : "Player 1"));
    snprintf(r->record, sizeof r->record, "%s", record_path ? record_path : "");
    r->home = home >= 0 && home < JS_SIDES ? home : -1;
    analyse(r, game);
    verdict(r);
    r->focus = r->record[0] ? RS_REPLAY : RS_TITLE;
    return &r->base;
}

ui_screen *ui_scr_results_online(ui_app *a, const js_game *game, const char players[JS_SIDES][JS_NAME_LEN], int home,
                                 int winner, const char *why, struct ui_online_record *orec)
{
    ui_screen *sc = ui_scr_results(a, game, players, NULL, home);
    if (!sc) {
        ui_online_record_free(orec);
        return NULL;
    }
    results *r = (results *)sc;
    r->orec = orec;
    r->base.update = results_update;
    if (winner >= -1 && winner < JS_SIDES && winner != r->s.winner) /* the server's end: a resignation */
        r->s.winner = winner;
    if (!r->why[0] && why)
        snprintf(r->why, sizeof r->why, "%s", why);
    verdict(r);
    if (orec) {
        r->ostate = ui_online_record_poll(orec, r->record, sizeof r->record, r->owhy, sizeof r->owhy);
        r->focus = RS_REPLAY;
    }
    return sc;
}
