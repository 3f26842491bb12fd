#!/usr/bin/env bash
# The target major (no server): with no --pg-version, PG_VERSION or manifest version, the major a
# file's own words name (packaging paths of Debian, RHEL/PGDG, Homebrew; Debian's cluster_name;
# a pgtune header; the file's own path) is the one checked, said in one PK0004 notice naming the
# line, in every output format; conflicting evidence or a major outside 13-18 keeps the default
# and says so; --pg-version and PG_VERSION win. Manifests: a version outside 13-18 is exit 2
# unless --pg-version, a version with no number is a notice, bin_dir is read by packaging layout.
# Close misses next to each case that fires.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh

work="$(mktemp -d /tmp/pgknob-major.XXXXXX)"
trap 'rm -rf "$work"' EXIT

lint_json() { "$PGKNOB" lint --no-rules --format json --fail-on never "$@" 2>/dev/null; }
# major FILE: "MAJOR SOURCE" of the first input
major_of() { lint_json "$@" | jq -r '.inputs[0].pg_version + " " + .inputs[0].version_source'; }
pk0004() { lint_json "$@" | jq -r '[.findings[] | select(.rule == "PK0004")] | map("\(.line): \(.message)") | join("|")'; }

# --- evidence that fires: each layout, with the line named ---
expect_major() { # description, file, expected major, expected start of the notice
  local got note
  got=$(major_of "$2"); note=$(pk0004 "$2")
  if [ "$got" = "$3 evidence" ] && [[ "$note" == "$4"* ]]; then
    ok "$1: checked as $3, the notice names the line"
  else
    fail "$1: got '$got', notice '$note'"
  fi
}
fires() { # description, line text, expected major, expected words in the notice
  printf 'shared_buffers = 128MB\n%s\n' "$2" >"$work/f.conf"
  expect_major "$1" "$work/f.conf" "$3" "2: checked as PostgreSQL $3: $4"
}
fires "Debian data_directory" "data_directory = '/var/lib/postgresql/17/main'" 17 \
  "data_directory at line 2 names /var/lib/postgresql/17/main; give --pg-version"
fires "Debian hba_file" "hba_file = '/etc/postgresql/15/main/pg_hba.conf'" 15 "hba_file at line 2 names"
fires "Debian binaries" "dynamic_library_path = '/usr/lib/postgresql/16/lib'" 16 "dynamic_library_path"
fires "RHEL/PGDG binaries" "dynamic_library_path = '/usr/pgsql-17/lib'" 17 "dynamic_library_path"
# a deployment's own postgres/N directory (held-out set 46, h46c 37: /var/pgpure/postgres/9.6/data;
# 16 here, a checked major, so the notice says "checked as"); close miss: postgres/data names none
fires "a postgres/N directory" "data_directory = '/var/pgpure/postgres/16/data'" 16 "data_directory at line 2 names /var/pgpure/postgres/16/data"
printf "shared_buffers = 128MB\ndata_directory = '/var/lib/postgres/data'\n" >"$work/nover.conf"
check "  close miss: /var/lib/postgres/data names no major" test "$(major_of "$work/nover.conf")" = "18 default"
printf "shared_buffers = 128MB\narchive_command = 'cp %%p /backups/postgres/20/%%f'\n" >"$work/nover.conf"
check "  close miss: /backups/postgres/20/ (no released major) names none" test "$(major_of "$work/nover.conf")" = "18 default"
# a template's placeholder after a generic postgres/ directory is no version segment (a code
# review of this session: the cluster_name's 13 was dropped for "a template variable")
printf "# PostgreSQL 13 configuration\nssl = on\nssl_cert_file = '/etc/postgres/{{ inventory_hostname }}.crt'\ncluster_name = '13/main'\n" >"$work/gen.conf.j2"
check "  close miss: /etc/postgres/{{ host }}.crt beside cluster_name 13/main: 13" test "$(major_of "$work/gen.conf.j2")" = "13 evidence"
fires "RHEL data directory" "data_directory = '/var/lib/pgsql/14/data'" 14 "data_directory"
fires "Debian stats_temp_directory" "stats_temp_directory = '/var/run/postgresql/13-main.pg_stat_tmp'" 13 "stats_temp_directory"
fires "Homebrew" "data_directory = '/opt/homebrew/var/postgresql@16'" 16 "data_directory"
fires "an image's /var/lib/pgsql/data/N/" "data_directory = '/var/lib/pgsql/data/14/'" 14 "data_directory"
fires "Debian external_pid_file" "external_pid_file = '/var/run/postgresql/16-main.pid'" 16 "external_pid_file"
fires "Debian cluster_name" "cluster_name = '16/main'" 16 "cluster_name at line 2 is 16/main"
fires "pgtune header" "# DB Version: 13" 13 "the comment at line 2 says DB Version: 13"
# a tuning tool's URL is quoted as what it gives, not as words the line lacks (held-out set 28,
# h28b 19)
fires "PGConfig's URL" "# https://api.pgconfig.org/v1/tuning/get-config?format=conf&pg_version=16&total_ram=4GB" 16 \
  "the tuning tool's URL at line 2 gives pg_version=16"

# several places agreeing: one notice, counting them
printf "data_directory = '/var/lib/postgresql/15/main'\ncluster_name = '15/main'\n" >"$work/agree.conf"
check "agreeing places: one notice that counts them" \
  grep -qF '(and 1 more place agrees)' <<<"$(pk0004 "$work/agree.conf")"

# the file's own path
mkdir -p "$work/etc/postgresql/14/main"
printf 'shared_buffers = 128MB\n' >"$work/etc/postgresql/14/main/postgresql.conf"
check "the file's own path /etc/postgresql/14/main" \
  test "$(major_of "$work/etc/postgresql/14/main/postgresql.conf")" = "14 evidence"

# a package of a major before 10 glues its numbers: postgresql94-server is 9.4, never "94"
# (review 2026-12i, h10a 13); a number no major has names none
mkdir -p "$work/postgresql94-server/files" "$work/postgresql42/x"
printf 'shared_buffers = 128MB\n' >"$work/postgresql94-server/files/postgresql.conf"
printf 'shared_buffers = 128MB\n' >"$work/postgresql42/x/postgresql.conf"
check "postgresql94-server/ names 9.4, out of support" bash -c 'grep -q "PostgreSQL 9.4 has been out of support" <<<"$0" && ! grep -q "PostgreSQL 94" <<<"$0"' \
  "$("$PGKNOB" lint --fail-on never "$work/postgresql94-server/files/postgresql.conf" 2>&1)"
check "  ... close miss: postgresql42/ names no major" bash -c '! grep -q "PostgreSQL 42" <<<"$0"' \
  "$("$PGKNOB" lint --fail-on never "$work/postgresql42/x/postgresql.conf" 2>&1)"

# --- close misses: no major named, the default and no notice ---
default_major() { # description, file: the default and no notice
  local got note
  got=$(major_of "$2"); note=$(pk0004 "$2")
  if [ "$got" = "18 default" ] && [ -z "$note" ]; then ok "close miss, $1: the default, no notice"
  else fail "close miss, $1: got '$got', notice '$note'"; fi
}
misses() { # description, line text
  printf 'shared_buffers = 128MB\n%s\n' "$2" >"$work/m.conf"
  default_major "$1" "$work/m.conf"
}
misses "the Docker image's path" "data_directory = '/var/lib/postgresql/data'"
misses "a cluster named main" "cluster_name = 'main'"
misses "a comment with a number" "# tuned for version 13 of the app"
misses "a log file name" "log_filename = 'postgresql-%Y-%m-%d_%H%M%S.log'"
misses "a port like a major" "port = 5417"
misses "a lone 9" "data_directory = '/var/lib/pgsql/9/data'"
misses "a directory named pg17" "data_directory = '/srv/pg17data'"
misses "the Docker image's pgdata" "data_directory = '/var/lib/postgresql/data/pgdata'"
misses "a number after a word, not a component" "data_directory = '/var/lib/postgresql/backup/12_2024'"
misses "two words before a number" "data_directory = '/var/lib/pgsql/data/old/12/'"

# --- what is not checked: conflict, a major outside 13-18 ---
printf "data_directory = '/var/lib/postgresql/15/main'\ncluster_name = '16/main'\n" >"$work/conflict.conf"
check "conflicting evidence keeps the default" test "$(major_of "$work/conflict.conf")" = "18 default"
check "... and says which majors and where" \
  grep -qF 'the file names more than one major: 15 (data_directory at line 1 names /var/lib/postgresql/15/main); 16 (cluster_name at line 2 is 16/main)' <<<"$(pk0004 "$work/conflict.conf")"
printf "data_directory = '/var/lib/postgresql/9.6/main'\ncheckpoint_segments = 8\n" >"$work/old.conf"
check "a 9.6 file keeps the default" test "$(major_of "$work/old.conf")" = "18 default"
check "... and says removed parameters are what an upgrade needs" \
  grep -qF 'written for PostgreSQL 9.6: data_directory at line 1 names /var/lib/postgresql/9.6/main. pgknob does not check 9.6, so it is checked as PostgreSQL 18, and its removed-parameter findings are what an upgrade to 18 needs' <<<"$(pk0004 "$work/old.conf")"
check "... and still reports the removed parameter" \
  test "$(lint_json "$work/old.conf" | jq '[.findings[] | select(.rule == "PK0011")] | length')" = 1
# a value the file's older major accepted and the checked one refuses is upgrade advice too
# (review-h7b 29: password_encryption = on meant md5 up to 13; 14 refuses it, t-major-params)
printf "data_directory = '/var/lib/postgresql/9.6/main'\npassword_encryption = on\ncheckpoint_segments = 8\n" >"$work/oldval.conf"
out=$(lint_json "$work/oldval.conf")
check "a 9.6 file's password_encryption = on is no refusal" \
  test "$(jq '[.findings[] | select(.rule == "PK0020" and .severity == "error")] | length' <<<"$out")" = 0
check "... but a line of the one upgrade notice, saying from which major it is refused" \
  grep -qF 'password_encryption = on (line 2: PostgreSQL 14 and later refuse the value)' <<<"$(jq -r '.findings[] | select(.severity == "notice") | .message' <<<"$out")"
check "... close miss: with --pg-version 14 it is the error 14 gives" \
  test "$(lint_json --pg-version 14 "$work/oldval.conf" | jq -r '[.findings[] | select(.rule == "PK0020")][0].severity')" = error
printf "data_directory = '/var/lib/postgresql/9.6/main'\npassword_encryption = bogus\n" >"$work/oldbad.conf"
check "... close miss: a value no catalogued major accepts stays the refusal" \
  test "$(lint_json "$work/oldbad.conf" | jq -r '[.findings[] | select(.rule == "PK0020")][0].severity')" = error
printf "data_directory = '/var/lib/postgresql/12/main'\n" >"$work/twelve.conf"
check "a 12 file keeps the default and says so" grep -qF 'pgknob does not check 12' <<<"$(pk0004 "$work/twelve.conf")"

# --- what wins over the evidence ---
printf "data_directory = '/var/lib/postgresql/15/main'\n" >"$work/w.conf"
check "--pg-version wins, with no notice" \
  test "$(major_of --pg-version 16 "$work/w.conf")/$(pk0004 --pg-version 16 "$work/w.conf")" = "16 --pg-version/"
mkdir -p "$work/dd"; echo 16 >"$work/dd/PG_VERSION"
printf "cluster_name = '15/main'\n" >"$work/dd/postgresql.conf"
check "a data directory's PG_VERSION wins" test "$(major_of "$work/dd")" = "16 PG_VERSION"

# --- every output says it ---
printf "shared_buffers = 128MB\ndata_directory = '/var/lib/postgresql/17/main'\n" >"$work/o.conf"
check "text: the notice and the summary name 17" bash -c \
  '"$0" lint --no-rules --fail-on never "$1" | grep -q "checked as PostgreSQL 17" &&
   "$0" lint --no-rules --fail-on never "$1" | tail -1 | grep -q "for PostgreSQL 17"' "$PGKNOB" "$work/o.conf"
check "Markdown: the report's version names the evidence" bash -c \
  '"$0" lint --no-rules --fail-on never --format md "$1" | grep -q "17 (named by the file" ' "$PGKNOB" "$work/o.conf"
check "SARIF: a PK0004 result at line 2" test "$("$PGKNOB" lint --no-rules --fail-on never --format sarif "$work/o.conf" |
  jq -r '[.runs[0].results[] | select(.ruleId == "PK0004") | .locations[0].physicalLocation.region.startLine] | join(",")')" = 2
check "JSON: version_source evidence, a notice" test "$(lint_json "$work/o.conf" |
  jq -r '.inputs[0].version_source + " " + ([.findings[] | select(.rule == "PK0004") | .severity] | join(","))')" = "evidence notice"

# --- manifests: versions outside 13-18, unreadable ones, packaging layouts of bin_dir ---
zalando() { # version line
  cat >"$work/z.yaml" <<EOF
apiVersion: "acid.zalan.do/v1"
kind: postgresql
metadata:
  name: acid-test
spec:
  postgresql:
    version: $1
    parameters:
      shared_buffers: "32MB"
EOF
}
# a major before the catalogs is the file's word, as a path naming 9.4 is: checked as the default,
# its end of life a warning (held-out sets 20 and 21: Patroni files naming 11 and 12 were refused)
zalando '"11"'
check "Zalando version 11: checked as 18, PK0004 naming the version line, PK0005's warning" \
  test "$(lint_json "$work/z.yaml" | jq -r '[.inputs[0].pg_version, (.findings[] | select(.rule == "PK0004" or .rule == "PK0005") | "\(.rule):\(.line):\(.severity)")] | join(" ")')" = \
  "18 PK0005:7:warning PK0004:7:notice"
check "... the summary says what the file was written for" \
  grep -qF 'for PostgreSQL 18 (the default: the file was written for PostgreSQL 11, which pgknob does not check; --pg-version chooses)' \
  <<<"$("$PGKNOB" lint --fail-on never "$work/z.yaml" 2>&1)"
check "... and the Markdown report's header says the same (held-out set 44, h44c 43: '18 (the default: …)' alone)" \
  grep -qF -- '- **PostgreSQL:** 18 (the default: the file was written for PostgreSQL 11, which pgknob does not check: PK0004 says where)' \
  <<<"$("$PGKNOB" lint --format md --fail-on never "$work/z.yaml" 2>&1)"
expect_exit 0 "... linted with --pg-version 16" -- "$PGKNOB" lint --no-rules --fail-on never --pg-version 16 "$work/z.yaml"
zalando '"19"'
expect_exit 2 "close miss, Zalando version 19 (after the catalogs): exit 2" -- "$PGKNOB" lint --no-rules "$work/z.yaml"
check "... naming the file, line and column, and --pg-version" bash -c \
  'grep -qF "z.yaml:7:14: spec.postgresql.version is \"19\": PostgreSQL 19, but pgknob knows 13 to 18" <<<"$0" && grep -qF -- "--pg-version" <<<"$0"' "$ERR"
zalando '"${PG_VERSION}"'
check "Zalando version \${PG_VERSION}: checked as 18, a notice saying so" bash -c \
  'grep -qF "spec.postgresql.version is \"\${PG_VERSION}\": pgknob cannot read a major from it, so the configuration is checked as PostgreSQL 18" <<<"$0"' "$(pk0004 "$work/z.yaml")"
zalando '"16"'
check "close miss, Zalando version 16: checked as 16, no notice" \
  test "$(major_of "$work/z.yaml")/$(pk0004 "$work/z.yaml")" = "16 manifest/"

patroni() { # bin_dir
  printf 'scope: demo\nname: node1\npostgresql:\n  bin_dir: %s\n  parameters:\n    shared_buffers: 32MB\n' "$1" >"$work/patroni.yml"
}
patroni /usr/pgsql-17/bin
check "Patroni bin_dir /usr/pgsql-17/bin (RHEL): 17" test "$(major_of "$work/patroni.yml")" = "17 manifest"
patroni /usr/lib/postgresql/16/bin
check "Patroni bin_dir /usr/lib/postgresql/16/bin (Debian): 16" test "$(major_of "$work/patroni.yml")" = "16 manifest"
patroni /usr/lib/postgresql/11/bin
check "Patroni bin_dir of 11: checked as 18, its end of life said" \
  test "$(lint_json "$work/patroni.yml" | jq -r '[.inputs[0].pg_version, (.findings[] | select(.rule == "PK0005") | .severity)] | join(" ")')" = "18 warning"
# a pg_hba hint naming scram-sha-256, for a file written for 9.6, says that arrives with 10
# (review 2026-12t, h22d 50); close miss: the same lines for 14
scram_hint() { # bin_dir: PK0213's hint
  printf 'scope: demo\nname: node1\npostgresql:\n  data_dir: /d\n  bin_dir: %s\n  parameters:\n    shared_buffers: 32MB\n  pg_hba:\n    - host all all 0.0.0.0/0 md5\n' "$1" >"$work/hba-patroni.yml"
  lint_json "$work/hba-patroni.yml" | jq -r '[.findings[] | select(.rule == "PK0213") | .hint] | join("")'
}
check "Patroni 9.6: PK0213's scram-sha-256 hint says it arrives with 10" \
  grep -q "scram-sha-256 arrived in 10: the PostgreSQL 9.6 server" <<<"$(scram_hint /usr/lib/postgresql/9.6/bin)"
check "  close miss: for 14, no such caveat" bash -c '! grep -q "arrived in 10" <<<"$0"' "$(scram_hint /usr/lib/postgresql/14/bin)"
patroni /usr/bin
check "Patroni bin_dir /usr/bin: a notice naming what was assumed" \
  grep -qF 'postgresql.bin_dir is "/usr/bin": pgknob cannot read a major from it' <<<"$(pk0004 "$work/patroni.yml")"
cat >"$work/cnpg.yaml" <<'EOF'
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: c
spec:
  imageName: ghcr.io/cloudnative-pg/postgresql:latest
  postgresql:
    parameters:
      shared_buffers: "32MB"
