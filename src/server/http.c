/* http.c — libmicrohttpd in front of api.c. Limits: the body's size (413), connections in all
 * and per address (libmicrohttpd refuses the rest), requests a second per address and per token
 * (429, token buckets), an idle or slow connection closed after the timeout. Nothing here logs a token: a
 * request is logged (unless --quiet) by method, path and status only. */
#define _GNU_SOURCE
#include "http.h"
#include "api.h"
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

enum { BUCKETS = 4096 };

typedef struct bucket {
    uint8_t addr[16];
    double tokens, last;
    bool used;
} bucket;

enum { TIMES = 1 << 20 };

struct http_server {
    srv *s;
    struct MHD_Daemon *d;
    pthread_mutex_t mu;
    bucket buckets[BUCKETS];  /* per client address */
    bucket tbuckets[BUCKETS]; /* per token: many clients behind one proxy share an address */
    /* the time the server itself took for each answer (long-polls apart), the last TIMES of them:
     * printed when it stops, so a load test can tell the server's time from its own */
    float *ms;
    long nms;
    int busy; /* requests begun and not yet answered (atomic): a stop lets them finish first */
};

/* One request's upload, gathered across the handler's calls. */
typedef struct conn_ctx {
    char *body;
    size_t len;
    bool too_big, limited;
} conn_ctx;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Spend one request of key's bucket in table; false when it is empty. A key has two slots (two
 * halves of its hash): the one it holds, else a free or idle one (a newcomer's); only when both
 * are held by other keys does it share the first (stricter, never looser) — a fresh token landing
 * on a slot another token had emptied was refused (about 1 in 4096 with one slot). */
static bool spend(http_server *h, bucket *table, const uint8_t key[16], int rate, int burst)
{
    uint64_t x = 1469598103934665603ull;
    for (int i = 0; i < 16; i++)
        x = (x ^ key[i]) * 1099511628211ull;
    double t = now_s();
    pthread_mutex_lock(&h->mu);
    bucket *b = &table[x % BUCKETS], *alt = &table[(x >> 32) % BUCKETS];
    bool b_mine = b->used && !memcmp(b->addr, key, 16), alt_mine = alt->used && !memcmp(alt->addr, key, 16);
    if (alt_mine || (!b_mine && b->used && t - b->last <= 60 && (!alt->used || t - alt->last > 60)))
        b = alt;
    if (!b->used || memcmp(b->addr, key, 16)) {
        if (!b->used || t - b->last > 60) {
            memcpy(b->addr, key, 16);
            b->tokens = burst;
            b->used = true;
        }
    } else {
        b->tokens += (t - b->last) * rate;
        if (b->tokens > burst)
            b->tokens = burst;
    }
    b->last = t;
    bool ok = b->tokens >= 1;
    if (ok)
        b->tokens -= 1;
    pthread_mutex_unlock(&h->mu);
    return ok;
}

static bool rate_ok(http_server *h, const struct sockaddr *sa)
{
    uint8_t a[16] = {0};
    if (!sa)
        return true;
    if (sa->sa_family == AF_INET)
        memcpy(a, &((const struct sockaddr_in *)sa)->sin_addr, 4);
    else if (sa->sa_family == AF_INET6)
        memcpy(a, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
    return spend(h, h->buckets, a, h->s->o.rate, h->s->o.burst);
}

/* The same limit per token presented (its digest is the key; the token is kept nowhere). */
static bool token_rate_ok(http_server *h, const char *auth)
{
    if (!auth)
        return true;
    uint8_t d[TOKEN_HASH];
    token_hash(auth, strlen(auth), d);
    return spend(h, h->tbuckets, d, h->s->o.token_rate ? h->s->o.token_rate : h->s->o.rate,
                 h->s->o.token_burst ? h->s->o.token_burst : h->s->o.burst);
}

static enum MHD_Result answer(struct MHD_Connection *c, int status, char *body, const char *ctype)
{
    if (!body) {
        body = strdup("{\"type\":\"error\",\"version\":1,\"reason\":\"out of memory\",\"rule\":null}");
        status = 503;
    }
    size_t len = body ? strlen(body) : 0;
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", ctype);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    http_server *h = cls;
    conn_ctx *cx = *con_cls;
    if (!cx) { /* the request's headers: its rate is counted once */
        if (!(cx = calloc(1, sizeof *cx)))
            return MHD_NO;
        *con_cls = cx;
        __atomic_add_fetch(&h->busy, 1, __ATOMIC_RELAXED);
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        cx->limited = !rate_ok(h, ci ? ci->client_addr : NULL) ||
                      !token_rate_ok(h, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION));
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > (unsigned long long)h->s->o.max_body)
            cx->too_big = true;
        return MHD_YES;
    }
    if (*upload_size) {
        if (!cx->too_big && cx->len + *upload_size <= (size_t)h->s->o.max_body) {
            char *b = realloc(cx->body, cx->len + *upload_size + 1);
            if (!b)
                return MHD_NO;
            memcpy(b + cx->len, upload, *upload_size);
            cx->body = b;
            cx->len += *upload_size;
            b[cx->len] = 0;
        } else {
            cx->too_big = true; /* read on and dropped, so that the answer can be sent */
        }
        *upload_size = 0;
        return MHD_YES;
    }
    char *out = NULL;
    const char *ctype = "application/json";
    int status;
    if (cx->limited) {
        status = 429;
        out = api_error("too many requests from this address or token: wait a moment");
    } else if (cx->too_big) {
        status = 413;
        char why[128];
        snprintf(why, sizeof why, "body: larger than %d bytes", h->s->o.max_body);
        out = api_error(why);
    } else {
        api_req r = {
            .method = method,
            .path = url,
            .auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION),
            .since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since"),
            .seq = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "seq"),
            .etag = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "etag"),
            .wait = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "wait"),
            .body = cx->body,
            .len = cx->len,
        };
        double t0 = now_s();
        status = api_handle(h->s, &r, &out, &ctype);
        if (h->ms && !(r.wait && r.etag)) {
            pthread_mutex_lock(&h->mu);
            h->ms[h->nms++ % TIMES] = (float)((now_s() - t0) * 1000);
            pthread_mutex_unlock(&h->mu);
        }
    }
    if (!h->s->o.quiet)
        fprintf(stderr, "%s %.80s %d\n", method, url, status);
    return answer(c, status, out, ctype);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)c, (void)toe;
    http_server *h = cls;
    conn_ctx *cx = *con_cls;
    if (cx) {
        __atomic_sub_fetch(&h->busy, 1, __ATOMIC_RELAXED);
        free(cx->body);
        free(cx);
    }
    *con_cls = NULL;
}

