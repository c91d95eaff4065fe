/* net_api.h — the JSON of jumpstrike-server's requests and answers that are not wire messages
 * (docs/server.md: creating a game, /v1/mine), written and read here so that the game's screens
 * stay out of JSON (src/ui reads and writes files only through the data layer and this). */
#ifndef JS_NET_API_H
#define JS_NET_API_H
#include <stdbool.h>
#include <stddef.h>

/* POST /v1/games: sides[s] "human" or "ai:LEVEL". malloc'd; NULL: out of memory. */
char *net_create_body(const char *scenario, const char *side_a, const char *side_b);
/* Its 201 answer: the game, the token of side `side` and the invite ("" when none). */
bool net_created_read(const char *body, int side, char *game, size_t gcap, char *token, size_t tcap, char *invite,
                      size_t icap);
/* POST /v1/mine */
char *net_mine_body(const char *const *tokens, int n);
typedef struct net_mine_row {
    char game[40];
    int side, turn;
    bool over, your_turn;
} net_mine_row;
/* Its answer's games (at most cap), or -1 when it is not such an answer. */
int net_mine_read(const char *body, net_mine_row *rows, int cap);
#endif
