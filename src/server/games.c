/* games.c — the games the server holds: created from a shipped or uploaded scenario, rebuilt at
 * start from the store by replaying each game's commands, changed only by srv_submit (which
 * stores a command before it applies it) and resignations. Everything a side is sent is built
 * here from that side's js_view (RULES X-2). */
#define _GNU_SOURCE
#include "server.h"
#include "jsd_wire.h"
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A shipped scenario's name: lower-case letters, digits and '_' (never a path). */
static bool scenario_name_ok(const char *n)
{
    size_t len = strlen(n);
    if (!len || len >= STORE_NAME_LEN - 6)
        return false;
    for (const char *p = n; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return true;
}

static void game_free(srv_game *gm)
{
    if (!gm)
        return;
    js_game_destroy(gm->g);
    jsd_record_free(gm->rec);
    for (int k = 0; k < JS_SIDES; k++)
        js_ai_destroy(gm->ai[k]);
    pthread_mutex_destroy(&gm->mu);
    pthread_cond_destroy(&gm->changed);
    free(gm);
}

/* The game of meta at its start (no command yet); *http 404 for an unknown scenario. */

void srv_player_name(const srv_game *gm, int side, char *out, size_t cap)
{
    const char *level = gm->meta.computer[side] >= 0 ? js_ai_level_name(gm->meta.computer[side]) : NULL;
    if (level)
        snprintf(out, cap, "Computer (%c%s)", level[0] - 'a' + 'A', level + 1);
    else
        snprintf(out, cap, "%s", gm->meta.player[side]);
}

char *srv_players_json(const srv_game *gm)
{
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; o && k < JS_SIDES; k++) {
        char name[STORE_PLAYER_LEN + 32];
        srv_player_name(gm, k, name, sizeof name);
        if (name[0])
            cJSON_AddStringToObject(o, k ? "B" : "A", name);
        else
            cJSON_AddNullToObject(o, k ? "B" : "A");
    }
    char *t = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return t;
}

/* The record names both players (the computer by its level); a name longer than the record's
 * field is cut at a character's boundary. */
static void record_players(srv_game *gm)
{
    for (int k = 0; gm->rec && k < JS_SIDES; k++) {
        char name[STORE_PLAYER_LEN + 32];
        srv_player_name(gm, k, name, sizeof name);
        size_t n = strlen(name);
        if (n > JS_NAME_LEN - 1) {
            n = JS_NAME_LEN - 1;
            while (n && ((uint8_t)name[n] & 0xC0) == 0x80)
                n--;
        }
        memcpy(gm->rec->players[k], name, n);
        gm->rec->players[k][n] = 0;
    }
}

static srv_game *game_build(srv *s, const store_game *meta, bool check_hash, int *http, char *why, size_t cap)
{
    *http = 500;
    char path[PATH_MAX + 128];
    bool uploaded = upload_path(s, meta->scenario, path, sizeof path);
    if (!uploaded && !scenario_name_ok(meta->scenario)) {
        *http = 400;
        snprintf(why, cap, "scenario: expected the name of a shipped scenario (a-z, 0-9, _), got \"%.40s\"",
                 meta->scenario);
        return NULL;
    }
    if (!uploaded)
        snprintf(path, sizeof path, "%s/%s.json", s->scenarios, meta->scenario);
    jsd_error err;
    uint64_t fh;
    if (!jsd_is_file(path)) {
        *http = uploaded ? 500 : 404;
        if (uploaded)
            return snprintf(why, cap, "%s, the scenario game %s began from, is gone", path, meta->id), NULL;
        snprintf(why, cap, "scenario: no shipped scenario is called \"%s\"", meta->scenario);
        return NULL;
    }
    if (!jsd_file_hash(path, &fh, &err))
        return snprintf(why, cap, "%s", err.msg), NULL;
    if (check_hash && fh != meta->scenario_hash) {
        snprintf(why, cap, "%s changed since game %s began (its hash %016" PRIx64 ", then %016" PRIx64 ")", path,
                 meta->id, fh, meta->scenario_hash);
        return NULL;
    }
    /* an upload's catalogue is a shipped one (upload.c) */
    js_scenario *scn = NULL;
    if (!uploaded)
        scn = jsd_scenario_load(path, &err);
    else {
        size_t len;
        char *text = jsd_read_file_max(path, JSD_MAX_SCENARIO, &len, &err);
        scn = text ? jsd_scenario_parse(text, path, s->scenarios, &err) : NULL;
        free(text);
    }
    if (!scn)
        return snprintf(why, cap, "%s", err.msg), NULL;
    srv_game *gm = calloc(1, sizeof *gm);
    if (!gm) {
        free(scn);
        return snprintf(why, cap, "out of memory"), NULL;
    }
    gm->meta = *meta;
    gm->meta.scenario_hash = fh;
    pthread_mutex_init(&gm->mu, NULL);
    pthread_cond_init(&gm->changed, NULL);
    js_dice_cfg dice = {.kind = JS_DICE_SEEDED, .seed = meta->seed};
    char reason[JS_REASON_LEN];
    gm->g = js_game_create(scn, &dice, reason, sizeof reason);
    gm->rec = gm->g ? jsd_record_new(path, scn, fh, &dice) : NULL;
    free(scn);
    if (!gm->g) {
        snprintf(why, cap, "%s: %s", path, reason);
        game_free(gm);
        return NULL;
    }
    bool ok = gm->rec != NULL;
    for (int k = 0; k < JS_SIDES && ok; k++)
        if (meta->computer[k] >= 0) {
            ok = (gm->ai[k] = js_ai_create(meta->computer[k], k, meta->side_seed[k])) != NULL;
            snprintf(gm->rec->computer[k], JSD_LEVEL_LEN, "%s", js_ai_level_name(meta->computer[k]));
            gm->rec->computer_seed[k] = meta->side_seed[k];
        }
    if (ok)
        record_players(gm);
    if (!ok) {
        game_free(gm);
        return snprintf(why, cap, "out of memory"), NULL;
    }
    *http = 0;
    return gm;
}

