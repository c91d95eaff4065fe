/* plot.c — plotting (P): each ship's order for T+2 (all three turns for a ship new on the map),
 * each pod group's direction for T+2. Every candidate order is scored against the forecast worlds:
 * the missiles it would fire down a line, the pods it would send after a target, the hex it ends
 * on (what it closes on, what it captures, what it risks), its phase and its guard pods. */
#include "ai_int.h"
#include <stdlib.h>

enum { MAX_CANDS = 160 };

/* ---------------------------------------------------------------- the board in a world */
/* The most massive ship covering h at the end of T+k in world w (C-1: ships by mass), or -1. */
static int ship_at(const ai_ctx *c, int w, int k, js_hex h, int skip)
{
    const js_state *st = c->st;
    int best = -1, bm = -1;
    for (int i = 0; i < st->nships; i++) {
        if (i == skip || !ai_ship_here(st, i))
            continue;
        js_ship_place at = c->fut[w][i][k];
        if (js_hex_distance(at.hex, h) > 1 || !ai_covers(st, i, at, h))
            continue;
        int m = js_ship_card(st, i)->mass;
        if (m > bm)
            bm = m, best = i;
    }
    return best;
}

/* The hexes a missile launched from `at` would enter, up to its range or the map's edge or
 * terrain that stops it (C-1, V-5), units aside; their count. */
int ai_terrain_line(const js_state *st, int size, js_ship_place at, bool aft, js_hex out[JS_MISSILE_RANGE])
{
    int dir = aft ? js_dir_opposite(at.facing) : at.facing, n = 0;
    js_hex h = js_missile_origin(size, at, aft);
    for (; n < JS_MISSILE_RANGE; n++) {
        h = js_hex_neighbor(h, dir);
        const js_terrain_type *t = js_terrain_at(st, h);
        if (!t || t->blocks_missiles)
            break;
        out[n] = h;
    }
    return n;
}

bool ai_line_holds_enemy(const ai_ctx *c, int ship, js_ship_place at, bool aft, int k)
{
    const js_state *st = c->st;
    js_hex line[JS_MISSILE_RANGE];
    int n = ai_terrain_line(st, js_ship_card(st, ship)->size, at, aft, line);
    for (int w = 0; w <= c->nw && c->fut; w++) /* the hunter's world too */
        for (int step = 0; step < n; step++)
            for (int e = 0; e < st->nships; e++)
                if (st->ships[e].side != c->me && ai_ship_here(st, e) &&
                    js_hex_distance(c->fut[w][e][k].hex, line[step]) <= 1 && ai_covers(st, e, c->fut[w][e][k], line[step]))
                    return true;
    return false;
}

/* A disabled enemy ship covers h in slot k: it stays there (P-6), so a missile flying through h
 * stops at it (C-1). In this turn only: by the next, our own shots and pods may have destroyed it,
 * and a shot plotted past it then flies on into whatever of ours is beyond (carrier_strike, seed
 * 21, game 2, with the commodore's budget doubled: 4 of its missiles struck its own frigate). */
static bool disabled_enemy_at(const js_state *st, int me, js_hex h, int k)
{
    if (k > 0)
        return false;
    for (int e = 0; e < st->nships; e++) {
        const js_ship *s = &st->ships[e];
        if (s->side != me && s->on_map && s->state == JS_SHIP_DISABLED && js_hex_distance(s->pos, h) <= 1 &&
            ai_covers(st, e, (js_ship_place){s->pos, s->facing, s->phase}, h))
            return true;
    }
    return false;
}

/* Mark the lines of the missiles order o launches from `at` at the end of T+k (C-1: a missile
 * attacks the first unit it meets, friend or foe), so our other ships keep out of them. */
static void mark_own_lines(ai_ctx *c, int ship, js_ship_place at, const js_order *o, int k)
{
    if (!c->ownline || k < 0 || k >= JS_PLAN_DEPTH)
        return;
    for (int aft = 0; aft <= 1; aft++) {
        int msl = aft ? o->msl_aft : o->msl_fwd;
        if (!msl)
            continue;
        js_hex line[JS_MISSILE_RANGE];
        int n = ai_terrain_line(c->st, js_ship_card(c->st, ship)->size, at, aft, line);
        for (int i = 0; i < n && !(i && disabled_enemy_at(c->st, c->me, line[i - 1], k)); i++) {
            int idx = js_scenario_hex_index(&c->st->scn, line[i]);
            if (idx >= 0)
                c->ownline[k][idx] = (uint8_t)(c->ownline[k][idx] + msl > 255 ? 255 : c->ownline[k][idx] + msl);
        }
    }
}

/* The lines of the launches already plotted for T and T+1 (those orders can no longer change). */
static void mark_plotted_lines(ai_ctx *c)
{
    free(c->ownline);
    c->ownline = calloc(JS_PLAN_DEPTH, sizeof *c->ownline);
    js_state *st = c->st;
    for (int i = 0; i < st->nships && c->ownline; i++) {
        const js_ship *s = &st->ships[i];
        if (s->side != c->me || !ai_ship_acts(st, i) || s->fresh)
            continue;
        js_ship_place p = {s->pos, s->facing, s->phase};
        for (int k = 0; k < JS_PLAN_DEPTH - 1; k++) {
            p = ai_step(st, i, p, &s->plan[k]);
            mark_own_lines(c, i, p, &s->plan[k], k);
        }
    }
}

/* What ending T+k at `at` in our own missiles' lines costs: each missile may strike us instead
 * of the enemy. Weighed as a near-certain loss: where our ships will be is known, and a ship that
 * flies into a line plotted before it has no reason a player would call good. */
static double own_line_cost(const ai_ctx *c, int ship, js_ship_place at, int k)
{
    if (!c->ownline || k < 0 || k >= JS_PLAN_DEPTH)
        return 0;
    const js_state *st = c->st;
    js_hex fp[7];
    int n = js_footprint(js_ship_card(st, ship)->size, at.hex, at.facing, fp), missiles = 0;
    for (int i = 0; i < n; i++) {
        int idx = js_scenario_hex_index(&st->scn, fp[i]);
        missiles += idx >= 0 ? c->ownline[k][idx] : 0;
    }
    return missiles * (2.0 * ai_missile_worth(st, ship) + 1.0);
}

/* Worth of one missile launched from `at` at the end of T+k, over the worlds (C-1). */
static double line_worth(const ai_ctx *c, int ship, js_ship_place at, bool aft, int k)
{
    const js_state *st = c->st;
    js_hex line[JS_MISSILE_RANGE];
    int n = ai_terrain_line(st, js_ship_card(st, ship)->size, at, aft, line); /* the same in every world */
    double sum = 0;
    for (int w = 0; w < c->nw; w++) {
        for (int step = 0; step < n; step++) {
            js_hex h = line[step];
            /* C-1: the most massive unit in a hex is attacked, ships before pod groups. A disabled
             * ship stays where it is, and our pods stepping into its hex do not shield it; anywhere
             * else our pods may be on their own in the line, and take the missile */
            int hit = ship_at(c, w, k, h, ship), idx = js_scenario_hex_index(&st->scn, h);
            if (c->podmap && c->podmap[k][idx] && (hit < 0 || st->ships[hit].state != JS_SHIP_DISABLED)) {
                sum -= 0.4;
                break;
            }
            if (hit < 0)
                continue;
            double v = ai_missile_worth(st, hit);
            sum += st->ships[hit].side == c->me ? -1.3 * v : v;
            break;
        }
    }
    return c->nw ? sum / c->nw : 0;
}

/* What a missile kept for later is worth: a fair shot later on, unless there are more missiles
 * than launches left before the game ends. */
static double missile_cost(const js_state *st, int ship, int k)
{
    const js_card_def *d = js_ship_card(st, ship);
    int left = st->ships[ship].missiles, turns = st->scn.turn_limit - (st->turn + k);
    int can = turns * (d->fwd_launchers + d->aft_launchers);
    if (left <= 0)
        return 1e9;
    double scarcity = can > 0 ? (double)left / can : 0;
    return 0.3 + 0.9 * (scarcity > 1 ? 1 : scarcity);
}

/* What a pod squadron kept for later is worth, and what another group costs the ship's tactical
 * rating while it lives. */
static double pods_cost(const js_state *st, int ship, int k, int sq)
{
    int left = st->ships[ship].pod_squadrons, turns = st->scn.turn_limit - (st->turn + k);
    double scarcity = turns > 1 ? (double)left / (turns / 2.0) : 0;
    return sq * 2.0 * (scarcity > 1 ? 1 : scarcity) + 2.0 * ai_pods_controlled(st, ship);
}

