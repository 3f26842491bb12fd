/* The JSON format documented in docs/json.md: stable keys, deterministic order, redacted
 * credentials. Additions are new keys only; existing keys keep their meaning. */
#include "report/report.h"

#include "host/host.h"

#include "engine/engine.h"

#include <math.h>
#include <stdlib.h>

#include "catalog/value.h"
#include "common/version.h"
#include "common/xalloc.h"

static void put_key(StrBuf *out, const char *indent, const char *key)
{
    sb_printf(out, "%s\"%s\": ", indent, key);
}

static void put_str_field(StrBuf *out, const char *indent, const char *key, const char *value,
                          bool last)
{
    put_key(out, indent, key);
    sb_put_json_str(out, value);
    sb_put(out, last ? "\n" : ",\n");
}

static void put_int_field(StrBuf *out, const char *indent, const char *key, long value, bool last)
{
    put_key(out, indent, key);
    sb_printf(out, "%ld%s", value, last ? "\n" : ",\n");
}

static void put_target(const ReportInput *in, StrBuf *out)
{
    const ReportSource *first = in->n_sources ? &in->sources[0] : NULL;
    sb_put(out, "  \"target\": {\n");
    put_str_field(out, "    ", "pg_version", first ? first->pg_version : NULL, false);
    put_int_field(out, "    ", "pg_major", first ? first->pg_major : 0, false);
    put_str_field(out, "    ", "version_source", first ? first->version_source : NULL, true);
    sb_put(out, "  },\n");
    if (in->host) { /* the host facts the rules used (--host) */
        char *text = host_describe(in->host);
        put_str_field(out, "  ", "host", text, false);
        free(text);
    }
}

/* The settings the source sets (not defaults), each with the value the server would store. */
static void put_source_settings(const ReportInput *in, const ReportOpts *opts, const ReportSource *src, StrBuf *out)
{
    sb_put(out, "      \"settings\": [");
    bool first = true;
    for (size_t idx = 0; src->snap && idx < src->snap->n_settings; idx++) {
        const SnapSetting *s = &src->snap->settings[idx];
        if (s->source == SRC_DEFAULT)
            continue;
        char *setting = !s->param     ? xstrdup(s->value)
                        : s->parsed_ok ? guc_value_to_setting(s->param, &s->parsed)
                                       : NULL;
        sb_put(out, first ? "\n        {\"name\": " : ",\n        {\"name\": ");
        first = false;
        sb_put_json_str(out, s->name);
        sb_put(out, ", \"value\": ");
        sb_put_json_str(out, report_redact(in, s->name, s->value));
        sb_put(out, ", \"setting\": ");
        sb_put_json_str(out, report_redact(in, s->name, setting));
        sb_put(out, ", \"file\": ");
        sb_put_json_str(out, report_display_path(opts, s->file));
        sb_printf(out, ", \"line\": %d}", s->line);
        free(setting);
    }
    sb_put(out, first ? "],\n" : "\n      ],\n");
}

/* Live evidence (audit): key, number and the sentence a report shows. */
static void put_source_evidence(const ReportSource *src, StrBuf *out)
{
    if (!src->snap || !src->snap->n_evidence)
        return;
    sb_put(out, "      \"evidence\": [");
    for (size_t idx = 0; idx < src->snap->n_evidence; idx++) {
        const Evidence *ev = &src->snap->evidence[idx];
        sb_put(out, idx ? ",\n        {\"key\": " : "\n        {\"key\": ");
        sb_put_json_str(out, ev->key);
        if (isfinite(ev->value))
            sb_printf(out, ", \"value\": %.10g, \"text\": ", ev->value);
        else
            sb_put(out, ", \"value\": null, \"text\": ");
        sb_put_json_str(out, ev->text);
        sb_put(out, "}");
    }
    sb_put(out, "\n      ],\n");
}