static bool add_game(srv *s, srv_game *gm)
{
    pthread_mutex_lock(&s->mu);
    bool ok = true;
    if (s->ngames == s->cap) {
        int cap = s->cap ? s->cap * 2 : 64;
        srv_game **a = realloc(s->games, (size_t)cap * sizeof *a);
        if ((ok = a != NULL))
            s->games = a, s->cap = cap;
    }
    if (ok)
        s->games[s->ngames++] = gm;
    pthread_mutex_unlock(&s->mu);
    return ok;
}

/* Apply a stored or checked command to the game and the record. */
static js_status apply(srv_game *gm, const js_cmd *c, char *reason, size_t cap)
{
    js_status st = js_submit(gm->g, c, reason, cap);
    if (st == JS_OK || st == JS_ERR_LIMIT)
        jsd_record_append(gm->rec, c, js_game_hash(gm->g));
    return st;
}

/* When what each side sees last changed: every change of a side's etag is stamped with the time
 * of the command (or resignation) that made it; the other side's secret answers change no etag
 * of the side, so they stamp nothing. gm->gen must already count the change. */
static void note_moves(srv_game *gm, int64_t at)
{
    for (int k = 0; k < JS_SIDES; k++) {
        uint64_t e = srv_etag(gm, k);
        if (e != gm->seen_etag[k]) {
            gm->seen_etag[k] = e;
            if (at > 0) /* 0: a command stored before the times were */
                gm->seen_at[k] = at;
        }
    }
}

/* store_load's callbacks: a game rebuilt, then its commands replayed in order. */
static void *on_game(void *arg, const store_game *meta)
{
    srv *s = arg;
    char why[512];
    int http;
    srv_game *gm = game_build(s, meta, true, &http, why, sizeof why);
    if (!gm) {
        fprintf(stderr, "jumpstrike-server: game %s is left out: %s\n", meta->id, why);
        return NULL;
    }
    if (!add_game(s, gm)) {
        game_free(gm);
        return NULL;
    }
    note_moves(gm, meta->created);
    return gm;
}

static void on_cmd(void *arg, void *game, int seq, const char *cmd_json, int64_t at)
{
    (void)arg;
    srv_game *gm = game;
    if (gm->broken)
        return;
    jsd_wire_msg m;
    jsd_error err;
    char reason[JS_REASON_LEN];
    if (seq != gm->nstored) {
        fprintf(stderr, "jumpstrike-server: game %s: command %d missing from the store\n", gm->meta.id, gm->nstored);
        gm->broken = true;
        return;
    }
    gm->nstored++;
    if (!jsd_wire_read(cmd_json, strlen(cmd_json), NULL, "the store", &m, &err) || m.type != JSD_WIRE_COMMAND) {
        fprintf(stderr, "jumpstrike-server: game %s: command %d: %s\n", gm->meta.id, seq, err.msg);
        gm->broken = true;
    } else {
        if (m.cmd.side >= 0 && m.cmd.side < JS_SIDES) /* what ?seq= counts, as srv_submit does */
            gm->ncmds[m.cmd.side]++;
        if (apply(gm, &m.cmd, reason, sizeof reason) != JS_OK) {
            /* it was refused when it came too (srv_submit stores only what js_check took), so
             * this means the engine changed under the store: say so and keep the game out of play */
            fprintf(stderr, "jumpstrike-server: game %s: command %d is refused on replay: %s\n", gm->meta.id, seq,
                    reason);
            gm->broken = true;
        }
    }
    jsd_wire_msg_free(&m);
    gm->gen++;
    note_moves(gm, at);
}