/* ---------------------------------------------------------------- pods */
/* Expected worth of `pods` pods of a ship with tactical rating tr attacking enemy e (C-3). */
static double pod_worth(const js_state *st, int e, int pods, int tr, int phase)
{
    const js_ship *t = &st->ships[e];
    const js_card_def *d = js_ship_card(st, e);
    int diff = phase - t->phase;
    if (diff < 0)
        diff = -diff;
    const js_terrain_type *ter = js_terrain_at(st, t->pos);
    int guard = ai_guard_total(t) >= 6 ? 1 : 0; /* a guard pod on the side facing us, maybe */
    int mod = diff + d->defense + (ter ? ter->defense_bonus : 0) + JS_GUARD_DEFENSE * guard - (tr > 0 ? tr : 0);
    double pd, px, wd, wx;
    ai_pod_odds(mod, pods, st->scn.options & JS_OPT_ATTACK_TO_DISABLE, &pd, &px);
    ai_result_worth(st, e, &wd, &wx);
    return pd * wd + px * wx;
}

/* The path a pod group launched at h takes with directions d[3]: two hexes a turn, one in the
 * turn it is launched (V-2); out[0] = h. Returns the count of points. */
static int pod_path(const js_state *st, js_hex h, const int d[3], js_hex out[6])
{
    int n = 0;
    out[n++] = h;
    static const int STEPS[3] = {1, 2, 2};
    for (int t = 0; t < 3; t++)
        for (int s = 0; s < STEPS[t]; s++) {
            js_hex x = js_hex_neighbor(out[n - 1], d[t]);
            const js_terrain_type *ter = js_terrain_at(st, x);
            out[n] = (!ter || ter->impassable) ? out[n - 1] : x;
            n++;
        }
    return n;
}

/* Worth of launching `sq` squadrons from `at` at the end of T+k with the best directions found;
 * fills dirs. */
static double pods_worth(const ai_ctx *c, int ship, js_ship_place at, int k, int sq, int phase, int8_t dirs[3])
{
    const js_state *st = c->st;
    const js_card_def *d = js_ship_card(st, ship);
    int pods = sq * d->pods_per_squadron;
    int tr = st->ships[ship].tr - 1; /* the new group counts against it */
    double best = 0;
    for (int e = 0; e < st->nships; e++) {
        if (st->ships[e].side == c->me || !ai_ship_here(st, e) || !js_ship_card(st, e))
            continue;
        js_hex p2 = ai_mean_pos(c, e, k), p3 = ai_mean_pos(c, e, k + 1 < AI_HORIZON ? k + 1 : k);
        if (js_hex_distance(p2, at.hex) > 7)
            continue;
        int dd[3];
        dd[0] = ai_dir_toward(at.hex, p2);
        js_hex x = js_hex_neighbor(at.hex, dd[0]);
        dd[1] = ai_dir_toward(x, p3);
        x = js_hex_neighbor(js_hex_neighbor(x, dd[1]), dd[1]);
        dd[2] = ai_dir_toward(x, ai_mean_pos(c, e, k + 2 < AI_HORIZON ? k + 2 : AI_HORIZON - 1));
        js_hex path[6];
        pod_path(st, at.hex, dd, path);
        double sum = 0;
        for (int w = 0; w < c->nw; w++) {
            double got = 0;
            /* the group moves on in the first pod movement, before it can know where ships go, and
             * in the second moves or holds as the ships it sees now stand: at the end of each turn it
             * is at one of two hexes of its path (V-2) */
            for (int t = 0; t < 3 && k + t < AI_HORIZON && got == 0; t++) {
                js_ship_place ep = c->fut[w][e][k + t];
                for (int i = t == 0 ? 0 : 2 * t; i <= (t == 0 ? 1 : 2 * t + 1) && got == 0; i++)
                    if (js_hex_distance(ep.hex, path[i]) <= 1 && ai_covers(st, e, ep, path[i]))
                        got = pod_worth(st, e, pods, tr, phase) * (t == 0 ? 1 : t == 1 ? 0.85 : 0.7);
            }
            sum += got;
        }
        double v = c->nw ? sum / c->nw : 0;
        if (v > best) {
            best = v;
            for (int i = 0; i < 3; i++)
                dirs[i] = (int8_t)dd[i];
        }
    }
    return best;
}

/* ---------------------------------------------------------------- the hex it ends on */
/* V-4: one ECM roll of an enemy ship that size (direct damage = size + 1) destroys ours. */
static bool one_ecm_destroys(const js_state *st, int ship, int enemy_size)
{
    const js_ship *s = &st->ships[ship];
    return enemy_size + 1 >= s->shields + js_ship_card(st, ship)->hull - s->hull_damage;
}

/* A measurement (-DS_TUNE, S_ECM_T0=1): a ship new on the map plots T as blind to the enemy's T
 * as it plots T+1 and T+2, so its T move counts the enemy's every reach too. */
static bool ecm_first_turn(const ai_ctx *c, const js_state *st, int ship)
{
#ifdef S_TUNE /* 1: both levels with the rule; 2: the commodore only; 3: the admiral only */
    int v = getenv("S_ECM_T0") ? atoi(getenv("S_ECM_T0")) : 0;
    return st->ships[ship].fresh && (v == 1 || (v == 2 && c->p->search) || (v == 3 && !c->p->search));
#else
    (void)c, (void)st, (void)ship;
    return false;
#endif
}

static double ecm_loss(const js_state *st, int ship, int enemy_size)
{
    const js_ship *s = &st->ships[ship];
    int dmg = enemy_size + 1;
    double share = ai_share(st, ship);
    double hit = one_ecm_destroys(st, ship, enemy_size) ? share + 1
                 : dmg > s->shields                     ? 0.15 * share * (dmg - s->shields)
                                                        : 0.05;
    return (JS_ECM_DIE - JS_ECM_HITS + 1) / (double)JS_ECM_DIE * hit; /* V-4 */
}

static int footprint_gap(const js_hex *a, int na, const js_hex *b, int nb)
{
    int best = 1 << 20;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            int x = js_hex_distance(a[i], b[j]);
            best = x < best ? x : best;
        }
    return best;
}

/* G-4 as the engine reads it for ECM (V-4): some hex of one at distance 1 from some hex of the
 * other, even where the footprints also overlap (a small ship on a medium ship's stern hex is
 * next to its bow hex). */
static bool footprints_adjacent(const js_hex *a, int na, const js_hex *b, int nb)
{
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (js_hex_distance(a[i], b[j]) == 1)
                return true;
    return false;
}

/* ---------------------------------------------------------------- an enemy's reach */
enum { REACH_ORDERS = 48, REACH_CACHE = 256 };
/* The forward missile lines an enemy ship could end one turn with, starting from a pose: one
 * per order it could plot (a sixth-turn or none, then any move ahead, or a hex or two astern). */
typedef struct ai_reach {
    int16_t ship;
    js_ship_place from;
    int8_t n;
    int8_t len[REACH_ORDERS];
    js_ship_place end[REACH_ORDERS]; /* where each order leaves it */
    js_hex line[REACH_ORDERS][JS_MISSILE_RANGE];
} ai_reach;

static const ai_reach *reach_of(ai_ctx *c, int e, js_ship_place from)
{
    for (int i = 0; i < c->nreach; i++) {
        const ai_reach *r = &c->reach[i];
        if (r->ship == e && js_hex_eq(r->from.hex, from.hex) && r->from.facing == from.facing)
            return r;
    }
    if (!c->reach && !(c->reach = malloc(sizeof *c->reach * REACH_CACHE)))
        return NULL;
    if (c->nreach == REACH_CACHE)
        c->nreach = 0; /* full: start again */
    ai_reach *r = &c->reach[c->nreach++];
    r->ship = (int16_t)e, r->from = from, r->n = 0;
    js_state *st = c->st;
    const js_card_def *d = js_ship_card(st, e);
    for (int turn = -1; turn <= 1; turn++)
        for (int astern = 0; astern <= 1; astern++)
            for (int move = astern; move <= (astern ? (d->move < 2 ? d->move : 2) : d->move) && r->n < REACH_ORDERS;
                 move++) {
                js_order o;
                memset(&o, 0, sizeof o);
                o.turn = (int8_t)turn, o.move = (int8_t)move, o.astern = (int8_t)astern, o.phase = from.phase;
                js_ship_place at = ai_step(st, e, from, &o);
                r->end[r->n] = at;
                r->len[r->n] = (int8_t)ai_terrain_line(st, d->size, at, false, r->line[r->n]);
                r->n++;
            }
    return r;
}

