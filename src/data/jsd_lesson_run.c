/* jsd_lesson_run.c — playing a lesson: the opponent's answers, the player's forced choices, step
 * completion by the engine's accepted commands, the goal, and the validator's replay of the
 * whole scripted path (jsd_lesson.h). The game and `jumpstrike-sim validate` share all of it. */
#include "jsd_internal.h"
#include "jsd_lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- patterns */

static bool match(const cJSON *p, const cJSON *v, const char *path, char *where, size_t cap)
{
    char got[64], want[64];
    if (cJSON_IsObject(p)) {
        if (!cJSON_IsObject(v))
            goto differ;
        for (const cJSON *m = p->child; m; m = m->next) {
            char q[JX_PATH];
            jx_key(q, path, m->string);
            const cJSON *vm = cJSON_GetObjectItemCaseSensitive(v, m->string);
            if (!vm) {
                if (where)
                    snprintf(where, cap, "%s: the command has no member \"%s\"", q, m->string);
                return false;
            }
            if (!match(m, vm, q, where, cap))
                return false;
        }
        return true;
    }
    if (cJSON_IsArray(p)) {
        if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != cJSON_GetArraySize(p))
            goto differ;
        int i = 0;
        for (const cJSON *a = p->child, *b = v->child; a && b; a = a->next, b = b->next, i++) {
            char q[JX_PATH];
            jx_idx(q, path, i);
            if (!match(a, b, q, where, cap))
                return false;
        }
        return true;
    }
    if (cJSON_IsNumber(p) && cJSON_IsNumber(v) && p->valuedouble == v->valuedouble)
        return true;
    if (cJSON_IsString(p) && cJSON_IsString(v) && strcmp(p->valuestring, v->valuestring) == 0)
        return true;
    if ((cJSON_IsTrue(p) && cJSON_IsTrue(v)) || (cJSON_IsFalse(p) && cJSON_IsFalse(v)) ||
        (cJSON_IsNull(p) && cJSON_IsNull(v)))
        return true;
differ:
    if (where) {
        jx_describe(v, got, sizeof got);
        jx_describe(p, want, sizeof want);
        snprintf(where, cap, "%s: the command has %s, not %s", path[0] ? path : "(the command)", got, want);
    }
    return false;
}

bool jsd_lesson_pattern_match(const cJSON *pat, const cJSON *val, char *where, size_t cap)
{
    return match(pat, val, "", where, cap);
}

bool jsd_lesson_matches(const jsd_lesson *l, int i, const js_cmd *c)
{
    if (i < 0 || i >= l->nsteps || !l->steps[i].expect || c->side != l->player)
        return false;
    cJSON *p = cJSON_Parse(l->steps[i].expect);
    cJSON *v = jsd_cmd_json(c);
    bool ok = p && v && match(p, v, "", NULL, 0);
    cJSON_Delete(p);
    cJSON_Delete(v);
    return ok;
}

/* ----------------------------------------------------------------- the runtime */

void jsd_lesson_run_init(jsd_lesson_run *r) { memset(r, 0, sizeof *r); }

js_game *jsd_lesson_game(const jsd_lesson *l, char *reason, size_t cap)
{
    return js_game_create(l->scn, &l->dice, reason, cap);
}

/* What a passive opponent does when its script has nothing for this decision. */
static bool default_answer(const js_game *g, int side, int wait, js_cmd *out)
{
    const js_state *st = js_game_state(g);
    memset(out, 0, sizeof *out);
    out->side = (int8_t)side;
    switch (wait) {
    case JS_WAIT_COMMAND:
    case JS_WAIT_PLOT:
    case JS_WAIT_SHIP_ATTACK:
    case JS_WAIT_SETUP_BUY:
    case JS_WAIT_VANGUARD:
        out->type = JS_CMD_READY;
        break;
    case JS_WAIT_POD_MOVE: /* each group goes on as plotted, or holds when it cannot */
        out->type = JS_CMD_POD_MOVE;
        for (int i = 0; i < JS_MAX_PODS; i++) {
            if (!st->pods[i].alive || st->pods[i].side != side)
                continue;
            out->unit = (int16_t)i;
            out->hold = 0;
            if (js_check(g, out, NULL, 0) == JS_OK)
                return true;
            out->hold = 1;
            if (js_check(g, out, NULL, 0) == JS_OK)
                return true;
        }
        return false;
    case JS_WAIT_MISSILE:
        out->type = JS_CMD_MISSILE;
        for (int i = 0; i < JS_MAX_MISSILES; i++) {
            if (!st->missiles[i].alive || st->missiles[i].side != side)
                continue;
            out->unit = (int16_t)i;
            if (js_check(g, out, NULL, 0) == JS_OK)
                return true;
        }
        return false;
    case JS_WAIT_POD_ATTACK:
        out->type = JS_CMD_POD_ATTACK;
        out->unit = -1;
        break;
    case JS_WAIT_GUARD:
        out->type = JS_CMD_GUARD;
        break;
    default:
        return false;
    }
    return js_check(g, out, NULL, 0) == JS_OK;
}

