/* combat.c — missiles, pod attacks, ship combat (C) and damage (D). */
#include "internal.h"

const char *jsi_cause_words(int cause)
{
    switch (cause) {
    case JS_CAUSE_MISSILE: return "missile";
    case JS_CAUSE_POD_ATTACK: return "pod attack";
    case JS_CAUSE_SHIP_ATTACK: return "ship attack";
    case JS_CAUSE_ECM: return "ECM";
    default: return js_cause_name(cause);
    }
}

void jsi_destroy(js_game *g, int ship, int cause)
{
    js_state *st = &g->st;
    js_ship *s = &st->ships[ship];
    if (s->state == JS_SHIP_DESTROYED)
        return;
    char nb[64];
    s->state = JS_SHIP_DESTROYED;
    jsi_log(g, JS_EV_DESTROYED, s->side, JS_BOTH_SIDES, ship, -1, s->pos, JSI_NOHEX, 0, 0,
            "%s is destroyed (%s)", jsi_ship_name(st, ship, nb, sizeof nb), jsi_cause_words(cause))
        ->cause = (int8_t)cause;
}

void jsi_disable(js_game *g, int ship, int cause)
{
    js_state *st = &g->st;
    js_ship *s = &st->ships[ship];
    char nb[64];
    if (s->state != JS_SHIP_ACTIVE) {
        jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, s->side, JS_BOTH_SIDES, ship, -1, s->pos, JSI_NOHEX, 0, 0,
                       "D-2: %s is already out of action", jsi_ship_name(st, ship, nb, sizeof nb)),
               JS_UNIT_SHIP, JS_UNIT_NONE)
            ->cause = (int8_t)cause;
        return;
    }
    s->state = JS_SHIP_DISABLED;
    jsi_log(g, JS_EV_DISABLED, s->side, JS_BOTH_SIDES, ship, -1, s->pos, JSI_NOHEX, 0, 0,
            "%s is disabled (%s)", jsi_ship_name(st, ship, nb, sizeof nb), jsi_cause_words(cause))
        ->cause = (int8_t)cause;
}

/* D-1: shields first, the rest on the hull. */
void jsi_damage(js_game *g, int ship, int amount, int cause)
{
    js_state *st = &g->st;
    js_ship *s = &st->ships[ship];
    char nb[64];
    int onshield = amount < s->shields ? amount : s->shields;
    s->shields -= (int8_t)onshield;
    s->hull_damage += (int8_t)(amount - onshield);
    jsi_log(g, JS_EV_DAMAGE, s->side, JS_BOTH_SIDES, ship, -1, s->pos, JSI_NOHEX, amount,
            amount - onshield, "%s takes %d %s damage (%d on shields, %d on the hull)",
            jsi_ship_name(st, ship, nb, sizeof nb), amount, jsi_cause_words(cause), onshield, amount - onshield)
        ->cause = (int8_t)cause;
    if (s->hull_damage >= jsi_card(st, ship)->hull)
        jsi_destroy(g, ship, cause);
}

/* ---------------------------------------------------------------- missiles (C-1) */
bool jsi_side_has_missiles(const js_state *st, int side)
{
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && st->missiles[i].side == side)
            return true;
    return false;
}

enum { TGT_SHIP = JS_HIT_SHIP, TGT_POD = JS_HIT_POD, TGT_MISSILE = JS_HIT_MISSILE };

/* C-1: the units a missile entering `at` may strike: the most massive there, ships by mass, then
 * pod groups, then missiles (`skip` is the flying missile). Returns the kind, or -1 for none. */
static int missile_targets(const js_state *st, js_hex at, int skip, int cand[JS_MAX_SHIPS], int *nc)
{
    int kind = -1, best_mass = -1;
    *nc = 0;
    for (int i = 0; i < st->nships; i++) {
        if (!jsi_ship_live(st, i) || !jsi_ship_covers(st, i, at))
            continue;
        int mass = jsi_card(st, i)->mass;
        if (mass > best_mass)
            best_mass = mass, *nc = 0;
        if (mass == best_mass)
            cand[(*nc)++] = i;
        kind = TGT_SHIP;
    }
    if (kind < 0)
        for (int i = 0; i < JS_MAX_PODS && *nc < JS_MAX_SHIPS; i++)
            if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, at))
                cand[(*nc)++] = i, kind = TGT_POD;
    if (kind < 0)
        for (int i = 0; i < JS_MAX_MISSILES && *nc < JS_MAX_SHIPS; i++)
            if (i != skip && st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, at))
                cand[(*nc)++] = i, kind = TGT_MISSILE;
    return kind;
}

