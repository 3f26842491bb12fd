#!/usr/bin/env bash
# The words of the shipped rules: true for each major they are shown for, citations to the
# article's own page (never a site's front page), and nothing about this project's test suite
# (a user has neither). No server: the messages come from lint on small files.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 1. citations: a link to a site root or a blog index names no article
# (the rules, the documentation, the labs and the lab reports' texts)
roots=$(grep -rnoE --include='*.ini' --include='*.md' --include='*.conf' --include='*.h' \
  'https?://[A-Za-z0-9.-]+(/(blog|posts|articles)?)?/?([])>"'"'"' ,;]|$)' rules docs labs src | grep -v 'postgresql\.org/docs' |
  grep -Ev '^docs/review/[^/]+/review-[^/]+\.md:' || true)
# (the reviewers' own reviews are kept verbatim: a root they quote from a file's comment, as
# pgknob's output quotes it, is the file's, not a citation of ours)
check "nothing cites a site root or a blog index${roots:+: $roots}" test -z "$roots"
check "the Dev.to article is cited by its own address" grep -q 'https://dev.to/ionehouten/' rules/memory/PK2001-memory-demand.md

# every rule links the PostgreSQL documentation page of the major it is shown for
nodocs=$(for f in rules/*/*.ini; do grep -q '^docs = https://www.postgresql.org/docs/' "$f" || echo "$f"; done)
check "every rule cites the PostgreSQL documentation${nodocs:+: $nodocs}" test -z "$nodocs"

# 2. product text says nothing of the test suite
suite=$(grep -rnE --include='*.ini' --include='*.md' 'generators\.py|tests/|t-[a-z]+(-[a-z]+)*\.sh|\bt-(rules|verdict|generators|lint-rules)\b|\btiers?\b' rules || true)
check "no rule text names the test suite${suite:+: $suite}" test -z "$suite"
# nor the project's own reviews: a user has no "set 4's reviewer" (review-rwa: PK7007 said so);
# the fact is the behaviour, on a real server, with its major. The rules (texts and comments),
# the strings of src/, and the generated reference and man page.
reviews='\bset [0-9]+\b|reviewer|review-[a-z0-9]|held-?out|corpus|generators\.py'
# a dated review ("review 2026-12zg, h36b 20") in what a user reads: an explanation, a message
# (review 2026-12zo, h60a: PK7010's explanation); a rule file's own # comments may cite one
dated='review 20[0-9]{2}-'
said=$( (grep -rniE --include='*.ini' --include='*.md' "$reviews" rules
  grep -rnE --include='*.md' "$dated" rules
  grep -rnE --include='*.ini' "$dated" rules | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#'
  grep -rnE --include='*.c' --include='*.h' '"[^"]*('"$reviews|$dated"')[^"]*"' src | grep -v '\.auto\.' |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|/\*|//)'
  grep -niE "$reviews|$dated" docs/rules.md docs/pgknob.1.md) || true)
check "no product text names the project's reviews or corpus${said:+: $said}" test -z "$said"

lint() { # version, host, conf text -> $OUT
  printf '%b' "$3" >"$tmp/p.conf"
  OUT=$("$PGKNOB" lint --fail-on never --pg-version "$1" ${2:+--host "$2"} "$tmp/p.conf" 2>&1)
}

# 3. maintenance_io_concurrency: VACUUM reads through a read stream only from 18; before, the
# setting drives ANALYZE's prefetch (14+), recovery prefetch (15+) and index-deletion prefetch
for v in 13 14 15 16 17; do
  lint "$v" storage=nvme 'maintenance_io_concurrency = 2\n'
  msg=$(grep '\[PK1012\]' <<<"$OUT")
  check "PK1012 on $v does not say VACUUM prefetches" bash -c '! grep -qi "vacuum" <<<"$0"' "$msg"
  check "PK1012 on $v names index-deletion prefetch" grep -q "index" <<<"$msg"
done
lint 13 storage=nvme 'maintenance_io_concurrency = 2\n'
check "PK1012 on 13 does not claim ANALYZE prefetch" bash -c '! grep -q "ANALYZE" <<<"$0"' "$(grep '\[PK1012\]' <<<"$OUT")"
lint 15 storage=nvme 'maintenance_io_concurrency = 2\n'
check "PK1012 on 15 names recovery" grep -q "recovery" <<<"$(grep '\[PK1012\]' <<<"$OUT")"
lint 18 storage=nvme 'maintenance_io_concurrency = 2\n'
check "PK1012 on 18 names VACUUM" grep -q "VACUUM" <<<"$(grep '\[PK1012\]' <<<"$OUT")"
# risk is shown as written, never rendered: a {placeholder} there reached reports raw (review
# realworld rwm, PK3041 and PK6007)
check "no rule's risk holds a {placeholder}" bash -c '! awk "/^risk = /{r=1} r && /^[a-z_]+ = / && !/^risk = /{r=0} r" rules/*/*.ini | grep -q "{"'
check "PK1012's risk names no index build" bash -c '! grep -qi "index build" rules/aio/PK1012-*.ini'

# 4. effective_io_concurrency on 17: ANALYZE's stream is a maintenance one, and synchronous
# sequential reads have nothing in flight
lint 17 storage=nvme 'effective_io_concurrency = 1\n'
msg=$(grep '\[PK1011\]' <<<"$OUT")
check "PK1011 on 17 does not name ANALYZE" bash -c '! grep -q "ANALYZE" <<<"$0"' "$msg"
check "PK1011 on 17 does not name sequential scans" bash -c '! grep -qi "sequential" <<<"$0"' "$msg"
check "PK1011 on 17 names bitmap heap scans" grep -q "bitmap heap scans" <<<"$msg"

# 5. commit_delay: the comparison with a disk's flush follows the value
lint 18 '' 'commit_delay = 6000\n'
msg=$(grep '\[PK3020\]' <<<"$OUT")
check "PK3020 at 6 ms does not say twice a disk's flush" bash -c '! grep -q "twice" <<<"$0"' "$msg"
check "PK3020 at 6 ms computes its share of an 8 ms flush (75%)" grep -q "75%" <<<"$msg"
lint 18 '' 'commit_delay = 20000\n'
check "PK3020 at 20 ms computes 250%" grep -q "250%" <<<"$(grep '\[PK3020\]' <<<"$OUT")"

# 6. wal_sync_method: what PostgreSQL's own Linux port says, not "much slower"
lint 18 '' 'wal_sync_method = open_datasync\n'
msg=$(grep '\[PK3006\]' <<<"$OUT")
check "PK3006 does not say much slower" bash -c '! grep -q "much slower" <<<"$0"' "$msg"
check "PK3006 says it does not perform better" grep -q "not perform better" <<<"$msg"

# 7. an overridden line is quoted as the file wrote it, so a typo shows
lint 18 '' "commit_delay = '0.005'\ncommit_delay = 10\n"
msg=$(grep '\[PK0024\]' <<<"$OUT")
check "PK0024 quotes '0.005' as written" grep -qF "commit_delay = '0.005' (read as 0) here" <<<"$msg"
lint 18 '' "shared_buffers = 1GB\nshared_buffers = 2GB\n"
check "PK0024 adds nothing when the file's text is the value" grep -qF "shared_buffers = 1GB here is overridden by p.conf:2, which sets 2GB [PK0024]" <<<"$OUT"

# 8. a checkpoint is requested after max_wal_size / (1 + checkpoint_completion_target) in whole
# segments, rounded down, less one (CalculateCheckpointSegments, XLogCheckpointNeeded, xlog.c
# 13-18): not after max_wal_size (held-out review 2026-12c), nor after the plain quotient
# (review-h16d 47); tests/lint/t-checkpoint-distance.sh measures it on real servers
lint 17 '' "max_wal_size = 128MB\n"
check "PK3002 computes the distance between requested checkpoints" grep -qF "requested after 48MB to 64MB of WAL" <<<"$(grep '\[PK3002\]' <<<"$OUT")"
lint 17 '' "max_wal_size = 128MB\ncheckpoint_completion_target = 0.5\n"
check "  ... from checkpoint_completion_target" grep -qF "requested after 64MB to 80MB of WAL" <<<"$(grep '\[PK3002\]' <<<"$OUT")"
lint 17 '' "max_wal_size = 32MB\n"
check "  ... at least one segment: at most 16MB" grep -qF "requested after at most 16MB of WAL" <<<"$(grep '\[PK3002\]' <<<"$OUT")"

done_testing
