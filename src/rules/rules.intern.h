/* Raw INI reading for the rule loader: libinih plus a line pre-scan that reports what libinih 55
 * would silently mangle (lines over 198 bytes, " ;" inline comments) at the true file:line. */
#ifndef PK_RULES_INTERN_H
#define PK_RULES_INTERN_H

#include "rules/rules.h"

/* Longest line libinih 55 reads whole (its 200-byte buffer holds the newline and the NUL). */
#define RULE_MAX_LINE 198

typedef struct IniPiece {
    char *text;
    int line;
    size_t offset; /* where the piece starts in the joined value */
} IniPiece;

typedef struct IniEntry {
    char *key;
    int line;
    IniPiece *pieces; /* the first value, then continuation lines and repeated keys */
    size_t n_pieces;
    bool repeated;    /* the key appeared again (not as a continuation) */
    int repeat_line;
} IniEntry;

typedef struct IniSection {
    char *name;
    int line;
    IniEntry *entries;
    size_t n_entries;
} IniSection;

typedef struct IniDoc {
    IniSection *sections;
    size_t n_sections;
} IniDoc;

/* Parses `data` into sections and entries. False with `err` filled on any problem. */
bool ini_doc_parse(IniDoc *doc, const char *filename, const char *data, size_t len,
                   RuleError *err);
void ini_doc_free(IniDoc *doc);
/* The pieces of `entry` joined with `sep`; offsets of pieces are updated to match. Caller
 * frees. */
char *ini_entry_join(IniEntry *entry, const char *sep);
/* The line of the piece holding byte `offset` of the joined value. */
int ini_entry_line_at(const IniEntry *entry, int offset);

bool rule_error_set(RuleError *err, const char *file, int line, const char *hint,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The compiled pack of a rule directory (rules_pack.c). */
#define RULES_PACK_NAME ".pgknob-pack"
/* Appends the pack's rules when DIR/.pgknob-pack exists and still matches the directory's files,
 * this pgknob and its catalogs; false (set untouched) otherwise. */
bool rules_pack_load(RuleSet *set, const char *dir);
void rules_pack_arena_free(RulePackArena *arena);
/* rule_set_load_dir without looking for a pack. */
bool rule_set_load_dir_sources(RuleSet *set, const char *dir, RuleError *err);

#endif
