/* ui_replay.c — the replay viewer (see ui_replay.h).
 *
 * Positions: position k is the game after the record's first k commands (0 = the opening).
 * Per position the viewer keeps the turn, the phase and the log length, computed once when the
 * record is opened; these give the timeline's marks and the visible-step rule. The game itself
 * is kept only at the current position: forward applies commands, back re-runs from a clone of
 * the opening (the engine is fast: see ui_replay_last_seek_ms).
 *
 * Animation borrows the battle screen's anim.c through a small host ui_battle that holds only
 * the animation fields (its game pointer is this viewer's game). */
#include "ui_replay.h"
#include "ui_screens.h"
#include "battle/bt_anim.h"
#include "battle/logwrap.h"
#include "battle/ui_saves.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
    RB_NONE = 0, RB_START, RB_PREV_PHASE, RB_BACK, RB_PLAY, RB_STEP, RB_NEXT_PHASE, RB_END,
    RB_SPEED, RB_VIEW, RB_CLOSE, RB_TIMELINE, RB_TURN_PREV, RB_TURN_NEXT
};
enum { I_NONE = 0, I_START, I_PREV_PHASE, I_BACK, I_PLAY, I_PAUSE, I_STEP, I_NEXT_PHASE, I_END, I_CHEV_L, I_CHEV_R };
enum { SPEEDS = 5 };
static const double SPEED_X[SPEEDS] = {0.5, 1, 2, 4, 8};
static const char *const SPEED_LABEL[SPEEDS] = {"0.5x", "1x", "2x", "4x", "8x"};

struct ui_replay {
    ui_gfx *g;
    ui_board *board;
    ui_camera cam;
    bool cam_fitted;
    int w, h;
    SDL_Rect top, board_rc, log_rc, bar, tl;

    char path[1024];
    jsd_record *rec;
    js_game *base;             /* the opening position (cloned to go back) */
    js_game *game;             /* the current position */
    js_game *full;             /* the whole record played (its log holds every event) */
    int n, pos;
    int16_t *turn_at;          /* per position 0..n */
    int8_t *phase_at;
    int32_t *logn;
    bool final_over;
    int final_winner;
    char scn_name[64];

    int viewer;                /* 0, 1, -1 everything */
    bool unlocked[JS_SIDES];   /* the side's password was given (ui_replay_unlock) */
    int ask_unlock;            /* a locked side's view was asked for (-1 none) */
    js_view *view;
    js_view *prev;             /* scratch: the view before a step */
    bool playing;
    int speed;                 /* index into SPEED_X */
    double wait_t;
    ui_battle *anim;           /* animation host */
    bool animating;

    ui_buttons buttons;
    int mx, my;
    bool hover_on;
    js_hex hover;
    bool dragging, drag_moved, scrubbing;
    int drag_x, drag_y;
    int log_scroll;
    ui_logwrap *logwrap;       /* the log's wrapped lines, per event (logwrap.h) */
    bool quit;
    double seek_ms;
    char msg[600];
    double msg_t;
};

static double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

static void note(ui_replay *rp, const char *fmt, const char *arg)
{
    snprintf(rp->msg, sizeof rp->msg, fmt, arg);
    rp->msg_t = 4.0;
}

static void rebuild_view(ui_replay *rp) { js_view_build(rp->game, rp->viewer, rp->view); }

/* ----------------------------------------------------------------- open / close */

static bool host_create(ui_replay *rp)
{
    ui_battle *h = calloc(1, sizeof *h);
    if (!h)
        return false;
    h->g = rp->g;
    h->anim_view = malloc(sizeof *h->anim_view);
    h->anim_final = malloc(sizeof *h->anim_final);
    h->actor = JS_SIDE_NONE;
    h->speed = 1;
    rp->anim = h;
    return h->anim_view && h->anim_final;
}

static void host_destroy(ui_battle *h)
{
    if (!h)
        return;
    free(h->anim_view);
    free(h->anim_final);
    free(h->anim_ev);
    free(h->anim_idx);
    free(h);
}

