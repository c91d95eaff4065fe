/* battle.c — the battle screen's core: the game, the hotseat flow, input routing and drawing.
 *
 * The hotseat rule lives in bt_flow: whenever the game waits for a secret decision from a side
 * whose secrets are not already on screen, the handover screen goes up and nothing of that side's
 * view is built until the player clicks through. Public decisions are shown in "public mode":
 * panels and log show only what both sides may know. */
#include "battle_int.h"
#include "bt_computer.h"
#include "logwrap.h"
#include "ui_saves.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const js_state *bt_st(const ui_battle *b) { return &b->view->st; }

bool bt_is_mine(const ui_battle *b, int side) { return side == b->actor && b->actor >= 0; }

int bt_viewer(const ui_battle *b) { return b->actor >= 0 ? b->actor : b->home >= 0 ? b->home : JS_SIDE_A; }

void bt_toast(ui_battle *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->toast, sizeof b->toast, fmt, ap);
    va_end(ap);
    b->toast_t = 4.0;
}

static void clear_selection(ui_battle *b)
{
    b->panel_scroll = 0;
    b->sel_ship = b->sel_pod = b->sel_missile = -1;
    b->place_unit = b->place_carrier = -1;
    b->place_n = 0;
    b->hold_open = false;
    b->guard_edit = false;
    b->atk_target = -1;
    b->atk_count = 1;
    b->guard_count = 0;
    bt_setup_reset(b);
    bt_hand_reset(b);
    bt_dice_reset(b);
}

void bt_refresh(ui_battle *b)
{
    /* public mode still builds the actor's view (the engine has no "public" viewer), and the
     * panels leave out everything secret (bt_viewer) */
    int viewer = bt_viewer(b);
    if (b->mode == BM_OVER)
        viewer = -1; /* the game is over: everything may be seen */
    js_view_build(b->game, viewer, b->view);
    b->wait = b->view->wait;
}

static int pick_side(unsigned sides, int prefer)
{
    if (prefer >= 0 && (sides & JS_SIDE_MASK(prefer)))
        return prefer;
    return (sides & 1u) ? JS_SIDE_A : (sides & 2u) ? JS_SIDE_B : JS_SIDE_NONE;
}

static void auto_decisions(ui_battle *b);

/* The side at the controls from now on, its secrets on screen (after a handover, or at once
 * against the computer: the one human needs none). */
static void take_controls(ui_battle *b, int side)
{
    b->actor = side;
    b->screen_side = side;
    b->public_mode = false;
    b->mode = BM_PLAY;
    b->nundo = b->nredo = 0;
    b->toast_t = 0;
    clear_selection(b);
    b->slot = JS_PLAN_DEPTH - 1;
    bt_refresh(b);
}

/* Decide who is at the controls for what the game waits for now. */
static void bt_flow(ui_battle *b)
{
    js_wait w = js_wait_get(b->game);
    b->wait = w;
    w.sides &= (uint8_t)~bt_cpu_mask(b->cpu); /* the computer's sides are never at the controls */
    if (b->intro && w.secret) {
        /* S-2, S-3: both players look at the battlefield (and any generated sites) before
         * anyone decides anything; nothing secret is on this screen */
        b->mode = BM_PLAY;
        b->actor = JS_SIDE_NONE;
        b->public_mode = true;
        b->screen_side = -1;
        bt_refresh(b);
        return;
    }
    b->intro = false;
    if (w.kind == JS_WAIT_NONE) {
        b->mode = BM_OVER;
        b->actor = JS_SIDE_NONE;
        b->public_mode = true;
        b->screen_side = -1;
        bt_refresh(b);
        return;
    }
    if (b->cpu && !w.sides) {
        /* only the computer decides now: the human's board, in public, while it thinks
         * (bt_think.c draws the panel; ui_battle_update hands its commands to the game) */
        if (b->actor >= 0 || !b->public_mode)
            clear_selection(b);
        b->mode = BM_PLAY;
        b->actor = JS_SIDE_NONE;
        b->public_mode = true;
        b->screen_side = -1;
        bt_refresh(b);
        return;
    }
    if (w.secret) {
        int need = pick_side(w.sides, b->public_mode ? -1 : b->screen_side);
        if (!b->public_mode && b->screen_side == need) {
            b->actor = need;
            b->mode = BM_PLAY;
            bt_refresh(b);
            return;
        }
        if (b->home >= 0) { /* one human at the screen: nobody to hand over to */
            take_controls(b, need);
            return;
        }
        /* someone else's secrets (or a public screen) are showing: hand over first */
        if (b->mode != BM_HANDOVER) {
            ui_sound_play(b->g->assets, UI_SND_CHIME);
            b->handover_at = SDL_GetTicks();
            b->handover_pressed = false;
        }
        b->mode = BM_HANDOVER;
        b->handover_to = need;
        b->actor = JS_SIDE_NONE;
        b->toast_t = 0; /* a note of the side that just played is not for the next one */
        b->toast[0] = 0;
        clear_selection(b);
        bt_save_check(b);
        return;
    }
    b->public_mode = true;
    b->screen_side = -1;
    b->actor = pick_side(w.sides, -1);
    b->mode = BM_PLAY;
    bt_refresh(b);
    auto_decisions(b);
}

