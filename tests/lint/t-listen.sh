#!/usr/bin/env bash
# needs: servers
# PK0093: listen_addresses left at its default in a file for a server reached over the network.
# The default is localhost on every real server 13-18 (--describe-config); the evidence is strong
# only: ssl with a CA or CRL for client certificates, synchronous_standby_names, or a compose
# file or Dockerfile of the repository running the server with the file as its config_file.
# Close misses: Debian's packaged ssl = on (snakeoil certificate), listen_addresses written,
# a compose service's -c arguments (the image's own file listens on '*'), a fragment.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
tmp=$(mktemp -d); chmod 755 "$tmp"; trap 'rm -rf "$tmp"' EXIT

for major in 13 14 15 16 17 18; do
  bin=$(pg_bin_dir "$major") || { fail "$major: no server"; continue; }
  got=$(pg_as_postgres "$bin/postgres" --describe-config 2>/dev/null |
    awk -F'\t' '$1 == "listen_addresses" { print $5 }')
  check "$major: listen_addresses defaults to localhost ($got)" test "$got" = localhost
done

sev() { # file [lint options] -> the severity of PK0093, or nothing
  "$PGKNOB" lint --fail-on never "${@:2}" "$1" 2>&1 |
    sed -n 's/^[^ ]* \{0,1\}\(error\|warning\|notice\): .*\[PK0093\].*/\1/p' | head -1
}
is() { # want file description
  local got; got=$(sev "$2")
  check "$3: PK0093 is '${1:-absent}' (got '${got:-absent}')" test "$got" = "$1"
}
conf() { # file lines...
  local file=$1; shift
  mkdir -p "$(dirname "$file")"; printf '%s\n' "$@" >"$file"
}

# a compose file of the repository mounts it as config_file (set 5, review-h5a file 06)
mkdir -p "$tmp/app/.git"
conf "$tmp/app/docker/postgres/postgresql.conf" "shared_buffers = 512MB" "max_connections = 100"
cat >"$tmp/app/docker-compose.yml" <<'YAML'
services:
  postgres:
    image: postgres:17
    command: postgres -c config_file=/etc/postgresql/postgresql.conf
    volumes:
      - ./docker/postgres/postgresql.conf:/etc/postgresql/postgresql.conf:ro
YAML
is warning "$tmp/app/docker/postgres/postgresql.conf" "compose mounts it as config_file"
check "the message names the compose file" \
  grep -q 'docker-compose.yml runs the server with this file as its config_file' \
  <<<"$("$PGKNOB" lint --fail-on never "$tmp/app/docker/postgres/postgresql.conf")"
# the same lines commented out run nothing (review 2026-12zh, h39a 04); a service on the host's
# network listens on the host's own loopback, where its clients connect (h39a 06)
mkdir -p "$tmp/off/.git" "$tmp/hostnet/.git"
conf "$tmp/off/postgres.conf" "shared_buffers = 256MB"
cat >"$tmp/off/docker-compose.yml" <<'YAML'
services:
  db:
    image: postgres:16
    volumes:
      - ./init.sql:/docker-entrypoint-initdb.d/init.sql
      # - ./postgres.conf:/etc/postgresql/postgres.conf
    # command: postgres -c config_file=/etc/postgresql/postgres.conf
YAML
is "" "$tmp/off/postgres.conf" "compose lines that run it are commented out"
conf "$tmp/hostnet/postgres/postgres.conf" "shared_buffers = 256MB"
cat >"$tmp/hostnet/docker-compose.yml" <<'YAML'
services:
  db:
    image: postgres:16
    network_mode: host
    command: postgres -c config_file=/etc/postgresql/postgresql.conf
    volumes:
      - ./postgres/postgres.conf:/etc/postgresql/postgresql.conf
  api:
    image: example/api
    network_mode: host
    environment:
      DATABASE_URL: postgres://app@localhost:5432/app
YAML
is "" "$tmp/hostnet/postgres/postgres.conf" "the service runs on the host's network (network_mode: host)"
sed -i '/network_mode/d' "$tmp/hostnet/docker-compose.yml"
is warning "$tmp/hostnet/postgres/postgres.conf" "  close miss: the same service on its own network"
# a Dockerfile beside it that copies it and names it as config_file
conf "$tmp/img/postgresql.conf" "work_mem = 8MB"
printf 'FROM postgres:16\nCOPY postgresql.conf /etc/postgresql/postgresql.conf\nCMD ["postgres", "-c", "config_file=/etc/postgresql/postgresql.conf"]\n' >"$tmp/img/Dockerfile"
is warning "$tmp/img/postgresql.conf" "a Dockerfile runs it as config_file"
# close misses: another file of the repository is the one mounted; listen_addresses written
conf "$tmp/app/docker/other/postgresql.conf" "shared_buffers = 512MB"
is "" "$tmp/app/docker/other/postgresql.conf" "compose mounts another file"
conf "$tmp/app/docker/postgres/postgresql.conf" "listen_addresses = '*'" "shared_buffers = 512MB"
is "" "$tmp/app/docker/postgres/postgresql.conf" "listen_addresses = '*' with compose"
conf "$tmp/app/docker/postgres/postgresql.conf" "listen_addresses = 'localhost'" "shared_buffers = 512MB"
is notice "$tmp/app/docker/postgres/postgresql.conf" "listen_addresses = 'localhost' written"

