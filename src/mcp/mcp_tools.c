/* The MCP server's tools and resources: each tool's input schema, the checks on its arguments
 * (paths within the roots, sizes, versions), and the pgknob command line it runs. */
#include "mcp/mcp_tools.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog.h"
#include "common/diag.h"
#include "common/json.h"
#include "common/strbuf.h"
#include "common/tempdir.h"
#include "common/xalloc.h"
#include "common/child_run.h"

/* A configuration given as text, and a child's output, are bounded: an agent that sends or
 * asks for more gets an error it can act on, never a server that runs out of memory. */
#define MCP_TEXT_LIMIT (4u << 20)
#define MCP_OUTPUT_LIMIT (8u << 20)
#define MCP_CHILD_TIMEOUT_S 60.0
#define MAX_ARGS 32

/* What a tool's configuration argument became: a checked path, or text written to a private
 * directory (marked as a repository root, so no .pgknob.ini above it applies). */
typedef struct ToolInput {
    char *path;    /* the argument the child is given */
    char *tmp_dir; /* the text's directory (the child runs there); NULL for a path */
    char *tmp_file;
} ToolInput;

typedef struct Argv {
    const char *v[MAX_ARGS + 1];
    size_t n;
} Argv;

static void argv_add(Argv *argv, const char *arg)
{
    if (argv->n < MAX_ARGS)
        argv->v[argv->n++] = arg;
    argv->v[argv->n] = NULL;
}

static void argv_add_all(Argv *argv, const char *const *args, size_t n)
{
    for (size_t idx = 0; idx < n; idx++)
        argv_add(argv, args[idx]);
}

static json_t *text_content(const char *text)
{
    json_t *content = json_array();
    json_t *item = json_object();
    pk_json_set(item, "type", pk_json_str("text"));
    pk_json_set(item, "text", pk_json_str(text));
    json_array_append_new(content, item);
    return content;
}

/* A tool's failure, told to the agent so it can correct the call (a result with isError, as
 * the specification asks for errors of a tool's own, rather than a protocol error). */
static json_t *tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static json_t *tool_error(const char *fmt, ...)
{
    StrBuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    json_t *result = json_object();
    pk_json_set(result, "content", text_content(sb_str(&sb)));
    pk_json_set(result, "isError", json_true());
    sb_free(&sb);
    return result;
}

static json_t *tool_result(const char *text, json_t *structured)
{
    json_t *result = json_object();
    pk_json_set(result, "content", text_content(text));
    if (structured)
        pk_json_set(result, "structuredContent", structured);
    pk_json_set(result, "isError", json_false());
    return result;
}

static bool within(const char *path, const char *root)
{
    size_t len = strlen(root);
    if (len == 1 && root[0] == '/')
        return true;
    return !strncmp(path, root, len) && (path[len] == '/' || path[len] == '\0');
}

static void input_clear(ToolInput *in)
{
    if (in->tmp_file)
        unlink(in->tmp_file);
    if (in->tmp_dir) {
        char *git = xasprintf("%s/.git", in->tmp_dir);
        rmdir(git);
        free(git);
        rmdir(in->tmp_dir);
    }
    free(in->path);
    free(in->tmp_dir);
    free(in->tmp_file);
    memset(in, 0, sizeof(*in));
}

/* `path` (within the roots) or `text` (with an optional `filename`): NULL on success, else the
 * error result. */
