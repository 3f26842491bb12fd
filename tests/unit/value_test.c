/* Value parsing against the facts established on real servers (facts C.6); tests/lint/t-values.sh
 * checks the same values against every major's own parser. */
#include <stdlib.h>

#include "catalog/value.h"
#include "harness.h"

static const char *const wal_level_vals[] = {"minimal", "replica", "logical", NULL};
static const char *const sync_commit_vals[] = {"local", "remote_write", "remote_apply",
                                               "on",    "off",          NULL};

static const CatalogParam work_mem = {.name = "work_mem",
                                      .type = GUC_INTEGER,
                                      .unit = "kB",
                                      .min_val = "64",
                                      .max_val = "2147483647"};
static const CatalogParam shared_buffers = {.name = "shared_buffers",
                                            .type = GUC_INTEGER,
                                            .unit = "8kB",
                                            .min_val = "16",
                                            .max_val = "1073741823"};
static const CatalogParam max_wal_size = {.name = "max_wal_size",
                                          .type = GUC_INTEGER,
                                          .unit = "MB",
                                          .min_val = "2",
                                          .max_val = "2147483647"};
static const CatalogParam stmt_timeout = {.name = "statement_timeout",
                                          .type = GUC_INTEGER,
                                          .unit = "ms",
                                          .min_val = "0",
                                          .max_val = "2147483647"};
static const CatalogParam ckpt_timeout = {.name = "checkpoint_timeout",
                                          .type = GUC_INTEGER,
                                          .unit = "s",
                                          .min_val = "30",
                                          .max_val = "86400"};
static const CatalogParam log_rot_age = {.name = "log_rotation_age",
                                         .type = GUC_INTEGER,
                                         .unit = "min",
                                         .min_val = "0",
                                         .max_val = "35791394"};
static const CatalogParam max_conn = {
    .name = "max_connections", .type = GUC_INTEGER, .min_val = "1", .max_val = "262143"};
static const CatalogParam rpc = {
    .name = "random_page_cost", .type = GUC_REAL, .min_val = "0", .max_val = "1.79769e+308"};
static const CatalogParam cost_delay = {
    .name = "vacuum_cost_delay", .type = GUC_REAL, .unit = "ms", .min_val = "0", .max_val = "100"};
static const CatalogParam fsync = {.name = "fsync", .type = GUC_BOOL};
static const CatalogParam wal_level = {
    .name = "wal_level", .type = GUC_ENUM, .enum_vals = wal_level_vals};
static const CatalogParam sync_commit = {
    .name = "synchronous_commit", .type = GUC_ENUM, .enum_vals = sync_commit_vals};
static const CatalogParam app_name = {.name = "application_name", .type = GUC_STRING};

/* Parses and returns the setting ("" plus the error message on failure). */
static char *setting_of(const CatalogParam *param, const char *text)
{
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    if (!guc_parse_value(param, text, &val, &err)) {
        char *msg = err.message;
        err.message = NULL;
        pk_diag_free(&err);
        return msg;
    }
    return guc_value_to_setting(param, &val);
}

#define CHECK_SETTING(param, text, expected)                                                       \
    do {                                                                                           \
        char *pk_s = setting_of(&(param), (text));                                                 \
        CHECK_STR(pk_s, (expected));                                                               \
        free(pk_s);                                                                                \
    } while (0)

static void test_memory_units(void)
{
    CHECK_SETTING(work_mem, "4MB", "4096");
    CHECK_SETTING(work_mem, "1GB", "1048576");
    CHECK_SETTING(work_mem, "1TB", "1073741824");
    CHECK_SETTING(work_mem, "65536B", "64");
    CHECK_SETTING(work_mem, "100000B", "98");
    CHECK_SETTING(work_mem, "64kB", "64");
    CHECK_SETTING(work_mem, "4 MB", "4096");
    CHECK_SETTING(work_mem, "4MB  ", "4096");
    CHECK_SETTING(max_wal_size, "30.1GB", "30822");
    CHECK_SETTING(shared_buffers, "127kB", "16");
    CHECK_SETTING(shared_buffers, "128MB", "16384");
    CHECK_SETTING(shared_buffers, "16", "16");
    CHECK_SETTING(work_mem, "4mb", "invalid value for parameter \"work_mem\": \"4mb\"");
    CHECK_SETTING(work_mem, "1M", "invalid value for parameter \"work_mem\": \"1M\"");
    CHECK_SETTING(work_mem, "4MBB", "invalid value for parameter \"work_mem\": \"4MBB\"");
    CHECK_SETTING(work_mem, "4 MB x", "invalid value for parameter \"work_mem\": \"4 MB x\"");
}

