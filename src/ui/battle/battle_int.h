/* battle_int.h — the battle screen's state and its submit path: the one interface the battle's
 * parts share, private to battle/ (tests/ui_rooms.sh fails a file of another room that includes
 * it: the screens reach the battle through battle.h). The parts (bt_plot.c, bt_launch.c,
 * bt_decide.c, bt_setup.c, bt_hand.c, bt_dice.c, bt_lesson.c, bt_think.c, hud.c) read the state,
 * keep their drafts in structs of their own and change the game only through bt_submit. Who
 * calls whom (each file only what is below it):
 *   battle.c -> bt_panel.c -> the parts -> bt_flow.c -> anim.c, bt_save.c, bt_computer.c ->
 *   bt_state.c and the drawing helpers (bt_draw.h: bt_rows.c, bt_cards.c), ui_saves.c, logwrap.c.
 * tests/ui_rooms.sh fails the build when files call each other in a circle. */
#ifndef UI_BATTLE_INT_H
#define UI_BATTLE_INT_H

#include "battle.h"
#include "bt_anim.h"
#include "jsd_lesson.h"
#include "kit/widgets.h"

enum { BM_HANDOVER = 0, BM_PLAY, BM_ANIM, BM_OVER };

/* Button ids (the arg fields carry slot, value, ...). */
enum {
    B_NONE = 0, B_READY, B_SLOT, B_TURN, B_MOVE, B_ASTERN, B_PHASE, B_MSL_FWD, B_MSL_AFT, B_PODS,
    B_POD_DIR, B_POD_AIM, B_GUARD_ON, B_GUARD_SIDE, B_UNDO, B_REDO, B_PODPLOT_DIR,
    B_RESERVE_CARD, B_CANCEL_LAUNCH, B_PLACE_CANCEL, B_HOLD_TOGGLE, B_HOLD_OK, B_CARGO_LAUNCH,
    B_POD_MOVE, B_POD_HOLD, B_POD_AUTO, B_MISSILE, B_ATK_TARGET, B_ATK_COUNT, B_ATK_GO, B_ATK_PASS,
    B_GUARD_COUNT, B_GUARD_GO, B_SHIP_TARGET, B_DIE, B_SPEED, B_FIT, B_SCALE, B_MUTE, B_LOG_SCROLL,
    /* setup (bt_setup.c) */
    B_INTRO_GO, B_BUY_TOGGLE, B_JP_SECTION, B_VAN_ADD, B_VAN_DEL, B_VAN_CLEAR,
    /* the hand (bt_hand.c) */
    B_HAND_CARD, B_PLAY_SECTION, B_DEPLOY_ADD, B_DEPLOY_DEL, B_DEPLOY_SEL, B_DEPLOY_UP, B_PLAY_COMMIT,
    B_PLAY_WITHDRAW, B_PLAY_CANCEL, B_DISCARD_TOGGLE, B_DISCARD_GO,
    /* command dice (bt_dice.c) */
    B_KDIE, B_KDICE_UNIT, B_KDICE_PASSENGER, B_KDICE_SITE, B_KDICE_CANCEL, B_KDICE_WITHDRAW, B_JO_SLOT,
    /* the handover screen (hud.c) */
    B_HANDOVER_GO,
    /* the standing notice (hud.c) */
    B_NOTICE_OK,
    /* a lesson's text box and its end card (bt_lesson.c) */
    B_LESSON_NEXT, B_LESSON_RESTART, B_LESSON_SKIP, B_LESSON_LEAVE, B_LESSON_RULES, B_LESSON_ONWARD,
    B_LESSON_LIST,
    /* the menu's button in the log's header, for the screen around the battle (hud.c) */
    B_MENU,
    /* orders for the whole fleet at once, with nothing selected (bt_plot.c) */
    B_FLEET_REPEAT, B_FLEET_HOLD,
};

/* Enter or Space pass a handover only once it has been up this long: a key already on its way
 * when the screen appeared must not show the next player's secrets. */
enum { HANDOVER_KEY_DELAY_MS = 500 };


enum { UI_SAVE_NAME_BUF = 72 };

/* Each part of the panel owns its draft: a struct of its own, defined in its file and reached
 * only through its functions; the battle holds them. When the drafts are dropped (a new side at
 * the controls, the game begins, a lesson's end card) the flow calls each part's drop through
 * the table the battle fills at its creation: the flow is below the parts and names none. */
typedef struct bt_plot_draft bt_plot_draft;
typedef struct bt_launch_draft bt_launch_draft;
typedef struct bt_decide_draft bt_decide_draft;
typedef struct bt_setup_draft bt_setup_draft;
typedef struct bt_hand_draft bt_hand_draft;
typedef struct bt_dice_draft bt_dice_draft;
typedef struct bt_lesson_draft bt_lesson_draft;
typedef enum bt_drop {
    BT_DROP_SELECTION, /* let go of what is selected and every draft */
    BT_DROP_TAKE,      /* that, and a side takes the controls: the plot's history goes too */
} bt_drop;
enum { BT_PARTS = 7 };

