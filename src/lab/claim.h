/* One lab at a time on a server, whatever the state directory: the run's claim on it.
 *
 * Two parts, because neither is enough alone:
 * - an advisory lock (LAB_LOCK_KEY) that the control session holds for the whole run. Taking
 *   it is atomic, but it lives in one database and ends with the session: a restart of the
 *   server, or a pgknob killed by SIGKILL, drops it while the lab's settings are still there.
 * - a marker: the custom parameter pgknob.lab, set with ALTER SYSTEM in postgresql.auto.conf,
 *   naming the run (pid, host, state directory, command, when). It is cluster-wide, survives
 *   the session, a kill and a restart, and is read by any run through pg_file_settings (or,
 *   without that right, current_setting after a reload). The restore removes it with no step
 *   of its own: the journal holds postgresql.auto.conf from before the marker, and the restore
 *   puts exactly that back. A placeholder parameter is in neither SHOW ALL nor pg_settings.
 * A run takes the lock, then refuses when a marker is there, then writes its journal, then its
 * marker. */
#ifndef PK_LAB_CLAIM_H
#define PK_LAB_CLAIM_H

#include <stdbool.h>

#include "common/arena.h"
#include "common/diag.h"
#include "db/ctl.h"

/* pg_try_advisory_lock(8099560576908422241): the bytes "pgknobla", in the database the
 * control session connects to. */
#define LAB_LOCK_KEY "8099560576908422241"
#define LAB_MARKER_NAME "pgknob.lab"

/* Everything a marker points to lives in its arena: free it with arena_free(marker.arena). */
typedef struct LabMarker {
    Arena *arena;
    char *value; /* as on the server; NULL when there is no marker */
    long pid;
    long long pid_start;
    char *host, *state_dir, *created, *command;
} LabMarker;

/* Tries the lock once: *got says whether this session holds it now. false on a server error. */
bool lab_lock_try(DbCtl *ctl, bool *got, PkDiag *diag);
/* Takes the lock again after a reconnect (a restart ends the session that held it), waiting up
 * to 10 s for a run that is only looking at the marker to let go. */
bool lab_lock_retake(DbCtl *ctl, PkDiag *diag);

/* The marker value for a run (a JSON object). Caller frees. */
char *lab_marker_make(long pid, long long pid_start, const char *state_dir, const char *created,
                      const char *command);
/* A marker from its value (a copy of it in out->value); one that does not parse (set by hand,
 * or by a later pgknob) is still a marker, only its owner is unknown (out->host NULL). */
void lab_marker_parse(const char *value, LabMarker *out);
/* The server's marker; out->value NULL when there is none. */
bool lab_marker_read(DbCtl *ctl, LabMarker *out, PkDiag *diag);
/* ALTER SYSTEM SET pgknob.lab (value) or RESET (NULL), then a reload. */
bool lab_marker_write(DbCtl *ctl, const char *value, PkDiag *diag);
/* The run that set the marker is alive on this host. */
bool lab_marker_owner_alive(const LabMarker *marker);
/* "`pgknob lab run 01-more` (pid 123 on host h, since T; state directory D)". Caller frees. */
char *lab_marker_describe(const LabMarker *marker);

/* The refusal of a run (or a restore) on a server claimed by another: running now (the lock is
 * held elsewhere, or the marker's pgknob is alive here), or left by a lab that did not finish,
 * with what to do. `marker` may have no value (only the lock is held). */
void lab_claim_refusal(const LabMarker *marker, bool lock_held, int port,
                       const char *data_directory, PkDiag *diag);

/* This machine's host name, as the marker names it. Caller frees. */
char *lab_host_name(void);

#endif
