/* jsd_cmd.c — js_cmd <-> one JSON object per command; command files. Format: docs/formats.md. */
#include "jsd_internal.h"

#include <stdlib.h>
#include <string.h>


/* Members each type accepts besides "type" and "side". */
static const char *const *type_fields(int type)
{
    static const char *const LAUNCH[] = {"type", "side", "unit", "place", "cargo", NULL, NULL};
    static const char *const LAUNCH_CARGO[] = {"type", "side", "unit", "place", NULL, NULL};
    static const char *const UNIT[] = {"type", "side", "unit", NULL, NULL};
    static const char *const READY[] = {"type", "side", NULL, NULL};
    static const char *const PLOT[] = {"type", "side", "ship", "slot", "order", NULL, NULL};
    static const char *const PLOT_POD[] = {"type", "side", "group", "slot", "dir", NULL, NULL};
    static const char *const POD_MOVE[] = {"type", "side", "group", "hold", NULL, NULL};
    static const char *const MISSILE[] = {"type", "side", "missile", NULL, NULL};
    static const char *const POD_ATTACK[] = {"type",  "side",  "group", "target", "target_is_pod",
                                             "count", "pass",  NULL,    NULL};
    static const char *const GUARD[] = {"type", "side", "count", NULL, NULL};
    static const char *const SHIP_ATTACK[] = {"type", "side", "ship", "target", NULL, NULL};
    static const char *const DIE[] = {"type", "side", "value", NULL, NULL};
    static const char *const BUY[] = {"type", "side", "offers", NULL, NULL};
    static const char *const PLACE_JP[] = {"type", "side", "section", "hex", NULL, NULL};
    static const char *const CARDS[] = {"type", "side", "cards", NULL, NULL};
    static const char *const PLAY[] = {"type",       "side",   "card", "section",
                                       "jump_point", "deploy", NULL,   NULL};
    static const char *const PLACE_JO[] = {"type", "side", "slot", "hex", NULL, NULL};
    static const char *const PLACE_ENTRY[] = {"type", "side", "hex", NULL, NULL};
    static const char *const DICE_DEPLOY[] = {"type",  "side",      "unit", "dice",
                                              "site",  "place", "passenger", NULL, NULL};
    switch (type) {
    case JS_CMD_PLACE_JO: return PLACE_JO;
    case JS_CMD_PLACE_ENTRY: return PLACE_ENTRY;
    case JS_CMD_DICE_DEPLOY: return DICE_DEPLOY;
    case JS_CMD_BUY: return BUY;
    case JS_CMD_PLACE_JP: return PLACE_JP;
    case JS_CMD_VANGUARD:
    case JS_CMD_DISCARD: return CARDS;
    case JS_CMD_PLAY_CARD: return PLAY;
    case JS_CMD_LAUNCH: return LAUNCH;
    case JS_CMD_LAUNCH_CARGO: return LAUNCH_CARGO;
    case JS_CMD_CANCEL_LAUNCH: return UNIT;
    case JS_CMD_READY: return READY;
    case JS_CMD_PLOT: return PLOT;
    case JS_CMD_PLOT_POD: return PLOT_POD;
    case JS_CMD_POD_MOVE: return POD_MOVE;
    case JS_CMD_MISSILE: return MISSILE;
    case JS_CMD_POD_ATTACK: return POD_ATTACK;
    case JS_CMD_GUARD: return GUARD;
    case JS_CMD_SHIP_ATTACK: return SHIP_ATTACK;
    default: return DIE;
    }
}