static json_t *input_from(const McpOptions *opts, const json_t *args, ToolInput *in)
{
    memset(in, 0, sizeof(*in));
    const char *path = pk_json_get_str(args, "path");
    const char *text = pk_json_get_str(args, "text");
    if (!path == !text)
        return tool_error("give either \"path\" (a file or data directory) or \"text\" (the "
                          "configuration itself), not both and not neither");
    if (path) {
        char *real = realpath(path, NULL);
        if (!real)
            return tool_error("%s: %s", path, strerror(errno));
        for (size_t idx = 0; idx < opts->n_roots; idx++)
            if (within(real, opts->roots[idx])) {
                in->path = real;
                return NULL;
            }
        free(real);
        return tool_error("%s is outside the directories this server may read (its --root "
                          "directories, else the directory it was started in)",
                          path);
    }
    size_t len = strlen(text);
    if (len > MCP_TEXT_LIMIT)
        return tool_error("\"text\" is %zu bytes; the limit is %u MB: give a path instead", len,
                          MCP_TEXT_LIMIT >> 20);
    const char *name = pk_json_get_str(args, "filename");
    if (!name)
        name = "postgresql.conf";
    if (!*name || strchr(name, '/') || name[0] == '.' || strlen(name) > 100)
        return tool_error("\"filename\" is a plain file name such as postgresql.conf or "
                          "pg_hba.conf (no directory, not starting with a dot)");
    PkDiag diag = PK_DIAG_INIT;
    in->tmp_dir = pk_make_temp_dir("pgknob-mcp", &diag);
    if (!in->tmp_dir) {
        json_t *err = tool_error("cannot make a temporary directory: %s", diag.message);
        pk_diag_free(&diag);
        return err;
    }
    char *git = xasprintf("%s/.git", in->tmp_dir);
    bool ok = mkdir(git, 0700) == 0;
    free(git);
    in->tmp_file = xasprintf("%s/%s", in->tmp_dir, name);
    FILE *f = ok ? fopen(in->tmp_file, "wx") : NULL;
    ok = f && fwrite(text, 1, len, f) == len;
    if (f)
        ok = fclose(f) == 0 && ok;
    if (!ok) {
        input_clear(in);
        return tool_error("cannot write the text to a temporary file: %s", strerror(errno));
    }
    in->path = xstrdup(name);
    return NULL;
}

/* The options every configuration tool shares. */
static json_t *common_options(const json_t *args, Argv *argv, char *version_buf, size_t cap)
{
    json_t *version = json_object_get(args, "pg_version");
    if (json_is_integer(version)) {
        snprintf(version_buf, cap, "%lld", (long long)json_integer_value(version));
    } else if (json_is_string(version)) {
        snprintf(version_buf, cap, "%s", json_string_value(version));
    } else if (version) {
        return tool_error("\"pg_version\" is a major such as 17 or a release such as \"17.2\"");
    }
    if (version) {
        argv_add(argv, "--pg-version");
        argv_add(argv, version_buf);
    }
    static const char *const passed[][2] = {
        {"host", "--host"}, {"target", "--target"}, {"purpose", "--purpose"}};
    for (size_t idx = 0; idx < sizeof(passed) / sizeof(passed[0]); idx++) {
        const char *value = pk_json_get_str(args, passed[idx][0]);
        if (value) {
            argv_add(argv, passed[idx][1]);
            argv_add(argv, value);
        }
    }
    return NULL;
}

/* Runs the command; its JSON output (when `json`) becomes the structured result. Exit codes
 * up to `ok_max` are answers (lint's 1 is "findings", fix's 1 is "changes"). */
static json_t *run_tool(const McpOptions *opts, Argv *argv, const char *dir, bool json, int ok_max)
{
    ChildRun run;
    if (!child_run(opts->exe, argv->v, dir, MCP_OUTPUT_LIMIT, MCP_CHILD_TIMEOUT_S, &run)) {
        json_t *err = tool_error("%s", sb_str(&run.err));
        child_run_clear(&run);
        return err;
    }
    json_t *result;
    if (run.timed_out)
        result = tool_error("pgknob %s took more than %.0f s and was stopped", argv->v[1],
                            MCP_CHILD_TIMEOUT_S);
    else if (run.too_long)
        result = tool_error("pgknob %s printed more than %u MB and was stopped: give a smaller "
                            "input",
                            argv->v[1], MCP_OUTPUT_LIMIT >> 20);
    else if (run.exit_code < 0 || run.exit_code > ok_max)
        result = tool_error("%s", run.err.len ? sb_str(&run.err) : "pgknob failed");
    else if (json) {
        json_error_t error;
        json_t *doc = json_loadb(run.out.data ? run.out.data : "", run.out.len, 0, &error);
        result = json_is_object(doc) ? tool_result(sb_str(&run.out), doc)
                                     : tool_error("pgknob printed no JSON: %s", error.text);
        if (doc && !json_is_object(doc))
            json_decref(doc);
    } else {
        json_t *structured = json_object();
        pk_json_set(structured, "output", pk_json_str(sb_str(&run.out)));
        if (run.err.len)
            pk_json_set(structured, "notes", pk_json_str(sb_str(&run.err)));
        pk_json_set(structured, "exit_code", json_integer(run.exit_code));
        result = tool_result(run.out.len ? sb_str(&run.out) : sb_str(&run.err), structured);
    }
    child_run_clear(&run);
    return result;
}

