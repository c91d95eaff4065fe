#!/usr/bin/env bash
# e2e_fleet.sh — a big fleet by mouse, end to end under Xvfb with xdotool, counting the clicks:
# large_battle (36 ships a side) against the computer. Turn 1: three ships are given a move for
# their first turn, "Repeat last turn" gives it them again for turns 2 and 3, "All hold" plots
# the other 33, Ready. Turn 2, the kind of turn players make: every ship repeats its orders, two
# change theirs, Ready. Turn 3: every ship repeats, a Shift-drag box picks three big ships of the
# back row at once (the drag counts as a click; it must not pan the map, while a plain drag still
# does), one Move + gives the three F(1), Ready. Each turn must take fewer than 20 clicks, Ready
# must not warn of ships without orders, and the record must replay.
# usage: e2e_fleet.sh path/to/jumpstrike SOURCE_DIR
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_home
e2e_battle large_battle.json --vs-computer cadet --seed 1 --windowed --size 1280x800 --assets "$src/assets"
e2e_py "$src" <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
g.load_button_ids(sys.argv[3])
clicks = [0]
real_click, real_drag = g.click, g.drag
def counted(x, y, button=1):
    clicks[0] += 1
    real_click(x, y, button)
def counted_drag(*a, **k):
    clicks[0] += 1
    real_drag(*a, **k)
g.click, g.drag = counted, counted_drag

def plot_turn(n):
    """Wait for turn n's plotting on A's screen; a command phase before it (launches, none
    wanted here) is passed by its Ready, a click of the turn, and so is the ship combat after
    the turn before (no attack wanted)."""
    t = time.time()
    while True:
        d = g.layout()
        if d.get('mode') == ['play'] and d.get('turn') == [str(n - 1)] and d.get('actor') == ['0'] and \
                d['wait'][0] == '7':
            g.ready()
            continue
        if d.get('mode') == ['play'] and d.get('turn') == [str(n)] and d.get('actor') == ['0']:
            if d['wait'][0] == '2':  # JS_WAIT_PLOT
                return d
            if d['wait'][0] in ('1', '7'):  # JS_WAIT_COMMAND, JS_WAIT_SHIP_ATTACK
                g.ready()
                continue
        assert time.time() - t < 180, 'turn %d never came to A: %s' % (n, d.get('mode'))
        time.sleep(0.3)

def toast(want):
    """The note on screen once it says want (a busy machine draws the click's answer late)."""
    t = time.time()
    while True:
        words = ' '.join(g.layout().get('toast', []))
        if want in words or time.time() - t > 8:
            return words
        time.sleep(0.2)

def move_ahead(d, k):
    """Select the k-th ship of the front row (the one nearest the enemy) and plot F(2) ahead."""
    front = sorted([s for s in d['ships'] if s['side'] == 0], key=lambda s: (s['row'], s['col']))
    s = front[k * 3]
    g.click(s['x'], s['y'])
    g.click_hex(s['col'], s['row'] - 2)  # they face N: two hexes ahead
    return s['id']

# --- turn 1
d = plot_turn(1)
start = clicks[0]
moved = [move_ahead(d, k) for k in range(3)]
g.button_id('B_FLEET_REPEAT')
g.button_id('B_FLEET_HOLD')
g.ready(warned=False)
t1 = clicks[0] - start
print('e2e fleet: turn 1 by %d clicks (3 ships moved, 33 hold)' % t1)
# --- turn 2
start = clicks[0]
d = plot_turn(2)
g.button_id('B_FLEET_REPEAT')
words = toast('plotted')
d = g.layout()
assert words and 'refused' not in words, words
front = sorted([s for s in d['ships'] if s['side'] == 0], key=lambda s: (s['row'], s['col']))
for s in (front[1], front[4]):  # two ships change their orders for turn 4: F(1) ahead of their last ghost
    g.click(s['x'], s['y'])
    g.button_id('B_MOVE', 1)
g.ready(warned=False)
t2 = clicks[0] - start
print('e2e fleet: turn 2 by %d clicks (every ship repeats, two change)' % t2)
# --- turn 3
d = plot_turn(3)
# a plain drag on the board still pans (not counted: the player only looks); F fits it back
cam = d['cam']
real_drag(300, 450, 380, 420)
assert g.layout()['cam'] != cam, 'a plain drag no longer pans the map'
g.key('f')
start = clicks[0]
g.button_id('B_FLEET_REPEAT')
d = g.layout()
cam = d['cam']
back = sorted([s for s in d['ships'] if s['side'] == 0 and s['row'] == 19 and s['col'] in (4, 8, 12)],
              key=lambda s: s['col'])
assert len(back) == 3, back
y = back[0]['y']
g.drag(back[0]['x'] - 25, y - 8, back[2]['x'] + 25, y + 8, mod='shift')
d = g.layout()
assert d['cam'] == cam, 'a Shift-drag panned the map'
assert d['selected'][0] == str(back[0]['id']), ('the box did not select the ship nearest where it began', d['selected'])
words = toast('and 2 more ships selected')
assert 'and 2 more ships selected' in words, words
g.button_id('B_MOVE', 1)
words = toast('Also given to 2 ships')
assert 'Also given to 2 ships' in words and 'refused' not in words, words
g.ready(warned=False)
t3 = clicks[0] - start
print('e2e fleet: turn 3 by %d clicks (every ship repeats, a box of three moves)' % t3)
assert t1 < 20 and t2 < 20 and t3 < 20, (t1, t2, t3)
d = g.layout()
assert not (d.get('turn') == ['3'] and d.get('wait', [''])[0] == '2' and d.get('actor') == ['0']), 'Ready did not go through'
PY
rc=$?
[ $rc -eq 0 ] || exit $rc
e2e_record_state
echo "ok: a large_battle turn by mouse in under 20 clicks"