EOF
check "CNPG image tag latest: a notice, checked as 18" \
  grep -qF 'spec.imageName is "ghcr.io/cloudnative-pg/postgresql:latest": pgknob cannot read a major from it' <<<"$(pk0004 "$work/cnpg.yaml")"
sed -i 's/:latest/:16.4-bookworm@sha256:1234abcd/' "$work/cnpg.yaml"
check "close miss, CNPG image 16.4-bookworm with a digest: 16" test "$(major_of "$work/cnpg.yaml")" = "16 manifest"

# --- a header comment's words (issue 24): stated, weaker than a packaging path ---
header() { # description, header line, expected major
  printf '%s\nshared_buffers = 128MB\n' "$2" >"$work/h.conf"
  expect_major "$1" "$work/h.conf" "$3" "1: checked as PostgreSQL $3: the header comment at line 1 names PostgreSQL $3"
}
header "English" "# PostgreSQL 17 - Odoo 16 Staging" 17
header "based on, in Chinese" "# 基于PostgreSQL 16的推荐配置" 16
header "Spanish, with a minor" "# Configuración PostgreSQL 15.4 optimizada" 15
header "for PG 15" "# tuned for PG 15 on 8GB" 15
header "pg16" "# pg16 production settings" 16
header "a Docker image tag" "# image: postgres:16-alpine" 16
header "a package name" "# apt install postgresql-14" 14
header "fullwidth digits" "# ＰｏｓｔｇｒｅＳＱＬ　１７ 設定" 17
header "Arabic-Indic digits" "# إعدادات PostgreSQL ١٦" 16
header_miss() { # description, text of a file
  printf '%b' "$2" >"$work/hm.conf"
  default_major "$1" "$work/hm.conf"
}
header_miss "a range of majors" "# PostgreSQL 14–17 / SSD\nshared_buffers = 128MB\n"
header_miss "a hyphenated range" "# works with PostgreSQL 13-18\nshared_buffers = 128MB\n"
header_miss "13 and later" "# PostgreSQL 13+ only\nshared_buffers = 128MB\n"
header_miss "or later" "# needs PostgreSQL 15 or later\nshared_buffers = 128MB\n"
header_miss "a bound" "# since PostgreSQL 13 wal_keep_size replaces it\nshared_buffers = 128MB\n"
header_miss "another product's version" "# For Debian 13 servers\nshared_buffers = 128MB\n"
# past the header a comment line that titles what follows names it too (review 2026-12x, h25c 29)
printf 'shared_buffers = 128MB\n\n# PERFORMANCES (PostgreSQL 17.5 optimise)\nwork_mem = 8MB\n' >"$work/mid.conf"
expect_major "a section's title after the first setting" "$work/mid.conf" 17 \
  "3: checked as PostgreSQL 17: the comment at line 3 names PostgreSQL 17"
header_miss "a note after the first setting of when something changed" "shared_buffers = 128MB\n# removed in PostgreSQL 13\nwork_mem = 8MB\n"
header_miss "a requirement after the first setting" "shared_buffers = 128MB\n# requires PostgreSQL 16\nwork_mem = 8MB\n"
header_miss "a comparison" "# PostgreSQL 16 vs 17 benchmark\nshared_buffers = 128MB\n"
header_miss "two majors named" "# PostgreSQL 16 on the primary\n# PostgreSQL 17 on the replica\nshared_buffers = 128MB\n"
header_miss "a parameter of 18 only outranks the words" "# PostgreSQL 16\nio_method = worker\n"
printf "# PostgreSQL 16\ndata_directory = '/var/lib/postgresql/15/main'\n" >"$work/hp.conf"
check "a packaging path outranks a header comment" test "$(major_of "$work/hp.conf")" = "15 evidence"

# --- a file written for another major (issue 23): one upgrade notice, its end of life ---
rlint() { "$PGKNOB" lint --format json --fail-on never "$@" 2>/dev/null; }
sel() { jq -r "[.findings[] | select($1)] | map(\"\(.rule) \(.severity) \(.line)\") | join(\"|\")"; }
printf "data_directory = '/var/lib/postgresql/9.3/main'\ncheckpoint_segments = 32\nstats_temp_directory = '/tmp/st'\nshared_buffers = 1GB\n" >"$work/93.conf"
check "9.3 file: one PK0011 notice at the first line, no refusal" \
  test "$(rlint "$work/93.conf" | sel '.rule == "PK0011"')" = "PK0011 notice 2"
check "... naming the evidence and every line that must change" bash -c \
  'grep -qF "written for PostgreSQL 9.3 (data_directory at line 1 names /var/lib/postgresql/9.3/main" <<<"$0" &&
   grep -qF "these 2 lines must change: checkpoint_segments (line 2: checkpoint_segments was removed in PostgreSQL 9.5; use max_wal_size); stats_temp_directory (line 3: " <<<"$0"' \
  "$(rlint "$work/93.conf" | jq -r '.findings[] | select(.rule == "PK0011") | .message')"
check "... and how to make them errors" grep -qF -- "with --pg-version N they are errors" \
  <<<"$(rlint "$work/93.conf" | jq -r '.findings[] | select(.rule == "PK0011") | .hint')"
check "... with both fixes, unsafe" test "$(rlint "$work/93.conf" |
  jq -r '[.findings[] | select(.rule == "PK0011") | .fix[] | .safety] | join(",")')" = "unsafe,unsafe"
check "... and the end of life at warning, dated and cited" bash -c \
  'grep -qF "warning 1 PostgreSQL 9.3 has been out of support since November 8, 2018 (https://www.postgresql.org/support/versioning/)" <<<"$0"' \
  "$(rlint "$work/93.conf" | jq -r '.findings[] | select(.rule == "PK0005") | "\(.severity) \(.line) \(.message)"')"
# the upgrade it advises names the newest major checked, and when the oldest supported one ends
# (review 2026-12zc, h30d: "15 or later" with 15's end eleven months away)
check "... whose hint names 18 and the oldest supported major's end" bash -c \
  'grep -qF "Plan the upgrade to a supported major: PostgreSQL 18, the newest pgknob checks, is supported until November 14, 2030; " <<<"$0" &&
   grep -qE "; 1[5-8], the oldest, only until " <<<"$0"' \
  "$(rlint "$work/93.conf" | jq -r '.findings[] | select(.rule == "PK0005") | .hint')"
check "with --pg-version 18: two errors that refuse start, no end of life" \
  test "$(rlint --pg-version 18 "$work/93.conf" | sel '.rule == "PK0011" or .rule == "PK0005"')" = "PK0011 error 2|PK0011 error 3"
check "fix with no options changes nothing in it" \
  test -z "$("$PGKNOB" fix --diff "$work/93.conf" 2>/dev/null)"
check "under --purpose test the end of life is a notice" \
  test "$(rlint --purpose test "$work/93.conf" | sel '.rule == "PK0005"')" = "PK0005 notice 1"
printf "# for testing only\ndata_directory = '/var/lib/postgresql/9.3/main'\n" >"$work/93test.conf"
check "a file that states a test purpose: the end of life is a notice" \
  test "$(rlint "$work/93test.conf" | sel '.rule == "PK0005"')" = "PK0005 notice 2"
printf "checkpoint_segments = 32\nwal_keep_segments = 64\nshared_buffers = 1GB\n" >"$work/params.conf"
check "removed parameters alone: written for 9.4 or older, one notice" bash -c \
  'grep -qF "notice 1 written for PostgreSQL 9.4 or older (checkpoint_segments at line 1 was removed in PostgreSQL 9.5" <<<"$0"' \
  "$(rlint "$work/params.conf" | jq -r '.findings[] | select(.rule == "PK0011") | "\(.severity) \(.line) \(.message)"')"
check "... and 9.4 and older are out of support" grep -qF "PostgreSQL 9.4 and older have been out of support since February 13, 2020 at the latest" \
  <<<"$(rlint "$work/params.conf" | jq -r '.findings[] | select(.rule == "PK0005" and .severity == "warning") | .message')"
printf "data_directory = '/var/lib/postgresql/12/main'\n" >"$work/12.conf"
check "12: out of support since November 21, 2024" grep -qF "PostgreSQL 12 has been out of support since November 21, 2024" \
  <<<"$(rlint "$work/12.conf" | jq -r '.findings[] | select(.rule == "PK0005") | .message')"
# a pgtune header or a header's words say what the file was generated or written for, not what
# the server runs (often a newer image): its end of life is a notice; a path of the server's
# beside it keeps the warning
printf "# DB Version: 12\nshared_buffers = 1GB\n" >"$work/pgtune12.conf"
check "pgtune's DB Version alone: the end of life is a notice that says why" bash -c \
  'grep -qF "notice 1 PostgreSQL 12 has been out of support" <<<"$0" &&
   grep -qF "Only the file'"'"'s comments name the major" <<<"$0"' \
  "$(rlint "$work/pgtune12.conf" | jq -r '.findings[] | select(.rule == "PK0005") | "\(.severity) \(.line) \(.message) \(.hint)"')"
printf "# PostgreSQL 12 for the app\nshared_buffers = 1GB\n" >"$work/header12.conf"
check "a header's words alone: a notice" \
  test "$(rlint "$work/header12.conf" | sel '.rule == "PK0005"')" = "PK0005 notice 1"
printf "# DB Version: 12\ndata_directory = '/var/lib/postgresql/12/main'\n" >"$work/pgtune12dd.conf"
check "close miss: the header and the server's data_directory agree: a warning" \
  test "$(rlint "$work/pgtune12dd.conf" | sel '.rule == "PK0005"')" = "PK0005 warning 2"
printf "data_directory = '/var/lib/postgresql/17/main'\n" >"$work/17.conf"
check "close miss, 17: no end of life" test -z "$(rlint "$work/17.conf" | sel '.rule == "PK0005"')"
check "close miss, --pg-version 16 on a 9.3 file: no end of life for what the user stated" \
  test -z "$(rlint --pg-version 16 "$work/93.conf" | sel '.rule == "PK0005"')"
printf "# PostgreSQL 17 for the cluster\nwal_keep_segments = 64\n" >"$work/17wk.conf"
check "a header naming 17 and a parameter 17 lacks: a refusal on 17, the major stated" \
  test "$(rlint "$work/17wk.conf" | sel '.rule == "PK0011"')" = "PK0011 error 2"
printf "stats_temp_directory = '/tmp/st'\n" >"$work/st.conf"
check "close miss, a parameter 13 and 14 still have: no end of life, a warning (both facts)" \
  test "$(rlint "$work/st.conf" | sel '.rule == "PK0011" or .rule == "PK0005"')" = "PK0011 warning 1"

# --- the major assumed: what holds on some majors only is a notice that says so ---
printf "shared_buffers = 8MB\n" >"$work/aio.conf"
check "PK1013 (AIO, 18 only) with no major stated: a notice" \
  test "$(rlint "$work/aio.conf" | sel '.rule == "PK1013"')" = "PK1013 notice 1"
check "... saying on 18, and that the file does not say its major" \
  grep -qF "(on 18; this file does not say its major)" <<<"$(rlint "$work/aio.conf" | jq -r '.findings[] | select(.rule == "PK1013") | .message')"
check "... and how to state it" grep -qF -- "Give --pg-version with the major the server runs" \
  <<<"$(rlint "$work/aio.conf" | jq -r '.findings[] | select(.rule == "PK1013") | .hint')"
check "with --pg-version 18: a warning" test "$(rlint --pg-version 18 "$work/aio.conf" | sel '.rule == "PK1013"')" = "PK1013 warning 1"
printf "# PostgreSQL 18\nshared_buffers = 8MB\n" >"$work/aio18.conf"
check "a header naming 18: a warning" test "$(rlint "$work/aio18.conf" | sel '.rule == "PK1013"')" = "PK1013 warning 2"
printf "shared_buffers = 24MB\n" >"$work/sb.conf"
check "close miss, PK2003 holds on every major: a warning with no major stated" \
  test "$(rlint --host ram=8GB "$work/sb.conf" | sel '.rule == "PK2003"')" = "PK2003 warning 1"
printf "archive_mode = on\n" >"$work/arch.conf"
check "close miss, a check split by major (PK3015 13-14, PK3016 15-): a warning" \
  test "$(rlint "$work/arch.conf" | sel '.rule == "PK3016"')" = "PK3016 warning 1"

