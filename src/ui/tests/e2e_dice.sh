#!/usr/bin/env bash
# e2e_dice.sh — end to end under Xvfb with xdotool through a command-dice turn (RULES K): the
# game rolls side A's four command dice (seed 6: 3 6 1 1); A's panel shows them, the 6 cannot be
# picked (K-3), two 1s are combined into a 2, a third die that would make 5 is refused, the Wasp
# squadron is chosen, its jump-off point taken, an illegal hex explained under the mouse (K-4),
# and its four ships placed by clicks; then both sides are ready and the turn goes on. The result
# is checked through the record with jumpstrike-sim.
# usage: e2e_dice.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_battle dice_landing.json --seed 6 --windowed --size 1280x800
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
snap = g.snap  # JS_E2E_SHOTS=FOLDER keeps the screens
def buttons(prefix):
    return [b for b in g.layout()['buttons'] if b['label'].startswith(prefix)]
# --- turn 1's command phase: A's dice are rolled and shown in its panel behind the handover
d = g.layout()
if d['mode'][0] == 'handover':
    d = g.pass_handover()
assert d['wait'][0] == '1', 'expected the command phase, got %s' % d['wait']
if d['actor'] == ['1']:
    g.ready()
    d = g.pass_handover()
assert d['actor'] == ['0'], d['actor']
dice = buttons('Die ')
faces = [int(b['label'].split('(')[1].rstrip(')')) for b in dice]
assert faces == [3, 6, 1, 1], 'A rolled %s, the seed gives 3 6 1 1' % faces
assert not [b for b in dice if b['label'] == 'Die 2 (6)'][0]['en'], 'a 6 may not be picked (K-3)'
snap('01_dice')
# --- two 1s combined: a 2; a 3 on top would make 5 and is refused
g.button('Die 3 (1)')
g.button('Die 4 (1)')
assert buttons('Deploy Wasp')[0]['en'], 'a 2 deploys a squadron'
assert not buttons('Deploy Lancer')[0]['en'], 'a 2 does not deploy a team'
g.button('Die 1 (3)')
assert buttons('Deploy Wasp')[0]['en'] and not buttons('Deploy Lancer')[0]['en'], \
    'the 3 was added to 1+1 although 5 is more than 4 (K-3)'
snap('02_two_dice')
# --- the squadron through the jump-off point at (5,12)
g.button('Deploy Wasp')
g.button('Jump-off (5,12)')
x, y = g.hexpos(5, 7)  # 5 hexes out: not within 3 (K-4)
g._x('mousemove', '--window', g.wid, str(x), str(y))
time.sleep(0.8)
tip = ' '.join(g.layout()['tooltip'])
assert 'K-4' in tip and 'within 3' in tip, 'the hover does not say why (5,7) is not legal: %s' % tip
snap('03_hover')
for row in (12, 11, 10, 9):
    g.click_hex(5, row)
assert buttons('Withdraw Wasp'), 'the deployment is not pending: %s' % [b['label'] for b in g.layout()['buttons']]
snap('04_placed')
g.ready()
# --- B readies; the reveal places the squadron; play on to the plotting phase
t = time.time()
while time.time() - t < 60:
    d = g.layout()
    if d['mode'][0] == 'handover':
        d = g.pass_handover()
    if d['mode'][0] == 'play' and d['wait'][0] == '2':
        break
    if d['mode'][0] == 'play' and d['wait'][0] == '1':
        g.ready()
    time.sleep(0.3)
else:
    raise SystemExit('FAIL: the plotting phase never came; the screen is %s %s' % (d['mode'], d['wait']))
snap('05_plotting')
print('e2e: command dice combined by clicks and a squadron deployed')
PY
e2e_record_state
PYTHONPATH=$(dirname "$0") python3 - "$work/rec.json" "$work/state.json" <<'PY'
import json, sys
from uidrive import load_record
rec = load_record(sys.argv[1])
deps = [c for c in rec['commands'] if c['type'] == 'dice_deploy']
print('dice deployments:', [(c['side'], c['unit'], c['dice'], c.get('site')) for c in deps])
assert len(deps) == 1 and deps[0]['side'] == 'A' and deps[0]['dice'] == [2, 3], deps
assert [tuple(p['hex']) for p in deps[0]['place']] == [(5, 12), (5, 11), (5, 10), (5, 9)], deps[0]['place']
d = json.load(open(sys.argv[2]))
wasps = sorted(tuple(s['hexes'][0]) for s in d['ships'] if s['card'] == 'vega-wasp')
print('wasps:', wasps)
assert wasps == [(5, 9), (5, 10), (5, 11), (5, 12)], 'the squadron is not where it was placed: %s' % wasps
unit = deps[0]['unit']
u = [x for x in d['units'] if x['id'] == unit][0]
assert u['where'] == 'map' and u['arrived_turn'] == 1 and 'no_launch' in u['limits'], u
print('e2e: the deployment checked through the record')
PY
