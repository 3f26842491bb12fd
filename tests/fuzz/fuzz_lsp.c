/* libFuzzer target: the language server's input stream on arbitrary bytes (Content-Length
 * frames, JSON-RPC messages, document texts and positions). The bytes are served to lsp_serve
 * as its stdin through a memory file; replies go to /dev/null. Validation only (no rule packs),
 * so each input stays fast. */
// fuzz-seeds: tests/fuzz/corpus/lsp/*
// fuzz-slow: every document an input opens is linted (a snapshot of the target's whole catalog each
// time), about 300 executions a second under ASan
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lsp/lsp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    int fd = memfd_create("fuzz-lsp", MFD_CLOEXEC);
    if (fd < 0)
        abort();
    if (size && write(fd, data, size) != (ssize_t)size)
        abort();
    lseek(fd, 0, SEEK_SET);
    LspOpts opts = {.rules = {.disabled_all = true}};
    PkDiag diag = PK_DIAG_INIT;
    lsp_serve(fd, sink, &opts, &diag);
    pk_diag_free(&diag);
    close(fd);
    return 0;
}
