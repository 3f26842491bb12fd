/* Unit tests for src/common: pk_make_temp_dir (where the directory goes: $TMPDIR, else /tmp; its
 * name and mode; two calls give two directories; a TMPDIR that does not exist is an error value)
 * and pk_read_file (contents with NUL bytes, the size limit, errno for a missing file and a
 * directory, an empty file) and pk_write_atomic (a file replaced whole with its mode, no temporary
 * file left behind, a directory that does not exist is an error naming the path) and
 * pk_write_files (several files, symlinks, the journal's recovery, the -o guard). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/readfile.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "harness.h"

static bool private_dir(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700;
}

static void test_under_tmpdir(void)
{
    PkDiag diag = PK_DIAG_INIT;
    char *base = pk_make_temp_dir("pgknob-test-base", &diag);
    CHECK(private_dir(base));
    setenv("TMPDIR", base, 1);
    char *first = pk_make_temp_dir("pgknob-lab", &diag);
    char *second = pk_make_temp_dir("pgknob-lab", &diag);
    char *want = xasprintf("%s/pgknob-lab-", base);
    CHECK(first && !strncmp(first, want, strlen(want)) && strlen(first) == strlen(want) + 6);
    CHECK(private_dir(first) && private_dir(second));
    CHECK(first && second && strcmp(first, second) != 0);
    rmdir(first);
    rmdir(second);
    free(first);
    free(second);
    free(want);
    rmdir(base);
    free(base);
}

static void test_default_and_errors(void)
{
    PkDiag diag = PK_DIAG_INIT;
    unsetenv("TMPDIR");
    char *dir = pk_make_temp_dir("pgknob-test", &diag);
    CHECK(dir && !strncmp(dir, "/tmp/pgknob-test-", 17));
    CHECK(private_dir(dir));
    if (dir)
        rmdir(dir);
    free(dir);
    setenv("TMPDIR", "", 1);
    dir = pk_make_temp_dir("pgknob-test", &diag);
    CHECK(dir && !strncmp(dir, "/tmp/pgknob-test-", 17));
    if (dir)
        rmdir(dir);
    free(dir);
    setenv("TMPDIR", "/nonexistent/pgknob-tmp", 1);
    CHECK(pk_make_temp_dir("pgknob-test", &diag) == NULL);
    CHECK(diag.message && strstr(diag.message, "/nonexistent/pgknob-tmp") &&
          strstr(diag.message, "No such file"));
    pk_diag_free(&diag);
    unsetenv("TMPDIR");
}

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *fp = fopen(path, "wb");
    if (fp) {
        fwrite(data, 1, len, fp);
        fclose(fp);
    }
}

static void test_read_file(void)
{
    PkDiag diag = PK_DIAG_INIT;
    char *dir = pk_make_temp_dir("pgknob-test-read", &diag);
    CHECK(dir != NULL);
    if (!dir)
        return;
    char *path = xasprintf("%s/f", dir), *data = NULL;
    size_t len = 0;
    int err = 0;
    write_file(path, "a\0b\n", 4);
    CHECK(pk_read_file(path, 4, &data, &len, &err) == PK_READ_OK);
    CHECK(len == 4 && data && !memcmp(data, "a\0b\n", 4) && data[4] == '\0');
    free(data);
    CHECK(pk_read_file(path, 3, &data, &len, &err) == PK_READ_TOO_LARGE && data == NULL);
    write_file(path, "", 0);
    CHECK(pk_read_file(path, 10, &data, &len, &err) == PK_READ_OK && len == 0 && data && !*data);
    free(data);
    unlink(path);
    CHECK(pk_read_file(path, 10, &data, &len, &err) == PK_READ_ERRNO && err == ENOENT);
    CHECK(pk_read_file(dir, 10, &data, &len, &err) == PK_READ_ERRNO && err == EISDIR);
    /* larger than one read() chunk */
    size_t big = 200000;
    char *blob = xmalloc(big);
    memset(blob, 'z', big);
    write_file(path, blob, big);
    CHECK(pk_read_file(path, big, &data, &len, &err) == PK_READ_OK && len == big &&
          !memcmp(data, blob, big));
    free(data);
    CHECK(pk_read_file(path, big - 1, &data, &len, &err) == PK_READ_TOO_LARGE);
    free(blob);
    unlink(path);
    rmdir(dir);
    free(path);
    free(dir);
}

