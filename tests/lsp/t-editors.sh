#!/usr/bin/env bash
# needs: servers
# The editors pgknob supports, run for real: highlighting of postgresql.conf, pg_hba.conf and
# pg_ident.conf in Neovim (editors/vim), Emacs (editors/emacs/pgknob.el) and VS Code's own
# tokenizer (vscode-textmate and vscode-oniguruma from npm, with editors/vscode/syntaxes): at
# every position of tests/lsp/highlight-probes.tsv (fixtures, PostgreSQL 18's sample files and
# files of the real-world corpus) each editor gives the expected class. Then Emacs with eglot
# (Debian's emacs-nox and elpa-eglot) in batch mode: pgknob lsp's diagnostics arrive in flymake
# and the preferred quick fix applies. ("needs: servers": the sample files come with the server.)
cd "$(dirname "$0")/../.." || exit 2
source tests/lib.sh
source tests/pg/lib.sh
T="$(mktemp -d /tmp/pgknob-editors.XXXXXX)"
trap 'rm -rf "$T"' EXIT
npm_dir="$PWD/.cache/npm-vscode-tm"
if [ ! -d "$npm_dir/node_modules/vscode-textmate" ]; then
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --silent --no-audit --no-fund \
    vscode-textmate@9.2.0 vscode-oniguruma@2.0.1 >/dev/null 2>&1
fi
check "VS Code's tokenizer (vscode-textmate, vscode-oniguruma) is installed from npm" \
  test -f "$npm_dir/node_modules/vscode-oniguruma/release/onig.wasm"
check "Neovim and Emacs are installed (make deps)" bash -c 'command -v nvim && command -v emacs' >/dev/null
share="$(dirname "$(pg_bin_dir 18)")/share/postgresql"
roots=$(printf '{"fx": "%s", "pg": "%s", "rw": "%s"}' "$PWD/tests/lsp/highlight" "$share" "$(realworld_dir)")

expect_exit 0 "every editor highlights every probe position" -- \
  python3 tests/lsp/highlight.py tests/lsp/highlight-probes.tsv "$roots" "$npm_dir"
printf '%s\n' "$OUT" > "$T/hl.json"
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$T/hl.json")
check "all $n probes were read (at least 50)" test "$n" -ge 50
while IFS=$'\t' read -r id want nvim emacs vscode; do
  for pair in "Neovim:$nvim" "Emacs:$emacs" "VS Code:$vscode"; do
    check "${pair%%:*}: $id is $want" test "${pair#*:}" = "$want"
  done
done < <(python3 -c '
import json, sys
for k, v in json.load(open(sys.argv[1])).items():
    print("\t".join([k, v["want"], v["nvim"], v["emacs"], v["vscode"]]))' "$T/hl.json")
for f in postgresql.conf:pgconf:pgknob-conf-mode pg_hba.conf:pghba:pgknob-hba-mode pg_ident.conf:pgident:pgknob-ident-mode; do
  IFS=: read -r file ft mode <<<"$f"
  check "$file is recognised by name: Neovim filetype $ft, Emacs $mode" \
    test "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sorted({(v["nvim_ft"], v["emacs_mode"]) for k, v in d.items() if k.startswith("fx:" + sys.argv[2] + " ")}))' "$T/hl.json" "$file")" = "[('$ft', '$mode')]"
done

# The comparison can fail: a probe expecting the wrong class is reported as such.
printf 'fx:postgresql.conf\t^(shared_buffers) =\tnumber\n' > "$T/planted.tsv"
python3 tests/lsp/highlight.py "$T/planted.tsv" "$roots" "$npm_dir" > "$T/planted.json"
check "a planted wrong expectation disagrees in all three editors" \
  test "$(python3 -c 'import json,sys; v=list(json.load(open(sys.argv[1])).values())[0]; print([v[e] for e in ("nvim","emacs","vscode")])' "$T/planted.json")" = "['name', 'name', 'name']"

# Emacs + eglot + pgknob lsp
mkdir -p "$T/conf"
printf '# pgknob: pg=17\nshared_buffers = 128MB\nwork_mem = 4mb\nfsync = off\n' > "$T/conf/postgresql.conf"
expect_exit 0 "Emacs (batch) runs pgknob lsp through eglot" -- \
  env PGKNOB="$PGKNOB" CONF="$T/conf/postgresql.conf" OUT="$T/eglot.json" timeout 120 \
  emacs --batch -l editors/emacs/pgknob.el -l tests/lsp/emacs-eglot.el
eq() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T/eglot.json" "$1"; }
check "the buffer is in pgknob-conf-mode" test "$(eq 'd["mode"]')" = pgknob-conf-mode
check "flymake shows the bad unit on line 3 as an error (PK0020)" \
  test "$(eq '[x["type"] for x in d["diagnostics"] if x["line"] == 3 and "PK0020" in x["text"]]')" = "['eglot-error']"
check "... and fsync = off on line 4 (PK6001)" \
  test "$(eq 'any(x["line"] == 4 and "PK6001" in x["text"] for x in d["diagnostics"])')" = True
check "the quick fix on work_mem is offered with its title" \
  grep -q 'Set work_mem = 4MB, applies on reload (PK0020)' <<<"$(eq 'd["titles"]')"
check "the preferred quick fix applied: work_mem = 4MB" test "$(eq 'd["fixed_line"]')" = "work_mem = 4MB"
done_testing
