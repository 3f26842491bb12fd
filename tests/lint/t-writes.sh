#!/usr/bin/env bash
# Writes that cannot clobber (issue #25 §3): -o never lands on a file the run reads or would read
# (an include for upgrade, .pgknob.ini, PG_VERSION, pg_hba.conf, pg_ident.conf); a device or a
# FIFO is written through, never replaced, and a FIFO with no reader is refused at once; a write
# error on standard output or -o is exit 2 with the reason, for every command; --in-place keeps
# owner, group, mode, ACL and symlinks; several files are replaced all or nothing, also when
# killed (PGKNOB_WRITE_KILLS trials of SIGKILL at a random moment, default 20).
# fix runs with --unsafe-fixes: the examples turn fsync = off back on (an explicit opt-out,
# unsafe by default), and this tier is about how files are written, not which fixes apply.
source "$(dirname "$0")/../lib.sh"
TMP=$(mktemp -d /tmp/pgknob-writes.XXXXXX); trap 'rm -rf "$TMP"' EXIT
chmod 755 "$TMP"
cd "$TMP" || exit 2
KILLS="${PGKNOB_WRITE_KILLS:-20}"

# under DESC WANT_EXIT PATTERN -- command...: exit code, PATTERN on stdout or stderr, at most 5 s
under() {
  local desc="$1" want="$2" pattern="$3"; shift 4
  timeout 10 "$@" >out.txt 2>err.txt; local rc=$?
  if [ "$rc" -eq 124 ]; then fail "$desc: hung (killed after 10 s)"; return 1; fi
  if [ "$rc" -ne "$want" ]; then fail "$desc: exit $rc, wanted $want; $(head -c 300 err.txt)"; return 1; fi
  if [ -n "$pattern" ] && ! grep -qE -- "$pattern" out.txt err.txt; then
    fail "$desc: no /$pattern/ in: $(head -c 300 err.txt) $(head -c 300 out.txt)"; return 1; fi
  ok "$desc (exit $rc)"
}
is_chr() { test -c "$1" && test ! -L "$1"; }
no_leftovers() { ! find "$TMP" -name '*.pgknob-tmp' -o -name '.pgknob-write.journal' | grep -q .; }

printf "shared_buffers = 1GB\ninclude 'inc.conf'\n" > top.conf
echo "fsync = off" > inc.conf; cp inc.conf inc.orig

# --- F1, F2: every file the run reads or would read ---
under "F1: upgrade -o an included file is refused" 2 'is an input of this run' -- \
  "$PGKNOB" upgrade --from 13 --to 17 -o inc.conf top.conf
check "  ... and the include is unchanged" cmp -s inc.conf inc.orig
under "control: upgrade -o a new file writes it" 0 "wrote up.conf" -- "$PGKNOB" upgrade --from 13 --to 17 -o up.conf top.conf
check "  ... which includes inc.conf, not itself" grep -q "^include 'inc.conf'" up.conf
under "F2: fix -o .pgknob.ini beside the input (none there yet) is refused" 2 'is an input of this run' -- \
  "$PGKNOB" fix --unsafe-fixes -o .pgknob.ini inc.conf
check "  ... and none was created" test ! -e .pgknob.ini
printf '[pgknob]\nfail_on = error\n' > .pgknob.ini; cp .pgknob.ini ini.orig
under "F2: fix -o an existing .pgknob.ini is refused" 2 'is an input of this run' -- "$PGKNOB" fix --unsafe-fixes -o .pgknob.ini inc.conf
under "F2: lint -o .pgknob.ini is refused" 2 'is an input of this run' -- "$PGKNOB" lint -o .pgknob.ini inc.conf
check "  ... and it is unchanged" cmp -s .pgknob.ini ini.orig
rm .pgknob.ini
mkdir dd; echo "fsync = off" > dd/postgresql.conf; echo 17 > dd/PG_VERSION
printf "local all all trust\n" > dd/pg_hba.conf; cp -r dd dd.orig
for f in PG_VERSION pg_hba.conf pg_ident.conf postgresql.auto.conf; do
  under "F2: lint -o DATADIR/$f is refused" 2 'is an input of this run' -- "$PGKNOB" lint -o "dd/$f" dd
done
under "F2: fix -o DATADIR/PG_VERSION is refused" 2 'is an input of this run' -- "$PGKNOB" fix --unsafe-fixes -o dd/PG_VERSION dd
check "  ... and the data directory is unchanged (no pg_ident.conf created)" diff -r dd dd.orig

