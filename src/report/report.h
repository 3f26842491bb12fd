/* Rendering findings. One ReportInput describes a run (what was checked, for which version, the
 * findings); each format is an entry of one table keyed by name, so adding a format is one
 * renderer file plus one table row in report.c. Renderers only format: no I/O, no decisions. */
#ifndef PK_REPORT_H
#define PK_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "common/diag.h"
#include "common/json.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

struct SkippedRule;

/* One thing that was checked: a configuration file or data directory (lint), or a server. */
typedef struct ReportSource {
    const char *path; /* as given on the command line */
    const char *kind; /* "file", "data_directory", "server" */
    int pg_major;
    const char *pg_version;     /* "18", "18.2", or a server's "18.4" */
    const char *version_source; /* "--pg-version", "PG_VERSION", "default", "server" */
    /* the major the input was written for when pgknob does not check it ("9.4", "9.4 or
     * older", "more than one"), so that the default was taken; NULL or "" when none */
    const char *unchecked_major;
    const char *const *files; /* every file read, in reading order */
    size_t n_files;
    const Snapshot *snap; /* its settings model; NULL when not built */
    const ConfSet *set;   /* what was read (for quoting lines); NULL for a server */
} ReportSource;

/* Live audit only: evidence the server would not give, and whether the audit is partial. */
typedef struct ReportUnavailable {
    const char *what; /* "configuration file errors (pg_file_settings)" */
    const char *why;  /* "permission denied for view pg_file_settings" */
    bool failure;     /* an error (makes the audit partial), not a fact such as timing off */
} ReportUnavailable;

typedef struct ReportAudit {
    bool partial;
    const ReportUnavailable *unavailable;
    size_t n_unavailable;
} ReportAudit;

typedef struct ReportInput {
    const char *command; /* "lint", "audit" */
    const ReportSource *sources;
    size_t n_sources;
    const FindingList *findings;   /* sorted */
    Severity fail_on;              /* SEV_NONE for --fail-on never (and refusal) */
    bool fail_on_refusal;          /* --fail-on refusal */
    const HostFacts *host;         /* NULL when no host facts were given */
    const char *const *rule_packs; /* rule packs that ran, for the header; may be empty */
    size_t n_rule_packs;
    const ReportAudit *audit; /* audit only; NULL for lint */
    const struct SkippedList
        *skipped;            /* rules skipped for a missing fact (engine.h); may be NULL */
    const char *baseline;    /* --baseline FILE, or NULL */
    size_t n_baseline_known; /* findings left out because the baseline has them */
    const char *config;      /* the .pgknob.ini that applied, or NULL */
    /* every other file the run read or would read (a data directory's PG_VERSION, pg_hba.conf,
     * pg_ident.conf, a .pgknob.ini that is not there yet): -o lands on none */
    const char *const *reads;
    size_t n_reads;
    const Redaction *redact; /* names and values to redact (the command's); may be NULL */
    int exit_code;           /* the code the run ends with: cli/ decides it, reports show it */
    const char *purpose;     /* "production", "test", "benchmark"; NULL: not shown */
    bool purpose_default;    /* neither --purpose nor .pgknob.ini stated it */
    bool purpose_inferred;   /* read from the file, its path or its README (PK0090) */
    /* Set by report_emit for one render: the run's secret values (collected once, not per
     * string) and the working directory shown relative in free text. NULL outside it. */
    struct ReportRun *run;
} ReportInput;

typedef struct ReportOpts {
    bool color;            /* ANSI colours (text only): a TTY without NO_COLOR */
    const char *cwd;       /* paths under it are shown relative; NULL: absolute */
    const char *timestamp; /* "2026-01-02T03:04:05Z" from SOURCE_DATE_EPOCH; NULL: omitted */
    bool appendix;         /* Markdown and HTML: add the appendix of every setting the inputs set (a
                            * list that is not findings: opt-in, so a report stays short) */
} ReportOpts;

