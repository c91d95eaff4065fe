/* scr_rules.c — the rules reference (F1 anywhere): the keyboard shortcuts, then the rules read at
 * run time from rules.md (installed beside the assets; docs/rules.md in the source tree),
 * wrapped to the window and scrollable, with a contents column to jump to a section. */
#include "ui_lessonlist.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { R_TOC = 1, R_CLOSE };

typedef enum { BK_H1, BK_H2, BK_PARA, BK_BULLET, BK_KEY } block_kind;

typedef struct block {
    block_kind kind;
    char *text;
    char *key;                 /* BK_KEY: the key column */
} block;

typedef struct line {
    int y;                     /* from the top of the content */
    int x;                     /* indent */
    ui_font_face face;
    int px;
    ui_rgba col;
    char *text;
    char *key;                 /* BK_KEY rows */
} line;

typedef struct rules {
    ui_screen base;
    block *b;
    int nb;
    line *l;
    int nl, lcap;
    int toc_block[64], ntoc;   /* blocks that start a section */
    int toc_y[64];
    int height;                /* content height */
    int scroll;
    int laid_w;
    float laid_scale;
    char source[1200];
    SDL_Rect panel, content, toc;
    char want[8];              /* open at this rule's bullet ("P-3"); "" none */
    int want_y;                /* where its bullet is, once laid out (-1: not found) */
} rules;

static const char *KEYS[][2] = {
    {"F1", "this rules reference (anywhere); Esc or F1 closes it"},
    {"Title", "T learn to play \xc2\xb7 N new game \xc2\xb7 O play online \xc2\xb7 C continue \xc2\xb7 L load \xc2\xb7 W watch a replay \xc2\xb7 S settings \xc2\xb7 Q quit (Esc asks first)"},
    {"Mouse", "left click selects and orders \xc2\xb7 drag pans the map \xc2\xb7 wheel zooms \xc2\xb7 Shift-click "
              "more ships, or Shift-drag a box over them while plotting: one order to each \xc2\xb7 right click "
              "lets go"},
    {"Arrows / WASD", "pan the map"},
    {"+ / \xe2\x88\x92", "zoom in and out"},
    {"F or Home", "fit the whole map in the window"},
    {"Tab", "the next of your ships"},
    {"Enter", "Ready: commit your secret decision (pass a handover)"},
    {"Esc", "let go of the selection or placement; with nothing selected, the battle's menu (in a lesson: leave it)"},
    {"Ctrl+Z / Ctrl+Y", "undo and redo plot edits"},
    {"R", "rotate a ship being placed"},
    {"Q / E, [ / ]", "plotting shortcuts on the selected ship (turn, phase)"},
    {"Space / H", "move or hold the selected pod group; resolve the selected missile"},
    {"P", "pass in pod combat"},
    {"1 2 3 4", "animation speed while a turn plays out (slow, normal, fast, instant)"},
    {"M", "mute or unmute"},
    {"F5 / F6", "smaller or larger UI"},
    {"Ctrl+S", "save the game under a name you type (not on a handover screen)"},
    {"Ctrl+Q", "leave the battle (kept: Continue resumes it; a game that is not kept asks first)"},
    {"Del", "in the load list: delete the selected save (after a confirmation)"},
};

/* Play online (docs/online.md), in the words of the screens. */
static const char *ONLINE[][2] = {
    {"Host", "Play online (O): type the server's address (someone runs jumpstrike-server, e.g. "
             "http://203.0.113.5:7600) and your name, pick the battle and your side, then Create. The game "
             "opens; send the invite code it shows (Copy) to the other player. Against the server's computer "
             "no code is needed"},
    {"Join", "Play online: paste the invite code you were sent into Invite code (Paste, or Ctrl+V) and Join. "
             "The code carries the server's address, and it works once: the first Join takes the side and "
             "its key, which only your computer then holds"},
    {"Come back", "Play online, My games: every game this computer holds a key for, \"your move\" first, "
                  "each with when the last move came; Open goes on where it stood (close the window at any "
                  "time: the game lives on the server), Resign gives it up, Forget takes it off the list. A "
                  "game the server no longer has says so: Forget it. The keys are in the data folder, "
                  "online_games.json: copy it to play on from another computer"},
    {"The end", "the results come as in a local game. Watch the replay fetches the server's full record "
                "(both sides, everything visible), keeps it in your saves (Load lists it as \"Online duel v "
                "Bob\") and opens it; if the fetch fails the reason is shown and the button tries again. "
                "A finished game in My games has Replay"},
    {"Waiting", "after Ready the top bar says whom the game waits for and how long; their Ready and the turn "
                "arrive by themselves. Out of reach, it says Reconnecting: what you played is kept and sent"},
};

