/* pgknob's own diagnostics on stderr, in the compiler style every command uses:
 * "pgknob: error: FILE:LINE: message", then "hint: …". */
#ifndef PK_DIAG_H
#define PK_DIAG_H

/* FILE:LINE: when line > 0, FILE: alone when not, no location without a file; the hint line
 * only when `hint` is given. */
void pk_print_error(const char *file, int line, const char *message, const char *hint);

/* Replaces stderr by an unbuffered stream that shows control bytes (as sb_put_escaped_controls
 * does) instead of writing them, but for the progress lines' "\r" and "\033[K". main calls it
 * once, before any command runs. */
void pk_diag_filter_stderr(void);

#endif
