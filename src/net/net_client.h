/* net_client.h — the game's link to jumpstrike-server (docs/server.md), off the UI thread: each
 * lane is a worker thread with its own connection and a queue of requests, run in order; the UI
 * queues requests and, each frame, takes the answers that came (never waits). Lane 0 carries the
 * player's actions (create, join, commands, resign), lane 1 the long-poll of the view, so a
 * command never waits behind a poll.
 *
 * A request marked keep_trying (a command: a plot must not be lost) that gets no answer, or a
 * 429/5xx, is tried again with exponential backoff (1 s, 2 s, 4 s ... 60 s) until it gets one;
 * the requests behind it in its lane wait, so commands reach the server in the order made.
 * No SDL: the UI and the tests link it alike. */
#ifndef JS_NET_CLIENT_H
#define JS_NET_CLIENT_H
#include <stdbool.h>
#include <stddef.h>

enum { NET_LANE_ACT = 0, NET_LANE_POLL, NET_LANES };
enum { NET_PROTOCOL = 1 }; /* the server API's version this game speaks (GET /v1: "version") */

typedef struct net_client net_client;

typedef struct net_reply {
    int tag;                  /* the caller's, as queued */
    long status;              /* the HTTP status; 0 when no answer came (then why says why) */
    char *body;               /* the answer (malloc'd, NUL-terminated), NULL when none */
    char why[400];
} net_reply;

/* base_url: "http://host:port" (a bare "host:port" gets http://). NULL: out of memory or no
 * thread. */
net_client *net_client_new(const char *base_url);
/* Stops the lanes (a call in progress is aborted) and frees what is queued. */
void net_client_free(net_client *c);
const char *net_client_base(const net_client *c);
/* Queue a request; token NULL: none, body NULL: none. False when out of memory. */
bool net_client_send(net_client *c, int lane, int tag, const char *method, const char *path, const char *token,
                     const char *body, double timeout_s, bool keep_trying);
/* fn(arg) is called on a lane's thread each time an answer arrives (the game wakes its loop with
 * it: SDL_PushEvent is safe from any thread). Set it before sending. */
void net_client_on_reply(net_client *c, void (*fn)(void *), void *arg);
/* Take one answer that came (in the order they came); false when none waits. */
bool net_client_poll(net_client *c, net_reply *out);
void net_reply_free(net_reply *r);
/* Requests queued or running in a lane, answers not yet taken apart. */
int net_client_pending(net_client *c, int lane);
/* A keep_trying request is waiting to try again: true with the seconds until its next try and
 * why the last failed. */
bool net_client_retrying(net_client *c, double *next_in_s, char *why, size_t cap);

/* The answer of GET /v1 (or any answer with a "version"): true when it speaks NET_PROTOCOL,
 * else false with a message naming both versions (or saying it is not a Jumpstrike server). */
bool net_version_ok(const char *body, char *why, size_t cap);
/* An error answer's "reason" (or a short summary of the answer) in out. */
void net_reason(const net_reply *r, char *out, size_t cap);

/* An invite code: "js2:GAME:CODE", optionally "@SERVER" after it (the game shows it so, so that
 * one paste carries the address too); CODE claims the other side once (POST /v1/games/GAME/join).
 * False with why for anything else, an old js1 code among them. */
bool net_invite_parse(const char *invite, char *game, size_t gcap, char *code, size_t ccap, char *server,
                      size_t scap, char *why, size_t wcap);

struct jsd_wire_msg;
/* The answer of GET /v1/games/ID/hello in *m (jsd_wire_msg_free it); false with why (not JSON,
 * not a hello, the wire reader's message). */
bool net_hello_read(const char *body, struct jsd_wire_msg *m, char *why, size_t cap);
/* The answer of GET /v1/games/ID/view read with the hello's scenario: its etag, the count of the
 * side's commands the server has taken (*commands, -1 when it does not say), and the wire update
 * in *m (jsd_wire_msg_free it). False with why when it cannot be read. */
struct js_scenario;
bool net_view_read(const char *body, const struct js_scenario *scn, char *etag, size_t ecap, bool *over,
                   int *commands, struct jsd_wire_msg *m, char *why, size_t cap);
#endif
