# Sourced by gen_catalog.sh and gen_contrib.sh: the first and the last step both share.

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
