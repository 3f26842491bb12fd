#include "model/finding.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_edit.h"

Finding *findings_add(FindingList *list, const char *rule_id, const char *rule_name,
                      Severity severity, const char *category)
{
    Arena *a = arena_get(&list->arena);
    ARENA_GROW(a, list->items, list->n, list->cap);
    Finding *f = &list->items[list->n++];
    memset(f, 0, sizeof(*f));
    f->arena = a;
    f->rule_id = arena_strdup(a, rule_id);
    f->rule_name = arena_strdup(a, rule_name);
    f->severity = severity;
    f->category = arena_strdup(a, category);
    return f;
}

Finding *findings_push(FindingList *list, const Finding *f)
{
    ARENA_GROW(arena_get(&list->arena), list->items, list->n, list->cap);
    list->items[list->n] = *f;
    return &list->items[list->n++];
}

void findings_take(FindingList *list, FindingList *from)
{
    arena_adopt(arena_get(&list->arena), from->arena);
    *from = (FindingList){0};
}

char *finding_strdup(const Finding *f, const char *s)
{
    return arena_strdup(f->arena, s);
}

char *finding_printf(const Finding *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = arena_vprintf(f->arena, fmt, ap);
    va_end(ap);
    return s;
}

char *finding_take(const Finding *f, char *s)
{
    char *kept = arena_strdup(f->arena, s);
    free(s);
    return kept;
}

/* `*arr` (of `n` items of `size` bytes, in the finding's arena) with room for one more. */
static void *grow(const Finding *f, void *arr, size_t n, size_t size)
{
    return arena_realloc(f->arena, arr, n * size, (n + 1) * size);
}

void finding_add_setting(Finding *f, const char *name, const char *value, const char *file,
                         int line)
{
    f->settings = grow(f, f->settings, f->n_settings, sizeof(*f->settings));
    f->settings[f->n_settings++] = (FindingSetting){.name = finding_strdup(f, name),
                                                    .value = finding_strdup(f, value),
                                                    .file = finding_strdup(f, file),
                                                    .line = line};
}

void finding_add_evidence(Finding *f, const char *text)
{
    f->evidence = grow(f, f->evidence, f->n_evidence, sizeof(*f->evidence));
    f->evidence[f->n_evidence++] = finding_strdup(f, text);
}

void finding_add_link(Finding *f, const char *url)
{
    f->links = grow(f, f->links, f->n_links, sizeof(*f->links));
    f->links[f->n_links++] = finding_strdup(f, url);
}

/* NULL sorts last: located findings come before those about values left at their defaults. */
static int cmp_nullable(const char *a, const char *b)
{
    if (!a || !b)
        return (a == NULL) - (b == NULL);
    return strcmp(a, b);
}

static int finding_cmp(const void *pa, const void *pb)
{
    const Finding *a = pa, *b = pb;
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    int c = cmp_nullable(a->file, b->file);
    if (c)
        return c;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    c = strcmp(a->rule_id, b->rule_id);
    if (c)
        return c;
    return cmp_nullable(a->message, b->message);
}

void findings_sort(FindingList *list)
{
    if (list->n > 1)
        qsort(list->items, list->n, sizeof(Finding), finding_cmp);
}

Severity findings_max_severity(const FindingList *list)
{
    Severity max = SEV_NONE;
    for (size_t idx = 0; idx < list->n; idx++)
        if (!list->items[idx].suppressed && list->items[idx].severity > max)
            max = list->items[idx].severity;
    return max;
}

size_t findings_count(const FindingList *list, Severity severity, bool include_suppressed)
{
    size_t count = 0;
    for (size_t idx = 0; idx < list->n; idx++)
        if (list->items[idx].severity == severity &&
            (include_suppressed || !list->items[idx].suppressed))
            count++;
    return count;
}

const char *severity_name(Severity sev)
{
    switch (sev) {
    case SEV_ERROR: return "error";
    case SEV_WARNING: return "warning";
    case SEV_NOTICE: return "notice";
    case SEV_RECOMMENDATION: return "recommendation";
    default: return "none";
    }
}

bool severity_parse(const char *text, Severity *out)
{
    static const struct {
        const char *name;
        Severity sev;
    } names[] = {{"error", SEV_ERROR},
                 {"warning", SEV_WARNING},
                 {"notice", SEV_NOTICE},
                 {"never", SEV_NONE}};
    for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++)
        if (!strcmp(text, names[idx].name)) {
            *out = names[idx].sev;
            return true;
        }
    return false;
}

