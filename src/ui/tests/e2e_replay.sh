#!/usr/bin/env bash
# e2e_replay.sh — end to end under Xvfb with xdotool: open the duel's demo in the replay viewer
# (jumpstrike --replay), jump to the end, step back and forward by buttons and keys, jump turns
# and click the timeline, and check the turn shown and the state (through the viewer's test
# layout, JS_UI_LAYOUT, which also carries the state hash: back then forward is the same state).
# Then a record of a game still going: "Everything" is not offered.
# usage: e2e_replay.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start
export XDG_DATA_HOME=$work/data HOME=$work/home
mkdir -p "$HOME"
start() {
  e2e_game --replay "$1" --windowed --size 1200x760 --mute --assets "$src/assets"
}
rm -f "$work/layout.txt"
start "$src/scenarios/demos/duel.json"
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
d = g.wait('replay')
def st():
    d = g.layout()
    return int(d['pos'][0]), int(d['pos'][1]), int(d['turn'][0]), d['hash'][0], int(d['viewer'][0])
pos, n, turn, h0, viewer = st()
assert (pos, turn) == (0, 1), (pos, turn)
assert viewer == -1, 'a finished game opens showing everything'
# --- to the end by the button
g.button('End')
pos, n, turn, hend, _ = st()
assert pos == n and turn == 10, (pos, n, turn)
print('e2e replay: end of the record, turn', turn, 'command', pos, 'of', n)
# --- step back with the button, then forward with the key: the same state again
g.button('Step back')
p1, _, t1, h1, _ = st()
assert p1 < n and h1 != hend, (p1, h1)
g.key('Right')
p2, _, t2, h2, _ = st()
assert (p2, h2) == (n, hend), 'step forward after step back did not come back: %s %s' % (p2, h2)
# --- several steps back by key, then forward again by button: every hash retraced
trail = []
for i in range(5):
    g.key('Left')
    trail.append(st())
for i in range(5):
    g.button('Step forward')
    if i < 4:
        assert st()[:4] == trail[3 - i][:4], 'forward did not retrace the way back: %s %s' % (st(), trail[3 - i])
d = st()
assert (d[0], d[3]) == (n, hend), d
print('e2e replay: 5 steps back and 5 forward reach the same hash', hend)
# --- turns: previous turn twice from the end
g.button('Previous turn')
g.button('Previous turn')
_, _, t, _, _ = st()
assert t == 8, 'expected turn 8 after two turns back from 10, got %d' % t
# --- the timeline: click where turn 3 starts (a little to the right of its mark)
lay = g.layout()
marks = dict(m.split(':') for m in lay['turnmarks'])
tx, ty, tw, th = [int(v) for v in lay['timeline']]
x3, x4 = int(marks['3']), int(marks['4'])
g.click((x3 + x4) // 2, ty + th // 2)
_, _, t, _, _ = st()
assert t == 3, 'clicked turn 3 on the timeline, the screen shows turn %d' % t
# --- view as side B: the viewer changes, the position does not
before = st()
g.button('Side B')
after = st()
assert after[4] == 1 and after[:4] == before[:4], (before, after)
# --- play a little, pause
g.button('Play')
time.sleep(2.5)
g.button('Pause')
p, _, _, _, _ = st()
assert p > before[0], 'playing did not advance (%d -> %d)' % (before[0], p)
print('e2e replay: turn jumps, timeline click, view as B, play and pause all work')
g.key('Escape')
PY
sleep 1
kill -0 $gpid 2>/dev/null && { echo "FAIL: Escape did not close the replay"; exit 1; }
gpid=
# --- a record that stops mid-game: only A or B may be chosen
python3 - "$src/scenarios/demos/duel.json" "$work/part.json" "$src/scenarios/duel.json" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
d['commands'] = d['commands'][:20]
d['scenario']['path'] = os.path.relpath(sys.argv[3], os.path.dirname(sys.argv[2]))
json.dump(d, open(sys.argv[2], 'w'))
PY
rm -f "$work/layout.txt"
start "$work/part.json"
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys
from uidrive import attach
g = attach()
d = g.wait('replay')
assert int(d['viewer'][0]) == 0, 'an unfinished game opens as side A, got %s' % d['viewer']
ev = [b for b in d['buttons'] if b['label'] == 'Everything']
assert ev and not ev[0]['en'], 'Everything must be disabled for an unfinished game'
g.key('3')
assert int(g.layout()['viewer'][0]) == 0, 'the 3 key must not show everything'
g.button('End')
d = g.layout()
assert int(d['pos'][0]) == 20 and int(d['turn'][0]) >= 1
print('e2e replay: an unfinished record offers only A or B')
g.key('Escape')
PY
