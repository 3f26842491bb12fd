/* The functions of the rule expression language: their type rules and their evaluation. */
#include "rules/expr.intern.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

#define REGEX_MATCH_LIMIT 100000
#define REGEX_DEPTH_LIMIT 10000

static bool is_numeric(ExprType type)
{
    return type == EXPR_T_NUM || type == EXPR_T_BYTES || type == EXPR_T_DURATION;
}

static bool arg_error(Expr *call, size_t arg_idx, PkDiag *err, const char *want)
{
    return expr_set_error(err, call->args[arg_idx]->offset, NULL,
                          "argument %zu of %s() must be %s, got %s", arg_idx + 1, call->func->name,
                          want, expr_type_name(call->args[arg_idx]->type));
}

static bool check_minmax(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    ExprType first = call->args[0]->type;
    if (!is_numeric(first))
        return arg_error(call, 0, err, "a number, bytes or a duration");
    for (size_t arg_idx = 1; arg_idx < call->n_args; arg_idx++)
        if (call->args[arg_idx]->type != first)
            return arg_error(call, arg_idx, err, expr_type_name(first));
    call->type = first;
    return true;
}

static bool check_floor(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    if (!is_numeric(call->args[0]->type))
        return arg_error(call, 0, err, "a number, bytes or a duration");
    if (call->args[1]->type != call->args[0]->type)
        return arg_error(call, 1, err, expr_type_name(call->args[0]->type));
    call->type = call->args[0]->type;
    return true;
}

static bool check_known(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    if (call->args[0]->type == EXPR_T_REGEX)
        return arg_error(call, 0, err, "a value");
    call->type = EXPR_T_BOOL;
    return true;
}

static bool check_off(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++)
        if (call->args[arg_idx]->kind != EK_PARAM || call->args[arg_idx]->type != EXPR_T_BOOL)
            return arg_error(call, arg_idx, err, "a boolean parameter");
    call->type = EXPR_T_STRING;
    return true;
}

static bool check_if(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    if (call->args[0]->type != EXPR_T_BOOL)
        return arg_error(call, 0, err, "a boolean");
    if (call->args[1]->type != call->args[2]->type || call->args[1]->type == EXPR_T_REGEX)
        return arg_error(call, 2, err, expr_type_name(call->args[1]->type));
    call->type = call->args[1]->type;
    return true;
}

static bool need_param(Expr *call, PkDiag *err)
{
    if (call->args[0]->kind != EK_PARAM)
        return expr_set_error(err, call->args[0]->offset, NULL,
                              "argument 1 of %s() must be a parameter name", call->func->name);
    return true;
}

static bool check_param_bool(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    call->type = EXPR_T_BOOL;
    return need_param(call, err);
}

static bool check_default(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    call->type = call->args[0]->type;
    return need_param(call, err);
}

static bool need_numeric_param(Expr *call, PkDiag *err)
{
    if (!need_param(call, err))
        return false;
    if (!is_numeric(call->args[0]->type))
        return arg_error(call, 0, err, "a numeric parameter");
    return true;
}

static bool check_unitless(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    call->type = EXPR_T_BOOL;
    return need_numeric_param(call, err);
}

static bool check_raw(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    call->type = EXPR_T_NUM;
    return need_numeric_param(call, err);
}

static bool check_matches(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    if (call->args[0]->type != EXPR_T_STRING)
        return arg_error(call, 0, err, "a string");
    if (call->args[1]->kind != EK_REGEX)
        return arg_error(call, 1, err, "a /regex/");
    call->type = EXPR_T_BOOL;
    return true;
}

static bool check_string_list(Expr *call, const Catalog *cat, PkDiag *err)
{
    if (call->args[0]->type != EXPR_T_STRING)
        return arg_error(call, 0, err, "a string");
    for (size_t arg_idx = 1; arg_idx < call->n_args; arg_idx++) {
        if (call->args[arg_idx]->kind != EK_STR)
            return arg_error(call, arg_idx, err, "a string literal");
        if (!strcmp(call->func->name, "one_of") &&
            !expr_check_enum_literal(call->args[0], call->args[arg_idx], cat, err))
            return false;
    }
    call->type = EXPR_T_BOOL;
    return true;
}

