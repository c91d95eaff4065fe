#!/usr/bin/env bash
# online_bench.sh — the battle screen of an online game against the local game's goals
# (docs/performance.md, docs/online.md): the pan benchmark (--bench-frames 300 --bench-pan at
# 1920x1080) of a local game and of an online game (--online GAME: the same process as a player's,
# its network lanes running and the long-poll out) interleaved ROUNDS times, then the CPU the
# online game's process spends in IDLE seconds of waiting on the other side (Ready sent, the
# long-poll out, the top bar's clock).
# Under Xvfb, SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0, niced; loopback only.
# The battle is the large battle (SCN=duel for another), hosted on a jumpstrike-server on a
# loopback port between two people; this computer holds side A's key.
# usage: [SCN=large_battle] tools/online_bench.sh BUILD_DIR [ROUNDS=3] [IDLE=20]
set -eu
build=$1; rounds=${2:-3}; idle=${3:-20}; scn=${SCN:-large_battle}
src=$(cd "$(dirname "$0")/.." && pwd)
game=$build/jumpstrike; server=$build/jumpstrike-server
work=$(mktemp -d); pids=()
cleanup() { for p in "${pids[@]}"; do kill $p 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
d=$((500 + RANDOM % 400))
Xvfb :$d -screen 0 1920x1080x24 >/dev/null 2>&1 & pids+=($!)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url=http://127.0.0.1:$port
"$server" --listen 127.0.0.1:$port --data "$work/srv" --scenarios "$src/scenarios" --quiet > "$work/srv.out" 2>&1 & pids+=($!)
sleep 1
export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share DISPLAY=:$d SDL_RENDER_DRIVER=software \
  SDL_FRAMEBUFFER_ACCELERATION=0 SDL_AUDIODRIVER=dummy
mkdir -p "$XDG_DATA_HOME/jumpstrike/jumpstrike"
# a duel between two people: this computer holds side A's key (as Host would have written it)
gid=$(python3 - "$url" "$XDG_DATA_HOME/jumpstrike/jumpstrike/online_games.json" "$scn" <<'PY'
import json, os, sys, urllib.request
url, path, scn = sys.argv[1:4]
q = urllib.request.Request(url + '/v1/games', data=json.dumps({'scenario': scn, 'sides': {'A': 'human', 'B': 'human'}}).encode(),
                           headers={'Content-Type': 'application/json'})
g = json.load(urllib.request.urlopen(q))
doc = {'type': 'jumpstrike-online-games', 'games': [{'server': url, 'game': g['game'], 'token': g['token'], 'side': 'A',
       'scenario': scn, 'me': 'Ann', 'opponent': '', 'invite': '', 'made': 0}]}
fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
os.write(fd, json.dumps(doc).encode()); os.close(fd)
print(g['game'])
PY
)
echo "$scn; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
  for kind in local online; do
    extra=(--scenario "$src/scenarios/$scn.json"); [ $kind = online ] && extra=(--online "$gid")
    out=$(nice -n 10 "$game" --assets "$src/assets" --windowed --size 1920x1080 --bench-frames 300 --bench-pan \
      "${extra[@]}" 2>&1)
    echo "round $r $kind: $(echo "$out" | grep -E '^p50|^cpu' | tr '\n' ' ')  (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
# idle: the online game open, A's Ready sent, waiting on B
JS_UI_LAYOUT=$work/layout.txt nice -n 10 "$game" --assets "$src/assets" --windowed --size 1920x1080 --online "$gid" \
  > "$work/game.log" 2>&1 & pid=$!; pids+=($pid)
python3 - "$url" "$XDG_DATA_HOME/jumpstrike/jumpstrike/online_games.json" "$work/layout.txt" "$pid" "$idle" <<'PY'
import json, os, sys, time, urllib.request
url, path, layout, pid, idle = sys.argv[1:6]
g = json.load(open(path))['games'][0]
t = time.time()
while time.time() - t < 30 and not (os.path.exists(layout) and 'mode play' in open(layout).read()):
    time.sleep(0.2)
seen = json.load(urllib.request.urlopen(urllib.request.Request(url + '/v1/games/%s/view' % g['game'],
               headers={'Authorization': 'Bearer ' + g['token']})))['events_total']
body = json.dumps({'type': 'command', 'version': 1, 'command': {'type': 'ready', 'side': 'A'}}).encode()
urllib.request.urlopen(urllib.request.Request(url + '/v1/games/%s/commands?since=%d' % (g['game'], seen), data=body,
                       headers={'Authorization': 'Bearer ' + g['token'], 'Content-Type': 'application/json'}))
t = time.time()
while time.time() - t < 30 and 'Waiting for' not in open(layout).read():
    time.sleep(0.2)
time.sleep(2)
tick = os.sysconf('SC_CLK_TCK')
def cpu():
    f = open('/proc/%s/stat' % pid).read().rsplit(')', 1)[1].split()
    return (int(f[11]) + int(f[12])) / tick
c0, t0 = cpu(), time.time()
time.sleep(float(idle))
c1, t1 = cpu(), time.time()
top = [l for l in open(layout).read().splitlines() if l.startswith('topbar')]
print('idle, waiting on the other side: %.2f s of CPU in %.1f s (%.1f %%); %s; load %s' % (
    c1 - c0, t1 - t0, 100 * (c1 - c0) / (t1 - t0), top[0] if top else 'no top bar', open('/proc/loadavg').read().split()[0]))
PY
