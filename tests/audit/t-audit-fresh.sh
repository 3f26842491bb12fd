#!/usr/bin/env bash
# needs: servers
# No conclusion without enough evidence (docs/audit.md, "Evidence windows"): a server minutes
# old, after one manual CHECKPOINT, one query that spills to temporary files and a small queue
# table half dead, gets no warning or error computed from statistics on any of 13–18; the
# window notices (PK3051, PK2052) say what was seen and when to audit again. Audit values carry
# their units, as lint shows them (shared_buffers 128MB, not 16384).
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-fresh.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT # tests/pg/lib.sh chains its own cluster cleanup after this

json() { jq -e "$@" "$TMP/out.json" >/dev/null 2>&1; }
evidence_value() { jq -r --arg k "$1" '.inputs[0].evidence[] | select(.key == $k) | .value' "$TMP/out.json"; }
gt() { awk -v a="${1:-0}" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }

fresh_audit() { # major
  local major="$1"
  pg_psql -c "checkpoint" >/dev/null
  pg_psql -c "set work_mem = '64kB'" \
    -c "select count(*) from (select g from generate_series(1, 1500000) g order by g desc) s" >/dev/null
  pg_psql -c "create table queue (id int primary key, v int)" \
    -c "insert into queue select g, 0 from generate_series(1, 20000) g" -c "update queue set v = 1" >/dev/null
  [ "$major" -lt 15 ] && sleep 0.7 # 13/14 send statistics every 500 ms
  "$PGKNOB" audit --format json --fail-on never >"$TMP/out.json" 2>"$TMP/err"
  check "PG$major fresh: the audit ran" json .
  local stat_findings
  stat_findings=$(jq -r '[.findings[] | select((.evidence | length) > 0 and (.severity == "warning" or .severity == "error")) | .rule] | join(",")' "$TMP/out.json")
  check "PG$major fresh: no warning or error computed from statistics${stat_findings:+ (got: $stat_findings)}" \
    test -z "$stat_findings"
  for rule in PK3003 PK2012 PK4050 PK2051 PK7006; do
    check "PG$major fresh: $rule (a rate or ratio rule) is held back" \
      json --arg r "$rule" '[.findings[].rule] | index($r) == null'
  done
  local window requested rate
  window=$(evidence_value checkpoints.window_hours); requested=$(evidence_value checkpoints.requested)
  check "PG$major fresh: the checkpoint window is the server's few minutes ($window h)" \
    bash -c 'awk -v w="$0" "BEGIN { exit !(w > 0 && w < 0.5) }"' "$window"
  check "PG$major fresh: the manual CHECKPOINT is counted as requested ($requested)" gt "$requested" 0
  check "PG$major fresh: PK3051 says the window is too short and when to run again" \
    json '.findings[] | select(.rule == "PK3051" and .severity == "notice") | (.message | test("cover only")) and (.suggestion | test("run the audit again in [0-9]+min"))'
  rate=$(evidence_value temp.bytes_per_hour)
  check "PG$major fresh: the spilling query is counted ($(evidence_value temp.bytes) bytes)" \
    gt "$(evidence_value temp.bytes)" 1000000
  if gt "$rate" 1073741824; then
    check "PG$major fresh: its extrapolated rate ($rate B/h) is PK2052's notice, with the bytes really written" \
      json '.findings[] | select(.rule == "PK2052" and .severity == "notice") | .message | test("wrote [0-9.]+MB")'
  else
    check "PG$major fresh: no temp-file finding below 1 GB/h ($rate B/h)" \
      json '[.findings[].rule] | (index("PK2052") == null and index("PK2012") == null)'
  fi
  check "PG$major fresh: the 1 MB queue table is not judged (no table of 8 MB or more: ratio $(evidence_value vacuum.max_dead_ratio))" \
    json '.inputs[0].evidence[] | select(.key == "vacuum.max_dead_ratio") | .value == 0'
  # values with their units, as lint shows a file's values
  check "PG$major units: shared_buffers is shown as 128MB, setting 16384" \
    json '.inputs[0].settings[] | select(.name == "shared_buffers") | .value == "128MB" and .setting == "16384"'
  check "PG$major units: max_wal_size is shown as 1GB" \
    json '.inputs[0].settings[] | select(.name == "max_wal_size") | .value == "1GB"'
  "$PGKNOB" audit --fail-on never --appendix -o "$TMP/a.md" 2>/dev/null
  check "PG$major units: the Markdown appendix shows shared_buffers 128MB" \
    grep -q '^| `shared_buffers` | `128MB` |' "$TMP/a.md"
  check "PG$major units: no finding row shows shared_buffers as 16384" bash -c "! grep -q '\`16384\`' '$TMP/a.md'"
}

for major in 13 14 15 16 17 18; do
  if ! pg_cluster_start "$major" >/dev/null 2>"$TMP/start.err"; then
    fail "PG$major: cluster did not start: $(tail -3 "$TMP/start.err")"; continue
  fi
  fresh_audit "$major"
  pg_cluster_stop
done

done_testing
