#!/usr/bin/env bash
# selfplay and bench say what they did: the games actually played, a failure to keep a record
# (--save) fails the run, the default command limit lets the longest legal game finish, and
# bench's p99 is a real percentile.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
duel="$src/scenarios/duel.json"

# a violation stops the run after the first game: the summary counts one game, not ten
"$sim" selfplay "$duel" --games 10 --max-commands 5 --out "$tmp" > "$tmp/out" 2> "$tmp/err" && {
  echo "FAILED: a cut-short game passed"; fail=1; }
check grep -q "1 game(s) played of 10" "$tmp/out"
check grep -q "VIOLATION after 5 commands" "$tmp/err"
check grep -q "A won 0, B won 0, 0 drawn" "$tmp/out"

# --save into a folder that is not there: refused before the first game, naming it
"$sim" selfplay "$duel" --games 5 --save "$tmp/missing/dir" > "$tmp/out" 2> "$tmp/err" && {
  echo "FAILED: selfplay --save into a missing folder exited 0"; fail=1; }
check grep -q "selfplay: --save .*missing/dir: No such file or directory" "$tmp/err"
# a record that cannot be written (a folder in its place): a non-zero exit naming the file, after one game
mkdir -p "$tmp/saves/selfplay-1-0.json"
"$sim" selfplay "$duel" --games 5 --save "$tmp/saves" > "$tmp/out" 2> "$tmp/err" && {
  echo "FAILED: selfplay --save of a record it cannot write exited 0"; fail=1; }
check grep -q "record not saved: .*saves/selfplay-1-0.json" "$tmp/err"
check grep -q "1 game(s) played of 5" "$tmp/out"
check grep -q "RECORD NOT SAVED" "$tmp/out"

# the longest legal game: 500 turns (the most a scenario may set) of 48 immobile ships that
# never meet, about 25,000 commands; the default limit must let it reach its last turn
python3 - "$tmp/long.json" <<'PY'
import json, sys
units = []
for k in range(3):
    units.append({"card": "post", "side": "A", "at": "map",
                  "ships": [{"hex": [2 * i + k % 2, 14 - k], "facing": 1} for i in range(8)]})
    units.append({"card": "post", "side": "B", "at": "map",
                  "ships": [{"hex": [2 * i + k % 2, 1 + k], "facing": 4} for i in range(8)]})
json.dump({"format": "jumpstrike-scenario", "version": 1, "id": "long-watch", "name": "Long watch",
           "map": {"width": 16, "height": 16},
           "sides": {"A": {"name": "North", "colour": "#4696ff"}, "B": {"name": "South", "colour": "#f05a3c"}},
           "cards": [{"id": "post", "name": "Picket", "size": "small", "ships": 8, "move": 0, "shields": 0,
                      "hull": 1, "defense": 0, "tr": 0, "launch_cost": 0, "activation_cost": 0, "mass": 1,
                      "points": 1}],
           "units": units, "turn_limit": 500}, open(sys.argv[1], "w"))
PY
"$sim" selfplay "$tmp/long.json" --games 1 --out "$tmp" > "$tmp/out" 2> "$tmp/err" || {
  echo "FAILED: the 500-turn game did not finish:"; cat "$tmp/err"; fail=1; }
check grep -q "1 game(s) played of 1, [0-9]* commands, 500 turns" "$tmp/out"

# bench: p99 of 2 turns is the slower one (nearest rank), never the faster one
"$sim" bench "$duel" --turns 2 > "$tmp/bench" || { echo "FAILED: bench"; fail=1; }
python3 - "$tmp/bench" <<'PY' || fail=1
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"mean ([\d.]+) us, p99 ([\d.]+) us, max ([\d.]+) us", t)
if not m:
    sys.exit("FAILED: bench prints no mean, p99 and max: " + t)
mean, p99, mx = map(float, m.groups())
if p99 != mx or p99 < mean:
    sys.exit(f"FAILED: p99 of 2 turns is {p99}, the slowest turn {mx}, the mean {mean}")
PY
exit $fail
