#!/usr/bin/env bash
# jumpstrike-server with headless clients (docs/server.md): two `jumpstrike-sim online` clients
# play a whole game through it (one creates, the other joins with the invite, which then works no
# more; each gives its player's --name, which the record keeps), and one client
# plays the server's computer; each finished game's record, fetched from the server, replays
# with `replay --verify` to the hashes the server stored. Every run is under `timeout`.
set -u
server=$1; sim=$2; src=$3; tmp=$(mktemp -d); fail=0; pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
"$server" --listen 127.0.0.1:0 --data "$tmp/data" --scenarios "$src/scenarios" --quiet --rate 100000 \
  --burst 100000 --allow-seeds > "$tmp/out" 2> "$tmp/err" & pid=$!
for i in $(seq 100); do grep -q '^listening on' "$tmp/out" && break; sleep 0.1; done
url=http://$(sed -n 's/^listening on \([^ ]*\) .*/\1/p' "$tmp/out")
[ "$url" != http:// ] || { echo "FAILED: the server did not start"; cat "$tmp/err"; exit 1; }

# two clients: random plays A and creates as Ann; rusher joins as B, named Bo
timeout 120 "$sim" online --server "$url" --player random --name Ann --scenario duel --seed 11 --invite-file "$tmp/inv" \
  --record "$tmp/a.jsonl" > "$tmp/a.out" 2>&1 & ca=$!
for i in $(seq 100); do [ -s "$tmp/inv" ] && break; sleep 0.1; done
timeout 120 "$sim" online --server "$url" --player rusher --name Bo --join "$(cat "$tmp/inv")" --record "$tmp/b.jsonl" \
  > "$tmp/b.out" 2>&1; rb=$?
wait $ca; ra=$?
if [ $ra != 0 ] || [ $rb != 0 ] || ! grep -q ' over after ' "$tmp/a.out" || ! grep -q ' over after ' "$tmp/b.out"; then
  echo "FAILED: two clients did not play a whole game ($ra, $rb)"; cat "$tmp/a.out" "$tmp/b.out"; fail=1
fi
# both were told the same end, and the record is the same whoever asks
wa=$(sed -n 's/.*: \(winner .*\)/\1/p' "$tmp/a.out"); wb=$(sed -n 's/.*: \(winner .*\)/\1/p' "$tmp/b.out")
[ -n "$wa" ] && [ "$wa" = "$wb" ] || { echo "FAILED: the sides were told different ends: '$wa' '$wb'"; fail=1; }
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" || { echo "FAILED: the sides got different records"; fail=1; }
# --name reached the server: the record names both players
grep -q '"players":{"A":"Ann","B":"Bo"}' "$tmp/a.jsonl" || {
  echo "FAILED: the record does not name the players given with --name:"; head -c 600 "$tmp/a.jsonl"; fail=1; }
# a name the server refuses is said, naming the field; a seat taken with --game has its name already
if timeout 30 "$sim" online --server "$url" --player random --name "$(printf '%033d' 0)" --scenario duel \
     > "$tmp/n.out" 2>&1 || ! grep -q 'name: longer than 32' "$tmp/n.out"; then
  echo "FAILED: a too-long --name was not refused in words"; cat "$tmp/n.out"; fail=1
fi
if "$sim" online --server "$url" --player random --name Ann --game x --token y > "$tmp/n.out" 2>&1 \
   || ! grep -q -- '--name goes with --scenario or --join' "$tmp/n.out"; then
  echo "FAILED: --name with --game was not refused"; cat "$tmp/n.out"; fail=1
fi
# an invite works once: a second player with the same code is turned away, in words
if timeout 30 "$sim" online --server "$url" --player random --join "$(cat "$tmp/inv")" > "$tmp/j2.out" 2>&1 \
   || ! grep -q 'already used or is not valid' "$tmp/j2.out"; then
  echo "FAILED: a second join with one invite was not refused in words"; cat "$tmp/j2.out"; fail=1
fi
if ! "$sim" replay --verify "$tmp/a.jsonl" > "$tmp/v.out" 2>&1 || ! grep -q 'every hash matches' "$tmp/v.out"; then
  echo "FAILED: the record does not replay to the server's hashes"; cat "$tmp/v.out"; fail=1
fi

# one client against the server's computer, on a scenario with carriers and launches
if ! timeout 180 "$sim" online --server "$url" --player ai:cadet --scenario carrier_strike --seed 3 --side b \
     --opponent ai:cadet --record "$tmp/c.jsonl" > "$tmp/c.out" 2>&1 || ! grep -q ' over after ' "$tmp/c.out"; then
  echo "FAILED: a client did not finish a game against the server's computer"; cat "$tmp/c.out"; fail=1
elif ! "$sim" replay --verify "$tmp/c.jsonl" > "$tmp/v.out" 2>&1; then
  echo "FAILED: the game against the computer does not replay"; cat "$tmp/v.out"; fail=1
elif ! grep -q '"computer":{"A":{"level":"cadet"' "$tmp/c.jsonl"; then
  echo "FAILED: the record does not name the computer's side:"; head -c 600 "$tmp/c.jsonl"; fail=1
fi

kill $pid; wait $pid; rc=$?; pid=
[ $rc = 0 ] || { echo "FAILED: the server did not stop cleanly on SIGTERM ($rc)"; cat "$tmp/err"; fail=1; }
[ $fail = 0 ] && echo "ok: two clients, a client and the computer; records verified"
exit $fail
