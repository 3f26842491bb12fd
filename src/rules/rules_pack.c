/* Compiled rule packs: a rule directory's RuleSet as loaded and type-checked, saved in
 * DIR/.pgknob-pack so that a lint run reads one file instead of parsing 180. Parsing the
 * shipped packs was over half of a lint run's instructions (callgrind, 2026-12-01).
 *
 * The pack is only a cache: it records every file of the directory (path, size, mtime) and is
 * used only when the directory still holds exactly those files, for the same pgknob version and
 * catalogs; otherwise the sources are parsed as before. So an edited, added or removed rule is
 * always seen, and a pack can never make a rule misfire. */
#include "rules/expr.intern.h"
#include "rules/rules.intern.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/atomic_file.h"
#include "common/strbuf.h"
#include "common/version.h"
#include "common/xalloc.h"

#define PACK_MAGIC "PGKNOBRULEPACK\n"
#define PACK_FORMAT 3u
#define PACK_MAX_BYTES (64u * 1024 * 1024)
#define PACK_DIR_DEPTH 8

/* ---- the directory's fingerprint -------------------------------------------------------- */

typedef struct PackFile {
    char *rel; /* path below the directory */
    uint64_t size;
    int64_t mtime_s, mtime_ns;
} PackFile;

typedef struct PackFiles {
    PackFile *items;
    size_t n, cap;
} PackFiles;

static void files_free(PackFiles *files)
{
    for (size_t idx = 0; idx < files->n; idx++)
        free(files->items[idx].rel);
    free(files->items);
    memset(files, 0, sizeof(*files));
}

/* Every regular file below `dir` (names starting with '.' skipped, as the loader skips them). */
/* `rel` joined to `name` ("a/b" + "c" -> "a/b/c"). */
static char *rel_join(const char *rel, const char *name)
{
    size_t rel_len = rel ? strlen(rel) : 0, name_len = strlen(name);
    char *out = xmalloc(rel_len + 1 + name_len + 1);
    if (rel_len) {
        memcpy(out, rel, rel_len);
        out[rel_len++] = '/';
    }
    memcpy(out + rel_len, name, name_len + 1);
    return out;
}

/* Through directory descriptors (fstatat), as this runs on every lint: no path is formatted
 * but the names it records. */
static bool files_walk(int dir_fd, const char *rel, int depth, PackFiles *out)
{
    if (depth > PACK_DIR_DEPTH)
        return false;
    DIR *dp = fdopendir(dir_fd);
    if (!dp) {
        close(dir_fd);
        return false;
    }
    bool ok = true;
    struct dirent *de;
    while (ok && (de = readdir(dp))) {
        if (de->d_name[0] == '.')
            continue;
        struct stat st;
        if (fstatat(dirfd(dp), de->d_name, &st, 0) != 0)
            continue;
        char *child_rel = rel_join(rel, de->d_name);
        if (S_ISDIR(st.st_mode)) {
            int child_fd = openat(dirfd(dp), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            ok = child_fd >= 0 && files_walk(child_fd, child_rel, depth + 1, out);
            free(child_rel);
        } else {
            PK_GROW(out->items, out->n, out->cap);
            out->items[out->n++] =
                (PackFile){child_rel, (uint64_t)st.st_size, (int64_t)st.st_mtim.tv_sec,
                           (int64_t)st.st_mtim.tv_nsec};
        }
    }
    closedir(dp);
    return ok;
}

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const PackFile *)a)->rel, ((const PackFile *)b)->rel);
}

static bool files_of(const char *dir, PackFiles *out)
{
    memset(out, 0, sizeof(*out));
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || !files_walk(fd, NULL, 0, out)) {
        files_free(out);
        return false;
    }
    if (out->n > 1)
        qsort(out->items, out->n, sizeof(PackFile), file_cmp);
    return true;
}

