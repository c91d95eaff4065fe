#!/usr/bin/env bash
# e2e_online_bad.sh — bad answers from the network, each said in words on screen with nothing
# lost (docs/online.md). One game under Xvfb against stand-in servers on loopback ports: one that
# answers what is not JSON, one that answers JSON of another shape, one that speaks protocol
# version 2 (the message names both versions), one that says version 1 and then answers garbage
# (Create, and Join by a well-formed code); a damaged invite code, and an old js1 one. Then a
# proxy to a real jumpstrike-server that answers slowly, beyond the game's timeout: the game
# against the server's computer is plotted by clicks, Ready goes out while the answers are late,
# the top bar says
# "Reconnecting… next try in N s", and once the answers come the turn resolves with the plotted
# move, and turn 2 waits on this side's plots: the Ready sent again was not taken twice.
# usage: e2e_online_bad.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start server
e2e_home
e2e_timeout=300
e2e_game --windowed --size 1280x760 --assets "$src/assets"
e2e_py "$work" "$server" "$src/scenarios" <<'PY' || { cat "$work/game.log"; exit 1; }
import json, sys, time, urllib.request
from uidrive import Game
from onlinekit import Fake, find, free_port, message, start_server, topbar, version_answer, wait_turn
layout, disp, work, server, scen = sys.argv[1:6]
A = Game(layout, disp)
A.window()
A.wait('title'); A.button('Play online'); A.wait('online')
A.button('field Your name'); A.type('Ann')

def server_field(url):
    A.button('field Server address'); A.key(*(['BackSpace'] * 40)); A.type(url)

fakes = [
    (Fake(lambda m, p, b: (200, b'<html><body>It works!</body></html>')), 'does not answer as a Jumpstrike server'),
    (Fake(lambda m, p, b: (200, b'{"hello": "world", "version": "one"}')), 'does not answer as a Jumpstrike server'),
    (Fake(version_answer(2, (404, b'{}'))), 'speaks protocol version 2; this game speaks version 1'),
    (Fake(version_answer(1, (200, b'\x00\xffnot json at all'))), 'is not JSON'),
]
for (f, want), name in zip(fakes, ('html', 'shape', 'version', 'garbage')):
    server_field(f.url)
    A.button('Create')
    m = message(A, want)
    print('Create on %s: %s' % (f.url, m))
    assert A.layout()['mode'] == ['online'], 'a bad server opened a game'
    A.snap('online_bad_' + name)
# Join: a damaged code, an old one, then a well-formed code on a server whose answers are garbage
A.button('field Invite code'); A.type('js2:zz-top:1234@' + fakes[3][0].url)
A.button('Join')
print('a damaged code:', message(A, 'damaged'))
A.button('field Invite code'); A.key(*(['BackSpace'] * 60))
# a code of the servers before join codes (it held the other side's key): refused in words
A.type('js1:0123456789abcdef:00112233445566778899aabbccddeeff@' + fakes[3][0].url)
A.button('Join')
print('an old code:', message(A, 'old invite code (js1:)'))
A.button('field Invite code'); A.key(*(['BackSpace'] * 90))
A.type('js2:0123456789abcdef:00112233445566778899aabbccddeeff@' + fakes[3][0].url)
A.button('Join')
print('Join on garbage:', message(A, 'not JSON: this may not be a Jumpstrike server'))
A.button('field Invite code'); A.key(*(['BackSpace'] * 90))
assert not find(work + '/home', 'online_games.json') or \
    json.load(open(find(work + '/home', 'online_games.json')[0]))['games'] == [], 'a failed game was kept'

# a second invite entered (Enter) while the first one's join is on its way: the first join's
# token stays with its own game, not the game of the code typed since
G1, G2 = '1111111111111111', '2222222222222222'
import threading
let_join = threading.Event()  # the first join is answered once the second code is entered
def slow_join(m, p, b):
    if p in ('/v1', '/v1/'):
        return 200, json.dumps({'version': 1, 'server': 'a stand-in'}).encode()
    if m == 'POST' and p.endswith('/join'):
        let_join.wait(30)
        return 200, json.dumps({'version': 1, 'game': p.split('/')[3], 'scenario': 'duel', 'side': 'B',
                                'token': 'tok-' + p.split('/')[3]}).encode()
    return 404, b'{"reason": "no such game here"}'
