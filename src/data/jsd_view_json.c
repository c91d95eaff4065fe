/* jsd_view_json.c — a side's view and the log as documented JSON (docs/formats.md).
 * Deterministic: fixed member order, integers only, so the same state gives the same bytes. */
#include "jsd_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *name_or(const char *const *names, int n, int i, const char *fallback)
{
    return i >= 0 && i < n ? names[i] : fallback;
}

static void add_side(cJSON *o, const char *key, int side)
{
    const char *s = jx_side_name(side);
    if (s)
        cJSON_AddStringToObject(o, key, s);
    else
        cJSON_AddNullToObject(o, key);
}

static cJSON *per_side(int a, int b)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "A", a);
    cJSON_AddNumberToObject(o, "B", b);
    return o;
}

static cJSON *int_array(const int8_t *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
    return a;
}

static cJSON *order_json(const js_order *o)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "turn", jsd_turn_names[o->turn < 0 ? 0 : o->turn > 0 ? 2 : 1]);
    cJSON_AddNumberToObject(j, "move", o->move);
    cJSON_AddBoolToObject(j, "astern", o->astern != 0);
    cJSON_AddNumberToObject(j, "phase", o->phase);
    cJSON_AddNumberToObject(j, "missiles_fwd", o->msl_fwd);
    cJSON_AddNumberToObject(j, "missiles_aft", o->msl_aft);
    cJSON_AddNumberToObject(j, "pods", o->pods);
    cJSON_AddItemToObject(j, "pod_dirs", int_array(o->pod_dir, JS_PLAN_DEPTH));
    if (o->redistribute)
        cJSON_AddItemToObject(j, "guard", int_array(o->guard, 6));
    else
        cJSON_AddNullToObject(j, "guard");
    return j;
}

static const js_card_def *card_of(const js_state *st, int def)
{
    return def >= 0 && def < st->scn.ncards ? &st->scn.cards[def] : NULL;
}

static cJSON *wait_json(const js_wait *w)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", name_or(jsd_wait_names, JS_WAIT_COUNT, w->kind, "unknown"));
    cJSON *sides = cJSON_AddArrayToObject(o, "sides");
    for (int s = 0; s < JS_SIDES; s++)
        if (w->sides & JS_SIDE_MASK(s))
            cJSON_AddItemToArray(sides, cJSON_CreateString(jx_side_name(s)));
    cJSON_AddBoolToObject(o, "secret", w->secret != 0);
    char what[sizeof w->what + 1];
    memcpy(what, w->what, sizeof w->what);
    what[sizeof w->what] = '\0';
    cJSON_AddStringToObject(o, "what", what);
    if (w->kind == JS_WAIT_DIE)
        cJSON_AddNumberToObject(o, "die_sides", w->die_sides);
    if (w->kind == JS_WAIT_GUARD)
        cJSON_AddNumberToObject(o, "max_guard", w->max_guard);
    return o;
}

static cJSON *limits_json(int limits)
{
    cJSON *a = cJSON_CreateArray();
    if (limits & JS_LIMIT_NO_MOVE)
        cJSON_AddItemToArray(a, cJSON_CreateString("no_move"));
    if (limits & JS_LIMIT_NO_LAUNCH)
        cJSON_AddItemToArray(a, cJSON_CreateString("no_launch"));
    return a;
}

