/* Running the server's own programs (initdb, pg_ctl, postgres -V, the fetch script): fork and
 * exec with a time limit, optionally as another OS user, with stdout and stderr captured. */
#ifndef PK_LAB_PROC_H
#define PK_LAB_PROC_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include "common/diag.h"
#include "common/strbuf.h"

typedef struct ProcUser {
    bool switch_user; /* run as uid/gid below (we are root) */
    uid_t uid;
    gid_t gid;
    char name[LOGIN_NAME_MAX]; /* "postgres"; inline, so a ProcUser needs no freeing */
} ProcUser;

/* Runs argv[0] (a path) with argv, waiting at most timeout_s seconds (then SIGKILL). Output
 * (stdout and stderr interleaved) is appended to `output` when not NULL. Returns the exit
 * status, or -1 with a message in output when it could not run, was killed or timed out. */
int proc_run(const char *const *argv, const ProcUser *user, double timeout_s, StrBuf *output);
/* proc_run with the child's whole environment given ("NAME=value", NULL-terminated; NULL:
 * ours): how a connection's password reaches a child without its command line. */
int proc_run_env(const char *const *argv, const char *const *env, const ProcUser *user,
                 double timeout_s, StrBuf *output);

/* Fills `user` for the unprivileged account to run servers as when we are root; when we are
 * not root, switch_user is false. false with *diag when root and the account is missing. */
bool proc_server_user(const char *name, ProcUser *user, PkDiag *diag);
/* The owner of `path`, to run pg_ctl as against an existing data directory. */
bool proc_owner_of(const char *path, ProcUser *user, PkDiag *diag);

/* The start time of process `pid` (field 22 of /proc/PID/stat, clock ticks since boot), or -1
 * when there is no such process: with the pid it names one process, even after pid reuse. */
long long proc_start_time(long pid);

/* CPU seconds of process `pid` and its children: its own utime + stime, its reaped children's
 * (cutime + cstime: a server's finished backends) and those of its live children. < 0 when
 * there is no such process. For a postmaster: the cluster's CPU. */
double proc_tree_cpu_s(long pid);

/* User + system CPU seconds of getrusage(who): RUSAGE_SELF (an in-process workload's
 * clients) or RUSAGE_CHILDREN (a reaped pgbench). */
double proc_rusage_cpu_s(int who);

/* The machine's CPU time so far (/proc/stat, clock ticks): idle (idle + iowait) and total. */
bool proc_machine_cpu(double *idle, double *total);

#endif