/* Live audit: partial or not, and each piece of evidence that could not be read, with why. */
static void put_audit(const ReportAudit *audit, StrBuf *out)
{
    if (!audit)
        return;
    sb_printf(out, "  \"audit\": {\n    \"partial\": %s,\n    \"unavailable\": [",
              audit->partial ? "true" : "false");
    for (size_t idx = 0; idx < audit->n_unavailable; idx++) {
        sb_put(out, idx ? ",\n      {\"what\": " : "\n      {\"what\": ");
        sb_put_json_str(out, audit->unavailable[idx].what);
        sb_put(out, ", \"why\": ");
        sb_put_json_str(out, audit->unavailable[idx].why);
        sb_printf(out, ", \"failure\": %s}", audit->unavailable[idx].failure ? "true" : "false");
    }
    sb_put(out, audit->n_unavailable ? "\n    ]\n  },\n" : "]\n  },\n");
}

static void put_source(const ReportInput *in, const ReportOpts *opts, const ReportSource *src, StrBuf *out, bool last)
{
    sb_put(out, "    {\n");
    put_str_field(out, "      ", "path", src->path, false);
    put_str_field(out, "      ", "kind", src->kind, false);
    put_str_field(out, "      ", "pg_version", src->pg_version, false);
    put_str_field(out, "      ", "version_source", src->version_source, false);
    put_source_settings(in, opts, src, out);
    put_source_evidence(src, out);
    sb_put(out, "      \"files\": [");
    for (size_t idx = 0; idx < src->n_files; idx++) {
        sb_put(out, idx ? ", " : "");
        sb_put_json_str(out, report_display_path(opts, src->files[idx]));
    }
    sb_printf(out, "]\n    }%s\n", last ? "" : ",");
}

static void put_settings(const ReportInput *in, const ReportOpts *opts, const Finding *f, StrBuf *out)
{
    sb_put(out, "      \"settings\": [");
    for (size_t idx = 0; idx < f->n_settings; idx++) {
        const FindingSetting *s = &f->settings[idx];
        sb_put(out, idx ? ", {" : "{");
        sb_put(out, "\"name\": ");
        sb_put_json_str(out, s->name);
        sb_put(out, ", \"value\": ");
        sb_put_json_str(out, report_redact(in, s->name, s->value));
        sb_put(out, ", \"file\": ");
        sb_put_json_str(out, report_display_path(opts, s->file));
        sb_printf(out, ", \"line\": %d}", s->line);
    }
    sb_put(out, "],\n");
}

/* A string field with every secret of the run redacted (messages can quote values). */
static void put_clean_field(const ReportInput *in, StrBuf *out, const char *key, const char *value)
{
    char *clean = report_redact_text(in, value);
    put_str_field(out, "      ", key, clean, false);
    free(clean);
}

static void put_str_array(StrBuf *out, const char *key, char *const *items, size_t n, bool last)
{
    sb_printf(out, "      \"%s\": [", key);
    for (size_t idx = 0; idx < n; idx++) {
        sb_put(out, idx ? ", " : "");
        sb_put_json_str(out, items[idx]);
    }
    sb_put(out, last ? "]\n" : "],\n");
}

static void put_finding(const ReportInput *in, const ReportOpts *opts, const Finding *f,
                        StrBuf *out, bool last)
{
    sb_put(out, "    {\n");
    put_str_field(out, "      ", "rule", f->rule_id, false);
    put_str_field(out, "      ", "name", f->rule_name, false);
    put_str_field(out, "      ", "severity", severity_name(f->severity), false);
    put_key(out, "      ", "refuses_start");
    sb_printf(out, "%s,\n", f->refuses_start ? "true" : "false");
    put_str_field(out, "      ", "category", f->category, false);
    put_str_field(out, "      ", "title", f->title, false);
    put_clean_field(in, out, "message", f->message);
    put_clean_field(in, out, "hint", f->hint);
    put_str_field(out, "      ", "file", report_display_path(opts, f->file), false);
    put_int_field(out, "      ", "line", f->line, false);
    put_settings(in, opts, f, out);
    put_clean_field(in, out, "suggestion", f->suggestion);
    put_key(out, "      ", "fix");
    report_put_fix_json(in, f, out);
    sb_put(out, ",\n");
    put_clean_field(in, out, "fix_note", f->fix_note);
    put_str_field(out, "      ", "explanation", f->explanation, false);
    put_str_array(out, "links", f->links, f->n_links, false);
    char **evidence = xcalloc(f->n_evidence + 1, sizeof(char *));
    for (size_t idx = 0; idx < f->n_evidence; idx++)
        evidence[idx] = report_redact_text(in, f->evidence[idx]);
    put_str_array(out, "evidence", evidence, f->n_evidence, false);
    for (size_t idx = 0; idx < f->n_evidence; idx++)
        free(evidence[idx]);
    free(evidence);
    put_key(out, "      ", "suppressed");
    sb_printf(out, "%s,\n", f->suppressed ? "true" : "false");
    char *reason = report_redact_text(in, f->suppress_reason);
    put_str_field(out, "      ", "suppress_reason", reason, true);
    free(reason);
    sb_printf(out, "    }%s\n", last ? "" : ",");
}

