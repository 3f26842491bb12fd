#!/usr/bin/env bash
# needs: servers
# True words and numbers (issue 24, "every word"): a number a finding states is the one the
# server computes for the file's settings, a clause about a mechanism appears only on the majors
# that have it, the printed parts of a sum add up to the total it states, and the severity
# follows the consequence it computes.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

work="$(mktemp -d /tmp/pgknob-words.XXXXXX)"
trap 'rm -rf "$work"' EXIT

msg() { # rule major host conf-text
  printf '%b' "$4" >"$work/c.conf"
  "$PGKNOB" lint --pg-version "$2" ${3:+--host "$3"} --format json --fail-on never "$work/c.conf" 2>/dev/null |
    jq -r --arg r "$1" '.findings[] | select(.rule == $r) | .severity + " " + .message'
}

# --- PK2003: io_max_concurrency as the 18 server computes it, and only on 18 ---
for opts in "shared_buffers=32MB max_connections=100" "shared_buffers=16MB max_connections=20 autovacuum_worker_slots=3 max_worker_processes=4" "shared_buffers=4000 max_connections=100"; do
  conf=$(tr ' ' '\n' <<<"$opts" | sed 's/=/ = /')
  server_opts=$(for o in $opts; do printf -- '-c %s ' "$o"; done)
  if PG_SERVER_OPTS="$server_opts" pg_cluster_start 18; then
    want=$(pg_psql -c 'SHOW io_max_concurrency')
    got=$(msg PK2003 18 ram=16GB "$conf\n" | sed -n 's/.*derived from it and the process count is \([0-9]*\) .*/\1/p')
    check "PK2003 states the io_max_concurrency an 18 server computes ($opts: $want)" test "$got" = "$want"
    pg_cluster_stop
  else
    fail "an 18 server starts with $opts"
  fi
done
for v in 13 14 15 16 17; do
  check "PK2003 on $v says nothing of asynchronous I/O" bash -c '! grep -q "asynchronous\|io_max_concurrency" <<<"$1" && grep -q "shared_buffers is 32MB" <<<"$1"' _ \
    "$(msg PK2003 "$v" ram=16GB 'shared_buffers = 32MB\n')"
done
check "PK2003 on 18 with io_max_concurrency set says no automatic value" bash -c '! grep -q "automatic" <<<"$1" && grep -q "shared_buffers is 32MB" <<<"$1"' _ \
  "$(msg PK2003 18 ram=16GB 'shared_buffers = 32MB\nio_max_concurrency = 16\n')"
check "PK2003 on 18 with a small max_connections reaching the cap of 64 says nothing of it" bash -c '! grep -q "automatic" <<<"$1" && grep -q "shared_buffers is 32MB" <<<"$1"' _ \
  "$(msg PK2003 18 ram=16GB 'shared_buffers = 32MB\nmax_connections = 5\nautovacuum_worker_slots = 3\nmax_wal_senders = 0\n')"
check "PK1013 states the same automatic value (5 for 8MB on 18)" grep -q "only 5 asynchronous" <<<"$(msg PK1013 18 "" 'shared_buffers = 8MB\n')"

