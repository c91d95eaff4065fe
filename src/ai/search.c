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
 * always gets the same plot. The matrix's cells are played on two threads (search_par.c), each
 * cell's result in its own slot, summed in a fixed order: the plot never depends on their timing.
 * docs/ai.md says why this and not UCT. */
#include "ai_int.h"
#include <stdlib.h>
#ifdef S_TUNE
#include <stdio.h> /* a developer's measurement's line (S_PEEK) */
#endif

enum {
    S_PLAY = 64,     /* our joint candidates at most */
    S_OURS = 144,    /* room for a wider search (every combination of two ships' twelve options:
                      * S_CAP in a -DS_TUNE build, the ceiling's S_ORACLE_WIDE; docs/ai.md) */
    S_THROWS = 1,    /* throws of the dice a world's pairs are played with at most (2: docs/ai.md, "On both cores") */
    S_THEIRS = 16,   /* room for the enemy's candidates (S_NM in a -DS_TUNE build) */
    S_THEIRS_PLAY = 8, /* the enemy's candidates the game takes */
    S_WORLDS = AI_MAX_WORLDS, /* worlds played */
    S_LOOK = 2,      /* turns played from the start of T+2 */
    S_OPTS = 2 * (1 + AI_KEEP + 1), /* a ship's options: its pick, its alternatives, its closing order,
                                     * and each of them firing where some world has an enemy in line */
    RM_ITERS = 4000, /* regret-matching rounds */
};

/* Plotting score's share in the choice, beside the played-out games (it sees risks and shots the
 * few dice of a rollout do not). */
#define S_PLOT_WEIGHT 0.3
/* What a hex nearer the enemy is worth to each armed ship of ours when we are not the weaker side. */
#define S_CLOSE_WEIGHT 0.03
/* An enemy ship in a loaded launcher's line: a share of what the missile would do. */
#define S_LINE_WEIGHT 0.35
#ifdef S_TUNE /* a developer's build (-DS_TUNE) reads the weights from the environment to tune them;
                  the game's never does (the AI reads no environment: tests/engine_purity.sh) */
static double tune(const char *n, double d) { const char *v = getenv(n); return v ? atof(v) : d; }
#undef S_PLOT_WEIGHT
#define S_PLOT_WEIGHT tune("S_PLOT", 0.3)
#undef S_CLOSE_WEIGHT
#define S_CLOSE_WEIGHT tune("S_CLOSE", 0.03)
#undef S_LINE_WEIGHT
#define S_LINE_WEIGHT tune("S_LINE", 0.35)
#define S_EQ tune("S_EQ", 0.5)
#define S_FIRE tune("S_FIRE", 1)
/* an experiment's bound: the enemy as the hunter's charge alone (docs/ai.md, against `rusher`) */
#define S_CHARGE_ONLY tune("S_CHARGE_ONLY", 0)
/* the enemy's candidates: how many distinct ones, and whether equal ones are merged */
#define S_NM ((int)tune("S_NM", S_THEIRS_PLAY))
#define S_DEDUP ((int)tune("S_DEDUP", 0))
/* every enemy candidate fires where its moves end with one of our ships first in line (not only the
 * hunter's charge): the worlds' guesses fire at random */
#define S_ARM ((int)tune("S_ARM", 0))
/* and the worlds' guesses of the enemy's T and T+1 too */
#define S_ARMW ((int)tune("S_ARMW", 0))
/* the enemy standing still fires where one of our ships is first in line (a player that waits) */
#define S_ARM_STILL ((int)tune("S_ARM_STILL", 0))
/* the ceiling given the enemy's real plots (js_ai_set_oracle): each world's pairs played with this
 * many throws of the dice, and every combination of our ships' options (up to S_OURS) */
