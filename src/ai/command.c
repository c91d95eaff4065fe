/* command.c — the command phase (T-1): a command card and its deployments (J-3..J-5), launches
 * into the starting zone with holds loaded (L-2, L-4), and cargo launched from transports (L-5). */
#include "ai_int.h"
#include <stdlib.h>

static int forward_facing(int side) { return side == JS_SIDE_A ? 1 : 4; }

/* Facings to try, the one toward the enemy's home edge first. */
static void facings(int side, int out[6])
{
    int f = forward_facing(side);
    static const int OFF[6] = {0, 1, -1, 2, -2, 3};
    for (int i = 0; i < 6; i++)
        out[i] = js_dir_wrap(f + OFF[i]);
}

js_hex ai_enemy_centre(const js_state *st, int me)
{
    long q = 0, r = 0, n = 0;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side != me && ai_ship_here(st, i))
            q += st->ships[i].pos.q, r += st->ships[i].pos.r, n++;
    if (!n)
        return js_hex_from_offset(st->scn.width / 2, me == JS_SIDE_A ? 0 : st->scn.height - 1);
    return (js_hex){(int16_t)(q / n), (int16_t)(r / n)};
}

int ai_by_score(const void *a, const void *b)
{
    const cand_hex *x = a, *y = b;
    return x->score != y->score ? x->score - y->score : (x->h.q != y->h.q ? x->h.q - y->h.q : x->h.r - y->h.r);
}

/* Ship k of a squadron goes beside ship k-1, on another candidate hex (along the front first). */
static bool squad_next(const cand_hex *anchors, int n, const js_hex *used, int nused, js_hex *h)
{
    static const int DIRS[6] = {2, 3, 5, 6, 1, 4};
    for (int d = 0; d < 6; d++) {
        js_hex x = js_hex_neighbor(*h, DIRS[d]);
        bool in = false, taken = false;
        for (int i = 0; i < n && !in; i++)
            in = js_hex_eq(anchors[i].h, x);
        for (int i = 0; i < nused && !taken; i++)
            taken = js_hex_eq(used[i], x);
        if (in && !taken) {
            *h = x;
            return true;
        }
    }
    return false;
}

bool ai_find_place(ai_ctx *c, js_cmd *cmd, const cand_hex *anchors, int n, int nships)
{
    int fac[6];
    facings(c->me, fac);
    for (int a = 0; a < n; a++)
        for (int f = 0; f < 3; f++) {
            cmd->nplace = (int8_t)nships;
            js_hex h = anchors[a].h, used[JS_MAX_SQUAD];
            bool ok = true;
            for (int k = 0; k < nships && ok; k++) {
                if (k)
                    ok = squad_next(anchors, n, used, k, &h);
                used[k] = h;
                cmd->place[k].hex = h;
                cmd->place[k].facing = (int8_t)fac[f];
                cmd->place[k].phase = JS_PHASE_DEFAULT;
            }
            if (ok && ai_legal(c, cmd))
                return true;
        }
    return false;
}

static int unit_order(const js_state *st, int *units, int n)
{
    /* most valuable first; insertion sort keeps equal cards in id order */
    for (int i = 1; i < n; i++) {
        int u = units[i], j = i;
        double v = ai_card_value(&st->scn.cards[st->units[u].def]);
        while (j > 0 && ai_card_value(&st->scn.cards[st->units[units[j - 1]].def]) < v)
            units[j] = units[j - 1], j--;
        units[j] = u;
    }
    return n;
}

int ai_reserve_units(const js_state *st, int me, const ai_params *p, int *out)
{
    bool hold_precious = ai_hold_precious(st, me, p);
    int n = 0;
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side == me && u->where == JS_AT_RESERVE && !u->pending &&
            !(hold_precious && ai_precious(&st->scn.cards[u->def])))
            out[n++] = i;
    }
    return unit_order(st, out, n);
}

/* ---------------------------------------------------------------- command cards (J-3, J-4) */
static int own_jp(const js_state *st, int me, int section)
{
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (ai_open_jump_point(s, me) && s->section == section)
            return i;
    }
    return -1;
}

static double jp_risk(const js_state *st, int me, int site)
{
    double r = 0;
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side != me && ai_ship_here(st, i) &&
            js_hex_distance(st->ships[i].pos, st->sites[site].hex) <= 2)
            r += 1.5; /* arrivals there start next to the enemy */
        else if (st->ships[i].side == me && st->ships[i].on_map &&
                 js_hex_distance(st->ships[i].pos, st->sites[site].hex) <= 1)
            r += 0.5; /* a ship of ours on it makes arrivals wait (J-6) */
    return r;
}