/* The shared options, then the input, then the run; the input stays for the caller to clear. */
static json_t *run_on_input(const McpOptions *opts, const json_t *args, Argv *argv,
                            const ToolInput *in, bool json)
{
    char version[32];
    json_t *err = common_options(args, argv, version, sizeof(version));
    if (err)
        return err;
    argv_add(argv, "--");
    argv_add(argv, in->path);
    return run_tool(opts, argv, in->tmp_dir, json, 1);
}

/* lint, settings, hba: one configuration, a JSON report. */
static json_t *config_tool(const McpOptions *opts, const json_t *args, const char *command)
{
    ToolInput in;
    json_t *err = input_from(opts, args, &in);
    if (err)
        return err;
    Argv argv = {{0}, 0};
    argv_add(&argv, "pgknob");
    argv_add(&argv, command);
    argv_add(&argv, "--format");
    argv_add(&argv, "json");
    if (!strcmp(command, "lint")) {
        argv_add(&argv, "--fail-on");
        argv_add(&argv, "never");
    }
    json_t *result = run_on_input(opts, args, &argv, &in, true);
    input_clear(&in);
    return result;
}

static json_t *tool_lint(const McpOptions *opts, const json_t *args)
{
    return config_tool(opts, args, "lint");
}

static json_t *tool_settings(const McpOptions *opts, const json_t *args)
{
    return config_tool(opts, args, "settings");
}

static json_t *tool_hba(const McpOptions *opts, const json_t *args)
{
    return config_tool(opts, args, "hba");
}

/* Every fix lint proposes for the input, with its finding and its safety, whether or not the
 * selection applied it: what the agent shows its user beside the diff. */
static json_t *proposed_fixes(const McpOptions *opts, const json_t *args, const ToolInput *in)
{
    Argv argv = {{0}, 0};
    char version[32];
    const char *const fixed[] = {"pgknob", "lint", "--format", "json", "--fail-on", "never"};
    argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
    json_t *fixes = json_array();
    json_t *err = common_options(args, &argv, version, sizeof(version));
    if (err) {
        json_decref(err);
        return fixes;
    }
    argv_add(&argv, "--");
    argv_add(&argv, in->path);
    json_t *report = run_tool(opts, &argv, in->tmp_dir, true, 1);
    size_t idx, fix_idx;
    json_t *finding, *fix;
    json_array_foreach(json_object_get(json_object_get(report, "structuredContent"), "findings"),
                       idx, finding)
    {
        json_array_foreach(json_object_get(finding, "fix"), fix_idx, fix)
        {
            json_t *entry = json_deep_copy(fix);
            pk_json_set(entry, "rule", json_incref(json_object_get(finding, "rule")));
            pk_json_set(entry, "severity", json_incref(json_object_get(finding, "severity")));
            json_array_append_new(fixes, entry);
        }
    }
    json_decref(report);
    return fixes;
}

static json_t *tool_fix(const McpOptions *opts, const json_t *args)
{
    const char *format = pk_json_get_str(args, "format");
    if (format && strcmp(format, "diff") && strcmp(format, "alter-system"))
        return tool_error("\"format\" is diff (default) or alter-system");
    const char *min_severity = pk_json_get_str(args, "min_severity");
    ToolInput in;
    json_t *err = input_from(opts, args, &in);
    if (err)
        return err;
    Argv argv = {{0}, 0};
    argv_add(&argv, "pgknob");
    argv_add(&argv, "fix");
    if (format && !strcmp(format, "alter-system")) {
        argv_add(&argv, "--format");
        argv_add(&argv, "alter-system");
    } else {
        argv_add(&argv, "--diff"); /* never -o or --in-place: the tool writes nothing */
    }
    if (json_is_true(json_object_get(args, "unsafe_fixes")))
        argv_add(&argv, "--unsafe-fixes");
    if (min_severity) {
        argv_add(&argv, "--min-severity");
        argv_add(&argv, min_severity);
    }
    json_t *result = run_on_input(opts, args, &argv, &in, false);
    json_t *structured = json_object_get(result, "structuredContent");
    if (structured)
        pk_json_set(structured, "fixes", proposed_fixes(opts, args, &in));
    input_clear(&in);
    return result;
}

