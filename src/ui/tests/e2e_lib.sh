# e2e_lib.sh — what the end-to-end scripts share. Source it after `game=$1; src=$2`:
#   . "$(dirname "$0")/e2e_lib.sh"
#   e2e_start [sim] [server]  skip (exit 77) without Xvfb, xdotool or python3 (with "sim": or
#                     without jumpstrike-sim next to the game, then in $sim; with "server": or
#                     without jumpstrike-server, then in $server); a scratch folder $work and an X
#                     display $disp (Xvfb), both gone at exit with the game ($gpid)
#   e2e_home          a scratch user folder (settings, saves, autosave) in $work
#   e2e_game ARGS...  start the game on $disp with ARGS, its test layout in $work/layout.txt and
#                     its output in $work/game.log; $gpid is its process (VAR=value e2e_game ...
#                     passes more of the environment)
#   e2e_py ARGS... <<'PY'  Python with uidrive.py (and onlinekit.py) at hand, given the layout
#                     file, the display, then ARGS (uidrive.attach() is the game's window); killed
#                     after $e2e_timeout seconds when set
#   e2e_battle SCENARIO ARGS...  e2e_game straight into scenarios/SCENARIO, its record written
#                     to $work/rec.json
#   e2e_stop          end the game and wait for it
#   e2e_record_state  e2e_stop; the record must replay (--verify), and the state at its end is
#                     written to $work/state.json (every side's view)

e2e_cleanup() {
  [ -n "${gpid:-}" ] && kill $gpid 2>/dev/null
  kill $xpid 2>/dev/null
  rm -rf "$work"
}

e2e_start() {
  for t in Xvfb xdotool python3; do command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }; done
  local want
  for want in "$@"; do
    local prog=$(dirname "$game")/jumpstrike-$want
    [ -x "$prog" ] || { echo "skip: no jumpstrike-$want next to the game"; exit 77; }
    printf -v "$want" '%s' "$prog"
  done
  work=$(mktemp -d)
  disp=:$((100 + RANDOM % 400))
  Xvfb $disp -screen 0 1280x800x24 >/dev/null 2>&1 & xpid=$!
  trap e2e_cleanup EXIT
  sleep 1
}

e2e_home() {
  export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share
  mkdir -p "$XDG_DATA_HOME"
}

e2e_game() {
  DISPLAY=$disp SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy JS_UI_LAYOUT=$work/layout.txt \
    "$game" "$@" >>"$work/game.log" 2>&1 &
  gpid=$!
}

e2e_py() {
  PYTHONPATH=$(dirname "${BASH_SOURCE[0]}") timeout "${e2e_timeout:-0}" python3 - "$work/layout.txt" $disp "$@"
}

e2e_battle() {
  local scn=$1; shift
  e2e_game --scenario "$src/scenarios/$scn" "$@" --record "$work/rec.json" --assets "$src/assets"
}

e2e_stop() {
  kill $gpid; wait $gpid 2>/dev/null; gpid=
}

e2e_record_state() {
  e2e_stop
  "$sim" replay "$work/rec.json" --verify >/dev/null || { echo "FAIL: the record does not replay"; exit 1; }
  "$sim" replay "$work/rec.json" --view all --json >"$work/state.json" || exit 1
}
