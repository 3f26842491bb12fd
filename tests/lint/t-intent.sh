#!/usr/bin/env bash
# Evident intent (docs/fix.md, "Evident intent"; lint/intent.c): what the file's own words and
# settings show decides the purpose, marks deliberate values, states or contradicts host facts,
# shows copy-on-write storage and ties random_page_cost to effective_io_concurrency. Each
# principle: a case that fires and a close miss that does not. No server.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-intent.XXXXXX)"
trap 'rm -rf "$work"' EXIT

lint_json() { "$PGKNOB" lint --format json "$@" 2>/dev/null; }
# rule's severity ("none" when absent)
sev() { jq -r --arg r "$1" '[.findings[] | select(.rule == $r) | .severity][0] // "none"'; }
# the why of the fix of rule $1 ("safe" when safe, "none" when no fix)
fix_why() {
  jq -r --arg r "$1" '[.findings[] | select(.rule == $r) | .fix[]? |
    if .safety == "unsafe" then .why else "safe" end][0] // "none"'
}
has() { jq -e --arg r "$1" 'any(.findings[]; .rule == $r)' >/dev/null; }

# ---- 1. evident purpose ----
printf '# PostgreSQL for testing purposes only\n\nfsync = off\nfull_page_writes = off\n' >"$work/test.conf"
out=$(lint_json "$work/test.conf")
jq -e '[.findings[] | select(.rule == "PK0090") | .message][0] |
  test("purpose taken as test from line 1: .# PostgreSQL for testing purposes only.")' >/dev/null <<<"$out" &&
  ok "purpose: the header's words name the purpose and the line" || fail "purpose: no PK0090 for a test header: $(jq -c '[.findings[].rule]' <<<"$out")"
[ "$(sev PK6001 <<<"$out")" = notice ] && [ "$(sev PK6002 <<<"$out")" = notice ] &&
  ok "purpose: fsync and full_page_writes off are notices under the inferred test purpose" ||
  fail "purpose: PK6001 is $(sev PK6001 <<<"$out"), PK6002 $(sev PK6002 <<<"$out")"
[ "$(jq -r '.purpose + "/" + .purpose_source' <<<"$out")" = "test/file" ] &&
  ok "purpose: JSON says the purpose came from the file" || fail "purpose: $(jq -c '[.purpose, .purpose_source]' <<<"$out")"
fix_why PK6001 <<<"$out" | grep -q "state its purpose (test, line 1" &&
  ok "purpose: fsync's fix is unsafe, quoting the purpose" || fail "purpose: $(fix_why PK6001 <<<"$out")"
out=$(lint_json --purpose production "$work/test.conf")
[ "$(sev PK6001 <<<"$out")" = error ] && ! has PK0090 <<<"$out" &&
  ok "purpose: an explicit --purpose production wins over the file's words" || fail "purpose: --purpose production gave PK6001 $(sev PK6001 <<<"$out")"
printf 'shared_buffers = 1GB\nfsync = off\t\t# benchmark run, recreated each time\n' >"$work/bench.conf"
out=$(lint_json "$work/bench.conf")
jq -e 'any(.findings[]; .rule == "PK0090" and (.message | test("as benchmark from line 2")))' >/dev/null <<<"$out" &&
  [ "$(sev PK6001 <<<"$out")" = notice ] &&
  ok "purpose: the comment on the opt-out line states it" || fail "purpose: opt-out comment: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
# close misses: the stock sample's own comment, a word on another line, a production header
printf 'fsync = off\t\t\t\t# flush data to disk for crash safety\n' >"$work/stock.conf"
printf 'shared_buffers = 1GB\nwork_mem = 64MB\t# for testing joins\nfsync = off\n' >"$work/other.conf"
printf '# production primary, tested nightly\nfsync = off\n' >"$work/prod.conf"
for f in stock other prod; do
  out=$(lint_json "$work/$f.conf")
  ! has PK0090 <<<"$out" && [ "$(sev PK6001 <<<"$out")" = error ] &&
    ok "purpose close miss ($f): no purpose inferred, fsync off stays an error" ||
    fail "purpose close miss ($f): $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
done
"$PGKNOB" fix --diff "$work/test.conf" >"$work/test.diff" 2>/dev/null
! grep -q '^+fsync' "$work/test.diff" && ok "purpose: fix leaves the test cluster's fsync = off" || fail "purpose: fix turned fsync on"

