/* jsd_syntax.c — is this text JSON? Answered without allocating a byte, so that when cJSON
 * fails on text this calls good, jx_parse can say the failure was memory (a parse under a memory
 * limit used to come out as "JSON syntax error at line 1, column 3561657").
 *
 * It follows RFC 8259 and, where cJSON 1.7 refuses more, refuses the same: nesting deeper than
 * cJSON's 1,000 levels, numbers longer than the 63 characters cJSON reads, lone UTF-16
 * surrogates in \u escapes. Where unsure it is stricter (control characters in strings), which
 * can only leave the syntax message standing. */
#include "jsd_internal.h"

#include <string.h>

enum { MAX_DEPTH = 1000, MAX_NUMBER = 63 };

typedef struct scan {
    const char *s;
    size_t n, i;
} scan;

static int peek(const scan *c) { return c->i < c->n ? (unsigned char)c->s[c->i] : -1; }

static void skip_ws(scan *c)
{
    while (c->i < c->n && (c->s[c->i] == ' ' || c->s[c->i] == '\t' || c->s[c->i] == '\n' ||
                           c->s[c->i] == '\r'))
        c->i++;
}

static bool is_digit(int ch) { return ch >= '0' && ch <= '9'; }

static int hex4(scan *c)
{
    if (c->n - c->i < 4)
        return -1;
    int v = 0;
    for (int k = 0; k < 4; k++) {
        int ch = (unsigned char)c->s[c->i++], d;
        if (is_digit(ch))
            d = ch - '0';
        else if (ch >= 'a' && ch <= 'f')
            d = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F')
            d = ch - 'A' + 10;
        else
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static bool string(scan *c)
{
    if (peek(c) != '"')
        return false;
    c->i++;
    for (;;) {
        int ch = peek(c);
        if (ch < 0x20) /* the end of the text (-1) or a control character */
            return false;
        c->i++;
        if (ch == '"')
            return true;
        if (ch != '\\')
            continue;
        ch = peek(c);
        c->i++;
        if (ch == 'u') {
            int u = hex4(c);
            if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF))
                return false;
            if (u >= 0xD800 && u <= 0xDBFF) { /* a high surrogate needs its low one */
                if (peek(c) != '\\' || c->i + 1 >= c->n || c->s[c->i + 1] != 'u')
                    return false;
                c->i += 2;
                int lo = hex4(c);
                if (lo < 0xDC00 || lo > 0xDFFF)
                    return false;
            }
        } else if (ch <= 0 || !strchr("\"\\/bfnrt", ch)) {
            return false;
        }
    }
}

static bool number(scan *c)
{
    size_t start = c->i;
    if (peek(c) == '-')
        c->i++;
    if (peek(c) == '0') {
        c->i++;
    } else if (is_digit(peek(c))) {
        while (is_digit(peek(c)))
            c->i++;
    } else {
        return false;
    }
    if (peek(c) == '.') {
        c->i++;
        if (!is_digit(peek(c)))
            return false;
        while (is_digit(peek(c)))
            c->i++;
    }
    if (peek(c) == 'e' || peek(c) == 'E') {
        c->i++;
        if (peek(c) == '+' || peek(c) == '-')
            c->i++;
        if (!is_digit(peek(c)))
            return false;
        while (is_digit(peek(c)))
            c->i++;
    }
    return c->i - start <= MAX_NUMBER;
}

static bool literal(scan *c, const char *word)
{
    size_t len = strlen(word);
    if (c->n - c->i < len || memcmp(c->s + c->i, word, len) != 0)
        return false;
    c->i += len;
    return true;
}

/* After '{' or ',' in an object: a key and its colon. */
static bool key(scan *c)
{
    skip_ws(c);
    if (!string(c))
        return false;
    skip_ws(c);
    if (peek(c) != ':')
        return false;
    c->i++;
    return true;
}

bool jsd_json_syntax_ok(const char *text, size_t len)
{
    scan c = {text, len, 0};
    char open[MAX_DEPTH]; /* the containers we are in: '[' or '{' */
    int depth = 0;
    for (;;) {
        /* a value */
        skip_ws(&c);
        int ch = peek(&c);
        bool opened = false;
        if (ch == '[' || ch == '{') {
            if (depth >= MAX_DEPTH)
                return false;
            open[depth++] = (char)ch;
            c.i++;
            skip_ws(&c);
            if (peek(&c) == (ch == '[' ? ']' : '}')) {
                c.i++;
                depth--;
            } else if (ch == '{' && !key(&c)) {
                return false;
            } else {
                opened = true;
            }
        } else if (ch == '"') {
            if (!string(&c))
                return false;
        } else if (ch == '-' || is_digit(ch)) {
            if (!number(&c))
                return false;
        } else if (!literal(&c, "true") && !literal(&c, "false") && !literal(&c, "null")) {
            return false;
        }
        if (opened)
            continue;
        /* after a value: a comma, the end of containers, or the end of the text */
        for (;;) {
            skip_ws(&c);
            if (depth == 0)
                return c.i == c.n;
            char top = open[depth - 1];
            ch = peek(&c);
            if (ch == ',') {
                c.i++;
                if (top == '{' && !key(&c))
                    return false;
                break;
            }
            if (ch != (top == '[' ? ']' : '}'))
                return false;
            c.i++;
            depth--;
        }
    }
}
