#!/usr/bin/env bash
# needs: servers
# lane: shared
# The verdict differential: for every configuration of the corpus (tests/lint/cases, the real-world
# files, each major's own sample) and every major 13–18, pgknob lint reports an error exactly when
# the real server refuses to start with it. The server is the oracle: `postgres -C` first, then a
# real start for what -C accepts (startup-only checks such as min_wal_size ≥ 2 segments). With rule
# packs on, refuses_start must hold exactly for the server's refusals (and --fail-on refusal exit 1).
# A refusal caused by the machine rather than the configuration (a preload library that is not
# installed, a missing hba_file, memory) is listed as "environment" and not counted as agreement.
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh

MAJORS="${VERDICT_MAJORS:-13 14 15 16 17 18}"
REALWORLD="${REALWORLD_DIR:-$(realworld_dir)}" || fail "the real-world corpus: not found"
vd_setup $MAJORS || { fail "scratch data directories"; done_testing; exit 1; }
work="$(mktemp -d /tmp/pgknob-verdict.XXXXXX)"
trap 'rm -rf "$work"; vd_cleanup' EXIT

declare -A agree=() total=() env=()
disagreements=()

# One configuration on one major: the server's verdict, then pgknob's, compared. A case directory
# (tests/lint/cases/NAME.d: includes, postgresql.auto.conf) is linted as a data directory.
verdict_case() { # major file-or-dir label
  local major="$1" file="$2" label="$3" server lint stage
  if [ -d "$file" ]; then
    vd_install_dir "$major" "$file"
    vd_lint "$major" "$(vd_data "$major")"
  else
    vd_install "$major" "$file"
    vd_lint "$major" "$(vd_conf "$major")"
  fi
  vd_check_c "$major"
  stage="-C"
  if [ "$VD_RC" -eq 0 ]; then
    vd_start "$major"
    stage="start"
  fi
  server=$([ "$VD_RC" -eq 0 ] && echo accepts || echo refuses)
  lint=$([ "$VD_ERRORS" -gt 0 ] && echo refuses || echo accepts)
  [ "$VD_ERRORS" -lt 0 ] && lint="broken"
  # a locale this machine lacks: the server refuses in -C already; pgknob must warn (PK0060)
  if [ "$server" = refuses ] && [ "$lint" = accepts ] && [[ "$VD_MSG" == 'invalid value for parameter "lc_'* ]]; then
    env[$major]=$(( ${env[$major]:-0} + 1 ))
    if grep -q 'PK0060' <<<"$VD_TEXT"; then
      ok "$label on $major: locale missing on this machine, the server refuses and pgknob warns (PK0060)"
    else
      fail "$label on $major: the server refuses a locale ($VD_MSG) and pgknob does not warn"
    fi
    return
  fi
  # a value of an optional build feature (io_uring, lz4, zstd) this server build lacks: pgknob
  # cannot know the target's build, so it must say so (PK0023) instead of staying silent
  if [ "$server" = refuses ] && [ "$lint" = accepts ] && grep -q 'PK0023' <<<"$VD_TEXT" &&
     [[ "$VD_MSG" == 'invalid value for parameter '* ]]; then
    env[$major]=$(( ${env[$major]:-0} + 1 ))
    ok "$label on $major: this build lacks the optional library, the server refuses and pgknob notes it (PK0023)"
    return
  fi
  # shared memory this machine cannot map: vd_lint gives pgknob this machine's facts (--host
  # local), so whenever the server refuses for memory pgknob must have named the demand (PK0062)
  if [ "$server" = refuses ] && [ "$lint" = accepts ] && [ "$stage" = start ] && vd_memory_refusal "$VD_MSG"; then
    env[$major]=$(( ${env[$major]:-0} + 1 ))
    echo "# environment: $label on $major: $VD_MSG"
    if grep -q 'PK0062' <<<"$VD_TEXT"; then
      ok "$label on $major: refused by this machine ($VD_MSG), and pgknob names the shared-memory demand (PK0062)"
    else
      fail "$label on $major: refused by this machine ($VD_MSG), and pgknob does not name the shared-memory demand"
    fi
    return
  fi
  # a refusal caused by the machine: set aside, but pgknob must have named the setting (PK0061)
  if [ "$server" = refuses ] && [ "$lint" = accepts ] && [ "$stage" = start ] && vd_env_refusal "$VD_MSG"; then
    env[$major]=$(( ${env[$major]:-0} + 1 ))
    echo "# environment: $label on $major: $VD_MSG"
    if grep -q 'PK0061' <<<"$VD_TEXT"; then
      ok "$label on $major: refused by this machine ($VD_MSG), and pgknob names it (PK0061)"
    else
      fail "$label on $major: refused by this machine ($VD_MSG), and pgknob says nothing about it"
    fi
    return
  fi
  vd_refusal_check "$major" "$([ -d "$file" ] && vd_data "$major" || vd_conf "$major")" "$label" "$server"
  total[$major]=$(( ${total[$major]:-0} + 1 ))
  if [ "$server" = "$lint" ]; then
    agree[$major]=$(( ${agree[$major]:-0} + 1 ))
    if [ "$server" = refuses ]; then ok "$label on $major: both refuse ($stage: $VD_MSG)"
    else ok "$label on $major: both accept"; fi
  else
    disagreements+=("$label@$major")
    fail "$label on $major: server $server ($stage: ${VD_MSG:-ready}), pgknob $lint (${VD_LINT_MSG:-no error})"
  fi
}

sample_of() { # major
  local bin; bin="$(pg_bin_dir "$1")"
  if [ "$1" = 15 ]; then echo /usr/share/postgresql/15/postgresql.conf.sample
  else echo "$(dirname "$bin")/share/postgresql/postgresql.conf.sample"; fi
}

for major in $MAJORS; do
  for file in tests/lint/cases/*.conf; do
    [ -f "$file" ] || continue
    verdict_case "$major" "$file" "case $(basename "$file" .conf)"
  done
  for dir in tests/lint/cases/*.d; do
    [ -d "$dir" ] || continue
    verdict_case "$major" "$dir" "case $(basename "$dir")"
    vd_uninstall_dir
  done
  for file in "$REALWORLD"/*.conf; do
    [ -f "$file" ] || continue
    cp "$file" "$work/rw.conf"
    verdict_case "$major" "$work/rw.conf" "realworld $(basename "$file" .conf)"
  done
  sample="$(sample_of "$major")"
  if [ -f "$sample" ]; then
    verdict_case "$major" "$sample" "sample"
    expect_exit 0 "the $major sample lints with no error under $major" -- \
      "$PGKNOB" lint --no-rules --pg-version "$major" --fail-on error "$sample"
  else
    fail "no postgresql.conf.sample for $major at $sample"
  fi
done

for major in $MAJORS; do
  echo "# PostgreSQL $major: ${agree[$major]:-0}/${total[$major]:-0} verdicts agree, ${env[$major]:-0} environment refusals set aside"
  echo "# PostgreSQL $major: refuses_start (rule packs on) matches the server in ${VD_REFUSAL_AGREE[$major]:-0}/${VD_REFUSAL_TOTAL[$major]:-0} cases"
done
[ ${#disagreements[@]} -gt 0 ] && echo "# disagreements: ${disagreements[*]}"
done_testing
