/* Building rules from parsed INI documents: required keys, versions, expressions checked against
 * the catalog of every claimed version, message templates, examples. Also directory walking and
 * the rule set's lifetime. */
#include "rules/rules.intern.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/ini.h"
#include "common/readfile.h"
#include "common/datadir.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "catalog/value.h"
#include "host/host.h"

#define RULE_FILE_MAX (1024 * 1024)
#define RULE_DIR_DEPTH 8

typedef struct Loader {
    const char *file;
    PkDiag *err;
    Rule *rule;
    char *explanation_key; /* the `explanation` key, when given */
    Arena *arena;          /* the set's: the rule's memory (left there when loading fails) */
} Loader;

/* A string allocated with malloc, moved into the arena. */
static char *keep(Loader *ld, char *heap)
{
    char *copy = arena_strdup(ld->arena, heap);
    free(heap);
    return copy;
}

static bool load_error(Loader *ld, int line, const char *hint, const char *msg)
{
    return pk_diag_set(ld->err, ld->file, line, hint, "%s", msg);
}

/* ---- versions ---- */

static bool parse_major(const char **pos, int *out)
{
    if (!isdigit((unsigned char)**pos))
        return false;
    char *end;
    long major = strtol(*pos, &end, 10);
    *pos = end;
    if (major < 1 || major > 63)
        return false;
    *out = (int)major;
    return true;
}

static bool versions_item(const char *item, uint64_t *mask)
{
    const char *pos = item;
    int low = 1, high = 63;
    bool has_low = parse_major(&pos, &low);
    if (*pos == '-') {
        pos++;
        if (*pos && !parse_major(&pos, &high))
            return false;
        if (!has_low && high == 63)
            return false;
    } else if (has_low) {
        high = low;
    } else {
        return false;
    }
    if (*pos || low > high)
        return false;
    for (int major = low; major <= high; major++)
        *mask |= UINT64_C(1) << major;
    return true;
}

bool rule_versions_parse(const char *text, uint64_t *out)
{
    uint64_t mask = 0;
    char *copy = xstrdup(text);
    bool ok = true;
    char *save = NULL;
    for (char *item = strtok_r(copy, ", ", &save); item && ok; item = strtok_r(NULL, ", ", &save))
        ok = versions_item(item, &mask);
    free(copy);
    if (!ok || !mask)
        return false;
    *out = mask;
    return true;
}

const RuleDetail *rule_detail(const Rule *rule)
{
    if (rule->pending)
        rules_pack_detail(rule);
    return rule->detail;
}

bool rule_claims(const Rule *rule, int major)
{
    return major > 0 && major < 64 && (rule->versions >> major) & 1;
}

/* ---- templates ---- */

static void template_add(Loader *ld, Template *tpl, char *text, Expr *expr)
{
    tpl->parts = arena_realloc(ld->arena, tpl->parts, tpl->n_parts * sizeof(*tpl->parts),
                               (tpl->n_parts + 1) * sizeof(*tpl->parts));
    tpl->parts[tpl->n_parts++] = (TemplatePart){.text = text ? keep(ld, text) : NULL, .expr = expr};
}

static bool expr_failed(Loader *ld, PkIniEntry *entry, const char *what, const char *text,
                        const PkDiag *eerr, int base)
{
    int at = eerr->column > 0 ? eerr->column - 1 : 0; /* the byte offset in `text` */
    int offset = at + base;
    const char *near = text + (at < (int)strlen(text) ? at : 0);
    return pk_diag_set(ld->err, ld->file, pk_ini_entry_line_at(entry, offset), eerr->hint,
                       "%s: %s (near \"%.30s\")", what, eerr->message, near);
}

static bool template_hole(Loader *ld, PkIniEntry *entry, Template *tpl, const char *src,
                          size_t *pos, const ExprScope *lets)
{
    const char *start = src + *pos + 1;
    const char *close = strchr(start, '}');
    if (!close)
        return pk_diag_set(ld->err, ld->file, pk_ini_entry_line_at(entry, (int)*pos),
                           "Write {{ for a literal brace.", "%s: unclosed \"{\"", entry->key);
    char *text = xstrndup(start, (size_t)(close - start));
    PkDiag eerr = PK_DIAG_INIT;
    Expr *expr = expr_parse(ld->arena, text, lets, &eerr);
    if (!expr) {
        expr_failed(ld, entry, entry->key, text, &eerr, (int)(*pos + 1));
        pk_diag_free(&eerr);
        free(text);
        return false;
    }
    free(text);
    template_add(ld, tpl, NULL, expr);
    *pos = (size_t)(close - src) + 1;
    return true;
}

static bool template_parse(Loader *ld, PkIniEntry *entry, const char *src, Template *tpl,
                           const ExprScope *lets)
{
    tpl->source = arena_strdup(ld->arena, src);
    StrBuf lit = STRBUF_INIT;
    size_t pos = 0;
    while (src[pos]) {
        if ((src[pos] == '{' && src[pos + 1] == '{') || (src[pos] == '}' && src[pos + 1] == '}')) {
            sb_putc(&lit, src[pos]);
            pos += 2;
        } else if (src[pos] == '{') {
            if (lit.len)
                template_add(ld, tpl, sb_detach(&lit), NULL);
            if (!template_hole(ld, entry, tpl, src, &pos, lets)) {
                sb_free(&lit);
                return false;
            }
        } else if (src[pos] == '}') {
            sb_free(&lit);
            return pk_diag_set(ld->err, ld->file, pk_ini_entry_line_at(entry, (int)pos),
                               "Write }} for a literal brace.", "%s: unmatched \"}\"", entry->key);
        } else {
            sb_putc(&lit, src[pos++]);
        }
    }
    if (lit.len)
        template_add(ld, tpl, sb_detach(&lit), NULL);
    sb_free(&lit);
    return true;
}

