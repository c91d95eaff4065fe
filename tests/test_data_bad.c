/* The corpus of bad files (tests/bad/): each file makes one kind of mistake, and loading it gives
 * exactly the message in the table below, naming the file, the JSON path and the problem.
 * tests/bad/base_valid.json is the valid scenario the scenario mistakes were made from, and
 * tests/bad/jump_base_valid.json the one the jump-point, deck, support and competition mistakes
 * were made from, and tests/bad/dice_base_valid.json the one of the command-dice mistakes. */
#include "testlib.h"
#include "jsd.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct bad_case {
    const char *file; /* in tests/bad/ */
    const char *kind; /* what jsd_validate_file calls it */
    const char *msg;  /* the exact message */
} bad_case;

static const bad_case CASES[] = {
    {"bad_colour.json", "scenario",
     "tests/bad/bad_colour.json: sides.B.colour: expected a colour \"#rrggbb\", got \"red\""},
    {"bad_side.json", "scenario",
     "tests/bad/bad_side.json: units[2].side: expected one of \"A\", \"B\", got \"C\""},
    {"billet_seven.json", "scenario",
     "tests/bad/billet_seven.json: billet: expected an integer 2..6 (H-2: a side's hand size), got 7"},
    {"billet_without_jump.json", "scenario",
     "tests/bad/billet_without_jump.json: billet: command cards are only used with jump points; add \"jump\" to \"deploy\" (J-3)"},
    {"capacity_without_transport.json", "scenario",
     "tests/bad/capacity_without_transport.json: cards[1].roles: a card with capacity 2 needs the \"transport\" role"},
    {"card_name_bad_utf8.json", "unknown", /* refused as the text is read, before its kind is known */
     "tests/bad/card_name_bad_utf8.json: cards[0].name: is not valid UTF-8 (byte 0xff at byte 2); save the file as UTF-8"},
    {"card_name_csi.json", "unknown", /* refused as the text is read, before its kind is known */
     "tests/bad/card_name_csi.json: cards[1].name: holds the control character U+009B (CSI, which starts a terminal escape code) at byte 3; only printable text is read"},
    {"catalogue_bad_size.json", "catalogue",
     "tests/bad/catalogue_bad_size.json: cards[2].size: expected one of \"small\", \"medium\", \"large\", got \"huge\""},
    {"catalogue_missing.json", "scenario",
     "tests/bad/catalogue_missing.json: catalogue: \"no_such_catalogue.json\" (tests/bad/no_such_catalogue.json): cannot open: No such file or directory"},
    {"catalogue_transport_no_hold.json", "catalogue",
     "tests/bad/catalogue_transport_no_hold.json: cards[1].capacity: a \"transport\" card needs a capacity of 1..32"},
    {"commands_bad_phase.json", "commands",
     "tests/bad/commands_bad_phase.json: commands[1].order.phase: expected an integer 1..10, got 11"},
    {"commands_jump_point_section.json", "commands",
     "tests/bad/commands_jump_point_section.json: [0].section: expected one of \"left\", \"centre\", \"right\", got \"middle\""},
    {"commands_dice_twice.json", "commands",
     "tests/bad/commands_dice_twice.json: [0].dice[1]: die 0 is named twice"},
    {"commands_dice_withdraw_site.json", "commands",
     "tests/bad/commands_dice_withdraw_site.json: [0].site: a withdrawal (\"dice\": []) names no site"},
    {"commands_unknown_type.json", "commands",
     "tests/bad/commands_unknown_type.json: [1].type: expected one of \"launch\", \"launch_cargo\", \"cancel_launch\", \"ready\", \"plot\", \"plot_pod\", \"pod_move\", \"missile\", \"pod_attack\", \"guard\", \"ship_attack\", \"die\", \"buy\", \"place_jump_point\", \"vanguard\", \"play_card\", \"discard\", \"place_jump_off\", \"place_entry\", \"dice_deploy\", got \"fire\""},
    {"commands_withdraw_deploys.json", "commands",
     "tests/bad/commands_withdraw_deploys.json: commands[1].deploy: a withdrawal (\"card\": -1) names no deploy"},
    {"competition_base_depth.json", "scenario",
     "tests/bad/competition_base_depth.json: competition.base_depth: expected an integer 0..5, got 6"},
    {"competition_fair_odd_width.json", "scenario",
     "tests/bad/competition_fair_odd_width.json: competition.mode: \"fair\" sites are mirrored by the map's 180-degree rotation, which needs an even number of columns; the map is 15 wide (S-2)"},
    {"competition_fixed_with_weights.json", "scenario",
     "tests/bad/competition_fixed_with_weights.json: competition.weights: \"fixed\" sites draw no terrain; \"weights\" is for \"random\" or \"fair\" (S-2)"},
    {"competition_no_weights.json", "scenario",
     "tests/bad/competition_no_weights.json: competition: missing required field \"weights\" (fair sites draw each spot's terrain type by them, S-2)"},
    {"competition_terrain_on_field.json", "scenario",
     "tests/bad/competition_terrain_on_field.json: terrain[0].hexes[1]: [7,5] is a field spot, whose terrain \"fair\" sites draw (S-2); fixed terrain goes on base spots (within 3 rows of a home edge)"},
    {"competition_unknown_weight.json", "scenario",
     "tests/bad/competition_unknown_weight.json: competition.weights: unknown field \"asteroid\" (did you mean \"asteroids\"?)"},
    {"competition_zero_weights.json", "scenario",
     "tests/bad/competition_zero_weights.json: competition.weights: every weight is 0: no terrain type can be drawn"},
    {"deck_assault_orders.json", "scenario",
     "tests/bad/deck_assault_orders.json: deck[2].orders: an assault card gives as many orders as cards left in hand when it is played (J-4); leave out \"orders\""},
    {"deck_assault_section.json", "scenario",
     "tests/bad/deck_assault_section.json: deck[2].section: an assault card's section is chosen when it is played (J-4); leave out \"section\" or write \"any\""},
    {"deck_bad_kind.json", "scenario",
     "tests/bad/deck_bad_kind.json: deck[3].kind: expected one of \"scout\", \"probe\", \"attack\", \"assault\", \"officer\", got \"captain\""},
    {"deck_missing_section.json", "scenario",
     "tests/bad/deck_missing_section.json: deck[1]: missing required field \"section\" (a probe card deploys through the jump point of one section, J-4)"},
    {"deck_section_any.json", "scenario",
     "tests/bad/deck_section_any.json: deck[0].section: a scout card belongs to one section: \"left\", \"centre\" or \"right\" (J-4)"},
    {"deck_too_big.json", "scenario",
     "tests/bad/deck_too_big.json: deck[1]: the deck would hold 65 cards, at most 64"},
    {"deck_too_few_enlisted.json", "scenario",
     "tests/bad/deck_too_few_enlisted.json: deck: 5 enlisted cards cannot deal an initial hand of 6 (H-3: the initial hand holds only enlisted cards)"},
    {"deck_wrong_orders.json", "scenario",
     "tests/bad/deck_wrong_orders.json: deck[1].orders: a probe card gives 2 orders (J-4), got 3"},
    {"dice_count_nine.json", "scenario",
     "tests/bad/dice_count_nine.json: command_dice.dice: expected an integer 1..8, got 9"},
    {"dice_depth_too_deep.json", "scenario",
     "tests/bad/dice_depth_too_deep.json: command_dice.depth: expected an integer 1..6, got 7"},
    {"dice_entry_off_base_line.json", "scenario",
     "tests/bad/dice_entry_off_base_line.json: sites[2].hex: [8,10]: side A's entry point stands on its base line, row 11 (K-2)"},
    {"dice_no_jump_off.json", "scenario",
     "tests/bad/dice_no_jump_off.json: command_dice.jump_offs: side A has no jump-off point: place one in \"sites\" or have each side place some at setup with \"command_dice\": {\"jump_offs\": N} (K-2)"},
    {"dice_no_room.json", "scenario",
     "tests/bad/dice_no_room.json: command_dice.jump_offs: side A's deployment area (1 row from its home edge) has no room for 2 jump-off points (K-2)"},
    {"dice_settings_without_dice.json", "scenario",
     "tests/bad/dice_settings_without_dice.json: command_dice: command dice are only used with \"dice\" in \"deploy\" (K-3)"},
    {"dice_site_without_dice.json", "scenario",
     "tests/bad/dice_site_without_dice.json: sites[0].kind: jump-off points and entry points are for command dice; add \"dice\" to \"deploy\" (K-2)"},
    {"dice_two_entries.json", "scenario",
     "tests/bad/dice_two_entries.json: sites[4]: a second entry point for side A; a side has one (K-2)"},
    {"dice_unknown_setting.json", "scenario",
     "tests/bad/dice_unknown_setting.json: command_dice: unknown field \"jumpoffs\" (did you mean \"jump_offs\"?)"},
    {"deploy_empty.json", "scenario",
     "tests/bad/deploy_empty.json: deploy: expected 1..3 entries, got 0"},
    {"deploy_twice.json", "scenario",
     "tests/bad/deploy_twice.json: deploy[1]: \"jump\" is listed twice"},
    {"deploy_unknown.json", "scenario",
     "tests/bad/deploy_unknown.json: deploy[1]: expected one of \"launch\", \"jump\", \"dice\", got \"jumps\""},
    {"duplicate_card.json", "scenario",
     "tests/bad/duplicate_card.json: cards[3].id: duplicate card id \"scout\" (also cards[0])"},
    {"duplicate_field.json", "scenario",
     "tests/bad/duplicate_field.json: field \"name\" appears twice"},
    {"empty.json", "unknown",
     "tests/bad/empty.json: the file is empty"},
    {"energy_start_over_max.json", "scenario",
     "tests/bad/energy_start_over_max.json: sides.A.energy.start: expected an integer 0..40, got 50"},
    {"facing_zero.json", "scenario",
     "tests/bad/facing_zero.json: units[0].ships[0].facing: expected an integer 1..6, got 0"},
    {"footprint_impassable.json", "scenario",
     "tests/bad/footprint_impassable.json: units[2].ships[0]: footprint hex [8,5] is on impassable terrain \"asteroids\""},
    {"footprint_off_map.json", "scenario",
     "tests/bad/footprint_off_map.json: units[0].ships[0]: the medium ship's footprint hex [5,12] is off the 16x12 map"},
    {"hex_not_pair.json", "scenario",
     "tests/bad/hex_not_pair.json: units[1].ships[0].hex: expected a hex [col,row], got an object"},
    {"initial_hand_zero.json", "scenario",
     "tests/bad/initial_hand_zero.json: initial_hand: expected an integer 1..12 (H-3), got 0"},
    {"jump_no_room.json", "scenario",
     "tests/bad/jump_no_room.json: sections: side A has no hex for its right jump point (J-2: within 3 hexes of its base line, off the section lines, on passable terrain)"},
    {"jump_point_on_line.json", "scenario",
     "tests/bad/jump_point_on_line.json: sites[1].hex: [10,1] is on a section line (column 10); a jump point is never on a section-line column (J-2)"},
    {"jump_section_empty.json", "scenario",
     "tests/bad/jump_section_empty.json: sections: [0,5] leaves the west section without a column; jump points need a column off the section lines in each section (G-7, J-2)"},
    {"jump_without_sections.json", "scenario",
     "tests/bad/jump_without_sections.json: missing required field \"sections\" (\"deploy\" has \"jump\": each side places one jump point in each of its left, centre and right sections, G-7, J-2)"},
    {"jump_zones_without_launch.json", "scenario",
     "tests/bad/jump_zones_without_launch.json: zones: starting zones are for launches, and \"deploy\" has no \"launch\" (L-1)"},
    {"medium_squadron.json", "scenario",
     "tests/bad/medium_squadron.json: cards[1].ships: only small ships form squadrons; a medium card has 1 ship, got 2"},
    {"missing_field.json", "scenario",
     "tests/bad/missing_field.json: units[2]: missing required field \"side\""},
    {"missing_format.json", "unknown",
     "tests/bad/missing_format.json: missing required field \"format\" (it tells what kind of file this is)"},
    {"name_nul.json", "unknown", /* refused as the text is read, before its kind is known */
     "tests/bad/name_nul.json: name: holds a NUL character (\\u0000) at byte 4; text cannot hold one"},
    {"nul_byte_inside.json", "unknown",
     "tests/bad/nul_byte_inside.json: not a JSON text file (binary data at byte 800)"},
    {"only_whitespace.json", "unknown",
     "tests/bad/only_whitespace.json: the file holds only white space"},
    {"out_of_range.json", "scenario",
     "tests/bad/out_of_range.json: map.width: expected an integer 4..64, got 80"},
    {"phase_eleven.json", "scenario",
     "tests/bad/phase_eleven.json: units[1].ships[0].phase: expected an integer 1..10, got 11"},
    {"png_renamed.json", "unknown",
     "tests/bad/png_renamed.json: not a JSON text file (binary data at byte 6)"},
    {"position_energy_over_max.json", "scenario",
     "tests/bad/position_energy_over_max.json: position.energy.A: expected an integer 0..40, got 41"},
    {"position_hand_card_out_of_deck.json", "scenario",
     "tests/bad/position_hand_card_out_of_deck.json: position.hands.A.hand[0]: expected an integer 0..21, got 22"},
    {"position_hand_card_twice.json", "scenario",
     "tests/bad/position_hand_card_twice.json: position.hands.A.discard[0]: command card 1 (Scout Left) is already in the hand"},
    {"position_hand_missing_side.json", "scenario",
     "tests/bad/position_hand_missing_side.json: position.hands: missing required field \"B\""},
    {"position_hands_without_jump.json", "scenario",
     "tests/bad/position_hands_without_jump.json: position.hands: command cards are only used with jump points; add \"jump\" to \"deploy\" (J-3)"},
    {"position_missile_off_map.json", "scenario",
     "tests/bad/position_missile_off_map.json: position.missiles[0].hex: [16,3] is off the 16x12 map (columns 0..15, rows 0..11)"},
    {"position_pod_dirs_short.json", "scenario",
     "tests/bad/position_pod_dirs_short.json: position.pods[0].dirs: expected 3 entries, got 2"},
    {"position_pod_impassable.json", "scenario",
     "tests/bad/position_pod_impassable.json: position.pods[0].hex: [7,5] is on impassable terrain \"asteroids\""},
    {"position_pod_reserve_controller.json", "scenario",
     "tests/bad/position_pod_reserve_controller.json: position.pods[0].unit: units[3] is in reserve; a pod group's controller is a ship on the map"},
    {"position_turn_past_limit.json", "scenario",
     "tests/bad/position_turn_past_limit.json: position.turn: expected an integer 1..8, got 9"},
    {"position_unknown_member.json", "scenario",
     "tests/bad/position_unknown_member.json: position: unknown field \"energi\" (did you mean \"energy\"?)"},
    {"record_bad_hash.json", "record",
     "tests/bad/record_bad_hash.json: scenario.hash: expected a hash of 16 lowercase hex digits, got \"12ab\""},
    {"record_die_out_of_range.json", "record",
     "tests/bad/record_die_out_of_range.json: dice.script[2]: expected an integer 1..10, got 11"},
    {"reserve_with_ships.json", "scenario",
     "tests/bad/reserve_with_ships.json: units[1].ships: a unit in reserve is not placed; remove \"ships\" or set \"at\": \"map\""},
    {"sections_reversed.json", "scenario",
     "tests/bad/sections_reversed.json: sections: the first section line must lie west of the second (c1 < c2), got [10,5]"},
    {"ship_guard_too_many.json", "scenario",
     "tests/bad/ship_guard_too_many.json: units[0].ships[0].guard: 3 guard pods in all; card \"frigate\" carries 2"},
    {"ship_hull_damage_destroys.json", "scenario",
     "tests/bad/ship_hull_damage_destroys.json: units[0].ships[0].hull_damage: expected an integer 0..2, got 3"},
    {"ship_shields_over_card.json", "scenario",
     "tests/bad/ship_shields_over_card.json: units[1].ships[0].shields: expected an integer 0..1, got 2"},
    {"ship_state_destroyed.json", "scenario",
     "tests/bad/ship_state_destroyed.json: units[2].ships[0].state: expected one of \"active\", \"disabled\", got \"destroyed\""},
    {"side_name_escape.json", "unknown", /* refused as the text is read, before its kind is known */
     "tests/bad/side_name_escape.json: sides.A.name: holds the control character U+001B (ESC, which starts a terminal escape code) at byte 4; only printable text is read"},
    {"side_name_line_break.json", "scenario",
     "tests/bad/side_name_line_break.json: sides.B.name: holds the control character U+000A (a line break: a name is one line) at byte 2; only printable text is read"},
    {"side_without_units.json", "scenario",
     "tests/bad/side_without_units.json: units: side B has no units"},
    {"sites_as_object.json", "scenario",
     "tests/bad/sites_as_object.json: sites: expected an array of sites (jump points, jump-off points, entry points), got an object; generated terrain goes in \"competition\""},
    {"squadron_placements.json", "scenario",
     "tests/bad/squadron_placements.json: units[3].ships: card \"fighters\" has 3 ships, got 2 placements"},
    {"support_points_no_offers.json", "scenario",
     "tests/bad/support_points_no_offers.json: support.points.B: side B has 12 points but nothing on offer to buy with them"},
    {"support_too_expensive.json", "scenario",
     "tests/bad/support_too_expensive.json: support.offers[2].card: \"frigate\" costs 12 points and side B has 8 to spend (S-1: a support vessel costs its card's points)"},
    {"support_unknown_card.json", "scenario",
     "tests/bad/support_unknown_card.json: support.offers[1].card: unknown card id \"fighter\""},
    {"syntax_error.json", "unknown",
     "tests/bad/syntax_error.json: JSON syntax error at line 4, column 3 near '\"'"},
    {"terrain_off_map.json", "scenario",
     "tests/bad/terrain_off_map.json: terrain[0].hexes[2]: [3,12] is off the 16x12 map (columns 0..15, rows 0..11)"},
    {"terrain_twice.json", "scenario",
     "tests/bad/terrain_twice.json: terrain[0].hexes[2]: [7,5] is listed twice"},
    {"terrain_unknown_type.json", "scenario",
     "tests/bad/terrain_unknown_type.json: terrain[0].type: expected one of \"asteroids\", got \"asteroid\""},
    {"too_many_units.json", "scenario",
     "tests/bad/too_many_units.json: units: too many units: 164, at most 160"},
    {"top_level_number.json", "unknown",
     "tests/bad/top_level_number.json: expected a JSON object or array at the top level, got 42"},
    {"trailing_text.json", "unknown",
     "tests/bad/trailing_text.json: JSON syntax error at line 16, column 1: unexpected text after the end"},
    {"truncated.json", "unknown",
     "tests/bad/truncated.json: JSON syntax error: the text ends too early at line 9, column 65 (truncated file?)"},
    {"unit_off_map.json", "scenario",
     "tests/bad/unit_off_map.json: units[1].ships[0].hex: [16,3] is off the 16x12 map (columns 0..15, rows 0..11)"},
    {"unknown_card.json", "scenario",
     "tests/bad/unknown_card.json: units[3].card: unknown card id \"fighter\""},
    {"unknown_field.json", "scenario",
     "tests/bad/unknown_field.json: unknown field \"turn_limt\" (did you mean \"turn_limit\"?)"},
    {"unknown_field_nested.json", "scenario",
     "tests/bad/unknown_field_nested.json: units[1].ships[0]: unknown field \"facng\" (did you mean \"facing\"?)"},
    {"unknown_format.json", "unknown",
     "tests/bad/unknown_format.json: format: expected one of \"jumpstrike-scenario\", \"jumpstrike-catalogue\", \"jumpstrike-record\", \"jumpstrike-commands\", \"jumpstrike-lesson\", got \"jumpstrike-scenery\""},
    {"uses_bad_catalogue.json", "scenario",
     "tests/bad/catalogue_bad_size.json: cards[2].size: expected one of \"small\", \"medium\", \"large\", got \"huge\""},
    {"vanguard_ten.json", "scenario",
     "tests/bad/vanguard_ten.json: vanguard: expected an integer 0..9 (H-4), got 10"},
    {"wrong_type.json", "scenario",
     "tests/bad/wrong_type.json: cards[1].move: expected an integer 0..20, got \"fast\""},
    {"wrong_version.json", "scenario",
     "tests/bad/wrong_version.json: version: unsupported format version 2 (this program reads version 1)"},
    {"zone_rows_and_hexes.json", "scenario",
     "tests/bad/zone_rows_and_hexes.json: zones.B: a zone gives either \"rows\" or \"hexes\", not both"},
    {"zone_rows_out_of_range.json", "scenario",
     "tests/bad/zone_rows_out_of_range.json: zones.A.rows: expected an integer 1..12, got 13"},
};
enum { NCASES = sizeof CASES / sizeof CASES[0] };

