/* api.h — the JSON API (docs/server.md), apart from HTTP: a request in, a status and a body out.
 * http.c feeds it from libmicrohttpd; tests/fuzz/fuzz_server.c feeds it any bytes. */
#ifndef JS_SERVER_API_H
#define JS_SERVER_API_H
#include "server.h"

typedef struct api_req {
    const char *method, *path;  /* "GET", "/v1/games/0123456789abcdef/view" */
    const char *auth;           /* the Authorization header, or NULL */
    const char *since, *etag, *wait, *seq; /* the query's arguments, or NULL */
    const char *body;
    size_t len;
} api_req;

/* The answer's HTTP status; *out (malloc'd, NULL only when memory ran out) its body, *ctype its
 * content type. A long-poll may block here for up to the server's poll_max_s. */
int api_handle(srv *s, const api_req *r, char **out, const char **ctype);
/* The body of an error answer: a wire-format "error" message with reason (NULL: out of memory). */
char *api_error(const char *reason);
#endif
