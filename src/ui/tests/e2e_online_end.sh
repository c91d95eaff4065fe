#!/usr/bin/env bash
# e2e_online_end.sh — the end of an online game (docs/online.md, "At the end"): jumpstrike-server
# on an ephemeral loopback port, one game under Xvfb. A hosts The Last Salvo (one turn) against the
# server's computer and plays it to its end by Ready: the results screen comes as in local play;
# the server's full record is fetched and kept in the saves folder, and it replays
# (jumpstrike-sim replay --verify); Watch the replay opens the viewer. My games: a duel against the
# computer (your move) listed before the finished game, each saying when the last move came; the
# finished game says "this game is over — Watch the replay" and Replay opens it; with the server
# down, Replay says why in words and, the server back, tries again; a key the server does not
# know is said to be gone, with Forget.
# usage: e2e_online_end.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
for t in Xvfb xdotool python3; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
bin=$(dirname "$game")
[ -x "$bin/jumpstrike-server" ] && [ -x "$bin/jumpstrike-sim" ] || { echo "skip: no jumpstrike-server/-sim next to the game"; exit 77; }
work=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill $p 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url=http://127.0.0.1:$port
d=$((500 + RANDOM % 400))
Xvfb :$d -screen 0 1280x800x24 >/dev/null 2>&1 & pids+=($!)
mkdir -p "$work/a/home/.local/share"
sleep 1
HOME=$work/a/home XDG_DATA_HOME=$work/a/home/.local/share DISPLAY=:$d SDL_RENDER_DRIVER=software \
  SDL_FRAMEBUFFER_ACCELERATION=0 SDL_AUDIODRIVER=dummy JS_UI_LAYOUT=$work/a/layout.txt "$game" --windowed \
  --size 1280x760 --assets "$src/assets" >>"$work/a/game.log" 2>&1 &
pids+=($!)
PYTHONPATH=$(dirname "$0") timeout 300 python3 - "$work" ":$d" "$url" "$bin" "$src/scenarios" <<'PY' || { cat "$work/a/game.log"; exit 1; }
import json, os, signal, subprocess, sys, time
from uidrive import Game
work, da, url, bindir, scen = sys.argv[1:6]

