/* logwrap.c — wrapped log lines, cached per event (see logwrap.h). */
#include "logwrap.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct wrap_entry {
    uint32_t hash;       /* of the text, the face and the size it was wrapped for; 0 = empty */
    int n;               /* lines */
    char *buf;           /* n NUL-ended lines one after the other */
} wrap_entry;

struct ui_logwrap {
    int width;           /* the width every entry was wrapped for; a change empties the cache */
    wrap_entry *e;
    int cap;
    long work;
};

ui_logwrap *ui_logwrap_create(void) { return calloc(1, sizeof(ui_logwrap)); }

static void clear(ui_logwrap *w)
{
    for (int i = 0; i < w->cap; i++) {
        free(w->e[i].buf);
        w->e[i].buf = NULL;
        w->e[i].hash = 0;
        w->e[i].n = 0;
    }
}

void ui_logwrap_destroy(ui_logwrap *w)
{
    if (!w)
        return;
    clear(w);
    free(w->e);
    free(w);
}

long ui_logwrap_work(const ui_logwrap *w) { return w ? w->work : 0; }

static uint32_t hash_of(const char *s, int face, int px)
{
    uint32_t h = 2166136261u ^ (uint32_t)(face * 131 + px);
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h ? h : 1;
}

static int width_of(ui_text *t, ui_font_face face, int px, const char *s, size_t n)
{
    char tmp[512];
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    int w, h;
    ui_text_size(t, face, px, tmp, &w, &h);
    return w;
}

/* Greedy word wrap of s into out (lines NUL-separated); returns the line count. */
static int wrap(ui_text *t, ui_font_face face, int px, int width, const char *s, char *out, size_t cap)
{
    static const char indent[] = "    ";
    size_t o = 0;
    int lines = 0;
    const char *p = s;
    bool first = true;
    while (*p || first) {
        const char *pre = first ? "" : indent;
        size_t pl = strlen(pre);
        char cur[512];
        memcpy(cur, pre, pl);
        size_t len = strlen(p), best = 0;
        /* the longest run that ends at a space (or the end) and fits */
        for (size_t i = 1; i <= len; i++) {
            if (i != len && p[i] != ' ')
                continue;
            if (pl + i >= sizeof cur - 1)
                break;
            memcpy(cur + pl, p, i);
            if (width_of(t, face, px, cur, pl + i) > width)
                break;
            best = i;
        }
        if (best == 0) {
            /* no space fits: break inside the word, on a UTF-8 character boundary */
            size_t i = 0;
            while (i < len && pl + i < sizeof cur - 8) {
                size_t j = i + 1;
                while (j < len && ((unsigned char)p[j] & 0xC0) == 0x80)
                    j++;
                memcpy(cur + pl, p, j);
                if (i > 0 && width_of(t, face, px, cur, pl + j) > width)
                    break;
                i = j;
            }
            best = i ? i : len;
        }
        if (o + pl + best + 1 >= cap)
            break;
        memcpy(out + o, pre, pl);
        memcpy(out + o + pl, p, best);
        o += pl + best;
        out[o++] = 0;
        lines++;
        p += best;
        while (*p == ' ')
            p++;
        first = false;
    }
    return lines;
}

int ui_logwrap_get(ui_logwrap *w, ui_text *t, ui_font_face face, int px, int width, int idx, const char *line,
                   const char **lines)
{
    *lines = line;
    if (!w || idx < 0 || width <= 0)
        return 1;
    if (width != w->width) {
        clear(w);
        w->width = width;
    }
    if (idx >= w->cap) {
        int nc = w->cap ? w->cap : 256;
        while (nc <= idx)
            nc *= 2;
        wrap_entry *ne = realloc(w->e, sizeof *ne * (size_t)nc);
        if (!ne)
            return 1;
        memset(ne + w->cap, 0, sizeof *ne * (size_t)(nc - w->cap));
        w->e = ne;
        w->cap = nc;
    }
    wrap_entry *e = &w->e[idx];
    uint32_t h = hash_of(line, face, px);
    if (e->hash != h || !e->buf) {
        size_t cap = strlen(line) * 2 + 64;
        char *buf = malloc(cap);
        if (!buf)
            return 1;
        int n = wrap(t, face, px, width, line, buf, cap);
        if (n <= 0) {
            free(buf);
            return 1;
        }
        free(e->buf);
        e->buf = buf;
        e->n = n;
        e->hash = h;
        w->work++;
    }
    *lines = e->buf;
    return e->n;
}
