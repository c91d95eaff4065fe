/* bt_lesson.c — a lesson on the battle screen (docs/lessons.md): the lesson's opponent answers
 * like the computer does (its commands go in through bt_submit, recorded and animated), and over
 * the board the step's text box, its highlight ring and arrow, and at the end the "what you
 * learned" card. Steps advance in bt_submit (bt_flow.c) when the engine accepts the command a
 * step asks for; the locks are bt_state.c's. */
#include "bt_parts.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

/* The text box and the end card as last drawn, and what the player pressed in them. */
struct bt_lesson_draft {
    bool stuck;                /* the opponent found no answer (told once) */
    int action;                /* B_LESSON_* the screen around the battle acts on, 0 none */
    SDL_Rect box;              /* the text box (or the card) as last drawn */
    SDL_Rect focus;            /* what the step rings, as last drawn (tooltips keep off it) */
    SDL_Rect strip;            /* the text box's place, under the board (ui_battle_resize) */
    int scroll;                /* its text scrolled up (pixels), when it is cut short */
    int shown;                 /* the step whose text that scroll is for */
};

bool bt_lesson_attach(ui_battle *b) { return (b->lesson_d = calloc(1, sizeof *b->lesson_d)) != NULL; }
void bt_lesson_detach(ui_battle *b) { free(b->lesson_d); }

int bt_lesson_take_action(ui_battle *b)
{
    int id = b->lesson_d->action;
    b->lesson_d->action = 0;
    return id;
}

void bt_lesson_place(ui_battle *b, SDL_Rect strip) { b->lesson_d->strip = strip; }
bool bt_lesson_in_strip(const ui_battle *b, int x, int y) { return b->lesson && ui_point_in(b->lesson_d->strip, x, y); }

void bt_lesson_scroll(ui_battle *b, int dy)
{
    b->lesson_d->scroll += dy;
    if (b->lesson_d->scroll < 0)
        b->lesson_d->scroll = 0;
}

SDL_Rect bt_lesson_focus(const ui_battle *b) { return b->lesson_d->focus; }


/* The height a wrapped text takes. */
static int wrap_h(ui_text *t, ui_font_face face, int px, const char *s, int width)
{
    int widest;
    return ui_text_wrap_size(t, face, px, s, width, &widest);
}

void bt_lesson_step(ui_battle *b)
{
    if (!b->lesson)
        return;
    /* the opponent answers where a click could: not under an animation or at the end */
    for (int n = 0; n < 32 && b->mode == BM_PLAY && !b->intro; n++) {
        js_cmd c;
        int skipped;
        char why[JS_REASON_LEN + 160];
        if (!jsd_lesson_opponent(b->lesson, &b->lrun, b->game, &c, &skipped, why, sizeof why)) {
            if (why[0] && !b->lesson_d->stuck) { /* a lesson that does not fit the way the game went */
                b->lesson_d->stuck = true;
                fprintf(stderr, "jumpstrike: lesson %s: %s\n", b->lesson->id, why);
                bt_toast(b, "The lesson's opponent is stuck: %s. Restart the lesson.", why);
            }
            break;
        }
        if (skipped >= 0) /* the player went another way than the script; the lesson goes on */
            fprintf(stderr, "jumpstrike: lesson %s: opponent[%d] passed over: %s\n", b->lesson->id, skipped, why);
        if (bt_submit(b, &c, true) != JS_OK)
            break;
    }
    if (!b->lesson_done && b->mode == BM_PLAY && jsd_lesson_complete(b->lesson, &b->lrun, b->game)) {
        b->lesson_done = true;
        bt_clear_selection(b);
        ui_sound_play(b->g->assets, UI_SND_CHIME);
    }
}

void bt_lesson_button(ui_battle *b, const ui_button *btn)
{
    if (btn->id == B_LESSON_NEXT) {
        jsd_lesson_next(b->lesson, &b->lrun);
        return;
    }
    b->lesson_d->action = btn->id; /* the screen around the battle acts on it */
}

bool bt_lesson_covers(const ui_battle *b, int x, int y)
{
    return b->lesson && b->lesson_d->box.w > 0 && ui_point_in(b->lesson_d->box, x, y);
}

/* ----------------------------------------------------------------- the highlight */

/* Where the step points: a ring drawn now, and the point an arrow goes to. False when what it
 * names is not on screen (a control of an editor not open yet). */
