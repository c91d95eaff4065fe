/* forecast.c — where every ship will be at the end of turns T .. T+4, in several imagined worlds.
 * Own ships follow their plots (known); the other side's plots are hidden (P-5), so each world
 * guesses them: some enemies press on, some seek our ships, some wander, some wait. */
#include "ai_int.h"
#include <stdlib.h>

/* Where a ship starting at `from` ends after one order, moving alone (the engine's ghost). */
js_ship_place ai_step(js_state *scratch, int ship, js_ship_place from, const js_order *o)
{
    js_ship *s = &scratch->ships[ship];
    js_ship saved = *s;
    s->pos = from.hex, s->facing = from.facing, s->phase = from.phase;
    s->plan[0] = *o;
    s->plan[1] = *o;
    s->plan[2] = *o;
    js_ship_place out[JS_PLAN_DEPTH];
    int8_t on = s->on_map;
    s->on_map = 1;
    js_ship_place r = from;
    if (js_project_plan(scratch, ship, out, NULL) > 0)
        r = out[0];
    s->on_map = on;
    *s = saved;
    return r;
}

js_ship_place ai_steps_of(js_state *scratch, int ship, js_ship_place from, const js_order *o, ai_steps *out)
{
    js_order part = *o;
    part.move = 0;
    js_ship_place p = ai_step(scratch, ship, from, &part); /* V-3: every turn order first */
    out->p[0] = p;
    out->n = 0;
    part.turn = 0;
    part.move = 1;
    for (int i = 1; i <= o->move && i <= AI_MAX_STEPS; i++) {
        js_ship_place q = ai_step(scratch, ship, p, &part);
        if (js_hex_eq(q.hex, p.hex))
            break; /* stopped: it moves no more this turn */
        p = q;
        out->p[++out->n] = p;
    }
    p.phase = o->phase;
    return p;
}

static int turn_toward(int facing, int dir)
{
    int d = js_dir_wrap(dir - facing + 6);
    if (d == 6 || d == 0)
        return 0;
    return d <= 3 ? 1 : -1; /* starboard is clockwise (+1) */
}

/* Our ships' centre, for enemies that seek them. */
static js_hex centre_of(const js_state *st, int side)
{
    long q = 0, r = 0, n = 0;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && st->ships[i].on_map && st->ships[i].state != JS_SHIP_DESTROYED)
            q += st->ships[i].pos.q, r += st->ships[i].pos.r, n++;
    if (!n)
        return js_hex_from_offset(st->scn.width / 2, side == JS_SIDE_A ? st->scn.height - 1 : 0);
    return (js_hex){(int16_t)(q / n), (int16_t)(r / n)};
}

static js_hex nearest_of(const js_state *st, int side, js_hex from)
{
    js_hex best = centre_of(st, side);
    int bd = 1 << 20;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && st->ships[i].on_map && st->ships[i].state != JS_SHIP_DESTROYED &&
            js_hex_distance(st->ships[i].pos, from) < bd)
            bd = js_hex_distance(st->ships[i].pos, from), best = st->ships[i].pos;
    return best;
}

void ai_observe(js_ai *ai, const js_state *st)
{
    int foe = 1 - ai->side;
    if (ai->seen_turn == st->turn)
        return;
    if (ai->seen_turn == st->turn - 1)
        for (int i = 0; i < st->nships; i++) {
            const js_ship *s = &st->ships[i];
            const js_card_def *d = js_ship_card(st, i);
            if (s->side != foe || !ai->seen_here[i] || !s->on_map || s->state != JS_SHIP_ACTIVE || !d || d->move <= 0)
                continue;
            int moved = js_hex_distance(s->pos, ai->seen[i].hex);
            ai->moves_seen += 1;
            ai->still_seen += moved == 0;
            ai->slow_seen += moved > 0 && 2 * moved <= d->move;
            ai->turns_seen += s->facing != ai->seen[i].facing;
        }
    for (int i = 0; i < st->nships; i++) { /* was the mirror right about where it would be? */
        const js_ship *s = &st->ships[i];
        if (s->side != foe || ai->mpos_turn[i] != st->turn || !s->on_map || s->state != JS_SHIP_ACTIVE)
            continue;
        ai->mir_seen += 1;
        ai->mir_hits += js_hex_eq(ai->mpos[i], s->pos);
    }
    ai->seen_turn = st->turn;
    for (int i = 0; i < st->nships && i < JS_MAX_SHIPS; i++) {
        const js_ship *s = &st->ships[i];
        ai->seen_here[i] = s->on_map && s->state == JS_SHIP_ACTIVE;
        ai->seen[i] = (js_ship_place){s->pos, s->facing, s->phase};
    }
}

