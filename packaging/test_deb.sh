#!/usr/bin/env bash
# The .deb as Debian would judge it: it builds (with its -dbgsym .ddeb), lintian finds no error
# and no warning in either, it is laid out as policy wants a game (programs in /usr/games,
# gzipped man pages of their own, a DEP-5 copyright file, a changelog, stripped programs whose
# debug symbols are in the .ddeb, no copies of the DejaVu fonts), its AppStream metadata
# validates, and unpacked into a scratch root (dpkg -x) the installed game starts with its data
# from there and the system's fonts. When the build has the server, the package carries it too:
# its man page, its systemd unit, its debug symbols, and it serves the installed scenarios.
# usage: test_deb.sh BUILD_DIR SOURCE_DIR
# Without lintian that part is skipped with a message, unless JS_REQUIRE_LINTIAN is set (.ci/run
# sets it; packaging/deps.sh installs lintian).
set -u
build=$1; src=$2; tmp=$(mktemp -d); fail=0
trap 'rm -rf "$tmp"' EXIT
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
if ! cpack --config "$build/CPackConfig.cmake" -B "$tmp/pkg" > "$tmp/cpack.log" 2>&1; then
  echo "cpack failed:"; cat "$tmp/cpack.log"; exit 1
fi
deb=$(ls "$tmp"/pkg/*.deb 2>/dev/null | head -1)
ddeb=$(ls "$tmp"/pkg/*-dbgsym_*.ddeb 2>/dev/null | head -1)
[ -n "$deb" ] && [ -n "$ddeb" ] || { echo "FAILED: cpack made no .deb and -dbgsym .ddeb:"; ls "$tmp/pkg"; exit 1; }
field() { dpkg-deb -f "$deb" "$1"; }
version=$(field Version)
echo "$(basename "$deb"): Section $(field Section); Depends $(field Depends)"
check test "$(field Section)" = games
check grep -q "fonts-dejavu-core" <<< "$(field Depends)"
check grep -q "libcurl4" <<< "$(field Depends)"   # opened with dlopen: shlibdeps cannot see it
check grep -q "libsdl2-mixer-2.0-0" <<< "$(field Depends)"   # so is SDL2_mixer
check test "$(field Description | wc -l)" -ge 5   # the summary and an extended description

# --- lintian: no error, no warning (an override would need its reason beside it)
if command -v lintian >/dev/null; then
  lintian --info "$deb" "$ddeb" > "$tmp/lintian.txt" 2>&1
  cat "$tmp/lintian.txt"
  if grep -E '^[EW]: ' "$tmp/lintian.txt" >/dev/null; then
    echo "FAILED: lintian reports errors or warnings (above)"; fail=1
  else
    echo "lintian: no errors, no warnings"
  fi
elif [ -n "${JS_REQUIRE_LINTIAN:-}" ]; then
  echo "FAILED: JS_REQUIRE_LINTIAN is set (CI) but lintian is not installed"; fail=1
else
  echo "SKIPPED the lintian check: lintian is not installed (apt-get install lintian; packaging/deps.sh does)"
fi

# --- the layout
root="$tmp/root"
dpkg -x "$deb" "$root" || fail=1
dpkg -x "$ddeb" "$tmp/dbg" || fail=1
for f in usr/games/jumpstrike usr/games/jumpstrike-sim \
         usr/share/jumpstrike/assets/sprites/ship_small.png usr/share/jumpstrike/scenarios/duel.json \
         usr/share/jumpstrike/rules.md usr/share/jumpstrike/lessons/01_moving.json \
         usr/share/applications/io.github.jumpstrike.Jumpstrike.desktop \
         usr/share/metainfo/io.github.jumpstrike.Jumpstrike.metainfo.xml \
         usr/share/icons/hicolor/256x256/apps/io.github.jumpstrike.Jumpstrike.png \
         usr/share/doc/jumpstrike/copyright usr/share/doc/jumpstrike/changelog.gz; do
  check test -f "$root/$f"
done
check test ! -e "$root/usr/bin"
programs="jumpstrike jumpstrike-sim"
if [ -x "$build/jumpstrike-server" ]; then
  programs="$programs jumpstrike-server"
  unit="$root/usr/lib/systemd/system/jumpstrike-server.service"
  check test -f "$unit"
  check grep -q "^ExecStart=/usr/games/jumpstrike-server .*--data /var/lib/jumpstrike" "$unit"
  check grep -q "^DynamicUser=yes" "$unit"
  check grep -q "^StateDirectory=jumpstrike" "$unit"
fi
fonts=$(find "$root" -name '*.ttf')
[ -z "$fonts" ] || { echo "FAILED: the package ships fonts: $fonts"; fail=1; }
# each program has a gzipped man page of its own naming it and, for the runner, its commands
for p in $programs; do
  man="$root/usr/share/man/man6/$p.6.gz"
  if [ -f "$man" ] && [ ! -L "$man" ]; then
    check grep -q "^$p " <(zcat "$man" | sed -n '/^\.SH NAME/{n;p}' | sed 's/\\-/-/g')
  else
    echo "FAILED: no man page of its own for $p ($man)"; fail=1
  fi
done
for c in validate play replay selfplay bench arena; do
  check zgrep -q "^\.BI* $c\b" "$root/usr/share/man/man6/jumpstrike-sim.6.gz"
done
check grep -q "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
  "$root/usr/share/doc/jumpstrike/copyright"
for files in '\*' 'assets/fonts/\*' 'assets/sprites/\*' 'assets/sounds/\*'; do
  check grep -Eq "^(Files:)? +$files\$" "$root/usr/share/doc/jumpstrike/copyright"
done
# one version everywhere: the package, the changelog's latest entry, the metainfo's latest release
check test "$(zcat "$root/usr/share/doc/jumpstrike/changelog.gz" | head -1)" = \
  "jumpstrike ($version) unstable; urgency=medium"
check grep -q "<release version=\"$version\"" \
  "$root/usr/share/metainfo/io.github.jumpstrike.Jumpstrike.metainfo.xml"
# stripped programs, their debug symbols in the .ddeb under their build ids
for p in $programs; do
  bin="$root/usr/games/$p"
  check grep -q ", stripped" <(file -L "$bin")
  id=$(readelf -n "$bin" | sed -n 's/.*Build ID: //p')
  dbg="$tmp/dbg/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
  if [ -n "$id" ] && [ -f "$dbg" ]; then
    check grep -q "\.debug_info" <(readelf -S "$dbg" 2>/dev/null)
  else
    echo "FAILED: no debug symbols for $p (build id '$id') in $(basename "$ddeb")"; fail=1
  fi
done

# --- AppStream: validates; each screenshot it links is one of packaging/screenshots/, that size
meta="$root/usr/share/metainfo/io.github.jumpstrike.Jumpstrike.metainfo.xml"
if command -v appstreamcli >/dev/null; then
  check appstreamcli validate --no-net "$meta"
fi
check grep -q "<content_rating type=\"oars-" "$meta"
shots=$(sed -n 's|.*<image type="source" width="\([0-9]*\)" height="\([0-9]*\)">.*/\([^/<]*\)</image>.*|\3 \1 \2|p' "$meta")
check test -n "$shots"
while read -r name w h; do
  [ -n "$name" ] || continue
  check grep -q "PNG image data, $w x $h," <(file "$src/packaging/screenshots/$name")
done <<< "$shots"

# --- the installed programs run from the scratch root: data beside them, fonts from the system
check "$root/usr/games/jumpstrike-sim" validate "$root/usr/share/jumpstrike/scenarios/duel.json"
# the installed lessons find the installed catalogue and play through
check "$root/usr/games/jumpstrike-sim" validate "$root"/usr/share/jumpstrike/lessons/*.json
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME="$tmp/home" XDG_DATA_HOME="$tmp/home"
mkdir -p "$tmp/home"
(cd "$tmp" && JS_STARTUP_REPORT=1 "$root/usr/games/jumpstrike" --scenario "$root/usr/share/jumpstrike/scenarios/duel.json" \
   --screenshot "$tmp/shot.png") > "$tmp/run.log" 2>&1 || { echo "installed game failed:"; cat "$tmp/run.log"; fail=1; }
check test -s "$tmp/shot.png"
check grep -q "from $root/usr/games/../share/jumpstrike/assets, font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf" "$tmp/run.log"
"$root/usr/games/jumpstrike" --version > "$tmp/v.txt" 2>&1 || fail=1
check grep -q "$version" "$tmp/v.txt"
# the installed server starts from the scratch root, finds the installed scenarios and creates a game
if [[ " $programs " == *" jumpstrike-server "* ]]; then
  "$root/usr/games/jumpstrike-server" --listen 127.0.0.1:0 --data "$tmp/srv" > "$tmp/srv.log" 2>&1 &
  spid=$!
  port=
  for _ in $(seq 50); do
    port=$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\) .*/\1/p' "$tmp/srv.log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  if [ -n "$port" ]; then
    check grep -q '"token"' <(python3 -c 'import sys, urllib.request as u
print(u.urlopen(u.Request(sys.argv[1], data=b"{\"scenario\":\"duel\",\"sides\":{\"A\":\"human\",\"B\":\"ai:cadet\"}}"), timeout=10).read().decode())' \
      "http://127.0.0.1:$port/v1/games" 2>&1)
  else
    echo "FAILED: the installed server did not start:"; cat "$tmp/srv.log"; fail=1
  fi
  kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
fi
[ $fail -eq 0 ] && echo "deb ok: $(basename "$deb") $(basename "$ddeb")"
exit $fail
