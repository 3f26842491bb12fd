#!/usr/bin/env bash
# reports/examples/: reports written by pgknob itself for the "make Postgres slow" lab stages
# (labs/0*/settings.conf) and a healthy configuration, in md, html, json and sarif.
#   examples.sh --update   regenerate (make examples)
#   examples.sh --check    compare with the committed files (tests/report/t-examples.sh)
set -u
cd "$(dirname "$0")/../.."
PGKNOB="${PGKNOB:-$PWD/bin/pgknob}"
mode="${1:---check}"
dir=reports/examples
host="ram=24GB,cores=2,storage=ssd,kernel=6.8,container=no"
host_args=(); "$PGKNOB" lint --help 2>/dev/null | grep -q -- '--host' && host_args=(--host "$host")
confs=(tests/report/confs/healthy.conf)
for stage in labs/0*/settings.conf; do confs+=("$stage"); done
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
for conf in "${confs[@]}"; do
  case "$conf" in labs/*) name=$(basename "$(dirname "$conf")") ;; *) name=$(basename "$conf" .conf) ;; esac
  for fmt in md html json sarif; do
    env -u SOURCE_DATE_EPOCH NO_COLOR=1 "$PGKNOB" lint --pg-version 18 --fail-on never \
      "${host_args[@]}" --format "$fmt" -o "$out/$name.$fmt" "$conf" || exit 2
  done
done
if [ "$mode" = --update ]; then
  rm -rf "$dir"; mkdir -p "$dir"; cp "$out"/* "$dir"/
  echo "examples: wrote $(ls "$dir" | wc -l) files under $dir"
  exit 0
fi
rc=0
for f in "$out"/*; do
  if cmp -s "$f" "$dir/$(basename "$f")"; then echo "ok current $dir/$(basename "$f")"
  else echo "FAIL stale $dir/$(basename "$f") (run make examples)"; rc=1; fi
done
for f in "$dir"/*; do
  [ -e "$out/$(basename "$f")" ] || { echo "FAIL $f is no longer generated"; rc=1; }
done
exit $rc
