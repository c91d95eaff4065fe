/* battle_int.h — the battle screen's state, shared by its source files (battle*.c, anim.c). */
#ifndef UI_BATTLE_INT_H
#define UI_BATTLE_INT_H

#include "battle.h"
#include "widgets.h"

enum { BM_HANDOVER = 0, BM_PLAY, BM_ANIM, BM_OVER };

/* Button ids (the arg fields carry slot, value, ...). */
enum {
    B_NONE = 0, B_READY, B_SLOT, B_TURN, B_MOVE, B_ASTERN, B_PHASE, B_MSL_FWD, B_MSL_AFT, B_PODS,
    B_POD_DIR, B_GUARD_ON, B_GUARD_SIDE, B_UNDO, B_REDO, B_PODPLOT_DIR,
    B_RESERVE_CARD, B_CANCEL_LAUNCH, B_PLACE_CANCEL, B_HOLD_TOGGLE, B_HOLD_OK, B_CARGO_LAUNCH,
    B_POD_MOVE, B_POD_HOLD, B_POD_AUTO, B_MISSILE, B_ATK_TARGET, B_ATK_COUNT, B_ATK_GO, B_ATK_PASS,
    B_GUARD_COUNT, B_GUARD_GO, B_SHIP_TARGET, B_DIE, B_SPEED, B_FIT, B_SCALE, B_MUTE, B_LOG_SCROLL,
};

typedef struct plot_step {     /* one undoable plot edit: what the slot held before and after */
    int8_t pod;                /* 0 ship order, 1 pod direction */
    int16_t unit;
    int8_t slot;
    js_order before, after;
    int8_t dir_before, dir_after;
} plot_step;

enum { HIST_MAX = 256, ANIM_MAX = 2048 };

typedef struct anim_step {
    int kind;                  /* see anim.c */
    int first, count;          /* events in b->anim_ev[first .. first+count) */
    double dur;
} anim_step;

struct ui_battle {
    ui_gfx *g;
    ui_board *board;
    ui_camera cam;
    bool cam_fitted;
    int win_w, win_h;
    SDL_Rect top, side, log, board_rc;

    js_game *game;
    jsd_record *rec;
    char rec_path[512];
    char autosave_path[512];   /* ui_saves_write after every command when set */
    js_view *view;             /* what is drawn */
    js_wait wait;
    int mode;
    int actor;                 /* the side at the controls, JS_SIDE_NONE when none */
    int screen_side;           /* side whose secrets the screen shows; -1 public */
    bool public_mode;
    int handover_to;
    char players[JS_SIDES][JS_NAME_LEN];
    bool quit;
    int log_seen;              /* events already shown/animated */

    /* mouse */
    int mx, my;
    bool hover_on;
    js_hex hover;
    bool dragging, drag_moved;
    int drag_x, drag_y;
    ui_buttons buttons;

    /* selection */
    int sel_ship, sel_pod, sel_missile;
    int slot;                  /* plotting: the slot being edited */
    bool guard_edit;

    /* plotting history (UI side; each step is re-submitted as a plot command) */
    plot_step undo[HIST_MAX], redo[HIST_MAX];
    int nundo, nredo;

    /* launches */
    int place_unit;            /* card being placed, -1 */
    int place_carrier;         /* transport ship for a cargo launch, -1 */
    int place_n;               /* ships placed so far */
    int place_facing;
    js_ship_place place[JS_MAX_SQUAD];
    bool hold_open;            /* the hold dialog */
    bool hold_pick[JS_MAX_UNITS];

    /* public decisions */
    int atk_target;
    bool atk_target_pod;
    int atk_count;
    int guard_count;
    bool pod_auto[JS_SIDES];

