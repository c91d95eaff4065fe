#!/usr/bin/env bash
# Golden records of whole games replay to the same hashes after every command.
set -u
sim=$1; src=$2; fail=0; n=0
for rec in "$src"/tests/golden/*.json; do
  n=$((n + 1))
  if ! out=$("$sim" replay "$rec" --verify 2>&1); then echo "$out"; fail=1; else echo "$(basename "$rec"): $out" | tail -1; fi
done
[ $n -ge 4 ] || { echo "expected at least 4 golden records, found $n"; fail=1; }
exit $fail
