/* The expression AST, shared by the parser (expr.c), the checker (expr_check.c) and the evaluator
 * (expr_eval.c). Not for use outside src/rules/. */
#ifndef PK_RULES_EXPR_INTERN_H
#define PK_RULES_EXPR_INTERN_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "rules/expr.h"

typedef enum ExprKind {
    EK_NUM, /* number literal, already in bytes / ms when it had a unit */
    EK_STR,
    EK_BOOL,
    EK_REGEX,
    EK_PARAM, /* a PostgreSQL parameter: its effective value */
    EK_HOST,  /* host.ram, host.cores, … */
    EK_PG,    /* pg.version */
    EK_LET,   /* $name: a named expression of the same rule (borrowed) */
    EK_NEG,
    EK_NOT,
    EK_BINARY,
    EK_CALL,
} ExprKind;

typedef enum ExprOp {
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_DIV,
    OP_MOD,
    OP_EQ,
    OP_NE,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
    OP_AND,
    OP_OR,
} ExprOp;

typedef enum HostField {
    HF_RAM,
    HF_CORES,
    HF_STORAGE,
    HF_KERNEL,
    HF_CONTAINER,
    HF_IO_URING,
    HF_SOURCE,
    HF_DISK,
    HF_WAL_DISK,
    HF_RAM_CONTAINER,
} HostField;

typedef struct ExprFunc ExprFunc;

/* Small enums in bit-fields, and the count in 32 bits: a compiled pack decodes ~1,000 nodes
 * into memory that is faulted in page by page, so a smaller node is a faster start. */
struct Expr {
    ExprKind kind : 8;
    ExprType type : 8;     /* set by expr_check; the same for every version checked */
    ExprType lit_type : 8; /* EK_NUM: NUM, BYTES or DURATION */
    HostField host : 8;    /* EK_HOST */
    ExprOp op : 8;         /* EK_BINARY */
    bool boolean;          /* EK_BOOL */
    int offset;            /* where the node starts in the text, for errors */
    uint32_t n_args;
    double num;           /* EK_NUM */
    char *str;            /* EK_STR text, EK_PARAM name, EK_REGEX source */
    pcre2_code *regex;    /* EK_REGEX */
    const ExprFunc *func; /* EK_CALL */
    const Expr *let;      /* EK_LET (borrowed) */
    Expr **args;          /* EK_NEG/EK_NOT: 1, EK_BINARY: 2, EK_CALL: n */
};

typedef bool (*ExprCheckFn)(Expr *call, const Catalog *cat, PkDiag *err);
typedef bool (*ExprEvalFn)(const Expr *call, ExprEnv *env, ExprValue *out);

struct ExprFunc {
    const char *name;
    size_t min_args, max_args; /* max 0: unbounded */
    ExprCheckFn check;         /* sets call->type; args already checked */
    ExprEvalFn eval;
};

const ExprFunc *expr_func_find(const char *name);
/* The function at `index` in the table when it is the one named `name`, else by name: the pack
 * records the index, and a lookup by name of every call was a tenth of its decoding. */
const ExprFunc *expr_func_at(size_t index, const char *name);
size_t expr_func_index(const ExprFunc *func);
bool expr_check_node(Expr *expr, const Catalog *cat, PkDiag *err);
bool expr_eval_node(const Expr *expr, ExprEnv *env, ExprValue *out);
bool expr_set_error(PkDiag *err, int offset, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void expr_env_add_missing(ExprEnv *env, const char *fact);
void expr_env_add_evidence(ExprEnv *env, const char *key);
/* Fills `out` from a parameter's parsed value, converted to bytes / ms. */
void expr_value_from_guc(const CatalogParam *param, const GucValue *val, ExprValue *out);
/* When `param_node` is an enum parameter and `lit` a string literal, the literal must be one of
 * the enum's values in `cat`. */
bool expr_check_enum_literal(const Expr *param_node, const Expr *lit, const Catalog *cat,
                             PkDiag *err);
/* The catalog type of a parameter as the expression language sees it. */
ExprType expr_param_type(const CatalogParam *param);
/* Bytes per base unit ("8kB" → 8192) or ms per base unit ("s" → 1000); 1 when unitless. */
double expr_unit_factor(const char *unit);

/* arena_on_free's callback for a compiled regex of a tree. */
void expr_regex_free(void *regex);

#endif