/* What the checked rules depend on besides their files: the version and the catalogs. */
static char *build_key(void)
{
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "pgknob %s format %u %s-endian", PK_VERSION, PACK_FORMAT,
              __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? "little" : "big");
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        if (cat)
            sb_printf(&sb, " %d:%s:%zu", major, cat->server_version, cat->n_params);
    }
    return sb_detach(&sb);
}

/* ---- writing ---------------------------------------------------------------------------- */

/* Native byte order: a pack is a cache made on the machine that reads it (the build key names
 * the order, so a pack carried to another kind of machine is only ignored). */
static void put_u64(StrBuf *sb, uint64_t value)
{
    sb_putn(sb, (const char *)&value, sizeof(value));
}

static void put_double(StrBuf *sb, double value)
{
    uint64_t bits;
    memcpy(&bits, &value, sizeof(bits));
    put_u64(sb, bits);
}

/* NULL and "" differ: a NULL string is written as length UINT64_MAX. */
static void put_str(StrBuf *sb, const char *text)
{
    if (!text) {
        put_u64(sb, UINT64_MAX);
        return;
    }
    size_t len = strlen(text);
    put_u64(sb, len);
    sb_putn(sb, text, len + 1); /* with its NUL: the reader points into the buffer */
}

static int let_index(const Rule *rule, const Expr *let)
{
    for (size_t idx = 0; idx < rule->n_lets; idx++)
        if (rule->let_exprs[idx] == let)
            return (int)idx;
    return -1;
}

static void put_expr(StrBuf *sb, const Rule *rule, const Expr *expr)
{
    if (!expr) {
        put_u64(sb, UINT64_MAX);
        return;
    }
    put_u64(sb, (uint64_t)expr->kind);
    put_u64(sb, (uint64_t)(int64_t)expr->offset);
    put_u64(sb, (uint64_t)expr->type);
    put_double(sb, expr->num);
    put_u64(sb, (uint64_t)expr->lit_type);
    put_u64(sb, expr->boolean);
    put_str(sb, expr->str);
    uint32_t regex_options = 0;
    uint8_t *compiled = NULL;
    PCRE2_SIZE compiled_len = 0;
    if (expr->regex) {
        pcre2_pattern_info(expr->regex, PCRE2_INFO_ARGOPTIONS, &regex_options);
        /* compiling a regex again costs 30,000 instructions; decoding it, a copy */
        const pcre2_code *codes[] = {expr->regex};
        if (pcre2_serialize_encode(codes, 1, &compiled, &compiled_len, NULL) < 0)
            compiled_len = 0;
    }
    put_u64(sb, regex_options);
    put_u64(sb, compiled_len);
    if (compiled_len)
        sb_putn(sb, (const char *)compiled, compiled_len);
    if (compiled)
        pcre2_serialize_free(compiled);
    put_u64(sb, (uint64_t)expr->host);
    put_u64(sb, (uint64_t)expr->op);
    put_str(sb, expr->func ? expr->func->name : NULL);
    put_u64(sb, (uint64_t)(int64_t)(expr->let ? let_index(rule, expr->let) : -1));
    put_u64(sb, expr->n_args);
    for (size_t idx = 0; idx < expr->n_args; idx++)
        put_expr(sb, rule, expr->args[idx]);
}

static void put_template(StrBuf *sb, const Rule *rule, const Template *tpl)
{
    put_str(sb, tpl->source);
    put_u64(sb, tpl->n_parts);
    for (size_t idx = 0; idx < tpl->n_parts; idx++) {
        put_str(sb, tpl->parts[idx].text);
        put_expr(sb, rule, tpl->parts[idx].expr);
    }
}

