/* jsd_json.c — "expect an X at path P" readers that write the user's error message. */
#define _GNU_SOURCE /* memmem */
#include "jsd_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool jx_fail(const jx *x, const char *path, const char *fmt, ...)
{
    if (!x->err)
        return false;
    char problem[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problem, sizeof problem, fmt, ap);
    va_end(ap);
    if (path && path[0])
        snprintf(x->err->msg, sizeof x->err->msg, "%s: %s: %s", x->file, path, problem);
    else
        snprintf(x->err->msg, sizeof x->err->msg, "%s: %s", x->file, problem);
    return false;
}

bool jsd_fail_plain(jsd_error *err, const char *fmt, ...)
{
    if (!err)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return false;
}

/* The length of the UTF-8 sequence at s (1..4), 0 when it is not one; *cp gets the code
 * point. Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 (RFC 3629). */
static int utf8_seq(const unsigned char *s, unsigned long *cp)
{
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!n)
        return 0;
    unsigned long v = c & (0x7F >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

/* A control character: C0, DEL and C1 (U+0080..U+009F, where 0x9B starts a terminal sequence). */
static bool is_control(unsigned long cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

/* jx_parse stands these two bytes (never UTF-8) for each \u0000 escape: cJSON would end the
 * string there, and the name be cut short in silence. */
#define JX_NUL_MARK "\xC0\x80"

void jx_printable(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p && n + 11 < cap) {
        unsigned long cp;
        int len = utf8_seq(p, &cp);
        if (len == 0) {
            n += (size_t)snprintf(out + n, cap - n, "\\x%02x", *p);
            p++;
        } else if (is_control(cp)) {
            n += (size_t)snprintf(out + n, cap - n, "\\u%04lx", cp);
            p += len;
        } else {
            memcpy(out + n, p, (size_t)len);
            n += (size_t)len;
            p += len;
        }
    }
    if (cap)
        out[n < cap ? n : cap - 1] = '\0';
}

bool jx_text_ok(const jx *x, const char *s, const char *path, const char *allow)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; p[i];) {
        unsigned long cp;
        int len = utf8_seq(p + i, &cp);
        if (len == 0 && p[i] == 0xC0 && p[i + 1] == 0x80)
            return jx_fail(x, path, "holds a NUL character (\\u0000) at byte %zu; text cannot hold one", i);
        if (len == 0)
            return jx_fail(x, path, "is not valid UTF-8 (byte 0x%02x at byte %zu); save the file as UTF-8", p[i], i);
        if (is_control(cp) && !(cp < 0x80 && cp && strchr(allow, (int)cp))) {
            const char *what = cp == 0x1B   ? " (ESC, which starts a terminal escape code)"
                               : cp == 0x9B ? " (CSI, which starts a terminal escape code)"
                               : cp == '\n' ? " (a line break: a name is one line)"
                               : cp == '\r' ? " (a carriage return)"
                               : cp == '\t' ? " (a tab)"
                                            : "";
            return jx_fail(x, path, "holds the control character U+%04lX%s at byte %zu; only printable text is read",
                           cp, what, i);
        }
        i += (size_t)len;
    }
    return true;
}

bool jsd_name_ok(const char *s, char *why, size_t cap)
{
    jsd_error e;
    jx x = {"", &e};
    if (jx_text_ok(&x, s, "", ""))
        return true;
    snprintf(why, cap, "%s", e.msg + 2); /* jx_fail wrote ": problem" for no file, no path */
    return false;
}

/* Every string and member name in the tree is UTF-8 without NUL or control characters but tab,
 * line break and carriage return (which jx_str refuses in names): the one place that sees them
 * all, with the path of the first bad one. path holds the path of v (len bytes, room for
 * JX_PATH); it is put back as it was. */