static bool parse_order(const jx *x, const cJSON *v, const char *path, js_order *o)
{
    static const char *const F[] = {"turn",        "move", "astern", "phase",    "missiles_fwd",
                                    "missiles_aft", "pods", "pod_dirs", "guard", NULL};
    memset(o, 0, sizeof *o);
    int turn, move, phase, mf, ma, pods;
    bool astern;
    if (!jx_want_object(x, v, path) || !jx_fields(x, v, path, F) ||
        !jx_enum(x, v, path, "turn", false, jsd_turn_names, 3, 1, &turn) ||
        !jx_int(x, v, path, "move", false, 0, 20, 0, &move) ||
        !jx_bool(x, v, path, "astern", false, false, &astern) ||
        !jx_int(x, v, path, "phase", true, JS_PHASE_MIN, JS_PHASE_MAX, JS_PHASE_DEFAULT, &phase) ||
        !jx_int(x, v, path, "missiles_fwd", false, 0, 60, 0, &mf) ||
        !jx_int(x, v, path, "missiles_aft", false, 0, 60, 0, &ma) ||
        !jx_int(x, v, path, "pods", false, 0, 20, 0, &pods))
        return false;
    o->turn = (int8_t)(turn - 1);
    o->move = (int8_t)move;
    o->astern = astern;
    o->phase = (int8_t)phase;
    o->msl_fwd = (int8_t)mf;
    o->msl_aft = (int8_t)ma;
    o->pods = (int8_t)pods;
    char p[JX_PATH];
    const cJSON *dirs = jx_get(v, "pod_dirs");
    jx_key(p, path, "pod_dirs");
    if (pods > 0 && !dirs)
        return jx_fail(x, path, "missing required field \"pod_dirs\" (a pod launch plots the new "
                                "group's first three directions)");
    if (pods == 0 && dirs)
        return jx_fail(x, p, "\"pod_dirs\" is only given with \"pods\" of 1 or more");
    if (dirs) {
        if (!jx_want_array(x, dirs, p, JS_PLAN_DEPTH, JS_PLAN_DEPTH))
            return false;
        for (int k = 0; k < JS_PLAN_DEPTH; k++) {
            char q[JX_PATH];
            jx_idx(q, p, k);
            int d;
            if (!jx_int_v(x, cJSON_GetArrayItem(dirs, k), q, 1, 6, &d))
                return false;
            o->pod_dir[k] = (int8_t)d;
        }
    }
    const cJSON *guard = jx_get(v, "guard");
    if (guard) {
        jx_key(p, path, "guard");
        if (!jx_want_array(x, guard, p, 6, 6))
            return false;
        for (int k = 0; k < 6; k++) {
            char q[JX_PATH];
            jx_idx(q, p, k);
            int g;
            if (!jx_int_v(x, cJSON_GetArrayItem(guard, k), q, 0, 60, &g))
                return false;
            o->guard[k] = (int8_t)g;
        }
        o->redistribute = 1;
    }
    return true;
}

static bool parse_places(const jx *x, const cJSON *cmd, const char *path, js_cmd *c)
{
    static const char *const F[] = {"hex", "facing", "phase", NULL};
    const cJSON *pl;
    char p[JX_PATH];
    jx_key(p, path, "place");
    if (!jx_need(x, cmd, path, "place", &pl) || !jx_want_array(x, pl, p, 1, JS_MAX_SQUAD))
        return false;
    int k = 0;
    for (const cJSON *v = pl->child; v; v = v->next, k++) {
        char q[JX_PATH], hp[JX_PATH];
        jx_idx(q, p, k);
        jx_key(hp, q, "hex");
        const cJSON *hv;
        int col, row, facing, phase;
        if (!jx_want_object(x, v, q) || !jx_fields(x, v, q, F) || !jx_need(x, v, q, "hex", &hv) ||
            !jx_hex_v(x, hv, hp, &col, &row) ||
            !jx_int(x, v, q, "facing", true, 1, 6, 1, &facing) ||
            !jx_int(x, v, q, "phase", false, 0, JS_PHASE_MAX, 0, &phase))
            return false;
        if (col < 0 || row < 0 || col >= JS_MAX_W || row >= JS_MAX_H)
            return jx_fail(x, hp, "[%d,%d] is off any map (columns 0..%d, rows 0..%d)", col, row,
                           JS_MAX_W - 1, JS_MAX_H - 1);
        c->place[k].hex = js_hex_from_offset(col, row);
        c->place[k].facing = (int8_t)facing;
        c->place[k].phase = (int8_t)phase;
    }
    c->nplace = (int8_t)k;
    return true;
}

