/* scr_newgame.c — a new game's choices: who plays each side (a human, or the computer at a
 * level), the players' names, an optional password per side (asked at each handover; only
 * between two humans), the seed (shown, editable) and the dice source. With the computer on
 * both sides the game is watched (scr_watch.c) instead of played. */
#include "battle/battle.h"
#include "battle/ui_saves.h"
#include "js_ai.h"
#include "ui_screens.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N_FIELD = 1, N_DICE, N_RESEED, N_START, N_BACK, N_SHOWPW, N_WHO };
enum { F_NAME_A = 0, F_PW_A, F_NAME_B, F_PW_B, F_SEED, F_COUNT }; /* Tab order */

typedef struct newgame {
    ui_screen base;
    js_scenario *scn;
    char err[512];
    ui_game_setup setup;
    char seed_text[24];
    int focus;
    bool show_pw;
    SDL_Rect field_rc[F_COUNT];
} newgame;

static char *field_buf(newgame *n, int f, size_t *cap)
{
    switch (f) {
    case F_NAME_A: case F_NAME_B:
        *cap = JS_NAME_LEN;
        return n->setup.players[f == F_NAME_B];
    case F_PW_A: case F_PW_B:
        *cap = JS_NAME_LEN;
        return n->setup.password[f == F_PW_B];
    default:
        *cap = 21;
        return n->seed_text;
    }
}

/* Side s is the computer's (its level), or -1 for a human. */
static int level_of(const newgame *n, int s) { return n->setup.computer[s][0] ? js_ai_level_parse(n->setup.computer[s]) : -1; }
static int computers(const newgame *n) { return (level_of(n, 0) >= 0) + (level_of(n, 1) >= 0); }

/* The field is on the screen: names are a human's, passwords only between two humans. */
static bool field_on(const newgame *n, int f)
{
    switch (f) {
    case F_NAME_A: case F_NAME_B: return level_of(n, f == F_NAME_B) < 0;
    case F_PW_A: case F_PW_B: return computers(n) == 0;
    default: return !n->setup.manual_dice;
    }
}

static void set_player(newgame *n, int s, int level)
{
    if (level < 0) {
        if (n->setup.computer[s][0]) /* the computer's name goes with it */
            n->setup.players[s][0] = 0;
        n->setup.computer[s][0] = 0;
    } else {
        snprintf(n->setup.computer[s], JSD_LEVEL_LEN, "%s", js_ai_level_name(level));
        ui_computer_name(level, n->setup.players[s], JS_NAME_LEN);
    }
    if (computers(n) > 0) /* no handover, so no password */
        memset(n->setup.password, 0, sizeof n->setup.password);
    if (!field_on(n, n->focus))
        n->focus = F_SEED;
}

static void new_seed(newgame *n)
{
    uint64_t s = SDL_GetPerformanceCounter() ^ ((uint64_t)SDL_GetTicks() << 32);
    s ^= s >> 29;
    s *= 0xbf58476d1ce4e5b9ull;
    s ^= s >> 32;
    snprintf(n->seed_text, sizeof n->seed_text, "%llu", (unsigned long long)(s % 1000000000ull));
}

static void start(newgame *n, ui_app *a)
{
    char *end;
    if (!n->seed_text[0]) {
        ui_app_toast(a, "The seed is empty: type a number or press New seed.");
        n->focus = F_SEED;
        return;
    }
    unsigned long long seed = strtoull(n->seed_text, &end, 10);
    if (*end) {
        ui_app_toast(a, "The seed must be a whole number.");
        n->focus = F_SEED;
        return;
    }
    ui_game_setup st = n->setup;
    st.seed = seed;
    for (int s = 0; s < 2; s++)
        if (!st.players[s][0])
            snprintf(st.players[s], JS_NAME_LEN, "%s", s ? "Player 2" : "Player 1");
    if (computers(n) == 2) { /* nobody plays: the computer plays itself, and the player watches */
        char err[600];
        ui_screen *w = ui_scr_watch(a, &st, err, sizeof err);
        if (!w) {
            ui_app_toast(a, "Cannot start: %s", err);
            return;
        }
        SDL_StopTextInput();
        ui_app_push(a, w);
        return;
    }
    char autosave[1100] = "", err[600];
    ui_autosave_path(a, autosave, sizeof autosave); /* none: the battle's notice says so */
    ui_screen *b = ui_scr_battle_new(a, &st, autosave[0] ? autosave : NULL, err, sizeof err);
    memset(&st, 0, sizeof st); /* no copy of the passwords stays behind */
    if (!b) {
        ui_app_toast(a, "Cannot start: %s", err);
        return;
    }
    SDL_StopTextInput();
    /* the battle replaces the menus: leaving it goes back to the title */
    ui_app_pop_to(a, "title");
    ui_app_push(a, b);
}

