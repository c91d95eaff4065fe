/* http_client.h — the little HTTP jumpstrike-sim's `online` and `online-arena` speak to
 * jumpstrike-server with (libcurl): one call, one JSON answer. */
#ifndef JS_HTTP_CLIENT_H
#define JS_HTTP_CLIENT_H
#include <stdbool.h>
#include <stddef.h>

typedef struct cli_http cli_http;
cli_http *cli_http_new(const char *base_url); /* "http://127.0.0.1:7600"; NULL: out of memory */
void cli_http_free(cli_http *h);
/* METHOD base+path with the token (NULL: none) as a bearer and body (NULL: none). The answer's
 * status in *status and its body in *out (malloc'd, NUL-terminated). False with why when no
 * answer came (connection refused, timeout_s passed). */
bool cli_http_call(cli_http *h, const char *method, const char *path, const char *token, const char *body,
                   double timeout_s, long *status, char **out, char *why, size_t cap);
#endif
