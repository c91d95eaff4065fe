/* orders.c — plotting (P): which orders a ship or pod group may be given. */
#include "internal.h"

js_status js_check_order(const js_state *st, int ship, int slot, const js_order *o, char *reason,
                         size_t cap)
{
    if (ship < 0 || ship >= st->nships)
        JSI_FAIL(reason, cap, "no ship #%d", ship);
    const js_ship *s = &st->ships[ship];
    const js_card_def *d = js_ship_card(st, ship);
    if (!d || !(s->on_map || st->units[s->unit].where == JS_AT_ARRIVING))
        JSI_FAIL(reason, cap, "ship #%d is not on the map", ship);
    if (s->state != JS_SHIP_ACTIVE)
        JSI_FAIL(reason, cap, "P-6: a disabled ship's orders are frozen");
    if (slot < 0 || slot >= JS_PLAN_DEPTH)
        JSI_FAIL(reason, cap, "P-1: orders are plotted for turns T, T+1 and T+2 only");
    if (!s->fresh && slot != JS_PLAN_DEPTH - 1)
        JSI_FAIL(reason, cap, "P-1: orders for T and T+1 are already plotted; plot T+2");
    if (o->turn < -1 || o->turn > 1)
        JSI_FAIL(reason, cap, "P-2: a turn is port, starboard or none");
    if (o->move < 0 || o->move > d->move)
        JSI_FAIL(reason, cap, "P-2: %s moves at most %d hexes", d->name, d->move);
    if (o->astern < 0 || o->astern > 1)
        JSI_FAIL(reason, cap, "P-2: a move goes ahead or astern");
    if (o->phase < JS_PHASE_MIN || o->phase > JS_PHASE_MAX)
        JSI_FAIL(reason, cap, "P-2: phase is %d to %d", JS_PHASE_MIN, JS_PHASE_MAX);
    int prev = slot == 0 ? s->phase : s->plan[slot - 1].phase;
    if (o->phase - prev > JS_PHASE_STEP || prev - o->phase > JS_PHASE_STEP)
        JSI_FAIL(reason, cap, "P-2: phase may change by at most %d a turn (from %d)", JS_PHASE_STEP, prev);
    if (slot + 1 < JS_PLAN_DEPTH && s->fresh) {
        int next = s->plan[slot + 1].phase;
        if (o->phase - next > JS_PHASE_STEP || next - o->phase > JS_PHASE_STEP)
            JSI_FAIL(reason, cap, "P-2: phase %d is more than %d from the next turn's %d", o->phase,
                     JS_PHASE_STEP, next);
    }
    if (o->turn) {
        for (int i = 0; i < JS_PLAN_DEPTH; i++)
            if (i != slot && s->plan[i].turn)
                JSI_FAIL(reason, cap, "P-3: a ship turns at most once in three consecutive turns");
    }
    js_status k = jsi_check_dice_limits(st, ship, slot, o, reason, cap);
    if (k != JS_OK)
        return k;
    if (o->msl_fwd < 0 || o->msl_fwd > d->fwd_launchers)
        JSI_FAIL(reason, cap, "P-2: %d forward launcher(s)", d->fwd_launchers);
    if (o->msl_aft < 0 || o->msl_aft > d->aft_launchers)
        JSI_FAIL(reason, cap, "P-2: %d aft launcher(s)", d->aft_launchers);
    int msl = s->missiles, pods = s->pod_squadrons;
    for (int i = 0; i < JS_PLAN_DEPTH; i++)
        if (i != slot)
            msl -= s->plan[i].msl_fwd + s->plan[i].msl_aft, pods -= s->plan[i].pods;
    if (o->msl_fwd + o->msl_aft > msl)
        JSI_FAIL(reason, cap, "P-2: only %d missile(s) left to plot", msl < 0 ? 0 : msl);
    if (o->pods < 0 || o->pods > pods)
        JSI_FAIL(reason, cap, "P-2: only %d pod squadron(s) left to plot", pods < 0 ? 0 : pods);
    if (o->pods > 0)
        for (int i = 0; i < 3; i++)
            if (o->pod_dir[i] < 1 || o->pod_dir[i] > 6)
                JSI_FAIL(reason, cap, "P-4: the new pod group needs three directions 1-6");
    if (o->redistribute) {
        int sum = 0;
        for (int i = 0; i < 6; i++) {
            if (o->guard[i] < 0)
                JSI_FAIL(reason, cap, "P-2: guard pods per side cannot be negative");
            sum += o->guard[i];
        }
        if (sum != jsi_guard_total(s))
            JSI_FAIL(reason, cap, "P-2: the split must place all %d guard pods (got %d)",
                     jsi_guard_total(s), sum);
    }
    return JS_OK;
}

void jsi_apply_plot(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    if (c->type == JS_CMD_PLOT) {
        js_ship *s = &st->ships[c->unit];
        s->plan[c->slot] = c->order;
        s->plan[c->slot].pad_ = 0;
        if (!c->order.pods)
            memset(s->plan[c->slot].pod_dir, 0, sizeof s->plan[c->slot].pod_dir);
        if (!c->order.redistribute)
            memset(s->plan[c->slot].guard, 0, sizeof s->plan[c->slot].guard);
        s->plotted = 1;
    } else {
        js_podgroup *p = &st->pods[c->unit];
        p->dir[c->slot] = c->dir;
        p->plotted = 1;
    }
}
