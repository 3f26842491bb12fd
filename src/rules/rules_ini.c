/* INI reading for rule files with libinih (ini_parse_stream) and a custom reader that pre-scans
 * each raw line, so problems libinih would hide are reported at the true line. */
#include "rules/rules.intern.h"

#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

typedef struct IniReader {
    const char *data;
    size_t len;
    size_t pos;
    int line;             /* number of the line last handed to libinih */
    const char *raw_line; /* start of that line in data */
    const char *filename;
    RuleError *err;
    IniDoc *doc;
} IniReader;

bool rule_error_set(RuleError *err, const char *file, int line, const char *hint,
                    const char *fmt, ...)
{
    if (err->message)
        return false;
    va_list ap;
    va_start(ap, fmt);
    StrBuf sb = STRBUF_INIT;
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    err->message = sb_detach(&sb);
    err->file = xstrdup(file);
    err->line = line;
    err->hint = xstrdup(hint);
    return false;
}

/* Problems of one raw line that libinih would not report faithfully. */
static bool prescan_line(IniReader *rd, const char *line, size_t len)
{
    size_t content = len;
    if (content && line[content - 1] == '\r')
        content--;
    if (memchr(line, '\0', len))
        return rule_error_set(rd->err, rd->filename, rd->line, NULL, "NUL byte in rule file");
    if (content > RULE_MAX_LINE)
        return rule_error_set(rd->err, rd->filename, rd->line,
                              "Split the value over continuation lines indented with spaces.",
                              "line is %zu bytes long; rule files allow %d (libinih truncates "
                              "longer lines)", content, RULE_MAX_LINE);
    size_t lead = 0;
    while (lead < content && (line[lead] == ' ' || line[lead] == '\t'))
        lead++;
    if (lead == content || line[lead] == ';' || line[lead] == '#' || line[lead] == '[')
        return true;
    for (size_t pos = lead + 1; pos < content; pos++)
        if (line[pos] == ';' && (line[pos - 1] == ' ' || line[pos - 1] == '\t'))
            return rule_error_set(rd->err, rd->filename, rd->line,
                                  "Remove the space before \";\", or in a regex write [;].",
                                  "\" ;\" in a value starts an INI inline comment: the rest of "
                                  "the line would be lost");
    return true;
}

static char *ini_read_line(char *str, int num, void *stream)
{
    IniReader *rd = stream;
    if (rd->err->message || rd->pos >= rd->len)
        return NULL;
    const char *start = rd->data + rd->pos;
    const char *nl = memchr(start, '\n', rd->len - rd->pos);
    size_t len = nl ? (size_t)(nl - start) : rd->len - rd->pos;
    rd->pos += len + (nl ? 1 : 0);
    rd->line++;
    rd->raw_line = start;
    if (!prescan_line(rd, start, len))
        return NULL;
    size_t copy = len < (size_t)num - 2 ? len : (size_t)num - 2;
    memcpy(str, start, copy);
    str[copy] = '\n';
    str[copy + 1] = '\0';
    return str;
}

static IniSection *doc_add_section(IniDoc *doc, const char *name, int line)
{
    doc->sections = xrealloc(doc->sections, (doc->n_sections + 1) * sizeof(*doc->sections));
    IniSection *sec = &doc->sections[doc->n_sections++];
    memset(sec, 0, sizeof(*sec));
    sec->name = xstrdup(name);
    sec->line = line;
    return sec;
}

static void entry_add_piece(IniEntry *entry, const char *value, int line)
{
    entry->pieces = xrealloc(entry->pieces, (entry->n_pieces + 1) * sizeof(*entry->pieces));
    entry->pieces[entry->n_pieces++] = (IniPiece){.text = xstrdup(value), .line = line};
}

