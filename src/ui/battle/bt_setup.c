/* bt_setup.c — the setup screens before turn 1 (S-3), each behind the hotseat handover:
 * a public look at the battlefield (generated sites, S-2), support-vessel purchases (S-1),
 * hiding the three jump points (J-2) and naming the Vanguard (H-4).
 *
 * Every choice goes through js_check first (a trial command), so what is offered is what the
 * engine accepts, and a refusal is shown with the engine's reason, which names the rule. */
#include "bt_parts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Vanguard being named, and where the section names were drawn last. */
struct bt_setup_draft {
    int van[JS_MAX_VANGUARD], nvan; /* Vanguard draft (deck indices, in order) */
    bool van_loaded;           /* taken from the state once (a continued game's) */
    SDL_Rect sec_label[6];     /* the section names drawn in the last frame */
    int nsec_labels;
};

static void drop(ui_battle *b, bt_drop why)
{
    (void)why;
    b->setup->nvan = 0;
    b->setup->van_loaded = false;
}

bool bt_setup_attach(ui_battle *b)
{
    if (!(b->setup = calloc(1, sizeof *b->setup)))
        return false;
    bt_drafts_register(b, drop);
    return true;
}

void bt_setup_detach(ui_battle *b) { free(b->setup); }
int bt_setup_vanguard_n(const ui_battle *b) { return b->setup->nvan; }

bool bt_setup_send_vanguard(ui_battle *b)
{
    if (b->setup->nvan == 0)
        return true;
    js_cmd v;
    memset(&v, 0, sizeof v);
    v.type = JS_CMD_VANGUARD;
    v.side = (int8_t)b->actor;
    v.ncargo = (int8_t)b->setup->nvan;
    for (int i = 0; i < b->setup->nvan; i++)
        v.cargo[i] = (int16_t)b->setup->van[i];
    return bt_submit(b, &v, false) == JS_OK;
}

int bt_setup_sec_labels(const ui_battle *b, SDL_Rect rc[6])
{
    for (int i = 0; i < b->setup->nsec_labels; i++)
        rc[i] = b->setup->sec_label[i];
    return b->setup->nsec_labels;
}

static const char *const SEC_NAME[4] = {"left", "centre", "right", "any"};
static const char *const SEC_CAP[4] = {"Left", "Centre", "Right", "Any"};

static bool mine_private(const ui_battle *b) { return !b->public_mode && b->actor >= 0 && b->mode == BM_PLAY; }

static js_status trial(ui_battle *b, const js_cmd *c, char *why, size_t cap)
{
    if (why && cap)
        why[0] = 0;
    return js_check(b->game, c, why, cap);
}

/* ------------------------------------------------------------------ section lines (G-7) */

/* Whether a box on the screen would cover a ship's counter (any hex of its footprint). */
static bool covers_ship(const ui_battle *b, SDL_Rect box)
{
    const js_state *st = bt_st(b);
    float R = (float)b->cam.zoom;
    SDL_Rect near = {box.x - (int)(R * 0.8f), box.y - (int)(R * 0.8f), box.w + (int)(R * 1.6f), box.h + (int)(R * 1.6f)};
    for (int i = 0; i < st->nships; i++) {
        const js_card_def *cd = ui_ship_card(st, i);
        if (!st->ships[i].on_map || st->ships[i].state == JS_SHIP_DESTROYED || !cd)
            continue;
        js_hex fp[7];
        int n = js_footprint(cd->size, st->ships[i].pos, st->ships[i].facing, fp);
        for (int k = 0; k < n; k++) {
            float x, y;
            ui_cam_hex_to_screen(&b->cam, fp[k], &x, &y);
            if (ui_point_in(near, (int)x, (int)y))
                return true;
        }
    }
    return false;
}

/* A section's name in a box on its middle column, near row (the side's own part of the map),
 * moved a row at a time towards the centre of the map, then away, until it covers no ship. */
static void section_label(ui_battle *b, int col, int row, const char *text, ui_rgba col_text)
{
    const js_scenario *sc = &bt_st(b)->scn;
    SDL_Renderer *r = b->g->r;
    int px = ui_px(13), tw, th;
    ui_text_size(b->g->text, UI_FONT_BOLD, px, text, &tw, &th);
    int in = row < sc->height / 2 ? 1 : -1; /* towards the centre */
    SDL_Rect box = {0};
    for (int k = 0; k < 7; k++) {
        int rr = row + (k % 2 ? in : -in) * ((k + 1) / 2);
        if (rr < 0 || rr >= sc->height)
            continue;
        float x, y;
        ui_cam_hex_to_screen(&b->cam, js_hex_from_offset(col, rr), &x, &y);
        SDL_Rect at = {(int)x - tw / 2 - ui_px(6), (int)y - th / 2 - ui_px(2), tw + ui_px(12), th + ui_px(4)};
        bool clear = !covers_ship(b, at);
        if (k == 0 || clear)
            box = at;
        if (clear)
            break;
    }
    ui_fill_rect(r, box, ui_col(10, 14, 26, 200));
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, text, col_text, box.x + box.w / 2, box.y + ui_px(2), UI_AL_CENTER);
    if (b->setup->nsec_labels < (int)(sizeof b->setup->sec_label / sizeof b->setup->sec_label[0]))
        b->setup->sec_label[b->setup->nsec_labels++] = box;
}

/* Section-line columns as faint bands with dashed centre lines, and the section names as the
 * viewer sees them (G-7: B's left is the east). On the public screen both readings show. */
