/* cmd_online_arena.c — `online-arena`: a load test of jumpstrike-server. N games of a shipped
 * scenario, K at a time, each side a client of its own (a thread, its own connection) playing an
 * arena player through the API; then request latency (p50, p99, max; long-polls apart, as they
 * wait on purpose), submit latency, commands a second, errors, and every finished game's record
 * replayed locally to the server's hashes. --server-pid adds the server's peak RSS. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "online.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: jumpstrike-sim online-arena --server URL SCENARIO --a PLAYER --b PLAYER [--games N]\n"
               "         [--concurrency K] [--seed S] [--think-ms MS] [--json] [--server-pid PID] [--timeout S]\n"
               "A load test of jumpstrike-server (docs/server.md): N games (default 10) of a shipped scenario\n"
               "(its name, e.g. duel), K (default 4) at a time, each side a client of its own; reports request\n"
               "and submit latency p50/p99/max (long-polls apart), commands a second, errors, and replays\n"
               "every finished game's record locally to the server's hashes. --timeout: seconds a game may\n"
               "take (default 600); --think-ms: each side pauses so long before each command (default 0: as\n"
               "fast as it can, which measures throughput rather than a crowd of players). --seed S: game i\n"
               "gets the dice S+i (the server must run with --allow-seeds); without it the server draws them.\n");
}

#ifndef JS_HAVE_CURL
int cli_online_arena(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "jumpstrike-sim online-arena: this build has no libcurl\n");
    return 1;
}
#else
#include "net_api.h"
#include "net_client.h"
#include <cjson/cJSON.h>
#include <pthread.h>
#include <unistd.h>

typedef struct arena {
    const char *url, *scenario, *player[2];
    long games, seed, timeout, think_ms;
    bool seeded;              /* --seed given: each game's dice chosen (the server needs --allow-seeds) */
    char dir[64];
    pthread_mutex_t mu;
    long next, finished, verified, failed;
    online_stats all;         /* merged */
} arena;

typedef struct side_job {
    arena *a;
    online_session s;
    const char *record;
    int side, rc;
} side_job;

static void *side_thread(void *arg)
{
    side_job *j = arg;
    j->rc = online_side(&j->s, j->a->player[j->side], 100000, (double)j->a->timeout,
                        j->record);
    return NULL;
}

static void merge(online_stats *to, const online_stats *from)
{
    for (long i = 0; i < from->n; i++) {
        if (to->n == to->cap) {
            to->cap = to->cap ? to->cap * 2 : 4096;
            to->ms = realloc(to->ms, (size_t)to->cap * sizeof *to->ms);
        }
        if (to->ms)
            to->ms[to->n++] = from->ms[i];
    }
    for (long i = 0; i < from->nsub; i++) {
        if (to->nsub == to->capsub) {
            to->capsub = to->capsub ? to->capsub * 2 : 4096;
            to->submit_ms = realloc(to->submit_ms, (size_t)to->capsub * sizeof *to->submit_ms);
        }
        if (to->submit_ms)
            to->submit_ms[to->nsub++] = from->submit_ms[i];
    }
    to->errors += from->errors, to->cmds += from->cmds, to->refused += from->refused;
}

/* The record replayed here: every hash the server stored is reached. */
static bool verify(const char *path, char *why, size_t cap)
{
    jsd_error err;
    jsd_record *r = jsd_record_load(path, &err);
    js_game *g = r ? jsd_record_start(r, path, &err) : NULL;
    if (!g) {
        snprintf(why, cap, "%s", err.msg);
        jsd_record_free(r);
        return false;
    }
    bool ok = true;
    char reason[JS_REASON_LEN];
    for (int i = 0; i < r->ncmds && ok; i++) {
        js_status st = js_submit(g, &r->cmds[i], reason, sizeof reason);
        if ((st != JS_OK && st != JS_ERR_LIMIT) || (r->hashes && r->hashes[i] != js_game_hash(g)))
            ok = false, snprintf(why, cap, "%s: command %d does not replay to the server's hash", path, i);
    }
    js_game_destroy(g);
    jsd_record_free(r);
    return ok;
}

/* A create's or a join's answer: the game and the seat's token (and the invite). */
static bool seat(online_session *c, const char *method, const char *path, const char *body, long want, char game[32],
                 char token[80], char *invite, size_t icap)
{
    cJSON *r = c->h ? online_call(c, method, path, body, want, NULL, 30, false) : NULL;
    char *text = r ? cJSON_PrintUnformatted(r) : NULL;
    int side;
    bool ok = text && net_seat_read(text, game, 32, &side, token, 80, invite, icap);
    free(text);
    cJSON_Delete(r);
    return ok;
}

