/* jsd_wire_tables.c — every member of the scenario, the state, the decision and an event, as the
 * wire writes and reads it (jsd_wire_int.h). A member added to one of these engine structs is
 * one line here; the round trip test (tests/test_wire.c) fails until it is. Explicit pad_
 * members are left out: they are zero. */
#include "jsd_wire_int.h"

#define WM(T, f) (((T *)0)->f)
#define WIK(x)                                                                                     \
    _Generic((x), int8_t: W_I8, uint8_t: W_U8, int16_t: W_I16, uint16_t: W_U16, int32_t: W_I32,   \
             uint32_t: W_U32, uint64_t: W_U64, js_hex: W_I16)
#define WKIND(x) _Generic((x), js_hex: W_HEX, default: W_NUM)
#define WLEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* One value (a number or a hex); NUMR: only lo..hi (counts that size arrays). */
#define NUM(T, f) {.name = #f, .kind = WKIND(WM(T, f)), .ik = WIK(WM(T, f)), .off = offsetof(T, f), \
                   .n1 = 1, .n2 = 1, .stride = sizeof WM(T, f)}
#define NUMR(T, f, l, h) {.name = #f, .kind = W_NUM, .ik = WIK(WM(T, f)), .off = offsetof(T, f),     \
                          .n1 = 1, .n2 = 1, .stride = sizeof WM(T, f), .lo = (l), .hi = (h)}
/* An array (of numbers or hexes), one or two dimensions. */
#define ARR(T, f) {.name = #f, .kind = WKIND(WM(T, f)[0]), .ik = WIK(WM(T, f)[0]),                  \
                   .off = offsetof(T, f), .n1 = WLEN(WM(T, f)), .n2 = 1, .stride = sizeof WM(T, f)[0]}
#define ARRR(T, f, l, h) {.name = #f, .kind = W_NUM, .ik = WIK(WM(T, f)[0]), .off = offsetof(T, f),  \
                          .n1 = WLEN(WM(T, f)), .n2 = 1, .stride = sizeof WM(T, f)[0], .lo = (l),     \
                          .hi = (h)}
#define ARR2(T, f) {.name = #f, .kind = WKIND(WM(T, f)[0][0]), .ik = WIK(WM(T, f)[0][0]),            \
                    .off = offsetof(T, f), .n1 = WLEN(WM(T, f)), .n2 = WLEN(WM(T, f)[0]),             \
                    .stride = sizeof WM(T, f)[0][0]}
#define STR(T, f) {.name = #f, .kind = W_STR, .off = offsetof(T, f), .n1 = 1, .n2 = 1,                 \
                   .stride = sizeof WM(T, f)}
#define SIDE(T, f) {.name = #f, .kind = W_SIDE, .ik = WIK(WM(T, f)), .off = offsetof(T, f), .n1 = 1, \
                    .n2 = 1, .stride = sizeof WM(T, f)}
/* A name from a data-layer list, or from one of the engine's name functions. */
#define NAMES(T, f, list) {.name = #f, .kind = W_NAME, .ik = WIK(WM(T, f)), .off = offsetof(T, f),   \
                           .n1 = 1, .n2 = 1, .stride = sizeof WM(T, f), .names = (list),              \
                           .nnames = WLEN(list)}
#define NAMEF(T, f, fn, count) {.name = #f, .kind = W_NAME, .ik = WIK(WM(T, f)),                     \
                                .off = offsetof(T, f), .n1 = 1, .n2 = 1, .stride = sizeof WM(T, f),   \
                                .name_fn = (fn), .nnames = (count)}
/* An object of table d; an array of them, one or two dimensions. */
#define SUB(T, f, d) {.name = #f, .kind = W_SUB, .off = offsetof(T, f), .n1 = 1, .n2 = 1,             \
                      .stride = sizeof WM(T, f), .sub = &(d)}
#define SUBA(T, f, d) {.name = #f, .kind = W_SUB, .off = offsetof(T, f), .n1 = WLEN(WM(T, f)),       \
                       .n2 = 1, .stride = sizeof WM(T, f)[0], .sub = &(d)}
#define SUBA2(T, f, d) {.name = #f, .kind = W_SUB, .off = offsetof(T, f), .n1 = WLEN(WM(T, f)),      \
                        .n2 = WLEN(WM(T, f)[0]), .stride = sizeof WM(T, f)[0][0], .sub = &(d)}
