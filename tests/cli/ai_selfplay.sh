#!/usr/bin/env bash
# The computer plays every shipped scenario against itself, every level on some side: no command
# of it is refused and no invariant breaks (the arena stops and fails on either); the same games
# twice give byte-identical records (its choices replay exactly); records verify on replay.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
run() { # run SCENARIO A B GAMES SEED
  if ! "$sim" arena "$src/scenarios/$1.json" --a "$2" --b "$3" --games "$4" --seed "$5" --json > "$tmp/out.json" 2> "$tmp/err"; then
    echo "FAILED: arena $1 $2 vs $3:"; cat "$tmp/err"; fail=1
  elif ! grep -q '"ok":true' "$tmp/out.json"; then
    echo "FAILED: arena $1 $2 vs $3 did not finish:"; cat "$tmp/out.json"; fail=1
  elif [ "$4" = 2 ] && ! grep -Eq '"a_as_A":\[(1,0,0|0,1,0|0,0,1)\],"a_as_B":\[(1,0,0|0,1,0|0,0,1)\]' "$tmp/out.json"; then
    echo "FAILED: arena $1: two games are not one a side for player a:"; cat "$tmp/out.json"; fail=1
  fi
}
for s in duel carrier_strike jump_raid jump_and_launch competition dice_skirmish dice_landing; do
  run "$s" ai:cadet ai:captain 2 11
  run "$s" ai:captain ai:admiral 2 12
  run "$s" ai:admiral ai:cadet 2 13
done
run large_battle ai:cadet ai:admiral 1 14
for s in duel jump_raid dice_skirmish; do
  run "$s" ai:commodore ai:admiral 2 15
done
run large_battle ai:commodore ai:captain 1 16
# determinism: the same arena twice, records byte for byte
mkdir -p "$tmp/one" "$tmp/two"
"$sim" arena "$src/scenarios/jump_and_launch.json" --a ai:admiral --b ai:captain --games 2 --seed 3 --save "$tmp/one" > /dev/null || fail=1
"$sim" arena "$src/scenarios/jump_and_launch.json" --a ai:admiral --b ai:captain --games 2 --seed 3 --save "$tmp/two" > /dev/null || fail=1
# the searching level too: its work is counted, never timed
"$sim" arena "$src/scenarios/duel.json" --a ai:commodore --b ai:cadet --games 2 --seed 4 --save "$tmp/one" > /dev/null || fail=1
"$sim" arena "$src/scenarios/duel.json" --a ai:commodore --b ai:cadet --games 2 --seed 4 --save "$tmp/two" > /dev/null || fail=1
for f in "$tmp"/one/*.json; do
  if ! cmp -s "$f" "$tmp/two/$(basename "$f")"; then echo "FAILED: $(basename "$f") differs between two runs"; fail=1; fi
  "$sim" replay "$f" --verify > /dev/null || { echo "FAILED: $(basename "$f") does not verify"; fail=1; }
done
[ "$(ls "$tmp/one" | wc -l)" -eq 4 ] || { echo "FAILED: expected 4 records"; fail=1; }
# the player list and a bad player name
"$sim" arena --help | grep -q "ai:commodore" || { echo "FAILED: arena --help does not list ai:commodore"; fail=1; }
if "$sim" arena "$src/scenarios/duel.json" --a ai:grandmaster --b random 2> "$tmp/err"; then echo "FAILED: unknown player accepted"; fail=1; fi
grep -q 'unknown player "ai:grandmaster"' "$tmp/err" || { echo "FAILED: no message for an unknown player"; cat "$tmp/err"; fail=1; }
exit $fail
