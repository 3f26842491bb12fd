/* AWS CloudFormation templates: each AWS::RDS::DBParameterGroup and
 * AWS::RDS::DBClusterParameterGroup resource of a PostgreSQL family becomes one InputDoc, with its
 * Properties.Parameters as entries. YAML is read with libyaml (the short-form tags !Ref, !Sub,
 * !FindInMap… are kept as tags), JSON with the HCL reader, which keeps each key's line and column.
 * An intrinsic function (!Ref X, {"Fn::Sub": …}) is what CloudFormation alone evaluates: it is
 * named in a PK0075 notice and its value is not checked (its name still is). RDS formulas
 * ({DBInstanceClassMemory/…}) are evaluated as in a parameter-group export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "common/xalloc.h"
#include "input/hcl.h"
#include "input/input_intern.h"

#define CFN_GROUP_DOC                                                                              \
    "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/"                              \
    "aws-resource-rds-dbparametergroup.html"
#define CFN_INTRINSIC_DOC                                                                          \
    "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/"                              \
    "intrinsic-function-reference.html"

static const char *const cfn_types[] = {"AWS::RDS::DBParameterGroup",
                                        "AWS::RDS::DBClusterParameterGroup", NULL};

static bool is_group_type(const char *text, size_t len)
{
    for (const char *const *t = cfn_types; *t; t++)
        if (strlen(*t) == len && !memcmp(*t, text, len))
            return true;
    return false;
}

bool input_json_is_cloudformation(const char *data, size_t len)
{
    for (const char *const *t = cfn_types; *t; t++) {
        char quoted[64];
        int n = snprintf(quoted, sizeof(quoted), "\"%s\"", *t);
        if (memmem(data, len, quoted, (size_t)n))
            return true;
    }
    return false;
}

/* A parameter's value as the template writes it. */
typedef enum CfnKind { CFN_TEXT, CFN_INTRINSIC, CFN_NULL, CFN_OTHER } CfnKind;

typedef struct CfnValue {
    CfnKind kind;
    char *text; /* CFN_TEXT: the value; CFN_INTRINSIC: the function as written, shortened */
    int line, column;
} CfnValue;

/* One group's parameter. */
static void cfn_param(DocBuilder *b, const InputOpts *opts, const char *name, int line, int column,
                      CfnValue *v)
{
    switch (v->kind) {
    case CFN_INTRINSIC: {
        InputNote *note = builder_add_note(
            b, NOTE_FORMULA, name, v->text, line, column, CFN_INTRINSIC_DOC,
            "%s = %s: an intrinsic function only CloudFormation evaluates; the value is not "
            "checked",
            name, v->text);
        note->hint = xstrdup("lint the parameter group CloudFormation made (aws rds "
                             "describe-db-parameters) to check the value");
        break;
    }
    case CFN_NULL:
        builder_add_note(b, NOTE_DROPPED, name, "", v->line, v->column, NULL,
                         "%s is null: CloudFormation sends no value", name);
        break;
    case CFN_OTHER:
        builder_add_note(b, NOTE_NOT_A_STRING, name, "", v->line, v->column, CFN_GROUP_DOC,
                         "%s is a list or a map, not a value: CloudFormation refuses it", name);
        break;
    case CFN_TEXT: {
        char *text = v->text;
        if (rds_is_formula(text)) {
            text = rds_formula_value(b, name, text, opts, line, column);
            if (!text)
                break;
        } else {
            text = xstrdup(text);
        }
        builder_add_entry(b, name, text, line, column, true);
        input_doc_value_at(b->doc, b->doc->set.n_entries - 1, b->file, v->line, v->column);
        free(text);
        break;
    }
    }
    free(v->text);
    v->text = NULL;
}

/* Parameters as a whole is an intrinsic function (!If [IsMySQL, {…}, {…}]): none is read. */
static void cfn_whole(DocBuilder *b, const char *text, int line, int column)
{
    InputNote *note = builder_add_note(
        b, NOTE_FORMULA, NULL, text, line, column, CFN_INTRINSIC_DOC,
        "Parameters = %s: an intrinsic function only CloudFormation evaluates; no parameter of "
        "this group is checked",
        text);
    note->hint = xstrdup("lint the parameter group CloudFormation made (aws rds "
                         "describe-db-parameters)");
}

/* Family postgres16 / aurora-postgresql15: the major; another engine's family (mysql8.0) is not
 * a PostgreSQL group (false). */
static bool cfn_family(InputDoc *doc, const char *text, int line, int column)
{
    if (!strcasestr(text, "postgres"))
        return false;
    input_doc_version(doc, "Properties.Family", text, line, column);
    return true;
}

static char *cfn_label(const char *logical, const char *type)
{
    return xasprintf(
        "%s %s", strstr(type, "Cluster") ? "DBClusterParameterGroup" : "DBParameterGroup", logical);
}

/* ---- YAML ------------------------------------------------------------------------------------ */

static yaml_node_t *ynode(yaml_document_t *doc, int id)
{
    return id ? yaml_document_get_node(doc, id) : NULL;
}

