#!/usr/bin/env bash
# pgknob lab without a server: bad lab files give clear errors with file:line and exit 2, bad
# usage exits 2, and the shipped labs load and show their settings as the server must read them.
source "$(dirname "$0")/../lib.sh"

work="$(mktemp -d /tmp/pgknob-t-lab-cli.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# Lab commands read and write the state directory (journals, throwaway cluster records).
export XDG_STATE_HOME="$work/state"

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
check "  ... names settings.conf:2, the server's token and the fix" \
  bash -c 'grep -q "x/settings.conf:2: syntax error near token \"300\"" <<<"$1" && grep -q "write .1e300." <<<"$1"' _ "$ERR"
check "  ... hints at quoting" grep -q "'1e300'" <<<"$ERR"
bad_lab x "$good_ini" "log_destination = stderr,jsonlog
"
expect_exit 2 "unquoted list in a fragment" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... names settings.conf:1" grep -q 'settings.conf:1: syntax error' <<<"$ERR"
bad_lab x "$good_ini" "shared_buffers = '8MB
"
expect_exit 2 "unterminated quote" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... says so at line 1" bash -c 'grep -q "settings.conf:1: syntax error" <<<"$1" && grep -q "unterminated quoted string" <<<"$1"' _ "$ERR"
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
title = t
mechanism = blks_read_per_txn, cache_misses
" ""
expect_exit 2 "unknown mechanism counter" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:3, naming it and the known ones" \
  grep -q 'x/lab.ini:3: unknown mechanism counter "cache_misses": use blks_read_per_txn, ' <<<"$ERR"
expect_exit 2 "--read-latency 0 is refused (--no-slowfs is the plain filesystem)" -- \
  "$PGKNOB" lab run series --read-latency 0
check "  ... saying the range" grep -q 'read-latency' <<<"$ERR"
expect_exit 2 "--fsync-latency 5s is refused (at most 1 s)" -- \
  "$PGKNOB" lab run series --fsync-latency 5s
expect_exit 2 "lab ab --read-latency 5s is refused (at most 1 s)" -- \
  "$PGKNOB" lab ab /dev/null --read-latency 5s
check "  ... saying the range" grep -q 'read-latency' <<<"$ERR"
expect_exit 2 "lab tune --fsync-latency 0 is refused (above 0)" -- \
  "$PGKNOB" lab tune /dev/null --fsync-latency 0
check "  ... saying the range" grep -q 'fsync-latency' <<<"$ERR"
expect_exit 2 "lab run --volume gp4 is refused (gp3 or none)" -- \
  "$PGKNOB" lab run series --volume gp4
check "  ... naming the volume and what to write" \
  grep -q 'unknown volume "gp4"' <<<"$ERR"
check "  ... the hint names gp3's budget" grep -q '3,000 IOPS, 125 MiB/s' <<<"$ERR"
bad_lab x "[lab]
title = $(printf 'x%.0s' $(seq 1 250))
" ""
expect_exit 2 "over-long line" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:2" grep -q 'x/lab.ini:2: line is [0-9]* bytes long; at most 198 are read' <<<"$ERR"
# The one INI reader (common/ini.h): an inline " ;" comment would drop the rest of the line, a
# key given twice would leave one of them unread.
bad_lab x "[lab]
title = t ; a comment libinih would drop
story = s
" ""
expect_exit 2 "an inline ' ;' comment" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:2" grep -q 'x/lab.ini:2: " ;" in a value starts an INI inline comment' <<<"$ERR"
bad_lab x "[lab]
title = t
story = s
title = again
" ""
expect_exit 2 "a key given twice" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:4, naming the first" \
  bash -c 'grep -q "x/lab.ini:4: \"title\" is given twice in \[lab\]" <<<"$1" && grep -q "Line 2" <<<"$1"' _ "$ERR"
bad_lab x "[lab]
title = t
story = s
settings = missing.conf
" ""
expect_exit 2 "missing settings file" -- "$PGKNOB" lab list --labs "$work/bad"
check "  ... at lab.ini:4" grep -q 'x/lab.ini:4: in settings file named here' <<<"$ERR"
check "  ... naming the missing file and why" \
  grep -q 'named here: .*x/missing.conf: could not open the settings file: No such file' <<<"$ERR"
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
check "  ... with a hint" grep -q 'hint: Valid units are us, ms, s, min' <<<"$ERR"
expect_exit 2 "--allow-existing-server without --dsn" -- "$PGKNOB" lab run --allow-existing-server
expect_exit 2 "an unknown option" -- "$PGKNOB" lab run --frobnicate
expect_exit 0 "lab --help" -- "$PGKNOB" lab --help
check "  ... documents the exit codes" grep -q '128+N interrupted' <<<"$OUT"
check "  ... documents lab restore and the journal" \
  bash -c 'grep -q "lab restore --dsn CONNINFO" <<<"$1" && grep -q "journal" <<<"$1"' _ "$OUT"
