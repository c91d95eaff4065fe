/* ui_loadlist.c — the load screen: the list of saved games (see ui_loadlist.h). */
#include "ui_loadlist.h"
#include "kit/layout.h"
#include "kit/widgets.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LB_ROW = 1, LB_LOAD, LB_REPLAY, LB_BACK, LB_UP, LB_DOWN, LB_DELETE, LB_DEL_YES, LB_DEL_NO };

static void keep_visible(ui_loadlist *l);

/* The full look at each file (its game rebuilt, every hash checked) runs on a thread of its
 * own, one file at a time, newest first: the list is up at once with names and dates, and the
 * rest arrives row by row. The job outlives the list when it is closed mid-way: the last of the
 * two to let go frees it. */
typedef struct list_job {
    SDL_mutex *mu;
    int refs;                  /* the list and the thread */
    bool cancel;
    int n;
    ui_save_info *v;           /* the thread's copies; done[i] once v[i] is whole */
    bool *done;
} list_job;

static void job_release(list_job *j)
{
    SDL_LockMutex(j->mu);
    bool last = --j->refs == 0;
    SDL_UnlockMutex(j->mu);
    if (!last)
        return;
    SDL_DestroyMutex(j->mu);
    free(j->v);
    free(j->done);
    free(j);
}

static int job_run(void *arg)
{
    list_job *j = arg;
    for (int i = 0; i < j->n; i++) {
        SDL_LockMutex(j->mu);
        bool stop = j->cancel;
        SDL_UnlockMutex(j->mu);
        if (stop)
            break;
        ui_save_info one = j->v[i]; /* the list reads only done entries: this one is the thread's */
        ui_saves_info_finish(&one);
        SDL_LockMutex(j->mu);
        j->v[i] = one;
        j->done[i] = true;
        SDL_UnlockMutex(j->mu);
    }
    job_release(j);
    return 0;
}

struct ui_loadlist {
    ui_gfx *g;
    list_job *job;             /* the full looks still coming, or NULL */
    int w, h;
    ui_save_info *v;
    int n, sel, scroll;
    int mx, my;
    ui_buttons buttons;
    ui_loadlist_result result;
    char path[1024];
    char msg[700];
    SDL_Rect list_rc;
    int row_h, rows;
    bool confirm_delete;       /* "Delete NAME?" is up */
    bool msg_good;             /* the message is news, not a problem */
};

bool ui_loadlist_confirming(const ui_loadlist *l) { return l->confirm_delete; }

static bool can_delete(const ui_loadlist *l)
{
    return l->sel >= 0 && l->sel < l->n && !l->v[l->sel].autosave;
}

static void delete_selected(ui_loadlist *l)
{
    l->confirm_delete = false;
    if (!can_delete(l))
        return;
    char err[1300], name[64];
    snprintf(name, sizeof name, "%s", l->v[l->sel].name);
    if (ui_saves_delete(l->v[l->sel].path, err, sizeof err)) {
        snprintf(l->msg, sizeof l->msg, "Deleted \"%s\".", name);
        l->msg_good = true;
    } else {
        snprintf(l->msg, sizeof l->msg, "Could not delete: %.600s", err);
        l->msg_good = false;
    }
    ui_loadlist_refresh(l);
    keep_visible(l);
}

static void stop_job(ui_loadlist *l)
{
    if (!l->job)
        return;
    SDL_LockMutex(l->job->mu);
    l->job->cancel = true;
    SDL_UnlockMutex(l->job->mu);
    job_release(l->job);
    l->job = NULL;
}

/* The rows whose full look arrived; true when there was one. */
static bool take_results(ui_loadlist *l)
{
    list_job *j = l->job;
    if (!j)
        return false;
    bool got = false, all = true;
    SDL_LockMutex(j->mu);
    for (int i = 0; i < j->n && i < l->n; i++) {
        if (j->done[i] && l->v[i].pending) {
            l->v[i] = j->v[i];
            got = true;
        }
        all = all && j->done[i];
    }
    SDL_UnlockMutex(j->mu);
    if (all)
        stop_job(l);
    return got;
}

