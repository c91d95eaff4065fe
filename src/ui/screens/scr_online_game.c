/* scr_online_game.c — one side of a game on jumpstrike-server, on the normal battle screen
 * (docs/online.md). The network runs on net_client's threads: this screen queues requests and
 * takes the answers each frame (an answer wakes the loop with an SDL event), so the window never
 * waits on it. The view of the side is long-polled; the commands the player makes go out in
 * order and are tried again, with backoff, until the server answers (nothing is lost while it
 * cannot be reached). Only the side's own view and events ever arrive here (RULES X-2). */
#include "online_wake.h"
#include "battle/battle.h"
#include "online_record.h"
#include "ui_screens.h"
#ifdef JS_HAVE_CURL
#include "jsd_wire.h"
#include "net_api.h"
#include "net_client.h"
#include "net_games.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A command's answer comes tagged TAG_CMD + its seq (the side's commands taken before it). */
enum { TAG_VERSION = 1, TAG_HELLO, TAG_VIEW, TAG_CMD = 100 };
enum { OG_COPY = 1, OG_HIDE };
/* A command is answered once stored (well under a second); no answer in this long and the top bar
 * says Reconnecting while it is tried again. */
enum { CMD_TIMEOUT_S = 10 };

typedef struct ogame {
    ui_screen base;
    net_client *net;
    net_game g;
    jsd_wire_msg hello;
    bool have_hello, version_ok;
    ui_battle *bt;
    js_event *ev;              /* every event the side has seen */
    int nev, capev;
    char etag[40];
    int seq;                   /* the next command's seq: the side's commands taken or on their way; -1 unknown */
    int acks, view_acks;       /* commands answered 200; how many had been when the view on its way was asked */
    jsd_wire_msg pend;         /* a view that came while commands were on their way */
    bool have_pend;
    bool view_asked;
    bool over;
    int end_winner;            /* the server's end once over: 0, 1, -1 a draw; -2 none said (the
                                * results keep the view's own) */
    char end_why[200];         /* ... and what ended it, for the results ("Bob resigned") */
    double over_t;             /* seconds the end has been on the board */
    bool results_shown;
    bool invite_hidden;
    uint32_t waiting_since;    /* SDL ticks the battle began waiting on the other side, 0 none */
    int shown_secs;            /* the waited seconds the top bar says */
    char msg[1200];            /* what went wrong before the battle could open */
    ui_buttons own;            /* the invite's buttons */
    SDL_Rect invite_rc;        /* the invite's banner while it is up (else empty): clicks on it stay off the board */
} ogame;


static void ask_view(ogame *o, bool wait)
{
    char path[200];
    if (wait && o->etag[0])
        snprintf(path, sizeof path, "/v1/games/%s/view?since=%d&etag=%s&wait=25", o->g.game, o->nev, o->etag);
    else
        snprintf(path, sizeof path, "/v1/games/%s/view?since=%d", o->g.game, o->nev);
    o->view_acks = o->acks;
    o->view_asked = net_client_send(o->net, NET_LANE_POLL, TAG_VIEW, "GET", path, o->g.token, NULL, 40, true);
}