/* includes(s, t): two strings of any kind (parameters, text()), a boolean */
static bool check_includes(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    for (size_t arg_idx = 0; arg_idx < 2; arg_idx++)
        if (call->args[arg_idx]->type != EXPR_T_STRING)
            return arg_error(call, arg_idx, err, "a string");
    call->type = EXPR_T_BOOL;
    return true;
}

static bool check_evidence(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    if (call->args[0]->kind != EK_STR)
        return arg_error(call, 0, err, "a string literal (the evidence key)");
    call->type = EXPR_T_NUM;
    return true;
}

static bool check_worst(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    call->type = call->args[0]->type;
    return need_numeric_param(call, err);
}

static bool check_worst_note(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++)
        if (call->args[arg_idx]->kind != EK_PARAM || !is_numeric(call->args[arg_idx]->type))
            return arg_error(call, arg_idx, err, "a numeric parameter");
    call->type = EXPR_T_STRING;
    return true;
}

/* a function of the snapshot with no arguments, of one type */
static bool no_args_of(Expr *call, PkDiag *err, ExprType type)
{
    if (call->n_args)
        return arg_error(call, 0, err, "no argument");
    call->type = type;
    return true;
}

/* shared_memory(): bytes */
static bool check_shared_memory(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    return no_args_of(call, err, EXPR_T_BYTES);
}

/* aio_auto_concurrency(): a number */
static bool check_number_fact(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    return no_args_of(call, err, EXPR_T_NUM);
}

/* text(a, b, …): any values but regexes, rendered as templates render them and joined */
static bool check_text(Expr *call, const Catalog *cat, PkDiag *err)
{
    (void)cat;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++)
        if (call->args[arg_idx]->type == EXPR_T_REGEX)
            return arg_error(call, arg_idx, err, "a value that renders as text");
    call->type = EXPR_T_STRING;
    return true;
}

/* ---- evaluation ---- */

static bool eval_minmax(const Expr *call, ExprEnv *env, ExprValue *out)
{
    bool want_max = !strcmp(call->func->name, "max");
    ExprValue best = {0};
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++) {
        ExprValue val;
        if (!expr_eval_node(call->args[arg_idx], env, &val))
            return false;
        if (val.missing) {
            *out = val;
            return true;
        }
        if (arg_idx == 0 || (want_max ? val.num > best.num : val.num < best.num))
            best = val;
    }
    *out = best;
    return true;
}

/* floor(x, step): x rounded down to a multiple of step (at least one step), so a suggested
 * value is a whole number of units, as postgresql.conf wants unquoted. */
static bool eval_floor(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue step;
    if (!expr_eval_node(call->args[0], env, out) || !expr_eval_node(call->args[1], env, &step))
        return false;
    if (out->missing || step.missing) {
        out->missing = true;
        return true;
    }
    /* an infinite step (1e308 * 10) would halve forever: only finite numbers round */
    if (isfinite(step.num) && isfinite(out->num) && step.num > 0 && out->num > 0) {
        /* below one step, the step halves until an eighth of the value fits it: a quarter of a
         * 500MB machine is 120MB, not the 128MB step, which would raise what the rule lowers */
        double unit = step.num;
        if (out->num < step.num)
            while (unit > out->num / 8 && unit / 2 > 0)
                unit /= 2;
        out->num = floor(out->num / unit) * unit;
    }
    return true;
}

/* known(x): whether x can be evaluated; a missing fact here is not a reason to skip. */
static bool eval_known(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprEnv scratch = {.snap = env->snap};
    ExprValue val;
    bool ok = expr_eval_node(call->args[0], &scratch, &val);
    expr_env_clear(&scratch);
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    out->boolean = ok && !val.missing;
    return true;
}

/* A string computed during evaluation as the value: the environment owns it. */
static void owned_string(ExprEnv *env, StrBuf *sb, ExprValue *out)
{
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_STRING;
    char *text = sb->data ? sb_detach(sb) : xstrdup("");
    env->owned = xrealloc(env->owned, (env->n_owned + 1) * sizeof(char *));
    env->owned[env->n_owned++] = text;
    out->str = text;
}

