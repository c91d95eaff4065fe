/* anim.c — resolution animated from the event log: ships glide hex by hex through the impulses,
 * launches appear, missiles fly, dice show their faces, hits flash and ships explode. The
 * animation edits a copy of the board as it was, one event group at a time; at the end the
 * screen switches to the engine's real view, so a missed detail can never stick. It owns its
 * state (bt_anim.h) and reads the events' typed fields only, never their sentence. */
#include "bt_anim.h"
#include "bt_draw.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { A_NONE = 0, A_MOVE, A_TURN, A_LAUNCH, A_MSL_LAUNCH, A_POD_LAUNCH, A_MSL_FLY, A_POD_MOVE, A_POD_GONE,
       A_ROLL, A_DISABLED, A_DESTROYED, A_DAMAGE, A_MSL_KILL, A_INFO, A_JUMP, A_CAPTURE, A_CARD,
       A_DICE, A_DEPLOY, A_NEW_ENTRY };

static int kind_of(const js_event *e)
{
    switch (e->type) {
    case JS_EV_MOVE: return A_MOVE;
    case JS_EV_TURNED: return A_TURN;
    case JS_EV_LAUNCH: return A_LAUNCH;
    case JS_EV_MISSILE_LAUNCH: return A_MSL_LAUNCH;
    case JS_EV_POD_LAUNCH: return A_POD_LAUNCH;
    case JS_EV_MISSILE_FLY: return A_MSL_FLY;
    case JS_EV_MISSILE_GONE: return e->b >= 0 ? A_MSL_KILL : A_MSL_FLY;
    case JS_EV_POD_MOVE: return A_POD_MOVE;
    case JS_EV_POD_REMOVED: return A_POD_GONE;
    case JS_EV_ROLL: /* a command die shows with the rest of its roll (A_DICE, K-3) */
        return e->roll_for == JS_ROLL_COMMAND_DIE ? A_INFO : A_ROLL;
    case JS_EV_DICE: return A_DICE;
    case JS_EV_DEPLOY: return A_DEPLOY;                           /* K-4, K-6 */
    case JS_EV_SETUP: return e->hex2.q != INT16_MIN ? A_NEW_ENTRY : A_INFO; /* K-7 */
    case JS_EV_DISABLED: return A_DISABLED;
    case JS_EV_DESTROYED: return A_DESTROYED;
    case JS_EV_DAMAGE: return A_DAMAGE;
    case JS_EV_JUMP: return e->value2 >= 1 ? A_JUMP : A_INFO;     /* J-6: an arrival at an impulse */
    case JS_EV_CAPTURE: return A_CAPTURE;                        /* J-8 */
    case JS_EV_CARD: return e->b >= 0 ? A_CARD : A_INFO;          /* a card played, revealed */
    default: return A_INFO;
    }
}

bool bt_anim_plays(const js_event *e)
{
    return e->vis == JS_BOTH_SIDES && kind_of(e) != A_INFO;
}

static double base_dur(int kind, const js_event *e)
{
    switch (kind) {
    case A_MOVE: return 0.30;
    case A_TURN: return 0.18;
    case A_LAUNCH: case A_MSL_LAUNCH: case A_POD_LAUNCH: return 0.30;
    case A_MSL_FLY: {
        int d = js_hex_distance(e->hex, e->hex2);
        return 0.12 + 0.09 * (d > 0 ? d : 1);
    }
    case A_POD_MOVE: return 0.28;
    case A_POD_GONE: case A_MSL_KILL: return 0.35;
    case A_ROLL: return 1.5; /* long enough to read who rolls against whom, the sum and the result */
    case A_DISABLED: return 0.45;
    case A_DESTROYED: return 0.75;
    case A_DAMAGE: return 0.35;
    case A_JUMP: return 0.45;
    case A_CAPTURE: return 1.1;
    case A_CARD: return 1.6;
    case A_DICE: return 1.4;
    case A_DEPLOY: return 0.45;
    case A_NEW_ENTRY: return 1.1;
    default: return 0;
    }
}

static bool groupable(int kind)
{
    return kind == A_MOVE || kind == A_TURN || kind == A_LAUNCH || kind == A_POD_MOVE || kind == A_DEPLOY;
}

bt_anim *bt_anim_create(ui_gfx *g)
{
    bt_anim *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->g = g;
    a->speed = 1;
    a->card = -1;
    a->view = malloc(sizeof *a->view);
    a->final = malloc(sizeof *a->final);
    if (!a->view || !a->final) {
        bt_anim_destroy(a);
        return NULL;
    }
    return a;
}

void bt_anim_destroy(bt_anim *a)
{
    if (!a)
        return;
    free(a->view);
    free(a->final);
    free(a->ev);
    free(a->idx);
    free(a);
}

