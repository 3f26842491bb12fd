/* The audit's versioned query table (db/queries.c) and its small pure helpers: no server needed.
 * The queries themselves run against real servers 13–18 in tests/audit/t-audit.sh. */
#include <ctype.h>
#include <stdlib.h>

#include "audit/evidence.h"
#include "audit/sample.h"
#include "common/quantity.h"
#include "db/queries.h"
#include "harness.h"

static const int versions[] = {130000, 130023, 140000, 150018, 160000,
                               170000, 170010, 180000, 180004};
#define N_VERSIONS (sizeof(versions) / sizeof(versions[0]))

/* At most one query per id applies to any version: the ranges must not overlap. */
static void test_no_overlap(void)
{
    size_t n;
    const DbQuery *table = db_query_table(&n);
    for (size_t query_idx = 0; query_idx < n; query_idx++)
        for (size_t ver_idx = 0; ver_idx < N_VERSIONS; ver_idx++) {
            int applies = 0;
            for (size_t other = 0; other < n; other++)
                if (!strcmp(table[other].id, table[query_idx].id) &&
                    db_query_find(table[other].id, versions[ver_idx]) == &table[other])
                    applies++;
            CHECK(applies <= 1);
        }
}

static bool has_word(const char *sql, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = sql; (p = strcasestr(p, word)) != NULL; p += len) {
        bool start = p == sql || (!isalnum((unsigned char)p[-1]) && p[-1] != '_');
        bool end = !isalnum((unsigned char)p[len]) && p[len] != '_';
        if (start && end)
            return true;
    }
    return false;
}

/* Shapes are declared with known letters, and no statement can write. */
static void test_shapes_and_read_only(void)
{
    static const char *const writes[] = {"insert",   "update", "delete", "create", "alter", "drop",
                                         "truncate", "grant",  "copy",   "vacuum", "set"};
    size_t n;
    const DbQuery *table = db_query_table(&n);
    CHECK(n >= 12);
    for (size_t query_idx = 0; query_idx < n; query_idx++) {
        const DbQuery *query = &table[query_idx];
        CHECK(query->types[0] != '\0');
        CHECK(strspn(query->types, "tifb") == strlen(query->types));
        CHECK(!strncmp(query->sql, "select ", 7));
        for (size_t word_idx = 0; word_idx < sizeof(writes) / sizeof(writes[0]); word_idx++)
            CHECK(!has_word(query->sql, writes[word_idx]));
    }
}

/* The version facts of the statistics views (facts B.7 / C.2). */
static void test_version_ranges(void)
{
    CHECK(db_query_find("io", 150018) == NULL);
    CHECK(db_query_find("io", 160000) != NULL);
    CHECK(db_query_find("wal", 130023) == NULL);
    CHECK(db_query_find("wal", 140000) != NULL);
    CHECK(strstr(db_query_find("checkpoints", 160000)->sql, "pg_stat_bgwriter") != NULL);
    CHECK(strstr(db_query_find("checkpoints", 170000)->sql, "pg_stat_checkpointer") != NULL);
    CHECK(strstr(db_query_find("wal", 170010)->sql, "wal_sync_time") != NULL);
    CHECK(strstr(db_query_find("wal", 180000)->sql, "wal_sync_time") == NULL);
    CHECK(strstr(db_query_find("connections", 160000)->sql, "reserved_connections") != NULL);
    CHECK(db_query_find("settings", 130000) != NULL);
    /* the horizon's holders and the archiver on every major; pg_stat_statements_info from 14 */
    CHECK(db_query_find("horizon", 130000) != NULL && db_query_find("horizon", 180000) != NULL);
    CHECK(strstr(db_query_find("horizon", 130000)->sql, "pg_prepared_xacts") != NULL);
    CHECK(db_query_find("archiver", 130000) != NULL);
    CHECK(db_query_find("archive_waiting", 130000) != NULL);
    CHECK(db_query_find("pgss_info", 130023) == NULL);
    CHECK(db_query_find("pgss_info", 140000) != NULL);
    CHECK(db_query_find("no_such_query", 180000) == NULL);
    CHECK(db_query_known("wal") && !db_query_known("no_such_query"));
}

static void test_durations(void)
{
    double seconds = 0;
    CHECK(pk_parse_duration("10s", 0.1, 3600, &seconds) && pk_near(seconds, 10));
    CHECK(pk_parse_duration("500ms", 0.1, 3600, &seconds) && seconds > 0.49 && seconds < 0.51);
    CHECK(pk_parse_duration("2min", 0.1, 3600, &seconds) && pk_near(seconds, 120));
    CHECK(pk_parse_duration("3", 0.1, 3600, &seconds) && pk_near(seconds, 3));
    CHECK(!pk_parse_duration("", 0.1, 3600, &seconds));
    CHECK(!pk_parse_duration("10x", 0.1, 3600, &seconds));
    CHECK(!pk_parse_duration("-5s", 0.1, 3600, &seconds));
    CHECK(!pk_parse_duration("50ms", 0.1, 3600, &seconds)); /* below one sample */
    CHECK(!pk_parse_duration("2h", 0.1, 3600, &seconds));   /* above the bound */
    CHECK(!pk_parse_duration("nan", 0.1, 3600, &seconds));
}

int main(void)
{
    test_no_overlap();
    test_shapes_and_read_only();
    test_version_ranges();
    test_durations();
    PK_TEST_DONE();
}
