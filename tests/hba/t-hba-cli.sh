#!/usr/bin/env bash
# `pgknob hba` and the pg_hba.conf / pg_ident.conf findings of `pgknob lint`, without servers
# (tests/hba/t-hba-diff.sh compares them with real ones): input recognition, JSON, exit codes,
# hba_file / ident_file / ssl from postgresql.conf, file:line on every finding, and each
# semantics rule firing on an example and staying silent on a close miss.
source "$(dirname "$0")/../lib.sh"
T="$(mktemp -d)"
trap 'rm -rf "$T"' EXIT

json_get() { # file, python expression on `d`
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# ---- pgknob hba ----
printf 'local all all trust\nhost all all 10.0.0.0/8 scram-sha-256 # office\n' > "$T/pg_hba.conf"
printf 'office alice bob\n' > "$T/pg_ident.conf"
expect_exit 0 "hba on a valid file" -- "$PGKNOB" hba "$T/pg_hba.conf"
check "text shows the rule with its address and mask" grep -q '#2 host all all 10.0.0.0 255.0.0.0 scram-sha-256' <<<"$OUT"
check "the sibling pg_ident.conf is read" grep -q '#1 office alice bob' <<<"$OUT"
"$PGKNOB" hba --format json "$T/pg_hba.conf" > "$T/out.json"
check "json is valid and has two rules" test "$(json_get "$T/out.json" 'len(d["hba"]["rules"])')" = 2
check "json: the server starts" test "$(json_get "$T/out.json" 'd["starts"]')" = True
check "json: netmask of the CIDR line" test "$(json_get "$T/out.json" 'd["hba"]["rules"][1]["netmask"]')" = 255.0.0.0
check "json: ident mapping" test "$(json_get "$T/out.json" 'd["ident"]["mappings"][0]["pg_username"]')" = bob

printf 'local all all trust\nhost all all 10.0.0.0/33 md5\n' > "$T/bad_hba.conf"
expect_exit 1 "hba exits 1 when the server would refuse to start" -- "$PGKNOB" hba "$T/bad_hba.conf"
check "the bad line's error is shown" grep -q 'invalid CIDR mask in address "10.0.0.0/33"' <<<"$OUT"
expect_exit 2 "hba on a missing file" -- "$PGKNOB" hba "$T/nothere.conf"
printf 'work_mem = 4MB\n' > "$T/postgresql.conf"
expect_exit 2 "hba refuses a postgresql.conf" -- "$PGKNOB" hba "$T/postgresql.conf"
check "…saying what it is not" grep -q 'not a pg_hba.conf or pg_ident.conf' <<<"$ERR"
expect_exit 2 "hba --build with an unknown feature" -- "$PGKNOB" hba --build ssl,krb "$T/pg_hba.conf"
expect_exit 2 "hba --format md is refused" -- "$PGKNOB" hba --format md "$T/pg_hba.conf"

# a lone pg_ident.conf
printf 'm1 alice bob\nm2 /^(.*)$\n' > "$T/my_ident.conf"
expect_exit 0 "hba on a lone pg_ident.conf (nothing about pg_hba.conf to refuse)" -- "$PGKNOB" hba "$T/my_ident.conf"
check "…shows the good mapping" grep -q '#1 m1 alice bob' <<<"$OUT"
check "…and the bad line" grep -q 'my_ident.conf:2: error: missing entry at end of line' <<<"$OUT"
expect_exit 1 "lint on a lone pg_ident.conf: a warning" -- "$PGKNOB" lint --no-rules "$T/my_ident.conf"
check "…PK0205, not a refusal" bash -c 'grep -q "warning: missing entry at end of line \[PK0205\]$" <<<"$1"' _ "$OUT"

# a file named otherwise is recognised by its content
printf '# access\nhost all all ::1/128 trust\nlocal all all peer\n' > "$T/access.rules"
expect_exit 0 "hba recognises a pg_hba.conf by content" -- "$PGKNOB" hba "$T/access.rules"
check "…and reads it" grep -q '::1' <<<"$OUT"

# ssl and build features change the verdict of a line
printf 'local all all trust\nhostssl all all 0.0.0.0/0 scram-sha-256\n' > "$T/ssl_hba.conf"
expect_exit 0 "hostssl with ssl off still loads" -- "$PGKNOB" hba --ssl off "$T/ssl_hba.conf"
check "…with the server's message" grep -q 'hostssl record cannot match because SSL is disabled' <<<"$OUT"
expect_exit 0 "a lone file's hostssl lines are taken as meant (ssl on)" -- "$PGKNOB" hba "$T/ssl_hba.conf"
check "…none" bash -c "! grep -q 'cannot match' <<<\"\$1\"" _ "$OUT"
printf 'local all all pam\n' > "$T/pam_hba.conf"
expect_exit 0 "pam loads on a build with PAM (the default)" -- "$PGKNOB" hba "$T/pam_hba.conf"
expect_exit 1 "pam is refused on a build without it" -- "$PGKNOB" hba --build ssl "$T/pam_hba.conf"
check "…as not supported by this build" grep -q 'not supported by this build' <<<"$OUT"

# versions: continuation from 14, include from 16
printf 'local all all \\\n trust\n' > "$T/cont_hba.conf"
expect_exit 1 "13 has no line continuation" -- "$PGKNOB" hba --pg-version 13 "$T/cont_hba.conf"
expect_exit 0 "14 joins continued lines" -- "$PGKNOB" hba --pg-version 14 "$T/cont_hba.conf"
printf 'local all all trust\ninclude more.conf\n' > "$T/inc_hba.conf"
printf 'host all all 127.0.0.1/32 md5\n' > "$T/more.conf"
expect_exit 1 "15 has no include" -- "$PGKNOB" hba --pg-version 15 "$T/inc_hba.conf"
check "…invalid connection type" grep -q 'invalid connection type "include"' <<<"$OUT"
expect_exit 0 "16 reads the included file" -- "$PGKNOB" hba --pg-version 16 "$T/inc_hba.conf"
check "…with its file name" grep -q "$T/more.conf:1:" <<<"$OUT"

# a data directory: hba_file, ident_file and ssl from postgresql.conf
D="$T/data"; mkdir -p "$D/conf"
echo 17 > "$D/PG_VERSION"
printf "hba_file = 'conf/access.conf'\nident_file = '%s/conf/maps.conf'\nssl = on\n" "$D" > "$D/postgresql.conf"
printf 'local all all trust\nhostssl all all 0.0.0.0/0 cert map=certmap\n' > "$D/conf/access.conf"
printf 'certmap /^(.*)$ \\1\n' > "$D/conf/maps.conf"
expect_exit 0 "hba DATADIR follows hba_file (relative to the data directory)" -- "$PGKNOB" hba "$D"
check "…reads conf/access.conf" grep -q "$D/conf/access.conf (PostgreSQL 17): loads" <<<"$OUT"
check "…and ident_file" grep -q "$D/conf/maps.conf: loads" <<<"$OUT"
check "…with ssl = on the hostssl line can match" bash -c "! grep -q 'cannot match' <<<\"\$1\"" _ "$OUT"

# ---- pgknob lint: all three files, file:line on every finding ----
printf 'local all all trust\nhost all all 10.0.0.0/8 bogus\nhost all all 10.0.0.0/8 ident map=nomap\n' > "$D/conf/access.conf"
printf 'certmap a\n' > "$D/conf/maps.conf"
printf "hba_file = 'conf/access.conf'\nident_file = 'conf/maps.conf'\nwork_mem = 4mb\n" > "$D/postgresql.conf"
"$PGKNOB" lint --no-rules --format json "$D" > "$T/lint.json"; rc=$?
check "lint DATADIR exits 1" test "$rc" = 1
check "lint DATADIR: a postgresql.conf finding" test "$(json_get "$T/lint.json" 'sum(1 for f in d["findings"] if f["rule"] == "PK0020")')" = 1
check "lint DATADIR: the pg_hba.conf line the server rejects, refuses_start" \
  test "$(json_get "$T/lint.json" '[ (f["file"].endswith("access.conf"), f["line"], f["refuses_start"]) for f in d["findings"] if f["rule"] == "PK0201"]')" = "[(True, 2, True)]"
check "lint DATADIR: the pg_ident.conf line is a warning, not a refusal" \
  test "$(json_get "$T/lint.json" '[ (f["severity"], f["line"], f["refuses_start"]) for f in d["findings"] if f["rule"] == "PK0205"]')" = "[('warning', 1, False)]"
check "lint DATADIR: every finding has file and line" \
  test "$(json_get "$T/lint.json" 'all(f.get("file") and f.get("line") is not None for f in d["findings"])')" = True
expect_exit 1 "lint --fail-on refusal fails on the rejected pg_hba.conf line" -- "$PGKNOB" lint --no-rules --fail-on refusal "$D"
printf 'certmap a b\nother x y\n' > "$D/conf/maps.conf"
"$PGKNOB" lint --no-rules --format json "$D" > "$T/lint.json"
check "lint DATADIR: a map pg_ident.conf lacks (PK0207)" \
  test "$(json_get "$T/lint.json" '[f["line"] for f in d["findings"] if f["rule"] == "PK0207"]')" = "[3]"
printf 'local all all trust\n' > "$T/pg_ident.conf.bak"

# a lone pg_hba.conf
expect_exit 1 "lint pg_hba.conf alone" -- "$PGKNOB" lint --no-rules "$T/bad_hba.conf"
check "…finds the bad line at file:line" grep -q 'bad_hba.conf:2: error: invalid CIDR mask' <<<"$OUT"
check "…tagged refuses start" grep -q 'PK0201\] \[refuses start\]' <<<"$OUT"

# ---- semantics rules: fires, and a close miss does not ----
rule_lines() { # rule, file -> the lines it fires on
  "$PGKNOB" lint --no-rules --format json "$2" > "$T/sem.json" 2>/dev/null
  json_get "$T/sem.json" "[f['line'] for f in d['findings'] if f['rule'] == '$1']"
}
sem() { # description, rule, expected lines, pg_hba.conf text
  printf '%b' "$4" > "$T/sem/pg_hba.conf"
  check "$1" test "$(rule_lines "$2" "$T/sem/pg_hba.conf")" = "$3"
}
mkdir -p "$T/sem"
sem "PK0210 shadowed: host all all 0.0.0.0/0 before 10.0.0.0/8" PK0210 "[3]" \
  'local all all peer\nhost all all 0.0.0.0/0 scram-sha-256\nhost all all 10.0.0.0/8 md5\n'
sem "PK0210 close miss: the narrower line first" PK0210 "[]" \
  'local all all peer\nhost all all 10.0.0.0/8 md5\nhost all all 0.0.0.0/0 scram-sha-256\n'
sem "PK0210 close miss: all does not cover replication" PK0210 "[]" \
  'local all all peer\nhostssl all all 10.0.0.0/8 scram-sha-256\nhostssl replication all 10.0.0.0/8 scram-sha-256\n'
sem "PK0210 close miss: hostssl does not cover host" PK0210 "[]" \
  'local all all peer\nhostssl all all 0.0.0.0/0 scram-sha-256\nhost all all 10.0.0.0/8 scram-sha-256\n'
sem "PK0210 shadowed: a user listed after all" PK0210 "[2]" \
  'local all all peer\nlocal all alice md5\n'
# a line that never applies has no other finding (review-h16b 24): trust and a clear-text stream
# on line 3 are line 2's to decide; the same line alone keeps them
sem "PK0210: a shadowed line's own trust is not reported" PK0211 "[]" \
  'local all all peer\nhost replication all 192.168.0.0/24 md5\nhost replication all 192.168.0.143/24 trust\n'
sem "  ... nor its replication without SSL" PK0217 "[2]" \
  'local all all peer\nhost replication all 192.168.0.0/24 md5\nhost replication all 192.168.0.143/24 trust\n'
sem "  close miss: alone, the same line's trust is" PK0211 "[2]" \
  'local all all peer\nhost replication all 192.168.0.143/24 trust\n'
# one cause, one finding (review 2026-12p, h17a 12, 13, h17d 46): the same weakness on line after
# line is one finding at the first, naming the others; a line shadowed by one that asks the same
# (method and options) is redundant, a notice; a different method stays the warning
sem "PK0217 on three standbys' lines: one finding at the first" PK0217 "[2]" \
  'local all all peer\nhost replication r 10.0.0.1/32 md5\nhost replication r 10.0.0.2/32 md5\nhost replication r 10.0.0.3/32 md5\n'
check "  ... naming the other lines" grep -q "the same on lines 3, 4, each for its own address \[PK0217\]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
sev_at() { # rule line: the severity there
  "$PGKNOB" lint --no-rules --format json "$T/sem/pg_hba.conf" 2>/dev/null |
    jq -r --arg r "$1" --argjson l "$2" '[.findings[] | select(.rule == $r and .line == $l) | .severity][0] // "none"'
}
printf 'local all all peer\nhost all all 10.0.0.0/8 scram-sha-256\nhost all all 10.0.0.0/8 scram-sha-256\n' >"$T/sem/pg_hba.conf"
check "PK0210: a line shadowed by the same method is a notice" test "$(sev_at PK0210 3)" = notice
printf 'local all all peer\nhost all all 10.0.0.0/8 scram-sha-256\nhost all all 10.0.0.0/8 md5\n' >"$T/sem/pg_hba.conf"
check "  close miss: shadowed by another method, a warning" test "$(sev_at PK0210 3)" = warning
# a line hidden by one that is itself a warning (trust or md5 for every address) is that line's
# consequence: its finding names the hidden line, and no PK0210 (review 2026-12q, h18d 46)
hid='local all all peer\nhost replication r 0.0.0.0/0 trust\nhost replication r 127.0.0.1/32 md5\n'
sem "PK0210 folded into the hiding line's PK0213" PK0210 "[]" "$hid"
sem "  ... which stays at its line" PK0213 "[2]" "$hid"
check "  ... naming the hidden line" grep -q "and line 3 never applies: every connection it matches is matched first by line 2 \[PK0213\]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
hid2='local all all peer\nhost all all 0.0.0.0/0 password\nhost all all ::/0 password\nhost all alice 10.0.0.0/8 scram-sha-256\n'
sem "  ... and when the hiding line's finding is folded into an earlier one's, the hidden line is named there" PK0210 "[]" "$hid2"
check "  ... (the folded finding names line 4)" grep -q "the same on line 3, each for its own address; and line 4 never applies" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
sem "  close miss: hidden by a scram-sha-256 line for every address (no warning there), PK0210 stays" PK0210 "[3]" \
  'local all all peer\nhost all all 0.0.0.0/0 scram-sha-256\nhost all all 10.0.0.0/8 md5\n'
# trust on a network's replication line: its missing SSL is said in the trust finding, one cause
# (review 2026-12s, h20d 47); folded with another trust line, the replication line is named
tr='local all all peer\nhost replication r 10.0.3.0/24 trust\n'
sem "PK0217 close miss: folded into PK0211 on a network's trust replication line" PK0217 "[]" "$tr"
check "  ... whose message names the stream" grep -q "trust on a TCP line (10.0.3.0/24).*; and replication over host there lets the WAL stream cross the network without SSL \[PK0211\]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
tr2='local all all peer\nhost all all 10.0.3.0/24 trust\nhost replication r 10.0.3.0/24 trust\n'
sem "  ... and folded with line 2's trust, PK0211 only at line 2" PK0211 "[2]" "$tr2"
# the same address on both lines: "the same", not "each for its own address" (review 2026-12zg,
# h34a 03)
check "  ... naming line 3's replication" grep -q "the same on line 3; and line 3 carries replication, whose WAL stream may cross the network without SSL \[PK0211\]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
# the kept line carries replication, the folded one does not: its replication clause names its
# own line after "the same on line 3" (review 2026-12t, h21b 20: "the same" was read as
# replication on line 47)
tr3='local all all peer\nhost replication r 0.0.0.0/0 password\nhost all all 0.0.0.0/0 password\n'
sem "  ... password for every address on a replication line and a plain one: PK0213 at line 2" PK0213 "[2]" "$tr3"
check "  ... the same on line 3, then line 2's replication" grep -q "(0.0.0.0/0); the same on line 3; and replication over host on line 2 lets the WAL stream cross the network without SSL \[PK0213\]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
# a reject for every database and user from a whole address family before the lines meant to
# admit such clients (held-out set 54, h54b 19: every IPv4 client refused before the one line
# admitting the application); close misses: a catch-all deny after the lines that admit, a
# later line it hides wholly (PK0210's), a replication line (`all` does not match it), a reject
# for one role, a reject itself hidden (PK0210's alone), and the Unix socket: a later local line
# is wholly hidden (PK0210), and without one the server refuses such connections anyway
sem "PK0220 an IPv4 reject before a line admitting samenet" PK0220 "[2]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost all app samenet scram-sha-256\n'
check "  ... which says that line admits only IPv6 clients" grep -qF "reject for every IPv4 client (every database and user) before line 3, which would admit clients: that line admits only IPv6 clients [PK0220]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
sem "  ... ::/0 before an all line: it admits only IPv4 clients" PK0220 "[2]" \
  'local all all peer\nhost all all ::/0 reject\nhost all all all scram-sha-256\n'
sem "  ... a line admitting replication too: said aside" PK0220 "[2]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost replication,all all samenet scram-sha-256\n'
check "  ... (replication connections aside)" grep -qF "(replication connections aside, which all does not match) [PK0220]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
sem "  close miss: a catch-all deny after the lines that admit" PK0220 "[]" \
  'local all all peer\nhost all all 10.0.0.0/8 scram-sha-256\nhost all all 0.0.0.0/0 reject\n'
sem "  close miss: a later line wholly hidden is PK0210's" PK0220 "[]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost all all 10.0.0.0/8 scram-sha-256\n'
sem "  ... (PK0210 at line 3)" PK0210 "[3]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost all all 10.0.0.0/8 scram-sha-256\n'
sem "  close miss: a replication line after it, which all does not match" PK0220 "[]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost replication repl samenet scram-sha-256\n'
sem "  close miss: a reject for one role" PK0220 "[]" \
  'local all all peer\nhost all bob 0.0.0.0/0 reject\nhost all all samenet scram-sha-256\n'
sem "  close miss: a reject hidden by the same reject: PK0220 at the first only" PK0220 "[2]" \
  'local all all peer\nhost all all 0.0.0.0/0 reject\nhost all all 0.0.0.0/0 reject\nhost all all all scram-sha-256\n'
sem "  close miss: a Unix-socket reject before a local line: that line is PK0210's" PK0220 "[]" \
  'local all all reject\nlocal all all peer\nhost all all 10.0.0.0/8 scram-sha-256\n'
# an IPv4 network written with more octets than its mask keeps admits the mask's whole range
# (held-out set 55, h55b 16: 10.10.0.0/8, all of 10/8); close misses: a host's address with its
# subnet, a network its mask names exactly, a reject line
sem "PK0221 10.10.0.0/8 and 172.17.0.0/12" PK0221 "[2, 3]" \
  'local all all peer\nhost all all 10.10.0.0/8 scram-sha-256\nhost all all 172.17.0.0/12 scram-sha-256\n'
check "  ... saying what it admits, how many times more, and what to write" grep -qF "10.10.0.0/8 admits every address of 10.0.0.0/8, 256 times the 10.10.0.0/16 its address writes: the server keeps only the first 8 bits [PK0221]" \
  <<<"$("$PGKNOB" lint --no-rules "$T/sem/pg_hba.conf" 2>&1)"
sem "  ... 10.10.0.0/0: every IPv4 address" PK0221 "[2]" \
  'local all all peer\nhost all all 10.10.0.0/0 scram-sha-256\n'
sem "  close miss: 192.168.1.10/24, 10.0.0.0/8, and a reject" PK0221 "[]" \
  'local all all peer\nhost all all 192.168.1.10/24 scram-sha-256\nhost all all 10.0.0.0/8 scram-sha-256\nhost all all 10.10.0.0/8 reject\n'
sem "PK0211 trust on a TCP line" PK0211 "[1]" 'host all all 10.1.0.0/16 trust\nlocal all all peer\n'
sem "PK0211 close miss: trust on a local line" PK0211 "[]" 'local all all trust\n'
# trust on a local line: a notice, as on the loopback (held-out sets 42 and 43, h42c 35, h43c 31
# and 35: reported at no level); close misses: peer, and a socket other users cannot open
sem "PK0219 trust on a local line" PK0219 "[1]" 'local all all trust\nlocal replication all trust\n'
check "  ... a notice, naming line 2 as the same" test "$(jq -r '.findings[] | select(.rule == "PK0219") | "\(.severity) \(.message | test("; the same on line 2$"))"' "$T/sem.json")" = "notice true"
sem "PK0219 close miss: peer on a local line" PK0219 "[]" 'local all all peer\n'
mkdir -p "$T/sock"
printf 'local all all trust\n' >"$T/sock/pg_hba.conf"
printf "unix_socket_permissions = 0770\n" >"$T/sock/postgresql.conf"
check "PK0219 close miss: unix_socket_permissions = 0770 keeps other users off the socket" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never "$T/sock" | jq '[.findings[] | select(.rule == "PK0219")] | length')" = 0
printf "unix_socket_directories = ''\n" >"$T/sock/postgresql.conf"
check "PK0219 close miss: unix_socket_directories = '' opens no socket" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never "$T/sock" | jq '[.findings[] | select(.rule == "PK0219")] | length')" = 0
printf "unix_socket_permissions = 0777\n" >"$T/sock/postgresql.conf"
check "  ... while 0777 lets them: PK0219" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never "$T/sock" | jq '[.findings[] | select(.rule == "PK0219")] | length')" = 1
sem "PK0212 password on host" PK0212 "[1]" 'host all all 10.1.0.0/16 password\nlocal all all peer\n'
sem "PK0212 close miss: password on hostssl" PK0212 "[]" 'hostssl all all 10.1.0.0/16 password\nlocal all all peer\n'
# a lone pg_hba.conf sets no parameter: the rule packs do not run on it, and nothing is listed as
# skipped for it (review 2026-12zg, h34b: 162 skipped entries in its report)
printf 'host all all 10.1.0.0/16 password\n' >"$T/sem/alone.conf"
check "a lone pg_hba.conf: kind auth_file, no skipped rules" test "$("$PGKNOB" lint --format json --fail-on never "$T/sem/alone.conf" | jq -c '[.inputs[0].kind, (.skipped | length)]')" = '["auth_file",0]'
# `host … reject` before `hostssl`: host matches SSL connections too, so the hostssl line admits
# nobody; the hint says hostnossl (review 2026-12zg, h35b 17); close miss: hostnossl rejects
sem "PK0210 host reject before hostssl" PK0210 "[3]" 'local all all peer\nhost all all 0.0.0.0/0 reject\nhostssl all all 0.0.0.0/0 scram-sha-256\n'
check "  ... whose hint says hostnossl" grep -q 'write hostnossl on line 2 instead of host' \
  <<<"$("$PGKNOB" lint --format json --fail-on never "$T/sem/pg_hba.conf" | jq -r '.findings[] | select(.rule == "PK0210") | .hint')"
