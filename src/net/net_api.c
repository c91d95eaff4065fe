/* net_api.c — see net_api.h. */
#include "net_api.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

char *net_create_body(const char *scenario, const char *side_a, const char *side_b, int me, const char *name)
{
    cJSON *j = cJSON_CreateObject(), *s = cJSON_AddObjectToObject(j, "sides");
    cJSON_AddStringToObject(j, "scenario", scenario);
    if (name && *name)
        cJSON_AddStringToObject(j, "name", name);
    cJSON_AddStringToObject(j, "me", me ? "B" : "A");
    cJSON_AddStringToObject(s, "A", side_a);
    cJSON_AddStringToObject(s, "B", side_b);
    char *t = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return t;
}

char *net_join_body(const char *code, const char *name)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "code", code);
    if (name && *name)
        cJSON_AddStringToObject(j, "name", name);
    char *t = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return t;
}

bool net_seat_read(const char *body, char *game, size_t gcap, int *side, char *token, size_t tcap, char *invite,
                   size_t icap)
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(j, "game"), *sd = cJSON_GetObjectItemCaseSensitive(j, "side"),
                *t = cJSON_GetObjectItemCaseSensitive(j, "token"), *inv = cJSON_GetObjectItemCaseSensitive(j, "invite");
    bool ok = cJSON_IsString(g) && cJSON_IsString(t) && cJSON_IsString(sd) &&
              (!strcmp(sd->valuestring, "A") || !strcmp(sd->valuestring, "B"));
    if (ok) {
        snprintf(game, gcap, "%s", g->valuestring);
        snprintf(token, tcap, "%s", t->valuestring);
        *side = sd->valuestring[0] == 'B';
        if (invite)
            snprintf(invite, icap, "%s", cJSON_IsString(inv) ? inv->valuestring : "");
    }
    cJSON_Delete(j);
    return ok;
}

static bool players_of(const cJSON *o, char names[2][64])
{
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(o, "players");
    for (int k = 0; k < 2; k++) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(pl, k ? "B" : "A");
        snprintf(names[k], 64, "%s", cJSON_IsString(n) ? n->valuestring : "");
    }
    return cJSON_IsObject(pl);
}

bool net_players_read(const char *body, char names[2][64])
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    bool ok = players_of(j, names);
    cJSON_Delete(j);
    return ok;
}

char *net_mine_body(const char *const *tokens, int n)
{
    cJSON *j = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(j, "tokens");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(tokens[i]));
    char *t = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return t;
}

int net_mine_read(const char *body, net_mine_row *rows, int cap)
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    const cJSON *gs = cJSON_GetObjectItemCaseSensitive(j, "games"), *e;
    if (!cJSON_IsArray(gs)) {
        cJSON_Delete(j);
        return -1;
    }
    int n = 0;
    cJSON_ArrayForEach(e, gs)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "game"), *sd = cJSON_GetObjectItemCaseSensitive(e, "side"),
                    *t = cJSON_GetObjectItemCaseSensitive(e, "turn");
        if (n >= cap || !cJSON_IsString(id) || !cJSON_IsString(sd))
            continue;
        net_mine_row *r = &rows[n++];
        snprintf(r->game, sizeof r->game, "%s", id->valuestring);
        r->side = sd->valuestring[0] == 'B';
        r->turn = cJSON_IsNumber(t) ? t->valueint : 0;
        r->over = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "over"));
        r->your_turn = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(e, "your_turn"));
        const cJSON *ago = cJSON_GetObjectItemCaseSensitive(e, "last_move_ago");
        r->ago = cJSON_IsNumber(ago) && ago->valuedouble >= 0 && ago->valuedouble < 1e12 ? (long long)ago->valuedouble : -1;
        const cJSON *ti = cJSON_GetObjectItemCaseSensitive(e, "title"), *fa = cJSON_GetObjectItemCaseSensitive(e, "factions");
        snprintf(r->title, sizeof r->title, "%s", cJSON_IsString(ti) ? ti->valuestring : "");
        for (int k = 0; k < 2; k++) {
            const cJSON *f = cJSON_GetObjectItemCaseSensitive(fa, k ? "B" : "A");
            snprintf(r->faction[k], sizeof r->faction[k], "%s", cJSON_IsString(f) ? f->valuestring : "");
        }
        players_of(e, r->player);
    }
    cJSON_Delete(j);
    return n;
}

bool net_view_end(const char *body, int *winner, char *reason, size_t cap)
{
    cJSON *j = body ? cJSON_Parse(body) : NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "end");
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(e, "winner"), *r = cJSON_GetObjectItemCaseSensitive(e, "reason");
    bool ok = cJSON_IsObject(e);
    if (ok) {
        *winner = cJSON_IsString(w) && (w->valuestring[0] == 'A' || w->valuestring[0] == 'B') ? w->valuestring[0] - 'A'
                  : cJSON_IsNumber(w) && w->valueint >= 0 && w->valueint <= 1 ? w->valueint
                  : w ? -1
                      : -2; /* an older server's end without the member: no word on the winner */
        snprintf(reason, cap, "%s", cJSON_IsString(r) ? r->valuestring : "");
    }
    cJSON_Delete(j);
    return ok;
}

void net_ago_text(long long secs, char *out, size_t cap)
{
    static const struct {
        long long unit;
        const char *name;
    } U[] = {{365LL * 86400, "year"}, {30LL * 86400, "month"}, {7 * 86400, "week"}, {86400, "day"}, {3600, "hour"},
             {60, "min"}};
    if (secs < 0) {
        snprintf(out, cap, "%s", "");
        return;
    }
    for (size_t i = 0; i < sizeof U / sizeof U[0]; i++)
        if (secs >= U[i].unit) {
            long long n = secs / U[i].unit;
            bool plural = n > 1 && U[i].unit != 60; /* "3 min", "2 days" */
            snprintf(out, cap, "last move %lld %s%s ago", n, U[i].name, plural ? "s" : "");
            return;
        }
    snprintf(out, cap, "last move just now");
}
