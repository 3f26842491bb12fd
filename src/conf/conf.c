/* The reader: ParseConfigFile / ParseConfigFp / ParseConfigDirectory of the server, replayed
 * offline. Each function names the server function it mirrors; where the server has a quirk
 * (line numbers at a final line without newline, a NUL byte in a quoted string, which errors
 * stop a directory) the quirk is kept on purpose, because pg_file_settings shows it. */
#include "conf/conf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_hint.h"
#include "conf/conf_lex.h"
#include "conf/conf_path.h"
#include "conf/conf_template.h"

#define CONF_MAX_DEPTH 10          /* CONF_FILE_MAX_DEPTH */
#define CONF_MAX_SYNTAX_ERRORS 100 /* per file, at server startup */
#define CONF_MAX_FILE_SIZE ((size_t)64 << 20)

/* Where an include directive sits: errors about the included file are reported there. */
typedef struct CallSite {
    const char *file; /* NULL for the top-level files */
    int line;
    const char *line_text;
} CallSite;

typedef struct Loader {
    ConfSet *set;
    size_t cap_entries, cap_files, cap_pragmas;
    int major;
    int max_errors;
    char *fatal;          /* pgknob's own input problem (a file too large to read) */
    const char *cur_file; /* for pragmas */
    const ConfMount *mounts;
    size_t n_mounts;
} Loader;

/* ---- entries ---------------------------------------------------------------------------- */

static Arena *set_arena(Loader *ld)
{
    return arena_get(&ld->set->arena);
}

/* The set's copy of a file name: entries of one file share it. */
static char *file_copy(Loader *ld, const char *file)
{
    ConfSet *set = ld->set;
    if (set->n_entries && strcmp(set->entries[set->n_entries - 1].file, file) == 0)
        return set->entries[set->n_entries - 1].file;
    return arena_strdup(set_arena(ld), file);
}

static ConfEntry *add_entry(Loader *ld, const char *file, int line, const char *line_text)
{
    ConfSet *set = ld->set;
    char *file_name = file_copy(ld, file ? file : "");
    ARENA_GROW(set_arena(ld), set->entries, set->n_entries, ld->cap_entries);
    ConfEntry *entry = &set->entries[set->n_entries];
    memset(entry, 0, sizeof(*entry));
    entry->file = file_name;
    entry->line = line;
    entry->seqno = (int)set->n_entries + 1;
    entry->line_text = arena_strdup(set_arena(ld), line_text);
    entry->overridden_by = -1;
    set->n_entries++;
    return entry;
}

/* record_config_file_error */
static void add_error(Loader *ld, const CallSite *site, const char *message)
{
    ConfEntry *entry = add_entry(ld, site->file, site->line, site->line_text);
    entry->error = arena_strdup(set_arena(ld), message);
}

static void add_file(Loader *ld, const char *path)
{
    ConfSet *set = ld->set;
    for (size_t file_idx = 0; file_idx < set->n_files; file_idx++)
        if (strcmp(set->files[file_idx], path) == 0)
            return;
    ARENA_GROW(set_arena(ld), set->files, set->n_files, ld->cap_files);
    set->files[set->n_files++] = arena_strdup(set_arena(ld), path);
}

static void on_comment(void *ctx, const char *text, size_t len, unsigned line, bool own_line)
{
    Loader *ld = ctx;
    char *rule_ids, *reason;
    bool whole_file;
    if (len < 7 || !memchr(text, ':', len) ||
        !conf_pragma_parse(text, len, &rule_ids, &reason, &whole_file))
        return;
    ConfSet *set = ld->set;
    Arena *arena = set_arena(ld);
    ARENA_GROW(arena, set->pragmas, set->n_pragmas, ld->cap_pragmas);
    set->pragmas[set->n_pragmas++] = (ConfPragma){.file = arena_strdup(arena, ld->cur_file),
                                                  .line = (int)line,
                                                  .own_line = own_line,
                                                  .whole_file = whole_file,
                                                  .rule_ids = arena_strdup(arena, rule_ids),
                                                  .reason = arena_strdup(arena, reason)};
    free(rule_ids);
    free(reason);
}

/* ---- reading files ---------------------------------------------------------------------- */

static bool parse_config_buffer(Loader *ld, const char *path, const char *buf, size_t len,
                                int depth);
static bool parse_config_file(Loader *ld, const char *location, bool strict, const CallSite *site,
                              int depth);

static bool all_blank(const char *s)
{
    return strspn(s, " \t\r\n") == strlen(s);
}

/* A file the server opens but cannot read (a directory): flex's fatal-error path. */
static bool unreadable_open_file(Loader *ld, const char *abs_path)
{
    CallSite here = {abs_path, 1, ""};
    add_error(ld, &here, "input in flex scanner failed");
    return false;
}

/* ParseConfigFile */
static bool parse_config_file(Loader *ld, const char *location, bool strict, const CallSite *site,
                              int depth)
{
    if (all_blank(location)) {
        add_error(ld, site, "empty configuration file name");
        return false;
    }
    if (depth > CONF_MAX_DEPTH) {
        add_error(ld, site, "nesting depth exceeded");
        return false;
    }
    char *abs_path = conf_path_absolute(location, site->file ? site->file : "/", ld->major);
    if (site->file && strcmp(abs_path, site->file) == 0) {
        add_error(ld, site, "configuration file recursion");
        free(abs_path);
        return false;
    }
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    bool ok = true;
    struct stat st;
    PkReadStatus status = pk_read_file(abs_path, CONF_MAX_FILE_SIZE, &data, &len, &err);
    if (status == PK_READ_ERRNO && err == EISDIR && stat(abs_path, &st) == 0) {
        ok = unreadable_open_file(ld, abs_path);
    } else if (status == PK_READ_ERRNO) {
        if (strict || err != ENOENT) {
            char *msg = xasprintf("could not open file \"%s\"", abs_path);
            add_error(ld, site, msg);
            free(msg);
            ok = false;
        }
    } else if (status == PK_READ_NOT_REGULAR) {
        /* a FIFO would block and a device stream forever: refused at the line naming it */
        char *msg =
            xasprintf("could not open file \"%s\": %s", abs_path, pk_read_strerror(status, err));
        add_error(ld, site, msg);
        free(msg);
        ok = false;
    } else if (status == PK_READ_TOO_LARGE) {
        if (!ld->fatal)
            ld->fatal =
                xasprintf("%s: file is larger than %zu MB", abs_path, CONF_MAX_FILE_SIZE >> 20);
        ok = false;
    } else {
        ok = parse_config_buffer(ld, abs_path, data, len, depth);
    }
    free(data);
    free(abs_path);
    return ok;
}

/* Sorted list of the directory's configuration files, or NULL with `why` set. */
static char **conf_files_in_dir(Loader *ld, const char *dir_location, const CallSite *site,
                                size_t *n_out, PkDiag *why)
{
    if (all_blank(dir_location)) {
        pk_diag_set(why, NULL, 0, NULL, "empty configuration directory name");
        return NULL;
    }
    return conf_path_dir_files(dir_location, site->file ? site->file : "/", ld->major, n_out, why);
}

/* ParseConfigDirectory: the first file that fails ends the directory. */
static bool parse_config_dir(Loader *ld, const char *dir_location, const CallSite *site, int depth)
{
    size_t n = 0;
    PkDiag why = PK_DIAG_INIT;
    char **names = conf_files_in_dir(ld, dir_location, site, &n, &why);
    if (!names) {
        add_error(ld, site, why.message);
        pk_diag_free(&why);
        return false;
    }
    bool ok = true;
    for (size_t name_idx = 0; name_idx < n; name_idx++) {
        if (ok && !parse_config_file(ld, names[name_idx], true, site, depth))
            ok = false;
        free(names[name_idx]);
    }
    free(names);
    return ok;
}