sem "  close miss: hostnossl reject before hostssl" PK0210 "[]" 'local all all peer\nhostnossl all all 0.0.0.0/0 reject\nhostssl all all 0.0.0.0/0 scram-sha-256\n'
sem "PK0212 close miss: password on the loopback, which crosses no network" PK0212 "[]" \
  'local all all peer\nhost all all 127.0.0.1/32 password\nhost all all ::1/128 password\n'
sem "PK0213 trust for every address" PK0213 "[1]" 'host all all 0.0.0.0/0 trust\n'
sem "PK0213 md5 for every address (all)" PK0213 "[1]" 'host all all all md5\n'
sem "PK0213 close miss: scram-sha-256 for every address" PK0213 "[]" 'host all all ::/0 scram-sha-256\n'
sem "PK0217 replication over host" PK0217 "[1]" 'host replication all 10.0.0.0/8 scram-sha-256\n'
sem "PK0217 close miss: replication from the loopback" PK0217 "[]" 'host replication all 127.0.0.1/32 scram-sha-256\n'

# the rules that need postgresql.conf: in a data directory
S="$T/semdir"; mkdir -p "$S"; echo 16 > "$S/PG_VERSION"
# template placeholders: one finding for the one cause, naming the lines, and no
# refusal per line (review 2026-12p, h17b 14); tests/hba/cases/placeholders proves the server's
# refusal on 13-18. Close misses: a real host name, a hostnoSSL's x-free address.
ph='local all all peer\nhost all all <app_ip>/32 md5\nhost all all x.x.x.x/32 md5\nhost all <db_user> 10.0.0.0/8 md5\n'
sem "placeholders: one PK0003 at the first, no PK0201" PK0003 "[2]" "$ph"
sem "  ... and no PK0201" PK0201 "[]" "$ph"
check "  ... an error that refuses start, naming the 3 lines" bash -c \
  'jq -e '"'"'.findings[] | select(.rule == "PK0003") | .severity == "error" and .refuses_start and (.message | test("3 pg_hba lines hold template placeholders \\(lines 2, 3, 4\\)"))'"'"' "$0" >/dev/null' "$T/sem.json"
