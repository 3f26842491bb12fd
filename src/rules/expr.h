/* The rule expression language: lexer and parser to an AST, a load-time type checker against a
 * version's catalog, an evaluator over a Snapshot, and rendering of values with units.
 * Pure: no I/O. The grammar is documented in docs/rule-format.md. */
#ifndef PK_RULES_EXPR_H
#define PK_RULES_EXPR_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "common/arena.h"
#include "common/diag.h"
#include "common/strbuf.h"
#include "model/snapshot.h"

/* Value types. Bytes and durations are distinct from plain numbers so that 8MB < 5min is an
 * error when the rule is loaded, not a silent misfire. */
typedef enum ExprType {
    EXPR_T_INVALID = 0,
    EXPR_T_NUM,      /* unitless number */
    EXPR_T_BYTES,    /* a quantity of memory, in bytes */
    EXPR_T_DURATION, /* a time span, in milliseconds */
    EXPR_T_BOOL,
    EXPR_T_STRING,
    EXPR_T_VERSION, /* dotted version such as a kernel release "6.8.0" */
    EXPR_T_REGEX,   /* only as an argument of matches() */
} ExprType;

typedef struct Expr Expr; /* opaque AST */

/* Named expressions ($name) visible to later expressions of the same rule. Borrowed. */
typedef struct ExprScope {
    const char *const *names;
    Expr *const *exprs;
    size_t n;
} ExprScope;

/* Parses `text` into a tree in `arena` (freed with it, compiled regexes too). NULL on error with
 * `diag` set (the first error; may be NULL): no file or line, and as column the 1-based byte
 * position in `text`. Regexes are compiled here, so a bad pattern is reported with its position.
 * `lets` may be NULL. */
Expr *expr_parse(Arena *arena, const char *text, const ExprScope *lets, PkDiag *diag);

/* Type-checks against one version's catalog: every parameter must exist in `cat`, units must
 * agree, enum literals must be values of the enum. Call once per version the rule claims; a
 * parameter whose type differs between those versions is an error. */
bool expr_check(Expr *expr, const Catalog *cat, ExprType *out_type, PkDiag *diag);

const char *expr_type_name(ExprType type);

typedef struct ExprValue {
    ExprType type;
    bool missing; /* depends on a fact that is not known: the rule must be skipped */
    double num;   /* NUM, BYTES (bytes), DURATION (ms) */
    bool boolean;
    const char *str; /* STRING, VERSION: borrowed from the snapshot or the AST */
} ExprValue;

/* What an evaluation needed and could not find, and the evidence it used. */
typedef struct ExprEnv {
    const Snapshot *snap;
    char **missing; /* "host.ram", "evidence checkpoints.requested_share", … (deduplicated) */
    size_t n_missing;
    char **evidence_used; /* evidence keys read successfully */
    size_t n_evidence_used;
    char *error;  /* a run-time failure (regex match limit); the rule is skipped */
    char **owned; /* strings computed during evaluation (freed by expr_env_clear) */
    size_t n_owned;
} ExprEnv;

/* Evaluates with three-valued logic: `false and <missing>` is false, `true or <missing>` true;
 * anything else that touches a missing fact is missing. Returns false on a run-time error
 * (env->error set). */
bool expr_eval(const Expr *expr, ExprEnv *env, ExprValue *out);
void expr_env_clear(ExprEnv *env);

/* Renders a value for a message: "25GB", "30s", "0.9", "on", "io_uring". */
void expr_value_render(const ExprValue *val, StrBuf *sb);

/* Calls `visit` for each parameter name the expression reads (with duplicates). */
void expr_visit_params(const Expr *expr, void (*visit)(const char *name, void *arg), void *arg);

/* Number of AST nodes, a bound used by the fuzzer and by the loader's sanity limits. */
size_t expr_node_count(const Expr *expr);

#endif
