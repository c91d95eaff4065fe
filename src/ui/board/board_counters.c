/* board_counters.c — the counters: ships (footprint, sprite, facing arrow, state marks, phase
 * badge, shield and hull pips), pods, missiles, squadron links and tags, and stack badges
 * (board_int.h). */
#include "board_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bd_footprint_centre(int size, js_ship_place pl, double *wx, double *wy)
{
    ui_cam_hex_world(pl.hex, wx, wy);
    if (size == JS_SIZE_MEDIUM) { /* halfway between bow and stern */
        double sx, sy;
        ui_cam_hex_world(js_hex_neighbor(pl.hex, js_dir_opposite(pl.facing)), &sx, &sy);
        *wx = (*wx + sx) * 0.5;
        *wy = (*wy + sy) * 0.5;
    }
}

/* screen pixels per PNG pixel for a ship sprite of this size */
float bd_ship_scale(int size, double zoom)
{
    if (size == JS_SIZE_LARGE)
        return (float)(zoom * 4.7 / 256.0);
    if (size == JS_SIZE_MEDIUM)
        return (float)(zoom * UI_SQRT3 / 128.0);
    return (float)(zoom * 1.6 / 128.0);
}

void bd_draw_footprint(ui_batch *bt, const ui_camera *c, int size, js_ship_place pl,
                           ui_rgba fill, ui_rgba edge, float ew)
{
    js_hex fp[7];
    int n = js_footprint(size, pl.hex, pl.facing, fp);
    for (int i = 0; i < n; i++) {
        SDL_FPoint p[6];
        ui_cam_hex_corners(c, fp[i], 0.96f, p);
        if (fill.a)
            ui_batch_poly(bt, p, 6, fill);
        if (ew > 0) {
            static const int edge_dir[6] = {3, 4, 5, 6, 1, 2};
            for (int e = 0; e < 6; e++) {
                /* outline only the footprint's outside edges: one card, one shape */
                js_hex nb = js_hex_neighbor(fp[i], edge_dir[e]);
                bool inside = false;
                for (int k = 0; k < n; k++)
                    inside |= js_hex_eq(nb, fp[k]);
                if (!inside)
                    ui_batch_quad_line(bt, p[e], p[(e + 1) % 6], ew, edge);
            }
        }
    }
}

typedef struct ship_look {
    int size, facing, state;
    bool selected, fill;
    ui_rgba side;
} ship_look;

