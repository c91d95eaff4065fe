/* hand.c — the command-card hand (H): dealing with Vanguard, drawing, the quarter effect.
 * The HQ is a stack whose top is hq[nhq - 1]. */
#include "internal.h"

static int deck_size(const js_state *st) { return st->scn.ndeck; }
static bool is_officer(const js_state *st, int card) { return st->scn.deck[card].kind == JS_CC_OFFICER; }

bool jsi_in_hand(const js_state *st, int side, int card)
{
    for (int i = 0; i < st->nhand[side]; i++)
        if (st->hand[side][i] == card)
            return true;
    return false;
}

void jsi_remove_from_hand(js_state *st, int side, int card)
{
    int n = st->nhand[side];
    for (int i = 0; i < n; i++)
        if (st->hand[side][i] == card) {
            memmove(&st->hand[side][i], &st->hand[side][i + 1], (size_t)(n - i - 1) * sizeof(int16_t));
            st->hand[side][--st->nhand[side]] = 0;
            return;
        }
}

static void to_discard(js_state *st, int side, int card)
{
    if (st->ndiscard[side] < JS_MAX_DECK)
        st->discard[side][st->ndiscard[side]++] = (int16_t)card;
}

void jsi_draw_card(js_game *g, int side)
{
    js_state *st = &g->st;
    if (st->nhq[side] == 0 && st->ndiscard[side] > 0) { /* H-5: the discard pile becomes the HQ */
        memcpy(st->hq[side], st->discard[side], (size_t)st->ndiscard[side] * sizeof(int16_t));
        st->nhq[side] = st->ndiscard[side];
        st->ndiscard[side] = 0;
        memset(st->discard[side], 0, sizeof st->discard[side]);
        jsi_shuffle(g, st->hq[side], st->nhq[side]);
        jsi_log(g, JS_EV_CARD, side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->nhq[side], 0,
                "%s shuffles its discard pile into a new HQ (%d cards)", jsi_side_name(st, side), st->nhq[side]);
    }
    if (st->nhq[side] == 0 || st->nhand[side] >= JS_MAX_HAND)
        return;
    int card = st->hq[side][--st->nhq[side]];
    st->hq[side][st->nhq[side]] = 0;
    st->hand[side][st->nhand[side]++] = (int16_t)card;
    jsi_log(g, JS_EV_CARD, side, JS_SIDE_MASK(side), card, -1, JSI_NOHEX, JSI_NOHEX, 1, st->nhand[side],
            "%s draws %s", jsi_side_name(st, side), st->scn.deck[card].name);
}

/* H-3, H-4: Vanguard on top in order, IHS drawn (officers go back, reshuffled), the rest shuffled. */
void jsi_deal(js_game *g, int side)
{
    js_state *st = &g->st;
    int n = deck_size(st), nv = st->nvanguard[side];
    int16_t pile[JS_MAX_DECK];
    int np = 0;
    for (int c = 0; c < n; c++) {
        bool vanguard = false;
        for (int v = 0; v < nv; v++)
            vanguard = vanguard || st->vanguard[side][v] == c;
        if (!vanguard)
            pile[np++] = (int16_t)c;
    }
    jsi_shuffle(g, pile, np);
    for (int v = nv - 1; v >= 0; v--) /* the first Vanguard card ends on top */
        pile[np++] = st->vanguard[side][v];
    st->nhand[side] = 0;
    int want = st->scn.initial_hand;
    while (st->nhand[side] < want && st->nhand[side] < JS_MAX_HAND && np > 0) {
        bool enlisted_left = false;
        for (int i = 0; i < np; i++)
            enlisted_left = enlisted_left || !is_officer(st, pile[i]);
        if (!enlisted_left)
            break;
        int card = pile[np - 1];
        if (is_officer(st, card)) { /* H-3: it goes back, and the HQ is reshuffled */
            jsi_shuffle(g, pile, np);
            jsi_log(g, JS_EV_CARD, side, JS_SIDE_MASK(side), card, -1, JSI_NOHEX, JSI_NOHEX, 0, 0,
                    "H-3: %s drew the officer %s for its initial hand; it goes back and the HQ is reshuffled",
                    jsi_side_name(st, side), st->scn.deck[card].name);
            continue;
        }
        np--;
        st->hand[side][st->nhand[side]++] = (int16_t)card;
    }
    jsi_shuffle(g, pile, np);
    memcpy(st->hq[side], pile, (size_t)np * sizeof(int16_t));
    st->nhq[side] = (int16_t)np;
    st->ndiscard[side] = 0;
    jsi_log(g, JS_EV_CARD, side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->nhand[side], np,
            "%s is dealt %d command cards (%d in its HQ)", jsi_side_name(st, side), st->nhand[side], np);
}