int js_missile_flight(const js_state *st, js_hex from, int facing, int skip, js_missile_path *out)
{
    memset(out, 0, sizeof *out);
    out->end = JS_MSL_SPENT;
    out->hit = -1;
    js_hex at = from;
    for (int step = 1; step <= JS_MISSILE_RANGE; step++) {
        at = js_hex_neighbor(at, facing);
        out->hex[out->n++] = at;
        const js_terrain_type *t = js_terrain_at(st, at);
        if (!t || t->blocks_missiles) {
            out->end = t ? JS_MSL_BLOCKED : JS_MSL_OFF_MAP;
            return out->n;
        }
        int cand[JS_MAX_SHIPS], nc;
        int kind = missile_targets(st, at, skip, cand, &nc);
        if (kind < 0)
            continue;
        out->end = JS_MSL_STRIKES;
        out->hit = (int8_t)kind;
        for (int i = 0; i < nc; i++) {
            int side = kind == TGT_SHIP ? st->ships[cand[i]].side
                       : kind == TGT_POD ? st->pods[cand[i]].side
                                         : st->missiles[cand[i]].side;
            out->hit_sides |= (uint8_t)JS_SIDE_MASK(side);
        }
        return out->n;
    }
    return out->n;
}

void jsi_resolve_missile(js_game *g, int m)
{
    js_state *st = &g->st;
    js_missile *mi = &st->missiles[m];
    js_hex start = mi->pos;
    mi->alive = 0; /* it no longer counts as a unit in its own path */
    char nb[64];
    js_missile_path path;
    int step = js_missile_flight(st, start, mi->facing, m, &path);
    js_hex at = path.hex[step - 1];
    if (path.end == JS_MSL_OFF_MAP) {
        jsi_log(g, JS_EV_MISSILE_GONE, mi->side, JS_BOTH_SIDES, m, -1, start, at, step, 0,
                "C-1: %s missile #%d leaves the map", jsi_side_name(st, mi->side), m)
            ->cause = JS_CAUSE_OFF_MAP;
        return;
    }
    if (path.end == JS_MSL_BLOCKED) {
        jsi_log(g, JS_EV_MISSILE_GONE, mi->side, JS_BOTH_SIDES, m, -1, start, at, step, 0,
                "C-1: %s missile #%d is lost in %s", jsi_side_name(st, mi->side), m,
                js_terrain_at(st, at)->name)
            ->cause = JS_CAUSE_TERRAIN;
        return;
    }
    if (path.end == JS_MSL_STRIKES) {
        int cand[JS_MAX_SHIPS], nc;
        int kind = missile_targets(st, at, m, cand, &nc);
        jsi_log(g, JS_EV_MISSILE_FLY, mi->side, JS_BOTH_SIDES, m, -1, start, at, step, 0,
                "%s missile #%d flies %d hex%s and strikes", jsi_side_name(st, mi->side), m, step,
                step == 1 ? "" : "es");
        int pick = cand[0];
        int tk = kind == TGT_SHIP ? JS_UNIT_SHIP : kind == TGT_POD ? JS_UNIT_POD_GROUP : JS_UNIT_MISSILE;
        if (nc > 1) { /* ties by a die */
            int v = jsi_roll(g, nc <= 6 ? 6 : nc <= 8 ? 8 : 10, mi->side,
                             (jsi_roll_why){JS_ROLL_MISSILE_TIE, 0, JS_UNIT_MISSILE, JS_UNIT_NONE, (int16_t)m, -1});
            pick = cand[(v - 1) % nc];
        }
        int v = jsi_roll(g, 10, mi->side,
                         (jsi_roll_why){JS_ROLL_MISSILE, 0, JS_UNIT_MISSILE, (int8_t)tk, (int16_t)m, (int16_t)pick});
        if (kind == TGT_SHIP) {
            jsi_ab(jsi_log(g, JS_EV_ATTACK, mi->side, JS_BOTH_SIDES, m, pick, at, JSI_NOHEX, v, 0,
                           "missile #%d attacks %s", m, jsi_ship_name(st, pick, nb, sizeof nb)),
                   JS_UNIT_MISSILE, JS_UNIT_SHIP)
                ->cause = JS_CAUSE_MISSILE;
            jsi_roll_outcome(g, v <= JS_MISSILE_DESTROYS   ? JS_OUTCOME_DESTROYED
                                : v <= JS_MISSILE_DISABLES ? JS_OUTCOME_DISABLED
                                                           : JS_OUTCOME_NO_EFFECT);
            if (v <= JS_MISSILE_DESTROYS)
                jsi_destroy(g, pick, JS_CAUSE_MISSILE);
            else if (v <= JS_MISSILE_DISABLES)
                jsi_disable(g, pick, JS_CAUSE_MISSILE);
            else
                jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, mi->side, JS_BOTH_SIDES, m, pick, at, JSI_NOHEX, v, 0,
                               "the missile has no effect"),
                       JS_UNIT_MISSILE, JS_UNIT_SHIP)
                    ->cause = JS_CAUSE_MISSILE;
        } else {
            bool pod = kind == TGT_POD;
            jsi_roll_outcome(g, v <= JS_MISSILE_DISABLES ? JS_OUTCOME_DESTROYED : JS_OUTCOME_NO_EFFECT);
            if (v <= JS_MISSILE_DISABLES) {
                if (pod)
                    st->pods[pick].alive = 0;
                else
                    st->missiles[pick].alive = 0;
                js_event *e = jsi_log(g, pod ? JS_EV_POD_REMOVED : JS_EV_MISSILE_GONE, mi->side, JS_BOTH_SIDES,
                                      pick, m, at, JSI_NOHEX, v, 0, "missile #%d destroys %s #%d", m,
                                      pod ? "pod group" : "missile", pick);
                jsi_ab(e, tk, JS_UNIT_MISSILE);
                e->cause = JS_CAUSE_MISSILE;
                e->outcome = JS_OUTCOME_DESTROYED;
            } else
                jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, mi->side, JS_BOTH_SIDES, m, pick, at, JSI_NOHEX, v, 0,
                               "the missile misses %s #%d", pod ? "pod group" : "missile", pick),
                       JS_UNIT_MISSILE, tk)
                    ->cause = JS_CAUSE_MISSILE;
        }
        return;
    }
    jsi_log(g, JS_EV_MISSILE_GONE, mi->side, JS_BOTH_SIDES, m, -1, start, at, JS_MISSILE_RANGE, 0,
            "%s missile #%d flies %d hexes and is spent", jsi_side_name(st, mi->side), m, JS_MISSILE_RANGE)
        ->cause = JS_CAUSE_OUT_OF_RANGE;
}