static void bt_section_lines(ui_battle *b, bool labels)
{
    b->setup->nsec_labels = 0;
    const js_state *st = bt_st(b);
    const js_scenario *sc = &st->scn;
    if (sc->section_c1 < 0 || sc->section_c2 < 0)
        return;
    SDL_Renderer *r = b->g->r;
    SDL_RenderSetClipRect(r, &b->board_rc);
    float R = (float)b->cam.zoom;
    int cols[2] = {sc->section_c1, sc->section_c2};
    for (int k = 0; k < 2; k++) {
        float x0, y0, x1, y1;
        ui_cam_hex_to_screen(&b->cam, js_hex_from_offset(cols[k], 0), &x0, &y0);
        ui_cam_hex_to_screen(&b->cam, js_hex_from_offset(cols[k], sc->height - 1), &x1, &y1);
        SDL_Rect band = {(int)(x0 - R * 0.75f), (int)(y0 - R), (int)(R * 1.5f), (int)(y1 - y0 + 2 * R)};
        ui_fill_rect(r, band, ui_col(255, 230, 160, 16));
        ui_dashed_line(r, x0, y0 - R * 0.8f, x1, y1 + R * 0.8f, 2.0f, R * 0.35f + 3, R * 0.25f + 3,
                       ui_col(255, 220, 140, 150));
    }
    if (labels) {
        int mid[3];
        int bounds[4] = {0, sc->section_c1, sc->section_c2, sc->width - 1};
        for (int w = 0; w < 3; w++)
            mid[w] = ((bounds[w] + bounds[w + 1]) / 2) & ~1; /* even columns: one row height */
        for (int w = 0; w < 3; w++) {
            char buf[96];
            for (int side = 0; side < 2; side++) {
                if (mine_private(b) && side != b->actor)
                    continue;
                int sec = js_section_of(sc, side, mid[w]);
                int row = side == JS_SIDE_A ? sc->height - 4 : 3;
                if (mine_private(b)) {
                    snprintf(buf, sizeof buf, "YOUR %s", sec >= 0 ? SEC_CAP[sec] : "");
                    for (char *p = buf; *p; p++)
                        if (*p >= 'a' && *p <= 'z')
                            *p = (char)(*p - 32);
                    section_label(b, mid[w], row, buf, UI_ACCENT);
                } else {
                    snprintf(buf, sizeof buf, "%s %s", sc->sides[side].name, sec >= 0 ? SEC_NAME[sec] : "");
                    section_label(b, mid[w], row, buf, ui_col_shade(ui_side_col(sc, side), 0.3f));
                }
            }
        }
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* ------------------------------------------------------------------ the opening look (S-2) */

static int generated_sites(const ui_battle *b)
{
    int n = js_log_count(b->game);
    for (int i = 0; i < n; i++) {
        const js_event *e = js_log_at(b->game, i);
        if (e->type == JS_EV_SETUP && e->side < 0 && e->vis == JS_BOTH_SIDES)
            return e->value;
    }
    return -1;
}

void bt_setup_intro_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    const js_scenario *sc = &st->scn;
    char buf[200];
    pc->y += ui_px(4);
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(19), sc->name, UI_TEXT, pc->x, pc->y, UI_AL_LEFT);
    pc->y += ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(19)) + ui_px(2);
    pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12), sc->description, UI_TEXT_DIM, pc->x, pc->y, pc->w);
    bt_heading(b, pc, "The battlefield — both players look");
    if (sc->sites_mode != JS_SITES_FIXED) {
        int n = generated_sites(b);
        snprintf(buf, sizeof buf, "%s sites: %d hexes of terrain drawn (S-2)",
                 sc->sites_mode == JS_SITES_FAIR ? "Fair" : "Random", n < 0 ? 0 : n);
        bt_line(b, pc, buf, UI_ACCENT);
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12),
                              sc->sites_mode == JS_SITES_FAIR
                                  ? "Mirrored by a half turn of the map: each side faces the same field."
                                  : "Each field hex drew its terrain on its own.",
                              UI_TEXT_DIM, pc->x, pc->y, pc->w);
    } else {
        bt_line(b, pc, "The mission fixes the terrain.", UI_TEXT_DIM);
    }
    if ((sc->section_c1 >= 0 && sc->section_c1 < sc->width) || (sc->section_c2 >= 0 && sc->section_c2 < sc->width))
        bt_line(b, pc, "Dashed columns are the section lines (G-7).", UI_TEXT_DIM); /* as the board draws them */
    bt_heading(b, pc, "Setup, in secret (S-3)");
    int step = 1;
    bool buy = false;
    for (int i = 0; i < sc->nsupport; i++)
        buy = buy || sc->support_points[sc->support[i].side] > 0;
    if (buy) {
        snprintf(buf, sizeof buf, "%d. Buy support vessels (%d / %d points)", step++, sc->support_points[0],
                 sc->support_points[1]);
        bt_line(b, pc, buf, UI_TEXT);
    }
    if (sc->deploy & JS_DEPLOY_JUMP) {
        snprintf(buf, sizeof buf, "%d. Hide three jump points, one per section", step++);
        bt_line(b, pc, buf, UI_TEXT);
        if (sc->vanguard > 0) {
            snprintf(buf, sizeof buf, "%d. Name a Vanguard of %d card%s", step++, sc->vanguard,
                     sc->vanguard == 1 ? "" : "s");
            bt_line(b, pc, buf, UI_TEXT);
        }
        snprintf(buf, sizeof buf, "%d. Hands of %d dealt; Billet %d", step++, sc->initial_hand, sc->billet);
        bt_line(b, pc, buf, UI_TEXT);
    }
    if ((sc->deploy & JS_DEPLOY_DICE) && sc->jump_offs > 0) { /* the dice scenarios listed nothing here */
        snprintf(buf, sizeof buf, "%d. Hide %d jump-off point%s within %d rows of your edge, and an entry point on "
                 "your base line (K-2)", step++, sc->jump_offs, sc->jump_offs == 1 ? "" : "s", sc->jump_off_depth);
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12), buf, UI_TEXT, pc->x, pc->y, pc->w);
        snprintf(buf, sizeof buf, "Then %d command dice a turn bring your cards in (K-3, K-4).", sc->kdice);
        bt_line(b, pc, buf, UI_TEXT_DIM);
    }
    int h = ui_px(36);
    int y = b->side.y + b->side.h - h - ui_px(10);
    if (y < pc->y + ui_px(6))
        y = pc->y + ui_px(6);
    bt_btn(b, (SDL_Rect){pc->x, y, pc->w, h}, "Begin setup", B_INTRO_GO, 0, 0, true, true,
           "Each player then decides in secret, behind the handover screen");
}

