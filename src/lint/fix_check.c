#include "lint/fix_check.h"
#include "lint/intent.h"

#include "lint/major.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/contrib.h"
#include "catalog/value.h"
#include "common/units.h"
#include "common/fp.h"
#include "common/readfile.h"
#include "common/xalloc.h"
#include "lint/fix_safety.h"
#include "lint/fold.h"
#include "lint/shmem.h"
#include "lint/major.h"
#include "lint/validate.h"

/* Bytes in one base unit of a memory parameter; 0 for other parameters. */
static double unit_bytes(const CatalogParam *param)
{
    PkUnitKind kind;
    double factor;
    return pk_unit_base(param->unit, &kind, &factor) && kind == PK_UNIT_SIZE ? factor : 0;
}

static bool same_value(const CatalogParam *param, const GucValue *a, const GucValue *b)
{
    switch (param->type) {
    case GUC_BOOL: return a->boolval == b->boolval;
    case GUC_INTEGER:
    /* a computed target within 1% of the value already set (5.12MB for 5242kB) is the same
     * setting: a change the server would barely see is noise in a diff */
    case GUC_REAL: return fabs(a->num - b->num) <= 0.01 * fmax(fabs(a->num), fabs(b->num));
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

/* The parameter a fix sets: the core catalog's, else a module's (pg_stat_statements.track). */
static const CatalogParam *fix_param(const Snapshot *snap, const char *name)
{
    const CatalogParam *param = catalog_find(snap->catalog, name);
    return param ? param
                 : catalog_contrib_find(catalog_contrib_for_major(snap->pg_major), name, NULL);
}

/* An integer parameter is written as an integer: a computed 666.7 or 5.12MB is rounded as the
 * server would round it and written as SHOW would (667, 5243kB), so the file says what the server
 * runs with. */
static void round_integer(const CatalogParam *param, int major, Finding *f, FindingFix *fix)
{
    GucValue val;
    if (param->type != GUC_INTEGER || !strpbrk(fix->value, ".eE") ||
        !guc_parse_value_for(param, major, fix->value, &val, NULL))
        return;
    fix->value = finding_take(f, guc_value_pretty(param, &val));
    finding_render_suggestion(f);
}

/* "9.4" as 904, "12" as 1200. */
static int version_x100(const char *text)
{
    int major = atoi(text);
    const char *dot = strchr(text, '.');
    return major < 10 ? major * 100 + (dot ? atoi(dot + 1) : 0) : major * 100;
}

/* `written`: the major (x 100) an older file was written for; 0 for none (not older), -1 for an
 * older one whose defaults pgknob does not know. Writing the checked major's default where the file
 * sets nothing still changes what that server runs when its own default was another (review
 * 2026-12zg, h38a 07: PK0094's 128MB for a postgres:9.2 file, dropped as "already 128MB (the
 * default)"), and nothing when it was the same (review 2026-12zk, rwc6 08: temp_buffers = 8MB
 * offered for a 12 file). */
static bool default_differed(const CatalogParam *param, int written, const GucValue *val)
{
    if (written < 0)
        return true; /* not known: keep the change */
    /* a parameter that arrived after it: the line is new to that server, and where it is
     * accepted its value is the default already (review 2026-12zk, rwd6 34: a 9.2 file offered
     * autovacuum_work_mem = -1) */
    const char *arrived = catalog_arrived_by_13(param->name);
    if (arrived && version_x100(arrived) > written)
        return false;
    int major = written >= 1300 ? written / 100 : PK_MIN_MAJOR;
    if (written < 1300 && written < catalog_default_same_since(param->name))
        return true;
    const CatalogParam *then = catalog_find(catalog_for_major(major), param->name);
    GucValue def;
    if (!then)
        return false; /* that server lacked it: where the line is accepted, it is the default */
    if (!then->boot_val || !guc_parse_boot_value(then, major, then->boot_val, &def))
        return true;
    return !same_value(param, val, &def);
}

/* One fix against the catalog, the current value and the host; false when it was dropped.
 * `written`: as default_differed's. */
static bool check_one(const Snapshot *snap, Finding *f, size_t fix_idx, int written)
{
    const FindingFix *fix = &f->fixes[fix_idx];
    if (fix->remove) /* validation found the line refused: nothing to parse */
        return true;
    const CatalogParam *param = fix_param(snap, fix->name);
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    if (!param || param->context == GUC_CTX_INTERNAL) {
        drop(f, fix_idx,
             xasprintf("%s cannot be set in PostgreSQL %d: no change proposed.", fix->name,
                       snap->pg_major));
        return false;
    }
    if (!guc_parse_value_for(param, snap->pg_major, fix->value, &val, &err)) {
        drop(f, fix_idx,
             xasprintf("%s = %s is not a value PostgreSQL %d accepts (%s): no change"
                       " proposed.",
                       fix->name, fix->value, snap->pg_major, err.message));
        pk_diag_free(&err);
        return false;
    }
    double bytes = val.num * unit_bytes(param);
    if (param->type == GUC_INTEGER && fix_param_held_in_ram(param) && snap->host.ram_bytes > 0 &&
        bytes > snap->host.ram_bytes) {
        char *ram = guc_value_pretty(param, &val);
        drop(f, fix_idx,
             xasprintf("%s = %s would exceed the host's RAM (%.0f MB): no change"
                       " proposed.",
                       fix->name, ram, snap->host.ram_bytes / 1048576.0));
        free(ram);
        return false;
    }
    const SnapSetting *cur = snapshot_get(snap, param->name);
    if (!fix->file && cur && cur->parsed_ok && same_value(param, &val, &cur->parsed) &&
        !(written && cur->source == SRC_DEFAULT && default_differed(param, written, &val))) {
        /* one of several changes (both freeze ages): the others carry the finding's fix */
        if (f->n_fixes > 1)
            finding_drop_fix(f, fix_idx);
        else {
            /* a default's value is pg_settings' raw text (1024 for temp_buffers' 8MB) */
            char *now = guc_value_pretty(param, &cur->parsed);
            drop(f, fix_idx,
                 xasprintf("%s is already %s%s: no change needed.", param->name, now,
                           cur->source == SRC_DEFAULT ? " (the default)" : ""));
            free(now);
        }
        return false;
    }
    round_integer(param, snap->pg_major, f, &f->fixes[fix_idx]);
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
    if (fix->remove)
        return false;
    const CatalogParam *param = fix_param(snap, fix->name);
    return param && guc_parse_value_for(param, snap->pg_major, fix->value, val, NULL);
}

/* The end of the note of two findings' values for one parameter: a finding whose value lost
 * and which still fires with the winner's says so once the fixed file is linted (verify). */
#define LOST_TO " is applied."

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
        const CatalogParam *param = fix_param(snap, name);
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
            char *note = xasprintf("%s: %s proposes %s and %s proposes %s; %s (%s)" LOST_TO, name,
                                   win.f->rule_id, win_value, lose.f->rule_id, fix->value,
                                   win_value, win.f->rule_id);
            finding_note_fix(win.f, note);
            finding_note_fix(lose.f, note);
            free(note);
            changed_of[lose.f - base] = true;
            if (fix->file) {
                fix->value = finding_strdup(lose.f, win_value);
            } else {
                fix->name[0] = '\0'; /* dropped below: indices of refs stay valid meanwhile */
            }
        }
    }
}