# a template block's {% if %} and {% endif %} lines are the template's own syntax, not pg_hba
# lines with placeholders (held-out set 49, h49a 15: "4 pg_hba lines" for 2)
mkdir -p "$T/tpl/templates"
printf 'local all all peer\n{%% if listen != "localhost" %%}\nhost {{ db }} {{ app }} 10.0.0.0/8 scram-sha-256\n{%% endif %%}\n' >"$T/tpl/templates/pg_hba.conf.j2"
check "a template's block lines are its own syntax, not pg_hba lines with placeholders" \
  grep -q "1 pg_hba line holds template placeholders (line 3), and 2 lines are the template's own syntax (lines 2, 4)" \
  <<<"$("$PGKNOB" lint --fail-on never "$T/tpl/templates/pg_hba.conf.j2" 2>&1)"
# a lone file whose placeholders are a script's (`${REP_USER}`) is a template, as a lone
# postgresql.conf is: a notice (held-out set 44, 15: kartoza's `${PASSWORD_AUTHENTICATION}`,
# an error that "refuses start" on a file no service mounted); on the server (--host local),
# placeholders only in name fields start the server (it reads them as names): a warning; and a
# placeholder line may render as `replication`, which `all` does not cover, so no earlier line
# hides it (review 2026-12zg, h34b 09)
ph2='host all all all trust\nhost ${REP_USER} replication 0.0.0.0/0 trust\n'
sem "a lone file's script placeholders: PK0003 a notice, a template's" PK0003 "[2]" "$ph2"
check "  ... a notice saying a line holds a placeholder" bash -c \
  'jq -e '"'"'.findings[] | select(.rule == "PK0003") | .severity == "notice" and (.hint | test("line 2 holds a placeholder"))'"'"' "$0" >/dev/null' "$T/sem.json"
