/* jsd_lesson.c — reading a lesson file (docs/lessons.md): its members, the scenario it names or
 * embeds, the opponent's commands, the goal and the steps. Playing it is jsd_lesson_run.c's. */
#include "jsd_internal.h"
#include "jsd_lesson.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CONTROL_NAMES[JSD_CTL_COUNT] = {
    "map",      "ready",    "slot",   "turn",       "move",       "phase",     "missiles",
    "pods",     "guard",    "undo",   "pod_plot",   "launch",     "hold",      "pod_move",
    "missile",  "pod_attack", "sacrifice", "ship_attack", "cards"};
static const char *const PANEL_NAMES[] = {"side", "log", "top", "board"};
static const char *const STATE_NAMES[] = {"active", "disabled", "destroyed"};
static const char *const WHERE_NAMES[] = {"reserve", "cargo", "map", "gone"};

const char *jsd_control_name(int i) { return i >= 0 && i < JSD_CTL_COUNT ? CONTROL_NAMES[i] : NULL; }

void jsd_lesson_free(jsd_lesson *l)
{
    if (!l)
        return;
    for (int i = 0; i < JSD_LESSON_MAX_STEPS; i++)
        free(l->steps[i].expect);
    free(l->scn);
    free(l->opp);
    free(l->opp_turn);
    free(l);
}

static bool valid_id(const char *s)
{
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-' || *s == '_'))
            return false;
    return true;
}

