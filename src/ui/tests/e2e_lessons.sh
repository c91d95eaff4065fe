#!/usr/bin/env bash
# e2e_lessons.sh — the tutorial end to end under Xvfb with xdotool, by clicks as a newcomer would:
# a first start offers Learn to play first; the list of lessons; every lesson followed step by
# step (each step advances only on what it asks, checked through the screen's test layout:
# locked controls are greyed and do nothing, a wrong click leaves the step where it is); each
# ends on its "what you learned" card and Next lesson goes on; then the list shows them done, the
# settings file keeps them, and the title keeps its rows in place. Restart and Esc are
# tried on the way. Runs in a scratch HOME / XDG_DATA_HOME; no autosave is written.
# usage: e2e_lessons.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
#        JS_E2E_SHOTS=DIR keeps a screenshot of each lesson's steps in DIR (ImageMagick's import).
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start
e2e_home
JS_LESSON_DIR="$src/lessons" e2e_game --windowed --size 1200x760 --assets "$src/assets"
e2e_py "$src" <<'PY' || { cat "$work/game.log"; exit 1; }
import sys, time
from uidrive import attach
g = attach()
src = sys.argv[3]
g.load_button_ids(src)

shot = g.snap  # JS_E2E_SHOTS=FOLDER keeps the screens

def step_is(n, controls=True):
    d = g.wait_step(n, controls=controls)
    shot('%s-%02d' % (g.lesson()[0], n))
    return d

def finish(name):
    """Wait for the lesson's end card (a minute at most), and keep a picture of it."""
    t = time.time()
    while not g.lesson()[3]:
        if time.time() - t > 60:
            raise SystemExit('FAIL: lesson %s did not end (%s)' % (name, g.lesson()))
        time.sleep(0.3)
    time.sleep(0.5)
    shot(name + '-card')

def enabled(d, name):
    return [b['en'] for b in d['buttons'] if b['id'] == g.ids[name]]

# --- the first start: Learn to play comes first, offered
d = g.wait('title')
assert d['newcomer'] == ['1'], 'a first start should offer the lessons: %s' % d.get('newcomer')
assert d['buttons'][0]['label'] == 'Learn to play', [b['label'] for b in d['buttons']]
shot('title-first')
g.button('Learn to play')
d = g.wait('lessons')
ids = [l for l in open(g.path).read().splitlines() if l.startswith('lesson ')]
assert len(ids) >= 2 and all(l.split()[3] == '1' for l in ids), 'every lesson should load: %s' % ids
shot('list-first')
g.button('Start the lesson')

# --- lesson 1: moving and turning
d = step_is(0)
assert g.lesson()[0] == 'moving', g.lesson()
assert enabled(d, 'B_READY') == [0], 'Ready should be locked in the first step'
g.button('Next')
d = step_is(1)
ship = g.ship_at(4, 8)
g.click(ship['x'], ship['y'])
assert enabled(g.layout(), 'B_TURN') == [0, 0, 0], 'turning is locked while the step asks for a move'
g.click_hex(4, 4)                      # F(4): not what the step asks
time.sleep(0.5)
assert g.lesson()[1] == 1, 'a move the step did not ask for completed it: %s' % (g.lesson(),)
g.click_hex(4, 5)                      # F(3)
step_is(2)
g.button('Turn 2'); g.button('Starboard')
step_is(3)
g.click_hex(6, 4)
step_is(4)
g.button('Turn 3')
assert enabled(g.layout(), 'B_TURN')[0] == 0, 'turning in turn 3 should be refused (P-3)'
g.button_id('B_MOVE', 1)
step_is(5)
g.button('Next')
step_is(6)
g.button('Ready')
step_is(7)                             # turn 2, after the animation
assert g.layout()['turn'] == ['2'], g.layout()['turn']
g.key('Return')                        # Enter passes a step that waits for Next
d = step_is(8)
ship = g.ship_at(4, 5)
g.click(ship['x'], ship['y'])
g.click_hex(8, 3)
step_is(9)
g.button('Ready')
finish('moving')
d = g.layout()
assert enabled(d, 'B_READY') == [0], 'the battle should be closed under the end card'
assert [b for b in d['buttons'] if b['label'] == 'Next lesson'], 'the card should offer the next lesson'
g.button('Next lesson')

# --- lesson 2: phases and pods (and Restart on the way)
d = step_is(0)
assert g.lesson()[0] == 'pods', g.lesson()
def pods_to_step_2():
    """Lesson 2's first steps: on from the introduction, the ship chosen, a pod squadron set."""
    g.button('Next')
    step_is(1)
    ship = g.ship_at(4, 8)
    g.click(ship['x'], ship['y'])
    g.button_id('B_PODS', 1)
    step_is(2)

pods_to_step_2()
g.button('Restart')                    # the lesson starts over
step_is(0)
pods_to_step_2()
g.button_id('B_POD_AIM')
g.click_hex(4, 7); g.click_hex(5, 6); g.click_hex(6, 6)
step_is(3)
g.button('Turn 2')
g.button_id('B_PHASE', -1)
step_is(4)
g.button('Ready')
step_is(5)                             # turn 1's second pod movement
g.click_hex(4, 8)
g.button_id('B_POD_MOVE')
step_is(6)                             # turn 2's plotting
g.button('Ready')
step_is(7)                             # first pod movement
g.click_hex(4, 7)
g.button_id('B_POD_MOVE')
step_is(8)                             # second pod movement: hold
g.click_hex(5, 6)
g.button_id('B_POD_HOLD')
step_is(9)                             # pod combat
g.click_hex(5, 6)
g.button_id('B_ATK_TARGET', 1)
g.button_id('B_ATK_GO')
step_is(10)
g.button('Next')
finish('pods')
g.button('Next lesson')

