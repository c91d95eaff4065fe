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
# dice options: an empty script and two sources at once are refused, not read as "roll from the seed"
expect 1 'dice: expected die results 1..10 separated by commas, got ""' -- "$sim" play "$duel" --dice ""
expect 1 'dice: expected a die result after item 2 in "3,4,"' -- "$sim" play "$duel" --dice 3,4,
expect 1 'dice: expected a comma after item 1 in "3x"' -- "$sim" play "$duel" --dice 3x
expect 1 '--dice and --manual-dice both choose the dice; give one of them' -- "$sim" play "$duel" --dice 3 --manual-dice
expect 1 '--manual-dice and --dice both choose the dice; give one of them' -- "$sim" play "$duel" --manual-dice --dice 3
expect 1 '--dice is given twice; give it once' -- "$sim" play "$duel" --dice 3 --dice 4
expect 1 '--seed is given twice; give it once' -- "$sim" play "$duel" --seed 3 --seed 4
echo '[]' > "$tmp/none.json"
expect 0 'waiting: plot orders' -- "$sim" play "$duel" --dice 3,4 --seed 9 --commands "$tmp/none.json"
# --seed does not turn manual dice into seeded ones (the seed is for shuffles and generated sites)
expect 0 'waiting: plot orders' -- "$sim" play "$duel" --manual-dice --seed 5 --commands "$tmp/none.json" --record "$tmp/m.json"
expect 0 '"kind":[[:space:]]*"manual"' -- cat "$tmp/m.json"
# every subcommand answers --help on stdout with its own usage, and exits 0
for sub in validate play replay selfplay bench arena; do
  expect 0 "^usage: jumpstrike-sim $sub " -- "$sim" "$sub" --help
  if [ -s "$tmp/err" ]; then echo "FAILED: $sub --help wrote to stderr"; fail=1; fi
done
expect 0 '^usage: jumpstrike-sim play ' -- "$sim" play "$duel" -h
# --save into a folder that is not there (or not a folder) fails at once; it exited 0 having kept nothing
expect 1 'arena: --save /nonexistent/x: No such file or directory; no record could be kept there' -- "$sim" arena "$duel" --a random --b random --games 1 --save /nonexistent/x
expect 1 'selfplay: --save .*/none.json: not a folder' -- "$sim" selfplay "$duel" --games 1 --save "$tmp/none.json"
# a write killed mid-way left its temporary file beside --record for ever: the next run sweeps
# it (only that record's own temporary names; another file stays)
printf '{"format":' > "$tmp/.m.json.tmpKiLL3d"; printf 'x' > "$tmp/.m.json.tmpKiLL3d.note"
expect 0 'waiting: plot orders' -- "$sim" play "$duel" --seed 5 --commands "$tmp/none.json" --record "$tmp/m.json"
if [ -e "$tmp/.m.json.tmpKiLL3d" ] || [ ! -e "$tmp/.m.json.tmpKiLL3d.note" ]; then echo "FAILED: the sweep beside --record"; fail=1; fi
# a terminal escape code in a name or a member's name is refused, naming the field, and never
# printed raw (it used to reach the terminal: a title change, a cleared screen)
printf '{"format":"jumpstrike-scenario","version":1,"id":"x","name":"\\u001b]0;owned\\u0007x"}' > "$tmp/esc.json"
expect 1 'esc.json: name: holds the control character U\+001B \(ESC' -- "$sim" validate "$tmp/esc.json"
printf '{"format":"jumpstrike-scenario","version":1,"\\u001b[2Jid":"x"}' > "$tmp/esckey.json"
expect 1 'esckey.json: holds the control character U\+001B .*in a member.s name' -- "$sim" validate "$tmp/esckey.json"
printf '{"format":"jumpstrike-scenario","version":1,"id":"x","nam\xc3\xa9":"x"}' > "$tmp/key.json"
expect 1 'key.json: unknown field "namé"' -- "$sim" validate "$tmp/key.json"
for f in esc esckey; do
  "$sim" validate "$tmp/$f.json" >"$tmp/out" 2>&1
  if grep -q "$(printf '\033')" "$tmp/out"; then echo "FAILED: an escape code printed raw for $f.json"; fail=1; fi
done
# manual dice start like any other game
echo '[]' > "$tmp/empty.json"
expect 0 'waiting: plot orders' -- "$sim" play "$duel" --manual-dice --commands "$tmp/empty.json"
exit $fail