check "  ... with --host local, name-field placeholders: a warning that does not refuse start" \
  test "$("$PGKNOB" lint --no-rules --host local --format json --fail-on never "$T/sem/pg_hba.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0003") | "\(.severity) \(.refuses_start)"')" = "warning false"
check "  ... and the placeholder line is not called hidden by line 1" bash -c \
  '! jq -e '"'"'.findings[] | select((.message // "") | test("line 2 never applies"))'"'"' "$0" >/dev/null' "$T/sem.json"
# a pg_hba.conf whose name says template (.j2) is one by design: a notice, as a postgresql.conf
# template's PK0003 is (review 2026-12zg, h37c 32)
mkdir -p "$T/role/templates"; printf "$ph" >"$T/role/templates/pg_hba.conf.j2"
check "placeholders in pg_hba.conf.j2: PK0003 a notice saying to lint the rendered file" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba.conf.j2" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0003") | "\(.severity) \(.refuses_start) \(.hint | test("its name ends in .j2"))"')" = "notice false true"
# trust on a line whose address a template fills in: the method is no placeholder (held-out set
# 42, h42c 37); close misses: a template's loopback line, a password method, a line the reader
# parses (`${USER}` reads as a name: PK0213's own finding)
tp='host all all {{ hostvars[host].address }}/32 trust\nhost replication {{ repl_user }} localhost trust\nhost all all {{ app_ip }}/32 scram-sha-256\n'
printf "$tp" >"$T/role/templates/pg_hba-trust.conf.j2"
check "trust on template-address lines: one PK0211 warning naming the line, not the loopback one" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba-trust.conf.j2" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0211") | "\(.severity) \(.message | test("a template fills in \\(line 1\\)"))"] | join(",")')" = "warning true"
printf 'host ${REP_USER} replication 0.0.0.0/0 trust\n' >"$T/role/templates/pg_hba-env.conf.j2"
check "  close miss: \${REP_USER} parses as a name: PK0213's own, no second finding" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba-env.conf.j2" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0211" or .rule == "PK0213") | .rule] | join(",")')" = PK0213
# ERB's tag is one field whatever its spaces (held-out set 55, h55b 18: `host all <%= owner %>
# 0.0.0.0/0 trust` seen only as a template line); close miss: an earlier line trusting every
# database and user from every address already hides it (that line's finding, one cause)
printf 'local all all peer\nhost all <%%= install_owner %%> 0.0.0.0/0 trust\n' >"$T/role/templates/pg_hba-erb.conf.erb"
check "trust for every address on an ERB line: PK0213 naming the template's line" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba-erb.conf.erb" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | "\(.line) \(.message | test("a template fills in"))"] | join(",")')" = "2 true"
printf 'local all all peer\nhost all all 0.0.0.0/0 trust\nhost all <%%= install_owner %%> 0.0.0.0/0 trust\n' >"$T/role/templates/pg_hba-erb.conf.erb"
check "  close miss: under an earlier trust-all line, that line's PK0213 alone" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba-erb.conf.erb" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | .line] | join(",")')" = 2
printf 'local all all peer\nhost all all 0.0.0.0/0 trust\nhost replication <%%= repl_user %%> 0.0.0.0/0 trust\n' >"$T/role/templates/pg_hba-erb.conf.erb"
check "  ... but a replication line, which all does not match, keeps its own (the session's code review)" \
  test "$("$PGKNOB" lint --format json --fail-on never "$T/role/templates/pg_hba-erb.conf.erb" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | .line] | join(",")')" = "2,3"
