#include "common/child_run.h"

#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"

static void child(const char *exe, const char *const *argv, const char *dir, int out_fd, int err_fd)
{
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        _exit(127);
    if (dir && chdir(dir) != 0)
        _exit(127);
    /* the child is pgknob itself: exec's argv is not const in POSIX, but it is not written */
    execv(exe, (char *const *)(uintptr_t)argv);
    _exit(127);
}

/* Reads what is ready on fd into sb; false at end of file. */
static bool drain(int fd, StrBuf *sb, size_t *total)
{
    char chunk[65536];
    ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    if (n <= 0)
        return false;
    sb_putn(sb, chunk, (size_t)n);
    *total += (size_t)n;
    return true;
}

bool child_run(const char *exe, const char *const *argv, const char *dir, size_t out_limit,
               double timeout_s, ChildRun *run)
{
    memset(run, 0, sizeof(*run));
    run->exit_code = -1;
    if (!exe) { /* no program to run (the fuzz target): the call fails as a start would */
        sb_put(&run->err, "cannot start pgknob: no program");
        return false;
    }
    int out_pipe[2], err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0)
        goto fail;
    if (pipe2(err_pipe, O_CLOEXEC) != 0) {
        close(out_pipe[0]);
        close(out_pipe[1]);
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(out_pipe[0]);
        close(out_pipe[1]);
        close(err_pipe[0]);
        close(err_pipe[1]);
        goto fail;
    }
    if (pid == 0)
        child(exe, argv, dir, out_pipe[1], err_pipe[1]);
    close(out_pipe[1]);
    close(err_pipe[1]);
    struct pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    size_t total = 0;
    double deadline = pk_clock_now() + timeout_s;
    int open_fds = 2;
    while (open_fds > 0) {
        double left = deadline - pk_clock_now();
        if (left <= 0) {
            run->timed_out = true;
            break;
        }
        if (total > out_limit) {
            run->too_long = true;
            break;
        }
        int ready = poll(fds, 2, (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        for (int idx = 0; ready > 0 && idx < 2; idx++) {
            if (fds[idx].fd < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (!drain(fds[idx].fd, idx == 0 ? &run->out : &run->err, &total)) {
                close(fds[idx].fd);
                fds[idx].fd = -1;
                open_fds--;
            }
        }
    }
    if (open_fds > 0)
        kill(pid, SIGKILL);
    for (int idx = 0; idx < 2; idx++)
        if (fds[idx].fd >= 0)
            close(fds[idx].fd);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!run->timed_out && !run->too_long && WIFEXITED(status))
        run->exit_code = WEXITSTATUS(status);
    return true;
fail:
    sb_printf(&run->err, "cannot start pgknob: %s", strerror(errno));
    return false;
}

void child_run_clear(ChildRun *run)
{
    sb_free(&run->out);
    sb_free(&run->err);
}
