/* net_http.h — the little HTTP spoken to jumpstrike-server (libcurl): one call, one JSON answer. The
 * game calls it on a worker thread (net_client.h); jumpstrike-sim's `online` calls it directly. */
#ifndef JS_NET_HTTP_H
#define JS_NET_HTTP_H
#include <stdbool.h>
#include <stddef.h>

typedef struct net_http net_http;
net_http *net_http_new(const char *base_url); /* "http://127.0.0.1:7600"; NULL: out of memory, or no
                                              * libcurl to open (said on stderr) */
void net_http_free(net_http *h);
/* A call in progress gives up (no answer, "aborted") soon after *flag becomes nonzero: a client
 * closing does not wait out a long-poll. NULL: never. */
void net_http_abort_on(net_http *h, const volatile int *flag);
/* METHOD base+path with the token (NULL: none) as a bearer and body (NULL: none). The answer's
 * status in *status and its body in *out (malloc'd, NUL-terminated). False with why when no
 * answer came (connection refused, timeout_s passed). */
bool net_http_call(net_http *h, const char *method, const char *path, const char *token, const char *body,
                   double timeout_s, long *status, char **out, char *why, size_t cap);
#endif
