;;; emacs-eglot.el --- pgknob lsp in real Emacs: eglot's diagnostics and a quick fix, in batch  -*- lexical-binding: t; -*-
;; Run: PGKNOB=... CONF=.../postgresql.conf OUT=... emacs --batch -Q -l editors/emacs/pgknob.el -l this
;; Writes OUT as JSON: the mode, the flymake diagnostics (line, type, text), the code actions'
;; titles on the chosen line, and the line after the preferred quick fix was applied.
(require 'eglot)
(require 'json)
(setq eglot-server-programs `((pgknob-conf-mode . (,(getenv "PGKNOB") "lsp"))))
(setq eglot-sync-connect t eglot-connect-timeout 30 eglot-send-changes-idle-time 0)
(defun pgknob-test--line-of (regexp)
  (save-excursion (goto-char (point-min)) (re-search-forward regexp) (line-beginning-position)))
(let* ((buf (find-file-noselect (getenv "CONF")))
       (result nil))
  (with-current-buffer buf
    (push (cons 'mode (symbol-name major-mode)) result)
    (eglot '(pgknob-conf-mode) (eglot--current-project) 'eglot-lsp-server
           (list (getenv "PGKNOB") "lsp") "pgknob-conf")
    ;; diagnostics arrive as a publishDiagnostics notification: wait for flymake to show them
    (let ((deadline (+ (float-time) 30)))
      ;; batch Emacs runs no idle timers: start flymake's check (eglot's backend) by hand
      (while (and (null (flymake-diagnostics)) (< (float-time) deadline))
        (flymake-start)
        (accept-process-output nil 0.2)))
    (push (cons 'diagnostics
                (vconcat (mapcar (lambda (d)
                                   `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                                     (type . ,(symbol-name (flymake-diagnostic-type d)))
                                     (text . ,(flymake-diagnostic-text d))))
                                 (flymake-diagnostics))))
          result)
    (let* ((beg (pgknob-test--line-of "^work_mem"))
           (end (save-excursion (goto-char beg) (line-end-position)))
           (actions (eglot-code-actions beg end "quickfix"))
           (preferred (or (seq-find (lambda (a) (plist-get a :isPreferred)) actions) (car actions))))
      (push (cons 'titles (vconcat (mapcar (lambda (a) (plist-get a :title)) actions))) result)
      (when (plist-get preferred :edit)
        (eglot--apply-workspace-edit (plist-get preferred :edit)))
      (push (cons 'fixed_line (buffer-substring-no-properties
                               (pgknob-test--line-of "^work_mem")
                               (save-excursion (goto-char (pgknob-test--line-of "^work_mem"))
                                               (line-end-position))))
            result))
    (eglot-shutdown (eglot-current-server)))
  (with-temp-file (getenv "OUT") (insert (json-encode result))))