ui_replay *ui_replay_create(ui_gfx *g, const char *path, char *err, size_t cap)
{
    ui_replay *rp = calloc(1, sizeof *rp);
    if (!rp) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    rp->g = g;
    rp->w = 1280;
    rp->h = 800;
    rp->speed = 1;
    snprintf(rp->path, sizeof rp->path, "%s", path);
    /* load and check every hash once (ui_saves_rebuild), then walk it again from the opening to
     * learn each position's turn, phase and log length */
    if (!ui_saves_rebuild(path, &rp->rec, &rp->full, err, cap))
        goto fail;
    jsd_error je;
    rp->base = jsd_record_start(rp->rec, path, &je);
    if (!rp->base) {
        snprintf(err, cap, "%s", je.msg);
        goto fail;
    }
    rp->n = rp->rec->ncmds;
    size_t np = (size_t)rp->n + 1;
    rp->turn_at = malloc(np * sizeof *rp->turn_at);
    rp->phase_at = malloc(np * sizeof *rp->phase_at);
    rp->logn = malloc(np * sizeof *rp->logn);
    rp->view = malloc(sizeof *rp->view);
    rp->prev = malloc(sizeof *rp->prev);
    rp->board = ui_board_create(g);
    rp->game = js_game_clone(rp->base);
    if (!rp->turn_at || !rp->phase_at || !rp->logn || !rp->view || !rp->prev || !rp->board || !rp->game || !host_create(rp)) {
        snprintf(err, cap, "out of memory");
        goto fail;
    }
    js_game *walk = js_game_clone(rp->base);
    if (!walk) {
        snprintf(err, cap, "out of memory");
        goto fail;
    }
    for (int k = 0; k <= rp->n; k++) {
        if (k > 0)
            js_submit(walk, &rp->rec->cmds[k - 1], NULL, 0); /* checked by ui_saves_rebuild */
        const js_state *st = js_game_state(walk);
        rp->turn_at[k] = st->turn;
        rp->phase_at[k] = st->phase;
        rp->logn[k] = js_log_count(walk);
    }
    js_game_destroy(walk);
    const js_state *fin = js_game_state(rp->full);
    rp->final_over = fin->phase == JS_PHASE_OVER;
    rp->final_winner = fin->winner;
    const js_scenario *sc = js_game_scenario(rp->base);
    snprintf(rp->scn_name, sizeof rp->scn_name, "%s", sc->name[0] ? sc->name : sc->id);
    rp->ask_unlock = -1;
    /* a game in progress shows a side's secrets: a side with a password stays locked until it is
     * given (ui_replay_unlock); with both locked the screen shows nothing but the question */
    rp->viewer = rp->final_over ? -1 : ui_replay_side_locked(rp, JS_SIDE_A) && !ui_replay_side_locked(rp, JS_SIDE_B)
                                           ? JS_SIDE_B
                                           : JS_SIDE_A;
    rp->anim->game = rp->game;
    rebuild_view(rp);
    return rp;
fail:
    ui_replay_destroy(rp);
    return NULL;
}

void ui_replay_destroy(ui_replay *rp)
{
    if (!rp)
        return;
    if (rp->game)
        js_game_destroy(rp->game);
    if (rp->base)
        js_game_destroy(rp->base);
    if (rp->full)
        js_game_destroy(rp->full);
    jsd_record_free(rp->rec);
    free(rp->turn_at);
    free(rp->phase_at);
    free(rp->logn);
    free(rp->view);
    free(rp->prev);
    ui_board_destroy(rp->board);
    ui_logwrap_destroy(rp->logwrap);
    host_destroy(rp->anim);
    free(rp);
}

/* ----------------------------------------------------------------- positions */

int ui_replay_count(const ui_replay *rp) { return rp->n; }
int ui_replay_pos(const ui_replay *rp) { return rp->pos; }
uint64_t ui_replay_hash(const ui_replay *rp) { return js_game_hash(rp->game); }
int ui_replay_turn(const ui_replay *rp) { return rp->turn_at[rp->pos]; }
const js_view *ui_replay_view(const ui_replay *rp) { return rp->view; }
const js_game *ui_replay_game(const ui_replay *rp) { return rp->game; }
double ui_replay_last_seek_ms(const ui_replay *rp) { return rp->seek_ms; }
bool ui_replay_playing(const ui_replay *rp) { return rp->playing; }
bool ui_replay_animating(const ui_replay *rp) { return rp->animating; }
int ui_replay_viewer(const ui_replay *rp) { return rp->viewer; }
bool ui_replay_can_view_all(const ui_replay *rp) { return rp->final_over; }
bool ui_replay_quit(const ui_replay *rp) { return rp->quit; }

bool ui_replay_side_locked(const ui_replay *rp, int side)
{
    return !rp->final_over && side >= 0 && side < JS_SIDES && rp->rec->passwords[side] && !rp->unlocked[side];
}

