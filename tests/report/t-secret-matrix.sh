#!/usr/bin/env bash
# needs: servers
# The secret matrix (issue #11 §2): secret-bearing inputs × every command (lint, settings, rules,
# audit against a real PostgreSQL 18, lab run with --dsn, tpcc with a DSN) × every format, to
# stdout and to -o files. A secret must appear in no byte of stdout, stderr or any file written.
# Each secret is a unique marker (SECRETxx...), so a leak is found whatever the rendering.
# One line per cell; the matrix size and the leak count are printed before the totals.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
TMP=$(mktemp -d /tmp/pgknob-secrets.XXXXXX); trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
formats=(text json md html sarif github)
cells=0; leaks=0

# run_cell NAME COMMAND... : runs the command in a fresh directory (every file it writes lands
# there or in out/), then searches stdout, stderr and every file for any marker.
run_cell() {
  local name="$1"; shift
  local dir="$TMP/cell-$cells"; mkdir -p "$dir"
  (cd "$dir" && timeout 120 "$@" >"$dir/stdout" 2>"$dir/stderr"); local rc=$?
  cells=$((cells + 1))
  local hits
  hits=$(grep -rlaoE 'SECRET[A-Za-z0-9]+' "$dir" 2>/dev/null | sed "s|$dir/||" | tr '\n' ' ')
  if [ -n "$hits" ]; then
    leaks=$((leaks + 1))
    fail "$name: secret in $hits(exit $rc): $(grep -rhaoE '.{0,40}SECRET[A-Za-z0-9]+' "$dir" | head -2 | tr '\n' '|')"
  elif [ "$rc" -eq 124 ]; then
    fail "$name: timed out"
  elif [ "$rc" -ge 126 ] && [ "$rc" -le 127 ] || [ "$rc" -ge 3 ] && [ "$rc" -lt 124 ]; then
    fail "$name: did not run as a pgknob command (exit $rc): $(head -c 200 "$dir/stderr")"
  else
    ok "$name (exit $rc, no secret in stdout, stderr or $(find "$dir" -type f | wc -l) files)"
  fi
}

# ---- configuration inputs, each a way a secret reached output before ----
mkdir -p inputs
cat > inputs/conninfo.conf <<'EOF'
primary_conninfo = 'host=primary user=rep password=SECRETa1 sslmode=require'
EOF
cat > inputs/misspelled.conf <<'EOF'
primary_conn_infoo = 'host=primary user=rep password=SECRETb1'
primary_conninf = 'host=primary user=SECRETb2'
EOF
cat > inputs/passphrase.conf <<'EOF'
ssl_passphrase_command = echo SECRETc1
EOF
cat > inputs/urls.conf <<'EOF'
restore_command = 'curl -s postgres://bob:SECRETd1@archive/%f -o %p'
archive_cleanup_command = 'clean https://bob:SECRETd2@archive/'
archive_command = 'push postgres://carol:SECRETd3@archive/%p'
recovery_end_command = 'notify https://SECRETd4@hooks.example/done'
EOF
cat > inputs/custom.conf <<'EOF'
myext.api_key = 'SECRETe1'
work_mem = 4MB
EOF
printf '[pgknob]\nredact = myext.api_*\n' > inputs/.pgknob.ini
# control for the harness itself: a value that is no secret is shown, so a lint that printed
# nothing would not pass as "no leak"
printf "cluster_name = 'VISIBLEz1'\n" > inputs/visible.conf
out=$("$PGKNOB" lint --format md --appendix "$TMP/inputs/visible.conf" 2>&1)
check "harness control: a plain value is shown (VISIBLEz1 in the md report)" grep -q VISIBLEz1 <<<"$out"

conf_inputs=(conninfo misspelled passphrase urls custom)
for input in "${conf_inputs[@]}"; do
  f="$TMP/inputs/$input.conf"
  cfg=(--config "$TMP/inputs/.pgknob.ini")
  for fmt in "${formats[@]}"; do
    run_cell "lint $input --format $fmt (stdout)" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" "$f"
    run_cell "lint $input --format $fmt -o report.$fmt" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" -o "report.$fmt" "$f"
  done
  for fmt in md html; do # the settings appendix, opt-in, shows every value
    run_cell "lint $input --format $fmt --appendix" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" --appendix "$f"
  done
  for fmt in text json; do
    run_cell "settings $input --format $fmt" "$PGKNOB" settings "${cfg[@]}" --format "$fmt" "$f"
    run_cell "settings --all-errors $input --format $fmt" "$PGKNOB" settings "${cfg[@]}" --all-errors --format "$fmt" "$f"
  done
done

