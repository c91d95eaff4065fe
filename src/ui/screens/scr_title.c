/* scr_title.c — the title screen: learn to play, new game, continue, load, watch a replay,
 * settings, rules, quit. The rows never move (a click where a row was must not open another);
 * on the first start (no lesson in the settings yet) Learn to play is offered and focused. Quit
 * by click or Esc asks first: the Back buttons of the battle list and New game sit where Quit
 * sits, and Esc is every other screen's way back. Q quits at once. */
#include "battle/ui_saves.h"
#include "ui_screens.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { T_VS = 1, T_NEW, T_ONLINE, T_CONTINUE, T_LOAD, T_REPLAY, T_SETTINGS, T_RULES, T_QUIT, T_LEARN, T_QUIT_YES, T_QUIT_NO };

typedef struct title {
    ui_screen base;
    bool has_autosave;
    ui_save_info info;          /* the autosave's scenario, turn and players */
    bool info_pending;          /* read after the first frame: startup stays fast */
    int frames;
    int focus;                  /* keyboard focus: index among the menu buttons (in order[]) */
    bool newcomer;              /* no tutorial progress yet: Learn to play first, and offered */
    int order[16];              /* the menu's rows: indices into MENU */
    bool asking_quit;           /* "Quit Jumpstrike?" is up */
    ui_buttons ask;             /* its buttons */
} title;

/* ----------------------------------------------------------------- the title */

static void refresh(title *t)
{
    t->has_autosave = ui_saves_has_autosave();
    memset(&t->info, 0, sizeof t->info);
    t->info_pending = t->has_autosave;
}

static bool title_update(ui_screen *s, ui_app *a, double dt)
{
    (void)dt;
    title *t = (title *)s;
    if (!t->info_pending || t->frames < 1)
        return t->info_pending;
    t->info_pending = false;
    char path[1100];
    if (ui_saves_autosave_path(path, sizeof path))
        ui_saves_info(path, &t->info);
    a->dirty = true;
    return false;
}

static void act(title *t, ui_app *a, int id)
{
    char err[700], path[1100];
    switch (id) {
    case T_LEARN:
        ui_app_push(a, ui_scr_lessons(a));
        break;
    case T_VS:
        ui_app_push(a, ui_scr_picker_for(a, UI_PLAY_VS_COMPUTER));
        break;
    case T_NEW:
        ui_app_push(a, ui_scr_picker(a));
        break;
    case T_ONLINE: {
        ui_screen *s = ui_scr_online(a, err, sizeof err);
        if (s)
            ui_app_push(a, s);
        else
            ui_app_toast(a, "Cannot play online: %s", err);
        break;
    }
    case T_CONTINUE: {
        if (!t->has_autosave || !ui_saves_autosave_path(path, sizeof path)) {
            ui_app_toast(a, "There is no game to continue yet.");
            break;
        }
        ui_screen *s = ui_scr_battle_resume(a, path, err, sizeof err);
        if (!s)
            ui_app_toast(a, "Cannot continue: %s", err);
        else
            ui_app_push(a, s);
        break;
    }
    case T_LOAD:
    case T_REPLAY: {
        ui_screen *s = ui_scr_load(a);
        if (s)
            ui_app_push(a, s);
        else
            ui_app_toast(a, "Cannot open the list of saved games.");
        break;
    }
    case T_SETTINGS:
        ui_app_push(a, ui_scr_settings(a));
        break;
    case T_RULES:
        ui_app_push(a, ui_scr_rules(a));
        break;
    case T_QUIT:
        t->asking_quit = true;
        break;
    default:
        break;
    }
}

