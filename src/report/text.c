/* The compiler-style text format: `FILE:LINE: SEVERITY: message [rule-id]`, with indented hint
 * and suggestion lines and a closing count. */
#include <stdio.h>

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

static void put_finding(const ReportOpts *opts, const Finding *f, StrBuf *out)
{
    put_location(opts, f, out);
    if (opts->color)
        sb_printf(out, "%s%s:" ANSI_RESET " ", severity_color(f->severity),
                  severity_name(f->severity));
    else
        sb_printf(out, "%s: ", severity_name(f->severity));
    sb_printf(out, "%s [%s]\n", f->message ? f->message : f->title, f->rule_id);
    if (f->hint)
        sb_printf(out, "  hint: %s\n", f->hint);
    if (f->suggestion) {
        const char *name = f->n_settings ? f->settings[0].name : NULL;
        sb_printf(out, "  suggestion: %s\n", report_redact(name, f->suggestion));
    }
    for (size_t idx = 0; idx < f->n_evidence; idx++)
        sb_printf(out, "  evidence: %s\n", f->evidence[idx]);
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
        put_finding(opts, f, out);
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
