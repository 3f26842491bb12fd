/* Patroni's command-line options: parameters it passes to postgres itself. */
#include "catalog/patroni.h"

#include <stddef.h>
#include <strings.h>

static const struct {
    const char *name, *value;
} patroni_defaults[] = {
    {"wal_level", "replica"}, /* Patroni writes hot_standby, the same level */
    {"hot_standby", "on"},
    {"max_connections", "100"},
    {"max_wal_senders", "10"},
    {"wal_keep_segments", "8"},
    {"wal_keep_size", "128MB"},
    {"max_prepared_transactions", "0"},
    {"max_locks_per_transaction", "64"},
    {"track_commit_timestamp", "off"},
    {"max_replication_slots", "10"},
    {"max_worker_processes", "8"},
    {"wal_log_hints", "on"},
};

const char *catalog_patroni_default(const char *name)
{
    for (size_t idx = 0; name && idx < sizeof(patroni_defaults) / sizeof(patroni_defaults[0]);
         idx++)
        if (!strcasecmp(patroni_defaults[idx].name, name))
            return patroni_defaults[idx].value;
    return NULL;
}

bool catalog_patroni_dcs_only(const char *name)
{
    /* hot_standby is always passed as on, whatever any configuration says */
    return catalog_patroni_default(name) && strcasecmp(name, "hot_standby");
}
