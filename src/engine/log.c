/* log.c — the event log: every event, with who may see it. */
#include "internal.h"
#include <stdarg.h>
#include <stdlib.h>

static void push(js_game *g, const js_event *e)
{
    if (g->nlog == g->caplog) {
        int cap = g->caplog ? g->caplog * 2 : 256;
        js_event *n = realloc(g->log, (size_t)cap * sizeof *n);
        if (!n)
            return; /* out of memory: the event is dropped, the game goes on */
        g->log = n;
        g->caplog = cap;
    }
    g->log[g->nlog++] = *e;
}

static void vlog(js_game *g, int type, int side, unsigned vis, int a, int b, js_hex hex, js_hex hex2,
                 int value, int value2, const char *fmt, va_list ap)
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
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    push(g, &e);
}

void jsi_log(js_game *g, int type, int side, unsigned vis, int a, int b, js_hex hex, js_hex hex2,
             int value, int value2, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog(g, type, side, vis, a, b, hex, hex2, value, value2, fmt, ap);
    va_end(ap);
}

void jsi_info(js_game *g, unsigned vis, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog(g, JS_EV_INFO, -1, vis, -1, -1, JSI_NOHEX, JSI_NOHEX, 0, 0, fmt, ap);
    va_end(ap);
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

static const char *const PHASE_NAMES[JS_PHASE_COUNT] = {
    "command", "plotting", "first pod movement", "ship movement", "second pod movement",
    "missile combat", "pod combat", "ship combat", "resolution", "game over", "setup: support vessels",
    "setup: jump points", "setup: Vanguard", "discard"};

const char *js_phase_name(int phase)
{
    return (phase >= 0 && phase < JS_PHASE_COUNT) ? PHASE_NAMES[phase] : "?";
}

static const char *const EVENT_NAMES[JS_EV_COUNT] = {
    "turn", "phase", "energy", "launch", "load", "ready", "reveal", "turned", "phase_change",
    "guard", "move", "blocked", "pod_move", "pod_hold", "pod_launch", "pod_removed",
    "missile_launch", "missile_fly", "missile_gone", "roll", "damage", "disabled", "destroyed",
    "attack", "no_effect", "cancelled", "tr", "points", "capture", "game_over", "info", "card",
    "jump", "setup"};

const char *js_event_type_name(int type)
{
    return (type >= 0 && type < JS_EV_COUNT) ? EVENT_NAMES[type] : "?";
}

static const char *const CMD_NAMES[JS_CMD_COUNT] = {
    "launch", "launch_cargo", "cancel_launch", "ready", "plot", "plot_pod", "pod_move",
    "missile", "pod_attack", "guard", "ship_attack", "die", "buy", "place_jump_point", "vanguard",
    "play_card", "discard"};

const char *js_cmd_type_name(int type)
{
    return (type >= 0 && type < JS_CMD_COUNT) ? CMD_NAMES[type] : "?";
}
