/* model.c — the enemy's already plotted turns, guessed as it plotted them (the commodore's).
 *
 * The enemy plotted its orders for T two turns ago and for T+1 one turn ago (P-1), each as the T+2
 * of that plotting phase; a ship new on the map (arriving through a jump point, launched) plots all
 * three at once. Those are the orders that decide where its ships stand and what they fire when our
 * T+2 starts (docs/ai.md, "Where the gap to the ceiling is"). So the board as we saw it then is
 * kept, the enemy's orders for the turns since are read back from where its ships went and how many
 * missiles they carry now, and a sensible player (the captain's kind of plot: it reads our likely
 * moves) plots for the enemy's side on that board, with dice of its own, a few times; ships new this
 * turn are plotted on this turn's board. Each sample is a guess of the enemy's T and T+1 that some
 * of our worlds follow. A player that waits in its lines, or one that comes at full speed for our
 * nearest ship, plots nothing like the captain, so the enemy is also replayed as those (the
 * reference `sitter`'s and `rusher`'s plots, js_ai_ref_plot: one guess each, they throw no dice),
 * and the worlds follow whichever has guessed the enemy's T right most often in this game, as far
 * as it has. Only our own views are kept and replayed: the other side's hidden cards, reserve and
 * plots are guessed as every world guesses them (ai_fill_guesses), never read. */
#include "ai_int.h"
#include <stdlib.h>
#include <string.h>
#ifdef S_TUNE /* a developer's build: S_MODEL_DEBUG=1 says why a replay fails; knobs below */
#include <stdio.h>
#define MDBG(...) (getenv("S_MODEL_DEBUG") ? (void)fprintf(stderr, __VA_ARGS__) : (void)0)
static int knob(const char *name, int dflt) { return getenv(name) ? atoi(getenv(name)) : dflt; }
#else
#define MDBG(...) ((void)0)
#define knob(name, dflt) (dflt)
#endif

/* The players the enemy is modelled as: the careful one (the captain's plot, with dice of its own),
 * the one that waits in its lines and the one that rushes (the reference `sitter`'s and `rusher`'s
 * plots, js_ai_ref_plot: no dice) */
enum { MODEL_CAREFUL = 0, MODEL_WAITING = 1, MODEL_RUSHING = 2, MODEL_KINDS = 3 };
static const char *const MODEL_NAMES[MODEL_KINDS] = {"careful", "waiting", "rushing"};
/* the reference player each kind but the careful one replays */
static const int MODEL_REF[MODEL_KINDS] = {-1, JS_AI_REF_SITTER, JS_AI_REF_RUSHER};

struct ai_past {
    js_state st[4];      /* our view at our first plot decision of turn t, index t & 3 */
    int16_t turn[4];     /* which turn each holds (0: none) */
    js_ai model;         /* the sensible player on the enemy's side: its own history of our moves */
    /* for each kind of player: its (first sample's) T for each enemy ship, said in turn said_turn,
     * and how often that T was the order read back a turn later */
    js_order said[MODEL_KINDS][JS_MAX_SHIPS];
    int16_t said_turn[MODEL_KINDS][JS_MAX_SHIPS];
    int hits[MODEL_KINDS], seen[MODEL_KINDS];
#ifdef S_TUNE
    js_order real[JS_MAX_SHIPS]; /* a measurement: the enemy's real T of the last decision */
    int16_t real_turn;
#endif
};

void ai_past_free(js_ai *ai)
{
    if (ai)
        free(ai->past), ai->past = NULL;
}

/* Keep the board of this plotting phase (once a turn). */
static struct ai_past *keep_board(js_ai *ai, const js_state *view_st, int foe)
{
    if (!ai->past) {
        ai->past = calloc(1, sizeof *ai->past);
        if (!ai->past)
            return NULL;
        js_ai *m = &ai->past->model;
        m->level = JS_AI_CAPTAIN, m->side = foe, m->seed = ai_mix(ai->seed, 0x6d6f64656c);
        m->p = ai_level_params(JS_AI_CAPTAIN); /* the plain player the enemy is modelled as */
        m->threads = 1;
    }
    struct ai_past *p = ai->past;
    int x = view_st->turn & 3;
    if (p->turn[x] != view_st->turn)
        p->st[x] = *view_st, p->turn[x] = view_st->turn;
    return p;
}

