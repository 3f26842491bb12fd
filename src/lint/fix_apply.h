/* Turning the verified fixes of one lint input into edited configuration text: each fix rewrites
 * the line the configuration parser says wins for its parameter (or the misspelt line it
 * renames), in whichever file holds it, keeping comments and layout; a parameter set nowhere is
 * appended to the top-level file. Also renders the edits as a unified diff, and as ALTER SYSTEM
 * statements with their rollback. Reads the files it edits; never writes. */
#ifndef PK_LINT_FIX_APPLY_H
#define PK_LINT_FIX_APPLY_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"
#include "lint/lint.h"

typedef struct FixChange {
    char *name;          /* catalog spelling */
    char *value;         /* unquoted */
    const char *applies; /* "restart" or "reload" */
    char *rules;         /* the findings it fixes: "PK2004, PK0010" */
    char *file;          /* the file edited */
    int line;            /* the line rewritten; 0: appended to `file` */
    char *old_value;     /* the value in effect before (as written), NULL when the default */
    bool old_in_auto;    /* the value in effect came from postgresql.auto.conf */
    bool renames;        /* rewrites a line the server refuses (a misspelt or old name) */
} FixChange;

typedef struct FixFile {
    char *path;
    char *old_text;
    char *new_text;
} FixFile;

typedef struct FixPlan {
    FixChange *changes;
    size_t n_changes, cap_changes;
    FixFile *files; /* every file that changes, in reading order */
    size_t n_files, cap_files;
    char *top_file; /* the input's top-level file (appends go there) */
} FixPlan;

/* Plans the fixes of the unsuppressed findings of input `input_idx`. False with `diag` set when
 * a file cannot be read again or a line cannot be rewritten. */
bool fix_plan_build(const LintResult *res, size_t input_idx, FixPlan *plan, PkDiag *diag);
/* A unified diff of every changed file, paths relative to `cwd` when under it (patch -p0). */
void fix_plan_diff(const FixPlan *plan, const char *cwd, StrBuf *out);
/* ALTER SYSTEM statements grouped by reload and restart, then the statements that undo them. */
void fix_plan_alter_system(const FixPlan *plan, int pg_major, StrBuf *out);
void fix_plan_free(FixPlan *plan);

#endif
