/* bt_hand.c — the command-card hand (J-3, J-4, J-5, H-5): the owner's cards fanned at the bottom
 * of the board in the command phase (the other side sees only how many, with the HQ and discard
 * counts), playing a card — a section card highlights its jump point, an Assault asks for a
 * section, an officer for a jump point — and choosing which reserve cards deploy through it, in
 * order, each with a facing previewed on the jump point. Withdraw or replace before Ready.
 * The discard choice when a hand is above its Billet (H-5). All checked with js_check. */
#include "bt_parts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The card being played and what deploys through it, the discard picks, and where the hand and
 * its badges were drawn last. */
struct bt_hand_draft {
    int play_card;             /* card-play draft: deck index, -1 none */
    int play_section;          /* Assault: the section, -1 not chosen */
    int play_site;             /* the jump point (site index) it deploys through, -1 */
    int dep[JS_MAX_DEPLOY];    /* reserve cards deploying, in arrival order */
    int8_t dep_facing[JS_MAX_DEPLOY];
    int ndep, dep_sel;         /* the selected deployment turns with the wheel / R */
    bool disc_pick[JS_MAX_DECK];
    int hand_hot;              /* card under the mouse, -1 */
    bool hand_up;              /* the hand has risen out of its strip (the mouse is on it) */
    SDL_Rect count_rc[2];      /* the hand-count badges drawn in the last frame */
    int ncount_rc;
};

/* Forget the card being played. */
static void bt_hand_reset(ui_battle *b)
{
    bt_hand_draft *h = b->hand;
    h->play_card = -1;
    h->play_section = -1;
    h->play_site = -1;
    h->ndep = 0;
    h->dep_sel = 0;
    h->hand_hot = -1;
    memset(h->disc_pick, 0, sizeof h->disc_pick);
}

static void drop(ui_battle *b, bt_drop why)
{
    (void)why;
    bt_hand_reset(b);
}

bool bt_hand_attach(ui_battle *b)
{
    if (!(b->hand = calloc(1, sizeof *b->hand)))
        return false;
    bt_drafts_register(b, drop);
    bt_hand_reset(b);
    return true;
}

void bt_hand_detach(ui_battle *b) { free(b->hand); }

int bt_hand_badges(const ui_battle *b, SDL_Rect rc[2])
{
    for (int i = 0; i < b->hand->ncount_rc; i++)
        rc[i] = b->hand->count_rc[i];
    return b->hand->ncount_rc;
}

int bt_hand_playing(const ui_battle *b, int *site)
{
    if (site)
        *site = b->hand->play_site;
    return b->hand->play_card;
}

int bt_hand_deploying(const ui_battle *b, int8_t *facing, int max)
{
    for (int i = 0; i < b->hand->ndep && i < max; i++)
        facing[i] = b->hand->dep_facing[i];
    return b->hand->ndep;
}

static const char *const SEC_NAME[4] = {"left", "centre", "right", "any"};
static const char *const SEC_CAP[4] = {"Left", "Centre", "Right", "Any"};

bool bt_uses_jump(const ui_battle *b) { return (bt_st(b)->scn.deploy & JS_DEPLOY_JUMP) != 0; }

/* The strip at the foot of the board the hand lies in while the mouse is elsewhere. */
static int strip_h(void) { return ui_px(70); }

SDL_Rect bt_hand_map_rc(const ui_battle *b)
{
    SDL_Rect rc = b->board_rc;
    if (bt_uses_jump(b))
        rc.h -= strip_h();
    return rc;
}

bool bt_hand_drafting(const ui_battle *b)
{
    return b->hand->play_card >= 0 && b->mode == BM_PLAY && !b->public_mode && b->wait.kind == JS_WAIT_COMMAND;
}

/* ------------------------------------------------------------------ the draft */

static const js_state *ST(const ui_battle *b) { return bt_st(b); }

static int own_jp(const ui_battle *b, int section)
{
    const js_state *st = ST(b);
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (s->kind == JS_SITE_JUMP_POINT && s->side == b->actor && s->section == section && s->alive)
            return i;
    }
    return -1;
}

static int default_facing(const ui_battle *b) { return b->actor == JS_SIDE_A ? 1 : 4; }

static js_cmd draft_cmd(const ui_battle *b)
{
    js_cmd c = bt_cmd(b, JS_CMD_PLAY_CARD);
    c.unit = (int16_t)b->hand->play_card;
    c.dir = (int8_t)b->hand->play_section;
    c.target = (int16_t)b->hand->play_site;
    c.ncargo = (int8_t)b->hand->ndep;
    c.nplace = (int8_t)b->hand->ndep;
    for (int i = 0; i < b->hand->ndep; i++) {
        c.cargo[i] = (int16_t)b->hand->dep[i];
        c.place[i].facing = b->hand->dep_facing[i];
        c.place[i].phase = 0;
    }
    return c;
}

