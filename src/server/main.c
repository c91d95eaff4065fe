/* main.c — jumpstrike-server: the options, then the store's games replayed, the computer's
 * workers and the HTTP front started; SIGINT or SIGTERM stops it (a SIGKILL loses nothing
 * acknowledged: every accepted command is committed before its answer). docs/server.md. */
#define _GNU_SOURCE
#include "http.h"
#include "server.h"
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: jumpstrike-server [--listen HOST:PORT] --data DIR [options]\n"
            "The authoritative Jumpstrike server: holds each game, runs the engine and the computer\n"
            "players, and gives each side only what its side sees (docs/server.md).\n"
            "  --listen HOST:PORT      where to listen (default 127.0.0.1:7600; port 0: any free port,\n"
            "                          printed as \"listening on HOST:PORT\")\n"
            "  --data DIR              the folder of the database (jumpstrike.sqlite); made if missing\n"
            "  --cert FILE --key FILE  serve HTTPS with this PEM certificate (chain) and private key\n"
            "  --scenarios DIR         the shipped scenarios (default: ../share/jumpstrike/scenarios\n"
            "                          beside the program, else ./scenarios)\n"
            "  --ai-workers N          threads playing computer sides (default 2)\n"
            "  --poll-max S            the longest a long-poll waits, seconds (default 25)\n"
            "  --max-body BYTES        largest request body (default 65536)\n"
            "  --max-conns N           connections at once (default 1000)\n"
            "  --max-conns-per-ip N    connections at once from one address (default 64)\n"
            "  --rate N --burst N      requests a second per address, and the burst (default 50, 200)\n"
            "  --token-rate N --token-burst N\n"
            "                          the same per token (default: as per address)\n"
            "  --timeout S             close an idle or slow connection after S seconds (default 30)\n"
            "  --max-games N           games held at most (default 100000)\n"
            "  --sync full|normal      full (default): an accepted command survives a power cut (an fsync\n"
            "                          for each group of commits); normal: it survives the server being\n"
            "                          killed, not the machine losing power (far less waiting on the disk)\n"
            "  --allow-seeds           a create request may choose the dice seed (\"seed\"): for tests and\n"
            "                          reproducible benchmarks only; a creator who picks the seed foresees\n"
            "                          every roll (without it the server draws the dice and refuses \"seed\")\n"
            "  --quiet                 no request log on stderr\n"
            "  --exit-with-parent      stop when the process that started it ends (the game's\n"
            "                          'Host on this computer' uses it)\n"
            "  --help, --version\n");
}

static bool int_opt(const char *name, const char *v, long lo, long hi, int *out)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < lo || x > hi) {
        fprintf(stderr, "jumpstrike-server: %s: expected an integer %ld..%ld, got \"%s\"\n", name, lo, hi, v);
        return false;
    }
    *out = (int)x;
    return true;
}

/* The shipped scenarios: beside the installed program, else ./scenarios, else the source tree's. */
static void default_scenarios(char *out, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            snprintf(out, cap, "%.900s/../share/jumpstrike/scenarios", exe);
            struct stat st;
            if (!stat(out, &st) && S_ISDIR(st.st_mode))
                return;
        }
    }
    struct stat st;
    snprintf(out, cap, "%s", !stat("scenarios", &st) && S_ISDIR(st.st_mode) ? "scenarios" : JS_SOURCE_SCENARIOS);
}

