/* Where the project configuration is: .pgknob.ini in the directory of what is linted, then in
 * each parent up to the repository root (a directory holding .git) or the filesystem root, then
 * in the current directory. A file in a subdirectory of a repository is thus governed by the
 * repository's file, as linters' configurations are found. */
#include "project/config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/xalloc.h"

/* The directory a search starts in, resolved (symlinks, ".."): the input itself when it is a
 * directory, else the one holding it; for a path that does not exist (a --stdin-filename),
 * its nearest existing ancestor. NULL when none resolves. */
static char *start_dir(const char *input)
{
    struct stat st;
    char *dir = xstrdup(input && *input ? input : ".");
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            strcpy(dir, ".");
        else
            slash[slash == dir] = '\0'; /* "/x" keeps "/" */
    }
    for (;;) {
        char *real = realpath(dir, NULL);
        if (real || !strcmp(dir, ".") || !strcmp(dir, "/")) {
            free(dir);
            return real;
        }
        char *slash = strrchr(dir, '/');
        if (!slash)
            strcpy(dir, ".");
        else
            slash[slash == dir] = '\0';
    }
}

static bool exists_in(const char *dir, const char *name, char **path)
{
    *path = xasprintf("%s%s%s", dir, strcmp(dir, "/") ? "/" : "", name);
    bool found = access(*path, F_OK) == 0;
    if (!found) {
        free(*path);
        *path = NULL;
    }
    return found;
}

/* The path as messages show it: relative when under the working directory. */
static char *shown(char *path)
{
    char *cwd = getcwd(NULL, 0);
    size_t len = cwd ? strlen(cwd) : 0;
    char *out = path;
    if (len > 1 && !strncmp(path, cwd, len) && path[len] == '/') {
        out = xstrdup(path + len + 1);
        free(path);
    }
    free(cwd);
    return out;
}

char *project_config_find(const char *input)
{
    char *dir = start_dir(input), *path = NULL, *git = NULL;
    while (dir) {
        if (exists_in(dir, ".pgknob.ini", &path))
            break;
        bool top = exists_in(dir, ".git", &git) || !strcmp(dir, "/");
        free(git);
        if (top)
            break;
        char *slash = strrchr(dir, '/');
        slash[slash == dir] = '\0';
    }
    free(dir);
    if (!path && access(".pgknob.ini", F_OK) == 0)
        path = xstrdup(".pgknob.ini");
    return path ? shown(path) : NULL;
}
