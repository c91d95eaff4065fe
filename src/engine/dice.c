/* dice.c — the game's one source of randomness: seeded, scripted or manual. */
#include "internal.h"

/* splitmix64: small, fast, and the same on every platform. */
uint64_t jsi_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int seeded_roll(js_state *st, int sides)
{
    /* rejection sampling keeps every face equally likely */
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)sides;
    uint64_t v;
    do
        v = jsi_rng_next(&st->rng);
    while (v >= limit);
    return (int)(v % (uint64_t)sides) + 1;
}

/* The words of a roll's purpose in the log's sentence, from its facts. */
static void purpose_words(const js_game *g, const jsi_roll_why *w, char *out, size_t cap)
{
    const js_state *st = &g->st;
    char an[64], bn[64];
    switch (w->roll_for) {
    case JS_ROLL_MISSILE: snprintf(out, cap, "missile attack"); break;
    case JS_ROLL_MISSILE_TIE: snprintf(out, cap, "the missile's target among equals"); break;
    case JS_ROLL_POD_ATTACK: snprintf(out, cap, "pod attack"); break;
    case JS_ROLL_SHIP_ATTACK: snprintf(out, cap, "ship attack"); break;
    case JS_ROLL_SHIP_ON_PODS: snprintf(out, cap, "ship attack on pods"); break;
    case JS_ROLL_ECM:
        snprintf(out, cap, "ECM of %s against %s", jsi_ship_name(st, w->a, an, sizeof an),
                 jsi_ship_name(st, w->b, bn, sizeof bn));
        break;
    case JS_ROLL_COMMAND_DIE: snprintf(out, cap, "command die %d of %d", w->die, st->scn.kdice); break;
    case JS_ROLL_HESITATION:
        snprintf(out, cap, "the hesitant arrival of %s", st->scn.cards[st->units[w->b].def].name);
        break;
    default: snprintf(out, cap, "%s", js_roll_for_name(w->roll_for)); break;
    }
}

void jsi_roll_outcome(js_game *g, int outcome)
{
    if (g->roll_ev >= 0 && g->roll_ev < g->nlog && g->log[g->roll_ev].type == JS_EV_ROLL)
        g->log[g->roll_ev].outcome = (int8_t)outcome;
}

int jsi_roll(js_game *g, int sides, int roller, jsi_roll_why why)
{
    js_state *st = &g->st;
    int v = 1;
    g->roll_ev = -1;
    if (g->need_die)
        return 1; /* the command is being abandoned; the value is never used */
    char purpose[96];
    purpose_words(g, &why, purpose, sizeof purpose);
    switch (st->dice_kind) {
    case JS_DICE_SCRIPTED:
        if (st->script_pos < g->nscript) {
            v = g->script[st->script_pos++];
            if (v < 1 || v > sides) {
                jsi_info(g, JS_BOTH_SIDES, "scripted die %d is not a d%d face; read as %d", v, sides,
                         (v - 1 + 10 * sides) % sides + 1);
                v = (v - 1 + 10 * sides) % sides + 1;
            }
        } else {
            if (st->script_pos == g->nscript) {
                jsi_info(g, JS_BOTH_SIDES, "scripted dice ran out; rolling from the seed");
                st->script_pos++;
            }
            v = seeded_roll(st, sides);
        }
        break;
    case JS_DICE_MANUAL:
        if (g->manual_used < g->nmanual) {
            v = g->manual[g->manual_used++];
        } else {
            g->need_die = 1;
            g->need_sides = (int8_t)sides;
            g->need_side = (int8_t)roller;
            snprintf(g->need_purpose, sizeof g->need_purpose, "%.63s", purpose);
            return 1;
        }
        break;
    default:
        v = seeded_roll(st, sides);
    }
    st->rolls++;
    js_event *e = jsi_log(g, JS_EV_ROLL, roller, JS_BOTH_SIDES, why.a, why.b, JSI_NOHEX, JSI_NOHEX, v, sides,
                          "%s rolls d%d = %d for %s", jsi_side_name(st, roller), sides, v, purpose);
    jsi_ab(e, why.a_kind, why.b_kind);
    e->roll_for = why.roll_for;
    e->die = why.die;
    g->roll_ev = e == &g->spare ? -1 : g->nlog - 1;
    return v;
}

int js_dice_left(const js_game *g)
{
    int left = g->nscript - g->st.script_pos;
    return left > 0 ? left : 0;
}

/* Uniform 1..n from the game's dice source, for shuffles and generated sites: a scripted value
 * is read modulo n; manual dice fall back to the seed (nobody rolls a d22 by hand). Not logged
 * one by one: the caller logs what was shuffled or placed. */
int jsi_draw(js_game *g, int n)
{
    js_state *st = &g->st;
    if (n <= 1)
        return 1;
    if (st->dice_kind == JS_DICE_SCRIPTED && st->script_pos < g->nscript) {
        int v = g->script[st->script_pos++];
        return ((v - 1) % n + n) % n + 1;
    }
    return seeded_roll(st, n);
}

void jsi_shuffle(js_game *g, int16_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = jsi_draw(g, i + 1) - 1;
        int16_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
