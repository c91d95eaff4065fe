/* battle.c — the battle screen: creating it, input routing and drawing. The game changes only
 * through the submit path (bt_flow.c); the side panel's parts are reached through bt_panel.c. */
#include "bt_anim.h"
#include "bt_panel.h"
#include "bt_parts.h"
#include "bt_save.h"
#include "bt_computer.h"
#include "logwrap.h"
#include "ui_saves.h"
#include "kit/layout.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- create / destroy */

/* The parts' drafts, each made (and dropped) by its own file. */
static bool attach_parts(ui_battle *b) { return bt_lesson_attach(b) && bt_plot_attach(b) && bt_setup_attach(b) && bt_launch_attach(b) && bt_decide_attach(b) && bt_hand_attach(b) && bt_dice_attach(b); }

static void detach_parts(ui_battle *b)
{
    bt_lesson_detach(b);
    bt_plot_detach(b);
    bt_setup_detach(b);
    bt_launch_detach(b);
    bt_decide_detach(b);
    bt_hand_detach(b);
    bt_dice_detach(b);
}

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
    b->anim = bt_anim_create(g);
    b->board = ui_board_create(g);
    b->sel = bt_sel_new();
    if (!b->view || !b->anim || !b->board || !b->sel || !attach_parts(b)) {
        snprintf(err, cap, "out of memory");
        ui_battle_destroy(b);
        return NULL;
    }
    b->home = -1;
    /* who plays each side: a continued game's record says, else the new game's choices */
    int levels[JS_SIDES];
    if (!bt_think_levels(cfg, levels, err, cap)) {
        ui_battle_destroy(b); /* the resumed game and record are still the caller's */
        return NULL;
    }
    char reason[JS_REASON_LEN] = "";
    b->game = cfg->resume_game ? cfg->resume_game : js_game_create(cfg->scn, &cfg->dice, reason, sizeof reason);
    b->rec = cfg->resume_rec; /* a continued game keeps its record (ui_battle_resume) */
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
    if (b->rec && cfg->seal && !b->rec->seal && !(b->rec->seal = jsd_seal_dup(cfg->seal))) {
        snprintf(err, cap, "out of memory"); /* never a protected game's file in the clear */
        ui_battle_destroy(b);
        return NULL;
    }
    if (!bt_think_start(b, levels, cfg->resume_rec ? cfg->resume_rec : NULL, cfg->dice.seed)) {
        snprintf(err, cap, "out of memory");
        ui_battle_destroy(b);
        return NULL;
    }
    if (cfg->online) { /* one side of a server's game: only its view is here, no handover */
        b->online = true;
        b->home = cfg->online_side;
    }
    if (cfg->lesson) { /* one player, at the controls of the lesson's side: no handover */
        b->lesson = cfg->lesson;
        jsd_lesson_run_init(&b->lrun);
        b->home = cfg->lesson->player;
        b->lesson_last = cfg->lesson_last;
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
    bt_clear_selection(b);
    b->default_deck = cfg->scn->ndeck == 0;
    {
        /* the opening look comes once, before anyone decides anything: a game continued after
         * a purchase or a ready goes straight back to the decision it waits for */
        int ph = js_game_state(b->game)->phase;
        b->intro = (ph == JS_PHASE_SETUP_BUY || ph == JS_PHASE_SETUP_JP || ph == JS_PHASE_SETUP_VANGUARD ||
                    ph == JS_PHASE_SETUP_JO) &&
                   (!b->rec || b->rec->ncmds == 0) && !b->online;
    }
    bt_refresh(b);
    bt_flow(b);
    if (cfg->skip_first_handover && b->mode == BM_HANDOVER)
        ui_battle_take_handover(b);
    return b;
}

ui_battle *ui_battle_resume(ui_gfx *g, const char *path, const char *autosave_path, char *err, size_t cap)
{
    return ui_battle_resume_pw(g, path, NULL, autosave_path, err, cap);
}

