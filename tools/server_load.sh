#!/usr/bin/env bash
# The load on jumpstrike-server (docs/server.md, "Capacity"): a fresh server on a loopback port and
# a scratch folder, then `jumpstrike-sim online-arena` at each of GAMES (all at once), the server's
# peak RSS after each. Usage: tools/server_load.sh [BUILD_DIR] [SCENARIO] [THINK_MS] [GAMES...]
# e.g. tools/server_load.sh build duel 100 50 100 200 400   (players: A=random B=rusher by default;
# SYNC=normal runs the server with --sync normal)
set -u
build=${1:-build}; scn=${2:-duel}; think=${3:-100}; shift $(( $# < 3 ? $# : 3 )); sizes=${*:-50 100 200 400}
tmp=$(mktemp -d); trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
# the load (400 clients deciding at once) is far heavier than the server: it runs at the lowest
# priority, so that on a small machine it measures the server, not the clients' own queue for the CPU
nice -n 10 "$build/jumpstrike-server" --listen 127.0.0.1:0 --data "$tmp/data" --quiet --rate 1000000 --burst 1000000 \
  --max-conns 4000 --max-conns-per-ip 4000 --sync "${SYNC:-full}" --allow-seeds > "$tmp/out" 2> "$tmp/err" & pid=$!
for i in $(seq 100); do grep -q '^listening' "$tmp/out" && break; sleep 0.1; done
url=http://$(sed -n 's/^listening on \([^ ]*\) .*/\1/p' "$tmp/out")
for n in $sizes; do
  echo "== $n games at once, $think ms a command"
  timeout 900 nice -n 19 "$build/jumpstrike-sim" online-arena --server "$url" "$scn" --a "${A:-random}" --b "${B:-rusher}" --games "$n" \
    --concurrency "$n" --think-ms "$think" --seed "$n" --server-pid $pid
  echo "server CPU so far: $(ps -o time= -p $pid)"
done
kill $pid; wait $pid; pid=; grep "the server's own time" "$tmp/err"