static bool parse_cargo(const jx *x, const cJSON *cmd, const char *path, js_cmd *c)
{
    const cJSON *cg = jx_get(cmd, "cargo");
    if (!cg)
        return true;
    char p[JX_PATH];
    jx_key(p, path, "cargo");
    if (!jx_want_array(x, cg, p, 0, JS_MAX_CARGO))
        return false;
    int k = 0;
    for (const cJSON *v = cg->child; v; v = v->next, k++) {
        char q[JX_PATH];
        jx_idx(q, p, k);
        int u;
        if (!jx_int_v(x, v, q, 0, JS_MAX_UNITS - 1, &u))
            return false;
        c->cargo[k] = (int16_t)u;
    }
    c->ncargo = (int8_t)k;
    return true;
}

/* A required list of indices lo..hi (at most maxn) -> cargo[], ncargo. */
static bool parse_index_list(const jx *x, const cJSON *cmd, const char *path, const char *key,
                             int hi, int maxn, js_cmd *c)
{
    const cJSON *l;
    char p[JX_PATH];
    jx_key(p, path, key);
    if (!jx_need(x, cmd, path, key, &l) || !jx_want_array(x, l, p, 0, maxn))
        return false;
    int k = 0;
    for (const cJSON *v = l->child; v; v = v->next, k++) {
        char q[JX_PATH];
        jx_idx(q, p, k);
        int n;
        if (!jx_int_v(x, v, q, 0, hi, &n))
            return false;
        c->cargo[k] = (int16_t)n;
    }
    c->ncargo = (int8_t)k;
    return true;
}

/* J-3, J-4: a command card played (or -1 / null: the pending play withdrawn). */
static bool parse_play(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    static const char *const DF[] = {"unit", "facing", "phase", NULL};
    static const char *const OPTIONAL[] = {"section", "jump_point", "deploy"};
    const cJSON *cv;
    char p[JX_PATH];
    int n;
    jx_key(p, path, "card");
    if (!jx_need(x, v, path, "card", &cv))
        return false;
    if (cJSON_IsNull(cv)) {
        n = -1;
    } else if (!jx_int_v(x, cv, p, -1, JS_MAX_DECK - 1, &n)) {
        return false;
    }
    c->unit = (int16_t)n;
    c->dir = JS_SECTION_ANY;
    c->target = -1;
    if (n < 0) {
        for (int k = 0; k < 3; k++)
            if (jx_get(v, OPTIONAL[k])) {
                jx_key(p, path, OPTIONAL[k]);
                return jx_fail(x, p, "a withdrawal (\"card\": %s) names no %s",
                               cJSON_IsNull(cv) ? "null" : "-1", OPTIONAL[k]);
            }
        return true;
    }
    int sec, site;
    if (!jx_enum(x, v, path, "section", false, jsd_section_names, 3, JS_SECTION_ANY, &sec) ||
        !jx_int(x, v, path, "jump_point", false, 0, JS_MAX_SITES - 1, -1, &site))
        return false;
    c->dir = (int8_t)sec;
    c->target = (int16_t)site;
    const cJSON *dl = jx_get(v, "deploy");
    if (!dl)
        return true;
    jx_key(p, path, "deploy");
    if (!jx_want_array(x, dl, p, 0, JS_MAX_DEPLOY))
        return false;
    int k = 0;
    for (const cJSON *d = dl->child; d; d = d->next, k++) {
        char q[JX_PATH];
        jx_idx(q, p, k);
        int unit, facing, phase;
        if (!jx_want_object(x, d, q) || !jx_fields(x, d, q, DF) ||
            !jx_int(x, d, q, "unit", true, 0, JS_MAX_UNITS - 1, 0, &unit) ||
            !jx_int(x, d, q, "facing", true, 1, 6, 1, &facing) ||
            !jx_int(x, d, q, "phase", false, 0, JS_PHASE_MAX, 0, &phase))
            return false;
        c->cargo[k] = (int16_t)unit;
        c->place[k].facing = (int8_t)facing;
        c->place[k].phase = (int8_t)phase;
    }
    c->ncargo = c->nplace = (int8_t)k;
    return true;
}

