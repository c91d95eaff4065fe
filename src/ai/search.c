/* search.c — the commodore's plots: a simultaneous-move search over candidate plots for turn T+2.
 *
 * The plotting score (plot.c) proposes; the engine judges. Our side's candidates are joint plots
 * (every ship's best order, every ship's order that closes most, and one ship at a time trying its
 * other good orders); the enemy's candidates are joint T+2 orders for its ships (what the mirror
 * expects of a plain player, the hunter's charge, standing still, and the worlds' guesses). In each
 * of several worlds (a determinization of what the view hides and of the enemy's T and T+1 orders,
 * played to the start of T+2 once) every pair is played out with the engine for two turns and
 * scored (points, damage, ships in our lines, closing when stronger). Averaged over the worlds that
 * gives a K x M payoff matrix of a simultaneous zero-sum game; regret matching (Hart & Mas-Colell)
 * finds the enemy's equilibrium mix over its candidates, and we take the plot that does best half
 * against that mix (its best answers) and half against the candidates taken as equally likely. The
 * pick is a fixed rule (argmax, first on ties), the work a count of engine commands: the same view
 * always gets the same plot. docs/ai.md says why this and not UCT. */
#include "ai_int.h"
#include <stdlib.h>

enum {
    S_OURS = 36,     /* our joint candidates at most (every combination, for a side of two ships) */
    S_THEIRS = 8,    /* the enemy's */
    S_WORLDS = AI_MAX_WORLDS, /* worlds played */
    S_LOOK = 2,      /* turns played from the start of T+2 */
    S_OPTS = 1 + AI_KEEP + 1, /* a ship's options: its pick, its alternatives, its closing order */
    RM_ITERS = 4000, /* regret-matching rounds */
};

/* Plotting score's share in the choice, beside the played-out games (it sees risks and shots the
 * few dice of a rollout do not). */
#define S_PLOT_WEIGHT 0.3
/* What a hex nearer the enemy is worth to each armed ship of ours when we are not the weaker side. */
#define S_CLOSE_WEIGHT 0.06
/* An enemy ship in a loaded launcher's line: a share of what the missile would do. */
#define S_LINE_WEIGHT 0.35
#ifdef S_TUNE /* a developer's build (-DS_TUNE) reads the weights from the environment to tune them;
                  the game's never does (the AI reads no environment: tests/engine_purity.sh) */
static double tune(const char *n, double d) { const char *v = getenv(n); return v ? atof(v) : d; }
#undef S_PLOT_WEIGHT
#define S_PLOT_WEIGHT tune("S_PLOT", 0.3)
#undef S_CLOSE_WEIGHT
#define S_CLOSE_WEIGHT tune("S_CLOSE", 0.06)
#undef S_LINE_WEIGHT
#define S_LINE_WEIGHT tune("S_LINE", 0.35)
#define S_EQ tune("S_EQ", 0.5)
#define S_FIRE tune("S_FIRE", 1)
#else
#define S_EQ 0.5
#define S_FIRE 1
#endif

typedef struct opts {
    int n;
    ai_cand o[S_OPTS];
} opts;

static bool same_order(const js_order *a, const js_order *b) { return !memcmp(a, b, sizeof *a); }

static void add_opt(opts *op, const ai_cand *cd)
{
    for (int i = 0; i < op->n; i++)
        if (same_order(&op->o[i].o, &cd->o))
            return;
    if (op->n < S_OPTS)
        op->o[op->n++] = *cd;
}

/* Strength on the board: what the side's active ships are worth, disabled ones at a third. */
static double strength(const js_state *st, int side)
{
    double v = 0;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && st->ships[i].on_map && st->ships[i].state != JS_SHIP_DESTROYED &&
            js_ship_card(st, i))
            v += ai_ship_value(st, i) * (st->ships[i].state == JS_SHIP_ACTIVE ? 1.0 : 0.33);
    return v;
}

