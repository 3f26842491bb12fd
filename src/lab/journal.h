/* The lab journal: what a lab must put back on an existing server, on disk before the first
 * change, so that a lab killed by SIGKILL, the OOM killer or a crash can still be undone.
 *
 * One JSON file per server (jansson), in the state directory ($XDG_STATE_HOME/pgknob, else
 * ~/.local/state/pgknob, or --state-dir): the server's identity (system identifier, data
 * directory, port), the original postgresql.auto.conf bytes and entries, the value and source
 * of every pg_settings row, and the parameters the lab will touch. Written durably (temporary
 * file, fsync, rename, fsync of the directory) and removed only after a verified restore.
 * The connection string itself is never stored: it may hold a password. A journal that a human
 * gives up on (`lab restore --forget`) is renamed to *.forgotten, kept for reference.
 *
 * The same directory holds clusters/, one record per throwaway cluster being used, so that the
 * next lab command finds (and removes) a cluster whose pgknob was killed. */
#ifndef PK_LAB_JOURNAL_H
#define PK_LAB_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/diag.h"
#include "lab/fragment.h"

/* The state directory: `given` (--state-dir), else $XDG_STATE_HOME/pgknob, else
 * $HOME/.local/state/pgknob. The cli resolves it once per command and passes it down (in
 * LabRunOpts, LabTarget, Cluster). Caller frees. */
char *lab_state_dir_resolve(const char *given);

/* Writes `len` bytes to `path` so that a crash leaves the old file or the new one, never a
 * part: a temporary file beside it, fsync, chmod, chown (when owner_uid != -1), rename,
 * fsync of the directory. */
bool lab_write_durable(const char *path, const char *data, size_t len, mode_t mode, uid_t owner_uid,
                       gid_t owner_gid, PkDiag *diag);
/* unlink + fsync of the directory; a missing file is not an error. */
bool lab_remove_durable(const char *path, PkDiag *diag);

typedef struct JournalSetting {
    char *name;
    char *setting;
    char *source;
    /* A change was waiting for a restart (pg_settings.pending_restart): any restart, the lab's
     * too, makes it live, so the restore accepts either value. pending_value is what the
     * configuration files held for it (pg_file_settings), NULL when not readable or when it
     * goes back to its default. */
    bool pending;
    char *pending_value;
} JournalSetting;

typedef struct LabJournal {
    char *path; /* where it is (or will be) stored */
    /* identity */
    char *system_identifier; /* "" when pg_control_system() is not allowed */
    char *data_directory;
    int port;
    char *host;          /* as libpq connected (socket directory or host name) */
    char *user, *dbname; /* for the hint that names the restore command */
    int version_num;
    char *bindir; /* pg_ctl for restarts, or NULL */
    /* postgresql.auto.conf before the lab */
    bool have_bytes; /* the exact bytes could be read */
    char *auto_conf;
    size_t auto_conf_len;
    bool have_entries; /* its entries (pg_file_settings), in file order */
    LabSettings entries;
    /* pg_settings before the lab */
    JournalSetting *settings;
    size_t n_settings;
    char **touched; /* what the lab will change */
    size_t n_touched;
    /* who wrote it */
    long pid;
    long long pid_start; /* proc_start_time(pid) when written */
    char *created;       /* UTC, ISO 8601 */
    char *command;       /* "lab run 01-more" */
    char *marker;        /* the pgknob.lab value this run set on the server (lab/claim.h); NULL in
                          * a journal of version 1 */
} LabJournal;

/* The file name of a server's journal: lab-<system identifier>-<port>-<hash of data dir>.json
 * (copies of one data directory share a system identifier, so the rest tells them apart). */
char *journal_path_for(const char *state_dir, const char *system_identifier,
                       const char *data_directory, int port);
bool journal_write(const LabJournal *journal, PkDiag *diag);
/* false with *diag when the file is not a journal (its path and what is wrong). */
bool journal_read(const char *path, LabJournal *out, PkDiag *diag);
/* The same over `len` bytes that stand for the file `name` (the fuzz target's entry). */
bool journal_read_buffer(const char *name, const char *data, size_t len, LabJournal *out,
                         PkDiag *diag);
bool journal_exists(const char *path);
/* Renames the journal to PATH.forgotten (no longer pending, still there to read); sets
 * *kept_as (caller frees). */
bool journal_forget(const char *path, char **kept_as, PkDiag *diag);
/* Every journal file of the state directory (paths; caller frees each and the array). */
size_t journal_list(const char *state_dir, char ***paths);
/* True when the pgknob that wrote the journal is still running (a lab in progress, not one
 * that was killed). */
bool journal_owner_alive(const LabJournal *journal);
const JournalSetting *journal_setting(const LabJournal *journal, const char *name);
void journal_free(LabJournal *journal);

#endif
