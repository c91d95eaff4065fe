/* bt_plot.c — plotting with the mouse (RULES P): the order editor for a ship's three slots,
 * pod-group directions, ghosts of the plotted path, undo/redo, and ship-combat choices (C-5).
 * Every option is checked with js_check_order before it is offered, so an illegal choice is
 * shown disabled with the engine's reason (which names the rule). */
#include "bt_parts.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct plot_step {     /* one undoable plot edit: what the slot held before and after */
    int8_t pod;                /* 0 ship order, 1 pod direction */
    int16_t unit;
    int8_t slot;
    js_order before, after;
    int8_t dir_before, dir_after;
} plot_step;

enum { HIST_MAX = 256 };

/* The selected ship's plan projected (js_project_plan), with what it was projected from: the
 * panel and the overlay ask for it several times a frame, and it changes only when the ship (its
 * place, its orders) or its unit does. The key is those inputs themselves, compared byte for
 * byte, rather than a counter: the state drawn also changes under the animation. */
typedef struct plan_proj {
    bool made;
    const js_state *st;
    int ship;
    js_ship ship_was;
    js_unit unit_was;
    int n;
    js_ship_place at[JS_PLAN_DEPTH];
    js_plan_note notes[JS_PLAN_DEPTH];
} plan_proj;

/* The order editor's place, its undo history (each step is re-submitted as a plot command) and
 * the ships held on purpose. */
struct bt_plot_draft {
    int slot;                  /* the slot being edited */
    int pod_aim;               /* 1..3 = the new pod group's direction a map click sets next */
    bool guard_edit;
    plot_step undo[HIST_MAX], redo[HIST_MAX];
    int nundo, nredo;
    int16_t held_turn[JS_MAX_SHIPS]; /* the turn "All hold" held the ship in: its empty orders are meant */
    plan_proj proj;
    long projections;          /* js_project_plan calls made for proj (tests) */
};

/* The selected ship's projection (js_project_plan's positions and notes; n = 0 for none),
 * projected again only when what it depends on changed. */
static const plan_proj *projected(const ui_battle *b)
{
    const js_state *st = bt_st(b);
    int i = bt_sel_ship(b);
    plan_proj *p = &b->plot->proj;
    if (i < 0 || i >= st->nships) {
        p->made = false;
        p->n = 0;
        return p;
    }
    const js_ship *s = &st->ships[i];
    bool unit_ok = s->unit >= 0 && s->unit < st->nunits;
    if (p->made && p->st == st && p->ship == i && !memcmp(&p->ship_was, s, sizeof *s) &&
        (!unit_ok || !memcmp(&p->unit_was, &st->units[s->unit], sizeof p->unit_was)))
        return p;
    p->made = true;
    p->st = st;
    p->ship = i;
    memcpy(&p->ship_was, s, sizeof *s);
    if (unit_ok)
        memcpy(&p->unit_was, &st->units[s->unit], sizeof p->unit_was);
    p->n = js_project_plan(st, i, p->at, p->notes);
    b->plot->projections++;
    return p;
}

long bt_plot_projections(const ui_battle *b) { return b->plot->projections; }

static void drop(ui_battle *b, bt_drop why)
{
    b->plot->guard_edit = false;
    if (why == BT_DROP_TAKE) { /* a side takes the controls: nothing of the last one's to undo */
        b->plot->nundo = b->plot->nredo = 0;
        b->plot->slot = JS_PLAN_DEPTH - 1;
    }
}

bool bt_plot_attach(ui_battle *b)
{
    if (!(b->plot = calloc(1, sizeof *b->plot)))
        return false;
    bt_drafts_register(b, drop);
    b->plot->slot = JS_PLAN_DEPTH - 1;
    return true;
}

void bt_plot_detach(ui_battle *b) { free(b->plot); }
int bt_plot_slot(const ui_battle *b) { return b->plot->slot; }
void bt_plot_set_slot(ui_battle *b, int slot) { b->plot->slot = slot; }
bool bt_plot_aiming(const ui_battle *b) { return b->plot->pod_aim > 0; }
void bt_plot_guard_edit_off(ui_battle *b) { b->plot->guard_edit = false; }

/* An active ship of the side at the controls that plots this phase. */
static bool plottable(const ui_battle *b, int i)
{
    const js_state *st = bt_st(b);
    const js_ship *s = &st->ships[i];
    return s->side == b->actor && s->state == JS_SHIP_ACTIVE &&
           (s->on_map || st->units[s->unit].where == JS_AT_ARRIVING);
}

/* A slot that does nothing but keep the phase: no turn, move, missile, pod launch or new guard
 * split. */
static bool empty_order(const js_order *o)
{
    return !o->turn && !o->move && !o->msl_fwd && !o->msl_aft && !o->pods && !o->redistribute;
}

/* Appends "Name (#id)" to a list of names, with an ellipsis once it is full. */
static void add_name(const js_state *st, int i, char *names, size_t cap, int before)
{
    const js_card_def *cd = ui_ship_card(st, i);
    size_t len = strlen(names);
    if (len + 40 < cap)
        snprintf(names + len, cap - len, "%s%s (#%d)", before ? ", " : "", cd ? cd->name : "ship", i);
    else if (!strstr(names, "\xe2\x80\xa6"))
        snprintf(names + len, cap - len, ", \xe2\x80\xa6");
}

/* J-6: an arriving ship whose orders for this turn leave its jump point covered at the end keeps
 * every card due behind it in reserve, their orders lost. Their names (one per card) into names;
 * their count. */
static int blocked_behind(const js_state *st, int i, const plan_proj *pp, char *names, size_t cap)
{
    const js_ship *s = &st->ships[i];
    js_ship_place own[JS_PLAN_DEPTH];
    const js_ship_place *proj = pp ? pp->at : own;
    const js_card_def *cd = ui_ship_card(st, i);
    if (!cd || st->units[s->unit].where != JS_AT_ARRIVING || (pp ? pp->n : js_project_plan(st, i, own, NULL)) < 1)
        return 0;
    js_hex fp[7];
    int nf = js_footprint(cd->size, proj[0].hex, proj[0].facing, fp);
    bool covers = false;
    for (int k = 0; k < nf; k++)
        covers = covers || js_hex_eq(fp[k], s->pos);
    if (!covers)
        return 0;
    int n = 0;
    for (int v = 0; v < st->nunits; v++) {
        const js_unit *w = &st->units[v];
        if (v == s->unit || w->side != s->side || w->where != JS_AT_ARRIVING || w->nships < 1 ||
            st->arrive_order[v] <= st->arrive_order[s->unit] || !js_hex_eq(st->ships[w->first_ship].pos, s->pos))
            continue;
        const js_card_def *wd = ui_ship_card(st, w->first_ship);
        size_t len = strlen(names);
        if (len + 40 < cap)
            snprintf(names + len, cap - len, "%s%s", n ? ", " : "", wd ? wd->name : "a card");
        n++;
    }
    return n;
}

