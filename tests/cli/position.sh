#!/usr/bin/env bash
# A scenario that starts from a position (Z-36): the shipped puzzle validates, plays from its
# position to the end its description promises, records and replays with every hash verified;
# the scenario's hash in a record guards the position like the rest of the file.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
puzzle="$src/scenarios/last_salvo.json"
"$sim" validate "$puzzle" > "$tmp/out" 2>&1 || { echo "FAILED: validate:"; cat "$tmp/out"; fail=1; }
# the solution: phase 6 to match the Warden, both missiles, the pods in from the south, all four
# attacking; the second pod rolls 2: 2 + 0 + 0 + 0 + 0 - TR 2 = 0, destroyed
cat > "$tmp/solve.json" <<'JSON'
[{"type":"plot","side":"A","ship":0,"slot":0,"order":{"phase":6,"missiles_fwd":2}},
 {"type":"ready","side":"A"},{"type":"ready","side":"B"},
 {"type":"pod_move","side":"A","group":0},
 {"type":"pod_move","side":"A","group":0,"hold":true},
 {"type":"missile","side":"A","missile":0},{"type":"missile","side":"A","missile":1},
 {"type":"pod_attack","side":"A","group":0,"target":1,"count":4}]
JSON
mkdir -p "$tmp/rec"
cp "$puzzle" "$src/scenarios/catalogue.json" "$tmp/rec/"
"$sim" play "$tmp/rec/last_salvo.json" --commands "$tmp/solve.json" --dice 5,5,5,2,5,5 \
  --record "$tmp/rec/solved.json" > "$tmp/out" 2>&1 || { echo "FAILED: the solution was refused:"; cat "$tmp/out"; fail=1; }
check grep -q "^T5 command  *Vega Concord has 6 energy" "$tmp/out"
check grep -q "Pod 2 of 4: d10 2 + phase 0 + Defense 0 + guard 0 + range 0 - TR 2 = 0: destroyed" "$tmp/out"
check grep -q "Game over (last turn played): Vega Concord 22, Hadar Reach 16" "$tmp/out"
"$sim" replay "$tmp/rec/solved.json" --verify > "$tmp/v" 2>&1 || { echo "FAILED: replay --verify:"; cat "$tmp/v"; fail=1; }
check grep -q "every hash matches" "$tmp/v"
# one point more for Hadar in the position: the record no longer starts on that file
sed -i 's/"B": 16}/"B": 17}/' "$tmp/rec/last_salvo.json"
if "$sim" replay "$tmp/rec/solved.json" --verify > "$tmp/v" 2>&1; then echo "FAILED: a changed position replayed"; fail=1; fi
check grep -q "last_salvo.json" "$tmp/v"
# doing nothing loses: the disabled Warden gives Vega 8 at the end, 14 to 16
echo '[{"type":"ready","side":"A"},{"type":"ready","side":"B"},{"type":"pod_move","side":"A","group":0,"hold":true},{"type":"pod_move","side":"A","group":0,"hold":true}]' > "$tmp/idle.json"
"$sim" play "$puzzle" --commands "$tmp/idle.json" --seed 1 > "$tmp/out" 2>&1
check grep -q "Vega Concord 14, Hadar Reach 16" "$tmp/out"
exit $fail
