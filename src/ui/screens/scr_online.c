/* scr_online.c — Play online (docs/online.md): Host a game on a jumpstrike-server (a battle, my
 * side, against a person by invite code or the server's computer), Join a game by its invite
 * code, and My games: every game this computer holds a token for (online_games.json in the data
 * folder, mode 0600), with its turn and whose move it is; Open, Resign, Forget. The server's
 * address and the player's name are kept in the settings. The network runs off the UI thread
 * (net_client.h): one step at a time, each answer taken in update. */
#include "online_wake.h"
#include "online_record.h"
#include "ui_screens.h"
#ifdef JS_HAVE_CURL
#include "jsd_wire.h"
#include "net_api.h"
#include "net_client.h"
#include "net_games.h"
#include "net_local.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { O_FIELD = 1, O_SCN, O_SIDE, O_VS, O_CREATE, O_JOIN, O_PASTE, O_OPEN, O_RESIGN, O_FORGET, O_REFRESH, O_BACK,
       O_LOCAL, O_REPLAY };
enum { F_SERVER = 0, F_NAME, F_INVITE, F_COUNT };
enum { A_NONE = 0, A_CREATE_V, A_CREATE, A_JOIN_V, A_JOIN_CODE, A_JOIN, A_MINE, A_RESIGN };
#define EXAMPLE_SERVER "http://127.0.0.1:7600"

typedef struct row_info {
    bool known, over, your_turn;
    bool missing;              /* the server answered and has no game for this token */
    int turn;
    long long last_at;         /* this computer's time of the last move (the server's "ago"), 0 not known */
    char title[64], faction[32]; /* the scenario's title and this side's faction (the server's), "" */
} row_info;

typedef struct online {
    ui_screen base;
    char server[256], name[JS_NAME_LEN], invite[600];
    int focus;
    ui_scen_entry *scn;
    int nscn, pick, side, vs; /* vs: 0 a person, 1 the server's computer (Captain) */
    char games_path[1200];
    net_game games[NET_GAMES_MAX];
    row_info info[NET_GAMES_MAX];
    int ngames;
    int resign_ask;            /* the row whose Resign asks "sure?", -1 */
    net_client *net;           /* for the address of the step under way */
    int action;
    char action_game[40];      /* the game the step under way is about (a row may be forgotten meanwhile) */
    net_game making;           /* the game being created or joined */
    char code[80];             /* the invite's one-time join code, until the join is answered */
    char msg[900];
    bool msg_bad;
    bool stale;                /* a game was opened: how the games stand is asked again on return */
    char mine_server[256];     /* the server the last /v1/mine went to */
    Uint32 mine_at;            /* SDL ticks it went */
    long long shown_min;       /* the minute "last move ... ago" was drawn in */
    ui_online_record *orec;    /* a finished game's record on its way (Replay), NULL none */
    char orec_game[40];
    net_local *local;          /* Host on this computer: the server this screen started, NULL none */
    bool local_up, local_any;  /* ... listening; on any port (7600 was taken) */
} online;


static void say(online *o, bool bad, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(online *o, bool bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->msg, sizeof o->msg, fmt, ap);
    va_end(ap);
    o->msg_bad = bad;
}

static char *field_buf(online *o, int f, size_t *cap)
{
    switch (f) {
    case F_SERVER: *cap = sizeof o->server; return o->server;
    case F_NAME: *cap = sizeof o->name; return o->name;
    default: *cap = sizeof o->invite; return o->invite;
    }
}

static void save_games(online *o)
{
    char why[400];
    if (o->games_path[0] && !net_games_save(o->games_path, o->games, o->ngames, why, sizeof why))
        say(o, true, "Your online games could not be written: %s", why);
}

/* The server and name typed are kept in the settings once used. */
static void remember(online *o, ui_app *a)
{
    snprintf(a->set.online_server, sizeof a->set.online_server, "%s", o->server);
    snprintf(a->set.online_name, sizeof a->set.online_name, "%s", o->name);
    char msg[300];
    if (a->settings_path[0])
        ui_settings_save(&a->set, a->settings_path, msg, sizeof msg);
}

/* A client for this address (a new one when it changed); false with a message. */
static bool use_server(online *o, const char *server)
{
    if (!server[0]) {
        say(o, true, "Type the server's address first, e.g. " EXAMPLE_SERVER);
        return false;
    }
    char want[300];
    snprintf(want, sizeof want, "%s%s", strstr(server, "://") ? "" : "http://", server);
    if (o->net && !strcmp(net_client_base(o->net), want))
        return true;
    net_client_free(o->net);
    if (!(o->net = net_client_new(server))) {
        say(o, true, "out of memory");
        return false;
    }
    net_client_on_reply(o->net, online_wake, NULL);
    return true;
}

