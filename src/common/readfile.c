#include "common/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/xalloc.h"

static bool is_dev_null(const struct stat *st)
{
    struct stat null_st;
    return S_ISCHR(st->st_mode) && stat("/dev/null", &null_st) == 0 && S_ISCHR(null_st.st_mode) &&
           st->st_rdev == null_st.st_rdev;
}

/* Reads fd to its end, at most `limit` bytes (read(2) retried on EINTR), straight into the
 * result: `size_hint` (the file's size, 0 when unknown) sizes it at once, because copying
 * through a stack buffer into a growing one touches fresh pages, and page faults are a large
 * share of a short lint. */
static PkReadStatus read_all(int fd, size_t limit, size_t size_hint, char **data, size_t *len,
                             int *err)
{
    /* room for the whole file, the read that finds its end and the NUL */
    size_t cap = (size_hint < limit ? size_hint : limit) + 2, used = 0;
    cap = cap < 4096 ? 4096 : cap;
    char *buf = xmalloc(cap);
    for (;;) {
        if (used + 1 == cap) { /* the file grew, or a stream: double */
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        ssize_t got = read(fd, buf + used, cap - 1 - used);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *err = errno;
            free(buf);
            return PK_READ_ERRNO;
        }
        if (got == 0)
            break;
        used += (size_t)got;
        if (used > limit) {
            free(buf);
            return PK_READ_TOO_LARGE;
        }
    }
    buf[used] = '\0';
    *len = used;
    *data = buf;
    return PK_READ_OK;
}

PkReadStatus pk_read_file(const char *path, size_t limit, char **data, size_t *len, int *err)
{
    *data = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    struct stat st;
    if (fd < 0) {
        *err = errno;
        /* a Unix socket cannot be opened at all: say what it is */
        if (*err == ENXIO && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
            *err = (int)(st.st_mode & S_IFMT);
            return PK_READ_NOT_REGULAR;
        }
        return PK_READ_ERRNO;
    }
    /* /dev/null reads as an empty file, as the server reads it: the one device allowed */
    if (fstat(fd, &st) != 0 || (!S_ISREG(st.st_mode) && !is_dev_null(&st))) {
        int saved = errno;
        bool stat_ok = fstat(fd, &st) == 0;
        close(fd);
        if (stat_ok && S_ISDIR(st.st_mode)) {
            *err = EISDIR;
            return PK_READ_ERRNO;
        }
        if (!stat_ok) {
            *err = saved;
            return PK_READ_ERRNO;
        }
        *err = (int)(st.st_mode & S_IFMT);
        return PK_READ_NOT_REGULAR;
    }
    PkReadStatus status =
        read_all(fd, limit, S_ISREG(st.st_mode) ? (size_t)st.st_size : 0, data, len, err);
    close(fd);
    return status;
}

PkReadStatus pk_read_stream(int fd, size_t limit, char **data, size_t *len, int *err)
{
    *data = NULL;
    *len = 0;
    return read_all(fd, limit, 0, data, len, err);
}

const char *pk_read_strerror(PkReadStatus status, int err)
{
    switch (status) {
    case PK_READ_OK: return "no error";
    case PK_READ_ERRNO: return strerror(err);
    case PK_READ_TOO_LARGE: return "file is larger than the limit";
    case PK_READ_NOT_REGULAR: break;
    }
    switch ((unsigned)err & S_IFMT) {
    case S_IFIFO: return "is a FIFO (named pipe), not a regular file";
    case S_IFSOCK: return "is a socket, not a regular file";
    case S_IFCHR: return "is a character device, not a regular file";
    case S_IFBLK: return "is a block device, not a regular file";
    default: return "is not a regular file";
    }
}

bool pk_read_file_diag(const char *path, size_t limit, const char *what, char **data, size_t *len,
                       PkDiag *diag)
{
    int err = 0;
    PkReadStatus status = pk_read_file(path, limit, data, len, &err);
    if (status == PK_READ_TOO_LARGE)
        return pk_diag_set(diag, path, 0, NULL, "%s is larger than %zu MB", what, limit >> 20);
    if (status != PK_READ_OK)
        return pk_diag_set(diag, path, 0, NULL, "could not open %s: %s", what,
                           pk_read_strerror(status, err));
    return true;
}

bool pk_read_file_or_diag(const char *path, size_t limit, char **data, size_t *len, PkDiag *diag,
                          const char *fmt, ...)
{
    int err = 0;
    PkReadStatus status = pk_read_file(path, limit, data, len, &err);
    if (status == PK_READ_OK)
        return true;
    va_list ap;
    va_start(ap, fmt);
    char *what = xvasprintf(fmt, ap);
    va_end(ap);
    pk_diag_set(diag, path, 0, NULL, "%s: %s", what, pk_read_strerror(status, err));
    free(what);
    return false;
}