static const js_state *board_of(const struct ai_past *p, int turn)
{
    return turn > 0 && p->turn[turn & 3] == turn ? &p->st[turn & 3] : NULL;
}

/* The order that takes ship i from pose a to pose b in one turn (moving alone), or the nearest. */
static js_order read_back(js_state *scratch, int i, js_ship_place a, js_ship_place b)
{
    const js_card_def *d = js_ship_card(scratch, i);
    int m = d ? d->move : 0;
    js_order best;
    memset(&best, 0, sizeof best);
    int bd = 1 << 20;
    for (int astern = 0; astern <= 1 && bd; astern++)
        for (int mv = 0; mv <= m && bd; mv++)
            for (int t = 0; t < 3 && bd; t++) {
                js_order o;
                memset(&o, 0, sizeof o);
                o.turn = (int8_t)(t == 2 ? -1 : t), o.move = (int8_t)mv, o.astern = (int8_t)astern;
                o.phase = b.phase;
                js_ship_place q = ai_step(scratch, i, a, &o);
                int dist = 4 * js_hex_distance(q.hex, b.hex) + (q.facing != b.facing);
                if (dist < bd)
                    bd = dist, best = o;
            }
    best.phase = b.phase;
    return best;
}

/* The missiles ship i launched between two boards: its count dropped by them (carried missiles
 * are in the view); aft for those still flying astern of it, the rest forward. S_MODEL_NOFIRE=1:
 * none (the replayed player then believes it fired nothing and fires again). */
static void read_fire(const js_state *pre, const js_state *post, int i, js_order *o)
{
    int fired = pre->ships[i].missiles - post->ships[i].missiles, aft = 0;
    if (fired <= 0 || knob("S_MODEL_NOFIRE", 0))
        return;
    int back = js_dir_opposite(post->ships[i].facing);
    for (int m = 0; m < JS_MAX_MISSILES; m++)
        aft += post->missiles[m].alive && post->missiles[m].ship == i && post->missiles[m].facing == back;
    aft = aft < fired ? aft : fired;
    o->msl_aft = (int8_t)aft, o->msl_fwd = (int8_t)(fired - aft);
}

static js_ship_place pose(const js_state *st, int i)
{
    const js_ship *s = &st->ships[i];
    return (js_ship_place){s->pos, s->facing, s->phase};
}

static bool in_play(const js_state *st, int i)
{
    return i < st->nships && ai_ship_here(st, i) && st->ships[i].state == JS_SHIP_ACTIVE; /* arriving too */
}

/* The player of `kind` plots the enemy's side on `board` (our view then), the enemy's ships with
 * plans `plan` for that turn and the next; its orders for slots 1 and 2 written to out (the ships
 * it plotted afresh: all three), `fresh` marks the ships whose slot 1 it plotted too. */
