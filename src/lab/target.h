/* The server a lab runs against: a throwaway cluster we created, or an existing server given
 * with --dsn (only with --allow-existing-server). Owns the control session and knows how to
 * restart the server when a postmaster-context parameter changes. */
#ifndef PK_LAB_TARGET_H
#define PK_LAB_TARGET_H

#include <stdbool.h>

#include "common/diag.h"
#include "db/ctl.h"
#include "lab/cluster.h"
#include "lab/events.h"

typedef enum LabTargetKind {
    TARGET_THROWAWAY,
    TARGET_EXISTING,
} LabTargetKind;

typedef struct LabTarget {
    LabTargetKind kind;
    char *conninfo;          /* for the workload and the statistics */
    Cluster *cluster;        /* TARGET_THROWAWAY (borrowed) */
    char *bindir;            /* TARGET_EXISTING: pg_ctl to restart with; NULL = cannot restart */
    char *datadir;           /* TARGET_EXISTING: SHOW data_directory */
    DbCtl *ctl;              /* the control session (db/ctl.h: ALTER SYSTEM, statistics) */
    int version_num;         /* 180004 */
    char *version;           /* "18.4" */
    int restarts;            /* how many times we restarted it */
    const LabEvents *events; /* where notes and warnings go (borrowed; may be NULL) */
    const char *state_dir;   /* where its journal goes (borrowed) */
    bool hold_lock;          /* the control session holds the lab lock (lab/claim.h): taken
                              * again on every reconnect */
} LabTarget;

/* Connects the control session and reads the version (and takes the lab lock again when
 * hold_lock). The session never holds a transaction open (ALTER SYSTEM cannot run in one). */
bool target_connect(LabTarget *target, PkDiag *diag);
/* Restarts the server (throwaway: pg_ctl restart of our cluster; existing: pg_ctl restart of
 * its data directory as its owner) and reconnects. */
bool target_restart(LabTarget *target, PkDiag *diag);
/* True when the control session is usable, reconnecting once if it was lost. */
bool target_ensure_connected(LabTarget *target, PkDiag *diag);
void target_close(LabTarget *target);

#endif