static cJSON *units_json(const js_state *st)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < st->nunits && i < JS_MAX_UNITS; i++) {
        const js_unit *u = &st->units[i];
        if (u->where == JS_AT_HIDDEN)
            continue; /* counted in "reserve"; nothing else may show (L-1, L-6) */
        const js_card_def *d = card_of(st, u->def);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", i);
        add_side(o, "side", u->side);
        if (d)
            cJSON_AddStringToObject(o, "card", d->id);
        else
            cJSON_AddNullToObject(o, "card");
        cJSON_AddStringToObject(o, "where", name_or(jsd_where_names, 6, u->where, "unknown"));
        if (u->where == JS_AT_CARGO)
            cJSON_AddNumberToObject(o, "carrier", u->carrier);
        cJSON *ships = cJSON_AddArrayToObject(o, "ships");
        for (int k = 0; k < u->nships; k++)
            cJSON_AddItemToArray(ships, cJSON_CreateNumber(u->first_ship + k));
        if (u->where == JS_AT_ARRIVING) {
            /* J-6: revealed plays wait at their jump point, in arrival order */
            cJSON_AddNumberToObject(o, "jump_point", st->arrive_site[i]);
            cJSON_AddNumberToObject(o, "queue", st->arrive_order[i]);
        }
        cJSON_AddNumberToObject(o, "arrived_turn", u->arrived_turn);
        /* a launch of this card waits for the reveal; views clear it on the other side's cards */
        cJSON_AddBoolToObject(o, "pending", u->pending != 0);
        if (st->scn.deploy & JS_DEPLOY_DICE) /* K-4, K-6: only in its arrival turn */
            cJSON_AddItemToObject(o, "limits", limits_json(u->arrived_turn == st->turn ? u->limits : 0));
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *ships_json(const js_state *st, int viewer)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < st->nships && i < JS_MAX_SHIPS; i++) {
        const js_ship *sh = &st->ships[i];
        if (!sh->on_map)
            continue;
        const js_unit *u = sh->unit >= 0 && sh->unit < JS_MAX_UNITS ? &st->units[sh->unit] : NULL;
        const js_card_def *d = u ? card_of(st, u->def) : NULL;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", i);
        cJSON_AddNumberToObject(o, "unit", sh->unit);
        add_side(o, "side", sh->side);
        if (d)
            cJSON_AddStringToObject(o, "card", d->id);
        else
            cJSON_AddNullToObject(o, "card");
        cJSON *hexes = cJSON_AddArrayToObject(o, "hexes");
        js_hex fp[7];
        int n = js_footprint(d ? d->size : JS_SIZE_SMALL, sh->pos, sh->facing, fp);
        for (int k = 0; k < n; k++)
            cJSON_AddItemToArray(hexes, jx_axial_json(fp[k]));
        cJSON_AddNumberToObject(o, "facing", sh->facing);
        cJSON_AddNumberToObject(o, "phase", sh->phase);
        cJSON_AddNumberToObject(o, "shields", sh->shields);
        cJSON_AddNumberToObject(o, "hull_damage", sh->hull_damage);
        cJSON_AddStringToObject(o, "state", name_or(jsd_ship_state_names, 3, sh->state, "unknown"));
        cJSON_AddNumberToObject(o, "tr", sh->tr);
        cJSON_AddNumberToObject(o, "missiles", sh->missiles);
        cJSON_AddNumberToObject(o, "pod_squadrons", sh->pod_squadrons);
        cJSON_AddItemToObject(o, "guard", int_array(sh->guard, 6));
        if (viewer < 0 || viewer == sh->side) {
            cJSON *plan = cJSON_AddArrayToObject(o, "plan");
            for (int k = 0; k < JS_PLAN_DEPTH; k++)
                cJSON_AddItemToArray(plan, order_json(&sh->plan[k]));
        }
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *pods_json(const js_state *st, int viewer)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        if (!p->alive)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", i);
        add_side(o, "side", p->side);
        cJSON_AddNumberToObject(o, "controller", p->controller);
        cJSON_AddItemToObject(o, "hex", jx_axial_json(p->pos));
        cJSON_AddNumberToObject(o, "pods", p->pods);
        cJSON_AddNumberToObject(o, "launched_turn", p->launched_turn);
        if (viewer < 0 || viewer == p->side)
            cJSON_AddItemToObject(o, "dirs", int_array(p->dir, JS_PLAN_DEPTH));
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *missiles_json(const js_state *st)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        const js_missile *m = &st->missiles[i];
        if (!m->alive)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", i);
        add_side(o, "side", m->side);
        cJSON_AddNumberToObject(o, "ship", m->ship);
        cJSON_AddItemToObject(o, "hex", jx_axial_json(m->pos));
        cJSON_AddNumberToObject(o, "facing", m->facing);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *sites_json(const js_state *st)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < st->nsites && i < JS_MAX_SITES; i++) {
        const js_site *s = &st->sites[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", i);
        cJSON_AddStringToObject(o, "kind", name_or(jsd_site_kind_names, 3, s->kind, "unknown"));
        add_side(o, "side", s->side);
        if (s->kind == JS_SITE_JUMP_POINT && s->section >= 0 && s->section < 3)
            cJSON_AddStringToObject(o, "section", jsd_section_names[s->section]);
        else
            cJSON_AddNullToObject(o, "section");
        cJSON_AddItemToObject(o, "hex", jx_axial_json(s->hex));
        cJSON_AddBoolToObject(o, "alive", s->alive != JS_SITE_GONE);
        if (s->kind != JS_SITE_JUMP_POINT) /* K-7: captured, settled in the resolution phase */
            cJSON_AddBoolToObject(o, "held", s->alive == JS_SITE_HELD);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

/* A command card by its deck index (H-1). */
static cJSON *command_card_json(const js_state *st, int idx)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "deck", idx);
    const js_command_card *cc = idx >= 0 && idx < st->scn.ndeck && idx < JS_MAX_DECK
                                    ? &st->scn.deck[idx] : NULL;
    if (!cc) {
        cJSON_AddNullToObject(o, "name");
        return o;
    }
    char name[JS_NAME_LEN + 1];
    memcpy(name, cc->name, JS_NAME_LEN);
    name[JS_NAME_LEN] = '\0';
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddStringToObject(o, "kind", name_or(jsd_cc_kind_names, 5, cc->kind, "unknown"));
    cJSON_AddStringToObject(o, "section", name_or(jsd_section_names, 4, cc->section, "any"));
    cJSON_AddNumberToObject(o, "orders", cc->orders);
    return o;
}

