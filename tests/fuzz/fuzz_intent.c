/* libFuzzer target: reading a configuration's evident intent (lint/intent.c: the header's
 * purpose, host facts in comments, authored comments, copy-on-write storage, deliberate marks,
 * a pooler, an application) on arbitrary bytes,
 * then its comparison with host facts. intent_read reads the files again, so each input is
 * written to a temporary file first. Seeds: the configuration reader's cases. */
// fuzz-seeds: tests/conf/cases/*/postgresql.conf tests/lint/intent/*.conf
// fuzz-slow: each input is written to a temporary file and read back, as intent_read reads
// files: about 2,600 executions a second on the idle 2-core VM, under 1,000 at load 10
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/diag.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "lint/intent.h"
#include "host/host.h"
#include "model/snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* alone in a directory of its own (in memory where there is /dev/shm): a relative include
     * or include_dir finds nothing */
    static char path[96];
    if (!path[0]) {
        char dir[64];
        snprintf(dir, sizeof(dir), "%s/pgknob-fuzz-intent-%d",
                 access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm", (int)getpid());
        if (mkdir(dir, 0700) && errno != EEXIST)
            return 0;
        snprintf(path, sizeof(path), "%s/postgresql.conf", dir);
    }
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return 0;
    fwrite(data, 1, size, fp);
    fclose(fp);
    ConfSet set = {0};
    ConfLoadOpts opts = {0};
    PkDiag diag = PK_DIAG_INIT;
    bool loaded = conf_load(path, &opts, &set, &diag);
    pk_diag_free(&diag);
    if (!loaded) {
        arena_free(set.arena);
        return 0;
    }
    /* the host comparison reads a snapshot's settings and host: one of the defaults, built
     * once (building one per input would be most of the time spent) */
    static Snapshot base;
    static ConfSet none;
    if (!base.catalog)
        snapshot_from_conf(&base, &none, catalog_for_major(PK_DEFAULT_MAJOR));
    host_facts_clear(&base.host);
    Intent intent;
    intent_read(&set, &intent);
    base.intent = &intent;
    FindingList out = {0};
    bool with_host = size && (data[0] & 1);
    if (with_host) {
        base.host.ram_bytes = 4.0 * 1024 * 1024 * 1024;
        base.host.cores = 4;
    }
    intent_check_host(&intent, &base, with_host ? "--host" : NULL, path, &out);
    intent_note_purpose(&intent, &out);
    intent_soften(&intent, PK_DEFAULT_MAJOR, &out, 0, out.n);
    /* what the file marks deliberate, a pooler, an application: on a warning of each kind, at
     * the input's first line */
    static const char *const kinds[][2] = {
        {"PK2002", "memory"}, {"PK4008", "autovacuum"}, {"PK8001", "security"}};
    for (size_t kind = 0; kind < sizeof(kinds) / sizeof(kinds[0]); kind++) {
        Finding *f =
            findings_add(&out, kinds[kind][0], kinds[kind][0], SEV_WARNING, kinds[kind][1]);
        f->suggestion = finding_strdup(f, "x (or use a pooler)");
        f->file = finding_strdup(f, path);
        f->line = 1;
    }
    intent_deliberate(&intent, &base, &out, 0, out.n);
    for (size_t idx = 0; idx < set.n_entries; idx++)
        (void)intent_comment_at(&intent, set.entries[idx].file, set.entries[idx].line);
    arena_free(out.arena);
    base.intent = NULL;
    arena_free(intent.arena);
    arena_free(set.arena);
    return 0;
}