/* ---- building a rule from its INI document ---- */

static bool check_keys(Loader *ld, PkIniSection *sec, const char *const *keys,
                       const char *const *multi)
{
    for (size_t entry_idx = 0; entry_idx < sec->n_entries; entry_idx++) {
        PkIniEntry *entry = &sec->entries[entry_idx];
        bool known = false, repeatable = false;
        for (const char *const *key = keys; *key; key++)
            known |= !strcmp(*key, entry->key);
        for (const char *const *key = multi; *key; key++)
            repeatable |= !strcmp(*key, entry->key);
        if (!known) {
            char *msg = xasprintf("unknown key \"%s\" in [%s]", entry->key, sec->name);
            load_error(ld, entry->line, NULL, msg);
            free(msg);
            return false;
        }
        if (entry->repeated && !repeatable) {
            char *msg = xasprintf("duplicate key \"%s\" in [%s]", entry->key, sec->name);
            load_error(ld, entry->repeat_line,
                       "Continue a long value on lines indented with spaces.", msg);
            free(msg);
            return false;
        }
    }
    return true;
}

/* The joined value of a required key (in the arena), or an error at the section header. */
static char *require(Loader *ld, PkIniSection *sec, const char *key)
{
    PkIniEntry *entry = pk_ini_find(sec, key);
    if (!entry) {
        char *msg = xasprintf("missing key \"%s\" in [%s]", key, sec->name);
        load_error(ld, sec->line, NULL, msg);
        free(msg);
        return NULL;
    }
    char *value = pk_ini_entry_join(entry, " ");
    if (!*value) {
        char *msg = xasprintf("empty value for \"%s\"", key);
        load_error(ld, entry->line, NULL, msg);
        free(msg);
        free(value);
        return NULL;
    }
    return keep(ld, value);
}