static void put_rule(StrBuf *sb, const Rule *rule, size_t dir_len)
{
    put_str(sb, rule->id);
    put_str(sb, rule->name);
    put_str(sb, rule->title);
    put_u64(sb, (uint64_t)rule->severity);
    put_str(sb, rule->category);
    put_str(sb, rule->versions_text);
    put_u64(sb, rule->versions);
    put_u64(sb, rule->n_params);
    for (size_t idx = 0; idx < rule->n_params; idx++)
        put_str(sb, rule->params[idx]);
    put_u64(sb, rule->n_lets);
    for (size_t idx = 0; idx < rule->n_lets; idx++) {
        put_str(sb, rule->let_names[idx]);
        put_expr(sb, rule, rule->let_exprs[idx]);
    }
    put_str(sb, rule->condition_text);
    put_expr(sb, rule, rule->condition);
    put_template(sb, rule, &rule->message);
    put_template(sb, rule, &rule->suggestion);
    put_u64(sb, rule->n_fixes);
    for (size_t idx = 0; idx < rule->n_fixes; idx++) {
        put_str(sb, rule->fixes[idx].name);
        put_template(sb, rule, &rule->fixes[idx].value);
        put_u64(sb, (uint64_t)(int64_t)rule->fixes[idx].line);
    }
    put_u64(sb, rule->n_docs);
    for (size_t idx = 0; idx < rule->n_docs; idx++)
        put_template(sb, rule, &rule->docs[idx]);
    put_str(sb, rule->explanation);
    put_str(sb, rule->risk);
    put_str(sb, rule->basis);
    put_str(sb, rule->file + dir_len + 1); /* below the directory, which may move */
    put_u64(sb, (uint64_t)(int64_t)rule->line);
    put_u64(sb, rule->n_examples);
    for (size_t idx = 0; idx < rule->n_examples; idx++) {
        const RuleExample *ex = &rule->examples[idx];
        put_str(sb, ex->name);
        put_u64(sb, ex->expect_fire);
        put_u64(sb, (uint64_t)(int64_t)ex->line);
        put_u64(sb, ex->versions);
        put_str(sb, ex->host);
        put_str(sb, ex->conf);
        put_str(sb, ex->evidence);
    }
}

bool rules_pack_write(const char *dir, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    RuleSet set = {0};
    PackFiles files;
    if (!rule_set_load_dir_sources(&set, dir, err))
        return false;
    if (!files_of(dir, &files)) {
        rule_set_free(&set);
        return pk_diag_set(err, dir, 0, NULL, "could not list the rule directory");
    }
    size_t dir_len = strlen(dir);
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, PACK_MAGIC);
    char *key = build_key();
    put_str(&sb, key);
    free(key);
    put_u64(&sb, files.n);
    for (size_t idx = 0; idx < files.n; idx++) {
        put_str(&sb, files.items[idx].rel);
        put_u64(&sb, files.items[idx].size);
        put_u64(&sb, (uint64_t)files.items[idx].mtime_s);
        put_u64(&sb, (uint64_t)files.items[idx].mtime_ns);
    }
    put_u64(&sb, set.n);
    for (size_t idx = 0; idx < set.n; idx++)
        put_rule(&sb, &set.rules[idx], dir_len);
    files_free(&files);
    rule_set_free(&set);

    char *path = xasprintf("%s/" RULES_PACK_NAME, dir);
    bool ok = pk_write_atomic(path, sb.data, sb.len, 0644, (uid_t)-1, (gid_t)-1, err);
    sb_free(&sb);
    free(path);
    return ok;
}

/* ---- reading ---------------------------------------------------------------------------- */

/* Everything a pack's rules point into, freed at once: the file's bytes (strings point into
 * them), blocks for nodes and arrays, and the regexes compiled again. Freeing 3,000 small
 * allocations one by one cost as much as reading them. */
struct RulePackArena {
    char *data; /* the pack, mapped (copy on write: the rules' strings point into it) */
    size_t data_len;
    void **blocks;
    size_t n_blocks, cap_blocks;
    char *free_at;
    size_t free_left;
    pcre2_code **regexes;
    size_t n_regexes, cap_regexes;
};

