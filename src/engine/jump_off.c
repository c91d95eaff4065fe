/* jump_off.c — jump-off points and entry points (K-2, K-5, K-7): placed by the scenario or in
 * secret at setup and revealed together, blocked by enemy ships close by, captured by enemy ships
 * ending their move on them. Spending the dice is dice_deploy.c's. */
#include "internal.h"

static bool uses_dice(const js_state *st) { return (st->scn.deploy & JS_DEPLOY_DICE) != 0; }

/* Rows from the side's home edge: its base line is 0. */
static int home_depth(const js_state *st, int side, int row)
{
    return side == JS_SIDE_A ? st->scn.height - 1 - row : row;
}

int js_entry_site(const js_state *st, int side)
{
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].kind == JS_SITE_ENTRY && st->sites[i].side == side &&
            st->sites[i].alive != JS_SITE_GONE)
            return i;
    return -1;
}

/* The smallest distance from any hex of the ship to h (G-4). */
static int ship_to_hex(const js_state *st, int ship, js_hex h)
{
    js_hex fp[7];
    int n = js_ship_footprint(st, ship, fp);
    return jsi_footprint_distance(fp, n, &h, 1, false);
}

bool js_jump_off_blocked(const js_state *st, int site)
{
    const js_site *s = &st->sites[site];
    for (int i = 0; i < st->nships; i++) /* Z-32: a disabled ship blocks too */
        if (st->ships[i].side != s->side && jsi_ship_live(st, i) && js_ship_card(st, i) &&
            ship_to_hex(st, i, s->hex) <= JS_JUMP_OFF_BLOCK)
            return true;
    return false;
}

/* K-2 (and K-7 when `moving`): a hex of the side's base line, passable, and for a moved entry
 * point at least 9 hexes from the old one and from every enemy ship. */
static js_status entry_hex_ok(const js_state *st, int side, js_hex h, bool moving, char *reason, size_t cap)
{
    int col, row;
    js_hex_to_offset(h, &col, &row);
    if (!js_hex_on_map(st, h))
        JSI_FAIL(reason, cap, "K-2: (%d,%d) is off the map", col, row);
    if (home_depth(st, side, row) != 0)
        JSI_FAIL(reason, cap, "K-2: an entry point stands on your base line (row %d)",
                 side == JS_SIDE_A ? st->scn.height - 1 : 0);
    if (!jsi_hex_passable(st, h))
        JSI_FAIL(reason, cap, "K-2: (%d,%d) is impassable terrain", col, row);
    if (!moving)
        return JS_OK;
    int old = js_entry_site(st, side);
    if (old >= 0) {
        int d = js_hex_distance(st->sites[old].hex, h);
        if (d < JS_ENTRY_MOVE)
            JSI_FAIL(reason, cap, "K-7: (%d,%d) is %d hexes from the captured entry point; a new one is at least %d away",
                     col, row, d, JS_ENTRY_MOVE);
    }
    for (int i = 0; i < st->nships; i++) {
        if (st->ships[i].side == side || !jsi_ship_live(st, i) || !js_ship_card(st, i))
            continue;
        int d = ship_to_hex(st, i, h);
        if (d < JS_ENTRY_MOVE) {
            char nb[64];
            JSI_FAIL(reason, cap, "K-7: (%d,%d) is %d hexes from %s; a new entry point is at least %d from every enemy ship",
                     col, row, d, jsi_ship_name(st, i, nb, sizeof nb), JS_ENTRY_MOVE);
        }
    }
    return JS_OK;
}

js_status js_entry_hex_check(const js_state *st, int side, js_hex h, char *reason, size_t cap)
{
    return entry_hex_ok(st, side, h, st->phase == JS_PHASE_NEW_ENTRY, reason, cap);
}

