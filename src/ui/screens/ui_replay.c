/* ui_replay.c — the replay viewer's player (ui_replay.h; the viewer's files: ui_replay_int.h):
 * opening the record, positions, seeking, visible steps, jumps, playback and its speed, whose
 * view is shown, and finding a scenario's demo. */
#include "ui_replay_int.h"
#include "battle/ui_saves.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

void rp_note(ui_replay *rp, const char *fmt, const char *arg)
{
    snprintf(rp->msg, sizeof rp->msg, fmt, arg);
    rp->msg_t = 4.0;
}

static void rebuild_view(ui_replay *rp) { js_view_build(rp->game, rp->viewer, rp->view); }

/* ----------------------------------------------------------------- open / close */

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
    if (!rp->turn_at || !rp->phase_at || !rp->logn || !rp->view || !rp->prev || !rp->board || !rp->game || !(rp->anim = bt_anim_create(g))) {
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
    bt_anim_destroy(rp->anim);
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
            rp_note(rp, "%s", "out of memory");
            return false;
        }
        js_game_destroy(rp->game);
        rp->game = g;
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
            rp_note(rp, "%s", m);
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
            anim = bt_anim_plays(js_log_at(rp->game, i)); /* what the battle animates */
    if (anim) {
        rp->anim->speed = rp->speed;
        rp->anim->board_rc = rp->board_rc;
        bt_anim_start(rp->anim, rp->game, rp->viewer, rp->prev, rp->logn[from]);
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

bool rp_phase_mark(const ui_replay *rp, int k)
{
    return k == 0 || rp->turn_at[k] != rp->turn_at[k - 1] || rp->phase_at[k] != rp->phase_at[k - 1];
}

bool rp_turn_mark(const ui_replay *rp, int k) { return k == 0 || rp->turn_at[k] != rp->turn_at[k - 1]; }

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

void ui_replay_jump_phase(ui_replay *rp, int dir) { jump_mark(rp, dir, rp_phase_mark); }
void ui_replay_jump_turn(ui_replay *rp, int dir) { jump_mark(rp, dir, rp_turn_mark); }

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

/* ----------------------------------------------------------------- demos */

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
