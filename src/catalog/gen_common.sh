# Sourced by gen_catalog.sh and gen_contrib.sh, with $here set to their directory: moves to the
# repository root and loads tests/pg/lib.sh, then gives what both generators share.
# shellcheck disable=SC2154 # $here is the sourcing script's
cd "$(dirname "$(dirname "$here")")" || exit
# shellcheck source=../../tests/pg/lib.sh
source tests/pg/lib.sh

# GEN_SETTING_ROW: the pg_settings columns both generators read, as one JSON object per row.
# shellcheck disable=SC2034 # used by the sourcing scripts
GEN_SETTING_ROW="json_build_object(
     'name', name, 'vartype', vartype, 'unit', unit, 'boot_val', boot_val,
     'min_val', min_val, 'max_val', max_val, 'enumvals', enumvals, 'context', context,
     'category', category, 'short_desc', short_desc)"

# gen_prepare: the servers fetched (tests/pg/fetch-servers.sh), and $work, a temporary directory
# removed when the script exits.
gen_prepare() {
  tests/pg/fetch-servers.sh >&2
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
}

# gen_finish NAME COMMITTED GENERATED MODE: with MODE --check, diff the committed file with the
# one just generated (exit status 1 when it is stale); else install the generated one.
gen_finish() {
  local name="$1" committed="$2" generated="$3" mode="$4"
  if [ "$mode" != --check ]; then
    cp "$generated" "$committed"
    echo "$name: wrote $committed" >&2
  elif diff -u "$committed" "$generated" >&2; then
    echo "$name: $committed is up to date" >&2
  else
    echo "$name: error: $committed is stale: run make catalog" >&2
    return 1
  fi
}
