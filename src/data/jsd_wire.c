/* jsd_wire.c — the wire format's messages (jsd_wire.h, docs/formats.md "Wire format").
 *
 * The scenario, the state, the decision and the events are written member for member from
 * tables (jsd_wire_tables.c): one line a member serves both ways, so a member added to an engine
 * struct is one line there, and read(write(x)) == x holds for every member the tables name. */
#include "jsd_wire_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- integers in memory */
static long long int_get(const char *p, int ik)
{
    switch (ik) {
    case W_I8: return *(const int8_t *)p;
    case W_U8: return *(const uint8_t *)p;
    case W_I16: { int16_t v; memcpy(&v, p, sizeof v); return v; }
    case W_U16: { uint16_t v; memcpy(&v, p, sizeof v); return v; }
    case W_I32: { int32_t v; memcpy(&v, p, sizeof v); return v; }
    default: { uint32_t v; memcpy(&v, p, sizeof v); return v; }
    }
}

static void int_set(char *p, int ik, long long n)
{
    switch (ik) {
    case W_I8: *(int8_t *)p = (int8_t)n; break;
    case W_U8: *(uint8_t *)p = (uint8_t)n; break;
    case W_I16: { int16_t v = (int16_t)n; memcpy(p, &v, sizeof v); break; }
    case W_U16: { uint16_t v = (uint16_t)n; memcpy(p, &v, sizeof v); break; }
    case W_I32: { int32_t v = (int32_t)n; memcpy(p, &v, sizeof v); break; }
    default: { uint32_t v = (uint32_t)n; memcpy(p, &v, sizeof v); break; }
    }
}

static void int_range(int ik, int *lo, int *hi)
{
    /* uint32 and uint64 members (option bits, the generator) are read as int up to INT32_MAX,
     * or as a seed string (uint64) before this is asked */
    static const int LO[W_U64 + 1] = {INT8_MIN, 0, INT16_MIN, 0, INT32_MIN, 0, 0};
    static const int HI[W_U64 + 1] = {INT8_MAX, UINT8_MAX, INT16_MAX, UINT16_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    *lo = LO[ik];
    *hi = HI[ik];
}

static const char *name_at(const wfield *f, long long i)
{
    if (i < 0 || i >= f->nnames)
        return NULL;
    return f->names ? f->names[i] : f->name_fn((int)i);
}

/* ---------------------------------------------------------------- zero tests */
static bool bytes_zero(const char *p, size_t n)
{
    static const char zero[256];
    for (; n > sizeof zero; n -= sizeof zero, p += sizeof zero)
        if (memcmp(p, zero, sizeof zero))
            return false;
    return memcmp(p, zero, n) == 0;
}

static bool desc_zero(const wdesc *d, const char *p);

static bool elem_zero(const wfield *f, const char *p)
{
    /* a struct's bytes all zero is the common case; otherwise its members decide (padding
     * between them is not data) */
    return bytes_zero(p, f->stride) || (f->kind == W_SUB && desc_zero(f->sub, p));
}

static bool field_zero(const wfield *f, const char *p)
{
    if (bytes_zero(p, (size_t)f->n1 * (size_t)f->n2 * f->stride))
        return true;
    for (int i = 0; i < f->n1 * f->n2; i++)
        if (!elem_zero(f, p + (size_t)i * f->stride))
            return false;
    return true;
}

static bool desc_zero(const wdesc *d, const char *p)
{
    for (int i = 0; i < d->n; i++)
        if (!field_zero(&d->f[i], p + d->f[i].off))
            return false;
    return true;
}

/* ---------------------------------------------------------------- writing */
/* The tables are written straight into text: an update is thousands of small integers, and a
 * cJSON tree of them (a node each, printed with "%1.15g" and read back with sscanf) took most
 * of the time a game spends talking to a bot. */
typedef struct wbuf {
    char *s;
    size_t n, cap;
    bool oom;
} wbuf;

static void put(wbuf *b, const char *t, size_t len)
{
    if (b->oom)
        return;
    if (b->n + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->n + len + 1 > cap)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s, b->cap = cap;
    }
    memcpy(b->s + b->n, t, len);
    b->n += len;
    b->s[b->n] = '\0';
}

