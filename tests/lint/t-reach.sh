#!/usr/bin/env bash
# How far a compose service publishes the server's port decides findings whose risk is a client
# beyond the host (md5 or a clear-text password from every address, replication without SSL, a
# Patroni REST API that asks nothing, guessable passwords): with no port published, or one on
# the host's loopback only, they are notices that say so; published on the host's addresses, a
# network_mode: host, a port pgknob cannot read, or a second mounting service that publishes it,
# they keep their level. Trust is never lowered. A service that sets POSTGRES_HOST_AUTH_METHOD:
# trust and publishes the port is PK0103. Close misses for each.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-reach.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
lint_json() { "$PGKNOB" lint --fail-on never --format json "$@" 2>/dev/null; }
sev_at() { jq -r --arg r "$2" --argjson l "$3" '[.findings[] | select(.rule == $r and .line == $l) | .severity] | first // "absent"' <<<"$1"; }
hint_at() { jq -r --arg r "$2" --argjson l "$3" '[.findings[] | select(.rule == $r and .line == $l) | .hint] | first // ""' <<<"$1"; }

# one project per case: a pg_hba.conf mounted into the official image, with the service's
# `ports` (and network_mode) given as YAML lines
project() { # name, service lines...
  # 13: passwords stored as MD5 by default, so md5 from every address is a warning there
  local dir="$tmp/$1"; shift
  mkdir -p "$dir/.git" "$dir/db"
  printf '%s\n' "local all all peer" "host sales all 0.0.0.0/0 md5" "host all all 10.0.0.0/8 password" \
    "host replication all 0.0.0.0/0 scram-sha-256" "host all all 0.0.0.0/0 trust" >"$dir/db/pg_hba.conf"
  { echo "services:"; echo "  db:"; echo "    image: postgres:13"
    echo "    command: postgres -c hba_file=/etc/postgresql/pg_hba.conf"
    echo "    volumes:"; echo "      - ./db/pg_hba.conf:/etc/postgresql/pg_hba.conf:ro"
    for line in "$@"; do echo "    $line"; done; } >"$dir/docker-compose.yml"
  echo "$dir/db/pg_hba.conf"
}

f=$(project none)
j=$(lint_json "$f")
check "no ports: md5 from every address is a notice (PK0213 line 2: $(sev_at "$j" PK0213 2))" test "$(sev_at "$j" PK0213 2)" = notice
check "... whose hint names the service, its compose file and what it publishes" \
  grep -qF "A notice here: the compose service db of ../docker-compose.yml publishes no port (no ports:, no network_mode: host), so only the containers on its networks reach port 5432" <<<"$(hint_at "$j" PK0213 2)"
check "... says it is a warning once published, and keeps the rule's own hint as a sentence" \
  grep -qE "it is a warning once the port is published\. [A-Z]" <<<"$(hint_at "$j" PK0213 2)"
check "no ports: a clear-text password is a notice (PK0212 line 3)" test "$(sev_at "$j" PK0212 3)" = notice
check "no ports: replication without SSL is a notice (PK0217 line 4)" test "$(sev_at "$j" PK0217 4)" = notice
check "no ports: trust for every address stays an error (PK0213 line 5)" test "$(sev_at "$j" PK0213 5)" = error

f=$(project published 'ports:' '  - "5432:5432"')
j=$(lint_json "$f")
check "5432:5432: md5 from every address keeps its warning" test "$(sev_at "$j" PK0213 2)" = warning
check "5432:5432: replication without SSL keeps its warning" test "$(sev_at "$j" PK0217 4)" = warning

f=$(project random 'ports:' '  - "5432"')
check "a container port alone (a random host port) is published" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

f=$(project loopback 'ports:' '  - "127.0.0.1:5432:5432"')
j=$(lint_json "$f")
check "127.0.0.1:5432:5432: a notice" test "$(sev_at "$j" PK0213 2)" = notice
check "... whose hint says the host's loopback and its line" \
  grep -qF "publishes the port only on the host's loopback (line 8), so only the host's own users and containers reach port 5432" <<<"$(hint_at "$j" PK0213 2)"