static bool walk_text(const jx *x, const cJSON *v, char *path, size_t len)
{
    if (cJSON_IsString(v))
        return jx_text_ok(x, v->valuestring, path, "\t\n\r");
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        int w;
        if (cJSON_IsObject(v)) {
            if (!jx_text_ok(x, c->string ? c->string : "", path, "")) {
                size_t n = strlen(x->err ? x->err->msg : "");
                if (x->err && n + 24 < sizeof x->err->msg)
                    snprintf(x->err->msg + n, sizeof x->err->msg - n, " (in a member's name)");
                return false;
            }
            w = snprintf(path + len, JX_PATH - len, "%s%s", len ? "." : "", c->string);
        } else {
            w = snprintf(path + len, JX_PATH - len, "[%d]", i);
        }
        size_t add = w < 0 ? 0 : (size_t)w >= JX_PATH - len ? JX_PATH - len - 1 : (size_t)w;
        bool ok = walk_text(x, c, path, len + add);
        path[len] = '\0';
        if (!ok)
            return false;
    }
    return true;
}

/* A copy of text (valid JSON) with each \u0000 escape in a string made JX_NUL_MARK. */
static char *mark_nuls(const char *text, size_t len, size_t *outlen)
{
    char *out = malloc(len + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_string && c == '\\' && i + 1 < len) {
            if (i + 5 < len && memcmp(text + i + 1, "u0000", 5) == 0) {
                memcpy(out + n, JX_NUL_MARK, 2);
                n += 2;
                i += 5;
            } else {
                out[n++] = c;
                out[n++] = text[++i];
            }
            continue;
        }
        if (c == '"')
            in_string = !in_string;
        out[n++] = c;
    }
    out[n] = '\0';
    *outlen = n;
    return out;
}

/* Parsed root of good JSON text, checked by walk_text (NULL after the message). */
cJSON *jx_checked_text(const jx *x, cJSON *root, const char *text, size_t len)
{
    if (memmem(text, len, "\\u0000", 6)) {
        size_t mlen;
        char *marked = mark_nuls(text, len, &mlen);
        cJSON *again = marked ? cJSON_ParseWithLength(marked, mlen) : NULL;
        free(marked);
        cJSON_Delete(root);
        if (!again)
            return jx_fail(x, "", "not enough memory to read the file (%zu bytes of JSON)", len), NULL;
        root = again;
    }
    char path[JX_PATH] = "";
    if (!walk_text(x, root, path, 0)) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

void jx_describe(const cJSON *v, char *buf, size_t cap)
{
    if (!v) {
        snprintf(buf, cap, "nothing");
    } else if (cJSON_IsString(v)) {
        char shown[200];
        jx_printable(v->valuestring, shown, sizeof shown);
        if (strlen(shown) > 40)
            snprintf(buf, cap, "\"%.37s...\"", shown);
        else
            snprintf(buf, cap, "\"%s\"", shown);
    } else if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d == floor(d) && fabs(d) < 1e15)
            snprintf(buf, cap, "%.0f", d);
        else
            snprintf(buf, cap, "%g", d);
    } else if (cJSON_IsBool(v)) {
        snprintf(buf, cap, "%s", cJSON_IsTrue(v) ? "true" : "false");
    } else if (cJSON_IsNull(v)) {
        snprintf(buf, cap, "null");
    } else if (cJSON_IsArray(v)) {
        snprintf(buf, cap, "an array");
    } else if (cJSON_IsObject(v)) {
        snprintf(buf, cap, "an object");
    } else {
        snprintf(buf, cap, "an invalid value");
    }
}

void jx_key(char *buf, const char *path, const char *key)
{
    if (path && path[0])
        snprintf(buf, JX_PATH, "%s.%s", path, key);
    else
        snprintf(buf, JX_PATH, "%s", key);
}

void jx_idx(char *buf, const char *path, int i) { snprintf(buf, JX_PATH, "%s[%d]", path ? path : "", i); }