/* A hex member that must lie on some map (the engine judges the scenario's own). */
static bool parse_any_hex(const jx *x, const cJSON *v, const char *path, js_hex *out)
{
    const cJSON *hv;
    char p[JX_PATH];
    int col, row;
    jx_key(p, path, "hex");
    if (!jx_need(x, v, path, "hex", &hv) || !jx_hex_v(x, hv, p, &col, &row))
        return false;
    if (col < 0 || row < 0 || col >= JS_MAX_W || row >= JS_MAX_H)
        return jx_fail(x, p, "[%d,%d] is off any map (columns 0..%d, rows 0..%d)", col, row,
                       JS_MAX_W - 1, JS_MAX_H - 1);
    *out = js_hex_from_offset(col, row);
    return true;
}

/* K-4, K-6, K-9: command dice spent on a card (or "dice": [] withdraws its deployment). */
static bool parse_dice_deploy(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    static const char *const OPTIONAL[] = {"site", "place", "passenger"};
    const cJSON *dl;
    char p[JX_PATH];
    int n;
    jx_key(p, path, "dice");
    if (!jx_int(x, v, path, "unit", true, 0, JS_MAX_UNITS - 1, 0, &n) ||
        !jx_need(x, v, path, "dice", &dl) || !jx_want_array(x, dl, p, 0, JS_MAX_KDICE))
        return false;
    c->unit = (int16_t)n;
    c->target = -1;
    int k = 0;
    for (const cJSON *d = dl->child; d; d = d->next, k++) {
        char q[JX_PATH];
        jx_idx(q, p, k);
        int die;
        if (!jx_int_v(x, d, q, 0, JS_MAX_KDICE - 1, &die))
            return false;
        if (c->dice & (1u << die))
            return jx_fail(x, q, "die %d is named twice", die);
        c->dice |= (uint8_t)(1u << die);
    }
    if (!c->dice) {
        for (int i = 0; i < 3; i++)
            if (jx_get(v, OPTIONAL[i])) {
                jx_key(p, path, OPTIONAL[i]);
                return jx_fail(x, p, "a withdrawal (\"dice\": []) names no %s", OPTIONAL[i]);
            }
        return true;
    }
    int site, passenger;
    if (!jx_int(x, v, path, "site", true, 0, JS_MAX_SITES - 1, 0, &site) ||
        !parse_places(x, v, path, c) ||
        !jx_int(x, v, path, "passenger", false, 0, JS_MAX_UNITS - 1, -1, &passenger))
        return false;
    c->target = (int16_t)site;
    if (passenger >= 0) {
        c->cargo[0] = (int16_t)passenger;
        c->ncargo = 1;
    }
    return true;
}

/* A plotted order for a ship's slot (P-2). */
static bool parse_plot(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    const cJSON *ov;
    int n, slot;
    char p[JX_PATH];
    jx_key(p, path, "order");
    if (!jx_int(x, v, path, "ship", true, 0, JS_MAX_SHIPS - 1, 0, &n) ||
        !jx_int(x, v, path, "slot", true, 0, JS_PLAN_DEPTH - 1, 0, &slot) ||
        !jx_need(x, v, path, "order", &ov) || !parse_order(x, ov, p, &c->order))
        return false;
    c->unit = (int16_t)n;
    c->slot = (int8_t)slot;
    return true;
}

/* A pod group's direction for a slot (P-4). */
static bool parse_plot_pod(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    int n, slot, dir;
    if (!jx_int(x, v, path, "group", true, 0, JS_MAX_PODS - 1, 0, &n) ||
        !jx_int(x, v, path, "slot", true, 0, JS_PLAN_DEPTH - 1, 0, &slot) ||
        !jx_int(x, v, path, "dir", true, 1, 6, 1, &dir))
        return false;
    c->unit = (int16_t)n;
    c->slot = (int8_t)slot;
    c->dir = (int8_t)dir;
    return true;
}

static bool parse_pod_move(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    int n;
    bool hold;
    if (!jx_int(x, v, path, "group", true, 0, JS_MAX_PODS - 1, 0, &n) ||
        !jx_bool(x, v, path, "hold", false, false, &hold))
        return false;
    c->unit = (int16_t)n;
    c->hold = hold;
    return true;
}

