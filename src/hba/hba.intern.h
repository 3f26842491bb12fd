/* Inside src/hba/: the tokenizer's output (TokenizedAuthLine) between hba_tok.c and the line
 * parsers of hba_line.c. The lines live in the set's arena, as the rules parsed from them. */
#ifndef PK_HBA_INTERN_H
#define PK_HBA_INTERN_H

#include "hba/hba.h"

typedef struct TokLine {
    char *file;
    int line;
    int column; /* hba_tokenize_lines: the manifest string's column; else 0 */
    char *raw;
    HbaTokens *fields;
    size_t n_fields;
    size_t cap_fields;
    char *error; /* the tokenizer's err_msg: the line is not parsed */
} TokLine;

typedef struct TokLines {
    TokLine *items;
    size_t n;
    size_t cap;
} TokLines;

/* Tokenizes the top file `path` (tokenize_auth_file at depth 0) into `out`, recording files
 * and notes in `fs`, all in `a` (the set's arena). Returns false when the top file cannot be
 * opened (fs->open_error set). */
bool hba_tokenize(Arena *a, const char *path, int major, size_t max_files, HbaFileSet *fs,
                  TokLines *out);
/* Tokenizes manifest strings, each as the records of one line of a file named `file`, with no
 * file access: a string whose records use @file or an include directive, or that holds a ${…}
 * reference, goes to set->unchecked instead of `out`. */
void hba_tokenize_lines(const char *file, const HbaSourceLine *lines, size_t n, int major,
                        HbaFileSet *fs, HbaSet *set, TokLines *out);

void hba_tokens_add(Arena *a, HbaTokens *list, const char *text, bool quoted);

/* parse_hba_line / parse_ident_line: one row of each view, its strings in `a`. */
void hba_parse_line(Arena *a, const TokLine *tl, const HbaOpts *opts, HbaRule *out);
void hba_parse_ident_line(Arena *a, const TokLine *tl, const HbaOpts *opts, IdentMap *out);

#endif
