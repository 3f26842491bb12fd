/* Shared by the input readers (manifest.c, rds.c): building one InputDoc. */
#ifndef PK_INPUT_INTERN_H
#define PK_INPUT_INTERN_H

#include "input/input.h"

typedef struct DocBuilder {
    InputDoc *doc;
    const char *file; /* the name entries carry */
    const char *buf;  /* the whole input, for each entry's line text */
    size_t len;
    size_t cap_entries, cap_notes, cap_hba;
    int last_line;           /* line_text's place: entries come mostly in order, so each */
    size_t last_line_offset; /* is found from the one before, not from the start */
} DocBuilder;

void builder_init(DocBuilder *b, InputDoc *doc, InputFormat format, const char *file,
                  const char *buf, size_t len);
/* An assignment as conf/ would have read it from a file; `quoted` as a single-quoted value. */
void builder_add_entry(DocBuilder *b, const char *name, const char *value, int line, int column,
                       bool quoted);
InputNote *builder_add_note(DocBuilder *b, InputNoteKind kind, const char *name, const char *value,
                            int line, int column, const char *link, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
void builder_add_hba(DocBuilder *b, const char *text, int line, int column);
/* Marks which entries apply, as conf/ does; call once all entries are in. */
void builder_finish(DocBuilder *b);

bool manifest_load_yaml(const char *file, const char *data, size_t len, const InputOpts *opts,
                        InputResult *out, PkDiag *diag);
bool rds_load_json(const char *file, const char *data, size_t len, const InputOpts *opts,
                   InputResult *out, PkDiag *diag);

InputDoc *input_result_add(InputResult *res);

#endif
