#!/usr/bin/env bash
# e2e_title.sh — end to end under Xvfb with xdotool, from the title screen: New game -> pick the
# duel -> names and a password for side B -> a full hotseat turn (B's handovers ask the password;
# a wrong one is refused) -> Ctrl+S saves under a typed name -> Ctrl+Q back to the title -> quit the program -> start it again ->
# Continue resumes on the same decision (same turn, same wait, same side, B's password still
# asked). The autosave is checked with jumpstrike-sim. Runs in a scratch HOME / XDG_DATA_HOME.
# usage: e2e_title.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start sim
e2e_home
start_game() {
  JS_NEWGAME_SEED=7 e2e_game --windowed --size 1200x760 --assets "$src/assets"
}
start_game
e2e_py "$work/first.txt" <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
d = g.wait('title')
assert d['continue'] == ['0'], 'a fresh user folder has nothing to continue'
g.button('New game')
g.wait('picker')
g.button('pick duel.json')
g.button('Choose this battle')
d = g.wait('newgame')
assert d['seed'] == ['7'], d['seed']
# names and B's password (Tab order: A's name, A's password, B's name, B's password)
g.key('Tab')  # A's password stays empty
g.key('Tab'); g.type('Ben')
g.key('Tab'); g.type('secret')
g.button('field Player A')
g.type('Ann')
g.button('Start the battle')
# --- turn 1: A decides (no password), then B (password asked; a wrong one is refused)
d = g.pass_handover()
assert d['actor'] == ['0'], d['actor']
g.ready()
g.wait('password')
g.type('nope'); g.key('Return')
time.sleep(0.5)
assert g.layout()['mode'] == ['password'], 'a wrong password must not pass the handover'
g.type('secret'); g.key('Return')
d = g.wait('play')
assert d['actor'] == ['1'], d['actor']
g.ready()
# --- the turn resolves and turn 2 begins. When nothing needed animating, B's screen stays up
# (B's secrets are already on it) and B plots first: B readies, then A takes over.
t0 = time.time()
while True:
    d = g.layout()
    if d.get('turn', ['0'])[0] == '2' and d['mode'][0] in ('play', 'handover'):
        break
    assert time.time() - t0 < 60, 'turn 2 never came: %s' % d.get('mode')
    time.sleep(0.3)
time.sleep(0.5)
d = g.layout()
if d['mode'] == ['play'] and d['actor'] == ['1']:
    g.ready()
d = g.pass_handover()
assert d['actor'] == ['0'], d['actor']
first = (d['turn'][0], d['wait'][0] + '/' + d['wait'][1], d['actor'][0])
print('e2e: before quitting: turn %s, wait %s, side %s' % first)
open(sys.argv[3], 'w').write(' '.join(first))
# a named save: Ctrl+S asks for the name (typing replaces the automatic one; '/' is refused)
g.key('ctrl+s')
time.sleep(0.4)
assert g.layout().get('dialog') == ['save'], 'Ctrl+S must open the save dialog'
g.type('Ann/s game')
g.key('Return')
time.sleep(0.4)
assert g.layout().get('dialog') == ['none'], 'Enter must save and close the dialog'
g.key('ctrl+q')
d = g.wait('title')
assert d['continue'] == ['1'], 'the game must be kept for Continue'
PY
e2e_stop
auto=$XDG_DATA_HOME/jumpstrike/jumpstrike/autosave.json
[ -f "$auto" ] || { echo "FAIL: no autosave at $auto"; exit 1; }
# B has a password: the autosave is sealed, and opens only with it (A's line empty, B's "secret")
"$sim" replay "$auto" --verify >/dev/null 2>"$work/sealed.err" && { echo "FAIL: a sealed autosave replays without its password"; exit 1; }
grep -q 'sealed' "$work/sealed.err" || { echo "FAIL: the refusal does not say the game is sealed"; cat "$work/sealed.err"; exit 1; }
printf '\nsecret\n' > "$work/pw"
"$sim" replay "$auto" --verify --passwords "$work/pw" >/dev/null || { echo "FAIL: the autosave does not replay"; exit 1; }
grep -q '"type"' "$auto" && { echo "FAIL: a command of the protected game is in the clear"; exit 1; }
grep -q '"Ann"' "$auto" && grep -q '"Ben"' "$auto" || { echo "FAIL: the players' names are not in the autosave"; exit 1; }
grep -q 'secret' "$auto"* && { echo "FAIL: a password was written in clear"; exit 1; }
named="$XDG_DATA_HOME/jumpstrike/jumpstrike/saves/Anns game.json"
[ -f "$named" ] || { echo "FAIL: the named save is not at $named"; ls "$XDG_DATA_HOME/jumpstrike/jumpstrike/saves"; exit 1; }
"$sim" replay "$named" --verify --passwords - < "$work/pw" >/dev/null || { echo "FAIL: the named save does not replay"; exit 1; }
grep -q '"type"' "$named" && { echo "FAIL: the named save of a protected game is in the clear"; exit 1; }
# --- a new run: Continue resumes on the same decision
start_game
e2e_py "$work/first.txt" <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
d = g.wait('title')
assert d['continue'] == ['1'], d['continue']
g.button('Continue')
g.wait('unlock')  # the sealed game opens with B's password (A has none)
g.type('secret'); g.key('Return')
d = g.pass_handover()
now = (d['turn'][0], d['wait'][0] + '/' + d['wait'][1], d['actor'][0])
first = tuple(open(sys.argv[3]).read().split())
print('e2e: after Continue: turn %s, wait %s, side %s' % now)
assert now == first, 'Continue resumed on %s, expected %s' % (now, first)
# B's password is still asked after the restart: A readies (turn 2, then turn 3 when A's screen
# stays up) until the game hands over to B
t0 = time.time()
while True:
    d = g.layout()
    if d['mode'] == ['password']:
        break
    assert time.time() - t0 < 60, 'no handover to B: %s' % d['mode']
    assert d['mode'] != ['handover'], "B's handover opened without the password"
    if d['mode'] == ['play'] and d['actor'] == ['0']:
        g.ready()
    time.sleep(0.4)
g.type('secret'); g.key('Return')
d = g.wait('play')
assert d['actor'] == ['1'], d['actor']
print('e2e: Continue resumed on the same decision; the password survived the restart')
PY
