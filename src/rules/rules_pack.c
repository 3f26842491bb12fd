/* Compiled rule packs: a rule directory's RuleSet as loaded and type-checked, saved in
 * DIR/.pgknob-pack so that a lint run reads one file instead of parsing 180: parsing the
 * shipped packs would be most of a lint run's work.
 *
 * The pack is only a cache: it records every file and subdirectory (path, size, mtime) and is
 * used only when the directory still holds exactly those files, for the same pgknob version and
 * catalogs; otherwise the sources are parsed as before. So an edited, added or removed rule is
 * always seen, and a pack can never make a rule misfire. */
#include "rules/expr.intern.h"
#include "rules/rules.intern.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
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
#define PACK_FORMAT 13u
#define PACK_MAX_BYTES (64u * 1024 * 1024)
#define PACK_DIR_DEPTH 8

/* ---- the directory's fingerprint -------------------------------------------------------- */

/* The fingerprint is every file and directory below the rule directory (names starting with
 * '.' skipped, as the loader skips them) with its size and modification time. Checking it is
 * on every lint's path, and listing every directory would cost more than all the rest of the
 * check, so the reader lists only the top
 * directory and stats what the pack recorded: a file added to or removed from a subdirectory
 * changes that directory's mtime, and a file edited in place changes its own. The top
 * directory's mtime cannot be used (writing the pack there changes it), hence its listing. */

/* An explanation file is not checked on load (100 of the shipped packs' 211 entries, a tenth of
 * a lint run): its rule carries its stamp and rule_explanation checks it when it is used. Its
 * removal, or a new file beside it, still changes its directory. */
typedef enum PackKind { PACK_FILE = 1, PACK_DIR = 2, PACK_EXPLANATION = 3 } PackKind;

typedef struct PackFile {
    char *rel; /* path below the directory */
    PackKind kind;
    uint64_t size; /* 0 for a directory */
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

static void files_add(PackFiles *out, char *rel, const struct stat *st)
{
    bool dir = S_ISDIR(st->st_mode);
    PK_GROW(out->items, out->n, out->cap);
    out->items[out->n++] =
        (PackFile){rel, dir ? PACK_DIR : PACK_FILE, dir ? 0 : (uint64_t)st->st_size,
                   (int64_t)st->st_mtim.tv_sec, (int64_t)st->st_mtim.tv_nsec};
}

/* Through directory descriptors (fstatat): no path is formatted but the names it records. */
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
        files_add(out, child_rel, &st);
        if (S_ISDIR(st.st_mode)) {
            int child_fd = openat(dirfd(dp), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            ok = child_fd >= 0 && files_walk(child_fd, child_rel, depth + 1, out);
        }
    }
    closedir(dp);
    return ok;
}

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const PackFile *)a)->rel, ((const PackFile *)b)->rel);
}

/* bsearch's: a path against a PackFile. */
static int rel_cmp(const void *rel, const void *file)
{
    return strcmp(rel, ((const PackFile *)file)->rel);
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

static void put_decimal(StrBuf *sb, uint64_t value)
{
    char digits[24];
    size_t at = sizeof(digits);
    do
        digits[--at] = (char)('0' + value % 10);
    while ((value /= 10) != 0);
    sb_putn(sb, digits + at, sizeof(digits) - at);
}

/* What the checked rules depend on besides their files: the version and the catalogs. Put, not
 * printed, piece by piece: every lint builds it. */
static char *build_key(void)
{
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "pgknob %s format %u %s-endian", PK_VERSION, PACK_FORMAT,
              __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? "little" : "big");
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        if (!cat)
            continue;
        sb_putc(&sb, ' ');
        put_decimal(&sb, (uint64_t)major);
        sb_putc(&sb, ':');
        sb_put(&sb, cat->server_version);
        sb_putc(&sb, ':');
        put_decimal(&sb, cat->n_params);
    }
    return sb_detach(&sb);
}

/* ---- writing ---------------------------------------------------------------------------- */