static bool add_events(ogame *o, const jsd_wire_msg *m)
{
    if (m->since != o->nev) /* not the events after ours: ask for all of them again */
        return false;
    if (o->nev + m->nevents > o->capev) {
        int cap = o->capev ? o->capev : 256;
        while (cap < o->nev + m->nevents)
            cap *= 2;
        js_event *p = realloc(o->ev, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        o->ev = p, o->capev = cap;
    }
    if (m->nevents > 0)
        memcpy(o->ev + o->nev, m->events, (size_t)m->nevents * sizeof *m->events);
    o->nev += m->nevents;
    return true;
}

static void open_battle(ogame *o, ui_app *a, const jsd_wire_msg *m)
{
    char err[600], players[JS_SIDES][JS_NAME_LEN];
    int me = o->g.side;
    snprintf(players[me], JS_NAME_LEN, "%s", o->g.me[0] ? o->g.me : "You");
    snprintf(players[1 - me], JS_NAME_LEN, "%s", o->g.opponent[0] ? o->g.opponent : m->view->st.scn.sides[1 - me].name);
    o->bt = ui_battle_online(&a->g, m->view, o->ev, o->nev, (const char(*)[JS_NAME_LEN])players, err, sizeof err);
    if (!o->bt) {
        snprintf(o->msg, sizeof o->msg, "This game cannot be shown: %s", err);
        return;
    }
    ui_battle_set_speed(o->bt, a->set.anim_speed);
    ui_battle_set_every_step(o->bt, a->set.every_step);
    ui_battle_resize(o->bt, a->w, a->h);
}

static void take_view(ogame *o, ui_app *a, jsd_wire_msg *m)
{
    char why[400];
    if (!o->bt)
        open_battle(o, a, m);
    else if (!ui_battle_online_view(o->bt, m->view, o->ev, o->nev, why, sizeof why))
        ui_battle_notice(o->bt, "The server's view could not be shown: %s", why);
    jsd_wire_msg_free(m);
}

/* The server's end: who won and, for the results, what ended it in the players' words. */
static void end_of(ogame *o, const char *body)
{
    char reason[200];
    int w = -1;
    if (!net_view_end(body, &w, reason, sizeof reason))
        return;
    o->end_winner = w;
    o->end_why[0] = 0;
    if (!strncmp(reason, "side ", 5) && (reason[5] == 'A' || reason[5] == 'B') && strstr(reason, "resigned")) {
        int sd = reason[5] - 'A';
        const char *who = sd == o->g.side ? (o->g.me[0] ? o->g.me : "You")
                          : o->g.opponent[0] ? o->g.opponent
                          : o->have_hello ? o->hello.scn->sides[sd].name
                                          : "The other side";
        snprintf(o->end_why, sizeof o->end_why, "%s resigned.", who);
    } else if (reason[0]) {
        snprintf(o->end_why, sizeof o->end_why, "%s", reason);
    }
}

/* The names the results give: the server's for both players (the opponent's may have come after
 * the board opened, when the other player joined), else the board's. */
static void results_names(ogame *o, char names[JS_SIDES][JS_NAME_LEN])
{
    const char(*shown)[JS_NAME_LEN] = ui_battle_players(o->bt);
    int me = o->g.side;
    snprintf(names[me], JS_NAME_LEN, "%s", o->g.me[0] ? o->g.me : shown[me]);
    snprintf(names[1 - me], JS_NAME_LEN, "%s", o->g.opponent[0] ? o->g.opponent : shown[1 - me]);
}

static void show_results(ogame *o, ui_app *a)
{
    o->results_shown = true;
    char names[JS_SIDES][JS_NAME_LEN];
    results_names(o, names);
    ui_screen *rs = ui_scr_results_online(a, ui_battle_game(o->bt), (const char(*)[JS_NAME_LEN])names, o->g.side,
                                          o->end_winner, o->end_why, ui_online_record_new(&o->g));
    if (rs)
        ui_app_push(a, rs);
}

static void on_reply(ogame *o, ui_app *a, net_reply *r)
{
    char why[400];
    switch (r->tag) {
    case TAG_VERSION:
        if (!r->status)
            snprintf(o->msg, sizeof o->msg, "The server at %s cannot be reached: %s", o->g.server, r->why);
        else if (!(o->version_ok = net_version_ok(r->body, why, sizeof why)))
            snprintf(o->msg, sizeof o->msg, "The server at %s: %s", o->g.server, why);
        break;
    case TAG_HELLO: {
        if (o->msg[0]) /* the version check failed (it is answered first, on the same lane) */
            break;
        if (r->status != 200) {
            net_reason(r, why, sizeof why);
            if (!o->msg[0])
                snprintf(o->msg, sizeof o->msg, "%s%s", r->status == 404 ? "This game is not on the server (it was "
                         "deleted, or the key is not this game's; Forget takes it off My games): "
                         : "The game could not be opened: ", why);
            break;
        }
        if (!net_hello_read(r->body, &o->hello, why, sizeof why)) {
            snprintf(o->msg, sizeof o->msg, "The server's hello cannot be read: %s", why);
            break;
        }
        o->have_hello = true;
        o->g.side = o->hello.side;
        ask_view(o, false);
        break;
    }
    case TAG_VIEW: {
        o->view_asked = false;
        if (r->status != 200 || !o->have_hello) {
            net_reason(r, why, sizeof why);
            if (o->bt)
                ui_battle_notice(o->bt, "The server did not send the game: %s", why);
            else
                snprintf(o->msg, sizeof o->msg, "The server did not send the game: %s", why);
            break; /* not asked again: a 404 stays a 404 */
        }
        jsd_wire_msg m;
        bool over = false;
        int taken = -1;
        if (!net_view_read(r->body, o->hello.scn, o->etag, sizeof o->etag, &over, &taken, &m, why, sizeof why)) {
            if (o->bt)
                ui_battle_notice(o->bt, "The server's view cannot be read: %s", why);
            else
                snprintf(o->msg, sizeof o->msg, "The server's view cannot be read: %s", why);
            break;
        }
        if (!add_events(o, &m)) {
            jsd_wire_msg_free(&m);
            o->nev = 0;
            o->etag[0] = 0;
            ask_view(o, false);
            break;
        }
        /* the other player's name, as the server has it (it comes with their join) */
        char names[2][64];
        if (net_players_read(r->body, names) && names[1 - o->g.side][0])
            snprintf(o->g.opponent, sizeof o->g.opponent, "%.*s", (int)sizeof o->g.opponent - 1, names[1 - o->g.side]);
        o->over = over;
        if (over)
            end_of(o, r->body);
        /* none on its way: the server's count is the next seq. But a view asked before a command's
         * answer came may have been built before that command was taken (the lanes are two threads,
         * the answers can come in either order): its count would give the next command a taken seq,
         * which the server answers "again" and drops. Such a view only raises the seq. */
        if (!o->bt || ui_battle_online_unacked(o->bt) == 0)
            o->seq = taken < 0 || o->acks == o->view_acks ? taken : taken > o->seq ? taken : o->seq;
        if (o->bt && ui_battle_online_unacked(o->bt) > 0) { /* shown once the server has them */
            if (o->have_pend)
                jsd_wire_msg_free(&o->pend);
            o->pend = m;
            o->have_pend = true;
        } else {
            take_view(o, a, &m);
        }
        if (!over)
            ask_view(o, true);
        break;
    }
    default: /* TAG_CMD + seq */
        if (r->tag < TAG_CMD || !o->bt)
            break;
        if (r->status == 200) { /* taken (or taken already: an earlier try's answer was lost) */
            o->acks++;
            ui_battle_online_acked(o->bt);
        } else {
            int seq = r->tag - TAG_CMD;
            if (o->seq > seq) /* not taken: the next command takes its number */
                o->seq = seq;
            net_reason(r, why, sizeof why);
            /* 412: made over one refused just before it, whose reason is on screen already */
            ui_battle_online_refused(o->bt, r->status == 412 ? NULL : why);
        }
        if (ui_battle_online_unacked(o->bt) == 0 && o->have_pend) {
            o->have_pend = false;
            take_view(o, a, &o->pend);
        }
        break;
    }
}

static void send_commands(ogame *o)
{
    js_cmd c;
    char path[160];
    while (o->bt && ui_battle_online_take(o->bt, &c)) {
        /* seq: this side's commands taken before it, so that a command tried again after its
         * answer was lost (a slow server, a restart) is known and not applied twice, as a Ready
         * sent again after its turn resolved would be the next turn's Ready */
        int seq = o->seq >= 0 ? o->seq++ : -1;
        if (seq >= 0)
            snprintf(path, sizeof path, "/v1/games/%s/commands?seq=%d", o->g.game, seq);
        else
            snprintf(path, sizeof path, "/v1/games/%s/commands", o->g.game);
        char *body = jsd_wire_command(&c);
        if (!body || !net_client_send(o->net, NET_LANE_ACT, TAG_CMD + (seq >= 0 ? seq : 0), "POST", path, o->g.token,
                                      body, CMD_TIMEOUT_S, true))
            ui_battle_online_refused(o->bt, "out of memory: the command was not sent");
        free(body);
    }
}

/* The top bar while this side waits: on whom and for how long, or the server out of reach. */
static void status_line(ogame *o, ui_app *a)
{
    if (!o->bt)
        return;
    char why[300], text[300];
    double next;
    if (o->over) {
        snprintf(text, sizeof text, "Game over%s%s \xc2\xb7 R: the results", o->end_why[0] ? ": " : "", o->end_why);
        ui_battle_online_status(o->bt, text);
        return;
    }
    bool waiting = ui_battle_online_waiting(o->bt);
    if (!waiting)
        o->waiting_since = 0;
    else if (!o->waiting_since)
        o->waiting_since = SDL_GetTicks();
    int secs = o->waiting_since ? (int)((SDL_GetTicks() - o->waiting_since) / 1000) : 0;
    if (net_client_retrying(o->net, &next, why, sizeof why)) {
        snprintf(text, sizeof text, "Reconnecting\xe2\x80\xa6 next try in %d s (nothing you played is lost)",
                 (int)(next + 0.99));
        ui_battle_online_status(o->bt, text);
        a->dirty = true;
        return;
    }
    if (!waiting) {
        ui_battle_online_status(o->bt, "");
        return;
    }
    const js_view *v = ui_battle_view(o->bt);
    int other = 1 - o->g.side;
    char who[96]; /* "Bob (Hadar Reach)": the player, and the faction the board shows */
    if (o->g.opponent[0])
        snprintf(who, sizeof who, "%s (%s)", o->g.opponent, v->st.scn.sides[other].name);
    else
        snprintf(who, sizeof who, "%s", v->st.scn.sides[other].name);
    if (ui_battle_online_unacked(o->bt) > 0 || !(v->wait.sides & JS_SIDE_MASK(other)))
        snprintf(text, sizeof text, "Sending to the server\xe2\x80\xa6");
    else
        snprintf(text, sizeof text, "Waiting for %s to %s \xc2\xb7 %d:%02d", who,
                 v->wait.kind == JS_WAIT_PLOT ? "plot" : "decide", secs / 60, secs % 60);
    ui_battle_online_status(o->bt, text);
    if (secs != o->shown_secs) {
        o->shown_secs = secs;
        a->dirty = true;
    }
}

static bool og_update(ui_screen *s, ui_app *a, double dt)
{
    ogame *o = (ogame *)s;
    net_reply r;
    while (net_client_poll(o->net, &r)) {
        on_reply(o, a, &r);
        net_reply_free(&r);
        a->dirty = true;
    }
    send_commands(o);
    status_line(o, a);
    bool busy = false;
    if (o->bt) {
        ui_battle_set_every_step(o->bt, a->set.every_step);
        busy = ui_battle_update(o->bt, dt);
        send_commands(o); /* what the update made (a forced choice) */
        /* the end as in a local game: the last turn plays out, the board stays a moment, then
         * the results (built from this side's view and events only) */
        if (o->over && !o->results_shown && !ui_battle_animating(o->bt) && !o->have_pend) {
            o->over_t += dt;
            busy = true;
            if (o->over_t > 1.2 && ui_app_top(a) == s)
                show_results(o, a);
        }
    }
    return busy;
}

static void copy_invite(ogame *o, ui_app *a)
{
    if (SDL_SetClipboardText(o->g.invite) == 0)
        ui_app_toast(a, "The invite code is copied: send it to the other player.");
    else
        ui_app_toast(a, "Could not copy (%s): select the code and send it as it is.", SDL_GetError());
}

static void og_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    ogame *o = (ogame *)s;
    if (online_wake_is(e))
        return; /* an answer came: og_update takes it */
    bool on_banner = (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) &&
                     SDL_PointInRect(&(SDL_Point){e->button.x, e->button.y}, &o->invite_rc);
    if (on_banner && (e->type != SDL_MOUSEBUTTONDOWN || e->button.button != SDL_BUTTON_LEFT))
        return; /* the other half of a click on the banner: not a click on the ship under it */
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_buttons_at(&o->own, e->button.x, e->button.y);
        if (b && b->id == OG_COPY) {
            copy_invite(o, a);
            return;
        }
        if (b && b->id == OG_HIDE) {
            o->invite_hidden = true;
            return;
        }
        if (on_banner)
            return;
    }
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE && (!o->bt || !ui_battle_esc_cancels(o->bt))) {
        ui_app_pop(a); /* the game lives on the server: My games opens it again */
        return;
    }
    if (o->bt && o->results_shown && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_r) {
        show_results(o, a);
        return;
    }
    if (o->bt) {
        int speed = ui_battle_speed(o->bt);
        ui_battle_event(o->bt, e);
        if (ui_battle_speed(o->bt) != speed)
            a->set.anim_speed = ui_battle_speed(o->bt);
        if (ui_battle_quit(o->bt))
            ui_app_pop(a);
        send_commands(o);
    }
}

