/* look.c — looking ahead with the engine. The AI plays its imagined games on with quick answers
 * for both sides (ai_reflex), and the admiral tries its ships' other orders for T+2 against the
 * forecast's worlds, keeping each that scores better. Work is counted in engine commands, not
 * time, so the same position always gets the same answer. */
#include "ai_int.h"
#include <stdlib.h>

static js_cmd cmd_of(int type, int side) { return js_cmd_new(type, side); }

static bool enemy_ship_in(const js_state *st, int side, js_hex h, int *which)
{
    for (int t = 0; t < st->nships; t++) {
        const js_ship *s = &st->ships[t];
        if (s->side == side || !s->on_map || s->state == JS_SHIP_DESTROYED)
            continue;
        js_ship_place at = {s->pos, s->facing, s->phase};
        if (ai_covers(st, t, at, h)) {
            if (which)
                *which = t;
            return true;
        }
    }
    return false;
}

bool ai_reflex(js_game *g, int side, ai_rng *r, js_cmd *out)
{
    const js_state *st = js_game_state(g);
    js_wait w = js_wait_get(g);
    (void)r;
    js_cmd c = cmd_of(JS_CMD_READY, side);
    switch (w.kind) {
    case JS_WAIT_DISCARD: {
        c = cmd_of(JS_CMD_DISCARD, side);
        int over = st->nhand[side] - st->billet[side];
        for (int i = 0; i < over && i < JS_MAX_CARGO; i++)
            c.cargo[c.ncargo++] = st->hand[side][i];
        break;
    }
    case JS_WAIT_PLOT:
        /* beyond the plots we know: every ship goes on as it went, pods steer for the nearest enemy */
        for (int i = 0; i < st->nships; i++) {
            const js_ship *s = &st->ships[i];
            if (s->side != side || s->plotted || s->fresh || !s->on_map || s->state != JS_SHIP_ACTIVE)
                continue;
            c = cmd_of(JS_CMD_PLOT, side);
            c.unit = (int16_t)i;
            c.slot = JS_PLAN_DEPTH - 1;
            c.order.phase = s->plan[1].phase;
            c.order.move = s->plan[1].move;
            c.order.astern = s->plan[1].astern;
            if (js_check(g, &c, NULL, 0) == JS_OK) {
                *out = c;
                return true;
            }
        }
        for (int i = 0; i < JS_MAX_PODS; i++) {
            const js_podgroup *p = &st->pods[i];
            if (!p->alive || p->side != side || p->plotted)
                continue;
            int best = -1, bd = 1 << 20;
            for (int t = 0; t < st->nships; t++)
                if (st->ships[t].side != side && st->ships[t].on_map && st->ships[t].state != JS_SHIP_DESTROYED &&
                    js_hex_distance(st->ships[t].pos, p->pos) < bd)
                    bd = js_hex_distance(st->ships[t].pos, p->pos), best = t;
            c = cmd_of(JS_CMD_PLOT_POD, side);
            c.unit = (int16_t)i;
            c.slot = JS_PLAN_DEPTH - 1;
            c.dir = (int8_t)(best >= 0 ? ai_dir_toward(p->pos, st->ships[best].pos) : (p->dir[2] ? p->dir[2] : 1));
            if (js_check(g, &c, NULL, 0) == JS_OK) {
                *out = c;
                return true;
            }
        }
        c = cmd_of(JS_CMD_READY, side);
        break;
    case JS_WAIT_POD_MOVE:
        c = cmd_of(JS_CMD_POD_MOVE, side);
        for (int i = 0; i < JS_MAX_PODS; i++) {
            const js_podgroup *p = &st->pods[i];
            if (!p->alive || p->side != side)
                continue;
            c.unit = (int16_t)i;
            if (js_check(g, &c, NULL, 0) != JS_OK)
                continue;
            js_hex nxt = js_hex_neighbor(p->pos, p->dir[0] ? p->dir[0] : 1);
            c.hold = !js_terrain_at(st, nxt) || (enemy_ship_in(st, side, p->pos, NULL) && !enemy_ship_in(st, side, nxt, NULL)) ||
                     (st->phase == JS_PHASE_POD2 && !enemy_ship_in(st, side, nxt, NULL) && ai_enemy_distance(st, side, p->pos, false) <= ai_enemy_distance(st, side, nxt, false));
            break;
        }
        break;
    case JS_WAIT_MISSILE:
        c = cmd_of(JS_CMD_MISSILE, side);
        for (int i = 0; i < JS_MAX_MISSILES; i++)
            if (st->missiles[i].alive && st->missiles[i].side == side) {
                c.unit = (int16_t)i;
                break;
            }
        break;
    case JS_WAIT_POD_ATTACK:
        c = cmd_of(JS_CMD_POD_ATTACK, side);
        c.unit = -1;
        for (int i = 0; i < JS_MAX_PODS && c.unit < 0; i++) {
            const js_podgroup *p = &st->pods[i];
            int t;
            if (p->alive && p->side == side && enemy_ship_in(st, side, p->pos, &t))
                c.unit = (int16_t)i, c.target = (int16_t)t, c.count = (int8_t)p->pods;
        }
        break;
    case JS_WAIT_NEW_ENTRY: /* K-7: the first base-line hex the engine takes */
        c = cmd_of(JS_CMD_PLACE_ENTRY, side);
        for (int col = 0; col < st->scn.width; col++) {
            c.place[0].hex = js_hex_from_offset(col, side == JS_SIDE_A ? st->scn.height - 1 : 0);
            if (js_check(g, &c, NULL, 0) == JS_OK)
                break;
        }
        break;
    case JS_WAIT_GUARD:
        c = cmd_of(JS_CMD_GUARD, side);
        c.count = (int8_t)(w.max_guard > 0 ? 1 : 0);
        break;
    default:
        break;
    }
    if (js_check(g, &c, NULL, 0) != JS_OK) {
        c = ai_plain_answer(w.kind, side);
        if (js_check(g, &c, NULL, 0) != JS_OK)
            return false;
    }
    *out = c;
    return true;
}