bool ui_replay_viewer_locked(const ui_replay *rp) { return ui_replay_side_locked(rp, rp->viewer); }

int ui_replay_unlock_request(ui_replay *rp)
{
    int s = rp->ask_unlock;
    rp->ask_unlock = -1;
    return s;
}

int ui_replay_unlock(ui_replay *rp, uint64_t digest)
{
    for (int s = 0; s < JS_SIDES && digest; s++)
        if (rp->rec->passwords[s] == digest) {
            rp->unlocked[s] = true;
            ui_replay_set_viewer(rp, s);
            return s;
        }
    return -1;
}

static void stop_anim(ui_replay *rp)
{
    if (rp->animating)
        bt_anim_skip(rp->anim);
    rp->animating = false;
}

/* Move the game to position `to` without animation. */
static bool seek_raw(ui_replay *rp, int to)
{
    if (to < 0)
        to = 0;
    if (to > rp->n)
        to = rp->n;
    double t0 = now_ms();
    if (to < rp->pos) {
        js_game *g = js_game_clone(rp->base);
        if (!g) {
            note(rp, "%s", "out of memory");
            return false;
        }
        js_game_destroy(rp->game);
        rp->game = g;
        rp->anim->game = g;
        rp->pos = 0;
    }
    /* every hash was checked when the record was opened; here only the one we land on */
    while (rp->pos < to) {
        char reason[JS_REASON_LEN] = "";
        const js_cmd *c = &rp->rec->cmds[rp->pos];
        js_status st = js_submit(rp->game, c, reason, sizeof reason);
        if ((st != JS_OK && st != JS_ERR_NEED_DIE) ||
            (rp->pos + 1 == to && js_game_hash(rp->game) != rp->rec->hashes[rp->pos])) {
            char m[400];
            snprintf(m, sizeof m, "commands[%d] does not replay (%s)", rp->pos, reason[0] ? reason : "hash differs");
            note(rp, "%s", m);
            rp->playing = false;
            break;
        }
        rp->pos++;
    }
    rp->seek_ms = now_ms() - t0;
    rebuild_view(rp);
    return rp->pos == to;
}

bool ui_replay_seek(ui_replay *rp, int pos)
{
    stop_anim(rp);
    return seek_raw(rp, pos);
}

static bool animatable(const js_event *e)
{
    switch (e->type) {
    case JS_EV_MOVE: case JS_EV_TURNED: case JS_EV_LAUNCH: case JS_EV_MISSILE_LAUNCH:
    case JS_EV_MISSILE_FLY: case JS_EV_MISSILE_GONE: case JS_EV_POD_LAUNCH: case JS_EV_POD_MOVE:
    case JS_EV_POD_REMOVED: case JS_EV_ROLL: case JS_EV_DISABLED: case JS_EV_DESTROYED:
    case JS_EV_DAMAGE:
        return e->vis == JS_BOTH_SIDES;
    default:
        return false;
    }
}

/* Forward a little, animating what both sides saw happen (at speeds up to 2x). */
static void advance(ui_replay *rp, int to)
{
    stop_anim(rp);
    int from = rp->pos;
    memcpy(rp->prev, rp->view, sizeof *rp->prev); /* the board as it was: the animation starts there */
    seek_raw(rp, to);
    bool anim = false;
    if (rp->speed <= 2)
        for (int i = rp->logn[from]; i < rp->logn[rp->pos] && !anim; i++)
            anim = animatable(js_log_at(rp->game, i));
    if (anim) {
        rp->anim->actor = rp->viewer;
        rp->anim->speed = rp->speed;
        rp->anim->board_rc = rp->board_rc;
        bt_anim_start(rp->anim, rp->prev, rp->logn[from]);
        rp->animating = true;
    }
}

/* Would reaching position k (k >= 1) change anything the viewer may see? */
static bool visible_at(const ui_replay *rp, int k)
{
    if (rp->viewer < 0 || rp->rec->cmds[k - 1].side == rp->viewer)
        return true;
    if (rp->turn_at[k] != rp->turn_at[k - 1] || rp->phase_at[k] != rp->phase_at[k - 1])
        return true;
    for (int i = rp->logn[k - 1]; i < rp->logn[k]; i++)
        if (js_event_visible(js_log_at(rp->full, i), rp->viewer))
            return true;
    return false;
}

