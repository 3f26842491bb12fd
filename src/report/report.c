#include "report/report.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "common/xalloc.h"

#include "cli/commands.h"

static const ReportFormat formats[] = {
    {"text", ".txt", report_text_render},
    {"json", ".json", report_json_render},
    {"md", ".md", report_md_render},
    {"html", ".html", report_html_render},
    {"sarif", ".sarif", report_sarif_render},
    {"github", NULL, report_github_render},
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

const char *report_format_names(void)
{
    static char names[256];
    if (!names[0])
        for (size_t idx = 0; idx < sizeof(formats) / sizeof(formats[0]); idx++) {
            if (idx)
                strcat(names, ", ");
            strcat(names, formats[idx].name);
        }
    return names;
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

int report_exit_code(const ReportInput *in)
{
    return findings_fail(in->findings, in->fail_on, in->fail_on_refusal) ? PK_EXIT_FINDINGS
                                                                          : PK_EXIT_OK;
}

/* Names from .pgknob.ini "redact": process-wide, set once by the command before rendering. */
static char **redact_names;
static size_t n_redact_names;

void report_redact_add(const char *name)
{
    redact_names = xrealloc(redact_names, (n_redact_names + 1) * sizeof(char *));
    redact_names[n_redact_names++] = xstrdup(name);
}

void report_redact_reset(void)
{
    for (size_t idx = 0; idx < n_redact_names; idx++)
        free(redact_names[idx]);
    free(redact_names);
    redact_names = NULL;
    n_redact_names = 0;
}

static bool name_listed(const char *name)
{
    for (size_t idx = 0; idx < n_redact_names; idx++) {
        const char *pat = redact_names[idx];
        size_t len = strlen(pat);
        if (len && pat[len - 1] == '*' ? !strncasecmp(name, pat, len - 1) : !strcasecmp(name, pat))
            return true;
    }
    return false;
}

/* password_encryption names an algorithm, not a secret. */
static bool name_secret(const char *name)
{
    if (strcasestr(name, "conninfo") || strcasestr(name, "passphrase"))
        return true;
    return strcasestr(name, "password") && strcasecmp(name, "password_encryption") != 0;
}

bool report_is_secret(const char *name, const char *value)
{
    if (value && strcasestr(value, "password="))
        return true;
    return name && (name_secret(name) || name_listed(name));
}

const char *report_redact(const char *name, const char *value)
{
    if (!value)
        return NULL;
    if (report_is_secret(name, value))
        return *value ? "<redacted>" : value;
    return value;
}

/* Replaces every occurrence of `secret` (3 bytes or more: shorter ones would blank words). */
static char *replace_all(char *text, const char *secret)
{
    size_t len = strlen(secret);
    if (len < 3 || !strstr(text, secret))
        return text;
    StrBuf sb = STRBUF_INIT;
    for (const char *p = text, *hit; *p; p = hit + len) {
        hit = strstr(p, secret);
        if (!hit) {
            sb_put(&sb, p);
            break;
        }
        sb_putn(&sb, p, (size_t)(hit - p));
        sb_put(&sb, "<redacted>");
    }
    free(text);
    return sb_detach(&sb);
}

/* "password=xyz" or "password = 'x y'" inside a conninfo or a command line. */
static char *redact_password_words(char *text)
{
    StrBuf sb = STRBUF_INIT;
    const char *p = text;
    for (const char *hit; (hit = strcasestr(p, "password"));) {
        const char *q = hit + 8;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '=' || q[1] == '\0' || !strncmp(q + 1, "<redacted>", 10)) {
            sb_putn(&sb, p, (size_t)(q - p));
            p = q;
            continue;
        }
        q++;
        while (*q == ' ' || *q == '\t')
            q++;
        sb_putn(&sb, p, (size_t)(q - p));
        sb_put(&sb, "<redacted>");
        char quote = (*q == '\'' || *q == '"') ? *q++ : 0;
        while (*q && (quote ? *q != quote : !strchr(" \t'\",\n", *q)))
            q++;
        p = quote && *q ? q + 1 : q;
    }
    sb_put(&sb, p);
    free(text);
    return sb_detach(&sb);
}

/* The secret values of a run's sources, collected once per ReportInput: rescanning every
 * source for every rendered string made a 1,000-file lint quadratic. The cache is keyed by the
 * sources' addresses and sizes and rebuilt when they change. */
static struct {
    uintptr_t key;
    char **values;
    size_t n, cap;
} secret_cache;

static uintptr_t sources_key(const ReportInput *in)
{
    uintptr_t key = (uintptr_t)in->sources * 31u + in->n_sources;
    key = key * 131u + (uintptr_t)in->findings + (in->findings ? in->findings->n : 0);
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++) {
        const ReportSource *src = &in->sources[src_idx];
        key = key * 131u + (uintptr_t)src->snap + (uintptr_t)src->set;
        key = key * 131u + (src->snap ? src->snap->n_settings : 0) +
              (src->set ? src->set->n_entries : 0);
    }
    return key;
}

static void secret_cache_add(const char *value)
{
    PK_GROW(secret_cache.values, secret_cache.n, secret_cache.cap);
    secret_cache.values[secret_cache.n++] = xstrdup(value);
}

static void secret_cache_build(const ReportInput *in)
{
    uintptr_t key = sources_key(in);
    if (secret_cache.values && secret_cache.key == key)
        return;
    for (size_t idx = 0; idx < secret_cache.n; idx++)
        free(secret_cache.values[idx]);
    secret_cache.n = 0;
    secret_cache.key = key;
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++) {
        const Snapshot *snap = in->sources[src_idx].snap;
        for (size_t idx = 0; snap && idx < snap->n_settings; idx++) {
            const SnapSetting *s = &snap->settings[idx];
            if (s->source != SRC_DEFAULT && report_is_secret(s->name, s->value))
                secret_cache_add(s->value);
        }
        const ConfSet *set = in->sources[src_idx].set;
        for (size_t entry_idx = 0; set && entry_idx < set->n_entries; entry_idx++) {
            const ConfEntry *entry = &set->entries[entry_idx];
            if (entry->name && entry->value && report_is_secret(entry->name, entry->value))
                secret_cache_add(entry->value);
        }
    }
    for (size_t f_idx = 0; in->findings && f_idx < in->findings->n; f_idx++) {
        const Finding *f = &in->findings->items[f_idx];
        for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++)
            if (report_is_secret(f->settings[set_idx].name, f->settings[set_idx].value))
                secret_cache_add(f->settings[set_idx].value);
    }
    if (!secret_cache.values)
        secret_cache_add(""); /* marks the cache as built; too short to replace anything */
}

/* The working directory paths in free text are shown relative to (set by report_emit). */
static char *display_base;

void report_set_display_base(const char *cwd)
{
    free(display_base);
    display_base = cwd && strlen(cwd) > 1 ? xasprintf("%s/", cwd) : NULL;
}

/* "/work/repo/conf.d" → "conf.d" when /work/repo is the working directory: messages quote
 * absolute paths, and reports must not depend on where the checkout lives. */
static char *relativize(char *text)
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

char *report_redact_text(const ReportInput *in, const char *text)
{
    if (!text)
        return NULL;
    char *out = xstrdup(text);
    if (in) {
        secret_cache_build(in);
        for (size_t idx = 0; idx < secret_cache.n; idx++)
            out = replace_all(out, secret_cache.values[idx]);
    }
    return relativize(redact_password_words(out));
}