/* The first ship a missile from ship i's launcher would meet now, or -1. */
static int first_in_line(const js_state *st, int i, bool aft)
{
    const js_ship *s = &st->ships[i];
    js_hex line[JS_MISSILE_RANGE];
    js_ship_place at = {s->pos, s->facing, s->phase};
    int n = ai_terrain_line(st, js_ship_card(st, i)->size, at, aft, line);
    for (int k = 0; k < n; k++)
        for (int t = 0; t < st->nships; t++) {
            const js_ship *o = &st->ships[t];
            if (t == i || !o->on_map || o->state == JS_SHIP_DESTROYED || js_hex_distance(o->pos, line[k]) > 1)
                continue;
            if (ai_covers(st, t, (js_ship_place){o->pos, o->facing, o->phase}, line[k]))
                return t;
        }
    return -1;
}

/* A played-out position's worth to `me`: the plotting's value of points, damage and stores, and
 * what rewards fighting — loaded launchers with an enemy ship first in line (and the same against
 * us), and, when we are not the weaker side, every armed ship of ours nearer the enemy. */
static double fight_eval(const js_state *st, int me)
{
    double v = ai_eval(st, me);
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        const js_card_def *d = js_ship_card(st, i);
        if (!d || !s->on_map || s->state != JS_SHIP_ACTIVE || s->missiles <= 0)
            continue;
        for (int aft = 0; aft <= 1; aft++) {
            int launchers = aft ? d->aft_launchers : d->fwd_launchers;
            if (!launchers)
                continue;
            int t = first_in_line(st, i, aft);
            if (t < 0 || st->ships[t].side == s->side)
                continue;
            int m = launchers < s->missiles ? launchers : s->missiles;
            v += (s->side == me ? 1 : -1) * S_LINE_WEIGHT * m * ai_missile_worth(st, t);
        }
    }
    if (strength(st, me) >= strength(st, 1 - me))
        for (int i = 0; i < st->nships; i++) {
            const js_ship *s = &st->ships[i];
            const js_card_def *d = js_ship_card(st, i);
            if (!d || s->side != me || !s->on_map || s->state != JS_SHIP_ACTIVE || ai_precious(d))
                continue;
            if (s->missiles <= 0 && s->pod_squadrons <= 0 && !d->fwd_launchers)
                continue;
            int dist = ai_enemy_distance(st, me, s->pos, false);
            if (dist < AI_FAR)
                v -= S_CLOSE_WEIGHT * dist;
        }
    return v;
}

/* An order put straight into a snapshot's plan[0]: no more missiles or pods than the ship has. */
static void set_order(js_state *s, int ship, const js_order *o)
{
    js_ship *sh = &s->ships[ship];
    js_order x = *o;
    if (x.phase < JS_PHASE_MIN)
        x.phase = sh->plan[0].phase >= JS_PHASE_MIN ? sh->plan[0].phase : sh->phase;
    int m = sh->missiles;
    if (x.msl_fwd > m)
        x.msl_fwd = (int8_t)m;
    m -= x.msl_fwd;
    if (x.msl_aft > m)
        x.msl_aft = (int8_t)m;
    if (x.pods > sh->pod_squadrons)
        x.pods = (int8_t)sh->pod_squadrons;
    sh->plan[0] = x;
}

/* The rollout's T+3 (plan[1] at the start of T+2): each active ship keeps its move and fires what
 * its launchers hold where that move ends with an enemy ship, as it stands now, first in the line
 * (a quick player that fights: without it the played-out games never shoot after T+2, and a pose
 * that threatens is worth no more than one that does not). */