/* Evaluates argument `idx` of a function that builds a string in `sb`; on failure frees it. */
static bool string_arg(const Expr *call, size_t idx, ExprEnv *env, ExprValue *val, StrBuf *sb)
{
    if (expr_eval_node(call->args[idx], env, val))
        return true;
    sb_free(sb);
    return false;
}

/* off(p, …): the names of the boolean parameters among p, … that are off, comma-separated. */
static bool eval_off(const Expr *call, ExprEnv *env, ExprValue *out)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++) {
        ExprValue val;
        if (!string_arg(call, arg_idx, env, &val, &sb))
            return false;
        if (!val.missing && !val.boolean)
            sb_printf(&sb, "%s%s", sb.len ? ", " : "", call->args[arg_idx]->str);
    }
    owned_string(env, &sb, out);
    return true;
}

static bool eval_if(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue cond;
    if (!expr_eval_node(call->args[0], env, &cond))
        return false;
    if (cond.missing) {
        memset(out, 0, sizeof(*out));
        out->type = call->type;
        out->missing = true;
        return true;
    }
    return expr_eval_node(call->args[cond.boolean ? 1 : 2], env, out);
}

static bool eval_is_set(const Expr *call, ExprEnv *env, ExprValue *out)
{
    const SnapSetting *setting = snapshot_get(env->snap, call->args[0]->str);
    out->type = EXPR_T_BOOL;
    out->boolean = setting && setting->source != SRC_DEFAULT;
    return true;
}

/* A number written in a configuration file without a unit, so read in the parameter's base
 * unit: `wal_keep_size = 10` is 10MB, the slip of a wal_keep_segments count. A live value
 * (pg_settings.setting is always bare) and a default are not a file's choice: false. */
static bool eval_unitless(const Expr *call, ExprEnv *env, ExprValue *out)
{
    const SnapSetting *setting = snapshot_get(env->snap, call->args[0]->str);
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    if (!setting || setting->source != SRC_FILE)
        return true;
    const char *val = setting->value;
    while (*val == ' ' || *val == '\t' || *val == '\'')
        val++;
    if (*val == '+' || *val == '-')
        val++;
    if (!(*val >= '0' && *val <= '9'))
        return true;
    while ((*val >= '0' && *val <= '9') || *val == '.')
        val++;
    while (*val == ' ' || *val == '\t' || *val == '\'')
        val++;
    out->boolean = *val == '\0';
    return true;
}

/* The version's default, parsed from the catalog's boot value. */
static bool default_value(const Expr *param_node, ExprEnv *env, ExprValue *out)
{
    const SnapSetting *setting = snapshot_get(env->snap, param_node->str);
    const CatalogParam *param = setting ? setting->param : NULL;
    memset(out, 0, sizeof(*out));
    out->type = param_node->type;
    GucValue val;
    if (param && param->type == GUC_STRING) {
        out->str = param->boot_val ? param->boot_val : "";
        return true;
    }
    if (!param || !param->boot_val || !guc_parse_value(param, param->boot_val, &val, NULL)) {
        StrBuf fact = STRBUF_INIT;
        sb_put(&fact, "the default of ");
        sb_put(&fact, param_node->str);
        expr_env_add_missing(env, fact.data);
        sb_free(&fact);
        out->missing = true;
        return true;
    }
    expr_value_from_guc(param, &val, out);
    return true;
}

static bool eval_default(const Expr *call, ExprEnv *env, ExprValue *out)
{
    return default_value(call->args[0], env, out);
}

static bool eval_is_default(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue cur, def;
    if (!expr_eval_node(call->args[0], env, &cur) || !default_value(call->args[0], env, &def))
        return false;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    if (cur.missing || def.missing) {
        out->missing = true;
        return true;
    }
    if (cur.type == EXPR_T_STRING)
        out->boolean = !strcasecmp(cur.str ? cur.str : "", def.str ? def.str : "");
    else if (cur.type == EXPR_T_BOOL)
        out->boolean = cur.boolean == def.boolean;
    else
        out->boolean = cur.num <= def.num && cur.num >= def.num;
    return true;
}