static void newgame_event(ui_screen *s, ui_app *a, const SDL_Event *e)
{
    newgame *n = (newgame *)s;
    SDL_StartTextInput();
    if (e->type == SDL_TEXTINPUT) {
        size_t cap;
        char *buf = field_buf(n, n->focus, &cap);
        for (const char *p = e->text.text; *p; p++) {
            size_t len = strlen(buf);
            if (n->focus == F_SEED && (*p < '0' || *p > '9'))
                continue;
            if (len + 1 < cap)
                buf[len] = *p, buf[len + 1] = 0;
        }
    } else if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        size_t cap;
        char *buf = field_buf(n, n->focus, &cap);
        if (k == SDLK_ESCAPE) {
            SDL_StopTextInput();
            ui_app_pop(a);
        } else if (k == SDLK_TAB) {
            for (int i = 0; i < F_COUNT; i++) { /* the next field on the screen */
                n->focus = (n->focus + ((e->key.keysym.mod & KMOD_SHIFT) ? F_COUNT - 1 : 1)) % F_COUNT;
                if (field_on(n, n->focus))
                    break;
            }
        } else if (k == SDLK_BACKSPACE && buf[0]) {
            size_t len = strlen(buf);
            /* remove a whole UTF-8 character */
            while (len > 0 && ((unsigned char)buf[len - 1] & 0xC0) == 0x80)
                len--;
            if (len > 0)
                len--;
            buf[len] = 0;
        } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            start(n, a);
        }
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        const ui_button *b = ui_scr_hit(a, e->button.x, e->button.y);
        if (!b)
            return;
        switch (b->id) {
        case N_FIELD: n->focus = b->arg; break;
        case N_DICE: n->setup.manual_dice = b->arg != 0; break;
        case N_RESEED: new_seed(n); break;
        case N_SHOWPW: n->show_pw = !n->show_pw; break;
        case N_WHO: set_player(n, b->arg, b->arg2); break;
        case N_START: start(n, a); break;
        case N_BACK:
            SDL_StopTextInput();
            ui_app_pop(a);
            break;
        default: break;
        }
    }
}

