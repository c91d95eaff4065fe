/* ui_replay_input.c — the replay viewer's layout (top bar, board, log, control bar, timeline)
 * and its mouse and keys (ui_replay_int.h). */
#include "ui_replay_int.h"
#include "battle/bt_anim.h"
#include <math.h>

SDL_Rect ui_replay_log_rect(const ui_replay *rp) { return rp->log_rc; }

/* The control bar's two groups (playback on the left; speed, view, close on the right) share one
 * row when the window is wide enough for both, else the right group gets a row of its own. */
bool rp_bar_two_rows(const ui_replay *rp)
{
    int w1, w2, h;
    ui_text_size(rp->g->text, UI_FONT_SANS, ui_px(12), "View", &w1, &h);
    ui_text_size(rp->g->text, UI_FONT_SANS, ui_px(12), "Speed", &w2, &h);
    return ui_px(570) + ui_px(656) + w1 + w2 > rp->w + ui_px(20);
}

void ui_replay_resize(ui_replay *rp, int w, int h)
{
    bool new_size = w != rp->w || h != rp->h; /* not for a scale change */
    rp->w = w;
    rp->h = h;
    int top = ui_px(48), side = ui_px(340), bar = ui_px(108);
    if (side > w / 2)
        side = w / 2;
    if (rp_bar_two_rows(rp))
        bar += ui_px(46);
    rp->top = (SDL_Rect){0, 0, w, top};
    rp->bar = (SDL_Rect){0, h - bar, w, bar};
    rp->board_rc = (SDL_Rect){0, top, w - side, h - top - bar};
    rp->log_rc = (SDL_Rect){w - side, top, side, h - top - bar};
    int pad = ui_px(18);
    rp->tl = (SDL_Rect){pad, rp->bar.y + ui_px(14), w - 2 * pad, ui_px(26)};
    if (!rp->cam_fitted || new_size) { /* the window changed: the whole map in it again */
        ui_cam_init(&rp->cam, rp->board_rc);
        ui_cam_fit(&rp->cam, rp->view->st.scn.width, rp->view->st.scn.height);
        rp->cam_fitted = true;
    } else {
        rp->cam.vp = rp->board_rc;
    }
    rp->anim->board_rc = rp->board_rc;
    ui_board_invalidate(rp->board);
}

int rp_tl_pos_at(const ui_replay *rp, int x)
{
    if (rp->n <= 0)
        return 0;
    double f = (double)(x - rp->tl.x) / (rp->tl.w > 0 ? rp->tl.w : 1);
    int k = (int)lround(f * rp->n);
    return k < 0 ? 0 : k > rp->n ? rp->n : k;
}

int rp_tl_x(const ui_replay *rp, int k)
{
    return rp->tl.x + (rp->n > 0 ? (int)((long long)k * rp->tl.w / rp->n) : 0);
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

/* The mouse moves: scrubbing the timeline, panning the board, or hovering a hex. */
static void mouse_motion(ui_replay *rp, const SDL_Event *e)
{
    const js_state *st = &rp->view->st;
    rp->mx = e->motion.x;
    rp->my = e->motion.y;
    if (rp->scrubbing) {
        int k = rp_tl_pos_at(rp, rp->mx);
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
}

/* A press on the timeline jumps there and starts a scrub; on the board it may start a drag. */
static void mouse_down(ui_replay *rp, const SDL_Event *e)
{
    if (e->button.button != SDL_BUTTON_LEFT && e->button.button != SDL_BUTTON_MIDDLE)
        return;
    if (ui_point_in((SDL_Rect){rp->tl.x - 6, rp->tl.y - 6, rp->tl.w + 12, rp->tl.h + 22}, e->button.x, e->button.y)) {
        rp->playing = false;
        rp->scrubbing = true;
        ui_replay_seek(rp, rp_tl_pos_at(rp, e->button.x));
    } else if (ui_point_in(rp->board_rc, e->button.x, e->button.y)) {
        rp->dragging = true;
        rp->drag_moved = false;
        rp->drag_x = e->button.x;
        rp->drag_y = e->button.y;
    }
}

/* A release that ends no scrub or drag: a button (a disabled one says why). */
static void mouse_up(ui_replay *rp, const SDL_Event *e)
{
    bool was = rp->scrubbing || (rp->dragging && rp->drag_moved);
    rp->scrubbing = rp->dragging = false;
    if (was || e->button.button != SDL_BUTTON_LEFT)
        return;
    const ui_button *b = ui_buttons_at(&rp->buttons, e->button.x, e->button.y);
    if (b && b->enabled) {
        ui_sound_play(rp->g->assets, UI_SND_CLICK);
        press(rp, b);
    } else if (b && b->tip[0]) {
        rp_note(rp, "%s", b->tip);
    }
}

/* The wheel scrolls the log, or zooms the board. */
static void mouse_wheel(ui_replay *rp, const SDL_Event *e)
{
    const js_state *st = &rp->view->st;
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
}

/* The keys: playback and steps, turns and phases, the viewer, the speed, fit, mute, leave. */
static void key_down(ui_replay *rp, const SDL_Event *e)
{
    const js_state *st = &rp->view->st;
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
            rp_note(rp, "%s", "Everything is shown only when the recorded game is over");
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
}

void ui_replay_event(ui_replay *rp, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_MOUSEMOTION:
        mouse_motion(rp, e);
        break;
    case SDL_MOUSEBUTTONDOWN:
        mouse_down(rp, e);
        break;
    case SDL_MOUSEBUTTONUP:
        mouse_up(rp, e);
        break;
    case SDL_MOUSEWHEEL:
        mouse_wheel(rp, e);
        break;
    case SDL_KEYDOWN:
        key_down(rp, e);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            ui_replay_resize(rp, e->window.data1, e->window.data2);
        break;
    default:
        break;
    }
}