/* ---------------------------------------------------------------- pod combat (C-2, C-3) */
static int pod_phase(const js_state *st, int group) { return st->ships[st->pods[group].controller].phase; }

/* A refusal makes this bool function return false (JSI_FAIL returns JS_ERR_ILLEGAL, i.e. true). */
#define ATTACK_FAIL(...)                                                                         \
    do {                                                                                         \
        if (reason && cap)                                                                       \
            snprintf(reason, cap, __VA_ARGS__);                                                  \
        return false;                                                                            \
    } while (0)

bool jsi_pod_attack_legal(const js_state *st, int group, int target, bool is_pod, char *reason,
                          size_t cap)
{
    const js_podgroup *p = &st->pods[group];
    if (is_pod) {
        if (target < 0 || target >= JS_MAX_PODS || !st->pods[target].alive)
            ATTACK_FAIL("no pod group #%d", target);
        if (st->pods[target].side == p->side)
            ATTACK_FAIL("C-2: pods attack enemy units only");
        if (!js_hex_eq(st->pods[target].pos, p->pos))
            ATTACK_FAIL("C-2: the target must share the pod group's hex");
        return true;
    }
    if (target < 0 || target >= st->nships || !jsi_ship_live(st, target))
        ATTACK_FAIL("no ship #%d on the map", target);
    if (st->ships[target].side == p->side)
        ATTACK_FAIL("C-2: pods attack enemy units only");
    if (!jsi_ship_covers(st, target, p->pos))
        ATTACK_FAIL("C-2: the target must share the pod group's hex");
    return true;
}
#undef ATTACK_FAIL