static bool highlight(ui_battle *b, const jsd_highlight *h, float *tx, float *ty, float *tr)
{
    SDL_Renderer *r = b->g->r;
    /* a steady ring: nothing here keeps the loop awake while the player reads */
    const float pulse = 1.0f;
    ui_rgba ring = ui_col(255, 214, 90, 235);
    float hexr = (float)b->cam.zoom;
    switch (h->kind) {
    case JSD_HL_HEX:
        ui_cam_hex_to_screen(&b->cam, h->hex, tx, ty);
        *tr = hexr * 0.95f;
        ui_ring(r, *tx, *ty, *tr + 3.0f * pulse, (float)ui_px(4), ring);
        b->lesson_d->focus = (SDL_Rect){(int)(*tx - *tr) - 4, (int)(*ty - *tr) - 4, (int)(2 * *tr) + 8, (int)(2 * *tr) + 8};
        return true;
    case JSD_HL_SHIP: {
        const js_state *st = bt_st(b);
        if (h->ship >= st->nships || !st->ships[h->ship].on_map)
            return false;
        js_hex fp[7];
        int n = js_ship_footprint(st, h->ship, fp);
        for (int i = 0; i < n; i++) {
            float x, y;
            ui_cam_hex_to_screen(&b->cam, fp[i], &x, &y);
            ui_ring(r, x, y, hexr * 0.95f + 3.0f * pulse, (float)ui_px(4), ring);
            SDL_Rect one = {(int)(x - hexr) - 4, (int)(y - hexr) - 4, (int)(2 * hexr) + 8, (int)(2 * hexr) + 8};
            if (b->lesson_d->focus.w == 0)
                b->lesson_d->focus = one;
            else
                SDL_UnionRect(&b->lesson_d->focus, &one, &b->lesson_d->focus);
        }
        ui_cam_hex_to_screen(&b->cam, st->ships[h->ship].pos, tx, ty);
        *tr = hexr * 0.95f;
        return true;
    }
    case JSD_HL_CONTROL: {
        SDL_Rect u = {0, 0, 0, 0};
        for (int i = 0; i < b->buttons.n; i++) {
            const ui_button *bt = &b->buttons.b[i];
            if (bt->rc.w <= 0 || !(bt_button_control(bt->id) & h->control))
                continue;
            if (u.w == 0)
                u = bt->rc;
            else
                SDL_UnionRect(&u, &bt->rc, &u);
        }
        if (u.w == 0)
            return false;
        int m = ui_px(4) + (int)(3 * pulse);
        SDL_Rect o = {u.x - m, u.y - m, u.w + 2 * m, u.h + 2 * m};
        for (int k = 0; k < ui_px(3); k++)
            ui_rect_outline(r, (SDL_Rect){o.x + k, o.y + k, o.w - 2 * k, o.h - 2 * k}, ring);
        b->lesson_d->focus = o;
        *tx = (float)o.x;
        *ty = (float)(o.y + o.h / 2);
        *tr = 0;
        return true;
    }
    case JSD_HL_PANEL: {
        SDL_Rect p = h->panel == JSD_PANEL_LOG ? b->log : h->panel == JSD_PANEL_TOP ? b->top
                   : h->panel == JSD_PANEL_BOARD ? b->board_rc : b->side;
        for (int k = 0; k < ui_px(3); k++)
            ui_rect_outline(r, (SDL_Rect){p.x + k, p.y + k, p.w - 2 * k, p.h - 2 * k}, ring);
        *tx = (float)p.x;
        *ty = (float)(p.y + p.h / 2);
        *tr = 0;
        return true;
    }
    default:
        return false;
    }
}

/* An arrow from the top of the box's text to (tx, ty), stopping short of the ring. A target beside
 * the box (the log, at its height) gets none: its ring is next to the text already. */
