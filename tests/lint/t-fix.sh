#!/usr/bin/env bash
# needs: servers
# lane: shared
# The fixpoint of pgknob fix, on every [example.fail.N] of the shipped rule packs and every file of
# the real-world corpus, on each major the case claims, with the default selection (safe fixes of
# errors and warnings) and with every fix (--unsafe-fixes --min-severity recommendation): linting
# the fixed file raises none of the findings that were fixed and no new error or warning; the
# default applies no fix the selection excludes and lists every one left out; every fix's
# `applies` is what the real server's context (postgres --describe-config) implies; no memory fix
# exceeds --host ram; each fixed parameter's value really changes (postgres -C, original vs
# fixed); and, with the default selection, the real server starts with the fixed file whenever it
# started with the original, and also where every refusal had a safe fix (postgres -C, a start).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
source tests/lint/verdict-lib.sh

MAJORS="${FIX_MAJORS:-13 14 15 16 17 18}"
REALWORLD="${REALWORLD_DIR:-$(realworld_dir)}" || fail "the real-world corpus: not found"
vd_setup $MAJORS || { fail "scratch data directories"; done_testing; exit 1; }
work="$(mktemp -d /tmp/pgknob-fix.XXXXXX)"
chmod 755 "$work"
trap 'rm -rf "$work"; vd_cleanup' EXIT

for major in $MAJORS; do
  pg_as_postgres "$(pg_bin_dir "$major")/postgres" --describe-config > "$work/ctx$major" 2>/dev/null ||
    fail "postgres --describe-config on $major"
done

bytes_of() { # ram=4GB,... → bytes, or -
  local ram; ram="$(sed -nE 's/.*ram=([0-9.]+)(MB|GB|TB).*/\1 \2/p' <<<"$1")"
  [ -z "$ram" ] && { echo -; return; }
  awk -v n="${ram% *}" -v u="${ram#* }" 'BEGIN { f = u == "MB" ? 2^20 : u == "GB" ? 2^30 : 2^40; printf "%.0f", n * f }'
}

# server verdict of a file on a major: 0 when -C accepts it and a real start gets ready
server_starts() { # major file
  vd_install "$1" "$2"
  vd_check_c "$1"
  [ "$VD_RC" -eq 0 ] && vd_start "$1"
  return "$VD_RC"
}

