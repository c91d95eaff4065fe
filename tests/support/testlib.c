/* testlib.c — see testlib.h */
#define _GNU_SOURCE /* program_invocation_short_name, mkdtemp */
#include "testlib.h"
#include "jsd.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

js_scenario *tl_scenario(int w, int h)
{
    js_scenario *s = calloc(1, sizeof *s);
    js_scenario_defaults(s);
    s->width = (int16_t)w;
    s->height = (int16_t)h;
    s->turn_limit = 20;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++) {
            if (r >= h - 2)
                s->zone[r * w + c] |= JS_ZONE_A;
            if (r < 2)
                s->zone[r * w + c] |= JS_ZONE_B;
        }
    return s;
}

int tl_card(js_scenario *s, const char *name, int size, int ships, int move)
{
    js_card_def *d = &s->cards[s->ncards];
    memset(d, 0, sizeof *d);
    snprintf(d->id, sizeof d->id, "%s", name);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->size = (int8_t)size;
    d->ships = (int8_t)ships;
    d->move = (int8_t)move;
    d->hull = 1;
    d->mass = 1;
    return s->ncards++;
}

int tl_unit_at(js_scenario *s, int def, int side, int col, int row, int facing)
{
    js_unit_setup *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_MAP;
    for (int k = 0; k < s->cards[def].ships; k++) {
        u->place[k].hex = js_hex_from_offset(col + 2 * k, row);
        u->place[k].facing = (int8_t)facing;
        u->place[k].phase = 5;
    }
    return s->nunits++;
}

int tl_unit_reserve(js_scenario *s, int def, int side)
{
    js_unit_setup *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_RESERVE;
    return s->nunits++;
}

void tl_terrain(js_scenario *s, int col, int row, const char *name, int impassable, int blocks, int defense)
{
    int t = -1;
    for (int i = 0; i < s->nterrain; i++)
        if (!strcmp(s->terrain_types[i].name, name))
            t = i;
    if (t < 0) {
        t = s->nterrain++;
        js_terrain_type *tt = &s->terrain_types[t];
        snprintf(tt->name, sizeof tt->name, "%s", name);
        snprintf(tt->look, sizeof tt->look, "%s", name);
        tt->impassable = (int8_t)impassable;
        tt->blocks_missiles = (int8_t)blocks;
        tt->defense_bonus = (int8_t)defense;
    }
    s->terrain[row * s->width + col] = (uint8_t)t;
}

js_game *tl_game(const js_scenario *s, const int *dice, int n)
{
    int8_t script[4096];
    for (int i = 0; i < n && i < 4096; i++)
        script[i] = (int8_t)dice[i];
    js_dice_cfg cfg = {.kind = JS_DICE_SCRIPTED, .seed = 7, .script = script, .nscript = n};
    char reason[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &cfg, reason, sizeof reason);
    if (!g)
        fail_msg("js_game_create: %s", reason);
    return g;
}

void tl_expect(js_game *g, const js_cmd *c, js_status want)
{
    char reason[JS_REASON_LEN] = "";
    js_status got = js_submit(g, c, reason, sizeof reason);
    if (got != want)
        fail_msg("%s by side %d: status %d, wanted %d (%s)", js_cmd_type_name(c->type), c->side, got, want,
                 reason);
}

js_cmd tl_cmd(int type, int side)
{
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = (int8_t)type;
    c.side = (int8_t)side;
    c.target = -1;
    return c;
}

js_order tl_order(int phase)
{
    js_order o;
    memset(&o, 0, sizeof o);
    o.phase = (int8_t)phase;
    return o;
}

void tl_ready(js_game *g, int side)
{
    js_cmd c = tl_cmd(JS_CMD_READY, side);
    tl_ok(g, &c);
}

void tl_ready_both(js_game *g)
{
    for (int s = 0; s < JS_SIDES; s++) {
        js_wait w = js_wait_get(g);
        if (w.secret && (w.sides & JS_SIDE_MASK(s)))
            tl_ready(g, s);
    }
}

js_hex tl_hex(int col, int row) { return js_hex_from_offset(col, row); }

void tl_pos(const js_game *g, int ship, int *col, int *row)
{
    js_hex_to_offset(js_game_state(g)->ships[ship].pos, col, row);
}

