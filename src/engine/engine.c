/* Rule evaluation: a condition that is true makes a finding with its message, suggestion, links,
 * settings (with file:line) and evidence; a condition that depends on a missing fact makes a
 * skipped entry naming the facts, never a guess. */
#include "engine/engine.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "catalog/value.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

static void skipped_add(SkippedList *list, const Rule *rule, const char *needs)
{
    Arena *a = arena_get(&list->arena);
    ARENA_GROW(a, list->items, list->n, list->cap);
    list->items[list->n++] = (SkippedRule){.rule_id = arena_strdup(a, rule->id),
                                           .title = arena_strdup(a, rule->title),
                                           .needs = arena_strdup(a, needs)};
}

/* Renders into `sb`; false when a value is missing or evaluation failed (env says which). */
static bool render_into(const Template *tpl, ExprEnv *env, StrBuf *sb)
{
    for (size_t part_idx = 0; part_idx < tpl->n_parts; part_idx++) {
        const TemplatePart *part = &tpl->parts[part_idx];
        if (part->text) {
            sb_put(sb, part->text);
            continue;
        }
        ExprValue val;
        if (!expr_eval(part->expr, env, &val) || val.missing)
            return false;
        expr_value_render(&val, sb);
    }
    return true;
}

char *engine_render(const Template *tpl, const Snapshot *snap)
{
    ExprEnv env = {.snap = snap};
    StrBuf sb = STRBUF_INIT;
    bool ok = render_into(tpl, &env, &sb);
    expr_env_clear(&env);
    if (!ok) {
        sb_free(&sb);
        return NULL;
    }
    return sb.data ? sb_detach(&sb) : xstrdup("");
}

static char *join_missing(const ExprEnv *env)
{
    if (env->error)
        return xstrdup(env->error);
    StrBuf sb = STRBUF_INIT;
    for (size_t idx = 0; idx < env->n_missing; idx++) {
        if (idx)
            sb_put(&sb, ", ");
        sb_put(&sb, env->missing[idx]);
    }
    return sb.data ? sb_detach(&sb) : xstrdup("an unknown fact");
}

/* Where `name` first stands as a whole word in `text`; -1 when it does not. */
static long word_at(const char *text, const char *name)
{
    size_t len = strlen(name);
    for (const char *hit = text ? strstr(text, name) : NULL; hit; hit = strstr(hit + 1, name)) {
        bool starts = hit == text || !(isalnum((unsigned char)hit[-1]) || hit[-1] == '_');
        bool ends = !(isalnum((unsigned char)hit[len]) || hit[len] == '_');
        if (starts && ends)
            return hit - text;
    }
    return -1;
}

/* The finding points at the line of the rule's `anchor` when the file sets it (a sum points at
 * its largest term), else of the setting its message leads with (the set parameter named first
 * in it), else at the first set parameter of the rule's list: a message that opens with
 * max_replication_slots points at that line, not at wal_level's above it. */
static void add_settings(Finding *f, const Rule *rule, const Snapshot *snap, const char *anchor)
{
    long best = -1;
    for (size_t param_idx = 0; param_idx < rule->n_params; param_idx++) {
        const SnapSetting *setting = snapshot_get(snap, rule->params[param_idx]);
        if (!setting)
            continue;
        const char *file = setting->source != SRC_DEFAULT ? setting->file : NULL;
        finding_add_setting(f, setting->name, setting->value ? setting->value : "", file,
                            file ? setting->line : 0);
        if (!file) {
            f->settings[f->n_settings - 1].default_by = finding_strdup(f, setting->default_by);
            continue;
        }
        /* the anchor comes first, wherever the message names it */
        long at =
            anchor && !strcasecmp(anchor, setting->name) ? 0 : word_at(f->message, setting->name);
        bool first = !f->file, earlier = at >= 0 && (best < 0 || at < best);
        if (first || earlier) {
            if (first || strcmp(f->file, file))
                f->file = finding_strdup(f, file);
            f->line = setting->line;
            if (at >= 0)
                best = at;
        }
    }
    /* an anchor outside the rule's list, which the file sets (PK3027 said of
     * synchronous_standby_names: review 2026-12zo, h59c 41, at wal_level's line): listed, and
     * the finding at its line */
    bool listed = false;
    for (size_t param_idx = 0; anchor && param_idx < rule->n_params && !listed; param_idx++)
        listed = !strcasecmp(anchor, rule->params[param_idx]);
    const SnapSetting *outside = anchor && !listed ? snapshot_get(snap, anchor) : NULL;
    if (outside && outside->source != SRC_DEFAULT && outside->file) {
        finding_add_setting(f, outside->name, outside->value ? outside->value : "", outside->file,
                            outside->line);
        if (!f->file || strcmp(f->file, outside->file))
            f->file = finding_strdup(f, outside->file);
        f->line = outside->line;
    }
}

