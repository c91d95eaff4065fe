#!/usr/bin/env bash
# jumpstrike-sim meets bad command lines and bad files with a clear message and a non-zero exit,
# never a crash; a refused command names its index and the rule.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
expect() { # expect EXIT PATTERN -- command...
  local want=$1 pat=$2; shift 3
  "$@" > "$tmp/out" 2> "$tmp/err"; local got=$?
  if [ $got -ne "$want" ] || ! grep -qE -- "$pat" "$tmp/err" "$tmp/out"; then
    echo "FAILED: $* -> exit $got (wanted $want), output:"; cat "$tmp/out" "$tmp/err"; fail=1
  fi
}
duel="$src/scenarios/duel.json"
expect 2 "unknown command 'fly'" -- "$sim" fly
expect 1 'seed: expected a whole number, got "abc"' -- "$sim" play "$duel" --seed abc
expect 1 'dice: item 2: expected a die result 1..10' -- "$sim" play "$duel" --dice 3,11
expect 1 'view: expected a, b or all, got "c"' -- "$sim" play "$duel" --view c
expect 1 'nope.json' -- "$sim" play "$tmp/nope.json"
expect 1 'name a scenario file' -- "$sim" selfplay
expect 1 'games: expected 1..1000000' -- "$sim" selfplay "$duel" --games 0
expect 1 'nope.json' -- "$sim" replay "$tmp/nope.json"
printf '{"format":"jumpstrike-scenario","version":1,"id":"x","name":"x","map":{"width":"wide","height":8}}' > "$tmp/bad.json"
expect 1 'bad.json: map.width: expected an integer' -- "$sim" validate "$tmp/bad.json"
expect 0 'ok \(scenario\)' -- "$sim" validate "$duel"
# a refused command: the duel has nothing to launch, and ship 9 does not exist
printf '[{"type":"plot","side":"A","ship":0,"slot":0,"order":{"turn":"none","move":9,"astern":false,"phase":5}}]' > "$tmp/c.json"
expect 1 'commands\[0\] \(plot by A\): refused: P-2' -- "$sim" play "$duel" --commands "$tmp/c.json"
# manual dice start like any other game
echo '[]' > "$tmp/empty.json"
expect 0 'waiting: plot orders' -- "$sim" play "$duel" --manual-dice --commands "$tmp/empty.json"
exit $fail
