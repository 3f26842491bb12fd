#!/usr/bin/env bash
# needs: servers
# lane: shared
# The secret matrix (issues #11 §2, #25 §1): secret-bearing inputs × every command (lint,
# settings, hba, fix, upgrade, rules, the language server, audit against a real PostgreSQL 18,
# lab run and lab restore with --dsn, tpcc with a DSN) × every format, to stdout, stderr and -o
# files. A secret must appear in no byte of stdout, stderr or any file written (fix's diff and
# the language server's edits excepted: they must hold the value to apply it). Each secret is a
# unique marker (SECRETxx...), so a leak is found whatever the rendering; values that hold no
# secret (VISIBLExx) must be shown whole. One line per cell; the matrix size and the leak count
# are printed before the totals.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"
TMP=$(mktemp -d /tmp/pgknob-secrets.XXXXXX); trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
export XDG_STATE_HOME="$TMP/state" # lab journals of this tier stay in it
formats=(text json md html sarif github codequality junit)
cells=0; leaks=0

# run_cell NAME COMMAND... : runs the command in a fresh directory (every file it writes lands
# there or in out/), then searches stdout, stderr and every file for any marker.
run_cell() {
  local name="$1"; shift
  local dir="$TMP/cell-$cells"; mkdir -p "$dir"
  (cd "$dir" && timeout 120 "$@" >"$dir/stdout" 2>"$dir/stderr"); local rc=$?
  cells=$((cells + 1))
  local hits
  local where=("$dir")
  [ -n "${CELL_STDERR_ONLY:-}" ] && where=("$dir/stderr")
  hits=$(grep -rlaoE 'SECRET[A-Za-z0-9]+' "${where[@]}" 2>/dev/null | sed "s|$dir/||" | tr '\n' ' ')
  if [ -n "$hits" ]; then
    leaks=$((leaks + 1))
    fail "$name: secret in $hits(exit $rc): $(grep -rhaoE '.{0,40}SECRET[A-Za-z0-9]+' "${where[@]}" | head -2 | tr '\n' '|')"
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
primary_conninf = 'host=primary user=rep password=SECRETb2'
ssl_passphrase_comand = 'echo SECRETb3'
EOF
# libpq's spaced "password = x" (S1), quoted and escaped passwords, in settings whose name says
# nothing; application_name twice, so the override finding (PK0024) quotes both
cat > inputs/spaced.conf <<'EOF'
primary_conninfo = 'host=primary user=rep password = SECRETa2 sslmode=require'
cluster_name = 'x password = SECRETa3'
application_name = 'x password=''SECRETa4 quoted'' y'
application_name = 'password=SECRETa5\\ SECRETa6 z'
EOF
# values the server rejects: the "rules not run ... holds VALUE" note quotes them (S2)
cat > inputs/rejected.conf <<'EOF'
shared_buffers = 'password=SECRETi1'
work_mem = 'x password = SECRETi2'
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

# the same rejected values from a CloudNativePG manifest and an RDS parameter group (S2)
cat > inputs/cnpg.yaml <<'EOF'
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: secrets
spec:
  instances: 1
  imageName: ghcr.io/cloudnative-pg/postgresql:17.2
  postgresql:
    parameters:
      shared_buffers: "password=SECRETj1"
      work_mem: "x password = SECRETj2"
      cluster_name: "postgres://u:SECRETj3@h/db"
EOF
cat > inputs/rds.json <<'EOF'
{"Parameters": [
  {"ParameterName": "shared_buffers", "ParameterValue": "password=SECRETj4", "Source": "user",
   "ApplyType": "static", "DataType": "integer", "IsModifiable": true, "ApplyMethod": "pending-reboot"},
  {"ParameterName": "work_mem", "ParameterValue": "x password = SECRETj5", "Source": "user",
   "ApplyType": "dynamic", "DataType": "integer", "IsModifiable": true, "ApplyMethod": "immediate"}
]}
EOF
# pg_hba.conf options that hold secrets (S3): ldapbindpasswd (quoted, with a blank) and
# radiussecrets
cat > inputs/pg_hba.conf <<'EOF'
local all all trust
host all all 10.0.0.0/8 ldap ldapserver=ldap.example ldapbasedn="dc=x" ldapbinddn="cn=admin" ldapbindpasswd="SECRETk1 SECRETk2"
host all all 10.1.0.0/16 ldap ldapserver=ldap.example ldapbasedn="dc=x" ldapbindpasswd=SECRETk3
host all all 10.2.0.0/16 radius radiusservers=127.0.0.1 radiussecrets=SECRETk4
host all all 10.3.0.0/16 radius radiusservers="127.0.0.1,127.0.0.2" radiussecrets="SECRETk5,SECRETk6"
EOF

conf_inputs=(conninfo misspelled passphrase urls custom spaced rejected cnpg rds pg_hba)
for input in "${conf_inputs[@]}"; do
  f=$(ls "$TMP/inputs/$input".*)
  cfg=(--config "$TMP/inputs/.pgknob.ini")
  for fmt in "${formats[@]}"; do
    run_cell "lint $input --format $fmt (stdout)" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" "$f"
    run_cell "lint $input --format $fmt -o report.$fmt" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" -o "report.$fmt" "$f"
  done
  for fmt in md html; do # the settings appendix, opt-in, shows every value
    run_cell "lint $input --format $fmt --appendix" "$PGKNOB" lint "${cfg[@]}" --pg-version 18 --format "$fmt" --appendix "$f"
  done
  case "$input" in cnpg|rds|pg_hba) continue ;; esac # settings reads postgresql.conf files
  for fmt in text json; do
    run_cell "settings $input --format $fmt" "$PGKNOB" settings "${cfg[@]}" --format "$fmt" "$f"
    run_cell "settings --all-errors $input --format $fmt" "$PGKNOB" settings "${cfg[@]}" --all-errors --format "$fmt" "$f"
  done
  for fmt in text json; do
    run_cell "upgrade $input --to 18 --format $fmt" "$PGKNOB" upgrade --from 13 --to 18 --format "$fmt" "$f"
  done
  # fix: its diff and -o file must hold the values to apply them; its log lines on stderr need not
  CELL_STDERR_ONLY=1 run_cell "fix $input (log lines on stderr)" "$PGKNOB" fix "${cfg[@]}" --pg-version 18 "$f"
