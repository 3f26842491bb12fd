/* SARIF 2.1.0 for code-scanning UIs: one run, the rules that produced findings (with help text,
 * help URI and default level) and one result per finding located at file/line. Paths under the
 * working directory are relative URIs against %SRCROOT%, so a repository checkout resolves them. */
#include "report/report.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/version.h"
#include "common/xalloc.h"

static const char *sarif_level(Severity sev)
{
    return sev == SEV_ERROR ? "error" : sev == SEV_WARNING ? "warning" : "note";
}

/* An RFC 3986 path: unreserved characters and '/' kept, the rest percent-encoded. */
static void put_uri_path(StrBuf *out, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (isalnum(*p) || strchr("-._~/", *p))
            sb_putc(out, (char)*p);
        else
            sb_printf(out, "%%%02X", *p);
    }
}

static void put_artifact(const ReportOpts *opts, const char *file, StrBuf *out)
{
    const char *shown = report_display_path(opts, file);
    StrBuf uri = STRBUF_INIT;
    if (shown[0] == '/') {
        sb_put(&uri, "file://");
        put_uri_path(&uri, shown);
    } else
        put_uri_path(&uri, shown);
    sb_put(out, "\"artifactLocation\": {\"uri\": ");
    sb_put_json_str(out, sb_str(&uri));
    if (shown[0] != '/')
        sb_put(out, ", \"uriBaseId\": \"%SRCROOT%\"");
    sb_put(out, "}");
    sb_free(&uri);
}

/* First finding of each rule, sorted by rule id: the driver's rule table. */
static int cmp_rule(const void *pa, const void *pb)
{
    const Finding *a = *(const Finding *const *)pa, *b = *(const Finding *const *)pb;
    return strcmp(a->rule_id, b->rule_id);
}

static size_t collect_rules(const FindingList *list, const Finding ***out)
{
    const Finding **rules = xcalloc(list->n ? list->n : 1, sizeof(*rules));
    size_t n = 0;
    for (size_t idx = 0; idx < list->n; idx++) {
        bool seen = false;
        for (size_t rule_idx = 0; rule_idx < n && !seen; rule_idx++)
            seen = !strcmp(rules[rule_idx]->rule_id, list->items[idx].rule_id);
        if (!seen)
            rules[n++] = &list->items[idx];
    }
    qsort(rules, n, sizeof(*rules), cmp_rule);
    *out = rules;
    return n;
}

static char *help_uri(const ReportInput *in, const Finding *f)
{
    if (f->n_links)
        return xstrdup(f->links[0]);
    const ReportSource *src = report_source_of(in, f);
    if (f->category && !strcmp(f->category, "validation"))
        return xasprintf("https://www.postgresql.org/docs/%d/config-setting.html",
                         src ? src->pg_major : PK_DEFAULT_MAJOR);
    for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++) {
        char *url = report_doc_url(src ? src->pg_major : PK_DEFAULT_MAJOR,
                                   report_param(in, f, f->settings[set_idx].name));
        if (url)
            return url;
    }
    return NULL;
}

static void put_rule(const ReportInput *in, const Finding *f, StrBuf *out, bool last)
{
    const char *title = f->title ? f->title : f->rule_name;
    sb_put(out, "            {\"id\": ");
    sb_put_json_str(out, f->rule_id);
    sb_put(out, ", \"name\": ");
    sb_put_json_str(out, f->rule_name);
    sb_put(out, ",\n             \"shortDescription\": {\"text\": ");
    sb_put_json_str(out, title);
    sb_put(out, "},\n             \"help\": {\"text\": ");
    const char *help = report_explanation(f) ? report_explanation(f) : title;
    sb_put_json_str(out, help);
    sb_put(out, ", \"markdown\": ");
    sb_put_json_str(out, help);
    sb_put(out, "},\n");
    char *uri = help_uri(in, f);
    if (uri) {
        sb_put(out, "             \"helpUri\": ");
        sb_put_json_str(out, uri);
        sb_put(out, ",\n");
    }
    free(uri);
    /* the rule's own level; a .pgknob.ini override shows in each result's level */
    sb_printf(out, "             \"defaultConfiguration\": {\"level\": \"%s\"},\n",
              sarif_level(f->rule_severity != SEV_NONE ? f->rule_severity : f->severity));
    sb_put(out, "             \"properties\": {\"tags\": [");
    sb_put_json_str(out, f->category ? f->category : "general");
    sb_printf(out, "]}}%s\n", last ? "" : ",");
}

static size_t rule_index(const Finding *const *rules, size_t n_rules, const char *id)
{
    for (size_t rule_idx = 0; rule_idx < n_rules; rule_idx++)
        if (!strcmp(rules[rule_idx]->rule_id, id))
            return rule_idx;
    return 0;
}

/* A result must point somewhere for code scanning: an unlocated finding (a default value) is
 * shown on the first line of the configuration it concerns. */