static void path_of(const bad_case *c, char *out, size_t cap)
{
    snprintf(out, cap, "tests/bad/%s", c->file);
}

/* The bases the mistakes were made from are themselves valid: each bad file fails for its one
 * change. jump_base_valid.json is base_valid.json with jump points, command cards and support
 * vessels (RULES J, H, S); dice_base_valid.json with command dice instead of launches (K). */
static const char *const BASES[] = {"base_valid.json", "jump_base_valid.json", "dice_base_valid.json"};
enum { NBASES = 3 };

static void test_base_is_valid(void **state)
{
    (void)state;
    for (int i = 0; i < NBASES; i++) {
        char kind[16], path[256];
        snprintf(path, sizeof path, "tests/bad/%s", BASES[i]);
        jsd_error err = {{0}};
        bool ok = jsd_validate_file(path, kind, sizeof kind, &err);
        if (!ok)
            print_error("%s\n", err.msg);
        assert_true(ok);
        assert_string_equal(kind, "scenario");
    }
    js_scenario *s = jsd_scenario_load("tests/bad/jump_base_valid.json", NULL);
    assert_non_null(s);
    assert_int_equal(s->deploy, JS_DEPLOY_LAUNCH | JS_DEPLOY_JUMP);
    assert_int_equal(s->nsupport, 2);
    free(s);
}