static bool uses_hand(const js_state *st) { return (st->scn.deploy & JS_DEPLOY_JUMP) != 0; }

bool jsi_quarter(js_game *g)
{
    js_state *st = &g->st;
    if (!uses_hand(st))
        return false;
    bool discard = false;
    st->ready = 0;
    for (int s = 0; s < JS_SIDES; s++) {
        while (st->nhand[s] < st->billet[s] && (st->nhq[s] > 0 || st->ndiscard[s] > 0))
            jsi_draw_card(g, s);
        if (st->nhand[s] > st->billet[s])
            discard = true;
        else
            st->ready |= (int8_t)JS_SIDE_MASK(s);
    }
    return discard;
}

js_status jsi_check_discard(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    int over = st->nhand[c->side] - st->billet[c->side];
    if (c->ncargo != over)
        JSI_FAIL(reason, cap, "H-5: discard exactly %d card%s, down to your Billet of %d", over, over == 1 ? "" : "s",
                 st->billet[c->side]);
    for (int i = 0; i < c->ncargo; i++) {
        if (!jsi_in_hand(st, c->side, c->cargo[i]))
            JSI_FAIL(reason, cap, "H-5: card %d is not in your hand", c->cargo[i]);
        for (int j = 0; j < i; j++)
            if (c->cargo[j] == c->cargo[i])
                JSI_FAIL(reason, cap, "H-5: card %d is named twice", c->cargo[i]);
    }
    return JS_OK;
}

/* The choice is kept secret until both sides have answered (jsi_reveal_discards). */
void jsi_apply_discard(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    st->ndiscard_pick[c->side] = c->ncargo;
    for (int i = 0; i < c->ncargo; i++)
        st->discard_pick[c->side][i] = c->cargo[i];
    st->ready |= (int8_t)JS_SIDE_MASK(c->side);
    jsi_log(g, JS_EV_READY, c->side, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, st->phase, 0,
            "%s has chosen its discards", jsi_side_name(st, c->side));
}

void jsi_reveal_discards(js_game *g)
{
    js_state *st = &g->st;
    for (int s = 0; s < JS_SIDES; s++) {
        int n = st->ndiscard_pick[s];
        if (!n)
            continue;
        for (int i = 0; i < n; i++) {
            int card = st->discard_pick[s][i];
            jsi_remove_from_hand(st, s, card);
            to_discard(st, s, card);
            jsi_log(g, JS_EV_CARD, s, JS_SIDE_MASK(s), card, -1, JSI_NOHEX, JSI_NOHEX, -1, 0, "%s discards %s",
                    jsi_side_name(st, s), st->scn.deck[card].name);
        }
        jsi_log(g, JS_EV_CARD, s, JS_BOTH_SIDES, -1, -1, JSI_NOHEX, JSI_NOHEX, -n, st->nhand[s],
                "H-5: %s discards %d card%s down to its Billet", jsi_side_name(st, s), n, n == 1 ? "" : "s");
        st->ndiscard_pick[s] = 0;
        memset(st->discard_pick[s], 0, sizeof st->discard_pick[s]);
    }
}

void jsi_discard_played(js_state *st, int side, int card)
{
    jsi_remove_from_hand(st, side, card);
    to_discard(st, side, card);
}
