#!/usr/bin/env bash
# `jumpstrike-sim validate` plays every shipped lesson along its script (exit 0, "ok (lesson)");
# a lesson whose step cannot be completed is refused with exit 1 and a message naming the file,
# the step and the engine's reason; --log prints the path's log as the player sees it.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 1
for f in lessons/*.json; do
  out=$("$sim" validate "$f" 2>&1) || { echo "FAILED: $f: $out"; fail=1; continue; }
  [ "$out" = "$f: ok (lesson)" ] || { echo "FAILED: $f: $out"; fail=1; }
done
# a step the engine refuses: the step, the moment and the rule
if "$sim" validate tests/bad_lessons/solution_refused.json > "$tmp/out" 2> "$tmp/err"; then
  echo "FAILED: a lesson with a refused solution validated"; fail=1
fi
grep -q '^tests/bad_lessons/solution_refused.json: steps\[1\].solution: the engine refuses it at turn 1, plotting phase .*P-2: Scout moves at most 5 hexes$' "$tmp/err" ||
  { echo "FAILED: the refusal does not name the step and the rule:"; cat "$tmp/err"; fail=1; }
# a highlight off the map
"$sim" validate tests/bad_lessons/highlight_off_map.json 2> "$tmp/err" && { echo "FAILED: off-map highlight validated"; fail=1; }
grep -q 'steps\[1\].highlight.hex: \[8,3\] is off the 8x8 map' "$tmp/err" || { echo "FAILED:"; cat "$tmp/err"; fail=1; }
# good and bad files together: one line each, exit 1
"$sim" validate lessons/01_moving.json tests/bad_lessons/goal_not_reached.json > "$tmp/out" 2> "$tmp/err" && fail=1
[ "$(wc -l < "$tmp/out")" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] || { echo "FAILED: one line per file"; cat "$tmp/out" "$tmp/err"; fail=1; }
# --log: the pod attack of lesson 2 with its whole sum
"$sim" validate --log lessons/02_pods.json > "$tmp/out" || fail=1
grep -q 'Pod 2 of 3: d10 1 + phase 0 + Defense 1 + guard 5 + range 0 - TR 2 = 5: disabled' "$tmp/out" ||
  { echo "FAILED: --log does not show lesson 2's pod attack"; cat "$tmp/out"; fail=1; }
exit $fail
