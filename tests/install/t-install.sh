#!/usr/bin/env bash
# make install / uninstall / dist and the relocatable layout: an installed tree, copied anywhere
# (with or without its timestamps), still lints with its rules, lists its labs and reaches
# pgknob-online; a binary copied alone says how to point it at its data.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
T="$(mktemp -d /tmp/pgknob-install.XXXXXX)"
trap 'rm -rf "$T"' EXIT
printf 'fsync = off\nshared_buffers = 128kB\nwork_mem = 4mb\n' > "$T/bad.conf"
ids() { python3 -c 'import json,sys; print(" ".join(sorted(f["rule"] for f in json.load(sys.stdin)["findings"])))'; }
want_ids="$(PGKNOB_RULES_DIR= "$PGKNOB" lint --pg-version 18 --format json "$T/bad.conf" | ids)"
check "the checkout's lint finds a rule-pack finding (PK6001) to compare with" \
  grep -q PK6001 <<<"$want_ids"

expect_exit 0 "make install PREFIX=/usr DESTDIR=stage" -- \
  make --no-print-directory -s install PREFIX=/usr DESTDIR="$T/stage"
for f in usr/bin/pgknob usr/libexec/pgknob/pgknob-online usr/share/man/man1/pgknob.1 \
         usr/share/pgknob/rules/.pgknob-pack usr/share/pgknob/labs/00-baseline \
         usr/share/doc/pgknob/README.md usr/share/doc/pgknob/architecture.md; do
  check "installed: $f" test -e "$T/stage/$f"
done
if pkg-config --exists fuse3 2>/dev/null; then
  check "installed beside pgknob: pgknob-slowfs (libfuse3 is here, so it was built)" \
    test -x "$T/stage/usr/bin/pgknob-slowfs"
  expect_exit 2 "the installed pgknob-slowfs runs and refuses a bad latency" -- \
    "$T/stage/usr/bin/pgknob-slowfs" --read-latency 2parsecs "$T" "$T"
  check "... saying why" grep -q "invalid latency" <<<"$ERR"
else
  check "no libfuse3 here: no pgknob-slowfs is installed" test ! -e "$T/stage/usr/bin/pgknob-slowfs"
fi
if command -v ldd >/dev/null; then
  libs="$(ldd "$T/stage/usr/bin/pgknob")"
  check "installed pgknob links no libpq (the offline commands do not load it)" \
    bash -c '! grep -q libpq <<<"$1"' _ "$libs"
fi
check "no compiled pack of the checkout is installed as such (it is rebuilt for the copy)" \
  test "$T/stage/usr/share/pgknob/rules/.pgknob-pack" -nt "$T/stage/usr/share/pgknob/rules/wal"

run_tree() { # root, then pgknob arguments
  local root="$1"; shift
  env -u PGKNOB_RULES_DIR -u PGKNOB_LABS -u PGKNOB_DATA_DIR "$root/usr/bin/pgknob" "$@"
}
got="$(run_tree "$T/stage" lint --pg-version 18 --format json "$T/bad.conf" | ids)"
check "installed tree: same findings as the checkout ($got)" test "$got" = "$want_ids"
printf 'port = 6000\n' > "$T/port.conf"
got="$(run_tree "$T/stage" lint --no-rules --target azure --pg-version 16 --format json "$T/port.conf" | ids)"
check "installed tree: --target azure reads its installed data (PK0076 on port: $got)" test "$got" = PK0076
if command -v strace >/dev/null; then
  opened="$(cd "$T" && env -u PGKNOB_RULES_DIR strace -f -e trace=openat -o "$T/trace" \
    "$T/stage/usr/bin/pgknob" lint --pg-version 18 "$T/bad.conf" >/dev/null 2>&1; grep -c '\.ini"' "$T/trace")"
  check "installed tree: lint reads the compiled pack, no rule source ($opened .ini opened)" \
    test "$opened" = 0
else
  fail "strace is missing (make deps installs it)"
fi