static bool replay(ai_ctx *c, struct ai_past *p, int kind, const js_state *board, js_order plan[][JS_PLAN_DEPTH],
                   uint64_t seed, js_order out[][JS_PLAN_DEPTH], uint8_t *fresh)
{
    js_state *ms = malloc(sizeof *ms);
    js_view *v = malloc(sizeof *v);
    js_cmd *buf = malloc(sizeof *buf * AI_QUEUE);
    bool ok = false;
    js_game *g0 = NULL;
    ai_ctx d;
    memset(&d, 0, sizeof d);
    if (!ms || !v || !buf)
        goto done;
    *ms = *board;
    ai_fill_guesses(ms, c->me);
    ms->ready &= (int8_t)~JS_SIDE_MASK(c->foe);
    for (int i = 0; i < ms->nships; i++)
        if (ms->ships[i].side == c->foe) { /* a ship without orders read back keeps its guessed plan */
            ms->ships[i].plotted = 0;
            if (plan[i][0].phase >= JS_PHASE_MIN)
                memcpy(ms->ships[i].plan, plan[i], sizeof ms->ships[i].plan);
        }
    char why[200] = "";
    if (!(g0 = js_game_from_state(ms, seed, why, sizeof why))) {
        MDBG("MDBG g0: %s\n", why);
        goto done;
    }
    js_view_build(g0, c->foe, v); /* what the enemy saw: our plots hidden */
    if (v->wait.kind != JS_WAIT_PLOT || !(v->wait.sides & JS_SIDE_MASK(c->foe))) {
        MDBG("MDBG wait %d sides %d\n", v->wait.kind, v->wait.sides);
        goto done;
    }
    int nout = 0;
    const js_state *gs = &v->st;
    if (kind != MODEL_CAREFUL) {
        js_ai_ref_memory mem; /* where our ships stood on the board of the turn before */
        js_ai_ref_memory_init(&mem);
        if (board_of(p, board->turn - 1))
            js_ai_ref_remember(&mem, c->foe, board_of(p, board->turn - 1));
        nout = js_ai_ref_plot(MODEL_REF[kind], c->foe, &v->st, &mem, buf, AI_QUEUE);
        ok = nout >= 0;
    } else {
        ai_observe(&p->model, &v->st);
        d.ai = &p->model, d.p = &p->model.p, d.v = v, d.me = c->foe, d.foe = c->me, d.cancel = c->cancel;
        d.rng.s = seed;
        *ms = v->st;
        ai_fill_guesses(ms, d.me);
        d.st = ms;
        if (!(d.g = js_game_from_state(ms, seed, why, sizeof why))) {
            MDBG("MDBG g: %s\n", why);
            goto done;
        }
        d.out = buf, d.capout = AI_QUEUE;
        ai_plot(&d);
        gs = js_game_state(d.g);
        nout = d.nout;
        ok = !d.cancelled;
    }
    for (int i = 0; i < gs->nships; i++) {
        fresh[i] = 0;
        if (gs->ships[i].side == c->foe)
            memcpy(out[i], gs->ships[i].plan, sizeof out[i]);
    }
    for (int k = 0; k < nout; k++)
        if (buf[k].type == JS_CMD_PLOT && buf[k].unit >= 0 && buf[k].unit < gs->nships && buf[k].slot >= 0 &&
            buf[k].slot < JS_PLAN_DEPTH) {
            if (kind != MODEL_CAREFUL) /* its commands, not yet applied to the board */
                out[buf[k].unit][buf[k].slot] = buf[k].order;
            fresh[buf[k].unit] |= buf[k].slot == 1;
        }
done:
    ai_ctx_release(&d);
    js_game_destroy(g0);
    free(ms), free(v), free(buf);
    return ok;
}

/* What the boards kept tell of the enemy's orders since: the boards of this turn and the two
 * before, and for each enemy ship its orders of the last turn (rec1) and the one before (rec2),
 * read back from where it went, where they could be. */
typedef struct model_past {
    const js_state *b0, *b1, *b2;
    bool now;
    js_order rec2[JS_MAX_SHIPS], rec1[JS_MAX_SHIPS];
    bool ok2[JS_MAX_SHIPS], ok1[JS_MAX_SHIPS];
} model_past;

/* One guess of the enemy's T and T+1 by the player of `kind`: rep[i][0..1] for the ships with
 * rep_ok[i] (the waiting player's T+2 in rep[i][2]). Returns whether it guessed any. plan, out:
 * scratch. */