# every warning or error rule that claims some majors only (versions other than 13-), on its own
# fail examples: a warning or error on 18; with no major stated, a notice, unless the example sets
# a parameter of 18 only (io_method), which states the major
python3 tests/lint/major-examples.py "$work/ex"
n_examples=0
for dir in "$work"/ex/*; do
  id=$(basename "$dir" | cut -d- -f1)
  host=$(cat "$dir/host"); args=()
  [ -n "$host" ] && args=(--host "$host")
  level() { rlint "${args[@]}" "$@" "$dir/settings.conf" | jq -r --arg id "$id" '[.findings[] | select(.rule == $id) | .severity] | join(",")'; }
  on18=$(level --pg-version 18); assumed=$(level)
  [ -z "$on18" ] && continue # another major's example (PK3015's)
  stated=$(rlint --no-rules --pg-version 17 "$dir/settings.conf" | jq '[.findings[] | select(.rule == "PK0011" and (.hint // "" | test("added in PostgreSQL 18")))] | length')
  want=notice; [ "$stated" != 0 ] && want=$on18
  if [ "$assumed" = "$want" ] && [[ "$on18" == warning* || "$on18" == error* ]]; then n_examples=$((n_examples + 1))
  else fail "$(basename "$dir"): on 18 '$on18', with no major stated '$assumed' (wanted '$want')"; fi
done
check "the fail examples of rules for some majors only: a notice when the major is assumed ($n_examples)" test "$n_examples" -ge 10

# --- texts name the target's major only (issue 24) ---
printf "maintenance_work_mem = 2MB\n" >"$work/mwm.conf"
for v in 17 18; do
  check "PK2010 on $v names no other major" bash -c '! grep -qE "before 17|6 bytes" <<<"$0"' \
    "$(rlint --pg-version $v "$work/mwm.conf" | jq -r '.findings[] | select(.rule == "PK2010") | .message')"
done
check "PK2010 on 16 says what a dead tuple takes" grep -qF "(6 bytes each)" \
  <<<"$(rlint --pg-version 16 "$work/mwm.conf" | jq -r '.findings[] | select(.rule == "PK2010") | .message')"

# a removed parameter beside what replaced it, or beside a 14+ parameter, is a leftover on a
# newer server (held-out set 4): no date, and its refusal stands
printf 'checkpoint_segments = 32\nmax_wal_size = 2GB\n' >"$work/leftover1.conf"
printf 'wal_keep_segments = 32\nidle_session_timeout = 1h\n' >"$work/leftover2.conf"
printf 'wal_keep_segments = 32\nshared_buffers = 1GB\n' >"$work/dated.conf"
for f in leftover1 leftover2; do
  out=$(lint_json "$work/$f.conf")
  jq -e '(any(.findings[]; .rule == "PK0011" and .severity == "error")) and (all(.findings[]; .rule != "PK0005"))' >/dev/null <<<"$out" &&
    ok "leftover ($f): the removed parameter is an error, and no end-of-life date" ||
    fail "leftover $f: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
done
# a parameter removed in 13 or later, alone, does not date the file (held-out set 5: active
# wal_keep_segments in files for postgres:15 and 16, where the line stops the server): one warning
# that says both facts, no end of life, an unsafe fix until --pg-version states the major
out=$(lint_json "$work/dated.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and ([.findings[] | select(.rule == "PK0011")] | length == 1 and
      (.[0] | .severity == "warning" and .refuses_start == false and
        (.message | test("^wal_keep_segments stops PostgreSQL 13 and later from starting \\(every supported major\\); the file either targets an end-of-life major, 12 or older, or this line must go \\(on PostgreSQL 13 and later: wal_keep_size = 512MB\\)$")) and
        (.fix | length == 1 and .[0].safety == "unsafe" and (.[0].why | test("does not state its major")))))' >/dev/null <<<"$out" &&
  ok "wal_keep_segments alone: one warning with both facts and the conversion, unsafe fix, no end of life" ||
  fail "dated: $(jq -c '[.findings[] | select(.rule == "PK0011" or .rule == "PK0005")]' <<<"$out")"
out=$(lint_json --pg-version 16 "$work/dated.conf")
jq -e '[.findings[] | select(.rule == "PK0011")] | length == 1 and (.[0] | .severity == "error" and .refuses_start and .fix[0].safety == "safe")' >/dev/null <<<"$out" &&
  ok "  ... close miss: --pg-version 16 states the major: an error with a safe fix" ||
  fail "dated 16: $(jq -c '[.findings[] | select(.rule == "PK0011")]' <<<"$out")"
# a line removed before every supported major whose value did nothing on the majors that had it
# (custom_variable_classes = '', no classes declared) changes no server when removed: a safe fix
# whatever the file's major; a declared class is a reason that says what it is (review-h8c, 47)
printf "custom_variable_classes = ''\nidle_session_timeout = 1h\n" >"$work/cvc.conf"
printf "custom_variable_classes = 'plr'\nidle_session_timeout = 1h\n" >"$work/cvc2.conf"
out=$(lint_json "$work/cvc.conf")
jq -e '[.findings[] | select(.rule == "PK0011")] | length == 1 and (.[0].fix | length == 1 and .[0].remove and .[0].safety == "safe")' >/dev/null <<<"$out" &&
  ok "custom_variable_classes = '' (removed in 9.2, declares nothing): removing it is safe" ||
  fail "cvc: $(jq -c '[.findings[] | select(.rule == "PK0011") | .fix]' <<<"$out")"
out=$(lint_json "$work/cvc2.conf")
jq -e '[.findings[] | select(.rule == "PK0011")] | .[0].fix[0] | .safety == "unsafe" and (.why | test("PostgreSQL 9.2 removed") and test("removing it changes") and (test("refuses") | not))' >/dev/null <<<"$out" &&
  ok "  ... close miss: a declared class stays unsafe, for what removing it changes (no refusal claimed)" ||
  fail "cvc2: $(jq -c '[.findings[] | select(.rule == "PK0011") | .fix]' <<<"$out")"
printf 'checkpoint_segments = 32\nmax_fsm_pages = 100000\nshared_buffers = 1GB\n' >"$work/cps.conf"
out=$(lint_json "$work/cps.conf")
jq -e 'any(.findings[]; .rule == "PK0005" and .severity == "warning" and (.message | test("8.3 and older"))) and all(.findings[]; .rule != "PK0011" or .severity == "notice")' >/dev/null <<<"$out" &&
  ok "  ... close miss: two parameters removed before 13 (checkpoint_segments, max_fsm_pages) date the file: end of life stands" ||
  fail "cps: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
# one such line alone is as likely a stale line in a newer file: it says both facts, with no end
# of life (review 2026-12w, h24a 09: checkpoint_segments in a 2025 file for 14)
printf 'checkpoint_segments = 32\nrandom_page_cost = 1.1\n' >"$work/cps-alone.conf"
out=$(lint_json "$work/cps-alone.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0011" and .severity == "warning" and (.message | test("stops PostgreSQL 9.5 and later from starting")))' >/dev/null <<<"$out" &&
  ok "one removed line alone (checkpoint_segments): a warning that says both facts, no end of life" ||
  fail "cps alone: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
# a value the dated major refuses disproves the date (the catalog's enum values per major, and
# older majors' from their guc.c): the file runs on a newer major, and the refusal stands
printf "checkpoint_segments = 32\npassword_encryption = 'scram-sha-256'\n" >"$work/scram.conf"
printf 'wal_keep_segments = 32\nwal_compression = lz4\n' >"$work/lz4.conf"
printf 'checkpoint_segments = 32\nsql_inheritance = on\nwal_level = hot_standby\n' >"$work/hotstandby.conf"
printf 'wal_keep_segments = 32\nwal_compression = on\n' >"$work/walcomp.conf"
# a parameter that arrived when the other left disproves the date as a value does (review
# 2026-12k, h12b 24: no major has both, so the refusal stands)
printf 'replacement_sort_tuples = 150000\nmax_parallel_maintenance_workers = 4\n' >"$work/mpmw.conf"
printf 'replacement_sort_tuples = 150000\nmax_parallel_workers = 4\n' >"$work/mpw.conf"
for spec in "scram|Line 2 sets password_encryption = scram-sha-256, which PostgreSQL 9.4 and older refuse (it arrived in 10)" \
  "lz4|Line 2 sets wal_compression = lz4, which PostgreSQL 12 and older refuse (it arrived in 15)" \
  "mpmw|Line 2 sets max_parallel_maintenance_workers = 4, which PostgreSQL 10 and older refuse (it arrived in 11)"; do
  f=${spec%%|*}; want=${spec#*|}
  out=$(lint_json "$work/$f.conf")
  jq -e '(any(.findings[]; .rule == "PK0011" and .severity == "error")) and (all(.findings[]; .rule != "PK0005"))' >/dev/null <<<"$out" &&
    jq -r '[.findings[] | select(.rule == "PK0011") | .hint][0]' <<<"$out" | grep -qF "$want" &&
    ok "value evidence ($f): a value the dated major refuses; the refusal stands and says why" ||
    fail "value evidence $f: $(jq -c '[.findings[] | [.rule, .severity, .hint]]' <<<"$out")"
done
out=$(lint_json "$work/walcomp.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0011" and .severity == "warning")' >/dev/null <<<"$out" &&
  ok "value evidence close miss (walcomp): a value 12 accepts disproves nothing; wal_keep_segments stays a warning" ||
  fail "value evidence walcomp: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
out=$(lint_json "$work/hotstandby.conf")
jq -e 'any(.findings[]; .rule == "PK0005")' >/dev/null <<<"$out" &&
  ok "value evidence close miss (hotstandby): a value the dated major accepts keeps the date" ||
  fail "value evidence hotstandby: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
# a parameter the removed one's major has too disproves nothing, but one removed line alone
# dates nothing either (review 2026-12w, h24a 09): both facts, no end of life
out=$(lint_json "$work/mpw.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0011" and .severity == "warning")' >/dev/null <<<"$out" &&
  ok "value evidence close miss (mpw): replacement_sort_tuples alone says both facts" ||
  fail "value evidence mpw: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"

# The major the parameters a file sets allow (issue 24; review-h6d 48): one added in N rules out
# every major before N, one removed in M every major from M on. A file that names no major and
# whose parameters leave exactly one is checked as it, and PK0004 says why. A removal alone or a
# range of several majors is as likely a stale line in a newer server's file (held-out set 4:
# stats_temp_directory and promote_trigger_file in files for 11 and 14): the default stays and the
# removed line's warning says both facts. --pg-version is never overridden.
printf "stats_temp_directory = '/run/pg'\nshared_buffers = 1GB\n" >"$work/stats14.conf"
printf "stats_temp_directory = '/run/pg'\nsummarize_wal = on\n" >"$work/stats17.conf"
out=$(lint_json "$work/stats14.conf")
jq -e '(.inputs[0].version_source == "default") and ([.findings[] | select(.rule == "PK0011")][0] | .severity == "warning" and .refuses_start == false and (.message | test("^stats_temp_directory stops PostgreSQL 15 and later from starting .*the file either targets an end-of-life major, 14 or older, or this line must go")))' >/dev/null <<<"$out" &&
  ok "a removal alone: stats_temp_directory is a warning saying both facts, not a date or a refusal" || fail "stats14: $(jq -c '[.findings[] | select(.rule == "PK0011") | [.severity, .message]]' <<<"$out")"
# A removed line at its default on every major that had it (old_snapshot_threshold = -1, their
# boot value in the catalogued 13-16 servers) changes nothing there, so removing it is a safe fix
# whatever the major (review-h13b 15); a later major refuses it as any value, so it stays a
# warning (review-h14a 09). Close miss: another value keeps the unsafe fix; promote_trigger_file's
# names what replaces it (review-h13b 20).
printf "old_snapshot_threshold = -1\nshared_buffers = 1GB\n" >"$work/snap-default.conf"
printf "old_snapshot_threshold = 60\nshared_buffers = 1GB\n" >"$work/snap-set.conf"
printf "promote_trigger_file = '/tmp/promote'\n" >"$work/promote.conf"
out=$(lint_json "$work/snap-default.conf")
jq -e '[.findings[] | select(.rule == "PK0011")][0] | .severity == "warning" and (.message | test("^old_snapshot_threshold = -1 is the default of PostgreSQL 16 and older, where the line changes nothing, and stops PostgreSQL 17 and later from starting: remove it$")) and (.fix[0].safety == "safe")' >/dev/null <<<"$out" &&
  ok "old_snapshot_threshold = -1, its default wherever it exists: a warning with a safe removal" || fail "snap-default: $(jq -c '[.findings[] | select(.rule == "PK0011")]' <<<"$out")"
out=$(lint_json "$work/snap-set.conf")
jq -e '[.findings[] | select(.rule == "PK0011")][0] | .severity == "warning" and (.fix[0].safety == "unsafe")' >/dev/null <<<"$out" &&
  ok "close miss: old_snapshot_threshold = 60 keeps the warning and an unsafe fix" || fail "snap-set: $(jq -c '[.findings[] | select(.rule == "PK0011")]' <<<"$out")"
out=$(lint_json "$work/promote.conf")
jq -e '[.findings[] | select(.rule == "PK0011")][0] | .severity == "warning" and (.hint | test("promote_trigger_file was removed in PostgreSQL 16; promote with pg_ctl promote or SELECT pg_promote\\(\\)"))' >/dev/null <<<"$out" &&
  ok "promote_trigger_file set to a path: a warning naming pg_ctl promote and pg_promote()" || fail "promote: $(jq -c '[.findings[] | select(.rule == "PK0011")]' <<<"$out")"
printf "default_toast_compression = lz4\nwal_keep_size = 1GB\nstats_temp_directory = '/run/pg'\n" >"$work/only14.conf"
[ "$(major_of "$work/only14.conf")" = "14 parameters" ] &&
  pk0004 "$work/only14.conf" | grep -qF "3: the parameters the file sets leave one major, PostgreSQL 14: default_toast_compression (line 1) arrived in 14, stats_temp_directory (line 3) was removed in 15" &&
  ok "added in 14 and removed in 15: only 14 fits (review-h6d 48)" || fail "only14: $(major_of "$work/only14.conf") $(pk0004 "$work/only14.conf")"
printf "track_wal_io_timing = on\nforce_parallel_mode = off\n" >"$work/1415.conf"
[ "$(major_of "$work/1415.conf")" = "18 default" ] && [ -z "$(pk0004 "$work/1415.conf")" ] &&
  ok "close miss: added in 14, removed in 16 leaves two majors: the default stays" || fail "1415: $(major_of "$work/1415.conf") $(pk0004 "$work/1415.conf")"
printf "summarize_wal = on\n" >"$work/17up.conf"
[ "$(major_of "$work/17up.conf")" = "18 default" ] && [ -z "$(pk0004 "$work/17up.conf")" ] &&
  ok "close miss: a lower bound alone (summarize_wal, 17+) leaves the default, 18, unsaid" || fail "17up: $(major_of "$work/17up.conf") $(pk0004 "$work/17up.conf")"
printf "ssl_ecdh_curve = 'prime256v1'\n" >"$work/alias.conf"
[ "$(major_of "$work/alias.conf")" = "18 default" ] &&
  ok "close miss: a name 18 maps to its new one (ssl_ecdh_curve) bounds nothing" || fail "alias: $(major_of "$work/alias.conf")"
[ "$(major_of --pg-version 17 "$work/stats14.conf")" = "17 --pg-version" ] &&
  [ "$(lint_json --pg-version 17 "$work/stats14.conf" | jq -r '[.findings[] | select(.rule == "PK0011")][0].severity')" = error ] &&
  ok "close miss: --pg-version 17 is kept, and stats_temp_directory is its refusal" || fail "stats14 --pg-version 17: $(major_of --pg-version 17 "$work/stats14.conf")"
[ "$(lint_json "$work/stats17.conf" | jq -r '[.findings[] | select(.rule == "PK0011")][0].severity')" = error ] &&
  ok "  ... close miss: beside a 17+ parameter it stays an error" || fail "stats17 not an error"
[ "$(lint_json --pg-version 16 "$work/stats14.conf" | jq -r '[.findings[] | select(.rule == "PK0011")][0].severity')" = error ] &&
  ok "  ... close miss: with --pg-version 16 it is an error" || fail "stats14 --pg-version 16 not an error"

# the stock sample a file keeps does not date it (held-out set 5: #sql_inheritance and
# #wal_keep_segments of an old sample in files for postgres:latest): a PK0004 notice says what it
# lists, never an end of life
sample_names="listen_address port max_connections superuser_reserved_connections unix_socket_directories
ssl shared_buffers huge_pages temp_buffers max_prepared_transactions work_mem maintenance_work_mem
autovacuum_work_mem max_stack_depth dynamic_shared_memory_type temp_file_limit max_files_per_process
vacuum_cost_delay vacuum_cost_page_hit vacuum_cost_limit bgwriter_delay bgwriter_lru_maxpages
bgwriter_lru_multiplier effective_io_concurrency max_worker_processes max_parallel_workers_per_gather
max_parallel_workers wal_level fsync synchronous_commit wal_sync_method full_page_writes wal_compression
wal_buffers wal_writer_delay commit_delay commit_siblings checkpoint_timeout max_wal_size min_wal_size
checkpoint_completion_target archive_mode archive_command archive_timeout max_wal_senders
max_replication_slots hot_standby enable_bitmapscan enable_hashjoin enable_indexscan seq_page_cost
random_page_cost cpu_tuple_cost effective_cache_size default_statistics_target log_destination
logging_collector log_directory log_filename log_min_messages log_min_duration_statement
log_checkpoints log_connections log_line_prefix log_timezone track_activities track_counts autovacuum
datestyle timezone lc_messages default_text_search_config"
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#wal_keep_segments = 0\t\t# in logfile segments; 0 disables\nshared_buffers = 1GB\n'; } >"$work/sample12.conf"
{ cat "$work/sample12.conf"; printf 'wal_compression = lz4\n'; } >"$work/sample12-lz4.conf"
printf '#wal_keep_segments = 0\nshared_buffers = 1GB\n' >"$work/fewcomments.conf"
out=$(lint_json "$work/sample12.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0004" and .severity == "notice" and (.message | test("the stock sample this file keeps \\([0-9]+ commented-out settings\\) is from PostgreSQL 10 to 12: #max_parallel_workers \\(line [0-9]+\\) arrived in 10, #wal_keep_segments \\(line [0-9]+\\) was removed in 13.*PostgreSQL 12, the newest it can be, is out of support since November 21, 2024")))' >/dev/null <<<"$out" &&
  ok "sample: a kept stock sample listing #wal_keep_segments is a notice with both bounds and the end of life, no PK0005" ||
  fail "sample: $(jq -c '[.findings[] | [.rule, .severity, .message]]' <<<"$out")"
for f in sample12-lz4 fewcomments; do
  out=$(lint_json "$work/$f.conf")
  jq -e 'all(.findings[]; .rule != "PK0005")' >/dev/null <<<"$out" &&
    ok "sample close miss ($f): no date" || fail "sample close miss $f: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
done

# a parameter removed in 13 or later set beside a kept sample that is older still: two clues that
# agree date the file (held-out set 44, 42: wal_keep_segments with 9.6's #sql_inheritance); close
# miss: the same line with few comments says both facts
{ for n in $sample_names; do [ "$n" = max_parallel_workers ] || printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#sql_inheritance = on\nwal_keep_segments = 32\n'; } >"$work/sample96.conf"
out=$(lint_json "$work/sample96.conf")
jq -e 'any(.findings[]; .rule == "PK0005" and .severity == "warning" and (.message | test("PostgreSQL 9.6 and older"))) and any(.findings[]; .rule == "PK0011" and .severity == "notice")' >/dev/null <<<"$out" &&
  ok "sample: wal_keep_segments set beside a kept 9.6 sample: 9.6's end of life, the line an upgrade notice" ||
  fail "sample96: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"
printf '#sql_inheritance = on\nwal_keep_segments = 32\n' >"$work/few96.conf"
out=$(lint_json "$work/few96.conf")
jq -e 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0011" and .severity == "warning")' >/dev/null <<<"$out" &&
  ok "  close miss: with few comments, no date: PK0011 says both facts" || fail "few96: $(jq -c '[.findings[] | [.rule, .severity]]' <<<"$out")"

# wal_level = minimal beside max_wal_senders' default, which was 0 up to 9.6: with no major
# stated, both facts hold, a warning (held-out set 45, h45a 11: a cookbook for CentOS 7's 9.2);
# close misses: --pg-version 16 keeps the refusal, and senders set in the file are no default
printf 'wal_level = minimal\n' >"$work/minimal.conf"
check "wal_level = minimal, max_wal_senders unset, no major stated: PK0050 a warning saying both" \
  test "$(lint_json "$work/minimal.conf" | jq -r '.findings[] | select(.rule == "PK0050") | "\(.severity) \(.refuses_start) \(.message | test("up to PostgreSQL 9.6 max_wal_senders defaulted to 0"))"')" = "warning false true"
check "  close miss: with --pg-version 16 an error that refuses start" \
  test "$(lint_json --pg-version 16 "$work/minimal.conf" | jq -r '.findings[] | select(.rule == "PK0050") | "\(.severity) \(.refuses_start)"')" = "error true"
printf 'wal_level = minimal\nrecovery_prefetch = try\n' >"$work/minimal15.conf"
check "  close miss: beside recovery_prefetch (15), which 9.6 lacked: the error that refuses start" \
  test "$(lint_json "$work/minimal15.conf" | jq -r '.findings[] | select(.rule == "PK0050") | "\(.severity) \(.refuses_start)"')" = "error true"
printf 'wal_level = minimal\nmax_wal_senders = 5\n' >"$work/minimal5.conf"
check "  close miss: max_wal_senders = 5 written: an error that refuses start" \
  test "$(lint_json "$work/minimal5.conf" | jq -r '.findings[] | select(.rule == "PK0050") | "\(.severity) \(.refuses_start)"')" = "error true"

# an old sample is pinned as exactly as a 13-18 one: #ssl_min_protocol_version arrived in 12,
# #wal_keep_segments left in 13 (held-out set 8, file 02); with no arrival, "or older". Debian's
# samples of every major list #extension_destdir (a distribution patch, in the 15 build's
# catalog): it bounds nothing, so a kept 13 sample is still named (held-out set 8, file 12)
sample_notice() { # description, file, regex of the PK0004 notice
  local out
  out=$(lint_json "$2")
  jq -e --arg re "$3" 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0004" and .severity == "notice" and (.message | test($re)))' >/dev/null <<<"$out" &&
    ok "sample: $1" || fail "sample: $1: $(jq -c '[.findings[] | [.rule, .severity, .message]]' <<<"$out")"
}
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#ssl_min_protocol_version = x\n#wal_keep_segments = 0\nshared_buffers = 1GB\n'; } >"$work/sample12x.conf"
sample_notice "a kept 12 sample is named exactly, with its end of life, as a notice" "$work/sample12x.conf" \
  'is PostgreSQL 12.s: #ssl_min_protocol_version \(line [0-9]+\) arrived in 12, #wal_keep_segments \(line [0-9]+\) was removed in 13.*; PostgreSQL 12 is out of support since November 21, 2024: a server that runs it needs an upgrade'
{ for n in $(seq 1 70); do printf '#shared_buffers = x\n'; done
  printf '#checkpoint_segments = 3\nshared_buffers = 1GB\n'; } >"$work/sample94.conf"
sample_notice "an old sample without an arrival says 'or older', with the newest one's end of life" "$work/sample94.conf" \
  'is from PostgreSQL 9.4 or older: #checkpoint_segments \(line [0-9]+\) was removed in 9.5.*PostgreSQL 9.4, the newest it can be, is out of support since February 13, 2020'
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#vacuum_cleanup_index_scale_factor = 0.1\n#extension_destdir = x\nshared_buffers = 1GB\n'; } >"$work/sample13deb.conf"
sample_notice "a Debian 13 sample listing #extension_destdir is named 13's" "$work/sample13deb.conf" \
  'is PostgreSQL 13.s: #vacuum_cleanup_index_scale_factor \(line [0-9]+\) was removed in 14.*PostgreSQL 13 is out of support since November 13, 2025'

# a parameter the file sets that arrived after the sample's newest major disproves it, also on a
# template's placeholder line (held-out set 41, 23: omnibus-gitlab's template keeps 9.1's
# #wal_sender_delay and sets max_wal_size = <%= @max_wal_size %>, 9.5's: "9.1, the newest it can
# be" was false, and PK7001's fix called unsafe for a 9.1 server)
{ for n in $(seq 1 70); do printf '#shared_buffers = x\n'; done
  printf '#wal_sender_delay = 1s\nmax_wal_size = <%%= @max_wal_size %%>\n'; } >"$work/sample91tpl.conf.erb"
out=$(lint_json "$work/sample91tpl.conf.erb")
jq -e 'all(.findings[]; (.rule == "PK0004" and (.message | test("stock sample"))) | not)' >/dev/null <<<"$out" &&
  ok "sample: a template setting max_wal_size (9.5's) keeps no 9.1 sample" ||
  fail "sample 9.1 template: $(jq -c '[.findings[] | select(.rule == "PK0004") | .message]' <<<"$out")"
sed -i 's/^max_wal_size = .*/wal_buffers = <%= @wal_buffers %>/' "$work/sample91tpl.conf.erb"
sample_notice "  close miss: a parameter 9.1 had (wal_buffers) leaves the sample's major standing" "$work/sample91tpl.conf.erb" \
  'is from PostgreSQL 9.1 or older: #wal_sender_delay \(line [0-9]+\) was removed in 9.2'
