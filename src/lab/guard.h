/* Applying a lab's settings to a server and always putting the original ones back.
 *
 * guard_begin records the server's pg_settings and the entries of postgresql.auto.conf before
 * anything changes. guard_apply writes the wanted settings with ALTER SYSTEM (resetting the ones
 * an earlier stage touched that this one does not want), reloads, and restarts when the server
 * says a parameter is pending a restart (postmaster context). guard_restore writes every touched
 * parameter back (its earlier ALTER SYSTEM value, or RESET), reloads or restarts, and verifies by
 * re-reading pg_settings that every setting equals the recorded one.
 *
 * Signals: lab_signals_install makes SIGINT/SIGTERM set lab_stop_flag (nothing else happens in
 * the handler); the runner checks the flag, stops the workload through it, and restores. */
#ifndef PK_LAB_GUARD_H
#define PK_LAB_GUARD_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "lab/fragment.h"
#include "lab/target.h"

extern volatile sig_atomic_t lab_stop_flag;
void lab_signals_install(void);
/* The signal that raised the flag (SIGINT or SIGTERM), 0 when none. */
int lab_stop_signal(void);

typedef struct GucRow {
    char *name;
    char *setting;
    char *context;
} GucRow;

typedef struct GucTable {
    GucRow *rows; /* sorted by name */
    size_t n;
} GucTable;

typedef struct SettingsGuard {
    GucTable original;       /* pg_settings before the first change */
    LabSettings auto_before; /* postgresql.auto.conf before (name → value) */
    char **touched;          /* every parameter we ALTER SYSTEM'd, in order */
    size_t n_touched;
    bool active;             /* begun and not yet restored */
    char *auto_conf_text;    /* existing servers: the file itself, for a restart that fails */
} SettingsGuard;

/* What guard_apply did, for the report. */
typedef struct ApplyInfo {
    bool restarted;
    char *restart_params; /* "shared_buffers, wal_level" or NULL */
} ApplyInfo;

bool guard_begin(SettingsGuard *guard, LabTarget *target, char **errmsg);
/* The effective settings of a stage: everything in `want` set, everything touched before and
 * not in `want` back to its original. */
bool guard_apply(SettingsGuard *guard, LabTarget *target, const LabSettings *want,
                 ApplyInfo *info, char **errmsg);
/* Puts everything back and verifies. On a mismatch returns false with the differences listed
 * in *errmsg. Always leaves guard->active false when it succeeded. */
bool guard_restore(SettingsGuard *guard, LabTarget *target, char **errmsg);
void guard_free(SettingsGuard *guard);
void apply_info_free(ApplyInfo *info);

bool guc_table_read(PGconn *conn, GucTable *out, char **errmsg);
const GucRow *guc_table_get(const GucTable *table, const char *name);
/* "name: before → after" lines for every difference, NULL when equal. Caller frees. */
char *guc_table_diff(const GucTable *before, const GucTable *after);
void guc_table_free(GucTable *table);

#endif