void ui_battle_take_handover(ui_battle *b)
{
    if (b->mode != BM_HANDOVER)
        return;
    take_controls(b, b->handover_to);
    ui_sound_play(b->g->assets, UI_SND_CLICK);
}

static bool animatable(const js_event *e)
{
    switch (e->type) {
    case JS_EV_MOVE: case JS_EV_TURNED: case JS_EV_LAUNCH: case JS_EV_MISSILE_LAUNCH:
    case JS_EV_MISSILE_FLY: case JS_EV_MISSILE_GONE: case JS_EV_POD_LAUNCH: case JS_EV_POD_MOVE:
    case JS_EV_POD_REMOVED: case JS_EV_ROLL: case JS_EV_DISABLED: case JS_EV_DESTROYED:
    case JS_EV_DAMAGE: case JS_EV_CAPTURE: case JS_EV_DICE: case JS_EV_DEPLOY:
        return true;
    case JS_EV_SETUP:
        return e->hex2.q != INT16_MIN; /* K-7: an entry point moved */
    case JS_EV_JUMP:
        return e->value2 >= 1; /* an arrival (the reveal's queue events carry no facing) */
    case JS_EV_CARD:
        return e->b >= 0;      /* a card played through a jump point, revealed */
    default:
        return false;
    }
}

/* The record after every command, and the autosave (a failed write keeps the old file). */
static void bt_write_files(ui_battle *b, bool tell)
{
    jsd_error err;
    char msg[600];
    if (b->rec_path[0] && !jsd_record_save(b->rec, b->rec_path, &err) && tell)
        bt_toast(b, "could not write the record: %s", err.msg);
    if (b->autosave_path[0] && !ui_saves_write(b->rec, b->autosave_path, msg, sizeof msg) && tell)
        bt_toast(b, "autosave failed, the last one is kept: %s", msg);
}

js_status bt_submit(ui_battle *b, js_cmd *c, bool quiet)
{
    char reason[JS_REASON_LEN];
    reason[0] = 0;
    int before = js_log_count(b->game);
    js_status st = js_submit(b->game, c, reason, sizeof reason);
    if (st != JS_OK && st != JS_ERR_NEED_DIE) {
        if (!quiet)
            bt_toast(b, "%s", reason[0] ? reason : "not allowed now");
        return st;
    }
    if (b->rec) {
        jsd_record_append(b->rec, c, js_game_hash(b->game));
        bt_write_files(b, true);
    }
    int after = js_log_count(b->game);
    bool anim = false;
    for (int i = before; i < after; i++) {
        const js_event *e = js_log_at(b->game, i);
        if (e->vis == JS_BOTH_SIDES && animatable(e))
            anim = true;
    }
    if (anim && b->speed < 3) {
        /* play what happened from the screen as it was, in public */
        b->public_mode = true;
        b->screen_side = -1;
        bt_anim_start(b, b->view, before);
        b->log_seen = after;
        return st;
    }
    b->log_seen = after;
    bt_flow(b);
    return st;
}

/* Decisions the player asked the game to take for them ("move all as plotted"), and choices
 * that cannot matter (the engine's js_forced_command) unless the player wants every step. Each
 * is submitted like a click, so it is in the record. */
