/* Unit tests for the one table of units (src/common/units.c): every unit each major's catalog
 * uses is a base unit the table knows, and every server unit parses and formats back to the
 * same quantity; pgknob's extra spellings are taken only from its own inputs; bad units get the
 * server's hint; the three styles of writing a quantity. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "common/units.h"
#include "harness.h"

static bool parses(const char *text, PkUnitKind kind, bool server_only, double expected)
{
    double got = -1;
    return pk_units_parse(text, kind, server_only, 1.0, &got, NULL) && pk_near(got, expected);
}

static void test_server_units(void)
{
    const PkUnit *units;
    size_t n = pk_units_server(PK_UNIT_SIZE, &units);
    CHECK(n == 5 && !strcmp(units[0].name, "TB") && !strcmp(units[4].name, "B"));
    n = pk_units_server(PK_UNIT_TIME, &units);
    CHECK(n == 6 && !strcmp(units[0].name, "d") && !strcmp(units[5].name, "us"));
    /* every server unit, both kinds, parses back from its own name and from a formatted value */
    for (PkUnitKind kind = PK_UNIT_SIZE; kind <= PK_UNIT_TIME; kind++) {
        n = pk_units_server(kind, &units);
        for (size_t row = 0; row < n; row++) {
            char text[32];
            snprintf(text, sizeof(text), "3%s", units[row].name);
            CHECK(parses(text, kind, true, 3 * units[row].factor));
            char *exact = pk_units_format(3 * units[row].factor, kind, PK_UNITS_EXACT, NULL);
            CHECK(parses(exact, kind, true, 3 * units[row].factor));
            free(exact);
        }
    }
}

static void test_extras(void)
{
    CHECK(parses("16GiB", PK_UNIT_SIZE, false, 16.0 * 1073741824));
    CHECK(parses("2 KiB", PK_UNIT_SIZE, false, 2048));
    CHECK(parses("5m", PK_UNIT_TIME, false, 5 * 60e6));
    /* the server does not take them: a setting's value is never read with them */
    CHECK(!parses("16GiB", PK_UNIT_SIZE, true, 16.0 * 1073741824));
    CHECK(!parses("5m", PK_UNIT_TIME, true, 5 * 60e6));
    /* case-sensitive, as the server */
    CHECK(!parses("16gb", PK_UNIT_SIZE, false, 16.0 * 1073741824));
    CHECK(!parses("1MIN", PK_UNIT_TIME, false, 60e6));
}