static bool valid_id(const char *id)
{
    if (!isalpha((unsigned char)id[0]))
        return false;
    for (const char *c = id; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_' && *c != '.')
            return false;
    return true;
}

static void split_list(Loader *ld, const char *text, char ***items, size_t *n)
{
    char *copy = xstrdup(text), *save = NULL;
    for (char *item = strtok_r(copy, ", ", &save); item; item = strtok_r(NULL, ", ", &save)) {
        *items = arena_realloc(ld->arena, *items, *n * sizeof(**items), (*n + 1) * sizeof(**items));
        char *lower = arena_strdup(ld->arena, item);
        for (char *c = lower; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        (*items)[(*n)++] = lower;
    }
    free(copy);
}

/* The comma- or blank-separated list under `key` of `sec`, lower-cased, when the key is there. */
static void load_list(Loader *ld, PkIniSection *sec, const char *key, char ***items, size_t *n)
{
    PkIniEntry *entry = pk_ini_find(sec, key);
    if (!entry)
        return;
    char *text = pk_ini_entry_join(entry, " ");
    split_list(ld, text, items, n);
    free(text);
}

static bool load_identity(Loader *ld, PkIniSection *sec)
{
    Rule *rule = ld->rule;
    PkIniEntry *entry;
    if (!(rule->id = require(ld, sec, "id")) || !(rule->title = require(ld, sec, "title")) ||
        !(rule->category = require(ld, sec, "category")))
        return false;
    if (!valid_id(rule->id))
        return load_error(ld, pk_ini_find(sec, "id")->line, "Use letters and digits: PK3001.",
                          "invalid rule id");
    entry = pk_ini_find(sec, "name");
    rule->name = entry ? keep(ld, pk_ini_entry_join(entry, " ")) : rule->id;
    char *sev = require(ld, sec, "severity");
    if (!sev)
        return false;
    if (!severity_parse_level(sev, &rule->severity))
        return load_error(ld, pk_ini_find(sec, "severity")->line,
                          "Use error, warning, notice or recommendation.", "invalid severity");
    if (!(rule->versions_text = require(ld, sec, "versions")))
        return false;
    int line = pk_ini_find(sec, "versions")->line;
    if (!rule_versions_parse(rule->versions_text, &rule->versions))
        return load_error(ld, line, "Write a major, a range or a list: 18, 16-18, 13-, 13,15-16.",
                          "invalid versions");
    uint64_t known = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++)
        known |= UINT64_C(1) << major;
    if (!(rule->versions & known))
        return load_error(ld, line, NULL, "the rule claims no version pgknob knows (13 to 18)");
    return true;
}

static bool load_lets(Loader *ld, PkIniSection *sec)
{
    Rule *rule = ld->rule;
    for (size_t entry_idx = 0; sec && entry_idx < sec->n_entries; entry_idx++) {
        PkIniEntry *entry = &sec->entries[entry_idx];
        if (entry->repeated)
            return load_error(ld, entry->repeat_line, NULL, "duplicate name in [let]");
        char *text = pk_ini_entry_join(entry, " ");
        ExprScope scope = {(const char *const *)rule->let_names, rule->let_exprs, rule->n_lets};
        PkDiag eerr = PK_DIAG_INIT;
        Expr *expr = expr_parse(ld->arena, text, &scope, &eerr);
        if (!expr) {
            char *what = xasprintf("$%s", entry->key);
            expr_failed(ld, entry, what, text, &eerr, 0);
            free(what);
            pk_diag_free(&eerr);
            free(text);
            return false;
        }
        free(text);
        rule->let_names = arena_realloc(ld->arena, rule->let_names, rule->n_lets * sizeof(char *),
                                        (rule->n_lets + 1) * sizeof(char *));
        rule->let_exprs = arena_realloc(ld->arena, rule->let_exprs, rule->n_lets * sizeof(Expr *),
                                        (rule->n_lets + 1) * sizeof(Expr *));
        rule->let_names[rule->n_lets] = arena_strdup(ld->arena, entry->key);
        rule->let_exprs[rule->n_lets++] = expr;
    }
    return true;
}

/* `fix = name = value template`: the name must look like a parameter (checked against every
 * claimed catalog later); the value is a template like the suggestion's. */
/* A template key the rule may leave out (suggestion, unsafe, anchor): n_parts 0 then. */
static bool optional_template(Loader *ld, PkIniSection *sec, const char *key, Template *tpl,
                              const ExprScope *scope)
{
    PkIniEntry *entry = pk_ini_find(sec, key);
    if (!entry)
        return true;
    char *text = pk_ini_entry_join(entry, " ");
    bool ok = template_parse(ld, entry, text, tpl, scope);
    free(text);
    return ok;
}

static bool load_fix(Loader *ld, PkIniEntry *entry, const PkIniPiece *piece, const ExprScope *scope)
{
    Rule *rule = ld->rule;
    RuleDetail *detail = rule->detail;
    const char *text = piece->text, *eq = strchr(text, '=');
    size_t name_len = eq ? (size_t)(eq - text) : 0;
    while (name_len && (text[name_len - 1] == ' ' || text[name_len - 1] == '\t'))
        name_len--;
    bool name_ok = name_len > 0;
    for (size_t idx = 0; idx < name_len; idx++)
        name_ok =
            name_ok && (isalnum((unsigned char)text[idx]) || text[idx] == '_' || text[idx] == '.');
    if (!name_ok)
        return load_error(ld, piece->line, "Write fix = parameter = value, one per line.",
                          "fix: expected \"parameter = value\"");
    const char *value = eq + 1;
    while (*value == ' ' || *value == '\t')
        value++;
    detail->fixes =
        arena_realloc(ld->arena, detail->fixes, detail->n_fixes * sizeof(*detail->fixes),
                      (detail->n_fixes + 1) * sizeof(*detail->fixes));
    RuleFix *fix = &detail->fixes[detail->n_fixes++];
    fix->name = arena_strndup(ld->arena, text, name_len);
    for (char *c = fix->name; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    fix->line = piece->line;
    return template_parse(ld, entry, value, &fix->value, scope);
}

static bool load_texts(Loader *ld, PkIniSection *sec)
{
    Rule *rule = ld->rule;
    RuleDetail *detail = rule->detail;
    ExprScope scope = {(const char *const *)rule->let_names, rule->let_exprs, rule->n_lets};
    if (!(rule->condition_text = require(ld, sec, "condition")))
        return false;
    PkIniEntry *cond = pk_ini_find(sec, "condition");
    PkDiag eerr = PK_DIAG_INIT;
    rule->condition = expr_parse(ld->arena, rule->condition_text, &scope, &eerr);
    if (!rule->condition) {
        expr_failed(ld, cond, "condition", rule->condition_text, &eerr, 0);
        pk_diag_free(&eerr);
        return false;
    }
    PkIniEntry *lower = pk_ini_find(sec, "notice_when");
    if (lower) {
        if (!(rule->notice_when_text = require(ld, sec, "notice_when")))
            return false;
        rule->notice_when = expr_parse(ld->arena, rule->notice_when_text, &scope, &eerr);
        if (!rule->notice_when) {
            expr_failed(ld, lower, "notice_when", rule->notice_when_text, &eerr, 0);
            pk_diag_free(&eerr);
            return false;
        }
    }
    char *text = require(ld, sec, "message");
    bool ok =
        text && template_parse(ld, pk_ini_find(sec, "message"), text, &detail->message, &scope);
    PkIniEntry *entry;
    ok = ok && optional_template(ld, sec, "suggestion", &detail->suggestion, &scope) &&
         optional_template(ld, sec, "unsafe", &detail->unsafe, &scope) &&
         optional_template(ld, sec, "anchor", &detail->anchor, &scope);
    entry = pk_ini_find(sec, "docs");
    for (size_t piece_idx = 0; ok && entry && piece_idx < entry->n_pieces; piece_idx++) {
        detail->docs = arena_realloc(ld->arena, detail->docs, detail->n_docs * sizeof(Template),
                                     (detail->n_docs + 1) * sizeof(Template));
        ok = template_parse(ld, entry, entry->pieces[piece_idx].text,
                            &detail->docs[detail->n_docs++], &scope);
    }
    entry = pk_ini_find(sec, "fix");
    for (size_t piece_idx = 0; ok && entry && piece_idx < entry->n_pieces; piece_idx++)
        ok = load_fix(ld, entry, &entry->pieces[piece_idx], &scope);
    entry = pk_ini_find(sec, "explanation");
    if (entry)
        ld->explanation_key = pk_ini_entry_join(entry, " ");
    entry = pk_ini_find(sec, "risk");
    if (entry)
        rule->risk = keep(ld, pk_ini_entry_join(entry, " "));
    entry = pk_ini_find(sec, "basis");
    if (entry)
        rule->basis = keep(ld, pk_ini_entry_join(entry, " "));
    if (ok) {
        load_list(ld, sec, "parameters", &rule->params, &rule->n_params);
        load_list(ld, sec, "milder_below_default", &rule->milder_below_default,
                  &rule->n_milder_below_default);
    }
    return ok;
}

/* ---- type checking against every claimed version (lets are checked before, in order) ---- */

typedef struct CheckCtx {
    Loader *ld;
    PkIniSection *sec;
    const Catalog *cat;
} CheckCtx;

static bool check_expr(CheckCtx *ctx, Expr *expr, const char *key, const char *what,
                       const char *text, ExprType *type)
{
    PkDiag eerr = PK_DIAG_INIT;
    if (expr_check(expr, ctx->cat, type, &eerr))
        return true;
    PkIniEntry *entry = pk_ini_find(ctx->sec, key);
    expr_failed(ctx->ld, entry, what, text, &eerr, 0);
    pk_diag_free(&eerr);
    return false;
}

static bool check_template(CheckCtx *ctx, Template *tpl, const char *key)
{
    for (size_t part_idx = 0; part_idx < tpl->n_parts; part_idx++) {
        Expr *expr = tpl->parts[part_idx].expr;
        ExprType type;
        if (expr && !check_expr(ctx, expr, key, key, tpl->source, &type))
            return false;
    }
    return true;
}

/* Can an expression of this type give the parameter's value? Numbers fit any numeric parameter
 * (in its base unit's terms the renderer writes them unit-less). */
static bool fix_type_fits(const CatalogParam *param, ExprType type)
{
    bool memory = param->unit && strchr(param->unit, 'B');
    bool time = param->unit && !memory;
    switch (param->type) {
    case GUC_BOOL: return type == EXPR_T_BOOL;
    case GUC_INTEGER:
    case GUC_REAL:
        return type == EXPR_T_NUM || (memory && type == EXPR_T_BYTES) ||
               (time && type == EXPR_T_DURATION);
    default: return type == EXPR_T_STRING || type == EXPR_T_NUM;
    }
}

/* A fix names a settable parameter of the version; its holes have a type the parameter takes, and
 * a value without holes must be one the server accepts. */
static bool check_fix(CheckCtx *ctx, RuleFix *fix)
{
    const CatalogParam *param = catalog_find(ctx->cat, fix->name);
    char *msg = NULL;
    if (!param || param->context == GUC_CTX_INTERNAL)
        msg = xasprintf("fix: %s parameter \"%s\" for PostgreSQL %d (the rule claims this"
                        " version)",
                        param ? "read-only" : "unknown", fix->name, ctx->cat->major);
    bool literal = true;
    for (size_t part_idx = 0; !msg && part_idx < fix->value.n_parts; part_idx++) {
        Expr *expr = fix->value.parts[part_idx].expr;
        ExprType type;
        if (!expr)
            continue;
        literal = false;
        if (!check_expr(ctx, expr, "fix", "fix", fix->value.source, &type))
            return false;
        if (fix->value.n_parts == 1 && !fix_type_fits(param, type))
            msg = xasprintf("fix: %s is %s %s parameter, but the value is %s", param->name,
                            param->type == GUC_INTEGER ? "an" : "a", catalog_type_name(param->type),
                            expr_type_name(type));
    }
    if (!msg && literal) {
        GucValue val;
        PkDiag gerr = PK_DIAG_INIT;
        if (!guc_parse_value_for(param, ctx->cat->major, fix->value.source, &val, &gerr))
            msg = xasprintf("fix: PostgreSQL %d refuses it: %s", ctx->cat->major, gerr.message);
        pk_diag_free(&gerr);
    }
    if (!msg)
        return true;
    load_error(ctx->ld, fix->line, NULL, msg);
    free(msg);
    return false;
}

static bool check_params_exist(CheckCtx *ctx)
{
    Rule *rule = ctx->ld->rule;
    for (size_t param_idx = 0; param_idx < rule->n_params; param_idx++)
        if (!catalog_find(ctx->cat, rule->params[param_idx])) {
            char *msg = xasprintf("parameters: unknown parameter \"%s\" for PostgreSQL %d (the "
                                  "rule claims this version)",
                                  rule->params[param_idx], ctx->cat->major);
            load_error(ctx->ld, pk_ini_find(ctx->sec, "parameters")->line, NULL, msg);
            free(msg);
            return false;
        }
    for (size_t idx = 0; idx < rule->n_milder_below_default; idx++) {
        const CatalogParam *param = catalog_find(ctx->cat, rule->milder_below_default[idx]);
        if (param && (param->type == GUC_INTEGER || param->type == GUC_REAL))
            continue;
        char *msg =
            xasprintf("milder_below_default: \"%s\" is %s for PostgreSQL %d (the rule "
                      "claims this version); name numeric parameters",
                      rule->milder_below_default[idx],
                      param ? "not a numeric parameter" : "an unknown parameter", ctx->cat->major);
        load_error(ctx->ld, pk_ini_find(ctx->sec, "milder_below_default")->line, NULL, msg);
        free(msg);
        return false;
    }
    return true;
}

/* `key`'s expression type-checks for this major and is a boolean. */
static bool check_boolean(CheckCtx *ctx, Expr *expr, const char *key, const char *text)
{
    ExprType type;
    if (!check_expr(ctx, expr, key, key, text, &type))
        return false;
    if (type == EXPR_T_BOOL)
        return true;
    char *msg = xasprintf("%s: must be a boolean, got %s", key, expr_type_name(type));
    load_error(ctx->ld, pk_ini_find(ctx->sec, key)->line, NULL, msg);
    free(msg);
    return false;
}

static bool check_version(CheckCtx *ctx)
{
    Rule *rule = ctx->ld->rule;
    RuleDetail *detail = rule->detail;
    if (!check_boolean(ctx, rule->condition, "condition", rule->condition_text) ||
        (rule->notice_when &&
         !check_boolean(ctx, rule->notice_when, "notice_when", rule->notice_when_text)))
        return false;
    if (!check_template(ctx, &detail->message, "message") ||
        !check_template(ctx, &detail->suggestion, "suggestion") ||
        !check_template(ctx, &detail->unsafe, "unsafe") ||
        !check_template(ctx, &detail->anchor, "anchor"))
        return false;
    for (size_t doc_idx = 0; doc_idx < detail->n_docs; doc_idx++)
        if (!check_template(ctx, &detail->docs[doc_idx], "docs"))
            return false;
    for (size_t fix_idx = 0; fix_idx < detail->n_fixes; fix_idx++)
        if (!check_fix(ctx, &detail->fixes[fix_idx]))
            return false;
    return check_params_exist(ctx);
}

static void add_param_once(const char *name, void *arg)
{
    Loader *ld = arg;
    Rule *rule = ld->rule;
    for (size_t param_idx = 0; param_idx < rule->n_params; param_idx++)
        if (!strcmp(rule->params[param_idx], name))
            return;
    rule->params = arena_realloc(ld->arena, rule->params, rule->n_params * sizeof(char *),
                                 (rule->n_params + 1) * sizeof(char *));
    rule->params[rule->n_params++] = arena_strdup(ld->arena, name);
}

static bool check_all_versions(Loader *ld, PkIniSection *rule_sec, PkIniSection *let_sec)
{
    Rule *rule = ld->rule;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        if (!rule_claims(rule, major))
            continue;
        const Catalog *cat = catalog_for_major(major);
        if (!cat) {
            char *msg = xasprintf("no parameter catalog for PostgreSQL %d", major);
            load_error(ld, rule_sec->line, NULL, msg);
            free(msg);
            return false;
        }
        CheckCtx ctx = {ld, rule_sec, cat};
        CheckCtx let_ctx = {ld, let_sec, cat};
        for (size_t let_idx = 0; let_idx < rule->n_lets; let_idx++) {
            ExprType type;
            PkIniEntry *entry = pk_ini_find(let_sec, rule->let_names[let_idx]);
            char *text = pk_ini_entry_join(entry, " ");
            char *what = xasprintf("$%s", rule->let_names[let_idx]);
            bool ok = check_expr(&let_ctx, rule->let_exprs[let_idx], entry->key, what, text, &type);
            free(what);
            free(text);
            if (!ok)
                return false;
        }
        if (!check_version(&ctx))
            return false;
    }
    if (!rule->n_params)
        expr_visit_params(rule->condition, add_param_once, ld);
    return true;
}

/* ---- examples ---- */

static bool evidence_spec_ok(const char *spec)
{
    char *copy = xstrdup(spec), *save = NULL;
    bool ok = true;
    for (char *item = strtok_r(copy, ",", &save); item && ok; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        char *end = NULL;
        ok = eq && eq != item && eq[1] && (strtod(eq + 1, &end), *end == '\0');
    }
    free(copy);
    return ok;
}

static bool load_example(Loader *ld, PkIniSection *sec, bool expect_fire)
{
    static const char *const keys[] = {"version", "versions", "host", "conf", "evidence", NULL};
    static const char *const multi[] = {"conf", NULL};
    if (!check_keys(ld, sec, keys, multi))
        return false;
    Rule *rule = ld->rule;
    RuleDetail *detail = rule->detail;
    RuleExample ex = {.name = arena_strdup(ld->arena, sec->name),
                      .expect_fire = expect_fire,
                      .line = sec->line,
                      .versions = rule->versions};
    PkIniEntry *entry = pk_ini_find(sec, "versions");
    if (!entry)
        entry = pk_ini_find(sec, "version");
    char *text = entry ? pk_ini_entry_join(entry, " ") : NULL;
    bool ok = !entry || rule_versions_parse(text, &ex.versions);
    free(text);
    if (!ok || (ex.versions & ~rule->versions))
        return load_error(ld, entry->line, NULL,
                          ok ? "example claims a version the rule does not" : "invalid versions");
    if ((entry = pk_ini_find(sec, "conf")))
        ex.conf = keep(ld, pk_ini_entry_join(entry, "\n"));
    if ((entry = pk_ini_find(sec, "host")))
        ex.host = keep(ld, pk_ini_entry_join(entry, " "));
    if ((entry = pk_ini_find(sec, "evidence")))
        ex.evidence = keep(ld, pk_ini_entry_join(entry, ""));
    detail->examples =
        arena_realloc(ld->arena, detail->examples, detail->n_examples * sizeof(RuleExample),
                      (detail->n_examples + 1) * sizeof(RuleExample));
    detail->examples[detail->n_examples++] = ex;
    if (ex.host) {
        HostFacts host;
        PkDiag why = PK_DIAG_INIT;
        ok = host_parse_spec(ex.host, &host, &why);
        host_facts_clear(&host);
        if (!ok) {
            load_error(ld, pk_ini_find(sec, "host")->line, NULL, why.message);
            pk_diag_free(&why);
            return false;
        }
    }
    if (ex.evidence && !evidence_spec_ok(ex.evidence))
        return load_error(ld, pk_ini_find(sec, "evidence")->line,
                          "Write key=number pairs separated by commas.", "invalid evidence");
    return true;
}

/* ---- one file ---- */

static bool find_sections(Loader *ld, PkIniDoc *doc, PkIniSection **rule_sec,
                          PkIniSection **let_sec)
{
    *rule_sec = *let_sec = NULL;
    for (size_t sec_idx = 0; sec_idx < doc->n_sections; sec_idx++) {
        PkIniSection *sec = &doc->sections[sec_idx];
        for (size_t prev = 0; prev < sec_idx; prev++)
            if (!strcmp(doc->sections[prev].name, sec->name))
                return load_error(ld, sec->line, NULL, "duplicate section");
        if (!strcmp(sec->name, "rule"))
            *rule_sec = sec;
        else if (!strcmp(sec->name, "let"))
            *let_sec = sec;
        else if (strncmp(sec->name, "example.fail.", 13) && strncmp(sec->name, "example.pass.", 13))
            return load_error(ld, sec->line,
                              "Sections: [rule], [let], [example.fail.N], "
                              "[example.pass.N].",
                              "unknown section");
    }
    if (!*rule_sec)
        return load_error(ld, 0, NULL, "no [rule] section");
    return true;
}

static bool build_rule(Loader *ld, PkIniDoc *doc)
{
    static const char *const keys[] = {"id",
                                       "name",
                                       "title",
                                       "severity",
                                       "category",
                                       "versions",
                                       "parameters",
                                       "condition",
                                       "message",
                                       "suggestion",
                                       "docs",
                                       "explanation",
                                       "fix",
                                       "risk",
                                       "basis",
                                       "unsafe",
                                       "notice_when",
                                       "anchor",
                                       "milder_below_default",
                                       NULL};
    static const char *const multi[] = {"docs", "fix", NULL};
    PkIniSection *rule_sec, *let_sec;
    if (!find_sections(ld, doc, &rule_sec, &let_sec) || !check_keys(ld, rule_sec, keys, multi) ||
        !load_identity(ld, rule_sec) || !load_lets(ld, let_sec) || !load_texts(ld, rule_sec) ||
        !check_all_versions(ld, rule_sec, let_sec))
        return false;
    for (size_t sec_idx = 0; sec_idx < doc->n_sections; sec_idx++) {
        PkIniSection *sec = &doc->sections[sec_idx];
        if (!strncmp(sec->name, "example.", 8) &&
            !load_example(ld, sec, !strncmp(sec->name, "example.fail.", 13)))
            return false;
    }
    ld->rule->line = rule_sec->line;
    return true;
}

static bool read_file(const char *path, size_t limit, char **data, size_t *len, char **why)
{
    int err = 0;
    PkReadStatus status = pk_read_file(path, limit, data, len, &err);
    if (status != PK_READ_OK)
        *why =
            xstrdup(status == PK_READ_TOO_LARGE ? "file too large" : pk_read_strerror(status, err));
    return status == PK_READ_OK;
}

typedef struct ReadList {
    Rule *rule;
    size_t cap;
    Arena *arena;
} ReadList;

static void add_read(const char *name, void *arg)
{
    ReadList *list = arg;
    Rule *rule = list->rule;
    for (size_t idx = 0; idx < rule->n_reads; idx++)
        if (!strcasecmp(rule->reads[idx], name))
            return;
    ARENA_GROW(list->arena, rule->reads, rule->n_reads, list->cap);
    rule->reads[rule->n_reads++] = name;
}

static void template_reads(const Template *tpl, ReadList *list)
{
    for (size_t idx = 0; idx < tpl->n_parts; idx++)
        if (tpl->parts[idx].expr)
            expr_visit_params(tpl->parts[idx].expr, add_read, list);
}

static void collect_reads(Rule *rule, Arena *arena)
{
    ReadList list = {rule, 0, arena};
    if (rule->condition)
        expr_visit_params(rule->condition, add_read, &list);
    if (rule->notice_when)
        expr_visit_params(rule->notice_when, add_read, &list);
    for (size_t idx = 0; idx < rule->n_lets; idx++)
        if (rule->let_exprs[idx])
            expr_visit_params(rule->let_exprs[idx], add_read, &list);
    const RuleDetail *detail = rule->detail;
    template_reads(&detail->message, &list);
    template_reads(&detail->suggestion, &list);
    template_reads(&detail->unsafe, &list);
    template_reads(&detail->anchor, &list);
    for (size_t idx = 0; idx < detail->n_fixes; idx++)
        template_reads(&detail->fixes[idx].value, &list);
    for (size_t idx = 0; idx < detail->n_docs; idx++)
        template_reads(&detail->docs[idx], &list);
}

static void set_add(RuleSet *set, Rule *rule)
{
    collect_reads(rule, set->arena);
    ARENA_GROW(set->arena, set->rules, set->n, set->cap);
    set->rules[set->n++] = *rule;
}

static bool load_rule(Arena *arena, const char *filename, const char *data, size_t len, PkDiag *err,
                      Rule *out, char **explanation_key)
{
    memset(err, 0, sizeof(*err));
    memset(out, 0, sizeof(*out));
    out->detail = arena_alloc(arena, sizeof(*out->detail));
    PkIniDoc doc;
    Loader ld = {.file = filename, .err = err, .rule = out, .arena = arena};
    static const PkIniOptions ini_opts = {
        .what = "rule file",
        .duplicates = PK_INI_DUP_MERGE, /* check_keys knows which keys may repeat */
        .section_hint = "Put the key under a section such as [rule].",
        .comment_hint = "Remove the space before \";\", or in a regex write [;].",
    };
    bool ok = pk_ini_parse(&doc, filename, data, len, &ini_opts, err) && build_rule(&ld, &doc);
    arena_free(doc.arena);
    if (!ok) {
        free(ld.explanation_key);
        return false;
    }
    out->file = arena_strdup(arena, filename);
    if (explanation_key)
        *explanation_key = ld.explanation_key;
    else
        free(ld.explanation_key);
    return true;
}

bool rule_set_load_buffer(RuleSet *set, const char *filename, const char *data, size_t len,
                          PkDiag *err)
{
    Rule rule;
    if (!load_rule(arena_get(&set->arena), filename, data, len, err, &rule, NULL))
        return false;
    set_add(set, &rule);
    return true;
}

static bool stamp_of(const char *path, RuleFileStamp *stamp)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    *stamp = (RuleFileStamp){(uint64_t)st.st_size, (int64_t)st.st_mtim.tv_sec,
                             (int64_t)st.st_mtim.tv_nsec};
    return true;
}