/* ------------------------------------------------------------------ purchases (S-1) */

static int bought_list(const ui_battle *b, int16_t *out)
{
    const js_state *st = bt_st(b);
    int n = st->npurchase[b->actor];
    for (int i = 0; i < n; i++)
        out[i] = st->purchase[b->actor][i];
    return n;
}

static bool is_bought(const ui_battle *b, int offer)
{
    int16_t l[JS_MAX_SUPPORT];
    int n = bought_list(b, l);
    for (int i = 0; i < n; i++)
        if (l[i] == offer)
            return true;
    return false;
}

static int spent(const ui_battle *b)
{
    const js_state *st = bt_st(b);
    int16_t l[JS_MAX_SUPPORT];
    int n = bought_list(b, l), sum = 0;
    for (int i = 0; i < n; i++)
        sum += st->scn.cards[st->scn.support[l[i]].def].points;
    return sum;
}

/* The purchase list with `offer` toggled, as a command. */
static js_cmd toggled(const ui_battle *b, int offer)
{
    js_cmd c = bt_cmd(b, JS_CMD_BUY);
    int16_t l[JS_MAX_SUPPORT];
    int n = bought_list(b, l);
    bool had = false;
    for (int i = 0; i < n && c.ncargo < JS_MAX_CARGO; i++) {
        if (l[i] == offer) {
            had = true;
            continue;
        }
        c.cargo[c.ncargo++] = l[i];
    }
    if (!had && c.ncargo < JS_MAX_CARGO)
        c.cargo[c.ncargo++] = (int16_t)offer;
    return c;
}

static void stat_row(ui_battle *b, int x, int y, int w, const char *k, const char *v)
{
    int px = ui_px(12);
    ui_text_draw(b->g->text, UI_FONT_SANS, px, k, UI_TEXT_DIM, x, y, UI_AL_LEFT);
    ui_text_draw(b->g->text, UI_FONT_BOLD, px, v, UI_TEXT, x + w, y, UI_AL_RIGHT);
}

static void ship_tile(ui_battle *b, SDL_Rect rc, const js_card_def *cd, int side, bool bought, bool can,
                      const char *why, int cost)
{
    SDL_Renderer *r = b->g->r;
    bool hot = ui_point_in(rc, b->mx, b->my);
    ui_rgba sc = ui_side_col(&bt_st(b)->scn, side);
    ui_fill_rect(r, (SDL_Rect){rc.x + 4, rc.y + 5, rc.w, rc.h}, ui_col(0, 0, 0, 110));
    ui_panel(r, rc, bought ? ui_col(34, 40, 30, 255) : hot && can ? ui_col(30, 38, 62, 255) : ui_col(20, 26, 44, 255),
             bought ? UI_ACCENT : hot && can ? ui_col_shade(sc, 0.2f) : UI_EDGE);
    if (bought) {
        ui_rect_outline(r, (SDL_Rect){rc.x + 1, rc.y + 1, rc.w - 2, rc.h - 2}, UI_ACCENT);
    }
    /* header: the ship's silhouette in the side's colour, its name and cost */
    int hh = ui_px(54);
    ui_fill_rect(r, (SDL_Rect){rc.x + 1, rc.y + 1, rc.w - 2, hh}, ui_col_shade(sc, -0.72f));
    /* the silhouette fits a box left of the name, whatever the sprite's length */
    const ui_sprite *sp = &b->g->sprites.ship[cd->size % 3];
    int len = sp->src_w > sp->src_h ? sp->src_w : sp->src_h;
    float scl = (float)ui_px(46) / (float)(len > 0 ? len : 128) * (cd->size == JS_SIZE_SMALL ? 0.8f : 1.0f);
    ui_sprite_draw(r, &b->g->sprites.ship[cd->size % 3], 2, (float)rc.x + ui_px(30), (float)rc.y + hh / 2.0f + 1,
                   scl, ui_col_shade(sc, 0.45f));
    int tx = rc.x + ui_px(58);
    int bw = ui_px(40), bx = rc.x + rc.w - bw - ui_px(8), by = rc.y + ui_px(8);
    /* the name stops short of the cost badge: a size smaller when it would run into it, and cut
     * with an ellipsis when even that is too long ("Marauder Frigate" ran under the 13) */
    int room = bx + bw / 2 - ui_px(17) - ui_px(4) - tx, nw, nh, npx = ui_px(15);
    ui_text_size(b->g->text, UI_FONT_BOLD, npx, cd->name, &nw, &nh);
    if (nw > room)
        npx = ui_px(13);
    ui_text_draw_fit(b->g->text, UI_FONT_BOLD, npx, cd->name, UI_TEXT, tx, rc.y + ui_px(8) + (ui_px(15) - npx) / 2,
                     UI_AL_LEFT, room);
    static const char *SZ[3] = {"small", "medium", "large"};
    char buf[96];
    snprintf(buf, sizeof buf, "%s%s · %d ship%s", SZ[cd->size % 3], cd->roles & JS_ROLE_TRANSPORT ? " transport" : "",
             cd->ships, cd->ships == 1 ? "" : "s");
    ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(12), buf, UI_TEXT_DIM, tx, rc.y + ui_px(30), UI_AL_LEFT);
    /* cost badge */
    snprintf(buf, sizeof buf, "%d", cost);
    ui_disc(r, (float)bx + bw / 2.0f, (float)by + ui_px(16), (float)ui_px(17), can || bought ? UI_ACCENT : ui_col(90, 90, 100, 255));
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(16), buf, ui_col(24, 18, 6, 255), bx + bw / 2, by + ui_px(5),
                 UI_AL_CENTER);
    ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(10), "pts", UI_TEXT_DIM, bx + bw / 2, by + ui_px(34), UI_AL_CENTER);
    /* stats in two columns */
    int y = rc.y + hh + ui_px(8), cw = (rc.w - ui_px(36)) / 2, lh = ui_px(17);
    int x0 = rc.x + ui_px(12), x1 = x0 + cw + ui_px(12);
    /* label, then the value's format and numbers: left, right, left, ... */
    const struct {
        const char *k, *fmt;
        int a, b;
    } stats[10] = {
        {"Move", "%d", cd->move, 0},
        {"Shields", "%d", cd->shields, 0},
        {"Hull", "%d", cd->hull, 0},
        {"Defense", "%d", cd->defense, 0},
        {"TR", "%d", cd->tr, 0},
        {"Launchers", "%d/%d", cd->fwd_launchers, cd->aft_launchers},
        {"Missiles", "%d", cd->missiles, 0},
        {"Pods", "%d×%d", cd->pod_squadrons, cd->pods_per_squadron},
        {"Activation", "%d", cd->activation_cost, 0},
        {"Guard pods", "%d", cd->guard_pods, 0},
    };
    for (int i = 0; i < 10; i++) {
        char v[32];
        snprintf(v, sizeof v, stats[i].fmt, stats[i].a, stats[i].b);
        stat_row(b, i % 2 ? x1 : x0, y, cw, stats[i].k, v);
        if (i % 2)
            y += lh;
    }
    y += ui_px(4);
    /* the verdict line */
    const char *verdict = bought ? "✓ Bought — click to return it" : can ? "Click to buy" : why;
    ui_rgba vc = bought ? UI_ACCENT : can ? UI_GOOD : UI_BAD;
    ui_fill_rect(r, (SDL_Rect){rc.x + 1, rc.y + rc.h - ui_px(24), rc.w - 2, ui_px(23)},
                 bought ? ui_col(70, 54, 20, 255) : ui_col(14, 18, 32, 255));
    int vw, vh;
    ui_text_size(b->g->text, UI_FONT_SANS, ui_px(12), verdict, &vw, &vh);
    SDL_Rect clip = {rc.x + 4, rc.y + rc.h - ui_px(24), rc.w - 8, ui_px(23)};
    SDL_RenderSetClipRect(r, &clip);
    ui_text_draw(b->g->text, bought ? UI_FONT_BOLD : UI_FONT_SANS, ui_px(12), verdict, vc,
                 vw > rc.w - 12 ? rc.x + 6 : rc.x + rc.w / 2, rc.y + rc.h - ui_px(20),
                 vw > rc.w - 12 ? UI_AL_LEFT : UI_AL_CENTER);
    SDL_RenderSetClipRect(r, &b->board_rc);
    if (!can && !bought)
        ui_fill_rect(r, rc, ui_col(6, 8, 16, 110));
}

