/* Where a report goes: stdout or the -o file, in a format named or inferred from the file's
 * extension; and the one timestamp a report may carry (SOURCE_DATE_EPOCH, for reproducible
 * builds), never the clock. */
#include "report/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"

const ReportFormat *report_format_choose(const char *name, const char *output_path)
{
    if (name)
        return report_format_find(name);
    if (!output_path)
        return report_format_find("text");
    const ReportFormat *by_ext = report_format_for_path(output_path);
    return by_ext ? by_ext : report_format_find("md");
}

const char *report_timestamp(void)
{
    static char stamp[32];
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    if (!epoch || !*epoch)
        return NULL;
    char *end;
    errno = 0;
    long long secs = strtoll(epoch, &end, 10);
    if (*end || errno || secs < 0)
        return NULL;
    time_t when = (time_t)secs;
    struct tm tm;
    if (!gmtime_r(&when, &tm) || !strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm))
        return NULL;
    return stamp;
}

int report_emit(const ReportFormat *format, const ReportInput *in, const ReportOpts *opts,
                const char *output_path)
{
    StrBuf out = STRBUF_INIT;
    report_set_display_base(opts->cwd);
    format->render(in, opts, &out);
    report_set_display_base(NULL);
    FILE *fp = output_path ? fopen(output_path, "w") : stdout;
    if (!fp) {
        fprintf(stderr, "pgknob: error: could not open \"%s\" for writing: %s\n", output_path,
                strerror(errno));
        sb_free(&out);
        return PK_EXIT_USAGE;
    }
    bool ok = fwrite(sb_str(&out), 1, out.len, fp) == out.len;
    ok = (output_path ? fclose(fp) : fflush(fp)) == 0 && ok;
    sb_free(&out);
    if (!ok) {
        fprintf(stderr, "pgknob: error: could not write the report to %s\n",
                output_path ? output_path : "standard output");
        return PK_EXIT_USAGE;
    }
    return report_exit_code(in);
}