sj = Fake(slow_join)
A.button('field Invite code'); A.type('js2:%s:%s@%s' % (G1, 'aa' * 16, sj.url)); A.key('Return')
t0 = time.time()
while not [1 for m, p in sj.seen if p.endswith('/join')] and time.time() - t0 < 20:
    time.sleep(0.1)
A.key(*(['BackSpace'] * 90)); A.type('js2:%s:%s@%s' % (G2, 'bb' * 16, sj.url)); A.key('Return')
time.sleep(0.5)
let_join.set()
print('a second invite while joining:', message(A, 'cannot be opened now'))
kept = json.load(open(find(work + '/home', 'online_games.json')[0]))['games']
print('kept:', [(g['game'], g['token']) for g in kept])
assert [(g['game'], g['token']) for g in kept] == [(G1, 'tok-' + G1)], 'the join\'s token went to another game'
assert not [1 for m, p in sj.seen if G2 in p], 'the second code was sent while the first join was on its way'
A.button('field Invite code'); A.key(*(['BackSpace'] * 90))
for i in range(len(kept)):
    A.button('Forget')

# --- a real server behind a proxy that answers slowly
port = free_port()
url = 'http://127.0.0.1:%d' % port
srv = start_server(server, url, work + '/srv', scen)
slow = Fake(upstream=port)
try:
    server_field(slow.url)
    A.button('Against the server')
    A.button('Create')
    d = A.wait('play', timeout=30)
    mine = [x for x in d['ships'] if x['side'] == 0]
    ship = mine[0]
    start, goal = (ship['col'], ship['row']), (ship['col'], ship['row'] - 2)
    A.click(ship['x'], ship['y'])
    A.click_hex(*goal)
    time.sleep(1.5)  # the plot (a draft) is on the server
    slow.delay = 14  # beyond the game's 10 s for a command
    posts = len([1 for m, p in slow.seen if m == 'POST' and '/commands' in p])
    A.ready()
    d = topbar(A, 'Reconnecting', timeout=30)
    print('A, the server slow:', ' '.join(d['topbar']))
    assert 'next try in' in ' '.join(d['topbar'])
    A.snap('online_slow_reconnecting')
    slow.delay = 0
    d = wait_turn(A, 2, timeout=90, who='A')
    tries = len([1 for m, p in slow.seen if m == 'POST' and '/commands' in p]) - posts
    assert tries >= 2, 'the Ready was not sent again (%d tries)' % tries
    time.sleep(2)
    d = A.layout()
    at = [(x['col'], x['row']) for x in d['ships'] if x['id'] == ship['id']]
    print('after %d tries of Ready: turn %s, the ship at %s (plotted to %s); top bar %s' % (
        tries, d['turn'][0], at, goal, d.get('topbar')))
    assert at and at[0] != start, 'the plotted move was lost'
    # turn 2 waits on this side's plots: the Ready sent again was not the next turn's Ready
    g = json.load(open(find(work + '/home', 'online_games.json')[0]))['games'][0]
    q = urllib.request.Request(url + '/v1/games/%s/view' % g['game'], headers={'Authorization': 'Bearer ' + g['token']})
    v = json.load(urllib.request.urlopen(q, timeout=10))
    st, dec = v['update']['view']['state'], v['update']['view']['decision']
    print('the server: turn', st['turn'], 'decision', dec)
    assert st['turn'] == 2 and dec['kind'] == 'plot' and dec['sides'] & 1, 'A\'s Ready was taken twice: %s' % dec
    assert 'Waiting for' not in ' '.join(d.get('topbar', [])), d.get('topbar')
    A.snap('online_slow_turn2')
finally:
    srv.terminate(); srv.wait()
print('ok')
PY