/* The shop's height at the UI scale in force, for n offers in a board w wide. */
static int shop_height(int n, int w)
{
    int tw = ui_px(250), th = ui_px(218), gap = ui_px(16);
    int per = (w - 2 * ui_px(24) + gap) / (tw + gap);
    if (per < 1)
        per = 1;
    return ui_px(18) + ui_px(40) * 2 + ui_px(22) + ui_px(30) + (n + per - 1) / per * (th + gap);
}

static void shop_draw_at_scale(ui_battle *b, SDL_Rect area);

/* The shop over the board, at a smaller UI scale when its offers would not fit (never below
 * 100 %), so no tile is cut off; it starts under the top bar's hanging tab, if there is one. */
static void shop_draw(ui_battle *b)
{
    const js_scenario *sc = &bt_st(b)->scn;
    SDL_Rect area = b->board_rc;
    int tab = b->what_rc.y + b->what_rc.h + ui_px(6) - area.y;
    if (b->what_rc.h > 0 && b->what_rc.y >= b->top.y + b->top.h && tab > 0) {
        area.y += tab;
        area.h -= tab;
        SDL_RenderSetClipRect(b->g->r, &b->board_rc);
        ui_fill_rect(b->g->r, (SDL_Rect){b->board_rc.x, b->board_rc.y, b->board_rc.w, tab}, ui_col(4, 6, 14, 200));
        SDL_RenderSetClipRect(b->g->r, NULL);
    }
    int n = 0;
    for (int i = 0; i < sc->nsupport; i++)
        n += sc->support[i].side == b->actor;
    float saved = ui_scale;
    while (ui_scale > 1.0f && shop_height(n, area.w) > area.h)
        ui_scale = ui_scale - 0.05f < 1.0f ? 1.0f : ui_scale - 0.05f;
    shop_draw_at_scale(b, area);
    ui_scale = saved;
}