static void start_action(online *o, int action, const char *server, const char *label)
{
    if (o->action != A_NONE) {
        say(o, false, "One moment: the server has not answered yet.");
        return;
    }
    if (!use_server(o, server))
        return;
    o->action = action;
    say(o, false, "%s %s\xe2\x80\xa6", label, net_client_base(o->net));
    net_client_send(o->net, NET_LANE_ACT, action, "GET", "/v1", NULL, NULL, 15, false);
}

static void refresh_mine(online *o)
{
    if (o->action != A_NONE || !o->ngames)
        return;
    /* the games of the first game's server (a list of several servers: each in its turn) */
    if (!use_server(o, o->games[0].server))
        return;
    const char *toks[NET_GAMES_MAX];
    int n = 0;
    for (int i = 0; i < o->ngames; i++)
        if (!strcmp(o->games[i].server, o->games[0].server))
            toks[n++] = o->games[i].token;
    char *body = net_mine_body(toks, n);
    if (body && net_client_send(o->net, NET_LANE_ACT, A_MINE, "POST", "/v1/mine", NULL, body, 15, false)) {
        o->action = A_MINE;
        o->mine_at = SDL_GetTicks();
        snprintf(o->mine_server, sizeof o->mine_server, "%s", o->games[0].server);
    }
    free(body);
}

static void open_game(online *o, ui_app *a, const net_game *g)
{
    ui_screen *s = ui_scr_online_game(a, g);
    o->stale = true;
    if (s)
        ui_app_push(a, s);
    else
        say(o, true, "out of memory");
}

static void scenario_name(const online *o, char *out, size_t cap)
{
    snprintf(out, cap, "%.63s", o->nscn ? o->scn[o->pick].file : "duel.json");
    char *dot = strrchr(out, '.');
    if (dot)
        *dot = 0;
}

static void created(online *o, ui_app *a, const net_reply *r)
{
    char why[400], game[40], token[80], inv[300];
    int side;
    if (r->status != 201 || !net_seat_read(r->body, game, sizeof game, &side, token, sizeof token, inv, sizeof inv)) {
        net_reason(r, why, sizeof why);
        say(o, true, "The server did not create the game: %s", why);
        return;
    }
    net_game g;
    memset(&g, 0, sizeof g);
    snprintf(g.server, sizeof g.server, "%s", net_client_base(o->net));
    snprintf(g.game, sizeof g.game, "%s", game);
    snprintf(g.token, sizeof g.token, "%s", token);
    g.side = side;
    scenario_name(o, g.scenario, sizeof g.scenario);
    snprintf(g.me, sizeof g.me, "%s", o->name);
    snprintf(g.opponent, sizeof g.opponent, "%s", o->vs ? "Computer (Captain)" : "");
    if (inv[0]) /* the address goes with the code: one paste joins */
        snprintf(g.invite, sizeof g.invite, "%s@%s", inv, g.server);
    g.made = (long long)time(NULL);
    if (!net_games_put(o->games, &o->ngames, &g))
        say(o, true, "My games is full (%d): forget a finished game first. This game's invite: %s", NET_GAMES_MAX,
            g.invite);
    else {
        save_games(o);
        say(o, false, "Game %s created.", g.game);
    }
    open_game(o, a, &g);
}

