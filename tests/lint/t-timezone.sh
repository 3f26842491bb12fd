#!/usr/bin/env bash
# needs: servers
# PK0027 against the real servers 13-18: a time zone value that names no zone but reads as a POSIX
# offset (Australia0, EST5, UTC+3) is accepted by the server, which then runs at exactly the fixed
# offset pgknob's message states (POSIX signs: positive is west of Greenwich); zone names, zone
# specifications with a daylight-saving part and ISO offsets are not reported. Beside a
# log_timezone whose zone keeps that offset all year (GMT-3 and W-SU, both +03 on the server), the
# offset is meant and the finding a notice; the opposite sign, or a zone with summer time, keeps
# the warning.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
tmp=$(mktemp -d); chmod 1777 "$tmp"; trap 'rm -rf "$tmp"' EXIT

# the offset (seconds east of UTC) the server runs at with timezone = $2, via single-user mode
server_offset() { # major tz
  local bin; bin=$(pg_bin_dir "$1") || return 1
  if [ ! -d "$tmp/d$1" ]; then
    pg_as_postgres "$bin/initdb" -D "$tmp/d$1" -A trust >/dev/null 2>&1 || return 1
  fi
  echo "SELECT 'off=' || extract(timezone from now())::int;" |
    pg_as_postgres "$bin/postgres" --single -D "$tmp/d$1" -c timezone="$2" postgres 2>&1 |
    sed -n 's/.*"off=\(-\{0,1\}[0-9]*\)".*/\1/p'
}
to_secs() { # UTC+HH:MM -> seconds
  local s=${1#UTC} sign=1; [ "${s:0:1}" = - ] && sign=-1
  s=${s:1}; echo $((sign * (10#${s%%:*} * 3600 + 10#${s#*:} * 60)))
}

for major in 13 14 15 16 17 18; do
  for tz in Australia0 EST5 UTC+3 CET-1 Japan9; do
    printf "timezone = '%s'\n" "$tz" >"$tmp/tz.conf"
    out=$("$PGKNOB" lint --fail-on never --pg-version "$major" "$tmp/tz.conf" 2>&1)
    utc=$(grep '\[PK0027\]' <<<"$out" | sed -n 's/.*a fixed \(UTC[-+][0-9:]*\) named.*/\1/p')
    got=$(server_offset "$major" "$tz")
    check "$major: PK0027 reports '$tz' as $utc, the server runs at $got s" \
      test -n "$utc" -a -n "$got" -a "$(to_secs "${utc:-UTC+00:00}")" = "$got"
  done
  for tz in UTC Europe/Paris EST5EDT +03 JST-9 '<+03>-3'; do
    printf "timezone = '%s'\n" "$tz" >"$tmp/tz.conf"
    out=$("$PGKNOB" lint --fail-on never --pg-version "$major" "$tmp/tz.conf" 2>&1)
    got=$(server_offset "$major" "$tz")
    check "$major: '$tz' is accepted ($got s) and not reported" \
      bash -c 'test -n "$0" && ! grep -q "PK0027\|PK0020" <<<"$1"' "$got" "$out"
  done
  for pair in "GMT-3 W-SU notice" "GMT+3 W-SU warning" "GMT-1 Europe/Berlin warning"; do
    read -r tz zone want <<<"$pair"
    printf "timezone = '%s'\nlog_timezone = '%s'\n" "$tz" "$zone" >"$tmp/tz.conf"
    sev=$("$PGKNOB" lint --fail-on never --pg-version "$major" --format json "$tmp/tz.conf" 2>/dev/null |
      jq -r '[.findings[] | select(.rule == "PK0027") | .severity] | join(" ")')
    a=$(server_offset "$major" "$tz"); b=$(server_offset "$major" "$zone")
    if [ "$want" = notice ]; then
      check "$major: '$tz' beside log_timezone '$zone': the server runs both at $a/$b s, PK0027 a notice ($sev)" \
        test -n "$a" -a "$a" = "$b" -a "$sev" = notice
    else
      check "$major: close miss: '$tz' beside '$zone' ($a/$b s today) stays a warning ($sev)" \
        test -n "$a" -a "$sev" = warning
    fi
  done
done
done_testing