# in-file evidence (set 6, review-h6a file 10: ssl with a CA and a CRL, no listen_addresses)
conf "$tmp/net/postgresql.conf" "ssl = on" "ssl_cert_file = 'server.crt'" "ssl_key_file = 'server.key'" \
  "ssl_ca_file = 'ca.crt'" "ssl_crl_file = 'server.crl'"
is warning "$tmp/net/postgresql.conf" "ssl with client certificates"
conf "$tmp/net/postgresql.conf" "synchronous_standby_names = 'standby1'"
is warning "$tmp/net/postgresql.conf" "synchronous_standby_names"
# a test's clients often share its machine: TLS over 127.0.0.1 (held-out set 44, 41: a driver's
# certificate tests); a container's loopback stays a warning (above, a Dockerfile runs it)
conf "$tmp/net/postgresql.conf" "# for testing only" "ssl = on" "ssl_ca_file = 'ca.crt'"
is notice "$tmp/net/postgresql.conf" "ssl with client certificates in a test's file"
conf "$tmp/img/postgresql.conf" "# for testing only" "work_mem = 8MB"
is warning "$tmp/img/postgresql.conf" "  close miss: a test's file a Dockerfile runs as config_file"
# Debian's packaged default: ssl on with the snakeoil certificate, on localhost
conf "$tmp/net/postgresql.conf" "ssl = on" "ssl_cert_file = '/etc/ssl/certs/ssl-cert-snakeoil.pem'" \
  "ssl_key_file = '/etc/ssl/private/ssl-cert-snakeoil.key'"
is "" "$tmp/net/postgresql.conf" "Debian's ssl = on alone"
conf "$tmp/net/postgresql.conf" "listen_addresses = ''" "synchronous_standby_names = 'standby1'"
is "" "$tmp/net/postgresql.conf" "Unix sockets only, written"
conf "$tmp/net/postgresql.conf" "max_connections = 100"
is "" "$tmp/net/postgresql.conf" "nothing says the clients are remote"
# the file's own comment runs it as a container's config_file (review 2026-12zg, h37c 46: a
# header for the stock postgres:16-alpine image); close misses: the same command with no
# container named, a container named with no such command
conf "$tmp/net/postgresql.conf" "# Opt-in: mount it into the db container and start Postgres with" \
  "#   command: postgres -c config_file=/etc/postgresql/postgresql.conf" "archive_mode = on"
is warning "$tmp/net/postgresql.conf" "its own comment runs it as a container's config_file"
conf "$tmp/net/postgresql.conf" "# start with: postgres -c config_file=/etc/pg/postgresql.conf" "archive_mode = on"
is "" "$tmp/net/postgresql.conf" "the command alone, no container named"
conf "$tmp/net/postgresql.conf" "# settings for the db container" "archive_mode = on"
is "" "$tmp/net/postgresql.conf" "a container named, no config_file command"
# a conf.d fragment: the main file decides listen_addresses
conf "$tmp/net/conf.d/10-ssl.conf" "ssl = on" "ssl_ca_file = 'ca.crt'"
is "" "$tmp/net/conf.d/10-ssl.conf" "a conf.d fragment"
# a compose service's -c arguments run on the image's own file, which listens on '*'
cat >"$tmp/net/docker-compose.yml" <<'YAML'
services:
  db:
    image: postgres:17
    command: postgres -c ssl=on -c ssl_ca_file=/certs/ca.crt -c synchronous_standby_names=s1
YAML
is "" "$tmp/net/docker-compose.yml" "compose -c arguments"

# PK0094: a file run as config_file replaces initdb's postgresql.conf and its shared_buffers =
# 128MB; the real server's own value with a file that sets none is 8MB on 13 and 14, 128MB from 15
for major in 13 14 15 16; do
  bin=$(pg_bin_dir "$major") || { fail "$major: no server"; continue; }
  data="$tmp/data$major"; mkdir -p "$data"; chown postgres "$data"
  pg_as_postgres "$bin/initdb" -D "$data/pg" >/dev/null 2>&1
  printf "listen_addresses = ''\n" >"$tmp/short.conf"; chmod 644 "$tmp/short.conf"
  got=$(pg_as_postgres "$bin/postgres" -D "$data/pg" -c config_file="$tmp/short.conf" -C shared_buffers 2>&1)
  want=16384; [ "$major" -lt 15 ] && want=1024
  check "$major: a config_file that sets no shared_buffers runs with $want buffers (got $got)" test "$got" = "$want"
  rm -rf "$data"
