#include "lab/target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xalloc.h"
#include "db/ctl.h"

bool target_connect(LabTarget *target, char **errmsg)
{
    if (target->conn)
        PQfinish(target->conn);
    target->conn = dbctl_connect(target->conninfo, errmsg);
    if (!target->conn)
        return false;
    target->version_num = PQserverVersion(target->conn);
    free(target->version);
    target->version = dbctl_value(target->conn, "SHOW server_version", errmsg);
    if (!target->version)
        return false;
    target->version[strcspn(target->version, " ")] = '\0';
    return true;
}

bool target_ensure_connected(LabTarget *target, char **errmsg)
{
    if (target->conn && PQstatus(target->conn) == CONNECTION_OK) {
        char *ignored = NULL;
        bool alive = dbctl_exec(target->conn, "SELECT 1", &ignored);
        free(ignored);
        if (alive)
            return true;
    }
    return target_connect(target, errmsg);
}

bool target_restart(LabTarget *target, char **errmsg)
{
    if (target->conn) {
        PQfinish(target->conn);
        target->conn = NULL;
    }
    bool ok;
    if (target->kind == TARGET_THROWAWAY) {
        ok = cluster_restart(target->cluster, errmsg);
    } else if (!target->bindir || !target->datadir) {
        *errmsg = xstrdup("the server must be restarted, and pgknob cannot restart it\n"
                          "hint: Give the server's binaries with --pg-bin on the server's host, "
                          "or leave out settings that need a restart.");
        ok = false;
    } else {
        ok = pg_ctl_restart(target->bindir, target->datadir, errmsg);
    }
    if (ok)
        target->restarts++;
    /* Even a failed restart may have left a server running: try to reconnect either way. */
    char *conn_err = NULL;
    bool connected = target_connect(target, &conn_err);
    if (ok && !connected) {
        *errmsg = conn_err;
        return false;
    }
    free(conn_err);
    return ok;
}

void target_close(LabTarget *target)
{
    if (target->conn)
        PQfinish(target->conn);
    target->conn = NULL;
    free(target->conninfo);
    free(target->bindir);
    free(target->datadir);
    free(target->version);
    target->conninfo = target->bindir = target->datadir = target->version = NULL;
}
