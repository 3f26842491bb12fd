/* The MCP server's tools and resources (mcp_tools.c); the protocol is mcp_server.c's. */
#ifndef PK_MCP_TOOLS_H
#define PK_MCP_TOOLS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "mcp/mcp.h"

typedef struct McpTool {
    const char *name, *title, *description;
    const char *arguments; /* the argument names it takes, space-separated */
    const char *required;  /* those it needs, or NULL */
    json_t *(*call)(const McpOptions *opts, const json_t *args); /* a CallToolResult */
    bool offline; /* false: offered only when the server was started with --audit-dsn */
} McpTool;

const McpTool *mcp_tools(size_t *n);
bool mcp_tool_offered(const McpTool *tool, const McpOptions *opts);
/* The tool as tools/list shows it. */
json_t *mcp_tool_definition(const McpTool *tool);
/* The first argument the tool does not take, or NULL. */
const char *mcp_tool_unknown_argument(const McpTool *tool, const json_t *args);

/* resources/list's entries; resources/read's contents, or NULL with *error set. */
json_t *mcp_resources_list(const McpOptions *opts);
json_t *mcp_resource_read(const McpOptions *opts, const char *uri, const char **error);

#endif
