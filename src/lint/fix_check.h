/* Verifying the fixes of one lint input before anyone sees them: a fix must be a value the target
 * catalog accepts (type, unit, range, enum, parsed as the server does), must change something,
 * must not give a memory parameter more than the host's RAM, and two findings must not pull one
 * parameter two ways. A fix that fails is dropped, and the finding's fix_note says why. Pure. */
#ifndef PK_LINT_FIX_CHECK_H
#define PK_LINT_FIX_CHECK_H

#include "lint/lint.h"

/* Checks the fixes of input `input_idx` (its findings: the validation and rule ranges recorded
 * in the LintInput), re-rendering the suggestions that changed. */
void fix_check_input(LintResult *res, size_t input_idx);
/* fix_check_input for every input. */
void fix_check_run(LintResult *res);

#endif