/* The share of an enemy ship's one-turn orders from `from` that end with our ship at `at` in
 * its forward missile line. */
static double reach_share(ai_ctx *c, int e, js_ship_place from, int ship, js_ship_place at)
{
    const ai_reach *r = reach_of(c, e, from);
    if (!r || !r->n)
        return 0;
    int hits = 0;
    for (int i = 0; i < r->n; i++)
        for (int j = 0; j < r->len[i]; j++)
            if (js_hex_distance(r->line[i][j], at.hex) <= 1 && ai_covers(c->st, ship, at, r->line[i][j])) {
                hits++;
                break;
            }
    return hits / (double)r->n;
}

/* The share of an enemy ship's one-turn orders from `from` that leave it where our move this turn
 * (`mine`) comes alongside it, were it standing there all the turn (V-4: each costs our ECM). */
static double alongside_share(ai_ctx *c, int ship, const ai_steps *mine, int e, js_ship_place from)
{
    const ai_reach *r = reach_of(c, e, from);
    if (!r || !r->n)
        return 0;
    const js_card_def *me = js_ship_card(c->st, ship), *ed = js_ship_card(c->st, e);
    js_hex f[AI_MAX_STEPS + 1][7];
    int nf[AI_MAX_STEPS + 1];
    for (int i = 0; i <= mine->n; i++)
        nf[i] = js_footprint(me->size, mine->p[i].hex, mine->p[i].facing, f[i]);
    int hits = 0;
    for (int q = 0; q < r->n; q++) {
        js_hex g[7];
        int ng = js_footprint(ed->size, r->end[q].hex, r->end[q].facing, g);
        bool was = footprints_adjacent(f[0], nf[0], g, ng);
        for (int i = 1; i <= mine->n; i++) {
            bool next_to = footprints_adjacent(f[i], nf[i], g, ng);
            if (next_to && !was) {
                hits++;
                break;
            }
            was = next_to;
        }
    }
    return hits / (double)r->n;
}

/* Risk from the enemy along the move from `from` to `at` in turn T+k: ECM each time a step brings
 * us next to an enemy ship (V-4: the one moving pays), missile lines we end in, pod groups. */
static double risk(ai_ctx *c, int ship, js_ship_place from, const js_order *o, js_ship_place at, int k)
{
    const js_state *st = c->st;
    const js_card_def *me = js_ship_card(st, ship);
    double r = 0, hunted = 0;
    /* a carrier in an enemy's line draws both its missiles (it is the best target there is), and
     * one striking may cost the game: the careful levels weigh that line in earnest */
    bool precious = c->p->keep_back && ai_precious(me);
    double line_weight = precious ? 0.6 : 0.15;
    ai_steps mine;
    ai_steps_of(c->st, ship, from, o, &mine);
    js_hex fa[7];
    int na = js_footprint(me->size, at.hex, at.facing, fa);
    for (int w = 0; w <= c->nw; w++) {
        bool hunter = w == c->nw;
        for (int e = 0; e < st->nships; e++) {
            const js_ship *es = &st->ships[e];
            if (es->side == c->me || !ai_ship_here(st, e) || es->state != JS_SHIP_ACTIVE)
                continue;
            const js_card_def *ed = js_ship_card(st, e);
            js_ship_place ep = c->fut[w][e][k], eb = k > 0 ? c->fut[w][e][k - 1] : (js_ship_place){es->pos, es->facing, es->phase};
            if (js_hex_distance(ep.hex, at.hex) > 8 && js_hex_distance(eb.hex, from.hex) > 8)
                continue;
            js_hex fe[7];
            int ne = js_footprint(ed->size, ep.hex, ep.facing, fe);
            if (k < JS_PLAN_DEPTH && mine.n > 0) { /* V-4, impulse by impulse against this world's enemy */
                const ai_steps *their = &c->imp[w][e][k];
                int last = mine.n > their->n ? mine.n : their->n;
                bool was = false;
                for (int i = 0; i <= last; i++) {
                    js_ship_place a = mine.p[i < mine.n ? i : mine.n], b = their->p[i < their->n ? i : their->n];
                    if (js_hex_distance(a.hex, b.hex) > 4) {
                        was = false;
                        continue;
                    }
                    js_hex f[7], g[7];
                    int n1 = js_footprint(me->size, a.hex, a.facing, f), n2 = js_footprint(ed->size, b.hex, b.facing, g);
                    bool next_to = footprints_adjacent(f, n1, g, n2);
                    if (i > 0 && i <= mine.n && next_to && !was)
                        *(hunter ? &hunted : &r) += 3.0 * ecm_loss(st, ship, ed->size); /* in full: our own move */
                    was = next_to;
                }
            }
            /* a ship one ECM roll destroys, moving in a turn after this one: its order is plotted before
             * the enemy's moves in between are seen, and a world's guess of them is one of many (a
             * frigate that charged in T and waits in T+1 is where the Jackal's T+1 move meets it).
             * Every pose the enemy could end T+k in, from where this world has it at the start,
             * counts as if it stood there, four times its share of the enemy's orders: standing
             * still never costs ECM (V-4: the mover pays) */
            if (c->p->mirror && !hunter && (k >= 1 || ecm_first_turn(c, st, ship)) && k < JS_PLAN_DEPTH && mine.n > 0 &&
                one_ecm_destroys(st, ship, ed->size) &&
                js_hex_distance(eb.hex, from.hex) <= ed->move + mine.n + 3)
                r += 4.0 * 3.0 * ecm_loss(st, ship, ed->size) * alongside_share(c, ship, &mine, e, eb);
            /* pods this world has the enemy launch in T+k: the group comes out in its hex and
             * steps one hex in the second pod movement (V-2), so a ship ending within a hex of it
             * meets them that turn (C-2; the controller's rating is still the old one, R-1) */
            if (!hunter && k < JS_PLAN_DEPTH && c->guess[w][e][k].pods > 0 && ed->pods_per_squadron > 0 &&
                footprint_gap(fa, na, &ep.hex, 1) <= 1) {
                int pods = c->guess[w][e][k].pods * ed->pods_per_squadron;
                r += pod_worth(st, ship, pods < 3 ? pods : 3, es->tr, ep.phase);
            }
            if (hunter || es->missiles <= 0 || !ed->fwd_launchers)
                continue;
            double in_line = 0;
            if (footprint_gap(fa, na, fe, ne) <= JS_MISSILE_RANGE) {
                js_hex line[JS_MISSILE_RANGE];
                int nl = ai_terrain_line(st, ed->size, ep, false, line);
                for (int s = 0; s < nl; s++) {
                    js_hex h = line[s];
                    if (ai_covers(st, ship, at, h)) {
                        in_line = 1;
                        break;
                    }
                    int hit = ship_at(c, w, k, h, e);
                    if (hit >= 0 && hit != ship)
                        break;
                }
            }
            /* a precious ship: a frigate that wants a shot at a carrier turns and moves for it, where
             * the worlds mostly have it dawdling. Every order it could plot from where this world
             * has it at the start of the turn counts: the share of them that end with us in its
             * forward line, when that is more than this world's own guess (blockers aside) */
            if (precious && in_line < 1 && js_hex_distance(eb.hex, at.hex) <= ed->move + JS_MISSILE_RANGE + 2) {
                double q = reach_share(c, e, eb, ship, at);
                in_line = q > in_line ? q : in_line;
            }
            r += in_line * line_weight * ed->fwd_launchers * ai_missile_worth(st, ship);
        }
    }
    r = c->nw ? r / c->nw : 0;
    /* the likely worlds draw most enemies dawdling; an enemy that comes straight for us is what
     * kills a fragile ship moving up, so half of that worst case counts at least */
    if (0.5 * hunted > r)
        r = 0.5 * hunted;
    for (int g = 0; g < JS_MAX_PODS; g++) { /* pods reach two hexes a turn */
        const js_podgroup *p = &st->pods[g];
        if (!p->alive || p->side == c->me)
            continue;
        int reach = 2 * (k + 1) + 1, dist = js_hex_distance(p->pos, at.hex);
        if (dist > reach)
            continue;
        const js_ship *ctl = &st->ships[p->controller];
        double v = pod_worth(st, ship, p->pods < 3 ? p->pods : 3, ctl->tr, ctl->phase);
        r += v * (1.0 - (double)dist / (reach + 1)) * 0.3;
    }
    return r;
}

