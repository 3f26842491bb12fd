#include "report/report.h"

#include <stdlib.h>
#include <stdint.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "common/redact.h"
#include "common/strbuf.h"
#include "conf/conf_edit.h"
#include "conf/conf_secrets.h"
#include "common/xalloc.h"

static const ReportFormat formats[] = {
    {"text", ".txt", report_text_render},
    {"json", ".json", report_json_render},
    {"md", ".md", report_md_render},
    {"html", ".html", report_html_render},
    {"sarif", ".sarif", report_sarif_render},
    {"github", NULL, report_github_render},
    {"codequality", NULL, report_codequality_render},
    {"junit", ".xml", report_junit_render},
};

const ReportFormat *report_format_find(const char *name)
{
    for (size_t idx = 0; idx < sizeof(formats) / sizeof(formats[0]); idx++)
        if (!strcmp(formats[idx].name, name))
            return &formats[idx];
    return NULL;
}

const ReportFormat *report_format_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (size_t idx = 0; dot && idx < sizeof(formats) / sizeof(formats[0]); idx++)
        if (formats[idx].extension && !strcmp(formats[idx].extension, dot))
            return &formats[idx];
    return NULL;
}

char *report_format_names(void)
{
    StrBuf names = STRBUF_INIT;
    for (size_t idx = 0; idx < sizeof(formats) / sizeof(formats[0]); idx++)
        sb_printf(&names, "%s%s", idx ? ", " : "", formats[idx].name);
    return sb_detach(&names);
}

const char *report_display_path(const ReportOpts *opts, const char *path)
{
    if (!path || !opts->cwd)
        return path;
    size_t len = strlen(opts->cwd);
    if (len > 1 && !strncmp(path, opts->cwd, len) && path[len] == '/' && path[len + 1])
        return path + len + 1;
    return path;
}

static int run_major(const ReportInput *in)
{
    return in && in->n_sources ? in->sources[0].pg_major : 0;
}

bool report_is_secret(const ReportInput *in, const char *name, const char *value)
{
    const Redaction *r = in ? in->redact : NULL;
    return redact_value_has_secret(value) || conf_name_secret(r, run_major(in), name);
}

static const Redaction *run_secrets(const ReportInput *in, Redaction *scratch);

char *report_redact_value(const ReportInput *in, const char *name, const char *value)
{
    if (!value)
        return NULL;
    if (*value && conf_name_secret(in ? in->redact : NULL, run_major(in), name))
        return xstrdup(REDACTED);
    Redaction scratch = {0};
    char *out = redact_text(run_secrets(in, &scratch), value);
    arena_free(scratch.arena);
    return out;
}

/* One render's state (ReportInput.run): the secret values of the run's sources, collected on
 * first use (rescanning every source for every rendered string made a 1,000-file lint
 * quadratic), and the working directory prefix free text shows relative. */
typedef struct ReportRun ReportRun;

struct ReportRun {
    bool built;
    Redaction secrets;
    char *display_base; /* "cwd/", or NULL */
};

ReportRun *report_run_new(const char *cwd)
{
    ReportRun *run = xcalloc(1, sizeof(*run));
    run->display_base = cwd && strlen(cwd) > 1 ? xasprintf("%s/", cwd) : NULL;
    return run;
}

void report_run_free(ReportRun *run)
{
    if (!run)
        return;
    arena_free(run->secrets.arena);
    free(run->display_base);
    free(run);
}