void ui_replay_step(ui_replay *rp, int dir)
{
    rp->playing = false;
    if (dir > 0) {
        int k = rp->pos + 1;
        while (k < rp->n && !visible_at(rp, k))
            k++;
        if (k <= rp->n)
            advance(rp, k);
    } else {
        int k = rp->pos - 1;
        while (k > 0 && !visible_at(rp, k))
            k--;
        if (k >= 0)
            ui_replay_seek(rp, k);
    }
}

static bool is_phase_mark(const ui_replay *rp, int k)
{
    return k == 0 || rp->turn_at[k] != rp->turn_at[k - 1] || rp->phase_at[k] != rp->phase_at[k - 1];
}

static bool is_turn_mark(const ui_replay *rp, int k) { return k == 0 || rp->turn_at[k] != rp->turn_at[k - 1]; }

/* To the start of the next segment, or of the one before the segment shown (turns or phases). */
static void jump_mark(ui_replay *rp, int dir, bool (*mark)(const ui_replay *, int))
{
    rp->playing = false;
    int k;
    if (dir > 0) {
        k = rp->pos + 1;
        while (k < rp->n && !mark(rp, k))
            k++;
    } else {
        int s = rp->pos; /* the start of the segment shown */
        while (s > 0 && !mark(rp, s))
            s--;
        k = s - 1;
        while (k > 0 && !mark(rp, k))
            k--;
    }
    ui_replay_seek(rp, k);
}

void ui_replay_jump_phase(ui_replay *rp, int dir) { jump_mark(rp, dir, is_phase_mark); }
void ui_replay_jump_turn(ui_replay *rp, int dir) { jump_mark(rp, dir, is_turn_mark); }

bool ui_replay_goto(ui_replay *rp, int turn, int phase)
{
    for (int k = 0; k <= rp->n; k++)
        if (rp->turn_at[k] == turn && (phase < 0 || rp->phase_at[k] == phase)) {
            rp->playing = false;
            return ui_replay_seek(rp, k);
        }
    return false;
}

void ui_replay_play(ui_replay *rp, bool on)
{
    if (on && rp->pos >= rp->n)
        ui_replay_seek(rp, 0); /* play again from the start */
    rp->playing = on;
    rp->wait_t = 0;
}

bool ui_replay_set_viewer(ui_replay *rp, int viewer)
{
    if (viewer < -1 || viewer > 1 || (viewer < 0 && !rp->final_over))
        return false;
    if (ui_replay_side_locked(rp, viewer)) {
        rp->ask_unlock = viewer;
        return false;
    }
    stop_anim(rp);
    rp->viewer = viewer;
    rp->log_scroll = 0;
    rebuild_view(rp);
    return true;
}

void ui_replay_set_speed(ui_replay *rp, int level)
{
    rp->speed = level < 0 ? 0 : level >= SPEEDS ? SPEEDS - 1 : level;
    rp->anim->speed = rp->speed;
}

/* ----------------------------------------------------------------- update */

bool ui_replay_update(ui_replay *rp, double dt)
{
    bool busy = false;
    if (rp->msg_t > 0) {
        rp->msg_t -= dt;
        busy = true;
    }
    if (rp->animating) {
        busy = true;
        if (!bt_anim_update(rp->anim, dt))
            rp->animating = false;
        else
            return true;
    }
    if (!rp->playing || ui_replay_viewer_locked(rp))
        return busy;
    rp->wait_t -= dt;
    if (rp->wait_t > 0)
        return true;
    if (rp->pos >= rp->n) {
        rp->playing = false;
        return busy;
    }
    /* one command per tick; a command the viewer cannot see costs almost no time */
    int k = rp->pos + 1;
    bool vis = visible_at(rp, k);
    advance(rp, k);
    double base = !vis ? 0.04 : rp->phase_at[k] != rp->phase_at[k - 1] ? 0.8 : 0.45;
    rp->wait_t = base / SPEED_X[rp->speed];
    if (rp->pos >= rp->n)
        rp->playing = false;
    return true;
}

/* ----------------------------------------------------------------- layout and input */

SDL_Rect ui_replay_log_rect(const ui_replay *rp) { return rp->log_rc; }

/* The control bar's two groups (playback on the left; speed, view, close on the right) share one
 * row when the window is wide enough for both, else the right group gets a row of its own. */