static bool enemy_jp_at(const js_state *st, int me, js_hex h)
{
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (ai_open_jump_point(s, 1 - me) && js_hex_eq(s->hex, h))
            return true;
    }
    return false;
}

/* How strongly the hex pulls the ship on: the enemy ships it closes on (disabled ones most) and
 * the enemy jump points it could capture (J-8). */
static double pull(const ai_ctx *c, int ship, js_ship_place at, int k)
{
    const js_state *st = c->st;
    const js_card_def *d = js_ship_card(st, ship);
    int move = d->move > 0 ? d->move : 1;
    const js_ship *s = &st->ships[ship];
    /* what the ship can do to what it closes on: a fighter's one missile pulls it on less than a
     * frigate's pods; the fragile and the precious keep a hex or two further off */
    double punch = 0.15 * s->missiles + 0.35 * s->pod_squadrons * d->pods_per_squadron + 0.5 * ai_pods_controlled(st, ship);
    punch = punch > 1 ? 1 : punch;
    /* a carrier's pods do its fighting from afar: at the careful levels closing in earns it
     * little, and what it risks on the way (its worth in the enemy's missile lines, above) decides */
    if (c->p->keep_back && ai_precious(d))
        punch *= 0.4;
    int want = s->shields + d->hull - s->hull_damage <= 2 ? 3 : ai_share(st, ship) >= 25 ? 4 : 2;
    double best = 0;
    for (int e = 0; e < st->nships && punch > 0; e++) {
        const js_ship *es = &st->ships[e];
        if (es->side == c->me || !ai_ship_here(st, e) || !js_ship_card(st, e))
            continue;
        double val = ai_share(st, e) + 2.0, v = 0;
        if (es->state == JS_SHIP_DISABLED)
            val *= 1.3;
        for (int w = 0; w < c->nw; w++) {
            js_hex eh = c->fut[w][e][k < AI_HORIZON - 1 ? k + 1 : k].hex;
            int dist = js_hex_distance(at.hex, eh);
            double tt = (dist > want ? dist - want : 0) / (double)move +
                        0.5 * ai_turns_between(at.facing, ai_dir_toward(at.hex, eh)) * (dist > 1);
            v += val / (1.0 + tt);
        }
        v *= punch / c->nw;
        if (v > best)
            best = v;
    }
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (!ai_open_jump_point(s, c->foe))
            continue;
        if (c->p->claim_jp && c->jp_claim[i] != AI_CLAIM_NONE &&
            (c->jp_claim[i] == AI_CLAIM_ARRIVING ? st->ships[ship].on_map : c->jp_claim[i] != ship))
            continue; /* another of ours goes for it, or our ships arriving do */
        int dist = js_hex_distance(at.hex, s->hex);
        double tt = dist / (double)move + 0.5 * ai_turns_between(at.facing, ai_dir_toward(at.hex, s->hex)) * (dist > 0);
        double v = (JS_CAPTURE_POINTS + 3.0) / (1.0 + tt);
        if (v > best)
            best = v;
    }
    return best;
}

/* The shots a pose promises for the turns after it, should the ship stay there: enemies likely to
 * cross its missile lines (a ship facing an empty map edge promises nothing). */
static double lines_ahead(const ai_ctx *c, int ship, js_ship_place at, int k)
{
    const js_state *st = c->st;
    const js_card_def *d = js_ship_card(st, ship);
    if (!c->p->careful || st->ships[ship].missiles <= 0)
        return 0;
    double v = 0;
    for (int j = k + 1; j <= k + 2 && j < AI_HORIZON; j++)
        for (int aft = 0; aft <= 1; aft++) {
            int launchers = aft ? d->aft_launchers : d->fwd_launchers;
            if (!launchers)
                continue;
            double w = line_worth(c, ship, at, aft, j);
            if (w > 0)
                v += w * launchers * (j == k + 1 ? 0.4 : 0.25);
        }
    return v;
}

/* ---------------------------------------------------------------- one ship */
typedef struct slot_ctx {
    int ship, k;
    js_ship_place from;
    int prev_phase;
    bool may_turn, may_move; /* may_move: K-4, K-6 keep a card deployed by dice still in its first turn */
    int msl_left, pods_left;
} slot_ctx;

static int best_phase(const ai_ctx *c, int ship, js_ship_place at, int prev, bool launching)
{
    const js_state *st = c->st;
    if (!c->p->phases)
        return prev;
    int best = prev;
    double bs = -1e9;
    /* C-3: every step of phase between pods and target adds one to each pod's roll; a ship that
     * has pods (or will) matches the nearest enemy ship, and edges away from enemy pods close by */
    bool attacking = launching || ai_pods_controlled(st, ship) > 0 || st->ships[ship].pod_squadrons > 0;
    int target = -1, td = 1 << 20;
    for (int e = 0; e < st->nships && attacking; e++) {
        const js_ship *es = &st->ships[e];
        if (es->side == c->me || !es->on_map || es->state == JS_SHIP_DESTROYED)
            continue;
        int d = js_hex_distance(es->pos, at.hex) + (es->state == JS_SHIP_DISABLED ? 0 : 2);
        if (d < td)
            td = d, target = e;
    }
    for (int ph = prev - JS_PHASE_STEP; ph <= prev + JS_PHASE_STEP; ph++) {
        if (ph < JS_PHASE_MIN || ph > JS_PHASE_MAX)
            continue;
        double s = ph == prev ? 0.001 : 0;
        if (target >= 0 && td <= 10) {
            int diff = ph - st->ships[target].phase;
            s -= 0.5 * (diff < 0 ? -diff : diff);
        }
        for (int g = 0; g < JS_MAX_PODS; g++) {
            const js_podgroup *p = &st->pods[g];
            if (!p->alive || p->side == c->me || js_hex_distance(p->pos, at.hex) > 4)
                continue;
            int diff = ph - st->ships[p->controller].phase;
            diff = diff < 0 ? -diff : diff;
            s += 0.15 * (diff > 3 ? 3 : diff);
        }
        if (s > bs)
            bs = s, best = ph;
    }
    return best;
}

/* Guard pods turned toward the enemy pod groups closing in (C-2), or no change. */
static bool guard_split(const ai_ctx *c, int ship, js_ship_place at, int8_t out[6])
{
    const js_state *st = c->st;
    int total = ai_guard_total(&st->ships[ship]);
    if (!c->p->guards || total < 2)
        return false;
    /* with six guard pods or more, one on every side first (the guard floor): a group launched
     * this turn, or one that moves round, comes in where the threat did not point, and one pod
     * there is +5 Defense (C-2, C-3) — a pod attack on a bare side is what takes a carrier */
    int floor = c->p->guard_floor && total >= 6 ? 1 : 0;
    double w[6] = {0};
    double sum = 0;
    for (int g = 0; g < JS_MAX_PODS; g++) {
        const js_podgroup *p = &st->pods[g];
        if (!p->alive || p->side == c->me)
            continue;
        int dist = js_hex_distance(p->pos, at.hex);
        if (dist > 6 || dist == 0)
            continue;
        int dir = ai_dir_toward(at.hex, p->pos);
        int side = js_dir_wrap(dir - at.facing + 1);
        w[side - 1] += 1.0 / dist;
        sum += 1.0 / dist;
    }
    if (sum <= 0 && floor) { /* no group near: the even spread the ship starts with (no side bare) */
        for (int i = 0; i < 6; i++)
            w[i] = 1, sum += 1;
    }
    if (sum <= 0)
        return false;
    int given = 0;
    for (int i = 0; i < 6; i++) {
        out[i] = (int8_t)(floor + (total - 6 * floor) * w[i] / sum);
        given += out[i];
    }
    for (int i = 0; given < total; i = (i + 1) % 6) /* the rest to the most threatened sides */
        if (w[i] > 0)
            out[i]++, given++;
    bool same = true;
    for (int i = 0; i < 6; i++)
        same = same && out[i] == st->ships[ship].guard[i];
    return !same;
}

