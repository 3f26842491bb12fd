/* Catalog lookups over the generated data: majors, exact lookup, aliases, version notes,
 * suggestions, since_minor, and facts established on the real servers (facts/postgresql.md). */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "harness.h"

static void test_majors(void)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        CHECK(cat != NULL);
        if (!cat)
            continue;
        CHECK(cat->major == major);
        CHECK(atoi(cat->server_version) == major);
        CHECK(cat->n_params > 300);
    }
    CHECK(catalog_for_major(12) == NULL);
    CHECK(catalog_for_major(19) == NULL);
    CHECK(catalog_for_major(PK_DEFAULT_MAJOR) != NULL);
}

/* Every array is in catalog_find's order, so binary search reaches every entry. */
static void test_sorted_and_findable(void)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        size_t bad = 0;
        for (size_t idx = 0; idx < cat->n_params; idx++) {
            if (idx > 0 && strcasecmp(cat->params[idx - 1].name, cat->params[idx].name) >= 0)
                bad++;
            if (catalog_find(cat, cat->params[idx].name) != &cat->params[idx])
                bad++;
        }
        CHECK(bad == 0);
    }
}

static void test_find(void)
{
    const Catalog *c18 = catalog_for_major(18), *c17 = catalog_for_major(17);
    const CatalogParam *param = catalog_find(c18, "io_workers");
    CHECK(param != NULL);
    if (param) {
        CHECK(param->type == GUC_INTEGER);
        CHECK_STR(param->boot_val, "3");
        CHECK_STR(param->min_val, "1");
        CHECK_STR(param->max_val, "32");
        CHECK(param->context == GUC_CTX_SIGHUP);
        CHECK_STR(param->since_minor, NULL);
    }
    CHECK(catalog_find(c17, "io_workers") == NULL);
    /* case-insensitive both ways, as guc_name_compare */
    param = catalog_find(c18, "TIMEZONE");
    CHECK(param != NULL && strcmp(param->name, "TimeZone") == 0);
    CHECK(catalog_find(c18, "datestyle") != NULL);
    CHECK(catalog_find(c18, "Shared_Buffers") == catalog_find(c18, "shared_buffers"));
    param = catalog_find(c18, "shared_buffers");
    CHECK(param && strcmp(param->unit, "8kB") == 0 && param->context == GUC_CTX_POSTMASTER);
    CHECK(catalog_find(c18, "shared_buffer") == NULL);
    CHECK(catalog_find(c18, "") == NULL);
    CHECK(catalog_find(NULL, "work_mem") == NULL);
}

static void test_enum_and_units(void)
{
    const CatalogParam *param = catalog_find(catalog_for_major(18), "io_method");
    CHECK(param && param->type == GUC_ENUM && param->context == GUC_CTX_POSTMASTER);
    if (param && param->enum_vals) {
        size_t count = 0;
        bool worker = false, sync = false;
        for (; param->enum_vals[count]; count++) {
            worker |= strcmp(param->enum_vals[count], "worker") == 0;
            sync |= strcmp(param->enum_vals[count], "sync") == 0;
        }
        CHECK(worker && sync && count >= 2);
        CHECK_STR(param->boot_val, "worker");
    }
    param = catalog_find(catalog_for_major(13), "shared_buffers");
    CHECK(param && strcmp(param->boot_val, "1024") == 0); /* 8MB compiled-in before 15 */
    param = catalog_find(catalog_for_major(15), "shared_buffers");
    CHECK(param && strcmp(param->boot_val, "16384") == 0);
    param = catalog_find(catalog_for_major(18), "work_mem");
    CHECK(param && strcmp(param->unit, "kB") == 0 && strcmp(param->min_val, "64") == 0);
    param = catalog_find(catalog_for_major(16), "wal_keep_size");
    CHECK(param && strcmp(param->unit, "MB") == 0 && param->context == GUC_CTX_SIGHUP);
    param = catalog_find(catalog_for_major(18), "checkpoint_completion_target");
    CHECK(param && param->type == GUC_REAL && strcmp(param->boot_val, "0.9") == 0);
    param = catalog_find(catalog_for_major(13), "checkpoint_completion_target");
    CHECK(param && strcmp(param->boot_val, "0.5") == 0);
    param = catalog_find(catalog_for_major(18), "application_name");
    CHECK(param && param->type == GUC_STRING && param->min_val == NULL && param->enum_vals == NULL);
}

