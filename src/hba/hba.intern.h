/* Inside src/hba/: the tokenizer's output (TokenizedAuthLine) between hba_tok.c and the line
 * parsers of hba_line.c. */
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
 * and notes in `fs`. Returns false when the top file cannot be opened (fs->open_error set). */
bool hba_tokenize(const char *path, int major, size_t max_files, HbaFileSet *fs, TokLines *out);
void hba_toklines_free(TokLines *lines);
/* Tokenizes manifest strings, each as the records of one line of a file named `file`, with no
 * file access: a string whose records use @file or an include directive, or that holds a ${…}
 * reference, goes to set->unchecked instead of `out`. */
void hba_tokenize_lines(const char *file, const HbaSourceLine *lines, size_t n, int major,
                        HbaSet *set, TokLines *out);

void hba_tokens_add(HbaTokens *list, const char *text, bool quoted);
void hba_tokens_free(HbaTokens *list);

/* parse_hba_line / parse_ident_line: one row of each view. */
void hba_parse_line(const TokLine *tl, const HbaOpts *opts, HbaRule *out);
void hba_parse_ident_line(const TokLine *tl, const HbaOpts *opts, IdentMap *out);

#endif
