/* ai.c — the computer player's door: levels, the imagined game built from a view, and the
 * answer handed out one command at a time. */
#include "ai_int.h"
#include <stdarg.h>
#include <stdio.h> /* vsnprintf only: the AI does no I/O (tests/engine_purity.sh checks) */
#include <stdlib.h>

static const char *const LEVEL_NAMES[JS_AI_LEVELS] = {"cadet", "captain", "admiral", "commodore"};
/* how each plays, in a player's words (docs/ai.md "Four levels" has the figures behind them) */
static const char *const LEVEL_STYLES[JS_AI_LEVELS] = {"a beginner's slips", "waits for you", "waits, then punishes",
                                                       "comes for you"};

/* What each level does. The cadet has a beginner's habits (the enemy stays put, phases and guard
 * pods are forgotten, energy is spent at once, its carrier comes in at the front like any card);
 * the captain reads the likely enemy moves, sends one ship after each enemy jump point and keeps
 * its carrier back while the enemy's missiles on the map are many (values.c); the
 * admiral also plays the next turn out with the engine against sampled enemy plots; the commodore
 * plots as the admiral does, then chooses among joint candidate plots by playing them against the
 * enemy's with the engine (search.c), and brings its carrier in at once: its search keeps the
 * carrier out of the missiles' lines better than the rule does (docs/ai.md). */
static const ai_params LEVELS[JS_AI_LEVELS] = {
    {.worlds = 1, .static_enemy = 1, .blunder = 20, .blunder_margin = 0.5, .phases = 0, .guards = 0, .careful = 1,
     .energy_sense = 0, .sim_budget = 0},
    {.worlds = 12, .static_enemy = 0, .blunder = 0, .phases = 1, .guards = 1, .careful = 1,
     .energy_sense = 1, .sim_budget = 0, .keep_back = 1, .hold_missiles = 8,
     .claim_jp = 1},
    {.worlds = 16, .static_enemy = 0, .blunder = 0, .phases = 1, .guards = 1, .careful = 1,
     .energy_sense = 1, .sim_budget = 60000, .mirror = 1, .keep_back = 1, .hold_missiles = 8,
     .claim_jp = 1, .model = 6, .model_samples = 4, .model_arriving_only = 1},
    {.worlds = 16, .static_enemy = 0, .blunder = 0, .phases = 1, .guards = 1, .careful = 1,
     .energy_sense = 1, .sim_budget = 400000, .mirror = 1, .keep_back = 1, .hold_missiles = 0,
     .claim_jp = 1, .search = 1, .guard_floor = 1, .model = 16, .model_samples = 4, .model_waiting = 1,
     .model_rushing = 1},
};

ai_params ai_level_params(int level)
{
    ai_params p = LEVELS[level >= 0 && level < JS_AI_LEVELS ? level : 0];
#ifdef S_TUNE /* a measurement: S_CAP_CLAIM=0, the captain (and the model of it) claims no jump point */
    if (level == JS_AI_CAPTAIN && getenv("S_CAP_CLAIM"))
        p.claim_jp = atoi(getenv("S_CAP_CLAIM"));
    if (level > JS_AI_CADET && getenv("S_HOLD_MISSILES")) /* 0: every careful level brings its carrier in */
        p.hold_missiles = atoi(getenv("S_HOLD_MISSILES"));
    static const char *const HOLD_KNOB[JS_AI_LEVELS] = {NULL, NULL, "S_HOLD_ADM", "S_HOLD_COM"}; /* one level's alone */
    if (level >= 0 && level < JS_AI_LEVELS && HOLD_KNOB[level] && getenv(HOLD_KNOB[level]))
        p.hold_missiles = atoi(getenv(HOLD_KNOB[level]));
    if (level == JS_AI_COMMODORE && getenv("S_MODEL_WAIT")) /* 0: the commodore models no waiting player */
        p.model_waiting = atoi(getenv("S_MODEL_WAIT"));
    if (level == JS_AI_COMMODORE && getenv("S_MODEL_RUSH")) /* 0: the commodore models no rushing player */
        p.model_rushing = atoi(getenv("S_MODEL_RUSH"));
#endif
    return p;
}