static void put_location(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                         StrBuf *out)
{
    const ReportSource *src = report_source_of(in, f);
    const char *file = f->file ? f->file : src && src->n_files ? src->files[0] : NULL;
    if (!file && src)
        file = src->path;
    if (!file)
        return;
    int line = f->file && f->line > 0 ? f->line : 1;
    sb_put(out, ",\n         \"locations\": [{\"physicalLocation\": {");
    put_artifact(opts, file, out);
    sb_printf(out, ", \"region\": {\"startLine\": %d", line);
    char *text = report_line_text(in, file, line);
    if (text) {
        sb_put(out, ", \"snippet\": {\"text\": ");
        sb_put_json_str(out, text);
        sb_put(out, "}");
    }
    free(text);
    sb_put(out, "}}}]");
}

/* The other places a finding names (the line that overrides this one, the other settings of a
 * combination): SARIF relatedLocations, so a code-scanning UI can jump there. */
static void put_related(const ReportOpts *opts, const Finding *f, StrBuf *out)
{
    size_t n = 0;
    for (size_t idx = 0; idx < f->n_settings; idx++) {
        const FindingSetting *s = &f->settings[idx];
        if (!s->file || s->line <= 0 || (f->file && !strcmp(s->file, f->file) && s->line == f->line))
            continue;
        sb_put(out, n ? ",\n           " : ",\n         \"relatedLocations\": [\n           ");
        sb_printf(out, "{\"id\": %zu, \"physicalLocation\": {", n++);
        put_artifact(opts, s->file, out);
        sb_printf(out, ", \"region\": {\"startLine\": %d}}, \"message\": {\"text\": ", s->line);
        char *text = xasprintf("%s is set here", s->name);
        sb_put_json_str(out, text);
        free(text);
        sb_put(out, "}}");
    }
    if (n)
        sb_put(out, "]");
}

/* What a baseline would match on: rule, first setting, file name (docs/report.md). */
static void put_fingerprint(const Finding *f, StrBuf *out)
{
    const char *base = f->file ? strrchr(f->file, '/') : NULL;
    base = base ? base + 1 : f->file ? f->file : "";
    char *print = xasprintf("%s:%s:%s", f->rule_id, f->n_settings ? f->settings[0].name : "",
                            base);
    sb_put(out, ",\n         \"partialFingerprints\": {\"pgknobFinding/v1\": ");
    sb_put_json_str(out, print);
    sb_put(out, "}");
    free(print);
}

static void put_message(const ReportInput *in, const Finding *f, StrBuf *out)
{
    char *text = report_plain_message(in, f);
    sb_put(out, "\"message\": {\"text\": ");
    sb_put_json_str(out, text);
    sb_put(out, "}");
    free(text);
}

static void put_result(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                       size_t rule_idx, StrBuf *out, bool last)
{
    sb_put(out, "        {\"ruleId\": ");
    sb_put_json_str(out, f->rule_id);
    sb_printf(out, ", \"ruleIndex\": %zu, \"level\": \"%s\",\n         ", rule_idx,
              sarif_level(f->severity));
    put_message(in, f, out);
    put_location(in, opts, f, out);
    put_related(opts, f, out);
    put_fingerprint(f, out);
    /* SARIF has no level below "note": the recommendation tier is a property to filter on */
    sb_printf(out, ",\n         \"properties\": {\"refuses_start\": %s, %s\"fix\": ",
              f->refuses_start ? "true" : "false",
              f->severity == SEV_RECOMMENDATION ? "\"pgknob-tier\": \"recommendation\", " : "");
    report_put_fix_json(in, f, out);
    sb_put(out, "}");
    if (f->suppressed) {
        sb_put(out, ",\n         \"suppressions\": [{\"kind\": \"inSource\", \"justification\": ");
        char *reason = report_redact_text(in, f->suppress_reason ? f->suppress_reason : "");
        sb_put_json_str(out, reason);
        free(reason);
        sb_put(out, "}]");
    }
    sb_printf(out, "}%s\n", last ? "" : ",");
}

void report_sarif_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    const Finding **rules;
    size_t n_rules = collect_rules(in->findings, &rules);
    sb_put(out, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
                "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": {\n"
                "        \"driver\": {\n          \"name\": \"pgknob\",\n"
                "          \"version\": \"" PK_VERSION "\",\n"
                "          \"semanticVersion\": \"" PK_VERSION "\",\n"
                "          \"rules\": [\n");
    for (size_t rule_idx = 0; rule_idx < n_rules; rule_idx++)
        put_rule(in, rules[rule_idx], out, rule_idx + 1 == n_rules);
    sb_put(out, "          ]\n        }\n      },\n      \"invocations\": [{\"executionSuccessful\": "
                "true");
    if (opts->timestamp)
        sb_printf(out, ", \"endTimeUtc\": \"%s\"", opts->timestamp);
    sb_put(out, "}],\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": [\n");
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        put_result(in, opts, f, rule_index(rules, n_rules, f->rule_id), out,
                   idx + 1 == in->findings->n);
    }
    sb_put(out, "      ]\n    }\n  ]\n}\n");
    free(rules);
}