static void start_job(ui_loadlist *l)
{
    int pending = 0;
    for (int i = 0; i < l->n; i++)
        pending += l->v[i].pending;
    if (!pending)
        return;
    list_job *j = calloc(1, sizeof *j);
    if (j) {
        j->n = l->n;
        j->v = malloc(sizeof *j->v * (size_t)l->n);
        j->done = calloc((size_t)l->n, sizeof *j->done);
        j->mu = SDL_CreateMutex();
        j->refs = 2;
    }
    SDL_Thread *th = NULL;
    if (j && j->v && j->done && j->mu) {
        memcpy(j->v, l->v, sizeof *j->v * (size_t)l->n);
        for (int i = 0; i < l->n; i++)
            j->done[i] = !l->v[i].pending;
        th = SDL_CreateThread(job_run, "loadlist", j);
    }
    if (th) {
        SDL_DetachThread(th);
        l->job = j;
        return;
    }
    if (j) { /* no thread: the old way, here */
        if (j->mu)
            SDL_DestroyMutex(j->mu);
        free(j->v);
        free(j->done);
        free(j);
    }
    for (int i = 0; i < l->n; i++)
        ui_saves_info_finish(&l->v[i]);
}

void ui_loadlist_refresh(ui_loadlist *l)
{
    stop_job(l);
    free(l->v);
    l->n = ui_saves_list_quick(&l->v);
    if (l->n < 0)
        l->n = 0;
    start_job(l);
    if (l->sel >= l->n)
        l->sel = l->n - 1;
    if (l->sel < 0)
        l->sel = 0;
}

ui_loadlist *ui_loadlist_create(ui_gfx *g)
{
    ui_loadlist *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->g = g;
    l->w = 1280;
    l->h = 800;
    ui_loadlist_refresh(l);
    return l;
}

void ui_loadlist_destroy(ui_loadlist *l)
{
    if (!l)
        return;
    stop_job(l);
    free(l->v);
    free(l);
}

void ui_loadlist_resize(ui_loadlist *l, int w, int h)
{
    l->w = w;
    l->h = h;
}

ui_loadlist_result ui_loadlist_result_get(const ui_loadlist *l) { return l->result; }
const char *ui_loadlist_path(const ui_loadlist *l) { return l->path; }

void ui_loadlist_message(ui_loadlist *l, const char *msg)
{
    snprintf(l->msg, sizeof l->msg, "%s", msg);
    l->msg_good = false;
    l->result = UI_LOADLIST_OPEN;
}

static void choose(ui_loadlist *l, ui_loadlist_result what)
{
    if (l->sel < 0 || l->sel >= l->n)
        return;
    const ui_save_info *s = &l->v[l->sel];
    if (!s->ok && !s->pending) { /* a pending one is checked whole as it opens */
        snprintf(l->msg, sizeof l->msg, "%s", s->problem);
        l->msg_good = false;
        return;
    }
    snprintf(l->path, sizeof l->path, "%s", s->path);
    l->result = what;
}

static void keep_visible(ui_loadlist *l)
{
    if (l->scroll > l->n - l->rows)
        l->scroll = l->n - l->rows;
    if (l->scroll < 0)
        l->scroll = 0;
    if (l->rows <= 0)
        return;
    if (l->sel < l->scroll)
        l->scroll = l->sel;
    if (l->sel >= l->scroll + l->rows)
        l->scroll = l->sel - l->rows + 1;
}


