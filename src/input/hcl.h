/* HCL's native syntax (hashicorp/hcl, hclsyntax/spec.md), read into a tree with the line and
 * column of every attribute, block and value: what Terraform files (.tf, .tfvars) are written in.
 * Literals (strings, numbers, booleans, null, tuples, objects, heredocs) become values; a plain
 * reference (var.x, local.y, each.value.name, p.value["k"]) keeps its path, to be looked up by
 * the caller; anything else (a function call, an operator, a template with interpolations, a for
 * expression) is parsed, so it is skipped exactly, and kept as its source text. Nothing is
 * evaluated here. JSON is the object syntax's subset, so hcl_parse_value reads JSON with
 * positions too (terraform show -json). */
#ifndef PK_INPUT_HCL_H
#define PK_INPUT_HCL_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"

typedef enum HclKind {
    HCL_NULL,
    HCL_BOOL,   /* text "true" or "false" */
    HCL_NUMBER, /* text as written */
    HCL_STRING, /* text unescaped; a heredoc too */
    HCL_TUPLE,  /* items */
    HCL_OBJECT, /* items, each with its key */
    HCL_REF,    /* a traversal: path[0].path[1]… (index keys as their text) */
    HCL_EXPR,   /* anything else: text is the source of the expression */
} HclKind;

typedef struct HclValue {
    HclKind kind;
    char *text;
    int line, column; /* where the value starts, 1-based */
    struct HclValue *items;
    size_t n_items;
    char **path; /* HCL_REF */
    size_t n_path;
    char *key; /* an object member's key (NULL for a key that is an expression) */
    int key_line, key_column;
} HclValue;

typedef struct HclBlock HclBlock;

typedef struct HclAttr {
    char *name;
    int line, column;
    HclValue value;
} HclAttr;

typedef struct HclBody {
    HclAttr *attrs;
    size_t n_attrs;
    HclBlock *blocks;
    size_t n_blocks;
} HclBody;

struct HclBlock {
    char *type;
    char **labels;
    size_t n_labels;
    int line, column;
    HclBody body;
};

typedef struct HclError {
    int line, column;
    char message[160];
} HclError;

/* A whole file: a body of attributes and blocks. False with *err at the first syntax error.
 * The tree (and, on failure, what was read of it) lives in `arena`: the caller frees it there. */
bool hcl_parse_body(Arena *arena, const char *data, size_t len, HclBody *out, HclError *err);
/* One expression filling the text (a JSON document); its tree lives in `arena`. */
bool hcl_parse_value(Arena *arena, const char *data, size_t len, HclValue *out, HclError *err);

const HclAttr *hcl_attr(const HclBody *body, const char *name);
/* An object's member `key`, or NULL. */
const HclValue *hcl_member(const HclValue *object, const char *key);

#endif