static void add_evidence(Finding *f, const ExprEnv *env, const Snapshot *snap)
{
    for (size_t idx = 0; idx < env->n_evidence_used; idx++) {
        const Evidence *ev = snapshot_evidence(snap, env->evidence_used[idx]);
        if (ev)
            finding_add_evidence(f, ev->text ? ev->text : ev->key);
    }
}

/* Message, suggestion, fix values and links; false (with env's missing list) when one cannot be
 * rendered. */
static bool render_texts(const Rule *rule, ExprEnv *env, bool fragment, char **message,
                         char **suggestion, char **fix_values, StrBuf *links)
{
    const RuleDetail *detail = rule_detail(rule);
    StrBuf msg = STRBUF_INIT, sugg = STRBUF_INIT, unsafe = STRBUF_INIT;
    bool ok = render_into(&detail->message, env, &msg) &&
              render_into(&detail->suggestion, env, &sugg) &&
              render_into(&detail->unsafe, env, &unsafe);
    for (size_t doc_idx = 0; ok && doc_idx < detail->n_docs; doc_idx++) {
        ok = render_into(&detail->docs[doc_idx], env, links);
        sb_putc(links, '\n');
    }
    for (size_t fix_idx = 0; ok && fix_idx < detail->n_fixes; fix_idx++) {
        StrBuf value = STRBUF_INIT;
        size_t missing_before = env->n_missing;
        bool rendered = render_into(&detail->fixes[fix_idx].value, env, &value);
        /* a fragment leaves some settings to the rest of the configuration: a fix of one it
         * does not set is not offered, and the finding stands on what the fragment decides
         * (realworld review rwm 01: PK4012 on autovacuum_freeze_max_age alone) */
        if (!rendered && fragment && env->n_missing > missing_before) {
            fix_values[fix_idx] = NULL;
            sb_free(&value);
            continue;
        }
        ok = rendered;
        fix_values[fix_idx] = value.data ? sb_detach(&value) : xstrdup("");
        sb_free(&value);
    }
    /* after the fixes' values: the slot past them holds why they are unsafe ("" when safe) */
    fix_values[detail->n_fixes] = unsafe.data ? sb_detach(&unsafe) : xstrdup("");
    sb_free(&unsafe);
    *message = ok && msg.data ? sb_detach(&msg) : NULL;
    *suggestion = ok && sugg.data ? sb_detach(&sugg) : NULL;
    sb_free(&msg);
    sb_free(&sugg);
    return ok;
}

/* The rule's fixes, with what applying each takes in the target catalog; the suggestion is then
 * the changes followed by the rule's own words. */
static void add_fixes(Finding *f, const Rule *rule, const Snapshot *snap, char **fix_values,
                      char *suggestion)
{
    const RuleDetail *detail = rule_detail(rule);
    for (size_t fix_idx = 0; fix_idx < detail->n_fixes; fix_idx++) {
        const CatalogParam *param = catalog_find(snap->catalog, detail->fixes[fix_idx].name);
        if (param && fix_values[fix_idx]) { /* the loader checked every claimed version */
            finding_add_fix(f, param->name, fix_values[fix_idx],
                            catalog_context_applies(param->context));
            if (fix_values[detail->n_fixes] && *fix_values[detail->n_fixes])
                finding_fix_unsafe(f, f->n_fixes - 1, fix_values[detail->n_fixes]);
        }
    }
    f->suggestion = finding_take(f, suggestion);
    if (!detail->n_fixes)
        return;
    f->suggestion_tail = f->suggestion;
    f->suggestion = NULL;
    finding_render_suggestion(f);
}

typedef struct DefaultsOnly {
    const Snapshot *snap;
    const Rule *rule;
    bool all;
    bool lowered; /* one counted as the default because it was written below it */
} DefaultsOnly;

/* A setting the rule names in milder_below_default, written below its built-in default: the
 * change makes the case milder (a smaller term of a sum), so it earns no more than the default. */
static bool milder_below_default(const DefaultsOnly *ctx, const SnapSetting *setting)
{
    bool named = false;
    for (size_t idx = 0; idx < ctx->rule->n_milder_below_default && !named; idx++)
        named = !strcmp(ctx->rule->milder_below_default[idx], setting->name);
    if (!named || !setting->param || !setting->parsed_ok || !setting->param->boot_val ||
        (setting->param->type != GUC_INTEGER && setting->param->type != GUC_REAL))
        return false;
    GucValue def;
    /* a negative default is a switch (-1: use another setting), not a point on the scale */
    return guc_parse_boot_value(setting->param, ctx->snap->pg_major, setting->param->boot_val,
                                &def) &&
           def.num >= 0 && setting->parsed.num >= 0 && setting->parsed.num < def.num;
}

