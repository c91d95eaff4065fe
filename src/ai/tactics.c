/* tactics.c — the public choices made as the turn runs: pod movement (V-2), the next missile
 * (C-1), pod attacks and guard pods (C-2, C-3), ship attacks (C-5). Here the AI sees the very
 * board the choice is about, so it weighs the real odds (js_pod_attack_odds). */
#include "ai_int.h"

static bool enemy_ship_covers(const js_state *st, int me, int ship, js_hex h)
{
    const js_ship *s = &st->ships[ship];
    if (s->side == me || !s->on_map || s->state == JS_SHIP_DESTROYED)
        return false;
    js_ship_place at = {s->pos, s->facing, s->phase};
    return ai_covers(st, ship, at, h);
}

/* Expected worth of group g attacking ship t with k pods, the defender answering with its best
 * sacrifice of guard pods (or none when `naive`). */
static double attack_worth(const js_state *st, int g, int t, int k, bool naive)
{
    double wd, wx;
    ai_result_worth(st, t, &wd, &wx);
    const js_podgroup *p = &st->pods[g];
    int side = 0; /* C-2: the side facing the attack, 0 = all */
    if (p->ever_moved && p->entered_dir)
        side = js_dir_wrap(js_dir_opposite(p->entered_dir) - st->ships[t].facing + 1);
    int avail = side ? st->ships[t].guard[side - 1] : ai_guard_total(&st->ships[t]);
    if (naive)
        avail = 0;
    /* the defender may give the best answer, or any: half of each (a careless player gives what it
     * feels like, and a sacrifice spends its guard pods for good) */
    double best = 1e9, sum = 0;
    int n = 0;
    for (int gd = 0; gd <= avail; gd++) {
        int o[3];
        js_pod_attack_odds(st, g, t, false, k, gd, o);
        double ev = o[0] / 1000.0 * wd + o[1] / 1000.0 * wx + 0.25 * gd;
        if (ev < best)
            best = ev;
        sum += ev, n++;
    }
    return 0.5 * best + 0.5 * sum / n;
}

/* What an enemy pod group in our group's hex is worth destroying: the pods it could bring on us. */
static double pod_target_worth(const js_state *st, int g, int t, int k)
{
    int o[3];
    js_pod_attack_odds(st, g, t, true, k, 0, o);
    return o[0] / 1000.0 * (0.35 * st->pods[t].pods + 0.3);
}

void ai_pod_attack(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    bool naive = !c->p->guards;
    js_cmd best = js_cmd_new(JS_CMD_POD_ATTACK, c->me);
    best.unit = -1;
    double bw = 0.03;
    for (int g = 0; g < JS_MAX_PODS; g++) {
        const js_podgroup *p = &st->pods[g];
        if (!p->alive || p->side != c->me)
            continue;
        for (int t = 0; t < st->nships; t++) {
            if (!enemy_ship_covers(st, c->me, t, p->pos))
                continue;
            double all = attack_worth(st, g, t, p->pods, naive);
            int k = p->pods;
            if (c->p->phases) /* keep pods that add almost nothing for a later attack */
                for (k = 1; k < p->pods && attack_worth(st, g, t, k, naive) < 0.95 * all; k++)
                    ;
            double w = attack_worth(st, g, t, k, naive) + 0.02 * (p->pods - k);
            if (w > bw) {
                bw = w;
                best = js_cmd_new(JS_CMD_POD_ATTACK, c->me);
                best.unit = (int16_t)g, best.target = (int16_t)t, best.count = (int8_t)k;
            }
        }
        if (naive)
            continue; /* a beginner goes for ships only */
        for (int t = 0; t < JS_MAX_PODS; t++) {
            const js_podgroup *q = &st->pods[t];
            if (!q->alive || q->side == c->me || !js_hex_eq(q->pos, p->pos))
                continue;
            int k = p->pods < 3 ? p->pods : 3;
            double w = pod_target_worth(st, g, t, k);
            if (w > bw) {
                bw = w;
                best = js_cmd_new(JS_CMD_POD_ATTACK, c->me);
                best.unit = (int16_t)g, best.target = (int16_t)t, best.target_is_pod = 1, best.count = (int8_t)k;
            }
        }
    }
    if (!ai_emit(c, &best)) {
        js_cmd pass = js_cmd_new(JS_CMD_POD_ATTACK, c->me);
        pass.unit = -1;
        ai_emit(c, &pass);
    }
}

void ai_guard(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    const js_pod_attack *a = &st->attack;
    int avail = c->v->wait.max_guard;
    int pick = avail > 0 ? 1 : 0; /* a beginner gives one, whatever the odds */
    if (c->p->guards && !a->target_is_pod) {
        double wd, wx, best = 1e9;
        ai_result_worth(st, a->target, &wd, &wx);
        for (int g = 0; g <= avail; g++) {
            int o[3];
            js_pod_attack_odds(st, a->group, a->target, false, a->count, g, o);
            double loss = o[0] / 1000.0 * wd + o[1] / 1000.0 * wx + 0.25 * g;
            if (loss < best - 1e-9)
                best = loss, pick = g;
        }
    }
    js_cmd g = js_cmd_new(JS_CMD_GUARD, c->me);
    g.count = (int8_t)pick;
    if (!ai_emit(c, &g)) {
        g.count = 0;
        ai_emit(c, &g);
    }
}

