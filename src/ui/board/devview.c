/* devview.c — a hand-built view (see devview.h). */
#include "devview.h"
#include <stdio.h>
#include <string.h>

static void card(js_scenario *s, const char *id, const char *name, int size, int ships, int move,
                 int shields, int hull, int mass)
{
    js_card_def *c = &s->cards[s->ncards++];
    memset(c, 0, sizeof *c);
    snprintf(c->id, sizeof c->id, "%s", id);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->size = (int8_t)size;
    c->ships = (int8_t)ships;
    c->move = (int8_t)move;
    c->shields = (int8_t)shields;
    c->hull = (int8_t)hull;
    c->defense = 2;
    c->tr = 2;
    c->fwd_launchers = 2;
    c->aft_launchers = 1;
    c->missiles = 6;
    c->pod_squadrons = 2;
    c->pods_per_squadron = 3;
    c->guard_pods = 2;
    c->launch_cost = (int16_t)(4 + size * 4);
    c->activation_cost = (int16_t)(1 + size);
    c->mass = (int16_t)mass;
    c->points = (int16_t)(5 + size * 5);
}

int ui_dev_add_ship(js_view *v, int def, int side, int col, int row, int facing, int phase)
{
    js_state *st = &v->st;
    const js_card_def *cd = &st->scn.cards[def];
    int u = st->nunits++;
    js_unit *un = &st->units[u];
    memset(un, 0, sizeof *un);
    un->def = (int16_t)def;
    un->side = (int8_t)side;
    un->where = JS_AT_MAP;
    un->carrier = -1;
    un->first_ship = st->nships;
    un->nships = 1;
    int id = st->nships++;
    js_ship *s = &st->ships[id];
    memset(s, 0, sizeof *s);
    s->unit = (int16_t)u;
    s->side = (int8_t)side;
    s->on_map = 1;
    s->pos = js_hex_from_offset(col, row);
    s->facing = (int8_t)facing;
    s->phase = (int8_t)phase;
    s->shields = cd->shields;
    s->missiles = cd->missiles;
    s->pod_squadrons = cd->pod_squadrons;
    s->tr = cd->tr;
    s->attack_target = -1;
    return id;
}

static int add_squadron(js_view *v, int def, int side, const int (*pos)[2], int n, int facing)
{
    int first = ui_dev_add_ship(v, def, side, pos[0][0], pos[0][1], facing, 5);
    js_state *st = &v->st;
    int u = st->ships[first].unit;
    for (int i = 1; i < n; i++) {
        int id = st->nships++;
        st->ships[id] = st->ships[first];
        st->ships[id].pos = js_hex_from_offset(pos[i][0], pos[i][1]);
    }
    st->units[u].nships = (int8_t)n;
    return first;
}

