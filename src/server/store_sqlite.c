/* store_sqlite.c — the store on SQLite: one file, DATA/jumpstrike.sqlite, in WAL mode. With
 * synchronous=FULL (the default, --sync full) a command whose append returned is on disk: a kill -9
 * or a power cut after the answer keeps it; with NORMAL (--sync normal) it is in the WAL file, which
 * a kill -9 keeps and a power cut may not. One connection, its calls serialised by a mutex. Commands are committed
 * in groups: while one thread commits, the commands of other games queue, and the next thread to
 * find the queue waiting commits all of them in one transaction, one fsync (200 games at once:
 * ~730 commits a second one at a time, fsync-bound). */
#define _POSIX_C_SOURCE 200809L
#include "store.h"
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A command waiting for its group's commit, on its caller's stack. */
typedef struct pending {
    const char *game, *cmd;
    int seq;
    int64_t at;
    bool done, ok;
    char why[256];
    struct pending *next;
} pending;

struct store {
    sqlite3 *db;
    pthread_mutex_t mu;       /* the connection */
    sqlite3_stmt *ins_game, *ins_cmd, *resign, *join[2];
    pthread_mutex_t qmu;      /* the queue below */
    pthread_cond_t qcv;
    pending *head, *tail;
    bool writing;             /* a thread is committing a group */
};

static const char SCHEMA[] =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, scenario TEXT NOT NULL, scenario_hash INTEGER NOT NULL, seed INTEGER NOT NULL,"
    " computer_a INTEGER NOT NULL, computer_b INTEGER NOT NULL, side_seed_a INTEGER NOT NULL,"
    " side_seed_b INTEGER NOT NULL, token_a BLOB, token_b BLOB, resigned INTEGER NOT NULL DEFAULT -1,"
    " join_code BLOB, created INTEGER, resigned_at INTEGER, name_a TEXT, name_b TEXT);"
    "CREATE TABLE IF NOT EXISTS commands("
    " game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, cmd TEXT NOT NULL, at INTEGER,"
    " PRIMARY KEY(game, seq)) WITHOUT ROWID;";

static bool fail(store *s, char *why, size_t cap, const char *what)
{
    snprintf(why, cap, "the database: %s: %s", what, s->db ? sqlite3_errmsg(s->db) : "cannot open");
    return false;
}

/* A database made before invites held join codes gets the column (NULL: nobody waits to join). */
static bool add_join_code(store *s)
{
    sqlite3_stmt *st = NULL;
    bool has = sqlite3_prepare_v2(s->db, "SELECT join_code FROM games LIMIT 0", -1, &st, NULL) == SQLITE_OK;
    sqlite3_finalize(st);
    return has || sqlite3_exec(s->db, "ALTER TABLE games ADD COLUMN join_code BLOB", NULL, NULL, NULL) == SQLITE_OK;
}

/* The times of moves came later still: a table without them gets the columns (NULL in the rows
 * it had: their times are not known). */
static bool add_times(store *s)
{
    /* and the players' names later again (NULL: not given) */
    static const char *const COLS[][3] = {{"games", "created", "INTEGER"}, {"games", "resigned_at", "INTEGER"},
                                          {"commands", "at", "INTEGER"},   {"games", "name_a", "TEXT"},
                                          {"games", "name_b", "TEXT"}};
    for (size_t i = 0; i < sizeof COLS / sizeof COLS[0]; i++) {
        char sql[160];
        sqlite3_stmt *st = NULL;
        snprintf(sql, sizeof sql, "SELECT %s FROM %s LIMIT 0", COLS[i][1], COLS[i][0]);
        bool has = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK;
        sqlite3_finalize(st);
        snprintf(sql, sizeof sql, "ALTER TABLE %s ADD COLUMN %s %s", COLS[i][0], COLS[i][1], COLS[i][2]);
        if (!has && sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
            return false;
    }
    return true;
}

store *store_open(const char *dir, bool durable, char *why, size_t cap)
{
    store *s = calloc(1, sizeof *s);
    if (!s)
        return snprintf(why, cap, "out of memory"), NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/jumpstrike.sqlite", dir);
    pthread_mutex_init(&s->mu, NULL);
    pthread_mutex_init(&s->qmu, NULL);
    pthread_cond_init(&s->qcv, NULL);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) !=
            SQLITE_OK ||
        sqlite3_busy_timeout(s->db, 5000) != SQLITE_OK || sqlite3_exec(s->db, SCHEMA, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(s->db, durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", NULL, NULL, NULL) !=
            SQLITE_OK ||
        !add_join_code(s) || !add_times(s) ||
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO games(id,scenario,scenario_hash,seed,computer_a,computer_b,side_seed_a,"
                           "side_seed_b,token_a,token_b,resigned,join_code,created,name_a,name_b) "
                           "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                           -1, &s->ins_game, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "INSERT INTO commands(game,seq,cmd,at) VALUES(?,?,?,?)", -1, &s->ins_cmd, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE games SET resigned=?, resigned_at=? WHERE id=? AND resigned=-1", -1, &s->resign, NULL) !=
            SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE games SET token_a=?, name_a=?, join_code=NULL WHERE id=? AND join_code=? AND token_a IS NULL",
                           -1, &s->join[0], NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "UPDATE games SET token_b=?, name_b=?, join_code=NULL WHERE id=? AND join_code=? AND token_b IS NULL",
                           -1, &s->join[1], NULL) != SQLITE_OK) {
        fail(s, why, cap, path);
        store_close(s);
        return NULL;
    }
    return s;
}