# ---- 2. an authored comment marks a deliberate value ----
printf 'shared_buffers = 8GB   # was 4GB\n' >"$work/was.conf"
printf 'shared_buffers = 8GB\t\t\t# min 128kB\n' >"$work/stockc.conf"
out=$(lint_json --host ram=16GB "$work/was.conf")
fix_why PK2006 <<<"$out" | grep -q 'carries its author.s comment "# was 4GB" (line 1)' &&
  ok "authored: '# was 4GB' makes lowering shared_buffers unsafe, quoting it" || fail "authored: $(fix_why PK2006 <<<"$out")"
[ "$(lint_json --host ram=16GB "$work/stockc.conf" | fix_why PK2006)" = safe ] &&
  ok "authored close miss: the sample's '# min 128kB' is not the author's" || fail "authored: the stock comment made the fix unsafe"
printf 'shared_buffers = 8GB\t\t\t# min 128kB # was 4GB\n' >"$work/both.conf"
lint_json --host ram=16GB "$work/both.conf" | fix_why PK2006 | grep -q "was 4GB" &&
  ok "authored: the author's words after the sample's still count" || fail "authored: '# min 128kB # was 4GB' not authored"
printf 'shared_buffers = 1GB\n# throttled: shared SAN\nautovacuum_vacuum_cost_delay = 20ms\n' >"$work/above.conf"
lint_json "$work/above.conf" | fix_why PK4008 | grep -q "throttled: shared SAN" &&
  ok "authored: the comment line right above counts" || fail "authored: comment above not seen"
# close misses: the sample's lines above, as 18 and as an older major wrapped them
printf 'shared_buffers = 1GB\n# - Cost-Based Vacuum Delay -\nautovacuum_vacuum_cost_delay = 20ms\n' >"$work/above-stock.conf"
printf 'shared_buffers = 1GB\n# It is not advisable to set max_prepared_transactions nonzero unless you\n# actively intend to use prepared transactions.\nautovacuum_vacuum_cost_delay = 20ms\n' >"$work/above-old.conf"
for f in above-stock above-old; do
  [ "$(lint_json "$work/$f.conf" | fix_why PK4008)" = safe ] &&
    ok "authored close miss ($f): the sample's comment above is not the author's" ||
    fail "authored close miss ($f): $(lint_json "$work/$f.conf" | fix_why PK4008)"
done
cat "$work/above.conf" | "$PGKNOB" lint --format json - 2>/dev/null | fix_why PK4008 | grep -q '^safe$' &&
  ok "authored: standard input is not read again for comments" || fail "authored: stdin read comments from elsewhere"

# ---- 3. host facts the file contradicts ----
cp tests/lint/intent/pgtune-hdd.conf "$work/pgtune.conf"
out=$(lint_json --host ram=4GB,cores=8,storage=ssd "$work/pgtune.conf")
jq -e '[.findings[] | select(.rule == "PK0091")] | length == 1' >/dev/null <<<"$out" &&
  jq -e '[.findings[] | select(.rule == "PK0091") | .message][0] | test("8GB of RAM from line 4") and test("--host says ram=4GB, cores=8, storage=ssd") and test("4 cores from line 5") and test("hdd storage")' >/dev/null <<<"$out" &&
  ok "host: one notice names the file's RAM, cores and storage and --host's" || fail "host: $(jq -c '[.findings[] | select(.rule == "PK0091") | .message]' <<<"$out")"
fix_why PK2006 <<<"$out" | grep -q "host's RAM, which the file contradicts" &&
  fix_why PK2009 <<<"$out" | grep -q "contradicts" &&
  ok "host: lowering shared_buffers and effective_cache_size is unsafe" || fail "host: $(fix_why PK2006 <<<"$out")"
out=$(lint_json --host ram=8GB "$work/pgtune.conf")
! has PK0091 <<<"$out" && ok "host close miss: --host agrees with the file" || fail "host: PK0091 with agreeing facts"
printf 'effective_cache_size = 24GB\nshared_buffers = 2GB\n' >"$work/big.conf"
out=$(lint_json --host ram=16GB "$work/big.conf")
jq -e 'any(.findings[]; .rule == "PK0091" and (.message | test("effective_cache_size = 24GB")))' >/dev/null <<<"$out" &&
  fix_why PK2009 <<<"$out" | grep -q contradicts &&
  ok "host: effective_cache_size above --host's RAM contradicts it" || fail "host: $(jq -c '[.findings[] | [.rule, .message]]' <<<"$out")"
