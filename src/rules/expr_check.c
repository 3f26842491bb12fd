/* Load-time type checker of rule expressions: parameters must exist in the catalog of each version
 * a rule claims, units must agree (8MB < 5min is an error), enum literals must be enum values. */
#include "rules/expr.intern.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/units.h"
#include "common/xalloc.h"

const char *expr_type_name(ExprType type)
{
    switch (type) {
    case EXPR_T_NUM: return "number";
    case EXPR_T_BYTES: return "bytes";
    case EXPR_T_DURATION: return "duration";
    case EXPR_T_BOOL: return "boolean";
    case EXPR_T_STRING: return "string";
    case EXPR_T_VERSION: return "version";
    case EXPR_T_REGEX: return "regex";
    default: return "invalid";
    }
}

double expr_unit_factor(const char *unit)
{
    PkUnitKind kind;
    double factor;
    if (!pk_unit_base(unit, &kind, &factor))
        return 1.0;
    return kind == PK_UNIT_SIZE ? factor : factor / 1000.0; /* expressions count time in ms */
}

static ExprType unit_type(const char *unit)
{
    if (!unit || !*unit)
        return EXPR_T_NUM;
    const char *last = unit + strlen(unit) - 1;
    return *last == 'B' ? EXPR_T_BYTES : EXPR_T_DURATION;
}

ExprType expr_param_type(const CatalogParam *param)
{
    switch (param->type) {
    case GUC_BOOL: return EXPR_T_BOOL;
    case GUC_INTEGER:
    case GUC_REAL: return unit_type(param->unit);
    default: return EXPR_T_STRING;
    }
}

static bool set_type(Expr *node, ExprType type, PkDiag *err, const Catalog *cat)
{
    if (node->type != EXPR_T_INVALID && node->type != type)
        return expr_set_error(err, node->offset, "Split the rule by version range.",
                              "\"%s\" is a %s in PostgreSQL %d but a %s in another version the "
                              "rule claims",
                              node->str ? node->str : "value", expr_type_name(type), cat->major,
                              expr_type_name(node->type));
    node->type = type;
    return true;
}

static bool check_param(Expr *node, const Catalog *cat, PkDiag *err)
{
    const CatalogParam *param = catalog_find(cat, node->str);
    if (!param) {
        const char *guess = catalog_suggest(cat, node->str);
        char *hint = guess ? xasprintf("Did you mean \"%s\"?", guess) : NULL;
        expr_set_error(err, node->offset, hint,
                       "unknown parameter \"%s\" for PostgreSQL %d (the rule claims this version)",
                       node->str, cat->major);
        free(hint);
        return false;
    }
    return set_type(node, expr_param_type(param), err, cat);
}

static bool check_host(Expr *node, PkDiag *err, const Catalog *cat)
{
    static const ExprType types[] = {
        [HF_RAM] = EXPR_T_BYTES,      [HF_CORES] = EXPR_T_NUM,
        [HF_STORAGE] = EXPR_T_STRING, [HF_KERNEL] = EXPR_T_VERSION,
        [HF_CONTAINER] = EXPR_T_BOOL, [HF_IO_URING] = EXPR_T_BOOL,
        [HF_SOURCE] = EXPR_T_STRING,  [HF_DISK] = EXPR_T_BYTES,
        [HF_WAL_DISK] = EXPR_T_BYTES, [HF_RAM_CONTAINER] = EXPR_T_BOOL,
    };
    return set_type(node, types[node->host], err, cat);
}

static bool is_numeric(ExprType type)
{
    return type == EXPR_T_NUM || type == EXPR_T_BYTES || type == EXPR_T_DURATION;
}

static const char *unit_hint(ExprType left, ExprType right)
{
    if ((left == EXPR_T_NUM) != (right == EXPR_T_NUM) && is_numeric(left) && is_numeric(right))
        return "Write the number with its unit (8MB, 30s), or compare raw(param) with a plain "
               "number.";
    return NULL;
}

static bool check_arith(Expr *node, ExprType left, ExprType right, PkDiag *err)
{
    ExprType result = EXPR_T_INVALID;
    bool unit_left = left == EXPR_T_BYTES || left == EXPR_T_DURATION;
    switch (node->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MOD:
        if (is_numeric(left) && left == right)
            result = left;
        break;
    case OP_MUL:
        if (left == EXPR_T_NUM && is_numeric(right))
            result = right;
        else if (is_numeric(left) && right == EXPR_T_NUM)
            result = left;
        break;
    case OP_DIV:
        if (is_numeric(left) && right == EXPR_T_NUM)
            result = left;
        else if (unit_left && left == right)
            result = EXPR_T_NUM; /* a ratio */
        break;
    default: break;
    }
    if (result == EXPR_T_INVALID) {
        static const char *const op_names[] = {"+", "-", "*", "/", "%"};
        return expr_set_error(err, node->offset, unit_hint(left, right), "type mismatch: %s %s %s",
                              expr_type_name(left), op_names[node->op], expr_type_name(right));
    }
    node->type = result;
    return true;
}

/* A string literal compared with a version becomes a version, checked for its form. */
static bool version_literal_ok(const Expr *node)
{
    if (node->kind != EK_STR || !node->str[0])
        return false;
    for (const char *c = node->str; *c; c++)
        if (!(*c >= '0' && *c <= '9') && *c != '.')
            return false;
    return true;
}

