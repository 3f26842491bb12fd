/* The one way pgknob replaces a file: readers see the old file or the whole new one, never a
 * part, and after a crash the disk holds one of the two (lab journals, the server's
 * postgresql.auto.conf the lab restores, the compiled rule pack, `pgknob fix`'s rewrites). */
#ifndef PK_ATOMIC_FILE_H
#define PK_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/diag.h"

/* Writes `len` bytes of `data` to a temporary file beside `path` (mkstemp, so two writers never
 * share one), fsyncs it, gives it `mode` (and owner_uid/owner_gid unless they are -1), renames
 * it over `path` and fsyncs the directory. On failure the temporary file is removed, `path` is
 * untouched and `diag` says "could not write "PATH": why". */
bool pk_write_atomic(const char *path, const void *data, size_t len, mode_t mode, uid_t owner_uid,
                     gid_t owner_gid, PkDiag *diag);

/* fsync of the directory that holds `path`, so a rename or an unlink in it is on disk. */
bool pk_fsync_dir_of(const char *path);

#endif
