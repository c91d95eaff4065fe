#!/usr/bin/env bash
# e2e_jump.sh — end to end under Xvfb with xdotool through a jump-point game's setup and a
# deployment: the opening look, a support-vessel purchase, three jump points per side, a
# Vanguard, then side A plays Attack Left from its hand, deploying two reserve cards through its
# left jump point, plots the first (it arrives on the jump point and moves two hexes), and the
# turn resolves. The result is checked through the record with jumpstrike-sim.
# usage: e2e_jump.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped; JS_E2E_SCALE=150: at 150 %)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_battle jump_raid.json --seed 11 --windowed --size 1280x800 --scale ${JS_E2E_SCALE:-100}
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
snap = g.snap  # JS_E2E_SHOTS=FOLDER keeps the screens
# --- the opening: a public look at the battlefield, then setup begins
d = g.wait('play')
assert d['actor'] == ['-1'], 'the opening is public, got actor %s' % d['actor']
snap('01_intro')
g.button('Begin setup')
# --- S-1: A buys a Kestrel Escort from the shop, B buys nothing
d = g.pass_handover()
assert d['actor'] == ['0'] and d['wait'][0] == '9', d
g.button('Buy Kestrel')
snap('02_shop')
g.ready()
g.pass_handover()
g.ready()
# --- J-2: B's secrets are on screen, so B hides its jump points first (B's left is the east)
d = g.layout()
if d['mode'][0] == 'handover':
    d = g.pass_handover()
assert d['wait'][0] == '10', 'expected jump points, got %s' % d['wait']
first = int(d['actor'][0])
def place(side):
    row = 12 if side == 0 else 1
    for col in (3, 9, 16):
        g.click_hex(col, row)
place(first)
snap('03_place_%d' % first)
g.ready()
g.pass_handover()
place(1 - first)
g.ready()
# --- H-4: the Vanguard; A names Attack Left and Probe Left, B names none
d = g.layout()
if d['mode'][0] == 'handover':
    d = g.pass_handover()
assert d['wait'][0] == '11', 'expected the Vanguard, got %s' % d['wait']
for _ in range(2):
    if d['actor'] == ['0']:
        g.button('Add Attack Left')
        g.button('Add Probe Left')
        snap('04_vanguard')
    g.ready()
    d = g.layout()
    if d['mode'][0] == 'handover' and d['wait'][0] == '11':
        d = g.pass_handover()
# --- the command phase: A plays Attack Left through its left jump point with two cards
for _ in range(2):
    d = g.layout()
    if d['mode'][0] == 'handover':
        d = g.pass_handover()
    assert d['wait'][0] == '1', 'expected the command phase, got %s' % d['wait']
    if d['actor'] == ['0']:
        g.button('Card Attack Left')
        g.button('Lancer')
        g.button('Kestrel')
        snap('05_play')
        g.button('Play Attack Left')
        snap('06_played')
    g.ready()
# --- the reveal, then A plots the Lancer waiting on its jump point: two hexes north in turn 1
d = g.pass_handover()
assert d['wait'][0] == '2', 'expected plotting, got %s' % d['wait']
if d['actor'] == ['1']:
    g.ready()
    d = g.pass_handover()
g.click_hex(3, 12)
g.click_hex(3, 10)
snap('07_plot')
g.ready()
# B plots nothing; any other secret step of turn 1 is passed with Ready
t = time.time()
while time.time() - t < 90:
    d = g.layout()
    if int(d['turn'][0]) == 2 and d['wait'][0] == '1':
        break
    if d['mode'][0] == 'handover':
        d = g.pass_handover()
        if any(b['label'].startswith('Discard ') for b in d['buttons']):
            # H-5: above the Billet; click cards in the hand until the count is right
            cards = [b['label'] for b in d['buttons'] if b['label'].startswith('Card ')]
            for i in range(len(cards)):
                if [b for b in g.layout()['buttons'] if b['label'].startswith('Discard ')][0]['en']:
                    break
                c = [b for b in g.layout()['buttons'] if b['label'].startswith('Card ')][i]
                g.click(c['x'], c['y'] + 40)
            snap('08_discard')
            g.button('Discard ')
        else:
            g.ready()
    time.sleep(0.3)
else:
    raise SystemExit('FAIL: turn 2 never came; the screen is %s %s' % (d['mode'], d['wait']))
snap('09_turn2')
print('e2e: setup and a jump-point deployment played to turn 2')
PY
e2e_record_state
python3 - "$work/state.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d['turn'] == 2, 'expected turn 2, got %s' % d['turn']
jps = [s for s in d.get('sites', []) if s.get('kind') in ('jump_point', 'jump-point', 0)]
print('sites:', [(s.get('side'), s.get('section'), s.get('hex')) for s in jps])
assert len(jps) == 6, 'expected six jump points, got %d' % len(jps)
a = sorted(tuple(s['hex']) for s in jps if s.get('side') in ('A', 0))
assert a == [(3, 12), (9, 12), (16, 12)], a
ships = {s['card']: s for s in d['ships']}
print('ships:', {k: v['hexes'][0] for k, v in ships.items()})
assert tuple(ships['vega-lancer']['hexes'][0]) == (3, 10), 'the Lancer did not jump in and move to (3,10)'
k = [tuple(s['hexes'][0]) for s in d['ships'] if s['card'] == 'vega-kestrel']
assert (3, 12) in k, 'the bought Kestrel did not arrive on the cleared jump point (J-6): %s' % k
print('e2e: jump points, purchase and deployment checked through the record')
PY
