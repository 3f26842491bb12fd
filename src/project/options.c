/* The command line and .pgknob.ini combined, for every command that runs rules on a
 * configuration: the file fills what the command line left out, and lists add up. */
#include "project/options.h"

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/redact.h"
#include "common/xalloc.h"
#include "host/host.h"
#include "lint/intent.h"
#include "project/policy.h"

static void add_dir(ProjectOptions *opts, const char *dir)
{
    opts->rule_dirs = xrealloc(opts->rule_dirs, (opts->n_rule_dirs + 1) * sizeof(char *));
    opts->rule_dirs[opts->n_rule_dirs++] = dir;
}

/* --disable PK2011,memory.x is two ids: split here, so the engine and the policy see one each. */
static void add_disabled(ProjectOptions *opts, const char *value)
{
    char *copy = xstrdup(value), *save = NULL;
    for (char *id = strtok_r(copy, ", \t", &save); id; id = strtok_r(NULL, ", \t", &save)) {
        opts->disable = xrealloc(opts->disable, (opts->n_disable + 1) * sizeof(char *));
        opts->disable[opts->n_disable++] = xstrdup(id);
    }
    free(copy);
}

/* A bad --host is a usage error before anything runs (for audit: before connecting). */
static bool host_spec_valid(const char *spec, PkDiag *diag)
{
    if (!strcmp(spec, "local"))
        return true;
    HostFacts facts;
    PkDiag why = PK_DIAG_INIT;
    bool ok = host_parse_spec(spec, &facts, &why);
    if (ok)
        host_facts_clear(&facts);
    else
        pk_diag_set(diag, NULL, 0, HOST_SPEC_HINT, "invalid --host \"%s\": %s", spec, why.message);
    pk_diag_free(&why);
    return ok;
}

bool project_option_set(ProjectOptions *opts, int key, const char *arg, PkDiag *diag)
{
    switch (key) {
    case PROJECT_OPT_CONFIG: opts->config = arg; return true;
    case PROJECT_OPT_BASELINE: opts->baseline = arg; return true;
    case PROJECT_OPT_RULES: add_dir(opts, arg); return true;
    case PROJECT_OPT_DISABLE: add_disabled(opts, arg); return true;
    case PROJECT_OPT_HOST: opts->host = arg; return host_spec_valid(arg, diag);
    case PROJECT_OPT_PURPOSE:
        if (purpose_parse(arg, &opts->purpose))
            return opts->purpose_given = true;
        return pk_diag_set(diag, NULL, 0, "Use production, test or benchmark.",
                           "invalid --purpose \"%s\"", arg);
    case PROJECT_OPT_FAIL_ON:
        if (fail_on_parse(arg, &opts->fail_on, &opts->fail_on_refusal))
            return opts->fail_on_given = true;
        return pk_diag_set(diag, NULL, 0, "Use refusal, error, warning, notice or never.",
                           "invalid --fail-on level \"%s\"", arg);
    }
    return pk_diag_set(diag, NULL, 0, NULL, "option key %d is not a shared option", key);
}

/* The baseline is pgknob's own input: read it now, so a bad one stops the command early. */
static bool load_baseline(ProjectOptions *opts, PkDiag *diag)
{
    if (!opts->baseline)
        return true;
    return opts->have_known = baseline_load(opts->baseline, &opts->known, diag);
}

