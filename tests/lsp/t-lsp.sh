#!/usr/bin/env bash
# pgknob lsp with real clients: vscode-languageserver-protocol from npm (the library VS Code's
# client is built on, tests/lsp/client.js) and Debian's Neovim (0.7, its built-in client).
# Diagnostics on the unsaved buffer, hover, completion, code actions from the verified fixes,
# definitions, symbols, the version pragma, and the re-lint time of an 800-line file.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
T="$(mktemp -d /tmp/pgknob-lsp.XXXXXX)"
trap 'rm -rf "$T"' EXIT
npm_dir="$PWD/.cache/npm-lsp"
if [ ! -d "$npm_dir/node_modules/vscode-languageserver-protocol" ]; then
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --silent --no-audit --no-fund \
    vscode-languageserver-protocol@3.17.5 vscode-jsonrpc@8.2.0 >/dev/null 2>&1
fi
check "the npm LSP client library is installed" test -d "$npm_dir/node_modules/vscode-languageserver-protocol"
client() { NODE_PATH="$npm_dir/node_modules" node tests/lsp/client.js "$PGKNOB" "$@"; }
q() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=eval(sys.argv[2]); print(r)' "$T/out.json" "$1"; }

mkdir -p "$T/conf"
cat > "$T/conf/postgresql.conf" <<'CONF'
# pgknob: pg=17
shared_buffers = 128MB
work_mem = 4mb
fsync = off
include 'extra.conf'
standard_conforming_strings = off
CONF
printf 'shared_buffers = 1GB\nmax_wal_size = 1GB\n' > "$T/conf/extra.conf"
client "$T/conf/postgresql.conf" > "$T/out.json"
check "the client ran the whole session" test -s "$T/out.json"
check "server info names pgknob" test "$(q 'd["serverInfo"]["name"]')" = pgknob
check "exit after shutdown: exit code 0" test "$(q 'd["exitCode"]')" = 0
check "diagnostics carry the document version (1)" test "$(q 'd["version"]')" = 1
check "work_mem = 4mb is an error on line 3 (PK0020 family)" \
  test "$(q '[x["severity"] for x in d["diagnostics"] if x["range"]["start"]["line"] == 2][0]')" = 1
check "fsync = off is found on line 4 (PK6001)" \
  test "$(q '[x["code"] for x in d["diagnostics"] if x["range"]["start"]["line"] == 3][0]')" = PK6001
check "the diagnostics' source is pgknob" test "$(q 'sorted({x["source"] for x in d["diagnostics"]})')" = "['pgknob']"
check "the version pragma chose 17 (hover says so)" grep -q 'PostgreSQL 17' <<<"$(q 'd["hover"]["contents"]["value"]')"
hover="$(q 'd["hover"]["contents"]["value"]')"
check "hover on work_mem: description, type, unit, range, default, context" \
  bash -c 'for w in "**work_mem**" "integer" "unit kB" "range: 64" "default:" "context: user"; do grep -qF -- "$w" <<<"$1" || exit 1; done' _ "$hover"
check "hover on work_mem also explains its finding" grep -q 'PK00' <<<"$hover"
check "definition on the include line goes to extra.conf" \
  test "$(q 'd["definitionInclude"]["uri"]')" = "file://$T/conf/extra.conf"
check "definition on shared_buffers goes to the line that wins (extra.conf:1)" \
  test "$(q '(d["definitionWinner"]["uri"], d["definitionWinner"]["range"]["start"]["line"])')" = "('file://$T/conf/extra.conf', 0)"
check "completion of max_wal offers max_wal_size and max_wal_senders" \
  bash -c 'grep -q "max_wal_size" <<<"$1" && grep -q "max_wal_senders" <<<"$1" && ! grep -q "work_mem" <<<"$1"' _ "$(q 'd["completionNames"]')"
check "completion after wal_level = offers its values" \
  test "$(q 'sorted(d["completionEnum"])')" = "['logical', 'minimal', 'replica']"
check "fsync's quick fix sets fsync = on on its line" \
  test "$(q '[a["edits"][0][0]["newText"] for a in d["actions"] if a["code"] == "PK6001"][0]')" = "fsync = on"
check "fsync's quick fix is titled with the change and when it applies" \
  grep -q 'Set fsync = on, applies on reload' <<<"$(q '[a["titles"] for a in d["actions"] if a["code"] == "PK6001"][0]')"
check "a safe fix (the unit's case) is the preferred quick fix" \
  test "$(q '[a["preferred"][0] for a in d["actions"] if a["code"] == "PK0020" and a["line"] == 2][0]')" = True
check "reversing the explicit fsync opt-out is offered as unsafe, not preferred" \
  test "$(q '[(a["titles"][0].startswith("Unsafe: Set fsync = on"), a["preferred"][0]) for a in d["actions"] if a["code"] == "PK6001"][0]')" = "(True, False)"
check "an unsafe fix is offered, titled Unsafe:, never preferred" \
  test "$(q '[(a["titles"][0].startswith("Unsafe: Set standard_conforming_strings = on"), a["preferred"][0]) for a in d["actions"] if a["code"] == "PK8001"][0]')" = "(True, False)"
check "every finding offers 'Ignore … on this line'" \
  test "$(q 'all(any(t.startswith("Ignore ") for t in a["titles"]) for a in d["actions"])')" = True
check "the ignore action inserts a pragma line above" \
  grep -q '^# pgknob: ignore PK6001' <<<"$(q '[e[0]["newText"] for a in d["actions"] if a["code"] == "PK6001" for e in a["edits"] if e[0]["newText"].startswith("#")][0]')"
