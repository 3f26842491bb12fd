#!/usr/bin/env bash
# needs: servers (PostgreSQL 18 for the lab), root, network (debootstrap and apt in a fresh Debian root)
# `make deb`, then installed with apt into a clean Debian root made by debootstrap: a machine
# nothing was installed on. There, pgknob lints with its rules, shows settings and a rule, and
# runs a quick lab on PostgreSQL 18 (the official build, bind-mounted in: the package does not
# ship a server).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
[ "$(id -u)" = 0 ] || { fail "t-deb needs root (chroot, mount)"; done_testing; exit; }
T="$(mktemp -d /tmp/pgknob-deb-test.XXXXXX)"
root="$T/root"
cleanup() {
  for m in opt/pg18 dev/shm dev proc; do umount -l "$root/$m" 2>/dev/null; done
  rm -rf "$T"
}
trap cleanup EXIT

expect_exit 0 "make deb" -- make --no-print-directory -s deb
deb="$(sed -n 1p <<<"$OUT")"
check "make deb names its package ($deb)" test -s "$deb"
depends="$(dpkg-deb -f "$deb" Depends)"
for lib in libpq5 libinih1 libjansson4 libpcre2-8-0 libc6; do
  check "Depends names $lib (from the linked libraries)" grep -q "$lib" <<<"$depends"
done
if pkg-config --exists fuse3 2>/dev/null; then
  check "Depends names libfuse3 (pgknob-slowfs links it)" grep -q "libfuse3" <<<"$depends"
  check "package holds ./usr/bin/pgknob-slowfs" grep -q " ./usr/bin/pgknob-slowfs" <<<"$(dpkg-deb -c "$deb")"
fi
contents="$(dpkg-deb -c "$deb")"
for path in ./usr/bin/pgknob ./usr/libexec/pgknob/pgknob-online ./usr/share/pgknob/rules/.pgknob-pack \
            ./usr/share/pgknob/labs/00-baseline/ ./usr/share/man/man1/pgknob.1; do
  check "package holds $path" grep -q " $path" <<<"$contents"
done

expect_exit 0 "a clean Debian root (debootstrap, cached in .cache/debroot)" -- tests/install/debroot.sh "$root"
check "the root has no pgknob yet" test ! -e "$root/usr/bin/pgknob"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" && mount -t tmpfs shm "$root/dev/shm"
cp "$deb" "$root/tmp/pgknob.deb"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
expect_exit 0 "apt-get update in the root" -- in_root apt-get update -qq
expect_exit 0 "apt-get install ./pgknob.deb resolves Depends from Debian" -- \
  in_root apt-get install -y -qq --no-install-recommends /tmp/pgknob.deb
quiet_in_root() { in_root "$@" >/dev/null 2>&1; }
check "pgknob is installed by dpkg" quiet_in_root dpkg -s pgknob

printf 'fsync = off\nshared_buffers = 128kB\nwork_mem = 4mb\n' > "$root/tmp/bad.conf"
expect_exit 1 "lint in the root: findings at or above --fail-on (exit 1)" -- in_root pgknob lint --pg-version 18 /tmp/bad.conf
check "lint in the root: a rule-pack finding (PK6001, fsync = off)" grep -q PK6001 <<<"$OUT"
check "lint in the root: the validation error on work_mem" grep -q 'work_mem' <<<"$OUT"
expect_exit 0 "settings in the root" -- in_root pgknob settings /tmp/bad.conf
check "settings lists fsync from the file" grep -q fsync <<<"$OUT"
expect_exit 0 "rules show PK6001 in the root" -- in_root pgknob rules show PK6001
check "rules show prints the rule's title" grep -qi fsync <<<"$OUT"
expect_exit 0 "man page installed (man -w)" -- in_root test -s /usr/share/man/man1/pgknob.1
if grep -q " ./usr/bin/pgknob-slowfs" <<<"$contents"; then
  expect_exit 2 "pgknob-slowfs runs in the root (libfuse3 came with Depends) and refuses a bad latency" -- \
    in_root pgknob-slowfs --read-latency 2parsecs /tmp /tmp
  check "... saying why" grep -q "invalid latency" <<<"$ERR"
fi

bin18="$(pg_bin_dir 18)"
if [ -n "$bin18" ] && [ -x "$bin18/postgres" ]; then
  mkdir -p "$root/opt/pg18"
  mount --bind "$(dirname "$bin18")" "$root/opt/pg18"
  in_root useradd -m postgres >/dev/null 2>&1
  expect_exit 0 "a quick lab in the root (00-baseline on PostgreSQL 18)" -- \
    in_root pgknob lab run 00-baseline --quick --pg-bin /opt/pg18/bin --out /tmp/lab-out
  check "the lab wrote its report (summary.md)" test -s "$root/tmp/lab-out/summary.md"
  check "the lab restored and names the server it used" grep -q "PostgreSQL 18" "$root/tmp/lab-out/summary.md"
else
  fail "no PostgreSQL 18 build for the quick lab (make servers)"
fi
done_testing