static char *dup_range(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* Markdown to plain text: drop ** and `, keep the words. */
static void plain(char *s)
{
    char *w = s;
    for (char *p = s; *p; p++) {
        if (*p == '`' || (p[0] == '*' && p[1] == '*'))  {
            if (*p == '*')
                p++;
            continue;
        }
        *w++ = *p;
    }
    *w = 0;
}

static void add_block(rules *r, block_kind k, const char *text, size_t n, const char *key)
{
    block *nb = realloc(r->b, sizeof *r->b * (size_t)(r->nb + 1));
    if (!nb)
        return;
    r->b = nb;
    block *b = &r->b[r->nb++];
    b->kind = k;
    b->text = dup_range(text, n);
    b->key = key ? dup_range(key, strlen(key)) : NULL;
    if (b->text)
        plain(b->text);
}

/* The tutorial's lessons and the rules each teaches (Learn to play on the title screen). */
static void lesson_blocks(rules *r, const ui_lesson_entry *e, int n)
{
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (!e[i].ok)
            continue;
        if (!shown++)
            add_block(r, BK_H2, "Lessons", 7, NULL);
        char key[32], text[400];
        snprintf(key, sizeof key, "Lesson %d", e[i].order);
        snprintf(text, sizeof text, "%s (Learn to play on the title screen): rules ", e[i].title);
        for (int k = 0; k < e[i].nrules; k++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", k ? ", " : "", e[i].rules[k]);
        add_block(r, BK_KEY, text, strlen(text), key);
    }
}

static void parse(rules *r, const char *md, const ui_lesson_entry *lessons, int nlessons)
{
    add_block(r, BK_H2, "Keys", 4, NULL);
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        add_block(r, BK_KEY, KEYS[i][1], strlen(KEYS[i][1]), KEYS[i][0]);
    add_block(r, BK_H2, "Playing online", 14, NULL);
    for (size_t i = 0; i < sizeof ONLINE / sizeof ONLINE[0]; i++)
        add_block(r, BK_KEY, ONLINE[i][1], strlen(ONLINE[i][1]), ONLINE[i][0]);
    lesson_blocks(r, lessons, nlessons);
    if (!md) {
        const char *m = "The rules document (rules.md) was not found next to the game's assets. It is "
                        "docs/rules.md in the source and is installed with the game.";
        add_block(r, BK_PARA, m, strlen(m), NULL);
        return;
    }
    /* paragraphs and bullets: consecutive lines join; a bullet runs until the next bullet,
     * heading or blank line */
    char buf[8192];
    size_t n = 0;
    block_kind cur = BK_PARA;
    bool started = false;
    const char *p = md;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *ln = p;
        p = e ? e + 1 : p + len;
        while (len && (ln[len - 1] == '\r' || ln[len - 1] == ' '))
            len--;
        bool heading = len > 2 && ln[0] == '#';
        bool bullet = len > 2 && ln[0] == '-' && ln[1] == ' ';
        bool blank = len == 0;
        if ((heading || bullet || blank) && n > 0) {
            if (started)
                add_block(r, cur, buf, n, NULL);
            n = 0;
        }
        if (heading) {
            int lv = 0;
            while (lv < (int)len && ln[lv] == '#')
                lv++;
            const char *t = ln + lv;
            while (*t == ' ')
                t++;
            if (lv >= 2) {
                started = true; /* the preface before the first section is about the project */
                size_t hl = len - (size_t)(t - ln);
                /* drop a trailing source note such as " (002, 001)": players do not need it */
                if (hl > 3 && t[hl - 1] == ')') {
                    size_t k = hl - 1;
                    while (k > 0 && ((t[k - 1] >= '0' && t[k - 1] <= '9') || t[k - 1] == ',' || t[k - 1] == ' '))
                        k--;
                    if (k >= 2 && t[k - 1] == '(' && t[k - 2] == ' ')
                        hl = k - 2;
                }
                add_block(r, BK_H2, t, hl, NULL);
            }
            continue;
        }
        if (blank)
            continue;
        if (bullet) {
            cur = BK_BULLET;
            ln += 2;
            len -= 2;
        } else if (n == 0) {
            cur = BK_PARA;
        }
        while (len && *ln == ' ')
            ln++, len--;
        if (n && n + 1 < sizeof buf)
            buf[n++] = ' ';
        if (n + len >= sizeof buf)
            len = sizeof buf - n - 1;
        memcpy(buf + n, ln, len);
        n += len;
    }
    if (n > 0 && started)
        add_block(r, cur, buf, n, NULL);
}