void ui_loadlist_event(ui_loadlist *l, const SDL_Event *e)
{
    if (l->confirm_delete) { /* only the confirmation's answers count */
        if (e->type == SDL_MOUSEMOTION) {
            l->mx = e->motion.x;
            l->my = e->motion.y;
        } else if (e->type == SDL_KEYDOWN) {
            SDL_Keycode k = e->key.keysym.sym;
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_y)
                delete_selected(l);
            else if (k == SDLK_ESCAPE || k == SDLK_n)
                l->confirm_delete = false;
        } else if (e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_LEFT) {
            const ui_button *b = ui_buttons_at(&l->buttons, e->button.x, e->button.y);
            if (b && b->id == LB_DEL_YES)
                delete_selected(l);
            else if (b && b->id == LB_DEL_NO)
                l->confirm_delete = false;
        }
        return;
    }
    switch (e->type) {
    case SDL_MOUSEMOTION:
        l->mx = e->motion.x;
        l->my = e->motion.y;
        break;
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            break;
        const ui_button *b = ui_buttons_at(&l->buttons, e->button.x, e->button.y);
        if (!b || !b->enabled)
            break;
        ui_sound_play(l->g->assets, UI_SND_CLICK);
        if (b->id == LB_ROW) {
            if (l->sel == b->arg && e->button.clicks >= 2)
                choose(l, UI_LOADLIST_LOAD);
            l->sel = b->arg;
        } else if (b->id == LB_LOAD)
            choose(l, UI_LOADLIST_LOAD);
        else if (b->id == LB_REPLAY)
            choose(l, UI_LOADLIST_REPLAY);
        else if (b->id == LB_BACK)
            l->result = UI_LOADLIST_BACK;
        else if (b->id == LB_DELETE)
            l->confirm_delete = can_delete(l);
        break;
    }
    case SDL_MOUSEWHEEL:
        l->scroll -= e->wheel.y;
        if (l->scroll > l->n - l->rows)
            l->scroll = l->n - l->rows;
        if (l->scroll < 0)
            l->scroll = 0;
        break;
    case SDL_KEYDOWN:
        switch (e->key.keysym.sym) {
        case SDLK_UP: if (l->sel > 0) l->sel--; keep_visible(l); break;
        case SDLK_DOWN: if (l->sel + 1 < l->n) l->sel++; keep_visible(l); break;
        case SDLK_RETURN: case SDLK_KP_ENTER: choose(l, UI_LOADLIST_LOAD); break;
        case SDLK_r: choose(l, UI_LOADLIST_REPLAY); break;
        case SDLK_ESCAPE: l->result = UI_LOADLIST_BACK; break;
        case SDLK_DELETE: l->confirm_delete = can_delete(l); break;
        default: break;
        }
        break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            ui_loadlist_resize(l, e->window.data1, e->window.data2);
        break;
    default:
        break;
    }
}

bool ui_loadlist_update(ui_loadlist *l, double dt)
{
    (void)dt;
    bool was = l->job != NULL;
    take_results(l);
    return was; /* poll (and draw) while rows are still coming */
}

bool ui_loadlist_reading(const ui_loadlist *l) { return l->job != NULL; }

/* The players a row names: a file that does not load was listed as "Player 1 vs Player 2", names
 * it never held; it says nothing it cannot know. */
static void players_of(const ui_save_info *s, char *a, char *b, size_t cap)
{
    if (!s->ok && !s->players[0][0] && !s->players[1][0]) {
        snprintf(a, cap, "players unknown");
        b[0] = 0;
        return;
    }
    snprintf(a, cap, "%s", s->players[0][0] ? s->players[0] : "Player 1");
    snprintf(b, cap, "vs %s", s->players[1][0] ? s->players[1] : "Player 2");
}