static void one_game(arena *a, long i)
{
    online_stats st = {0};
    online_session c = {.h = net_http_new(a->url), .stats = &st, .quiet = true};
    char body[256], seed[48] = "", path[128], inv[160], game[32], tok[2][80], bad[300], sv[8];
    if (a->seeded) /* a server with --allow-seeds: the same games again */
        snprintf(seed, sizeof seed, "\"seed\":\"%ld\",", a->seed + i);
    snprintf(body, sizeof body, "{\"scenario\":\"%s\",%s\"sides\":{\"A\":\"human\",\"B\":\"human\"}}", a->scenario,
             seed);
    /* side A's seat from the create, side B's from the invite's one-time code, like two players */
    bool ok = seat(&c, "POST", "/v1/games", body, 201, game, tok[0], inv, sizeof inv) &&
              net_invite_parse(inv, game, sizeof game, tok[1], sizeof tok[1], sv, sizeof sv, bad, sizeof bad);
    char *jb = ok ? net_join_body(tok[1], NULL) : NULL;
    snprintf(path, sizeof path, "/v1/games/%s/join", game);
    ok = jb && seat(&c, "POST", path, jb, 200, game, tok[1], NULL, 0);
    free(jb);
    char record[128];
    snprintf(record, sizeof record, "%s/%ld.jsonl", a->dir, i);
    side_job j[2];
    online_stats ss[2] = {{0}, {0}};
    pthread_t th[2];
    int started = 0;
    for (int k = 0; k < 2 && ok; k++) {
        memset(&j[k], 0, sizeof j[k]);
        j[k].a = a;
        j[k].side = k;
        j[k].record = k == 0 ? record : NULL;
        j[k].s = (online_session){.h = net_http_new(a->url), .stats = &ss[k], .quiet = true,
                                  .think_ms = (int)a->think_ms, .resign_on_failure = true};
        snprintf(j[k].s.game, sizeof j[k].s.game, "%s", game);
        snprintf(j[k].s.token, sizeof j[k].s.token, "%s", tok[k]);
        if (!j[k].s.h || pthread_create(&th[k], NULL, side_thread, &j[k])) {
            net_http_free(j[k].s.h);
            ok = false;
        } else {
            started++;
        }
    }
    for (int k = 0; k < started; k++) {
        pthread_join(th[k], NULL);
        ok = ok && j[k].rc == 0;
        net_http_free(j[k].s.h);
    }
    char why[1024] = "";
    bool verified = ok && verify(record, why, sizeof why);
    if (ok && !verified)
        fprintf(stderr, "jumpstrike-sim online-arena: game %ld: %s\n", i, why);
    unlink(record);
    net_http_free(c.h);
    pthread_mutex_lock(&a->mu);
    merge(&a->all, &st);
    merge(&a->all, &ss[0]);
    merge(&a->all, &ss[1]);
    a->finished += ok;
    a->verified += verified;
    a->failed += !ok || !verified;
    pthread_mutex_unlock(&a->mu);
    online_stats_free(&st), online_stats_free(&ss[0]), online_stats_free(&ss[1]);
}

static void *runner(void *arg)
{
    arena *a = arg;
    for (;;) {
        pthread_mutex_lock(&a->mu);
        long i = a->next < a->games ? a->next++ : -1;
        pthread_mutex_unlock(&a->mu);
        if (i < 0)
            return NULL;
        one_game(a, i);
    }
}

static int cmp_d(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static double pct(const double *v, long n, double p)
{
    if (!n)
        return 0;
    long i = (long)ceil(p * (double)n) - 1;
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

static long peak_rss_of(long pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6))
            kb = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    return kb;
}