void bt_anim_start_events(bt_anim *b, const js_view *before, const js_view *after, const js_event *ev,
                          const int *idx, int n)
{
    free(b->ev);
    free(b->idx);
    b->ev = malloc(sizeof *b->ev * (size_t)(n > 0 ? n : 1));
    b->idx = malloc(sizeof *b->idx * (size_t)(n > 0 ? n : 1));
    b->nev = b->nstep = 0;
    b->i = 0;
    if (!b->ev || !b->idx)
        return;
    for (int i = 0; i < n; i++)
        if (ev[i].vis == JS_BOTH_SIDES) { /* only what both players may see is played */
            b->idx[b->nev] = idx ? idx[i] : i;
            b->ev[b->nev++] = ev[i];
        }
    if (before != b->view)
        memcpy(b->view, before, sizeof *before);
    if (after != b->final)
        memcpy(b->final, after, sizeof *after);
    /* group events into steps: same-impulse moves together, everything else one by one */
    for (int i = 0; i < b->nev && b->nstep < BT_ANIM_MAX;) {
        const js_event *e = &b->ev[i];
        int k = kind_of(e), j = i + 1;
        if (groupable(k))
            while (j < b->nev && kind_of(&b->ev[j]) == k &&
                   (k != A_MOVE || b->ev[j].value == e->value) && (k != A_DEPLOY || b->ev[j].b == e->b))
                j++;
        bt_anim_step *s = &b->step[b->nstep++];
        s->kind = k;
        s->first = i;
        s->count = j - i;
        s->dur = base_dur(k, e);
        i = j;
    }
    b->i = -1;
    b->t = 0;
    b->nfx = 0;
    b->die_t = 0;
    b->card_t = 0;
    b->card = -1;
    b->dice_t = 0;
    memset(b->ship_off, 0, sizeof b->ship_off);
    memset(b->missile_off, 0, sizeof b->missile_off);
    memset(b->pod_off, 0, sizeof b->pod_off);
    memset(b->ship_hidden, 0, sizeof b->ship_hidden);
    memset(b->missile_hidden, 0, sizeof b->missile_hidden);
    memset(b->pod_hidden, 0, sizeof b->pod_hidden);
}

void bt_anim_start(bt_anim *b, const js_game *game, int viewer, const js_view *before, int from_event)
{
    int n = js_log_count(game) - from_event;
    if (n < 0)
        n = 0;
    js_event *ev = malloc(sizeof *ev * (size_t)(n > 0 ? n : 1));
    int *idx = malloc(sizeof *idx * (size_t)(n > 0 ? n : 1));
    js_view_build(game, viewer, b->final);
    if (ev && idx) {
        for (int i = 0; i < n; i++) {
            ev[i] = *js_log_at(game, from_event + i);
            idx[i] = from_event + i;
        }
        bt_anim_start_events(b, before, b->final, ev, idx, n);
    } else { /* out of memory: nothing to play, the board as it is */
        bt_anim_start_events(b, b->final, b->final, NULL, NULL, 0);
    }
    free(ev);
    free(idx);
}

int bt_anim_phase(const bt_anim *b)
{
    if (!b->ev || b->nstep <= 0)
        return -1;
    int i = b->i < 0 ? 0 : b->i >= b->nstep ? b->nstep - 1 : b->i;
    return b->ev[b->step[i].first].phase;
}

int bt_anim_log_limit(const bt_anim *b, int whole)
{
    if (!b->idx || b->nstep <= 0)
        return whole;
    int i = b->i < 0 ? -1 : b->i >= b->nstep ? b->nstep - 1 : b->i;
    return i < 0 ? b->idx[0] : b->idx[b->step[i].first + b->step[i].count - 1] + 1;
}

static void add_fx(bt_anim *b, int kind, js_hex h, float size)
{
    if (b->nfx >= UI_MAX_FX)
        return;
    ui_fx *f = &b->fx[b->nfx++];
    f->kind = kind;
    ui_cam_hex_world(h, &f->wx, &f->wy);
    f->t = 0;
    f->size = size;
}

static js_hex ship_centre_hex(const js_state *st, int s) { return st->ships[s].pos; }

/* A ship comes onto the working board at hex, facing (1..6, else as the final view has it): its
 * card and ship are public from now on, so they come from the final view. False when a is no ship. */
static bool arrive(bt_anim *b, int a, js_hex hex, int facing)
{
    js_state *st = &b->view->st;
    const js_state *fin = &b->final->st;
    if (a < 0 || a >= fin->nships)
        return false;
    if (st->nships <= a)
        st->nships = (int16_t)(a + 1);
    st->ships[a] = fin->ships[a];
    st->ships[a].pos = hex;
    if (facing >= 1 && facing <= 6)
        st->ships[a].facing = (int8_t)facing;
    st->ships[a].on_map = 1;
    int u = fin->ships[a].unit;
    if (u >= 0 && u < fin->nunits) {
        st->units[u] = fin->units[u];
        st->units[u].where = JS_AT_MAP;
        if (st->nunits <= u)
            st->nunits = (int16_t)(u + 1);
    }
    return true;
}

/* Counters that glide: moves, turns, missile flights and pod moves (the working board takes
 * the end position, the offsets say where to glide from). */
