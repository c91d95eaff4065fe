/* net_local.c — see net_local.h. The child's stdout is a non-blocking pipe read for the line
 * "listening on HOST:PORT"; its stderr goes where the game's does. */
#define _DEFAULT_SOURCE
#include "net_local.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct net_local {
    pid_t pid;
    int fd;
    char buf[512];
    size_t n;
    int port;
    bool dead;
};

net_local *net_local_start(const char *bin, const char *data_dir, const char *scen_dir, int port, char *why,
                           size_t cap)
{
    if (access(bin, X_OK) != 0) {
        snprintf(why, cap, "%s: %s (jumpstrike-server is installed beside the game)", bin, strerror(errno));
        return NULL;
    }
    mkdir(data_dir, 0700);
    net_local *l = calloc(1, sizeof *l);
    int p[2];
    if (!l || pipe(p) != 0) {
        snprintf(why, cap, "%s", l ? strerror(errno) : "out of memory");
        free(l);
        return NULL;
    }
    /* every address of this computer, so another on the LAN can join; JS_HOST_ADDRESS narrows it
     * (the tests keep their servers on loopback: JS_HOST_ADDRESS=127.0.0.1) */
    const char *host = getenv("JS_HOST_ADDRESS");
    if (!host || !*host || strlen(host) > 40)
        host = "0.0.0.0";
    char listen_at[64];
    snprintf(listen_at, sizeof listen_at, "%s:%d", host, port);
    /* --exit-with-parent: a game that dies (kill -9, a crash) takes its server along */
    char *argv[] = {(char *)bin, "--listen", listen_at, "--data", (char *)data_dir, "--scenarios", (char *)scen_dir,
                    "--quiet", "--exit-with-parent", NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    int rc = posix_spawn(&l->pid, bin, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    if (rc != 0) {
        snprintf(why, cap, "%s: %s", bin, strerror(rc));
        close(p[0]);
        free(l);
        return NULL;
    }
    l->fd = p[0];
    fcntl(l->fd, F_SETFL, fcntl(l->fd, F_GETFL) | O_NONBLOCK);
    return l;
}

bool net_local_ready(net_local *l, int *port, bool *dead, char *why, size_t cap)
{
    *dead = false;
    if (l->port) {
        *port = l->port;
        return true;
    }
    ssize_t k;
    while (l->n + 1 < sizeof l->buf && (k = read(l->fd, l->buf + l->n, sizeof l->buf - 1 - l->n)) > 0)
        l->n += (size_t)k;
    l->buf[l->n] = 0;
    const char *at = strstr(l->buf, "listening on ");
    const char *colon = at ? strchr(at + 13, ' ') : NULL;
    if (at && colon) {
        const char *c = colon;
        while (c > at && c[-1] != ':')
            c--;
        l->port = atoi(c);
        *port = l->port;
        return l->port > 0;
    }
    int st;
    if (waitpid(l->pid, &st, WNOHANG) == l->pid) {
        l->dead = *dead = true;
        snprintf(why, cap, "jumpstrike-server stopped at once (%s %d): is the port taken?",
                 WIFEXITED(st) ? "status" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
    }
    return false;
}

void net_local_stop(net_local *l)
{
    if (!l)
        return;
    if (!l->dead) {
        kill(l->pid, SIGTERM);
        waitpid(l->pid, NULL, 0);
    }
    close(l->fd);
    free(l);
}

void net_local_lan_address(char *out, size_t cap)
{
    out[0] = 0;
    struct ifaddrs *ifs, *i;
    if (getifaddrs(&ifs) != 0)
        return;
    for (i = ifs; i && !out[0]; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET && !(i->ifa_flags & IFF_LOOPBACK) &&
            (i->ifa_flags & IFF_UP)) {
            char a[INET_ADDRSTRLEN];
            inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, a, sizeof a);
            snprintf(out, cap, "%s", a);
        }
    freeifaddrs(ifs);
}
