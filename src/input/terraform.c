/* Terraform: parameter groups and database flags written in HCL (.tf), and the evaluated values of
 * `terraform show -json` (a plan or a state). Each PostgreSQL configuration becomes one InputDoc:
 *   aws_db_parameter_group, aws_rds_cluster_parameter_group   parameter { name value }
 *   google_sql_database_instance                              settings { database_flags { … } }
 *   azurerm_postgresql_flexible_server_configuration (and the
 *   single-server azurerm_postgresql_configuration)           name, value; one doc per server
 *   a module given `parameters` (terraform-aws-modules/rds and its kin)  [{ name, value }]
 * `dynamic` blocks are expanded over literal lists and maps, variables (their default, or the
 * directory's terraform.tfvars and *.auto.tfvars, as Terraform loads them) and locals. Anything
 * else (a function call, another resource's attribute, a variable with no value) is named in a
 * note and skipped, never guessed. */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/git_origin.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "catalog/catalog.h"
#include "catalog/contrib.h"
#include "common/xalloc.h"
#include "host/host.h"
#include "input/hcl.h"
#include "input/input_intern.h"

#define TF_DYNAMIC_DOC                                                                             \
    "https://developer.hashicorp.com/terraform/language/expressions/dynamic-blocks"
#define TF_VARS_DOC                                                                                \
    "https://developer.hashicorp.com/terraform/language/values/"                                   \
    "variables#variable-definitions-tfvars-files"
#define TF_MAX_FILE ((size_t)16 << 20)
#define TF_MAX_FILES 64 /* sibling .tf and .tfvars files read for variables and locals */
#define TF_MAX_HOPS 16  /* references followed through variables and locals */

typedef struct TfFile {
    const char *path, *data; /* what load_file read lives in the Tf's arena */
    size_t len;
    bool json;
    HclBody body;  /* HCL */
    HclValue root; /* JSON */
} TfFile;

/* The input and the module's files read with it: one arena holds the files, their trees and
 * the lists. */
typedef struct Tf {
    Arena *arena;
    TfFile *main;
    TfFile *vars; /* .tfvars, in Terraform's order: later ones win */
    size_t n_vars;
    TfFile *siblings; /* the module's other .tf files: variable defaults and locals */
    size_t n_siblings;
    const InputOpts *opts;
    /* a module a `module` block of the caller's main file calls with a local source: that
     * block's arguments are its variables' values, evaluated in the caller; NULL for the root */
    const struct Tf *caller;
    const HclBlock *call;
    int depth; /* module calls followed to reach this one */
} Tf;

/* A value and the file it is written in. */
typedef struct Resolved {
    const HclValue *node;
    const TfFile *file;
} Resolved;

/* An iteration variable of a dynamic block or a resource's for_each. */
typedef struct Scope {
    const char *name;
    Resolved key, value;
    const struct Scope *up;
} Scope;

typedef struct Eval {
    Resolved out;
    char *why; /* when it cannot be evaluated: what was not known */
} Eval;

static char *ref_text(const HclValue *v)
{
    if (v->kind != HCL_REF)
        return xstrdup(v->text ? v->text : "");
    size_t len = 1;
    for (size_t idx = 0; idx < v->n_path; idx++)
        len += strlen(v->path[idx]) + 1;
    char *text = xcalloc(1, len);
    for (size_t idx = 0; idx < v->n_path; idx++) {
        if (idx)
            strcat(text, ".");
        strcat(text, v->path[idx]);
    }
    return text;
}

static const HclAttr *find_block_attr(const HclBody *body, const char *type, const char *label,
                                      const char *attr, const HclBlock **where)
{
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *block = &body->blocks[idx];
        if (strcmp(block->type, type))
            continue;
        if (label && (block->n_labels != 1 || strcmp(block->labels[0], label)))
            continue;
        const HclAttr *found = hcl_attr(&block->body, attr);
        if (found) {
            if (where)
                *where = block;
            return found;
        }
    }
    return NULL;
}

/* var.NAME: the argument of the module's call, else the last .tfvars that sets it (the root
 * module's only: Terraform gives a called module no .tfvars), else its default in the module. */
static bool lookup_var(const Tf *tf, const char *name, Resolved *out)
{
    if (tf->call) {
        const HclAttr *arg = hcl_attr(&tf->call->body, name);
        if (arg) {
            *out = (Resolved){&arg->value, tf->caller->main};
            return true;
        }
    }
    for (size_t idx = tf->n_vars; idx-- > 0;) {
        const TfFile *file = &tf->vars[idx];
        const HclValue *v = NULL;
        if (file->json) {
            v = hcl_member(&file->root, name);
        } else {
            const HclAttr *attr = hcl_attr(&file->body, name);
            v = attr ? &attr->value : NULL;
        }
        if (v) {
            *out = (Resolved){v, file};
            return true;
        }
    }
    const HclAttr *def = find_block_attr(&tf->main->body, "variable", name, "default", NULL);
    if (def) {
        *out = (Resolved){&def->value, tf->main};
        return true;
    }
    for (size_t idx = 0; idx < tf->n_siblings; idx++) {
        def = find_block_attr(&tf->siblings[idx].body, "variable", name, "default", NULL);
        if (def) {
            *out = (Resolved){&def->value, &tf->siblings[idx]};
            return true;
        }
    }
    return false;
}

static bool lookup_local(const Tf *tf, const char *name, Resolved *out)
{
    const TfFile *files[TF_MAX_FILES + 1];
    size_t n = 0;
    files[n++] = tf->main;
    for (size_t idx = 0; idx < tf->n_siblings && n < TF_MAX_FILES + 1; idx++)
        files[n++] = &tf->siblings[idx];
    for (size_t idx = 0; idx < n; idx++)
        for (size_t b = 0; b < files[idx]->body.n_blocks; b++) {
            const HclBlock *block = &files[idx]->body.blocks[b];
            if (strcmp(block->type, "locals"))
                continue;
            const HclAttr *attr = hcl_attr(&block->body, name);
            if (attr) {
                *out = (Resolved){&attr->value, files[idx]};
                return true;
            }
        }
    return false;
}

static void eval_value(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops);

/* The arguments of a call of Terraform's function `fn` (`merge(a, b, …)`, `toset(list)`),
 * parsed into `args` (at most `max`); 0 when the text is not such a call or an argument does
 * not parse. */
static size_t call_args(Arena *arena, const char *text, const char *fn, HclValue *args, size_t max)
{
    const char *p = text + strspn(text, " \t");
    size_t fn_len = strlen(fn);
    if (strncmp(p, fn, fn_len))
        return 0;
    p += fn_len + strspn(p + fn_len, " \t");
    if (*p != '(')
        return 0;
    size_t n = 0;
    const char *start = ++p;
    int depth = 0;
    char quote = 0;
    for (; *p; p++) {
        if (quote) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == quote)
                quote = 0;
        } else if (*p == '"')
            quote = *p;
        else if (strchr("([{", *p))
            depth++;
        else if (strchr("}]", *p) || (*p == ')' && depth > 0))
            depth--;
        else if ((*p == ',' || *p == ')') && !depth) {
            HclError err;
            if (n == max || !hcl_parse_value(arena, start, (size_t)(p - start), &args[n], &err))
                return 0;
            n++;
            if (*p == ')')
                return p[1 + strspn(p + 1, " \t\r\n")] ? 0 : n;
            start = p + 1;
        }
    }
    return 0;
}

/* The rest of a reference's path, from `from`, over the value `at`. */
static void traverse(const Tf *tf, const Scope *scope, Resolved at, const HclValue *ref,
                     size_t from, Eval *ev, int hops)
{
    for (size_t idx = from; idx < ref->n_path; idx++) {
        eval_value(tf, scope, at, ev, hops + 1);
        if (ev->why)
            return;
        at = ev->out;
        const char *part = ref->path[idx];
        const HclValue *next = NULL;
        if (at.node->kind == HCL_OBJECT) {
            next = hcl_member(at.node, part);
        } else if (at.node->kind == HCL_TUPLE) {
            char *end;
            unsigned long n = strtoul(part, &end, 10);
            if (!*end && n < at.node->n_items)
                next = &at.node->items[n];
        }
        if (!next) {
            char *text = ref_text(ref);
            ev->why = xasprintf("%s: no \"%s\" there", text, part);
            free(text);
            return;
        }
        at.node = next;
    }
    eval_value(tf, scope, at, ev, hops + 1);
}

/* The module whose files hold `file`: a module call's argument is the caller's, whose var.
 * and local. are its own. */
static const Tf *file_owner(const Tf *tf, const TfFile *file)
{
    for (const Tf *at = tf; at; at = at->caller) {
        if (file == at->main)
            return at;
        for (size_t idx = 0; idx < at->n_vars; idx++)
            if (file == &at->vars[idx])
                return at;
        for (size_t idx = 0; idx < at->n_siblings; idx++)
            if (file == &at->siblings[idx])
                return at;
    }
    return tf;
}

static void eval_ref(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops)
{
    const HclValue *ref = in.node;
    const char *head = ref->path[0];
    Resolved at;
    for (const Scope *s = scope; s; s = s->up) {
        if (strcmp(s->name, head))
            continue;
        if (ref->n_path >= 2 && !strcmp(ref->path[1], "value"))
            return traverse(tf, s->up, s->value, ref, 2, ev, hops);
        if (ref->n_path >= 2 && !strcmp(ref->path[1], "key"))
            return traverse(tf, s->up, s->key, ref, 2, ev, hops);
        break;
    }
    char *text = ref_text(ref);
    if ((!strcmp(head, "var") || !strcmp(head, "local")) && ref->n_path >= 2) {
        const Tf *owner = file_owner(tf, in.file);
        bool found = !strcmp(head, "var") ? lookup_var(owner, ref->path[1], &at)
                                          : lookup_local(owner, ref->path[1], &at);
        if (found) {
            free(text);
            return traverse(tf, scope, at, ref, 2, ev, hops);
        }
        ev->why = !strcmp(head, "var")
                      ? xasprintf("%s has no value: no default, and no terraform.tfvars or "
                                  "*.auto.tfvars beside the file sets it",
                                  text)
                      : xasprintf("%s is not defined in the module's locals", text);
    } else {
        ev->why = xasprintf("%s is known only when Terraform runs", text);
    }
    free(text);
}

/* The top-level `?` and its `:` in a conditional's text (outside strings, brackets and
 * interpolations), false when the text is no such expression or nests another. */
static bool split_conditional(const char *text, const char **ask, const char **colon)
{
    int depth = 0;
    bool quoted = false;
    *ask = *colon = NULL;
    for (const char *p = text; *p; p++) {
        if (quoted) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                quoted = false;
            else if (*p == '$' && p[1] == '{') { /* an interpolation: its braces pass */
                int braces = 0;
                for (p++; *p && (*p != '}' || --braces > 0); p++)
                    braces += *p == '{';
                if (!*p)
                    return false;
            }
            continue;
        }
        if (*p == '"')
            quoted = true;
        else if (strchr("([{", *p))
            depth++;
        else if (strchr(")]}", *p) && depth)
            depth--;
        else if (!depth && *p == '?') {
            if (*ask)
                return false;
            *ask = p;
        } else if (!depth && *p == ':' && *ask) {
            if (*colon)
                return false;
            *colon = p;
        }
    }
    return *ask && *colon;
}

/* `COND ? A : B` whose COND is `X == null`, `X != null` (a member an object lacks is null, as
 * Terraform's optional attributes are), `X == "text"`, `X != "text"` or a bool: the branch it
 * takes, evaluated (review 2026-12zo, h59: a group's family `each.value.f != null ?
 * each.value.f : …`). False when the text is no such conditional; ev->why when COND is not
 * known. */