static void auto_decisions(ui_battle *b)
{
    for (int guard = 0; guard < 64 && b->mode == BM_PLAY; guard++) {
        js_cmd forced;
        if (!b->every_step && b->actor >= 0 && js_forced_command(b->game, &forced) && forced.side == b->actor) {
            if (bt_submit(b, &forced, true) != JS_OK)
                return;
            continue;
        }
        if (b->wait.kind != JS_WAIT_POD_MOVE || b->actor < 0 || !b->pod_auto[b->actor])
            return;
        const js_state *st = bt_st(b);
        bool done = false;
        for (int i = 0; i < JS_MAX_PODS && !done; i++) {
            if (!st->pods[i].alive || st->pods[i].side != b->actor || st->pods[i].acted)
                continue;
            js_cmd c;
            memset(&c, 0, sizeof c);
            c.type = JS_CMD_POD_MOVE;
            c.side = (int8_t)b->actor;
            c.unit = (int16_t)i;
            if (js_check(b->game, &c, NULL, 0) == JS_OK) {
                bt_submit(b, &c, true);
                done = true;
            }
        }
        if (!done)
            return;
    }
}

js_status ui_battle_apply(ui_battle *b, const js_cmd *c, char *reason, size_t cap)
{
    js_status st = js_submit(b->game, c, reason, cap);
    b->intro = false; /* commands before play: the opening look is past */
    if ((st == JS_OK || st == JS_ERR_NEED_DIE) && b->rec) {
        jsd_record_append(b->rec, c, js_game_hash(b->game));
        bt_write_files(b, false);
    }
    if (b->mode != BM_HANDOVER) /* keep the screen's view current; the flow waits for sync */
        bt_refresh(b);
    return st;
}

void ui_battle_sync(ui_battle *b, bool pass_handover)
{
    b->log_seen = js_log_count(b->game);
    b->public_mode = true;
    b->screen_side = -1;
    b->mode = BM_PLAY;
    bt_flow(b);
    if (pass_handover && b->mode == BM_HANDOVER)
        ui_battle_take_handover(b);
}

/* ----------------------------------------------------------------- create / destroy */

ui_battle *ui_battle_create(ui_gfx *g, const ui_battle_cfg *cfg, char *err, size_t cap)
{
    ui_battle *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    b->g = g;
    b->every_step = true; /* until the screen passes the player's setting on (scr_battle.c) */
    b->view = malloc(sizeof *b->view);
    b->anim_view = malloc(sizeof *b->anim_view);
    b->anim_final = malloc(sizeof *b->anim_final);
    b->board = ui_board_create(g);
    if (!b->view || !b->anim_view || !b->anim_final || !b->board) {
        snprintf(err, cap, "out of memory");
        ui_battle_destroy(b);
        return NULL;
    }
    b->home = -1;
    /* who plays each side: a continued game's record says, else the new game's choices */
    int levels[JS_SIDES];
    if (!bt_think_levels(cfg, levels, err, cap) ||
        ((levels[0] >= 0 || levels[1] >= 0) && !ui_computer_plays(cfg->scn, err, cap))) {
        ui_battle_destroy(b); /* the resumed game and record are still the caller's */
        return NULL;
    }
    char reason[JS_REASON_LEN] = "";
    b->game = cfg->resume_game ? cfg->resume_game : js_game_create(cfg->scn, &cfg->dice, reason, sizeof reason);
    b->rec = cfg->resume_rec; /* a continued game keeps its record (ui_saves_resume) */
    if (cfg->autosave_path)
        snprintf(b->autosave_path, sizeof b->autosave_path, "%s", cfg->autosave_path);
    if (!b->game) {
        snprintf(err, cap, "the scenario cannot be played: %s", reason);
        ui_battle_destroy(b);
        return NULL;
    }
    if (!b->rec) { /* kept in memory always: Ctrl+S saves it; written when a path is given */
        uint64_t h = 0;
        jsd_error e;
        if (cfg->scenario_path)
            jsd_file_hash(cfg->scenario_path, &h, &e);
        b->rec = jsd_record_new(cfg->scenario_path ? cfg->scenario_path : "", cfg->scn, h, &cfg->dice);
        if (b->rec)
            for (int s = 0; s < JS_SIDES; s++) {
                snprintf(b->rec->players[s], JS_NAME_LEN, "%s", cfg->players[s]);
                if (levels[s] >= 0) { /* the save says who the computer is (Continue, Load) */
                    snprintf(b->rec->computer[s], JSD_LEVEL_LEN, "%s", cfg->computer[s]);
                    b->rec->computer_seed[s] = cfg->dice.seed;
                }
            }
    }
    if (!bt_think_start(b, levels, cfg->resume_rec ? cfg->resume_rec : NULL, cfg->dice.seed)) {
        snprintf(err, cap, "out of memory");
        ui_battle_destroy(b);
        return NULL;
    }
    if (cfg->record_path)
        snprintf(b->rec_path, sizeof b->rec_path, "%s", cfg->record_path);
    for (int s = 0; s < JS_SIDES; s++)
        snprintf(b->players[s], JS_NAME_LEN, "%s", cfg->players[s][0] ? cfg->players[s] : (s ? "Player 2" : "Player 1"));
    b->speed = 1;
    b->screen_side = -1;
    b->public_mode = true;
    b->actor = JS_SIDE_NONE;
    b->mode = BM_PLAY;
    b->log_seen = js_log_count(b->game);
    clear_selection(b);
    b->slot = JS_PLAN_DEPTH - 1;
    b->default_deck = cfg->scn->ndeck == 0;
    {
        int ph = js_game_state(b->game)->phase;
        b->intro = ph == JS_PHASE_SETUP_BUY || ph == JS_PHASE_SETUP_JP || ph == JS_PHASE_SETUP_VANGUARD ||
                   ph == JS_PHASE_SETUP_JO;
    }
    bt_refresh(b);
    bt_flow(b);
    if (cfg->skip_first_handover && b->mode == BM_HANDOVER)
        ui_battle_take_handover(b);
    return b;
}