sem "placeholders close miss: a host name and an address" PK0003 "[]" \
  'host all all db.example.com md5\nhost all all 10.1.2.3/32 md5\n'
# a rejected line written again word for word: one finding naming both (review 2026-12q, h18d 41)
dup='local all all peer\nhost all all 10.0.0.0/8 mdd5\nhost all all 10.0.0.0/8 mdd5\nhost all all 10.1.0.0/16 mdd5\n'
sem "a rejected line written twice: one PK0201 at the first, another rejected line its own" PK0201 "[2, 4]" "$dup"
check "  ... naming the twin's line" bash -c \
  'jq -e ".findings[] | select(.rule == \"PK0201\" and .line == 2) | .message | test(\"the same line again at line 3\")" "$0" >/dev/null' "$T/sem.json"
semdir() { # description, rule, expected lines, postgresql.conf text, pg_hba.conf text
  printf '%b' "$4" > "$S/postgresql.conf"; printf '%b' "$5" > "$S/pg_hba.conf"; : > "$S/pg_ident.conf"
  check "$1" test "$(rule_lines "$2" "$S")" = "$3"
}
semdir "PK0214 md5 with scram-sha-256 (the default in 16)" PK0214 "[1]" '' 'host all all 10.0.0.0/8 md5\n'
semdir "PK0214 close miss: password_encryption = md5" PK0214 "[]" "password_encryption = md5\n" 'host all all 10.0.0.0/8 md5\n'
semdir "PK0215 scram-sha-256 with password_encryption = md5" PK0215 "[1]" "password_encryption = md5\n" 'host all all 10.0.0.0/8 scram-sha-256\n'
semdir "PK0215 close miss: the default encryption" PK0215 "[]" '' 'host all all 10.0.0.0/8 scram-sha-256\n'
semdir "PK0216 listen_addresses = '*' with trust" PK0216 "[1]" "listen_addresses = '*'\n" 'host all all 10.0.0.0/8 trust\n'
semdir "PK0216 close miss: listening on localhost" PK0216 "[]" "listen_addresses = 'localhost'\n" 'host all all 10.0.0.0/8 trust\n'
semdir "PK0218 clientcert without ssl_ca_file" PK0218 "[1]" "ssl = on\n" 'hostssl all all 10.0.0.0/8 scram-sha-256 clientcert=verify-full\n'
semdir "PK0218 close miss: with ssl_ca_file" PK0218 "[]" "ssl = on\nssl_ca_file = 'root.crt'\n" 'hostssl all all 10.0.0.0/8 scram-sha-256 clientcert=verify-full\n'
semdir "PK0204 hostssl while ssl is off" PK0204 "[1]" '' 'hostssl all all 10.0.0.0/8 scram-sha-256\nlocal all all peer\n'
# one cause, one finding: a replication line open to every address with a weak method is PK0213,
# whose message says the stream crosses without SSL, not a second PK0217 (review-h15a 01, h15d 48)
sem "PK0217 close miss: folded into PK0213 on an any-address password replication line" PK0217 "[]" \
  'host replication all 0.0.0.0/0 password\n'
