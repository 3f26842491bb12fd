#include "cli/cli_report.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/cli_diag.h"
#include "cli/commands.h"

int cli_findings_exit_code(const FindingList *findings, Severity fail_on, bool refusal)
{
    return findings_fail(findings, fail_on, refusal) ? PK_EXIT_FINDINGS : PK_EXIT_OK;
}

int cli_emit_report(const ReportFormat *format, ReportInput *in, const ReportOpts *opts,
                    const char *output_path)
{
    in->exit_code = cli_findings_exit_code(in->findings, in->fail_on, in->fail_on_refusal);
    PkDiag diag = PK_DIAG_INIT;
    if (report_emit(format, in, opts, output_path, &diag)) {
        if (output_path) { /* a CI log still shows the outcome */
            char *summary = report_written_summary(in, output_path);
            fprintf(stderr, "%s\n", summary);
            free(summary);
        }
        return in->exit_code;
    }
    cli_print_diag(&diag);
    pk_diag_free(&diag);
    return PK_EXIT_USAGE;
}
