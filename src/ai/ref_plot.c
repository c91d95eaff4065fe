/* ref_plot.c — the reference players' plots (issue 25): a player that waits and one that charges.
 *
 * `sitter` never moves toward the enemy; `rusher` takes every ship at full speed for the nearest
 * enemy ship. The arena's yardsticks plot with them (src/cli/ref_player.c), and the commodore's
 * model of the enemy replays them as its pictures of a player that waits in its lines and one that
 * rushes (model.c): one way to plot them, used by both.
 *
 * They see one side's board (a view's state) and remember nothing it did not show: where each
 * enemy ship stood at their last plot, so that they can expect it to go on as it moved.
 * A ship's moves are chosen first, then its weapons, with every ship of the side where its plots
 * put it:
 *   - missiles: each launcher fires (as many as it has launchers) in a turn where, from where the
 *     plot puts the ship, its line (js_missile_flight) meets an enemy unit first — an enemy ship
 *     as it stands now, or where it would be if it went on as it moved last turn — and never
 *     one of ours;
 *   - pods: one group of all its pod squadrons, when the ship controls none and an enemy ship is
 *     within 3 hexes of where it launches them, sent toward that ship; every group plots its next
 *     direction toward the nearest enemy ship.
 * Positions and distances are the engine's (js_project_plan, js_unit_distance, js_missile_origin,
 * js_missile_flight), asked of copies of the board with our ships moved where we plot. */
#include "js_ai.h"
#include <stdlib.h>
#include <string.h>

enum { REF_POD_REACH = 3, REF_KEEP_AWAY = 5 };

/* one plotting phase's work: the player, its memory, where its commands go */
typedef struct ref_plotter {
    int kind, side;
    js_ai_ref_memory *mem;
    js_cmd *out;
    int cap, n;
} ref_plotter;

void js_ai_ref_memory_init(js_ai_ref_memory *mem)
{
    if (mem)
        memset(mem, 0, sizeof *mem), mem->seen_turn = -1;
}

/* ---------------------------------------------------------------- the board as we plot it */
static bool enemy_here(const js_state *st, int me, int e)
{
    const js_ship *s = &st->ships[e];
    return s->side != me && s->on_map && s->state != JS_SHIP_DESTROYED && js_ship_card(st, e);
}

void js_ai_ref_remember(js_ai_ref_memory *mem, int side, const js_state *st)
{
    for (int e = 0; mem && st && e < st->nships; e++) {
        mem->seen[e] = (int8_t)enemy_here(st, side, e);
        mem->seen_at[e] = st->ships[e].pos;
    }
    if (mem && st)
        mem->seen_turn = st->turn;
}

/* A ship of ours that plots this phase (on the map or arriving through a jump point, active). */
static bool plots(const js_state *st, int me, int i)
{
    const js_ship *s = &st->ships[i];
    return s->side == me && s->state == JS_SHIP_ACTIVE && js_ship_card(st, i) &&
           (s->on_map || st->units[s->unit].where == JS_AT_ARRIVING);
}

/* Where ship i's plots in w put it at the end of turn T+k. */
static js_ship_place pose_after(const js_state *w, int i, int k)
{
    js_ship_place out[JS_PLAN_DEPTH];
    if (js_project_plan(w, i, out, NULL) != JS_PLAN_DEPTH) {
        const js_ship *s = &w->ships[i];
        return (js_ship_place){s->pos, s->facing, s->phase};
    }
    return out[k];
}

/* The engine's distance (G-4, footprints) from ship i standing at p to enemy ship e. */
static int distance_at(js_state *w, int i, js_ship_place p, int e)
{
    js_ship *s = &w->ships[i];
    js_hex h = s->pos;
    int8_t f = s->facing;
    s->pos = p.hex, s->facing = p.facing;
    int d = js_unit_distance(w, i, e);
    s->pos = h, s->facing = f;
    return d;
}

static int nearest_enemy(js_state *w, int me, int i, js_ship_place p, int *dist)
{
    int best = -1, bd = 1 << 30;
    for (int e = 0; e < w->nships; e++)
        if (enemy_here(w, me, e)) {
            int d = distance_at(w, i, p, e);
            if (d < bd)
                bd = d, best = e;
        }
    *dist = bd;
    return best;
}

