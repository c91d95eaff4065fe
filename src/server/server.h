/* server.h — jumpstrike-server's shared structures: the games it holds (games.c), the computer's
 * worker pool (ai_pool.c), the JSON API (api.c) and the HTTP front (http.c). docs/server.md. */
#ifndef JS_SERVER_H
#define JS_SERVER_H
#include "js.h"
#include "js_ai.h"
#include "jsd.h"
#include "store.h"
#include "token.h"
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

enum { SRV_API_VERSION = 1 };

/* One game. Everything in it is read and changed under mu; `changed` is broadcast after every
 * change (a command, a resignation) so that long-polls wake. */
typedef struct srv_game {
    store_game meta;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    uint64_t gen;             /* bumped by every change */
    js_game *g;
    jsd_record *rec;          /* the full record, hashes after every command */
    js_ai *ai[JS_SIDES];      /* the computer on its sides */
    bool ai_queued;           /* in the worker pool's queue, or being played */
    int nstored;              /* commands in the store (the next one's seq) */
    int ncmds[JS_SIDES];      /* the commands each side has had taken: a client's next ?seq= */
    int ai_refusals;          /* the computer's commands refused in a row */
    uint64_t etag_gen[JS_SIDES], etag[JS_SIDES]; /* each side's etag, as of gen etag_gen - 1 */
    /* When what each side sees last changed (unix seconds, the times the store keeps), and its
     * etag then: /v1/mine's "last move". Not the last command's time: the other side's secret
     * answers (a plot) change nothing a side sees, and their times would tell it of them. */
    int64_t seen_at[JS_SIDES];
    uint64_t seen_etag[JS_SIDES];
    bool broken;              /* could not be rebuilt from the store: answers nothing */
} srv_game;

typedef struct srv_opts {
    int ai_workers;           /* threads playing computer sides */
    int poll_max_s;           /* the longest a long-poll waits */
    int max_body;             /* bytes in a request body */
    int max_conns, max_conns_ip;
    int rate, burst;          /* requests a second per address, and the burst allowed */
    int token_rate, token_burst; /* the same per token presented (0: as per address) */
    int timeout_s;            /* an idle or slow connection is closed after this */
    int max_games;
    bool quiet;
    bool sync_normal;         /* --sync normal: durable through a kill, not a power cut */
    bool allow_seeds;         /* --allow-seeds: a create may choose the dice (tests, benchmarks) */
} srv_opts;

typedef struct srv {
    srv_opts o;
    store *st;
    char scenarios[1024];     /* the folder of the shipped scenarios */
    char uploads[1024];       /* DATA/uploads: the uploaded scenarios games began from */
    pthread_mutex_t mu;       /* games, ngames */
    srv_game **games;
    int ngames, cap;
    /* the worker pool */
    pthread_mutex_t qmu;
    pthread_cond_t qcv;
    srv_game **queue;
    int qhead, qlen, qcap;
    bool stopping;
    volatile int ai_cancel; /* set when stopping: js_ai_decide polls it */
    pthread_t *workers;
    int nworkers;
} srv;

/* games.c */
bool srv_init(srv *s, const char *data_dir, char *why, size_t cap); /* opens the store, replays every game */
void srv_free(srv *s);
srv_game *srv_find(srv *s, const char *id);          /* NULL: no such game */
/* The side the token plays in game, or -1 (a wrong token, or none); constant time in the token.
 * srv_side_of_hash takes the token's digest (token_hash), for a token tried on many games. */
int srv_side_of(const srv_game *gm, const char *token, size_t len);
int srv_side_of_hash(const srv_game *gm, const uint8_t hash[TOKEN_HASH]);
/* player: the creator's name ("" for none), checked by the caller.
 * A new game from a shipped scenario's name, or (scenario NULL) from an uploaded scenario's JSON
 * text. Its creator plays side me (a human side): its token into token. When the other side is
 * human too, it gets no token yet: the one-time code that claims it (srv_join) into join_code,
 * else "". NULL with why when refused. */
srv_game *srv_create(srv *s, const char *scenario, const char *scenario_text, uint64_t seed,
                     const int computer[2], int me, const char *player, char token[TOKEN_TEXT],
                     char join_code[TOKEN_TEXT], int *http, char *why, size_t cap);
/* Claim the side waiting to be joined with its code (gm->mu held): a fresh token for it into
 * token, the code burnt in the store before this returns. The side, or -1 (the code is wrong, or
 * was used; *http and why say so, or that the store failed). */
int srv_join(srv *s, srv_game *gm, const char *code, size_t len, const char *player, char token[TOKEN_TEXT],
             int *http, char *why, size_t cap);
/* The name shown for side: its player's (may be "": none given), or the computer's level,
 * "Computer (Captain)". Names are no secret: both sides see both. */
void srv_player_name(const srv_game *gm, int side, char *out, size_t cap);
/* {"A": NAME, "B": NAME} (null for a human side that gave none), gm->mu held; malloc'd JSON. */
char *srv_players_json(const srv_game *gm);
/* upload.c: the loader judges text; kept under s->uploads, its name "@HASH" into name. False with
 * *http and why (400: the loader's message naming the field). */
bool upload_save(srv *s, const char *text, char name[STORE_NAME_LEN], int *http, char *why, size_t cap);
/* The file of an uploaded scenario's name "@HASH"; false when name is not one. */
bool upload_path(const srv *s, const char *name, char *path, size_t cap);
bool srv_over(const srv_game *gm);                   /* gm->mu held */
/* side resigned at time at (stored already): the game ends, long-polls wake; gm->mu held. */
void srv_resigned(srv_game *gm, int side, int64_t at);
/* Submit a command for side (gm->mu held): store it, then apply it. 0 accepted; else an HTTP
 * status with why (the engine's reason, a refusal) or the store's failure. */
int srv_submit(srv *s, srv_game *gm, int side, const js_cmd *c, char *why, size_t cap);
/* "{...}" texts built from side's view alone, gm->mu held; malloc'd, NULL: out of memory. */
char *srv_hello(const srv_game *gm, int side);
/* The view answer: the side's update (events it may see from the `since`-th on), whether it is
 * over (and the end message), its etag (a digest of the view and the count of events it may see). */
char *srv_view_answer(srv_game *gm, int side, int since, uint64_t *etag);
uint64_t srv_etag(srv_game *gm, int side);

/* ai_pool.c */
bool ai_pool_start(srv *s);
void ai_pool_stop(srv *s);
void ai_pool_wake(srv *s, srv_game *gm);              /* gm->mu held: queue it if a computer must move */
#endif