static void check_range(const Snapshot *snap, Finding *items, size_t begin, size_t end, int written,
                        bool *changed_of)
{
    for (size_t idx = begin; idx < end; idx++)
        for (size_t fix_idx = items[idx].n_fixes; fix_idx-- > 0;)
            if (!check_one(snap, &items[idx], fix_idx, written))
                changed_of[idx] = true;
}

/* The major an older file was written for, x 100 (906 for "9.6"); 0 when none is evident or it
 * is not older than the one checked, -1 for a bound ("9.4 or older"), whose defaults are not
 * known. */
static int written_major(const LintInput *input)
{
    const char *text = input->evident_major;
    if (!text[0] || atoi(text) >= input->pg_major)
        return 0;
    if (strstr(text, "or older"))
        return -1;
    return version_x100(text);
}

static void collect(Finding *items, size_t begin, size_t end, FixRef **refs, size_t *n_refs)
{
    for (size_t idx = begin; idx < end; idx++)
        for (size_t fix_idx = 0; fix_idx < items[idx].n_fixes; fix_idx++) {
            *refs = xrealloc(*refs, (*n_refs + 1) * sizeof(**refs));
            (*refs)[(*n_refs)++] = (FixRef){&items[idx], fix_idx};
        }
}

static void verify(LintResult *res, size_t input_idx, const RuleSet *rules,
                   const EngineOpts *eopts);

/* A finding of the simulated run: its fixes checked against the original configuration. */
static void fix_check_fresh(const Snapshot *snap, Finding *fresh)
{
    for (size_t fix_idx = fresh->n_fixes; fix_idx-- > 0;)
        check_one(snap, fresh, fix_idx, 0);
    fix_safety_judge(snap, fresh);
}

/* A parameter the file sets that no checked major has (checkpoint_segments, removed in 9.5):
 * the file was written for an older server, which refuses the renamed or removed line. */
static bool removed_before_checked(const Finding *f)
{
    if (strcmp(f->rule_id, "PK0011") || !f->n_settings || !f->settings[0].name)
        return false;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
        if (catalog_find(catalog_for_major(major), f->settings[0].name))
            return false;
    return true;
}

/* The value written on the line `fix` removes, as the finding names it; NULL when not named. */
static const char *removed_value(const Finding *f, const FindingFix *fix)
{
    for (size_t idx = 0; idx < f->n_settings; idx++)
        if (f->settings[idx].line == fix->line && f->settings[idx].file && fix->file &&
            !strcmp(f->settings[idx].file, fix->file) && f->settings[idx].value)
            return f->settings[idx].value;
    return NULL;
}

/* Nothing states the major, and the file sets a parameter no checked major has: the file may be
 * for a server that still has it (docs/fix.md, condition 6). */
static char *old_line_why(const Finding *f, const FindingFix *fix)
{
    const char *name = f->settings[0].name;
    const char *gone = catalog_gone_before(name);
    char *when = gone ? xasprintf("PostgreSQL %s", gone) : xstrdup("a major before 13");
    char *why;
    if (fix->remove)
        why = xasprintf("the file sets %s, which %s removed, and does not state its major: on an "
                        "older server the line still takes effect, and removing it changes what "
                        "that server does; give --pg-version to convert the file.",
                        name, when);
    else
        why = xasprintf("the file sets %s, which %s removed, and does not state its major: a "
                        "server older than that may have no %s and refuse to start with it; give "
                        "--pg-version to convert the file.",
                        name, when, fix->name);
    free(when);
    return why;
}

/* The one reason a file its parameters date before 13 gives every fix it makes unsafe: every
 * fix of a finding, whatever made it unsafe, says the same sentence once (a folded PK0011 notice
 * carries the fixes of several lines). */
static char *evident_why(const LintInput *input)
{
    return xasprintf("the file was written for PostgreSQL %s (%s), which pgknob does not check, "
                     "so it cannot tell what that server accepts: give --pg-version with the "
                     "major to convert the file to.",
                     input->evident_major, input->evident_what);
}

/* A release label as a number that orders them: "8.3" 83, "9.2" 92, "12" 120. */
static int release_rank(const char *label)
{
    int major = atoi(label);
    const char *dot = strchr(label, '.');
    return major < 10 ? major * 10 + (dot ? atoi(dot + 1) : 0) : major * 10;
}

