#include "common/ini.h"

#include <ctype.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

typedef struct IniReader {
    const char *data;
    size_t len;
    size_t pos;
    int line;              /* number of the line last handed to libinih */
    bool indented;         /* that line starts with a blank */
    int header_line;       /* the last line libinih takes for a [section] header */
    bool key_since_header; /* libinih's prev_name: an indented line now continues a value */
    const char *file;
    const PkIniOptions *opts;
    PkDiag err;
    PkIniDoc *doc;
    size_t last_sec, last_entry; /* the entry the previous key went to */
    bool have_last;
} IniReader;

static const char *what(const IniReader *rd)
{
    return rd->opts->what ? rd->opts->what : "INI file";
}

/* A blank as libinih's inline-comment test sees one. */
static bool blank(char c)
{
    return isspace((unsigned char)c) != 0;
}

/* " ;" (and, when asked, " #") in a value: libinih drops the rest of the line at " ;". */
static bool check_comments(IniReader *rd, const char *line, size_t lead, size_t content)
{
    for (size_t pos = lead + 1; pos < content; pos++) {
        if (!blank(line[pos - 1]))
            continue;
        if (line[pos] == ';')
            return pk_diag_set(&rd->err, rd->file, rd->line,
                               rd->opts->comment_hint
                                   ? rd->opts->comment_hint
                                   : "Put the comment on a line of its own, or remove the blank "
                                     "before \";\".",
                               "\" ;\" in a value starts an INI inline comment: the rest of the "
                               "line would be lost");
        if (line[pos] == '#' && rd->opts->reject_hash_comments)
            return pk_diag_set(&rd->err, rd->file, rd->line,
                               "Put the comment on a line of its own.",
                               "\" #\" in a value does not start a comment here: the rest of the "
                               "line would be part of the value");
    }
    return true;
}

/* Problems of one raw line that libinih would not report faithfully; notes what libinih will
 * make of the line (a header, a continuation). */
static bool prescan_line(IniReader *rd, const char *line, size_t len)
{
    size_t content = len;
    if (content && line[content - 1] == '\r')
        content--;
    if (memchr(line, '\0', len))
        return pk_diag_set(&rd->err, rd->file, rd->line, NULL, "NUL byte in %s", what(rd));
    if (content > PK_INI_MAX_LINE)
        return pk_diag_set(&rd->err, rd->file, rd->line,
                           "Split the value over continuation lines indented with spaces.",
                           "line is %zu bytes long; at most %d are read (libinih truncates "
                           "longer lines)",
                           content, PK_INI_MAX_LINE);
    size_t lead = rd->line == 1 && content >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3) ? 3 : 0;
    size_t first = lead;
    while (first < content && blank(line[first]))
        first++;
    rd->indented = first > lead;
    if (first == content || line[first] == ';' || line[first] == '#')
        return true;
    if (line[first] == '[' && !(rd->indented && rd->key_since_header)) {
        rd->header_line = rd->line;
        rd->key_since_header = false;
        return true;
    }
    return check_comments(rd, line, first, content);
}

/* fgets for the buffer: whole lines only, always ending in a newline, so that libinih's line
 * count stays ours; stops at the first problem. */
static char *read_line(char *str, int num, void *stream)
{
    IniReader *rd = stream;
    if (rd->err.message || rd->pos >= rd->len)
        return NULL;
    const char *start = rd->data + rd->pos;
    const char *nl = memchr(start, '\n', rd->len - rd->pos);
    size_t len = nl ? (size_t)(nl - start) : rd->len - rd->pos;
    rd->pos += len + (nl ? 1 : 0);
    rd->line++;
    if (!prescan_line(rd, start, len))
        return NULL;
    size_t copy = len < (size_t)num - 2 ? len : (size_t)num - 2;
    memcpy(str, start, copy);
    str[copy] = '\n';
    str[copy + 1] = '\0';
    return str;
}

static PkIniSection *add_section(PkIniDoc *doc, const char *name, int line)
{
    doc->sections =
        arena_realloc(doc->arena, doc->sections, doc->n_sections * sizeof(*doc->sections),
                      (doc->n_sections + 1) * sizeof(*doc->sections));
    PkIniSection *sec = &doc->sections[doc->n_sections++];
    sec->name = arena_strdup(doc->arena, name);
    sec->line = line;
    return sec;
}

static void add_piece(Arena *arena, PkIniEntry *entry, const char *value, int line)
{
    entry->pieces = arena_realloc(arena, entry->pieces, entry->n_pieces * sizeof(*entry->pieces),
                                  (entry->n_pieces + 1) * sizeof(*entry->pieces));
    entry->pieces[entry->n_pieces++] =
        (PkIniPiece){.text = arena_strdup(arena, value), .line = line};
}

static PkIniEntry *add_entry(IniReader *rd, PkIniSection *sec, const char *key, const char *value)
{
    Arena *arena = rd->doc->arena;
    sec->entries = arena_realloc(arena, sec->entries, sec->n_entries * sizeof(*sec->entries),
                                 (sec->n_entries + 1) * sizeof(*sec->entries));
    PkIniEntry *entry = &sec->entries[sec->n_entries++];
    entry->key = arena_strdup(arena, key);
    entry->line = rd->line;
    add_piece(arena, entry, value, rd->line);
    return entry;
}

static const char *canonical(const IniReader *rd, const char *section, const char *key)
{
    return rd->opts->canonical ? rd->opts->canonical(section, key) : key;
}

