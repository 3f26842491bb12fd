/* The project configuration `.pgknob.ini` (common/ini.h): defaults a repository keeps beside its
 * postgresql.conf files so every run in CI checks the same way. Command-line options win over
 * it. Reading only: applying it to findings is policy.c's job. Format: docs/report.md. */
#ifndef PK_PROJECT_CONFIG_H
#define PK_PROJECT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "model/finding.h"

typedef struct SeverityOverride {
    char *rule;        /* rule id or name, as written */
    Severity severity; /* SEV_NONE: the rule is disabled */
} SeverityOverride;

/* What the configuration is for (docs/lint.md, "Severity policy"): under test and benchmark,
 * durability switched off is the point, not a danger. */
typedef enum Purpose {
    PURPOSE_PRODUCTION = 0, /* the default */
    PURPOSE_TEST,
    PURPOSE_BENCHMARK,
} Purpose;

/* "production|test|benchmark"; false on anything else. */
bool purpose_parse(const char *text, Purpose *out);
const char *purpose_name(Purpose purpose);

/* Its strings and lists live in its arena (the INI document's): arena_free(cfg.arena). */
typedef struct ProjectConfig {
    Arena *arena;
    char *path;       /* the file read; NULL when there was none */
    char *pg_version; /* [pgknob] pg_version, or NULL */
    char *target;     /* [pgknob] target (a service name, checked), or NULL */
    bool has_purpose;
    Purpose purpose; /* [pgknob] purpose */
    bool has_fail_on;
    Severity fail_on;     /* [pgknob] fail_on */
    bool fail_on_refusal; /* fail_on = refusal */
    char *host_spec;      /* [host] as a --host spec ("ram=16GB,cores=8"), or NULL */
    char **disable;       /* [pgknob] disable: rule ids or names */
    size_t n_disable;
    char **rule_dirs; /* [pgknob] rules: relative to the file's directory, made absolute */
    size_t n_rule_dirs;
    char **redact; /* [pgknob] redact: parameter names (or prefixes ending in '*') */
    size_t n_redact;
    SeverityOverride *overrides; /* [severity] RULE = error|warning|notice|off */
    size_t n_overrides;
    char *baseline; /* [pgknob] baseline, relative to the file's directory, or NULL */
} ProjectConfig;

/* Reads `path`. False with `diag` set when the file cannot be read or has a mistake; then `cfg`
 * holds nothing. `cfg` must be zeroed. */
bool project_config_load(const char *path, ProjectConfig *cfg, PkDiag *diag);

/* Parses `len` bytes of `text` as if read from `filename` (for tests and the fuzzer). */
bool project_config_load_buffer(const char *filename, const char *text, size_t len,
                                ProjectConfig *cfg, PkDiag *diag);

/* The .pgknob.ini that governs `input` (a file or directory being checked; NULL: the current
 * directory): the first found in its directory and each parent up to the repository root (a
 * directory with .git, included) or the filesystem root, else ./.pgknob.ini; NULL when none.
 * Relative to the working directory when under it. Caller frees. (config_find.c) */
char *project_config_find(const char *input);

#endif