static void og_draw(ui_screen *s, ui_app *a)
{
    ogame *o = (ogame *)s;
    ui_text *t = a->g.text;
    ui_buttons_begin(&o->own);
    if (!o->bt) {
        ui_scr_backdrop(a);
        ui_scr_heading(a, "Online game", o->g.game);
        const char *say = o->msg[0] ? o->msg : "Opening the game on the server\xe2\x80\xa6";
        ui_text_wrap(t, UI_FONT_SANS, ui_px(17), say, o->msg[0] ? UI_BAD : UI_TEXT, ui_px(60), ui_px(200),
                     a->w - ui_px(120));
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), "Esc: back", UI_TEXT_DIM, ui_px(60), a->h - ui_px(50), UI_AL_LEFT);
        char extra[1300];
        snprintf(extra, sizeof extra, "message %s\n", o->msg[0] ? o->msg : "-");
        ui_app_layout(a, "online_game", extra);
        return;
    }
    bool banner = o->g.invite[0] && !o->invite_hidden && !o->over; /* until the other side has joined */
    ui_battle_set_top_strip(o->bt, banner ? ui_px(72) : 0); /* the board below it: it hides no hex */
    ui_battle_draw(o->bt);
    o->invite_rc = banner ? ui_battle_top_strip_rc(o->bt) : (SDL_Rect){0, 0, 0, 0};
    if (o->invite_rc.w > 0) {
        int x = o->invite_rc.x, y = o->invite_rc.y, w = o->invite_rc.w, h = o->invite_rc.h;
        ui_panel(a->g.r, o->invite_rc, ui_col(14, 18, 34, 245), UI_ACCENT);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(14), "Invite code for the other player (they choose Play online, Join):",
                     UI_TEXT, x + ui_px(14), y + ui_px(8), UI_AL_LEFT);
        ui_text_draw(t, UI_FONT_MONO, ui_px(12), o->g.invite, UI_ACCENT, x + ui_px(14), y + ui_px(34), UI_AL_LEFT);
        ui_button_add(&o->own, t, a->g.r, (SDL_Rect){x + w - ui_px(220), y + h - ui_px(36), ui_px(100), ui_px(28)},
                      "Copy", OG_COPY, 0, 0, true, true, "Copy the code to the clipboard", a->mx, a->my);
        ui_button_add(&o->own, t, a->g.r, (SDL_Rect){x + w - ui_px(112), y + h - ui_px(36), ui_px(100), ui_px(28)},
                      "Hide", OG_HIDE, 0, 0, true, false, "The code stays in My games", a->mx, a->my);
    }
}