/* A value written in a file but equal to the built-in default counts as the default; an
 * operator's own default (CloudNativePG's wal_keep_size = 512MB) is the operator's choice, not
 * PostgreSQL's, and counts as written (review 2026-12zh, h39c 37: a 250Mi volume's WAL called
 * "built-in defaults" and lowered to a notice). */
static void check_default(const char *name, void *arg)
{
    DefaultsOnly *ctx = arg;
    const SnapSetting *setting = snapshot_get(ctx->snap, name);
    if (!setting || (setting->source == SRC_DEFAULT && !setting->default_by))
        return;
    bool same = false;
    if (setting->param && setting->parsed_ok && setting->param->boot_val) {
        char *text = guc_value_to_setting(setting->param, &setting->parsed);
        same = !strcmp(text, setting->param->boot_val);
        free(text);
    }
    if (!same && milder_below_default(ctx, setting)) {
        ctx->lowered = true;
        return;
    }
    if (!same)
        ctx->all = false;
}

/* A written numeric value that lies between the built-in default and the value the fix
 * proposes (both included): someone moved it toward the advice, so it is no further from it than
 * the default is. */
static bool toward_fix(const Snapshot *snap, const char *name, const char *fix_value)
{
    const SnapSetting *setting = snapshot_get(snap, name);
    if (!setting || setting->source == SRC_DEFAULT || !setting->param || !setting->parsed_ok ||
        !setting->param->boot_val ||
        (setting->param->type != GUC_INTEGER && setting->param->type != GUC_REAL))
        return false;
    GucValue def, target;
    if (!guc_parse_boot_value(setting->param, snap->pg_major, setting->param->boot_val, &def) ||
        !fix_value ||
        !guc_parse_value_for(setting->param, snap->pg_major, fix_value, &target, NULL))
        return false;
    /* a negative default is a switch (-1: off, or "use another setting"), not a point on the
     * value's scale: nothing lies between it and the advice */
    if (def.num < 0 || target.num < 0)
        return false;
    /* the default itself is not "moved toward" the advice: the rule's other inputs decide */
    if (!(setting->parsed.num < def.num || setting->parsed.num > def.num))
        return false;
    double lo = def.num < target.num ? def.num : target.num;
    double hi = def.num < target.num ? target.num : def.num;
    return setting->parsed.num >= lo && setting->parsed.num <= hi;
}

/* The severity policy (docs/lint.md, "Severity"): a finding about built-in defaults alone is
 * tuning advice, never above notice, and so is a written value no further from the fix than the
 * default (severity grows with the distance from the advice, never more for a closer value);
 * live evidence or any other value someone wrote keeps the rule's level. */
static Severity policy_severity(const Rule *rule, const Snapshot *snap, ExprEnv *env,
                                char **fix_values, bool *defaults, bool *lowered)
{
    *defaults = false;
    *lowered = false;
    if (rule->severity <= SEV_NOTICE)
        return rule->severity;
    ExprValue lower;
    if (rule->notice_when && expr_eval(rule->notice_when, env, &lower) && !lower.missing &&
        lower.boolean)
        return SEV_NOTICE;
    if (snap->live || env->n_evidence_used)
        return rule->severity;
    DefaultsOnly ctx = {snap, rule, true, false};
    expr_visit_params(rule->condition, check_default, &ctx);
    for (size_t idx = 0; idx < rule->n_lets; idx++)
        if (rule->let_exprs[idx])
            expr_visit_params(rule->let_exprs[idx], check_default, &ctx);
    /* a worst case of memory beyond a limit the project itself sets (a pod's, a compose
     * service's) is the kernel's OOM kill waiting, not tuning advice about defaults: it keeps
     * its level (review 2026-12zh, h40b 23: 3x a 100MB container a notice; h39c 37) */
    static const char *const worst_case[] = {"PK2001", "PK2002"};
    for (size_t idx = 0; ctx.all && snap->host.ram_is_limit && idx < 2; idx++)
        if (!strcmp(rule->id, worst_case[idx]))
            ctx.all = false;
    if (ctx.all) {
        *defaults = true;
        *lowered = ctx.lowered;
        return SEV_NOTICE;
    }
    const RuleDetail *detail = rule_detail(rule);
    if (!detail->n_fixes || !fix_values)
        return rule->severity;
    for (size_t idx = 0; idx < detail->n_fixes; idx++)
        if (!toward_fix(snap, detail->fixes[idx].name, fix_values[idx]))
            return rule->severity;
    return SEV_NOTICE;
}