ui_battle *ui_battle_resume_pw(ui_gfx *g, const char *path, const char *const *pw, const char *autosave_path,
                               char *err, size_t cap)
{
    jsd_record *r;
    js_game *game;
    if (!ui_saves_rebuild_pw(path, pw, &r, &game, err, cap))
        return NULL;
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = js_game_scenario(game);
    cfg.dice.kind = r->dice_kind;
    cfg.dice.seed = r->seed;
    cfg.dice.script = r->script;
    cfg.dice.nscript = r->nscript;
    cfg.scenario_path = r->scenario_path;
    cfg.autosave_path = autosave_path;
    cfg.resume_game = game;
    cfg.resume_rec = r;
    for (int s = 0; s < JS_SIDES; s++)
        snprintf(cfg.players[s], JS_NAME_LEN, "%s", r->players[s]);
    char e2[512];
    ui_battle *b = ui_battle_create(g, &cfg, e2, sizeof e2);
    if (!b) {
        snprintf(err, cap, "%s: %s", path, e2);
        js_game_destroy(game);
        jsd_record_free(r);
        return NULL;
    }
    if (r->torn_line) { /* a kill while the last command was appended: the player must know */
        char note[700];
        jsd_record_torn_msg(r, path, note, sizeof note);
        ui_battle_notice(b, "%s.", note);
    }
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
    bt_anim_destroy(b->anim);
    bt_sel_free(b->sel);
    detach_parts(b);
    ui_logwrap_destroy(b->logwrap);
    free(b->sent);
    free(b->on_view);
    free(b->on_ev);
    if (b->save_open)
        SDL_StopTextInput();
    free(b);
}

js_game *ui_battle_game(ui_battle *b) { return b->game; }

void ui_battle_menu_button(ui_battle *b, bool on) { b->menu_button = on; }

bool ui_battle_menu_asked(ui_battle *b)
{
    bool asked = b->menu_asked;
    b->menu_asked = false;
    return asked;
}

ui_lesson_act ui_battle_lesson_action(ui_battle *b)
{
    int id = bt_lesson_take_action(b);
    switch (id) {
    case B_LESSON_RESTART: return UI_LESSON_RESTART;
    case B_LESSON_SKIP: return UI_LESSON_SKIP;
    case B_LESSON_LEAVE: return UI_LESSON_LEAVE;
    case B_LESSON_RULES: return UI_LESSON_RULES;
    case B_LESSON_ONWARD: return UI_LESSON_ONWARD;
    case B_LESSON_LIST: return UI_LESSON_LIST;
    default: return UI_LESSON_NONE;
    }
}
bool ui_battle_lesson_complete(const ui_battle *b) { return b->lesson_done; }
int ui_battle_lesson_step(const ui_battle *b) { return b->lrun.step; }

bool ui_battle_esc_cancels(const ui_battle *b)
{
    return bt_sel_ship(b) >= 0 || bt_sel_pod(b) >= 0 || bt_sel_missile(b) >= 0 || bt_launch_placing(b, NULL, NULL) >= 0 ||
           bt_launch_hold_open(b) ||
           bt_plot_aiming(b) || b->save_open || bt_hand_drafting(b) || bt_dice_drafting(b);
}
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
bool ui_battle_quit(ui_battle *b)
{
    bool q = b->quit;
    b->quit = false;
    return q;
}
int ui_battle_home(const ui_battle *b) { return b->home; }

bool ui_battle_computer_busy(const ui_battle *b, int *permille)
{
    if (permille)
        *permille = bt_cpu_progress(b->cpu);
    return bt_cpu_busy(b->cpu);
}

