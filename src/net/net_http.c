/* net_http.c — see net_http.h. One curl handle per client: its connection is kept alive
 * between calls.
 *
 * libcurl is opened with dlopen on the first client, not linked: it brings two dozen libraries
 * (GnuTLS, OpenSSL, Kerberos, LDAP, ...) whose loading and relocation cost the game some 7-13 ms
 * of CPU before main on every start, for a title screen that never goes online (issue 28). */
#include "net_http.h"
#ifdef JS_HAVE_CURL
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The libcurl calls used here, looked up once. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} cu;
static bool cu_ok;
static char cu_why[300];

static void *sym(void *lib, const char *name, bool *ok)
{
    void *f = dlsym(lib, name);
    if (!f && *ok) {
        snprintf(cu_why, sizeof cu_why, "libcurl has no %s", name);
        *ok = false;
    }
    return f;
}

static void cu_load(void)
{
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        lib = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(cu_why, sizeof cu_why, "%s", e ? e : "libcurl.so.4 not found");
        return;
    }
    bool ok = true;
    /* POSIX lets a data pointer from dlsym stand for a function pointer */
    *(void **)&cu.global_init = sym(lib, "curl_global_init", &ok);
    *(void **)&cu.easy_init = sym(lib, "curl_easy_init", &ok);
    *(void **)&cu.easy_cleanup = sym(lib, "curl_easy_cleanup", &ok);
    *(void **)&cu.easy_reset = sym(lib, "curl_easy_reset", &ok);
    *(void **)&cu.easy_setopt = sym(lib, "curl_easy_setopt", &ok);
    *(void **)&cu.easy_perform = sym(lib, "curl_easy_perform", &ok);
    *(void **)&cu.easy_getinfo = sym(lib, "curl_easy_getinfo", &ok);
    *(void **)&cu.easy_strerror = sym(lib, "curl_easy_strerror", &ok);
    *(void **)&cu.slist_append = sym(lib, "curl_slist_append", &ok);
    *(void **)&cu.slist_free_all = sym(lib, "curl_slist_free_all", &ok);
    if (ok)
        ok = cu.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    cu_ok = ok;
}

static pthread_once_t cu_once = PTHREAD_ONCE_INIT;

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
    pthread_once(&cu_once, cu_load);
    if (!cu_ok) {
        fprintf(stderr, "online play needs libcurl (libcurl.so.4): %s\n", cu_why);
        return NULL;
    }
    net_http *h = calloc(1, sizeof *h);
    if (!h || !(h->c = cu.easy_init())) {
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
    cu.easy_cleanup(h->c);
    free(h);
}

bool net_http_call(net_http *h, const char *method, const char *path, const char *token, const char *body,
                   double timeout_s, long *status, char **out, char *why, size_t cap)
{
    char url[1024], auth[256];
    snprintf(url, sizeof url, "%s%s", h->base, path);
    struct curl_slist *hd = cu.slist_append(NULL, "Content-Type: application/json");
    if (token) {
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        hd = cu.slist_append(hd, auth);
    }
    buf b = {0};
    CURL *c = h->c;
    cu.easy_reset(c);
    cu.easy_setopt(c, CURLOPT_URL, url);
    cu.easy_setopt(c, CURLOPT_HTTPHEADER, hd);
    cu.easy_setopt(c, CURLOPT_WRITEFUNCTION, gather);
    cu.easy_setopt(c, CURLOPT_WRITEDATA, &b);
    cu.easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(timeout_s * 1000));
    cu.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    cu.easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, 5000L); /* an address that never answers: say so soon */
    if (h->abort_flag) {
        cu.easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        cu.easy_setopt(c, CURLOPT_XFERINFOFUNCTION, progress);
        cu.easy_setopt(c, CURLOPT_XFERINFODATA, (void *)h->abort_flag);
    }
    if (!strcmp(method, "POST")) {
        cu.easy_setopt(c, CURLOPT_POST, 1L);
        cu.easy_setopt(c, CURLOPT_POSTFIELDS, body ? body : "");
    } else if (strcmp(method, "GET")) {
        cu.easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    }
    CURLcode rc = cu.easy_perform(c);
    cu.slist_free_all(hd);
    if (rc != CURLE_OK) {
        snprintf(why, cap, "%s %s: %s", method, url, b.too_big ? "the answer is too large" : cu.easy_strerror(rc));
        free(b.p);
        return false;
    }
    cu.easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
    *out = b.p ? b.p : calloc(1, 1);
    return *out != NULL;
}
#endif
