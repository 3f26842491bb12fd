/* Unit tests for src/common: pk_make_temp_dir (where the directory goes: $TMPDIR, else /tmp; its
 * name and mode; two calls give two directories; a TMPDIR that does not exist is an error value)
 * and pk_read_file (contents with NUL bytes, the size limit, errno for a missing file and a
 * directory, an empty file) and pk_write_atomic (a file replaced whole with its mode, no temporary
 * file left behind, a directory that does not exist is an error naming the path). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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

int main(void)
{
    test_write_atomic();
    test_read_file();
    test_under_tmpdir();
    test_default_and_errors();
    PK_TEST_DONE();
}