def select_ship(col, row, ship):
    """Click the hex until the ship is selected (a hex may hold more than one); each click is
    waited for, so a slow screen does not make two clicks look like one."""
    for _ in range(4):
        before = g.layout().get('selected', ['-1'])[0]
        g.click_hex(col, row)
        t = time.time()
        while g.layout().get('selected', ['-1'])[0] == before and time.time() - t < 5:
            time.sleep(0.1)
        if g.layout().get('selected', ['-1'])[0] == str(ship):
            return
    raise SystemExit('FAIL: ship %d not selected at (%d,%d): %s' % (ship, col, row, g.layout().get('selected')))

# --- lesson 3: missiles and ship combat
step_is(0)
assert g.lesson()[0] == 'missiles', g.lesson()
g.button('Next')
step_is(1)
select_ship(4, 8, 0)                   # the Lancer shares its bow hex with a Jackal
g.button_id('B_MSL_FWD', 1)
step_is(2)
g.button_id('B_TURN', 1)               # starboard
step_is(3)
g.button_id('B_MSL_FWD', 1)
step_is(4)
g.button('Next')
step_is(5)
g.button('Ready')
step_is(6)                             # missile combat: pick one; the other follows by itself
g.button_id('B_MISSILE')
step_is(7)                             # ship combat: the Lancer (0) attacks the Jackal (2)
g.button_id('B_SHIP_TARGET', 0, 2)
step_is(8)
g.button('Ready')
step_is(9)
g.button('Next')
finish('missiles')
g.button('Next lesson')

# --- lesson 4: launches and a transport's hold
step_is(0)
assert g.lesson()[0] == 'launches', g.lesson()
g.button('Next')
step_is(1)
g.button_id('B_RESERVE_CARD', 0)       # the Tender
g.click_hex(4, 8)
g.button_id('B_HOLD_TOGGLE', 1)        # the Kestrel rides in the hold
g.button_id('B_HOLD_OK')
step_is(2)
g.button('Next')
step_is(3)
g.button('Ready')
step_is(4)                             # plotting: the Tender stays
g.button('Ready')
step_is(5)                             # turn 2: the cargo
assert g.layout()['turn'] == ['2']
select_ship(4, 8, 0)
g.button_id('B_CARGO_LAUNCH', 1)
g.click_hex(5, 8)
step_is(6)
g.button('Ready')
finish('launches')
g.button('Next lesson')

# --- lesson 5: jump points and command cards
step_is(0, controls=False)             # the opening look at the battlefield, before setup
assert g.lesson()[0] == 'jump-points', g.lesson()
g.button_id('B_INTRO_GO')              # Begin setup
g.click_hex(1, 8)
step_is(1)
g.click_hex(5, 8)
step_is(2)
g.click_hex(10, 8)
step_is(3)
g.button('Ready')
step_is(4)                             # the command phase: the hand
g.button_id('B_HAND_CARD', 1)          # Probe Centre
g.button_id('B_DEPLOY_ADD', 0)         # the Lancer
g.button_id('B_PLAY_COMMIT')
step_is(5)
g.button('Ready')
step_is(6)                             # plotting: the Lancer waits on the jump point
select_ship(5, 8, 0)
g.click_hex(5, 6)
step_is(7)
g.button('Ready')
finish('jump-points')
assert not [b for b in g.layout()['buttons'] if b['label'] == 'Next lesson'], 'the last lesson offers no next one'
g.button('All lessons')
d = g.wait('lessons')
marks = {l.split()[2]: l.split()[4] for l in open(g.path).read().splitlines() if l.startswith('lesson ')}
assert set(marks.values()) == {'1'} and len(marks) == 5, 'the list should show every lesson done: %s' % marks
shot('list-after')
g.key('Escape')
d = g.wait('title')
assert d['newcomer'] == ['0'], 'with lessons done the title should no longer offer them'
# the rows never move: a click where Play against the computer was must still open it
assert [b['label'] for b in d['buttons']][:3] == ['Learn to play', 'Play against the computer', 'New game'], \
    [b['label'] for b in d['buttons']]
print('e2e: all %d lessons completed by clicks; progress kept; the title kept its rows in place' % len(marks))
PY
rc=$?
[ $rc -eq 0 ] || exit $rc
# the progress is in the settings file; no autosave was written by the lessons
settings=$(find "$XDG_DATA_HOME" -name settings.json | head -1)
[ -n "$settings" ] || { echo "FAIL: no settings file"; exit 1; }
python3 - "$settings" <<'PY' || exit 1
import json, sys
s = json.load(open(sys.argv[1]))
assert sorted(s.get('lessons', {})) == ['jump-points', 'launches', 'missiles', 'moving', 'pods'] and \
    set(s['lessons'].values()) == {'done'}, s.get('lessons')
print('e2e: settings.json keeps', s['lessons'])
PY
if find "$XDG_DATA_HOME" -name autosave.json | grep -q .; then echo "FAIL: a lesson wrote the autosave"; exit 1; fi
e2e_stop
exit 0
