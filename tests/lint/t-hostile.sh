#!/usr/bin/env bash
# Hostile input (issue #11 §3): a FIFO, a device, a socket or a symlink to /dev/zero named as any
# input (include, include_dir entry, the file itself, --rules, --config, .pgknob.ini, --baseline,
# PG_VERSION) is an error naming the place, within 2 s (under `timeout`: a hang fails the case);
# an explanation path that leaves its pack, -o over an input, control bytes, an empty --rules
# directory, duplicate .pgknob.ini keys and --host facts, absurd host facts, a PG_VERSION that is
# not a version. Each case prints its time.
source "$(dirname "$0")/../lib.sh"
TMP=$(mktemp -d /tmp/pgknob-hostile.XXXXXX); trap 'rm -rf "$TMP"' EXIT
cd "$TMP"

# hostile DESC WANT_EXIT PATTERN -- command... : exit code, a message matching PATTERN on stdout
# or stderr, and at most 2 s.
hostile() {
  local desc="$1" want="$2" pattern="$3"; shift 4
  local start end rc ms
  start=$(date +%s%N)
  timeout 5 "$@" >out.txt 2>err.txt; rc=$?
  end=$(date +%s%N); ms=$(( (end - start) / 1000000 ))
  if [ "$rc" -eq 124 ]; then fail "$desc: hung (killed after 5 s)"; return; fi
  if [ "$ms" -gt 2000 ]; then fail "$desc: took ${ms} ms (limit 2000)"; return; fi
  if [ "$rc" -ne "$want" ]; then fail "$desc: exit $rc, wanted $want; $(head -c 300 err.txt)"; return; fi
  if [ -n "$pattern" ] && ! grep -qE -- "$pattern" out.txt err.txt; then
    fail "$desc: no /$pattern/ in: $(head -c 300 err.txt) $(head -c 300 out.txt)"; return; fi
  ok "$desc (exit $rc, ${ms} ms)"
}

mkfifo fifo
ln -s /dev/zero zero
python3 -c "import socket; s = socket.socket(socket.AF_UNIX); s.bind('sock')"
echo "shared_buffers = 1GB" > ok.conf
not_regular='is a (FIFO|character device|socket)'

# --- includes: the error is a finding at the line that names the file ---
for kind in fifo zero sock; do
  printf "work_mem = 4MB\ninclude '%s'\n" "$kind" > "inc-$kind.conf"
  hostile "include of a $kind: error at inc-$kind.conf:2" 1 "inc-$kind.conf:2: error: could not open file \"$kind\": $not_regular" -- \
    "$PGKNOB" lint --pg-version 18 "inc-$kind.conf"
done
printf "include_if_exists 'fifo'\n" > incx.conf
hostile "include_if_exists of a FIFO is an error too" 1 "incx.conf:1: error: .*FIFO" -- "$PGKNOB" lint --pg-version 18 incx.conf
mkdir conf.d; mkfifo conf.d/10-pipe.conf; echo "work_mem = 8MB" > conf.d/00-ok.conf
printf "include_dir 'conf.d'\n" > incdir.conf
hostile "a FIFO inside include_dir: error at the include_dir line" 1 "incdir.conf:1: error: .*10-pipe.conf.*FIFO" -- \
  "$PGKNOB" lint --pg-version 18 incdir.conf
hostile "settings over an include of a FIFO" 0 "inc-fifo.conf:2: #[0-9]+ error: could not open file .*FIFO" -- \
  "$PGKNOB" settings inc-fifo.conf

# --- pgknob's own inputs: a usage error (exit 2) naming the file ---
for kind in fifo zero sock; do
  hostile "lint FILE where FILE is a $kind" 2 "$kind\": $not_regular" -- "$PGKNOB" lint "$kind"
  hostile "--rules naming a $kind" 2 "$kind: could not read rule file: $not_regular" -- "$PGKNOB" lint --rules "$kind" ok.conf
  hostile "--config naming a $kind" 2 "$kind: could not open the project configuration: $not_regular" -- \
    "$PGKNOB" lint --config "$kind" ok.conf
  hostile "--baseline naming a $kind" 2 "$kind: could not open the baseline: $not_regular" -- \
    "$PGKNOB" lint --baseline "$kind" ok.conf
done
printf "include '/dev/null'\nwork_mem = 4MB\n" > devnull.conf
hostile "control: include of /dev/null reads as an empty file (as the server does)" 0 "" -- "$PGKNOB" lint --pg-version 18 devnull.conf
mkdir proj; mkfifo proj/.pgknob.ini; cp ok.conf proj/
hostile "./.pgknob.ini is a FIFO" 2 ".pgknob.ini: could not open the project configuration: is a FIFO" -- \
  bash -c 'cd proj && exec "$0" lint ok.conf' "$PGKNOB"
hostile "audit --config naming a FIFO stops before connecting" 2 "could not open the project configuration: is a FIFO" -- \
  "$PGKNOB" audit --config fifo "host=/nonexistent"
