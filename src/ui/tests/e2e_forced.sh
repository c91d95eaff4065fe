#!/usr/bin/env bash
# e2e_forced.sh — under Xvfb with xdotool: a missile phase with one legal choice needs no click.
# In the duel, A's Lancer plots a forward missile by clicks; both sides go Ready; the turn resolves
# and reaches turn 2 without anyone choosing the missile, and the record holds the missile
# command the game took (records stay exact). With "every_step" set, the game stops and asks.
# usage: e2e_forced.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start
e2e_home
run() { # $1: every_step (true/false); $2: what the script expects at the missile phase
  rm -f "$work/layout.txt" "$work/rec.json"
  d="$XDG_DATA_HOME/jumpstrike/jumpstrike"   # SDL_GetPrefPath("jumpstrike", "jumpstrike")
  mkdir -p "$d"
  printf '{"format": "jumpstrike-settings", "version": 1, "every_step": %s}\n' "$1" >"$d/settings.json"
  e2e_battle duel.json --seed 5 --windowed --size 1200x760
  e2e_py "$2" "$work/rec.json" <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time, json
from uidrive import attach, load_record
g = attach()
expect, rec = sys.argv[3], sys.argv[4]
g.pass_handover()
lancer = [s for s in g.layout()['ships'] if s['side'] == 0][0]
g.click(lancer['x'], lancer['y'])
plus = [b for b in g.layout()['buttons'] if b['id'] == 7 and b['label'] == '+']   # Missiles fwd +
assert plus, 'no "Missiles fwd +" button'
g.click(plus[0]['x'], plus[0]['y'])
g.ready(warned=True)          # the Kestrel has no orders: Ready asks, and we go on
g.pass_handover()
g.ready(warned=True)
if expect == 'auto':
    g.wait('handover', turn=2, timeout=60)
    cmds = [c['type'] for c in load_record(rec)['commands']]
    assert 'missile' in cmds, cmds
    print('e2e: the only missile resolved without a click; the record has it:', cmds)
else:
    t = time.time()
    while time.time() - t < 60:
        d = g.layout()
        if d.get('mode', [''])[0] == 'play' and d['wait'][0] == '4':   # JS_WAIT_MISSILE
            break
        time.sleep(0.3)
    else:
        raise SystemExit('FAIL: with every_step the game did not ask for the missile')
    print('e2e: with every_step set, the game asks for the only missile')
PY
  kill $gpid 2>/dev/null; wait $gpid 2>/dev/null; gpid=
}
run false auto
run true ask
