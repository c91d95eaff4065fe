/* values.c — what ships, stores and positions are worth to the computer, in victory points (W-1),
 * and the small geometric questions every part of it asks. */
#include "ai_int.h"

int ai_share(const js_state *st, int ship)
{
    const js_card_def *d = js_ship_card(st, ship);
    return d && d->ships > 0 ? d->points / d->ships : 0;
}

double ai_card_value(const js_card_def *d)
{
    /* fighting power per ship: pods kill, missiles finish, hull and shields last, speed brings it */
    double per = d->pod_squadrons * d->pods_per_squadron * 1.0 + d->missiles * 0.5 + (d->hull + d->shields) * 0.6 +
                 d->move * 0.4 + d->tr * 0.5;
    return per * d->ships + d->points * 0.5;
}

void ai_result_worth(const js_state *st, int ship, double *destroy, double *disable)
{
    double share = ai_share(st, ship);
    bool active = st->ships[ship].state == JS_SHIP_ACTIVE;
    *destroy = active ? share + 1.0 : 0.5 * share + 0.3; /* a disabled ship already counts half (W-1) */
    *disable = active ? 0.65 * share + 0.7 : 0;          /* D-2: disabling twice changes nothing */
}

double ai_missile_worth(const js_state *st, int ship)
{
    double wd, wx;
    ai_result_worth(st, ship, &wd, &wx);
    return JS_MISSILE_DESTROYS / 10.0 * wd + (JS_MISSILE_DISABLES - JS_MISSILE_DESTROYS) / 10.0 * wx; /* C-1 */
}

double ai_ship_value(const js_state *st, int ship) { return ai_share(st, ship) + 1.0; }

bool ai_open_jump_point(const js_site *s, int side)
{
    return s->kind == JS_SITE_JUMP_POINT && s->alive && s->side == side;
}

bool ai_ship_here(const js_state *st, int ship)
{
    const js_ship *s = &st->ships[ship];
    if (s->state == JS_SHIP_DESTROYED)
        return false;
    return s->on_map || st->units[s->unit].where == JS_AT_ARRIVING;
}

bool ai_ship_acts(const js_state *st, int ship)
{
    return ai_ship_here(st, ship) && st->ships[ship].state == JS_SHIP_ACTIVE && js_ship_card(st, ship);
}

int ai_guard_total(const js_ship *s)
{
    int t = 0;
    for (int i = 0; i < 6; i++)
        t += s->guard[i];
    return t;
}

int ai_dir_toward(js_hex from, js_hex to) { return js_hex_dir_toward(from, to); }

int ai_turns_between(int facing, int dir)
{
    int d = facing - dir;
    if (d < 0)
        d = -d;
    return d > 3 ? 6 - d : d;
}

bool ai_covers(const js_state *st, int ship, js_ship_place at, js_hex h)
{
    const js_card_def *d = js_ship_card(st, ship);
    if (!d)
        return false;
    js_hex fp[7];
    int n = js_footprint(d->size, at.hex, at.facing, fp);
    for (int i = 0; i < n; i++)
        if (js_hex_eq(fp[i], h))
            return true;
    return false;
}

int ai_pods_controlled(const js_state *st, int ship)
{
    int n = 0;
    for (int i = 0; i < JS_MAX_PODS; i++)
        n += st->pods[i].alive && st->pods[i].controller == ship;
    return n;
}

void ai_pod_odds(int mod, int pods, bool to_disable, double *destroy, double *disable)
{
    /* C-3 (C-4 when to_disable): one pod's outcome by its d10, the worst of all pods counts */
    int faces[3] = {0, 0, 0};
    for (int v = 1; v <= 10; v++) {
        int t = v + mod, o;
        if (to_disable)
            o = t <= JS_POD_TD_DISABLES ? 1 : t <= JS_POD_TD_DESTROYS ? 0 : 2;
        else
            o = t < JS_POD_DESTROYS_BELOW ? 0 : t <= JS_POD_DISABLES ? 1 : 2;
        faces[o]++;
    }
    double ge1 = 1, ge2 = 1;
    for (int i = 0; i < pods; i++) {
        ge1 *= (faces[1] + faces[2]) / 10.0;
        ge2 *= faces[2] / 10.0;
    }
    *destroy = 1 - ge1;
    *disable = ge1 - ge2;
}

double ai_eval(const js_state *st, int me)
{
    int foe = 1 - me;
    double v = st->points[me] - st->points[foe];
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        const js_card_def *d = js_ship_card(st, i);
        if (!d || !s->on_map || s->state == JS_SHIP_DESTROYED)
            continue;
        double sign = s->side == me ? -1 : 1, share = ai_share(st, i);
        double loss = 0;
        if (s->state == JS_SHIP_DISABLED)
            loss += 0.65 * share; /* half at the end (W-1), and an easy kill until then */
        else
            loss += 0.25 * share * s->hull_damage / (d->hull > 0 ? d->hull : 1);
        double stores = s->state == JS_SHIP_ACTIVE ? 0.08 * s->missiles + 0.3 * s->pod_squadrons : 0;
        v += sign * loss - sign * stores;
    }
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive)
            v += (st->pods[i].side == me ? 0.08 : -0.08) * st->pods[i].pods;
    return v;
}

bool ai_precious(const js_card_def *d) { return d->ships > 0 && d->points / d->ships >= 25; }

/* A carrier is most of a scenario's target (30 of 40 points) and a missile that reaches it destroys
 * it one time in five (C-1): while the enemy has missiles enough on the map to try again and again,
 * the careful levels leave it in reserve, where it cannot be lost (docs/ai.md, "The carrier
 * waits"). Only what both sides see counts: the missiles of the enemy's ships on the map. */
bool ai_hold_precious(const js_state *st, int me, const ai_params *p)
{
    if (p->hold_missiles <= 0)
        return false;
    int missiles = 0;
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        if (s->side != me && s->on_map && s->state == JS_SHIP_ACTIVE)
            missiles += s->missiles;
    }
    return missiles >= p->hold_missiles;
}

int ai_enemy_distance(const js_state *st, int me, js_hex h, bool disabled_only)
{
    int best = AI_FAR;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side != me && ai_ship_here(st, i) &&
            (!disabled_only || st->ships[i].state == JS_SHIP_DISABLED) && js_hex_distance(st->ships[i].pos, h) < best)
            best = js_hex_distance(st->ships[i].pos, h);
    return best;
}
