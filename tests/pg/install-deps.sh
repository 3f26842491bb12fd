#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only those missing (apt-get update
# runs only then), and makes sure the `postgres` OS user exists. Fast when all is present.
set -euo pipefail

packages=(
  build-essential binutils pkg-config make git python3 ca-certificates
  libpq-dev libinih-dev libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libpcre2-dev
  libjansson-dev libyaml-dev
  # the storage lab's FUSE layer (bin/pgknob-slowfs)
  libfuse3-dev fuse3
  postgresql-15 postgresql-client-15
  clang libclang-rt-14-dev
  # make format-check (the suite runs it)
  clang-format
  # tools the test tiers call: jq (JSON), xmllint (the lab's SVG, JUnit XML against its XSD),
  # python3-jsonschema (GitLab Code Quality against its schema), openssl (audit's SSL case),
  # ps/pgrep (cluster checks), ss (free ports), script (TTY colour), chromium (renders the lab
  # charts: tests/lab/chart-check.py)
  jq libxml2-utils python3-jsonschema openssl procps iproute2 bsdutils chromium
  # packaging and install tests: strace (which files lint opens), dpkg-dev (dpkg-shlibdeps for
  # the .deb's Depends), fakeroot, debootstrap (a clean Debian root to install the .deb into)
  strace dpkg-dev fakeroot debootstrap
  # musl's C library beside glibc: what an Alpine image's server takes as a locale
  # (tests/lint/t-locale-musl.sh)
  musl-tools
  # CI integrations: Debian's pre-commit (the hook test), PyYAML (the action test reads action.yml)
  pre-commit python3-yaml
  # the language server and highlighting tests: Neovim 0.7 (its built-in LSP client), Emacs with
  # eglot (editors/emacs/pgknob.el)
  neovim emacs-nox elpa-eglot
)
# node/npm fetch the official PostgreSQL builds; any working install will do.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

# One dpkg-query for all packages: prints the installed ones.
installed="$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null \
             | awk '$2 == "installed" { print $1 }' || true)"
missing=()
for pkg in "${packages[@]}"; do
  grep -qxF "$pkg" <<<"$installed" || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  # postgresql-common would create and start a `main` cluster: the tests start their own.
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    $sudo mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.d/pgknob.conf >/dev/null
  fi
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! id postgres >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi
