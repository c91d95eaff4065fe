/* bt_think.c — a battle against the computer: who plays which side, the computer's commands
 * handed to the game like a player's clicks, and the quiet panel while it thinks.
 *
 * The computer's commands go through bt_submit, so they are recorded, autosaved and animated
 * exactly as a second player's would be in hotseat; its secret ones show nothing (the screen is
 * built from the human's view). The thinking itself is bt_computer.c's, on a worker thread. */
#include "bt_parts.h"
#include "bt_computer.h"
#include "js_ai.h"
#include <stdio.h>
#include <string.h>

void ui_computer_name(int level, char *out, size_t cap)
{
    const char *n = js_ai_level_name(level);
    snprintf(out, cap, "Computer (%c%s)", n ? n[0] - 'a' + 'A' : '?', n ? n + 1 : "");
}

bool bt_think_levels(const ui_battle_cfg *cfg, int levels[JS_SIDES], char *err, size_t cap)
{
    for (int s = 0; s < JS_SIDES; s++) {
        const char *name = cfg->resume_rec ? cfg->resume_rec->computer[s] : cfg->computer[s];
        levels[s] = -1;
        if (!name[0])
            continue;
        levels[s] = js_ai_level_parse(name);
        if (levels[s] < 0) {
            char known[96] = "";
            for (int l = 0; js_ai_level_name(l); l++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", l ? ", " : "",
                         js_ai_level_name(l));
            snprintf(err, cap, "computer.%c.level: \"%s\" is not a level of the computer (%s)", 'A' + s, name,
                     known);
            return false;
        }
    }
    return true;
}

bool bt_think_start(ui_battle *b, const int levels[JS_SIDES], const jsd_record *resumed, uint64_t seed)
{
    b->home = -1;
    b->cpu = NULL;
    if (levels[0] < 0 && levels[1] < 0)
        return true; /* hotseat */
    uint64_t seeds[JS_SIDES];
    for (int s = 0; s < JS_SIDES; s++)
        seeds[s] = resumed ? resumed->computer_seed[s] : seed;
    b->cpu = bt_cpu_create(levels, seeds);
    if (!b->cpu)
        return false;
    if ((levels[0] < 0) != (levels[1] < 0))
        b->home = levels[0] < 0 ? JS_SIDE_A : JS_SIDE_B;
    return true;
}

void bt_think_step(ui_battle *b)
{
    /* answers go in only where a click could: not under an animation, the opening look or the
     * end; a few in a row when the computer answers at once (its queued plots) */
    for (int n = 0; n < 8 && b->cpu && b->mode == BM_PLAY && !b->intro; n++) {
        js_cmd c;
        char why[JS_REASON_LEN + 64] = "";
        bt_cpu_state st = bt_cpu_poll(b->cpu, b->game, &c, why, sizeof why);
        if (st == BT_CPU_FAILED) {
            fprintf(stderr, "jumpstrike: %s\n", why);
            bt_toast(b, "%s", why);
        }
        if (st != BT_CPU_ANSWER)
            return;
        if (bt_submit(b, &c, true) != JS_OK)
            return; /* checked a moment ago on this game: cannot happen */
    }
}

static const char *doing(int kind)
{
    switch (kind) {
    case JS_WAIT_SETUP_BUY: return "Buying its support vessels";
    case JS_WAIT_SETUP_JP: return "Hiding its jump points";
    case JS_WAIT_VANGUARD: return "Naming its Vanguard";
    case JS_WAIT_SETUP_JO: return "Hiding its jump-off points and entry point";
    case JS_WAIT_NEW_ENTRY: return "Choosing a new entry point";
    case JS_WAIT_COMMAND: return "Its command phase: launches and deployments";
    case JS_WAIT_PLOT: return "Plotting its ships' orders";
    case JS_WAIT_SHIP_ATTACK: return "Choosing its attacks";
    case JS_WAIT_DISCARD: return "Discarding down to its Billet";
    case JS_WAIT_POD_MOVE: return "Moving its pod groups";
    case JS_WAIT_MISSILE: return "Choosing its next missile";
    case JS_WAIT_POD_ATTACK: return "Choosing its pod attacks";
    case JS_WAIT_GUARD: return "Deciding on its guard pods";
    case JS_WAIT_DIE: return "Rolling a die";
    default: return "Deciding";
    }
}

void bt_cpu_panel(ui_battle *b, bt_pc *pc)
{
    const js_state *st = bt_st(b);
    int side = bt_cpu_side(b->cpu);
    if (side < 0) /* between two thoughts: the side the game waits on */
        side = (b->wait.sides & JS_SIDE_MASK(JS_SIDE_A)) && bt_cpu_plays(b->cpu, JS_SIDE_A) ? JS_SIDE_A : JS_SIDE_B;
    char buf[160];
    bt_heading(b, pc, "The computer is thinking\xe2\x80\xa6");
    snprintf(buf, sizeof buf, "%s \xc2\xb7 %s", st->scn.sides[side].name, b->players[side]);
    bt_line(b, pc, buf, ui_side_col(&st->scn, side));
    bt_line(b, pc, doing(b->wait.kind), UI_TEXT);
    pc->y += ui_px(6);
    int permille = bt_cpu_progress(b->cpu);
    SDL_Rect bar = {pc->x, pc->y, pc->w, ui_px(8)};
    ui_fill_rect(b->g->r, bar, ui_col(40, 48, 70, 255));
    ui_fill_rect(b->g->r, (SDL_Rect){bar.x, bar.y, bar.w * permille / 1000, bar.h}, UI_ACCENT);
    pc->y += ui_px(20);
    bt_line(b, pc, b->wait.secret ? "It sees only what its side may see; its plans stay hidden until they happen."
                                  : "What it does is shown as it happens.",
            UI_TEXT_DIM);
}