int ui_battle_unplotted(const ui_battle *b, char *what, size_t cap)
{
    const js_state *st = bt_st(b);
    if (b->wait.kind != JS_WAIT_PLOT || b->actor < 0)
        return 0;
    int n = 0, fresh = 0, npart = 0;
    char names[200] = "", part[200] = "";
    bool gap[JS_PLAN_DEPTH] = {false};
    /* turns after the scenario's last are never played (W-2): nobody is asked for them */
    int last = st->scn.turn_limit;
    for (int i = 0; i < st->nships; i++) {
        if (!plottable(b, i))
            continue;
        const js_ship *s = &st->ships[i];
        if (s->plotted) {
            /* a new ship plots all three turns now (P-1): orders for the first turn alone leave
             * it idle for the next two, and it cannot be given orders for them later (unless
             * the player held it so, by "All hold") */
            bool empty = false;
            if (b->plot->held_turn[i] == st->turn)
                continue;
            for (int k = 1; s->fresh && k < JS_PLAN_DEPTH && st->turn + k <= last; k++)
                if (empty_order(&s->plan[k]))
                    empty = gap[k] = true;
            if (empty)
                add_name(st, i, part, sizeof part, npart++);
            continue;
        }
        if (!s->fresh && st->turn + JS_PLAN_DEPTH - 1 > last)
            continue; /* an established ship plots only T+2 (P-1) */
        fresh += s->fresh != 0;
        add_name(st, i, names, sizeof names, n++);
    }
    /* the first ship found blocking each jump point speaks for it */
    int nblock = 0;
    char block[400] = "";
    bool said[JS_MAX_UNITS] = {false};
    for (int i = 0; i < st->nships && nblock == 0; i++) {
        char behind[160] = "";
        int nb = plottable(b, i) && !said[st->ships[i].unit] ? blocked_behind(st, i, NULL, behind, sizeof behind) : 0;
        if (!nb)
            continue;
        said[st->ships[i].unit] = true;
        const js_card_def *cd = ui_ship_card(st, i);
        snprintf(block, sizeof block, " %s (#%d) ends turn %d on its jump point: %s, due through it after, cannot jump "
                 "in and stay%s in reserve (J-6).", cd ? cd->name : "A ship", i, st->turn, behind, nb == 1 ? "s" : "");
        nblock++;
    }
    if (what && cap) {
        int t = st->turn, len = 0, upto = t + JS_PLAN_DEPTH - 1 < last ? t + JS_PLAN_DEPTH - 1 : last;
        what[0] = 0;
        if (n && fresh == n && upto > t) /* new ships plot all three turns (P-1) */
            len = snprintf(what, cap, "%d ship%s no orders for turns %d to %d: %s.", n, n == 1 ? " has" : "s have", t,
                           upto, names);
        else if (n && fresh == n)
            len = snprintf(what, cap, "%d ship%s no orders for turn %d: %s.", n, n == 1 ? " has" : "s have", t, names);
        else if (n)
            len = snprintf(what, cap, "%d ship%s no orders for turn %d: %s.", n, n == 1 ? " has" : "s have",
                           t + JS_PLAN_DEPTH - 1, names);
        if (npart && len >= 0 && (size_t)len < cap) {
            char turns[40] = "";
            int ng = 0;
            for (int k = 1; k < JS_PLAN_DEPTH; k++)
                if (gap[k]) {
                    size_t tl = strlen(turns);
                    snprintf(turns + tl, sizeof turns - tl, "%s%d", ng++ ? " and " : "", t + k);
                }
            snprintf(what + len, cap - (size_t)len, "%s%s ha%s nothing plotted for turn%s %s (plotted now or never).",
                     len ? " " : "", part, npart == 1 ? "s" : "ve", ng == 1 ? "" : "s", turns);
        }
        len = (int)strlen(what);
        if (nblock && (size_t)len < cap)
            snprintf(what + len, cap - (size_t)len, "%s", len ? block : block + 1);
    }
    return n + npart + nblock;
}

static const char *const STOP_WHY[3] = {"", "is off the map", "is impassable"};

/* What the plot will really do, in words: a move or turn that stops short (V-3, Z-5), and a
 * missile whose first unit in its path, as things stand, is the player's own. */
static void plot_warnings(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    const js_ship *s = &st->ships[bt_sel_ship(b)];
    const js_card_def *cd = ui_ship_card(st, bt_sel_ship(b));
    const plan_proj *pp = projected(b);
    const js_ship_place *proj = pp->at;
    const js_plan_note *notes = pp->notes;
    int n = pp->n;
    char buf[256], hx[24], behind[160] = "";
    int nb = blocked_behind(st, bt_sel_ship(b), pp, behind, sizeof behind);
    if (nb) {
        snprintf(buf, sizeof buf, "Turn %d: ends on its jump point: %s cannot jump in behind it (J-6).", st->turn,
                 behind);
        bt_line(b, pc, buf, UI_BAD);
    }
    for (int k = 0; k < n && cd; k++) {
        int c, r;
        js_hex_to_offset(notes[k].stop_hex, &c, &r);
        snprintf(hx, sizeof hx, "(%d,%d)", c, r);
        if (notes[k].turn_stop) {
            snprintf(buf, sizeof buf, "Turn %d: the turn cannot be made: its stern at %s %s.", st->turn + k, hx,
                     STOP_WHY[notes[k].turn_stop % 3]);
            bt_line(b, pc, buf, UI_BAD);
        }
        if (notes[k].stop) {
            snprintf(buf, sizeof buf, "Turn %d: stops after %d of %d hex%s: %s %s.", st->turn + k, notes[k].steps,
                     s->plan[k].move, s->plan[k].move == 1 ? "" : "es", hx, STOP_WHY[notes[k].stop % 3]);
            bt_line(b, pc, buf, UI_BAD);
        }
        for (int aft = 0; aft < 2; aft++) {
            if (!(aft ? s->plan[k].msl_aft : s->plan[k].msl_fwd))
                continue;
            js_missile_path mp;
            js_missile_flight(st, js_missile_origin(cd->size, proj[k], aft),
                              aft ? js_dir_opposite(proj[k].facing) : proj[k].facing, -1, &mp);
            if (mp.end == JS_MSL_STRIKES && mp.hit_sides == JS_SIDE_MASK(s->side)) {
                snprintf(buf, sizeof buf, "Turn %d: the %s missile would strike your own %s first.", st->turn + k,
                         aft ? "aft" : "forward", mp.hit == JS_HIT_SHIP ? "ship" : mp.hit == JS_HIT_POD ? "pod group" : "missile");
                bt_line(b, pc, buf, UI_BAD);
            }
        }
    }
}

static const js_ship *own_ship(const ui_battle *b)
{
    const js_state *st = bt_st(b);
    if (bt_sel_ship(b) < 0 || bt_sel_ship(b) >= st->nships)
        return NULL;
    const js_ship *s = &st->ships[bt_sel_ship(b)];
    /* a card arriving through a jump point plots from there like a new ship (J-5, P-1) */
    bool arriving = s->unit >= 0 && st->units[s->unit].where == JS_AT_ARRIVING;
    if (!bt_is_mine(b, s->side) || !(s->on_map || arriving) || s->state == JS_SHIP_DESTROYED)
        return NULL;
    return s;
}

/* The slot a ship may edit now: all three when it is new on the map, else T+2 (P-1). */
static int first_slot(const js_ship *s) { return s->fresh ? 0 : JS_PLAN_DEPTH - 1; }

static bool check(ui_battle *b, const js_order *o, char *why, size_t cap)
{
    why[0] = 0;
    return js_check_order(bt_st(b), bt_sel_ship(b), b->plot->slot, o, why, cap) == JS_OK;
}

static void push_hist(plot_step *arr, int *n, const plot_step *s)
{
    if (*n == HIST_MAX) {
        memmove(arr, arr + 1, sizeof *arr * (HIST_MAX - 1));
        (*n)--;
    }
    arr[(*n)++] = *s;
}

static bool send_order(ui_battle *b, int ship, int slot, const js_order *o)
{
    js_cmd c = bt_cmd(b, JS_CMD_PLOT);
    c.unit = (int16_t)ship;
    c.slot = (int8_t)slot;
    c.order = *o;
    return bt_submit(b, &c, false) == JS_OK;
}

static bool send_pod(ui_battle *b, int group, int slot, int dir)
{
    js_cmd c = bt_cmd(b, JS_CMD_PLOT_POD);
    c.unit = (int16_t)group;
    c.slot = (int8_t)slot;
    c.dir = (int8_t)dir;
    return bt_submit(b, &c, false) == JS_OK;
}

/* Apply an edit and remember it for undo. */
static void edit(ui_battle *b, const js_order *next)
{
    const js_ship *s = own_ship(b);
    if (!s)
        return;
    plot_step h = {0};
    h.unit = (int16_t)bt_sel_ship(b);
    h.slot = (int8_t)b->plot->slot;
    h.before = s->plan[b->plot->slot];
    h.after = *next;
    if (memcmp(&h.before, &h.after, sizeof h.before) == 0)
        return;
    if (send_order(b, bt_sel_ship(b), b->plot->slot, next)) {
        push_hist(b->plot->undo, &b->plot->nundo, &h);
        b->plot->nredo = 0;
        b->plot->held_turn[bt_sel_ship(b)] = 0; /* given orders of its own: no longer held on purpose */
    }
}

