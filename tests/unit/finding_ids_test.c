/* Unit tests for the finding ID table (src/model/finding_ids.c): every row is whole and unique,
 * and the files it names as raising it do raise it, so the table cannot drift from the code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/finding_ids.h"
#include "harness.h"

/* The text of src/PATH, or NULL. Caller frees. Unit tests run in the project root. */
static char *slurp(const char *path)
{
    char full[256];
    snprintf(full, sizeof(full), "src/%s", path);
    FILE *fp = fopen(full, "r");
    if (!fp)
        return NULL;
    char *text = calloc(1, 1 << 20);
    size_t n = fread(text, 1, (1 << 20) - 1, fp);
    text[n] = '\0';
    fclose(fp);
    return text;
}

static void test_rows(void)
{
    size_t n;
    const FindingId *rows = finding_ids(&n);
    CHECK(n >= 57);
    for (size_t idx = 0; idx < n; idx++) {
        const FindingId *row = &rows[idx];
        CHECK(strlen(row->id) == 6 && !strncmp(row->id, "PK0", 3));
        CHECK(strchr(row->name, '.') != NULL);
        CHECK(row->title && *row->title && row->summary && *row->summary);
        CHECK(row->severity >= SEV_NOTICE && row->severity <= SEV_ERROR);
        CHECK(finding_id_find(row->id) == row); /* unique */
        if (!row->where) {
            fprintf(stderr, "%s names no file that raises it\n", row->id);
            CHECK(row->where != NULL);
            continue;
        }
        /* "lint/lint_hba.c audit/audit_hba.c": each file holds the id */
        char *files = strdup(row->where), *save = NULL;
        for (char *file = strtok_r(files, " ", &save); file; file = strtok_r(NULL, " ", &save)) {
            char *text = slurp(file), quoted[16];
            snprintf(quoted, sizeof(quoted), "\"%s\"", row->id);
            if (!text || !strstr(text, quoted))
                fprintf(stderr, "%s: %s does not raise it\n", row->id, file);
            CHECK(text && strstr(text, quoted));
            free(text);
        }
        free(files);
    }
    CHECK(finding_id_find("PK9999") == NULL);
}

static void test_raise(void)
{
    FindingList list = {0};
    Finding *f = finding_raise(&list, "PK0210", NULL);
    CHECK_STR(f->rule_id, "PK0210");
    CHECK_STR(f->rule_name, "hba.shadowed-line");
    CHECK_STR(f->category, "hba");
    CHECK_STR(f->title, "pg_hba.conf line shadowed by an earlier line");
    CHECK(f->severity == SEV_WARNING);
    f = finding_raise(&list, "PK0910", strdup("\"work_mem\" differs"));
    CHECK_STR(f->category, "audit");
    CHECK_STR(f->title, "\"work_mem\" differs");
    CHECK(list.n == 2);
    arena_free(list.arena);
}

int main(void)
{
    test_rows();
    test_raise();
    PK_TEST_DONE();
}