/* Enum values that exist only in servers built with an optional library: the catalog was taken
 * from builds without them, but rules must be able to name them. */
static bool build_dependent_value(const char *param, const char *value)
{
    static const struct {
        const char *param, *value;
    } extra[] = {
        {"io_method", "io_uring"},
        {"wal_compression", "lz4"},
        {"wal_compression", "zstd"},
        {"default_toast_compression", "lz4"},
    };
    for (size_t idx = 0; idx < sizeof(extra) / sizeof(extra[0]); idx++)
        if (!strcmp(extra[idx].param, param) && !strcasecmp(extra[idx].value, value))
            return true;
    return false;
}

bool expr_check_enum_literal(const Expr *param_node, const Expr *lit, const Catalog *cat,
                             PkDiag *err)
{
    if (param_node->kind != EK_PARAM || lit->kind != EK_STR)
        return true;
    const CatalogParam *param = catalog_find(cat, param_node->str);
    if (!param || param->type != GUC_ENUM || !param->enum_vals)
        return true;
    for (const char *const *val = param->enum_vals; *val; val++)
        if (!strcasecmp(*val, lit->str))
            return true;
    if (build_dependent_value(param->name, lit->str))
        return true;
    return expr_set_error(err, lit->offset, NULL,
                          "\"%s\" is not a value of enum parameter \"%s\" in PostgreSQL %d",
                          lit->str, param->name, cat->major);
}

static bool check_compare(Expr *node, ExprType left, ExprType right, const Catalog *cat,
                          PkDiag *err)
{
    Expr *lhs = node->args[0], *rhs = node->args[1];
    bool equality = node->op == OP_EQ || node->op == OP_NE;
    bool ok;
    if (left == EXPR_T_VERSION || right == EXPR_T_VERSION)
        ok = left == right || (left == EXPR_T_VERSION && version_literal_ok(rhs)) ||
             (right == EXPR_T_VERSION && version_literal_ok(lhs));
    else if (left == EXPR_T_STRING || left == EXPR_T_BOOL)
        ok = left == right && equality;
    else
        ok = is_numeric(left) && left == right;
    if (!ok)
        return expr_set_error(err, node->offset, unit_hint(left, right),
                              "type mismatch: cannot compare %s with %s", expr_type_name(left),
                              expr_type_name(right));
    if (!expr_check_enum_literal(lhs, rhs, cat, err) ||
        !expr_check_enum_literal(rhs, lhs, cat, err))
        return false;
    node->type = EXPR_T_BOOL;
    return true;
}

static bool check_binary(Expr *node, const Catalog *cat, PkDiag *err)
{
    ExprType left = node->args[0]->type, right = node->args[1]->type;
    if (left == EXPR_T_REGEX || right == EXPR_T_REGEX)
        return expr_set_error(err, node->offset, NULL, "a regex can only be used in matches()");
    if (node->op == OP_AND || node->op == OP_OR) {
        if (left != EXPR_T_BOOL || right != EXPR_T_BOOL)
            return expr_set_error(err, node->offset, NULL, "%s needs booleans, got %s and %s",
                                  node->op == OP_AND ? "and" : "or", expr_type_name(left),
                                  expr_type_name(right));
        node->type = EXPR_T_BOOL;
        return true;
    }
    if (node->op >= OP_EQ)
        return check_compare(node, left, right, cat, err);
    return check_arith(node, left, right, err);
}

static bool check_unary(Expr *node, PkDiag *err)
{
    ExprType arg = node->args[0]->type;
    if (node->kind == EK_NOT && arg != EXPR_T_BOOL)
        return expr_set_error(err, node->offset, NULL, "not needs a boolean, got %s",
                              expr_type_name(arg));
    if (node->kind == EK_NEG && !is_numeric(arg))
        return expr_set_error(err, node->offset, NULL, "cannot negate a %s", expr_type_name(arg));
    node->type = arg;
    return true;
}

bool expr_check_node(Expr *node, const Catalog *cat, PkDiag *err)
{
    for (size_t arg_idx = 0; arg_idx < node->n_args; arg_idx++)
        if (!expr_check_node(node->args[arg_idx], cat, err))
            return false;
    switch (node->kind) {
    case EK_NUM: node->type = node->lit_type; return true;
    case EK_STR: node->type = EXPR_T_STRING; return true;
    case EK_BOOL: node->type = EXPR_T_BOOL; return true;
    case EK_REGEX: node->type = EXPR_T_REGEX; return true;
    case EK_PG: node->type = EXPR_T_NUM; return true;
    case EK_PARAM: return check_param(node, cat, err);
    case EK_HOST: return check_host(node, err, cat);
    case EK_LET: node->type = node->let->type; return node->type != EXPR_T_INVALID;
    case EK_NEG:
    case EK_NOT: return check_unary(node, err);
    case EK_BINARY: return check_binary(node, cat, err);
    case EK_CALL: return node->func->check(node, cat, err);
    }
    return false;
}

bool expr_check(Expr *expr, const Catalog *cat, ExprType *out_type, PkDiag *err)
{
    if (!expr_check_node(expr, cat, err))
        return false;
    if (expr->type == EXPR_T_REGEX)
        return expr_set_error(err, expr->offset, NULL, "a regex can only be used in matches()");
    *out_type = expr->type;
    return true;
}
