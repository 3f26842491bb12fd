/* The one settings model every rule reads: the effective value of each parameter for a target
 * major version, wherever it came from (a configuration file, the catalog default, a live
 * server), plus host facts and live evidence. Built by model/snapshot.c from a ConfSet, or by db/
 * from pg_settings. Rules and reports never look at files or connections, only at this. */
#ifndef PK_MODEL_SNAPSHOT_H
#define PK_MODEL_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog/catalog.h"
#include "catalog/value.h"
#include "conf/conf.h"

typedef enum SettingSource {
    SRC_DEFAULT, /* not set: the catalog's boot value for the target version */
    SRC_FILE,    /* from a configuration file (file/line known) */
    SRC_SERVER,  /* from a live server's pg_settings (file/line when the server knows them) */
} SettingSource;

/* The fields in this order pack it into 96 bytes (it was 120): a lint builds two arrays of ~370,
 * in memory faulted in page by page. */
typedef struct SnapSetting {
    /* A default's name and value are the catalog's own strings, not copies (a snapshot holds
     * ~800 defaults); the others are the snapshot's arena's. */
    const char *name;          /* the catalog's name when known, else as written (lower-cased) */
    const char *value;         /* as written in the file / as pg_settings.setting; never NULL */
    const CatalogParam *param; /* NULL for custom ext.name parameters */
    GucValue parsed;           /* the value, when parsed_ok */
    char *file;                /* NULL when unknown */
    char *line_text;           /* the configuration line, when from a file */
    /* Set when the last line for this parameter failed to parse (a syntax error on a line that
     * names it) or holds a value the server rejects: what the server would run with is not
     * knowable from the file, so rules reading it are skipped with this reason rather than run
     * on the default ("the value of random_page_cost (line 12 did not parse)"). NULL otherwise. */
    char *unusable;
    SettingSource source;
    int line;
    bool parsed_ok; /* `parsed` holds the value (false for invalid values) */
    /* live: pg_settings.source is database, user or database user: the value is the auditing
     * session's own ALTER ROLE/DATABASE ... SET (one of Snapshot.overrides), not the server's */
    bool from_role_db;
    /* SRC_DEFAULT: the operator that writes this value when the manifest leaves the parameter
     * out ("CloudNativePG"), over PostgreSQL's own default; NULL for the catalog's */
    const char *default_by;
} SnapSetting;

/* Facts about the machine the server runs on. A rule needing an unknown fact is skipped. */
typedef struct HostFacts {
    double ram_bytes; /* < 0: unknown. With --host local, the cgroup limit when lower than RAM */
    int cores;        /* < 0: unknown */
    char *storage;    /* "nvme", "ssd", "hdd", "network"; NULL: unknown */
    char *kernel;     /* "6.8" ; NULL: unknown */
    int container;    /* 1 yes, 0 no, -1 unknown */
    int io_uring_allowed; /* 1 yes, 0 blocked (seccomp/sysctl), -1 unknown */
    double stack_bytes;   /* the soft stack limit (ulimit -s): < 0 unknown, 0 unlimited */
    /* the size of the volume holding the data directory, and of pg_wal's own volume when it has
     * one (a manifest's walStorage); < 0 unknown */
    double disk_bytes, wal_disk_bytes;
    char *source; /* "--host", "local", ".pgknob.ini": for reports */
    /* ram_bytes is a memory limit the project itself sets (a pod's resources.limits.memory, a
     * compose service's limit), which the kernel enforces on the server: no hypothesis */
    bool ram_is_limit;
    /* ...and that limit is a container's (a pod's, a compose service's), not a database
     * instance class's memory: the kernel charges the container's page cache to it too */
    bool ram_is_container;
} HostFacts;

/* A named number from the statistics views (audit only): "checkpoints.requested_share" etc. */
typedef struct Evidence {
    char *key;
    double value;
    char *text; /* how a report shows it: "312 of 400 checkpoints were requested (78%)" */
} Evidence;

/* A per-role or per-database setting of a live server (pg_db_role_setting: ALTER ROLE … SET,
 * ALTER DATABASE … SET, ALTER ROLE … IN DATABASE … SET, ALTER ROLE ALL … SET). No file shows
 * it, but every session of that role or database runs with it: the memory arithmetic counts
 * the largest (worst() in the rule language). */
typedef struct SnapOverride {
    char *role;                /* "" for every role (ALTER DATABASE, ALTER ROLE ALL) */
    char *database;            /* "" for every database */
    char *name;                /* as stored, lower-cased */
    char *value;               /* as stored in setconfig */
    const CatalogParam *param; /* the live catalog's record; NULL for a custom name */
    bool parsed_ok;
    GucValue parsed;
} SnapOverride;

