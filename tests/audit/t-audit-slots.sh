#!/usr/bin/env bash
# needs: servers
# Replication slots against max_slot_wal_keep_size (PK3057), made real on PostgreSQL 13-18: no
# slot, no finding; a physical slot with the default limit of -1, the warning; the same slot
# with a limit set, nothing. Lint's PK3027 leaves the question to the live evidence.
source "$(dirname "$0")/../lib.sh"
source "$PROJECT_ROOT/tests/pg/lib.sh"

TMP=$(mktemp -d /tmp/pgknob-slots.XXXXXX); chmod 755 "$TMP"
trap 'rm -rf "$TMP"' EXIT

audit() { "$PGKNOB" audit --format json --fail-on never "user=postgres" >"$TMP/out.json" 2>"$TMP/err"; }
rules() { jq -r '[.findings[].rule] | join(" ")' "$TMP/out.json" 2>/dev/null; }

for major in 13 14 15 16 17 18; do
  if ! pg_cluster_start "$major"; then fail "$major: cluster start"; continue; fi
  audit
  check "$major: no slot, no PK3057" bash -c '! grep -qw PK3057 <<<"$1"' _ "$(rules)"
  check "$major: the live audit leaves PK3027 to the evidence" bash -c '! grep -qw PK3027 <<<"$1"' _ "$(rules)"
  pg_psql -c "select pg_create_physical_replication_slot('stuck', true)" >/dev/null
  audit
  check "$major: a slot with max_slot_wal_keep_size = -1 is PK3057" bash -c 'grep -qw PK3057 <<<"$1"' _ "$(rules)"
  check "$major: PK3057 is a warning" jq -e '.findings[] | select(.rule=="PK3057") | .severity == "warning"' "$TMP/out.json" >/dev/null
  pg_psql -c "alter system set max_slot_wal_keep_size = '10GB'" -c "select pg_reload_conf()" >/dev/null
  sleep 0.5
  audit
  check "$major: a bound on the slot's WAL, no PK3057" bash -c '! grep -qw PK3057 <<<"$1"' _ "$(rules)"
  pg_cluster_stop
done
done_testing