/* the counter: footprint edge, the ship, its facing arrow, and its state marks */
static void fn_body(ui_board *b, const ui_camera *c, const void *ctx)
{
    const ship_look *l = ctx;
    SDL_Renderer *r = b->g->r;
    ui_batch *bt = &b->batch;
    js_ship_place pl = {BD_ORIGIN, (int8_t)l->facing, 0};
    float R = (float)c->zoom;
    bool disabled = l->state == JS_SHIP_DISABLED, destroyed = l->state == JS_SHIP_DESTROYED;
    ui_rgba edge = ui_col_shade(l->side, 0.3f);
    if (disabled)
        edge = ui_col(255, 170, 60, 255);
    if (destroyed)
        edge = ui_col(200, 50, 40, 255);
    /* the footprint tint is written as it is (no blending into the empty bd_stamp), so the bd_stamp
     * carries the tint's own alpha and blends onto the board exactly like a direct fill */
    ui_rgba tint = ui_col_alpha(l->side, l->selected ? 95 : 60);
    if (disabled)
        tint = ui_col(120, 110, 90, 70);
    if (destroyed)
        tint = ui_col(60, 20, 20, 80);
    if (l->fill) {
        bd_draw_footprint(bt, c, l->size, pl, tint, ui_col(0, 0, 0, 0), 0);
        if (bt->n > 0) {
            SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
            SDL_RenderGeometry(r, NULL, bt->v, bt->n, NULL, 0);
            bt->n = 0;
        }
    }
    bd_draw_footprint(bt, c, l->size, pl, ui_col(0, 0, 0, 0), edge, l->selected ? 3.0f : 1.6f);
    ui_batch_flush(r, bt);
    double wx, wy;
    bd_footprint_centre(l->size, pl, &wx, &wy);
    float x, y;
    ui_cam_world_to_screen(c, wx, wy, &x, &y);
    ui_rgba stint = ui_col_shade(l->side, 0.45f);
    if (disabled)
        stint = ui_col(125, 120, 115, 255);
    if (destroyed)
        stint = ui_col(70, 55, 50, 255);
    ui_sprite_draw(r, &b->g->sprites.ship[l->size], l->facing, x, y, bd_ship_scale(l->size, c->zoom), stint);
    /* the facing arrow at the bow edge of the bow hex */
    double bx = 0, by = 0;
    if (l->size == JS_SIZE_LARGE)
        ui_cam_hex_world(js_hex_neighbor(BD_ORIGIN, l->facing), &bx, &by);
    double a = (l->facing - 1) * 1.0471975512;
    double ux = sin(a), uy = -cos(a);
    float tx, ty;
    ui_cam_world_to_screen(c, bx + ux * 0.84, by + uy * 0.84, &tx, &ty);
    float w = R * 0.2f, len = R * 0.26f;
    SDL_FPoint p[3] = {{tx + (float)ux * len * 0.5f, ty + (float)uy * len * 0.5f},
                       {tx - (float)ux * len * 0.5f - (float)uy * w, ty - (float)uy * len * 0.5f + (float)ux * w},
                       {tx - (float)ux * len * 0.5f + (float)uy * w, ty - (float)uy * len * 0.5f - (float)ux * w}};
    ui_batch_poly(bt, p, 3, disabled || destroyed ? ui_col(150, 140, 130, 255) : ui_col_shade(l->side, 0.2f));
    if (destroyed) { /* a wreck: a red cross over the hull */
        float k = R * (l->size == JS_SIZE_LARGE ? 1.4f : 0.55f);
        SDL_FPoint a0 = {x - k, y - k}, a1 = {x + k, y + k}, b0 = {x + k, y - k}, b1 = {x - k, y + k};
        ui_batch_quad_line(bt, a0, a1, R * 0.12f, ui_col(230, 60, 50, 255));
        ui_batch_quad_line(bt, b0, b1, R * 0.12f, ui_col(230, 60, 50, 255));
    }
    if (disabled) { /* hazard ring: a dashed orange circle */
        float rad = R * (l->size == JS_SIZE_LARGE ? 2.4f : l->size == JS_SIZE_MEDIUM ? 1.3f : 0.8f);
        for (int k = 0; k < 12; k += 2) {
            float a0 = k / 12.0f * 6.2831853f, a1 = (k + 1) / 12.0f * 6.2831853f;
            SDL_FPoint q0 = {x + rad * cosf(a0), y + rad * sinf(a0)}, q1 = {x + rad * cosf(a1), y + rad * sinf(a1)};
            ui_batch_quad_line(bt, q0, q1, R > 24 ? 3.0f : 2.0f, ui_col(255, 170, 50, 255));
        }
    }
    ui_batch_flush(r, bt);
}

/* Where a counter's numbers go around its anchor hex, per facing, so none sits on the facing
 * arrow at the bow edge: the phase badge, the stack badge and the squadron tag at a compass
 * angle (degrees, clockwise from north), the shield and hull pips in a strip below the hex or,
 * when the bow points down, above it. Ships sharing the hex fan their phase badges on round
 * from the first, away from the bow (fan_angle), and stack their pips outwards. */
static const struct badge_place { short phase, stack, tag; bool pips_top; } PLACE[7] = {
    {315, 45, 90, false},  /* none: as facing N */
    {315, 45, 90, false},  /* N */
    {315, 0, 110, false},  /* NE: the stack badge steps off the bow */
    {225, 180, 65, true},  /* SE */
    {225, 135, 75, true},  /* S */
    {135, 180, 295, true}, /* SW */
    {45, 0, 245, false},   /* NW: the phase badge moves to the right */
};

/* How many ships sharing an anchor hex get their own phase badge and pips (the rest: the stack
 * count, and the hover list names every one), and how far apart their badges fan. */
enum { FAN_MAX = 3, FAN_DEG = 44 };

/* The phase badge of the rank-th ship anchored on a hex (0: the first). */
static int fan_angle(int facing, int rank)
{
    const struct badge_place *p = &PLACE[js_dir_wrap(facing) % 7];
    int bow = facing >= 1 ? (js_dir_wrap(facing) - 1) * 60 : 0;
    int rel = ((p->phase - bow) % 360 + 540) % 360 - 180; /* -180..179: where the badge is from the bow */
    return p->phase + (rel < 0 ? -1 : 1) * rank * FAN_DEG;
}