const js_event *tl_last_event(const js_game *g, int type)
{
    for (int i = js_log_count(g) - 1; i >= 0; i--)
        if (js_log_at(g, i)->type == type)
            return js_log_at(g, i);
    return NULL;
}

int tl_count_events(const js_game *g, int type)
{
    int n = 0;
    for (int i = 0; i < js_log_count(g); i++)
        n += js_log_at(g, i)->type == type;
    return n;
}

/* ---------------------------------------------------------------- rule-test extensions */
int tl_unit_places(js_scenario *s, int def, int side, int n, const int crf[][3])
{
    js_unit_setup *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    u->def = (int16_t)def;
    u->side = (int8_t)side;
    u->where = JS_AT_MAP;
    for (int k = 0; k < n && k < JS_MAX_SQUAD; k++) {
        u->place[k].hex = js_hex_from_offset(crf[k][0], crf[k][1]);
        u->place[k].facing = (int8_t)crf[k][2];
        u->place[k].phase = 5;
    }
    return s->nunits++;
}

js_game *tl_game_dice(const js_scenario *s, int kind, uint64_t seed, const int *dice, int n)
{
    int8_t script[4096];
    for (int i = 0; i < n && i < 4096; i++)
        script[i] = (int8_t)dice[i];
    js_dice_cfg cfg = {.kind = (int8_t)kind, .seed = seed, .script = script, .nscript = n};
    char reason[JS_REASON_LEN] = "";
    js_game *g = js_game_create(s, &cfg, reason, sizeof reason);
    if (!g)
        fail_msg("js_game_create: %s", reason);
    return g;
}

js_status tl_plot_try(js_game *g, int ship, int slot, js_order o)
{
    js_cmd c = tl_cmd(JS_CMD_PLOT, js_game_state(g)->ships[ship].side);
    c.unit = (int16_t)ship;
    c.slot = (int8_t)slot;
    c.order = o;
    char reason[JS_REASON_LEN];
    return js_submit(g, &c, reason, sizeof reason);
}

void tl_plot(js_game *g, int ship, int slot, js_order o)
{
    js_cmd c = tl_cmd(JS_CMD_PLOT, js_game_state(g)->ships[ship].side);
    c.unit = (int16_t)ship;
    c.slot = (int8_t)slot;
    c.order = o;
    tl_ok(g, &c);
}

void tl_pod_move(js_game *g, int group, int hold)
{
    js_cmd c = tl_cmd(JS_CMD_POD_MOVE, js_game_state(g)->pods[group].side);
    c.unit = (int16_t)group;
    c.hold = (int8_t)hold;
    tl_ok(g, &c);
}

void tl_missile(js_game *g, int missile)
{
    js_cmd c = tl_cmd(JS_CMD_MISSILE, js_game_state(g)->missiles[missile].side);
    c.unit = (int16_t)missile;
    tl_ok(g, &c);
}

void tl_pod_attack(js_game *g, int group, int target, int is_pod, int count)
{
    js_cmd c = tl_cmd(JS_CMD_POD_ATTACK, js_game_state(g)->pods[group].side);
    c.unit = (int16_t)group;
    c.target = (int16_t)target;
    c.target_is_pod = (int8_t)is_pod;
    c.count = (int8_t)count;
    tl_ok(g, &c);
}

void tl_pod_pass(js_game *g, int side)
{
    js_cmd c = tl_cmd(JS_CMD_POD_ATTACK, side);
    c.unit = -1;
    tl_ok(g, &c);
}

void tl_guard(js_game *g, int side, int count)
{
    js_cmd c = tl_cmd(JS_CMD_GUARD, side);
    c.count = (int8_t)count;
    tl_ok(g, &c);
}

void tl_ship_attack(js_game *g, int ship, int target)
{
    js_cmd c = tl_cmd(JS_CMD_SHIP_ATTACK, js_game_state(g)->ships[ship].side);
    c.unit = (int16_t)ship;
    c.target = (int16_t)target;
    tl_ok(g, &c);
}

