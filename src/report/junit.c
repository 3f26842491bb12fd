/* JUnit XML, the test-report format CI services read (GitLab `artifacts:reports:junit`, Jenkins,
 * Azure Pipelines…): one <testsuite> per input, one <testcase> per finding. A finding that
 * fails the run (at or above --fail-on, unsuppressed) is a <failure>, a suppressed one is
 * <skipped> with its reason, one below the threshold passes and keeps its text in
 * <system-out>; an input without findings has one passing case, so it shows as checked. The
 * element and attribute set is the Jenkins JUnit schema's (tests/report/junit.xsd). */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

typedef struct SuiteCounts {
    size_t tests, failures, skipped;
} SuiteCounts;

static bool fails_run(const ReportInput *in, const Finding *f)
{
    if (f->suppressed)
        return false;
    if (in->fail_on_refusal)
        return f->refuses_start;
    return in->fail_on != SEV_NONE && f->severity >= in->fail_on;
}

static void put_attr(StrBuf *out, const char *name, const char *value)
{
    sb_printf(out, " %s=\"", name);
    sb_put_xml(out, value);
    sb_putc(out, '"');
}

static void put_case(const ReportInput *in, const ReportOpts *opts, const ReportSource *src,
                     const Finding *f, StrBuf *out)
{
    const char *file = report_display_path(opts, f->file ? f->file : src->path);
    char *name = f->line > 0 ? xasprintf("%s %s (line %d)", f->rule_id,
                                         f->title ? f->title : f->rule_name, f->line)
                             : xasprintf("%s %s", f->rule_id, f->title ? f->title : f->rule_name);
    sb_put(out, "    <testcase");
    put_attr(out, "classname", file);
    put_attr(out, "name", name);
    sb_put(out, ">\n");
    free(name);
    char *text = report_plain_message(in, f);
    char *where = f->line > 0 ? xasprintf("%s:%d", file, f->line) : xstrdup(file);
    if (f->suppressed) {
        char *reason = report_redact_text(in, f->suppress_reason ? f->suppress_reason : "");
        sb_put(out, "      <skipped");
        put_attr(out, "message", reason);
        sb_put(out, "/>\n");
        free(reason);
    } else if (fails_run(in, f)) {
        char *message = report_redact_text(in, f->message);
        sb_put(out, "      <failure");
        put_attr(out, "type", severity_name(f->severity));
        put_attr(out, "message", message ? message : "");
        sb_put(out, ">");
        sb_put_xml(out, where);
        sb_put(out, ": ");
        sb_put_xml(out, text);
        sb_put(out, "</failure>\n");
        free(message);
    } else {
        sb_printf(out, "      <system-out>%s ", severity_name(f->severity));
        sb_put_xml(out, where);
        sb_put(out, ": ");
        sb_put_xml(out, text);
        sb_put(out, "</system-out>\n");
    }
    sb_put(out, "    </testcase>\n");
    free(where);
    free(text);
}

static SuiteCounts put_suite(const ReportInput *in, const ReportOpts *opts, const ReportSource *src,
                             StrBuf *out)
{
    SuiteCounts counts = {0};
    StrBuf cases = STRBUF_INIT;
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        if (report_source_of(in, f) != src)
            continue;
        put_case(in, opts, src, f, &cases);
        counts.tests++;
        counts.failures += fails_run(in, f);
        counts.skipped += f->suppressed;
    }
    const char *path = report_display_path(opts, src->path);
    if (!counts.tests) {
        sb_put(&cases, "    <testcase");
        put_attr(&cases, "classname", path);
        put_attr(&cases, "name", "no findings");
        sb_put(&cases, "/>\n");
        counts.tests = 1;
    }
    sb_put(out, "  <testsuite");
    put_attr(out, "name", path);
    sb_printf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", counts.tests,
              counts.failures, counts.skipped);
    sb_put(out, sb_str(&cases));
    sb_put(out, "  </testsuite>\n");
    sb_free(&cases);
    return counts;
}

void report_junit_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    StrBuf suites = STRBUF_INIT;
    SuiteCounts total = {0};
    for (size_t idx = 0; idx < in->n_sources; idx++) {
        SuiteCounts counts = put_suite(in, opts, &in->sources[idx], &suites);
        total.tests += counts.tests;
        total.failures += counts.failures;
    }
    char *name = xasprintf("pgknob %s", in->command);
    sb_put(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites");
    put_attr(out, "name", name);
    sb_printf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n", total.tests, total.failures);
    sb_put(out, sb_str(&suites));
    sb_put(out, "</testsuites>\n");
    free(name);
    sb_free(&suites);
}