static void on_reply(online *o, ui_app *a, net_reply *r)
{
    char why[500];
    int act = o->action;
    o->action = A_NONE;
    switch (r->tag) {
    case A_CREATE_V:
    case A_JOIN_V: {
        if (!r->status) {
            say(o, true, "The server at %s cannot be reached: %s. Check the address, and that jumpstrike-server "
                         "runs there.", net_client_base(o->net), r->why);
            return;
        }
        if (!net_version_ok(r->body, why, sizeof why)) {
            say(o, true, "%s: %s", net_client_base(o->net), why);
            return;
        }
        char path[200];
        if (r->tag == A_CREATE_V) {
            char scn[64];
            scenario_name(o, scn, sizeof scn);
            const char *other = o->vs ? "ai:captain" : "human";
            char *body = net_create_body(scn, o->side ? other : "human", o->side ? "human" : other, o->side, o->name);
            o->action = A_CREATE;
            if (!body || !net_client_send(o->net, NET_LANE_ACT, A_CREATE, "POST", "/v1/games", NULL, body, 30, false)) {
                o->action = A_NONE;
                say(o, true, "out of memory");
            }
            free(body);
        } else {
            snprintf(path, sizeof path, "/v1/games/%s/join", o->making.game);
            char *body = net_join_body(o->code, o->name);
            o->action = A_JOIN_CODE;
            if (!body || !net_client_send(o->net, NET_LANE_ACT, A_JOIN_CODE, "POST", path, NULL, body, 30, false)) {
                o->action = A_NONE;
                say(o, true, "out of memory");
            }
            free(body);
        }
        return;
    }
    case A_CREATE:
        created(o, a, r);
        return;
    case A_JOIN_CODE: {
        /* the code is burnt now: the token it gave is kept at once, before anything else can fail */
        char game[40], path[200];
        if (r->status != 200 || !net_seat_read(r->body, game, sizeof game, &o->making.side, o->making.token,
                                               sizeof o->making.token, NULL, 0)) {
            net_reason(r, why, sizeof why);
            say(o, true, "This invite code opens no game on %s: %s", net_client_base(o->net), why);
            return;
        }
        o->code[0] = o->invite[0] = 0;
        snprintf(o->making.me, sizeof o->making.me, "%s", o->name);
        o->making.made = (long long)time(NULL);
        if (net_games_put(o->games, &o->ngames, &o->making))
            save_games(o);
        else
            say(o, true, "My games is full (%d): this game's key is kept only until you leave Play online.",
                NET_GAMES_MAX);
        snprintf(path, sizeof path, "/v1/games/%s/hello", o->making.game);
        o->action = A_JOIN;
        net_client_send(o->net, NET_LANE_ACT, A_JOIN, "GET", path, o->making.token, NULL, 30, false);
        return;
    }
    case A_JOIN: {
        if (r->status != 200) {
            net_reason(r, why, sizeof why);
            say(o, true, "Joined game %s, but it cannot be opened now: %s. It is in My games.", o->making.game, why);
            return;
        }
        jsd_wire_msg h;
        if (!net_hello_read(r->body, &h, why, sizeof why)) {
            say(o, true, "The server's answer cannot be read: %s", why);
            return;
        }
        net_game g = o->making;
        snprintf(g.scenario, sizeof g.scenario, "%s", h.scn->id);
        jsd_wire_msg_free(&h);
        if (net_games_put(o->games, &o->ngames, &g))
            save_games(o);
        say(o, false, "Joined game %s.", g.game);
        open_game(o, a, &g);
        return;
    }
    case A_MINE: {
        net_mine_row rows[NET_GAMES_MAX];
        int n = r->status == 200 ? net_mine_read(r->body, rows, NET_GAMES_MAX) : -1;
        if (n < 0) {
            net_reason(r, why, sizeof why);
            say(o, true, "My games: the server did not answer: %s", why);
            return;
        }
        /* the games asked about that the answer leaves out: the server has them no more */
        long long now = (long long)time(NULL);
        bool changed = false;
        for (int i = 0; i < o->ngames; i++)
            if (!strcmp(o->games[i].server, o->mine_server))
                o->info[i] = (row_info){.missing = true};
        for (int k = 0; k < n; k++)
            for (int i = 0; i < o->ngames; i++)
                if (!strcmp(o->games[i].game, rows[k].game) && rows[k].side == o->games[i].side) {
                    o->info[i] = (row_info){.known = true, .over = rows[k].over, .your_turn = rows[k].your_turn,
                                            .turn = rows[k].turn, .last_at = rows[k].ago >= 0 ? now - rows[k].ago : 0};
                    snprintf(o->info[i].title, sizeof o->info[i].title, "%s", rows[k].title);
                    snprintf(o->info[i].faction, sizeof o->info[i].faction, "%s", rows[k].faction[rows[k].side]);
                    /* the other side's player, once the server knows (a joiner's name comes with
                     * the join): kept in the list, which names the opponent from then on */
                    const char *opp = rows[k].player[1 - rows[k].side];
                    if (opp[0] && strcmp(opp, o->games[i].opponent)) {
                        snprintf(o->games[i].opponent, sizeof o->games[i].opponent, "%.*s", (int)sizeof o->games[i].opponent - 1, opp);
                        changed = true;
                    }
                }
        if (changed)
            save_games(o);
        return;
    }
    case A_RESIGN:
        if (r->status == 200) {
            say(o, false, "You resigned game %s.", o->action_game);
            refresh_mine(o);
        } else {
            net_reason(r, why, sizeof why);
            say(o, true, "The resignation of game %s did not reach the server: %s", o->action_game, why);
        }
        return;
    default:
        (void)act;
        return;
    }
}

static void local_poll(online *o, ui_app *a);

/* Replay on a finished game: its record fetched and kept (online_record.h), then the viewer. */
static void replay_start(online *o, int row)
{
    if (o->orec) {
        say(o, false, "One moment: the record of game %s is on its way.", o->orec_game);
        return;
    }
    snprintf(o->orec_game, sizeof o->orec_game, "%s", o->games[row].game);
    if (!(o->orec = ui_online_record_new(&o->games[row])))
        say(o, true, "out of memory");
    else
        say(o, false, "Fetching the record of game %s\xe2\x80\xa6", o->orec_game);
}