static void around(float hx, float hy, float R, int deg, float rad, float *x, float *y)
{
    float a = (float)deg * 0.01745329f;
    *x = hx + sinf(a) * rad * R;
    *y = hy - cosf(a) * rad * R;
}

typedef struct badge_look { ui_rgba side; int phase; bool dim; } badge_look;

static void fn_badge(ui_board *b, const ui_camera *c, const void *ctx)
{
    const badge_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f, br = R * 0.24f + 2;
    ui_disc(b->g->r, x, y, br + 1.5f, ui_col_shade(l->side, l->dim ? -0.6f : 0.1f));
    ui_disc(b->g->r, x, y, br, ui_col(10, 14, 26, 255));
    char num[8];
    snprintf(num, sizeof num, "%d", l->phase);
    int fpx = (int)(br * 1.25f);
    ui_text_draw(b->g->text, UI_FONT_BOLD, fpx, num, UI_TEXT, (int)x,
                 (int)(y - ui_text_line_h(b->g->text, UI_FONT_BOLD, fpx) * 0.52f), UI_AL_CENTER);
}

typedef struct pip_look { int sh_left, sh, hull_left, hull; } pip_look;

static void fn_pips(ui_board *b, const ui_camera *c, const void *ctx)
{
    const pip_look *l = ctx;
    float R = (float)c->zoom, hx = c->vp.w * 0.5f, py = c->vp.h * 0.5f;
    float pr = R * 0.065f + 1.0f, gap = pr * 2.6f;
    int nsh = l->sh, nh = l->hull, total = nsh + nh;
    float x0 = hx - (total - 1) * gap * 0.5f - (nsh && nh ? gap * 0.3f : 0);
    ui_fill_rect(b->g->r, (SDL_Rect){(int)(x0 - pr * 2), (int)(py - pr * 1.8f),
                                     (int)((total - 1) * gap + pr * 4 + gap * 0.6f), (int)(pr * 3.6f)},
                 ui_col(6, 8, 16, 255));
    ui_batch *bt = &b->batch;
    for (int k = 0; k < nsh; k++)
        ui_batch_disc(bt, x0 + k * gap, py, pr, k < l->sh_left ? UI_SHIELD : ui_col(40, 60, 90, 255));
    float x1 = x0 + nsh * gap + (nsh ? gap * 0.6f : 0);
    for (int k = 0; k < nh; k++) {
        bool ok = k < l->hull_left;
        SDL_FPoint q[4] = {{x1 + k * gap - pr, py - pr}, {x1 + k * gap + pr, py - pr},
                           {x1 + k * gap + pr, py + pr}, {x1 + k * gap - pr, py + pr}};
        ui_batch_poly(bt, q, 4, ok ? UI_GOOD : ui_col(120, 45, 40, 255));
    }
    ui_batch_flush(b->g->r, bt);
}

/* A ship's counter (marks false) or its numbers over it (marks true: drawn after every body, so
 * no ship sharing the hex covers them): rank is its place among the ships anchored there. */
