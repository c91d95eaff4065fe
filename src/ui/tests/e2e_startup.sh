#!/usr/bin/env bash
# e2e_startup.sh — the title's first picture is drawn on a second thread while SDL opens the
# display (app_title_prep.c), and it must be the picture the game goes on showing: a player sees
# the title appear once and stay, with no flicker when the game's own thread draws it again.
# Under Xvfb with the software renderer, JS_STARTUP_REPORT says (1) that the first frame shown
# was the prepared picture and (2) in how many pixels the title the main thread then draws
# differs from it: it must be none. Then a mouse move makes the game draw and show the title
# again, and the window must still show a title (its menu's buttons in the test layout).
# With no D-Bus session bus to be found, the game must not have one autolaunched (a fork on the
# way to the first frame, and a stray bus daemon after it): a dbus-launch first in PATH that
# leaves a mark must never run. libX11 is offered a cache folder for its parsed Compose table
# (~/.cache/jumpstrike/compose): the folder must be there after the start (libX11 writes its
# cache there for any user but root; under root only the folder is checked).
# The rest of the assets, the audio and the sprites are loaded only once the title has been left
# alone for 250 ms after its first frame (the title answers the player at once), and then they
# are: the report's line for them comes, at least 250 ms after the first frame. libcurl and
# SDL_mixer (three dozen libraries between them) are opened with dlopen when first needed: the
# game's executable must not need them at its start.
# usage: e2e_startup.sh path/to/jumpstrike SOURCE_DIR     (exit 77 = skipped)
set -u
game=$1; src=$2
. "$(dirname "$0")/e2e_lib.sh"
e2e_start
e2e_home
mkdir -p "$work/bin"
printf '#!/bin/sh\ntouch "%s/dbus-launch-ran"\nexit 1\n' "$work" >"$work/bin/dbus-launch"
chmod +x "$work/bin/dbus-launch"
unset DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR XDG_CACHE_HOME XCOMPOSECACHE
PATH=$work/bin:$PATH SDL_FRAMEBUFFER_ACCELERATION=0 JS_STARTUP_REPORT=1 e2e_game --windowed --size 1280x800 --assets "$src/assets"
e2e_py <<'PY' || { cat "$work/game.log"; exit 1; }
import time
from uidrive import attach
g = attach()
d = g.wait('title')
g._x('mousemove', '--window', g.wid, '1270', '6')  # an empty corner: the title is drawn again
time.sleep(0.5)
d = g.wait('title')
assert any(b['label'].startswith('Play against the computer') for b in d['buttons']), d['buttons']
PY
log=$work/game.log
if command -v readelf >/dev/null; then
  needed=$(readelf -d "$game" | grep NEEDED)
  if echo "$needed" | grep -E -q "libcurl|SDL2_mixer"; then
    echo "FAIL: the game loads libcurl or SDL_mixer at its start:"; echo "$needed"; exit 1
  fi
fi
grep -q "title's picture (shown first)" "$log" || {
  echo "FAIL: the title's first picture was not the one drawn on the second thread"; cat "$log"; exit 1; }
grep -q "the title drawn here differs from the one shown in 0 pixels" "$log" || {
  echo "FAIL: the title drawn on the main thread is not the picture shown first (it would flicker)"
  grep "differs" "$log"; exit 1; }
first=$(sed -n 's/.*first frame drawn \([0-9.]*\) ms after start.*/\1/p' "$log")
rest=$(sed -n 's/.*the rest of the assets loaded \([0-9.]*\) ms.*/\1/p' "$log")
[ -n "$first" ] && [ -n "$rest" ] || { echo "FAIL: the rest of the assets were not loaded while the title sat idle"; cat "$log"; exit 1; }
awk "BEGIN { exit !($rest >= $first + 250) }" || {
  echo "FAIL: the rest of the assets were loaded ${rest} ms after start, before the title was left alone (first frame ${first} ms)"; exit 1; }
[ -e "$work/dbus-launch-ran" ] && { echo "FAIL: the game had a D-Bus session bus autolaunched"; exit 1; }
[ -d "$HOME/.cache/jumpstrike/compose" ] || { echo "FAIL: no compose cache folder offered to libX11"; exit 1; }
if [ "$(id -u)" != 0 ] && [ -z "$(ls -A "$HOME/.cache/jumpstrike/compose")" ]; then
  echo "FAIL: libX11 left no parsed Compose table in the cache folder"; exit 1
fi
echo "e2e: the first picture was drawn on the second thread, and the main thread's title matches it"