static void line_col(const char *text, size_t pos, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < pos; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

cJSON *jx_parse(const jx *x, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
    if (i == len) {
        jx_fail(x, "", len == 0 ? "the file is empty" : "the file holds only white space");
        return NULL;
    }
    /* A file that is not text at all (an image renamed, a binary): say so rather than
     * reporting a JSON syntax error in the middle of binary noise. */
    size_t probe = len < 512 ? len : 512;
    for (size_t k = 0; k < probe; k++) {
        unsigned char ch = (unsigned char)text[k];
        if (ch == 0 || (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')) {
            jx_fail(x, "", "not a JSON text file (binary data at byte %zu)", k);
            return NULL;
        }
    }
    const char *nul = memchr(text, 0, len);
    if (nul) {
        jx_fail(x, "", "not a JSON text file (binary data at byte %zu)", (size_t)(nul - text));
        return NULL;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    size_t pos = end ? (size_t)(end - text) : 0;
    if (root) {
        /* anything but white space after the value is an error */
        while (pos < len && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' ||
                             text[pos] == '\r'))
            pos++;
        if (pos == len)
            return jx_checked_text(x, root, text, len);
        cJSON_Delete(root);
        int line, col;
        line_col(text, pos, &line, &col);
        jx_fail(x, "", "JSON syntax error at line %d, column %d: unexpected text after the end",
                line, col);
        return NULL;
    }
    if (jsd_json_syntax_ok(text, len)) { /* good JSON, so cJSON ran out of memory */
        jx_fail(x, "", "not enough memory to read the file (%zu bytes of JSON)", len);
        return NULL;
    }
    if (pos > len)
        pos = len;
    /* is everything from the error on white space up to the end? then the text stops early */
    size_t rest = pos;
    while (rest < len && (text[rest] == ' ' || text[rest] == '\t' || text[rest] == '\n' ||
                          text[rest] == '\r'))
        rest++;
    int line, col;
    if (rest >= len || pos + 1 >= len) {
        /* report where the text stops: just after its last character that is not white space */
        size_t end = len;
        while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
                           text[end - 1] == '\n' || text[end - 1] == '\r'))
            end--;
        line_col(text, end, &line, &col);
        return jx_fail(x, "", "JSON syntax error: the text ends too early at line %d, column %d "
                              "(truncated file?)", line, col), NULL;
    }
    line_col(text, pos, &line, &col);
    if ((unsigned char)text[pos] >= 0x20 && (unsigned char)text[pos] < 0x7f)
        jx_fail(x, "", "JSON syntax error at line %d, column %d near '%c'", line, col, text[pos]);
    else
        jx_fail(x, "", "JSON syntax error at line %d, column %d", line, col);
    return NULL;
}

cJSON *jx_load(const jx *x, size_t max)
{
    size_t len;
    char *text = jsd_read_file_max(x->file, max, &len, x->err);
    if (!text)
        return NULL;
    cJSON *root = jx_parse(x, text, len);
    free(text);
    return root;
}

bool jx_want_object(const jx *x, const cJSON *v, const char *path)
{
    if (cJSON_IsObject(v))
        return true;
    char got[64];
    jx_describe(v, got, sizeof got);
    if (!path || !path[0])
        return jx_fail(x, path, "expected a JSON object at the top level, got %s", got);
    return jx_fail(x, path, "expected an object, got %s", got);
}

bool jx_want_array(const jx *x, const cJSON *v, const char *path, int min, int max)
{
    if (!cJSON_IsArray(v)) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected an array, got %s", got);
    }
    int n = cJSON_GetArraySize(v);
    if (n < min || n > max) {
        if (min == max)
            return jx_fail(x, path, "expected %d entries, got %d", min, n);
        return jx_fail(x, path, "expected %d..%d entries, got %d", min, max, n);
    }
    return true;
}