static bool eval_conditional(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops)
{
    const char *text = in.node->text, *ask, *colon;
    if (!split_conditional(text, &ask, &colon))
        return false;
    const char *eq = strstr(text, "=="), *ne = strstr(text, "!=");
    const char *op = eq && eq < ask ? eq : ne && ne < ask ? ne : NULL;
    HclValue *left = arena_alloc(tf->arena, sizeof *left), right = {0}, *branch;
    branch = arena_alloc(tf->arena, sizeof *branch);
    HclError err;
    if (!hcl_parse_value(tf->arena, text, (size_t)((op ? op : ask) - text), left, &err) ||
        (op && !hcl_parse_value(tf->arena, op + 2, (size_t)(ask - op - 2), &right, &err)))
        return false;
    eval_value(tf, scope, (Resolved){left, in.file}, ev, hops + 1);
    bool missing = ev->why && strstr(ev->why, ": no \"") != NULL;
    bool is_null = missing || (!ev->why && ev->out.node->kind == HCL_NULL);
    bool holds;
    if (op && right.kind == HCL_NULL && (!ev->why || missing))
        holds = is_null == (op == eq);
    else if (op && right.kind == HCL_STRING && right.text && !ev->why &&
             ev->out.node->kind == HCL_STRING && ev->out.node->text)
        holds = (strcmp(ev->out.node->text, right.text) == 0) == (op == eq);
    else if (!op && !ev->why && ev->out.node->kind == HCL_BOOL && ev->out.node->text)
        holds = !strcmp(ev->out.node->text, "true");
    else {
        char *cond = xstrndup(text, (size_t)(ask - text));
        free(ev->why);
        ev->why = xasprintf("the condition %s is not known", cond);
        free(cond);
        return true;
    }
    const char *from = holds ? ask + 1 : colon + 1, *to = holds ? colon : text + strlen(text);
    if (!hcl_parse_value(tf->arena, from, (size_t)(to - from), branch, &err)) {
        free(ev->why);
        ev->why = xstrdup("an expression, evaluated only by Terraform");
        return true;
    }
    branch->line = in.node->line;
    branch->column = in.node->column;
    eval_value(tf, scope, (Resolved){branch, in.file}, ev, hops + 1);
    return true;
}

/* A quoted template of literal text and `${…}` interpolations, each a value that evaluates to
 * a string, number or bool ("${each.value.engine}${each.value.engine_version}": "postgres16"),
 * as one string. False when the text is no such template (a `%{` directive); ev->why when an
 * interpolation is not known. */
static bool eval_template(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops)
{
    const char *text = in.node->text;
    size_t n = strlen(text);
    if (n < 2 || text[0] != '"' || text[n - 1] != '"' || strstr(text, "%{"))
        return false;
    StrBuf out = STRBUF_INIT;
    for (const char *p = text + 1; p < text + n - 1;) {
        if (!strncmp(p, "$${", 3)) { /* an escaped, literal ${ */
            sb_put(&out, "${");
            p += 3;
            continue;
        }
        if (strncmp(p, "${", 2)) {
            if (*p == '\\' && p + 1 < text + n - 1) /* the escapes plain strings take */
                p++;
            sb_putc(&out, *p++);
            continue;
        }
        const char *start = p + 2, *end = start;
        for (int depth = 1; end < text + n - 1 && (depth -= *end == '}') > 0; end++)
            depth += *end == '{';
        HclValue *part = arena_alloc(tf->arena, sizeof *part);
        HclError err;
        if (end >= text + n - 1 ||
            !hcl_parse_value(tf->arena, start, (size_t)(end - start), part, &err)) {
            sb_free(&out);
            return false;
        }
        part->line = in.node->line;
        part->column = in.node->column;
        eval_value(tf, scope, (Resolved){part, in.file}, ev, hops + 1);
        if (!ev->why && !(ev->out.node->kind == HCL_STRING || ev->out.node->kind == HCL_NUMBER ||
                          ev->out.node->kind == HCL_BOOL)) {
            ev->why = xstrdup("an interpolation of what is not a string");
        }
        if (ev->why) {
            sb_free(&out);
            return true;
        }
        sb_put(&out, ev->out.node->text ? ev->out.node->text : "");
        p = end + 1;
    }
    HclValue *value = arena_alloc(tf->arena, sizeof *value);
    *value = (HclValue){.kind = HCL_STRING,
                        .text = arena_strdup(tf->arena, sb_str(&out)),
                        .line = in.node->line,
                        .column = in.node->column};
    sb_free(&out);
    ev->out = (Resolved){value, in.file};
    return true;
}

/* The text of an argument evaluated to a string, number or bool (as_string's), or NULL with
 * ev->why set. */
static char *string_arg(const Tf *tf, const Scope *scope, const HclValue *arg, const TfFile *file,
                        Eval *ev, int hops)
{
    eval_value(tf, scope, (Resolved){arg, file}, ev, hops + 1);
    if (ev->why)
        return NULL;
    const HclValue *v = ev->out.node;
    if (v->kind == HCL_STRING || v->kind == HCL_NUMBER || v->kind == HCL_BOOL)
        return v->kind == HCL_NUMBER ? (v->text ? xstrdup(v->text) : xstrdup(""))
                                     : xstrdup(v->text ? v->text : "");
    /* a negative number is an expression to the parser ("-2") */
    if (v->kind == HCL_EXPR && v->text && v->text[0] == '-' && isdigit((unsigned char)v->text[1]) &&
        strspn(v->text + 1, "0123456789") == strlen(v->text + 1)) {
        free(ev->why);
        ev->why = NULL;
        return xstrdup(v->text);
    }
    free(ev->why);
    ev->why = xstrdup("an argument that is not a string");
    return NULL;
}

/* The UTF-8 characters of `text` from character `offset` (negative: from the end), `length` of
 * them (-1: to the end), as Terraform's substr() takes them. */
static char *utf8_substr(const char *text, long offset, long length)
{
    size_t n_chars = 0, len = strlen(text);
    for (size_t idx = 0; idx < len; idx++)
        n_chars += ((unsigned char)text[idx] & 0xC0) != 0x80;
    if (offset < 0)
        offset += (long)n_chars;
    if (offset < 0)
        offset = 0;
    if ((size_t)offset > n_chars)
        offset = (long)n_chars;
    size_t end_char =
        length < 0 || (size_t)(offset + length) > n_chars ? n_chars : (size_t)(offset + length);
    size_t from = len, to = len, at = 0;
    for (size_t idx = 0; idx <= len; idx++) {
        if (idx < len && ((unsigned char)text[idx] & 0xC0) == 0x80)
            continue;
        if (at == (size_t)offset && from == len)
            from = idx;
        if (at == end_char) {
            to = idx;
            break;
        }
        at++;
    }
    if (from > to)
        from = to;
    return xstrndup(text + from, to - from);
}

/* Terraform's string functions a family or version is written with: lower, upper, substr,
 * replace (of a literal substring), trimprefix, trimsuffix (review 2026-12zo and held-out set
 * 61, h61b 25: `aurora-postgresql${substr(each.value, -2, 2)}` read as no major). False when
 * the text is no such call. */
static bool eval_string_call(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops)
{
    static const struct {
        const char *name;
        size_t n_args;
    } fns[] = {{"lower", 1},   {"upper", 1},      {"substr", 3},
               {"replace", 3}, {"trimprefix", 2}, {"trimsuffix", 2}};
    HclValue args[3];
    size_t which = sizeof fns / sizeof fns[0];
    for (size_t idx = 0; idx < sizeof fns / sizeof fns[0] && which == sizeof fns / sizeof fns[0];
         idx++)
        if (call_args(tf->arena, in.node->text, fns[idx].name, args, 3) == fns[idx].n_args)
            which = idx;
    if (which == sizeof fns / sizeof fns[0])
        return false;
    char *text[3] = {NULL, NULL, NULL};
    for (size_t idx = 0; idx < fns[which].n_args; idx++)
        if (!(text[idx] = string_arg(tf, scope, &args[idx], in.file, ev, hops)))
            break;
    char *result = NULL;
    if (!ev->why) {
        const char *name = fns[which].name;
        if (!strcmp(name, "lower") || !strcmp(name, "upper")) {
            result = xstrdup(text[0]);
            for (char *c = result; *c; c++)
                *c = (char)(name[0] == 'l' ? tolower((unsigned char)*c)
                                           : toupper((unsigned char)*c));
        } else if (!strcmp(name, "substr")) {
            char *end1, *end2;
            long offset = strtol(text[1], &end1, 10), length = strtol(text[2], &end2, 10);
            if (*end1 || *end2 || !*text[1] || !*text[2])
                ev->why = xstrdup("substr() with an offset or length that is not a whole number");
            else
                result = utf8_substr(text[0], offset, length);
        } else if (!strcmp(name, "replace")) {
            size_t sub = strlen(text[1]);
            if (!sub || (sub > 1 && text[1][0] == '/' && text[1][sub - 1] == '/'))
                ev->why = xstrdup("replace() of a regular expression, evaluated only by "
                                  "Terraform");
            else {
                StrBuf sb = STRBUF_INIT;
                for (const char *p = text[0]; *p;) {
                    if (!strncmp(p, text[1], sub)) {
                        sb_put(&sb, text[2]);
                        p += sub;
                    } else
                        sb_putc(&sb, *p++);
                }
                result = sb_detach(&sb);
            }
        } else {
            size_t len = strlen(text[0]), cut = strlen(text[1]);
            bool prefix = !strcmp(name, "trimprefix");
            bool has = cut <= len && !strncmp(prefix ? text[0] : text[0] + len - cut, text[1], cut);
            result = !has     ? xstrdup(text[0])
                     : prefix ? xstrdup(text[0] + cut)
                              : xstrndup(text[0], len - cut);
        }
    }
    for (size_t idx = 0; idx < 3; idx++)
        free(text[idx]);
    if (!result)
        return true;
    HclValue *value = arena_alloc(tf->arena, sizeof *value);
    *value = (HclValue){.kind = HCL_STRING,
                        .text = arena_strdup(tf->arena, result),
                        .line = in.node->line,
                        .column = in.node->column};
    free(result);
    ev->out = (Resolved){value, in.file};
    return true;
}

/* Follows references until a literal; ev->why names what is not known. */
static void eval_value(const Tf *tf, const Scope *scope, Resolved in, Eval *ev, int hops)
{
    free(ev->why);
    ev->why = NULL;
    ev->out = in;
    if (hops > TF_MAX_HOPS) {
        ev->why = xstrdup("references nested too deep (or circular)");
        return;
    }
    if (in.node->kind == HCL_REF)
        return eval_ref(tf, scope, in, ev, hops);
    /* toset(list): the list's values (each once; for_each over a literal list of families:
     * review 2026-12zo, h57b 28, MySQL groups checked as PostgreSQL) */
    HclValue *arg = NULL;
    if (in.node->kind == HCL_EXPR && in.node->text && (arg = arena_alloc(tf->arena, sizeof *arg)) &&
        call_args(tf->arena, in.node->text, "toset", arg, 1) == 1) {
        eval_value(tf, scope, (Resolved){arg, in.file}, ev, hops + 1);
        if (!ev->why && ev->out.node->kind != HCL_TUPLE) {
            ev->why = xstrdup("toset() of what is not a list");
        }
        return;
    }
    if (in.node->kind == HCL_EXPR && in.node->text &&
        (eval_conditional(tf, scope, in, ev, hops) || eval_template(tf, scope, in, ev, hops) ||
         eval_string_call(tf, scope, in, ev, hops)))
        return;
    if (in.node->kind == HCL_EXPR) {
        const char *t = in.node->text;
        size_t id = strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:-");
        ev->why = xstrdup(id && t[id] == '(' ? "a function call, evaluated only by Terraform"
                                             : "an expression, evaluated only by Terraform");
    }
}

/* ---- entries ----------------------------------------------------------------------------------
 */

typedef struct Emit {
    const Tf *tf;
    DocBuilder *b;
    bool aws; /* an RDS parameter group: values may be formulas */
    /* the options its formulas are evaluated with (the instance that uses the group named its
     * class); NULL: the input's own */
    const InputOpts *opts;
} Emit;

/* What Terraform passes for a string argument: a number as its decimal text, a bool as
 * true/false. */