static void add_line(rules *r, int y, int x, ui_font_face f, int px, ui_rgba c, const char *text, size_t n,
                     const char *key)
{
    if (r->nl == r->lcap) {
        int nc = r->lcap ? r->lcap * 2 : 256;
        line *nl = realloc(r->l, sizeof *nl * (size_t)nc);
        if (!nl)
            return;
        r->l = nl;
        r->lcap = nc;
    }
    line *l = &r->l[r->nl++];
    l->y = y;
    l->x = x;
    l->face = f;
    l->px = px;
    l->col = c;
    l->text = dup_range(text, n);
    l->key = key ? dup_range(key, strlen(key)) : NULL;
}

static void free_lines(rules *r)
{
    for (int i = 0; i < r->nl; i++) {
        free(r->l[i].text);
        free(r->l[i].key);
    }
    r->nl = 0;
}

/* Wrap text into lines of at most width pixels; returns the height used. */
static int wrap(rules *r, ui_app *a, const char *s, int y, int x, int width, ui_font_face f, int px, ui_rgba c,
                const char *key)
{
    ui_text *t = a->g.text;
    int lh = ui_text_line_h(t, f, px), used = 0;
    char tmp[1024];
    while (*s) {
        size_t best = 0, i = 0;
        /* grow word by word */
        while (s[i]) {
            size_t j = i;
            while (s[j] == ' ')
                j++;
            while (s[j] && s[j] != ' ')
                j++;
            if (j >= sizeof tmp)
                break;
            memcpy(tmp, s, j);
            tmp[j] = 0;
            int w, h;
            ui_text_size(t, f, px, tmp, &w, &h);
            if (w > width && best > 0)
                break;
            best = j;
            i = j;
        }
        if (best == 0)
            best = strlen(s) < sizeof tmp - 1 ? strlen(s) : sizeof tmp - 1;
        add_line(r, y + used, x, f, px, c, s, best, used == 0 ? key : NULL);
        used += lh;
        s += best;
        while (*s == ' ')
            s++;
    }
    return used;
}

static void layout(rules *r, ui_app *a)
{
    free_lines(r);
    r->ntoc = 0;
    int w = r->content.w - ui_px(24);
    int y = 0;
    for (int i = 0; i < r->nb; i++) {
        const block *b = &r->b[i];
        if (!b->text)
            continue;
        switch (b->kind) {
        case BK_H1:
        case BK_H2:
            if (y > 0)
                y += ui_px(18);
            if (r->ntoc < 64) {
                r->toc_block[r->ntoc] = i;
                r->toc_y[r->ntoc++] = y;
            }
            y += wrap(r, a, b->text, y, 0, w, UI_FONT_BOLD, ui_px(20), UI_ACCENT, NULL) + ui_px(6);
            break;
        case BK_PARA:
            y += wrap(r, a, b->text, y, 0, w, UI_FONT_SANS, ui_px(14), UI_TEXT, NULL) + ui_px(6);
            break;
        case BK_BULLET: {
            /* a rule ID ("P-2") leads the bullet: draw it in the accent colour in the margin */
            const char *t = b->text;
            char id[16] = "";
            size_t k = 0;
            while (t[k] && t[k] != ' ' && k < 8)
                k++;
            if (k >= 3 && k < 8 && t[k] == ' ' && t[1] == '-' && t[0] >= 'A' && t[0] <= 'Z') {
                memcpy(id, t, k);
                id[k] = 0;
                t += k + 1;
            } else {
                snprintf(id, sizeof id, "\xe2\x80\xa2");
            }
            if (r->want[0] && r->want_y < 0 && strcmp(id, r->want) == 0)
                r->want_y = y;
            y += wrap(r, a, t, y, ui_px(52), w - ui_px(52), UI_FONT_SANS, ui_px(14), UI_TEXT, id) + ui_px(5);
            break;
        }
        case BK_KEY:
        {
            int kw = ui_px(170) < w * 3 / 10 ? ui_px(170) : w * 3 / 10; /* the text keeps most of a narrow page */
            y += wrap(r, a, b->text, y, kw, w - kw, UI_FONT_SANS, ui_px(14), UI_TEXT, b->key) + ui_px(3);
        }
            break;
        }
    }
    r->height = y + ui_px(40);
    r->laid_w = r->content.w;
    r->laid_scale = ui_scale;
}

static void clamp(rules *r);

