/* GitHub Actions workflow commands: one `::error file=F,line=N,title=T::message` line per
 * unsuppressed finding, which the runner turns into annotations on the changed file. Escaping
 * follows the runner's rules: %, CR and LF everywhere; also ':' and ',' in property values. */
#include "report/report.h"

#include <stdlib.h>

static void put_escaped(StrBuf *out, const char *text, bool property)
{
    for (const char *p = text; p && *p; p++) {
        switch (*p) {
        case '%': sb_put(out, "%25"); break;
        case '\r': sb_put(out, "%0D"); break;
        case '\n': sb_put(out, "%0A"); break;
        case ':': sb_put(out, property ? "%3A" : ":"); break;
        case ',': sb_put(out, property ? "%2C" : ","); break;
        default: sb_putc(out, *p);
        }
    }
}

static const char *command_of(Severity sev)
{
    return sev == SEV_ERROR ? "error" : sev == SEV_WARNING ? "warning" : "notice";
}

static void put_annotation(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                           StrBuf *out)
{
    sb_printf(out, "::%s ", command_of(f->severity));
    if (f->file) {
        sb_put(out, "file=");
        put_escaped(out, report_display_path(opts, f->file), true);
        if (f->line > 0)
            sb_printf(out, ",line=%d", f->line);
        if (f->line > 0 && f->column > 0)
            sb_printf(out, ",col=%d", f->column);
        sb_put(out, ",");
    }
    sb_put(out, "title=");
    StrBuf title = STRBUF_INIT;
    sb_printf(&title, "%s %s%s%s", f->rule_id,
              f->severity == SEV_RECOMMENDATION ? "recommendation: " : "",
              f->title ? f->title : f->rule_name, f->refuses_start ? " (refuses start)" : "");
    put_escaped(out, sb_str(&title), true);
    sb_free(&title);
    sb_put(out, "::");
    char *text = report_plain_message(in, f);
    put_escaped(out, text, false);
    free(text);
    sb_put(out, "\n");
}

void report_github_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    for (size_t idx = 0; idx < in->findings->n; idx++)
        if (!in->findings->items[idx].suppressed)
            put_annotation(in, opts, &in->findings->items[idx], out);
}