/* "P-3", "Z-36": a section letter, a dash, a number. */
static bool valid_rule(const char *s)
{
    if (!isupper((unsigned char)s[0]) || s[1] != '-' || !isdigit((unsigned char)s[2]))
        return false;
    for (s += 2; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

static bool parse_rules(const jx *x, const cJSON *v, const char *path, int *n, char (*out)[8])
{
    if (!jx_want_array(x, v, path, 0, JSD_LESSON_MAX_RULES))
        return false;
    *n = 0;
    for (const cJSON *r = v->child; r; r = r->next) {
        char p[JX_PATH];
        jx_idx(p, path, *n);
        if (!jx_str_v(x, r, p, 1, 7, out[*n], 8))
            return false;
        if (!valid_rule(out[*n]))
            return jx_fail(x, p, "expected a rule ID such as \"P-3\" (docs/rules.md), got \"%s\"", out[*n]);
        (*n)++;
    }
    return true;
}

/* The scenario: a file (relative to the lesson's folder) or the scenario object itself. */
static bool parse_scenario(const jx *x, const cJSON *v, const char *dir, jsd_lesson *l)
{
    char name[600];
    jsd_error e;
    if (cJSON_IsString(v)) {
        char path[JSD_PATH_MAX];
        if (!v->valuestring[0] || !jsd_path_join(dir, v->valuestring, path, sizeof path))
            return jx_fail(x, "scenario", "expected a scenario file name, got \"%s\"", v->valuestring);
        l->scn = jsd_scenario_load(path, &e);
        if (!l->scn)
            return jx_fail(x, "scenario", "%s", e.msg);
        return true;
    }
    if (!cJSON_IsObject(v)) {
        char got[64];
        jx_describe(v, got, sizeof got);
        return jx_fail(x, "scenario", "expected a scenario object or a scenario file name, got %s", got);
    }
    char *text = cJSON_PrintUnformatted(v);
    if (!text)
        return jx_fail(x, "scenario", "out of memory");
    snprintf(name, sizeof name, "%s: scenario", x->file);
    l->scn = jsd_scenario_parse(text, name, dir, &e);
    free(text);
    if (!l->scn) {
        if (x->err)
            *x->err = e;
        return false;
    }
    return true;
}

static bool parse_dice(const jx *x, const cJSON *root, jsd_lesson *l)
{
    static const char *const F[] = {"seed", "script", NULL};
    memset(&l->dice, 0, sizeof l->dice);
    l->dice.kind = JS_DICE_SEEDED;
    l->dice.seed = 1;
    const cJSON *d = jx_get(root, "dice");
    if (!d)
        return true;
    int seed;
    if (!jx_want_object(x, d, "dice") || !jx_fields(x, d, "dice", F) ||
        !jx_int(x, d, "dice", "seed", false, 0, 2147483647, 1, &seed))
        return false;
    l->dice.seed = (uint64_t)seed;
    const cJSON *s = jx_get(d, "script");
    if (!s)
        return true;
    if (!jx_want_array(x, s, "dice.script", 1, JSD_LESSON_MAX_SCRIPT))
        return false;
    int n = 0;
    for (const cJSON *e = s->child; e; e = e->next) {
        char p[JX_PATH];
        int v;
        jx_idx(p, "dice.script", n);
        if (!jx_int_v(x, e, p, 1, 10, &v))
            return false;
        l->script[n++] = (int8_t)v;
    }
    l->dice.kind = JS_DICE_SCRIPTED;
    l->dice.script = l->script;
    l->dice.nscript = n;
    return true;
}

static bool parse_opponent(const jx *x, const cJSON *root, jsd_lesson *l)
{
    const cJSON *o = jx_get(root, "opponent");
    if (!o)
        return true;
    if (!jx_want_array(x, o, "opponent", 0, JSD_LESSON_MAX_OPP))
        return false;
    int n = cJSON_GetArraySize(o);
    l->opp = calloc((size_t)n + 1, sizeof *l->opp);
    l->opp_turn = calloc((size_t)n + 1, sizeof *l->opp_turn);
    if (!l->opp || !l->opp_turn)
        return jx_fail(x, "opponent", "out of memory");
    for (const cJSON *c = o->child; c; c = c->next) {
        char p[JX_PATH];
        jx_idx(p, "opponent", l->nopp);
        int turn = 0;
        if (!jsd_cmd_parse(x, c, p, "turn", &l->opp[l->nopp]) ||
            !jx_int(x, c, p, "turn", false, 1, 500, 0, &turn))
            return false;
        if (l->opp[l->nopp].side == l->player) {
            char q[JX_PATH];
            jx_key(q, p, "side");
            return jx_fail(x, q, "the opponent plays %s; \"%s\" is the player's side", jx_side_name(1 - l->player),
                           jx_side_name(l->player));
        }
        l->opp_turn[l->nopp++] = (int16_t)turn;
    }
    return true;
}

static bool parse_pred(const jx *x, const cJSON *v, const char *path, const js_scenario *s, jsd_pred *out)
{
    static const char *const F[] = {"ship", "at", "state", "unit", "where", "points", "turn", NULL};
    memset(out, 0, sizeof *out);
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, F))
        return false;
    int id, st, col, row;
    char p[JX_PATH];
    if (jx_get(v, "ship")) {
        if (!jx_int(x, v, path, "ship", true, 0, JS_MAX_SHIPS - 1, 0, &id))
            return false;
        out->id = (int16_t)id;
        const cJSON *at = jx_get(v, "at");
        if (at && jx_get(v, "state"))
            return jx_fail(x, path, "give \"at\" or \"state\" with \"ship\", not both");
        if (at) {
            jx_key(p, path, "at");
            if (!jx_hex_v(x, at, p, &col, &row))
                return false;
            if (col < 0 || row < 0 || col >= s->width || row >= s->height)
                return jx_fail(x, p, "[%d,%d] is off the %dx%d map", col, row, s->width, s->height);
            out->kind = JSD_PRED_AT;
            out->hex = js_hex_from_offset(col, row);
            return true;
        }
        if (!jx_enum(x, v, path, "state", true, STATE_NAMES, 3, 0, &st))
            return false;
        out->kind = JSD_PRED_STATE;
        out->value = (int8_t)st;
        return true;
    }
    if (jx_get(v, "unit")) {
        if (!jx_int(x, v, path, "unit", true, 0, JS_MAX_UNITS - 1, 0, &id) ||
            !jx_enum(x, v, path, "where", true, WHERE_NAMES, 4, 0, &st))
            return false;
        out->kind = JSD_PRED_WHERE;
        out->id = (int16_t)id;
        out->value = (int8_t)st;
        return true;
    }
    if (jx_get(v, "points")) {
        if (!jx_int(x, v, path, "points", true, 1, 10000, 0, &id))
            return false;
        out->kind = JSD_PRED_POINTS;
        out->id = (int16_t)id;
        return true;
    }
    if (jx_get(v, "turn")) {
        if (!jx_int(x, v, path, "turn", true, 1, 500, 0, &id))
            return false;
        out->kind = JSD_PRED_TURN;
        out->id = (int16_t)id;
        return true;
    }
    return jx_fail(x, path, "expected one of {\"ship\", \"at\"}, {\"ship\", \"state\"}, {\"unit\", \"where\"}, "
                            "{\"points\"} or {\"turn\"}");
}

static bool parse_goal(const jx *x, const cJSON *root, jsd_lesson *l)
{
    static const char *const F[] = {"text", "when", NULL};
    const cJSON *g, *w;
    if (!jx_need(x, root, "", "goal", &g) || !jx_want_object(x, g, "goal") || !jx_fields(x, g, "goal", F) ||
        !jx_text(x, g, "goal", "text", true, 1, JSD_LESSON_LINE - 1, l->goal_text, sizeof l->goal_text) ||
        !jx_need(x, g, "goal", "when", &w))
        return false;
    if (cJSON_IsObject(w))
        return parse_pred(x, w, "goal.when", l->scn, &l->pred[l->npred++]);
    if (!jx_want_array(x, w, "goal.when", 1, JSD_LESSON_MAX_PRED))
        return false;
    for (const cJSON *p = w->child; p; p = p->next) {
        char path[JX_PATH];
        jx_idx(path, "goal.when", l->npred);
        if (!parse_pred(x, p, path, l->scn, &l->pred[l->npred]))
            return false;
        l->npred++;
    }
    return true;
}