void ui_battle_destroy(ui_battle *b)
{
    if (!b)
        return;
    bt_cpu_destroy(b->cpu); /* cancels a thought under way and waits for its thread */
    if (b->game)
        js_game_destroy(b->game);
    if (b->rec)
        jsd_record_free(b->rec);
    ui_board_destroy(b->board);
    free(b->view);
    free(b->anim_view);
    free(b->anim_final);
    free(b->anim_ev);
    free(b->anim_idx);
    ui_logwrap_destroy(b->logwrap);
    if (b->save_open)
        SDL_StopTextInput();
    free(b);
}

js_game *ui_battle_game(ui_battle *b) { return b->game; }
const jsd_record *ui_battle_record(const ui_battle *b) { return b->rec; }

void ui_battle_hex_screen(const ui_battle *b, js_hex h, int *x, int *y)
{
    float fx, fy;
    ui_cam_hex_to_screen(&b->cam, h, &fx, &fy);
    *x = (int)(fx + 0.5f);
    *y = (int)(fy + 0.5f);
}
const js_view *ui_battle_view(const ui_battle *b) { return b->view; }
bool ui_battle_in_handover(const ui_battle *b) { return b->mode == BM_HANDOVER; }
bool ui_battle_quit(const ui_battle *b) { return b->quit; }
int ui_battle_home(const ui_battle *b) { return b->home; }

bool ui_battle_computer_busy(const ui_battle *b, int *permille)
{
    if (permille)
        *permille = bt_cpu_progress(b->cpu);
    return bt_cpu_busy(b->cpu);
}

void ui_battle_resize(ui_battle *b, int w, int h)
{
    b->win_w = w;
    b->win_h = h;
    int top = ui_px(48), side = ui_px(360);
    if (side > w / 2)
        side = w / 2;
    b->top = (SDL_Rect){0, 0, w, top};
    b->side = (SDL_Rect){w - side, top, side, h - top};
    int logh = (h - top) * 36 / 100;
    b->log = (SDL_Rect){w - side, h - logh, side, logh};
    b->side.h = h - top - logh;
    b->board_rc = (SDL_Rect){0, top, w - side, h - top};
    SDL_Rect old = b->cam.vp;
    if (!b->cam_fitted) {
        ui_cam_init(&b->cam, b->board_rc);
        ui_cam_fit(&b->cam, b->view->st.scn.width, b->view->st.scn.height);
        b->cam_fitted = true;
    } else {
        /* keep the same world point in the middle when the window changes */
        b->cam.vp = b->board_rc;
        (void)old;
    }
    ui_board_invalidate(b->board);
}

/* ----------------------------------------------------------------- input */

static bool in_board(const ui_battle *b, int x, int y) { return ui_point_in(b->board_rc, x, y); }

