/* Applying a lab's settings to a server and always putting the original ones back.
 *
 * guard_begin records the server's pg_settings (value and source), its identity and its
 * postgresql.auto.conf (the exact bytes, and the entries) before anything changes, and on an
 * existing server writes them to the lab journal (lab/journal.h) first: nothing is changed
 * until the journal is on disk. guard_apply writes the wanted settings with ALTER SYSTEM
 * (resetting the ones an earlier stage touched that this one does not want; list parameters
 * element by element), reloads, and restarts when the server says a parameter is pending a
 * restart (postmaster context). guard_restore puts postgresql.auto.conf back (lab_restore_server),
 * and removes the journal only once that is verified.
 *
 * Signals: the runner catches SIGINT/SIGTERM with common/signals.h (the handler only sets
 * pk_stop_signal); it checks the flag, stops the workload through it, and restores. */
#ifndef PK_LAB_GUARD_H
#define PK_LAB_GUARD_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "lab/fragment.h"
#include "lab/journal.h"
#include "lab/target.h"

typedef struct GucRow {
    char *name;
    char *setting;
    char *context;
    char *source;
    bool pending; /* pending_restart */
} GucRow;

/* Its rows live in its arena: free it with arena_free(table.arena). */
typedef struct GucTable {
    Arena *arena;
    GucRow *rows; /* sorted by name */
    size_t n;
} GucTable;

typedef struct SettingsGuard {
    GucTable original;       /* pg_settings before the first change */
    LabSettings auto_before; /* postgresql.auto.conf before (name → value) */
    char **touched;          /* every parameter we ALTER SYSTEM'd, in order */
    size_t n_touched;
    bool active;        /* begun and not yet restored */
    LabJournal journal; /* what the restore needs; on disk (journal.path) for existing servers */
} SettingsGuard;

/* What guard_apply did, for the report. */
typedef struct ApplyInfo {
    bool restarted;
    char *restart_params; /* "shared_buffers, wal_level" or NULL; the caller frees it */
} ApplyInfo;

/* Records the originals; for an existing server, refuses when a journal of it exists already,
 * when another run has claimed it (lab/claim.h) or when the role lacks a right the lab needs
 * (ALTER SYSTEM of every planned parameter, pg_reload_conf, a restart when one is planned),
 * then writes a new journal and claims the server (`planned`: the parameters the lab may touch;
 * `command`: for the journal). Nothing is written before those checks pass. */
bool guard_begin(SettingsGuard *guard, LabTarget *target, const char *const *planned,
                 size_t n_planned, const char *command, PkDiag *diag);
/* The effective settings of a stage: everything in `want` set, everything touched before and
 * not in `want` back to its original. */
bool guard_apply(SettingsGuard *guard, LabTarget *target, const LabSettings *want, ApplyInfo *info,
                 PkDiag *diag);
/* Puts everything back and verifies. On a mismatch returns false with the differences listed
 * in *diag. Always leaves guard->active false when it succeeded. */
bool guard_restore(SettingsGuard *guard, LabTarget *target, PkDiag *diag);

/* The identity of the connected server: fills system_identifier, data_directory, port, host,
 * user, dbname and version_num of `journal`, and its path. */
bool lab_identify(LabTarget *target, LabJournal *journal, PkDiag *diag);
/* True when the server's data directory is on this host and ours to write: its postmaster.pid
 * names this data directory and port (PGKNOB_LAB_REMOTE=1 pretends it is not, to use the
 * SQL-only path). */
bool lab_target_is_local(const LabJournal *journal);
/* Puts the journal's postgresql.auto.conf back (the exact bytes when the data directory is
 * local, else ALTER SYSTEM RESET ALL and the entries in their order), reloads, restarts when a
 * parameter is pending a restart (not for a change someone else left pending before the lab),
 * and verifies pg_settings and the file's bytes. A setting that was pending a restart before
 * the lab may come back as it was or as its pending value (the lab's restart made it live).
 * Idempotent: a restore that was killed can be run again. Does not remove the journal.
 * *foreign_only (may be NULL) is set when it failed only on settings the lab never set (someone
 * else changed them: a human must decide). */
bool lab_restore_server(const LabJournal *journal, LabTarget *target, bool *foreign_only,
                        PkDiag *diag);
/* Starts a stopped local server of the journal with the original postgresql.auto.conf (a
 * server left down by a killed lab, or one that does not start with a lab's settings). */
bool lab_rescue_start(const LabJournal *journal, const char *bindir, PkDiag *diag);
void guard_free(SettingsGuard *guard);

bool guc_table_read(DbCtl *ctl, GucTable *out, PkDiag *diag);
const GucRow *guc_table_get(const GucTable *table, const char *name);
/* "name: before → after" lines for every difference, NULL when equal. Caller frees. */
char *guc_table_diff(const GucTable *before, const GucTable *after);

#endif
