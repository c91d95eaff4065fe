/* net_api.h — the JSON of jumpstrike-server's requests and answers that are not wire messages
 * (docs/server.md: creating a game, /v1/mine), written and read here so that the game's screens
 * stay out of JSON (src/ui reads and writes files only through the data layer and this). */
#ifndef JS_NET_API_H
#define JS_NET_API_H
#include <stdbool.h>
#include <stddef.h>

/* POST /v1/games: sides[s] "human" or "ai:LEVEL"; me the side the creator plays (0 A, 1 B).
 * malloc'd; NULL: out of memory. */
char *net_create_body(const char *scenario, const char *side_a, const char *side_b, int me, const char *name);
/* POST /v1/games/ID/join: the invite's one-time code. name (both): the player's, NULL or "" for
 * none (the server shows it to both sides). */
char *net_join_body(const char *code, const char *name);
/* The "players" of a server's answer (create, join, view, a /v1/mine row): each side's name into
 * names[k] ("" when null or not said). False when the answer has none. */
bool net_players_read(const char *body, char names[2][64]);
/* The 201 answer of a create or the 200 of a join: the game, the side it gives, that side's token
 * and (a create against a person) the invite for the other side ("" when none). */
bool net_seat_read(const char *body, char *game, size_t gcap, int *side, char *token, size_t tcap, char *invite,
                   size_t icap);
/* POST /v1/mine */
char *net_mine_body(const char *const *tokens, int n);
typedef struct net_mine_row {
    char game[40];
    int side, turn;
    bool over, your_turn;
    long long ago;            /* seconds since the last move (the server's count), -1 not said */
    char title[64];           /* the scenario's title, "" when not said */
    char faction[2][32];      /* each side's faction, "" when not said */
    char player[2][64];       /* each side's player's name, "" when not said or none given */
} net_mine_row;
/* Its answer's games (at most cap), or -1 when it is not such an answer. */
int net_mine_read(const char *body, net_mine_row *rows, int cap);
/* "last move 3 min ago", "last move 2 days ago", "last move just now" for seconds ago (< 0: ""). */
void net_ago_text(long long secs, char *out, size_t cap);
/* The "end" of a view's answer once the game is over (the wire end): the winner (0 A, 1 B, -1 a
 * draw or stopped, -2 an end without "winner": the caller's own result stands) and its reason ("" when played out, "side B resigned", ...). False when the
 * answer has none. */
bool net_view_end(const char *body, int *winner, char *reason, size_t cap);
#endif