static void replay_poll(online *o, ui_app *a)
{
    char path[1200], why[700];
    if (!o->orec)
        return;
    ui_orec_state st = ui_online_record_poll(o->orec, path, sizeof path, why, sizeof why);
    if (st == UI_OREC_FETCHING)
        return;
    ui_online_record_free(o->orec);
    o->orec = NULL;
    a->dirty = true;
    if (st == UI_OREC_FAILED) {
        say(o, true, "The replay of game %s could not be fetched: %s. Press Replay to try again.", o->orec_game, why);
        return;
    }
    char err[700];
    ui_screen *rs = ui_scr_replay(a, path, err, sizeof err);
    if (!rs) {
        say(o, true, "The replay of game %s does not open: %s", o->orec_game, err);
        return;
    }
    say(o, false, "The record of game %s is kept in your saves (Load lists it).", o->orec_game);
    ui_app_push(a, rs);
}

static bool on_update(ui_screen *s, ui_app *a, double dt)
{
    (void)dt;
    online *o = (online *)s;
    net_reply r;
    while (o->net && net_client_poll(o->net, &r)) {
        on_reply(o, a, &r);
        net_reply_free(&r);
        a->dirty = true;
    }
    local_poll(o, a);
    replay_poll(o, a);
    if (o->local && !o->local_up)
        return true; /* until it says where it listens (a few frames) */
    if (o->stale && ui_app_top(a) == s && o->action == A_NONE) {
        o->stale = false;
        refresh_mine(o);
    }
    /* while the list is looked at, how the games stand is asked again each minute, and "last
     * move N min ago" is redrawn as the minutes pass (the loop wakes once a second when idle) */
    long long min = (long long)time(NULL) / 60;
    if (ui_app_top(a) == s && min != o->shown_min) {
        o->shown_min = min;
        a->dirty = true;
    }
    if (ui_app_top(a) == s && o->action == A_NONE && o->ngames && SDL_GetTicks() - o->mine_at > 60000)
        refresh_mine(o);
    return false;
}

static void do_create(online *o, ui_app *a)
{
    remember(o, a);
    start_action(o, A_CREATE_V, o->server, "Creating the game on");
}

static void do_join(online *o, ui_app *a)
{
    char why[300], server[256];
    if (o->action != A_NONE) { /* Enter in the field: a join on its way still fills o->making */
        say(o, false, "One moment: the server has not answered yet.");
        return;
    }
    memset(&o->making, 0, sizeof o->making);
    if (!net_invite_parse(o->invite, o->making.game, sizeof o->making.game, o->code, sizeof o->code, server,
                          sizeof server, why, sizeof why)) {
        say(o, true, "%s", why);
        return;
    }
    if (!server[0])
        snprintf(server, sizeof server, "%s", o->server);
    else
        snprintf(o->server, sizeof o->server, "%s", server);
    remember(o, a);
    start_action(o, A_JOIN_V, server, "Joining on");
    if (o->net)
        snprintf(o->making.server, sizeof o->making.server, "%s", net_client_base(o->net));
}

/* Host on this computer: jumpstrike-server beside the game, its data in the data folder; it runs
 * while this screen (and any game opened from it) is open. */
static void host_here(online *o, ui_app *a)
{
    if (o->local) {
        say(o, false, "The server on this computer is already running.");
        return;
    }
    char bin[1200], data[1200], why[600];
    char *base = SDL_GetBasePath(), *dir = SDL_GetPrefPath("jumpstrike", "jumpstrike");
    snprintf(bin, sizeof bin, "%sjumpstrike-server", base ? base : "./");
    snprintf(data, sizeof data, "%sserver", dir ? dir : "/tmp/jumpstrike-");
    SDL_free(base);
    SDL_free(dir);
    if (!(o->local = net_local_start(bin, data, a->scen_dir, o->local_any ? 0 : 7600, why, sizeof why)))
        say(o, true, "Cannot start a server here: %s", why);
    else
        say(o, false, "Starting jumpstrike-server on this computer\xe2\x80\xa6");
}

static void local_poll(online *o, ui_app *a)
{
    int port;
    bool dead;
    char why[300];
    if (!o->local || o->local_up)
        return;
    if (net_local_ready(o->local, &port, &dead, why, sizeof why)) {
        o->local_up = true;
        a->dirty = true;
        char lan[64];
        net_local_lan_address(lan, sizeof lan);
        snprintf(o->server, sizeof o->server, "http://127.0.0.1:%d", port);
        say(o, false, "A server runs on this computer at port %d until you leave Play online. Give the other player "
                      "http://%s:%d (a firewall must let TCP port %d in), then Create.", port, lan[0] ? lan : "THIS-COMPUTER",
            port, port);
    } else if (dead) {
        a->dirty = true;
        net_local_stop(o->local);
        o->local = NULL;
        if (!o->local_any) { /* 7600 is taken: any free port will do */
            o->local_any = true;
            host_here(o, a);
        } else
            say(o, true, "%s", why);
    }
}

