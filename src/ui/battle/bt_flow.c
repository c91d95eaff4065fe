/* bt_flow.c — the battle's submit path and hotseat flow: every command goes through bt_submit
 * (js_submit, the record and the autosave, then the animation or the next screen), and bt_flow
 * works out who is at the controls for what the game waits for now.
 *
 * The hotseat rule lives in bt_flow: whenever the game waits for a secret decision from a side
 * whose secrets are not already on screen, the handover screen goes up and nothing of that side's
 * view is built until the player clicks through. Public decisions are shown in "public mode":
 * panels and log show only what both sides may know. */
#include "battle_int.h"
#include "bt_anim.h"
#include "bt_computer.h"
#include "bt_save.h"
#include "ui_saves.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bt_refresh(ui_battle *b)
{
    /* public mode still builds the actor's view (the engine has no "public" viewer), and the
     * panels leave out everything secret (bt_viewer) */
    int viewer = bt_viewer(b);
    if (b->mode == BM_OVER && !b->online)
        viewer = -1; /* the game is over: everything may be seen (online: the server's view only) */
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
    b->toast_t = 0;
    bt_drafts_drop(b, BT_DROP_TAKE); /* the plot's history and slot too */
    bt_refresh(b);
}

/* Nobody at the controls: the board in public (the battlefield before setup, the computer
 * thinking, the game over). */
static void show_public(ui_battle *b, int mode)
{
    b->mode = mode;
    b->actor = JS_SIDE_NONE;
    b->public_mode = true;
    b->screen_side = -1;
    bt_refresh(b);
}

/* Decide who is at the controls for what the game waits for now. */
void bt_flow(ui_battle *b)
{
    js_wait w = js_wait_get(b->game);
    b->wait = w;
    /* the computer's sides, and the side a lesson plays, are never at the controls */
    w.sides &= (uint8_t)~(bt_cpu_mask(b->cpu) | bt_lesson_mask(b));
    if (b->online) /* only this side is at this computer; nothing to do while the server answers */
        w.sides &= b->online_busy ? 0u : (uint8_t)JS_SIDE_MASK(b->home);
    if (b->intro && w.secret) {
        /* S-2, S-3: both players look at the battlefield (and any generated sites) before
         * anyone decides anything; nothing secret is on this screen */
        show_public(b, BM_PLAY);
        return;
    }
    b->intro = false;
    if (w.kind == JS_WAIT_NONE) {
        show_public(b, BM_OVER);
        return;
    }
    if ((b->cpu || b->lesson || b->online) && !w.sides) {
        /* only the computer (or a lesson's opponent) decides now: the human's board, in public,
         * while it thinks
         * (bt_think.c draws the panel; ui_battle_update hands its commands to the game) */
        if (b->actor >= 0 || !b->public_mode)
            bt_clear_selection(b);
        show_public(b, BM_PLAY);
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
        bt_clear_selection(b);
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

/* The record after every command, and the autosave, each by appending the new commands (a failed
 * write keeps the commands before it). A
 * failure is never silent: the standing notice says it, and says it again when a later write
 * fails after one worked or for another reason. */
static void bt_write_files(ui_battle *b, bool tell)
{
    (void)tell;
    jsd_error err;
    char msg[600], what[700] = "";
    if (b->rec) {
        const js_state *st = js_game_state(b->game);
        b->rec->turn = st->turn; /* what a sealed file shows in the clear */
        if (st->phase == JS_PHASE_OVER && b->rec->seal) { /* all is revealed: written in the clear */
            jsd_seal_free(b->rec->seal);
            b->rec->seal = NULL;
        }
    }
    if (b->rec_path[0] && !jsd_record_sync(b->rec, b->rec_path, &b->rec_file, &err))
        snprintf(what, sizeof what, "The record could not be written: %s", err.msg);
    if (b->autosave_path[0] && !ui_saves_autosave(b->rec, b->autosave_path, &b->auto_file, msg, sizeof msg))
        snprintf(what, sizeof what, "Autosave failed: %s", msg);
    bool bad = what[0] != 0;
    if (bad && (!b->files_bad || !strstr(b->notice, what)))
        ui_battle_notice(b, "%s. What you play from now on is not kept: free some space or fix the folder, "
                            "or save it elsewhere with Ctrl+S.", what);
    b->files_bad = bad;
}

/* Online: the command goes to the server (the screen takes it, ui_battle_online_take). A draft
 * (nothing happens, the same decision still waits on this side: a plot) shows at once on the
 * stand-in; anything else waits for the server's next view. The engine's refusal of the stand-in
 * is said at once, as locally; the server has the last word (ui_battle_online_refused). */
static js_status online_submit(ui_battle *b, js_cmd *c, bool quiet)
{
    char reason[JS_REASON_LEN] = "";
    if (b->online_busy) {
        if (!quiet)
            bt_toast(b, "Waiting for the server to answer\xe2\x80\xa6");
        return JS_ERR_NOT_NOW;
    }
    if (b->nsent == b->capsent) {
        int cap = b->capsent ? b->capsent * 2 : 64;
        struct bt_sent *p = realloc(b->sent, (size_t)cap * sizeof *p);
        if (!p) {
            bt_toast(b, "out of memory");
            return JS_ERR_NOMEM;
        }
        b->sent = p, b->capsent = cap;
    }
    js_game *trial = js_game_clone(b->game);
    if (!trial) {
        bt_toast(b, "out of memory");
        return JS_ERR_NOMEM;
    }
    int before = js_log_count(trial);
    js_wait w0 = js_wait_get(trial);
    js_status st = js_submit(trial, c, reason, sizeof reason);
    if (st != JS_OK) {
        js_game_destroy(trial);
        if (!quiet)
            bt_toast(b, "%s", reason[0] ? reason : "not allowed now");
        return st;
    }
    js_wait w1 = js_wait_get(trial);
    bool draft = c->type != JS_CMD_READY && js_log_count(trial) == before && w1.kind == w0.kind &&
                 (w1.sides & JS_SIDE_MASK(b->home));
    b->sent[b->nsent++] = (struct bt_sent){*c, draft};
    if (draft) {
        js_game_destroy(b->game);
        b->game = trial;
        bt_refresh(b);
        return JS_OK;
    }
    js_game_destroy(trial);
    b->online_busy = true;
    bt_clear_selection(b);
    bt_flow(b);
    return JS_OK;
}

js_status bt_submit(ui_battle *b, js_cmd *c, bool quiet)
{
    if (b->online)
        return online_submit(b, c, quiet);
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
    if (b->lesson && jsd_lesson_note(b->lesson, &b->lrun, c)) /* the engine took what the step asked */
        b->toast_t = 0;
    int after = js_log_count(b->game);
    bool anim = false;
    for (int i = before; i < after && !anim; i++)
        anim = bt_anim_plays(js_log_at(b->game, i));
    if (anim && b->speed < 3) {
        /* play what happened from the screen as it was, in public */
        b->public_mode = true;
        b->screen_side = -1;
        b->anim->speed = b->speed;
        bt_anim_start(b->anim, b->game, bt_viewer(b), b->view, before);
        b->mode = BM_ANIM;
        bt_select_clear(b);
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
            js_cmd c = bt_cmd(b, JS_CMD_POD_MOVE);
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