static json_t *tool_upgrade(const McpOptions *opts, const json_t *args)
{
    json_t *from = json_object_get(args, "from"), *to = json_object_get(args, "to");
    if (!json_is_string(from) && !json_is_integer(from))
        return tool_error("\"from\" is the major the configuration is written for (9.6 … 18)");
    if (!json_is_integer(to))
        return tool_error("\"to\" is the major to upgrade to (13 … 18)");
    char from_text[32], to_text[32];
    if (json_is_string(from))
        snprintf(from_text, sizeof(from_text), "%s", json_string_value(from));
    else
        snprintf(from_text, sizeof(from_text), "%lld", (long long)json_integer_value(from));
    snprintf(to_text, sizeof(to_text), "%lld", (long long)json_integer_value(to));
    ToolInput in;
    json_t *err = input_from(opts, args, &in);
    if (err)
        return err;
    Argv argv = {{0}, 0};
    const char *const fixed[] = {"pgknob",  "upgrade", "--format", "json", "--from",
                                 from_text, "--to",    to_text,    "--"};
    argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
    argv_add(&argv, in.path);
    json_t *result = run_tool(opts, &argv, in.tmp_dir, true, 1);
    input_clear(&in);
    return result;
}

static json_t *tool_audit(const McpOptions *opts, const json_t *args)
{
    (void)args; /* the server is the one named when this server started, never an argument */
    Argv argv = {{0}, 0};
    const char *const fixed[] = {"pgknob",    "audit", "--format", "json",
                                 "--fail-on", "never", "--",       opts->audit_dsn};
    argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
    return run_tool(opts, &argv, NULL, true, 1);
}

/* A parameter's catalog entry for one major, and the majors that have it. */
static json_t *param_json(const CatalogParam *param, int major)
{
    json_t *entry = json_object();
    pk_json_set(entry, "name", pk_json_str(param->name));
    pk_json_set(entry, "pg_version", json_integer(major));
    pk_json_set(entry, "type", pk_json_str(catalog_type_name(param->type)));
    pk_json_set(entry, "context", pk_json_str(catalog_context_name(param->context)));
    pk_json_set(entry, "applies", pk_json_str(catalog_context_applies(param->context)));
    pk_json_set(entry, "unit", pk_json_str(param->unit));
    pk_json_set(entry, "min", pk_json_str(param->min_val));
    pk_json_set(entry, "max", pk_json_str(param->max_val));
    pk_json_set(entry, "default", pk_json_str(param->boot_val));
    if (param->enum_vals) {
        json_t *values = json_array();
        for (const char *const *value = param->enum_vals; *value; value++)
            json_array_append_new(values, pk_json_str(*value));
        pk_json_set(entry, "enum_values", values);
    }
    pk_json_set(entry, "category", pk_json_str(param->category));
    pk_json_set(entry, "description", pk_json_str(param->short_desc));
    return entry;
}

static json_t *explain_parameter(const char *name, const json_t *args)
{
    json_t *version = json_object_get(args, "pg_version");
    int major = json_is_integer(version) ? (int)json_integer_value(version) : PK_DEFAULT_MAJOR;
    const Catalog *cat = catalog_for_major(major);
    if (!cat)
        return tool_error("\"pg_version\" is a major from %d to %d", PK_MIN_MAJOR, PK_MAX_MAJOR);
    const CatalogParam *param = catalog_find(cat, name);
    json_t *majors = json_array();
    for (int other = PK_MIN_MAJOR; other <= PK_MAX_MAJOR; other++)
        if (catalog_find(catalog_for_major(other), name))
            json_array_append_new(majors, json_integer(other));
    if (!param) {
        const char *near = catalog_suggest(cat, name);
        json_t *err;
        if (json_array_size(majors)) {
            char *in = json_dumps(majors, JSON_COMPACT);
            err = tool_error("%s is not a parameter of PostgreSQL %d (it is a parameter of %s)",
                             name, major, in);
            free(in);
        } else if (near) {
            err = tool_error("%s is not a parameter of PostgreSQL %d: did you mean %s?", name,
                             major, near);
        } else {
            err = tool_error("%s is not a parameter of PostgreSQL %d", name, major);
        }
        json_decref(majors);
        return err;
    }
    json_t *entry = param_json(param, major);
    pk_json_set(entry, "in_majors", majors);
    char *text = json_dumps(entry, PK_JSON_PRETTY);
    json_t *result = tool_result(text, entry);
    free(text);
    return result;
}

