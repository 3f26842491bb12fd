/* Evaluator of rule expressions over a Snapshot, with three-valued logic for missing facts, and
 * the rendering of values with units for messages. */
#include "rules/expr.intern.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/units.h"
#include "common/fp.h"
#include "common/xalloc.h"

static void add_unique(char ***list, size_t *n, const char *item)
{
    for (size_t item_idx = 0; item_idx < *n; item_idx++)
        if (!strcmp((*list)[item_idx], item))
            return;
    *list = xrealloc(*list, (*n + 1) * sizeof(**list));
    (*list)[(*n)++] = xstrdup(item);
}

void expr_env_add_missing(ExprEnv *env, const char *fact)
{
    add_unique(&env->missing, &env->n_missing, fact);
}

void expr_env_add_evidence(ExprEnv *env, const char *key)
{
    add_unique(&env->evidence_used, &env->n_evidence_used, key);
}

void expr_env_clear(ExprEnv *env)
{
    for (size_t idx = 0; idx < env->n_missing; idx++)
        free(env->missing[idx]);
    free(env->missing);
    for (size_t idx = 0; idx < env->n_evidence_used; idx++)
        free(env->evidence_used[idx]);
    free(env->evidence_used);
    free(env->error);
    for (size_t idx = 0; idx < env->n_owned; idx++)
        free(env->owned[idx]);
    free(env->owned);
    const Snapshot *snap = env->snap;
    memset(env, 0, sizeof(*env));
    env->snap = snap;
}

static void set_missing(ExprValue *out, ExprType type)
{
    memset(out, 0, sizeof(*out));
    out->type = type;
    out->missing = true;
}

static bool eval_host(const Expr *node, ExprEnv *env, ExprValue *out)
{
    static const char *const names[] = {
        [HF_RAM] = "host.ram",
        [HF_CORES] = "host.cores",
        [HF_STORAGE] = "host.storage",
        [HF_KERNEL] = "host.kernel",
        [HF_CONTAINER] = "host.container",
        [HF_IO_URING] = "host.io_uring",
        [HF_SOURCE] = "host.source",
        [HF_DISK] = "host.disk",
        [HF_WAL_DISK] = "host.wal_disk",
        [HF_RAM_CONTAINER] = "host.ram_container",
    };
    const HostFacts *host = &env->snap->host;
    memset(out, 0, sizeof(*out));
    out->type = node->type;
    bool known = true;
    switch (node->host) {
    case HF_RAM:
        out->num = host->ram_bytes;
        known = host->ram_bytes >= 0;
        break;
    case HF_CORES:
        out->num = host->cores;
        known = host->cores >= 0;
        break;
    case HF_STORAGE:
        out->str = host->storage;
        known = host->storage != NULL;
        break;
    case HF_KERNEL:
        out->str = host->kernel;
        known = host->kernel != NULL;
        break;
    case HF_CONTAINER:
        out->boolean = host->container == 1;
        known = host->container >= 0;
        break;
    case HF_IO_URING:
        out->boolean = host->io_uring_allowed == 1;
        known = host->io_uring_allowed >= 0;
        break;
    case HF_SOURCE: out->str = host->source ? host->source : "unknown"; break;
    case HF_DISK:
        out->num = host->disk_bytes;
        known = host->disk_bytes >= 0;
        break;
    case HF_WAL_DISK:
        out->num = host->wal_disk_bytes;
        known = host->wal_disk_bytes >= 0;
        break;
    case HF_RAM_CONTAINER: out->boolean = host->ram_is_container; break;
    }
    if (!known) {
        out->missing = true;
        expr_env_add_missing(env, names[node->host]);
    }
    return true;
}

void expr_value_from_guc(const CatalogParam *param, const GucValue *val, ExprValue *out)
{
    memset(out, 0, sizeof(*out));
    out->type = expr_param_type(param);
    switch (param->type) {
    case GUC_BOOL: out->boolean = val->boolval; break;
    case GUC_INTEGER:
    case GUC_REAL: out->num = val->num * expr_unit_factor(param->unit); break;
    default: out->str = val->enum_val; break;
    }
}

