/* board_overlay.c — jump sites and cards arriving on them, and what the screen lays over the
 * board: hex marks, plotted paths and ghosts, effects, the hover outline (board_int.h). */
#include "board_int.h"
#include <math.h>
#include <stdio.h>

static void fn_hexfill(ui_board *b, const ui_camera *c, const void *ctx)
{
    (void)ctx;
    SDL_FPoint p[6];
    ui_cam_hex_corners(c, BD_ORIGIN, 0.9f, p);
    ui_fill_poly(b->g->r, p, 6, ui_col(255, 255, 255, 255));
}

static void fn_hexring(ui_board *b, const ui_camera *c, const void *ctx)
{
    (void)ctx;
    SDL_FPoint p[6];
    ui_cam_hex_corners(c, BD_ORIGIN, 0.98f, p);
    for (int i = 0; i < 6; i++)
        ui_batch_quad_line(&b->batch, p[i], p[(i + 1) % 6], 2.0f, ui_col(255, 255, 255, 255));
    ui_batch_flush(b->g->r, &b->batch);
}

void bd_draw_sites(ui_board *b, const ui_camera *c, const js_state *st)
{
    float R = (float)c->zoom;
    for (int i = 0; i < st->nsites && i < JS_MAX_SITES; i++) {
        const js_site *s = &st->sites[i];
        if (!s->alive || s->kind < 0 || s->kind > 2)
            continue;
        float x, y;
        ui_cam_hex_to_screen(c, s->hex, &x, &y);
        ui_rgba col = ui_side_col(&st->scn, s->side);
        ui_disc(b->g->r, x, y, R * 0.8f, ui_col_alpha(col, 40));
        ui_sprite_draw(b->g->r, &b->g->sprites.site[s->kind], 1, x, y, R * 1.45f / 128.0f,
                       ui_col_alpha(ui_col_shade(col, 0.25f), 235));
    }
}

/* Cards waiting on a jump point to arrive this turn (J-6): the next one in the queue drawn
 * faintly on its jump point; how many wait there is kept for bd_draw_waiting_counts. They are
 * public once revealed. */
void bd_draw_arriving(ui_board *b, const ui_camera *c, const js_state *st)
{
    SDL_Renderer *r = b->g->r;
    b->nwaiting = 0;
    for (int site = 0; site < st->nsites && site < JS_MAX_SITES; site++) {
        int next = -1, waiting = 0;
        for (int u = 0; u < st->nunits; u++) {
            const js_unit *un = &st->units[u];
            if (un->where != JS_AT_ARRIVING || un->def < 0 || st->arrive_site[u] != site)
                continue;
            waiting++;
            if (next < 0 || st->arrive_order[u] < st->arrive_order[next])
                next = u;
        }
        if (next < 0)
            continue;
        const js_unit *un = &st->units[next];
        const js_card_def *cd = &st->scn.cards[un->def];
        const js_ship *s = &st->ships[un->first_ship];
        ui_rgba side = ui_side_col(&st->scn, un->side);
        js_ship_place pl = {s->pos, s->facing, s->phase};
        double wx, wy;
        bd_footprint_centre(cd->size, pl, &wx, &wy);
        float x, y;
        ui_cam_world_to_screen(c, wx, wy, &x, &y);
        bd_draw_footprint(&b->batch, c, cd->size, pl, ui_col_alpha(side, 22), ui_col_alpha(side, 150), 1.2f);
        ui_batch_flush(r, &b->batch);
        ui_sprite_draw(r, &b->g->sprites.ship[cd->size % 3], pl.facing, x, y, bd_ship_scale(cd->size, c->zoom),
                       ui_col_alpha(ui_col_shade(side, 0.5f), 120));
        b->waiting[b->nwaiting].hex = pl.hex;
        b->waiting[b->nwaiting].side = un->side;
        b->waiting[b->nwaiting++].waiting = (int16_t)waiting;
    }
}

/* How many cards wait on each jump point, over the ships: the card its owner selects is drawn
 * over the point and hid the count. */
void bd_draw_waiting_counts(ui_board *b, const ui_camera *c, const js_state *st)
{
    float R = (float)c->zoom;
    if (R < 12)
        return;
    int px = (int)(R * 0.24f) + 5;
    for (int i = 0; i < b->nwaiting; i++) {
        char t[16];
        snprintf(t, sizeof t, b->waiting[i].waiting > 1 ? "%d waiting" : "arriving", b->waiting[i].waiting);
        ui_rgba side = ui_side_col(&st->scn, b->waiting[i].side);
        float hx, hy;
        ui_cam_hex_to_screen(c, b->waiting[i].hex, &hx, &hy);
        int tw, th;
        ui_text_size(b->g->text, UI_FONT_BOLD, px, t, &tw, &th);
        SDL_Rect rc = {(int)hx - tw / 2 - 3, (int)(hy + R * 0.55f), tw + 6, th};
        ui_fill_rect(b->g->r, rc, ui_col(10, 14, 26, 210));
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col_shade(side, 0.5f), (int)hx, rc.y, UI_AL_CENTER);
    }
}

