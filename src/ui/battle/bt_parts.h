/* bt_parts.h — the battle's parts: each draws its piece of the side panel and the board's
 * overlay for one kind of decision, turns clicks into commands through bt_submit, and owns its
 * draft (made with the battle by its _attach). The side panel (bt_panel.c) and the screen
 * (battle.c) call them; one reaches another's draft only through its functions (the hand and
 * the dice let go of a launch being placed with bt_launch_cancel). */
#ifndef UI_BT_PARTS_H
#define UI_BT_PARTS_H

#include "bt_draw.h"

/* bt_plot.c: plotting (RULES P); its draft, made with the battle: the slot the order editor
 * edits, aiming a pod group's directions on the map, editing the guard split */
bool bt_plot_attach(ui_battle *b);
void bt_plot_detach(ui_battle *b);
int bt_plot_slot(const ui_battle *b);
void bt_plot_set_slot(ui_battle *b, int slot);
bool bt_plot_aiming(const ui_battle *b);
void bt_plot_guard_edit_off(ui_battle *b);
void bt_plot_panel(ui_battle *b, bt_pc *pc);
void bt_plot_button(ui_battle *b, const ui_button *btn);
bool bt_plot_click(ui_battle *b, js_hex h, int button);
/* A Shift-drag box (screen pixels, begun at x0, y0): the player's ships in it join the
 * selection; how many are in it (only counted unless apply). */
int bt_plot_box(ui_battle *b, SDL_Rect box, int x0, int y0, bool apply);
void bt_plot_overlay(ui_battle *b, ui_overlay *o);
/* After this side's Ready, while the other side plots (one human at the screen): its plans as
 * sent, read-only, on the board. */
bool bt_plot_sent_shown(const ui_battle *b);
void bt_plot_sent_overlay(ui_battle *b, ui_overlay *o);
void bt_plot_sent_panel(ui_battle *b, bt_pc *pc); /* the selected ship's orders as sent */
void bt_plot_ship_attack_panel(ui_battle *b, bt_pc *pc);
void bt_plot_undo(ui_battle *b, bool redo);
long bt_plot_projections(const ui_battle *b); /* plans projected for the panel and overlay (tests) */

/* bt_launch.c: launches (RULES L) */
bool bt_launch_attach(ui_battle *b);             /* its draft, made with the battle */
void bt_launch_detach(ui_battle *b);
/* The card being placed (-1 none), with its ships placed so far and the next one's facing. */
int bt_launch_placing(const ui_battle *b, int *placed, int *facing);
void bt_launch_cancel(ui_battle *b);             /* let go of the card being placed */
void bt_launch_rotate(ui_battle *b, int step);   /* the next ship's facing */
bool bt_launch_hold_open(const ui_battle *b);    /* the hold dialog is up */
void bt_launch_hold_close(ui_battle *b);
const bool *bt_launch_hold_picks(const ui_battle *b); /* the cards picked for the hold, by unit */
void bt_launch_panel(ui_battle *b, bt_pc *pc);
void bt_launch_button(ui_battle *b, const ui_button *btn);
bool bt_launch_click(ui_battle *b, js_hex h, int button);
void bt_launch_overlay(ui_battle *b, ui_overlay *o);
void bt_hold_dialog(ui_battle *b);

/* bt_decide.c: the public decisions' draft, made with the battle; the pod attack's target (-1
 * none, a new selection forgets it) and, when count > 0, how many pods attack */
bool bt_decide_attach(ui_battle *b);
void bt_decide_detach(ui_battle *b);
void bt_decide_aim(ui_battle *b, int target, bool target_pod, int count);
/* bt_decide.c: the public decisions (V-2, C-1, C-2, C-3, X-1), a part for each (each panel
 * starts with bt_decide_panel: what is waited for, and who decides in the open) */
void bt_decide_panel(ui_battle *b, bt_pc *pc);
/* Online, while the other side decides on its computer: who and what is awaited, and that this
 * side's part is on the server */
