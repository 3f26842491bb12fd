#include "lint/fix_check.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/xalloc.h"

/* Bytes in one base unit of a memory parameter; 0 for other parameters. */
static double unit_bytes(const CatalogParam *param)
{
    static const struct { const char *unit; double bytes; } units[] = {
        {"B", 1}, {"kB", 1024}, {"8kB", 8192}, {"MB", 1048576}};
    for (size_t idx = 0; param->unit && idx < sizeof(units) / sizeof(units[0]); idx++)
        if (!strcmp(param->unit, units[idx].unit))
            return units[idx].bytes;
    return 0;
}

static bool same_value(const CatalogParam *param, const GucValue *a, const GucValue *b)
{
    switch (param->type) {
    case GUC_BOOL: return a->boolval == b->boolval;
    case GUC_INTEGER:
    case GUC_REAL: return a->num == b->num;
    case GUC_ENUM: return !strcasecmp(a->enum_val, b->enum_val);
    default: return !strcmp(a->str, b->str);
    }
}

static void drop(Finding *f, size_t fix_idx, char *why)
{
    finding_note_fix(f, why);
    free(why);
    finding_drop_fix(f, fix_idx);
}

/* One fix against the catalog, the current value and the host; false when it was dropped. */
static bool check_one(const Snapshot *snap, Finding *f, size_t fix_idx)
{
    const FindingFix *fix = &f->fixes[fix_idx];
    const CatalogParam *param = catalog_find(snap->catalog, fix->name);
    GucValue val;
    GucError err = {0};
    if (!param || param->context == GUC_CTX_INTERNAL) {
        drop(f, fix_idx, xasprintf("%s cannot be set in PostgreSQL %d: no change proposed.",
                                   fix->name, snap->pg_major));
        return false;
    }
    if (!guc_parse_value_for(param, snap->pg_major, fix->value, &val, &err)) {
        drop(f, fix_idx, xasprintf("%s = %s is not a value PostgreSQL %d accepts (%s): no change"
                                   " proposed.", fix->name, fix->value, snap->pg_major,
                                   err.message));
        guc_error_free(&err);
        return false;
    }
    double bytes = val.num * unit_bytes(param);
    if (param->type == GUC_INTEGER && snap->host.ram_bytes > 0 && bytes > snap->host.ram_bytes) {
        char *ram = guc_value_pretty(param, &val);
        drop(f, fix_idx, xasprintf("%s = %s would exceed the host's RAM (%.0f MB): no change"
                                   " proposed.", fix->name, ram,
                                   snap->host.ram_bytes / 1048576.0));
        free(ram);
        return false;
    }
    const SnapSetting *cur = snapshot_get(snap, param->name);
    if (!fix->file && cur && cur->parsed_ok && same_value(param, &val, &cur->parsed)) {
        drop(f, fix_idx, xasprintf("%s is already %s: no change needed.", param->name,
                                   cur->value));
        return false;
    }
    return true;
}

/* Which of two findings' values wins: a refusal first, then the more severe finding, then the
 * lower rule id (deterministic). */
static bool outranks(const Finding *a, const Finding *b)
{
    if (a->refuses_start != b->refuses_start)
        return a->refuses_start;
    if (a->severity != b->severity)
        return a->severity > b->severity;
    return strcmp(a->rule_id, b->rule_id) < 0;
}

typedef struct FixRef {
    Finding *f;
    size_t fix_idx;
} FixRef;

static bool parse_fix(const Snapshot *snap, const FindingFix *fix, GucValue *val)
{
    const CatalogParam *param = catalog_find(snap->catalog, fix->name);
    GucError err = {0};
    bool ok = param && guc_parse_value_for(param, snap->pg_major, fix->value, val, &err);
    guc_error_free(&err);
    return ok;
}

/* Findings that set one parameter to different values: the winner's value stays; a loser that
 * renames a line takes the winner's value, any other loser drops its fix; both say so. */