check "document symbols list the four assignments and the include" \
  test "$(q '[s["name"] for s in d["symbols"]]')" = "['shared_buffers', 'work_mem', 'fsync', 'include', 'standard_conforming_strings']"

# the purpose comes from .pgknob.ini: under benchmark, fsync = off is a notice (LSP severity 3)
mkdir -p "$T/bench"
printf 'fsync = off\n' > "$T/bench/postgresql.conf"
printf '[pgknob]\npurpose = benchmark\n' > "$T/bench/.pgknob.ini"
client "$T/bench/postgresql.conf" > "$T/bench.json"
check ".pgknob.ini purpose = benchmark: fsync = off is a notice, saying why" \
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); x=[x for x in d["diagnostics"] if x["code"] == "PK6001"]; sys.exit(0 if x and x[0]["severity"] == 3 and "purpose benchmark" in x[0]["message"] else 1)' "$T/bench.json"

# the fix really fixes: apply the work_mem quick fix and lint the result
python3 - "$T/out.json" "$T/conf/postgresql.conf" > "$T/fixed.conf" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); lines = open(sys.argv[2]).read().split("\n")
for a in d["actions"]:
    if a["line"] == 2:
        e = a["edits"][0][0]; lines[2] = e["newText"]; break
print("\n".join(lines), end="")
PY
cp "$T/conf/extra.conf" "$T/extra.conf"
check "applying work_mem's quick fix gives a line lint accepts ($(sed -n 3p "$T/fixed.conf"))" \
  bash -c '! "$1" lint --no-rules --pg-version 17 --format json "$2" | grep -q "\"line\": 3,"' _ "$PGKNOB" "$T/fixed.conf"

# an 800-line file: the PostgreSQL 18 sample, edited 30 times
sample="$(ls "${PGKNOB_PG_CACHE:-.cache/pg}"/18/share/postgresql/postgresql.conf.sample 2>/dev/null || true)"
if [ -n "$sample" ]; then
  cp "$sample" "$T/postgresql.conf"
  client "$T/postgresql.conf" 30 > "$T/out.json"
  median="$(q 'd["relintMedianMs"]')"
  echo "# re-lint of the $(wc -l < "$T/postgresql.conf")-line 18 sample, median of $(q 'd["relintRuns"]') edits: $median ms"
  check "30 edits of an 800-line file: 30 fresh diagnostics (speed: make bench, tests/bench/lsp.sh)" \
    test "$(q 'd["relintRuns"]')" = 30
else
  fail "no PostgreSQL 18 sample for the 800-line re-lint (make servers)"
fi

# Neovim's built-in client, headless
if command -v nvim >/dev/null; then
  lua="$PWD/tests/lsp/nvim-diagnostics.lua"
  (cd "$T/conf" && PGKNOB="$PGKNOB" PGKNOB_NVIM_OUT="$T/nvim.json" timeout 60 \
     nvim --headless -n -u NONE -c "luafile $lua" postgresql.conf \
     >/dev/null 2>&1)
  check "Neovim received diagnostics" test "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["waited"])' "$T/nvim.json" 2>/dev/null)" = True
  check "Neovim's diagnostics include fsync's PK6001 on line 4" \
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not any(x["line"] == 3 and x["code"] == "PK6001" for x in d["diagnostics"]))' "$T/nvim.json"
else
  fail "neovim is missing (make deps installs Debian's)"
fi

# protocol hygiene
printf 'Content-Length: 5\r\n\r\n{bad}' | timeout 10 "$PGKNOB" lsp > "$T/raw" 2>&1
check "a malformed message gets a JSON-RPC parse error, not a crash" grep -q '"code":-32700' "$T/raw"
printf 'Content-Length: nope\r\n\r\n' | timeout 10 "$PGKNOB" lsp > "$T/raw" 2>&1; rc=$?
check "a bad header ends the session with exit 1 ($rc), no hang" test "$rc" = 1
body='{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}'
printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" | timeout 10 "$PGKNOB" lsp > "$T/raw" 2>&1
check "a request before initialize is refused (-32002)" grep -q '"code":-32002' "$T/raw"
expect_exit 2 "lsp takes no arguments" -- "$PGKNOB" lsp extra
# .pgknob.ini's target: the service's restrictions reach the editor too (docs/targets.md)
mkdir -p "$T/azure"
printf '# pgknob: pg=16\nport = 6000\nwork_mem = 64MB\n' > "$T/azure/postgresql.conf"
printf '[pgknob]\ntarget = azure\n' > "$T/azure/.pgknob.ini"
client "$T/azure/postgresql.conf" > "$T/out.json"
check ".pgknob.ini target = azure: port = 6000 is PK0076 on line 2" \
  test "$(q '[x["range"]["start"]["line"] for x in d["diagnostics"] if x["code"] == "PK0076"]')" = "[1]"
rm "$T/azure/.pgknob.ini"
client "$T/azure/postgresql.conf" > "$T/out.json"
check "... and without it, no PK0076" \
  test "$(q '[x for x in d["diagnostics"] if x["code"] == "PK0076"]')" = "[]"

# a sum's finding sits on its largest term: PK2001 on max_connections = 10000, not shared_buffers
mkdir -p "$T/mem"
printf '# sized for a server with 16GB RAM\nshared_buffers = 256MB\nwork_mem = 4MB\nmax_connections = 10000\n' > "$T/mem/postgresql.conf"
client "$T/mem/postgresql.conf" > "$T/out.json"
check "PK2001 (10000 connections x 4MB) is the diagnostic on max_connections' line 4" \
  test "$(q '[x["range"]["start"]["line"] for x in d["diagnostics"] if x["code"] == "PK2001"]')" = "[3]"

done_testing
