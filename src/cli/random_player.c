/* random_player.c — a player that picks random legal commands from its own view (self-play). */
#include "cli.h"
#include <stdlib.h>
#include <string.h>

uint32_t cli_rand(cli_rng *r, uint32_t n)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return n ? (uint32_t)(z % n) : 0;
}

bool cli_cmd_commits(const js_cmd *c) { return c->type == JS_CMD_READY || c->type == JS_CMD_DISCARD; }

static bool legal(const js_game *g, const js_cmd *c) { return js_check(g, c, NULL, 0) == JS_OK; }

/* Try random placements for a launch; true with a legal command in c. */
static bool try_launch(const js_game *g, const js_state *st, cli_rng *r, js_cmd *c, int unit, bool cargo)
{
    const js_unit *u = &st->units[unit];
    const js_card_def *d = &st->scn.cards[u->def];
    unsigned zbit = c->side == 0 ? JS_ZONE_A : JS_ZONE_B;
    for (int attempt = 0; attempt < 24; attempt++) {
        js_hex anchor;
        if (cargo) {
            js_hex fp[7];
            int n = js_ship_footprint(st, u->carrier, fp);
            anchor = js_hex_neighbor(fp[cli_rand(r, n)], 1 + cli_rand(r, 6));
            if (d->size != JS_SIZE_SMALL)
                anchor = js_hex_neighbor(anchor, 1 + cli_rand(r, 6));
        } else {
            int tries = 0, idx;
            do
                idx = (int)cli_rand(r, st->scn.width * st->scn.height);
            while (!(st->scn.zone[idx] & zbit) && ++tries < 200);
            anchor = js_hex_from_offset(idx % st->scn.width, idx / st->scn.width);
        }
        int facing = c->side == 0 ? 1 : 4;
        c->nplace = d->ships;
        for (int k = 0; k < d->ships; k++) {
            js_hex h = anchor;
            for (int s = 0; s < k; s++)
                h = js_hex_neighbor(js_hex_neighbor(h, 3), 3); /* squadron along a diagonal */
            if (k > 0)
                h = js_hex_neighbor(c->place[k - 1].hex, 3);
            c->place[k].hex = h;
            c->place[k].facing = (int8_t)facing;
            c->place[k].phase = (int8_t)(JS_PHASE_MIN + cli_rand(r, JS_PHASE_MAX));
        }
        c->ncargo = 0;
        if (!cargo && d->capacity > 0) { /* load what fits, smaller ships only (L-4) */
            int used = 0;
            for (int i = 0; i < st->nunits && c->ncargo < JS_MAX_CARGO; i++) {
                const js_unit *cu = &st->units[i];
                if (i == unit || cu->side != c->side || cu->where != JS_AT_RESERVE || cu->pending)
                    continue;
                const js_card_def *cd = &st->scn.cards[cu->def];
                int need = js_hold_space(cd);
                if (cd->size < d->size && used + need <= d->capacity && cli_rand(r, 2)) {
                    c->cargo[c->ncargo++] = (int16_t)i;
                    used += need;
                }
            }
        }
        if (legal(g, c))
            return true;
        c->ncargo = 0;
        if (legal(g, c))
            return true;
    }
    return false;
}

static js_order random_order(const js_state *st, int ship, int slot, cli_rng *r)
{
    const js_ship *s = &st->ships[ship];
    const js_card_def *d = js_ship_card(st, ship);
    int prev = slot == 0 ? s->phase : s->plan[slot - 1].phase;
    js_order o;
    memset(&o, 0, sizeof o);
    o.phase = (int8_t)(prev + (int)cli_rand(r, 3) - 1);
    if (o.phase < 1)
        o.phase = 1;
    if (o.phase > JS_PHASE_MAX)
        o.phase = JS_PHASE_MAX;
    o.move = (int8_t)cli_rand(r, d->move + 1);
    o.astern = cli_rand(r, 8) == 0;
    o.turn = (int8_t)(cli_rand(r, 4) == 0 ? (cli_rand(r, 2) ? 1 : -1) : 0);
    if (d->fwd_launchers && cli_rand(r, 3) == 0)
        o.msl_fwd = 1;
    if (d->aft_launchers && cli_rand(r, 6) == 0)
        o.msl_aft = 1;
    if (d->pods_per_squadron && cli_rand(r, 4) == 0) {
        o.pods = 1;
        for (int i = 0; i < 3; i++)
            o.pod_dir[i] = (int8_t)(1 + cli_rand(r, 6));
    }
    if (cli_rand(r, 10) == 0) {
        int total = 0;
        for (int i = 0; i < 6; i++)
            total += s->guard[i];
        o.redistribute = 1;
        for (int i = 0; i < total; i++)
            o.guard[cli_rand(r, 6)]++;
    }
    return o;
}

