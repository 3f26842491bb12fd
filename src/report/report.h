/* Rendering findings. One ReportInput describes a run (what was checked, for which version, the
 * findings); each format is an entry of one table keyed by name, so adding a format is one
 * renderer file plus one table row in report.c. Renderers only format: no I/O, no decisions. */
#ifndef PK_REPORT_H
#define PK_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"
#include "engine/finding.h"
#include "model/snapshot.h"

/* One thing that was checked: a configuration file or data directory (lint), or a server. */
typedef struct ReportSource {
    const char *path;           /* as given on the command line */
    const char *kind;           /* "file", "data_directory", "server" */
    int pg_major;
    const char *pg_version;     /* "18", "18.2", or a server's "18.4" */
    const char *version_source; /* "--pg-version", "PG_VERSION", "default", "server" */
    const char *const *files;   /* every file read, in reading order */
    size_t n_files;
    const Snapshot *snap;       /* its settings model; NULL when not built */
} ReportSource;

/* Live audit only: evidence the server would not give, and whether the audit is partial. */
typedef struct ReportUnavailable {
    const char *what;  /* "configuration file errors (pg_file_settings)" */
    const char *why;   /* "permission denied for view pg_file_settings" */
    bool failure;      /* an error (makes the audit partial), not a fact such as timing off */
} ReportUnavailable;

typedef struct ReportAudit {
    bool partial;
    const ReportUnavailable *unavailable;
    size_t n_unavailable;
} ReportAudit;

typedef struct ReportInput {
    const char *command;        /* "lint", "audit" */
    const ReportSource *sources;
    size_t n_sources;
    const FindingList *findings; /* sorted */
    Severity fail_on;           /* SEV_NONE for --fail-on never */
    const HostFacts *host;      /* NULL when no host facts were given */
    const char *const *rule_packs; /* rule packs that ran, for the header; may be empty */
    size_t n_rule_packs;
    const ReportAudit *audit;   /* audit only; NULL for lint */
} ReportInput;

typedef struct ReportOpts {
    bool color;                 /* ANSI colours (text only): a TTY without NO_COLOR */
    const char *cwd;            /* paths under it are shown relative; NULL: absolute */
} ReportOpts;

typedef void (*ReportRenderFn)(const ReportInput *in, const ReportOpts *opts, StrBuf *out);

typedef struct ReportFormat {
    const char *name;           /* "text", "json", … */
    const char *extension;      /* for -o inference: ".txt", ".json", …; NULL when none */
    ReportRenderFn render;
} ReportFormat;

/* NULL when no format has that name. */
const ReportFormat *report_format_find(const char *name);
/* The format a file name's extension implies, or NULL. */
const ReportFormat *report_format_for_path(const char *path);
/* "text, json" (for help and error messages). Static storage. */
const char *report_format_names(void);

/* The path as reports show it: relative to opts->cwd when under it. Borrowed from `path`. */
const char *report_display_path(const ReportOpts *opts, const char *path);
/* The value to show for a setting: "<redacted>" when it may hold a credential (a *conninfo or
 * *passphrase* parameter, or a value containing "password="), else `value`. Static or borrowed. */
const char *report_redact(const char *name, const char *value);
/* The exit code a run ends with: 1 when any unsuppressed finding is at or above fail_on. */
int report_exit_code(const ReportInput *in);

void report_text_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_json_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);

#endif