static void click(online *o, ui_app *a, const ui_button *b)
{
    switch (b->id) {
    case O_FIELD: o->focus = b->arg; break;
    case O_SCN: if (o->nscn) o->pick = (o->pick + b->arg + o->nscn) % o->nscn; break;
    case O_SIDE: o->side = b->arg; break;
    case O_VS: o->vs = b->arg; break;
    case O_CREATE: do_create(o, a); break;
    case O_JOIN: do_join(o, a); break;
    case O_PASTE: {
        char *c = SDL_GetClipboardText();
        if (c && c[0])
            snprintf(o->invite, sizeof o->invite, "%s", c);
        SDL_free(c);
        o->focus = F_INVITE;
        break;
    }
    case O_OPEN: open_game(o, a, &o->games[b->arg]); break;
    case O_RESIGN:
        if (o->resign_ask != b->arg) {
            o->resign_ask = b->arg;
            say(o, false, "Resign game %s? Press Resign again to give it up (the other side wins).", o->games[b->arg].game);
            break;
        }
        o->resign_ask = -1;
        if (o->action == A_NONE && use_server(o, o->games[b->arg].server)) {
            char path[160];
            snprintf(path, sizeof path, "/v1/games/%s/resign", o->games[b->arg].game);
            o->action = A_RESIGN;
            snprintf(o->action_game, sizeof o->action_game, "%s", o->games[b->arg].game);
            net_client_send(o->net, NET_LANE_ACT, A_RESIGN, "POST", path, o->games[b->arg].token, "{}", 30, false);
        }
        break;
    case O_FORGET:
        say(o, false, "Forgot game %s (it stays on the server).", o->games[b->arg].game);
        net_games_forget(o->games, &o->ngames, b->arg);
        memmove(&o->info[b->arg], &o->info[b->arg + 1], (size_t)(o->ngames - b->arg) * sizeof o->info[0]);
        o->resign_ask = -1;
        save_games(o);
        break;
    case O_REFRESH: refresh_mine(o); break;
    case O_LOCAL: host_here(o, a); break;
    case O_REPLAY: replay_start(o, b->arg); break;
    case O_BACK:
        SDL_StopTextInput();
        ui_app_pop(a);
        break;
    default: break;
    }
}

static void on_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    online *o = (online *)s;
    if (online_wake_is(e))
        return;
    SDL_StartTextInput();
    size_t cap;
    char *buf = field_buf(o, o->focus, &cap);
    if (e->type == SDL_TEXTINPUT) {
        size_t len = strlen(buf), add = strlen(e->text.text);
        if (len + add < cap)
            memcpy(buf + len, e->text.text, add + 1);
    } else if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_ESCAPE) {
            SDL_StopTextInput();
            ui_app_pop(a);
        } else if (k == SDLK_TAB) {
            o->focus = (o->focus + ((e->key.keysym.mod & KMOD_SHIFT) ? F_COUNT - 1 : 1)) % F_COUNT;
        } else if (k == SDLK_v && (e->key.keysym.mod & KMOD_CTRL)) {
            char *c = SDL_GetClipboardText();
            if (c) {
                size_t len = strlen(buf);
                snprintf(buf + len, cap - len, "%s", c);
            }
            SDL_free(c);
        } else if (k == SDLK_BACKSPACE && buf[0]) {
            size_t len = strlen(buf);
            while (len > 0 && ((unsigned char)buf[len - 1] & 0xC0) == 0x80)
                len--;
            buf[len > 0 ? len - 1 : 0] = 0;
        } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            if (o->focus == F_INVITE)
                do_join(o, a);
            else
                do_create(o, a);
        }
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b)
            click(o, a, b);
    }
}