# close miss: an 18 sample with an author's own #wal_keep_segments is no 12 sample (its
# #compute_query_id arrived in 14): nothing is named, 18 being the major checked
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#ssl_min_protocol_version = x\n#compute_query_id = auto\n#io_method = worker\n#wal_keep_segments = 0\n'; } >"$work/sample18old.conf"
out=$(lint_json "$work/sample18old.conf")
jq -e 'all(.findings[]; .rule != "PK0005" and ((.rule == "PK0004" and (.message | test("stock sample"))) | not))' >/dev/null <<<"$out" &&
  ok "sample close miss: an 18 sample's leftover #wal_keep_segments names no old major" ||
  fail "sample 18 with a leftover: $(jq -c '[.findings[] | select(.rule == "PK0004") | .message]' <<<"$out")"

# a commented line is not a setting: the 13-18 sample a file keeps is named by both bounds its
# commented parameters draw (#client_connection_check_interval arrived in 14,
# #stats_temp_directory left in 15), with its end of life in the notice, never PK0005
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#client_connection_check_interval = 0\n#stats_temp_directory = x\nshared_buffers = 1GB\n'; } >"$work/sample14.conf"
out=$(lint_json "$work/sample14.conf")
jq -e 'all(.findings[]; .rule != "PK0005" and .rule != "PK0011") and any(.findings[]; .rule == "PK0004" and .severity == "notice" and (.message | test("is PostgreSQL 14.s: #client_connection_check_interval \\(line [0-9]+\\) arrived in 14, #stats_temp_directory \\(line [0-9]+\\) was removed in 15.*checked as PostgreSQL 18; PostgreSQL 14 is out of support since November 12, 2026")) and (.hint | test("--pg-version 14")))' >/dev/null <<<"$out" &&
  ok "sample: a kept 14 sample is named, with its end of life, as a notice" ||
  fail "sample 14: $(jq -c '[.findings[] | [.rule, .severity, .message]]' <<<"$out")"
# close misses: a set parameter of a later major decides (the settings, not the comments); a
# sample whose bounds hold the major checked says nothing new
{ cat "$work/sample14.conf"; printf 'summarize_wal = on\n'; } >"$work/sample14-17.conf"
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#client_connection_check_interval = 0\nshared_buffers = 1GB\n'; } >"$work/sample14up.conf"
for f in sample14-17 sample14up; do
  out=$(lint_json "$work/$f.conf")
  jq -e 'all(.findings[]; .rule != "PK0005" and ((.rule == "PK0004" and (.message | test("stock sample"))) | not))' >/dev/null <<<"$out" &&
    ok "sample close miss ($f): no sample major named" || fail "sample close miss $f: $(jq -c '[.findings[] | select(.rule == "PK0004") | .message]' <<<"$out")"
done

# a recommendation on a file written for an older major speaks of the major checked, and says so
printf "checkpoint_segments = 32\ncheckpoint_segments = 32\nsort_mem = 1024\n" >"$work/cps94.conf"
out=$("$PGKNOB" lint --format json --fail-on never "$work/cps94.conf")
jq -e '[.findings[] | select(.severity == "recommendation")] | length > 0 and all(.message | test("on PostgreSQL 18, the major checked; the file was written for PostgreSQL 9.4 or older"))' >/dev/null <<<"$out" &&
  ok "recommendations on a 9.4 file say they are about the major checked" ||
  fail "recommendations on an old file: $(jq -c '[.findings[] | select(.severity == "recommendation") | .message]' <<<"$out")"
# one whose change the file's major does not have is no advice for it (review 2026-12k, rwg 02:
# track_io_timing, 9.2, and pg_stat_statements, 8.4, for an 8.x file)
printf "max_fsm_pages = 100000\nmax_fsm_relations = 1000\n" >"$work/fsm.conf"
check "  ... an 8.3 file gets no recommendation of track_io_timing or pg_stat_statements" test \
  "$("$PGKNOB" lint --format json --fail-on never "$work/fsm.conf" | jq '[.findings[] | select(.rule == "PK7001" or .rule == "PK7004")] | length')" = 0
out=$("$PGKNOB" lint --pg-version 17 --format json --fail-on never "$work/fsm.conf")
jq -e 'all(.findings[]; .message | test("the major checked; the file was written") | not)' >/dev/null <<<"$out" &&
  ok "close miss: with --pg-version they speak of that major plainly" || fail "stated major: $(jq -c '[.findings[] | .message]' <<<"$out")"

# a stated major out of support (14's final release: November 12, 2026): a reminder for the
# user's own --pg-version, a warning for a data directory's PG_VERSION; 18 is supported until 2030
printf 'shared_buffers = 1GB\n' >"$work/plain.conf"
check "--pg-version 14: the end of life is a notice naming the option" test \
  "$(rlint --pg-version 14 "$work/plain.conf" | jq -r '[.findings[] | select(.rule == "PK0005") | "\(.severity) \(.message)"] | join("|")')" = \
  "notice PostgreSQL 14 has been out of support since November 12, 2026 (https://www.postgresql.org/support/versioning/): it is the major given (--pg-version 14)"
check "--pg-version 18: none" test "$(rlint --pg-version 18 "$work/plain.conf" | sel '.rule == "PK0005"')" = ""
mkdir -p "$work/dd13" && echo 13 >"$work/dd13/PG_VERSION" && cp "$work/plain.conf" "$work/dd13/postgresql.conf"
check "a data directory of 13: a warning naming PG_VERSION" bash -c \
  'grep -qF "warning PostgreSQL 13 has been out of support since November 13, 2025 (https://www.postgresql.org/support/versioning/): the data directory is of it (PG_VERSION)" <<<"$0"' \
  "$(rlint "$work/dd13" | jq -r '.findings[] | select(.rule == "PK0005") | "\(.severity) \(.message)"')"

# a file naming two majors (13 in a path, 12 in cluster_name) states none: a parameter removed in
# 15 is the warning with both facts, not 18's refusal (held-out review 2026-12e, h6b 20)
printf "data_directory = '/var/lib/postgresql/13/data'\ncluster_name = '12/main'\nstats_temp_directory = '/run/x'\n" >"$work/two.conf"
check "two majors named: stats_temp_directory is a warning that says both facts" \
  test "$(rlint "$work/two.conf" | jq -r '[.findings[] | select(.rule == "PK0011") | "\(.severity) \(.refuses_start) \(.message | test("14 or older"))"] | join("|")')" = "warning false true"
check "  ... its fix unsafe, saying the file names more than one major" bash -c 'grep -q "the file names more than one major (PK0004)" <<<"$0"' \
  "$(rlint "$work/two.conf" | jq -r '.findings[] | select(.rule == "PK0011") | .fix[0].why')"
check "  ... and its recommendations say they speak of the major checked (pg_stat_io is 16+)" \
  test "$(rlint "$work/two.conf" | jq '[.findings[] | select(.severity == "recommendation") | select(.message | endswith("(on PostgreSQL 18, the major checked; the file names more than one major)") | not)] | length')" = 0

# a file written for 9.3 is checked as 18: a warning's way out may name a parameter 9.3 lacks
# (autovacuum_work_mem arrived in 9.4) and its numbers may come from 18's defaults, so its
# message says which major it speaks of (reviews 2026-12g, rwa 14, and 2026-12h, h9b 26)
printf "data_directory = '/var/lib/postgresql/9.3/main'\nshared_buffers = 1GB\nwork_mem = 50MB\nmaintenance_work_mem = 2GB\n" >"$work/old93.conf"
check "a 9.3 file's PK2002 says it speaks of 18, the major checked" bash -c 'grep -q "(on PostgreSQL 18, the major checked)$" <<<"$0"' \
  "$("$PGKNOB" lint --format json --fail-on never --host ram=8GB "$work/old93.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK2002") | .message')"
printf "shared_buffers = 1GB\nwork_mem = 50MB\nmaintenance_work_mem = 2GB\n" >"$work/new.conf"
check "  ... close miss: a file with no other major says nothing of it" bash -c '! grep -q "the major checked" <<<"$0"' \
  "$("$PGKNOB" lint --format json --fail-on never --host ram=8GB "$work/new.conf" 2>/dev/null | jq -r '.findings[] | select(.rule == "PK2002") | .message')"

# ... but a finding that reads the same on every major (log_statement = 'all', a cp that
# overwrites: same boot values 13-18, no later parameter in the fix) says nothing of the major
# checked (review-h16c 30)
printf "data_directory = '/var/lib/postgresql/9.6/main'\nlog_statement = 'all'\narchive_mode = on\narchive_command = 'cp %%p /mnt/a/%%f'\n" >"$work/old96.conf"
check "  ... a 9.6 file's PK7003 and PK3028 do not speak of the major checked" \
  test "$("$PGKNOB" lint --format json --fail-on never "$work/old96.conf" 2>/dev/null | jq '[.findings[] | select(.rule == "PK7003" or .rule == "PK3028") | select(.message | contains("the major checked") | not)] | length')" = 2

# a 9.1 file's plain name no major from 13 to 18 has (regex_flavor) may be 9.1's own: it joins the
# upgrade notice, not an error saying no major ever had it (review 2026-12h, h9b 26:
# wal_sender_delay, now known to be gone in 9.2); with --pg-version the server's refusal stands
mkdir -p "$work/etc/postgresql/9.1/main"
printf "regex_flavor = advanced\nwal_sender_delay = 200ms\ncheckpoint_segments = 16\n" >"$work/etc/postgresql/9.1/main/postgresql.conf"
out=$(cd "$work" && rlint etc/postgresql/9.1/main/postgresql.conf)
check "a 9.1 file: an unknown plain name joins the upgrade notice, no PK0010" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0010" or .rule == "PK0011") | "\(.rule) \(.severity)"] | join(",")' <<<"$out")" = "PK0011 notice"
check "  ... which says pgknob cannot tell whether 9.1 had it, and wal_sender_delay's removal in 9.2" bash -c \
  'grep -q "regex_flavor (line 1: no major from 13 to 18 defines it, and pgknob cannot tell whether PostgreSQL 9.1 did)" <<<"$0" && grep -q "wal_sender_delay was removed in PostgreSQL 9.2" <<<"$0"' \
  "$(jq -r '.findings[] | select(.rule == "PK0011") | .message' <<<"$out")"
out=$(cd "$work" && rlint --pg-version 16 etc/postgresql/9.1/main/postgresql.conf)
check "  ... close miss: with --pg-version 16 it is the server's refusal, an error" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0010") | "\(.severity) \(.refuses_start)"] | join(",")' <<<"$out")" = "error true"
# ... but a parameter removed before the major the file was written for is refused by that server
# too: the error stands and says so (review 2026-12zg, h36a 06: tcpip_socket, gone in 8.0, in a
# file for 11); close miss: checkpoint_segments, gone in 9.5, stays 9.1's upgrade advice
printf "tcpip_socket = true\nvirtual_host = '*'\ncheckpoint_segments = 16\n" >"$work/etc/postgresql/9.1/main/postgresql.conf"
out=$(cd "$work" && rlint etc/postgresql/9.1/main/postgresql.conf)
check "  ... tcpip_socket and virtual_host, gone in 8.0, in a 9.1 file: errors that refuse start" \
  test "$(jq -r '[.findings[] | select(.line == 1 or .line == 2) | "\(.severity) \(.refuses_start)"] | join(",")' <<<"$out")" = "error true,error true"
check "  ... whose hint says 9.1 refuses it too" \
  grep -q "^The PostgreSQL 9.1 the file was written for refuses it too. tcpip_socket was removed in PostgreSQL 8.0; use listen_addresses" <<<"$(jq -r '.findings[] | select(.line == 1) | .hint' <<<"$out")"
check "  ... close miss: checkpoint_segments (gone in 9.5) is the upgrade notice's" \
  grep -q "checkpoint_segments (line 3" <<<"$(jq -r '.findings[] | select(.rule == "PK0011" and .severity == "notice") | .message' <<<"$out")"
printf "regex_flavor = advanced\n" >"$work/plain.conf"
check "  ... close miss: in a file of no older major, PK0010 says only 13 to 18 were searched" bash -c 'grep -q "No PostgreSQL major from 13 to 18 defines" <<<"$0"' \
  "$(rlint "$work/plain.conf" | jq -r '.findings[] | select(.rule == "PK0010") | .hint')"

# a file for an older major: tuning warnings judged on the checked major are notices for the
# upgrade (review 2026-12k, rwe 02); a worst case beyond RAM is not tuning and keeps its level
printf "checkpoint_segments = 32\nmax_fsm_pages = 100000\nshared_buffers = 32MB\n" >"$work/old-tuning.conf"
check "an 8.x-era file's tiny shared_buffers is a notice of advice for the upgrade" bash -c 'test "$0" = "notice true"' \
  "$(rlint --host ram=16GB "$work/old-tuning.conf" | jq -r '[.findings[] | select(.rule == "PK2003")][0] | "\(.severity) \(.hint | test("Retune as part of the upgrade"))"')"
printf "checkpoint_segments = 32\nshared_buffers = 1GB\nwork_mem = 1GB\nmax_connections = 500\n" >"$work/old-memory.conf"
check "  ... close miss: its worst case beyond RAM stays the error" bash -c 'test "$0" = error' \
  "$(rlint --host ram=16GB "$work/old-memory.conf" | jq -r '[.findings[] | select(.rule == "PK2001")][0].severity')"
printf "checkpoint_segments = 32\nlog_min_duration_statement = 0\n" >"$work/old-log.conf"
check "  ... close miss: what its log holds means the same on every major: PK7002 stays a warning" bash -c 'test "$0" = warning' \
  "$(rlint "$work/old-log.conf" | jq -r '[.findings[] | select(.rule == "PK7002")][0].severity')"

# a template whose packaging paths take the major from its variable is written for whichever
# major it renders: a stale cluster_name '11/main' names no end-of-life major for it (review
# 2026-12zf, b05); close miss: the same lines with a literal path are 11's
printf "data_directory = '/var/lib/postgresql/{{ version }}/main'\ncluster_name = '11/main'\nstats_temp_directory = '/var/run/postgresql/11-main.pg_stat_tmp'\n" >"$work/role.conf.j2"
out=$(rlint "$work/role.conf.j2")
check "a template's {{ version }} path: no PK0005 for the stale 11, PK0004 names the variable" \
  test "$(jq -r '"\([.findings[] | select(.rule == "PK0005")] | length) \([.findings[] | select(.rule == "PK0004") | .message | test("template variable .*cluster_name at line 2 is 11/main")] | any)"' <<<"$out")" = "0 true"
check "  ... and stats_temp_directory is the warning for every supported major" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0011")][0].severity' <<<"$out")" = warning
# RHEL/PGDG's layout too (a code review of session 26: only three of the layouts were read)
printf "data_directory = '/var/lib/pgsql/{{ pg_version }}/data'\ncluster_name = '11/main'\n" >"$work/rhel.conf.j2"
check "  ... and /var/lib/pgsql/{{ pg_version }}/data: no PK0005 for 11" \
  test "$(rlint "$work/rhel.conf.j2" | jq '[.findings[] | select(.rule == "PK0005")] | length')" = 0
sed 's/{{ version }}/11/' "$work/role.conf.j2" >"$work/role11.conf"
check "  close miss: with the path's 11 written, PK0005 for 11" \
  test "$(rlint "$work/role11.conf" | jq '[.findings[] | select(.rule == "PK0005")] | length')" = 1

# a finding whose settings read the same on every catalogued major and exist on the file's own
# keeps its level: min_wal_size above max_wal_size in a file copied into postgres:11 (review
# 2026-12ze, 37); shared_buffers, whose default moved, is still judged for the upgrade
mkdir -p "$work/eleven/.git"
printf 'FROM postgres:11\nCOPY pg.conf /etc/postgresql/postgresql.conf\nCMD ["postgres", "-c", "config_file=/etc/postgresql/postgresql.conf"]\n' >"$work/eleven/Dockerfile"
printf "min_wal_size = 8GB\nmax_wal_size = 4GB\nshared_buffers = 32MB\n" >"$work/eleven/pg.conf"
out=$(rlint --host ram=16GB "$work/eleven/pg.conf")
check "an 11 file's min_wal_size 8GB above max_wal_size 4GB: PK3013 keeps its warning" \
  test "$(jq -r '[.findings[] | select(.rule == "PK3013")][0].severity' <<<"$out")" = warning
