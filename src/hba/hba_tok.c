/* The authentication files' tokenizer, as tokenize_auth_file() and next_token() in
 * libpq/hba.c read them:
 *  - a record is a line; from 14 a line ending in a backslash continues on the next one (no
 *    length limit: 13.23 reads a 9000-byte line and a 300-byte token, as tests show);
 *  - tokens are separated by blanks (space, tab, CR) and commas; double quotes keep blanks,
 *    commas and '#' inside a token ("" is a quote), and mark the token quoted;
 *  - '#' outside quotes ends the line; an unquoted "@file" token is replaced by the tokens of
 *    that file (relative to the including file), an empty @file contributing no field;
 *  - from 16, a record of exactly two fields whose first is include, include_if_exists or
 *    include_dir reads other files in place (at most 10 deep). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf_path.h"
#include "conf/conf_template.h"
#include "hba/hba.intern.h"

#define HBA_MAX_FILE_SIZE ((size_t)64 << 20)
#define CONF_FILE_MAX_DEPTH 10
/* A file that includes itself k times expands k^10 times within the depth limit (the server
 * has no other bound: 4 self-includes ran pgknob out of memory). What every file read through
 * include and @ adds up to is bounded here instead, with an error naming the cause. */
#define HBA_MAX_FILES_READ 1000
/* 13–15 have no depth limit for @file (a self-reference overflows the stack); pgknob stops. */
#define HBA_SAFETY_DEPTH 64

typedef struct Tokenizer {
    Arena *a; /* the set's: the lines, their tokens and the file list live there */
    int major;
    HbaFileSet *fs;
    /* manifest strings (hba_tokenize_lines): no file is opened; a record that would open one
     * sets `refers` to what it names */
    bool no_files;
    const char *refers;
    size_t files_read, bytes_read; /* against max_files and HBA_MAX_FILE_SIZE */
    size_t max_files;              /* HbaOpts.max_files_read, or HBA_MAX_FILES_READ */
} Tokenizer;

void hba_tokens_add(Arena *a, HbaTokens *list, const char *text, bool quoted)
{
    ARENA_GROW(a, list->items, list->n, list->cap);
    list->items[list->n++] = (HbaToken){arena_strdup(a, text), quoted};
}

/* `message` (malloc'd) is copied into the set's arena and freed. */
static void add_note(Tokenizer *tk, const char *file, int line, char *message)
{
    HbaFileSet *fs = tk->fs;
    fs->notes = arena_realloc(tk->a, fs->notes, fs->n_notes * sizeof(*fs->notes),
                              (fs->n_notes + 1) * sizeof(*fs->notes));
    fs->notes[fs->n_notes++] =
        (HbaNote){arena_strdup(tk->a, file), line, arena_strdup(tk->a, message)};
    free(message);
}

/* open_auth_file + reading it whole. NULL with *err (the server's err_msg) on failure;
 * *enoent tells a missing file (include_if_exists skips those). */
static char *read_auth_file(Tokenizer *tk, const char *path, int depth, size_t *len, char **err,
                            bool *enoent)
{
    *enoent = false;
    if ((tk->major >= 16 && depth > CONF_FILE_MAX_DEPTH) || depth > HBA_SAFETY_DEPTH) {
        *err = xasprintf("could not open file \"%s\": maximum nesting depth exceeded", path);
        return NULL;
    }
    if (tk->files_read >= tk->max_files || tk->bytes_read > HBA_MAX_FILE_SIZE) {
        *err = xasprintf("could not open file \"%s\": pgknob stops after reading %zu "
                         "authentication files or %zu MB through include and @ (a file that "
                         "includes itself?)",
                         path, tk->max_files, HBA_MAX_FILE_SIZE >> 20);
        return NULL;
    }
    char *data = NULL;
    int errnum = 0;
    PkReadStatus status = pk_read_file(path, HBA_MAX_FILE_SIZE, &data, len, &errnum);
    tk->files_read++;
    tk->bytes_read += status == PK_READ_OK ? *len : 0;
    if (status == PK_READ_ERRNO && errnum == EISDIR) {
        /* fopen() opens a directory; the first read fails */
        *err = xasprintf("could not read file \"%s\": %s", path, strerror(errnum));
        return NULL;
    }
    if (status != PK_READ_OK) {
        *enoent = status == PK_READ_ERRNO && errnum == ENOENT;
        *err = xasprintf("could not open file \"%s\": %s", path, pk_read_strerror(status, errnum));
        return NULL;
    }
    HbaFileSet *fs = tk->fs;
    fs->files = arena_realloc(tk->a, fs->files, fs->n_files * sizeof(char *),
                              (fs->n_files + 1) * sizeof(char *));
    fs->files[fs->n_files++] = arena_strdup(tk->a, path);
    return data;
}