expect_exit 0 "lab restore without --dsn: only the clusters and mounts of killed runs (none here)" -- \
  "$PGKNOB" lab restore --state-dir "$(mktemp -d /tmp/pgknob-t-lab-cli-state.XXXXXX)"
check "  ... and nothing said" test -z "$ERR"
expect_exit 2 "lab restore with a stray argument" -- "$PGKNOB" lab restore --dsn x extra
expect_exit 2 "lab restore --forget without --dsn" -- "$PGKNOB" lab restore --forget
check "  ... says it needs the server" grep -q 'lab restore --forget needs --dsn CONNINFO' <<<"$ERR"

# ---- journals and records left by killed runs (no server needed) ----------------------------
sd="$work/sd"; mkdir -p "$sd"
nowhere="host=$work/no-socket port=1 user=postgres dbname=postgres"
expect_exit 2 "lab restore of a server that is down, with no journal of it" -- \
  "$PGKNOB" lab restore --dsn "$nowhere" --state-dir "$sd"
check "  ... gives the connection error and a hint" \
  bash -c 'grep -q "could not connect" <<<"$1" && grep -q "No lab journal names a server on that port" <<<"$1"' _ "$ERR"
# A journal of a server on port 1 whose data directory is not on this host.
python3 - "$sd/lab-123-1-00000000000000aa.json" <<'PY'
import json, sys
json.dump({"format": "pgknob-lab-journal", "version": 1, "pid": 4242, "created": "2026-01-01T00:00:00Z",
           "command": "lab run 01-tiny-cache",
           "server": {"system_identifier": "123", "data_directory": "/nonexistent/pgdata", "port": 1,
                      "host": None, "user": "postgres", "dbname": "postgres", "version_num": 180004,
                      "bindir": None},
           "auto_conf": {"text": "# Do not edit this file manually!\nwork_mem = '5MB'\n",
                         "entries": [{"name": "work_mem", "value": "5MB"}]},
           "touched": ["shared_buffers"], "settings": [{"name": "work_mem", "setting": "5120", "source": "configuration file"}]},
          open(sys.argv[1], "w"))
PY
expect_exit 0 "lab list with a pending journal in --state-dir" -- "$PGKNOB" lab list --state-dir "$sd"
check "  ... names the server, the command that left it and lab restore" \
  bash -c 'grep -q "port 1, data directory /nonexistent/pgdata" <<<"$1" && grep -q "pgknob lab run 01-tiny-cache" <<<"$1" && grep -q "pgknob lab restore --dsn CONNINFO" <<<"$1"' _ "$ERR"
expect_exit 2 "lab run on the server of a pending journal (down)" -- \
  "$PGKNOB" lab run 01-tiny-cache --dsn "$nowhere" --allow-existing-server --state-dir "$sd"
check "  ... refuses with the restore hint" grep -q 'pgknob lab restore --dsn CONNINFO' <<<"$ERR"
expect_exit 2 "lab restore of it: the server is down and not on this host" -- \
  "$PGKNOB" lab restore --dsn "$nowhere" --state-dir "$sd"
check "  ... says why it cannot start it" grep -q 'cannot start it here' <<<"$ERR"
check "  ... and keeps the journal" test -f "$sd/lab-123-1-00000000000000aa.json"
check "  ... offering --forget for a server that is gone" grep -q -- '--forget` drops the journal' <<<"$ERR"
check "  ... which holds no password (none was given; the journal never stores the dsn)" \
  bash -c '! grep -q "dsn\|password" "$1"' _ "$sd/lab-123-1-00000000000000aa.json"
# The same journal, written by a pgknob that is still running (this shell stands for it).
python3 - "$sd/lab-123-1-00000000000000aa.json" "$$" "$(awk '{print $22}' /proc/$$/stat)" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1])); doc["pid"] = int(sys.argv[2]); doc["pid_start"] = int(sys.argv[3])
json.dump(doc, open(sys.argv[1], "w"))
PY
expect_exit 2 "lab restore while the lab that wrote the journal still runs" -- \
  "$PGKNOB" lab restore --dsn "$nowhere" --state-dir "$sd"
check "  ... refuses: a lab is running there now" grep -q 'a lab is running on the server (port 1' <<<"$ERR"
expect_exit 2 "lab restore --forget while that lab still runs" -- \
  "$PGKNOB" lab restore --dsn "$nowhere" --state-dir "$sd" --forget
check "  ... refuses too, the journal kept" test -f "$sd/lab-123-1-00000000000000aa.json"
python3 - "$sd/lab-123-1-00000000000000aa.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1])); doc["pid"] = 4242; doc["pid_start"] = 1
json.dump(doc, open(sys.argv[1], "w"))
PY
expect_exit 0 "lab restore --forget of a journal whose server is gone" -- \
  "$PGKNOB" lab restore --dsn "$nowhere" --state-dir "$sd" --forget
