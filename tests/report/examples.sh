#!/usr/bin/env bash
# reports/examples/: reports written by pgknob itself for every lab configuration (the "make
# Postgres slow" stages labs/0*/settings.conf and the single-knob labs with their variants) and a
# healthy configuration, in md, html, json and sarif, with an index (README.md).
#   examples.sh --update   regenerate (make examples)
#   examples.sh --check    compare with the committed files (tests/report/t-examples.sh)
set -u
cd "$(dirname "$0")/../.."
PGKNOB="${PGKNOB:-$PWD/bin/pgknob}"
mode="${1:---check}"
dir=reports/examples
host="ram=24GB,cores=2,storage=ssd,kernel=6.8,container=no"
host_args=(--host "$host")
confs=(tests/report/confs/healthy.conf)
for conf in labs/*/*.conf; do [ -f "$conf" ] && confs+=("$conf"); done
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
example_name() { # conf
  case "$1" in
    labs/*/settings.conf) basename "$(dirname "$1")" ;;
    labs/*) echo "$(basename "$(dirname "$1")")-$(basename "$1" .conf)" ;;
    *) basename "$1" .conf ;;
  esac
}
{
  echo "# Example reports"
  echo
  echo "Written by pgknob itself (\`make examples\`; \`tests/report/t-examples.sh\` checks they are"
  echo "current) for PostgreSQL 18 on a host described as \`$host\`."
  echo
  [ -f "$dir/lab-series/README.md" ] &&
    printf '%s\n\n' "Measured, not predicted: a run of the slow series by \`pgknob lab\` is in [lab-series/](lab-series/README.md)."
  echo "| example | configuration | findings | reports |"
  echo "|---|---|---|---|"
} > "$out/README.md"
for conf in "${confs[@]}"; do
  name=$(example_name "$conf")
  counts=$(env -u SOURCE_DATE_EPOCH NO_COLOR=1 "$PGKNOB" lint --pg-version 18 --fail-on never \
             "${host_args[@]}" "$conf" | tail -1 | sed 's/ in [0-9]* files\{0,1\} .*//')
  echo "| $name | \`$conf\` | $counts | [md]($name.md) · [html]($name.html) · [json]($name.json) · [sarif]($name.sarif) |" >> "$out/README.md"
  for fmt in md html json sarif; do
    env -u SOURCE_DATE_EPOCH NO_COLOR=1 "$PGKNOB" lint --pg-version 18 --fail-on never \
      "${host_args[@]}" --format "$fmt" -o "$out/$name.$fmt" "$conf" || exit 2
  done
done
if [ "$mode" = --update ]; then
  # Only the files at the top are ours: subdirectories (lab-series/, measured by `pgknob lab`) stay.
  mkdir -p "$dir"; find "$dir" -maxdepth 1 -type f -delete; if compgen -G "$out/*" >/dev/null; then cp "$out"/* "$dir"/; fi
  echo "examples: wrote $(ls "$dir" | wc -l) files under $dir"
  exit 0
fi
rc=0
for f in "$out"/*; do
  [ -f "$f" ] || continue
  if cmp -s "$f" "$dir/$(basename "$f")"; then echo "ok current $dir/$(basename "$f")"
  else echo "FAIL stale $dir/$(basename "$f") (run make examples)"; rc=1; fi
done
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  [ -e "$out/$(basename "$f")" ] || { echo "FAIL $f is no longer generated"; rc=1; }
done
exit $rc