sem "  ... which names the stream" PK0213 "[1]" 'host replication all 0.0.0.0/0 password\n'
check "  ... in its message" grep -q "replication over host there lets the WAL stream cross the network without SSL" \
  <<<"$(printf 'host replication all 0.0.0.0/0 password\n' > "$T/sem/fold.conf"; "$PGKNOB" lint --format json --fail-on never "$T/sem/fold.conf" 2>/dev/null | jq -r '.findings[].message')"
# md5 for every address where passwords are stored as SCRAM runs SCRAM for them, as a
# scram-sha-256 line would: a notice for the roles still holding an MD5 hash (review 2026-12zo,
# h54c 36, 38); where they are stored as MD5 (13's default, or set) the warning stands
sev_msg() { # pg_hba.conf text, lint arguments... -> "severity|message" of its PK0213
  printf '%b' "$1" > "$T/sem/md5.conf"; shift
  "$PGKNOB" lint --no-rules --format json --fail-on never "$@" "$T/sem/md5.conf" 2>/dev/null |
    jq -r '[.findings[] | select(.rule == "PK0213") | "\(.severity)|\(.message)"][0] // "none"'
}
check "PK0213 md5 for every address on 16, passwords stored as SCRAM by default: a notice that says why" \
  test "$(sev_msg 'hostssl all all all md5\n' --pg-version 16)" = "notice|md5 for every address (all): with password_encryption = scram-sha-256 (PostgreSQL 16's default; no postgresql.conf was read with this file) it runs SCRAM, except for a role whose password is still an MD5 hash (set under md5, or kept by an upgrade), which logs in with MD5 from anywhere"