static void edit_pod(ui_battle *b, int group, int dir)
{
    const js_state *st = bt_st(b);
    plot_step h = {0};
    h.pod = 1;
    h.unit = (int16_t)group;
    h.slot = JS_PLAN_DEPTH - 1;
    h.dir_before = st->pods[group].dir[h.slot];
    h.dir_after = (int8_t)dir;
    if (h.dir_before == h.dir_after)
        return;
    if (send_pod(b, group, h.slot, dir)) {
        push_hist(b->plot->undo, &b->plot->nundo, &h);
        b->plot->nredo = 0;
    }
}

void bt_plot_undo(ui_battle *b, bool redo)
{
    if (b->public_mode || b->wait.kind != JS_WAIT_PLOT)
        return;
    plot_step *from = redo ? b->plot->redo : b->plot->undo;
    int *nfrom = redo ? &b->plot->nredo : &b->plot->nundo;
    if (*nfrom == 0) {
        bt_toast(b, redo ? "Nothing to redo" : "Nothing to undo");
        return;
    }
    plot_step s = from[--(*nfrom)];
    bool ok;
    if (s.pod)
        ok = s.dir_before >= 1 ? send_pod(b, s.unit, s.slot, redo ? s.dir_after : s.dir_before)
                               : (redo ? send_pod(b, s.unit, s.slot, s.dir_after) : true);
    else
        ok = send_order(b, s.unit, s.slot, redo ? &s.after : &s.before);
    if (ok)
        push_hist(redo ? b->plot->undo : b->plot->redo, redo ? &b->plot->nundo : &b->plot->nredo, &s);
    if (!s.pod) {
        bt_select(b, BT_SEL_SHIP, s.unit);
        b->plot->slot = s.slot;
    } else {
        bt_select(b, BT_SEL_POD, s.unit);
    }
}

/* ----------------------------------------------------------------- the editor */

static void opt_btn(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, const js_order *cand,
                    bool active)
{
    char why[JS_REASON_LEN];
    bool ok = check(b, cand, why, sizeof why);
    bt_btn(b, rc, label, id, arg, 0, ok, active, ok ? NULL : why);
}

/* a label and a [-] value [+] stepper on one row */
static void stepper(ui_battle *b, bt_pc *pc, int x, int w, const char *label, const char *value, int id,
                    const js_order *minus, const js_order *plus)
{
    int h = ui_px(24), bw = ui_px(26);
    int px = ui_px(12);
    ui_text_draw(b->g->text, UI_FONT_SANS, px, label, UI_TEXT_DIM, x, pc->y + (h - ui_text_line_h(b->g->text, UI_FONT_SANS, px)) / 2,
                 UI_AL_LEFT);
    int lx = x + w - bw * 2 - ui_px(44);
    opt_btn(b, (SDL_Rect){lx, pc->y, bw, h}, "−", id, -1, minus, false);
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(14), value, UI_TEXT, lx + bw + ui_px(22),
                 pc->y + (h - ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(14))) / 2, UI_AL_CENTER);
    opt_btn(b, (SDL_Rect){lx + bw + ui_px(44), pc->y, bw, h}, "+", id, 1, plus, false);
}

/* A selected own pod group: its direction for T+2 (P-4). */
static void pod_group_rows(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    const js_podgroup *p = &st->pods[bt_sel_pod(b)];
    char buf[120];
    snprintf(buf, sizeof buf, "Pod group: direction for turn %d (P-4)", st->turn + 2);
    bt_heading(b, pc, buf);
    int w = (pc->w - ui_px(5) * 5) / 6;
    for (int d = 1; d <= 6; d++)
        bt_btn(b, (SDL_Rect){pc->x + (d - 1) * (w + ui_px(5)), pc->y, w, ui_px(26)}, bt_dir_name(d), B_PODPLOT_DIR, d,
               0, true, p->dir[2] == d, "Or click a hex next to the group's plotted path");
    pc->y += ui_px(32);
    bt_line(b, pc, "Turns T and T+1 are already plotted.", UI_TEXT_DIM);
}

/* A big fleet by mouse (large_battle: 36 ships a turn). Repeat: every own ship not yet plotted
 * this phase plots the order it gave last turn again (T+1's, into T+2); a ship new on the map
 * that was given orders for its first turn only gets them again for the turns after. Hold: every
 * own ship not yet plotted keeps its orders as they stand (no move, the same phase). Each order
 * goes through the engine as its own plot command, so each is checked and undoable one by one;
 * a refusal is named with the engine's reason. Returns how many ships were plotted. */
static bool fleet_target(const ui_battle *b, int i, bool repeat)
{
    const js_ship *s = &bt_st(b)->ships[i];
    if (!plottable(b, i))
        return false;
    if (!repeat || !s->fresh)
        return !s->plotted;
    if (!s->plotted)
        return false; /* new on the map, nothing plotted: nothing to repeat */
    for (int k = 1; k < JS_PLAN_DEPTH; k++)
        if (empty_order(&s->plan[k]))
            return true;
    return false;
}

static int fleet_orders(ui_battle *b, bool repeat)
{
    const js_state *st = bt_st(b);
    int done = 0, refused = 0;
    char why[JS_REASON_LEN], first[JS_REASON_LEN + 80] = "";
    for (int i = 0; i < st->nships; i++) {
        if (!fleet_target(b, i, repeat))
            continue;
        const js_ship *s = &st->ships[i];
        bool fresh = s->fresh, changed = false;
        for (int k = first_slot(s); k < JS_PLAN_DEPTH; k++) {
            if (repeat && (k == 0 || (fresh && !empty_order(&s->plan[k]))))
                continue; /* repeated into the turns after one given, over none given */
            js_order o = repeat ? s->plan[k - 1] : s->plan[k];
            if (js_check_order(st, i, k, &o, why, sizeof why) != JS_OK) {
                if (!refused++) {
                    const js_card_def *cd = ui_ship_card(st, i);
                    snprintf(first, sizeof first, "%s (#%d), turn %d: %s", cd ? cd->name : "ship", i, st->turn + k, why);
                }
                break;
            }
            plot_step h = {0};
            h.unit = (int16_t)i;
            h.slot = (int8_t)k;
            h.before = s->plan[k];
            h.after = o;
            if (!send_order(b, i, k, &o))
                break;
            push_hist(b->plot->undo, &b->plot->nundo, &h);
            b->plot->nredo = 0;
            changed = true;
            if (!repeat)
                b->plot->held_turn[i] = st->turn;
            st = bt_st(b); /* the view is rebuilt after each command */
            s = &st->ships[i];
        }
        done += changed;
    }
    if (refused)
        bt_toast(b, "%d ship%s plotted; %d refused, the first: %s", done, done == 1 ? "" : "s", refused, first);
    else
        bt_toast(b, "%d ship%s plotted", done, done == 1 ? "" : "s");
    return done;
}

/* Nothing selected: how to start, and how many ships are plotted. */
static void plotting_hint(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    char buf[120];
    bt_heading(b, pc, "Plotting (P)");
    bt_line(b, pc, "Click one of your ships to plot its orders;", UI_TEXT_DIM);
    bt_line(b, pc, "Tab selects the next one. Shift-drag a box over several of them (or Shift-click each) to "
                   "give them one order.", UI_TEXT_DIM);
    int total = 0;
    for (int i = 0; i < st->nships; i++)
        total += plottable(b, i);
    int touched = 0;
    for (int i = 0; i < st->nships; i++)
        touched += plottable(b, i) && st->ships[i].plotted;
    snprintf(buf, sizeof buf, "%d of %d active ships plotted this phase", touched, total);
    bt_line(b, pc, buf, UI_TEXT);
}