static bool yscalar_is(const yaml_node_t *node, const char *text)
{
    return node && node->type == YAML_SCALAR_NODE && node->data.scalar.length == strlen(text) &&
           !memcmp(node->data.scalar.value, text, node->data.scalar.length);
}

static char *yscalar_text(const yaml_node_t *node)
{
    return xstrndup((const char *)node->data.scalar.value, node->data.scalar.length);
}

/* A short-form tag (!Ref, !Sub, !GetAtt…): libyaml keeps it as written, "!" and all. */
static bool ytag_intrinsic(const yaml_node_t *node)
{
    const char *tag = (const char *)node->tag;
    return tag && tag[0] == '!' && tag[1] && tag[1] != '!';
}

/* {Ref: X} or {Fn::Sub: …}: the long form, a mapping with one such key. */
static const yaml_node_t *ylong_intrinsic(yaml_document_t *doc, const yaml_node_t *node)
{
    if (node->type != YAML_MAPPING_NODE ||
        node->data.mapping.pairs.top - node->data.mapping.pairs.start != 1)
        return NULL;
    const yaml_node_t *key = ynode(doc, node->data.mapping.pairs.start->key);
    if (!key || key->type != YAML_SCALAR_NODE)
        return NULL;
    if (yscalar_is(key, "Ref") ||
        (key->data.scalar.length > 4 && !memcmp(key->data.scalar.value, "Fn::", 4)))
        return key;
    return NULL;
}

/* "!Ref Name", "!Sub '…'", "!FindInMap […]", "Fn::If {…}". */
static char *yintrinsic_text(yaml_document_t *doc, const yaml_node_t *node)
{
    const char *fn;
    const yaml_node_t *arg = node;
    char *owned = NULL;
    const yaml_node_t *key = ylong_intrinsic(doc, node);
    if (key) {
        fn = owned = yscalar_text(key);
        arg = ynode(doc, node->data.mapping.pairs.start->value);
    } else {
        fn = (const char *)node->tag;
    }
    char *text;
    if (arg && arg->type == YAML_SCALAR_NODE && arg->data.scalar.length <= 60)
        text = xasprintf("%s %.*s", fn, (int)arg->data.scalar.length, arg->data.scalar.value);
    else
        text = xasprintf("%s %s", fn,
                         arg && arg->type == YAML_SEQUENCE_NODE  ? "[…]"
                         : arg && arg->type == YAML_MAPPING_NODE ? "{…}"
                                                                 : "…");
    free(owned);
    return text;
}

static CfnValue yvalue(yaml_document_t *doc, const yaml_node_t *node)
{
    CfnValue v = {CFN_OTHER, NULL, (int)node->start_mark.line + 1,
                  (int)node->start_mark.column + 1};
    if (ytag_intrinsic(node) || ylong_intrinsic(doc, node)) {
        v.kind = CFN_INTRINSIC;
        v.text = yintrinsic_text(doc, node);
    } else if (node->type == YAML_SCALAR_NODE) {
        bool plain = node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        v.text = yscalar_text(node);
        v.kind =
            plain && (!strcmp(v.text, "") || !strcmp(v.text, "~") || !strcasecmp(v.text, "null"))
                ? CFN_NULL
                : CFN_TEXT;
    }
    return v;
}

static yaml_node_t *ymember(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    return input_yaml_member(doc, map, key);
}

size_t cfn_load_yaml_doc(const char *file, const char *data, size_t len, yaml_document_t *doc,
                         const InputOpts *opts, InputResult *out)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);
    yaml_node_t *resources = ymember(doc, root, "Resources");
    if (!resources || resources->type != YAML_MAPPING_NODE)
        return 0;
    size_t added = 0;
    for (yaml_node_pair_t *pair = resources->data.mapping.pairs.start;
         pair < resources->data.mapping.pairs.top; pair++) {
        yaml_node_t *logical = ynode(doc, pair->key), *res = ynode(doc, pair->value);
        yaml_node_t *type = ymember(doc, res, "Type");
        if (!logical || logical->type != YAML_SCALAR_NODE || !type ||
            type->type != YAML_SCALAR_NODE ||
            !is_group_type((const char *)type->data.scalar.value, type->data.scalar.length))
            continue;
        yaml_node_t *props = ymember(doc, res, "Properties");
        yaml_node_t *family = ymember(doc, props, "Family");
        InputDoc *d = input_result_add(out);
        DocBuilder b;
        builder_init(&b, d, INPUT_CLOUDFORMATION, file, data, len);
        char *name = yscalar_text(logical), *type_text = yscalar_text(type);
        d->label = cfn_label(name, type_text);
        free(name);
        free(type_text);
        if (family && (ytag_intrinsic(family) || ylong_intrinsic(doc, family))) {
            /* a version pgknob cannot read: lint/ names it and the major assumed */
            d->version_text = yintrinsic_text(doc, family);
            d->version_key = "Properties.Family";
            d->version_line = (int)family->start_mark.line + 1;
            d->version_column = (int)family->start_mark.column + 1;
        } else if (family && family->type == YAML_SCALAR_NODE) {
            char *text = yscalar_text(family);
            bool pg = cfn_family(d, text, (int)family->start_mark.line + 1,
                                 (int)family->start_mark.column + 1);
            free(text);
            if (!pg) { /* another engine's group */
                input_result_drop_last(out);
                continue;
            }
        }
        yaml_node_t *params = ymember(doc, props, "Parameters");
        if (params && (ytag_intrinsic(params) || ylong_intrinsic(doc, params))) {
            char *text = yintrinsic_text(doc, params);
            cfn_whole(&b, text, (int)params->start_mark.line + 1,
                      (int)params->start_mark.column + 1);
            free(text);
        } else if (params && params->type == YAML_MAPPING_NODE)
            for (yaml_node_pair_t *p = params->data.mapping.pairs.start;
                 p < params->data.mapping.pairs.top; p++) {
                yaml_node_t *key = ynode(doc, p->key), *val = ynode(doc, p->value);
                if (!key || key->type != YAML_SCALAR_NODE || !val)
                    continue;
                char *pname = yscalar_text(key);
                CfnValue v = yvalue(doc, val);
                cfn_param(&b, opts, pname, (int)key->start_mark.line + 1,
                          (int)key->start_mark.column + 1, &v);
                free(pname);
            }
        builder_finish(&b);
        added++;
    }
    return added;
}

