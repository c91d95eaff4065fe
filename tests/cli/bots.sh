#!/usr/bin/env bash
# The bot protocol (docs/bots.md): the example bot in Python plays whole games of every battle
# scenario in the arena with no forfeit; `bot --level L` as an exec: player plays command for
# command as ai:L (the view it reads off the wire is the view); a program that answers garbage,
# an illegal command, nothing in time, or dies, loses by forfeit with a message that says why,
# its record carries the forfeit and replays to it, and the arena goes on and ends (every run
# here is under `timeout`: a hang fails the test).
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
duel="$src/scenarios/duel.json"
arena() { timeout 120 "$sim" arena "$@" --json 2> "$tmp/err"; }

if ! command -v python3 > /dev/null; then
  echo "FAILED: python3 is needed for the example bot (packaging/deps.sh installs it)"; exit 1
fi
# the example bot answers every decision of every battle scenario (the catalogue is no scenario,
# a puzzle no battle): a game on each side of each, no forfeit
for f in "$src"/scenarios/*.json; do
  grep -q '"format": *"jumpstrike-scenario"' "$f" && ! grep -q '"name": *"Puzzle' "$f" || continue
  out=$(arena "$f" --a exec:"python3 $src/tools/bots/example_bot.py" --b ai:cadet --games 2 --seed 4)
  if ! grep -q '"a_forfeits":0,"b_forfeits":0' <<< "$out" || ! grep -q '"ok":true' <<< "$out" ||
     ! grep -q '"games":2,' <<< "$out" || grep -q '"commands":0' <<< "$out"; then
    echo "FAILED: $(basename "$f"): the example bot did not play two whole games:"; echo "$out"; cat "$tmp/err"; fail=1
  fi
  n=$((${n:-0} + 1))
done
[ "${n:-0}" -ge 8 ] || { echo "FAILED: the example bot played only ${n:-0} battle scenarios"; fail=1; }

# ...and a decision no shipped scenario brings on by itself: B's escort (the example bot too, two
# hexes ahead) ends its first move on A's entry point, which A moves (K-7, new_entry)
cp "$src/scenarios/catalogue.json" "$tmp/"
cat > "$tmp/entry.json" <<'JSON'
{"format": "jumpstrike-scenario", "version": 1, "id": "entry_taken", "name": "Entry taken",
 "map": {"width": 20, "height": 14}, "deploy": ["dice"], "command_dice": {"dice": 5, "jump_offs": 3, "depth": 4},
 "sides": {"A": {"name": "Vega Concord", "colour": "#4696ff"}, "B": {"name": "Hadar Reach", "colour": "#f05a3c"}},
 "catalogue": "catalogue.json",
 "sites": [{"kind": "entry", "side": "A", "hex": [10, 13]}, {"kind": "entry", "side": "B", "hex": [9, 0]}],
 "units": [{"card": "vega-kestrel", "side": "A", "at": "reserve"},
           {"card": "hadar-jackal", "side": "B", "at": "map", "ships": [{"hex": [10, 11], "facing": 4}]}],
 "victory": {"target_points": 35}, "turn_limit": 2}
JSON
mkdir "$tmp/entry"
bot="exec:python3 $src/tools/bots/example_bot.py"
out=$(arena "$tmp/entry.json" --a "$bot" --b "$bot" --games 1 --save "$tmp/entry")
if ! grep -q '"a_forfeits":0,"b_forfeits":0' <<< "$out" || ! grep -q '"ok":true' <<< "$out" ||
   ! grep -q '{"type":"place_entry","side":"A","hex":\[0,13\]' "$tmp"/entry/*.json; then
  echo "FAILED: the example bot did not move its captured entry point:"; echo "$out"; cat "$tmp/err"; fail=1
fi

# the computer through the wire is the computer
# (the missiles the computer fired blind are counted by the computer in the arena's process only)
strip() { sed -e 's/"a":"[^"]*",//' -e 's/"think_ms":{.*}},//' -e 's/"peak_rss_kb":[0-9]*,//' \
              -e 's/"a_missiles":[0-9]*,"a_blind_missiles":[0-9]*,//'; }
for s in duel carrier_strike jump_raid dice_skirmish; do
  a=$(arena "$src/scenarios/$s.json" --a exec:"$sim bot --level captain" --b ai:cadet --games 2 --seed 6 | strip)
  b=$(arena "$src/scenarios/$s.json" --a ai:captain --b ai:cadet --games 2 --seed 6 | strip)
  if [ "$a" != "$b" ] || ! grep -q '"ok":true' <<< "$a"; then
    echo "FAILED: $s: bot --level captain over the wire does not play as ai:captain:"; echo "$a"; echo "$b"; fail=1
  fi
done

# forfeits: NAME PROGRAM MESSAGE; the saved record carries it (who, why, where), replays to it and
# verifies, and replay names the reason
forfeit() {
  rm -rf "$tmp/rec"; mkdir "$tmp/rec"
  out=$(arena "$duel" --a ai:cadet --b exec:"$2" --games 1 --move-time 1 --save "$tmp/rec")
  if ! grep -q '"b_forfeits":1' <<< "$out" || ! grep -q '"a_wins":1' <<< "$out" ||
     ! grep -q "loses by forfeit: $3" "$tmp/err"; then
    echo "FAILED: $1: no forfeit with \"$3\":"; echo "$out"; cat "$tmp/err"; fail=1
  fi
  rec=$(echo "$tmp"/rec/*.json)
  if ! head -n 1 "$rec" | grep -q '"forfeit":{"side":"B","player":"exec:' ||
     ! "$sim" replay --verify "$rec" > "$tmp/replay" 2>&1 ||
     ! grep -q "^forfeit: side B (exec:.*) loses by forfeit after .*: $3" "$tmp/replay" ||
     ! grep -q "the forfeit stands where the record says" "$tmp/replay"; then
    echo "FAILED: $1: the record does not carry the forfeit, or does not replay to it:"; head -n 1 "$rec"
    cat "$tmp/replay"; fail=1
  fi
}
forfeit garbage 'echo hello; cat > /dev/null' "it answered something that is not a command: bot B: JSON syntax error"
forfeit illegal 'while read -r l; do echo "{\"type\":\"command\",\"version\":1,\"command\":{\"type\":\"missile\",\"side\":\"B\",\"missile\":5}}"; done' \
  "its missile was refused: C-1"
forfeit silent 'sleep 30' "no answer within 1 s"
forfeit other_side 'while read -r l; do echo "{\"type\":\"command\",\"version\":1,\"command\":{\"type\":\"ready\",\"side\":\"A\"}}"; done' \
  "it answered a command for side A; it plays side B"
forfeit dies 'kill -SEGV $$' "the program died (signal 11"
forfeit ends 'true' "the program ended (exit status 0)"
forfeit resigns 'read -r l; read -r l; echo "{\"type\":\"error\",\"version\":1,\"reason\":\"I give up\"}"; cat > /dev/null' \
  "it resigned: I give up"

# a record whose forfeit does not stand where the game does is refused
sed -i -E '1s/("forfeit":.*"commands":)[0-9]+/\199999/' "$rec"
if "$sim" replay --verify "$rec" > "$tmp/replay" 2>&1 ||
   ! grep -q "forfeit: the forfeit comes after [0-9]* commands, but the record holds" "$tmp/replay"; then
  echo "FAILED: a record cut short before its forfeit was accepted:"; cat "$tmp/replay"; fail=1
fi

# arena --help says how each level of the computer plays, in New game's words
"$sim" arena --help | grep -q "^  ai:admiral    the computer, upper-middle level: waits, then punishes$" ||
  { echo "FAILED: arena --help does not describe ai:admiral as New game does"; fail=1; }
# arena --help names the exec: player and what breaking the protocol costs
if ! "$sim" arena --help | grep -q '^  exec:"PROGRAM ARGS"' || ! "$sim" arena --help | grep -q "forfeit"; then
  echo "FAILED: arena --help does not list exec: players and the forfeit"; fail=1
fi

# bot itself: a message it cannot read is answered with an error (it resigns) and exit status 1
if printf 'hello\n' | "$sim" bot --level cadet > "$tmp/bot.out" 2> /dev/null ||
   ! grep -q '"type":"error"' "$tmp/bot.out"; then
  echo "FAILED: bot did not refuse a bad message:"; cat "$tmp/bot.out"; fail=1
fi
exit $fail