/* A file that may still be for a major before 13 (input->sample_major: its stock sample, or a
 * removed parameter it sets) and a fix that sets a parameter that major did not have yet: a
 * server still on it refuses to start with the line (review 2026-12x, rwo 02:
 * track_io_timing, 9.2's, offered safe on an 8.2 sample). A parameter whose arrival is unknown
 * counts as newer. */
static char *possibly_old_why(const LintInput *input, const FindingFix *fix)
{
    if (!input->sample_major[0] || fix->remove)
        return NULL;
    /* only an arrival pgknob knows: a parameter whose history it lacks may be older than the
     * sample (effective_cache_size is in every major: review 2026-12y, rwr 28) */
    const char *arrived = catalog_arrived_by_13(fix->name);
    if (!arrived || release_rank(arrived) <= release_rank(input->sample_major))
        return NULL;
    return xasprintf("the file may still be for PostgreSQL %s or older (its stock sample or a "
                     "removed parameter it sets), which has no %s (it arrived in %s): give "
                     "--pg-version with the major to convert the file to.",
                     input->sample_major, fix->name, arrived);
}

/* Editing across majors needs the target stated: with the major assumed, a fix the file's own
 * server may refuse is unsafe (docs/fix.md, condition 6). */
static void judge_assumed_major(const LintInput *input, Finding *items)
{
    size_t ranges[2][2] = {{input->validation_begin, input->validation_end},
                           {input->rules_begin, input->rules_end}};
    for (size_t range = 0; range < 2; range++)
        for (size_t idx = ranges[range][0]; idx < ranges[range][1]; idx++) {
            Finding *f = &items[idx];
            char *whole = NULL;    /* a reason that holds for every fix of the finding */
            bool old_line = false; /* it comes from a parameter removed before 13 */
            if (range == 1 && input->evident_major[0] && !input->unchecked_major[0])
                /* its parameters show an older server: tuning advice is judged for a server the
                 * file is not for (validation's corrections keep the per-fix judgment below) */
                whole = evident_why(input);
            else if (!strcmp(input->unchecked_major, "more than one"))
                whole = xstrdup("the file names more than one major (PK0004), so pgknob cannot "
                                "tell which server it is for: give --pg-version with the major "
                                "to convert the file to.");
            else if (input->unchecked_major[0])
                whole = xasprintf(
                    "the file names PostgreSQL %s (PK0004), which pgknob does not check, so it "
                    "cannot tell what that server accepts: give --pg-version with the major to "
                    "convert the file to.",
                    input->unchecked_major);
            else if (removed_before_checked(f) && input->evident_major[0]) {
                whole = evident_why(input);
                old_line = true;
            } else if (removed_before_checked(f))
                old_line = true; /* judged per fix below: old_line_why */
            for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++) {
                if (f->fixes[fix_idx].unsafe)
                    continue;
                /* a removed parameter's line that did nothing on any major that had it:
                 * removing it changes no server (custom_variable_classes = '',
                 * old_snapshot_threshold = -1) */
                bool gone = old_line || !catalog_find(catalog_for_major(input->pg_major),
                                                      f->fixes[fix_idx].name);
                const char *was =
                    gone && f->fixes[fix_idx].remove ? removed_value(f, &f->fixes[fix_idx]) : NULL;
                if (was && fix_safety_removal_inert(f->fixes[fix_idx].name, was))
                    continue;
                char *why = whole      ? xstrdup(whole)
                            : old_line ? old_line_why(f, &f->fixes[fix_idx])
                                       : fix_safety_major_why(&input->snap, &f->fixes[fix_idx]);
                if (!why && range == 1)
                    why = possibly_old_why(input, &f->fixes[fix_idx]);
                if (why && !whole && input->evident_major[0]) {
                    /* the parameters named the file's major: say it, not "nothing names it" */
                    free(why);
                    why = evident_why(input);
                }
                if (why)
                    finding_fix_unsafe(f, fix_idx, why);
                free(why);
            }
            free(whole);
        }
}

/* Does the file hold a NUL byte (UTF-16, a binary file)? pgknob fix refuses to rewrite it
 * (fix_apply.c), so no fix is offered for it. */
static bool holds_nul(const char *path)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    if (!path || pk_read_file(path, 64 << 20, &data, &len, &err) != PK_READ_OK)
        return false;
    bool nul = memchr(data, '\0', len) != NULL;
    free(data);
    return nul;
}

void fix_check_input(LintResult *res, size_t input_idx, const RuleSet *rules,
                     const EngineOpts *eopts)
{
    const LintInput *input = &res->inputs[input_idx];
    if (!input->snap.catalog)
        return;
    if (input->set.n_files && holds_nul(input->set.files[0])) {
        size_t ranges[2][2] = {{input->validation_begin, input->validation_end},
                               {input->rules_begin, input->rules_end}};
        for (size_t range = 0; range < 2; range++)
            for (size_t idx = ranges[range][0]; idx < ranges[range][1]; idx++) {
                Finding *f = &res->findings.items[idx];
                if (!f->n_fixes)
                    continue;
                while (f->n_fixes)
                    finding_drop_fix(f, f->n_fixes - 1);
                finding_note_fix(f, "No fix is offered: the file holds NUL bytes (UTF-16 or "
                                    "binary), which pgknob fix does not rewrite; save it as UTF-8 "
                                    "first.");
            }
        return;
    }
    Finding *items = res->findings.items;
    bool *changed_of = xcalloc(res->findings.n + 1, sizeof(bool));
    int older = written_major(input);
    check_range(&input->snap, items, input->validation_begin, input->validation_end, older,
                changed_of);
    check_range(&input->snap, items, input->rules_begin, input->rules_end, older, changed_of);
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
    for (size_t idx = input->validation_begin; idx < input->validation_end; idx++)
        fix_safety_judge(&input->snap, &items[idx]);
    for (size_t idx = input->rules_begin; idx < input->rules_end; idx++)
        fix_safety_judge(&input->snap, &items[idx]);
    if (!strcmp(input->version_source, "default"))
        judge_assumed_major(input, items);
    if (rules)
        verify(res, input_idx, rules, eopts);
    /* every change dropped: the suggestion's tail continued a value that is not proposed
     * ("(about a quarter of RAM)", "or more"); the fix note says why none is */
    for (size_t idx = 0; idx < res->findings.n; idx++) {
        Finding *f = &res->findings.items[idx];
        if (!f->n_fixes && f->fix_note && f->suggestion_tail && f->suggestion &&
            !strcmp(f->suggestion, f->suggestion_tail + strspn(f->suggestion_tail, ",;. "))) {
            /* an alternative that stands alone ("…, or put a connection pooler in front") stays */
            const char *other = strstr(f->suggestion, ", or ");
            f->suggestion = other ? finding_strdup(f, other + strlen(", or ")) : NULL;
        }
    }
    /* a term its author's comment gives a reason for is kept (intent.c) */
    for (size_t idx = input->rules_begin; idx < input->rules_end; idx++)
        intent_commented_terms(&input->snap, &res->findings.items[idx]);
}