static int rule_ini_handler(void *user, const char *section, const char *name, const char *value)
{
    IniReader *rd = user;
    IniDoc *doc = rd->doc;
    IniSection *sec = doc->n_sections ? &doc->sections[doc->n_sections - 1] : NULL;
    if (!sec || strcmp(sec->name, section) != 0) {
        if (!*section)
            return rule_error_set(rd->err, rd->filename, rd->line,
                                  "Put the key under a section such as [rule].",
                                  "key \"%s\" outside any section", name);
        /* the header is the last "[" line before this key */
        int header_line = rd->line;
        sec = doc_add_section(doc, section, header_line);
    }
    bool continuation = rd->raw_line[0] == ' ' || rd->raw_line[0] == '\t';
    IniEntry *last = sec->n_entries ? &sec->entries[sec->n_entries - 1] : NULL;
    if (continuation && last && !strcmp(last->key, name)) {
        entry_add_piece(last, value, rd->line);
        return 1;
    }
    for (size_t entry_idx = 0; entry_idx < sec->n_entries; entry_idx++)
        if (!strcmp(sec->entries[entry_idx].key, name)) {
            IniEntry *entry = &sec->entries[entry_idx];
            if (!entry->repeated)
                entry->repeat_line = rd->line;
            entry->repeated = true;
            entry_add_piece(entry, value, rd->line);
            return 1;
        }
    sec->entries = xrealloc(sec->entries, (sec->n_entries + 1) * sizeof(*sec->entries));
    IniEntry *entry = &sec->entries[sec->n_entries++];
    memset(entry, 0, sizeof(*entry));
    entry->key = xstrdup(name);
    entry->line = rd->line;
    entry_add_piece(entry, value, rd->line);
    return 1;
}

/* libinih reports sections only through keys: find each header's own line in the raw text. */
static void fix_section_lines(IniDoc *doc, const char *data, size_t len)
{
    int line = 1;
    size_t sec_idx = 0;
    for (size_t pos = 0; pos < len && sec_idx < doc->n_sections; pos++) {
        if (pos == 0 || data[pos - 1] == '\n') {
            size_t lead = pos;
            while (lead < len && (data[lead] == ' ' || data[lead] == '\t'))
                lead++;
            if (lead < len && data[lead] == '[') {
                const char *name = doc->sections[sec_idx].name;
                size_t name_len = strlen(name);
                if (lead + 1 + name_len < len && !strncmp(data + lead + 1, name, name_len) &&
                    data[lead + 1 + name_len] == ']' && line <= doc->sections[sec_idx].line)
                    doc->sections[sec_idx++].line = line;
            }
        }
        if (data[pos] == '\n')
            line++;
    }
}

bool ini_doc_parse(IniDoc *doc, const char *filename, const char *data, size_t len,
                   RuleError *err)
{
    memset(doc, 0, sizeof(*doc));
    IniReader rd = {.data = data, .len = len, .filename = filename, .err = err, .doc = doc};
    int rc = ini_parse_stream(ini_read_line, &rd, rule_ini_handler, &rd);
    if (err->message && !(rc > 0 && rc < err->line))
        return false;
    if (err->message) /* libinih saw a malformed line before the handler's complaint */
        rule_error_clear(err);
    if (rc != 0) {
        /* any nonzero return is fatal: libinih keeps going after errors */
        return rule_error_set(err, filename, rc > 0 ? rc : 0,
                              "Lines are [section], key = value, an indented continuation, or a "
                              "comment starting with ; or #.",
                              rc > 0 ? "syntax error in rule file" : "could not parse rule file");
    }
    fix_section_lines(doc, data, len);
    return true;
}

void ini_doc_free(IniDoc *doc)
{
    for (size_t sec_idx = 0; sec_idx < doc->n_sections; sec_idx++) {
        IniSection *sec = &doc->sections[sec_idx];
        for (size_t entry_idx = 0; entry_idx < sec->n_entries; entry_idx++) {
            IniEntry *entry = &sec->entries[entry_idx];
            for (size_t piece_idx = 0; piece_idx < entry->n_pieces; piece_idx++)
                free(entry->pieces[piece_idx].text);
            free(entry->pieces);
            free(entry->key);
        }
        free(sec->entries);
        free(sec->name);
    }
    free(doc->sections);
    memset(doc, 0, sizeof(*doc));
}

char *ini_entry_join(IniEntry *entry, const char *sep)
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

int ini_entry_line_at(const IniEntry *entry, int offset)
{
    int line = entry->line;
    for (size_t piece_idx = 0; piece_idx < entry->n_pieces; piece_idx++)
        if ((size_t)offset >= entry->pieces[piece_idx].offset)
            line = entry->pieces[piece_idx].line;
    return line;
}