/* Build the play for one card (and section or jump point); returns its worth, -1 when useless. */
static double try_play(ai_ctx *c, int card, int section, int site, const int *units, int nunits, js_cmd *out)
{
    const js_state *st = js_game_state(c->g);
    const js_command_card *cc = &st->scn.deck[card];
    int orders = cc->kind == JS_CC_ASSAULT ? st->nhand[c->me] - 1 : cc->orders;
    if (site < 0 || orders <= 0)
        return -1;
    js_cmd p = js_cmd_new(JS_CMD_PLAY_CARD, c->me);
    p.unit = (int16_t)card;
    p.dir = (int8_t)(section >= 0 ? section : 0);
    p.target = (int16_t)(cc->kind == JS_CC_OFFICER ? site : -1);
    int fac[6];
    facings(c->me, fac);
    double worth = 0;
    for (int i = 0; i < nunits && p.ncargo < orders && p.ncargo < JS_MAX_DEPLOY; i++) {
        int k = p.ncargo++;
        p.cargo[k] = (int16_t)units[i];
        p.place[k].phase = JS_PHASE_DEFAULT;
        bool ok = false;
        for (int f = 0; f < 6 && !ok; f++) {
            p.place[k].facing = (int8_t)fac[f];
            ok = ai_legal(c, &p);
        }
        if (!ok) {
            p.ncargo--;
            continue;
        }
        worth += ai_card_value(&st->scn.cards[st->units[units[i]].def]);
    }
    if (!p.ncargo)
        return -1;
    *out = p;
    /* a big card spent on a small reserve is a waste; a crowded or threatened jump point too */
    return worth - 1.5 * (orders - p.ncargo) - 3 * jp_risk(st, c->me, site);
}

static void play_card(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    if (!(st->scn.deploy & JS_DEPLOY_JUMP) || st->play_card[c->me] >= 0 || !st->nhand[c->me])
        return;
    int units[JS_MAX_UNITS];
    int n = ai_reserve_units(st, c->me, c->p, units);
    if (!n)
        return;
    js_cmd best, p;
    double bw = 0;
    bool found = false;
    for (int h = 0; h < st->nhand[c->me]; h++) {
        int card = st->hand[c->me][h];
        const js_command_card *cc = &st->scn.deck[card];
        for (int opt = 0; opt < st->nsites || opt < 3; opt++) {
            int section = -1, site = -1;
            if (cc->kind == JS_CC_ASSAULT) {
                if (opt >= 3)
                    break;
                section = opt, site = own_jp(st, c->me, opt);
            } else if (cc->kind == JS_CC_OFFICER) {
                if (opt >= st->nsites)
                    break;
                const js_site *s = &st->sites[opt];
                if (!ai_open_jump_point(s, c->me))
                    continue;
                site = opt;
            } else {
                if (opt > 0)
                    break;
                site = own_jp(st, c->me, cc->section);
            }
            double w = try_play(c, card, section, site, units, n, &p);
            if (w > bw)
                bw = w, best = p, found = true;
        }
    }
    if (found)
        ai_emit(c, &best);
}

/* ---------------------------------------------------------------- launches (L) */
static int zone_anchors(ai_ctx *c, cand_hex *out, int cap)
{
    const js_state *st = js_game_state(c->g);
    unsigned bit = c->me == JS_SIDE_A ? JS_ZONE_A : JS_ZONE_B;
    js_hex centre = ai_enemy_centre(st, c->me);
    int n = 0;
    for (int row = 0; row < st->scn.height; row++)
        for (int col = 0; col < st->scn.width && n < cap; col++) {
            if (!(st->scn.zone[row * st->scn.width + col] & bit))
                continue;
            js_hex h = js_hex_from_offset(col, row);
            int forward = c->me == JS_SIDE_A ? row : st->scn.height - 1 - row; /* lower: nearer the enemy */
            out[n].h = h;
            out[n].score = forward * 4 + js_hex_distance(h, centre);
            n++;
        }
    qsort(out, (size_t)n, sizeof *out, ai_by_score);
    return n;
}

/* Energy this turn still free: what the known orders leave, less what the new cards' first moves
 * will cost (a careful side also keeps next turn's activations). */
static int spare_energy(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int proj[JS_PLAN_DEPTH];
    js_projected_energy(st, c->me, proj, NULL);
    int spare = proj[0];
    if (c->p->energy_sense) {
        int keep = 0, fresh = 0;
        for (int u = 0; u < st->nunits; u++) {
            const js_unit *un = &st->units[u];
            if (un->side != c->me || un->where != JS_AT_MAP || un->def < 0)
                continue;
            int cost = st->scn.cards[un->def].activation_cost;
            keep += cost;
            if (un->nships > 0 && st->ships[un->first_ship].fresh)
                fresh += cost; /* new on the map: it plots this turn's move after the command phase */
        }
        int income = st->scn.sides[c->me].energy_income;
        spare -= fresh;
        if (keep > income)
            spare -= keep - income; /* next turn's activations must be paid from what is left */
    }
    return spare;
}