bool srv_init(srv *s, const char *data_dir, char *why, size_t cap)
{
    pthread_mutex_init(&s->mu, NULL);
    pthread_mutex_init(&s->qmu, NULL);
    pthread_cond_init(&s->qcv, NULL);
    snprintf(s->uploads, sizeof s->uploads, "%.1000s/uploads", data_dir);
    if (!(s->st = store_open(data_dir, !s->o.sync_normal, why, cap)))
        return false;
    if (!store_load(s->st, on_game, on_cmd, s, why, cap))
        return false;
    for (int i = 0; i < s->ngames; i++) /* a resignation is the last move of its game */
        for (int k = 0; k < JS_SIDES && s->games[i]->meta.resigned >= 0; k++)
            if (s->games[i]->meta.resigned_at > s->games[i]->seen_at[k])
                s->games[i]->seen_at[k] = s->games[i]->meta.resigned_at;
    return true;
}

void srv_free(srv *s)
{
    for (int i = 0; i < s->ngames; i++)
        game_free(s->games[i]);
    free(s->games);
    free(s->queue);
    store_close(s->st);
    s->games = NULL, s->ngames = 0;
}

srv_game *srv_find(srv *s, const char *id)
{
    srv_game *found = NULL;
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < s->ngames && !found; i++)
        if (!strcmp(s->games[i]->meta.id, id) && !s->games[i]->broken)
            found = s->games[i];
    pthread_mutex_unlock(&s->mu);
    return found;
}

int srv_side_of_hash(const srv_game *gm, const uint8_t hash[TOKEN_HASH])
{
    int side = -1;
    for (int k = 0; k < JS_SIDES; k++) { /* both digests compared, whichever matches */
        bool eq = token_equal(hash, gm->meta.token_hash[k]);
        if (eq && gm->meta.has_token[k])
            side = k;
    }
    return side;
}

int srv_side_of(const srv_game *gm, const char *token, size_t len)
{
    if (!token)
        return -1;
    uint8_t h[TOKEN_HASH];
    token_hash(token, len, h);
    return srv_side_of_hash(gm, h);
}

srv_game *srv_create(srv *s, const char *scenario, const char *scenario_text, uint64_t seed,
                     const int computer[2], int me, const char *player, char token[TOKEN_TEXT],
                     char join_code[TOKEN_TEXT], int *http, char *why, size_t cap)
{
    store_game meta;
    memset(&meta, 0, sizeof meta);
    uint8_t idb[8];
    token[0] = join_code[0] = 0;
    *http = 503;
    if (!token_random(idb, sizeof idb) || !token_random(meta.side_seed, sizeof meta.side_seed))
        return snprintf(why, cap, "the system gave no random numbers"), NULL;
    token_hex(idb, sizeof idb, meta.id);
    if (scenario)
        snprintf(meta.scenario, sizeof meta.scenario, "%s", scenario);
    meta.seed = seed;
    meta.resigned = -1;
    meta.created = (int64_t)time(NULL);
    meta.computer[0] = computer[0], meta.computer[1] = computer[1];
    snprintf(meta.player[me], sizeof meta.player[me], "%s", player ? player : "");
    /* the creator's side only: the other human side's token is made when its player joins, so
     * that nobody but that player ever holds it */
    if (!(meta.has_token[me] = token_new(token, meta.token_hash[me])) ||
        (computer[1 - me] < 0 && !(meta.has_join = token_new(join_code, meta.join_hash))))
        return snprintf(why, cap, "the system gave no random numbers"), NULL;
    pthread_mutex_lock(&s->mu);
    bool full = s->ngames >= s->o.max_games;
    pthread_mutex_unlock(&s->mu);
    if (full) {
        *http = 503;
        return snprintf(why, cap, "the server holds its most games (%d)", s->o.max_games), NULL;
    }
    if (!scenario && !upload_save(s, scenario_text, meta.scenario, http, why, cap))
        return NULL;
    srv_game *gm = game_build(s, &meta, false, http, why, cap);
    if (!gm)
        return NULL;
    note_moves(gm, meta.created);
    if (!store_game_create(s->st, &gm->meta, why, cap)) {
        *http = 503;
        game_free(gm);
        return NULL;
    }
    if (!add_game(s, gm)) { /* it is stored: the next start holds it */
        *http = 503;
        game_free(gm);
        return snprintf(why, cap, "out of memory"), NULL;
    }
    pthread_mutex_lock(&gm->mu);
    ai_pool_wake(s, gm);
    pthread_mutex_unlock(&gm->mu);
    return gm;
}