static cJSON *card_list_json(const js_state *st, const int16_t *idx, int n, int cap)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n && i < cap; i++)
        cJSON_AddItemToArray(a, command_card_json(st, idx[i]));
    return a;
}

/* J-3: the side's own card waiting for the reveal, or null. */
static cJSON *play_json(const js_state *st, int side)
{
    int card = st->play_card[side];
    if (card < 0)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "card", command_card_json(st, card));
    int sec = st->play_section[side], site = st->play_site[side];
    if (sec >= 0 && sec < 3)
        cJSON_AddStringToObject(o, "section", jsd_section_names[sec]);
    else
        cJSON_AddNullToObject(o, "section");
    if (site >= 0)
        cJSON_AddNumberToObject(o, "jump_point", site);
    else
        cJSON_AddNullToObject(o, "jump_point");
    cJSON *dl = cJSON_AddArrayToObject(o, "deploy");
    for (int k = 0; k < st->nplay_units[side] && k < JS_MAX_DEPLOY; k++) {
        cJSON *d = cJSON_CreateObject();
        cJSON_AddNumberToObject(d, "unit", st->play_units[side][k]);
        cJSON_AddNumberToObject(d, "facing", st->play_place[side][k].facing);
        cJSON_AddNumberToObject(d, "phase", st->play_place[side][k].phase);
        cJSON_AddItemToArray(dl, d);
    }
    return o;
}

/* H: per side, what both may know (Billet, counts); the viewer's own side adds its hand, its
 * pending play, its Vanguard and its jump-point picks. */