static void arrow(ui_battle *b, SDL_Rect text, float tx, float ty, float tr)
{
    SDL_Renderer *r = b->g->r;
    if (ty >= text.y)
        return;
    float sx = tx < text.x ? (float)text.x : tx > text.x + text.w ? (float)(text.x + text.w) : tx;
    float sy = (float)text.y;
    float dx = tx - sx, dy = ty - sy, len = sqrtf(dx * dx + dy * dy);
    if (len < tr + ui_px(30))
        return; /* the box is right beside it */
    float ux = dx / len, uy = dy / len;
    float ex = tx - ux * (tr + ui_px(6)), ey = ty - uy * (tr + ui_px(6));
    float head = (float)ui_px(16), w = (float)ui_px(9);
    float bx = ex - ux * head, by = ey - uy * head;
    ui_rgba dark = ui_col(10, 12, 24, 220), col = ui_col(255, 214, 90, 245);
    ui_line(r, sx, sy, bx, by, (float)ui_px(7), dark);
    ui_line(r, sx, sy, bx, by, (float)ui_px(4), col);
    SDL_FPoint tri[3] = {{ex, ey}, {bx - uy * w, by + ux * w}, {bx + uy * w, by - ux * w}};
    ui_fill_poly(r, tri, 3, col);
}

/* ----------------------------------------------------------------- the box and the card */

static void small_btn(ui_battle *b, SDL_Rect rc, const char *label, int id, bool active, const char *tip)
{
    bt_btn(b, rc, label, id, 0, 0, true, active, tip);
}

/* The end: what was learned, and where to go next. */
static void draw_card(ui_battle *b, const jsd_lesson *l)
{
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    int w = b->board_rc.w - ui_px(80) < ui_px(620) ? b->board_rc.w - ui_px(80) : ui_px(620);
    int pad = ui_px(22), tw = w - 2 * pad, px = ui_px(15);
    int h = pad + ui_text_line_h(t, UI_FONT_SANS, ui_px(13)) + ui_text_line_h(t, UI_FONT_BOLD, ui_px(26)) + ui_px(18) +
            ui_text_line_h(t, UI_FONT_BOLD, ui_px(16)) + ui_px(6);
    for (int i = 0; i < l->nlearned; i++)
        h += wrap_h(t, UI_FONT_SANS, px, l->learned[i], tw - ui_px(22)) + ui_px(6);
    h += ui_px(20) + ui_px(40) + pad;
    SDL_Rect rc = {b->board_rc.x + (b->board_rc.w - w) / 2, b->board_rc.y + (b->board_rc.h - h) / 2, w, h};
    if (rc.y < b->board_rc.y + ui_px(8))
        rc.y = b->board_rc.y + ui_px(8);
    b->lesson_d->box = rc;
    ui_fill_rect(r, b->board_rc, ui_col(0, 0, 0, 110));
    ui_panel(r, rc, ui_col(14, 20, 38, 250), UI_GOOD);
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, rc.w, ui_px(4)}, UI_GOOD);
    int x = rc.x + pad, y = rc.y + pad;
    char buf[160];
    snprintf(buf, sizeof buf, "LESSON %d COMPLETE", l->order);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(13), buf, UI_GOOD, x, y, UI_AL_LEFT);
    y += ui_text_line_h(t, UI_FONT_SANS, ui_px(13));
    ui_text_draw(t, UI_FONT_BOLD, ui_px(26), l->title, UI_TEXT, x, y, UI_AL_LEFT);
    y += ui_text_line_h(t, UI_FONT_BOLD, ui_px(26)) + ui_px(18);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(16), "What you learned", UI_ACCENT, x, y, UI_AL_LEFT);
    y += ui_text_line_h(t, UI_FONT_BOLD, ui_px(16)) + ui_px(6);
    for (int i = 0; i < l->nlearned; i++) {
        ui_text_draw(t, UI_FONT_BOLD, px, "\xe2\x9c\x93", UI_GOOD, x, y, UI_AL_LEFT); /* ✓ */
        y += ui_text_wrap(t, UI_FONT_SANS, px, l->learned[i], UI_TEXT, x + ui_px(22), y, tw - ui_px(22)) + ui_px(6);
    }
    y += ui_px(20);
    int bw = (tw - ui_px(20)) / 3, bh = ui_px(40);
    if (!b->lesson_last)
        bt_btn(b, (SDL_Rect){rc.x + rc.w - pad - bw, y, bw, bh}, "Next lesson", B_LESSON_ONWARD, 0, 0, true, true,
               "Go on to the next lesson (Enter)");
    bt_btn(b, (SDL_Rect){rc.x + rc.w - pad - (b->lesson_last ? 1 : 2) * bw - (b->lesson_last ? 0 : ui_px(10)), y, bw, bh},
           "All lessons", B_LESSON_LIST, 0, 0, true, b->lesson_last, "Back to the list of lessons (Esc)");
    bt_btn(b, (SDL_Rect){x, y, bw, bh}, "Play it again", B_LESSON_RESTART, 0, 0, true, false, "Restart this lesson");
}

