#!/usr/bin/env bash
# Self-play on every shipped scenario: random legal games, invariants after every command, and
# the secrecy probe; any violation fails with the record that reproduces it.
set -u
sim=$1; src=$2; out=$(mktemp -d); fail=0
for f in "$src"/scenarios/*.json; do
  grep -q '"jumpstrike-scenario"' "$f" || continue
  games=300
  case "$f" in *large*) games=20 ;; *dice_*) games=150 ;; esac   # dice games run long (K)
  "$sim" selfplay "$f" --games "$games" --seed 11 --out "$out" || fail=1
done
[ $fail -eq 0 ] || { echo "records of violations in $out"; ls "$out"; }
exit $fail