/* A pod attack, or a pass (which names nothing else). */
static bool parse_pod_attack(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    bool pass, is_pod;
    int n, target, count;
    char p[JX_PATH];
    if (!jx_bool(x, v, path, "pass", false, false, &pass))
        return false;
    if (pass) {
        static const char *const NOT_WITH_PASS[] = {"group", "target", "target_is_pod", "count"};
        for (int k = 0; k < 4; k++)
            if (jx_get(v, NOT_WITH_PASS[k])) {
                jx_key(p, path, NOT_WITH_PASS[k]);
                return jx_fail(x, p, "a pass (\"pass\": true) names no %s", NOT_WITH_PASS[k]);
            }
        c->unit = -1;
        return true;
    }
    if (!jx_int(x, v, path, "group", true, 0, JS_MAX_PODS - 1, 0, &n) ||
        !jx_bool(x, v, path, "target_is_pod", false, false, &is_pod) ||
        !jx_int(x, v, path, "target", true, 0, is_pod ? JS_MAX_PODS - 1 : JS_MAX_SHIPS - 1, 0,
                &target) ||
        !jx_int(x, v, path, "count", true, 1, 127, 1, &count))
        return false;
    c->unit = (int16_t)n;
    c->target = (int16_t)target;
    c->target_is_pod = is_pod;
    c->count = (int8_t)count;
    return true;
}

static bool parse_ship_attack(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    int n, target;
    if (!jx_int(x, v, path, "ship", true, 0, JS_MAX_SHIPS - 1, 0, &n) ||
        !jx_int(x, v, path, "target", true, -1, JS_MAX_SHIPS - 1, -1, &target))
        return false;
    c->unit = (int16_t)n;
    c->target = (int16_t)target;
    return true;
}

/* A jump point hidden in a section (S-3). */
static bool parse_place_jp(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    const cJSON *hv;
    int sec, col, row;
    char p[JX_PATH];
    jx_key(p, path, "hex");
    if (!jx_enum(x, v, path, "section", true, jsd_section_names, 3, 0, &sec) ||
        !jx_need(x, v, path, "hex", &hv) || !jx_hex_v(x, hv, p, &col, &row))
        return false;
    if (col < 0 || row < 0 || col >= JS_MAX_W || row >= JS_MAX_H)
        return jx_fail(x, p, "[%d,%d] is off any map (columns 0..%d, rows 0..%d)", col, row,
                       JS_MAX_W - 1, JS_MAX_H - 1);
    c->slot = (int8_t)sec;
    c->nplace = 1;
    c->place[0].hex = js_hex_from_offset(col, row);
    return true;
}

static bool parse_place_jo(const jx *x, const cJSON *v, const char *path, js_cmd *c)
{
    int slot;
    if (!jx_int(x, v, path, "slot", true, 0, JS_MAX_JUMP_OFFS - 1, 0, &slot) ||
        !parse_any_hex(x, v, path, &c->place[0].hex))
        return false;
    c->slot = (int8_t)slot;
    c->nplace = 1;
    return true;
}

/* A member holding one integer in lo..hi, stored in *dst. */
static bool parse_int8(const jx *x, const cJSON *v, const char *path, const char *key, int lo,
                       int hi, int8_t *dst)
{
    int n;
    if (!jx_int(x, v, path, key, true, lo, hi, lo, &n))
        return false;
    *dst = (int8_t)n;
    return true;
}

