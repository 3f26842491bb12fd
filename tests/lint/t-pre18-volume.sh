#!/usr/bin/env bash
# PK0104: a volume at /var/lib/postgresql/data under an official image of 18 or later that keeps
# the image's own PGDATA (/var/lib/postgresql/18/docker): its entrypoint refuses to create a
# cluster while that path is a mount point. An error for a tag that names 18 or later, a warning
# for the postgres image's latest tag; for a mounted postgresql.conf and for a compose file's own
# -c options. Close misses: 17, PGDATA set (in the environment or an env_file), the volume at
# /var/lib/postgresql, another program run, a digest. And the file a service mounts is read only
# inside its data directory: PGDATA's (h58a 02), or the image's for its major (h58a 04).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

tmp="$(mktemp -d /tmp/pgknob-pre18.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
lint_json() { "$PGKNOB" lint --fail-on never --format json "$@" 2>/dev/null; }
sev() { jq -r --arg r "$2" '[.findings[] | select(.rule == $r) | .severity] | join(",")' <<<"$1"; }
mkdir -p "$tmp/app/.git" "$tmp/app/pg"
printf "shared_buffers = 256MB\n" >"$tmp/app/pg/postgresql.conf"
compose() { # image, then extra service lines, then the data volume's target
  { printf 'services:\n  db:\n    image: %s\n' "$1"
    printf '%b' "${2:-}"
    printf '    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n'
    printf '    volumes:\n      - ./pg/postgresql.conf:/etc/postgresql/postgresql.conf:ro\n'
    printf '      - pgdata:%s\n' "${3:-/var/lib/postgresql/data}"
    printf 'volumes:\n  pgdata:\n'; } >"$tmp/app/docker-compose.yml"
}
conf() { lint_json "$tmp/app/pg/postgresql.conf"; }

compose postgres:18.1-alpine3.23
j=$(conf)
check "postgres:18.1 with a volume at /var/lib/postgresql/data: PK0104 an error" test "$(sev "$j" PK0104)" = error
check "  ... naming the service, both lines, the image's data directory and the entrypoint's words" \
  grep -qF 'the compose service db of ../docker-compose.yml keeps a volume at /var/lib/postgresql/data (line 7) and runs postgres:18.1-alpine3.23 (line 3): from 18 the official image keeps its data directory in /var/lib/postgresql/18/docker' \
  <<<"$(jq -r '.findings[] | select(.rule == "PK0104") | .message' <<<"$j")"
check "  ... its suggestion mounts the volume at /var/lib/postgresql" \
  grep -qF 'mount the volume at /var/lib/postgresql (' <<<"$(jq -r '.findings[] | select(.rule == "PK0104") | .suggestion' <<<"$j")"
check "  ... its explanation cites the entrypoint and the pull request" \
  grep -qF 'https://github.com/docker-library/postgres/pull/1259' <<<"$(jq -r '.findings[] | select(.rule == "PK0104") | .explanation' <<<"$j")"
for image in postgis/postgis:18-3.6 pgvector/pgvector:pg18 timescale/timescaledb:2.23.0-pg18; do
  compose "$image"
  check "  $image, built on the official image: PK0104" test "$(sev "$(conf)" PK0104)" = error
done
compose postgres
j=$(conf)
check "postgres with no tag (its latest): PK0104 a warning" test "$(sev "$j" PK0104)" = warning
check "  ... that says the tag names no major, and is no refusal to start" \
  test "$(jq -r '.findings[] | select(.rule == "PK0104") | [(.message | contains("whose tag names no major")), .refuses_start] | join(",")' <<<"$j")" = "true,false"