static void test_refusals(void)
{
    double got = 7;
    const char *hint = "unset";
    CHECK(!pk_units_parse("4 parsecs", PK_UNIT_SIZE, true, 1, &got, &hint));
    CHECK_STR(hint,
              "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
    CHECK(!pk_units_parse("4 parsecs", PK_UNIT_TIME, true, 1, &got, &hint));
    CHECK_STR(hint, "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", "
                    "and \"d\".");
    CHECK(!pk_units_parse("4gb", PK_UNIT_SIZE, false, 1, &got, &hint) && strstr(hint, "GiB"));
    /* not a unit's fault: no hint */
    CHECK(!pk_units_parse("-1kB", PK_UNIT_SIZE, true, 1, &got, &hint) && hint == NULL);
    CHECK(!pk_units_parse("", PK_UNIT_SIZE, true, 1, &got, &hint) && hint == NULL);
    CHECK(!pk_units_parse(NULL, PK_UNIT_SIZE, true, 1, &got, &hint));
    CHECK(!pk_units_parse("nan", PK_UNIT_SIZE, true, 1, &got, NULL));
    CHECK(!pk_units_parse("inf", PK_UNIT_SIZE, true, 1, &got, NULL));
    CHECK(!pk_units_parse("1e999", PK_UNIT_SIZE, true, 1, &got, NULL));
    CHECK(!pk_units_parse("5s ", PK_UNIT_TIME, true, 1, &got, NULL));
    CHECK(pk_near(got, 7)); /* untouched on failure */
    /* a bare number takes the caller's unit */
    CHECK(pk_units_parse("90", PK_UNIT_TIME, true, 1e6, &got, NULL) && pk_near(got, 90e6));
}

/* Every unit each major's catalog uses: a base the table knows, and the boot value of each
 * parameter, written in the largest exact unit, reads back as the same quantity. */
static void test_catalog_units(void)
{
    int params_with_units = 0;
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        const Catalog *cat = catalog_for_major(major);
        CHECK(cat != NULL);
        for (size_t idx = 0; cat && idx < cat->n_params; idx++) {
            const CatalogParam *param = &cat->params[idx];
            if (!param->unit || (param->type != GUC_INTEGER && param->type != GUC_REAL))
                continue;
            params_with_units++;
            PkUnitKind kind;
            double base;
            if (!pk_unit_base(param->unit, &kind, &base)) {
                CHECK(!"a catalog unit the table does not know");
                fprintf(stderr, "  %d %s unit \"%s\"\n", major, param->name, param->unit);
                continue;
            }
            double boot = atof(param->boot_val);
            if (boot <= 0)
                continue;
            double value = boot * base;
            char *text = pk_units_format(value, kind, PK_UNITS_EXACT, NULL);
            if (!parses(text, kind, true, value)) {
                CHECK(!"a formatted boot value does not read back");
                fprintf(stderr, "  %d %s = %s (%s)\n", major, param->name, text, param->boot_val);
            }
            free(text);
        }
    }
    CHECK(params_with_units > 6 * 60); /* the catalogs were read: about 70 a major */
    PkUnitKind kind;
    double base;
    CHECK(pk_unit_base("8kB", &kind, &base) && kind == PK_UNIT_SIZE && pk_near(base, 8192));
    CHECK(pk_unit_base("16MB", &kind, &base) && pk_near(base, 16.0 * 1048576));
    CHECK(pk_unit_base("min", &kind, &base) && kind == PK_UNIT_TIME && pk_near(base, 60e6));
    CHECK(!pk_unit_base("h", &kind, &base) && !pk_unit_base("8s", &kind, &base));
    CHECK(!pk_unit_base("GiB", &kind, &base) && !pk_unit_base("", &kind, &base));
    /* a unit the server rejects whose meaning is clear gets the server's spelling, by kind */
    CHECK_STR(pk_unit_meant("mb", PK_UNIT_SIZE), "MB");
    CHECK_STR(pk_unit_meant("MIN", PK_UNIT_TIME), "min");
    CHECK_STR(pk_unit_meant("Us", PK_UNIT_TIME), "us");
    CHECK_STR(pk_unit_meant("gib", PK_UNIT_SIZE), "GB");
    CHECK_STR(pk_unit_meant("M", PK_UNIT_SIZE), "MB");
    CHECK_STR(pk_unit_meant("k", PK_UNIT_SIZE), "kB");
    CHECK_STR(pk_unit_meant("bytes", PK_UNIT_SIZE), "B");
    CHECK_STR(pk_unit_meant("mins", PK_UNIT_TIME), "min");
    CHECK_STR(pk_unit_meant("Seconds", PK_UNIT_TIME), "s");
    CHECK_STR(pk_unit_meant("msec", PK_UNIT_TIME), "ms");
    CHECK_STR(pk_unit_meant("days", PK_UNIT_TIME), "d");
    /* not clear: "m" in a time (minutes or a clipped ms), a size word in a time, no unit at all */
    CHECK(!pk_unit_meant("m", PK_UNIT_TIME) && !pk_unit_meant("MB", PK_UNIT_TIME));
    CHECK(!pk_unit_meant("sec", PK_UNIT_SIZE) && !pk_unit_meant("parsecs", PK_UNIT_TIME));
    CHECK(!pk_unit_meant("", PK_UNIT_SIZE) && !pk_unit_meant(NULL, PK_UNIT_SIZE));
}

static void check_format(double value, PkUnitKind kind, PkUnitStyle style, const char *smallest,
                         const char *expected)
{
    char *text = pk_units_format(value, kind, style, smallest);
    CHECK_STR(text, expected);
    free(text);
}

static void test_format(void)
{
    const double MB = 1048576;
    check_format(128 * MB, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL, "128MB");
    check_format(1536 * MB, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL, "1536MB");
    check_format(1000, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL, "1000B");
    check_format(0, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL, "0B");
    check_format(300e6, PK_UNIT_TIME, PK_UNITS_EXACT, NULL, "5min");
    check_format(1500, PK_UNIT_TIME, PK_UNITS_EXACT, NULL, "1500us");
    check_format(1536 * MB, PK_UNIT_SIZE, PK_UNITS_SCALED, NULL, "1.5GB");
    check_format(2250e3, PK_UNIT_TIME, PK_UNITS_SCALED, NULL, "2.25s");
    check_format(500, PK_UNIT_TIME, PK_UNITS_SCALED, NULL, "500us");
    check_format(0, PK_UNIT_TIME, PK_UNITS_SCALED, "ms", "0ms");
    check_format(1536 * MB, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL, "1.5 GB");
    check_format(512, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL, "512 B");
    check_format(150e6, PK_UNIT_TIME, PK_UNITS_READABLE, NULL, "2.5 min");
}

int main(void)
{
    test_server_units();
    test_extras();
    test_refusals();
    test_catalog_units();
    test_format();
    PK_TEST_DONE();
}
