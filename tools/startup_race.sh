#!/usr/bin/env bash
# startup_race.sh — start-up time of Jumpstrike against Crimson Fields (`apt-get install crimson`),
# interleaved in the same run (issue 28; figures in docs/performance.md). Not a ctest: it takes a
# minute or more and its figures depend on the machine's load.
#
#   tools/startup_race.sh [-n ROUNDS] [-u USER] [-c] [-s WxH] [JUMPSTRIKE...]
#     -n ROUNDS  rounds (default 10); each round starts both programs, the order alternating
#     -u USER    run both as USER (made with useradd if missing), each program with a fresh HOME
#                of its own made for this run (its first start has no caches yet); default: as
#                the caller (root keeps its HOME)
#     -c         cold-ish cache: before every start, both programs' files (the executable, its
#                shared libraries and its data) are dropped from the page cache with
#                posix_fadvise(DONTNEED); pages other processes have mapped stay
#     -s WxH     window size (default 1280x800)
#     JUMPSTRIKE the game (default build/jumpstrike); several (two builds, before and after a
#                change) each race in every round, named by their file names
#
# Each start runs under tools/settle.c on a private Xvfb with SDL's software renderer
# (SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0) and prints the time from fork to
#   first   the first picture in the window that is not all black,
#   settled the last change of the picture (it then stays the same for 0.5 s),
#   idle    the title usable: the program has stopped working and waits for input (< 2 % of a
#           core for 100 ms).
# SETTLE_POLL_MS=N in the environment spaces the captures N ms apart (tools/settle.c).
# Crimson Fields runs as `crimson --width W --height H` (its sound on, as the game's is; with no
# sound card neither opens a device). At the end: median (fastest-slowest) of each, per program.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=10 user="" cold=0 size=1280x800
while getopts "n:u:cs:" opt; do
    case $opt in
    n) rounds=$OPTARG ;;
    u) user=$OPTARG ;;
    c) cold=1 ;;
    s) size=$OPTARG ;;
    *) sed -n '2,25p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
games=()
for g in "${@:-$here/../build/jumpstrike}"; do
    g=$(realpath "$g")
    [[ -x $g ]] || { echo "no game at $g (build it first)" >&2; exit 2; }
    games+=("$g")
done
cf=/usr/games/crimson
w=${size%x*} h=${size#*x}
[[ -x $cf ]] || { echo "no Crimson Fields at $cf: apt-get install crimson" >&2; exit 2; }
for t in Xvfb cc python3; do command -v $t >/dev/null || { echo "needs $t" >&2; exit 2; }; done

work=$(mktemp -d /tmp/startup_race.XXXXXX)
chmod 755 "$work"
cc -O2 -o "$work/settle" "$here/settle.c" -lX11
disp=$((50 + RANDOM % 400))
while [[ -e /tmp/.X11-unix/X$disp ]]; do disp=$((disp + 1)); done
Xvfb ":$disp" -screen 0 1920x1080x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -e /tmp/.X11-unix/X$disp ]] && break; sleep 0.05; done

run_as=()
home_of() { # the HOME a program runs with: the caller's, or a fresh one of its own for USER
    if [[ -z $user ]]; then echo "$HOME"; else echo "$work/home-$1"; fi
}
if [[ -n $user ]]; then
    id "$user" >/dev/null 2>&1 || useradd -M -s /usr/sbin/nologin "$user"
    for g in "${games[@]}" crimson; do
        mkdir -p "$(home_of "$(basename "$g")")"
        chown "$user" "$(home_of "$(basename "$g")")"
    done
    run_as=(runuser -u "$user" --)
fi

# the files a program reads to start: itself, its libraries, its data
files_of() {
    echo "$1"
    ldd "$1" 2>/dev/null | awk '/=> \//{print $3}' || true # a wrapper script has none
    case $1 in
    "$cf") find /usr/share/games/crimson -type f ;;
    *) find "$here/../assets" "$(dirname "$1")/../assets" "$(dirname "$1")/assets" -type f 2>/dev/null || true ;;
    esac
}
evict() {
    python3 -c '
import os, sys
for p in sys.stdin.read().split():
    try:
        fd = os.open(p, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)
    except OSError:
        pass'
}
for g in "${games[@]}"; do files_of "$g"; done | sort -u >"$work/files-js"
files_of "$cf" >"$work/files-cf"

one() { # NAME HOME PROGRAM ARGS...
    local name=$1 home=$2
    shift 2
    ((cold)) && cat "$work/files-js" "$work/files-cf" | evict
    local out
    out=$("${run_as[@]}" env -i HOME="$home" PATH=/usr/bin:/bin:/usr/games DISPLAY=":$disp" LANG="${LANG:-C.UTF-8}" \
        SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 ${SETTLE_POLL_MS:+SETTLE_POLL_MS=$SETTLE_POLL_MS} "$work/settle" -h 0.5 "$@" 2>"$work/err") ||
        out="failed: $(grep -v ALSA "$work/err" | tail -1)" # said, and left out of the figures
    echo "$name $out" | tee -a "$work/results"
}

echo "# $(date -u '+%F %H:%M UTC') $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
cache=warm
((cold)) && cache=cold-ish
echo "# as ${user:-$(id -un)}, cache $cache, $size, $rounds rounds, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
# each round starts every program once; the order turns by one place every round
progs=("${games[@]}" crimson)
for ((i = 0; i < rounds; i++)); do
    for ((k = 0; k < ${#progs[@]}; k++)); do
        p=${progs[(i + k) % ${#progs[@]}]}
        if [[ $p == crimson ]]; then
            one crimson "$(home_of crimson)" "$cf" --width "$w" --height "$h"
        else
            one "$(basename "$p")" "$(home_of "$(basename "$p")")" "$p" --windowed --size "$size"
        fi
    done
done
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/results" <<'EOF'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) != 7:
        continue
    d = rows.setdefault(f[0], {"first": [], "settled": [], "idle": []})
    for k, v in zip(f[1::2], f[2::2]):
        if float(v) >= 0:
            d[k].append(float(v) * 1000)
print("program      first (ms)          settled (ms)        usable (ms)")
for name, d in rows.items():
    cells = []
    for k in ("first", "settled", "idle"):
        v = d[k]
        cells.append(f"{statistics.median(v):5.0f} ({min(v):.0f}-{max(v):.0f})" if v else "   -")
    print(f"{name:12s} " + "".join(f"{c:20s}" for c in cells))
EOF