static bool eval_param(const Expr *node, ExprEnv *env, ExprValue *out)
{
    const SnapSetting *setting = snapshot_get(env->snap, node->str);
    if (!setting || !setting->param) {
        char *fact = xasprintf("parameter %s", node->str);
        expr_env_add_missing(env, fact);
        free(fact);
        set_missing(out, node->type);
        return true;
    }
    if (setting->unusable) { /* its line failed: the default would be a guess */
        expr_env_add_missing(env, setting->unusable);
        set_missing(out, node->type);
        return true;
    }
    if (env->snap->fragment && setting->source == SRC_DEFAULT) { /* the rest may set it */
        char *fact = xasprintf("%s%s", setting->name, SNAP_FRAGMENT_UNSET);
        expr_env_add_missing(env, fact);
        free(fact);
        set_missing(out, node->type);
        return true;
    }
    const CatalogParam *param = setting->param;
    GucValue parsed = setting->parsed;
    bool have = setting->parsed_ok;
    /* strings, and enum values this catalog's build lacks (io_method=io_uring), as written */
    if (param->type == GUC_STRING || (param->type == GUC_ENUM && !have)) {
        memset(out, 0, sizeof(*out));
        out->type = EXPR_T_STRING;
        out->str = setting->value ? setting->value : "";
        return true;
    }
    if (!have) {
        /* a value the server would reject: use the default it falls back to, as on a reload */
        have = param->boot_val && guc_parse_value(param, param->boot_val, &parsed, NULL);
    }
    if (!have) {
        char *fact = xasprintf("a valid value of %s", node->str);
        expr_env_add_missing(env, fact);
        free(fact);
        set_missing(out, node->type);
        return true;
    }
    expr_value_from_guc(param, &parsed, out);
    if (param->type == GUC_ENUM && !out->str)
        out->str = setting->value;
    return true;
}

static int version_cmp(const char *a, const char *b)
{
    while (*a || *b) {
        char *end_a, *end_b;
        long part_a = strtol(a, &end_a, 10), part_b = strtol(b, &end_b, 10);
        a = end_a;
        b = end_b;
        if (part_a != part_b)
            return part_a < part_b ? -1 : 1;
        bool more_a = *a == '.' && isdigit((unsigned char)a[1]);
        bool more_b = *b == '.' && isdigit((unsigned char)b[1]);
        if (!more_a && !more_b)
            return 0;
        a = more_a ? a + 1 : "";
        b = more_b ? b + 1 : "";
    }
    return 0;
}

static bool compare(ExprOp op, const ExprValue *left, const ExprValue *right)
{
    int cmp;
    if (left->type == EXPR_T_VERSION || right->type == EXPR_T_VERSION)
        cmp = version_cmp(left->str, right->str);
    else if (left->type == EXPR_T_STRING)
        cmp = strcasecmp(left->str, right->str) != 0;
    else if (left->type == EXPR_T_BOOL)
        cmp = left->boolean != right->boolean;
    else
        cmp = left->num < right->num ? -1 : left->num > right->num;
    switch (op) {
    case OP_EQ: return cmp == 0;
    case OP_NE: return cmp != 0;
    case OP_LT: return cmp < 0;
    case OP_LE: return cmp <= 0;
    case OP_GT: return cmp > 0;
    default: return cmp >= 0;
    }
}

static double arith(ExprOp op, double left, double right)
{
    switch (op) {
    case OP_ADD: return left + right;
    case OP_SUB: return left - right;
    case OP_MUL: return left * right;
    case OP_DIV:
        return fp_is_zero(right) ? (fp_is_zero(left) ? 0 : copysign(HUGE_VAL, left)) : left / right;
    default: return fp_is_zero(right) ? 0 : fmod(left, right);
    }
}

/* and/or with Kleene logic: a known deciding operand wins over a missing one. */
static bool eval_logic(const Expr *node, ExprEnv *env, ExprValue *out)
{
    ExprValue left, right;
    if (!expr_eval_node(node->args[0], env, &left))
        return false;
    bool decisive = node->op == OP_OR;
    memset(out, 0, sizeof(*out));
    out->type = EXPR_T_BOOL;
    if (!left.missing && left.boolean == decisive) {
        out->boolean = decisive;
        return true;
    }
    if (!expr_eval_node(node->args[1], env, &right))
        return false;
    if (!right.missing && right.boolean == decisive) {
        out->boolean = decisive;
        return true;
    }
    out->missing = left.missing || right.missing;
    out->boolean = !decisive;
    return true;
}