static int draft_orders(const ui_battle *b)
{
    const js_state *st = ST(b);
    if (b->hand->play_card < 0)
        return 0;
    const js_command_card *cc = &st->scn.deck[b->hand->play_card];
    return cc->kind == JS_CC_ASSAULT ? st->nhand[b->actor] - 1 : cc->orders;
}

static void start_draft(ui_battle *b, int card)
{
    const js_state *st = ST(b);
    const js_command_card *cc = &st->scn.deck[card];
    bt_hand_reset(b);
    b->hand->play_card = card;
    if (cc->kind == JS_CC_ASSAULT) {
        b->hand->play_section = -1;
        b->hand->play_site = -1;
    } else if (cc->kind == JS_CC_OFFICER) {
        b->hand->play_section = 0;
        b->hand->play_site = -1;
    } else {
        b->hand->play_section = cc->section;
        b->hand->play_site = own_jp(b, cc->section);
    }
    bt_launch_cancel(b);
    bt_select_clear(b);
}

/* Load the committed play (from the view) into the draft, to change it. */
static void load_committed(ui_battle *b)
{
    const js_state *st = ST(b);
    int s = b->actor;
    if (st->play_card[s] < 0)
        return;
    start_draft(b, st->play_card[s]);
    const js_command_card *cc = &st->scn.deck[b->hand->play_card];
    if (cc->kind == JS_CC_ASSAULT)
        b->hand->play_section = st->play_section[s];
    b->hand->play_site = st->play_site[s];
    b->hand->ndep = st->nplay_units[s];
    for (int i = 0; i < b->hand->ndep; i++) {
        b->hand->dep[i] = st->play_units[s][i];
        b->hand->dep_facing[i] = st->play_place[s][i].facing;
    }
    b->hand->dep_sel = b->hand->ndep ? b->hand->ndep - 1 : 0;
}

void bt_hand_rotate(ui_battle *b, int step)
{
    if (b->hand->dep_sel < 0 || b->hand->dep_sel >= b->hand->ndep)
        return;
    b->hand->dep_facing[b->hand->dep_sel] = (int8_t)js_dir_wrap(b->hand->dep_facing[b->hand->dep_sel] + step);
}

static bool is_deploying(const ui_battle *b, int unit)
{
    for (int i = 0; i < b->hand->ndep; i++)
        if (b->hand->dep[i] == unit)
            return true;
    return false;
}


bool bt_hand_before_ready(ui_battle *b)
{
    if (b->hand->play_card < 0)
        return true;
    js_cmd c = draft_cmd(b);
    if (bt_submit(b, &c, false) != JS_OK)
        return false;
    bt_hand_reset(b);
    return true;
}

/* ------------------------------------------------------------------ the fan */

static bool committed(const ui_battle *b, int card) { return ST(b)->play_card[b->actor] == card; }

/* Counts anyone may see: hand, HQ and discard pile, with a little stack of card backs. It lies
 * over the map's corner and takes no clicks: with the mouse over it, it steps aside (only a faint
 * outline stays) so the ships and jump points under it can be seen, hovered and clicked. */
static void count_badge(ui_battle *b, int x, int y, int side, bool own)
{
    const js_state *st = ST(b);
    SDL_Renderer *r = b->g->r;
    int cw = ui_px(22), ch = ui_px(31);
    int n = st->nhand[side];
    int show = n > 5 ? 5 : n;
    SDL_Rect panel = {x, y, ui_px(300), ch + ui_px(14)};
    if (b->hand->ncount_rc < 2)
        b->hand->count_rc[b->hand->ncount_rc++] = panel;
    if (ui_point_in(panel, b->mx, b->my)) {
        ui_rect_outline(r, panel, ui_col_alpha(ui_side_col(&st->scn, side), 70));
        return;
    }
    ui_panel(r, panel, ui_col(10, 14, 26, 215), ui_col_alpha(ui_side_col(&st->scn, side), 160));
    for (int i = 0; i < (show ? show : 1); i++) {
        SDL_Rect rc = {x + ui_px(8) + i * ui_px(7), y + ui_px(7), cw, ch};
        if (show)
            bt_card_back(b, rc, side);
        else
            ui_rect_outline(r, rc, UI_EDGE);
    }
    char buf[120];
    int tx = x + ui_px(8) + (show > 0 ? show - 1 : 0) * ui_px(7) + cw + ui_px(10);
    if (own)
        snprintf(buf, sizeof buf, "Your hand: %d card%s", n, n == 1 ? "" : "s");
    else
        snprintf(buf, sizeof buf, "%s: %d card%s in hand", st->scn.sides[side].name, n, n == 1 ? "" : "s");
    ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(13), buf, ui_col_shade(ui_side_col(&st->scn, side), 0.35f), tx,
                 y + ui_px(5), UI_AL_LEFT);
    snprintf(buf, sizeof buf, "HQ %d · discard %d · Billet %d", st->nhq[side], st->ndiscard[side], st->billet[side]);
    ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(12), buf, UI_TEXT_DIM, tx, y + ui_px(24), UI_AL_LEFT);
}