# --- PK2001/PK2002: the printed parts add up to the total stated ---
sums_up() { # a message: total = shared memory (or shared_buffers) + sorts + temp + autovacuum + maintenance
  python3 - "$1" <<'PY'
import re, sys
m = sys.argv[1]
unit = {'B': 1, 'kB': 1024, 'MB': 1024**2, 'GB': 1024**3, 'TB': 1024**4}
def b(x):
    n, u = re.fullmatch(r'([0-9.]+)([kMGT]?B)', x).groups()
    return float(n) * unit[u]
total = b(re.search(r'may need ([0-9.]+[kMGT]?B)', m).group(1))
shm = re.search(r'(?:shared memory|shared_buffers) ([0-9.]+[kMGT]?B)', m).group(1)
sorts = re.search(r'work_mem ([0-9.]+[kMGT]?B) \([0-9.]+[kMGT]?B for each of', m).group(1)
temp = re.search(r'temp_buffers ([0-9.]+[kMGT]?B)', m)  # printed only when counted
temp = temp.group(1) if temp else '0B'
maint = re.search(r'maintenance (?:operation )?([0-9.]+[kMGT]?B)', m).group(1)
av = re.search(r'\+ autovacuum ([0-9.]+[kMGT]?B) \(', m)  # PK2002: every worker, beside one operation
av = av.group(1) if av else '0B'
parts = b(shm) + b(sorts) + b(temp) + b(maint) + b(av)
# the total comes after all the parts, never after the first ones ("= 832MB + temp_buffers")
last = re.search(r'= ([0-9.]+[kMGT]?B) in all[.;]', m)
sys.exit(0 if abs(parts - total) <= 0.01 * total and last and b(last.group(1)) == total else 1)
PY
}
# a small lock table beside shared_buffers (under 64MB) was summed but not printed
m=$(msg PK2002 16 ram=4GB 'shared_buffers = 1GB\nmax_connections = 100\nwork_mem = 24MB\n')
check "PK2002 prints the shared memory beside shared_buffers it sums" grep -q "WAL buffers, lock tables and per-process state" <<<"$m"
check "PK2002's printed parts add up to its total" sums_up "$m"
m=$(msg PK2001 16 ram=4GB 'shared_buffers = 1GB\nmax_connections = 100\nwork_mem = 64MB\n')
check "PK2001's printed parts add up to its total" sums_up "$m"
m=$(msg PK2002 16 ram=4GB 'shared_buffers = 1GB\nmax_connections = 100\nwork_mem = 24MB\nmax_parallel_workers_per_gather = 0\n')
check "with max_parallel_workers_per_gather = 0 PK2002 counts no parallel workers" bash -c 'grep -q "work_mem 2.34GB (24MB for each of 100 connections)" <<<"$1" && ! grep -q "parallel workers" <<<"$1"' _ "$m"
check "... and its parts still add up" sums_up "$m"
check "with them, it names them (8 on 16's defaults)" grep -q "each of 100 connections + 8 parallel workers)" <<<"$(msg PK2002 16 ram=4GB 'shared_buffers = 1GB\nmax_connections = 100\nwork_mem = 24MB\n')"
m=$(msg PK2002 16 ram=8GB 'shared_buffers = 1GB\nmax_connections = 200\nwork_mem = 24MB\ntemp_buffers = 16MB\n')
check "PK2002 with temp_buffers states the total after all its parts" sums_up "$m"
check "PK2002 above 100% of RAM says the demand is more than the RAM (set 5: 114-119%)" bash -c \
  'grep -q "% of 5GB ([^)]*), more than the RAM" <<<"$1" && ! grep -q "leaving little" <<<"$1"' _ \
  "$(msg PK2002 16 ram=5GB 'shared_buffers = 1GB\nmax_connections = 200\nwork_mem = 24MB\n')"
check "PK2002 below 100% of RAM says it leaves little for the OS" bash -c \
  'grep -q "leaving little for the OS" <<<"$1" && ! grep -q "more than the RAM" <<<"$1"' _ \
  "$(msg PK2002 16 ram=4GB 'shared_buffers = 1GB\nmax_connections = 100\nwork_mem = 24MB\n')"
check "PK2002 whose largest part is temp_buffers suggests lowering temp_buffers, not work_mem" bash -c \
  'grep -q "^lower temp_buffers" <<<"$1"' _ \
  "$(printf 'shared_buffers = 512MB\nmax_connections = 100\ntemp_buffers = 32MB\n' >"$work/c.conf"; "$PGKNOB" lint --pg-version 16 --host ram=4GB --format json --fail-on never "$work/c.conf" | jq -r '.findings[] | select(.rule == "PK2002") | .suggestion')"

# --- PK4012/PK4015: the wraparound margin, and severity by it ---
m=$(msg PK4015 16 "" 'autovacuum_freeze_max_age = 1200000000\n')
check "a freeze age of 1.2e9 is a notice (PK4015)" grep -q "^notice " <<<"$m"
check "it states the margin: about 947 million ids" grep -q "about 947 million ids" <<<"$m"
check "and is no PK4012 warning" test -z "$(msg PK4012 16 "" 'autovacuum_freeze_max_age = 1200000000\n')"
m=$(msg PK4012 16 "" 'autovacuum_freeze_max_age = 1900000000\n')
check "a freeze age of 1.9e9 is a warning (PK4012) with its margin, about 247 million" grep -q "^warning .*about 247 million ids" <<<"$m"
m=$(msg PK4012 16 "" 'autovacuum_multixact_freeze_max_age = 1800000000\n')
check "the multixact age is named when it leaves the smaller margin" grep -q "^warning autovacuum_multixact_freeze_max_age is 1800000000" <<<"$m"