bool project_options_load(ProjectOptions *opts, PkDiag *diag)
{
    char *found = opts->config ? NULL : project_config_find(opts->search_from);
    const char *path = opts->config ? opts->config : found;
    if (!path)
        return load_baseline(opts, diag);
    bool ok = project_config_load(path, &opts->project, diag);
    free(found);
    if (!ok) {
        return false;
    }
    const ProjectConfig *cfg = &opts->project;
    opts->pg_version = cfg->pg_version;
    opts->target = cfg->target;
    if (!opts->fail_on_given && cfg->has_fail_on) {
        opts->fail_on = cfg->fail_on;
        opts->fail_on_refusal = cfg->fail_on_refusal;
    }
    if (!opts->purpose_given && cfg->has_purpose) {
        opts->purpose = cfg->purpose;
        opts->purpose_given = true;
    }
    if (!opts->baseline)
        opts->baseline = cfg->baseline;
    if (!opts->host)
        opts->host = cfg->host_spec;
    for (size_t idx = 0; idx < cfg->n_rule_dirs; idx++)
        add_dir(opts, cfg->rule_dirs[idx]);
    for (size_t idx = 0; idx < cfg->n_disable; idx++)
        add_disabled(opts, cfg->disable[idx]);
    for (size_t idx = 0; idx < cfg->n_redact; idx++)
        redaction_add_name(&opts->redact, cfg->redact[idx]);
    return load_baseline(opts, diag);
}

bool project_options_apply(ProjectOptions *opts, FindingList *findings, const ConfSet *const *sets,
                           size_t n_sets, size_t *n_known, PkDiag *diag)
{
    PolicyRun run = {.cfg = opts->project.path ? &opts->project : NULL,
                     .sets = sets,
                     .n_sets = n_sets,
                     .baseline_path = opts->baseline,
                     .baseline = opts->have_known ? &opts->known : NULL,
                     .disable = (const char *const *)opts->disable,
                     .n_disable = opts->n_disable,
                     .purpose = opts->purpose};
    return policy_apply(findings, &run, n_known, diag);
}

static void purpose_range(FindingList *all, size_t begin, size_t end, Purpose purpose,
                          const char *whence, const Intent *intent)
{
    if (end <= begin || end > all->n)
        return;
    FindingList view = {.items = all->items + begin, .n = end - begin, .cap = end - begin};
    policy_apply_purpose(
        &view, purpose, whence, intent->purpose_named ? intent_weak_evidence(intent) : NULL,
        intent->purpose_from_setting ? intent->purpose_at.file : NULL, intent->purpose_at.line);
}

void project_apply_file_purpose(const ProjectOptions *opts, LintResult *res)
{
    if (opts->purpose_given)
        return;
    for (size_t idx = 0; idx < res->n_inputs; idx++) {
        const LintInput *input = &res->inputs[idx];
        const char *name = input->intent ? intent_purpose_name(input->intent->purpose) : NULL;
        Purpose purpose;
        if (!name || !purpose_parse(name, &purpose))
            continue;
        const Intent *intent = input->intent;
        char *whence =
            xasprintf("%s, %s", intent->purpose_at.file ? intent->purpose_at.file : input->path,
                      intent->purpose_evidence ? intent->purpose_evidence : "its words");
        purpose_range(&res->findings, input->validation_begin, input->validation_end, purpose,
                      whence, intent);
        purpose_range(&res->findings, input->rules_begin, input->rules_end, purpose, whence,
                      intent);
        free(whence);
    }
}

void project_options_free(ProjectOptions *opts)
{
    free(opts->rule_dirs);
    for (size_t idx = 0; idx < opts->n_disable; idx++)
        free(opts->disable[idx]);
    free(opts->disable);
    arena_free(opts->project.arena);
    arena_free(opts->redact.arena);
    opts->redact = (Redaction){0};
    if (opts->have_known)
        arena_free(opts->known.arena);
    opts->have_known = false;
    opts->rule_dirs = NULL;
    opts->disable = NULL;
    opts->n_rule_dirs = opts->n_disable = 0;
}

bool project_options_load_for(ProjectOptions *opts, const char *search_from,
                              const char **pg_version, PkDiag *diag)
{
    opts->search_from = search_from;
    if (!project_options_load(opts, diag))
        return false;
    if (!*pg_version)
        *pg_version = opts->pg_version;
    return true;
}

void project_rules_opts(const ProjectOptions *opts, LintRulesOpts *rules)
{
    rules->host = opts->host;
    rules->dirs = opts->rule_dirs;
    rules->n_dirs = opts->n_rule_dirs;
    rules->disable = (const char *const *)opts->disable;
    rules->n_disable = opts->n_disable;
    rules->purpose_given = opts->purpose_given;
}