static bool try_first(js_game *g, int type, int side, int max)
{
    for (int i = 0; i < max; i++) {
        js_cmd c = tl_cmd(type, side);
        c.unit = (int16_t)i;
        if (js_check(g, &c, NULL, 0) == JS_OK) {
            tl_ok(g, &c);
            return true;
        }
    }
    return false;
}

/* J-2: the first legal hex of each section, from the base line outwards. */
static void tl_default_jump_points(js_game *g, int side)
{
    const js_state *st = js_game_state(g);
    int w = st->scn.width, h = st->scn.height;
    for (int sec = 0; sec < 3; sec++) {
        bool done = false;
        for (int d = 0; d < 3 && !done; d++)
            for (int col = 0; col < w && !done; col++) {
                js_cmd c = tl_cmd(JS_CMD_PLACE_JP, side);
                c.slot = (int8_t)sec;
                c.place[0].hex = js_hex_from_offset(col, side == JS_SIDE_A ? h - 1 - d : d);
                if (js_check(g, &c, NULL, 0) == JS_OK) {
                    tl_ok(g, &c);
                    done = true;
                }
            }
        if (!done)
            fail_msg("no legal hex for side %d's jump point in section %d", side, sec);
    }
    tl_ready(g, side);
}

/* H-4: the first N enlisted cards of the deck. */
static void tl_default_vanguard(js_game *g, int side)
{
    const js_state *st = js_game_state(g);
    int cards[JS_MAX_VANGUARD], n = 0;
    for (int i = 0; i < st->scn.ndeck && n < st->scn.vanguard; i++)
        if (st->scn.deck[i].kind != JS_CC_OFFICER)
            cards[n++] = i;
    tl_vanguard(g, side, n, cards);
}

/* H-5: the last cards of the hand go, down to the Billet. */
static void tl_default_discard(js_game *g, int side)
{
    const js_state *st = js_game_state(g);
    js_cmd c = tl_cmd(JS_CMD_DISCARD, side);
    int over = st->nhand[side] - st->billet[side];
    for (int i = 0; i < over; i++)
        c.cargo[i] = st->hand[side][st->nhand[side] - 1 - i];
    c.ncargo = (int8_t)over;
    tl_ok(g, &c);
}

/* K-2: the first legal hexes from the home edge inwards; K-7: the first legal base-line hex. */
static void tl_default_jump_offs(js_game *g, int side, bool setup)
{
    const js_state *st = js_game_state(g);
    int w = st->scn.width, h = st->scn.height;
    for (int k = 0; setup && k < st->scn.jump_offs; k++) {
        bool done = false;
        for (int d = 0; d < h && !done; d++)
            for (int col = 0; col < w && !done; col++) {
                js_cmd c = tl_cmd(JS_CMD_PLACE_JO, side);
                c.slot = (int8_t)k;
                c.place[0].hex = js_hex_from_offset(col, side == JS_SIDE_A ? h - 1 - d : d);
                if (js_check(g, &c, NULL, 0) == JS_OK) {
                    tl_ok(g, &c);
                    done = true;
                }
            }
    }
    if (!setup || js_entry_site(st, side) < 0)
        for (int col = 0; col < w; col++) {
            js_cmd c = tl_cmd(JS_CMD_PLACE_ENTRY, side);
            c.place[0].hex = js_hex_from_offset(col, side == JS_SIDE_A ? h - 1 : 0);
            if (js_check(g, &c, NULL, 0) == JS_OK) {
                tl_ok(g, &c);
                break;
            }
        }
    if (setup)
        tl_ready(g, side);
}

