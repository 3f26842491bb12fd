#!/usr/bin/env bash
# The GitHub Action (action.yml): its steps run as the runner runs a composite action
# (tests/ci/run_action.py), in a scratch repository. A bad configuration fails the job with
# annotations on its lines and a SARIF file handed to upload-sarif; a good one passes; a glob
# that matches nothing is a clear error.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
python3 -c 'import yaml' 2>/dev/null || { fail "python3-yaml is missing (make deps)"; done_testing; exit; }
T="$(mktemp -d /tmp/pgknob-action.XXXXXX)"
trap 'rm -rf "$T"' EXIT
ws="$T/repo"
mkdir -p "$ws/postgres/conf.d"
printf 'shared_buffers = 1GB\nwork_mem = 4mb\nfsync = off\n' > "$ws/postgres/postgresql.conf"
printf 'max_connections = 100\n' > "$ws/postgres/conf.d/10-conn.conf"
run() { python3 tests/ci/run_action.py "$PWD" "$ws" "$@" > "$T/run.json"; }
field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/run.json" "$1"; }

check "action.yml is a composite action with its documented inputs" python3 - <<'PY'
import yaml
a = yaml.safe_load(open("action.yml"))
assert a["runs"]["using"] == "composite"
assert {"files", "pg-version", "fail-on", "sarif", "sarif-file", "args"} <= set(a["inputs"])
assert any(s.get("uses", "").startswith("github/codeql-action/upload-sarif@") for s in a["runs"]["steps"])
PY

run files='postgres/**/*.conf' pg-version=18
check "bad config: the run completes" test -s "$T/run.json"
check "bad config: the job fails" test "$(field 'd["failed"]')" = True
check "bad config: exit-code output is 1" test "$(field 'd["outputs"]["exit-code"]')" = 1
lint_out="$(field '[s for s in d["steps"] if s.get("id") == "lint"][0]["stdout"]')"
check "bad config: an annotation on postgresql.conf line 2 (work_mem = 4mb)" \
  grep -q '^::error file=postgres/postgresql.conf,line=2' <<<"$lint_out"
check "bad config: the fsync finding is annotated" grep -q 'file=postgres/postgresql.conf,line=3' <<<"$lint_out"
sarif_in="$(field '[s for s in d["steps"] if "uses" in s][0]["with"]["sarif_file"]')"
check "upload-sarif receives pgknob.sarif" test "$sarif_in" = pgknob.sarif
check "the SARIF file is SARIF 2.1.0 with results on the manifest lines" python3 - "$ws/pgknob.sarif" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0"
res = d["runs"][0]["results"]
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in res}
assert "postgres/postgresql.conf" in uris, uris
PY
check "upload-sarif runs even though the lint failed (always())" \
  test "$(field '[s for s in d["steps"] if "uses" in s][0].get("skipped", False)')" = False
check "the job summary holds the Markdown review" grep -q 'work_mem' <<<"$(field 'd["summary"]')"

printf 'shared_buffers = 1GB\n' > "$ws/postgres/postgresql.conf"
run files='postgres/postgresql.conf postgres/conf.d/*.conf' pg-version=18 fail-on=error
check "good config: the job passes" test "$(field 'd["failed"]')" = False
check "good config: exit-code 0" test "$(field 'd["outputs"]["exit-code"]')" = 0

run files='nothing/**/*.conf'
check "a glob matching nothing fails the job" test "$(field 'd["failed"]')" = True
check "... with exit-code 2" test "$(field 'd["outputs"]["exit-code"]')" = 2
check "... and an error naming the pattern" \
  grep -q 'no file matches "nothing/\*\*/\*.conf"' <<<"$(field '[s for s in d["steps"] if s.get("id") == "lint"][0]["stdout"]')"
check "... and no SARIF upload" test "$(field '[s for s in d["steps"] if s["name"].startswith("Upload SARIF")][0].get("skipped", False)')" = True
done_testing
