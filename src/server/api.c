/* api.c — the routes of the JSON API (docs/server.md). Every answer to a side is built from that
 * side's js_view (games.c); bad input is an error naming the field and the problem and changes
 * nothing; an unknown game and a wrong token get the same answer. */
#define _GNU_SOURCE
#include "api.h"
#include "jsd_wire.h"
#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char JSON[] = "application/json";
static const char NO_GAME[] = "no game with this id for this token";
/* every join that claims nothing gets these bytes: a used code, a wrong one, an unknown game */
static const char NO_INVITE[] = "this invite was already used or is not valid";

char *api_error(const char *reason) { return jsd_wire_error(reason, NULL); }

static int fail(char **out, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char **out, int status, const char *fmt, ...)
{
    char why[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    *out = api_error(why);
    return status;
}

/* The deepest nesting of arrays and objects, strings skipped; stops past max. */
static int nesting(const char *t, size_t len, int max)
{
    int d = 0, deepest = 0;
    bool in_str = false;
    for (size_t i = 0; i < len && deepest <= max; i++) {
        char c = t[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = false;
        } else if (c == '"')
            in_str = true;
        else if (c == '[' || c == '{')
            deepest = ++d > deepest ? d : deepest;
        else if (c == ']' || c == '}')
            d--;
    }
    return deepest;
}

/* The body as a JSON object, or NULL after an error answer. */
static cJSON *body_object(const api_req *r, char **out, int *status)
{
    *status = 400;
    if (!r->len)
        return fail(out, 400, "body: expected a JSON object, got nothing"), NULL;
    if (nesting(r->body, r->len, JSD_WIRE_MAX_DEPTH) > JSD_WIRE_MAX_DEPTH)
        return fail(out, 400, "body: nests arrays and objects deeper than %d levels", JSD_WIRE_MAX_DEPTH), NULL;
    if (memchr(r->body, 0, r->len))
        return fail(out, 400, "body: not JSON text (a NUL byte)"), NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(r->body, r->len, &end, false);
    if (!root)
        return fail(out, 400, "body: not JSON (a syntax error near byte %td)", end ? end - r->body : (ptrdiff_t)0),
               NULL;
    if (!cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return fail(out, 400, "body: expected a JSON object"), NULL;
    }
    return root;
}

/* Every member of o is one of allowed (NULL-terminated); else an error naming it. */
static bool members_ok(const cJSON *o, const char *const *allowed, char **out)
{
    for (const cJSON *m = o->child; m; m = m->next) {
        bool known = false;
        for (int i = 0; allowed[i] && !known; i++)
            known = m->string && !strcmp(m->string, allowed[i]);
        if (!known)
            return fail(out, 400, "body: unknown field \"%.40s\"", m->string ? m->string : ""), false;
        for (const cJSON *n = m->next; n; n = n->next)
            if (n->string && !strcmp(n->string, m->string))
                return fail(out, 400, "body: field \"%.40s\" given twice", m->string), false;
    }
    return true;
}

static bool parse_u64(const char *t, uint64_t *v)
{
    if (!t || !*t || strlen(t) > 20)
        return false;
    for (const char *p = t; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    errno = 0;
    unsigned long long x = strtoull(t, NULL, 10);
    *v = x;
    return errno == 0;
}

/* "human", or "ai:LEVEL" -> the level; -2 when neither. */
static int parse_player(const char *t)
{
    if (!strcmp(t, "human"))
        return -1;
    if (!strncmp(t, "ai:", 3)) {
        int l = js_ai_level_parse(t + 3);
        if (l >= 0)
            return l;
    }
    return -2;
}

/* A player's name, "name" in a create or a join: optional (absent or "": none); a string of
 * printable UTF-8, at most STORE_PLAYER_MAX characters, no control characters (C0, DEL, C1).
 * False with the 400 in out. */
static bool player_name(const cJSON *b, char name[STORE_PLAYER_LEN], char **out)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(b, "name");
    name[0] = 0;
    if (!n || cJSON_IsNull(n))
        return true;
    if (!cJSON_IsString(n))
        return fail(out, 400, "name: expected a string, the player's name"), false;
    const uint8_t *u = (const uint8_t *)n->valuestring;
    int chars = 0;
    size_t i = 0;
    while (u[i]) {
        uint32_t c = u[i];
        int more = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (more < 0)
            return fail(out, 400, "name: not valid UTF-8"), false;
        c &= more ? 0x3Fu >> more : 0x7Fu;
        for (int k = 1; k <= more; k++) {
            if ((u[i + (size_t)k] & 0xC0) != 0x80)
                return fail(out, 400, "name: not valid UTF-8"), false;
            c = c << 6 | (u[i + (size_t)k] & 0x3Fu);
        }
        static const uint32_t MIN[] = {0, 0x80, 0x800, 0x10000};
        if (c < MIN[more] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return fail(out, 400, "name: not valid UTF-8"), false;
        if (c < 0x20 || (c >= 0x7F && c < 0xA0))
            return fail(out, 400, "name: holds a control character (a name is printable text)"), false;
        i += (size_t)more + 1;
        if (++chars > STORE_PLAYER_MAX)
            return fail(out, 400, "name: longer than %d characters", STORE_PLAYER_MAX), false;
    }
    memcpy(name, n->valuestring, i + 1);
    return true;
}

static int route_create(srv *s, const api_req *r, char **out)
{
    int status;
    cJSON *b = body_object(r, out, &status);
    if (!b)
        return status;
    static const char *const ALLOWED[] = {"scenario", "scenario_text", "seed", "sides", "me", "name", NULL};
    const cJSON *scn = cJSON_GetObjectItemCaseSensitive(b, "scenario");
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(b, "scenario_text");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(b, "seed");
    const cJSON *sides = cJSON_GetObjectItemCaseSensitive(b, "sides");
    const cJSON *me = cJSON_GetObjectItemCaseSensitive(b, "me");
    uint64_t sd = 0;
    int computer[2] = {-1, -1};
    status = 400;
    if (!members_ok(b, ALLOWED, out))
        goto done;
    if (scn && text) {
        fail(out, 400, "scenario_text: give either scenario (a shipped one's name) or scenario_text, not both");
        goto done;
    }
    if (text && !cJSON_IsString(text)) {
        fail(out, 400, "scenario_text: expected the scenario file's JSON text, as a string");
        goto done;
    }
    if (!text && !cJSON_IsString(scn)) {
        fail(out, 400, "scenario: expected the name of a shipped scenario (a string, e.g. \"duel\")"
                       " or scenario_text");
        goto done;
    }
    if (seed && !s->o.allow_seeds) {
        /* whoever picks the dice foresees every roll: the server draws them */
        fail(out, 400, "seed: this server draws the dice itself; it takes a seed only when started with "
                       "--allow-seeds (for tests and reproducible benchmarks)");
        goto done;
    }
    if (!seed) {
        if (!token_random(&sd, sizeof sd)) {
            status = fail(out, 503, "seed: the system gave no random numbers");
            goto done;
        }
    } else if (cJSON_IsNumber(seed)) {
        double d = seed->valuedouble;
        if (d < 0 || d > 9007199254740991.0 || d != (double)(int64_t)d) {
            fail(out, 400, "seed: expected an integer 0..9007199254740991 (larger seeds as a decimal string)");
            goto done;
        }
        sd = (uint64_t)d;
    } else if (!cJSON_IsString(seed) || !parse_u64(seed->valuestring, &sd)) {
        fail(out, 400, "seed: expected a decimal string of 0..18446744073709551615 or an integer");
        goto done;
    }
    if (!cJSON_IsObject(sides)) {
        fail(out, 400, "sides: expected an object: {\"A\": \"human\", \"B\": \"ai:captain\"}");
        goto done;
    }
    static const char *const SIDES[] = {"A", "B", NULL};
    if (!members_ok(sides, SIDES, out))
        goto done;
    for (int k = 0; k < JS_SIDES; k++) {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(sides, SIDES[k]);
        if (!cJSON_IsString(p) || (computer[k] = parse_player(p->valuestring)) == -2) {
            fail(out, 400, "sides.%s: expected \"human\" or \"ai:LEVEL\" (cadet, captain, admiral, commodore)",
                 SIDES[k]);
            goto done;
        }
    }
    if (computer[0] >= 0 && computer[1] >= 0) {
        fail(out, 400, "sides: at least one side must be \"human\" (a player with a token)");
        goto done;
    }
    int side = computer[0] < 0 ? 0 : 1; /* the creator plays the first human side unless me says */
    if (me && (!cJSON_IsString(me) || (strcmp(me->valuestring, "A") && strcmp(me->valuestring, "B")))) {
        fail(out, 400, "me: expected \"A\" or \"B\", the side you play");
        goto done;
    }
    if (me && computer[side = me->valuestring[0] - 'A'] >= 0) {
        fail(out, 400, "me: side %c is the computer's (sides.%c); you play a \"human\" side", 'A' + side, 'A' + side);
        goto done;
    }
    char token[TOKEN_TEXT], code[TOKEN_TEXT], why[600], name[STORE_PLAYER_LEN];
    if (!player_name(b, name, out))
        goto done;
    srv_game *gm = srv_create(s, text ? NULL : scn->valuestring, text ? text->valuestring : NULL, sd, computer, side,
                              name, token, code, &status, why, sizeof why);
    if (!gm) {
        *out = api_error(why);
        goto done;
    }
    pthread_mutex_lock(&gm->mu);
    char *players = srv_players_json(gm);
    pthread_mutex_unlock(&gm->mu);
    size_t cap = 512 + (players ? strlen(players) : 0);
    if (players && (*out = malloc(cap))) {
        char inv[80] = "null";
        if (code[0]) /* the other side's seat: claimed once with this code (route_join) */
            snprintf(inv, sizeof inv, "\"js2:%s:%s\"", gm->meta.id, code);
        snprintf(*out, cap,
                 "{\"version\":%d,\"game\":\"%s\",\"scenario\":\"%s\",\"side\":\"%c\",\"token\":\"%s\",\"invite\":%s,"
                 "\"players\":%s}",
                 SRV_API_VERSION, gm->meta.id, gm->meta.scenario, 'A' + side, token, inv, players);
    }
    free(players);
    status = 201;
done:
    cJSON_Delete(b);
    return status;
}

/* POST /v1/games/ID/join {"code": CODE}: the waiting side's fresh token, once. */
static int route_join(srv *s, const char *gid, const api_req *r, char **out)
{
    int status;
    cJSON *b = body_object(r, out, &status);
    if (!b)
        return status;
    static const char *const ALLOWED[] = {"code", "name", NULL};
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(b, "code");
    status = 400;
    if (!members_ok(b, ALLOWED, out))
        goto done;
    if (!cJSON_IsString(code) || strlen(code->valuestring) > 128) {
        fail(out, 400, "code: expected the invite's join code (the part after js2:GAME:, a string)");
        goto done;
    }
    char name[STORE_PLAYER_LEN];
    if (!player_name(b, name, out))
        goto done;
    srv_game *gm = gid[0] ? srv_find(s, gid) : NULL;
    char token[TOKEN_TEXT], why[600], *players = NULL;
    int side = -1;
    status = 404;
    if (gm) {
        pthread_mutex_lock(&gm->mu);
        side = srv_join(s, gm, code->valuestring, strlen(code->valuestring), name, token, &status, why, sizeof why);
        if (side >= 0)
            players = srv_players_json(gm);
        pthread_mutex_unlock(&gm->mu);
    }
    if (side < 0) {
        if (status == 404)
            fail(out, 404, "%s", NO_INVITE);
        else
            fail(out, status, "%s", why);
        goto done;
    }
    size_t cap = 256 + (players ? strlen(players) : 0);
    if (players && (*out = malloc(cap)))
        snprintf(*out, cap,
                 "{\"version\":%d,\"game\":\"%s\",\"scenario\":\"%s\",\"side\":\"%c\",\"token\":\"%s\",\"players\":%s}",
                 SRV_API_VERSION, gm->meta.id, gm->meta.scenario, 'A' + side, token, players);
    free(players);
    status = 200;
done:
    cJSON_Delete(b);
    return status;
}

/* "Bearer TOKEN" -> TOKEN and its length; NULL when the header is not that. */
static const char *bearer(const char *auth, size_t *len)
{
    if (!auth || strncmp(auth, "Bearer ", 7))
        return NULL;
    const char *t = auth + 7;
    while (*t == ' ')
        t++;
    *len = strlen(t);
    while (*len && t[*len - 1] == ' ')
        (*len)--;
    return *len ? t : NULL;
}

static int route_mine(srv *s, const api_req *r, char **out)
{
    int status;
    cJSON *b = body_object(r, out, &status);
    if (!b)
        return status;
    static const char *const ALLOWED[] = {"tokens", NULL};
    const cJSON *toks = cJSON_GetObjectItemCaseSensitive(b, "tokens");
    status = 400;
    if (!members_ok(b, ALLOWED, out))
        goto done;
    int n = cJSON_GetArraySize(toks);
    if (!cJSON_IsArray(toks) || n > 64) {
        fail(out, 400, "tokens: expected an array of at most 64 tokens");
        goto done;
    }
    int i = 0;
    for (const cJSON *t = toks->child; t; t = t->next, i++)
        if (!cJSON_IsString(t) || strlen(t->valuestring) > 128) {
            fail(out, 400, "tokens[%d]: expected a token (a string of at most 128 characters)", i);
            goto done;
        }
    /* each token hashed once, then compared with every game's digests */
    uint8_t (*hashes)[TOKEN_HASH] = malloc((size_t)(n + 1) * TOKEN_HASH);
    i = 0;
    for (const cJSON *t = toks->child; t && hashes; t = t->next, i++)
        token_hash(t->valuestring, strlen(t->valuestring), hashes[i]);
    cJSON *list = cJSON_CreateArray();
    pthread_mutex_lock(&s->mu);
    int ngames = s->ngames;
    srv_game **games = malloc((size_t)(ngames + 1) * sizeof *games);
    if (games)
        memcpy(games, s->games, (size_t)ngames * sizeof *games);
    pthread_mutex_unlock(&s->mu);
    js_view *v = malloc(sizeof *v);
    bool lost = false;
    for (int g = 0; games && v && list && hashes && !lost && g < ngames; g++) {
        srv_game *gm = games[g];
        if (gm->broken)
            continue;
        for (int k = 0; k < n; k++) {
            int side = srv_side_of_hash(gm, hashes[k]);
            if (side < 0)
                continue;
            pthread_mutex_lock(&gm->mu);
            js_view_build(gm->g, side, v);
            bool over = srv_over(gm);
            int64_t last = gm->seen_at[side];
            pthread_mutex_unlock(&gm->mu);
            cJSON *o = cJSON_CreateObject();
            char sd[2] = {(char)('A' + side), 0};
            cJSON_AddStringToObject(o, "game", gm->meta.id);
            cJSON_AddStringToObject(o, "scenario", gm->meta.scenario);
            cJSON_AddStringToObject(o, "side", sd);
            /* what a list shows: the scenario's title, the factions and both players' names */
            cJSON_AddStringToObject(o, "title", v->st.scn.name);
            cJSON *fa = cJSON_AddObjectToObject(o, "factions"), *pl = cJSON_AddObjectToObject(o, "players");
            for (int k = 0; k < JS_SIDES; k++) {
                char name[STORE_PLAYER_LEN + 32];
                srv_player_name(gm, k, name, sizeof name);
                cJSON_AddStringToObject(fa, k ? "B" : "A", v->st.scn.sides[k].name);
                if (name[0])
                    cJSON_AddStringToObject(pl, k ? "B" : "A", name);
                else
                    cJSON_AddNullToObject(pl, k ? "B" : "A");
            }
            cJSON_AddNumberToObject(o, "turn", v->st.turn);
            cJSON_AddBoolToObject(o, "over", over);
            cJSON_AddBoolToObject(o, "your_turn", !over && (v->wait.sides & JS_SIDE_MASK(side)));
            cJSON *w = cJSON_AddArrayToObject(o, "waiting_on");
            for (int k = 0; k < JS_SIDES && !over; k++)
                if (v->wait.sides & JS_SIDE_MASK(k))
                    cJSON_AddItemToArray(w, cJSON_CreateString(k ? "B" : "A"));
            /* when the last move came: the server's clock, and how long ago by it (a client's
             * clock may be off; the seconds ago are not) */
            if (last > 0) {
                int64_t ago = (int64_t)time(NULL) - last;
                cJSON_AddNumberToObject(o, "last_move", (double)last);
                cJSON_AddNumberToObject(o, "last_move_ago", (double)(ago > 0 ? ago : 0));
            } else {
                cJSON_AddNullToObject(o, "last_move");
                cJSON_AddNullToObject(o, "last_move_ago");
            }
            /* a row cut short (out of memory; its last field is missing): no answer rather than a
             * list without the game */
            if (!cJSON_GetObjectItemCaseSensitive(o, "last_move_ago") || !cJSON_AddItemToArray(list, o)) {
                cJSON_Delete(o);
                lost = true;
                break;
            }
        }
    }
    bool oom = lost || !v || !games || !list || !hashes;
    free(v), free(games), free(hashes);
    if (oom) { /* never an empty list for it: a client reads a game left out as gone from the server */
        cJSON_Delete(list);
        status = fail(out, 503, "out of memory");
        goto done;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "version", SRV_API_VERSION);
    cJSON_AddItemToObject(o, "games", list);
    *out = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    status = 200;
done:
    cJSON_Delete(b);
    return status;
}

static bool arg_int(const char *t, long lo, long hi, long *v)
{
    uint64_t x;
    if (!parse_u64(t, &x) || x < (uint64_t)lo || x > (uint64_t)hi)
        return false;
    *v = (long)x;
    return true;
}

static int route_view(srv *s, srv_game *gm, int side, const api_req *r, char **out)
{
    long since = 0, wait = 0;
    uint64_t want = 0;
    if (r->since && !arg_int(r->since, 0, 1000000000, &since))
        return fail(out, 400, "since: expected the count of events already seen (an integer 0..1000000000)");
    if (r->wait && !arg_int(r->wait, 0, s->o.poll_max_s, &wait))
        return fail(out, 400, "wait: expected seconds to wait for a change, 0..%d", s->o.poll_max_s);
    if (r->etag) {
        char *end;
        errno = 0;
        want = strtoull(r->etag, &end, 16);
        if (strlen(r->etag) != 16 || *end || errno)
            return fail(out, 400, "etag: expected the 16 hex digits of an earlier answer's etag");
    }
    pthread_mutex_lock(&gm->mu);
    if (r->etag && wait > 0) { /* a long-poll: answer when what the side sees changes */
        struct timespec dl;
        clock_gettime(CLOCK_REALTIME, &dl);
        dl.tv_sec += wait;
        bool timed_out = false;
        while (!timed_out && !__atomic_load_n(&s->stopping, __ATOMIC_RELAXED) && srv_etag(gm, side) == want) {
            uint64_t g0 = gm->gen;
            /* the stopping server's broadcast changes no gen: it too ends the wait */
            while (gm->gen == g0 && !timed_out && !__atomic_load_n(&s->stopping, __ATOMIC_RELAXED))
                timed_out = pthread_cond_timedwait(&gm->changed, &gm->mu, &dl) == ETIMEDOUT;
        }
    }
    uint64_t etag;
    *out = srv_view_answer(gm, side, (int)since, &etag);
    pthread_mutex_unlock(&gm->mu);
    return 200;
}

static int route_command(srv *s, srv_game *gm, int side, const api_req *r, char **out)
{
    jsd_wire_msg m;
    jsd_error err;
    if (!jsd_wire_read(r->body ? r->body : "", r->len, NULL, "body", &m, &err))
        return fail(out, 400, "%s", err.msg);
    int status = 200;
    long seq = -1;
    if (r->seq && !arg_int(r->seq, 0, 1000000000, &seq)) {
        status = fail(out, 400, "seq: expected the count of this side's commands taken before this one (0..1000000000)");
    } else if (m.type != JSD_WIRE_COMMAND) {
        status = fail(out, 400, "body.type: expected \"command\", got \"%s\"", jsd_wire_type_name(m.type));
    } else {
        char why[JS_REASON_LEN + 128];
        bool again = false;
        pthread_mutex_lock(&gm->mu);
        int taken = gm->ncmds[side];
        if (seq >= 0 && seq < taken) /* taken already: an answer that was lost, the command sent again */
            again = true, status = 0;
        else if (seq > taken) /* one before it was refused or never came: it was made over that one */
            status = 412, snprintf(why, sizeof why, "seq: this is command %ld of side %c, which has had %d taken "
                                                  "(one before it was refused)", seq, 'A' + side, taken);
        else
            status = srv_submit(s, gm, side, &m.cmd, why, sizeof why);
        pthread_mutex_unlock(&gm->mu);
        if (status == 0) {
            status = 200;
            if ((*out = malloc(80)))
                snprintf(*out, 80, "{\"version\":%d,\"accepted\":true%s}", SRV_API_VERSION, again ? ",\"again\":true" : "");
        } else {
            *out = jsd_wire_error(why, status == 409 || status == 412 ? &m.cmd : NULL);
        }
    }
    jsd_wire_msg_free(&m);
    return status;
}

static int route_resign(srv *s, srv_game *gm, int side, char **out)
{
    int64_t now = (int64_t)time(NULL);
    char why[512];
    int status = 200;
    pthread_mutex_lock(&gm->mu);
    if (srv_over(gm)) {
        status = fail(out, 409, "the game is over");
    } else if (!store_game_resign(s->st, gm->meta.id, side, now, why, sizeof why)) {
        status = fail(out, 503, "%s", why);
    } else {
        srv_resigned(gm, side, now);
        if ((*out = malloc(64)))
            snprintf(*out, 64, "{\"version\":%d,\"resigned\":\"%c\"}", SRV_API_VERSION, 'A' + side);
    }
    pthread_mutex_unlock(&gm->mu);
    return status;
}

int api_handle(srv *s, const api_req *r, char **out, const char **ctype)
{
    *out = NULL;
    *ctype = JSON;
    bool get = !strcmp(r->method, "GET"), post = !strcmp(r->method, "POST");
    const char *p = r->path;
    if (!get && !post)
        return fail(out, 405, "method: only GET and POST are answered");
    if (!strcmp(p, "/v1") || !strcmp(p, "/v1/")) {
        if ((*out = malloc(128)))
            snprintf(*out, 128, "{\"version\":%d,\"server\":\"jumpstrike-server 0.1.0\",\"wire\":%d}",
                     SRV_API_VERSION, JSD_WIRE_VERSION);
        return 200;
    }
    if (!strcmp(p, "/v1/games"))
        return post ? route_create(s, r, out) : fail(out, 405, "method: POST /v1/games creates a game");
    if (!strcmp(p, "/v1/mine"))
        return post ? route_mine(s, r, out) : fail(out, 405, "method: POST /v1/mine with {\"tokens\": [...]}");
    if (strncmp(p, "/v1/games/", 10))
        return fail(out, 404, "path: no such route (docs/server.md lists them)");
    const char *id = p + 10, *slash = strchr(id, '/');
    if (!slash)
        return fail(out, 404, "path: expected /v1/games/ID/ACTION");
    const char *action = slash + 1;
    static const char *const GETS[] = {"hello", "view", "record"}, *const POSTS[] = {"commands", "resign", "join"};
    int act = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(action, GETS[i]))
            act = i;
    for (int i = 0; i < 3; i++)
        if (!strcmp(action, POSTS[i]))
            act = 3 + i;
    if (act < 0)
        return fail(out, 404, "path: no action \"%.20s\" (hello, view, record, commands, resign, join)", action);
    if ((act < 3 && !get) || (act >= 3 && !post))
        return fail(out, 405, "method: %s /v1/games/ID/%s", act < 3 ? "GET" : "POST", action);
    char gid[STORE_ID_LEN] = "";
    if (slash - id == STORE_ID_LEN - 1)
        memcpy(gid, id, STORE_ID_LEN - 1);
    if (act == 5) /* the one route a side's token does not open: it makes the token */
        return route_join(s, gid, r, out);
    size_t tlen = 0;
    const char *tok = bearer(r->auth, &tlen);
    if (!tok)
        return fail(out, 401, "Authorization: expected \"Bearer TOKEN\", the token of your side");
    srv_game *gm = gid[0] ? srv_find(s, gid) : NULL;
    int side = gm ? srv_side_of(gm, tok, tlen) : -1;
    if (side < 0)
        return fail(out, 404, NO_GAME);
    switch (act) {
    case 0:
        pthread_mutex_lock(&gm->mu);
        *out = srv_hello(gm, side);
        pthread_mutex_unlock(&gm->mu);
        return 200;
    case 1:
        return route_view(s, gm, side, r, out);
    case 2: {
        pthread_mutex_lock(&gm->mu);
        bool over = srv_over(gm);
        if (over)
            *out = jsd_record_to_json(gm->rec, NULL);
        pthread_mutex_unlock(&gm->mu);
        if (!over)
            return fail(out, 409, "the game is not over: its full record is given once it is");
        *ctype = "application/x-ndjson";
        return 200;
    }
    case 3:
        return route_command(s, gm, side, r, out);
    default:
        return route_resign(s, gm, side, out);
    }
}