static void rollout_fire(js_state *st)
{
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        const js_card_def *d = js_ship_card(st, i);
        if (!d || !s->on_map || s->state != JS_SHIP_ACTIVE)
            continue;
        int left = s->missiles - s->plan[0].msl_fwd - s->plan[0].msl_aft;
        js_order *o = &s->plan[1];
        o->msl_fwd = o->msl_aft = 0;
        if (left <= 0)
            continue;
        js_ship_place at[JS_PLAN_DEPTH];
        if (js_project_plan(st, i, at, NULL) < 2)
            continue;
        for (int aft = 0; aft <= 1 && left > 0; aft++) {
            int launchers = aft ? d->aft_launchers : d->fwd_launchers;
            if (!launchers)
                continue;
            js_hex line[JS_MISSILE_RANGE];
            int n = ai_terrain_line(st, d->size, at[1], aft, line), hit = -1;
            for (int k = 0; k < n && hit < 0; k++)
                for (int t = 0; t < st->nships && hit < 0; t++) {
                    const js_ship *e = &st->ships[t];
                    if (t != i && e->on_map && e->state != JS_SHIP_DESTROYED && js_hex_distance(e->pos, line[k]) <= 1 &&
                        ai_covers(st, t, (js_ship_place){e->pos, e->facing, e->phase}, line[k]))
                        hit = t;
                }
            if (hit < 0 || st->ships[hit].side == s->side)
                continue;
            int m = launchers < left ? launchers : left;
            if (aft)
                o->msl_aft = (int8_t)m;
            else
                o->msl_fwd = (int8_t)m;
            left -= m;
        }
    }
}

typedef struct search {
    ai_ctx *c;
    ai_ship_plan *plans;
    int np;
    opts *op;                   /* per plan */
    int nk, nm, nw;
    uint8_t (*ours)[JS_MAX_SHIPS];      /* [k][plan]: option index */
    js_order (*theirs)[JS_MAX_SHIPS];   /* [m][ship]: the enemy's T+2 order (phase 0: as plotted) */
    js_state *snap[S_WORLDS];
    uint64_t seed[S_WORLDS];
} search;

static double play(search *s, int w, int k, int m)
{
    ai_ctx *c = s->c;
    js_state *st = malloc(sizeof *st);
    if (!st)
        return 0;
    *st = *s->snap[w];
    for (int i = 0; i < s->np; i++)
        if (ai_ship_acts(st, s->plans[i].ship))
            set_order(st, s->plans[i].ship, &s->op[i].o[s->ours[k][i]].o);
    for (int e = 0; e < st->nships; e++)
        if (st->ships[e].side == c->foe && ai_ship_acts(st, e) && s->theirs[m][e].move >= 0)
            set_order(st, e, &s->theirs[m][e]);
    if (S_FIRE)
        rollout_fire(st);
    js_game *g = js_game_from_state(st, s->seed[w], NULL, 0);
    free(st);
    if (!g)
        return 0;
    ai_rng r = {s->seed[w]};
    c->work += ai_play_until(g, s->snap[w]->turn + S_LOOK, &r, 20000);
    double v = fight_eval(js_game_state(g), c->me);
    js_game_destroy(g);
    return v;
}

/* The enemy's candidate T+2 orders: the mirror's, the hunter's, standing still, the worlds'. */
static int enemy_candidates(search *s)
{
    ai_ctx *c = s->c;
    const js_state *st = c->st;
    int nm = 0;
    for (int m = 0; m < S_THEIRS; m++) {
        int src; /* the world whose guesses this candidate takes; -1: standing still */
        if (m == 0)
            src = 0;
        else if (m == 1)
            src = c->nw; /* the hunter */
        else if (m == 2)
            src = -1;
        else if (m - 2 < c->nw)
            src = m - 2;
        else
            break;
        for (int e = 0; e < st->nships; e++) {
            js_order *o = &s->theirs[nm][e];
            memset(o, 0, sizeof *o);
            if (st->ships[e].side != c->foe)
                continue;
            if (src >= 0)
                *o = c->guess[src][e][JS_PLAN_DEPTH - 1];
            if (m == 0 && c->nmir > 0 && c->mir_ok && c->mir_ok[e])
                *o = c->mir[e][JS_PLAN_DEPTH - 1];
            o->phase = 0; /* its phase as the world has it */
            o->redistribute = 0;
        }
        nm++;
    }
    return nm;
}

/* Our joint candidates: every pick; every ship closing; one ship at a time on another option,
 * the ships nearest the enemy first. */