/* ---- one file's lines (ParseConfigFp) ---------------------------------------------------- */

typedef struct LineParse {
    ConfLexer lx;
    const char *path;
    ConfTok tok;
    size_t name_start, name_len;
    size_t value_start, value_len;
    ConfTok value_tok;
} LineParse;

/* The physical line around `pos`, without its newline (and a CR before it). */
static void line_bounds(const ConfLexer *lx, size_t pos, size_t *start, size_t *end)
{
    size_t line_start = pos;
    while (line_start > 0 && lx->buf[line_start - 1] != '\n')
        line_start--;
    const char *nl = memchr(lx->buf + pos, '\n', lx->len - pos);
    size_t line_end = nl ? (size_t)(nl - lx->buf) : lx->len;
    if (line_end > line_start && lx->buf[line_end - 1] == '\r')
        line_end--;
    *start = line_start;
    *end = line_end;
}

static char *line_text_at(const ConfLexer *lx, size_t pos)
{
    size_t start, end;
    line_bounds(lx, pos, &start, &end);
    return xstrndup(lx->buf + start, end - start);
}

static void record_syntax_error(Loader *ld, LineParse *lp, ConfErrPhase phase)
{
    ConfLexer *lx = &lp->lx;
    bool at_eol = lp->tok == CONF_TOK_EOL || lp->tok == CONF_TOK_EOF;
    size_t pos = lx->tok_start;
    if (at_eol && pos > 0)
        pos--; /* the text of the line that ended */
    size_t line_start, line_end;
    line_bounds(lx, pos, &line_start, &line_end);
    char *line_text = xstrndup(lx->buf + line_start, line_end - line_start);
    CallSite site = {lp->path, (int)(at_eol ? lx->lineno - 1 : lx->lineno), line_text};
    add_error(ld, &site, "syntax error");
    ConfEntry *entry = &ld->set->entries[ld->set->n_entries - 1];
    if (!at_eol)
        entry->token = arena_strndup(set_arena(ld), lx->buf + lx->tok_start, lx->tok_len);
    ConfErrContext ectx = {.phase = phase,
                           .tok = lp->tok,
                           .tok_text = lx->buf + lx->tok_start,
                           .tok_len = lx->tok_len,
                           .value_tok = lp->value_tok,
                           .value_text = lx->buf + lp->value_start,
                           .value_len = lp->value_len,
                           .line = lx->buf + line_start,
                           .line_len = line_end - line_start};
    char *hint = conf_hint_for(&ectx);
    entry->error_hint = arena_strdup(set_arena(ld), hint);
    free(hint);
    free(line_text);
}

static bool name_is(const LineParse *lp, const char *word)
{
    size_t len = strlen(word);
    if (lp->name_len != len)
        return false;
    for (size_t idx = 0; idx < len; idx++) {
        char c = lp->lx.buf[lp->name_start + idx];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c + ('a' - 'A'));
        if (c != word[idx])
            return false;
    }
    return true;
}

/* An absolute path with "//", "." and ".." resolved as the kernel walks it (no symbolic links
 * in a container's view are known): what the server opens. */
static char *lexical_path(const char *path)
{
    StrBuf sb = STRBUF_INIT;
    for (const char *p = path; *p;) {
        while (*p == '/')
            p++;
        size_t len = strcspn(p, "/");
        if (!len)
            break;
        if (len == 2 && !strncmp(p, "..", 2)) {
            while (sb.len && sb.data[sb.len - 1] != '/')
                sb.len--;
            if (sb.len)
                sb.len--; /* the slash before the part removed */
            if (sb.data)
                sb.data[sb.len] = '\0';
        } else if (!(len == 1 && *p == '.')) {
            sb_printf(&sb, "/%.*s", (int)len, p);
        }
        p += len;
    }
    if (!sb.len)
        sb_put(&sb, "/");
    return sb_detach(&sb);
}