static json_t *tool_explain(const McpOptions *opts, const json_t *args)
{
    const char *rule = pk_json_get_str(args, "rule");
    const char *parameter = pk_json_get_str(args, "parameter");
    if (!rule == !parameter)
        return tool_error("give either \"rule\" (an id such as PK2001) or \"parameter\"");
    if (parameter)
        return explain_parameter(parameter, args);
    Argv argv = {{0}, 0};
    const char *const fixed[] = {"pgknob", "rules", "show", rule, "--format", "md"};
    argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
    return run_tool(opts, &argv, NULL, false, 0);
}

/* Every argument a tool takes, described once; a tool's input schema lists its own. */
typedef struct McpArg {
    const char *name;
    const char *type; /* a JSON Schema type, or "integer string" for either */
    const char *description;
    const char *choices; /* space-separated allowed values, or NULL */
} McpArg;

static const McpArg arguments[] = {
    {"path", "string",
     "a postgresql.conf, pg_hba.conf, manifest or data directory, within the server's roots", NULL},
    {"text", "string", "the configuration itself", NULL},
    {"filename", "string", "the file name the text stands for (default postgresql.conf)", NULL},
    {"pg_version", "integer string",
     "target major, 13 to 18 (default: the data directory's, else 18)", NULL},
    {"host", "string", "host facts, as ram=16GB,cores=8,storage=ssd", NULL},
    {"target", "string", "a managed service the configuration is for: rds, aurora, cloudsql, azure",
     NULL},
    {"purpose", "string", "what the configuration is for", "production test benchmark"},
    {"format", "string", "a unified diff (default) or ALTER SYSTEM statements",
     "diff alter-system"},
    {"unsafe_fixes", "boolean", "also the fixes marked unsafe", NULL},
    {"min_severity", "string", "also fixes of findings down to this severity",
     "notice recommendation"},
    {"rule", "string", "a rule id such as PK2001", NULL},
    {"parameter", "string", "a parameter name such as shared_buffers", NULL},
    {"from", "integer string", "the major the configuration is written for (9.6 to 18)", NULL},
    {"to", "integer", "the major to upgrade to (13 to 18)", NULL},
};

/* The words of a space-separated list, as a JSON array (or one string when `single`). */
static json_t *words_json(const char *list, bool single)
{
    json_t *array = json_array();
    for (const char *at = list; *at;) {
        size_t len = strcspn(at, " ");
        char *word = xstrndup(at, len);
        json_array_append_new(array, json_string(word));
        free(word);
        at += len + (at[len] == ' ');
    }
    if (single && json_array_size(array) == 1) {
        json_t *only = json_incref(json_array_get(array, 0));
        json_decref(array);
        return only;
    }
    return array;
}

static json_t *input_schema(const McpTool *tool)
{
    json_t *props = json_object();
    json_t *names = words_json(tool->arguments, false);
    size_t idx;
    json_t *name;
    json_array_foreach(names, idx, name)
    {
        for (size_t arg_idx = 0; arg_idx < sizeof(arguments) / sizeof(arguments[0]); arg_idx++) {
            const McpArg *arg = &arguments[arg_idx];
            if (strcmp(arg->name, json_string_value(name)))
                continue;
            json_t *prop = json_object();
            pk_json_set(prop, "type", words_json(arg->type, true));
            pk_json_set(prop, "description", pk_json_str(arg->description));
            if (arg->choices)
                pk_json_set(prop, "enum", words_json(arg->choices, false));
            pk_json_set(props, arg->name, prop);
        }
    }
    json_decref(names);
    json_t *schema = json_object();
    pk_json_set(schema, "type", json_string("object"));
    pk_json_set(schema, "properties", props);
    if (tool->required)
        pk_json_set(schema, "required", words_json(tool->required, false));
    pk_json_set(schema, "additionalProperties", json_false());
    return schema;
}

#define LINT_ARGS "path text filename pg_version host target purpose"

