#!/usr/bin/env bash
# Proves a pure layer (the engine; the AI, which may use the engine's public API only) depends on
# nothing but libc/libm (the AI: and pthread_create/join): no SDL, cJSON, clock, libc rand or I/O.
# usage: engine_purity.sh LIB.a SRC_DIR [LABEL]     LABEL "ai": engine internals (jsi_*) are forbidden too
set -u
lib=$1; dir=$2; label=${3:-engine}; fail=0
undef=$(nm -u "$lib" | awk '{print $2}' | sort -u)
for pat in '^SDL' '^IMG_' '^TTF_' '^Mix_' '^cJSON' '^rand$' '^srand$' '^random$' '^time$' '^clock' '^gettimeofday$' '^fopen' '^printf$' '^fprintf$' '^puts$'; do
  hits=$(printf '%s\n' "$undef" | grep -E "$pat")
  if [ -n "$hits" ]; then echo "$label archive uses forbidden symbol(s): $hits"; fail=1; fi
done
allowed='^(memcpy|memset|memmove|memcmp|strlen|strcmp|strncmp|strncpy|strcpy|strchr|strstr|snprintf|vsnprintf|malloc|calloc|realloc|free|abs|qsort|sqrt|__stack_chk_fail|__assert_fail|__asan.*|__ubsan.*|__tsan.*|_GLOBAL_OFFSET_TABLE_)$'
own='^jsi?_'
if [ "$label" != engine ]; then
  own='^(js_|ai_)'
  # the commodore's search plays its games on threads of its own (src/ai/search_par.c)
  allowed="${allowed%)\$}|pthread_create|pthread_join)\$"
  hits=$(printf '%s\n' "$undef" | grep -E '^jsi_')
  if [ -n "$hits" ]; then echo "$label archive reaches into the engine's internals: $hits"; fail=1; fi
  if grep -rn 'include *"internal.h"' "$dir"; then echo "$label sources include the engine's internal.h"; fail=1; fi
fi
others=$(printf '%s\n' "$undef" | grep -vE "$allowed" | grep -vE "$own" | grep -v '^$')
if [ -n "$others" ]; then echo "$label archive uses symbols outside the allowed libc set:"; echo "$others"; fail=1; fi
forbidden='SDL|cjson|cJSON|time\.h|sys/|threads\.h'
[ "$label" = engine ] && forbidden="$forbidden|pthread\.h"
if grep -rnE "#include *[<\"]($forbidden)" "$dir"; then echo "$label sources include a forbidden header"; fail=1; fi
[ $fail -eq 0 ] && echo "$label purity: ok ($(printf '%s\n' "$undef" | grep -c .) undefined symbols, all allowed)"
exit $fail
