#!/usr/bin/env bash
# needs: servers
# The checks a DBA makes in seconds and the texts they read (issues 23 and 24): each case fires,
# and a close miss does not. Where the server's behaviour is the claim (which messages a
# log_min_messages level drops, an archive_command that exits 0 counting as archived), a real
# server shows it.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh

work="$(mktemp -d /tmp/pgknob-dba.XXXXXX)"
trap 'rm -rf "$work"' EXIT

lint_json() { # major host file
  "$PGKNOB" lint --pg-version "$1" ${2:+--host "$2"} --format json "$3" 2>/dev/null
}
rules_of() { jq -r '[.findings[].rule] | unique | join(" ")'; }
fires() { # label rule major host conf-text
  printf '%b' "$5" >"$work/c.conf"
  if lint_json "$3" "$4" "$work/c.conf" | rules_of | grep -qw "$2"; then ok "$1"; else fail "$1"; fi
}
silent() { # label rule major host conf-text
  printf '%b' "$5" >"$work/c.conf"
  if lint_json "$3" "$4" "$work/c.conf" | rules_of | grep -qw "$2"; then fail "$1"; else ok "$1"; fi
}

# --- a line written again word for word (a file pasted twice) is one finding naming each copy,
# and its fix changes every copy (review 2026-12i, h10a 14) ---
printf "stats_temp_directory = '/tmp/s'\nshared_buffers = 1GB\nstats_temp_directory = '/tmp/s'\n" >"$work/twice.conf"
check "a removed parameter written twice is one PK0011 naming line 3" \
  test "$(lint_json 17 "" "$work/twice.conf" | jq -r '[.findings[] | select(.rule == "PK0011")] | "\(length) \(.[0].line) \(.[0].message | test("the same line again at line 3"))"')" = "1 1 true"
check "  ... and pgknob fix comments out both copies" \
  test "$("$PGKNOB" fix --pg-version 17 --diff "$work/twice.conf" 2>/dev/null | grep -c '^+#stats_temp_directory')" = 2
printf "stats_temp_directory = '/tmp/s'\nshared_buffers = 1GB\nstats_temp_directory = '/tmp/t'\n" >"$work/differs.conf"
check "  ... close miss: two values are two lines to judge: two PK0011" \
  test "$(lint_json 17 "" "$work/differs.conf" | jq '[.findings[] | select(.rule == "PK0011")] | length')" = 2

# --- a shared-memory mapping beyond the RAM given cannot start there: a warning, as PK2009's
# planner estimate beyond RAM is; between 95% and 100% of a spec's RAM, a notice (2026-12l) ---
printf 'shared_buffers = 20GB\n' >"$work/shm-over.conf"
printf 'shared_buffers = 15400MB\n' >"$work/shm-near.conf"
check "PK0062 beyond the RAM of a --host spec is a warning" test \
  "$(lint_json 17 ram=16GB "$work/shm-over.conf" | jq -r '[.findings[] | select(.rule == "PK0062")][0].severity')" = warning
check "  ... close miss: nearly all of it (95-100%) stays a notice" test \
  "$(lint_json 17 ram=16GB "$work/shm-near.conf" | jq -r '[.findings[] | select(.rule == "PK0062")][0].severity')" = notice

# --- severity by consequence (a rule's notice_when): a worst case that fits in RAM is a notice ---
printf 'shared_buffers = 2GB\nmax_connections = 200\nwork_mem = 24MB\n' >"$work/fits.conf"
printf 'shared_buffers = 2GB\nmax_connections = 200\nwork_mem = 32MB\n' >"$work/over.conf"
check "PK2002 at 89% of RAM is a notice that says it leaves little for the page cache" jq -e \
  '[.findings[] | select(.rule == "PK2002")] | length == 1 and .[0].severity == "notice" and (.[0].message | test("89% of 8GB \\(given with --host\\), leaving little for the OS"))' \
  <<<"$(lint_json 16 ram=8GB "$work/fits.conf")"
check "PK2002 at 110% of RAM is a warning that says more than the RAM" jq -e \
  '[.findings[] | select(.rule == "PK2002")] | length == 1 and .[0].severity == "warning" and (.[0].message | test("110% of 8GB \\(given with --host\\), more than the RAM itself"))' \
  <<<"$(lint_json 16 ram=8GB "$work/over.conf")"

# --- log levels ---
fires "log_min_messages = debug3 is flagged (PK7007)" PK7007 16 "" "log_min_messages = debug3\n"
silent "log_min_messages = info is not (PK7007)" PK7007 16 "" "log_min_messages = info\n"
fires "client_min_messages = debug5 is flagged (PK7008)" PK7008 13 "" "client_min_messages = debug5\n"
silent "client_min_messages = log is not (PK7008)" PK7008 13 "" "client_min_messages = log\n"
fires "log_min_messages = fatal is flagged (PK7009)" PK7009 18 "" "log_min_messages = fatal\n"
silent "log_min_messages = warning is not (PK7009)" PK7009 18 "" "log_min_messages = warning\n"
printf 'log_min_messages = log\n' >"$work/c.conf"
check "PK7009 at log names the lost ERRORs but not the LOG lines" bash -c \
  'm=$(jq -r ".findings[] | select(.rule==\"PK7009\") | .message" <<<"$1");
   grep -q "WARNING messages, ERRORs never reach" <<<"$m" && ! grep -q checkpoint <<<"$m"' _ \
  "$(lint_json 16 "" "$work/c.conf")"

# --- archive commands that archive nothing ---
for cmd in '/bin/true' 'cd .' 'cd /var/lib/postgresql' 'echo %p' 'echo %f > /tmp/archived' ':' 'exit'; do
  fires "archive_command '$cmd' archives nothing (13: PK3017)" PK3017 13 "" "archive_mode = on\narchive_command = '$cmd'\n"
  fires "archive_command '$cmd' archives nothing (17: PK3018)" PK3018 17 "" "archive_mode = on\narchive_command = '$cmd'\n"
done
for cmd in 'cd /mnt/archive && cp %p %f' 'echo %p | xargs -I{} cp {} /mnt/a/%f' 'echo $(cp %p /mnt/a/%f)' 'exit 1'; do
  silent "archive_command '$cmd' is not a no-op" PK3018 17 "" "archive_mode = on\narchive_command = '$cmd'\n"
