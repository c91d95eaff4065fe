#!/usr/bin/env bash
# Regenerates the golden records: whole self-played games of each small scenario. Run this only
# when a rule change is meant to change games, and say so in the commit.
# usage: tests/golden/make.sh build/jumpstrike-sim
set -euo pipefail
sim=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
for spec in duel:21 duel:22 carrier_strike:31 carrier_strike:32 jump_and_launch:41 competition:42; do
  name=${spec%%:*}; seed=${spec##*:}
  # saved in place: the record names its scenario relative to its own folder
  "$sim" selfplay "$here/../../scenarios/$name.json" --games 1 --seed "$seed" --save "$here" >/dev/null
  mv "$here/selfplay-$seed-0.json" "$here/$name-$seed.json"
done
echo "golden records written to $here"
