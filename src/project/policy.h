/* Project policy applied to findings after they are made and before they are rendered: inline
 * suppressions (`# pgknob: ignore RULE-ID — reason`), severity overrides and disabled rules
 * from .pgknob.ini, and a baseline of known findings. Pure list operations: no I/O here except
 * reading the baseline file. */
#ifndef PK_PROJECT_POLICY_H
#define PK_PROJECT_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "conf/conf.h"
#include "model/finding.h"
#include "project/config.h"

/* Marks each finding silenced by a pragma of `set` as suppressed, with the pragma's reason. A
 * pragma covers its own line, and the next line when it stands alone on its line; it names
 * rules by id or name (comma-separated), or "all". Returns how many were marked. */
size_t policy_apply_pragmas(FindingList *findings, const ConfSet *set);

/* Removes (and frees) the findings `drop` selects; returns how many. */
size_t policy_remove_if(FindingList *findings, bool (*drop)(Finding *, const void *),
                        const void *ctx);

/* Applies [severity] overrides and disabled rules: a disabled rule's findings are removed. */
void policy_apply_config(FindingList *findings, const ProjectConfig *cfg);

/* Under purpose test or benchmark, what such clusters switch off on purpose (fsync,
 * full_page_writes, autovacuum) is a notice whose hint says why; production changes nothing.
 * Runs before the [severity] overrides, which win. `whence`, when the file's own evidence set the
 * purpose (non-NULL): each demoted finding's hint points to PK0090, which quotes it once, and
 * says how to override it. */
/* `weak_by`: what alone gave the purpose when it is weak evidence ("a name", the repository's or
 * a directory's; "the opt-outs' own signature"), NULL otherwise: it lowers only what costs
 * performance, resources or log volume, never what can lose data or stop the service. */
/* `own_file`:`own_line`, when the evidence is a setting's line: the finding on that line is not
 * lowered by it (a muted log is no excuse for the muted log). */
void policy_apply_purpose(FindingList *findings, Purpose purpose, const char *whence,
                          const char *weak_by, const char *own_file, int own_line);

/* Known findings of a baseline (a JSON report written by `pgknob lint|audit --format json`). */
/* Its keys and marks live in its arena: arena_free(baseline.arena). */
typedef struct Baseline {
    Arena *arena;
    char **keys; /* "RULE\x1fSETTING\x1fBASENAME", one per finding in the file */
    size_t n;
    bool *used;
} Baseline;

/* False with `diag` set (the path as its file), `out` left empty, when the file is unreadable or
 * not a pgknob JSON report. */
bool baseline_load(const char *path, Baseline *out, PkDiag *diag);
bool baseline_load_buffer(const char *text, size_t len, Baseline *out, PkDiag *diag);
/* Removes the findings the baseline knows (each baseline entry matches at most one finding:
 * rule id, first setting name and file base name; line numbers are ignored). Returns how many
 * were removed. */
size_t baseline_filter(FindingList *findings, Baseline *baseline);

/* Everything inline pragmas, .pgknob.ini and a baseline do to the findings of one run. */
typedef struct PolicyRun {
    const ProjectConfig *cfg;   /* NULL: no project configuration */
    const ConfSet *const *sets; /* the configurations read, for their pragmas */
    size_t n_sets;
    const char *baseline_path;  /* NULL: no baseline (or `baseline` is loaded already) */
    Baseline *baseline;         /* a baseline loaded beforehand, used instead of the path */
    const char *const *disable; /* more rule ids or names to remove (--disable) */
    size_t n_disable;
    Purpose purpose; /* test and benchmark lower what they switch off on purpose */
} PolicyRun;

/* Applies pragmas, then overrides and disabled rules (the file's and run->disable), then the
 * baseline (setting *n_known), and sorts. False with `diag` set when the baseline cannot be
 * read. */
bool policy_apply(FindingList *findings, const PolicyRun *run, size_t *n_known, PkDiag *diag);

#endif