static const struct {
    int id;
    const char *label, *key, *tip;
} MENU[] = {
    {T_LEARN, "Learn to play", "T", "Short lessons that teach the game by playing it: about ten minutes in all"},
    {T_VS, "Play against the computer", "P", "Choose a battle; the computer plays the other side"},
    {T_NEW, "New game", "N", "Choose a battle and the two players (or the computer for either side)"},
    {T_ONLINE, "Play online", "O", "Host or join a game on a server, or come back to one: My games"},
    {T_CONTINUE, "Continue", "C", "Pick up the last game where it stopped"},
    {T_LOAD, "Load game", "L", "A game saved by name, or the autosave"},
    {T_REPLAY, "Watch a replay", "W", "Play back a finished or saved game"},
    {T_SETTINGS, "Settings", "S", "Sound, screen, UI scale, animation, colours"},
    {T_RULES, "Rules", "F1", "The rules reference and the keys"},
    {T_QUIT, "Quit", "Q", "Leave the game (asks first; Q quits at once)"},
};
enum { NMENU = sizeof MENU / sizeof MENU[0] };

/* The rows in MENU's order, always: they once moved when the lessons were done, and a click
 * where Play against the computer had been opened New game. */
static void arrange(title *t, const ui_app *a)
{
    t->newcomer = a->set.nlessons == 0;
    for (int i = 0; i < NMENU; i++)
        t->order[i] = i;
}

/* The row (0..NMENU-1) of a menu id. */
static int menu_index(const title *t, int id)
{
    for (int i = 0; i < NMENU; i++)
        if (MENU[t->order[i]].id == id)
            return i;
    return 0;
}

static bool menu_enabled(const title *t, int id) { return id != T_CONTINUE || t->has_autosave; }

/* "Quit Jumpstrike?": Enter, Y or Q quits; Esc, N or a click beside it stays. */
static void ask_event(title *t, ui_app *a, const SDL_Event *e)
{
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_y || k == SDLK_q)
            a->quit = true;
        else if (k == SDLK_ESCAPE || k == SDLK_n)
            t->asking_quit = false;
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_buttons_at(&t->ask, e->button.x, e->button.y);
        if (b && b->id == T_QUIT_YES)
            a->quit = true;
        else
            t->asking_quit = false;
    }
}

static void title_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    title *t = (title *)s;
    if (t->asking_quit) {
        ask_event(t, a, e);
        return;
    }
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_DOWN || k == SDLK_UP) {
            int d = k == SDLK_DOWN ? 1 : -1;
            for (int i = 0; i < NMENU; i++) {
                t->focus = (t->focus + d + NMENU) % NMENU;
                if (menu_enabled(t, MENU[t->order[t->focus]].id))
                    break;
            }
        } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) {
            act(t, a, MENU[t->order[t->focus]].id);
        } else if (k == SDLK_t) {
            act(t, a, T_LEARN);
        } else if (k == SDLK_p) {
            act(t, a, T_VS);
        } else if (k == SDLK_n) {
            act(t, a, T_NEW);
        } else if (k == SDLK_o) {
            act(t, a, T_ONLINE);
        } else if (k == SDLK_c && t->has_autosave) {
            act(t, a, T_CONTINUE);
        } else if (k == SDLK_l) {
            act(t, a, T_LOAD);
        } else if (k == SDLK_w) {
            act(t, a, T_REPLAY);
        } else if (k == SDLK_s) {
            act(t, a, T_SETTINGS);
        } else if (k == SDLK_q) { /* a letter no screen uses to go back */
            a->quit = true;
        } else if (k == SDLK_ESCAPE) {
            act(t, a, T_QUIT);
        }
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (b)
            act(t, a, b->id);
    } else if (e->type == SDL_MOUSEMOTION) {
        const ui_button *b = ui_scr_hit(a, e->motion.x, e->motion.y);
        if (b)
            t->focus = menu_index(t, b->id);
    }
}

/* Two small fleets closing on each other behind the menu, the way they meet on the board: side A
 * from the south heading north with its plotted courses dashed ahead, side B from the north.
 * Drawn from the plain ship pictures (north-up; B's mirrored), so the title needs none of the
 * prepared rotations and comes up sooner. */
static bool hits(SDL_FRect f, const SDL_Rect *avoid, int navoid)
{
    for (int i = 0; i < navoid; i++) {
        SDL_Rect r = {(int)f.x, (int)f.y, (int)(f.w + 1), (int)(f.h + 1)};
        if (SDL_HasIntersection(&r, &avoid[i]))
            return true;
    }
    return false;
}