static int by_score_desc(const void *a, const void *b)
{
    double x = ((const ai_cand *)a)->score, y = ((const ai_cand *)b)->score;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Every sensible order for one slot, scored; the best first. */
static int slot_candidates(ai_ctx *c, const slot_ctx *sc, ai_cand *out, double *idle)
{
    const js_state *st = c->st;
    const js_card_def *d = js_ship_card(st, sc->ship);
    int n = 0;
    bool capture_now = false;
    for (int turn = -1; turn <= 1; turn++) {
        if (turn && !sc->may_turn)
            continue;
        for (int astern = 0; astern <= 1; astern++)
            for (int move = astern; move <= (!sc->may_move ? 0 : astern ? (d->move < 2 ? d->move : 2) : d->move); move++) {
                if (n >= MAX_CANDS)
                    break;
                ai_cand *cd = &out[n];
                memset(cd, 0, sizeof *cd);
                cd->o.turn = (int8_t)turn;
                cd->o.move = (int8_t)move;
                cd->o.astern = (int8_t)astern;
                cd->o.phase = (int8_t)sc->prev_phase;
                cd->at = ai_step(c->st, sc->ship, sc->from, &cd->o);
                if (move > 0 && js_hex_eq(cd->at.hex, sc->from.hex) && cd->at.facing == sc->from.facing)
                    continue; /* blocked at once: the same as standing still, but costs energy */
                double s = 0.6 * pull(c, sc->ship, cd->at, sc->k) + lines_ahead(c, sc->ship, cd->at, sc->k);
                cd->pull = (float)s;
                bool still = move == 0;
                if (enemy_jp_at(st, c->me, cd->at.hex))
                    s += JS_CAPTURE_POINTS + 0.5, capture_now = true;
                if (c->p->careful) {
                    cd->risk = (float)risk(c, sc->ship, sc->from, &cd->o, cd->at, sc->k);
                    s -= cd->risk;
                }
                s -= own_line_cost(c, sc->ship, cd->at, sc->k);
                s -= 0.02 * move; /* E-3: activation is paid for moving; keep still when it is all the same */
                cd->score = s;
                if (still && (turn == 0 || s > *idle))
                    *idle = s;
                n++;
            }
    }
    (void)capture_now;
    qsort(out, (size_t)n, sizeof *out, by_score_desc);
    /* weapons for the most promising poses */
    int top = n;
    for (int i = 0; i < top; i++) {
        ai_cand *cd = &out[i];
        int left = sc->msl_left;
        for (int aft = 0; aft <= 1 && left > 0; aft++) {
            int launchers = aft ? d->aft_launchers : d->fwd_launchers;
            if (!launchers)
                continue;
            double v = line_worth(c, sc->ship, cd->at, aft, sc->k) - missile_cost(st, sc->ship, sc->k);
            if (v <= 0)
                continue;
            int fire = launchers < left ? launchers : left;
            if (aft)
                cd->o.msl_aft = (int8_t)fire;
            else
                cd->o.msl_fwd = (int8_t)fire;
            left -= fire;
            cd->score += v * fire;
            cd->weapons += (float)(v * fire);
        }
        if (sc->pods_left > 0 && d->pods_per_squadron > 0) {
            /* one group of several squadrons costs the rating once and attacks with all its pods */
            double best = 0;
            for (int sq = 1; sq <= sc->pods_left && sq <= 4; sq++) {
                int8_t dirs[3] = {1, 1, 1};
                double v = pods_worth(c, sc->ship, cd->at, sc->k, sq, sc->prev_phase, dirs) -
                           pods_cost(st, sc->ship, sc->k, sq);
                if (v > best) {
                    best = v;
                    cd->o.pods = (int8_t)sq;
                    memcpy(cd->o.pod_dir, dirs, sizeof dirs);
                }
            }
            /* the new group steps along its first direction before missiles fly (V-2, C-1) */
            if (cd->o.pods && cd->o.msl_fwd && cd->o.pod_dir[0] == cd->at.facing)
                cd->o.msl_fwd = 0;
            cd->score += best;
            cd->weapons += (float)best;
        }
    }
    qsort(out, (size_t)top, sizeof *out, by_score_desc);
    return n;
}

/* The search's options for slot k (plotted as ch): the best few orders, and (at the search's
 * level) the best-scored of those ending nearest the enemy; each with ch's phase and guard pods. */
static void keep_options(const ai_ctx *c, const ai_cand *cands, int n, const ai_cand *ch, int k, ai_cand *alt,
                         int *nalt, ai_cand *close, bool *has_close)
{
    const js_state *st = c->st;
    if (c->p->search) {
        int bd = AI_FAR;
        for (int i = 0; i < n; i++) {
            int dist = AI_FAR;
            for (int e = 0; e < st->nships; e++)
                if (st->ships[e].side != c->me && ai_ship_here(st, e) && js_ship_card(st, e)) {
                    int de = js_hex_distance(cands[i].at.hex, ai_mean_pos(c, e, k));
                    dist = de < dist ? de : dist;
                }
            if (dist < bd) /* the best-scored of the nearest: cands are best first */
                bd = dist, *close = cands[i], *has_close = dist < AI_FAR;
        }
        close->o.phase = ch->o.phase, close->o.redistribute = ch->o.redistribute;
        memcpy(close->o.guard, ch->o.guard, sizeof close->o.guard);
    }
    *nalt = 0;
    for (int i = 0; i < n && *nalt < AI_KEEP; i++) {
        ai_cand a = cands[i];
        a.o.phase = ch->o.phase, a.o.redistribute = ch->o.redistribute;
        memcpy(a.o.guard, ch->o.guard, sizeof a.o.guard);
        alt[(*nalt)++] = a;
    }
}

/* Plot one ship: its last slot, or all three for a ship new on the map (P-1). */
static void plan_ship(ai_ctx *c, int ship, ai_ship_plan *sp)
{
    const js_state *st = c->st;
    const js_ship *s = &st->ships[ship];
    sp->ship = ship;
    sp->first = s->fresh ? 0 : JS_PLAN_DEPTH - 1;
    sp->nslots = JS_PLAN_DEPTH - sp->first;
    ai_cand *cands = malloc(sizeof *cands * MAX_CANDS);
    if (!cands)
        return;
    js_order plan[JS_PLAN_DEPTH];
    memcpy(plan, s->plan, sizeof plan);
    js_ship_place from = {s->pos, s->facing, s->phase};
    for (int k = 0; k < sp->first; k++)
        from = ai_step(c->st, ship, from, &plan[k]);
    for (int k = sp->first; k < JS_PLAN_DEPTH; k++) {
        slot_ctx sc = {.ship = ship, .k = k, .from = from};
        sc.prev_phase = k == 0 ? s->phase : plan[k - 1].phase;
        sc.may_turn = true;
        sc.msl_left = s->missiles, sc.pods_left = s->pod_squadrons;
        /* K-4, K-6: a card the dice brought in this turn may not move in it, and with a 2 it
         * launches nothing either (the engine refuses such an order) */
        const js_unit *u = &st->units[s->unit];
        bool first_turn = k == 0 && u->limits && u->arrived_turn == st->turn;
        sc.may_move = !(first_turn && (u->limits & JS_LIMIT_NO_MOVE));
        if (first_turn && (u->limits & JS_LIMIT_NO_LAUNCH))
            sc.msl_left = 0, sc.pods_left = 0;
        for (int j = 0; j < JS_PLAN_DEPTH; j++) {
            if (j == k)
                continue;
            if (plan[j].turn)
                sc.may_turn = false;
            sc.msl_left -= plan[j].msl_fwd + plan[j].msl_aft;
            sc.pods_left -= plan[j].pods;
        }
        double idle = -1e9;
        int n = slot_candidates(c, &sc, cands, &idle);
        sp->idle[k - sp->first] = idle;
        if (!n) {
            memset(&sp->pick[k - sp->first], 0, sizeof(ai_cand));
            sp->pick[k - sp->first].o.phase = (int8_t)sc.prev_phase;
            sp->pick[k - sp->first].at = from;
            continue;
        }
        int pick = 0;
        /* a beginner settles for its second thought now and then, but only where it looks about
         * as good: it may miss the subtle best, it does not pick a plain blunder (fly into the
         * enemy's ECM, waste a turn) over a clear best */
        if (n > 1 && c->p->blunder && cands[1].score >= cands[0].score - c->p->blunder_margin &&
            ai_chance(&c->rng, c->p->blunder))
            pick = 1;
        for (int i = 0; i < n && i < 3 && c->ai->trace; i++) {
            const ai_cand *x = &cands[i];
            int c0, r0, c1, r1;
            js_hex_to_offset(from.hex, &c0, &r0);
            js_hex_to_offset(x->at.hex, &c1, &r1);
            ai_trace(c, "T%d ship %d slot %d%s: (%d,%d)f%d -> (%d,%d)f%d turn %d F%d%s msl %d/%d pods %d [%d%d%d] "
                        "score %.2f = pull %.2f - risk %.2f + weapons %.2f",
                     st->turn, ship, k, i == pick ? " PICK" : "", c0, r0, from.facing, c1, r1, x->at.facing, x->o.turn,
                     x->o.move, x->o.astern ? " astern" : "", x->o.msl_fwd, x->o.msl_aft, x->o.pods, x->o.pod_dir[0],
                     x->o.pod_dir[1], x->o.pod_dir[2], x->score, x->pull, x->risk, x->weapons);
        }
        ai_cand ch = cands[pick];
        /* a new ship's phases must stay within a step of the defaults still plotted after it */
        int ph = best_phase(c, ship, ch.at, sc.prev_phase, ch.o.pods > 0);
        if (s->fresh && k + 1 < JS_PLAN_DEPTH && (ph - plan[k + 1].phase > 1 || plan[k + 1].phase - ph > 1))
            ph = sc.prev_phase;
        ch.o.phase = (int8_t)ph;
        ch.at.phase = (int8_t)ph;
        int8_t g[6];
        /* the guard floor's level splits for the pose the ship fights pod combat in (C-2: the side is
         * counted from its facing then), the others for the pose it starts the turn in */
        js_ship_place gat = k == 0 ? (js_ship_place){s->pos, s->facing, s->phase} : from;
        if (c->p->guard_floor)
            gat = ch.at;
        if (guard_split(c, ship, gat, g)) {
            ch.o.redistribute = 1;
            memcpy(ch.o.guard, g, sizeof g);
        }
        sp->pick[k - sp->first] = ch;
        plan[k] = ch.o;
        if (k == JS_PLAN_DEPTH - 1)
            keep_options(c, cands, n, &ch, k, sp->alt, &sp->nalt, &sp->close, &sp->has_close);
        else if (k == 0 && s->fresh && c->p->search)
            keep_options(c, cands, n, &ch, k, sp->alt0, &sp->nalt0, &sp->close0, &sp->has_close0);
        ai_set_own_future(c, ship, k, ch.at);
        mark_own_lines(c, ship, ch.at, &ch.o, k);
        if (ch.o.pods) /* our other ships' missiles must not fly into them */
            ai_mark_pods(c, ch.at.hex, ch.o.pod_dir, k, true);
        from = ch.at;
    }
    free(cands);
}

/* ---------------------------------------------------------------- pod groups (P-4) */
/* How good direction d is for group g in T+2 should it start that turn at x. */
static double pod_dir_worth(const ai_ctx *c, int g, js_hex x, int d)
{
    const js_state *st = c->st;
    const js_podgroup *p = &st->pods[g];
    js_hex a = js_hex_neighbor(x, d), b = js_hex_neighbor(a, d);
    double s = js_terrain_at(st, a) ? 0 : -3; /* V-2: off the map it is lost */
    double prey = 0;
    for (int e = 0; e < st->nships; e++) {
        if (st->ships[e].side == c->me || !ai_ship_here(st, e) || !js_ship_card(st, e))
            continue;
        js_hex eh = ai_mean_pos(c, e, 2);
        int da = js_hex_distance(a, eh), db = js_hex_distance(b, eh), dist = da < db ? da : db;
        double v = (ai_share(st, e) + 2.0) * (st->ships[e].state == JS_SHIP_DISABLED ? 1.3 : 1.0) / (1.0 + dist);
        prey = v > prey ? v : prey;
    }
    s += prey;
    /* in the worlds imagined: an enemy ship where the group can be at the end of T+2 or T+3 */
    const js_ship *ctl = &st->ships[p->controller];
    js_hex c3 = js_hex_neighbor(b, d), c4 = js_hex_neighbor(c3, d);
    for (int w = 0; w < c->nw && c->p->careful; w++) {
        double got = 0;
        for (int e = 0; e < st->nships; e++) {
            if (st->ships[e].side == c->me || !ai_ship_here(st, e) || !js_ship_card(st, e))
                continue;
            js_ship_place e2 = c->fut[w][e][2], e3 = c->fut[w][e][3 < AI_HORIZON ? 3 : 2];
            double v = 0;
            if (ai_covers(st, e, e2, a) || ai_covers(st, e, e2, b))
                v = pod_worth(st, e, p->pods, ctl->tr, ctl->phase);
            else if (ai_covers(st, e, e3, c3) || ai_covers(st, e, e3, c4))
                v = 0.8 * pod_worth(st, e, p->pods, ctl->tr, ctl->phase);
            got = v > got ? v : got;
        }
        s += got / c->nw;
    }
    return s;
}

static void plan_pod(ai_ctx *c, int g)
{
    const js_state *st = c->st;
    const js_podgroup *p = &st->pods[g];
    /* where it will be after T and T+1: a careful player's group holds where its plotted way leads
     * no nearer an enemy ship (ai_pod_move), or its next direction would be chosen for a hex it
     * never reaches, and it would hold turn after turn */
    js_hex x = p->pos;
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 2; s++) {
            js_hex n = js_hex_neighbor(x, p->dir[t] ? p->dir[t] : 1);
            const js_terrain_type *ter = js_terrain_at(st, n);
            if (!ter || ter->impassable)
                continue;
            if (c->p->careful) {
                int dx = 1 << 20, dn = 1 << 20;
                for (int e = 0; e < st->nships; e++) {
                    if (st->ships[e].side == c->me || !ai_ship_here(st, e) || !js_ship_card(st, e))
                        continue;
                    js_hex eh = ai_mean_pos(c, e, t);
                    int a = js_hex_distance(x, eh), b = js_hex_distance(n, eh);
                    dx = a < dx ? a : dx, dn = b < dn ? b : dn;
                }
                if (dn >= dx)
                    continue;
            }
            x = n;
        }
    int best = p->dir[2] ? p->dir[2] : 1;
    double bs = -1e9;
    for (int d = 1; d <= 6; d++) {
        double s = pod_dir_worth(c, g, x, d);
        if (s > bs)
            bs = s, best = d;
    }
    js_cmd cmd = js_cmd_new(JS_CMD_PLOT_POD, c->me);
    cmd.unit = (int16_t)g;
    cmd.slot = JS_PLAN_DEPTH - 1;
    cmd.dir = (int8_t)best;
    ai_emit(c, &cmd);
}

