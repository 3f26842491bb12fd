;;; pgknob.el --- PostgreSQL configuration files, highlighted and checked by pgknob  -*- lexical-binding: t; -*-

;; Major modes for postgresql.conf, pg_hba.conf and pg_ident.conf, with font-lock that marks
;; names, values with units, strings, comments and include directives the way pgknob's Vim
;; syntax and VS Code grammar do. The three modes are registered with eglot, which runs `pgknob
;; lsp': diagnostics, hover, completion and quick fixes for postgresql.conf, references and
;; rename of user name maps across pg_hba.conf and pg_ident.conf (docs/lsp.md).
;;
;; Install: put this file on `load-path', then (require 'pgknob) and, for the language server,
;; M-x eglot in a buffer of one of the modes (or add `eglot-ensure' to their hooks).

;;; Code:

(defgroup pgknob nil
  "PostgreSQL configuration files, checked by pgknob."
  :group 'languages)

(defcustom pgknob-program "pgknob"
  "The pgknob executable that eglot runs as `pgknob lsp'."
  :type 'string)

(defface pgknob-number-face '((t :inherit font-lock-constant-face :weight bold))
  "Face for a number with its unit (128MB, 5min, 0.9).")

(defface pgknob-value-face '((t :inherit font-lock-constant-face))
  "Face for a bare word value (on, replica, pg_stat_statements).")

(defconst pgknob--include-re "^[ \t]*\\(include\\(?:_if_exists\\|_dir\\)?\\)[ \t=]")

(defconst pgknob--name-re "[A-Za-z_][A-Za-z0-9_$]*\\(?:\\.[A-Za-z_][A-Za-z0-9_$]*\\)*")

(defconst pgknob--number-re
  "[-+]?\\(?:0x[0-9A-Fa-f]+\\|[0-9]*\\.?[0-9]+\\(?:[eE][-+]?[0-9]+\\)?\\)\\(?:B\\|kB\\|MB\\|GB\\|TB\\|us\\|ms\\|s\\|min\\|h\\|d\\)?")

(defun pgknob--syntax-table (string-quotes)
  "A syntax table with # comments and STRING-QUOTES (characters) as string delimiters."
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "." table)
    (modify-syntax-entry ?' "." table)
    (dolist (q string-quotes) (modify-syntax-entry q "\"" table))
    (modify-syntax-entry ?_ "_" table)
    table))

(defconst pgknob--value-start-re
  (concat "^[ \t]*" pgknob--name-re "\\(?:[ \t]*=[ \t]*\\|[ \t]+\\)")
  "From the start of a line to its value: the name, then = or blanks.")

(defconst pgknob-conf-font-lock-keywords
  `((,pgknob--include-re 1 font-lock-preprocessor-face)
    (,(concat "^[ \t]*\\(" pgknob--name-re "\\)\\(?:[ \t]*=\\|[ \t]+[^ \t#=]\\)")
     1 font-lock-variable-name-face)
    (,(concat pgknob--value-start-re "\\(" pgknob--number-re "\\)[ \t]*\\(?:#\\|$\\)")
     1 'pgknob-number-face)
    (,(concat pgknob--value-start-re "\\([A-Za-z_][-A-Za-z0-9_.:/]*\\)[ \t]*\\(?:#\\|$\\)")
     1 'pgknob-value-face))
  "Font-lock for postgresql.conf (the server's grammar: src/backend/utils/misc/guc-file.l).")

(defconst pgknob-hba-font-lock-keywords
  `((,pgknob--include-re 1 font-lock-preprocessor-face)
    ("^[ \t]*\\(local\\|host\\|hostssl\\|hostnossl\\|hostgssenc\\|hostnogssenc\\)[ \t]"
     1 font-lock-keyword-face)
    ("[ \t]\\(trust\\|reject\\|scram-sha-256\\|md5\\|password\\|gss\\|sspi\\|ident\\|peer\\|ldap\\|radius\\|cert\\|pam\\|bsd\\|oauth\\)\\(?:[ \t]\\|$\\)"
     1 font-lock-keyword-face)
    ("[ \t]\\([0-9]\\{1,3\\}\\(?:\\.[0-9]\\{1,3\\}\\)\\{3\\}\\(?:/[0-9]\\{1,2\\}\\)?\\)\\(?:[ \t]\\|$\\)"
     1 'pgknob-number-face)
    ("[ \t]\\([0-9A-Fa-f]*:[0-9A-Fa-f:.]*\\(?:/[0-9]\\{1,3\\}\\)?\\)\\(?:[ \t]\\|$\\)" 1 'pgknob-number-face)
    ("[ \t]\\([A-Za-z_][A-Za-z0-9_]*\\)=" 1 font-lock-variable-name-face))
  "Font-lock for pg_hba.conf (src/backend/libpq/hba.c).")

(defconst pgknob-ident-font-lock-keywords
  `((,pgknob--include-re 1 font-lock-preprocessor-face)
    ("^[ \t]*\\([A-Za-z0-9_.-]+\\)[ \t]" 1 font-lock-variable-name-face))
  "Font-lock for pg_ident.conf.")

;; The three files share their comment syntax; only their keywords differ.
(defun pgknob--setup (keywords)
  "Set up a buffer's comments and font-lock with KEYWORDS."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local font-lock-defaults (list keywords)))

;;;###autoload
(define-derived-mode pgknob-conf-mode prog-mode "PG-conf"
  "Major mode for postgresql.conf and the files it includes."
  :syntax-table (pgknob--syntax-table '(?'))
  (pgknob--setup 'pgknob-conf-font-lock-keywords))

;;;###autoload
(define-derived-mode pgknob-hba-mode prog-mode "PG-hba"
  "Major mode for pg_hba.conf."
  :syntax-table (pgknob--syntax-table '(?\" ?'))
  (pgknob--setup 'pgknob-hba-font-lock-keywords))

;;;###autoload
(define-derived-mode pgknob-ident-mode prog-mode "PG-ident"
  "Major mode for pg_ident.conf."
  :syntax-table (pgknob--syntax-table '(?\" ?'))
  (pgknob--setup 'pgknob-ident-font-lock-keywords))

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist
               '("\\(?:\\`\\|/\\)postgresql\\(?:\\.auto\\)?\\.conf\\(?:\\.sample\\)?\\'" . pgknob-conf-mode))
  (add-to-list 'auto-mode-alist '("/conf\\.d/[^/]*\\.conf\\'" . pgknob-conf-mode))
  (add-to-list 'auto-mode-alist '("\\(?:\\`\\|/\\)pg_hba\\.conf\\(?:\\.sample\\)?\\'" . pgknob-hba-mode))
  (add-to-list 'auto-mode-alist '("\\(?:\\`\\|/\\)pg_ident\\.conf\\(?:\\.sample\\)?\\'" . pgknob-ident-mode)))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `((pgknob-conf-mode pgknob-hba-mode pgknob-ident-mode) . (,pgknob-program "lsp"))))

(provide 'pgknob)
;;; pgknob.el ends here
