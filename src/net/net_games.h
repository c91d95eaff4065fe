/* net_games.h — the online games this computer holds a token for (the "My games" list): one
 * JSON file in the data folder, online_games.json, written atomically and readable only by the
 * user (mode 0600: a token is the key to a side of a game). */
#ifndef JS_NET_GAMES_H
#define JS_NET_GAMES_H
#include <stdbool.h>
#include <stddef.h>

enum { NET_GAMES_MAX = 64 }; /* the server's /v1/mine takes 64 tokens at most */

typedef struct net_game {
    char server[256];         /* "http://host:port" */
    char game[40];
    char token[80];
    int side;                 /* 0 A, 1 B */
    char scenario[64];        /* its name (for the list until the server answers) */
    char me[32], opponent[32];
    char invite[600];         /* the code for the other side while it may still be needed, "" */
    long long made;           /* unix seconds it was added */
} net_game;

/* Read the list (a missing file: none). The count, or -1 with why (then *out is empty). */
int net_games_load(const char *path, net_game *out, int cap, char *why, size_t wcap);
/* Write the list atomically with mode 0600. */
bool net_games_save(const char *path, const net_game *g, int n, char *why, size_t wcap);
/* Add or replace (same server and game and side); false when the list is full. */
bool net_games_put(net_game *list, int *n, const net_game *g);
void net_games_forget(net_game *list, int *n, int i);
#endif