/* Every bad file fails validation with exactly its message. */
static void test_messages(void **state)
{
    (void)state;
    int wrong = 0;
    for (int i = 0; i < NCASES; i++) {
        char path[256], kind[16];
        path_of(&CASES[i], path, sizeof path);
        jsd_error err;
        memset(&err, 0, sizeof err);
        bool ok = jsd_validate_file(path, kind, sizeof kind, &err);
        if (ok) {
            print_error("%s: validated, but it is bad\n", path);
            wrong++;
        } else if (strcmp(err.msg, CASES[i].msg) != 0) {
            print_error("%s:\n  want: %s\n  got:  %s\n", path, CASES[i].msg, err.msg);
            wrong++;
        } else if (strcmp(kind, CASES[i].kind) != 0) {
            print_error("%s: kind %s, want %s\n", path, kind, CASES[i].kind);
            wrong++;
        }
    }
    assert_int_equal(wrong, 0);
}

/* The kind-specific loaders give the same message as validation, and return nothing. */
static void test_loaders_agree(void **state)
{
    (void)state;
    for (int i = 0; i < NCASES; i++) {
        char path[256];
        path_of(&CASES[i], path, sizeof path);
        jsd_error err;
        memset(&err, 0, sizeof err);
        if (strcmp(CASES[i].kind, "scenario") == 0) {
            js_scenario *s = jsd_scenario_load(path, &err);
            assert_null(s);
        } else if (strcmp(CASES[i].kind, "catalogue") == 0) {
            js_card_def defs[JS_MAX_DEFS];
            assert_int_equal(jsd_catalogue_load(path, defs, JS_MAX_DEFS, &err), -1);
        } else if (strcmp(CASES[i].kind, "commands") == 0) {
            int n = -7;
            js_cmd *c = jsd_commands_load(path, &n, &err);
            assert_null(c);
            assert_int_equal(n, -7); /* count untouched on failure */
        } else if (strcmp(CASES[i].kind, "record") == 0) {
            jsd_record *r = jsd_record_load(path, &err);
            assert_null(r);
        } else {
            /* no kind to tell: the scenario loader refuses it too, naming the file; the words
             * may differ ("expected a JSON object" where validation also accepts an array) */
            js_scenario *s = jsd_scenario_load(path, &err);
            assert_null(s);
            char prefix[300];
            snprintf(prefix, sizeof prefix, "%s: ", path);
            assert_memory_equal(err.msg, prefix, strlen(prefix));
            continue;
        }
        if (strcmp(err.msg, CASES[i].msg) != 0)
            print_error("%s:\n  want: %s\n  got:  %s\n", path, CASES[i].msg, err.msg);
        assert_string_equal(err.msg, CASES[i].msg);
    }
}

