/* libFuzzer target: reading a configuration's evident intent (lint/intent.c: the header's
 * purpose, host facts in comments, authored comments, copy-on-write storage) on arbitrary bytes,
 * then its comparison with host facts. intent_read reads the files again, so each input is
 * written to a temporary file first. Seeds: the configuration reader's cases. */
// fuzz-seeds: tests/conf/cases/*/postgresql.conf tests/lint/intent/*.conf
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/diag.h"
#include "conf/conf.h"
#include "lint/intent.h"
#include "model/snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof(path), "/tmp/pgknob-fuzz-intent-%d.conf", (int)getpid());
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
        conf_set_free(&set);
        return 0;
    }
    Snapshot snap = {0};
    snapshot_from_conf(&snap, &set, catalog_for_major(PK_DEFAULT_MAJOR));
    Intent intent;
    intent_read(&set, &snap, &intent);
    snap.intent = &intent;
    FindingList out = {0};
    bool with_host = size && (data[0] & 1);
    if (with_host) {
        snap.host.ram_bytes = 4.0 * 1024 * 1024 * 1024;
        snap.host.cores = 4;
    }
    intent_check_host(&intent, &snap, with_host, path, &out);
    intent_note_purpose(&intent, &out);
    intent_soften(&intent, PK_DEFAULT_MAJOR, &out, 0, out.n);
    for (size_t idx = 0; idx < set.n_entries; idx++)
        (void)intent_comment_at(&intent, set.entries[idx].file, set.entries[idx].line);
    findings_free(&out);
    snap.intent = NULL;
    intent_free(&intent);
    snapshot_free(&snap);
    conf_set_free(&set);
    return 0;
}