void ai_ship_attacks(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    for (int i = 0; i < st->nships; i++) {
        if (st->ships[i].side != c->me || st->ships[i].attack_target_set)
            continue;
        js_cmd a = js_cmd_new(JS_CMD_SHIP_ATTACK, c->me);
        a.unit = (int16_t)i;
        if (!ai_legal(c, &a))
            continue;
        int best = -1;
        double bw = -1;
        for (int t = 0; t < st->nships; t++) {
            if (st->ships[t].side == c->me)
                continue;
            a.target = (int16_t)t;
            if (!ai_legal(c, &a))
                continue;
            double w = ai_share(st, t) + (st->ships[t].state == JS_SHIP_ACTIVE ? 100 : 0); /* C-5 only disables */
            if (w > bw)
                bw = w, best = t;
        }
        a.target = (int16_t)best;
        ai_emit(c, &a);
    }
}

/* C-1: a missile that will strike an enemy goes first, the most valuable target first; one that
 * would strike our own units last (something may yet move into its way... or not). */
void ai_missile(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int best = -1;
    double bw = -1e9;
    for (int m = 0; m < JS_MAX_MISSILES; m++) {
        const js_missile *mi = &st->missiles[m];
        if (!mi->alive || mi->side != c->me)
            continue;
        double w = 0;
        if (c->p->careful) {
            js_missile_path path;
            js_missile_flight(st, mi->pos, mi->facing, m, &path);
            if (path.end == JS_MSL_STRIKES) {
                bool foe = path.hit_sides & JS_SIDE_MASK(c->foe), own = path.hit_sides & JS_SIDE_MASK(c->me);
                w = (foe ? 1 : 0) - (own ? 1 : 0);
                if (path.hit == JS_HIT_SHIP && foe) {
                    js_hex at = path.hex[path.n - 1];
                    for (int t = 0; t < st->nships; t++)
                        if (enemy_ship_covers(st, c->me, t, at))
                            w += ai_share(st, t) * 0.1;
                }
            }
        }
        if (w > bw)
            bw = w, best = m;
    }
    js_cmd cmd = js_cmd_new(JS_CMD_MISSILE, c->me);
    cmd.unit = (int16_t)best;
    ai_emit(c, &cmd);
}

/* ---------------------------------------------------------------- pod movement (V-2) */
static double hex_prey(const js_state *st, int me, int g, js_hex h)
{
    double best = 0;
    for (int t = 0; t < st->nships; t++)
        if (enemy_ship_covers(st, me, t, h)) {
            double wd, wx;
            ai_result_worth(st, t, &wd, &wx);
            if (wd + wx > best)
                best = wd + wx;
        }
    (void)g;
    return best;
}

/* Hexes the missiles now in flight will cross (C-1): ours would strike our own pods there. */
static int in_missile_path(const js_state *st, int side, js_hex h)
{
    int n = 0;
    for (int m = 0; m < JS_MAX_MISSILES; m++) {
        const js_missile *mi = &st->missiles[m];
        if (!mi->alive || mi->side != side)
            continue;
        js_missile_path path;
        js_missile_flight(st, mi->pos, mi->facing, m, &path);
        for (int i = 0; i < path.n; i++)
            if (js_hex_eq(path.hex[i], h)) {
                n++;
                break;
            }
    }
    return n;
}

void ai_pod_move(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    bool second = st->phase == JS_PHASE_POD2;
    int pick = -1, hold = 0;
    double strongest = -1e9;
    for (int g = 0; g < JS_MAX_PODS; g++) {
        const js_podgroup *p = &st->pods[g];
        if (!p->alive || p->side != c->me)
            continue;
        js_cmd m = js_cmd_new(JS_CMD_POD_MOVE, c->me);
        m.unit = (int16_t)g;
        if (!ai_legal(c, &m))
            continue;
        js_hex nxt = js_hex_neighbor(p->pos, p->dir[0] ? p->dir[0] : 1);
        const js_terrain_type *t = js_terrain_at(st, nxt);
        double pref; /* > 0: move */
        if (!t)
            pref = -5; /* it would leave the map and be lost */
        else if (t->impassable)
            pref = -0.1;
        else if (!c->p->careful)
            pref = 1; /* a beginner follows the plot */
        else if (second) /* ships have moved: the prey is where it is */
            pref = hex_prey(st, c->me, g, nxt) - hex_prey(st, c->me, g, p->pos) +
                   0.05 * (ai_enemy_distance(st, c->me, p->pos, false) - ai_enemy_distance(st, c->me, nxt, false));
        else {
            /* before the ships move: a disabled ship stays put; an active one comes on or goes */
            pref = hex_prey(st, c->me, g, nxt) * (ai_enemy_distance(st, c->me, nxt, true) == 0) -
                   hex_prey(st, c->me, g, p->pos) * (ai_enemy_distance(st, c->me, p->pos, true) == 0) +
                   0.1 * (ai_enemy_distance(st, c->me, p->pos, false) - ai_enemy_distance(st, c->me, nxt, false));
        }
        if (c->p->careful && second && t && !t->impassable) /* out of the way of the missiles in flight */
            pref += 2.0 * (in_missile_path(st, c->me, p->pos) - in_missile_path(st, c->me, nxt)) +
                    0.8 * (in_missile_path(st, c->foe, p->pos) - in_missile_path(st, c->foe, nxt));
        double strength = pref < 0 ? -pref : pref;
        if (strength > strongest)
            strongest = strength, pick = g, hold = pref <= 0;
    }
    js_cmd m = js_cmd_new(JS_CMD_POD_MOVE, c->me);
    m.unit = (int16_t)pick;
    m.hold = (int8_t)hold;
    ai_emit(c, &m);
}
