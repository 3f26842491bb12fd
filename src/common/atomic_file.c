#include "common/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "common/readfile.h"
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

#define JOURNAL_NAME ".pgknob-write.journal"
#define JOURNAL_HEAD "pgknob write journal\n"
#define JOURNAL_COMMIT "commit"
#define STAGE_SUFFIX ".pgknob-tmp"
#define POSIX_ACL "system.posix_acl_access"

typedef enum TargetKind { TARGET_NEW, TARGET_REGULAR, TARGET_THROUGH } TargetKind;

typedef struct Target {
    TargetKind kind;
    char *path; /* resolved through symlinks for a regular file; as given otherwise */
    struct stat st;
    int fd; /* TARGET_THROUGH: the open device or FIFO */
} Target;

static char *dir_of(const char *path)
{
    char *copy = xstrdup(path);
    char *dir = xstrdup(dirname(copy));
    free(copy);
    return dir;
}

static bool write_fail(PkDiag *diag, const char *path, const char *why)
{
    return pk_diag_set(diag, NULL, 0, NULL, "could not write \"%s\": %s", path, why);
}

/* A FIFO opened without O_NONBLOCK waits for a reader forever; with it, no reader is ENXIO. */
static bool open_through(const char *path, Target *t, PkDiag *diag)
{
    int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (S_ISFIFO(t->st.st_mode) ? O_NONBLOCK : 0);
    t->fd = open(path, flags);
    if (t->fd < 0 && errno == ENXIO && S_ISFIFO(t->st.st_mode))
        return write_fail(diag, path, "it is a FIFO with no reader (refusing to wait for one)");
    if (t->fd < 0)
        return write_fail(diag, path, strerror(errno));
    if (S_ISFIFO(t->st.st_mode))
        (void)fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) & ~O_NONBLOCK);
    t->kind = TARGET_THROUGH;
    return true;
}

static bool target_resolve(const char *path, Target *t, PkDiag *diag)
{
    struct stat link;
    t->fd = -1;
    if (strchr(path, '\n'))
        return write_fail(diag, path, "a file name with a newline cannot be journaled");
    if (stat(path, &t->st) != 0) {
        if (errno == ENOENT && lstat(path, &link) == 0)
            return write_fail(diag, path, "a symbolic link to a file that does not exist");
        if (errno != ENOENT)
            return write_fail(diag, path, strerror(errno));
        t->kind = TARGET_NEW;
        t->path = xstrdup(path);
        return true;
    }
    if (S_ISCHR(t->st.st_mode) || S_ISFIFO(t->st.st_mode))
        return open_through(path, t, diag);
    if (!S_ISREG(t->st.st_mode))
        return write_fail(diag, path,
                          S_ISDIR(t->st.st_mode)   ? "it is a directory"
                          : S_ISBLK(t->st.st_mode) ? "it is a block device (refusing to write it)"
                                                   : "it is a socket");
    t->path = realpath(path, NULL);
    if (!t->path)
        return write_fail(diag, path, strerror(errno));
    t->kind = TARGET_REGULAR;
    return true;
}

/* The replaced file's owner, group, mode and access ACL on the staged one, so that a server
 * reading its configuration as postgres still can after a root run. */
static bool keep_attributes(const Target *t, int fd, PkDiag *diag)
{
    if (t->kind == TARGET_NEW)
        return fchmod(fd, 0644) == 0 || write_fail(diag, t->path, strerror(errno));
    if ((t->st.st_uid != geteuid() || t->st.st_gid != getegid()) &&
        fchown(fd, t->st.st_uid, t->st.st_gid) != 0)
        return pk_diag_set(diag, NULL, 0, "Run as the file's owner or as root.",
                           "could not write \"%s\": could not keep its owner %u:%u: %s", t->path,
                           (unsigned)t->st.st_uid, (unsigned)t->st.st_gid, strerror(errno));
    if (fchmod(fd, t->st.st_mode & 07777) != 0)
        return write_fail(diag, t->path, strerror(errno));
    char acl[4096];
    ssize_t len = getxattr(t->path, POSIX_ACL, acl, sizeof(acl));
    if (len < 0)
        return errno == ENODATA || errno == ENOTSUP || write_fail(diag, t->path, strerror(errno));
    return fsetxattr(fd, POSIX_ACL, acl, (size_t)len, 0) == 0 ||
           pk_diag_set(diag, NULL, 0, NULL, "could not write \"%s\": could not keep its ACL: %s",
                       t->path, strerror(errno));
}