    /* animation */
    js_view *anim_view;        /* the board as the animation has got it so far */
    js_view *anim_final;       /* the board after everything (new launches are copied from it) */
    js_event *anim_ev;
    int *anim_idx;             /* each animated event's index in the game's log */
    int anim_nev;
    anim_step anim[ANIM_MAX];
    int nanim, anim_i;
    double anim_t;
    int speed;                 /* 0 slow, 1 normal, 2 fast, 3 instant */
    float ship_off[JS_MAX_SHIPS][2];
    float missile_off[JS_MAX_MISSILES][2];
    float pod_off[JS_MAX_PODS][2];
    uint8_t ship_hidden[JS_MAX_SHIPS], missile_hidden[JS_MAX_MISSILES], pod_hidden[JS_MAX_PODS];
    ui_fx fx[UI_MAX_FX];
    int nfx;
    int die_value, die_sides;  /* the die face on screen */
    double die_t;
    char die_text[JS_TEXT_LEN];

    uint8_t marks[JS_MAX_HEXES];
    int log_scroll;
    char toast[JS_REASON_LEN + 40];
    double toast_t;
    double time;
};

/* battle.c */
void bt_refresh(ui_battle *b);                 /* rebuild the view after a change */
js_status bt_submit(ui_battle *b, js_cmd *c, bool quiet);
void bt_toast(ui_battle *b, const char *fmt, ...);
const js_state *bt_st(const ui_battle *b);
bool bt_is_mine(const ui_battle *b, int side);

/* battle_panel.c: the side panel and its actions */
void bt_panel_draw(ui_battle *b);
void bt_button(ui_battle *b, const ui_button *btn);
bool bt_board_click(ui_battle *b, js_hex h, int button);
void bt_overlay(ui_battle *b, ui_overlay *o);
void bt_plot_undo(ui_battle *b, bool redo);
void bt_key(ui_battle *b, SDL_Keycode k);

/* hud.c */
void bt_topbar_draw(ui_battle *b);
void bt_log_draw(ui_battle *b);
void bt_handover_draw(ui_battle *b);

/* anim.c */
void bt_anim_start(ui_battle *b, const js_view *before, int from_event);
bool bt_anim_update(ui_battle *b, double dt);
void bt_anim_skip(ui_battle *b);
void bt_anim_overlay(ui_battle *b, ui_overlay *o);
void bt_anim_draw_die(ui_battle *b);

/* ---- shared panel helpers (bt_panel.c) */
typedef struct bt_pc {         /* a panel cursor: where the next row goes */
    int x, y, w;
} bt_pc;
void bt_heading(ui_battle *b, bt_pc *pc, const char *s);
void bt_line(ui_battle *b, bt_pc *pc, const char *s, ui_rgba col);
void bt_btn(ui_battle *b, SDL_Rect rc, const char *label, int id, int arg, int arg2, bool enabled,
            bool active, const char *tip);
/* A row of n equal buttons across the panel; labels[i], arg = args[i]. */
int bt_row_h(void);
const char *bt_dir_name(int dir);
bool bt_placing(const ui_battle *b);

/* bt_plot.c: plotting (RULES P) */
void bt_plot_panel(ui_battle *b, bt_pc *pc);
void bt_plot_button(ui_battle *b, const ui_button *btn);
bool bt_plot_click(ui_battle *b, js_hex h, int button);
void bt_plot_overlay(ui_battle *b, ui_overlay *o);
void bt_plot_ship_attack_panel(ui_battle *b, bt_pc *pc);

/* bt_launch.c: launches (RULES L) */
void bt_launch_panel(ui_battle *b, bt_pc *pc);
void bt_launch_button(ui_battle *b, const ui_button *btn);
bool bt_launch_click(ui_battle *b, js_hex h, int button);
void bt_launch_overlay(ui_battle *b, ui_overlay *o);
void bt_hold_dialog(ui_battle *b);

/* bt_decide.c: the public decisions (V-2, C-1, C-2, C-3, X-1) */
void bt_decide_panel(ui_battle *b, bt_pc *pc);
void bt_decide_button(ui_battle *b, const ui_button *btn);
bool bt_decide_click(ui_battle *b, js_hex h, int button);
void bt_decide_overlay(ui_battle *b, ui_overlay *o);

#endif