/* The fleet's row (under Undo, with or without a ship selected): the rest of the ships at once. */
static void fleet_row(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int can_repeat = 0, can_hold = 0;
    for (int i = 0; i < st->nships; i++) {
        can_repeat += fleet_target(b, i, true);
        can_hold += fleet_target(b, i, false);
    }
    pc->y += ui_px(6);
    int half = (pc->w - ui_px(6)) / 2;
    bt_btn(b, (SDL_Rect){pc->x, pc->y, half, ui_px(28)}, "Repeat last turn", B_FLEET_REPEAT, 0, 0, can_repeat > 0, false,
           can_repeat ? "Every ship not yet plotted gives last turn's orders again (a new ship: its first turn's, "
                        "for the turns after); each checked, Ctrl+Z undoes"
                      : "No ship to repeat: new ships have no orders of last turn (give one its first turn's)");
    bt_btn(b, (SDL_Rect){pc->x + half + ui_px(6), pc->y, pc->w - half - ui_px(6), ui_px(28)}, "All hold", B_FLEET_HOLD,
           0, 0, can_hold > 0, false,
           can_hold ? "Every ship not yet plotted holds: no move, the same phase, nothing launched"
                    : "Every ship is plotted");
    pc->y += ui_px(34);
}

/* The tabs of the turns T, T+1, T+2 (P-1: only those not yet plotted can be edited). */
static void slot_tabs(ui_battle *b, bt_pc *pc, int first)
{
    const js_state *st = bt_st(b);
    char buf[120];
    bt_heading(b, pc, "Orders (P-2)");
    int tw = (pc->w - ui_px(8)) / 3;
    for (int k = 0; k < JS_PLAN_DEPTH; k++) {
        snprintf(buf, sizeof buf, "Turn %d%s", st->turn + k, k == 0 ? " (T)" : k == 1 ? " (T+1)" : " (T+2)");
        bool ed = k >= first;
        bt_btn(b, (SDL_Rect){pc->x + k * (tw + ui_px(4)), pc->y, tw, ui_px(26)}, buf, B_SLOT, k, 0, ed, b->plot->slot == k,
               ed ? NULL : "P-1: orders for T and T+1 are already plotted; plot T+2");
    }
    pc->y += ui_px(32);
}

/* A stepper for one field of the order (its offset in js_order): minus and plus are the order
 * with that field one lower and one higher (the engine says which may be plotted). The value
 * shown is the field's number unless value names it otherwise. */
static void field_stepper(ui_battle *b, bt_pc *pc, int w, const js_order *o, size_t field, const char *label,
                          const char *value, int id)
{
    js_order mm = *o, mp = *o;
    int v = ((const int8_t *)o)[field]; /* every field of js_order is an int8_t */
    ((int8_t *)&mm)[field] = (int8_t)(v - 1);
    ((int8_t *)&mp)[field] = (int8_t)(v + 1);
    char buf[16];
    if (!value) {
        snprintf(buf, sizeof buf, "%d", v);
        value = buf;
    }
    stepper(b, pc, pc->x, w, label, value, id, &mm, &mp);
}

/* Turn, move, phase and missiles of the order in the edited slot. */
static void order_rows(ui_battle *b, bt_pc *pc, const js_order *op, int half, int h)
{
    js_order o = *op, c;
    char buf[120];
    int bw = (pc->w - ui_px(8)) / 3;
    /* turn */
    const char *tl[3] = {"Port (Q)", "No turn", "Starboard (E)"};
    int tv[3] = {-1, 0, 1};
    for (int k = 0; k < 3; k++) {
        c = o;
        c.turn = (int8_t)tv[k];
        opt_btn(b, (SDL_Rect){pc->x + k * (bw + ui_px(4)), pc->y, bw, h}, tl[k], B_TURN, tv[k], &c, o.turn == tv[k]);
    }
    pc->y += h + ui_px(6);
    /* move: stepper and ahead/astern */
    snprintf(buf, sizeof buf, o.move ? "F(%d)" : "none", o.move);
    field_stepper(b, pc, half, &o, offsetof(js_order, move), "Move", buf, B_MOVE);
    c = o;
    c.astern = (int8_t)!o.astern;
    {
        /* a state, not a command: a bare "Ahead" read as "move ahead", and a click that turned
         * the order astern (with no move) looked like a move plotted */
        bool ok = check(b, &c, buf, sizeof buf);
        bt_btn(b, (SDL_Rect){pc->x + half + ui_px(6), pc->y, pc->w - half - ui_px(6), h},
               o.astern ? "Direction: astern" : "Direction: ahead", B_ASTERN, 0, 0, ok, false,
               !ok ? buf
               : o.astern ? "The move goes astern, stern first (P-2). Click to go ahead instead."
                          : "The move goes ahead, bow first (P-2). Click to go astern instead.");
    }
    pc->y += h + ui_px(6);
    /* phase */
    field_stepper(b, pc, half, &o, offsetof(js_order, phase), "Phase ([ ])", NULL, B_PHASE);
    pc->y += h + ui_px(6);
    /* missiles */
    field_stepper(b, pc, half, &o, offsetof(js_order, msl_fwd), "Missiles fwd", NULL, B_MSL_FWD);
    pc->y += h + ui_px(4);
    field_stepper(b, pc, half, &o, offsetof(js_order, msl_aft), "Missiles aft", NULL, B_MSL_AFT);
    pc->y += h + ui_px(6);
}

/* Where the ship faces in the slot being plotted, after that turn's plotted turn: a new pod
 * group starts heading that way (offering the facing of today put NE on a ship that would face SE). */
static int8_t slot_facing(const ui_battle *b, const js_ship *s)
{
    const plan_proj *pp = projected(b);
    return b->plot->slot < pp->n ? pp->at[b->plot->slot].facing : s->facing;
}

/* Pod squadrons launched, and the new group's three directions (buttons, or aimed on the map). */
static void pod_launch_rows(ui_battle *b, bt_pc *pc, const js_ship *s, const js_order *op, int half, int h)
{
    js_order o = *op, c, mm = o, mp = o;
    char buf[120];
    mm.pods = (int8_t)(o.pods - 1);
    mp.pods = (int8_t)(o.pods + 1);
    int8_t ahead = slot_facing(b, s);
    for (int k = 0; k < 3; k++)
        if (mp.pod_dir[k] < 1)
            mp.pod_dir[k] = ahead; /* a new group starts heading where the ship will face */
    snprintf(buf, sizeof buf, "%d", o.pods);
    stepper(b, pc, pc->x, half, "Pod squadrons", buf, B_PODS, &mm, &mp);
    pc->y += h + ui_px(4);
    if (o.pods <= 0) {
        b->plot->pod_aim = 0;
        return;
    }
    int dw = (pc->w - ui_px(12)) / 4;
    for (int k = 0; k < 3; k++) {
        c = o;
        c.pod_dir[k] = (int8_t)js_dir_wrap(o.pod_dir[k] + 1);
        snprintf(buf, sizeof buf, "T%+d: %s", k, bt_dir_name(o.pod_dir[k]));
        opt_btn(b, (SDL_Rect){pc->x + k * (dw + ui_px(4)), pc->y, dw, h}, buf, B_POD_DIR, k, &c, b->plot->pod_aim == k + 1);
    }
    /* or aim on the map: each click on a marked neighbour sets the next direction */
    bt_btn(b, (SDL_Rect){pc->x + 3 * (dw + ui_px(4)), pc->y, pc->w - 3 * (dw + ui_px(4)), h},
           b->plot->pod_aim ? "Aiming…" : "Aim on map", B_POD_AIM, 0, 0, true, b->plot->pod_aim > 0,
           "Click hexes on the map: each click sets the group's next direction");
    pc->y += h + ui_px(6);
}