static void draw_ship(ui_board *b, const ui_camera *c, const js_state *st, int i,
                      const ui_overlay *o, bool selected, bool marks, int rank)
{
    const js_ship *s = &st->ships[i];
    int size = ship_size(st, i);
    ui_rgba side = ui_side_col(&st->scn, s->side);
    js_ship_place pl = {s->pos, s->facing, s->phase};
    double wx, wy, ox, oy;
    bd_footprint_centre(size, pl, &wx, &wy);
    js_ship_place canon = {BD_ORIGIN, s->facing, 0};
    bd_footprint_centre(size, canon, &ox, &oy);
    float offx = 0, offy = 0;
    if (o && o->ship_off) {
        offx = o->ship_off[i][0];
        offy = o->ship_off[i][1];
    }
    float x, y;
    ui_cam_world_to_screen(c, wx + offx, wy + offy, &x, &y);
    float R = (float)c->zoom;
    int sd = (int)(R * (size == JS_SIZE_LARGE ? 6.2f : size == JS_SIZE_MEDIUM ? 4.4f : 2.6f)) + 8;
    bool disabled = s->state == JS_SHIP_DISABLED, destroyed = s->state == JS_SHIP_DESTROYED;
    bool still = offx == 0 && offy == 0; /* no footprint tint while gliding */
    ship_look l = {size, s->facing, s->state, selected, still, side};
    if (!marks) {
        bd_stamp(b, bd_key('B', size, s->facing, s->state, selected, still) ^ (uint64_t)bd_rgb_key(side) << 8, sd, ox, oy,
                 fn_body, &l, x, y, ui_col(255, 255, 255, 255));
        return;
    }
    if (R < 13 || rank >= FAN_MAX)
        return; /* counters too small to carry numbers; or the stack's count and hover list tell */
    /* the hex the numbers hang on: bow (small/medium) or centre (large) */
    float hx, hy;
    double ax, ay;
    ui_cam_hex_world(s->pos, &ax, &ay);
    ui_cam_world_to_screen(c, ax + offx, ay + offy, &hx, &hy);
    badge_look bl = {side, s->phase, disabled || destroyed};
    int bsd = (int)(R * 0.6f) + 10;
    const struct badge_place *pl_ = &PLACE[js_dir_wrap(s->facing) % 7];
    float bx, by;
    around(hx, hy, R, fan_angle(s->facing, rank), 0.72f, &bx, &by);
    bd_stamp(b, bd_key('P', s->phase, bl.dim, 0, 0, 0) ^ (uint64_t)bd_rgb_key(side) << 8, bsd, 0, 0, fn_badge, &bl,
          bx, by, ui_col(255, 255, 255, 255));
    float strip = (R * 0.065f + 1.0f) * 3.6f + 2; /* a pip strip's height: the rank-th goes beyond the others */
    float pips_y = pl_->pips_top ? hy - R * 0.62f - rank * strip : hy + R * 0.62f + rank * strip;
    const js_card_def *cd = ui_ship_card(st, i);
    if (cd && R >= 18) {
        pip_look pk = {s->shields, cd->shields, cd->hull - s->hull_damage, cd->hull};
        int psd = (int)((pk.sh + pk.hull + 2) * (R * 0.065f + 1.0f) * 2.8f) + 8;
        bd_stamp(b, bd_key('H', pk.sh_left, pk.sh, pk.hull_left, pk.hull, 0), psd, 0, 0, fn_pips, &pk, hx, pips_y,
              ui_col(255, 255, 255, 255));
    }
    if (disabled && R >= 14) { /* a label on a dark chip, beyond the pips: unmistakable at any zoom that shows numbers */
        int px = (int)(R * 0.24f) + 3, tw, th;
        ui_text_size(b->g->text, UI_FONT_BOLD, px, "DISABLED", &tw, &th);
        int ly = pl_->pips_top ? (int)(pips_y - R * 0.2f) - th : (int)(pips_y + R * 0.2f);
        SDL_Rect chip = {(int)hx - tw / 2 - 3, ly, tw + 6, th};
        ui_fill_rect(b->g->r, chip, ui_col(40, 24, 6, 235));
        ui_rect_outline(b->g->r, chip, ui_col(255, 170, 50, 255));
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, "DISABLED", ui_col(255, 190, 80, 255), (int)hx, ly, UI_AL_CENTER);
    }
}

typedef struct pod_look { ui_rgba side; int pods; bool selected; } pod_look;

static void fn_pod(ui_board *b, const ui_camera *c, const void *ctx)
{
    const pod_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f;
    SDL_Renderer *r = b->g->r;
    if (l->selected)
        ui_ring(r, x, y, R * 0.42f, 2.5f, UI_ACCENT);
    ui_disc(r, x, y, R * 0.36f, ui_col(8, 12, 24, 255));
    ui_sprite_draw(r, &b->g->sprites.pod, 1, x, y, R * 0.62f / 64.0f, ui_col_shade(l->side, 0.35f));
    ui_ring(r, x, y, R * 0.36f, 1.5f, l->side);
    if (R >= 12) { /* pod count in a small square */
        char n[8];
        snprintf(n, sizeof n, "%d", l->pods);
        int px = (int)(R * 0.24f) + 3;
        int tw, th;
        ui_text_size(b->g->text, UI_FONT_BOLD, px, n, &tw, &th);
        SDL_Rect rc = {(int)(x + R * 0.16f), (int)(y + R * 0.08f), tw + 6, th};
        ui_fill_rect(r, rc, ui_col_shade(l->side, -0.55f));
        ui_rect_outline(r, rc, l->side);
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, n, UI_TEXT, rc.x + 3, rc.y, UI_AL_LEFT);
    }
}