static void puts_(wbuf *b, const char *t) { put(b, t, strlen(t)); }

static void put_int(wbuf *b, long long v)
{
    char t[24], *e = t + sizeof t, *p = e;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    put(b, p, (size_t)(e - p));
}

/* A JSON string of the n bytes at t (stopping at a NUL). */
static void put_str(wbuf *b, const char *t, size_t n)
{
    put(b, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < n && t[i]; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            run++;
            continue;
        }
        put(b, t + i - run, run);
        run = 0;
        char esc[8];
        snprintf(esc, sizeof esc, c == '"' || c == '\\' ? "\\%c" : "\\u%04x", c);
        puts_(b, esc);
    }
    size_t len = 0;
    while (len < n && t[len])
        len++;
    put(b, t + len - run, run);
    put(b, "\"", 1);
}

static char *finish(wbuf *b)
{
    if (b->oom) {
        free(b->s);
        return NULL;
    }
    return b->s;
}

static void desc_text(wbuf *b, const wdesc *d, const char *p);

static void elem_text(wbuf *b, const wfield *f, const char *p)
{
    switch (f->kind) {
    case W_NUM:
        if (f->ik == W_U64) {
            uint64_t v;
            memcpy(&v, p, sizeof v);
            char s[24];
            snprintf(s, sizeof s, "\"%" PRIu64 "\"", v);
            puts_(b, s);
        } else {
            put_int(b, int_get(p, f->ik));
        }
        return;
    case W_HEX: {
        js_hex h;
        memcpy(&h, p, sizeof h);
        if (h.q == INT16_MIN && h.r == INT16_MIN) {
            puts_(b, "null");
            return;
        }
        int col, row;
        js_hex_to_offset(h, &col, &row);
        put(b, "[", 1);
        put_int(b, col);
        put(b, ",", 1);
        put_int(b, row);
        put(b, "]", 1);
        return;
    }
    case W_STR:
        put_str(b, p, f->stride);
        return;
    case W_SIDE: {
        const char *s = jx_side_name((int)int_get(p, f->ik));
        puts_(b, s ? (*s == 'A' ? "\"A\"" : "\"B\"") : "null"); /* -1: none */
        return;
    }
    case W_NAME: {
        long long v = int_get(p, f->ik);
        const char *s = name_at(f, v);
        if (s)
            put_str(b, s, strlen(s));
        else
            put_int(b, v); /* no name: its number */
        return;
    }
    default:
        desc_text(b, f->sub, p);
    }
}

/* n elements from p, trailing zero ones left out. */
static void run_text(wbuf *b, const wfield *f, const char *p, int n)
{
    while (n > 0 && elem_zero(f, p + (size_t)(n - 1) * f->stride))
        n--;
    put(b, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(b, ",", 1);
        elem_text(b, f, p + (size_t)i * f->stride);
    }
    put(b, "]", 1);
}

static void field_text(wbuf *b, const wfield *f, const char *p)
{
    if (f->n1 == 1 && f->n2 == 1) {
        elem_text(b, f, p);
        return;
    }
    if (f->n2 == 1) {
        run_text(b, f, p, f->n1);
        return;
    }
    size_t row = (size_t)f->n2 * f->stride;
    wfield r = *f; /* one row, to find the last that is not all zero */
    r.n1 = f->n2, r.n2 = 1;
    int n = f->n1;
    while (n > 0 && field_zero(&r, p + (size_t)(n - 1) * row))
        n--;
    put(b, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(b, ",", 1);
        run_text(b, f, p + (size_t)i * row, f->n2);
    }
    put(b, "]", 1);
}

/* Members that are zero are left out, but for single names, sides and hexes: what a reader
 * most often looks up is always there. */
static bool always_written(const wfield *f)
{
    return f->n1 == 1 && f->n2 == 1 && (f->kind == W_NAME || f->kind == W_SIDE || f->kind == W_HEX);
}

static void desc_text(wbuf *b, const wdesc *d, const char *p)
{
    put(b, "{", 1);
    bool first = true;
    for (int i = 0; i < d->n; i++) {
        const wfield *f = &d->f[i];
        if (!always_written(f) && field_zero(f, p + f->off))
            continue;
        if (!first)
            put(b, ",", 1);
        first = false;
        put_str(b, f->name, strlen(f->name));
        put(b, ":", 1);
        field_text(b, f, p + f->off);
    }
    put(b, "}", 1);
}

