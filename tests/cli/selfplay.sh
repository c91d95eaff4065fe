#!/usr/bin/env bash
# Self-play on every shipped scenario: random legal games, invariants after every command, and
# the secrecy probe; any violation fails with the record that reproduces it.
set -u
sim=$1; src=$2; out=$(mktemp -d); fail=0
# JS_TEST_SCALE (set by tests/CMakeLists.txt in a sanitizer build, where a game costs ~4x) divides
# the counts: the release run plays them all.
scale=${JS_TEST_SCALE:-1}
for f in "$src"/scenarios/*.json; do
  grep -q '"jumpstrike-scenario"' "$f" || continue
  games=300
  case "$f" in *large*) games=20 ;; *dice_*) games=150 ;; esac   # dice games run long (K)
  games=$(( (games + scale - 1) / scale ))
  "$sim" selfplay "$f" --games "$games" --seed 11 --out "$out" || fail=1
done
[ $fail -eq 0 ] || { echo "records of violations in $out"; ls "$out"; }
exit $fail