static void begin_glide(bt_anim *b, const bt_anim_step *s, const js_event *e)
{
    js_state *st = &b->view->st;
    int a = e->a;
    double x0, y0, x1, y1;
    switch (s->kind) {
    case A_MOVE:
        if (a < 0 || a >= JS_MAX_SHIPS)
            break;
        ui_cam_hex_world(e->hex, &x0, &y0);
        ui_cam_hex_world(e->hex2, &x1, &y1);
        st->ships[a].pos = e->hex2;
        if (e->value2 >= 1 && e->value2 <= 6)
            st->ships[a].facing = (int8_t)e->value2;
        b->ship_off[a][0] = (float)(x0 - x1);
        b->ship_off[a][1] = (float)(y0 - y1);
        break;
    case A_TURN:
        if (a >= 0 && a < JS_MAX_SHIPS && e->value >= 1 && e->value <= 6)
            st->ships[a].facing = (int8_t)e->value;
        break;
    case A_MSL_FLY:
        if (a >= 0 && a < JS_MAX_MISSILES) {
            ui_cam_hex_world(e->hex, &x0, &y0);
            ui_cam_hex_world(e->hex2, &x1, &y1);
            st->missiles[a].alive = 1;
            st->missiles[a].pos = e->hex2;
            b->missile_off[a][0] = (float)(x0 - x1);
            b->missile_off[a][1] = (float)(y0 - y1);
            ui_sound_play(b->g->assets, UI_SND_MISSILE);
        }
        break;
    case A_POD_MOVE:
        if (a >= 0 && a < JS_MAX_PODS) {
            ui_cam_hex_world(e->hex, &x0, &y0);
            ui_cam_hex_world(e->hex2, &x1, &y1);
            st->pods[a].pos = e->hex2;
            b->pod_off[a][0] = (float)(x0 - x1);
            b->pod_off[a][1] = (float)(y0 - y1);
        }
        break;
    default:
        break;
    }
}

/* Counters that come onto the board: launches, missiles and pods launched, jumps, deployments. */
static void begin_arrival(bt_anim *b, const bt_anim_step *s, const js_event *e, bool first)
{
    js_state *st = &b->view->st;
    const js_state *fin = &b->final->st;
    int a = e->a;
    switch (s->kind) {
    case A_LAUNCH:
        if (arrive(b, a, e->hex, e->value))
            add_fx(b, 1, e->hex, 1.0f);
        if (first)
            ui_sound_play(b->g->assets, UI_SND_LAUNCH);
        break;
    case A_MSL_LAUNCH:
        if (e->b >= 0 && e->b < JS_MAX_MISSILES) {
            js_missile *m = &st->missiles[e->b];
            m->alive = 1;
            m->side = e->side;
            m->pos = e->hex;
            m->facing = (int8_t)e->value;
            m->ship = (int16_t)a;
            ui_sound_play(b->g->assets, UI_SND_MISSILE);
        }
        break;
    case A_POD_LAUNCH:
        if (e->b >= 0 && e->b < JS_MAX_PODS) {
            js_podgroup *p = &st->pods[e->b];
            memset(p, 0, sizeof *p);
            p->alive = 1;
            p->side = e->side;
            p->pos = e->hex;
            p->pods = (int16_t)e->value;
            p->controller = (int16_t)a;
            ui_sound_play(b->g->assets, UI_SND_LAUNCH);
        }
        break;
    case A_JUMP:
        /* the card comes through its jump point onto the map (J-5, J-6) */
        if (arrive(b, a, e->hex, e->value2)) {
            add_fx(b, 2, e->hex, 1.3f);
            add_fx(b, 1, e->hex, 1.0f);
        }
        if (first)
            ui_sound_play(b->g->assets, UI_SND_LAUNCH);
        break;
    case A_DEPLOY:
        /* K-4, K-6: the card appears where its owner placed it, facing as the final view says */
        if (arrive(b, a, e->hex, a >= 0 && a < fin->nships ? fin->ships[a].facing : 0)) {
            add_fx(b, 2, e->hex, 1.1f);
            add_fx(b, 1, e->hex, 0.9f);
        }
        if (first)
            ui_sound_play(b->g->assets, UI_SND_LAUNCH);
        break;
    default:
        break;
    }
}

