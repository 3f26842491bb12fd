#!/usr/bin/env bash
# The GitHub Action's lint step. Expands the file globs in the workspace, prints GitHub
# annotations (--format github), writes SARIF (never failing on findings, so it is uploaded
# even when the step fails), a Markdown review in the job summary, and records the exit code
# of the gating run for the last step.
set -uo pipefail
pgknob="$GITHUB_ACTION_PATH/bin/pgknob"
cd "${GITHUB_WORKSPACE:-.}" || exit 2
shopt -s globstar nullglob
files=()
while read -r pattern; do
  [ -n "$pattern" ] || continue
  matched=($pattern)
  if [ ${#matched[@]} -eq 0 ]; then
    echo "::error title=pgknob::no file matches \"$pattern\" (the files input is relative to the repository root)"
    echo "exit-code=2" >> "$GITHUB_OUTPUT"
    echo "sarif-file=" >> "$GITHUB_OUTPUT"
    exit 0
  fi
  files+=("${matched[@]}")
done < <(tr ' ' '\n' <<<"$INPUT_FILES")
if [ ${#files[@]} -eq 0 ]; then
  echo "::error title=pgknob::the files input is empty"
  { echo "exit-code=2"; echo "sarif-file="; } >> "$GITHUB_OUTPUT"
  exit 0
fi
opts=()
[ -n "${INPUT_PG_VERSION:-}" ] && opts+=(--pg-version "$INPUT_PG_VERSION")
read -r -a extra <<<"${INPUT_ARGS:-}"
opts+=("${extra[@]}")

"$pgknob" lint --format github --fail-on "${INPUT_FAIL_ON:-warning}" "${opts[@]}" "${files[@]}"
code=$?
sarif=""
if [ "${INPUT_SARIF:-true}" = true ]; then
  sarif="${INPUT_SARIF_FILE:-pgknob.sarif}"
  "$pgknob" lint --fail-on never "${opts[@]}" -o "$sarif" "${files[@]}" || sarif=""
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  "$pgknob" lint --format md --fail-on never "${opts[@]}" "${files[@]}" >> "$GITHUB_STEP_SUMMARY" || true
fi
{ echo "exit-code=$code"; echo "sarif-file=$sarif"; } >> "$GITHUB_OUTPUT"