static void place(rules *r, ui_app *a)
{
    int m = ui_px(40);
    r->panel = (SDL_Rect){m, m, a->w - 2 * m, a->h - 2 * m};
    int tw = ui_px(230) < r->panel.w / 4 ? ui_px(230) : r->panel.w / 4;
    int top = r->panel.y + ui_px(70);
    r->toc = (SDL_Rect){r->panel.x + ui_px(16), top, tw, r->panel.y + r->panel.h - top - ui_px(16)};
    r->content = (SDL_Rect){r->toc.x + tw + ui_px(20), top, r->panel.x + r->panel.w - (r->toc.x + tw + ui_px(20)) - ui_px(16),
                            r->toc.h};
    if (r->laid_w != r->content.w || r->laid_scale != ui_scale) {
        int keep = r->want_y;
        r->want_y = -1;
        layout(r, a);
        if (r->want_y >= 0 && keep < 0) { /* opened at a rule: scroll to it, once */
            r->scroll = r->want_y;
            clamp(r);
        }
        if (keep >= 0)
            r->want_y = keep;
    }
}

static void clamp(rules *r)
{
    int max = r->height - r->content.h;
    if (r->scroll > max)
        r->scroll = max;
    if (r->scroll < 0)
        r->scroll = 0;
}

static void rules_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    rules *r = (rules *)s;
    int lh = ui_px(20), page = r->content.h - ui_px(40);
    if (e->type == SDL_KEYDOWN) {
        switch (e->key.keysym.sym) {
        case SDLK_ESCAPE: case SDLK_BACKSPACE: ui_app_pop(a); return;
        case SDLK_DOWN: case SDLK_j: r->scroll += lh * 2; break;
        case SDLK_UP: case SDLK_k: r->scroll -= lh * 2; break;
        case SDLK_PAGEDOWN: case SDLK_SPACE: r->scroll += page; break;
        case SDLK_PAGEUP: r->scroll -= page; break;
        case SDLK_HOME: r->scroll = 0; break;
        case SDLK_END: r->scroll = r->height; break;
        default: break;
        }
    } else if (e->type == SDL_MOUSEWHEEL) {
        r->scroll -= e->wheel.y * lh * 3;
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b && b->id == R_TOC && b->arg >= 0 && b->arg < r->ntoc)
            r->scroll = r->toc_y[b->arg];
        else if (b && b->id == R_CLOSE) {
            ui_app_pop(a);
            return;
        } else if (!ui_point_in(r->panel, e->button.x, e->button.y)) {
            ui_app_pop(a);
            return;
        }
    }
    clamp(r);
}