static bool bar_two_rows(const ui_replay *rp)
{
    int w1, w2, h;
    ui_text_size(rp->g->text, UI_FONT_SANS, ui_px(12), "View", &w1, &h);
    ui_text_size(rp->g->text, UI_FONT_SANS, ui_px(12), "Speed", &w2, &h);
    return ui_px(570) + ui_px(656) + w1 + w2 > rp->w + ui_px(20);
}

void ui_replay_resize(ui_replay *rp, int w, int h)
{
    rp->w = w;
    rp->h = h;
    int top = ui_px(48), side = ui_px(340), bar = ui_px(108);
    if (side > w / 2)
        side = w / 2;
    if (bar_two_rows(rp))
        bar += ui_px(46);
    rp->top = (SDL_Rect){0, 0, w, top};
    rp->bar = (SDL_Rect){0, h - bar, w, bar};
    rp->board_rc = (SDL_Rect){0, top, w - side, h - top - bar};
    rp->log_rc = (SDL_Rect){w - side, top, side, h - top - bar};
    int pad = ui_px(18);
    rp->tl = (SDL_Rect){pad, rp->bar.y + ui_px(14), w - 2 * pad, ui_px(26)};
    if (!rp->cam_fitted) {
        ui_cam_init(&rp->cam, rp->board_rc);
        ui_cam_fit(&rp->cam, rp->view->st.scn.width, rp->view->st.scn.height);
        rp->cam_fitted = true;
    } else {
        rp->cam.vp = rp->board_rc;
    }
    rp->anim->board_rc = rp->board_rc;
    ui_board_invalidate(rp->board);
}

static int tl_pos_at(const ui_replay *rp, int x)
{
    if (rp->n <= 0)
        return 0;
    double f = (double)(x - rp->tl.x) / (rp->tl.w > 0 ? rp->tl.w : 1);
    int k = (int)lround(f * rp->n);
    return k < 0 ? 0 : k > rp->n ? rp->n : k;
}

static void press(ui_replay *rp, const ui_button *b)
{
    switch (b->id) {
    case RB_START: rp->playing = false; ui_replay_seek(rp, 0); break;
    case RB_PREV_PHASE: ui_replay_jump_phase(rp, -1); break;
    case RB_BACK: ui_replay_step(rp, -1); break;
    case RB_PLAY: ui_replay_play(rp, !rp->playing); break;
    case RB_STEP: ui_replay_step(rp, +1); break;
    case RB_NEXT_PHASE: ui_replay_jump_phase(rp, +1); break;
    case RB_END: rp->playing = false; ui_replay_seek(rp, rp->n); break;
    case RB_TURN_PREV: ui_replay_jump_turn(rp, -1); break;
    case RB_TURN_NEXT: ui_replay_jump_turn(rp, +1); break;
    case RB_SPEED: ui_replay_set_speed(rp, b->arg); break;
    case RB_VIEW: ui_replay_set_viewer(rp, b->arg); break;
    case RB_CLOSE: rp->quit = true; break;
    default: break;
    }
}

