#!/usr/bin/env bash
# Bounded inputs (issue #25 §2): each pathological input the probe found (H1-H5) is linted within
# a CPU-time and memory bound, or refused at once with a message naming the limit. Inputs are
# generated here. Bounds are CPU seconds (user + system, from /usr/bin/time, so a loaded machine
# does not fail them) and peak RSS, about 3 times the figures in docs/lint.md ("Limits").
source "$(dirname "$0")/../lib.sh"
TMP=$(mktemp -d /tmp/pgknob-limits.XXXXXX); trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2

# bounded DESC MAX_CPU_S MAX_MB WANT_EXIT PATTERN -- command...: the exit code, PATTERN on stderr
# (when given), within MAX_CPU_S CPU seconds and MAX_MB of resident memory
bounded() {
  local desc="$1" max_s="$2" max_mb="$3" want="$4" pattern="$5"; shift 6
  # a sanitizer build pays its own CPU and shadow memory on top (tests/asan-run.sh sets it)
  max_s=$(awk -v m="$max_s" -v k="${PGKNOB_BOUND_SCALE:-1}" 'BEGIN { print m * k }')
  max_mb=$((max_mb * ${PGKNOB_BOUND_SCALE:-1}))
  timeout 120 /usr/bin/time -f '%U %S %M' -o usage.txt "$@" >out.txt 2>err.txt; local rc=$?
  local user sys kb; read -r user sys kb < <(tail -1 usage.txt)
  local cpu; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  local mb=$((kb / 1024))
  echo "# $desc: exit $rc, ${cpu} s CPU, ${mb} MB"
  if [ "$rc" -ne "$want" ]; then fail "$desc: exit $rc, wanted $want; $(head -c 300 err.txt)"; return; fi
  if [ -n "$pattern" ] && ! grep -qE -- "$pattern" err.txt; then fail "$desc: no /$pattern/ in $(head -c 300 err.txt)"; return; fi
  if awk -v c="$cpu" -v m="$max_s" 'BEGIN { exit !(c > m) }'; then fail "$desc: ${cpu} s CPU (bound $max_s s)"; return; fi
  if [ "$mb" -gt "$max_mb" ]; then fail "$desc: ${mb} MB (bound $max_mb MB)"; return; fi
  ok "$desc (${cpu} s CPU, ${mb} MB; bounds $max_s s, $max_mb MB)"
}

cnpg_head='apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: pg
spec:
  instances: 1
  backup:
    volumeSnapshot:
      className: csi
  postgresql:
    parameters:'