static const McpTool tools[] = {
    {"lint", "Lint a PostgreSQL configuration",
     "Checks a configuration against the real parameter catalog of the target major (13-18) and "
     "pgknob's rules; returns pgknob lint's JSON report (findings with severity, line, "
     "suggestion and fixes with their safety).",
     LINT_ARGS, NULL, tool_lint, true},
    {"explain", "Explain a rule or a parameter",
     "A rule's explanation (Markdown), or a parameter's catalog entry for a major: type, "
     "context, unit, range, default, and the majors that have it.",
     "rule parameter pg_version", NULL, tool_explain, true},
    {"fix", "Propose verified fixes",
     "The changes pgknob fix would make, as a unified diff or ALTER SYSTEM statements; by "
     "default only safe fixes of errors and warnings. Nothing is written to disk.",
     LINT_ARGS " format unsafe_fixes min_severity", NULL, tool_fix, true},
    {"settings", "Show the settings as the server reads them",
     "Every entry of the configuration as the pg_file_settings view would show it.",
     "path text filename pg_version", NULL, tool_settings, true},
    {"hba", "Show pg_hba.conf as the server reads it",
     "The pg_hba_file_rules view of a pg_hba.conf (or a data directory's), offline.",
     "path text filename pg_version", NULL, tool_hba, true},
    {"upgrade", "Plan an upgrade between majors",
     "What a configuration written for major N needs on major M: removed and renamed "
     "parameters, values, changed defaults.",
     "path text filename from to", "from to", tool_upgrade, true},
    {"audit", "Audit the configured server",
     "A read-only audit of the one server this MCP server was started for (settings and "
     "statistics); the server cannot be chosen in a call.",
     "", NULL, tool_audit, false},
};

const char *mcp_tool_unknown_argument(const McpTool *tool, const json_t *args)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)(uintptr_t)args, key, value)
    {
        (void)value;
        size_t len = strlen(key);
        const char *at = tool->arguments;
        bool known = false;
        /* an empty name would match everywhere without advancing */
        while (len && !known && (at = strstr(at, key)) != NULL) {
            known = (at == tool->arguments || at[-1] == ' ') && (at[len] == ' ' || !at[len]);
            at += len;
        }
        if (!known)
            return key;
    }
    return NULL;
}

const McpTool *mcp_tools(size_t *n)
{
    *n = sizeof(tools) / sizeof(tools[0]);
    return tools;
}

bool mcp_tool_offered(const McpTool *tool, const McpOptions *opts)
{
    return tool->offline || opts->audit_dsn;
}

json_t *mcp_tool_definition(const McpTool *tool)
{
    json_t *def = json_object();
    pk_json_set(def, "name", pk_json_str(tool->name));
    pk_json_set(def, "title", pk_json_str(tool->title));
    pk_json_set(def, "description", pk_json_str(tool->description));
    pk_json_set(def, "inputSchema", input_schema(tool));
    pk_json_set(def, "outputSchema", json_pack("{s:s}", "type", "object"));
    json_t *annotations = json_object();
    pk_json_set(annotations, "readOnlyHint", json_true());
    pk_json_set(annotations, "openWorldHint", json_false());
    pk_json_set(def, "annotations", annotations);
    return def;
}

/* --- resources: each rule's documentation, the catalog of each major --- */

#define RULE_URI "pgknob://rules/"
#define CATALOG_URI "pgknob://catalog/"

json_t *mcp_resources_list(const McpOptions *opts)
{
    json_t *list = json_array();
    for (int major = PK_MIN_MAJOR; major <= PK_MAX_MAJOR; major++) {
        json_t *res = json_object();
        pk_json_set(res, "uri", json_sprintf(CATALOG_URI "%d", major));
        pk_json_set(res, "name", json_sprintf("catalog-%d", major));
        pk_json_set(res, "title", json_sprintf("PostgreSQL %d parameter catalog", major));
        pk_json_set(res, "mimeType", pk_json_str("application/json"));
        json_array_append_new(list, res);
    }
    Argv argv = {{0}, 0};
    const char *const fixed[] = {"pgknob", "rules", "list", "--format", "json"};
    argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
    ChildRun run;
    json_t *doc = NULL;
    if (child_run(opts->exe, argv.v, NULL, MCP_OUTPUT_LIMIT, MCP_CHILD_TIMEOUT_S, &run) &&
        run.exit_code == 0)
        doc = json_loadb(run.out.data ? run.out.data : "", run.out.len, 0, NULL);
    child_run_clear(&run);
    size_t idx;
    json_t *rule;
    json_array_foreach(json_object_get(doc, "rules"), idx, rule)
    {
        const char *id = pk_json_get_str(rule, "id");
        if (!id)
            continue;
        json_t *res = json_object();
        pk_json_set(res, "uri", json_sprintf(RULE_URI "%s", id));
        pk_json_set(res, "name", pk_json_str(id));
        pk_json_set(res, "title", pk_json_str(pk_json_get_str(rule, "title")));
        pk_json_set(res, "mimeType", pk_json_str("text/markdown"));
        json_array_append_new(list, res);
    }
    json_decref(doc);
    return list;
}

