/* bot_pipe.h — a program run as a child that talks one line at a time over its stdin and stdout
 * (the bot protocol, docs/bots.md). Every call returns within its time limit, whatever the
 * program does; the caller ignores SIGPIPE. */
#ifndef JS_BOT_PIPE_H
#define JS_BOT_PIPE_H
#include <stdbool.h>
#include <stddef.h>

typedef struct cli_child cli_child;

/* Start `command` with /bin/sh -c, in its own process group; its stderr is ours. NULL with why
 * filled when it cannot be started (a command that does not exist starts, and ends at once). */
cli_child *cli_child_start(const char *command, char *why, size_t cap);
/* Write line and a newline within timeout_s seconds; false with why (the program died, stopped
 * reading, did not read in time). */
bool cli_child_send(cli_child *b, const char *line, double timeout_s, char *why, size_t cap);
/* The next line it writes (malloc'd, no newline) within timeout_s seconds and at most max bytes;
 * NULL with why (no answer in time, a line too long, the program ended: with its exit status). */
char *cli_child_recv(cli_child *b, double timeout_s, size_t max, char *why, size_t cap);
/* Close its input, give it 200 ms to end, then kill its process group; reap it. NULL is ignored. */
void cli_child_stop(cli_child *b);

/* ---- a side played by such a program in the wire format (docs/formats.md "Wire format") */
#include "js.h"
typedef struct cli_exec cli_exec;
/* Start the program and send it the hello of side v->viewer (v: that side's view). NULL with
 * why when it cannot start or does not read the hello within move_time seconds. */
cli_exec *cli_exec_start(const char *command, const js_view *v, uint64_t seed, double move_time, char *why,
                         size_t cap);
/* One decision: the update (v, that side's view, and the events of g's log it may see since its
 * last update), then its answer within the move time. False with why when it gives no command:
 * no answer in time, not a wire message, not a command (an "error" resigns), or it died. */
bool cli_exec_decide(cli_exec *e, const js_game *g, const js_view *v, js_cmd *out, char *why, size_t cap);
/* Tell it why its command was refused (the engine's reason). */
void cli_exec_refused(cli_exec *e, const js_cmd *c, const char *reason);
/* Tell it the game is over (v: its view; reason: why it stopped, "" when played out), then stop
 * it. NULL is ignored. */
void cli_exec_end(cli_exec *e, const js_view *v, const char *reason);
#endif
