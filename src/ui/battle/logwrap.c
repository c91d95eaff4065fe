/* logwrap.c — wrapped log lines, cached per event (see logwrap.h). */
#include "logwrap.h"
#include <stdint.h>
#include <stdio.h>
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

ui_rgba ui_event_col(const js_scenario *sc, const js_event *e)
{
    switch (e->type) {
    case JS_EV_TURN: case JS_EV_PHASE: case JS_EV_GAME_OVER: return UI_ACCENT;
    case JS_EV_DESTROYED: case JS_EV_DISABLED: case JS_EV_DAMAGE: return UI_BAD;
    case JS_EV_ROLL: return ui_col(200, 200, 160, 255);
    default: break;
    }
    if (e->side == 0 || e->side == 1)
        return ui_col_shade(ui_side_col(sc, e->side), 0.35f);
    return UI_TEXT_DIM;
}

int ui_log_body_draw(SDL_Renderer *r, ui_text *t, ui_logwrap **wrap, const js_game *g, const js_scenario *sc,
                     int limit, ui_log_filter visible, const void *ctx, SDL_Rect panel, int top, int pad,
                     int *scroll)
{
    int px = ui_px(12), lh = ui_text_line_h(t, UI_FONT_SANS, px);
    int rows = (panel.y + panel.h - pad - top) / lh;
    if (rows <= 0)
        return 0;
    /* long lines wrap onto the following lines; each event is wrapped once and kept */
    if (!*wrap)
        *wrap = ui_logwrap_create();
    int width = panel.w - 2 * pad;
    int idx[256], nl[256], n = 0, total = 0, skip = *scroll;
    const char *txt[256];
    for (int i = limit - 1; i >= 0 && total < rows && n < 256; i--) {
        const js_event *e = js_log_at(g, i);
        if (!visible(ctx, e) || e->type == JS_EV_PHASE)
            continue;
        if (skip > 0) {
            skip--;
            continue;
        }
        char line[JS_TEXT_LEN + 48];
        if (e->type == JS_EV_TURN)
            snprintf(line, sizeof line, "\xe2\x80\x94 %s \xe2\x80\x94", e->text);
        else if (e->type == JS_EV_ROLL)
            snprintf(line, sizeof line, "   d%d = %d  %s", e->value2, e->value, e->text);
        else
            snprintf(line, sizeof line, "%s", e->text);
        nl[n] = *wrap ? ui_logwrap_get(*wrap, t, e->type == JS_EV_TURN ? UI_FONT_BOLD : UI_FONT_SANS, px, width, i,
                                       line, &txt[n])
                      : 1;
        if (!*wrap || txt[n] == line) /* not cached (out of memory): drawn clipped */
            nl[n] = 1, txt[n] = e->text;
        idx[n] = i;
        total += nl[n++];
    }
    if (*scroll > 0 && total < rows)
        *scroll -= rows - total > *scroll ? *scroll : rows - total;
    SDL_Rect clip = {panel.x + 1, top, panel.w - 2, panel.y + panel.h - top - 1};
    SDL_RenderSetClipRect(r, &clip);
    int y = top + (total > rows ? (rows - total) * lh : 0); /* the oldest event may start above */
    for (int k = n - 1; k >= 0; k--) {
        const js_event *e = js_log_at(g, idx[k]);
        const char *p = txt[k];
        for (int j = 0; j < nl[k]; j++, y += lh) {
            if (y + lh > top)
                ui_text_draw(t, e->type == JS_EV_TURN ? UI_FONT_BOLD : UI_FONT_SANS, px, p, ui_event_col(sc, e),
                             panel.x + pad, y, UI_AL_LEFT);
            p += strlen(p) + 1;
        }
    }
    SDL_RenderSetClipRect(r, NULL);
    return n;
}
