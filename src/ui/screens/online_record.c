/* online_record.c — see online_record.h. */
#include "online_wake.h"
#include "online_record.h"
#ifdef JS_HAVE_CURL
#include "battle/ui_saves.h"
#include "net_client.h"
#include "net_games.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct ui_online_record {
    net_game g;
    net_client *net;
    ui_orec_state state;
    char path[1200];
    char why[700];
};


bool ui_online_record_path(const net_game *g, char *out, size_t cap)
{
    char name[UI_SAVE_NAME_MAX + 1];
    if (g->opponent[0])
        snprintf(name, sizeof name, "Online %.18s v %.18s (%.8s)", g->scenario, g->opponent, g->game);
    else
        snprintf(name, sizeof name, "Online %.24s (%.8s)", g->scenario, g->game);
    return ui_saves_named_path(name, out, cap);
}

static void ask(ui_online_record *r)
{
    char path[160];
    snprintf(path, sizeof path, "/v1/games/%s/record", r->g.game);
    r->state = UI_OREC_FETCHING;
    r->why[0] = 0;
    if (!net_client_send(r->net, NET_LANE_ACT, 1, "GET", path, r->g.token, NULL, 60, false)) {
        r->state = UI_OREC_FAILED;
        snprintf(r->why, sizeof r->why, "out of memory");
    }
}

/* A record that loads and replays to its own hashes, here. */
static bool loads(const char *path, jsd_record **rec, char *why, size_t cap)
{
    js_game *g = NULL;
    *rec = NULL;
    if (!ui_saves_rebuild(path, rec, &g, why, cap))
        return false;
    js_game_destroy(g);
    return true;
}

/* The server's bytes, checked, kept: written beside the saves first (not a .json: the Load list
 * does not see it), rebuilt (the scenario found here by its hash), then saved whole and
 * atomically with the path of this computer's copy of the scenario. */
static void keep(ui_online_record *r, const char *body)
{
    char tmp[1300];
    jsd_error je;
    jsd_record *rec = NULL;
    const char *slash = strrchr(r->path, '/');
    snprintf(tmp, sizeof tmp, "%.*s/.online-%s.record", slash ? (int)(slash - r->path) : 1, slash ? r->path : ".",
             r->g.game);
    if (!jsd_write_atomic(tmp, body, strlen(body), &je)) {
        snprintf(r->why, sizeof r->why, "the record could not be written: %s", je.msg);
        r->state = UI_OREC_FAILED;
        return;
    }
    char why[600];
    if (!loads(tmp, &rec, why, sizeof why)) {
        /* kept as it came (nothing lost), but said: the viewer would refuse it the same way */
        rename(tmp, r->path);
        snprintf(r->why, sizeof r->why, "the server's record does not replay here: %s", why);
        r->state = UI_OREC_FAILED;
        return;
    }
    /* the server's record names nobody: the names this computer knows, for the viewer and Load */
    int me = r->g.side == 1 ? 1 : 0;
    if (!rec->players[me][0] && r->g.me[0])
        snprintf(rec->players[me], JS_NAME_LEN, "%s", r->g.me);
    if (!rec->players[1 - me][0] && r->g.opponent[0])
        snprintf(rec->players[1 - me], JS_NAME_LEN, "%s", r->g.opponent);
    bool saved = jsd_record_save(rec, r->path, &je);
    jsd_record_free(rec);
    if (!saved) {
        snprintf(r->why, sizeof r->why, "the record could not be kept: %s", je.msg);
        r->state = UI_OREC_FAILED;
    } else {
        r->state = UI_OREC_READY;
    }
    remove(tmp);
}

ui_online_record *ui_online_record_new(const net_game *g)
{
    ui_online_record *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    online_wake_init();
    r->g = *g;
    if (!ui_online_record_path(g, r->path, sizeof r->path)) {
        r->state = UI_OREC_FAILED;
        snprintf(r->why, sizeof r->why, "there is no data folder to keep the record in");
        return r;
    }
    struct stat st;
    jsd_record *rec = NULL;
    char why[600];
    if (stat(r->path, &st) == 0 && loads(r->path, &rec, why, sizeof why)) { /* kept before */
        jsd_record_free(rec);
        r->state = UI_OREC_READY;
        return r;
    }
    if (!(r->net = net_client_new(g->server))) {
        free(r);
        return NULL;
    }
    net_client_on_reply(r->net, online_wake, NULL);
    ask(r);
    return r;
}

ui_orec_state ui_online_record_poll(ui_online_record *r, char *path, size_t cap, char *why, size_t wcap)
{
    net_reply a;
    while (r->net && net_client_poll(r->net, &a)) {
        char reason[500];
        if (a.status == 200 && a.body) {
            keep(r, a.body);
        } else {
            net_reason(&a, reason, sizeof reason);
            r->state = UI_OREC_FAILED;
            if (!a.status)
                snprintf(r->why, sizeof r->why, "%s", reason); /* "the server could not be reached (...)" */
            else if (a.status == 404)
                snprintf(r->why, sizeof r->why, "the server no longer has this game: %s", reason);
            else
                snprintf(r->why, sizeof r->why, "the server did not send it (HTTP %ld): %s", a.status, reason);
        }
        net_reply_free(&a);
    }
    snprintf(path, cap, "%s", r->state == UI_OREC_READY ? r->path : "");
    snprintf(why, wcap, "%s", r->state == UI_OREC_FAILED ? r->why : "");
    return r->state;
}

void ui_online_record_retry(ui_online_record *r)
{
    if (r->state != UI_OREC_FAILED || !r->path[0])
        return;
    if (!r->net) {
        if (!(r->net = net_client_new(r->g.server)))
            return;
        net_client_on_reply(r->net, online_wake, NULL);
    }
    ask(r);
}

void ui_online_record_free(ui_online_record *r)
{
    if (!r)
        return;
    net_client_free(r->net);
    free(r);
}
#else
#include <stdlib.h>
ui_online_record *ui_online_record_new(const struct net_game *g)
{
    (void)g;
    return NULL;
}
ui_orec_state ui_online_record_poll(ui_online_record *r, char *path, size_t cap, char *why, size_t wcap)
{
    (void)r, (void)path, (void)cap, (void)why, (void)wcap;
    return UI_OREC_FAILED;
}
void ui_online_record_retry(ui_online_record *r) { (void)r; }
void ui_online_record_free(ui_online_record *r) { (void)r; }
bool ui_online_record_path(const struct net_game *g, char *out, size_t cap)
{
    (void)g, (void)out, (void)cap;
    return false;
}
#endif