const char *js_ai_level_name(int level) { return level >= 0 && level < JS_AI_LEVELS ? LEVEL_NAMES[level] : NULL; }

const char *js_ai_level_style(int level) { return level >= 0 && level < JS_AI_LEVELS ? LEVEL_STYLES[level] : NULL; }

int js_ai_level_parse(const char *name)
{
    for (int i = 0; name && i < JS_AI_LEVELS; i++)
        if (!strcmp(name, LEVEL_NAMES[i]))
            return i;
    return -1;
}

js_ai *js_ai_create(int level, int side, uint64_t seed)
{
    if (level < 0 || level >= JS_AI_LEVELS || (side != JS_SIDE_A && side != JS_SIDE_B))
        return NULL;
    js_ai *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    ai->level = level;
    ai->side = side;
    ai->seed = seed;
    ai->p = ai_level_params(level);
#ifdef S_TUNE /* a measurement: the admiral's parts one by one (docs/ai.md) */
    if (level == 2 && getenv("S_ADM_CLAIM"))
        ai->p.claim_jp = atoi(getenv("S_ADM_CLAIM"));
    if (level == 2 && getenv("S_ADM_MIRROR"))
        ai->p.mirror = atoi(getenv("S_ADM_MIRROR"));
    if (level == 3 && getenv("S_COM_CLAIM"))
        ai->p.claim_jp = atoi(getenv("S_COM_CLAIM"));
    if (level == 2 && getenv("S_ADM_BUDGET"))
        ai->p.sim_budget = atol(getenv("S_ADM_BUDGET"));
    if (level == 2 && getenv("S_ADM_MODEL")) /* its worlds that follow the model for arriving ships
                                              * (docs/ai.md, "The admiral and the model"); 0: none */
        ai->p.model = atoi(getenv("S_ADM_MODEL"));
    if (level == 2 && getenv("S_ADM_MODEL_ALL")) /* for every ship, as the commodore's */
        ai->p.model_arriving_only = 0;
    if (level == 0 && getenv("S_CAD_BLUNDER")) /* percent: how often the cadet slips */
        ai->p.blunder = atoi(getenv("S_CAD_BLUNDER"));
    if (level == 0 && getenv("S_CAD_MARGIN")) /* the points its slips may cost */
        ai->p.blunder_margin = atof(getenv("S_CAD_MARGIN"));
    if (level == 2 && getenv("S_ADM_SEARCH")) /* the commodore's search, at S_ADM_BUDGET's budget */
        ai->p.search = ai->p.guard_floor = atoi(getenv("S_ADM_SEARCH"));
#endif
    ai->threads = AI_THREADS;
    return ai;
}

void js_ai_destroy(js_ai *ai)
{
    ai_past_free(ai);
    free(ai);
}

void js_ai_set_progress(js_ai *ai, volatile int *permille)
{
    if (ai)
        ai->progress = permille;
}

void js_ai_set_threads(js_ai *ai, int threads)
{
    if (ai)
        ai->threads = threads < 1 ? 1 : threads > AI_MAX_THREADS ? AI_MAX_THREADS : threads;
}

void js_ai_stats_get(const js_ai *ai, js_ai_stats *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (ai)
        *out = ai->stats;
}

void js_ai_set_trace(js_ai *ai, void (*fn)(void *arg, const char *line), void *arg)
{
    if (ai)
        ai->trace = fn, ai->trace_arg = arg;
}

void ai_trace(ai_ctx *c, const char *fmt, ...)
{
    if (!c->ai->trace)
        return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    c->ai->trace(c->ai->trace_arg, line);
}

bool ai_legal(ai_ctx *c, const js_cmd *cmd) { return js_check(c->g, cmd, NULL, 0) == JS_OK; }

bool ai_emit(ai_ctx *c, const js_cmd *cmd)
{
    if (c->nout >= c->capout || js_submit(c->g, cmd, NULL, 0) != JS_OK)
        return false;
    c->out[c->nout++] = *cmd;
    return true;
}

