#!/usr/bin/env bash
# pgknob mcp with real clients: the official TypeScript SDK's client over stdio
# (tests/mcp/client.js) and the MCP Inspector's command-line mode, both from npm; and raw
# JSON-RPC lines for what a client library would never send (malformed JSON, a 100 MB line,
# an unsupported protocol version). Every tool is called; lint through MCP gives the findings
# pgknob lint --format json gives; paths outside the roots and an audit target in a call are
# refused, and the server keeps serving.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
T="$(mktemp -d /tmp/pgknob-mcp.XXXXXX)"
trap 'rm -rf "$T"' EXIT
npm_dir="$PWD/.cache/npm-mcp"
if [ ! -d "$npm_dir/node_modules/@modelcontextprotocol/inspector" ]; then
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --silent --no-audit --no-fund \
    @modelcontextprotocol/sdk@1.32.2 @modelcontextprotocol/inspector@2.12.0 >/dev/null 2>&1
fi
check "the MCP SDK and Inspector are installed from npm" \
  test -x "$npm_dir/node_modules/.bin/mcp-inspector" -a -d "$npm_dir/node_modules/@modelcontextprotocol/sdk"
corpus=$(realworld_dir)
root="$T/root"; mkdir -p "$root"
cp "$corpus"/05-*.conf "$corpus"/12-*.conf "$corpus"/14-*.conf "$root/"
printf 'host all all 0.0.0.0/0 md5\nlocal all postgres peer\n' > "$root/pg_hba.conf"
sdk() { (cd "$root" && NODE_PATH="$npm_dir/node_modules" timeout 120 node "$OLDPWD/tests/mcp/client.js" "$PGKNOB" "$@"); }
j() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/out.json" "$1"; }

f05=$(basename "$root"/05-*.conf); f12=$(basename "$root"/12-*.conf); f14=$(basename "$root"/14-*.conf)
cat > "$T/calls.json" <<JSON
[{"method": "tools/list"},
 {"tool": "lint", "args": {"path": "$f05"}},
 {"tool": "lint", "args": {"path": "$f12", "pg_version": 17, "host": "ram=4GB,cores=2"}},
 {"tool": "lint", "args": {"path": "$f14", "pg_version": 13}},
 {"tool": "explain", "args": {"rule": "PK2001"}},
 {"tool": "explain", "args": {"parameter": "shared_buffers", "pg_version": 13}},
 {"tool": "explain", "args": {"parameter": "io_method", "pg_version": 17}},
 {"tool": "fix", "args": {"text": "shared_buffer = 128MB\n", "pg_version": 17}},
 {"tool": "fix", "args": {"text": "shared_buffer = 128MB\n", "format": "alter-system"}},
 {"tool": "settings", "args": {"path": "$f12"}},
 {"tool": "hba", "args": {"path": "pg_hba.conf"}},
 {"tool": "upgrade", "args": {"text": "wal_keep_segments = 64\n", "from": 12, "to": 17}},
 {"tool": "lint", "args": {"path": "/etc/passwd"}},
 {"tool": "lint", "args": {"path": "../../etc/hostname"}},
 {"tool": "lint", "args": {"path": "$f05", "text": "x = 1"}},
 {"tool": "audit", "args": {}},
 {"method": "resources/list"},
 {"resource": "pgknob://catalog/18"},
 {"resource": "pgknob://rules/PK2001"},
 {"resource": "pgknob://catalog/12"},
 {"tool": "lint", "args": {"text": "shared_buffers = 1GB\n"}}]
JSON
sdk "$T/calls.json" > "$T/out.json" 2>"$T/err.txt"
check "the SDK client connects, lists and calls (exit 0)" test -s "$T/out.json"
check "serverInfo names pgknob" test "$(j 'd["server"]["name"]')" = pgknob
check "tools/list: lint, explain, fix, settings, hba, upgrade; no audit without --audit-dsn" \
  test "$(j '" ".join(t["name"] for t in d["results"][0]["tools"])')" = "lint explain fix settings hba upgrade"
check "every tool has an input schema that refuses unknown arguments" \
  test "$(j 'all(t["inputSchema"]["additionalProperties"] is False for t in d["results"][0]["tools"])')" = True