int cli_online_arena(int argc, char **argv)
{
    static arena a;
    a = (arena){.games = 10, .seed = 1, .timeout = 600};
    long k = 4, pid = 0;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(o, "--json")) {
            json = true;
            continue;
        } else if (o[0] != '-' && !a.scenario) {
            a.scenario = o;
            continue;
        } else if (!v) {
            ok = false;
        } else if (!strcmp(o, "--server"))
            a.url = v;
        else if (!strcmp(o, "--a"))
            a.player[0] = v;
        else if (!strcmp(o, "--b"))
            a.player[1] = v;
        else if (!strcmp(o, "--games"))
            ok = cli_parse_int(v, 1, 1000000, &a.games);
        else if (!strcmp(o, "--concurrency"))
            ok = cli_parse_int(v, 1, 2000, &k);
        else if (!strcmp(o, "--seed"))
            ok = a.seeded = cli_parse_int(v, 0, 1000000000, &a.seed);
        else if (!strcmp(o, "--server-pid"))
            ok = cli_parse_int(v, 1, 1 << 30, &pid);
        else if (!strcmp(o, "--think-ms"))
            ok = cli_parse_int(v, 0, 60000, &a.think_ms);
        else if (!strcmp(o, "--timeout"))
            ok = cli_parse_int(v, 1, 86400, &a.timeout);
        else
            ok = false;
        if (!ok) {
            fprintf(stderr, "jumpstrike-sim online-arena: unknown, incomplete or out-of-range option \"%s\"\n", o);
            usage(stderr);
            return 1;
        }
        i++;
    }
    if (!a.url || !a.scenario || !a.player[0] || !a.player[1] || !online_player_ok(a.player[0]) ||
        !online_player_ok(a.player[1])) {
        fprintf(stderr, "jumpstrike-sim online-arena: give --server, a scenario's name, --a and --b (arena "
                        "--help lists the players)\n");
        usage(stderr);
        return 1;
    }
    snprintf(a.dir, sizeof a.dir, "/tmp/js-online-arena-XXXXXX");
    if (!mkdtemp(a.dir)) {
        perror("jumpstrike-sim online-arena: a scratch folder");
        return 1;
    }
    pthread_mutex_init(&a.mu, NULL);
    if (k > a.games)
        k = a.games;
    pthread_t *th = calloc((size_t)k, sizeof *th);
    double t0 = cli_now_us();
    long started = 0;
    for (; th && started < k; started++)
        if (pthread_create(&th[started], NULL, runner, &a))
            break;
    for (long i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    double wall = (cli_now_us() - t0) / 1e6;
    free(th);
    rmdir(a.dir);
    qsort(a.all.ms, (size_t)a.all.n, sizeof *a.all.ms, cmp_d);
    qsort(a.all.submit_ms, (size_t)a.all.nsub, sizeof *a.all.submit_ms, cmp_d);
    const double *m = a.all.ms, *sm = a.all.submit_ms;
    long n = a.all.n, ns = a.all.nsub, rss = pid ? peak_rss_of(pid) : -1;
    if (json)
        printf("{\"games\":%ld,\"concurrency\":%ld,\"finished\":%ld,\"verified\":%ld,\"failed\":%ld,\"errors\":%ld,"
               "\"think_ms\":%ld,\"refused\":%ld,\"commands\":%ld,\"wall_s\":%.2f,\"commands_per_s\":%.1f,\"requests\":%ld,"
               "\"request_ms\":{\"p50\":%.2f,\"p99\":%.2f,\"max\":%.2f},\"submit_ms\":{\"p50\":%.2f,\"p99\":%.2f,"
               "\"max\":%.2f},\"server_peak_rss_kb\":%ld}\n",
               a.games, k, a.finished, a.verified, a.failed, a.all.errors, a.think_ms, a.all.refused, a.all.cmds, wall,
               a.all.cmds / (wall > 0 ? wall : 1), n, pct(m, n, .5), pct(m, n, .99), pct(m, n, 1), pct(sm, ns, .5),
               pct(sm, ns, .99), pct(sm, ns, 1), rss);
    else
        printf("%ld games of %s, %ld at a time: %ld finished, %ld records verified, %ld failed, %ld errors\n"
               "%ld commands in %.1f s: %.1f a second (%ld refused)\n"
               "requests (long-polls apart): %ld, p50 %.2f ms, p99 %.2f ms, max %.2f ms\n"
               "submits: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
               a.games, a.scenario, k, a.finished, a.verified, a.failed, a.all.errors, a.all.cmds, wall,
               a.all.cmds / (wall > 0 ? wall : 1), a.all.refused, n, pct(m, n, .5), pct(m, n, .99), pct(m, n, 1),
               pct(sm, ns, .5), pct(sm, ns, .99), pct(sm, ns, 1));
    if (!json && rss >= 0)
        printf("server peak RSS: %ld kB\n", rss);
    online_stats_free(&a.all);
    return a.failed || a.all.errors ? 1 : 0;
}
#endif