bool ai_should_stop(ai_ctx *c)
{
    if (c->cancel && *c->cancel)
        c->cancelled = true;
    return c->cancelled;
}

void ai_progress(ai_ctx *c, int permille)
{
    if (c->ai->progress)
        *c->ai->progress = permille < 0 ? 0 : permille > 1000 ? 1000 : permille;
}

/* ---------------------------------------------------------------- guesses */
/* A hidden card becomes the commonest card of its size that the other side has shown, else the
 * first in the scenario with as many ships: in a look-ahead of a few turns what matters is that
 * the reserve exists, not which card it is. */
static int guess_card(const js_state *st, int foe, int nships)
{
    int count[JS_MAX_DEFS] = {0}, best = -1;
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side == foe && u->def >= 0 && u->def < st->scn.ncards && st->scn.cards[u->def].ships == nships)
            count[u->def]++;
    }
    for (int d = 0; d < st->scn.ncards; d++)
        if (st->scn.cards[d].ships == nships && (best < 0 || count[d] > count[best]))
            best = d;
    return best;
}

void ai_fill_guesses(js_state *st, int me)
{
    int foe = 1 - me;
    for (int i = 0; i < st->nunits; i++) {
        js_unit *u = &st->units[i];
        if (u->where != JS_AT_HIDDEN)
            continue;
        int d = guess_card(st, foe, u->nships);
        if (d < 0)
            d = 0; /* no card has that many ships: the engine will refuse the guess */
        const js_card_def *cd = &st->scn.cards[d];
        u->def = (int16_t)d;
        u->where = JS_AT_RESERVE;
        u->carrier = -1;
        for (int k = 0; k < u->nships; k++) {
            js_ship *s = &st->ships[u->first_ship + k];
            s->missiles = cd->missiles;
            s->pod_squadrons = cd->pod_squadrons;
            s->tr = cd->tr;
            s->facing = 1;
            s->phase = JS_PHASE_DEFAULT;
            s->attack_target = -1;
            for (int j = 0; j < cd->guard_pods; j++)
                s->guard[j % 6]++;
        }
    }
    for (int i = 0; i < st->nships; i++) { /* the other side's plots: standing still, for now */
        js_ship *s = &st->ships[i];
        if (s->side != foe)
            continue;
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            if (s->plan[k].phase < JS_PHASE_MIN) {
                memset(&s->plan[k], 0, sizeof s->plan[k]);
                s->plan[k].phase = s->phase >= JS_PHASE_MIN ? s->phase : JS_PHASE_DEFAULT;
            }
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        js_podgroup *p = &st->pods[i];
        if (p->alive && p->side == foe)
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                if (!p->dir[k])
                    p->dir[k] = (int8_t)(p->entered_dir ? p->entered_dir : 1);
    }
}

/* A stream for this decision: the seed and what the view shows, nothing the view hides. */
static uint64_t decision_seed(const js_ai *ai, const js_view *v)
{
    const js_state *st = &v->st;
    uint64_t h = ai_mix(ai->seed ^ 0xA5A5A5A5u, ai->side * 7 + ai->level);
    h = ai_mix(h, st->turn), h = ai_mix(h, st->phase), h = ai_mix(h, st->to_move), h = ai_mix(h, st->ready);
    for (int s = 0; s < JS_SIDES; s++)
        h = ai_mix(h, st->energy[s]), h = ai_mix(h, st->points[s]);
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        if (s->on_map)
            h = ai_mix(h, i), h = ai_mix(h, s->pos.q * 131 + s->pos.r), h = ai_mix(h, s->facing * 16 + s->state);
    }
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive)
            h = ai_mix(h, i), h = ai_mix(h, st->pods[i].pos.q * 131 + st->pods[i].pos.r + st->pods[i].pods * 7919);
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive)
            h = ai_mix(h, i), h = ai_mix(h, st->missiles[i].pos.q * 131 + st->missiles[i].pos.r);
    return h;
}