/* What is selected on the map (bt_select.c owns it): one ship, pod group or missile, or none. */
typedef enum bt_sel_kind { BT_SEL_NONE = 0, BT_SEL_SHIP, BT_SEL_POD, BT_SEL_MISSILE } bt_sel_kind;
typedef struct bt_sel bt_sel;

struct ui_battle {
    ui_gfx *g;
    ui_board *board;
    ui_camera cam;
    bool cam_fitted;
    int top_strip;             /* pixels under the top bar kept off the board (ui_battle_set_top_strip) */
    int win_w, win_h;
    SDL_Rect top, side, log, board_rc;

    js_game *game;
    jsd_record *rec;
    char rec_path[512];
    char autosave_path[512];   /* ui_saves_autosave after every command when set */
    jsd_record_file rec_file, auto_file; /* what is on disk in each: commands are appended */
    js_view *view;             /* what is drawn */
    js_wait wait;
    int mode;
    int actor;                 /* the side at the controls, JS_SIDE_NONE when none */
    int screen_side;           /* side whose secrets the screen shows; -1 public */
    bool public_mode;
    int handover_to;
    uint32_t handover_at;      /* SDL ticks when the handover screen went up */
    bool handover_pressed;     /* the left button went down on its button while it was up */
    char players[JS_SIDES][JS_NAME_LEN];
    /* against the computer (bt_computer.c) */
    struct bt_cpu *cpu;        /* NULL when both sides are human */
    int home;                  /* the one human side, whose view is drawn; -1 hotseat */
    bool quit;
    int log_seen;              /* events already shown/animated */

    /* mouse */
    int mx, my;
    bool hover_on;
    js_hex hover;
    char tip_shown[96];        /* first line of the tooltip drawn in the last frame, "" none */
    bool dragging, drag_moved;
    int drag_x, drag_y;
    ui_buttons buttons;

    bt_sel *sel;               /* what is selected (bt_select.c) */
    /* the parts' drafts (each file's own) and how each is dropped (bt_drafts_drop) */
    bt_plot_draft *plot;
    bt_launch_draft *launch;
    bt_decide_draft *decide;
    bt_setup_draft *setup;
    bt_hand_draft *hand;
    bt_dice_draft *dice;
    bt_lesson_draft *lesson_d;
    void (*drop[BT_PARTS])(ui_battle *b, bt_drop why);
    int ndrop;



    /* the public decisions (their draft is bt_decide.c's): each side's standing choice to move
     * its pod groups itself (the flow moves the next at each of that side's turns) */
    bool pod_auto[JS_SIDES];
    bool every_step;           /* the setting: ask even where js_forced_command has the answer */

    /* animation: what a command made happen, played in BM_ANIM (bt_anim.h owns its state) */
    bt_anim *anim;
    int speed;                 /* 0 slow, 1 normal, 2 fast, 3 instant */

    /* setup (its draft is bt_setup.c's) */
    bool intro;                /* the public look at the battlefield before setup (S-2, S-3) */
    bool default_deck;         /* the scenario plays the default command deck */


    /* the save-name dialog (bt_save.c) */
    bool save_open, save_fresh, save_replace, save_bad;
    char save_name[UI_SAVE_NAME_BUF];
    char save_msg[240];

    uint8_t marks[JS_MAX_HEXES];
    int log_scroll;
    struct ui_logwrap *logwrap; /* the log's wrapped lines, per event (logwrap.h) */
    SDL_Rect what_rc;          /* where the top bar last wrote whose decision it is (tests) */
    char who_shown[240];       /* who the screen is for, as the top bar last said it (tests) */
    char top_shown[160];       /* whose decision, as the top bar last said it (tests) */
    char odds_shown[200];      /* the pod-attack odds the panel last showed, per mille (tests) */
    int panel_scroll;          /* the side panel scrolled by the wheel (pixels) */
    int panel_n0;              /* the first button of the panel's scrolling content */
    /* the standing notice: a failed autosave, no data folder. Unlike a toast it survives the
     * handover and stays until the player dismisses it (ui_battle_notice) */
    char notice[720];
    bool notice_on;
    bool files_bad;            /* the last write of the record or the autosave failed */
    char toast[JS_REASON_LEN + 40];
    char toast_rule[12];       /* the rule ID that led the reason ("E-2"), shown as a tag; "" none */
    int toast_x, toast_y;      /* where the mouse was when it was raised (-1: the board's foot) */
    double toast_t;
    double time;

    /* a lesson: its script and the player's way through its steps, which the flow notes and the
     * locks read (the text box and the card are bt_lesson.c's draft) */
    const jsd_lesson *lesson;  /* NULL in an ordinary battle; the screen owns it */
    jsd_lesson_run lrun;
    bool lesson_done;          /* every step done and the goal reached: the card is up */
    bool lesson_last;          /* no lesson after this one (the card offers none) */
    bool menu_button;          /* draw the Menu button (the screen around has the Esc menu) */
    bool menu_asked;           /* it was pressed: the screen around opens its menu */