#define TABLE(name, fields)                                                                        \
    _Static_assert(WLEN(fields) <= W_MAX_FIELDS, "a table of more than W_MAX_FIELDS members");      \
    static const wdesc name = {fields, WLEN(fields)}

/* ---------------------------------------------------------------- the scenario */
static const wfield TERRAIN_F[] = {
    STR(js_terrain_type, name), STR(js_terrain_type, look), NUM(js_terrain_type, impassable),
    NUM(js_terrain_type, blocks_missiles), NUM(js_terrain_type, defense_bonus),
};
TABLE(TERRAIN, TERRAIN_F);

static const wfield SIDE_CFG_F[] = {
    STR(js_side_cfg, name), ARR(js_side_cfg, rgb), NUM(js_side_cfg, energy_start),
    NUM(js_side_cfg, energy_income), NUM(js_side_cfg, energy_max),
};
TABLE(SIDE_CFG, SIDE_CFG_F);

static const wfield CARD_F[] = {
    STR(js_card_def, id), STR(js_card_def, name), NAMES(js_card_def, size, jsd_size_names),
    NUM(js_card_def, ships), NUM(js_card_def, move), NUM(js_card_def, shields), NUM(js_card_def, hull),
    NUM(js_card_def, defense), NUM(js_card_def, tr), NUM(js_card_def, fwd_launchers),
    NUM(js_card_def, aft_launchers), NUM(js_card_def, missiles), NUM(js_card_def, pod_squadrons),
    NUM(js_card_def, pods_per_squadron), NUM(js_card_def, guard_pods), NUM(js_card_def, launch_cost),
    NUM(js_card_def, activation_cost), NUM(js_card_def, capacity), NUM(js_card_def, mass),
    NUM(js_card_def, points), NUM(js_card_def, roles),
};
TABLE(CARD, CARD_F);

static const wfield PLACE_F[] = {
    NUM(js_ship_place, hex), NUM(js_ship_place, facing), NUM(js_ship_place, phase),
};
TABLE(PLACE, PLACE_F);

static const wfield UNIT_SETUP_F[] = {
    NUM(js_unit_setup, def), SIDE(js_unit_setup, side), NAMES(js_unit_setup, where, jsd_where_names),
    SUBA(js_unit_setup, place, PLACE),
};
TABLE(UNIT_SETUP, UNIT_SETUP_F);

static const wfield SITE_F[] = {
    NAMES(js_site, kind, jsd_site_kind_names), SIDE(js_site, side), NUM(js_site, alive),
    NAMES(js_site, section, jsd_section_names), NUM(js_site, hex),
};
TABLE(SITE, SITE_F);

static const wfield COMMAND_CARD_F[] = {
    STR(js_command_card, name), NAMES(js_command_card, kind, jsd_cc_kind_names),
    NAMES(js_command_card, section, jsd_section_names), NUM(js_command_card, orders),
};
TABLE(COMMAND_CARD, COMMAND_CARD_F);

static const wfield OFFER_F[] = {NUM(js_support_offer, def), SIDE(js_support_offer, side)};
TABLE(OFFER, OFFER_F);

static const wfield SHIP_SETUP_F[] = {
    NUM(js_ship_setup, unit), NUM(js_ship_setup, ship), NUM(js_ship_setup, set), NUM(js_ship_setup, state),
    NUM(js_ship_setup, shields), NUM(js_ship_setup, hull_damage), NUM(js_ship_setup, tr),
    NUM(js_ship_setup, missiles), NUM(js_ship_setup, pod_squadrons), ARR(js_ship_setup, guard),
};
TABLE(SHIP_SETUP, SHIP_SETUP_F);

static const wfield POD_SETUP_F[] = {
    NUM(js_pod_setup, unit), NUM(js_pod_setup, ship), NUM(js_pod_setup, entered), NUM(js_pod_setup, hex),
    NUM(js_pod_setup, pods), ARR(js_pod_setup, dir),
};
TABLE(POD_SETUP, POD_SETUP_F);