check "  ... close miss: its tiny shared_buffers is still a notice for the upgrade" \
  test "$(jq -r '[.findings[] | select(.rule == "PK2003")][0] | "\(.severity) \(.hint | test("Retune"))"' <<<"$out")" = "notice true"

# a commented-out setting in the header is a sample's line, not a statement of the header
# (review 2026-12k, h13b 27: a 13 path in a file for the latest image)
printf "# FILE LOCATIONS\n\n#data_directory = '/var/lib/postgresql/13/main'\t# Data directory\n\nshared_buffers = 1GB\n" >"$work/commented-path.conf"
check "a commented-out data_directory in the header names no major" test -z "$(pk0004 "$work/commented-path.conf")"
printf "# PostgreSQL 13 configuration\n\nshared_buffers = 1GB\n" >"$work/header13.conf"
check "  ... close miss: a header that names 13 in words still does" bash -c 'grep -q "header comment at line 1 names PostgreSQL 13" <<<"$0"' "$(pk0004 "$work/header13.conf")"
# a header that links one major's documentation names it (held-out set 52, h52c 41: "Options are
# documented online here: https://www.postgresql.org/docs/14/runtime-config.html"); close miss:
# docs/current/ names none
printf "# Options are documented online here:\n# https://www.postgresql.org/docs/14/runtime-config.html\n\nshared_buffers = 1GB\n" >"$work/doclink.conf"
check "a header linking docs/14/: checked as 14, saying so" \
  bash -c 'grep -q "checked as PostgreSQL 14: the header comment at line 2 links the PostgreSQL 14 documentation" <<<"$0"' "$(pk0004 "$work/doclink.conf")"
sed -i 's#/docs/14/#/docs/current/#' "$work/doclink.conf"
check "  close miss: docs/current/ names no major" test -z "$(pk0004 "$work/doclink.conf")"

# the image a compose file or Dockerfile of the checkout runs the file in names its major
# (review 2026-12u, h22a: 11 of 13 Docker files pinned one there)
repo="$work/repo"; mkdir -p "$repo/.git" "$repo/docker/pg"
printf 'services:\n  db:\n    image: "postgres:16.4-alpine"\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
# ... nor where the stock sample the file keeps is a later initdb's: #wal_keep_size (13) beside
# an image of 11 says the file was not written for 11 (held-out set 61, h61c 43: an end of life
# at warning on that premise); close miss: a 9.6 sample beside the same image keeps the clue
old11="$work/old11"; mkdir -p "$old11/.git"
printf 'services:\n  db:\n    image: postgres:11\n' >"$old11/docker-compose.yml"
{ for n in $sample_names; do printf '#%s = x\n' "$n"; done
  printf '#wal_keep_size = 0\nlogging_collector = on\n'; } >"$old11/postgresql.conf"
check "a kept 13 sample beside the repository's postgres:11: not written for 11 (no PK0005)" \
  test "$(cd "$old11" && rlint postgresql.conf | jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0005")] | length)"')" = "18 0"
{ for n in $sample_names; do printf '#%s = x\n' "$n"; done
  printf '#wal_keep_segments = 0\n#max_parallel_workers = 8\nlogging_collector = on\n'; } >"$old11/postgresql.conf"
check "  close miss: a 10-era sample beside it keeps 11's clue" \
  test "$(cd "$old11" && rlint postgresql.conf | jq -r '[.findings[] | select(.rule == "PK0005") | .message | test("PostgreSQL 11")] | join(",")')" = "true"
printf "shared_buffers = 256MB\n" >"$repo/docker/pg/postgresql.conf"
out=$(cd "$repo/docker/pg" && rlint postgresql.conf)
check "a compose file that runs the file as config_file in postgres:16.4-alpine: checked as 16, and PK0004 says where" \
  test "$(jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message | test("../../docker-compose.yml \\(line 3\\) runs it in the image postgres:16.4-alpine")] | join(","))"' <<<"$out")" = "16 true"
printf 'FROM --platform=linux/amd64 pgvector/pgvector:pg15 AS db\nCOPY postgresql.conf /etc/postgresql/postgresql.conf\nCMD ["postgres", "-c", "config_file=/etc/postgresql/postgresql.conf"]\n' >"$repo/docker/pg/Dockerfile"
check "  ... a Dockerfile beside it, nearer, names pgvector:pg15: 15" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 15
rm "$repo/docker/pg/Dockerfile"
# a directory's name in the file's path is the repository's label; a Dockerfile beside it,
# built from the repository's root, that COPYs it (by a pattern too) and installs a package names
# what runs it (held-out set 44, 08: docker/prd/postgresql11/ beside an install of postgresql-12);
# the message quotes the directory, not the file's name (08, 36: "the file's path
# postgresql.conf names it")
dock="$work/dock"; mkdir -p "$dock/.git" "$dock/docker/prd/postgresql11"
printf "shared_buffers = 256MB\n" >"$dock/docker/prd/postgresql11/postgresql.conf"
printf 'FROM ubuntu:20.04\nRUN apt-get install -y postgresql-12\nCOPY docker/prd/postgresql11/*.conf /etc/db_config/\n' >"$dock/docker/prd/postgresql11/Dockerfile"
check "a directory postgresql11 beside a Dockerfile (root context, COPY by pattern) installing postgresql-12: 12" \
  bash -c 'grep -q "^written for PostgreSQL 12: Dockerfile (line 2) installs postgresql-12" <<<"$0"' \
  "$(cd "$dock/docker/prd/postgresql11" && rlint postgresql.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message | sub("^the file was "; "")')"
sed -i 's#\*\.conf /etc#other.conf /etc#' "$dock/docker/prd/postgresql11/Dockerfile"
check "  close miss: a Dockerfile that copies another file: the directory's 11, quoted" \
  bash -c 'grep -q "^written for PostgreSQL 11: the directory postgresql11 in the file.s path names it" <<<"$0"' \
  "$(cd "$dock/docker/prd/postgresql11" && rlint postgresql.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message | sub("^the file was "; "")')"
mkdir -p "$dock/etc/postgresql/14/main" && printf "shared_buffers = 256MB\n" >"$dock/etc/postgresql/14/main/postgresql.conf"
mkdir -p "$dock/conf" && printf "shared_buffers = 256MB\n" >"$dock/conf/postgresql-15-main.conf"
check "  ... a file's own name is called its name, not a directory" \
  bash -c 'grep -q "the file.s name postgresql-15-main.conf names it" <<<"$0"' \
  "$(cd "$dock/conf" && rlint postgresql-15-main.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
check "  ... and a Debian path's two parts: the directory postgresql/14" \
  bash -c 'grep -q "the directory postgresql/14 in the file.s path names it" <<<"$0"' \
  "$(cd "$dock/etc/postgresql/14/main" && rlint postgresql.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
# drop-in builds named for their tool whose tags name the major (held-out set 42, h42c 41:
# pgautoupgrade:18-alpine behind a pgtune header of 16; set 43, h43c 40: pgroonga's own version
# leads its tag)
for img in "pgautoupgrade/pgautoupgrade:18-alpine 18" "groonga/pgroonga:3.1.6-alpine-13-slim 13" \
  "groonga/pgroonga:latest-debian-16 16"; do
  printf 'services:\n  db:\n    image: %s\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' "${img% *}" >"$repo/docker-compose.yml"
  printf "# DB Version: 15\nshared_buffers = 256MB\n" >"$repo/docker/pg/postgresql.conf"
  check "  ... the image ${img% *} over a pgtune header's 15: ${img#* }" \
    test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = "${img#* }"
done
printf 'services:\n  db:\n    image: postgres\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n  exporter:\n    image: bitnami/postgres-exporter:0.15.0-debian-12-r14\n' >"$repo/docker-compose.yml"
check "  close miss: another image's dash part is its distribution's release (postgres-exporter debian-12): the header's 15" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 15
printf 'services:\n  db:\n    image: groonga/pgroonga:3.1.6-alpine-slim\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
check "  close miss: a tag with only the tool's own version (3.1.6) names none: the header's 15" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 15
printf "shared_buffers = 256MB\n" >"$repo/docker/pg/postgresql.conf"
printf 'services:\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n  old:\n    image: postgres:13\n' >"$repo/docker-compose.yml"
# two images of different majors: the service that mounts the file runs its own (review
# 2026-12zg, h35a 02: postgres:12, :14 and :16 in one repository); close miss: a service that
# builds its image names none
printf 'services:\n  other:\n    image: postgres:16\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
check "  ... two services on postgres:16: PK0004 cites the mounting service's line 5 (held-out set 44, h44a 05)" \
  bash -c 'grep -q "docker-compose.yml (line 5) runs it" <<<"$0"' "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
printf 'services:\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n  old:\n    image: postgres:13\n' >"$repo/docker-compose.yml"
check "  ... with another service on postgres:13, the mounting service's 16" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 16
# ... and where the mounting service's image names no major (Citus's tags are Citus's own),
# another service's image is not said to hold the file (held-out set 61, h61c 42: "puts it into
# the image postgres:15", the replica's, for the citus coordinator's file)
printf 'services:\n  db:\n    image: citusdata/citus:12.1\n    volumes:\n      - ./docker/pg:/docker-entrypoint-initdb.d\n  replica:\n    image: postgres:15\n' >"$repo/docker-compose.yml"
check "a file only the citus service mounts: not put into the other service's postgres:15" \
  bash -c '! grep -q "puts it into the image postgres:15\|runs it in the image postgres:15" <<<"$0"' \
  "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '[.findings[] | select(.rule == "PK0004") | .message] | join("|")')"
printf 'services:\n  db:\n    image: postgres:16\n    volumes:\n      - ./docker/pg:/docker-entrypoint-initdb.d\n  replica:\n    image: postgres:15\n' >"$repo/docker-compose.yml"
check "  close miss: mounted by the postgres:16 service, its own 16" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 16
printf 'services:\n  db:\n    build: .\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n  old:\n    image: postgres:13\n  new:\n    image: postgres:16\n' >"$repo/docker-compose.yml"
check "  close miss: the mounting service builds its own, the others disagree: none (18)" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 18
# a compose file that runs another file still names the one major its repository deploys (held-out
# set 48, h48b 21 and 38: postgres:12-alpine and postgres:9.3 beside files checked as 18), saying
# that none runs this file; a Kubernetes manifest in the file's own directory too (h48b 16:
# postgres:11 beside a pg_hba.conf a ConfigMap carries); close misses: two majors among the
# repository's images, and a parameter the file sets that the image's major lacks
printf 'services:\n  db:\n    image: postgres:16\n    volumes:\n      - ./docker/pg/other.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
out=$(cd "$repo/docker/pg" && rlint postgresql.conf)
check "a compose file that runs another file: the repository's only major (16), saying none runs this file" \
  test "$(jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message | test("container files name one PostgreSQL major \\(pgknob found none of them that runs this file\\): ../../docker-compose.yml \\(line 3\\), the image postgres:16")] | join(","))"' <<<"$out")" = "16 true"
# ...but where a compose file (of any name, in a checkout) mounts this file into a service of
# an image of its own, "none runs it" is false: pgknob cannot tell whether that container reads
# it (held-out set 55, h55a 08); and a bind source under $PWD/ is the project's directory, as
# ./ is (h55c 44: `$PWD/pg_conf_master.conf` mounted as config_file, called run by none)
own="$work/ownimg"; mkdir -p "$own/.git" "$own/docker/pg"
printf 'shared_buffers = 1GB\n' >"$own/docker/pg/postgresql.conf"
printf 'FROM debian:buster\nRUN apt-get update && apt-get install -y postgresql-10\n' >"$own/docker/pg/Dockerfile"
printf 'services:\n  postgres:\n    image: acme-postgres:latest\n    volumes:\n      - ./postgresql.conf:/data/config/postgresql.conf\n' >"$own/docker/pg/devenv.yml"
check "  ... a dev compose file mounts it into its own image: said, not 'none runs this file'" \
  grep -q "one PostgreSQL major (devenv.yml mounts or copies this file, into a container pgknob cannot tell reads it)" \
  <<<"$(cd "$own/docker/pg" && rlint postgresql.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
printf 'services:\n  db:\n    image: postgres:15\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - "$PWD/pg_conf.conf:/etc/postgresql/postgresql.conf"\n' >"$own/pg_cluster.yml"
printf 'shared_buffers = 1GB\n' >"$own/pg_conf.conf"
check "  ... \$PWD/pg_conf.conf mounted as config_file by pg_cluster.yml: that service runs it" \
  grep -q "pg_cluster.yml (line 3) runs it in the image postgres:15" \
  <<<"$(cd "$own" && rlint pg_conf.conf | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
printf 'FROM postgres:14\n' >"$repo/docker/Dockerfile"
check "  close miss: a Dockerfile beside it names 14: two majors, none (18)" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 18
rm "$repo/docker/Dockerfile"
printf "summarize_wal = on\n" >"$repo/docker/pg/postgresql.conf"
check "  close miss: the file sets summarize_wal (17): not for 16" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" != 16
printf "shared_buffers = 256MB\n" >"$repo/docker/pg/postgresql.conf"
mkdir -p "$work/k8srepo/.git" "$work/k8srepo/k8s/postgres"
printf 'apiVersion: apps/v1\nkind: StatefulSet\nspec:\n  template:\n    spec:\n      containers:\n        - name: postgres\n          image: postgres:11\n' >"$work/k8srepo/k8s/postgres/statefulset.yml"
printf 'host all all 0.0.0.0/0 md5\n' >"$work/k8srepo/k8s/postgres/pg_hba.conf"
out=$("$PGKNOB" lint --format json --fail-on never "$work/k8srepo/k8s/postgres/pg_hba.conf" 2>/dev/null)
check "a pg_hba.conf beside a StatefulSet of postgres:11: written for 11, out of support (PK0005)" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0005") | .message | test("PostgreSQL 11")] | join(",")' <<<"$out")" = true
printf 'services:\n  db:\n    image: postgres:16\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
printf "data_directory = '/var/lib/postgresql/14/main'\n" >"$repo/docker/pg/postgresql.conf"
check "  close miss: a packaging path in the file wins over the image (14)" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 14

# a compose build's own Dockerfile (`dockerfile: Dockerfile-pg` in its context) names the image,
# and what the repository runs outranks a pgtune header's DB Version, which records what pgtune
# was asked (review 2026-12zd, h31a 01: "DB Version: 16" run in postgres:11-alpine)
printf 'services:\n  db:\n    build:\n      context: ./docker\n      dockerfile: Dockerfile-pg\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
printf 'FROM postgres:14-alpine\n' >"$repo/docker/Dockerfile-pg"
printf "# DB Version: 16\n# OS Type: linux\nshared_buffers = 1GB\n" >"$repo/docker/pg/postgresql.conf"
out=$(cd "$repo/docker/pg" && rlint postgresql.conf)
check "a build's dockerfile: Dockerfile-pg (FROM postgres:14-alpine) over a pgtune header's 16: checked as 14, saying where" \
  test "$(jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message | test("../Dockerfile-pg \\(line 1\\) runs it in the image postgres:14-alpine")] | join(","))"' <<<"$out")" = "14 true"
mv "$repo/docker/Dockerfile-pg" "$repo/docker/Dockerfile"
sed -i '/dockerfile:/d' "$repo/docker-compose.yml"
check "  ... a build with no dockerfile: key reads its context's Dockerfile" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 14
rm "$repo/docker/Dockerfile"
check "  close miss: with no Dockerfile to read, the pgtune header's 16 stands" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 16
# `build:` alone on its line with the context on the next, a plain scalar (held-out set 42, 02:
# `build:` then `./etc/postgresql`, whose FROM postgres:12.2 went unread)
printf 'FROM postgres:14-alpine\n' >"$repo/docker/Dockerfile"
printf 'services:\n  db:\n    build:\n      ./docker\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n    volumes:\n      - ./docker/pg/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$repo/docker-compose.yml"
check "a build's context on the line after build: reads its Dockerfile (14)" \
  test "$(cd "$repo/docker/pg" && rlint postgresql.conf | jq -r '.inputs[0].pg_version')" = 14
rm "$repo/docker/Dockerfile"

# a Dockerfile or compose file that puts the file into a container at all (COPY, ADD, a mount of
# it or its directory) names its major, config_file or not: the image's tag with its ARG, a
# Debian or PGDG path, a package installed (held-out set 32: 12 of 74 files; h32a 01, 05, 13;
# h32b 19, 20; h32c 38)
ship="$work/ship"; rm -rf "$ship"; mkdir -p "$ship/.git" "$ship/db"
printf "shared_buffers = 256MB\n" >"$ship/db/postgres.conf"
shipped() { (cd "$ship/db" && rlint postgres.conf | jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message] | join(""))"'); }
printf 'ARG POSTGRES_VERSION=17.7\nFROM postgres:${POSTGRES_VERSION}\nCOPY postgres.conf /etc/postgresql/custom.conf\n' >"$ship/db/Dockerfile"
check "a Dockerfile that COPYs the file into postgres:\${POSTGRES_VERSION} (ARG 17.7): 17, the image as rendered" \
  bash -c 'grep -q "^17 .*Dockerfile (line 2) puts it into the image postgres:17.7" <<<"$0"' "$(shipped)"