#define S_ORACLE_DICE ((int)tune("S_ORACLE_DICE", 1))
#define S_ORACLE_WIDE ((int)tune("S_ORACLE_WIDE", 0))
/* the spending of the commodore's budget (docs/ai.md, "On both cores") */
#define S_CAP ((int)tune("S_CAP", S_PLAY))
#define S_DICE ((int)tune("S_DICE", S_THROWS))
#define S_BUDGET_X tune("S_BUDGET_X", 1)
/* ships new on the map beside ships that are not: their T searched as in the opening */
#define S_FRESH ((int)tune("S_FRESH", 1))
#else
#define S_FRESH 1
#define S_CAP S_PLAY
#define S_DICE S_THROWS
#define S_BUDGET_X 1
#define S_EQ 0.5
#define S_FIRE 1
#define S_CHARGE_ONLY 0
#define S_NM S_THEIRS_PLAY
#define S_DEDUP 0
#define S_ARM 0
#define S_ARMW 0
#define S_ARM_STILL 0
#endif

#ifdef S_TUNE
void js_ai_set_oracle(js_ai *ai, const js_order plan[JS_MAX_SHIPS][JS_PLAN_DEPTH])
{
    if (!ai)
        return;
    ai->peek = plan != NULL && tune("S_PEEK", 0);
    ai->oracle = plan != NULL && !ai->peek;
    ai->oracle_part = (int)tune("S_ORACLE_PART", 0);
    if (plan)
        memcpy(ai->oracle_plan, plan, sizeof ai->oracle_plan);
}
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

/* Ship i's launches for plan slot `slot`: every loaded launcher fires where the plotted move ends
 * with an enemy ship, as it stands now, first in its line; the missiles its other slots launch
 * first are spent. A quick player that fights: the rollouts' T+3 (without it the played-out games
 * never shoot after T+2, and a pose that threatens is worth no more than one that does not), and
 * the enemy's charge (a player coming at full speed fires at where we stand). */
