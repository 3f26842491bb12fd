/* Facts the detailed formats (Markdown, HTML, SARIF) show about a finding: the catalog record of
 * its settings, restart or reload, the suggested value, the quoted line, documentation links.
 * Lookups only: nothing here decides whether something is wrong. */
#include "report/report.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json.h"

#include "catalog/value.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"
#include "conf/conf_secrets.h"
#include "conf/conf_template.h"
#include "engine/engine.h"

static bool source_read_file(const ReportSource *src, const char *file)
{
    for (size_t file_idx = 0; file && file_idx < src->n_files; file_idx++)
        if (!strcmp(src->files[file_idx], file))
            return true;
    return false;
}

const ReportSource *report_source_of(const ReportInput *in, const Finding *f)
{
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++)
        if (source_read_file(&in->sources[src_idx], f->file))
            return &in->sources[src_idx];
    return in->n_sources ? &in->sources[0] : NULL;
}

const CatalogParam *report_param(const ReportInput *in, const Finding *f, const char *name)
{
    const ReportSource *src = report_source_of(in, f);
    if (!src || !name)
        return NULL;
    const Catalog *cat = src->snap ? src->snap->catalog : catalog_for_major(src->pg_major);
    if (!cat)
        return NULL;
    const CatalogParam *param = catalog_find(cat, name);
    if (!param) {
        const char *target = catalog_alias_target(cat->major, name);
        param = target ? catalog_find(cat, target) : NULL;
    }
    return param;
}

/* The value part of "name = value  # comment" or "name = value (why)", trimmed. */
static char *value_after_equals(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '=')
        p++;
    const char *stop = p;
    if (*p == '\'') {
        for (stop = p + 1; *stop && !(*stop == '\'' && stop[1] != '\''); stop++)
            if (*stop == '\'')
                stop++;
        if (*stop)
            stop++;
    } else {
        while (*stop && !strchr(" \t#,;()\n", *stop))
            stop++;
        /* a sentence's colon or full stop after it is prose, not the value ("with fsync = on:
         * …" was shown as the line `fsync = on:`: review 2026-12zk, h46c 44) */
        while (stop > p && (stop[-1] == ':' || stop[-1] == '.'))
            stop--;
    }
    return stop > p ? xstrndup(p, (size_t)(stop - p)) : NULL;
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* Is `pos` inside the parentheses of an SQL "SET (…)" (a per-table storage parameter such as
 * ALTER TABLE t SET (autovacuum_vacuum_scale_factor = 0.01)), not a line for postgresql.conf? */
static bool in_sql_set(const char *text, const char *pos)
{
    int depth = 0, set_depth = 0;
    for (const char *p = text; p < pos && depth < 64; p++) {
        if (*p == '(') {
            const char *word = p;
            while (word > text && word[-1] == ' ')
                word--;
            depth++;
            if (!set_depth && word - text >= 3 && !strncasecmp(word - 3, "SET", 3))
                set_depth = depth;
        } else if (*p == ')' && depth > 0) {
            if (set_depth == depth)
                set_depth = 0;
            depth--;
        }
    }
    return set_depth > 0;
}

/* The next "ident = value" of `text` from `p`: returns where to go on (NULL at the end) and sets
 * the name (borrowed, not terminated) and value (caller frees). */
static const char *next_assignment(const char *text, const char *p, const char **name,
                                   size_t *name_len, char **value)
{
    for (const char *eq; (eq = strchr(p, '='));) {
        const char *end = eq;
        while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        const char *start = end;
        while (start > p && ident_char(start[-1]))
            start--;
        p = eq + 1;
        /* a command-line option (`postgres -c config_file=…`, `--port=5433`) is the command's,
         * never a line of postgresql.conf (review 2026-12zf, 17 and 19: "Write: config_file =
         * …", which stops the server) */
        /* `-cname=value` reads as the name "cname" after a "-" */
        bool option = (start - text >= 3 && !strncmp(start - 3, "-c ", 3)) ||
                      (start - text >= 2 && !strncmp(start - 2, "--", 2)) ||
                      (start - text >= 1 && start[-1] == '-' && *start == 'c');
        if (start == end || !isalpha((unsigned char)*start) || eq[1] == '=' || option ||
            in_sql_set(text, start))
            continue;
        *value = value_after_equals(eq + 1);
        if (!*value)
            continue;
        *name = start;
        *name_len = (size_t)(end - start);
        return p;
    }
    return NULL;
}

