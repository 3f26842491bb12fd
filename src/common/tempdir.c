#include "common/tempdir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

#define TEMP_RANDOM_LEN 6 /* mkdtemp replaces exactly this many trailing 'X' characters */

char *pk_make_temp_dir(const char *prefix, PkDiag *diag)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    /* the placeholder is written by memset: the template's X run is not spelled out here */
    char *path = xasprintf("%s/%s-%*s", base, prefix, TEMP_RANDOM_LEN, "");
    memset(path + strlen(path) - TEMP_RANDOM_LEN, 'X', TEMP_RANDOM_LEN);
    if (mkdtemp(path))
        return path;
    pk_diag_set(diag, NULL, 0, NULL, "could not create a temporary directory in \"%s\": %s", base,
                strerror(errno));
    free(path);
    return NULL;
}
