#!/usr/bin/env bash
# e2e_online_secrecy.sh — the client side of RULES X-2 for online play, as a differential test
# (docs/online.md): the same online game played twice, the two runs differing only in side B's
# secrets (run 0: B plots nothing; run 1: B plots both its ships). A hosts and hides the invite, B
# joins and plots (its drafts reach the server), A plots a ship by clicks and is Ready, and waits
# on B; B does not answer, so nothing of B's plots is revealed by the rules yet. On A's computer
# everything must be the same in both runs: the screenshots of the battle screen (before A plots,
# while A waits, and with the pointer on each of B's ships and on the hexes B plotted to: the
# tooltips), the test layout (every button, ship, tooltip and top-bar word; the waiting clock
# apart), the game's own output, and every file in A's home folder (the game's id, key and time
# of joining apart). B's view on the server differs between the runs (B's secret is there), A's
# view on the server does not. Covers turn 1 before resolution only.
# usage: e2e_online_secrecy.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
for t in Xvfb xdotool python3 import; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
server=$(dirname "$game")/jumpstrike-server
[ -x "$server" ] || { echo "skip: no jumpstrike-server next to the game"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PYTHONPATH=$(dirname "$0") timeout 400 python3 - "$work" "$game" "$server" "$src" <<'PY'
import json, os, re, subprocess, sys, time, urllib.request
from uidrive import Game
from onlinekit import find, free_port, message, start_server, topbar
work, game, server, src = sys.argv[1:5]
port = free_port()
url = 'http://127.0.0.1:%d' % port
base = 100 + (os.getpid() % 300) * 2
W, H = 1280, 800

def raw_shot(g, name):
    """The display's pixels (RGB), and a PNG to look at with JS_E2E_SHOTS."""
    path = os.path.join(work, 'shot.rgb')
    subprocess.run(['import', '-window', 'root', '-depth', '8', 'rgb:' + path], env={**os.environ, **g.env},
                   check=True, capture_output=True)
    g.snap(name)
    return open(path, 'rb').read()

def masked(px):
    """The waiting clock's digits blanked (the end of the top bar's words, right-aligned before
    the "You: ..." box at 1280 wide and 100 %): the words are compared from the layout, the
    clock apart; everything else on the top bar (each side's energy, points, reserve) counts."""
    b = bytearray(px)
    for y in range(20, 68):
        row = y * W * 3
        b[row + 1030 * 3: row + 1118 * 3] = bytes((1118 - 1030) * 3)
    return bytes(b)

def layout_text(path):
    t = open(path).read()
    return re.sub(r'\d+:\d\d\n', 'CLOCK\n', t)

def home_files(top, ids):
    out = {}
    for d, _, fs in os.walk(top):
        for f in fs:
            p = os.path.join(d, f)
            data = open(p, 'rb').read()
            if f == 'online_games.json':
                doc = json.loads(data)
                for g in doc['games']:
                    for k in ('game', 'token', 'invite', 'made'):
                        g[k] = k.upper()
                data = json.dumps(doc, sort_keys=True).encode()
            for i in ids:
                data = data.replace(i.encode(), b'ID')
            out[os.path.relpath(p, top)] = data
    return out

def get_view(gid, token):
    q = urllib.request.Request(url + '/v1/games/%s/view' % gid, headers={'Authorization': 'Bearer ' + token})
    v = json.load(urllib.request.urlopen(q, timeout=10))
    v.pop('game'); v.pop('etag')
    return json.dumps(v, sort_keys=True)

def run(variant):
    w = os.path.join(work, 'run%d' % variant)
    procs = []
    os.makedirs(w)
    srv = start_server(server, url, w + '/srv', src + '/scenarios')
    games = {}
    try:
        for k, who in enumerate('ab'):
            disp = ':%d' % (base + k)
            procs.append(subprocess.Popen(['Xvfb', disp, '-screen', '0', '%dx%dx24' % (W, H)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            os.makedirs(w + '/' + who + '/home/.local/share')
        time.sleep(1)
        for k, who in enumerate('ab'):
            h = w + '/' + who
            env = dict(os.environ, HOME=h + '/home', XDG_DATA_HOME=h + '/home/.local/share', DISPLAY=':%d' % (base + k),
                       SDL_RENDER_DRIVER='software', SDL_AUDIODRIVER='dummy', JS_UI_LAYOUT=h + '/layout.txt')
            log = open(h + '/game.log', 'w')
            procs.append(subprocess.Popen([game, '--windowed', '--size', '1280x760', '--assets', src + '/assets'],
                                          env=env, stdout=log, stderr=log))
            games[who] = Game(h + '/layout.txt', ':%d' % (base + k))
            games[who].window()
        A, B = games['a'], games['b']
        shots = {}
        # A hosts (side A, against a person) and hides the invite
        A.wait('title'); A.button('Play online'); A.wait('online')
        A.button('field Server address'); A.type(url)
        A.button('field Your name'); A.type('Ann')
        A.button('Create')
        A.wait('play', timeout=30)
        A.click(920 - 112 + 50, 48 + 72 - 36 + 14)  # the invite banner's Hide (og_draw, at 100 %)
        ga = json.load(open(find(w + '/a/home', 'online_games.json')[0]))['games'][0]
        # B joins and plots (its secret: nothing in run 0, both ships in run 1)
        B.wait('title'); B.button('Play online'); B.wait('online')
        B.button('field Server address'); B.type(url)
        B.button('field Invite code'); B.type(ga['invite'])
        B.button('Join')
        d = B.wait('play', timeout=30)
        gb = json.load(open(find(w + '/b/home', 'online_games.json')[0]))['games'][0]
        theirs = sorted((x for x in d['ships'] if x['side'] == 1), key=lambda x: x['id'])
        goals = [(x['col'], x['row'] + 2 - i) for i, x in enumerate(theirs)]
        if variant == 1:
            for x, goal in zip(theirs, goals):
                B.click(x['x'], x['y'])
                B.click_hex(*goal)
                B.key('Escape')
        time.sleep(2)  # the drafts are on the server
        views = (get_view(ga['game'], ga['token']), get_view(gb['game'], gb['token']))
        # A, before it plots: the board and a look at each of B's ships and the hexes B plotted to
        A.click(5, 400)  # the same neutral spot in both runs (nothing selected)
        time.sleep(1)
        shots['a_opening'] = (masked(raw_shot(A, 'secrecy%d_a_opening' % variant)), layout_text(A.path))
        da = A.layout()
        for i, x in enumerate(s for s in da['ships'] if s['side'] == 1):
            A._x('mousemove', '--window', A.wid, str(x['x']), str(x['y'])); time.sleep(1.2)
            shots['a_tip_ship%d' % i] = (masked(raw_shot(A, 'secrecy%d_a_tip_ship%d' % (variant, i))), layout_text(A.path))
        for i, goal in enumerate(goals):
            A._x('mousemove', '--window', A.wid, *map(str, A.hexpos(*goal))); time.sleep(1.2)
            shots['a_tip_hex%d' % i] = (masked(raw_shot(A, 'secrecy%d_a_tip_hex%d' % (variant, i))), layout_text(A.path))
        # A plots a ship by clicks, is Ready, and waits on B
        mine = [x for x in da['ships'] if x['side'] == 0][0]
        A.click(mine['x'], mine['y'])
        A.click_hex(mine['col'], mine['row'] - 2)
        A.ready()
        topbar(A, 'Waiting for')
        A._x('mousemove', '--window', A.wid, '5', '400'); time.sleep(1.5)
        shots['a_waits'] = (masked(raw_shot(A, 'secrecy%d_a_waits' % variant)), layout_text(A.path))
        views = views + (get_view(ga['game'], ga['token']), get_view(gb['game'], gb['token']))
        A.key('Escape'); A.wait('online')  # leave: the game's files as they stay
        time.sleep(1)
        files = home_files(w + '/a/home', [ga['game'], ga['token'], gb['token'], str(port)])
        out = open(w + '/a/game.log').read().replace(ga['game'], 'ID')
        return shots, files, out, views
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait()
        srv.terminate(); srv.wait()

r0, r1 = run(0), run(1)
bad = []
for name in r0[0]:
    (p0, l0), (p1, l1) = r0[0][name], r1[0][name]
    if l0 != l1:
        import difflib
        bad.append('%s: A\'s layout differs:\n%s' % (name, '\n'.join(difflib.unified_diff(l0.splitlines(), l1.splitlines(), lineterm='', n=0))))
    if p0 != p1:
        n = sum(1 for i in range(0, len(p0), 3) if p0[i:i + 3] != p1[i:i + 3])
        bad.append('%s: A\'s screen differs in %d pixels' % (name, n))
    print('%-14s same pixels: %s, same layout: %s' % (name, p0 == p1, l0 == l1))
f0, f1 = r0[1], r1[1]
print('A\'s home files:', sorted(f0))
if sorted(f0) != sorted(f1):
    bad.append('A\'s home holds other files: %s vs %s' % (sorted(f0), sorted(f1)))
for k in set(f0) & set(f1):
    if f0[k] != f1[k]:
        bad.append('A\'s file %s differs' % k)
if r0[2] != r1[2]:
    bad.append('A\'s output differs:\n%s\n---\n%s' % (r0[2], r1[2]))
v0, v1 = r0[3], r1[3]
if v0[0] != v1[0] or v0[2] != v1[2]:
    bad.append('A\'s view on the server differs: the server broke its guarantee')
if v0[1] == v1[1]:
    bad.append('B\'s view is the same in both runs: B\'s plots did not reach the server (the test tests nothing)')
if bad:
    raise SystemExit('FAIL:\n' + '\n'.join(bad))
print('ok: A\'s screens, tooltips, layout, output and files are the same whatever B plotted')
PY