char *report_suggested_value(const Finding *f, const char *name)
{
    const char *assigned;
    size_t len;
    char *value;
    const char *text = f->suggestion;
    for (const char *p = text; p && (p = next_assignment(text, p, &assigned, &len, &value));) {
        if (len == strlen(name) && !strncasecmp(assigned, name, len))
            return value;
        free(value);
    }
    return NULL;
}

/* One "name = value" a suggestion proposes, for a parameter of the target catalog. */
typedef struct Suggested {
    char *name;
    char *value;  /* as written, quotes kept */
    bool example; /* "e.g. listen_addresses = '10.0.0.5'" or a /path/to/ placeholder: an
                   * illustration, never a line to write */
} Suggested;

#define SUGGESTED_MAX 8

static bool text_has(const char *from, const char *to, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = from; p + len <= to; p++)
        if (!strncmp(p, word, len))
            return true;
    return false;
}

/* The suggestion's assignments: the first, and those joined to it ("a = 1 and b = 2"); an
 * alternative ("…, or archive_mode = off") ends the list. Returns how many; free them with
 * suggested_free. */
static size_t suggested_assignments(const ReportInput *in, const Finding *f, Suggested *out)
{
    const char *assigned, *text = f->suggestion, *prev_end = text;
    size_t len, n = 0;
    char *value;
    for (const char *p = text;
         n < SUGGESTED_MAX && p && (p = next_assignment(text, p, &assigned, &len, &value));) {
        if (n && (text_has(prev_end, assigned, " or ") || text_has(prev_end, assigned, "(or"))) {
            free(value);
            break;
        }
        /* advice in words first, and a setting only in a later clause ("drop the `|| true` …;
         * to stop archiving on purpose, set archive_mode = off"): that setting is the
         * alternative, not the change (review 2026-12ze, h32b 14) */
        if (!n && text_has(text, assigned, "; ")) {
            free(value);
            break;
        }
        char *name = xstrndup(assigned, len);
        if (!report_param(in, f, name)) {
            free(name);
            free(value);
            continue;
        }
        const char *look = assigned - text > 16 ? assigned - 16 : text;
        out[n++] = (Suggested){
            .name = name,
            .value = value,
            .example = text_has(look, assigned, "e.g.") || text_has(look, assigned, "example") ||
                       text_has(look, assigned, "such as") || strstr(value, "/path/to/")};
        prev_end = assigned + len;
    }
    return n;
}

static void suggested_free(Suggested *sugg, size_t n)
{
    for (size_t idx = 0; idx < n; idx++) {
        free(sugg[idx].name);
        free(sugg[idx].value);
    }
}

/* Is `value` (as written, maybe quoted) what the finding's configuration already runs with? */
static bool is_current(const ReportInput *in, const Finding *f, const char *name, const char *value)
{
    const ReportSource *src = report_source_of(in, f);
    const SnapSetting *setting = src && src->snap ? snapshot_get(src->snap, name) : NULL;
    if (!setting || !setting->param || !setting->parsed_ok)
        return false;
    size_t len = strlen(value);
    char *bare = len >= 2 && value[0] == '\'' && value[len - 1] == '\''
                     ? xstrndup(value + 1, len - 2)
                     : xstrdup(value);
    GucValue val;
    bool same = false;
    if (guc_parse_value_for(setting->param, src->snap->pg_major, bare, &val, NULL)) {
        char *mine = guc_value_to_setting(setting->param, &val);
        char *theirs = guc_value_to_setting(setting->param, &setting->parsed);
        same = !strcmp(mine, theirs);
        free(mine);
        free(theirs);
    }
    free(bare);
    return same;
}

/* What a context takes to apply: restart beats reload; "none" for an internal parameter. */
static void note_context(const CatalogParam *param, bool *restart, bool *fixed)
{
    if (param->context == GUC_CTX_INTERNAL)
        *fixed = true;
    else if (catalog_context_needs_restart(param->context))
        *restart = true;
}

