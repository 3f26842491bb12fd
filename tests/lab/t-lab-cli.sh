#!/usr/bin/env bash
# pgknob lab without a server: bad lab files give clear errors with file:line and exit 2, bad
# usage exits 2, and the shipped labs load and show their settings as the server must read them.
source "$(dirname "$0")/../lib.sh"

work="$(mktemp -d /tmp/pgknob-t-lab-cli.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# ---- bad lab files: clear errors with file:line, exit 2 -------------------------------------
bad_lab() { # name, lab.ini text, settings.conf text
  rm -rf "$work/bad"; mkdir -p "$work/bad/$1"
  printf '%s' "$2" > "$work/bad/$1/lab.ini"
  printf '%s' "$3" > "$work/bad/$1/settings.conf"
}
good_ini='[lab]
title = t
kind = stage
order = 0
story = s
settings = settings.conf
'
bad_lab x "$good_ini" 'work_mem = 4MB
random_page_cost = 1e300
'
expect_exit 2 "unquoted 1e300 in a fragment" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... names settings.conf:2" grep -q 'x/settings.conf:2: syntax error near token "1e300"' <<<"$ERR"
check "  ... hints at quoting" grep -q "'1e300'" <<<"$ERR"
bad_lab x "$good_ini" "log_destination = stderr,jsonlog
"
expect_exit 2 "unquoted list in a fragment" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... names settings.conf:1" grep -q 'settings.conf:1: syntax error' <<<"$ERR"
bad_lab x "$good_ini" "shared_buffers = '8MB
"
expect_exit 2 "unterminated quote" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... says so at line 1" grep -q 'settings.conf:1: syntax error: unterminated quoted string' <<<"$ERR"
bad_lab x "[lab]
title = t
kind = stag
" ""
expect_exit 2 "bad kind" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:3" grep -q 'x/lab.ini:3: invalid kind "stag"' <<<"$ERR"
bad_lab x "[lab]
title = t
this line has no equals sign
" ""
expect_exit 2 "syntax error in lab.ini" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:3" grep -q 'x/lab.ini:3: syntax error' <<<"$ERR"
bad_lab x "[lab]
title = t
story = s
[workload]
duration = forever
" ""
expect_exit 2 "bad duration" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:5" grep -q 'x/lab.ini:5: invalid duration for "duration": "forever"' <<<"$ERR"
bad_lab x "[lab]
title = t
colour = blue
" ""
expect_exit 2 "unknown key" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:3" grep -q 'x/lab.ini:3: unknown key "colour" in section \[lab\]' <<<"$ERR"
bad_lab x "[lab]
title = $(printf 'x%.0s' $(seq 1 250))
" ""
expect_exit 2 "over-long line" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:2" grep -q 'x/lab.ini:2: line is longer than' <<<"$ERR"
bad_lab x "[lab]
title = t
story = s
settings = missing.conf
" ""
expect_exit 2 "missing settings file" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:4" grep -q 'x/lab.ini:4: in settings file named here' <<<"$ERR"
expect_exit 2 "unknown lab id" -- "$PGKNOB" lab show no-such-lab
expect_exit 2 "run: unknown lab id" -- "$PGKNOB" lab run no-such-lab --quick
check "  ... with a hint" grep -q 'pgknob lab list' <<<"$ERR"

# ---- the shipped labs load, and show their settings as the server must read them ------------
expect_exit 0 "lab list" -- "$PGKNOB" lab list
for id in 00-baseline 01-tiny-cache 02-vacuum-storm 03-wal-torture 04-no-indexes \
          05-one-io-worker memory-pressure parallel-query aio-direct-io commit-path; do
  check "  lists $id" grep -q "^$id " <<<"$OUT"
  check "  $id has a README for students" test -s "$PROJECT_ROOT/labs/$id/README.md"
done
expect_exit 0 "lab show 04-no-indexes" -- "$PGKNOB" lab show 04-no-indexes
check "  ... 1e300 quoted" grep -q "random_page_cost = '1e300'" <<<"$OUT"
expect_exit 0 "lab show 02-vacuum-storm" -- "$PGKNOB" lab show 02-vacuum-storm
check "  ... list quoted" grep -q "log_destination = 'stderr,jsonlog'" <<<"$OUT"


# ---- usage -------------------------------------------------------------------------------
expect_exit 2 "lab without a command" -- "$PGKNOB" lab
expect_exit 2 "unknown lab command" -- "$PGKNOB" lab frob
expect_exit 2 "show without an ID" -- "$PGKNOB" lab show
expect_exit 2 "--warehouses 0" -- "$PGKNOB" lab run --warehouses 0
expect_exit 2 "--duration with a bad unit" -- "$PGKNOB" lab run --duration 5parsecs
check "  ... with a hint" grep -q 'hint: Write e.g. 60s' <<<"$ERR"
expect_exit 2 "--allow-existing-server without --dsn" -- "$PGKNOB" lab run --allow-existing-server
expect_exit 2 "an unknown option" -- "$PGKNOB" lab run --frobnicate
expect_exit 0 "lab --help" -- "$PGKNOB" lab --help
check "  ... documents the exit codes" grep -q '128+N interrupted' <<<"$OUT"
done_testing