void fix_check_run(LintResult *res, const RuleSet *rules, const EngineOpts *eopts)
{
    for (size_t idx = 0; idx < res->n_inputs; idx++)
        fix_check_input(res, idx, rules, eopts);
    lint_major_settle(res, rules); /* what the file's major makes of the checked findings */
    lint_fold_repeats(res);
    lint_fold_services(res);
}

/* ---- trying the fixes: the configuration with all of them, validated and linted again ---- */

/* The parameters the fixes change (catalog names, or as written when the catalog has none):
 * only rules reading one of them can judge the simulated configuration differently. */
typedef struct Touched {
    const char **names; /* borrowed from the catalog, the fixes and the entries */
    size_t n, cap;
} Touched;

static void touch(Touched *touched, const Catalog *cat, const char *name)
{
    if (!name)
        return;
    const CatalogParam *param = catalog_find(cat, name);
    const char *alias = param ? NULL : catalog_alias_target(cat->major, name);
    const char *names[] = {name, param ? param->name : NULL, alias};
    for (size_t idx = 0; idx < sizeof(names) / sizeof(names[0]); idx++) {
        bool known = !names[idx];
        for (size_t have = 0; !known && have < touched->n; have++)
            known = !strcasecmp(touched->names[have], names[idx]);
        if (!known) {
            PK_GROW(touched->names, touched->n, touched->cap);
            touched->names[touched->n++] = names[idx];
        }
    }
}

static bool is_touched(const char *name, const Touched *touched)
{
    for (size_t idx = 0; idx < touched->n; idx++)
        if (!strcasecmp(touched->names[idx], name))
            return true;
    return false;
}

/* Does the rule read (in its condition, lets or texts: rule->reads) or show a touched
 * parameter? A rule that does not sees the simulated configuration exactly as the original one,
 * so its findings in the simulated run are its findings of the real run: evaluating it again is
 * skipped (it was 60% of the verification, callgrind 2026-12-01). */
static bool rule_touched(const Rule *rule, const Touched *touched)
{
    for (size_t idx = 0; idx < rule->n_params; idx++)
        if (is_touched(rule->params[idx], touched))
            return true;
    for (size_t idx = 0; idx < rule->n_reads; idx++)
        if (is_touched(rule->reads[idx], touched))
            return true;
    return false;
}

/* A finding of a rule the simulated run did not evaluate again: it stands there as here. */
static bool stands_unevaluated(const Finding *f, const RuleSet *rules, const Touched *touched)
{
    const Rule *rule = rule_set_find(rules, f->rule_id);
    return rule && !rule_touched(rule, touched);
}

/* The entries of `set` with every fix of the input's findings applied: a rename rewrites its
 * entry, a change rewrites the parameter's last entry or is appended. Strings are borrowed from
 * the set and the fixes; free only `entries`. */
static ConfSet simulated_set(const ConfSet *set, const Catalog *cat, Finding *items,
                             const size_t *ranges, Touched *touched)
{
    ConfSet sim = *set;
    size_t cap = set->n_entries + 16;
    sim.entries = xcalloc(cap, sizeof(ConfEntry));
    if (set->n_entries) /* an empty set has no array: memcpy from NULL is undefined */
        memcpy(sim.entries, set->entries, set->n_entries * sizeof(ConfEntry));
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++)
            for (size_t fix_idx = 0; fix_idx < items[idx].n_fixes; fix_idx++) {
                FindingFix *fix = &items[idx].fixes[fix_idx];
                ConfEntry *target = NULL;
                for (size_t ent = sim.n_entries; ent-- > 0 && !target;) {
                    ConfEntry *e = &sim.entries[ent];
                    if (e->error || !e->name)
                        continue;
                    const CatalogParam *param = catalog_find(cat, e->name);
                    const char *alias = param ? NULL : catalog_alias_target(cat->major, e->name);
                    bool located =
                        fix->file && e->file && !strcmp(e->file, fix->file) && e->line == fix->line;
                    bool same = !fix->file && ((param && !strcasecmp(param->name, fix->name)) ||
                                               (alias && !strcasecmp(alias, fix->name)));
                    if (located || same)
                        target = e;
                }
                if (target && fix->remove) { /* the line commented out: a comment, no entry */
                    touch(touched, cat, target->name);
                    int at = (int)(target - sim.entries);
                    for (size_t ent = 0; ent < sim.n_entries; ent++)
                        if (sim.entries[ent].overridden_by == at)
                            sim.entries[ent].overridden_by = -1;
                    target->name = NULL;
                    target->value = NULL;
                    target->applied = false;
                    target->overridden_by = -1;
                    continue;
                }
                if (fix->remove)
                    continue;
                if (!target) {
                    PK_GROW(sim.entries, sim.n_entries, cap);
                    target = &sim.entries[sim.n_entries++];
                    *target = (ConfEntry){.file = set->n_files ? set->files[0] : NULL,
                                          .line = 0,
                                          .overridden_by = -1,
                                          .applied = true};
                }
                touch(touched, cat, target->name); /* a renamed line unsets its old name */
                touch(touched, cat, fix->name);
                target->name = fix->name;
                target->value = fix->value;
            }
    return sim;
}

