/* exec_player.c — the arena's side played by a program over the bot protocol (docs/bots.md):
 * the hello, then at each of its decisions an update and one command back, in the wire format.
 * Everything sent is written from that side's view; what comes back is read as the loaders
 * read files, so a garbled answer is a clear message, never a crash. */
#include "bot_pipe.h"
#include "jsd_wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cli_exec {
    cli_child *bot;
    int side;
    double move_time;
    int log_pos, since;       /* the log read up to, the events it was sent */
    char name[16];            /* "bot A": the sender in messages */
};

cli_exec *cli_exec_start(const char *command, const js_view *v, uint64_t seed, double move_time, char *why,
                         size_t cap)
{
    cli_exec *e = calloc(1, sizeof *e);
    if (!e)
        return snprintf(why, cap, "out of memory"), NULL;
    e->side = v->viewer;
    e->move_time = move_time;
    snprintf(e->name, sizeof e->name, "bot %c", 'A' + e->side);
    char *hello = jsd_wire_hello(v, seed);
    if (!hello || !(e->bot = cli_child_start(command, why, cap)) ||
        !cli_child_send(e->bot, hello, move_time, why, cap)) {
        if (!hello)
            snprintf(why, cap, "out of memory");
        free(hello);
        cli_child_stop(e->bot);
        free(e);
        return NULL;
    }
    free(hello);
    return e;
}

bool cli_exec_decide(cli_exec *e, const js_game *g, const js_view *v, js_cmd *out, char *why, size_t cap)
{
    int n = js_log_count(g);
    const js_event **ev = malloc((size_t)(n - e->log_pos + 1) * sizeof *ev);
    if (!ev)
        return snprintf(why, cap, "out of memory"), false;
    int k = 0, seen = 0;
    for (int i = e->log_pos; i < n; i++) {
        ev[k] = js_log_at(g, i);
        seen += js_event_visible(ev[k++], e->side);
    }
    char *update = jsd_wire_update(v, e->since, ev, k);
    free(ev);
    if (!update)
        return snprintf(why, cap, "out of memory"), false;
    bool sent = cli_child_send(e->bot, update, e->move_time, why, cap);
    free(update);
    if (!sent)
        return false;
    e->log_pos = n;
    e->since += seen;
    char *line = cli_child_recv(e->bot, e->move_time, JSD_WIRE_MAX, why, cap);
    if (!line)
        return false;
    jsd_wire_msg m;
    jsd_error err;
    bool ok = jsd_wire_read(line, strlen(line), NULL, e->name, &m, &err);
    if (!ok) {
        snprintf(why, cap, "it answered something that is not a command: %s", err.msg);
    } else if (m.type == JSD_WIRE_ERROR) {
        snprintf(why, cap, "it resigned: %s", m.reason);
        ok = false;
    } else if (m.type != JSD_WIRE_COMMAND) {
        snprintf(why, cap, "it answered a \"%s\" message, not a command", jsd_wire_type_name(m.type));
        ok = false;
    } else if (m.cmd.side != e->side) { /* at a decision both sides answer, the engine would take it */
        snprintf(why, cap, "it answered a command for side %c; it plays side %c", 'A' + m.cmd.side, 'A' + e->side);
        ok = false;
    } else {
        *out = m.cmd;
    }
    jsd_wire_msg_free(&m);
    free(line);
    return ok;
}

void cli_exec_refused(cli_exec *e, const js_cmd *c, const char *reason)
{
    char why[256];
    char *t = jsd_wire_error(reason, c);
    if (t)
        cli_child_send(e->bot, t, 1.0, why, sizeof why); /* it is told; whether it listens is its own affair */
    free(t);
}

void cli_exec_end(cli_exec *e, const js_view *v, const char *reason)
{
    if (!e)
        return;
    char why[256];
    char *t = jsd_wire_end(v, reason);
    if (t)
        cli_child_send(e->bot, t, 1.0, why, sizeof why);
    free(t);
    cli_child_stop(e->bot);
    free(e);
}
