/* Settings fragments of the labs: `name = value` lines written as postgresql.conf writes them,
 * read with the server's token rules so that a fragment the server would refuse (an unquoted
 * 1e300, a list without quotes) is refused here first, with file and line. */
#ifndef PK_LAB_FRAGMENT_H
#define PK_LAB_FRAGMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"

/* One setting, as written (quotes removed), with its place. */
typedef struct LabSetting {
    char *name; /* lower case */
    char *value;
    char *file;
    int line;
} LabSetting;

/* Everything it points to lives in `arena`: the owner frees it with arena_free(set.arena). A
 * replaced value stays there until then. */
typedef struct LabSettings {
    Arena *arena;
    LabSetting *items;
    size_t n;
    size_t cap;
} LabSettings;

/* Reads a fragment file. false with *diag (file, line, hint) on a line
 * the server's configuration lexer would reject. */
bool lab_settings_read(const char *path, LabSettings *out, PkDiag *diag);
/* Same over a buffer that stands for the file `filename`. */
bool lab_settings_parse(const char *filename, const char *text, LabSettings *out, PkDiag *diag);
/* Appends, or replaces an earlier setting of the same name (the later place wins, as in the
 * server). */
void lab_settings_put(LabSettings *set, const char *name, const char *value, const char *file,
                      int line);
/* Appends without looking for an earlier setting of the name, which keeps its case (rows read
 * back from the server or a journal, in their order). */
void lab_settings_append(LabSettings *set, const char *name, const char *value, const char *file,
                         int line);
void lab_settings_merge(LabSettings *into, const LabSettings *from);
const LabSetting *lab_settings_get(const LabSettings *set, const char *name);
/* The value as a configuration file must write it: quoted unless it is a bare token the
 * server's lexer reads as one value. Caller frees. */
char *lab_settings_quote(const char *value);

#endif
