/* dice.c — command dice (RULES K): the jump-off points and the entry point placed at setup (K-2),
 * a new entry point after a capture (K-7), and what this Command phase's dice bring in (K-3..K-6,
 * K-9). Every candidate is put to the engine (ai_legal) before it is chosen: the rules of where a
 * site or a deployment may go live in the engine only. */
#include "ai_int.h"
#include <stdlib.h>

static int home_row(const js_state *st, int me, int depth)
{
    return me == JS_SIDE_A ? st->scn.height - 1 - depth : depth;
}

static int absdiff(int a, int b) { return a > b ? a - b : b - a; }

/* Passable hexes within `radius` of h: room to deploy around a site. */
static int room_around(const js_state *st, js_hex h, int radius)
{
    int n = 0;
    for (int dq = -radius; dq <= radius; dq++)
        for (int dr = -radius; dr <= radius; dr++) {
            js_hex x = {(int16_t)(h.q + dq), (int16_t)(h.r + dr)};
            const js_terrain_type *t = js_hex_distance(h, x) <= radius ? js_terrain_at(st, x) : NULL;
            n += t && !t->impassable;
        }
    return n;
}


/* K-2: the jump-off points spread evenly across the width, halfway into the deployment area (a
 * site too far forward is soon blocked or captured, K-5, K-7; one on the edge reaches little),
 * where most room is around them; then the entry point on the base line near the middle. */
void ai_jump_offs(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    int n = st->scn.jump_offs, w = st->scn.width;
    int depth = st->scn.jump_off_depth > 0 ? st->scn.jump_off_depth : JS_JUMP_OFF_DEPTH;
    for (int k = 0; k < n && !ai_should_stop(c); k++) {
        st = js_game_state(c->g);
        if (st->jo_set_mask[c->me] & (1 << k))
            continue;
        int want_col = (2 * k + 1) * w / (2 * n), want_depth = depth / 2;
        double best = -1e9;
        js_cmd pick = js_cmd_new(JS_CMD_PLACE_JO, c->me);
        bool found = false;
        for (int d = 0; d < depth; d++)
            for (int col = 0; col < w; col++) {
                js_cmd p = js_cmd_new(JS_CMD_PLACE_JO, c->me);
                p.slot = (int8_t)k;
                p.place[0].hex = js_hex_from_offset(col, home_row(st, c->me, d));
                double score = room_around(st, p.place[0].hex, JS_JUMP_OFF_RADIUS) -
                               3.0 * absdiff(col, want_col) - 2.0 * absdiff(d, want_depth);
                if (score > best && ai_legal(c, &p))
                    best = score, pick = p, found = true;
            }
        if (found)
            ai_emit(c, &pick);
    }
    st = js_game_state(c->g);
    if (st->entry_set[c->me] || js_entry_site(st, c->me) >= 0)
        return;
    double best = -1e9;
    js_cmd pick = js_cmd_new(JS_CMD_PLACE_ENTRY, c->me);
    bool found = false;
    for (int col = 0; col < w; col++) {
        js_cmd p = js_cmd_new(JS_CMD_PLACE_ENTRY, c->me);
        p.place[0].hex = js_hex_from_offset(col, home_row(st, c->me, 0));
        double score = room_around(st, p.place[0].hex, 2) - 0.5 * absdiff(col, w / 2);
        if (score > best && ai_legal(c, &p))
            best = score, pick = p, found = true;
    }
    if (found)
        ai_emit(c, &pick);
}

/* K-7: the base-line hex farthest from every enemy ship (the engine keeps it 9 hexes from the old
 * point and from them), with room for the vehicles to come. */
void ai_new_entry(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    double best = -1e9;
    js_cmd pick = js_cmd_new(JS_CMD_PLACE_ENTRY, c->me);
    bool found = false;
    for (int col = 0; col < st->scn.width; col++) {
        js_cmd p = js_cmd_new(JS_CMD_PLACE_ENTRY, c->me);
        p.place[0].hex = js_hex_from_offset(col, home_row(st, c->me, 0));
        int far = ai_enemy_distance(st, c->me, p.place[0].hex, false);
        double score = (far > 20 ? 20 : far) + 0.2 * room_around(st, p.place[0].hex, 2);
        if (score > best && ai_legal(c, &p))
            best = score, pick = p, found = true;
    }
    if (found)
        ai_emit(c, &pick);
}

/* K-3: the free dice to spend on a card: fewest dice first, then the highest total the card takes
 * (a squadron brought by a 3 may launch, by a 2 it may not, K-4); 0 when none fits. */
static unsigned pick_dice(const js_state *st, int me, int unit, unsigned values)
{
    unsigned best = 0;
    int best_score = 1 << 20;
    for (unsigned m = 1; m < (1u << st->nkdice[me]); m++) {
        int total = js_dice_total(st, me, m, unit, NULL, 0);
        if (!total || !(values & (1u << total)))
            continue;
        int count = 0;
        for (unsigned b = m; b; b &= b - 1)
            count++;
        int score = count * 10 - total;
        if (score < best_score)
            best_score = score, best = m;
    }
    return best;
}

/* Sites of the kind the card comes through, unblocked (K-5), the one nearest the enemy first
 * unless an enemy ship is close enough to shoot at what arrives; a precious card's farthest from
 * every enemy ship first (out of their missile lines and reach while it is slow to turn away). */