/* ---------------------------------------------------------------- deciding */
static void think(ai_ctx *c, int kind)
{
    const js_state *st = c->st;
    switch (kind) {
    case JS_WAIT_SETUP_BUY:
        if (!st->npurchase[c->me])
            ai_buy(c);
        break;
    case JS_WAIT_SETUP_JP:
        ai_jump_points(c);
        break;
    case JS_WAIT_SETUP_JO:
        ai_jump_offs(c);
        break;
    case JS_WAIT_NEW_ENTRY:
        ai_new_entry(c);
        break;
    case JS_WAIT_VANGUARD:
        if (!st->nvanguard[c->me])
            ai_vanguard(c);
        break;
    case JS_WAIT_COMMAND:
        ai_command(c);
        break;
    case JS_WAIT_PLOT:
        ai_plot(c);
        break;
    case JS_WAIT_SHIP_ATTACK:
        ai_ship_attacks(c);
        break;
    case JS_WAIT_DISCARD:
        ai_discard(c);
        break;
    case JS_WAIT_POD_MOVE:
        ai_pod_move(c);
        break;
    case JS_WAIT_MISSILE:
        ai_missile(c);
        break;
    case JS_WAIT_POD_ATTACK:
        ai_pod_attack(c);
        break;
    case JS_WAIT_GUARD:
        ai_guard(c);
        break;
    case JS_WAIT_DIE: {
        js_cmd d = js_cmd_new(JS_CMD_DIE, c->me);
        d.value = (int8_t)(1 + ai_rand(&c->rng, c->v->wait.die_sides > 0 ? c->v->wait.die_sides : 6));
        if (c->nout < c->capout)
            c->out[c->nout++] = d; /* the imagined game has seeded dice: nothing to check it on */
        break;
    }
    default:
        break;
    }
    /* a secret decision ends with READY; where READY is no answer (a discard, a new entry
     * point, the public decisions) the command itself commits */
    if (!c->cancelled && js_cmd_answers(kind, JS_CMD_READY)) {
        js_cmd r = js_cmd_new(JS_CMD_READY, c->me);
        ai_emit(c, &r);
    }
}

js_cmd ai_plain_answer(int wait_kind, int side)
{
    if (js_cmd_answers(wait_kind, JS_CMD_READY) || !js_cmd_answers(wait_kind, JS_CMD_POD_ATTACK))
        return js_cmd_new(JS_CMD_READY, side);
    js_cmd pass = js_cmd_new(JS_CMD_POD_ATTACK, side);
    pass.unit = -1;
    return pass;
}

/* The next queued command still fits the game: hand it out without thinking again. */
static bool from_queue(js_ai *ai, const js_view *v, js_game *g, js_cmd *out)
{
    if (ai->qi >= ai->qn || ai->qturn != v->st.turn || ai->qphase != v->st.phase || ai->qkind != v->wait.kind)
        return false;
    if (js_check(g, &ai->queue[ai->qi], NULL, 0) != JS_OK)
        return false;
    *out = ai->queue[ai->qi++];
    return true;
}

#ifdef S_TUNE
#include <stdio.h>
#include <stdlib.h>
/* A measurement (S_SELF=1, -DS_TUNE only): how often the same player, deciding on the same view with
 * other dice of its own, plots the same T+2 order (turn, move, astern) for each of its ships. */