long ai_play_until(js_game *g, int turn, ai_rng *r, long max_cmds)
{
    long n = 0;
    while (n < max_cmds) {
        js_wait w = js_wait_get(g);
        if (w.kind == JS_WAIT_NONE || !w.sides || js_game_state(g)->turn >= turn)
            break;
        int side = (w.sides & 1) ? JS_SIDE_A : JS_SIDE_B;
        js_cmd c;
        if (!ai_reflex(g, side, r, &c) || js_submit(g, &c, NULL, 0) != JS_OK)
            break;
        n++;
    }
    return n;
}

/* ---------------------------------------------------------------- the admiral's look-ahead */
enum { SIM_WORLDS = 8, LOOK_TURNS = 3 };

/* A world's game at the plotting phase of T: our plots as planned, the enemy's as guessed. */
js_state *ai_world_at_t(ai_ctx *c, int w, const ai_ship_plan *plans, int n)
{
    js_state *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    *s = *js_game_state(c->g); /* includes what we have plotted so far this phase */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < plans[i].nslots; k++)
            s->ships[plans[i].ship].plan[plans[i].first + k] = plans[i].pick[k].o;
    for (int i = 0; i < s->nships; i++)
        if (s->ships[i].side == c->foe && ai_ship_acts(s, i))
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                if (c->guess[w][i][k].phase >= JS_PHASE_MIN)
                    s->ships[i].plan[k] = c->guess[w][i][k];
    for (int g = 0; g < JS_MAX_PODS; g++) { /* enemy pod groups come for our nearest ship */
        js_podgroup *p = &s->pods[g];
        if (!p->alive || p->side != c->foe)
            continue;
        int best = -1, bd = 1 << 20;
        for (int i = 0; i < s->nships; i++)
            if (s->ships[i].side == c->me && s->ships[i].on_map && s->ships[i].state != JS_SHIP_DESTROYED &&
                js_hex_distance(s->ships[i].pos, p->pos) < bd)
                bd = js_hex_distance(s->ships[i].pos, p->pos), best = i;
        if (best >= 0)
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                p->dir[k] = (int8_t)ai_dir_toward(p->pos, s->ships[best].pos);
    }
    return s;
}

