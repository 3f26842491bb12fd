#!/usr/bin/env bash
# Prints the path of a clean Debian root made by debootstrap (minbase, the release of this
# machine), building it once into .cache/debroot/ and handing out a fresh copy each time, so
# a test installs into a machine nothing was installed on before.
#   tests/install/debroot.sh DEST    (DEST must not exist; root only)
set -eu
cd "$(dirname "$0")/../.."
dest="$1"
[ "$(id -u)" = 0 ] || { echo "debroot: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
suite="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
cache=".cache/debroot"
tarball="$cache/$suite-minbase.tar"
if [ ! -s "$tarball" ]; then
  mkdir -p "$cache"
  build="$(mktemp -d "$cache/build.XXXXXX")"
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
  debootstrap --variant=minbase "$suite" "$build/root" "${mirror:-http://deb.debian.org/debian}" \
    >"$build/log" 2>&1 || { tail -20 "$build/log" >&2; rm -rf "$build"; exit 1; }
  tar -C "$build/root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  rm -rf "$build"
fi
mkdir -p "$dest"
tar -C "$dest" -xf "$tarball"