static char *as_string(const HclValue *v)
{
    if (v->kind != HCL_NUMBER)
        return xstrdup(v->text ? v->text : "");
    if (!strpbrk(v->text, ".eE"))
        return xstrdup(v->text);
    char *text = xasprintf("%.15g", strtod(v->text, NULL));
    return text;
}

static void add_entry_in(DocBuilder *b, const TfFile *file, const char *name, const char *value,
                         int line, int column)
{
    if (file->data == b->buf) {
        builder_add_entry(b, name, value, line, column, true);
        return;
    }
    DocBuilder saved = *b;
    b->file = file->path;
    b->buf = file->data;
    b->len = file->len;
    b->last_line = 0;
    b->last_line_offset = 0;
    builder_add_entry(b, name, value, line, column, true);
    saved.cap_entries = b->cap_entries;
    saved.cap_notes = b->cap_notes;
    saved.cap_hba = b->cap_hba;
    *b = saved;
    ConfSet *set = &b->doc->set;
    for (size_t idx = 0; idx < set->n_files; idx++)
        if (!strcmp(set->files[idx], file->path))
            return;
    Arena *arena = arena_get(&set->arena); /* the set's array and strings live in its arena */
    set->files = arena_realloc(arena, set->files, set->n_files * sizeof(char *),
                               (set->n_files + 1) * sizeof(char *));
    set->files[set->n_files++] = arena_strdup(arena, file->path);
}

#define RDS_APPLY_DOC "https://docs.aws.amazon.com/AmazonRDS/latest/APIReference/API_Parameter.html"

/* AWS refuses ApplyMethod "immediate" for a static parameter (one that takes a restart: the
 * server's postmaster context) with "InvalidParameterCombination: cannot use immediate apply
 * method for static parameter"; the AWS provider's default apply_method is "immediate". So such
 * a parameter needs apply_method = "pending-reboot", or terraform apply fails. */
static void check_apply_method(Emit *em, const Scope *scope, const TfFile *here, const char *name,
                               const char *value, const HclValue *name_at, const HclValue *apply)
{
    int major = em->b->doc->pg_major;
    int checked = major >= 13 && major <= 18 ? major : 18;
    const CatalogParam *param = catalog_find(catalog_for_major(checked), name);
    /* a contrib module's too: pg_stat_statements.max takes a restart (held-out set 49, h49b
     * 25: the same refusal, unsaid) */
    if (!param)
        param = catalog_contrib_find(catalog_contrib_for_major(checked), name, NULL);
    if (!param || param->context != GUC_CTX_POSTMASTER)
        return;
    int line = name_at->line, column = name_at->column;
    if (apply) {
        Eval ev = {0};
        eval_value(em->tf, scope, (Resolved){apply, here}, &ev, 0);
        bool immediate =
            !ev.why &&
            (ev.out.node->kind == HCL_NULL ||
             (ev.out.node->kind == HCL_STRING && !strcasecmp(ev.out.node->text, "immediate")));
        free(ev.why);
        if (!immediate)
            return;
        if (ev.out.node->kind != HCL_NULL && ev.out.file == here) {
            line = apply->line;
            column = apply->column;
        }
    }
    InputNote *note = builder_add_note(
        em->b, NOTE_OPERATOR_REFUSES, name, value, line, column, RDS_APPLY_DOC,
        "%s is a static parameter (it takes a restart): AWS refuses apply_method "
        "\"immediate\" for it (\"cannot use immediate apply method for static parameter\"), and "
        "%s",
        name, apply ? "this block asks for it" : "it is the AWS provider's default");
    note->hint = xstrdup("set apply_method = \"pending-reboot\" in this parameter");
}

/* One parameter: `name` and `value` as written where the parameter is (`at`: its block or
 * object), evaluated in `scope`; `apply` its apply_method (an RDS group's), NULL when absent. */
static void emit_param(Emit *em, const Scope *scope, const HclValue *name, const HclValue *value,
                       const HclValue *apply, const TfFile *here, int line, int column)
{
    DocBuilder *b = em->b;
    if (!name) {
        builder_add_note(b, NOTE_FORMULA, NULL, "", line, column, NULL,
                         "a parameter without a name: Terraform refuses it");
        return;
    }
    Eval ev = {0};
    eval_value(em->tf, scope, (Resolved){name, here}, &ev, 0);
    if (ev.why || ev.out.node->kind == HCL_NULL || ev.out.node->kind == HCL_TUPLE ||
        ev.out.node->kind == HCL_OBJECT) {
        char *text = ref_text(name);
        builder_add_note(b, NOTE_FORMULA, NULL, text, name->line, name->column, TF_DYNAMIC_DOC,
                         "parameter name %s cannot be evaluated: %s; not checked", text,
                         ev.why ? ev.why : "not a string");
        free(text);
        free(ev.why);
        return;
    }
    Resolved name_at = ev.out;
    char *name_text = as_string(name_at.node);
    if (!value) {
        builder_add_note(b, NOTE_DROPPED, name_text, "", name->line, name->column, NULL,
                         "parameter %s has no value: Terraform refuses the block", name_text);
        free(name_text);
        return;
    }
    eval_value(em->tf, scope, (Resolved){value, here}, &ev, 0);
    if (ev.why) {
        char *text = ref_text(value);
        builder_add_note(b, NOTE_FORMULA, name_text, text, name->line, name->column, TF_DYNAMIC_DOC,
                         "%s = %s cannot be evaluated: %s; not checked", name_text, text, ev.why);
        /* whether a parameter takes a restart does not depend on its value (review 2026-12zo,
         * h56b 23: a static shared_buffers' formula hid the refusal) */
        if (em->aws)
            check_apply_method(em, scope, here, name_text, text, name, apply);
        free(text);
    } else if (ev.out.node->kind == HCL_NULL) {
        builder_add_note(b, NOTE_DROPPED, name_text, "", value->line, value->column, NULL,
                         "%s is null: Terraform sends no value", name_text);
    } else if (ev.out.node->kind == HCL_TUPLE || ev.out.node->kind == HCL_OBJECT) {
        builder_add_note(b, NOTE_NOT_A_STRING, name_text, "", value->line, value->column, NULL,
                         "%s is a %s, not a string: Terraform refuses it", name_text,
                         ev.out.node->kind == HCL_TUPLE ? "list" : "map");
    } else {
        char *text = as_string(ev.out.node);
        if (em->aws && rds_is_formula(text)) { /* the group's formulas, as the RDS reader's */
            char *computed = rds_formula_value(
                b, name_text, text, em->opts ? em->opts : em->tf->opts, name->line, name->column);
            if (!computed) {
                check_apply_method(em, scope, here, name_text, text, name, apply);
                free(text);
                free(ev.why);
                free(name_text);
                return;
            }
            free(text);
            text = computed;
        }
        add_entry_in(b, name_at.file, name_text, text, name_at.node->line, name_at.node->column);
        if (em->aws)
            check_apply_method(em, scope, here, name_text, text, name, apply);
        input_doc_value_at(b->doc, b->doc->set.n_entries - 1, ev.out.file->path, ev.out.node->line,
                           ev.out.node->column);
        free(text);
    }
    free(ev.why);
    free(name_text);
}

/* Each element of `coll` (a list: key = index; a map: key = member key) as `iter`. */
typedef void (*EachFn)(Emit *em, const Scope *scope, const void *arg);

/* for_each over merge(…) of maps: each key once, from the last map that has it, with the file
 * its value is written in (held-out set 53, 27: merge(var.fpsql_server_configuration,
 * var.fpsql_extra_server_configuration), "cannot be evaluated", and track_io_timing, which the
 * first map turns on, recommended). False when it is no such call or a map is not known. */
static bool for_each_merged(Emit *em, const Scope *up, const char *iter, const HclValue *coll,
                            const TfFile *here, EachFn fn, const void *arg)
{
    enum { MERGE_MAX = 16 };
    HclValue args[MERGE_MAX];
    size_t n = coll->kind == HCL_EXPR && coll->text
                   ? call_args(em->tf->arena, coll->text, "merge", args, MERGE_MAX)
                   : 0;
    Resolved maps[MERGE_MAX];
    for (size_t idx = 0; idx < n; idx++) {
        Eval ev = {0};
        eval_value(em->tf, up, (Resolved){&args[idx], here}, &ev, 0);
        bool known = !ev.why && ev.out.node->kind == HCL_OBJECT;
        free(ev.why);
        if (!known)
            return false;
        maps[idx] = ev.out;
    }
    for (size_t idx = 0; idx < n; idx++)
        for (size_t item = 0; item < maps[idx].node->n_items; item++) {
            const HclValue *member = &maps[idx].node->items[item];
            bool later = false;
            for (size_t next = idx + 1; next < n && !later; next++)
                later = member->key && hcl_member(maps[next].node, member->key);
            if (later)
                continue;
            HclValue key = {.kind = HCL_STRING,
                            .text = xstrdup(member->key ? member->key : ""),
                            .line = member->key_line,
                            .column = member->key_column};
            Scope scope = {iter, {&key, maps[idx].file}, {member, maps[idx].file}, up};
            fn(em, &scope, arg);
            free(key.text);
        }
    return n > 0;
}

static void for_each(Emit *em, const Scope *up, const char *iter, const HclValue *coll,
                     const TfFile *here, int line, int column, EachFn fn, const void *arg)
{
    if (for_each_merged(em, up, iter, coll, here, fn, arg))
        return;
    Eval ev = {0};
    eval_value(em->tf, up, (Resolved){coll, here}, &ev, 0);
    if (ev.why || (ev.out.node->kind != HCL_TUPLE && ev.out.node->kind != HCL_OBJECT)) {
        char *text = ref_text(coll);
        builder_add_note(em->b, NOTE_FORMULA, NULL, text, line, column, TF_DYNAMIC_DOC,
                         "for_each = %s cannot be evaluated: %s; the parameters it makes are "
                         "not checked",
                         text, ev.why ? ev.why : "not a list or a map");
        free(text);
        free(ev.why);
        return;
    }
    const HclValue *list = ev.out.node;
    for (size_t idx = 0; idx < list->n_items; idx++) {
        const HclValue *item = &list->items[idx];
        HclValue key = {.kind = list->kind == HCL_OBJECT ? HCL_STRING : HCL_NUMBER,
                        .line = list->kind == HCL_OBJECT ? item->key_line : item->line,
                        .column = list->kind == HCL_OBJECT ? item->key_column : item->column};
        key.text =
            list->kind == HCL_OBJECT ? xstrdup(item->key ? item->key : "") : xasprintf("%zu", idx);
        Scope scope = {iter, {&key, ev.out.file}, {item, ev.out.file}, up};
        fn(em, &scope, arg);
        free(key.text);
    }
}

/* ---- parameter blocks --------------------------------------------------------------------------
 */

typedef struct Content {
    const HclBody *body;
    const TfFile *file;
} Content;

static void emit_content(Emit *em, const Scope *scope, const void *arg)
{
    const Content *c = arg;
    const HclAttr *name = hcl_attr(c->body, "name");
    const HclAttr *value = hcl_attr(c->body, "value");
    const HclAttr *apply = hcl_attr(c->body, "apply_method");
    emit_param(em, scope, name ? &name->value : NULL, value ? &value->value : NULL,
               apply ? &apply->value : NULL, c->file, name ? name->line : 0,
               name ? name->column : 0);
}