char *conf_mount_source(const ConfMount *mounts, size_t n_mounts, const char *location)
{
    if (location[0] != '/' || !n_mounts)
        return NULL;
    char *path = lexical_path(location);
    const ConfMount *best = NULL;
    size_t best_len = 0;
    for (size_t idx = 0; idx < n_mounts; idx++) {
        const char *target = mounts[idx].target;
        size_t len = strlen(target);
        while (len > 1 && target[len - 1] == '/')
            len--;
        if (len > best_len && !strncmp(path, target, len) && (path[len] == '/' || !path[len])) {
            best = &mounts[idx];
            best_len = len;
        }
    }
    char *mapped = best ? xasprintf("%s%s", best->source, path + best_len) : NULL;
    free(path);
    return mapped;
}

/* An include directive or a setting, once the line was read whole. */
static bool process_line(Loader *ld, LineParse *lp, char *value, int depth)
{
    ConfLexer *lx = &lp->lx;
    char *line_text = line_text_at(lx, lp->name_start);
    CallSite site = {lp->path, (int)lx->lineno - 1, line_text};
    bool ok = true;
    bool include =
        name_is(lp, "include_dir") || name_is(lp, "include_if_exists") || name_is(lp, "include");
    char *mounted = include ? conf_mount_source(ld->mounts, ld->n_mounts, value) : NULL;
    const char *where = mounted ? mounted : value;
    if (name_is(lp, "include_dir")) {
        ok = parse_config_dir(ld, where, &site, depth + 1);
    } else if (name_is(lp, "include_if_exists")) {
        ok = parse_config_file(ld, where, false, &site, depth + 1);
    } else if (name_is(lp, "include")) {
        ok = parse_config_file(ld, where, true, &site, depth + 1);
    } else {
        ConfEntry *entry = add_entry(ld, lp->path, site.line, line_text);
        entry->name = arena_strndup(set_arena(ld), lx->buf + lp->name_start, lp->name_len);
        entry->value = arena_strdup(set_arena(ld), value);
        entry->quoted = lp->value_tok == CONF_TOK_STRING;
    }
    ld->cur_file = lp->path;
    free(mounted);
    free(value);
    free(line_text);
    return ok;
}

static bool is_value_tok(ConfTok tok)
{
    return tok == CONF_TOK_ID || tok == CONF_TOK_STRING || tok == CONF_TOK_INTEGER ||
           tok == CONF_TOK_REAL || tok == CONF_TOK_UNQUOTED_STRING;
}

/* Reads one logical line whose first token is in lp->tok. Returns the phase of a syntax error,
 * or -1 when the line was fine (*ok cleared if an include failed). */
static int parse_one_line(Loader *ld, LineParse *lp, int depth, bool *ok)
{
    ConfLexer *lx = &lp->lx;
    if (lp->tok != CONF_TOK_ID && lp->tok != CONF_TOK_QUALIFIED_ID)
        return CONF_PHASE_NAME;
    lp->name_start = lx->tok_start;
    lp->name_len = lx->tok_len;
    lp->tok = conf_lex_next(lx);
    if (lp->tok == CONF_TOK_EQUALS)
        lp->tok = conf_lex_next(lx);
    if (!is_value_tok(lp->tok))
        return CONF_PHASE_VALUE;
    lp->value_tok = lp->tok;
    lp->value_start = lx->tok_start;
    lp->value_len = lx->tok_len;
    lp->tok = conf_lex_next(lx);
    if (lp->tok != CONF_TOK_EOL) {
        if (lp->tok != CONF_TOK_EOF)
            return CONF_PHASE_AFTER;
        lx->lineno++; /* EOF counts as a newline for numbering, as in the server */
    }
    const char *vtext = lx->buf + lp->value_start;
    char *value = lp->value_tok == CONF_TOK_STRING ? conf_lex_dequote(vtext, lp->value_len)
                                                   : xstrndup(vtext, lp->value_len);
    if (!process_line(ld, lp, value, depth))
        *ok = false;
    return -1;
}

