/* conf_edit: assignments as the lexer reads them, and one line rewritten with its layout kept. */
#include <stdlib.h>

#include "conf/conf_edit.h"
#include "harness.h"

static void check_format(const char *name, const char *value, const char *want)
{
    char *got = conf_format_assignment(name, value);
    CHECK_STR(got, want);
    free(got);
}

static void check_rewrite(const char *line, const char *name, const char *value, const char *want)
{
    char *got = conf_rewrite_assignment(line, name, value);
    CHECK_STR(got, want);
    free(got);
}

int main(void)
{
    check_format("shared_buffers", "4GB", "shared_buffers = 4GB");
    check_format("checkpoint_completion_target", "0.9", "checkpoint_completion_target = 0.9");
    check_format("wal_buffers", "-1", "wal_buffers = -1");
    check_format("fsync", "on", "fsync = on");
    check_format("x", "1e300", "x = '1e300'"); /* not one token for the lexer */
    check_format("shared_preload_libraries", "a,b", "shared_preload_libraries = 'a,b'");
    check_format("debug_io_direct", "", "debug_io_direct = ''");
    check_format("archive_command", "cp '%p' x", "archive_command = 'cp ''%p'' x'");
    check_rewrite("fsync = off   # fast!", "fsync", "on", "fsync = on   # fast!");
    check_rewrite("\twork_mem=4MB", "work_mem", "8MB", "\twork_mem = 8MB");
    check_rewrite("shared_bufers 1GB", "shared_buffers", "1GB", "shared_buffers = 1GB");
    check_rewrite("search_path = '\"$user\", public'  # keep", "search_path", "public",
                  "search_path = public  # keep");
    check_rewrite("a = 'it''s' #c", "a", "b", "a = b #c");
    check_rewrite("# only a comment", "a", "b", NULL);
    PK_TEST_DONE();
}