/* Everything a snapshot points to lives in its arena (a live server's catalog too), except the
 * host facts, which host/ fills and host_facts_clear frees: snapshot_free frees both. */
typedef struct Snapshot {
    Arena *arena;
    int pg_major;
    char *pg_version_label; /* "18" or a server's full version "18.4" */
    const Catalog *catalog;
    SnapSetting *settings; /* one per catalog parameter, then custom ones; sorted by name */
    size_t n_settings;
    HostFacts host;
    Evidence *evidence;
    size_t n_evidence;
    /* what the file shows of its author's intent (lint/intent.h), borrowed; NULL when unread */
    const struct Intent *intent;
    bool live; /* from a server (audit) rather than files (lint) */
    /* A fragment (postgresql.auto.conf, a conf.d file, --fragment) linted alone: a parameter it
     * does not set may be set by the rest of the configuration, so its value is unknown rather
     * than the default, and rules reading it are skipped. */
    bool fragment;
    /* The managed service that runs the server ("Amazon RDS for PostgreSQL"): a parameter left
     * unset takes the service's default, which only the defaults it models (default_by) give;
     * NULL for a server of one's own. Static or the snapshot's arena's. */
    const char *managed_by;
    /* the shared memory the postmaster maps at startup, as lint/shmem.c estimates it; 0 when
     * not estimated (a fragment, an unknown major): shared_memory() then gives shared_buffers */
    double shared_memory_bytes;
    /* of it, min_dynamic_shared_memory's reservation (14+), 0 when none: reserved_shared_memory()
     */
    double shared_memory_reserved;
    SnapOverride *overrides; /* audit only: pg_db_role_setting, in the server's order */
    size_t n_overrides;
} Snapshot;

/* The reason a rule reading `name` is skipped in a fragment: "ssl (not set in this fragment)". */
#define SNAP_FRAGMENT_UNSET " (not set in this fragment)"

void host_facts_init_unknown(HostFacts *host);

/* Builds the effective settings of `set` for `cat`: the applied entry of each parameter (after
 * alias resolution), else the catalog default. Entries with errors do not apply. */
void snapshot_from_conf(Snapshot *snap, const ConfSet *set, const Catalog *cat);
/* `by`'s value for each of `pairs` (name, value, ..., NULL) that no line set: the default the
 * server runs with under that operator. Static strings. */
void snapshot_apply_operator_defaults(Snapshot *snap, const char *const *pairs, const char *by);
/* The defaults an operator, image or service gave `from` (default_by), applied to `to` where it
 * still has the built-in default, and the service that manages it: a second snapshot of the same
 * server (a fix's simulated configuration) sees what the first one saw. */
void snapshot_inherit_defaults(Snapshot *to, const Snapshot *from);

/* NULL when the parameter is unknown to the target version and not set. Borrowed. */
const SnapSetting *snapshot_get(const Snapshot *snap, const char *name);

/* The settings a command line gives the postmaster ("name=value" lines, as -c options),
 * which override the configuration files': each known parameter takes the value, at `file`
 * (the file that holds the command, as findings show it) and `line`. */
void snapshot_apply_command(Snapshot *snap, const char *settings, const char *file, int line);

/* PostgreSQL 18's io_max_concurrency: the set value, or when it is -1 the automatic one
 * (storage/aio/aio_init.c, AioChooseMaxConcurrency): shared_buffers' pages over every process
 * with an AIO context, at least 1 and at most 64. *procs is that process count (MaxBackends plus
 * the auxiliary processes). False before 18 or when a setting it needs is not usable. */
bool snapshot_aio_concurrency(const Snapshot *snap, double *value, double *procs);

/* MaxBackends as the server's InitializeMaxBackends computes it for the snapshot's major: the
 * backend slots the lock table and per-process state are sized for. False when a term is
 * unknown. */
bool snapshot_max_backends(const Snapshot *snap, double *out);

/* Looks up live evidence by key; NULL when not collected. Valid until the next
 * snapshot_add_evidence, which may move the array. */
const Evidence *snapshot_evidence(const Snapshot *snap, const char *key);
void snapshot_add_evidence(Snapshot *snap, const char *key, double value, const char *text);

/* Records one pg_db_role_setting entry, its value parsed with the snapshot's catalog. */
void snapshot_add_override(Snapshot *snap, const char *role, const char *database, const char *name,
                           const char *value);

/* The statement that made it, without the value: "ALTER ROLE app SET", "ALTER DATABASE shop
 * SET", "ALTER ROLE app IN DATABASE shop SET", "ALTER ROLE ALL SET". Caller frees. */
char *snapshot_override_statement(const SnapOverride *o);

/* Whose sessions run with it: "role app", "database shop", "role app in database shop",
 * "every role". Caller frees. */
char *snapshot_override_who(const SnapOverride *o);

void snapshot_free(Snapshot *snap);

#endif
