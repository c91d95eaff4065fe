/* results_sum.c — the results screen's summary from the final state and the log's typed fields. */
#include "results_sum.h"
#include <stdio.h>
#include <string.h>

void ui_results_begin(ui_results_sum *r, const js_state *st)
{
    memset(r, 0, sizeof *r);
    r->winner = st->winner;
    r->turns = st->turn > UI_RESULTS_TURNS ? UI_RESULTS_TURNS : st->turn;
}

void ui_results_add(ui_results_sum *r, const js_state *st, const js_event *e)
{
    /* W-1 points, each named by its ship or "cargo lost", and J-8 captures' */
    bool capture = e->type == JS_EV_CAPTURE && e->value > 0;
    if ((e->type == JS_EV_POINTS || capture) && (e->side == 0 || e->side == 1)) {
        ui_side_sum *s = &r->sum[e->side];
        r->cur[e->side] = e->value2;
        bool at_end = e->cause == JS_CAUSE_DISABLED_AT_END;
        if (at_end)
            s->pts_disabled += e->value;
        else if (e->cause == JS_CAUSE_CAPTURE)
            s->pts_other += e->value;
        else
            s->pts_destroyed += e->value;
        if (s->nitems < UI_RESULTS_ITEMS) {
            char why[JS_TEXT_LEN];
            int owner = capture && e->b >= 0 && e->b < st->nsites ? st->sites[e->b].side : -1;
            if (capture)
                snprintf(why, sizeof why, "capture of %s's jump point",
                         owner == 0 || owner == 1 ? st->scn.sides[owner].name : "the enemy");
            else if (e->cause == JS_CAUSE_CARGO_LOST)
                snprintf(why, sizeof why, "cargo lost");
            else
                js_ship_name(st, e->a, why, sizeof why);
            snprintf(s->items[s->nitems++], JS_TEXT_LEN, "+%d  %.70s%s", e->value, why,
                     at_end ? " (disabled at the end)" : "");
        } else {
            s->more++;
        }
    }
    int t = e->turn < 0 ? 0 : e->turn > UI_RESULTS_TURNS ? UI_RESULTS_TURNS : e->turn;
    for (int sd = 0; sd < 2; sd++)
        for (int k = t; k <= UI_RESULTS_TURNS; k++)
            r->by_turn[sd][k] = r->cur[sd];
}

void ui_results_end(ui_results_sum *r, const js_state *st)
{
    for (int sd = 0; sd < 2; sd++) {
        ui_side_sum *s = &r->sum[sd];
        s->points = st->points[sd];
        for (int u = 0; u < st->nunits; u++)
            if (st->units[u].side == sd && st->units[u].where == JS_AT_GONE)
                s->lost_cards++;
        for (int i = 0; i < st->nships; i++) {
            const js_ship *sh = &st->ships[i];
            if (sh->side != sd)
                continue;
            const js_unit *un = &st->units[sh->unit];
            if (un->where == JS_AT_RESERVE || un->where == JS_AT_CARGO)
                continue;
            s->ships_total++;
            if (sh->state == JS_SHIP_DESTROYED || (un->where == JS_AT_GONE))
                s->lost_ships++;
            else if (sh->state == JS_SHIP_DISABLED)
                s->disabled_ships++;
        }
    }
}

const char *ui_results_losses(const ui_side_sum *s, char *buf, size_t cap)
{
    if (s->lost_ships || s->disabled_ships)
        snprintf(buf, cap, "Losses: %d of %d ship%s destroyed, %d disabled", s->lost_ships, s->ships_total,
                 s->ships_total == 1 ? "" : "s", s->disabled_ships);
    else if (s->ships_total <= 0)
        snprintf(buf, cap, "No losses");
    else if (s->ships_total == 1)
        snprintf(buf, cap, "No losses: its one ship came through");
    else if (s->ships_total == 2)
        snprintf(buf, cap, "No losses: both ships came through");
    else
        snprintf(buf, cap, "No losses: all %d ships came through", s->ships_total);
    return buf;
}

const char *ui_results_why(const js_state *final, const js_event *over, char *buf, size_t cap)
{
    char why[JS_NAME_LEN + 40];
    if (over->cause == JS_CAUSE_NO_FORCES && over->a >= 0 && over->a < JS_SIDES)
        snprintf(why, sizeof why, "%s has no ships left", final->scn.sides[over->a].name);
    else if (over->cause == JS_CAUSE_TARGET_REACHED)
        snprintf(why, sizeof why, "The target was reached");
    else
        snprintf(why, sizeof why, "The last turn was played");
    snprintf(buf, cap, "%s: %s %d, %s %d", why, final->scn.sides[0].name, over->value, final->scn.sides[1].name,
             over->value2);
    return buf;
}
