#include "lab/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xalloc.h"
#include "lab/claim.h"

bool target_connect(LabTarget *target, PkDiag *diag)
{
    dbctl_close(target->ctl);
    target->ctl = dbctl_connect(target->conninfo, diag);
    if (!target->ctl)
        return false;
    target->version_num = dbctl_server_version(target->ctl);
    free(target->version);
    target->version = dbctl_value(target->ctl, "SHOW server_version", diag);
    if (!target->version)
        return false;
    target->version[strcspn(target->version, " ")] = '\0';
    return !target->hold_lock || lab_lock_retake(target->ctl, diag);
}

bool target_ensure_connected(LabTarget *target, PkDiag *diag)
{
    if (dbctl_alive(target->ctl))
        return true;
    return target_connect(target, diag);
}

bool target_restart(LabTarget *target, PkDiag *diag)
{
    dbctl_close(target->ctl);
    target->ctl = NULL;
    bool ok;
    PkDiag err = PK_DIAG_INIT;
    if (target->kind == TARGET_THROWAWAY) {
        ok = cluster_restart(target->cluster, &err);
    } else if (!target->bindir || !target->datadir) {
        ok = pk_diag_set(&err, NULL, 0,
                         "Give the server's binaries with --pg-bin on the server's host, or "
                         "leave out settings that need a restart.",
                         "the server must be restarted, and pgknob cannot restart it");
    } else {
        ok = pg_ctl_restart(target->bindir, target->datadir, &err);
    }
    if (ok)
        target->restarts++;
    /* Even a failed restart may have left a server running: try to reconnect either way. */
    PkDiag conn_err = PK_DIAG_INIT;
    bool connected = target_connect(target, &conn_err);
    if (ok && !connected)
        pk_diag_move(&err, &conn_err);
    pk_diag_free(&conn_err);
    ok = ok && connected;
    lab_diag_pass(diag, &err);
    return ok;
}

void target_close(LabTarget *target)
{
    dbctl_close(target->ctl);
    target->ctl = NULL;
    free(target->conninfo);
    free(target->bindir);
    free(target->datadir);
    free(target->version);
    target->conninfo = target->bindir = target->datadir = target->version = NULL;
}
