/* fuzz_server — jumpstrike-server's request handling (src/server/api.c), without a socket: any
 * bytes as a request, on a server holding a game in progress. The input is
 *   METHOD\nPATH[?since=..&etag=..]\nWHO\nBODY
 * where "{G}" in PATH stands for the game's id, "{H}" for a second game whose side B waits to be
 * joined (POST /v1/games/{H}/join), and WHO picks the Authorization header ("A" and "B": the first
 * game's tokens, "-": none, anything else: as it is). Every answer is JSON (an error is a wire
 * "error" message with a reason); an answer that is not a success leaves the game as it was, byte
 * for byte as both sides see it; and no input claims the waiting side (its join code is drawn at
 * start, as a player's would be) or changes what the second game's creator sees. Long-polls are
 * not waited on (wait is dropped). */
#define _GNU_SOURCE
#include "api.h"
#include "fuzz.h"
#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static srv S;
static char game_id[STORE_ID_LEN], tokens[2][TOKEN_TEXT], wait_id[STORE_ID_LEN];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char path[1024], why[1024];
    fz_source_path("scenarios", path, sizeof path);
    FZ_CHECK(realpath(path, S.scenarios), "no scenarios at %s", path);
    S.o = (srv_opts){.ai_workers = 1, .poll_max_s = 1, .max_body = 65536, .max_games = 300, .quiet = true,
                     .sync_normal = true};
    FZ_CHECK(srv_init(&S, fz_tmp_dir(), why, sizeof why), "%s", why);
    int computer[2] = {-1, -1}, http;
    char code[TOKEN_TEXT], again[TOKEN_TEXT];
    srv_game *gm = srv_create(&S, "duel", NULL, 7, computer, 0, "Ann", tokens[0], code, &http, why, sizeof why);
    FZ_CHECK(gm, "%s", why);
    memcpy(game_id, gm->meta.id, sizeof game_id);
    pthread_mutex_lock(&gm->mu);
    int side = srv_join(&S, gm, code, strlen(code), "Bob", tokens[1], &http, why, sizeof why);
    int twice = srv_join(&S, gm, code, strlen(code), NULL, again, &http, why, sizeof why);
    pthread_mutex_unlock(&gm->mu);
    FZ_CHECK(side == 1 && twice < 0, "the join: side %d, a second join %d", side, twice);
    srv_game *w = srv_create(&S, "duel", NULL, 8, computer, 0, "", again, code, &http, why, sizeof why);
    FZ_CHECK(w && code[0], "%s", why);
    memcpy(wait_id, w->meta.id, sizeof wait_id);
    return 0;
}

/* The waiting game as its creator sees it, and whether its side B still waits for a join. */
static char *waiting(void)
{
    srv_game *gm = srv_find(&S, wait_id);
    FZ_CHECK(gm, "the waiting game is gone");
    uint64_t e;
    pthread_mutex_lock(&gm->mu);
    FZ_CHECK(gm->meta.has_join && !gm->meta.has_token[1], "side B of the waiting game was claimed");
    char *a = srv_view_answer(gm, 0, 0, &e);
    pthread_mutex_unlock(&gm->mu);
    FZ_CHECK(a, "out of memory");
    return a;
}

/* Both sides' views of the game, as the server would send them. */
static char *snapshot(void)
{
    srv_game *gm = srv_find(&S, game_id);
    FZ_CHECK(gm, "the game is gone");
    uint64_t e;
    pthread_mutex_lock(&gm->mu);
    char *a = srv_view_answer(gm, 0, 0, &e), *b = srv_view_answer(gm, 1, 0, &e);
    pthread_mutex_unlock(&gm->mu);
    FZ_CHECK(a && b, "out of memory");
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 2);
    FZ_CHECK(s, "out of memory");
    memcpy(s, a, la);
    s[la] = '\n';
    memcpy(s + la + 1, b, lb + 1);
    free(a), free(b);
    return s;
}

/* The next line of the input (NUL-ended in place), or the rest. */
static char *line(char **p, char *end)
{
    char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));
    if (nl) {
        *nl = 0;
        *p = nl + 1;
    } else {
        *p = end;
    }
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size), *p = text, *end = text + size;
    char *method = line(&p, end), *rawpath = line(&p, end), *who = line(&p, end);
    if (p > end)
        p = end;
    char path[512], auth[512], *q;
    snprintf(path, sizeof path, "%s", rawpath);
    for (int k = 0; k < 2; k++)
        if ((q = strstr(path, k ? "{H}" : "{G}"))) { /* a game's id in place of {G} or {H} */
            char rest[512];
            snprintf(rest, sizeof rest, "%s", q + 3);
            snprintf(q, sizeof path - (size_t)(q - path), "%s%s", k ? wait_id : game_id, rest);
        }
    api_req r = {.method = method, .path = path, .body = p, .len = (size_t)(end - p)};
    if ((q = strchr(path, '?'))) { /* the query's since, seq and etag; wait is dropped (no long-poll here) */
        *q++ = 0;
        static char since[64], etag[64], seq[64];
        for (char *tok = strtok(q, "&"); tok; tok = strtok(NULL, "&"))
            if (!strncmp(tok, "since=", 6))
                snprintf(since, sizeof since, "%s", tok + 6), r.since = since;
            else if (!strncmp(tok, "seq=", 4))
                snprintf(seq, sizeof seq, "%s", tok + 4), r.seq = seq;
            else if (!strncmp(tok, "etag=", 5))
                snprintf(etag, sizeof etag, "%s", tok + 5), r.etag = etag;
    }
    if (!strcmp(who, "A") || !strcmp(who, "B"))
        snprintf(auth, sizeof auth, "Bearer %s", tokens[who[0] - 'A']), r.auth = auth;
    else if (strcmp(who, "-"))
        snprintf(auth, sizeof auth, "%s", who), r.auth = auth;
    char *before = snapshot(), *wait_before = waiting(), *out = NULL;
    const char *ctype;
    int status = api_handle(&S, &r, &out, &ctype);
    FZ_CHECK(out, "no answer (status %d)", status);
    FZ_CHECK(status >= 200 && status < 600, "status %d", status);
    if (strcmp(ctype, "application/json")) {
        FZ_CHECK(status == 200 && strstr(path, "/record"), "a %s answer to %s", ctype, path);
    } else {
        cJSON *j = cJSON_Parse(out);
        FZ_CHECK(j, "an answer that is not JSON: %.200s", out);
        if (status >= 400) {
            const cJSON *reason = cJSON_GetObjectItemCaseSensitive(j, "reason");
            FZ_CHECK(cJSON_IsString(reason) && reason->valuestring[0], "an error without a reason: %.200s", out);
        }
        cJSON_Delete(j);
    }
    if (status >= 300) {
        char *after = snapshot();
        FZ_CHECK(!strcmp(before, after), "a refused request (%d: %.200s) changed the game", status, out);
        free(after);
    }
    char *wait_after = waiting();
    FZ_CHECK(!strcmp(wait_before, wait_after), "a request (%d: %.200s) changed the waiting game", status, out);
    free(wait_before), free(wait_after);
    free(before), free(out), free(text);
    return 0;
}