static void shop_draw_at_scale(ui_battle *b, SDL_Rect area)
{
    const js_state *st = bt_st(b);
    const js_scenario *sc = &st->scn;
    SDL_Renderer *r = b->g->r;
    SDL_RenderSetClipRect(r, &area);
    ui_fill_rect(r, area, ui_col(4, 6, 14, 200));
    int side = b->actor, points = sc->support_points[side], used = spent(b);
    int pad = ui_px(24);
    int x = area.x + pad, y = area.y + ui_px(18), w = area.w - 2 * pad;
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(26), "Support vessels", UI_TEXT, x, y, UI_AL_LEFT);
    char buf[160];
    snprintf(buf, sizeof buf, "%s · secret until both are ready (S-1, S-3)", sc->sides[side].name);
    int hw, hh, sw, sh;
    ui_text_size(b->g->text, UI_FONT_BOLD, ui_px(26), "Support vessels", &hw, &hh);
    ui_text_size(b->g->text, UI_FONT_SANS, ui_px(13), buf, &sw, &sh);
    if (hw + ui_px(16) + sw <= w) { /* beside the heading, or under it when there is no room */
        ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(13), buf, ui_side_col(sc, side), x + w, y + ui_px(10), UI_AL_RIGHT);
    } else {
        y += ui_px(40);
        ui_text_draw_fit(b->g->text, UI_FONT_SANS, ui_px(13), buf, ui_side_col(sc, side), x, y - ui_px(6), UI_AL_LEFT, w);
    }
    y += ui_px(40);
    /* the running total */
    SDL_Rect bar = {x, y, w, ui_px(16)};
    ui_fill_rect(r, bar, ui_col(26, 32, 52, 255));
    if (points > 0)
        ui_fill_rect(r, (SDL_Rect){bar.x, bar.y, bar.w * (used > points ? points : used) / points, bar.h}, UI_ACCENT);
    ui_rect_outline(r, bar, UI_EDGE);
    y += ui_px(22);
    snprintf(buf, sizeof buf, "%d of %d points spent · %d left", used, points, points - used);
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(15), buf, used <= points ? UI_TEXT : UI_BAD, x, y, UI_AL_LEFT);
    y += ui_px(30);
    /* the offers: one tile per offer on this side's list */
    int tw = ui_px(250), th = ui_px(218), gap = ui_px(16);
    int per = (w + gap) / (tw + gap);
    if (per < 1)
        per = 1;
    int k = 0;
    for (int i = 0; i < sc->nsupport; i++) {
        if (sc->support[i].side != side)
            continue;
        const js_card_def *cd = &sc->cards[sc->support[i].def];
        SDL_Rect rc = {x + (k % per) * (tw + gap), y + (k / per) * (th + gap), tw, th};
        k++;
        bool bought = is_bought(b, i);
        js_cmd c = toggled(b, i);
        char why[JS_REASON_LEN];
        bool can = trial(b, &c, why, sizeof why) == JS_OK;
        ship_tile(b, rc, cd, side, bought, can, why, cd->points);
        snprintf(buf, sizeof buf, "%s %s", bought ? "Return" : "Buy", cd->name);
        bt_hit(b, rc, buf, B_BUY_TOGGLE, i, 0, can, can ? NULL : why);
    }
    if (!k)
        ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(15), "Nothing on offer for your side.", UI_TEXT_DIM, x, y,
                     UI_AL_LEFT);
    SDL_RenderSetClipRect(r, NULL);
}

/* ------------------------------------------------------------------ jump points (J-2) */

/* Is hex (col,row) a legal place for one of the actor's jump points? slot = its section. */
static bool jp_legal(ui_battle *b, int col, int row, int *slot, char *why, size_t cap)
{
    const js_scenario *sc = &bt_st(b)->scn;
    int sec = js_section_of(sc, b->actor, col);
    *slot = sec;
    js_cmd c = bt_cmd(b, JS_CMD_PLACE_JP);
    c.slot = (int8_t)(sec < 0 ? 0 : sec);
    c.nplace = 1;
    c.place[0].hex = js_hex_from_offset(col, row);
    return trial(b, &c, why, cap) == JS_OK;
}

void bt_setup_overlay(ui_battle *b, ui_overlay *o)
{
    (void)o;
    const js_state *st = bt_st(b);
    if (b->wait.kind != JS_WAIT_SETUP_JP)
        return;
    int mask = st->jp_set_mask[b->actor];
    for (int row = 0; row < st->scn.height; row++)
        for (int col = 0; col < st->scn.width; col++) {
            int slot;
            if (jp_legal(b, col, row, &slot, NULL, 0))
                b->marks[row * st->scn.width + col] = (mask >> slot) & 1 ? UI_MARK_CHOICE : UI_MARK_LEGAL;
        }
    if (b->hover_on && js_hex_on_map(st, b->hover)) {
        int col, row, slot;
        js_hex_to_offset(b->hover, &col, &row);
        if (!jp_legal(b, col, row, &slot, NULL, 0))
            b->marks[row * st->scn.width + col] = UI_MARK_ILLEGAL;
        else
            b->marks[row * st->scn.width + col] = UI_MARK_TARGET;
    }
}

int bt_setup_hover(ui_battle *b, char lines[][96], int max)
{
    if (!mine_private(b) || b->wait.kind != JS_WAIT_SETUP_JP || !b->hover_on || max < 2)
        return 0;
    const js_state *st = bt_st(b);
    if (!js_hex_on_map(st, b->hover))
        return 0;
    int col, row, slot;
    js_hex_to_offset(b->hover, &col, &row);
    char why[JS_REASON_LEN];
    bool ok = jp_legal(b, col, row, &slot, why, sizeof why);
    if (slot >= 0)
        snprintf(lines[0], 96, "(%d,%d) · your %s section", col, row, SEC_NAME[slot]);
    else
        snprintf(lines[0], 96, "(%d,%d) · a section line", col, row);
    if (ok)
        snprintf(lines[1], 96, "%s: click to put your %s jump point here",
                 (st->jp_set_mask[b->actor] >> slot) & 1 ? "Legal (moves it)" : "Legal", SEC_NAME[slot]);
    else
        snprintf(lines[1], 96, "%.95s", why[0] ? why : "J-2: not here");
    return 2;
}

bool bt_setup_click(ui_battle *b, js_hex h, int button)
{
    if (button != SDL_BUTTON_LEFT || b->wait.kind != JS_WAIT_SETUP_JP)
        return false;
    const js_state *st = bt_st(b);
    if (!js_hex_on_map(st, h))
        return false;
    int col, row, slot;
    js_hex_to_offset(h, &col, &row);
    char why[JS_REASON_LEN];
    if (!jp_legal(b, col, row, &slot, why, sizeof why)) {
        bt_toast(b, "%s", why);
        return true;
    }
    js_cmd c = bt_cmd(b, JS_CMD_PLACE_JP);
    c.slot = (int8_t)slot;
    c.nplace = 1;
    c.place[0].hex = h;
    if (bt_submit(b, &c, false) == JS_OK)
        ui_sound_play(b->g->assets, UI_SND_CLICK);
    return true;
}