void ui_battle_resize(ui_battle *b, int w, int h)
{
    bool new_size = w != b->win_w || h != b->win_h; /* not for a scale change or a screen closing */
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
    /* a lesson's text box has a strip of its own under the board: it never hides the map */
    int strip = b->lesson ? bt_lesson_strip_h(b, w - side) : 0;
    int above = b->top_strip < (h - top - strip) / 2 ? b->top_strip : 0; /* never half the board */
    b->board_rc = (SDL_Rect){0, top + above, w - side, h - top - strip - above};
    bt_lesson_place(b, (SDL_Rect){0, h - strip, w - side, strip});
    SDL_Rect old = b->cam.vp;
    SDL_Rect map = bt_hand_map_rc(b); /* with command cards, the hand's strip is below the map */
    if (!b->cam_fitted || new_size) { /* the window changed: the whole map in it again */
        ui_cam_init(&b->cam, map);
        ui_cam_fit(&b->cam, b->view->st.scn.width, b->view->st.scn.height);
        b->cam_fitted = true;
    } else {
        b->cam.vp = map;
        (void)old;
    }
    ui_board_invalidate(b->board);
}

void ui_battle_set_top_strip(ui_battle *b, int h)
{
    if (h == b->top_strip)
        return;
    b->top_strip = h;
    b->cam_fitted = false; /* the whole map in the board's new room */
    ui_battle_resize(b, b->win_w, b->win_h);
}

SDL_Rect ui_battle_top_strip_rc(const ui_battle *b)
{
    int h = b->board_rc.y - b->top.h;
    return h > 0 ? (SDL_Rect){0, b->top.h, b->board_rc.w, h} : (SDL_Rect){0, 0, 0, 0};
}

/* ----------------------------------------------------------------- input */

/* on the map (with command cards the hand's strip below it is not) */
static bool in_board(const ui_battle *b, int x, int y) { return ui_point_in(b->cam.vp, x, y); }

/* The handover screen: only a deliberate act on the screen itself passes it — a click that both
 * went down and came up on its button while it was up (the release of a click made before it
 * appeared does not count), or Enter/Space once it has been up a moment. */
static void handover_event(ui_battle *b, const SDL_Event *e, bool ctrl_s)
{
    if (ctrl_s) {
        bt_save_open(b); /* refused there, with a note */
        return;
    }
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
    } else if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE && (e->key.keysym.mod & KMOD_CTRL)) {
        b->quit = true;
    }
}

/* The mouse moves: a drag pans the board (past a small dead zone), the hover follows. */
static void mouse_motion(ui_battle *b, const SDL_Event *e)
{
    b->mx = e->motion.x;
    b->my = e->motion.y;
    if (b->dragging && !(e->motion.state & (SDL_BUTTON_LMASK | SDL_BUTTON_MMASK)))
        b->dragging = false; /* the button is up though its release never came here (a dialog took it) */
    if (!(e->motion.state & SDL_BUTTON_LMASK))
        bt_box_end(b); /* so does a box's */
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
}

/* A release that ends no drag: a button (a disabled one says why), else a hex of the board. A
 * Shift-drag's box selects the ships in it; one too small to be a box is a Shift-click. */
static void mouse_up(ui_battle *b, const SDL_Event *e)
{
    bool was_drag = b->dragging && b->drag_moved;
    b->dragging = false;
    if (was_drag)
        return;
    SDL_Rect box;
    int x0, y0;
    if (bt_box_rect(b, e->button.x, e->button.y, &box, &x0, &y0)) {
        bt_box_end(b);
        if (e->button.button == SDL_BUTTON_LEFT && (box.w > 6 || box.h > 6)) {
            if (bt_board_boxes(b))
                bt_plot_box(b, box, x0, y0, true);
            return;
        }
    }
    const ui_button *btn = ui_buttons_at(&b->buttons, e->button.x, e->button.y);
    if (btn) {
        if (btn->enabled) {
            ui_sound_play(b->g->assets, UI_SND_CLICK);
            bt_button(b, btn);
        } else if (btn->tip[0]) {
            bt_toast(b, "%s", btn->tip);
        }
        return;
    }
    if (in_board(b, e->button.x, e->button.y) && !bt_lesson_covers(b, e->button.x, e->button.y)) {
        js_hex h = ui_cam_screen_to_hex(&b->cam, e->button.x, e->button.y);
        bt_board_click(b, h, e->button.button);
    }
}