void ui_battle_event(ui_battle *b, const SDL_Event *e)
{
    if (bt_save_event(b, e))
        return;
    bool ctrl_s = e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_s && (e->key.keysym.mod & KMOD_CTRL);
    if (b->mode == BM_HANDOVER) {
        if (ctrl_s) {
            bt_save_open(b); /* refused there, with a note */
            return;
        }
        /* only a deliberate act on the screen itself passes it: a click that both went down and
         * came up on its button while it was up (the release of a click made before it appeared
         * does not count), or Enter/Space once it has been up a moment */
        if (e->type == SDL_MOUSEMOTION) { /* the button lights under the mouse */
            b->mx = e->motion.x;
            b->my = e->motion.y;
        }
        bool left = (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) &&
                    e->button.button == SDL_BUTTON_LEFT;
        const ui_button *on = left ? ui_buttons_at(&b->buttons, e->button.x, e->button.y) : NULL;
        bool on_go = on && on->id == B_HANDOVER_GO;
        bool key = e->type == SDL_KEYDOWN && !e->key.repeat &&
                   (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_SPACE ||
                    e->key.keysym.sym == SDLK_KP_ENTER);
        if (left && e->type == SDL_MOUSEBUTTONDOWN) {
            b->handover_pressed = on_go;
        } else if (left) {
            bool pass = b->handover_pressed && on_go;
            b->handover_pressed = false;
            if (pass)
                ui_battle_take_handover(b);
        } else if (key && SDL_GetTicks() - b->handover_at >= HANDOVER_KEY_DELAY_MS) {
            ui_battle_take_handover(b);
        } else if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE &&
                   (e->key.keysym.mod & KMOD_CTRL)) {
            b->quit = true;
        }
        return;
    }
    if (b->mode == BM_ANIM) {
        if (e->type == SDL_MOUSEBUTTONDOWN || (e->type == SDL_KEYDOWN && e->key.keysym.sym != SDLK_LCTRL))
            bt_anim_skip(b);
        if (e->type == SDL_MOUSEMOTION) {
            b->mx = e->motion.x;
            b->my = e->motion.y;
        }
        return;
    }
    switch (e->type) {
    case SDL_MOUSEMOTION:
        b->mx = e->motion.x;
        b->my = e->motion.y;
        if (b->dragging) {
            int dx = e->motion.x - b->drag_x, dy = e->motion.y - b->drag_y;
            if (b->drag_moved || dx * dx + dy * dy > 25) {
                if (!b->drag_moved) /* the first move past the dead zone pans by all of it */
                    dx = e->motion.x - b->drag_x, dy = e->motion.y - b->drag_y;
                b->drag_moved = true;
                ui_cam_pan(&b->cam, dx, dy);
                ui_cam_clamp(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
                b->drag_x = e->motion.x;
                b->drag_y = e->motion.y;
            }
        }
        b->hover_on = in_board(b, b->mx, b->my);
        if (b->hover_on)
            b->hover = ui_cam_screen_to_hex(&b->cam, b->mx, b->my);
        break;
    case SDL_MOUSEBUTTONDOWN:
        if (in_board(b, e->button.x, e->button.y) &&
            (e->button.button == SDL_BUTTON_LEFT || e->button.button == SDL_BUTTON_MIDDLE)) {
            b->dragging = true;
            b->drag_moved = false;
            b->drag_x = e->button.x;
            b->drag_y = e->button.y;
        }
        break;
    case SDL_MOUSEBUTTONUP: {
        bool was_drag = b->dragging && b->drag_moved;
        b->dragging = false;
        if (was_drag)
            break;
        const ui_button *btn = ui_buttons_at(&b->buttons, e->button.x, e->button.y);
        if (btn) {
            if (btn->enabled) {
                ui_sound_play(b->g->assets, UI_SND_CLICK);
                bt_button(b, btn);
            } else if (btn->tip[0]) {
                bt_toast(b, "%s", btn->tip);
            }
            break;
        }
        if (in_board(b, e->button.x, e->button.y)) {
            js_hex h = ui_cam_screen_to_hex(&b->cam, e->button.x, e->button.y);
            bt_board_click(b, h, e->button.button);
        }
        break;
    }
    case SDL_MOUSEWHEEL: {
        int mx, my;
        SDL_GetMouseState(&mx, &my);
        if (ui_point_in(b->log, mx, my)) {
            b->log_scroll += e->wheel.y * 3;
            if (b->log_scroll < 0)
                b->log_scroll = 0;
            break;
        }
        if (ui_point_in(b->side, mx, my)) { /* a panel taller than its room (bt_panel.c) */
            b->panel_scroll -= e->wheel.y * ui_px(48);
            if (b->panel_scroll < 0)
                b->panel_scroll = 0;
            break;
        }
        if (!in_board(b, mx, my))
            break;
        if (b->place_unit >= 0) { /* placing a ship: the wheel turns it */
            b->place_facing = js_dir_wrap(b->place_facing + (e->wheel.y > 0 ? 1 : -1));
            break;
        }
        if (bt_hand_drafting(b)) { /* a deployment through a jump point: the wheel turns it */
            bt_hand_rotate(b, e->wheel.y > 0 ? 1 : -1);
            break;
        }
        if (bt_dice_drafting(b)) { /* a deployment by command dice: the wheel turns it */
            bt_dice_rotate(b, e->wheel.y > 0 ? 1 : -1);
            break;
        }
        double f = e->wheel.y > 0 ? 1.15 : 1 / 1.15;
        for (int i = 1; i < abs(e->wheel.y); i++)
            f *= e->wheel.y > 0 ? 1.15 : 1 / 1.15;
        ui_cam_zoom_at(&b->cam, f, mx, my);
        ui_cam_clamp(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
        break;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        double step = 60;
        if (ctrl_s) { /* a named save: the dialog asks for its name (bt_save.c) */
            bt_save_open(b);
            break;
        }
        if (k == SDLK_LEFT || k == SDLK_a)
            ui_cam_pan(&b->cam, step, 0);
        else if (k == SDLK_RIGHT || k == SDLK_d)
            ui_cam_pan(&b->cam, -step, 0);
        else if (k == SDLK_UP || k == SDLK_w)
            ui_cam_pan(&b->cam, 0, step);
        else if (k == SDLK_DOWN || k == SDLK_s)
            ui_cam_pan(&b->cam, 0, -step);
        else if (k == SDLK_EQUALS || k == SDLK_PLUS || k == SDLK_KP_PLUS)
            ui_cam_zoom_at(&b->cam, 1.2, b->board_rc.x + b->board_rc.w / 2.0, b->board_rc.y + b->board_rc.h / 2.0);
        else if (k == SDLK_MINUS || k == SDLK_KP_MINUS)
            ui_cam_zoom_at(&b->cam, 1 / 1.2, b->board_rc.x + b->board_rc.w / 2.0, b->board_rc.y + b->board_rc.h / 2.0);
        else if (k == SDLK_f || k == SDLK_HOME)
            ui_cam_fit(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
        else if (k == SDLK_q && (e->key.keysym.mod & KMOD_CTRL))
            b->quit = true;
        else if (k == SDLK_m)
            b->g->assets->muted = !b->g->assets->muted;
        else if (k == SDLK_F5 || k == SDLK_F6) {
            ui_scale = k == SDLK_F6 ? (ui_scale >= 2.0f ? 2.0f : ui_scale + 0.25f)
                                    : (ui_scale <= 1.0f ? 1.0f : ui_scale - 0.25f);
            ui_battle_resize(b, b->win_w, b->win_h);
            bt_toast(b, "UI scale %d%%", (int)(ui_scale * 100 + 0.5f));
        } else if (k == SDLK_z && (e->key.keysym.mod & KMOD_CTRL))
            bt_plot_undo(b, (e->key.keysym.mod & KMOD_SHIFT) != 0);
        else if (k == SDLK_y && (e->key.keysym.mod & KMOD_CTRL))
            bt_plot_undo(b, true);
        else
            bt_key(b, k);
        ui_cam_clamp(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
        break;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            ui_battle_resize(b, e->window.data1, e->window.data2);
        break;
    default:
        break;
    }
}

bool ui_battle_update(ui_battle *b, double dt)
{
    b->time += dt;
    bool busy = false;
    if (b->toast_t > 0) {
        b->toast_t -= dt;
        busy = true; /* the toast fades out, then the loop can sleep again */
    }
    if (b->mode == BM_ANIM) {
        busy = true;
        if (!bt_anim_update(b, dt)) {
            b->mode = BM_PLAY;
            bt_flow(b);
        }
    }
    bt_think_step(b); /* the computer's commands go in like clicks (bt_think.c) */
    return busy;
}

/* ----------------------------------------------------------------- drawing */

static void draw_hover_list(ui_battle *b)
{
    if (!b->hover_on || b->dragging || b->mode == BM_HANDOVER)
        return;
    if (ui_buttons_at(&b->buttons, b->mx, b->my))
        return;
    char lines[12][96];
    const js_view *v = b->mode == BM_ANIM ? b->anim_view : b->view;
    int n = b->mode == BM_PLAY ? bt_setup_hover(b, lines, 12) : 0;
    if (!n)
        n = bt_dice_hover(b, lines, 12); /* K: why a jump-off point or a ship may (not) go here */
    if (n > 0) { /* the setup screen explains the hex (J-2: why a jump point may not go here) */
        const char *sp[12];
        for (int i = 0; i < n; i++)
            sp[i] = lines[i];
        ui_tooltip(b->g->text, b->g->r, b->mx, b->my, sp, n, b->win_w, b->win_h);
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", sp[0]);
        return;
    }
    n = ui_board_describe_hex(v, b->hover, lines, 12);
    const char *ptr[12];
    for (int i = 0; i < n; i++)
        ptr[i] = lines[i];
    if (n > 1 || (n == 1 && strstr(lines[0], "open space") == NULL)) {
        ui_tooltip(b->g->text, b->g->r, b->mx, b->my, ptr, n, b->win_w, b->win_h);
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", ptr[0]);
    }
}

/* Test hook: with JS_UI_LAYOUT=FILE set, the screen's state, camera, buttons and ships are
 * written to FILE whenever they change, so scripted tests (xdotool) know where to click. It
 * lists only what is on screen now, so it reveals nothing the screen does not show. */
static char layout_prev[65536];

void ui_battle_layout_forget(void) { layout_prev[0] = 0; }

static void dump_layout(ui_battle *b)
{
    const char *path = getenv("JS_UI_LAYOUT");
    if (!path || !*path)
        return;
    char *out = malloc(65536);
    if (!out)
        return;
    static const char *mn[4] = {"handover", "play", "anim", "over"};
    int n = snprintf(out, 65536, "mode %s\ntooltip %s\ndialog %s\nwait %d %u\nactor %d\nturn %d\ncamera %d %d %d %d %.6f %.6f %.6f\n",
                     mn[b->mode % 4], b->tip_shown[0] ? b->tip_shown : "-", b->save_open ? "save" : "none", b->wait.kind, (unsigned)b->wait.sides, b->actor, js_game_state(b->game)->turn, b->cam.vp.x,
                     b->cam.vp.y, b->cam.vp.w, b->cam.vp.h, b->cam.cx, b->cam.cy, b->cam.zoom);
    /* the turn comes from the game: during a handover the drawn view is not refreshed */
    if (b->cpu) /* against the computer: whether it is thinking and how far (nothing of what) */
        n += snprintf(out + n, 65536 - (size_t)n, "computer %d %d\n", bt_cpu_busy(b->cpu), bt_cpu_progress(b->cpu));
    for (int i = 0; i < b->buttons.n && n < 60000; i++) {
        const ui_button *bt = &b->buttons.b[i];
        n += snprintf(out + n, 65536 - (size_t)n, "button %d %d %d %d %d %d %d %d %s\n", bt->id, bt->arg, bt->arg2,
                      bt->enabled, bt->rc.x + bt->rc.w / 2, bt->rc.y + bt->rc.h / 2, bt->rc.w, bt->rc.h, bt->label);
    }
    if (b->mode != BM_HANDOVER) {
        const js_state *st = bt_st(b);
        for (int i = 0; i < st->nships && n < 64000; i++) {
            const js_ship *s = &st->ships[i];
            if (!s->on_map)
                continue;
            int c, r;
            float x, y;
            js_hex_to_offset(s->pos, &c, &r);
            ui_cam_hex_to_screen(&b->cam, s->pos, &x, &y);
            n += snprintf(out + n, 65536 - (size_t)n, "ship %d %d %d %d %d %d %d\n", i, s->side, c, r, s->facing,
                          (int)x, (int)y);
        }
        for (int i = 0; i < st->nsites && n < 64000; i++) { /* public once revealed (J-2) */
            int c, r;
            js_hex_to_offset(st->sites[i].hex, &c, &r);
            n += snprintf(out + n, 65536 - (size_t)n, "site %d %d %d %d %d %d %d\n", i, st->sites[i].kind,
                          st->sites[i].side, st->sites[i].alive, st->sites[i].section, c, r);
        }
    }
    if (strcmp(out, layout_prev) != 0) {
        snprintf(layout_prev, sizeof layout_prev, "%s", out);
        char tmp[1100];
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *f = fopen(tmp, "w");
        if (f) {
            fputs(out, f);
            fclose(f);
            rename(tmp, path);
        }
    }
    free(out);
}

/* The side panel and the log share the right column; while a ship's orders are open the log gives
 * way so the whole editor and its Ready button fit. */
static void split_side(ui_battle *b)
{
    bool editing = b->wait.kind == JS_WAIT_PLOT && !b->public_mode && (b->sel_ship >= 0 || b->sel_pod >= 0);
    /* the command phase lists the reserve: at large UI scales the log gives it more room */
    bool listing = b->wait.kind == JS_WAIT_COMMAND && !b->public_mode && ui_scale >= 1.5f;
    int top = b->side.y, avail = b->win_h - top;
    int logh = avail * (editing ? 20 : listing ? 26 : 36) / 100;
    b->log = (SDL_Rect){b->log.x, b->win_h - logh, b->log.w, logh};
    b->side.h = avail - logh;
}

/* A toast: the latest refusal or note, above the bottom edge of area. */
static void draw_toast(ui_battle *b, SDL_Rect area)
{
    if (b->toast_t <= 0 || !b->toast[0])
        return;
    SDL_Renderer *r = b->g->r;
    int px = ui_px(14), tw, th;
    ui_text_size(b->g->text, UI_FONT_SANS, px, b->toast, &tw, &th);
    SDL_Rect rc = {area.x + (area.w - tw) / 2 - ui_px(12), area.y + area.h - th - ui_px(36), tw + ui_px(24),
                   th + ui_px(12)};
    int a = b->toast_t > 1 ? 240 : (int)(240 * b->toast_t);
    ui_panel(r, rc, ui_col(40, 20, 20, a), ui_col(220, 120, 90, a));
    ui_text_draw(b->g->text, UI_FONT_SANS, px, b->toast, ui_col_alpha(UI_TEXT, a), rc.x + ui_px(12), rc.y + ui_px(6),
                 UI_AL_LEFT);
}

void ui_battle_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text_frame(b->g->text);
    b->tip_shown[0] = 0;
    SDL_SetRenderDrawColor(r, 8, 10, 20, 255);
    SDL_RenderClear(r);
    if (b->mode == BM_HANDOVER) {
        ui_buttons_begin(&b->buttons);
        bt_handover_draw(b);
        draw_toast(b, (SDL_Rect){0, 0, b->win_w, b->win_h + ui_px(26)}); /* below the screen's hint */
        dump_layout(b);
        return;
    }
    split_side(b);
    ui_overlay o;
    ui_overlay_clear(&o);
    o.hover_on = b->hover_on && !b->dragging;
    o.hover = b->hover;
    const js_view *v = b->view;
    if (b->mode == BM_ANIM) {
        bt_anim_overlay(b, &o);
        v = b->anim_view;
    } else {
        bt_overlay(b, &o);
    }
    ui_board_draw(b->board, &b->cam, v, &o);
    ui_buttons_begin(&b->buttons);
    bt_topbar_draw(b);
    bt_panel_draw(b);
    bt_log_draw(b);
    bt_setup_draw(b);
    bt_hand_draw(b);
    bt_dice_draw(b);
    if (b->mode == BM_ANIM)
        bt_anim_draw_die(b);
    draw_toast(b, b->board_rc);
    bt_save_draw(b); /* the save-name dialog, over everything */
    /* tooltip of the button under the mouse (disabled ones say which rule forbids them) */
    if (b->save_open) {
        /* no tooltips or hover lists under a dialog */
    } else if (b->buttons.hot >= 0 && b->buttons.b[b->buttons.hot].tip[0]) {
        const char *tip = b->buttons.b[b->buttons.hot].tip;
        ui_tooltip(b->g->text, r, b->mx, b->my, &tip, 1, b->win_w, b->win_h);
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", tip);
    } else {
        draw_hover_list(b);
    }
    dump_layout(b);
}
