/* setup.c — before the battle and at the quarter: support purchases (S-1), jump points (J-2),
 * the Vanguard (H-4) and discards (H-5). */
#include "ai_int.h"

/* S-1: the set of offers worth most within the points, tried exhaustively (a side has few). */
void ai_buy(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int offers[JS_MAX_SUPPORT], n = 0;
    for (int i = 0; i < st->scn.nsupport && n < 16; i++)
        if (st->scn.support[i].side == c->me)
            offers[n++] = i;
    double best = 0;
    unsigned best_set = 0;
    for (unsigned set = 1; set < (1u << n); set++) {
        int cost = 0, count = 0;
        double value = 0;
        for (int k = 0; k < n; k++)
            if (set & (1u << k)) {
                const js_card_def *d = &st->scn.cards[st->scn.support[offers[k]].def];
                cost += d->points;
                value += ai_card_value(d);
                count++;
            }
        if (cost <= st->scn.support_points[c->me] && count <= JS_MAX_CARGO && value > best)
            best = value, best_set = set;
    }
    if (!best_set)
        return;
    js_cmd b = js_cmd_new(JS_CMD_BUY, c->me);
    for (int k = 0; k < n; k++)
        if (best_set & (1u << k))
            b.cargo[b.ncargo++] = (int16_t)offers[k];
    ai_emit(c, &b);
}

static bool hex_ok(const js_state *st, js_hex h)
{
    const js_terrain_type *t = js_terrain_at(st, h);
    return t && !t->impassable;
}

/* J-2: one row in from the base line (room for a large ship's footprint facing the enemy), near
 * the middle of the section. */
void ai_jump_points(ai_ctx *c)
{
    for (int sec = 0; sec < 3; sec++) {
        const js_state *st = js_game_state(c->g);
        if (st->jp_set_mask[c->me] & (1 << sec))
            continue;
        int lo = 1 << 30, hi = -1;
        for (int col = 0; col < st->scn.width; col++)
            if (js_section_of(&st->scn, c->me, col) == sec)
                lo = col < lo ? col : lo, hi = col > hi ? col : hi;
        if (hi < 0)
            continue;
        double best = -1e9;
        js_cmd pick = js_cmd_new(JS_CMD_PLACE_JP, c->me);
        bool found = false;
        for (int depth = 0; depth < JS_JP_DEPTH; depth++)
            for (int col = lo; col <= hi; col++) {
                int row = c->me == JS_SIDE_A ? st->scn.height - 1 - depth : depth;
                js_cmd p = js_cmd_new(JS_CMD_PLACE_JP, c->me);
                p.slot = (int8_t)sec;
                p.place[0].hex = js_hex_from_offset(col, row);
                if (!ai_legal(c, &p))
                    continue;
                int room = 0;
                for (int d = 1; d <= 6; d++)
                    room += hex_ok(st, js_hex_neighbor(p.place[0].hex, d));
                double score = room * 1.0 + (depth == 1 ? 2 : depth == 2 ? 1 : 0) -
                               0.4 * (col > (lo + hi) / 2 ? col - (lo + hi) / 2 : (lo + hi) / 2 - col);
                if (score > best)
                    best = score, pick = p, found = true;
            }
        if (found)
            ai_emit(c, &pick);
    }
}

/* How much a command card in hand is worth now: the reserve it can bring in, through a jump
 * point that still stands. */
static double card_worth(const js_state *st, int side, int card)
{
    const js_command_card *cc = &st->scn.deck[card];
    if (cc->kind == JS_CC_ASSAULT)
        return st->nhand[side] > 1 ? st->nhand[side] - 1 + 0.5 : 0.5;
    if (cc->kind == JS_CC_OFFICER)
        return cc->orders + 0.6;
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (ai_open_jump_point(s, side) && s->section == cc->section)
            return cc->orders + (cc->section == JS_SECTION_CENTRE ? 0.2 : 0);
    }
    return st->nsites ? 0 : cc->orders; /* before the jump points are placed every section has one */
}

/* H-4: the strongest enlisted cards, Assault and Attack first. */
void ai_vanguard(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int n = st->scn.vanguard;
    js_cmd v = js_cmd_new(JS_CMD_VANGUARD, c->me);
    bool used[JS_MAX_DECK] = {false};
    for (int k = 0; k < n && k < JS_MAX_CARGO; k++) {
        int best = -1;
        double bw = -1;
        for (int i = 0; i < st->scn.ndeck; i++) {
            const js_command_card *cc = &st->scn.deck[i];
            if (used[i] || cc->kind == JS_CC_OFFICER)
                continue;
            double w = cc->kind == JS_CC_ASSAULT ? 4.5 : cc->orders + (cc->section == JS_SECTION_CENTRE ? 0.2 : 0);
            if (w > bw)
                bw = w, best = i;
        }
        if (best < 0)
            break;
        used[best] = true;
        v.cargo[v.ncargo++] = (int16_t)best;
    }
    ai_emit(c, &v);
}

/* H-5: the least useful cards go. */
void ai_discard(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int over = st->nhand[c->me] - st->billet[c->me];
    js_cmd d = js_cmd_new(JS_CMD_DISCARD, c->me);
    bool gone[JS_MAX_HAND] = {false};
    for (int k = 0; k < over && k < JS_MAX_CARGO; k++) {
        int worst = -1;
        double ww = 1e9;
        for (int i = 0; i < st->nhand[c->me]; i++) {
            double w = card_worth(st, c->me, st->hand[c->me][i]);
            if (!gone[i] && w < ww)
                ww = w, worst = i;
        }
        if (worst < 0)
            break;
        gone[worst] = true;
        d.cargo[d.ncargo++] = st->hand[c->me][worst];
    }
    ai_emit(c, &d);
}

double ai_card_worth(const js_state *st, int side, int card) { return card_worth(st, side, card); }