/* No file in tests/bad/ goes untested, and the corpus covers many kinds of mistake. */
static void test_corpus_complete(void **state)
{
    (void)state;
    DIR *d = opendir("tests/bad");
    assert_non_null(d);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".json") != 0)
            continue;
        files++;
        bool base = false;
        for (int i = 0; i < NBASES; i++)
            base = base || strcmp(e->d_name, BASES[i]) == 0;
        if (base)
            continue;
        bool listed = false;
        for (int i = 0; i < NCASES; i++)
            listed = listed || strcmp(CASES[i].file, e->d_name) == 0;
        if (!listed)
            print_error("tests/bad/%s has no expected message\n", e->d_name);
        assert_true(listed);
    }
    closedir(d);
    assert_int_equal(files, NCASES + NBASES);
    assert_true(NCASES >= 20);
}

/* Never half-load: a failed catalogue load leaves the caller's array as it was. */
static void test_catalogue_no_half_load(void **state)
{
    (void)state;
    js_card_def defs[JS_MAX_DEFS], before[JS_MAX_DEFS];
    memset(defs, 0x5a, sizeof defs);
    memcpy(before, defs, sizeof defs);
    jsd_error err;
    /* cards 0 and 1 are fine, card 2 is bad: nothing of 0 and 1 may arrive either */
    assert_int_equal(jsd_catalogue_load("tests/bad/catalogue_bad_size.json", defs, JS_MAX_DEFS,
                                        &err), -1);
    assert_memory_equal(defs, before, sizeof defs);
}