static void test_time_units(void)
{
    CHECK_SETTING(stmt_timeout, "1500us", "2");
    CHECK_SETTING(stmt_timeout, "2500us", "2"); /* half-even */
    CHECK_SETTING(stmt_timeout, "1d", "86400000");
    CHECK_SETTING(stmt_timeout, "1h", "3600000");
    CHECK_SETTING(stmt_timeout, "1.5min", "90000");
    CHECK_SETTING(ckpt_timeout, "30500ms", "30");
    CHECK_SETTING(ckpt_timeout, "31500ms", "32");
    CHECK_SETTING(ckpt_timeout, "5min", "300");
    CHECK_SETTING(log_rot_age, "1.0000001h", "60");
    CHECK_SETTING(log_rot_age, "1d", "1440");
    CHECK_SETTING(stmt_timeout, "1S", "invalid value for parameter \"statement_timeout\": \"1S\"");
    CHECK_SETTING(stmt_timeout, "1sec",
                  "invalid value for parameter \"statement_timeout\": \"1sec\"");
    CHECK_SETTING(cost_delay, "1.2345ms", "1.234");
    CHECK_SETTING(cost_delay, "2000us", "2");
}

static void test_integer_forms(void)
{
    CHECK_SETTING(max_conn, "010", "8");
    CHECK_SETTING(max_conn, "0x10", "16");
    CHECK_SETTING(max_conn, "1e2", "100");
    CHECK_SETTING(max_conn, "99.5", "100");
    CHECK_SETTING(max_conn, "100.5", "100");
    CHECK_SETTING(max_conn, " 100", "100");
    CHECK_SETTING(max_conn, "100kB", "invalid value for parameter \"max_connections\": \"100kB\"");
    CHECK_SETTING(max_conn, "NaN", "invalid value for parameter \"max_connections\": \"NaN\"");
    CHECK_SETTING(max_conn, "", "invalid value for parameter \"max_connections\": \"\"");
    CHECK_SETTING(max_conn, "0",
                  "0 is outside the valid range for parameter \"max_connections\" (1 .. 262143)");
    CHECK_SETTING(work_mem, "1.5",
                  "2 kB is outside the valid range for parameter \"work_mem\" (64 kB .. "
                  "2147483647 kB)");
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    CHECK(!guc_parse_value(&max_conn, "99999999999", &val, &err));
    CHECK_STR(err.hint, "Value exceeds integer range.");
    CHECK(!val.out_of_range && err.file == NULL && err.line == 0);
    pk_diag_free(&err);
    CHECK(!guc_parse_value_for(&work_mem, 15, "1.5", &val, &err));
    CHECK(val.out_of_range);
    CHECK_STR(err.message,
              "2 kB is outside the valid range for parameter \"work_mem\" (64 .. 2147483647)");
    pk_diag_free(&err);
    CHECK(!guc_parse_value(&work_mem, "4mb", &val, &err));
    CHECK_STR(err.hint, "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and "
                        "\"TB\".");
    pk_diag_free(&err);
    CHECK(!guc_parse_value(&stmt_timeout, "1S", &val, &err));
    CHECK_STR(err.hint, "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", "
                        "\"h\", and \"d\".");
    pk_diag_free(&err);
}

static void test_reals(void)
{
    CHECK_SETTING(rpc, "1.1", "1.1");
    CHECK_SETTING(rpc, "4", "4");
    CHECK_SETTING(rpc, "1e300", "1e+300");
    CHECK_SETTING(rpc, "1e400", "invalid value for parameter \"random_page_cost\": \"1e400\"");
    CHECK_SETTING(rpc, "-1",
                  "-1 is outside the valid range for parameter \"random_page_cost\" (0 .. "
                  "1.79769e+308)");
    CHECK_SETTING(rpc, "1ms", "invalid value for parameter \"random_page_cost\": \"1ms\"");
    CHECK_SETTING(cost_delay, "101",
                  "101 ms is outside the valid range for parameter \"vacuum_cost_delay\" (0 ms .. "
                  "100 ms)");
}

static void test_bools(void)
{
    const char *trues[] = {"on", "ON", "true", "t", "TR", "yes", "y", "1", "On"};
    const char *falses[] = {"off", "of", "OFF", "false", "f", "no", "n", "0"};
    const char *bad[] = {"o", "2", "onn", "yess", "", " on", "on ", "00", "enable"};
    for (size_t idx = 0; idx < sizeof(trues) / sizeof(trues[0]); idx++)
        CHECK_SETTING(fsync, trues[idx], "on");
    for (size_t idx = 0; idx < sizeof(falses) / sizeof(falses[0]); idx++)
        CHECK_SETTING(fsync, falses[idx], "off");
    for (size_t idx = 0; idx < sizeof(bad) / sizeof(bad[0]); idx++)
        CHECK_SETTING(fsync, bad[idx], "parameter \"fsync\" requires a Boolean value");
}

