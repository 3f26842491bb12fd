#include "common/datadir.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

char *pk_exe_dir(void)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (len <= 0)
        return NULL;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return xstrdup(exe);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Tries one candidate; records it in `tried` when it is not a directory. */
static char *take_if_dir(char *candidate, StrBuf *tried)
{
    if (is_dir(candidate))
        return candidate;
    sb_printf(tried, "%s%s", tried->len ? ", " : "", candidate);
    free(candidate);
    return NULL;
}

char *pk_data_dir(const char *kind, char **searched)
{
    StrBuf tried = STRBUF_INIT;
    char *found = NULL;
    const char *own_env = !strcmp(kind, "rules")  ? "PGKNOB_RULES_DIR"
                          : !strcmp(kind, "labs") ? "PGKNOB_LABS"
                                                  : NULL;
    const char *own = own_env ? getenv(own_env) : NULL;
    const char *data = getenv("PGKNOB_DATA_DIR");
    /* An override that names nothing is an error, never a silent fall-back to other data. */
    bool overridden = (own && *own) || (data && *data);
    char *exe_dir = overridden ? NULL : pk_exe_dir(); /* /proc's readlink: 3% of a lint run */
    if (own && *own)
        found = take_if_dir(xstrdup(own), &tried);
    else if (data && *data)
        found = take_if_dir(xasprintf("%s/%s", data, kind), &tried);
    if (!found && !overridden && exe_dir)
        found = take_if_dir(xasprintf("%s/../share/pgknob/%s", exe_dir, kind), &tried);
    if (!found && !overridden && exe_dir)
        found = take_if_dir(xasprintf("%s/../%s", exe_dir, kind), &tried);
    if (!found && !overridden)
        found = take_if_dir(xasprintf("%s/%s", PK_DATADIR, kind), &tried);
    free(exe_dir);
    if (searched)
        *searched = found ? NULL : sb_detach(&tried);
    sb_free(&tried);
    return found;
}
