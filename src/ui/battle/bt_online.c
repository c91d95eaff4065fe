/* bt_online.c — the battle as one side of a game on jumpstrike-server (battle.h, "online
 * play"). The screen around it fetches the side's view and events and sends the commands; here
 * the stand-in game is rebuilt from each view (ai_fill_guesses: what the view hides, guessed as
 * the computer guesses it, so the engine's checks and the panels work as locally), the drafts not
 * yet acknowledged are applied over it again, and what the new events show plays out on the
 * board. Nothing but the side's own view ever reaches the battle (RULES X-2). */
#include "ai_int.h" /* ai_fill_guesses */
#include "battle_int.h"
#include "bt_anim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static js_game *stand_in(const js_view *v, const js_event *ev, int n, const struct bt_sent *sent, int nsent,
                         char *why, size_t cap)
{
    char reason[JS_REASON_LEN] = "";
    js_state *st = malloc(sizeof *st);
    if (!st) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    *st = v->st;
    ai_fill_guesses(st, v->viewer);
    js_game *g = js_game_from_state(st, 1, reason, sizeof reason);
    free(st);
    if (!g) {
        snprintf(why, cap, "the server's view makes no game: %s", reason);
        return NULL;
    }
    if (!js_log_restore(g, ev, n)) {
        js_game_destroy(g);
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    for (int i = 0; i < nsent; i++) /* the plots on their way, as the player sees them already */
        if (sent[i].draft)
            js_submit(g, &sent[i].c, NULL, 0);
    return g;
}

static bool keep_view(ui_battle *b, const js_view *v, const js_event *ev, int n)
{
    if (!b->on_view && !(b->on_view = malloc(sizeof *b->on_view)))
        return false;
    js_event *e = n > 0 ? malloc((size_t)n * sizeof *e) : NULL;
    if (n > 0 && !e)
        return false;
    if (n > 0)
        memcpy(e, ev, (size_t)n * sizeof *e);
    *b->on_view = *v;
    free(b->on_ev);
    b->on_ev = e;
    b->on_nev = n;
    return true;
}

static bool any_final(const ui_battle *b)
{
    for (int i = 0; i < b->nsent; i++)
        if (!b->sent[i].draft)
            return true;
    return false;
}

ui_battle *ui_battle_online(ui_gfx *g, const js_view *v, const js_event *ev, int n,
                            const char players[JS_SIDES][JS_NAME_LEN], char *err, size_t cap)
{
    js_game *game = stand_in(v, ev, n, NULL, 0, err, cap);
    if (!game)
        return NULL;
    ui_battle_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.scn = &v->st.scn;
    cfg.dice.kind = JS_DICE_SEEDED;
    cfg.dice.seed = 1;
    cfg.resume_game = game;
    cfg.online = true;
    cfg.online_side = v->viewer;
    for (int s = 0; s < JS_SIDES; s++)
        snprintf(cfg.players[s], JS_NAME_LEN, "%s", players[s]);
    ui_battle *b = ui_battle_create(g, &cfg, err, cap);
    if (!b) {
        js_game_destroy(game);
        return NULL;
    }
    if (!keep_view(b, v, ev, n)) {
        snprintf(err, cap, "out of memory");
        ui_battle_destroy(b);
        return NULL;
    }
    return b;
}

bool ui_battle_online_view(ui_battle *b, const js_view *v, const js_event *ev, int n, char *why, size_t cap)
{
    if (!b->online || v->viewer != b->home) {
        snprintf(why, cap, "a view of the other side");
        return false;
    }
    js_game *g = stand_in(v, ev, n, b->sent, b->nsent, why, cap);
    if (!g)
        return false;
    if (!keep_view(b, v, ev, n)) {
        js_game_destroy(g);
        snprintf(why, cap, "out of memory");
        return false;
    }
    if (b->mode == BM_ANIM) { /* what was playing is behind the new view: the board at its end */
        bt_anim_skip(b->anim);
        b->mode = BM_PLAY;
        bt_refresh(b);
    }
    int before = b->log_seen < n ? b->log_seen : n;
    js_game_destroy(b->game);
    b->game = g;
    b->online_busy = any_final(b);
    bool anim = false;
    for (int i = before; i < n && !anim; i++)
        anim = bt_anim_plays(&ev[i]);
    b->log_seen = n;
    if (anim && b->speed < 3) { /* as bt_submit plays a local command's events */
        b->public_mode = true;
        b->screen_side = -1;
        b->anim->speed = b->speed;
        bt_anim_start(b->anim, b->game, b->home, b->view, before);
        b->mode = BM_ANIM;
        bt_select_clear(b);
        return true;
    }
    bt_flow(b);
    return true;
}

bool ui_battle_online_take(ui_battle *b, js_cmd *c)
{
    if (b->nsent_taken >= b->nsent)
        return false;
    *c = b->sent[b->nsent_taken++].c;
    return true;
}

static void drop_oldest(ui_battle *b)
{
    if (b->nsent_taken <= 0)
        return;
    memmove(&b->sent[0], &b->sent[1], (size_t)(b->nsent - 1) * sizeof *b->sent);
    b->nsent--, b->nsent_taken--;
}

void ui_battle_online_acked(ui_battle *b) { drop_oldest(b); }

void ui_battle_online_refused(ui_battle *b, const char *reason)
{
    drop_oldest(b);
    b->nsent = b->nsent_taken; /* made over the refused one: not sent */
    if (b->on_view) {
        char why[300];
        js_game *g = stand_in(b->on_view, b->on_ev, b->on_nev, b->sent, b->nsent, why, sizeof why);
        if (g) {
            js_game_destroy(b->game);
            b->game = g;
        }
    }
    b->online_busy = any_final(b);
    if (b->mode != BM_ANIM)
        bt_flow(b);
    if (reason) /* NULL: one made over a refused one, whose reason is shown already */
        bt_toast(b, "%s", reason[0] ? reason : "the server refused it");
}

int ui_battle_online_unacked(const ui_battle *b) { return b->nsent; }

void ui_battle_online_status(ui_battle *b, const char *text)
{
    snprintf(b->online_status, sizeof b->online_status, "%s", text ? text : "");
}

bool ui_battle_online_waiting(const ui_battle *b)
{
    return b->online && (b->online_busy || (b->mode == BM_PLAY && b->actor < 0));
}