/* Styles of enemy moves, in percent: presses on, seeks our ships, wanders, creeps, waits. Before
 * anything is seen, most enemies dawdle (what a random or careless player does); then the shares
 * follow what the enemy's ships have been doing. */
static void style_mix(const js_ai *ai, int mix[5])
{
    static const double PRIOR[5] = {5, 5, 30, 30, 30};
    double n = ai->moves_seen, k = 8.0, w = n / (n + k);
    double still = n ? ai->still_seen / n : 0, slow = n ? ai->slow_seen / n : 0, fast = n ? 1 - still - slow : 0;
    double obs[5] = {40 * fast, 40 * fast, 20, 80 * slow, 80 * still};
    double sum = 0;
    for (int i = 0; i < 5; i++)
        sum += (1 - w) * PRIOR[i] + w * obs[i];
    int acc = 0;
    for (int i = 0; i < 5; i++) {
        acc += (int)(100 * ((1 - w) * PRIOR[i] + w * obs[i]) / sum + 0.5);
        mix[i] = acc;
    }
}

/* One guess of an enemy ship's orders for T, T+1, T+2. */
static void guess_orders(ai_rng *r, const js_state *st, int ship, js_hex target, int stay, const int mix[5],
                         js_order o[3], bool hunt)
{
    const js_ship *s = &st->ships[ship];
    const js_card_def *d = js_ship_card(st, ship);
    int m = d ? d->move : 0;
    memset(o, 0, 3 * sizeof *o);
    for (int k = 0; k < 3; k++)
        o[k].phase = s->phase;
    /* even a player who expects the enemy to stay put knows an enemy ship may come for it: the
     * hunter's world always charges (a fragile ship that flies into its reach dies to ECM, V-4) */
    if ((stay && !hunt) || !m)
        return;
    int style = hunt ? mix[0] : ai_rand(r, 100); /* the hunter seeks our ships */
    int turn_slot = -1, turn = 0;
    int want = turn_toward(s->facing, ai_dir_toward(s->pos, target));
    for (int k = 0; k < 3; k++) {
        if (style < mix[0]) /* presses on */
            o[k].move = (int8_t)(m - ai_rand(r, 2));
        else if (style < mix[1]) /* seeks our ships */
            o[k].move = (int8_t)m, turn = want, turn_slot = 0;
        else if (style < mix[2]) { /* wanders, as a careless player does */
            o[k].move = (int8_t)ai_rand(r, m + 1);
            o[k].astern = ai_rand(r, 8) == 0;
            if (turn_slot < 0 && ai_rand(r, 4) == 0)
                turn_slot = k, turn = ai_rand(r, 2) ? 1 : -1;
        } else if (style < mix[3]) /* creeps */
            o[k].move = (int8_t)ai_rand(r, m / 2 + 1);
        /* else waits */
        if (o[k].move < 0)
            o[k].move = 0;
    }
    if (turn_slot >= 0)
        o[turn_slot].turn = (int8_t)turn;
    /* weapons: a missile now and then, a pod squadron when it has some (positions do not care;
     * the look-ahead's games do) */
    int msl = s->missiles, sq = s->pod_squadrons;
    for (int k = 0; k < 3 && d; k++) {
        if (msl > 0 && d->fwd_launchers && ai_rand(r, 3) == 0)
            o[k].msl_fwd = 1, msl--;
        if (sq > 0 && d->pods_per_squadron && ai_rand(r, 5) == 0) {
            o[k].pods = 1, sq--;
            for (int j = 0; j < 3; j++)
                o[k].pod_dir[j] = (int8_t)ai_dir_toward(s->pos, target);
        }
    }
}