/* The `block` blocks of `body` (parameter, database_flags), and `dynamic "block"` ones. */
static void read_blocks(Emit *em, const Scope *scope, const HclBody *body, const TfFile *file,
                        const char *block)
{
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *child = &body->blocks[idx];
        if (!strcmp(child->type, block) && !child->n_labels) {
            Content c = {&child->body, file};
            emit_content(em, scope, &c);
            continue;
        }
        if (strcmp(child->type, "dynamic") || child->n_labels != 1 ||
            strcmp(child->labels[0], block))
            continue;
        const HclAttr *coll = hcl_attr(&child->body, "for_each");
        const HclAttr *iter = hcl_attr(&child->body, "iterator");
        const char *iter_name = block;
        char *iter_text = NULL;
        if (iter && iter->value.kind == HCL_REF && iter->value.n_path == 1)
            iter_name = iter_text = xstrdup(iter->value.path[0]);
        const HclBlock *content = NULL;
        for (size_t c = 0; c < child->body.n_blocks; c++)
            if (!strcmp(child->body.blocks[c].type, "content"))
                content = &child->body.blocks[c];
        if (coll && content) {
            Content c = {&content->body, file};
            for_each(em, scope, iter_name, &coll->value, file, coll->line, coll->column,
                     emit_content, &c);
        }
        free(iter_text);
    }
}

/* A list of { name = …, value = … } objects (a module's `parameters`, a plan's blocks). */
static void emit_object(Emit *em, const Scope *scope, const void *arg)
{
    const TfFile *file = arg;
    const HclValue *item = scope->value.node;
    if (item->kind != HCL_OBJECT)
        return;
    const HclValue *name = hcl_member(item, "name"), *value = hcl_member(item, "value");
    /* evaluated as written in the element: no iteration variable in a literal list */
    emit_param(em, scope->up, name, value, hcl_member(item, "apply_method"),
               scope->value.file ? scope->value.file : file, item->line, item->column);
}

static void read_object_list(Emit *em, const Scope *scope, const HclValue *list, const TfFile *file,
                             int line, int column)
{
    for_each(em, scope, "", list, file, line, column, emit_object, file);
}

/* ---- documents --------------------------------------------------------------------------------
 */

/* postgres16, aurora-postgresql15, POSTGRES_15, "16": the major; 0 when none or not known; -1
 * when the text names another engine. */
static int major_in_text(const HclValue *v, bool engine_named)
{
    if (!v || (v->kind != HCL_STRING && v->kind != HCL_NUMBER))
        return 0;
    const char *text = v->text;
    if (engine_named && !strcasestr(text, "postgres"))
        return -1;
    while (*text && (*text < '0' || *text > '9'))
        text++;
    int major = atoi(text);
    return major >= 90 && major < 100 ? 9 : major;
}

/* The same for an attribute, through variables and locals. */
static int major_of(const Tf *tf, const HclValue *v, bool engine_named)
{
    if (!v)
        return 0;
    Eval ev = {0};
    eval_value(tf, NULL, (Resolved){v, tf->main}, &ev, 0);
    int major = ev.why ? 0 : major_in_text(ev.out.node, engine_named);
    free(ev.why);
    return major;
}

/* A resource's `count`, as Terraform evaluates the forms a module writes to make a resource
 * optional: a number, or `COND ? N : M` whose COND is a bool or `REF == "text"` (or `!=`) of
 * a known value; -1 when pgknob cannot tell (held-out set 53, h53b 23: a MySQL group with
 * `count = var.rds_db_engine == "mysql" ? 1 : 0` read as a second PostgreSQL group). */
static long resource_count(const Tf *tf, const HclBlock *block)
{
    const HclAttr *count = hcl_attr(&block->body, "count");
    if (!count)
        return 1;
    const HclValue *v = &count->value;
    if (v->kind == HCL_NUMBER && v->text)
        return strtol(v->text, NULL, 10);
    if (v->kind != HCL_EXPR || !v->text)
        return -1;
    const char *text = v->text, *ask = strchr(text, '?'), *colon = ask ? strchr(ask, ':') : NULL;
    if (!ask || !colon || strchr(colon + 1, '?'))
        return -1;
    char *end_n, *end_m;
    long n = strtol(ask + 1, &end_n, 10), m = strtol(colon + 1, &end_m, 10);
    if (end_n == ask + 1 || end_n[strspn(end_n, " \t")] != ':' || end_m == colon + 1 ||
        end_m[strspn(end_m, " \t\r\n")])
        return -1;
    const char *eq = strstr(text, "=="), *ne = strstr(text, "!=");
    const char *op = eq && eq < ask ? eq : ne && ne < ask ? ne : NULL;
    HclValue left, right;
    HclError err;
    if (!hcl_parse_value(tf->arena, text, (size_t)((op ? op : ask) - text), &left, &err) ||
        (op && !hcl_parse_value(tf->arena, op + 2, (size_t)(ask - op - 2), &right, &err)))
        return -1;
    Eval ev = {0};
    eval_value(tf, NULL, (Resolved){&left, tf->main}, &ev, 0);
    bool known = !ev.why && ev.out.node->text &&
                 (op ? ev.out.node->kind == HCL_STRING && right.kind == HCL_STRING && right.text
                     : ev.out.node->kind == HCL_BOOL);
    bool holds = known && (op ? (strcmp(ev.out.node->text, right.text) == 0) == (op == eq)
                              : !strcmp(ev.out.node->text, "true"));
    free(ev.why);
    return !known ? -1 : holds ? n : m;
}

/* The module the input is: a called module's documents are the input's, at its call. */
static const Tf *root_of(const Tf *tf)
{
    while (tf->caller)
        tf = tf->caller;
    return tf;
}

/* `label` (malloc'd) is the resource's; a called module's is prefixed with its calls'
 * addresses, as Terraform names it (module.rds.aws_db_parameter_group.this). */
static InputDoc *new_doc(InputResult *out, DocBuilder *b, const Tf *tf, char *label)
{
    InputDoc *doc = input_result_add(out);
    const Tf *root = root_of(tf);
    builder_init(b, doc, INPUT_TERRAFORM, root->main->path, root->main->data, root->main->len);
    for (const Tf *at = tf; at->call; at = at->caller) {
        char *outer = xasprintf("module.%s.%s", at->call->labels[0], label);
        free(label);
        label = outer;
    }
    doc->label = label;
    return doc;
}

/* Does a called module's expression `v` (a family Terraform computes: "postgres${…}"), or its
 * call's `engine` argument, name PostgreSQL? */
/* The attribute `attr` of the data source a family reads its engine's from
 * (`data.aws_rds_engine_version.NAME.parameter_group_family`), in the module's files; NULL when
 * `v` is no such reference. *file: the file it is written in. */
static const HclAttr *engine_data_attr(const Tf *tf, const HclValue *v, const char *attr,
                                       const TfFile **file)
{
    if (!v || v->kind != HCL_REF || v->n_path != 4 || strcmp(v->path[0], "data") ||
        strcmp(v->path[1], "aws_rds_engine_version") ||
        strcmp(v->path[3], "parameter_group_family"))
        return NULL;
    for (size_t idx = 0; idx <= tf->n_siblings; idx++) {
        const TfFile *in = idx ? &tf->siblings[idx - 1] : tf->main;
        for (size_t b = 0; !in->json && b < in->body.n_blocks; b++) {
            const HclBlock *block = &in->body.blocks[b];
            if (!strcmp(block->type, "data") && block->n_labels == 2 &&
                !strcmp(block->labels[0], v->path[1]) && !strcmp(block->labels[1], v->path[2])) {
                *file = in;
                return hcl_attr(&block->body, attr);
            }
        }
    }
    return NULL;
}

static bool call_names_postgres(const Tf *tf, const HclValue *v)
{
    if (v && v->kind == HCL_EXPR && v->text && strcasestr(v->text, "postgres"))
        return true;
    /* a family read from the engine's data source: its engine (aurora-postgresql) */
    const TfFile *data_file = NULL;
    const HclAttr *data_engine = engine_data_attr(tf, v, "engine", &data_file);
    if (data_engine) {
        Eval ev = {0};
        eval_value(tf, NULL, (Resolved){&data_engine->value, data_file}, &ev, 0);
        bool named = !ev.why && ev.out.node->text && strcasestr(ev.out.node->text, "postgres");
        free(ev.why);
        if (named)
            return true;
    }
    const HclAttr *engine = tf->call ? hcl_attr(&tf->call->body, "engine") : NULL;
    if (!engine)
        return false;
    Eval ev = {0};
    eval_value(tf->caller, NULL, (Resolved){&engine->value, tf->caller->main}, &ev, 0);
    bool named = !ev.why && ev.out.node->text && strcasestr(ev.out.node->text, "postgres");
    free(ev.why);
    return named;
}

/* A called module's document takes its version at the call in the input: the module's `key`
 * attribute `v` evaluated with the call's arguments ("family (module.rds: parameter_group.tf
 * line 7)"), else, where that is an expression only Terraform evaluates ("postgres${split(…)}")
 * and it or the call's `engine` names PostgreSQL, the call's engine_version. */
static void module_doc_version(InputDoc *doc, const Tf *tf, const HclValue *v, const char *key)
{
    if (!tf->call)
        return;
    const Tf *root = root_of(tf);
    const HclBlock *outer = tf->call;
    for (const Tf *at = tf; at->caller && at->caller->call; at = at->caller)
        outer = at->caller->call;
    Arena *arena = arena_get(&doc->set.arena);
    const char *file = strrchr(tf->main->path, '/');
    file = file ? file + 1 : tf->main->path;
    Eval ev = {0};
    if (v)
        eval_value(tf, NULL, (Resolved){v, tf->main}, &ev, 0);
    if (v && !ev.why && (ev.out.node->kind == HCL_STRING || ev.out.node->kind == HCL_NUMBER) &&
        ev.out.node->text) {
        input_doc_version(doc,
                          arena_printf(arena, "%s (module.%s: %s line %d)", key,
                                       tf->call->labels[0], file, v->line),
                          ev.out.node->text, outer->line, outer->column);
        free(ev.why);
        return;
    }
    const HclAttr *version = hcl_attr(&tf->call->body, "engine_version");
    bool postgres = call_names_postgres(tf, v);
    Eval version_ev = {0};
    /* the engine's data source's version (data.aws_rds_engine_version's `version`, often the
     * call's own argument: review 2026-12zo, h60b 24) before the call's engine_version */
    const TfFile *data_file = NULL;
    const HclAttr *data_version = postgres ? engine_data_attr(tf, v, "version", &data_file) : NULL;
    if (data_version) {
        eval_value(tf, NULL, (Resolved){&data_version->value, data_file}, &version_ev, 0);
        if (!version_ev.why && version_ev.out.node->text) {
            bool here = version_ev.out.file == tf->caller->main && tf->caller == root;
            input_doc_version(
                doc,
                arena_printf(arena, "version of the engine module.%s reads", tf->call->labels[0]),
                version_ev.out.node->text, here ? version_ev.out.node->line : outer->line,
                here ? version_ev.out.node->column : outer->column);
            free(version_ev.why);
            free(ev.why);
            return;
        }
        free(version_ev.why);
        version_ev = (Eval){0};
    }
    if (postgres && version)
        eval_value(tf->caller, NULL, (Resolved){&version->value, tf->caller->main}, &version_ev, 0);
    if (postgres && version && !version_ev.why &&
        (version_ev.out.node->kind == HCL_STRING || version_ev.out.node->kind == HCL_NUMBER) &&
        version_ev.out.node->text) {
        bool here = tf->caller == root;
        input_doc_version(doc,
                          arena_printf(arena, "engine_version of module.%s", tf->call->labels[0]),
                          version_ev.out.node->text, here ? version->line : outer->line,
                          here ? version->column : outer->column);
    } else if (v) { /* not known: lint/ names what it assumed */
        char *text = ref_text(v);
        input_doc_version(doc,
                          arena_printf(arena, "%s (module.%s: %s line %d)", key,
                                       tf->call->labels[0], file, v->line),
                          text, outer->line, outer->column);
        free(text);
    }
    free(version_ev.why);
    free(ev.why);
}

typedef struct ResourceRead {
    const HclBlock *block;
    const char *kind;
} ResourceRead;

/* A resource's own for_each (each.key, each.value), else the resource once. */
static void with_each(Emit *em, const HclBlock *res, EachFn fn, const void *arg)
{
    const HclAttr *each = hcl_attr(&res->body, "for_each");
    if (!each) {
        fn(em, NULL, arg);
        return;
    }
    for_each(em, NULL, "each", &each->value, em->tf->main, each->line, each->column, fn, arg);
}

