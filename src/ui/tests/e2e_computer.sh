#!/usr/bin/env bash
# e2e_computer.sh — under Xvfb with xdotool: a game against the computer from the command line
# (--vs-computer captain). The human plots a turn by clicks and goes Ready; the computer answers;
# the turn resolves and turn 2 begins at the human's plotting. The screen is watched all along
# (every 50 ms): no handover screen, and nobody but the human at the controls. The record replays
# (jumpstrike-sim replay --verify), holds the computer's commands and says who the computer was;
# nothing the computer plotted is printed.
# usage: e2e_computer.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_home
e2e_battle duel.json --vs-computer captain --seed 11 --windowed --size 1200x760
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time, threading
from uidrive import attach
g = attach()
seen = {'modes': set(), 'actors': set(), 'thinking': 0}
stop = False
def watch():   # the screen as the player sees it, sampled every 50 ms
    while not stop:
        try:
            lines = open(sys.argv[1]).read().splitlines()
        except OSError:
            lines = []
        for line in lines:
            p = line.split()
            if p and p[0] == 'mode':
                seen['modes'].add(p[1])
            elif p and p[0] == 'actor':
                seen['actors'].add(p[1])
        time.sleep(0.05)
w = threading.Thread(target=watch); w.start()
d = g.wait('play')
assert d['actor'] == ['0'], 'the human (A) should be at the controls at once, not %s' % d['actor']
assert d['wait'][0] == '2', 'expected plotting, got %s' % d['wait']
# --- turn 1: A's first ship goes one hex ahead (north), by clicks
ship = [s for s in g.layout()['ships'] if s['side'] == 0][0]
g.click(ship['x'], ship['y'])
g.click_hex(ship['col'], ship['row'] - 1)
g.ready()                       # the other ship has no orders: Ready asks, and we go on
# --- the computer answers; the turn resolves; turn 2 begins at A's plotting
t = time.time()
while time.time() - t < 90:
    d = g.layout()
    if d.get('mode', [''])[0] == 'play' and int(d['turn'][0]) == 2 and d['actor'] == ['0']:
        break
    time.sleep(0.2)
else:
    raise SystemExit('FAIL: turn 2 did not come (screen: %s)' % g.layout().get('mode'))
stop = True; w.join()
assert 'handover' not in seen['modes'], 'a handover screen came up: %s' % seen['modes']
assert seen['actors'] <= {'0', '-1'}, 'someone other than the human was at the controls: %s' % seen['actors']
print('e2e: turn 2 reached against the computer; screens seen: %s, actors: %s' % (sorted(seen['modes']), sorted(seen['actors'])))
PY
e2e_record_state
PYTHONPATH=$(dirname "$0") python3 - "$work/rec.json" "$work/state.json" "$work/game.log" <<'PY'
import json, sys
from uidrive import load_record
rec = load_record(sys.argv[1])
st = json.load(open(sys.argv[2]))
assert rec.get('computer', {}).get('B', {}).get('level') == 'captain', rec.get('computer')
assert 'A' not in rec.get('computer', {}), 'the human side is listed as the computer'
by = {'A': 0, 'B': 0}
for c in rec['commands']:
    by[c['side']] += 1
assert by['B'] >= 2, 'the computer gave no commands: %s' % by
assert st['turn'] == 2, st['turn']
log = open(sys.argv[3]).read()
assert '"plot"' not in log and 'plot' not in log.lower(), 'the game printed something of the plots: %r' % log
print('e2e: the record replays, says B is the computer (captain), holds %d of its commands' % by['B'])
PY