static bool stage(const Target *t, const PkWriteItem *item, PkDiag *diag)
{
    char *tmp = xasprintf("%s" STAGE_SUFFIX, t->path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool ok = fd >= 0 && write_all(fd, item->data, item->len);
    if (!ok)
        write_fail(diag, fd >= 0 ? t->path : tmp, strerror(errno));
    ok = ok && keep_attributes(t, fd, diag);
    if (ok && fsync(fd) != 0)
        ok = write_fail(diag, t->path, strerror(errno));
    if (fd >= 0 && close(fd) != 0 && ok)
        ok = write_fail(diag, t->path, strerror(errno));
    free(tmp);
    return ok;
}

static bool write_through(const Target *t, const PkWriteItem *item, PkDiag *diag)
{
    bool ok = write_all(t->fd, item->data, item->len);
    int saved = errno;
    /* a terminal, /dev/null or a pipe has nothing to sync: EINVAL is no failure */
    if (ok && fsync(t->fd) != 0 && errno != EINVAL && errno != EROFS) {
        ok = false;
        saved = errno;
    }
    if (close(t->fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    return ok || write_fail(diag, item->path, strerror(saved));
}

static char *journal_path(const char *dir)
{
    return xasprintf("%s/" JOURNAL_NAME, dir);
}

static const char *first_target(const Target *targets, size_t n)
{
    for (size_t idx = 0; idx < n; idx++)
        if (targets[idx].kind != TARGET_THROUGH)
            return targets[idx].path;
    return "";
}

/* The journal names every file to stage before any is: a kill at any point leaves nothing
 * that the journal does not list. */
static bool journal_begin(const char *jpath, const Target *targets, size_t n, PkDiag *diag)
{
    int fd = open(jpath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno == EEXIST)
        return pk_diag_set(diag, NULL, 0, "Wait for it to finish, then run again.",
                           "could not write: another pgknob is writing (journal \"%s\")", jpath);
    if (fd < 0) /* a missing directory: the file's own error */
        return write_fail(diag, errno == ENOENT ? first_target(targets, n) : jpath,
                          strerror(errno));
    bool ok = write_all(fd, JOURNAL_HEAD, strlen(JOURNAL_HEAD));
    for (size_t idx = 0; ok && idx < n; idx++)
        if (targets[idx].kind != TARGET_THROUGH)
            ok = write_all(fd, targets[idx].path, strlen(targets[idx].path)) &&
                 write_all(fd, "\n", 1);
    ok = ok && fsync(fd) == 0;
    int saved = errno;
    close(fd);
    ok = ok && pk_fsync_dir_of(jpath);
    if (!ok) {
        unlink(jpath);
        return write_fail(diag, jpath, strerror(saved));
    }
    return true;
}

static bool journal_commit(const char *jpath, PkDiag *diag)
{
    int fd = open(jpath, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    bool ok =
        fd >= 0 && write_all(fd, JOURNAL_COMMIT "\n", strlen(JOURNAL_COMMIT) + 1) && fsync(fd) == 0;
    int saved = errno;
    if (fd >= 0)
        close(fd);
    return ok || write_fail(diag, jpath, strerror(saved));
}

/* Rolls forward (rename each staged file that is left) or back (remove them); idempotent, so a
 * kill during it is finished by the next run. */
static bool journal_finish(const char *jpath, char **dests, size_t n, bool forward, PkDiag *diag)
{
    for (size_t idx = 0; idx < n; idx++) {
        char *tmp = xasprintf("%s" STAGE_SUFFIX, dests[idx]);
        int rc = forward ? rename(tmp, dests[idx]) : unlink(tmp);
        int saved = errno;
        free(tmp);
        if (rc != 0 && saved != ENOENT)
            return write_fail(diag, dests[idx], strerror(saved));
        if (forward && !pk_fsync_dir_of(dests[idx]))
            return write_fail(diag, dests[idx], strerror(errno));
    }
    if (!forward && n && !pk_fsync_dir_of(dests[0]))
        return write_fail(diag, dests[0], strerror(errno));
    if (unlink(jpath) != 0 || !pk_fsync_dir_of(jpath))
        return write_fail(diag, jpath, strerror(errno));
    return true;
}

static char **journal_lines(char *text, size_t *n, bool *committed)
{
    char **lines = NULL;
    *n = 0;
    *committed = false;
    char *line = text + strlen(JOURNAL_HEAD);
    for (char *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
        *nl = '\0';
        if (!strcmp(line, JOURNAL_COMMIT)) {
            *committed = true;
            break;
        }
        lines = xrealloc(lines, (*n + 1) * sizeof(*lines));
        lines[(*n)++] = line;
    }
    return lines;
}

int pk_write_recover(const char *dir, bool *completed, PkDiag *diag)
{
    char *jpath = journal_path(dir);
    struct stat st;
    int result = 0;
    char *text = NULL;
    size_t len = 0;
    int err = 0;
    *completed = false;
    if (lstat(jpath, &st) != 0) {
        result = errno == ENOENT ? 0 : (write_fail(diag, jpath, strerror(errno)), -1);
    } else if (!S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
        pk_diag_set(diag, NULL, 0, "Remove it if no pgknob is running.",
                    "\"%s\" is not a journal this user wrote", jpath);
        result = -1;
    } else if (pk_read_file(jpath, (size_t)1 << 20, &text, &len, &err) != PK_READ_OK ||
               strlen(text) != len || strncmp(text, JOURNAL_HEAD, strlen(JOURNAL_HEAD))) {
        /* killed while its first line was written: it lists nothing yet */
        result = unlink(jpath) == 0 ? 0 : (write_fail(diag, jpath, strerror(errno)), -1);
    } else {
        size_t n;
        char **dests = journal_lines(text, &n, completed);
        result = journal_finish(jpath, dests, n, *completed, diag) ? (int)n : -1;
        free(dests);
    }
    free(text);
    free(jpath);
    return result;
}

static bool write_staged(Target *targets, const PkWriteItem *items, size_t n, const char *dir,
                         PkDiag *diag)
{
    bool completed;
    if (pk_write_recover(dir, &completed, diag) < 0)
        return false;
    char *jpath = journal_path(dir);
    char **dests = xcalloc(n, sizeof(*dests));
    size_t n_dests = 0;
    for (size_t idx = 0; idx < n; idx++)
        if (targets[idx].kind != TARGET_THROUGH)
            dests[n_dests++] = targets[idx].path;
    bool ok = journal_begin(jpath, targets, n, diag);
    bool began = ok;
    for (size_t idx = 0; ok && idx < n; idx++)
        if (targets[idx].kind != TARGET_THROUGH)
            ok = stage(&targets[idx], &items[idx], diag);
    ok = ok && journal_commit(jpath, diag);
    if (began)
        ok = journal_finish(jpath, dests, n_dests, ok, ok ? diag : NULL) && ok;
    free(dests);
    free(jpath);
    return ok;
}

bool pk_write_files(const PkWriteItem *items, size_t n_items, const char *journal_dir, PkDiag *diag)
{
    Target *targets = xcalloc(n_items ? n_items : 1, sizeof(*targets));
    bool ok = true;
    size_t n_resolved = 0;
    const char *first_regular = NULL;
    for (; ok && n_resolved < n_items; n_resolved++) {
        ok = target_resolve(items[n_resolved].path, &targets[n_resolved], diag);
        if (ok && !first_regular && targets[n_resolved].kind != TARGET_THROUGH)
            first_regular = targets[n_resolved].path;
    }
    /* devices and FIFOs first: a refusal there leaves every regular file untouched */
    for (size_t idx = 0; ok && idx < n_items; idx++)
        if (targets[idx].kind == TARGET_THROUGH) {
            ok = write_through(&targets[idx], &items[idx], diag);
            targets[idx].fd = -1;
        }
    if (ok && first_regular) {
        char *dir = journal_dir ? xstrdup(journal_dir) : dir_of(first_regular);
        ok = write_staged(targets, items, n_items, dir, diag);
        free(dir);
    }
    for (size_t idx = 0; idx < n_resolved; idx++) {
        if (targets[idx].fd >= 0)
            close(targets[idx].fd);
        free(targets[idx].path);
    }
    free(targets);
    return ok;
}

/* A path that may not exist yet, resolved as far as it exists: its directory's real path and
 * its own name. */
static char *resolve_loose(const char *path)
{
    char *real = realpath(path, NULL);
    if (real)
        return real;
    char *copy = xstrdup(path), *dir_copy = xstrdup(path);
    char *dir_real = realpath(dirname(dir_copy), NULL);
    char *out = dir_real ? xasprintf("%s/%s", dir_real, basename(copy)) : xstrdup(path);
    free(dir_real);
    free(dir_copy);
    free(copy);
    return out;
}

const char *pk_output_is_read(const char *output, const char *const *reads, size_t n_reads)
{
    struct stat out, st;
    bool exists = stat(output, &out) == 0;
    char *out_path = resolve_loose(output);
    const char *found = NULL;
    for (size_t idx = 0; !found && idx < n_reads; idx++) {
        if (!reads[idx])
            continue;
        if (exists && stat(reads[idx], &st) == 0) {
            if (st.st_dev == out.st_dev && st.st_ino == out.st_ino)
                found = reads[idx];
            continue;
        }
        char *read_path = resolve_loose(reads[idx]);
        if (!strcmp(read_path, out_path))
            found = reads[idx];
        free(read_path);
    }
    free(out_path);
    return found;
}