/* ---------------------------------------------------------------- the side's plot */
static void emit_plan(ai_ctx *c, const ai_ship_plan *sp)
{
    for (int i = 0; i < sp->nslots; i++) {
        js_cmd cmd = js_cmd_new(JS_CMD_PLOT, c->me);
        cmd.unit = (int16_t)sp->ship;
        cmd.slot = (int8_t)(sp->first + i);
        cmd.order = sp->pick[i].o;
        if (ai_emit(c, &cmd))
            continue;
        if (c->ai->trace) {
            char why[JS_REASON_LEN];
            js_check(c->g, &cmd, why, sizeof why);
            ai_trace(c, "REFUSED ship %d slot %d: %s", sp->ship, cmd.slot, why);
        }
        /* a refused order (phase or turn limits): keep the move, drop the rest, then stand still */
        js_order o;
        memset(&o, 0, sizeof o);
        const js_ship *s = &js_game_state(c->g)->ships[sp->ship];
        o.phase = cmd.slot == 0 ? s->phase : s->plan[cmd.slot - 1].phase;
        o.move = sp->pick[i].o.move, o.astern = sp->pick[i].o.astern;
        cmd.order = o;
        if (ai_emit(c, &cmd))
            continue;
        o.move = 0, o.astern = 0;
        cmd.order = o;
        ai_emit(c, &cmd);
    }
}

/* Last, with every plot of ours in place (the look-ahead and the energy may have changed some):
 * a launch whose line meets one of our own ships where it will be is not made (C-1: the missile
 * would attack it). Our positions are known, so this is a certainty, not a guess. */
