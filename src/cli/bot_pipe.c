/* bot_pipe.c — a program that plays through the bot protocol (docs/bots.md), run as a child
 * with its stdin and stdout on pipes: lines out, lines in, each within a time limit, so that a
 * program that hangs, floods, dies or stops reading never stops the arena. Nothing here blocks
 * without a timeout: the pipes are non-blocking and every wait is a poll(). */
#define _POSIX_C_SOURCE 200809L
#include "bot_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct cli_child {
    pid_t pid, group;
    int to, from;             /* its stdin, its stdout */
    char *buf;                /* what it wrote that is not a whole line yet */
    size_t len, cap;
    bool eof;
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

cli_child *cli_child_start(const char *command, char *why, size_t cap)
{
    int in[2], out[2];
    if (pipe(in))
        return snprintf(why, cap, "cannot make a pipe: %s", strerror(errno)), NULL;
    if (pipe(out)) {
        snprintf(why, cap, "cannot make a pipe: %s", strerror(errno));
        close(in[0]), close(in[1]);
        return NULL;
    }
    cli_child *b = calloc(1, sizeof *b);
    pid_t pid = b ? fork() : -1;
    if (pid < 0) {
        snprintf(why, cap, "cannot start \"%s\": %s", command, b ? strerror(errno) : "out of memory");
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        free(b);
        return NULL;
    }
    if (pid == 0) { /* the child: the pipes become its stdin and stdout; stderr stays ours */
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        setpgid(0, 0); /* its own group: whatever it starts is stopped with it */
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    setpgid(pid, pid); /* as the child does: whichever runs first */
    b->pid = b->group = pid;
    b->to = in[1];
    b->from = out[0];
    fcntl(b->to, F_SETFL, fcntl(b->to, F_GETFL) | O_NONBLOCK);
    fcntl(b->from, F_SETFL, fcntl(b->from, F_GETFL) | O_NONBLOCK);
    fcntl(b->to, F_SETFD, FD_CLOEXEC); /* a later bot must not hold this one's stdin open */
    fcntl(b->from, F_SETFD, FD_CLOEXEC);
    return b;
}

/* Why the child is gone, if it is: "exited with status 3", "killed by signal 11". */
static bool gone(cli_child *b, char *why, size_t cap)
{
    int status;
    if (b->pid <= 0 || waitpid(b->pid, &status, WNOHANG) != b->pid)
        return false;
    b->pid = 0;
    if (WIFEXITED(status))
        snprintf(why, cap, "the program ended (exit status %d)", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(why, cap, "the program died (signal %d, %s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        snprintf(why, cap, "the program ended");
    return true;
}

bool cli_child_send(cli_child *b, const char *line, double timeout_s, char *why, size_t cap)
{
    size_t n = strlen(line), done = 0;
    double end = now_ms() + timeout_s * 1000.0;
    while (done <= n) {
        const char *p = done < n ? line + done : "\n";
        size_t want = done < n ? n - done : 1;
        ssize_t w = write(b->to, p, want);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            if (!gone(b, why, cap))
                snprintf(why, cap, "the program stopped reading its input (%s)", strerror(errno));
            return false;
        }
        double left = end - now_ms();
        if (left <= 0)
            return snprintf(why, cap, "the program did not read its input within %g s", timeout_s), false;
        struct pollfd pf = {b->to, POLLOUT, 0};
        poll(&pf, 1, (int)left + 1);
    }
    return true;
}

char *cli_child_recv(cli_child *b, double timeout_s, size_t max, char *why, size_t cap)
{
    double end = now_ms() + timeout_s * 1000.0;
    for (;;) {
        char *nl = b->len ? memchr(b->buf, '\n', b->len) : NULL;
        if (nl) {
            size_t n = (size_t)(nl - b->buf);
            char *line = malloc(n + 1);
            if (!line)
                return snprintf(why, cap, "out of memory"), NULL;
            memcpy(line, b->buf, n);
            line[n] = '\0';
            if (n > 0 && line[n - 1] == '\r')
                line[n - 1] = '\0';
            memmove(b->buf, nl + 1, b->len - n - 1);
            b->len -= n + 1;
            return line;
        }
        if (b->len > max)
            return snprintf(why, cap, "the program wrote a line longer than %zu bytes", max), NULL;
        if (b->eof) {
            if (!gone(b, why, cap)) {
                /* it closed its output; give it a moment to say how it ended */
                struct timespec t = {0, 50 * 1000 * 1000};
                nanosleep(&t, NULL);
                if (!gone(b, why, cap))
                    snprintf(why, cap, "the program closed its output");
            }
            return NULL;
        }
        if (b->cap - b->len < 65536) {
            size_t ncap = b->cap ? b->cap * 2 : 65536 * 2;
            char *nb = realloc(b->buf, ncap);
            if (!nb)
                return snprintf(why, cap, "out of memory"), NULL;
            b->buf = nb, b->cap = ncap;
        }
        ssize_t r = read(b->from, b->buf + b->len, b->cap - b->len);
        if (r > 0) {
            b->len += (size_t)r;
            continue;
        }
        if (r == 0) {
            b->eof = true;
            continue;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            b->eof = true;
            continue;
        }
        double left = end - now_ms();
        if (left <= 0)
            return snprintf(why, cap, "no answer within %g s", timeout_s), NULL;
        struct pollfd pf = {b->from, POLLIN, 0};
        poll(&pf, 1, (int)left + 1);
    }
}

void cli_child_stop(cli_child *b)
{
    if (!b)
        return;
    close(b->to); /* its input ends: a well-behaved program stops */
    if (b->pid > 0) {
        for (int i = 0; i < 20 && b->pid > 0; i++) { /* up to 200 ms */
            if (waitpid(b->pid, NULL, WNOHANG) == b->pid) {
                b->pid = 0;
                break;
            }
            struct timespec t = {0, 10 * 1000 * 1000};
            nanosleep(&t, NULL);
        }
        if (b->pid > 0) {
            kill(-b->pid, SIGKILL);
            waitpid(b->pid, NULL, 0);
        }
    }
    if (b->group > 0)
        kill(-b->group, SIGKILL); /* what it started and left behind */
    close(b->from);
    free(b->buf);
    free(b);
}