f=$(project longsyntax 'ports:' '  - target: 5432' '    published: "5432"' '    host_ip: 127.0.0.1')
check "the long syntax's host_ip 127.0.0.1: a notice" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = notice
f=$(project longpublic 'ports:' '  - target: 5432' '    published: "5432"')
check "the long syntax without host_ip: published, a warning" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

f=$(project v6loop 'ports:' '  - "[::1]:5432:5432/tcp"')
check "[::1]:5432:5432/tcp: loopback, a notice" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = notice

f=$(project other 'ports:' '  - "8080:80"')
j=$(lint_json "$f")
check "only another port published: a notice" test "$(sev_at "$j" PK0213 2)" = notice
check "... which says so" grep -qF "publishes other ports, not 5432" <<<"$(hint_at "$j" PK0213 2)"

f=$(project range 'ports:' '  - "5430-5439:5430-5439"')
check "a range holding 5432 publishes it" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

f=$(project variable 'ports:' '  - "${PGPORT:-5432}:5432"')
check "a host port from a variable still publishes container port 5432" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
f=$(project unreadable 'ports:' '  - "${PORTS}"')
check "a port pgknob cannot read counts as published" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

f=$(project hostnet 'network_mode: host')
check "network_mode: host publishes every port" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
f=$(project nonet 'network_mode: none')
check "network_mode: none: a notice" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = notice

# a second service mounting the same file publishes the port: the file's server is reachable
f=$(project second)
cat >>"$tmp/second/docker-compose.yml" <<'YAML'
  db2:
    image: postgres:16
    command: postgres -c hba_file=/etc/postgresql/pg_hba.conf
    volumes:
      - ./db/pg_hba.conf:/etc/postgresql/pg_hba.conf:ro
    ports:
      - "5433:5432"
YAML
check "a second mounting service that publishes 5432 keeps the warning" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

# a postgresql.conf that moves the port: the published 5432 is not the server's
mkdir -p "$tmp/moved/.git" "$tmp/moved/db"
printf '%s\n' "port = 5433" "listen_addresses = '*'" "ssl = on" "ssl_min_protocol_version = 'TLSv1'" >"$tmp/moved/db/postgresql.conf"
printf '%s\n' "services:" "  db:" "    image: postgres:16" \
  "    command: postgres -c config_file=/etc/postgresql/postgresql.conf" "    volumes:" \
  "      - ./db/postgresql.conf:/etc/postgresql/postgresql.conf:ro" "    ports: [\"5432:5432\"]" \
  >"$tmp/moved/docker-compose.yml"
j=$(lint_json "$tmp/moved/db/postgresql.conf")
check "port = 5433 with only 5432 published: TLS 1.0 is a notice (PK8004)" test "$(sev_at "$j" PK8004 4)" = notice
sed -i 's/"5432:5432"/"5433:5433"/' "$tmp/moved/docker-compose.yml"
j=$(lint_json "$tmp/moved/db/postgresql.conf")
check "... and a warning once 5433 is published" test "$(sev_at "$j" PK8004 4)" = warning

# what else publishes the server (a code review of this session's reach): the override compose
# merges by default, a pooler or proxy that publishes a port, and the service's own port
f=$(project withoverride)
printf 'services:\n  db:\n    ports:\n      - "5432:5432"\n' >"$tmp/withoverride/docker-compose.override.yml"
check "a docker-compose.override.yml that publishes 5432: a warning" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
f=$(project pooled)
printf '  bouncer:\n    image: edoburu/pgbouncer:1.22\n    ports:\n      - "6432:5432"\n' >>"$tmp/pooled/docker-compose.yml"
check "a pgbouncer service that publishes a port: the server is reached through it, a warning" \
  test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
# ... unless the proxy is on none of the server's networks (held-out set 41, 35: an HTTP load
# balancer on the default network, the primary on an internal one), and a compose file named for
# its topology (docker-compose.ha.yml) is read as the others are
f=$(project proxynet 'networks:' '  - backend')
printf '  lb:\n    image: haproxytech/haproxy-alpine:2.8\n    ports:\n      - "443:443"\nnetworks:\n  backend:\n    internal: true\n' >>"$tmp/proxynet/docker-compose.yml"
mv "$tmp/proxynet/docker-compose.yml" "$tmp/proxynet/docker-compose.ha.yml"
check "a proxy on none of the server's networks reaches nothing: a notice, in docker-compose.ha.yml" \
  test "$(sev_at "$(lint_json "$f")" PK0213 2)" = notice
