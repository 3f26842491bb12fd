/* The validation pass: a configuration read by conf/ checked against the catalog of the target
 * version, reporting exactly what the server itself would refuse at startup (errors) plus what it
 * accepts with a caveat (warnings, notices). Pure: no I/O. Rule packs (engine/) come after it. */
#ifndef PK_LINT_VALIDATE_H
#define PK_LINT_VALIDATE_H

#include <stddef.h>

#include "common/strbuf.h"
#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

typedef struct ValidateOpts {
    int minor;                   /* target minor release (18.2 → 2), or -1 when unknown */
    double wal_segment_bytes;    /* the cluster's WAL segment size (initdb --wal-segsize) */
    bool check_host;             /* also check what depends on this machine (installed locales) */
    bool host_is_server;         /* --host local: this machine is the server, so a locale missing
                                  * here is a warning (else a notice: the server may have it) */
    const char *image_libraries; /* comma-separated: preloaded by an operator from its own image,
                                  * so not to be installed (PK0061); NULL when none */
    /* the file whose container image decides the C library (lint_container_alpine, asked only
     * when a locale would be reported: musl's setlocale() takes any name, PK0060); NULL when
     * none (a data directory) */
    const char *image_of;
    /* the bind mounts of the compose service that runs the file: a path it names below one
     * that exists here exists in the container (PK0061 says nothing) */
    const ConfMount *mounts;
    size_t n_mounts;
    /* a compose service runs the file as its config_file straight from the mount, with the
     * image's own postgres: the server reads it as written, since compose fills in variables in
     * the compose file, never in a file it mounts */
    bool read_as_mounted;
} ValidateOpts;

/* Appends the validation findings of `set` for `snap`'s target version (snap must have been built
 * from `set` by snapshot_from_conf). Pure unless opts->check_host. */
void lint_validate(const ConfSet *set, const Snapshot *snap, const ValidateOpts *opts,
                   FindingList *out);

/* The name checks alone (unknown, old name, a module's unknown parameter) for `entry`, whose
 * value the server never gets as written (an RDS formula not evaluated, a YAML null or
 * mapping): a misspelt name is an error whatever its value holds. */
void lint_validate_name(const ConfEntry *entry, const Snapshot *snap, FindingList *out);

/* The checks that need the host's facts (snap->host, from --host): a shared-memory demand the
 * host cannot meet (PK0062). Nothing when the facts are unknown. Pure. */
void lint_validate_host(const Snapshot *snap, FindingList *out);

/* The rule findings in out[begin, end) at a template's setting that another branch of its block
 * sets differently (`{% if dev %} log_statement = 'all' {% else %} … 'ddl'`): which one renders
 * depends on a condition pgknob cannot evaluate, so each is a notice naming the other, with no
 * fix (rewriting one branch undoes the author's choice for the other). */
void lint_template_alternatives(const ConfSet *set, FindingList *out, size_t begin, size_t end);

/* The file's name or directory says it is a template: its renderer's extension, or a directory
 * named templates/ or template/ (Ansible roles, Helm charts, Salt states). Written into `why`
 * ("its name ends in .j2"). */
bool lint_template_path(const char *path, StrBuf *why);
/* Is `file` in a server's own configuration home (/etc/postgresql/, /var/lib/postgresql/,
 * /var/lib/pgsql/), where the server reads it as it is? */
bool lint_server_home(const char *file);

/* Findings [begin, end) that read only defaults, where a line of the file is a placeholder
 * alone that may render as any settings: suppressed, saying so. */
void lint_template_expansion(const ConfSet *set, FindingList *out, size_t begin, size_t end);

/* max_stack_depth against the stack limit (PK0029): snap->host.stack_bytes when known (--host
 * local reads RLIMIT_STACK), else the 8MB that Linux gives a process by default. Pure. */
void lint_validate_stack(const Snapshot *snap, FindingList *out);

#endif