void store_close(store *s)
{
    if (!s)
        return;
    sqlite3_finalize(s->ins_game);
    sqlite3_finalize(s->ins_cmd);
    sqlite3_finalize(s->resign);
    sqlite3_finalize(s->join[0]);
    sqlite3_finalize(s->join[1]);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->mu);
    pthread_mutex_destroy(&s->qmu);
    pthread_cond_destroy(&s->qcv);
    free(s);
}

/* Run a prepared statement to its end and reset it; the caller holds the mutex. */
static bool step(store *s, sqlite3_stmt *st, char *why, size_t cap, const char *what)
{
    int rc = sqlite3_step(st);
    bool ok = rc == SQLITE_DONE;
    if (!ok)
        fail(s, why, cap, what);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ok;
}

bool store_game_create(store *s, const store_game *g, char *why, size_t cap)
{
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->ins_game;
    sqlite3_bind_text(st, 1, g->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, g->scenario, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)g->scenario_hash);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)g->seed);
    sqlite3_bind_int(st, 5, g->computer[0]);
    sqlite3_bind_int(st, 6, g->computer[1]);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)g->side_seed[0]);
    sqlite3_bind_int64(st, 8, (sqlite3_int64)g->side_seed[1]);
    for (int k = 0; k < 2; k++)
        if (g->has_token[k])
            sqlite3_bind_blob(st, 9 + k, g->token_hash[k], STORE_HASH_LEN, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 9 + k);
    sqlite3_bind_int(st, 11, g->resigned);
    if (g->has_join)
        sqlite3_bind_blob(st, 12, g->join_hash, STORE_HASH_LEN, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 12);
    sqlite3_bind_int64(st, 13, (sqlite3_int64)g->created);
    for (int k = 0; k < 2; k++)
        if (g->player[k][0])
            sqlite3_bind_text(st, 14 + k, g->player[k], -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 14 + k);
    bool ok = step(s, st, why, cap, "creating a game");
    pthread_mutex_unlock(&s->mu);
    return ok;
}

/* Commit a group of commands in one transaction; each says whether it is stored. A command
 * refused (its seq taken) fails alone; a failed commit fails them all. */
static void commit_group(store *s, pending *batch)
{
    pthread_mutex_lock(&s->mu);
    char why[256] = "";
    bool began = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
    if (!began)
        fail(s, why, sizeof why, "starting a transaction");
    for (pending *p = batch; p; p = p->next) {
        sqlite3_stmt *st = s->ins_cmd;
        sqlite3_bind_text(st, 1, p->game, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, p->seq);
        sqlite3_bind_text(st, 3, p->cmd, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)p->at);
        p->ok = began && step(s, st, p->why, sizeof p->why, "storing a command");
        if (!began)
            snprintf(p->why, sizeof p->why, "%s", why);
    }
    if (began && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        fail(s, why, sizeof why, "committing commands");
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        for (pending *p = batch; p; p = p->next)
            if (p->ok)
                p->ok = false, snprintf(p->why, sizeof p->why, "%s", why);
    }
    pthread_mutex_unlock(&s->mu);
}

bool store_cmd_append(store *s, const char *game, int seq, const char *cmd_json, int64_t at, char *why, size_t cap)
{
    pending me = {.game = game, .cmd = cmd_json, .seq = seq, .at = at};
    pthread_mutex_lock(&s->qmu);
    if (s->tail)
        s->tail->next = &me;
    else
        s->head = &me;
    s->tail = &me;
    while (!me.done) {
        if (s->writing) {
            pthread_cond_wait(&s->qcv, &s->qmu);
            continue;
        }
        s->writing = true; /* this thread commits everything queued, its own command among them */
        pending *batch = s->head;
        s->head = s->tail = NULL;
        pthread_mutex_unlock(&s->qmu);
        commit_group(s, batch);
        pthread_mutex_lock(&s->qmu);
        for (pending *p = batch, *next; p; p = next) {
            next = p->next; /* p may be gone once done is seen */
            p->done = true;
        }
        s->writing = false;
        pthread_cond_broadcast(&s->qcv);
    }
    pthread_mutex_unlock(&s->qmu);
    if (!me.ok)
        snprintf(why, cap, "%s", me.why);
    return me.ok;
}