/* Where `text` first names `word` as a whole word (not inside pg_replication_slots.wal_status);
 * NULL when it does not. */
static const char *named_at(const char *text, const char *word)
{
    size_t len = strlen(word);
    for (const char *hit = text ? strstr(text, word) : NULL; hit; hit = strstr(hit + 1, word)) {
        char before = hit > text ? hit[-1] : ' ', after = hit[len];
        if (!isalnum((unsigned char)before) && !strchr("_.", before) &&
            !isalnum((unsigned char)after) && !strchr("_.", after ? after : ' '))
            return hit;
    }
    return NULL;
}

const char *report_apply_how(const ReportInput *in, const Finding *f)
{
    bool any = false, restart = false, fixed = false;
    /* a change that names a parameter the major does not have (a removal, a rename): no
     * context to take from it, and that major's server does not start with the line (where the
     * file is for an older one, the finding is a warning, not a refusal, and the change is part
     * of the upgrade): it applies at the start. Not the old major's context: removing
     * stats_temp_directory is no restart of anything (review 2026-12p, h17d 42) */
    /* a Patroni file's or a PGO manifest's line Patroni drops (the server never sees it):
     * removing it applies nothing (review 2026-12zo, h55c 36); CloudNativePG and Zalando pass
     * it on, and the server refuses it */
    bool dropped = f->fix_by_hand && !f->refuses_start && f->n_fixes &&
                   (!strcmp(f->fix_by_hand, "patroni") || !strcmp(f->fix_by_hand, "crunchy") ||
                    !strcmp(f->fix_by_hand, "percona"));
    for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++)
        dropped =
            dropped && f->fixes[fix_idx].remove && !report_param(in, f, f->fixes[fix_idx].name);
    if (dropped)
        return NULL;
    for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++)
        if (!report_param(in, f, f->fixes[fix_idx].name) &&
            (f->refuses_start || f->fixes[fix_idx].remove))
            return "start";
    /* a finding that proposes changes takes what its changes take, whatever else it involves */
    for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++) {
        any = true;
        restart = restart || !strcmp(f->fixes[fix_idx].applies, "restart");
    }
    /* a line the server refuses to start with, replaced by a setting a reload applies
     * (force_parallel_mode to debug_parallel_query): read at the start it allows, as the
     * removal beside it is (review 2026-12q, h18c 32); a postmaster setting still needs the
     * restart of a server running on an earlier file */
    if (any)
        return restart ? "restart" : f->refuses_start ? "start" : "reload";
    /* so does a suggestion that writes assignments: archive_command = ... applies on reload
     * even when the finding also names archive_mode */
    Suggested sugg[SUGGESTED_MAX];
    size_t n_sugg = suggested_assignments(in, f, sugg);
    for (size_t idx = 0; idx < n_sugg; idx++) {
        any = true;
        note_context(report_param(in, f, sugg[idx].name), &restart, &fixed);
    }
    suggested_free(sugg, n_sugg);
    /* a suggestion in words takes what the settings it names take, the strictest of those
     * joined to the first ("raise a and b"); an alternative ("lower work_mem or max_connections")
     * is the reader's second choice, and does not make the first one a restart. Naming none,
     * the line the finding points at (PK3028: archive_command, a reload), not archive_mode,
     * which only enables the check and happens to be listed first */
    bool assigned = any;
    const char *first = NULL;
    for (size_t set_idx = 0; !assigned && set_idx < f->n_settings; set_idx++) {
        const char *at = named_at(f->suggestion, f->settings[set_idx].name);
        if (at && report_param(in, f, f->settings[set_idx].name) && (!first || at < first))
            first = at;
    }
    const char *alternative = first ? strstr(first, " or ") : NULL;
    /* lines whose values are all placeholders (a template never rendered) hold nothing a
     * server applies: they say where the finding is, not what a change of it takes */
    bool form = f->n_settings > 0;
    for (size_t set_idx = 0; form && set_idx < f->n_settings; set_idx++)
        form =
            f->settings[set_idx].value && conf_has_placeholder(f->settings[set_idx].value, false);
    for (size_t set_idx = 0; !assigned && set_idx < f->n_settings; set_idx++) {
        const CatalogParam *param = report_param(in, f, f->settings[set_idx].name);
        const char *at = param ? named_at(f->suggestion, f->settings[set_idx].name) : NULL;
        if (at && !(alternative && at > alternative)) {
            any = true;
            note_context(param, &restart, &fixed);
        }
    }
    for (size_t set_idx = 0; !any && !form && set_idx < f->n_settings; set_idx++) {
        const FindingSetting *here = &f->settings[set_idx];
        const CatalogParam *param = report_param(in, f, here->name);
        if (param && here->file && f->file && here->line == f->line &&
            !strcmp(here->file, f->file)) {
            any = true;
            note_context(param, &restart, &fixed);
        }
    }
    for (size_t set_idx = 0; !any && !form && set_idx < f->n_settings; set_idx++) {
        const CatalogParam *param = report_param(in, f, f->settings[set_idx].name);
        if (!param)
            continue;
        any = true;
        note_context(param, &restart, &fixed);
    }
    if (!any)
        return NULL;
    return restart ? "restart" : fixed ? "none" : "reload";
}