static int our_candidates(search *s, int cap)
{
    ai_ctx *c = s->c;
    const js_state *st = c->st;
    int nk = 0;
    long product = 1;
    for (int i = 0; i < s->np && product <= cap; i++)
        product *= s->op[i].n;
    if (product <= cap) { /* few ships: every combination of their options, all picks first */
        for (long x = 0; x < product; x++) {
            long r = x;
            memset(s->ours[nk], 0, sizeof s->ours[0]);
            for (int i = 0; i < s->np; i++)
                s->ours[nk][i] = (uint8_t)(r % s->op[i].n), r /= s->op[i].n;
            nk++;
        }
        return nk;
    }
    memset(s->ours[nk++], 0, sizeof s->ours[0]);
    bool differs = false;
    memset(s->ours[nk], 0, sizeof s->ours[0]);
    for (int i = 0; i < s->np; i++) {
        const ai_ship_plan *sp = &s->plans[i];
        if (!sp->has_close)
            continue;
        for (int j = 1; j < s->op[i].n; j++)
            if (same_order(&s->op[i].o[j].o, &sp->close.o))
                s->ours[nk][i] = (uint8_t)j, differs = true;
    }
    nk += differs && nk < cap;
    int order[JS_MAX_SHIPS], dist[JS_MAX_SHIPS];
    for (int i = 0; i < s->np; i++) {
        order[i] = i;
        dist[i] = ai_enemy_distance(st, c->me, st->ships[s->plans[i].ship].pos, false);
    }
    for (int i = 1; i < s->np; i++) /* insertion sort: stable, nearest first */
        for (int j = i; j > 0 && dist[order[j]] < dist[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (int j = 1; j < S_OPTS && nk < cap; j++)
        for (int x = 0; x < s->np && nk < cap; x++) {
            int i = order[x];
            if (j >= s->op[i].n)
                continue;
            memset(s->ours[nk], 0, sizeof s->ours[0]);
            s->ours[nk][i] = (uint8_t)j;
            bool dup = false; /* the closing joint may be this one */
            for (int q = 0; q < nk && !dup; q++)
                dup = !memcmp(s->ours[q], s->ours[nk], (size_t)s->np);
            nk += !dup;
        }
    return nk;
}

/* Regret matching on a zero-sum matrix (rows maximize): the column player's average strategy. */
static void regret_match(const double *a, int nk, int nm, double *col_avg)
{
    double rr[S_OURS] = {0}, rc[S_THEIRS] = {0}, sr[S_OURS], sc[S_THEIRS];
    for (int m = 0; m < nm; m++)
        col_avg[m] = 0;
    for (int it = 0; it < RM_ITERS; it++) {
        double pr = 0, pc = 0;
        for (int k = 0; k < nk; k++)
            pr += rr[k] > 0 ? rr[k] : 0;
        for (int m = 0; m < nm; m++)
            pc += rc[m] > 0 ? rc[m] : 0;
        for (int k = 0; k < nk; k++)
            sr[k] = pr > 0 ? (rr[k] > 0 ? rr[k] / pr : 0) : 1.0 / nk;
        for (int m = 0; m < nm; m++)
            sc[m] = pc > 0 ? (rc[m] > 0 ? rc[m] / pc : 0) : 1.0 / nm;
        double ur[S_OURS], uc[S_THEIRS], v = 0;
        for (int k = 0; k < nk; k++) {
            ur[k] = 0;
            for (int m = 0; m < nm; m++)
                ur[k] += sc[m] * a[k * nm + m];
            v += sr[k] * ur[k];
        }
        for (int m = 0; m < nm; m++) {
            uc[m] = 0;
            for (int k = 0; k < nk; k++)
                uc[m] -= sr[k] * a[k * nm + m];
        }
        for (int k = 0; k < nk; k++)
            rr[k] += ur[k] - v;
        for (int m = 0; m < nm; m++)
            rc[m] += uc[m] + v;
        for (int m = 0; m < nm; m++)
            col_avg[m] += sc[m];
    }
    for (int m = 0; m < nm; m++)
        col_avg[m] /= RM_ITERS;
}

void ai_search(ai_ctx *c, ai_ship_plan *plans, int n)
{
    if (n <= 0)
        return;
    search s;
    memset(&s, 0, sizeof s);
    s.c = c, s.plans = plans, s.np = n;
    s.op = calloc((size_t)n, sizeof *s.op);
    s.ours = calloc(S_OURS, sizeof *s.ours);
    s.theirs = calloc(S_THEIRS, sizeof *s.theirs);
    double *a = calloc(S_OURS * S_THEIRS, sizeof *a);
    if (!s.op || !s.ours || !s.theirs || !a)
        goto out;
    for (int i = 0; i < n; i++) {
        ai_ship_plan *sp = &plans[i];
        add_opt(&s.op[i], &sp->pick[sp->nslots - 1]);
        for (int j = 0; j < sp->nalt; j++)
            add_opt(&s.op[i], &sp->alt[j]);
        if (sp->has_close)
            add_opt(&s.op[i], &sp->close);
    }
    /* the worlds, played to the start of T+2 once each */
    int want = c->nw < S_WORLDS ? c->nw : S_WORLDS;
    for (int w = 0; w < want && !ai_should_stop(c); w++) {
        uint64_t seed = ai_rng_next(&c->rng);
        if ((s.snap[s.nw] = ai_world_at_t2(c, w, plans, n, seed)) != NULL)
            s.seed[s.nw++] = seed;
        ai_progress(c, 500 + 100 * (w + 1) / want);
    }
    if (!s.nw || ai_should_stop(c))
        goto out;
    s.nm = enemy_candidates(&s);
    int cap = our_candidates(&s, S_OURS);
    /* what the budget allows: one game's cost measured on the first pair, then as many candidates
     * of ours as fit (a count of engine commands: the same position, the same search) */
    long before = c->work;
    a[0] = play(&s, 0, 0, 0);
    long per = c->work - before + 1;
    long left = c->budget - c->work;
    long games = left / per;
    int nw = s.nw;
    while (nw > 2 && games < (long)nw * s.nm * 2)
        nw--;
    while (s.nm > 3 && games < (long)nw * s.nm * 2)
        s.nm--;
    s.nk = (int)(games / ((long)nw * s.nm));
    s.nk = s.nk > cap ? cap : s.nk;
    if (s.nk < 2)
        goto out;
    double *sum = calloc((size_t)s.nk * (size_t)s.nm, sizeof *sum);
    if (!sum)
        goto out;
    for (int w = 0; w < nw && !ai_should_stop(c); w++) {
        for (int k = 0; k < s.nk; k++)
            for (int m = 0; m < s.nm; m++)
                sum[k * s.nm + m] += (w == 0 && k == 0 && m == 0) ? a[0] : play(&s, w, k, m);
        ai_progress(c, 600 + 390 * (w + 1) / nw);
    }
    if (ai_should_stop(c)) {
        free(sum);
        goto out;
    }
    for (int x = 0; x < s.nk * s.nm; x++)
        a[x] = sum[x] / nw;
    free(sum);
    double col[S_THEIRS];
    regret_match(a, s.nk, s.nm, col);
    int best = 0;
    double bv = -1e18;
    for (int k = 0; k < s.nk; k++) {
        double eq = 0, mean = 0, plot = 0;
        for (int m = 0; m < s.nm; m++)
            eq += col[m] * a[k * s.nm + m], mean += a[k * s.nm + m] / s.nm;
        for (int i = 0; i < n; i++)
            plot += s.op[i].o[s.ours[k][i]].score - s.op[i].o[0].score;
        double v = S_EQ * eq + (1 - S_EQ) * mean + S_PLOT_WEIGHT * plot;
        ai_trace(c, "search: joint %d of %d: vs best answers %.2f, vs all %.2f, plotting %+.2f: %.2f", k, s.nk, eq,
                 mean, plot, v);
        if (v > bv + 1e-9)
            bv = v, best = k;
    }
    ai_trace(c, "search: %d worlds, %d enemy plots, joint %d chosen; %ld engine commands", nw, s.nm, best, c->work);
    for (int i = 0; i < n; i++)
        plans[i].pick[plans[i].nslots - 1] = s.op[i].o[s.ours[best][i]];
out:
    for (int w = 0; w < s.nw; w++)
        free(s.snap[w]);
    free(s.op);
    free(s.ours);
    free(s.theirs);
    free(a);
}