check "  close miss: with no major read (18 assumed), the default decides nothing: a warning" \
  test "$(sev_msg 'hostssl all all all md5\n' | cut -d'|' -f1)" = warning
check "  close miss: password_encryption = 'SCRAM-SHA-256' in capitals stores SCRAM too" \
  test "$(printf "password_encryption = 'SCRAM-SHA-256'\n" > "$S/postgresql.conf"; printf 'host all all 0.0.0.0/0 md5\n' > "$S/pg_hba.conf"; "$PGKNOB" lint --no-rules --format json --fail-on never --pg-version 16 "$S" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | .severity][0]')" = notice
check "  close miss: on 13, whose default stores MD5 hashes, a warning" \
  test "$(sev_msg 'hostssl all all all md5\n' --pg-version 13 | cut -d'|' -f1)" = warning
check "  close miss: password from every address stays a warning on 16" \
  test "$(sev_msg 'hostssl all all all password\n' --pg-version 16 | cut -d'|' -f1)" = warning
printf 'password_encryption = md5\n' > "$S/postgresql.conf"; printf 'host all all 0.0.0.0/0 md5\n' > "$S/pg_hba.conf"
check "  close miss: a data directory that sets password_encryption = md5 keeps the warning" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never --pg-version 16 "$S" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | .severity][0]')" = warning
printf '' > "$S/postgresql.conf"
check "  ... and one that leaves it at 16's default says so" \
  grep -q "^notice|.*(PostgreSQL 16's default)" <<<"$("$PGKNOB" lint --no-rules --format json --fail-on never --pg-version 16 "$S" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213") | "\(.severity)|\(.message)"][0]')"
