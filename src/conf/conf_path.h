/* Path handling of the server's include code (AbsoluteConfigLocation, join_path_components,
 * canonicalize_path, get_parent_directory), which changed in PostgreSQL 15: from 15 on every
 * "." and ".." component is resolved; 13 and 14 only resolve trailing ones and strip a leading
 * "./" from the joined name. The file names pg_file_settings shows depend on it. */
#ifndef PK_CONF_PATH_H
#define PK_CONF_PATH_H

#include <stddef.h>

#include "common/diag.h"

/* In place. `major` selects the behaviour (0 = newest). */
void conf_path_canonicalize(char *path, int major);

/* The location of an include as the server computes it: an absolute `location` is kept as
 * written; a relative one is joined to the directory of `calling_file` and canonicalized.
 * Caller frees. */
char *conf_path_absolute(const char *location, const char *calling_file, int major);

/* `path` made absolute against the working directory and canonicalized (make_absolute_path).
 * Caller frees; NULL if the working directory cannot be read. */
char *conf_path_make_absolute(const char *path, int major);

/* GetConfFilesInDir: the regular "*.conf" files (not starting with ".") of the directory
 * `dir_location` (relative to `calling_file`'s directory), as canonical paths sorted byte-wise;
 * NULL with the server's message in `diag` ("could not open directory …"). Caller frees the
 * array and its strings. */
char **conf_path_dir_files(const char *dir_location, const char *calling_file, int major,
                           size_t *n_out, PkDiag *diag);

#endif