/* The identity of a finding across two runs: rule and the settings it involves. */
static bool same_finding(const Finding *a, const Finding *b)
{
    if (strcmp(a->rule_id, b->rule_id) || a->n_settings != b->n_settings)
        return false;
    for (size_t idx = 0; idx < a->n_settings; idx++)
        if (strcasecmp(a->settings[idx].name, b->settings[idx].name))
            return false;
    return true;
}

static bool involves(const Finding *f, const char *name)
{
    for (size_t idx = 0; idx < f->n_settings; idx++)
        if (!strcasecmp(f->settings[idx].name, name))
            return true;
    return false;
}

static bool in_ranges(const Finding *items, const size_t *ranges, const Finding *probe)
{
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++)
            if (same_finding(&items[idx], probe))
                return true;
    return false;
}

/* The original finding `fresh` takes the place of: one of the same category, at least as
 * severe, on a setting `fresh` names too, that the fixed configuration no longer raises (PK2001's
 * error for a worst case the fixes lower into PK2002's warning). A fix that lowers a sum does not
 * raise the milder reading of it: NULL when `fresh` is new. */
static Finding *replaced_by(const Snapshot *snap, Finding *items, const size_t *ranges,
                            const FindingList *sim, const Finding *fresh)
{
    /* only where every change it involves lowers a number: a raise may well be what raised it */
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++)
            for (size_t fix_idx = 0; fix_idx < items[idx].n_fixes; fix_idx++) {
                const FindingFix *fix = &items[idx].fixes[fix_idx];
                if (!involves(fresh, fix->name))
                    continue;
                GucValue val;
                const CatalogParam *param = fix_param(snap, fix->name);
                const SnapSetting *cur = param ? snapshot_get(snap, param->name) : NULL;
                if (!cur || !cur->parsed_ok || !parse_fix(snap, fix, &val) ||
                    (param->type != GUC_INTEGER && param->type != GUC_REAL) ||
                    !(val.num < cur->parsed.num))
                    return NULL;
            }
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++) {
            Finding *orig = &items[idx];
            if (strcmp(orig->category, fresh->category) || orig->severity < fresh->severity ||
                (fresh->refuses_start && !orig->refuses_start))
                continue;
            bool shared = false;
            for (size_t set_idx = 0; !shared && set_idx < fresh->n_settings; set_idx++)
                shared = involves(orig, fresh->settings[set_idx].name);
            bool gone = shared;
            for (size_t again = 0; gone && again < sim->n; again++)
                gone = !same_finding(orig, &sim->items[again]);
            if (gone)
                return orig;
        }
    return NULL;
}

/* Lints the simulated configuration into `out`. */
static void lint_simulated(const LintInput *input, Finding *items, const size_t *ranges,
                           const RuleSet *rules, const EngineOpts *eopts, FindingList *out,
                           Touched *touched)
{
    ConfSet sim = simulated_set(&input->set, input->snap.catalog, items, ranges, touched);
    Snapshot snap;
    snapshot_from_conf(&snap, &sim, input->snap.catalog);
    /* the image's, operator's or service's defaults, as the lint being checked saw them (review
     * 2026-12zo, h59b 30: the timescaledb image's worker settings read as PostgreSQL's 8 in the
     * simulation only, and pg_stat_statements' fix said to raise PK0028) */
    snapshot_inherit_defaults(&snap, &input->snap);
    snap.host = input->snap.host; /* borrowed: given back before snapshot_free */
    /* a fragment's unset parameters stay unknown, as in the lint being checked: otherwise a
     * check the fragment skipped fires here and is blamed on the fix */
    snap.fragment = input->snap.fragment;
    ValidateOpts vopts = {.minor = input->pg_minor, .image_libraries = input->image_libraries};
    lint_validate(&sim, &snap, &vopts, out);
    lint_validate_stack(&snap, out);
    shmem_note(&snap);
    if (snap.host.ram_bytes > 0)
        lint_validate_host(&snap, out);
    /* the touched rules only (shallow copies: the set owns nothing) */
    RuleSet subset = {.rules = xcalloc(rules->n + 1, sizeof(Rule))};
    for (size_t idx = 0; idx < rules->n; idx++)
        if (rule_claims(&rules->rules[idx], snap.pg_major) &&
            rule_touched(&rules->rules[idx], touched))
            subset.rules[subset.n++] = rules->rules[idx];
    SkippedList skipped = {0};
    engine_run(&subset, &snap, eopts, out, &skipped);
    arena_free(skipped.arena);
    skipped = (SkippedList){0};
    free(subset.rules);
    host_facts_init_unknown(&snap.host);
    snapshot_free(&snap);
    free(sim.entries);
}

/* A new error or warning the fixes raise: the fixes of the findings whose changes it involves
 * bring its own fix along when it has one (checked like any other), else they are dropped. */