static void agree(const Snapshot *snap, FixRef *refs, size_t n_refs, bool *changed_of,
                  Finding *base)
{
    for (size_t a = 0; a < n_refs; a++) {
        if (!refs[a].f)
            continue;
        FixRef win = refs[a];
        const char *name = win.f->fixes[win.fix_idx].name;
        for (size_t b = a + 1; b < n_refs; b++)
            if (refs[b].f && !strcasecmp(refs[b].f->fixes[refs[b].fix_idx].name, name) &&
                outranks(refs[b].f, win.f))
                win = refs[b];
        const CatalogParam *param = catalog_find(snap->catalog, name);
        GucValue win_val, val;
        bool win_ok = parse_fix(snap, &win.f->fixes[win.fix_idx], &win_val);
        for (size_t b = a; b < n_refs; b++) {
            if (!refs[b].f || strcasecmp(refs[b].f->fixes[refs[b].fix_idx].name, name))
                continue;
            FixRef lose = refs[b];
            refs[b].f = NULL;
            FindingFix *fix = &lose.f->fixes[lose.fix_idx];
            if (lose.f == win.f || !win_ok || !param ||
                (parse_fix(snap, fix, &val) && same_value(param, &win_val, &val)))
                continue;
            const char *win_value = win.f->fixes[win.fix_idx].value;
            char *note = xasprintf("%s: %s proposes %s and %s proposes %s; %s (%s) is applied.",
                                   name, win.f->rule_id, win_value, lose.f->rule_id, fix->value,
                                   win_value, win.f->rule_id);
            finding_note_fix(win.f, note);
            finding_note_fix(lose.f, note);
            free(note);
            changed_of[lose.f - base] = true;
            if (fix->file) {
                free(fix->value);
                fix->value = xstrdup(win_value);
            } else {
                fix->name[0] = '\0'; /* dropped below: indices of refs stay valid meanwhile */
            }
        }
    }
}

static void check_range(const Snapshot *snap, Finding *items, size_t begin, size_t end,
                        bool *changed_of)
{
    for (size_t idx = begin; idx < end; idx++)
        for (size_t fix_idx = items[idx].n_fixes; fix_idx-- > 0;)
            if (!check_one(snap, &items[idx], fix_idx))
                changed_of[idx] = true;
}

static void collect(Finding *items, size_t begin, size_t end, FixRef **refs, size_t *n_refs)
{
    for (size_t idx = begin; idx < end; idx++)
        for (size_t fix_idx = 0; fix_idx < items[idx].n_fixes; fix_idx++) {
            *refs = xrealloc(*refs, (*n_refs + 1) * sizeof(**refs));
            (*refs)[(*n_refs)++] = (FixRef){&items[idx], fix_idx};
        }
}

void fix_check_input(LintResult *res, size_t input_idx)
{
    const LintInput *input = &res->inputs[input_idx];
    if (!input->snap.catalog)
        return;
    Finding *items = res->findings.items;
    bool *changed_of = xcalloc(res->findings.n + 1, sizeof(bool));
    check_range(&input->snap, items, input->validation_begin, input->validation_end, changed_of);
    check_range(&input->snap, items, input->rules_begin, input->rules_end, changed_of);
    FixRef *refs = NULL;
    size_t n_refs = 0;
    collect(items, input->validation_begin, input->validation_end, &refs, &n_refs);
    collect(items, input->rules_begin, input->rules_end, &refs, &n_refs);
    agree(&input->snap, refs, n_refs, changed_of, items);
    free(refs);
    for (size_t idx = 0; idx < res->findings.n; idx++) {
        if (!changed_of[idx])
            continue;
        Finding *f = &items[idx];
        for (size_t fix_idx = f->n_fixes; fix_idx-- > 0;)
            if (!f->fixes[fix_idx].name[0])
                finding_drop_fix(f, fix_idx);
        if (f->suggestion_tail || strcmp(f->category, "validation") || f->n_fixes)
            finding_render_suggestion(f);
    }
    free(changed_of);
}

void fix_check_run(LintResult *res)
{
    for (size_t idx = 0; idx < res->n_inputs; idx++)
        fix_check_input(res, idx);
}
