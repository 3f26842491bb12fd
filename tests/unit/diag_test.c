/* Unit tests for the one diagnostic value (common/diag.h) and its one printer (cli/cli_diag.h):
 * the first cause wins, NULL targets are ignored, prefix/detail/column/move/free, the list of
 * warnings, and the exact lines cli_print_diag writes for each combination of file, line,
 * column, detail, hint and level, and cli_error/cli_warning/cli_diag_fail (read back from a real
 * stderr redirected to a file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "common/diag.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "harness.h"

static char *format(const PkDiag *d)
{
    StrBuf sb = STRBUF_INIT;
    cli_format_diag(d, &sb);
    return sb_detach(&sb);
}

#define CHECK_FORMAT(diag, expected)                                                               \
    do {                                                                                           \
        char *pk_got = format(diag);                                                               \
        CHECK_STR(pk_got, expected);                                                               \
        free(pk_got);                                                                              \
    } while (0)

static void test_set(void)
{
    PkDiag d = PK_DIAG_INIT;
    CHECK(!pk_diag_is_set(&d));
    CHECK(!pk_diag_set(&d, "a.conf", 3, "Fix it.", "bad value \"%s\"", "x"));
    CHECK(pk_diag_is_set(&d));
    CHECK_STR(d.file, "a.conf");
    CHECK(d.line == 3 && d.column == 0 && d.level == PK_DIAG_ERROR);
    CHECK_STR(d.message, "bad value \"x\"");
    CHECK_STR(d.hint, "Fix it.");
    CHECK(d.detail == NULL);
    /* the first cause wins */
    pk_diag_set(&d, "b.conf", 9, NULL, "second");
    CHECK_STR(d.message, "bad value \"x\"");
    CHECK_STR(d.file, "a.conf");
    pk_diag_set_column(&d, 7);
    pk_diag_set_detail(&d, "%d bytes", 12);
    pk_diag_prefix(&d, "reading %s", "lab 03");
    CHECK_STR(d.message, "reading lab 03: bad value \"x\"");
    CHECK_STR(d.detail, "12 bytes");
    CHECK(d.column == 7);
    PkDiag moved = PK_DIAG_INIT;
    pk_diag_set(&moved, NULL, 0, NULL, "old");
    pk_diag_move(&moved, &d);
    CHECK(!pk_diag_is_set(&d) && d.file == NULL && d.hint == NULL);
    CHECK_STR(moved.message, "reading lab 03: bad value \"x\"");
    CHECK(moved.line == 3 && moved.column == 7);
    pk_diag_free(&moved);
    CHECK(!pk_diag_is_set(&moved) && moved.line == 0 && moved.column == 0);
    /* a NULL target: the caller did not ask; still reads as failure */
    CHECK(!pk_diag_set(NULL, NULL, 0, NULL, "ignored"));
    pk_diag_set_column(NULL, 1);
    pk_diag_prefix(NULL, "x");
    pk_diag_free(NULL);
    CHECK(!pk_diag_is_set(NULL));
    /* prefix on an unset diagnostic does not invent a message */
    pk_diag_prefix(&d, "context");
    CHECK(!pk_diag_is_set(&d));
}

static void test_list(void)
{
    PkDiagList list = {0};
    pk_diag_list_add(&list, PK_DIAG_NOTE, NULL, 0, NULL, "rule directory \"%s\" is empty", "r");
    for (int idx = 0; idx < 9; idx++)
        pk_diag_list_add(&list, PK_DIAG_WARNING, "f.conf", idx + 1, "H.", "w%d", idx);
    CHECK(list.n == 10);
    CHECK(list.items[0].level == PK_DIAG_NOTE);
    CHECK_STR(list.items[0].message, "rule directory \"r\" is empty");
    CHECK(list.items[9].level == PK_DIAG_WARNING && list.items[9].line == 9);
    CHECK_STR(list.items[9].message, "w8");
    pk_diag_list_add(NULL, PK_DIAG_NOTE, NULL, 0, NULL, "ignored");
    arena_free(list.arena);
}

static void test_format(void)
{
    PkDiag d = PK_DIAG_INIT;
    CHECK_FORMAT(&d, "");
    pk_diag_set(&d, NULL, 0, NULL, "no file");
    CHECK_FORMAT(&d, "pgknob: error: no file\n");
    d.line = 4; /* a line without a file is not shown */
    CHECK_FORMAT(&d, "pgknob: error: no file\n");
    pk_diag_free(&d);
    pk_diag_set(&d, "p.conf", 0, NULL, "whole file");
    CHECK_FORMAT(&d, "pgknob: error: p.conf: whole file\n");
    d.column = 5; /* a column without a line is not shown */
    CHECK_FORMAT(&d, "pgknob: error: p.conf: whole file\n");
    d.line = 12;
    CHECK_FORMAT(&d, "pgknob: error: p.conf:12:5: whole file\n");
    d.column = 0;
    CHECK_FORMAT(&d, "pgknob: error: p.conf:12: whole file\n");
    pk_diag_set_detail(&d, "The server says so.");
    CHECK_FORMAT(&d, "pgknob: error: p.conf:12: whole file\ndetail: The server says so.\n");
    d.hint = strdup("Write it again.");
    CHECK_FORMAT(&d, "pgknob: error: p.conf:12: whole file\ndetail: The server says so.\n"
                     "hint: Write it again.\n");
    d.level = PK_DIAG_WARNING;
    CHECK_FORMAT(&d, "pgknob: warning: p.conf:12: whole file\ndetail: The server says so.\n"
                     "hint: Write it again.\n");
    d.level = PK_DIAG_NOTE;
    free(d.detail);
    d.detail = NULL;
    CHECK_FORMAT(&d, "pgknob: note: p.conf:12: whole file\nhint: Write it again.\n");
    pk_diag_free(&d);
}

/* cli_print_diag writes exactly what cli_format_diag says, on stderr. */
static void test_print(void)
{
    char path[] = "/tmp/pgknob-diag-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    PkDiag d = PK_DIAG_INIT;
    cli_print_diag(&d); /* unset: nothing */
    pk_diag_set(&d, "r.ini", 2, "Use a name.", "unknown key \"%s\"", "x");
    pk_diag_set_column(&d, 9);
    cli_print_diag(&d);
    PkDiagList list = {0};
    pk_diag_list_add(&list, PK_DIAG_NOTE, NULL, 0, NULL, "first");
    pk_diag_list_add(&list, PK_DIAG_WARNING, "w.conf", 1, NULL, "second");
    cli_print_diags(&list);
    cli_print_diags(NULL);
    cli_error("Use one.", "unknown format \"%s\"", "x");
    cli_warning(NULL, "PostgreSQL %d is new", 19);
    PkDiag failing = PK_DIAG_INIT;
    pk_diag_set(&failing, NULL, 0, NULL, "failed");
    CHECK(!cli_diag_fail(&failing) && !pk_diag_is_set(&failing));
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(fd);
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    CHECK(pk_read_file(path, 4096, &data, &len, &err) == PK_READ_OK);
    CHECK_STR(data, "pgknob: error: r.ini:2:9: unknown key \"x\"\nhint: Use a name.\n"
                    "pgknob: note: first\npgknob: warning: w.conf:1: second\n"
                    "pgknob: error: unknown format \"x\"\nhint: Use one.\n"
                    "pgknob: warning: PostgreSQL 19 is new\npgknob: error: failed\n");
    free(data);
    unlink(path);
    pk_diag_free(&d);
    arena_free(list.arena);
}

int main(void)
{
    test_set();
    test_list();
    test_format();
    test_print();
    PK_TEST_DONE();
}