/* The members of a command of this type (its type and side are read). */
static bool parse_members(const jx *x, const cJSON *v, const char *path, int type, js_cmd *c)
{
    int n;
    switch (type) {
    case JS_CMD_LAUNCH:
    case JS_CMD_LAUNCH_CARGO:
        if (!jx_int(x, v, path, "unit", true, 0, JS_MAX_UNITS - 1, 0, &n) ||
            !parse_places(x, v, path, c) || !parse_cargo(x, v, path, c))
            return false;
        c->unit = (int16_t)n;
        return true;
    case JS_CMD_CANCEL_LAUNCH:
        if (!jx_int(x, v, path, "unit", true, 0, JS_MAX_UNITS - 1, 0, &n))
            return false;
        c->unit = (int16_t)n;
        return true;
    case JS_CMD_READY:
        return true;
    case JS_CMD_PLOT:
        return parse_plot(x, v, path, c);
    case JS_CMD_PLOT_POD:
        return parse_plot_pod(x, v, path, c);
    case JS_CMD_POD_MOVE:
        return parse_pod_move(x, v, path, c);
    case JS_CMD_MISSILE:
        if (!jx_int(x, v, path, "missile", true, 0, JS_MAX_MISSILES - 1, 0, &n))
            return false;
        c->unit = (int16_t)n;
        return true;
    case JS_CMD_POD_ATTACK:
        return parse_pod_attack(x, v, path, c);
    case JS_CMD_GUARD:
        return parse_int8(x, v, path, "count", 0, 60, &c->count);
    case JS_CMD_SHIP_ATTACK:
        return parse_ship_attack(x, v, path, c);
    case JS_CMD_DIE:
        return parse_int8(x, v, path, "value", 1, 10, &c->value);
    case JS_CMD_BUY:
        return parse_index_list(x, v, path, "offers", JS_MAX_SUPPORT - 1, JS_MAX_CARGO, c);
    case JS_CMD_PLACE_JP:
        return parse_place_jp(x, v, path, c);
    case JS_CMD_VANGUARD:
        return parse_index_list(x, v, path, "cards", JS_MAX_DECK - 1, JS_MAX_VANGUARD, c);
    case JS_CMD_DISCARD:
        return parse_index_list(x, v, path, "cards", JS_MAX_DECK - 1, JS_MAX_HAND, c);
    case JS_CMD_PLAY_CARD:
        return parse_play(x, v, path, c);
    case JS_CMD_PLACE_JO:
        return parse_place_jo(x, v, path, c);
    case JS_CMD_PLACE_ENTRY:
        if (!parse_any_hex(x, v, path, &c->place[0].hex))
            return false;
        c->nplace = 1;
        return true;
    case JS_CMD_DICE_DEPLOY:
        return parse_dice_deploy(x, v, path, c);
    }
    return true;
}

bool jsd_cmd_parse(const jx *x, const cJSON *v, const char *path, const char *extra_ok,
                   js_cmd *out)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    int type, side;
    const cJSON *sv;
    char p[JX_PATH];
    const char *type_names[JS_CMD_COUNT]; /* the engine's names are the format's (docs/formats.md) */
    for (int i = 0; i < JS_CMD_COUNT; i++)
        type_names[i] = js_cmd_type_name(i);
    if (!jx_want_object(x, v, path) ||
        !jx_enum(x, v, path, "type", true, type_names, JS_CMD_COUNT, 0, &type))
        return false;
    const char *const *base = type_fields(type);
    const char *allowed[12];
    int na = 0;
    for (; base[na]; na++)
        allowed[na] = base[na];
    if (extra_ok)
        allowed[na++] = extra_ok;
    allowed[na] = NULL;
    jx_key(p, path, "side");
    if (!jx_fields(x, v, path, allowed) || !jx_need(x, v, path, "side", &sv) ||
        !jx_side_v(x, sv, p, &side))
        return false;
    c.type = (int8_t)type;
    c.side = (int8_t)side;
    if (!parse_members(x, v, path, type, &c))
        return false;
    *out = c;
    return true;
}

static void add_int(cJSON *o, const char *k, int v) { cJSON_AddNumberToObject(o, k, v); }

static cJSON *order_json(const js_order *o)
{
    cJSON *j = cJSON_CreateObject();
    int turn = o->turn < 0 ? 0 : o->turn > 0 ? 2 : 1;
    cJSON_AddStringToObject(j, "turn", jsd_turn_names[turn]);
    add_int(j, "move", o->move);
    cJSON_AddBoolToObject(j, "astern", o->astern != 0);
    add_int(j, "phase", o->phase);
    add_int(j, "missiles_fwd", o->msl_fwd);
    add_int(j, "missiles_aft", o->msl_aft);
    if (o->pods > 0) {
        add_int(j, "pods", o->pods);
        cJSON *d = cJSON_AddArrayToObject(j, "pod_dirs");
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            cJSON_AddItemToArray(d, cJSON_CreateNumber(o->pod_dir[k]));
    }
    if (o->redistribute) {
        cJSON *g = cJSON_AddArrayToObject(j, "guard");
        for (int k = 0; k < 6; k++)
            cJSON_AddItemToArray(g, cJSON_CreateNumber(o->guard[k]));
    }
    return j;
}

