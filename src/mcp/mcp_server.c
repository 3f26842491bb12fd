/* The MCP protocol over stdio: newline-delimited JSON-RPC, the two eras of the lifecycle, and
 * dispatch to the tools and resources. */
#include "mcp/mcp.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/strbuf.h"
#include "common/version.h"
#include "mcp/mcp_tools.h"

/* A message longer than this is refused whole (its text read and dropped): requests are small,
 * and a configuration's text has its own, lower limit. */
#define MCP_MESSAGE_LIMIT (16u << 20)

#define MODERN_VERSION "2026-07-28"
#define META_VERSION "io.modelcontextprotocol/protocolVersion"
/* The legacy revisions a client may open with `initialize`, newest first. */
static const char *const legacy_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26"};

#define ERR_PARSE -32700
#define ERR_INVALID_REQUEST -32600
#define ERR_METHOD_NOT_FOUND -32601
#define ERR_INVALID_PARAMS -32602
#define ERR_UNSUPPORTED_VERSION -32022

typedef struct Server {
    FILE *out;
    const McpOptions *opts;
    const char *legacy_version; /* set by initialize: this process serves a legacy client */
} Server;

static void send_message(Server *srv, json_t *message)
{
    /* one line: the transport forbids newlines inside a message (JSON escapes them in strings) */
    char *text = json_dumps(message, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(message);
    if (!text)
        return;
    fputs(text, srv->out);
    fputc('\n', srv->out);
    fflush(srv->out);
    free(text);
}

static void reply(Server *srv, json_t *id, json_t *result, bool modern)
{
    if (modern && json_is_object(result))
        json_object_set_new(result, "resultType", json_string("complete"));
    json_t *msg = json_object();
    pk_json_set(msg, "jsonrpc", json_string("2.0"));
    pk_json_set(msg, "id", json_incref(id));
    pk_json_set(msg, "result", result);
    send_message(srv, msg);
}

static void reply_error(Server *srv, json_t *id, int code, const char *message, json_t *data)
{
    json_t *err = json_object();
    pk_json_set(err, "code", json_integer(code));
    pk_json_set(err, "message", pk_json_str(message));
    if (data)
        pk_json_set(err, "data", data);
    json_t *msg = json_object();
    pk_json_set(msg, "jsonrpc", json_string("2.0"));
    pk_json_set(msg, "id", id ? json_incref(id) : json_null());
    pk_json_set(msg, "error", err);
    send_message(srv, msg);
}

static json_t *supported_versions(void)
{
    json_t *list = json_array();
    json_array_append_new(list, json_string(MODERN_VERSION));
    for (size_t idx = 0; idx < sizeof(legacy_versions) / sizeof(legacy_versions[0]); idx++)
        json_array_append_new(list, json_string(legacy_versions[idx]));
    return list;
}

static json_t *capabilities(void)
{
    return json_pack("{s:{},s:{}}", "tools", "resources");
}

static const char *instructions(void)
{
    return "pgknob checks PostgreSQL configuration against the real parameter catalog of each "
           "major (13-18). Use lint for findings, explain for a rule or a parameter, fix for "
           "verified changes (a diff; nothing is written), settings and hba for what the server "
           "would read, upgrade for a plan between majors.";
}

static json_t *server_info(void)
{
    return json_pack("{s:s,s:s,s:s}", "name", "pgknob", "title", "pgknob", "version", PK_VERSION);
}

static void handle_initialize(Server *srv, json_t *id, const json_t *params)
{
    const char *asked = pk_json_get_str(params, "protocolVersion");
    const char *chosen = legacy_versions[0];
    for (size_t idx = 0; asked && idx < sizeof(legacy_versions) / sizeof(legacy_versions[0]); idx++)
        if (!strcmp(asked, legacy_versions[idx]))
            chosen = legacy_versions[idx];
    srv->legacy_version = chosen;
    json_t *result = json_object();
    pk_json_set(result, "protocolVersion", json_string(chosen));
    pk_json_set(result, "capabilities", capabilities());
    pk_json_set(result, "serverInfo", server_info());
    pk_json_set(result, "instructions", pk_json_str(instructions()));
    reply(srv, id, result, false);
}

static void handle_discover(Server *srv, json_t *id)
{
    json_t *result = json_object();
    pk_json_set(result, "supportedVersions", supported_versions());
    pk_json_set(result, "capabilities", capabilities());
    pk_json_set(result, "_meta",
                json_pack("{s:o}", "io.modelcontextprotocol/serverInfo", server_info()));
    pk_json_set(result, "instructions", pk_json_str(instructions()));
    reply(srv, id, result, true);
}

static void handle_tools_call(Server *srv, json_t *id, const json_t *params, bool modern)
{
    const char *name = pk_json_get_str(params, "name");
    json_t *args = json_object_get(params, "arguments");
    if (args && !json_is_object(args)) {
        reply_error(srv, id, ERR_INVALID_PARAMS, "arguments must be an object", NULL);
        return;
    }
    size_t n;
    const McpTool *tools = mcp_tools(&n);
    for (size_t idx = 0; name && idx < n; idx++) {
        if (strcmp(tools[idx].name, name) || !mcp_tool_offered(&tools[idx], srv->opts))
            continue;
        json_t *empty = json_object();
        const json_t *given = args ? args : empty;
        const char *unknown = mcp_tool_unknown_argument(&tools[idx], given);
        if (unknown) {
            StrBuf sb = STRBUF_INIT;
            sb_printf(&sb, "%s takes no argument \"%s\"%s", name, unknown,
                      !strcmp(name, "audit") ? ": the server it audits is set when pgknob mcp "
                                               "starts, never in a call"
                                             : "");
            reply_error(srv, id, ERR_INVALID_PARAMS, sb_str(&sb), NULL);
            sb_free(&sb);
        } else {
            reply(srv, id, tools[idx].call(srv->opts, given), modern);
        }
        json_decref(empty);
        return;
    }
    reply_error(srv, id, ERR_INVALID_PARAMS, "unknown tool: tools/list names the tools", NULL);
}

static void handle_request(Server *srv, json_t *id, const char *method, const json_t *params,
                           bool modern)
{
    if (!strcmp(method, "ping")) {
        reply(srv, id, json_object(), modern);
    } else if (!strcmp(method, "tools/list")) {
        size_t n;
        const McpTool *tools = mcp_tools(&n);
        json_t *list = json_array();
        for (size_t idx = 0; idx < n; idx++)
            if (mcp_tool_offered(&tools[idx], srv->opts))
                json_array_append_new(list, mcp_tool_definition(&tools[idx]));
        reply(srv, id, json_pack("{s:o}", "tools", list), modern);
    } else if (!strcmp(method, "tools/call")) {
        handle_tools_call(srv, id, params, modern);
    } else if (!strcmp(method, "resources/list")) {
        reply(srv, id, json_pack("{s:o}", "resources", mcp_resources_list(srv->opts)), modern);
    } else if (!strcmp(method, "resources/templates/list")) {
        reply(srv, id, json_pack("{s:[]}", "resourceTemplates"), modern);
    } else if (!strcmp(method, "resources/read")) {
        const char *uri = pk_json_get_str(params, "uri");
        const char *error = "resources/read needs a uri";
        json_t *contents = uri ? mcp_resource_read(srv->opts, uri, &error) : NULL;
        if (contents)
            reply(srv, id, json_pack("{s:o}", "contents", contents), modern);
        else /* the specification's "resource not found" */
            reply_error(srv, id, -32002, error, uri ? json_pack("{s:s}", "uri", uri) : NULL);
    } else {
        reply_error(srv, id, ERR_METHOD_NOT_FOUND, "method not found", NULL);
    }
}

static void handle_message(Server *srv, const char *line, size_t len)
{
    json_error_t error;
    json_t *msg = json_loadb(line, len, 0, &error);
    if (!msg) {
        reply_error(srv, NULL, ERR_PARSE, "parse error: not JSON", NULL);
        return;
    }
    json_t *id = json_object_get(msg, "id");
    const char *method = pk_json_get_str(msg, "method");
    json_t *params = json_object_get(msg, "params");
    bool valid_id = !id || json_is_string(id) || json_is_integer(id);
    if (!json_is_object(msg) || !valid_id || (params && !json_is_object(params))) {
        reply_error(srv, valid_id ? id : NULL, ERR_INVALID_REQUEST,
                    json_is_array(msg) ? "batches are not part of MCP: send one message a line"
                                       : "invalid request",
                    NULL);
    } else if (!method) {
        /* a response (to a request this server never sends) or garbage: nothing to answer */
        if (id && !json_object_get(msg, "result") && !json_object_get(msg, "error"))
            reply_error(srv, id, ERR_INVALID_REQUEST, "a request needs a method", NULL);
    } else if (!id) {
        /* notifications (initialized, cancelled, roots changed) need no answer */
    } else if (!strcmp(method, "initialize")) {
        handle_initialize(srv, id, params);
    } else {
        json_t *meta = json_object_get(params, "_meta");
        const char *version = pk_json_get_str(meta, META_VERSION);
        if (!strcmp(method, "server/discover")) {
            handle_discover(srv, id);
        } else if (version && strcmp(version, MODERN_VERSION)) {
            reply_error(
                srv, id, ERR_UNSUPPORTED_VERSION, "Unsupported protocol version",
                json_pack("{s:o,s:s}", "supported", supported_versions(), "requested", version));
        } else if (!version && !srv->legacy_version && strcmp(method, "ping")) {
            reply_error(srv, id, ERR_INVALID_REQUEST,
                        "no protocol version: send initialize first, or give "
                        "_meta." META_VERSION " on each request",
                        json_pack("{s:o}", "supported", supported_versions()));
        } else {
            handle_request(srv, id, method, params, version != NULL);
        }
    }
    json_decref(msg);
}

int mcp_serve(FILE *in, FILE *out, const McpOptions *opts)
{
    Server srv = {out, opts, NULL};
    StrBuf line = STRBUF_INIT;
    bool too_long = false;
    int c;
    while ((c = getc_unlocked(in)) != EOF) {
        if (c != '\n') {
            if (line.len < MCP_MESSAGE_LIMIT)
                sb_putc(&line, (char)c);
            else
                too_long = true;
            continue;
        }
        if (too_long)
            reply_error(&srv, NULL, ERR_INVALID_REQUEST,
                        "message longer than 16 MB: refused (give a path, not the text)", NULL);
        else if (line.len > 0 && strspn(sb_str(&line), " \t\r") < line.len)
            handle_message(&srv, line.data, line.len);
        sb_reset(&line);
        too_long = false;
    }
    if (line.len > 0 && !too_long)
        handle_message(&srv, line.data, line.len);
    sb_free(&line);
    return 0;
}