void bd_draw_ghosts(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    float R = (float)c->zoom;
    for (int i = 0; i < o->npaths; i++) {
        float x0, y0, x1, y1;
        ui_cam_hex_to_screen(c, o->paths[i].a, &x0, &y0);
        ui_cam_hex_to_screen(c, o->paths[i].b, &x1, &y1);
        if (o->paths[i].flight) {
            float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
            if (len < 1)
                continue;
            dx /= len;
            dy /= len;
            float hl = R * 0.5f + 4, hw = R * 0.28f + 3; /* the head's length and half width */
            ui_line(r, x0, y0, x1 - dx * hl * 0.8f, y1 - dy * hl * 0.8f, R * 0.08f + 1.5f, o->paths[i].col);
            SDL_FPoint head[3] = {{x1, y1}, {x1 - dx * hl - dy * hw, y1 - dy * hl + dx * hw},
                                  {x1 - dx * hl + dy * hw, y1 - dy * hl - dx * hw}};
            ui_fill_poly(r, head, 3, o->paths[i].col);
        } else if (o->paths[i].dashed) {
            ui_dashed_line(r, x0, y0, x1, y1, R * 0.06f + 1, R * 0.2f + 2, R * 0.14f + 2, o->paths[i].col);
        } else {
            ui_line(r, x0, y0, x1, y1, R * 0.07f + 1, o->paths[i].col);
        }
    }
    for (int i = 0; i < o->nghosts; i++) {
        const ui_ghost *gh = &o->ghosts[i];
        ui_rgba side = ui_side_col(&st->scn, gh->side);
        double wx, wy;
        bd_footprint_centre(gh->size, gh->place, &wx, &wy);
        float x, y;
        ui_cam_world_to_screen(c, wx, wy, &x, &y);
        bd_draw_footprint(&b->batch, c, gh->size, gh->place, ui_col_alpha(side, 25),
                       ui_col_alpha(side, 120), 1.2f);
        ui_batch_flush(r, &b->batch);
        ui_sprite_draw(r, &b->g->sprites.ship[gh->size], gh->place.facing, x, y,
                       bd_ship_scale(gh->size, c->zoom), ui_col_alpha(ui_col_shade(side, 0.5f), gh->alpha ? gh->alpha : 90));
        if (gh->label && R >= 12) {
            char t[4];
            snprintf(t, sizeof t, "%d", gh->label);
            float hx, hy;
            ui_cam_hex_to_screen(c, gh->place.hex, &hx, &hy);
            ui_disc(r, hx + R * 0.5f, hy - R * 0.5f, R * 0.2f + 2, ui_col(250, 250, 250, 200));
            int px = (int)(R * 0.26f) + 2;
            ui_text_draw(b->g->text, UI_FONT_BOLD, px, t, ui_col(20, 20, 30, 255), (int)(hx + R * 0.5f),
                         (int)(hy - R * 0.5f - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) * 0.52f),
                         UI_AL_CENTER);
        }
    }
}

void bd_draw_fx(ui_board *b, const ui_camera *c, const ui_overlay *o)
{
    SDL_Renderer *r = b->g->r;
    SDL_Texture *ex = b->g->assets->spr[UI_SPR_EXPLOSION];
    for (int i = 0; i < o->nfx; i++) {
        const ui_fx *f = &o->fx[i];
        float x, y;
        ui_cam_world_to_screen(c, f->wx, f->wy, &x, &y);
        float R = (float)c->zoom * f->size;
        if (f->kind == 0) {
            int frame = (int)(f->t * 8);
            if (frame > 7)
                frame = 7;
            SDL_Rect src = {frame * 96, 0, 96, 96};
            SDL_FRect dst = {x - R * 1.3f, y - R * 1.3f, R * 2.6f, R * 2.6f};
            SDL_SetTextureBlendMode(ex, SDL_BLENDMODE_ADD);
            SDL_RenderCopyF(r, ex, &src, &dst);
            SDL_SetTextureBlendMode(ex, SDL_BLENDMODE_BLEND);
        } else if (f->kind == 2) {
            /* a jump flare: rings closing on the point and a white core fading out */
            float a = 1 - f->t;
            for (int k = 0; k < 3; k++) {
                float ph = fmodf(f->t * 1.6f + k / 3.0f, 1.0f);
                ui_ring(r, x, y, R * (1.15f - ph), R * 0.07f + 1, ui_col(150, 200, 255, (int)(230 * a * ph)));
            }
            ui_disc(r, x, y, R * (0.15f + 0.3f * a), ui_col(235, 245, 255, (int)(210 * a)));
        } else {
            ui_ring(r, x, y, R * (0.4f + f->t), R * 0.12f + 1,
                    ui_col(255, 240, 200, (int)(255 * (1 - f->t))));
        }
    }
}

/* a stamp that holds one hex */
static int hex_stamp_side(const ui_camera *c) { return (int)((float)c->zoom * 2.1f) + 6; }

void bd_draw_marks(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o)
{
    if (!o->marks)
        return;
    int c0, c1, r0, r1;
    ui_cam_visible(c, st->scn.width, st->scn.height, &c0, &c1, &r0, &r1);
    for (int col = c0; col <= c1; col++)
        for (int row = r0; row <= r1; row++) {
            int m = o->marks[row * st->scn.width + col];
            if (!m)
                continue;
            static const ui_rgba mc[5] = {{0, 0, 0, 0}, {110, 230, 140, 70}, {240, 80, 70, 60}, {255, 200, 80, 90},
                                          {120, 200, 255, 80}};
            float x, y;
            ui_cam_hex_to_screen(c, js_hex_from_offset(col, row), &x, &y);
            bd_stamp(b, bd_key('X', 0, 0, 0, 0, 0), hex_stamp_side(c), 0, 0, fn_hexfill, NULL, x, y, mc[m % 5]);
        }
}

void bd_draw_hover(ui_board *b, const ui_camera *c, const js_state *st, const ui_overlay *o)
{
    if (!o->hover_on || !hex_in_map(st, o->hover))
        return;
    float x, y;
    ui_cam_hex_to_screen(c, o->hover, &x, &y);
    bd_stamp(b, bd_key('R', 0, 0, 0, 0, 0), hex_stamp_side(c), 0, 0, fn_hexring, NULL, x, y,
             ui_col(255, 255, 255, 170));
}