const char *report_apply_alternative(const ReportInput *in, const Finding *f)
{
    const char *how = report_apply_how(in, f);
    if (f->n_fixes || !f->suggestion || !how || strcmp(how, "reload"))
        return NULL;
    /* the first remedy applies on reload (above); a setting named after its "or" that needs a
     * restart is the reader's other choice, and its cost is said with it */
    const char *first = NULL;
    for (size_t set_idx = 0; set_idx < f->n_settings; set_idx++) {
        const char *at = named_at(f->suggestion, f->settings[set_idx].name);
        if (at && report_param(in, f, f->settings[set_idx].name) && (!first || at < first))
            first = at;
    }
    const char *alternative = first ? strstr(first, " or ") : NULL;
    for (size_t set_idx = 0; alternative && set_idx < f->n_settings; set_idx++) {
        const CatalogParam *param = report_param(in, f, f->settings[set_idx].name);
        const char *at = param ? named_at(alternative, f->settings[set_idx].name) : NULL;
        if (at && catalog_context_needs_restart(param->context))
            return f->settings[set_idx].name;
    }
    return NULL;
}

char *report_suggested_conf(const ReportInput *in, const Finding *f)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++) {
        const FindingFix *fix = &f->fixes[fix_idx];
        char *shown = report_redact_value(in, fix->name, fix->value);
        /* a removal is shown as pgknob fix writes it: the line commented out (review
         * 2026-12x, h25a 11: the report wrote "# name (removed)", the fix did not) */
        char *line = NULL;
        /* a line of a manifest or a Patroni file is removed there, not commented out as in
         * postgresql.conf (review 2026-12zo, h55c 36: "Write #stats_temp_directory = ..." for
         * a YAML file) */
        if (fix->remove && f->fix_by_hand) {
            free(shown);
            continue;
        }
        if (fix->remove) {
            const char *written = NULL;
            for (size_t set_idx = 0; set_idx < f->n_settings && !written; set_idx++)
                if (f->settings[set_idx].name && !strcmp(f->settings[set_idx].name, fix->name))
                    written = f->settings[set_idx].value;
            char *value = written ? report_redact_value(in, fix->name, written) : NULL;
            char *assignment = value ? conf_format_assignment(fix->name, value) : NULL;
            line =
                assignment ? xasprintf("#%s", assignment) : xasprintf("# %s (removed)", fix->name);
            free(assignment);
            free(value);
        } else
            line = conf_format_assignment(fix->name, shown);
        sb_printf(&sb, "%s\n", line);
        free(line);
        free(shown);
    }
    if (f->n_fixes) /* NULL when every fix was a line removed by hand */
        return sb.data ? sb_detach(&sb) : NULL;
    Suggested sugg[SUGGESTED_MAX];
    size_t n_sugg = suggested_assignments(in, f, sugg);
    for (size_t idx = 0; idx < n_sugg; idx++)
        if (!sugg[idx].example && !is_current(in, f, sugg[idx].name, sugg[idx].value)) {
            char *shown = report_redact_value(in, sugg[idx].name, sugg[idx].value);
            sb_printf(&sb, "%s = %s\n", sugg[idx].name, shown);
            free(shown);
        }
    suggested_free(sugg, n_sugg);
    return sb.data ? sb_detach(&sb) : NULL;
}