static void field(online *o, ui_app *a, int f, SDL_Rect rc, const char *label, const char *hint)
{
    ui_text *t = a->g.text;
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), label, UI_TEXT_DIM, rc.x, rc.y - ui_px(20), UI_AL_LEFT);
    bool focus = o->focus == f;
    ui_panel(a->g.r, rc, focus ? ui_col(8, 12, 26, 255) : ui_col(12, 16, 30, 240), focus ? UI_ACCENT : UI_EDGE);
    size_t cap;
    const char *buf = field_buf(o, f, &cap);
    size_t len = strlen(buf);
    /* the end of a long code, where the caret is: as much of it as fits inside the field (a
     * pasted js2 code is wider than the field) */
    const char *shown = len > 80 ? buf + len - 80 : buf;
    int tw, th, room = rc.w - ui_px(24);
    while (*shown && (ui_text_size(t, UI_FONT_SANS, ui_px(15), shown, &tw, &th), tw > room))
        do
            shown++;
        while ((*shown & 0xC0) == 0x80); /* whole UTF-8 characters */
    int ty = rc.y + (rc.h - ui_text_line_h(t, UI_FONT_SANS, ui_px(15))) / 2, w = 0;
    if (buf[0])
        w = ui_text_draw(t, UI_FONT_SANS, ui_px(15), shown, UI_TEXT, rc.x + ui_px(10), ty, UI_AL_LEFT);
    else if (hint)
        ui_text_draw(t, UI_FONT_SANS, ui_px(14), hint, ui_col(90, 100, 124, 255), rc.x + ui_px(10), ty, UI_AL_LEFT);
    if (focus)
        ui_fill_rect(a->g.r, (SDL_Rect){rc.x + ui_px(11) + (buf[0] ? w : 0), ty + ui_px(2), ui_px(2), ui_px(18)}, UI_ACCENT);
    if (a->buttons.n < UI_MAX_BUTTONS) {
        ui_button *b = &a->buttons.b[a->buttons.n++];
        memset(b, 0, sizeof *b);
        b->rc = rc;
        b->id = O_FIELD;
        b->arg = f;
        b->enabled = true;
        snprintf(b->label, sizeof b->label, "field %s", label);
    }
}

static void card(ui_app *a, SDL_Rect rc, const char *title)
{
    ui_panel(a->g.r, rc, ui_col(14, 18, 34, 235), UI_EDGE);
    ui_text_draw(a->g.text, UI_FONT_BOLD, ui_px(20), title, UI_TEXT, rc.x + ui_px(18), rc.y + ui_px(14), UI_AL_LEFT);
}

