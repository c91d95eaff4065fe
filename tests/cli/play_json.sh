#!/usr/bin/env bash
# play --json reports refused commands (index, command, reason); --keep-going plays on past
# them; a pod attack's every roll shows its whole sum in the log text and the JSON.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
cat > "$tmp/pod.json" <<'JSON'
{"format":"jumpstrike-scenario","version":1,"id":"pod-check","name":"Pod check",
 "map":{"width":10,"height":14},
 "sides":{"A":{"name":"Vega","colour":"#4696ff"},"B":{"name":"Hadar","colour":"#f05a3c"}},
 "cards":[{"id":"carrier","name":"Carrier","size":"small","move":6,"shields":0,"hull":1,"defense":0,"tr":2,
           "pod_squadrons":1,"pods_per_squadron":3,"launch_cost":0,"activation_cost":0,"mass":1,"points":1},
          {"id":"target","name":"Target","size":"small","move":2,"shields":0,"hull":3,"defense":1,"tr":0,
           "launch_cost":0,"activation_cost":0,"mass":1,"points":5}],
 "units":[{"card":"carrier","side":"A","at":"map","ships":[{"hex":[4,9],"facing":1}]},
          {"card":"target","side":"B","at":"map","ships":[{"hex":[4,8],"facing":1,"phase":7}]}]}
JSON
# commands[0] names a ship that does not exist; the rest launch a group into B's ship and attack
cat > "$tmp/cmds.json" <<'JSON'
[{"type":"plot","side":"A","ship":9,"slot":0,"order":{"phase":5}},
 {"type":"plot","side":"A","ship":0,"slot":0,"order":{"phase":5,"pods":1,"pod_dirs":[1,1,1]}},
 {"type":"ready","side":"A"},{"type":"ready","side":"B"},
 {"type":"pod_move","side":"A","group":0},
 {"type":"pod_attack","side":"A","group":0,"target":1,"count":3}]
JSON
run() { "$sim" play "$tmp/pod.json" --commands "$tmp/cmds.json" --dice 9,4,7 "$@" > "$tmp/out" 2> "$tmp/err"; echo $?; }
# without --keep-going: the run stops at the refusal, exit 1, and the JSON says which and why
[ "$(run --json)" = 1 ] || { echo "FAILED: a refused command exited 0"; fail=1; }
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
r = d["refused"]
want = [{"index": 0, "command": {"type": "plot", "side": "A", "ship": 9, "slot": 0,
          "order": {"turn": "none", "move": 0, "astern": False, "phase": 5, "missiles_fwd": 0, "missiles_aft": 0}},
         "reason": "no ship #9"}]
if r != want:
    sys.exit(f"FAILED: refused is {r}, wanted {want}")
if d["state"]["turn"] != 1 or d["state"]["phase"] != "plot" or d["state"]["pods"]:
    sys.exit("FAILED: the run went on past the refusal without --keep-going")
PY
# --keep-going: the refusal is reported and the rest is played; still exit 1
[ "$(run --json --keep-going)" = 1 ] || { echo "FAILED: --keep-going with a refusal exited 0"; fail=1; }
grep -q "1 of 6 commands refused" "$tmp/err" || { echo "FAILED: no count of refusals"; cat "$tmp/err"; fail=1; }
python3 - "$tmp/out" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
if [x["index"] for x in d["refused"]] != [0]:
    sys.exit(f"FAILED: refused {d['refused']}")
rolls = [e for e in d["log"] if e["type"] == "pod_roll"]
# phase |5 - 7| = 2, Defense 1, range 1: min(0, TR 2) = 0, TR 2: total = d10 + 1
want = [{"d10": v, "phase": 2, "defense": 1, "guard": 0, "range": 0, "tr": 2, "total": v + 1} for v in (9, 4, 7)]
if [e["sum"] for e in rolls] != want:
    sys.exit(f"FAILED: pod_roll sums {[e.get('sum') for e in rolls]}, wanted {want}")
if [e["value"] for e in rolls] != [10, 5, 8] or any(e["a"] != 0 or e["b"] != 1 or e["rule"] != "C-3" for e in rolls):
    sys.exit(f"FAILED: pod_roll events {rolls}")
ship = [s for s in d["state"]["ships"] if s["id"] == 1][0]
if ship["state"] != "disabled":
    sys.exit(f"FAILED: the target is {ship['state']}, wanted disabled (the worst roll, 5)")
PY
# the text log shows the same sum
run --keep-going > /dev/null
grep -q "Pod 2 of 3: d10 4 + phase 2 + Defense 1 + guard 0 + range 0 - TR 2 = 5: disabled" "$tmp/out" ||
  { echo "FAILED: the log has no pod sum:"; grep -i pod "$tmp/out"; fail=1; }
# no refusal: an empty list and exit 0
python3 -c "import json,sys; c=json.load(open(sys.argv[1])); json.dump(c[1:], open(sys.argv[1], 'w'))" "$tmp/cmds.json"
[ "$(run --json)" = 0 ] || { echo "FAILED: a clean run exited non-zero"; cat "$tmp/err"; fail=1; }
python3 -c "import json,sys; assert json.load(open(sys.argv[1]))['refused'] == []" "$tmp/out" ||
  { echo "FAILED: a clean run's refused is not []"; fail=1; }
exit $fail