bool jsd_lesson_opponent(const jsd_lesson *l, jsd_lesson_run *r, const js_game *g, js_cmd *out,
                         int *skipped, char *why, size_t cap)
{
    int opp = 1 - l->player;
    js_wait w = js_wait_get(g);
    const js_state *st = js_game_state(g);
    if (skipped)
        *skipped = -1;
    if (why && cap)
        why[0] = 0;
    if (w.kind == JS_WAIT_NONE || !(w.sides & JS_SIDE_MASK(opp)))
        return false;
    while (r->opp < l->nopp) {
        const js_cmd *c = &l->opp[r->opp];
        if (!js_cmd_answers(w.kind, c->type) ||
            (l->opp_turn[r->opp] && st->turn < l->opp_turn[r->opp]))
            break;
        char reason[JS_REASON_LEN] = "";
        if (js_check(g, c, reason, sizeof reason) == JS_OK) {
            *out = *c;
            r->opp++;
            return true;
        }
        if (skipped && *skipped < 0) {
            *skipped = r->opp;
            if (why && cap)
                snprintf(why, cap, "%s", reason);
        }
        r->opp++;
    }
    if (default_answer(g, opp, w.kind, out))
        return true;
    if (why && cap && !why[0])
        snprintf(why, cap, "the opponent has no answer of its own for this decision (%s); add one to \"opponent\"",
                 w.what);
    return false;
}

bool jsd_lesson_forced(const jsd_lesson *l, const js_game *g, js_cmd *out)
{
    js_wait w = js_wait_get(g);
    if (!(w.sides & JS_SIDE_MASK(l->player)))
        return false;
    return js_forced_command(g, out) && out->side == l->player;
}

bool jsd_lesson_note(const jsd_lesson *l, jsd_lesson_run *r, const js_cmd *c)
{
    if (r->step >= l->nsteps || !jsd_lesson_matches(l, r->step, c))
        return false;
    r->step++;
    return true;
}

bool jsd_lesson_next(const jsd_lesson *l, jsd_lesson_run *r)
{
    if (r->step >= l->nsteps || l->steps[r->step].expect)
        return false;
    r->step++;
    return true;
}

static bool pred_holds(const jsd_lesson *l, const jsd_pred *p, const js_state *st)
{
    const js_ship *s = p->id < st->nships ? &st->ships[p->id] : NULL;
    switch (p->kind) {
    case JSD_PRED_AT:
        return s && s->on_map && js_hex_eq(s->pos, p->hex);
    case JSD_PRED_STATE:
        if (!s)
            return false;
        if (p->value == JS_SHIP_DESTROYED)
            return s->state == JS_SHIP_DESTROYED || st->units[s->unit].where == JS_AT_GONE;
        return s->on_map && s->state == p->value;
    case JSD_PRED_WHERE:
        return p->id < st->nunits && st->units[p->id].where == p->value;
    case JSD_PRED_POINTS:
        return st->points[l->player] >= p->id;
    case JSD_PRED_TURN:
        return st->turn >= p->id;
    default:
        return false;
    }
}

bool jsd_lesson_goal(const jsd_lesson *l, const js_game *g)
{
    const js_state *st = js_game_state(g);
    for (int i = 0; i < l->npred; i++)
        if (!pred_holds(l, &l->pred[i], st))
            return false;
    return l->npred > 0;
}

bool jsd_lesson_complete(const jsd_lesson *l, const jsd_lesson_run *r, const js_game *g)
{
    return r->step >= l->nsteps && jsd_lesson_goal(l, g);
}

/* ----------------------------------------------------------------- the validator's replay */

static void when(const js_game *g, char *buf, size_t cap)
{
    const js_state *st = js_game_state(g);
    if (st->phase == JS_PHASE_OVER)
        snprintf(buf, cap, "turn %d, when the game is over", st->turn);
    else
        snprintf(buf, cap, "turn %d, %s phase", st->turn, js_phase_name(st->phase));
}

static bool check_highlight(const jx *x, const jsd_lesson *l, int i, const js_game *g)
{
    const jsd_highlight *h = &l->steps[i].hl;
    const js_state *st = js_game_state(g);
    if (h->kind != JSD_HL_SHIP)
        return true; /* hexes, controls and panels were checked when the file was read */
    const js_ship *s = h->ship < st->nships ? &st->ships[h->ship] : NULL;
    if (s && (s->on_map || st->units[s->unit].where == JS_AT_ARRIVING))
        return true;
    char path[JX_PATH], at[64];
    snprintf(path, sizeof path, "steps[%d].highlight.ship", i);
    when(g, at, sizeof at);
    return jx_fail(x, path, "ship %d is not on the map when the step begins (%s)", h->ship, at);
}