static const wfield MISSILE_SETUP_F[] = {
    NUM(js_missile_setup, unit), NUM(js_missile_setup, ship), NUM(js_missile_setup, facing),
    NUM(js_missile_setup, hex),
};
TABLE(MISSILE_SETUP, MISSILE_SETUP_F);

static const wfield HAND_SETUP_F[] = {
    NUMR(js_hand_setup, nhand, 0, JS_MAX_HAND), NUMR(js_hand_setup, nhq, 0, JS_MAX_DECK),
    NUMR(js_hand_setup, ndiscard, 0, JS_MAX_DECK), ARR(js_hand_setup, hand), ARR(js_hand_setup, hq),
    ARR(js_hand_setup, discard),
};
TABLE(HAND_SETUP, HAND_SETUP_F);

static const wfield POSITION_F[] = {
    NUM(js_position, turn), NUM(js_position, energy_set), NUM(js_position, hands_set),
    ARR(js_position, energy), ARR(js_position, points), NUMR(js_position, nships, 0, JS_MAX_SHIPS),
    NUMR(js_position, npods, 0, JS_MAX_POS_PODS), NUMR(js_position, nmissiles, 0, JS_MAX_POS_MISSILES),
    SUBA(js_position, ships, SHIP_SETUP), SUBA(js_position, pods, POD_SETUP),
    SUBA(js_position, missiles, MISSILE_SETUP), SUBA(js_position, hands, HAND_SETUP),
};
TABLE(POSITION, POSITION_F);

static const wfield SCENARIO_F[] = {
    STR(js_scenario, id), STR(js_scenario, name), STR(js_scenario, description),
    NUMR(js_scenario, width, 0, JS_MAX_W), NUMR(js_scenario, height, 0, JS_MAX_H),
    NUM(js_scenario, section_c1), NUM(js_scenario, section_c2), NUM(js_scenario, turn_limit),
    NUM(js_scenario, target_points), NUM(js_scenario, options),
    NUMR(js_scenario, nterrain, 0, JS_MAX_TERRAIN), SUBA(js_scenario, terrain_types, TERRAIN),
    ARRR(js_scenario, terrain, 0, JS_MAX_TERRAIN - 1), ARR(js_scenario, zone),
    SUBA(js_scenario, sides, SIDE_CFG), NUMR(js_scenario, ncards, 0, JS_MAX_DEFS),
    SUBA(js_scenario, cards, CARD), NUMR(js_scenario, nunits, 0, JS_MAX_UNITS),
    SUBA(js_scenario, units, UNIT_SETUP), NUMR(js_scenario, nsites, 0, JS_MAX_SITES),
    SUBA(js_scenario, sites, SITE), NUM(js_scenario, deploy), NUM(js_scenario, billet),
    NUM(js_scenario, initial_hand), NUM(js_scenario, vanguard), NUMR(js_scenario, ndeck, 0, JS_MAX_DECK),
    SUBA(js_scenario, deck, COMMAND_CARD), ARR(js_scenario, support_points),
    NUMR(js_scenario, nsupport, 0, JS_MAX_SUPPORT), SUBA(js_scenario, support, OFFER),
    NAMES(js_scenario, sites_mode, jsd_sites_mode_names), NUM(js_scenario, sites_field_only),
    NUM(js_scenario, base_depth), ARR(js_scenario, site_weight), NUMR(js_scenario, kdice, 0, JS_MAX_KDICE),
    NUMR(js_scenario, jump_offs, 0, JS_MAX_JUMP_OFFS), NUM(js_scenario, jump_off_depth),
    SUB(js_scenario, position, POSITION),
};
_Static_assert(WLEN(SCENARIO_F) <= W_MAX_FIELDS, "a table of more than W_MAX_FIELDS members");
const wdesc jsd_wire_scenario = {SCENARIO_F, WLEN(SCENARIO_F)};

/* ---------------------------------------------------------------- the state */
static const wfield ORDER_F[] = {
    NUM(js_order, turn), NUM(js_order, move), NUM(js_order, astern), NUM(js_order, phase),
    NUM(js_order, msl_fwd), NUM(js_order, msl_aft), NUM(js_order, pods), ARR(js_order, pod_dir),
    NUM(js_order, redistribute), ARR(js_order, guard),
};
TABLE(ORDER, ORDER_F);