# ---- rules: a pack whose examples carry a conninfo with a password and whose message quotes it
mkdir -p pack
cat > pack/X9001-conninfo.ini <<'EOF'
[rule]
id = X9001
name = x.conninfo-quoted
title = primary_conninfo is set
severity = warning
category = replication
versions = 13-
parameters = primary_conninfo
condition = primary_conninfo != ""
message = primary_conninfo is {primary_conninfo}
suggestion = primary_conninfo = 'host=other'

[example.fail.1]
conf = primary_conninfo = 'host=a password=SECRETf1'

[example.pass.1]
conf = primary_conninfo = ''
EOF
for fmt in text json; do
  run_cell "rules list --format $fmt" "$PGKNOB" rules list --rules "$TMP/pack" --format "$fmt"
done
run_cell "rules show X9001" "$PGKNOB" rules show X9001 --rules "$TMP/pack"
run_cell "rules test --verbose" "$PGKNOB" rules test --verbose --no-builtin --rules "$TMP/pack"
run_cell "rules doc" "$PGKNOB" rules doc --rules "$TMP/pack"
run_cell "lint with the pack (message quotes the value)" "$PGKNOB" lint --rules "$TMP/pack" --format md --pg-version 18 "$TMP/inputs/conninfo.conf"

# ---- a real server: secret settings, and the connection strings that reach it ----
if ! pg_cluster_start 18 >/dev/null 2>"$TMP/start.err"; then
  fail "PostgreSQL 18 did not start: $(tail -3 "$TMP/start.err")"
  echo "secret matrix: $cells cells, $leaks leaks"; done_testing; exit 1
fi
pg_psql -c "ALTER SYSTEM SET primary_conninfo = 'host=primary password=SECRETg1'" \
        -c "ALTER SYSTEM SET restore_command = 'curl postgres://bob:SECRETg2@archive/%f -o %p'" \
        -c "ALTER SYSTEM SET archive_cleanup_command = 'clean https://bob:SECRETg3@archive/'" \
        -c "SELECT pg_reload_conf()" >/dev/null
uri="postgresql://postgres:SECRETh1@/postgres?host=$PGHOST&port=$PGPORT"
kv="host=$PGHOST port=$PGPORT user=postgres dbname=postgres password=SECRETh2"
bad_uri="postgresql://postgres:SECRETh3@[::1"
bad_kv="host=$PGHOST port=$PGPORT password='SECRETh4"
bad_param="postgresql://postgres:SECRETh5@/postgres?host=$PGHOST&port=$PGPORT&bogus=SECRETh6"
for fmt in "${formats[@]}"; do
  run_cell "audit URI --format $fmt" "$PGKNOB" audit --format "$fmt" "$uri"
  run_cell "audit key=value --format $fmt -o audit.$fmt" "$PGKNOB" audit --format "$fmt" -o "audit.$fmt" "$kv"
done
for dsn in "$bad_uri" "$bad_kv" "$bad_param"; do
  run_cell "audit, a connection string libpq cannot parse: ${dsn:0:24}..." "$PGKNOB" audit "$dsn"
  run_cell "tpcc check, a connection string libpq cannot parse: ${dsn:0:24}..." "$PGKNOB" tpcc check "$dsn"
done
run_cell "tpcc load URI" "$PGKNOB" tpcc load --warehouses 1 "$uri"
run_cell "tpcc run key=value --format json" "$PGKNOB" tpcc run --duration 2s --clients 1 --warehouses 1 "$kv"
run_cell "tpcc check URI" "$PGKNOB" tpcc check "$uri"

# ---- lab with --dsn: stdout, stderr, summary.md, summary.html, summary.json, chart.svg ----
mkdir -p labs/00-s
cat > labs/00-s/lab.ini <<'EOF'
[lab]
title = secret matrix stage
kind = stage
order = 0
story = one short stage
settings = settings.conf
[workload]
type = tpcc
warehouses = 1
clients = 1
duration = 2s
warmup = 1s
EOF
printf 'work_mem = 8MB\n' > labs/00-s/settings.conf
run_cell "lab run --dsn URI (summaries)" "$PGKNOB" lab run 00-s --labs "$TMP/labs" --dsn "$uri" \
  --allow-existing-server --pg-bin "$PG_BIN" --out out
run_cell "lab run --dsn key=value (summaries)" "$PGKNOB" lab run 00-s --labs "$TMP/labs" --dsn "$kv" \
  --allow-existing-server --pg-bin "$PG_BIN" --out out
run_cell "lab run --dsn, unparsable" "$PGKNOB" lab run 00-s --labs "$TMP/labs" --dsn "$bad_uri" \
  --allow-existing-server --pg-bin "$PG_BIN" --out out
lab_summaries=$(ls "$TMP"/cell-*/out/summary.* 2>/dev/null | wc -l)
check "the lab cells wrote their summaries (md, html, json: $lab_summaries files)" test "$lab_summaries" -ge 6

echo "secret matrix: $cells cells, $leaks leaks"
done_testing