static void tl_default_step(js_game *g)
{
    js_wait w = js_wait_get(g);
    int side = (w.sides & 1) ? JS_SIDE_A : JS_SIDE_B;
    switch (w.kind) {
    case JS_WAIT_SETUP_JO:
        tl_default_jump_offs(g, side, true);
        break;
    case JS_WAIT_NEW_ENTRY:
        tl_default_jump_offs(g, side, false);
        break;
    case JS_WAIT_SETUP_JP:
        tl_default_jump_points(g, side);
        break;
    case JS_WAIT_VANGUARD:
        tl_default_vanguard(g, side);
        break;
    case JS_WAIT_DISCARD:
        tl_default_discard(g, side);
        break;
    case JS_WAIT_SETUP_BUY:
    case JS_WAIT_COMMAND:
    case JS_WAIT_PLOT:
    case JS_WAIT_SHIP_ATTACK:
        tl_ready(g, side);
        break;
    case JS_WAIT_POD_MOVE:
        if (!try_first(g, JS_CMD_POD_MOVE, side, JS_MAX_PODS))
            fail_msg("no pod group of side %d can move", side);
        break;
    case JS_WAIT_MISSILE:
        if (!try_first(g, JS_CMD_MISSILE, side, JS_MAX_MISSILES))
            fail_msg("no missile of side %d to resolve", side);
        break;
    case JS_WAIT_POD_ATTACK:
        tl_pod_pass(g, side);
        break;
    case JS_WAIT_GUARD:
        tl_guard(g, side, 0);
        break;
    default:
        fail_msg("tl_run: the game waits for %d (%s)", w.kind, w.what);
    }
}

void tl_run_until(js_game *g, int kind)
{
    for (int n = 0; n < 10000; n++) {
        js_wait w = js_wait_get(g);
        if (w.kind == kind || w.kind == JS_WAIT_NONE)
            return;
        tl_default_step(g);
    }
    fail_msg("tl_run_until: no progress");
}

void tl_run_to_plot(js_game *g, int turn)
{
    for (int n = 0; n < 10000; n++) {
        js_wait w = js_wait_get(g);
        const js_state *st = js_game_state(g);
        if (w.kind == JS_WAIT_NONE || (st->turn >= turn && st->phase == JS_PHASE_PLOT))
            return;
        tl_default_step(g);
    }
    fail_msg("tl_run_to_plot: no progress");
}

const js_ship *tl_ship(const js_game *g, int ship) { return &js_game_state(g)->ships[ship]; }

int tl_pod_at(const js_game *g, int col, int row)
{
    const js_state *st = js_game_state(g);
    js_hex h = js_hex_from_offset(col, row);
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive && js_hex_eq(st->pods[i].pos, h))
            return i;
    return -1;
}

int tl_missile_at(const js_game *g, int col, int row)
{
    const js_state *st = js_game_state(g);
    js_hex h = js_hex_from_offset(col, row);
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive && js_hex_eq(st->missiles[i].pos, h))
            return i;
    return -1;
}

int tl_pods_alive(const js_game *g)
{
    int n = 0;
    for (int i = 0; i < JS_MAX_PODS; i++)
        n += js_game_state(g)->pods[i].alive != 0;
    return n;
}

int tl_missiles_alive(const js_game *g)
{
    int n = 0;
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        n += js_game_state(g)->missiles[i].alive != 0;
    return n;
}

int tl_find_event(const js_game *g, int type, int from)
{
    for (int i = from < 0 ? 0 : from; i < js_log_count(g); i++)
        if (js_log_at(g, i)->type == type)
            return i;
    return -1;
}

/* ---------------------------------------------------------------- J, H, S */
js_scenario *tl_jump_scenario(int w, int h, int c1, int c2)
{
    js_scenario *s = tl_scenario(w, h);
    s->deploy = JS_DEPLOY_JUMP;
    s->section_c1 = (int16_t)c1;
    s->section_c2 = (int16_t)c2;
    return s;
}

int tl_deck_card(js_scenario *s, const char *name, int kind, int section, int orders, int copies)
{
    int first = s->ndeck;
    for (int i = 0; i < copies && s->ndeck < JS_MAX_DECK; i++) {
        js_command_card *c = &s->deck[s->ndeck++];
        memset(c, 0, sizeof *c);
        snprintf(c->name, sizeof c->name, "%s", name);
        c->kind = (int8_t)kind;
        c->section = (int8_t)section;
        c->orders = (int8_t)orders;
    }
    return first;
}

js_status tl_place_jp_try(js_game *g, int side, int section, int col, int row)
{
    js_cmd c = tl_cmd(JS_CMD_PLACE_JP, side);
    c.slot = (int8_t)section;
    c.place[0].hex = js_hex_from_offset(col, row);
    char reason[JS_REASON_LEN];
    return js_submit(g, &c, reason, sizeof reason);
}

