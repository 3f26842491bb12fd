#!/usr/bin/env bash
# `lint --stdin-filename NAME -` (an editor's buffer linted as if it stood at NAME) and the
# search for .pgknob.ini: the linted file's directory, each parent up to the repository root (a
# directory holding .git) or /, then the current directory; --config wins.
source "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
jqe() { jq -e "$@" >/dev/null; }
cd "$tmp"
mkdir -p repo/.git repo/pg/conf.d other
printf '[pgknob]\nfail_on = error\ndisable = PK7001, PK7004\n' > repo/.pgknob.ini
printf 'work_mem = 64MB\n' > repo/pg/inc.conf
printf "shared_buffer = 1GB\ninclude 'inc.conf'\nwork_mem = 4mb\n" > buffer.txt

# --- stdin ----------------------------------------------------------------------------------
expect_exit 1 "stdin: findings" -- bash -c 'cd repo && "$0" lint --format json --stdin-filename pg/postgresql.conf - < ../buffer.txt' "$PGKNOB"
check "stdin: findings carry NAME and their lines" \
  jqe '[.findings[] | select(.file == "pg/postgresql.conf") | .line] == [1, 3]' <<<"$OUT"
check "stdin: an include resolves from NAME's directory (no missing-include finding)" \
  jqe '(.inputs[0].files == ["pg/postgresql.conf", "pg/inc.conf"]) and all(.findings[]; .rule != "PK0002")' <<<"$OUT"
check "stdin: the input is named NAME" jqe '.inputs[0].path == "pg/postgresql.conf"' <<<"$OUT"
check "stdin: NAME's .pgknob.ini (found upward) applies" \
  jqe '.summary.fail_on == "error" and all(.findings[]; .rule != "PK7001" and .rule != "PK7004")' <<<"$OUT"
check "stdin: the file on disk was not read (NAME need not exist)" test ! -e repo/pg/postgresql.conf
printf 'shared_buffers = 1GB\n' > repo/pg/postgresql.conf
expect_exit 1 "stdin wins over the file NAME names" -- bash -c 'cd repo && "$0" lint --no-rules --stdin-filename pg/postgresql.conf - < ../buffer.txt' "$PGKNOB"
check "  ... its text is what was linted" grep -q '^pg/postgresql.conf:1: error: unrecognized configuration parameter "shared_buffer"' <<<"$OUT"
expect_exit 2 "stdin: -o onto NAME is refused (it is an input)" -- bash -c 'cd repo && "$0" lint -o pg/postgresql.conf --stdin-filename pg/postgresql.conf - < ../buffer.txt' "$PGKNOB"
check "  ... and NAME is untouched" grep -qx 'shared_buffers = 1GB' repo/pg/postgresql.conf
expect_exit 0 "stdin: a good buffer passes" -- bash -c 'printf "shared_buffers = 1GB\n" | "$0" lint --no-rules --stdin-filename x.conf -' "$PGKNOB"
expect_exit 1 "stdin beside a file: both are linted" -- bash -c 'printf "bogus_knob = 1\n" | "$0" lint --no-rules --format json --stdin-filename b.conf repo/pg/inc.conf -' "$PGKNOB"
check "  ... two inputs, the buffer second" jqe '[.inputs[].path] == ["repo/pg/inc.conf", "b.conf"] and any(.findings[]; .file == "b.conf" and .rule == "PK0010")' <<<"$OUT"
expect_exit 1 "- without --stdin-filename: named <stdin>" -- bash -c 'printf "bogus_knob = 1\n" | "$0" lint --no-rules -' "$PGKNOB"
check "  ... in the findings" grep -q '^<stdin>:1: error' <<<"$OUT"
expect_exit 2 "--stdin-filename without -: usage error" -- "$PGKNOB" lint --stdin-filename a.conf repo/pg/inc.conf
check "  ... the hint shows the form" grep -q 'hint: Write - where the file would go' <<<"$ERR"
expect_exit 2 "stdin named pg_hba.conf: refused (read as postgresql.conf text only)" -- bash -c 'echo "local all all trust" | "$0" lint --stdin-filename pg_hba.conf -' "$PGKNOB"
check "  ... saying so" grep -q 'standard input is read as postgresql.conf text or a manifest' <<<"$ERR"
expect_exit 2 "- twice: usage error" -- "$PGKNOB" lint - - </dev/null
expect_exit 2 "--stdin-filename of an empty name: usage error" -- "$PGKNOB" lint --stdin-filename '' - </dev/null
head -c $((65 * 1024 * 1024)) /dev/zero | tr '\0' '#' > big.txt
expect_exit 2 "stdin larger than 64 MB: an error, not a hang" -- bash -c '"$0" lint --stdin-filename big.conf - < big.txt' "$PGKNOB"
check "  ... saying so" grep -q 'standard input is larger than 64 MB' <<<"$ERR"
printf "applicaton_name = 'a\033[2Jb'\n" > ctl.txt
expect_exit 1 "stdin: a buffer with control bytes" -- bash -c '"$0" lint --no-rules --stdin-filename c.conf - < ctl.txt' "$PGKNOB"
check "  ... shown escaped, never raw" bash -c 'grep -qF "\\x1b" <<<"$0" && ! grep -qaP "\x1b" <<<"$0"' "$OUT"

