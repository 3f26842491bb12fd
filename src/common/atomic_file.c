#include "common/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/xalloc.h"

bool pk_fsync_dir_of(const char *path)
{
    char *copy = xstrdup(path);
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(copy);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    close(fd);
    return ok;
}

static bool write_all(int fd, const char *data, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t wrote = write(fd, data + done, len - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            return false;
        done += (size_t)wrote;
    }
    return true;
}

bool pk_write_atomic(const char *path, const void *data, size_t len, mode_t mode, uid_t owner_uid,
                     gid_t owner_gid, PkDiag *diag)
{
    char *tmp = xasprintf("%s.pgknob-tmp.XXXXXX", path);
    int fd = mkostemp(tmp, O_CLOEXEC);
    bool ok = fd >= 0 && write_all(fd, data, len) && fsync(fd) == 0 && fchmod(fd, mode) == 0;
    if (ok && owner_uid != (uid_t)-1)
        ok = fchown(fd, owner_uid, owner_gid) == 0;
    int saved = errno;
    if (fd >= 0 && close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        saved = errno;
    }
    if (ok && !pk_fsync_dir_of(path)) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        pk_diag_set(diag, NULL, 0, NULL, "could not write \"%s\": %s", path, strerror(saved));
        if (fd >= 0)
            unlink(tmp);
    }
    free(tmp);
    return ok;
}
