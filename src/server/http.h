/* http.h — the HTTP front: libmicrohttpd, a thread per connection (a long-poll holds its thread,
 * nothing else waits), its limits, and the per-address rate limit. */
#ifndef JS_SERVER_HTTP_H
#define JS_SERVER_HTTP_H
#include "server.h"

typedef struct http_server http_server;
/* Listen on host:port (port 0: one the system picks); *bound says which. cert and key (PEM
 * texts, or NULL): HTTPS through libmicrohttpd's GnuTLS. NULL with why. */
http_server *http_start(srv *s, const char *host, int port, const char *cert, const char *key, int *bound,
                        char *why, size_t cap);
void http_stop(http_server *h);
#endif
