/* The JSON format documented in docs/json.md: stable keys, deterministic order, redacted
 * credentials. Additions are new keys only; existing keys keep their meaning. The document is a
 * jansson tree dumped whole (common/json.h). */
#include "report/report.h"

#include "host/host.h"

#include "engine/engine.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/value.h"
#include "common/json.h"
#include "common/version.h"
#include "common/xalloc.h"

/* A string with every secret of the run redacted (messages can quote values). */
static json_t *clean_str(const ReportInput *in, const char *value)
{
    char *clean = report_redact_text(in, value);
    json_t *str = pk_json_str(clean);
    free(clean);
    return str;
}

static json_t *str_array(const ReportInput *in, char *const *items, size_t n, bool redact)
{
    json_t *list = json_array();
    for (size_t idx = 0; idx < n; idx++)
        json_array_append_new(list, redact ? clean_str(in, items[idx]) : pk_json_str(items[idx]));
    return list;
}

static void put_target(const ReportInput *in, json_t *doc)
{
    const ReportSource *first = in->n_sources ? &in->sources[0] : NULL;
    json_t *target = json_object();
    pk_json_set(target, "pg_version", pk_json_str(first ? first->pg_version : NULL));
    pk_json_set(target, "pg_major", json_integer(first ? first->pg_major : 0));
    pk_json_set(target, "version_source", pk_json_str(first ? first->version_source : NULL));
    pk_json_set(doc, "target", target);
    if (in->purpose) {
        pk_json_set(doc, "purpose", pk_json_str(in->purpose));
        pk_json_set(doc, "purpose_source",
                    pk_json_str(in->purpose_default    ? "default"
                                : in->purpose_inferred ? "file"
                                                       : "given"));
    }
    if (in->host) { /* the host facts the rules used (--host) */
        char *text = host_describe(in->host);
        pk_json_set(doc, "host", pk_json_str(text));
        free(text);
    }
}

/* A setting as findings and inputs list it: name, value (redacted), [setting], file, line. */
static json_t *setting_obj(const ReportInput *in, const ReportOpts *opts, const char *name,
                           const char *value, const char *setting, bool with_setting,
                           const char *file, int line)
{
    json_t *obj = json_object();
    pk_json_set(obj, "name", pk_json_str(name));
    char *shown = report_redact_value(in, name, value);
    pk_json_set(obj, "value", pk_json_str(shown));
    free(shown);
    if (with_setting) {
        shown = report_redact_value(in, name, setting);
        pk_json_set(obj, "setting", pk_json_str(shown));
        free(shown);
    }
    pk_json_set(obj, "file", pk_json_str(report_display_path(opts, file)));
    pk_json_set(obj, "line", json_integer(line));
    return obj;
}

/* The settings the source sets (not defaults), each with the value the server would store. */
static json_t *source_settings(const ReportInput *in, const ReportOpts *opts,
                               const ReportSource *src)
{
    json_t *list = json_array();
    for (size_t idx = 0; src->snap && idx < src->snap->n_settings; idx++) {
        const SnapSetting *s = &src->snap->settings[idx];
        if (s->source == SRC_DEFAULT)
            continue;
        char *setting = !s->param      ? xstrdup(s->value)
                        : s->parsed_ok ? guc_value_to_setting(s->param, &s->parsed)
                                       : NULL;
        json_array_append_new(
            list, setting_obj(in, opts, s->name, s->value, setting, true, s->file, s->line));
        free(setting);
    }
    return list;
}

/* Live evidence (audit): key, number and the sentence a report shows. */
static void put_source_evidence(const ReportSource *src, json_t *obj)
{
    if (!src->snap || !src->snap->n_evidence)
        return;
    json_t *list = json_array();
    for (size_t idx = 0; idx < src->snap->n_evidence; idx++) {
        const Evidence *ev = &src->snap->evidence[idx];
        json_array_append_new(list,
                              json_pack("{s:o, s:o, s:o}", "key", pk_json_str(ev->key), "value",
                                        pk_json_number(ev->value), "text", pk_json_str(ev->text)));
    }
    pk_json_set(obj, "evidence", list);
}

/* Live audit: partial or not, and each piece of evidence that could not be read, with why. */
static void put_audit(const ReportAudit *audit, json_t *doc)
{
    if (!audit)
        return;
    json_t *list = json_array();
    for (size_t idx = 0; idx < audit->n_unavailable; idx++) {
        const ReportUnavailable *un = &audit->unavailable[idx];
        json_array_append_new(list, json_pack("{s:o, s:o, s:b}", "what", pk_json_str(un->what),
                                              "why", pk_json_str(un->why), "failure", un->failure));
    }
    pk_json_set(doc, "audit",
                json_pack("{s:b, s:o}", "partial", audit->partial, "unavailable", list));
}

static json_t *source_obj(const ReportInput *in, const ReportOpts *opts, const ReportSource *src)
{
    json_t *obj = json_object();
    pk_json_set(obj, "path", pk_json_str(src->path));
    pk_json_set(obj, "kind", pk_json_str(src->kind));
    pk_json_set(obj, "pg_version", pk_json_str(src->pg_version));
    pk_json_set(obj, "version_source", pk_json_str(src->version_source));
    /* the input's own host facts (its comments, a manifest's pod limits), where they came
     * from, when they are not the document's --host */
    if (src->snap && src->snap->host.source &&
        (!in->host || !in->host->source || strcmp(src->snap->host.source, in->host->source))) {
        char *text = host_describe(&src->snap->host);
        pk_json_set(obj, "host", pk_json_str(text));
        free(text);
    }
    pk_json_set(obj, "settings", source_settings(in, opts, src));
    put_source_evidence(src, obj);
    json_t *files = json_array();
    for (size_t idx = 0; idx < src->n_files; idx++)
        json_array_append_new(files, pk_json_str(report_display_path(opts, src->files[idx])));
    pk_json_set(obj, "files", files);
    return obj;
}