/* `text` with every "{pg.version}" replaced by `major` (a report of 16 links docs/16/); takes
 * and returns ownership */
static char *with_major(char *text, int major)
{
    static const char mark[] = "{pg.version}";
    if (!text || !strstr(text, mark))
        return text;
    StrBuf sb = STRBUF_INIT;
    const char *from = text;
    for (const char *at; (at = strstr(from, mark)); from = at + sizeof mark - 1) {
        sb_printf(&sb, "%.*s", (int)(at - from), from);
        sb_printf(&sb, "%d", major);
    }
    sb_put(&sb, from);
    free(text);
    return sb_detach(&sb);
}

char *rule_explanation(const Rule *rule, int major)
{
    RuleFileStamp now;
    if (!rule->explanation_file ||
        (stamp_of(rule->explanation_file, &now) && now.size == rule->explanation_stamp.size &&
         now.mtime_s == rule->explanation_stamp.mtime_s &&
         now.mtime_ns == rule->explanation_stamp.mtime_ns))
        return with_major(rule->explanation ? xstrdup(rule->explanation) : NULL, major);
    char *text = NULL, *why = NULL;
    size_t len;
    if (read_file(rule->explanation_file, RULE_FILE_MAX, &text, &len, &why))
        return with_major(text, major);
    /* the loader would have refused the pack: the report says why instead of showing stale text */
    text = xasprintf("pgknob could not read this rule's explanation, %s: %s",
                     rule->explanation_file, why);
    free(why);
    return text;
}