static void aws_group_body(Emit *em, const Scope *scope, const void *arg)
{
    const HclBlock *res = arg;
    read_blocks(em, scope, &res->body, em->tf->main, "parameter");
}

static void gcp_instance_body(Emit *em, const Scope *scope, const void *arg)
{
    const HclBlock *res = arg;
    for (size_t idx = 0; idx < res->body.n_blocks; idx++)
        if (!strcmp(res->body.blocks[idx].type, "settings"))
            read_blocks(em, scope, &res->body.blocks[idx].body, em->tf->main, "database_flags");
}

static void azure_config_body(Emit *em, const Scope *scope, const void *arg)
{
    const HclBlock *res = arg;
    Content c = {&res->body, em->tf->main};
    emit_content(em, scope, &c);
}

static const HclValue *attr_value(const HclBody *body, const char *name)
{
    const HclAttr *attr = hcl_attr(body, name);
    return attr ? &attr->value : NULL;
}

/* The version of the Azure server a configuration's server_id names
 * (azurerm_postgresql_flexible_server.NAME.id). */
/* The `version` of the Azure server a configuration's server_id refers to, or NULL. */
static const HclValue *azure_version(const Tf *tf, const HclValue *server_id)
{
    if (!server_id || server_id->kind != HCL_REF || server_id->n_path < 2)
        return NULL;
    for (size_t idx = 0; idx < tf->main->body.n_blocks; idx++) {
        const HclBlock *block = &tf->main->body.blocks[idx];
        if (!strcmp(block->type, "resource") && block->n_labels == 2 &&
            !strcmp(block->labels[0], server_id->path[0]) &&
            !strcmp(block->labels[1], server_id->path[1]))
            return attr_value(&block->body, "version");
    }
    return NULL;
}

/* The instance class of the database instance of the main file that uses the group `type`.`name`
 * (its parameter_group_name or db_parameter_group_name refers to it), written as a string:
 * the machine the parameters run on (held-out set 50, h50b 28: a 48GB cache suggested for
 * the db.m6g.2xlarge, 32 GiB, named 170 lines below). */
/* Is `block` a database instance (an aws_db_instance or aws_rds_cluster_instance)? Its group,
 * parameter_group_name or db_parameter_group_name, into *group (NULL when it names none). */
static bool db_instance(const HclBlock *block, const HclValue **group)
{
    if (strcmp(block->type, "resource") || block->n_labels != 2 ||
        (strcmp(block->labels[0], "aws_db_instance") &&
         strcmp(block->labels[0], "aws_rds_cluster_instance")))
        return false;
    *group = attr_value(&block->body, "parameter_group_name");
    if (!*group)
        *group = attr_value(&block->body, "db_parameter_group_name");
    return true;
}

static void group_instance(const Tf *tf, InputDoc *doc, const char *type, const char *name)
{
    for (size_t idx = 0; idx < tf->main->body.n_blocks && !doc->instance_class; idx++) {
        const HclBlock *block = &tf->main->body.blocks[idx];
        const HclValue *group = NULL;
        if (!db_instance(block, &group))
            continue;
        const HclValue *cls = attr_value(&block->body, "instance_class");
        if (!group || group->kind != HCL_REF || group->n_path < 2 || strcmp(group->path[0], type) ||
            strcmp(group->path[1], name) || !cls || cls->kind != HCL_STRING || !cls->text)
            continue;
        doc->instance_class = xstrdup(cls->text);
        doc->instance_source =
            xasprintf("%s.%s's instance_class %s at %s:%d:%d", block->labels[0], block->labels[1],
                      cls->text, tf->main->path, cls->line, cls->column);
    }
}

/* The database instance of the main file that uses another group, when none uses `type`.`name`:
 * the group is not what runs there (held-out set 51, h51b 23: a postgres11 group kept "so its
 * detach happens cleanly" beside the postgres17 group the instance uses). NULL otherwise. */
/* A cluster group is a cluster's (aws_rds_cluster's db_cluster_parameter_group_name), an
 * instance group an instance's; a user whose group is no direct reference to a group resource
 * (a local, a variable, a module's output) may use this one (the session's code review: an
 * Aurora cluster group called unused beside its instances' group). */
static char *group_unused(const Tf *tf, const char *type, const char *name)
{
    bool cluster = !strcmp(type, "aws_rds_cluster_parameter_group");
    char *other = NULL;
    for (size_t idx = 0; idx < tf->main->body.n_blocks; idx++) {
        const HclBlock *block = &tf->main->body.blocks[idx];
        const HclValue *group = NULL;
        if (cluster) {
            if (strcmp(block->type, "resource") || block->n_labels != 2 ||
                strcmp(block->labels[0], "aws_rds_cluster"))
                continue;
            group = attr_value(&block->body, "db_cluster_parameter_group_name");
        } else if (!db_instance(block, &group)) {
            continue;
        }
        if (!group || group->kind != HCL_REF || group->n_path < 2 ||
            strncmp(group->path[0], "aws_", 4)) {
            free(other); /* a group pgknob cannot tell: it may be this one */
            return NULL;
        }
        if (!strcmp(group->path[0], type) && !strcmp(group->path[1], name)) {
            free(other);
            return NULL;
        }
        if (!other)
            other = xasprintf("%s.%s (line %d) uses %s.%s", block->labels[0], block->labels[1],
                              group->line, group->path[0], group->path[1]);
    }
    return other;
}

/* An AWS parameter group's service: Aurora by its family (aurora-postgresql15) or a cluster
 * group, else RDS. */
static InputTarget aws_service(const InputDoc *doc, const char *type)
{
    bool aurora = (type && !strcmp(type, "aws_rds_cluster_parameter_group")) ||
                  (doc->version_text && strstr(doc->version_text, "aurora"));
    return aurora ? TARGET_AURORA : TARGET_RDS;
}

static bool is_azure_config(const char *type)
{
    return !strcmp(type, "azurerm_postgresql_flexible_server_configuration") ||
           !strcmp(type, "azurerm_postgresql_configuration");
}

/* The version `v` names, evaluated as `ev` holds it (ev->why: not known), at its own place. */
static void version_evaluated(InputDoc *doc, const Tf *tf, const HclValue *v, const Eval *ev,
                              const char *key)
{
    const HclValue *at = ev->why ? v : ev->out.node;
    if (!ev->why && (at->kind == HCL_STRING || at->kind == HCL_NUMBER) && at->text &&
        ev->out.file && ev->out.file != tf->main) {
        /* a variable's default in another file of the module: its line is not this file's
         * (held-out set 53, h53b 23: postgres12 of variables.tf:55 reported at line 55 here) */
        const char *base = strrchr(ev->out.file->path, '/');
        char *ref = ref_text(v);
        const char *said = arena_printf(arena_get(&doc->set.arena), "%s = %s, %s line %d,", key,
                                        ref, base ? base + 1 : ev->out.file->path, at->line);
        free(ref);
        input_doc_version(doc, said, at->text, v->line, v->column);
    } else if (!ev->why && (at->kind == HCL_STRING || at->kind == HCL_NUMBER) && at->text)
        input_doc_version(doc, key, at->text, at->line, at->column);
    else if (ev->why) { /* a value only Terraform knows: lint/ names what it assumed */
        char *text = ref_text(v);
        input_doc_version(doc, key, text, v->line, v->column);
        free(text);
    }
}

/* The version `v` names (a family, a database_version), evaluated, at its own place. */
static void tf_version(InputDoc *doc, const Tf *tf, const HclValue *v, const char *key)
{
    if (!v)
        return;
    Eval ev = {0};
    eval_value(tf, NULL, (Resolved){v, tf->main}, &ev, 0);
    version_evaluated(doc, tf, v, &ev, key);
    free(ev.why);
}

/* A group's family that names each.key or each.value, over the resource's for_each (a map, or
 * a set: toset(local.families)): the oldest PostgreSQL major of its instances, its family in
 * `oldest` (-1 when every instance is another engine's group: mysql8.0, aurora-mysql5.7; 0 when
 * the collection or a family is not known). A group made for several families is checked as
 * the oldest, whose end of life comes first (review 2026-12zo, h57b 28: postgres12-16 and
 * MySQL groups, each checked as PostgreSQL 18). */
static int family_over_each(const Tf *tf, const HclBlock *res, const HclValue *family, Eval *oldest,
                            int majors[8], size_t *n_majors)
{
    *n_majors = 0;
    const HclAttr *each = hcl_attr(&res->body, "for_each");
    if (!each || !family)
        return 0;
    Eval coll = {0};
    eval_value(tf, NULL, (Resolved){&each->value, tf->main}, &coll, 0);
    if (coll.why || (coll.out.node->kind != HCL_TUPLE && coll.out.node->kind != HCL_OBJECT)) {
        free(coll.why);
        return 0;
    }
    const HclValue *list = coll.out.node;
    int found = -1;
    for (size_t idx = 0; idx < list->n_items && found != 0; idx++) {
        const HclValue *item = &list->items[idx];
        /* a set's each.key is its value, as Terraform has it */
        HclValue key = {.kind = HCL_STRING,
                        .text = list->kind == HCL_OBJECT ? (char *)item->key : item->text,
                        .line = item->line,
                        .column = item->column};
        if (!key.text)
            key.kind = HCL_NULL;
        Scope scope = {"each", {&key, coll.out.file}, {item, coll.out.file}, NULL};
        Eval ev = {0};
        eval_value(tf, &scope, (Resolved){family, tf->main}, &ev, 0);
        int major = ev.why ? 0 : major_in_text(ev.out.node, true);
        /* each instance's major once, in order (insertion into a sorted list of at most 8) */
        bool seen = false;
        for (size_t at = 0; major > 0 && at < *n_majors; at++)
            seen |= majors[at] == major;
        if (major > 0 && !seen && *n_majors < 8) {
            size_t at = (*n_majors)++;
            while (at > 0 && majors[at - 1] > major) {
                majors[at] = majors[at - 1];
                at--;
            }
            majors[at] = major;
        }
        if (major == 0) {
            found = 0;
        } else if (major > 0 && (found < 0 || major < found)) {
            found = major;
            free(oldest->why);
            *oldest = ev;
            ev.why = NULL;
        }
        free(ev.why);
    }
    free(coll.why);
    return found;
}

/* A module's parameter list (`parameters = [{ name, value, apply_method }]`) as one document. */
static void module_list(Tf *tf, InputResult *out, char *label, const HclValue *version,
                        const char *version_key, bool aws, const HclValue *list)
{
    DocBuilder b;
    Emit em = {tf, &b, aws};
    InputDoc *doc = new_doc(out, &b, tf, label);
    tf_version(doc, tf, version, version_key);
    doc->service = aws ? aws_service(doc, NULL) : TARGET_CLOUDSQL;
    if (list)
        read_object_list(&em, NULL, list, tf->main, list->line, list->column);
    builder_finish(&b);
}

/* The registry's modules for PostgreSQL: terraform-aws-modules/rds (`family` and the lists
 * below), terraform-aws-modules/rds-aurora (`cluster_parameter_group` and `db_parameter_group`
 * objects, each with its `family` and `parameters`), terraform-google-modules/sql-db
 * (`database_version` and `database_flags`). Only a PostgreSQL family or version: other modules
 * take `parameters` too. A module with a PostgreSQL family and no list is the group at AWS's
 * defaults: a document with no entry. */