static void draw_field(newgame *n, ui_app *a, int f, SDL_Rect rc, const char *label, const char *hint, bool secret)
{
    ui_text *t = a->g.text;
    ui_text_draw(t, UI_FONT_SANS, ui_px(13), label, UI_TEXT_DIM, rc.x, rc.y - ui_px(20), UI_AL_LEFT);
    bool focus = n->focus == f;
    ui_panel(a->g.r, rc, focus ? ui_col(8, 12, 26, 255) : ui_col(12, 16, 30, 240), focus ? UI_ACCENT : UI_EDGE);
    size_t cap;
    char *buf = field_buf(n, f, &cap);
    char shown[4 * JS_NAME_LEN + 8];
    if (secret && !n->show_pw) {
        shown[0] = 0;
        for (const char *p = buf; *p; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                strcat(shown, "\xe2\x97\x8f");
    } else {
        snprintf(shown, sizeof shown, "%s", buf);
    }
    int ty = rc.y + (rc.h - ui_text_line_h(t, UI_FONT_SANS, ui_px(16))) / 2;
    int w = 0;
    if (shown[0])
        w = ui_text_draw(t, UI_FONT_SANS, ui_px(16), shown, UI_TEXT, rc.x + ui_px(10), ty, UI_AL_LEFT);
    else if (!focus && hint)
        ui_text_draw(t, UI_FONT_SANS, ui_px(15), hint, ui_col(90, 100, 124, 255), rc.x + ui_px(10), ty, UI_AL_LEFT);
    if (focus) /* a steady caret: a blinking one would keep the idle loop awake */
        ui_fill_rect(a->g.r, (SDL_Rect){rc.x + ui_px(11) + w, ty + ui_px(2), ui_px(2), ui_px(18)}, UI_ACCENT);
    n->field_rc[f] = rc;
    if (a->buttons.n < UI_MAX_BUTTONS) {
        ui_button *b = &a->buttons.b[a->buttons.n++];
        memset(b, 0, sizeof *b);
        b->rc = rc;
        b->id = N_FIELD;
        b->arg = f;
        b->enabled = true;
        snprintf(b->label, sizeof b->label, "field %s", label);
    }
}

static void newgame_draw(ui_screen *s, ui_app *a)
{
    newgame *n = (newgame *)s;
    SDL_Renderer *r = a->g.r;
    ui_text *t = a->g.text;
    ui_scr_backdrop(a);
    char sub[200];
    snprintf(sub, sizeof sub, "%s \xc2\xb7 %d\xc3\x97%d hexes \xc2\xb7 %d turns", n->scn->name, n->scn->width,
             n->scn->height, n->scn->turn_limit);
    int y0 = ui_scr_heading(a, "New game", sub);
    int x0 = ui_px(48);
    int colw = (a->w - 2 * x0) * 56 / 100;
    /* the two sides, each a card: who plays it, then the human's name and password */
    int cardh = ui_px(182), y = y0;
    for (int sd = 0; sd < 2; sd++) {
        ui_rgba c = ui_side_col(n->scn, sd);
        SDL_Rect card = {x0, y, colw, cardh};
        ui_panel(r, card, ui_col(14, 18, 34, 235), ui_col_shade(c, -0.3f));
        ui_fill_rect(r, (SDL_Rect){card.x, card.y, ui_px(5), card.h}, c);
        char head[120];
        snprintf(head, sizeof head, "Side %c \xc2\xb7 %s", 'A' + sd, n->scn->sides[sd].name);
        ui_text_draw(t, UI_FONT_BOLD, ui_px(18), head, c, card.x + ui_px(20), card.y + ui_px(12), UI_AL_LEFT);
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), sd ? "from the north edge" : "from the south edge \xc2\xb7 moves first on turn 1",
                     UI_TEXT_DIM, card.x + colw - ui_px(16), card.y + ui_px(16), UI_AL_RIGHT);
        /* who plays: a human, or the computer at one of its levels */
        int lv = level_of(n, sd), nb = 1 + JS_AI_LEVELS;
        int bx = card.x + ui_px(20), bwho = (colw - ui_px(40) - (nb - 1) * ui_px(8)) / nb;
        if (bwho > ui_px(150))
            bwho = ui_px(150);
        static const char *const TIPS[JS_AI_LEVELS] = {
            "The computer, quick, with a beginner's habits",
            "The computer, reading your likely moves",
            "The computer, also playing the coming turns out",
            "The computer at its strongest: it searches your best answers to its plots and guesses the orders you plotted"};
        /* how each level plays, in a few words (docs/ai.md has the figures behind them) */
        static const char *const HOW[JS_AI_LEVELS] = {
            "plays quickly, with a beginner's slips",
            "keeps its distance and waits for you to come",
            "waits for you to come, then punishes mistakes",
            "comes for you when it is the stronger"};
        for (int k = -1; k < JS_AI_LEVELS; k++) {
            char label[40];
            if (k < 0)
                snprintf(label, sizeof label, "Human");
            else
                ui_computer_name(k, label, sizeof label);
            char *shown = k < 0 ? label : label + strlen("Computer (");
            if (k >= 0)
                shown[strlen(shown) - 1] = 0; /* "Captain": the row says it is the computer */
            char full[48];
            snprintf(full, sizeof full, "%s %c %s", k < 0 ? "Human" : "Computer", 'A' + sd, shown);
            int bi = ui_button_add(&a->buttons, t, r, (SDL_Rect){bx + (k + 1) * (bwho + ui_px(8)), card.y + ui_px(44), bwho, ui_px(30)},
                                   shown, N_WHO, sd, k, true, lv == k,
                                   k < 0 ? "A player at this screen" : TIPS[k], a->mx, a->my);
            if (k >= 0) /* under each level's button: how it plays */
                ui_text_draw(t, UI_FONT_SANS, ui_px(11), js_ai_level_style(k), UI_TEXT_DIM, bx + (k + 1) * (bwho + ui_px(8)),
                             card.y + ui_px(78), UI_AL_LEFT);
            if (bi >= 0) /* the test layout tells the rows apart: "Computer B Captain" */
                snprintf(a->buttons.b[bi].label, sizeof a->buttons.b[bi].label, "%s", full);
        }
        int fw = (colw - ui_px(60)) / 2, fy = card.y + ui_px(112);
        if (lv >= 0) {
            char line[160];
            snprintf(line, sizeof line, "The computer plays this side%s: it %s.", lv == JS_AI_LEVELS - 1 ? " at its strongest" : "",
                     HOW[lv]);
            ui_text_draw(t, UI_FONT_SANS, ui_px(14), line, UI_TEXT, card.x + ui_px(20), fy, UI_AL_LEFT);
            ui_text_draw(t, UI_FONT_SANS, ui_px(12), "It decides from what its side may see, and never sees your orders.",
                         UI_TEXT_DIM, card.x + ui_px(20), fy + ui_px(24), UI_AL_LEFT);
        } else {
            draw_field(n, a, sd ? F_NAME_B : F_NAME_A, (SDL_Rect){card.x + ui_px(20), fy, fw, ui_px(40)},
                       sd ? "Player B's name" : "Player A's name", sd ? "Player 2" : "Player 1", false);
        }
        if (field_on(n, sd ? F_PW_B : F_PW_A)) {
            draw_field(n, a, sd ? F_PW_B : F_PW_A, (SDL_Rect){card.x + ui_px(40) + fw, fy, fw, ui_px(40)}, "Password (optional)",
                       "none", true);
            ui_text_draw(t, UI_FONT_SANS, ui_px(12),
                         n->setup.password[sd][0] ? "Asked at every handover to this side" : "None: the handover is open",
                         UI_TEXT_DIM, card.x + ui_px(40) + fw, fy + ui_px(48), UI_AL_LEFT);
        } else if (lv < 0) {
            ui_text_draw(t, UI_FONT_SANS, ui_px(12), "Against the computer: no handover, no password.", UI_TEXT_DIM,
                         card.x + ui_px(40) + fw, fy + ui_px(12), UI_AL_LEFT);
        }
        y += cardh + ui_px(16);
    }
    if (computers(n) == 0)
        ui_button_add(&a->buttons, t, r, (SDL_Rect){x0 + colw - ui_px(170), y - ui_px(8), ui_px(170), ui_px(30)},
                      n->show_pw ? "Hide passwords" : "Show passwords", N_SHOWPW, 0, 0, true, false, NULL, a->mx, a->my);
    y += ui_px(40);
    /* dice and seed */
    SDL_Rect dc = {x0, y, colw, ui_px(130)};
    ui_panel(r, dc, ui_col(14, 18, 34, 235), UI_EDGE);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(16), "Dice", UI_TEXT, dc.x + ui_px(20), dc.y + ui_px(12), UI_AL_LEFT);
    int bw = ui_px(168), bh = ui_px(36);
    ui_button_add(&a->buttons, t, r, (SDL_Rect){dc.x + ui_px(20), dc.y + ui_px(44), bw, bh}, "Computer rolls", N_DICE, 0, 0,
                  true, !n->setup.manual_dice, "The game rolls every die from the seed", a->mx, a->my);
    ui_button_add(&a->buttons, t, r, (SDL_Rect){dc.x + ui_px(30) + bw, dc.y + ui_px(44), bw, bh}, "Real dice, typed in",
                  N_DICE, 1, 0, true, n->setup.manual_dice, "Roll your own dice; the game asks for each result",
                  a->mx, a->my);
    if (!n->setup.manual_dice) {
        int sx = dc.x + ui_px(46) + 2 * bw;
        draw_field(n, a, F_SEED, (SDL_Rect){sx, dc.y + ui_px(44), dc.x + dc.w - sx - ui_px(130), bh}, "Seed", "", false);
        ui_button_add(&a->buttons, t, r, (SDL_Rect){dc.x + dc.w - ui_px(120), dc.y + ui_px(44), ui_px(100), bh}, "New seed",
                      N_RESEED, 0, 0, true, false, "The same seed and orders give the same battle", a->mx, a->my);
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), "The same seed and the same orders always give the same battle.",
                     UI_TEXT_DIM, dc.x + ui_px(20), dc.y + ui_px(96), UI_AL_LEFT);
    } else {
        ui_text_draw(t, UI_FONT_SANS, ui_px(12), "Whenever a die is rolled, the game asks for the number you rolled.",
                     UI_TEXT_DIM, dc.x + ui_px(20), dc.y + ui_px(96), UI_AL_LEFT);
        if (n->focus == F_SEED)
            n->focus = field_on(n, F_NAME_A) ? F_NAME_A : F_NAME_B;
    }
    /* the battlefield */
    int px = x0 + colw + ui_px(20), pw = a->w - x0 - px;
    SDL_Rect pv = {px, y0, pw, dc.y + dc.h - y0};
    ui_panel(r, pv, ui_col(12, 16, 30, 235), UI_EDGE);
    int ty = pv.y + ui_px(14);
    ty += ui_text_wrap(t, UI_FONT_SANS, ui_px(13), n->scn->description, UI_TEXT, pv.x + ui_px(16), ty, pv.w - ui_px(32));
    ui_scr_map_preview(a, n->scn, (SDL_Rect){pv.x + ui_px(16), ty + ui_px(10), pv.w - ui_px(32), pv.y + pv.h - ty - ui_px(26)});
    /* go */
    ui_scr_button(a, (SDL_Rect){x0, a->h - ui_px(70), ui_px(140), ui_px(46)}, "Back", N_BACK, 0, true, "Esc");
    SDL_Rect go = {a->w - x0 - ui_px(240), a->h - ui_px(70), ui_px(240), ui_px(46)};
    ui_button_add(&a->buttons, t, r, go, computers(n) == 2 ? "Watch the battle" : "Start the battle", N_START, 0, 0,
                  true, true, computers(n) == 2 ? "The computer plays both sides; you watch it in the replay viewer (Enter)" : "Enter",
                  a->mx, a->my);
    ui_scr_tooltips(a);
    char extra[200];
    snprintf(extra, sizeof extra, "focus %d\nseed %s\ndice %s\nplayers %s %s\n", n->focus, n->seed_text,
             n->setup.manual_dice ? "manual" : "computer", n->setup.computer[0][0] ? n->setup.computer[0] : "human",
             n->setup.computer[1][0] ? n->setup.computer[1] : "human");
    ui_app_layout(a, "newgame", extra);
}