void tl_place_jp(js_game *g, int side, int section, int col, int row)
{
    js_cmd c = tl_cmd(JS_CMD_PLACE_JP, side);
    c.slot = (int8_t)section;
    c.place[0].hex = js_hex_from_offset(col, row);
    tl_ok(g, &c);
}

void tl_jump_points(js_game *g, int side, const int cr[3][2])
{
    for (int sec = 0; sec < 3; sec++)
        tl_place_jp(g, side, sec, cr[sec][0], cr[sec][1]);
    tl_ready(g, side);
}

void tl_vanguard(js_game *g, int side, int n, const int *cards)
{
    js_cmd c = tl_cmd(JS_CMD_VANGUARD, side);
    c.ncargo = (int8_t)n;
    for (int i = 0; i < n; i++)
        c.cargo[i] = (int16_t)cards[i];
    tl_ok(g, &c);
    tl_ready(g, side);
}

js_cmd tl_play(int side, int card, int n, const int *units, const int *facings)
{
    js_cmd c = tl_cmd(JS_CMD_PLAY_CARD, side);
    c.unit = (int16_t)card;
    c.ncargo = (int8_t)n;
    for (int i = 0; i < n; i++) {
        c.cargo[i] = (int16_t)units[i];
        c.place[i].facing = (int8_t)(facings ? facings[i] : 1);
        c.place[i].phase = 5;
    }
    c.nplace = (int8_t)n;
    return c;
}

int tl_jump_site(const js_game *g, int side, int section)
{
    const js_state *st = js_game_state(g);
    for (int i = 0; i < st->nsites; i++)
        if (st->sites[i].kind == JS_SITE_JUMP_POINT && st->sites[i].side == side &&
            st->sites[i].section == section)
            return i;
    return -1;
}

char *tl_answer(const js_game *g, int side, tl_decide_fn decide, void *player)
{
    js_game *c = js_game_clone(g);
    js_view *v = malloc(sizeof *v);
    size_t cap = 1 << 16, len = 0;
    char *out = calloc(1, cap);
    js_wait first = js_wait_get(c);
    for (int n = 0; n < 2000; n++) {
        js_wait w = js_wait_get(c);
        if (!(w.sides & JS_SIDE_MASK(side)) || w.kind != first.kind)
            break;
        js_view_build(c, side, v);
        js_cmd cmd;
        int rc = decide(player, v, &cmd);
        if (rc != 0)
            fail_msg("the player found no answer (%d) to \"%s\"", rc, w.what);
        char reason[JS_REASON_LEN] = "";
        js_status s = js_submit(c, &cmd, reason, sizeof reason);
        if (s != JS_OK && s != JS_ERR_NEED_DIE)
            fail_msg("the engine refused the player's %s: %s", js_cmd_type_name(cmd.type), reason);
        char *j = jsd_cmd_to_json(&cmd);
        size_t l = strlen(j);
        if (len + l + 2 >= cap)
            out = realloc(out, cap = 2 * (cap + l));
        memcpy(out + len, j, l);
        len += l;
        out[len++] = '\n';
        out[len] = 0;
        free(j);
        if (!first.secret || cmd.type == JS_CMD_READY || cmd.type == JS_CMD_DISCARD)
            break;
    }
    free(v);
    js_game_destroy(c);
    return out;
}

char *tl_view_json(const js_game *g, int viewer)
{
    js_view *v = malloc(sizeof *v);
    if (!v)
        return NULL;
    js_view_build(g, viewer, v);
    char *s = jsd_view_to_json(v, false);
    free(v);
    return s;
}

bool tl_same_for(const js_game *a, const js_game *b, int viewer)
{
    char *ja = tl_view_json(a, viewer), *jb = tl_view_json(b, viewer);
    bool same = ja && jb && strcmp(ja, jb) == 0;
    free(ja);
    free(jb);
    int i = 0, j = 0, na = js_log_count(a), nb = js_log_count(b);
    while (same) {
        while (i < na && !js_event_visible(js_log_at(a, i), viewer))
            i++;
        while (j < nb && !js_event_visible(js_log_at(b, j), viewer))
            j++;
        if (i >= na || j >= nb) {
            same = i >= na && j >= nb;
            break;
        }
        const js_event *ea = js_log_at(a, i++), *eb = js_log_at(b, j++);
        same = ea->type == eb->type && ea->side == eb->side && ea->a == eb->a && ea->b == eb->b &&
               ea->value == eb->value && ea->value2 == eb->value2 && strcmp(ea->text, eb->text) == 0;
    }
    return same;
}

