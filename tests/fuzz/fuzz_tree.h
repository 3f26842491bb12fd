/* A temporary checkout for the fuzz targets that read files beside the input (a role's, a
 * module's): its directories and empty files made once, under /tmp, and removed when the
 * fuzzer exits, so nothing is left behind. Header-only: each target is its own program. */
#ifndef PK_FUZZ_TREE_H
#define PK_FUZZ_TREE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char fuzz_tree_root[64];
static const char *const *fuzz_tree_dirs, *const *fuzz_tree_files;

static void fuzz_tree_remove(void)
{
    char path[256];
    for (const char *const *f = fuzz_tree_files; *f; f++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_tree_root, *f);
        unlink(path);
    }
    /* the deepest directories are listed last: removed first */
    size_t n = 0;
    while (fuzz_tree_dirs[n])
        n++;
    while (n--) {
        snprintf(path, sizeof path, "%s/%s", fuzz_tree_root, fuzz_tree_dirs[n]);
        rmdir(path);
    }
    rmdir(fuzz_tree_root);
}

/* Makes /tmp/pgknob-fuzz-NAME.PID with `dirs` (parents first) and the empty `files`, every
 * file the target writes listed there too (NULL-terminated lists); returns the root. */
static const char *fuzz_tree_make(const char *name, const char *const *dirs,
                                  const char *const *files)
{
    if (fuzz_tree_root[0])
        return fuzz_tree_root;
    fuzz_tree_dirs = dirs;
    fuzz_tree_files = files;
    snprintf(fuzz_tree_root, sizeof fuzz_tree_root, "/tmp/pgknob-fuzz-%s.%d", name, (int)getpid());
    atexit(fuzz_tree_remove);
    mkdir(fuzz_tree_root, 0700);
    char path[256];
    for (const char *const *d = dirs; *d; d++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_tree_root, *d);
        mkdir(path, 0700);
    }
    for (const char *const *f = files; *f; f++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_tree_root, *f);
        FILE *fp = fopen(path, "a");
        if (fp)
            fclose(fp);
    }
    return fuzz_tree_root;
}

/* Writes the input to each of `names` (NULL-terminated) under the root; false when one cannot be
 * written. */
static int fuzz_tree_write(const char *const *names, const void *data, size_t size)
{
    char path[256];
    for (const char *const *n = names; *n; n++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_tree_root, *n);
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        fwrite(data, 1, size, f);
        fclose(f);
    }
    return 1;
}

#endif
