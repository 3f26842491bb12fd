/* `pgknob report merge FILE|DIR...`: many JSON reports of pgknob audit (or lint), gathered by
 * whatever the operator already runs, in one fleet report, the same as `pgknob audit --from DIR`
 * writes from snapshots (cli_fleet.c is their one path). Offline: it reads reports, not servers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_diag.h"
#include "cli/cli_fleet.h"
#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/json.h"
#include "common/readfile.h"
#include "common/xalloc.h"
#include "model/finding.h"
#include "project/options.h"
#include "report/fleet.h"
#include "report/report.h"

typedef struct MergeCli {
    const char *format;
    const char *out_path;
    Severity fail_on;
} MergeCli;

enum { OPT_FORMAT = 256, OPT_OUTPUT = 'o', OPT_HELP = 'h' };

static const CliOption merge_options[] = {
    {"format", "FORMAT", OPT_FORMAT, "md, html or json (default md, or from -o's extension)"},
    CLI_ROW_FAIL_ON,
    {"output", "FILE", OPT_OUTPUT, "write the report to FILE instead of standard output"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void merge_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob report merge [OPTIONS] FILE|DIR...\n\n"
              "Merges JSON reports of pgknob audit or lint (--format json), one per server, into\n"
              "one fleet report: per finding the servers that have it, per server its counts.\n"
              "A directory stands for its *.json files; a server is named after its file.\n\n"
              "options:\n",
              merge_options, CLI_N_OPTIONS(merge_options), 22,
              "\nexit codes: 0 nothing at or above --fail-on, 1 findings at or above it,\n"
              "2 usage error or the report cannot be written\n");
}

static bool merge_apply_option(void *ctx, int key, const char *arg)
{
    MergeCli *cli = ctx;
    bool refusal = false;
    switch (key) {
    case OPT_FORMAT:
        cli->format = arg;
        if (report_format_find(arg))
            return true;
        cli_error("See 'pgknob report merge --help'.", "unknown format \"%s\"", arg);
        return false;
    case OPT_OUTPUT: cli->out_path = arg; return true;
    case PROJECT_OPT_FAIL_ON:
        if (fail_on_parse(arg, &cli->fail_on, &refusal) && !refusal)
            return true;
        cli_error("Use error, warning, notice or never.", "invalid --fail-on \"%s\"", arg);
        return false;
    }
    return false;
}

/* Does a finding of a report have a rule and a known severity? */
static bool finding_level(json_t *item, Severity *severity)
{
    const char *level = json_string_value(json_object_get(item, "severity"));
    return json_string_value(json_object_get(item, "rule")) && level &&
           severity_parse_level(level, severity);
}

/* The server's version as the report names it: its first input's. */
static const char *report_version(json_t *doc)
{
    const char *version = json_string_value(
        json_object_get(json_array_get(json_object_get(doc, "inputs"), 0), "pg_version"));
    return version
               ? version
               : json_string_value(json_object_get(json_object_get(doc, "target"), "pg_version"));
}

/* Why `doc` is not one server's report; NULL when it is. */
static const char *not_a_report(json_t *doc)
{
    const char *tool = json_string_value(json_object_get(doc, "tool"));
    const char *command = json_string_value(json_object_get(doc, "command"));
    if (json_is_true(json_object_get(doc, "fleet")))
        return "a fleet report already: merge the servers' own reports";
    if (!json_is_object(doc) || !tool || strcmp(tool, "pgknob") || !command)
        return "not a pgknob JSON report (give the output of pgknob audit or lint --format json)";
    if (!json_is_array(json_object_get(doc, "findings")))
        return "a pgknob report without findings: not written by --format json";
    return NULL;
}