/* The wheel scrolls the log or the panel under it; over the board it turns a ship being placed,
 * else zooms. */
static void mouse_wheel(ui_battle *b, const SDL_Event *e)
{
    int mx, my;
    SDL_GetMouseState(&mx, &my);
    if (ui_point_in(b->log, mx, my)) {
        b->log_scroll += e->wheel.y * 3;
        if (b->log_scroll < 0)
            b->log_scroll = 0;
        return;
    }
    if (ui_point_in(b->side, mx, my)) { /* a panel taller than its room (bt_panel.c) */
        b->panel_scroll -= e->wheel.y * ui_px(48);
        if (b->panel_scroll < 0)
            b->panel_scroll = 0;
        return;
    }
    if (bt_lesson_in_strip(b, mx, my)) { /* a lesson's text cut short (bt_lesson.c) */
        bt_lesson_scroll(b, -e->wheel.y * ui_px(36));
        return;
    }
    if (!in_board(b, mx, my))
        return;
    int turn = e->wheel.y > 0 ? 1 : -1;
    if (bt_launch_placing(b, NULL, NULL) >= 0) { /* placing a ship: the wheel turns it */
        bt_launch_rotate(b, turn);
        return;
    }
    if (bt_hand_drafting(b)) { /* a deployment through a jump point: the wheel turns it */
        bt_hand_rotate(b, turn);
        return;
    }
    if (bt_dice_drafting(b)) { /* a deployment by command dice: the wheel turns it */
        bt_dice_rotate(b, turn);
        return;
    }
    double f = e->wheel.y > 0 ? 1.15 : 1 / 1.15;
    for (int i = 1; i < abs(e->wheel.y); i++)
        f *= e->wheel.y > 0 ? 1.15 : 1 / 1.15;
    ui_cam_zoom_at(&b->cam, f, mx, my);
    ui_cam_clamp(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
}

/* Keys the whole battle screen knows (camera, quit, mute, UI scale, undo); the rest go to the
 * side panel (bt_key). */
static void key_down(ui_battle *b, const SDL_Event *e, bool ctrl_s)
{
    SDL_Keycode k = e->key.keysym.sym;
    double step = 60;
    if (ctrl_s) { /* a named save: the dialog asks for its name (bt_save.c) */
        bt_save_open(b);
        return;
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
    } else if ((k == SDLK_z || k == SDLK_y) && (e->key.keysym.mod & KMOD_CTRL) && bt_locked(b, B_UNDO))
        bt_toast(b, "%s", bt_lock_why(b));
    else if (k == SDLK_z && (e->key.keysym.mod & KMOD_CTRL))
        bt_plot_undo(b, (e->key.keysym.mod & KMOD_SHIFT) != 0);
    else if (k == SDLK_y && (e->key.keysym.mod & KMOD_CTRL))
        bt_plot_undo(b, true);
    else
        bt_key(b, k);
    ui_cam_clamp(&b->cam, bt_st(b)->scn.width, bt_st(b)->scn.height);
}

void ui_battle_event(ui_battle *b, const SDL_Event *e)
{
    if (bt_save_event(b, e))
        return;
    bool ctrl_s = e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_s && (e->key.keysym.mod & KMOD_CTRL);
    if (e->type == SDL_MOUSEBUTTONUP && b->mode != BM_PLAY && b->mode != BM_OVER) {
        b->dragging = false; /* a press on the map let go over a handover: the next player's map must not follow */
        bt_box_end(b);
    }
    if (b->mode == BM_HANDOVER) {
        handover_event(b, e, ctrl_s);
        return;
    }
    if (b->mode == BM_ANIM) { /* any click or key skips the animation */
        if (e->type == SDL_MOUSEBUTTONDOWN || (e->type == SDL_KEYDOWN && e->key.keysym.sym != SDLK_LCTRL))
            bt_anim_skip(b->anim);
        if (e->type == SDL_MOUSEMOTION) {
            b->mx = e->motion.x;
            b->my = e->motion.y;
        }
        return;
    }
    switch (e->type) {
    case SDL_MOUSEMOTION:
        mouse_motion(b, e);
        break;
    case SDL_MOUSEBUTTONDOWN:
        b->dragging = false; /* a drag whose release was lost ends */
        bt_box_end(b);
        if (in_board(b, e->button.x, e->button.y) && !bt_lesson_covers(b, e->button.x, e->button.y) &&
            e->button.button == SDL_BUTTON_LEFT && (SDL_GetModState() & KMOD_SHIFT) && bt_board_boxes(b)) {
            bt_box_begin(b, e->button.x, e->button.y); /* Shift-drag: a box that selects ships */
        } else if (in_board(b, e->button.x, e->button.y) && !bt_lesson_covers(b, e->button.x, e->button.y) &&
                   (e->button.button == SDL_BUTTON_LEFT || e->button.button == SDL_BUTTON_MIDDLE)) {
            b->dragging = true;
            b->drag_moved = false;
            b->drag_x = e->button.x;
            b->drag_y = e->button.y;
        }
        break;
    case SDL_MOUSEBUTTONUP:
        mouse_up(b, e);
        break;
    case SDL_MOUSEWHEEL:
        mouse_wheel(b, e);
        break;
    case SDL_KEYDOWN:
        key_down(b, e, ctrl_s);
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            ui_battle_resize(b, e->window.data1, e->window.data2);
        break;
    default:
        break;
    }
}

void ui_battle_ready(ui_battle *b)
{
    ui_button btn = {.id = B_READY, .enabled = true};
    bt_button(b, &btn);
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
        b->anim->speed = b->speed; /* the keys 1-4 change it while it plays */
        if (!bt_anim_update(b->anim, dt)) {
            b->mode = BM_PLAY;
            bt_flow(b);
        }
    }
    bt_think_step(b); /* the computer's commands go in like clicks (bt_think.c) */
    bt_lesson_step(b); /* so do a lesson's opponent's (bt_lesson.c) */
    return busy;
}

