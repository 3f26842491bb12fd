/* The general conditions that make a fix unsafe (lint/fix_safety.c), each against snapshots the
 * real conf/ parser and catalog built: a start the server may refuse, a deliberate choice
 * reversed, behaviour applications observe, a jump too big, and removed parameters. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "conf/conf.h"
#include "harness.h"
#include "host/host.h"
#include "lint/fix_safety.h"
#include "model/snapshot.h"

static void snap_make(Snapshot *snap, int major, const char *conf, const char *host)
{
    ConfSet set = {0};
    conf_load_buffer("/t/postgresql.conf", conf, strlen(conf), &set);
    snapshot_from_conf(snap, &set, catalog_for_major(major));
    arena_free(set.arena);
    if (host)
        host_parse_spec(host, &snap->host, NULL);
}

/* Is `name = value` unsafe on `conf`, with a reason containing `words` (NULL: safe)? */
static bool judged(const char *conf, const char *host, const char *name, const char *value,
                   const char *words)
{
    Snapshot snap;
    snap_make(&snap, 16, conf, host);
    char *why = fix_safety_why(&snap, name, value);
    bool ok = words ? why && strstr(why, words) : !why;
    if (!ok)
        fprintf(stderr, "  %s = %s on \"%s\": %s\n", name, value, conf, why ? why : "(safe)");
    free(why);
    snapshot_free(&snap);
    return ok;
}

static void test_start(void)
{
    CHECK(judged("wal_level = logical\n", NULL, "wal_level", "replica", "replication slot"));
    CHECK(judged("wal_level = minimal\n", NULL, "wal_level", "replica", NULL));
    CHECK(judged("shared_preload_libraries = 'auto_explain'\n", NULL, "shared_preload_libraries",
                 "auto_explain,pg_stat_statements", "adds pg_stat_statements"));
    /* a library dropped may be one pgknob has never heard of, installed and in use */
    CHECK(judged("shared_preload_libraries = 'a,b'\n", NULL, "shared_preload_libraries", "b",
                 "removes a"));
    CHECK(judged("shared_preload_libraries = 'a'\n", NULL, "shared_preload_libraries", "a", NULL));
    CHECK(judged("", NULL, "huge_pages", "on", "reserved enough huge pages"));
    CHECK(judged("huge_pages = on\n", NULL, "shared_buffers", "4GB", "huge_pages = on"));
    CHECK(judged("", "ram=8GB", "shared_buffers", "4GB", "40%"));
    CHECK(judged("shared_buffers = 1GB\n", "ram=8GB", "shared_buffers", "2GB", NULL));
    CHECK(judged("max_prepared_transactions = 100\n", NULL, "max_prepared_transactions", "10",
                 "prepared"));
    CHECK(judged("max_replication_slots = 20\n", NULL, "max_replication_slots", "10", "slots"));
}

static void test_deliberate(void)
{
    CHECK(judged("huge_pages = on\n", NULL, "huge_pages", "try", "deliberate"));
    CHECK(judged("huge_pages = off\n", NULL, "huge_pages", "try", NULL));
    CHECK(judged("wal_log_hints = on\nshared_preload_libraries = 'repmgr'\n", NULL, "wal_log_hints",
                 "off", "mentions repmgr"));
    CHECK(judged("wal_log_hints = on   # for patroni\n", NULL, "wal_log_hints", "off",
                 "mentions patroni"));
    CHECK(judged("wal_log_hints = on\n", NULL, "wal_log_hints", "off", "pg_rewind"));
    CHECK(judged("standard_conforming_strings = off\nshared_preload_libraries = 'online_analyze'\n",
                 NULL, "standard_conforming_strings", "on", "1C:Enterprise"));
    CHECK(judged("standard_conforming_strings = off  # 1C:Enterprise 8.3\n", NULL,
                 "standard_conforming_strings", "on", "1C:Enterprise (1c:enterprise)"));
    CHECK(judged("standard_conforming_strings = off\narchive_command = 'gzip -1c %p > /a/%f'\n",
                 NULL, "standard_conforming_strings", "on", "SQL semantics"));
    CHECK(judged("max_parallel_workers_per_gather = 0\n", NULL, "max_parallel_workers_per_gather",
                 "2", "on purpose"));
    CHECK(judged("max_parallel_workers_per_gather = 1\n", NULL, "max_parallel_workers_per_gather",
                 "2", NULL));
}

