#!/usr/bin/env bash
# Proves the engine library depends on nothing but libc/libm, and no clock or libc rand.
# usage: engine_purity.sh libjs_engine.a src/engine
set -u
lib=$1; dir=$2; fail=0
undef=$(nm -u "$lib" | awk '{print $2}' | sort -u)
for pat in '^SDL' '^IMG_' '^TTF_' '^Mix_' '^cJSON' '^rand$' '^srand$' '^random$' '^time$' '^clock' '^gettimeofday$' '^fopen' '^printf$' '^fprintf$' '^puts$'; do
  hits=$(printf '%s\n' "$undef" | grep -E "$pat")
  if [ -n "$hits" ]; then echo "engine archive uses forbidden symbol(s): $hits"; fail=1; fi
done
allowed='^(memcpy|memset|memmove|memcmp|strlen|strcmp|strncmp|strncpy|strcpy|strchr|strstr|snprintf|vsnprintf|malloc|calloc|realloc|free|abs|qsort|__stack_chk_fail|__assert_fail|__asan.*|__ubsan.*|__tsan.*|_GLOBAL_OFFSET_TABLE_)$'
others=$(printf '%s\n' "$undef" | grep -vE "$allowed" | grep -vE '^jsi?_' | grep -v '^$')
if [ -n "$others" ]; then echo "engine archive uses symbols outside the allowed libc set:"; echo "$others"; fail=1; fi
if grep -rnE '#include *[<"](SDL|cjson|cJSON|time\.h|sys/)' "$dir"; then echo "engine sources include a forbidden header"; fail=1; fi
[ $fail -eq 0 ] && echo "engine purity: ok ($(printf '%s\n' "$undef" | grep -c .) undefined libc symbols, all allowed)"
exit $fail