/* A picture of the board at the end of turn T+k: our ships where their plots in w put them, the
 * enemy's where they stand now or, `reckoned`, where going on as they moved last turn takes them
 * (held back to the last such hex on the map). Missiles in flight now are gone by then. */
static void picture(const ref_plotter *r, const js_state *w, int k, bool reckoned, js_state *out)
{
    *out = *w;
    for (int i = 0; i < w->nships; i++) {
        js_ship *s = &out->ships[i];
        if (plots(w, r->side, i) && s->on_map) {
            js_ship_place p = pose_after(w, i, k);
            s->pos = p.hex, s->facing = p.facing;
        } else if (reckoned && enemy_here(w, r->side, i) && r->mem->seen[i] && r->mem->seen_turn == w->turn - 1) {
            js_hex v = {(int16_t)(s->pos.q - r->mem->seen_at[i].q), (int16_t)(s->pos.r - r->mem->seen_at[i].r)};
            for (int n = k + 1; n > 0; n--) {
                js_hex h = {(int16_t)(s->pos.q + n * v.q), (int16_t)(s->pos.r + n * v.r)};
                if (js_hex_on_map(out, h)) {
                    s->pos = h;
                    break;
                }
            }
        }
    }
    for (int m = 0; m < JS_MAX_MISSILES; m++)
        out->missiles[m].alive = 0;
}

/* Whether a missile from ship i at p, forward or aft, would strike an enemy unit first. */
static bool line_holds_enemy(const js_state *pic, int me, int i, js_ship_place p, bool aft)
{
    const js_card_def *d = js_ship_card(pic, i);
    js_missile_path path;
    js_missile_flight(pic, js_missile_origin(d->size, p, aft), aft ? js_dir_opposite(p.facing) : p.facing, -1, &path);
    return path.end == JS_MSL_STRIKES && path.hit != JS_HIT_MISSILE && path.hit_sides == JS_SIDE_MASK(1 - me);
}

/* ---------------------------------------------------------------- moves */
typedef struct move_pick {
    js_order o;
    long score;
} move_pick;

/* The sitter's worth of ending at p (higher is better): a line on an enemy, then, with an enemy
 * close, distance up to REF_KEEP_AWAY, then the fewest hexes moved, then no turn. */
static long sitter_score(js_state *w, int me, int i, js_ship_place p, const js_order *o, int dnow)
{
    const js_card_def *d = js_ship_card(w, i);
    int dend;
    nearest_enemy(w, me, i, p, &dend);
    if (dend < dnow)
        return -1; /* never closer to the enemy */
    bool line = false;
    if (w->ships[i].missiles > 0) {
        js_ship *s = &w->ships[i];
        js_hex h = s->pos;
        int8_t f = s->facing;
        s->pos = p.hex, s->facing = p.facing;
        line = (d->fwd_launchers && line_holds_enemy(w, me, i, p, false)) ||
               (d->aft_launchers && line_holds_enemy(w, me, i, p, true));
        s->pos = h, s->facing = f;
    }
    long keep = dnow <= REF_KEEP_AWAY - 1 ? (dend < REF_KEEP_AWAY ? dend : REF_KEEP_AWAY) : 0;
    return (line ? 1000000L : 0) + keep * 10000L + (100L - o->move) * 10 + (o->turn ? 0 : 1);
}

/* The rusher's: nearest to its target, then the most hexes, then no turn, then ahead. */
static long rusher_score(js_state *w, int i, js_ship_place p, const js_order *o, int target)
{
    int d = distance_at(w, i, p, target);
    return (1000L - d) * 10000L + o->move * 10L + (o->turn ? 0 : 2) + (o->astern ? 0 : 1);
}