/* ----------------------------------------------------------------- drawing */

/* The Shift-drag box over the board, with how many of the player's ships it holds. */
static void draw_box(ui_battle *b)
{
    SDL_Rect box;
    int x0, y0;
    if (!bt_board_boxes(b) || !bt_box_rect(b, b->mx, b->my, &box, &x0, &y0) || (box.w <= 6 && box.h <= 6))
        return;
    SDL_Rect clip = b->board_rc;
    SDL_RenderSetClipRect(b->g->r, &clip);
    ui_fill_rect(b->g->r, box, ui_col_alpha(UI_ACCENT, 40));
    ui_rect_outline(b->g->r, box, UI_ACCENT);
    int n = bt_plot_box(b, box, x0, y0, false);
    char t[48];
    snprintf(t, sizeof t, "%d ship%s", n, n == 1 ? "" : "s");
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(14), t, UI_ACCENT, b->mx + ui_px(10), b->my + ui_px(6), UI_AL_LEFT);
    SDL_RenderSetClipRect(b->g->r, NULL);
}

static void draw_hover_list(ui_battle *b)
{
    if (!b->hover_on || b->dragging || b->mode == BM_HANDOVER || bt_box_rect(b, b->mx, b->my, &(SDL_Rect){0}, NULL, NULL))
        return;
    if (ui_buttons_at(&b->buttons, b->mx, b->my))
        return;
    char lines[12][96];
    const js_view *v = b->mode == BM_ANIM ? b->anim->view : b->view;
    int n = b->mode == BM_PLAY ? bt_setup_hover(b, lines, 12) : 0;
    if (!n)
        n = bt_dice_hover(b, lines, 12); /* K: why a jump-off point or a ship may (not) go here */
    if (n > 0) { /* the setup screen explains the hex (J-2: why a jump point may not go here) */
        const char *sp[12];
        for (int i = 0; i < n; i++)
            sp[i] = lines[i];
        ui_tooltip_avoid(b->g->text, b->g->r, b->mx, b->my, sp, n, b->win_w, b->win_h, bt_lesson_focus(b));
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", sp[0]);
        return;
    }
    n = ui_board_describe_hex(v, b->hover, lines, 12);
    const char *ptr[12];
    for (int i = 0; i < n; i++)
        ptr[i] = lines[i];
    if (n > 1 || (n == 1 && strstr(lines[0], "open space") == NULL)) {
        ui_tooltip_avoid(b->g->text, b->g->r, b->mx, b->my, ptr, n, b->win_w, b->win_h, bt_lesson_focus(b));
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", ptr[0]);
    }
}