static void describe(const jsd_pred *p, char *buf, size_t cap)
{
    static const char *const STATE[] = {"active", "disabled", "destroyed"};
    static const char *const WHERE[] = {"in reserve", "in a hold", "on the map", "gone"};
    int c, r;
    js_hex_to_offset(p->hex, &c, &r);
    switch (p->kind) {
    case JSD_PRED_AT: snprintf(buf, cap, "ship %d at [%d,%d]", p->id, c, r); break;
    case JSD_PRED_STATE: snprintf(buf, cap, "ship %d %s", p->id, STATE[p->value % 3]); break;
    case JSD_PRED_WHERE: snprintf(buf, cap, "unit %d %s", p->id, WHERE[p->value % 4]); break;
    case JSD_PRED_POINTS: snprintf(buf, cap, "%d victory points", p->id); break;
    default: snprintf(buf, cap, "turn %d", p->id); break;
    }
}

bool jsd_lesson_check(const jsd_lesson *l, const char *name, js_game **end, jsd_error *err)
{
    jx x = {name, err};
    char reason[JS_REASON_LEN] = "", at[64], path[JX_PATH];
    js_game *g = jsd_lesson_game(l, reason, sizeof reason);
    if (!g)
        return jx_fail(&x, "scenario", "the engine refuses the scenario: %s", reason);
    jsd_lesson_run r;
    jsd_lesson_run_init(&r);
    bool ok = true;
    int shown = -1;
    for (int guard = 0; guard < 100000 && ok; guard++) {
        js_wait w = js_wait_get(g);
        js_cmd c;
        int skipped;
        if (w.kind == JS_WAIT_NONE)
            break;
        when(g, at, sizeof at);
        if (w.sides & JS_SIDE_MASK(1 - l->player)) {
            if (!jsd_lesson_opponent(l, &r, g, &c, &skipped, reason, sizeof reason)) {
                ok = jx_fail(&x, "opponent", "at %s: %s", at, reason);
            } else if (skipped >= 0) {
                jx_idx(path, "opponent", skipped);
                ok = jx_fail(&x, path, "the engine refuses it at %s (the game waits for: %s): %s", at, w.what, reason);
            } else if (js_submit(g, &c, reason, sizeof reason) != JS_OK) {
                ok = jx_fail(&x, "opponent", "at %s the engine refuses its answer: %s", at, reason);
            }
            continue;
        }
        if (!(w.sides & JS_SIDE_MASK(l->player)))
            break;
        if (jsd_lesson_forced(l, g, &c)) { /* the game takes these for the player */
            if (js_submit(g, &c, reason, sizeof reason) != JS_OK)
                ok = jx_fail(&x, "", "at %s the engine refuses the player's forced choice: %s", at, reason);
            jsd_lesson_note(l, &r, &c);
            continue;
        }
        if (r.step >= l->nsteps)
            break;
        if (shown != r.step) {
            shown = r.step;
            ok = check_highlight(&x, l, r.step, g);
            if (!ok)
                break;
        }
        const jsd_lesson_step *s = &l->steps[r.step];
        if (!s->expect) {
            jsd_lesson_next(l, &r);
            continue;
        }
        c = s->solution;
        snprintf(path, sizeof path, "steps[%d].solution", r.step);
        if (js_submit(g, &c, reason, sizeof reason) != JS_OK)
            ok = jx_fail(&x, path, "the engine refuses it at %s (the game waits for: %s): %s", at, w.what, reason);
        else if (!jsd_lesson_note(l, &r, &c))
            ok = jx_fail(&x, path, "it does not complete the step (it does not match \"expect\")");
    }
    if (ok && r.step < l->nsteps) {
        when(g, at, sizeof at);
        snprintf(path, sizeof path, "steps[%d]", r.step);
        ok = jx_fail(&x, path, "the lesson cannot reach this step: the game %s (%s)",
                     js_wait_get(g).kind == JS_WAIT_NONE ? "ends before it" : "waits on nobody the lesson plays", at);
    }
    if (ok && !jsd_lesson_goal(l, g)) {
        when(g, at, sizeof at);
        js_wait w = js_wait_get(g);
        int bad = 0;
        while (bad < l->npred && pred_holds(l, &l->pred[bad], js_game_state(g)))
            bad++;
        char what[64] = "";
        if (bad < l->npred)
            describe(&l->pred[bad], what, sizeof what);
        if (w.kind == JS_WAIT_NONE)
            ok = jx_fail(&x, "goal.when", "the steps end at %s and the goal is not reached (%s)", at, what);
        else
            ok = jx_fail(&x, "goal.when", "the steps end at %s (the game waits for: %s) and the goal is not "
                                          "reached (%s)", at, w.what, what);
    }
    if (ok && r.opp < l->nopp) {
        jx_idx(path, "opponent", r.opp);
        ok = jx_fail(&x, path, "never played: the lesson ends before it");
    }
    if (ok && end)
        *end = g;
    else
        js_game_destroy(g);
    return ok;
}
