/* net_http.c — see net_http.h. One curl handle per client: its connection is kept alive
 * between calls. */
#include "net_http.h"
#ifdef JS_HAVE_CURL
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct net_http {
    CURL *c;
    char base[512];
    const volatile int *abort_flag;
};

typedef struct buf {
    char *p;
    size_t n;
    bool too_big;
} buf;

static size_t gather(char *data, size_t size, size_t nmemb, void *arg)
{
    buf *b = arg;
    size_t k = size * nmemb;
    if (b->n + k > 64u * 1024 * 1024) { /* more than any answer of the server */
        b->too_big = true;
        return 0;
    }
    char *p = realloc(b->p, b->n + k + 1);
    if (!p)
        return 0;
    memcpy(p + b->n, data, k);
    b->p = p;
    b->n += k;
    p[b->n] = 0;
    return k;
}

net_http *net_http_new(const char *base_url)
{
    static bool init;
    if (!init) {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        init = true;
    }
    net_http *h = calloc(1, sizeof *h);
    if (!h || !(h->c = curl_easy_init())) {
        free(h);
        return NULL;
    }
    snprintf(h->base, sizeof h->base, "%s", base_url);
    size_t n = strlen(h->base);
    if (n && h->base[n - 1] == '/')
        h->base[n - 1] = 0;
    return h;
}

void net_http_abort_on(net_http *h, const volatile int *flag) { h->abort_flag = flag; }

static int progress(void *arg, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
    (void)dt, (void)dn, (void)ut, (void)un;
    const volatile int *flag = arg;
    return flag && *flag;
}

void net_http_free(net_http *h)
{
    if (!h)
        return;
    curl_easy_cleanup(h->c);
    free(h);
}

bool net_http_call(net_http *h, const char *method, const char *path, const char *token, const char *body,
                   double timeout_s, long *status, char **out, char *why, size_t cap)
{
    char url[1024], auth[256];
    snprintf(url, sizeof url, "%s%s", h->base, path);
    struct curl_slist *hd = curl_slist_append(NULL, "Content-Type: application/json");
    if (token) {
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        hd = curl_slist_append(hd, auth);
    }
    buf b = {0};
    CURL *c = h->c;
    curl_easy_reset(c);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, hd);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, gather);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(timeout_s * 1000));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, 5000L); /* an address that never answers: say so soon */
    if (h->abort_flag) {
        curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, progress);
        curl_easy_setopt(c, CURLOPT_XFERINFODATA, (void *)h->abort_flag);
    }
    if (!strcmp(method, "POST")) {
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body ? body : "");
    } else if (strcmp(method, "GET")) {
        curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    }
    CURLcode rc = curl_easy_perform(c);
    curl_slist_free_all(hd);
    if (rc != CURLE_OK) {
        snprintf(why, cap, "%s %s: %s", method, url, b.too_big ? "the answer is too large" : curl_easy_strerror(rc));
        free(b.p);
        return false;
    }
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
    *out = b.p ? b.p : calloc(1, 1);
    return *out != NULL;
}
#endif
