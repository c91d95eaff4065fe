#!/usr/bin/env bash
# e2e_lessons.sh — the tutorial end to end under Xvfb with xdotool, by clicks as a newcomer would:
# a first start offers Learn to play first; the list of lessons; every lesson followed step by
# step (each step advances only on what it asks, checked through the screen's test layout:
# locked controls are greyed and do nothing, a wrong click leaves the step where it is); each
# ends on its "what you learned" card and Next lesson goes on; then the list shows them done, the
# settings file keeps them, and the title no longer puts the lessons first. Restart and Esc are
# tried on the way. Runs in a scratch HOME / XDG_DATA_HOME; no autosave is written.
# usage: e2e_lessons.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
#        JS_E2E_SHOTS=DIR keeps a screenshot of each lesson's steps in DIR (ImageMagick's import).
set -u
game=$1; src=$2
for t in Xvfb xdotool python3; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
work=$(mktemp -d)
disp=:$((100 + RANDOM % 400))
Xvfb $disp -screen 0 1280x800x24 >/dev/null 2>&1 & xpid=$!
cleanup() { [ -n "${gpid:-}" ] && kill $gpid 2>/dev/null; kill $xpid 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
sleep 1
export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share
mkdir -p "$XDG_DATA_HOME"
DISPLAY=$disp SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy JS_UI_LAYOUT=$work/layout.txt \
  JS_LESSON_DIR="$src/lessons" "$game" --windowed --size 1200x760 --assets "$src/assets" >"$work/game.log" 2>&1 &
gpid=$!
PYTHONPATH=$(dirname "$0") python3 - "$work/layout.txt" $disp "$src" "${JS_E2E_SHOTS:-}" <<'PY' || { cat "$work/game.log"; exit 1; }
import os, sys, time
from uidrive import Game
g = Game(sys.argv[1], sys.argv[2])
src, shots = sys.argv[3], sys.argv[4]
g.window()
g.load_button_ids(src)

def shot(name):
    if shots:
        os.makedirs(shots, exist_ok=True)
        g.shot(os.path.join(shots, name + '.png'))

def step_is(n):
    d = g.wait_step(n)
    shot('%s-%02d' % (g.lesson()[0], n))
    return d

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
t = time.time()
while not g.lesson()[3]:
    if time.time() - t > 60:
        raise SystemExit('FAIL: lesson 1 did not end (%s)' % (g.lesson(),))
    time.sleep(0.3)
time.sleep(0.5)
d = g.layout()
assert enabled(d, 'B_READY') == [0], 'the battle should be closed under the end card'
assert [b for b in d['buttons'] if b['label'] == 'Next lesson'], 'the card should offer the next lesson'
shot('moving-card')
g.button('Next lesson')

# --- lesson 2: phases and pods (and Restart on the way)
d = step_is(0)
assert g.lesson()[0] == 'pods', g.lesson()
g.button('Next')
step_is(1)
ship = g.ship_at(4, 8)
g.click(ship['x'], ship['y'])
g.button_id('B_PODS', 1)
step_is(2)
g.button('Restart')                    # the lesson starts over
step_is(0)
g.button('Next')
step_is(1)
ship = g.ship_at(4, 8)
g.click(ship['x'], ship['y'])
g.button_id('B_PODS', 1)
step_is(2)
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
t = time.time()
while not g.lesson()[3]:
    if time.time() - t > 60:
        raise SystemExit('FAIL: lesson 2 did not end (%s)' % (g.lesson(),))
    time.sleep(0.3)
time.sleep(0.5)
shot('pods-card')
d = g.layout()
g.button('All lessons')
d = g.wait('lessons')
marks = {l.split()[2]: l.split()[4] for l in open(g.path).read().splitlines() if l.startswith('lesson ')}
assert marks.get('moving') == '1' and marks.get('pods') == '1', 'the list should show both done: %s' % marks
shot('list-after')
g.key('Escape')
d = g.wait('title')
assert d['newcomer'] == ['0'], 'with lessons done the title should not put them first'
assert d['buttons'][0]['label'] != 'Learn to play', [b['label'] for b in d['buttons']]
print('e2e: lessons 1 and 2 completed by clicks; progress kept; the title moved Learn to play down')
PY
rc=$?
[ $rc -eq 0 ] || exit $rc
# the progress is in the settings file; no autosave was written by the lessons
settings=$(find "$XDG_DATA_HOME" -name settings.json | head -1)
[ -n "$settings" ] || { echo "FAIL: no settings file"; exit 1; }
python3 - "$settings" <<'PY' || exit 1
import json, sys
s = json.load(open(sys.argv[1]))
assert s.get('lessons', {}).get('moving') == 'done' and s['lessons'].get('pods') == 'done', s.get('lessons')
print('e2e: settings.json keeps', s['lessons'])
PY
if find "$XDG_DATA_HOME" -name autosave.json | grep -q .; then echo "FAIL: a lesson wrote the autosave"; exit 1; fi
kill $gpid; wait $gpid 2>/dev/null; gpid=
exit 0
