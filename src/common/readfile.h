/* Reading a whole input file into memory, bounded, for every reader of pgknob's inputs
 * (configuration files, rule files, .pgknob.ini, baselines, lab fragments). Each caller words
 * its own messages from the status. */
#ifndef PK_READFILE_H
#define PK_READFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"

typedef enum PkReadStatus {
    PK_READ_OK,
    PK_READ_ERRNO,       /* open or read failed: *err holds errno */
    PK_READ_TOO_LARGE,   /* more than `limit` bytes */
    PK_READ_NOT_REGULAR, /* a FIFO, socket or device: *err holds its st_mode file type */
} PkReadStatus;

/* Reads all of `path`, a regular file (read(2) retried on EINTR). It is opened with O_NONBLOCK
 * and O_NOCTTY and checked with fstat before any read, so a FIFO, socket or device (also
 * through a symlink) is refused at once instead of blocking or streaming forever (but
 * /dev/null, read as an empty file as the server reads it); a directory
 * is PK_READ_ERRNO with EISDIR. On PK_READ_OK, *data is NUL-terminated (it may hold NUL bytes
 * before *len) and the caller frees it; otherwise *data is NULL. */
PkReadStatus pk_read_file(const char *path, size_t limit, char **data, size_t *len, int *err);

/* Reads an already open stream (standard input for `lint -`) to its end, at most `limit` bytes;
 * it blocks as a pipe does until the writer closes. Same results as pk_read_file. */
PkReadStatus pk_read_stream(int fd, size_t limit, char **data, size_t *len, int *err);

/* Why a read failed, for a message: strerror for PK_READ_ERRNO, "is a FIFO, not a regular
 * file" and the like for PK_READ_NOT_REGULAR, "larger than the limit" for PK_READ_TOO_LARGE.
 * Static. */
const char *pk_read_strerror(PkReadStatus status, int err);

/* pk_read_file for a file of pgknob's own (.pgknob.ini, a baseline, a lab settings file), the
 * failure as a diagnostic at `path` worded with `what` ("the baseline"): "could not open WHAT:
 * why" or "WHAT is larger than N MB" (`limit` is whole megabytes). */
bool pk_read_file_diag(const char *path, size_t limit, const char *what, char **data, size_t *len,
                       PkDiag *diag);

/* pk_read_file, the failure as a diagnostic at `path`: the message `fmt` (printf) followed by
 * ": " and why (pk_read_strerror), for wordings that pk_read_file_diag does not fit. */
bool pk_read_file_or_diag(const char *path, size_t limit, char **data, size_t *len, PkDiag *diag,
                          const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#endif