static bool parse_config_buffer(Loader *ld, const char *path, const char *buf, size_t len,
                                int depth)
{
    add_file(ld, path);
    LineParse lp = {.path = path};
    conf_lex_init(&lp.lx, buf, len);
    lp.lx.on_comment = on_comment;
    lp.lx.comment_ctx = ld;
    const char *saved_file = ld->cur_file;
    ld->cur_file = path;
    bool ok = true;
    int errors = 0;
    while ((lp.tok = conf_lex_next(&lp.lx)) != CONF_TOK_EOF) {
        if (lp.tok == CONF_TOK_EOL)
            continue;
        if (ld->set->n_entries >= CONF_MAX_ENTRIES) {
            /* a fatal error for a file; an error row where a buffer (the editor's) stops */
            char *msg = xasprintf("more than %d lines set parameters in this configuration: "
                                  "refused (pgknob's limit, docs/lint.md)",
                                  CONF_MAX_ENTRIES);
            if (!ld->fatal)
                ld->fatal = xasprintf("%s:%u: %s", path, lp.lx.lineno, msg);
            add_error(ld, &(CallSite){path, (int)lp.lx.lineno, ""}, msg);
            free(msg);
            ok = false;
            break;
        }
        int phase = parse_one_line(ld, &lp, depth, &ok);
        if (phase < 0) {
            if (lp.tok == CONF_TOK_EOF)
                break;
            continue;
        }
        record_syntax_error(ld, &lp, (ConfErrPhase)phase);
        ok = false;
        /* the server abandons a file at its 100th syntax error; a template's own lines are no
         * errors once rendered, so outside a data directory they do not hide the lines after
         * them (a removed parameter there: review 2026-12j, h11d 47) */
        const ConfEntry *bad = &ld->set->entries[ld->set->n_entries - 1];
        bool template_line =
            !ld->set->data_dir && ld->max_errors > 1 && conf_template_syntax(bad->line_text);
        if (!template_line && ++errors >= ld->max_errors)
            break;
        while (lp.tok != CONF_TOK_EOL && lp.tok != CONF_TOK_EOF)
            lp.tok = conf_lex_next(&lp.lx);
        if (lp.tok == CONF_TOK_EOF)
            break;
    }
    ld->cur_file = saved_file;
    return ok;
}

/* ---- which entry applies ------------------------------------------------------------------ */

/* FNV-1a of the name, folded to ASCII lower case unless `exact`. */
static uint64_t name_hash(const char *name, bool exact)
{
    uint64_t hash = 1469598103934665603ULL;
    for (const char *p = name; *p; p++) {
        char c = (!exact && *p >= 'A' && *p <= 'Z') ? (char)(*p + 32) : *p;
        hash = (hash ^ (unsigned char)c) * 1099511628211ULL;
    }
    return hash;
}

static bool name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        char ca = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a;
        char cb = (*b >= 'A' && *b <= 'Z') ? (char)(*b + 32) : *b;
        if (ca != cb)
            return false;
        if (!ca)
            return true;
    }
}

int *conf_set_next_same_name(const ConfSet *set, bool exact,
                             bool (*counts)(const char *name, const void *arg), const void *arg)
{
    size_t slots = 16;
    while (slots < set->n_entries * 2)
        slots *= 2;
    int *table = xmalloc(slots * sizeof(int));
    for (size_t slot = 0; slot < slots; slot++)
        table[slot] = -1;
    int *next = xmalloc((set->n_entries + 1) * sizeof(int));
    for (size_t ent = 0; ent < set->n_entries; ent++) {
        const char *name = set->entries[ent].name;
        next[ent] = -1;
        if (!name || set->entries[ent].alternative || (counts && !counts(name, arg)))
            continue;
        size_t slot = name_hash(name, exact) & (slots - 1);
        while (table[slot] >= 0 && !(exact ? !strcmp(set->entries[table[slot]].name, name)
                                           : name_eq(set->entries[table[slot]].name, name)))
            slot = (slot + 1) & (slots - 1);
        if (table[slot] >= 0)
            next[table[slot]] = (int)ent;
        table[slot] = (int)ent;
    }
    free(table);
    return next;
}