static void og_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)a;
    ogame *o = (ogame *)s;
    if (o->bt)
        ui_battle_resize(o->bt, w, h);
}

static void og_close(ui_screen *s, ui_app *a)
{
    (void)a;
    ogame *o = (ogame *)s;
    net_client_free(o->net); /* aborts the long-poll: closing never waits on the network */
    ui_battle_destroy(o->bt);
    if (o->have_hello)
        jsd_wire_msg_free(&o->hello);
    if (o->have_pend)
        jsd_wire_msg_free(&o->pend);
    free(o->ev);
    free(o);
}

ui_screen *ui_scr_online_game(ui_app *a, const struct net_game *g)
{
    ogame *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    online_wake_init();
    o->g = *g;
    o->shown_secs = -1;
    o->seq = -1;
    o->end_winner = -2;
    o->base.name = "online_game";
    o->base.own_layout = true;
    o->base.event = og_event;
    o->base.update = og_update;
    o->base.draw = og_draw;
    o->base.resize = og_resize;
    o->base.close = og_close;
    if (!(o->net = net_client_new(g->server))) {
        free(o);
        return NULL;
    }
    net_client_on_reply(o->net, online_wake, NULL);
    char path[160];
    snprintf(path, sizeof path, "/v1/games/%s/hello", g->game);
    net_client_send(o->net, NET_LANE_ACT, TAG_VERSION, "GET", "/v1", NULL, NULL, 15, false);
    net_client_send(o->net, NET_LANE_ACT, TAG_HELLO, "GET", path, g->token, NULL, 30, false);
    (void)a;
    return &o->base;
}

