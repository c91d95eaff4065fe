/* net_client.c — see net_client.h. Each lane: a pthread, a FIFO of requests guarded by the
 * client's mutex, a condition variable to wake it. Answers go to one FIFO the UI drains. */
#define _POSIX_C_SOURCE 200809L
#include "net_client.h"
#include "net_http.h"
#include "jsd_wire.h"
#include <cjson/cJSON.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct req {
    struct req *next;
    int tag;
    char method[8];
    char *path, *token, *body;
    double timeout;
    bool keep_trying;
} req;

typedef struct rep {
    struct rep *next;
    net_reply r;
} rep;

typedef struct lane {
    struct net_client *c;
    pthread_t th;
    bool started;
    net_http *h;
    req *head, *tail;
    int pending;
    double retry_at;          /* monotonic seconds of the next try, 0: not waiting */
    char retry_why[400]; /* as net_result.why */
} lane;

struct net_client {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    volatile int stop;
    char base[512];
    lane lanes[NET_LANES];
    rep *rhead, *rtail;
    void (*notify)(void *);
    void *notify_arg;
};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void req_free(req *q)
{
    if (!q)
        return;
    free(q->path);
    free(q->token);
    free(q->body);
    free(q);
}

static void deliver(net_client *c, const net_reply *r)
{
    rep *p = calloc(1, sizeof *p);
    if (!p) {
        free(r->body);
        return;
    }
    p->r = *r;
    if (c->rtail)
        c->rtail->next = p;
    else
        c->rhead = p;
    c->rtail = p;
}

/* Wait until t (monotonic seconds) or the client stops; with the mutex held. */
static void sleep_until(net_client *c, double t)
{
    while (!c->stop && now_s() < t) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        double d = t - now_s();
        if (d > 0.5)
            d = 0.5;
        long ns = ts.tv_nsec + (long)(d * 1e9);
        ts.tv_sec += ns / 1000000000L;
        ts.tv_nsec = ns % 1000000000L;
        pthread_cond_timedwait(&c->cv, &c->mu, &ts);
    }
}

static void *lane_main(void *arg)
{
    lane *l = arg;
    net_client *c = l->c;
    pthread_mutex_lock(&c->mu);
    while (!c->stop) {
        if (!l->head) {
            pthread_cond_wait(&c->cv, &c->mu);
            continue;
        }
        req *q = l->head;
        pthread_mutex_unlock(&c->mu);
        net_reply r = {.tag = q->tag};
        double backoff = 1;
        for (;;) {
            r.status = 0;
            r.why[0] = 0;
            bool got = net_http_call(l->h, q->method, q->path, q->token, q->body, q->timeout, &r.status, &r.body,
                                     r.why, sizeof r.why);
            bool again = q->keep_trying && !c->stop && (!got || r.status == 429 || r.status >= 500);
            if (!got)
                r.status = 0, r.body = NULL;
            if (!again)
                break;
            pthread_mutex_lock(&c->mu);
            snprintf(l->retry_why, sizeof l->retry_why, "%s",
                     got ? (r.status == 429 ? "the server is busy" : "the server could not store it") : r.why);
            free(r.body);
            r.body = NULL;
            l->retry_at = now_s() + backoff;
            sleep_until(c, l->retry_at);
            l->retry_at = 0;
            pthread_mutex_unlock(&c->mu);
            backoff = backoff * 2 > 60 ? 60 : backoff * 2;
        }
        pthread_mutex_lock(&c->mu);
        l->head = q->next;
        if (!l->head)
            l->tail = NULL;
        l->pending--;
        req_free(q);
        if (c->stop)
            free(r.body);
        else
            deliver(c, &r);
        if (c->notify && !c->stop)
            c->notify(c->notify_arg);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

net_client *net_client_new(const char *base_url)
{
    net_client *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    const char *b = base_url ? base_url : "";
    while (isspace((unsigned char)*b))
        b++;
    snprintf(c->base, sizeof c->base, "%s%s", strstr(b, "://") ? "" : "http://", b);
    size_t n = strlen(c->base);
    while (n && (isspace((unsigned char)c->base[n - 1]) || c->base[n - 1] == '/'))
        c->base[--n] = 0;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    for (int i = 0; i < NET_LANES; i++) {
        lane *l = &c->lanes[i];
        l->c = c;
        if (!(l->h = net_http_new(c->base))) {
            net_client_free(c);
            return NULL;
        }
        net_http_abort_on(l->h, &c->stop);
        if (pthread_create(&l->th, NULL, lane_main, l)) {
            net_client_free(c);
            return NULL;
        }
        l->started = true;
    }
    return c;
}

void net_client_free(net_client *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->mu);
    c->stop = 1;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    for (int i = 0; i < NET_LANES; i++) {
        lane *l = &c->lanes[i];
        if (l->started)
            pthread_join(l->th, NULL);
        net_http_free(l->h);
        while (l->head) {
            req *q = l->head;
            l->head = q->next;
            req_free(q);
        }
    }
    while (c->rhead) {
        rep *p = c->rhead;
        c->rhead = p->next;
        free(p->r.body);
        free(p);
    }
    pthread_cond_destroy(&c->cv);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

const char *net_client_base(const net_client *c) { return c->base; }

static char *dup_or_null(const char *s, bool *bad)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        *bad = true;
    return d;
}

bool net_client_send(net_client *c, int lane_i, int tag, const char *method, const char *path, const char *token,
                     const char *body, double timeout_s, bool keep_trying)
{
    if (lane_i < 0 || lane_i >= NET_LANES)
        return false;
    req *q = calloc(1, sizeof *q);
    if (!q)
        return false;
    bool bad = false;
    q->tag = tag;
    snprintf(q->method, sizeof q->method, "%s", method);
    q->path = dup_or_null(path, &bad);
    q->token = dup_or_null(token, &bad);
    q->body = dup_or_null(body, &bad);
    q->timeout = timeout_s;
    q->keep_trying = keep_trying;
    if (bad || !q->path) {
        req_free(q);
        return false;
    }
    lane *l = &c->lanes[lane_i];
    pthread_mutex_lock(&c->mu);
    if (l->tail)
        l->tail->next = q;
    else
        l->head = q;
    l->tail = q;
    l->pending++;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    return true;
}

void net_client_on_reply(net_client *c, void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&c->mu);
    c->notify = fn;
    c->notify_arg = arg;
    pthread_mutex_unlock(&c->mu);
}