static bool dealt(const js_state *st)
{
    return st->phase != JS_PHASE_SETUP_BUY && st->phase != JS_PHASE_SETUP_JP && st->phase != JS_PHASE_SETUP_VANGUARD;
}

void bt_hand_draw(ui_battle *b)
{
    b->hand->ncount_rc = 0;
    if ((b->mode != BM_PLAY && b->mode != BM_ANIM) || b->intro || !bt_uses_jump(b))
        return;
    const js_view *v = b->mode == BM_ANIM ? b->anim->view : b->view;
    const js_state *st = &v->st;
    if (!dealt(st))
        return;
    SDL_Renderer *r = b->g->r;
    SDL_RenderSetClipRect(r, &b->board_rc);
    bool priv = b->mode == BM_PLAY && !b->public_mode && b->actor >= 0;
    int bx = b->board_rc.x + ui_px(10), by = b->board_rc.y + ui_px(10);
    /* under the top bar's hanging tab (whose decision, at large UI scales) when they would meet:
     * at 150 % the badge covered the start of "play a command card, then ready" */
    SDL_Rect badge = {bx, by, ui_px(300), 2 * ui_px(52)};
    SDL_Rect tab = {b->what_rc.x - ui_px(12), b->what_rc.y - ui_px(30), b->what_rc.w + ui_px(24), b->what_rc.h + ui_px(36)};
    if (b->what_rc.h > 0 && b->what_rc.y >= b->top.y + b->top.h && SDL_HasIntersection(&badge, &tab))
        by = tab.y + tab.h + ui_px(6);
    if (!priv) { /* public: both sides' counts only */
        count_badge(b, bx, by, JS_SIDE_A, false);
        count_badge(b, bx, by + ui_px(52), JS_SIDE_B, false);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    int me = b->actor, other = 1 - me;
    count_badge(b, bx, by, other, false);
    bool fan = b->wait.kind == JS_WAIT_COMMAND || b->wait.kind == JS_WAIT_DISCARD;
    if (!fan) {
        count_badge(b, bx, by + ui_px(52), me, true);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    /* the fan: overlapping cards on a gentle arc; the one under the mouse rises */
    int n = st->nhand[me];
    if (n <= 0) {
        count_badge(b, bx, by + ui_px(52), me, true);
        SDL_RenderSetClipRect(r, NULL);
        return;
    }
    /* the cards side by side, smaller when they would not fit (every title stays readable);
     * only past a smallest size do they overlap */
    int gap = ui_px(6), full = ui_px(112), cw = full;
    int maxw = b->board_rc.w - ui_px(140);
    if (n * cw + (n - 1) * gap > maxw) {
        cw = (maxw - (n - 1) * gap) / n;
        if (cw < full * 45 / 100)
            cw = full * 45 / 100;
    }
    int ch = cw * 158 / 112;
    int step = n > 1 ? (maxw - cw) / (n - 1) : 0;
    if (step > cw + gap)
        step = cw + gap;
    int total = cw + step * (n - 1);
    int x0 = b->board_rc.x + (b->board_rc.w - total) / 2;
    /* the hand lies in its strip below the map (its titles show), so it never covers a hex: the
     * jump points along the base line and a deployment's preview stay in sight. Over the strip it
     * rises, and stays up while the mouse is on the cards. */
    int foot = b->board_rc.y + b->board_rc.h, strip = strip_h();
    SDL_Rect low = {x0, foot - strip, total, strip}, up = {x0, foot - ch - ui_px(12), total, ch + ui_px(12)};
    bool near = ui_point_in(b->hand->hand_up ? up : low, b->mx, b->my);
    b->hand->hand_up = near;
    int low_sink = ch - strip > 0 ? ch - strip : 0; /* risen, a card never shows less than lying */
    int sink = near ? (ui_px(40) < low_sink ? ui_px(40) : low_sink) : low_sink;
    int base = foot - ch + sink;
    SDL_Rect rcs[JS_MAX_HAND];
    int hot = -1;
    for (int i = 0; i < n && i < JS_MAX_HAND; i++) {
        float d = n > 1 ? (i - (n - 1) / 2.0f) / ((n - 1) / 2.0f) : 0;
        rcs[i] = (SDL_Rect){x0 + i * step, base + (int)(d * d * ui_px(14)), cw, ch};
    }
    for (int i = n - 1; i >= 0 && hot < 0; i--) /* topmost first */
        if (i < JS_MAX_HAND && ui_point_in(rcs[i], b->mx, b->my))
            hot = i;
    b->hand->hand_hot = hot;
    bool discarding = b->wait.kind == JS_WAIT_DISCARD && (b->wait.sides & JS_SIDE_MASK(me));
    int order[JS_MAX_HAND], no = 0;
    for (int i = 0; i < n && i < JS_MAX_HAND; i++)
        if (i != hot)
            order[no++] = i;
    if (hot >= 0)
        order[no++] = hot;
    for (int k = 0; k < no; k++) {
        int i = order[k];
        int card = st->hand[me][i];
        const js_command_card *cc = &st->scn.deck[card];
        bool draft = b->hand->play_card == card;
        bool played = committed(b, card);
        bool pick = discarding && b->hand->disc_pick[card];
        SDL_Rect rc = rcs[i];
        if (i == hot)
            rc.y = b->board_rc.y + b->board_rc.h - ch - ui_px(10);
        else if (draft || played || pick)
            rc.y -= ui_px(22);
        bt_card_draw(b->g, rc, cc, (draft || played || pick ? 1 : 0) | (i == hot ? 4 : 0));
        const char *tag = pick ? "DISCARD" : draft ? "PLAYING" : played ? "PLAYED" : NULL;
        if (tag) {
            int tp = ui_px(11), tw, th;
            ui_text_size(b->g->text, UI_FONT_BOLD, tp, tag, &tw, &th);
            SDL_Rect tr = {rc.x + (rc.w - tw) / 2 - ui_px(8), rc.y - th - ui_px(8), tw + ui_px(16), th + ui_px(4)};
            ui_fill_rect(r, tr, pick ? UI_BAD : UI_ACCENT);
            ui_text_draw(b->g->text, UI_FONT_BOLD, tp, tag, ui_col(20, 14, 6, 255), tr.x + tr.w / 2, tr.y + ui_px(2),
                         UI_AL_CENTER);
        }
    }
    /* clickable areas: registered bottom to top so the topmost card wins */
    for (int k = 0; k < no; k++) {
        int i = order[k];
        int card = st->hand[me][i];
        const js_command_card *cc = &st->scn.deck[card];
        SDL_Rect rc = rcs[i];
        if (i == hot)
            rc.y = b->board_rc.y + b->board_rc.h - ch - ui_px(10);
        rc.h = b->board_rc.y + b->board_rc.h - rc.y;
        char label[48];
        snprintf(label, sizeof label, "Card %s", cc->name);
        if (discarding)
            bt_hit(b, rc, label, B_DISCARD_TOGGLE, card, 0, true, NULL);
        else if (b->wait.kind == JS_WAIT_COMMAND)
            bt_hit(b, rc, label, B_HAND_CARD, card, 0, true, NULL);
    }
    /* the deck beside the fan: HQ and discard piles */
    /* the deck beside the fan, in the strip: HQ and discard piles */
    int px = x0 + total + ui_px(20);
    if (px + ui_px(110) < b->board_rc.x + b->board_rc.w) {
        int ph = strip - ui_px(16), pw = ph * 56 / 78, py = foot - ph - ui_px(8);
        for (int j = 2; j >= 0; j--)
            if (st->nhq[me] > j)
                bt_card_back(b, (SDL_Rect){px + j * 2, py - j * 2, pw, ph}, me);
        char buf[32];
        snprintf(buf, sizeof buf, "HQ %d", st->nhq[me]);
        ui_text_draw(b->g->text, UI_FONT_BOLD, ui_px(12), buf, UI_TEXT, px + pw + ui_px(10), py, UI_AL_LEFT);
        snprintf(buf, sizeof buf, "Discard %d", st->ndiscard[me]);
        ui_text_draw(b->g->text, UI_FONT_SANS, ui_px(11), buf, UI_TEXT_DIM, px + pw + ui_px(10), py + ui_px(18),
                     UI_AL_LEFT);
    }
    SDL_RenderSetClipRect(r, NULL);
}

/* ------------------------------------------------------------------ the panel */

/* The first facing, from the one towards the enemy round the clock, at which a reserve card may
 * join the draft (J-5: its footprint on the map and passable); 0 with the reason when none. */
static int first_facing(ui_battle *b, int unit, char *why, size_t cap)
{
    js_cmd c = draft_cmd(b);
    if (c.ncargo >= JS_MAX_CARGO)
        return 0;
    c.cargo[c.ncargo] = (int16_t)unit;
    c.ncargo++;
    char first[JS_REASON_LEN] = "";
    for (int k = 0; k < 6; k++) {
        int f = js_dir_wrap(default_facing(b) + (k % 2 ? (k + 1) / 2 : -(k / 2)));
        c.place[c.ncargo - 1].facing = (int8_t)f;
        if (js_check(b->game, &c, why, cap) == JS_OK)
            return f;
        if (!first[0] && why)
            snprintf(first, sizeof first, "%s", why);
    }
    if (why)
        snprintf(why, cap, "%s", first);
    return 0;
}

void bt_hand_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = ST(b);
    int me = b->actor;
    char buf[160], why[JS_REASON_LEN];
    if (b->hand->play_card < 0) {
        bt_heading(b, pc, "Command cards (J-3)");
        int pc_card = st->play_card[me];
        if (pc_card >= 0) {
            const js_command_card *cc = &st->scn.deck[pc_card];
            int site = st->play_site[me];
            int col = 0, row = 0;
            if (site >= 0)
                js_hex_to_offset(st->sites[site].hex, &col, &row);
            snprintf(buf, sizeof buf, "Playing %s through (%d,%d):", cc->name, col, row);
            bt_line(b, pc, buf, UI_ACCENT);
            for (int i = 0; i < st->nplay_units[me]; i++) {
                const js_unit *u = &st->units[st->play_units[me][i]];
                snprintf(buf, sizeof buf, "  %d. %s, facing %s", i + 1, st->scn.cards[u->def].name,
                         bt_dir_name(st->play_place[me][i].facing));
                bt_line(b, pc, buf, UI_TEXT);
            }
            if (!st->nplay_units[me])
                bt_line(b, pc, "  (no cards deploy)", UI_TEXT_DIM);
            pc->y += ui_px(4);
            int hw = (pc->w - ui_px(6)) / 2;
            bt_btn(b, (SDL_Rect){pc->x, pc->y, hw, ui_px(26)}, "Change", B_HAND_CARD, pc_card, 0, true, false,
                   "Edit the deployment before Ready");
            bt_btn(b, (SDL_Rect){pc->x + hw + ui_px(6), pc->y, hw, ui_px(26)}, "Withdraw card", B_PLAY_WITHDRAW, 0, 0,
                   true, false, "Take the card back into your hand");
            pc->y += ui_px(32);
        } else {
            pc->y += ui_text_wrap(b->g->text, UI_FONT_SANS, ui_px(12),
                                  "You may play one card from your hand: click it below. It deploys reserve cards "
                                  "through one of your jump points.",
                                  UI_TEXT_DIM, pc->x, pc->y, pc->w);
        }
        snprintf(buf, sizeof buf, "Hand %d · HQ %d · discard %d · Billet %d", st->nhand[me], st->nhq[me],
                 st->ndiscard[me], st->billet[me]);
        bt_line(b, pc, buf, UI_TEXT_DIM);
        return;
    }
    const js_command_card *cc = &st->scn.deck[b->hand->play_card];
    snprintf(buf, sizeof buf, "Play %s (J-4)", cc->name);
    bt_heading(b, pc, buf);
    int orders = draft_orders(b);
    /* Assault: the section; officer: the jump point */
    if (cc->kind == JS_CC_ASSAULT) {
        bt_line(b, pc, "Choose a section (or click your jump point):", UI_TEXT);
        int w = (pc->w - ui_px(8)) / 3;
        for (int k = 0; k < 3; k++) {
            js_cmd c = draft_cmd(b);
            c.dir = (int8_t)k;
            c.ncargo = 0;
            bool ok = js_check(b->game, &c, why, sizeof why) == JS_OK;
            bt_btn(b, (SDL_Rect){pc->x + k * (w + ui_px(4)), pc->y, w, ui_px(26)}, SEC_CAP[k], B_PLAY_SECTION, k, 0, ok,
                   b->hand->play_section == k, ok ? NULL : why);
        }
        pc->y += ui_px(32);
    } else if (cc->kind == JS_CC_OFFICER) {
        bt_line(b, pc, "Choose one of your jump points:", UI_TEXT);
        int w = (pc->w - ui_px(8)) / 3;
        for (int k = 0; k < 3; k++) {
            int site = own_jp(b, k);
            bt_btn(b, (SDL_Rect){pc->x + k * (w + ui_px(4)), pc->y, w, ui_px(26)}, SEC_CAP[k], B_PLAY_SECTION, k, 0,
                   site >= 0, site >= 0 && b->hand->play_site == site, site >= 0 ? NULL : "J-4: that jump point is gone");
        }
        pc->y += ui_px(32);
    }
    if (b->hand->play_site < 0) {
        if (cc->kind != JS_CC_ASSAULT && cc->kind != JS_CC_OFFICER) {
            snprintf(buf, sizeof buf, "J-4: your %s jump point is gone.", SEC_NAME[cc->section & 3]);
            bt_line(b, pc, buf, UI_BAD);
        }
    } else {
        int col, row;
        js_hex_to_offset(st->sites[b->hand->play_site].hex, &col, &row);
        snprintf(buf, sizeof buf, "Through your %s jump point (%d,%d)", SEC_NAME[st->sites[b->hand->play_site].section & 3], col,
                 row);
        bt_line(b, pc, buf, UI_TEXT);
    }
    snprintf(buf, sizeof buf, "%d of %d order%s used · in arrival order (J-6):", b->hand->ndep, orders, orders == 1 ? "" : "s");
    bt_line(b, pc, buf, b->hand->ndep <= orders ? UI_TEXT_DIM : UI_BAD);
    /* the deployments, in order */
    for (int i = 0; i < b->hand->ndep; i++) {
        const js_card_def *cd = &st->scn.cards[st->units[b->hand->dep[i]].def];
        snprintf(buf, sizeof buf, "%d. %s · facing %s", i + 1, cd->name, bt_dir_name(b->hand->dep_facing[i]));
        int bw = ui_px(28), w = pc->w - 2 * (bw + ui_px(4));
        bt_btn(b, (SDL_Rect){pc->x, pc->y, w, ui_px(26)}, buf, B_DEPLOY_SEL, i, 0, true, i == b->hand->dep_sel,
               "Selected: the wheel or R turns it on the jump point");
        bt_btn(b, (SDL_Rect){pc->x + w + ui_px(4), pc->y, bw, ui_px(26)}, "▲", B_DEPLOY_UP, i, 0, i > 0, false,
               i > 0 ? "Arrive earlier" : "It arrives first");
        bt_btn(b, (SDL_Rect){pc->x + w + bw + ui_px(8), pc->y, bw, ui_px(26)}, "✕", B_DEPLOY_DEL, i, 0, true, false,
               "Keep it in reserve");
        pc->y += ui_px(30);
    }
    if (b->hand->ndep)
        bt_line(b, pc, "Wheel or R turns the selected ship.", UI_TEXT_DIM);
    /* the reserve */
    pc->y += ui_px(2);
    bt_line(b, pc, "Reserve — click to deploy:", UI_TEXT);
    int shown = 0;
    for (int u = 0; u < st->nunits; u++) {
        const js_unit *un = &st->units[u];
        if (un->side != me || un->where != JS_AT_RESERVE || un->def < 0 || is_deploying(b, u) ||
            js_unit_launching(st, me, u))
            continue;
        if (pc->y + ui_px(30) > b->side.y + b->side.h - ui_px(96))
            break;
        const js_card_def *cd = &st->scn.cards[un->def];
        int f = first_facing(b, u, why, sizeof why);
        bool ok = b->hand->play_site >= 0 && f > 0;
        if (b->hand->play_site < 0)
            snprintf(why, sizeof why, "Choose the jump point first");
        static const char *sz[3] = {"S", "M", "L"};
        snprintf(buf, sizeof buf, "%s ×%d [%s] · move %d", cd->name, cd->ships, sz[cd->size % 3], cd->move);
        bt_btn(b, (SDL_Rect){pc->x, pc->y, pc->w, ui_px(26)}, buf, B_DEPLOY_ADD, u, f, ok, false,
               ok ? "Deploy it through this jump point" : why);
        pc->y += ui_px(30);
        shown++;
    }
    if (!shown)
        bt_line(b, pc, "Nothing left in reserve.", UI_TEXT_DIM);
    /* commit / cancel */
    js_cmd c = draft_cmd(b);
    bool ok = js_check(b->game, &c, why, sizeof why) == JS_OK;
    int y = b->side.y + b->side.h - ui_px(36) - ui_px(10) - ui_px(34);
    if (y < pc->y + ui_px(4))
        y = pc->y + ui_px(4);
    int hw = (pc->w - ui_px(6)) / 2;
    snprintf(buf, sizeof buf, "Play %s", cc->name);
    bt_btn(b, (SDL_Rect){pc->x, y, hw, ui_px(28)}, buf, B_PLAY_COMMIT, 0, 0, ok, ok, ok ? "Commit the card (secret)" : why);
    bt_btn(b, (SDL_Rect){pc->x + hw + ui_px(6), y, hw, ui_px(28)}, "Cancel (Esc)", B_PLAY_CANCEL, 0, 0, true, false,
           "Keep the card in hand");
    pc->y = y + ui_px(32);
}

void bt_hand_discard_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = ST(b);
    int me = b->actor;
    char buf[160], why[JS_REASON_LEN];
    bt_heading(b, pc, "Discard down to your Billet (H-5)");
    int over = st->nhand[me] - st->billet[me];
    if (!(b->wait.sides & JS_SIDE_MASK(me))) {
        bt_line(b, pc, "Your discards are chosen.", UI_TEXT_DIM);
        return;
    }
    snprintf(buf, sizeof buf, "You hold %d cards; your Billet is %d.", st->nhand[me], st->billet[me]);
    bt_line(b, pc, buf, UI_TEXT);
    snprintf(buf, sizeof buf, "Click %d card%s in your hand to discard.", over, over == 1 ? "" : "s");
    bt_line(b, pc, buf, UI_ACCENT);
    js_cmd c;
    memset(&c, 0, sizeof c);
    c.type = JS_CMD_DISCARD;
    c.side = (int8_t)me;
    for (int i = 0; i < st->nhand[me] && c.ncargo < JS_MAX_CARGO; i++)
        if (b->hand->disc_pick[st->hand[me][i]]) {
            snprintf(buf, sizeof buf, "✕ %s", st->scn.deck[st->hand[me][i]].name);
            bt_line(b, pc, buf, UI_BAD);
            c.cargo[c.ncargo++] = st->hand[me][i];
        }
    bool ok = js_check(b->game, &c, why, sizeof why) == JS_OK;
    int h = ui_px(36);
    int y = b->side.y + b->side.h - h - ui_px(10);
    if (y < pc->y)
        y = pc->y;
    snprintf(buf, sizeof buf, "Discard %d card%s", c.ncargo, c.ncargo == 1 ? "" : "s");
    bt_btn(b, (SDL_Rect){pc->x, y, pc->w, h}, buf, B_DISCARD_GO, 0, 0, ok, ok, ok ? "Commit (secret until both have chosen)" : why);
}