done
for fmt in text json; do
  run_cell "hba --format $fmt" "$PGKNOB" hba --format "$fmt" "$TMP/inputs/pg_hba.conf"
done
out=$("$PGKNOB" hba "$TMP/inputs/pg_hba.conf" 2>&1)
check "hba: the secret options are named, their values masked" \
  bash -c 'grep -qF "ldapbindpasswd=<redacted>" <<<"$1" && grep -qF "radiussecrets=<redacted>" <<<"$1" && grep -qF "ldapbinddn=cn=admin" <<<"$1"' _ "$out"
out=$("$PGKNOB" lint --pg-version 18 --format json "$TMP/inputs/rejected.conf" 2>&1)
check "lint json: the note on rules not run quotes the rejected value with its password masked (S2)" \
  grep -qF 'holds \"password=<redacted>\", which the server rejects' <<<"$out"
err=$("$PGKNOB" fix --pg-version 18 "$TMP/inputs/misspelled.conf" 2>&1 >/dev/null)
check "fix: the log line names the change with the password masked (S4): ${err:0:120}" \
  grep -qF "primary_conninfo = host=primary user=rep password=<redacted>" <<<"$err"

# ---- values with no secret are shown whole: a conninfo without a password, a libpq URI with a
# user only; a conninfo with one keeps everything but the password
cat > inputs/visible.conf <<'EOF'
primary_conninfo = 'host=VISIBLEh1 user=VISIBLEu1 sslmode=require'
restore_command = 'fetch postgres://VISIBLEu2@archive/db %f %p'
cluster_name = 'host=VISIBLEh2 user=VISIBLEu3 password=SECRETv1'
EOF
for fmt in text json; do
  out=$("$PGKNOB" settings --format "$fmt" "$TMP/inputs/visible.conf" 2>&1)
  check "settings $fmt: a conninfo with no password is shown whole" grep -qF 'host=VISIBLEh1 user=VISIBLEu1 sslmode=require' <<<"$out"
  check "settings $fmt: postgres://user@host is shown whole" grep -qF 'postgres://VISIBLEu2@archive/db' <<<"$out"
  check "settings $fmt: a conninfo with a password keeps the rest" grep -qF 'host=VISIBLEh2 user=VISIBLEu3 password=<redacted>' <<<"$out"
done
for fmt in json md html; do
  # the settings appendix (opt-in) is where md and html show every value
  out=$("$PGKNOB" lint --pg-version 18 --format "$fmt" --appendix "$TMP/inputs/visible.conf" 2>&1)
  check "lint $fmt: a conninfo with no password is shown whole" grep -qF 'host=VISIBLEh1 user=VISIBLEu1 sslmode=require' <<<"$out"
  check "lint $fmt: postgres://user@host is shown whole" grep -qF 'postgres://VISIBLEu2@archive/db' <<<"$out"
  check "lint $fmt: no secret of visible.conf" bash -c '! grep -q SECRETv1 <<<"$1"' _ "$out"
done