mkdir rp; mkfifo rp/PK9-pipe.ini
hostile "a FIFO .ini inside a --rules directory" 2 "PK9-pipe.ini: could not read rule file: is a FIFO" -- \
  "$PGKNOB" lint --rules rp ok.conf

mkdir -p labs/pipe; mkfifo labs/pipe/lab.ini
hostile "a FIFO lab.ini under --labs is refused by name" 2 "labs/pipe/lab.ini\": is a FIFO" -- \
  "$PGKNOB" lab list --labs labs
rm labs/pipe/lab.ini; ln -s /dev/zero labs/pipe/lab.ini
hostile "a lab.ini that is a symlink to /dev/zero" 2 "lab.ini\": is a character device" -- \
  "$PGKNOB" lab show pipe --labs labs

# --- PG_VERSION ---
mkdir -p dd; echo "work_mem = 4MB" > dd/postgresql.conf
mkfifo dd/PG_VERSION
hostile "PG_VERSION is a FIFO" 2 "PG_VERSION\": is a FIFO" -- "$PGKNOB" lint dd
rm dd/PG_VERSION; ln -s /dev/zero dd/PG_VERSION
hostile "PG_VERSION is a symlink to /dev/zero" 2 "PG_VERSION\": is a character device" -- "$PGKNOB" lint dd
for bad in banana 18abc "" 99999 "1 8"; do
  rm -f dd/PG_VERSION; printf '%s\n' "$bad" > dd/PG_VERSION
  hostile "PG_VERSION holding \"$bad\" is an error, not 18" 2 "PG_VERSION: .* is not a PostgreSQL version" -- "$PGKNOB" lint dd
done
printf '17\n' > dd/PG_VERSION
hostile "control: PG_VERSION 17 is read as 17" 0 "PostgreSQL 17" -- "$PGKNOB" lint --format text dd
hostile "settings over a bad PG_VERSION" 2 "is not a PostgreSQL version" -- bash -c 'printf "x\n" > dd/PG_VERSION; exec "$0" settings dd' "$PGKNOB"

# --- explanation paths stay inside their pack ---
rule() { # dir explanation-line
  mkdir -p "$1"
  sed -e 's/PK3001/X9001/; s/wal\.checkpoint/x.checkpoint/' "$PROJECT_ROOT/rules/wal/PK3001-checkpoint-timeout-short.ini" > "$1/X9001.ini"
  [ -n "$2" ] && sed -i "s|^docs = .*runtime-config-wal.*|&\n$2|" "$1/X9001.ini"
  return 0
}
rule pack1 "explanation = ../../../../../../../../etc/passwd"
hostile "explanation = ../../../etc/passwd is refused" 2 "explanation .* is outside the rule pack" -- "$PGKNOB" lint --rules pack1 ok.conf
rule pack2 "explanation = /etc/passwd"
hostile "explanation = /etc/passwd (absolute) is refused" 2 "is an absolute path" -- "$PGKNOB" lint --rules pack2 ok.conf
rule pack3 "explanation = why.md"; ln -s /etc/passwd pack3/why.md
hostile "explanation through a symlink out of the pack is refused" 2 "is outside the rule pack" -- "$PGKNOB" lint --rules pack3 ok.conf
rule pack4 ""; ln -s /etc/passwd pack4/X9001.md
hostile "the .md beside the rule as a symlink out of the pack is refused" 2 "is outside the rule pack" -- "$PGKNOB" rules show X9001 --rules pack4
rule pack5 "explanation = docs/../why.md"; mkdir pack5/docs; echo "Inside the pack." > pack5/why.md
hostile "control: an explanation inside the pack (through docs/..) is used" 0 "Inside the pack" -- "$PGKNOB" rules show X9001 --rules pack5
for fmt in json sarif md; do
  "$PGKNOB" lint --rules pack1 --format "$fmt" ok.conf > "r.$fmt" 2>/dev/null
  check "no line of /etc/passwd in the $fmt report" bash -c '! grep -q "root:x:0:0" "r.$0"' "$fmt"
done

# --- -o over an input ---
printf "include 'part.conf'\n" > top.conf; echo "work_mem = 4MB" > part.conf
cp top.conf top.orig; cp part.conf part.orig
hostile "-o naming the configuration itself" 2 "is an input of this run" -- "$PGKNOB" lint -o top.conf top.conf
hostile "-o naming an included file" 2 "is an input of this run" -- "$PGKNOB" lint -o part.conf top.conf
ln -s part.conf alias.md
hostile "-o naming an input through a symlink" 2 "is an input of this run" -- "$PGKNOB" lint -o alias.md top.conf
ln part.conf hard.md
hostile "-o naming an input through a hard link" 2 "is an input of this run" -- "$PGKNOB" lint -o hard.md top.conf
printf '[pgknob]\nfail_on = error\n' > proj.ini
hostile "-o naming the --config file" 2 "is an input of this run" -- "$PGKNOB" lint --config proj.ini -o proj.ini top.conf
"$PGKNOB" lint --format json -o base.json top.conf >/dev/null 2>&1
hostile "-o naming the --baseline" 2 "is an input of this run" -- "$PGKNOB" lint --baseline base.json -o base.json top.conf
hostile "-o naming a rule file of a --rules pack" 2 "is an input of this run" -- "$PGKNOB" lint --rules pack5 -o pack5/X9001.ini top.conf
hostile "-o naming the explanation of a --rules pack" 2 "is an input of this run" -- "$PGKNOB" lint --rules pack5 -o pack5/why.md top.conf
check "... and every input is unchanged" bash -c 'cmp -s top.conf top.orig && cmp -s part.conf part.orig && test -s pack5/X9001.ini'
hostile "control: -o to a new file works" 0 "" -- "$PGKNOB" lint -o new.md top.conf
check "... and wrote it" test -s new.md

