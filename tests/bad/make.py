#!/usr/bin/env python3
# Regenerates the corpus of bad files in this folder from one valid base (base_valid.json),
# one mistake per file. The expected messages live in tests/test_data_bad.c.
# usage: python3 tests/bad/make.py
import json, copy, os
D = os.path.dirname(os.path.abspath(__file__))
for f in os.listdir(D):
    if f.endswith('.json'): os.remove(os.path.join(D, f))
def card(id, name, size, move, shields, hull, lc, ac, mass, points, **kw):
    c = {"id": id, "name": name, "size": size, "move": move, "shields": shields, "hull": hull,
         "defense": 1, "tr": 2, "launch_cost": lc, "activation_cost": ac, "mass": mass, "points": points}
    c.update(kw); return c
BASE = {
  "format": "jumpstrike-scenario", "version": 1, "id": "bad_base", "name": "Base of the bad files",
  "description": "A valid scenario; every other file here changes one thing in it.",
  "map": {"width": 16, "height": 12},
  "terrain_types": [{"id": "asteroids", "name": "Asteroids", "look": "asteroids", "impassable": True}],
  "terrain": [{"type": "asteroids", "hexes": [[7, 5], [8, 5]]}],
  "zones": {"A": {"rows": 2}, "B": {"rows": 2}},
  "sides": {"A": {"name": "Vega", "colour": "#4696ff"}, "B": {"name": "Hadar", "colour": "#f05a3c"}},
  "cards": [
    card("scout", "Scout", "small", 5, 1, 2, 5, 1, 5, 6, fwd_launchers=1, missiles=2),
    card("frigate", "Frigate", "medium", 4, 2, 3, 8, 2, 20, 12, fwd_launchers=2, missiles=4, pod_squadrons=1, pods_per_squadron=3, guard_pods=2),
    card("fighters", "Fighters", "small", 6, 0, 1, 4, 1, 2, 6, ships=3, fwd_launchers=1, missiles=1),
  ],
  "units": [
    {"card": "frigate", "side": "A", "at": "map", "ships": [{"hex": [5, 9], "facing": 1}]},
    {"card": "scout", "side": "A", "at": "map", "ships": [{"hex": [9, 10], "facing": 1, "phase": 4}]},
    {"card": "frigate", "side": "B", "at": "map", "ships": [{"hex": [10, 2], "facing": 4}]},
    {"card": "fighters", "side": "B", "at": "reserve"}
  ],
  "turn_limit": 8
}
def dump(o):
    # one member per line at the top level; nested values compact (line numbers stay stable)
    if isinstance(o, dict):
        items = ['  %s: %s' % (json.dumps(k), json.dumps(v)) for k, v in o.items()]
        return '{\n' + ',\n'.join(items) + '\n}\n'
    return json.dumps(o) + '\n'
def write(name, text, binary=False):
    with open(os.path.join(D, name), 'wb') as f:
        f.write(text if binary else text.encode())
def mut(name, fn):
    o = copy.deepcopy(BASE); r = fn(o); write(name, dump(o if r is None else r))