/* The actor's picks, drawn as jump points in its colour with their section letter. */
static void draw_picks(ui_battle *b)
{
    const js_state *st = bt_st(b);
    SDL_Renderer *r = b->g->r;
    SDL_RenderSetClipRect(r, &b->board_rc);
    float R = (float)b->cam.zoom;
    ui_rgba col = ui_side_col(&st->scn, b->actor);
    for (int k = 0; k < 3; k++) {
        if (!((st->jp_set_mask[b->actor] >> k) & 1))
            continue;
        float x, y;
        ui_cam_hex_to_screen(&b->cam, st->jp_pick[b->actor][k], &x, &y);
        float pulse = 0.85f + 0.15f * (float)SDL_sin(b->time * 3.0 + k);
        ui_disc(r, x, y, R * 0.85f * pulse, ui_col_alpha(col, 55));
        ui_sprite_draw(r, &b->g->sprites.site[JS_SITE_JUMP_POINT], 1, x, y, R * 1.45f / 128.0f,
                       ui_col_alpha(ui_col_shade(col, 0.3f), 240));
        static const char *L[3] = {"L", "C", "R"};
        int px = (int)(R * 0.42f) + 6;
        ui_disc(r, x + R * 0.55f, y + R * 0.5f, (float)px * 0.62f, ui_col(16, 20, 34, 230));
        ui_text_draw(b->g->text, UI_FONT_BOLD, px, L[k], UI_ACCENT, (int)(x + R * 0.55f),
                     (int)(y + R * 0.5f - ui_text_line_h(b->g->text, UI_FONT_BOLD, px) / 2), UI_AL_CENTER);
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* ------------------------------------------------------------------ the Vanguard (H-4) */

typedef struct cc_group {
    int first, count;
    int idx[JS_MAX_DECK];
} cc_group;

static bool same_card(const js_command_card *a, const js_command_card *c)
{
    return a->kind == c->kind && a->section == c->section && a->orders == c->orders && !strcmp(a->name, c->name);
}

static int deck_groups(const js_scenario *sc, cc_group *g, int cap)
{
    int n = 0;
    for (int i = 0; i < sc->ndeck; i++) {
        int k = 0;
        while (k < n && !same_card(&sc->deck[g[k].first], &sc->deck[i]))
            k++;
        if (k == n) {
            if (n == cap)
                continue;
            g[n].first = i;
            g[n].count = 0;
            n++;
        }
        g[k].idx[g[k].count++] = i;
    }
    return n;
}

static bool in_van(const ui_battle *b, int idx)
{
    for (int i = 0; i < b->setup->nvan; i++)
        if (b->setup->van[i] == idx)
            return true;
    return false;
}

static void load_van(ui_battle *b)
{
    if (b->setup->van_loaded || b->actor < 0)
        return;
    const js_state *st = bt_st(b);
    b->setup->nvan = st->nvanguard[b->actor];
    for (int i = 0; i < b->setup->nvan; i++)
        b->setup->van[i] = st->vanguard[b->actor][i];
    b->setup->van_loaded = true;
}

static void vanguard_draw(ui_battle *b)
{
    const js_state *st = bt_st(b);
    const js_scenario *sc = &st->scn;
    SDL_Renderer *r = b->g->r;
    load_van(b);
    SDL_Rect area = b->board_rc;
    SDL_RenderSetClipRect(r, &area);
    ui_fill_rect(r, area, ui_col(4, 6, 14, 205));
    int pad = ui_px(24), x = area.x + pad, y = area.y + ui_px(18), w = area.w - 2 * pad;
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(26), "The Vanguard", UI_TEXT, x, y, UI_AL_LEFT);
    char buf[200];
    snprintf(buf, sizeof buf, "%s · secret (H-4)", sc->sides[b->actor].name);
    ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(13), buf, ui_side_col(sc, b->actor), x + w, y + ui_px(10), UI_AL_RIGHT);
    y += ui_px(38);
    snprintf(buf, sizeof buf,
             "Name %d enlisted card%s, in order: they go on top of your deck, then %d cards are drawn for your "
             "first hand.%s Or name none: your whole deck is shuffled (Z-21).",
             sc->vanguard, sc->vanguard == 1 ? "" : "s", sc->initial_hand,
             sc->vanguard >= sc->initial_hand ? " Your Vanguard decides the whole hand." : "");
    y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(13), buf, UI_TEXT_DIM, x, y, w) + ui_px(10);
    /* the Vanguard slots */
    int cw = ui_px(104), ch = ui_px(146), gap = ui_px(12);
    for (int i = 0; i < sc->vanguard && i < JS_MAX_VANGUARD; i++) {
        SDL_Rect rc = {x + i * (cw + gap), y, cw, ch};
        if (i < b->setup->nvan) {
            bool hot = ui_point_in(rc, b->mx, b->my);
            bt_card_draw(b->g, rc, &sc->deck[b->setup->van[i]], 1 | (hot ? 4 : 0));
            snprintf(buf, sizeof buf, "Vanguard %d: %s", i + 1, sc->deck[b->setup->van[i]].name);
            bt_hit(b, rc, buf, B_VAN_DEL, i, 0, true, "Click to take it out of the Vanguard");
        } else {
            ui_fill_rect(r, rc, ui_col(14, 18, 32, 200));
            for (int d = 0; d < rc.w; d += ui_px(10)) {
                ui_fill_rect(r, (SDL_Rect){rc.x + d, rc.y, ui_px(5), 1}, UI_EDGE);
                ui_fill_rect(r, (SDL_Rect){rc.x + d, rc.y + rc.h - 1, ui_px(5), 1}, UI_EDGE);
            }
            for (int d = 0; d < rc.h; d += ui_px(10)) {
                ui_fill_rect(r, (SDL_Rect){rc.x, rc.y + d, 1, ui_px(5)}, UI_EDGE);
                ui_fill_rect(r, (SDL_Rect){rc.x + rc.w - 1, rc.y + d, 1, ui_px(5)}, UI_EDGE);
            }
        }
        snprintf(buf, sizeof buf, "%d", i + 1);
        ui_disc(r, (float)rc.x + ui_px(2), (float)rc.y + ui_px(2), (float)ui_px(12), UI_ACCENT);
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(14), buf, ui_col(24, 18, 6, 255), rc.x + ui_px(2),
                     rc.y + ui_px(2) - ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(14)) / 2, UI_AL_CENTER);
    }
    int sx = x + sc->vanguard * (cw + gap) + ui_px(8);
    if (sx < x + w - ui_px(200)) {
        const char *l1 = b->setup->nvan < sc->vanguard ? "Click cards below to add them." : "Vanguard complete.";
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(15), l1, b->setup->nvan < sc->vanguard ? UI_TEXT : UI_GOOD, sx,
                     y + ch / 2 - ui_px(20), UI_AL_LEFT);
        ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(12), "Click a Vanguard card to take it back.", UI_TEXT_DIM, sx,
                     y + ch / 2 + ui_px(2), UI_AL_LEFT);
    }
    y += ch + ui_px(22);
    snprintf(buf, sizeof buf, "%s — %d cards", b->default_deck ? "Your command deck (the default deck)" : "Your command deck",
             sc->ndeck);
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(15), buf, UI_ACCENT, x, y, UI_AL_LEFT);
    y += ui_px(24);
    static cc_group g[JS_MAX_DECK];
    int ng = deck_groups(sc, g, JS_MAX_DECK);
    int dw = ui_px(96), dh = ui_px(134), dg = ui_px(14);
    int per = (w + dg) / (dw + dg);
    if (per < 1)
        per = 1;
    for (int k = 0; k < ng; k++) {
        const js_command_card *cc = &sc->deck[g[k].first];
        SDL_Rect rc = {x + (k % per) * (dw + dg), y + (k / per) * (dh + dg + ui_px(4)), dw, dh};
        int used = 0, next = -1;
        for (int j = 0; j < g[k].count; j++) {
            if (in_van(b, g[k].idx[j]))
                used++;
            else if (next < 0)
                next = g[k].idx[j];
        }
        bool officer = cc->kind == JS_CC_OFFICER;
        bool can = !officer && next >= 0 && b->setup->nvan < sc->vanguard;
        const char *why = officer ? "H-4: the Vanguard holds enlisted cards only"
                          : next < 0 ? "All copies of this card are in your Vanguard"
                                     : "Your Vanguard is full: take a card out first";
        /* the stack: a card back peeking out for each extra copy */
        for (int j = (g[k].count - used) - 1; j >= 1 && j <= 3; j--)
            bt_card_back(b, (SDL_Rect){rc.x + j * ui_px(3), rc.y - j * ui_px(3), rc.w, rc.h}, b->actor);
        bool hot = can && ui_point_in(rc, b->mx, b->my);
        if (g[k].count - used > 0)
            bt_card_draw(b->g, rc, cc, (officer || !can ? 2 : 0) | (hot ? 4 : 0));
        else
            ui_rect_outline(r, rc, UI_EDGE);
        snprintf(buf, sizeof buf, "×%d", g[k].count - used);
        int bx = rc.x + rc.w - ui_px(4), by = rc.y + rc.h - ui_px(4);
        ui_disc(r, (float)bx, (float)by, (float)ui_px(13), ui_col(16, 20, 34, 240));
        ui_ring(r, (float)bx, (float)by, (float)ui_px(13), 1.5f, UI_ACCENT);
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(12), buf, UI_TEXT, bx,
                     by - ui_text_line_h(b->g->text, UI_FONT_BOLD, ui_px(12)) / 2, UI_AL_CENTER);
        snprintf(buf, sizeof buf, "Add %s", cc->name);
        bt_hit(b, rc, buf, B_VAN_ADD, next, 0, can, can ? NULL : why);
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* ------------------------------------------------------------------ panel, buttons, drawing */