js_status js_jump_off_hex_check(const js_state *st, int side, int slot, js_hex h, char *reason, size_t cap)
{
    if (slot < 0 || slot >= st->scn.jump_offs)
        JSI_FAIL(reason, cap, "K-2: you place %d jump-off point(s), numbered 0 to %d", st->scn.jump_offs,
                 st->scn.jump_offs - 1);
    int col, row;
    js_hex_to_offset(h, &col, &row);
    if (!js_hex_on_map(st, h))
        JSI_FAIL(reason, cap, "K-2: (%d,%d) is off the map", col, row);
    if (home_depth(st, side, row) >= st->scn.jump_off_depth)
        JSI_FAIL(reason, cap, "K-2: (%d,%d) is outside your deployment area (the %d rows from your home edge)",
                 col, row, st->scn.jump_off_depth);
    if (!jsi_hex_passable(st, h))
        JSI_FAIL(reason, cap, "K-2: (%d,%d) is impassable terrain", col, row);
    for (int k = 0; k < st->scn.jump_offs; k++)
        if (k != slot && (st->jo_set_mask[side] & (1 << k)) && js_hex_eq(st->jo_pick[side][k], h))
            JSI_FAIL(reason, cap, "Z-28: (%d,%d) already holds your jump-off point %d", col, row, k);
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].kind == JS_SITE_JUMP_OFF && st->sites[i].side == side && js_hex_eq(st->sites[i].hex, h))
            JSI_FAIL(reason, cap, "Z-28: (%d,%d) already holds one of your jump-off points", col, row);
    return JS_OK;
}

/* ---------------------------------------------------------------- setup (K-2, S-3) */
static bool needs_entry(const js_state *st, int side) { return js_entry_site(st, side) < 0; }

bool jsi_jo_setup_needed(const js_state *st, int side)
{
    return uses_dice(st) && (st->scn.jump_offs > 0 || needs_entry(st, side));
}

bool jsi_jo_setup_done(const js_state *st, int side)
{
    int all = (1 << st->scn.jump_offs) - 1;
    return st->jo_set_mask[side] == all && (st->entry_set[side] || !needs_entry(st, side));
}

js_status jsi_check_place_k(const js_game *g, const js_cmd *c, char *reason, size_t cap)
{
    const js_state *st = &g->st;
    js_hex h = c->place[0].hex;
    if (c->type == JS_CMD_PLACE_JO)
        return js_jump_off_hex_check(st, c->side, c->slot, h, reason, cap);
    if (st->phase == JS_PHASE_SETUP_JO && !needs_entry(st, c->side))
        JSI_FAIL(reason, cap, "K-2: the scenario places your entry point");
    return js_entry_hex_check(st, c->side, h, reason, cap);
}

void jsi_apply_place_k(js_game *g, const js_cmd *c)
{
    js_state *st = &g->st;
    int side = c->side;
    if (c->type == JS_CMD_PLACE_JO) {
        st->jo_pick[side][c->slot] = c->place[0].hex;
        st->jo_set_mask[side] |= (int8_t)(1 << c->slot);
        return;
    }
    if (st->phase == JS_PHASE_SETUP_JO) {
        st->entry_pick[side] = c->place[0].hex;
        st->entry_set[side] = 1;
        return;
    }
    /* K-7: the captured entry point moves; vehicles arriving there are hesitant */
    js_site *s = &st->sites[js_entry_site(st, side)];
    js_hex old = s->hex;
    int col, row;
    js_hex_to_offset(c->place[0].hex, &col, &row);
    s->hex = c->place[0].hex;
    s->alive = JS_SITE_UP;
    st->kentry_hesitant[side] = 1;
    st->ready |= (int8_t)JS_SIDE_MASK(side);
    jsi_ab(jsi_log(g, JS_EV_SETUP, side, JS_BOTH_SIDES, (int)(s - st->sites), -1, s->hex, old, 0, 0,
                   "K-7: %s's new entry point is at (%d,%d); vehicles arriving there are hesitant",
                   jsi_side_name(st, side), col, row),
           JS_UNIT_SITE, JS_UNIT_NONE);
}

static void add_site(js_game *g, int kind, int side, js_hex h)
{
    js_state *st = &g->st;
    js_site *s = &st->sites[st->nsites++]; /* room checked when the game was created */
    memset(s, 0, sizeof *s);
    s->kind = (int8_t)kind;
    s->side = (int8_t)side;
    s->alive = JS_SITE_UP;
    s->section = JS_SECTION_ANY;
    s->hex = h;
    int col, row;
    js_hex_to_offset(h, &col, &row);
    jsi_ab(jsi_log(g, JS_EV_SETUP, side, JS_BOTH_SIDES, st->nsites - 1, -1, h, JSI_NOHEX, kind, 0,
                   "K-2: %s's %s is at (%d,%d)", jsi_side_name(st, side),
                   kind == JS_SITE_ENTRY ? "entry point" : "jump-off point", col, row),
           JS_UNIT_SITE, JS_UNIT_NONE);
}

