#!/usr/bin/env bash
# e2e_online.sh — online play end to end (docs/online.md): jumpstrike-server on an ephemeral
# loopback port with a scratch data folder, and two games under Xvfb (each its own display and
# user folder). A: Play online -> an unreachable address (a clear message) -> the real one ->
# Create (the duel, side A) -> the battle opens. B: Play online -> a junk invite code (a clear
# message) -> A's code -> Join -> the battle opens as side B. Both plot turn 1 and Ready; A waits
# on B ("Waiting for ..."); the server is killed before B's Ready (both say Reconnecting) and
# started again on the same port and data: both go on to turn 2 with nothing lost, and both show
# A's plotted ship in the same hex. The token file is mode 0600.
# usage: e2e_online.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
for t in Xvfb xdotool python3; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
server=$(dirname "$game")/jumpstrike-server
[ -x "$server" ] || { echo "skip: no jumpstrike-server next to the game"; exit 77; }
work=$(mktemp -d); pids=()
# 'Host on this computer' listens on every address for a LAN; a test's server stays on loopback
export JS_HOST_ADDRESS=127.0.0.1
cleanup() { for p in "${pids[@]}"; do kill $p 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url=http://127.0.0.1:$port
base=$((100 + RANDOM % 400))
for who in a b; do
  d=$base; [ $who = b ] && d=$((base + 1))
  Xvfb :$d -screen 0 1280x800x24 >/dev/null 2>&1 & pids+=($!)
  mkdir -p "$work/$who/home/.local/share"
done
sleep 1
start() { # who display
  HOME=$work/$1/home XDG_DATA_HOME=$work/$1/home/.local/share DISPLAY=:$2 SDL_RENDER_DRIVER=software \
    SDL_AUDIODRIVER=dummy JS_UI_LAYOUT=$work/$1/layout.txt "$game" --windowed --size 1280x760 \
    --assets "$src/assets" >>"$work/$1/game.log" 2>&1 &
  pids+=($!)
}
start a $base
start b $((base + 1))
PYTHONPATH=$(dirname "$0") python3 - "$work" ":$base" ":$((base + 1))" "$url" "$server" "$src/scenarios" <<'PY' || { cat "$work/a/game.log" "$work/b/game.log"; exit 1; }
import json, os, signal, stat, subprocess, sys, time
from uidrive import Game
import onlinekit
from onlinekit import find, message, topbar
work, da, db, url, server, scen = sys.argv[1:7]

def start_server():
    return onlinekit.start_server(server, url, work + '/srv', scen)

srv = start_server()
# a failed check ends the script here and there: the server (started again mid-test, so read at
# exit) must not outlive it
import atexit
atexit.register(lambda: srv.poll() is None and (srv.kill(), srv.wait()))
A, B = Game(work + '/a/layout.txt', da), Game(work + '/b/layout.txt', db)
A.window(); B.window()

# --- A hosts: first an address where nothing listens
A.wait('title'); A.button('Play online'); A.wait('online')
A.button('field Server address'); A.type('127.0.0.1:9')
A.button('field Your name'); A.type('Ann')
A.button('Create')
print('A, unreachable:', message(A, 'cannot be reached'))
A.snap('online_unreachable')
A.button('field Server address'); A.key(*(['BackSpace'] * 12)); A.type(url)
A.button('Create')
d = A.wait('play', timeout=30)
A.snap('online_a_opened')
files = find(work + '/a/home', 'online_games.json')
assert files, 'no online_games.json in the data folder'
mode = stat.S_IMODE(os.stat(files[0]).st_mode)
assert mode == 0o600, 'the token file is %o, not 600' % mode
invite = json.load(open(files[0]))['games'][0]['invite']
assert invite.startswith('js2:') and '@' + url in invite, invite
# the invite's banner sits between the top bar and the board (x 0..920, y 48..120 at 100 %): the
# board starts below it, so no hex of the enemy's top row is under it, and a click on it selects nothing
vx, vy = d['cam'][0], d['cam'][1]
assert vy >= 120, 'the board starts under the invite banner: %r' % d['cam']
assert all(x['y'] > 120 for x in d['ships']), 'a ship under the invite banner: %r' % d['ships']
A.click(400, 100)  # on the banner, left of its buttons
time.sleep(0.5)
assert A.layout()['selected'][0] == '-1', 'a click on the invite banner selected a ship'
settings = find(work + '/a/home', 'settings.json')
assert settings and url in open(settings[0]).read(), 'the server address is not remembered in the settings'

# --- B joins: a junk code first
B.wait('title'); B.button('Play online'); B.wait('online')
B.button('field Invite code'); B.type('hello there')
B.button('Join')
print('B, junk code:', message(B, 'not an invite code'))
B.snap('online_junk')
B.button('field Invite code'); B.key(*(['BackSpace'] * 12)); B.type(invite)
B.button('Join')
d = B.wait('play', timeout=30)

# --- turn 1: A plots a ship two hexes ahead by clicks and is Ready, then waits on B
d = A.layout()
mine = [x for x in d['ships'] if x['side'] == 0]
assert mine, 'A sees no ship of its own'
ship = mine[0]
start = (ship['col'], ship['row'])
A.click(ship['x'], ship['y'])
A.click_hex(ship['col'], ship['row'] - 2)
A.ready()
topbar(A, 'Waiting for')
print('A waits:', ' '.join(A.layout()['topbar']))
# the side panel says so too, not "plot orders, then ready" for plots already sent
panel = ' '.join(A.layout().get('panel', []))
print('A panel:', panel)
assert panel.startswith('Waiting for') or panel.startswith('Sent'), 'A\'s panel while it waits: %r' % panel
A.snap('online_a_waits')
# A's own plots stay on its board while it waits, read-only: the plotted ship's ghost two hexes
# ahead (only A's side on this screen, so its own plans give nothing away)
gh = A.layout()['ghosts']
print('A\'s ghosts while it waits:', gh)
assert any(g['side'] == 0 and (g['col'], g['row']) == (start[0], start[1] - 2) for g in gh), \
    'A\'s plotted move is gone from its board after Ready: %r' % gh
assert all(g['side'] == 0 for g in gh), 'a ghost of B\'s on A\'s screen: %r' % gh
assert not [b for b in A.layout()['buttons'] if b['label'].startswith('Ready')], 'a Ready button while A waits'
# a click on the plotted ship selects it: its ghosts alone, still A's plot (read-only: no Ready, no editor)
A.click(ship['x'], ship['y'])
time.sleep(0.5)
d = A.layout()
assert d['selected'][0] == str(ship['id']), 'A cannot select its ship while it waits: %r' % d['selected']
assert any((g['col'], g['row']) == (start[0], start[1] - 2) for g in d['ghosts']) and len(d['ghosts']) == 3, \
    'the selected ship\'s ghosts while A waits: %r' % d['ghosts']
assert not [b for b in d['buttons'] if b['label'].startswith('Ready')], 'a Ready button while A waits'
A.snap('online_a_waits_selected')
# --- the server goes down mid-turn: B's Ready is kept, both say Reconnecting, then go on
srv.send_signal(signal.SIGKILL); srv.wait()
B.ready()
topbar(B, 'Reconnecting', timeout=40)
print('B, server down:', ' '.join(B.layout()['topbar']))
B.snap('online_b_reconnecting')
topbar(A, 'Reconnecting', timeout=40)  # A's long-poll is out of reach too
print('A, server down:', ' '.join(A.layout()['topbar']))
A.snap('online_a_reconnecting')
srv = start_server()
try:
    for g, n in ((A, 'A'), (B, 'B')):
        t = time.time()
        while time.time() - t < 90:
            d = g.layout()
            if int(d['turn'][0]) >= 2 and d['mode'][0] == 'play':
                break
            time.sleep(0.3)
        else:
            raise SystemExit('FAIL: %s never reached turn 2: %s %s' % (n, d.get('mode'), d.get('topbar')))
    print('both sides are on turn 2')
    B.snap('online_b_turn2')
    # the same resolution on both screens: A's ship where A and B see it, and it moved
    def where(g):
        return sorted((x['side'], x['col'], x['row']) for x in g.layout()['ships'] if x['side'] == 0)
    wa, wb = where(A), where(B)
    print('A sees its ships at', wa, '; B sees them at', wb)
    assert wa == wb, 'the two screens disagree on where A\'s ships are'
    assert (0,) + start not in wa, 'the plotted ship did not move from %s' % (start,)
    # --- come back: Esc leaves the game (nothing asked), My games opens it where it stood
    A.key('Escape'); d = A.wait('online')
    assert d['games'] == ['1'], d.get('games')
    A.button('Open'); d = A.wait('play', timeout=30)
    assert int(d['turn'][0]) == 2, d['turn']
    print('A came back to its game on turn', d['turn'][0])
    # (a key the server does not know, a deleted game: e2e_online_end.sh, My games says it is gone)
    A.key('Escape'); A.wait('online'); A.key('Escape'); A.wait('title')
    A.button('Play online'); A.wait('online')
    # --- Host on this computer: jumpstrike-server as the game's child, a game against its computer
    A.button('Host on this computer')
    print('A, hosting here:', message(A, 'A server runs on this computer'))
    A.button('Against the server')
    A.button('Create')
    d = A.wait('play', timeout=30)
    A.snap('online_local_vs_computer')
finally:
    srv.terminate(); srv.wait()
PY