#define ARENA_BLOCK (64u * 1024)

static void *arena_alloc(RulePackArena *arena, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (size > arena->free_left) {
        size_t block = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        PK_GROW(arena->blocks, arena->n_blocks, arena->cap_blocks);
        arena->free_at = xmalloc(block);
        arena->blocks[arena->n_blocks++] = arena->free_at;
        arena->free_left = block;
    }
    void *out = arena->free_at;
    memset(out, 0, size);
    arena->free_at += size;
    arena->free_left -= size;
    return out;
}

void rules_pack_arena_free(RulePackArena *arena)
{
    if (!arena)
        return;
    for (size_t idx = 0; idx < arena->n_regexes; idx++)
        pcre2_code_free(arena->regexes[idx]);
    for (size_t idx = 0; idx < arena->n_blocks; idx++)
        free(arena->blocks[idx]);
    free(arena->regexes);
    free(arena->blocks);
    if (arena->data)
        munmap(arena->data, arena->data_len);
    free(arena);
}

typedef struct Reader {
    unsigned char *data;
    size_t len, pos;
    bool bad;
    RulePackArena *arena;
} Reader;

/* n zeroed items from the arena, or NULL for none. */
static void *get_array(Reader *rd, size_t n, size_t size)
{
    return n ? arena_alloc(rd->arena, n * size) : NULL;
}

static uint64_t get_u64(Reader *rd)
{
    if (rd->bad || rd->len - rd->pos < 8) {
        rd->bad = true;
        return 0;
    }
    uint64_t value;
    memcpy(&value, rd->data + rd->pos, sizeof(value));
    rd->pos += 8;
    return value;
}

static double get_double(Reader *rd)
{
    uint64_t bits = get_u64(rd);
    double value;
    memcpy(&value, &bits, sizeof(value));
    return value;
}

static int get_int(Reader *rd)
{
    return (int)(int64_t)get_u64(rd);
}

/* A count of items that each take at least 8 bytes: bounded by what is left. */
static size_t get_count(Reader *rd)
{
    uint64_t count = get_u64(rd);
    if (count > (rd->len - rd->pos) / 8) {
        rd->bad = true;
        return 0;
    }
    return (size_t)count;
}

static char *get_str(Reader *rd)
{
    uint64_t len = get_u64(rd);
    if (rd->bad || len == UINT64_MAX)
        return NULL;
    if (len >= rd->len - rd->pos || rd->data[rd->pos + len] != '\0') {
        rd->bad = true;
        return NULL;
    }
    char *text = (char *)rd->data + rd->pos;
    rd->pos += (size_t)len + 1;
    return text;
}

static bool get_str_equals(Reader *rd, const char *expected)
{
    const char *text = get_str(rd);
    return text && !strcmp(text, expected);
}

