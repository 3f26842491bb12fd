/* Whether a verified fix is safe to apply without reading it twice (docs/fix.md, "Safety"): the
 * generic conditions, judged from the parameter, its value in effect, the new value and what the
 * configuration shows (preloaded libraries, comments on the lines): a change that can stop the
 * server from starting in a state pgknob cannot see, that reverses a deliberate non-default choice,
 * that changes what applications observe, or that moves a freeze age too far in one step. A rule
 * declares its own reasons with its `unsafe` key; a fix that does not clear its finding is marked
 * by fix_check. Pure. */
#ifndef PK_LINT_FIX_SAFETY_H
#define PK_LINT_FIX_SAFETY_H

#include "model/finding.h"
#include "model/snapshot.h"

/* Marks every fix of `f` that one of the generic conditions makes unsafe (a reason already given,
 * the rule's own, is kept). */
void fix_safety_judge(const Snapshot *snap, Finding *f);
/* When the target major was assumed (nothing names it): why a fix right only for that major may
 * stop the server the file is really for (a value or a removal an older supported major
 * refuses), or NULL. */
char *fix_safety_major_why(const Snapshot *snap, const FindingFix *fix);

/* The reason the generic conditions make `name = value` unsafe against `snap` (caller frees), or
 * NULL when they find it safe. */
char *fix_safety_why(const Snapshot *snap, const char *name, const char *value);

/* Sizes of memory the server allocates or the planner assumes cached; max_wal_size,
 * wal_keep_size and temp_file_limit are disk, which RAM does not bound. */
bool fix_param_held_in_ram(const CatalogParam *param);

/* The reason commenting out `name = value`, a parameter the target major removed, is unsafe
 * (caller frees), or NULL when the line means nothing the server does any more. `successor` is a
 * parameter the file sets in its place, or NULL. */
char *fix_safety_removal_why(const char *name, const char *value, const char *successor);
/* Does `name = value`, a removed parameter, do nothing on the majors that had it (the value is
 * their default: custom_variable_classes = '', old_snapshot_threshold = -1)? Then removing the
 * line is safe whatever major the file is for. Before 13 the table in fix_safety.c knows the
 * defaults; from 13 on the catalogued servers' boot values do. */
bool fix_safety_removal_inert(const char *name, const char *value);

#endif