/* ---------------------------------------------------------------- reading */
/* Where a value is: its parent and its key (or index). Written out only for a message, so a
 * message that reads cleanly formats no path at all. */
typedef struct wpath {
    const struct wpath *up;
    const char *key;          /* NULL: an index */
    int idx;
    const char *text;         /* the root: its path as given */
} wpath;

static void path_str(const wpath *at, char out[JX_PATH])
{
    if (at->text) {
        snprintf(out, JX_PATH, "%s", at->text);
        return;
    }
    char up[JX_PATH];
    path_str(at->up, up);
    if (at->key)
        jx_key(out, up, at->key);
    else
        jx_idx(out, up, at->idx);
}

/* An integer lo..hi in v, found without a message. */
static bool int_in(const cJSON *v, int lo, int hi, int *out)
{
    if (!cJSON_IsNumber(v))
        return false;
    double d = v->valuedouble;
    if (!(d >= lo && d <= hi) || d != (double)(int)d)
        return false;
    *out = (int)d;
    return true;
}

static bool desc_read(const jx *x, const wdesc *d, const cJSON *v, const wpath *at, char *p);

static bool elem_read(const jx *x, const wfield *f, const cJSON *v, const wpath *at, char *p)
{
    char path[JX_PATH];
    int lo, hi, n, col, row;
    switch (f->kind) {
    case W_NUM:
        if (f->ik == W_U64) {
            uint64_t u;
            path_str(at, path); /* rare: the generator's state, zero in a side's view */
            if (!jx_seed_v(x, v, path, &u))
                return false;
            memcpy(p, &u, sizeof u);
            return true;
        }
        int_range(f->ik, &lo, &hi);
        if (f->lo != f->hi)
            lo = f->lo, hi = f->hi;
        if (!int_in(v, lo, hi, &n))
            return path_str(at, path), jx_int_v(x, v, path, lo, hi, &n);
        int_set(p, f->ik, n);
        return true;
    case W_HEX: {
        js_hex h = JS_NOHEX;
        if (!cJSON_IsNull(v)) {
            if (!(cJSON_IsArray(v) && v->child && v->child->next && !v->child->next->next &&
                  int_in(v->child, -1000, 1000, &col) && int_in(v->child->next, -1000, 1000, &row)))
                return path_str(at, path), jx_hex_v(x, v, path, &col, &row);
            h = js_hex_from_offset(col, row);
        }
        memcpy(p, &h, sizeof h);
        return true;
    }
    case W_STR: {
        if (!cJSON_IsString(v)) {
            char got[64];
            jx_describe(v, got, sizeof got);
            return path_str(at, path), jx_fail(x, path, "expected a string, got %s", got);
        }
        size_t len = strlen(v->valuestring);
        if (len > f->stride) /* a string filling its member has no NUL */
            return path_str(at, path),
                   jx_fail(x, path, "expected at most %zu characters, got %zu", f->stride, len);
        memcpy(p, v->valuestring, len);
        return true;
    }
    case W_SIDE: /* only the engine's: a side number beyond them would index past a mask */
        if (cJSON_IsNull(v)) {
            int_set(p, f->ik, -1);
            return true;
        }
        if (cJSON_IsString(v) && (v->valuestring[0] == 'A' || v->valuestring[0] == 'B') && !v->valuestring[1]) {
            int_set(p, f->ik, v->valuestring[0] - 'A');
            return true;
        }
        return path_str(at, path), jx_side_v(x, v, path, &n);
    case W_NAME:
        if (cJSON_IsString(v)) {
            for (int i = 0; i < f->nnames; i++) {
                const char *s = name_at(f, i);
                if (s && strcmp(s, v->valuestring) == 0) {
                    int_set(p, f->ik, i);
                    return true;
                }
            }
            char got[64];
            jx_describe(v, got, sizeof got);
            return path_str(at, path), jx_fail(x, path, "unknown name %s (docs/formats.md lists the names)", got);
        }
        int_range(f->ik, &lo, &hi);
        if (!int_in(v, lo, hi, &n))
            return path_str(at, path), jx_int_v(x, v, path, lo, hi, &n);
        int_set(p, f->ik, n);
        return true;
    default:
        return desc_read(x, f->sub, v, at, p);
    }
}

