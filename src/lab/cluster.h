/* Server binaries and throwaway clusters for the labs: find initdb/pg_ctl/postgres of a wanted
 * major (--pg-bin, else the newest of pg_config's, Debian's /usr/lib/postgresql/N/bin and the
 * project's .cache/pg/N, else fetch PostgreSQL 18 with tests/pg/fetch-servers.sh), initdb in a temporary directory, start on a
 * Unix socket only, restart, stop and remove. Run as root, the server runs as `postgres`. */
#ifndef PK_LAB_CLUSTER_H
#define PK_LAB_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>

#include "lab/proc.h"

typedef struct PgBin {
    char *dir;      /* holds initdb, pg_ctl, postgres */
    int major;
    char *version;  /* "18.4" */
    char *origin;   /* "--pg-bin", "pg_config", "debian", "cache", "fetched" */
} PgBin;

typedef struct PgBinSearch {
    const char *explicit_dir; /* --pg-bin, or NULL */
    const char *project_root; /* where .cache/pg and tests/pg/fetch-servers.sh live; may be NULL */
    int min_major;            /* the labs' requirement */
    bool allow_fetch;         /* may run the fetch script for 18 when nothing fits */
    bool exact;               /* only min_major itself (pg_ctl for an existing server) */
} PgBinSearch;

/* The newest build of at least min_major among --pg-bin (alone, when given), pg_config,
 * Debian's and the project cache's; false with a message (and a hint line) when none is found. */
bool pg_bin_find(const PgBinSearch *search, PgBin *out, char **errmsg);
/* `postgres -V` of dir: the major and version; false when it does not run. */
bool pg_bin_probe(const char *dir, PgBin *out);
void pg_bin_free(PgBin *bin);

typedef struct Cluster {
    PgBin bin;
    ProcUser user;  /* who runs the server */
    char *base;     /* the temporary directory: data/, the socket, server.log */
    char *datadir;
    char *logfile;
    int port;
    bool running;
    bool keep;      /* --keep: leave it running and on disk */
} Cluster;

/* initdb + start. false with a message (server log tail included) on failure; whatever was
 * created is removed again. */
bool cluster_create(Cluster *cl, const PgBin *bin, bool keep, char **errmsg);
/* libpq conninfo for database `dbname`. Caller frees. */
char *cluster_conninfo(const Cluster *cl, const char *dbname);
bool cluster_restart(Cluster *cl, char **errmsg);
/* Stops and removes (unless keep). Safe to call twice. */
void cluster_destroy(Cluster *cl);

/* Finds the records of throwaway clusters whose pgknob process is gone (killed), stops their
 * servers and removes their directories, saying so on stderr. Returns how many. */
size_t cluster_sweep_orphans(void);

/* pg_ctl restart of an existing local server, as the data directory's owner. */
bool pg_ctl_restart(const char *bindir, const char *datadir, char **errmsg);

/* The safety net when an existing server does not come back from a restart with a stage's
 * settings: writes `auto_conf` (the postgresql.auto.conf recorded before the lab) back into the
 * data directory, as its owner, and starts the server again with the options of its last start
 * (postmaster.opts), as pg_ctl restart would have. */
bool pg_rescue_start(const char *bindir, const char *datadir, const char *auto_conf,
                     size_t auto_conf_len, char **errmsg);

#endif