static void draw_pod(ui_board *b, const ui_camera *c, const js_state *st, int i, float dx, float dy,
                     bool selected)
{
    const js_podgroup *p = &st->pods[i];
    pod_look l = {ui_side_col(&st->scn, p->side), p->pods, selected};
    float x, y;
    ui_cam_hex_to_screen(c, p->pos, &x, &y);
    int sd = (int)(c->zoom * 1.3) + 12;
    bd_stamp(b, bd_key('O', p->pods, selected, 0, 0, 0) ^ (uint64_t)bd_rgb_key(l.side) << 8, sd, 0, 0, fn_pod, &l, x + dx, y + dy,
          ui_col(255, 255, 255, 255));
}

typedef struct msl_look { ui_rgba side; int facing; bool selected; } msl_look;

static void fn_missile(ui_board *b, const ui_camera *c, const void *ctx)
{
    const msl_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f;
    if (l->selected)
        ui_ring(b->g->r, x, y, R * 0.4f, 2.5f, UI_ACCENT);
    /* a short exhaust trail behind it along its heading */
    double a = (l->facing - 1) * 1.0471975512;
    float ux = (float)sin(a), uy = (float)-cos(a);
    ui_line(b->g->r, x - ux * R * 0.2f, y - uy * R * 0.2f, x - ux * R * 0.7f, y - uy * R * 0.7f, R * 0.08f + 1,
            ui_col(150, 95, 40, 255));
    ui_sprite_draw(b->g->r, &b->g->sprites.missile, l->facing, x, y, R * 0.7f / 64.0f, ui_col_shade(l->side, 0.5f));
}

static void draw_missile(ui_board *b, const ui_camera *c, const js_state *st, int i, float dx,
                         float dy, bool selected)
{
    const js_missile *m = &st->missiles[i];
    msl_look l = {ui_side_col(&st->scn, m->side), js_dir_wrap(m->facing), selected};
    float x, y;
    ui_cam_hex_to_screen(c, m->pos, &x, &y);
    int sd = (int)(c->zoom * 1.6) + 10;
    bd_stamp(b, bd_key('M', l.facing, selected, 0, 0, 0) ^ (uint64_t)bd_rgb_key(l.side) << 8, sd, 0, 0, fn_missile, &l, x + dx,
          y + dy, ui_col(255, 255, 255, 255));
}

typedef struct squad_look { ui_rgba side; int n; } squad_look;

/* the squadron tag: "x4" on a chip in the side's colour */
static void fn_squad(ui_board *b, const ui_camera *c, const void *ctx)
{
    const squad_look *l = ctx;
    float R = (float)c->zoom;
    char t[8];
    snprintf(t, sizeof t, "\xc3\x97%d", l->n);
    int px = (int)(R * 0.22f) + 4, tw, th;
    ui_text_size(b->g->text, UI_FONT_BOLD, px, t, &tw, &th);
    SDL_Rect rc = {c->vp.w / 2 - tw / 2 - 3, c->vp.h / 2 - th / 2, tw + 6, th};
    ui_fill_rect(b->g->r, rc, ui_col_shade(l->side, -0.5f));
    ui_rect_outline(b->g->r, rc, l->side);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, UI_TEXT, c->vp.w / 2, rc.y, UI_AL_CENTER);
}

/* Squadron ships are one card (U-1): a link between its ships and a count on the first. */
static void draw_squadrons(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o, bool tags)
{
    float R = (float)c->zoom;
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->where != JS_AT_MAP || un->nships < 2 || un->first_ship < 0)
            continue;
        ui_rgba side = ui_side_col(&st->scn, un->side);
        int first = -1;
        float px = 0, py = 0;
        for (int k = 0; k < un->nships; k++) {
            int i = un->first_ship + k;
            if (i >= st->nships || !st->ships[i].on_map || (o && o->ship_hidden && o->ship_hidden[i]))
                continue;
            double wx, wy;
            ui_cam_hex_world(st->ships[i].pos, &wx, &wy);
            if (o && o->ship_off)
                wx += o->ship_off[i][0], wy += o->ship_off[i][1];
            float x, y;
            ui_cam_world_to_screen(c, wx, wy, &x, &y);
            if (first >= 0 && !tags) {
                SDL_FPoint a = {px, py}, q = {x, y};
                ui_batch_quad_line(&b->batch, a, q, R * 0.07f + 1, ui_col_shade(side, -0.35f));
            } else if (first < 0) {
                first = i;
            }
            px = x;
            py = y;
        }
        ui_batch_flush(b->g->r, &b->batch);
        if (tags && first >= 0 && R >= 14) {
            double wx, wy;
            ui_cam_hex_world(st->ships[first].pos, &wx, &wy);
            float x, y;
            ui_cam_world_to_screen(c, wx, wy, &x, &y);
            squad_look l = {side, un->nships};
            float tx, ty;
            around(x, y, R, PLACE[js_dir_wrap(st->ships[first].facing) % 7].tag, 0.8f, &tx, &ty);
            bd_stamp(b, bd_key('S', un->nships, 0, 0, 0, 0) ^ (uint64_t)bd_rgb_key(side) << 8, (int)(R * 0.9f) + 16, 0, 0, fn_squad,
                  &l, tx, ty, ui_col(255, 255, 255, 255));
        }
    }
}