/* Accepted by the servers though pg_settings does not list them (t-servers.sh checks it). */
static void test_hidden(void)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        const CatalogParam *param = catalog_find(cat, "default_with_oids");
        CHECK(param && param->hidden && param->type == GUC_BOOL && param->context == GUC_CTX_USER);
        param = catalog_find(cat, "ssl_renegotiation_limit");
        CHECK(param && param->hidden && strcmp(param->min_val, "0") == 0 &&
              strcmp(param->max_val, "0") == 0);
        param = catalog_find(cat, "is_superuser");
        CHECK(param && param->hidden && param->context == GUC_CTX_INTERNAL);
        param = catalog_find(cat, "work_mem");
        CHECK(param && !param->hidden);
        size_t hidden = 0;
        for (size_t idx = 0; idx < cat->n_params; idx++)
            hidden += cat->params[idx].hidden;
        CHECK(hidden == 6);
        char *note = catalog_version_note(major, "default_with_oids");
        CHECK(note == NULL);
        free(note);
    }
}

static void test_since_minor(void)
{
    static const struct {
        int major;
        const char *minor;
    } want[] = {
        {16, "16.12"},
        {17, "17.8"},
        {18, "18.2"},
    };
    for (size_t idx = 0; idx < sizeof want / sizeof want[0]; idx++) {
        const CatalogParam *param =
            catalog_find(catalog_for_major(want[idx].major), "file_extend_method");
        CHECK(param != NULL);
        if (param)
            CHECK_STR(param->since_minor, want[idx].minor);
    }
    CHECK(catalog_find(catalog_for_major(15), "file_extend_method") == NULL);
    const CatalogParam *param =
        catalog_find(catalog_for_major(16), "restrict_nonsystem_relation_kind");
    CHECK(param && param->since_minor && strncmp(param->since_minor, "16.", 3) == 0);
}

static void test_aliases(void)
{
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        CHECK_STR(catalog_alias_target(major, "sort_mem"), "work_mem");
        CHECK_STR(catalog_alias_target(major, "VACUUM_MEM"), "maintenance_work_mem");
    }
    CHECK_STR(catalog_alias_target(18, "ssl_ecdh_curve"), "ssl_groups");
    CHECK_STR(catalog_alias_target(17, "ssl_ecdh_curve"), NULL); /* a parameter of its own */
    CHECK(catalog_find(catalog_for_major(17), "ssl_ecdh_curve") != NULL);
    CHECK_STR(catalog_alias_target(18, "work_mem"), NULL);
    CHECK_STR(catalog_alias_target(18, "wal_keep_segments"), NULL);
    CHECK_STR(catalog_alias_target(12, "sort_mem"), NULL);
}

static void check_note(int major, const char *name, const char *want)
{
    char *note = catalog_version_note(major, name);
    CHECK_STR(note, want);
    free(note);
}

static void test_version_notes(void)
{
    check_note(17, "io_method", "io_method was added in PostgreSQL 18");
    check_note(13, "io_workers", "io_workers was added in PostgreSQL 18");
    check_note(18, "io_method", NULL);
    check_note(
        15, "debug_parallel_query",
        "debug_parallel_query was added in PostgreSQL 16; before 16 it was force_parallel_mode");
    check_note(16, "force_parallel_mode",
               "force_parallel_mode was removed in PostgreSQL 16; use debug_parallel_query");
    check_note(15, "force_parallel_mode", NULL);
    check_note(18, "wal_keep_segments",
               "wal_keep_segments was removed in PostgreSQL 13; use wal_keep_size");
    check_note(
        15, "stats_temp_directory",
        "stats_temp_directory was removed in PostgreSQL 15; statistics are kept in shared memory");
    check_note(14, "stats_temp_directory", NULL);
    check_note(16, "vacuum_defer_cleanup_age",
               "vacuum_defer_cleanup_age was removed in PostgreSQL 16; use hot_standby_feedback or "
               "a replication slot");
    check_note(17, "old_snapshot_threshold", "old_snapshot_threshold was removed in PostgreSQL 17");
    check_note(14, "operator_precedence_warning",
               "operator_precedence_warning was removed in PostgreSQL 14");
    check_note(18, "io_direct",
               "there is no io_direct parameter; the developer option is debug_io_direct (16+)");
    check_note(18, "checkpoint_segments",
               "checkpoint_segments was removed in PostgreSQL 9.5; use max_wal_size");
    check_note(
        13, "max_fsm_pages",
        "max_fsm_pages was removed in PostgreSQL 8.4; the free space map is managed automatically");
    check_note(16, "file_extend_method", NULL);
    check_note(15, "file_extend_method", "file_extend_method was added in PostgreSQL 16");
    check_note(18, "TimeZone", NULL);
    check_note(18, "sort_mem", NULL); /* an alias: known to the server */
    check_note(18, "no_such_parameter", NULL);
    check_note(12, "io_method", NULL); /* no catalog for 12 */
    char *note = catalog_version_note(16, "extension_destdir");
    CHECK(note && strstr(note, "Debian"));
    free(note);
}

/* Every name any major knows gets a note exactly in the majors that do not accept it (an
 * alias is accepted: ssl_ecdh_curve on 18). */