static cJSON *index_list(const js_cmd *c)
{
    cJSON *a = cJSON_CreateArray();
    for (int k = 0; k < c->ncargo && k < JS_MAX_CARGO; k++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(c->cargo[k]));
    return a;
}

static const char *section_name(int sec)
{
    return sec >= 0 && sec < 4 ? jsd_section_names[sec] : "any";
}

static cJSON *places_json(const js_cmd *c)
{
    cJSON *pl = cJSON_CreateArray();
    for (int k = 0; k < c->nplace && k < JS_MAX_SQUAD; k++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddItemToObject(p, "hex", jx_axial_json(c->place[k].hex));
        add_int(p, "facing", c->place[k].facing);
        add_int(p, "phase", c->place[k].phase);
        cJSON_AddItemToArray(pl, p);
    }
    return pl;
}

cJSON *jsd_cmd_json(const js_cmd *c)
{
    if (c->type < 0 || c->type >= JS_CMD_COUNT)
        return NULL;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "type", js_cmd_type_name(c->type));
    cJSON_AddStringToObject(j, "side", c->side == JS_SIDE_B ? "B" : "A");
    switch (c->type) {
    case JS_CMD_LAUNCH:
    case JS_CMD_LAUNCH_CARGO: {
        add_int(j, "unit", c->unit);
        cJSON_AddItemToObject(j, "place", places_json(c));
        if (c->type == JS_CMD_LAUNCH && c->ncargo > 0) {
            cJSON *cg = cJSON_AddArrayToObject(j, "cargo");
            for (int k = 0; k < c->ncargo && k < JS_MAX_CARGO; k++)
                cJSON_AddItemToArray(cg, cJSON_CreateNumber(c->cargo[k]));
        }
        break;
    }
    case JS_CMD_CANCEL_LAUNCH:
        add_int(j, "unit", c->unit);
        break;
    case JS_CMD_READY:
        break;
    case JS_CMD_PLOT:
        add_int(j, "ship", c->unit);
        add_int(j, "slot", c->slot);
        cJSON_AddItemToObject(j, "order", order_json(&c->order));
        break;
    case JS_CMD_PLOT_POD:
        add_int(j, "group", c->unit);
        add_int(j, "slot", c->slot);
        add_int(j, "dir", c->dir);
        break;
    case JS_CMD_POD_MOVE:
        add_int(j, "group", c->unit);
        cJSON_AddBoolToObject(j, "hold", c->hold != 0);
        break;
    case JS_CMD_MISSILE:
        add_int(j, "missile", c->unit);
        break;
    case JS_CMD_POD_ATTACK:
        if (c->unit < 0) {
            cJSON_AddBoolToObject(j, "pass", 1);
            break;
        }
        add_int(j, "group", c->unit);
        add_int(j, "target", c->target);
        cJSON_AddBoolToObject(j, "target_is_pod", c->target_is_pod != 0);
        add_int(j, "count", c->count);
        break;
    case JS_CMD_GUARD:
        add_int(j, "count", c->count);
        break;
    case JS_CMD_SHIP_ATTACK:
        add_int(j, "ship", c->unit);
        add_int(j, "target", c->target);
        break;
    case JS_CMD_DIE:
        add_int(j, "value", c->value);
        break;
    case JS_CMD_BUY:
        cJSON_AddItemToObject(j, "offers", index_list(c));
        break;
    case JS_CMD_PLACE_JP:
        cJSON_AddStringToObject(j, "section", section_name(c->slot));
        cJSON_AddItemToObject(j, "hex", jx_axial_json(c->place[0].hex));
        break;
    case JS_CMD_VANGUARD:
    case JS_CMD_DISCARD:
        cJSON_AddItemToObject(j, "cards", index_list(c));
        break;
    case JS_CMD_PLAY_CARD: {
        if (c->unit < 0) {
            add_int(j, "card", -1);
            break;
        }
        add_int(j, "card", c->unit);
        if (c->dir >= 0 && c->dir < 3)
            cJSON_AddStringToObject(j, "section", section_name(c->dir));
        if (c->target >= 0)
            add_int(j, "jump_point", c->target);
        cJSON *dl = cJSON_AddArrayToObject(j, "deploy");
        for (int k = 0; k < c->ncargo && k < JS_MAX_DEPLOY; k++) {
            cJSON *d = cJSON_CreateObject();
            add_int(d, "unit", c->cargo[k]);
            add_int(d, "facing", c->place[k].facing);
            add_int(d, "phase", c->place[k].phase);
            cJSON_AddItemToArray(dl, d);
        }
        break;
    }
    case JS_CMD_PLACE_JO:
        add_int(j, "slot", c->slot);
        cJSON_AddItemToObject(j, "hex", jx_axial_json(c->place[0].hex));
        break;
    case JS_CMD_PLACE_ENTRY:
        cJSON_AddItemToObject(j, "hex", jx_axial_json(c->place[0].hex));
        break;
    case JS_CMD_DICE_DEPLOY: {
        add_int(j, "unit", c->unit);
        cJSON *dl = cJSON_AddArrayToObject(j, "dice");
        for (int k = 0; k < JS_MAX_KDICE; k++)
            if (c->dice & (1u << k))
                cJSON_AddItemToArray(dl, cJSON_CreateNumber(k));
        if (!c->dice)
            break;
        add_int(j, "site", c->target);
        cJSON_AddItemToObject(j, "place", places_json(c));
        if (c->ncargo > 0)
            add_int(j, "passenger", c->cargo[0]);
        break;
    }
    }
    return j;
}