/* ------------------------------------------------------------------ actions */

void bt_hand_button(ui_battle *b, const ui_button *btn)
{
    const js_state *st = ST(b);
    switch (btn->id) {
    case B_HAND_CARD:
        if (b->hand->play_card == btn->arg) {
            bt_hand_reset(b); /* the same card again: put it back */
        } else if (committed(b, btn->arg)) {
            load_committed(b);
        } else {
            start_draft(b, btn->arg);
        }
        break;
    case B_PLAY_SECTION: {
        const js_command_card *cc = &st->scn.deck[b->hand->play_card < 0 ? 0 : b->hand->play_card];
        if (b->hand->play_card < 0)
            break;
        if (cc->kind == JS_CC_ASSAULT)
            b->hand->play_section = btn->arg;
        b->hand->play_site = own_jp(b, btn->arg);
        break;
    }
    case B_DEPLOY_ADD:
        if (b->hand->ndep < JS_MAX_DEPLOY) {
            b->hand->dep[b->hand->ndep] = btn->arg;
            b->hand->dep_facing[b->hand->ndep] = (int8_t)(btn->arg2 > 0 ? btn->arg2 : default_facing(b));
            b->hand->dep_sel = b->hand->ndep++;
        }
        break;
    case B_DEPLOY_DEL:
        if (btn->arg >= 0 && btn->arg < b->hand->ndep) {
            memmove(&b->hand->dep[btn->arg], &b->hand->dep[btn->arg + 1], sizeof b->hand->dep[0] * (size_t)(b->hand->ndep - btn->arg - 1));
            memmove(&b->hand->dep_facing[btn->arg], &b->hand->dep_facing[btn->arg + 1], (size_t)(b->hand->ndep - btn->arg - 1));
            b->hand->ndep--;
            if (b->hand->dep_sel >= b->hand->ndep)
                b->hand->dep_sel = b->hand->ndep ? b->hand->ndep - 1 : 0;
        }
        break;
    case B_DEPLOY_SEL: b->hand->dep_sel = btn->arg; break;
    case B_DEPLOY_UP:
        if (btn->arg > 0 && btn->arg < b->hand->ndep) {
            int i = btn->arg, t = b->hand->dep[i];
            int8_t f = b->hand->dep_facing[i];
            b->hand->dep[i] = b->hand->dep[i - 1], b->hand->dep_facing[i] = b->hand->dep_facing[i - 1];
            b->hand->dep[i - 1] = t, b->hand->dep_facing[i - 1] = f;
            b->hand->dep_sel = i - 1;
        }
        break;
    case B_PLAY_COMMIT: {
        js_cmd c = draft_cmd(b);
        if (bt_submit(b, &c, false) == JS_OK) {
            ui_sound_play(b->g->assets, UI_SND_LAUNCH);
            bt_hand_reset(b);
        }
        break;
    }
    case B_PLAY_CANCEL: bt_hand_reset(b); break;
    case B_PLAY_WITHDRAW: {
        js_cmd c = bt_cmd(b, JS_CMD_PLAY_CARD);
        c.unit = -1;
        bt_submit(b, &c, false);
        bt_hand_reset(b);
        break;
    }
    case B_DISCARD_TOGGLE:
        if (btn->arg >= 0 && btn->arg < JS_MAX_DECK)
            b->hand->disc_pick[btn->arg] = !b->hand->disc_pick[btn->arg];
        break;
    case B_DISCARD_GO: {
        js_cmd c = bt_cmd(b, JS_CMD_DISCARD);
        for (int i = 0; i < st->nhand[b->actor] && c.ncargo < JS_MAX_CARGO; i++)
            if (b->hand->disc_pick[st->hand[b->actor][i]])
                c.cargo[c.ncargo++] = st->hand[b->actor][i];
        if (bt_submit(b, &c, false) == JS_OK)
            memset(b->hand->disc_pick, 0, sizeof b->hand->disc_pick);
        break;
    }
    default: break;
    }
}

