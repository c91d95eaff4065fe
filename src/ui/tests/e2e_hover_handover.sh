#!/usr/bin/env bash
# e2e_hover_handover.sh — under Xvfb with xdotool: in the duel, moving the mouse over a ship shows
# its tooltip without any click and moving it away takes the tooltip off (issue: hover did
# nothing until the next click); the hotseat handover passes only by its own button: a stray
# click on its backdrop, or a press elsewhere released on the button, leave it up; Ready warns of
# ships without orders, and of new ships plotted for their first turn only.
# usage: e2e_hover_handover.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start
e2e_battle duel.json --seed 5 --windowed --size 1200x760
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()

def tooltip():
    return ' '.join(g.layout().get('tooltip', ['-']))

def wait_tooltip(want, timeout=3):
    t = time.time()
    while time.time() - t < timeout:
        tip = tooltip()
        if (want and tip != '-') or (not want and tip == '-'):
            return tip
        time.sleep(0.1)
    raise SystemExit('FAIL: tooltip %s after hovering; it is %r' % ('shown' if want else 'gone', tooltip()))

def handover_button():
    for b in g.layout()['buttons']:
        if b['label'].startswith('I am ready'):
            return b
    raise SystemExit('FAIL: the handover screen has no button')

# --- the handover: a click on the backdrop does not pass it
g.wait('handover')
b = handover_button()
g.click(b['x'], b['y'] - 200)
time.sleep(0.5)
assert g.layout()['mode'][0] == 'handover', 'a click beside the button passed the handover'
# a press beside the button released on it does not pass it either
g._x('mousemove', '--window', g.wid, str(b['x']), str(b['y'] - 200))
g._x('mousedown', '--window', g.wid, '1')
time.sleep(0.1)
g._x('mousemove', '--window', g.wid, str(b['x']), str(b['y']))
time.sleep(0.1)
g._x('mouseup', '--window', g.wid, '1')
time.sleep(0.5)
assert g.layout()['mode'][0] == 'handover', 'a drag onto the button passed the handover'
d = g.pass_handover()   # its button passes it
# --- hover: a tooltip over a ship with no click, gone when the mouse leaves the board
s = g.layout()['ships'][0]
g._x('mousemove', '--window', g.wid, str(s['x']), str(s['y']))
tip = wait_tooltip(True)
print('hover tooltip:', tip)
vx, vy, vw, vh = [int(float(v)) for v in g.layout()['cam'][:4]]
g._x('mousemove', '--window', g.wid, str(vx + vw + 40), str(vy + vh - 10))  # the side panel's foot
wait_tooltip(False)
# --- Ready with no ship plotted warns, names the count, and "Not yet" goes back to plotting
g.button('Ready')
time.sleep(0.4)
d = g.layout()
assert d['mode'][0] == 'confirm', 'Ready with unplotted ships did not ask: %s' % d['mode']
warn = ' '.join(d.get('warn', []))
assert '2 ships have no orders' in warn, warn
print('warned:', warn)
for b in d['buttons']:
    if b['label'] == 'Not yet':
        g.click(b['x'], b['y'])
d = g.wait('play')
assert d['wait'][0] == '2', 'still plotting after "Not yet"'
# --- a new ship given a move for turn 1 alone would sit out turns 2 and 3 (they are plotted
# now or never, P-1): Ready says so, naming it, besides the ship with no orders at all
g.click(g.ship_at(5, 9)['x'], g.ship_at(5, 9)['y'])
g.click_hex(5, 7)
g.button('Ready')
time.sleep(0.4)
d = g.layout()
assert d['mode'][0] == 'confirm', 'Ready with a half-plotted new ship did not ask: %s' % d['mode']
warn = ' '.join(d.get('warn', []))
assert '1 ship has no orders' in warn and 'Lancer Frigate (#0) has nothing plotted for turns 2 and 3' in warn, warn
print('warned:', warn)
for b in d['buttons']:
    if b['label'] == 'Not yet':
        g.click(b['x'], b['y'])
g.wait('play')
print('e2e: hover shows and hides tooltips without clicks; the handover passes only by its button; '
      'Ready with unplotted or half-plotted ships warns')
PY