/* Hits and losses: pods and missiles gone, ships damaged, disabled or destroyed. */
static void begin_loss(bt_anim *b, const bt_anim_step *s, const js_event *e)
{
    js_state *st = &b->view->st;
    const js_state *fin = &b->final->st;
    int a = e->a;
    switch (s->kind) {
    case A_POD_GONE:
        if (a >= 0 && a < JS_MAX_PODS && st->pods[a].alive) {
            add_fx(b, 0, st->pods[a].pos, 0.5f);
            st->pods[a].alive = 0;
        }
        break;
    case A_MSL_KILL:
        if (a >= 0 && a < JS_MAX_MISSILES) {
            add_fx(b, 0, e->hex, 0.4f);
            st->missiles[a].alive = 0;
        }
        break;
    case A_DISABLED:
        if (a >= 0 && a < JS_MAX_SHIPS) {
            st->ships[a].state = JS_SHIP_DISABLED;
            add_fx(b, 1, ship_centre_hex(st, a), 1.2f);
        }
        break;
    case A_DESTROYED:
        if (a >= 0 && a < JS_MAX_SHIPS) {
            const js_card_def *cd = ui_ship_card(st, a);
            add_fx(b, 0, ship_centre_hex(st, a), cd && cd->size == JS_SIZE_LARGE ? 2.2f : 1.1f);
            st->ships[a].state = JS_SHIP_DESTROYED;
            ui_sound_play(b->g->assets, UI_SND_EXPLOSION);
        }
        break;
    case A_DAMAGE:
        if (a >= 0 && a < JS_MAX_SHIPS && a < fin->nships) {
            st->ships[a].shields = fin->ships[a].shields;
            st->ships[a].hull_damage = fin->ships[a].hull_damage;
            add_fx(b, 1, ship_centre_hex(st, a), 0.9f);
        }
        break;
    default:
        break;
    }
}

/* Sites: a capture (K-7, J-8) and an entry point that moves (K-7). */
static void begin_site(bt_anim *b, const bt_anim_step *s, const js_event *e)
{
    js_state *st = &b->view->st;
    const js_state *fin = &b->final->st;
    int a = e->a;
    switch (s->kind) {
    case A_CAPTURE:
        if (e->b >= 0 && e->b < st->nsites && st->sites[e->b].kind != JS_SITE_JUMP_POINT) {
            /* K-7: held when movement ends, then kept or lost in the Resolution phase */
            int now = e->a >= 0 ? JS_SITE_HELD : e->b < fin->nsites ? fin->sites[e->b].alive : JS_SITE_GONE;
            st->sites[e->b].alive = (int8_t)now;
            add_fx(b, 2, e->hex, now == JS_SITE_UP ? 1.0f : 1.6f);
            if (now != JS_SITE_UP)
                add_fx(b, 0, e->hex, 1.0f);
            ui_sound_play(b->g->assets, now == JS_SITE_UP ? UI_SND_CHIME : UI_SND_EXPLOSION);
            break;
        }
        /* J-8: the jump point collapses; the capturing side's points go up */
        if (e->b >= 0 && e->b < st->nsites)
            st->sites[e->b].alive = 0;
        if (e->side == 0 || e->side == 1)
            st->points[e->side] = e->value2;
        add_fx(b, 2, e->hex, 1.8f);
        add_fx(b, 0, e->hex, 1.2f);
        ui_sound_play(b->g->assets, UI_SND_EXPLOSION);
        break;
    case A_NEW_ENTRY: /* K-7: the entry point leaves its old hex for the new one */
        if (a >= 0 && a < st->nsites) {
            add_fx(b, 0, e->hex2, 1.0f);
            st->sites[a].hex = e->hex;
            st->sites[a].alive = JS_SITE_UP;
            add_fx(b, 2, e->hex, 1.6f);
            ui_sound_play(b->g->assets, UI_SND_CHIME);
        }
        break;
    default:
        break;
    }
}

/* A counter named for the roll's story, its side first and then as the log names it (the
 * engine's js_ship_name): "Hadar Reach Marauder Frigate (#5)". */
static void ship_words(const js_state *st, int i, char *out, size_t cap)
{
    char name[96];
    int sd = i >= 0 && i < st->nships ? st->ships[i].side : -1;
    snprintf(out, cap, "%s %s", sd >= 0 && sd < JS_SIDES ? st->scn.sides[sd].name : "", js_ship_name(st, i, name, sizeof name));
}

/* What came of a roll, in the words the die's panel uses. */
static const char *outcome_words(int outcome)
{
    switch (outcome) {
    case JS_OUTCOME_DESTROYED: return "destroyed";
    case JS_OUTCOME_DISABLED: return "disabled";
    case JS_OUTCOME_NO_EFFECT: return "no effect";
    default: return "";
    }
}

/* What a roll is for, told from its typed facts and the events around it (C-1 missiles, C-3 pods,
 * C-5 ships): who rolls against whom, the total with its parts, and what came of it. */
