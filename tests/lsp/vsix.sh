#!/usr/bin/env bash
# `make vsix`: editors/vscode/pgknob-VERSION.vsix, packed by @vscode/vsce from npm (installed
# with the extension's own dependency into .cache/npm-vsix, not into the tree).
set -euo pipefail
cd "$(dirname "$0")/../.."
cache="$PWD/.cache/npm-vsix"
mkdir -p "$cache"
[ -x "$cache/node_modules/.bin/vsce" ] || npm install --prefix "$cache" --silent --no-audit --no-fund @vscode/vsce@3 >&2
work="$(mktemp -d /tmp/pgknob-vsix.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cp -r editors/vscode/. "$work/"
rm -f "$work"/*.vsix
(cd "$work" && npm install --silent --no-audit --no-fund --omit=dev >&2)
version="$(sed -n 's/.*"version": "\(.*\)".*/\1/p' editors/vscode/package.json | head -1)"
(cd "$work" && "$cache/node_modules/.bin/vsce" package --allow-missing-repository --skip-license \
   -o "$work/pgknob-$version.vsix" >&2)
cp "$work/pgknob-$version.vsix" "editors/vscode/pgknob-$version.vsix"
echo "editors/vscode/pgknob-$version.vsix"
