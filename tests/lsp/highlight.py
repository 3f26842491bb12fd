#!/usr/bin/env python3
"""The class (comment, include, name, number, string, value, keyword) that each editor's
highlighting gives at the positions of tests/lsp/highlight-probes.tsv: Neovim with
editors/vim, Emacs with editors/emacs/pgknob.el, VS Code's tokenizer (vscode-textmate with its
Oniguruma) with editors/vscode/syntaxes. Prints one JSON object: probe -> editor -> class.
  highlight.py PROBES ROOTS_JSON NPM_DIR"""
import json, os, re, subprocess, sys, tempfile

probes_file, roots, npm_dir = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(os.path.dirname(here))
KIND = {"postgresql": "conf", "pg_hba": "hba", "pg_ident": "ident"}

def kind_of(path):
    base = os.path.basename(path)
    for prefix, kind in KIND.items():
        if base.startswith(prefix):
            return kind
    return "conf"

probes = []
for raw in open(probes_file, encoding="utf-8"):
    if not raw.strip() or raw.startswith("#"):
        continue
    where, pattern, cls = raw.rstrip("\n").split("\t")
    root, rel = where.split(":", 1)
    path = os.path.join(roots[root], rel)
    text = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(pattern, text, re.M)
    if not m:
        sys.exit(f"highlight: {where}: the pattern {pattern!r} matches nothing")
    start = m.start(1)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1)  # 0-based characters (ASCII files)
    probes.append({"id": f"{where} /{pattern}/", "path": path, "line": line, "col": col,
                   "kind": kind_of(path), "want": cls})

VIM = {"pgkComment": "comment", "pgkInclude": "include", "pgkName": "name",
       "pgkNumber": "number", "pgkString": "string", "pgkConstant": "value",
       "pgkKeyword": "keyword"}
EMACS = {"font-lock-comment-face": "comment", "font-lock-comment-delimiter-face": "comment",
         "font-lock-preprocessor-face": "include", "font-lock-variable-name-face": "name",
         "pgknob-number-face": "number", "font-lock-string-face": "string",
         "pgknob-value-face": "value", "font-lock-keyword-face": "keyword"}

def scope_class(scopes):
    for s in reversed(scopes):
        for prefix, cls in (("comment.", "comment"), ("keyword.control.import", "include"),
                            ("variable.other.property", "name"), ("constant.numeric", "number"),
                            ("string.", "string"), ("constant.character.escape", "string"),
                            ("constant.language", "value"), ("keyword.other", "keyword")):
            if s.startswith(prefix):
                return cls
    return "none"

tmp = tempfile.mkdtemp(prefix="pgknob-hl-")
pfile = os.path.join(tmp, "probes.json")
json.dump(probes, open(pfile, "w"))
result = {p["id"]: {"want": p["want"]} for p in probes}

# Neovim: the syntax item at the position (synID), the filetype ftdetect chose
lua = os.path.join(tmp, "probe.lua")
open(lua, "w").write(r"""
local probes = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('PROBES')), ''))
local ft = {conf = 'pgconf', hba = 'pghba', ident = 'pgident'}
local out = {}
for i, p in ipairs(probes) do
  vim.cmd('silent! bwipeout!')
  vim.cmd('edit ' .. vim.fn.fnameescape(p.path))
  local detected = vim.bo.filetype
  if detected ~= ft[p.kind] then vim.bo.filetype = ft[p.kind] end
  vim.cmd('syntax sync fromstart')
  out[i] = {name = vim.fn.synIDattr(vim.fn.synID(p.line, p.col + 1, 1), 'name'), ft = detected}
end
vim.fn.writefile({vim.fn.json_encode(out)}, os.getenv('OUT'))
vim.cmd('qa!')
""")
env = dict(os.environ, PROBES=pfile, OUT=os.path.join(tmp, "nvim.json"))
subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n",
                "--cmd", "set rtp^=" + os.path.join(repo, "editors/vim"),
                "-c", "filetype on", "-c", "syntax on", "-c", "luafile " + lua],
               env=env, timeout=120, check=True, stdin=subprocess.DEVNULL,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for p, r in zip(probes, json.load(open(env["OUT"]))):
    result[p["id"]]["nvim"] = VIM.get(r["name"], r["name"] or "none")
    result[p["id"]]["nvim_ft"] = r["ft"]

