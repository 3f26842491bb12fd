#!/usr/bin/env bash
# The memory model calibrated against the generators people use:
# PGTune and timescaledb-tune configurations (tests/rules/generators.py re-implements their
# formulas, with attribution) for 56 host shapes (RAM 2–256 GB, 2–64 cores, 20–1000
# connections, ssd and hdd), linted with all packs on 13–18 on the host they were made for,
# raise no warning and no error. timescaledb-tune's work_mem ignores max_connections: on 2 cores
# from 8 GB its 100 connections × RAM/160 really over-commit memory, and pgknob must say so
# (PK2002: a notice while the worst case fits in RAM, a warning above it; or PK2001).
source "$(dirname "$0")/../lib.sh"

jqe() { jq -e "$@" >/dev/null 2>&1; }
TMP=$(mktemp -d /tmp/pgknob-gen.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
python3 "$PROJECT_ROOT/tests/rules/generators.py" "$TMP/conf" >"$TMP/grid.tsv"
shapes=$(cut -f2 "$TMP/grid.tsv" | sort -u | wc -l)
check "the grid has at least 50 host shapes ($shapes)" test "$shapes" -ge 50
check "both generators are in the grid" bash -c 'grep -q "	pgtune	" "$0" && grep -q "	timescaledb-tune	" "$0"' "$TMP/grid.tsv"

configs=0; dirty=0; flagged_ok=0; flagged_missed=0
while IFS=$'\t' read -r name host generator expect; do
  for major in 13 14 15 16 17 18; do
    configs=$((configs + 1))
    "$PGKNOB" lint --pg-version "$major" --host "$host" --format json --fail-on never \
      "$TMP/conf/$name.conf" >"$TMP/out.json" 2>"$TMP/err"
    found=$(jq -r '[.findings[] | select(.severity == "warning" or .severity == "error") | .rule] | unique | join(",")' "$TMP/out.json" 2>/dev/null)
    # "memory": only the worst-case memory may be a warning (timescaledb-tune's ten autovacuum
    # workers × maintenance_work_mem), nothing else
    if [ "$expect" = memory ]; then
      if [ -n "$(tr ',' '\n' <<<"$found" | grep -v -E '^(PK200[12])?$')" ] || ! jq -e . "$TMP/out.json" >/dev/null 2>&1; then
        dirty=$((dirty + 1))
        fail "$generator $name on $major ($host): $found beyond the memory over-commit $(head -c 200 "$TMP/err")"
      fi
    elif [ "$expect" = clean ]; then
      if [ -n "$found" ] || ! jq -e . "$TMP/out.json" >/dev/null 2>&1; then
        dirty=$((dirty + 1))
        fail "$generator $name on $major ($host): $found $(jq -r '.findings[] | select(.severity == "warning" or .severity == "error") | .message' "$TMP/out.json" 2>/dev/null | head -2) $(head -c 200 "$TMP/err")"
      fi
    elif mem=$(jq -r '[.findings[] | select(.rule == "PK2001" or .rule == "PK2002")] | length' "$TMP/out.json" 2>/dev/null) &&
         [ "${mem:-0}" -ge 1 ] && [ -z "$(tr ',' '\n' <<<"$found" | grep -v -E '^(PK200[12])?$')" ]; then
      # the over-commit is PK2002 (a notice while the worst case fits in RAM, a warning above)
      # or PK2001, and nothing else is a warning
      flagged_ok=$((flagged_ok + 1))
    else
      flagged_missed=$((flagged_missed + 1))
      fail "$generator $name on $major ($host): expected only the memory over-commit (PK2001/PK2002), got: ${found:-nothing} at warning+, ${mem:-0} memory findings"
    fi
  done
done <"$TMP/grid.tsv"
clean=$(awk -F'\t' '$4 == "clean" || $4 == "memory"' "$TMP/grid.tsv" | wc -l)
check "$((clean * 6)) generator configurations on their hosts: $dirty raise a warning or error (beyond timescaledb-tune's autovacuum memory)" test "$dirty" -eq 0
check "timescaledb-tune on 2 cores from 8 GB: the over-commit is found in $flagged_ok of $((flagged_ok + flagged_missed))" \
  test "$flagged_missed" -eq 0 -a "$flagged_ok" -gt 0
echo "# grid: $shapes shapes, $configs lint runs, $dirty clean-expected configurations with warnings/errors"

# Without --host only absolute sanity applies: no PGTune configuration reaches PK2020.
pk2020=0
for conf in "$TMP"/conf/pgtune-*.conf; do
  "$PGKNOB" lint --pg-version 18 --format json --fail-on never "$conf" >"$TMP/out.json" 2>/dev/null
  jq -e '[.findings[].rule] | index("PK2020") != null' "$TMP/out.json" >/dev/null && pk2020=$((pk2020 + 1))
done
check "without --host, no PGTune configuration raises PK2020 ($pk2020)" test "$pk2020" -eq 0

# The absolute limits themselves, on every major, without host facts.
printf 'max_connections = 100\nwork_mem = 1GB\n' >"$TMP/a.conf"
printf 'max_connections = 1000\nwork_mem = 256MB\n' >"$TMP/b.conf"
for major in 13 14 15 16 17 18; do
  for f in a b; do
    "$PGKNOB" lint --pg-version "$major" --format json --fail-on never "$TMP/$f.conf" >"$TMP/out.json"
    check "PG$major without --host: $(tr '\n' ' ' <"$TMP/$f.conf")is a PK2020 warning" \
      jqe '.findings[] | select(.rule == "PK2020" and .severity == "warning") | .message | test("= [0-9.]+GB")' "$TMP/out.json"
  done
done

# The arithmetic is shown: backends × work_mem, the maintenance term, the hash upper bound.
printf 'max_connections = 800\nwork_mem = 32MB\n' >"$TMP/m.conf"
"$PGKNOB" lint --pg-version 16 --host ram=8GB,cores=2 --fail-on never "$TMP/m.conf" >"$TMP/out.txt"
check "the PK2001 message shows connections + parallel workers × work_mem" \
  grep -qF "work_mem 25.2GB (32MB for each of 800 connections + 8 parallel workers)" "$TMP/out.txt"
check "and hash_mem_multiplier only as the hash-heavy bound, named as the work_mem term" \
  grep -qF "with hash-heavy queries (hash_mem_multiplier 2) the work_mem term is 50.5GB and the sum 50.7GB" "$TMP/out.txt"
# autovacuum_work_mem = 4GB: 1GB before 17 (vacuum's dead-tuple cap), 4GB from 17
printf 'max_connections = 100\nwork_mem = 16MB\nshared_buffers = 2GB\nautovacuum_max_workers = 1\nautovacuum_work_mem = 4GB\n' >"$TMP/av.conf"
"$PGKNOB" lint --pg-version 16 --host ram=8GB --fail-on never --format json "$TMP/av.conf" >"$TMP/16.json"
"$PGKNOB" lint --pg-version 17 --host ram=8GB --fail-on never --format json "$TMP/av.conf" >"$TMP/17.json"
check "16: autovacuum_work_mem 4GB counts as 1GB (no PK2002)" jqe '[.findings[].rule] | index("PK2002") == null' "$TMP/16.json"
check "17: the same 4GB counts in full (PK2002 names the worker's 4GB)" \
  jqe '.findings[] | select(.rule == "PK2002") | .message | test("autovacuum 4GB \\(1 worker × 4GB\\)")' "$TMP/17.json"

done_testing
