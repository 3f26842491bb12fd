/* The one place a command turns a run's findings into its exit code and hands the report to
 * report/ (which renders and writes, and decides nothing). */
#ifndef PK_CLI_REPORT_H
#define PK_CLI_REPORT_H

#include <stdbool.h>

#include "model/finding.h"
#include "report/report.h"

/* PK_EXIT_FINDINGS when any unsuppressed finding is at or above fail_on (with --fail-on refusal:
 * when one refuses start), else PK_EXIT_OK. */
int cli_findings_exit_code(const FindingList *findings, Severity fail_on, bool refusal);
/* Sets in->exit_code (the report shows it), writes the report (with -o, a one-line summary on
 * stderr), and returns that code, or PK_EXIT_USAGE with the error printed when the report
 * cannot be written. */
int cli_emit_report(const ReportFormat *format, ReportInput *in, const ReportOpts *opts,
                    const char *output_path);

#endif
