#!/usr/bin/env bash
# The language server on a pg_hba.conf / pg_ident.conf pair: references to a user name map
# (pg_hba.conf's map= options and pg_ident.conf's first fields, "quoted" ones too), and a rename
# that edits both files, whether pg_ident.conf is open in the editor or only on disk. The renamed
# pair must still load as the server reads it (pgknob hba, which agrees with real servers
# 13–18: tests/hba), with every map still defined. No postgresql.conf lint runs on these files.
# And on postgresql.conf, an overridden line's diagnostic (PK0024) points at the line that wins.
source "$(dirname "$0")/../lib.sh"
T="$(mktemp -d /tmp/pgknob-lsp-maps.XXXXXX)"
trap 'rm -rf "$T"' EXIT
cat > "$T/pg_hba.conf" <<'HBA'
# TYPE  DATABASE  USER  ADDRESS        METHOD
local   all       all                  peer map=omicron
hostssl all       all   10.0.0.0/8     cert clientcert=verify-full map="omicron"
hostssl all       all   0.0.0.0/0      cert map=certmap
local   all       all                  peer map=omicronx
HBA
cat > "$T/pg_ident.conf" <<'IDENT'
# MAPNAME   SYSTEM-USERNAME   PG-USERNAME
omicron     bryanh            guest1
"omicron"   ann               ann
certmap     /^(.*)@ex\.com$   \1
omicronx    root              postgres
IDENT

rq() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/out.json" "$1"; }

for mode in open disk; do
  expect_exit 0 "$mode: a session on pg_hba.conf (pg_ident.conf $mode)" -- \
    python3 tests/lsp/maps_session.py "$PGKNOB" "$T/pg_hba.conf" "$T/pg_ident.conf" 1 50 staff "$mode" "$T/out.json"
  check "$mode: the server offers references and rename" \
    test "$(rq '(d["capabilities"]["referencesProvider"], d["capabilities"]["renameProvider"])')" = "(True, True)"
  check "$mode: references of omicron: 2 in pg_hba.conf, 2 in pg_ident.conf, not omicronx" \
    test "$(rq 'sorted((r["uri"].rsplit("/",1)[1], r["range"]["start"]["line"], r["range"]["start"]["character"], r["range"]["end"]["character"]) for r in d["references"])')" = \
    "[('pg_hba.conf', 1, 48, 55), ('pg_hba.conf', 2, 72, 79), ('pg_ident.conf', 1, 0, 7), ('pg_ident.conf', 2, 1, 8)]"
  check "$mode: the rename edits both files, 4 places" \
    test "$(rq 'sum(len(v) for v in d["rename"]["changes"].values()), len(d["rename"]["changes"])')" = "(4, 2)"
  check "$mode: a name with a blank is refused with a reason" \
    grep -q "one field" <<<"$(rq 'd["bad_rename_error"]["message"]')"
  check "$mode: no postgresql.conf lint of pg_hba.conf: no diagnostic" test "$(rq 'd["diagnostics"][-1]')" = "[]"
  check "$mode: the session ends with exit 0" test "$(rq 'd["exit"]')" = 0
done

# apply the rename as an editor would, and read the pair as the server does
python3 - "$T/out.json" <<'PY'
import json, pathlib, sys, urllib.parse
d = json.load(open(sys.argv[1]))
for uri, edits in d["rename"]["changes"].items():
    path = pathlib.Path(urllib.parse.unquote(uri[len("file://"):]))
    lines = path.read_text().split("\n")
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        r = e["range"]; ln = lines[r["start"]["line"]]
        lines[r["start"]["line"]] = ln[:r["start"]["character"]] + e["newText"] + ln[r["end"]["character"]:]
    path.write_text("\n".join(lines))
PY
check "the renamed pg_hba.conf says map=staff twice, map=\"staff\" quoted kept" \
  test "$(grep -c 'map=staff\|map="staff"' "$T/pg_hba.conf")" = 2
check "omicronx is untouched in both files" test "$(grep -c omicronx "$T/pg_hba.conf" "$T/pg_ident.conf" | tr '\n' ' ')" = "$T/pg_hba.conf:1 $T/pg_ident.conf:1 "
expect_exit 0 "the renamed pair loads as the server reads it" -- \
  "$PGKNOB" hba "$T/pg_hba.conf" --ident "$T/pg_ident.conf" --format json
check "... with the map staff defined twice in pg_ident.conf" \
  test "$(python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(sum(1 for m in d["ident"]["mappings"] if m.get("map_name") == "staff"))' <<<"$OUT")" = 2

# postgresql.conf: the overridden line's diagnostic (PK0024) points at the line that wins
mkdir -p "$T/conf"
printf 'work_mem = 4MB\nshared_buffers = 1GB\nwork_mem = 8MB\n' > "$T/conf/postgresql.conf"
expect_exit 0 "a postgresql.conf with work_mem set twice" -- \
  python3 tests/lsp/maps_session.py "$PGKNOB" "$T/conf/postgresql.conf" "$T/conf/pg_ident.conf" 0 1 x disk "$T/out.json"
check "PK0024 on line 1 relates to the winning line 3 (work_mem = 8MB)" \
  test "$(rq '[(r["location"]["range"]["start"]["line"], r["message"]) for x in d["diagnostics"][-1] if x["code"] == "PK0024" for r in x.get("relatedInformation", [])]')" = \
  "[(2, 'the line that wins: work_mem = 8MB')]"
check "map references on postgresql.conf: none" test "$(rq 'd["references"]')" = None
done_testing
