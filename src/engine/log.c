/* log.c — the event log: every event, with who may see it. */
#include "internal.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool grow(js_game *g, int need)
{
    if (g->max_log > 0 && need > g->max_log)
        return false;
    if (need <= g->caplog)
        return true;
    int cap = g->caplog ? g->caplog : 256;
    while (cap < need)
        cap *= 2;
    if (g->max_log > 0 && cap > g->max_log)
        cap = g->max_log;
    js_event *n = realloc(g->log, (size_t)cap * sizeof *n);
    if (!n)
        return false;
    g->log = n;
    g->caplog = cap;
    return true;
}

bool jsi_log_reserve(js_game *g, int events)
{
    int need = g->nlog + events;
    if (g->max_log > 0) {
        if (g->nlog >= g->max_log)
            return false;
        if (need > g->max_log)
            need = g->max_log;
    }
    return grow(g, need);
}

void jsi_fail(js_game *g, const char *fmt, ...)
{
    if (g->error[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->error, sizeof g->error, fmt, ap);
    va_end(ap);
}

static js_event *push(js_game *g, const js_event *e)
{
    if (!grow(g, g->nlog + 1)) {
        /* a log with a hole would replay and animate a different game: stop here instead */
        jsi_fail(g, "the event log is full at %d events (%s); the game stops here", g->nlog,
                 g->max_log > 0 ? "its set limit" : "out of memory");
        g->spare = *e;
        return &g->spare;
    }
    g->log[g->nlog++] = *e;
    return &g->log[g->nlog - 1];
}

const char *js_game_error(const js_game *g) { return g->error[0] ? g->error : NULL; }

void js_game_set_log_limit(js_game *g, int max_events) { g->max_log = max_events > 0 ? max_events : 0; }

/* What a and b name, where one kind fits every event of a type; the rest are set by the caller. */
static const int8_t A_KIND[JS_EV_COUNT] = {
    [JS_EV_LAUNCH] = JS_UNIT_SHIP, [JS_EV_LOAD] = JS_UNIT_CARD, [JS_EV_TURNED] = JS_UNIT_SHIP,
    [JS_EV_PHASE_CHANGE] = JS_UNIT_SHIP, [JS_EV_GUARD] = JS_UNIT_SHIP, [JS_EV_MOVE] = JS_UNIT_SHIP,
    [JS_EV_BLOCKED] = JS_UNIT_SHIP, [JS_EV_POD_MOVE] = JS_UNIT_POD_GROUP, [JS_EV_POD_HOLD] = JS_UNIT_POD_GROUP,
    [JS_EV_POD_LAUNCH] = JS_UNIT_SHIP, [JS_EV_POD_REMOVED] = JS_UNIT_POD_GROUP,
    [JS_EV_MISSILE_LAUNCH] = JS_UNIT_SHIP, [JS_EV_MISSILE_FLY] = JS_UNIT_MISSILE,
    [JS_EV_MISSILE_GONE] = JS_UNIT_MISSILE, [JS_EV_DAMAGE] = JS_UNIT_SHIP, [JS_EV_DISABLED] = JS_UNIT_SHIP,
    [JS_EV_DESTROYED] = JS_UNIT_SHIP, [JS_EV_TR] = JS_UNIT_SHIP, [JS_EV_CAPTURE] = JS_UNIT_SHIP,
    [JS_EV_CARD] = JS_UNIT_DECK, [JS_EV_JUMP] = JS_UNIT_SHIP, [JS_EV_POD_ROLL] = JS_UNIT_POD_GROUP,
    [JS_EV_DEPLOY] = JS_UNIT_SHIP, [JS_EV_ENERGY] = JS_UNIT_SHIP, [JS_EV_CANCELLED] = JS_UNIT_SHIP};
static const int8_t B_KIND[JS_EV_COUNT] = {
    [JS_EV_LAUNCH] = JS_UNIT_CARD, [JS_EV_LOAD] = JS_UNIT_SHIP, [JS_EV_GUARD] = JS_UNIT_POD_GROUP,
    [JS_EV_BLOCKED] = JS_UNIT_SHIP, [JS_EV_POD_MOVE] = JS_UNIT_SHIP, [JS_EV_POD_HOLD] = JS_UNIT_SHIP,
    [JS_EV_POD_LAUNCH] = JS_UNIT_POD_GROUP, [JS_EV_POD_REMOVED] = JS_UNIT_SHIP,
    [JS_EV_MISSILE_LAUNCH] = JS_UNIT_MISSILE, [JS_EV_MISSILE_GONE] = JS_UNIT_MISSILE,
    [JS_EV_DESTROYED] = JS_UNIT_CARD, [JS_EV_CAPTURE] = JS_UNIT_SITE, [JS_EV_CARD] = JS_UNIT_SITE,
    [JS_EV_JUMP] = JS_UNIT_CARD, [JS_EV_DEPLOY] = JS_UNIT_CARD, [JS_EV_ENERGY] = JS_UNIT_CARD,
    [JS_EV_CANCELLED] = JS_UNIT_CARD};
/* What came of it, where the type says. */
static const int8_t OUTCOME[JS_EV_COUNT] = {
    [JS_EV_NO_EFFECT] = JS_OUTCOME_NO_EFFECT, [JS_EV_DISABLED] = JS_OUTCOME_DISABLED,
    [JS_EV_DESTROYED] = JS_OUTCOME_DESTROYED, [JS_EV_DAMAGE] = JS_OUTCOME_DAMAGED,
    [JS_EV_POD_REMOVED] = JS_OUTCOME_DESTROYED};

js_event *jsi_ab(js_event *e, int a_kind, int b_kind)
{
    e->a_kind = (int8_t)(e->a >= 0 ? a_kind : JS_UNIT_NONE);
    e->b_kind = (int8_t)(e->b >= 0 ? b_kind : JS_UNIT_NONE);
    return e;
}

static js_event *vlog(js_game *g, int type, int side, unsigned vis, int a, int b, js_hex hex, js_hex hex2,
                      int value, int value2, const js_pod_sum *sum, const char *fmt, va_list ap)
{
    js_event e;
    memset(&e, 0, sizeof e);
    e.type = (int16_t)type;
    e.side = (int8_t)side;
    e.vis = (uint8_t)vis;
    e.turn = g->st.turn;
    e.phase = g->st.phase;
    e.a = (int16_t)a;
    e.b = (int16_t)b;
    e.hex = hex;
    e.hex2 = hex2;
    e.value = (int16_t)value;
    e.value2 = (int16_t)value2;
    if (sum)
        e.sum = *sum;
    e.card = -1;
    if (type >= 0 && type < JS_EV_COUNT) {
        jsi_ab(&e, A_KIND[type], B_KIND[type]);
        e.outcome = OUTCOME[type];
    }
    if (type == JS_EV_CARD && a >= 0)
        e.card = (int16_t)a;
    if (g->quiet) /* an imagined game: the typed fields are all its reader wants */
        return push(g, &e);
    char text[JS_TEXT_LEN + sizeof e.rule];
    vsnprintf(text, sizeof text, fmt, ap);
    /* "V-3: the ship stops": the rule goes to its own field, the sentence stays plain */
    const char *t = text;
    int n = 0;
    if (t[0] >= 'A' && t[0] <= 'Z' && t[1] == '-') {
        n = 2;
        while (t[n] >= '0' && t[n] <= '9')
            n++;
        if (n > 2 && n < (int)sizeof e.rule && t[n] == ':' && t[n + 1] == ' ') {
            memcpy(e.rule, t, (size_t)n);
            t += n + 2;
        }
    }
    size_t len = strlen(t) < sizeof e.text ? strlen(t) : sizeof e.text - 1;
    memcpy(e.text, t, len); /* e.text was zeroed: the copy ends with a NUL */
    if (e.text[0] >= 'a' && e.text[0] <= 'z' && t != text)
        e.text[0] = (char)(e.text[0] - 'a' + 'A');
    return push(g, &e);
}

js_event *jsi_log(js_game *g, int type, int side, unsigned vis, int a, int b, js_hex hex, js_hex hex2,
                  int value, int value2, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    js_event *e = vlog(g, type, side, vis, a, b, hex, hex2, value, value2, NULL, fmt, ap);
    va_end(ap);
    return e;
}

js_event *jsi_log_pod_roll(js_game *g, int side, int group, int target, js_hex hex, int target_is_pod,
                           const js_pod_sum *sum, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    js_event *e = vlog(g, JS_EV_POD_ROLL, side, JS_BOTH_SIDES, group, target, hex, JSI_NOHEX, sum->total,
                       target_is_pod, sum, fmt, ap);
    va_end(ap);
    jsi_ab(e, JS_UNIT_POD_GROUP, target_is_pod ? JS_UNIT_POD_GROUP : JS_UNIT_SHIP);
    e->roll_for = JS_ROLL_POD_ATTACK;
    return e;
}

void jsi_info(js_game *g, unsigned vis, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog(g, JS_EV_INFO, -1, vis, -1, -1, JSI_NOHEX, JSI_NOHEX, 0, 0, NULL, fmt, ap);
    va_end(ap);
}

bool js_log_restore(js_game *g, const js_event *ev, int n)
{
    if (n <= 0)
        return true;
    if ((g->max_log > 0 && g->nlog + n > g->max_log) || !grow(g, g->nlog + n))
        return false;
    memcpy(&g->log[g->nlog], ev, (size_t)n * sizeof *ev);
    g->nlog += n;
    return true;
}

int js_log_count(const js_game *g) { return g->nlog; }

const js_event *js_log_at(const js_game *g, int i)
{
    return (i >= 0 && i < g->nlog) ? &g->log[i] : NULL;
}

bool js_event_visible(const js_event *e, int viewer)
{
    if (viewer < 0)
        return true;
    return (e->vis & JS_SIDE_MASK(viewer)) != 0;
}

const char *jsi_hex_text(js_hex h, char *buf, size_t cap)
{
    int col, row;
    js_hex_to_offset(h, &col, &row);
    snprintf(buf, cap, "(%d,%d)", col, row);
    return buf;
}

const char *jsi_side_name(const js_state *st, int side)
{
    if (side < 0 || side >= JS_SIDES)
        return "nobody";
    return st->scn.sides[side].name;
}

const char *jsi_ship_name(const js_state *st, int ship, char *buf, size_t cap)
{
    const js_ship *s = &st->ships[ship];
    const js_unit *u = &st->units[s->unit];
    const js_card_def *d = &st->scn.cards[u->def];
    if (u->nships > 1)
        snprintf(buf, cap, "%s %d/%d (#%d)", d->name, ship - u->first_ship + 1, u->nships, ship);
    else
        snprintf(buf, cap, "%s (#%d)", d->name, ship);
    return buf;
}

const char *js_ship_name(const js_state *st, int ship, char *buf, size_t cap)
{
    if (ship < 0 || ship >= st->nships || st->ships[ship].unit < 0 || st->ships[ship].unit >= st->nunits) {
        snprintf(buf, cap, "ship #%d", ship);
        return buf;
    }
    return jsi_ship_name(st, ship, buf, cap);
}

static const char *const PHASE_NAMES[JS_PHASE_COUNT] = {
    "command", "plotting", "first pod movement", "ship movement", "second pod movement",
    "missile combat", "pod combat", "ship combat", "resolution", "game over", "setup: support vessels",
    "setup: jump points", "setup: Vanguard", "discard", "setup: jump-off points",
    "new entry point"};

const char *js_phase_name(int phase)
{
    return (phase >= 0 && phase < JS_PHASE_COUNT) ? PHASE_NAMES[phase] : "?";
}

static const char *const EVENT_NAMES[] = {
    "turn", "phase", "energy", "launch", "load", "ready", "reveal", "turned", "phase_change",
    "guard", "move", "blocked", "pod_move", "pod_hold", "pod_launch", "pod_removed",
    "missile_launch", "missile_fly", "missile_gone", "roll", "damage", "disabled", "destroyed",
    "attack", "no_effect", "cancelled", "tr", "points", "capture", "game_over", "info", "card",
    "jump", "setup", "pod_roll", "dice", "deploy"};
/* These names are also the log's and the commands' file format (docs/formats.md): one each. */
_Static_assert(sizeof EVENT_NAMES / sizeof EVENT_NAMES[0] == JS_EV_COUNT, "every js_event_type needs a name");

const char *js_event_type_name(int type)
{
    return (type >= 0 && type < JS_EV_COUNT) ? EVENT_NAMES[type] : "?";
}

static const char *const CMD_NAMES[] = {
    "launch", "launch_cargo", "cancel_launch", "ready", "plot", "plot_pod", "pod_move",
    "missile", "pod_attack", "guard", "ship_attack", "die", "buy", "place_jump_point", "vanguard",
    "play_card", "discard", "place_jump_off", "place_entry", "dice_deploy"};
_Static_assert(sizeof CMD_NAMES / sizeof CMD_NAMES[0] == JS_CMD_COUNT, "every js_cmd_type needs a name");

const char *js_cmd_type_name(int type)
{
    return (type >= 0 && type < JS_CMD_COUNT) ? CMD_NAMES[type] : "?";
}

static const char *const ROLL_FOR_NAMES[] = {"none", "missile", "missile_tie", "pod_attack", "ship_attack",
                                            "ship_on_pods", "ecm", "command_die", "hesitation", "other"};
_Static_assert(sizeof ROLL_FOR_NAMES / sizeof ROLL_FOR_NAMES[0] == JS_ROLL_COUNT, "every js_roll_for needs a name");
static const char *const UNIT_KIND_NAMES[] = {"none", "ship", "card", "pod_group", "missile", "site", "deck", "side"};
_Static_assert(sizeof UNIT_KIND_NAMES / sizeof UNIT_KIND_NAMES[0] == JS_UNIT_KIND_COUNT, "every js_unit_kind needs a name");
static const char *const CAUSE_NAMES[] = {"none", "missile", "pod_attack", "ship_attack", "ecm", "destroyed",
                                         "cargo_lost", "disabled_at_end", "capture", "out_of_range", "off_map",
                                         "terrain", "used_up", "with_its_ship", "target_reached", "no_forces",
                                         "last_turn", "other"};
_Static_assert(sizeof CAUSE_NAMES / sizeof CAUSE_NAMES[0] == JS_CAUSE_COUNT, "every js_cause needs a name");
static const char *const OUTCOME_NAMES[] = {"none", "no_effect", "disabled", "destroyed", "damaged", "arrives", "stays"};
_Static_assert(sizeof OUTCOME_NAMES / sizeof OUTCOME_NAMES[0] == JS_OUTCOME_COUNT, "every js_outcome needs a name");

const char *js_roll_for_name(int v) { return v >= 0 && v < JS_ROLL_COUNT ? ROLL_FOR_NAMES[v] : "?"; }
const char *js_unit_kind_name(int v) { return v >= 0 && v < JS_UNIT_KIND_COUNT ? UNIT_KIND_NAMES[v] : "?"; }
const char *js_cause_name(int v) { return v >= 0 && v < JS_CAUSE_COUNT ? CAUSE_NAMES[v] : "?"; }
const char *js_outcome_name(int v) { return v >= 0 && v < JS_OUTCOME_COUNT ? OUTCOME_NAMES[v] : "?"; }
