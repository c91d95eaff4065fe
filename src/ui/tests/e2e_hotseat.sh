#!/usr/bin/env bash
# e2e_hotseat.sh — end to end under Xvfb with xdotool: start a hotseat game, launch a ship for
# each side, plot with clicks for both sides through the handover screens, watch the turn
# resolve, then check the resulting state through the record and jumpstrike-sim.
# usage: e2e_hotseat.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_battle carrier_strike.json --seed 7 --windowed --size 1200x760
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
# --- turn 1, command phase: A launches a Lancer Frigate into its zone
d = g.pass_handover()
assert d['actor'] == ['0'], d['actor']
g.button('Lancer')
g.click_hex(6, 16)
g.ready()
# --- B's command phase: behind the handover; B launches a Marauder Frigate facing south
g.wait('handover')
g.pass_handover()
g.button('Marauder')
g.click_hex(17, 1)          # facing comes from the side: B faces south by default
g.ready()
# --- plotting: A moves the new Lancer (fresh: plots turn 1) two hexes ahead by clicking
d = g.pass_handover()
assert d['wait'][0] == '2', 'expected plotting, got %s' % d['wait']
lancer = g.ship_at(6, 16)
g.click(lancer['x'], lancer['y'])
g.click_hex(6, 14)
kestrel = g.ship_at(8, 13)  # a ship that is not new plots T+2
g.click(kestrel['x'], kestrel['y'])
g.click_hex(8, 11)
g.ready()
# --- B plots: the Marauder comes forward one hex in turn 1
g.pass_handover()
m = g.ship_at(17, 1)
g.click(m['x'], m['y'])
g.click_hex(17, 2)
g.ready()
# --- the turn resolves (animated) and turn 2 begins with A's secret command phase
g.wait('handover', turn=2, timeout=60)
print('e2e: reached turn 2 after a full hotseat turn')
PY
# --- check the state through the record: it replays, and the ships are where we sent them
e2e_record_state
python3 - "$work/state.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bow = {s['card']: tuple(s['hexes'][0]) for s in d['ships']}
print('bows:', bow)
assert bow.get('vega-lancer') == (6, 14), 'the Lancer did not end at (6,14)'
assert bow.get('hadar-marauder') == (17, 2), 'the Marauder did not end at (17,2)'
assert d['turn'] == 2, 'expected turn 2, got %s' % d['turn']
print('e2e: state checked through the record')
PY
