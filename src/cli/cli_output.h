/* What a command writes: the files its run read or would read (so that -o never lands on one),
 * its output files through common/atomic_file, and standard output checked at exit. */
#ifndef PK_CLI_OUTPUT_H
#define PK_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/atomic_file.h"
#include "conf/conf.h"
#include "hba/hba.h"

/* Zeroed by its owner; the paths live in its arena: arena_free(reads.arena). */
typedef struct CliReads {
    Arena *arena;
    char **paths;
    size_t n;
} CliReads;

/* Adds a copy of `path` (NULL is ignored). */
void cli_reads_add(CliReads *reads, const char *path);

/* Adds what loading `input` read or would read: the path itself, every file of `set` (includes),
 * a data directory's PG_VERSION, postgresql.conf, postgresql.auto.conf, pg_hba.conf and
 * pg_ident.conf, the files of `hba` (may be NULL), and the .pgknob.ini beside the input. */
void cli_reads_add_input(CliReads *reads, const char *input, const ConfSet *set, const HbaSet *hba);

/* False, with the error printed, when `output` is one of `reads` (whatever the spelling). */
bool cli_output_guard(const char *output, const CliReads *reads, const char *hint);

/* pk_write_files, its failure printed. */
bool cli_write_files(const PkWriteItem *items, size_t n_items, const char *journal_dir);

/* Finishes a journal a killed write left in `dir` (a note says what was done); false, with the
 * error printed, when it cannot. */
bool cli_write_recover(const char *dir);

/* Standard output as main's: every write's failure is kept in it, so that the reason is known
 * at exit even when a later call cleared errno. */
typedef struct CliStdout {
    int err; /* the errno of the last failed write, or 0 */
} CliStdout;

/* Makes `stdout` write through `out` (line-buffered on a terminal, as stdio's). */
void cli_stdout_open(CliStdout *out);

/* The exit code once standard output is flushed and closed: a write error there (a full disk,
 * EIO, a closed pipe) is printed with its reason and turns `rc` into 2, whatever the command. */
int cli_finish_stdout(const CliStdout *out, int rc);

#endif