static void self_agreement(ai_ctx *c, const js_view *view)
{
    enum { K = 4 };
    const js_state *mine = js_game_state(c->g);
    int same[K] = {0}, any = 0, n = 0;
    js_cmd *buf = malloc(sizeof *buf * AI_QUEUE);
    js_state *st2 = malloc(sizeof *st2);
    js_order alt[K][JS_MAX_SHIPS];
    memset(alt, 0, sizeof alt);
    for (int k = 0; k < K && buf && st2; k++) {
        ai_ctx d;
        memset(&d, 0, sizeof d);
        d.ai = c->ai, d.p = c->p, d.v = view, d.me = c->me, d.foe = c->foe;
        d.rng.s = ai_mix(c->rng.s, 0x5e1f00 + k);
        *st2 = view->st;
        ai_fill_guesses(st2, d.me);
        d.st = st2;
        d.g = js_game_from_state(st2, d.rng.s, NULL, 0);
        d.out = buf, d.capout = AI_QUEUE;
        js_ai_stats keep = c->ai->stats;
        if (d.g)
            think(&d, JS_WAIT_PLOT);
        c->ai->stats = keep;
        const js_state *gs = d.g ? js_game_state(d.g) : NULL;
        for (int i = 0; gs && i < gs->nships; i++)
            alt[k][i] = gs->ships[i].plan[JS_PLAN_DEPTH - 1];
        ai_ctx_release(&d);
    }
    for (int i = 0; buf && st2 && i < mine->nships; i++) {
        if (mine->ships[i].side != c->me || !ai_ship_acts(mine, i))
            continue;
        const js_order *o = &mine->ships[i].plan[JS_PLAN_DEPTH - 1];
        int hit = 0;
        for (int k = 0; k < K; k++) {
            bool eq = ai_same_move(&alt[k][i], o);
            same[k] += eq, hit |= eq;
        }
        any += hit, n++;
    }
    if (n)
        fprintf(stderr, "SELF %d %d %d %d %d %d %d\n", c->ai->level, n, same[0], same[1], same[2], same[3], any);
    free(buf), free(st2);
}
#endif

void ai_ctx_release(ai_ctx *c)
{
    free(c->fut), free(c->guess), free(c->podmap), free(c->ownline), free(c->imp), free(c->mir), free(c->mir_ok);
    free(c->reach);
    free(c->rep), free(c->rep_ok);
    c->rep = NULL, c->rep_ok = NULL;
    c->fut = NULL, c->guess = NULL, c->podmap = NULL, c->ownline = NULL, c->imp = NULL, c->mir = NULL;
    c->mir_ok = NULL, c->reach = NULL;
    js_game_destroy(c->g);
    c->g = NULL;
}

int js_ai_decide(js_ai *ai, const js_view *view, js_cmd *out, volatile int *cancel)
{
    if (!ai || !view || !out)
        return JS_AI_FAILED;
    if (view->viewer != ai->side || !(view->wait.sides & JS_SIDE_MASK(ai->side)))
        return JS_AI_NOT_MINE;
    if (cancel && *cancel)
        return JS_AI_CANCELLED;
    ai_ctx c;
    memset(&c, 0, sizeof c);
    c.ai = ai;
    c.p = &ai->p;
    c.v = view;
    c.me = ai->side;
    c.foe = 1 - ai->side;
    c.cancel = cancel;
    c.rng.s = decision_seed(ai, view);
    c.st = malloc(sizeof *c.st);
    if (!c.st)
        return JS_AI_FAILED;
    *c.st = view->st;
    ai_fill_guesses(c.st, c.me);
    c.g = js_game_from_state(c.st, c.rng.s, NULL, 0);
    if (!c.g) {
        free(c.st);
        return JS_AI_FAILED;
    }
    int rc = JS_AI_OK;
    ai_progress(&c, 0);
    if (from_queue(ai, view, c.g, out))
        goto done;
    ai->qn = ai->qi = 0;
    if (view->wait.kind == JS_WAIT_PLOT)
        ai_observe(ai, &view->st);
    c.out = ai->queue;
    c.capout = AI_QUEUE;
    think(&c, view->wait.kind);
#ifdef S_TUNE
    if (view->wait.kind == JS_WAIT_PLOT && getenv("S_SELF") && !c.cancelled)
        self_agreement(&c, view);
#endif
    if (c.cancelled) {
        ai->qn = 0;
        rc = JS_AI_CANCELLED;
        goto done;
    }
    if (c.nout == 0) { /* nothing better found */
        js_cmd r = ai_plain_answer(view->wait.kind, c.me);
        if (js_check(c.g, &r, NULL, 0) != JS_OK) {
            rc = JS_AI_FAILED;
            goto done;
        }
        ai->queue[c.nout++] = r;
    }
    ai->qn = c.nout;
    ai->qi = 1;
    ai->qturn = view->st.turn;
    ai->qphase = view->st.phase;
    ai->qkind = view->wait.kind;
    *out = ai->queue[0];
done:
    ai_progress(&c, 1000);
    ai_ctx_release(&c);
    free(c.st);
    return rc;
}