/* The move for ship i's slot k (phase kept, no launches yet), written into w's plan. */
static void plot_move(ref_plotter *r, js_state *w, int i, int k)
{
    const js_card_def *d = js_ship_card(w, i);
    js_ship *s = &w->ships[i];
    js_ship_place from = k ? pose_after(w, i, k - 1) : (js_ship_place){s->pos, s->facing, s->phase};
    int prev_phase = k ? s->plan[k - 1].phase : s->phase;
    int dnow, target = nearest_enemy(w, r->side, i, from, &dnow);
    js_order keep = s->plan[k], best;
    memset(&best, 0, sizeof best);
    best.phase = (int8_t)prev_phase;
    long bs = -1; /* the sitter's moves closer score below 0: never taken */
    for (int turn = 0; turn <= 2 && target >= 0; turn++)
        for (int astern = 0; astern <= 1; astern++)
            for (int n = 0; n <= d->move; n++) {
                js_order o;
                memset(&o, 0, sizeof o);
                o.turn = (int8_t)(turn == 2 ? -1 : turn), o.astern = (int8_t)astern, o.move = (int8_t)n;
                o.phase = (int8_t)prev_phase;
                if ((astern && !n) || js_check_order(w, i, k, &o, NULL, 0) != JS_OK)
                    continue;
                s->plan[k] = o;
                js_ship_place p = pose_after(w, i, k);
                long sc = r->kind == JS_AI_REF_SITTER ? sitter_score(w, r->side, i, p, &o, dnow)
                                                    : rusher_score(w, i, p, &o, target);
                if (sc > bs)
                    bs = sc, best = o;
            }
    s->plan[k] = keep;
    if (js_check_order(w, i, k, &best, NULL, 0) == JS_OK)
        s->plan[k] = best;
}

/* ---------------------------------------------------------------- weapons */
static int controls_group(const js_state *st, int ship)
{
    for (int g = 0; g < JS_MAX_PODS; g++)
        if (st->pods[g].alive && st->pods[g].controller == ship)
            return 1;
    return 0;
}

/* Missiles and pods for ship i's slot k, given the pictures of the board at the end of T+k. */
static void plot_weapons(ref_plotter *r, js_state *w, int i, int k, js_state *pics[2])
{
    const js_card_def *d = js_ship_card(w, i);
    js_ship *s = &w->ships[i];
    js_ship_place p = pose_after(w, i, k);
    js_order o = s->plan[k];
    bool fwd = false, aft = false;
    for (int m = 0; m < 2; m++) {
        fwd = fwd || (d->fwd_launchers && line_holds_enemy(pics[m], r->side, i, p, false));
        aft = aft || (d->aft_launchers && line_holds_enemy(pics[m], r->side, i, p, true));
    }
    for (int m = 0; m < 2; m++) { /* never a line one of ours stands in first, in either picture */
        js_missile_path path;
        if (fwd) {
            js_missile_flight(pics[m], js_missile_origin(d->size, p, false), p.facing, -1, &path);
            fwd = !(path.hit_sides & JS_SIDE_MASK(r->side));
        }
        if (aft) {
            js_missile_flight(pics[m], js_missile_origin(d->size, p, true), js_dir_opposite(p.facing), -1, &path);
            aft = !(path.hit_sides & JS_SIDE_MASK(r->side));
        }
    }
    for (int nf = fwd ? d->fwd_launchers : 0; nf >= 0; nf--) {
        o.msl_fwd = (int8_t)nf;
        o.msl_aft = (int8_t)(aft ? d->aft_launchers : 0);
        while (o.msl_aft > 0 && js_check_order(w, i, k, &o, NULL, 0) != JS_OK)
            o.msl_aft--;
        if (js_check_order(w, i, k, &o, NULL, 0) == JS_OK)
            break;
    }
    if (js_check_order(w, i, k, &o, NULL, 0) != JS_OK)
        o.msl_fwd = o.msl_aft = 0;
    bool launched = controls_group(w, i);
    for (int j = 0; j < JS_PLAN_DEPTH; j++)
        launched = launched || (j != k && s->plan[j].pods > 0);
    int prey = -1, pd = REF_POD_REACH + 1;
    for (int m = 0; m < 2 && !launched; m++)
        for (int e = 0; e < w->nships; e++)
            if (enemy_here(pics[m], r->side, e)) {
                int dd = js_hex_distance(p.hex, pics[m]->ships[e].pos);
                if (dd < pd)
                    pd = dd, prey = e;
            }
    if (prey >= 0) {
        js_order t = o;
        t.pods = s->pod_squadrons;
        for (int j = 0; j < JS_PLAN_DEPTH; j++)
            t.pods = (int8_t)(t.pods - (j != k ? s->plan[j].pods : 0));
        js_hex h = p.hex, goal = w->ships[prey].pos;
        for (int j = 0; j < 3; j++) {
            t.pod_dir[j] = (int8_t)js_hex_dir_toward(h, goal);
            h = js_hex_neighbor(h, t.pod_dir[j]);
        }
        if (t.pods > 0 && js_check_order(w, i, k, &t, NULL, 0) == JS_OK)
            o = t;
    }
    s->plan[k] = o;
}

