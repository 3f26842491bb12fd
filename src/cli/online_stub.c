/* The offline binary's stand-ins for the commands that talk to a server (audit, tpcc, lab).
 * They execute pgknob-online, the same program linked with libpq, so that lint, fix, settings
 * and rules never pay for loading libpq and the dozen libraries behind it (Kerberos, LDAP,
 * TLS): that loading was a third of a lint run's instructions. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/commands.h"
#include "common/datadir.h"
#include "common/diag.h"
#include "common/xalloc.h"

bool cli_offline_build(void)
{
    return true;
}

#ifndef PK_LIBEXECDIR
#define PK_LIBEXECDIR "/usr/local/libexec/pgknob"
#endif

/* EXEDIR/NAME-online (a checkout's bin/, or any copy made of both), then an installed tree's
 * EXEDIR/../libexec/pgknob/pgknob-online, then the LIBEXECDIR it was built for. */
static char *online_path(void)
{
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (len <= 0)
        return NULL;
    exe[len] = '\0';
    char *dir = pk_exe_dir();
    if (!dir)
        return NULL;
    const char *base = strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe;
    char *beside = xasprintf("%s/%s-online", dir, base);
    char *installed = xasprintf("%s/../libexec/pgknob/pgknob-online", dir);
    free(dir);
    char *built = xstrdup(PK_LIBEXECDIR "/pgknob-online");
    char *candidates[] = {beside, installed, built};
    char *found = NULL;
    for (size_t idx = 0; idx < sizeof(candidates) / sizeof(candidates[0]); idx++) {
        if (!found && access(candidates[idx], X_OK) == 0)
            found = candidates[idx];
        else
            free(candidates[idx]);
    }
    return found;
}

int cli_exec_online(int argc, char **argv)
{
    char *path = online_path();
    if (!path) {
        cli_error("Install the whole tree (make install, or the Debian package): "
                  "pgknob-online goes to PREFIX/libexec/pgknob/.",
                  "this command needs pgknob-online, which is not installed beside this binary");
        return PK_EXIT_USAGE;
    }
    char **args = xcalloc((size_t)argc + 2, sizeof(char *));
    args[0] = path;
    memcpy(args + 1, argv, (size_t)argc * sizeof(char *));
    fflush(stdout);
    execv(path, args);
    int err = errno;
    cli_error(NULL, "cannot run %s: %s", path, strerror(err));
    free(args);
    free(path);
    return PK_EXIT_USAGE;
}

int cmd_audit(int argc, char **argv)
{
    return cli_exec_online(argc, argv);
}

int cmd_live(int argc, char **argv)
{
    return cli_exec_online(argc, argv);
}

int cmd_tpcc(int argc, char **argv)
{
    return cli_exec_online(argc, argv);
}

int cmd_lab(int argc, char **argv)
{
    return cli_exec_online(argc, argv);
}

/* Their option tables live in pgknob-online; `help --man` asks it (main.c). */
size_t cmd_audit_specs(const CliSpec **specs)
{
    *specs = NULL;
    return 0;
}

size_t cmd_live_specs(const CliSpec **specs)
{
    *specs = NULL;
    return 0;
}

size_t cmd_tpcc_specs(const CliSpec **specs)
{
    *specs = NULL;
    return 0;
}

size_t cmd_lab_specs(const CliSpec **specs)
{
    *specs = NULL;
    return 0;
}
