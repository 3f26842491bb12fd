/* `pgknob mcp`: a Model Context Protocol server over stdio for coding agents. It speaks the
 * modern revision (2026-07-28: every request carries its version in _meta, server/discover)
 * and, for the clients that still open with `initialize`, the legacy revisions 2025-03-26 to
 * 2025-11-25 (a dual-era server). Each tool call runs pgknob's own command as a child process
 * with bounded time and output, so a tool answers exactly what the command line answers and a
 * crash or a hostile input never takes the server down. */
#ifndef PK_MCP_H
#define PK_MCP_H

#include <stddef.h>
#include <stdio.h>

typedef struct McpOptions {
    const char *const *roots; /* resolved directories tool paths must lie within */
    size_t n_roots;
    const char *audit_dsn; /* the one server `audit` may read; NULL: the tool is not offered */
    const char *exe;       /* pgknob itself, for the child processes; NULL: tools fail */
} McpOptions;

/* Serves requests from `in` until it closes. Returns 0. */
int mcp_serve(FILE *in, FILE *out, const McpOptions *opts);

#endif