rm "$ship/db/Dockerfile"
printf 'FROM postgres:15\nCOPY postgres.conf /etc/postgresql/postgresql.conf\n' >"$ship/db/app-db.dockerfile"
check "  ... a Dockerfile named app-db.dockerfile: 15" bash -c 'grep -q "^15 " <<<"$0"' "$(shipped)"
mv "$ship/db/app-db.dockerfile" "$ship/db/DockerFile"
check "  ... a DockerFile (any case, built with -f; review 2026-12zf, b04): 15" bash -c 'grep -q "^15 " <<<"$0"' "$(shipped)"
mv "$ship/db/DockerFile" "$ship/db/app-db.dockerfile"
printf 'FROM postgres:15\nCOPY my-postgres.conf /etc/postgresql/postgresql.conf\n' >"$ship/db/app-db.dockerfile"
check "  close miss: one that COPYs my-postgres.conf does not ship postgres.conf (its image is only the repository's)" bash -c '! grep -q "puts it into\|runs it in" <<<"$0"' "$(shipped)"
rm "$ship/db/app-db.dockerfile"
printf 'FROM debian:bookworm-slim\nRUN apt-get update && \\\n    apt-get install -y postgresql-15 zstd\nCOPY postgres.conf $PGDATA/postgresql.conf\n' >"$ship/db/Dockerfile"
check "  ... a Debian image that installs postgresql-15: 15, saying so" bash -c 'grep -q "^15 .*Dockerfile (line 3) installs postgresql-15" <<<"$0"' "$(shipped)"
# Ansible's apt module run in the build (held-out set 46, h46c 38)
printf 'FROM debian:bookworm-slim\nRUN ansible local --connection=local -m apt -a "pkg=postgresql-15 state=present"\nCOPY postgres.conf /config/postgres.conf\n' >"$ship/db/Dockerfile"
check "  ... an Ansible apt module that installs pkg=postgresql-15: 15, saying so" bash -c 'grep -q "^15 .*Dockerfile (line 2) installs postgresql-15" <<<"$0"' "$(shipped)"
printf 'FROM debian:bookworm-slim\nRUN ansible local -m apt -a "pkg=postgresql-15 state=absent"\nCOPY postgres.conf /config/postgres.conf\n' >"$ship/db/Dockerfile"
check "  close miss: state=absent installs nothing (18)" bash -c 'grep -q "^18 " <<<"$0"' "$(shipped)"
# one command at a time, and a package is a package (a code review of this session)
printf 'FROM debian:bookworm-slim\nRUN ansible local -m apt -a "name=postgresql-13 state=absent" && ansible local -m apt -a "name=postgresql-16"\nCOPY postgres.conf /config/postgres.conf\n' >"$ship/db/Dockerfile"
check "  ... the command that removes 13 names nothing, the next installs 16 (present by default)" bash -c 'grep -q "^16 .*installs postgresql-16;" <<<"$0"' "$(shipped)"
printf 'FROM rockylinux:9\nRUN dnf install -y --disablerepo=postgresql13 postgresql16-server\nCOPY postgres.conf /config/postgres.conf\n' >"$ship/db/Dockerfile"
check "  ... --disablerepo=postgresql13 is no package: 16" bash -c 'grep -q "^16 " <<<"$0"' "$(shipped)"
# Alpine's apk add, the package on a continued line (review 2026-12zg, h37b 20)
printf 'FROM alpine:latest AS base\nRUN\t\tapk add --update --virtual base \\\n\t\t\tpostgresql15 \\\n\t\t\t&& rm -f /var/cache/apk/*\nCOPY --chown=root:root entrypoint postgres.conf /run\n' >"$ship/db/Dockerfile"
check "  ... an Alpine image that apk-adds postgresql15 on a continued line: 15, at the package's line" bash -c 'grep -q "^15 .*Dockerfile (line 3) installs postgresql15" <<<"$0"' "$(shipped)"
printf 'FROM debian:bookworm-slim\n# apt-get install postgresql-13 was the old way\nCOPY postgres.conf /etc/postgresql/16/main/conf.d/local.conf\n' >"$ship/db/Dockerfile"
check "  ... a COPY into /etc/postgresql/16/main/conf.d: 16 (the comment's 13 is no clue)" bash -c 'grep -q "^16 .*names /etc/postgresql/16/main/conf.d/local.conf" <<<"$0"' "$(shipped)"
rm "$ship/db/Dockerfile"
# a compose file by another name, run with -f (review 2026-12zg, h35a 04: pgbouncer-alt.yml);
# close miss: a YAML file with no top-level services: is no compose file
printf 'services:\n  db:\n    image: postgres:17.5-bookworm\n    volumes:\n      - ./db/postgres.conf:/etc/postgresql/postgresql.conf\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n' >"$ship/pgbouncer-alt.yml"
check "  ... a compose file named pgbouncer-alt.yml: 17" bash -c 'grep -q "^17 .*pgbouncer-alt.yml" <<<"$0"' "$(shipped)"
printf 'postgres:\n  image: postgres:17.5-bookworm\n  volumes:\n    - ./db/postgres.conf:/etc/postgresql/postgresql.conf\n  command: postgres -c config_file=/etc/postgresql/postgresql.conf\n' >"$ship/pgbouncer-alt.yml"
check "  close miss: a YAML file with no services: names nothing (18)" bash -c 'grep -q "^18 " <<<"$0"' "$(shipped)"
rm "$ship/pgbouncer-alt.yml"
# a COPY of the file's directory from the repository's root (review 2026-12zg, h34a 01:
# `COPY filer/postgres/ /postgres/`, the Dockerfile two levels up); close miss: `COPY . /app`
printf 'FROM postgres:14.2-bullseye\nCOPY db/ /postgres/\n' >"$ship/Dockerfile"
check "  ... a Dockerfile above that COPYs the file's directory db/: 14" bash -c 'grep -q "^14 " <<<"$0"' "$(shipped)"
printf 'FROM postgres:14.2-bullseye\nCOPY . /app\n' >"$ship/Dockerfile"
check "  close miss: one that COPYs the whole context (.) does not ship it (its image is only the repository's)" bash -c '! grep -q "puts it into\|runs it in" <<<"$0"' "$(shipped)"
rm "$ship/Dockerfile"
printf 'services:\n  db:\n    image: postgres:${PG_MAJOR:-16}\n    volumes:\n      - ./db:/config\n    command: postgres -c config_file=/config/postgres.conf\n' >"$ship/compose.yaml"
check "  ... a compose service that mounts its directory, image postgres:\${PG_MAJOR:-16}: 16" bash -c 'grep -q "^16 " <<<"$0"' "$(shipped)"
printf 'services:\n  db:\n    image: postgres:16\n    volumes:\n      - ./dbx:/config\n' >"$ship/compose.yaml"
check "  close miss: one that mounts ./dbx does not ship db/ (16 only as the repository's one image)" bash -c 'grep -q "^16 .*pgknob found none of them that runs this file" <<<"$0"' "$(shipped)"

# a COPY over continued lines (`COPY [ \`, `"db/postgres.conf", \`) names the file too, and what
# the repository runs it with settles a file whose own clues disagree (a path of 16, a
# cluster_name of 14: review 2026-12zf, 21)
printf "hba_file = '/etc/postgresql/16/main/pg_hba.conf'\ncluster_name = '14/main'\n" >"$ship/db/postgres.conf"
printf 'FROM ubuntu:24.04\nRUN apt-get install -y postgresql-16\nCOPY [ \\\n    "db/postgres.conf", \\\n    "/etc/postgresql/16/main/" \\\n]\n' >"$ship/Dockerfile"
check "clues of 16 and 14, a Dockerfile that installs postgresql-16 and COPYs it over lines: 16" \
  bash -c 'grep -q "^16 .*installs postgresql-16" <<<"$0"' "$(shipped)"
rm "$ship/Dockerfile"
check "  close miss: without it, the file names more than one major (18)" bash -c 'grep -q "^18 " <<<"$0"' "$(shipped)"
printf "shared_buffers = 256MB\n" >"$ship/db/postgres.conf"

# a Dockerfile in a sibling directory builds from the repository's root (`docker build -f
# docker/Dockerfile .`) and names the file from there; a compose file there mounts it as
# ../db/postgres.conf (review 2026-12ze, h32a 11)
mkdir -p "$ship/docker" "$ship/deploy"
printf 'FROM postgres:14\nCOPY db/postgres.conf /etc/postgresql/postgresql.conf\n' >"$ship/docker/Dockerfile"
check "a Dockerfile in docker/ that COPYs db/postgres.conf from the root: 14" bash -c 'grep -q "^14 " <<<"$0"' "$(shipped)"
printf 'FROM postgres:14\nCOPY postgres.conf /etc/postgresql/postgresql.conf\n' >"$ship/docker/Dockerfile"
check "  close miss: one that COPYs postgres.conf from its own directory does not ship it" bash -c '! grep -q "puts it into\|runs it in" <<<"$0"' "$(shipped)"
rm "$ship/docker/Dockerfile"
printf 'services:\n  db:\n    image: postgres:13\n    volumes:\n      - ../db/postgres.conf:/etc/postgresql/postgresql.conf\n' >"$ship/deploy/compose.yaml"
check "  ... a compose file in deploy/ that mounts ../db/postgres.conf: 13" bash -c 'grep -q "^13 " <<<"$0"' "$(shipped)"
rm -r "$ship/deploy" "$ship/docker"

# the file's own name states its major as a header would (pg16-config.tpl), over a README's
# list of every supported major (review 2026-12ze, h32d 44); close miss: a name with no number
mkdir -p "$work/named/.git" "$work/named/config"
printf '# PG addon\n\n| version |\n|---|\n| PostgreSQL 12 |\n' >"$work/named/README.md"
printf "shared_buffers = 1GB\n" >"$work/named/config/pg16-config.tpl"
check "a file named pg16-config.tpl: 16, saying so" \
  bash -c 'grep -q "^16 .*the file.s name pg16-config.tpl names it" <<<"$0"' \
  "$(rlint "$work/named/config/pg16-config.tpl" | jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message] | join(""))"')"
printf "shared_buffers = 1GB\n" >"$work/named/config/postgres.conf"
check "  close miss: postgres.conf names none (the README's 12 is its word then)" \
  bash -c '! grep -q "file.s name" <<<"$0"' "$(rlint "$work/named/config/postgres.conf" | jq -r '[.findings[] | select(.rule == "PK0004") | .message] | join("")')"

# dots around the version part it as dashes do, and a template's name names the major it is
# rendered for over a variable in its data_directory (held-out set 42, 03: a role's
# postgresql.9.4.conf.j2 "did not state its major"); close miss: postgresql.conf.16 keeps none
printf "data_directory = '/var/lib/postgresql/{{ postgresql_version }}/main'\nstats_temp_directory = '/run/st'\n" >"$work/named/config/postgresql.9.4.conf.j2"
check "a template named postgresql.9.4.conf.j2: written for 9.4, saying so" \
  bash -c 'grep -q "PK0005 .*the file.s name postgresql.9.4.conf.j2 names it" <<<"$0"' \
  "$(rlint "$work/named/config/postgresql.9.4.conf.j2" | jq -r '[.findings[] | "\(.rule) \(.message)"] | join("\n")')"
printf "shared_buffers = 1GB\n" >"$work/named/config/postgresql.12.conf"
check "  ... and postgresql.12.conf names 12" \
  bash -c 'grep -q "file.s name postgresql.12.conf names it" <<<"$0"' "$(rlint "$work/named/config/postgresql.12.conf" | jq -r '[.findings[] | select(.rule == "PK0004" or .rule == "PK0005") | .message] | join("")')"
printf "shared_buffers = 1GB\n" >"$work/named/config/postgresql.conf.16"
check "  close miss: postgresql.conf.16 names none" \
  bash -c '! grep -q "file.s name" <<<"$0"' "$(rlint "$work/named/config/postgresql.conf.16" | jq -r '[.findings[] | select(.rule == "PK0004") | .message] | join("")')"

# lc_collate and lc_ctype were read-only (internal) until 16 removed them: every major refuses the
# line (t-verdict's bad-lc-*.conf cases on the real 13-18), so no assumed major softens the error
# and removing it is safe (review 2026-12v, h23b 25)
printf "lc_collate = 'en_US.UTF-8'\n" >"$work/lc.conf"
check "lc_collate with no major stated: an error that refuses start, saying 13 to 15 refuse it too" \
  test "$(rlint "$work/lc.conf" | jq -r '[.findings[] | select(.rule == "PK0011") | "\(.severity) \(.refuses_start) \(.hint | test("13 to 15 refuse the line too"))"] | join(",")')" = "error true true"
check "  ... its removal is safe" \
  test "$(rlint "$work/lc.conf" | jq -r '[.findings[] | select(.rule == "PK0011") | .fix[0].safety] | join(",")')" = safe
printf "stats_temp_directory = '/tmp/st'\n" >"$work/st.conf"
check "  close miss: stats_temp_directory, settable until 15, stays the warning that says both" \
  test "$(rlint "$work/st.conf" | jq -r '[.findings[] | select(.rule == "PK0011") | .severity] | join(",")')" = warning

# a finding that names a parameter the file's own major lacks (max_slot_wal_keep_size arrived in
# 13) says it speaks of the major checked (review 2026-12v, h23d 42: an 11 server told to set it)
printf "data_directory = '/var/lib/postgresql/11/main'\nmax_replication_slots = 10\n" >"$work/eleven.conf"
printf "max_replication_slots = 10\n" >"$work/unstated.conf"
check "an 11 file's PK3027, naming max_slot_wal_keep_size (13+), says it speaks of the major checked" \
  bash -c 'grep -q "(on PostgreSQL 18, the major checked)$" <<<"$0"' \
  "$(rlint "$work/eleven.conf" | jq -r '.findings[] | select(.rule == "PK3027") | .message')"
check "  close miss: with no older major evident, no such words" \
  bash -c '! grep -q "the major checked" <<<"$0"' \
  "$(rlint "$work/unstated.conf" | jq -r '.findings[] | select(.rule == "PK3027") | .message')"

# a value naming two majors is two clues that disagree; both before 13, the file is the newer's
# or older, and that end of life (review 2026-12w, h24d 45: 9.1's date for a repository that
# installs 9.3); close miss: one major twice
printf "archive_command = 'test ! -f /var/lib/postgresql/9.1/active || cp %%p /var/lib/postgresql/9.3/archive/%%f'\n" >"$work/two-in-one.conf"
printf "archive_command = 'test ! -f /var/lib/postgresql/9.3/active || cp %%p /var/lib/postgresql/9.3/archive/%%f'\n" >"$work/one-twice.conf"
out=$(rlint "$work/two-in-one.conf")
check "one value naming 9.1 and 9.3: PK0004 says more than one major, PK0005 9.3 and older's" \
  test "$(jq -r '"\([.findings[] | select(.rule == "PK0004") | .message | test("more than one major, every one before")] | join(",")) \([.findings[] | select(.rule == "PK0005") | .message | test("9.3 and older have been out of support since November 8, 2018")] | join(","))"' <<<"$out")" = "true true"
check "  close miss: 9.3 twice is 9.3's end of life" \
  test "$(rlint "$work/one-twice.conf" | jq -r '[.findings[] | select(.rule == "PK0005") | .message | test("9.3")] | join(",")')" = true

# a value the assumed major refuses that an older checked one accepts: both facts, a warning
# (review 2026-12y, h26b 24: password_encryption = on is md5 on 13, refused from 14 on)
printf 'password_encryption = on\n' >"$work/pe.conf"
j=$("$PGKNOB" lint --fail-on never --format json "$work/pe.conf" 2>/dev/null)
check "password_encryption = on, no major stated: a warning that says 13 accepts it" \
  test "$(jq -r '.findings[] | select(.rule == "PK0020") | "\(.severity) \(.refuses_start // false) \(.message | test("PostgreSQL 13 accepts \"on\": the file either targets PostgreSQL 13 or older"))"' <<<"$j")" = "warning false true"
printf "password_encryption = {{ 'on' if x else 'off' }}\n" >"$work/pe.conf.j2"
j=$("$PGKNOB" lint --fail-on never --format json "$work/pe.conf.j2" 2>/dev/null)
check "a template printing on or off: the same warning, naming the rendering 13 accepts" \
  test "$(jq -r '.findings[] | select(.rule == "PK0020") | "\(.severity) \(.message | test("refuses every rendering; PostgreSQL 13 accepts \"on\""))"' <<<"$j")" = "warning true"
j=$("$PGKNOB" lint --fail-on never --format json --pg-version 16 "$work/pe.conf" 2>/dev/null)
check "close miss: --pg-version 16 states the major: the error and its refusal stand" \
  test "$(jq -r '.findings[] | select(.rule == "PK0020") | "\(.severity) \(.refuses_start)"' <<<"$j")" = "error true"
printf 'password_encryption = sha1\n' >"$work/pe2.conf"
j=$("$PGKNOB" lint --fail-on never --format json "$work/pe2.conf" 2>/dev/null)
check "close miss: a value no checked major accepts stays an error" \
  test "$(jq -r '.findings[] | select(.rule == "PK0020") | .severity' <<<"$j")" = "error"
printf "log_destination = 'stdout'\n" >"$work/ld.conf"
j=$("$PGKNOB" lint --fail-on never --format json "$work/ld.conf" 2>/dev/null)
check "close miss: a string whose words a hook checks (log_destination = 'stdout') stays an error" \
  test "$(jq -r '.findings[] | select(.rule == "PK0020") | .severity' <<<"$j")" = "error"

jq_quiet() { jq -e "$@" >/dev/null; }
# the repository's README names the majors it is for (review 2026-12y, h26b 20 and 24): a role
# for 9.1-9.4 whose optional blocks set 9.x parameters is upgrade advice, notices, not warnings
repo="$work/role"; mkdir -p "$repo/.git" "$repo/templates"
printf '# acme.postgresql\n\n### Description\n\nAnsible role to manage postgresql servers, supports:\n\n    - versions 9.1, 9.2, 9.3, 9.4\n    - replication\n' >"$repo/README.md"
printf 'port = {{ pg_port }}\n{%% if pg_checkpoint_segments is defined %%}\ncheckpoint_segments = {{ pg_checkpoint_segments }}\n{%% endif %%}\n' >"$repo/templates/postgresql.conf.j2"
j=$("$PGKNOB" lint --fail-on never --format json "$repo/templates/postgresql.conf.j2" 2>/dev/null)
check "README 'versions 9.1, 9.2, 9.3, 9.4': PK0004 says the README names them, written for 9.4 or older" \
  jq_quiet 'any(.findings[]; .rule == "PK0004" and (.message | test("the repository.s README.md names PostgreSQL 9.1, 9.2, 9.3 and 9.4 \\(line 7\\), every one before those pgknob checks; it was written for PostgreSQL 9.4 or older")))' <<<"$j"
check "... its end of life is a notice, and the optional 9.x line is upgrade advice, no warning" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0005" or .rule == "PK0011") | .severity] | unique | join(",")' <<<"$j")/$(jq '[.findings[] | select(.severity == "warning" or .severity == "error")] | length' <<<"$j")" = "notice/0"
printf '# acme\n\nA role for PostgreSQL.\n\nSupported PostgreSQL versions:\n\n-  PostgreSQL 11\n-  PostgreSQL 10\n-  PostgreSQL 9.6\n' >"$repo/README.md"
j=$("$PGKNOB" lint --fail-on never --format json "$repo/templates/postgresql.conf.j2" 2>/dev/null)
check "a list of 'PostgreSQL N' lines, all before 13: written for the newest, 11, or older" \
  jq_quiet 'any(.findings[]; .rule == "PK0004" and (.message | test("names PostgreSQL 11, 10 and 9.6 \\(lines 7 to 9\\).*written for PostgreSQL 11 or older")))' <<<"$j"
# a parameter the file sets that the README's major lacked says the file is for a later one
# (held-out set 44, 39: aqo's compute_query_id, 14's, beside a README's 9.6); close miss: a
# parameter 9.6 had leaves the README's word
printf '# aqo\n\nAn extension for PostgreSQL 9.6.\n' >"$repo/README.md"
printf "compute_query_id = 'on'\n" >"$work/role/templates/qid.conf"
check "README 9.6, the file sets compute_query_id (14): no README major" \
  test -z "$("$PGKNOB" lint --fail-on never --format json "$repo/templates/qid.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("README")))] | length | select(. > 0)')"
