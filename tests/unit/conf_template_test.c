/* A template's value as the literals its renderings print (conf_template_literal_branches). */
#include <stdlib.h>

#include "conf/conf_template.h"
#include "harness.h"

static size_t branches(const char *value, char **out)
{
    return conf_template_literal_branches(value, out, 4);
}

static void free_all(char **lits, size_t n)
{
    for (size_t idx = 0; idx < n; idx++)
        free(lits[idx]);
}

static void test_jinja(void)
{
    char *lits[4];
    size_t n = branches("{{ \"on\" if x else \"off\" }}", lits);
    CHECK(n == 2);
    if (n == 2) {
        CHECK_STR(lits[0], "on");
        CHECK_STR(lits[1], "off");
    }
    free_all(lits, n);
    n = branches("'{{- '100ms' if a == \"b\" else 5 if c else '-1' -}}'  # comment", lits);
    CHECK(n == 3);
    if (n == 3) {
        CHECK_STR(lits[0], "100ms");
        CHECK_STR(lits[1], "5");
        CHECK_STR(lits[2], "-1");
    }
    free_all(lits, n);
    /* the text after the tag is each rendering's too (review 2026-12zo, h60a 10) */
    n = branches("{{ '16' if big else '4' }}MB  # min 64kB", lits);
    CHECK(n == 2);
    if (n == 2) {
        CHECK_STR(lits[0], "16MB");
        CHECK_STR(lits[1], "4MB");
    }
    free_all(lits, n);
    n = branches("{{ '16' if big else '4' }}{{ unit }}", lits);
    CHECK(n == 0);
    free_all(lits, n);
}

static void test_erb(void)
{
    char *lits[4];
    size_t n = branches("<%= @analyze ? 'on' : 'off' %>", lits);
    CHECK(n == 2);
    if (n == 2) {
        CHECK_STR(lits[0], "on");
        CHECK_STR(lits[1], "off");
    }
    free_all(lits, n);
}

/* a variable, a filter or a call is a value nobody can know unrendered */
static void test_unknown(void)
{
    char *lits[4];
    CHECK(branches("{{ value }}", lits) == 0);
    CHECK(branches("{{ on if x else off }}", lits) == 0);
    CHECK(branches("{{ \"on\" if x else y }}", lits) == 0);
    CHECK(branches("{{ \"on\" if x }}", lits) == 0);
    CHECK(branches("{{ \"on\" | upper }}", lits) == 0);
    CHECK(branches("<%= @x %>", lits) == 0);
    CHECK(branches("on", lits) == 0);
    CHECK(branches(NULL, lits) == 0);
}

int main(void)
{
    test_jinja();
    test_erb();
    test_unknown();
    PK_TEST_DONE();
}