static void collect_secrets(const ReportInput *in, Redaction *out)
{
    const Redaction *r = in->redact;
    for (size_t idx = 0; r && idx < r->n_values; idx++)
        redaction_add_value(out, r->values[idx]);
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++) {
        const Snapshot *snap = in->sources[src_idx].snap;
        for (size_t idx = 0; snap && idx < snap->n_settings; idx++) {
            const SnapSetting *s = &snap->settings[idx];
            if (s->source == SRC_DEFAULT)
                continue;
            if (conf_name_secret(r, in->sources[src_idx].pg_major, s->name))
                redaction_add_value(out, s->value);
            else
                redaction_add_secrets_in(out, s->value);
        }
        conf_set_secrets(r, in->sources[src_idx].pg_major, in->sources[src_idx].set, out);
    }
    for (size_t f_idx = 0; in->findings && f_idx < in->findings->n; f_idx++) {
        const Finding *f = &in->findings->items[f_idx];
        for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++) {
            const FindingSetting *s = &f->settings[set_idx];
            if (conf_name_secret(r, run_major(in), s->name))
                redaction_add_value(out, s->value);
            else
                redaction_add_secrets_in(out, s->value);
        }
    }
}

/* "/work/repo/conf.d" → "conf.d" when /work/repo is the working directory: messages quote
 * absolute paths, and reports must not depend on where the checkout lives. */
static char *relativize(const char *display_base, char *text)
{
    if (!display_base || !strstr(text, display_base))
        return text;
    StrBuf sb = STRBUF_INIT;
    size_t len = strlen(display_base);
    for (const char *p = text, *hit; *p; p = hit + len) {
        hit = strstr(p, display_base);
        if (!hit) {
            sb_put(&sb, p);
            break;
        }
        sb_putn(&sb, p, (size_t)(hit - p));
    }
    free(text);
    return sb.data ? sb_detach(&sb) : xstrdup("");
}

/* The run's secret values: the cached set under report_emit, else collected into `scratch`
 * (rendering outside report_emit, in tests), which the caller frees. */
static const Redaction *run_secrets(const ReportInput *in, Redaction *scratch)
{
    if (!in)
        return NULL;
    ReportRun *run = in->run;
    if (!run) {
        collect_secrets(in, scratch);
        return scratch;
    }
    if (!run->built)
        collect_secrets(in, &run->secrets);
    run->built = true;
    return &run->secrets;
}

char *report_redact_text(const ReportInput *in, const char *text)
{
    if (!text)
        return NULL;
    Redaction scratch = {0};
    char *out = redact_text(run_secrets(in, &scratch), text);
    arena_free(scratch.arena);
    return in && in->run ? relativize(in->run->display_base, out) : out;
}

void report_redact_json(const ReportInput *in, json_t *tree)
{
    Redaction scratch = {0};
    redact_json(run_secrets(in, &scratch), tree);
    arena_free(scratch.arena);
}

/* The marker as Markdown must show it: outside a code span a bare <redacted> would be read as an
 * HTML tag, so it is escaped there; inside one (a value in backticks) it is literal already. */
static void put_marker_escaped(StrBuf *clean, const char *masked)
{
    static const char marker[] = REDACTED;
    bool in_code = false;
    for (const char *at = masked; *at;) {
        if (!in_code && !strncmp(at, marker, sizeof(marker) - 1) &&
            !(at > masked && at[-1] == '\\')) {
            sb_put(clean, "\\<redacted\\>");
            at += sizeof(marker) - 1;
            continue;
        }
        if (*at == '`' && !(at > masked && at[-1] == '\\'))
            in_code = !in_code;
        else if (*at == '\n')
            in_code = false;
        sb_putc(clean, *at++);
    }
}

void report_redact_rendered(const ReportInput *in, StrBuf *out, bool markdown)
{
    Redaction scratch = {0};
    const Redaction *r = run_secrets(in, &scratch);
    StrBuf clean = STRBUF_INIT;
    /* piece by piece between NUL bytes, which a text may hold and a C string cannot */
    for (size_t at = 0; at < out->len;) {
        const char *piece = sb_str(out) + at;
        char *masked = redact_text(r, piece);
        if (markdown)
            put_marker_escaped(&clean, masked);
        else
            sb_put(&clean, masked);
        free(masked);
        at += strlen(piece);
        if (at < out->len) {
            sb_putc(&clean, '\0');
            at++;
        }
    }
    arena_free(scratch.arena);
    sb_free(out);
    *out = clean;
}