# --- PK7010: log_duration beside a threshold logs every statement, once ---
fires() { # label rule major conf-text
  if [ -n "$(msg "$2" "$3" "" "$4")" ]; then ok "$1"; else fail "$1"; fi
}
silent() { # label rule major conf-text
  if [ -z "$(msg "$2" "$3" "" "$4")" ]; then ok "$1"; else fail "$1"; fi
}
fires "log_duration = on with log_min_duration_statement = 1s is flagged (PK7010)" PK7010 16 'log_duration = on\nlog_min_duration_statement = 1s\n'
silent "log_duration = on alone is not" PK7010 16 'log_duration = on\n'
silent "log_duration = on with log_min_duration_statement = 0 adds no line: not PK7010" PK7010 16 'log_duration = on\nlog_min_duration_statement = 0\n'
if PG_SERVER_OPTS="-c log_duration=on -c log_min_duration_statement=1s" pg_cluster_start 16; then
  pg_psql -c "SELECT 'pk7010-fast'" >/dev/null
  sleep 0.3
  log=$(pg_server_log)
  check "a real 16 server logs a fast statement's duration under a 1s threshold" grep -q 'LOG:  duration: [0-9.]* ms$' "$log"
  check "... once, without its text (no double line)" bash -c '! grep -q "pk7010-fast" "$1"' _ "$log"
  pg_cluster_stop
else
  fail "a 16 server starts with log_duration on"
fi

# --- PK3028: a copy that overwrites; one into the data directory is PK3038's alone (one cause,
# one finding: review 2026-12t, h22d 48) ---
fires "cp without a guard is flagged (PK3028)" PK3028 16 "archive_mode = on\narchive_command = 'cp %p /mnt/archive/%f'\n"
silent "the documentation's test ! -f guard is not" PK3028 16 "archive_mode = on\narchive_command = 'test ! -f /mnt/archive/%f \&\& cp %p /mnt/archive/%f'\n"
silent "a guarded copy under data_directory is not PK3028" PK3028 16 "data_directory = '/srv/pg/main'\narchive_mode = on\narchive_command = 'test ! -f /srv/pg/main/arch/%f \&\& cp %p /srv/pg/main/arch/%f'\n"
fires "  ... it is PK3038" PK3038 16 "data_directory = '/srv/pg/main'\narchive_mode = on\narchive_command = 'test ! -f /srv/pg/main/arch/%f \&\& cp %p /srv/pg/main/arch/%f'\n"
check "  ... whose message names data_directory" grep -q "data_directory is /srv/pg/main" <<<"$(msg PK3038 16 "" "data_directory = '/srv/pg/main'\narchive_mode = on\narchive_command = 'test ! -f /srv/pg/main/arch/%f \&\& cp %p /srv/pg/main/arch/%f'\n")"
silent "a guarded copy to a relative path is not PK3028" PK3028 16 "archive_mode = on\narchive_command = 'test ! -f arch/%f \&\& cp %p arch/%f'\n"
fires "  ... it is PK3038" PK3038 16 "archive_mode = on\narchive_command = 'test ! -f arch/%f \&\& cp %p arch/%f'\n"
silent "archive_mode = off is not" PK3028 16 "archive_mode = off\narchive_command = 'cp %p /mnt/archive/%f'\n"

# --- words per level and per major ---
m=$(msg PK7011 18 "" 'log_min_messages = debug1\n')
check "debug1 is PK7011's notice and does not claim orders of magnitude" bash -c 'grep -q "^notice " <<<"$1" && ! grep -q "orders of magnitude" <<<"$1" && grep -q "ordinary backends add few" <<<"$1"' _ "$m"
check "debug1 is no PK7007 warning" test -z "$(msg PK7007 18 "" 'log_min_messages = debug1\n')"
check "PK7007 at debug2 does" grep -q "orders of magnitude" <<<"$(msg PK7007 18 "" 'log_min_messages = debug2\n')"
m=$(msg PK8003 16 "" "listen_addresses = '*'\n")
check "PK8003 says TLS, not every encryption, is off: GSSAPI's (hostgssenc) may protect them (h46b 30)" \
  grep -q "cannot use TLS, so unless GSSAPI encryption protects them (hostgssenc lines in pg_hba.conf)" <<<"$(msg PK8003 16 "" "listen_addresses = '*'\n")"