static void hold_fire_on_friends(ai_ctx *c, const ai_ship_plan *plans, int n)
{
    const js_state *st = js_game_state(c->g);
    js_ship_place(*at)[JS_PLAN_DEPTH] = malloc(sizeof *at * JS_MAX_SHIPS);
    bool ours[JS_MAX_SHIPS];
    if (!at)
        return;
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        js_ship_place p = {s->pos, s->facing, s->phase};
        ours[i] = s->side == c->me && ai_ship_here(st, i);
        for (int k = 0; k < JS_PLAN_DEPTH && ours[i]; k++) {
            if (s->state == JS_SHIP_ACTIVE) /* P-6: a disabled ship stays where it is */
                p = ai_step(c->st, i, p, &s->plan[k]);
            at[i][k] = p;
        }
    }
    for (int x = 0; x < n; x++) {
        int ship = plans[x].ship;
        for (int k = plans[x].first; k < JS_PLAN_DEPTH; k++) {
            js_cmd cmd = js_cmd_new(JS_CMD_PLOT, c->me);
            cmd.unit = (int16_t)ship;
            cmd.slot = (int8_t)k;
            cmd.order = js_game_state(c->g)->ships[ship].plan[k];
            bool changed = false;
            for (int aft = 0; aft <= 1; aft++) {
                if (!(aft ? cmd.order.msl_aft : cmd.order.msl_fwd))
                    continue;
                js_hex line[JS_MISSILE_RANGE];
                int len = ai_terrain_line(st, js_ship_card(st, ship)->size, at[ship][k], aft, line);
                bool friend = false;
                for (int h = 0; h < len && !friend && !(h && disabled_enemy_at(st, c->me, line[h - 1], k)); h++)
                    for (int j = 0; j < st->nships && !friend; j++)
                        friend = j != ship && ours[j] && js_hex_distance(at[j][k].hex, line[h]) <= 1 &&
                                 ai_covers(st, j, at[j][k], line[h]);
                if (!friend)
                    continue;
                if (aft)
                    cmd.order.msl_aft = 0;
                else
                    cmd.order.msl_fwd = 0;
                changed = true;
            }
            if (changed) {
                ai_trace(c, "T%d ship %d slot %d: holds fire, one of ours is in the line", st->turn, ship, k);
                ai_emit(c, &cmd);
            }
        }
    }
    free(at);
}

/* E-3: a card that cannot pay its activation has its moves and launches cancelled, cards in id
 * order. When the plots ask for more energy than there will be, the cards that gain least from
 * moving stand still instead, so the ones that matter are paid for. */
static void fit_energy(ai_ctx *c, const ai_ship_plan *plans, int n)
{
    bool idled[JS_MAX_SHIPS][JS_PLAN_DEPTH];
    memset(idled, 0, sizeof idled);
    for (int guard = 0; guard < 2 * JS_MAX_UNITS; guard++) {
        const js_state *st = js_game_state(c->g);
        int energy[JS_PLAN_DEPTH], cancelled[JS_PLAN_DEPTH];
        js_projected_energy(st, c->me, energy, cancelled);
        int slot = -1;
        for (int k = 0; k < JS_PLAN_DEPTH && slot < 0; k++)
            if (cancelled[k] > 0)
                slot = k;
        if (slot < 0)
            return;
        int best = -1;
        double least = 1e18;
        for (int i = 0; i < n; i++) {
            const ai_ship_plan *sp = &plans[i];
            int k = slot - sp->first;
            const js_order *o = &st->ships[sp->ship].plan[slot];
            if (k < 0 || idled[sp->ship][slot] || !(o->move || o->msl_fwd || o->msl_aft || o->pods))
                continue;
            double gain = sp->pick[k].score - sp->idle[k];
            if (gain < least)
                least = gain, best = i;
        }
        if (best < 0)
            return; /* what is over budget was plotted before this turn */
        const js_unit *u = &st->units[st->ships[plans[best].ship].unit];
        for (int s = u->first_ship; s < u->first_ship + u->nships; s++) { /* the whole card stands */
            js_cmd cmd = js_cmd_new(JS_CMD_PLOT, c->me);
            cmd.unit = (int16_t)s;
            cmd.slot = (int8_t)slot;
            cmd.order = js_game_state(c->g)->ships[s].plan[slot];
            cmd.order.move = cmd.order.astern = 0;
            cmd.order.msl_fwd = cmd.order.msl_aft = cmd.order.pods = 0;
            memset(cmd.order.pod_dir, 0, sizeof cmd.order.pod_dir);
            idled[s][slot] = true;
            ai_emit(c, &cmd);
        }
    }
}

/* ---------------------------------------------------------------- the mirror */
void ai_mirror(ai_ctx *c, int worlds)
{
    js_ai *ai = c->ai;
    if (!c->p->mirror || worlds < 2)
        return;
    const js_state *st = c->st;
    int turn = st->turn;
    js_state *ms = malloc(sizeof *ms);
    js_ai *ma = malloc(sizeof *ma);
    c->mir = calloc(JS_MAX_SHIPS, sizeof *c->mir);
    c->mir_ok = calloc(JS_MAX_SHIPS, 1);
    if (!ms || !ma || !c->mir || !c->mir_ok) {
        free(ms), free(ma);
        return;
    }
    /* the enemy's side of the board as we imagine it: its orders for T and T+1 as the mirror
     * expected them when it plotted them, ours unknown to it */
    *ms = *st;
    ms->ready &= (int8_t)~JS_SIDE_MASK(c->foe);
    for (int i = 0; i < ms->nships; i++) {
        js_ship *s = &ms->ships[i];
        if (s->side != c->foe)
            continue;
        s->plotted = 0;
        for (int k = 0; k < JS_PLAN_DEPTH; k++) {
            int t = turn + k, x = t & 3;
            js_order o;
            memset(&o, 0, sizeof o);
            o.phase = k ? s->plan[k - 1].phase : s->phase;
            if (k < JS_PLAN_DEPTH - 1 && ai->mord_turn[i][x] == t)
                o = ai->mord[i][x];
            s->plan[k] = o;
        }
    }
    /* a plain player: it expects our ships to stay where they are and gives every order its due */
    *ma = *ai;
    ma->side = c->foe;
    ma->trace = NULL;
    ma->progress = NULL;
    ma->p = (ai_params){.worlds = 1, .static_enemy = 1, .phases = 1, .careful = 1, .energy_sense = 1};
    ai_ctx mc;
    memset(&mc, 0, sizeof mc);
    mc.ai = ma, mc.p = &ma->p, mc.v = c->v, mc.me = c->foe, mc.foe = c->me, mc.st = ms;
    mc.rng.s = ai_mix(c->rng.s, 0x6d6972726f72);
    mc.cancel = c->cancel;
    ai_forecast(&mc, 1);
    if (mc.nw) {
        ai_forecast_pods(&mc);
        ai_ship_plan sp;
        for (int i = 0; i < ms->nships && !ai_should_stop(c); i++) {
            if (ms->ships[i].side != c->foe || !ai_ship_acts(ms, i))
                continue;
            memset(&sp, 0, sizeof sp);
            plan_ship(&mc, i, &sp);
            js_order *o = c->mir[i];
            memcpy(o, ms->ships[i].plan, sizeof ms->ships[i].plan);
            for (int k = 0; k < sp.nslots; k++)
                o[sp.first + k] = sp.pick[k].o;
            c->mir_ok[i] = 1;
            for (int k = sp.first; k < JS_PLAN_DEPTH; k++) {
                int t = turn + k;
                ai->mord[i][t & 3] = o[k];
                ai->mord_turn[i][t & 3] = (int16_t)t;
            }
            const js_ship *s = &st->ships[i];
            js_ship_place next = ai_step(ms, i, (js_ship_place){s->pos, s->facing, s->phase}, &o[0]);
            ai->mpos[i] = next.hex;
            ai->mpos_turn[i] = (int16_t)(turn + 1);
        }
    }
    ai_ctx_release(&mc);
    free(ms), free(ma);
    /* as many worlds follow it as it has been right, once seen (a world or more stay on styles);
     * before it has been right, an eighth of them (a quarter scored 5 points less against the
     * cadet in the duel, docs/ai.md) */
    double share = (ai->mir_hits + 0.2) / (ai->mir_seen + 2.0), cap = 0.75;
#ifdef S_TUNE /* a measurement: the admiral's share times S_ADM_MIR_X %, capped at S_ADM_MIR_CAP % */
    if (!c->p->search && getenv("S_ADM_MIR_X"))
        share = share * atoi(getenv("S_ADM_MIR_X")) / 100.0;
    if (!c->p->search && getenv("S_ADM_MIR_CAP"))
        cap = atoi(getenv("S_ADM_MIR_CAP")) / 100.0;
#endif
    share = share > cap ? cap : share;
    c->nmir = (int)(share * worlds + 0.5);
    ai_trace(c, "mirror: %d of %d worlds (right %.0f of %.0f)", c->nmir, worlds, ai->mir_hits, ai->mir_seen);
}