# Emacs: the face at the position after font-lock, the major mode auto-mode-alist chose
el = os.path.join(tmp, "probe.el")
open(el, "w").write(r"""
(require 'json)
(let* ((probes (json-read-file (getenv "PROBES")))
       (modes '(("conf" . pgknob-conf-mode) ("hba" . pgknob-hba-mode) ("ident" . pgknob-ident-mode)))
       (out nil))
  (seq-doseq (p probes)
    (let ((buf (find-file-noselect (cdr (assq 'path p)))))
      (with-current-buffer buf
        (let ((detected major-mode))
          (unless (eq major-mode (cdr (assoc (cdr (assq 'kind p)) modes)))
            (funcall (cdr (assoc (cdr (assq 'kind p)) modes))))
          (font-lock-ensure)
          (goto-char (point-min))
          (forward-line (1- (cdr (assq 'line p))))
          (forward-char (cdr (assq 'col p)))
          (let ((face (get-text-property (point) 'face)))
            (when (listp face) (setq face (car face)))
            (push (list (cons 'face (if face (symbol-name face) ""))
                        (cons 'mode (symbol-name detected)))
                  out))))
      (kill-buffer buf)))
  (with-temp-file (getenv "OUT") (insert (json-encode (vconcat (nreverse out))))))
""")
env["OUT"] = os.path.join(tmp, "emacs.json")
subprocess.run(["emacs", "--batch", "-Q", "-l", os.path.join(repo, "editors/emacs/pgknob.el"),
                "-l", el], env=env, timeout=120, check=True, stdin=subprocess.DEVNULL,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for p, r in zip(probes, json.load(open(env["OUT"]))):
    result[p["id"]]["emacs"] = EMACS.get(r["face"], r["face"] or "none")
    result[p["id"]]["emacs_mode"] = r["mode"]

# VS Code: the scopes of the token at the position, from the grammar package.json contributes
js = os.path.join(tmp, "probe.js")
open(js, "w").write(r"""
const fs = require('fs'), path = require('path');
const tm = require('vscode-textmate'), onig = require('vscode-oniguruma');
const ext = process.argv[2], probes = JSON.parse(fs.readFileSync(process.env.PROBES, 'utf8'));
const pkg = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));
const byScope = {}, byLang = {};
for (const g of pkg.contributes.grammars) { byScope[g.scopeName] = path.join(ext, g.path); byLang[g.language] = g.scopeName; }
const lang = {conf: 'pgknob-conf', hba: 'pgknob-hba', ident: 'pgknob-ident'};
(async () => {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
  await onig.loadWASM(wasm);
  const registry = new tm.Registry({
    onigLib: Promise.resolve({createOnigScanner: s => new onig.OnigScanner(s), createOnigString: s => new onig.OnigString(s)}),
    loadGrammar: async scope => byScope[scope] ? tm.parseRawGrammar(fs.readFileSync(byScope[scope], 'utf8'), byScope[scope]) : null,
  });
  const out = [];
  for (const p of probes) {
    const grammar = await registry.loadGrammar(byLang[lang[p.kind]]);
    const lines = fs.readFileSync(p.path, 'utf8').split('\n');
    let stack = tm.INITIAL, scopes = [];
    for (let i = 0; i < p.line; i++) {
      const r = grammar.tokenizeLine(lines[i], stack);
      stack = r.ruleStack;
      if (i === p.line - 1) scopes = (r.tokens.find(t => t.startIndex <= p.col && p.col < t.endIndex) || {scopes: []}).scopes;
    }
    out.push(scopes);
  }
  fs.writeFileSync(process.env.OUT, JSON.stringify(out));
})().catch(e => { console.error(e); process.exit(1); });
""")
env["OUT"] = os.path.join(tmp, "vscode.json")
env["NODE_PATH"] = os.path.join(npm_dir, "node_modules")
subprocess.run(["node", js, os.path.join(repo, "editors/vscode")], env=env, timeout=120, check=True)
for p, scopes in zip(probes, json.load(open(env["OUT"]))):
    result[p["id"]]["vscode"] = scope_class(scopes)
print(json.dumps(result, indent=1))
