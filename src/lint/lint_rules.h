/* The rule packs in the lint pipeline: load them (shipped + --rules), attach host facts
 * (--host) to each input's snapshot, run the engine and append the rule findings after the
 * validation findings. The engine itself stays pure; this is the glue. */
#ifndef PK_LINT_RULES_H
#define PK_LINT_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "engine/engine.h"
#include "lint/lint.h"
#include "rules/rules.h"

typedef struct LintRulesOpts {
    bool disabled_all;       /* --no-rules: validation only */
    const char *host;        /* --host: "local" or a spec; NULL: no host facts */
    const char *const *dirs; /* --rules DIR, repeatable */
    size_t n_dirs;
    const char *const *disable; /* rule ids or names not to run, one each */
    size_t n_disable;
    bool purpose_given; /* --purpose or .pgknob.ini: the file's own words do not decide it */
} LintRulesOpts;

typedef struct LintRulesState {
    RuleSet rules;
    HostFacts host;
    bool have_host;
    SkippedList skipped; /* rules skipped for a missing fact, every input */
    char **pack_dirs;    /* the packs that ran, for the report header */
    size_t n_pack_dirs;
    PkDiagList notes; /* loading's notes (a rule directory with no rule file) */
} LintRulesState;

/* Loads the shipped packs and `opts->dirs` into a fresh `state` (its pack_dirs name them for the
 * report; host facts unknown; state->notes for the caller to print). False with `diag` set (the
 * rule file's error). For commands whose snapshot does not come from lint (audit). */
bool lint_rules_load(const LintRulesOpts *opts, LintRulesState *state, PkDiag *diag);

/* Runs the rules over every input of `res`. False with `diag` set when pgknob's own input is
 * unusable (a broken rule file, a bad --host spec): the caller exits 2. */
bool lint_rules_run(LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                    PkDiag *diag);
/* lint_rules_run with `state` already loaded (lint_rules_load): rules loaded once serve many
 * runs (the language server). */
bool lint_rules_apply(LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                      PkDiag *diag);
void lint_rules_state_free(LintRulesState *state);

#endif
