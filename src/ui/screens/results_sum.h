/* results_sum.h — what the results screen says of a finished battle, worked out from the final
 * state and the log's typed fields (never the sentences): where each side's points came from,
 * what it lost, and the points by turn. */
#ifndef UI_RESULTS_SUM_H
#define UI_RESULTS_SUM_H

#include "js.h"

enum { UI_RESULTS_TURNS = 128, UI_RESULTS_ITEMS = 12 };

typedef struct ui_side_sum {
    int points;
    int pts_destroyed, pts_disabled, pts_other; /* W-1 kills, W-1 disabled at the end, J-8 captures */
    int lost_ships, lost_cards, disabled_ships, ships_total;
    char items[UI_RESULTS_ITEMS][JS_TEXT_LEN];  /* "+6  Lancer Frigate (#3)" */
    int nitems, more;                           /* more: points events past the items */
} ui_side_sum;

typedef struct ui_results_sum {
    int winner, turns;
    int by_turn[JS_SIDES][UI_RESULTS_TURNS + 1]; /* total points at the end of each turn */
    ui_side_sum sum[JS_SIDES];
    int cur[JS_SIDES];                           /* the running totals while events are added */
} ui_results_sum;

/* Begin with the final state, add the log's events oldest first, end: r holds the summary. */
void ui_results_begin(ui_results_sum *r, const js_state *final);
void ui_results_add(ui_results_sum *r, const js_state *final, const js_event *e);
void ui_results_end(ui_results_sum *r, const js_state *final);
/* A side's losses in one line: "Losses: 1 of 3 ships destroyed, 0 disabled", or none lost in
 * words that count ("its one ship", "both ships", "all 5 ships came through"). */
const char *ui_results_losses(const ui_side_sum *s, char *buf, size_t cap);
/* Why the battle ended, from the game-over event's typed fields (W-2): "The last turn was
 * played: Vega Concord 0, Hadar Reach 9". */
const char *ui_results_why(const js_state *final, const js_event *over, char *buf, size_t cap);

#endif
