/* bt_anim.h — the animation of what a command made happen (anim.c): the public events played
 * from the board as it was, on a copy of the view, then the board as it is. It owns its state:
 * the battle holds one, and the replay viewer holds one without any battle. It reads only the
 * events' typed fields (js.h), never their sentence, so what it shows cannot hang on wording. */
#ifndef UI_BT_ANIM_H
#define UI_BT_ANIM_H

#include "board/board.h"

enum { BT_ANIM_MAX = 2048 }; /* steps one start may play */

typedef struct bt_anim_step {
    int kind;                  /* see anim.c */
    int first, count;          /* events ev[first .. first+count) */
    double dur;
} bt_anim_step;

typedef struct bt_anim {
    ui_gfx *g;                 /* what it draws and sounds with */
    SDL_Rect board_rc;         /* where the board is: the die, the dice and a card go over it */
    int speed;                 /* 0 slow, 1 normal, 2 fast, 3 instant (the owner's setting) */
    js_view *view;             /* the board as the animation has got it so far */
    js_view *final;            /* the board after everything (new launches are copied from it) */
    js_event *ev;              /* the events played (both sides see them) */
    int *idx;                  /* each one's index in the game's log */
    int nev;
    bt_anim_step step[BT_ANIM_MAX];
    int nstep, i;              /* the step playing; -1 before the first, nstep when done */
    double t;                  /* time into it */
    float ship_off[JS_MAX_SHIPS][2];
    float missile_off[JS_MAX_MISSILES][2];
    float pod_off[JS_MAX_PODS][2];
    uint8_t ship_hidden[JS_MAX_SHIPS], missile_hidden[JS_MAX_MISSILES], pod_hidden[JS_MAX_PODS];
    ui_fx fx[UI_MAX_FX];
    int nfx;
    /* the die on screen: its face, what it was rolled for (js_roll_for), how long it shows */
    int die_value, die_sides, die_for;
    /* every die of that roll drawn: one, or both of a 2d10 (C-5: the first with the second still
     * to roll, 0, then both), from the events' typed fields */
    int die_faces[2], ndie, die_now; /* die_now: the one this event rolled (it tumbles) */
    double die_t, die_t0;      /* time left, and in all */
    char die_text[JS_TEXT_LEN]; /* the roll's sentence, shown when there is no story */
    /* what the roll is for (from its typed fields and the events around it): who against whom,
     * the sum with its parts, and the result; die_result_bad: bad news for the one rolled against */
    char die_who[256], die_sum[160], die_result[80];
    int die_result_bad;
    int card, card_side;       /* a played card shown (deck index, -1 none) */
    double card_t;
    int dice[JS_MAX_KDICE], ndice, dice_side; /* a side's command dice shown (K-3) */
    double dice_t;
} bt_anim;

bt_anim *bt_anim_create(ui_gfx *g);
void bt_anim_destroy(bt_anim *a);
/* Whether the animation plays this event: the battle and the replay viewer both ask this. */
bool bt_anim_plays(const js_event *e);
/* Play the game's events from from_event on, from the board `before` to what viewer sees now. */
void bt_anim_start(bt_anim *a, const js_game *game, int viewer, const js_view *before, int from_event);
/* The same from a list of events (idx: their places in the log, or NULL) and the board after. */
void bt_anim_start_events(bt_anim *a, const js_view *before, const js_view *after, const js_event *ev,
                          const int *idx, int n);
bool bt_anim_update(bt_anim *a, double dt);  /* false once everything has played */
void bt_anim_skip(bt_anim *a);
void bt_anim_overlay(const bt_anim *a, ui_overlay *o);
void bt_anim_draw(bt_anim *a);               /* the die, a side's dice, a card played */
/* The phase of the step on screen (its state still holds the one before), -1 none. */
int bt_anim_phase(const bt_anim *a);
/* How many of the log's events have been shown so far (the log follows the animation). */
int bt_anim_log_limit(const bt_anim *a, int whole);

#endif