/* ---------------------------------------------------------------- K */
js_scenario *tl_dice_scenario(int w, int h)
{
    js_scenario *s = tl_scenario(w, h);
    s->deploy = JS_DEPLOY_DICE;
    s->jump_offs = 0;
    memset(s->zone, 0, sizeof s->zone);
    return s;
}

int tl_site(js_scenario *s, int kind, int side, int col, int row)
{
    js_site *t = &s->sites[s->nsites];
    memset(t, 0, sizeof *t);
    t->kind = (int8_t)kind;
    t->side = (int8_t)side;
    t->alive = JS_SITE_UP;
    t->section = JS_SECTION_ANY;
    t->hex = js_hex_from_offset(col, row);
    return s->nsites++;
}

js_cmd tl_dice_deploy(int side, int unit, unsigned mask, int site, int n, const int crf[][3])
{
    js_cmd c = tl_cmd(JS_CMD_DICE_DEPLOY, side);
    c.unit = (int16_t)unit;
    c.dice = (uint8_t)mask;
    c.target = (int16_t)site;
    c.nplace = (int8_t)n;
    for (int k = 0; k < n; k++)
        c.place[k] = (js_ship_place){js_hex_from_offset(crf[k][0], crf[k][1]), (int8_t)crf[k][2], 5};
    return c;
}

js_ship_setup *tl_ship_state(js_scenario *s, int unit, int ship)
{
    js_ship_setup *e = &s->position.ships[s->position.nships++];
    memset(e, 0, sizeof *e);
    e->unit = (int16_t)unit;
    e->ship = (int8_t)ship;
    return e;
}

int tl_pod_setup(js_scenario *s, int unit, int col, int row, int pods, int dir, int entered)
{
    js_pod_setup *e = &s->position.pods[s->position.npods];
    memset(e, 0, sizeof *e);
    e->unit = (int16_t)unit;
    e->hex = js_hex_from_offset(col, row);
    e->pods = (int16_t)pods;
    e->entered = (int8_t)entered;
    for (int k = 0; k < JS_PLAN_DEPTH; k++)
        e->dir[k] = (int8_t)dir;
    return s->position.npods++;
}

int tl_missile_setup(js_scenario *s, int unit, int col, int row, int facing)
{
    js_missile_setup *e = &s->position.missiles[s->position.nmissiles];
    memset(e, 0, sizeof *e);
    e->unit = (int16_t)unit;
    e->hex = js_hex_from_offset(col, row);
    e->facing = (int8_t)facing;
    return s->position.nmissiles++;
}

/* ---- files and the source tree */

js_scenario *tl_load_scenario(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", JS_SOURCE_DIR, name);
    jsd_error err;
    js_scenario *s = jsd_scenario_load(path, &err);
    if (!s)
        fail_msg("%s", err.msg);
    return s;
}

int tl_setup_source_dir(void **state)
{
    (void)state;
    return chdir(JS_SOURCE_DIR);
}

char tl_tmp[64];

int tl_setup_tmp(void **state)
{
    (void)state;
    snprintf(tl_tmp, sizeof tl_tmp, "/tmp/%.40s.XXXXXX", program_invocation_short_name);
    if (!mkdtemp(tl_tmp))
        return -1;
    return chdir(JS_SOURCE_DIR);
}

void tl_rm_rf(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        rmdir(dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char p[JSD_PATH_MAX + 300];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            tl_rm_rf(p);
        else
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

int tl_teardown_tmp(void **state)
{
    (void)state;
    tl_rm_rf(tl_tmp);
    return 0;
}

void tl_tmp_path(char *out, size_t cap, const char *name) { snprintf(out, cap, "%s/%s", tl_tmp, name); }

char *tl_slurp(const char *path, size_t *len)
{
    jsd_error err;
    char *t = jsd_read_file(path, len, &err);
    if (!t)
        print_error("%s\n", err.msg);
    assert_non_null(t);
    return t;
}

void tl_spit(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}