/* Guard pods (R): keep the split, or a new one side by side. */
static void guard_rows(ui_battle *b, bt_pc *pc, const js_ship *s, const js_order *op, int h)
{
    js_order o = *op, c;
    char buf[120];
    int gtotal = 0;
    for (int k = 0; k < 6; k++)
        gtotal += s->guard[k];
    if (gtotal <= 0)
        return;
    c = o;
    c.redistribute = (int8_t)!o.redistribute;
    if (c.redistribute && !o.redistribute)
        memcpy(c.guard, s->guard, sizeof c.guard);
    opt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, h},
            o.redistribute ? "Guard pods: new split (click sides)" : "Guard pods: keep split", B_GUARD_ON, 0, &c,
            o.redistribute);
    pc->y += h + ui_px(4);
    if (!o.redistribute)
        return;
    static const char *sn[6] = {"Bow", "Fwd-stbd", "Aft-stbd", "Stern", "Aft-port", "Fwd-port"};
    int gw = (pc->w - ui_px(10)) / 3;
    for (int k = 0; k < 6; k++) {
        c = o;
        /* one pod moves onto this side from the next side clockwise that has one */
        for (int j = 1; j < 6; j++) {
            int from = (k + j) % 6;
            if (c.guard[from] > 0) {
                c.guard[from]--;
                c.guard[k]++;
                break;
            }
        }
        snprintf(buf, sizeof buf, "%s %d", sn[k], o.guard[k]);
        opt_btn(b, (SDL_Rect){pc->x + (k % 3) * (gw + ui_px(5)), pc->y + (k / 3) * (h + ui_px(4)), gw, h}, buf,
                B_GUARD_SIDE, k, &c, false);
    }
    pc->y += 2 * (h + ui_px(4));
}

/* The ships picked with the selected one (Shift-click, a Shift-drag box): how many go with it. */
static void picks_line(ui_battle *b, bt_pc *pc)
{
    int more = 0;
    for (int i = 0; i < bt_st(b)->nships; i++)
        more += bt_picked(b, i) && i != bt_sel_ship(b) && plottable(b, i);
    if (!more)
        return;
    char buf[120];
    snprintf(buf, sizeof buf, "+ %d more ship%s selected (marked): a change here goes to each", more, more == 1 ? "" : "s");
    bt_line(b, pc, buf, UI_ACCENT);
}

static void undo_row(ui_battle *b, bt_pc *pc)
{
    int uw = (pc->w - ui_px(6)) / 2;
    pc->y += ui_px(4);
    bt_btn(b, (SDL_Rect){pc->x, pc->y, uw, ui_px(26)}, "Undo (Ctrl+Z)", B_UNDO, 0, 0, b->plot->nundo > 0, false,
           b->plot->nundo ? NULL : "Nothing to undo");
    bt_btn(b, (SDL_Rect){pc->x + uw + ui_px(6), pc->y, uw, ui_px(26)}, "Redo (Ctrl+Y)", B_REDO, 0, 0, b->plot->nredo > 0, false,
           b->plot->nredo ? NULL : "Nothing to redo");
    pc->y += ui_px(32);
}

void bt_plot_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && bt_is_mine(b, st->pods[bt_sel_pod(b)].side))
        pod_group_rows(b, pc);
    const js_ship *s = own_ship(b);
    if (!s) {
        if (bt_sel_pod(b) < 0)
            plotting_hint(b, pc);
    } else if (s->state != JS_SHIP_ACTIVE) {
        bt_heading(b, pc, "Orders frozen");
        bt_line(b, pc, "P-6: a disabled ship executes nothing more.", UI_BAD);
    } else {
        int fs = first_slot(s);
        if (b->plot->slot < fs)
            b->plot->slot = JS_PLAN_DEPTH - 1;
        slot_tabs(b, pc, fs);
        picks_line(b, pc);
        js_order o = s->plan[b->plot->slot];
        int half = pc->w * 58 / 100, h = ui_px(24);
        order_rows(b, pc, &o, half, h);
        pod_launch_rows(b, pc, s, &o, half, h);
        guard_rows(b, pc, s, &o, h);
        bt_line(b, pc, "Click a hex on the line ahead/astern to set the move.", UI_TEXT_DIM);
        plot_warnings(b, pc);
    }
    undo_row(b, pc);
    fleet_row(b, pc);
}

/* A change made on the selected ship's panel, given to every ship picked with it (Shift-click):
 * each is its own plot command, checked by the engine; the first refusal is named. */
static void fan_out(ui_battle *b, const ui_button *btn)
{
    int lead = bt_sel_ship(b), slot = b->plot->slot, done = 0, refused = 0;
    char first[JS_REASON_LEN + 100] = "";
    for (int i = 0; i < bt_st(b)->nships; i++) {
        if (!bt_picked(b, i) || i == lead || !plottable(b, i))
            continue;
        const js_ship *s = &bt_st(b)->ships[i];
        bt_select(b, BT_SEL_SHIP, i);
        b->plot->slot = slot < first_slot(s) ? JS_PLAN_DEPTH - 1 : slot;
        b->toast_t = 0;
        b->toast[0] = b->toast_rule[0] = 0;
        bt_plot_button(b, btn); /* a refusal comes back as the note */
        if (b->toast[0] && !refused++) {
            const js_card_def *cd = ui_ship_card(bt_st(b), i);
            snprintf(first, sizeof first, "%s (#%d): %s%s%s", cd ? cd->name : "ship", i, b->toast_rule,
                     b->toast_rule[0] ? ": " : "", b->toast);
        }
        done += !b->toast[0];
    }
    bt_select(b, BT_SEL_SHIP, lead);
    b->plot->slot = slot;
    if (refused)
        bt_toast(b, "Also given to %d ship%s; %d refused, the first: %s", done, done == 1 ? "" : "s", refused, first);
    else
        bt_toast(b, "Also given to %d ship%s", done, done == 1 ? "" : "s");
}

void bt_plot_button(ui_battle *b, const ui_button *btn)
{
    static bool fanning; /* fan_out calls back in for each picked ship */
    if (!fanning && own_ship(b) && (btn->id == B_TURN || btn->id == B_MOVE || btn->id == B_ASTERN ||
                                    btn->id == B_PHASE || btn->id == B_MSL_FWD || btn->id == B_MSL_AFT)) {
        bool any = false;
        for (int i = 0; i < bt_st(b)->nships && !any; i++)
            any = bt_picked(b, i) && i != bt_sel_ship(b);
        if (any) {
            fanning = true;
            bt_plot_button(b, btn); /* the selected ship first */
            fan_out(b, btn);
            fanning = false;
            return;
        }
    }
    if (btn->id == B_FLEET_REPEAT || btn->id == B_FLEET_HOLD) {
        fleet_orders(b, btn->id == B_FLEET_REPEAT);
        return;
    }
    if (btn->id == B_UNDO || btn->id == B_REDO) {
        bt_plot_undo(b, btn->id == B_REDO);
        return;
    }
    if (btn->id == B_PODPLOT_DIR) {
        if (bt_sel_pod(b) >= 0)
            edit_pod(b, bt_sel_pod(b), btn->arg);
        return;
    }
    if (btn->id == B_SHIP_TARGET) {
        js_cmd c = bt_cmd(b, JS_CMD_SHIP_ATTACK);
        c.unit = (int16_t)btn->arg;
        c.target = (int16_t)btn->arg2;
        bt_submit(b, &c, false);
        return;
    }
    if (btn->id == B_SLOT) {
        b->plot->slot = btn->arg;
        return;
    }
    const js_ship *s = own_ship(b);
    if (!s)
        return;
    js_order o = s->plan[b->plot->slot];
    switch (btn->id) {
    case B_TURN: o.turn = (int8_t)btn->arg; break;
    case B_MOVE: o.move = (int8_t)(o.move + btn->arg); break;
    case B_ASTERN: o.astern = (int8_t)!o.astern; break;
    case B_PHASE: o.phase = (int8_t)(o.phase + btn->arg); break;
    case B_MSL_FWD: o.msl_fwd = (int8_t)(o.msl_fwd + btn->arg); break;
    case B_MSL_AFT: o.msl_aft = (int8_t)(o.msl_aft + btn->arg); break;
    case B_PODS: {
        o.pods = (int8_t)(o.pods + btn->arg);
        int8_t ahead = slot_facing(b, s);
        for (int k = 0; k < 3; k++)
            if (o.pod_dir[k] < 1)
                o.pod_dir[k] = ahead;
        break;
    }
    case B_POD_DIR: o.pod_dir[btn->arg] = (int8_t)js_dir_wrap(o.pod_dir[btn->arg] + 1); break;
    case B_POD_AIM:
        b->plot->pod_aim = b->plot->pod_aim ? 0 : 1;
        return;
    case B_GUARD_ON:
        o.redistribute = (int8_t)!o.redistribute;
        if (o.redistribute)
            memcpy(o.guard, s->guard, sizeof o.guard);
        break;
    case B_GUARD_SIDE:
        for (int j = 1; j < 6; j++) {
            int from = (btn->arg + j) % 6;
            if (o.guard[from] > 0) {
                o.guard[from]--;
                o.guard[btn->arg]++;
                break;
            }
        }
        break;
    default: return;
    }
    /* re-check here too: keyboard shortcuts arrive without a drawn button */
    char why[JS_REASON_LEN];
    if (js_check_order(bt_st(b), bt_sel_ship(b), b->plot->slot, &o, why, sizeof why) != JS_OK) {
        bt_toast(b, "%s", why);
        return;
    }
    edit(b, &o);
}