void ai_forecast(ai_ctx *c, int worlds)
{
    if (worlds < 1)
        worlds = 1;
    if (worlds > AI_MAX_WORLDS)
        worlds = AI_MAX_WORLDS;
    free(c->fut);
    free(c->guess);
    free(c->imp);
    /* one world more, the hunter's: every enemy ship comes for our nearest ship at full speed (a
     * careful player's worst case, weighed apart from the likely worlds) */
    c->fut = malloc(sizeof *c->fut * (size_t)(worlds + 1));
    c->guess = calloc((size_t)(worlds + 1), sizeof *c->guess);
    c->imp = calloc((size_t)(worlds + 1), sizeof *c->imp);
    c->nw = c->fut && c->guess && c->imp ? worlds : 0;
    if (!c->nw)
        return;
    js_state *st = c->st;
    js_hex ours = centre_of(st, c->me);
    int mix[5];
    style_mix(c->ai, mix);
    for (int w = 0; w <= worlds; w++) {
        ai_rng r = {c->rng.s ^ (0x9E37u * (uint64_t)(w + 1))};
        bool hunt = w == worlds;
        for (int i = 0; i < st->nships; i++) {
            const js_ship *s = &st->ships[i];
            js_ship_place here = {s->pos, s->facing, s->phase};
            js_ship_place *f = c->fut[w][i];
            for (int k = 0; k < AI_HORIZON; k++)
                f[k] = here;
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                c->imp[w][i][k].n = 0, c->imp[w][i][k].p[0] = here;
            if (!ai_ship_here(st, i) || s->state != JS_SHIP_ACTIVE || !js_ship_card(st, i))
                continue; /* P-6: a disabled ship stays where it is */
            js_order *o = c->guess[w][i];
            if (s->side == c->me)
                memcpy(o, s->plan, sizeof s->plan);
#ifdef S_TUNE
            else if (c->ai->oracle && !c->ai->oracle_part) /* a ceiling's measurement: the enemy's real plots (search.c) */
                memcpy(o, c->ai->oracle_plan[i], sizeof c->ai->oracle_plan[i]);
#endif
            else if (w < c->nmir && c->mir_ok && c->mir_ok[i])
                memcpy(o, c->mir[i], sizeof c->mir[i]);
            else
                guess_orders(&r, st, i, hunt ? nearest_of(st, c->me, s->pos) : ours, c->p->static_enemy, mix, o, hunt);
            if (s->side != c->me && !hunt && c->nrep > 0 && c->rep_ok[(w % c->nrep) * JS_MAX_SHIPS + i] &&
                w < (st->units[s->unit].where == JS_AT_ARRIVING ? c->nmodel_arriving : c->nmodel))
                memcpy(o, c->rep[w % c->nrep][i], (c->rep_t2 ? 3 : 2) * sizeof *o); /* as it plotted them (model.c) */
#ifdef S_TUNE
            for (int x = 0; x < 2 && s->side != c->me && c->ai->oracle && c->ai->oracle_part == 1; x++)
                if (c->ai->oracle_plan[i][x].phase >= 0) /* the real T and T+1 only (phase -1: none known) */
                    o[x] = c->ai->oracle_plan[i][x];
#endif
            js_ship_place p = here;
            for (int k = 0; k < AI_HORIZON; k++) {
                if (k >= 3 && s->side == c->me) {
                    f[k] = f[2]; /* ours: plotted later, by us */
                    continue;
                }
                js_order ok = o[k < 3 ? k : 2];
                if (k >= 3)
                    ok.turn = 0; /* beyond the plots: straight on */
                if (k < JS_PLAN_DEPTH && s->side != c->me)
                    p = ai_steps_of(st, i, p, &ok, &c->imp[w][i][k]);
                else
                    p = ai_step(st, i, p, &ok);
                f[k] = p;
            }
        }
    }
}