static void launches(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    if (!(st->scn.deploy & JS_DEPLOY_LAUNCH))
        return;
    int units[JS_MAX_UNITS];
    int n = ai_reserve_units(st, c->me, c->p, units);
    if (!n)
        return;
    int spare = spare_energy(c);
    bool chosen[JS_MAX_UNITS] = {false};
    for (int i = 0; i < n; i++) {
        const js_card_def *d = &st->scn.cards[st->units[units[i]].def];
        int cost = d->launch_cost + d->activation_cost;
        if (cost <= spare)
            chosen[i] = true, spare -= cost;
    }
    cand_hex *anchors = malloc(sizeof *anchors * JS_MAX_HEXES);
    if (!anchors)
        return;
    int na = zone_anchors(c, anchors, JS_MAX_HEXES);
    if (na > 60)
        na = 60;
    cand_hex *back = NULL;
    int nb = 0;
    for (int i = 0; i < n && !ai_should_stop(c); i++) {
        if (!chosen[i])
            continue;
        st = js_game_state(c->g);
        int u = units[i];
        const js_card_def *d = &st->scn.cards[st->units[u].def];
        js_cmd l = js_cmd_new(JS_CMD_LAUNCH, c->me);
        l.unit = (int16_t)u;
        if (c->p->keep_back && ai_precious(d)) { /* a carrier: the zone's hexes farthest from the enemy */
            if (!back) {
                back = malloc(sizeof *back * JS_MAX_HEXES);
                nb = back ? zone_anchors(c, back, JS_MAX_HEXES) : 0;
                for (int j = 0; j < nb; j++)
                    back[j].score = -ai_enemy_distance(st, c->me, back[j].h, false);
                qsort(back, (size_t)nb, sizeof *back, ai_by_score);
                nb = nb > 60 ? 60 : nb;
            }
            if (!ai_find_place(c, &l, back, nb, d->ships))
                continue;
        } else if (!ai_find_place(c, &l, anchors, na, d->ships))
            continue;
        /* L-4: a beginner fills the hold with what it cannot launch now; a careful player keeps it
         * in reserve, where a lost transport cannot take it down too (L-6) */
        if (d->capacity > 0 && !c->p->careful)
            for (int j = 0; j < n && l.ncargo < JS_MAX_CARGO; j++) {
                if (chosen[j] || j == i)
                    continue;
                l.cargo[l.ncargo++] = (int16_t)units[j];
                if (!ai_legal(c, &l))
                    l.ncargo--;
            }
        ai_emit(c, &l);
    }
    free(back);
    free(anchors);
}

/* L-5: cargo comes out beside its transport, on the side nearest the enemy. */
static void cargo_launches(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int spare = spare_energy(c);
    js_hex centre = ai_enemy_centre(st, c->me);
    for (int u = 0; u < st->nunits && !ai_should_stop(c); u++) {
        st = js_game_state(c->g);
        const js_unit *un = &st->units[u];
        if (un->side != c->me || un->where != JS_AT_CARGO || un->pending || un->carrier < 0)
            continue;
        const js_card_def *d = &st->scn.cards[un->def];
        int cost = d->launch_cost + d->activation_cost;
        if (cost > spare)
            continue;
        js_hex fp[7];
        int nf = js_ship_footprint(st, un->carrier, fp);
        cand_hex anchors[42];
        int na = 0;
        for (int i = 0; i < nf; i++)
            for (int dir = 1; dir <= 6; dir++) {
                js_hex h = js_hex_neighbor(fp[i], dir);
                bool dup = false;
                for (int j = 0; j < nf; j++)
                    dup = dup || js_hex_eq(fp[j], h);
                for (int j = 0; j < na; j++)
                    dup = dup || js_hex_eq(anchors[j].h, h);
                if (!dup && na < 42)
                    anchors[na].h = h, anchors[na].score = js_hex_distance(h, centre), na++;
            }
        qsort(anchors, (size_t)na, sizeof *anchors, ai_by_score);
        js_cmd l = js_cmd_new(JS_CMD_LAUNCH_CARGO, c->me);
        l.unit = (int16_t)u;
        if (ai_find_place(c, &l, anchors, na, d->ships) && ai_emit(c, &l))
            spare -= cost;
    }
}

void ai_command(ai_ctx *c)
{
    ai_dice_deploy(c);
    play_card(c);
    cargo_launches(c);
    launches(c);
}