static bool pack_reads_back(const StrBuf *sb, size_t *used, size_t *n_rules);

/* Native byte order: a pack is a cache made on the machine that reads it (the build key names
 * the order, so a pack carried to another kind of machine is only ignored). */
static void put_u64(StrBuf *sb, uint64_t value)
{
    sb_putn(sb, (const char *)&value, sizeof(value));
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

/* One expression node: a fixed record read with one copy, then its strings, its compiled regex
 * and its arguments: decoding field by field, each read bounds-checked, would be most of a
 * pack's load time. */
typedef struct PackedNode {
    uint8_t kind;                                           /* PACKED_NULL: no expression */
    uint8_t type, lit_type, boolean, host, op, flags, func; /* func: its index in the table */
    int32_t offset;
    int32_t let; /* index in the rule's lets, or -1 */
    uint32_t n_args;
    uint32_t regex_options;
    uint64_t str_len, func_len, compiled_len; /* lengths of what follows (with flags) */
    double num;
} PackedNode;

#define PACKED_NULL 0xFFu
#define PACKED_HAS_STR 1u
#define PACKED_HAS_FUNC 2u

static void put_expr(StrBuf *sb, const Rule *rule, const Expr *expr)
{
    PackedNode node = {.kind = PACKED_NULL};
    if (!expr) {
        sb_putn(sb, (const char *)&node, sizeof(node));
        return;
    }
    uint8_t *compiled = NULL;
    PCRE2_SIZE compiled_len = 0;
    if (expr->regex) {
        pcre2_pattern_info(expr->regex, PCRE2_INFO_ARGOPTIONS, &node.regex_options);
        /* compiling a regex again costs 30,000 instructions; decoding it, a copy */
        const pcre2_code *codes[] = {expr->regex};
        if (pcre2_serialize_encode(codes, 1, &compiled, &compiled_len, NULL) < 0)
            compiled_len = 0;
    }
    node.kind = (uint8_t)expr->kind;
    node.type = (uint8_t)expr->type;
    node.lit_type = (uint8_t)expr->lit_type;
    node.boolean = expr->boolean;
    node.host = (uint8_t)expr->host;
    node.op = (uint8_t)expr->op;
    node.flags = (uint8_t)((expr->str ? PACKED_HAS_STR : 0) | (expr->func ? PACKED_HAS_FUNC : 0));
    node.offset = expr->offset;
    node.let = expr->let ? let_index(rule, expr->let) : -1;
    node.n_args = (uint32_t)expr->n_args;
    node.func = expr->func ? (uint8_t)expr_func_index(expr->func) : 0;
    node.str_len = expr->str ? strlen(expr->str) : 0;
    node.func_len = expr->func ? strlen(expr->func->name) : 0;
    node.compiled_len = compiled_len;
    node.num = expr->num;
    sb_putn(sb, (const char *)&node, sizeof(node));
    if (expr->str) /* with its NUL: the reader points into the buffer */
        sb_putn(sb, expr->str, node.str_len + 1);
    if (expr->func)
        sb_putn(sb, expr->func->name, node.func_len + 1);
    if (compiled_len)
        sb_putn(sb, (const char *)compiled, compiled_len);
    if (compiled)
        pcre2_serialize_free(compiled);
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

/* A path of the directory (dir_len bytes and a slash) as the part below it; NULL if none. */
static const char *below(const char *path, size_t dir_len)
{
    return path && strlen(path) > dir_len + 1 && path[dir_len] == '/' ? path + dir_len + 1 : NULL;
}

/* Explanation files, which a rule then checks when it is used, instead of the load. A path
 * not found as recorded ("a/../b.md") stays a file the load checks: slower, as correct. */
static void mark_explanations(PackFiles *files, const RuleSet *set, size_t dir_len)
{
    for (size_t idx = 0; idx < set->n; idx++) {
        const char *rel = below(set->rules[idx].explanation_file, dir_len);
        PackFile *found =
            rel ? bsearch(rel, files->items, files->n, sizeof(PackFile), rel_cmp) : NULL;
        if (found && found->kind == PACK_FILE && !rules_name_is_ini(rel))
            found->kind = PACK_EXPLANATION;
    }
}

/* After its length: the reader passes over it and decodes it when the rule needs it. */
static void put_detail(StrBuf *sb, const Rule *rule)
{
    const RuleDetail *detail = rule->detail;
    size_t len_at = sb->len;
    put_u64(sb, 0);
    put_template(sb, rule, &detail->message);
    put_template(sb, rule, &detail->suggestion);
    put_template(sb, rule, &detail->unsafe);
    put_template(sb, rule, &detail->anchor);
    put_u64(sb, detail->n_fixes);
    for (size_t idx = 0; idx < detail->n_fixes; idx++) {
        put_str(sb, detail->fixes[idx].name);
        put_template(sb, rule, &detail->fixes[idx].value);
        put_u64(sb, (uint64_t)(int64_t)detail->fixes[idx].line);
    }
    put_u64(sb, detail->n_docs);
    for (size_t idx = 0; idx < detail->n_docs; idx++)
        put_template(sb, rule, &detail->docs[idx]);
    put_u64(sb, detail->n_examples);
    for (size_t idx = 0; idx < detail->n_examples; idx++) {
        const RuleExample *ex = &detail->examples[idx];
        put_str(sb, ex->name);
        put_u64(sb, ex->expect_fire);
        put_u64(sb, (uint64_t)(int64_t)ex->line);
        put_u64(sb, ex->versions);
        put_str(sb, ex->host);
        put_str(sb, ex->conf);
        put_str(sb, ex->evidence);
    }
    uint64_t len = sb->len - len_at - sizeof(uint64_t);
    memcpy(sb->data + len_at, &len, sizeof(len));
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
    put_str(sb, rule->notice_when_text);
    put_expr(sb, rule, rule->notice_when);
    put_u64(sb, rule->n_milder_below_default);
    for (size_t idx = 0; idx < rule->n_milder_below_default; idx++)
        put_str(sb, rule->milder_below_default[idx]);
    put_str(sb, rule->explanation);
    put_str(sb, below(rule->explanation_file, dir_len));
    put_u64(sb, rule->explanation_stamp.size);
    put_u64(sb, (uint64_t)rule->explanation_stamp.mtime_s);
    put_u64(sb, (uint64_t)rule->explanation_stamp.mtime_ns);
    put_str(sb, rule->risk);
    put_str(sb, rule->basis);
    put_str(sb, rule->file + dir_len + 1); /* below the directory, which may move */
    put_u64(sb, (uint64_t)(int64_t)rule->line);
    put_u64(sb, rule->n_reads);
    for (size_t idx = 0; idx < rule->n_reads; idx++)
        put_str(sb, rule->reads[idx]);
    put_detail(sb, rule);
}

bool rules_pack_write(const char *dir, PkDiag *err)
{
    memset(err, 0, sizeof(*err));
    RuleSet set = {0};
    PackFiles files;
    /* listed before the sources are read: an edit made meanwhile leaves the pack stale */
    if (!files_of(dir, &files))
        return pk_diag_set(err, dir, 0, NULL, "could not list the rule directory");
    if (!rule_set_load_dir_sources(&set, dir, err)) {
        files_free(&files);
        arena_free(set.arena); /* what the rules before the broken one took */
        return false;
    }
    size_t dir_len = strlen(dir);
    mark_explanations(&files, &set, dir_len);
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, PACK_MAGIC);
    put_u64(&sb, 0); /* the arena the decoded rules take, and their count: measured below */
    put_u64(&sb, 0);
    char *key = build_key();
    put_str(&sb, key);
    free(key);
    put_u64(&sb, files.n);
    for (size_t idx = 0; idx < files.n; idx++) {
        put_str(&sb, files.items[idx].rel);
        put_u64(&sb, (uint64_t)files.items[idx].kind);
        put_u64(&sb, files.items[idx].size);
        put_u64(&sb, (uint64_t)files.items[idx].mtime_s);
        put_u64(&sb, (uint64_t)files.items[idx].mtime_ns);
    }
    put_u64(&sb, set.n);
    for (size_t idx = 0; idx < set.n; idx++)
        put_rule(&sb, &set.rules[idx], dir_len);
    files_free(&files);
    arena_free(set.arena);
    size_t used = 0, n_rules = 0;
    if (!pack_reads_back(&sb, &used, &n_rules)) {
        sb_free(&sb);
        return pk_diag_set(err, dir, 0, "Report it; lint reads the sources meanwhile.",
                           "the compiled pack does not read back (a pgknob bug): not written");
    }
    uint64_t header[2] = {used, n_rules};
    memcpy(sb.data + strlen(PACK_MAGIC), header, sizeof(header));

    char *path = xasprintf("%s/" RULES_PACK_NAME, dir);
    bool ok = pk_write_atomic(path, sb.data, sb.len, 0644, (uid_t)-1, (gid_t)-1, err);
    sb_free(&sb);
    free(path);
    return ok;
}

/* ---- reading ---------------------------------------------------------------------------- */

/* A pack's rules go into the set's arena like any other rule's, with the arena reserved at the
 * size the writer measured (one block, faulted in at once). Strings point into the mapped file,
 * which the arena unmaps when it goes; so are the regexes compiled again freed. */
typedef struct PackMap {
    void *at;
    size_t len;
} PackMap;

static void pack_unmap(void *arg)
{
    PackMap *map = arg;
    munmap(map->at, map->len);
}

typedef struct Reader {
    unsigned char *data;
    size_t len, pos;
    bool bad;
    Arena *arena;
    unsigned char *slab; /* zeroed arena memory the decoded nodes and arrays are cut from */
    size_t slab_left;
} Reader;

/* Sticky: the read position goes to the end, so every later read fails its bounds check without
 * testing the flag. */
static void fail(Reader *rd)
{
    rd->bad = true;
    rd->pos = rd->len;
}

static inline void fail_if(Reader *rd, bool failed)
{
    if (failed)
        fail(rd);
}

#define READER_SLAB 4096
#define READER_ALIGN alignof(max_align_t)

/* n zeroed items in the arena, or NULL for none. Cut from a slab: a pack holds thousands of
 * nodes and small arrays, and an arena call for each was a sixth of a small file's lint. */
static inline void *get_array(Reader *rd, size_t n, size_t size)
{
    if (!n)
        return NULL;
    if (n > SIZE_MAX / size - READER_ALIGN)
        pk_out_of_memory(SIZE_MAX);
    size_t need = (n * size + READER_ALIGN - 1) & ~(size_t)(READER_ALIGN - 1);
    if (need > READER_SLAB / 4)
        return arena_alloc(rd->arena, need);
    if (need > rd->slab_left) {
        rd->slab = arena_alloc(rd->arena, READER_SLAB);
        rd->slab_left = READER_SLAB;
    }
    void *items = rd->slab;
    rd->slab += need;
    rd->slab_left -= need;
    return items;
}

static inline uint64_t get_u64(Reader *rd)
{
    if (rd->len - rd->pos < 8) {
        fail(rd);
        return 0;
    }
    uint64_t value;
    memcpy(&value, rd->data + rd->pos, sizeof(value));
    rd->pos += 8;
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
        fail(rd);
        return 0;
    }
    return (size_t)count;
}