check "PK8003 does not say md5 sends credentials readable" bash -c '! grep -q "password or md5 authentication) credentials" <<<"$1" && grep -q "md5 and scram-sha-256 send a salted response" <<<"$1"' _ "$m"
check "PK8005 on 18 says 18 deprecates MD5 passwords" grep -q "PostgreSQL 18 deprecates MD5 passwords" <<<"$(msg PK8005 18 "" 'password_encryption = md5\n')"
m=$(msg PK8005 16 "" 'password_encryption = md5\n')
check "PK8005 on 16 says nothing of a deprecation" bash -c '! grep -qi "deprecat" <<<"$1" && [ -n "$1" ]' _ "$m"
check "PK8005 on 13 says md5 is 13's default" grep -q "md5 is also the default on 13" <<<"$(msg PK8005 13 "" 'password_encryption = md5\n')"
m=$(msg PK8002 16 "" "logging_collector = on\nlog_file_mode = 0644\n")
check "PK8002 with log_directory inside the data directory does not say every user can read it" bash -c '! grep -q "every local user can read" <<<"$1" && grep -q "log_directory (log) is inside it" <<<"$1"' _ "$m"
check "PK8002 with an absolute log_directory outside it does" grep -q "every local user can read the log in /var/log/pg" <<<"$(msg PK8002 16 "" "logging_collector = on\nlog_directory = '/var/log/pg'\nlog_file_mode = 0644\n")"
check "PK8002 with an absolute log_directory under data_directory counts it inside" grep -q "is inside it" <<<"$(msg PK8002 16 "" "data_directory = '/srv/pg'\nlogging_collector = on\nlog_directory = '/srv/pg/log'\nlog_file_mode = 0644\n")"

# --- a finding points at the setting its message leads with ---
printf 'wal_level = replica\n\nmax_replication_slots = 4\n' >"$work/c.conf"
check "PK3027 about max_replication_slots points at its line, not wal_level's" test \
  "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/c.conf" | jq -r '.findings[] | select(.rule == "PK3027") | .line')" = 3
printf 'archive_mode = on\narchive_command = %s\n' "'cp %p /mnt/a/%f'" >"$work/c.conf"
check "PK3028 points at archive_command, which its message names first" test \
  "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/c.conf" | jq -r '.findings[] | select(.rule == "PK3028") | .line')" = 2

# --- PK0064: ssl = on with the certificate or key missing on the target ---
printf 'ssl = on\n' >"$work/c.conf"
check "a file that is not the target gets no PK0064" test -z \
  "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/c.conf" | jq -r '.findings[] | select(.rule == "PK0064") | .rule')"
# the server's files, which a checked-out file cannot show: a notice naming both (review
# 2026-12k, h12d 50: a fragment for an image that creates no certificate)
check "  ... but a PK0061 notice that both files must exist on the server" test \
  "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/c.conf" | jq -r '[.findings[] | select(.rule == "PK0061" and (.message | test("ssl_cert_file .server.crt. \\(the default, in the data directory\\) and ssl_key_file")))] | "\(length) \(.[0].severity)"')" = "1 notice"
if pg_cluster_start 16; then
  pg_psql -c "ALTER SYSTEM SET ssl = on" >/dev/null
  j=$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$PGDATA")
  check "a data directory with ssl = on and no server.crt/server.key: PK0064, an error that refuses start" test \
    "$(jq -r '[.findings[] | select(.rule == "PK0064") | .severity, (.refuses_start | tostring)] | join(" ")' <<<"$j")" = "error true"
  check "... one finding naming both files" bash -c 'grep -q "ssl_cert_file \"server.crt\" (the default), read as .*/server.crt and ssl_key_file" <<<"$1"' _ \
    "$(jq -r '.findings[] | select(.rule == "PK0064") | .message' <<<"$j")"
  if pg_cluster_restart >/dev/null 2>&1; then fail "the real 16 server refuses to start so"; else ok "the real 16 server refuses to start so"; fi
  check "... with the error PK0064 names" grep -q 'could not load server certificate file "server.crt"' "$(pg_server_log)"
  pg_as_postgres touch "$PGDATA/server.crt" "$PGDATA/server.key"
  check "with both files present, PK0064 is silent" test -z \
    "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$PGDATA" | jq -r '.findings[] | select(.rule == "PK0064") | .rule')"
  # the DH parameters file, when set, stops the server as the certificate does (review
  # 2026-12k, h13c 29): with a real certificate and key, only the missing DH file refuses
  if openssl req -new -x509 -days 1 -nodes -subj /CN=localhost -keyout "$work/server.key" \
       -out "$work/server.crt" >/dev/null 2>&1; then
    chmod 644 "$work/server.key"
    chmod 755 "$work" # the postgres user copies them from here
    pg_as_postgres install -m 600 "$work/server.key" "$work/server.crt" "$PGDATA/"
    # the server is down (the restart above failed): the line goes into the file directly
    pg_as_postgres sh -c "echo \"ssl_dh_params_file = '/nonexistent/dh.pem'\" >>'$PGDATA/postgresql.auto.conf'"
    check "ssl_dh_params_file naming a missing file: PK0064 names it" bash -c 'grep -q "ssl_dh_params_file \"/nonexistent/dh.pem\"" <<<"$0"' \
      "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$PGDATA" | jq -r '.findings[] | select(.rule == "PK0064") | .message')"
    if _pg_ctl_start "$PG_CLUSTER"; then fail "the real 16 server refuses to start without the DH file"; else ok "the real 16 server refuses to start without the DH file"; fi
    check "... with the error PK0064 names" grep -q 'could not open DH parameters file "/nonexistent/dh.pem"' "$(pg_server_log)"
  else
    fail "openssl makes a certificate"
  fi
  pg_cluster_stop