static const ConfEntry *find_entry(const ConfSet *set, const char *file, int line)
{
    for (size_t entry_idx = 0; set && entry_idx < set->n_entries; entry_idx++) {
        const ConfEntry *entry = &set->entries[entry_idx];
        if (entry->line == line && entry->file && !strcmp(entry->file, file))
            return entry;
    }
    return NULL;
}

char *report_line_text(const ReportInput *in, const char *file, int line)
{
    if (!file || line <= 0)
        return NULL;
    for (size_t src_idx = 0; src_idx < in->n_sources; src_idx++) {
        const ConfEntry *entry = find_entry(in->sources[src_idx].set, file, line);
        if (!entry || !entry->line_text)
            continue;
        if (entry->name && entry->value &&
            conf_entry_secret(in->redact, in->sources[src_idx].pg_major, entry))
            return xasprintf("%s = '<redacted>'", entry->name);
        return report_redact_text(in, entry->line_text);
    }
    return NULL;
}

/* The chapter of "Server Configuration" a catalog category lives in. */
static const char *doc_page(const char *category)
{
    static const struct {
        const char *prefix, *page;
    } pages[] = {
        {"File Locations", "runtime-config-file-locations"},
        {"Connections and Authentication", "runtime-config-connection"},
        {"Resource Usage", "runtime-config-resource"},
        {"Write-Ahead Log", "runtime-config-wal"},
        {"Replication", "runtime-config-replication"},
        {"Query Tuning", "runtime-config-query"},
        {"Reporting and Logging", "runtime-config-logging"},
        {"Statistics", "runtime-config-statistics"},
        {"Autovacuum", "runtime-config-autovacuum"},
        {"Vacuuming", "runtime-config-vacuum"},
        {"Client Connection Defaults", "runtime-config-client"},
        {"Lock Management", "runtime-config-locks"},
        {"Version and Platform Compatibility", "runtime-config-compatible"},
        {"Error Handling", "runtime-config-error-handling"},
        {"Preset Options", "runtime-config-preset"},
        {"Developer Options", "runtime-config-developer"},
    };
    for (size_t page_idx = 0; category && page_idx < sizeof(pages) / sizeof(pages[0]); page_idx++)
        if (!strncmp(category, pages[page_idx].prefix, strlen(pages[page_idx].prefix)))
            return pages[page_idx].page;
    return NULL;
}

char *report_doc_url(int major, const CatalogParam *param)
{
    if (!param)
        return NULL;
    const char *page = doc_page(param->category);
    if (!page)
        return xasprintf("https://www.postgresql.org/docs/%d/runtime-config.html", major);
    char *anchor = xstrdup(param->name);
    for (char *p = anchor; *p; p++)
        *p = *p == '_' ? '-' : (char)toupper((unsigned char)*p);
    char *url = xasprintf("https://www.postgresql.org/docs/%d/%s.html#GUC-%s", major, page, anchor);
    free(anchor);
    return url;
}

char *report_default_pretty(const CatalogParam *param)
{
    if (!param || !param->boot_val)
        return NULL;
    GucValue val;
    if (param->type == GUC_STRING || !guc_parse_value(param, param->boot_val, &val, NULL))
        return xstrdup(param->boot_val);
    return guc_value_pretty(param, &val);
}

size_t report_count_suppressed(const ReportInput *in)
{
    size_t count = 0;
    for (size_t idx = 0; idx < in->findings->n; idx++)
        count += in->findings->items[idx].suppressed;
    return count;
}