/* Levenshtein distance, capped, for "did you mean" hints. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

bool jx_fields(const jx *x, const cJSON *obj, const char *path, const char *const *allowed)
{
    for (const cJSON *m = obj->child; m; m = m->next) {
        const char *k = m->string ? m->string : "";
        bool ok = false;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(allowed[i], k) == 0) {
                ok = true;
                break;
            }
        if (!ok) {
            const char *best = NULL;
            int bestd = 3;
            for (int i = 0; allowed[i]; i++) {
                int d = edit_distance(k, allowed[i]);
                if (d < bestd) {
                    bestd = d;
                    best = allowed[i];
                }
            }
            char shown[100];
            jx_printable(k, shown, sizeof shown);
            if (best)
                return jx_fail(x, path, "unknown field \"%s\" (did you mean \"%s\"?)", shown, best);
            return jx_fail(x, path, "unknown field \"%s\"", shown);
        }
        for (const cJSON *p = obj->child; p != m; p = p->next)
            if (p->string && strcmp(p->string, k) == 0)
                return jx_fail(x, path, "field \"%s\" appears twice", k);
    }
    return true;
}

const cJSON *jx_get(const cJSON *obj, const char *key)
{
    if (!obj)
        return NULL;
    for (const cJSON *m = obj->child; m; m = m->next)
        if (m->string && strcmp(m->string, key) == 0)
            return m;
    return NULL;
}

bool jx_need(const jx *x, const cJSON *obj, const char *path, const char *key, const cJSON **out)
{
    *out = jx_get(obj, key);
    if (*out)
        return true;
    return jx_fail(x, path, "missing required field \"%s\"", key);
}

static bool is_integer(const cJSON *v, long long *out)
{
    if (!cJSON_IsNumber(v))
        return false;
    double d = v->valuedouble;
    if (!(d == floor(d)) || fabs(d) > 1e15)
        return false;
    *out = (long long)d;
    return true;
}

bool jx_int_v(const jx *x, const cJSON *v, const char *path, int lo, int hi, int *out)
{
    long long n;
    if (!is_integer(v, &n) || n < lo || n > hi) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected an integer %d..%d, got %s", lo, hi, got);
    }
    *out = (int)n;
    return true;
}

bool jx_bool_v(const jx *x, const cJSON *v, const char *path, bool *out)
{
    if (!cJSON_IsBool(v)) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected true or false, got %s", got);
    }
    *out = cJSON_IsTrue(v);
    return true;
}

/* A string of minlen..maxlen bytes, UTF-8 with no control character but those in allow. */
static bool str_v(const jx *x, const cJSON *v, const char *path, int minlen, int maxlen, char *out,
                  size_t cap, const char *allow)
{
    if (!cJSON_IsString(v)) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected a string, got %s", got);
    }
    size_t n = strlen(v->valuestring);
    if ((int)n < minlen || (int)n > maxlen || n >= cap) {
        if (minlen > 0 && n == 0)
            return jx_fail(x, path, "expected a non-empty string");
        return jx_fail(x, path, "expected a string of %d..%d characters, got %zu characters",
                       minlen, maxlen, n);
    }
    if (!jx_text_ok(x, v->valuestring, path, allow))
        return false;
    memset(out, 0, cap); /* no stale bytes after the text: structs are hashed whole */
    memcpy(out, v->valuestring, n + 1);
    return true;
}

bool jx_str_v(const jx *x, const cJSON *v, const char *path, int minlen, int maxlen, char *out,
              size_t cap)
{
    return str_v(x, v, path, minlen, maxlen, out, cap, "");
}

bool jx_enum_v(const jx *x, const cJSON *v, const char *path, const char *const *names, int n,
               int *out)
{
    if (cJSON_IsString(v))
        for (int i = 0; i < n; i++)
            if (names[i] && strcmp(names[i], v->valuestring) == 0) {
                *out = i;
                return true;
            }
    char list[320] = "";
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        if (!names[i])
            continue;
        int w = snprintf(list + used, sizeof list - used, "%s\"%s\"", used ? ", " : "", names[i]);
        if (w < 0 || (size_t)w >= sizeof list - used)
            break;
        used += (size_t)w;
    }
    char got[64];
    jx_describe(v, got, sizeof got);
    return jx_fail(x, path, "expected one of %s, got %s", list, got);
}

bool jx_hex_v(const jx *x, const cJSON *v, const char *path, int *col, int *row)
{
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected a hex [col,row], got %s", got);
    }
    long long c, r;
    if (!is_integer(cJSON_GetArrayItem(v, 0), &c) || !is_integer(cJSON_GetArrayItem(v, 1), &r) ||
        c < -1000 || c > 1000 || r < -1000 || r > 1000) {
        return jx_fail(x, path, "expected a hex [col,row] of two integers");
    }
    *col = (int)c;
    *row = (int)r;
    return true;
}