static bool eval_raw(const Expr *call, ExprEnv *env, ExprValue *out)
{
    if (!expr_eval_node(call->args[0], env, out))
        return false;
    const SnapSetting *setting = snapshot_get(env->snap, call->args[0]->str);
    if (!out->missing && setting && setting->param)
        out->num /= expr_unit_factor(setting->param->unit);
    out->type = EXPR_T_NUM;
    return true;
}

/* The first argument of a text test (matches, one_of, contains); `out` starts as a boolean,
 * missing when the subject is. False on an evaluation error. */
static bool eval_test_subject(const Expr *call, ExprEnv *env, ExprValue *subject, ExprValue *out)
{
    if (!expr_eval_node(call->args[0], env, subject))
        return false;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    out->missing = subject->missing;
    return true;
}

static bool eval_matches(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue subject;
    if (!eval_test_subject(call, env, &subject, out))
        return false;
    if (out->missing)
        return true;
    const char *text = subject.str ? subject.str : "";
    pcre2_code *re = call->args[1]->regex;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    pcre2_match_context *mc = pcre2_match_context_create(NULL);
    pcre2_set_match_limit(mc, REGEX_MATCH_LIMIT);
    pcre2_set_depth_limit(mc, REGEX_DEPTH_LIMIT);
    int rc = pcre2_match(re, (PCRE2_SPTR)text, strlen(text), 0, 0, md, mc);
    pcre2_match_context_free(mc);
    pcre2_match_data_free(md);
    if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
        PCRE2_UCHAR msg[200];
        pcre2_get_error_message(rc, msg, sizeof(msg));
        free(env->error);
        env->error = xasprintf("regex /%s/ failed: %s", call->args[1]->str, (const char *)msg);
        return false;
    }
    out->boolean = rc >= 0;
    return true;
}

/* Is `item` one element of the comma-separated list `list` (spaces and double quotes trimmed)? A
 * library list's element may carry the $libdir/ prefix and the .so suffix the server adds itself
 * (load_file): '$libdir/pg_stat_statements' is pg_stat_statements (review 2026-12i, h10a 08). */
static bool list_contains(const char *list, const char *item)
{
    size_t item_len = strlen(item);
    const char *pos = list;
    while (*pos) {
        const char *end = strchr(pos, ',');
        if (!end)
            end = pos + strlen(pos);
        const char *start = pos;
        while (start < end && (*start == ' ' || *start == '\t' || *start == '"'))
            start++;
        const char *stop = end;
        while (stop > start && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '"'))
            stop--;
        if (stop - start > 8 && !strncmp(start, "$libdir/", 8) && strncmp(item, "$libdir/", 8))
            start += 8;
        if (stop - start > 3 && !strncmp(stop - 3, ".so", 3) &&
            (item_len < 3 || strcmp(item + item_len - 3, ".so")))
            stop -= 3;
        if ((size_t)(stop - start) == item_len && !strncasecmp(start, item, item_len))
            return true;
        pos = *end ? end + 1 : end;
    }
    return false;
}

static bool eval_string_list(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue subject;
    if (!eval_test_subject(call, env, &subject, out))
        return false;
    if (out->missing)
        return true;
    bool one_of = !strcmp(call->func->name, "one_of");
    const char *text = subject.str ? subject.str : "";
    for (size_t arg_idx = 1; arg_idx < call->n_args && !out->boolean; arg_idx++) {
        const char *item = call->args[arg_idx]->str;
        out->boolean = one_of ? !strcasecmp(text, item) : list_contains(text, item);
    }
    return true;
}

/* includes(s, t): t, not empty, occurs in s (case-sensitive: paths are) */
static bool eval_includes(const Expr *call, ExprEnv *env, ExprValue *out)
{
    ExprValue hay, needle;
    if (!expr_eval_node(call->args[0], env, &hay) || !expr_eval_node(call->args[1], env, &needle))
        return false;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    out->missing = hay.missing || needle.missing;
    if (!out->missing)
        out->boolean = needle.str && *needle.str && hay.str && strstr(hay.str, needle.str);
    return true;
}

