#!/usr/bin/env bash
# The .deb builds, unpacks into a scratch root (dpkg -x), and the installed game starts with its
# assets and scenarios from there; its metadata validates.
# usage: test_deb.sh BUILD_DIR
set -u
build=$1; tmp=$(mktemp -d); fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
if ! cpack --config "$build/CPackConfig.cmake" -B "$tmp/pkg" > "$tmp/cpack.log" 2>&1; then
  echo "cpack failed:"; cat "$tmp/cpack.log"; exit 1
fi
deb=$(ls "$tmp"/pkg/*.deb 2>/dev/null | head -1)
check test -n "$deb"
dpkg-deb --info "$deb" | grep -E "Package|Version|Depends" || fail=1
root="$tmp/root"
dpkg -x "$deb" "$root" || fail=1
for f in usr/bin/jumpstrike usr/bin/jumpstrike-sim \
         usr/share/jumpstrike/assets/fonts/DejaVuSans.ttf usr/share/jumpstrike/scenarios/duel.json \
         usr/share/applications/io.github.jumpstrike.Jumpstrike.desktop \
         usr/share/metainfo/io.github.jumpstrike.Jumpstrike.metainfo.xml \
         usr/share/icons/hicolor/256x256/apps/io.github.jumpstrike.Jumpstrike.png \
         usr/share/man/man6/jumpstrike.6; do
  check test -e "$root/$f"
done
if command -v appstreamcli >/dev/null; then
  check appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.jumpstrike.Jumpstrike.metainfo.xml"
fi
# the installed programs run from the scratch root and find their data beside themselves
check "$root/usr/bin/jumpstrike-sim" validate "$root/usr/share/jumpstrike/scenarios/duel.json"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME="$tmp/home" XDG_DATA_HOME="$tmp/home"
mkdir -p "$tmp/home"
(cd "$tmp" && "$root/usr/bin/jumpstrike" --scenario "$root/usr/share/jumpstrike/scenarios/duel.json" \
   --screenshot "$tmp/shot.png") > "$tmp/run.log" 2>&1 || { echo "installed game failed:"; cat "$tmp/run.log"; fail=1; }
check test -s "$tmp/shot.png"
"$root/usr/bin/jumpstrike" --version > "$tmp/v.txt" 2>&1 || fail=1
check grep -q "0.1.0" "$tmp/v.txt"
[ $fail -eq 0 ] && echo "deb ok: $(basename "$deb")"
rm -rf "$tmp"
exit $fail