static bool newgame_update(ui_screen *s, ui_app *a, double dt)
{
    (void)s;
    (void)a;
    (void)dt;
    return false;
}

static void newgame_close(ui_screen *s, ui_app *a)
{
    (void)a;
    newgame *n = (newgame *)s;
    free(n->scn);
    memset(n, 0, sizeof *n);
    free(n);
}

ui_screen *ui_scr_newgame(ui_app *a, const char *scenario_path) { return ui_scr_newgame_for(a, scenario_path, UI_PLAY_HOTSEAT); }

ui_screen *ui_scr_newgame_for(ui_app *a, const char *scenario_path, ui_play_mode mode)
{
    jsd_error je;
    js_scenario *scn = jsd_scenario_load(scenario_path, &je);
    if (!scn) {
        ui_app_toast(a, "%s", je.msg);
        return NULL;
    }
    newgame *n = calloc(1, sizeof *n);
    if (!n) {
        free(scn);
        return NULL;
    }
    n->base.name = "newgame";
    n->base.design_w = 1150; /* what it needs at 100 %: drawn smaller than the setting when the window is small */
    n->base.design_h = 790;
    n->base.event = newgame_event;
    n->base.draw = newgame_draw;
    n->base.update = newgame_update;
    n->base.close = newgame_close;
    n->scn = scn;
    snprintf(n->setup.scenario_path, sizeof n->setup.scenario_path, "%s", scenario_path);
    if (mode != UI_PLAY_HOTSEAT) /* the computer plays B (and A too when watching), at Captain */
        set_player(n, JS_SIDE_B, JS_AI_CAPTAIN);
    if (mode == UI_PLAY_WATCH)
        set_player(n, JS_SIDE_A, JS_AI_CAPTAIN);
    n->focus = field_on(n, F_NAME_A) ? F_NAME_A : F_SEED;
    new_seed(n);
    const char *seed = getenv("JS_NEWGAME_SEED"); /* tests: a known battle */
    if (seed && *seed)
        snprintf(n->seed_text, sizeof n->seed_text, "%s", seed);
    return &n->base;
}