/* `len` bytes and a NUL at the read position, as a string pointing into the pack. */
static inline char *get_str_of(Reader *rd, uint64_t len)
{
    if (len >= rd->len - rd->pos || rd->data[rd->pos + len] != '\0') {
        fail(rd);
        return NULL;
    }
    char *text = (char *)rd->data + rd->pos;
    rd->pos += (size_t)len + 1;
    return text;
}

static inline char *get_str(Reader *rd)
{
    uint64_t len = get_u64(rd);
    if (rd->bad || len == UINT64_MAX)
        return NULL;
    return get_str_of(rd, len);
}

static bool get_str_equals(Reader *rd, const char *expected)
{
    const char *text = get_str(rd);
    return text && !strcmp(text, expected);
}

static Expr *get_node(Reader *rd, const Rule *rule, int depth);

/* Most are a template's text parts' missing expressions: the kind says so, without a call. */
static inline Expr *get_expr(Reader *rd, const Rule *rule, int depth)
{
    if (rd->len - rd->pos < sizeof(PackedNode)) {
        fail(rd);
        return NULL;
    }
    if (rd->data[rd->pos + offsetof(PackedNode, kind)] == PACKED_NULL) {
        rd->pos += sizeof(PackedNode);
        return NULL;
    }
    return get_node(rd, rule, depth);
}