static bool eval_evidence(const Expr *call, ExprEnv *env, ExprValue *out)
{
    const char *key = call->args[0]->str;
    const Evidence *ev = snapshot_evidence(env->snap, key);
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_NUM;
    if (!ev) {
        /* put, not printed: a printf was most of a small lint's rule evaluation */
        StrBuf fact = STRBUF_INIT;
        sb_put(&fact, "evidence ");
        sb_put(&fact, key);
        expr_env_add_missing(env, fact.data);
        sb_free(&fact);
        out->missing = true;
        return true;
    }
    expr_env_add_evidence(env, key);
    out->num = ev->value;
    return true;
}

/* The per-role or per-database setting (pg_db_role_setting, audit only) of the parameter that
 * exceeds `*val`, its effective value; NULL when none does. `*val` becomes the largest. */
static const SnapOverride *worst_override(const Expr *param_node, ExprEnv *env, ExprValue *val)
{
    const SnapSetting *setting = snapshot_get(env->snap, param_node->str);
    const SnapOverride *worst = NULL;
    if (!setting || !setting->param || val->missing)
        return NULL;
    for (size_t idx = 0; idx < env->snap->n_overrides; idx++) {
        const SnapOverride *o = &env->snap->overrides[idx];
        if (o->param != setting->param || !o->parsed_ok)
            continue;
        ExprValue candidate;
        expr_value_from_guc(o->param, &o->parsed, &candidate);
        /* the auditing session's own role or database setting is the live value: name it */
        if (candidate.num > val->num ||
            (setting->from_role_db && !worst && candidate.num >= val->num)) {
            val->num = candidate.num;
            worst = o;
        }
    }
    return worst;
}

/* worst(p): the largest of p's effective value and its per-role and per-database settings. */
static bool eval_worst(const Expr *call, ExprEnv *env, ExprValue *out)
{
    if (!expr_eval_node(call->args[0], env, out))
        return false;
    worst_override(call->args[0], env, out);
    return true;
}

/* worst_note(p, …): which role or database settings worst() counts, as the start of a sentence
 * ("role app has work_mem = 1GB (ALTER ROLE app SET), so the worst case counts every session
 * with it: "); empty when worst() is each parameter's own value. */
static bool eval_worst_note(const Expr *call, ExprEnv *env, ExprValue *out)
{
    StrBuf sb = STRBUF_INIT;
    size_t named = 0;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++) {
        ExprValue val;
        if (!string_arg(call, arg_idx, env, &val, &sb))
            return false;
        const SnapOverride *o = worst_override(call->args[arg_idx], env, &val);
        if (!o)
            continue;
        named++;
        char *who = snapshot_override_who(o), *stmt = snapshot_override_statement(o);
        char *shown = guc_value_pretty(o->param, &o->parsed);
        sb_printf(&sb, "%s%s has %s = %s (%s)", sb.len ? " and " : "", who, o->param->name, shown,
                  stmt);
        free(who);
        free(stmt);
        free(shown);
    }
    if (sb.len)
        sb_printf(&sb,
                  ", so the worst case counts every session with %s: ", named > 1 ? "them" : "it");
    owned_string(env, &sb, out);
    return true;
}

/* text(a, b, …): lets a template say a number only where it adds something
 * ("{if($hashes > $sorts, text(' (hash-heavy queries: ', $hashes, ')'), '')}") */
static bool eval_text(const Expr *call, ExprEnv *env, ExprValue *out)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t arg_idx = 0; arg_idx < call->n_args; arg_idx++) {
        ExprValue val;
        if (!string_arg(call, arg_idx, env, &val, &sb))
            return false;
        if (val.missing) {
            sb_free(&sb);
            *out = val;
            out->type = EXPR_T_STRING;
            return true;
        }
        expr_value_render(&val, &sb);
    }
    owned_string(env, &sb, out);
    return true;
}

/* reserved_shared_memory(): the part of shared_memory() min_dynamic_shared_memory reserves
 * (14+), so a rule can name it apart; 0 where there is none or no estimate */
static bool eval_reserved_shared_memory(const Expr *call, ExprEnv *env, ExprValue *out)
{
    (void)call;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BYTES;
    out->num = env->snap->shared_memory_bytes > 0 ? env->snap->shared_memory_reserved : 0;
    return true;
}