static size_t entries_in(const char *dir)
{
    size_t n = 0;
    DIR *dp = opendir(dir);
    for (struct dirent *de; dp && (de = readdir(dp));)
        n += de->d_name[0] != '.';
    if (dp)
        closedir(dp);
    return n;
}

static void test_write_atomic(void)
{
    PkDiag diag = PK_DIAG_INIT;
    char *dir = pk_make_temp_dir("pgknob-test-atomic", &diag);
    char *path = xasprintf("%s/out.conf", dir);
    write_file(path, "old contents, longer than the new\n", 34);
    CHECK(pk_write_atomic(path, "new\n", 4, 0640, (uid_t)-1, (gid_t)-1, &diag));
    CHECK(!diag.message);
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    CHECK(pk_read_file(path, 1024, &data, &len, &err) == PK_READ_OK && len == 4 &&
          !memcmp(data, "new\n", 4));
    free(data);
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 07777) == 0640);
    CHECK(entries_in(dir) == 1); /* the temporary file was renamed, not left beside it */
    char *missing = xasprintf("%s/no/such/dir/out.conf", dir);
    CHECK(!pk_write_atomic(missing, "x", 1, 0600, (uid_t)-1, (gid_t)-1, &diag));
    CHECK(diag.message && strstr(diag.message, missing) && strstr(diag.message, "No such file"));
    pk_diag_free(&diag);
    CHECK(entries_in(dir) == 1);
    unlink(path);
    rmdir(dir);
    free(missing);
    free(path);
    free(dir);
}

static bool holds(const char *path, const char *text)
{
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    bool same = pk_read_file(path, 1024, &data, &len, &err) == PK_READ_OK && len == strlen(text) &&
                !memcmp(data, text, len);
    free(data);
    return same;
}

/* pk_write_files: two files at once through a symlink, a journal left by a kill completed or
 * rolled back by pk_write_recover, and pk_output_is_read for a file not there yet. */
static void test_write_files(void)
{
    PkDiag diag = PK_DIAG_INIT;
    char *dir = pk_make_temp_dir("pgknob-test-files", &diag);
    char *a = xasprintf("%s/a.conf", dir), *b = xasprintf("%s/b.conf", dir);
    char *link = xasprintf("%s/link.conf", dir);
    write_file(a, "old a\n", 6);
    CHECK(symlink("a.conf", link) == 0);
    PkWriteItem items[] = {{link, "new a\n", 6}, {b, "new b\n", 6}};
    CHECK(pk_write_files(items, 2, NULL, &diag));
    CHECK(!diag.message);
    CHECK(holds(a, "new a\n") && holds(b, "new b\n"));
    struct stat st;
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(entries_in(dir) == 3); /* no journal, no staged file */
    /* a kill after the commit: the next run completes it */
    char *journal = xasprintf("%s/.pgknob-write.journal", dir);
    char *staged = xasprintf("%s.pgknob-tmp", a);
    write_file(staged, "newer a\n", 8);
    char *text = xasprintf("pgknob write journal\n%s\n%s\ncommit\n", a, b);
    write_file(journal, text, strlen(text));
    bool completed = false;
    CHECK(pk_write_recover(dir, &completed, &diag) == 2 && completed);
    CHECK(holds(a, "newer a\n") && entries_in(dir) == 3);
    /* a kill before it: the staged file goes */
    write_file(staged, "lost\n", 5);
    free(text);
    text = xasprintf("pgknob write journal\n%s\n", a);
    write_file(journal, text, strlen(text));
    CHECK(pk_write_recover(dir, &completed, &diag) == 1 && !completed);
    CHECK(holds(a, "newer a\n") && entries_in(dir) == 3);
    CHECK(pk_write_recover(dir, &completed, &diag) == 0);
    /* the guard: a spelling through the symlink, and a file that does not exist yet */
    char *later = xasprintf("%s/./later.conf", dir), *later2 = xasprintf("%s/later.conf", dir);
    const char *reads[] = {a, later2};
    CHECK(pk_output_is_read(link, reads, 2) == a);
    CHECK(pk_output_is_read(later, reads, 2) == later2);
    CHECK(pk_output_is_read(b, reads, 2) == NULL);
    pk_diag_free(&diag);
    unlink(link);
    unlink(a);
    unlink(b);
    rmdir(dir);
    free(later);
    free(later2);
    free(text);
    free(staged);
    free(journal);
    free(link);
    free(b);
    free(a);
    free(dir);
}

int main(void)
{
    test_write_atomic();
    test_write_files();
    test_read_file();
    test_under_tmpdir();
    test_default_and_errors();
    PK_TEST_DONE();
}
