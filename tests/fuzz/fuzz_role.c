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
#include <sys/stat.h>
#include <unistd.h>

#include "lint/role.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[64];

/* the role is removed when the fuzzer exits: nothing is left in /tmp */
static void remove_role(void)
{
    static const char *const parts[] = {"/templates/pg_hba.conf.j2",
                                        "/defaults/main.yml",
                                        "/tasks/main.yml",
                                        "/templates",
                                        "/defaults",
                                        "/tasks",
                                        "/.git",
                                        ""};
    char path[160];
    for (size_t idx = 0; idx < sizeof parts / sizeof parts[0]; idx++) {
        snprintf(path, sizeof path, "%s%s", root, parts[idx]);
        if (unlink(path) != 0)
            rmdir(path);
    }
}

static void make_role(void)
{
    atexit(remove_role);
    snprintf(root, sizeof root, "/tmp/pgknob-fuzz-role.%d", (int)getpid());
    char path[128];
    mkdir(root, 0700);
    snprintf(path, sizeof path, "%s/.git", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/templates", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/defaults", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/tasks", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/attributes", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/templates/pg_hba.conf.j2", root);
    FILE *f = fopen(path, "w");
    if (f)
        fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!root[0])
        make_role();
    char path[128];
    static const char *const inputs[] = {"defaults/main.yml", "tasks/main.yml",
                                         "attributes/default.rb"};
    for (size_t idx = 0; idx < 3; idx++) {
        snprintf(path, sizeof path, "%s/%s", root, inputs[idx]);
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        fwrite(data, 1, size, f);
        fclose(f);
    }
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