static void dump_layout(ui_loadlist *l)
{
    if (!getenv("JS_UI_LAYOUT"))
        return;
    char out[16384];
    int n = snprintf(out, sizeof out, "mode loadlist\nsaves %d\nselected %d\nconfirm %d\n", l->n, l->sel,
                     l->confirm_delete);
    for (int i = 0; i < l->n && n < 12000; i++) { /* what each row says of its game */
        char pa[JS_NAME_LEN + 8], pb[JS_NAME_LEN + 8];
        players_of(&l->v[i], pa, pb, sizeof pa);
        n += snprintf(out + n, sizeof out - (size_t)n, "entry %d %.40s | %s %s\n", l->v[i].ok, l->v[i].name, pa, pb);
    }
    ui_layout_put_buttons(out, n, sizeof out, &l->buttons);
}

void ui_loadlist_draw(ui_loadlist *l)
{
    SDL_Renderer *r = l->g->r;
    ui_text *t = l->g->text;
    ui_text_frame(t);
    ui_clear(r, UI_BG);
    ui_buttons_begin(&l->buttons);
    int pad = ui_px(24);
    int pw = l->w - 2 * pad > ui_px(1600) ? ui_px(1600) : l->w - 2 * pad; /* the window's width */
    int x0 = (l->w - pw) / 2, y = ui_px(28);
    ui_text_draw(t, UI_FONT_BOLD, ui_px(30), "Load a game", UI_TEXT, x0, y, UI_AL_LEFT);
    y += ui_px(46);
    char dir[1100] = "", why[400] = "";
    char line[1300];
    if (ui_saves_named_dir_path(dir, sizeof dir, why, sizeof why))
        snprintf(line, sizeof line, "Saved games live in %s (the autosave one folder up)", dir);
    else /* no data folder: say so, and that nothing is kept */
        snprintf(line, sizeof line, "%c%s.", toupper((unsigned char)why[0]), why + 1);
    ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), line, dir[0] ? UI_TEXT_DIM : UI_BAD, x0, y, UI_AL_LEFT, pw);
    y += ui_px(26);
    /* columns: the date keeps its width, the rest share what is left; text too long for its
     * column ends in an ellipsis */
    int dw, dh;
    ui_text_size(t, UI_FONT_SANS, ui_px(13), "2099-12-31 23:59", &dw, &dh);
    int share = pw - dw - ui_px(28);
    int cx[6] = {x0 + ui_px(14), x0 + share * 38 / 100, x0 + share * 66 / 100, x0 + share * 88 / 100,
                 x0 + pw - dw - ui_px(24), x0 + pw - ui_px(4)};