static Expr *get_node(Reader *rd, const Rule *rule, int depth)
{
    PackedNode node;
    memcpy(&node, rd->data + rd->pos, sizeof(node));
    rd->pos += sizeof(node);
    if (depth > 200 || node.kind > EK_CALL || node.n_args > (rd->len - rd->pos) / sizeof(node)) {
        fail(rd);
        return NULL;
    }
    /* the node and its arguments' array in one piece */
    unsigned char *mem = get_array(rd, 1, sizeof(Expr) + node.n_args * sizeof(Expr *));
    Expr *expr = (void *)mem;
    expr->kind = (ExprKind)node.kind;
    expr->offset = node.offset;
    expr->type = (ExprType)node.type;
    expr->num = node.num;
    expr->lit_type = (ExprType)node.lit_type;
    expr->boolean = node.boolean != 0;
    expr->host = (HostField)node.host;
    expr->op = (ExprOp)node.op;
    if (node.n_args)
        expr->args = (void *)(mem + sizeof(Expr));
    if (node.flags & PACKED_HAS_STR)
        expr->str = get_str_of(rd, node.str_len);
    if (node.flags & PACKED_HAS_FUNC) {
        const char *func = get_str_of(rd, node.func_len);
        expr->func = func ? expr_func_at(node.func, func) : NULL;
        fail_if(rd, !expr->func);
    }
    const uint8_t *compiled = NULL;
    if (!rd->bad && node.compiled_len && node.compiled_len <= rd->len - rd->pos) {
        compiled = rd->data + rd->pos;
        rd->pos += (size_t)node.compiled_len;
    } else if (node.compiled_len) {
        fail(rd);
    }
    if (node.let >= 0) {
        if ((size_t)node.let < rule->n_lets && rule->let_exprs[node.let])
            expr->let = rule->let_exprs[node.let];
        else
            fail(rd);
    }
    if (expr->kind == EK_REGEX && expr->str && !rd->bad) {
        int code;
        PCRE2_SIZE err_offset;
        pcre2_code *decoded = NULL;
        /* another PCRE2 build refuses the bytes: compile from the source then */
        if (compiled && pcre2_serialize_decode(&decoded, 1, compiled, NULL) == 1)
            expr->regex = decoded;
        else
            expr->regex = pcre2_compile((PCRE2_SPTR)expr->str, PCRE2_ZERO_TERMINATED,
                                        node.regex_options, &code, &err_offset, NULL);
        fail_if(rd, !expr->regex);
        if (expr->regex)
            arena_on_free(rd->arena, expr_regex_free, expr->regex);
    }
    for (size_t idx = 0; idx < node.n_args && !rd->bad; idx++) {
        expr->args[idx] = get_expr(rd, rule, depth + 1);
        expr->n_args++;
        fail_if(rd, !expr->args[idx]);
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

/* `dir`/`rel` in the arena; NULL for a NULL rel. */
static char *join_dir(Reader *rd, const char *dir, const char *rel)
{
    if (!rel)
        return NULL;
    size_t dir_len = strlen(dir), rel_len = strlen(rel);
    char *path = get_array(rd, dir_len + 1 + rel_len + 1, 1);
    memcpy(path, dir, dir_len);
    path[dir_len] = '/';
    memcpy(path + dir_len + 1, rel, rel_len + 1);
    return path;
}

static void get_detail(Reader *rd, const Rule *rule, RuleDetail *detail)
{
    get_template(rd, rule, &detail->message);
    get_template(rd, rule, &detail->suggestion);
    get_template(rd, rule, &detail->unsafe);
    get_template(rd, rule, &detail->anchor);
    size_t n_fixes = get_count(rd);
    detail->fixes = get_array(rd, n_fixes, sizeof(*detail->fixes));
    for (size_t idx = 0; idx < n_fixes && !rd->bad; idx++) {
        detail->fixes[idx].name = get_str(rd);
        get_template(rd, rule, &detail->fixes[idx].value);
        detail->fixes[idx].line = get_int(rd);
        detail->n_fixes++;
    }
    size_t n_docs = get_count(rd);
    detail->docs = get_array(rd, n_docs, sizeof(*detail->docs));
    for (size_t idx = 0; idx < n_docs && !rd->bad; idx++) {
        get_template(rd, rule, &detail->docs[idx]);
        detail->n_docs++;
    }
    size_t n_examples = get_count(rd);
    detail->examples = get_array(rd, n_examples, sizeof(*detail->examples));
    for (size_t idx = 0; idx < n_examples && !rd->bad; idx++) {
        RuleExample *ex = &detail->examples[idx];
        ex->name = get_str(rd);
        ex->expect_fire = get_u64(rd) != 0;
        ex->line = get_int(rd);
        ex->versions = get_u64(rd);
        ex->host = get_str(rd);
        ex->conf = get_str(rd);
        ex->evidence = get_str(rd);
        detail->n_examples++;
    }
}

/* A packed rule's detail, waiting in the pack's bytes. */
struct RulePackDetail {
    unsigned char *at;
    size_t len;
    Arena *arena; /* NULL once decoded */
    const char *dir;
};

/* Decodes a detail's bytes into the arena; false when they do not read back. */
static bool detail_decode(const Rule *rule, unsigned char *at, size_t len, Arena *arena)
{
    Reader rd = {at, len, 0, false, arena, NULL, 0};
    memset(rule->detail, 0, sizeof(*rule->detail));
    get_detail(&rd, rule, rule->detail);
    return !rd.bad && rd.pos == rd.len;
}

/* A detail that does not read back (the pack changed in place since it was mapped; the writer
 * replaces it whole, so something else did): the rule's source file has it, unchanged since the
 * pack was written (the load checked that), read into the same arena by the loader. */
static void detail_from_source(const Rule *rule, Arena *arena, const char *dir)
{
    memset(rule->detail, 0, sizeof(*rule->detail));
    RuleSet source = {.arena = arena};
    PkDiag err = PK_DIAG_INIT;
    /* inside its pack, as the loader reads it: an explanation may lie in another subdirectory */
    if (rule_set_load_file_in(&source, rule->file, dir, &err) && source.n == 1)
        *rule->detail = *source.rules[0].detail;
    pk_diag_free(&err);
}

void rules_pack_detail(const Rule *rule)
{
    RulePackDetail *pending = rule->pending;
    Arena *arena = pending->arena;
    if (!arena)
        return; /* decoded already */
    pending->arena = NULL;
    if (!detail_decode(rule, pending->at, pending->len, arena))
        detail_from_source(rule, arena, pending->dir);
}

static void get_rule(Reader *rd, const char *dir, Rule *rule)
{
    memset(rule, 0, sizeof(*rule));
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
    rule->notice_when_text = get_str(rd);
    rule->notice_when = get_expr(rd, rule, 0);
    size_t n_milder = get_count(rd);
    rule->milder_below_default = get_array(rd, n_milder + 1, sizeof(char *));
    for (size_t idx = 0; idx < n_milder && !rd->bad; idx++)
        rule->milder_below_default[rule->n_milder_below_default++] = get_str(rd);
    rule->explanation = get_str(rd);
    rule->explanation_file = join_dir(rd, dir, get_str(rd));
    rule->explanation_stamp.size = get_u64(rd);
    rule->explanation_stamp.mtime_s = (int64_t)get_u64(rd);
    rule->explanation_stamp.mtime_ns = (int64_t)get_u64(rd);
    rule->risk = get_str(rd);
    rule->basis = get_str(rd);
    rule->file = join_dir(rd, dir, get_str(rd));
    fail_if(rd, !rule->file || !rule->id || !rule->name);
    rule->line = get_int(rd);
    size_t n_reads = get_count(rd);
    rule->reads = get_array(rd, n_reads, sizeof(*rule->reads));
    for (size_t idx = 0; idx < n_reads && !rd->bad; idx++) {
        rule->reads[idx] = get_str(rd);
        rule->n_reads++;
        fail_if(rd, !rule->reads[idx]);
    }
    /* the detail is passed over: its pages of the pack are not read, nor its arena taken */
    uint64_t detail_len = get_u64(rd);
    fail_if(rd, detail_len > rd->len - rd->pos);
    if (rd->bad)
        return;
    rule->detail = get_array(rd, 1, sizeof(*rule->detail));
    rule->pending = get_array(rd, 1, sizeof(*rule->pending));
    *rule->pending = (RulePackDetail){rd->data + rd->pos, (size_t)detail_len, rd->arena, dir};
    rd->pos += (size_t)detail_len;
}

/* The top directory's entries (dotfiles skipped) are exactly the recorded top-level ones. */
static bool top_matches(int dir_fd, const PackFiles *recorded, size_t n_top)
{
    int fd = dup(dir_fd);
    DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
    if (!dp) {
        if (fd >= 0)
            close(fd);
        return false;
    }
    size_t seen = 0;
    bool ok = true;
    struct dirent *de;
    while (ok && (de = readdir(dp))) {
        if (de->d_name[0] == '.')
            continue;
        ok = bsearch(de->d_name, recorded->items, recorded->n, sizeof(PackFile), rel_cmp) != NULL;
        seen++;
    }
    closedir(dp);
    return ok && seen == n_top;
}

/* The recorded files and directories against the directory: same kinds, sizes and
 * modification times, and nothing added at the top. */
/* `dir` NULL: the list is only read past (the writer measuring its pack). */
static bool files_current(Reader *rd, const char *dir)
{
    size_t n = get_count(rd);
    if (rd->bad)
        return false;
    PackFiles recorded = {.items = xcalloc(n + 1, sizeof(PackFile)), .n = n, .cap = n + 1};
    size_t n_top = 0;
    for (size_t idx = 0; idx < n && !rd->bad; idx++) {
        PackFile *file = &recorded.items[idx];
        file->rel = get_str(rd);
        file->kind = (PackKind)get_u64(rd);
        file->size = get_u64(rd);
        file->mtime_s = (int64_t)get_u64(rd);
        file->mtime_ns = (int64_t)get_u64(rd);
        fail_if(rd, !file->rel ||
                        (file->kind != PACK_FILE && file->kind != PACK_DIR &&
                         file->kind != PACK_EXPLANATION) ||
                        (idx && strcmp(recorded.items[idx - 1].rel, file->rel) >= 0));
        n_top += !rd->bad && !strchr(file->rel, '/');
    }
    if (!dir) {
        free(recorded.items);
        return !rd->bad;
    }
    int dir_fd = rd->bad ? -1 : open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    bool ok = dir_fd >= 0;
    for (size_t idx = 0; ok && idx < n; idx++) {
        const PackFile *file = &recorded.items[idx];
        if (file->kind == PACK_EXPLANATION)
            continue;
        struct stat st;
        ok =
            fstatat(dir_fd, file->rel, &st, 0) == 0 &&
            (file->kind == PACK_DIR ? S_ISDIR(st.st_mode)
                                    : !S_ISDIR(st.st_mode) && (uint64_t)st.st_size == file->size) &&
            (int64_t)st.st_mtim.tv_sec == file->mtime_s &&
            (int64_t)st.st_mtim.tv_nsec == file->mtime_ns;
    }
    ok = ok && top_matches(dir_fd, &recorded, n_top);
    if (dir_fd >= 0)
        close(dir_fd);
    free(recorded.items); /* the names point into the pack */
    return ok;
}

/* Decodes a pack's bytes into the set's arena (its rules appended to the set); `dir` NULL skips
 * the currency check (the writer measuring). False when anything is amiss: what was decoded
 * stays in the arena, unused. */
static bool pack_decode(char *data, size_t len, const char *dir, RuleSet *into)
{
    Arena *arena = arena_get(&into->arena);
    Reader rd = {(unsigned char *)data, len, 0, false, arena};
    size_t magic_len = strlen(PACK_MAGIC);
    bool ok = rd.len > magic_len && !memcmp(rd.data, PACK_MAGIC, magic_len);
    rd.pos = magic_len;
    get_u64(&rd); /* the arena hint and rule count, read by the caller */
    get_u64(&rd);
    char *key = ok ? build_key() : NULL;
    ok = ok && get_str_equals(&rd, key);
    free(key);
    ok = ok && files_current(&rd, dir);
    size_t n_rules = ok ? get_count(&rd) : 0;
    /* straight into the set, grown once: copying them there one by one touched 12 fresh pages */
    if (into->cap < into->n + n_rules) {
        into->rules = arena_realloc(arena, into->rules, into->cap * sizeof(Rule),
                                    (into->n + n_rules) * sizeof(Rule));
        into->cap = into->n + n_rules;
    }
    /* the rules' pending details read their source inside it, whoever owns `dir` */
    const char *own_dir = ok && dir ? arena_strdup(arena, dir) : "";
    for (size_t idx = 0; ok && idx < n_rules; idx++) {
        get_rule(&rd, own_dir, &into->rules[into->n + idx]);
        ok = !rd.bad;
    }
    ok = ok && !rd.bad && rd.pos == rd.len;
    if (ok)
        into->n += n_rules;
    return ok;
}

/* Reads the pack in `sb` back, every rule's detail too: false when it does not (a bug of the
 * writer). *used: what its rules take in the arena on load (details, decoded on use, and the
 * rules' paths, which the reader adds for its directory, not counted); *n_rules their number. */
static bool pack_reads_back(const StrBuf *sb, size_t *used, size_t *n_rules)
{
    RuleSet decoded = {0};
    bool ok = pack_decode(sb->data, sb->len, NULL, &decoded);
    *used = arena_used(decoded.arena);
    *n_rules = decoded.n;
    for (size_t idx = 0; ok && idx < decoded.n; idx++) {
        const Rule *rule = &decoded.rules[idx];
        ok = detail_decode(rule, rule->pending->at, rule->pending->len, decoded.arena);
    }
    arena_free(decoded.arena);
    return ok;
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
    Arena *arena = arena_get(&set->arena);
    size_t magic_len = strlen(PACK_MAGIC);
    if (len >= magic_len + 16) { /* a hint, never trusted: a bad one only costs page faults */
        uint64_t header[2];
        memcpy(header, data + magic_len, sizeof(header));
        /* the writer measured its paths below ""; two a rule, each rounded up to 16 */
        uint64_t paths = header[1] * 2 * (strlen(dir) + 16);
        if (header[0] <= 4 * (uint64_t)len && header[1] <= len)
            arena_reserve(arena, (size_t)(header[0] + paths));
    }
    if (!pack_decode(data, len, dir, set)) {
        munmap(map, len); /* what was decoded from it is not the set's */
        return false;
    }
    PackMap *owned = arena_alloc(arena, sizeof(*owned));
    *owned = (PackMap){map, len};
    arena_on_free(arena, pack_unmap, owned);
    return true;
}