static void roll_story(bt_anim *b, int at)
{
    const js_event *e = &b->ev[at];
    const js_state *st = &b->view->st;
    char tn[96], an[96];
    b->die_who[0] = b->die_sum[0] = b->die_result[0] = 0;
    b->die_result_bad = 0;
    const char *side = e->side >= 0 && e->side < JS_SIDES ? st->scn.sides[e->side].name : "";
    if (at + 1 < b->nev && b->ev[at + 1].type == JS_EV_POD_ROLL) { /* C-3: a pod's roll */
        const js_event *p = &b->ev[at + 1];
        const js_pod_sum *m = &p->sum;
        if (p->value2)
            snprintf(tn, sizeof tn, "pod group #%d", p->b);
        else
            ship_words(st, p->b, tn, sizeof tn);
        snprintf(b->die_who, sizeof b->die_who, "%s pods (group #%d) against %s", side, p->a, tn);
        char guard[24] = "";
        if (m->guard)
            snprintf(guard, sizeof guard, " + guard %d", m->guard);
        snprintf(b->die_sum, sizeof b->die_sum, "d10 %d + phase %d + Defense %d%s + range %d \xe2\x88\x92 TR %d = %d",
                 m->d10, m->phase, m->defense, guard, m->range, m->tr, m->total);
        snprintf(b->die_result, sizeof b->die_result, "%s", outcome_words(p->outcome));
        b->die_result_bad = p->outcome != JS_OUTCOME_NO_EFFECT;
    } else if (e->roll_for == JS_ROLL_MISSILE) { /* C-1: the missile (a) against what it struck (b) */
        bool ship = e->b_kind == JS_UNIT_SHIP;
        if (ship)
            ship_words(st, e->b, tn, sizeof tn);
        else if (e->b >= 0)
            snprintf(tn, sizeof tn, "%s #%d", e->b_kind == JS_UNIT_POD_GROUP ? "pod group" : "missile", e->b);
        else
            snprintf(tn, sizeof tn, "what it met");
        snprintf(b->die_who, sizeof b->die_who, "%s missile #%d against %s", side, e->a, tn);
        if (ship)
            snprintf(b->die_sum, sizeof b->die_sum, "d10 = %d (%d or less destroys, %d disables)", e->value,
                     JS_MISSILE_DESTROYS, JS_MISSILE_DISABLES);
        else
            snprintf(b->die_sum, sizeof b->die_sum, "d10 = %d (%d or less destroys it)", e->value, JS_MISSILE_DISABLES);
        snprintf(b->die_result, sizeof b->die_result, "%s", outcome_words(e->outcome));
        b->die_result_bad = e->outcome != JS_OUTCOME_NO_EFFECT && e->outcome != JS_OUTCOME_NONE;
    } else if (e->roll_for == JS_ROLL_SHIP_ATTACK || e->roll_for == JS_ROLL_SHIP_ON_PODS) { /* C-5: 2d10 */
        bool second = e->die == 2 && at > 0 && b->ev[at - 1].type == JS_EV_ROLL;
        if (e->roll_for == JS_ROLL_SHIP_ATTACK) {
            ship_words(st, e->a, an, sizeof an);
            ship_words(st, e->b, tn, sizeof tn);
            snprintf(b->die_who, sizeof b->die_who, "%s against %s", an, tn);
        } else {
            snprintf(b->die_who, sizeof b->die_who, "%s ship against pods in its hexes", side);
        }
        if (second) {
            int first = b->ev[at - 1].value, v = first + e->value;
            snprintf(b->die_sum, sizeof b->die_sum, "2d10: %d + %d = %d (only a total of exactly %d hits: two 1s)",
                     first, e->value, v, JS_SHIP_ATTACK_HITS);
            snprintf(b->die_result, sizeof b->die_result, "%s", v == JS_SHIP_ATTACK_HITS ? "a hit" : "no effect");
            b->die_result_bad = v == JS_SHIP_ATTACK_HITS;
        } else {
            if (e->value == 1) /* C-5: only two 1s total exactly 2 */
                snprintf(b->die_sum, sizeof b->die_sum, "2d10: first die 1 \xe2\x80\x94 a second 1 makes exactly %d: a hit",
                         JS_SHIP_ATTACK_HITS);
            else
                snprintf(b->die_sum, sizeof b->die_sum, "2d10: first die %d \xe2\x80\x94 only two 1s (exactly %d) hit",
                         e->value, JS_SHIP_ATTACK_HITS);
        }
    }
}

/* The dice a roll shows: a lone die, or a ship attack's 2d10 (C-5) as both dice, the first as
 * rolled and the second still to come (0) on the first die's event, both on the second's. */
static void roll_faces(bt_anim *b, int at)
{
    const js_event *e = &b->ev[at];
    b->ndie = 1;
    b->die_now = 0;
    b->die_faces[0] = e->value;
    b->die_faces[1] = 0;
    if (e->roll_for != JS_ROLL_SHIP_ATTACK && e->roll_for != JS_ROLL_SHIP_ON_PODS)
        return;
    b->ndie = 2;
    if (e->die != 2)
        return;
    b->die_now = 1;
    const js_event *p = at > 0 ? &b->ev[at - 1] : NULL;
    bool first = p && p->type == JS_EV_ROLL && p->roll_for == e->roll_for && p->die == 1 && p->a == e->a;
    b->die_faces[0] = first ? p->value : 0;
    b->die_faces[1] = e->value;
}

