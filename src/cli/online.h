/* online.h — one side of a game on jumpstrike-server, played over HTTP (online_side.c): what
 * `online` (one game) and `online-arena` (a load test) share. docs/server.md. */
#ifndef JS_CLI_ONLINE_H
#define JS_CLI_ONLINE_H
#include "net_http.h"
#include <stdbool.h>
#include <stdint.h>

/* Request latencies (ms) of one client, long-polls apart, and its errors. */
typedef struct online_stats {
    double *ms, *submit_ms;
    long n, cap, nsub, capsub;
    long errors, cmds, refused;
} online_stats;
void online_stats_free(online_stats *s);

typedef struct online_session {
    net_http *h;
    char game[32], token[160];
    online_stats *stats;      /* NULL: not measured */
    bool quiet;               /* no message for every refusal */
    int think_ms;             /* a pause before each command: a player thinking (load tests) */
    bool resign_on_failure;   /* a side that cannot go on resigns, so that the other side's game ends */
} online_session;

/* A call whose answer must be JSON with status want (0: any): the parsed answer (a cJSON *), or
 * NULL after a message. Waits out the rate limit (429). long_poll: its time is not counted. */
void *online_call(online_session *s, const char *method, const char *path, const char *body, long want,
                  long *status, double timeout, bool long_poll);

/* Play the session's side to the end with player (an arena player's name): its hello, then each
 * decision. 0 when the game ended (its end line printed unless quiet; the record written to
 * record when given), 1 after a message. */
int online_side(online_session *s, const char *player, long maxcmds, double timeout_s, const char *record);
bool online_player_ok(const char *player);
#endif
