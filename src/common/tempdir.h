/* Private temporary directories for throwaway files (lab clusters, predicted configurations):
 * one place decides where they go ($TMPDIR, else /tmp) and how they are named. */
#ifndef PK_TEMPDIR_H
#define PK_TEMPDIR_H

#include "common/diag.h"

/* Creates "<$TMPDIR or /tmp>/<prefix>-" plus six random characters, mode 0700 (mkdtemp).
 * Returns its path (caller frees and removes), or NULL with `diag` set. */
char *pk_make_temp_dir(const char *prefix, PkDiag *diag);

#endif