/* Each enemy jump point pulls on one ship of ours, the one on the map that reaches it soonest (a
 * carrier never): a squadron flying after a 2-point capture all at once meets whatever jumps in there
 * (J-6) next to it, and pays ECM for every fighter (V-4). Where one of our own jump points is nearer
 * (at AI_ARRIVAL_MOVE hexes a turn) the point waits for ships that come through ours: it pulls on the
 * ships we have arriving, none on the map. Only what both sides see decides (ships on the map, jump
 * points), so a model of the enemy's plotting replays its claims from our side of the board. */
static bool unclaimed_enemy_point(const ai_ctx *c, int i)
{
    return ai_open_jump_point(&c->st->sites[i], c->foe) && c->jp_claim[i] == AI_CLAIM_NONE;
}

static void claim_jump_points(ai_ctx *c)
{
    const js_state *st = c->st;
    for (int i = 0; i < JS_MAX_SITES; i++)
        c->jp_claim[i] = AI_CLAIM_NONE;
    if (!c->p->claim_jp)
        return;
    bool taken[JS_MAX_SHIPS] = {false}, site_taken[JS_MAX_SITES] = {false};
    for (;;) { /* the closest pair first, so two points near one ship do not both wait on it */
        int bs = -1, bj = -1, bi = -1; /* a ship of ours, or one of our jump points; the enemy's point */
        double bt = 1e18;
        for (int i = 0; i < st->nsites; i++) {
            if (!unclaimed_enemy_point(c, i))
                continue;
            for (int k = 0; k < st->nships; k++) {
                const js_card_def *d = js_ship_card(st, k);
                if (taken[k] || st->ships[k].side != c->me || !st->ships[k].on_map || !ai_ship_acts(st, k) || !d ||
                    d->move <= 0 || ai_precious(d))
                    continue;
                double t = js_hex_distance(st->ships[k].pos, st->sites[i].hex) / (double)d->move;
                if (t < bt)
                    bt = t, bs = k, bi = i;
            }
        }
        for (int i = 0; i < st->nsites; i++) { /* then our jump points: a ship on the map wins a tie */
            if (!unclaimed_enemy_point(c, i))
                continue;
            for (int j = 0; j < st->nsites; j++) {
                if (site_taken[j] || !ai_open_jump_point(&st->sites[j], c->me))
                    continue;
                double t = js_hex_distance(st->sites[j].hex, st->sites[i].hex) / (double)AI_ARRIVAL_MOVE;
                if (t < bt)
                    bt = t, bs = -1, bj = j, bi = i;
            }
        }
        if (bi < 0)
            return;
        if (bj >= 0)
            site_taken[bj] = true, c->jp_claim[bi] = AI_CLAIM_ARRIVING;
        else
            taken[bs] = true, c->jp_claim[bi] = (int16_t)bs;
    }
}

/* The stats (js_ai_stats): the missiles the side's plot now fires, and the blind ones among them.
 * Counted on the plots as they stand in the imagined game, after every change made to them. */
static void count_missiles(ai_ctx *c, const ai_ship_plan *plans, int n)
{
    const js_state *st = js_game_state(c->g);
    c->ai->stats.plots++;
    for (int i = 0; i < n; i++) {
        const ai_ship_plan *sp = &plans[i];
        js_ship_place at[JS_PLAN_DEPTH];
        if (js_project_plan(st, sp->ship, at, NULL) < JS_PLAN_DEPTH)
            continue;
        for (int k = sp->first; k < JS_PLAN_DEPTH; k++)
            for (int aft = 0; aft <= 1; aft++) {
                const js_order *o = &st->ships[sp->ship].plan[k];
                int m = aft ? o->msl_aft : o->msl_fwd;
                if (m <= 0)
                    continue;
                c->ai->stats.missiles += m;
                if (!ai_line_holds_enemy(c, sp->ship, at[k], aft, k))
                    c->ai->stats.blind_missiles += m;
            }
    }
}

void ai_plot(ai_ctx *c)
{
    /* the work grows with the ships on the map: big battles get fewer worlds, so the time to think
     * stays about the same (a count, never the clock: the same position gets the same answer) */
    int ships = 0;
    for (int i = 0; i < c->st->nships; i++)
        ships += ai_ship_here(c->st, i);
    int worlds = ships > 24 ? c->p->worlds * 24 / ships : c->p->worlds;
    worlds = worlds < 4 && c->p->worlds >= 4 ? 4 : worlds;
    ai_mirror(c, worlds);
    /* the enemy's T and T+1 as it plotted them, guessed by replaying its plotting (model.c) */
    c->nmodel = c->p->model;
    int samples = c->p->model_samples;
#ifdef S_TUNE /* a measurement: S_MODEL worlds follow S_MODELK samples */
    c->nmodel = c->p->search && getenv("S_MODEL") ? atoi(getenv("S_MODEL")) : c->nmodel;
    samples = getenv("S_MODELK") ? atoi(getenv("S_MODELK")) : samples;
#endif
    if (c->nmodel > 0)
        ai_model(c, c->nmodel < samples ? c->nmodel : samples);
    ai_forecast(c, worlds);
    claim_jump_points(c);
    c->budget = ships > 24 ? c->p->sim_budget * 24 / ships : c->p->sim_budget;
    if (!c->nw)
        return;
    ai_forecast_pods(c);
    mark_plotted_lines(c);
    const js_state *st = c->st;
    ai_ship_plan *plans = malloc(sizeof *plans * JS_MAX_SHIPS);
    if (!plans)
        return;
    int np = 0, total = 0;
    for (int i = 0; i < st->nships; i++)
        total += st->ships[i].side == c->me && ai_ship_acts(st, i);
    for (int i = 0; i < st->nships && !ai_should_stop(c); i++) {
        if (st->ships[i].side != c->me || !ai_ship_acts(st, i))
            continue;
        js_cmd probe = js_cmd_new(JS_CMD_PLOT, c->me);
        probe.unit = (int16_t)i;
        probe.slot = JS_PLAN_DEPTH - 1;
        probe.order = st->ships[i].plan[JS_PLAN_DEPTH - 1];
        if (!ai_legal(c, &probe))
            continue;
        memset(&plans[np], 0, sizeof plans[np]);
        plan_ship(c, i, &plans[np]);
        np++;
        ai_progress(c, 500 * np / (total ? total : 1));
    }
    if (!ai_should_stop(c) && c->budget > 0 && c->p->search)
        ai_search(c, plans, np);
    else if (!ai_should_stop(c) && c->budget > 0)
        ai_look_ahead(c, plans, np);
    if (c->p->guard_floor) /* the guard pods split for the order chosen, which the search may have changed */
        for (int i = 0; i < np; i++)
            for (int k = 0; k < plans[i].nslots; k++) {
                ai_cand *pk = &plans[i].pick[k];
                int8_t g[6];
                pk->o.redistribute = 0;
                if (guard_split(c, plans[i].ship, pk->at, g)) {
                    pk->o.redistribute = 1;
                    memcpy(pk->o.guard, g, sizeof g);
                }
            }
    if (c->p->search) /* a missile at a line no world holds an enemy in is a missile thrown away */
        for (int i = 0; i < np; i++)
            for (int k = 0; k < plans[i].nslots; k++) {
                ai_cand *pk = &plans[i].pick[k];
                if (pk->o.msl_fwd && !ai_line_holds_enemy(c, plans[i].ship, pk->at, false, plans[i].first + k))
                    pk->o.msl_fwd = 0;
                if (pk->o.msl_aft && !ai_line_holds_enemy(c, plans[i].ship, pk->at, true, plans[i].first + k))
                    pk->o.msl_aft = 0;
            }
    for (int i = 0; i < np && !ai_should_stop(c); i++)
        emit_plan(c, &plans[i]);
    if (c->p->energy_sense && !ai_should_stop(c))
        fit_energy(c, plans, np);
    if (!ai_should_stop(c))
        hold_fire_on_friends(c, plans, np);
    if (!ai_should_stop(c))
        count_missiles(c, plans, np);
    for (int g = 0; g < JS_MAX_PODS && !ai_should_stop(c); g++)
        if (st->pods[g].alive && st->pods[g].side == c->me)
            plan_pod(c, g);
    free(plans);
}