js_state *ai_world_at_t2(ai_ctx *c, int w, const ai_ship_plan *plans, int n, uint64_t seed, bool aimed)
{
    int t0 = js_game_state(c->g)->turn;
    js_state *s = ai_world_at_t(c, w, plans, n);
    if (!s)
        return NULL;
    for (int i = 0; aimed && i < s->nships; i++)
        if (s->ships[i].side == c->foe && ai_ship_acts(s, i))
            for (int k = 0; k < JS_PLAN_DEPTH - 1; k++)
                ai_arm_slot(s, i, k);
    js_game *g = js_game_from_state(s, seed, NULL, 0);
    if (!g) {
        free(s);
        return NULL;
    }
    js_game_set_quiet(g, true); /* an imagined game: its states count, not its sentences */
    ai_rng r = {seed};
    c->work += ai_play_until(g, t0 + 2, &r, 20000);
    const js_state *gs = js_game_state(g);
    bool ok = gs->turn == t0 + 2 && gs->phase != JS_PHASE_OVER;
    if (ok)
        *s = *gs;
    js_game_destroy(g);
    if (!ok) {
        free(s);
        return NULL;
    }
    return s;
}

/* Play turn T+2 out from a world's snapshot at its start, with ship `ship` (if >= 0) given
 * `order`; returns the score at the start of T+3. */
static double play_last(ai_ctx *c, const js_state *snap, int ship, const js_order *order, uint64_t seed)
{
    js_state *s = malloc(sizeof *s);
    if (!s)
        return 0;
    *s = *snap;
    if (ship >= 0 && ai_ship_acts(s, ship))
        s->ships[ship].plan[0] = *order; /* T+2 has become the turn being played */
    js_game *g = js_game_from_state(s, seed, NULL, 0);
    free(s);
    if (!g)
        return 0;
    js_game_set_quiet(g, true);
    ai_rng r = {seed};
    c->work += ai_play_until(g, snap->turn + LOOK_TURNS, &r, 20000);
    double v = ai_eval(js_game_state(g), c->me);
    js_game_destroy(g);
    return v;
}

void ai_look_ahead(ai_ctx *c, ai_ship_plan *plans, int n)
{
    int nw = c->nw < SIM_WORLDS ? c->nw : SIM_WORLDS;
    js_state *snap[SIM_WORLDS] = {NULL};
    uint64_t seeds[SIM_WORLDS];
    int ok = 0;
    for (int w = 0; w < nw; w++) { /* play T and T+1 once per world; T+2 is where orders differ */
        seeds[w] = ai_rng_next(&c->rng);
        if ((snap[ok] = ai_world_at_t2(c, w, plans, n, seeds[w], false)) != NULL) {
            seeds[ok] = seeds[w];
            ok++;
        }
    }
    if (!ok)
        return;
    double base = 0;
    for (int w = 0; w < ok; w++)
        base += play_last(c, snap[w], -1, NULL, seeds[w]);
    long per_try = c->work / (nw + 1) + 1;
    /* the ships nearest the enemy first: there the choice matters */
    /* an order's worth = its plotting score (position, risks, the shots it promises) + what the
     * played-out games add to or take from the current choice's (combat the score cannot see) */
    for (int i = 0; i < n && c->work + per_try * ok < c->budget && !ai_should_stop(c); i++) {
        ai_ship_plan *sp = &plans[i];
        const ai_cand *cur = &sp->pick[sp->nslots - 1];
        double cur_total = cur->score;
        for (int a = 0; a < sp->nalt; a++) {
            if (c->work + per_try * ok >= c->budget || ai_should_stop(c))
                break;
            const js_order *o = &sp->alt[a].o;
            if (!memcmp(o, &cur->o, sizeof *o))
                continue;
            double v = 0;
            for (int w = 0; w < ok; w++)
                v += play_last(c, snap[w], sp->ship, o, seeds[w]);
            double total = sp->alt[a].score + (v - base) / ok;
            ai_trace(c, "look: ship %d alt %d (F%d turn %d msl %d/%d pods %d): played %.2f vs %.2f, total %.2f vs %.2f",
                     sp->ship, a, o->move, o->turn, o->msl_fwd, o->msl_aft, o->pods, v / ok, base / ok, total,
                     cur_total);
            if (total > cur_total + 0.05) {
                base = v;
                sp->pick[sp->nslots - 1] = sp->alt[a];
                cur = &sp->pick[sp->nslots - 1];
                cur_total = sp->alt[a].score;
                for (int w = 0; w < ok; w++)
                    if (ai_ship_acts(snap[w], sp->ship))
                        snap[w]->ships[sp->ship].plan[0] = *o;
            }
        }
        ai_progress(c, 500 + 500 * i / (n ? n : 1));
    }
    for (int w = 0; w < ok; w++)
        free(snap[w]);
}