void ai_arm_slot(js_state *st, int i, int slot)
{
    js_ship *s = &st->ships[i];
    const js_card_def *d = js_ship_card(st, i);
    if (!d || !s->on_map || s->state != JS_SHIP_ACTIVE)
        return;
    js_order *o = &s->plan[slot];
    o->msl_fwd = o->msl_aft = 0;
    int left = s->missiles;
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        if (k != slot)
            left -= s->plan[k].msl_fwd + s->plan[k].msl_aft;
    if (left <= 0)
        return;
    js_ship_place at[JS_PLAN_DEPTH];
    if (js_project_plan(st, i, at, NULL) <= slot)
        return;
    for (int aft = 0; aft <= 1 && left > 0; aft++) {
        int launchers = aft ? d->aft_launchers : d->fwd_launchers;
        if (!launchers)
            continue;
        js_hex line[JS_MISSILE_RANGE];
        int n = ai_terrain_line(st, d->size, at[slot], aft, line), hit = -1;
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

/* The rollout's T+3 (plan[1] at the start of T+2): each active ship keeps its move and fires. */
static void rollout_fire(js_state *st)
{
    for (int i = 0; i < st->nships; i++)
        ai_arm_slot(st, i, 1);
}

typedef struct search {
    ai_ctx *c;
    ai_ship_plan *plans;
    int np;
    bool opening;               /* the search chooses T (for ships new on the map), not T+2 */
    const bool *vary;           /* [plan]: the plans whose options it tries (NULL: all); the others
                                 * keep their picks */
    int slot;                   /* the plan slot the options vary (0 in the opening, else T+2's) */
    opts *op;                   /* per plan */
    int nk, nm, nw;
    uint8_t (*ours)[JS_MAX_SHIPS];      /* [k][plan]: option index */
    js_order (*theirs)[JS_MAX_SHIPS][JS_PLAN_DEPTH]; /* [m][ship]: the enemy's orders T..T+2 (phase 0: as plotted) */
    bool charge[S_THEIRS];      /* candidate m fires where its moves end with our ships in line */
    int weight[S_THEIRS];       /* how many of the guesses candidate m stands for */
    js_state *snap[S_WORLDS];
    uint64_t seed[S_WORLDS];
    int dice;                   /* throws of the dice a world's pair is played with */
    struct bench *bench;        /* per thread (search_par.c) */
    double *val;                /* [cell]: a cell's value (cell: world, ours, theirs, throw) */
    long *work;                 /* [cell]: its engine commands */
} search;

/* A thread's own workshop: a snapshot with the pair's orders written in, and one quiet game
 * started over for every pair (js_game_restart). */
typedef struct bench {
    js_state *scratch;
    js_game *g;
} bench;

/* Whether the search tries plan i's options (else the plan keeps its picks). */
static bool varies(const search *s, int i) { return !s->vary || s->vary[i]; }

/* Plan i's orders for T..T+2 with option j in the varied slot. In the opening the later slots are
 * the plotted picks, without a turn where the option turns (P-3) and with no more missiles or pods
 * than the ship has. */
static void full_plan(const search *s, int i, int j, js_order out[JS_PLAN_DEPTH])
{
    const ai_ship_plan *sp = &s->plans[i];
    const js_ship *sh = &s->c->st->ships[sp->ship];
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        out[k] = k >= sp->first ? sp->pick[k - sp->first].o : sh->plan[k];
    if (!varies(s, i))
        return;
    out[s->slot] = s->op[i].o[j].o;
    if (!s->opening)
        return;
    if (out[0].turn)
        out[1].turn = out[2].turn = 0;
    int m = sh->missiles, pods = sh->pod_squadrons;
    for (int k = 0; k < JS_PLAN_DEPTH; k++) {
        if (out[k].msl_fwd > m)
            out[k].msl_fwd = (int8_t)m;
        m -= out[k].msl_fwd;
        if (out[k].msl_aft > m)
            out[k].msl_aft = (int8_t)m;
        m -= out[k].msl_aft;
        if (out[k].pods > pods)
            out[k].pods = (int8_t)pods;
        pods -= out[k].pods;
    }
}

/* Pair (k, m) in world w with throw d of its dice, on bench b; its engine commands go to *work. */
static double play(const search *s, bench *b, int w, int k, int m, int d, long *work)
{
    ai_ctx *c = s->c;
    js_state *st = b->scratch;
    uint64_t seed = s->seed[w] + (uint64_t)d * 0x9E3779B97F4A7C15u; /* throw 0: the world's own seed */
    *st = *s->snap[w];
    for (int i = 0; i < s->np; i++) {
        int ship = s->plans[i].ship;
        if (!ai_ship_acts(st, ship))
            continue;
        if (s->opening) {
            js_order o[JS_PLAN_DEPTH];
            full_plan(s, i, s->ours[k][i], o);
            memcpy(st->ships[ship].plan, o, sizeof o);
        } else
            set_order(st, ship, &s->op[i].o[s->ours[k][i]].o);
    }
    for (int e = 0; e < st->nships; e++) {
        if (st->ships[e].side != c->foe || !ai_ship_acts(st, e))
            continue;
        js_ship *sh = &st->ships[e];
        if (s->opening) {
            for (int x = 0; x < JS_PLAN_DEPTH; x++) {
                js_order o = s->theirs[m][e][x];
                if (o.phase < JS_PHASE_MIN)
                    o.phase = sh->plan[x].phase >= JS_PHASE_MIN ? sh->plan[x].phase : sh->phase;
                sh->plan[x] = o;
            }
        } else if (s->theirs[m][e][JS_PLAN_DEPTH - 1].move >= 0)
            set_order(st, e, &s->theirs[m][e][JS_PLAN_DEPTH - 1]);
        if (s->charge[m])
            ai_arm_slot(st, e, 0);
    }
    if (S_FIRE && !s->opening)
        rollout_fire(st);
    js_game *g = b->g;
    if (!g) {
        if (!(g = b->g = js_game_from_state(st, seed, NULL, 0)))
            return 0;
        js_game_set_quiet(g, true);
    } else if (!js_game_restart(g, st, seed))
        return 0;
    ai_rng r = {seed};
    *work = ai_play_until(g, s->snap[w]->turn + S_LOOK + (s->opening ? 1 : 0), &r, 20000);
    return fight_eval(js_game_state(g), c->me);
}

/* Cell i = ((w * nk + k) * nm + m) * dice + d, on thread `worker`'s bench (ai_cells). */
static void play_cell(void *arg, int worker, int i)
{
    search *s = arg;
    int d = i % s->dice, m = i / s->dice % s->nm, k = i / s->dice / s->nm % s->nk, w = i / s->dice / s->nm / s->nk;
    if (i == 0)
        return; /* played first, to measure a game's cost */
    s->work[i] = 0;
    s->val[i] = play(s, &s->bench[worker], w, k, m, d, &s->work[i]);
}

/* The enemy's candidate orders (T+2's; in the opening T..T+2): the mirror's, the hunter's charge
 * (firing where its moves end with one of our ships in line, as a player coming for us does),
 * standing still, the worlds'. */
static int enemy_candidates(search *s)
{
    ai_ctx *c = s->c;
    const js_state *st = c->st;
    int nm = 0, cap = S_NM < S_THEIRS ? S_NM : S_THEIRS;
    for (int m = 0; nm < cap; m++) {
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
        s->charge[nm] = m == 1 || S_ARM || (src < 0 && S_ARM_STILL);
        s->weight[nm] = 1;
        for (int e = 0; e < st->nships; e++) {
            js_order *o = s->theirs[nm][e];
            memset(o, 0, JS_PLAN_DEPTH * sizeof *o);
            if (st->ships[e].side != c->foe)
                continue;
            for (int x = 0; x < JS_PLAN_DEPTH; x++) {
                if (src >= 0)
                    o[x] = c->guess[src][e][x];
                if (m == 0 && c->nmir > 0 && c->mir_ok && c->mir_ok[e])
                    o[x] = c->mir[e][x];
                o[x].phase = 0; /* its phase as the world has it */
                o[x].redistribute = 0;
            }
        }
        /* a guess equal to an earlier candidate (the orders the pairs play: T+2's, or all three in
         * the opening) is that candidate once more: a likelier column, not a new one */
        int same = -1;
        for (int q = 0; q < nm && same < 0 && S_DEDUP; q++) {
            bool eq = s->charge[q] == s->charge[nm];
            for (int e = 0; e < st->nships && eq; e++)
                for (int x = s->opening ? 0 : JS_PLAN_DEPTH - 1; x < JS_PLAN_DEPTH && eq; x++)
                    eq = same_order(&s->theirs[q][e][x], &s->theirs[nm][e][x]);
            if (eq)
                same = q;
        }
        if (same >= 0)
            s->weight[same]++;
        else
            nm++;
    }
#ifdef S_TUNE
    if (c->ai->oracle && c->ai->oracle_part == 2) { /* the real T+2 as one more candidate, unmarked */
        int m = nm < S_THEIRS ? nm++ : nm - 1;
        for (int e = 0; e < st->nships; e++)
            for (int x = 0; x < JS_PLAN_DEPTH; x++)
                s->theirs[m][e][x] = c->ai->oracle_plan[e][x];
        s->charge[m] = false;
        s->weight[m] = 1;
        return nm;
    }
    if (c->ai->oracle && c->ai->oracle_part) /* the worlds' real T and T+1; the candidates as usual */
        return nm;
    if (c->ai->oracle) { /* the ceiling: the enemy's real plots, which every world follows too */
        for (int e = 0; e < st->nships; e++)
            for (int x = 0; x < JS_PLAN_DEPTH; x++)
                s->theirs[0][e][x] = c->ai->oracle_plan[e][x];
        s->charge[0] = false;
        return 1;
    }
#endif
    if (S_CHARGE_ONLY && nm > 1) {
        memcpy(s->theirs[0], s->theirs[1], sizeof s->theirs[0]);
        s->charge[0] = true;
        nm = 1;
    }
    return nm;
}

#ifdef S_TUNE
/* A developer's measurement (S_PEEK=1 with the arena's S_ORACLE=1): how often the guesses hold the
 * enemy's real orders T..T+2 ("same": the same turn, move and astern; "near": its pose at the end
 * of turn T+x, each order applied from where the enemy ship is taken to be now, within a hex of the
 * real one's with the same facing), for the mirror, any world's guess, any enemy candidate. One
 * stderr line a decision: PEEK ships then, per x, mirror same/near, worlds same/near, candidates
 * same/near. */

static void peek_count(search *s, int nm)
{
    ai_ctx *c = s->c;
    js_state *st = c->st;
    if (!c->ai->peek)
        return;
    c->ai->peek = false;
    int ships = 0, n[JS_PLAN_DEPTH][6] = {{0}};
    for (int e = 0; e < st->nships && e < JS_MAX_SHIPS; e++) {
        const js_ship *sh = &st->ships[e];
        if (sh->side != c->foe || !ai_ship_here(st, e) || sh->state != JS_SHIP_ACTIVE || !js_ship_card(st, e))
            continue;
        ships++;
        js_ship_place start = {sh->pos, sh->facing, sh->phase}, real[JS_PLAN_DEPTH];
        js_ship_place p = start;
        for (int x = 0; x < JS_PLAN_DEPTH; x++)
            real[x] = p = ai_step(st, e, p, &c->ai->oracle_plan[e][x]);
        /* the guesses: 0 the mirror, 1..nw the worlds, then the candidates */
        int ng = 1 + c->nw + nm;
        bool hit[JS_PLAN_DEPTH][6] = {{false}};
        for (int g = 0; g < ng; g++) {
            const js_order *o = g == 0 ? (c->nmir > 0 && c->mir_ok && c->mir_ok[e] ? c->mir[e] : NULL)
                                : g <= c->nw ? c->guess[g - 1][e]
                                             : s->theirs[g - 1 - c->nw][e];
            if (!o)
                continue;
            int kind = g == 0 ? 0 : g <= c->nw ? 2 : 4;
            p = start;
            for (int x = 0; x < JS_PLAN_DEPTH; x++) {
                p = ai_step(st, e, p, &o[x]);
                hit[x][kind] |= ai_same_move(&o[x], &c->ai->oracle_plan[e][x]);
                hit[x][kind + 1] |= p.facing == real[x].facing && js_hex_distance(p.hex, real[x].hex) <= 1;
            }
        }
        for (int x = 0; x < JS_PLAN_DEPTH; x++)
            for (int k = 0; k < 6; k++)
                n[x][k] += hit[x][k];
    }
    fprintf(stderr, "PEEK %d", ships);
    for (int x = 0; x < JS_PLAN_DEPTH; x++)
        for (int k = 0; k < 6; k++)
            fprintf(stderr, " %d", n[x][k]);
    fprintf(stderr, "\n");
}
#endif

/* Our joint candidates: every pick; every ship closing; one ship at a time on another option,
 * the ships nearest the enemy first. */
static int our_candidates(search *s, int cap)
{
    ai_ctx *c = s->c;
    const js_state *st = c->st;
    int nk = 0;
    /* a side of up to three ships: every combination of their first options (the best first: a
     * ship with more options than fit gives up its last ones) */
    int use[JS_MAX_SHIPS];
    long product = 1;
    for (int i = 0; i < s->np; i++)
        use[i] = s->op[i].n;
    while (s->np <= 3) {
        product = 1;
        for (int i = 0; i < s->np; i++)
            product *= use[i];
        int most = 0;
        for (int i = 1; i < s->np; i++)
            most = use[i] > use[most] ? i : most;
        if (product <= cap || use[most] <= 2)
            break;
        use[most]--;
    }
    if (s->np <= 3 && product <= cap) {
        for (long x = 0; x < product; x++) {
            long r = x;
            memset(s->ours[nk], 0, sizeof s->ours[0]);
            for (int i = 0; i < s->np; i++)
                s->ours[nk][i] = (uint8_t)(r % use[i]), r /= use[i];
            nk++;
        }
        return nk;
    }
    memset(s->ours[nk++], 0, sizeof s->ours[0]);
    bool differs = false;
    memset(s->ours[nk], 0, sizeof s->ours[0]);
    for (int i = 0; i < s->np; i++) {
        const ai_ship_plan *sp = &s->plans[i];
        const ai_cand *close = s->opening ? &sp->close0 : &sp->close;
        if (!(s->opening ? sp->has_close0 : sp->has_close))
            continue;
        for (int j = 1; j < s->op[i].n; j++)
            if (same_order(&s->op[i].o[j].o, &close->o))
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

/* The option and, where some world has an enemy ship first in a line it leaves unloaded, the same
 * order firing there too (the plotting score weighs a shot by the worlds' odds; a charge that
 * meets us in line is one world of many, and the engine's games judge it). */
static void add_armed(search *s, int i, const ai_cand *cd)
{
    opts *op = &s->op[i];
    add_opt(op, cd);
    const ai_ship_plan *sp = &s->plans[i];
    const js_state *st = s->c->st;
    const js_card_def *d = js_ship_card(st, sp->ship);
    int left = st->ships[sp->ship].missiles - cd->o.msl_fwd - cd->o.msl_aft;
    if (!d || left <= 0)
        return;
    if (!s->opening)
        for (int k = 0; k < JS_PLAN_DEPTH - 1; k++)
            left -= st->ships[sp->ship].plan[k].msl_fwd + st->ships[sp->ship].plan[k].msl_aft;
    ai_cand x = *cd;
    for (int aft = 0; aft <= 1 && left > 0; aft++) {
        int launchers = aft ? d->aft_launchers : d->fwd_launchers;
        int8_t *m = aft ? &x.o.msl_aft : &x.o.msl_fwd;
        if (!launchers || *m || !ai_line_holds_enemy(s->c, sp->ship, cd->at, aft, s->slot))
            continue;
        *m = (int8_t)(launchers < left ? launchers : left);
        left -= *m;
    }
    /* a pod group launched straight ahead steps into the line before missiles fly (V-2) and would
     * take the missile (C-1): the armed order fires instead of launching it */
    if (x.o.msl_fwd && !cd->o.msl_fwd && x.o.pods && x.o.pod_dir[0] == cd->at.facing)
        x.o.pods = 0;
    if (x.o.msl_fwd != cd->o.msl_fwd || x.o.msl_aft != cd->o.msl_aft)
        add_opt(op, &x);
}

/* One search: the options of the plans `vary` names (all when NULL) for T (`opening`) or T+2; the
 * progress shown goes from p0 to p1 (of 1000). */
static void search_run(ai_ctx *c, ai_ship_plan *plans, int n, bool opening, const bool *vary, int p0, int p1)
{
    search s;
    memset(&s, 0, sizeof s);
    s.c = c, s.plans = plans, s.np = n;
    s.opening = opening;
    s.vary = vary;
    s.slot = s.opening ? 0 : JS_PLAN_DEPTH - 1;
    s.op = calloc((size_t)n, sizeof *s.op);
    s.ours = calloc(S_OURS, sizeof *s.ours);
    s.theirs = calloc(S_THEIRS, sizeof *s.theirs);
    double *a = calloc(S_OURS * S_THEIRS, sizeof *a);
    int threads = c->ai->threads;
    bench bench[AI_MAX_THREADS] = {{0}};
    s.bench = bench;
    for (int t = 0; t < threads; t++)
        if (!(bench[t].scratch = malloc(sizeof *bench[t].scratch)))
            goto out;
    if (!s.op || !s.ours || !s.theirs || !a)
        goto out;
    for (int i = 0; i < n; i++) { /* the pick, the closing order, the others: the best first */
        ai_ship_plan *sp = &plans[i];
        if (!varies(&s, i)) { /* one option: what it has (its T+2 where the pairs set T+2) */
            add_opt(&s.op[i], &sp->pick[sp->nslots - 1]);
            continue;
        }
        const ai_cand *alt = s.opening ? sp->alt0 : sp->alt;
        int nalt = s.opening ? sp->nalt0 : sp->nalt;
        add_armed(&s, i, &sp->pick[s.opening ? 0 : sp->nslots - 1]);
        if (s.opening ? sp->has_close0 : sp->has_close)
            add_armed(&s, i, s.opening ? &sp->close0 : &sp->close);
        for (int j = 0; j < nalt; j++)
            add_armed(&s, i, &alt[j]);
    }
    /* the worlds, played to the start of T+2 once each; in the opening the enemy's orders from T
     * on are the candidates', so the worlds differ in their dice only, from one state at T */
    int want = c->nw < S_WORLDS ? c->nw : S_WORLDS;
    for (int w = 0; w < want && !ai_should_stop(c); w++) {
        uint64_t seed = ai_rng_next(&c->rng);
        if (s.opening)
            s.snap[s.nw] = w == 0 ? ai_world_at_t(c, 0, plans, n) : s.snap[0];
        else
            s.snap[s.nw] = ai_world_at_t2(c, w, plans, n, seed, S_ARMW);
        if (s.snap[s.nw])
            s.seed[s.nw++] = seed;
        ai_progress(c, p0 + (p1 - p0) / 5 * (w + 1) / want);
    }
    if (!s.nw || ai_should_stop(c))
        goto out;
    s.nm = enemy_candidates(&s);
#ifdef S_TUNE
    peek_count(&s, s.nm);
#endif
    int cap = S_CAP, dice = S_DICE;
#ifdef S_TUNE
    c->budget = (long)(c->budget * S_BUDGET_X);
    if (c->ai->oracle && !c->ai->oracle_part) {
        cap = S_ORACLE_WIDE ? S_OURS : S_PLAY;
        dice = S_ORACLE_DICE > 1 ? S_ORACLE_DICE : 1;
        c->budget *= dice * (cap / S_PLAY + 1);
    }
#endif
    /* what the budget allows: one game's cost measured on the first pair (every ship's pick
     * against the first enemy candidate), then as many worlds, enemy candidates, candidates of ours
     * (every combination of the ships' first options, the widest that fits) and throws of the dice
     * as fit, in that order (a count of engine commands: the same position, the same search) */
    memset(s.ours[0], 0, sizeof s.ours[0]);
    long first = 0;
    a[0] = play(&s, &bench[0], 0, 0, 0, 0, &first);
    c->work += first;
    long per = first + 1;
    long left = c->budget - c->work;
    long games = left / per;
    int nw = s.nw;
    while (nw > 2 && games < (long)nw * s.nm * 2)
        nw--;
    while (s.nm > 3 && games < (long)nw * s.nm * 2)
        s.nm--;
    long fit = games / ((long)nw * s.nm);
    cap = our_candidates(&s, fit < S_PLAY ? S_PLAY : fit < cap ? (int)fit : cap);
    while (dice > 1 && games < (long)nw * s.nm * cap * dice)
        dice--;
    s.nk = (int)(games / ((long)nw * s.nm * dice));
    s.nk = s.nk > cap ? cap : s.nk;
    if (s.nk < 2)
        goto out;
    /* every cell played on its own (on the threads: search_par.c), then summed in a fixed order: the
     * same sums, the same plot and the same count of work whatever the threads' timing */
    s.dice = dice;
    size_t cells = (size_t)nw * (size_t)s.nk * (size_t)s.nm * (size_t)dice;
    s.val = malloc(cells * sizeof *s.val);
    s.work = malloc(cells * sizeof *s.work);
    double *sum = calloc((size_t)s.nk * (size_t)s.nm, sizeof *sum);
    bool done = s.val && s.work && sum;
    if (done) {
        s.val[0] = a[0], s.work[0] = 0;
        done = ai_cells(c, threads, (int)cells, play_cell, &s, p0 + (p1 - p0) / 5, p1);
    }
    if (done) {
        size_t i = 0;
        for (int w = 0; w < nw; w++)
            for (int k = 0; k < s.nk; k++)
                for (int m = 0; m < s.nm; m++)
                    for (int d = 0; d < dice; d++, i++) {
                        sum[k * s.nm + m] += s.val[i];
                        c->work += s.work[i];
                    }
        for (int x = 0; x < s.nk * s.nm; x++)
            a[x] = sum[x] / (nw * dice);
    }
    free(sum);
    free(s.val);
    free(s.work);
    if (!done)
        goto out;
    double col[S_THEIRS];
    regret_match(a, s.nk, s.nm, col);
    double wsum = 0;
    for (int m = 0; m < s.nm; m++)
        wsum += s.weight[m];
    int best = 0;
    double bv = -1e18;
    for (int k = 0; k < s.nk; k++) {
        double eq = 0, mean = 0, plot = 0;
        for (int m = 0; m < s.nm; m++)
            eq += col[m] * a[k * s.nm + m], mean += a[k * s.nm + m] * s.weight[m] / wsum;
        for (int i = 0; i < n; i++)
            plot += s.op[i].o[s.ours[k][i]].score - s.op[i].o[0].score;
        double v = S_EQ * eq + (1 - S_EQ) * mean + S_PLOT_WEIGHT * plot;
        ai_trace(c, "search: joint %d of %d: vs best answers %.2f, vs all %.2f, plotting %+.2f: %.2f", k, s.nk, eq,
                 mean, plot, v);
        if (v > bv + 1e-9)
            bv = v, best = k;
    }
    ai_trace(c, "search%s: %d worlds, %d enemy plots, joint %d chosen; %ld engine commands",
             !s.opening ? "" : vary ? " (the new ships' T)" : " (opening)", nw, s.nm, best, c->work);
    for (int i = 0; i < n; i++) {
        ai_ship_plan *sp = &plans[i];
        if (!varies(&s, i))
            continue;
        if (!s.opening) {
            sp->pick[sp->nslots - 1] = s.op[i].o[s.ours[best][i]];
            continue;
        }
        /* the whole plan, its poses again from the chosen first move */
        js_order o[JS_PLAN_DEPTH];
        full_plan(&s, i, s.ours[best][i], o);
        sp->pick[0] = s.op[i].o[s.ours[best][i]];
        const js_ship *sh = &c->st->ships[sp->ship];
        js_ship_place at = {sh->pos, sh->facing, sh->phase};
        for (int k = 0; k < JS_PLAN_DEPTH; k++) {
            sp->pick[k].o = o[k];
            sp->pick[k].at = at = ai_step(c->st, sp->ship, at, &o[k]);
        }
    }
out:
    for (int w = 0; w < s.nw; w++)
        if (!s.opening || w == 0)
            free(s.snap[w]);
    free(s.op);
    free(s.ours);
    free(s.theirs);
    for (int t = 0; t < AI_MAX_THREADS; t++) {
        free(bench[t].scratch);
        js_game_destroy(bench[t].g);
    }
    free(a);
}

void ai_search(ai_ctx *c, ai_ship_plan *plans, int n)
{
    if (n <= 0 || n > JS_MAX_SHIPS)
        return;
    bool fresh[JS_MAX_SHIPS];
    int nfresh = 0;
    for (int i = 0; i < n; i++)
        nfresh += fresh[i] = plans[i].first == 0 && plans[i].nalt0 > 0;
    if (nfresh == n) { /* the opening: every ship's T, all three turns played */
        search_run(c, plans, n, true, NULL, 500, 990);
        return;
    }
    if (nfresh && S_FRESH) {
        /* ships new on the map choose their T by search too, the others' orders standing, on half
         * the budget; then the others' T+2, the new ones keeping what they chose (their T+2
         * options were weighed from the poses of the T they had) */
        long budget = c->budget;
        c->budget = c->work + (budget - c->work) / 2;
        search_run(c, plans, n, true, fresh, 500, 745);
        c->budget = budget;
        for (int i = 0; i < n; i++)
            fresh[i] = !fresh[i];
        search_run(c, plans, n, false, fresh, 745, 990);
        return;
    }
    search_run(c, plans, n, false, NULL, 500, 990);
}