int srv_join(srv *s, srv_game *gm, const char *code, size_t len, const char *player, char token[TOKEN_TEXT],
             int *http, char *why, size_t cap)
{
    uint8_t h[TOKEN_HASH], th[TOKEN_HASH];
    token_hash(code, len, h);
    int side = -1;
    for (int k = 0; k < JS_SIDES; k++)
        if (gm->meta.computer[k] < 0 && !gm->meta.has_token[k])
            side = k;
    bool match = token_equal(h, gm->meta.join_hash); /* always compared: the time tells nothing */
    *http = 404;
    if (side < 0 || !gm->meta.has_join || !match)
        return snprintf(why, cap, "the invite was used already, or is not this game's"), -1;
    *http = 503;
    if (!token_new(token, th))
        return snprintf(why, cap, "the system gave no random numbers"), -1;
    if (!store_game_join(s->st, gm->meta.id, side, gm->meta.join_hash, th, player, why, cap)) {
        token[0] = 0;
        return -1;
    }
    gm->meta.has_join = false;
    memset(gm->meta.join_hash, 0, sizeof gm->meta.join_hash);
    memcpy(gm->meta.token_hash[side], th, TOKEN_HASH);
    gm->meta.has_token[side] = true;
    /* the name changes each side's etag (so that the waiting creator's long-poll answers with
     * it), but a join is no move: /v1/mine's "last move" stays where it was, and a later secret
     * answer of the other side does not become one by the etag it finds changed */
    uint64_t before[JS_SIDES];
    for (int k = 0; k < JS_SIDES; k++)
        before[k] = srv_etag(gm, k);
    snprintf(gm->meta.player[side], sizeof gm->meta.player[side], "%s", player ? player : "");
    record_players(gm);
    gm->gen++;
    for (int k = 0; k < JS_SIDES; k++)
        if (gm->seen_etag[k] == before[k])
            gm->seen_etag[k] = srv_etag(gm, k);
    pthread_cond_broadcast(&gm->changed);
    return side;
}

void srv_resigned(srv_game *gm, int side, int64_t at)
{
    gm->meta.resigned = side;
    gm->meta.resigned_at = at;
    gm->gen++;
    note_moves(gm, at);
    pthread_cond_broadcast(&gm->changed);
}

bool srv_over(const srv_game *gm)
{
    return gm->meta.resigned >= 0 || js_wait_get(gm->g).kind == JS_WAIT_NONE;
}

int srv_submit(srv *s, srv_game *gm, int side, const js_cmd *c, char *why, size_t cap)
{
    if (srv_over(gm))
        return snprintf(why, cap, "the game is over"), 409;
    if (c->side != side)
        return snprintf(why, cap, "command.side: you play side %c; the command is for side %c", 'A' + side,
                        c->side >= 0 && c->side < JS_SIDES ? 'A' + c->side : '?'),
               403;
    char reason[JS_REASON_LEN];
    if (js_check(gm->g, c, reason, sizeof reason) != JS_OK)
        return snprintf(why, cap, "%s", reason), 409;
    char *text = jsd_wire_command(c);
    if (!text)
        return snprintf(why, cap, "out of memory"), 503;
    int64_t now = (int64_t)time(NULL);
    bool stored = store_cmd_append(s->st, gm->meta.id, gm->nstored, text, now, why, cap);
    free(text);
    if (!stored)
        return 503;
    gm->nstored++;
    gm->ncmds[side]++;
    js_status st = apply(gm, c, reason, sizeof reason);
    if (st != JS_OK && st != JS_ERR_LIMIT)
        fprintf(stderr, "jumpstrike-server: game %s: a checked command was refused: %s\n", gm->meta.id, reason);
    gm->gen++;
    note_moves(gm, now);
    pthread_cond_broadcast(&gm->changed);
    ai_pool_wake(s, gm);
    return 0;
}