static bool group_can_attack(const js_state *st, int group)
{
    const js_podgroup *p = &st->pods[group];
    if (!p->alive || p->pods <= 0)
        return false;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side != p->side && jsi_ship_live(st, i) && jsi_ship_covers(st, i, p->pos))
            return true;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && st->pods[i].side != p->side && js_hex_eq(st->pods[i].pos, p->pos))
            return true;
    return false;
}

bool jsi_side_can_pod_attack(const js_state *st, int side)
{
    if (st->passed & JS_SIDE_MASK(side))
        return false;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && st->pods[i].side == side && group_can_attack(st, i))
            return true;
    return false;
}

int jsi_pod_defense(const js_state *st, int target, bool is_pod, int guard_sacrificed)
{
    js_hex at = is_pod ? st->pods[target].pos : st->ships[target].pos;
    const js_terrain_type *t = js_terrain_at(st, at);
    int def = (t ? t->defense_bonus : 0) + JS_GUARD_DEFENSE * guard_sacrificed;
    if (!is_pod)
        def += jsi_card(st, target)->defense; /* U-3: pod defense is 0 */
    return def;
}

/* C-3's two range terms: returns min(floor(range / 5), TR) and writes TR (at least 0), which
 * the sum subtracts. */
static int range_term(const js_state *st, int group, int target, bool is_pod, int *tr_out)
{
    int ctl = st->pods[group].controller;
    js_hex cf[7], tf[7];
    int nc = js_ship_footprint(st, ctl, cf), nt;
    if (is_pod)
        tf[0] = st->pods[target].pos, nt = 1;
    else
        nt = js_ship_footprint(st, target, tf);
    int range = jsi_footprint_distance(cf, nc, tf, nt, false);
    int tr = st->ships[ctl].tr < 0 ? 0 : st->ships[ctl].tr;
    int pen = range / JS_POD_RANGE_STEP;
    *tr_out = tr;
    return pen < tr ? pen : tr;
}

int jsi_pod_range_mod(const js_state *st, int group, int target, bool is_pod)
{
    int tr;
    int term = range_term(st, group, target, is_pod, &tr);
    return term - tr;
}

static int phase_diff(const js_state *st, int group, int target, bool is_pod)
{
    int tp = is_pod ? pod_phase(st, target) : st->ships[target].phase;
    int d = pod_phase(st, group) - tp;
    return d < 0 ? -d : d;
}

int jsi_guard_available(const js_state *st, const js_pod_attack *a)
{
    if (a->target_is_pod)
        return 0;
    const js_ship *s = &st->ships[a->target];
    if (a->guard_side == 0)
        return jsi_guard_total(s);
    return s->guard[a->guard_side - 1];
}

/* C-2: the side of ship `target` facing an attack by group p (1..6 from its bow): the hex side
 * the group last entered through; 0, all sides, when it never moved. */
static int8_t side_facing(const js_state *st, const js_podgroup *p, int target)
{
    if (!p->ever_moved || !p->entered_dir)
        return 0;
    int from = js_dir_opposite(p->entered_dir); /* where the group came in from */
    return (int8_t)js_dir_wrap(from - st->ships[target].facing + 1);
}

int js_guard_facing(const js_state *st, int group, int target, bool target_is_pod)
{
    if (target_is_pod || group < 0 || group >= JS_MAX_PODS || !st->pods[group].alive || target < 0 ||
        target >= st->nships)
        return 0;
    js_pod_attack a = {.group = (int16_t)group, .target = (int16_t)target};
    a.guard_side = side_facing(st, &st->pods[group], target);
    return jsi_guard_available(st, &a);
}

void jsi_declare_pod_attack(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    js_podgroup *p = &st->pods[c->unit];
    js_pod_attack *a = &st->attack;
    memset(a, 0, sizeof *a);
    a->group = c->unit;
    a->target = c->target;
    a->target_is_pod = c->target_is_pod;
    a->count = c->count;
    a->active = 1;
    a->guard_side = c->target_is_pod ? 0 : side_facing(st, p, c->target);
    char nb[64];
    if (c->target_is_pod)
        snprintf(nb, sizeof nb, "pod group #%d", c->target);
    else
        jsi_ship_name(st, c->target, nb, sizeof nb);
    jsi_ab(jsi_log(g, JS_EV_ATTACK, c->side, JS_BOTH_SIDES, c->unit, c->target, p->pos, JSI_NOHEX, c->count,
                   c->target_is_pod, "%s pod group #%d attacks %s with %d pod%s", jsi_side_name(st, c->side),
                   c->unit, nb, c->count, c->count == 1 ? "" : "s"),
           JS_UNIT_POD_GROUP, c->target_is_pod ? JS_UNIT_POD_GROUP : JS_UNIT_SHIP)
        ->cause = JS_CAUSE_POD_ATTACK;
}