void jsi_reveal_jump_offs(js_game *g)
{
    js_state *st = &g->st;
    for (int side = 0; side < JS_SIDES; side++) {
        for (int k = 0; k < st->scn.jump_offs; k++)
            if (st->jo_set_mask[side] & (1 << k))
                add_site(g, JS_SITE_JUMP_OFF, side, st->jo_pick[side][k]);
        if (st->entry_set[side])
            add_site(g, JS_SITE_ENTRY, side, st->entry_pick[side]);
        st->jo_set_mask[side] = 0;
        st->entry_set[side] = 0;
        memset(st->jo_pick[side], 0, sizeof st->jo_pick[side]);
        memset(&st->entry_pick[side], 0, sizeof st->entry_pick[side]);
    }
}

/* ---------------------------------------------------------------- captures (K-7) */
void jsi_dice_captures(js_game *g)
{
    js_state *st = &g->st;
    for (int i = 0; i < st->nsites; i++) {
        js_site *s = &st->sites[i];
        if ((s->kind != JS_SITE_JUMP_OFF && s->kind != JS_SITE_ENTRY) || s->alive != JS_SITE_UP)
            continue;
        for (int sh = 0; sh < st->nships; sh++) {
            if (st->ships[sh].side == s->side || !jsi_ship_live(st, sh) || !jsi_ship_covers(st, sh, s->hex))
                continue;
            s->alive = JS_SITE_HELD;
            char nb[64];
            int col, row;
            js_hex_to_offset(s->hex, &col, &row);
            jsi_log(g, JS_EV_CAPTURE, st->ships[sh].side, JS_BOTH_SIDES, sh, i, s->hex, JSI_NOHEX, 0, s->kind,
                    s->kind == JS_SITE_ENTRY
                        ? "K-7: %s captures %s's entry point at (%d,%d); a new one will be picked"
                        : "K-7: %s captures %s's jump-off point at (%d,%d); it goes unless a ship of its side covers it in the resolution phase",
                    jsi_ship_name(st, sh, nb, sizeof nb), jsi_side_name(st, s->side), col, row)
                ->cause = JS_CAUSE_CAPTURE;
            break;
        }
    }
}

static bool own_ship_covers(const js_state *st, int side, js_hex h)
{
    for (int i = 0; i < st->nships; i++)
        if (st->ships[i].side == side && jsi_ship_live(st, i) && jsi_ship_covers(st, i, h))
            return true;
    return false;
}

static bool some_entry_hex(const js_state *st, int side)
{
    int row = side == JS_SIDE_A ? st->scn.height - 1 : 0;
    for (int col = 0; col < st->scn.width; col++)
        if (entry_hex_ok(st, side, js_hex_from_offset(col, row), true, NULL, 0) == JS_OK)
            return true;
    return false;
}

unsigned jsi_resolve_dice_captures(js_game *g)
{
    js_state *st = &g->st;
    unsigned pick = 0;
    for (int i = 0; i < st->nsites; i++) {
        js_site *s = &st->sites[i];
        if (s->alive != JS_SITE_HELD)
            continue;
        int col, row;
        js_hex_to_offset(s->hex, &col, &row);
        const char *who = jsi_side_name(st, s->side);
        if (s->kind == JS_SITE_JUMP_OFF) {
            bool kept = own_ship_covers(st, s->side, s->hex);
            s->alive = kept ? JS_SITE_UP : JS_SITE_GONE;
            jsi_log(g, JS_EV_CAPTURE, s->side, JS_BOTH_SIDES, -1, i, s->hex, JSI_NOHEX, 0, s->kind,
                    kept ? "K-7: a ship of %s covers its jump-off point at (%d,%d); it stands"
                         : "K-7: %s's jump-off point at (%d,%d) is lost",
                    who, col, row)
                ->cause = JS_CAUSE_CAPTURE;
        } else if (some_entry_hex(st, s->side)) {
            pick |= JS_SIDE_MASK(s->side);
        } else { /* Z-34 */
            s->alive = JS_SITE_GONE;
            jsi_log(g, JS_EV_CAPTURE, s->side, JS_BOTH_SIDES, -1, i, s->hex, JSI_NOHEX, 0, s->kind,
                    "Z-34: no hex of %s's base line is %d hexes from its old entry point and every enemy ship; it has no entry point now",
                    who, JS_ENTRY_MOVE)
                ->cause = JS_CAUSE_CAPTURE;
        }
    }
    return pick;
}