static bool want_array(const jx *x, const cJSON *v, const wpath *at, int n)
{
    if (cJSON_IsArray(v) && cJSON_GetArraySize(v) <= n)
        return true;
    char path[JX_PATH];
    path_str(at, path);
    return jx_want_array(x, v, path, 0, n);
}

static bool run_read(const jx *x, const wfield *f, const cJSON *v, const wpath *at, char *p, int n)
{
    if (!want_array(x, v, at, n))
        return false;
    wpath e_at = {at, NULL, 0, NULL};
    for (const cJSON *e = v->child; e; e = e->next, e_at.idx++)
        if (!elem_read(x, f, e, &e_at, p + (size_t)e_at.idx * f->stride))
            return false;
    return true;
}

static bool field_read(const jx *x, const wfield *f, const cJSON *v, const wpath *at, char *p)
{
    if (f->n1 == 1 && f->n2 == 1)
        return elem_read(x, f, v, at, p);
    if (f->n2 == 1)
        return run_read(x, f, v, at, p, f->n1);
    if (!want_array(x, v, at, f->n1))
        return false;
    wpath e_at = {at, NULL, 0, NULL};
    for (const cJSON *e = v->child; e; e = e->next, e_at.idx++)
        if (!run_read(x, f, e, &e_at, p + (size_t)e_at.idx * f->n2 * f->stride, f->n2))
            return false;
    return true;
}

/* The table's field named key, or -1. */
static int field_index(const wdesc *d, const char *key)
{
    for (int i = 0; i < d->n; i++)
        if (d->f[i].name[0] == key[0] && strcmp(d->f[i].name, key) == 0)
            return i;
    return -1;
}

/* One pass over the members: each must be the table's, at most once (jx_fields words the
 * message when one is not). */
static bool desc_read(const jx *x, const wdesc *d, const cJSON *v, const wpath *at, char *p)
{
    char path[JX_PATH];
    if (!cJSON_IsObject(v))
        return path_str(at, path), jx_want_object(x, v, path);
    uint8_t seen[W_MAX_FIELDS] = {0};
    for (const cJSON *m = v->child; m; m = m->next) {
        int i = m->string ? field_index(d, m->string) : -1;
        if (i < 0 || seen[i]++) {
            const char *allowed[W_MAX_FIELDS + 1];
            for (int k = 0; k < d->n; k++)
                allowed[k] = d->f[k].name;
            allowed[d->n] = NULL;
            return path_str(at, path), jx_fields(x, v, path, allowed);
        }
        wpath m_at = {at, d->f[i].name, 0, NULL};
        if (!field_read(x, &d->f[i], m, &m_at, p + d->f[i].off))
            return false;
    }
    return true;
}

/* desc_read from a path given as text. */
static bool desc_read_at(const jx *x, const wdesc *d, const cJSON *v, const char *path, char *p)
{
    wpath at = {NULL, NULL, 0, path};
    return desc_read(x, d, v, &at, p);
}

static bool field_read_at(const jx *x, const wfield *f, const cJSON *v, const char *path, char *p)
{
    wpath at = {NULL, NULL, 0, path};
    return field_read(x, f, v, &at, p);
}

/* ---------------------------------------------------------------- messages */
static const char *const TYPE_NAMES[JSD_WIRE_TYPES] = {"hello", "update", "command", "error", "end"};

const char *jsd_wire_type_name(int type) { return type >= 0 && type < JSD_WIRE_TYPES ? TYPE_NAMES[type] : "?"; }

static cJSON *message(int type)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", TYPE_NAMES[type]);
    cJSON_AddNumberToObject(o, "version", JSD_WIRE_VERSION);
    return o;
}

static void add_side(cJSON *o, const char *key, int side)
{
    const char *s = jx_side_name(side);
    if (s)
        cJSON_AddStringToObject(o, key, s);
    else
        cJSON_AddNullToObject(o, key);
}

