/* The compiler-style text format: `FILE:LINE: SEVERITY: message [rule-id]`, with indented hint
 * and suggestion lines and a closing count. */
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"

#define ANSI_BOLD "\033[1m"
#define ANSI_RESET "\033[0m"

static const char *severity_color(Severity sev)
{
    switch (sev) {
    case SEV_ERROR: return "\033[1;31m";
    case SEV_WARNING: return "\033[1;35m";
    default: return "\033[1;36m";
    }
}

static void put_location(const ReportOpts *opts, const Finding *f, StrBuf *out)
{
    if (!f->file)
        return;
    if (opts->color)
        sb_put(out, ANSI_BOLD);
    sb_put(out, report_display_path(opts, f->file));
    if (f->line > 0)
        sb_printf(out, ":%d", f->line);
    sb_put(out, ":");
    if (opts->color)
        sb_put(out, ANSI_RESET);
    sb_put(out, " ");
}

/* A free-text line with every secret of the run redacted. */
static void put_clean(const ReportInput *in, StrBuf *out, const char *label, const char *text,
                      const char *end)
{
    char *clean = report_redact_text(in, text);
    sb_put(out, label);
    sb_put(out, clean);
    sb_put(out, end);
    free(clean);
}

static void put_finding(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                        StrBuf *out)
{
    put_location(opts, f, out);
    if (opts->color)
        sb_printf(out, "%s%s:" ANSI_RESET " ", severity_color(f->severity),
                  severity_name(f->severity));
    else
        sb_printf(out, "%s: ", severity_name(f->severity));
    put_clean(in, out, "", f->message ? f->message : f->title, "");
    sb_printf(out, " [%s]\n", f->rule_id);
    if (f->hint)
        put_clean(in, out, "  hint: ", f->hint, "\n");
    if (f->suggestion)
        put_clean(in, out, "  suggestion: ", f->suggestion, "\n");
    for (size_t idx = 0; idx < f->n_evidence; idx++)
        put_clean(in, out, "  evidence: ", f->evidence[idx], "\n");
    if (f->suppressed)
        sb_printf(out, "  suppressed: %s\n", f->suppress_reason ? f->suppress_reason : "");
}

static void put_count(StrBuf *out, size_t count, const char *word)
{
    sb_printf(out, "%zu %s%s", count, word, count == 1 ? "" : "s");
}

void report_text_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    size_t n_suppressed = 0;
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        if (f->suppressed) {
            n_suppressed++;
            continue;
        }
        put_finding(in, opts, f, out);
    }
    size_t n_files = 0;
    for (size_t idx = 0; idx < in->n_sources; idx++)
        n_files += in->sources[idx].n_files;
    put_count(out, findings_count(in->findings, SEV_ERROR, false), "error");
    sb_put(out, ", ");
    put_count(out, findings_count(in->findings, SEV_WARNING, false), "warning");
    sb_put(out, ", ");
    put_count(out, findings_count(in->findings, SEV_NOTICE, false), "notice");
    if (n_suppressed)
        sb_printf(out, " (%zu suppressed)", n_suppressed);
    sb_put(out, " in ");
    put_count(out, n_files, "file");
    if (in->n_sources)
        sb_printf(out, " for PostgreSQL %s", in->sources[0].pg_version);
    sb_put(out, "\n");
}