/* Last occurrence of each name (ASCII case-insensitive) wins: one hash pass, no O(n^2). */
static void mark_applied(ConfSet *set);

void conf_set_mark_applied(ConfSet *set)
{
    conf_template_mark_branches(set, NULL, -1);
    mark_applied(set);
}

void conf_set_reapply(ConfSet *set)
{
    mark_applied(set);
}

void conf_set_choose_branches(ConfSet *set, const char *storage, double ram_bytes)
{
    conf_template_mark_branches(set, storage, ram_bytes);
    mark_applied(set);
}

static void mark_applied(ConfSet *set)
{
    int *next = conf_set_next_same_name(set, false, NULL, NULL);
    for (size_t ent = set->n_entries; ent-- > 0;) {
        ConfEntry *entry = &set->entries[ent];
        if (!entry->name)
            continue;
        if (entry->alternative) {
            entry->overridden_by = -1;
            entry->applied = false;
            continue;
        }
        int later = next[ent];
        entry->overridden_by =
            later < 0 ? -1 : (next[later] < 0 ? later : set->entries[later].overridden_by);
        entry->applied = entry->overridden_by < 0 && !entry->error;
    }
    free(next);
}

int conf_set_find_applied(const ConfSet *set, const char *name)
{
    for (size_t ent = set->n_entries; ent-- > 0;)
        if (set->entries[ent].name && !set->entries[ent].alternative &&
            name_eq(set->entries[ent].name, name))
            return set->entries[ent].applied ? (int)ent : -1;
    return -1;
}

/* ---- entry points ----------------------------------------------------------------------- */

static void loader_init(Loader *ld, ConfSet *out, const ConfLoadOpts *opts)
{
    memset(ld, 0, sizeof(*ld));
    ld->set = out;
    ld->major = opts ? opts->pg_major : 0;
    ld->max_errors = opts && opts->view_mode ? 1 : CONF_MAX_SYNTAX_ERRORS;
    ld->mounts = opts ? opts->mounts : NULL;
    ld->n_mounts = opts ? opts->n_mounts : 0;
}

void conf_load_buffer(const char *filename, const char *data, size_t len, ConfSet *out)
{
    Loader ld;
    loader_init(&ld, out, NULL);
    char *path = conf_path_make_absolute(filename, 0);
    parse_config_buffer(&ld, path ? path : filename, data, len, 0);
    conf_set_mark_applied(out);
    free(ld.fatal);
    free(path);
}

/* The data directory's PG_VERSION ("18\n", or "9.6\n" before 10): its major; 0 when there is
 * no such file; -1 with `diag` set when it is not a regular file or does not hold a version (a
 * wrong guess of the version would check the configuration against the wrong catalog). */
static int read_pg_version(const char *dir, PkDiag *diag)
{
    char *path = xasprintf("%s/PG_VERSION", dir);
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(path, 64, &data, &len, &err);
    int major = 0;
    if (status == PK_READ_ERRNO && err == ENOENT) {
        major = 0;
    } else if (status != PK_READ_OK) {
        pk_diag_set(diag, NULL, 0, NULL, "could not read \"%s\": %s", path,
                    pk_read_strerror(status, err));
        major = -1;
    } else {
        const char *p = data;
        size_t digits = strspn(p, "0123456789");
        long value = digits && digits <= 3 ? strtol(p, NULL, 10) : 0;
        p += digits;
        if (*p == '.' && value < 10) {
            size_t minor = strspn(p + 1, "0123456789");
            p += minor ? minor + 1 : 0;
        }
        if (*p == '\n')
            p++;
        if (value <= 0 || (size_t)(p - data) != len) {
            char *msg = xasprintf("%s: \"%.20s\" is not a PostgreSQL version (PG_VERSION holds "
                                  "the major, such as 18)",
                                  path, data);
            for (char *c = msg; *c; c++)
                if ((unsigned char)*c < 0x20 || *c == 0x7f)
                    *c = '?';
            pk_diag_set(diag, NULL, 0, NULL, "%s", msg);
            free(msg);
            major = -1;
        } else {
            major = (int)value;
        }
    }
    free(data);
    free(path);
    return major;
}