/* The start of a message written as text: {"type":"...","version":1 */
static void text_message(wbuf *b, int type)
{
    puts_(b, "{\"type\":\"");
    puts_(b, TYPE_NAMES[type]);
    puts_(b, "\",\"version\":");
    put_int(b, JSD_WIRE_VERSION);
}

static void put_side(wbuf *b, int side)
{
    const char *s = jx_side_name(side);
    puts_(b, s ? (*s == 'A' ? "\"A\"" : "\"B\"") : "null");
}

char *jsd_wire_hello(const js_view *v, uint64_t seed)
{
    wbuf b = {0};
    text_message(&b, JSD_WIRE_HELLO);
    puts_(&b, ",\"side\":");
    put_side(&b, v->viewer);
    char s[32];
    snprintf(s, sizeof s, ",\"seed\":\"%" PRIu64 "\"", seed);
    puts_(&b, s);
    puts_(&b, ",\"scenario\":");
    desc_text(&b, &jsd_wire_scenario, (const char *)&v->st.scn);
    puts_(&b, "}");
    return finish(&b);
}

/* The view but its scenario: who sees, what the other side keeps off the map, the decision,
 * the state. */
char *jsd_wire_update(const js_view *v, int since, const js_event *const *ev, int n)
{
    wbuf b = {0};
    text_message(&b, JSD_WIRE_UPDATE);
    puts_(&b, ",\"view\":{\"viewer\":");
    put_side(&b, v->viewer);
    puts_(&b, ",\"reserve_count\":[");
    for (int s = 0; s < JS_SIDES; s++) {
        if (s)
            puts_(&b, ",");
        put_int(&b, v->reserve_count[s]);
    }
    puts_(&b, "],\"decision\":");
    desc_text(&b, &jsd_wire_wait, (const char *)&v->wait);
    puts_(&b, ",\"state\":");
    desc_text(&b, &jsd_wire_state, (const char *)&v->st);
    puts_(&b, "},\"since\":");
    put_int(&b, since);
    puts_(&b, ",\"events\":[");
    bool first = true;
    for (int i = 0; i < n; i++)
        if (ev[i] && js_event_visible(ev[i], v->viewer)) { /* the view's side may see it */
            if (!first)
                puts_(&b, ",");
            first = false;
            desc_text(&b, &jsd_wire_event, (const char *)ev[i]);
        }
    puts_(&b, "]}");
    return finish(&b);
}

char *jsd_wire_command(const js_cmd *c)
{
    cJSON *cj = jsd_cmd_json(c);
    if (!cj)
        return NULL;
    cJSON *o = message(JSD_WIRE_COMMAND);
    cJSON_AddItemToObject(o, "command", cj);
    return jx_print(o, false);
}

/* The rule id a refusal starts with ("P-2: ..."), or "". */
static void rule_of(const char *reason, char out[8])
{
    out[0] = '\0';
    int i = 0;
    while (reason[i] >= 'A' && reason[i] <= 'Z' && i < 2)
        i++;
    if (i == 0 || reason[i] != '-')
        return;
    int j = i + 1;
    while (reason[j] >= '0' && reason[j] <= '9' && j < i + 4)
        j++;
    if (j == i + 1 || reason[j] != ':' || j >= 8)
        return;
    memcpy(out, reason, (size_t)j);
    out[j] = '\0';
}

char *jsd_wire_error(const char *reason, const js_cmd *c)
{
    cJSON *o = message(JSD_WIRE_ERROR);
    char rule[8];
    reason = reason ? reason : "";
    rule_of(reason, rule);
    cJSON_AddStringToObject(o, "reason", reason);
    if (rule[0])
        cJSON_AddStringToObject(o, "rule", rule);
    else
        cJSON_AddNullToObject(o, "rule");
    cJSON *cj = c ? jsd_cmd_json(c) : NULL;
    if (cj)
        cJSON_AddItemToObject(o, "command", cj);
    return jx_print(o, false);
}

char *jsd_wire_end(const js_view *v, const char *reason)
{
    cJSON *o = message(JSD_WIRE_END);
    const js_state *st = &v->st;
    bool over = st->phase == JS_PHASE_OVER;
    add_side(o, "winner", over ? st->winner : -1);
    cJSON *pts = cJSON_AddArrayToObject(o, "points");
    for (int s = 0; s < JS_SIDES; s++)
        cJSON_AddItemToArray(pts, cJSON_CreateNumber(st->points[s]));
    cJSON_AddStringToObject(o, "reason", reason ? reason : "");
    return jx_print(o, false);
}