typedef void (*ReportRenderFn)(const ReportInput *in, const ReportOpts *opts, StrBuf *out);

typedef struct ReportFormat {
    const char *name;      /* "text", "json", … */
    const char *extension; /* for -o inference: ".txt", ".json", …; NULL when none */
    ReportRenderFn render;
} ReportFormat;

/* NULL when no format has that name. */
const ReportFormat *report_format_find(const char *name);
/* The format a file name's extension implies, or NULL. */
const ReportFormat *report_format_for_path(const char *path);
/* "text, json" (for help and error messages). Caller frees. */
char *report_format_names(void);

/* The format to write: the one named (NULL if unknown), else the one the output file's extension
 * implies, else Markdown for a file and text for stdout. */
const ReportFormat *report_format_choose(const char *name, const char *output_path);
/* SOURCE_DATE_EPOCH as "2026-01-02T03:04:05Z" in the caller's `stamp` (REPORT_STAMP_SIZE
 * bytes), returned; NULL when unset or invalid. */
#define REPORT_STAMP_SIZE 32
const char *report_timestamp(char *stamp, size_t size);
/* Renders and writes to `output_path` (stdout when NULL). False with `diag` set when the report
 * cannot be written (or -o names one of the run's inputs). */
bool report_emit(const ReportFormat *format, const ReportInput *in, const ReportOpts *opts,
                 const char *output_path, PkDiag *diag);

/* The path as reports show it: relative to opts->cwd when under it. Borrowed from `path`. */
const char *report_display_path(const ReportOpts *opts, const char *path);
/* The value to show for a setting: "<redacted>" when its whole value is a credential (the
 * name, or a misspelling's closest name, is secret: redact_name_secret with the run's
 * Redaction), else the value with the secrets inside masked ("host=db password=<redacted>").
 * Caller frees; NULL for NULL. */
char *report_redact_value(const ReportInput *in, const char *name, const char *value);
/* Does a setting's value hold a secret, whole or inside? in may be NULL. */
bool report_is_secret(const ReportInput *in, const char *name, const char *value);
/* Free text (a message, a quoted line, a suggestion) with every secret of the run replaced by
 * "<redacted>": values of secret settings of every source and finding, and whatever follows
 * "password=" (and, under report_emit, paths relative to the working directory). Caller frees;
 * NULL for NULL. */
char *report_redact_text(const ReportInput *in, const char *text);
/* Every string of a JSON report's tree through the run's redaction, before it is dumped. */
void report_redact_json(const ReportInput *in, json_t *tree);
/* A rendered report (text, Markdown, annotations) through the run's redaction as a whole: what a
 * renderer printed without report_redact_text is caught here. Not for HTML or XML, whose
 * "<redacted>" would be markup; in Markdown (`markdown`) the marker is written escaped. */
void report_redact_rendered(const ReportInput *in, StrBuf *out, bool markdown);
/* A finding as plain text, redacted: its message, then the hint, "Suggestion: …" and one
 * "Evidence: …" line each (SARIF results, GitHub annotations). Caller frees. */
char *report_plain_message(const ReportInput *in, const Finding *f);
/* The per-render state of ReportInput.run: report_emit makes one from ReportOpts.cwd, so free
 * text also shows paths under it relative, like report_display_path (messages quote absolute
 * paths). */
struct ReportRun *report_run_new(const char *cwd);
void report_run_free(struct ReportRun *run);

void report_text_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_json_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_md_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_html_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
/* The one Markdown → HTML pipeline (cmark-gfm, GFM tables, safe mode) with the one stylesheet:
 * a complete page of `markdown` titled `title` (plain text). Every HTML report is made here. */
void report_html_page(const char *title, const char *markdown, StrBuf *out);
void report_sarif_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_github_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_codequality_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);
void report_junit_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out);

/* ---- facts a detailed report shows about a finding (detail.c) ---- */