static bool settle_new(const LintInput *input, Finding *items, const size_t *ranges, Finding *fresh,
                       bool last_round)
{
    bool changed = false;
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++) {
            Finding *f = &items[idx];
            for (size_t fix_idx = f->n_fixes; fix_idx-- > 0;) {
                if (!involves(fresh, f->fixes[fix_idx].name))
                    continue;
                /* its own fix may not undo this one */
                bool brings = !last_round && fresh->n_fixes > 0;
                for (size_t own = 0; brings && own < fresh->n_fixes; own++)
                    brings = strcasecmp(fresh->fixes[own].name, f->fixes[fix_idx].name) != 0;
                char *note;
                /* a server that refuses to start is worse than one that starts with a warning:
                 * such a trade is proposed, and said (issue #23, "complete fixes") */
                bool trade = !brings && f->refuses_start && fresh->severity < SEV_ERROR &&
                             !fresh->refuses_start;
                if (trade) { /* said once; the configuration does not change: still stable */
                    note = xasprintf("Applied, it raises %s (%s), a %s: the server starts, and "
                                     "that finding says what to do next.",
                                     fresh->rule_id, fresh->title, severity_name(fresh->severity));
                    if (!f->fix_note || !strstr(f->fix_note, note)) {
                        finding_note_fix(f, note);
                        finding_render_suggestion(f);
                    }
                    free(note);
                    break;
                }
                if (brings) {
                    for (size_t own = 0; own < fresh->n_fixes; own++) {
                        finding_add_fix(f, fresh->fixes[own].name, fresh->fixes[own].value,
                                        fresh->fixes[own].applies);
                        f->fixes[f->n_fixes - 1].companion = true;
                        f->fixes[f->n_fixes - 1].written_line = fresh->fixes[own].written_line;
                        if (fresh->fixes[own].unsafe)
                            finding_fix_unsafe(f, f->n_fixes - 1, fresh->fixes[own].why);
                    }
                    note = xasprintf("It comes with %s = %s, so that %s (%s) does not follow.",
                                     fresh->fixes[0].name, fresh->fixes[0].value, fresh->rule_id,
                                     fresh->title);
                } else {
                    note = xasprintf("%s = %s is not proposed: applied, it raises %s (%s).",
                                     f->fixes[fix_idx].name, f->fixes[fix_idx].value,
                                     fresh->rule_id, fresh->title);
                    finding_drop_fix(f, fix_idx);
                }
                finding_note_fix(f, note);
                free(note);
                finding_render_suggestion(f);
                changed = true;
                break;
            }
        }
    (void)input;
    return changed;
}

/* The same changes with other values: the fixed configuration's answer replaces the first. */
static bool refresh_values(Finding *f, const Finding *fresh)
{
    if (fresh->n_fixes != f->n_fixes)
        return false;
    bool differs = false;
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        if (strcasecmp(f->fixes[idx].name, fresh->fixes[idx].name) || f->fixes[idx].remove ||
            f->fixes[idx].companion)
            return false;
        differs = differs || strcmp(f->fixes[idx].value, fresh->fixes[idx].value);
    }
    if (!differs)
        return false;
    for (size_t idx = 0; idx < f->n_fixes; idx++) {
        f->fixes[idx].value = finding_strdup(f, fresh->fixes[idx].value);
    }
    finding_render_suggestion(f);
    return true;
}

/* ---- the worst case of memory: a raise checked against the sum it adds to ---- */

/* The rules that add up the worst case of memory against the host's RAM (docs/lint.md, PK2001 and
 * PK2002): their parameters are the sum's terms. */
static const char *const WORST_CASE[] = {"PK2001", "PK2002"};

static const Finding *worst_case_in(const FindingList *list)
{
    for (size_t idx = 0; idx < list->n; idx++)
        for (size_t rule = 0; rule < sizeof(WORST_CASE) / sizeof(WORST_CASE[0]); rule++)
            if (!strcmp(list->items[idx].rule_id, WORST_CASE[rule]))
                return &list->items[idx];
    return NULL;
}

static bool is_worst_case(const Finding *f)
{
    for (size_t rule = 0; rule < sizeof(WORST_CASE) / sizeof(WORST_CASE[0]); rule++)
        if (!strcmp(f->rule_id, WORST_CASE[rule]))
            return true;
    return false;
}

/* A fix that raises a term of the worst-case sum: its parameter, the value now and the one
 * proposed (in the parameter's base unit). */
static const CatalogParam *raised_term(const Snapshot *snap, const RuleSet *rules,
                                       const FindingFix *fix, double *from, double *to)
{
    GucValue val;
    const CatalogParam *param = fix_param(snap, fix->name);
    const SnapSetting *cur = param ? snapshot_get(snap, param->name) : NULL;
    if (fix->remove || !param || (param->type != GUC_INTEGER && param->type != GUC_REAL) || !cur ||
        !cur->parsed_ok || !parse_fix(snap, fix, &val) || val.num <= cur->parsed.num)
        return NULL;
    for (size_t rule = 0; rule < sizeof(WORST_CASE) / sizeof(WORST_CASE[0]); rule++) {
        const Rule *r = rule_set_find(rules, WORST_CASE[rule]);
        for (size_t idx = 0; r && idx < r->n_params; idx++)
            if (!strcasecmp(r->params[idx], param->name)) {
                *from = cur->parsed.num;
                *to = val.num;
                return param;
            }
    }
    return NULL;
}

/* Does the fixed configuration, with `fix` set to `value`, keep clear of the worst case? */
/* Lints the configuration with every fix applied and `fix` set to `value` instead, into `sim`
 * (the caller frees its arena); `fix` keeps its own value afterwards. */
static void simulate_with(const LintInput *input, Finding *items, const size_t *ranges,
                          const RuleSet *rules, const EngineOpts *eopts, FindingFix *fix,
                          char *value, FindingList *sim)
{
    char *was = fix->value;
    fix->value = value;
    Touched touched = {0};
    lint_simulated(input, items, ranges, rules, eopts, sim, &touched);
    free(touched.names);
    fix->value = was;
}