cat > cnpg.yaml <<'YAML'
apiVersion: postgresql.cnpg.io/v1
kind: Cluster
metadata:
  name: pg-main
spec:
  postgresql:
    parameters:
      shared_buffer: "1GB"
YAML
expect_exit 1 "stdin: a manifest buffer carries NAME too" -- bash -c '"$0" lint --no-rules --format json --stdin-filename deploy/cluster.yaml - < cnpg.yaml' "$PGKNOB"
check "  ... its findings name it, at the manifest's line" jqe 'any(.findings[]; .file == "deploy/cluster.yaml" and .rule == "PK0010" and .line == 8)' <<<"$OUT"

# --- .pgknob.ini found upward -------------------------------------------------------------------
printf 'work_mem = 4mb\n' > repo/pg/conf.d/10.conf
expect_exit 1 "a file two levels down uses the repository's .pgknob.ini" -- \
  "$PGKNOB" lint --format json --fragment repo/pg/conf.d/10.conf
check "  ... its fail_on and disabled rules" \
  jqe '.summary.fail_on == "error" and all(.findings[]; .rule != "PK7004") and any(.findings[]; .rule == "PK0020")' <<<"$OUT"
md=$("$PGKNOB" lint --fail-on never --format md repo/pg/inc.conf)
check "  ... the Markdown header names the file found" grep -q 'repo/.pgknob.ini' <<<"$md"
printf '[pgknob]\nfail_on = never\n' > repo/pg/.pgknob.ini
printf 'shared_buffer = 1GB\n' > repo/pg/bad.conf
expect_exit 0 "the nearest .pgknob.ini wins (repo/pg's fail_on = never)" -- "$PGKNOB" lint repo/pg/bad.conf
rm repo/pg/.pgknob.ini
expect_exit 1 "without it, the repository's applies (fail_on = error)" -- "$PGKNOB" lint repo/pg/bad.conf
mkdir -p outer/.git outer/inner/.git outer/inner/pg
printf '[pgknob]\nfail_on = never\n' > outer/.pgknob.ini
printf 'shared_buffer = 1GB\n' > outer/inner/pg/bad.conf
expect_exit 1 "the search stops at the repository root (a nested repository does not see its parent's file)" -- \
  "$PGKNOB" lint outer/inner/pg/bad.conf
touch outer/inner/.git-not; rm -rf outer/inner/.git; printf 'gitdir: /elsewhere\n' > outer/inner/.git
expect_exit 1 "  ... a .git file (a worktree) is a repository root too" -- "$PGKNOB" lint outer/inner/pg/bad.conf
rm outer/inner/.git
expect_exit 0 "  ... without it, the search goes on up" -- "$PGKNOB" lint outer/inner/pg/bad.conf
printf '[pgknob]\nfail_on = never\n' > never.ini
expect_exit 0 "--config wins over the file found upward" -- "$PGKNOB" lint --config never.ini repo/pg/bad.conf
printf 'shared_buffer = 1GB\n' > other/bad.conf
printf '[pgknob]\nfail_on = never\n' > .pgknob.ini
expect_exit 0 "no file upward (no .git to stop): ./.pgknob.ini of the current directory applies" -- \
  bash -c 'cd other && "$0" lint --config ../.pgknob.ini bad.conf && cd .. && "$0" lint other/bad.conf' "$PGKNOB"
rm .pgknob.ini
printf '[pgknob]\nfail_on = loud\n' > repo/.pgknob.ini
expect_exit 2 "a mistake in the file found upward: exit 2" -- "$PGKNOB" lint repo/pg/bad.conf
check "  ... named with its path and line" grep -q '^pgknob: error: repo/.pgknob.ini:2: ' <<<"$ERR"
expect_exit 2 "settings finds it the same way" -- "$PGKNOB" settings repo/pg/bad.conf
check "  ... and names it" grep -q 'repo/.pgknob.ini:2' <<<"$ERR"
done_testing