static void on_draw(ui_screen *s, ui_app *a)
{
    online *o = (online *)s;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    int y0 = ui_scr_heading(a, "Play online", "Two players on two computers, through a jumpstrike-server: a turn a "
                                             "minute or a turn a day. The game lives on the server.");
    int x0 = ui_px(48), gap = ui_px(24), W = a->w - 2 * x0;
    int cw = (W - gap) * 45 / 100, fh = ui_px(38), bh = ui_px(40);
    /* the server and the name, above both */
    field(o, a, F_SERVER, (SDL_Rect){x0, y0 + ui_px(22), cw * 2 / 3, fh}, "Server address",
          a->set.online_server[0] ? NULL : "e.g. " EXAMPLE_SERVER);
    field(o, a, F_NAME, (SDL_Rect){x0 + cw * 2 / 3 + gap, y0 + ui_px(22), cw / 3, fh}, "Your name", "Player");
    int y = y0 + ui_px(22) + fh + ui_px(20);
    /* Host */
    SDL_Rect host = {x0, y, cw, ui_px(260)};
    card(a, host, "Host a game");
    int hx = host.x + ui_px(18), hy = host.y + ui_px(56);
    char scn[300];
    snprintf(scn, sizeof scn, "%s", o->nscn ? (o->scn[o->pick].ok ? o->scn[o->pick].scn->name : o->scn[o->pick].file)
                                            : "(no battles found)");
    ui_scr_button(a, (SDL_Rect){hx, hy, ui_px(40), bh}, "<", O_SCN, -1, o->nscn > 1, "The previous battle");
    ui_text_draw(t, UI_FONT_BOLD, ui_px(16), scn, UI_TEXT, hx + ui_px(52), hy + ui_px(10), UI_AL_LEFT);
    ui_scr_button(a, (SDL_Rect){host.x + host.w - ui_px(58), hy, ui_px(40), bh}, ">", O_SCN, 1, o->nscn > 1,
                  "The next battle");
    hy += bh + ui_px(12);
    for (int sd = 0; sd < 2; sd++) {
        char lab[80];
        const js_scenario *sc = o->nscn && o->scn[o->pick].ok ? o->scn[o->pick].scn : NULL;
        snprintf(lab, sizeof lab, "I play %s", sc ? sc->sides[sd].name : sd ? "B" : "A");
        ui_button_add(&a->buttons, t, a->g.r, (SDL_Rect){hx + sd * (cw / 2 - ui_px(10)), hy, cw / 2 - ui_px(28), bh}, lab,
                      O_SIDE, sd, 0, true, o->side == sd, "Your side", a->mx, a->my);
    }
    hy += bh + ui_px(10);
    static const char *const VS[2] = {"Against a person", "Against the server's computer"};
    for (int k = 0; k < 2; k++)
        ui_button_add(&a->buttons, t, a->g.r, (SDL_Rect){hx + k * (cw / 2 - ui_px(10)), hy, cw / 2 - ui_px(28), bh},
                      VS[k], O_VS, k, 0, true, o->vs == k,
                      k ? "The computer (Captain) plays the other side on the server" : "Create shows an invite code to send",
                      a->mx, a->my);
    hy += bh + ui_px(14);
    ui_scr_button(a, (SDL_Rect){hx, hy, ui_px(180), bh}, "Create", O_CREATE, 0, o->action == A_NONE,
                  "Create the game on the server and open it");
    ui_scr_button(a, (SDL_Rect){hx + ui_px(196), hy, cw - ui_px(232), bh}, "Host on this computer", O_LOCAL, 0,
                  !o->local, "Run jumpstrike-server here (a LAN, or a try): it stops when you leave Play online");
    /* Join */
    SDL_Rect join = {x0, host.y + host.h + gap, cw, ui_px(150)};
    card(a, join, "Join a game");
    field(o, a, F_INVITE, (SDL_Rect){join.x + ui_px(18), join.y + ui_px(74), cw - ui_px(36), fh}, "Invite code",
          "js2:...  (paste with Ctrl+V)");
    int jy = join.y + ui_px(74) + fh + ui_px(8);
    {
        ui_scr_button(a, (SDL_Rect){join.x + ui_px(18), jy, ui_px(120), bh - ui_px(6)}, "Paste", O_PASTE, 0, true,
                      "The clipboard into the field");
        ui_scr_button(a, (SDL_Rect){join.x + ui_px(150), jy, ui_px(160), bh - ui_px(6)}, "Join", O_JOIN, 0,
                      o->action == A_NONE && o->invite[0], "Join the game of this code and open it");
    }
    /* My games */
    SDL_Rect mine = {x0 + cw + gap, y, W - cw - gap, a->h - y - ui_px(140)};
    card(a, mine, "My games");
    ui_scr_button(a, (SDL_Rect){mine.x + mine.w - ui_px(130), mine.y + ui_px(10), ui_px(112), ui_px(30)}, "Refresh",
                  O_REFRESH, 0, o->action == A_NONE && o->ngames > 0, "Ask the server how each game stands");
    int ry = mine.y + ui_px(56), rh = ui_px(66);
    if (!o->ngames)
        ui_text_wrap(t, UI_FONT_SANS, ui_px(14), "No online games yet. Host one, or join with the code the other "
                                                "player sent you; each comes back here until you forget it.",
                     UI_TEXT_DIM, mine.x + ui_px(18), ry, mine.w - ui_px(36));
    /* "your move" first, then the games going on, then the finished ones, the gone ones last */
    int order[NET_GAMES_MAX], n = 0;
    for (int pass = 0; pass < 4; pass++)
        for (int i = 0; i < o->ngames; i++) {
            const row_info *in = &o->info[i];
            int rank = in->missing ? 3 : in->known && in->over ? 2 : in->known && in->your_turn ? 0 : 1;
            if (rank == pass)
                order[n++] = i;
        }
    char rows_text[2400] = "";
    long long now = (long long)time(NULL);
    for (int k = 0; k < n && ry + rh < mine.y + mine.h; k++, ry += rh) {
        int i = order[k];
        const net_game *g = &o->games[i];
        const row_info *in = &o->info[i];
        char line[300], sub[400], ago[64] = "";
        /* "Duel at Kepler Gap · Vega Concord vs Bob": the server's title and faction once it
         * answered, the file's name and the side's letter until then */
        char side_txt[48];
        if (in->faction[0])
            snprintf(side_txt, sizeof side_txt, "%s", in->faction);
        else
            snprintf(side_txt, sizeof side_txt, "side %c", 'A' + g->side);
        snprintf(line, sizeof line, "%s \xc2\xb7 %s%s%s", in->title[0] ? in->title : g->scenario[0] ? g->scenario : "?",
                 side_txt, g->opponent[0] ? " vs " : "", g->opponent);
        if (in->known && in->last_at > 0)
            net_ago_text(now - in->last_at, ago, sizeof ago);
        const char *state = in->missing ? "gone" : !in->known ? "unknown" : in->over ? "over" : in->your_turn ? "your_move" : "their_move";
        if (in->missing)
            snprintf(sub, sizeof sub, "The server no longer has this game \xe2\x80\x94 Forget takes it off the list");
        else if (in->known && in->over)
            snprintf(sub, sizeof sub, "turn %d \xc2\xb7 this game is over \xe2\x80\x94 Watch the replay%s%s", in->turn,
                     ago[0] ? " \xc2\xb7 " : "", ago);
        else if (in->known)
            snprintf(sub, sizeof sub, "turn %d \xc2\xb7 %s%s%s \xc2\xb7 %s", in->turn, in->your_turn ? "your move" : "their move",
                     ago[0] ? " \xc2\xb7 " : "", ago, g->server);
        else
            snprintf(sub, sizeof sub, "%s \xc2\xb7 %s", g->game, g->server);
        /* the name beside the buttons, how it stands under them: neither runs under a button */
        int bx = mine.x + mine.w - ui_px(300);
        ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(15), line, in->known && in->your_turn && !in->over ? UI_ACCENT : UI_TEXT,
                         mine.x + ui_px(18), ry + ui_px(5), UI_AL_LEFT, bx - mine.x - ui_px(28));
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), sub, in->missing ? UI_BAD : UI_TEXT_DIM, mine.x + ui_px(18),
                         ry + ui_px(36), UI_AL_LEFT, mine.w - ui_px(36));
        size_t used = strlen(rows_text);
        snprintf(rows_text + used, sizeof rows_text - used, "row %s %s %s\n", g->game, state, ago[0] ? ago : "-");
        ui_scr_button(a, (SDL_Rect){bx, ry, ui_px(90), ui_px(30)}, "Open", O_OPEN, i, true,
                      in->missing ? "Ask the server again (it said it has no such game)"
                      : in->over  ? "The final board and the results"
                                  : "Open the game");
        if (in->known && in->over)
            ui_scr_button(a, (SDL_Rect){bx + ui_px(96), ry, ui_px(90), ui_px(30)}, "Replay", O_REPLAY, i, !o->orec,
                          "Watch the replay: the server's full record, kept in your saves");
        else
            ui_scr_button(a, (SDL_Rect){bx + ui_px(96), ry, ui_px(90), ui_px(30)}, "Resign", O_RESIGN, i,
                          o->action == A_NONE && !in->over && !in->missing, "Give the game up (asks first)");
        ui_scr_button(a, (SDL_Rect){bx + ui_px(192), ry, ui_px(90), ui_px(30)}, "Forget", O_FORGET, i, true,
                      "Take it off this list (the game stays on the server)");
    }
    if (o->msg[0])
        ui_text_wrap(t, UI_FONT_SANS, ui_px(15), o->msg, o->msg_bad ? UI_BAD : UI_TEXT, x0, a->h - ui_px(120),
                     a->w - 2 * x0 - ui_px(200));
    ui_scr_button(a, (SDL_Rect){x0, a->h - ui_px(64), ui_px(160), ui_px(44)}, "Back", O_BACK, 0, true, "Esc");
    ui_scr_tooltips(a);
    char extra[3600];
    snprintf(extra, sizeof extra, "message %s\ngames %d\npick %s\n%s", o->msg[0] ? o->msg : "-", o->ngames,
             o->nscn ? o->scn[o->pick].file : "-", rows_text);
    ui_app_layout(a, "online", extra);
}