void ui_replay_event(ui_replay *rp, const SDL_Event *e)
{
    const js_state *st = &rp->view->st;
    switch (e->type) {
    case SDL_MOUSEMOTION:
        rp->mx = e->motion.x;
        rp->my = e->motion.y;
        if (rp->scrubbing) {
            int k = tl_pos_at(rp, rp->mx);
            if (k != rp->pos)
                ui_replay_seek(rp, k);
        } else if (rp->dragging) {
            int dx = e->motion.x - rp->drag_x, dy = e->motion.y - rp->drag_y;
            if (rp->drag_moved || dx * dx + dy * dy > 25) {
                rp->drag_moved = true;
                ui_cam_pan(&rp->cam, dx, dy);
                ui_cam_clamp(&rp->cam, st->scn.width, st->scn.height);
                rp->drag_x = e->motion.x;
                rp->drag_y = e->motion.y;
            }
        }
        rp->hover_on = ui_point_in(rp->board_rc, rp->mx, rp->my);
        if (rp->hover_on)
            rp->hover = ui_cam_screen_to_hex(&rp->cam, rp->mx, rp->my);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT && e->button.button != SDL_BUTTON_MIDDLE)
            break;
        if (ui_point_in((SDL_Rect){rp->tl.x - 6, rp->tl.y - 6, rp->tl.w + 12, rp->tl.h + 22}, e->button.x,
                        e->button.y)) {
            rp->playing = false;
            rp->scrubbing = true;
            ui_replay_seek(rp, tl_pos_at(rp, e->button.x));
        } else if (ui_point_in(rp->board_rc, e->button.x, e->button.y)) {
            rp->dragging = true;
            rp->drag_moved = false;
            rp->drag_x = e->button.x;
            rp->drag_y = e->button.y;
        }
        break;
    case SDL_MOUSEBUTTONUP: {
        bool was = rp->scrubbing || (rp->dragging && rp->drag_moved);
        rp->scrubbing = rp->dragging = false;
        if (was || e->button.button != SDL_BUTTON_LEFT)
            break;
        const ui_button *b = ui_buttons_at(&rp->buttons, e->button.x, e->button.y);
        if (b && b->enabled) {
            ui_sound_play(rp->g->assets, UI_SND_CLICK);
            press(rp, b);
        } else if (b && b->tip[0]) {
            note(rp, "%s", b->tip);
        }
        break;
    }
    case SDL_MOUSEWHEEL: {
        int mx, my;
        SDL_GetMouseState(&mx, &my);
        if (ui_point_in(rp->log_rc, mx, my)) {
            rp->log_scroll += e->wheel.y * 3;
            if (rp->log_scroll < 0)
                rp->log_scroll = 0;
        } else if (ui_point_in(rp->board_rc, mx, my)) {
            ui_cam_zoom_at(&rp->cam, e->wheel.y > 0 ? 1.15 : 1 / 1.15, mx, my);
            ui_cam_clamp(&rp->cam, st->scn.width, st->scn.height);
        }
        break;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0;
        if (k == SDLK_SPACE || k == SDLK_k)
            ui_replay_play(rp, !rp->playing);
        else if (k == SDLK_RIGHT || k == SDLK_l)
            shift ? ui_replay_jump_phase(rp, +1) : ui_replay_step(rp, +1);
        else if (k == SDLK_LEFT || k == SDLK_j)
            shift ? ui_replay_jump_phase(rp, -1) : ui_replay_step(rp, -1);
        else if (k == SDLK_RIGHTBRACKET)
            ui_replay_jump_phase(rp, +1);
        else if (k == SDLK_LEFTBRACKET)
            ui_replay_jump_phase(rp, -1);
        else if (k == SDLK_PAGEDOWN || k == SDLK_DOWN)
            ui_replay_jump_turn(rp, +1);
        else if (k == SDLK_PAGEUP || k == SDLK_UP)
            ui_replay_jump_turn(rp, -1);
        else if (k == SDLK_HOME) {
            rp->playing = false;
            ui_replay_seek(rp, 0);
        } else if (k == SDLK_END) {
            rp->playing = false;
            ui_replay_seek(rp, rp->n);
        } else if (k == SDLK_1 || k == SDLK_a)
            ui_replay_set_viewer(rp, 0);
        else if (k == SDLK_2 || k == SDLK_b)
            ui_replay_set_viewer(rp, 1);
        else if (k == SDLK_3 || k == SDLK_e) {
            if (!ui_replay_set_viewer(rp, -1))
                note(rp, "%s", "Everything is shown only when the recorded game is over");
        } else if (k == SDLK_EQUALS || k == SDLK_PLUS || k == SDLK_KP_PLUS)
            ui_replay_set_speed(rp, rp->speed + 1);
        else if (k == SDLK_MINUS || k == SDLK_KP_MINUS)
            ui_replay_set_speed(rp, rp->speed - 1);
        else if (k == SDLK_f)
            ui_cam_fit(&rp->cam, st->scn.width, st->scn.height);
        else if (k == SDLK_m)
            rp->g->assets->muted = !rp->g->assets->muted;
        else if (k == SDLK_ESCAPE || (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL)))
            rp->quit = true;
        break;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            ui_replay_resize(rp, e->window.data1, e->window.data2);
        break;
    default:
        break;
    }
}