static bool guess(ai_ctx *c, struct ai_past *p, int kind, const model_past *m, uint64_t seed,
                  js_order rep[][JS_PLAN_DEPTH], uint8_t *rep_ok, js_order (*plan)[JS_PLAN_DEPTH],
                  js_order (*out)[JS_PLAN_DEPTH])
{
    const js_state *st = c->st;
    uint8_t fresh[JS_MAX_SHIPS];
    uint8_t okT[JS_MAX_SHIPS] = {0};
    bool any_guess = false;
    memset(rep_ok, 0, JS_MAX_SHIPS);
    /* T: plotted two turns ago as that phase's T+2 */
    if (m->b2) {
        memset(plan, 0, JS_MAX_SHIPS * sizeof *plan);
        for (int i = 0; i < m->b2->nships; i++)
            if (m->ok2[i])
                plan[i][0] = m->rec2[i], plan[i][1] = m->rec1[i], plan[i][2].phase = m->rec1[i].phase;
        if (replay(c, p, kind, m->b2, plan, seed, out, fresh))
            for (int i = 0; i < st->nships; i++)
                if (m->ok2[i])
                    rep[i][0] = out[i][2], okT[i] = 1;
    }
    /* T+1: plotted one turn ago, after T (this guess's); a ship new then plotted T too */
    memset(plan, 0, JS_MAX_SHIPS * sizeof *plan);
    for (int i = 0; m->b1 && i < m->b1->nships; i++)
        if (m->ok1[i]) {
            plan[i][0] = m->rec1[i];
            plan[i][1] = okT[i] ? rep[i][0] : st->ships[i].plan[0];
            plan[i][2].phase = plan[i][1].phase;
        }
    bool r1 = m->b1 && replay(c, p, kind, m->b1, plan, ai_mix(seed, 1), out, fresh);
#ifdef S_TUNE
    if (getenv("S_MODEL_DEBUG")) {
        int n1 = 0, n2 = 0, nt = 0, nf = 0;
        for (int i = 0; i < st->nships; i++)
            n1 += m->ok1[i], n2 += m->ok2[i], nt += okT[i], nf += r1 && fresh[i];
        fprintf(stderr, "MDBG %s turn %d b2 %d ok1 %d ok2 %d okT %d fresh %d r1 %d\n", MODEL_NAMES[kind], st->turn,
                m->b2 != NULL, n1, n2, nt, nf, r1);
    }
#endif
    for (int i = 0; r1 && i < st->nships; i++) {
        if (!m->ok1[i])
            continue;
        if (!okT[i] && fresh[i])
            rep[i][0] = out[i][1], okT[i] = 1;
        if (okT[i])
            rep[i][1] = out[i][2], rep_ok[i] = 1, any_guess = true;
    }
    /* S_MODEL_NOW=1: the ships new on the map now plot all three turns now, on this board,
     * the others' T and T+1 as this guess has them */
    if (!m->b0 || !m->now)
        return any_guess;
    bool any = false;
    memset(plan, 0, JS_MAX_SHIPS * sizeof *plan);
    for (int i = 0; i < st->nships; i++) {
        any |= st->ships[i].side == c->foe && in_play(st, i) && st->ships[i].fresh;
        if (rep_ok[i])
            plan[i][0] = rep[i][0], plan[i][1] = rep[i][1], plan[i][2].phase = plan[i][1].phase;
    }
    /* a reference player's T+2 of this turn too: it plots on what it sees, so its guesses of T
     * and T+1 give its next plot (against `sitter`: docs/ai.md, "A model of the player that waits") */
    bool t2 = kind != MODEL_CAREFUL;
    if ((!any && !t2) || !replay(c, p, kind, m->b0, plan, ai_mix(seed, 2), out, fresh))
        return any_guess;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == c->foe && in_play(st, i) && st->ships[i].fresh && fresh[i]) {
            rep[i][0] = out[i][0], rep[i][1] = out[i][1];
            rep_ok[i] = 1, any_guess = true;
        }
    for (int i = 0; t2 && i < st->nships; i++)
        if (rep_ok[i])
            rep[i][2] = out[i][2];
    return any_guess;
}

/* Percent of a kind's guesses of T that were right, before any is seen `prior` (as if one more). */
static int right_of(const struct ai_past *p, int kind, int prior)
{
    return (100 * p->hits[kind] + prior) / (p->seen[kind] + 1);
}