printf 'host replication all 0.0.0.0/0 md5\n' > "$T/sem/md5.conf"
check "  a replication line's clear-text stream is then PK0217's warning" \
  test "$("$PGKNOB" lint --no-rules --format json --fail-on never --pg-version 16 "$T/sem/md5.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0213" or .rule == "PK0217") | "\(.rule):\(.severity)"] | sort | join(",")')" = "PK0213:notice,PK0217:warning"
# with ssl off, "write hostssl" alone would refuse the standby: the hint says to turn ssl on first
printf 'host replication all 10.0.0.0/8 scram-sha-256\n' > "$S/pg_hba.conf"; printf 'ssl = off\n' > "$S/postgresql.conf"
check "PK0217 with ssl off: the hint turns ssl on first" grep -q "ssl is off, so first turn it on" \
  <<<"$("$PGKNOB" lint --format json --fail-on never "$S" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0217") | .hint')"
# ssl unknown (a lone pg_hba.conf): the hint says hostssl needs ssl = on; a Patroni file that
# leaves ssl unset runs the server with its default, off, unless its bootstrap enables it (review
# 2026-12r, h19b 19; 2026-12zf, b02): the hint says nothing there turns it on
printf 'host replication all 10.0.0.0/8 scram-sha-256\n' > "$T/sem/repl-alone.conf"
check "PK0217 with ssl unknown: the hint says hostssl needs ssl = on" grep -q "it needs ssl = on" \
  <<<"$("$PGKNOB" lint --format json --fail-on never "$T/sem/repl-alone.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0217") | .hint')"
patroni_repl() { # the parameters line of a Patroni file with one replication line
  printf 'scope: demo\nname: node1\npostgresql:\n  data_dir: /var/lib/postgresql/data\n  parameters:\n    %s\n  pg_hba:\n    - local all all peer\n    - host replication replicator 10.0.0.5/32 scram-sha-256\n' "$1" > "$T/sem/patroni.yml"
  "$PGKNOB" lint --format json --fail-on never "$T/sem/patroni.yml" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK0217") | .hint'
}
check "PK0217 in a Patroni file without ssl: the hint turns ssl on first" grep -q "nothing here turns ssl on, and it is off by default: turn it" \
  <<<"$(patroni_repl 'max_connections: 100')"
check "PK0217 close miss: a Patroni file with ssl on" bash -c '! grep -q "ssl is off, so" <<<"$0" && grep -q "Write hostssl" <<<"$0"' \
  "$(patroni_repl 'ssl: "on"')"
semdir "PK0203 no entries" PK0203 "[0]" '' '# nothing\n'
rm -f "$S/pg_hba.conf"
check "PK0202 close miss: a configuration copy (no global/pg_control) without pg_hba.conf" \
  test "$(rule_lines PK0202 "$S")" = "[]"
mkdir -p "$S/global"; : > "$S/global/pg_control"
check "PK0202 a cluster without pg_hba.conf" test "$(rule_lines PK0202 "$S")" = "[0]"
# A file that includes itself four times expands 4^10 times within the depth limit: pgknob stops
# after 1,000 files with an error naming the cause (it ran out of memory before; found by
# tests/fuzz/fuzz_hba.c).
mkdir -p "$T/bomb"
printf 'local all all trust\ninclude pg_hba.conf\ninclude pg_hba.conf\ninclude pg_hba.conf\ninclude pg_hba.conf\n' > "$T/bomb/pg_hba.conf"
expect_exit 1 "an include bomb is reported, not followed" -- "$PGKNOB" hba "$T/bomb/pg_hba.conf"
check "... with the cause: $(grep -m1 -o 'pgknob stops after.*' <<<"$OUT$ERR")" \
  grep -q "pgknob stops after reading 1000 authentication files or 64 MB through include and @ (a file that includes itself?)" <<<"$OUT$ERR"
stops=$(grep -c 'pgknob stops after' <<<"$OUT$ERR")
check "... once per include line left unread, a bounded number ($stops, at most 4 a file read)" \
  test "$stops" -gt 0 -a "$stops" -le 4000
# a pg_hba.conf linted alone does not know its server's oauth_validator_libraries: an oauth line
# is not said to refuse start (review 2026-12zo, h60b 17: its postgresql.conf beside it sets the
# library); in a data directory whose postgresql.conf leaves it unset, the server's refusal
# stands (tests/hba/cases/oauth against the real 18 in t-hba-diff.sh)
mkdir -p "$T/oauth-lone"
printf 'host all all 0.0.0.0/0 oauth issuer="https://id.example" scope="openid"\n' >"$T/oauth-lone/pg_hba.conf"
check "a lone pg_hba.conf's oauth line: no PK0201 refusal" \
  test "$("$PGKNOB" lint --pg-version 18 --format json --fail-on never "$T/oauth-lone/pg_hba.conf" 2>/dev/null | jq '[.findings[] | select(.rule == "PK0201")] | length')" = 0
done_testing