/* The explanation: the file named by `explanation`, else the .md beside the .ini. */
static char *explanation_path(const char *path, const char *override)
{
    if (override) {
        const char *slash = strrchr(path, '/');
        if (override[0] == '/' || !slash)
            return xstrdup(override);
        return xasprintf("%.*s/%s", (int)(slash - path), path, override);
    }
    size_t len = strlen(path);
    if (len > 4 && !strcmp(path + len - 4, ".ini"))
        return xasprintf("%.*s.md", (int)(len - 4), path);
    return NULL;
}

/* Is `path` (after every symlink and "..") inside the directory `root`? An explanation is
 * copied into reports: a pack must not make pgknob publish /etc/shadow. */
static bool inside_pack(const char *root, const char *path)
{
    char *real_root = realpath(root, NULL), *real = realpath(path, NULL);
    size_t len = real_root ? strlen(real_root) : 0;
    bool ok = real_root && real &&
              (!strcmp(real_root, "/") || (!strncmp(real, real_root, len) && real[len] == '/'));
    free(real_root);
    free(real);
    return ok;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
}

bool rule_set_load_file(RuleSet *set, const char *path, PkDiag *err)
{
    char *root = dir_of(path);
    bool ok = rule_set_load_file_in(set, path, root, err);
    free(root);
    return ok;
}

