#!/bin/sh
# Builds the libFuzzer targets with clang, ASan and UBSan, and fuzzes each for a while.
#
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]      default: 30 s each, every target
#
# Targets are the tests/fuzz/fuzz_<name>.c files (scenario, record, commands, command,
# catalogue, settings, lesson, wire, server). Each starts from its committed seeds,
# tests/fuzz/seeds/<name>, and the corpus it grew before, $BUILD/corpus/<name> (kept between
# runs, never committed). A finding stops that target: its input is saved as
# $BUILD/findings/<name>-crash-... (or leak-, timeout-, oom-), and the script ends non-zero.
# Reproduce one with `$BUILD/fuzz_<name> FILE`.
#
# Environment: JS_FUZZ_BUILD (the build folder, default build-fuzz), JS_FUZZ_FLAGS (more
# libFuzzer options, e.g. "-jobs=2 -workers=2"). Without clang it says so and succeeds.
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-30}
[ $# -gt 0 ] && shift
build=${JS_FUZZ_BUILD:-build-fuzz}

if ! command -v clang >/dev/null 2>&1; then
  echo "tests/fuzz/run.sh: clang is not installed: fuzzing skipped (packaging/deps.sh installs it)"
  exit 0
fi

if [ $# -gt 0 ]; then
  targets="$*"
else
  targets=""
  for f in tests/fuzz/fuzz_*.c; do
    t=${f#tests/fuzz/fuzz_}
    t=${t%.c}
    [ "$t" = support ] || targets="$targets $t"
  done
fi

CC=clang cmake -S . -B "$build" -DJS_FUZZ=ON -DJS_BUILD_UI=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# shellcheck disable=SC2046 # one word per target
if ! cmake --build "$build" -j2 --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done) \
     >"$build/build.log" 2>&1; then
  cat "$build/build.log"
  exit 1
fi

mkdir -p "$build/findings"
failed=""
printf '%-10s %8s %10s %8s %6s %6s  %s\n' target seconds execs exec/s cov corpus result
for t in $targets; do
  mkdir -p "$build/corpus/$t"
  log="$build/fuzz_$t.log"
  rc=0
  # shellcheck disable=SC2086 # JS_FUZZ_FLAGS is a list of options
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
      -dict=tests/fuzz/jumpstrike.dict -print_final_stats=1 -artifact_prefix="$build/findings/$t-" \
      ${JS_FUZZ_FLAGS:-} "$build/corpus/$t" "tests/fuzz/seeds/$t" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  result=ok
  if [ "$rc" -ne 0 ]; then
    result="FINDING (exit $rc), log $log"
    failed="$failed $t"
  fi
  printf '%-10s %8s %10s %8s %6s %6s  %s\n' "$t" "$secs" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${corp:-?}" "$result"
done

if [ -n "$failed" ]; then
  for t in $failed; do
    echo "---- fuzz_$t: the end of $build/fuzz_$t.log"
    tail -n 60 "$build/fuzz_$t.log"
  done
  echo "tests/fuzz/run.sh: findings in:$failed (inputs in $build/findings/)"
  exit 1
fi
