/* `pgknob upgrade --from N --to M`: what a configuration written for PostgreSQL N needs before a
 * server of major M starts with it. Parameters removed or renamed between N and M (with the value
 * converted where a conversion exists), values M no longer accepts, defaults that changed where
 * the configuration relies on them, deprecations, preload libraries that need a build for M; and
 * the edits that make the configuration start on M. Removals and renames come from the catalogs
 * 13–18 and, for sources 9.6–12, from the release notes (upgrade.c's table). Pure. */
#ifndef PK_UPGRADE_H
#define PK_UPGRADE_H

#include <stdbool.h>
#include <stddef.h>

#include "conf/conf.h"

#define PK_UPGRADE_MIN_FROM 9 /* 9.6 */

typedef enum UpgradeKind {
    UPG_REMOVED,         /* gone in M: the line is commented out */
    UPG_RENAMED,         /* a new name (and maybe a converted value) */
    UPG_VALUE,           /* a value M no longer accepts: replaced by an equivalent, else removed */
    UPG_DEFAULT_CHANGED, /* unset here, and M's default differs from N's */
    UPG_DEPRECATED,      /* still accepted by M, but deprecated */
    UPG_PRELOAD,         /* a shared_preload_libraries entry: needs a build for M */
} UpgradeKind;

typedef struct UpgradeItem {
    UpgradeKind kind;
    char *name;  /* as written (or the parameter, for a default) */
    char *value; /* as written; NULL for a default */
    char *file;  /* NULL for a default */
    int line;
    int column;        /* manifests */
    int since;         /* the major where the change happened (10 for 9.6 → 10) */
    char *new_name;    /* UPG_RENAMED */
    char *new_value;   /* UPG_RENAMED, UPG_VALUE: the converted value; NULL when none */
    char *message;     /* one line */
    bool blocks_start; /* M refuses to start with the line as it is */
} UpgradeItem;

/* Everything a plan points to lives in its arena: free it with arena_free(plan.arena). */
typedef struct UpgradePlan {
    Arena *arena;
    int from, to; /* majors (9 stands for 9.6) */
    UpgradeItem *items;
    size_t n_items;
} UpgradePlan;

/* Parses "9.6", "10" … "18" for --from (9.6–18) or --to (13–18). */
bool upgrade_parse_major(const char *text, bool source, int *major);

/* The plan for the applied entries of `set`. wal_segment_bytes: the cluster's segment size (0:
 * 16MB). */
void upgrade_plan(const ConfSet *set, int from, int to, double wal_segment_bytes, UpgradePlan *out);

/* The parameter that replaced `name` in a major up to `to`, with `value` converted as the
 * release notes say (16MB WAL segments): true with *new_name set (caller frees) and *new_value
 * set, or NULL where the successor's default already gives more than the file raised the old
 * parameter to (the line goes); false when there is no successor or no conversion. */
bool upgrade_successor(const char *name, const char *value, int to, char **new_name,
                       char **new_value);

/* "removed", "renamed", "value", "default", "deprecated", "preload" */
const char *upgrade_kind_name(UpgradeKind kind);

#endif
