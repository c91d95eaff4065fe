#!/usr/bin/env bash
# Makes the AppStream screenshots (packaging/screenshots/*.png) with the game's own --screenshot,
# offscreen: a large battle in its fourth turn (the demo's first 300 commands), the duel's
# opening and the title screen, at 1280x720. The metainfo links them by URL (the AppStream spec
# wants web addresses); re-run after a visible UI change and commit the pictures.
# usage: packaging/make_screenshots.sh [GAME] [OUT_DIR]   (defaults: build/jumpstrike, packaging/screenshots)
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
game=${1:-$src/build/jumpstrike}
out=${2:-$src/packaging/screenshots}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME=$tmp XDG_DATA_HOME=$tmp
mkdir -p "$out"
demo=$src/scenarios/demos/large_battle.json
seed=$(python3 - "$demo" "$tmp/cmds.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
json.dump([{k: v for k, v in c.items() if k != 'hash'} for c in d['commands'][:300]],
          open(sys.argv[2], 'w'))
print(d['dice']['seed'])
PY
)
shot() { "$game" --windowed --size 1280x720 --mute --assets "$src/assets" --screenshot "$@"; }
shot "$out/battle.png" --scenario "$src/scenarios/large_battle.json" --seed "$seed" --commands "$tmp/cmds.json"
shot "$out/duel.png" --scenario "$src/scenarios/duel.json" --seed 1
shot "$out/title.png"
ls -l "$out"/*.png