/* ---------------------------------------------------------------- the plot */
static void push(ref_plotter *r, const js_cmd *c)
{
    if (r->n < r->cap)
        r->out[r->n++] = *c;
}

int js_ai_ref_plot(int kind, int side, const js_state *st, js_ai_ref_memory *mem, js_cmd *out, int cap)
{
    if (!st || !mem || !out || cap < 0 || kind < 0 || kind >= JS_AI_REF_KINDS || (side != JS_SIDE_A && side != JS_SIDE_B))
        return -1;
    ref_plotter rp = {kind, side, mem, out, cap, 0}, *r = &rp;
    js_state *w = malloc(sizeof *w), *pic = malloc(2 * sizeof *pic);
    if (!w || !pic) {
        free(w), free(pic);
        return -1;
    }
    {
        *w = *st;
        int first[JS_MAX_SHIPS];
        for (int i = 0; i < st->nships; i++) {
            first[i] = JS_PLAN_DEPTH;
            js_cmd probe = js_cmd_new(JS_CMD_PLOT, r->side);
            probe.unit = (int16_t)i, probe.slot = JS_PLAN_DEPTH - 1;
            probe.order = st->ships[i].plan[JS_PLAN_DEPTH - 1];
            if (plots(st, r->side, i) && js_check_order(st, i, probe.slot, &probe.order, NULL, 0) == JS_OK)
                first[i] = st->ships[i].fresh ? 0 : JS_PLAN_DEPTH - 1;
        }
        for (int i = 0; i < st->nships; i++) /* moves first: every ship's, for the pictures */
            for (int k = first[i]; k < JS_PLAN_DEPTH; k++)
                plot_move(r, w, i, k);
        for (int k = 0; k < JS_PLAN_DEPTH; k++) {
            bool any = false;
            for (int i = 0; i < st->nships; i++)
                any = any || first[i] <= k;
            if (!any)
                continue;
            picture(r, w, k, false, &pic[0]);
            picture(r, w, k, true, &pic[1]);
            js_state *pics[2] = {&pic[0], &pic[1]};
            for (int i = 0; i < st->nships; i++)
                if (first[i] <= k)
                    plot_weapons(r, w, i, k, pics);
        }
        for (int i = 0; i < st->nships; i++)
            for (int k = first[i]; k < JS_PLAN_DEPTH; k++) {
                js_cmd c = js_cmd_new(JS_CMD_PLOT, r->side);
                c.unit = (int16_t)i, c.slot = (int8_t)k, c.order = w->ships[i].plan[k];
                push(r, &c);
            }
        for (int g = 0; g < JS_MAX_PODS; g++) {
            const js_podgroup *p = &st->pods[g];
            if (!p->alive || p->side != r->side)
                continue;
            int best = -1, bd = 1 << 30;
            for (int e = 0; e < st->nships; e++)
                if (enemy_here(st, r->side, e) && js_hex_distance(p->pos, st->ships[e].pos) < bd)
                    bd = js_hex_distance(p->pos, st->ships[e].pos), best = e;
            if (best < 0 || bd == 0)
                continue; /* nothing to go for, or there already: the group goes on as plotted */
            js_cmd c = js_cmd_new(JS_CMD_PLOT_POD, r->side);
            c.unit = (int16_t)g, c.slot = JS_PLAN_DEPTH - 1;
            c.dir = (int8_t)js_hex_dir_toward(p->pos, st->ships[best].pos);
            push(r, &c);
        }
        js_ai_ref_remember(r->mem, side, st);
    }
    free(w);
    free(pic);
    return r->n;
}

