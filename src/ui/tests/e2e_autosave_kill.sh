#!/usr/bin/env bash
# e2e_autosave_kill.sh — kill the game with SIGKILL at random moments while it autosaves after
# every command, many times, and check each time that the autosave still loads: valid JSON,
# every hash verifies (jumpstrike-sim replay --verify), and the game's own loader opens it
# (jumpstrike --replay). Runs offscreen (SDL's dummy video driver) in a scratch XDG_DATA_HOME.
# usage: e2e_autosave_kill.sh path/to/jumpstrike SOURCE_DIR [RUNS]     (exit 77 = skipped)
set -u
game=$1; src=$2; runs=${3:-${JS_KILL_RUNS:-30}}
sim=$(dirname "$game")/jumpstrike-sim
command -v python3 >/dev/null || { echo "skip: no python3"; exit 77; }
[ -x "$sim" ] || { echo "skip: no jumpstrike-sim next to the game"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME=$work/data HOME=$work/home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
mkdir -p "$HOME"
auto=$XDG_DATA_HOME/jumpstrike/jumpstrike/autosave.json
demo=$src/scenarios/demos/large_battle.json
# the large battle's demo as a commands file (its first 800 commands) and its seed
seed=$(python3 - "$demo" "$work/cmds.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cmds = [{k: v for k, v in c.items() if k != 'hash'} for c in d['commands'][:800]]
json.dump(cmds, open(sys.argv[2], 'w'))
print(d['dice']['seed'])
PY
) || exit 1
args=(--scenario "$src/scenarios/large_battle.json" --seed "$seed" --commands "$work/cmds.json"
      --autosave --windowed --mute --assets "$src/assets")
# how long the game takes to play them all (the window for the kills)
t0=$(date +%s%N)
"$game" "${args[@]}" --exit-after-first-frame >>"$work/game.log" 2>&1 || { cat "$work/game.log"; echo "FAIL: the game did not play the commands"; exit 1; }
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "a full run takes $ms ms (800 autosaves of the large battle)"
check() {
  python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$auto" 2>"$work/json.err" ||
    { echo "FAIL (run $1): the autosave is not valid JSON: $(cat "$work/json.err")"; cp "$auto" /tmp/broken-autosave.json; exit 1; }
  "$sim" replay "$auto" --verify >"$work/verify.out" 2>&1 ||
    { echo "FAIL (run $1): the autosave does not verify:"; cat "$work/verify.out"; cp "$auto" /tmp/broken-autosave.json; exit 1; }
  "$game" --replay "$auto" --exit-after-first-frame --windowed --mute --assets "$src/assets" >"$work/load.out" 2>&1 ||
    { echo "FAIL (run $1): the game's loader refuses the autosave:"; cat "$work/load.out"; exit 1; }
}
check 0
counts=""
for i in $(seq 1 "$runs"); do
  delay=$(( 30 + RANDOM % (ms + 200) ))
  "$game" "${args[@]}" >>"$work/game.log" 2>&1 & pid=$!   # the game itself, so the kill hits it
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  [ -f "$auto" ] || { echo "FAIL (run $i): no autosave at all"; exit 1; }
  check "$i"
  n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['commands']))" "$auto")
  counts="$counts $n"
done
left=$(ls -a "$(dirname "$auto")" | grep -c '\.tmp' || true)
echo "killed $runs times at random moments; each autosave loaded and verified"
echo "commands in the autosave after each kill:$counts"
echo "temporary files left by writes cut short: $left (swept at the next start: no live writer holds them)"