/* Pictures over the board: a die roll, command dice, a card played. */
static void begin_shown(bt_anim *b, const bt_anim_step *s, const js_event *e)
{
    js_state *st = &b->view->st;
    switch (s->kind) {
    case A_ROLL:
        roll_faces(b, s->first);
        b->die_value = e->value;
        b->die_sides = e->value2;
        b->die_for = e->roll_for;
        snprintf(b->die_text, sizeof b->die_text, "%s", e->text);
        roll_story(b, s->first);
        b->die_t = b->die_t0 = s->dur;
        ui_sound_play(b->g->assets, UI_SND_DICE);
        break;
    case A_DICE: /* K-3: a side's command dice */
        b->ndice = 0;
        b->dice_side = e->side;
        for (int i = 0; i < e->ndice && i < JS_MAX_KDICE; i++)
            if (e->dice[i] >= 1 && e->dice[i] <= 6)
                b->dice[b->ndice++] = e->dice[i];
        b->dice_t = s->dur;
        ui_sound_play(b->g->assets, UI_SND_DICE);
        break;
    case A_CARD:
        b->card = e->card;
        b->card_side = e->side;
        b->card_t = s->dur;
        if (e->b >= 0 && e->b < st->nsites)
            add_fx(b, 1, st->sites[e->b].hex, 1.4f);
        ui_sound_play(b->g->assets, UI_SND_CHIME);
        break;
    default:
        break;
    }
}

/* Begin a step: apply its end state to the working board and set the offsets to glide from. */
static void step_begin(bt_anim *b, const bt_anim_step *s)
{
    for (int i = s->first; i < s->first + s->count; i++) {
        const js_event *e = &b->ev[i];
        switch (s->kind) {
        case A_MOVE: case A_TURN: case A_MSL_FLY: case A_POD_MOVE:
            begin_glide(b, s, e);
            break;
        case A_LAUNCH: case A_MSL_LAUNCH: case A_POD_LAUNCH: case A_JUMP: case A_DEPLOY:
            begin_arrival(b, s, e, i == s->first);
            break;
        case A_POD_GONE: case A_MSL_KILL: case A_DISABLED: case A_DESTROYED: case A_DAMAGE:
            begin_loss(b, s, e);
            break;
        case A_CAPTURE: case A_NEW_ENTRY:
            begin_site(b, s, e);
            break;
        case A_ROLL: case A_DICE: case A_CARD:
            begin_shown(b, s, e);
            break;
        default:
            break;
        }
    }
}

static void step_end(bt_anim *b, const bt_anim_step *s)
{
    js_state *st = &b->view->st;
    for (int i = s->first; i < s->first + s->count; i++) {
        const js_event *e = &b->ev[i];
        int a = e->a;
        if (s->kind == A_MOVE && a >= 0 && a < JS_MAX_SHIPS)
            b->ship_off[a][0] = b->ship_off[a][1] = 0;
        if (s->kind == A_POD_MOVE && a >= 0 && a < JS_MAX_PODS)
            b->pod_off[a][0] = b->pod_off[a][1] = 0;
        if (s->kind == A_MSL_FLY && a >= 0 && a < JS_MAX_MISSILES) {
            b->missile_off[a][0] = b->missile_off[a][1] = 0;
            if (e->type == JS_EV_MISSILE_GONE) /* spent, lost or off the map */
                st->missiles[a].alive = 0;
        }
        if (s->kind == A_DESTROYED && a >= 0 && a < JS_MAX_SHIPS)
            b->ship_hidden[a] = 1; /* removed; the wreck look shows only while it burns */
    }
}

static double speed_factor(int speed) { return speed == 0 ? 0.55 : speed == 2 ? 2.5 : 1.0; }

bool bt_anim_update(bt_anim *b, double dt)
{
    dt *= speed_factor(b->speed);
    /* effects age on their own clock */
    int k = 0;
    for (int i = 0; i < b->nfx; i++) {
        b->fx[i].t += (float)(dt / (b->fx[i].kind == 0 ? 0.8 : b->fx[i].kind == 2 ? 1.0 : 0.45));
        if (b->fx[i].t < 1)
            b->fx[k++] = b->fx[i];
    }
    b->nfx = k;
    if (b->die_t > 0)
        b->die_t -= dt;
    if (b->card_t > 0)
        b->card_t -= dt;
    if (b->dice_t > 0)
        b->dice_t -= dt;
    if (b->i >= b->nstep)
        return b->nfx > 0 || b->dice_t > 0;
    b->t += dt;
    while (b->i < b->nstep) {
        if (b->i >= 0) {
            const bt_anim_step *s = &b->step[b->i];
            if (b->t < s->dur) {
                /* glide: offsets shrink to zero over the step */
                float f = (float)(1.0 - b->t / s->dur);
                f = f * f * (3 - 2 * f); /* ease */
                for (int i = s->first; i < s->first + s->count; i++) {
                    const js_event *e = &b->ev[i];
                    double x0, y0, x1, y1;
                    ui_cam_hex_world(e->hex, &x0, &y0);
                    ui_cam_hex_world(e->hex2, &x1, &y1);
                    if (s->kind == A_MOVE && e->a >= 0 && e->a < JS_MAX_SHIPS) {
                        b->ship_off[e->a][0] = (float)(x0 - x1) * f;
                        b->ship_off[e->a][1] = (float)(y0 - y1) * f;
                    } else if (s->kind == A_POD_MOVE && e->a >= 0 && e->a < JS_MAX_PODS) {
                        b->pod_off[e->a][0] = (float)(x0 - x1) * f;
                        b->pod_off[e->a][1] = (float)(y0 - y1) * f;
                    } else if (s->kind == A_MSL_FLY && e->a >= 0 && e->a < JS_MAX_MISSILES) {
                        float lin = (float)(1.0 - b->t / s->dur); /* missiles do not ease */
                        b->missile_off[e->a][0] = (float)(x0 - x1) * lin;
                        b->missile_off[e->a][1] = (float)(y0 - y1) * lin;
                    }
                }
                return true;
            }
            b->t -= s->dur;
            step_end(b, s);
        }
        b->i++;
        if (b->i < b->nstep)
            step_begin(b, &b->step[b->i]);
    }
    return b->nfx > 0 || b->die_t > 0 || b->dice_t > 0;
}

