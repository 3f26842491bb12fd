/* Glue between the lint pipeline and the rule engine. */
#include "lint/lint_rules.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"
#include "host/host.h"
#include "lint/validate.h"

static void copy_host(HostFacts *to, const HostFacts *from)
{
    free(to->storage);
    free(to->kernel);
    free(to->source);
    *to = *from;
    to->storage = xstrdup(from->storage);
    to->kernel = xstrdup(from->kernel);
    to->source = xstrdup(from->source);
}

static bool load_host(const LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                      PkDiag *diag)
{
    if (!opts->host)
        return true;
    /* with a data directory, its device is the storage that matters */
    const char *data_path = res->n_inputs ? res->inputs[0].set.data_dir : NULL;
    PkDiag why = PK_DIAG_INIT;
    if (!host_from_option(opts->host, data_path, &state->host, &why)) {
        pk_diag_set(diag, NULL, 0, HOST_SPEC_HINT, "--host: %s", why.message);
        pk_diag_free(&why);
        return false;
    }
    state->have_host = true;
    return true;
}

static void state_init(LintRulesState *state)
{
    memset(state, 0, sizeof(*state));
    state->host.ram_bytes = -1;
    state->host.cores = state->host.container = state->host.io_uring_allowed = -1;
}

bool lint_rules_load(const LintRulesOpts *opts, LintRulesState *state, PkDiag *diag)
{
    state_init(state);
    if (!rules_load_packs(&state->rules, true, opts->dirs, opts->n_dirs, &state->notes, diag)) {
        /* what loaded before the failure: the caller may not free a state that failed */
        arena_free(state->rules.arena);
        state->rules = (RuleSet){0};
        return false;
    }
    state->pack_dirs = xcalloc(opts->n_dirs + 1, sizeof(char *));
    state->pack_dirs[state->n_pack_dirs++] = xstrdup(state->rules.shipped_dir);
    for (size_t dir_idx = 0; dir_idx < opts->n_dirs; dir_idx++)
        state->pack_dirs[state->n_pack_dirs++] = xstrdup(opts->dirs[dir_idx]);
    return true;
}

/* Several inputs skip the same rules for the same facts: keep each (rule, facts) once. */
static void skipped_dedup(SkippedList *list)
{
    size_t kept = 0;
    for (size_t idx = 0; idx < list->n; idx++) {
        SkippedRule *cur = &list->items[idx];
        bool seen = false;
        for (size_t prev = 0; prev < kept && !seen; prev++)
            seen = !strcmp(list->items[prev].rule_id, cur->rule_id) &&
                   !strcmp(list->items[prev].needs, cur->needs);
        if (seen) {
            free(cur->rule_id);
            free(cur->title);
            free(cur->needs);
        } else {
            list->items[kept++] = *cur;
        }
    }
    list->n = kept;
}

bool lint_rules_run(LintResult *res, const LintRulesOpts *opts, LintRulesState *state, PkDiag *diag)
{
    /* --no-rules keeps the host facts: the validation checks that need them still run */
    if (opts->disabled_all)
        state_init(state);
    else if (!lint_rules_load(opts, state, diag))
        return false;
    return lint_rules_apply(res, opts, state, diag);
}

bool lint_rules_apply(LintResult *res, const LintRulesOpts *opts, LintRulesState *state,
                      PkDiag *diag)
{
    skipped_free(&state->skipped); /* this run's, not the sum of every run of a long-lived state */
    if (!load_host(res, opts, state, diag))
        return false;
    EngineOpts eopts = {opts->disable, opts->n_disable};
    for (size_t input_idx = 0; input_idx < res->n_inputs; input_idx++) {
        LintInput *input = &res->inputs[input_idx];
        if (!input->snap.catalog)
            continue;
        input->rules_begin = res->findings.n;
        if (state->have_host) {
            copy_host(&input->snap.host, &state->host);
            lint_validate_host(&input->snap, &res->findings);
        }
        if (!opts->disabled_all)
            engine_run(&state->rules, &input->snap, &eopts, &res->findings, &state->skipped);
        input->rules_end = res->findings.n;
    }
    if (opts->disabled_all)
        return true;
    skipped_dedup(&state->skipped);
    return true;
}

void lint_rules_state_free(LintRulesState *state)
{
    arena_free(state->rules.arena);
    host_facts_clear(&state->host);
    skipped_free(&state->skipped);
    for (size_t idx = 0; idx < state->n_pack_dirs; idx++)
        free(state->pack_dirs[idx]);
    free(state->pack_dirs);
    pk_diag_list_free(&state->notes);
    memset(state, 0, sizeof(*state));
}
