/* text.c — font and string texture caches (see text.h). */
#include "text.h"
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FONT_SLOTS: a busy battle frame uses up to 10 (face, size) pairs; each open face costs about
 * 190 KB (FreeType's face, HarfBuzz's tables, SDL_ttf's glyph cache), so only a few more than a
 * frame needs stay open, the least recently used closed first (docs/performance.md). */
enum { FONT_SLOTS = 14, STR_SLOTS = 1024, KEEP_FRAMES = 240 };

typedef struct font_slot { int face, px; TTF_Font *f; unsigned used; } font_slot;
typedef struct str_slot {
    uint64_t key;
    SDL_Texture *tex;
    int w, h;
    unsigned last;
} str_slot;

struct ui_text {
    SDL_Renderer *r;
    const ui_assets *a;
    font_slot fonts[FONT_SLOTS];
    int nfonts;
    unsigned font_tick; /* counts font_get calls: the fonts' last use, for closing the least recent */
    str_slot strs[STR_SLOTS]; /* open addressing by key */
    int nstrs;
    unsigned frame;
    bool rendered; /* a string rendered since the last frame began (ui_fonts_trim) */
};

ui_text *ui_text_create(SDL_Renderer *r, const ui_assets *a)
{
    ui_text *t = calloc(1, sizeof *t);
    if (t) {
        t->r = r;
        t->a = a;
    }
    return t;
}

static void drop_strings(ui_text *t)
{
    for (int i = 0; i < STR_SLOTS; i++)
        if (t->strs[i].tex)
            SDL_DestroyTexture(t->strs[i].tex);
    memset(t->strs, 0, sizeof t->strs);
    t->nstrs = 0;
}

void ui_text_destroy(ui_text *t)
{
    if (!t)
        return;
    drop_strings(t);
    for (int i = 0; i < t->nfonts; i++)
        TTF_CloseFont(t->fonts[i].f);
    free(t);
}

void ui_text_frame(ui_text *t)
{
    t->frame++;
    if (t->rendered) { /* glyphs read from the mapped fonts last frame */
        ui_fonts_trim(t->a);
        t->rendered = false;
    }
    if (t->nstrs < STR_SLOTS / 2)
        return;
    /* Too full: rebuild keeping only recently used strings (rehash keeps probing valid). */
    str_slot *old = malloc(sizeof t->strs);
    if (!old) {
        drop_strings(t);
        return;
    }
    memcpy(old, t->strs, sizeof t->strs);
    memset(t->strs, 0, sizeof t->strs);
    t->nstrs = 0;
    for (int i = 0; i < STR_SLOTS; i++) {
        if (!old[i].tex)
            continue;
        if (t->frame - old[i].last > 2 && t->nstrs >= STR_SLOTS / 4) {
            SDL_DestroyTexture(old[i].tex);
            continue;
        }
        unsigned j = (unsigned)(old[i].key % STR_SLOTS);
        while (t->strs[j].tex)
            j = (j + 1) % STR_SLOTS;
        t->strs[j] = old[i];
        t->nstrs++;
    }
    free(old);
}

void ui_text_trim(ui_text *t)
{
    for (int i = 0; i < STR_SLOTS; i++) {
        str_slot *s = &t->strs[i];
        if (s->tex && t->frame - s->last > 1) {
            SDL_DestroyTexture(s->tex);
            s->tex = NULL;
            t->nstrs--;
        }
    }
    /* re-insert the survivors so that linear probing finds every one of them again */
    str_slot *old = malloc(sizeof t->strs);
    if (!old)
        return;
    memcpy(old, t->strs, sizeof t->strs);
    memset(t->strs, 0, sizeof t->strs);
    for (int i = 0; i < STR_SLOTS; i++) {
        if (!old[i].tex)
            continue;
        unsigned j = (unsigned)(old[i].key % STR_SLOTS);
        while (t->strs[j].tex)
            j = (j + 1) % STR_SLOTS;
        t->strs[j] = old[i];
    }
    free(old);
}

static TTF_Font *font_get(ui_text *t, int face, int px)
{
    if (px < 6)
        px = 6;
    /* big sizes come in steps (the board's labels follow the zoom): fewer faces open, each with
     * its own glyph cache, for a difference no eye sees */
    if (px > 40)
        px = (px + 2) / 4 * 4;
    else if (px > 20)
        px = (px + 1) / 2 * 2;
    for (int i = 0; i < t->nfonts; i++)
        if (t->fonts[i].face == face && t->fonts[i].px == px) {
            t->fonts[i].used = ++t->font_tick;
            return t->fonts[i].f;
        }
    TTF_Font *f = ui_font_open(t->a, (ui_font_face)face, px);
    if (!f)
        return NULL;
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    if (t->nfonts == FONT_SLOTS) { /* close the least recently used; its strings stay valid as textures */
        int old = 0;
        for (int i = 1; i < t->nfonts; i++)
            if (t->font_tick - t->fonts[i].used > t->font_tick - t->fonts[old].used)
                old = i;
        TTF_CloseFont(t->fonts[old].f);
        t->fonts[old] = t->fonts[--t->nfonts];
    }
    t->fonts[t->nfonts].face = face;
    t->fonts[t->nfonts].px = px;
    t->fonts[t->nfonts].f = f;
    t->fonts[t->nfonts].used = ++t->font_tick;
    t->nfonts++;
    return f;
}

int ui_text_fonts_open(const ui_text *t) { return t->nfonts; }

static uint64_t key_of(int face, int px, const char *s, ui_rgba c)
{
    uint64_t h = 1469598103934665603ull;
    unsigned char head[8] = {(unsigned char)face, (unsigned char)px, (unsigned char)(px >> 8),
                             c.r, c.g, c.b, c.a, 0x5a};
    for (int i = 0; i < 8; i++)
        h = (h ^ head[i]) * 1099511628211ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h ? h : 1;
}

static str_slot *get_str(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col)
{
    if (!s || !*s)
        return NULL;
    uint64_t k = key_of(face, px, s, col);
    unsigned j = (unsigned)(k % STR_SLOTS);
    while (t->strs[j].tex) {
        if (t->strs[j].key == k) {
            t->strs[j].last = t->frame;
            return &t->strs[j];
        }
        j = (j + 1) % STR_SLOTS;
    }
    if (t->nstrs >= STR_SLOTS - 8) /* never fill the table: a frame with too many strings */
        ui_text_frame(t);
    TTF_Font *f = font_get(t, face, px);
    if (!f)
        return NULL;
    SDL_Color c = {col.r, col.g, col.b, col.a};
    SDL_Surface *surf = TTF_RenderUTF8_Blended(f, s, c);
    t->rendered = true;
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->r, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    if (!tex)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    j = (unsigned)(k % STR_SLOTS);
    while (t->strs[j].tex)
        j = (j + 1) % STR_SLOTS;
    str_slot *sl = &t->strs[j];
    sl->key = k;
    sl->tex = tex;
    sl->w = w;
    sl->h = h;
    sl->last = t->frame;
    t->nstrs++;
    return sl;
}

int ui_text_draw(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                 ui_align al)
{
    str_slot *sl = get_str(t, face, px, s, col);
    if (!sl)
        return 0;
    SDL_Rect d = {x, y, sl->w, sl->h};
    if (al == UI_AL_CENTER)
        d.x -= sl->w / 2;
    else if (al == UI_AL_RIGHT)
        d.x -= sl->w;
    SDL_RenderCopy(t->r, sl->tex, NULL, &d);
    return sl->w;
}

void ui_text_size(ui_text *t, ui_font_face face, int px, const char *s, int *w, int *h)
{
    TTF_Font *f = font_get(t, face, px);
    *w = *h = 0;
    if (f && s && *s) {
        TTF_SizeUTF8(f, s, w, h);
        t->rendered = true;
    } else if (f)
        *h = TTF_FontLineSkip(f);
}

int ui_text_line_h(ui_text *t, ui_font_face face, int px)
{
    TTF_Font *f = font_get(t, face, px);
    return f ? TTF_FontLineSkip(f) : px;
}

static int wrap(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y, int width,
                bool draw, int *widest);

int ui_text_draw_fit(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                     ui_align al, int maxw)
{
    int w, h;
    ui_text_size(t, face, px, s, &w, &h);
    if (w <= maxw)
        return ui_text_draw(t, face, px, s, col, x, y, al);
    char buf[512];
    size_t n = strlen(s) < sizeof buf - 4 ? strlen(s) : sizeof buf - 4;
    /* the longest start that fits with the ellipsis: halve the range (a measure per step) */
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        while (mid > 0 && ((unsigned char)s[mid] & 0xC0) == 0x80)
            mid--; /* never inside a character */
        if (mid <= lo) {
            hi = lo;
            break;
        }
        snprintf(buf, sizeof buf, "%.*s\xe2\x80\xa6", (int)mid, s);
        ui_text_size(t, face, px, buf, &w, &h);
        if (w <= maxw)
            lo = mid;
        else
            hi = mid - 1;
    }
    while (lo > 0 && ((unsigned char)s[lo] & 0xC0) == 0x80)
        lo--;
    while (lo > 0 && s[lo - 1] == ' ')
        lo--; /* no space before the ellipsis */
    snprintf(buf, sizeof buf, "%.*s\xe2\x80\xa6", (int)lo, s);
    return ui_text_draw(t, face, px, buf, col, x, y, al);
}