bool net_client_poll(net_client *c, net_reply *out)
{
    pthread_mutex_lock(&c->mu);
    rep *p = c->rhead;
    if (p) {
        c->rhead = p->next;
        if (!c->rhead)
            c->rtail = NULL;
    }
    pthread_mutex_unlock(&c->mu);
    if (!p)
        return false;
    *out = p->r;
    free(p);
    return true;
}

void net_reply_free(net_reply *r)
{
    free(r->body);
    r->body = NULL;
}

int net_client_pending(net_client *c, int lane_i)
{
    pthread_mutex_lock(&c->mu);
    int n = lane_i >= 0 && lane_i < NET_LANES ? c->lanes[lane_i].pending : 0;
    pthread_mutex_unlock(&c->mu);
    return n;
}

bool net_client_retrying(net_client *c, double *next_in_s, char *why, size_t cap)
{
    bool on = false;
    pthread_mutex_lock(&c->mu);
    for (int i = 0; i < NET_LANES && !on; i++) {
        lane *l = &c->lanes[i];
        if (l->retry_at > 0) {
            on = true;
            double d = l->retry_at - now_s();
            if (next_in_s)
                *next_in_s = d > 0 ? d : 0;
            if (why)
                snprintf(why, cap, "%s", l->retry_why);
        }
    }
    pthread_mutex_unlock(&c->mu);
    return on;
}

bool net_version_ok(const char *body, char *why, size_t cap)
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, "version");
    bool ok = cJSON_IsNumber(v) && v->valueint == NET_PROTOCOL;
    if (!cJSON_IsNumber(v))
        snprintf(why, cap, "this address does not answer as a Jumpstrike server (no protocol version in its answer)");
    else if (!ok)
        snprintf(why, cap, "the server speaks protocol version %d; this game speaks version %d. Use a server of "
                           "version %d, or a game of the server's version.",
                 v->valueint, NET_PROTOCOL, NET_PROTOCOL);
    cJSON_Delete(j);
    return ok;
}