/* Rules that could not run, and the facts they need. */
static void put_skipped(const ReportInput *in, StrBuf *out)
{
    sb_put(out, "  \"skipped\": [");
    for (size_t idx = 0; in->skipped && idx < in->skipped->n; idx++) {
        const SkippedRule *skip = &in->skipped->items[idx];
        sb_put(out, idx ? ",\n    {\"rule\": " : "\n    {\"rule\": ");
        sb_put_json_str(out, skip->rule_id);
        sb_put(out, ", \"title\": ");
        sb_put_json_str(out, skip->title);
        sb_put(out, ", \"needs\": ");
        sb_put_json_str(out, skip->needs);
        sb_put(out, "}");
    }
    sb_put(out, in->skipped && in->skipped->n ? "\n  ],\n" : "],\n");
}

static void put_summary(const ReportInput *in, StrBuf *out)
{
    size_t suppressed = 0;
    for (size_t idx = 0; idx < in->findings->n; idx++)
        suppressed += in->findings->items[idx].suppressed;
    sb_put(out, "  \"summary\": {\n");
    put_int_field(out, "    ", "errors", (long)findings_count(in->findings, SEV_ERROR, false),
                  false);
    put_int_field(out, "    ", "warnings",
                  (long)findings_count(in->findings, SEV_WARNING, false), false);
    put_int_field(out, "    ", "notices", (long)findings_count(in->findings, SEV_NOTICE, false),
                  false);
    put_int_field(out, "    ", "recommendations",
                  (long)findings_count(in->findings, SEV_RECOMMENDATION, false), false);
    put_int_field(out, "    ", "suppressed", (long)suppressed, false);
    put_int_field(out, "    ", "baseline_known", (long)in->n_baseline_known, false);
    put_str_field(out, "    ", "fail_on",
                  in->fail_on_refusal    ? "refusal"
                  : in->fail_on == SEV_NONE ? "never"
                                            : severity_name(in->fail_on),
                  false);
    put_int_field(out, "    ", "refusals", (long)findings_count_refusals(in->findings), false);
    put_int_field(out, "    ", "exit_code", report_exit_code(in), true);
    sb_put(out, "  }\n");
}

void report_json_render(const ReportInput *in, const ReportOpts *opts, StrBuf *out)
{
    sb_put(out, "{\n");
    put_str_field(out, "  ", "tool", "pgknob", false);
    put_str_field(out, "  ", "version", PK_VERSION, false);
    put_str_field(out, "  ", "command", in->command, false);
    put_target(in, out);
    sb_put(out, "  \"inputs\": [\n");
    for (size_t idx = 0; idx < in->n_sources; idx++)
        put_source(in, opts, &in->sources[idx], out, idx + 1 == in->n_sources);
    sb_put(out, "  ],\n  \"findings\": [\n");
    for (size_t idx = 0; idx < in->findings->n; idx++)
        put_finding(in, opts, &in->findings->items[idx], out, idx + 1 == in->findings->n);
    sb_put(out, "  ],\n");
    put_skipped(in, out);
    put_audit(in->audit, out);
    put_summary(in, out);
    sb_put(out, "}\n");
}