ui_screen *ui_scr_online_open(ui_app *a, const char *game, char *err, size_t cap)
{
    static net_game list[NET_GAMES_MAX];
    char path[1200], why[400];
    char *dir = SDL_GetPrefPath("jumpstrike", "jumpstrike");
    snprintf(path, sizeof path, "%sonline_games.json", dir ? dir : "./");
    SDL_free(dir);
    int n = net_games_load(path, list, NET_GAMES_MAX, why, sizeof why);
    if (n < 0) {
        snprintf(err, cap, "%s: %s", path, why);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i].game, game)) {
            ui_screen *s = ui_scr_online_game(a, &list[i]);
            if (!s)
                snprintf(err, cap, "out of memory");
            return s;
        }
    snprintf(err, cap, "no game %s in My games (%s holds %d)", game, path, n);
    return NULL;
}

ui_battle *ui_scr_online_game_battle(ui_screen *s, bool *failed)
{
    ogame *o = (ogame *)s;
    *failed = !o->bt && o->msg[0];
    return o->bt;
}
#else
ui_screen *ui_scr_online_game(ui_app *a, const struct net_game *g)
{
    (void)a, (void)g;
    return NULL;
}

ui_screen *ui_scr_online_open(ui_app *a, const char *game, char *err, size_t cap)
{
    (void)a, (void)game;
    snprintf(err, cap, "this game was built without libcurl: online play is not in it");
    return NULL;
}

ui_battle *ui_scr_online_game_battle(ui_screen *s, bool *failed)
{
    (void)s;
    *failed = true;
    return NULL;
}
#endif