static bool plot_something(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    /* one unplotted ship or pod group at a time, so every plot is its own command */
    for (int i = 0; i < st->nships; i++) {
        const js_ship *s = &st->ships[i];
        bool arriving = st->units[s->unit].where == JS_AT_ARRIVING;
        if (s->side != side || !(s->on_map || arriving) || s->state != JS_SHIP_ACTIVE || s->plotted)
            continue;
        int first = s->fresh ? 0 : JS_PLAN_DEPTH - 1;
        for (int slot = first; slot < JS_PLAN_DEPTH; slot++) {
            *c = js_cmd_new(JS_CMD_PLOT, side);
            c->unit = (int16_t)i;
            c->slot = (int8_t)slot;
            for (int attempt = 0; attempt < 6; attempt++) {
                c->order = random_order(st, i, slot, r);
                if (legal(g, c))
                    return true; /* plotted flag set; fresh ships' later slots keep defaults */
            }
        }
    }
    for (int i = 0; i < JS_MAX_PODS; i++) {
        const js_podgroup *p = &st->pods[i];
        if (!p->alive || p->side != side || p->plotted)
            continue;
        *c = js_cmd_new(JS_CMD_PLOT_POD, side);
        c->unit = (int16_t)i;
        c->slot = JS_PLAN_DEPTH - 1;
        c->dir = (int8_t)(1 + cli_rand(r, 6));
        if (legal(g, c))
            return true;
    }
    return false;
}

/* S-1: a random affordable set of offers. */
static bool random_buy(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    *c = js_cmd_new(JS_CMD_BUY, side);
    int points = st->scn.support_points[side];
    for (int i = 0; i < st->scn.nsupport && c->ncargo < JS_MAX_CARGO; i++) {
        const js_support_offer *o = &st->scn.support[i];
        int cost = st->scn.cards[o->def].points;
        if (o->side == side && cost <= points && cli_rand(r, 2)) {
            c->cargo[c->ncargo++] = (int16_t)i;
            points -= cost;
        }
    }
    return legal(g, c);
}

/* J-2: a legal hex for each section not yet placed. */
static bool random_jump_point(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    for (int sec = 0; sec < 3; sec++) {
        if (st->jp_set_mask[side] & (1 << sec))
            continue;
        for (int attempt = 0; attempt < 200; attempt++) {
            int col = (int)cli_rand(r, st->scn.width);
            int depth = (int)cli_rand(r, 3);
            int row = side == 0 ? st->scn.height - 1 - depth : depth;
            *c = js_cmd_new(JS_CMD_PLACE_JP, side);
            c->slot = (int8_t)sec;
            c->place[0].hex = js_hex_from_offset(col, row);
            if (legal(g, c))
                return true;
        }
    }
    return false;
}

static bool random_vanguard(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    *c = js_cmd_new(JS_CMD_VANGUARD, side);
    for (int attempt = 0; attempt < 50 && c->ncargo < st->scn.vanguard; attempt++) {
        int k = (int)cli_rand(r, st->scn.ndeck);
        bool dup = false;
        for (int i = 0; i < c->ncargo; i++)
            dup = dup || c->cargo[i] == k;
        if (!dup && st->scn.deck[k].kind != JS_CC_OFFICER)
            c->cargo[c->ncargo++] = (int16_t)k;
    }
    return legal(g, c);
}

static bool random_discard(const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    *c = js_cmd_new(JS_CMD_DISCARD, side);
    int over = st->nhand[side] - st->billet[side];
    int16_t hand[JS_MAX_HAND];
    int n = st->nhand[side];
    memcpy(hand, st->hand[side], sizeof hand);
    for (int i = 0; i < over && n > 0; i++) {
        int k = (int)cli_rand(r, n);
        c->cargo[c->ncargo++] = hand[k];
        hand[k] = hand[--n];
    }
    return true;
}