static void tokenize_buffer(Tokenizer *tk, const char *path, const char *data, size_t len,
                            int depth, TokLines *out);

/* Reads `path` (already absolute) and tokenizes it into `out`. */
static bool tokenize_path(Tokenizer *tk, const char *path, int depth, TokLines *out, char **err,
                          bool *enoent)
{
    size_t len = 0;
    char *data = read_auth_file(tk, path, depth, &len, err, enoent);
    if (!data)
        return false;
    tokenize_buffer(tk, path, data, len, depth, out);
    free(data);
    return true;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* next_token(): one token into `buf`; false when the line has no more. */
static bool next_token(const char **lineptr, StrBuf *buf, bool *initial_quote,
                       bool *terminating_comma)
{
    const char *p = *lineptr;
    bool in_quote = false, was_quote = false, saw_quote = false;
    sb_reset(buf);
    buf->len = 0;
    *initial_quote = false;
    *terminating_comma = false;
    char c;
    while ((c = *p++) != '\0' && (is_blank(c) || c == ','))
        ;
    while (c != '\0' && (!is_blank(c) || in_quote)) {
        if (c == '#' && !in_quote) {
            while ((c = *p++) != '\0')
                ;
            break;
        }
        if (c == ',' && !in_quote) {
            *terminating_comma = true;
            break;
        }
        if (c != '"' || was_quote)
            sb_putc(buf, c);
        if (in_quote && c == '"')
            was_quote = !was_quote;
        else
            was_quote = false;
        if (c == '"') {
            in_quote = !in_quote;
            saw_quote = true;
            if (buf->len == 0)
                *initial_quote = true;
        }
        c = *p++;
    }
    *lineptr = p - 1; /* un-eat the character after the token */
    return saw_quote || buf->len > 0;
}

/* The tokens of an @file (tokenize_expand_file; 13–15: tokenize_inc_file), appended. */
static void expand_file(Tokenizer *tk, const char *outer, const char *inc, int depth,
                        HbaTokens *tokens, char **err)
{
    char *full = conf_path_absolute(inc, outer, tk->major);
    TokLines lines = {0};
    bool enoent;
    char *open_err = NULL;
    if (!tokenize_path(tk, full, depth, &lines, &open_err, &enoent)) {
        if (tk->major <= 15 && !strstr(open_err, "maximum nesting depth")) {
            const char *why = strstr(open_err, "\": ");
            *err = xasprintf("could not open secondary authentication file \"@%s\" as \"%s\": %s",
                             inc, full, why ? why + 3 : "");
            free(open_err);
        } else {
            *err = open_err;
        }
        free(full);
        return;
    }
    free(full);
    for (size_t li = 0; li < lines.n; li++) {
        const TokLine *tl = &lines.items[li];
        if (tl->error) {
            *err = xstrdup(tl->error);
            break;
        }
        for (size_t fi = 0; fi < tl->n_fields; fi++)
            for (size_t ti = 0; ti < tl->fields[fi].n; ti++)
                hba_tokens_add(tk->a, tokens, tl->fields[fi].items[ti].text,
                               tl->fields[fi].items[ti].quoted);
    }
}

/* next_field_expand(): one field (a comma list), with @file expanded. */
static void next_field(Tokenizer *tk, const char *file, const char **lineptr, int depth,
                       HbaTokens *field, char **err)
{
    StrBuf buf = STRBUF_INIT;
    bool trailing_comma, initial_quote;
    do {
        if (!next_token(lineptr, &buf, &initial_quote, &trailing_comma))
            break;
        const char *text = sb_str(&buf);
        /* a template's `@NETWORK@` (autoconf's) is a placeholder, no @file: PK0003 names it */
        if (!initial_quote && tk->no_files && conf_marker_token(text) == buf.len)
            hba_tokens_add(tk->a, field, text, initial_quote);
        else if (!initial_quote && buf.len > 1 && text[0] == '@' && tk->no_files) {
            tk->refers = "an @file";
            hba_tokens_add(tk->a, field, text, initial_quote);
        } else if (!initial_quote && buf.len > 1 && text[0] == '@')
            expand_file(tk, file, text + 1, depth + 1, field, err);
        else
            hba_tokens_add(tk->a, field, text, initial_quote);
    } while (trailing_comma && !*err);
    sb_free(&buf);
}

/* tokenize_include_file(): an include / include_if_exists target, its lines added in place. */
static void include_file(Tokenizer *tk, const char *outer, int outer_line, const char *inc,
                         int depth, bool missing_ok, TokLines *out, char **err)
{
    char *full = conf_path_absolute(inc, outer, tk->major);
    bool enoent;
    char *open_err = NULL;
    if (!tokenize_path(tk, full, depth, out, &open_err, &enoent)) {
        if (enoent && missing_ok) {
            add_note(tk, outer, outer_line,
                     xasprintf("skipping missing authentication file \"%s\"", full));
            free(open_err);
            free(*err);
            *err = NULL;
        } else {
            free(*err);
            *err = open_err;
        }
    }
    free(full);
}

/* One record's include directive (16+). Returns true when the record was fully handled (no
 * error): it adds no line of its own. */
static bool handle_include(Tokenizer *tk, const TokLine *tl, int depth, TokLines *out, char **err)
{
    const char *first = tl->fields[0].items[0].text;
    const char *second = tl->fields[1].items[0].text;
    if (!strcmp(first, "include") || !strcmp(first, "include_if_exists")) {
        include_file(tk, tl->file, tl->line, second, depth + 1, first[7] == '_', out, err);
        return !*err;
    }
    if (strcmp(first, "include_dir"))
        return false;
    PkDiag diag = PK_DIAG_INIT;
    size_t n = 0;
    char **names = conf_path_dir_files(second, tl->file, tk->major, &n, &diag);
    if (!names) {
        *err = xstrdup(diag.message);
        pk_diag_free(&diag);
        return false;
    }
    StrBuf errs = STRBUF_INIT;
    /* as the server: err_msg is not reset between files, so after a failing file each later
     * one repeats its message */
    for (size_t idx = 0; idx < n; idx++) {
        include_file(tk, tl->file, tl->line, names[idx], depth + 1, false, out, err);
        if (*err) {
            if (errs.len)
                sb_putc(&errs, '\n');
            sb_put(&errs, *err);
        }
        free(names[idx]);
    }
    free(names);
    free(*err);
    *err = errs.len ? sb_detach(&errs) : NULL;
    sb_free(&errs);
    return !*err;
}

/* A physical line as pg_get_line_append returns it; false at EOF. */
static bool get_line(const char *data, size_t len, size_t *pos, StrBuf *buf)
{
    if (*pos >= len)
        return false;
    const char *start = data + *pos;
    size_t avail = len - *pos;
    const char *nl = memchr(start, '\n', avail);
    size_t take = nl ? (size_t)(nl - start) + 1 : avail;
    sb_putn(buf, start, take);
    *pos += take;
    return true;
}

/* pg_strip_crlf(): the string ends at its first NUL; trailing CR and LF go. */
static void strip_crlf(StrBuf *buf)
{
    if (!buf->data)
        return;
    size_t len = strlen(buf->data);
    while (len > 0 && (buf->data[len - 1] == '\n' || buf->data[len - 1] == '\r'))
        len--;
    buf->data[len] = '\0';
    buf->len = len;
}

static void tokenize_buffer(Tokenizer *tk, const char *path, const char *data, size_t len,
                            int depth, TokLines *out)
{
    int line_number = 1;
    size_t pos = 0;
    StrBuf buf = STRBUF_INIT;
    while (pos < len) {
        char *err = NULL;
        int continuations = 0;
        sb_reset(&buf);
        buf.len = 0;
        size_t last_backslash = 0;
        while (get_line(data, len, &pos, &buf)) {
            strip_crlf(&buf);
            if (tk->major >= 14 && buf.len > last_backslash && buf.data[buf.len - 1] == '\\') {
                buf.data[--buf.len] = '\0';
                last_backslash = buf.len;
                continuations++;
                continue;
            }
            break;
        }
        TokLine tl = {.file = arena_strdup(tk->a, path),
                      .line = line_number,
                      .raw = arena_strdup(tk->a, sb_str(&buf))};
        const char *p = sb_str(&buf);
        while (*p && !err) {
            HbaTokens field = {0};
            next_field(tk, path, &p, depth, &field, &err);
            if (field.n) {
                ARENA_GROW(tk->a, tl.fields, tl.n_fields, tl.cap_fields);
                tl.fields[tl.n_fields++] = field;
            }
        }
        bool keep = tl.n_fields || err;
        if (keep && !err && tl.n_fields == 2 && tk->major >= 16 && tk->no_files &&
            !strncmp(tl.fields[0].items[0].text, "include", 7) &&
            (!strcmp(tl.fields[0].items[0].text + 7, "") ||
             !strcmp(tl.fields[0].items[0].text + 7, "_if_exists") ||
             !strcmp(tl.fields[0].items[0].text + 7, "_dir")))
            tk->refers = "an include directive";
        else if (keep && !err && tl.n_fields == 2 && tk->major >= 16 &&
                 handle_include(tk, &tl, depth, out, &err))
            keep = false;
        if (keep) {
            tl.error = arena_strdup(tk->a, err);
            ARENA_GROW(tk->a, out->items, out->n, out->cap);
            out->items[out->n++] = tl;
        }
        free(err);
        line_number += continuations + 1;
    }
    sb_free(&buf);
}

void hba_tokenize_lines(const char *file, const HbaSourceLine *lines, size_t n, int major,
                        HbaFileSet *fs, HbaSet *set, TokLines *out)
{
    Tokenizer tk = {.a = arena_get(&set->arena), .major = major, .fs = fs, .no_files = true};
    for (size_t idx = 0; idx < n; idx++) {
        const HbaSourceLine *src = &lines[idx];
        const char *where = src->file ? src->file : file;
        TokLines one = {0};
        tk.refers = strstr(src->text, "${") ? "a ${...} reference the operator expands" : NULL;
        if (!tk.refers)
            tokenize_buffer(&tk, where, src->text, strlen(src->text), 0, &one);
        if (tk.refers) {
            set->unchecked = arena_realloc(tk.a, set->unchecked, set->n_unchecked * sizeof(HbaNote),
                                           (set->n_unchecked + 1) * sizeof(HbaNote));
            set->unchecked[set->n_unchecked++] = (HbaNote){
                arena_strdup(tk.a, where), src->line,
                arena_printf(tk.a,
                             "the line uses %s, which names what only the server's machine has: "
                             "pgknob does not check it",
                             tk.refers),
                src->column};
            continue;
        }
        /* a string is one line of the file the operator writes (a multi-line string is
         * several records, all at the string's start) */
        for (size_t li = 0; li < one.n; li++) {
            one.items[li].line = src->line;
            one.items[li].column = src->column;
            ARENA_GROW(tk.a, out->items, out->n, out->cap);
            out->items[out->n++] = one.items[li];
        }
    }
}

bool hba_tokenize(Arena *a, const char *path, int major, size_t max_files, HbaFileSet *fs,
                  TokLines *out)
{
    Tokenizer tk = {a, major, fs, .max_files = max_files ? max_files : HBA_MAX_FILES_READ};
    bool enoent;
    char *err = NULL;
    if (tokenize_path(&tk, path, 0, out, &err, &enoent))
        return true;
    if (major <= 15 && strncmp(err, "could not open file ", 20) == 0) {
        /* 13–15 word the top file's failure "could not open configuration file" */
        char *old = err;
        err = xasprintf("could not open configuration file %s", old + 20);
        free(old);
    }
    fs->open_error = (PkDiag){.file = arena_strdup(a, path), .message = arena_strdup(a, err)};
    free(err);
    fs->missing = true;
    return false;
}