static Expr *get_expr(Reader *rd, const Rule *rule, int depth)
{
    uint64_t kind = get_u64(rd);
    if (rd->bad || kind == UINT64_MAX)
        return NULL;
    if (depth > 200 || kind > EK_CALL) {
        rd->bad = true;
        return NULL;
    }
    Expr *expr = arena_alloc(rd->arena, sizeof(*expr));
    expr->kind = (ExprKind)kind;
    expr->offset = get_int(rd);
    expr->type = (ExprType)get_u64(rd);
    expr->num = get_double(rd);
    expr->lit_type = (ExprType)get_u64(rd);
    expr->boolean = get_u64(rd) != 0;
    expr->str = get_str(rd);
    uint32_t regex_options = (uint32_t)get_u64(rd);
    uint64_t compiled_len = get_u64(rd);
    const uint8_t *compiled = NULL;
    if (!rd->bad && compiled_len && compiled_len <= rd->len - rd->pos) {
        compiled = rd->data + rd->pos;
        rd->pos += (size_t)compiled_len;
    } else if (compiled_len) {
        rd->bad = true;
    }
    expr->host = (HostField)get_u64(rd);
    expr->op = (ExprOp)get_u64(rd);
    const char *func = get_str(rd);
    int let = get_int(rd);
    if (func) {
        expr->func = expr_func_find(func);
        rd->bad |= !expr->func;
    }
    if (let >= 0) {
        if ((size_t)let < rule->n_lets && rule->let_exprs[let])
            expr->let = rule->let_exprs[let];
        else
            rd->bad = true;
    }
    if (expr->kind == EK_REGEX && expr->str && !rd->bad) {
        int code;
        PCRE2_SIZE err_offset;
        pcre2_code *decoded = NULL;
        /* another PCRE2 build refuses the bytes: compile from the source then */
        if (compiled && pcre2_serialize_decode(&decoded, 1, compiled, NULL) == 1)
            expr->regex = decoded;
        else
            expr->regex = pcre2_compile((PCRE2_SPTR)expr->str, PCRE2_ZERO_TERMINATED, regex_options,
                                        &code, &err_offset, NULL);
        rd->bad |= !expr->regex;
        if (expr->regex) {
            RulePackArena *arena = rd->arena;
            PK_GROW(arena->regexes, arena->n_regexes, arena->cap_regexes);
            arena->regexes[arena->n_regexes++] = expr->regex;
        }
    }
    size_t n_args = get_count(rd);
    expr->args = get_array(rd, n_args, sizeof(*expr->args));
    for (size_t idx = 0; idx < n_args && !rd->bad; idx++) {
        expr->args[idx] = get_expr(rd, rule, depth + 1);
        expr->n_args++;
        rd->bad |= !expr->args[idx];
    }
    return expr;
}

static void get_template(Reader *rd, const Rule *rule, Template *tpl)
{
    tpl->source = get_str(rd);
    size_t n = get_count(rd);
    tpl->parts = get_array(rd, n, sizeof(*tpl->parts));
    for (size_t idx = 0; idx < n && !rd->bad; idx++) {
        tpl->parts[idx].text = get_str(rd);
        tpl->parts[idx].expr = get_expr(rd, rule, 0);
        tpl->n_parts++;
    }
}

static void get_rule(Reader *rd, const char *dir, Rule *rule)
{
    memset(rule, 0, sizeof(*rule));
    rule->packed = true;
    rule->id = get_str(rd);
    rule->name = get_str(rd);
    rule->title = get_str(rd);
    rule->severity = (Severity)get_u64(rd);
    rule->category = get_str(rd);
    rule->versions_text = get_str(rd);
    rule->versions = get_u64(rd);
    size_t n_params = get_count(rd);
    rule->params = get_array(rd, n_params + 1, sizeof(char *));
    for (size_t idx = 0; idx < n_params && !rd->bad; idx++)
        rule->params[rule->n_params++] = get_str(rd);
    size_t n_lets = get_count(rd);
    rule->let_names = get_array(rd, n_lets + 1, sizeof(char *));
    rule->let_exprs = get_array(rd, n_lets + 1, sizeof(Expr *));
    for (size_t idx = 0; idx < n_lets && !rd->bad; idx++) {
        rule->let_names[idx] = get_str(rd);
        rule->let_exprs[idx] = get_expr(rd, rule, 0);
        rule->n_lets++;
    }
    rule->condition_text = get_str(rd);
    rule->condition = get_expr(rd, rule, 0);
    get_template(rd, rule, &rule->message);
    get_template(rd, rule, &rule->suggestion);
    size_t n_fixes = get_count(rd);
    rule->fixes = get_array(rd, n_fixes, sizeof(*rule->fixes));
    for (size_t idx = 0; idx < n_fixes && !rd->bad; idx++) {
        rule->fixes[idx].name = get_str(rd);
        get_template(rd, rule, &rule->fixes[idx].value);
        rule->fixes[idx].line = get_int(rd);
        rule->n_fixes++;
    }
    size_t n_docs = get_count(rd);
    rule->docs = get_array(rd, n_docs, sizeof(*rule->docs));
    for (size_t idx = 0; idx < n_docs && !rd->bad; idx++) {
        get_template(rd, rule, &rule->docs[idx]);
        rule->n_docs++;
    }
    rule->explanation = get_str(rd);
    rule->risk = get_str(rd);
    rule->basis = get_str(rd);
    const char *rel = get_str(rd);
    if (rel) {
        size_t len = strlen(dir) + 1 + strlen(rel) + 1;
        rule->file = arena_alloc(rd->arena, len);
        snprintf(rule->file, len, "%s/%s", dir, rel);
    }
    rd->bad |= !rel || !rule->id || !rule->name;
    rule->line = get_int(rd);
    size_t n_examples = get_count(rd);
    rule->examples = get_array(rd, n_examples, sizeof(*rule->examples));
    for (size_t idx = 0; idx < n_examples && !rd->bad; idx++) {
        RuleExample *ex = &rule->examples[idx];
        ex->name = get_str(rd);
        ex->expect_fire = get_u64(rd) != 0;
        ex->line = get_int(rd);
        ex->versions = get_u64(rd);
        ex->host = get_str(rd);
        ex->conf = get_str(rd);
        ex->evidence = get_str(rd);
        rule->n_examples++;
    }
}