void ai_model(ai_ctx *c, int samples)
{
    const js_state *st = c->st;
    struct ai_past *p = keep_board(c->ai, &c->v->st, c->foe);
    c->nrep = 0;
    if (!p || samples < 1)
        return;
    if (samples > AI_MAX_SAMPLES)
        samples = AI_MAX_SAMPLES;
    int t = st->turn;
    const js_state *b2 = board_of(p, t - 2), *b1 = board_of(p, t - 1);
    bool now = knob("S_MODEL_NOW", 1); /* S_MODEL_NOW=0: not the ships new this turn */
    if (!b1 && !now)
        return;
    /* a level that takes the model for arriving ships only (the admiral) has nothing to guess while
     * none arrives — the duel, most turns of a battle: the boards are kept, the replays saved */
    bool arriving = false;
    for (int i = 0; i < st->nships && !arriving; i++)
        arriving = st->ships[i].side == c->foe && st->units[st->ships[i].unit].where == JS_AT_ARRIVING;
    if (c->p->model_arriving_only && !arriving)
        return;
    c->rep = calloc(AI_MAX_SAMPLES, sizeof *c->rep);
    c->rep_ok = calloc(AI_MAX_SAMPLES * JS_MAX_SHIPS, 1);
    js_order(*plan)[JS_PLAN_DEPTH] = calloc(JS_MAX_SHIPS, sizeof *plan);
    js_order(*out)[JS_PLAN_DEPTH] = calloc(JS_MAX_SHIPS, sizeof *out);
    model_past *m = calloc(1, sizeof *m);
    if (!c->rep || !c->rep_ok || !plan || !out || !m)
        goto done;
    m->b0 = board_of(p, t), m->b1 = b1, m->b2 = b2, m->now = now;
    /* the enemy's orders of the turns since, read back from where its ships went */
    for (int i = 0; i < st->nships; i++) {
        if (st->ships[i].side != c->foe || !in_play(st, i))
            continue;
        if (b1 && in_play(b1, i))
            m->rec1[i] = read_back(c->st, i, pose(b1, i), pose(st, i)), m->ok1[i] = true,
            read_fire(b1, st, i, &m->rec1[i]);
        if (b2 && in_play(b2, i) && m->ok1[i])
            m->rec2[i] = read_back(c->st, i, pose(b2, i), pose(b1, i)), m->ok2[i] = true,
            read_fire(b2, b1, i, &m->rec2[i]);
    }
    /* was each kind of player right a turn ago? As many worlds follow the one that has been right
     * more as it has been (the careful player's first sample's T: against the captain 54 % on the
     * duel, 86 % on jump_raid; against `rusher` 14 %, `sitter` 15 %) */
    bool kind_on[MODEL_KINDS] = {true, c->p->model_waiting, c->p->model_rushing};
    for (int kind = 0; kind < MODEL_KINDS; kind++)
        for (int i = 0; i < st->nships && kind_on[kind]; i++)
            if (m->ok1[i] && p->said_turn[kind][i] == t - 1)
                p->seen[kind]++, p->hits[kind] += ai_same_move(&p->said[kind][i], &m->rec1[i]);
    /* A ship not on the map yet plots its first three turns with nothing of it seen: every world
     * takes the model's guess for it (against the captain on jump_raid 67.5 -> 89.2 %, docs/ai.md).
     * The others follow it as far as it has been right; before it has been (the first turn), none:
     * against a player that waits (`sitter`) a first plot that expects the captain's kind of
     * opening plays for a draw (79 wins of 100 with none, 59 with the model in every world). */
    /* percent right: before any is seen (prior); none below lo; all above hi */
    int prior = knob("S_MODEL_PRIOR", 0), lo = knob("S_MODEL_LO", 15), hi = knob("S_MODEL_HI", 50);
    int best = MODEL_CAREFUL;
    for (int kind = 1; kind < MODEL_KINDS; kind++)
        best = kind_on[kind] && right_of(p, kind, prior) > right_of(p, best, prior) ? kind : best;
    int right = right_of(p, best, prior);
    right = right < lo ? lo : right > hi ? hi : right;
    c->nmodel_arriving = c->nmodel;
    c->nmodel = c->p->model_arriving_only ? 0 : c->nmodel * (right - lo) / (hi > lo ? hi - lo : 1);
    if (!c->p->model_arriving_only && !knob("S_MODEL_ARRIVE", 1)) /* S_MODEL_ARRIVE=0: arriving ships as the rest */
        c->nmodel_arriving = c->nmodel;
#ifdef S_TUNE
    if (c->ai->peek) {
        int n = 0, same = 0, pos = 0;
        for (int i = 0; i < st->nships && p->real_turn == t - 1; i++)
            if (m->ok1[i]) {
                const js_order *r = &p->real[i];
                n++, same += ai_same_move(r, &m->rec1[i]);
                js_ship_place q = ai_step(c->st, i, pose(b1, i), r);
                pos += js_hex_eq(q.hex, st->ships[i].pos) && q.facing == st->ships[i].facing;
            }
        if (n)
            fprintf(stderr, "READBACK %d %d %d\n", n, same, pos);
        for (int i = 0; i < st->nships; i++)
            p->real[i] = c->ai->oracle_plan[i][0];
        p->real_turn = (int16_t)t;
    }
#endif
    /* a reference player throws no dice: one guess is all it has. The careful player's replays,
     * the dear ones, come last and only while it is the one followed. */
    int order[MODEL_KINDS], norder = 0; /* the one followed last: its guesses stay in c->rep */
    for (int kind = MODEL_KINDS - 1; kind > MODEL_CAREFUL; kind--)
        if (kind_on[kind] && kind != best)
            order[norder++] = kind;
    order[norder++] = best;
    for (int x = 0; x < norder; x++) {
        int kind = order[x];
        int n = kind == MODEL_CAREFUL ? samples : 1, got = 0;
        for (int k = 0; k < n && !ai_should_stop(c); k++) {
            uint64_t seed = ai_mix(c->rng.s, 0x7265706c + k);
            if (guess(c, p, kind, m, seed, c->rep[k], c->rep_ok + k * JS_MAX_SHIPS, plan, out))
                got = k + 1;
        }
        for (int i = 0; i < st->nships && got > 0; i++)
            if (c->rep_ok[i])
                p->said[kind][i] = c->rep[0][i][0], p->said_turn[kind][i] = (int16_t)t;
        if (kind == best) { /* the worlds follow this one's guesses */
            c->nrep = got;
            c->rep_t2 = kind != MODEL_CAREFUL;
        }
    }
    ai_trace(c, "model: %d samples of the enemy's T and T+1 for %d worlds (%d for ships arriving; right %d of %d, "
             "the waiting player's %d of %d, the rushing player's %d of %d; as the %s player)", c->nrep, c->nmodel,
             c->nmodel_arriving, p->hits[MODEL_CAREFUL], p->seen[MODEL_CAREFUL], p->hits[MODEL_WAITING],
             p->seen[MODEL_WAITING], p->hits[MODEL_RUSHING], p->seen[MODEL_RUSHING], MODEL_NAMES[best]);
    for (int i = 0; i < st->nships && c->nrep > 0 && c->ai->trace; i++)
        if (c->rep_ok[i]) { /* the first sample's guess, one line a ship (tests read it back) */
            const js_order *o = c->rep[0][i];
            ai_trace(c, "model: ship %d T turn %d move %d astern %d missiles %d, T+1 turn %d move %d astern %d missiles %d",
                     i, o[0].turn, o[0].move, o[0].astern, o[0].msl_fwd + o[0].msl_aft, o[1].turn, o[1].move,
                     o[1].astern, o[1].msl_fwd + o[1].msl_aft);
        }
#ifdef S_TUNE
    if (c->ai->peek) { /* a measurement: the samples against the enemy's real T and T+1 */
        int n = 0, s0[2] = {0, 0}, any[2] = {0, 0};
        for (int i = 0; i < st->nships; i++) {
            if (st->ships[i].side != c->foe || !c->nrep || !c->rep_ok[i])
                continue;
            n++;
            for (int x = 0; x < 2; x++) {
                const js_order *r = &c->ai->oracle_plan[i][x];
                int hit = 0;
                for (int k = 0; k < c->nrep; k++) {
                    const js_order *o = &c->rep[k][i][x];
                    bool eq = ai_same_move(o, r);
                    hit |= eq;
                    s0[x] += eq && k == 0;
                    if (k == 0 && getenv("S_MODEL_FIRE"))
                        fprintf(stderr, "MFIRE %d %d %d\n", x, r->msl_fwd + r->msl_aft + r->pods > 0,
                                o->msl_fwd == r->msl_fwd && o->msl_aft == r->msl_aft && o->pods == r->pods);
                }
                any[x] += hit;
            }
        }
        int all = 0;
        for (int i = 0; i < st->nships; i++)
            all += st->ships[i].side == c->foe && in_play(st, i) && ai_ship_acts(st, i);
        fprintf(stderr, "MODEL %d %d %d %d %d %d\n", n, s0[0], any[0], s0[1], any[1], all);
    }
#endif
done:
    free(plan), free(out), free(m);
}