done

# --- a password in primary_conninfo, never printed ---
fires "password= in primary_conninfo (PK8015)" PK8015 16 "" "primary_conninfo = 'host=db user=r password=Sekr1tPW'\n"
fires "a URI's password in primary_conninfo (PK8015)" PK8015 16 "" "primary_conninfo = 'postgresql://r:Sekr1tPW@db/x'\n"
silent "passfile= in primary_conninfo is not (PK8015)" PK8015 16 "" "primary_conninfo = 'host=db user=r passfile=/pg/.pgpass sslpassword=k'\n"
printf "primary_conninfo = 'host=db user=r password=Sekr1tPW'\n" >"$work/pw.conf"
for fmt in text json md sarif; do
  out=$("$PGKNOB" lint --pg-version 16 --format "$fmt" "$work/pw.conf" 2>&1)
  check "PK8015: the password is not in the $fmt output" bash -c '! grep -q Sekr1tPW <<<"$1"' _ "$out"
done

# --- PK8002 reads log_destination ---
fires "log_file_mode 0644 with stderr logging (PK8002)" PK8002 16 "" "logging_collector = on\nlog_file_mode = 0644\n"
silent "log_file_mode 0644 with syslog only (PK8002)" PK8002 16 "" "logging_collector = on\nlog_destination = 'syslog'\nlog_file_mode = 0644\n"

# --- PK0061: contrib is part of the distribution ---
printf "shared_preload_libraries = 'pg_buffercache, pgstattuple'\n" >"$work/c.conf"
check "preloaded contrib modules are not host-dependent (PK0061)" bash -c \
  '! grep -q PK0061 <<<"$1"' _ "$(lint_json 16 "" "$work/c.conf" | rules_of)"
printf "shared_preload_libraries = 'pg_buffercache, pg_cron'\n" >"$work/c.conf"
check "PK0061 names only the library outside the distribution, without 'ship'" bash -c \
  'm=$(jq -r ".findings[] | select(.rule==\"PK0061\") | .message" <<<"$1");
   grep -q "loads \"pg_cron\", which is not part of the PostgreSQL distribution" <<<"$m" && ! grep -q ship <<<"$m"' _ \
  "$(lint_json 16 "" "$work/c.conf")"

# --- Markdown: no "rejects the current line" for a line the server accepts ---
printf "shared_preload_libraries = 'pg_cron'\ndata_directory = '/srv/pg'\n" >"$work/c.conf"
md=$("$PGKNOB" lint --pg-version 16 --format md "$work/c.conf" 2>&1)
check "Markdown: PK0061 does not say the server rejects the line" bash -c '! grep -q "rejects the current line" <<<"$1"' _ "$md"
printf "pg_partman_bgw.dbname = 'x'\n" >"$work/c.conf"
md=$("$PGKNOB" lint --pg-version 16 --format md "$work/c.conf" 2>&1)
check "Markdown: a module placeholder (PK0014) does not borrow the refusal's 'Why it hurts'" bash -c \
  '! grep -q "A line it rejects stops a starting server" <<<"$1" && grep -q "PK0014" <<<"$1"' _ "$md"
printf "work_mem = 4mb\n" >"$work/c.conf"
md=$("$PGKNOB" lint --pg-version 16 --format md "$work/c.conf" 2>&1)
check "Markdown: a refusal (PK0020) still says so" grep -q "since the server rejects it" <<<"$md"

# --- suggestions that clear their own condition ---
# a did-you-mean rename only where it is that parameter's line (review-h7c 44): not over a line
# the file has for it (last line wins), not with a value it refuses, not for another word
printf 'max_parallel_workers_per_gather = 4\nmax_parallel_workers = 8\nmax_parallel_workers_gather = 4\nmax_parallel_worker_per_gather = 4\nautovacuum_naptim = on\nssl_session_timeout = 1h\nshared_buffer = 1GB\n' >"$work/c.conf"
j=$(lint_json 18 "" "$work/c.conf")
hint_of() { jq -r --argjson l "$1" '.findings[] | select(.rule=="PK0010" and .line==$l) | .hint + "|" + (.suggestion // "") + "|" + ((.fix // []) | map(select(.remove | not)) | length | tostring)' <<<"$j"; }
# (no rename: its only fix, unsafe, comments the line out)
check "a name adding a whole word (max_parallel_workers_gather) is no typo of max_parallel_workers" \
  bash -c '! grep -q "max_parallel_workers\"" <<<"$1" && grep -q "|0$" <<<"$1"' _ "$(hint_of 3)"
# (it leaves out one word of max_parallel_workers_per_gather, which the file sets at line 1: that
# parameter's slip, so no rename over the file's own line; held-out set 55, h55a 02)
check "  ... but max_parallel_workers_per_gather's, one word left out, which the file sets already" \
  grep -q "Did you mean \"max_parallel_workers_per_gather\"? The file sets it already (line 1)" <<<"$(hint_of 3)"
check "a typo of a parameter the file sets: remove this line, no rename" \
  bash -c 'grep -q "The file sets it already (line 1)" <<<"$1" && grep -q "|remove this line" <<<"$1" && grep -q "|0$" <<<"$1"' _ "$(hint_of 4)"
check "a typo whose value the parameter refuses (autovacuum_naptime = on): no rename" \
  bash -c 'grep -q "does not take this value" <<<"$1" && grep -q "|0$" <<<"$1"' _ "$(hint_of 5)"
check "another word, not a typo (ssl_ vs idle_session_timeout): no did-you-mean" \
  bash -c '! grep -q "idle_session_timeout" <<<"$1"' _ "$(hint_of 6)"
check "  ... close miss: shared_buffer = 1GB is renamed, with its fix" \
  bash -c 'grep -q "Did you mean \"shared_buffers\"?|shared_buffers = 1GB|1" <<<"$1"' _ "$(hint_of 7)"
# the same words in another order are a slip of order (review 2026-12p, h17d: wal_max_senders
# was "none is spelt close"); other words in that order are not (ssl_session_timeout above)
printf 'wal_max_senders = 5\n' >"$work/c.conf"
j=$(lint_json 18 "" "$work/c.conf")
check "words in another order (wal_max_senders): renamed to max_wal_senders, with its fix" \
  bash -c 'grep -q "Did you mean \"max_wal_senders\"?|max_wal_senders = 5|1" <<<"$1"' _ "$(hint_of 1)"