/* The recorded files against the directory's: same names, sizes and modification times. */
static bool files_match(Reader *rd, const PackFiles *now)
{
    size_t n = get_count(rd);
    if (rd->bad || n != now->n)
        return false;
    for (size_t idx = 0; idx < n; idx++) {
        const PackFile *cur = &now->items[idx];
        if (!get_str_equals(rd, cur->rel) || get_u64(rd) != cur->size ||
            (int64_t)get_u64(rd) != cur->mtime_s || (int64_t)get_u64(rd) != cur->mtime_ns)
            return false;
    }
    return !rd->bad;
}

bool rules_pack_load(RuleSet *set, const char *dir)
{
    /* mapped, not read: a 400 kB copy was a tenth of a lint run */
    char *path = xasprintf("%s/" RULES_PACK_NAME, dir);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    free(path);
    struct stat st;
    if (fd < 0)
        return false;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
        (uint64_t)st.st_size > PACK_MAX_BYTES) {
        close(fd);
        return false;
    }
    size_t len = (size_t)st.st_size;
    void *map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return false;
    char *data = map;
    RulePackArena *arena = xcalloc(1, sizeof(*arena));
    arena->data = data;
    arena->data_len = len;
    Reader rd = {(unsigned char *)data, len, 0, false, arena};
    size_t magic_len = strlen(PACK_MAGIC);
    bool ok = len > magic_len && !memcmp(data, PACK_MAGIC, magic_len);
    rd.pos = magic_len;
    char *key = ok ? build_key() : NULL;
    ok = ok && get_str_equals(&rd, key);
    free(key);
    PackFiles now = {0};
    ok = ok && files_of(dir, &now) && files_match(&rd, &now);
    files_free(&now);
    size_t n_rules = ok ? get_count(&rd) : 0;
    Rule *rules = ok ? get_array(&rd, n_rules, sizeof(Rule)) : NULL;
    for (size_t idx = 0; ok && idx < n_rules; idx++) {
        get_rule(&rd, dir, &rules[idx]);
        ok = !rd.bad;
    }
    ok = ok && rd.pos == rd.len;
    if (!ok) {
        rules_pack_arena_free(arena);
        return false;
    }
    for (size_t idx = 0; idx < n_rules; idx++) {
        PK_GROW(set->rules, set->n, set->cap);
        set->rules[set->n++] = rules[idx];
    }
    set->arenas = xrealloc(set->arenas, (set->n_arenas + 1) * sizeof(*set->arenas));
    set->arenas[set->n_arenas++] = arena;
    return true;
}