typedef struct count_look { int n; } count_look;

static void fn_count(ui_board *b, const ui_camera *c, const void *ctx)
{
    const count_look *l = ctx;
    float R = (float)c->zoom, x = c->vp.w * 0.5f, y = c->vp.h * 0.5f, br = R * 0.16f + 4;
    ui_disc(b->g->r, x, y, br, UI_ACCENT);
    char t[8];
    snprintf(t, sizeof t, "%d", l->n);
    int px = (int)(br * 1.2f);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col(20, 16, 8, 255), (int)x,
                 (int)(y - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) * 0.52f), UI_AL_CENTER);
}

/* Where the k-th of n counters sharing a hex is drawn, so pods and missiles stay apart. With a
 * ship anchored there (facing its facing) they go round from the side opposite its phase badge,
 * one each way in turn, so they keep off the badge it carries. */
static void slot_offset(int k, int n, int facing, float R, float *dx, float *dy)
{
    *dx = *dy = 0;
    if (n <= 1)
        return;
    if (facing) {
        int step = (k + 1) / 2 * (k % 2 ? 1 : -1); /* 0, +1, -1, +2, ... */
        float c = (float)(PLACE[js_dir_wrap(facing) % 7].phase + 180 + step * 60) * 0.01745329f;
        *dx = sinf(c) * R * 0.42f;
        *dy = -cosf(c) * R * 0.42f;
        return;
    }
    float a = 2.3f + k * 6.2831853f / (n > 6 ? n : 6);
    *dx = cosf(a) * R * 0.42f;
    *dy = sinf(a) * R * 0.42f;
}

/* Pods and missiles, spread around the hex centre when they share it with anything: cnt counts
 * the pods and missiles on each hex, b->count the ships anchored there. */
static void draw_pods_and_missiles(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o,
                                   const uint8_t *cnt)
{
    float R = (float)c->zoom;
    static uint8_t seen[JS_MAX_HEXES];
    memset(seen, 0, sizeof(uint8_t) * (size_t)(st->scn.width * st->scn.height));
    for (int i = 0; i < JS_MAX_PODS; i++) {
        if (!st->pods[i].alive || (o && o->pod_hidden && o->pod_hidden[i]))
            continue;
        int idx = hex_index(st, st->pods[i].pos);
        if (idx < 0)
            continue;
        int n = cnt[idx] + (b->count[idx] ? 1 : 0);
        float dx, dy;
        slot_offset(seen[idx]++, n, b->count[idx] ? b->facing_at[idx] : 0, R, &dx, &dy);
        if (o && o->pod_off) {
            dx += o->pod_off[i][0] * R;
            dy += o->pod_off[i][1] * R;
        }
        draw_pod(b, c, st, i, dx, dy, o && o->sel_pod == i);
    }
    for (int i = 0; i < JS_MAX_MISSILES; i++) {
        if (!st->missiles[i].alive || (o && o->missile_hidden && o->missile_hidden[i]))
            continue;
        int idx = hex_index(st, st->missiles[i].pos);
        if (idx < 0)
            continue;
        int n = cnt[idx] + (b->count[idx] ? 1 : 0);
        float dx, dy;
        slot_offset(seen[idx]++, n, b->count[idx] ? b->facing_at[idx] : 0, R, &dx, &dy);
        if (o && o->missile_off) {
            dx += o->missile_off[i][0] * R;
            dy += o->missile_off[i][1] * R;
        }
        draw_missile(b, c, st, i, dx, dy, o && o->sel_missile == i);
    }
}