/* The fleet keeps clear of the menu's words beside the buttons (avoid: their boxes, with room
 * around them): a ship that would sit on them is left out, a course stops short of them. At 150 %
 * the autosave's line crossed three dashed courses and a ship's glow. */
static void draw_fleet(ui_app *a, const SDL_Rect *avoid, int navoid)
{
    static const struct { float x, y; int size, side; } F[] = {
        {0.60f, 0.74f, 2, 0}, {0.50f, 0.62f, 1, 0}, {0.70f, 0.60f, 1, 0}, {0.43f, 0.80f, 0, 0},
        {0.78f, 0.80f, 0, 0}, {0.585f, 0.52f, 0, 0},
        {0.64f, 0.16f, 1, 1}, {0.55f, 0.10f, 0, 1}, {0.74f, 0.10f, 0, 1}, {0.83f, 0.22f, 0, 1},
    };
    static const int SPR[3] = {UI_SPR_SHIP_S, UI_SPR_SHIP_M, UI_SPR_SHIP_L};
    ui_rgba side[2] = {ui_side_palette ? ui_col(86, 180, 233, 255) : ui_col(80, 170, 255, 255),
                       ui_side_palette ? ui_col(230, 159, 0, 255) : ui_col(255, 110, 80, 255)};
    float unit = (float)(a->w < a->h * 1.6f ? a->w / 1.6f : a->h) / 800.0f;
    for (size_t i = 0; i < sizeof F / sizeof F[0]; i++) {
        int id = SPR[F[i].size];
        SDL_Texture *tex = a->g.assets->spr[id];
        if (!tex)
            continue;
        float x = a->w * F[i].x, y = a->h * F[i].y;
        float target = unit * (F[i].size == 2 ? 150.0f : F[i].size == 1 ? 80.0f : 40.0f);
        float sw = (float)a->g.assets->spr_w[id], sh = (float)a->g.assets->spr_h[id];
        float k = target / (sw > sh ? sw : sh);
        float glow = target * 0.62f;
        if (hits((SDL_FRect){x - glow, y - glow, 2 * glow, 2 * glow}, avoid, navoid))
            continue;
        if (F[i].side == 0) { /* the plotted course: dashed, straight ahead */
            /* ends below the subtitle and the lessons hint, which sit at about 0.31-0.37 of the height */
            float len = unit * 150, room = y - target * 0.5f - a->h * 0.40f;
            if (len > room)
                len = room;
            float top = y - target * 0.5f - len, bottom = y - target * 0.5f, pad = 8 * unit;
            for (int j = 0; j < navoid; j++) /* stop short of words in the way */
                if (x + pad > avoid[j].x && x - pad < avoid[j].x + avoid[j].w && top < avoid[j].y + avoid[j].h &&
                    bottom > avoid[j].y && top < avoid[j].y + avoid[j].h + pad)
                    top = (float)(avoid[j].y + avoid[j].h) + pad;
            if (bottom - top > 12 * unit) {
                ui_dashed_line(a->g.r, x, bottom, x, top, 2.0f * unit, 7 * unit, 6 * unit, ui_col(255, 196, 80, 80));
                ui_ring(a->g.r, x, top, 5 * unit, 1.5f * unit, ui_col(255, 196, 80, 110));
            }
        }
        ui_disc(a->g.r, x, y, target * 0.62f, ui_col_alpha(side[F[i].side], 18));
        ui_rgba c = side[F[i].side];
        SDL_SetTextureColorMod(tex, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(tex, 255);
        SDL_FRect dst = {x - sw * k * 0.5f, y - sh * k * 0.5f, sw * k, sh * k};
        if (F[i].side == 0)
            SDL_RenderCopyF(a->g.r, tex, NULL, &dst);
        else
            SDL_RenderCopyExF(a->g.r, tex, NULL, &dst, 0, NULL, SDL_FLIP_VERTICAL);
        SDL_SetTextureColorMod(tex, 255, 255, 255);
    }
}

/* Where the title's parts go: the name, the tagline, the menu's rows (close together at large
 * UI scales in a short window, so all of them show). */
typedef struct {
    int x, name_y, tag_y, menu_y, bw, bh, gap;
} title_layout;

static title_layout lay_out(ui_app *a)
{
    ui_text *tx = a->g.text;
    title_layout l = {.x = ui_px(72), .name_y = a->h / 2 - ui_px(260), .bw = ui_px(340), .bh = ui_px(46), .gap = ui_px(10)};
    if (l.name_y < ui_px(30))
        l.name_y = ui_px(30);
    l.tag_y = l.name_y + ui_text_line_h(tx, UI_FONT_BOLD, ui_px(72)) + ui_px(12);
    l.menu_y = l.tag_y + ui_px(50);
    int avail = a->h - ui_px(12) - l.menu_y;
    if (NMENU * (l.bh + l.gap) > avail) {
        l.menu_y -= ui_px(26); /* less air under the tagline first */
        avail += ui_px(26);
        l.gap = ui_px(4);
        l.bh = avail / NMENU - l.gap;
        int minh = ui_text_line_h(tx, UI_FONT_BOLD, ui_px(17)) + ui_px(4);
        if (l.bh < minh)
            l.bh = minh;
    }
    return l;
}

/* The words beside a menu row: the lessons' offer or progress, the autosave's game. False when
 * the row has none. */
static bool side_line(const title *t, const ui_app *a, int id, char *line, size_t cap, ui_font_face *face, int *px,
                      ui_rgba *col)
{
    if (id == T_LEARN) { /* the offer to a newcomer; the progress later */
        int done = 0;
        for (int k = 0; k < a->set.nlessons; k++)
            done += a->set.lessons[k].state == JSD_MARK_DONE;
        snprintf(line, cap, t->newcomer ? "New here? Start with these short lessons." : "%d lesson%s done", done,
                 done == 1 ? "" : "s");
        *face = t->newcomer ? UI_FONT_BOLD : UI_FONT_SANS;
        *px = ui_px(t->newcomer ? 15 : 13);
        *col = t->newcomer ? UI_ACCENT : UI_TEXT_DIM;
        return true;
    }
    if (id == T_CONTINUE && t->has_autosave && t->info.ok) {
        /* what Continue opens: which battle, where, and whether it is over (a finished duel
         * was offered as "turn 10") */
        snprintf(line, cap, "%s \xc2\xb7 %s %d \xc2\xb7 %s vs %s", t->info.scenario,
                 t->info.over ? "finished at turn" : "in play, turn", t->info.turn,
                 t->info.players[0][0] ? t->info.players[0] : "Player 1",
                 t->info.players[1][0] ? t->info.players[1] : "Player 2");
        *face = UI_FONT_SANS;
        *px = ui_px(13);
        *col = UI_TEXT_DIM;
        return true;
    }
    return false;
}

/* The box of a row's side line (w = 0 when it has none). */
static SDL_Rect side_box(const title *t, ui_app *a, const title_layout *l, int row)
{
    char line[200];
    ui_font_face face;
    int px, w = 0, h = 0;
    ui_rgba col;
    if (!side_line(t, a, MENU[t->order[row]].id, line, sizeof line, &face, &px, &col))
        return (SDL_Rect){0, 0, 0, 0};
    ui_text_size(a->g.text, face, px, line, &w, &h);
    int y = l->menu_y + row * (l->bh + l->gap);
    return (SDL_Rect){l->x + l->bw + ui_px(16), y + (l->bh - h) / 2, w, h};
}

static void title_draw(ui_screen *s, ui_app *a)
{
    title *t = (title *)s;
    SDL_Renderer *r = a->g.r;
    ui_text *tx = a->g.text;
    t->frames++;
    title_layout l = lay_out(a);
    ui_scr_backdrop(a);
    /* a planet low on the right, its limb lit */
    float pr = a->h * 0.55f, pcx = a->w * 1.02f, pcy = a->h * 1.18f;
    for (int i = 12; i >= 1; i--) /* the glow: rings, so only the rim is blended */
        ui_ring(r, pcx, pcy, pr + i * ui_px(4) - ui_px(2), (float)ui_px(4), ui_col(60, 110, 220, 8 + (13 - i) * 5));
    ui_disc(r, pcx, pcy, pr, ui_col(12, 20, 42, 255));
    ui_disc(r, pcx + pr * 0.06f, pcy + pr * 0.06f, pr * 0.97f, ui_col(8, 12, 26, 255));
    SDL_Rect avoid[NMENU];
    int navoid = 0;
    for (int row = 0; row < NMENU; row++) {
        SDL_Rect b = side_box(t, a, &l, row);
        if (b.w > 0)
            avoid[navoid++] = (SDL_Rect){b.x - ui_px(10), b.y - ui_px(8), b.w + ui_px(20), b.h + ui_px(16)};
    }
    draw_fleet(a, avoid, navoid);
    /* the name */
    int x = l.x, y = l.name_y;
    ui_text_draw(tx, UI_FONT_BOLD, ui_px(72), "JUMPSTRIKE", ui_col(20, 30, 60, 255), x + ui_px(3), y + ui_px(4), UI_AL_LEFT);
    int tw = ui_text_draw(tx, UI_FONT_BOLD, ui_px(72), "JUMPSTRIKE", UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_text_line_h(tx, UI_FONT_BOLD, ui_px(72));
    ui_fill_rect(r, (SDL_Rect){x, y, tw, ui_px(3)}, UI_ACCENT);
    ui_text_draw(tx, UI_FONT_SANS, ui_px(18), "Plotted-movement starship combat \xc2\xb7 against the computer, or two players at one screen",
                 UI_TEXT_DIM, x, l.tag_y, UI_AL_LEFT);
    /* the menu */
    int bw = l.bw, bh = l.bh;
    y = l.menu_y;
    for (int row = 0; row < NMENU; row++) {
        int i = t->order[row];
        bool en = menu_enabled(t, MENU[i].id);
        SDL_Rect rc = {x, y, bw, bh};
        bool focus = row == t->focus;
        bool hot = ui_point_in(rc, a->mx, a->my);
        ui_rgba fill = focus && en ? ui_col(46, 60, 100, 240) : ui_col(16, 21, 38, 220);
        ui_panel(r, rc, fill, focus && en ? UI_ACCENT : en ? UI_EDGE : ui_col(44, 50, 66, 255));
        if (focus && en)
            ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, ui_px(5), rc.h}, UI_ACCENT);
        int lh = ui_text_line_h(tx, UI_FONT_BOLD, ui_px(18));
        ui_text_draw(tx, UI_FONT_BOLD, ui_px(18), MENU[i].label, en ? UI_TEXT : ui_col(90, 98, 118, 255),
                     rc.x + ui_px(22), rc.y + (bh - lh) / 2, UI_AL_LEFT);
        ui_text_draw(tx, UI_FONT_MONO, ui_px(13), MENU[i].key, en ? UI_TEXT_DIM : ui_col(70, 76, 92, 255),
                     rc.x + bw - ui_px(14), rc.y + (bh - ui_text_line_h(tx, UI_FONT_MONO, ui_px(13))) / 2, UI_AL_RIGHT);
        /* register for clicks and the test layout (drawn above, so no ui_button_add look) */
        if (a->buttons.n < UI_MAX_BUTTONS) {
            ui_button *b = &a->buttons.b[a->buttons.n];
            memset(b, 0, sizeof *b);
            b->rc = rc;
            b->id = MENU[i].id;
            b->enabled = en;
            snprintf(b->label, sizeof b->label, "%s", MENU[i].label);
            snprintf(b->tip, sizeof b->tip, "%s", en ? MENU[i].tip : "No game in progress: start a new one");
            if (hot)
                a->buttons.hot = a->buttons.n;
            a->buttons.n++;
        }
        char line[200];
        ui_font_face face;
        int px;
        ui_rgba col;
        if (side_line(t, a, MENU[i].id, line, sizeof line, &face, &px, &col)) {
            SDL_Rect sb = side_box(t, a, &l, row);
            ui_text_draw(tx, face, px, line, col, sb.x, sb.y, UI_AL_LEFT);
        }
        y += bh + l.gap;
    }
    char ver[64];
    snprintf(ver, sizeof ver, "v%s \xc2\xb7 F1 rules and keys", UI_VERSION);
    ui_text_draw(tx, UI_FONT_SANS, ui_px(12), ver, UI_TEXT_DIM, a->w - ui_px(16), a->h - ui_px(26), UI_AL_RIGHT);
    ui_scr_tooltips(a);
    char extra[300], said[200] = "";
    ui_font_face sf;
    int spx;
    ui_rgba scol;
    side_line(t, a, T_CONTINUE, said, sizeof said, &sf, &spx, &scol); /* what Continue says it opens */
    snprintf(extra, sizeof extra, "continue %d\nnewcomer %d\ncontinue-says %s\n", t->has_autosave, t->newcomer,
             said[0] ? said : "-");
    if (t->asking_quit) { /* in the middle of the window, away from every screen's Back */
        int cx = a->w / 2, w = ui_px(420), h = ui_px(170), bw = ui_px(170), bh = ui_px(42);
        SDL_Rect rc = {cx - w / 2, a->h / 2 - h / 2, w, h};
        ui_fill_rect(r, (SDL_Rect){0, 0, a->w, a->h}, ui_col(0, 0, 0, 120));
        ui_panel(r, rc, ui_col(14, 18, 34, 250), UI_ACCENT);
        ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, rc.w, ui_px(3)}, UI_ACCENT);
        ui_text_draw(tx, UI_FONT_BOLD, ui_px(20), "Quit Jumpstrike?", UI_TEXT, cx, rc.y + ui_px(20), UI_AL_CENTER);
        ui_text_draw(tx, UI_FONT_SANS, ui_px(14), t->has_autosave ? "Your last game stays in Continue and Load." : "Nothing is lost: no game is in progress.", UI_TEXT_DIM, cx,
                     rc.y + ui_px(58), UI_AL_CENTER);
        int by = rc.y + h - bh - ui_px(18);
        ui_buttons_begin(&t->ask);
        ui_button_add(&t->ask, tx, r, (SDL_Rect){cx - bw - ui_px(10), by, bw, bh}, "Quit", T_QUIT_YES, 0, 0, true, true,
                      "Enter, Y or Q", a->mx, a->my);
        ui_button_add(&t->ask, tx, r, (SDL_Rect){cx + ui_px(10), by, bw, bh}, "Stay", T_QUIT_NO, 0, 0, true, false,
                      "Esc or N", a->mx, a->my);
        a->buttons = t->ask;
        ui_app_layout(a, "quit", extra);
        return;
    }
    ui_app_layout(a, "title", extra);
}

static void title_resize(ui_screen *s, ui_app *a, int w, int h)
{
    (void)w;
    (void)h;
    title *t = (title *)s;
    bool had = t->has_autosave;
    int focused = MENU[t->order[t->focus]].id;
    refresh(t); /* back on top: a game may have been saved, a lesson done meanwhile */
    arrange(t, a);
    t->focus = menu_index(t, t->has_autosave && !had ? T_CONTINUE : focused);
}

static void title_close(ui_screen *s, ui_app *a)
{
    (void)a;
    free(s);
}

ui_screen *ui_scr_title(ui_app *a)
{
    title *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->base.name = "title";
    t->base.design_w = 900; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    t->base.design_h = 740;
    t->base.event = title_event;
    t->base.draw = title_draw;
    t->base.update = title_update;
    t->base.resize = title_resize;
    t->base.close = title_close;
    refresh(t);
    arrange(t, a);
    t->focus = menu_index(t, t->newcomer ? T_LEARN : t->has_autosave ? T_CONTINUE : T_VS);
    return &t->base;
}