static bool fits(const LintInput *input, Finding *items, const size_t *ranges, const RuleSet *rules,
                 const EngineOpts *eopts, FindingFix *fix, char *value)
{
    FindingList sim = {0};
    simulate_with(input, items, ranges, rules, eopts, fix, value, &sim);
    bool clear = !worst_case_in(&sim);
    arena_free(sim.arena);
    return clear;
}

/* Does `f` stand without its own raise `fix`, the other changes applied? A raise a worst-case
 * fix makes moot (PK4014's autovacuum_work_mem = 1GB once PK2001 lowers maintenance_work_mem
 * below 1GB) would only add to the sum again. */
static bool cleared_by_others(const LintInput *input, Finding *items, const size_t *ranges,
                              const RuleSet *rules, const EngineOpts *eopts, const Finding *f,
                              FindingFix *fix)
{
    const SnapSetting *cur = snapshot_get(&input->snap, fix->name);
    if (!cur)
        return false;
    char *now = xstrdup(cur->value); /* the fix as no change at all */
    FindingList sim = {0};
    simulate_with(input, items, ranges, rules, eopts, fix, now, &sim);
    bool cleared = true;
    for (size_t idx = 0; cleared && idx < sim.n; idx++)
        cleared = !same_finding(f, &sim.items[idx]);
    arena_free(sim.arena);
    free(now);
    return cleared;
}

/* The value `eighths`/8 of the way from `from` to `to`, rounded down to a step a DBA writes
 * (128MB, 16MB or 1MB for a size; a whole number otherwise); NULL when it is no raise. */
static char *part_of_raise(const CatalogParam *param, double from, double to, int eighths)
{
    double value = from + (to - from) * eighths / 8.0;
    double bytes = unit_bytes(param);
    if (bytes > 0) {
        double span = (to - from) * bytes;
        double step = (span >= 1024.0 * 1048576  ? 128.0
                       : span >= 128.0 * 1048576 ? 16.0
                                                 : 1.0) *
                      1048576 / bytes;
        if (step >= 1)
            value = floor(value / step) * step;
    }
    if (param->type == GUC_INTEGER)
        value = floor(value);
    if (value <= from)
        return NULL;
    GucValue val = {.type = param->type, .num = value};
    return guc_value_pretty(param, &val);
}

/* A raise of a term of the worst-case sum (PK2004's shared_buffers) while a worst-case finding
 * fires on the fixed configuration makes that worst case worse: the raise is lowered to the most
 * that keeps clear of it, simulated as any fix is, or not offered, and the note says which. A
 * worst-case rule's own fixes lower the sum and are not judged here. */
static bool settle_memory(const LintInput *input, Finding *items, const size_t *ranges,
                          const FindingList *sim, const RuleSet *rules, const EngineOpts *eopts)
{
    const Finding *worst = worst_case_in(sim);
    /* a worst case whose own remedy needs --unsafe-fixes may well stay: the simulation, which
     * applies it, cannot show that the raise fits (review 2026-12zc, h30c 28: fix
     * --min-severity notice raised shared_buffers under PK2001's error) */
    bool kept = false;
    for (int range = 0; !worst && range < 2; range++)
        for (size_t idx = ranges[2 * range]; !worst && idx < ranges[2 * range + 1]; idx++) {
            bool unsafe = items[idx].n_fixes > 0;
            for (size_t fix_idx = 0; fix_idx < items[idx].n_fixes; fix_idx++)
                unsafe = unsafe && items[idx].fixes[fix_idx].unsafe;
            if (is_worst_case(&items[idx]) && unsafe) {
                worst = &items[idx];
                kept = true;
            }
        }
    if (!worst)
        return false;
    for (int range = 0; range < 2; range++)
        for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++) {
            Finding *f = &items[idx];
            if (is_worst_case(f))
                continue;
            for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++) {
                double from, to;
                FindingFix *fix = &f->fixes[fix_idx];
                const CatalogParam *param = raised_term(&input->snap, rules, fix, &from, &to);
                if (!param)
                    continue;
                if (!kept && cleared_by_others(input, items, ranges, rules, eopts, f, fix)) {
                    char *why = xasprintf("%s = %s is not needed: with the other changes applied, "
                                          "this finding no longer fires.",
                                          fix->name, fix->value);
                    finding_drop_fix(f, fix_idx);
                    finding_note_fix(f, why);
                    free(why);
                    finding_render_suggestion(f);
                    return true;
                }
                /* the largest eighth of the raise that fits: the smallest first, then halving */
                int low = 0, high = kept ? 0 : 8;
                while (high - low > 1) {
                    int mid = low == 0 ? 1 : (low + high) / 2;
                    char *value = part_of_raise(param, from, to, mid);
                    bool ok = value && fits(input, items, ranges, rules, eopts, fix, value);
                    free(value);
                    if (ok)
                        low = mid;
                    else
                        high = mid;
                    if (!ok && low == 0)
                        break;
                }
                char *value = low ? part_of_raise(param, from, to, low) : NULL;
                char *note;
                if (value) {
                    note = xasprintf("%s = %s rather than %s: more raises the worst case of memory "
                                     "into %s (%s).",
                                     fix->name, value, fix->value, worst->rule_id, worst->title);
                    fix->value = finding_take(f, value);
                    f->suggestion_tail = NULL; /* it spoke of the value not proposed */
                    fix->unsafe = false;       /* judged again, for the value proposed now */
                    fix->why = NULL;
                    fix_safety_judge(&input->snap, f);
                } else {
                    /* never a warning with no way out: the worst case's own remedy frees the
                     * room the raise needs, and is named with it */
                    /* the worst case's remedy as the configuration stands, checked: the
                     * simulated one, with the raise applied, lists values already set (review
                     * 2026-12zh, h39a 14) */
                    const Finding *remedy = worst;
                    for (int r = 0; r < 2 && remedy == worst; r++)
                        for (size_t at = ranges[2 * r]; at < ranges[2 * r + 1]; at++)
                            if (!strcmp(items[at].rule_id, worst->rule_id)) {
                                remedy = &items[at];
                                break;
                            }
                    /* a remedy with no change of its own left is its alternative alone
                     * ("put a connection pooler in front"), as the report will show it */
                    const char *how = remedy->suggestion;
                    if (how && !remedy->n_fixes && remedy->suggestion_tail &&
                        !strcmp(how, remedy->suggestion_tail +
                                         strspn(remedy->suggestion_tail, ",;. "))) {
                        const char *other = strstr(how, ", or ");
                        how = other ? other + strlen(", or ") : NULL;
                    }
                    note = how && *how
                               ? xasprintf("%s = %s waits on %s (%s): any raise of %s adds to "
                                           "that worst case of memory. Make %s's change first "
                                           "(%s), then write %s = %s.",
                                           fix->name, fix->value, worst->rule_id, worst->title,
                                           fix->name, worst->rule_id, how, fix->name, fix->value)
                               : xasprintf("%s = %s is not proposed: any raise of %s adds to the "
                                           "worst case of memory, and %s (%s) fires with it.",
                                           fix->name, fix->value, fix->name, worst->rule_id,
                                           worst->title);
                    /* a raise lowered in an earlier round and held now: the lowering's note
                     * spoke of a value no longer proposed */
                    if (kept && f->fix_note && strstr(f->fix_note, " rather than "))
                        f->fix_note = NULL;
                    finding_drop_fix(f, fix_idx);
                    /* what came along with the raise goes with it */
                    bool alone = true;
                    for (size_t other = 0; other < f->n_fixes; other++)
                        alone = alone && f->fixes[other].companion;
                    if (alone && f->n_fixes) { /* and the note that said it came along */
                        f->fix_note = NULL;
                        for (size_t other = f->n_fixes; other-- > 0;)
                            finding_drop_fix(f, other);
                    }
                }
                finding_note_fix(f, note);
                free(note);
                finding_render_suggestion(f);
                return true;
            }
        }
    return false;
}

