/* pairtime: wall time of whole processes, start-up included, for the benchmarks. Runs each of
 * the given commands once per round, in turn (so load from other processes falls on all of
 * them alike), ROUNDS rounds, and prints one line per round with each run's nanoseconds, tab
 * separated, in the order given. Each run is fork + exec + wait in this one process, output to
 * /dev/null, timed with CLOCK_MONOTONIC around it; a run that fails is an error.
 *   pairtime ROUNDS CMD ARGS... [--- CMD ARGS...]...
 * Built by the bench scripts (tests/bench/lint.sh), not part of pgknob. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CMDS 16

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One run of argv: its wall time in ns, or -1 when it could not run or did not exit 0..1 (lint
 * exits 1 for findings at --fail-on's level; that is a normal run here). */
static long long run_once(char **argv, int devnull)
{
    long long start = now_ns();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(devnull, STDOUT_FILENO);
        dup2(devnull, STDERR_FILENO);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    long long took = now_ns() - start;
    if (!WIFEXITED(status) || WEXITSTATUS(status) > 1)
        return -1;
    return took;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: pairtime ROUNDS CMD ARGS... [--- CMD ARGS...]...\n");
        return 2;
    }
    long rounds = strtol(argv[1], NULL, 10);
    char **cmds[MAX_CMDS];
    int n_cmds = 0;
    cmds[n_cmds++] = &argv[2];
    for (int idx = 2; idx < argc; idx++)
        if (!strcmp(argv[idx], "---")) {
            argv[idx] = NULL;
            if (n_cmds == MAX_CMDS || idx + 1 >= argc) {
                fprintf(stderr, "pairtime: at most %d commands, none empty\n", MAX_CMDS);
                return 2;
            }
            cmds[n_cmds++] = &argv[idx + 1];
        }
    int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (rounds < 1 || devnull < 0) {
        fprintf(stderr, "pairtime: bad ROUNDS or no /dev/null\n");
        return 2;
    }
    for (long round = 0; round < rounds; round++) {
        for (int cmd = 0; cmd < n_cmds; cmd++) {
            long long took = run_once(cmds[cmd], devnull);
            if (took < 0) {
                fprintf(stderr, "pairtime: %s failed\n", cmds[cmd][0]);
                return 1;
            }
            printf("%s%lld", cmd ? "\t" : "", took);
        }
        printf("\n");
    }
    return 0;
}