for idx in 1 2 3; do
  check "lint call $idx succeeds" test "$(j "d['results'][$idx]['isError']")" = False
done
for pair in "1:$f05:" "2:$f12:--pg-version 17 --host ram=4GB,cores=2" "3:$f14:--pg-version 13"; do
  idx=${pair%%:*}; rest=${pair#*:}; file=${rest%%:*}; opts=${rest#*:}
  # shellcheck disable=SC2086
  (cd "$root" && "$PGKNOB" lint --format json --fail-on never $opts "$root/$file") > "$T/cli.json"
  check "lint of $file through MCP gives the findings of pgknob lint --format json" \
    python3 -c 'import json,sys
mcp=json.load(open(sys.argv[1]))["results"][int(sys.argv[3])]["structuredContent"]["findings"]
cli=json.load(open(sys.argv[2]))["findings"]
sys.exit(0 if mcp == cli and len(cli) > 0 else 1)' "$T/out.json" "$T/cli.json" "$idx"
done
check "explain rule: the explanation in Markdown" grep -q 'PK2001' <<<"$(j 'd["results"][4]["content"][0]["text"]')"
check "explain parameter: shared_buffers on 13 needs a restart (postmaster)" \
  test "$(j 'd["results"][5]["structuredContent"]["context"]')" = postmaster
check "explain parameter: io_method is not in 17, and says it is in 18" \
  test "$(j 'd["results"][6]["isError"] and "18" in d["results"][6]["content"][0]["text"]')" = True
check "fix: a diff renaming the misspelt name" grep -q '^+shared_buffers = 128MB' <<<"$(j 'd["results"][7]["structuredContent"]["output"]')"
check "fix: each proposed fix with its rule" test "$(j 'any(f["rule"] == "PK0010" for f in d["results"][7]["structuredContent"]["fixes"])')" = True
check "fix --format alter-system: ALTER SYSTEM statements" grep -q 'ALTER SYSTEM' <<<"$(j 'd["results"][8]["content"][0]["text"]')"
check "settings: the entries as JSON" test "$(j 'len(d["results"][9]["structuredContent"]["entries"]) > 10')" = True
check "hba: the rules as JSON" test "$(j 'd["results"][10]["isError"]')" = False
check "upgrade 12 -> 17: wal_keep_segments is named" grep -q 'wal_keep_segments' <<<"$(j 'd["results"][11]["content"][0]["text"]')"
check "a path outside the root is refused" \
  test "$(j 'd["results"][12]["isError"] and "outside" in d["results"][12]["content"][0]["text"]')" = True
check "... and through .. too" test "$(j 'd["results"][13]["isError"]')" = True
check "path and text together are refused" test "$(j 'd["results"][14]["isError"]')" = True
check "audit without --audit-dsn is not a tool" test "$(j '"protocolError" in d["results"][15]')" = True
check "resources: each major's catalog and each rule's documentation" \
  test "$(j 'sum(r["uri"] in ("pgknob://catalog/18", "pgknob://rules/PK2001") for r in d["results"][16]["resources"])')" = 2
check "the catalog of 18 as JSON, with what changed since 17" \
  test "$(j 'any(p["name"] == "io_method" and "new" in p["changed"] for p in __import__("json").loads(d["results"][17]["contents"][0]["text"])["parameters"])')" = True
check "a rule's documentation as Markdown" test "$(j 'd["results"][18]["contents"][0]["mimeType"]')" = text/markdown
check "an unknown catalog is a protocol error" test "$(j '"protocolError" in d["results"][19]')" = True
check "lint of text names the file postgresql.conf, not a temporary path" \
  test "$(j 'd["results"][20]["structuredContent"]["inputs"][0]["path"]')" = postgresql.conf

# audit: offered only with --audit-dsn, and the server cannot be chosen in a call
echo '[{"method": "tools/list"}, {"tool": "audit", "args": {"dsn": "host=203.0.113.9"}}]' > "$T/calls2.json"
sdk "$T/calls2.json" --audit-dsn "host=/nonexistent" > "$T/out.json" 2>/dev/null
check "with --audit-dsn the audit tool is listed" grep -qw audit <<<"$(j '" ".join(t["name"] for t in d["results"][0]["tools"])')"
check "an audit target in a tool argument is refused" \
  grep -q 'set when pgknob mcp starts' <<<"$(j 'd["results"][1]["protocolError"]["message"]')"

# raw lines a client library would not send: the server answers each and keeps serving
python3 - "$PGKNOB" "$root" > "$T/raw.txt" <<'PY'
import json, subprocess, sys
pg, root = sys.argv[1], sys.argv[2]
init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
big = {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
       "params": {"name": "lint", "arguments": {"text": "x" * (100 << 20)}}}
mid = {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
       "params": {"name": "lint", "arguments": {"text": "# " + "y" * (5 << 20)}}}
lines = [json.dumps(init), '{"jsonrpc":"2.0","method":"notifications/initialized"}',
         '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "lint", "arg',
         json.dumps(big), json.dumps({"jsonrpc": "2.0", "id": 4, "method": "ping"}), json.dumps(mid),
         '[{"jsonrpc": "2.0", "id": 6, "method": "ping"}]',
         json.dumps({"jsonrpc": "2.0", "id": 7, "method": "no/such"}),
         json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/list",
                     "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "1900-01-01"}}}),
         json.dumps({"jsonrpc": "2.0", "id": 9, "method": "server/discover", "params": {}}),
         json.dumps({"jsonrpc": "2.0", "id": 10, "method": "tools/list",
                     "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                          "io.modelcontextprotocol/clientCapabilities": {}}}}),
         json.dumps({"jsonrpc": "2.0", "id": 11, "method": "tools/call",
                     "params": {"name": "explain", "arguments": {"": "1"}}})]
proc = subprocess.run([pg, "mcp", "--root", root], input=("\n".join(lines) + "\n").encode(),
                      capture_output=True, timeout=120)
out = [json.loads(l) for l in proc.stdout.decode().splitlines()]
print(json.dumps({"rc": proc.returncode, "out": out}))
PY
r() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/raw.txt" "$1"; }
check "raw: the server exits 0 at the end of its input" test "$(r 'd["rc"]')" = 0
check "raw: malformed JSON is a parse error (-32700)" test "$(r 'd["out"][1]["error"]["code"]')" = -32700
check "raw: a 100 MB line is refused" test "$(r 'd["out"][2]["error"]["code"]')" = -32600
check "raw: ... and the next request is served" test "$(r 'd["out"][3]["id"]')" = 4
check "raw: a 5 MB text argument is refused with the limit" \
  test "$(r 'd["out"][4]["result"]["isError"] and "limit" in d["out"][4]["result"]["content"][0]["text"]')" = True
check "raw: a batch is refused (-32600)" test "$(r 'd["out"][5]["error"]["code"]')" = -32600
check "raw: an unknown method is -32601" test "$(r 'd["out"][6]["error"]["code"]')" = -32601
check "raw: an unsupported modern version is -32022 with the supported list" \
  test "$(r 'd["out"][7]["error"]["code"] == -32022 and "2026-07-28" in d["out"][7]["error"]["data"]["supported"]')" = True
check "raw: server/discover lists the modern and legacy versions" \
  test "$(r 'd["out"][8]["result"]["supportedVersions"][:2]')" = "['2026-07-28', '2025-11-25']"
check "raw: a modern request is served statelessly (resultType complete)" \
  test "$(r 'd["out"][9]["result"]["resultType"]')" = complete
check "raw: an argument with an empty name is refused, not looped on" \
  test "$(r 'd["out"][10]["id"] == 11 and "error" in d["out"][10]')" = True

# the MCP Inspector's command-line mode
insp() { (cd "$root" && HOME="$T" timeout 120 "$npm_dir/node_modules/.bin/mcp-inspector" --cli "$PGKNOB" mcp "$@"); }
insp --method tools/list > "$T/insp.json" 2>"$T/insp.err"
check "Inspector CLI: tools/list" grep -q '"name": "lint"' "$T/insp.json"
insp --method tools/call --tool-name lint --tool-arg "path=$f05" > "$T/insp.json" 2>"$T/insp.err"
check "Inspector CLI: tools/call lint" grep -q '"isError": false' "$T/insp.json"
insp --method resources/read --uri pgknob://rules/PK2001 > "$T/insp.json" 2>"$T/insp.err"
check "Inspector CLI: resources/read" grep -q 'text/markdown' "$T/insp.json"
done_testing