static void test_notes_complete(void)
{
    size_t wrong = 0, notes = 0;
    for (int from = PK_MIN_MAJOR; from <= PK_MAX_MAJOR; from++) {
        const Catalog *src = catalog_for_major(from);
        for (size_t idx = 0; idx < src->n_params; idx++) {
            for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
                const char *name = src->params[idx].name;
                char *note = catalog_version_note(major, name);
                bool accepted = catalog_find(catalog_for_major(major), name) != NULL ||
                                catalog_alias_target(major, name) != NULL;
                if (accepted == (note != NULL) || (note && !strstr(note, name)))
                    wrong++;
                notes += note != NULL;
                free(note);
            }
        }
    }
    CHECK(wrong == 0);
    CHECK(notes > 100);
}

static void test_suggest(void)
{
    const Catalog *c18 = catalog_for_major(18);
    CHECK_STR(catalog_suggest(c18, "shared_buffer"), "shared_buffers");
    CHECK_STR(catalog_suggest(c18, "efective_cache_size"), "effective_cache_size");
    CHECK_STR(catalog_suggest(c18, "io_direct"), "debug_io_direct");
    CHECK_STR(catalog_suggest(c18, "maintenance_work_mme"), "maintenance_work_mem");
    CHECK_STR(catalog_suggest(c18, "Max_Conections"), "max_connections");
    CHECK_STR(catalog_suggest(c18, "io_worker"), "io_workers");
    CHECK_STR(catalog_suggest(c18, "work_memory"), "work_mem");
    CHECK_STR(catalog_suggest(c18, "random_page_costs"), "random_page_cost");
    CHECK_STR(catalog_suggest(c18, "shared-buffers"), "shared_buffers");
    /* words shortened in place: every word begins the parameter's, one cut to 3+ letters
     * (review 2026-12u, h22b 14's log_collector) */
    CHECK_STR(catalog_suggest(c18, "log_collector"), "logging_collector");
    CHECK_STR(catalog_suggest(c18, "autovac_max_workers"), "autovacuum_max_workers");
    CHECK_STR(catalog_suggest(c18, "wal_lev"), "wal_level");
    /* ...but not a shortening several parameters share, nor one cut below three letters */
    CHECK_STR(catalog_suggest(c18, "log_min_dur"), NULL);
    CHECK_STR(catalog_suggest(c18, "sh_buffers"), NULL);
    /* one whole word left out, the rest in order (held-out set 55, h55a 02) */
    CHECK_STR(catalog_suggest(c18, "autovacuum_cost_limit"), "autovacuum_vacuum_cost_limit");
    CHECK_STR(catalog_suggest(c18, "autovacuum_cost_delay"), "autovacuum_vacuum_cost_delay");
    CHECK_STR(catalog_suggest(c18, "max_senders"), "max_wal_senders");
    /* ...but not a word two parameters could have lost (vacuum_freeze_min_age and
     * vacuum_freeze_table_age) */
    CHECK_STR(catalog_suggest(c18, "vacuum_freeze_age"), NULL);
    /* known names get no suggestion, even when another name is close */
    CHECK_STR(catalog_suggest(c18, "min_wal_size"), NULL);
    CHECK_STR(catalog_suggest(c18, "autovacuum"), NULL);
    CHECK_STR(catalog_suggest(c18, "timezone"), NULL);
    CHECK_STR(catalog_suggest(c18, "xyzzy"), NULL);
    CHECK_STR(catalog_suggest(c18, "log"), NULL);
    CHECK_STR(catalog_suggest(c18, "completely_unrelated_words"), NULL);
    CHECK_STR(catalog_suggest(c18, ""), NULL);
    CHECK_STR(catalog_suggest(catalog_for_major(17), "io_workers"), NULL);
}

static void test_names(void)
{
    CHECK_STR(catalog_context_name(GUC_CTX_POSTMASTER), "postmaster");
    CHECK_STR(catalog_context_name(GUC_CTX_SUPERUSER_BACKEND), "superuser-backend");
    CHECK_STR(catalog_context_name(GUC_CTX_USER), "user");
    CHECK(catalog_context_needs_restart(GUC_CTX_POSTMASTER));
    CHECK(!catalog_context_needs_restart(GUC_CTX_SIGHUP));
    CHECK(!catalog_context_needs_restart(GUC_CTX_USER));
    CHECK_STR(catalog_type_name(GUC_REAL), "real");
    CHECK_STR(catalog_type_name(GUC_ENUM), "enum");
    CHECK_STR(catalog_type_name(GUC_BOOL), "bool");
}

int main(void)
{
    test_majors();
    test_sorted_and_findable();
    test_find();
    test_enum_and_units();
    test_hidden();
    test_since_minor();
    test_aliases();
    test_version_notes();
    test_notes_complete();
    test_suggest();
    test_names();
    PK_TEST_DONE();
}
