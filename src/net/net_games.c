/* net_games.c — see net_games.h. */
#define _POSIX_C_SOURCE 200809L
#include "net_games.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void str_of(const cJSON *o, const char *k, char *out, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    snprintf(out, cap, "%s", cJSON_IsString(v) ? v->valuestring : "");
}

int net_games_load(const char *path, net_game *out, int cap, char *why, size_t wcap)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : (snprintf(why, wcap, "%s: %s", path, strerror(errno)), -1);
    char *text = malloc(1 << 20);
    size_t n = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (!text)
        return snprintf(why, wcap, "out of memory"), -1;
    text[n] = 0;
    cJSON *j = cJSON_Parse(text);
    free(text);
    const cJSON *games = cJSON_GetObjectItemCaseSensitive(j, "games"), *e;
    if (!cJSON_IsArray(games)) {
        cJSON_Delete(j);
        snprintf(why, wcap, "%s: not a list of online games (\"games\" is missing)", path);
        return -1;
    }
    int k = 0;
    cJSON_ArrayForEach(e, games)
    {
        if (k >= cap)
            break;
        net_game *g = &out[k];
        memset(g, 0, sizeof *g);
        str_of(e, "server", g->server, sizeof g->server);
        str_of(e, "game", g->game, sizeof g->game);
        str_of(e, "token", g->token, sizeof g->token);
        str_of(e, "scenario", g->scenario, sizeof g->scenario);
        str_of(e, "me", g->me, sizeof g->me);
        str_of(e, "opponent", g->opponent, sizeof g->opponent);
        str_of(e, "invite", g->invite, sizeof g->invite);
        char side[4];
        str_of(e, "side", side, sizeof side);
        g->side = side[0] == 'B';
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "made");
        g->made = cJSON_IsNumber(m) ? (long long)m->valuedouble : 0;
        if (g->server[0] && g->game[0] && g->token[0])
            k++;
    }
    cJSON_Delete(j);
    return k;
}

bool net_games_save(const char *path, const net_game *g, int n, char *why, size_t wcap)
{
    cJSON *j = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(j, "games");
    cJSON_AddStringToObject(j, "type", "jumpstrike-online-games");
    for (int i = 0; i < n && arr; i++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "server", g[i].server);
        cJSON_AddStringToObject(e, "game", g[i].game);
        cJSON_AddStringToObject(e, "side", g[i].side ? "B" : "A");
        cJSON_AddStringToObject(e, "token", g[i].token);
        cJSON_AddStringToObject(e, "scenario", g[i].scenario);
        cJSON_AddStringToObject(e, "me", g[i].me);
        cJSON_AddStringToObject(e, "opponent", g[i].opponent);
        cJSON_AddStringToObject(e, "invite", g[i].invite);
        cJSON_AddNumberToObject(e, "made", (double)g[i].made);
        cJSON_AddItemToArray(arr, e);
    }
    char *text = cJSON_Print(j);
    cJSON_Delete(j);
    if (!text)
        return snprintf(why, wcap, "out of memory"), false;
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp); /* 0600 from the start: the tokens are never readable by others */
    bool ok = fd >= 0;
    if (ok) {
        size_t len = strlen(text), off = 0;
        while (ok && off < len) {
            ssize_t w = write(fd, text + off, len - off);
            ok = w > 0;
            off += w > 0 ? (size_t)w : 0;
        }
        ok = ok && fchmod(fd, 0600) == 0 && fsync(fd) == 0;
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok)
            unlink(tmp);
    }
    if (!ok)
        snprintf(why, wcap, "%s: %s", path, strerror(errno));
    free(text);
    return ok;
}

bool net_games_put(net_game *list, int *n, const net_game *g)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(list[i].server, g->server) && !strcmp(list[i].game, g->game) && list[i].side == g->side) {
            list[i] = *g;
            return true;
        }
    if (*n >= NET_GAMES_MAX)
        return false;
    list[(*n)++] = *g;
    return true;
}

void net_games_forget(net_game *list, int *n, int i)
{
    if (i < 0 || i >= *n)
        return;
    memmove(&list[i], &list[i + 1], (size_t)(*n - i - 1) * sizeof *list);
    (*n)--;
}