cp -r "$T/stage/usr" "$T/moved"          # new timestamps: the pack no longer matches
mkdir -p "$T/moved-root" && mv "$T/moved" "$T/moved-root/usr"
cp -a "$T/stage/usr" "$T/kept"           # timestamps kept: the pack still matches
mkdir -p "$T/kept-root" && mv "$T/kept" "$T/kept-root/usr"
for tree in moved-root kept-root; do
  got="$(run_tree "$T/$tree" lint --pg-version 18 --format json "$T/bad.conf" | ids)"
  check "copied tree ($tree): same findings ($got)" test "$got" = "$want_ids"
  expect_exit 0 "copied tree ($tree): lab list" -- run_tree "$T/$tree" lab list
  check "copied tree ($tree): lab list shows 00-baseline" grep -q 00-baseline <<<"$OUT"
  expect_exit 0 "copied tree ($tree): audit --help runs pgknob-online" -- run_tree "$T/$tree" audit --help
  check "copied tree ($tree): audit's own help" grep -q 'usage: pgknob audit' <<<"$OUT"
done

mkdir -p "$T/bare"
cp "$T/stage/usr/bin/pgknob" "$T/bare/pgknob"
bare() { env -u PGKNOB_RULES_DIR -u PGKNOB_LABS -u PGKNOB_DATA_DIR "$T/bare/pgknob" "$@"; }
if [ -d /usr/local/share/pgknob/rules ]; then
  fail "a pgknob is installed in /usr/local: the lone binary would find it, so this cannot be tested"
else
  expect_exit 2 "a lone binary cannot find its rules" -- bare lint --pg-version 18 "$T/bad.conf"
  check "... and says where it looked and what to set" \
    bash -c 'grep -q "cannot find the shipped rule packs" <<<"$1" && grep -q PGKNOB_DATA_DIR <<<"$1"' _ "$ERR"
fi
expect_exit 1 "a lone binary still validates with --no-rules (work_mem = 4mb refused)" -- \
  bare lint --no-rules --pg-version 18 --fail-on notice "$T/bad.conf"
got="$(PGKNOB_DATA_DIR="$T/stage/usr/share/pgknob" "$T/bare/pgknob" lint --pg-version 18 --format json "$T/bad.conf" | ids)"
check "a lone binary with PGKNOB_DATA_DIR: same findings" test "$got" = "$want_ids"
expect_exit 2 "PGKNOB_DATA_DIR naming nothing is an error, not a fall-back" -- \
  env PGKNOB_DATA_DIR="$T/nowhere" "$T/stage/usr/bin/pgknob" lint --pg-version 18 "$T/bad.conf"
expect_exit 2 "a lone binary's audit names pgknob-online" -- bare audit --help
check "... in its error" grep -q pgknob-online <<<"$ERR"

expect_exit 0 "make uninstall" -- make --no-print-directory -s uninstall PREFIX=/usr DESTDIR="$T/stage"
left="$(find "$T/stage" -type f | wc -l)"
check "uninstall leaves no file ($left)" test "$left" = 0

expect_exit 0 "make help" -- make --no-print-directory help
for target in install uninstall dist deb test; do
  check "make help lists $target" grep -q "^$target"$'\t' <<<"$OUT"
done

if git rev-parse --git-dir >/dev/null 2>&1; then
  expect_exit 0 "make dist" -- make --no-print-directory -s dist
  tarball="$(ls -t dist/pgknob-*.tar.gz 2>/dev/null | head -1)"
  check "dist tarball made ($tarball)" test -s "$tarball"
  mkdir -p "$T/dist" && tar -C "$T/dist" -xzf "$tarball"
  top="$(ls "$T/dist")"
  check "tarball holds a versioned tree ($top) with the sources" test -f "$T/dist/$top/src/main.c"
  n_werror="$(cd "$T/dist/$top" && env -u CI make -n bin/pgknob 2>/dev/null | grep -c -- -Werror)"
  check "a build from the tarball does not use -Werror ($n_werror commands)" test "$n_werror" = 0
  n_dev="$(env -u CI make -n -B build/src/common/clock.o 2>/dev/null | grep -c -- -Werror)"
  check "a build in the checkout does ($n_dev)" test "$n_dev" -ge 1
else
  fail "make dist needs the git checkout"
fi
done_testing