/* The deepest nesting of arrays and objects in text, strings skipped; stops counting past max. */
static int nesting(const char *t, size_t len, int max)
{
    int d = 0, deepest = 0;
    bool in_str = false;
    for (size_t i = 0; i < len; i++) {
        char c = t[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = false;
        } else if (c == '"') {
            in_str = true;
        } else if (c == '[' || c == '{') {
            if (++d > deepest && (deepest = d) > max)
                return deepest;
        } else if ((c == ']' || c == '}') && d > 0) {
            d--;
        }
    }
    return deepest;
}

static bool read_view(const jx *x, const cJSON *v, const char *path, const js_scenario *scn, js_view *out)
{
    static const char *const F[] = {"viewer", "reserve_count", "decision", "state", NULL};
    const cJSON *m;
    char p[JX_PATH];
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, F))
        return false;
    memset(out, 0, sizeof *out);
    wfield side = {.name = "viewer", .kind = W_SIDE, .ik = W_I8, .n1 = 1, .n2 = 1, .stride = 1};
    wfield reserve = {.name = "reserve_count", .kind = W_NUM, .ik = W_I16, .n1 = JS_SIDES, .n2 = 1,
                      .stride = sizeof out->reserve_count[0]};
    jx_key(p, path, "viewer");
    if (!jx_need(x, v, path, "viewer", &m) || !field_read_at(x, &side, m, p, (char *)&out->viewer))
        return false;
    jx_key(p, path, "reserve_count");
    if ((m = jx_get(v, "reserve_count")) && !field_read_at(x, &reserve, m, p, (char *)out->reserve_count))
        return false;
    jx_key(p, path, "decision");
    if (!jx_need(x, v, path, "decision", &m) || !desc_read_at(x, &jsd_wire_wait, m, p, (char *)&out->wait))
        return false;
    jx_key(p, path, "state");
    if (!jx_need(x, v, path, "state", &m) || !desc_read_at(x, &jsd_wire_state, m, p, (char *)&out->st))
        return false;
    out->st.scn = *scn;
    return true;
}

static bool read_str(const jx *x, const cJSON *o, const char *key, char *out, size_t cap)
{
    const cJSON *v;
    if (!jx_need(x, o, "", key, &v))
        return false;
    if (!cJSON_IsString(v)) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, key, "expected a string, got %s", got);
    }
    snprintf(out, cap, "%s", v->valuestring); /* a long reason is cut, not refused */
    return true;
}

