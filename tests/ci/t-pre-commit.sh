#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml), run by Debian's pre-commit in a scratch
# repository: committing a bad postgresql.conf fails with its finding, a good one passes. Both
# hooks: pgknob-lint (an installed pgknob on PATH) and pgknob-lint-source (pgknob built in
# pre-commit's own clone of this repository).
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
command -v pre-commit >/dev/null || { fail "pre-commit is missing (make deps installs Debian's)"; done_testing; exit; }
T="$(mktemp -d /tmp/pgknob-precommit.XXXXXX)"
trap 'rm -rf "$T"' EXIT
export PRE_COMMIT_HOME="$T/cache" GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@localhost \
  GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@localhost

# The hook repository as this working tree has it (tracked and new files, not build output).
mkdir -p "$T/hooks"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -C "$T/hooks" -xf -
git -C "$T/hooks" init -q && git -C "$T/hooks" add -A && git -C "$T/hooks" commit -qm hooks
rev="$(git -C "$T/hooks" rev-parse HEAD)"

mkdir -p "$T/bin" && ln -s "$PGKNOB" "$T/bin/pgknob"
for hook in pgknob-lint pgknob-lint-source; do
  repo="$T/scratch-$hook"
  git init -q "$repo"
  cat > "$repo/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $T/hooks
    rev: $rev
    hooks:
      - id: $hook
        args: [--pg-version, "18"]
YAML
  (cd "$repo" && git add .pre-commit-config.yaml && git commit -qm config && PATH="$T/bin:$PATH" pre-commit install >/dev/null)
  mkdir -p "$repo/postgres"
  printf 'shared_buffers = 1GB\nwork_mem = 4mb\n' > "$repo/postgres/postgresql.conf"
  git -C "$repo" add postgres/postgresql.conf
  out="$(cd "$repo" && PATH="$T/bin:$PATH" git commit -m bad 2>&1)"; rc=$?
  check "$hook: a bad postgresql.conf fails the commit (exit $rc)" test "$rc" -ne 0
  check "$hook: the finding is shown (work_mem, line 2)" grep -q 'postgresql.conf:2' <<<"$out"
  check "$hook: nothing was committed" test "$(git -C "$repo" rev-list --count HEAD)" = 1
  printf 'shared_buffers = 1GB\nwork_mem = 4MB\n' > "$repo/postgres/postgresql.conf"
  git -C "$repo" add postgres/postgresql.conf
  out="$(cd "$repo" && PATH="$T/bin:$PATH" git commit -m good 2>&1)"; rc=$?
  check "$hook: a good postgresql.conf commits (exit $rc)" test "$rc" = 0
  check "$hook: pre-commit reports the hook Passed" grep -q 'Passed' <<<"$out"
  printf 'not a config\n' > "$repo/notes.txt"
  git -C "$repo" add notes.txt
  out="$(cd "$repo" && PATH="$T/bin:$PATH" git commit -m notes 2>&1)"; rc=$?
  check "$hook: files that are not configuration are not linted (skipped)" \
    bash -c '[ "$1" = 0 ] && grep -q Skipped <<<"$2"' _ "$rc" "$out"
done
done_testing
