/* The one way pgknob replaces a file: readers see the old file or the whole new one, never a
 * part, and after a crash the disk holds one of the two (lab journals, the server's
 * postgresql.auto.conf the lab restores, the compiled rule pack); and the one writer of pgknob's
 * outputs (-o, `fix --in-place`): several files at once, devices and FIFOs written through. */
#ifndef PK_ATOMIC_FILE_H
#define PK_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/diag.h"

/* Writes `len` bytes of `data` to a temporary file beside `path` (mkstemp, so two writers never
 * share one), fsyncs it, gives it `mode` (and owner_uid/owner_gid unless they are -1), renames
 * it over `path` and fsyncs the directory. On failure the temporary file is removed, `path` is
 * untouched and `diag` says "could not write "PATH": why". */
bool pk_write_atomic(const char *path, const void *data, size_t len, mode_t mode, uid_t owner_uid,
                     gid_t owner_gid, PkDiag *diag);

/* fsync of the directory that holds `path`, so a rename or an unlink in it is on disk. */
bool pk_fsync_dir_of(const char *path);

/* One file of a pk_write_files set: `len` bytes of `data` for `path`. */
typedef struct PkWriteItem {
    const char *path;
    const void *data;
    size_t len;
} PkWriteItem;

/* Writes every item, all or nothing, as -o, --in-place and `upgrade -o` need it:
 * - a symlink is followed: its target is written, the link stays;
 * - a character device or a FIFO is opened and written, never replaced (a FIFO with no reader is
 *   refused at once, never waited for); a directory, block device or socket is refused;
 * - a regular file is staged beside itself (PATH.pgknob-tmp) and renamed over, keeping its owner,
 *   group, mode and POSIX ACL; a new file gets mode 0644.
 * Every staged file is listed first in a journal (`journal_dir`/.pgknob-write.journal, NULL: the
 * first regular file's directory), then written and fsynced, then the journal is marked
 * committed and the files renamed; pk_write_recover finishes a journal a kill left behind.
 * False with `diag` ("could not write "PATH": why") when anything fails before the commit: then
 * no regular file was touched and no temporary file is left. */
bool pk_write_files(const PkWriteItem *items, size_t n_items, const char *journal_dir,
                    PkDiag *diag);

/* A killed pk_write_files in `dir`: completes a committed journal (renames the staged files that
 * are left) or rolls an uncommitted one back (removes its staged files), then removes it.
 * Returns the number of files the journal listed (0: none was there); -1 with `diag` set when
 * it cannot be finished (the journal is kept for the next run). */
int pk_write_recover(const char *dir, bool *completed, PkDiag *diag);

/* The path of `reads` that `output` names, whatever the spelling (same device and inode, or for
 * a file that does not exist yet the same resolved path); NULL when none does. `reads` are the
 * files a run read or would read (a missing pg_ident.conf is still the run's). */
const char *pk_output_is_read(const char *output, const char *const *reads, size_t n_reads);

#endif
