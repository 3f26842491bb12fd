#!/usr/bin/env bash
# needs: servers
# A manifest's pg_hba lines against real servers 13–18 (PG_MAJORS, or the majors given): the
# strings of the CloudNativePG and Patroni fixtures' pg_hba lists (taken with PyYAML's composer,
# with their line and column, independently of pgknob) are written into a real pg_hba.conf
# after a `local all all trust` line, as the operators write them around lines of their own.
# Then, for every string, the error pg_hba_file_rules shows (with the server's ssl as the
# operator runs it: on for CloudNativePG, the configuration's own, off, for this Patroni file)
# must be exactly the message of pgknob's PK0201/PK0204 finding at the string's line, or both
# are empty; and a reload is refused ("pg_hba.conf was not reloaded") exactly when pgknob
# reports a PK0201 (refuses_start). Lines with an @file are left out: pgknob does not check
# them (PK0209).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

fx=tests/input/fixtures
tmp="$(mktemp -d /tmp/pgknob-manifest-hba.XXXXXX)"; chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
majors="${*:-$PG_MAJORS}"

# items FILE PATH: "line<TAB>column<TAB>text" of each string of the sequence at PATH
items() {
  python3 - "$1" "$2" <<'EOF'
import sys, yaml
node = yaml.compose(open(sys.argv[1]))
for key in sys.argv[2].split("."):
    node = next(v for k, v in node.value if k.value == key)
for item in node.value:
    print("%d\t%d\t%s" % (item.start_mark.line + 1, item.start_mark.column + 1, item.value))
EOF
}

# CASES: fixture | the list the operator writes | ssl as the operator runs the server
CASES=(
  "$fx/cnpg-cluster.yaml|spec.postgresql.pg_hba|on"
  "$fx/patroni.yml|bootstrap.dcs.postgresql.pg_hba|off"
  "$tmp/cnpg-valid.yaml|spec.postgresql.pg_hba|on"
)
# the documented example's lines alone: the server loads them
cat > "$tmp/cnpg-valid.yaml" <<'EOF'
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: cluster-example
spec:
  postgresql:
    pg_hba:
      - host all all all md5
      - hostssl app all all cert
      - host app app 10.244.0.0/16 scram-sha-256
EOF

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -keyout "$tmp/server.key" -out "$tmp/server.crt" >/dev/null 2>&1
chmod 600 "$tmp/server.key"
[ "$(id -u)" = 0 ] && chown postgres "$tmp/server.key" "$tmp/server.crt"

for major in $majors; do
  pg_cluster_start "$major" || { fail "$major: server did not start"; continue; }
  cp "$PGDATA/pg_hba.conf" "$tmp/initdb_hba.conf"; chmod 644 "$tmp/initdb_hba.conf"
  pg_psql -c "ALTER SYSTEM SET ssl_cert_file = '$tmp/server.crt'" \
    -c "ALTER SYSTEM SET ssl_key_file = '$tmp/server.key'" >/dev/null
  for case in "${CASES[@]}"; do
    IFS='|' read -r file list ssl <<<"$case"
    t="$major: $(basename "$file")"
    pg_as_postgres cp "$tmp/initdb_hba.conf" "$PGDATA/pg_hba.conf"
    pg_psql -c "ALTER SYSTEM SET ssl = $ssl" -c "SELECT pg_reload_conf()" >/dev/null
    sleep 0.3
    check "$t: the server runs with ssl = $ssl" test "$(pg_psql -c 'SHOW ssl')" = "$ssl"
    items "$file" "$list" | grep -v '@' > "$tmp/items"
    { echo "local all all trust"; cut -f3 "$tmp/items"; } > "$tmp/pg_hba.conf"
    pg_as_postgres cp "$tmp/pg_hba.conf" "$PGDATA/pg_hba.conf"
    view=$(pg_psql -F $'\t' -c "SELECT line_number, coalesce(error, '') FROM pg_hba_file_rules ORDER BY line_number")
    j=$("$PGKNOB" lint --no-rules --pg-version "$major" --format json "$file" 2>/dev/null)
    n=0; agree=0; errors=0
    while IFS=$'\t' read -r line col text; do
      n=$((n + 1))
      server=$(awk -F'\t' -v k=$((n + 1)) '$1 == k { print $2 }' <<<"$view")
      mine=$(jq -r --argjson l "$line" '[.findings[] | select((.rule == "PK0201" or .rule == "PK0204") and .line == $l) | .message] | join("; ")' <<<"$j")
      [ -n "$server" ] && errors=$((errors + 1))
      if [ "$server" = "$mine" ]; then
        agree=$((agree + 1))
      else
        fail "$t:$line:$col \"$text\": the server says \"$server\", pgknob \"$mine\""
      fi
    done < "$tmp/items"
    check "$t: all $n lines agree with pg_hba_file_rules ($errors with an error)" test "$agree" = "$n" -a "$n" -gt 0
    # the load verdict: a reload keeps the old rules exactly when pgknob says the server refuses
    log="$(pg_server_log)"; before=$(grep -c 'pg_hba.conf was not reloaded' "$log")
    pg_psql -c "SELECT pg_reload_conf()" >/dev/null; sleep 0.5
    after=$(grep -c 'pg_hba.conf was not reloaded' "$log")
    refused=$([ "$after" -gt "$before" ] && echo yes || echo no)
    refuses=$(jq -r '[.findings[] | select(.rule == "PK0201" and .refuses_start)] | if length > 0 then "yes" else "no" end' <<<"$j")
    check "$t: reload refused: server $refused, pgknob $refuses" test "$refused" = "$refuses"
  done
  pg_as_postgres cp "$tmp/initdb_hba.conf" "$PGDATA/pg_hba.conf"
  pg_cluster_stop
done
# a Patroni cluster bootstrapped by Debian's pg_createcluster keeps its postgresql.conf (ssl = on)
# as postgresql.base.conf: a host replication line's PK0217 does not say "ssl is off"; close
# miss: with initdb's bootstrap, nothing in the file turns ssl on, and the hint says so (review
# 2026-12zf, b02)
printf 'scope: c\nname: n1\nbootstrap:\n  method: pg_createcluster\n  pg_createcluster:\n    command: /usr/share/patroni/pg_createcluster_patroni\npostgresql:\n  data_dir: /var/lib/postgresql/17/main\n  pg_hba:\n  - host replication all 10.0.0.0/8 scram-sha-256\n' >"$tmp/debian-patroni.yml"
hint=$("$PGKNOB" lint --format json "$tmp/debian-patroni.yml" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0217")][0].hint')
check "Patroni bootstrapped by pg_createcluster: PK0217's hint does not say ssl is off ($hint)" \
  bash -c '! grep -qi "ssl is off, so\|nothing here turns ssl on" <<<"$0"' "$hint"
sed '/method: pg_createcluster/,/command:/d' "$tmp/debian-patroni.yml" >"$tmp/initdb-patroni.yml"
check "  close miss: with initdb's bootstrap, the hint says nothing here turns ssl on" \
  grep -q "nothing here turns ssl on" <<<"$("$PGKNOB" lint --format json "$tmp/initdb-patroni.yml" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0217")][0].hint')"
done_testing