bool jx_side_v(const jx *x, const cJSON *v, const char *path, int *side)
{
    static const char *const names[] = {"A", "B"};
    return jx_enum_v(x, v, path, names, 2, side);
}

bool jx_hash_v(const jx *x, const cJSON *v, const char *path, uint64_t *out)
{
    bool ok = cJSON_IsString(v) && strlen(v->valuestring) == 16;
    uint64_t h = 0;
    for (int i = 0; ok && i < 16; i++) {
        char ch = v->valuestring[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            ok = false;
        else
            h = h << 4 | (uint64_t)d;
    }
    if (!ok) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, path, "expected a hash of 16 lowercase hex digits, got %s", got);
    }
    *out = h;
    return true;
}

/* Seeds are uint64: written as a decimal string; a plain integer is accepted too. */
bool jx_seed_v(const jx *x, const cJSON *v, const char *path, uint64_t *out)
{
    if (cJSON_IsNumber(v)) {
        /* a JSON number is read as a double: past 2^53 - 1 it is not the integer written
         * (9007199254740993 reads as ...992), and the replay would roll other dice */
        double d = v->valuedouble;
        if (d >= 9007199254740992.0)
            return jx_fail(x, path, "a seed above 2^53 - 1 (9007199254740991) is not read exactly as a JSON "
                                    "number; write it as a decimal string in quotes");
        if (d >= 0 && d == (double)(uint64_t)d) {
            *out = (uint64_t)d;
            return true;
        }
    } else if (cJSON_IsString(v)) {
        const char *s = v->valuestring;
        size_t n = strlen(s);
        bool ok = n > 0 && n <= 20;
        uint64_t acc = 0;
        for (size_t i = 0; ok && i < n; i++) {
            if (s[i] < '0' || s[i] > '9') {
                ok = false;
                break;
            }
            unsigned dgt = (unsigned)(s[i] - '0');
            if (acc > (UINT64_MAX - dgt) / 10)
                ok = false;
            else
                acc = acc * 10 + dgt;
        }
        if (ok) {
            *out = acc;
            return true;
        }
    }
    char got[64];
    jx_describe(v, got, sizeof got);
    return jx_fail(x, path, "expected a seed as a decimal string \"0\"..\"%" PRIu64 "\", got %s",
                   UINT64_MAX, got);
}

/* Member key of obj, with its path in p; NULL when it is missing, and then *ok says whether that
 * is allowed (false after a message when it is required). */
static const cJSON *member(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
                           char *p, bool *ok)
{
    const cJSON *v = jx_get(obj, key);
    *ok = v || !required;
    if (!v && required)
        jx_fail(x, path, "missing required field \"%s\"", key);
    if (v)
        jx_key(p, path, key);
    return v;
}

/* member(), with *out = def when the member is missing and may be. */
static const cJSON *member_or(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
                              char *p, bool *ok, int def, int *out)
{
    const cJSON *v = member(x, obj, path, key, required, p, ok);
    if (!v && *ok)
        *out = def;
    return v;
}

bool jx_int(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
            int lo, int hi, int def, int *out)
{
    char p[JX_PATH];
    bool ok;
    const cJSON *v = member_or(x, obj, path, key, required, p, &ok, def, out);
    return v ? jx_int_v(x, v, p, lo, hi, out) : ok;
}

bool jx_bool(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             bool def, bool *out)
{
    char p[JX_PATH];
    bool ok;
    const cJSON *v = member(x, obj, path, key, required, p, &ok);
    if (!v) {
        if (ok)
            *out = def;
        return ok;
    }
    return jx_bool_v(x, v, p, out);
}

/* A string member; `allowed` names the control characters it may hold (str_v). */
static bool str_member(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
                       int minlen, int maxlen, char *out, size_t cap, const char *allowed)
{
    char p[JX_PATH];
    bool ok;
    const cJSON *v = member(x, obj, path, key, required, p, &ok);
    if (!v) {
        if (ok && cap)
            memset(out, 0, cap);
        return ok;
    }
    return str_v(x, v, p, minlen, maxlen, out, cap, allowed);
}