# --- F3: devices, FIFOs, symlinks are written through, never replaced ---
if mknod full c 1 7 2>/dev/null && mknod null c 1 3; then
  under "F3: lint -o a character device (null) writes through" 1 "" -- "$PGKNOB" lint -o null top.conf
  check "  ... and it is still a character device" is_chr null
  under "F3: fix -o a character device (null)" 1 "" -- "$PGKNOB" fix --unsafe-fixes -o null inc.conf
  check "  ... still a character device" is_chr null
  under "F3: upgrade -o a character device (null)" 0 "" -- "$PGKNOB" upgrade --from 13 --to 17 -o null top.conf
  check "  ... still a character device" is_chr null
  for cmd in "lint -o full top.conf" "fix --unsafe-fixes -o full inc.conf" "upgrade --from 13 --to 17 -o full top.conf"; do
    # shellcheck disable=SC2086
    under "F3/F4: $cmd (a full device): exit 2, the reason" 2 'could not write "full": No space left on device' -- "$PGKNOB" $cmd
    check "  ... and full is still a character device" is_chr full
  done
  if is_chr null && is_chr full; then
    under "F3: lint -o /dev/null" 1 "" -- "$PGKNOB" lint -o /dev/null top.conf
    check "  ... /dev/null is still a character device" is_chr /dev/null
  else
    fail "F3: not trying /dev/null itself: the copies were replaced"
  fi
else
  echo "# skip: mknod is not permitted here (the device cases run on a copy of /dev/full)"
fi
"$PGKNOB" lint -o /dev/stdout top.conf > via-stdout.txt 2>/dev/null
check "F3: lint -o /dev/stdout writes to standard output" grep -q 'fsync' via-stdout.txt
mkfifo fifo
start=$(date +%s%N)
under "FIFO with no reader: refused at once" 2 'FIFO with no reader' -- "$PGKNOB" lint -o fifo top.conf
check "  ... within 2 s" test $(( ($(date +%s%N) - start) / 1000000 )) -lt 2000
check "  ... and fifo is still a FIFO" test -p fifo
cat fifo > from-fifo.txt & reader=$!
sleep 0.2
under "FIFO with a reader: written through" 1 "" -- "$PGKNOB" lint --format json -o fifo top.conf
wait "$reader"
check "  ... the reader got the report" grep -q '"findings"' from-fifo.txt
mkdir lnk; echo "fsync = off" > lnk/target.conf; ln -s target.conf lnk/out.conf
under "symlink: -o through a symlink to a file writes the target" 1 "" -- "$PGKNOB" fix --unsafe-fixes -o lnk/out.conf inc.conf
check "  ... the link is still a link" test -L lnk/out.conf
check "  ... and the target holds the fixed copy" grep -q '^fsync = on' lnk/target.conf
ln -s nowhere.conf lnk/dangling.conf
under "symlink to nothing: refused" 2 'symbolic link to a file that does not exist' -- "$PGKNOB" lint -o lnk/dangling.conf top.conf
mkdir adir
under "-o a directory (lint): refused" 2 'is a directory' -- "$PGKNOB" lint -o adir top.conf

# --- F4: a write error on standard output, every command ---
printf "host all all 0.0.0.0/0 md5\n" > pg_hba.conf
for cmd in "lint top.conf" "lint --format json top.conf" "fix --unsafe-fixes --diff inc.conf" "fix --unsafe-fixes --format alter-system inc.conf" \
           "upgrade --from 13 --to 17 top.conf" "upgrade --from 13 --to 17 --format json top.conf" "settings top.conf" \
           "hba pg_hba.conf" "hba --format json pg_hba.conf" "rules list" "rules show PK2001" "help" "--version"; do
  # shellcheck disable=SC2086
  under "F4: $cmd > /dev/full: exit 2" 2 'No space left on device' -- bash -c '"$0" "$@" > /dev/full' "$PGKNOB" $cmd
done
for cmd in "settings top.conf" "lint top.conf" "fix --unsafe-fixes --diff inc.conf"; do
  # the reader is gone before pgknob writes; SIGPIPE ignored as a supervisor may leave it
  # shellcheck disable=SC2086
  under "EPIPE: $cmd into a closed pipe: exit 2" 2 'Broken pipe' -- \
    bash -c 'trap "" PIPE; { sleep 0.3; "$0" "$@"; echo "rc=$?" > rc.txt; } | (exec 0<&-; sleep 1); exit "$(sed s/rc=// rc.txt)"' "$PGKNOB" $cmd
done

# --- F5: --in-place keeps owner, group, mode, ACL and symlinks ---
mkdir ip ip/real; printf "include 'mem.conf'\ncheckpoint_timeout = 30s\n" > ip/postgresql.conf
echo "fsync = off" > ip/real/mem.conf; ln -s real/mem.conf ip/mem.conf
chmod 600 ip/postgresql.conf ip/real/mem.conf
owner=""
if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1; then
  chown postgres:postgres ip/postgresql.conf ip/real/mem.conf; owner="postgres:postgres"