done
mkdir -p "$tmp/sb/.git" "$tmp/sb/pg"
conf "$tmp/sb/pg/postgresql.conf" "listen_addresses = '*'" "work_mem = 8MB"
compose_image() {
  printf 'services:\n  db:\n    image: %s\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' "$1" >"$tmp/sb/docker-compose.yml"
}
pk0094() { "$PGKNOB" lint --format json --fail-on never "$@" "$tmp/sb/pg/postgresql.conf" 2>/dev/null |
  jq -r '[.findings[] | select(.rule == "PK0094") | .severity] | join(",")'; }
compose_image postgres:14-alpine
check "PK0094: postgres:14 runs a file without shared_buffers: a warning" test "$(pk0094)" = warning
# the message names the compose file from the file's directory, never this machine's path
# (held-out set 44, h44c 43: /work/…/docker-compose.yaml in a report for the repository's owner)
check "  ... naming ../docker-compose.yml, not an absolute path" \
  test "$("$PGKNOB" lint --format json --fail-on never "$tmp/sb/pg/postgresql.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0094") | .message | test("not set, and \\.\\./docker-compose.yml runs")')" = true
check "  ... its default fix writes initdb's 128MB (safe)" \
  grep -q '^+shared_buffers = 128MB' <<<"$("$PGKNOB" fix --diff "$tmp/sb/pg/postgresql.conf" 2>/dev/null)"
# under a test purpose, the same small shared memory as PK2003: a notice (review 2026-12zg,
# h37c 36: a demo's stock sample); its default fix then waits for --min-severity notice
check "  ... a notice under --purpose test, saying why" \
  test "$("$PGKNOB" lint --purpose test --format json --fail-on never "$tmp/sb/pg/postgresql.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0094") | "\(.severity) \(.hint | test("built-in 8MB slows it"))"')" = "notice true"
# its directory mounted, and config_file naming the file in it (review 2026-12zg, h36a 02)
printf 'services:\n  db:\n    image: postgres:13-alpine\n    command: ["postgres", "-c", "config_file=/etc/postgres-config/postgresql.conf"]\n    volumes:\n      - ./pg:/etc/postgres-config\n' >"$tmp/sb/docker-compose.yml"
check "PK0094: the file's directory mounted and config_file naming it in there: a warning" test "$(pk0094)" = warning
sed -i 's#/etc/postgres-config/postgresql.conf#/etc/postgres-config/other.conf#' "$tmp/sb/docker-compose.yml"
check "  close miss: config_file naming another file of that directory" test -z "$(pk0094)"
compose_image postgres:9.5.23
check "PK0094: postgres:9.5 (checked as 18) runs a file without shared_buffers: a warning naming 9.5" \
  test "$(pk0094)" = warning
check "  ... its message names 9.5's 8MB" grep -q "PostgreSQL 9.5 then runs with its built-in 1024 buffers" \
  <<<"$("$PGKNOB" lint --format json --fail-on never "$tmp/sb/pg/postgresql.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0094") | .message')"
# ... and its fix writes the 128MB, which 18 (the major checked) builds in but 9.5 does not: no
# "already 128MB (the default)" (review 2026-12zg, h38a 07, 08, 11)
check "  ... its fix writes shared_buffers = 128MB for the 9.5 server, no 'already' note" \
  test "$("$PGKNOB" lint --format json --fail-on never "$tmp/sb/pg/postgresql.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0094") | "\([.fix[] | "\(.name)=\(.value)"] | join(",")) \(.fix_note // "none")"')" = "shared_buffers=128MB none"
compose_image postgres:16
check "  close miss: postgres:16 builds in 128MB: no PK0094" test -z "$(pk0094)"
compose_image postgres:13
conf "$tmp/sb/pg/postgresql.conf" "listen_addresses = '*'" "shared_buffers = 256MB"
check "  close miss: postgres:13 with shared_buffers set: no PK0094" test -z "$(pk0094)"
rm "$tmp/sb/docker-compose.yml"
conf "$tmp/sb/pg/postgresql.conf" "listen_addresses = '*'" "work_mem = 8MB"
check "  close miss: --pg-version 13 but no runner (it may be an include beside initdb's file)" \
  test -z "$(pk0094 --pg-version 13)"
# a copy of the stock sample is a whole configuration by itself: initdb's own file sets
# shared_buffers = 128MB, the sample comments every setting out (held-out set 28, h28c 31 and 38)
sample14=$(pg_bin_dir 14)/../share/postgresql/postgresql.conf.sample
cp "$sample14" "$tmp/sb/pg/postgresql.conf"
printf "listen_addresses = '*'\n" >>"$tmp/sb/pg/postgresql.conf"
check "PK0094: 14's stock sample kept, shared_buffers commented out, --pg-version 14: a warning" \
  test "$(pk0094 --pg-version 14)" = warning
check "  close miss: the same file checked as 16 (128MB built in): no PK0094" test -z "$(pk0094 --pg-version 16)"
printf "shared_buffers = 128MB\n" >>"$tmp/sb/pg/postgresql.conf"
check "  close miss: the sample with shared_buffers set: no PK0094" test -z "$(pk0094 --pg-version 14)"
done_testing