static cJSON *hands_json(const js_state *st, int viewer)
{
    cJSON *hands = cJSON_CreateObject();
    for (int s = 0; s < JS_SIDES; s++) {
        cJSON *o = cJSON_AddObjectToObject(hands, jx_side_name(s));
        cJSON_AddNumberToObject(o, "billet", st->billet[s]);
        cJSON_AddNumberToObject(o, "hand_size", st->nhand[s]);
        cJSON_AddNumberToObject(o, "hq", st->nhq[s]);
        cJSON_AddNumberToObject(o, "discard", st->ndiscard[s]);
        if (viewer >= 0 && viewer != s)
            continue;
        cJSON_AddItemToObject(o, "hand", card_list_json(st, st->hand[s], st->nhand[s], JS_MAX_HAND));
        cJSON_AddItemToObject(o, "play", play_json(st, s));
        cJSON_AddItemToObject(o, "vanguard", card_list_json(st, st->vanguard[s], st->nvanguard[s],
                                                            JS_MAX_VANGUARD));
        cJSON *picks = cJSON_AddObjectToObject(o, "jump_point_picks");
        for (int sec = 0; sec < 3; sec++)
            if (st->jp_set_mask[s] & (1 << sec))
                cJSON_AddItemToObject(picks, jsd_section_names[sec], jx_axial_json(st->jp_pick[s][sec]));
            else
                cJSON_AddNullToObject(picks, jsd_section_names[sec]);
    }
    return hands;
}

static cJSON *place_json(const js_ship_place *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "hex", jx_axial_json(p->hex));
    cJSON_AddNumberToObject(o, "facing", p->facing);
    cJSON_AddNumberToObject(o, "phase", p->phase);
    return o;
}

/* K: per side, the roll this Command phase and hesitancy (public); the viewer's own side adds
 * its pending deployments and its jump-off and entry picks at setup. */
static cJSON *dice_json(const js_state *st, int viewer)
{
    cJSON *dice = cJSON_CreateObject();
    for (int s = 0; s < JS_SIDES; s++) {
        cJSON *o = cJSON_AddObjectToObject(dice, jx_side_name(s));
        int n = st->nkdice[s] < JS_MAX_KDICE ? st->nkdice[s] : JS_MAX_KDICE;
        cJSON_AddItemToObject(o, "rolled", int_array(st->kdice[s], n < 0 ? 0 : n));
        cJSON_AddBoolToObject(o, "hesitant", st->khesitant[s] != 0);
        cJSON_AddBoolToObject(o, "entry_hesitant", st->kentry_hesitant[s] != 0);
        if (viewer >= 0 && viewer != s)
            continue;
        cJSON *dl = cJSON_AddArrayToObject(o, "deployments");
        for (int k = 0; k < st->nkdep[s] && k < JS_MAX_KDICE; k++) {
            const js_dice_deploy *dp = &st->kdep[s][k];
            cJSON *d = cJSON_CreateObject();
            cJSON_AddNumberToObject(d, "unit", dp->unit);
            cJSON *dd = cJSON_AddArrayToObject(d, "dice");
            for (int i = 0; i < JS_MAX_KDICE; i++)
                if (dp->dice & (1u << i))
                    cJSON_AddItemToArray(dd, cJSON_CreateNumber(i));
            cJSON_AddNumberToObject(d, "total", dp->total);
            cJSON_AddNumberToObject(d, "site", dp->site);
            if (dp->passenger >= 0)
                cJSON_AddNumberToObject(d, "passenger", dp->passenger);
            else
                cJSON_AddNullToObject(d, "passenger");
            const js_card_def *cd = dp->unit >= 0 && dp->unit < st->nunits ? card_of(st, st->units[dp->unit].def) : NULL;
            cJSON *pl = cJSON_AddArrayToObject(d, "place");
            for (int i = 0; i < (cd ? cd->ships : 0) && i < JS_MAX_SQUAD; i++)
                cJSON_AddItemToArray(pl, place_json(&dp->place[i]));
            cJSON_AddItemToArray(dl, d);
        }
        cJSON *jp = cJSON_AddArrayToObject(o, "jump_off_picks");
        for (int k = 0; k < st->scn.jump_offs && k < JS_MAX_JUMP_OFFS; k++)
            cJSON_AddItemToArray(jp, (st->jo_set_mask[s] & (1 << k)) ? jx_axial_json(st->jo_pick[s][k])
                                                                      : cJSON_CreateNull());
        cJSON_AddItemToObject(o, "entry_pick", st->entry_set[s] ? jx_axial_json(st->entry_pick[s])
                                                                : cJSON_CreateNull());
    }
    return dice;
}