void bt_online_wait_panel(ui_battle *b, bt_pc *pc);
void bt_decide_button(ui_battle *b, const ui_button *btn);
void bt_pod_move_panel(ui_battle *b, bt_pc *pc);
bool bt_pod_move_click(ui_battle *b, js_hex h, int button);
void bt_pod_move_overlay(ui_battle *b, ui_overlay *o);
void bt_missile_panel(ui_battle *b, bt_pc *pc);
bool bt_missile_click(ui_battle *b, js_hex h, int button);
void bt_missile_overlay(ui_battle *b, ui_overlay *o);
void bt_pod_attack_panel(ui_battle *b, bt_pc *pc);
bool bt_pod_attack_click(ui_battle *b, js_hex h, int button);
void bt_pod_attack_overlay(ui_battle *b, ui_overlay *o);
void bt_guard_panel(ui_battle *b, bt_pc *pc);
void bt_guard_overlay(ui_battle *b, ui_overlay *o);
void bt_die_panel(ui_battle *b, bt_pc *pc);

/* bt_think.c: the battle against the computer (the worker itself is bt_computer.c) */
/* The level of each side (-1 a human) from the record of a continued game, else from cfg;
 * false with "computer.B.level: ..." when a name is no level of the computer's. */
bool bt_think_levels(const ui_battle_cfg *cfg, int levels[JS_SIDES], char *err, size_t cap);
/* Start the computer for those levels (b->cpu, b->home); false when out of memory. */
bool bt_think_start(ui_battle *b, const int levels[JS_SIDES], const jsd_record *resumed, uint64_t seed);
/* From ui_battle_update: hand the computer's finished thoughts to the game like clicks. */
void bt_think_step(ui_battle *b);
/* The side panel while the computer decides. */
void bt_cpu_panel(ui_battle *b, bt_pc *pc);

/* bt_lesson.c: a lesson (docs/lessons.md): its opponent's answers, from ui_battle_update like the
 * computer's; the step's text box with its highlight and arrow, and the end card, over the board;
 * the box's buttons (restart, skip, leave and the rest go to the screen: b->lesson_action) */
bool bt_lesson_attach(ui_battle *b);             /* its draft, made with the battle */
void bt_lesson_detach(ui_battle *b);
int bt_lesson_take_action(ui_battle *b);         /* the B_LESSON_* pressed, once; 0 none */
void bt_lesson_place(ui_battle *b, SDL_Rect strip); /* where the text box goes (the layout) */
bool bt_lesson_in_strip(const ui_battle *b, int x, int y);
void bt_lesson_scroll(ui_battle *b, int dy);     /* its text, when cut short (pixels, down > 0) */
SDL_Rect bt_lesson_focus(const ui_battle *b);    /* what the step rings (tooltips keep off it) */
void bt_lesson_step(ui_battle *b);
void bt_lesson_draw(ui_battle *b);
void bt_lesson_button(ui_battle *b, const ui_button *btn);
bool bt_lesson_covers(const ui_battle *b, int x, int y);
int bt_lesson_strip_h(ui_battle *b, int width); /* the text box's height at that width */

/* bt_setup.c: setup screens (S-1, S-2, S-3, J-2, H-4); its draft, made with the battle: the
 * Vanguard being named (how many; sent as one command before Ready, true when none or taken),
 * and the section names as last drawn (tests) */
bool bt_setup_attach(ui_battle *b);
void bt_setup_detach(ui_battle *b);
int bt_setup_vanguard_n(const ui_battle *b);
bool bt_setup_send_vanguard(ui_battle *b);
int bt_setup_sec_labels(const ui_battle *b, SDL_Rect rc[6]);
void bt_setup_panel(ui_battle *b, bt_pc *pc);
void bt_setup_intro_panel(ui_battle *b, bt_pc *pc);
void bt_setup_button(ui_battle *b, const ui_button *btn);
bool bt_setup_click(ui_battle *b, js_hex h, int button);
void bt_setup_overlay(ui_battle *b, ui_overlay *o);
void bt_setup_draw(ui_battle *b);                /* over the board: sections, picks, shop, Vanguard */
int bt_setup_hover(ui_battle *b, char lines[][96], int max); /* tooltip lines for the hovered hex */
bool bt_setup_ready_ok(ui_battle *b, char *why, size_t cap);

