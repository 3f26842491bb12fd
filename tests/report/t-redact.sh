#!/usr/bin/env bash
# Secrets never leak: a primary_conninfo password (corpus file 15 and our own cases), a value
# containing password=, a message quoting a rejected secret, and names on the .pgknob.ini
# redaction list — in every format.
source "$(dirname "$0")/../lib.sh"
cd "$PROJECT_ROOT"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
formats=(md html json sarif github text)

for fmt in "${formats[@]}"; do
  out=$("$PGKNOB" lint --format "$fmt" tests/report/confs/realworld-15.conf)
  check "$fmt: corpus file 15's conninfo password is not shown" bash -c '! grep -q "corpus-placeholder-secret" <<<"$0"' "$out"
  out=$("$PGKNOB" lint --format "$fmt" tests/report/confs/validation.conf)
  check "$fmt: validation.conf's password is not shown" bash -c '! grep -q "s3cret-Pass" <<<"$0"' "$out"
done
out=$("$PGKNOB" lint --format md --appendix tests/report/confs/realworld-15.conf)
check "md: the appendix shows primary_conninfo with only its password redacted" \
  grep -qF '| `primary_conninfo` | `host=postgresql-master port=5432 user=repl_user password=<redacted> application_name=walreceiver` |' <<<"$out"

cat > "$tmp/secret.conf" <<'CONF'
primary_conninfo = 'host=db password=hunter2-quoted'
archive_command = 'PGPASSWORD=x curl -u u:p https://h --data password=hunter3-cmd'
ssl_passphrase_command = 'echo hunter4-pass'
wal_level = 'password=hunter5-bad'
password_encryption = md5
myext.api_key = 'hunter6-custom'
restore_command = 'fetch --password=hunter7'
CONF
cat > "$tmp/.pgknob.ini" <<'INI'
[pgknob]
redact = myext.api_*
INI
for fmt in "${formats[@]}"; do
  out=$(cd "$tmp" && "$PGKNOB" lint --format "$fmt" secret.conf)
  check "$fmt: no hunterN secret in any form" bash -c '! grep -Eq "hunter[2-7]" <<<"$0"' "$out"
done
out=$(cd "$tmp" && "$PGKNOB" lint --format md --appendix secret.conf)
check "password_encryption (an algorithm, not a secret) stays visible" grep -q '| `password_encryption` | `md5` |' <<<"$out"
check "the invalid value quoted in a message has its password redacted" grep -qF 'Invalid value for parameter "wal_level": "password=\<redacted\>"' <<<"$out"
out=$(cd "$tmp" && "$PGKNOB" lint --format html secret.conf)
check "html: the redaction marker is shown as text, not dropped as an HTML tag" \
  grep -qF 'password=&lt;redacted&gt;' <<<"$out"
: > "$tmp/empty.ini"
out=$(cd "$tmp" && "$PGKNOB" lint --config "$tmp/empty.ini" --format json secret.conf 2>/dev/null)
check "without the redaction list a custom secret name is shown (the list does the work)" grep -q 'hunter6-custom' <<<"$out"
done_testing
