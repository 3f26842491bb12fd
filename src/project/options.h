/* The options `pgknob lint` and `pgknob audit` share — --config, --baseline, --fail-on, --host,
 * --rules, --disable — and the .pgknob.ini that completes them. One place decides how the file
 * and the command line combine (command-line values win, lists are joined), and one place
 * applies the project policy to a run's findings, so both commands honour the file alike. */
#ifndef PK_PROJECT_OPTIONS_H
#define PK_PROJECT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/redact.h"
#include "conf/conf.h"
#include "lint/lint_rules.h"
#include "model/finding.h"
#include "project/config.h"
#include "project/policy.h"

/* Parser keys (cli_getopt) of the shared options, above any command's own keys. */
enum {
    PROJECT_OPT_CONFIG = 512,
    PROJECT_OPT_BASELINE,
    PROJECT_OPT_FAIL_ON,
    PROJECT_OPT_HOST,
    PROJECT_OPT_RULES,
    PROJECT_OPT_DISABLE,
    PROJECT_OPT_PURPOSE,
};

typedef struct ProjectOptions {
    const char *config;      /* --config FILE; NULL: the .pgknob.ini project_config_find finds */
    const char *search_from; /* what is checked (its directory starts that search); NULL: . */
    const char *baseline;    /* --baseline FILE, else the file's baseline */
    const char *pg_version;  /* the file's pg_version (a command's own option wins) */
    const char *target;      /* the file's target (lint --target wins) */
    const char *host;        /* --host FACTS|local, else the file's [host]; NULL: none */
    Severity fail_on;        /* --fail-on, else the file's fail_on; set the default first */
    bool fail_on_given;
    bool fail_on_refusal;   /* --fail-on refusal: only findings with refuses_start fail */
    Purpose purpose;        /* --purpose, else the file's purpose, else production */
    bool purpose_given;     /* by --purpose or the file (reports say when it is the default) */
    const char **rule_dirs; /* --rules DIR (in order), then the file's rules */
    size_t n_rule_dirs;
    char **disable; /* --disable values and the file's disable, one id or name each */
    size_t n_disable;
    ProjectConfig project; /* the file read; zeroed when there is none */
    Baseline known;        /* the baseline, read with the file (an input checked early) */
    bool have_known;
    Redaction redact; /* the file's "redact" names, and secrets the command adds */
} ProjectOptions;

/* Takes the value of one PROJECT_OPT_ key. False, with `diag` set, for a bad value (an unknown
 * level, a --host spec that does not parse) or a key that is not shared. */
bool project_option_set(ProjectOptions *opts, int key, const char *arg, PkDiag *diag);

/* Reads the project configuration (--config, else the .pgknob.ini found upward from
 * search_from, else ./.pgknob.ini: project_config_find), completes `opts`
 * with it (its redaction list goes to opts->redact) and reads the baseline. False, with
 * `diag` set (FILE:LINE for the file), when either cannot be read or has a mistake: a
 * command calls this before its real work (for audit, before connecting). */
bool project_options_load(ProjectOptions *opts, PkDiag *diag);

/* The project policy on a run's findings: the inline pragmas of `sets` (none for a server), the
 * file's severity overrides, the disabled rules (the file's and --disable: findings a command
 * makes outside the rule engine go too), then the baseline (*n_known: findings it knew).
 * Sorts the findings. False, with `diag` set, when the baseline cannot be read. */
bool project_options_apply(ProjectOptions *opts, FindingList *findings, const ConfSet *const *sets,
                           size_t n_sets, size_t *n_known, PkDiag *diag);

void project_options_free(ProjectOptions *opts);

/* project_options_load for the project of `search_from` (a command's first input), then the
 * file's pg_version into *pg_version when the command line gave none. */
bool project_options_load_for(ProjectOptions *opts, const char *search_from,
                              const char **pg_version, PkDiag *diag);

/* What the project says of the rules (--host, --rules, --disable) into the rule options. */
void project_rules_opts(const ProjectOptions *opts, LintRulesOpts *rules);
/* When neither --purpose nor .pgknob.ini states the purpose, each input whose own words state
 * one (lint/intent.h, PK0090) has its findings judged as under it, as policy_apply_purpose
 * does. Run before project_options_apply. */
void project_apply_file_purpose(const ProjectOptions *opts, LintResult *res);

#endif
