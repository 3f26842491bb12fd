/* Server binaries and throwaway clusters for the labs: find initdb/pg_ctl/postgres of a wanted
 * major (--pg-bin, else the newest of pg_config's, Debian's /usr/lib/postgresql/N/bin and the
 * project's .cache/pg/N, else fetch PostgreSQL 18 with tests/pg/fetch-servers.sh), initdb in a
 * temporary directory, start on a Unix socket only, restart, stop and remove. Run as root, the
 * server runs as `postgres`. */
#ifndef PK_LAB_CLUSTER_H
#define PK_LAB_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>

#include "common/arena.h"
#include "common/diag.h"
#include "lab/events.h"
#include "lab/manifest.h"
#include "lab/proc.h"
#include "lab/slowfs.h"

/* The server the labs use unless told otherwise (--pg-bin), fetched when missing. */
#define PK_LAB_DEFAULT_MAJOR 18

/* A server build found; its strings live in its arena: free with arena_free(bin.arena). A copy
 * of the struct moves it. */
typedef struct PgBin {
    Arena *arena;
    char *dir; /* holds initdb, pg_ctl, postgres */
    int major;
    char *version; /* "18.4" */
    char *origin;  /* "--pg-bin", "pg_config", "debian", "cache", "fetched" */
} PgBin;

typedef struct PgBinSearch {
    const char *explicit_dir; /* --pg-bin, or NULL */
    const char *project_root; /* where .cache/pg and tests/pg/fetch-servers.sh live; may be NULL */
    int min_major;            /* the labs' requirement */
    bool allow_fetch;         /* may run the fetch script for 18 when nothing fits */
    bool exact;               /* only min_major itself (pg_ctl for an existing server) */
    const LabEvents *events;  /* where the fetch and a fallback are told; may be NULL */
} PgBinSearch;

/* --pg-bin alone when given; else PostgreSQL 18 (PK_LAB_DEFAULT_MAJOR) from pg_config,
 * Debian's or the project cache's builds, fetched when missing (allow_fetch); else (min_major
 * above 18, or 18 not to be had: a warning) the newest build of at least min_major. */
bool pg_bin_find(const PgBinSearch *search, PgBin *out, PkDiag *diag);
/* `postgres -V` of dir: the major and version; false when it does not run. */
bool pg_bin_probe(const char *dir, PgBin *out);

typedef struct Cluster {
    PgBin bin;
    ProcUser user; /* who runs the server */
    char *base;    /* the temporary directory: data/, the socket, server.log */
    char *datadir;
    char *logfile;
    int port;
    bool running;
    bool keep;               /* --keep: leave it running and on disk */
    const LabEvents *events; /* borrowed; may be NULL */
    const char *state_dir;   /* where its record goes (borrowed) */
    /* The storage lab: the data directory on one pgknob-slowfs mount (base/data, its source
     * base/data-src), the WAL on another (base/wal), both listed in the record so that a
     * killed run's mounts are unmounted by the sweep. */
    bool on_slowfs;
    SlowfsMount data_fs, wal_fs;
} Cluster;

/* initdb + start. With `slowfs` (the pgknob-slowfs program; NULL: a plain cluster) the data
 * directory and the WAL (initdb --waldir) sit on two slowfs mounts without added latency.
 * false with a message (server log tail included) on failure; whatever was created is
 * removed (and unmounted) again. */
bool cluster_create(Cluster *cl, const PgBin *bin, bool keep, const char *state_dir,
                    const char *slowfs, const LabEvents *events, PkDiag *diag);
/* The storage of the two mounts: data reads and fsyncs, WAL fsyncs, and the volume's budget
 * they share (NULL or not `on`: nothing added). */
bool cluster_set_storage(const Cluster *cl, const LabStorage *storage, PkDiag *diag);
/* The postmaster's pid (postmaster.pid), or -1. */
long cluster_postmaster_pid(const Cluster *cl);
/* libpq conninfo for database `dbname`. Caller frees. */
char *cluster_conninfo(const Cluster *cl, const char *dbname);
bool cluster_restart(Cluster *cl, PkDiag *diag);
/* Stops and removes (unless keep). Safe to call twice. */
void cluster_destroy(Cluster *cl);

/* Finds the records of throwaway clusters whose pgknob process is gone (killed), stops their
 * servers and removes their directories, saying so through `events`. Returns how many. */
size_t cluster_sweep_orphans(const char *state_dir, const LabEvents *events);

/* pg_ctl restart of an existing local server, as the data directory's owner. */
bool pg_ctl_restart(const char *bindir, const char *datadir, PkDiag *diag);

/* The safety net when an existing server does not come back from a restart with a stage's
 * settings: writes `auto_conf` (the postgresql.auto.conf recorded before the lab) back into the
 * data directory, as its owner, and starts the server again with the options of its last start
 * (postmaster.opts), as pg_ctl restart would have. */
bool pg_rescue_start(const char *bindir, const char *datadir, const char *auto_conf,
                     size_t auto_conf_len, PkDiag *diag);

#endif