/* Where the ship starts the selected slot's turn, after its turn order (the move line's origin). */
static bool slot_start(const ui_battle *b, js_ship_place *out)
{
    const js_ship *s = own_ship(b);
    if (!s)
        return false;
    const plan_proj *pp = projected(b);
    js_ship_place p = {s->pos, s->facing, s->phase};
    if (b->plot->slot > 0 && b->plot->slot - 1 < pp->n)
        p = pp->at[b->plot->slot - 1];
    p.facing = (int8_t)js_dir_wrap(p.facing + s->plan[b->plot->slot].turn);
    *out = p;
    return true;
}

/* Where a group launched by order o would go: chain[0] is the launch hex (V-5: the ship's centre or
 * bow after its move that turn), chain[k] the hex after its k-th plotted direction. */
static bool pod_chain(const ui_battle *b, const js_order *o, js_hex chain[4])
{
    const plan_proj *pp = projected(b);
    if (pp->n <= b->plot->slot)
        return false;
    chain[0] = pp->at[b->plot->slot].hex;
    for (int k = 0; k < 3; k++)
        chain[k + 1] = o->pod_dir[k] >= 1 ? js_hex_neighbor(chain[k], o->pod_dir[k]) : chain[k];
    return true;
}

/* A hex the ship's own counter covers besides its centre (a frigate's stern, a large ship's ring),
 * as drawn now or as the ghost the move starts from, that is also a target of the move line: a
 * click there meant the ship, and silently plotted F(1) astern. */
static bool on_own_counter(const ui_battle *b, const js_card_def *cd, const js_ship_place *start, js_hex h)
{
    const js_ship *s = own_ship(b);
    bool target = cd->move >= 1 && (js_hex_eq(h, js_hex_neighbor(start->hex, start->facing)) ||
                                     js_hex_eq(h, js_hex_neighbor(start->hex, js_dir_opposite(start->facing))));
    if (!s || !target)
        return false;
    js_hex fp[2][7];
    int n[2] = {js_footprint(cd->size, s->pos, s->facing, fp[0]),
                js_footprint(cd->size, start->hex, js_dir_wrap(start->facing - s->plan[b->plot->slot].turn), fp[1])};
    for (int j = 0; j < 2; j++)
        for (int i = 1; i < n[j]; i++)
            if (js_hex_eq(fp[j][i], h))
                return true;
    return false;
}

/* Shift-click on one of your ships while another is selected: it joins the selection (or leaves
 * it), and a change made on the selected ship's panel goes to it too. */
static bool pick_click(ui_battle *b, js_hex h)
{
    const js_state *st = bt_st(b);
    if (!(SDL_GetModState() & KMOD_SHIFT) || bt_sel_ship(b) < 0 || !own_ship(b))
        return false;
    for (int i = 0; i < st->nships; i++) {
        js_hex fp[7];
        int n = plottable(b, i) && st->ships[i].on_map ? js_ship_footprint(st, i, fp) : 0;
        for (int k = 0; k < n; k++)
            if (js_hex_eq(fp[k], h)) {
                if (i != bt_sel_ship(b))
                    bt_pick_toggle(b, i);
                int more = 0;
                for (int j = 0; j < st->nships; j++)
                    more += bt_picked(b, j) && j != bt_sel_ship(b);
                bt_toast(b, "%d more ship%s with this one: a change on its panel (turn, move, phase, missiles) "
                            "goes to each", more, more == 1 ? "" : "s");
                return true;
            }
    }
    return false;
}

/* A Shift-drag box over the board: your ships with a hex of their counter inside it join the
 * selection (Shift adds, as Shift-click does; a box never takes one out). With no ship of yours
 * selected, the one nearest the corner the box began at leads: its panel shows, and a change
 * made there goes to each. Only counts them unless apply. */
int bt_plot_box(ui_battle *b, SDL_Rect box, int x0, int y0, bool apply)
{
    const js_state *st = bt_st(b);
    int in[JS_MAX_SHIPS], n = 0, lead = -1;
    long best = 0;
    for (int i = 0; i < st->nships; i++) {
        js_hex fp[7];
        int nf = plottable(b, i) && st->ships[i].on_map ? js_ship_footprint(st, i, fp) : 0;
        for (int k = 0; k < nf; k++) {
            float x, y;
            ui_cam_hex_to_screen(&b->cam, fp[k], &x, &y);
            if (!ui_point_in(box, (int)x, (int)y))
                continue;
            in[n++] = i;
            ui_cam_hex_to_screen(&b->cam, st->ships[i].pos, &x, &y);
            long d = (long)(x - x0) * (long)(x - x0) + (long)(y - y0) * (long)(y - y0);
            if (lead < 0 || d < best)
                lead = i, best = d;
            break;
        }
    }
    if (!apply || n == 0) {
        if (apply)
            bt_toast(b, "No ship of yours to plot in that box: drag it over your own ships (Shift held).");
        return n;
    }
    const js_ship *s = own_ship(b);
    bool fresh_lead = !s || s->state != JS_SHIP_ACTIVE;
    if (fresh_lead) { /* nothing of yours selected: the box chooses, the nearest ship leads */
        bt_select_clear(b);
        bt_picks_clear(b);
        bt_plot_guard_edit_off(b);
        bt_select(b, BT_SEL_SHIP, lead);
        bt_plot_set_slot(b, first_slot(&st->ships[lead]));
    }
    for (int k = 0; k < n; k++)
        if (in[k] != bt_sel_ship(b))
            bt_pick_set(b, in[k], true);
    int more = 0;
    for (int j = 0; j < st->nships; j++)
        more += bt_picked(b, j) && j != bt_sel_ship(b);
    char name[96];
    js_ship_name(st, bt_sel_ship(b), name, sizeof name);
    bt_toast(b, "%s and %d more ship%s selected: a change on its panel (turn, move, phase, missiles) goes to each. "
                "Shift-click one to take it out.", name, more, more == 1 ? "" : "s");
    return n;
}

