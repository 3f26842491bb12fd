#include "conf/conf_path.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

/* Removes the last component and the slash before it, never a leading slash. */
static void trim_directory(char *path)
{
    if (path[0] == '\0')
        return;
    char *p = path + strlen(path) - 1;
    while (*p == '/' && p > path)
        p--;
    while (*p != '/' && p > path)
        p--;
    while (p > path && *(p - 1) == '/')
        p--;
    if (p == path && *p == '/')
        p++;
    *p = '\0';
}

static void trim_trailing_separator(char *path)
{
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        path[--len] = '\0';
}

static void collapse_separators(char *path)
{
    char *to = path;
    bool was_sep = false;
    for (const char *from = path; *from; from++) {
        if (*from == '/' && was_sep)
            continue;
        was_sep = (*from == '/');
        *to++ = *from;
    }
    *to = '\0';
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t len = strlen(s), slen = strlen(suffix);
    return len >= slen && strcmp(s + len - slen, suffix) == 0;
}

/* 13/14: only trailing "." and ".." components are processed. */
static void canonicalize_old(char *path)
{
    int pending = 0;
    for (;;) {
        if (ends_with(path, "/.")) {
            trim_directory(path);
        } else if (strcmp(path, ".") == 0) {
            if (pending > 0)
                path[0] = '\0';
            break;
        } else if (ends_with(path, "/..") || strcmp(path, "..") == 0) {
            trim_directory(path);
            pending++;
        } else if (pending > 0 && path[0] != '\0') {
            trim_directory(path);
            pending--;
            if (path[0] == '\0')
                strcpy(path, ".");
        } else {
            break;
        }
    }
    if (pending > 0) {
        /* Only reached when the path became empty: put back the ".." components. */
        StrBuf sb = STRBUF_INIT;
        while (--pending > 0)
            sb_put(&sb, "../");
        sb_put(&sb, "..");
        strcpy(path, sb_str(&sb)); /* never longer than the input was */
        sb_free(&sb);
    }
}

/* 15+: every component is resolved; ".." above the root of an absolute path is dropped,
 * leading ".." of a relative path are kept. */
static void canonicalize_new(char *path)
{
    bool absolute = path[0] == '/';
    char *copy = xstrdup(path + (absolute ? 1 : 0));
    StrBuf out = STRBUF_INIT;
    size_t depth = 0;
    size_t *marks = xmalloc(sizeof(size_t) * (strlen(copy) / 2 + 2));
    char *save = NULL;
    for (char *part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0 && depth > 0) {
            out.len = marks[--depth];
            if (out.data)
                out.data[out.len] = '\0';
            continue;
        }
        if (strcmp(part, "..") == 0 && absolute)
            continue;
        if (strcmp(part, "..") == 0) {
            if (out.len)
                sb_putc(&out, '/');
            sb_put(&out, "..");
            continue;
        }
        marks[depth++] = out.len;
        if (out.len)
            sb_putc(&out, '/');
        sb_put(&out, part);
    }
    char *result = xasprintf("%s%s", absolute ? "/" : "", sb_str(&out));
    if (!absolute && result[0] == '\0') {
        free(result);
        result = xstrdup(".");
    }
    strcpy(path, result); /* never longer than the input */
    free(result);
    free(marks);
    free(copy);
    sb_free(&out);
}

void conf_path_canonicalize(char *path, int major)
{
    if (path[0] == '\0')
        return;
    trim_trailing_separator(path);
    collapse_separators(path);
    if (major != 0 && major < 15)
        canonicalize_old(path);
    else
        canonicalize_new(path);
}

char *conf_path_absolute(const char *location, const char *calling_file, int major)
{
    if (location[0] == '/')
        return xstrdup(location);
    char *dir = xstrdup(calling_file);
    trim_directory(dir);
    const char *tail = location;
    if (major != 0 && major < 15)
        while (tail[0] == '.' && tail[1] == '/')
            tail += 2;
    char *joined = *tail ? xasprintf("%s%s%s", dir, dir[0] ? "/" : "", tail) : xstrdup(dir);
    free(dir);
    conf_path_canonicalize(joined, major);
    return joined;
}

char *conf_path_make_absolute(const char *path, int major)
{
    char *joined;
    if (path[0] == '/') {
        joined = xstrdup(path);
    } else {
        char *cwd = getcwd(NULL, 0);
        if (!cwd)
            return NULL;
        joined = xasprintf("%s/%s", cwd, path);
        free(cwd);
    }
    conf_path_canonicalize(joined, major);
    return joined;
}

/* ---- GetConfFilesInDir (conffiles.c): include_dir of postgresql.conf, pg_hba.conf and
 * pg_ident.conf ---- */

/* GetConfFilesInDir's filter: "*.conf", not starting with '.', and (after following symlinks)
 * not a directory. */
static bool wanted_conf_name(const char *name)
{
    size_t len = strlen(name);
    return len >= 6 && name[0] != '.' && strcmp(name + len - 5, ".conf") == 0;
}

static int cmp_strptr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **conf_path_dir_files(const char *dir_location, const char *calling_file, int major,
                           size_t *n_out, PkDiag *diag)
{
    char *directory = conf_path_absolute(dir_location, calling_file, major);
    DIR *dir = opendir(directory);
    if (!dir) {
        pk_diag_set(diag, NULL, 0, NULL, "could not open directory \"%s\"", directory);
        free(directory);
        return NULL;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(dir)) != NULL) {
        if (!wanted_conf_name(de->d_name))
            continue;
        char *path = xasprintf("%s/%s", directory, de->d_name);
        conf_path_canonicalize(path, major);
        struct stat st;
        if (stat(path, &st) != 0) {
            pk_diag_set(diag, NULL, 0, NULL, "could not stat file \"%s\"", path);
            free(path);
            for (size_t name_idx = 0; name_idx < n; name_idx++)
                free(names[name_idx]);
            free(names);
            closedir(dir);
            free(directory);
            return NULL;
        }
        if (S_ISDIR(st.st_mode)) {
            free(path);
            continue;
        }
        PK_GROW(names, n, cap);
        names[n++] = path;
    }
    closedir(dir);
    free(directory);
    if (n > 1)
        qsort(names, n, sizeof(*names), cmp_strptr);
    *n_out = n;
    return names ? names : xcalloc(1, sizeof(char *));
}
