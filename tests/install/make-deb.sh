#!/usr/bin/env bash
# `make deb`: stages `make install PREFIX=/usr` and packs it with dpkg-deb. Depends comes from
# dpkg-shlibdeps over the binaries, i.e. from the shared libraries they really link.
set -eu
cd "$(dirname "$0")/../.."
version="$(sed -n 's/.*PK_VERSION "\(.*\)".*/\1/p' src/common/version.h)"
arch="$(dpkg --print-architecture)"
work="$(mktemp -d /tmp/pgknob-deb.XXXXXX)"
trap 'rm -rf "$work"' EXIT
stage="$work/pkg"
# The binaries must carry the /usr prefix as their fallback: build them for it, apart.
make --no-print-directory -s BUILD=build-deb BIN=bin/deb/pgknob PREFIX=/usr \
  LIBEXECDIR=/usr/libexec/pgknob WERROR= bin/deb/pgknob bin/deb/pgknob-online build-deb/pgknob.1 >/dev/null
make --no-print-directory -s BUILD=build-deb BIN=bin/deb/pgknob PREFIX=/usr \
  LIBEXECDIR=/usr/libexec/pgknob DESTDIR="$stage" install >/dev/null
mkdir -p "$stage/DEBIAN" "$work/src/debian"
printf 'Source: pgknob\nPackage: pgknob\nArchitecture: any\n' > "$work/src/debian/control"
# pgknob-slowfs is installed when libfuse3 was there to build it: its library comes along.
bins=("$stage/usr/bin/pgknob" "$stage/usr/libexec/pgknob/pgknob-online")
[ -x "$stage/usr/bin/pgknob-slowfs" ] && bins+=("$stage/usr/bin/pgknob-slowfs")
depends="$(cd "$work/src" && dpkg-shlibdeps -O "${bins[@]}" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "make deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size="$(du -sk "$stage/usr" | cut -f1)"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: pgknob
Version: $version
Architecture: $arch
Maintainer: pgknob developers <pgknob@localhost>
Installed-Size: $size
Depends: $depends
Section: database
Priority: optional
Description: PostgreSQL configuration linter, auditor and slow-config labs
 pgknob reads postgresql.conf exactly as the server does, checks it against the
 catalog of the target major (13-18) and rule packs, audits a running server
 read-only, and runs labs on a TPC-C-derived workload that measure what bad settings cost.
CONTROL
mkdir -p dist
out="dist/pgknob_${version}_${arch}.deb"
fakeroot dpkg-deb --build --root-owner-group "$stage" "$out" >/dev/null
echo "$out"
echo "Depends: $depends"