# --- control bytes: escaped in every human-facing format, encoded in json and sarif ---
printf "cluster_name = 'a\033]0;pwned\007b\033[2Jc\302\233d\177e'\nshared_buferz = 'x\033[8my'\n" > ctl.conf
for fmt in text github md html json sarif; do
  hostile "control bytes, --format $fmt: a clear report" 1 "cluster_name|shared_buferz" -- "$PGKNOB" lint --pg-version 18 --format "$fmt" ctl.conf
  check "  ... no raw ESC, BEL, DEL or C1 byte in $fmt" bash -c '! grep -qaP "[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]" out.txt err.txt'
done
"$PGKNOB" lint --pg-version 18 --format md --appendix ctl.conf > ctl.md 2>&1
check "md shows the bytes as \\x1b, \\x07, \\u009b and \\x7f" bash -c 'grep -qF "\\x1b]0;pwned\\x07" ctl.md && grep -qF "\\u009b" ctl.md && grep -qF "\\x7f" ctl.md'
hostile "control bytes in settings text" 0 'x1b' -- "$PGKNOB" settings ctl.conf
check "  ... no raw control byte" bash -c '! grep -qaP "[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]" out.txt'
hostile "control bytes in a file name quoted on stderr" 2 'ctl\\x1b\[2Jname' -- "$PGKNOB" lint --pg-version 18 "$(printf 'ctl\033[2Jname.conf')"
check "  ... no raw ESC on stderr" bash -c '! grep -qaP "\x1b" err.txt'

# --- an empty --rules directory ---
mkdir empty
hostile "an empty --rules directory: a clear note" 0 'rule directory "empty" holds no rule file' -- "$PGKNOB" lint --rules empty ok.conf
hostile "rules list over an empty --rules directory and no built-in packs" 0 'holds no rule file' -- "$PGKNOB" rules list --no-builtin --rules empty

# --- duplicate keys and absurd host facts ---
printf '[pgknob]\nfail_on = error\nfail_on = notice\n' > dup1.ini
hostile ".pgknob.ini: a key given twice, with its line" 2 'dup1.ini:3: "fail_on" is given twice in \[pgknob\]' -- "$PGKNOB" lint --config dup1.ini ok.conf
printf '[host]\nram = 8GB\ncores = 4\nmemory = 16GB\n' > dup2.ini
hostile ".pgknob.ini: ram and its alias memory" 2 'dup2.ini:4: "memory" is given twice in \[host\]' -- "$PGKNOB" lint --config dup2.ini ok.conf
printf '[severity]\nPK2001 = error\npk2001 = notice\n' > dup3.ini
hostile ".pgknob.ini: one rule's severity twice" 2 'dup3.ini:3: "pk2001" is given twice' -- "$PGKNOB" lint --config dup3.ini ok.conf
printf '[pgknob]\ndisable = PK7001\ndisable = PK7004\n' > list.ini
hostile "control: list keys (disable) add up" 0 '' -- "$PGKNOB" lint --config list.ini ok.conf
hostile "--host with a fact twice: its items" 2 'host fact "ram" is given twice \(item 3, and "ram" at item 1\)' -- \
  "$PGKNOB" lint --host ram=16GB,cores=4,ram=8GB ok.conf
hostile "--host cpus and cores" 2 'host fact "cpus" is given twice' -- "$PGKNOB" lint --host cores=4,cpus=8 ok.conf
hostile "--host ram above 64 TB" 2 'is not a machine.s memory' -- "$PGKNOB" lint --host ram=65TB ok.conf
hostile "--host ram of 1kB" 2 'is not a machine.s memory' -- "$PGKNOB" lint --host ram=1kB ok.conf
hostile "--host 0 cores" 2 'is not a machine.s core count' -- "$PGKNOB" lint --host ram=8GB,cores=0 ok.conf
printf '[host]\nram = 100TB\n' > absurd.ini
hostile ".pgknob.ini ram = 100TB, with its line" 2 'absurd.ini:2: host fact "ram" = "100TB" is not' -- "$PGKNOB" lint --config absurd.ini ok.conf
hostile "control: --host ram=64TB,cores=8 is accepted" 0 '' -- "$PGKNOB" lint --host ram=64TB,cores=8 ok.conf

done_testing