/* The box: the lesson's name and the step on the left with the goal under them, its buttons in
 * a column on the right. */
enum { BOX_BTN_W = 150, BOX_BTN_H = 26, BOX_GAP = 5, BOX_PAD = 12 };

/* How the box is laid out at a width: its text size, the buttons' column, its height. At large
 * UI scales in a small window the text gets smaller and the buttons flatter, so that the box
 * keeps to 40 % of the battle's height and the map keeps the rest. */
typedef struct box_lay {
    int text_px, goal_px;      /* the step's text and the goal line */
    int btn_w, btn_h, gap;     /* the buttons' column */
    int tw;                    /* the text's width */
    int h;                     /* the box's height */
} box_lay;

static void box_layout(ui_battle *b, int width, box_lay *o)
{
    const jsd_lesson *l = b->lesson;
    ui_text *t = b->g->text;
    int pad = ui_px(BOX_PAD);
    int max_h = (b->win_h - ui_px(48)) * 40 / 100;
    o->btn_w = ui_px(BOX_BTN_W) < width / 4 ? ui_px(BOX_BTN_W) : width / 4;
    o->gap = ui_px(BOX_GAP);
    o->btn_h = ui_px(BOX_BTN_H);
    if (5 * o->btn_h + 4 * o->gap + 2 * pad > max_h)
        o->btn_h = (max_h - 4 * o->gap - 2 * pad) / 5;
    if (o->btn_h < ui_text_line_h(t, UI_FONT_SANS, ui_px(12)))
        o->btn_h = ui_text_line_h(t, UI_FONT_SANS, ui_px(12));
    o->tw = width - o->btn_w - 3 * pad;
    char goal[JSD_LESSON_LINE + 16];
    snprintf(goal, sizeof goal, "Goal: %s", l->goal_text);
    static const int SIZES[] = {15, 13, 11};
    for (int k = 0; k < 3; k++) {
        o->text_px = ui_px(SIZES[k]);
        o->goal_px = ui_px(SIZES[k] - 2);
        int most = 0;
        for (int i = 0; i < l->nsteps; i++) {
            int h = wrap_h(t, UI_FONT_SANS, o->text_px, l->steps[i].text, o->tw);
            most = h > most ? h : most;
        }
        int text = ui_text_line_h(t, UI_FONT_SANS, ui_px(13)) + ui_px(4) + most + ui_px(6) +
                   wrap_h(t, UI_FONT_SANS, o->goal_px, goal, o->tw);
        int buttons = 5 * o->btn_h + 4 * o->gap;
        o->h = (text > buttons ? text : buttons) + 2 * pad;
        if (o->h <= max_h)
            return;
    }
    o->h = max_h; /* the smallest text, cut at the box's edge */
}

int bt_lesson_strip_h(ui_battle *b, int width)
{
    box_lay lay;
    box_layout(b, width, &lay);
    return lay.h;
}