/* ---- JSON ------------------------------------------------------------------------------------ */

static CfnValue jvalue(const HclValue *v)
{
    CfnValue out = {CFN_OTHER, NULL, v->line, v->column};
    switch (v->kind) {
    case HCL_STRING:
    case HCL_NUMBER:
    case HCL_BOOL:
        out.kind = CFN_TEXT;
        out.text = xstrdup(v->text ? v->text : "");
        break;
    case HCL_NULL: out.kind = CFN_NULL; break;
    case HCL_OBJECT:
        if (v->n_items == 1 && v->items[0].key &&
            (!strcmp(v->items[0].key, "Ref") || !strncmp(v->items[0].key, "Fn::", 4))) {
            const HclValue *arg = &v->items[0];
            out.kind = CFN_INTRINSIC;
            out.text = arg->kind == HCL_STRING && strlen(arg->text) <= 60
                           ? xasprintf("{\"%s\": \"%s\"}", arg->key, arg->text)
                           : xasprintf("{\"%s\": …}", arg->key);
        }
        break;
    case HCL_EXPR: /* a string HCL takes for a template ("${…}"): CloudFormation's own text */
        out.kind = CFN_TEXT;
        out.text = xstrdup(v->text ? v->text : "");
        break;
    default: break;
    }
    return out;
}

bool cfn_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                   InputResult *out, PkDiag *diag)
{
    HclValue root;
    HclError err;
    Arena *arena = arena_new(); /* the JSON tree lives until the documents are built */
    if (!hcl_parse_value(arena, data, len, &root, &err)) {
        arena_free(arena);
        pk_diag_set(diag, file, err.line, NULL, "JSON: %s", err.message);
        pk_diag_set_column(diag, err.column);
        return false;
    }
    out->format = INPUT_CLOUDFORMATION;
    const HclValue *resources = hcl_member(&root, "Resources");
    for (size_t idx = 0; resources && resources->kind == HCL_OBJECT && idx < resources->n_items;
         idx++) {
        const HclValue *res = &resources->items[idx];
        const HclValue *type = hcl_member(res, "Type");
        if (!res->key || !type || type->kind != HCL_STRING ||
            !is_group_type(type->text, strlen(type->text)))
            continue;
        const HclValue *props = hcl_member(res, "Properties");
        const HclValue *family = hcl_member(props, "Family");
        InputDoc *d = input_result_add(out);
        DocBuilder b;
        builder_init(&b, d, INPUT_CLOUDFORMATION, file, data, len);
        d->label = cfn_label(res->key, type->text);
        if (family && family->kind == HCL_STRING &&
            !cfn_family(d, family->text, family->line, family->column)) {
            input_result_drop_last(out);
            continue;
        }
        const HclValue *params = hcl_member(props, "Parameters");
        CfnValue whole = params ? jvalue(params) : (CfnValue){0};
        if (whole.kind == CFN_INTRINSIC)
            cfn_whole(&b, whole.text, whole.line, whole.column);
        free(whole.text);
        for (size_t p = 0; params && params->kind == HCL_OBJECT && p < params->n_items; p++) {
            const HclValue *item = &params->items[p];
            if (!item->key)
                continue;
            CfnValue v = jvalue(item);
            cfn_param(&b, opts, item->key, item->key_line, item->key_column, &v);
        }
        builder_finish(&b);
    }
    arena_free(arena);
    if (!out->n_docs)
        return pk_diag_set(diag, file, 0,
                           "pgknob reads AWS::RDS::DBParameterGroup and "
                           "AWS::RDS::DBClusterParameterGroup resources of a PostgreSQL family "
                           "(docs/manifests.md)",
                           "no PostgreSQL parameter group in this CloudFormation template");
    return true;
}