/* S-1: the support vessels on offer (scenario data, public) and the viewer's own purchases. */
static cJSON *support_json(const js_state *st, int viewer)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "points", per_side(st->scn.support_points[0], st->scn.support_points[1]));
    cJSON *offers = cJSON_AddArrayToObject(o, "offers");
    for (int i = 0; i < st->scn.nsupport && i < JS_MAX_SUPPORT; i++) {
        const js_support_offer *so = &st->scn.support[i];
        const js_card_def *d = card_of(st, so->def);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "id", i);
        if (d)
            cJSON_AddStringToObject(e, "card", d->id);
        else
            cJSON_AddNullToObject(e, "card");
        add_side(e, "side", so->side);
        cJSON_AddNumberToObject(e, "cost", d ? d->points : 0);
        cJSON_AddItemToArray(offers, e);
    }
    cJSON *pur = cJSON_AddObjectToObject(o, "purchases");
    for (int s = 0; s < JS_SIDES; s++) {
        if (viewer >= 0 && viewer != s)
            continue; /* secret (S-3, X-2): not even how many */
        cJSON *a = cJSON_AddArrayToObject(pur, jx_side_name(s));
        for (int k = 0; k < st->npurchase[s] && k < JS_MAX_SUPPORT; k++)
            cJSON_AddItemToArray(a, cJSON_CreateNumber(st->purchase[s][k]));
    }
    return o;
}

char *jsd_view_to_json(const js_view *v, bool pretty)
{
    const js_state *st = &v->st;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "jumpstrike-state");
    cJSON_AddNumberToObject(root, "version", 1);
    if (v->viewer == JS_SIDE_A || v->viewer == JS_SIDE_B)
        cJSON_AddStringToObject(root, "viewer", jx_side_name(v->viewer));
    else
        cJSON_AddStringToObject(root, "viewer", "all");
    cJSON_AddStringToObject(root, "scenario", st->scn.id);
    cJSON_AddNumberToObject(root, "turn", st->turn);
    cJSON_AddStringToObject(root, "phase", name_or(jsd_phase_names, JS_PHASE_COUNT, st->phase,
                                                   "unknown"));
    cJSON_AddStringToObject(root, "initiative", st->turn % 2 == 1 ? "A" : "B"); /* V-2 */
    bool over = st->phase == JS_PHASE_OVER;
    cJSON_AddBoolToObject(root, "over", over);
    if (!over)
        cJSON_AddNullToObject(root, "winner");
    else if (st->winner == JS_SIDE_A || st->winner == JS_SIDE_B)
        cJSON_AddStringToObject(root, "winner", jx_side_name(st->winner));
    else
        cJSON_AddStringToObject(root, "winner", "draw");
    cJSON_AddItemToObject(root, "energy", per_side(st->energy[0], st->energy[1]));
    cJSON_AddItemToObject(root, "points", per_side(st->points[0], st->points[1]));
    cJSON_AddItemToObject(root, "reserve", per_side(v->reserve_count[0], v->reserve_count[1]));
    cJSON *deploy = cJSON_AddArrayToObject(root, "deploy");
    if (st->scn.deploy & JS_DEPLOY_LAUNCH)
        cJSON_AddItemToArray(deploy, cJSON_CreateString("launch"));
    if (st->scn.deploy & JS_DEPLOY_JUMP)
        cJSON_AddItemToArray(deploy, cJSON_CreateString("jump"));
    if (st->scn.deploy & JS_DEPLOY_DICE)
        cJSON_AddItemToArray(deploy, cJSON_CreateString("dice"));
    cJSON_AddItemToObject(root, "wait", wait_json(&v->wait));
    if (st->attack.active) {
        cJSON *a = cJSON_AddObjectToObject(root, "attack");
        cJSON_AddNumberToObject(a, "group", st->attack.group);
        cJSON_AddNumberToObject(a, "target", st->attack.target);
        cJSON_AddBoolToObject(a, "target_is_pod", st->attack.target_is_pod != 0);
        cJSON_AddNumberToObject(a, "count", st->attack.count);
        cJSON_AddNumberToObject(a, "guard_side", st->attack.guard_side);
    }
    cJSON_AddItemToObject(root, "units", units_json(st));
    cJSON_AddItemToObject(root, "ships", ships_json(st, v->viewer));
    cJSON_AddItemToObject(root, "pods", pods_json(st, v->viewer));
    cJSON_AddItemToObject(root, "missiles", missiles_json(st));
    cJSON_AddItemToObject(root, "sites", sites_json(st));
    if (st->scn.deploy & JS_DEPLOY_JUMP)
        cJSON_AddItemToObject(root, "hands", hands_json(st, v->viewer));
    if (st->scn.deploy & JS_DEPLOY_DICE)
        cJSON_AddItemToObject(root, "dice", dice_json(st, v->viewer));
    if (st->scn.nsupport > 0)
        cJSON_AddItemToObject(root, "support", support_json(st, v->viewer));
    return jx_print(root, pretty);
}

