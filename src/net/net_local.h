/* net_local.h — "Host on this computer": jumpstrike-server as a child process of the game, on a
 * port of this machine, for a LAN or a test; it stops when the game lets go of it. No SDL. */
#ifndef JS_NET_LOCAL_H
#define JS_NET_LOCAL_H
#include <stdbool.h>
#include <stddef.h>

typedef struct net_local net_local;
/* Start `bin` listening on all addresses at port (0: any free one) with its data in data_dir
 * (made if missing) and the scenarios of scen_dir. NULL with why. */
net_local *net_local_start(const char *bin, const char *data_dir, const char *scen_dir, int port, char *why,
                           size_t cap);
/* Never waits: true once the server said where it listens (*port set); false while it starts
 * (or when it stopped: then *dead and why). */
bool net_local_ready(net_local *l, int *port, bool *dead, char *why, size_t cap);
/* SIGTERM, then wait for it. */
void net_local_stop(net_local *l);
/* This machine's first IPv4 address that is not loopback ("" when none), for the other player. */
void net_local_lan_address(char *out, size_t cap);
#endif
