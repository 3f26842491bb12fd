/* Reading a whole input file into memory, bounded, for every reader of pgknob's inputs
 * (configuration files, rule files, .pgknob.ini, baselines, lab fragments). Each caller words
 * its own messages from the status. */
#ifndef PK_READFILE_H
#define PK_READFILE_H

#include <stddef.h>

typedef enum PkReadStatus {
    PK_READ_OK,
    PK_READ_ERRNO,     /* open or read failed: *err holds errno */
    PK_READ_TOO_LARGE, /* more than `limit` bytes */
} PkReadStatus;

/* Reads all of `path` (files, devices and pipes alike; read(2) retried on EINTR). On
 * PK_READ_OK, *data is NUL-terminated (it may hold NUL bytes before *len) and the caller frees
 * it; otherwise *data is NULL. */
PkReadStatus pk_read_file(const char *path, size_t limit, char **data, size_t *len, int *err);

#endif