static void test_observed(void)
{
    CHECK(judged("standard_conforming_strings = off\n", NULL, "standard_conforming_strings", "on",
                 "SQL semantics"));
    CHECK(judged("password_encryption = md5\n", NULL, "password_encryption", "scram-sha-256",
                 "authentication"));
    CHECK(judged("log_statement = all\n", NULL, "log_statement", "ddl", "audit"));
    CHECK(judged("log_statement = none\n", NULL, "log_statement", "ddl", NULL));
    CHECK(judged("log_connections = off\n", NULL, "log_connections", "on", NULL));
    CHECK(judged("log_connections = on\n", NULL, "log_connections", "off", "audit"));
    CHECK(judged("max_connections = 500\n", NULL, "max_connections", "100", "refused"));
    CHECK(judged("max_connections = 100\n", NULL, "max_connections", "200", NULL));
    CHECK(judged("statement_timeout = 0\n", NULL, "statement_timeout", "30s", "cancelled"));
    CHECK(judged("statement_timeout = 30s\n", NULL, "statement_timeout", "0", NULL));
    CHECK(judged("", NULL, "work_mem", "16MB", NULL));
}

static void test_step(void)
{
    /* a size the server allocates, moved more than four times over (condition 4) */
    CHECK(judged("", "ram=8GB", "shared_buffers", "2GB", "more than four times over"));
    CHECK(judged("work_mem = 2GB\n", NULL, "work_mem", "128MB", "more than four times over"));
    CHECK(judged("work_mem = 2GB\n", NULL, "work_mem", "512MB", NULL));
    CHECK(judged("max_wal_size = 128MB\n", NULL, "max_wal_size", "4GB", "more than four times"));
    /* a size on disk says what it costs there, not memory (review 2026-12s, h20a 07) */
    CHECK(judged("max_wal_size = 128MB\n", NULL, "max_wal_size", "4GB", "room in pg_wal"));
    CHECK(judged("work_mem = 2GB\n", NULL, "work_mem", "128MB", "memory the host lacks"));
    CHECK(judged("effective_cache_size = 1GB\n", NULL, "effective_cache_size", "12GB", NULL));
    /* how much the server logs (condition 3) */
    CHECK(judged("log_min_messages = error\n", NULL, "log_min_messages", "warning", "quiet level"));
    CHECK(judged("autovacuum_freeze_max_age = 1200000000\n", NULL, "autovacuum_freeze_max_age",
                 "200000000", "in one step"));
    CHECK(judged("autovacuum_freeze_max_age = 1200000000\n", NULL, "autovacuum_freeze_max_age",
                 "600000000", NULL));
    CHECK(judged("autovacuum_multixact_freeze_max_age = 1800000000\n", NULL,
                 "autovacuum_multixact_freeze_max_age", "400000000", "in one step"));
}

static void test_removal(void)
{
    char *why;
    CHECK(!fix_safety_removal_why("stats_temp_directory", "/run/pg", NULL));
    CHECK(!fix_safety_removal_why("vacuum_defer_cleanup_age", "0", NULL));
    CHECK(!fix_safety_removal_why("db_user_namespace", "false", NULL));
    CHECK(!fix_safety_removal_why("checkpoint_segments", "32", "max_wal_size"));
    CHECK((why = fix_safety_removal_why("vacuum_defer_cleanup_age", "100", NULL)) &&
          strstr(why, "no longer does"));
    free(why);
    CHECK((why = fix_safety_removal_why("standby_mode", "on", NULL)) != NULL);
    free(why);
}

int main(void)
{
    test_start();
    test_deliberate();
    test_observed();
    test_step();
    test_removal();
    PK_TEST_DONE();
}
