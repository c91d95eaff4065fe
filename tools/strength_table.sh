#!/bin/sh
# strength_table.sh — how strong the computer player is (issue 8): every shipped scenario against
# three matchups (cadet vs random, admiral vs random, admiral vs cadet), played with
# `jumpstrike-sim arena`, printed as one markdown table.
#
#   tools/strength_table.sh [-n GAMES] [-s SEED] [-l LARGE_GAMES] [-b BUILD_DIR]
#
# GAMES per matchup (default 40); large_battle, the slow one, plays LARGE_GAMES (default GAMES).
# Sides swap every other game; score = wins + half the draws. The 95 % interval is the arena's
# (Wilson) interval for the win rate; think times are per decision, p50/p99 in ms, per level.
# Needs python3 (to read the arena's --json). Run it with `nice` on a shared machine.
set -eu
games=40 seed=1 large= build=build
while getopts n:s:l:b: opt; do
    case $opt in
    n) games=$OPTARG ;;
    s) seed=$OPTARG ;;
    l) large=$OPTARG ;;
    b) build=$OPTARG ;;
    *) echo "usage: $0 [-n GAMES] [-s SEED] [-l LARGE_GAMES] [-b BUILD_DIR]" >&2; exit 2 ;;
    esac
done
[ -n "$large" ] || large=$games
root=$(cd "$(dirname "$0")/.." && pwd)
sim=$build/jumpstrike-sim
case $sim in /*) ;; *) sim=$root/$sim ;; esac
[ -x "$sim" ] || { echo "$0: $sim not found: build first (cmake --build $build)" >&2; exit 1; }

echo "| scenario | matchup (a vs b) | games | a: W/D/L | a's score | a's win rate (95 % CI) | a as A / as B (W-D-L) | think p50/p99 ms |"
echo "|---|---|---|---|---|---|---|---|"
for f in "$root"/scenarios/*.json; do
    name=$(basename "$f" .json)
    [ "$name" = catalogue ] && continue
    n=$games
    [ "$name" = large_battle ] && n=$large
    for m in "ai:cadet random" "ai:admiral random" "ai:admiral ai:cadet"; do
        set -- $m
        "$sim" arena "$f" --a "$1" --b "$2" --games "$n" --seed "$seed" --json |
            python3 -c '
import json, sys
d = json.load(sys.stdin)
g = d["games"]
w, dr, l = d["a_wins"], d["draws"], d["b_wins"]
lo, hi = d["a_win_ci95"]
think = ", ".join("%s %.1f/%.1f" % (k, v["p50"], v["p99"]) for k, v in d["think_ms"].items())
fmt = lambda t: "%d-%d-%d" % tuple(t)
print("| %s | %s vs %s | %d | %d/%d/%d | %.1f %% | %.1f %% (%.1f-%.1f) | %s / %s | %s |" % (
    sys.argv[1], sys.argv[2], sys.argv[3], g, w, dr, l, 100.0 * (w + 0.5 * dr) / g,
    100.0 * d["a_win_rate"], 100 * lo, 100 * hi, fmt(d["a_as_A"]), fmt(d["a_as_B"]), think))
' "$name" "$1" "$2"
    done
done