bool rule_set_load_file_in(RuleSet *set, const char *path, const char *root, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    char *data = NULL, *why = NULL;
    size_t len = 0;
    if (!read_file(path, RULE_FILE_MAX, &data, &len, &why)) {
        pk_diag_set(err, path, 0, NULL, "could not read rule file: %s", why);
        free(why);
        return false;
    }
    Rule rule;
    char *override = NULL;
    bool ok = load_rule(arena_get(&set->arena), path, data, len, err, &rule, &override);
    free(data);
    if (!ok)
        return false;
    if (override && override[0] == '/') {
        pk_diag_set(err, path, 0, NULL,
                    "explanation \"%s\" is an absolute path: name a file "
                    "inside the rule pack",
                    override);
        free(override);
        return false;
    }
    char *md_path = explanation_path(path, override);
    if (md_path && access(md_path, F_OK) == 0 && !inside_pack(root, md_path)) {
        pk_diag_set(err, path, 0, NULL,
                    "explanation \"%s\" is outside the rule pack \"%s\" "
                    "(through \"..\" or a symbolic link)",
                    override ? override : md_path, root);
        ok = false;
    } else if (md_path && access(md_path, F_OK) == 0) {
        size_t md_len;
        /* stamped before the read: an edit in between makes the stamp old, never the text */
        bool stamped = stamp_of(md_path, &rule.explanation_stamp);
        char *text = NULL;
        if (!read_file(md_path, RULE_FILE_MAX, &text, &md_len, &why)) {
            pk_diag_set(err, md_path, 0, NULL, "could not read explanation: %s", why);
            ok = false;
        } else {
            rule.explanation = arena_strdup(set->arena, text);
            if (stamped)
                rule.explanation_file = arena_strdup(set->arena, md_path);
        }
        free(text);
    } else if (override) {
        pk_diag_set(err, path, 0, NULL, "explanation file \"%s\" not found", override);
        ok = false;
    }
    free(md_path);
    free(override);
    free(why);
    if (!ok)
        return false;
    set_add(set, &rule);
    return true;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool rules_name_is_ini(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && !strcmp(name + len - 4, ".ini");
}

/* Collects rule file paths below `dir`, recursively. */
static bool collect_files(const char *dir, int depth, char ***paths, size_t *n, PkDiag *err)
{
    if (depth > RULE_DIR_DEPTH)
        return pk_diag_set(err, dir, 0, NULL, "rule directories nested too deeply");
    DIR *dp = opendir(dir);
    if (!dp)
        return pk_diag_set(err, dir, 0, NULL, "could not open rule directory: %s", strerror(errno));
    bool ok = true;
    struct dirent *de;
    while (ok && (de = readdir(dp))) {
        if (de->d_name[0] == '.')
            continue;
        char *path = xasprintf("%s/%s", dir, de->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            ok = collect_files(path, depth + 1, paths, n, err);
            free(path);
        } else if (rules_name_is_ini(de->d_name)) {
            *paths = xrealloc(*paths, (*n + 1) * sizeof(char *));
            (*paths)[(*n)++] = path;
        } else {
            free(path);
        }
    }
    closedir(dp);
    return ok;
}

bool rule_set_load_dir(RuleSet *set, const char *dir, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    return rules_pack_load(set, dir) || rule_set_load_dir_sources(set, dir, err);
}

bool rule_set_load_dir_sources(RuleSet *set, const char *dir, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    char **paths = NULL;
    size_t n = 0;
    bool ok = collect_files(dir, 0, &paths, &n, err);
    if (ok && n > 1) /* qsort on a NULL array, even of 0 items, is undefined */
        qsort(paths, n, sizeof(char *), cmp_str);
    for (size_t path_idx = 0; path_idx < n; path_idx++) {
        if (ok)
            ok = rule_set_load_file_in(set, paths[path_idx], dir, err);
        free(paths[path_idx]);
    }
    free(paths);
    return ok;
}

static int cmp_rule(const void *a, const void *b)
{
    return strcmp(((const Rule *)a)->id, ((const Rule *)b)->id);
}

bool rule_set_finish(RuleSet *set, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    if (set->n > 1)
        qsort(set->rules, set->n, sizeof(Rule), cmp_rule);
    for (size_t rule_idx = 1; rule_idx < set->n; rule_idx++) {
        const Rule *prev = &set->rules[rule_idx - 1], *cur = &set->rules[rule_idx];
        if (!strcmp(prev->id, cur->id)) {
            char *hint = xasprintf("%s:%d defines it too.", prev->file, prev->line);
            pk_diag_set(err, cur->file, cur->line, hint, "duplicate rule id \"%s\"", cur->id);
            free(hint);
            return false;
        }
    }
    return true;
}

const Rule *rule_set_find(const RuleSet *set, const char *id)
{
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++)
        if (!strcasecmp(set->rules[rule_idx].id, id) || !strcmp(set->rules[rule_idx].name, id))
            return &set->rules[rule_idx];
    return NULL;
}