bool jx_str(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
            int minlen, int maxlen, char *out, size_t cap)
{
    return str_member(x, obj, path, key, required, minlen, maxlen, out, cap, "");
}

bool jx_text(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             int minlen, int maxlen, char *out, size_t cap)
{
    return str_member(x, obj, path, key, required, minlen, maxlen, out, cap, "\n");
}

bool jx_enum(const jx *x, const cJSON *obj, const char *path, const char *key, bool required,
             const char *const *names, int n, int def, int *out)
{
    char p[JX_PATH];
    bool ok;
    const cJSON *v = member_or(x, obj, path, key, required, p, &ok, def, out);
    return v ? jx_enum_v(x, v, p, names, n, out) : ok;
}

bool jx_header(const jx *x, const cJSON *root, const char *want_format, int version)
{
    const cJSON *f = jx_get(root, "format");
    if (!f)
        return jx_fail(x, "", "missing required field \"format\" (it tells what kind of file "
                              "this is)");
    if (!cJSON_IsString(f) || strcmp(f->valuestring, want_format) != 0) {
        char got[64];
        jx_describe(f, got, sizeof got);
        return jx_fail(x, "format", "expected \"%s\", got %s", want_format, got);
    }
    const cJSON *v;
    if (!jx_need(x, root, "", "version", &v))
        return false;
    int n = 0; /* set by jx_int_v when it succeeds; gcc -O3 cannot see that */
    if (!jx_int_v(x, v, "version", 1, 1000000, &n))
        return false;
    if (n != version)
        return jx_fail(x, "version", "unsupported format version %d (this program reads "
                                     "version %d)", n, version);
    return true;
}

cJSON *jx_hex_json(int col, int row)
{
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(col));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(row));
    return a;
}

cJSON *jx_axial_json(js_hex h)
{
    int col, row;
    js_hex_to_offset(h, &col, &row);
    return jx_hex_json(col, row);
}

void jx_hash_str(uint64_t h, char out[17]) { snprintf(out, 17, "%016" PRIx64, h); }

const char *jx_side_name(int side)
{
    return side == JS_SIDE_A ? "A" : side == JS_SIDE_B ? "B" : NULL;
}

char *jx_print(cJSON *root, bool pretty)
{
    if (!root)
        return NULL;
    char *s = pretty ? cJSON_Print(root) : cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return s;
}

const char *const jsd_size_names[3] = {"small", "medium", "large"};
const char *const jsd_dice_names[3] = {"seeded", "scripted", "manual"};
const char *const jsd_phase_names[JS_PHASE_COUNT] = {
    "command", "plot", "pod_move_1", "ships", "pod_move_2",
    "missile", "pod_combat", "ship_combat", "resolution", "over",
    "setup_buy", "setup_jump_points", "setup_vanguard", "discard", "setup_jump_offs",
    "new_entry",
};
const char *const jsd_section_names[4] = {"left", "centre", "right", "any"};
const char *const jsd_cc_kind_names[5] = {"scout", "probe", "attack", "assault", "officer"};
const char *const jsd_where_names[6] = {"reserve", "cargo", "map", "gone", "hidden", "arriving"};
const char *const jsd_ship_state_names[3] = {"active", "disabled", "destroyed"};
const char *const jsd_wait_names[JS_WAIT_COUNT] = {
    "none",       "command", "plot",        "pod_move", "missile",
    "pod_attack", "guard",   "ship_attack", "die",
    "setup_buy",  "setup_jump_points", "vanguard", "discard",
    "setup_jump_offs", "new_entry",
};
const char *jsd_wait_name(int kind) { return jsd_wait_names[kind > 0 && kind < JS_WAIT_COUNT ? kind : 0]; }
const char *const jsd_site_kind_names[3] = {"jump_point", "jump_off", "entry"};
const char *const jsd_sites_mode_names[3] = {"fixed", "random", "fair"};
const char *const jsd_turn_names[3] = {"port", "none", "starboard"};