static void read_module(Tf *tf, const HclBlock *block, InputResult *out)
{
    static const char *const lists[] = {"parameters", "db_parameter_group_parameters",
                                        "db_cluster_parameter_group_parameters",
                                        "cluster_parameters"};
    static const char *const groups[] = {"cluster_parameter_group", "db_parameter_group"};
    const char *name = block->labels[0];
    const HclValue *family = attr_value(&block->body, "family");
    int major = major_of(tf, family, true);
    size_t before = out->n_docs;
    for (size_t l = 0; major > 0 && l < sizeof(lists) / sizeof(lists[0]); l++) {
        const HclAttr *list = hcl_attr(&block->body, lists[l]);
        if (list)
            module_list(tf, out, xasprintf("module.%s (%s)", name, lists[l]), family, "family",
                        true, &list->value);
    }
    if (major > 0 && out->n_docs == before)
        module_list(tf, out, xasprintf("module.%s", name), family, "family", true, NULL);
    for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
        const HclValue *group = attr_value(&block->body, groups[g]);
        if (!group || group->kind != HCL_OBJECT)
            continue;
        const HclValue *group_family = hcl_member(group, "family");
        if (major_of(tf, group_family, true) > 0)
            module_list(tf, out, xasprintf("module.%s (%s)", name, groups[g]), group_family,
                        "family", true, hcl_member(group, "parameters"));
    }
    const HclValue *version = attr_value(&block->body, "database_version");
    const HclAttr *flags = hcl_attr(&block->body, "database_flags");
    if (major_of(tf, version, true) > 0)
        module_list(tf, out, xasprintf("module.%s (database_flags)", name), version,
                    "database_version", false, flags ? &flags->value : NULL);
}

static void read_local_module(const Tf *tf, const HclBlock *block, InputResult *out);

/* The rest of an AWS group's document: its service, the instance that uses it, its
 * parameters (of the instance `each` of the resource's for_each, or of every instance when
 * NULL), then the document finished. */
static void aws_group_rest(Emit *em, InputDoc *doc, const HclBlock *block, const Scope *each)
{
    const Tf *tf = em->tf;
    const char *type = block->labels[0], *name = block->n_labels > 1 ? block->labels[1] : "";
    doc->service = aws_service(doc, type);
    group_instance(tf, doc, type, name);
    doc->unused_group = group_unused(tf, type, name);
    /* where --host gives a machine, its formulas ({DBInstanceClassMemory/32768}) are read for
     * the instance's when that is smaller, as the host facts are capped (held-out set 50's code
     * review: 32GB said beside a formula read for 64GB); without --host they stay unevaluated,
     * since the service's own formula defaults of the parameters they are weighed against are
     * not modelled */
    InputOpts by_instance = tf->opts ? *tf->opts : (InputOpts){0};
    double memory = 0;
    int vcpus = 0;
    if (doc->instance_class && by_instance.instance_memory > 0 &&
        host_instance_class(doc->instance_class, &memory, &vcpus) &&
        memory < by_instance.instance_memory) {
        by_instance.instance_memory = memory;
        by_instance.instance_vcpus = vcpus;
        em->opts = &by_instance;
    }
    em->aws = true;
    if (each)
        aws_group_body(em, each, block);
    else
        with_each(em, block, aws_group_body, block);
    em->opts = NULL;
    builder_finish(em->b);
}

/* Do the group's parameters differ from one instance of its for_each to another (a dynamic
 * block over each.value.…, a parameter whose name or value is each's)? */
static bool parameters_per_instance(const HclBody *body)
{
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *child = &body->blocks[idx];
        const HclValue *refs[3] = {NULL, NULL, NULL};
        if (!strcmp(child->type, "dynamic")) {
            refs[0] = attr_value(&child->body, "for_each");
        } else if (!strcmp(child->type, "parameter")) {
            refs[0] = attr_value(&child->body, "name");
            refs[1] = attr_value(&child->body, "value");
        }
        for (size_t r = 0; r < 3 && refs[r]; r++)
            if ((refs[r]->kind == HCL_REF && refs[r]->n_path &&
                 !strcmp(refs[r]->path[0], "each")) ||
                (refs[r]->kind == HCL_EXPR && refs[r]->text && strstr(refs[r]->text, "each.")))
                return true;
    }
    return false;
}

/* A group whose for_each makes groups of different parameters (review 2026-12zo, h59: one
 * resource over var.databases, each database's engine_params, PostgreSQL 14 and 16 and MySQL
 * among them, read as one group of them all): one document per instance, labelled as Terraform
 * names it (aws_db_parameter_group.engine_params["chat"]), its family evaluated for it; an
 * instance of another engine is not read. False, nothing read, when the parameters are the
 * same for every instance or the collection is not known. */
static bool aws_group_instances(const Tf *tf, const HclBlock *block, const HclValue *family,
                                InputResult *out)
{
    const HclAttr *each = hcl_attr(&block->body, "for_each");
    if (!each || !family || !parameters_per_instance(&block->body))
        return false;
    Eval coll = {0};
    eval_value(tf, NULL, (Resolved){&each->value, tf->main}, &coll, 0);
    if (coll.why || (coll.out.node->kind != HCL_TUPLE && coll.out.node->kind != HCL_OBJECT)) {
        free(coll.why);
        return false;
    }
    const HclValue *list = coll.out.node;
    for (size_t idx = 0; idx < list->n_items; idx++) {
        const HclValue *item = &list->items[idx];
        /* a set's each.key is its value, as Terraform has it */
        HclValue key = {.kind = HCL_STRING,
                        .text = list->kind == HCL_OBJECT ? (char *)item->key : item->text,
                        .line = list->kind == HCL_OBJECT ? item->key_line : item->line,
                        .column = list->kind == HCL_OBJECT ? item->key_column : item->column};
        if (!key.text)
            continue;
        Scope scope = {"each", {&key, coll.out.file}, {item, coll.out.file}, NULL};
        Eval ev = {0};
        eval_value(tf, &scope, (Resolved){family, tf->main}, &ev, 0);
        int major = ev.why ? 0 : major_in_text(ev.out.node, true);
        if (major < 0 || (tf->call && !major && !call_names_postgres(tf, family))) {
            free(ev.why);
            continue;
        }
        DocBuilder b;
        Emit em = {tf, &b};
        InputDoc *doc = new_doc(out, &b, tf,
                                xasprintf("%s.%s[\"%s\"]", block->labels[0],
                                          block->n_labels > 1 ? block->labels[1] : "", key.text));
        version_evaluated(doc, tf, family, &ev, "family");
        module_doc_version(doc, tf, family, "family");
        free(ev.why);
        aws_group_rest(&em, doc, block, &scope);
    }
    free(coll.why);
    return true;
}

static void read_hcl_resources(Tf *tf, InputResult *out)
{
    const HclBody *body = &tf->main->body;
    bool *done = xcalloc(body->n_blocks + 1, sizeof(bool));
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *block = &body->blocks[idx];
        if (done[idx] || block->n_labels < 1)
            continue;
        const char *type = block->labels[0];
        const char *name = block->n_labels > 1 ? block->labels[1] : "";
        if (!strcmp(block->type, "resource") && resource_count(tf, block) == 0)
            continue; /* Terraform creates none of it */
        DocBuilder b;
        Emit em = {tf, &b};
        if (!strcmp(block->type, "resource") &&
            (!strcmp(type, "aws_db_parameter_group") ||
             !strcmp(type, "aws_rds_cluster_parameter_group"))) {
            const HclValue *family = attr_value(&block->body, "family");
            if (aws_group_instances(tf, block, family, out))
                continue;
            int major = major_of(tf, family, true);
            Eval each_family = {0};
            int majors[8];
            size_t n_majors = 0;
            int each_major =
                major == 0 ? family_over_each(tf, block, family, &each_family, majors, &n_majors)
                           : 0;
            /* a called module's group whose family is not known is read only where it, or the
             * call's engine, names PostgreSQL: the same module may make a MySQL one */
            if (major < 0 || each_major < 0 ||
                (tf->call && !major && !each_major && !call_names_postgres(tf, family))) {
                free(each_family.why);
                continue;
            }
            InputDoc *doc = new_doc(out, &b, tf, xasprintf("%s.%s", type, name));
            if (each_major > 0) {
                version_evaluated(doc, tf, family, &each_family, "family");
                memcpy(doc->instance_majors, majors, sizeof majors);
                doc->n_instance_majors = n_majors;
            } else
                tf_version(doc, tf, family, "family");
            module_doc_version(doc, tf, family, "family");
            free(each_family.why);
            aws_group_rest(&em, doc, block, NULL);
        } else if (!strcmp(block->type, "resource") &&
                   !strcmp(type, "google_sql_database_instance")) {
            int major = major_of(tf, attr_value(&block->body, "database_version"), true);
            if (major < 0)
                continue;
            InputDoc *doc = new_doc(out, &b, tf, xasprintf("%s.%s", type, name));
            tf_version(doc, tf, attr_value(&block->body, "database_version"), "database_version");
            module_doc_version(doc, tf, attr_value(&block->body, "database_version"),
                               "database_version");
            doc->service = TARGET_CLOUDSQL;
            with_each(&em, block, gcp_instance_body, block);
            builder_finish(&b);
        } else if (!strcmp(block->type, "resource") && is_azure_config(type)) {
            /* every configuration of one server is one document */
            const HclValue *server = attr_value(&block->body, "server_id");
            if (!server)
                server = attr_value(&block->body, "server_name");
            char *server_text = server ? ref_text(server) : xstrdup("");
            InputDoc *doc = new_doc(out, &b, tf, xasprintf("%s (%s)", type, server_text));
            /* the server's version, at its own line: its major and end of life (held-out set
             * 49, h49b 27: 14 past its end with no PK0005) */
            const HclValue *version = azure_version(tf, server);
            if (version)
                tf_version(doc, tf, version, "version");
            doc->service = TARGET_AZURE;
            for (size_t other = idx; other < body->n_blocks; other++) {
                const HclBlock *cfg = &body->blocks[other];
                /* one of them whose count is 0 is not created (review 2026-12zo, h59b 26:
                 * log_statement = all behind a detailed-logging switch that defaults off) */
                if (done[other] || strcmp(cfg->type, "resource") || cfg->n_labels != 2 ||
                    !is_azure_config(cfg->labels[0]) || resource_count(tf, cfg) == 0)
                    continue;
                const HclValue *s = attr_value(&cfg->body, "server_id");
                if (!s)
                    s = attr_value(&cfg->body, "server_name");
                char *text = s ? ref_text(s) : xstrdup("");
                if (!strcmp(text, server_text)) {
                    done[other] = true;
                    with_each(&em, cfg, azure_config_body, cfg);
                }
                free(text);
            }
            free(server_text);
            builder_finish(&b);
        } else if (!strcmp(block->type, "module")) {
            size_t before = out->n_docs;
            read_module(tf, block, out);
            if (out->n_docs == before)
                read_local_module(tf, block, out);
        }
    }
    free(done);
}

/* ---- terraform show -json ----------------------------------------------------------------------
 */

static void plan_resource(Tf *tf, const HclValue *res, InputResult *out)
{
    const HclValue *type = hcl_member(res, "type"), *values = hcl_member(res, "values");
    const HclValue *address = hcl_member(res, "address");
    if (!type || type->kind != HCL_STRING || !values || values->kind != HCL_OBJECT)
        return;
    const char *t = type->text;
    const char *label = address && address->kind == HCL_STRING ? address->text : t;
    DocBuilder b;
    Emit em = {tf, &b};
    if (!strcmp(t, "aws_db_parameter_group") || !strcmp(t, "aws_rds_cluster_parameter_group")) {
        int major = major_in_text(hcl_member(values, "family"), true);
        const HclValue *params = hcl_member(values, "parameter");
        if (major < 0 || !params)
            return;
        InputDoc *doc = new_doc(out, &b, tf, xstrdup(label));
        tf_version(doc, tf, hcl_member(values, "family"), "family");
        doc->service = aws_service(doc, t);
        em.aws = true;
        read_object_list(&em, NULL, params, tf->main, params->line, params->column);
        builder_finish(&b);
    } else if (!strcmp(t, "google_sql_database_instance")) {
        int major = major_in_text(hcl_member(values, "database_version"), true);
        const HclValue *settings = hcl_member(values, "settings");
        if (major < 0 || !settings || settings->kind != HCL_TUPLE)
            return;
        InputDoc *doc = new_doc(out, &b, tf, xstrdup(label));
        tf_version(doc, tf, hcl_member(values, "database_version"), "database_version");
        doc->service = TARGET_CLOUDSQL;
        for (size_t idx = 0; idx < settings->n_items; idx++) {
            const HclValue *flags = hcl_member(&settings->items[idx], "database_flags");
            if (flags)
                read_object_list(&em, NULL, flags, tf->main, flags->line, flags->column);
        }
        builder_finish(&b);
    } else if (is_azure_config(t)) {
        InputDoc *doc = new_doc(out, &b, tf, xstrdup(label));
        doc->service = TARGET_AZURE;
        emit_param(&em, NULL, hcl_member(values, "name"), hcl_member(values, "value"), NULL,
                   tf->main, values->line, values->column);
        builder_finish(&b);
    }
}