printf 'effective_cache_size = 12GB\nshared_buffers = 2GB\n' >"$work/fits.conf"
! lint_json --host ram=16GB "$work/fits.conf" | has PK0091 &&
  ok "host close miss: a file that fits --host" || fail "host: PK0091 for a fitting file"
printf '# Data Storage: hdd\neffective_io_concurrency = 1\n' >"$work/hdd.conf"
printf '# Data Storage: ssd\neffective_io_concurrency = 1\n' >"$work/ssd.conf"
lint_json --host storage=ssd "$work/hdd.conf" | fix_why PK1011 | grep -q "host's storage" &&
  ok "host: PK1011 on storage=ssd is unsafe when the file says hdd" || fail "host: $(lint_json --host storage=ssd "$work/hdd.conf" | fix_why PK1011)"
[ "$(lint_json --host storage=ssd "$work/ssd.conf" | fix_why PK1011)" = safe ] &&
  ok "host close miss: the file says ssd too" || fail "host: PK1011 unsafe though the file agrees"
out=$(lint_json "$work/pgtune.conf")
jq -e 'any(.findings[]; .rule == "PK0092" and (.message | test("ram=8GB from line 4") and test("cores=4 from line 5") and test("storage=hdd from line 6")))' >/dev/null <<<"$out" &&
  ok "host: without --host the file's facts serve, each with its line" || fail "host: $(jq -c '[.findings[] | select(.rule == "PK0092") | .message]' <<<"$out")"
printf '# Total Memory (RAM): 1 GB\n# Data Storage: ssd\nshared_buffers = 768MB\neffective_cache_size = 2304MB\n' >"$work/outgrown.conf"
out=$(lint_json "$work/outgrown.conf")
jq -e 'any(.findings[]; .rule == "PK0092" and (.message | test("storage=ssd") and test("not ram=1GB from line 1: effective_cache_size = 2304MB")))' >/dev/null <<<"$out" &&
  ! has PK2009 <<<"$out" &&
  ok "host: a stated RAM the file's own settings outgrow does not serve" || fail "host: $(jq -c '[.findings[] | [.rule, .message]]' <<<"$out")"
printf '# tuned for 64 - 96 GB of RAM\nshared_buffers = 16GB\n' >"$work/range.conf"
! lint_json "$work/range.conf" | has PK0092 && ok "host close miss: a range of RAM is no one machine" || fail "host: a range served as RAM"
printf 'shared_buffers = 1GB\nwork_mem = 64MB\t# 64MB of RAM per sort\nmax_parallel_workers = 4\t# 4 cores\n' >"$work/nofacts.conf"
! lint_json "$work/nofacts.conf" | has PK0092 &&
  ok "host close miss: a setting's size and a bare core count on a line are no host facts" || fail "host: facts taken from setting comments"

# a RAM too small for a machine after another fact (the fuzzer found a double free here)
printf '# CPUs num: 4\n# RAM: 128 MB\nshared_buffers = 32MB\n' >"$work/small-ram.conf"
expect_exit 0 "host: a stated RAM below a machine's after the cores is ignored, no crash" -- \
  "$PGKNOB" lint "$work/small-ram.conf"

# ---- 4. copy-on-write storage ----
cp tests/lint/intent/cow.conf "$work/cow.conf"
out=$(lint_json "$work/cow.conf")
[ "$(sev PK6002 <<<"$out")" = notice ] &&
  jq -e '[.findings[] | select(.rule == "PK6002") | .hint][0] | test("copy-on-write") and test("prevents partial page writes")' >/dev/null <<<"$out" &&
  ok "cow: wal_recycle = off makes full_page_writes = off a notice that says what it relies on" || fail "cow: PK6002 $(sev PK6002 <<<"$out")"
fix_why PK6002 <<<"$out" | grep -q "copy-on-write" && ok "cow: the fix is unsafe, naming the evidence" || fail "cow: $(fix_why PK6002 <<<"$out")"
! jq -e '[.findings[] | select(.rule == "PK3001") | .message][0] | test("full page image to WAL")' >/dev/null <<<"$out" &&
  ok "cow: PK3001 claims no full page images with full_page_writes = off" || fail "cow: PK3001 still claims full page images"