/* Outcome of one modified pod roll: 0 destroyed, 1 disabled, 2 no effect. */
static int pod_outcome(const js_state *st, int total, bool is_pod)
{
    if (is_pod)
        return total <= JS_POD_DISABLES ? 0 : 2;
    if (st->scn.options & JS_OPT_ATTACK_TO_DISABLE) /* C-4 */
        return total <= JS_POD_TD_DISABLES ? 1 : total <= JS_POD_TD_DESTROYS ? 0 : 2;
    return total < JS_POD_DESTROYS_BELOW ? 0 : total <= JS_POD_DISABLES ? 1 : 2;
}

/* One pod's roll with every term of its sum, so a player (and a test) can check the arithmetic. */
static void log_pod_roll(js_game *g, const js_pod_attack *a, const js_pod_sum *sum, int i, int outcome)
{
    static const char *const SHIP_WORDS[3] = {"destroyed", "disabled", "no effect"};
    static const char *const POD_WORDS[3] = {"destroyed", "destroyed", "no effect"};
    static const int8_t OUTCOMES[3] = {JS_OUTCOME_DESTROYED, JS_OUTCOME_DISABLED, JS_OUTCOME_NO_EFFECT};
    const js_podgroup *p = &g->st.pods[a->group];
    js_event *e = jsi_log_pod_roll(
        g, p->side, a->group, a->target, p->pos, a->target_is_pod, sum,
        "C-3: pod %d of %d: d10 %d + phase %d + Defense %d + guard %d + range %d - TR %d = %d: %s", i + 1,
        a->count, sum->d10, sum->phase, sum->defense, sum->guard, sum->range, sum->tr, sum->total,
        (a->target_is_pod ? POD_WORDS : SHIP_WORDS)[outcome]);
    e->die = (int8_t)(i + 1);
    /* a pod group hit is destroyed whatever the roll's rank (C-3) */
    e->outcome = a->target_is_pod && outcome < 2 ? JS_OUTCOME_DESTROYED : OUTCOMES[outcome];
    jsi_roll_outcome(g, e->outcome);
}