static void test_enums(void)
{
    CHECK_SETTING(wal_level, "REPLICA", "replica");
    CHECK_SETTING(wal_level, "archive", "replica");
    CHECK_SETTING(wal_level, "Hot_Standby", "replica");
    CHECK_SETTING(sync_commit, "yes", "on");
    CHECK_SETTING(sync_commit, "0", "off");
    CHECK_SETTING(wal_level, "full", "invalid value for parameter \"wal_level\": \"full\"");
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    CHECK(!guc_parse_value(&wal_level, "rep", &val, &err));
    CHECK_STR(err.hint, "Available values: minimal, replica, logical.");
    pk_diag_free(&err);
    CHECK_SETTING(app_name, "anything at all", "anything at all");
}

static char *pretty_of(const CatalogParam *param, const char *text)
{
    GucValue val;
    if (!guc_parse_value(param, text, &val, NULL))
        return NULL;
    return guc_value_pretty(param, &val);
}

#define CHECK_PRETTY(param, text, expected)                                                        \
    do {                                                                                           \
        char *pk_s = pretty_of(&(param), (text));                                                  \
        CHECK_STR(pk_s, (expected));                                                               \
        free(pk_s);                                                                                \
    } while (0)

static void test_pretty(void)
{
    CHECK_PRETTY(shared_buffers, "16384", "128MB");
    CHECK_PRETTY(shared_buffers, "17", "136kB");
    CHECK_PRETTY(work_mem, "4096", "4MB");
    CHECK_PRETTY(work_mem, "100", "100kB");
    CHECK_PRETTY(ckpt_timeout, "300", "5min");
    CHECK_PRETTY(stmt_timeout, "0", "0");
    CHECK_PRETTY(stmt_timeout, "1500", "1500ms");
    CHECK_PRETTY(cost_delay, "1.5", "1500us");
    CHECK_PRETTY(cost_delay, "2", "2ms");
    CHECK_PRETTY(max_conn, "100", "100");
    CHECK_PRETTY(fsync, "of", "off");
}

/* A check hook's DETAIL is the diagnostic's detail, not its hint (the server's own split), and
 * its wording follows the major; a caller's diagnostic already set is not overwritten. */
static void test_hook_detail(void)
{
    const CatalogParam *vbul = catalog_find(catalog_for_major(18), "vacuum_buffer_usage_limit");
    CHECK(vbul != NULL);
    if (!vbul)
        return;
    GucValue val;
    PkDiag err = PK_DIAG_INIT;
    CHECK(!guc_parse_value_for(vbul, 18, "64kB", &val, &err));
    CHECK_STR(err.message, "invalid value for parameter \"vacuum_buffer_usage_limit\": 64");
    CHECK_STR(err.detail, "\"vacuum_buffer_usage_limit\" must be 0 or between 128 kB and "
                          "16777216 kB.");
    CHECK(err.hint == NULL && !val.out_of_range);
    pk_diag_free(&err);
    CHECK(!guc_parse_value_for(vbul, 16, "64kB", &val, &err));
    CHECK_STR(err.detail, "\"vacuum_buffer_usage_limit\" must be 0 or between 128 kB and "
                          "16777216 kB");
    pk_diag_free(&err);
    CHECK(guc_parse_value_for(vbul, 18, "256kB", &val, &err) && !pk_diag_is_set(&err));
    pk_diag_set(&err, NULL, 0, NULL, "earlier");
    CHECK(!guc_parse_value_for(vbul, 18, "64kB", &val, &err));
    CHECK_STR(err.message, "earlier");
    CHECK(err.detail == NULL);
    pk_diag_free(&err);
}

/* guc_parse_boot_value skips the range check and hooks: for every boot value of every catalog
 * it must give what the full parser gives, bit for bit (snapshots use it for defaults). */
static void test_boot_values(void)
{
    int rows = 0, differ = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        for (size_t idx = 0; cat && idx < cat->n_params; idx++) {
            const CatalogParam *param = &cat->params[idx];
            const char *text = param->boot_val ? param->boot_val : "";
            GucValue full, boot;
            bool full_ok = guc_parse_value_for(param, major, text, &full, NULL);
            bool boot_ok = guc_parse_boot_value(param, major, text, &boot);
            bool same =
                full_ok == boot_ok && full.type == boot.type && full.boolval == boot.boolval &&
                !memcmp(&full.num, &boot.num, sizeof(full.num)) && full.enum_val == boot.enum_val &&
                full.str == boot.str && full.out_of_range == boot.out_of_range;
            if (!same) {
                differ++;
                fprintf(stderr, "boot value of %s on %d: %s\n", param->name, major, text);
            }
            rows++;
        }
    }
    CHECK(rows > 2000);
    CHECK(differ == 0);
}

int main(void)
{
    test_boot_values();
    test_hook_detail();
    test_memory_units();
    test_time_units();
    test_integer_forms();
    test_reals();
    test_bools();
    test_enums();
    test_pretty();
    PK_TEST_DONE();
}