static void plan_module(Tf *tf, const HclValue *module, InputResult *out, int depth)
{
    const HclValue *resources = hcl_member(module, "resources");
    if (resources && resources->kind == HCL_TUPLE)
        for (size_t idx = 0; idx < resources->n_items; idx++)
            plan_resource(tf, &resources->items[idx], out);
    const HclValue *children = hcl_member(module, "child_modules");
    if (children && children->kind == HCL_TUPLE && depth < 32)
        for (size_t idx = 0; idx < children->n_items; idx++)
            plan_module(tf, &children->items[idx], out, depth + 1);
}

/* ---- loading ----------------------------------------------------------------------------------
 */

static bool has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && !strcmp(name + n - s, suffix);
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of `dir`'s module files, in name order: its .tf and .tf.json, and with `tfvars` its
 * .tfvars and .tfvars.json; *n of them (at most 4 * TF_MAX_FILES). Caller frees. */
static char **module_names(const char *dir, bool tfvars, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    struct dirent *ent;
    while ((ent = readdir(d)) && *n < 4 * TF_MAX_FILES)
        if (has_suffix(ent->d_name, ".tf") || has_suffix(ent->d_name, ".tf.json") ||
            (tfvars &&
             (has_suffix(ent->d_name, ".tfvars") || has_suffix(ent->d_name, ".tfvars.json")))) {
            names = xrealloc(names, (*n + 1) * sizeof(char *));
            names[(*n)++] = xstrdup(ent->d_name);
        }
    closedir(d);
    if (names)
        qsort(names, *n, sizeof(char *), name_cmp);
    return names;
}

/* Reads `path` as HCL (or JSON); false when it cannot be read or parsed (skipped: the module's
 * other files are context, not the input). */
static bool load_file(Arena *arena, const char *path, TfFile *out)
{
    memset(out, 0, sizeof(*out));
    int err = 0;
    char *data;
    if (pk_read_file(path, TF_MAX_FILE, &data, &out->len, &err) != PK_READ_OK)
        return false;
    arena_on_free(arena, free, data);
    out->path = arena_strdup(arena, path);
    out->data = data;
    out->json = has_suffix(path, ".json");
    HclError herr;
    return out->json ? hcl_parse_value(arena, out->data, out->len, &out->root, &herr)
                     : hcl_parse_body(arena, out->data, out->len, &out->body, &herr);
}

/* The module's directory: terraform.tfvars[.json], then *.auto.tfvars[.json] in name order (the
 * order in which Terraform applies them, later ones winning), and the other *.tf files. */
static void load_module(Tf *tf, const char *main_path)
{
    const char *slash = strrchr(main_path, '/');
    /* "" for the working directory: a sibling is named as the main file is, "variables.tf" */
    char *dir = slash ? xstrndup(main_path, (size_t)(slash - main_path + 1)) : xstrdup("");
    size_t n = 0;
    char **names = module_names(*dir ? dir : ".", true, &n);
    const char *base = slash ? slash + 1 : main_path;
    for (int pass = 0; pass < 3; pass++)
        for (size_t idx = 0; idx < n; idx++) {
            const char *name = names[idx];
            bool plain =
                !strcmp(name, "terraform.tfvars") || !strcmp(name, "terraform.tfvars.json");
            bool autov = has_suffix(name, ".auto.tfvars") || has_suffix(name, ".auto.tfvars.json");
            bool tf_file = has_suffix(name, ".tf") && strcmp(name, base);
            if (!(pass == 0 ? plain : pass == 1 ? autov : tf_file))
                continue;
            size_t *count = pass < 2 ? &tf->n_vars : &tf->n_siblings;
            TfFile **list = pass < 2 ? &tf->vars : &tf->siblings;
            if (*count >= TF_MAX_FILES)
                continue;
            char *path = xasprintf("%s%s", dir, name);
            TfFile file;
            if (load_file(tf->arena, path, &file)) {
                *list = arena_realloc(tf->arena, *list, *count * sizeof(TfFile),
                                      (*count + 1) * sizeof(TfFile));
                (*list)[(*count)++] = file;
            }
            free(path);
        }
    for (size_t idx = 0; idx < n; idx++)
        free(names[idx]);
    free(names);
    free(dir);
}

#define TF_MAX_MODULE_DEPTH 3 /* module calls followed from the input */

/* Does the body call a module whose source is a directory of the checkout? */
static bool calls_local_module(const HclBody *body)
{
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *block = &body->blocks[idx];
        const HclValue *source =
            strcmp(block->type, "module") ? NULL : attr_value(&block->body, "source");
        if (source && source->kind == HCL_STRING && source->text &&
            (!strncmp(source->text, "./", 2) || !strncmp(source->text, "../", 3)))
            return true;
    }
    return false;
}

/* Does the body declare a resource pgknob reads? */
static bool reads_resource(const HclBody *body)
{
    for (size_t idx = 0; idx < body->n_blocks; idx++) {
        const HclBlock *block = &body->blocks[idx];
        if (strcmp(block->type, "resource") || block->n_labels < 1)
            continue;
        const char *type = block->labels[0];
        if (!strcmp(type, "aws_db_parameter_group") ||
            !strcmp(type, "aws_rds_cluster_parameter_group") ||
            !strcmp(type, "google_sql_database_instance") || is_azure_config(type))
            return true;
    }
    return false;
}

/* A `module` block whose source is a directory of the checkout ("./modules/rds", "../rds"):
 * each file of it that declares a resource pgknob reads (or calls such a module) is read as the
 * module's main file, its other .tf files its siblings, the block's arguments its variables
 * (review 2026-12zo, h58b 24: `parameters` passed to ../../../modules/rds, whose
 * parameter_group.tf reads var.parameters, was "no parameter group" and exit 2). A registry's
 * or a repository's source is not fetched; a call whose count is 0 creates nothing. */
/* A registry source ("madelabs/rds-cluster/aws", a host before it, "//sub" after it) that names
 * the checkout holding the calling file: the registry publishes NAMESPACE/NAME/PROVIDER from the
 * repository NAMESPACE/terraform-PROVIDER-NAME, so a module's own example calls the module at
 * the checkout's top (review 2026-12zo, h60: a module repository's docs/example.tf, "no
 * parameter group", exit 2). Its directory (malloc'd), or NULL. */
static char *registry_source_here(const char *file, const char *source)
{
    char *copy = xstrdup(source);
    char *sub = strstr(copy, "//");
    if (sub) {
        *sub = '\0';
        sub += 2;
    }
    char *parts[4];
    int n = 0;
    for (char *save = NULL, *part = strtok_r(copy, "/", &save); part && n < 4;
         part = strtok_r(NULL, "/", &save))
        parts[n++] = part;
    if (n == 4 && strchr(parts[0], '.')) { /* registry.terraform.io/ns/name/provider */
        parts[0] = parts[1];
        parts[1] = parts[2];
        parts[2] = parts[3];
        n = 3;
    }
    char dir[PATH_MAX];
    if (n != 3 || strchr(parts[0], '.') || strchr(source, ':') || !realpath(file, dir)) {
        free(copy);
        return NULL;
    }
    char *found = NULL;
    for (int level = 0; level < 8; level++) {
        char *cut = strrchr(dir, '/');
        if (!cut || cut == dir)
            break;
        *cut = '\0';
        char git[PATH_MAX];
        struct stat st;
        if (snprintf(git, sizeof git, "%s/.git", dir) >= (int)sizeof git || stat(git, &st) != 0)
            continue;
        char *owner = NULL;
        char *name = git_origin_repository(dir, &owner);
        char *want = xasprintf("terraform-%s-%s", parts[2], parts[1]);
        if (name && owner && !strcasecmp(name, want) && !strcasecmp(owner, parts[0]))
            found = sub && *sub ? xasprintf("%s/%s", dir, sub) : xstrdup(dir);
        free(want);
        free(name);
        free(owner);
        break; /* the checkout's top: no module of another checkout */
    }
    free(copy);
    return found;
}

static void read_local_module(const Tf *tf, const HclBlock *block, InputResult *out)
{
    const HclValue *source = attr_value(&block->body, "source");
    if (block->n_labels < 1 || !source || source->kind != HCL_STRING || !source->text ||
        tf->depth >= TF_MAX_MODULE_DEPTH || resource_count(tf, block) == 0)
        return;
    bool local = !strncmp(source->text, "./", 2) || !strncmp(source->text, "../", 3);
    char *dir = local ? NULL : registry_source_here(tf->main->path, source->text);
    if (!local && !dir)
        return;
    const char *slash = strrchr(tf->main->path, '/');
    if (local)
        dir = slash ? xasprintf("%.*s%s", (int)(slash - tf->main->path + 1), tf->main->path,
                                source->text)
                    : xstrdup(source->text);

    size_t n = 0;
    char **names = module_names(dir, false, &n);
    TfFile *files = n ? arena_alloc(tf->arena, n * sizeof(TfFile)) : NULL;
    size_t loaded = 0;
    for (size_t idx = 0; idx < n; idx++) {
        char *path = xasprintf("%s/%s", dir, names[idx]);
        if (loaded < TF_MAX_FILES && load_file(tf->arena, path, &files[loaded]))
            loaded++;
        free(path);
        free(names[idx]);
    }
    free(names);
    free(dir);
    for (size_t idx = 0; idx < loaded; idx++) {
        if (files[idx].json ||
            !(reads_resource(&files[idx].body) || calls_local_module(&files[idx].body)))
            continue;
        TfFile *siblings =
            loaded > 1 ? arena_alloc(tf->arena, (loaded - 1) * sizeof(TfFile)) : NULL;
        size_t n_siblings = 0;
        for (size_t other = 0; other < loaded; other++)
            if (other != idx)
                siblings[n_siblings++] = files[other];
        Tf module = {.arena = tf->arena,
                     .main = &files[idx],
                     .siblings = siblings,
                     .n_siblings = n_siblings,
                     .opts = tf->opts,
                     .caller = tf,
                     .call = block,
                     .depth = tf->depth + 1};
        read_hcl_resources(&module, out);
    }
}

/* `sibling`: a file of the same module that declares such a resource (its variables or locals
 * may be what this file holds: held-out set 53, 27, a variables.tf whose default map an
 * azurerm configuration in fpsql.tf reads), named in the hint; NULL when none. */
static bool no_config(const char *file, size_t n_docs, const char *sibling, PkDiag *diag)
{
    if (n_docs)
        return true;
    if (sibling) {
        const char *base = strrchr(sibling, '/');
        base = base ? base + 1 : sibling;
        char *hint = xasprintf("Terraform reads a module's files together: lint %s, or the "
                               "module's directory, which reads every file of it that holds one",
                               base);
        pk_diag_set(diag, file, 0, hint,
                    "no PostgreSQL parameter group or database flags in this Terraform input, but "
                    "%s of its module holds one",
                    base);
        free(hint);
        return false;
    }
    return pk_diag_set(diag, file, 0,
                       "pgknob reads aws_db_parameter_group, aws_rds_cluster_parameter_group, "
                       "google_sql_database_instance database_flags and "
                       "azurerm_postgresql_flexible_server_configuration (docs/manifests.md)",
                       "no PostgreSQL parameter group or database flags in this Terraform input");
}

