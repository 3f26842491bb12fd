/* Unit tests for pk_make_temp_dir: where the directory goes ($TMPDIR, else /tmp), its name and
 * mode, two calls give two directories, and a TMPDIR that does not exist is an error value. */
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

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
    char *errmsg = NULL;
    char *base = pk_make_temp_dir("pgknob-test-base", &errmsg);
    CHECK(private_dir(base));
    setenv("TMPDIR", base, 1);
    char *first = pk_make_temp_dir("pgknob-lab", &errmsg);
    char *second = pk_make_temp_dir("pgknob-lab", &errmsg);
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
    char *errmsg = NULL;
    unsetenv("TMPDIR");
    char *dir = pk_make_temp_dir("pgknob-test", &errmsg);
    CHECK(dir && !strncmp(dir, "/tmp/pgknob-test-", 17));
    CHECK(private_dir(dir));
    if (dir)
        rmdir(dir);
    free(dir);
    setenv("TMPDIR", "", 1);
    dir = pk_make_temp_dir("pgknob-test", &errmsg);
    CHECK(dir && !strncmp(dir, "/tmp/pgknob-test-", 17));
    if (dir)
        rmdir(dir);
    free(dir);
    setenv("TMPDIR", "/nonexistent/pgknob-tmp", 1);
    CHECK(pk_make_temp_dir("pgknob-test", &errmsg) == NULL);
    CHECK(errmsg && strstr(errmsg, "/nonexistent/pgknob-tmp") && strstr(errmsg, "No such file"));
    free(errmsg);
    unsetenv("TMPDIR");
}

int main(void)
{
    test_under_tmpdir();
    test_default_and_errors();
    PK_TEST_DONE();
}