# H1: YAML flow nesting
python3 - <<EOF
head = '''$cnpg_head'''
open('h1.yaml', 'w').write(head + '\n      work_mem: ' + '[' * 100000 + ']' * 100000 + '\n')
one = '[' * 63 + ']' * 63
open('h1-deep64.yaml', 'w').write(head + '\n      work_mem: [' + ','.join([one] * (1000000 // 128)) + ']\n')
EOF
bounded "H1: [[[...]]] 100,000 deep (200 KB): refused" 0.5 50 2 'YAML nested 65 levels deep .*the limit is 64' -- "$PGKNOB" lint h1.yaml
bounded "H1: 1 MB of nests 64 deep (the limit): linted" 1.5 300 1 '' -- "$PGKNOB" lint --format json h1-deep64.yaml

# H2: documents in one stream
python3 - <<EOF
head = '''$cnpg_head'''
doc = head.replace('name: pg', 'name: pg-%d') + '\n      work_mem: "4MB"\n      shared_buffers: "1GB"\n'
open('h2.yaml', 'w').write('---\n'.join(doc % i for i in range(10000)))
open('h2-500.yaml', 'w').write('---\n'.join(doc % i for i in range(500)))
EOF
bounded "H2: 10,000 CNPG documents (1.3 MB): refused" 0.5 50 2 'more than 500 PostgreSQL configurations in one YAML stream' -- "$PGKNOB" lint h2.yaml
bounded "H2: 500 CNPG documents (the limit): linted" 6 300 0 '' -- "$PGKNOB" lint --format json h2-500.yaml

# H3: RDS parameter groups
python3 - <<'EOF'
import json
names = ['shared_buffers', 'work_mem', 'maintenance_work_mem', 'effective_cache_size', 'random_page_cost']
group = [{"ParameterName": names[i % 5], "ParameterValue": str(4096 + i), "Source": "user",
          "ApplyType": "dynamic", "DataType": "integer", "IsModifiable": True} for i in range(3000)]
open('h3.json', 'w').write(json.dumps({"Parameters": group}, indent=4))
group = [{"ParameterName": "work_mem", "ParameterValue": str(4096 + i), "Source": "user"} for i in range(10000)]
open('h3-work-mem.json', 'w').write(json.dumps({"Parameters": group}, indent=4))
EOF
bounded "H3: an RDS group of 3,000 parameters" 2 300 1 '' -- "$PGKNOB" lint --format json h3.json
bounded "H3: 10,000 copies of work_mem" 3 500 0 '' -- "$PGKNOB" lint --format json h3-work-mem.json

# H4: a 200,000-line pg_hba.conf (8 MB), and 20,000 lines of "all all" (every line a candidate)
python3 - <<'EOF'
open('pg_hba.conf', 'w').write(''.join('host db%d user%d 10.%d.%d.0/24 scram-sha-256\n'
                                       % (i, i, (i >> 8) & 255, i & 255) for i in range(200000)))
import os; os.makedirs('all', exist_ok=True)
open('all/pg_hba.conf', 'w').write(''.join('host all all 10.%d.%d.0/24 scram-sha-256\n'
                                           % ((i >> 8) & 255, i & 255) for i in range(20000)))
EOF
bounded "H4: lint of a 200,000-line pg_hba.conf" 8 1000 0 '' -- "$PGKNOB" lint --format json pg_hba.conf
bounded "H4: lint of 20,000 lines of host all all (800 KB)" 1.5 300 0 '' -- "$PGKNOB" lint --format json all/pg_hba.conf
bounded "H4: pgknob hba of the 200,000 lines" 5 1000 0 '' -- "$PGKNOB" hba --format json pg_hba.conf

# H5: a 60 MB postgresql.conf, of assignments and of comments; and 10,000 assignments (the limit)
python3 - <<'EOF'
line = "work_mem = '%dkB'  # comment number %d\n"
with open('h5.conf', 'w') as f:
    i = 0
    while f.tell() < 60 * 1024 * 1024:
        f.write(line % (4096 + i % 1000, i)); i += 1
comment = '# ' + 'x' * 70 + '\n'
open('h5-comments.conf', 'w').write("work_mem = '8MB'\n" + comment * (60 * 1024 * 1024 // len(comment)))
open('h5-10000.conf', 'w').write(''.join(line % (4096 + i % 1000, i) for i in range(10000)))
EOF
for cmd in "lint" "lint --format json" "settings"; do
  # shellcheck disable=SC2086
  bounded "H5: $cmd of 60 MB of assignments: refused at the limit" 2 300 2 'more than 10000 lines set parameters.*refused' -- "$PGKNOB" $cmd h5.conf
  # shellcheck disable=SC2086
  # each comment line is compared with the sample comments holding its first word: about 1 s
  # (docs/lint.md, "Limits"); a hang guard at 4 times that, not a timing test
  bounded "H5: $cmd of 60 MB of comments" 4 400 0 '' -- "$PGKNOB" $cmd h5-comments.conf
done
bounded "H5: lint --format json of 10,000 assignments (the limit, 400 KB)" 2 400 0 '' -- "$PGKNOB" lint --format json h5-10000.conf
python3 - h5.conf > lsp-in.txt <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
def msg(obj):
    body = json.dumps(obj)
    return 'Content-Length: %d\r\n\r\n%s' % (len(body.encode()), body)
out = msg({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
out += msg({"jsonrpc": "2.0", "method": "initialized", "params": {}})
out += msg({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": "file:///tmp/postgresql.conf", "languageId": "pgconf", "version": 1, "text": text}}})
out += msg({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + msg({"jsonrpc": "2.0", "method": "exit"})
sys.stdout.write(out)
EOF
bounded "H5: the language server opening the 60 MB file" 4 1000 0 '' -- bash -c '"$0" lsp < lsp-in.txt' "$PGKNOB"
check "  ... and answers the shutdown" grep -q '"id": *2' out.txt
check "  ... with the limit as the document's diagnostic" grep -q 'more than 10000 lines set parameters' out.txt

done_testing
