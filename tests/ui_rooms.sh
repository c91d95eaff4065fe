#!/usr/bin/env bash
# ui_rooms.sh — the UI's rooms keep their arrows (docs/architecture.md): app.c -> screens/ ->
# battle/ -> board/ -> kit/, never upwards. Fails when
#   - a file includes a header of a higher room (or one of another room by its bare name),
#   - a file includes a header private to another room: a room's *_int.h (its state, shared by
#     its own files only: battle/battle_int.h is the battle's struct) and every header of the
#     room that includes one, so it cannot be reached around. The UI's tests (src/ui/tests) are
#     not checked: they drive the UI from inside and may read its state,
#   - the UI includes cJSON (files are read and written by the data layer),
#   - with the archive given: source files of the UI call each other in a circle (worked out
#     from the archive's symbols: which object uses what another defines).
# usage: ui_rooms.sh SRC/src/ui [libjs_ui.a]
set -u
dir=${1%/}; lib=${2:-}; fail=0
rank() { case $1 in kit) echo 0;; board) echo 1;; battle) echo 2;; screens) echo 3;; app) echo 4;; *) echo -1;; esac; }
rooms="kit board battle screens"
files=$(cd "$dir" && ls *.[ch] 2>/dev/null; for r in $rooms; do ls $r/*.[ch] 2>/dev/null; done)
inc_of() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$dir/$1"; }
# the room-relative path an include names, from the file that includes it ("" outside the UI)
resolve() {
  case $2 in
    */*) [ -f "$dir/$2" ] && echo "$2";;
    *) local here; here=$(dirname "$1")
       if [ -f "$dir/$here/$2" ]; then [ "$here" = . ] && echo "$2" || echo "$here/$2"
       elif [ -f "$dir/$2" ]; then echo "$2"; fi;;
  esac
}
private=" $(echo "$files" | grep '_int\.h$' | tr '\n' ' ')"
grew=1
while [ $grew -eq 1 ]; do
  grew=0
  for h in $(echo "$files" | grep '\.h$'); do
    case $private in *" $h "*) continue;; esac
    while IFS= read -r inc; do
      t=$(resolve "$h" "$inc")
      if [ -n "$t" ] && [ "$(dirname "$t")" = "$(dirname "$h")" ] && case $private in *" $t "*) true;; *) false;; esac; then
        private="$private$h "; grew=1; break
      fi
    done < <(inc_of "$h")
  done
done
n=0
for f in $files; do
  case $f in */*) room=${f%%/*};; *) room=app;; esac
  here=$(dirname "$f")
  while IFS= read -r inc; do
    case $inc in
      */*) to=${inc%%/*}; [ "$(rank "$to")" -ge 0 ] || continue;;
      *) if [ -f "$dir/$here/$inc" ]; then to=$room
         elif [ -f "$dir/$inc" ]; then to=app
         else
           other=$(cd "$dir" && ls */"$inc" 2>/dev/null | grep -v '^tests/' | head -1)
           if [ -n "$other" ]; then echo "$f: includes \"$inc\" by its bare name; say its room: \"$other\""; fail=1; fi
           continue
         fi;;
    esac
    n=$((n + 1))
    t=$(resolve "$f" "$inc")
    if [ -n "$t" ] && [ "$(dirname "$t")" != "$here" ] && case $private in *" $t "*) true;; *) false;; esac; then
      echo "$f ($room) includes \"$inc\", private to $(dirname "$t")/: reach it through the room's public header"
      fail=1
    fi
    if [ "$(rank "$to")" -gt "$(rank "$room")" ]; then
      echo "$f ($room) includes \"$inc\" ($to): arrows point down only (app -> screens -> battle -> board -> kit)"
      fail=1
    fi
  done < <(inc_of "$f")
done
if grep -rnE '#include *[<"](cjson/)?cJSON' "$dir" --include=*.c --include=*.h; then
  echo "the UI includes cJSON: files are read and written by the data layer (src/data)"; fail=1
fi
if [ -n "$lib" ]; then
  # object -> object edges from the archive's symbols, then the circles (strongly connected sets)
  circles=$(nm -A "$lib" 2>/dev/null | awk '
    { split($1, p, ":"); o = p[2] }
    $(NF-1) ~ /^[TDBRC]$/ { def[$NF] = o; next }
    $(NF-1) == "U" { nu++; uo[nu] = o; us[nu] = $NF }
    END {
      for (i = 1; i <= nu; i++) if ((us[i] in def) && def[us[i]] != uo[i]) { e[uo[i] SUBSEP def[us[i]]] = 1; node[uo[i]]; node[def[us[i]]] }
      for (k in node) for (i in node) if ((i SUBSEP k) in e) for (j in node) if ((k SUBSEP j) in e) e[i SUBSEP j] = 1
      for (i in node) if (!(i in seen)) {
        s = ""; for (j in node) if (j == i || (((i SUBSEP j) in e) && ((j SUBSEP i) in e))) { seen[j]; s = s " " j }
        if (s != " " i) print "circle:" s
      }
    }' | sort)
  if [ -n "$circles" ]; then
    echo "source files that call each other in a circle (each set below reaches every member and back):"
    echo "$circles"; fail=1
  fi
fi
[ $fail -eq 0 ] && echo "ui rooms: ok ($n includes between the UI's files point down, none reaches a header private to another room:$private${lib:+; no circles among its objects})"
exit $fail