static bool eval_binary(const Expr *node, ExprEnv *env, ExprValue *out)
{
    if (node->op == OP_AND || node->op == OP_OR)
        return eval_logic(node, env, out);
    ExprValue left, right;
    if (!expr_eval_node(node->args[0], env, &left) || !expr_eval_node(node->args[1], env, &right))
        return false;
    if (left.missing || right.missing) {
        set_missing(out, node->type);
        return true;
    }
    memset(out, 0, sizeof(*out));
    out->type = node->type;
    if (node->op >= OP_EQ) {
        if (left.type == EXPR_T_STRING && right.type == EXPR_T_VERSION)
            left.type = EXPR_T_VERSION;
        out->boolean = compare(node->op, &left, &right);
    } else {
        out->num = arith(node->op, left.num, right.num);
    }
    return true;
}

bool expr_eval_node(const Expr *node, ExprEnv *env, ExprValue *out)
{
    memset(out, 0, sizeof(*out));
    out->type = node->type;
    switch (node->kind) {
    case EK_NUM: out->num = node->num; return true;
    case EK_STR: out->str = node->str; return true;
    case EK_BOOL: out->boolean = node->boolean; return true;
    case EK_REGEX: return true;
    case EK_PG: out->num = env->snap->pg_major; return true;
    case EK_PARAM: return eval_param(node, env, out);
    case EK_HOST: return eval_host(node, env, out);
    case EK_LET: return expr_eval_node(node->let, env, out);
    case EK_NEG:
    case EK_NOT:
        if (!expr_eval_node(node->args[0], env, out))
            return false;
        out->num = -out->num;
        out->boolean = !out->boolean;
        return true;
    case EK_BINARY: return eval_binary(node, env, out);
    case EK_CALL: return node->func->eval(node, env, out);
    }
    return false;
}

bool expr_eval(const Expr *expr, ExprEnv *env, ExprValue *out)
{
    return expr_eval_node(expr, env, out);
}

/* ---- rendering ---- */

void expr_value_render(const ExprValue *val, StrBuf *sb)
{
    if (val->missing) {
        sb_put(sb, "unknown");
        return;
    }
    char *text = NULL;
    switch (val->type) {
    case EXPR_T_BYTES: text = pk_units_format(val->num, PK_UNIT_SIZE, PK_UNITS_SCALED, NULL); break;
    case EXPR_T_DURATION: /* in ms: below 1 ms in us, else from ms up (0 is "0ms") */
        text = pk_units_format(val->num * 1000.0, PK_UNIT_TIME, PK_UNITS_SCALED,
                               fabs(val->num) < 1 && !fp_is_zero(val->num) ? "us" : "ms");
        break;
    case EXPR_T_BOOL: sb_put(sb, val->boolean ? "on" : "off"); break;
    case EXPR_T_STRING:
    case EXPR_T_VERSION: sb_put(sb, val->str ? val->str : ""); break;
    default: text = pk_units_number(val->num); break;
    }
    if (text) {
        sb_put(sb, text);
        free(text);
    }
}

/* The settings a function derives its value from, which it reads as a parameter would be
 * (snapshot_aio_concurrency, snapshot_max_backends): a rule that calls it reads them too, so a
 * value someone wrote there is no built-in default (review 2026-12zg, h36b 22: max_connections =
 * 10000 behind an automatic io_max_concurrency, called "every setting at its default"). */
static const struct {
    const char *func;
    const char *const reads[8];
} derived_reads[] = {
    {"aio_auto_concurrency",
     {"io_max_concurrency", "shared_buffers", "max_connections", "autovacuum_worker_slots",
      "max_worker_processes", "max_wal_senders", NULL}},
    {"max_backends",
     {"max_connections", "autovacuum_max_workers", "autovacuum_worker_slots",
      "max_worker_processes", "max_wal_senders", NULL}},
};

static void visit_params(const Expr *expr, void (*visit)(const char *name, void *arg), void *arg,
                         int depth)
{
    if (depth > 1000)
        return;
    if (expr->kind == EK_PARAM)
        visit(expr->str, arg);
    for (size_t idx = 0; expr->kind == EK_CALL && expr->func &&
                         idx < sizeof(derived_reads) / sizeof(derived_reads[0]);
         idx++)
        if (!strcmp(expr->func->name, derived_reads[idx].func))
            for (const char *const *name = derived_reads[idx].reads; *name; name++)
                visit(*name, arg);
    if (expr->kind == EK_LET)
        visit_params(expr->let, visit, arg, depth + 1);
    for (size_t arg_idx = 0; arg_idx < expr->n_args; arg_idx++)
        visit_params(expr->args[arg_idx], visit, arg, depth + 1);
}

void expr_visit_params(const Expr *expr, void (*visit)(const char *name, void *arg), void *arg)
{
    visit_params(expr, visit, arg, 0);
}