/* The catalog of a major with what changed since the one before it. */
static char *catalog_text(int major)
{
    const Catalog *cat = catalog_for_major(major), *prev = catalog_for_major(major - 1);
    json_t *doc = json_object(), *params = json_array(), *removed = json_array();
    pk_json_set(doc, "pg_version", json_integer(major));
    pk_json_set(doc, "server_version", pk_json_str(cat->server_version));
    for (size_t idx = 0; idx < cat->n_params; idx++) {
        const CatalogParam *param = &cat->params[idx];
        json_t *entry = param_json(param, major);
        const CatalogParam *before = prev ? catalog_find(prev, param->name) : NULL;
        json_t *changed = json_array();
        if (prev && !before)
            json_array_append_new(changed, pk_json_str("new"));
        if (before && (!before->boot_val != !param->boot_val ||
                       (param->boot_val && strcmp(before->boot_val, param->boot_val))))
            json_array_append_new(changed, json_sprintf("default was %s", before->boot_val));
        if (before && before->context != param->context)
            json_array_append_new(
                changed, json_sprintf("context was %s", catalog_context_name(before->context)));
        if (prev)
            pk_json_set(entry, "changed", changed);
        else
            json_decref(changed);
        json_array_append_new(params, entry);
    }
    for (size_t idx = 0; prev && idx < prev->n_params; idx++)
        if (!catalog_find(cat, prev->params[idx].name))
            json_array_append_new(removed, pk_json_str(prev->params[idx].name));
    pk_json_set(doc, "parameters", params);
    pk_json_set(doc, "removed_since_previous", removed);
    char *text = json_dumps(doc, PK_JSON_LINE);
    json_decref(doc);
    return text;
}

json_t *mcp_resource_read(const McpOptions *opts, const char *uri, const char **error)
{
    *error = NULL;
    char *text = NULL;
    const char *mime = NULL;
    if (!strncmp(uri, CATALOG_URI, strlen(CATALOG_URI))) {
        char *end;
        long major = strtol(uri + strlen(CATALOG_URI), &end, 10);
        if (*end || !catalog_for_major((int)major)) {
            *error = "no such catalog: the majors are 13 to 18";
            return NULL;
        }
        text = catalog_text((int)major);
        mime = "application/json";
    } else if (!strncmp(uri, RULE_URI, strlen(RULE_URI))) {
        Argv argv = {{0}, 0};
        const char *const fixed[] = {"pgknob",   "rules", "show", uri + strlen(RULE_URI),
                                     "--format", "md"};
        argv_add_all(&argv, fixed, sizeof(fixed) / sizeof(fixed[0]));
        ChildRun run;
        if (child_run(opts->exe, argv.v, NULL, MCP_OUTPUT_LIMIT, MCP_CHILD_TIMEOUT_S, &run) &&
            run.exit_code == 0)
            text = sb_detach(&run.out);
        child_run_clear(&run);
        if (!text) {
            *error = "no such rule";
            return NULL;
        }
        mime = "text/markdown";
    } else {
        *error = "unknown resource: pgknob's are pgknob://rules/ID and pgknob://catalog/MAJOR";
        return NULL;
    }
    json_t *contents = json_array(), *item = json_object();
    pk_json_set(item, "uri", pk_json_str(uri));
    pk_json_set(item, "mimeType", pk_json_str(mime));
    pk_json_set(item, "text", pk_json_str(text));
    json_array_append_new(contents, item);
    free(text);
    return contents;
}