printf 'full_page_writes = off\t# ZFS recordsize=8k\n' >"$work/zfs.conf"
[ "$(lint_json "$work/zfs.conf" | sev PK6002)" = notice ] && ok "cow: a comment naming ZFS" || fail "cow: '# ZFS' not seen"
printf 'full_page_writes = off\ncheckpoint_timeout = 1min\n' >"$work/fpw.conf"
out=$(lint_json "$work/fpw.conf")
[ "$(sev PK6002 <<<"$out")" = error ] && ok "cow close miss: full_page_writes = off alone stays an error" || fail "cow: PK6002 $(sev PK6002 <<<"$out") without evidence"
printf 'checkpoint_timeout = 1min\n' >"$work/cp.conf"
lint_json "$work/cp.conf" | jq -e '[.findings[] | select(.rule == "PK3001") | .message][0] | test("full page image")' >/dev/null &&
  ok "cow close miss: with full_page_writes on, PK3001 names full page images" || fail "cow: PK3001 lost its text"

# ---- 5. pairs changed together ----
printf 'random_page_cost = 4\neffective_io_concurrency = 2\n' >"$work/pair.conf"
out=$(lint_json --host storage=ssd "$work/pair.conf")
fix_why PK1011 <<<"$out" | grep -q "one decision" && fix_why PK5002 <<<"$out" | grep -q "one decision" &&
  ok "pair: neither of pgtune's HDD pair changes alone" || fail "pair: PK1011 $(fix_why PK1011 <<<"$out")"
"$PGKNOB" fix --host storage=ssd --unsafe-fixes --min-severity notice -o "$work/pair.fixed" "$work/pair.conf" 2>/dev/null
grep -q '^random_page_cost = 1.1' "$work/pair.fixed" && ! grep -q '^effective_io_concurrency = 2$' "$work/pair.fixed" &&
  ok "pair: --unsafe-fixes changes both together" || fail "pair: $(cat "$work/pair.fixed")"
printf 'effective_io_concurrency = 2\n' >"$work/eic.conf"
[ "$(lint_json --host storage=ssd "$work/eic.conf" | fix_why PK1011)" = safe ] &&
  ok "pair close miss: effective_io_concurrency alone" || fail "pair: eic alone unsafe"
printf 'random_page_cost = 4\neffective_io_concurrency = 200\n' >"$work/mixed.conf"
[ "$(lint_json --host storage=ssd "$work/mixed.conf" | fix_why PK5002)" = safe ] &&
  ok "pair close miss: values of two different storages are no pair" || fail "pair: a mixed pair held"

# --- RAM and cores stated in other words and languages ---
ram_of() { lint_json "$1" | jq -r '[.findings[] | select(.rule == "PK0092") | .message][0] // "none"'; }
while IFS='|' read -r comment want; do
  printf '%s\nshared_buffers = 256MB\n' "$comment" >"$work/words.conf"
  ram_of "$work/words.conf" | grep -qF "$want" &&
    ok "host words: '$comment' gives $want" || fail "host words: '$comment': $(ram_of "$work/words.conf")"
done <<'EOF'
# Memory settings (512GB기준)|ram=512GB from line 1
# for 1024M RAM|ram=1GB from line 1
# Raspberry Pi 4 con 4/8 GB RAM|ram=4GB from line 1
# Память 32 ГБ|ram=32GB from line 1
# 32 ГБ ОЗУ|ram=32GB from line 1
# 서버 메모리 64GB, 16코어 기준|ram=64GB, cores=16 from line 1
# Arbeitsspeicher: 16 GB|ram=16GB from line 1
EOF
printf 'port = 5432\n\n# Memory (512GB기준)\nmax_connections = 500\t# 메모리 128GB이상: 1000\n' >"$work/section.conf"
ram_of "$work/section.conf" | grep -qF 'ram=512GB from line 3' &&
  ok "host words: a section comment above a commented line states the machine; '128GB이상' (or more) does not" ||
  fail "host words: $(ram_of "$work/section.conf")"
printf 'port = 5432\nwork_mem = 64MB\t# 메모리 128GB이상\n' >"$work/threshold.conf"
[ "$(ram_of "$work/threshold.conf")" = none ] &&
  ok "host words close miss: a threshold ('128GB or more') is no machine" || fail "host words: $(ram_of "$work/threshold.conf")"

done_testing