static const wfield UNIT_F[] = {
    NUM(js_unit, def), SIDE(js_unit, side), NAMES(js_unit, where, jsd_where_names), NUM(js_unit, carrier),
    NUMR(js_unit, first_ship, 0, JS_MAX_SHIPS - 1), NUMR(js_unit, nships, 0, JS_MAX_SQUAD),
    NUM(js_unit, pending), NUM(js_unit, arrived_turn), NUM(js_unit, activated_turn), NUM(js_unit, limits),
};
TABLE(UNIT, UNIT_F);

static const wfield SHIP_F[] = {
    NUM(js_ship, unit), SIDE(js_ship, side), NUM(js_ship, on_map), NUM(js_ship, pos), NUM(js_ship, facing),
    NUM(js_ship, phase), NUM(js_ship, shields), NUM(js_ship, hull_damage),
    NAMES(js_ship, state, jsd_ship_state_names), NUM(js_ship, tr), NUM(js_ship, missiles),
    NUM(js_ship, pod_squadrons), ARR(js_ship, guard), NUM(js_ship, fresh), NUM(js_ship, plotted),
    NUM(js_ship, attack_target_set), NUM(js_ship, attack_target), SUBA(js_ship, plan, ORDER),
};
TABLE(SHIP, SHIP_F);

static const wfield POD_F[] = {
    NUM(js_podgroup, alive), SIDE(js_podgroup, side), NUM(js_podgroup, controller), NUM(js_podgroup, pos),
    NUM(js_podgroup, pods), NUM(js_podgroup, launched_turn), ARR(js_podgroup, dir), NUM(js_podgroup, acted),
    NUM(js_podgroup, moved_this_turn), NUM(js_podgroup, ever_moved), NUM(js_podgroup, entered_dir),
    NUM(js_podgroup, plotted),
};
TABLE(POD, POD_F);

static const wfield MISSILE_F[] = {
    NUM(js_missile, alive), SIDE(js_missile, side), NUM(js_missile, facing), NUM(js_missile, pos),
    NUM(js_missile, ship),
};
TABLE(MISSILE, MISSILE_F);

static const wfield PENDING_F[] = {
    NUM(js_pending_launch, unit), NUM(js_pending_launch, carrier),
    NUMR(js_pending_launch, ncargo, 0, JS_MAX_CARGO), ARR(js_pending_launch, cargo),
    SUBA(js_pending_launch, place, PLACE),
};
TABLE(PENDING, PENDING_F);

static const wfield ATTACK_F[] = {
    NUM(js_pod_attack, group), NUM(js_pod_attack, target), NUM(js_pod_attack, target_is_pod),
    NUM(js_pod_attack, count), NUM(js_pod_attack, guard_side), NUM(js_pod_attack, active),
};
TABLE(ATTACK, ATTACK_F);

static const wfield DICE_DEPLOY_F[] = {
    NUM(js_dice_deploy, unit), NUM(js_dice_deploy, site), NUM(js_dice_deploy, passenger),
    NUM(js_dice_deploy, dice), NUM(js_dice_deploy, total), SUBA(js_dice_deploy, place, PLACE),
};
TABLE(DICE_DEPLOY, DICE_DEPLOY_F);