static void on_close(ui_screen *s, ui_app *a)
{
    (void)a;
    online *o = (online *)s;
    net_client_free(o->net);
    ui_online_record_free(o->orec);
    net_local_stop(o->local);
    ui_scen_list_free(o->scn, o->nscn);
    free(o);
}

ui_screen *ui_scr_online(ui_app *a, char *err, size_t cap)
{
    online *o = calloc(1, sizeof *o);
    if (!o) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    online_wake_init();
    o->base.name = "online";
    o->base.event = on_event;
    o->base.update = on_update;
    o->base.draw = on_draw;
    o->base.close = on_close;
    o->resign_ask = -1;
    snprintf(o->server, sizeof o->server, "%s", a->set.online_server);
    snprintf(o->name, sizeof o->name, "%s", a->set.online_name);
    char why[300];
    o->nscn = ui_scen_list(a->scen_dir, &o->scn, why, sizeof why);
    if (o->nscn < 0)
        o->nscn = 0;
    for (int i = 0; i < o->nscn; i++)
        if (!strcmp(o->scn[i].file, "duel.json"))
            o->pick = i;
    char *dir = SDL_GetPrefPath("jumpstrike", "jumpstrike"); /* the data folder, with its '/' */
    if (dir) {
        snprintf(o->games_path, sizeof o->games_path, "%sonline_games.json", dir);
        SDL_free(dir);
        int k = net_games_load(o->games_path, o->games, NET_GAMES_MAX, why, sizeof why);
        if (k < 0)
            say(o, true, "Your online games cannot be read: %s", why);
        else
            o->ngames = k;
    } else {
        say(o, true, "There is no data folder: games you host or join are not kept after you close the game.");
    }
    o->focus = o->server[0] ? F_INVITE : F_SERVER;
    refresh_mine(o);
    return &o->base;
}
#else
ui_screen *ui_scr_online(ui_app *a, char *err, size_t cap)
{
    (void)a;
    snprintf(err, cap, "this game was built without libcurl: online play is not in it");
    return NULL;
}
#endif