# ---- the language server: real JSON-RPC over stdio (tests/lsp/session.py): diagnostics,
# hover, code actions and document symbols on every line of each input. The edits (newText) and
# the diagnostics' data hold a fix's value to apply it; every other byte is searched.
mkdir -p lsp
cat > lsp/strip.py <<'EOF'
import json, sys
def strip(node):
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items() if k not in ("newText", "data")}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node
print(json.dumps(strip(json.load(open(sys.argv[1])))))
EOF
for input in conninfo misspelled passphrase urls spaced rejected visible; do
  run_cell "lsp $input (diagnostics, hover, code actions, symbols)" bash -c \
    'python3 "$1" "$2" "$3" "$4" "$5" && python3 "$6" "$5" > shown.json && rm "$5"' _ \
    "$PROJECT_ROOT/tests/lsp/session.py" "$PGKNOB" "$TMP/inputs/$input.conf" "$TMP/lsp/raw-$input" \
    full.json "$TMP/lsp/strip.py"
done
shown=$(cat "$TMP"/cell-*/shown.json 2>/dev/null)
n_diag=$(python3 -c 'import json,sys; print(sum(len(json.loads(l)["diagnostics"]) for l in sys.stdin))' <<<"$shown" 2>/dev/null)
check "lsp: the sessions ran and published diagnostics (${n_diag:-none})" test "${n_diag:-0}" -gt 10
check "lsp: PK0024's message quotes the overridden value with its password masked" \
  grep -qF "password=''<redacted>'' y" <<<"$shown"
check "lsp: a conninfo with no password is shown whole in document symbols" grep -qF 'host=VISIBLEh1 user=VISIBLEu1' <<<"$shown"
check "lsp: a misspelt secret name's value is <redacted> in document symbols" \
  python3 -c 'import json,sys
for line in sys.stdin:
    for m in json.loads(line)["messages"]:
        for x in (m.get("result") if isinstance(m.get("result"), list) else []):
            if isinstance(x, dict) and x.get("name") == "ssl_passphrase_comand" and x.get("detail") == "<redacted>": sys.exit(0)
sys.exit(1)' <<<"$shown"

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

# ---- S6: settings changed under a lab. Lines appended to postgresql.conf once the journal is
# written (ALTER SYSTEM would be put back by the restore): the restore finds them different and
# names them, in lab run's and then lab restore's messages and in the run's summaries. One
# value holds a password=, the other is a setting whose whole value is secret.
conf_file="$PGDATA/postgresql.conf"
cp "$conf_file" "$TMP/postgresql.conf.orig"
cat > lab-change.sh <<'EOF'
# lab-change.sh CONF PSQL COMMAND...: runs the command and, once its journal is written, changes
# two settings under it
conf="$1" psql="$2"; shift 2
"$@" & pid=$!
for _ in $(seq 900); do ls "$XDG_STATE_HOME"/pgknob/lab-*.json >/dev/null 2>&1 && break; sleep 0.1; done
printf "%s\n" "log_line_prefix = 'x password=SECRETm1 '" "ssl_passphrase_command = 'echo SECRETm2'" >> "$conf"
"$psql" -X -q -c 'SELECT pg_reload_conf()' >/dev/null
wait $pid
EOF
run_cell "lab run: settings changed under it (S6)" bash "$TMP/lab-change.sh" "$conf_file" \
  "$PG_CLIENT_BIN/psql" "$PGKNOB" lab run 00-s --labs "$TMP/labs" --dsn "$kv" \
  --allow-existing-server --pg-bin "$PG_BIN" --out out
s6_run="$TMP/cell-$((cells - 1))"
check "lab run (S6): the restore names what changed, values masked: $(grep -m1 log_line_prefix "$s6_run/stderr")" \
  bash -c 'grep -qF "log_line_prefix: \"%m [%p] \" → \"x password=<redacted> \"" "$1/stderr" &&
           grep -qF "ssl_passphrase_command: <redacted>" "$1/stderr"' _ "$s6_run"
run_cell "lab restore: settings still changed (S6)" "$PGKNOB" lab restore --dsn "$kv" --pg-bin "$PG_BIN"
s6_restore="$TMP/cell-$((cells - 1))"
check "lab restore (S6): names what changed, values masked" grep -qF "ssl_passphrase_command: <redacted>" "$s6_restore/stderr"
cp "$TMP/postgresql.conf.orig" "$conf_file"
pg_psql -c "SELECT pg_reload_conf()" >/dev/null
run_cell "lab restore: the settings back" "$PGKNOB" lab restore --dsn "$kv" --pg-bin "$PG_BIN"
check "lab restore cleared the journal once the settings were back" \
  bash -c '! ls "$1"/pgknob/lab-*.json >/dev/null 2>&1' _ "$XDG_STATE_HOME"

echo "secret matrix: $cells cells, $leaks leaks"
done_testing
