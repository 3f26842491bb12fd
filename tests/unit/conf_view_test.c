/* Unit tests for the offline pg_file_settings view (src/conf/conf_view.c): applied entries and
 * their base-unit values; earlier entries spelled exactly alike superseded, other spellings kept;
 * custom ext.name entries always applied; an unknown name stops the view before anything
 * applies; a value that does not parse "could not be applied"; a syntax error applies nothing. */
#include <stdbool.h>
#include <string.h>

#include "conf/conf.h"
#include "catalog/catalog.h"
#include "conf/conf_view.h"
#include "harness.h"

static ConfSet set;
static ConfView view;

static void load(const char *text, int major)
{
    arena_free(view.arena);
    arena_free(set.arena);
    memset(&set, 0, sizeof(set));
    conf_load_buffer("t.conf", text, strlen(text), &set);
    conf_view_compute(&set, major, &view);
}

static void test_applied(void)
{
    load("work_mem = 4MB\nwork_mem = 8MB\nWORK_MEM = 16MB\nmyext.knob = anything\n", 17);
    CHECK(view.n == 4 && view.major == 17);
    CHECK(view.rows[0].ignored && !view.rows[0].applied);
    CHECK(view.rows[1].applied && !view.rows[1].ignored);
    CHECK_STR(view.rows[1].normalized, "8192");
    CHECK(view.rows[2].applied); /* the view compares names with strcmp */
    CHECK(view.rows[3].applied && view.rows[3].error == NULL);
    /* no catalog for 12: the default major */
    load("work_mem = 4MB\n", 12);
    CHECK(view.major == PK_DEFAULT_MAJOR);
}

static void test_errors(void)
{
    load("work_mem = 4MB\nwork_mme = 8MB\n", 17);
    CHECK(!view.rows[0].applied && view.rows[0].error == NULL);
    CHECK_STR(view.rows[1].error, "unrecognized configuration parameter");
    CHECK(view.rows[1].hint && strstr(view.rows[1].hint, "work_mem"));
    load("work_mem = lots\nshared_buffers = 1GB\n", 16);
    CHECK_STR(view.rows[0].error, "setting could not be applied");
    CHECK(view.rows[1].applied);
    load("work_mem = 4MB\nshared_buffers = = 1\n", 16);
    CHECK(!view.rows[0].applied && view.rows[1].error != NULL);
}

int main(void)
{
    test_applied();
    test_errors();
    arena_free(view.arena);
    arena_free(set.arena);
    PK_TEST_DONE();
}