/* ----------------------------------------------------------------- drawing */

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
    SDL_Renderer *r = rp->g->r;
    bool hot = ui_point_in(rc, rp->mx, rp->my);
    ui_rgba fill = active ? ui_col(200, 150, 60, 255) : ui_col(30, 38, 62, 255);
    if (!enabled)
        fill = ui_col(20, 24, 36, 255);
    else if (hot)
        fill = ui_col_shade(fill, 0.18f);
    ui_rgba edge = active ? UI_ACCENT : enabled ? ui_col(74, 94, 140, 255) : ui_col(44, 50, 66, 255);
    ui_fill_rect(r, rc, fill);
    ui_fill_rect(r, (SDL_Rect){rc.x + 1, rc.y + 1, rc.w - 2, 1}, ui_col_shade(fill, 0.25f));
    ui_rect_outline(r, rc, edge);
    ui_rgba fg = !enabled ? ui_col(84, 92, 112, 255) : active ? ui_col(24, 18, 6, 255) : UI_TEXT;
    if (ic)
        icon(r, ic, rc.x + rc.w / 2.0f, rc.y + rc.h / 2.0f, (float)(rc.h < rc.w ? rc.h : rc.w) * 0.42f, fg);
    else {
        int px = ui_px(13), lh = ui_text_line_h(rp->g->text, UI_FONT_BOLD, px);
        ui_text_draw(rp->g->text, active ? UI_FONT_BOLD : UI_FONT_SANS, px, label, fg, rc.x + rc.w / 2,
                     rc.y + (rc.h - lh) / 2, UI_AL_CENTER);
    }
    ui_buttons *bs = &rp->buttons;
    if (bs->n >= UI_MAX_BUTTONS)
        return;
    ui_button *b = &bs->b[bs->n];
    memset(b, 0, sizeof *b);
    b->rc = rc;
    b->id = id;
    b->arg = arg;
    b->enabled = enabled;
    b->active = active;
    snprintf(b->tip, sizeof b->tip, "%s", tip ? tip : "");
    snprintf(b->label, sizeof b->label, "%s", label);
    if (hot)
        bs->hot = bs->n;
    bs->n++;
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
    const js_view *v = rp->animating ? rp->anim->anim_view : rp->view;
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
    ui_battle *h = rp->anim;
    if (rp->animating && h->anim_idx && h->nanim > 0) {
        int i = h->anim_i < 0 ? -1 : h->anim_i >= h->nanim ? h->nanim - 1 : h->anim_i;
        limit = i < 0 ? h->anim_idx[0] : h->anim_idx[h->anim[i].first + h->anim[i].count - 1] + 1;
    }
    int n = ui_log_body_draw(r, t, &rp->logwrap, rp->game, sc, limit, replay_log_visible, rp, rp->log_rc, top, pad,
                             &rp->log_scroll);
    if (n == 0)
        ui_text_draw(t, UI_FONT_SANS, px, "Nothing has happened yet.", UI_TEXT_DIM, rp->log_rc.x + pad, top,
                     UI_AL_LEFT);
    if (rp->log_scroll > 0)
        ui_text_draw(t, UI_FONT_SANS, px, "\xe2\x96\xbc newer below", UI_ACCENT, rp->log_rc.x + rp->log_rc.w - pad,
                     rp->log_rc.y + pad / 2, UI_AL_RIGHT);
}