compose postgres:17
check "  close miss: postgres:17" test -z "$(sev "$(conf)" PK0104)"
compose postgis/postgis
check "  close miss: another image's latest tag (not the library's): not judged" test -z "$(sev "$(conf)" PK0104)"
compose 'postgres@sha256:0123456789abcdef'
check "  close miss: a digest names no tag: not judged" test -z "$(sev "$(conf)" PK0104)"
compose postgres:18 '    environment:\n      PGDATA: /var/lib/postgresql/data\n'
check "  close miss: PGDATA set: the entrypoint makes no such check" test -z "$(sev "$(conf)" PK0104)"
printf 'POSTGRES_PASSWORD=x\nPGDATA=/var/lib/postgresql/data/pgdata\n' >"$tmp/app/db.env"
compose postgres:18 '    env_file: db.env\n'
check "  close miss: an env_file that sets PGDATA" test -z "$(sev "$(conf)" PK0104)"
printf 'POSTGRES_PASSWORD=x\n' >"$tmp/app/db.env"
check "  ... and one that does not: PK0104" test "$(sev "$(conf)" PK0104)" = error
compose postgres:18 '    env_file: missing.env\n'
check "  close miss: an env_file pgknob cannot read may set it" test -z "$(sev "$(conf)" PK0104)"
compose postgres:18 '' /var/lib/postgresql
check "  close miss: the volume at /var/lib/postgresql, as 18 wants it" test -z "$(sev "$(conf)" PK0104)"
compose postgres:18 '    entrypoint: ["/bin/sh", "/start.sh"]\n'
check "  close miss: an entrypoint that runs another program" test -z "$(sev "$(conf)" PK0104)"

# a compose file's own -c options, its anonymous volume with a trailing slash
cat >"$tmp/app/compose.yaml" <<'YAML'
services:
  db:
    image: postgres:18
    command: ["postgres", "-c", "shared_buffers=256MB"]
    volumes:
      - /var/lib/postgresql/data/
YAML
j=$(lint_json "$tmp/app/compose.yaml")
check "a compose file's -c options under postgres:18, an anonymous volume: PK0104 at the volume's line" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0104") | "\(.severity):\(.line)"] | join(",")' <<<"$j")" = "error:6"
rm "$tmp/app/compose.yaml"

# the file a service mounts is read only inside its data directory (review 2026-12zo, h58a 02
# and 04: PGDATA one level below the mount, and postgres:18's own data directory)
unread() { sev "$(conf)" PK0097; }
mount_at() { # image, environment lines, the file's target
  { printf 'services:\n  db:\n    image: %s\n' "$1"; printf '%b' "$2"
    printf '    volumes:\n      - ./pg/postgresql.conf:%s\n' "$3"; } >"$tmp/app/docker-compose.yml"
}
mount_at postgres:16 '    environment:\n      PGDATA: /var/lib/postgresql/data/some_name/\n' /var/lib/postgresql/data/postgresql.conf
check "a file mounted in PGDATA's parent: never read, PK0097" test "$(unread)" = warning
mount_at postgres:16 '    environment:\n      PGDATA: /var/lib/postgresql/data/some_name/\n' /var/lib/postgresql/data/some_name/postgresql.conf
check "  close miss: mounted in PGDATA itself" test -z "$(unread)"
mount_at postgres:18 '' /var/lib/postgresql/data/postgresql.conf
check "postgres:18, the file at /var/lib/postgresql/data/postgresql.conf: never read, PK0097" test "$(unread)" = warning
mount_at postgres:16 '' /var/lib/postgresql/data/postgresql.conf
check "  close miss: postgres:16 reads it there (PK0101 says what else)" test -z "$(unread)"
mount_at postgres '' /var/lib/postgresql/data/postgresql.conf
check "  close miss: a tag that names no major is not judged" test -z "$(unread)"
# ... and for a file whose directory the service mounts where the server never reads it
# (PK0097): the volume stops the container whatever the file holds (held-out set 61, h61a 04:
# the untagged image over ./data, unsaid); close miss: postgres:17
mkdir -p "$tmp/dirm/.git" "$tmp/dirm/conf"
printf "shared_buffers = 256MB\n" >"$tmp/dirm/conf/postgresql.conf"
dirm() { printf 'services:\n  db:\n    image: %s\n    volumes:\n      - ./data:/var/lib/postgresql/data\n      - ./conf:/etc/postgresql/\n' "$1" >"$tmp/dirm/docker-compose.yml"
  lint_json "$tmp/dirm/conf/postgresql.conf" | jq -r '[.findings[] | select(.rule == "PK0104" or .rule == "PK0097") | "\(.rule):\(.severity)"] | sort | join(",")'; }
check "an unread file its directory mount puts in /etc/postgresql, untagged postgres over ./data: PK0104 too" \
  test "$(dirm postgres)" = "PK0097:warning,PK0104:warning"
check "  close miss: postgres:17, PK0097 only" test "$(dirm postgres:17)" = "PK0097:warning"
done_testing