sed -i 's/^    ports:$/    networks: [backend]\n    ports:/' "$tmp/proxynet/docker-compose.ha.yml"
check "  ... and once the proxy joins the server's network, a warning" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
f=$(project pgport 'environment:' '  PGPORT: "5433"' 'ports:' '  - "5433:5433"')
check "PGPORT 5433 published as 5433: a warning (the server listens on 5433)" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning
f=$(project cport 'command: postgres -c hba_file=/etc/postgresql/pg_hba.conf -c port=5433' 'ports:' '  - "5433:5433"')
sed -i '0,/command: postgres -c hba_file=\/etc\/postgresql\/pg_hba.conf$/{/command: postgres -c hba_file=\/etc\/postgresql\/pg_hba.conf$/d}' "$tmp/cport/docker-compose.yml"
check "the command's -c port=5433 published as 5433: a warning" test "$(sev_at "$(lint_json "$f")" PK0213 2)" = warning

# no compose file: nothing is known of the reach, the level stands
mkdir -p "$tmp/bare/.git"
printf '%s\n' "host all all 0.0.0.0/0 md5" >"$tmp/bare/pg_hba.conf"
check "a file no compose service mounts keeps its warning" test "$(sev_at "$(lint_json --pg-version 13 "$tmp/bare/pg_hba.conf")" PK0213 1)" = warning

# Patroni: the REST API's port and the server's are judged apart; Patroni sets the server's port
# from postgresql.listen, so only "no port published at all" lowers the server's findings
mkdir -p "$tmp/patroni/.git"
cat >"$tmp/patroni/patroni.yml" <<'YAML'
scope: demo
name: node1
restapi:
  listen: 0.0.0.0:8008
  connect_address: node1:8008
etcd3:
  hosts: etcd:2379
bootstrap:
  dcs:
    postgresql:
      parameters:
        max_connections: 100
postgresql:
  listen: 0.0.0.0:5432
  connect_address: node1:5432
  data_dir: /data/pg
  pg_hba:
    - hostssl replication replicator 0.0.0.0/0 md5
    - host replication replicator 10.0.0.0/8 scram-sha-256
    - host all all 0.0.0.0/0 md5
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
YAML
cat >"$tmp/patroni/docker-compose.yml" <<'YAML'
services:
  node1:
    build: .
    volumes:
      - ./patroni.yml:/etc/patroni/patroni.yml:ro
    ports:
      - "8008:8008"
YAML
j=$(lint_json "$tmp/patroni/patroni.yml")
check "Patroni with 8008 published: the REST API that asks nothing keeps its warning (PK0086)" \
  test "$(sev_at "$j" PK0086 4)" = warning
check "... while a port is published and the server's is Patroni's to set, its passwords stay warnings (PK0087)" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0087") | .severity] | first // "absent"' <<<"$j")" = warning
sed -i '/ports:/,$d' "$tmp/patroni/docker-compose.yml"
j=$(lint_json "$tmp/patroni/patroni.yml")
check "no port published: PK0086 is a notice" test "$(sev_at "$j" PK0086 4)" = notice
check "... naming port 8008" grep -qF "reach port 8008" <<<"$(hint_at "$j" PK0086 4)"
check "... and the guessable passwords are a notice that names the server, not a port" \
  grep -qF "reach the server," <<<"$(jq -r '[.findings[] | select(.rule == "PK0087") | .hint] | first // ""' <<<"$j")"
check "... and replication without SSL too (PK0217)" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0217") | .severity] | first // "absent"' <<<"$j")" = notice