bool bt_hand_click(ui_battle *b, js_hex h, int button)
{
    if (!bt_hand_drafting(b) || button != SDL_BUTTON_LEFT)
        return false;
    const js_state *st = ST(b);
    const js_command_card *cc = &st->scn.deck[b->hand->play_card];
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (s->kind != JS_SITE_JUMP_POINT || s->side != b->actor || !s->alive || !js_hex_eq(s->hex, h))
            continue;
        if (cc->kind == JS_CC_ASSAULT || cc->kind == JS_CC_OFFICER) {
            ui_button btn = {.id = B_PLAY_SECTION, .arg = s->section, .enabled = true};
            bt_hand_button(b, &btn);
        }
        return true;
    }
    /* while a card is being played, the board only picks jump points */
    if (cc->kind == JS_CC_ASSAULT || cc->kind == JS_CC_OFFICER)
        bt_toast(b, "Playing %s: click one of your jump points, or choose it in the panel. Cancel (Esc) puts the "
                    "card back.", cc->name);
    else
        bt_toast(b, "Playing %s: it comes in through its own jump point, so the board picks nothing. Place its "
                    "ships from the panel, or Cancel (Esc).", cc->name);
    return true;
}

static void mark(ui_battle *b, js_hex h, int m)
{
    const js_state *st = ST(b);
    int c, r;
    js_hex_to_offset(h, &c, &r);
    if (c >= 0 && r >= 0 && c < st->scn.width && r < st->scn.height)
        b->marks[r * st->scn.width + c] = (uint8_t)m;
}