    /* online play (bt_online.c): one side (home) of a server's game. b->game is a stand-in built
     * from the server's last view (what the view hides, guessed as the computer guesses it) with
     * the events the side has seen: the panels check commands on it and draw from its view of
     * home. A command changes it only when it is a draft (a plot: nothing happens, the same
     * decision waits); anything else waits for the server's next view (online_busy). */
    bool online;
    bool online_busy;
    struct bt_sent { js_cmd c; bool draft; } *sent; /* made, not yet acknowledged, oldest first */
    int nsent, capsent, nsent_taken;                 /* ... of which the screen has taken nsent_taken */
    js_view *on_view;          /* the server's last view */
    js_event *on_ev;           /* and every event it let the side see */
    int on_nev;
    char online_status[150];   /* the top bar's line while the other side decides (the screen's) */
    char head_shown[120];      /* the side panel's first heading this frame (JS_UI_LAYOUT) */
    ui_ghost ghosts_shown[UI_MAX_GHOSTS]; /* the plan ghosts on the board this frame (JS_UI_LAYOUT) */
    int nghosts_shown;
};

/* ---- the state (bt_state.c) */
const js_state *bt_st(const ui_battle *b);     /* the state drawn now (the view's) */
bool bt_is_mine(const ui_battle *b, int side); /* side is at the controls */
/* A command of this type from the side at the controls, every other field zero. */
js_cmd bt_cmd(const ui_battle *b, int type);
/* The side whose view the screen is built from: the actor, else the human against the computer,
 * else A (a public screen: the board draws nothing A holds that B may not see). */
int bt_viewer(const ui_battle *b);
/* A note for the player (a refusal's reason, a hint); fades out. It shows where the player
 * looks: by the mouse when the mouse is over the board or a button (a click that does nothing
 * says why right there), else at the foot of the board. A leading rule ID ("E-2: launching ...")
 * is taken out of the sentence and shown as a tag beside it. */
void bt_toast(ui_battle *b, const char *fmt, ...);
/* Nothing the screen shows is at h (a click there can only be meant for the decision at hand). */
bool bt_hex_empty(const ui_battle *b, js_hex h);
/* Forget what is selected and every draft (the game begins, the computer's turn, a lesson done). */
void bt_clear_selection(ui_battle *b);
/* That, or (BT_DROP_TAKE) a side takes the controls: every part drops its draft. */
void bt_drafts_drop(ui_battle *b, bt_drop why);
/* A part's draft made with the battle: its drop is called with every bt_drafts_drop. */
void bt_drafts_register(ui_battle *b, void (*drop)(ui_battle *b, bt_drop why));
/* A lesson's locks: the control (JSD_CTL_* bit) a button belongs to (0: always open), and
 * whether the lesson's current step keeps it closed; why gets the tooltip that says so. */
enum { BT_CTL_NEVER = 1u << 31 }; /* a control no lesson step opens */
uint32_t bt_button_control(int id);
bool bt_control_locked(const ui_battle *b, uint32_t control);
bool bt_locked(const ui_battle *b, int id);
const char *bt_lock_why(const ui_battle *b);
/* The side the lesson plays (as a mask, 0 outside lessons): never at the controls. */
unsigned bt_lesson_mask(const ui_battle *b);

/* ---- the selection (bt_select.c): select one thing (an index < 0 selects nothing), let go of
 * it, ask what is selected (the index, -1 when that kind is not) */
bt_sel *bt_sel_new(void);
void bt_sel_free(bt_sel *s);
void bt_select(ui_battle *b, bt_sel_kind kind, int index);
void bt_select_clear(ui_battle *b);
int bt_selected(const ui_battle *b, bt_sel_kind kind);
int bt_sel_ship(const ui_battle *b);
int bt_sel_pod(const ui_battle *b);
int bt_sel_missile(const ui_battle *b);
/* Plotting: ships Shift-click or a box picked to go with the selected one (a change on its panel
 * goes to each); a selection made anew lets them go (bt_picks_clear), a selection moved for a
 * moment (bt_select) keeps them. */
bool bt_picked(const ui_battle *b, int ship);
const bool *bt_picks(const ui_battle *b); /* per ship, JS_MAX_SHIPS of them */
void bt_pick_toggle(ui_battle *b, int ship);
void bt_pick_set(ui_battle *b, int ship, bool on);
void bt_picks_clear(ui_battle *b);
/* The box a Shift-drag draws over the board (screen pixels): begun where the button went down,
 * its other corner where the mouse is (x, y); false when none is being drawn. x0, y0 (may be
 * NULL) get the corner it began at. */
void bt_box_begin(ui_battle *b, int x, int y);
void bt_box_end(ui_battle *b);
bool bt_box_rect(const ui_battle *b, int x, int y, SDL_Rect *rc, int *x0, int *y0);

/* ---- the submit path (bt_flow.c): the only way the battle changes the game */
/* js_submit, then the record and the autosave, then the animation of what happened or the next
 * screen. A refusal is a toast with the engine's reason unless quiet. */
js_status bt_submit(ui_battle *b, js_cmd *c, bool quiet);
void bt_refresh(ui_battle *b);                 /* rebuild the view after a change */
void bt_flow(ui_battle *b);                    /* who is at the controls for what the game waits for */

#endif