int main(int argc, char **argv)
{
    static srv s;
    s.o = (srv_opts){.ai_workers = 2, .poll_max_s = 25, .max_body = 65536, .max_conns = 1000, .max_conns_ip = 64,
                     .rate = 50, .burst = 200, .timeout_s = 30, .max_games = 100000};
    pid_t parent = getppid();
    bool exit_with_parent = false;
    const char *listen = "127.0.0.1:7600", *data = NULL, *scen = NULL, *cert_file = NULL, *key_file = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true, takes = true;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("jumpstrike-server 0.1.0 (API %d)\n", SRV_API_VERSION);
            return 0;
        } else if (!strcmp(a, "--quiet")) {
            s.o.quiet = true;
            takes = false;
        } else if (!strcmp(a, "--allow-seeds")) {
            s.o.allow_seeds = true;
            takes = false;
        } else if (!strcmp(a, "--exit-with-parent")) {
            exit_with_parent = true;
            takes = false;
        } else if (!v) {
            ok = false;
        } else if (!strcmp(a, "--listen"))
            listen = v;
        else if (!strcmp(a, "--data"))
            data = v;
        else if (!strcmp(a, "--cert"))
            cert_file = v;
        else if (!strcmp(a, "--key"))
            key_file = v;
        else if (!strcmp(a, "--scenarios"))
            scen = v;
        else if (!strcmp(a, "--ai-workers"))
            ok = int_opt(a, v, 1, 64, &s.o.ai_workers);
        else if (!strcmp(a, "--poll-max"))
            ok = int_opt(a, v, 1, 300, &s.o.poll_max_s);
        else if (!strcmp(a, "--max-body"))
            ok = int_opt(a, v, 1024, 4 * 1024 * 1024, &s.o.max_body);
        else if (!strcmp(a, "--max-conns"))
            ok = int_opt(a, v, 1, 100000, &s.o.max_conns);
        else if (!strcmp(a, "--max-conns-per-ip"))
            ok = int_opt(a, v, 1, 100000, &s.o.max_conns_ip);
        else if (!strcmp(a, "--rate"))
            ok = int_opt(a, v, 1, 1000000, &s.o.rate);
        else if (!strcmp(a, "--burst"))
            ok = int_opt(a, v, 1, 1000000, &s.o.burst);
        else if (!strcmp(a, "--token-rate"))
            ok = int_opt(a, v, 1, 1000000, &s.o.token_rate);
        else if (!strcmp(a, "--token-burst"))
            ok = int_opt(a, v, 1, 1000000, &s.o.token_burst);
        else if (!strcmp(a, "--timeout"))
            ok = int_opt(a, v, 1, 3600, &s.o.timeout_s);
        else if (!strcmp(a, "--sync")) {
            ok = !strcmp(v, "full") || !strcmp(v, "normal");
            s.o.sync_normal = !strcmp(v, "normal");
        } else if (!strcmp(a, "--max-games"))
            ok = int_opt(a, v, 1, 10000000, &s.o.max_games);
        else
            ok = false;
        if (!ok) {
            fprintf(stderr, "jumpstrike-server: unknown or incomplete option \"%s\"\n", a);
            usage(stderr);
            return 2;
        }
        i += takes;
    }
    if (!data) {
        fprintf(stderr, "jumpstrike-server: name the data folder: --data DIR\n");
        usage(stderr);
        return 2;
    }
    char *cert = NULL, *key = NULL;
    if (!cert_file != !key_file) {
        fprintf(stderr, "jumpstrike-server: --cert and --key go together\n");
        return 2;
    }
    if (cert_file) { /* read before anything starts; the key stays in this process's memory only */
        jsd_error err;
        size_t n;
        if (!(cert = jsd_read_file_max(cert_file, 1 << 20, &n, &err)) ||
            !(key = jsd_read_file_max(key_file, 1 << 20, &n, &err))) {
            fprintf(stderr, "jumpstrike-server: %s\n", err.msg);
            free(cert);
            return 1;
        }
    }
    if (s.o.timeout_s <= s.o.poll_max_s)
        s.o.timeout_s = s.o.poll_max_s + 5; /* a long-poll is not a slow client */
    char host[256];
    const char *colon = strrchr(listen, ':');
    int port;
    if (!colon || (size_t)(colon - listen) >= sizeof host || !int_opt("--listen", colon + 1, 0, 65535, &port)) {
        fprintf(stderr, "jumpstrike-server: --listen: expected HOST:PORT, got \"%s\"\n", listen);
        return 2;
    }
    snprintf(host, sizeof host, "%.*s", (int)(colon - listen), listen);
    if (host[0] == '[' && host[strlen(host) - 1] == ']') { /* [::1]:7600 */
        memmove(host, host + 1, strlen(host));
        host[strlen(host) - 1] = 0;
    }
    mkdir(data, 0700);
    char dir[PATH_MAX];
    if (scen)
        snprintf(dir, sizeof dir, "%s", scen);
    else
        default_scenarios(dir, sizeof dir);
    if (!realpath(dir, s.scenarios)) {
        fprintf(stderr, "jumpstrike-server: no scenarios folder at %s (--scenarios DIR)\n", dir);
        return 1;
    }
    /* the signals are taken by sigwait below, not by whichever thread they land on */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* the parent's death is a SIGTERM, taken by the sigwait below like any other; a parent gone
     * before the prctl (the server then belongs to init or a subreaper) stops it at once */
    if (exit_with_parent && (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)) {
        fprintf(stderr, "jumpstrike-server: the process that started it has ended\n");
        return 1;
    }
    struct rlimit nofile; /* a socket a connection: as many as the system lets this process have */
    if (!getrlimit(RLIMIT_NOFILE, &nofile) && nofile.rlim_cur < nofile.rlim_max) {
        nofile.rlim_cur = nofile.rlim_max;
        setrlimit(RLIMIT_NOFILE, &nofile);
    }
    char why[1024];
    if (!srv_init(&s, data, why, sizeof why)) {
        fprintf(stderr, "jumpstrike-server: %s\n", why);
        srv_free(&s);
        free(cert), free(key);
        return 1;
    }
    if (!ai_pool_start(&s)) {
        fprintf(stderr, "jumpstrike-server: cannot start the computer's workers\n");
        srv_free(&s);
        free(cert), free(key);
        return 1;
    }
    int bound = 0;
    http_server *h = http_start(&s, host, port, cert, key, &bound, why, sizeof why);
    if (!h) {
        fprintf(stderr, "jumpstrike-server: %s\n", why);
        ai_pool_stop(&s);
        srv_free(&s);
        free(cert), free(key);
        return 1;
    }
    printf("listening on %s%s%s:%d (%d games, data in %s)\n", strchr(host, ':') ? "[" : "", host,
           strchr(host, ':') ? "]" : "", bound, s.ngames, data);
    fflush(stdout);
    int sig = 0;
    sigwait(&set, &sig);
    fprintf(stderr, "jumpstrike-server: stopping (signal %d)\n", sig);
    /* within a moment, whatever is under way: long-polls (up to --poll-max) answer now, a
     * computer thinking gives up its move (thought again after a restart), then http_stop lets
     * the answers go out before it closes the connections */
    __atomic_store_n(&s.stopping, true, __ATOMIC_RELAXED);
    s.ai_cancel = 1;
    pthread_mutex_lock(&s.mu);
    for (int i = 0; i < s.ngames; i++) {
        pthread_mutex_lock(&s.games[i]->mu);
        pthread_cond_broadcast(&s.games[i]->changed);
        pthread_mutex_unlock(&s.games[i]->mu);
    }
    pthread_mutex_unlock(&s.mu);
    http_stop(h);
    ai_pool_stop(&s);
    srv_free(&s);
    free(cert);
    free(key);
    return 0;
}