fi
acl=$(python3 - ip/postgresql.conf <<'EOF' 2>/dev/null
import os, struct, sys
# user::rw- user:1:r-- group::--- mask::r-- other::---
entries = [(1, 6, 0xffffffff), (2, 4, 1), (4, 0, 0xffffffff), (0x10, 4, 0xffffffff), (0x20, 0, 0xffffffff)]
blob = struct.pack('<I', 2) + b''.join(struct.pack('<HHI', *e) for e in entries)
os.setxattr(sys.argv[1], 'system.posix_acl_access', blob)
print(blob.hex())
EOF
)
before_mode=$(stat -c %a ip/postgresql.conf)
under "F5: fix --in-place" 1 "" -- "$PGKNOB" fix --unsafe-fixes --in-place ip/postgresql.conf
check "  ... the include's target is fixed" grep -q '^fsync = on' ip/real/mem.conf
check "  ... the symlinked include is still a symlink" test -L ip/mem.conf
check "  ... the top file's mode is kept ($before_mode)" test "$(stat -c %a ip/postgresql.conf)" = "$before_mode"
check "  ... the include's mode is kept (600)" test "$(stat -c %a ip/real/mem.conf)" = 600
if [ -n "$owner" ]; then
  check "  ... run as root, both files stay $owner" test "$(stat -c %U:%G ip/postgresql.conf ip/real/mem.conf | sort -u)" = "$owner"
else
  echo "# skip: not root, the owner case needs a file of another user"
fi
if [ -n "$acl" ]; then
  check "  ... the ACL is kept" test "$(python3 -c 'import os,sys; print(os.getxattr(sys.argv[1], "system.posix_acl_access").hex())' ip/postgresql.conf)" = "$acl"
else
  echo "# skip: this filesystem takes no POSIX ACL"
fi
check "  ... no temporary file or journal is left" no_leftovers

# --- all or nothing, under SIGKILL ---
mkdir kill; printf "include 'a.conf'\ninclude 'b.conf'\ncheckpoint_timeout = 30s\n" > kill/postgresql.conf
echo "fsync = off" > kill/a.conf; echo "autovacuum = off" > kill/b.conf
mkdir old new; cp kill/*.conf old/
"$PGKNOB" fix --unsafe-fixes --in-place kill/postgresql.conf >/dev/null 2>&1; cp kill/*.conf new/
check "the kill trials' fix changes all three files" bash -c '! cmp -s old/a.conf new/a.conf && ! cmp -s old/b.conf new/b.conf && ! cmp -s old/postgresql.conf new/postgresql.conf'
state_of() { # old, new or mixed
  local f o=0 n=0
  for f in postgresql.conf a.conf b.conf; do
    cmp -s "kill/$f" "old/$f" && o=$((o + 1)); cmp -s "kill/$f" "new/$f" && n=$((n + 1))
  done
  [ "$o" = 3 ] && { echo old; return; }; [ "$n" = 3 ] && { echo new; return; }; echo mixed
}
whole=0; seen_old=0; seen_new=0; left=0
for trial in $(seq 1 "$KILLS"); do
  cp old/*.conf kill/
  "$PGKNOB" fix --unsafe-fixes --in-place kill/postgresql.conf >/dev/null 2>&1 & pid=$!
  sleep "$(python3 -c 'import random; print(round(random.uniform(0, 0.25), 3))')"
  kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  # the next run finishes what the journal says, before it reads anything
  "$PGKNOB" fix --unsafe-fixes --diff kill/postgresql.conf >/dev/null 2>&1
  st=$(state_of)
  case "$st" in old) seen_old=$((seen_old + 1)); whole=$((whole + 1)) ;; new) seen_new=$((seen_new + 1)); whole=$((whole + 1)) ;; esac
  no_leftovers || left=$((left + 1))
  [ "$st" = mixed ] && echo "# trial $trial: mixed"
done
echo "# SIGKILL: $whole/$KILLS whole ($seen_old old, $seen_new new), $left with files left"
check "SIGKILL during fix --in-place of 3 files: $whole/$KILLS all old or all new" test "$whole" = "$KILLS"
check "  ... no temporary file or journal left after the next run ($left of $KILLS)" test "$left" = 0

# a journal left by a kill after its commit is completed by the next run, with a note
cp old/*.conf kill/
for f in a.conf b.conf postgresql.conf; do cp "new/$f" "kill/$f.pgknob-tmp"; done
printf 'pgknob write journal\n%s\n%s\n%s\ncommit\n' "$TMP/kill/a.conf" "$TMP/kill/b.conf" "$TMP/kill/postgresql.conf" > kill/.pgknob-write.journal
rm kill/b.conf.pgknob-tmp; cp new/b.conf kill/b.conf # killed after the second rename
under "a committed journal is completed by the next fix" 0 'interrupted write of 3 files was completed' -- "$PGKNOB" fix --unsafe-fixes --diff kill/postgresql.conf
check "  ... every file is new" test "$(state_of)" = new
cp old/*.conf kill/
cp new/a.conf kill/a.conf.pgknob-tmp
printf 'pgknob write journal\n%s\n%s\n' "$TMP/kill/a.conf" "$TMP/kill/b.conf" > kill/.pgknob-write.journal
under "an uncommitted journal is rolled back" 1 'interrupted write of 2 files was rolled back' -- "$PGKNOB" fix --unsafe-fixes --diff kill/postgresql.conf
check "  ... every file is old" test "$(state_of)" = old
check "  ... no temporary file or journal left" no_leftovers

done_testing