/* Test hook: with JS_UI_LAYOUT=FILE set, the screen's state, camera, buttons and ships are
 * written to FILE whenever they change, so scripted tests (xdotool) know where to click. It
 * lists only what is on screen now, so it reveals nothing the screen does not show. */
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
    if (b->mode != BM_HANDOVER && b->who_shown[0]) /* who the screen is for, as the top bar says */
        n += snprintf(out + n, 65536 - (size_t)n, "viewer %s\n", b->who_shown);
    if (b->head_shown[0]) /* the side panel's heading: what this screen is asked, or waits on */
        n += snprintf(out + n, 65536 - (size_t)n, "panel %s\n", b->head_shown);
    if (b->top_shown[0]) /* the top bar's words: whose decision (the computer thinking, how far) */
        n += snprintf(out + n, 65536 - (size_t)n, "topbar %s\n", b->top_shown);
    if (b->notice_on) /* the standing notice (a failed autosave) */
        n += snprintf(out + n, 65536 - (size_t)n, "notice %s\n", b->notice);
    if (b->toast_t > 0 && b->toast[0]) /* the note on screen, where it is and its rule tag */
        n += snprintf(out + n, 65536 - (size_t)n, "toast %d %d %s %s\n", b->toast_x, b->toast_y,
                      b->toast_rule[0] ? b->toast_rule : "-", b->toast);
    if (b->cpu) /* against the computer: whether it is thinking and how far (nothing of what) */
        n += snprintf(out + n, 65536 - (size_t)n, "computer %d %d\n", bt_cpu_busy(b->cpu), bt_cpu_progress(b->cpu));
    if (b->lesson) /* a lesson: the step the player is on, of how many, and whether it is complete */
        n += snprintf(out + n, 65536 - (size_t)n, "lesson %s %d %d %d\n", b->lesson->id, b->lrun.step,
                      b->lesson->nsteps, b->lesson_done);
    if (b->mode == BM_PLAY && (b->wait.kind == JS_WAIT_POD_ATTACK || b->wait.kind == JS_WAIT_GUARD) &&
        b->odds_shown[0]) /* the odds in the panel, per mille: destroyed, disabled, no effect */
        n += snprintf(out + n, 65536 - (size_t)n, "odds %s\n", b->odds_shown);
    /* what is selected (its card is in the panel): ship, pod group, missile, -1 for none */
    n += snprintf(out + n, 65536 - (size_t)n, "selected %d %d %d\n", bt_sel_ship(b), bt_sel_pod(b), bt_sel_missile(b));
    n = ui_layout_buttons(out, n, 65536, &b->buttons);
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
        for (int i = 0; i < b->nghosts_shown && n < 64000; i++) { /* a plotted turn's ghost, as drawn */
            const ui_ghost *g = &b->ghosts_shown[i];
            int c, r;
            js_hex_to_offset(g->place.hex, &c, &r);
            n += snprintf(out + n, 65536 - (size_t)n, "ghost %d %d %d %d %d\n", g->side, c, r, g->place.facing, g->label);
        }
        for (int i = 0; i < st->nsites && n < 64000; i++) { /* public once revealed (J-2) */
            int c, r;
            js_hex_to_offset(st->sites[i].hex, &c, &r);
            n += snprintf(out + n, 65536 - (size_t)n, "site %d %d %d %d %d %d %d\n", i, st->sites[i].kind,
                          st->sites[i].side, st->sites[i].alive, st->sites[i].section, c, r);
        }
    }
    ui_layout_put(out);
    free(out);
}

