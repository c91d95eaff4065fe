/*
 * jsd_wire.h — the wire format: what a program playing one side (a bot, a server's client) and
 * the game that holds the match say to each other, one JSON message a line (docs/formats.md,
 * "Wire format"; the bot protocol on top of it: docs/bots.md).
 *
 * To the player: "hello" (protocol version, its side, its seed and the scenario as its side
 * sees it), then for each decision an "update" (its view: the decision pending and the state;
 * the events it may see since the last update), an "error" when a command was refused, and an
 * "end". From the player: one "command" a line.
 *
 * Secrecy (RULES X-2): every writer of a side's message takes that side's js_view and nothing
 * else, and writes events only when js_event_visible says the view's side may see them.
 *
 * Exactness: read(write(view)) rebuilds the js_view byte for byte (explicit pad_ members are
 * zero), so a program on the other end can hand it to the engine's functions and to the AI as
 * if it had built the view itself. The scenario travels once, in the hello; an update is read
 * with it.
 *
 * Reading has the loaders' limits and messages: at most JSD_WIRE_MAX bytes and
 * JSD_WIRE_MAX_DEPTH levels of nesting; an error names the sender, the member and the problem.
 */
#ifndef JSD_WIRE_H
#define JSD_WIRE_H

#include "jsd.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    JSD_WIRE_VERSION = 1,
    JSD_WIRE_MAX = 4 * 1024 * 1024,  /* bytes in one message (a line) */
    JSD_WIRE_MAX_DEPTH = 16,         /* nesting of arrays and objects in one message */
    JSD_WIRE_TEXT = 400,             /* an error's or an end's reason, NUL included */
};

typedef enum {
    JSD_WIRE_HELLO = 0,
    JSD_WIRE_UPDATE,
    JSD_WIRE_COMMAND,
    JSD_WIRE_ERROR,
    JSD_WIRE_END,
    JSD_WIRE_TYPES
} jsd_wire_type;

/* "hello": side = view->viewer, the scenario = view->st.scn (as that side's view holds it). */
char *jsd_wire_hello(const js_view *v, uint64_t seed);
/* "update": the view (decision and state, not the scenario) and, of ev[0..n), the events the
 * view's side may see, numbered from `since` (the number of visible events sent before). */
char *jsd_wire_update(const js_view *v, int since, const js_event *const *ev, int n);
char *jsd_wire_command(const js_cmd *c);
/* "error": a refusal (the engine's reason; its rule id is read off the reason's start) or any
 * other problem; c is the command refused, or NULL. */
char *jsd_wire_error(const char *reason, const js_cmd *c);
/* "end": the game is over (winner and points from the view) or stopped (reason, "" if none). */
char *jsd_wire_end(const js_view *v, const char *reason);

/* A message read. Pointers are malloc'd (jsd_wire_msg_free frees them). */
typedef struct jsd_wire_msg {
    int type;                 /* jsd_wire_type */
    /* hello */
    int side;
    uint64_t seed;
    js_scenario *scn;
    /* update */
    js_view *view;
    int since, nevents;
    js_event *events;
    /* command; error: the command refused (has_cmd) */
    bool has_cmd;
    js_cmd cmd;
    /* error, end */
    char reason[JSD_WIRE_TEXT];
    char rule[8];             /* error: the rule id ("P-2"), or "" */
    int winner;               /* end: 0 A, 1 B, -1 draw or stopped */
    int points[JS_SIDES];
} jsd_wire_msg;

/* Read one message (text[0..len), no NUL needed). An update needs the scenario of the hello
 * (scn); `where` names the sender in messages ("bot A"). False with err filled on any problem;
 * out is then empty. */
bool jsd_wire_read(const char *text, size_t len, const js_scenario *scn, const char *where,
                   jsd_wire_msg *out, jsd_error *err);
void jsd_wire_msg_free(jsd_wire_msg *m);
const char *jsd_wire_type_name(int type);

#ifdef __cplusplus
}
#endif
#endif