void jsi_resolve_pod_attack(js_game *g, int guard)
{
    js_state *st = &g->st;
    js_pod_attack a = st->attack;
    st->attack.active = 0;
    js_podgroup *p = &st->pods[a.group];
    bool is_pod = a.target_is_pod;
    char nb[64];
    if (guard > 0) {
        js_ship *t = &st->ships[a.target];
        int left = guard;
        for (int k = 0; k < 6 && left > 0; k++) {
            if (a.guard_side && k != a.guard_side - 1)
                continue;
            int take = t->guard[k] < left ? t->guard[k] : left;
            t->guard[k] -= (int8_t)take;
            left -= take;
        }
        jsi_log(g, JS_EV_GUARD, t->side, JS_BOTH_SIDES, a.target, a.group, t->pos, JSI_NOHEX, guard, 0,
                "%s sacrifices %d guard pod%s (+%d Defense)", jsi_ship_name(st, a.target, nb, sizeof nb),
                guard, guard == 1 ? "" : "s", JS_GUARD_DEFENSE * guard);
    }
    js_pod_sum sum = {0};
    sum.phase = (int16_t)phase_diff(st, a.group, a.target, is_pod);
    sum.defense = (int16_t)jsi_pod_defense(st, a.target, is_pod, 0);
    sum.guard = (int16_t)(jsi_pod_defense(st, a.target, is_pod, guard) - sum.defense);
    int tr;
    sum.range = (int16_t)range_term(st, a.group, a.target, is_pod, &tr);
    sum.tr = (int16_t)tr;
    int worst = 2;
    for (int i = 0; i < a.count; i++) {
        sum.d10 = (int16_t)jsi_roll(g, 10, p->side,
                                    (jsi_roll_why){JS_ROLL_POD_ATTACK, (int8_t)(i + 1), JS_UNIT_POD_GROUP,
                                                   is_pod ? JS_UNIT_POD_GROUP : JS_UNIT_SHIP, (int16_t)a.group,
                                                   (int16_t)a.target});
        sum.total = (int16_t)(sum.d10 + sum.phase + sum.defense + sum.guard + sum.range - sum.tr);
        int o = pod_outcome(st, sum.total, is_pod);
        log_pod_roll(g, &a, &sum, i, o);
        if (o < worst) /* the worst outcome for the target counts: 0 before 1 before 2 */
            worst = o;
    }
    p->pods -= a.count;
    if (is_pod) {
        if (worst == 0) {
            st->pods[a.target].alive = 0;
            jsi_ab(jsi_log(g, JS_EV_POD_REMOVED, st->pods[a.target].side, JS_BOTH_SIDES, a.target, a.group,
                           st->pods[a.target].pos, JSI_NOHEX, 0, 0, "pod group #%d is destroyed", a.target),
                   JS_UNIT_POD_GROUP, JS_UNIT_POD_GROUP)
                ->cause = JS_CAUSE_POD_ATTACK;
        } else
            jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, p->side, JS_BOTH_SIDES, a.group, a.target, p->pos, JSI_NOHEX, 0,
                           0, "the pod attack has no effect"),
                   JS_UNIT_POD_GROUP, JS_UNIT_POD_GROUP)
                ->cause = JS_CAUSE_POD_ATTACK;
    } else {
        if (worst == 0)
            jsi_destroy(g, a.target, JS_CAUSE_POD_ATTACK);
        else if (worst == 1)
            jsi_disable(g, a.target, JS_CAUSE_POD_ATTACK);
        else
            jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, p->side, JS_BOTH_SIDES, a.group, a.target, p->pos, JSI_NOHEX, 0,
                           0, "the pod attack has no effect"),
                   JS_UNIT_POD_GROUP, JS_UNIT_SHIP)
                ->cause = JS_CAUSE_POD_ATTACK;
    }
    if (p->pods <= 0) {
        p->alive = 0;
        js_event *e = jsi_log(g, JS_EV_POD_REMOVED, p->side, JS_BOTH_SIDES, a.group, p->controller, p->pos,
                              JSI_NOHEX, 0, 0, "C-3: pod group #%d is used up", a.group);
        e->cause = JS_CAUSE_USED_UP;
        e->outcome = JS_OUTCOME_NONE;
    }
}

void js_pod_attack_odds(const js_state *st, int group, int target, bool is_pod, int count,
                        int guard, int out[3])
{
    out[0] = out[1] = out[2] = 0;
    if (group < 0 || group >= JS_MAX_PODS || !st->pods[group].alive || count < 1)
        return;
    if (!jsi_pod_attack_legal(st, group, target, is_pod, NULL, 0))
        return;
    int base = phase_diff(st, group, target, is_pod) + jsi_pod_defense(st, target, is_pod, guard) +
               jsi_pod_range_mod(st, group, target, is_pod);
    /* per pod: faces giving each outcome; the worst of `count` independent pods counts */
    int faces[3] = {0, 0, 0};
    for (int v = 1; v <= 10; v++)
        faces[pod_outcome(st, v + base, is_pod)]++;
    /* P(worst >= k) = P(every pod >= k); ranks 0 destroyed < 1 disabled < 2 none */
    double p_ge1 = 1, p_ge2 = 1;
    for (int i = 0; i < count; i++) {
        p_ge1 *= (faces[1] + faces[2]) / 10.0;
        p_ge2 *= faces[2] / 10.0;
    }
    out[2] = (int)(p_ge2 * 1000 + 0.5);
    out[1] = (int)((p_ge1 - p_ge2) * 1000 + 0.5);
    out[0] = 1000 - out[1] - out[2];
}

/* ---------------------------------------------------------------- ship combat (C-5) */
bool jsi_ship_in_combat(const js_state *st, int ship)
{
    if (!jsi_ship_active(st, ship))
        return false;
    for (int e = 0; e < st->nships; e++)
        if (st->ships[e].side != st->ships[ship].side && jsi_ship_live(st, e) &&
            jsi_ships_share_hex(st, ship, e))
            return true;
    return false;
}

bool jsi_side_in_ship_combat(const js_state *st, int side)
{
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && jsi_ship_in_combat(st, i))
            return true;
    return false;
}