printf "shared_buffers = 1GB\n" >"$work/role/templates/qid.conf"
check "  close miss: a file that sets shared_buffers keeps the README's 9.6" \
  test "$("$PGKNOB" lint --fail-on never --format json "$repo/templates/qid.conf" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("README")))] | length')" = 1
rm "$work/role/templates/qid.conf"
# what a README names, read from the role's template: the README's PK0004 message, or nothing
readme_major() { printf "$1" >"$repo/README.md"; "$PGKNOB" lint --fail-on never --format json "$repo/templates/postgresql.conf.j2" 2>/dev/null | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("README"))) | .message] | join("")'; }
check "close miss: a bound (12+) and a code block name no major" \
  test -z "$(readme_major '# app\n\nA web app. Requires PostgreSQL 12+.\n\n```\ndocker run postgres:9.6\n```\n')"
check "close miss: two supported majors that disagree name none" \
  test -z "$(readme_major '# app\n\nA web app.\n\n- PostgreSQL 15 in staging\n- PostgreSQL 16 in production\n')"
# a node or host name ending in pgN is a name (review 2026-12zg, h37a 06: devops-pg11); close
# miss: "pg16" standing alone is the major
check "close miss: 'devops-pg11', a node name in a README table, names no major" \
  test -z "$(readme_major '# role\n\nAnsible role for Patroni.\n\n| Variable | Default |\n|---|---|\n| node_name | devops-pg11 |\n')"
check "  ... while '- pg16 on Debian 12' names 16" \
  grep -q "README.md names PostgreSQL 16" <<<"$(readme_major '# role\n\nAnsible role for Patroni.\n\n- pg16 on Debian 12\n')"
# a version that dates an event is history, not the file's major (review 2026-12zk, h45c 37:
# "tableam ... was added in Postgres 12 released in 2019"); close miss: "Uses PostgreSQL 13"
check "close miss: 'was added in Postgres 12 released in 2019' names no major" \
  test -z "$(readme_major '# store\n\nA table access method. tableam was added in Postgres 12 released in 2019.\n')"
check "close miss: 'Postgres 12, released in 2019' names no major" \
  test -z "$(readme_major '# store\n\nA table access method for Postgres 12, released in 2019.\n')"
check "close miss: 'introduced with PostgreSQL 12' names no major" \
  test -z "$(readme_major '# store\n\nThe table access method API, introduced with PostgreSQL 12.\n')"
check "  ... while 'Uses PostgreSQL 13.' names 13" \
  grep -q "README.md names PostgreSQL 13" <<<"$(readme_major '# store\n\nA table access method. Uses PostgreSQL 13.\n')"
# a bound wrapped onto the next line is a bound (held-out set 51, h51c 42: "requires PostgreSQL
# 9.6 or" / "higher."); close miss: a line break after the major and a new sentence
check "close miss: 'requires PostgreSQL 9.6 or' + 'higher.' on the next line names no major" \
  test -z "$(readme_major '# ext\n\nAn extension which requires PostgreSQL 9.6 or\nhigher.\n')"
check "  ... while 'uses PostgreSQL 16' + 'to store its orders.' names 16 (a sentence going on)" \
  grep -q "README.md names PostgreSQL 16" <<<"$(readme_major '# shop\n\nThis project uses PostgreSQL 16\nto store its orders.\n')"
check "  ... and '- PostgreSQL 16' + '- 2 GB of memory' names 16" \
  grep -q "README.md names PostgreSQL 16" <<<"$(readme_major '# role\n\nAnsible role for Patroni.\n\n- PostgreSQL 16\n- 2 GB of memory\n')"
check "  ... while 'Uses PostgreSQL 13.' + 'It is fast.' names 13" \
  grep -q "README.md names PostgreSQL 13" <<<"$(readme_major '# store\n\nA table access method. Uses PostgreSQL 13.\nIt is fast.\n')"
printf '# PostgreSQL 16 for the app\nport = 5432\n' >"$repo/templates/own.conf"
printf '# app\n\nUses PostgreSQL 14.\n' >"$repo/README.md"
j=$("$PGKNOB" lint --fail-on never --format json "$repo/templates/own.conf" 2>/dev/null)
check "close miss: the file's own header (16) wins over the README (14)" \
  jq_quiet 'any(.findings[]; .rule == "PK0004" and (.message | test("checked as PostgreSQL 16")))' <<<"$j"

# a possibly old file (one parameter removed before 13): a fix that adds a parameter is unsafe
# only where pgknob knows the parameter arrived later (review 2026-12y, rwr 28: "which has no
# effective_cache_size" was false, every major has it)
printf 'max_fsm_pages = 100000\neffective_cache_size = 8GB\n' >"$work/possold.conf"
j=$("$PGKNOB" lint --fail-on never --format json --host ram=4GB "$work/possold.conf" 2>/dev/null)
check "possibly old: no fix safety claims the old major lacks effective_cache_size" \
  bash -c '! grep -q "which has no effective_cache_size" <<<"$1"' _ "$j"
check "... while track_io_timing's fix says it arrived in 9.2" \
  grep -q "which has no track_io_timing (it arrived in 9.2)" <<<"$j"

# one parameter removed before 13 (checkpoint_segments, gone in 9.5) beside a kept sample as old
# (its #checkpoint_segments): two clues that agree date the file (the development corpus's
# review, rwq 02: max_fsm_pages in an 8.2 sample); close miss: the same line beside a newer
# sample (10 to 12) says both facts
old_names=$(tr ' ' '\n' <<<"$sample_names" | grep -vxE 'max_parallel_workers_per_gather|max_parallel_workers|wal_compression|max_wal_size|min_wal_size' | tr '\n' ' ')
{ for n in $old_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#checkpoint_segments = 3\t\t# in logfile segments\ncheckpoint_segments = 32\n'; } >"$work/sample94-cps.conf"
{ cat "$work/sample12.conf"; printf 'checkpoint_segments = 32\n'; } >"$work/sample12-cps.conf"
j=$("$PGKNOB" lint --fail-on never --format json "$work/sample94-cps.conf" 2>/dev/null)
check "a removed line beside a sample as old: dated, with the sample named, and its end of life" \
  jq_quiet 'any(.findings[]; .rule == "PK0011" and (.message | test("the stock sample the file keeps is as old"))) and any(.findings[]; .rule == "PK0005")' <<<"$j"
j=$("$PGKNOB" lint --fail-on never --format json "$work/sample12-cps.conf" 2>/dev/null)
check "close miss: the same line beside a newer sample says both facts, no end of life" \
  jq_quiet 'all(.findings[]; .rule != "PK0005") and any(.findings[]; .rule == "PK0011" and .severity == "warning" and (.message | test("stops PostgreSQL 9.5")))' <<<"$j"

# a line the file sets that arrived after the sample's date disproves it (held-out set 49, h49a
# 10: a line of 9.3 beside a sample whose #wal_sender_delay left in 9.2, called "9.1 or older");
# close miss: without it the sample dates the file to 9.1 or older
# (9.1's sample: the names of 9.2 and later out, #unix_socket_directory in its place)
names91=$(tr ' ' '\n' <<<"$old_names" | grep -vxE 'unix_socket_directories|huge_pages|autovacuum_work_mem|dynamic_shared_memory_type|temp_file_limit|max_worker_processes|max_replication_slots|track_io_timing' | tr '\n' ' ')
{ for n in $names91 unix_socket_directory wal_sender_delay; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf 'checkpoint_segments = 32\n'; } >"$work/sample91-cps.conf"
{ cat "$work/sample91-cps.conf"; printf "track_io_timing = on\n"; } >"$work/sample91-usd.conf"
check "a sample of 9.1 beside a set track_io_timing (9.2): no '9.1 or older'" \
  bash -c '! grep -q "9\.1 or older\|9\.1 and older" <<<"$0"' "$("$PGKNOB" lint --fail-on never "$work/sample91-usd.conf" 2>&1)"
check "  close miss: the same sample without it: 9.1 and older" \
  grep -q "9\.1 and older" <<<"$("$PGKNOB" lint --fail-on never "$work/sample91-cps.conf" 2>&1)"
# a file's name with an underscore before the version names it as a dash does (held-out set 50,
# h50a 10: postgresql_9.3.conf, "nothing names the major")
printf 'shared_buffers = 24MB\n' >"$work/postgresql_9.3.conf"
check "postgresql_9.3.conf: written for 9.3 (PK0005)" \
  grep -q "PostgreSQL 9.3 has been out of support.*the file's name postgresql_9.3.conf names it" <<<"$("$PGKNOB" lint --fail-on never "$work/postgresql_9.3.conf" 2>&1)"
# a template whose packaging path takes its major from a variable that the rendering role sets to
# a plain version is for that major (held-out set 49, h49a 10: {{ pg_version }}, vars/main.yml's
# pg_version: 9.4); close miss: the role sets another variable
mkdir -p "$work/rolet/.git" "$work/rolet/roles/pg/templates" "$work/rolet/roles/pg/vars"
printf "data_directory = '/var/lib/postgresql/{{ pg_version }}/main'\nshared_buffers = 128MB\n" >"$work/rolet/roles/pg/templates/postgresql.conf.j2"
printf -- '---\npg_version: 9.4\n' >"$work/rolet/roles/pg/vars/main.yml"
check "a template's {{ pg_version }} path and the role's pg_version: 9.4: written for 9.4 (PK0005)" \
  grep -q "PostgreSQL 9.4 has been out of support.*sets pg_version: 9.4" <<<"$("$PGKNOB" lint --fail-on never "$work/rolet/roles/pg/templates/postgresql.conf.j2" 2>&1)"
printf -- '---\npostgresql_version: 9.4\n' >"$work/rolet/roles/pg/vars/main.yml"
check "  close miss: the role sets postgresql_version, the path uses pg_version: the template variable" \
  grep -q "takes its major from a template variable" <<<"$("$PGKNOB" lint --fail-on never "$work/rolet/roles/pg/templates/postgresql.conf.j2" 2>&1)"
# a playbook beside templates/ that renders the template, its play's vars setting the variable
# (held-out set 51, h51a 09: install-postgresql.yml's postgresql_version: "15"); close miss: a
# playbook there that renders another template
mkdir -p "$work/play/.git" "$work/play/pg/templates"
printf "data_directory = '/var/lib/postgresql/{{ postgresql_version }}/main'\nvacuum_defer_cleanup_age = 0\n" >"$work/play/pg/templates/postgresql.conf.j2"
play() { printf -- '---\n- hosts: db\n  vars:\n    postgresql_version: "15"\n  tasks:\n    - template:\n        src: %s\n        dest: /etc/postgresql/{{ postgresql_version }}/main/postgresql.conf\n' "$1" >"$work/play/pg/install.yml"; "$PGKNOB" lint --fail-on never "$work/play/pg/templates/postgresql.conf.j2" 2>&1; }
check "a playbook's vars (postgresql_version: 15) and its template task: checked as 15, no PK0011" \
  bash -c 'grep -q "checked as PostgreSQL 15: ../install.yml (line 4) sets postgresql_version: 15" <<<"$0" && ! grep -q PK0011 <<<"$0"' "$(play postgresql.conf.j2)"
check "  close miss: the playbook renders another template: the template variable" \
  grep -q "takes its major from a template variable" <<<"$(play pg_hba.conf.j2)"

# an explanation's documentation links are the checked major's pages (held-out set 28, h28b 19: a
# report of 16 linked docs/18/)
printf 'temp_buffers = 2GB\n' >"$work/tb.conf"
for major in 16 18; do
  ex=$("$PGKNOB" lint --fail-on never --format json --pg-version "$major" "$work/tb.conf" 2>/dev/null |
    jq -r '.findings[] | select(.rule == "PK2021") | .explanation')
  check "$major: PK2021's explanation links docs/$major/ (and no raw {pg.version})" \
    bash -c 'grep -q "docs/$1/runtime-config-resource.html#GUC-TEMP-BUFFERS" <<<"$0" && ! grep -qF "{pg.version}" <<<"$0"' "$ex" "$major"
done

# a comment line that runs on from a bound in the line above ("(from" / "# PostgreSQL 10 …") is
# no title naming 10; one after a finished sentence is (review 2026-12zg, h34a 04)
printf "archive_mode = on\n# to include the setting --xlog-method=fetch (from\n# PostgreSQL 10 --wal-method=fetch), and wal_keep_size\n" >"$work/runon.conf"
check "a comment running on from '(from': no PostgreSQL 10" \
  test "$(rlint "$work/runon.conf" | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("PostgreSQL 10")))] | length')" = 0
printf "archive_mode = on\n# Tuned in 2024.\n# PostgreSQL 10 settings below\n" >"$work/title.conf"
check "  close miss: a title after a finished sentence names 10" \
  test "$(rlint "$work/title.conf" | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("written for PostgreSQL 10")))] | length')" = 1
# a Dockerfile's ENV renders the package it installs: ENV MAJORVER=12, then
# `dnf install -y postgresql${MAJORVER}-server` (h34a 04); close miss: without the ENV, nothing
envd="$work/envd"; rm -rf "$envd"; mkdir -p "$envd/.git" "$envd/pgconfig"
printf "shared_buffers = 256MB\n" >"$envd/pgconfig/custom.conf"
printf 'FROM centos:8\nENV MAJORVER=12\nRUN dnf install -y postgresql${MAJORVER}-server\nADD pgconfig /opt/pgconfig\n' >"$envd/Dockerfile"
check "a Dockerfile's ENV MAJORVER=12 renders postgresql\${MAJORVER}: written for 12" \
  test "$(rlint "$envd/pgconfig/custom.conf" | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("written for PostgreSQL 12: .*installs postgresql12")))] | length')" = 1
sed -i '/^ENV/d' "$envd/Dockerfile"
check "  close miss: without the ENV the package names no major" \
  test "$(rlint "$envd/pgconfig/custom.conf" | jq -r '[.findings[] | select(.rule == "PK0004" and (.message | test("PostgreSQL 12")))] | length')" = 0

# advice for a file written for an older major: a value name that major lacks is kept for it
# (wal_level = hot_standby before 9.6), and a suggestion naming a parameter it lacks holds only
# after the upgrade (review 2026-12zg, h34a 03, 04, 05)
old12="$work/old12"; rm -rf "$old12"; mkdir -p "$old12/.git"
printf 'FROM postgres:12\nCOPY pg.conf /etc/postgresql/postgresql.conf\n' >"$old12/Dockerfile"
printf "wal_level = hot_standby\nmax_replication_slots = 10\n" >"$old12/pg.conf"
out=$(rlint "$old12/pg.conf")
check "a 12 file: PK0032's hint keeps hot_standby for a server older than 9.6" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0032") | .hint | test("older than 9.6 knows only hot_standby")] | join(",")' <<<"$out")" = true
check "  ... and PK3027 offers max_slot_wal_keep_size once the server runs 13 or later" \
  test "$(jq -r '[.findings[] | select(.rule == "PK3027") | .suggestion | startswith("once the server runs PostgreSQL 13 or later")] | join(",")' <<<"$out")" = true
check "  close miss: the same file checked as 13 (--pg-version) says nothing of an upgrade" \
  test "$(rlint --pg-version 13 "$old12/pg.conf" | jq -r '[.findings[] | select(.rule == "PK3027") | .suggestion | startswith("once")] | join(",")')" = false

# an authentication file's server runs a major as a postgresql.conf's does: the image its compose
# file runs, its path (review 2026-12zh, h38b 24: a pg_hba.conf mounted into postgres:14 was
# checked as 18, with no word of 14's end of life)
hrepo="$work/hbarepo"; mkdir -p "$hrepo/.git" "$hrepo/docker/pg"
printf 'services:\n  db:\n    image: postgres:14\n    command: postgres -c hba_file=/etc/postgresql/pg_hba.conf\n    volumes:\n      - ./docker/pg/pg_hba.conf:/etc/postgresql/pg_hba.conf\n' >"$hrepo/docker-compose.yml"
printf 'local all all peer\nhost all all 10.0.0.0/8 scram-sha-256\n' >"$hrepo/docker/pg/pg_hba.conf"
out=$(cd "$hrepo/docker/pg" && rlint pg_hba.conf)
check "a pg_hba.conf mounted into postgres:14: checked as 14, and PK0004 names the compose file" \
  test "$(jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0004") | .message | test("docker-compose.yml \\(line 3\\)")] | join(","))"' <<<"$out")" = "14 true"
