#include "common/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/xalloc.h"

PkReadStatus pk_read_file(const char *path, size_t limit, char **data, size_t *len, int *err)
{
    *data = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *err = errno;
        return PK_READ_ERRNO;
    }
    StrBuf sb = STRBUF_INIT;
    char chunk[65536];
    PkReadStatus status = PK_READ_OK;
    for (;;) {
        ssize_t got = read(fd, chunk, sizeof(chunk));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            if (got < 0) {
                *err = errno;
                status = PK_READ_ERRNO;
            }
            break;
        }
        sb_putn(&sb, chunk, (size_t)got);
        if (sb.len > limit) {
            status = PK_READ_TOO_LARGE;
            break;
        }
    }
    close(fd);
    if (status != PK_READ_OK) {
        sb_free(&sb);
        return status;
    }
    *len = sb.len;
    *data = sb.data ? sb.data : xstrdup("");
    return PK_READ_OK;
}