const char *report_explanation(const Finding *f)
{
    static const char *const validation_why =
        "PostgreSQL reads the whole configuration at startup and on every reload. A line it "
        "rejects stops a starting server with a FATAL error before it accepts a connection. On a "
        "reload, a syntax error or an unknown parameter makes the server apply none of the "
        "file's changes (\"contains errors; no changes were applied\"), and a value it rejects "
        "is skipped while the others apply (\"unaffected changes were applied\"), so the running "
        "server silently differs from the file you deployed.";
    /* a validation finding the server accepts (a module's placeholder, an overridden line, a
     * host fact) must not borrow the refusal's words: its message is all there is to say */
    if (f->explanation && *f->explanation)
        return f->explanation;
    if (!f->category || strcmp(f->category, "validation") || !f->refuses_start)
        return NULL;
    return validation_why;
}

char *report_plain_message(const ReportInput *in, const Finding *f)
{
    StrBuf text = STRBUF_INIT;
    sb_put(&text, f->message ? f->message : f->title);
    if (f->refuses_start)
        sb_put(&text, "\nThe server refuses to start with this (and ignores the file on reload).");
    if (f->hint)
        sb_printf(&text, "\n%s", f->hint);
    if (f->suggestion)
        sb_printf(&text, "\nSuggestion: %s", f->suggestion);
    if (f->fix_note)
        sb_printf(&text, "\nFix: %s", f->fix_note);
    char *safety = report_fix_safety(f);
    if (safety)
        sb_printf(&text, "\nFix safety: %s", safety);
    free(safety);
    for (size_t ev_idx = 0; ev_idx < f->n_evidence; ev_idx++)
        sb_printf(&text, "\nEvidence: %s", f->evidence[ev_idx]);
    char *clean = report_redact_text(in, sb_str(&text));
    sb_free(&text);
    return clean;
}

json_t *report_fix_json(const ReportInput *in, const Finding *f)
{
    json_t *list = json_array();
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        const FindingFix *fix = &f->fixes[idx];
        char *shown = report_redact_value(in, fix->name, fix->value);
        json_t *item = json_pack("{s:o, s:o, s:o, s:s}", "name", pk_json_str(fix->name), "value",
                                 pk_json_str(shown), "applies", pk_json_str(fix->applies), "safety",
                                 finding_fix_safety(fix));
        free(shown);
        if (fix->unsafe)
            pk_json_set(item, "why", pk_json_str(fix->why));
        if (fix->remove)
            pk_json_set(item, "remove", json_true());
        json_array_append_new(list, item);
    }
    return list;
}

char *report_fix_safety(const Finding *f)
{
    if (!f->n_fixes)
        return NULL;
    StrBuf sb = STRBUF_INIT;
    bool unsafe = !finding_fixes_safe(f);
    const char *tier = f->severity == SEV_NOTICE           ? " --min-severity notice"
                       : f->severity == SEV_RECOMMENDATION ? " --min-severity recommendation"
                                                           : "";
    if (f->fix_by_hand)
        sb_printf(&sb,
                  "%s (edit the %s input by hand: pgknob fix rewrites postgresql.conf files"
                  " only)",
                  unsafe ? "unsafe" : "safe", f->fix_by_hand);
    else
        sb_printf(&sb, "%s (pgknob fix%s%s applies it)", unsafe ? "unsafe" : "safe",
                  unsafe ? " --unsafe-fixes" : "", tier);
    const char *sep = ": ";
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        const char *why = f->fixes[idx].why;
        bool said = false; /* one reason once, however many fixes share it */
        for (size_t before = 0; why && before < idx && !said; before++)
            said = f->fixes[before].why && !strcmp(f->fixes[before].why, why);
        if (why && *why && !said) {
            /* each reason is a sentence: a later one starts with a capital after the full stop,
             * unless it starts with a parameter's name, which keeps its case */
            size_t word = strcspn(why, " ");
            bool name = memchr(why, '_', word) != NULL;
            sb_printf(&sb, "%s%c%s", sep,
                      *sep == ' ' && !name ? toupper((unsigned char)why[0]) : why[0], why + 1);
            sep = " ";
        }
    }
    return sb_detach(&sb);
}

bool report_skip_unparsed(const SkippedRule *skip)
{
    /* the reason model/snapshot.c gives a parameter whose line was rejected */
    return skip->needs && strstr(skip->needs, "the value of ") != NULL;
}

bool report_skip_fragment(const SkippedRule *skip)
{
    return skip->needs && strstr(skip->needs, SNAP_FRAGMENT_UNSET) != NULL;
}