/* Stack badges: how many counters touch a hex, when more than one (cnt: the pods and missiles on
 * each hex; the ships' other footprint hexes are added to it here). */
static void draw_stack_badges(ui_board *b, const ui_camera *c, const js_state *st, uint8_t *cnt)
{
    float R = (float)c->zoom;
    if (R < 10)
        return;
    int c0, c1, r0, r1;
    ui_cam_visible(c, st->scn.width, st->scn.height, &c0, &c1, &r0, &r1);
    for (int i = 0; i < st->nships; i++) {
        if (!ship_drawn(st, i))
            continue;
        js_hex fp[7];
        int n = js_footprint(ship_size(st, i), st->ships[i].pos, st->ships[i].facing, fp);
        for (int k = 0; k < n; k++) {
            int idx = hex_index(st, fp[k]);
            if (idx >= 0 && k > 0 && cnt[idx] < 255)
                cnt[idx]++; /* non-anchor footprint hexes */
        }
    }
    for (int col = c0; col <= c1; col++)
        for (int row = r0; row <= r1; row++) {
            int idx = row * st->scn.width + col;
            int total = cnt[idx] + b->count[idx];
            if (total < 2)
                continue;
            float x, y, sx, sy;
            ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
            around(x, y, R, PLACE[b->facing_at[idx] % 7].stack, 0.76f, &sx, &sy);
            count_look cl = {total};
            bd_stamp(b, bd_key('C', total > 255 ? 255 : total, 0, 0, 0, 0), (int)(R * 0.4f) + 14, 0, 0, fn_count, &cl,
                     sx, sy, ui_col(255, 255, 255, 255));
        }
}

bool bd_draw_counters(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o)
{
    /* count counters per anchor hex for stack badges and spreading */
    memset(b->count, 0, sizeof b->count);
    memset(b->facing_at, 0, sizeof b->facing_at);
    for (int i = 0; i < st->nships; i++)
        if (ship_drawn(st, i)) {
            int idx = hex_index(st, st->ships[i].pos);
            if (idx >= 0 && b->count[idx] < 255)
                b->count[idx]++;
            if (idx >= 0 && !b->facing_at[idx])
                b->facing_at[idx] = (int8_t)js_dir_wrap(st->ships[i].facing);
        }
    draw_squadrons(b, c, st, o, false);
    /* ships first, biggest at the bottom, so smaller counters stay visible; then their numbers,
     * each ship's by its rank among those anchored on its hex */
    static uint8_t rank_at[JS_MAX_HEXES];
    memset(rank_at, 0, sizeof(uint8_t) * (size_t)(st->scn.width * st->scn.height));
    for (int pass = 0; pass < 2; pass++)
        for (int size = JS_SIZE_LARGE; size >= JS_SIZE_SMALL; size--)
            for (int i = 0; i < st->nships; i++) {
                if (!ship_drawn(st, i) || ship_size(st, i) != size)
                    continue;
                if (o && o->ship_hidden && o->ship_hidden[i])
                    continue;
                int idx = hex_index(st, st->ships[i].pos), rank = 0;
                if (pass && idx >= 0 && (rank = rank_at[idx]) < 255)
                    rank_at[idx]++;
                draw_ship(b, c, st, i, o, o && (o->sel_ship == i || (o->ship_picked && o->ship_picked[i])), pass == 1,
                          rank);
            }
    uint8_t *cnt = calloc(JS_MAX_HEXES, 1);
    if (!cnt)
        return false;
    for (int i = 0; i < JS_MAX_PODS; i++)
        if (st->pods[i].alive) {
            int idx = hex_index(st, st->pods[i].pos);
            if (idx >= 0 && cnt[idx] < 255)
                cnt[idx]++;
        }
    for (int i = 0; i < JS_MAX_MISSILES; i++)
        if (st->missiles[i].alive) {
            int idx = hex_index(st, st->missiles[i].pos);
            if (idx >= 0 && cnt[idx] < 255)
                cnt[idx]++;
        }
    draw_pods_and_missiles(b, c, st, o, cnt);
    draw_squadrons(b, c, st, o, true);
    draw_stack_badges(b, c, st, cnt);
    free(cnt);
    return true;
}
