/* libFuzzer target for the Ansible variables reader (src/lint/role.c), which major.c asks for
 * the major a role renders a template for: arbitrary bytes as a role's defaults/main.yml, as
 * its tasks/main.yml and as a Chef cookbook's attributes/default.rb (read when the variables
 * name none).
 * Beyond not crashing, it checks the promise: a major it gives is a plain version whose line
 * lies within the input. Built by tests/fuzz/run.sh. */
// fuzz-sources: src/lint/role.c src/input/major_evidence.c src/common/readfile.c
// src/common/xalloc.c src/common/diag.c src/common/strbuf.c src/common/arena.c
// fuzz-libs: -lyaml
// fuzz-seeds: tests/fuzz/corpus/role/*
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_tree.h"
#include "lint/role.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const dirs[] = {".git", "templates", "defaults", "tasks", "attributes", NULL};
static const char *const files[] = {"templates/pg_hba.conf.j2", "defaults/main.yml",
                                    "tasks/main.yml", "attributes/default.rb", NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *root = fuzz_tree_make("role", dirs, files);
    char path[128];
    static const char *const inputs[] = {"defaults/main.yml", "tasks/main.yml",
                                         "attributes/default.rb", NULL};
    if (!fuzz_tree_write(inputs, data, size))
        return 0;
    snprintf(path, sizeof path, "%s/templates/pg_hba.conf.j2", root);
    RoleMajor role;
    if (lint_role_major(path, &role)) {
        size_t lines = 1;
        for (size_t idx = 0; idx < size; idx++)
            lines += data[idx] == '\n';
        if (!memchr(role.label, '\0', sizeof role.label) || !role.label[0] || role.line < 1 ||
            (size_t)role.line > lines || (role.major && (role.major < 10 || role.major > 99)))
            abort();
    }
    return 0;
}