/* J-3, J-4: play a random card from the hand with random reserve cards through its jump point. */
static bool random_play(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    if (!st->nhand[side])
        return false;
    *c = js_cmd_new(JS_CMD_PLAY_CARD, side);
    c->unit = st->hand[side][cli_rand(r, st->nhand[side])];
    c->dir = (int8_t)cli_rand(r, 3);
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].kind == JS_SITE_JUMP_POINT && st->sites[i].side == side && st->sites[i].alive &&
            (c->target < 0 || cli_rand(r, 2)))
            c->target = (int16_t)i;
    for (int i = 0; i < st->nunits && c->ncargo < 3; i++) {
        const js_unit *u = &st->units[i];
        if (u->side != side || u->where != JS_AT_RESERVE || u->pending || cli_rand(r, 3))
            continue;
        c->cargo[c->ncargo] = (int16_t)i;
        c->place[c->ncargo].facing = (int8_t)(side == 0 ? 1 : 4);
        c->place[c->ncargo].phase = (int8_t)(JS_PHASE_MIN + cli_rand(r, JS_PHASE_MAX));
        c->ncargo++;
        if (!legal(g, c))
            c->ncargo--;
    }
    return legal(g, c);
}

/* K-2 at setup: a random hex of the deployment area for each jump-off point still to place, then
 * the entry point; K-7 after a capture: a random legal base-line hex. */
static bool random_jump_off(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    int w = st->scn.width, h = st->scn.height;
    for (int k = 0; k < st->scn.jump_offs && st->phase == JS_PHASE_SETUP_JO; k++) {
        if (st->jo_set_mask[side] & (1 << k))
            continue;
        for (int attempt = 0; attempt < 200; attempt++) {
            int depth = (int)cli_rand(r, (uint32_t)st->scn.jump_off_depth);
            *c = js_cmd_new(JS_CMD_PLACE_JO, side);
            c->slot = (int8_t)k;
            c->place[0].hex = js_hex_from_offset((int)cli_rand(r, (uint32_t)w), side == 0 ? h - 1 - depth : depth);
            if (legal(g, c))
                return true;
        }
    }
    if (st->phase == JS_PHASE_SETUP_JO && (st->entry_set[side] || js_entry_site(st, side) >= 0))
        return false;
    for (int attempt = 0; attempt < 5 * w; attempt++) { /* at random, then every hex in turn */
        *c = js_cmd_new(JS_CMD_PLACE_ENTRY, side);
        int col = attempt < 4 * w ? (int)cli_rand(r, (uint32_t)w) : attempt - 4 * w;
        c->place[0].hex = js_hex_from_offset(col, side == 0 ? h - 1 : 0);
        if (legal(g, c))
            return true;
    }
    return false;
}

/* K-4, K-6, K-9: spend a random fitting set of this phase's free command dice on a random reserve
 * card (a transport with a random passenger), placed at random near a random own site. */
static bool random_dice_deploy(const js_game *g, const js_state *st, int side, cli_rng *r, js_cmd *c)
{
    int cands[JS_MAX_UNITS], n = 0;
    for (int i = 0; i < st->nunits; i++) {
        const js_unit *u = &st->units[i];
        if (u->side == side && u->where == JS_AT_RESERVE && u->def >= 0 && !u->pending &&
            !js_unit_dice_deploying(st, side, i))
            cands[n++] = i;
    }
    if (!n || !st->nkdice[side])
        return false;
    int unit = cands[cli_rand(r, (uint32_t)n)];
    const js_card_def *d = &st->scn.cards[st->units[unit].def];
    *c = js_cmd_new(JS_CMD_DICE_DEPLOY, side);
    c->unit = (int16_t)unit;
    const js_card_def *vd = d;
    if (js_k_role_of(d) == JS_K_TRANSPORT) { /* a passenger that fits its hold */
        int pc[JS_MAX_UNITS], np = 0;
        for (int k = 0; k < n; k++) {
            const js_card_def *pd = &st->scn.cards[st->units[cands[k]].def];
            if (cands[k] != unit && js_k_role_of(pd) != JS_K_TRANSPORT && pd->size < d->size &&
                js_hold_space(pd) <= d->capacity)
                pc[np++] = cands[k];
        }
        if (!np)
            return false;
        c->cargo[0] = (int16_t)pc[cli_rand(r, (uint32_t)np)];
        c->ncargo = 1;
        vd = &st->scn.cards[st->units[c->cargo[0]].def];
    }
    unsigned masks[256], values = js_k_values(vd);
    int nm = 0;
    for (unsigned m = 1; m < (1u << st->nkdice[side]); m++) {
        int total = js_dice_total(st, side, m, unit, NULL, 0);
        if (total && (values & (1u << total)))
            masks[nm++] = m;
    }
    if (!nm)
        return false;
    c->dice = (uint8_t)masks[cli_rand(r, (uint32_t)nm)];
    int sites[JS_MAX_SITES], ns = 0;
    int kind = js_k_via_entry(d) ? JS_SITE_ENTRY : JS_SITE_JUMP_OFF;
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].side == side && st->sites[i].kind == kind && st->sites[i].alive)
            sites[ns++] = i;
    if (!ns)
        return false;
    c->target = (int16_t)sites[cli_rand(r, (uint32_t)ns)];
    int radius = kind == JS_SITE_ENTRY ? JS_ENTRY_RADIUS : JS_JUMP_OFF_RADIUS;
    for (int attempt = 0; attempt < 24; attempt++) {
        js_hex h = st->sites[c->target].hex;
        for (int k = (int)cli_rand(r, (uint32_t)radius); k > 0; k--)
            h = js_hex_neighbor(h, 1 + (int)cli_rand(r, 6));
        int facing = side == 0 ? 1 : 4;
        if (cli_rand(r, 4) == 0)
            facing = 1 + (int)cli_rand(r, 6);
        c->nplace = d->ships;
        for (int k = 0; k < d->ships; k++) {
            c->place[k].hex = k ? js_hex_neighbor(c->place[k - 1].hex, 3) : h;
            c->place[k].facing = (int8_t)facing;
            c->place[k].phase = (int8_t)(JS_PHASE_MIN + cli_rand(r, JS_PHASE_MAX));
        }
        if (legal(g, c))
            return true;
    }
    return false;
}