declare -i unlisted=0 cases=0 changed=0 nothing=0 fixed_findings=0 partial=0 fixes=0 applies_ok=0 mem=0
declare -i starts_both=0 refused_before=0 started_after_refusal=0 value_changed=0 value_checked=0
declare -i mechanical=0 all_cases=0 host_refusals=0
python3 tests/lint/fix-cases.py "${FIX_RULES:-rules}" "$REALWORLD" "$work" > "$work/cases" || fail "listing the cases"
while IFS=$'\t' read -r label majors host conf; do
  hostopt=(); [ "$host" != - ] && hostopt=(--host "$host")
  ram="$(bytes_of "$host")"
  for major in ${majors//,/ }; do
    [[ " $MAJORS " == *" $major "* ]] || continue
    cases+=1
    cp "$conf" "$work/orig.conf"
    "$PGKNOB" lint --pg-version "$major" "${hostopt[@]}" --format json --fail-on never "$work/orig.conf" > "$work/orig.json"
    # every fix, unsafe and lower tiers included: the fixpoint only (an unsafe fix may stop a server)
    rm -f "$work/fixed.conf"
    "$PGKNOB" fix --pg-version "$major" "${hostopt[@]}" --unsafe-fixes --min-severity recommendation "$work/orig.conf" -o "$work/fixed.conf" 2>"$work/fix.err"
    if [ -f "$work/fixed.conf" ]; then
      all_cases+=1
      "$PGKNOB" lint --pg-version "$major" "${hostopt[@]}" --format json --fail-on never "$work/fixed.conf" > "$work/fixed.json"
      problems="$(python3 tests/lint/fix-check.py "$work/orig.json" "$work/fixed.json" "$work/ctx$major" "$ram" "$work/fix.err" all | grep -v '^counts \|^refusals ')"
      [ -n "$problems" ] && fail "$label on $major, every fix: $(tr '\n' ';' <<<"$problems")"
    fi
    rm -f "$work/fixed.conf"
    "$PGKNOB" fix --pg-version "$major" "${hostopt[@]}" "$work/orig.conf" -o "$work/fixed.conf" 2>"$work/fix.err"
    rc=$?
    if [ "$rc" -eq 0 ]; then nothing+=1; continue; fi
    if [ "$rc" -ne 1 ] || [ ! -f "$work/fixed.conf" ]; then
      fail "$label on $major: pgknob fix exit $rc: $(head -3 "$work/fix.err")"; continue
    fi
    changed+=1
    "$PGKNOB" lint --pg-version "$major" "${hostopt[@]}" --format json --fail-on never "$work/fixed.conf" > "$work/fixed.json"
    out="$(python3 tests/lint/fix-check.py "$work/orig.json" "$work/fixed.json" "$work/ctx$major" "$ram" "$work/fix.err" default)"
    read -r _ f p n a m u <<<"$(grep '^counts ' <<<"$out")"
    read -r _ n_refusals only_mechanical <<<"$(grep '^refusals ' <<<"$out")"
    fixed_findings+=f; partial+=p; fixes+=n; applies_ok+=a; mem+=m; unlisted+=u
    problems="$(grep -v '^counts \|^refusals ' <<<"$out")"
    if [ -n "$problems" ]; then
      fail "$label on $major: $(tr '\n' ';' <<<"$problems")"
    else
      ok "$label on $major: $f fixed, none raised again, no new error or warning, $a/$(( n - u )) applies right"
    fi
    # the server: a fixed file starts whenever the original did; each rule fix changes the value
    if server_starts "$major" "$work/orig.conf"; then
      # each applied rule fix changes the server's value: checked on the newest major of the case
      [ "$major" = "${majors##*,}" ] && for name in $(sed -n 's/^pgknob: fix: \([a-z_.]*\) = .* (\(.*\); [a-z]*) at .*/\1 \2/p' "$work/fix.err" | grep -v ' PK0010$\| PK0012$' | cut -d' ' -f1 | sort -u); do
        vd_check_c "$major" "$name"; before="$VD_OUT"
        vd_install "$major" "$work/fixed.conf"; vd_check_c "$major" "$name"; after="$VD_OUT"
        vd_install "$major" "$work/orig.conf"
        value_checked+=1
        if [ "$before" != "$after" ]; then value_changed+=1
        else fail "$label on $major: the fix of $name leaves the server's value at $before"; fi
      done
      if server_starts "$major" "$work/fixed.conf"; then
        starts_both+=1; ok "$label on $major: the server starts with the original and with the fixed file"
      else
        fail "$label on $major: the server started with the original but refuses the fixed file: $VD_MSG"
      fi
    else
      refused_before+=1
      if server_starts "$major" "$work/fixed.conf"; then
        started_after_refusal+=1
      elif [ "$n_refusals" -gt 0 ] && [ "$only_mechanical" = 1 ]; then
        # a refusal lint cannot see (a locale or library missing on this host) is not one it fixes
        param="$(sed -n 's/.*parameter "\([^"]*\)".*/\1/p' <<<"$VD_MSG" | head -1)"
        # so is an included directory that must exist on the server (PK0002 for a lone file)
        if grep -q 'could not open configuration directory' <<<"$VD_MSG" &&
           jq -e '[.findings[] | select(.rule == "PK0002")] | length > 0' "$work/orig.json" >/dev/null; then
          host_refusals+=1
          echo "# $label on $major: refused for a directory the file includes, which must exist on the server: $VD_MSG"
        elif [ -n "$param" ] && ! jq -e --arg p "$param" '[.findings[] | select(.refuses_start) | .settings[].name] | index($p)' "$work/orig.json" >/dev/null; then
          host_refusals+=1
          echo "# $label on $major: refused for $param, which lint cannot judge on this host: $VD_MSG"
        else
          fail "$label on $major: every refusal had a safe fix, yet the fixed file is refused: $VD_MSG"
        fi
      fi
      [ "$n_refusals" -gt 0 ] && [ "$only_mechanical" = 1 ] && mechanical+=1
    fi
  done
done < "$work/cases"

echo "# $cases (case, major) runs: $changed changed by pgknob fix, $nothing with nothing to fix"
echo "# $fixed_findings findings fixed, none raised again; $partial partly fixed (a fix dropped, with a note)"
echo "# $applies_ok/$(( fixes - unlisted )) fixes: applies matches the server's context ($unlisted of developer options that --describe-config does not list)"
echo "# $mem memory fixes checked against --host ram: none above it"
echo "# $value_changed/$value_checked rule fixes change the server's value (postgres -C, newest major of each case)"
echo "# the server started with $starts_both/$starts_both originals that started also after the fix;"
echo "#   $refused_before originals were refused, $started_after_refusal of them start after the fix"
echo "#   ($mechanical of them with only refusals pgknob fixes safely: each must start, but $host_refusals"
echo "#   refused for a value lint cannot judge on this host)"
echo "# $all_cases runs with every fix (--unsafe-fixes --min-severity recommendation): fixpoint checked"
check "some cases were fixed" test "$changed" -gt 0
done_testing