/* Under PK_INI_DUP_ERROR: the entry of any [section] of that name that `key` repeats. */
static const PkIniEntry *earlier_key(const IniReader *rd, const char *section, const char *key)
{
    const char *canon = canonical(rd, section, key);
    for (size_t sec_idx = 0; sec_idx < rd->doc->n_sections; sec_idx++) {
        const PkIniSection *sec = &rd->doc->sections[sec_idx];
        if (strcmp(sec->name, section))
            continue;
        for (size_t idx = 0; idx < sec->n_entries; idx++)
            if (!strcasecmp(canonical(rd, section, sec->entries[idx].key), canon))
                return &sec->entries[idx];
    }
    return NULL;
}

/* A key seen again (not as a continuation): merged, or refused by the caller's policy. */
static PkIniEntry *repeated_key(IniReader *rd, PkIniSection *sec, const char *section,
                                const char *key)
{
    const PkIniOptions *opts = rd->opts;
    bool merge = opts->duplicates == PK_INI_DUP_MERGE ||
                 (opts->may_repeat && opts->may_repeat(section, key));
    if (!merge) {
        const PkIniEntry *first = earlier_key(rd, section, key);
        if (first) {
            char *hint = xasprintf("Line %d sets it already; keep one.", first->line);
            pk_diag_set(&rd->err, rd->file, rd->line, hint, "\"%s\" is given twice in [%s]", key,
                        section);
            free(hint);
        }
        return NULL;
    }
    PkIniEntry *entry = pk_ini_find(sec, key);
    if (entry && !entry->repeated)
        entry->repeat_line = rd->line;
    if (entry)
        entry->repeated = true;
    return entry;
}

static int on_key(void *user, const char *section, const char *key, const char *value)
{
    IniReader *rd = user;
    PkIniDoc *doc = rd->doc;
    if (rd->err.message)
        return 0;
    if (!*section && rd->opts->section_hint)
        return pk_diag_set(&rd->err, rd->file, rd->line, rd->opts->section_hint,
                           "key \"%s\" outside any section", key);
    bool continuation = rd->indented && rd->key_since_header && rd->have_last;
    rd->key_since_header = true;
    PkIniSection *sec = doc->n_sections ? &doc->sections[doc->n_sections - 1] : NULL;
    if (!sec || sec->line != rd->header_line)
        sec = add_section(doc, section, rd->header_line);
    PkIniEntry *entry = NULL;
    if (continuation && rd->last_sec == doc->n_sections - 1) {
        entry = &sec->entries[rd->last_entry];
        if (strcmp(entry->key, key))
            entry = NULL;
    }
    if (!entry) {
        entry = repeated_key(rd, sec, section, key);
        if (rd->err.message)
            return 0;
    }
    if (entry)
        add_piece(doc->arena, entry, value, rd->line);
    else
        entry = add_entry(rd, sec, key, value);
    rd->last_sec = doc->n_sections - 1;
    rd->last_entry = (size_t)(entry - sec->entries);
    rd->have_last = true;
    return 1;
}

bool pk_ini_parse(PkIniDoc *doc, const char *file, const char *data, size_t len,
                  const PkIniOptions *opts, PkDiag *diag)
{
    static const PkIniOptions defaults = {0};
    memset(doc, 0, sizeof(*doc));
    doc->arena = arena_new();
    IniReader rd = {
        .data = data, .len = len, .file = file, .opts = opts ? opts : &defaults, .doc = doc};
    int rc = ini_parse_stream(read_line, &rd, on_key, &rd);
    /* libinih keeps going after a malformed line and returns the first one's number: the
     * first problem by line wins */
    if (rc > 0 && rd.err.message && rc < rd.err.line)
        pk_diag_free(&rd.err);
    if (!rd.err.message && rc > 0)
        pk_diag_set(&rd.err, file, rc,
                    "Lines are [section], key = value, an indented continuation, or a comment "
                    "starting with ; or #.",
                    "syntax error in %s", what(&rd));
    else if (!rd.err.message && rc < 0)
        pk_diag_set(&rd.err, file, 0, NULL, "could not parse %s", what(&rd));
    if (!rd.err.message)
        return true;
    arena_free(doc->arena);
    memset(doc, 0, sizeof(*doc));
    if (diag)
        pk_diag_move(diag, &rd.err);
    pk_diag_free(&rd.err);
    return false;
}

char *pk_ini_entry_join(PkIniEntry *entry, const char *sep)
{
    StrBuf sb = STRBUF_INIT;
    for (size_t piece_idx = 0; piece_idx < entry->n_pieces; piece_idx++) {
        if (piece_idx)
            sb_put(&sb, sep);
        entry->pieces[piece_idx].offset = sb.len;
        sb_put(&sb, entry->pieces[piece_idx].text);
    }
    return sb.data ? sb_detach(&sb) : xstrdup("");
}

int pk_ini_entry_line_at(const PkIniEntry *entry, int offset)
{
    int line = entry->line;
    for (size_t piece_idx = 0; piece_idx < entry->n_pieces; piece_idx++)
        if ((size_t)offset >= entry->pieces[piece_idx].offset)
            line = entry->pieces[piece_idx].line;
    return line;
}

PkIniEntry *pk_ini_find(const PkIniSection *sec, const char *key)
{
    for (size_t idx = 0; sec && idx < sec->n_entries; idx++)
        if (!strcmp(sec->entries[idx].key, key))
            return &sec->entries[idx];
    return NULL;
}