static int order_sites(ai_ctx *c, const js_state *st, int unit, js_hex centre, bool keep_back, int *out)
{
    cand_hex cand[JS_MAX_SITES];
    int n = 0;
    for (int i = 0; i < st->nsites; i++) {
        if (st->sites[i].side != c->me || !st->sites[i].alive ||
            js_dice_site_check(st, c->me, unit, i, NULL, 0) != JS_OK)
            continue;
        cand[n].h.q = (int16_t)i; /* the site index rides in the hex's q */
        js_hex h = st->sites[i].hex;
        cand[n].score = keep_back ? -ai_enemy_distance(st, c->me, h, false)
                                  : js_hex_distance(h, centre) + (ai_enemy_distance(st, c->me, h, false) <= 4 ? 8 : 0);
        n++;
    }
    qsort(cand, (size_t)n, sizeof *cand, ai_by_score);
    for (int i = 0; i < n; i++)
        out[i] = cand[i].h.q;
    return n;
}

/* Where the card's ships may stand around the site, the hexes nearest the enemy first (a precious
 * card's farthest from every enemy ship first). */
static int site_anchors(const js_state *st, int me, int site, js_hex centre, bool keep_back, cand_hex *out, int cap)
{
    int radius = st->sites[site].kind == JS_SITE_ENTRY ? JS_ENTRY_RADIUS : JS_JUMP_OFF_RADIUS;
    js_hex s = st->sites[site].hex;
    int n = 0;
    for (int dq = -radius; dq <= radius; dq++)
        for (int dr = -radius; dr <= radius && n < cap; dr++) {
            js_hex h = {(int16_t)(s.q + dq), (int16_t)(s.r + dr)};
            const js_terrain_type *t = js_hex_distance(s, h) <= radius ? js_terrain_at(st, h) : NULL;
            if (t && !t->impassable)
                out[n].h = h, out[n].score = keep_back ? -ai_enemy_distance(st, me, h, false) : js_hex_distance(h, centre), n++;
        }
    qsort(out, (size_t)n, sizeof *out, ai_by_score);
    return n;
}

/* One card (with its passenger when it is a transport, K-9) through the best site that takes it. */
static bool deploy_one(ai_ctx *c, int unit, int passenger)
{
    const js_state *st = js_game_state(c->g);
    const js_card_def *d = &st->scn.cards[st->units[unit].def];
    const js_card_def *vd = passenger >= 0 ? &st->scn.cards[st->units[passenger].def] : d;
    unsigned dice = pick_dice(st, c->me, unit, js_k_values(vd));
    if (!dice)
        return false;
    js_hex centre = ai_enemy_centre(st, c->me);
    int sites[JS_MAX_SITES];
    bool keep_back = c->p->keep_back && ai_precious(d);
    int ns = order_sites(c, st, unit, centre, keep_back, sites);
    cand_hex anchors[128];
    for (int i = 0; i < ns; i++) {
        js_cmd cmd = js_cmd_new(JS_CMD_DICE_DEPLOY, c->me);
        cmd.unit = (int16_t)unit;
        cmd.dice = (uint8_t)dice;
        cmd.target = (int16_t)sites[i];
        if (passenger >= 0)
            cmd.cargo[0] = (int16_t)passenger, cmd.ncargo = 1;
        int na = site_anchors(st, c->me, sites[i], centre, keep_back, anchors, 128);
        if (ai_find_place(c, &cmd, anchors, na, d->ships) && ai_emit(c, &cmd))
            return true;
    }
    return false;
}

/* K-3..K-6, K-9: the most valuable reserve cards first, each on the fewest dice that bring it;
 * a transport only with a passenger it can hold, chosen among the cards still waiting. The
 * adjutant stays behind: while it is off the map arrivals never waver (K-8). */
void ai_dice_deploy(ai_ctx *c)
{
    const js_state *st = js_game_state(c->g);
    if (!(st->scn.deploy & JS_DEPLOY_DICE) || !st->nkdice[c->me])
        return;
    int units[JS_MAX_UNITS];
    int n = ai_reserve_units(st, c->me, c->p, units);
    for (int i = 0; i < n && !ai_should_stop(c); i++) {
        st = js_game_state(c->g);
        int u = units[i];
        if (st->units[u].where != JS_AT_RESERVE || js_unit_dice_deploying(st, c->me, u))
            continue;
        const js_card_def *d = &st->scn.cards[st->units[u].def];
        if (d->roles & JS_ROLE_ADJUTANT)
            continue;
        if (js_k_role_of(d) != JS_K_TRANSPORT) {
            deploy_one(c, u, -1);
            continue;
        }
        for (int j = 0; j < n; j++) { /* the most valuable passenger the engine lets it carry */
            int p = units[j];
            const js_card_def *pd = &st->scn.cards[st->units[p].def];
            if (p == u || st->units[p].where != JS_AT_RESERVE || js_unit_dice_deploying(st, c->me, p) ||
                js_k_role_of(pd) == JS_K_TRANSPORT || (pd->roles & JS_ROLE_ADJUTANT))
                continue;
            if (deploy_one(c, u, p))
                break;
        }
    }
}
