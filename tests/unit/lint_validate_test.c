/* The validation pass and the settings model over configurations read by the real conf/ reader
 * and the generated catalog. tests/lint/t-verdict.sh checks the same verdicts on real servers. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "conf/conf.h"
#include "harness.h"
#include "lint/shmem.h"
#include "lint/validate.h"
#include "model/snapshot.h"

typedef struct Run {
    ConfSet set;
    Snapshot snap;
    FindingList findings;
} Run;

static void run_lint(Run *run, int major, int minor, const char *text)
{
    memset(run, 0, sizeof(*run));
    conf_load_buffer("/nonexistent/pgknob-unit/postgresql.conf", text, strlen(text), &run->set);
    snapshot_from_conf(&run->snap, &run->set, catalog_for_major(major));
    ValidateOpts opts = {.minor = minor};
    lint_validate(&run->set, &run->snap, &opts, &run->findings);
}

static void run_free(Run *run)
{
    arena_free(run->findings.arena);
    snapshot_free(&run->snap);
    arena_free(run->set.arena);
}

/* The only finding of a one-finding run, or NULL. */
static const Finding *only(const Run *run)
{
    return run->findings.n == 1 ? &run->findings.items[0] : NULL;
}

#define CHECK_ONLY(major, minor, text, rule, sev)                                                  \
    do {                                                                                           \
        Run pk_run;                                                                                \
        run_lint(&pk_run, (major), (minor), (text));                                               \
        const Finding *pk_f = only(&pk_run);                                                       \
        CHECK_STR(pk_f ? pk_f->rule_id : "(not exactly one finding)", (rule));                     \
        CHECK(pk_f && pk_f->severity == (sev));                                                    \
        run_free(&pk_run);                                                                         \
    } while (0)

#define CHECK_CLEAN(major, text) CHECK_CLEAN_MINOR(major, -1, text)
#define CHECK_CLEAN_MINOR(major, minor, text)                                                      \
    do {                                                                                           \
        Run pk_run;                                                                                \
        run_lint(&pk_run, (major), (minor), (text));                                               \
        CHECK(pk_run.findings.n == 0);                                                             \
        if (pk_run.findings.n)                                                                     \
            fprintf(stderr, "  unexpected: %s %s\n", pk_run.findings.items[0].rule_id,             \
                    pk_run.findings.items[0].message);                                             \
        run_free(&pk_run);                                                                         \
    } while (0)

static void test_names(void)
{
    Run run;
    run_lint(&run, 18, -1, "shared_buffer = 128MB\n");
    const Finding *f = only(&run);
    CHECK_STR(f ? f->rule_id : NULL, "PK0010");
    CHECK_STR(f ? f->message : NULL, "unrecognized configuration parameter \"shared_buffer\"");
    CHECK_STR(f ? f->hint : NULL, "Did you mean \"shared_buffers\"?");
    CHECK_STR(f ? f->suggestion : NULL, "shared_buffers = 128MB");
    CHECK(f && f->line == 1 && f->n_settings == 1);
    run_free(&run);
    CHECK_ONLY(13, -1, "wal_keep_segments = 32\n", "PK0011", SEV_ERROR);
    CHECK_ONLY(17, -1, "io_method = worker\n", "PK0011", SEV_ERROR);
    CHECK_CLEAN(18, "io_method = worker\n");
    CHECK_ONLY(18, -1, "sort_mem = 1024\n", "PK0012", SEV_NOTICE);
    CHECK_ONLY(18, -1, "ssl_ecdh_curve = 'prime256v1'\n", "PK0012", SEV_NOTICE);
    CHECK_CLEAN(17, "ssl_ecdh_curve = 'prime256v1'\n");
    CHECK_CLEAN(18, "Work_Mem = 4MB\nDATESTYLE = 'iso, mdy'\n");
    /* a module pgknob does not know is passed through, with one note naming its prefix */
    CHECK_ONLY(18, -1, "myext.setting = 'anything'\nWork_Mem = 4MB\n", "PK0014", SEV_NOTICE);
}