char *rules_default_dir(void)
{
    char *dir = pk_data_dir("rules", NULL);
    return dir ? dir : xstrdup(PK_DATADIR_FALLBACK "/rules");
}

bool rules_load_packs(RuleSet *set, bool builtin, const char *const *dirs, size_t n_dirs,
                      PkDiagList *notes, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    if (builtin) {
        char *searched = NULL;
        char *dir = pk_data_dir("rules", &searched);
        if (!dir) {
            pk_diag_set(err, "rules", 0,
                        "Set PGKNOB_DATA_DIR to the directory holding rules/ and labs/ (an "
                        "installed tree's share/pgknob), or PGKNOB_RULES_DIR to the rules "
                        "directory itself; --no-rules lints without them.",
                        "cannot find the shipped rule packs (looked in %s)", searched);
            free(searched);
            return false;
        }
        bool ok = rule_set_load_dir(set, dir, err);
        set->shipped_dir = arena_strdup(arena_get(&set->arena), dir);
        free(dir);
        if (!ok)
            return false;
    }
    for (size_t dir_idx = 0; dir_idx < n_dirs; dir_idx++) {
        struct stat st;
        size_t before = set->n;
        bool is_file = stat(dirs[dir_idx], &st) == 0 && !S_ISDIR(st.st_mode);
        bool ok = is_file ? rule_set_load_file(set, dirs[dir_idx], err)
                          : rule_set_load_dir(set, dirs[dir_idx], err);
        if (!ok)
            return false;
        /* a mistyped or emptied directory would otherwise pass silently */
        if (!is_file && set->n == before)
            pk_diag_list_add(notes, PK_DIAG_NOTE, NULL, 0, NULL,
                             "rule directory \"%s\" holds no rule file (*.ini): no rule loaded "
                             "from it",
                             dirs[dir_idx]);
    }
    return rule_set_finish(set, err);
}