/* Everything but the scenario, which the hello carries. */
static const wfield STATE_F[] = {
    NUM(js_state, turn), NAMES(js_state, phase, jsd_phase_names), SIDE(js_state, winner),
    SIDE(js_state, to_move), NUM(js_state, ready), NUM(js_state, passed), ARR(js_state, energy),
    ARR(js_state, points), NUMR(js_state, nunits, 0, JS_MAX_UNITS), NUMR(js_state, nships, 0, JS_MAX_SHIPS),
    SUBA(js_state, units, UNIT), SUBA(js_state, ships, SHIP), SUBA(js_state, pods, POD),
    SUBA(js_state, missiles, MISSILE), SUBA(js_state, sites, SITE), NUMR(js_state, nsites, 0, JS_MAX_SITES),
    ARRR(js_state, npending, 0, JS_MAX_PENDING), SUBA2(js_state, pending, PENDING), SUB(js_state, attack, ATTACK),
    ARR(js_state, billet), ARRR(js_state, nhq, 0, JS_MAX_DECK), ARRR(js_state, nhand, 0, JS_MAX_HAND),
    ARRR(js_state, ndiscard, 0, JS_MAX_DECK), ARR2(js_state, hq), ARR2(js_state, hand), ARR2(js_state, discard),
    ARR(js_state, play_card), ARR(js_state, play_section), ARR(js_state, play_site),
    ARRR(js_state, nplay_units, 0, JS_MAX_DEPLOY), ARR2(js_state, play_units), SUBA2(js_state, play_place, PLACE),
    ARRR(js_state, npurchase, 0, JS_MAX_SUPPORT), ARR2(js_state, purchase), ARR2(js_state, jp_pick),
    ARR(js_state, jp_set_mask), ARRR(js_state, nvanguard, 0, JS_MAX_VANGUARD), ARR2(js_state, vanguard),
    ARRR(js_state, ndiscard_pick, 0, JS_MAX_HAND), ARR2(js_state, discard_pick), ARR(js_state, arrive_site),
    ARR(js_state, arrive_order), NUM(js_state, kdice_rolled), ARRR(js_state, nkdice, 0, JS_MAX_KDICE),
    ARR2(js_state, kdice), ARR(js_state, khesitant), ARR(js_state, kentry_hesitant),
    ARRR(js_state, nkdep, 0, JS_MAX_KDICE), SUBA2(js_state, kdep, DICE_DEPLOY), ARR(js_state, jo_set_mask),
    ARR(js_state, entry_set), ARR2(js_state, jo_pick), ARR(js_state, entry_pick),
    NAMES(js_state, dice_kind, jsd_dice_names), NUM(js_state, rng), NUM(js_state, script_pos),
    NUM(js_state, rolls),
};
_Static_assert(WLEN(STATE_F) <= W_MAX_FIELDS, "a table of more than W_MAX_FIELDS members");
const wdesc jsd_wire_state = {STATE_F, WLEN(STATE_F)};

/* ---------------------------------------------------------------- the decision */
static const wfield WAIT_F[] = {
    NAMES(js_wait, kind, jsd_wait_names), NUM(js_wait, sides), NUM(js_wait, secret), NUM(js_wait, die_sides),
    NUM(js_wait, max_guard), STR(js_wait, what),
};
_Static_assert(WLEN(WAIT_F) <= W_MAX_FIELDS, "a table of more than W_MAX_FIELDS members");
const wdesc jsd_wire_wait = {WAIT_F, WLEN(WAIT_F)};

/* ---------------------------------------------------------------- events */
static const wfield POD_SUM_F[] = {
    NUM(js_pod_sum, d10), NUM(js_pod_sum, phase), NUM(js_pod_sum, defense), NUM(js_pod_sum, guard),
    NUM(js_pod_sum, range), NUM(js_pod_sum, tr), NUM(js_pod_sum, total),
};
TABLE(POD_SUM, POD_SUM_F);

static const wfield EVENT_F[] = {
    NAMEF(js_event, type, js_event_type_name, JS_EV_COUNT),
    SIDE(js_event, side),
    NUM(js_event, vis),
    NUM(js_event, turn),
    NAMES(js_event, phase, jsd_phase_names),
    NUM(js_event, a),
    NUM(js_event, b),
    NUM(js_event, hex),
    NUM(js_event, hex2),
    NUM(js_event, value),
    NUM(js_event, value2),
    STR(js_event, rule),
    STR(js_event, text),
    SUB(js_event, sum, POD_SUM),
    NAMEF(js_event, a_kind, js_unit_kind_name, JS_UNIT_KIND_COUNT),
    NAMEF(js_event, b_kind, js_unit_kind_name, JS_UNIT_KIND_COUNT),
    NAMEF(js_event, roll_for, js_roll_for_name, JS_ROLL_COUNT),
    NUM(js_event, die),
    NAMEF(js_event, cause, js_cause_name, JS_CAUSE_COUNT),
    NAMEF(js_event, outcome, js_outcome_name, JS_OUTCOME_COUNT),
    NUMR(js_event, ndice, 0, JS_MAX_KDICE),
    ARR(js_event, dice),
    NUM(js_event, card),
};
_Static_assert(WLEN(EVENT_F) <= W_MAX_FIELDS, "a table of more than W_MAX_FIELDS members");
const wdesc jsd_wire_event = {EVENT_F, WLEN(EVENT_F)};