bool store_game_resign(store *s, const char *game, int side, int64_t at, char *why, size_t cap)
{
    pthread_mutex_lock(&s->mu);
    sqlite3_bind_int(s->resign, 1, side);
    sqlite3_bind_int64(s->resign, 2, (sqlite3_int64)at);
    sqlite3_bind_text(s->resign, 3, game, -1, SQLITE_STATIC);
    bool ok = step(s, s->resign, why, cap, "storing a resignation");
    pthread_mutex_unlock(&s->mu);
    return ok;
}

bool store_game_join(store *s, const char *game, int side, const uint8_t join_hash[STORE_HASH_LEN],
                     const uint8_t token_hash[STORE_HASH_LEN], const char *player, char *why, size_t cap)
{
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *st = s->join[side != 0];
    sqlite3_bind_blob(st, 1, token_hash, STORE_HASH_LEN, SQLITE_STATIC);
    if (player && *player)
        sqlite3_bind_text(st, 2, player, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 2);
    sqlite3_bind_text(st, 3, game, -1, SQLITE_STATIC);
    sqlite3_bind_blob(st, 4, join_hash, STORE_HASH_LEN, SQLITE_STATIC);
    /* one statement, its own transaction: committed (synced as --sync says) when step returns */
    bool ok = step(s, st, why, cap, "storing a join");
    if (ok && sqlite3_changes(s->db) != 1)
        ok = false, snprintf(why, cap, "the invite was used already");
    pthread_mutex_unlock(&s->mu);
    return ok;
}

bool store_load(store *s, void *(*on_game)(void *arg, const store_game *g),
                void (*on_cmd)(void *arg, void *game, int seq, const char *cmd_json, int64_t at), void *arg, char *why,
                size_t cap)
{
    pthread_mutex_lock(&s->mu);
    sqlite3_stmt *gs = NULL, *cs = NULL;
    bool ok = sqlite3_prepare_v2(s->db,
                                 "SELECT id,scenario,scenario_hash,seed,computer_a,computer_b,side_seed_a,"
                                 "side_seed_b,token_a,token_b,resigned,join_code,COALESCE(created,0),"
                                 "COALESCE(resigned_at,0),COALESCE(name_a,''),COALESCE(name_b,'') FROM games ORDER BY rowid",
                                 -1, &gs, NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(s->db, "SELECT seq,cmd,COALESCE(at,0) FROM commands WHERE game=? ORDER BY seq", -1, &cs, NULL) ==
                  SQLITE_OK;
    int rc = SQLITE_DONE;
    while (ok && (rc = sqlite3_step(gs)) == SQLITE_ROW) {
        store_game g;
        memset(&g, 0, sizeof g);
        snprintf(g.id, sizeof g.id, "%s", (const char *)sqlite3_column_text(gs, 0));
        snprintf(g.scenario, sizeof g.scenario, "%s", (const char *)sqlite3_column_text(gs, 1));
        g.scenario_hash = (uint64_t)sqlite3_column_int64(gs, 2);
        g.seed = (uint64_t)sqlite3_column_int64(gs, 3);
        g.computer[0] = sqlite3_column_int(gs, 4);
        g.computer[1] = sqlite3_column_int(gs, 5);
        g.side_seed[0] = (uint64_t)sqlite3_column_int64(gs, 6);
        g.side_seed[1] = (uint64_t)sqlite3_column_int64(gs, 7);
        for (int k = 0; k < 2; k++)
            if (sqlite3_column_bytes(gs, 8 + k) == STORE_HASH_LEN) {
                g.has_token[k] = true;
                memcpy(g.token_hash[k], sqlite3_column_blob(gs, 8 + k), STORE_HASH_LEN);
            }
        g.resigned = sqlite3_column_int(gs, 10);
        if (sqlite3_column_bytes(gs, 11) == STORE_HASH_LEN) {
            g.has_join = true;
            memcpy(g.join_hash, sqlite3_column_blob(gs, 11), STORE_HASH_LEN);
        }
        g.created = (int64_t)sqlite3_column_int64(gs, 12);
        g.resigned_at = (int64_t)sqlite3_column_int64(gs, 13);
        for (int k = 0; k < 2; k++)
            snprintf(g.player[k], sizeof g.player[k], "%s", (const char *)sqlite3_column_text(gs, 14 + k));
        void *h = on_game(arg, &g);
        if (!h)
            continue;
        sqlite3_bind_text(cs, 1, g.id, -1, SQLITE_TRANSIENT);
        while ((rc = sqlite3_step(cs)) == SQLITE_ROW)
            on_cmd(arg, h, sqlite3_column_int(cs, 0), (const char *)sqlite3_column_text(cs, 1),
                   (int64_t)sqlite3_column_int64(cs, 2));
        ok = rc == SQLITE_DONE;
        sqlite3_reset(cs);
    }
    if (ok && rc != SQLITE_DONE)
        ok = false;
    if (!ok)
        fail(s, why, cap, "reading the games");
    sqlite3_finalize(gs);
    sqlite3_finalize(cs);
    pthread_mutex_unlock(&s->mu);
    return ok;
}