int ui_text_wrap(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y,
                 int width)
{
    return wrap(t, face, px, s, col, x, y, width, true, NULL);
}

int ui_text_wrap_size(ui_text *t, ui_font_face face, int px, const char *s, int width, int *widest)
{
    *widest = 0;
    return wrap(t, face, px, s, (ui_rgba){0, 0, 0, 0}, 0, 0, width, false, widest);
}

static int wrap(ui_text *t, ui_font_face face, int px, const char *s, ui_rgba col, int x, int y, int width,
                bool draw, int *widest)
{
    /* greedy word wrap; each line goes through the string cache */
    char line[512];
    int lh = ui_text_line_h(t, face, px), used = 0;
    const char *p = s;
    while (*p) {
        int n = 0, last_space = -1;
        while (p[n] && p[n] != '\n' && n < (int)sizeof line - 1) {
            line[n] = p[n];
            line[n + 1] = 0;
            int w, h;
            ui_text_size(t, face, px, line, &w, &h);
            if (w > width && last_space > 0) {
                n = last_space;
                break;
            }
            if (w > width && n > 0) { /* one word wider than the line (a file's path): cut it, */
                while (n > 0 && ((unsigned char)p[n] & 0xC0) == 0x80) /* between characters */
                    n--;
                if (n > 0)
                    break;
            }
            if (p[n] == ' ')
                last_space = n;
            n++;
        }
        line[n] = 0;
        if (draw) {
            ui_text_draw(t, face, px, line, col, x, y + used, UI_AL_LEFT);
        } else {
            int w, h;
            ui_text_size(t, face, px, line, &w, &h);
            if (w > *widest)
                *widest = w;
        }
        used += lh;
        p += n;
        while (*p == ' ' || *p == '\n')
            p++;
    }
    return used;
}