/* The engine marks "no hex" with q = INT16_MIN; the log says null. */
static cJSON *event_hex(js_hex h)
{
    return h.q == INT16_MIN ? cJSON_CreateNull() : jx_axial_json(h);
}

static cJSON *event_json(const js_event *e, int index)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "i", index);
    cJSON_AddNumberToObject(o, "turn", e->turn);
    cJSON_AddStringToObject(o, "phase", name_or(jsd_phase_names, JS_PHASE_COUNT, e->phase,
                                                "unknown"));
    cJSON_AddStringToObject(o, "type", e->type >= 0 && e->type < JS_EV_COUNT ? js_event_type_name(e->type) : "unknown");
    add_side(o, "side", e->side);
    cJSON_AddNumberToObject(o, "a", e->a);
    cJSON_AddNumberToObject(o, "b", e->b);
    cJSON_AddItemToObject(o, "hex", event_hex(e->hex));
    cJSON_AddItemToObject(o, "hex2", event_hex(e->hex2));
    cJSON_AddNumberToObject(o, "value", e->value);
    cJSON_AddNumberToObject(o, "value2", e->value2);
    char text[JS_TEXT_LEN + 1];
    memcpy(text, e->text, JS_TEXT_LEN);
    text[JS_TEXT_LEN] = '\0';
    cJSON_AddStringToObject(o, "text", text);
    if (e->rule[0]) {
        char rule[sizeof e->rule + 1];
        memcpy(rule, e->rule, sizeof e->rule);
        rule[sizeof e->rule] = '\0';
        cJSON_AddStringToObject(o, "rule", rule);
    }
    if (e->type == JS_EV_POD_ROLL) {
        const js_pod_sum *m = &e->sum;
        cJSON *sum = cJSON_AddObjectToObject(o, "sum");
        cJSON_AddNumberToObject(sum, "d10", m->d10);
        cJSON_AddNumberToObject(sum, "phase", m->phase);
        cJSON_AddNumberToObject(sum, "defense", m->defense);
        cJSON_AddNumberToObject(sum, "guard", m->guard);
        cJSON_AddNumberToObject(sum, "range", m->range);
        cJSON_AddNumberToObject(sum, "tr", m->tr);
        cJSON_AddNumberToObject(sum, "total", m->total);
    }
    return o;
}

char *jsd_log_to_json(const js_game *g, int viewer, bool pretty)
{
    cJSON *arr = cJSON_CreateArray();
    int n = js_log_count(g), seen = 0;
    /* "i" counts only the events this viewer sees: a gap in a global index would tell a side
     * that the other did something secret. */
    for (int i = 0; i < n; i++) {
        const js_event *e = js_log_at(g, i);
        if (e && js_event_visible(e, viewer))
            cJSON_AddItemToArray(arr, event_json(e, seen++));
    }
    return jx_print(arr, pretty);
}