char *jsd_cmd_to_json(const js_cmd *c) { return jx_print(jsd_cmd_json(c), false); }

char *jsd_refusal_to_json(int index, const js_cmd *c, const char *reason)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "index", index);
    cJSON_AddItemToObject(o, "command", jsd_cmd_json(c));
    cJSON_AddStringToObject(o, "reason", reason ? reason : "");
    return jx_print(o, false);
}

bool jsd_cmd_from_json(const char *text, js_cmd *out, const char *where, jsd_error *err)
{
    jx x = {where ? where : "(command)", err};
    if (!text)
        return jx_fail(&x, "", "no command text");
    cJSON *root = jx_parse(&x, text, strlen(text));
    if (!root)
        return false;
    bool ok = jsd_cmd_parse(&x, root, "", NULL, out);
    cJSON_Delete(root);
    return ok;
}

js_cmd *jsd_commands_load(const char *path, int *count, jsd_error *err)
{
    static const char *const F[] = {"format", "version", "commands", NULL};
    jx x = {path, err};
    cJSON *root = jx_load(&x, JSD_MAX_FILE);
    if (!root)
        return NULL;
    js_cmd *cmds = NULL;
    const cJSON *list = root;
    const char *lp = "";
    if (cJSON_IsObject(root)) {
        if (!jx_header(&x, root, "jumpstrike-commands", 1) || !jx_fields(&x, root, "", F) ||
            !jx_need(&x, root, "", "commands", &list))
            goto fail;
        lp = "commands";
    }
    if (!cJSON_IsArray(list)) {
        char got[64];
        jx_describe(list, got, sizeof got);
        jx_fail(&x, lp, "expected an array of commands, got %s", got);
        goto fail;
    }
    int n = cJSON_GetArraySize(list);
    cmds = calloc(n > 0 ? (size_t)n : 1, sizeof *cmds);
    if (!cmds) {
        jx_fail(&x, "", "out of memory");
        goto fail;
    }
    int i = 0;
    for (const cJSON *v = list->child; v; v = v->next, i++) {
        char p[JX_PATH];
        jx_idx(p, lp, i);
        if (!jsd_cmd_parse(&x, v, p, NULL, &cmds[i]))
            goto fail;
    }
    cJSON_Delete(root);
    if (count)
        *count = n;
    return cmds;
fail:
    free(cmds);
    cJSON_Delete(root);
    return NULL;
}