static void make_finding(const Rule *rule, const Snapshot *snap, ExprEnv *env, char *message,
                         char *suggestion, char **fix_values, const StrBuf *links,
                         FindingList *findings)
{
    bool defaults, lowered;
    Severity severity = policy_severity(rule, snap, env, fix_values, &defaults, &lowered);
    Finding *f = findings_add(findings, rule->id, rule->name, severity, rule->category);
    if (severity != rule->severity)
        f->rule_severity = rule->severity;
    /* say why a finding whose message reads like its rule's level is a notice (review
     * 2026-12zd, h31b: 162% of a container's memory "more than the RAM itself", a notice) */
    if (defaults && lowered)
        f->hint =
            finding_printf(f,
                           "A notice, not %s %s: every setting it reads holds PostgreSQL's "
                           "built-in default value (unset, or written with that value) or "
                           "was lowered below it, which makes the case "
                           "milder, and pgknob reports a default as tuning advice; what it "
                           "says still holds.",
                           rule->severity == SEV_ERROR ? "an" : "a", severity_name(rule->severity));
    else if (defaults)
        f->hint =
            finding_printf(f,
                           "A notice, not %s %s: every setting it reads holds PostgreSQL's "
                           "built-in default value (unset, or written with that value), and "
                           "pgknob reports a default as tuning "
                           "advice; what it says still holds.",
                           rule->severity == SEV_ERROR ? "an" : "a", severity_name(rule->severity));
    f->title = finding_strdup(f, rule->title);
    f->message = message ? finding_take(f, message) : finding_strdup(f, rule->title);
    add_fixes(f, rule, snap, fix_values, suggestion);
    f->explanation = finding_take(f, rule_explanation(rule, snap->pg_major));
    f->risk = finding_strdup(f, rule->risk);
    StrBuf anchor = STRBUF_INIT;
    const RuleDetail *detail = rule_detail(rule);
    bool anchored = detail->anchor.n_parts && render_into(&detail->anchor, env, &anchor);
    add_settings(f, rule, snap, anchored ? sb_str(&anchor) : NULL);
    sb_free(&anchor);
    add_evidence(f, env, snap);
    char *copy = xstrdup(sb_str(links)), *save = NULL;
    for (char *url = strtok_r(copy, "\n", &save); url; url = strtok_r(NULL, "\n", &save))
        finding_add_link(f, url);
    free(copy);
}

EngineResult engine_eval_rule(const Rule *rule, const Snapshot *snap, FindingList *findings,
                              SkippedList *skipped)
{
    if (!rule_claims(rule, snap->pg_major))
        return ENGINE_NOT_APPLICABLE;
    ExprEnv env = {.snap = snap};
    ExprValue val;
    EngineResult result = ENGINE_NOT_FIRED;
    bool ok = expr_eval(rule->condition, &env, &val);
    char *message = NULL, *suggestion = NULL;
    StrBuf links = STRBUF_INIT;
    if (ok && !val.missing && val.boolean) {
        /* only now: a rule that does not fire never needs its detail decoded */
        size_t n_fixes = rule_detail(rule)->n_fixes;
        char **fix_values = xcalloc(n_fixes + 1, sizeof(char *));
        ok = render_texts(rule, &env, snap->fragment, &message, &suggestion, fix_values, &links);
        if (ok)
            make_finding(rule, snap, &env, message, suggestion, fix_values, &links, findings);
        else {
            free(message);
            free(suggestion);
        }
        result = ENGINE_FIRED;
        for (size_t fix_idx = 0; fix_idx <= n_fixes; fix_idx++)
            free(fix_values[fix_idx]);
        free(fix_values);
    }
    if (!ok || val.missing) {
        char *needs = join_missing(&env);
        skipped_add(skipped, rule, needs);
        free(needs);
        result = ENGINE_SKIPPED;
    }
    sb_free(&links);
    expr_env_clear(&env);
    return result;
}

static bool is_disabled(const Rule *rule, const EngineOpts *opts)
{
    for (size_t idx = 0; opts && idx < opts->n_disabled; idx++)
        if (!strcasecmp(opts->disabled[idx], rule->id) || !strcmp(opts->disabled[idx], rule->name))
            return true;
    return false;
}

void engine_run(const RuleSet *rules, const Snapshot *snap, const EngineOpts *opts,
                FindingList *findings, SkippedList *skipped)
{
    for (size_t rule_idx = 0; rule_idx < rules->n; rule_idx++)
        if (!is_disabled(&rules->rules[rule_idx], opts))
            engine_eval_rule(&rules->rules[rule_idx], snap, findings, skipped);
}