static bool has_read_error(const ConfSet *set)
{
    for (size_t ent = 0; ent < set->n_entries; ent++)
        if (set->entries[ent].error)
            return true;
    return false;
}

/* The top-level file must be readable: that is pgknob's own input. */
static bool load_top(Loader *ld, const char *abs_path, PkDiag *diag)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(abs_path, CONF_MAX_FILE_SIZE, &data, &len, &err);
    if (status == PK_READ_ERRNO || status == PK_READ_NOT_REGULAR) {
        return pk_diag_set(diag, NULL, 0, NULL, "could not read \"%s\": %s", abs_path,
                           pk_read_strerror(status, err));
    }
    if (status == PK_READ_TOO_LARGE)
        return pk_diag_set(diag, NULL, 0, NULL,
                           "\"%s\" is larger than %zu MB: not a configuration file", abs_path,
                           CONF_MAX_FILE_SIZE >> 20);
    parse_config_buffer(ld, abs_path, data, len, 0);
    free(data);
    return true;
}

static bool load_data_dir(Loader *ld, const char *dir, const ConfLoadOpts *opts, PkDiag *diag)
{
    ConfSet *out = ld->set;
    out->data_dir = arena_strdup(set_arena(ld), dir);
    out->data_dir_major = read_pg_version(dir, diag);
    if (out->data_dir_major < 0) {
        out->data_dir_major = 0;
        return false;
    }
    if (ld->major == 0)
        ld->major = out->data_dir_major;
    char *conf = xasprintf("%s/postgresql.conf", dir);
    conf_path_canonicalize(conf, ld->major);
    struct stat st;
    if (stat(conf, &st) != 0 || !S_ISREG(st.st_mode)) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "\"%s\" is a directory without a postgresql.conf: give a configuration file "
                    "or a data directory",
                    dir);
        free(conf);
        return false;
    }
    bool ok = load_top(ld, conf, diag);
    free(conf);
    if (ok && !(opts && opts->skip_auto_conf) && !has_read_error(out) && !ld->fatal) {
        CallSite none = {NULL, 0, ""};
        char *auto_conf = xasprintf("%s/postgresql.auto.conf", dir);
        parse_config_file(ld, auto_conf, false, &none, 0);
        free(auto_conf);
    }
    return ok;
}

bool conf_load(const char *path, const ConfLoadOpts *opts, ConfSet *out, PkDiag *diag)
{
    Loader ld;
    loader_init(&ld, out, opts);
    struct stat st;
    if (stat(path, &st) != 0)
        return pk_diag_set(diag, NULL, 0, NULL, "could not open \"%s\": %s", path, strerror(errno));
    char *abs_path = conf_path_make_absolute(path, ld.major);
    if (!abs_path)
        return pk_diag_set(diag, NULL, 0, NULL, "could not resolve \"%s\": %s", path,
                           strerror(errno));
    bool ok = S_ISDIR(st.st_mode) ? load_data_dir(&ld, abs_path, opts, diag)
                                  : load_top(&ld, abs_path, diag);
    free(abs_path);
    if (ok && ld.fatal)
        ok = pk_diag_set(diag, NULL, 0, NULL, "%s", ld.fatal);
    free(ld.fatal);
    if (ok)
        conf_set_mark_applied(out);
    return ok;
}