/* shared_memory(): what the postmaster maps at startup (shared_buffers, lock tables, per-process
 * state, preloaded modules' tables), as lint estimates it; shared_buffers where it could not */
static bool eval_shared_memory(const Expr *call, ExprEnv *env, ExprValue *out)
{
    (void)call;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BYTES;
    if (env->snap->shared_memory_bytes > 0) {
        out->num = env->snap->shared_memory_bytes;
        return true;
    }
    const SnapSetting *sb = snapshot_get(env->snap, "shared_buffers");
    if (!sb || !sb->param || !sb->parsed_ok) {
        out->missing = true;
        expr_env_add_missing(env, "shared_buffers");
        return true;
    }
    expr_value_from_guc(sb->param, &sb->parsed, out);
    return true;
}

/* aio_auto_concurrency(): the io_max_concurrency an 18 server computes when it is -1 (automatic),
 * as the server does (model/snapshot.h); 0 when it is set to a number; missing before 18, where
 * there is no AIO */
static bool eval_aio_auto_concurrency(const Expr *call, ExprEnv *env, ExprValue *out)
{
    (void)call;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_NUM;
    double procs;
    const SnapSetting *set = snapshot_get(env->snap, "io_max_concurrency");
    if (!snapshot_aio_concurrency(env->snap, &out->num, &procs)) {
        out->missing = true;
        expr_env_add_missing(env, "io_max_concurrency");
    } else if (set->parsed.num >= 0)
        out->num = 0;
    return true;
}

/* max_backends(): MaxBackends of the snapshot's major (model/snapshot.h) */
static bool eval_max_backends(const Expr *call, ExprEnv *env, ExprValue *out)
{
    (void)call;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_NUM;
    if (!snapshot_max_backends(env->snap, &out->num)) {
        out->missing = true;
        expr_env_add_missing(env, "max_connections");
    }
    return true;
}

static const ExprFunc functions[] = {
    {"aio_auto_concurrency", 0, 0, check_number_fact, eval_aio_auto_concurrency},
    {"contains", 2, 0, check_string_list, eval_string_list},
    {"default", 1, 1, check_default, eval_default},
    {"evidence", 1, 1, check_evidence, eval_evidence},
    {"floor", 2, 2, check_floor, eval_floor},
    {"if", 3, 3, check_if, eval_if},
    {"includes", 2, 2, check_includes, eval_includes},
    {"is_default", 1, 1, check_param_bool, eval_is_default},
    {"known", 1, 1, check_known, eval_known},
    {"is_set", 1, 1, check_param_bool, eval_is_set},
    {"matches", 2, 2, check_matches, eval_matches},
    {"max", 1, 0, check_minmax, eval_minmax},
    {"max_backends", 0, 0, check_number_fact, eval_max_backends},
    {"min", 1, 0, check_minmax, eval_minmax},
    {"off", 1, 0, check_off, eval_off},
    {"one_of", 2, 0, check_string_list, eval_string_list},
    {"raw", 1, 1, check_raw, eval_raw},
    {"reserved_shared_memory", 0, 0, check_shared_memory, eval_reserved_shared_memory},
    {"shared_memory", 0, 0, check_shared_memory, eval_shared_memory},
    {"text", 1, 0, check_text, eval_text},
    {"unitless", 1, 1, check_unitless, eval_unitless},
    {"worst", 1, 1, check_worst, eval_worst},
    {"worst_note", 1, 0, check_worst_note, eval_worst_note},
};

const ExprFunc *expr_func_find(const char *name)
{
    for (size_t func_idx = 0; func_idx < sizeof(functions) / sizeof(functions[0]); func_idx++)
        if (!strcmp(functions[func_idx].name, name))
            return &functions[func_idx];
    return NULL;
}

const ExprFunc *expr_func_at(size_t index, const char *name)
{
    if (index < sizeof(functions) / sizeof(functions[0]) && !strcmp(functions[index].name, name))
        return &functions[index];
    return expr_func_find(name);
}

size_t expr_func_index(const ExprFunc *func)
{
    return (size_t)(func - functions);
}
