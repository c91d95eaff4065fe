/* ref_player.c — the reference players (issue 25): yardsticks that look like opponents.
 *
 * `sitter` never moves toward the enemy; `rusher` takes every ship at full speed for the nearest
 * enemy ship. They differ from the computer player in their plots only: every other decision
 * (setup, command phase and dice, pod movement, the order of missiles, pod attacks, guard pods,
 * ship attacks, manual dice) is the captain's, asked through js_ai_decide, so a yardstick brings
 * its reserve in, attacks with its pods and guards its ships as sensibly as the computer does.
 *
 * Both see their side's view only (js_view) and remember nothing the view did not show; their
 * plots are the library's (js_ai_ref_plot, src/ai/ref_plot.c), which the commodore's model of a
 * waiting enemy replays too. */
#include "cli.h"
#include "js_ai.h"
#include <stdlib.h>
#include <string.h>

_Static_assert((int)CLI_REF_SITTER == (int)JS_AI_REF_SITTER && (int)CLI_REF_RUSHER == (int)JS_AI_REF_RUSHER, "one numbering");

enum { REF_QUEUE = JS_MAX_SHIPS * JS_PLAN_DEPTH + JS_MAX_PODS + 1 };

static const char *const REF_NAMES[CLI_REF_KINDS] = {"sitter", "rusher"};

struct cli_ref {
    int kind, side;
    js_ai *helper; /* the captain: every decision that is not a plot */
    js_ai_ref_memory mem; /* where each enemy ship stood at our last plot */
    /* this plotting phase's answer, handed out one command a call */
    int qturn, qn, qi;
    js_cmd queue[REF_QUEUE];
};

const char *cli_ref_name(int kind) { return kind >= 0 && kind < CLI_REF_KINDS ? REF_NAMES[kind] : NULL; }

int cli_ref_parse(const char *name)
{
    for (int k = 0; name && k < CLI_REF_KINDS; k++)
        if (!strcmp(name, REF_NAMES[k]))
            return k;
    return -1;
}

cli_ref *cli_ref_create(int kind, int side, uint64_t seed)
{
    if (kind < 0 || kind >= CLI_REF_KINDS || (side != JS_SIDE_A && side != JS_SIDE_B))
        return NULL;
    cli_ref *r = calloc(1, sizeof *r);
    if (!r || !(r->helper = js_ai_create(JS_AI_CAPTAIN, side, seed))) {
        free(r);
        return NULL;
    }
    r->kind = kind, r->side = side, r->qturn = -1;
    js_ai_ref_memory_init(&r->mem);
    return r;
}

void cli_ref_destroy(cli_ref *r)
{
    if (r)
        js_ai_destroy(r->helper);
    free(r);
}

/* This plotting phase's answer: the plots (src/ai/ref_plot.c), then READY. */
static void plot(cli_ref *r, const js_view *v)
{
    r->qn = r->qi = 0;
    r->qturn = v->st.turn;
    int n = js_ai_ref_plot(r->kind, r->side, &v->st, &r->mem, r->queue, REF_QUEUE - 1);
    r->qn = n > 0 ? n : 0;
    r->queue[r->qn++] = js_cmd_new(JS_CMD_READY, r->side);
}

int cli_ref_decide(cli_ref *r, const js_view *v, js_cmd *out)
{
    if (!r || !v || !out)
        return JS_AI_FAILED;
    if (v->viewer != r->side || !(v->wait.sides & JS_SIDE_MASK(r->side)))
        return JS_AI_NOT_MINE;
    if (v->wait.kind != JS_WAIT_PLOT)
        return js_ai_decide(r->helper, v, out, NULL);
    if (r->qturn != v->st.turn || r->qi >= r->qn)
        plot(r, v);
    *out = r->queue[r->qi++];
    return JS_AI_OK;
}

#ifdef S_TUNE
/* A measurement's ceiling (docs/ai.md), never in the game: the orders T..T+2 this player plots in
 * the plotting phase its view shows, worked out on a copy (its own memory untouched), or read from
 * its answer when it has plotted already. */
bool cli_ref_peek_plot(const cli_ref *r, const js_view *v, js_order out[JS_MAX_SHIPS][JS_PLAN_DEPTH])
{
    if (!r || !v)
        return false;
    cli_ref *c = malloc(sizeof *c);
    if (!c)
        return false;
    *c = *r;
    if (!(c->qturn == v->st.turn && c->qn > 0))
        plot(c, v);
    for (int i = 0; i < JS_MAX_SHIPS; i++)
        for (int k = 0; k < JS_PLAN_DEPTH; k++)
            out[i][k] = i < v->st.nships ? v->st.ships[i].plan[k] : (js_order){0};
    for (int q = 0; q < c->qn; q++)
        if (c->queue[q].type == JS_CMD_PLOT && c->queue[q].unit >= 0 && c->queue[q].unit < JS_MAX_SHIPS &&
            c->queue[q].slot >= 0 && c->queue[q].slot < JS_PLAN_DEPTH)
            out[c->queue[q].unit][c->queue[q].slot] = c->queue[q].order;
    free(c);
    return true;
}
#endif