static bool parse_highlight(const jx *x, const cJSON *v, const char *path, const js_scenario *s,
                            jsd_highlight *h)
{
    static const char *const F[] = {"hex", "ship", "control", "panel", NULL};
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, F))
        return false;
    if (cJSON_GetArraySize(v) != 1)
        return jx_fail(x, path, "expected exactly one of \"hex\", \"ship\", \"control\", \"panel\"");
    const cJSON *m = v->child;
    char p[JX_PATH];
    jx_key(p, path, m->string);
    int i, col, row;
    if (strcmp(m->string, "hex") == 0) {
        if (!jx_hex_v(x, m, p, &col, &row))
            return false;
        if (col < 0 || row < 0 || col >= s->width || row >= s->height)
            return jx_fail(x, p, "[%d,%d] is off the %dx%d map", col, row, s->width, s->height);
        h->kind = JSD_HL_HEX;
        h->hex = js_hex_from_offset(col, row);
    } else if (strcmp(m->string, "ship") == 0) {
        if (!jx_int_v(x, m, p, 0, JS_MAX_SHIPS - 1, &i))
            return false;
        h->kind = JSD_HL_SHIP;
        h->ship = (int16_t)i;
    } else if (strcmp(m->string, "control") == 0) {
        if (!jx_enum_v(x, m, p, CONTROL_NAMES, JSD_CTL_COUNT, &i))
            return false;
        h->kind = JSD_HL_CONTROL;
        h->control = 1u << i;
    } else {
        if (!jx_enum_v(x, m, p, PANEL_NAMES, 4, &i))
            return false;
        h->kind = JSD_HL_PANEL;
        h->panel = (int8_t)i;
    }
    return true;
}

static bool parse_unlock(const jx *x, const cJSON *v, const char *path, uint32_t *out)
{
    const char *names[JSD_CTL_COUNT + 1];
    for (int i = 0; i < JSD_CTL_COUNT; i++)
        names[i] = CONTROL_NAMES[i];
    names[JSD_CTL_COUNT] = "all";
    if (!jx_want_array(x, v, path, 0, JSD_CTL_COUNT + 1))
        return false;
    *out = 0;
    int n = 0;
    for (const cJSON *c = v->child; c; c = c->next, n++) {
        char p[JX_PATH];
        int i;
        jx_idx(p, path, n);
        if (!jx_enum_v(x, c, p, names, JSD_CTL_COUNT + 1, &i))
            return false;
        uint32_t bit = i == JSD_CTL_COUNT ? JSD_CTL_ALL : 1u << i;
        if (*out & bit && i < JSD_CTL_COUNT)
            return jx_fail(x, p, "\"%s\" is named twice", names[i]);
        *out |= bit;
    }
    return true;
}

static bool parse_step(const jx *x, const cJSON *v, int i, jsd_lesson *l)
{
    static const char *const F[] = {"text", "highlight", "arrow", "unlock", "expect", "solution", NULL};
    char path[JX_PATH], p[JX_PATH];
    jx_idx(path, "steps", i);
    jsd_lesson_step *s = &l->steps[i];
    const cJSON *e;
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, F) ||
        !jx_text(x, v, path, "text", true, 1, JSD_LESSON_TEXT - 1, s->text, sizeof s->text) ||
        !jx_bool(x, v, path, "arrow", false, false, &s->arrow) || !jx_need(x, v, path, "expect", &e))
        return false;
    const cJSON *h = jx_get(v, "highlight");
    jx_key(p, path, "highlight");
    if (h && !parse_highlight(x, h, p, l->scn, &s->hl))
        return false;
    if (s->arrow && !h) {
        jx_key(p, path, "arrow");
        return jx_fail(x, p, "an arrow points at the highlight; the step has none");
    }
    const cJSON *u = jx_get(v, "unlock");
    jx_key(p, path, "unlock");
    if (u && !parse_unlock(x, u, p, &s->unlock))
        return false;
    const cJSON *sol = jx_get(v, "solution");
    jx_key(p, path, "expect");
    if (cJSON_IsString(e) && strcmp(e->valuestring, "next") == 0) {
        if (sol) {
            jx_key(p, path, "solution");
            return jx_fail(x, p, "a step that waits for Next has no solution");
        }
        return true;
    }
    if (!cJSON_IsObject(e) || !cJSON_IsString(jx_get(e, "type"))) {
        char got[64];
        jx_describe(e, got, sizeof got);
        return jx_fail(x, p, "expected \"next\" or a command pattern (an object with \"type\"), got %s", got);
    }
    if (!sol) {
        return jx_fail(x, path, "missing required field \"solution\" (a command that completes the step; "
                                "jumpstrike-sim validate plays it)");
    }
    char q[JX_PATH];
    jx_key(q, path, "solution");
    if (!jsd_cmd_parse(x, sol, q, NULL, &s->solution))
        return false;
    if (s->solution.side != l->player) {
        char sp[JX_PATH];
        jx_key(sp, q, "side");
        return jx_fail(x, sp, "the player plays %s; a solution is the player's command", jx_side_name(l->player));
    }
    cJSON *solj = jsd_cmd_json(&s->solution);
    char where[JX_PATH + 120] = "";
    bool ok = solj && jsd_lesson_pattern_match(e, solj, where, sizeof where);
    cJSON_Delete(solj);
    if (!ok)
        return jx_fail(x, p, "the solution does not match it: %s", where);
    s->expect = cJSON_PrintUnformatted(e);
    if (!s->expect)
        return jx_fail(x, p, "out of memory");
    return true;
}

