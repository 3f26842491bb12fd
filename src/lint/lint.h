/* The lint pipeline shared by `pgknob lint` and later commands: load each input (a file or a data
 * directory), decide its target version, build its settings model and run validation. Rule packs
 * append their findings to the same list afterwards; rendering is report/'s job. */
#ifndef PK_LINT_H
#define PK_LINT_H

#include <stdbool.h>
#include <stddef.h>

#include "conf/conf.h"
#include "model/finding.h"
#include "hba/hba.h"
#include "input/input.h"
#include "lint/target.h"
#include "model/snapshot.h"

typedef struct LintOpts {
    const char *const *paths; /* files or data directories, as given */
    size_t n_paths;
    const char *pg_version;   /* --pg-version as given ("18", "18.2"), or NULL */
    bool skip_auto_conf;      /* do not read a data directory's postgresql.auto.conf */
    double wal_segment_bytes; /* 0: the initdb default, 16MB */
    bool check_host;          /* also check what depends on this machine (locales) */
    bool host_is_server;      /* --host local: this machine runs the server (see ValidateOpts) */
    bool fragment;            /* --fragment: every file input is part of a configuration */
    InputFormat input_format; /* --input-format; INPUT_AUTO: by content */
    const TargetSpec *target; /* --target: a managed service's restrictions, or NULL */
    double instance_memory;   /* bytes, from --host (instance_class or ram): RDS formulas */
    int instance_vcpus;
    char host_storage[16];  /* from --host: a template's if/else on the storage kind ("" unknown) */
    const char *stdin_name; /* --stdin-filename: where the text of the input "-" stands (its
                             * includes, findings, fragment status follow it); NULL: "<stdin>" */
    const char *buffer;     /* the text of the input "-" when the caller holds it (the language
                             * server's unsaved document) instead of standard input; or NULL */
    size_t buffer_len;
} LintOpts;

/* Is a file input a fragment of a configuration rather than a whole one: postgresql.auto.conf,
 * a file in a conf.d-style directory (its name ends in ".d"), or --fragment? A data directory
 * never is. */
bool lint_is_fragment(const char *path, bool forced);

typedef struct LintInput {
    char *path; /* as given */
    ConfSet set;
    int pg_major;
    int pg_minor; /* -1 unless --pg-version named one */
    /* "--pg-version", "PG_VERSION", "manifest", "evidence" (the file's own paths, PK0004) or
     * "default" (static) */
    const char *version_source;
    /* PK0004: the major the file's own words name when pgknob does not check it ("9.4"), or
     * "more than one"; "" when none. Every fix is then unsafe: nothing here knows that server. */
    char unchecked_major[32];
    /* The major the file was written for when it is not the one checked and no --pg-version
     * states the target: PK0004's label ("9.5") or what its removed parameters show ("12 or
     * older"), with the evidence in words; "" when none. Its removed-parameter findings are then
     * one upgrade notice (lint_major_settle). */
    char evident_major[32];
    char evident_what[256];
    /* A major before 13 the file may still be for, without being dated to it: the newest its
     * stock sample can be (commented-out lines, PK0004's notice: "9.3"), or the last to have a
     * parameter it sets that was removed before 13 ("8.3", the both-facts warning); "" otherwise.
     * A fix that adds a parameter is then unsafe: such a server may not have it. */
    char sample_major[16];
    /* The catalogued majors (13-18) a kept stock sample names when they exclude the one checked
     * (PK0004's notice: 16 to 16 for 16's sample); 0 when none. */
    int sample_lo, sample_hi;
    Snapshot snap;                           /* effective settings for pg_major */
    size_t validation_begin, validation_end; /* its findings in LintResult.findings, before */
    size_t rules_begin, rules_end;           /* the project policy drops any (fix_check.h) */
    bool fragment;  /* linted alone as part of a configuration (lint_is_fragment) */
    bool auth_only; /* a lone pg_hba.conf or pg_ident.conf: no postgresql.conf rule applies */
    /* the data directory's pg_hba.conf and pg_ident.conf (hba_file, ident_file), or a lone
     * pg_hba.conf / pg_ident.conf given as the input; NULL when none was read */
    HbaSet *hba;
    InputFormat format; /* INPUT_CONF, or the manifest it was read from */
    char *label;        /* a manifest's document ("Cluster pg-main"); NULL for conf */
    /* the manifest's pod limits as host facts (ram, cores; source NULL when none): used where
     * --host gives no value */
    HostFacts pod_host;
    double hugepages_limit[2]; /* the container's hugepages-2Mi, -1Gi limits (bytes); 0: none */
    char *image_libraries; /* preloaded by the operator from its own image (InputDoc); or NULL */
    char *unused_group;    /* InputDoc's: the instance that uses another group; or NULL */
    /* the managed service whose defaults and restrictions apply: --target's, or the one the
     * document configures (InputDoc.service), then loaded into own_service, which the input
     * owns; NULL for a server of one's own */
    const struct TargetSpec *service;
    struct TargetSpec *own_service;
    /* the -c settings of the command of the compose service that runs the file, and where that
     * command is (ComposeLimits.overrides, .command_at); NULL when none */
    char *command_overrides, *command_at;
    char *command_file; /* that command's compose file, as findings show it; NULL when none */
    bool member_slots_managed; /* Patroni drops its departed members' slots (InputDoc) */
    /* a compose service's trust and the line publishing the server's port (InputDoc's) */
    char *trust_service;
    int trust_line, trust_published_line;
    char *old_volume; /* InputDoc's: a volume its image of 18 or later refuses */
    int old_volume_line;
    bool old_volume_unpinned;
    struct Intent *intent; /* what its files show of the author's intent (lint/intent.h), set
                            * by the rules' run; NULL before */
} LintInput;

typedef struct LintResult {
    LintInput *inputs;
    size_t n_inputs;
    FindingList findings; /* validation findings of every input, unsorted */
} LintResult;

/* An args input of a compose service ("service repository"): its service's name, else NULL. */
const char *lint_input_service(const LintInput *input);

/* Parses "18" or "18.2" for a major pgknob knows (13–18); false otherwise. */
bool lint_parse_version(const char *text, int *major, int *minor);

/* Loads and validates every input into `res` (zeroed by the caller). Returns false, with
 * `diag` set, when pgknob's own input is unusable: a bad --pg-version, a
 * missing or unreadable path, a data directory of a version pgknob does not know. Problems
 * inside configurations are findings, never a failure. Free with lint_result_free either way. */
bool lint_run(const LintOpts *opts, LintResult *res, PkDiag *diag);

void lint_result_free(LintResult *res);

/* Gives every finding located on a manifest line the column of that line's parameter, so SARIF
 * and annotations land on it. Run after the rule packs. */
void lint_locate_columns(LintResult *res);

#endif