/* A fix that leaves its finding standing is not the whole answer: unsafe, and said so. */
static void stands_after_fix(Finding *f)
{
    finding_note_fix(f, "This change alone is not enough: with it applied, the finding still "
                        "fires, and more must change.");
    for (size_t fix_idx = 0; fix_idx < f->n_fixes; fix_idx++)
        finding_fix_unsafe(f, fix_idx,
                           "applied, it does not clear this finding by itself: more must change, "
                           "which pgknob cannot choose.");
}

static void verify(LintResult *res, size_t input_idx, const RuleSet *rules, const EngineOpts *eopts)
{
    const LintInput *input = &res->inputs[input_idx];
    Finding *items = res->findings.items;
    size_t ranges[4] = {input->validation_begin, input->validation_end, input->rules_begin,
                        input->rules_end};
    for (int round = 0; round < 4; round++) {
        FindingList sim = {0};
        Touched touched = {0};
        lint_simulated(input, items, ranges, rules, eopts, &sim, &touched);
        /* a raise into the worst case of memory first: lowered, it may fit (settle_new would
         * only drop it) */
        bool changed = round < 3 && settle_memory(input, items, ranges, &sim, rules, eopts);
        for (size_t idx = 0; idx < sim.n && !changed; idx++) {
            Finding *fresh = &sim.items[idx];
            if ((fresh->severity >= SEV_WARNING || fresh->refuses_start) &&
                !in_ranges(items, ranges, fresh)) {
                Finding *was = replaced_by(&input->snap, items, ranges, &sim, fresh);
                if (was) { /* said where it was: the fixes bring it down to this one */
                    char *note =
                        xasprintf("Applied, it falls to %s (%s), a %s, which says what to do next.",
                                  fresh->rule_id, fresh->title, severity_name(fresh->severity));
                    if (was->n_fixes)
                        finding_note_fix(was, note);
                    free(note);
                    continue;
                }
                fix_check_fresh(&input->snap, fresh);
                changed = settle_new(input, items, ranges, fresh, round == 3);
            }
        }
        /* a finding whose fix was computed from a value another fix changes (PK2008's
         * effective_cache_size from a shared_buffers PK2003 raises) takes the value its rule
         * gives on the fixed configuration, rather than standing */
        for (int range = 0; range < 2 && !changed && round < 3; range++)
            for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++)
                for (size_t again = 0; items[idx].n_fixes && again < sim.n; again++)
                    if (same_finding(&items[idx], &sim.items[again]) &&
                        refresh_values(&items[idx], &sim.items[again]))
                        changed = true;
        if (!changed) { /* stable: say which findings the fixes leave standing */
            for (int range = 0; range < 2; range++)
                for (size_t idx = ranges[2 * range]; idx < ranges[2 * range + 1]; idx++) {
                    bool stands =
                        items[idx].n_fixes && stands_unevaluated(&items[idx], rules, &touched);
                    for (size_t again = 0; items[idx].n_fixes && again < sim.n && !stands; again++)
                        stands = same_finding(&items[idx], &sim.items[again]);
                    if (stands)
                        stands_after_fix(&items[idx]);
                    /* its value lost to another finding's (PK3026's 4GB to PK0011's converted
                     * max_wal_size): the note names the value applied, which does not clear it */
                    bool lost = !items[idx].n_fixes && items[idx].fix_note &&
                                strstr(items[idx].fix_note, LOST_TO);
                    for (size_t again = 0; lost && again < sim.n; again++)
                        if (same_finding(&items[idx], &sim.items[again])) {
                            finding_note_fix(&items[idx],
                                             "With that value this finding still fires: its own "
                                             "value is a further change to weigh.");
                            break;
                        }
                }
            arena_free(sim.arena);
            free(touched.names);
            return;
        }
        arena_free(sim.arena);
        free(touched.names);
    }
}
