#!/usr/bin/env bash
# Installs the JSON Schema validator used by the report tests into .cache/node (ignored by git):
# ajv 8 with its draft-04 class (the SARIF 2.1.0 schema is draft-04) and ajv-formats, plus
# @microsoft/jest-sarif, which ships the SARIF 2.1.0 (rtm.5) JSON schema the tests validate
# against. Idempotent and quick when present; pinned versions.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/.cache/node"
stamp="$dir/.pgknob-report-deps-1"
[ -f "$stamp" ] && exit 0
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name": "pgknob-test-deps", "private": true}' > package.json
npm install --no-audit --no-fund --loglevel=error \
  ajv@8.17.1 ajv-draft-04@1.0.0 ajv-formats@3.0.1 @microsoft/jest-sarif@1.0.0-beta.0 >&2
touch "$stamp"
