#!/bin/sh
# strength_table.sh — how strong the computer player is: the ladder (issue 25). A round robin of
# `random`, `sitter`, `rusher` and every computer level (as `arena --help` lists them) on every
# battle scenario in scenarios/ (not the catalogue, not the puzzles), played with
# `jumpstrike-sim arena`; ratings fitted to the results (Bradley-Terry as Elo, bootstrap
# intervals), the issue's goals measured, all printed as markdown. tools/ladder.py does the work.
#
#   tools/strength_table.sh [-n GAMES] [-s SEED] [-l LARGE_GAMES] [-b BUILD_DIR]
#                           [-S SCENARIOS] [-p PLAYERS] [-r RAW.json]
#
# GAMES a pair on each scenario (default 20); large_battle, the slow one, plays LARGE_GAMES
# (default GAMES). SCENARIOS and PLAYERS are comma-separated lists (default: all). RAW keeps the
# arena's results (tools/ladder.py --from RAW renders them again). Sides swap every other game;
# score = wins + half the draws. Needs python3. Run it with `nice` on a shared machine.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
args=""
while getopts n:s:l:b:S:p:r: opt; do
    case $opt in
    n) args="$args --games $OPTARG" ;;
    s) args="$args --seed $OPTARG" ;;
    l) args="$args --large-games $OPTARG" ;;
    b) args="$args --build $OPTARG" ;;
    S) args="$args --scenarios $OPTARG" ;;
    p) args="$args --players $OPTARG" ;;
    r) args="$args --raw $OPTARG" ;;
    *) echo "usage: $0 [-n GAMES] [-s SEED] [-l LARGE_GAMES] [-b BUILD_DIR] [-S SCENARIOS] [-p PLAYERS] [-r RAW.json]" >&2
       exit 2 ;;
    esac
done
# shellcheck disable=SC2086 # the options are words without spaces
exec python3 "$root/tools/ladder.py" $args
