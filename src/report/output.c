/* Where a report goes: stdout or the -o file, in a format named or inferred from the file's
 * extension; and the one timestamp a report may carry (SOURCE_DATE_EPOCH, for reproducible
 * builds), never the clock. */
#include "report/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "common/atomic_file.h"

const ReportFormat *report_format_choose(const char *name, const char *output_path)
{
    if (name)
        return report_format_find(name);
    if (!output_path)
        return report_format_find("text");
    const ReportFormat *by_ext = report_format_for_path(output_path);
    return by_ext ? by_ext : report_format_find("md");
}

const char *report_timestamp(char *stamp, size_t size)
{
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
    if (!gmtime_r(&when, &tm) || !strftime(stamp, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
        return NULL;
    return stamp;
}

static bool same_file(const struct stat *out, const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && st.st_dev == out->st_dev && st.st_ino == out->st_ino;
}

/* A rule pack's .ini and .md files are inputs too: -o must not land on one of them. */
static bool inside_pack_dir(const char *pack, const char *output_path)
{
    size_t len = strlen(output_path);
    if (len < 4 || (strcmp(output_path + len - 4, ".ini") && strcmp(output_path + len - 3, ".md")))
        return false;
    char *real_pack = realpath(pack, NULL), *real_out = realpath(output_path, NULL);
    size_t plen = real_pack ? strlen(real_pack) : 0;
    bool inside =
        real_pack && real_out && !strncmp(real_out, real_pack, plen) && real_out[plen] == '/';
    free(real_pack);
    free(real_out);
    return inside;
}

/* The input -o names (the same file, whatever the spelling or link), or NULL: writing the
 * report there would destroy the configuration it is about. */
static const char *output_is_input(const ReportInput *in, const char *output_path)
{
    struct stat out;
    if (!output_path)
        return NULL;
    if (stat(output_path, &out) != 0)
        return pk_output_is_read(output_path, in->reads, in->n_reads);
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++) {
        const ReportSource *src = &in->sources[src_idx];
        if (src->kind && strcmp(src->kind, "server") && same_file(&out, src->path))
            return src->path;
        for (size_t file_idx = 0; file_idx < src->n_files; file_idx++)
            if (same_file(&out, src->files[file_idx]))
                return src->files[file_idx];
    }
    if (same_file(&out, in->config))
        return in->config;
    const char *read = pk_output_is_read(output_path, in->reads, in->n_reads);
    if (read)
        return read;
    if (same_file(&out, in->baseline))
        return in->baseline;
    for (size_t pack_idx = 0; pack_idx < in->n_rule_packs; pack_idx++)
        if (same_file(&out, in->rule_packs[pack_idx]) ||
            inside_pack_dir(in->rule_packs[pack_idx], output_path))
            return in->rule_packs[pack_idx];
    return NULL;
}

bool report_emit(const ReportFormat *format, const ReportInput *in, const ReportOpts *opts,
                 const char *output_path, PkDiag *diag)
{
    const char *input = output_is_input(in, output_path);
    if (input)
        return pk_diag_set(diag, NULL, 0, "Write the report to another file.",
                           "-o \"%s\" is an input of this run (%s): refusing to overwrite it",
                           output_path, input);
    StrBuf out = STRBUF_INIT;
    ReportInput run_in = *in;
    run_in.run = report_run_new(opts->cwd);
    format->render(&run_in, opts, &out);
    /* the last net of the one redaction path, for the formats read as text */
    if (!strcmp(format->name, "text") || !strcmp(format->name, "md") ||
        !strcmp(format->name, "github"))
        report_redact_rendered(&run_in, &out, !strcmp(format->name, "md"));
    report_run_free(run_in.run);
    /* JSON formats escape control bytes by their encoding; every other format is read by a
     * person, on a terminal or in a browser, or is XML, which cannot hold them even escaped:
     * values must not reach it raw. */
    if (strcmp(format->name, "json") && strcmp(format->name, "sarif") &&
        strcmp(format->name, "codequality")) {
        StrBuf safe = STRBUF_INIT;
        sb_put_escaped_controls(&safe, sb_str(&out), out.len, opts->color);
        sb_free(&out);
        out = safe;
    }
    if (output_path) {
        bool ok = pk_write_files(&(PkWriteItem){output_path, sb_str(&out), out.len}, 1, NULL, diag);
        sb_free(&out);
        return ok;
    }
    errno = 0;
    bool ok = fwrite(sb_str(&out), 1, out.len, stdout) == out.len && fflush(stdout) == 0;
    sb_free(&out);
    if (!ok)
        clearerr(stdout); /* said here, not again at exit */
    return ok ||
           pk_diag_set(diag, NULL, 0, NULL, "could not write the report to standard output: %s",
                       errno ? strerror(errno) : "a write failed");
}
