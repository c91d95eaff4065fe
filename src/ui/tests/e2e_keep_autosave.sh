#!/usr/bin/env bash
# e2e_keep_autosave.sh — `jumpstrike --scenario X --autosave` replaced the game in the autosave
# without keeping it. Now the game in it moves to the saves folder first, byte for byte, whether
# it loads or not (a file that no longer loads may still be someone's game); when it cannot be
# kept, the game does not start and the autosave is left alone. Offscreen, in a scratch
# XDG_DATA_HOME.   usage: e2e_keep_autosave.sh path/to/jumpstrike SOURCE_DIR   (77 = skipped)
set -u
game=$1; src=$2
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export XDG_DATA_HOME=$work/data HOME=$work/home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
mkdir -p "$HOME"
data=$XDG_DATA_HOME/jumpstrike/jumpstrike
auto=$data/autosave.json
run() {
  "$game" --scenario "$src/scenarios/duel.json" --seed 3 --autosave --windowed --mute \
    --assets "$src/assets" --exit-after-first-frame >"$work/out" 2>&1
}
# the one file in saves/ with the same bytes as $1
kept_copy() {
  for f in "$data"/saves/*.json; do [ -f "$f" ] && cmp -s "$f" "$1" && { echo "$f"; return 0; }; done
  return 1
}
mkdir -p "$data"
head -c 300 "$src/scenarios/demos/duel.json" >"$work/cut.json"   # a game that no longer loads
for old in "$src/scenarios/demos/duel.json" "$work/cut.json"; do
  cp "$old" "$auto"
  run || { cat "$work/out"; echo "FAIL: the game did not start over $(basename "$old")"; exit 1; }
  f=$(kept_copy "$old") || { cat "$work/out"; ls -la "$data" "$data/saves"; echo "FAIL: the game in the autosave ($(basename "$old")) was not kept"; exit 1; }
  grep -q "is kept" "$work/out" || { cat "$work/out"; echo "FAIL: nothing said on stderr of the game kept"; exit 1; }
  echo "kept: $(basename "$f")"
  rm -f "$f"
done
# what a write killed mid-way left beside --record and the autosave is swept at the start (their
# own temporary names only, and none a live writer holds)
printf '{"format":' >"$work/.rec.json.tmpKiLL3d"; printf '{"format":' >"$data/.autosave.json.tmpKiLL3d"
printf 'x' >"$work/.rec.json.tmpKiLL3d.note"
"$game" --scenario "$src/scenarios/duel.json" --seed 3 --record "$work/rec.json" --windowed --mute \
  --assets "$src/assets" --exit-after-first-frame >"$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: --record"; exit 1; }
[ ! -e "$work/.rec.json.tmpKiLL3d" ] && [ ! -e "$data/.autosave.json.tmpKiLL3d" ] && [ -e "$work/.rec.json.tmpKiLL3d.note" ] ||
  { ls -la "$work" "$data"; echo "FAIL: the sweep at start"; exit 1; }
# an autosave that cannot be written is told on stderr too, not only on the window
rm -f "$auto"; mkdir "$auto"
echo '[{"type":"ready","side":"A"}]' >"$work/c.json"
"$game" --scenario "$src/scenarios/duel.json" --seed 3 --autosave --commands "$work/c.json" --windowed --mute \
  --assets "$src/assets" --exit-after-first-frame >"$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the game did not start"; exit 1; }
grep -q "jumpstrike: Autosave failed: .*autosave.json" "$work/out" || { cat "$work/out"; echo "FAIL: a failed autosave said nothing on stderr"; exit 1; }
rmdir "$auto"
# cannot be kept (saves/ is a file, not a folder): no game starts, the autosave stays as it was
rm -rf "$data/saves"; echo x >"$data/saves"
cp "$src/scenarios/demos/duel.json" "$auto"
run && { cat "$work/out"; echo "FAIL: the game started over an autosave it could not keep"; exit 1; }
grep -q "could not be kept" "$work/out" || { cat "$work/out"; echo "FAIL: no message"; exit 1; }
cmp -s "$auto" "$src/scenarios/demos/duel.json" || { echo "FAIL: the autosave was changed"; exit 1; }
echo "e2e: --autosave keeps the game in the autosave (loading or not), or does not start"
