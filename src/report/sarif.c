/* SARIF 2.1.0 for code-scanning UIs: one run, the rules that produced findings (with help text,
 * help URI and default level) and one result per finding located at file/line. Paths under the
 * working directory are relative URIs against %SRCROOT%, so a repository checkout resolves them. */
#include "report/report.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"

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

static json_t *artifact_obj(const ReportOpts *opts, const char *file)
{
    const char *shown = report_display_path(opts, file);
    StrBuf uri = STRBUF_INIT;
    if (shown[0] == '/')
        sb_put(&uri, "file://");
    put_uri_path(&uri, shown);
    json_t *obj = json_object();
    pk_json_set(obj, "uri", pk_json_str(sb_str(&uri)));
    if (shown[0] != '/')
        pk_json_set(obj, "uriBaseId", pk_json_str("%SRCROOT%"));
    sb_free(&uri);
    return obj;
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

static json_t *rule_obj(const ReportInput *in, const Finding *f)
{
    const char *title = f->title ? f->title : f->rule_name;
    const char *help = report_explanation(f) ? report_explanation(f) : title;
    json_t *obj = json_object();
    pk_json_set(obj, "id", pk_json_str(f->rule_id));
    pk_json_set(obj, "name", pk_json_str(f->rule_name));
    pk_json_set(obj, "shortDescription", json_pack("{s:o}", "text", pk_json_str(title)));
    pk_json_set(obj, "help",
                json_pack("{s:o, s:o}", "text", pk_json_str(help), "markdown", pk_json_str(help)));
    char *uri = help_uri(in, f);
    if (uri)
        pk_json_set(obj, "helpUri", pk_json_str(uri));
    free(uri);
    /* the rule's own level; a .pgknob.ini override shows in each result's level */
    const char *level = sarif_level(f->rule_severity != SEV_NONE ? f->rule_severity : f->severity);
    pk_json_set(obj, "defaultConfiguration", json_pack("{s:s}", "level", level));
    json_t *tags = json_pack("[o]", pk_json_str(f->category ? f->category : "general"));
    pk_json_set(obj, "properties", json_pack("{s:o}", "tags", tags));
    return obj;
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
                         json_t *result)
{
    const ReportSource *src = report_source_of(in, f);
    const char *file = f->file ? f->file : src && src->n_files ? src->files[0] : NULL;
    if (!file && src)
        file = src->path;
    if (!file)
        return;
    int line = f->file && f->line > 0 ? f->line : 1;
    json_t *region = json_pack("{s:i}", "startLine", line);
    if (f->file && f->line > 0 && f->column > 0)
        pk_json_set(region, "startColumn", json_integer(f->column));
    char *text = report_line_text(in, file, line);
    if (text)
        pk_json_set(region, "snippet", json_pack("{s:o}", "text", pk_json_str(text)));
    free(text);
    json_t *physical =
        json_pack("{s:o, s:o}", "artifactLocation", artifact_obj(opts, file), "region", region);
    pk_json_set(result, "locations", json_pack("[{s:o}]", "physicalLocation", physical));
}

/* The other places a finding names (the line that overrides this one, the other settings of a
 * combination): SARIF relatedLocations, so a code-scanning UI can jump there. */
static void put_related(const ReportOpts *opts, const Finding *f, json_t *result)
{
    json_t *list = json_array();
    for (size_t idx = 0; idx < f->n_settings; idx++) {
        const FindingSetting *s = &f->settings[idx];
        if (!s->file || s->line <= 0 ||
            (f->file && !strcmp(s->file, f->file) && s->line == f->line))
            continue;
        char *text = xasprintf("%s is set here", s->name);
        json_t *physical = json_pack("{s:o, s:{s:i}}", "artifactLocation",
                                     artifact_obj(opts, s->file), "region", "startLine", s->line);
        json_array_append_new(list, json_pack("{s:I, s:o, s:{s:o}}", "id",
                                              (json_int_t)json_array_size(list), "physicalLocation",
                                              physical, "message", "text", pk_json_str(text)));
        free(text);
    }
    if (json_array_size(list))
        pk_json_set(result, "relatedLocations", list);
    else
        json_decref(list);
}

/* What a baseline would match on: rule, first setting, file name (docs/report.md). */
static json_t *fingerprint(const Finding *f)
{
    const char *base = f->file ? strrchr(f->file, '/') : NULL;
    base = base ? base + 1 : f->file ? f->file : "";
    char *print = xasprintf("%s:%s:%s", f->rule_id, f->n_settings ? f->settings[0].name : "", base);
    json_t *obj = json_pack("{s:o}", "pgknobFinding/v1", pk_json_str(print));
    free(print);
    return obj;
}

/* Where a fix writes: its own line (a rename), else the line setting its parameter. */
static void fix_line(const Finding *f, const FindingFix *fix, const char **file, int *line)
{
    *file = fix->file;
    *line = fix->line;
    for (size_t idx = 0; !*file && idx < f->n_settings; idx++)
        if (!strcasecmp(f->settings[idx].name, fix->name) && f->settings[idx].file &&
            f->settings[idx].line > 0) {
            *file = f->settings[idx].file;
            *line = f->settings[idx].line;
        }
}

/* SARIF `fixes`: only a safe fix, and only when every change has a line to replace (an appended
 * parameter has none), so that a tool applying it applies all of it. */
static void put_fixes(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                      json_t *result)
{
    if (!f->n_fixes || !finding_fixes_safe(f))
        return;
    json_t *changes = json_array();
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        const FindingFix *fix = &f->fixes[idx];
        const char *file;
        int line;
        fix_line(f, fix, &file, &line);
        if (!file || line <= 0 || fix->remove) {
            json_decref(changes);
            return;
        }
        /* a value that holds a secret cannot be shown, and a fix must insert it whole */
        char *shown = report_redact_value(in, fix->name, fix->value);
        bool secret = strcmp(shown, fix->value ? fix->value : "") != 0;
        free(shown);
        if (secret) {
            json_decref(changes);
            return;
        }
        char *text = conf_format_assignment(fix->name, fix->value);
        json_array_append_new(changes, json_pack("{s:o, s:[{s:{s:i}, s:{s:o}}]}",
                                                 "artifactLocation", artifact_obj(opts, file),
                                                 "replacements", "deletedRegion", "startLine", line,
                                                 "insertedContent", "text", pk_json_str(text)));
        free(text);
    }
    char *what = report_redact_text(in, f->suggestion ? f->suggestion : f->title);
    pk_json_set(result, "fixes",
                json_pack("[{s:{s:o}, s:o}]", "description", "text", pk_json_str(what),
                          "artifactChanges", changes));
    free(what);
}