http_server *http_start(srv *s, const char *host, int port, const char *cert, const char *key, int *bound,
                        char *why, size_t cap)
{
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    struct sockaddr *sa;
    /* poll(), not select(): a connection's socket may be past FD_SETSIZE (1024) */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ERROR_LOG;
    memset(&a4, 0, sizeof a4);
    memset(&a6, 0, sizeof a6);
    if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
        a4.sin_family = AF_INET;
        a4.sin_port = htons((uint16_t)port);
        sa = (struct sockaddr *)&a4;
    } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
        a6.sin6_family = AF_INET6;
        a6.sin6_port = htons((uint16_t)port);
        sa = (struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(why, cap, "--listen: \"%s\" is not an IPv4 or IPv6 address", host);
        return NULL;
    }
    http_server *h = calloc(1, sizeof *h);
    if (!h)
        return snprintf(why, cap, "out of memory"), NULL;
    h->s = s;
    h->ms = malloc(TIMES * sizeof *h->ms);
    pthread_mutex_init(&h->mu, NULL);
    if (cert && key)
        flags |= MHD_USE_TLS;
    /* the TLS options last, so that without them the list simply ends there */
    h->d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, handler, h, MHD_OPTION_SOCK_ADDR, sa,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)s->o.max_conns,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)s->o.max_conns_ip,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)s->o.timeout_s,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)64 * 1024,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, h,
                            cert && key ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, cert,
                            MHD_OPTION_HTTPS_MEM_KEY, key, MHD_OPTION_END);
    if (!h->d) {
        snprintf(why, cap, "cannot listen on %s:%d (in use, not an address of this machine%s?)", host, port,
                 cert ? ", or a certificate and key libmicrohttpd would not take" : "");
        pthread_mutex_destroy(&h->mu);
        free(h->ms);
        free(h);
        return NULL;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    *bound = di ? di->port : port;
    return h;
}

static int cmp_f(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

void http_stop(http_server *h)
{
    if (!h)
        return;
    /* the long-polls were woken (srv.stopping): let them and any request under way send their
     * answers, a second at most, before the daemon closes every connection unanswered */
    for (int i = 0; i < 100 && __atomic_load_n(&h->busy, __ATOMIC_RELAXED) > 0; i++)
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    MHD_stop_daemon(h->d);
    long n = h->nms < TIMES ? h->nms : TIMES;
    if (h->ms && n) {
        qsort(h->ms, (size_t)n, sizeof *h->ms, cmp_f);
        fprintf(stderr, "jumpstrike-server: %ld answers (long-polls apart), the server's own time: p50 %.2f ms, "
                        "p99 %.2f ms, max %.2f ms\n",
                h->nms, h->ms[n / 2], h->ms[(long)(n * 0.99)], h->ms[n - 1]);
    }
    pthread_mutex_destroy(&h->mu);
    free(h->ms);
    free(h);
}
