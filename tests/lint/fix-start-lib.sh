# Does a real server start after `pgknob fix` (no flags)? One file at a time, for t-fix-start.sh
# (a handful of real files) and soak-fix-start.sh (every file of the development sets). Source
# after tests/lib.sh, tests/pg/lib.sh and tests/lint/verdict-lib.sh, then vd_setup the majors.
#   fs_try ROOT REL LABEL   lints ROOT/REL from ROOT (so pgknob sees the file's own path), and,
#                           when pgknob's target major is 13-18, the file is no template and
#                           every refusal has a safe fix (none, or mechanical: a rename, a
#                           removal, a unit), fixes it and starts that major's server with the
#                           fixed file and the files it includes. Sets FS_VERDICT (started,
#                           refused, refused-env, skipped) and FS_WHY.
# Paths only the deployment has (data_directory, hba_file, ident_file, external_pid_file) are
# pointed at the scratch cluster on the command line: the file is judged, not this machine.
fs_try() { # root rel label
  local root="$1" rel="$2" label="$3" json major rc
  FS_VERDICT=skipped FS_WHY=""
  json="$(cd "$root" && "$PGKNOB" lint --format json --fail-on never "$rel" 2>/dev/null)" ||
    { FS_WHY="lint failed"; return; }
  major="$(jq -r '.target.pg_major' <<<"$json")"
  if jq -e '[.findings[] | select(.rule == "PK0003")] | length > 0' <<<"$json" >/dev/null; then
    FS_WHY="a template (PK0003): render it first"; return
  fi
  if jq -e '[.findings[] | select(.rule == "PK0004" or .rule == "PK0005")] | length > 0' <<<"$json" >/dev/null &&
     [ "$(jq -r '.target.version_source' <<<"$json")" = default ]; then
    FS_WHY="written for a major before 13 (PK0004/PK0005): no server of it here"; return
  fi
  case "$major" in 13|14|15|16|17|18) ;; *) FS_WHY="target major $major"; return ;; esac
  if jq -e '[.findings[] | select(.rule == "PK0023")] | length > 0' <<<"$json" >/dev/null; then
    FS_WHY="a value valid only on another platform (PK0023): the server runs there"; return
  fi
  if [ "$(jq -r '.target.version_source' <<<"$json")" = default ] &&
     jq -e '[.findings[] | select(.rule == "PK0011" and .severity == "notice")] | length > 0' <<<"$json" >/dev/null; then
    FS_WHY="no major stated, and it sets a parameter an older supported major still has (a PK0011 notice): give --pg-version"; return
  fi
  local unfixed
  unfixed="$(jq -r '[.findings[] | select(.refuses_start and (.suppressed | not)) |
      select((.fix | length) == 0 or any(.fix[]; .safety != "safe")) | .rule] | unique | join(",")' <<<"$json")"
  if [ -n "$unfixed" ]; then
    FS_WHY="a refusal with no safe fix ($unfixed)"; return
  fi
  local work="$VD_ROOT/fs" data top
  rm -rf "$work"; mkdir -p "$work"
  top="$(jq -r '.inputs[0].files[0]' <<<"$json")"
  (cd "$root" && "$PGKNOB" fix "$rel" -o "$work/out" >/dev/null 2>"$work/fix.err"); rc=$?
  [ "$rc" -gt 1 ] && { FS_VERDICT=refused; FS_WHY="pgknob fix exit $rc: $(head -1 "$work/fix.err")"; return; }
  data="$(vd_data "$major")"
  # the fixed top file, and every file it includes, at their places beside it
  local dir="${top%/*}" f dest
  [ "$dir" = "$top" ] && dir=.
  for f in $(jq -r '.inputs[0].files[]' <<<"$json"); do
    dest="$data/${f#"$dir"/}"
    [ "$f" = "$top" ] && dest="$data/postgresql.conf"
    mkdir -p "${dest%/*}"
    if [ "$rc" = 1 ] && [ -d "$work/out" ] && [ -f "$work/out/${f##*/}" ]; then cp "$work/out/${f##*/}" "$dest"
    elif [ "$rc" = 1 ] && [ -f "$work/out" ] && [ "$f" = "$top" ]; then cp "$work/out" "$dest"
    else cp "$root/$f" "$dest"; fi
  done
  : > "$data/postgresql.auto.conf"
  [ "$(id -u)" = 0 ] && chown -R postgres "$data"
  chmod -R u+rwX,go+rX "$data"; chmod 700 "$data"
  VD_START_ARGS=(-c "data_directory=$data" -c "hba_file=$data/pg_hba.conf"
                 -c "ident_file=$data/pg_ident.conf" -c "external_pid_file=")
  # what only the deployment has is given, one refusal at a time, and said: a preloaded library
  # not installed here, certificate files, an included directory, a compression this build lacks
  local env="" tries
  for tries in 1 2 3 4 5 6 7 8; do
    vd_start "$major"
    [ "$VD_RC" = 0 ] && break
    if grep -qE 'could not (access|load) (file|library)' <<<"$VD_MSG"; then
      VD_START_ARGS+=(-c shared_preload_libraries=); env+=" libraries not installed here;"
    elif grep -qE 'certificate|private key' <<<"$VD_MSG"; then
      VD_START_ARGS+=(-c ssl=off); env+=" certificate files not here;"
    elif [[ "$VD_MSG" =~ could\ not\ open\ configuration\ directory\ \"([^\"]*)\" ]]; then
      mkdir -p "${BASH_REMATCH[1]}"; env+=" an included directory created empty;"
    elif [[ "$VD_MSG" =~ invalid\ value\ for\ parameter\ \"(lc_[a-z]+|wal_compression|default_toast_compression|io_method)\":\ \"([^\"]*)\" ]]; then
      # a locale not installed here (PK0060 names it), a compression or io_uring this build
      # lacks: the server checks a file's value even under a command-line one, so the line is
      # rewritten
      local param="${BASH_REMATCH[1]}" repl="'C'"
      [ "$param" = wal_compression ] && repl=on
      [ "$param" = default_toast_compression ] && repl=pglz
      [ "$param" = io_method ] && repl=worker
      sed -i -E "s/^([[:space:]]*$param[[:space:]]*=[[:space:]]*).*/\1$repl/" "$data/postgresql.conf"
      env+=" $param ${BASH_REMATCH[2]} not available here;"
    else break; fi
  done
  VD_START_ARGS=()
  if [ "$VD_RC" = 0 ]; then FS_VERDICT=started; FS_WHY="PostgreSQL $major${env:+, given what only the deployment has:$env}"
  elif vd_env_refusal "$VD_MSG"; then FS_VERDICT=refused-env; FS_WHY="PostgreSQL $major, for this machine: $VD_MSG"
  else FS_VERDICT=refused; FS_WHY="PostgreSQL $major: $VD_MSG"; fi
  # the scratch cluster gets its own configuration back for the next file
  printf "listen_addresses = ''\n" > "$data/postgresql.conf"
}