# PK2001's alternative (keep work_mem, fewer connections) only where it leaves ten client
# slots beyond the superuser's (review-h7c 40: "lower max_connections to 1" stops a server)
printf 'max_connections = 20\nwork_mem = 307MB\nshared_buffers = 384MB\n' >"$work/c.conf"
sugg=$(lint_json 18 "ram=2GB,cores=2" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK2001") | .suggestion')
check "PK2001 on 2GB offers no max_connections below the reserved slots" bash -c \
  'grep -q "^work_mem = " <<<"$1" && ! grep -q "lower max_connections" <<<"$1"' _ "$sugg"
printf 'max_connections = 800\nwork_mem = 1GB\nshared_buffers = 8GB\n' >"$work/c.conf"
sugg=$(lint_json 18 "ram=64GB,cores=16" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK2001") | .suggestion')
check "  ... close miss: 31 connections with 1GB each on 64GB is offered" grep -q "lower max_connections to 31" <<<"$sugg"
printf 'shared_buffers = 3000MB\n' >"$work/c.conf"
sugg=$(lint_json 17 "" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK3025") | .suggestion')
check "PK3025 on shared_buffers 2.93GB proposes max_wal_size = 3GB (not 2GB)" grep -q '^max_wal_size = 3GB' <<<"$sugg"
printf 'shared_buffers = 3072MB\n' >"$work/c.conf"
sugg=$(lint_json 17 "" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK3025") | .suggestion')
check "PK3025 on exactly 3GB proposes 3GB, not 4GB" grep -q '^max_wal_size = 3GB' <<<"$sugg"
printf 'shared_buffers = 250MB\neffective_cache_size = 50MB\n' >"$work/c.conf"
j=$(lint_json 17 "ram=16GB,cores=4,storage=ssd" "$work/c.conf")
check "PK2008 does not both fix and say it does not clear the finding" bash -c \
  '! jq -e ".findings[] | select(.rule==\"PK2008\") | .fix_note // \"\" | test(\"does not clear\")" <<<"$1" >/dev/null' _ "$j"

# --- one cause, one finding: an unprefixed family of unknown names ---
printf "abtree_a_b = 1\nwork_mem = 8MB\nabtree_c = 2\nabtree_d_e = 3\nlog_foo_bar = 1\nlog_baz_qux = 2\nfoo_bar = 1\n" >"$work/c.conf"
j=$(lint_json 17 "" "$work/c.conf")
check "three abtree_* names give one PK0010 listing their lines" bash -c \
  'jq -e "[.findings[] | select(.rule==\"PK0010\" and (.message | test(\"abtree_\")))] | length == 1 and (.[0].message | test(\"(line 1).*(line 3).*(line 4)\")) and .[0].refuses_start" <<<"$1" >/dev/null' _ "$j"
check "unknown log_* names (a word known parameters start with) stay separate" bash -c \
  'jq -e "[.findings[] | select(.rule==\"PK0010\" and (.message | test(\"log_\")))] | length == 2" <<<"$1" >/dev/null' _ "$j"
check "a lone unknown name (foo_bar) is its own finding" bash -c \
  'jq -e "[.findings[] | select(.rule==\"PK0010\" and (.message | test(\"\\\"foo_bar\")))] | length == 1" <<<"$1" >/dev/null' _ "$j"

# --- memory suggestions: the dominant term first, sane floors, big cuts unsafe ---
printf 'shared_buffers = 16GB\nmax_connections = 300\nwork_mem = 64MB\n' >"$work/c.conf"
j=$(lint_json 17 "ram=16GB,cores=8,storage=ssd" "$work/c.conf")
fx=$(jq -r '.findings[] | select(.rule=="PK2001") | .fix[] | "\(.name)=\(.value)"' <<<"$j")
check "PK2001 (300 connections, 16GB shared_buffers on 16GB) lowers shared_buffers first" grep -qx 'shared_buffers=4GB' <<<"$fx"
check "... and does not cut max_connections to 10 (nor at all here)" bash -c '! grep -q max_connections <<<"$1"' _ "$fx"
printf 'max_connections = 5000\nwork_mem = 64MB\nshared_buffers = 4GB\n' >"$work/c.conf"
mc=$(lint_json 17 "ram=16GB,cores=8,storage=ssd" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK2001") | .fix[] | select(.name=="max_connections") | "\(.value) \(.safety)"')
check "PK2001 never proposes max_connections below its default, and such a cut is unsafe ($mc)" bash -c \
  'read -r v s <<<"$1"; [ "$v" -ge 100 ] && [ "$s" = unsafe ]' _ "$mc"
printf 'max_connections = 100\nwork_mem = 128MB\nshared_buffers = 2GB\n' >"$work/c.conf"
check "PK2001: a 7x work_mem cut (128MB to 18MB) is unsafe" bash -c \
  'jq -e "[.findings[] | select(.rule==\"PK2001\") | .fix[] | select(.name==\"work_mem\") | .safety] == [\"unsafe\"]" <<<"$1" >/dev/null' _ \
  "$(lint_json 16 "ram=8GB,cores=4" "$work/c.conf")"
printf 'max_connections = 1500\nwork_mem = 8MB\nshared_buffers = 2GB\n' >"$work/c.conf"
why=$(lint_json 16 "ram=8GB,cores=4" "$work/c.conf" | jq -r '.findings[] | select(.rule=="PK2001") | .fix[] | "\(.name)=\(.value) \(.why)"')
check "PK2001: a halving of work_mem and a cut of max_connections by a third carry no big-cut reason" bash -c \
  'grep -q "^work_mem=4MB" <<<"$1" && grep -q "^max_connections=" <<<"$1" && ! grep -qE "more than half|quarter" <<<"$1"' _ "$why"
printf 'max_connections = 1000\ntemp_buffers = 256MB\n' >"$work/c.conf"
# beyond 1.5 x RAM only with temp_buffers, which only sessions that use temporary tables allocate
# (localbuf.c): PK2002's warning that names the term, not PK2001's error (docs/lint.md)
check "PK2001 beyond RAM only by temp_buffers: a PK2002 warning that says to lower temp_buffers" bash -c \
  'jq -e "[.findings[] | select(.rule==\"PK2001\" or .rule==\"PK2002\") | .rule + \" \" + .severity + \" \" + (.suggestion | startswith(\"lower temp_buffers\") | tostring)] == [\"PK2002 warning true\"]" <<<"$1" >/dev/null' _ \
  "$(lint_json 16 "ram=64GB,cores=16" "$work/c.conf")"
printf 'maintenance_work_mem = 2MB\n' >"$work/c.conf"
check "PK2010 on a 1GB host proposes 32MB, not 256MB" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK2010\") | .suggestion" <<<"$1" | grep -q "^maintenance_work_mem = 32MB"' _ \
  "$(lint_json 16 "ram=1GB" "$work/c.conf")"
check "PK2010 on a 16GB host keeps 256MB" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK2010\") | .suggestion" <<<"$1" | grep -q "^maintenance_work_mem = 256MB"' _ \
  "$(lint_json 16 "ram=16GB" "$work/c.conf")"

# --- one cause, one finding: PK1013 folds into PK2003 when a tiny shared_buffers is the cause ---
printf 'shared_buffers = 8MB\n' >"$work/c.conf"
r=$(lint_json 18 "ram=16GB,cores=4,storage=ssd" "$work/c.conf" | rules_of)
check "18, 8MB shared_buffers on 16GB: PK2003 alone (PK1013 folded in)" bash -c \
  'grep -qw PK2003 <<<"$1" && ! grep -qw PK1013 <<<"$1"' _ "$r"
check "PK2003 on 18 says what it does to io_max_concurrency" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK2003\") | .message" <<<"$1" | grep -q io_max_concurrency' _ \
  "$(lint_json 18 "ram=16GB,cores=4,storage=ssd" "$work/c.conf")"
fires "without PK2003 (1GB host), PK1013 stays" PK1013 18 "ram=1GB" "shared_buffers = 8MB\n"
fires "an explicit io_max_concurrency = 4 stays PK1013" PK1013 18 "ram=16GB" "shared_buffers = 8MB\nio_max_concurrency = 4\n"

# --- platform-dependent values: a notice naming the platform, never "refuses start" ---
printf "dynamic_shared_memory_type = windows\nwal_sync_method = fsync_writethrough\n" >"$work/plat.conf"
j=$(lint_json 18 "" "$work/plat.conf")
check "dynamic_shared_memory_type = windows: a PK0023 notice, not a refusal" bash -c \
  'jq -e "[.findings[] | select(.line==1)] | length == 1 and .[0].rule == \"PK0023\" and .[0].severity == \"notice\" and (.[0].refuses_start | not)" <<<"$1" >/dev/null' _ "$j"
check "its message says where it is valid and what a Linux server does" bash -c \
  'jq -r ".findings[] | select(.line==1) | .message" <<<"$1" | grep -q "valid only on Windows; a Linux server refuses to start with it"' _ "$j"
check "wal_sync_method = fsync_writethrough names Windows or macOS" bash -c \
  'jq -r ".findings[] | select(.line==2) | .message" <<<"$1" | grep -q "valid only on Windows or macOS"' _ "$j"
silent "dynamic_shared_memory_type = posix is not platform-dependent" PK0023 18 "" "dynamic_shared_memory_type = posix\n"

# --- TimescaleDB's worker budget (its docs: at least max_background_workers + max_parallel_workers) ---
ts="shared_preload_libraries = 'timescaledb'\ntimescaledb.max_background_workers = 8\nmax_parallel_workers = 8\n"
fires "timescaledb: 8 + 8 + the launcher > max_worker_processes 16 (PK0028)" PK0028 17 "" "${ts}max_worker_processes = 16\n"
silent "timescaledb: max_worker_processes 17 covers 8 + 8 + 1 (PK0028)" PK0028 17 "" "${ts}max_worker_processes = 17\n"
silent "no logical replication launcher: 16 covers 8 + 8 (PK0028)" PK0028 17 "" "${ts}max_worker_processes = 16\nmax_logical_replication_workers = 0\n"
silent "without timescaledb preloaded, no PK0028" PK0028 17 "" "timescaledb.max_background_workers = 8\nmax_parallel_workers = 8\nmax_worker_processes = 8\n"
fires "timescaledb's default of 16 background workers counts when unset" PK0028 16 "" "shared_preload_libraries = 'timescaledb,pg_stat_statements'\nmax_worker_processes = 20\n"
# --- the other background-worker modules (pg_cron, pg_partman_bgw, pg_squeeze, pglogical, citus) ---
cronbgw="shared_preload_libraries = 'pg_cron,pg_partman_bgw,pg_squeeze'\ncron.use_background_workers = on\n"
fires "pg_cron's job workers, pg_partman_bgw, pg_squeeze and parallel workers > 8 (PK0028)" PK0028 16 "" "$cronbgw"
silent "the same modules within max_worker_processes = 21 (PK0028)" PK0028 16 "" "${cronbgw}max_worker_processes = 21\n"
silent "pg_cron and pg_partman_bgw without job workers fit in 8 (PK0028)" PK0028 16 "" "shared_preload_libraries = 'pg_cron, pg_partman_bgw'\n"
fires "pg_cron's launchers beyond max_worker_processes = 2 (PK0028)" PK0028 17 "" "shared_preload_libraries = 'pg_cron,pglogical'\nmax_worker_processes = 2\n"
silent "cron.max_running_jobs = 1 with max_worker_processes 12 (PK0028)" PK0028 17 "" "${cronbgw}cron.max_running_jobs = 1\nmax_worker_processes = 15\n"
fires "cron.max_running_jobs = 1 with max_worker_processes 14 (PK0028)" PK0028 17 "" "${cronbgw}cron.max_running_jobs = 1\nmax_worker_processes = 14\n"
# pg_prewarm's autoprewarm leader and the worker it starts to load blocks take two slots
# (review 2026-12zb, h29c 29)
fires "pg_prewarm's autoprewarm leader and loader beyond max_worker_processes = 2 (PK0028)" PK0028 17 "" "shared_preload_libraries = 'pg_prewarm'\nmax_worker_processes = 2\n"
silent "pg_prewarm.autoprewarm = off starts no worker (PK0028)" PK0028 17 "" "shared_preload_libraries = 'pg_prewarm'\npg_prewarm.autoprewarm = off\nmax_worker_processes = 2\n"
silent "pg_prewarm's two and the launcher fit in 3 (PK0028)" PK0028 17 "" "shared_preload_libraries = 'pg_prewarm'\nmax_worker_processes = 3\n"
printf "shared_preload_libraries = 'timescaledb,pg_prewarm'\n" >"$work/c.conf"
j=$(lint_json 17 "" "$work/c.conf")
check "PK0028 at max_worker_processes' default names it, so its page is linked" \
  test "$(jq -r '[.findings[] | select(.rule=="PK0028") | .settings[].name] | join(",")' <<<"$j")" = "shared_preload_libraries,max_worker_processes"
check "  ... and with timescaledb it says timescaledb-tune sets the three together" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK0028\") | .suggestion" <<<"$1" | grep -q "timescaledb-tune sizes the server, run it again"' _ "$j"
check "  ... and lists the modules once each, parallel query last" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK0028\") | .message" <<<"$1" | grep -q "the workers of timescaledb, pg_prewarm and parallel query"' _ "$j"
printf "${ts}max_worker_processes = 8\n" >"$work/c.conf"
check "PK0028 proposes the sum with spare slots" bash -c \
  'jq -r ".findings[] | select(.rule==\"PK0028\") | .suggestion" <<<"$1" | grep -q "^max_worker_processes = 19 "' _ \
  "$(lint_json 17 "" "$work/c.conf")"

# --- the server is the authority ---
# the logical replication launcher holds a max_worker_processes slot (PK0028 counts it): with one
# slot, a parallel query gets no worker
if PG_SERVER_OPTS="-c max_worker_processes=1 -c max_parallel_workers=1 -c max_parallel_workers_per_gather=1 -c parallel_setup_cost=0 -c parallel_tuple_cost=0 -c min_parallel_table_scan_size=0" pg_cluster_start 16; then
  n=$(pg_psql -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'logical replication launcher'")
  check "16: the logical replication launcher runs (count $n)" test "$n" = 1
  plan=$(pg_psql -c "CREATE TABLE t AS SELECT g FROM generate_series(1, 100000) g" \
    -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM t")
  check "16: with max_worker_processes = 1 the launcher leaves no slot for a parallel worker" \
    grep -q 'Workers Launched: 0' <<<"$plan"
  pg_cluster_stop
else
  fail "could not start a PostgreSQL 16 server with one worker slot"
fi
# pg_prewarm's autoprewarm leader holds a slot too: beside it, the launcher's one slot of two
# leaves none for a parallel worker
if PG_SERVER_OPTS="-c shared_preload_libraries=pg_prewarm -c max_worker_processes=2 -c max_parallel_workers=1 -c max_parallel_workers_per_gather=1 -c parallel_setup_cost=0 -c parallel_tuple_cost=0 -c min_parallel_table_scan_size=0" pg_cluster_start 16; then
  # the leader connects to no database, so pg_stat_activity does not list it: the postmaster's
  # children do
  sleep 0.5
  n=$(ps --ppid "$(head -1 "$PG_CLUSTER/data/postmaster.pid")" -o args= | grep -c '^postgres: autoprewarm leader')
  check "16: pg_prewarm's autoprewarm leader runs (count $n)" test "$n" = 1
  plan=$(pg_psql -c "CREATE TABLE t AS SELECT g FROM generate_series(1, 100000) g" \
    -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM t")
  check "16: the leader and the launcher take both slots: no parallel worker" \
    grep -q 'Workers Launched: 0' <<<"$plan"
  pg_cluster_stop
else
  fail "could not start a PostgreSQL 16 server with pg_prewarm preloaded"
fi
# listen_addresses names the server's own interfaces: of three addresses it does not have it
# binds none, warns for each, and stops at startup when nothing is left (PK0096; held-out set
# 30, h30b 16); beside one it has, it starts
if PG_SERVER_OPTS="-c listen_addresses='127.0.0.1,192.0.2.10,192.0.2.11,192.0.2.12'" pg_cluster_start 16; then
  check "16: beside 127.0.0.1 the server starts, warning once for each address it lacks" \
    test "$(grep -c 'could not bind IPv4 address "192.0.2' "$(pg_server_log)")" = 3
  pg_cluster_stop
else
  fail "16: a server with 127.0.0.1 among its listen_addresses did not start"
fi
if PG_SERVER_OPTS="-c listen_addresses='192.0.2.10,192.0.2.11,192.0.2.12'" pg_cluster_start 16 2>"$work/listen.err"; then
  fail "16: a server with none of its listen_addresses started"
  pg_cluster_stop
else
  check "16: with none of them it stops: could not create any TCP/IP sockets" \
    grep -q "could not create any TCP/IP sockets" "$work/listen.err"
fi
fires "three addresses of one /24 in listen_addresses (PK0096)" PK0096 16 "" "listen_addresses = '192.168.243.1, 192.168.243.2, 192.168.243.3'\n"
silent "close miss: two addresses of one /24 (PK0096)" PK0096 16 "" "listen_addresses = '10.0.0.5, 10.0.0.6'\n"
silent "close miss: three addresses of three subnets (PK0096)" PK0096 16 "" "listen_addresses = 'localhost, 10.0.1.5, 10.0.2.5, 10.0.3.5'\n"
# a network written as pg_hba.conf writes clients resolves to no address: alone, the server stops
# at startup (an error that refuses start); beside an address it has, it starts and warns
# (held-out set 32, h32a 11)
if PG_SERVER_OPTS="-c listen_addresses='10.0.0.0/24'" pg_cluster_start 16 2>"$work/cidr.err"; then
  fail "16: a server listening only on 10.0.0.0/24 started"
  pg_cluster_stop
else
  check "16: listen_addresses = '10.0.0.0/24' alone: could not translate host name, then no socket" \
    bash -c 'grep -q "could not translate host name \"10.0.0.0/24\"" "$1" && grep -q "could not create any TCP/IP sockets" "$1"' _ "$work/cidr.err"
fi
printf "listen_addresses = '10.0.0.0/24'\n" >"$work/cidr.conf"
check "  ... PK0096 an error tagged refuses start" \
  test "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/cidr.conf" | jq -r '[.findings[] | select(.rule == "PK0096") | "\(.severity) \(.refuses_start)"] | join(",")')" = "error true"
printf "listen_addresses = 'localhost, 10.0.0.0/24'\n" >"$work/cidr2.conf"
check "  close miss: beside localhost, a warning" \
  test "$("$PGKNOB" lint --pg-version 16 --format json --fail-on never "$work/cidr2.conf" | jq -r '[.findings[] | select(.rule == "PK0096") | "\(.severity) \(.refuses_start)"] | join(",")')" = "warning false"
if PG_SERVER_OPTS="-c max_worker_processes=2 -c max_parallel_workers=1 -c max_parallel_workers_per_gather=1 -c parallel_setup_cost=0 -c parallel_tuple_cost=0 -c min_parallel_table_scan_size=0" pg_cluster_start 16; then
  plan=$(pg_psql -c "CREATE TABLE t AS SELECT g FROM generate_series(1, 100000) g" \
    -c "EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM t")
  check "16: with two slots the same query launches its parallel worker" grep -q 'Workers Launched: 1' <<<"$plan"
  pg_cluster_stop
else
  fail "could not start a PostgreSQL 16 server with two worker slots"
fi
if pg_cluster_start 16; then
  # log_min_messages = error drops a WARNING; warning keeps it
  for level in error warning; do
    pg_psql -c "ALTER SYSTEM SET log_min_messages = $level" >/dev/null && pg_cluster_reload && sleep 0.5
    pg_psql -c "DO \$\$BEGIN RAISE WARNING 'pgknob-probe-$level'; END\$\$" >/dev/null 2>&1
    sleep 0.3
    if [ "$level" = error ]; then
      check "16: log_min_messages = error drops WARNINGs from the log (PK7009)" bash -c \
        '! grep -q pgknob-probe-error "$1"' _ "$(pg_server_log)"
    else
      check "16: log_min_messages = warning keeps them" grep -q pgknob-probe-warning "$(pg_server_log)"
    fi
  done
  # log_statement = all logs the text; log_min_duration_statement = 0 then adds a bare duration
  # line (PK7002 is a notice beside PK7003: one cause, one finding)
  pg_psql -c "ALTER SYSTEM SET log_min_messages = warning" -c "ALTER SYSTEM SET log_statement = 'all'" \
    -c "ALTER SYSTEM SET log_min_duration_statement = 0" >/dev/null && pg_cluster_reload && sleep 0.5
  pg_psql -c "SELECT 'pgknob-probe-duration'" >/dev/null 2>&1
  sleep 0.3
  check "16: log_statement = all logs the statement's text once" test "$(grep -c "statement: SELECT 'pgknob-probe-duration'" "$(pg_server_log)")" = 1
  check "16: ... and log_min_duration_statement = 0 adds a duration line without it" \
    grep -qE 'LOG:  duration: [0-9.]+ ms$' "$(pg_server_log)"
  # with log_duration = on that duration line is written already: the setting adds nothing
  # (held-out set 28, h28a 03)
  durations_of_one_statement() { # -> the duration lines one statement adds
    local before after
    before=$(grep -c 'LOG:  duration:' "$(pg_server_log)")
    pg_psql -c "SELECT 'pgknob-probe-$1'" >/dev/null 2>&1
    sleep 0.3
    after=$(grep -c 'LOG:  duration:' "$(pg_server_log)")
    echo $((after - before))
  }
  pg_psql -c "ALTER SYSTEM SET log_duration = on" -c "ALTER SYSTEM RESET log_min_duration_statement" >/dev/null &&
    pg_cluster_reload && sleep 0.5
  without=$(durations_of_one_statement without)
  printf "SELECT 'pgknob-probe-ext0';\n" >"$work/ext0.sql"
  "$PG_CLIENT_BIN/pgbench" -n -M extended -t 1 -f "$work/ext0.sql" >/dev/null 2>&1
  pg_psql -c "ALTER SYSTEM SET log_min_duration_statement = 0" >/dev/null && pg_cluster_reload && sleep 0.5
  with=$(durations_of_one_statement with)
  check "16: beside log_statement = all and log_duration = on, log_min_duration_statement = 0 adds no line ($without and $with duration lines)" \
    test "$without:$with" = "1:1"
  # ... but for the extended protocol it adds the text to the parse line (exec_parse_message
  # checks with was_logged false; the development corpus's review, rws 11)
  printf "SELECT 'pgknob-probe-ext';\n" >"$work/ext.sql"
  "$PG_CLIENT_BIN/pgbench" -n -M extended -t 1 -f "$work/ext.sql" >/dev/null 2>&1
  sleep 0.3
  check "16: ... and with the extended protocol it adds the statement's text to the parse duration line (not there without it)" \
    bash -c 'grep -q "duration: [0-9.]* ms  parse <unnamed>: SELECT '"'"'pgknob-probe-ext'"'"'" "$0" &&
      ! grep -q "parse <unnamed>: SELECT '"'"'pgknob-probe-ext0'"'"'" "$0"' "$(pg_server_log)"
  pg_psql -c "ALTER SYSTEM RESET log_statement" -c "ALTER SYSTEM RESET log_min_duration_statement" \
    -c "ALTER SYSTEM RESET log_duration" >/dev/null && pg_cluster_reload
  printf 'log_statement = all\nlog_min_duration_statement = 0\nlog_duration = on\n' >"$work/three.conf"
  check "PK7002 beside log_statement = all and log_duration = on says it adds nothing for simple queries" jq -e \
    '[.findings[] | select(.rule == "PK7002")][0] | .severity == "notice" and (.message | test("this setting adds nothing for simple queries, and only the statement text on the parse and bind duration lines"))' \
    <<<"$(lint_json 16 "" "$work/three.conf")"
  printf 'log_statement = all\nlog_min_duration_statement = 0\n' >"$work/both.conf"
  check "PK7002 beside log_statement = all is a notice saying only a duration line is added" jq -e \
    '[.findings[] | select(.rule == "PK7002")] | length == 1 and .[0].severity == "notice" and (.[0].message | test("adds a .duration:. line for each, without the text"))' \
    <<<"$(lint_json 16 "" "$work/both.conf")"
  printf 'log_min_duration_statement = 0\n' >"$work/alone.conf"
  check "PK7002 alone stays a warning" jq -e '[.findings[] | select(.rule == "PK7002")][0].severity == "warning"' \
    <<<"$(lint_json 16 "" "$work/alone.conf")"
  # the reports' words on a reload (report_explanation): an unknown parameter makes the server
  # apply none of the file's changes; a value it rejects is skipped and the others apply
  cp "$PGDATA/postgresql.conf" "$work/pgconf.orig"
  printf "work_mem = '7MB'\nno_such_parameter_pgknob = 1\n" >>"$PGDATA/postgresql.conf"
  pg_cluster_reload; sleep 0.5
  check "16: a reload with an unknown parameter applies no change (work_mem stays 4MB)" \
    test "$(pg_psql -c 'SHOW work_mem')" = 4MB
  check "  ... and the log says so" grep -q 'contains errors; no changes were applied' "$(pg_server_log)"
  cp "$work/pgconf.orig" "$PGDATA/postgresql.conf"
  printf "work_mem = '7MB'\nmaintenance_work_mem = '1zz'\n" >>"$PGDATA/postgresql.conf"
  pg_cluster_reload; sleep 0.5
  check "16: a reload with a rejected value applies the others (work_mem 7MB)" \
    test "$(pg_psql -c 'SHOW work_mem')" = 7MB
  check "  ... and the log says unaffected changes were applied" grep -q 'contains errors; unaffected changes were applied' "$(pg_server_log)"
  cp "$work/pgconf.orig" "$PGDATA/postgresql.conf"; pg_cluster_reload
  # an archive_command that exits 0 without copying counts as archived (PK3017/PK3018)
  pg_psql -c "ALTER SYSTEM SET archive_mode = on" -c "ALTER SYSTEM SET archive_command = 'cd .'" >/dev/null
  pg_cluster_restart
  pg_psql -c "SELECT pg_switch_wal()" -c "CHECKPOINT" >/dev/null
  for _ in $(seq 1 50); do
    n=$(pg_psql -c "SELECT archived_count FROM pg_stat_archiver")
    [ "${n:-0}" -ge 1 ] && break
    sleep 0.2
  done
  check "16: archive_command 'cd .' reports segments archived (archived_count $n)" test "${n:-0}" -ge 1
  pg_cluster_stop
  # the Linux build refuses the Windows-only values, as the notice says
  for kv in dynamic_shared_memory_type=windows wal_sync_method=fsync_writethrough; do
    d=$(mktemp -d /tmp/pgknob-dba-pg.XXXXXX); chmod 755 "$d"; [ "$(id -u)" = 0 ] && chown postgres "$d"
    if pg_as_postgres "$(pg_bin_dir 16)/initdb" -D "$d/data" >/dev/null 2>&1; then
      out=$(pg_as_postgres "$(pg_bin_dir 16)/postgres" -D "$d/data" -c "$kv" -C "${kv%%=*}" 2>&1)
      check "16 on Linux refuses $kv" grep -q 'FATAL:  invalid value for parameter' <<<"$out"
    else
      fail "initdb for the $kv check"
    fi
    rm -rf "$d"
  done
  # include_dir reads settings: a pg_hba line in a .conf file there stops the server, and
  # pg_hba.conf includes a directory itself only from 16 (held-out set 28, h28c 28)
  for major in 15 16; do
    d=$(mktemp -d /tmp/pgknob-dba-pg.XXXXXX); chmod 755 "$d"; [ "$(id -u)" = 0 ] && chown postgres "$d"
    bin=$(pg_bin_dir "$major")
    if pg_as_postgres "$bin/initdb" -D "$d/data" -A trust >/dev/null 2>&1; then
      pg_as_postgres mkdir "$d/data/pg_hba.d"
      if [ "$major" = 16 ]; then
        printf 'host all all 0.0.0.0/0 md5\n' | pg_as_postgres tee "$d/data/pg_hba.d/10-app.conf" >/dev/null
        pg_as_postgres cp "$d/data/postgresql.conf" "$d/conf.orig"
        printf "include_dir = 'pg_hba.d'\n" | pg_as_postgres tee -a "$d/data/postgresql.conf" >/dev/null
        out=$(pg_as_postgres "$bin/postgres" -D "$d/data" -C work_mem 2>&1)
        check "16: an hba line in an include_dir's .conf stops the server with a syntax error" \
          grep -q 'syntax error' <<<"$out"
        pg_as_postgres cp "$d/conf.orig" "$d/data/postgresql.conf"
      fi
      printf 'host all all 10.0.0.0/8 md5\n' | pg_as_postgres tee "$d/data/pg_hba.d/10-app.conf" >/dev/null
      printf 'local all all trust\ninclude_dir pg_hba.d\n' | pg_as_postgres tee "$d/data/pg_hba.conf" >/dev/null
      if pg_as_postgres "$bin/pg_ctl" -D "$d/data" -w -t 30 -l "$d/log" \
        -o "-c listen_addresses= -k $d -p $((56000 + major))" start >/dev/null 2>&1; then
        started=yes
        pg_as_postgres "$bin/pg_ctl" -D "$d/data" -m fast stop >/dev/null 2>&1
      else
        started=no
      fi
      want=$([ "$major" -ge 16 ] && echo yes || echo no)
      check "$major: pg_hba.conf with its own include_dir: the server starts $started (expected $want)" \
        test "$started" = "$want"
    else
      fail "initdb $major for the include_dir check"
    fi
    rm -rf "$d"
  done
else
  fail "could not start a PostgreSQL 16 server"
fi
# --- pg_wal against its volume (PK3062): a manifest's storage, or --host disk; a volume pg_wal
# fills stops the server with a PANIC, shown on a real 13 and 18 with pg_wal on a 48MB tmpfs
# (review 2026-12ze, h32d 50: 2Gi of storage, max_wal_size 4GB) ---
fires "PK3062: max_wal_size 4GB on a 2GB disk shared with the data" PK3062 17 disk=2GB 'max_wal_size = 4GB\n'
check "  ... a warning" test "$(lint_json 17 disk=2GB "$work/c.conf" | jq -r '[.findings[] | select(.rule == "PK3062")][0].severity')" = warning
silent "  close miss: the same on a 20GB disk" PK3062 17 disk=20GB 'max_wal_size = 4GB\n'
silent "  close miss: no volume stated, no finding and no skip" PK3062 17 "" 'max_wal_size = 4GB\n'
check "  ... nor a 'skipped for host facts' note naming it" bash -c '! "$0" lint --pg-version 17 "$1" 2>&1 | grep -q "PK3062: host"' "$PGKNOB" "$work/c.conf"
printf 'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata:\n  name: c\nspec:\n  instances: 1\n  imageName: ghcr.io/cloudnative-pg/postgresql:17.2\n  storage:\n    size: 2Gi\n  postgresql:\n    parameters:\n      max_wal_size: 4GB\n' >"$work/cnpg-wal.yaml"
check "a CloudNativePG Cluster with storage 2Gi and max_wal_size 4GB: PK3062 names spec.storage.size" \
  grep -q "spec.storage.size 2Gi at" <<<"$("$PGKNOB" lint --format json "$work/cnpg-wal.yaml" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK3062") | .message')"
sed 's/^  storage:/  walStorage:\n    size: 10Gi\n  storage:/' "$work/cnpg-wal.yaml" >"$work/cnpg-walstorage.yaml"
check "  close miss: with a walStorage of 10Gi for pg_wal, none" \
  test "$("$PGKNOB" lint --format json "$work/cnpg-walstorage.yaml" 2>/dev/null | jq '[.findings[] | select(.rule == "PK3062")] | length')" = 0
for major in 13 18; do
  d=$(mktemp -d /tmp/pgknob-walfull.XXXXXX); chmod 755 "$d"; mkdir "$d/wal"
  if mount -t tmpfs -o size=48m,mode=0755 tmpfs "$d/wal" 2>/dev/null; then
    chown postgres "$d" "$d/wal"
    bin=$(pg_bin_dir "$major")
    pg_as_postgres "$bin/initdb" -D "$d/data" --waldir="$d/wal/pg_wal" -A trust -N >/dev/null 2>&1
    pg_as_postgres "$bin/pg_ctl" -D "$d/data" -w -t 30 -l "$d/log" \
      -o "-c listen_addresses= -k $d -p $((56100 + major)) -c max_wal_size=1GB" start >/dev/null 2>&1
    pg_as_postgres "$PG_CLIENT_BIN/psql" -X -h "$d" -p $((56100 + major)) -d postgres -c \
      "create table t as select g, repeat(md5(g::text), 4) s from generate_series(1, 1000000) g" >/dev/null 2>&1
    sleep 2
    check "$major: pg_wal filling its 48MB volume stops the server with a PANIC" \
      grep -q "PANIC:  could not write to file \"pg_wal/" "$d/log"
    pg_as_postgres "$bin/pg_ctl" -D "$d/data" status >/dev/null 2>&1; status=$?
    check "  ... and it is not running again (pg_ctl status $status: its restart after the crash finds no space)" \
      test "$status" = 3
    pg_as_postgres "$bin/pg_ctl" -D "$d/data" -m immediate stop >/dev/null 2>&1
    sleep 1
    umount "$d/wal" || umount -l "$d/wal"
  else
    fail "$major: could not mount a tmpfs for pg_wal (the check needs root)"
  fi
  rm -rf "$d"
done
# log_file_mode 0777: the server drops the execute bits (syslogger.c opens the files under umask
# ~log_file_mode), so every user may write the files too, as PK8002 says (review 2026-12zg, h35a
# 01, shown on 15); close miss: 0644 is readable, not writable, by others
for major in 13 18; do
  for mode in 0777 0644; do
    if PG_SERVER_OPTS="-c logging_collector=on -c log_file_mode=$mode -c log_directory=log" pg_cluster_start "$major"; then
      pg_psql -c "SELECT pg_rotate_logfile()" >/dev/null
      sleep 0.5
      got=$(stat -c %a "$(ls -t "$PGDATA"/log/*.log | head -1)")
      check "$major: log_file_mode $mode creates log files of mode $([ "$mode" = 0777 ] && echo 666 || echo 644)" \
        test "$got" = "$([ "$mode" = 0777 ] && echo 666 || echo 644)"
      pg_cluster_stop
    else
      fail "$major: a server with logging_collector on did not start"
    fi
  done
done
printf 'logging_collector = on\nlog_file_mode = 0777\n' >"$work/lfm.conf"
check "PK8002 on 0777 says the files are writable by every user" grep -q 'created readable and writable by every user' \
  <<<"$("$PGKNOB" lint --format json --fail-on never "$work/lfm.conf" | jq -r '.findings[] | select(.rule == "PK8002") | .message')"
printf 'logging_collector = on\nlog_file_mode = 0644\n' >"$work/lfm.conf"
check "  close miss: on 0644 only readable" bash -c '! grep -q "writable" <<<"$0" && grep -q "created readable by every user" <<<"$0"' \
  "$("$PGKNOB" lint --format json --fail-on never "$work/lfm.conf" | jq -r '.findings[] | select(.rule == "PK8002") | .message')"
# wal_level = logical is needed where the file itself uses logical decoding: no "wal_level =
# replica" beside sync_replication_slots = on (17+) or a preloaded CDC plugin (review 2026-12zl,
# h47b 26); close miss: logical alone keeps PK3008's notice
pk3008() { printf '%b' "$2" >"$work/wl.conf"; "$PGKNOB" lint --pg-version "$1" --format json --fail-on never "$work/wl.conf" | jq -r '[.findings[] | select(.rule == "PK3008") | if .suppressed then "suppressed" else .severity end] | first // "absent"'; }
check "PK3008 beside sync_replication_slots = on (17): not made" test "$(pk3008 17 'wal_level = logical\nsync_replication_slots = on\nhot_standby_feedback = on\n')" = absent
check "  ... beside a preloaded wal2json (13): absent" test "$(pk3008 13 "wal_level = logical\nshared_preload_libraries = 'wal2json'\n")" = absent
check "  close miss: wal_level = logical alone: a notice" test "$(pk3008 17 'wal_level = logical\n')" = notice
done_testing