static json_t *finding_obj(const ReportInput *in, const ReportOpts *opts, const Finding *f)
{
    json_t *obj = json_object();
    pk_json_set(obj, "rule", pk_json_str(f->rule_id));
    pk_json_set(obj, "name", pk_json_str(f->rule_name));
    pk_json_set(obj, "severity", pk_json_str(severity_name(f->severity)));
    pk_json_set(obj, "refuses_start", pk_json_bool(f->refuses_start));
    pk_json_set(obj, "category", pk_json_str(f->category));
    pk_json_set(obj, "title", pk_json_str(f->title));
    pk_json_set(obj, "message", clean_str(in, f->message));
    pk_json_set(obj, "hint", clean_str(in, f->hint));
    pk_json_set(obj, "file", pk_json_str(report_display_path(opts, f->file)));
    pk_json_set(obj, "line", json_integer(f->line));
    if (f->column > 0) /* manifests only: a postgresql.conf finding is a line */
        pk_json_set(obj, "column", json_integer(f->column));
    json_t *settings = json_array();
    for (size_t idx = 0; idx < f->n_settings; idx++) {
        const FindingSetting *s = &f->settings[idx];
        json_array_append_new(
            settings, setting_obj(in, opts, s->name, s->value, NULL, false, s->file, s->line));
    }
    pk_json_set(obj, "settings", settings);
    pk_json_set(obj, "suggestion", clean_str(in, f->suggestion));
    pk_json_set(obj, "fix", report_fix_json(in, f));
    pk_json_set(obj, "fix_note", clean_str(in, f->fix_note));
    pk_json_set(obj, "explanation", pk_json_str(f->explanation));
    pk_json_set(obj, "links", str_array(in, f->links, f->n_links, false));
    pk_json_set(obj, "evidence", str_array(in, f->evidence, f->n_evidence, true));
    pk_json_set(obj, "suppressed", pk_json_bool(f->suppressed));
    pk_json_set(obj, "suppress_reason", clean_str(in, f->suppress_reason));
    return obj;
}

/* Rules that could not run, and the facts they need. */
static json_t *skipped_list(const ReportInput *in)
{
    json_t *list = json_array();
    for (size_t idx = 0; in->skipped && idx < in->skipped->n; idx++) {
        const SkippedRule *skip = &in->skipped->items[idx];
        json_array_append_new(list, json_pack("{s:o, s:o, s:o}", "rule", pk_json_str(skip->rule_id),
                                              "title", pk_json_str(skip->title), "needs",
                                              pk_json_str(skip->needs)));
    }
    return list;
}

static json_t *summary_obj(const ReportInput *in)
{
    const FindingList *list = in->findings;
    json_t *obj = json_object();
    pk_json_set(obj, "errors", json_integer((json_int_t)findings_count(list, SEV_ERROR, false)));
    pk_json_set(obj, "warnings",
                json_integer((json_int_t)findings_count(list, SEV_WARNING, false)));
    pk_json_set(obj, "notices", json_integer((json_int_t)findings_count(list, SEV_NOTICE, false)));
    pk_json_set(obj, "recommendations",
                json_integer((json_int_t)findings_count(list, SEV_RECOMMENDATION, false)));
    pk_json_set(obj, "suppressed", json_integer((json_int_t)report_count_suppressed(in)));
    pk_json_set(obj, "baseline_known", json_integer((json_int_t)in->n_baseline_known));
    pk_json_set(obj, "fail_on",
                pk_json_str(in->fail_on_refusal       ? "refusal"
                            : in->fail_on == SEV_NONE ? "never"
                                                      : severity_name(in->fail_on)));
    pk_json_set(obj, "refusals", json_integer((json_int_t)findings_count_refusals(list)));
    pk_json_set(obj, "exit_code", json_integer(in->exit_code));
    return obj;
}

void report_json_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    json_t *doc = json_object();
    pk_json_set(doc, "tool", pk_json_str("pgknob"));
    pk_json_set(doc, "version", pk_json_str(PK_VERSION));
    pk_json_set(doc, "command", pk_json_str(in->command));
    put_target(in, doc);
    json_t *inputs = json_array();
    for (size_t idx = 0; idx < in->n_sources; idx++)
        json_array_append_new(inputs, source_obj(in, opts, &in->sources[idx]));
    pk_json_set(doc, "inputs", inputs);
    json_t *findings = json_array();
    for (size_t idx = 0; idx < in->findings->n; idx++)
        json_array_append_new(findings, finding_obj(in, opts, &in->findings->items[idx]));
    pk_json_set(doc, "findings", findings);
    pk_json_set(doc, "skipped", skipped_list(in));
    put_audit(in->audit, doc);
    pk_json_set(doc, "summary", summary_obj(in));
    report_redact_json(in, doc);
    pk_json_dump(out, doc, PK_JSON_PRETTY);
}