static void rules_draw(ui_screen *s, ui_app *a)
{
    rules *r = (rules *)s;
    place(r, a);
    clamp(r);
    SDL_Renderer *rd = a->g.r;
    ui_text *t = a->g.text;
    ui_fill_rect(rd, (SDL_Rect){0, 0, a->w, a->h}, ui_col(2, 4, 10, 200));
    ui_panel(rd, r->panel, ui_col(12, 15, 28, 250), UI_EDGE);
    ui_fill_rect(rd, (SDL_Rect){r->panel.x, r->panel.y, r->panel.w, ui_px(3)}, UI_ACCENT);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(26), "Rules reference", UI_TEXT, r->panel.x + ui_px(20), r->panel.y + ui_px(18),
                 UI_AL_LEFT);
    ui_text_draw(t, UI_FONT_SANS, ui_px(12), r->source[0] ? r->source : "rules.md not found", UI_TEXT_DIM,
                 r->panel.x + ui_px(260), r->panel.y + ui_px(30), UI_AL_LEFT);
    ui_scr_button(a, (SDL_Rect){r->panel.x + r->panel.w - ui_px(130), r->panel.y + ui_px(16), ui_px(110), ui_px(34)}, "Close",
                  R_CLOSE, 0, true, "Esc or F1");
    /* contents */
    int ty = r->toc.y, th = ui_px(24);
    int cur = 0;
    for (int i = 0; i < r->ntoc; i++)
        if (r->toc_y[i] <= r->scroll + ui_px(4))
            cur = i;
    for (int i = 0; i < r->ntoc && ty + th <= r->toc.y + r->toc.h; i++) {
        SDL_Rect rc = {r->toc.x, ty, r->toc.w, th};
        bool hot = ui_point_in(rc, a->mx, a->my);
        if (i == cur)
            ui_fill_rect(rd, rc, ui_col(40, 52, 88, 255));
        else if (hot)
            ui_fill_rect(rd, rc, ui_col(26, 34, 58, 255));
        char name[64];
        snprintf(name, sizeof name, "%s", r->b[r->toc_block[i]].text);
        for (;;) { /* shorten to the column with an ellipsis */
            int nw, nh;
            ui_text_size(t, UI_FONT_BOLD, ui_px(13), name, &nw, &nh);
            size_t nl = strlen(name);
            if (nw <= rc.w - ui_px(16) || nl < 6)
                break;
            nl -= 4;
            while (nl > 0 && ((unsigned char)name[nl] & 0xC0) == 0x80)
                nl--;
            snprintf(name + nl, sizeof name - nl, "\xe2\x80\xa6");
        }
        ui_text_draw(t, i == cur ? UI_FONT_BOLD : UI_FONT_SANS, ui_px(13), name, i == cur ? UI_ACCENT : UI_TEXT,
                     rc.x + ui_px(10), rc.y + ui_px(4), UI_AL_LEFT);
        if (a->buttons.n < UI_MAX_BUTTONS) {
            ui_button *b = &a->buttons.b[a->buttons.n++];
            memset(b, 0, sizeof *b);
            b->rc = rc;
            b->id = R_TOC;
            b->arg = i;
            b->enabled = true;
            snprintf(b->label, sizeof b->label, "%.47s", name);
        }
        ty += th;
    }
    ui_fill_rect(rd, (SDL_Rect){r->content.x - ui_px(10), r->content.y, 1, r->content.h}, ui_col_alpha(UI_EDGE, 160));
    /* the text */
    SDL_RenderSetClipRect(rd, &r->content);
    for (int i = 0; i < r->nl; i++) {
        const line *l = &r->l[i];
        int y = r->content.y + l->y - r->scroll;
        if (y + ui_px(30) < r->content.y)
            continue;
        if (y > r->content.y + r->content.h)
            break;
        if (l->key) {
            bool keyrow = l->x >= ui_px(100);
            ui_text_draw(t, keyrow ? UI_FONT_MONO : UI_FONT_BOLD, ui_px(keyrow ? 13 : 13), l->key,
                         keyrow ? ui_col(150, 200, 255, 255) : UI_ACCENT, r->content.x + ui_px(keyrow ? 0 : 4), y + ui_px(1),
                         UI_AL_LEFT);
        }
        ui_text_draw(t, l->face, l->px, l->text, l->col, r->content.x + l->x, y, UI_AL_LEFT);
    }
    SDL_RenderSetClipRect(rd, NULL);
    /* a scroll bar */
    if (r->height > r->content.h) {
        int bh = r->content.h * r->content.h / r->height;
        int by = r->content.y + (r->content.h - bh) * r->scroll / (r->height - r->content.h);
        ui_fill_rect(rd, (SDL_Rect){r->content.x + r->content.w + ui_px(4), by, ui_px(4), bh}, ui_col(90, 110, 160, 200));
    }
    ui_text_trim(t); /* lines scrolled out of sight do not stay as textures */
    char extra[64];
    snprintf(extra, sizeof extra, "scroll %d %d\n", r->scroll, r->height);
    ui_app_layout(a, "rules", extra);
}

static void rules_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)w;
    (void)h;
    place((rules *)s, a);
}

static void rules_close(ui_screen *s, ui_app *a)
{
    rules *r = (rules *)s;
    ui_text_trim(a->g.text);
    free_lines(r);
    free(r->l);
    for (int i = 0; i < r->nb; i++) {
        free(r->b[i].text);
        free(r->b[i].key);
    }
    free(r->b);
    free(r);
}

ui_screen *ui_scr_rules(ui_app *a) { return ui_scr_rules_at(a, NULL); }

ui_screen *ui_scr_rules_at(ui_app *a, const char *rule_id)
{
    rules *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->base.name = "rules";
    r->base.overlay = true;
    r->base.event = rules_event;
    r->base.draw = rules_draw;
    r->base.resize = rules_resize;
    r->base.close = rules_close;
    char *md = NULL;
    if (ui_find_rules_file(a, r->source, sizeof r->source)) {
        jsd_error e;
        size_t len;
        md = jsd_read_file(r->source, &len, &e);
        if (!md)
            r->source[0] = 0;
    }
    ui_lesson_entry *lessons = NULL;
    char err[200];
    int nlessons = ui_lesson_list(a->lesson_dir, false, &lessons, err, sizeof err);
    parse(r, md, lessons, nlessons > 0 ? nlessons : 0);
    free(lessons);
    free(md);
    r->laid_w = -1;
    r->want_y = -1;
    snprintf(r->want, sizeof r->want, "%s", rule_id ? rule_id : "");
    return &r->base;
}
