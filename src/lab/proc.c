#include "lab/proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/xalloc.h"

/* In the child: drop to the server user, wire the pipe, exec. Never returns. */
static void child_exec(char *const *argv, char *const *env, const ProcUser *user, int out_fd)
{
    /* A new process group, so that a Ctrl-C on the terminal reaches us, not the server's
     * pg_ctl: we decide when the cluster stops. */
    setpgid(0, 0);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0)
        dup2(devnull, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
    /* Nothing of ours (the pipe, libpq sockets) may live on in a server that pg_ctl starts. */
    close_range(3, ~0U, 0);
    if (user && user->switch_user) {
        if (initgroups(user->name, user->gid) != 0 || setgid(user->gid) != 0 ||
            setuid(user->uid) != 0) {
            /* the child's stderr is the captured pipe: this becomes the command's output */
            dprintf(STDERR_FILENO, "could not switch to user \"%s\": %s\n", user->name,
                    strerror(errno));
            _exit(127);
        }
    }
    signal(SIGPIPE, SIG_DFL);
    if (env)
        execve(argv[0], argv, env);
    else
        execv(argv[0], argv);
    dprintf(STDERR_FILENO, "could not execute \"%s\": %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Reads the child's output until EOF or the deadline. false on timeout. */
static bool drain_output(int fd, double deadline, StrBuf *output)
{
    char buf[4096];
    for (;;) {
        double left = deadline - pk_clock_now();
        if (left <= 0)
            return false;
        struct pollfd pfd = {fd, POLLIN, 0};
        int rc = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (rc < 0 && errno == EINTR)
            continue;
        if (rc <= 0)
            continue;
        ssize_t got = read(fd, buf, sizeof(buf));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return true;
        if (output)
            sb_putn(output, buf, (size_t)got);
    }
}

/* execv takes char *const[] (a historical signature: it writes nothing), so it gets copies of
 * the caller's strings, made before the fork because the child must not allocate. */
static char **argv_copy(const char *const *argv)
{
    size_t n = 0;
    while (argv[n])
        n++;
    char **copy = xcalloc(n + 1, sizeof(*copy));
    for (size_t idx = 0; idx < n; idx++)
        copy[idx] = xstrdup(argv[idx]);
    return copy;
}

static void argv_free(char **argv)
{
    for (size_t idx = 0; argv[idx]; idx++)
        free(argv[idx]);
    free(argv);
}

int proc_run(const char *const *argv, const ProcUser *user, double timeout_s, StrBuf *output)
{
    return proc_run_env(argv, NULL, user, timeout_s, output);
}

int proc_run_env(const char *const *argv, const char *const *env, const ProcUser *user,
                 double timeout_s, StrBuf *output)
{
    int fds[2];
    if (pipe(fds) != 0) {
        if (output)
            sb_printf(output, "could not create a pipe: %s\n", strerror(errno));
        return -1;
    }
    char **exec_argv = argv_copy(argv);
    char **exec_env = env ? argv_copy(env) : NULL;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child_exec(exec_argv, exec_env, user, fds[1]);
    }
    argv_free(exec_argv);
    if (exec_env)
        argv_free(exec_env);
    if (pid < 0) {
        if (output)
            sb_printf(output, "could not fork: %s\n", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    close(fds[1]);
    bool in_time = drain_output(fds[0], pk_clock_now() + timeout_s, output);
    close(fds[0]);
    if (!in_time) {
        kill(pid, SIGKILL);
        if (output)
            sb_printf(output, "\"%s\" did not finish within %.0f s\n", argv[0], timeout_s);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    if (!in_time || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

static bool user_from_passwd(const struct passwd *pw, ProcUser *user)
{
    user->switch_user = true;
    user->uid = pw->pw_uid;
    user->gid = pw->pw_gid;
    snprintf(user->name, sizeof(user->name), "%s", pw->pw_name);
    return true;
}

bool proc_server_user(const char *name, ProcUser *user, PkDiag *diag)
{
    memset(user, 0, sizeof(*user));
    if (geteuid() != 0)
        return true;
    struct passwd *pw = getpwnam(name);
    if (!pw) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "running as root, and there is no \"%s\" user to run the server as", name);
        return false;
    }
    return user_from_passwd(pw, user);
}

bool proc_owner_of(const char *path, ProcUser *user, PkDiag *diag)
{
    memset(user, 0, sizeof(*user));
    struct stat st;
    if (stat(path, &st) != 0) {
        pk_diag_set(diag, NULL, 0, NULL, "could not stat \"%s\": %s", path, strerror(errno));
        return false;
    }
    if (st.st_uid == geteuid())
        return true;
    if (geteuid() != 0) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "\"%s\" belongs to another user: only its owner or root can "
                    "restart the server",
                    path);
        return false;
    }
    struct passwd *pw = getpwuid(st.st_uid);
    if (!pw) {
        pk_diag_set(diag, NULL, 0, NULL, "the owner (uid %u) of \"%s\" has no account",
                    (unsigned)st.st_uid, path);
        return false;
    }
    return user_from_passwd(pw, user);
}

/* Field 22 of /proc/PID/stat (start time in clock ticks), or -1. */
long long proc_start_time(long pid)
{
    char *path = xasprintf("/proc/%ld/stat", pid);
    FILE *fp = fopen(path, "r");
    free(path);
    if (!fp)
        return -1;
    char buf[1024];
    size_t got = fread(buf, 1, sizeof(buf) - 1, fp);
    fclose(fp);
    buf[got] = '\0';
    const char *p = strrchr(buf, ')');
    long long start = -1;
    for (int field = 2; p && *p && field < 22; field++)
        p = strchr(p + 1, ' ');
    if (p && sscanf(p + 1, "%lld", &start) != 1)
        start = -1;
    return start;
}

/* Fields 14-17 of /proc/PID/stat (after the parenthesised command, which may hold spaces):
 * utime, stime, cutime, cstime; and field 4, the parent. */
static bool stat_times(long pid, long *ppid, double times[4])
{
    char path[64], line[1024];
    snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
    FILE *fp = fopen(path, "r");
    if (!fp)
        return false;
    bool ok = fgets(line, sizeof(line), fp) != NULL;
    fclose(fp);
    const char *p = ok ? strrchr(line, ')') : NULL;
    if (!p)
        return false;
    char state;
    long long skip[9];
    double t[4];
    /* ") S ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …" */
    if (sscanf(p + 1, " %c %ld %lld %lld %lld %lld %lld %lld %lld %lld %lld %lf %lf %lf %lf",
               &state, ppid, &skip[0], &skip[1], &skip[2], &skip[3], &skip[4], &skip[5], &skip[6],
               &skip[7], &skip[8], &t[0], &t[1], &t[2], &t[3]) != 15)
        return false;
    memcpy(times, t, sizeof(t));
    return true;
}

double proc_tree_cpu_s(long pid)
{
    long ppid;
    double times[4];
    if (pid <= 0 || !stat_times(pid, &ppid, times))
        return -1;
    double ticks = times[0] + times[1] + times[2] + times[3];
    DIR *dir = opendir("/proc");
    struct dirent *ent;
    while (dir && (ent = readdir(dir))) {
        char *end;
        long child = strtol(ent->d_name, &end, 10);
        double ct[4];
        long parent;
        if (*end || child <= 0 || !stat_times(child, &parent, ct) || parent != pid)
            continue;
        ticks += ct[0] + ct[1];
    }
    if (dir)
        closedir(dir);
    return ticks / (double)sysconf(_SC_CLK_TCK);
}

bool proc_machine_cpu(double *idle, double *total)
{
    FILE *fp = fopen("/proc/stat", "r");
    if (!fp)
        return false;
    double v[8] = {0};
    int got = fscanf(fp, "cpu %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4],
                     &v[5], &v[6], &v[7]);
    fclose(fp);
    if (got < 5)
        return false;
    *idle = v[3] + v[4];
    *total = 0;
    for (int idx = 0; idx < 8; idx++)
        *total += v[idx];
    return true;
}

double proc_rusage_cpu_s(int who)
{
    struct rusage ru;
    getrusage(who, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}
