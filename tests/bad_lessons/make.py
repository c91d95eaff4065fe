#!/usr/bin/env python3
# Regenerates the bad lessons in this folder from one valid base lesson (base_valid.json), one
# mistake per file. The expected messages live in tests/test_lessons.c.
# usage: python3 tests/bad_lessons/make.py
import json, copy, os
D = os.path.dirname(os.path.abspath(__file__))
for f in os.listdir(D):
    if f.endswith('.json'): os.remove(os.path.join(D, f))
SCENARIO = {
  "format": "jumpstrike-scenario", "version": 1, "id": "lesson-base", "name": "Base of the bad lessons",
  "map": {"width": 8, "height": 8},
  "sides": {"A": {"name": "Vega", "colour": "#4696ff"}, "B": {"name": "Hadar", "colour": "#f05a3c"}},
  "cards": [
    {"id": "scout", "name": "Scout", "size": "small", "move": 5, "shields": 1, "hull": 2, "defense": 1, "tr": 2,
     "fwd_launchers": 1, "missiles": 2, "launch_cost": 5, "activation_cost": 1, "mass": 5, "points": 6}
  ],
  "units": [
    {"card": "scout", "side": "A", "at": "map", "ships": [{"hex": [3, 6], "facing": 1}]},
    {"card": "scout", "side": "B", "at": "map", "ships": [{"hex": [3, 1], "facing": 4}]}
  ],
  "turn_limit": 4
}
BASE = {
  "format": "jumpstrike-lesson", "version": 1, "id": "base", "order": 1, "title": "Base lesson",
  "summary": "A valid lesson; every other file here changes one thing in it.",
  "minutes": 1, "rules": ["P-2"], "player": "A",
  "scenario": SCENARIO,
  "opponent": [{"type": "plot", "side": "B", "ship": 1, "slot": 0, "order": {"move": 1, "phase": 5}},
               {"type": "ready", "side": "B"}],
  "goal": {"text": "Fly two hexes north.", "when": {"ship": 0, "at": [3, 4]}},
  "steps": [
    {"text": "Your scout.", "highlight": {"ship": 0}, "arrow": True, "expect": "next"},
    {"text": "Plot F(2).", "highlight": {"hex": [3, 4]}, "unlock": ["map", "move"],
     "expect": {"type": "plot", "ship": 0, "slot": 0, "order": {"move": 2}},
     "solution": {"type": "plot", "side": "A", "ship": 0, "slot": 0, "order": {"move": 2, "phase": 5}}},
    {"text": "Ready.", "highlight": {"control": "ready"}, "unlock": ["ready"],
     "expect": {"type": "ready"}, "solution": {"type": "ready", "side": "A"}}
  ],
  "learned": ["F(n) moves n hexes ahead."]
}
def dump(o):
    return json.dumps(o, indent=1) + '\n'
def write(name, obj):
    with open(os.path.join(D, name), 'w') as f:
        f.write(dump(obj))
def mut(name, fn):
    o = copy.deepcopy(BASE); fn(o); write(name, o)
write('base_valid.json', BASE)
def step(i, **kw):
    def f(o): o['steps'][i].update(kw)
    return f
mut('solution_refused.json', lambda o: o['steps'][1]['solution']['order'].update(move=6) or
    o['steps'][1]['expect']['order'].update(move=6))
mut('highlight_off_map.json', step(1, highlight={"hex": [8, 3]}))
mut('highlight_ship_missing.json', step(0, highlight={"ship": 5}))
mut('solution_mismatch.json', lambda o: o['steps'][1]['solution']['order'].update(move=3))
mut('goal_not_reached.json', lambda o: o['goal'].update(when={"ship": 0, "at": [3, 2]}))
mut('opponent_refused.json', lambda o: o['opponent'][0].update(ship=0, side="B"))
mut('opponent_never_played.json', lambda o: o['opponent'].append({"type": "ready", "side": "B", "turn": 4}))
mut('opponent_player_side.json', lambda o: o['opponent'][1].update(side="A"))
mut('unknown_control.json', step(1, unlock=["map", "fire"]))
mut('solution_wrong_side.json', lambda o: o['steps'][1]['solution'].update(side="B"))
mut('step_after_the_end.json', lambda o: o['scenario'].update(turn_limit=1) or o['steps'].append(
    {"text": "Again.", "expect": {"type": "ready"}, "solution": {"type": "ready", "side": "A"}}))
mut('next_with_solution.json', step(0, solution={"type": "ready", "side": "A"}))
mut('arrow_without_highlight.json', lambda o: o['steps'][2].update(arrow=True) or o['steps'][2].pop('highlight'))
mut('scenario_bad_card.json', lambda o: o['scenario']['units'][1].update(card="scot"))
mut('no_steps.json', lambda o: o.update(steps=[]))
mut('bad_rule_id.json', lambda o: o.update(rules=["P3"]))
mut('expect_not_a_command.json', step(1, expect={"ship": 0}))
mut('expect_unknown_member.json', lambda o: o['steps'][1]['expect'].update(slto=0))
mut('scenario_missing_file.json', lambda o: o.update(scenario="no_such_scenario.json"))
mut('wrong_version.json', lambda o: o.update(version=2))
print(len([f for f in os.listdir(D) if f.endswith('.json')]), 'files')