write('base_valid.json', dump(BASE))
base_text = dump(BASE)
# --- syntax and foreign files
write('syntax_error.json', base_text.replace('"version": 1,', '"version": 1', 1))
write('truncated.json', base_text[:base_text.index('"zones"')])
write('empty.json', '')
write('only_whitespace.json', '  \n\n  ')
write('png_renamed.json', b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00', binary=True)
write('nul_byte_inside.json', base_text[:800] + '\0' + base_text[800:])
write('trailing_text.json', base_text + 'extra\n')
write('top_level_number.json', '42\n')
# --- header
mut('wrong_version.json', lambda o: o.update(version=2))
mut('unknown_format.json', lambda o: o.update(format="jumpstrike-scenery"))
def nofmt(o):
    del o['format']
mut('missing_format.json', nofmt)
# --- types, ranges, names
mut('wrong_type.json', lambda o: o['cards'][1].update(move="fast"))
mut('out_of_range.json', lambda o: o['map'].update(width=80))
def unknown(o):
    o['turn_limt'] = o.pop('turn_limit')
mut('unknown_field.json', unknown)
mut('unknown_field_nested.json', lambda o: o['units'][1]['ships'][0].update(facng=1))
def missing(o):
    del o['units'][2]['side']
mut('missing_field.json', missing)
mut('bad_side.json', lambda o: o['units'][2].update(side="C"))
mut('bad_colour.json', lambda o: o['sides']['B'].update(colour="red"))
mut('energy_start_over_max.json', lambda o: o['sides']['A'].update(energy={"start": 50, "max": 40}))
# --- map placement
mut('unit_off_map.json', lambda o: o['units'][1]['ships'][0].update(hex=[16, 3]))
mut('footprint_off_map.json', lambda o: o['units'][0]['ships'][0].update(hex=[5, 11]))
mut('footprint_impassable.json', lambda o: o['units'][2]['ships'][0].update(hex=[8, 6]))
mut('facing_zero.json', lambda o: o['units'][0]['ships'][0].update(facing=0))
mut('phase_eleven.json', lambda o: o['units'][1]['ships'][0].update(phase=11))
mut('hex_not_pair.json', lambda o: o['units'][1]['ships'][0].update(hex={"col": 9, "row": 10}))
mut('terrain_off_map.json', lambda o: o['terrain'][0]['hexes'].append([3, 12]))
mut('terrain_twice.json', lambda o: o['terrain'][0]['hexes'].append([7, 5]))
mut('terrain_unknown_type.json', lambda o: o['terrain'][0].update(type="asteroid"))
mut('zone_rows_out_of_range.json', lambda o: o['zones']['A'].update(rows=13))
mut('zone_rows_and_hexes.json', lambda o: o['zones']['B'].update(hexes=[[0, 0]]))
mut('sections_reversed.json', lambda o: o.update(sections=[10, 5]))
# --- cards and units
mut('unknown_card.json', lambda o: o['units'][3].update(card="fighter"))
mut('duplicate_card.json', lambda o: o['cards'].append(copy.deepcopy(o['cards'][0])))
mut('squadron_placements.json', lambda o: o['units'][3].update(at="map", ships=[{"hex": [3, 1], "facing": 4}, {"hex": [4, 1], "facing": 4}]))
mut('reserve_with_ships.json', lambda o: o['units'][1].update(at="reserve"))
mut('side_without_units.json', lambda o: o.update(units=[u for u in o['units'] if u['side'] == 'A']))
mut('medium_squadron.json', lambda o: o['cards'][1].update(ships=2))
mut('capacity_without_transport.json', lambda o: o['cards'][1].update(capacity=2))
mut('catalogue_missing.json', lambda o: o.update(catalogue="no_such_catalogue.json"))
def too_many(o):
    o['units'] = o['units'] + [{"card": "scout", "side": "B", "at": "reserve"}] * 160
mut('too_many_units.json', too_many)
# --- a set-up position (docs/formats.md "Position", Z-36)
mut('ship_hull_damage_destroys.json', lambda o: o['units'][0]['ships'][0].update(hull_damage=3))
mut('ship_state_destroyed.json', lambda o: o['units'][2]['ships'][0].update(state="destroyed"))
mut('ship_guard_too_many.json', lambda o: o['units'][0]['ships'][0].update(guard=[1, 1, 1, 0, 0, 0]))
mut('ship_shields_over_card.json', lambda o: o['units'][1]['ships'][0].update(shields=2))
POD = {"unit": 0, "hex": [5, 8], "pods": 3, "dirs": [1, 1, 1]}
def pos(o, **kw):
    o['position'] = kw
mut('position_pod_reserve_controller.json', lambda o: pos(o, pods=[dict(POD, unit=3)]))
mut('position_pod_impassable.json', lambda o: pos(o, pods=[dict(POD, hex=[7, 5])]))
mut('position_pod_dirs_short.json', lambda o: pos(o, pods=[dict(POD, dirs=[1, 1])]))
mut('position_missile_off_map.json', lambda o: pos(o, missiles=[{"unit": 1, "hex": [16, 3], "facing": 1}]))
mut('position_energy_over_max.json', lambda o: pos(o, energy={"A": 41}))
mut('position_turn_past_limit.json', lambda o: pos(o, turn=9))
mut('position_unknown_member.json', lambda o: pos(o, energi={"A": 5}))
mut('position_hands_without_jump.json', lambda o: pos(o, hands={"A": {"hand": [0]}, "B": {"hand": [1]}}))
# --- jump points, command cards, setup (RULES J, H, S)
def jump(o, deploy=("launch", "jump")):
    o['sections'] = [5, 10]
    o['deploy'] = list(deploy)
    return o
JUMP_BASE = jump(copy.deepcopy(BASE))
JUMP_BASE.update(id="bad_jump_base", name="Base of the jump-point bad files",
                 description="A valid jump-point scenario; the jump_, deck_, support_ and competition_ files change one thing in it.",
                 billet=4, initial_hand=6, vanguard=2,
                 support={"points": {"A": 12, "B": 12}, "offers": [{"card": "scout", "side": "A"}, {"card": "fighters", "side": "B"}]})
write('jump_base_valid.json', dump(JUMP_BASE))
def jmut(name, fn):
    o = copy.deepcopy(JUMP_BASE); r = fn(o); write(name, dump(o if r is None else r))
DECK = [{"name": "Scout Left", "kind": "scout", "section": "left", "copies": 3},
        {"name": "Probe Centre", "kind": "probe", "section": "centre", "copies": 3},
        {"name": "Assault", "kind": "assault"},
        {"name": "Commodore", "kind": "officer", "orders": 1}]
def deck(o, i, **kw):
    o['deck'] = copy.deepcopy(DECK); o['deck'][i].update(kw)
    for k, v in list(o['deck'][i].items()):
        if v is None: del o['deck'][i][k]
jmut('deploy_unknown.json', lambda o: o.update(deploy=["launch", "jumps"]))
jmut('deploy_twice.json', lambda o: o.update(deploy=["jump", "jump"]))
jmut('deploy_empty.json', lambda o: o.update(deploy=[]))
def nosections(o):
    del o['sections']
jmut('jump_without_sections.json', nosections)
jmut('jump_section_empty.json', lambda o: o.update(sections=[0, 5]))
jmut('jump_zones_without_launch.json', lambda o: o.update(deploy=["jump"]))
jmut('jump_point_on_line.json', lambda o: o.update(sites=[{"kind": "jump_point", "side": "A", "hex": [3, 10]}, {"kind": "jump_point", "side": "B", "hex": [10, 1]}]))
jmut('jump_no_room.json', lambda o: o['terrain'].append({"type": "asteroids", "hexes": [[c, r] for r in (9, 10, 11) for c in range(11, 16)]}))
jmut('billet_seven.json', lambda o: o.update(billet=7))
jmut('initial_hand_zero.json', lambda o: o.update(initial_hand=0))
jmut('vanguard_ten.json', lambda o: o.update(vanguard=10))
mut('billet_without_jump.json', lambda o: o.update(billet=5))
jmut('deck_bad_kind.json', lambda o: deck(o, 3, kind="captain"))
jmut('deck_section_any.json', lambda o: deck(o, 0, section="any"))
jmut('deck_missing_section.json', lambda o: deck(o, 1, section=None))
jmut('deck_wrong_orders.json', lambda o: deck(o, 1, orders=3))
jmut('deck_assault_section.json', lambda o: deck(o, 2, section="left"))
jmut('deck_assault_orders.json', lambda o: deck(o, 2, orders=4))
jmut('deck_too_few_enlisted.json', lambda o: deck(o, 1, copies=1))
jmut('deck_too_big.json', lambda o: deck(o, 1, copies=62))
jmut('support_unknown_card.json', lambda o: o['support']['offers'][1].update(card="fighter"))
def expensive(o):
    o['support']['points']['B'] = 8; o['support']['offers'].append({"card": "frigate", "side": "B"})
jmut('support_too_expensive.json', expensive)
jmut('support_points_no_offers.json', lambda o: o['support'].update(offers=[{"card": "scout", "side": "A"}]))
def comp(o, **kw):
    o['terrain'] = []
    o['competition'] = {"mode": "fair", "field_only": True, "base_depth": 3, "weights": {"open": 8, "asteroids": 1}}
    o['competition'].update(kw)
    for k, v in list(o['competition'].items()):
        if v is None: del o['competition'][k]
def odd(o):
    comp(o); o['map']['width'] = 15
jmut('competition_fair_odd_width.json', odd)
jmut('competition_no_weights.json', lambda o: comp(o, weights=None))
jmut('competition_unknown_weight.json', lambda o: comp(o, weights={"open": 8, "asteroid": 1}))
jmut('competition_zero_weights.json', lambda o: comp(o, weights={"open": 0}))
jmut('competition_base_depth.json', lambda o: comp(o, base_depth=6))
jmut('competition_fixed_with_weights.json', lambda o: comp(o, mode="fixed", field_only=None, base_depth=None))
def comp_terrain(o):
    comp(o); o['terrain'] = [{"type": "asteroids", "hexes": [[3, 0], [7, 5]]}]
jmut('competition_terrain_on_field.json', comp_terrain)
jmut('sites_as_object.json', lambda o: o.update(sites={"mode": "fair"}))
# --- jump-off points and command dice (RULES K)
DICE_BASE = copy.deepcopy(BASE)
del DICE_BASE['zones']
DICE_BASE.update(id="bad_dice_base", name="Base of the command-dice bad files",
                 description="A valid command-dice scenario; the dice_ files change one thing in it.",
                 deploy=["dice"], command_dice={"dice": 5, "jump_offs": 1, "depth": 3},
                 sites=[{"kind": "jump_off", "side": "A", "hex": [4, 9]}, {"kind": "jump_off", "side": "B", "hex": [10, 2]},
                        {"kind": "entry", "side": "A", "hex": [8, 11]}, {"kind": "entry", "side": "B", "hex": [8, 0]}])
write('dice_base_valid.json', dump(DICE_BASE))
def dmut(name, fn):
    o = copy.deepcopy(DICE_BASE); r = fn(o); write(name, dump(o if r is None else r))
mut('dice_site_without_dice.json', lambda o: o.update(sites=[{"kind": "jump_off", "side": "A", "hex": [4, 9]}]))
mut('dice_settings_without_dice.json', lambda o: o.update(command_dice={"dice": 6}))
def no_jump_off(o):
    o['sites'] = o['sites'][1:]; o['command_dice']['jump_offs'] = 0
dmut('dice_no_jump_off.json', no_jump_off)
dmut('dice_entry_off_base_line.json', lambda o: o['sites'][2].update(hex=[8, 10]))
dmut('dice_two_entries.json', lambda o: o['sites'].append({"kind": "entry", "side": "A", "hex": [2, 11]}))
dmut('dice_count_nine.json', lambda o: o['command_dice'].update(dice=9))
dmut('dice_depth_too_deep.json', lambda o: o['command_dice'].update(depth=7))
def no_room(o):
    o['terrain'].append({"type": "asteroids", "hexes": [[c, 11] for c in range(16) if c != 8]}); o['command_dice'].update(jump_offs=2, depth=1)
dmut('dice_no_room.json', no_room)
dmut('dice_unknown_setting.json', lambda o: o['command_dice'].update(jumpoffs=2))
jmut('position_hand_card_twice.json', lambda o: pos(o, hands={"A": {"hand": [0, 1], "discard": [1]}, "B": {"hand": [0]}}))
jmut('position_hand_missing_side.json', lambda o: pos(o, hands={"A": {"hand": [0, 1]}}))
jmut('position_hand_card_out_of_deck.json', lambda o: pos(o, hands={"A": {"hand": [22]}, "B": {"hand": [0]}}))
# duplicate member: write by hand
write('duplicate_field.json', base_text.replace('"name": "Base of the bad files",', '"name": "Base of the bad files",\n  "name": "Again",', 1))
# --- names: a NUL (\u0000 used to cut the name short in silence), a terminal escape code, bytes
# that are not UTF-8, a C1 control (CSI), a line break in a one-line name
mut('name_nul.json', lambda o: o.update(name="Base\0 of the bad files"))
mut('side_name_escape.json', lambda o: o['sides']['A'].update(name="Vega\x1b[2J"))
write('card_name_bad_utf8.json', base_text.encode().replace(b'"name": "Scout"', b'"name": "Sc\xffout"', 1), binary=True)
mut('card_name_csi.json', lambda o: o['cards'][1].update(name="Fri\x9b31mgate"))
mut('side_name_line_break.json', lambda o: o['sides']['B'].update(name="Ha\ndar"))
# --- a catalogue, a record, a commands file
cat = {"format": "jumpstrike-catalogue", "version": 1, "cards": copy.deepcopy(BASE['cards'])}
cat['cards'][2]['size'] = 'huge'
write('catalogue_bad_size.json', dump(cat))
mut('uses_bad_catalogue.json', lambda o: o.update(catalogue="catalogue_bad_size.json"))
cat2 = {"format": "jumpstrike-catalogue", "version": 1, "cards": copy.deepcopy(BASE['cards'])}
cat2['cards'][1]['roles'] = ['transport']
write('catalogue_transport_no_hold.json', dump(cat2))
rec = {"format": "jumpstrike-record", "version": 1, "kind": "record",
       "scenario": {"path": "base_valid.json", "id": "bad_base", "hash": "12ab"},
       "dice": {"kind": "seeded", "seed": "42"}, "commands": []}
write('record_bad_hash.json', dump(rec))
rec2 = copy.deepcopy(rec); rec2['scenario']['hash'] = "0123456789abcdef"
rec2['dice'] = {"kind": "scripted", "seed": "1", "script": [3, 7, 11]}
write('record_die_out_of_range.json', dump(rec2))
cmds = {"format": "jumpstrike-commands", "version": 1, "commands": [
    {"type": "ready", "side": "A"},
    {"type": "plot", "side": "B", "ship": 2, "slot": 0, "order": {"turn": "port", "move": 2, "phase": 11}}]}
write('commands_bad_phase.json', dump(cmds))
write('commands_withdraw_deploys.json', dump({"format": "jumpstrike-commands", "version": 1, "commands": [
    {"type": "buy", "side": "A", "offers": [0]},
    {"type": "play_card", "side": "A", "card": -1, "deploy": [{"unit": 3, "facing": 1}]}]}))
write('commands_jump_point_section.json', json.dumps([{"type": "place_jump_point", "side": "B", "section": "middle", "hex": [7, 1]}]) + '\n')
write('commands_dice_withdraw_site.json', json.dumps([{"type": "dice_deploy", "side": "A", "unit": 3, "dice": [], "site": 1}]) + '\n')
write('commands_dice_twice.json', json.dumps([{"type": "dice_deploy", "side": "A", "unit": 3, "dice": [0, 0], "site": 1,
                                               "place": [{"hex": [4, 8], "facing": 1}]}]) + '\n')
write('commands_unknown_type.json', json.dumps([{"type": "ready", "side": "A"}, {"type": "fire", "side": "B"}]) + '\n')
print(len([f for f in os.listdir(D) if f.endswith('.json')]), 'files')