check "  ... says nothing on the server was checked or changed, and where the journal is kept" \
  grep -q 'did not answer, so nothing on it was checked or changed; the journal is kept as .*lab-123-1-00000000000000aa.json.forgotten' <<<"$ERR"
check "  ... the journal is no longer pending" bash -c '[ ! -e "$1" ] && [ -f "$1.forgotten" ]' _ "$sd/lab-123-1-00000000000000aa.json"
expect_exit 0 "lab list after it" -- "$PGKNOB" lab list --state-dir "$sd"
check "  ... names no pending journal" bash -c '! grep -q "did not finish" <<<"$1"' _ "$ERR"
rm -f "$sd"/lab-*.forgotten
echo '{"format": "pgknob-lab-journal", "version": 1,' > "$sd/lab-999-2-00000000000000bb.json"
expect_exit 0 "a damaged journal" -- "$PGKNOB" lab list --state-dir "$sd"
check "  ... is named with its place" grep -q 'lab-999-2-00000000000000bb.json:[0-9]*: not a readable lab journal' <<<"$ERR"
rm -f "$sd"/lab-*.json

# A record of a throwaway cluster whose pgknob is gone: the next lab command removes it.
sleep 0 & dead=$!; wait "$dead"
mkdir -p "$sd/clusters" "$work/pgknob-lab-orphan/data"
printf '{"format": "pgknob-lab-cluster", "pid": %d, "pid_start": 1, "base": "%s", "datadir": "%s", "bindir": "/nonexistent", "port": 1, "uid": 0}\n' \
  "$dead" "$work/pgknob-lab-orphan" "$work/pgknob-lab-orphan/data" > "$sd/clusters/pgknob-lab-orphan.json"
expect_exit 0 "lab show with the record of a killed run's cluster" -- "$PGKNOB" lab show 00-baseline --state-dir "$sd"
check "  ... removes the cluster and says so" \
  bash -c 'grep -q "removed a throwaway cluster left by a killed pgknob" <<<"$1" && [ ! -e "$2" ] && [ ! -e "$3" ]' \
  _ "$ERR" "$work/pgknob-lab-orphan" "$sd/clusters/pgknob-lab-orphan.json"
# A record of a live process (this shell) is left alone.
printf '{"format": "pgknob-lab-cluster", "pid": %d, "pid_start": %s, "base": "%s", "datadir": "%s", "bindir": "/nonexistent", "port": 1, "uid": 0}\n' \
  "$$" "$(awk '{print $22}' /proc/$$/stat)" "$work/live" "$work/live/data" > "$sd/clusters/live.json"
mkdir -p "$work/live/data"
expect_exit 0 "lab list with the record of a running lab's cluster" -- "$PGKNOB" lab list --state-dir "$sd"
check "  ... leaves it alone" bash -c '[ -d "$1" ] && [ -f "$2" ]' _ "$work/live" "$sd/clusters/live.json"

# lab ab: what is wrong with a configuration is said before any server starts.
expect_exit 2 "lab ab with a configuration that does not exist" -- \
  "$PGKNOB" lab ab "$work/nope.conf" --state-dir "$sd"
check "  ... names it" grep -q "nope.conf" <<<"$ERR"
printf 'shared_buffers = 1GB\nrandom_page_cost = 1e300\n' > "$work/bad-ab.conf"
expect_exit 2 "lab ab with a line the server's lexer rejects" -- \
  "$PGKNOB" lab ab "$work/bad-ab.conf" --state-dir "$sd"
check "  ... at its file:line" grep -q "bad-ab.conf:2: " <<<"$ERR"
check "  ... with no server started" bash -c '! grep -q "creating a throwaway" <<<"$1"' _ "$ERR"
mkdir -p "$work/ab-datadir"
echo 18 > "$work/ab-datadir/PG_VERSION"
printf 'shared_buffers = 1GB\n' > "$work/ab-datadir/postgresql.conf"
printf 'work_mem = 4MB extra\n' > "$work/ab-datadir/postgresql.auto.conf"
expect_exit 2 "lab ab with a data directory: its postgresql.auto.conf is read too" -- \
  "$PGKNOB" lab ab "$work/ab-datadir" --state-dir "$sd"
check "  ... the error is at postgresql.auto.conf:1" grep -q "ab-datadir/postgresql.auto.conf:1: " <<<"$ERR"
expect_exit 2 "lab ab with three configurations" -- \
  "$PGKNOB" lab ab a.conf b.conf c.conf --state-dir "$sd"
check "  ... says at most two" grep -q "at most two" <<<"$ERR"
done_testing
