#!/usr/bin/env bash
# The full kill-and-restart run of jumpstrike-server (docs/server.md, "What it guarantees"):
# tests/server/test_restart.py with KILLS kills (default 200) for each --sync in SYNCS (default
# "full normal"): a client plays side A against the server's computer across consecutive games
# while the server is SIGKILLed at random moments and restarted; every game's acknowledged
# commands are checked in its record, and every record replayed with `jumpstrike-sim replay
# --verify`. Runs at nice 10, bounded by `timeout`.
# usage: tools/server_kills.sh [BUILD_DIR]     e.g. KILLS=200 SYNCS=full tools/server_kills.sh build
set -u
build=${1:-build}; src=$(cd "$(dirname "$0")/.." && pwd)
export KILLS=${KILLS:-200} SYNCS=${SYNCS:-full normal}
start=$(date +%s)
timeout "${TIMEOUT:-1800}" nice -n 10 python3 "$src/tests/server/test_restart.py" "$build/jumpstrike-server" \
  "$build/jumpstrike-sim" "$src"; rc=$?
echo "wall time: $(( $(date +%s) - start )) s (exit $rc)"
exit $rc