#define COLW(c) (cx[(c) + 1] - cx[c] - ui_px(10))
    static const char *const head[5] = {"Name", "Scenario", "Players", "Turn", "Saved"};
    for (int c = 0; c < 5; c++)
        ui_text_draw(t, UI_FONT_BOLD, ui_px(13), head[c], UI_TEXT_DIM, cx[c], y, UI_AL_LEFT);
    y += ui_px(22);
    int foot = ui_px(110);
    l->row_h = ui_px(44);
    l->list_rc = (SDL_Rect){x0, y, pw, l->h - y - foot};
    l->rows = l->list_rc.h / l->row_h;
    ui_panel(r, l->list_rc, ui_col(12, 16, 30, 240), UI_EDGE);
    if (l->n == 0)
        ui_text_draw(t, UI_FONT_SANS, ui_px(16), "No saved games yet.", UI_TEXT_DIM, x0 + pw / 2,
                     y + ui_px(30), UI_AL_CENTER);
    SDL_RenderSetClipRect(r, &l->list_rc);
    for (int k = 0; k < l->rows && l->scroll + k < l->n; k++) {
        int i = l->scroll + k;
        const ui_save_info *s = &l->v[i];
        SDL_Rect rc = {x0 + 1, y + k * l->row_h + 1, pw - 2, l->row_h - 2};
        bool hot = ui_point_in(rc, l->mx, l->my);
        if (i == l->sel)
            ui_fill_rect(r, rc, ui_col(40, 52, 86, 255));
        else if (hot)
            ui_fill_rect(r, rc, ui_col(24, 30, 52, 255));
        /* register the row as a button without drawing one */
        if (l->buttons.n < UI_MAX_BUTTONS) {
            ui_button *b = &l->buttons.b[l->buttons.n++];
            memset(b, 0, sizeof *b);
            b->rc = rc;
            b->id = LB_ROW;
            b->arg = i;
            b->enabled = true;
            snprintf(b->label, sizeof b->label, "row %.40s", s->name);
        }
        int ty = rc.y + ui_px(5), ty2 = rc.y + ui_px(23);
        ui_rgba main = s->ok ? UI_TEXT : s->pending ? UI_TEXT_DIM : UI_BAD;
        /* what the entry is: a game to continue, or a record only to watch */
        const char *tag = s->autosave ? "AUTOSAVE" : s->replay ? "REPLAY" : s->over ? "FINISHED" : "SAVE";
        ui_rgba tagc = s->autosave ? UI_ACCENT : s->replay ? ui_col(230, 170, 70, 255)
                     : s->over ? ui_col(150, 160, 180, 255) : UI_GOOD;
        int tw, th, tpx = ui_px(10);
        ui_text_size(t, UI_FONT_BOLD, tpx, tag, &tw, &th);
        SDL_Rect pill = {cx[0], ty + ui_px(2), tw + ui_px(10), th + ui_px(2)};
        ui_fill_rect(r, pill, ui_col_alpha(tagc, 40));
        ui_rect_outline(r, pill, ui_col_alpha(tagc, 200));
        ui_text_draw(t, UI_FONT_BOLD, tpx, tag, tagc, pill.x + ui_px(5), pill.y + ui_px(1), UI_AL_LEFT);
        int nx = pill.x + pill.w + ui_px(8);
        ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(15), s->name, s->autosave ? UI_ACCENT : main, nx, ty, UI_AL_LEFT,
                         cx[1] - nx - ui_px(10));
        if (s->pending) {
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), "reading…", UI_TEXT_DIM, cx[0], ty2, UI_AL_LEFT, COLW(0));
        } else if (!s->ok) {
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), "cannot be loaded — select it to see why", UI_BAD, cx[0], ty2,
                             UI_AL_LEFT, COLW(0));
        } else if (s->over || s->replay) {
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(12), s->over ? "finished — watch the replay" : "a record — watch it",
                             UI_TEXT_DIM, cx[0], ty2, UI_AL_LEFT, COLW(0));
        }
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(14), s->scenario, main, cx[1], ty, UI_AL_LEFT, COLW(1));
        char pb[JS_NAME_LEN + 8];
        players_of(s, line, pb, sizeof pb);
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), line, s->ok ? UI_TEXT : UI_TEXT_DIM, cx[2], ty, UI_AL_LEFT, COLW(2));
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), pb, UI_TEXT_DIM, cx[2], ty2, UI_AL_LEFT, COLW(2));
        if (s->ok) {
            snprintf(line, sizeof line, "%d", s->turn);
            ui_text_draw(t, UI_FONT_BOLD, ui_px(15), line, UI_TEXT, cx[3], ty, UI_AL_LEFT);
            ui_text_draw_fit(t, UI_FONT_SANS, ui_px(11), s->over ? "over" : s->phase, UI_TEXT_DIM, cx[3], ty2,
                             UI_AL_LEFT, COLW(3));
        }
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), s->date, UI_TEXT, cx[4], ty, UI_AL_LEFT, COLW(4));
    }
    SDL_RenderSetClipRect(r, NULL);
    /* message line: the selected file's problem, or the last message */
    int my = l->list_rc.y + l->list_rc.h + ui_px(10);
    const char *msg = l->msg[0] ? l->msg : (l->n && !l->v[l->sel].ok ? l->v[l->sel].problem : "");
    if (!l->msg[0] && l->n && l->v[l->sel].pending)
        msg = "";
    if (msg[0])
        ui_text_wrap(t, UI_FONT_SANS, ui_px(13), msg, l->msg[0] && l->msg_good ? UI_GOOD : UI_BAD, x0, my, pw);
    /* buttons */
    int bw = ui_px(180), bh = ui_px(40), by = l->h - ui_px(56);
    int small = ui_px(120), gap = ui_px(12);
    if (2 * small + 2 * bw + 3 * gap > pw) { /* narrow windows, large UI scales: all five fit */
        small = (pw - 3 * gap) / 5;
        bw = (pw - 3 * gap - 2 * small) / 2;
    }
    bool can = l->n > 0 && (l->v[l->sel].ok || l->v[l->sel].pending); /* opening checks it whole anyway */
    ui_button_add(&l->buttons, t, r, (SDL_Rect){x0 + pw - bw, by, bw, bh}, "Continue game", LB_LOAD, 0, 0,
                  can && !l->v[l->sel].over, true, "Resume on the handover screen of whoever decides next (Enter)",
                  l->mx, l->my);
    ui_button_add(&l->buttons, t, r, (SDL_Rect){x0 + pw - 2 * bw - gap, by, bw, bh}, "Watch replay",
                  LB_REPLAY, 0, 0, can, false, "Watch this game from the start (R)", l->mx, l->my);
    ui_button_add(&l->buttons, t, r, (SDL_Rect){x0, by, small, bh}, "Back", LB_BACK, 0, 0, true, false,
                  "Back to the title (Esc)", l->mx, l->my);
    ui_button_add(&l->buttons, t, r, (SDL_Rect){x0 + small + gap, by, small, bh}, "Delete", LB_DELETE, 0, 0,
                  can_delete(l), false,
                  l->n && l->v[l->sel].autosave ? "The autosave is the game in progress: it is never deleted here"
                                                : "Delete this save, after a confirmation (Del)",
                  l->mx, l->my);
    if (l->confirm_delete && can_delete(l)) {
        ui_buttons_begin(&l->buttons); /* modal: only its answers are live */
        ui_fill_rect(r, (SDL_Rect){0, 0, l->w, l->h}, ui_col(0, 0, 0, 140));
        int cx0 = l->w / 2, dw = ui_px(480), dh = ui_px(170);
        SDL_Rect dr = {cx0 - dw / 2, l->h / 2 - dh / 2, dw, dh};
        ui_panel(r, dr, ui_col(14, 18, 34, 250), UI_BAD);
        ui_fill_rect(r, (SDL_Rect){dr.x, dr.y, dr.w, ui_px(3)}, UI_BAD);
        snprintf(line, sizeof line, "Delete \"%s\"?", l->v[l->sel].name);
        ui_text_wrap(t, UI_FONT_BOLD, ui_px(18), line, UI_TEXT, dr.x + ui_px(20), dr.y + ui_px(18), dr.w - ui_px(40));
        ui_text_draw(t, UI_FONT_SANS, ui_px(13),
                     l->v[l->sel].replay ? "The record is removed from the disk. This cannot be undone."
                                         : "The saved game is removed from the disk. This cannot be undone.",
                     UI_TEXT_DIM, dr.x + ui_px(20), dr.y + ui_px(72), UI_AL_LEFT);
        int bw2 = ui_px(150), bh2 = ui_px(40), by2 = dr.y + dr.h - bh2 - ui_px(16);
        ui_button_add(&l->buttons, t, r, (SDL_Rect){dr.x + dr.w - bw2 - ui_px(20), by2, bw2, bh2}, "Keep it", LB_DEL_NO,
                      0, 0, true, false, "Esc", l->mx, l->my);
        ui_button_add(&l->buttons, t, r, (SDL_Rect){dr.x + dr.w - 2 * bw2 - ui_px(32), by2, bw2, bh2}, "Delete",
                      LB_DEL_YES, 0, 0, true, true, "Enter", l->mx, l->my);
    }
    dump_layout(l);
}