void bt_anim_skip(bt_anim *b)
{
    b->i = b->nstep;
    b->nfx = 0;
    b->die_t = 0;
    b->card_t = 0;
    b->dice_t = 0;
    memcpy(b->view, b->final, sizeof *b->view);
    memset(b->ship_off, 0, sizeof b->ship_off);
    memset(b->missile_off, 0, sizeof b->missile_off);
    memset(b->pod_off, 0, sizeof b->pod_off);
}

void bt_anim_overlay(const bt_anim *b, ui_overlay *o)
{
    o->ship_off = (const float (*)[2])b->ship_off;
    o->missile_off = (const float (*)[2])b->missile_off;
    o->pod_off = (const float (*)[2])b->pod_off;
    o->ship_hidden = b->ship_hidden;
    o->missile_hidden = b->missile_hidden;
    o->pod_hidden = b->pod_hidden;
    o->nfx = b->nfx;
    memcpy(o->fx, b->fx, sizeof b->fx[0] * (size_t)b->nfx);
}

/* A card revealed in the command phase: its face over the board, with who played it. */
static void draw_card_reveal(bt_anim *b)
{
    const js_state *st = &b->view->st;
    if (b->card < 0 || b->card >= st->scn.ndeck)
        return;
    int cw = ui_px(150), ch = ui_px(212);
    double age = 1.6 - b->card_t;
    float grow = age < 0.18 ? (float)(0.6 + 0.4 * age / 0.18) : 1.0f;
    int w = (int)(cw * grow), h = (int)(ch * grow);
    int cx = b->board_rc.x + b->board_rc.w / 2, cy = b->board_rc.y + b->board_rc.h / 2;
    SDL_Rect rc = {cx - w / 2, cy - h / 2, w, h};
    ui_rgba sc = ui_side_col(&st->scn, b->card_side >= 0 ? b->card_side : 0);
    ui_disc(b->g->r, (float)cx, (float)cy, (float)ui_px(170), ui_col_alpha(sc, 40));
    bt_card_draw(b->g, rc, &st->scn.deck[b->card], 1);
    char buf[96];
    snprintf(buf, sizeof buf, "%s plays", st->scn.sides[b->card_side >= 0 ? b->card_side : 0].name);
    int px = ui_px(18), tw, th;
    ui_text_size(b->g->text, UI_FONT_BOLD, px, buf, &tw, &th);
    SDL_Rect lr = {cx - tw / 2 - ui_px(12), rc.y - th - ui_px(18), tw + ui_px(24), th + ui_px(8)};
    ui_panel(b->g->r, lr, ui_col(10, 14, 26, 235), sc);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, buf, ui_col_shade(sc, 0.4f), cx, lr.y + ui_px(4), UI_AL_CENTER);
}

/* The roll of a side's command dice: the faces tumble, then settle. */
static void dice_roll_draw(bt_anim *b)
{
    if (b->dice_t <= 0 || b->ndice <= 0)
        return;
    SDL_Renderer *r = b->g->r;
    const js_state *st = &b->view->st;
    int size = ui_px(52), gap = ui_px(10), n = b->ndice;
    int pw = n * (size + gap) + ui_px(60);
    if (pw < ui_px(360))
        pw = ui_px(360);
    int x = b->board_rc.x + b->board_rc.w / 2, y = b->board_rc.y + ui_px(20);
    ui_rgba sc = ui_side_col(&st->scn, b->dice_side >= 0 ? b->dice_side : 0);
    SDL_Rect panel = {x - pw / 2, y, pw, size + ui_px(50)};
    ui_panel(r, panel, ui_col(10, 14, 26, 235), sc);
    double age = 1.4 - b->dice_t;
    for (int i = 0; i < n; i++) {
        int v = b->dice[i];
        if (age < 0.45) /* tumbling: faces flicker before they settle */
            v = 1 + (int)((age * 40 + i * 7)) % 6;
        SDL_Rect d = {x - (n * (size + gap) - gap) / 2 + i * (size + gap), y + ui_px(8), size, size};
        bt_die_face(b->g, d, v, age >= 0.45 && b->dice[i] > JS_KDICE_SPEND_MAX ? 120 : 255);
    }
    char line[96];
    snprintf(line, sizeof line, "%s rolls its command dice (K-3)",
             st->scn.sides[b->dice_side >= 0 ? b->dice_side : 0].name);
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(14), line, ui_col_shade(sc, 0.4f), x, y + size + ui_px(18), UI_AL_CENTER);
}