/* A missing file is a message, not a crash; a NULL error pointer is allowed. */
static void test_missing_file(void **state)
{
    (void)state;
    jsd_error err;
    assert_null(jsd_scenario_load("tests/bad/does_not_exist.json", &err));
    assert_string_equal(err.msg, "tests/bad/does_not_exist.json: cannot open: No such file or "
                                 "directory");
    assert_null(jsd_scenario_load("tests/bad/does_not_exist.json", NULL));
    assert_null(jsd_scenario_load("tests/bad/wrong_type.json", NULL));
    char kind[16];
    assert_false(jsd_validate_file("tests/bad", kind, sizeof kind, &err));
    assert_string_equal(err.msg, "tests/bad: is a folder, not a file");
}

/* Parsing text straight from memory names the given source in messages. */
static void test_parse_text(void **state)
{
    (void)state;
    jsd_error err;
    assert_null(jsd_scenario_parse("{\"format\": \"jumpstrike-scenario\", \"version\": 1, "
                                   "\"id\": \"Bad Id\"}", "inline", "", &err));
    assert_string_equal(err.msg, "inline: id: \"Bad Id\": a scenario id uses only a-z, 0-9, '-' "
                                 "and '_'");
    assert_null(jsd_scenario_parse("[1, 2", "inline", "", &err));
    assert_string_equal(err.msg, "inline: JSON syntax error: the text ends too early at line 1, "
                                 "column 6 (truncated file?)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_is_valid),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_loaders_agree),
        cmocka_unit_test(test_corpus_complete),
        cmocka_unit_test(test_catalogue_no_half_load),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_parse_text),
    };
    return cmocka_run_group_tests(tests, tl_setup_source_dir, NULL);
}