else
  fail "a 16 server starts"
fi

# --- a Markdown report cites each secondary source once ---
printf 'max_connections = 800\nwork_mem = 32MB\n' >"$work/c.conf"
"$PGKNOB" lint --pg-version 16 --format md --fail-on never --host ram=8GB,cores=4 "$work/c.conf" >"$work/r.md"
check "the Dev.to article is linked once in the report" test "$(grep -o 'https://dev.to/[^)]*' "$work/r.md" | wc -l)" = 1
check "the POSETTE talk is cited at most once (PK2011 states Little's law without it)" test "$(grep -o 'Postgres Isn.t Slow. Your Storage Is' "$work/r.md" | wc -l)" -le 1
check "and no later finding repeats or points at it (one citation per report)" bash -c '! grep -q "The same source.s case is told under" "$0"' "$work/r.md"

# --- PK2001/PK2002: temp_buffers, allocated only by sessions that use temporary tables ---
# (review-h5d, file 43: "… = 832MB + temp_buffers 6.25GB" read as a total of 832MB, and an error
# for a sum that needs every session to fill temporary tables)
TB='shared_buffers = 256MB\nmax_connections = 200\nwork_mem = 4MB\ntemp_buffers = 32MB\n'
check "temp_buffers the largest term, fits 1.5 x RAM without it: no PK2001 error" test -z "$(msg PK2001 15 ram=2GB "$TB")"
m=$(msg PK2002 15 ram=2GB "$TB")
check "  ... but PK2002's warning" grep -q "^warning " <<<"$m"
check "  ... temp_buffers with its product" grep -q "temp_buffers 6.25GB (32MB for each of 200 connections)" <<<"$m"
check "  ... the total last" sums_up "$m"
check "  ... and whose part it is, and the sum without it" grep -q "A session allocates temp_buffers only when it uses temporary tables: 6.25GB of the sum is theirs, and without it the sum is 1.34GB, 66% of 2GB." <<<"$m"
m=$(msg PK2001 15 ram=2GB 'shared_buffers = 256MB\nmax_connections = 200\nwork_mem = 16MB\ntemp_buffers = 32MB\n')
check "close miss: beyond 1.5 x RAM without temp_buffers too, PK2001's error" grep -q "^error " <<<"$m"
check "  ... its parts add up, the total last" sums_up "$m"
check "  ... and it says whose temp_buffers are" grep -q "6.25GB of the sum is theirs" <<<"$m"
# --- PK5003: an enable_* switch off penalises the method, it does not forbid it (held-out set
# 46, h46c 42: "planned without these methods, whatever their cost" is false): on 13 and 18
# (disable_cost, then disabled nodes) a join only a nested loop can run still uses one ---
for major in 13 18; do
  if PG_SERVER_OPTS="-c enable_nestloop=off" pg_cluster_start "$major"; then
    plan=$(pg_psql -c "EXPLAIN (COSTS OFF) SELECT * FROM generate_series(1,3) a(x) JOIN generate_series(1,3) b(y) ON a.x < b.y")
    check "a real $major server with enable_nestloop = off still plans a Nested Loop where nothing else can" grep -q "Nested Loop" <<<"$plan"
    pg_cluster_stop
  else
    fail "a $major server starts with enable_nestloop = off"
  fi
  check "  ... and PK5003 on $major says it avoids the method where another plan exists" \
    grep -q "^warning enable_nestloop switched off in the configuration: for every query the planner avoids these methods wherever another plan exists" <<<"$(msg PK5003 "$major" "" 'enable_nestloop = off\n')"
done
done_testing