bool bt_plot_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT)
        return false;
    if (pick_click(b, h))
        return true;
    const js_state *st = bt_st(b);
    /* a pod group: a click next to its plotted position sets its T+2 direction */
    if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && bt_is_mine(b, st->pods[bt_sel_pod(b)].side)) {
        const js_podgroup *p = &st->pods[bt_sel_pod(b)];
        js_hex at = js_hex_neighbor(js_hex_neighbor(p->pos, p->dir[0]), p->dir[1]);
        int d = js_hex_dir_to(at, h);
        if (d) {
            edit_pod(b, bt_sel_pod(b), d);
            return true;
        }
        if (!bt_hex_empty(b, h))
            return false;
        bt_toast(b, "A pod group moves one hex a turn: click one of the six hexes around the end of its plotted path "
                    "(marked) to set its direction for turn %d.", st->turn + 2);
        return true;
    }
    const js_ship *s = own_ship(b);
    if (!s || s->state != JS_SHIP_ACTIVE)
        return false;
    const js_card_def *cd = ui_ship_card(st, bt_sel_ship(b));
    js_order o = s->plan[b->plot->slot];
    js_hex chain[4];
    if (b->plot->pod_aim > 0 && o.pods > 0 && pod_chain(b, &o, chain)) {
        /* P-2: the new group's directions, one click on a neighbour of the path so far each */
        int d = js_hex_dir_to(chain[b->plot->pod_aim - 1], h);
        if (d) {
            o.pod_dir[b->plot->pod_aim - 1] = (int8_t)d;
            b->plot->pod_aim = b->plot->pod_aim < 3 ? b->plot->pod_aim + 1 : 0;
            edit(b, &o);
            return true;
        }
        if (bt_hex_empty(b, h)) {
            bt_toast(b, "Aiming the pods: direction %d of 3 is one step from the end of their path so far; click one "
                        "of the six hexes around it.", b->plot->pod_aim);
            return true;
        }
    }
    if (o.redistribute) { /* guard split: clicking a hex beside the ship adds a pod on that side */
        int dir = js_hex_dir_to(s->pos, h);
        if (dir) {
            ui_button btn = {.id = B_GUARD_SIDE, .arg = js_dir_wrap(dir - s->facing + 1) - 1, .enabled = true};
            bt_plot_button(b, &btn);
            return true;
        }
    }
    js_ship_place start;
    if (!slot_start(b, &start) || !cd)
        return false;
    js_hex at = start.hex;
    if (on_own_counter(b, cd, &start, h)) {
        /* the counter itself was clicked, not a place to go: it selects, as on any counter */
        bt_toast(b, "That hex is part of %s itself: a click there selects, it plots no move. To move 1 hex %s, set "
                    "Move to F(1) in the panel%s.",
                 cd->name, js_hex_eq(h, js_hex_neighbor(start.hex, start.facing)) ? "ahead" : "astern",
                 js_hex_eq(h, js_hex_neighbor(start.hex, start.facing)) ? "" : ", then Direction: astern");
        return false;
    }
    for (int k = 1; k <= cd->move; k++) {
        js_hex ahead = start.hex, astern = start.hex;
        for (int j = 0; j < k; j++) {
            ahead = js_hex_neighbor(ahead, start.facing);
            astern = js_hex_neighbor(astern, js_dir_opposite(start.facing));
        }
        if (js_hex_eq(h, ahead) || js_hex_eq(h, astern)) {
            o.move = (int8_t)k;
            o.astern = (int8_t)js_hex_eq(h, astern);
            char why[JS_REASON_LEN];
            if (js_check_order(st, bt_sel_ship(b), b->plot->slot, &o, why, sizeof why) == JS_OK)
                edit(b, &o);
            else
                bt_toast(b, "%s", why);
            return true;
        }
    }
    /* a click on an arriving card's jump point picks the next in the stack there (it shares the
     * point with the rest of its squadron and its deployment, J-5), never clears its move: the
     * stack stays drawn on the point, and that click is how the next card is reached */
    if (js_hex_eq(h, s->pos) && st->units[s->unit].where == JS_AT_ARRIVING)
        return false;
    if (js_hex_eq(h, at) && o.move) { /* clicking the start hex clears the move */
        o.move = 0;
        edit(b, &o);
        return true;
    }
    if (!bt_hex_empty(b, h))
        return false; /* a counter there: the click selects it */
    /* an empty hex that is no move: say why, and keep the ship selected */
    js_hex ahead = start.hex, astern = start.hex;
    for (int k = 1; k <= 2 * (st->scn.width + st->scn.height); k++) {
        ahead = js_hex_neighbor(ahead, start.facing);
        astern = js_hex_neighbor(astern, js_dir_opposite(start.facing));
        if (js_hex_eq(h, ahead) || js_hex_eq(h, astern)) {
            bt_toast(b, "Out of reach: %s moves at most %d hex%s a turn, and that hex is %d away.", cd->name, cd->move,
                     cd->move == 1 ? "" : "es", k);
            return true;
        }
    }
    if (cd->move == 0)
        bt_toast(b, "%s cannot move: its card has no move.", cd->name);
    else
        bt_toast(b, "%s moves only straight ahead (%s) or astern (%s). To go elsewhere, turn it first: Port or "
                    "Starboard, one turn in any three.",
                 cd->name, bt_dir_name(start.facing), bt_dir_name(js_dir_opposite(start.facing)));
    return true;
}

static void mark(ui_battle *b, js_hex h, int m)
{
    const js_state *st = bt_st(b);
    int c, r;
    js_hex_to_offset(h, &c, &r);
    if (c >= 0 && r >= 0 && c < st->scn.width && r < st->scn.height)
        b->marks[r * st->scn.width + c] = (uint8_t)m;
}

/* The ship's plan as ghosts: where it stands after each plotted turn (the slot in hand drawn
 * stronger; hi < 0 for none), the line it moves along, and where its missiles will fly, up to five
 * hexes from the bow (forward) or stern (aft), stopping where the engine says (terrain, the map's
 * edge, the first unit as things stand). Where missiles end is returned in msl_end/msl_mark (at
 * most 2 * JS_PLAN_DEPTH) for the caller to mark last, so no other mark hides them. */
static int plan_ghosts(ui_battle *b, ui_overlay *o, const js_ship *s, const js_card_def *cd,
                       const js_ship_place *proj, int n, int hi, js_hex *msl_end, uint8_t *msl_mark)
{
    const js_state *st = bt_st(b);
    ui_rgba col = ui_side_col(&st->scn, s->side);
    js_hex prev = s->pos;
    int nmsl = 0;
    for (int k = 0; k < n && o->nghosts < UI_MAX_GHOSTS; k++) {
        ui_ghost *g = &o->ghosts[o->nghosts++];
        g->size = cd->size;
        g->side = s->side;
        g->place = proj[k];
        g->label = k + 1;
        g->alpha = k == hi ? 130 : 70;
        if (o->npaths < UI_MAX_PATHS && !js_hex_eq(prev, proj[k].hex))
            o->paths[o->npaths++] = (ui_path){prev, proj[k].hex, ui_col_alpha(col, 210), false, false};
        prev = proj[k].hex;
        const js_order *od = &s->plan[k];
        for (int aft = 0; aft < 2; aft++) {
            if (!(aft ? od->msl_aft : od->msl_fwd))
                continue;
            js_hex from = js_missile_origin(cd->size, proj[k], aft);
            js_missile_path mp;
            js_missile_flight(st, from, aft ? js_dir_opposite(proj[k].facing) : proj[k].facing, -1, &mp);
            bool own = mp.end == JS_MSL_STRIKES && mp.hit_sides == JS_SIDE_MASK(s->side);
            js_hex to = mp.end == JS_MSL_OFF_MAP && mp.n > 1 ? mp.hex[mp.n - 2] : mp.hex[mp.n - 1];
            if (o->npaths < UI_MAX_PATHS)
                o->paths[o->npaths++] = (ui_path){from, to, own ? ui_col(255, 70, 60, 220) : ui_col(255, 170, 60, 200), false, true};
            if ((mp.end == JS_MSL_STRIKES || mp.end == JS_MSL_BLOCKED) && nmsl < 2 * JS_PLAN_DEPTH) {
                msl_end[nmsl] = mp.hex[mp.n - 1];
                msl_mark[nmsl++] = own || mp.end == JS_MSL_BLOCKED ? UI_MARK_ILLEGAL : UI_MARK_TARGET;
            }
        }
    }
    return nmsl;
}