/* One die: a d6 by its face, a d8 or d10 with its number on it; v 0 is a die still to roll (a
 * dim blank with "?"). ang: the tumble, in degrees. */
static void draw_die(bt_anim *b, SDL_Rect d, int sides, int v, double ang)
{
    SDL_Texture *tex;
    bool blank = true;
    if (sides == 6 && v >= 1 && v <= 6) {
        tex = b->g->assets->spr[UI_SPR_D6_1 + v - 1];
        blank = false;
    } else {
        tex = b->g->assets->spr[sides == 8 ? UI_SPR_D8 : UI_SPR_D10];
    }
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, v ? 255 : 90);
    SDL_RenderCopyEx(b->g->r, tex, NULL, &d, ang, NULL, SDL_FLIP_NONE);
    SDL_SetTextureAlphaMod(tex, 255);
    if (!blank)
        return;
    char num[8] = "?";
    if (v)
        snprintf(num, sizeof num, "%d", v);
    int px = ui_px(24);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, num, v ? ui_col(30, 30, 40, 255) : UI_TEXT_DIM, d.x + d.w / 2,
                 d.y + d.h / 2 - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) / 2, UI_AL_CENTER);
}

void bt_anim_draw(bt_anim *b)
{
    if (b->card_t > 0)
        draw_card_reveal(b);
    dice_roll_draw(b);
    if (b->die_t <= 0)
        return;
    SDL_Renderer *r = b->g->r;
    ui_text *t = b->g->text;
    int size = ui_px(64);
    int x = b->board_rc.x + b->board_rc.w / 2, y = b->board_rc.y + ui_px(20);
    int pw = ui_px(640) < b->board_rc.w - ui_px(20) ? ui_px(640) : b->board_rc.w - ui_px(20);
    int lh = ui_text_line_h(t, UI_FONT_SANS, ui_px(13));
    bool story = b->die_who[0] != 0;
    /* who rolls against whom over the die; the sum and the result under it */
    int top = story ? ui_text_line_h(t, UI_FONT_BOLD, ui_px(14)) + ui_px(6) : 0;
    int extra = (b->die_sum[0] ? lh : 0) + (b->die_result[0] ? ui_text_line_h(t, UI_FONT_BOLD, ui_px(16)) : 0) -
                (story ? lh : 0); /* the story replaces the roll's own line */
    SDL_Rect panel = {x - pw / 2, y, pw, top + size + ui_px(44) + extra};
    ui_panel(r, panel, ui_col(10, 14, 26, 235), UI_EDGE);
    if (story)
        ui_text_draw_fit(t, UI_FONT_BOLD, ui_px(14), b->die_who, UI_TEXT, x, y + ui_px(6), UI_AL_CENTER, pw - ui_px(16));
    y += top;
    /* every die of the roll side by side (C-5's 2d10: both), the one just rolled with a tumble */
    double age = b->die_t0 - b->die_t;
    int gap = ui_px(14), n = b->ndie >= 1 && b->ndie <= 2 ? b->ndie : 1;
    for (int k = 0; k < n; k++) {
        int v = n == 1 ? b->die_value : b->die_faces[k];
        SDL_Rect d = {x - (n * size + (n - 1) * gap) / 2 + k * (size + gap), y + ui_px(6), size, size};
        draw_die(b, d, b->die_sides, v, k == b->die_now && age < 0.2 ? (0.2 - age) * 900 : 0);
    }
    char line[JS_TEXT_LEN + 16];
    snprintf(line, sizeof line, "d%d = %d · %s", b->die_sides, b->die_value, b->die_text);
    int ty = y + size + ui_px(14);
    if (!story) {
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), line, UI_TEXT_DIM, x, ty, UI_AL_CENTER, pw - ui_px(16));
        ty += lh;
    }
    if (b->die_sum[0]) {
        ui_text_draw_fit(t, UI_FONT_SANS, ui_px(13), b->die_sum, UI_TEXT, x, ty, UI_AL_CENTER, pw - ui_px(16));
        ty += lh;
    }
    if (b->die_result[0])
        ui_text_draw(t, UI_FONT_BOLD, ui_px(16), b->die_result, b->die_result_bad ? UI_BAD : UI_TEXT_DIM, x, ty,
                     UI_AL_CENTER);
}