/* bt_hand.c: command cards (J-3, J-4, J-5, H-5) */
bool bt_hand_attach(ui_battle *b);               /* its draft, made with the battle */
void bt_hand_detach(ui_battle *b);
/* What the hand shows (tests): the count badges as last drawn; the card being played (-1 none)
 * and the jump point it deploys through; the facings of the cards deploying, and how many. */
int bt_hand_badges(const ui_battle *b, SDL_Rect rc[2]);
int bt_hand_playing(const ui_battle *b, int *site);
int bt_hand_deploying(const ui_battle *b, int8_t *facing, int max);
void bt_hand_draw(ui_battle *b);                 /* the fanned hand, or the other side's count */
void bt_hand_panel(ui_battle *b, bt_pc *pc);     /* command phase: the card being played */
void bt_hand_discard_panel(ui_battle *b, bt_pc *pc);
void bt_hand_button(ui_battle *b, const ui_button *btn);
bool bt_hand_click(ui_battle *b, js_hex h, int button);
void bt_hand_overlay(ui_battle *b, ui_overlay *o);
bool bt_hand_drafting(const ui_battle *b);
void bt_hand_rotate(ui_battle *b, int step);
bool bt_hand_before_ready(ui_battle *b);         /* commits a pending draft; false if refused */
bool bt_uses_jump(const ui_battle *b);
/* Where the map is drawn: the board, less the hand's strip at its foot with command cards. */
SDL_Rect bt_hand_map_rc(const ui_battle *b);

/* bt_dice.c: command dice (K-2..K-9) */
bool bt_dice_attach(ui_battle *b);               /* its draft, made with the battle */
void bt_dice_detach(ui_battle *b);
bool bt_uses_dice(const ui_battle *b);
bool bt_dice_drafting(const ui_battle *b);       /* a card chosen for dice, being sited or placed */
void bt_dice_rotate(ui_battle *b, int step);
void bt_dice_panel(ui_battle *b, bt_pc *pc);     /* command phase: dice, cards, pending deployments */
void bt_dice_setup_panel(ui_battle *b, bt_pc *pc);
void bt_dice_entry_panel(ui_battle *b, bt_pc *pc);
void bt_dice_button(ui_battle *b, const ui_button *btn);
bool bt_dice_click(ui_battle *b, js_hex h, int button);
void bt_dice_overlay(ui_battle *b, ui_overlay *o);
int bt_dice_hover(ui_battle *b, char lines[][96], int max); /* why a hex is (not) legal */
void bt_dice_draw(ui_battle *b);                 /* over the board: both sides' dice, own setup picks */

/* hud.c: the top bar, the log and the handover screen */
void bt_topbar_draw(ui_battle *b);
/* The top bar's words while the computer thinks: with how far it is (permille, 0..1000) once the
 * thought has run BT_CPU_SHOW_MS (ms) or more. */
void bt_thinking_text(long ms, int permille, char *out, size_t cap);
void bt_log_draw(ui_battle *b);
void bt_handover_draw(ui_battle *b);
/* The latest note (bt_toast): by the mouse where it was raised, else at the foot of area. */
void bt_toast_draw(ui_battle *b, SDL_Rect area);
/* The standing notice (ui_battle_notice) at the top of area, with its Dismiss button (not on the
 * handover screen, where only the screen's own button counts: it is dismissed after it). */
void bt_notice_draw(ui_battle *b, SDL_Rect area);

#endif