# PK0103: a postgresql.conf the official image runs with POSTGRES_HOST_AUTH_METHOD: trust and the
# server's port published beyond the host's loopback: its entrypoint adds `host all all all
# trust` to the data directory's pg_hba.conf. Close misses: loopback only, no ports, hba_file
# named, md5, a list-form environment
trust_project() { # name, environment line, ports lines...
  local dir="$tmp/$1" env="$2"; shift 2
  mkdir -p "$dir/.git" "$dir/db"
  printf "listen_addresses = '*'\nshared_buffers = 256MB\n" >"$dir/db/postgresql.conf"
  { echo "services:"; echo "  db:"; echo "    image: postgres:16"
    echo "    command: postgres -c config_file=/etc/postgresql/postgresql.conf"
    echo "    volumes:"; echo "      - ./db/postgresql.conf:/etc/postgresql/postgresql.conf:ro"
    echo "    environment:"; echo "      $env"
    for line in "$@"; do echo "    $line"; done; } >"$dir/docker-compose.yml"
  echo "$dir/db/postgresql.conf"
}
pk0103() { lint_json "$@" | jq -r '[.findings[] | select(.rule == "PK0103") | "\(.severity) \(.message)"] | first // "absent"'; }
f=$(trust_project trust "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "5432:5432"')
check "PK0103: trust and 5432 published on every address: a warning naming both lines" \
  grep -q "^warning the compose service db of .*docker-compose.yml sets POSTGRES_HOST_AUTH_METHOD: trust (line 8) and publishes the server's port beyond the host's loopback (line 10)" <<<"$(pk0103 "$f")"
check "  ... suggesting scram-sha-256 (16) or the loopback" grep -qF '(the image then uses scram-sha-256), or publish the port on the host'"'"'s loopback only (a ports item that starts 127.0.0.1:)' \
  <<<"$(lint_json "$f" | jq -r '.findings[] | select(.rule == "PK0103") | .suggestion')"
f=$(trust_project trustlist "- POSTGRES_HOST_AUTH_METHOD=trust" "ports:" '  - "15432:5432"')
check "  ... the list form of environment too" grep -q "^warning" <<<"$(pk0103 "$f")"
f=$(trust_project loop "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "127.0.0.1:5432:5432"')
check "  close miss: published on the loopback only" test "$(pk0103 "$f")" = absent
f=$(trust_project noports "POSTGRES_HOST_AUTH_METHOD: trust")
check "  close miss: no port published" test "$(pk0103 "$f")" = absent
f=$(trust_project md5 "POSTGRES_HOST_AUTH_METHOD: md5" "ports:" '  - "5432:5432"')
check "  close miss: md5" test "$(pk0103 "$f")" = absent
f=$(trust_project ownhba "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "5432:5432"')
printf "hba_file = '/etc/postgresql/pg_hba.conf'\n" >>"$f"
check "  close miss: the file names its own hba_file" test "$(pk0103 "$f")" = absent
f=$(trust_project otherport "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "8080:8080"')
check "  close miss: only another port published" test "$(pk0103 "$f")" = absent
# a code review of this session: another service's ports, the service's own listen_addresses,
# and a file the service never reads
f=$(trust_project pooler "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "5432:5432"')
printf '  pgbouncer:\n    image: edoburu/pgbouncer\n    ports:\n      - "6432:6432"\n' >>"$(dirname "$(dirname "$f")")/docker-compose.yml"
check "  ... beside a pooler service that publishes its own port, still a warning" grep -q "^warning" <<<"$(pk0103 "$f")"
f=$(trust_project local "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "5432:5432"')
printf "listen_addresses = 'localhost'\n" >"$f"
check "  close miss: listen_addresses = 'localhost' (the published port reaches nothing)" test "$(pk0103 "$f")" = absent
f=$(trust_project twosvc "POSTGRES_HOST_AUTH_METHOD: trust")
printf '  prod:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./db/postgresql.conf:/etc/postgresql/postgresql.conf:ro\n    environment:\n      POSTGRES_PASSWORD: secret\n    ports:\n      - "5432:5432"\n' >>"$(dirname "$(dirname "$f")")/docker-compose.yml"
check "  close miss: trust on one service, the port published by another" test "$(pk0103 "$f")" = absent
f=$(trust_project unread "POSTGRES_HOST_AUTH_METHOD: trust" "ports:" '  - "5432:5432"')
sed -i '/command:/d' "$(dirname "$(dirname "$f")")/docker-compose.yml"
check "  close miss: a file the service never reads (PK0097)" test "$(pk0103 "$f")" = absent

# ... and a compose file linted for its service's own -c options: the server listens where the
# image's sample says ('*') unless -c listen_addresses says otherwise (review 2026-12zo, h56b 30:
# a test stack's trust on 5555:5432, unsaid). Close misses: loopback, no ports, -c hba_file,
# -c listen_addresses=localhost, -c config_file (its own file decides where it listens)
args_trust() { # name, command, ports lines...
  local dir="$tmp/args-$1" cmd="$2"; shift 2
  mkdir -p "$dir"
  { echo "services:"; echo "  database:"; echo "    image: postgres:17"
    echo "    environment:"; echo "      - POSTGRES_HOST_AUTH_METHOD=trust"
    echo "    command: $cmd"
    for line in "$@"; do echo "    $line"; done; } >"$dir/docker-compose.yml"
  echo "$dir/docker-compose.yml"
}
f=$(args_trust pub '-c fsync=off' "ports:" "  - 5555:5432")
check "PK0103 of a compose file's own service: trust (line 5) and 5555:5432 (line 8), at line 5" \
  test "$(lint_json "$f" | jq -r '[.findings[] | select(.rule == "PK0103") | "\(.severity) \(.line) \(.message | test("service database of docker-compose.yml sets POSTGRES_HOST_AUTH_METHOD: trust \\(line 5\\) and publishes the server.s port beyond the host.s loopback \\(line 8\\)"))"] | join(",")')" = "warning 5 true"
f=$(args_trust portc '-c port=6000' "ports:" "  - 5432:5432")
check "  close miss: -c port=6000 while 5432 is published" test "$(pk0103 "$f")" = absent
f=$(args_trust loop '-c fsync=off' "ports:" "  - 127.0.0.1:5555:5432")
check "  close miss: published on the loopback only" test "$(pk0103 "$f")" = absent
f=$(args_trust none '-c fsync=off')
check "  close miss: no port published" test "$(pk0103 "$f")" = absent
f=$(args_trust hba '-c hba_file=/etc/postgresql/pg_hba.conf' "ports:" "  - 5432:5432")
check "  close miss: -c hba_file names its own pg_hba.conf" test "$(pk0103 "$f")" = absent
f=$(args_trust local '-c listen_addresses=localhost' "ports:" "  - 5432:5432")
check "  close miss: -c listen_addresses=localhost" test "$(pk0103 "$f")" = absent
f=$(args_trust conf '-c config_file=/etc/postgresql/postgresql.conf' "ports:" "  - 5432:5432")
check "  close miss: -c config_file (its own file says where it listens)" test "$(pk0103 "$f")" = absent

# ssl off is a notice by itself; where the file says it is for production and its compose
# service publishes the port on the host's addresses, a warning naming both (held-out set 61,
# h61a 08); close misses: published on the loopback only, and no word of production
sslproj() { # name, header, ports line
  local dir="$tmp/$1"; mkdir -p "$dir/.git" "$dir/db"
  printf '%s\nlisten_addresses = '"'"'*'"'"'\nssl = off\n' "$2" >"$dir/db/postgresql.conf"
  printf 'services:\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./db/postgresql.conf:/etc/postgresql/postgresql.conf:ro\n    ports:\n      - "%s"\n' "$3" >"$dir/docker-compose.yml"
  lint_json "$dir/db/postgresql.conf" | jq -r '[.findings[] | select(.rule == "PK8003") | "\(.severity) \(.hint // "" | test("^A warning here: the compose service db of ../docker-compose.yml publishes the port on the host.s addresses \\(line 8\\), and line 1 says the file is for production"))"] | first // "absent"'
}
check "ssl off, a production header, 5432 published on the host: PK8003 a warning naming both" \
  test "$(sslproj sslprod '# settings for the production server' '5432:5432')" = "warning true"
check "  close miss: published on 127.0.0.1 only: a notice" \
  test "$(sslproj ssllocal '# settings for the production server' '127.0.0.1:5432:5432')" = "notice false"
check "  close miss: no word of production: a notice" \
  test "$(sslproj sslplain '# settings for the shop' '5432:5432')" = "notice false"
done_testing
