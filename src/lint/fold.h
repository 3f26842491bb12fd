/* Findings that say one thing: merged into the first, the others dropped, with every input's
 * ranges of findings kept true. */
#ifndef PK_LINT_FOLD_H
#define PK_LINT_FOLD_H

#include <stdbool.h>

#include "lint/lint.h"
#include "model/finding.h"

/* Adds `from`'s settings and fixes to `to` (one list, one arena); `from` keeps no fixes. */
void lint_findings_merge(Finding *to, Finding *from);

/* Removes the findings marked in `drop` (one flag per finding) and moves every input's ranges. */
void lint_findings_drop(LintResult *res, const bool *drop);

/* A line the file repeats word for word (a file pasted twice, a setting copied into a second
 * section) gets one validation finding, not one per copy: the later copies' findings of the same
 * rule, name and value join the first, whose message names their lines, and whose fixes change
 * every copy. */
void lint_fold_repeats(LintResult *res);

/* Several services of one compose file that run postgres with the same option (a development
 * stack's four servers, each with -c log_statement=all) get one finding for it, not one per
 * service: the later services' findings of the same rule, severity and message join the first,
 * whose message names their services and lines. The same of a Terraform file's resources, for
 * what is said of the file's major and what names no line (a finding at a line of its own is a
 * place to edit). */
void lint_fold_services(LintResult *res);

#endif
