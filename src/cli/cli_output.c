#include "cli/cli_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/commands.h"
#include "common/xalloc.h"

void cli_reads_add(CliReads *reads, const char *path)
{
    if (!path)
        return;
    Arena *a = arena_get(&reads->arena);
    reads->paths = arena_realloc(a, reads->paths, reads->n * sizeof(*reads->paths),
                                 (reads->n + 1) * sizeof(*reads->paths));
    reads->paths[reads->n++] = arena_strdup(a, path);
}

static void add_in(CliReads *reads, const char *dir, const char *name)
{
    char *path = xasprintf("%s/%s", dir, name);
    cli_reads_add(reads, path);
    free(path);
}

static void add_hba_files(CliReads *reads, const HbaFileSet *files)
{
    cli_reads_add(reads, files->path);
    for (size_t idx = 0; idx < files->n_files; idx++)
        cli_reads_add(reads, files->files[idx]);
}

void cli_reads_add_input(CliReads *reads, const char *input, const ConfSet *set, const HbaSet *hba)
{
    static const char *const datadir_files[] = {"PG_VERSION",           "postgresql.conf",
                                                "postgresql.auto.conf", "pg_hba.conf",
                                                "pg_ident.conf",        ".pgknob.ini"};
    if (!input || !strcmp(input, "-"))
        input = NULL;
    cli_reads_add(reads, input);
    struct stat st;
    if (input && stat(input, &st) == 0 && S_ISDIR(st.st_mode)) {
        for (size_t idx = 0; idx < sizeof(datadir_files) / sizeof(*datadir_files); idx++)
            add_in(reads, input, datadir_files[idx]);
    } else if (input) {
        const char *slash = strrchr(input, '/');
        char *dir = slash ? xstrndup(input, (size_t)(slash - input)) : xstrdup(".");
        add_in(reads, *dir ? dir : "/", ".pgknob.ini");
        free(dir);
    }
    for (size_t idx = 0; set && idx < set->n_files; idx++)
        cli_reads_add(reads, set->files[idx]);
    if (set && set->data_dir)
        for (size_t idx = 0; idx < sizeof(datadir_files) / sizeof(*datadir_files); idx++)
            add_in(reads, set->data_dir, datadir_files[idx]);
    if (hba) {
        add_hba_files(reads, &hba->hba);
        add_hba_files(reads, &hba->ident);
    }
}

bool cli_output_guard(const char *output, const CliReads *reads, const char *hint)
{
    const char *input = pk_output_is_read(output, (const char *const *)reads->paths, reads->n);
    if (!input)
        return true;
    cli_error(hint, "-o \"%s\" is an input of this run (%s): refusing to overwrite it", output,
              input);
    return false;
}

bool cli_write_files(const PkWriteItem *items, size_t n_items, const char *journal_dir)
{
    PkDiag diag = PK_DIAG_INIT;
    return pk_write_files(items, n_items, journal_dir, &diag) || cli_diag_fail(&diag);
}

bool cli_write_recover(const char *dir)
{
    PkDiag diag = PK_DIAG_INIT;
    bool completed;
    int n = pk_write_recover(dir, &completed, &diag);
    if (n < 0)
        return cli_diag_fail(&diag);
    if (n > 0) {
        pk_diag_set(&diag, NULL, 0, NULL,
                    "%s/.pgknob-write.journal: an interrupted write of %d file%s was %s", dir, n,
                    n == 1 ? "" : "s", completed ? "completed" : "rolled back");
        diag.level = PK_DIAG_NOTE;
        cli_print_diag(&diag);
        pk_diag_free(&diag);
    }
    return true;
}

static ssize_t stdout_write(void *cookie, const char *buf, size_t size)
{
    CliStdout *out = cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t wrote = write(STDOUT_FILENO, buf + done, size - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0) {
            out->err = wrote < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)wrote;
    }
    return (ssize_t)done;
}

void cli_stdout_open(CliStdout *out)
{
    FILE *fp = fopencookie(out, "w", (cookie_io_functions_t){.write = stdout_write});
    if (!fp)
        return; /* stdio's own stdout: a failure is still caught, without its reason */
    setvbuf(fp, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = fp;
}

int cli_finish_stdout(const CliStdout *out, int rc)
{
    errno = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int err = out->err ? out->err : errno;
    fclose(stdout);
    if (!failed && close(STDOUT_FILENO) != 0 && errno != EBADF) {
        failed = true;
        err = errno;
    }
    if (!failed)
        return rc;
    cli_error(NULL, "could not write to standard output: %s",
              err ? strerror(err) : "a write failed");
    return rc == PK_EXIT_BUG ? rc : PK_EXIT_USAGE;
}