bool fail_on_parse(const char *text, Severity *out, bool *refusal)
{
    *refusal = !strcmp(text, "refusal");
    if (*refusal) {
        *out = SEV_NONE;
        return true;
    }
    return severity_parse(text, out);
}

size_t findings_count_refusals(const FindingList *list)
{
    size_t count = 0;
    for (size_t idx = 0; idx < list->n; idx++)
        count += list->items[idx].refuses_start && !list->items[idx].suppressed;
    return count;
}

bool findings_fail(const FindingList *list, Severity fail_on, bool refusal)
{
    if (refusal)
        return findings_count_refusals(list) > 0;
    return fail_on != SEV_NONE && findings_max_severity(list) >= fail_on;
}

void finding_add_fix_at(Finding *f, const char *name, const char *value, const char *applies,
                        const char *file, int line)
{
    f->fixes = grow(f, f->fixes, f->n_fixes, sizeof(*f->fixes));
    f->fixes[f->n_fixes++] = (FindingFix){.name = finding_strdup(f, name),
                                          .value = finding_strdup(f, value),
                                          .applies = applies,
                                          .file = finding_strdup(f, file),
                                          .line = file ? line : 0};
}

void finding_add_removal(Finding *f, const char *name, const char *file, int line)
{
    /* the server reads the file only when it starts: a refused line is gone at the next start */
    finding_add_fix_at(f, name, "", "restart", file, line);
    f->fixes[f->n_fixes - 1].remove = true;
}

void finding_add_fix(Finding *f, const char *name, const char *value, const char *applies)
{
    finding_add_fix_at(f, name, value, applies, NULL, 0);
}

static void put_fixes(const Finding *f, bool companions, StrBuf *sb)
{
    bool first = true;
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        if (f->fixes[idx].companion != companions)
            continue;
        char *line = f->fixes[idx].remove
                         ? xasprintf("remove the %s line", f->fixes[idx].name)
                         : conf_format_assignment(f->fixes[idx].name, f->fixes[idx].value);
        sb_printf(sb, "%s%s", first ? "" : " and ", line);
        free(line);
        first = false;
    }
}

void finding_render_suggestion(Finding *f)
{
    StrBuf sb = STRBUF_INIT;
    put_fixes(f, false, &sb);
    const char *tail = f->suggestion_tail;
    /* without a change before it, the tail's own ", or …" would start the sentence */
    while (tail && !sb.len && *tail && strchr(",;. ", *tail))
        tail++;
    if (tail && *tail)
        sb_printf(&sb, "%s%s", sb.len && !strchr(",;.", *tail) ? " " : "", tail);
    size_t before = sb.len;
    sb_put(&sb, sb.len ? "; with " : "");
    size_t mark = sb.len;
    put_fixes(f, true, &sb);
    if (sb.len == mark) { /* no companion: drop the "; with " again */
        sb.len = before;
        if (sb.data)
            sb.data[before] = '\0';
    }
    f->suggestion = sb.len ? finding_strdup(f, sb.data) : NULL;
    sb_free(&sb);
}

void finding_drop_fix(Finding *f, size_t idx)
{
    memmove(&f->fixes[idx], &f->fixes[idx + 1], (f->n_fixes - idx - 1) * sizeof(*f->fixes));
    f->n_fixes--;
}

void finding_fix_unsafe(Finding *f, size_t idx, const char *why)
{
    FindingFix *fix = &f->fixes[idx];
    fix->unsafe = true;
    if (!fix->why)
        fix->why = finding_strdup(f, why);
}

bool finding_fixes_safe(const Finding *f)
{
    for (size_t idx = 0; idx < f->n_fixes; idx++)
        if (f->fixes[idx].unsafe)
            return false;
    return true;
}

const char *finding_fix_safety(const FindingFix *fix)
{
    return fix->unsafe ? "unsafe" : "safe";
}

void finding_note_fix(Finding *f, const char *sentence)
{
    /* a check run again (fix_check's rounds) may reach the same sentence: said once */
    if (f->fix_note && strstr(f->fix_note, sentence))
        return;
    f->fix_note = f->fix_note ? finding_printf(f, "%s %s", f->fix_note, sentence)
                              : finding_strdup(f, sentence);
}

bool severity_parse_level(const char *text, Severity *out)
{
    if (!strcmp(text, "recommendation")) {
        *out = SEV_RECOMMENDATION;
        return true;
    }
    return severity_parse(text, out) && *out != SEV_NONE;
}

void finding_set_severity(Finding *f, Severity to)
{
    if (f->rule_severity == SEV_NONE)
        f->rule_severity = f->severity;
    f->severity = to;
}