static bool parse_root(const jx *x, const cJSON *root, const char *dir, jsd_lesson *l)
{
    static const char *const F[] = {"format", "version", "id",   "order",  "title",    "summary",
                                    "minutes", "rules",  "player", "scenario", "dice",  "opponent",
                                    "goal",   "steps",   "learned", NULL};
    static const char *const SIDES[] = {"A", "B"};
    const cJSON *v;
    if (!jx_want_object(x, root, "") || !jx_header(x, root, "jumpstrike-lesson", JSD_LESSON_VERSION) ||
        !jx_fields(x, root, "", F) || !jx_str(x, root, "", "id", true, 1, 47, l->id, sizeof l->id))
        return false;
    if (!valid_id(l->id))
        return jx_fail(x, "id", "expected 1-47 of a-z 0-9 - _, got \"%s\"", l->id);
    if (!jx_int(x, root, "", "order", true, 1, 99, 1, &l->order) ||
        !jx_str(x, root, "", "title", true, 1, 63, l->title, sizeof l->title) ||
        !jx_text(x, root, "", "summary", false, 0, JSD_LESSON_LINE - 1, l->summary, sizeof l->summary) ||
        !jx_int(x, root, "", "minutes", false, 1, 60, 3, &l->minutes) ||
        !jx_enum(x, root, "", "player", false, SIDES, 2, 0, &l->player))
        return false;
    if ((v = jx_get(root, "rules")) && !parse_rules(x, v, "rules", &l->nrules, l->rules))
        return false;
    if (!jx_need(x, root, "", "scenario", &v) || !parse_scenario(x, v, dir, l))
        return false;
    char reason[JS_REASON_LEN] = "";
    js_dice_cfg dice = {0};
    js_game *g = js_game_create(l->scn, &dice, reason, sizeof reason);
    if (!g)
        return jx_fail(x, "scenario", "the engine refuses the scenario: %s", reason);
    js_game_destroy(g);
    if (!parse_dice(x, root, l) || !parse_opponent(x, root, l) || !parse_goal(x, root, l))
        return false;
    if (!jx_need(x, root, "", "steps", &v) || !jx_want_array(x, v, "steps", 1, JSD_LESSON_MAX_STEPS))
        return false;
    for (const cJSON *s = v->child; s; s = s->next)
        if (!parse_step(x, s, l->nsteps++, l))
            return false;
    if (!jx_need(x, root, "", "learned", &v) || !jx_want_array(x, v, "learned", 1, JSD_LESSON_MAX_LEARNED))
        return false;
    for (const cJSON *s = v->child; s; s = s->next) {
        char p[JX_PATH];
        jx_idx(p, "learned", l->nlearned);
        if (!jx_str_v(x, s, p, 1, JSD_LESSON_LINE - 1, l->learned[l->nlearned], JSD_LESSON_LINE))
            return false;
        l->nlearned++;
    }
    return true;
}

jsd_lesson *jsd_lesson_load(const char *path, jsd_error *err)
{
    jx x = {path, err};
    cJSON *root = jx_load(&x, JSD_MAX_SCENARIO);
    if (!root)
        return NULL;
    jsd_lesson *l = calloc(1, sizeof *l);
    char dir[JSD_PATH_MAX];
    bool ok = l && jsd_dirname(path, dir, sizeof dir);
    if (!l)
        jx_fail(&x, "", "out of memory");
    else if (!ok)
        jx_fail(&x, "", "the path is too long");
    ok = ok && parse_root(&x, root, dir, l);
    cJSON_Delete(root);
    if (!ok) {
        jsd_lesson_free(l);
        return NULL;
    }
    return l;
}
