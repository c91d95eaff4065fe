#!/usr/bin/env bash
# e2e_watch.sh — under Xvfb with xdotool, from the title screen:
#  1. "Play against the computer" opens the picker and then New game with B played by the
#     computer (Captain) and A by the human;
#  2. the picker's "Watch the computer play" opens New game with the computer on both sides;
#     A is set to Cadet and B to Admiral by clicks, and "Watch the battle" plays the game out and
#     opens it in the replay viewer, over and seen as everything; the viewer's controls work (to
#     the end, the view as A);
#  3. the game is kept in the saves folder as a record that replays (jumpstrike-sim replay
#     --verify) and names both sides' levels.
# usage: e2e_watch.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_home
JS_NEWGAME_SEED=21 e2e_game --windowed --size 1280x800 --assets "$src/assets"
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
d = g.wait('title')
titles = [b['label'] for b in d['buttons']]
# a first start offers the lessons first; the first way to play is against the computer
assert titles[:2] == ['Learn to play', 'Play against the computer'], titles
g.button('Play against the computer')
g.wait('picker')
g.button('pick duel.json')
g.button('Choose this battle')
d = g.wait('newgame')
assert d['players'] == ['human', 'captain'], d['players']
assert not [b for b in d['buttons'] if b['label'].startswith('field Password')], 'no passwords against the computer'
g.key('Escape')
d = g.wait('picker')
# --- watch: the computer against itself, Cadet (A) against Admiral (B)
g.button('Watch the computer play')
d = g.wait('newgame')
assert d['players'] == ['captain', 'captain'], d['players']
g.button('Computer A Cadet')
g.button('Computer B Admiral')
d = g.layout()
assert d['players'] == ['cadet', 'admiral'], d['players']
g.button('Watch the battle')
t = time.time()
while g.layout().get('mode', [''])[0] != 'replay':
    assert time.time() - t < 120, 'the watched game did not open in the replay viewer: %s' % g.layout().get('mode')
    time.sleep(0.3)
d = g.wait('replay')
assert d['over'] == ['1'] and d['viewer'] == ['-1'], (d['over'], d['viewer'])
g.button('End')
d = g.layout()
assert d['pos'][0] == d['pos'][1], d['pos']
g.button('Side A')
assert g.layout()['viewer'] == ['0']
print('e2e: watched the computer play the duel (%s commands) in the replay viewer' % d['pos'][1])
PY
e2e_stop
rec=$(ls "$XDG_DATA_HOME"/jumpstrike/jumpstrike/saves/Watched*.json 2>/dev/null | head -1)
[ -n "$rec" ] || { echo "FAIL: the watched game was not kept in the saves folder"; ls -R "$XDG_DATA_HOME"; exit 1; }
"$sim" replay "$rec" --verify >/dev/null || { echo "FAIL: the watched game's record does not replay"; exit 1; }
PYTHONPATH=$(dirname "$0") python3 - "$rec" <<'PY'
import json, sys
from uidrive import load_record
r = load_record(sys.argv[1])
assert r['kind'] == 'record', r['kind']
assert r['computer']['A']['level'] == 'cadet' and r['computer']['B']['level'] == 'admiral', r['computer']
print('e2e: kept as %s, a record of %d commands naming both levels' % (sys.argv[1].split('/')[-1], len(r['commands'])))
PY