void bt_plot_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    if (bt_sel_pod(b) >= 0 && st->pods[bt_sel_pod(b)].alive && bt_is_mine(b, st->pods[bt_sel_pod(b)].side)) {
        const js_podgroup *p = &st->pods[bt_sel_pod(b)];
        js_hex a = p->pos;
        ui_rgba col = ui_side_col(&st->scn, p->side);
        for (int k = 0; k < 3; k++) {
            if (p->dir[k] < 1)
                break;
            js_hex nx = js_hex_neighbor(a, p->dir[k]);
            if (o->npaths < UI_MAX_PATHS)
                o->paths[o->npaths++] = (ui_path){a, nx, ui_col_alpha(col, 200), k == 2, false};
            if (k == 1)
                for (int d = 1; d <= 6; d++)
                    mark(b, js_hex_neighbor(nx, d), UI_MARK_CHOICE);
            a = nx;
        }
        return;
    }
    o->ship_picked = bt_picks(b); /* the ships picked with the selected one are drawn selected too */
    const js_ship *s = own_ship(b);
    if (!s || s->state != JS_SHIP_ACTIVE)
        return; /* P-6: a disabled ship executes nothing more, so no ghost of a plan that will not happen */
    const js_card_def *cd = ui_ship_card(st, bt_sel_ship(b));
    if (!cd)
        return;
    const plan_proj *pp = projected(b);
    const js_ship_place *proj = pp->at;
    const js_plan_note *notes = pp->notes;
    int n = pp->n;
    js_hex msl_end[2 * JS_PLAN_DEPTH];
    uint8_t msl_mark[2 * JS_PLAN_DEPTH];
    int nmsl = plan_ghosts(b, o, s, cd, proj, n, b->plot->slot, msl_end, msl_mark);
    /* the pod group this slot launches: its three steps, and the choices while aiming */
    const js_order *po = &s->plan[b->plot->slot];
    js_hex chain[4];
    if (po->pods > 0 && pod_chain(b, po, chain)) {
        for (int k = 0; k < 3 && o->npaths < UI_MAX_PATHS; k++)
            o->paths[o->npaths++] = (ui_path){chain[k], chain[k + 1], ui_col(120, 230, 140, 200), k > 0, false};
        if (b->plot->pod_aim > 0) {
            for (int d = 1; d <= 6; d++)
                mark(b, js_hex_neighbor(chain[b->plot->pod_aim - 1], d), UI_MARK_CHOICE);
            return; /* while aiming, the map answers the pod group, not the move line */
        }
    }
    /* the move line for the slot being edited */
    js_ship_place start;
    if (s->state == JS_SHIP_ACTIVE && slot_start(b, &start)) {
        js_hex ahead = start.hex, astern = start.hex;
        for (int k = 1; k <= cd->move; k++) {
            ahead = js_hex_neighbor(ahead, start.facing);
            astern = js_hex_neighbor(astern, js_dir_opposite(start.facing));
            if (!on_own_counter(b, cd, &start, ahead))
                mark(b, ahead, UI_MARK_CHOICE);
            if (!on_own_counter(b, cd, &start, astern))
                mark(b, astern, UI_MARK_CHOICE);
        }
    }
    for (int k = 0; k < n; k++) /* over the move line: the hex that will stop it (V-3, Z-5) */
        if (notes[k].stop || notes[k].turn_stop)
            mark(b, notes[k].stop_hex, UI_MARK_ILLEGAL);
    for (int i = 0; i < nmsl; i++)
        mark(b, msl_end[i], msl_mark[i]);
}

/* After this side's Ready, while the other side still plots (online, or against the computer:
 * one human at this screen, never hotseat), its plans as sent stay on the board, read-only: the
 * selected ship's, or with none selected every one of its ships' — what it can no longer change,
 * so no choices to click. The view is this side's own (bt_viewer = home), so nothing else shows. */
bool bt_plot_sent_shown(const ui_battle *b)
{
    return b->home >= 0 && b->actor < 0 && !b->lesson && b->mode == BM_PLAY && !b->intro &&
           b->wait.kind == JS_WAIT_PLOT && !(b->wait.sides & JS_SIDE_MASK(b->home));
}

void bt_plot_sent_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = bt_st(b);
    int sel = bt_sel_ship(b);
    bool one = sel >= 0 && sel < st->nships && st->ships[sel].side == b->home;
    js_hex msl_end[2 * JS_PLAN_DEPTH];
    uint8_t msl_mark[2 * JS_PLAN_DEPTH];
    for (int i = one ? sel : 0; i < (one ? sel + 1 : st->nships); i++) {
        const js_ship *s = &st->ships[i];
        const js_card_def *cd = ui_ship_card(st, i);
        if (s->side != b->home || !s->on_map || s->state != JS_SHIP_ACTIVE || !cd)
            continue; /* P-6: a disabled ship executes nothing more */
        js_ship_place at[JS_PLAN_DEPTH];
        js_plan_note notes[JS_PLAN_DEPTH];
        int n = js_project_plan(st, i, at, notes);
        int nmsl = plan_ghosts(b, o, s, cd, at, n, -1, msl_end, msl_mark);
        for (int k = 0; k < n; k++) /* the hex that will stop it (V-3, Z-5) */
            if (notes[k].stop || notes[k].turn_stop)
                mark(b, notes[k].stop_hex, UI_MARK_ILLEGAL);
        for (int k = 0; k < nmsl; k++)
            mark(b, msl_end[k], msl_mark[k]);
    }
}

/* The selected ship's orders as sent, one line a turn, while this side waits (nothing to click:
 * they can no longer change). */
void bt_plot_sent_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int i = bt_sel_ship(b);
    if (!bt_plot_sent_shown(b) || i < 0 || i >= st->nships || st->ships[i].side != b->home ||
        !st->ships[i].on_map || st->ships[i].state != JS_SHIP_ACTIVE)
        return;
    const js_ship *s = &st->ships[i];
    pc->y += ui_px(6);
    bt_line(b, pc, "Its orders as sent (read-only):", UI_TEXT);
    for (int k = 0; k < JS_PLAN_DEPTH; k++) {
        const js_order *o = &s->plan[k];
        char buf[160];
        int n = snprintf(buf, sizeof buf, "Turn %d: %s, ", st->turn + k,
                         o->turn < 0 ? "turn to port" : o->turn > 0 ? "turn to starboard" : "no turn");
        if (o->move)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "F(%d)%s", o->move, o->astern ? " astern" : "");
        else
            n += snprintf(buf + n, sizeof buf - (size_t)n, "no move");
        n += snprintf(buf + n, sizeof buf - (size_t)n, ", phase %d", o->phase);
        if (o->msl_fwd || o->msl_aft)
            n += snprintf(buf + n, sizeof buf - (size_t)n, ", missiles %d fwd %d aft", o->msl_fwd, o->msl_aft);
        if (o->pods > 0)
            snprintf(buf + n, sizeof buf - (size_t)n, ", %d pod sqn%s", o->pods, o->pods == 1 ? "" : "s");
        bt_line(b, pc, buf, UI_TEXT_DIM);
    }
}

/* Ship combat (C-5): each active ship sharing a hex with enemy ships picks one target or none. */
void bt_plot_ship_attack_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    bt_heading(b, pc, "Ship combat (C-5): choose targets");
    char buf[120];
    int rows = 0;
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        if (s->side != b->actor || !s->on_map || s->state != JS_SHIP_ACTIVE)
            continue;
        int enemies[16], ne = 0;
        js_hex fa[7];
        int na = js_ship_footprint(st, i, fa);
        for (int j = 0; j < st->nships && ne < 16; j++) {
            const js_ship *e = &st->ships[j];
            if (e->side == s->side || !e->on_map || e->state == JS_SHIP_DESTROYED)
                continue;
            js_hex fe[7];
            int nb = js_ship_footprint(st, j, fe);
            bool share = false;
            for (int x = 0; x < na && !share; x++)
                for (int y = 0; y < nb; y++)
                    share |= js_hex_eq(fa[x], fe[y]);
            if (share)
                enemies[ne++] = j;
        }
        if (!ne)
            continue;
        const js_card_def *cd = ui_ship_card(st, i);
        snprintf(buf, sizeof buf, "%s #%d attacks:", cd ? cd->name : "ship", i);
        bt_line(b, pc, buf, UI_TEXT);
        int bw = (pc->w - ui_px(4) * ne) / (ne + 1);
        bt_btn(b, (SDL_Rect){pc->x, pc->y, bw, ui_px(24)}, "None", B_SHIP_TARGET, i, -1, true,
               s->attack_target_set && s->attack_target < 0, NULL);
        for (int k = 0; k < ne; k++) {
            const js_card_def *ec = ui_ship_card(st, enemies[k]);
            snprintf(buf, sizeof buf, "%s #%d", ec ? ec->name : "ship", enemies[k]);
            bt_btn(b, (SDL_Rect){pc->x + (k + 1) * (bw + ui_px(4)), pc->y, bw, ui_px(24)}, buf, B_SHIP_TARGET, i,
                   enemies[k], true, s->attack_target_set && s->attack_target == enemies[k],
                   "2d10 totalling 2 disables the target");
        }
        pc->y += ui_px(30);
        rows++;
    }
    if (!rows)
        bt_line(b, pc, "None of your ships shares a hex with an enemy ship.", UI_TEXT_DIM);
}