char **input_terraform_module(const char *dir, const InputOpts *opts, size_t *n)
{
    size_t n_names = 0;
    char **names = module_names(dir, false, &n_names);
    char **inputs = NULL;
    *n = 0;
    for (size_t idx = 0; idx < n_names; idx++) {
        char *path = xasprintf("%s/%s", dir, names[idx]);
        InputResult ir = {0};
        PkDiag diag = {0};
        if (input_load(path, opts, &ir, &diag) && ir.n_docs) {
            inputs = xrealloc(inputs, (*n + 1) * sizeof(char *));
            inputs[(*n)++] = path;
        } else
            free(path);
        input_result_free(&ir);
        pk_diag_free(&diag);
        free(names[idx]);
    }
    free(names);
    return inputs;
}

bool terraform_load_hcl(const char *file, const char *data, size_t len, const InputOpts *opts,
                        bool from_stdin, InputResult *out, PkDiag *diag)
{
    TfFile main = {.path = file, .data = data, .len = len};
    Tf tf = {.arena = arena_new(), .main = &main, .opts = opts};
    HclError err;
    if (!hcl_parse_body(tf.arena, data, len, &main.body, &err)) {
        arena_free(tf.arena);
        pk_diag_set(diag, file, err.line, "Check the file with terraform validate.", "HCL: %s",
                    err.message);
        pk_diag_set_column(diag, err.column);
        return false;
    }
    if (!from_stdin)
        load_module(&tf, file);
    out->format = INPUT_TERRAFORM;
    read_hcl_resources(&tf, out);
    const char *sibling = NULL;
    for (size_t idx = 0; !out->n_docs && !sibling && idx < tf.n_siblings; idx++)
        if (!tf.siblings[idx].json && reads_resource(&tf.siblings[idx].body))
            sibling = tf.siblings[idx].path;
    bool ok = no_config(file, out->n_docs, sibling, diag);
    arena_free(tf.arena);
    return ok;
}

bool terraform_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                         InputResult *out, PkDiag *diag)
{
    TfFile main = {.path = file, .data = data, .len = len, .json = true};
    Tf tf = {.arena = arena_new(), .main = &main, .opts = opts};
    HclError err;
    if (!hcl_parse_value(tf.arena, data, len, &main.root, &err)) {
        arena_free(tf.arena);
        pk_diag_set(diag, file, err.line, NULL, "JSON: %s", err.message);
        pk_diag_set_column(diag, err.column);
        return false;
    }
    out->format = INPUT_TERRAFORM;
    const HclValue *values = hcl_member(&main.root, "planned_values");
    if (!values)
        values = hcl_member(&main.root, "values");
    const HclValue *root = hcl_member(values, "root_module");
    if (root)
        plan_module(&tf, root, out, 0);
    arena_free(tf.arena);
    return no_config(file, out->n_docs, NULL, diag);
}

/* A .tfvars (or .tfvars.json) file holds the values of a module's variables: it is read as the
 * values of the module of its own directory, given last as Terraform takes a -var-file (review
 * 2026-12zo, h59: a tfvars read as a postgresql.conf, its variables called unrecognized
 * parameters, and one read as YAML). Each .tf file of that directory that holds a resource
 * pgknob reads, or calls a local module, is read with it. A directory with none is an input
 * error that says where the values go. */
/* Each .tf file of the module `dir` (ending in '/', or "" for the working directory) that holds
 * a resource pgknob reads, or calls a local module, read with `values` given last, as Terraform
 * takes a -var-file. */
static void read_with_values(Arena *arena, const char *dir, const TfFile *values,
                             const InputOpts *opts, InputResult *out)
{
    size_t n = 0;
    char **names = module_names(*dir ? dir : ".", false, &n);
    for (size_t idx = 0; idx < n; idx++) {
        char *path = xasprintf("%s%s", dir, names[idx]);
        TfFile main;
        if (!has_suffix(path, ".tf.json") && load_file(arena, path, &main) &&
            (reads_resource(&main.body) || calls_local_module(&main.body))) {
            Tf tf = {.arena = arena, .main = &main, .opts = opts};
            load_module(&tf, path);
            /* the values last: they win over terraform.tfvars and *.auto.tfvars */
            tf.vars = arena_realloc(arena, tf.vars, tf.n_vars * sizeof(TfFile),
                                    (tf.n_vars + 1) * sizeof(TfFile));
            tf.vars[tf.n_vars++] = *values;
            read_hcl_resources(&tf, out);
        }
        free(path);
        free(names[idx]);
    }
    free(names);
}

/* The variable names a .tfvars sets (its top-level attributes, or a JSON object's members). */
static size_t tfvars_names(const TfFile *values, const char **names, size_t max)
{
    size_t n = 0;
    if (values->json) {
        for (size_t idx = 0;
             values->root.kind == HCL_OBJECT && idx < values->root.n_items && n < max; idx++)
            if (values->root.items[idx].key)
                names[n++] = values->root.items[idx].key;
    } else {
        for (size_t idx = 0; idx < values->body.n_attrs && n < max; idx++)
            names[n++] = values->body.attrs[idx].name;
    }
    return n;
}

#define TFVARS_MAX_DIRS 400 /* directories of the checkout searched for the module */

typedef struct ModuleSearch {
    const char **names;
    size_t n_names;
    char best[PATH_MAX];
    size_t best_count;
    bool tie;
    int dirs;
} ModuleSearch;

/* Does `dir` hold a .tf file pgknob reads (a parameter group, a local module's call), and how
 * many of the names do its .tf files declare as `variable "NAME"`? */
static size_t declared_here(Arena *arena, const char *dir, const ModuleSearch *search)
{
    size_t n = 0, declared = 0;
    char **files = module_names(dir, false, &n);
    bool reads = false;
    bool *seen = xcalloc(search->n_names + 1, sizeof(bool));
    for (size_t idx = 0; idx < n; idx++) {
        char *path = xasprintf("%s/%s", dir, files[idx]);
        TfFile file;
        if (!has_suffix(path, ".json") && load_file(arena, path, &file)) {
            reads |= reads_resource(&file.body) || calls_local_module(&file.body);
            for (size_t b = 0; b < file.body.n_blocks; b++) {
                const HclBlock *block = &file.body.blocks[b];
                if (strcmp(block->type, "variable") || block->n_labels < 1)
                    continue;
                for (size_t k = 0; k < search->n_names; k++)
                    if (!seen[k] && !strcmp(block->labels[0], search->names[k])) {
                        seen[k] = true;
                        declared++;
                    }
            }
        }
        free(path);
        free(files[idx]);
    }
    free(files);
    free(seen);
    return reads ? declared : 0;
}

static void search_modules(Arena *arena, const char *dir, int depth, ModuleSearch *search)
{
    if (search->dirs++ >= TFVARS_MAX_DIRS)
        return;
    size_t count = declared_here(arena, dir, search);
    if (count && count == search->best_count)
        search->tie = true;
    else if (count > search->best_count) {
        search->best_count = count;
        search->tie = false;
        snprintf(search->best, sizeof search->best, "%s", dir);
    }
    DIR *d = depth < 6 ? opendir(dir) : NULL;
    if (!d)
        return;
    char **subdirs = NULL;
    size_t n = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (de->d_name[0] == '.' || !strcmp(de->d_name, "node_modules"))
            continue;
        char *path = xasprintf("%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            subdirs = xrealloc(subdirs, (n + 1) * sizeof(char *));
            subdirs[n++] = path;
        } else
            free(path);
    }
    closedir(d);
    if (subdirs)
        qsort(subdirs, n, sizeof(char *), name_cmp);
    for (size_t idx = 0; idx < n; idx++) {
        search_modules(arena, subdirs[idx], depth + 1, search);
        free(subdirs[idx]);
    }
    free(subdirs);
}

/* The module of the checkout whose variables the .tfvars sets: the directory that declares
 * most of its names (at least half) and holds what pgknob reads; "" when none, or two tie. */
static void tfvars_module(Arena *arena, const char *file, const TfFile *values, char *out,
                          size_t cap)
{
    *out = '\0';
    const char *names[256];
    ModuleSearch search = {names, tfvars_names(values, names, 256), "", 0, false, 0};
    char top[PATH_MAX], git[PATH_MAX];
    struct stat st;
    if (!search.n_names || !realpath(file, top))
        return;
    bool found_top = false;
    for (int level = 0; level < 8 && !found_top; level++) {
        char *cut = strrchr(top, '/');
        if (!cut || cut == top)
            return;
        *cut = '\0';
        found_top =
            snprintf(git, sizeof git, "%s/.git", top) < (int)sizeof git && stat(git, &st) == 0;
    }
    if (!found_top)
        return;
    search_modules(arena, top, 0, &search);
    if (search.tie || !search.best_count || search.best_count * 2 < search.n_names)
        return;
    /* named from the file's directory, as the file itself is named */
    char here[PATH_MAX];
    const char *slash = strrchr(file, '/');
    char *dir = slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup(".");
    bool resolved = realpath(*dir ? dir : "/", here) != NULL;
    free(dir);
    if (!resolved) {
        snprintf(out, cap, "%s", search.best);
        return;
    }
    size_t common = 0;
    for (size_t idx = 0; here[idx] && here[idx] == search.best[idx]; idx++)
        if (here[idx + 1] == '\0' || here[idx + 1] == '/')
            common =
                (search.best[idx + 1] == '\0' || search.best[idx + 1] == '/') ? idx + 1 : common;
    int ups = 0;
    for (const char *p = here + common; *p; p++)
        ups += *p == '/';
    char rel[PATH_MAX] = "";
    size_t used = 0;
    if (slash)
        used = (size_t)snprintf(rel, sizeof rel, "%.*s/", (int)(slash - file), file);
    for (int k = 0; k < ups && used + 3 < sizeof rel; k++)
        used += (size_t)snprintf(rel + used, sizeof rel - used, "../");
    const char *rest = search.best + common + (search.best[common] == '/');
    if (snprintf(out, cap, "%s%s", rel, *rest ? rest : ".") >= (int)cap)
        *out = '\0'; /* a path too long to name is no module found */
}

bool terraform_load_tfvars(const char *file, const char *data, size_t len, const InputOpts *opts,
                           InputResult *out, PkDiag *diag)
{
    Arena *arena = arena_new();
    TfFile values = {.path = file, .data = data, .len = len, .json = has_suffix(file, ".json")};
    HclError err;
    if (!(values.json ? hcl_parse_value(arena, data, len, &values.root, &err)
                      : hcl_parse_body(arena, data, len, &values.body, &err))) {
        arena_free(arena);
        pk_diag_set(diag, file, err.line, "Check the file with terraform validate.", "%s: %s",
                    values.json ? "JSON" : "HCL", err.message);
        pk_diag_set_column(diag, err.column);
        return false;
    }
    const char *slash = strrchr(file, '/');
    char *dir = slash ? xstrndup(file, (size_t)(slash - file + 1)) : xstrdup("");
    out->format = INPUT_TERRAFORM;
    for (int pass = 0; pass < 2 && !out->n_docs; pass++) {
        if (pass == 1) { /* another directory of the checkout declares its variables */
            char module[PATH_MAX];
            tfvars_module(arena, file, &values, module, sizeof module);
            if (!*module)
                break;
            free(dir);
            dir = xasprintf("%s/", module);
        }
        read_with_values(arena, dir, &values, opts, out);
    }
    bool ok = out->n_docs > 0;
    if (!ok)
        pk_diag_set(diag, file, 0,
                    "Lint the Terraform module these values are given to (its directory, or its "
                    "file that holds the parameter group); with this file beside it as "
                    "terraform.tfvars or an *.auto.tfvars, or named in the module's directory, "
                    "pgknob reads the values as Terraform does.",
                    "%s holds Terraform variable values, and neither its directory nor another "
                    "of its checkout holds a module that declares them with a PostgreSQL "
                    "parameter group or database flags",
                    slash ? slash + 1 : file);
    free(dir);
    arena_free(arena);
    return ok;
}