/* The source a finding belongs to (the one that read its file), else the first; NULL if none. */
const ReportSource *report_source_of(const ReportInput *in, const Finding *f);
/* The catalog record of a setting in the finding's target version; NULL when unknown. */
const CatalogParam *report_param(const ReportInput *in, const Finding *f, const char *name);
/* What applying the suggested change takes: "restart", "reload", "start" (a refusal's removal
 * or rename of a parameter the major does not have), "none" (read-only, fixed at initdb) or
 * NULL when no setting is known. From the fixes, else the parameters the suggestion
 * assigns, else the settings the finding names. Static. */
const char *report_apply_how(const ReportInput *in, const Finding *f);
/* A setting needing a restart that a suggestion in words names as an alternative ("lower work_mem
 * or max_connections") when its first remedy applies on reload; NULL when none. */
const char *report_apply_alternative(const ReportInput *in, const Finding *f);
/* The value the suggestion gives `name` ("8GB" from "shared_buffers = 8GB (…)"); NULL when the
 * suggestion does not set it. Caller frees. */
char *report_suggested_value(const Finding *f, const char *name);
/* The "name = value" lines the suggestion gives for known parameters, one a line; NULL when it
 * gives none (prose only). Caller frees. */
char *report_suggested_conf(const ReportInput *in, const Finding *f);
/* The configuration line at file:line as read (NULL when unknown), with secrets redacted.
 * Caller frees. */
char *report_line_text(const ReportInput *in, const char *file, int line);
/* The documentation page of a parameter for a major ("https://www.postgresql.org/docs/18/
 * runtime-config-resource.html#GUC-SHARED-BUFFERS"); NULL for custom parameters. Caller frees. */
char *report_doc_url(int major, const CatalogParam *param);
/* The value a setting has by default in that version, in human form ("128MB"). Caller frees. */
char *report_default_pretty(const CatalogParam *param);
/* The Markdown "why it hurts" of a finding: the rule's explanation, or for validation findings
 * what a rejected line does to a server; NULL when none. Static or borrowed. */
const char *report_explanation(const Finding *f);
/* The finding's fix list as a JSON array of {"name", "value", "applies", "safety"}, "why" for
 * an unsafe fix and "remove": true for a line to comment out (secret values redacted), for the json
 * and sarif trees. Caller owns the reference. */
json_t *report_fix_json(const ReportInput *in, const Finding *f);
/* One line on the safety of the finding's fixes and what applies them ("safe (pgknob fix
 * applies it)", "unsafe (pgknob fix --unsafe-fixes applies it): <why>"; for a manifest, that
 * the edit is made by hand); NULL without fixes.
 * Caller frees. */
char *report_fix_safety(const Finding *f);
/* The anchor a Markdown heading gets on GitHub (and in the HTML report): "3-pk6001-error-…"
 * from its plain text. Caller frees. */
char *report_heading_slug(const char *heading);
/* Was the rule skipped because a line it reads failed to parse or holds a rejected value (rather
 * than for a missing host fact or live evidence)? */
bool report_skip_unparsed(const struct SkippedRule *skip);
/* Was the rule skipped because the fragment linted alone does not set a parameter it reads? */
bool report_skip_fragment(const struct SkippedRule *skip);
/* "2 errors, 1 warning, 0 notices, 3 recommendations (1 suppressed) in 2 files" (audit: "on the
 * server"): the closing count of the text report, and the line a run written with -o prints. */
void report_put_counts(const ReportInput *in, StrBuf *out);
/* The line a run whose report went to `output_path` prints on stderr, so a CI log shows the
 * outcome: "pgknob: 2 errors, … in 1 file (written to out.xml)". Caller frees. */
char *report_written_summary(const ReportInput *in, const char *output_path);
/* Counts suppressed findings. */
size_t report_count_suppressed(const ReportInput *in);

#endif