void net_reason(const net_reply *r, char *out, size_t cap)
{
    if (!r->status) {
        snprintf(out, cap, "the server could not be reached (%s)", r->why);
        return;
    }
    cJSON *j = r->body ? cJSON_Parse(r->body) : NULL;
    const cJSON *why = cJSON_GetObjectItemCaseSensitive(j, "reason");
    if (cJSON_IsString(why))
        snprintf(out, cap, "%s", why->valuestring);
    else if (!j)
        snprintf(out, cap, "the server's answer (HTTP %ld) is not JSON: this may not be a Jumpstrike server",
                 r->status);
    else
        snprintf(out, cap, "the server answered HTTP %ld", r->status);
    cJSON_Delete(j);
}

static bool all_hex(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isxdigit((unsigned char)s[i]))
            return false;
    return n > 0;
}

bool net_invite_parse(const char *invite, char *game, size_t gcap, char *code, size_t ccap, char *server,
                      size_t scap, char *why, size_t wcap)
{
    char buf[700];
    while (isspace((unsigned char)*invite))
        invite++;
    snprintf(buf, sizeof buf, "%s", invite);
    size_t n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1]))
        buf[--n] = 0;
    server[0] = 0;
    char *at = strchr(buf, '@');
    if (at) {
        *at = 0;
        snprintf(server, scap, "%s", at + 1);
    }
    if (!strncmp(buf, "js1:", 4)) { /* it carried the other side's key, which its creator held too */
        snprintf(why, wcap, "this is an old invite code (js1:), which servers no longer take: ask the other "
                            "player to create the game again and send the new code (js2:...)");
        return false;
    }
    char *g = strncmp(buf, "js2:", 4) ? NULL : buf + 4, *c = g ? strchr(g, ':') : NULL;
    if (!g || !c) {
        snprintf(why, wcap, "this is not an invite code: one looks like js2:4c3be325ee2b91db:2950...@server");
        return false;
    }
    *c++ = 0;
    if (!all_hex(g, strlen(g)) || strlen(g) >= gcap || !all_hex(c, strlen(c)) || strlen(c) >= ccap) {
        snprintf(why, wcap, "the invite code is damaged (its game and code must be hexadecimal digits): "
                            "copy it again whole");
        return false;
    }
    snprintf(game, gcap, "%s", g);
    snprintf(code, ccap, "%s", c);
    return true;
}

bool net_hello_read(const char *body, jsd_wire_msg *m, char *why, size_t cap)
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    bool json = j != NULL;
    cJSON_Delete(j);
    jsd_error err;
    if (!json) {
        snprintf(why, cap, "the server's answer is not JSON: this may not be a Jumpstrike server");
        return false;
    }
    if (!jsd_wire_read(body, strlen(body), NULL, "the server's hello", m, &err)) {
        snprintf(why, cap, "%s", err.msg);
        return false;
    }
    if (m->type != JSD_WIRE_HELLO) {
        snprintf(why, cap, "the server sent a \"%s\" message for a hello", jsd_wire_type_name(m->type));
        jsd_wire_msg_free(m);
        return false;
    }
    return true;
}

bool net_view_read(const char *body, const js_scenario *scn, char *etag, size_t ecap, bool *over, int *commands,
                   jsd_wire_msg *m, char *why, size_t cap)
{
    cJSON *a = body ? cJSON_Parse(body) : NULL;
    const cJSON *et = cJSON_GetObjectItemCaseSensitive(a, "etag"), *upd = cJSON_GetObjectItemCaseSensitive(a, "update"),
                *ov = cJSON_GetObjectItemCaseSensitive(a, "over");
    char *ut = cJSON_IsObject(upd) ? cJSON_PrintUnformatted(upd) : NULL;
    jsd_error err;
    bool ok = false;
    if (!cJSON_IsString(et) || !ut)
        snprintf(why, cap, "the server's view has no %s", ut ? "etag" : "update");
    else if (!jsd_wire_read(ut, strlen(ut), scn, "the server", m, &err))
        snprintf(why, cap, "%s", err.msg);
    else if (m->type != JSD_WIRE_UPDATE) {
        snprintf(why, cap, "the server sent a \"%s\" message for a view", jsd_wire_type_name(m->type));
        jsd_wire_msg_free(m);
    } else {
        snprintf(etag, ecap, "%s", et->valuestring);
        *over = cJSON_IsTrue(ov);
        const cJSON *nc = cJSON_GetObjectItemCaseSensitive(a, "commands");
        *commands = cJSON_IsNumber(nc) && nc->valuedouble >= 0 && nc->valuedouble < 1e9 ? nc->valueint : -1;
        ok = true;
    }
    free(ut);
    cJSON_Delete(a);
    return ok;
}
