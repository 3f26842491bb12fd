/* libFuzzer target: the MCP server's input stream on arbitrary bytes (newline-delimited
 * JSON-RPC: initialize, server/discover, _meta versions, tools/call arguments, resources). The
 * bytes are its stdin through a memory file; replies go to /dev/null. No program is given, so a
 * tool call checks its arguments and fails where it would start pgknob: nothing is spawned. */
// fuzz-seeds: tests/fuzz/corpus/mcp/*
// fuzz-slow: a resources/read of a catalog writes the JSON of a whole major's catalog (350
// parameters), about 550 executions a second
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "mcp/mcp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
    if (!in)
        return 0; /* fmemopen refuses an empty buffer */
    static const char *const roots[] = {"/nonexistent-root"};
    McpOptions opts = {roots, 1, NULL, NULL};
    mcp_serve(in, sink, &opts);
    fclose(in);
    return 0;
}