void jsi_resolve_ship_combat(js_game *g)
{
    js_state *st = &g->st;
    char nb[64], tb[64];
    /* all chosen attacks resolve together: roll every one, then apply */
    int hits[JS_MAX_SHIPS], nhits = 0;
    for (int i = 0; i < st->nships; i++) {
        js_ship *s = &st->ships[i];
        int t = s->attack_target;
        if (!s->attack_target_set || t < 0 || !jsi_ship_active(st, i))
            continue;
        jsi_ab(jsi_log(g, JS_EV_ATTACK, s->side, JS_BOTH_SIDES, i, t, s->pos, JSI_NOHEX, 0, 0, "%s attacks %s",
                       jsi_ship_name(st, i, nb, sizeof nb), jsi_ship_name(st, t, tb, sizeof tb)),
               JS_UNIT_SHIP, JS_UNIT_SHIP)
            ->cause = JS_CAUSE_SHIP_ATTACK;
        /* C-5: two dice, logged in order: the first, then the second with what came of both */
        int v = jsi_roll(g, 10, s->side, (jsi_roll_why){JS_ROLL_SHIP_ATTACK, 1, JS_UNIT_SHIP, JS_UNIT_SHIP, (int16_t)i, (int16_t)t});
        v += jsi_roll(g, 10, s->side, (jsi_roll_why){JS_ROLL_SHIP_ATTACK, 2, JS_UNIT_SHIP, JS_UNIT_SHIP, (int16_t)i, (int16_t)t});
        jsi_roll_outcome(g, v == JS_SHIP_ATTACK_HITS ? JS_OUTCOME_DISABLED : JS_OUTCOME_NO_EFFECT);
        if (v == JS_SHIP_ATTACK_HITS)
            hits[nhits++] = t;
        else
            jsi_ab(jsi_log(g, JS_EV_NO_EFFECT, s->side, JS_BOTH_SIDES, i, t, s->pos, JSI_NOHEX, v, 0,
                           "2d10 = %d: no effect", v),
                   JS_UNIT_SHIP, JS_UNIT_SHIP)
                ->cause = JS_CAUSE_SHIP_ATTACK;
    }
    for (int h = 0; h < nhits; h++)
        jsi_disable(g, hits[h], JS_CAUSE_SHIP_ATTACK);
    /* then ships against enemy pod groups in their hexes: the largest group there */
    for (int i = 0; i < st->nships; i++) {
        if (!jsi_ship_active(st, i))
            continue;
        int best = -1;
        for (int p = 0; p < JS_MAX_PODS; p++) {
            const js_podgroup *pg = &st->pods[p];
            if (pg->alive && pg->side != st->ships[i].side && jsi_ship_covers(st, i, pg->pos) &&
                (best < 0 || pg->pods > st->pods[best].pods))
                best = p;
        }
        if (best < 0)
            continue;
        jsi_roll_why why = {JS_ROLL_SHIP_ON_PODS, 1, JS_UNIT_SHIP, JS_UNIT_POD_GROUP, (int16_t)i, (int16_t)best};
        int v = jsi_roll(g, 10, st->ships[i].side, why);
        why.die = 2;
        v += jsi_roll(g, 10, st->ships[i].side, why);
        jsi_roll_outcome(g, v == JS_SHIP_ATTACK_HITS ? JS_OUTCOME_DESTROYED : JS_OUTCOME_NO_EFFECT);
        js_podgroup *pg = &st->pods[best];
        if (v == JS_SHIP_ATTACK_HITS) {
            pg->pods--;
            js_event *e = jsi_log(g, JS_EV_ATTACK, st->ships[i].side, JS_BOTH_SIDES, i, best, pg->pos, JSI_NOHEX,
                                  v, 0, "%s destroys a pod of group #%d", jsi_ship_name(st, i, nb, sizeof nb), best);
            jsi_ab(e, JS_UNIT_SHIP, JS_UNIT_POD_GROUP);
            e->cause = JS_CAUSE_SHIP_ATTACK;
            e->outcome = JS_OUTCOME_DESTROYED;
            if (pg->pods <= 0) {
                pg->alive = 0;
                jsi_log(g, JS_EV_POD_REMOVED, pg->side, JS_BOTH_SIDES, best, i, pg->pos, JSI_NOHEX, 0, 0,
                        "pod group #%d is gone", best)
                    ->cause = JS_CAUSE_SHIP_ATTACK;
            }
        }
    }
    for (int i = 0; i < st->nships; i++) {
        st->ships[i].attack_target = -1;
        st->ships[i].attack_target_set = 0;
    }
}