void bt_setup_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    const js_scenario *sc = &st->scn;
    char buf[160];
    int side = b->actor;
    switch (b->wait.kind) {
    case JS_WAIT_SETUP_BUY: {
        bt_heading(b, pc, "Setup 1 · Support vessels (S-1)");
        snprintf(buf, sizeof buf, "%d of %d points spent", spent(b), sc->support_points[side]);
        bt_line(b, pc, buf, UI_TEXT);
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12),
                              "Bought ships join your reserve when both sides are ready. The enemy learns of them "
                              "only when they arrive.",
                              UI_TEXT_DIM, pc->x, pc->y, pc->w);
        pc->y += ui_px(4);
        int16_t l[JS_MAX_SUPPORT];
        int n = bought_list(b, l);
        if (!n)
            bt_line(b, pc, "Nothing bought yet.", UI_TEXT_DIM);
        for (int i = 0; i < n; i++) {
            const js_card_def *cd = &sc->cards[sc->support[l[i]].def];
            snprintf(buf, sizeof buf, "✓ %s · %d pts", cd->name, cd->points);
            bt_line(b, pc, buf, UI_ACCENT);
        }
        break;
    }
    case JS_WAIT_SETUP_JP: {
        bt_heading(b, pc, "Setup · Hide your jump points (J-2)");
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12),
                              "One in each of your sections, within 3 hexes of your base line, never on a section "
                              "line, on passable terrain. Green hexes are legal; hover a hex to see why not.",
                              UI_TEXT_DIM, pc->x, pc->y, pc->w);
        pc->y += ui_px(6);
        int mask = st->jp_set_mask[side];
        for (int k = 0; k < 3; k++) {
            bool set = (mask >> k) & 1;
            if (set) {
                int col, row;
                js_hex_to_offset(st->jp_pick[side][k], &col, &row);
                snprintf(buf, sizeof buf, "✓ %s jump point at (%d,%d)", SEC_CAP[k], col, row);
            } else {
                snprintf(buf, sizeof buf, "○ %s jump point: not placed", SEC_CAP[k]);
            }
            bt_line(b, pc, buf, set ? UI_GOOD : UI_TEXT);
        }
        pc->y += ui_px(4);
        bt_line(b, pc, "Blue hexes move a placed one.", UI_TEXT_DIM);
        bt_line(b, pc, "Revealed to both when both are ready.", UI_TEXT_DIM);
        break;
    }
    case JS_WAIT_VANGUARD: {
        load_van(b);
        bt_heading(b, pc, "Setup · The Vanguard (H-4)");
        snprintf(buf, sizeof buf, "%d of %d named", b->setup->nvan, sc->vanguard);
        bt_line(b, pc, buf, b->setup->nvan == sc->vanguard ? UI_GOOD : UI_TEXT);
        for (int i = 0; i < b->setup->nvan; i++) {
            snprintf(buf, sizeof buf, "%d. %s", i + 1, sc->deck[b->setup->van[i]].name);
            bt_line(b, pc, buf, UI_ACCENT);
        }
        pc->y += ui_px(4);
        snprintf(buf, sizeof buf, "Initial hand %d · Billet %d", sc->initial_hand, sc->billet);
        bt_line(b, pc, buf, UI_TEXT_DIM);
        pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12),
                              "Officers drawn for the first hand go back into the deck (H-3).", UI_TEXT_DIM, pc->x,
                              pc->y, pc->w);
        if (b->setup->nvan) {
            pc->y += ui_px(6);
            bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, "Clear the Vanguard", B_VAN_CLEAR, 0, 0, true, false,
                   NULL);
            pc->y += ui_px(32);
        }
        break;
    }
    default:
        break;
    }
}

