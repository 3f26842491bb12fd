#!/usr/bin/env bash
# PK0060 and the image's C library. PostgreSQL's check_locale() (pg_locale.c, 13-18) accepts an
# lc_* value when setlocale() takes it: glibc takes only a generated locale, so a server on a
# Debian image stops on one it lacks, while musl (Alpine) takes any name and the server starts.
# The same check, built against each C library (tests/lint/check-locale.c), shows both; pgknob
# then says a locale must exist only where the image's C library needs it: never for a file an
# Alpine image runs (review 2026-12zh, h36b 17: postgres:16-alpine with ja_JP.UTF-8).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-musl.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# --- the C libraries themselves ---
if musl-gcc -static -O1 -o "$work/check-musl" tests/lint/check-locale.c 2>"$work/cc.err"; then
  check "musl's setlocale() takes ja_JP.UTF-8 and a made-up name in every lc_* category" \
    test "$("$work/check-musl" ja_JP.UTF-8 xx_YY.bogus | tr '\n' ' ')" = "ja_JP.UTF-8 accepted xx_YY.bogus accepted "
else
  fail "musl-gcc (Debian's musl-tools, installed by make deps) could not build the check: $(head -3 "$work/cc.err")"
fi
cc -O1 -o "$work/check-glibc" tests/lint/check-locale.c
if locale -a 2>/dev/null | grep -qix 'ja_JP.utf8'; then
  fail "this machine has ja_JP.UTF-8 generated: the glibc contrast needs a locale it lacks"
else
  check "  close miss: glibc's refuses ja_JP.UTF-8, which this machine has not generated" \
    test "$("$work/check-glibc" ja_JP.UTF-8)" = "ja_JP.UTF-8 refused"
fi

# --- what pgknob says of a file an image runs ---
pk0060() { "$PGKNOB" lint --format json --fail-on never "$1" 2>/dev/null | jq '[.findings[] | select(.rule == "PK0060")] | length'; }
repo="$work/repo"; mkdir -p "$repo/.git" "$repo/pg"
printf "lc_messages = 'ja_JP.UTF-8'\nlc_time = 'ja_JP.UTF-8'\n" >"$repo/pg/postgresql.conf"
compose() { printf 'services:\n  db:\n    image: %s\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' "$1" >"$repo/docker-compose.yml"; }
compose postgres:16-alpine
check "a file postgres:16-alpine runs: no PK0060" test "$(pk0060 "$repo/pg/postgresql.conf")" = 0
compose postgres:16
check "  close miss: postgres:16 (Debian, glibc): PK0060 names the locale the image must have" \
  test "$(pk0060 "$repo/pg/postgresql.conf")" = 1
rm "$repo/docker-compose.yml"
printf 'FROM alpine:3.20\nRUN apk add --no-cache postgresql16\nCOPY pg/postgresql.conf /etc/postgresql/postgresql.conf\n' >"$repo/Dockerfile"
check "a Dockerfile FROM alpine that installs postgresql16 with apk: no PK0060" \
  test "$(pk0060 "$repo/pg/postgresql.conf")" = 0
rm "$repo/Dockerfile"
check "  close miss: no image at all: PK0060" test "$(pk0060 "$repo/pg/postgresql.conf")" = 1
# a name not of setlocale()'s form (a Windows one) is still said under Alpine, but not as a stop
# at startup, which musl never makes (review 2026-12zo, h57a 01: postgres:12-alpine, named by
# the project's .env, with "Portuguese_Brazil.1252")
printf "lc_messages = 'Portuguese_Brazil.1252'\n" >"$repo/pg/postgresql.conf"
compose '${IMAGE}'
printf 'IMAGE=postgres:12-alpine\n' >"$repo/.env"
hint() { "$PGKNOB" lint --format json --fail-on never "$1" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0060") | .hint] | first // "absent"'; }
check "a Windows name under the Alpine image .env names: musl takes it, the server starts" \
  grep -q "^The Alpine image that runs it has musl" <<<"$(hint "$repo/pg/postgresql.conf")"
rm "$repo/.env"
compose postgres:12
check "  close miss: postgres:12 (glibc): it stops at startup" \
  grep -q "stops at startup" <<<"$(hint "$repo/pg/postgresql.conf")"

done_testing
