/* pgknob's own diagnostics: one value (PkDiag) that every module below cli/ returns, and the
 * stderr filter. Only cli/ prints a PkDiag (cli/cli_diag.h), in the compiler style every
 * command uses: "pgknob: error: FILE:LINE:COL: message", then "detail: …" and "hint: …". */
#ifndef PK_DIAG_H
#define PK_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"

/* What a diagnostic is: an error stops the command; a warning or a note is reported and the
 * command goes on (e.g. a rule directory that holds no rule file). */
typedef enum PkDiagLevel {
    PK_DIAG_ERROR = 0, /* the default of a zeroed PkDiag */
    PK_DIAG_WARNING,
    PK_DIAG_NOTE,
} PkDiagLevel;

typedef struct PkDiag {
    PkDiagLevel level;
    char *file;    /* NULL when no file is concerned */
    int line;      /* 1-based; 0 when the whole file is concerned */
    int column;    /* 1-based; 0 when unknown */
    char *message; /* lowercase, no final period (PostgreSQL style); NULL while unset */
    char *detail;  /* a full sentence, or NULL */
    char *hint;    /* a full sentence saying what to do, or NULL */
} PkDiag;

#define PK_DIAG_INIT                                                                               \
    {                                                                                              \
        0                                                                                          \
    }

/* Sets the diagnostic unless one is already set (the first cause wins). Returns false, so
 * `return pk_diag_set(d, ...);` reads as a failure. `d` may be NULL (the caller did not ask).
 * file and hint may be NULL. */
bool pk_diag_set(PkDiag *d, const char *file, int line, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
bool pk_diag_vset(PkDiag *d, const char *file, int line, const char *hint, const char *fmt,
                  va_list ap) __attribute__((format(printf, 5, 0)));
void pk_diag_set_column(PkDiag *d, int column);
/* Replaces the detail (the formatted text), e.g. the server's own DETAIL. */
void pk_diag_set_detail(PkDiag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prefixes the message with context ("reading lab 03: …"), keeping location and hint. */
void pk_diag_prefix(PkDiag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool pk_diag_is_set(const PkDiag *d);
void pk_diag_free(PkDiag *d);
/* Moves *from into *to (to freed first); *from is left empty. */
void pk_diag_move(PkDiag *to, PkDiag *from);

/* Warnings and notes a module returns beside its result; cli/ prints them (cli_print_diags). */
/* Zeroed by its owner; the diagnostics live in its arena: arena_free(list.arena). */
typedef struct PkDiagList {
    Arena *arena;
    PkDiag *items;
    size_t n, cap;
} PkDiagList;

/* Appends one diagnostic of `level` (file and hint may be NULL). `list` may be NULL (the caller
 * did not ask). */
void pk_diag_list_add(PkDiagList *list, PkDiagLevel level, const char *file, int line,
                      const char *hint, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Replaces stderr by an unbuffered stream that shows control bytes (as sb_put_escaped_controls
 * does) instead of writing them, but for the progress lines' "\r" and "\033[K". main calls it
 * once, before any command runs. */
void pk_diag_filter_stderr(void);

#endif