void bt_lesson_draw(ui_battle *b)
{
    const jsd_lesson *l = b->lesson;
    b->lesson_d->box = b->lesson_d->focus = (SDL_Rect){0, 0, 0, 0};
    if (!l || b->mode == BM_HANDOVER)
        return;
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    bool steps_left = b->lrun.step < l->nsteps;
    const jsd_lesson_step *s = steps_left ? &l->steps[b->lrun.step] : NULL;
    /* under an animation, or while the other side answers, the step waits: say what happens */
    bool watching = b->mode == BM_ANIM || (b->actor < 0 && !b->intro) || b->lesson_done;
    const char *text = b->lesson_done ? "Lesson complete."
                     : watching      ? "Watch: the orders play out. (Click the board to skip the animation.)"
                     : s             ? s->text
                                     : "Watch the rest of the turn: the goal is in reach.";
    SDL_Rect rc = b->lesson_d->strip;
    b->lesson_d->box = rc;
    box_lay lay;
    box_layout(b, rc.w, &lay);
    ui_panel(r, rc, ui_col(12, 18, 36, 250), UI_EDGE);
    ui_fill_rect(r, (SDL_Rect){rc.x, rc.y, rc.w, ui_px(3)}, UI_ACCENT);
    int pad = ui_px(BOX_PAD), tw = lay.tw;
    int x = rc.x + pad, y = rc.y + pad;
    char head[160], goal[JSD_LESSON_LINE + 16], rules[120] = "";
    snprintf(head, sizeof head, "LESSON %d \xc2\xb7 %s \xc2\xb7 step %d of %d", l->order, l->title,
             (steps_left ? b->lrun.step : l->nsteps - 1) + 1, l->nsteps);
    snprintf(goal, sizeof goal, "Goal: %s", l->goal_text);
    for (int i = 0; i < l->nrules; i++)
        snprintf(rules + strlen(rules), sizeof rules - strlen(rules), "%s%s", i ? ", " : "Rules ", l->rules[i]);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(12), head, UI_ACCENT, x, y, UI_AL_LEFT);
    y += ui_text_line_h(t, UI_FONT_SANS, ui_px(13)) + ui_px(4);
    /* the smallest text may still be cut at the box's edge: the wheel scrolls it */
    if (b->lesson_d->shown != b->lrun.step) {
        b->lesson_d->shown = b->lrun.step;
        b->lesson_d->scroll = 0;
    }
    SDL_Rect clip = {rc.x, y, tw + pad, rc.y + rc.h - y};
    int full = wrap_h(t, UI_FONT_SANS, lay.text_px, text, tw) + ui_px(6) + wrap_h(t, UI_FONT_SANS, lay.goal_px, goal, tw);
    int over = full - clip.h;
    if (b->lesson_d->scroll > (over > 0 ? over : 0))
        b->lesson_d->scroll = over > 0 ? over : 0;
    SDL_RenderSetClipRect(r, &clip);
    y -= b->lesson_d->scroll;
    y += ui_text_wrap(t, UI_FONT_SANS, lay.text_px, text, watching ? UI_TEXT_DIM : UI_TEXT, x, y, tw) + ui_px(6);
    ui_text_wrap(t, UI_FONT_SANS, lay.goal_px, goal, UI_GOOD, x, y, tw);
    SDL_RenderSetClipRect(r, NULL);
    if (over > 0) { /* say there is more, and how to see it */
        const char *more = b->lesson_d->scroll < over ? "\xe2\x96\xbc more \xc2\xb7 wheel" : "\xe2\x96\xb2 wheel up";
        int mw, mh, mpx = ui_px(11);
        ui_text_size(t, UI_FONT_SANS, mpx, more, &mw, &mh);
        SDL_Rect tag = {x + tw - mw - ui_px(12), rc.y + rc.h - mh - ui_px(6), mw + ui_px(12), mh + ui_px(2)};
        ui_panel(r, tag, ui_col(30, 38, 64, 235), UI_EDGE);
        ui_text_draw(t, UI_FONT_SANS, mpx, more, UI_ACCENT, tag.x + ui_px(6), tag.y + ui_px(1), UI_AL_LEFT);
    }
    /* the buttons: Next when the step waits for it, then restart, skip, the rules, leave */
    int bx = rc.x + rc.w - pad - lay.btn_w, by = rc.y + pad, bw = lay.btn_w, bh = lay.btn_h;
    int step = bh + lay.gap;
    bool next = !watching && s && !s->expect;
    bt_btn(b, (SDL_Rect){bx, by, bw, bh}, "Next \xe2\x96\xb8", B_LESSON_NEXT, 0, 0, next, next,
           next ? "On to the next step (Enter)" : "This step is done when you have done what it says");
    small_btn(b, (SDL_Rect){bx, by + step, bw, bh}, "Restart", B_LESSON_RESTART, false, "Start this lesson again");
    small_btn(b, (SDL_Rect){bx, by + 2 * step, bw, bh}, "Skip lesson", B_LESSON_SKIP, false,
              "Mark this lesson skipped and go on to the next");
    small_btn(b, (SDL_Rect){bx, by + 3 * step, bw, bh}, "Rules (F1)", B_LESSON_RULES, false,
              rules[0] ? rules : "The rules reference");
    small_btn(b, (SDL_Rect){bx, by + 4 * step, bw, bh}, "Leave (Esc)", B_LESSON_LEAVE, false,
              "Back to the list of lessons; this lesson starts over next time");
    if (b->lesson_done) {
        draw_card(b, l);
        return;
    }
    float tx = 0, ty = 0, tr = 0;
    if (!watching && s && highlight(b, &s->hl, &tx, &ty, &tr) && s->arrow)
        arrow(b, (SDL_Rect){rc.x, rc.y, tw + 2 * pad, rc.h}, tx, ty, tr);
}
