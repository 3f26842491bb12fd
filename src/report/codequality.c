/* GitLab Code Quality (`artifacts:reports:codequality`): a JSON array of issues, each with a
 * description, check_name, fingerprint, severity and location (path relative to the project,
 * begin line). GitLab's documented subset of the Code Climate issue format
 * (docs.gitlab.com/ci/testing/code_quality/, "Code Quality report format"); the schema the
 * tests validate against is tests/report/codequality.schema.json. Suppressed findings are left
 * out: GitLab has no notion of them, and they do not fail the run. */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

/* GitLab's scale is info < minor < major < critical < blocker: a line the server refuses to
 * start with blocks, other errors are critical, and so on down to recommendations. */
static const char *gitlab_severity(const Finding *f)
{
    if (f->severity == SEV_ERROR)
        return f->refuses_start ? "blocker" : "critical";
    return f->severity == SEV_WARNING ? "major" : f->severity == SEV_NOTICE ? "minor" : "info";
}

/* Where the finding is shown: its line, else (a default value) the first line of the file it
 * concerns, as SARIF does. */
static const char *finding_place(const ReportInput *in, const Finding *f, int *line)
{
    const ReportSource *src = report_source_of(in, f);
    const char *file = f->file ? f->file : src && src->n_files ? src->files[0] : NULL;
    if (!file && src)
        file = src->path;
    *line = f->file && f->line > 0 ? f->line : 1;
    return file ? file : "";
}

/* GitLab wants a path relative to the repository (the job's working directory): a file outside
 * it is reached with "../" steps rather than given absolute. Caller frees. */
static char *relative_path(const ReportOpts *opts, const char *file)
{
    const char *shown = report_display_path(opts, file);
    if (shown[0] != '/' || !opts->cwd || opts->cwd[0] != '/')
        return xstrdup(shown);
    /* the longest common prefix that ends at a directory boundary of both */
    size_t common = 0;
    for (size_t idx = 0; shown[idx] && shown[idx] == opts->cwd[idx]; idx++)
        if (shown[idx] == '/')
            common = idx;
    StrBuf rel = STRBUF_INIT;
    for (const char *p = opts->cwd + common; *p; p++)
        if (*p == '/' && p[1])
            sb_put(&rel, "../");
    sb_put(&rel, shown + common + 1);
    return sb_detach(&rel);
}

/* Stable across runs and line moves (rule, first setting, path), unique within the report: the
 * n-th finding with the same key gets "#n". GitLab compares fingerprints between pipelines to
 * tell new findings from fixed ones. */
static char *fingerprint(const Finding *f, const char *path, json_t *seen)
{
    char *key = xasprintf("%s:%s:%s", f->rule_id, f->n_settings ? f->settings[0].name : "", path);
    json_int_t count = json_integer_value(json_object_get(seen, key)) + 1;
    json_object_set_new(seen, key, json_integer(count));
    if (count == 1)
        return key;
    char *numbered = xasprintf("%s#%lld", key, (long long)count);
    free(key);
    return numbered;
}

void report_codequality_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    json_t *issues = json_array(), *seen = json_object();
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        if (f->suppressed)
            continue;
        int line;
        char *path = relative_path(opts, finding_place(in, f, &line));
        char *text = report_redact_text(in, f->message);
        char *description = xasprintf("%s: %s", f->rule_id, text ? text : "");
        char *print = fingerprint(f, path, seen);
        json_t *issue = json_object();
        pk_json_set(issue, "description", pk_json_str(description));
        pk_json_set(issue, "check_name", pk_json_str(f->rule_id));
        pk_json_set(issue, "fingerprint", pk_json_str(print));
        pk_json_set(issue, "severity", pk_json_str(gitlab_severity(f)));
        pk_json_set(issue, "location",
                    json_pack("{s:o, s:{s:i}}", "path", pk_json_str(path), "lines", "begin", line));
        json_array_append_new(issues, issue);
        free(print);
        free(path);
        free(description);
        free(text);
    }
    json_decref(seen);
    report_redact_json(in, issues);
    pk_json_dump(out, issues, PK_JSON_PRETTY);
}