def start_server():
    p = subprocess.Popen([bindir + '/jumpstrike-server', '--listen', url[len('http://'):], '--data', work + '/srv',
                          '--scenarios', scen, '--quiet'], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    assert line.startswith('listening on'), 'the server did not start: %r' % line
    return p

def rows(g):
    """My games' rows as drawn, top to bottom: (game, state, last move words)."""
    out = []
    for line in open(g.path).read().splitlines():
        p = line.split(' ', 3)
        if p[0] == 'row' and len(p) == 4:
            out.append((p[1], p[2], p[3]))
    return out

def until(what, f, timeout=30):
    t = time.time()
    while time.time() - t < timeout:
        v = f()
        if v:
            return v
        time.sleep(0.25)
    raise SystemExit('FAIL: %s' % what)

def message(g):
    return ' '.join(g.layout().get('message', []))

def row_button(g, label, game_id):
    """The button `label` of My games' row of game_id (its arg: the game's place in online_games.json)."""
    path = [os.path.join(d, 'online_games.json') for d, _, fs in os.walk(work + '/a/home') if 'online_games.json' in fs][0]
    i = [x['game'] for x in json.load(open(path))['games']].index(game_id)
    return [b for b in g.layout()['buttons'] if b['label'] == label and b['arg'] == i][0]

srv = start_server()
A = Game(work + '/a/layout.txt', da)
A.window()
try:
    A.wait('title'); A.button('Play online'); A.wait('online')
    A.button('field Server address'); A.type(url)
    A.button('field Your name'); A.type('Ann')
    # The Last Salvo: one turn, Vega (side A) against the server's computer
    until('the battle list never came to last_salvo.json',
          lambda: A.layout()['pick'][0] == 'last_salvo.json' or A.button('>') and False, timeout=40)
    A.button('I play Vega'); A.button('Against the server')
    A.button('Create')
    A.wait('play', timeout=30)
    A.snap('end_opened')
    # play to the end: Ready whenever the game asks this side
    t = time.time()
    while A.layout()['mode'][0] != 'results':
        if time.time() - t > 90:
            A.snap('end_stuck')
            raise SystemExit('FAIL: the game never ended: %s %s' % (A.layout().get('topbar'),
                                                                  [b['label'] for b in A.layout()['buttons'] if b['en']]))
        d = A.layout()
        if d['mode'][0] == 'play' and any(b['label'].startswith('Ready') and b['en'] for b in d['buttons']):
            A.ready()
        elif d['mode'][0] == 'play':   # a decision in the open (pods, missiles): the default, as a hurried player
            key = lambda d: (d.get('mode'), d.get('wait'), d.get('actor'), d.get('turn'), d.get('topbar'))
            for b in d['buttons']:
                if b['en'] and b['label'].split(' (')[0] in ('Move all as plotted', 'Done', 'Pass', 'Fire none', 'Launch none'):
                    A.click(b['x'], b['y'])   # once, then wait for the game to answer (a second click undoes it)
                    t1 = time.time()
                    while key(A.layout()) == key(d) and time.time() - t1 < 15:
                        time.sleep(0.3)
                    break
        time.sleep(0.5)
    d = A.layout()
    print('results: winner', d['winner'], 'points', d['points'], '·', ' '.join(d['verdict']))
    d = until('the record was never kept', lambda: (lambda d: d if d['record_state'][0] != '0' else None)(A.layout()))
    assert d['record_state'][0] == '1', 'FAIL: the record was not kept: %s' % ' '.join(d['record_why'])
    rec = ' '.join(d['record'])
    print('record kept in', rec)
    assert os.path.isfile(rec) and '/saves/' in rec and 'Online last_salvo' in rec, rec
    head = json.loads(open(rec).readline())  # the record names both players, the computer by its level
    assert head.get('players') == {'A': 'Ann', 'B': 'Computer (Captain)'}, 'FAIL: the record names %s' % head.get('players')
    A.snap('end_results')
    v = subprocess.run([bindir + '/jumpstrike-sim', 'replay', '--verify', rec], capture_output=True, text=True)
    assert v.returncode == 0, 'FAIL: the kept record does not replay: %s %s' % (v.stdout, v.stderr)
    print('jumpstrike-sim replay --verify:', v.stdout.strip().splitlines()[-1] if v.stdout.strip() else 'ok')
    A.button('Watch the replay'); A.wait('replay', timeout=20)
    A.snap('end_replay')
    print('Watch the replay opened the viewer')
    # back to the results, the final board, then Play online
    A.key('Escape'); until('the replay did not close', lambda: A.layout()['mode'][0] != 'replay')
    if A.layout()['mode'][0] == 'results':
        A.key('Escape')
    until('no final board', lambda: A.layout()['mode'][0] in ('play', 'over', 'online') and A.layout()['mode'][0])
    topbar = ' '.join(A.layout().get('topbar', []))
    print('the final board:', A.layout()['mode'][0], topbar)
    A.snap('end_final_board')
    A.key('Escape'); A.wait('online')
    over_id = rows(A)[0][0]
    # a duel against the computer: it waits on Ann (your move), so it is listed first
    until('the battle list never came to duel.json',
          lambda: A.layout()['pick'][0] == 'duel.json' or A.button('<') and False, timeout=40)
    A.button('Create'); A.wait('play', timeout=30)
    A.key('Escape'); A.wait('online')
    r = until('My games never said how both games stand',
              lambda: (lambda r: r if len(r) == 2 and all(x[1] != 'unknown' for x in r) else None)(rows(A)))
    print('My games:', r)
    assert r[0][1] == 'your_move' and r[1] == (over_id, 'over', r[1][2]), r
    assert all(x[2].startswith('last move ') for x in r), 'FAIL: a row does not say when the last move came: %s' % r
    A.snap('end_my_games')
    # Resign the duel (a second click confirms): it is over; Open shows its results, as said by the end
    duel_id = r[0][0]
    b = row_button(A, 'Resign', duel_id); A.click(b['x'], b['y'])
    b = row_button(A, 'Resign', duel_id); A.click(b['x'], b['y'])
    until('the resigned duel is not over in My games', lambda: any(x[0] == duel_id and x[1] == 'over' for x in rows(A)))
    assert ('You resigned game %s.' % duel_id) in message(A), 'FAIL: the resignation said %r' % message(A)
    b = row_button(A, 'Open', duel_id); A.click(b['x'], b['y'])
    # the final board comes first: the server goes down before the results fetch the record
    until('the resigned game never opened', lambda: A.layout()['mode'][0] in ('play', 'over'), timeout=30)
    srv.send_signal(signal.SIGKILL); srv.wait()
    d = A.wait('results', timeout=30)
    print('a resigned game:', ' '.join(d['why']), '·', ' '.join(d['verdict']))
    assert d['winner'] == ['1'] and ' '.join(d['why']) == 'Ann resigned.', d
    d = until('the failed fetch was not said', lambda: (lambda d: d if d['record_state'] == ['2'] else None)(A.layout()))
    print('the record, server down:', ' '.join(d['record_why']))
    A.snap('end_results_fetch_failed')
    srv = start_server()
    A.button('Try the replay again')
    d = until('the record was not fetched again', lambda: (lambda d: d if d['record_state'] == ['1'] else None)(A.layout()))
    A.snap('end_resigned')
    A.button('Play online'); A.wait('online')
    # Replay on the finished game: the record is kept already, the viewer opens
    b = row_button(A, 'Replay', over_id); A.click(b['x'], b['y'])
    A.wait('replay', timeout=20); A.key('Escape'); A.wait('online')
    # with the record gone and the server down, Replay says why; the server back, it tries again
    os.remove(rec)
    srv.send_signal(signal.SIGKILL); srv.wait()
    b = row_button(A, 'Replay', over_id); A.click(b['x'], b['y'])
    m = until('no message of the failed fetch', lambda: 'could not be fetched' in message(A) and message(A))
    print('server down:', m)
    A.snap('end_replay_failed')
    srv = start_server()
    b = row_button(A, 'Replay', over_id); A.click(b['x'], b['y'])
    A.wait('replay', timeout=30)
    assert os.path.isfile(rec), 'FAIL: the record was not kept again'
    A.key('Escape'); A.wait('online')
    # a key the server does not know: said to be gone, Forget takes it off
    A.key('Escape'); A.wait('title')
    path = [os.path.join(d, 'online_games.json') for d, _, fs in os.walk(work + '/a/home') if 'online_games.json' in fs][0]
    doc = json.load(open(path))
    doc['games'].append(dict(doc['games'][0], game='00000000deadbeef', token='0' * 32, invite=''))
    open(path, 'w').write(json.dumps(doc))
    A.button('Play online'); A.wait('online')
    r = until('the unknown game was never said to be gone',
              lambda: (lambda r: r if any(x[1] == 'gone' for x in r) else None)(rows(A)))
    print('My games with a deleted game:', r)
    assert r[-1][0] == '00000000deadbeef' and r[-1][1] == 'gone', r
    A.snap('end_gone')
    b = row_button(A, 'Open', '00000000deadbeef'); A.click(b['x'], b['y'])
    A.wait('online_game')
    m = until('Open on a gone game said nothing', lambda: 'not on the server' in message(A) and message(A))
    print('Open on it:', m)
    A.key('Escape'); A.wait('online')
    b = row_button(A, 'Forget', '00000000deadbeef'); A.click(b['x'], b['y'])
    until('Forget did not take the gone game off', lambda: A.layout()['games'] == ['2'])
    print('Forget took the gone game off the list')
    # the kept records are in Load, as replays, under names that say what they are
    A.key('Escape'); A.wait('title'); A.button('Load game'); A.wait('loadlist')
    entries = until('Load lists no online game',
                    lambda: (lambda e: e if len(e) >= 2 else None)(
                        [l for l in open(A.path).read().splitlines() if l.startswith('entry 1 Online ')]))
    print('Load lists:', entries)
    assert any('Online last_salvo v Computer' in e and '| Ann vs Computer (Captain)' in e for e in entries), entries
    A.snap('end_load_list')
finally:
    srv.terminate(); srv.wait()
PY
