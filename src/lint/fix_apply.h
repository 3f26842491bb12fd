/* Turning the verified fixes of one lint input into edited configuration text: each fix rewrites
 * the line the configuration parser says wins for its parameter (or the misspelt line it
 * renames), in whichever file holds it, keeping comments and layout; a parameter set nowhere is
 * appended to the top-level file. Also renders the edits as a unified diff, and as ALTER SYSTEM
 * statements with their rollback. Reads the files it edits; never writes. */
#ifndef PK_LINT_FIX_APPLY_H
#define PK_LINT_FIX_APPLY_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
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
    bool remove;         /* comments the line out (a parameter the target major removed) */
} FixChange;

typedef struct FixFile {
    char *path;
    char *old_text;
    char *new_text;
} FixFile;

/* Which findings' fixes a plan applies: by default the safe fixes of errors and warnings. A
 * finding's fixes go together (its companions included) or not at all. */
typedef struct FixSelect {
    Severity min_severity; /* SEV_WARNING by default; SEV_NOTICE or SEV_RECOMMENDATION add tiers */
    bool unsafe;           /* --unsafe-fixes: unsafe fixes too */
} FixSelect;

/* A finding whose fixes the selection leaves out, and what would apply them. */
typedef struct FixLeftOut {
    char *rule_id;
    char *names;       /* the parameters it would change: "autovacuum_freeze_max_age, …" */
    char *reason;      /* "unsafe: <why>", "a notice", … */
    char *tier;        /* "a notice" when below --min-severity, else NULL */
    char *why;         /* the unsafe reason, NULL when the fixes are safe */
    Severity severity; /* the finding's: the summary lists the most severe first */
    char *flags;       /* the options that would apply it: "--unsafe-fixes --min-severity notice";
                        * NULL for a refusal no fix clears (to correct by hand) */
} FixLeftOut;

/* Everything a plan points to lives in its arena: free it with arena_free(plan.arena). */
typedef struct FixPlan {
    Arena *arena;
    FixChange *changes;
    size_t n_changes, cap_changes;
    FixLeftOut *left_out;
    size_t n_left_out, cap_left_out;
    FixFile *files; /* every file that changes, in reading order */
    size_t n_files, cap_files;
    char *top_file; /* the input's top-level file (appends go there) */
} FixPlan;

/* Plans the fixes of the unsuppressed findings of input `input_idx` that `sel` selects (NULL:
 * every fix), recording the others in left_out. False with `diag` set when a file cannot be read
 * again or a line cannot be rewritten. */
bool fix_plan_build(const LintResult *res, size_t input_idx, const FixSelect *sel, FixPlan *plan,
                    PkDiag *diag);
/* The fixes left out, one line each ("not applied: PK3008 wal_level: a notice, and unsafe: ….
 * Apply with --unsafe-fixes --min-severity notice."), and the refusals no fix clears ("not fixed:
 * PK0020 log_destination (line 3): …"), each line after `prefix`. */
void fix_plan_left_out(const FixPlan *plan, const char *prefix, StrBuf *out);
/* A unified diff of every changed file, paths relative to `cwd` when under it (patch -p0). */
void fix_plan_diff(const FixPlan *plan, const char *cwd, StrBuf *out);
/* ALTER SYSTEM statements grouped by reload and restart, then the statements that undo them. */
void fix_plan_alter_system(const FixPlan *plan, int pg_major, StrBuf *out);

#endif
