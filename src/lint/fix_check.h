/* Verifying the fixes of one lint input before anyone sees them: a fix must be a value the target
 * catalog accepts (type, unit, range, enum, parsed as the server does), must change something,
 * must not give a memory parameter more than the host's RAM, and two findings must not pull one
 * parameter two ways. A fix that fails is dropped, and the finding's fix_note says why. Pure. */
#ifndef PK_LINT_FIX_CHECK_H
#define PK_LINT_FIX_CHECK_H

#include "engine/engine.h"
#include "lint/lint.h"

/* Checks the fixes of input `input_idx` (its findings: the validation and rule ranges recorded
 * in the LintInput), re-rendering the suggestions that changed. Then, when `rules` is given, the
 * fixes are tried: the configuration with every fix applied is validated and the rules run on it
 * again. A fix that would raise a new error or warning is dropped, unless that finding's own fix
 * clears it (then the fix comes along, said in the note); a finding the fixes do not clear says
 * so in its note. */
void fix_check_input(LintResult *res, size_t input_idx, const RuleSet *rules,
                     const EngineOpts *eopts);
/* fix_check_input for every input. */
void fix_check_run(LintResult *res, const RuleSet *rules, const EngineOpts *eopts);

#endif
