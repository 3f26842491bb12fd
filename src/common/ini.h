/* The one INI reader (rule files, .pgknob.ini, lab.ini): libinih 55 (ini_parse_stream) fed by a
 * line reader that pre-scans each raw line, so what libinih would silently mangle is an error
 * at the true file:line: NUL bytes (they end a line early), lines over its 200-byte buffer
 * (truncated), " ;" in a value (an inline comment: the rest of the line is dropped). The result
 * is a document: sections in file order, their keys with every line each value came from
 * (continuation lines, and repeated keys when the caller's policy keeps them). */
#ifndef PK_INI_H
#define PK_INI_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"

/* Longest line libinih 55 reads whole (its 200-byte buffer holds the newline and the NUL). */
#define PK_INI_MAX_LINE 198

typedef enum PkIniDuplicates {
    /* A repeated key adds its value to the first entry (flagged `repeated`): the caller
     * decides which keys may repeat (the rule loader). */
    PK_INI_DUP_MERGE,
    /* A repeated key is an error at its line ("given twice", with the first line as hint),
     * except the keys `may_repeat` accepts, which merge as above (lists adding up). */
    PK_INI_DUP_ERROR,
} PkIniDuplicates;

typedef struct PkIniOptions {
    const char *what; /* the kind of file, in messages: "rule file" (default "INI file") */
    PkIniDuplicates duplicates;
    /* PK_INI_DUP_ERROR only: keys that may be given more than once. NULL: none. */
    bool (*may_repeat)(const char *section, const char *key);
    /* PK_INI_DUP_ERROR only: the name a key counts as (aliases); NULL: the key. Keys are
     * compared ignoring case. */
    const char *(*canonical)(const char *section, const char *key);
    /* A key before any [section] is an error with this hint; NULL: allowed (section ""). */
    const char *section_hint;
    /* The hint for " ;" in a value; NULL: a generic one. */
    const char *comment_hint;
    /* " #" in a value is an error too: libinih keeps it as text, but a reader would take it
     * for a comment (".pgknob.ini": `fail_on = never # for now`). */
    bool reject_hash_comments;
} PkIniOptions;

typedef struct PkIniPiece {
    char *text;
    int line;
    size_t offset; /* where the piece starts in the joined value (pk_ini_entry_join) */
} PkIniPiece;

typedef struct PkIniEntry {
    char *key;
    int line;
    PkIniPiece *pieces; /* the first value, then continuation lines and repeated keys */
    size_t n_pieces;
    bool repeated;   /* the key appeared again (not as a continuation) */
    int repeat_line; /* the first line that repeated it */
} PkIniEntry;

typedef struct PkIniSection {
    char *name; /* "" for keys before any header (when allowed) */
    int line;   /* the header's line; 0 for "" */
    PkIniEntry *entries;
    size_t n_entries;
} PkIniSection;

/* Everything a document points to lives in its arena: free it with arena_free(doc.arena). */
typedef struct PkIniDoc {
    Arena *arena;
    PkIniSection *sections; /* in file order; a header given twice makes two sections */
    size_t n_sections;
} PkIniDoc;

/* Parses `len` bytes of `data` read from `file`. False with `diag` set (the first problem by
 * line) and `doc` empty; free `doc` with arena_free(doc.arena) either way. `opts` may be NULL. */
bool pk_ini_parse(PkIniDoc *doc, const char *file, const char *data, size_t len,
                  const PkIniOptions *opts, PkDiag *diag);
/* The pieces of `entry` joined with `sep`; the pieces' offsets are updated to match. Caller
 * frees. */
char *pk_ini_entry_join(PkIniEntry *entry, const char *sep);
/* The line of the piece holding byte `offset` of the joined value. */
int pk_ini_entry_line_at(const PkIniEntry *entry, int offset);
/* The entry `key` of `sec` (exact match), or NULL (also when `sec` is NULL). */
PkIniEntry *pk_ini_find(const PkIniSection *sec, const char *key);

#endif