static json_t *result_obj(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                          size_t rule_idx)
{
    json_t *result = json_object();
    pk_json_set(result, "ruleId", pk_json_str(f->rule_id));
    pk_json_set(result, "ruleIndex", json_integer((json_int_t)rule_idx));
    pk_json_set(result, "level", pk_json_str(sarif_level(f->severity)));
    char *text = report_plain_message(in, f);
    pk_json_set(result, "message", json_pack("{s:o}", "text", pk_json_str(text)));
    free(text);
    put_location(in, opts, f, result);
    put_related(opts, f, result);
    pk_json_set(result, "partialFingerprints", fingerprint(f));
    json_t *props = json_pack("{s:b}", "refuses_start", f->refuses_start);
    /* SARIF has no level below "note": the recommendation tier is a property to filter on */
    if (f->severity == SEV_RECOMMENDATION)
        pk_json_set(props, "pgknob-tier", pk_json_str("recommendation"));
    pk_json_set(props, "fix", report_fix_json(in, f));
    pk_json_set(result, "properties", props);
    put_fixes(in, opts, f, result);
    if (f->suppressed) {
        char *reason = report_redact_text(in, f->suppress_reason ? f->suppress_reason : "");
        pk_json_set(
            result, "suppressions",
            json_pack("[{s:s, s:o}]", "kind", "inSource", "justification", pk_json_str(reason)));
        free(reason);
    }
    return result;
}

void report_sarif_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    const Finding **rules;
    size_t n_rules = collect_rules(in->findings, &rules);
    json_t *rule_list = json_array();
    for (size_t rule_idx = 0; rule_idx < n_rules; rule_idx++)
        json_array_append_new(rule_list, rule_obj(in, rules[rule_idx]));
    json_t *driver = json_pack("{s:s, s:s, s:s, s:o}", "name", "pgknob", "version", PK_VERSION,
                               "semanticVersion", PK_VERSION, "rules", rule_list);
    json_t *invocation = json_pack("{s:b}", "executionSuccessful", 1);
    if (opts->timestamp)
        pk_json_set(invocation, "endTimeUtc", pk_json_str(opts->timestamp));
    json_t *results = json_array();
    for (size_t idx = 0; idx < in->findings->n; idx++) {
        const Finding *f = &in->findings->items[idx];
        json_array_append_new(results,
                              result_obj(in, opts, f, rule_index(rules, n_rules, f->rule_id)));
    }
    json_t *run = json_pack("{s:{s:o}, s:[o], s:s, s:o}", "tool", "driver", driver, "invocations",
                            invocation, "columnKind", "unicodeCodePoints", "results", results);
    json_t *doc =
        json_pack("{s:s, s:s, s:[o]}", "$schema", "https://json.schemastore.org/sarif-2.1.0.json",
                  "version", "2.1.0", "runs", run);
    report_redact_json(in, doc);
    pk_json_dump(out, doc, PK_JSON_PRETTY);
    free(rules);
}