void bt_hand_overlay(ui_battle *b, ui_overlay *o)
{
    const js_state *st = ST(b);
    int me = b->actor;
    if (b->hand->play_card < 0) {
        /* a committed play: its first card waits on the jump point (owner's view only) */
        int site = st->play_site[me];
        if (st->play_card[me] >= 0 && site >= 0 && st->nplay_units[me] > 0 && o->nghosts < UI_MAX_GHOSTS) {
            const js_card_def *cd = &st->scn.cards[st->units[st->play_units[me][0]].def];
            js_ship_place pl = {st->sites[site].hex, st->play_place[me][0].facing, 0};
            o->ghosts[o->nghosts++] = (ui_ghost){cd->size, me, pl, 0, 150};
            mark(b, st->sites[site].hex, UI_MARK_TARGET);
        }
        return;
    }
    const js_command_card *cc = &st->scn.deck[b->hand->play_card];
    /* the jump points this card may use */
    for (int i = 0; i < st->nsites; i++) {
        const js_site *s = &st->sites[i];
        if (s->kind != JS_SITE_JUMP_POINT || s->side != me || !s->alive)
            continue;
        bool usable = cc->kind == JS_CC_ASSAULT || cc->kind == JS_CC_OFFICER || s->section == cc->section;
        if (usable)
            mark(b, s->hex, i == b->hand->play_site ? UI_MARK_TARGET : UI_MARK_CHOICE);
    }
    if (b->hand->play_site < 0 || b->hand->ndep == 0)
        return;
    /* the selected deployment on the jump point, with its facing; its footprint in red when
     * it would reach off the map or onto impassable terrain (J-5) */
    int i = b->hand->dep_sel < b->hand->ndep ? b->hand->dep_sel : b->hand->ndep - 1;
    const js_card_def *cd = &st->scn.cards[st->units[b->hand->dep[i]].def];
    js_ship_place pl = {st->sites[b->hand->play_site].hex, b->hand->dep_facing[i], 0};
    js_cmd c = draft_cmd(b);
    c.ncargo = 1;
    c.cargo[0] = (int16_t)b->hand->dep[i];
    c.place[0].facing = b->hand->dep_facing[i];
    bool ok = js_check(b->game, &c, NULL, 0) == JS_OK;
    if (o->nghosts < UI_MAX_GHOSTS)
        o->ghosts[o->nghosts++] = (ui_ghost){cd->size, me, pl, 0, ok ? 230 : 100};
    js_hex fp[7];
    int n = js_footprint(cd->size, pl.hex, pl.facing, fp);
    for (int k = 0; k < n; k++)
        mark(b, fp[k], ok ? UI_MARK_LEGAL : UI_MARK_ILLEGAL);
}