/* Where ship i will be at the end of T+k, averaged over the worlds (rounded). */
js_hex ai_mean_pos(const ai_ctx *c, int ship, int k)
{
    long q = 0, r = 0;
    for (int w = 0; w < c->nw; w++)
        q += c->fut[w][ship][k].hex.q, r += c->fut[w][ship][k].hex.r;
    int n = c->nw > 0 ? c->nw : 1;
    return (js_hex){(int16_t)((q + (q >= 0 ? n / 2 : -n / 2)) / n), (int16_t)((r + (r >= 0 ? n / 2 : -n / 2)) / n)};
}

/* Our ship's future from slot k on, once its order for that slot is chosen. */
void ai_set_own_future(ai_ctx *c, int ship, int k, js_ship_place at)
{
    for (int w = 0; w <= c->nw; w++) { /* the hunter's world too */
        c->fut[w][ship][k] = at;
        for (int j = k + 1; j < AI_HORIZON; j++)
            c->fut[w][ship][j] = at; /* beyond what is plotted we expect it to hold */
    }
}

/* Mark where one of our pod groups may be from the end of turn `k0` on: anywhere along its
 * directions, two hexes a turn (one in the turn it is launched), since each step may be held. */
void ai_mark_pods(ai_ctx *c, js_hex at, const int8_t dirs[JS_PLAN_DEPTH], int k0, bool launched)
{
    if (!c->podmap || k0 < 0 || k0 >= AI_HORIZON)
        return;
    const js_state *st = c->st;
    js_hex x = at;
    int idx = js_scenario_hex_index(&st->scn, x);
    for (int k = k0, t = 0; k < AI_HORIZON; k++, t++) {
        if (idx >= 0)
            for (int j = k; j < AI_HORIZON; j++)
                c->podmap[j][idx] = 1;
        int dir = dirs[t < JS_PLAN_DEPTH ? t : JS_PLAN_DEPTH - 1];
        for (int s = 0; s < (launched && t == 0 ? 1 : 2); s++) {
            js_hex n = js_hex_neighbor(x, dir ? dir : 1);
            const js_terrain_type *ter = js_terrain_at(st, n);
            if (!ter || ter->impassable)
                break;
            x = n;
            idx = js_scenario_hex_index(&st->scn, x);
            for (int j = k; j < AI_HORIZON; j++)
                c->podmap[j][idx] = 1;
        }
    }
}

/* Where our pod groups (and those our plots will launch in T and T+1) may be, turn by turn. */
void ai_forecast_pods(ai_ctx *c)
{
    free(c->podmap);
    c->podmap = calloc(AI_HORIZON, sizeof *c->podmap);
    if (!c->podmap)
        return;
    const js_state *st = c->st;
    for (int g = 0; g < JS_MAX_PODS; g++) {
        const js_podgroup *p = &st->pods[g];
        if (p->alive && p->side == c->me)
            ai_mark_pods(c, p->pos, p->dir, 0, false);
    }
    for (int i = 0; i < st->nships && c->nw; i++) {
        const js_ship *s = &st->ships[i];
        if (s->side != c->me || !ai_ship_acts(st, i) || s->fresh)
            continue;
        for (int k = 0; k < JS_PLAN_DEPTH - 1; k++)
            if (s->plan[k].pods)
                ai_mark_pods(c, c->fut[0][i][k].hex, s->plan[k].pod_dir, k, true);
    }
}