static bool read_body(const jx *x, const cJSON *root, const js_scenario *scn, jsd_wire_msg *m)
{
    static const char *const HELLO[] = {"type", "version", "side", "seed", "scenario", NULL};
    static const char *const UPDATE[] = {"type", "version", "view", "since", "events", NULL};
    static const char *const COMMAND[] = {"type", "version", "command", NULL};
    static const char *const ERROR[] = {"type", "version", "reason", "rule", "command", NULL};
    static const char *const END[] = {"type", "version", "winner", "points", "reason", NULL};
    static const char *const *const FIELDS[JSD_WIRE_TYPES] = {HELLO, UPDATE, COMMAND, ERROR, END};
    const cJSON *v;
    if (!jx_fields(x, root, "", FIELDS[m->type]))
        return false;
    switch (m->type) {
    case JSD_WIRE_HELLO:
        if (!jx_need(x, root, "", "side", &v) || !jx_side_v(x, v, "side", &m->side) ||
            !jx_need(x, root, "", "seed", &v) || !jx_seed_v(x, v, "seed", &m->seed) ||
            !jx_need(x, root, "", "scenario", &v))
            return false;
        if (!(m->scn = calloc(1, sizeof *m->scn)))
            return jx_fail(x, "", "out of memory");
        return desc_read_at(x, &jsd_wire_scenario, v, "scenario", (char *)m->scn);
    case JSD_WIRE_UPDATE: {
        if (!scn)
            return jx_fail(x, "", "an update before the hello (it carries the scenario)");
        if (!jx_int(x, root, "", "since", true, 0, INT32_MAX, 0, &m->since) ||
            !jx_need(x, root, "", "view", &v))
            return false;
        if (!(m->view = malloc(sizeof *m->view)))
            return jx_fail(x, "", "out of memory");
        if (!read_view(x, v, "view", scn, m->view) || !jx_need(x, root, "", "events", &v) ||
            !jx_want_array(x, v, "events", 0, INT32_MAX))
            return false;
        int n = cJSON_GetArraySize(v);
        if (!(m->events = calloc(n ? (size_t)n : 1, sizeof *m->events)))
            return jx_fail(x, "", "out of memory");
        for (const cJSON *e = v->child; e; e = e->next, m->nevents++) {
            char p[JX_PATH];
            jx_idx(p, "events", m->nevents);
            if (!desc_read_at(x, &jsd_wire_event, e, p, (char *)&m->events[m->nevents]))
                return false;
        }
        return true;
    }
    case JSD_WIRE_COMMAND:
        m->has_cmd = true;
        return jx_need(x, root, "", "command", &v) && jsd_cmd_parse(x, v, "command", NULL, &m->cmd);
    case JSD_WIRE_ERROR:
        if (!read_str(x, root, "reason", m->reason, sizeof m->reason))
            return false;
        if ((v = jx_get(root, "rule")) && !cJSON_IsNull(v) &&
            !jx_str_v(x, v, "rule", 0, (int)sizeof m->rule - 1, m->rule, sizeof m->rule))
            return false;
        if ((v = jx_get(root, "command"))) {
            m->has_cmd = true;
            return jsd_cmd_parse(x, v, "command", NULL, &m->cmd);
        }
        return true;
    default: {
        m->winner = -1;
        if ((v = jx_get(root, "winner")) && !cJSON_IsNull(v) && !jx_side_v(x, v, "winner", &m->winner))
            return false;
        wfield pts = {.name = "points", .kind = W_NUM, .ik = W_I32, .n1 = JS_SIDES, .n2 = 1,
                      .stride = sizeof m->points[0]};
        if ((v = jx_get(root, "points")) && !field_read_at(x, &pts, v, "points", (char *)m->points))
            return false;
        return !jx_get(root, "reason") || read_str(x, root, "reason", m->reason, sizeof m->reason);
    }
    }
}

bool jsd_wire_read(const char *text, size_t len, const js_scenario *scn, const char *where,
                   jsd_wire_msg *out, jsd_error *err)
{
    jx x = {where ? where : "(wire)", err};
    memset(out, 0, sizeof *out);
    out->winner = -1;
    if (!text)
        return jx_fail(&x, "", "no message");
    if (len > JSD_WIRE_MAX)
        return jx_fail(&x, "", "the message is too large (%zu bytes; at most %d are read)", len, JSD_WIRE_MAX);
    int depth = nesting(text, len, JSD_WIRE_MAX_DEPTH);
    if (depth > JSD_WIRE_MAX_DEPTH)
        return jx_fail(&x, "", "the message nests arrays and objects deeper than %d levels", JSD_WIRE_MAX_DEPTH);
    cJSON *root = jx_parse(&x, text, len);
    if (!root)
        return false;
    const cJSON *v;
    int version;
    bool ok = jx_want_object(&x, root, "") &&
              jx_enum(&x, root, "", "type", true, TYPE_NAMES, JSD_WIRE_TYPES, 0, &out->type) &&
              jx_need(&x, root, "", "version", &v) && jx_int_v(&x, v, "version", 1, 1000000, &version);
    if (ok && version != JSD_WIRE_VERSION)
        ok = jx_fail(&x, "version", "unsupported wire version %d (this program speaks version %d)", version,
                     JSD_WIRE_VERSION);
    ok = ok && read_body(&x, root, scn, out);
    cJSON_Delete(root);
    if (!ok)
        jsd_wire_msg_free(out);
    return ok;
}

void jsd_wire_msg_free(jsd_wire_msg *m)
{
    free(m->scn);
    free(m->view);
    free(m->events);
    memset(m, 0, sizeof *m);
    m->winner = -1;
}