char *srv_hello(const srv_game *gm, int side)
{
    js_view *v = malloc(sizeof *v);
    if (!v)
        return NULL;
    js_view_build(gm->g, side, v);
    char *t = jsd_wire_hello(v, gm->meta.side_seed[side]);
    free(v);
    return t;
}

static uint64_t fnv(const char *t)
{
    uint64_t h = 1469598103934665603ull;
    for (; *t; t++)
        h = (h ^ (uint8_t)*t) * 1099511628211ull;
    return h;
}

/* The log index after the since-th event side may see (since clamped to what there is), and the
 * number of events it may see in all. */
static int log_from(const js_game *g, int side, int *since, int *total)
{
    int n = js_log_count(g), i = 0, vis = 0;
    while (i < n && vis < *since)
        vis += js_event_visible(js_log_at(g, i++), side);
    *since = vis;
    int all = vis;
    for (int k = i; k < n; k++)
        all += js_event_visible(js_log_at(g, k), side);
    *total = all;
    return i;
}

/* The view as side sees it; a resignation shown as the game's end. */
static js_view *view_of(const srv_game *gm, int side)
{
    js_view *v = malloc(sizeof *v);
    if (v)
        js_view_build(gm->g, side, v);
    return v;
}

static uint64_t etag_of(const js_view *v, int total)
{
    char *t = jsd_wire_update(v, total, NULL, 0);
    uint64_t h = t ? fnv(t) : 0;
    free(t);
    return h;
}

/* A side's etag, cached until the game next changes (a long-poll asks it at every wake). */
static uint64_t etag_cached(srv_game *gm, int side, const js_view *v, int total)
{
    if (gm->etag_gen[side] != gm->gen + 1) {
        /* the players' names are in it: a join names the other player, and wakes the long-poll */
        gm->etag[side] = etag_of(v, total) ^ (uint64_t)(gm->meta.resigned + 2) ^ fnv(gm->meta.player[0]) ^
                         (fnv(gm->meta.player[1]) << 1);
        gm->etag_gen[side] = gm->gen + 1;
    }
    return gm->etag[side];
}

uint64_t srv_etag(srv_game *gm, int side)
{
    if (gm->etag_gen[side] == gm->gen + 1)
        return gm->etag[side];
    js_view *v = view_of(gm, side);
    if (!v)
        return 0;
    int since = 0, total;
    log_from(gm->g, side, &since, &total);
    uint64_t h = etag_cached(gm, side, v, total);
    free(v);
    return h;
}

char *srv_view_answer(srv_game *gm, int side, int since, uint64_t *etag)
{
    js_view *v = view_of(gm, side);
    if (!v)
        return NULL;
    int total;
    int from = log_from(gm->g, side, &since, &total);
    int n = js_log_count(gm->g) - from;
    const js_event **ev = malloc((size_t)(n + 1) * sizeof *ev);
    char *upd = NULL, *end = NULL, *out = NULL;
    if (ev) {
        for (int i = 0; i < n; i++)
            ev[i] = js_log_at(gm->g, from + i);
        upd = jsd_wire_update(v, since, ev, n);
    }
    *etag = etag_cached(gm, side, v, total);
    bool over = srv_over(gm);
    if (over) {
        char reason[64] = "";
        if (gm->meta.resigned >= 0) {
            v->st.phase = JS_PHASE_OVER;
            v->st.winner = (int8_t)(1 - gm->meta.resigned);
            snprintf(reason, sizeof reason, "side %c resigned", 'A' + gm->meta.resigned);
        } else if (v->st.phase != JS_PHASE_OVER) { /* stopped by an engine limit */
            snprintf(reason, sizeof reason, "the game stopped: %.40s", js_wait_get(gm->g).what);
        }
        end = jsd_wire_end(v, reason);
    }
    char *players = srv_players_json(gm); /* names are no secret: both sides see both */
    if (upd && players && (!over || end)) {
        size_t cap = strlen(upd) + (end ? strlen(end) : 0) + strlen(players) + 256;
        if ((out = malloc(cap)))
            snprintf(out, cap,
                     "{\"version\":%d,\"game\":\"%s\",\"side\":\"%c\",\"etag\":\"%016" PRIx64
                     "\",\"events_total\":%d,\"commands\":%d,\"over\":%s,\"players\":%s,\"update\":%s%s%s}",
                     SRV_API_VERSION, gm->meta.id, 'A' + side, *etag, total, gm->ncmds[side], over ? "true" : "false",
                     players, upd, end ? ",\"end\":" : "", end ? end : "");
    }
    free(players), free(upd), free(end), free(ev), free(v);
    return out;
}
