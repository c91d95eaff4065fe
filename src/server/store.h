/* store.h — where the server keeps its games so that a restart finds them again: one small
 * interface, so that another backend (PostgreSQL, docs/server.md) is one file to add.
 *
 * Guarantees every backend gives: store_cmd_append returns true only once the command is durable
 * (committed); (game, seq) is unique, so two writers racing for one game's next command cannot
 * both succeed; a join code is burnt by exactly one store_game_join; store_load hands back every
 * game and its commands in seq order. Secrets: tokens and join codes are stored only as their
 * SHA-256 digests. Calls may come from any thread. */
#ifndef JS_SERVER_STORE_H
#define JS_SERVER_STORE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { STORE_ID_LEN = 17, STORE_NAME_LEN = 64, STORE_HASH_LEN = 32 };
/* A player's name: up to 32 characters of UTF-8 (4 bytes each at most) and its NUL. */
enum { STORE_PLAYER_MAX = 32, STORE_PLAYER_LEN = 4 * STORE_PLAYER_MAX + 1 };

typedef struct store_game {
    char id[STORE_ID_LEN];         /* 16 hex digits */
    char scenario[STORE_NAME_LEN]; /* a shipped scenario's name ("duel"), or "@HASH" (upload.c) */
    uint64_t scenario_hash;        /* jsd_file_hash of its file when the game began */
    uint64_t seed;                 /* the dice */
    int computer[2];               /* the level playing each side, -1: a human */
    uint64_t side_seed[2];         /* the seed each side's hello carries (its own stream) */
    bool has_token[2];
    uint8_t token_hash[2][STORE_HASH_LEN];
    /* A human side with no token yet waits for its player to join: has_join, and the digest of
     * the one-time join code the invite carries (burnt by the join). */
    bool has_join;
    uint8_t join_hash[STORE_HASH_LEN];
    int resigned;                  /* the side that resigned, or -1 */
    /* Unix seconds (the server's wall clock) the game was created and resigned (0: not known, or
     * not resigned; a game stored before the times were). The store keeps a time with each command
     * too: /v1/mine says from them when what a side sees last changed ("last move 3 min ago"). */
    int64_t created, resigned_at;
    /* The name each human side's player gave ("" : none given, or a game stored before names
     * were). Not a secret: both sides see both names. */
    char player[2][STORE_PLAYER_LEN];
} store_game;

typedef struct store store;

/* Opens (or creates) DIR/jumpstrike.sqlite. durable: an append returns once the command would
 * survive a power cut (an fsync each commit group); else once it would survive the process being
 * killed (the OS holds it; WAL's synchronous=NORMAL). NULL with why filled. */
store *store_open(const char *dir, bool durable, char *why, size_t cap);
void store_close(store *s);
bool store_game_create(store *s, const store_game *g, char *why, size_t cap);
/* Command number seq (0, 1, ...) of the game, as its wire-format JSON, committed at time `at`
 * (unix seconds). False (why filled) when it is not durable, or when that seq is taken. */
bool store_cmd_append(store *s, const char *game, int seq, const char *cmd_json, int64_t at, char *why, size_t cap);
bool store_game_resign(store *s, const char *game, int side, int64_t at, char *why, size_t cap);
/* The join: side's token digest (and its player's name, "" for none) stored and the join code burnt, in one committed transaction,
 * only while the game's join code is join_hash. False (why filled) when it is not (used already,
 * by this process or another) or when it is not durable. */
bool store_game_join(store *s, const char *game, int side, const uint8_t join_hash[STORE_HASH_LEN],
                     const uint8_t token_hash[STORE_HASH_LEN], const char *player, char *why, size_t cap);
/* Every game, then its commands in order. on_game returns an opaque handle for its commands (NULL:
 * skip them). False only when the store itself could not be read. */
bool store_load(store *s, void *(*on_game)(void *arg, const store_game *g),
                void (*on_cmd)(void *arg, void *game, int seq, const char *cmd_json, int64_t at), void *arg, char *why,
                size_t cap);
#endif
