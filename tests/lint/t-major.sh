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
fires() { # description, line text, expected major, expected words in the notice
  printf 'shared_buffers = 128MB\n%s\n' "$2" >"$work/f.conf"
  local got note
  got=$(major_of "$work/f.conf"); note=$(pk0004 "$work/f.conf")
  if [ "$got" = "$3 evidence" ] && [[ "$note" == "2: checked as PostgreSQL $3: $4"* ]]; then
    ok "$1: checked as $3, the notice names line 2"
  else
    fail "$1: got '$got', notice '$note'"
  fi
}
fires "Debian data_directory" "data_directory = '/var/lib/postgresql/17/main'" 17 \
  "data_directory at line 2 names /var/lib/postgresql/17/main; give --pg-version"
fires "Debian hba_file" "hba_file = '/etc/postgresql/15/main/pg_hba.conf'" 15 "hba_file at line 2 names"
fires "Debian binaries" "dynamic_library_path = '/usr/lib/postgresql/16/lib'" 16 "dynamic_library_path"
fires "RHEL/PGDG binaries" "dynamic_library_path = '/usr/pgsql-17/lib'" 17 "dynamic_library_path"
fires "RHEL data directory" "data_directory = '/var/lib/pgsql/14/data'" 14 "data_directory"
fires "Debian stats_temp_directory" "stats_temp_directory = '/var/run/postgresql/13-main.pg_stat_tmp'" 13 "stats_temp_directory"
fires "Homebrew" "data_directory = '/opt/homebrew/var/postgresql@16'" 16 "data_directory"
fires "Debian cluster_name" "cluster_name = '16/main'" 16 "cluster_name at line 2 is 16/main"
fires "pgtune header" "# DB Version: 13" 13 "the comment at line 2 says DB Version: 13"

# several places agreeing: one notice, counting them
printf "data_directory = '/var/lib/postgresql/15/main'\ncluster_name = '15/main'\n" >"$work/agree.conf"
check "agreeing places: one notice that counts them" \
  grep -qF '(and 1 more place agrees)' <<<"$(pk0004 "$work/agree.conf")"

# the file's own path
mkdir -p "$work/etc/postgresql/14/main"
printf 'shared_buffers = 128MB\n' >"$work/etc/postgresql/14/main/postgresql.conf"
check "the file's own path /etc/postgresql/14/main" \
  test "$(major_of "$work/etc/postgresql/14/main/postgresql.conf")" = "14 evidence"

# --- close misses: no major named, the default and no notice ---
misses() { # description, line text
  printf 'shared_buffers = 128MB\n%s\n' "$2" >"$work/m.conf"
  local got note
  got=$(major_of "$work/m.conf"); note=$(pk0004 "$work/m.conf")
  if [ "$got" = "18 default" ] && [ -z "$note" ]; then ok "close miss, $1: the default, no notice"
  else fail "close miss, $1: got '$got', notice '$note'"; fi
}
misses "the Docker image's path" "data_directory = '/var/lib/postgresql/data'"
misses "a cluster named main" "cluster_name = 'main'"
misses "a comment with a number" "# tuned for version 13 of the app"
misses "a log file name" "log_filename = 'postgresql-%Y-%m-%d_%H%M%S.log'"
misses "a port like a major" "port = 5417"
misses "a lone 9" "data_directory = '/var/lib/pgsql/9/data'"
misses "a directory named pg17" "data_directory = '/srv/pg17data'"

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
zalando '"11"'
expect_exit 2 "Zalando version 11: exit 2" -- "$PGKNOB" lint --no-rules "$work/z.yaml"
check "... naming the file, line and column, and --pg-version" bash -c \
  'grep -qF "z.yaml:7:14: spec.postgresql.version is \"11\": PostgreSQL 11, but pgknob knows 13 to 18" <<<"$0" && grep -qF -- "--pg-version" <<<"$0"' "$ERR"
expect_exit 0 "... linted with --pg-version 16" -- "$PGKNOB" lint --no-rules --fail-on never --pg-version 16 "$work/z.yaml"
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
expect_exit 2 "Patroni bin_dir of 11: exit 2" -- "$PGKNOB" lint --no-rules "$work/patroni.yml"
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

done_testing