static void test_values(void)
{
    CHECK_ONLY(18, -1, "work_mem = 4mb\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(18, -1, "checkpoint_timeout = 10\n", "PK0021", SEV_ERROR);
    CHECK_ONLY(16, -1, "maintenance_work_mem = 128kB\n", "PK0021", SEV_ERROR);
    CHECK_CLEAN(17, "maintenance_work_mem = 128kB\n");
    CHECK_ONLY(18, -1, "block_size = 8192\n", "PK0040", SEV_ERROR);
    /* an exact duplicate hides the earlier value from the server; another spelling does not */
    CHECK_ONLY(18, -1, "work_mem = bogus\nwork_mem = 4MB\n", "PK0022", SEV_NOTICE);
    CHECK_ONLY(18, -1, "work_mem = bogus\nWORK_MEM = 4MB\n", "PK0020", SEV_ERROR);
    Run run;
    run_lint(&run, 16, -1, "Fsync = maybe\n");
    CHECK_STR(only(&run) ? only(&run)->message : NULL,
              "parameter \"Fsync\" requires a Boolean value");
    run_free(&run);
    run_lint(&run, 18, -1, "Fsync = maybe\n");
    CHECK_STR(only(&run) ? only(&run)->message : NULL,
              "parameter \"fsync\" requires a Boolean value");
    run_free(&run);
}

static void test_minor_and_startup(void)
{
    CHECK_ONLY(18, -1, "file_extend_method = write_zeros\n", "PK0030", SEV_WARNING);
    CHECK_ONLY(18, 1, "file_extend_method = write_zeros\n", "PK0030", SEV_ERROR);
    CHECK_CLEAN_MINOR(18, 2, "file_extend_method = write_zeros\n");
    CHECK_ONLY(18, -1, "min_wal_size = 16MB\n", "PK0050", SEV_ERROR);
    CHECK_ONLY(18, -1, "max_wal_size = 31MB\nmin_wal_size = 32MB\n", "PK0050", SEV_ERROR);
    CHECK_CLEAN(18, "min_wal_size = 32MB\nmax_wal_size = 32MB\n");
    CHECK_ONLY(18, -1, "wal_level = minimal\n", "PK0050", SEV_ERROR);
    CHECK_CLEAN(18, "wal_level = minimal\nmax_wal_senders = 0\n");
    CHECK_ONLY(13, -1, "max_connections = 3\nsuperuser_reserved_connections = 3\n", "PK0050",
               SEV_ERROR);
    Run run;
    run_lint(&run, 16, -1, "wal_level = minimal\n");
    const Finding *f = only(&run);
    CHECK_STR(f ? f->message : NULL,
              "WAL streaming (max_wal_senders > 0) requires wal_level \"replica\" or \"logical\"");
    CHECK(f && f->n_settings == 2 && f->line == 1);
    run_free(&run);
    run_lint(&run, 18, -1, "wal_level = minimal\n");
    f = only(&run);
    CHECK_STR(f ? f->message : NULL,
              "WAL streaming (\"max_wal_senders\" > 0) requires \"wal_level\""
              " to be \"replica\" or \"logical\"");
    run_free(&run);
    /* the recovery target assign hooks run in file order */
    CHECK_ONLY(18, -1, "recovery_target = 'immediate'\nrecovery_target_name = ''\n", "PK0050",
               SEV_ERROR);
    CHECK_CLEAN(18, "recovery_target_name = ''\nrecovery_target = 'immediate'\n");
    CHECK_CLEAN(15, "log_destination = 'stderr,jsonlog'\ndatestyle = 'German, mdy'\n");
    CHECK_ONLY(14, -1, "log_destination = 'stderr,jsonlog'\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(18, -1, "datestyle = 'iso, sql'\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(18, -1, "log_destination = foo\nlog_destination = stderr\n", "PK0022", SEV_NOTICE);
    CHECK_CLEAN(18,
                "shared_preload_libraries = 'pg_stat_statements, \"$libdir/auto_explain.so\"'\n");
    CHECK_CLEAN(13, "synchronous_standby_names = 'ANY 2 (s1, \"s-2\", *)'\n");
    CHECK_CLEAN(13, "synchronous_standby_names = 'anyone, s$1, 1'\n");
    CHECK_ONLY(13, -1, "synchronous_standby_names = 'standby-1'\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(13, -1, "synchronous_standby_names = '2 a'\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(13, -1, "synchronous_standby_names = 'FIRST 0 (a)'\n", "PK0020", SEV_ERROR);
    CHECK_ONLY(18, -1, "shared_preload_libraries = 'pg_stat_statements,pg_cron'\n", "PK0061",
               SEV_NOTICE);
    CHECK_ONLY(18, -1, "hba_file = '/etc/postgresql/18/main/pg_hba.conf'\n", "PK0061", SEV_NOTICE);
}

static void test_snapshot(void)
{
    Run run;
    run_lint(&run, 18, -1,
             "work_mem = 1MB\nsort_mem = 2048\ndatestyle = 'iso, dmy'\next.x = 1\nEXT.X = 2\n");
    const SnapSetting *wm = snapshot_get(&run.snap, "WORK_MEM");
    CHECK(wm && wm->source == SRC_FILE && wm->line == 2 && wm->parsed_ok &&
          pk_near(wm->parsed.num, 2048));
    const SnapSetting *ds = snapshot_get(&run.snap, "DateStyle");
    CHECK(ds && ds->source == SRC_FILE && !strcmp(ds->value, "iso, dmy"));
    const SnapSetting *sb = snapshot_get(&run.snap, "shared_buffers");
    CHECK(sb && sb->source == SRC_DEFAULT && sb->parsed_ok && pk_near(sb->parsed.num, 16384));
    const SnapSetting *custom = snapshot_get(&run.snap, "ext.x");
    CHECK(custom && !custom->param && !strcmp(custom->value, "2") && custom->line == 5);
    CHECK(snapshot_get(&run.snap, "no_such_thing") == NULL);
    CHECK(run.snap.n_settings == catalog_for_major(18)->n_params + 1);
    run_free(&run);
}

/* PK0062 needs host facts, names the demand above 95% of them, and stays silent otherwise. */
static void host_shmem(int major, const char *text, double ram, size_t *n, double *estimate)
{
    Run run;
    run_lint(&run, major, -1, text);
    run.snap.host.ram_bytes = ram;
    size_t before = run.findings.n;
    lint_validate_host(&run.snap, &run.findings);
    *n = 0;
    for (size_t idx = before; idx < run.findings.n; idx++)
        *n += !strcmp(run.findings.items[idx].rule_id, "PK0062");
    ShmemEstimate est = {0};
    *estimate = shmem_estimate(&run.snap, &est) ? est.total : -1;
    run_free(&run);
}

static void test_shared_memory(void)
{
    const char *big = "shared_buffers = 24GB\nmax_connections = 300\n";
    size_t n;
    double est, est_small;
    host_shmem(16, big, 24.0 * 1073741824, &n, &est);
    CHECK(n == 1);
    /* more buffers and more connections always cost more */
    CHECK(est > 24.0 * 1073741824 && est < 26.0 * 1073741824);
    host_shmem(16, "shared_buffers = 4GB\n", 24.0 * 1073741824, &n, &est_small);
    CHECK(n == 0 && est_small > 4.0 * 1073741824 && est_small < est);
    host_shmem(16, big, -1, &n, &est);
    CHECK(n == 0); /* no host facts: nothing to compare with */
    host_shmem(18, "max_connections = 5000\nmax_locks_per_transaction = 1024\n", 2.0 * 1073741824,
               &n, &est);
    CHECK(n == 1 && est > 2.0 * 1073741824); /* the lock table alone */
    host_shmem(13, "wal_buffers = 1GB\n", 1.0 * 1073741824, &n, &est);
    CHECK(n == 1);
    host_shmem(17, "shared_buffers = 128MB\n", 1.0 * 1073741824, &n, &est);
    CHECK(n == 0 && est > 128.0 * 1048576 && est < 200.0 * 1048576);
}

/* A server's own configuration homes, where a placeholder is a refusal, not a template's state:
 * postgresql.conf's and a lone pg_hba.conf's PK0003 both ask it (lint/template.c, lint/lint.c). */
static void test_server_home(void)
{
    CHECK(lint_server_home("/var/lib/pgsql/16/data/pg_hba.conf"));
    CHECK(lint_server_home("/etc/postgresql/16/main/pg_hba.conf"));
    CHECK(lint_server_home("/var/lib/postgresql/data/postgresql.conf"));
    CHECK(!lint_server_home("/srv/app/docker/postgres/pg_hba.conf"));
    CHECK(!lint_server_home("/tmp/etc/postgresql/pg_hba.conf"));
    CHECK(!lint_server_home(NULL));
}

int main(void)
{
    test_server_home();
    test_shared_memory();
    test_names();
    test_values();
    test_minor_and_startup();
    test_snapshot();
    PK_TEST_DONE();
}