bool cli_random_command(const js_game *g, cli_rng *r, js_cmd *out)
{
    js_wait w = js_wait_get(g);
    if (w.kind == JS_WAIT_NONE || !w.sides)
        return false;
    int side = (w.sides & 1) && (!(w.sides & 2) || cli_rand(r, 2)) ? 0 : 1;
    return cli_random_command_side(g, side, r, out);
}

bool cli_random_command_side(const js_game *g, int side, cli_rng *r, js_cmd *out)
{
    js_wait w = js_wait_get(g);
    if (w.kind == JS_WAIT_NONE || !(w.sides & JS_SIDE_MASK(side)))
        return false;
    js_view *v = malloc(sizeof *v);
    js_view_build(g, side, v);
    const js_state *st = &v->st;
    js_cmd c = js_cmd_new(JS_CMD_READY, side);
    bool done = false;
    switch (w.kind) {
    case JS_WAIT_DIE:
        c = js_cmd_new(JS_CMD_DIE, side);
        c.value = (int8_t)(1 + cli_rand(r, w.die_sides));
        done = true;
        break;
    case JS_WAIT_SETUP_BUY:
        done = !st->npurchase[side] && random_buy(g, st, side, r, &c);
        break;
    case JS_WAIT_SETUP_JP:
        done = random_jump_point(g, st, side, r, &c);
        break;
    case JS_WAIT_VANGUARD:
        done = st->nvanguard[side] == 0 && cli_rand(r, 4) && random_vanguard(g, st, side, r, &c);
        break;
    case JS_WAIT_DISCARD:
        done = random_discard(st, side, r, &c);
        break;
    case JS_WAIT_SETUP_JO:
    case JS_WAIT_NEW_ENTRY:
        done = random_jump_off(g, st, side, r, &c);
        break;
    case JS_WAIT_COMMAND:
        if ((st->scn.deploy & JS_DEPLOY_DICE) && st->nkdice[side] && cli_rand(r, 3)) {
            if (st->nkdep[side] > 0 && cli_rand(r, 10) == 0) { /* withdraw one */
                c = js_cmd_new(JS_CMD_DICE_DEPLOY, side);
                c.unit = st->kdep[side][cli_rand(r, (uint32_t)st->nkdep[side])].unit;
                done = legal(g, &c);
            } else {
                done = random_dice_deploy(g, st, side, r, &c);
            }
            if (done)
                break;
        }
        if (st->play_card[side] < 0 && cli_rand(r, 2) && random_play(g, st, side, r, &c)) {
            done = true;
            break;
        }
        if (st->npending[side] < 3 && cli_rand(r, 3) == 0) {
            int cands[JS_MAX_UNITS], n = 0;
            for (int i = 0; i < st->nunits; i++) {
                const js_unit *u = &st->units[i];
                if (u->side == side && !u->pending && (u->where == JS_AT_RESERVE || u->where == JS_AT_CARGO))
                    cands[n++] = i;
            }
            if (n) {
                int unit = cands[cli_rand(r, n)];
                bool cargo = st->units[unit].where == JS_AT_CARGO;
                c = js_cmd_new(cargo ? JS_CMD_LAUNCH_CARGO : JS_CMD_LAUNCH, side);
                c.unit = (int16_t)unit;
                done = try_launch(g, st, r, &c, unit, cargo);
            }
        }
        if (!done && st->npending[side] > 0 && cli_rand(r, 8) == 0) {
            c = js_cmd_new(JS_CMD_CANCEL_LAUNCH, side);
            c.unit = st->pending[side][cli_rand(r, st->npending[side])].unit;
            done = legal(g, &c);
        }
        break;
    case JS_WAIT_PLOT:
        done = plot_something(g, st, side, r, &c);
        break;
    case JS_WAIT_POD_MOVE: {
        int cands[JS_MAX_PODS], n = 0;
        for (int i = 0; i < JS_MAX_PODS; i++) {
            js_cmd t = js_cmd_new(JS_CMD_POD_MOVE, side);
            t.unit = (int16_t)i;
            if (st->pods[i].alive && st->pods[i].side == side && legal(g, &t))
                cands[n++] = i;
        }
        if (n) {
            c = js_cmd_new(JS_CMD_POD_MOVE, side);
            c.unit = (int16_t)cands[cli_rand(r, n)];
            c.hold = cli_rand(r, 4) == 0;
            done = true;
        }
        break;
    }
    case JS_WAIT_MISSILE: {
        int cands[JS_MAX_MISSILES], n = 0;
        for (int i = 0; i < JS_MAX_MISSILES; i++)
            if (st->missiles[i].alive && st->missiles[i].side == side)
                cands[n++] = i;
        if (n) {
            c = js_cmd_new(JS_CMD_MISSILE, side);
            c.unit = (int16_t)cands[cli_rand(r, n)];
            done = true;
        }
        break;
    }
    case JS_WAIT_POD_ATTACK: {
        c = js_cmd_new(JS_CMD_POD_ATTACK, side);
        c.unit = -1; /* pass unless an attack is found */
        done = true;
        if (cli_rand(r, 6) == 0)
            break;
        for (int i = 0; i < JS_MAX_PODS; i++) {
            const js_podgroup *p = &st->pods[i];
            if (!p->alive || p->side != side)
                continue;
            for (int t = 0; t < st->nships; t++) {
                js_cmd a = js_cmd_new(JS_CMD_POD_ATTACK, side);
                a.unit = (int16_t)i;
                a.target = (int16_t)t;
                a.count = (int8_t)(1 + cli_rand(r, p->pods < 6 ? p->pods : 6));
                if (legal(g, &a)) {
                    c = a;
                    goto found;
                }
            }
            for (int t = 0; t < JS_MAX_PODS; t++) {
                js_cmd a = js_cmd_new(JS_CMD_POD_ATTACK, side);
                a.unit = (int16_t)i;
                a.target = (int16_t)t;
                a.target_is_pod = 1;
                a.count = 1;
                if (st->pods[t].alive && legal(g, &a)) {
                    c = a;
                    goto found;
                }
            }
        }
    found:
        break;
    }
    case JS_WAIT_GUARD:
        c = js_cmd_new(JS_CMD_GUARD, side);
        c.count = (int8_t)cli_rand(r, w.max_guard + 1);
        done = true;
        break;
    case JS_WAIT_SHIP_ATTACK:
        for (int i = 0; i < st->nships && !done; i++) {
            const js_ship *s = &st->ships[i];
            if (s->side != side || s->attack_target_set)
                continue;
            for (int t = 0; t < st->nships && !done; t++) {
                c = js_cmd_new(JS_CMD_SHIP_ATTACK, side);
                c.unit = (int16_t)i;
                c.target = (int16_t)(cli_rand(r, 5) == 0 ? -1 : t);
                done = legal(g, &c);
            }
        }
        break;
    default:
        break;
    }
    if (!done) /* nothing else chosen: READY, which ends the secret decisions */
        c = js_cmd_new(JS_CMD_READY, side);
    /* no READY where the engine wants something else */
    bool answers = js_cmd_answers(w.kind, c.type);
    if (answers)
        *out = c;
    free(v);
    return answers;
}