void ui_dev_view(js_view *v, int w, int h, int busy)
{
    memset(v, 0, sizeof *v);
    v->viewer = JS_SIDE_A;
    js_state *st = &v->st;
    js_scenario *s = &st->scn;
    snprintf(s->id, sizeof s->id, "dev");
    snprintf(s->name, sizeof s->name, "Dev battle");
    s->width = (int16_t)w;
    s->height = (int16_t)h;
    s->section_c1 = (int16_t)(w / 3);
    s->section_c2 = (int16_t)(w * 2 / 3);
    s->turn_limit = 12;
    snprintf(s->sides[0].name, JS_NAME_LEN, "Vega Concord");
    s->sides[0].rgb[0] = 70, s->sides[0].rgb[1] = 160, s->sides[0].rgb[2] = 255;
    snprintf(s->sides[1].name, JS_NAME_LEN, "Altair League");
    s->sides[1].rgb[0] = 255, s->sides[1].rgb[1] = 104, s->sides[1].rgb[2] = 72;
    const char *looks[][2] = {{"Open space", ""}, {"Asteroid field", "asteroids"}, {"Nebula", "nebula"},
                              {"Dust cloud", "dust"}, {"Planet", "planet"}, {"Debris", "debris"}};
    s->nterrain = 6;
    for (int i = 0; i < 6; i++) {
        snprintf(s->terrain_types[i].name, JS_NAME_LEN, "%s", looks[i][0]);
        snprintf(s->terrain_types[i].look, sizeof s->terrain_types[i].look, "%s", looks[i][1]);
    }
    s->terrain_types[4].impassable = 1;
    s->terrain_types[4].blocks_missiles = 1;
    s->terrain_types[1].defense_bonus = 1;
    s->terrain_types[2].blocks_missiles = 1;
    /* terrain patches in the middle band, mirrored so it looks like a fair map */
    for (int r = 3; r < h - 3; r++)
        for (int c = 0; c < w; c++) {
            unsigned x = (unsigned)(c * 73856093u ^ r * 19349663u) % 97u;
            int t = x < 7 ? 1 : x < 11 ? 2 : x < 14 ? 3 : x < 15 ? 5 : 0;
            s->terrain[r * w + c] = (uint8_t)t;
            s->terrain[(h - 1 - r) * w + (w - 1 - c)] = (uint8_t)t;
        }
    s->terrain[(h / 2) * w + w / 2] = 4;
    s->terrain[(h / 2) * w + w / 2 - 1] = 2;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            if (r >= h - 3)
                s->zone[r * w + c] = JS_ZONE_A, s->terrain[r * w + c] = 0;
            if (r < 3)
                s->zone[r * w + c] = JS_ZONE_B, s->terrain[r * w + c] = 0;
        }
    card(s, "lancer", "Lancer", JS_SIZE_SMALL, 1, 6, 1, 2, 10);
    card(s, "frigate", "Corsair frigate", JS_SIZE_MEDIUM, 1, 5, 2, 3, 30);
    card(s, "carrier", "Dominion carrier", JS_SIZE_LARGE, 1, 3, 4, 6, 90);
    card(s, "wasp", "Wasp squadron", JS_SIZE_SMALL, 3, 7, 0, 1, 6);
    /* sites: jump points, a jump-off point and an entry point in each side's colour */
    js_site sites[] = {{JS_SITE_JUMP_POINT, 0, 1, 0, js_hex_from_offset(w / 6, h - 2)},
                       {JS_SITE_JUMP_POINT, 0, 1, 0, js_hex_from_offset(w / 2 + 1, h - 3)},
                       {JS_SITE_JUMP_POINT, 1, 1, 0, js_hex_from_offset(w - w / 6, 1)},
                       {JS_SITE_JUMP_OFF, 1, 1, 0, js_hex_from_offset(w / 2 - 2, 2)},
                       {JS_SITE_ENTRY, 0, 1, 0, js_hex_from_offset(w - 3, h - 1)}};
    st->nsites = (int16_t)(sizeof sites / sizeof sites[0]);
    memcpy(st->sites, sites, sizeof sites);
    memcpy(s->sites, sites, sizeof sites);
    s->nsites = st->nsites;
    st->turn = 3;
    st->phase = JS_PHASE_PLOT;
    st->energy[0] = 23;
    st->energy[1] = 17;
    st->points[0] = 4;
    st->points[1] = 2;
    /* the set pieces every test relies on (ids 0..) */
    ui_dev_add_ship(v, 2, 0, w / 2 - 3, h - 5, 1, 5);         /* 0: A carrier (large) */
    ui_dev_add_ship(v, 1, 0, w / 2 + 3, h - 6, 2, 6);         /* 1: A frigate (medium) */
    int dis = ui_dev_add_ship(v, 0, 1, w / 2 + 1, 5, 4, 4);   /* 2: B lancer, disabled */
    st->ships[dis].state = JS_SHIP_DISABLED;
    int big = ui_dev_add_ship(v, 2, 1, w / 2 - 4, 5, 4, 3);   /* 3: B carrier */
    st->ships[big].shields = 2;
    st->ships[big].hull_damage = 2;
    int sq[3][2] = {{w / 2 + 6, h - 8}, {w / 2 + 7, h - 8}, {w / 2 + 6, h - 7}};
    add_squadron(v, 3, 0, (const int (*)[2])sq, 3, 1);      /* 4..6: A squadron */
    ui_dev_add_ship(v, 1, 1, w / 2 + 5, 8, 5, 7);             /* 7: B frigate */
    /* more counters for a busy battle */
    for (int k = 0; k < busy; k++) {
        int side = k & 1, c = 2 + (k * 7) % (w - 4), r = side ? 4 + (k * 3) % (h / 2 - 4) : h / 2 + (k * 5) % (h / 2 - 4);
        int def = k % 3 == 2 ? 1 : 0;
        int id = ui_dev_add_ship(v, def, side, c, r, 1 + k % 6, 1 + k % 10);
        if (k % 11 == 5)
            st->ships[id].state = JS_SHIP_DISABLED;
    }
    /* pods and missiles */
    int npod = 3 + busy / 2, nmis = 4 + busy / 2;
    for (int k = 0; k < npod && k < JS_MAX_PODS; k++) {
        js_podgroup *p = &st->pods[k];
        p->alive = 1;
        p->side = (int8_t)(k & 1);
        p->controller = (int16_t)(k & 1 ? 3 : 0);
        p->pos = js_hex_from_offset(3 + (k * 5) % (w - 6), h / 2 - 2 + (k * 3) % 5);
        p->pods = (int16_t)(3 + k % 4);
    }
    st->pods[0].pos = st->ships[2].pos; /* a pod group sharing the disabled ship's hex */
    for (int k = 0; k < nmis && k < JS_MAX_MISSILES; k++) {
        js_missile *m = &st->missiles[k];
        m->alive = 1;
        m->side = (int8_t)(k & 1);
        m->facing = (int8_t)(k & 1 ? 4 : 1);
        m->pos = js_hex_from_offset(4 + (k * 7) % (w - 8), h / 2 + 1 - (k % 3));
        m->ship = (int16_t)(k & 1 ? 3 : 1);
    }
    v->reserve_count[0] = 3;
    v->reserve_count[1] = 4;
    v->wait.kind = JS_WAIT_PLOT;
    v->wait.sides = JS_BOTH_SIDES;
    v->wait.secret = 1;
    snprintf(v->wait.what, sizeof v->wait.what, "Both sides: plot your orders");
}