static int tl_x(const ui_replay *rp, int k)
{
    return rp->tl.x + (rp->n > 0 ? (int)((long long)k * rp->tl.w / rp->n) : 0);
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
        if (k <= rp->n && !is_turn_mark(rp, k))
            continue;
        int x0 = tl_x(rp, k0), x1 = tl_x(rp, k > rp->n ? rp->n : k);
        if (x1 <= x0)
            x1 = x0 + 1;
        bool odd = rp->turn_at[k0] & 1;
        ui_fill_rect(r, (SDL_Rect){x0, tl.y, x1 - x0, tl.h}, odd ? ui_col(28, 34, 56, 255) : ui_col(22, 27, 46, 255));
        /* played part */
        int px = tl_x(rp, rp->pos);
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
        if (is_phase_mark(rp, k) && !is_turn_mark(rp, k))
            ui_fill_rect(r, (SDL_Rect){tl_x(rp, k), tl.y + tl.h - ui_px(7), 1 + ui_px(1), ui_px(7)},
                         ui_col_alpha(phase_col(rp->phase_at[k]), 220));
    ui_rect_outline(r, tl, ui_col(74, 94, 140, 255));
    /* the playhead */
    int hx = tl_x(rp, rp->pos);
    ui_fill_rect(r, (SDL_Rect){hx - 1, tl.y - ui_px(6), 3, tl.h + ui_px(12)}, UI_ACCENT);
    tri(r, (float)hx - ui_px(7), (float)tl.y - ui_px(10), (float)hx + ui_px(7), (float)tl.y - ui_px(10), (float)hx,
        (float)tl.y - ui_px(2), UI_ACCENT);
    /* the hover: where a click would go */
    SDL_Rect hit = {tl.x - 6, tl.y - 6, tl.w + 12, tl.h + 22};
    if (ui_point_in(hit, rp->mx, rp->my) && !rp->scrubbing) {
        int k = tl_pos_at(rp, rp->mx);
        int x = tl_x(rp, k);
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
    bool two = bar_two_rows(rp);
    if (two)
        y -= bh + ui_px(8);
    bool back = rp->pos > 0, fwd = rp->pos < rp->n;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "Start", I_START, RB_START, 0, back, false, "To the start (Home)");
    x += bw + gap;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "Previous phase", I_PREV_PHASE, RB_PREV_PHASE, 0, back, false,
        "Previous phase ([ or Shift+Left)");
    x += bw + gap;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "Step back", I_BACK, RB_BACK, 0, back, false, "Step back (Left)");
    x += bw + gap;
    ctl(rp, (SDL_Rect){x, y, ui_px(64), bh}, rp->playing ? "Pause" : "Play", rp->playing ? I_PAUSE : I_PLAY, RB_PLAY,
        0, rp->n > 0, true, rp->playing ? "Pause (Space)" : "Play (Space)");
    x += ui_px(64) + gap;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "Step forward", I_STEP, RB_STEP, 0, fwd, false, "Step forward (Right)");
    x += bw + gap;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "Next phase", I_NEXT_PHASE, RB_NEXT_PHASE, 0, fwd, false,
        "Next phase (] or Shift+Right)");
    x += bw + gap;
    ctl(rp, (SDL_Rect){x, y, bw, bh}, "End", I_END, RB_END, 0, fwd, false, "To the end (End)");
    x += bw + ui_px(18);
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
        if (is_turn_mark(rp, k))
            n += snprintf(out + n, 16384 - (size_t)n, " %d:%d", rp->turn_at[k], tl_x(rp, k));
    n += snprintf(out + n, 16384 - (size_t)n, "\n");
    for (int i = 0; i < rp->buttons.n && n < 15000; i++) {
        const ui_button *b = &rp->buttons.b[i];
        n += snprintf(out + n, 16384 - (size_t)n, "button %d %d %d %d %d %d %d %d %s\n", b->id, b->arg, b->arg2,
                      b->enabled, b->rc.x + b->rc.w / 2, b->rc.y + b->rc.h / 2, b->rc.w, b->rc.h, b->label);
    }
    ui_layout_put(out);
    free(out);
}

void ui_replay_draw(ui_replay *rp)
{
    SDL_Renderer *r = rp->g->r;
    ui_text *t = rp->g->text;
    ui_text_frame(t);
    SDL_SetRenderDrawColor(r, 8, 10, 20, 255);
    SDL_RenderClear(r);
    if (ui_replay_viewer_locked(rp))
        return; /* nothing of a locked side's view, not even behind the password box */
    ui_overlay o;
    ui_overlay_clear(&o);
    o.hover_on = rp->hover_on && !rp->dragging;
    o.hover = rp->hover;
    const js_view *v = rp->view;
    if (rp->animating) {
        bt_anim_overlay(rp->anim, &o);
        v = rp->anim->anim_view;
    }
    ui_board_draw(rp->board, &rp->cam, v, &o);
    ui_buttons_begin(&rp->buttons);
    draw_topbar(rp);
    draw_log(rp);
    if (rp->animating)
        bt_anim_draw_die(rp->anim);
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

/* ----------------------------------------------------------------- demos and the loop */

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

bool ui_replay_find_demo(const char *scenario_path, const char *scenario_id, char *out, size_t cap)
{
    if (scenario_path) {
        const char *slash = strrchr(scenario_path, '/');
        int dl = slash ? (int)(slash - scenario_path) : 0;
        snprintf(out, cap, "%.*s%sdemos/%s.json", dl, scenario_path, slash ? "/" : "", scenario_id);
        if (exists(out))
            return true;
    }
    const char *dirs[3] = {"scenarios", NULL, NULL};
    char base_dir[1100] = "";
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(base_dir, sizeof base_dir, "%s../share/jumpstrike/scenarios", base);
        SDL_free(base);
        dirs[1] = base_dir;
    }
#ifdef JS_SOURCE_SCENARIOS
    dirs[2] = JS_SOURCE_SCENARIOS;
#endif
    for (int i = 0; i < 3; i++) {
        if (!dirs[i])
            continue;
        snprintf(out, cap, "%s/demos/%s.json", dirs[i], scenario_id);
        if (exists(out))
            return true;
    }
    return false;
}