bool bt_setup_ready_ok(ui_battle *b, char *why, size_t cap)
{
    const js_state *st = bt_st(b);
    why[0] = 0;
    if (b->wait.kind == JS_WAIT_SETUP_JP && st->jp_set_mask[b->actor] != 7) {
        snprintf(why, cap, "J-2: place all three jump points (left, centre and right) first");
        return false;
    }
    if (b->wait.kind == JS_WAIT_VANGUARD) {
        load_van(b);
        if (b->setup->nvan != st->scn.vanguard && b->setup->nvan != 0) { /* Z-21: all of it, or none */
            snprintf(why, cap, "H-4: name exactly %d Vanguard card%s, or none", st->scn.vanguard,
                     st->scn.vanguard == 1 ? "" : "s");
            return false;
        }
    }
    js_cmd c = bt_cmd(b, JS_CMD_READY);
    return trial(b, &c, why, cap) == JS_OK;
}

void bt_setup_button(ui_battle *b, const ui_button *btn)
{
    const js_state *st = bt_st(b);
    switch (btn->id) {
    case B_INTRO_GO:
        b->intro = false;
        ui_battle_sync(b, false);
        break;
    case B_BUY_TOGGLE: {
        js_cmd c = toggled(b, btn->arg);
        bt_submit(b, &c, false);
        break;
    }
    case B_VAN_ADD:
        load_van(b);
        if (btn->arg >= 0 && b->setup->nvan < st->scn.vanguard && b->setup->nvan < JS_MAX_VANGUARD && !in_van(b, btn->arg))
            b->setup->van[b->setup->nvan++] = btn->arg;
        break;
    case B_VAN_DEL:
        if (btn->arg >= 0 && btn->arg < b->setup->nvan) {
            memmove(&b->setup->van[btn->arg], &b->setup->van[btn->arg + 1], sizeof b->setup->van[0] * (size_t)(b->setup->nvan - btn->arg - 1));
            b->setup->nvan--;
        }
        break;
    case B_VAN_CLEAR: b->setup->nvan = 0; break;
    default: break;
    }
}

void bt_setup_draw(ui_battle *b)
{
    if (b->mode != BM_PLAY)
        return;
    const js_state *st = bt_st(b);
    if (b->intro) {
        bt_section_lines(b, true);
        /* a banner over the board: what both players are looking at */
        const js_scenario *sc = &st->scn;
        char buf[200];
        if (sc->sites_mode != JS_SITES_FIXED)
            snprintf(buf, sizeof buf, "%s sites drawn: %d hexes of terrain · both sides see them before setup",
                     sc->sites_mode == JS_SITES_FAIR ? "Fair" : "Random", generated_sites(b) < 0 ? 0 : generated_sites(b));
        else
            snprintf(buf, sizeof buf, "The battlefield of %s · both players look before setup", sc->name);
        int tw, th;
        ui_text_size(b->g->text, UI_FONT_BOLD, ui_px(16), buf, &tw, &th);
        SDL_Rect rc = {b->board_rc.x + (b->board_rc.w - tw) / 2 - ui_px(18), b->board_rc.y + ui_px(14),
                       tw + ui_px(36), th + ui_px(16)};
        ui_panel(b->g->r, rc, ui_col(12, 16, 30, 235), UI_ACCENT);
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(16), buf, UI_TEXT, rc.x + rc.w / 2, rc.y + ui_px(8), UI_AL_CENTER);
        return;
    }
    if (!mine_private(b))
        return;
    switch (b->wait.kind) {
    case JS_WAIT_SETUP_BUY: shop_draw(b); break;
    case JS_WAIT_SETUP_JP:
        bt_section_lines(b, true);
        draw_picks(b);
        break;
    case JS_WAIT_VANGUARD: vanguard_draw(b); break;
    default: break;
    }
}