/* One report: a server of the fleet, or a server listed as not read, with the reason. */
static void merge_one(const char *path, Fleet *fleet, bool *lint_seen, bool *audit_seen)
{
    char *name = cli_fleet_name(path), *text = NULL, *why = NULL;
    size_t len = 0;
    PkDiag diag = PK_DIAG_INIT;
    json_t *doc = NULL;
    json_error_t err;
    if (!pk_read_file_diag(path, 256u << 20, "the report", &text, &len, &diag))
        why = xstrdup(diag.message ? diag.message : "could not be read");
    else if (!(doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err)))
        why = xasprintf("not a pgknob JSON report: not JSON (line %d: %s)", err.line, err.text);
    else if (not_a_report(doc))
        why = xstrdup(not_a_report(doc));
    size_t idx;
    json_t *item, *findings = json_object_get(doc, "findings");
    Severity sev;
    json_array_foreach(findings, idx, item) if (!why && !finding_level(item, &sev)) why =
        xasprintf("finding %zu has no rule or no known severity", idx + 1);
    if (why) {
        fleet_add_error(fleet, name, why);
    } else {
        bool lint = !strcmp(json_string_value(json_object_get(doc, "command")), "lint");
        *lint_seen |= lint;
        *audit_seen |= !lint;
        FleetServer *server = fleet_add_server(
            fleet, name, report_version(doc),
            json_is_true(json_object_get(json_object_get(doc, "audit"), "partial")));
        /* suppressed findings (a baseline's) are left out, as the snapshots' fleet does */
        json_array_foreach(findings, idx,
                           item) if (finding_level(item, &sev) &&
                                     !json_is_true(json_object_get(item, "suppressed")))
            fleet_server_add(fleet, server, json_string_value(json_object_get(item, "rule")),
                             json_string_value(json_object_get(item, "title")), sev);
    }
    json_decref(doc);
    free(text);
    free(why);
    free(name);
    pk_diag_free(&diag);
}

static int report_merge(int argc, char **argv)
{
    MergeCli cli = {.fail_on = SEV_WARNING};
    int rc = cli_parse_options(argc, argv, merge_options, CLI_N_OPTIONS(merge_options),
                               "report merge", OPT_HELP, merge_usage, merge_apply_option, &cli);
    if (rc >= 0)
        return rc;
    if (optind >= argc) {
        cli_error("Give the JSON reports (or a directory of them): pgknob report merge "
                  "reports/.",
                  "no report to merge");
        return PK_EXIT_USAGE;
    }
    const char *format = cli_fleet_format(cli.format, cli.out_path);
    char **paths;
    size_t n;
    bool dir_given;
    if (!format || !cli_fleet_paths(argv + optind, (size_t)(argc - optind),
                                    "Put the JSON reports (*.json) there.", &paths, &n, &dir_given))
        return PK_EXIT_USAGE;
    Fleet fleet = {0};
    bool lint_seen = false, audit_seen = false;
    for (size_t idx = 0; idx < n; idx++)
        merge_one(paths[idx], &fleet, &lint_seen, &audit_seen);
    fleet.command = lint_seen && !audit_seen ? "lint" : "audit";
    Redaction redact = {0}; /* the reports are redacted already; this catches what slipped */
    rc = cli_fleet_emit(&fleet, format, cli.out_path, &redact, cli.fail_on);
    arena_free(fleet.arena);
    for (size_t idx = 0; idx < n; idx++)
        free(paths[idx]);
    free(paths);
    return rc;
}

static const char *const report_subcommands[] = {"merge"};

int cmd_report(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        merge_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? PK_EXIT_USAGE : PK_EXIT_OK;
    }
    if (strcmp(argv[1], "merge"))
        return cli_unknown_command("report command", argv[1], report_subcommands,
                                   sizeof(report_subcommands) / sizeof(report_subcommands[0]),
                                   "pgknob report");
    optind = 0;
    return report_merge(argc - 1, argv + 1);
}

size_t cmd_report_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"report merge", "\\[*OPTIONS*\\] *FILE*|*DIR*...", merge_options,
         CLI_N_OPTIONS(merge_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
