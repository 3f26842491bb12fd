#!/usr/bin/env bash
# The GitHub Action's first step: the Debian/Ubuntu packages pgknob's build needs, installed
# only when missing (a runner image often has most of them).
set -euo pipefail
packages=(build-essential pkg-config libpq-dev libinih-dev libcmark-gfm-dev
          libcmark-gfm-extensions-dev libpcre2-dev libjansson-dev)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qx installed || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && { echo "pgknob: build dependencies present"; exit 0; }
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
echo "pgknob: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
