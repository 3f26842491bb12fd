/* What Patroni does with some parameters, for the readers of its files (input/manifest.c) and
 * the words that say how a change reaches its cluster (report/md.c). */
#ifndef PK_CATALOG_PATRONI_H
#define PK_CATALOG_PATRONI_H

#include <stdbool.h>

/* The value Patroni passes for a parameter it takes from its dynamic configuration only
 * (patroni/postgresql/config.py, CMDLINE_OPTIONS) when that configuration leaves it unset, and
 * hot_standby's, which it always passes; NULL for any other parameter. */
const char *catalog_patroni_default(const char *name);

/* Does Patroni take `name` from its dynamic configuration only (wal_level, max_connections, …),
 * dropping a value under the local postgresql.parameters? */
bool catalog_patroni_dcs_only(const char *name);

#endif