/* The side panel and the log share the right column; while a ship's orders are open the log gives
 * way so the whole editor and its Ready button fit. */
static void split_side(ui_battle *b)
{
    bool editing = b->wait.kind == JS_WAIT_PLOT && !b->public_mode && (bt_sel_ship(b) >= 0 || bt_sel_pod(b) >= 0);
    /* the command phase lists the reserve: at large UI scales the log gives it more room */
    bool listing = b->wait.kind == JS_WAIT_COMMAND && !b->public_mode && ui_scale >= 1.5f;
    int top = b->side.y, avail = b->win_h - top;
    int logh = avail * (editing ? 20 : listing ? 26 : 36) / 100;
    b->log = (SDL_Rect){b->log.x, b->win_h - logh, b->log.w, logh};
    b->side.h = avail - logh;
}

void ui_battle_draw(ui_battle *b)
{
    SDL_Renderer *r = b->g->r;
    ui_text_frame(b->g->text);
    b->tip_shown[0] = 0;
    b->head_shown[0] = 0;
    ui_clear(r, UI_BG);
    if (b->mode == BM_HANDOVER) {
        ui_buttons_begin(&b->buttons);
        bt_handover_draw(b);
        bt_toast_draw(b, (SDL_Rect){0, 0, b->win_w, b->win_h + ui_px(26)}); /* below the screen's hint */
        bt_notice_draw(b, (SDL_Rect){0, 0, b->win_w, b->win_h});
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
        bt_anim_overlay(b->anim, &o);
        v = b->anim->view;
    } else {
        bt_overlay(b, &o);
    }
    b->nghosts_shown = o.nghosts;
    memcpy(b->ghosts_shown, o.ghosts, (size_t)o.nghosts * sizeof *o.ghosts);
    ui_board_draw(b->board, &b->cam, v, &o);
    draw_box(b);
    ui_buttons_begin(&b->buttons);
    bt_topbar_draw(b);
    bt_panel_draw(b);
    bt_log_draw(b);
    bt_setup_draw(b);
    bt_hand_draw(b);
    bt_dice_draw(b);
    if (b->mode == BM_ANIM) {
        b->anim->board_rc = b->board_rc;
        bt_anim_draw(b->anim);
    }
    bt_lesson_draw(b); /* a lesson's box and highlight (after the panel: it rings its buttons) */
    bt_toast_draw(b, b->board_rc);
    bt_notice_draw(b, b->board_rc);
    bt_save_draw(b); /* the save-name dialog, over everything */
    /* tooltip of the button under the mouse (disabled ones say which rule forbids them) */
    bool note_here = b->toast_t > 0 && b->toast_x >= 0 && abs(b->mx - b->toast_x) <= ui_px(12) &&
                     abs(b->my - b->toast_y) <= ui_px(12);
    if (b->save_open || note_here) {
        /* no tooltips or hover lists under a dialog, nor over the note a click just raised by the
         * pointer (the tooltip hid it): they come back when the mouse moves on */
    } else if (b->buttons.hot >= 0 && b->buttons.b[b->buttons.hot].tip[0]) {
        const char *tip = b->buttons.b[b->buttons.hot].tip;
        ui_tooltip_avoid(b->g->text, r, b->mx, b->my, &tip, 1, b->win_w, b->win_h, bt_lesson_focus(b));
        snprintf(b->tip_shown, sizeof b->tip_shown, "%s", tip);
    } else {
        draw_hover_list(b);
    }
    dump_layout(b);
}
