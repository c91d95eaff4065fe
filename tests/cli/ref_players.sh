#!/usr/bin/env bash
# The reference players (sitter, rusher; issue 25) play whole games of every battle scenario, each
# on both sides, without a refused command or a broken invariant (the arena stops and fails on
# either), and arena --help lists them.
set -u
sim=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
for f in "$src"/scenarios/*.json; do
  s=$(basename "$f" .json)
  case $s in catalogue|last_salvo) continue ;; esac # the catalogue is no scenario; last_salvo a puzzle
  if ! "$sim" arena "$f" --a sitter --b rusher --games 2 --seed 21 --json > "$tmp/out.json" 2> "$tmp/err"; then
    echo "FAILED: arena $s sitter vs rusher:"; cat "$tmp/err"; fail=1
  elif ! grep -q '"ok":true' "$tmp/out.json" || ! grep -q '"games":2,' "$tmp/out.json"; then
    echo "FAILED: arena $s sitter vs rusher did not finish:"; cat "$tmp/out.json"; fail=1
  fi
done
"$sim" arena "$src/scenarios/duel.json" --a rusher --b ai:cadet --games 2 --seed 22 > /dev/null 2> "$tmp/err" ||
  { echo "FAILED: arena duel rusher vs ai:cadet:"; cat "$tmp/err"; fail=1; }
for p in sitter rusher; do
  "$sim" arena --help | grep -q "^  $p " || { echo "FAILED: arena --help does not list $p"; fail=1; }
done
exit $fail