check "  ... and 14's end of life is a warning (PK0005)" \
  test "$(jq -r '[.findings[] | select(.rule == "PK0005") | .severity] | join(",")' <<<"$out")" = warning
check "  close miss: --pg-version 14 makes it the notice of a stated major" \
  test "$(cd "$hrepo/docker/pg" && rlint --pg-version 14 pg_hba.conf | jq -r '[.findings[] | select(.rule == "PK0005") | .severity] | join(",")')" = notice
printf 'services:\n  db:\n    image: postgres:17\n    command: postgres -c hba_file=/etc/postgresql/pg_hba.conf\n    volumes:\n      - ./docker/pg/pg_hba.conf:/etc/postgresql/pg_hba.conf\n' >"$hrepo/docker-compose.yml"
out=$(cd "$hrepo/docker/pg" && rlint pg_hba.conf)
check "  close miss: mounted into postgres:17, checked as 17 with no PK0005" \
  test "$(jq -r '"\(.inputs[0].pg_version) \([.findings[] | select(.rule == "PK0005")] | length)"' <<<"$out")" = "17 0"
mkdir -p "$work/etc/postgresql/9.6/main"
printf 'local all all peer\n' >"$work/etc/postgresql/9.6/main/pg_hba.conf"
check "a pg_hba.conf under a 9.6 packaging path: 9.6's end of life" \
  test "$(rlint "$work/etc/postgresql/9.6/main/pg_hba.conf" | jq -r '[.findings[] | select(.rule == "PK0005") | .message | test("9.6")] | join(",")')" = true

# the role that renders a template names its server in its own variables, over a README's prose
# (held-out set 46, h46b 19: db.postgres.version 13 beside a README's 9.6 example path)
role="$work/rolevars"
mkdir -p "$role/.git" "$role/templates" "$role/defaults"
printf 'local all all peer\nhost all all 10.0.0.0/8 scram-sha-256\n' >"$role/templates/pg_hba.conf.j2"
printf '# role\n\nDefault data location: /var/lib/pgsql/9.6/data/ with PostgreSQL 9.6.\n' >"$role/README.md"
role_major() { printf '%b' "$1" >"$role/defaults/main.yml"; major_of "$role/templates/pg_hba.conf.j2"; }
check "a role's defaults/main.yml db.postgres.version: 16 names 16 over the README's 9.6" \
  test "$(role_major 'db:\n  name: app\n  postgres:\n    version: 16\n')" = "16 evidence"
check "  ... postgresql_version: '15' names 15" test "$(role_major "postgresql_version: '15'\n")" = "15 evidence"
check "  ... and PK0004 cites the variable and its line" \
  grep -q "checked as PostgreSQL 15: ../defaults/main.yml (line 1) sets postgresql_version: 15" \
  <<<"$(lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
check "  close miss: an expression names none (the README's 9.6 stays)" \
  grep -q "README" <<<"$(role_major 'postgresql_version: "{{ pg_major }}"\n' >/dev/null; lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
check "  close miss: two variables that disagree name none" \
  bash -c '! grep -q "defaults/main.yml" <<<"$1"' _ "$(role_major 'postgresql_version: 15\npg:\n  version: 14\n' >/dev/null; lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
check "  close miss: another program's version (nginx_version: 16) names none" \
  bash -c '! grep -q "defaults/main.yml" <<<"$1"' _ "$(role_major 'nginx_version: 16\n' >/dev/null; lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"

# where no variable names it, the role's tasks do, by package or Debian's/PGDG's layout (held-out
# set 54, h54b 17: tasks installing postgresql-9.4 and editing /etc/postgresql/9.4/main); close
# misses: tasks naming two majors (an upgrade), a template's package name, a JDBC driver
rm -f "$role/defaults/main.yml" "$role/README.md"
mkdir -p "$role/tasks"
tasks() { printf '%b' "$1" >"$role/tasks/main.yml"; major_of "$role/templates/pg_hba.conf.j2"; }
check "a role's tasks installing postgresql-9.4 name 9.4" \
  grep -q "written for PostgreSQL 9.4: ../tasks/main.yml (line 4) names the package postgresql-9.4" \
  <<<"$(tasks '- apt:\n    name: "{{ item }}"\n  with_items:\n    - postgresql-9.4\n    - postgresql-client-9.4\n' >/dev/null; lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
check "  ... and PK0005 says its end of life, citing the task's line" \
  grep -q "PostgreSQL 9.4 has been out of support.*../tasks/main.yml (line 4) names the package postgresql-9.4" \
  <<<"$(lint_json "$role/templates/pg_hba.conf.j2" | jq -r '.findings[] | select(.rule == "PK0005") | .message')"
check "  ... a task's path /etc/postgresql/16/main names 16" \
  test "$(tasks '- lineinfile:\n    path: /etc/postgresql/16/main/postgresql.conf\n    line: x\n')" = "16 evidence"
check "  ... PGDG's postgresql15-server names 15" \
  test "$(tasks '- dnf:\n    name: postgresql15-server\n')" = "15 evidence"
check "  close miss: tasks naming two majors (an upgrade) name none" \
  test "$(tasks '- apt:\n    name: postgresql-9.6\n- apt:\n    name: postgresql-13\n' | cut -d' ' -f2)" != evidence
check "  close miss: a template's postgresql-{{ v }} and a JDBC driver's postgresql-42.2.5.jar name none" \
  test "$(tasks '- apt:\n    name: postgresql-{{ v }}\n- get_url:\n    url: https://x/postgresql-42.2.5.jar\n' | cut -d' ' -f2)" != evidence
check "  close miss: a comment names nothing" \
  test "$(tasks '# was postgresql-9.4\n- apt:\n    name: postgresql\n' | cut -d' ' -f2)" != evidence
rm -rf "$role/tasks"

cb="$work/cookbook"; mkdir -p "$cb/.git" "$cb/templates/default"
# a Chef cookbook's attributes name the major its template's variable prints (h56a 13:
# default[:postgresql][:version] = "9.1" and node.postgresql.version in data_directory's path);
# close miss: another program's version
mkdir -p "$cb/attributes"
printf "data_directory = '/var/lib/postgresql/<%%= node.postgresql.version -%%>/main'\nshared_buffers = 24MB\n" >"$cb/templates/default/postgresql.conf.erb"
printf 'default[:postgresql][:version] = "9.1"\n' >"$cb/attributes/default.rb"
check "Chef attributes' postgresql version 9.1, printed by the template: 9.1's end of life" \
  grep -q "PostgreSQL 9.1 has been out of support.*attributes/default.rb (line 1) sets postgresql.version: 9.1" \
  <<<"$(lint_json "$cb/templates/default/postgresql.conf.erb" | jq -r '.findings[] | select(.rule == "PK0005") | .message')"
printf 'default[:nginx][:version] = "9.1"\n' >"$cb/attributes/default.rb"
check "  close miss: nginx's version names none" \
  test "$(lint_json "$cb/templates/default/postgresql.conf.erb" | jq -r '[.findings[] | select(.rule == "PK0005")] | length')" = 0
# one compose service's old image: that service runs it, not the whole file (held-out set 52,
# h52c 34: a 9.6 service beside three on 18, "the file was written for PostgreSQL 9.6"); close
# miss: a file's own evidence keeps its words
printf 'services:\n  new:\n    image: postgres:18\n    command: postgres -c log_connections=on\n  old:\n    image: postgres:9.6-alpine\n    command: postgres -c log_connections=on\n' >"$work/two-majors.yml"
eol_of() { lint_json "$1" | jq -r '[.findings[] | select(.rule == "PK0005" or .rule == "PK0004") | .message] | join(" | ")'; }
check "compose: an old service's PK0004 and PK0005 name the service" \
  grep -q 'service old runs it (image is "postgres:9.6-alpine".*service old runs PostgreSQL 9.6: image is' <<<"$(eol_of "$work/two-majors.yml")"
check "  ... and never say the file was written for it" bash -c '! grep -q "the file was written for" <<<"$0"' "$(eol_of "$work/two-majors.yml")"
printf '# PostgreSQL 9.6 configuration\nshared_buffers = 128MB\n' >"$work/old96.conf"
check "  close miss: a file's header keeps 'the file was written for'" \
  grep -q "the file was written for" <<<"$(eol_of "$work/old96.conf")"

# a value's old name in a file written before its new name arrived: that server knows only the
# old one, so nothing is suggested (review 2026-12zo, h53a 09: wal_level = replica for a 9.3
# file); close miss: a file naming no major keeps the suggestion
pk0032() { lint_json "$1" | jq -r '[.findings[] | select(.rule == "PK0032") | "\(.suggestion // "none") \(.message)"] | join("")'; }
printf "data_directory = '/var/lib/postgresql/9.3/main'\nwal_level = hot_standby\n" >"$work/old93.conf"
check "PK0032 in a 9.3 file: no suggestion, the name 9.3 knows" \
  grep -q "^none wal_level = hot_standby is the name the PostgreSQL 9.3 this file was written for knows" <<<"$(pk0032 "$work/old93.conf")"
printf "wal_level = hot_standby\n" >"$work/nomajor.conf"
check "  close miss: a file naming no major: wal_level = replica" grep -q "^wal_level = replica " <<<"$(pk0032 "$work/nomajor.conf")"

# the compose file that mounts the file names its major, not another of the directory that names
# only the container's path (review 2026-12zo, h53a 06: docker-compose.minimal.yml, which runs
# postgresql.minimal.conf, cited for postgresql.conf); close miss: an absolute source that ends
# with the file's path (Vagrant's /vagrant/ checkout) still names it
mkdir -p "$work/twostacks" "$work/vagrantck/docker/postgres"
for v in minimal:15:postgresql.minimal.conf prod:16:postgresql.conf; do
  IFS=: read -r name major src <<<"$v"
  printf 'services:\n  db:\n    image: postgres:%s\n    volumes:\n      - ./%s:/etc/postgresql/postgresql.conf:ro\n    command: postgres -c config_file=/etc/postgresql/postgresql.conf\n' "$major" "$src" >"$work/twostacks/docker-compose.$name.yml"
done
printf 'shared_buffers = 128MB\n' | tee "$work/twostacks/postgresql.conf" >"$work/twostacks/postgresql.minimal.conf"
check "two stacks: the compose file that mounts postgresql.conf names its major (16)" \
  grep -q "docker-compose.prod.yml (line 3) runs it in the image postgres:16" <<<"$(pk0004 "$work/twostacks/postgresql.conf")"
printf 'shared_buffers = 128MB\n' >"$work/vagrantck/docker/postgres/postgresql.conf"
printf 'services:\n  db:\n    image: postgres:14\n    command: "-c config_file=/etc/postgresql/postgresql.conf"\n    volumes:\n      - /vagrant/docker/postgres/postgresql.conf:/etc/postgresql/postgresql.conf\n' >"$work/vagrantck/docker/docker-compose.yml"
check "  close miss: /vagrant/docker/postgres/postgresql.conf names it (14)" \
  grep -q "runs it in the image postgres:14" <<<"$(pk0004 "$work/vagrantck/docker/postgres/postgresql.conf")"

# a compose file that mounts the file only into an application's container puts it into no
# PostgreSQL image (review 2026-12zo, h53b 17: ./config mounted into Odoo's, "puts it into the
# image postgres:15"); close misses: the same mount into the db service, and an all-in-one
# image mounting it where its server reads it
appmount() {
  rm -rf "$work/appmount" && mkdir -p "$work/appmount/config" "$work/appmount/odoo"
  printf 'host all all all scram-sha-256\n' >"$work/appmount/config/pg_hba.conf"
  printf 'FROM odoo:17\n' >"$work/appmount/odoo/Dockerfile"
  printf 'services:\n  web:\n%b    volumes:\n      - ./config:%s\n  db:\n    image: postgres:15\n' "$1" "$2" >"$work/appmount/docker-compose.yml"
  pk0004 "$work/appmount/config/pg_hba.conf"
}
check "./config mounted into an Odoo image: no image puts it in" \
  bash -c '! grep -q "puts it into the image postgres:15" <<<"$0"' "$(appmount '    image: odoo:17\n' /etc/odoo)"
check "  ... nor into one built FROM odoo" \
  bash -c '! grep -q "puts it into the image postgres:15" <<<"$0"' "$(appmount '    build: ./odoo\n' /etc/odoo)"
check "  close miss: the same mount into the db service puts it into postgres:15" \
  grep -q "puts it into the image postgres:15" <<<"$(appmount '    image: odoo:17\n  dbx:\n    image: postgres:15\n' /etc/postgresql)"
# ... and in a file dated to 9.6 or older by its removed parameters, whose server starts with the
# line, it is one more line of the upgrade notice (PK0011), not a warning whose hint says the file
# states no major (held-out set 60, h60a 12: a 9.4 Salt template); close miss: a file dated to 11
# keeps PK0050, since 10 and later refuse the line
printf 'wal_level = minimal\ncheckpoint_segments = 16\nsql_inheritance = on\n' >"$work/minimal94.conf"
check "wal_level = minimal in a file dated 9.4 or older: one line of PK0011's upgrade notice, no PK0050" \
  test "$(lint_json "$work/minimal94.conf" | jq -r '([.findings[] | select(.rule == "PK0050")] | length) as $n | [.findings[] | select(.rule == "PK0011")][0] | "\($n) \(.severity) \(.message | test("wal_level = minimal \\(line 1: PostgreSQL 10 and later refuse it"))"')" = "0 notice true"
printf 'wal_level = minimal\nstats_temp_directory = x\ndata_directory = '"'"'/var/lib/postgresql/11/main'"'"'\n' >"$work/minimal11.conf"
check "  close miss: dated to 11, PK0050 stays" \
  test "$(lint_json "$work/minimal11.conf" | jq -r '[.findings[] | select(.rule == "PK0050")] | length')" = "1"
# a kept sample of another catalogued major (16's, checked as 18): a finding whose setting reads
# otherwise there says which major it speaks of (held-out set 60, h60c 42: "log_connections is
# empty" of a file keeping 16's sample, where it is off); close miss: one whose settings read the
# same on 16 and 18 (log_statement) says nothing of the major
{ for n in $sample_names; do printf '#%s = x\t\t# comment\n' "$n"; done
  printf '#reserved_connections = 0\n#db_user_namespace = off\nlog_disconnections = on\nlog_statement = all\n'; } >"$work/sample16.conf"
out=$("$PGKNOB" lint --format json --fail-on never "$work/sample16.conf" 2>/dev/null)
check "a kept 16 sample checked as 18: PK8009's 18 words say the major checked" \
  test "$(jq -r '[.findings[] | select(.rule == "PK8009") | .message | endswith("(on PostgreSQL 18, the major checked)")] | join(",")' <<<"$out")" = "true"
check "  close miss: a finding whose setting reads the same on 16 and 18 does not" \
  test "$(jq -r '[.findings[] | select(.settings[0].name == "log_statement") | .message | test("the major checked")] | unique | join(",")' <<<"$out")" = "false"
# a deployment script of the file's module that installs it into a Debian cluster's directory
# names the server that reads it, over the repository's other images and its README (held-out
# set 61, h61b 18 and 19: a Vagrant bootstrap's cp into /etc/postgresql/9.3/main/ beside a
# compose file's postgres:9.4 that never reads the file); close miss: a script that installs
# another file
vag="$work/vagkit"; mkdir -p "$vag/.git" "$vag/vagrant"
printf 'host all all 127.0.0.1/32 md5\n' >"$vag/vagrant/pg_hba.conf"
printf 'services:\n  db:\n    image: postgres:9.4\n' >"$vag/docker-compose.yml"
printf '#!/bin/sh\napt-get install -y postgresql-9.3\nsudo cp /pleas/vagrant/pg_hba.conf /etc/postgresql/9.3/main/pg_hba.conf\n' >"$vag/vagrant/bootstrap.sh"
check "a bootstrap script's cp into /etc/postgresql/9.3/main/ dates the file 9.3, naming the line" \
  grep -q "the file was written for PostgreSQL 9.3: bootstrap.sh (line 3) installs it into /etc/postgresql/9.3/main/pg_hba.conf" \
  <<<"$(cd "$vag/vagrant" && rlint pg_hba.conf | jq -r '[.findings[] | select(.rule == "PK0004") | .message] | join("|")')"
printf '#!/bin/sh\nsudo cp /pleas/vagrant/pg_ident.conf /etc/postgresql/9.3/main/pg_ident.conf\n' >"$vag/vagrant/bootstrap.sh"
check "  close miss: a script that installs another file: the repository's postgres:9.4" \
  grep -q "the image postgres:9.4" <<<"$(cd "$vag/vagrant" && rlint pg_hba.conf | jq -r '[.findings[] | select(.rule == "PK0004") | .message] | join("|")')"
# a literal version before a stand-in names the major itself: Debian's VERSION-CLUSTER.pid with
# the cluster a placeholder (held-out set 61, h61b 21: "takes its major from a template variable"
# of a 9.4 kit whose paths all name 9.4); close miss: the version itself a placeholder
printf "data_directory = '/var/lib/postgresql/9.4/@@CLUSTER@@'\nexternal_pid_file = '/var/run/postgresql/9.4-@@CLUSTER@@.pid'\nshared_buffers = 1GB\n" >"$work/pidclu.conf"
check "9.4-@@CLUSTER@@.pid beside /var/lib/postgresql/9.4/@@CLUSTER@@: written for 9.4, no template variable" \
  test "$(lint_json "$work/pidclu.conf" | jq -r '[.findings[] | select(.rule == "PK0004") | .message | test("written for PostgreSQL 9.4:") and (test("template variable") | not)] | join(",")')" = true
printf "data_directory = '/var/lib/postgresql/@@V@@/main'\nexternal_pid_file = '/var/run/postgresql/@@V@@-main.pid'\n" >"$work/pidver.conf"
check "  close miss: @@V@@-main.pid, the version a stand-in: a template variable" \
  grep -q "takes its major from a template variable" <<<"$(lint_json "$work/pidver.conf" | jq -r '.findings[] | select(.rule == "PK0004") | .message')"
done_testing
