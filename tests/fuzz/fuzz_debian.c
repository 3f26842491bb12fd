/* libFuzzer target for the deployment files reader (src/lint/debian.c), which PK0105 asks where
 * a postgresql.conf is written and major.c asks which Debian cluster a file is installed into:
 * arbitrary bytes as a module's shell script and as its Ansible tasks, beside a pg_hba.conf and
 * a postgresql.conf in its files/.
 * Beyond not crashing, it checks the promise: a major it gives is a plain version (0 before 10,
 * else 10 to 99), and what it cites is a terminated string. Built by tests/fuzz/run.sh. */
// fuzz-seeds: tests/fuzz/corpus/debian/*
// fuzz-slow: each input is written to two files of a temporary checkout and read back, as the
// lint reads a module's deployment files
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_tree.h"
#include "lint/debian.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const dirs[] = {".git", "files", NULL};
static const char *const files[] = {"files/pg_hba.conf", "files/postgresql.conf", "bootstrap.sh",
                                    "tasks.yml", NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *root = fuzz_tree_make("debian", dirs, files);
    char path[128];
    static const char *const inputs[] = {"bootstrap.sh", "tasks.yml", NULL};
    if (!fuzz_tree_write(inputs, data, size))
        return 0;
    char where[512], label[16];
    int major = -1;
    memset(where, 'x', sizeof where);
    snprintf(path, sizeof path, "%s/files/pg_hba.conf", root);
    if (lint_debian_install_major(path, label, &major, where, sizeof where) &&
        (!memchr(label, '\0', sizeof label) || !label[0] || !memchr(where, '\0', sizeof where) ||
         (major != 0 && (major < 10 || major > 99))))
        abort();
    memset(where, 'x', sizeof where);
    snprintf(path, sizeof path, "%s/files/postgresql.conf", root);
    if (lint_debian_destination(path, where, sizeof where) && !memchr(where, '\0', sizeof where))
        abort();
    return 0;
}
