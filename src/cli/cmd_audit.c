/* `pgknob audit`: options → connect (db/) → audit (settings + evidence) → rule packs → report →
 * exit code. Exit 2 only when nothing useful could be read from the server. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/audit.h"
#include "audit/drift.h"
#include "audit/sample.h"
#include "cli/cli_diag.h"
#include "cli/cli_fleet.h"
#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/cli_report.h"
#include "cli/commands.h"
#include "common/diag.h"
#include "common/quantity.h"
#include "common/xalloc.h"
#include "common/atomic_file.h"
#include "common/readfile.h"
#include "common/strbuf.h"
#include "db/collect.h"
#include "db/db.h"
#include "engine/engine.h"
#include "lint/shmem.h"
#include "host/host.h"
#include "lint/lint.h"
#include "lint/lint_rules.h"
#include "model/finding_ids.h"
#include "project/options.h"
#include "report/fleet.h"
#include "report/report.h"

typedef struct AuditCli {
    const char *conninfo;
    double sample_seconds;
    const char *format;
    const char *out_path;
    int timeout_ms;
    bool verbose;
    bool appendix;       /* --appendix: the settings appendix in Markdown and HTML */
    const char *compare; /* --compare FILE: the configuration the server should run */
    bool collect;        /* --collect: print the psql script instead of auditing */
    const char *from;    /* --from FILE: audit a snapshot document instead of a server */
    char **from_paths;   /* every --from and, with --from, every operand: files or directories */
    size_t n_from, cap_from;
    const char *save; /* --save FILE: also write the live audit's snapshot document */
    /* --config, --baseline, --fail-on, --host (NULL: local for socket/loopback connections,
     * else unknown), --rules, --disable, completed from .pgknob.ini as for lint */
    ProjectOptions project;
    LintRulesState rules; /* the packs loaded before connecting, so a broken one fails fast */
} AuditCli;

enum {
    OPT_SAMPLE = 256,
    OPT_FORMAT,
    OPT_TIMEOUT,
    OPT_COMPARE,
    OPT_APPENDIX,
    OPT_COLLECT,
    OPT_FROM,
    OPT_SAVE,
    OPT_OUTPUT = 'o',
    OPT_VERBOSE = 'v',
    OPT_HELP = 'h',
};

static const CliOption audit_options[] = {
    {"sample", "DURATION", OPT_SAMPLE,
     "also sample wait events of active backends every 100 ms\nfor DURATION (10s, 500ms, 2min)",
     .type = CLI_DURATION, .min = 0.1, .max = 3600, .target = CLI_AT(AuditCli, sample_seconds)},
    CLI_ROW_HOST,
    {"format", "FORMAT", OPT_FORMAT,
     "output format: text, json, md, html, sarif, github or junit\n"
     "(default text, or from -o's extension)"},
    CLI_ROW_FAIL_ON,
    {"config", "FILE", PROJECT_OPT_CONFIG,
     "project configuration (default: the .pgknob.ini of the current\n"
     "directory or the nearest parent, up to the repository root)"},
    CLI_ROW_BASELINE,
    CLI_ROW_PURPOSE,
    CLI_ROW_RULES,
    CLI_ROW_DISABLE,
    {"timeout", "MS", OPT_TIMEOUT, "statement_timeout of each query", .type = CLI_INT, .min = 10,
     .max = 3600000, .def = "5000", .target = CLI_AT(AuditCli, timeout_ms)},
    {"compare", "FILE", OPT_COMPARE,
     "also report where the live settings differ from FILE (a configuration,\n"
     "data directory or manifest) and every ALTER ROLE/DATABASE ... SET"},
    {"collect", NULL, OPT_COLLECT,
     "print a psql script that collects a snapshot of the server\n"
     "(read-only, one JSON document on standard output; with --sample,\n"
     "wait events too) for 'pgknob audit --from'"},
    {"from", "FILE|DIR", OPT_FROM,
     "audit a snapshot document (from the --collect script or --save)\n"
     "instead of connecting to a server; with several (more files after\n"
     "it, or a directory of *.json), one fleet report (md, html, json)"},
    {"save", "FILE", OPT_SAVE, "also write the live audit's snapshot document to FILE"},
    {"output", "FILE", OPT_OUTPUT, "write the report to FILE instead of standard output"},
    {"verbose", NULL, OPT_VERBOSE, "print the number of queries and skipped evidence on stderr"},
    {"appendix", NULL, OPT_APPENDIX,
     "md, html: add the appendix of every setting the server runs with"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void audit_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob audit [OPTIONS] [CONNINFO|URI]\n\n"
              "Audits a running server: its settings (pg_settings) and what it has been doing\n"
              "(statistics views), through a read-only session. The connection follows libpq:\n"
              "a connection string or URI, PG* environment variables, ~/.pgpass, service\n"
              "files, sslmode.\n\noptions:\n",
              audit_options, CLI_N_OPTIONS(audit_options), 24,
              "\n--host is local by default for a Unix socket or loopback address.\n"
              "exit codes: 0 nothing at or above --fail-on, 1 findings at or above it,\n"
              "2 usage error or nothing could be read from the server, 3 internal error\n");
}

static bool usage_error(const char *msg, const char *arg, const char *hint)
{
    cli_error(hint, "%s \"%s\"", msg, arg);
    return false;
}

static bool audit_apply_option(void *ctx, int key, const char *arg)
{
    AuditCli *cli = ctx;
    switch (key) {
    case OPT_FORMAT:
        cli->format = arg;
        /* Code Quality places each issue at a file of the repository; a server has none */
        if (!strcmp(arg, "codequality"))
            return usage_error("a server's findings have no file to place for the format", arg,
                               "Code Quality is for lint; for a server use junit, sarif or json.");
        return report_format_find(arg) ||
               usage_error("unknown format", arg, "See 'pgknob audit --help'.");
    case OPT_OUTPUT: cli->out_path = arg; return true;
    case OPT_VERBOSE: cli->verbose = true; return true;
    case OPT_APPENDIX: cli->appendix = true; return true;
    case OPT_COMPARE: cli->compare = arg; return true;
    case OPT_COLLECT: cli->collect = true; return true;
    case OPT_FROM:
        cli->from = cli->from ? cli->from : arg;
        PK_GROW(cli->from_paths, cli->n_from, cli->cap_from);
        cli->from_paths[cli->n_from++] = xstrdup(arg);
        return true;
    case OPT_SAVE: cli->save = arg; return true;
    }
    PkDiag diag = PK_DIAG_INIT;
    return project_option_set(&cli->project, key, arg, &diag) || cli_diag_fail(&diag);
}

/* Returns -1 to go on, else the exit code (help, usage error). */
static int audit_parse_args(int argc, char **argv, AuditCli *cli)
{
    int rc = cli_parse_options(argc, argv, audit_options, CLI_N_OPTIONS(audit_options), "audit",
                               OPT_HELP, audit_usage, audit_apply_option, cli);
    if (rc >= 0)
        return rc;
    /* --from a.json b.json …: the operands are more snapshots */
    for (; cli->from && optind < argc; optind++) {
        PK_GROW(cli->from_paths, cli->n_from, cli->cap_from);
        cli->from_paths[cli->n_from++] = xstrdup(argv[optind]);
    }
    if (argc - optind > 1) {
        cli_error("quote the connection string: 'host=db1 dbname=app'.",
                  "more than one connection string given");
        return PK_EXIT_USAGE;
    }
    cli->conninfo = optind < argc ? argv[optind] : NULL;
    if ((cli->from || cli->collect) && cli->conninfo) {
        cli_error("--collect and --from do not connect: drop the connection string.",
                  "a connection string with %s", cli->from ? "--from" : "--collect");
        return PK_EXIT_USAGE;
    }
    if (cli->from && (cli->collect || cli->save || cli->sample_seconds > 0)) {
        cli_error("--from reads a snapshot already taken (its samples included).",
                  "--from cannot be combined with %s",
                  cli->collect ? "--collect"
                  : cli->save  ? "--save"
                               : "--sample");
        return PK_EXIT_USAGE;
    }
    return -1;
}

static const char *unavailable_hint(const char *why)
{
    if (strstr(why, "permission denied for view pg_file_settings"))
        return "pg_file_settings is for superusers by default: GRANT SELECT ON pg_file_settings "
               "and EXECUTE ON FUNCTION pg_show_all_file_settings() to the auditing role, or "
               "audit as a superuser.";
    if (strstr(why, "pg_hba_file_rules"))
        return "pg_hba_file_rules is for superusers by default: GRANT SELECT ON pg_hba_file_rules "
               "and EXECUTE ON FUNCTION pg_hba_file_rules() to the auditing role, or audit as a "
               "superuser.";
    if (strstr(why, "permission denied") || strstr(why, "visible only to"))
        return "Grant the auditing role pg_monitor, or audit as a superuser, to read this "
               "evidence.";
    if (strstr(why, "connection"))
        return "The connection dropped during the audit: run it again once the server is back.";
    if (strstr(why, "timeout") || strstr(why, "no answer"))
        return "The server did not answer in time: retry with a larger --timeout, or off-peak.";
    return NULL;
}

/* Evidence that could not be read is part of the report, as notices, never an error. */
static void add_unavailable_findings(const AuditResult *res, FindingList *findings)
{
    size_t n_failed = 0;
    for (size_t item_idx = 0; item_idx < res->n_unavailable; item_idx++) {
        const AuditUnavailable *item = &res->unavailable[item_idx];
        if (!item->failure)
            continue;
        n_failed++;
        Finding *f =
            finding_raise(findings, "PK0903", xasprintf("evidence unavailable: %s", item->what));
        f->message = finding_printf(f, "evidence unavailable: %s: %s", item->what, item->why);
        f->hint = finding_strdup(f, unavailable_hint(item->why));
    }
    if (n_failed) {
        Finding *f = finding_raise(findings, "PK0904",
                                   xstrdup("partial audit: some evidence could not be read"));
        f->message =
            finding_printf(f,
                           "partial audit: %zu piece%s of evidence could not be read; rules "
                           "that need them were skipped",
                           n_failed, n_failed == 1 ? "" : "s");
    }
}

static void print_verbose(const AuditResult *res, size_t n_skipped)
{
    fprintf(stderr,
            "pgknob: audit: PostgreSQL %s, %zu queries in %.1f ms, %zu evidence values, "
            "%zu rules skipped for missing facts%s\n",
            res->server_version, res->n_queries, res->elapsed_ms, res->snap.n_evidence, n_skipped,
            res->partial ? ", partial" : "");
    for (size_t item_idx = 0; item_idx < res->n_unavailable; item_idx++)
        fprintf(stderr, "pgknob: audit: %s: %s: %s\n",
                res->unavailable[item_idx].failure ? "unavailable" : "not collected",
                res->unavailable[item_idx].what, res->unavailable[item_idx].why);
}

static int render(const AuditCli *cli, const AuditResult *res, const char *target,
                  const FindingList *findings, size_t n_known)
{
    ReportSource source = {.path = target,
                           .kind = "server",
                           .pg_major = res->snap.pg_major,
                           .pg_version = res->server_version,
                           .version_source = "server",
                           .snap = &res->snap};
    ReportUnavailable *unavailable = xcalloc(res->n_unavailable + 1, sizeof(*unavailable));
    for (size_t item_idx = 0; item_idx < res->n_unavailable; item_idx++)
        unavailable[item_idx] = (ReportUnavailable){.what = res->unavailable[item_idx].what,
                                                    .why = res->unavailable[item_idx].why,
                                                    .failure = res->unavailable[item_idx].failure};
    ReportAudit audit = {
        .partial = res->partial, .unavailable = unavailable, .n_unavailable = res->n_unavailable};
    const ProjectOptions *project = &cli->project;
    ReportInput in = {.command = "audit",
                      .sources = &source,
                      .n_sources = 1,
                      .findings = findings,
                      .fail_on = project->fail_on,
                      .fail_on_refusal = project->fail_on_refusal,
                      .host = &res->snap.host,
                      .audit = &audit,
                      .rule_packs = (const char *const *)cli->rules.pack_dirs,
                      .n_rule_packs = cli->rules.n_pack_dirs,
                      .skipped = &cli->rules.skipped,
                      .baseline = project->baseline,
                      .n_baseline_known = n_known,
                      .config = project->project.path,
                      .purpose = purpose_name(project->purpose),
                      .purpose_default = !project->purpose_given,
                      .redact = &project->redact};
    const char *no_color = getenv("NO_COLOR");
    char stamp[REPORT_STAMP_SIZE];
    ReportOpts opts = {.color = !cli->out_path && isatty(STDOUT_FILENO) && !(no_color && *no_color),
                       .appendix = cli->appendix,
                       .cwd = NULL,
                       .timestamp = report_timestamp(stamp, sizeof(stamp))};
    int rc = cli_emit_report(report_format_choose(cli->format, cli->out_path), &in, &opts,
                             cli->out_path);
    free(unavailable);
    return rc;
}

static DbConn *audit_connect(AuditCli *cli)
{
    PkDiag diag = PK_DIAG_INIT;
    DbConnectOpts opts = {.conninfo = cli->conninfo,
                          .statement_timeout_ms = cli->timeout_ms,
                          .lock_timeout_ms = cli->timeout_ms < 2000 ? cli->timeout_ms / 2 : 1000};
    DbConn *conn = db_connect(&opts, &diag);
    /* libpq's messages may quote the connection string (a URI it cannot parse) */
    if (!conn) {
        redact_diag(&cli->project.redact, &diag);
        cli_print_diag(&diag);
    }
    pk_diag_free(&diag);
    return conn;
}

/* Host facts: --host FACTS, --host local, or local by default when the server is on this
 * machine (Unix socket or loopback); local facts look at the server's data directory's device. */
static bool audit_host(const AuditCli *cli, const DbConn *conn, Snapshot *snap)
{
    const char *spec = cli->project.host ? cli->project.host : db_is_local(conn) ? "local" : NULL;
    if (!spec)
        return true;
    const SnapSetting *data_dir = snapshot_get(snap, "data_directory");
    PkDiag diag = PK_DIAG_INIT;
    host_facts_clear(&snap->host);
    if (host_from_option(spec, data_dir && data_dir->value[0] ? data_dir->value : NULL, &snap->host,
                         &diag))
        return true;
    pk_diag_prefix(&diag, "invalid --host \"%s\"", spec);
    cli_print_diag(&diag);
    pk_diag_free(&diag);
    return false;
}

/* The shipped packs plus the project's rule directories, loaded before connecting so a broken
 * pack fails fast. */
static bool audit_load_rules(AuditCli *cli)
{
    LintRulesOpts opts = {.dirs = cli->project.rule_dirs, .n_dirs = cli->project.n_rule_dirs};
    PkDiag diag = PK_DIAG_INIT;
    bool ok = lint_rules_load(&opts, &cli->rules, &diag);
    cli_print_diags(&cli->rules.notes); /* before the error, as they came */
    return ok || cli_diag_fail(&diag);
}

/* The server's own findings (pending restarts, file errors) join the rules' in one list. */
static void take_server_findings(AuditResult *res, FindingList *findings)
{
    for (size_t finding_idx = 0; finding_idx < res->findings.n; finding_idx++)
        findings_push(findings, &res->findings.items[finding_idx]);
    findings_take(findings, &res->findings);
}

/* --compare FILE: the configuration read as lint reads it, for the server's major. */
static bool audit_compare(const AuditCli *cli, DbConn *conn, const AuditResult *res,
                          FindingList *findings)
{
    int major = res->snap.pg_major < PK_MIN_MAJOR   ? PK_MIN_MAJOR
                : res->snap.pg_major > PK_MAX_MAJOR ? PK_MAX_MAJOR
                                                    : res->snap.pg_major;
    char version[8];
    snprintf(version, sizeof(version), "%d", major);
    const char *paths[1] = {cli->compare};
    LintOpts opts = {.paths = paths, .n_paths = 1, .pg_version = version};
    LintResult lres = {0};
    PkDiag diag = PK_DIAG_INIT;
    bool ok = lint_run(&opts, &lres, &diag);
    if (!ok) {
        if (!pk_diag_is_set(&diag))
            pk_diag_set(&diag, cli->compare, 0, NULL, "could not read the input");
        pk_diag_prefix(&diag, "--compare");
        cli_print_diag(&diag);
    } else {
        audit_drift(conn, res, &lres.inputs[0].snap, cli->compare, findings);
    }
    pk_diag_free(&diag);
    lint_result_free(&lres);
    return ok;
}

/* The findings of one audit: the rules, the server's own, --compare's, the unavailable evidence,
 * then .pgknob.ini severities, --disable and the baseline. -1 when `findings` is ready, else the
 * exit code (the findings are freed). */
static int audit_findings(AuditCli *cli, DbConn *conn, AuditResult *res, FindingList *findings,
                          size_t *n_known)
{
    if (res->snap.pg_major < PK_MIN_MAJOR || res->snap.pg_major > PK_MAX_MAJOR)
        cli_warning("The evidence is read as for the nearest version; rules that do not claim "
                    "this version do not run.",
                    "PostgreSQL %s is outside the versions pgknob knows (%d to %d)",
                    res->server_version, PK_MIN_MAJOR, PK_MAX_MAJOR);
    if (!audit_host(cli, conn, &res->snap))
        return PK_EXIT_USAGE;
    EngineOpts eopts = {(const char *const *)cli->project.disable, cli->project.n_disable};
    shmem_note(&res->snap);
    engine_run(&cli->rules.rules, &res->snap, &eopts, findings, &cli->rules.skipped);
    take_server_findings(res, findings);
    if (cli->compare && !audit_compare(cli, conn, res, findings)) {
        arena_free(findings->arena);
        *findings = (FindingList){0};
        return PK_EXIT_USAGE;
    }
    add_unavailable_findings(res, findings);
    *n_known = 0;
    /* .pgknob.ini severities and disabled rules, --disable, the baseline; sorts */
    PkDiag diag = PK_DIAG_INIT;
    if (project_options_apply(&cli->project, findings, NULL, 0, n_known, &diag) ||
        cli_diag_fail(&diag))
        return -1;
    arena_free(findings->arena);
    *findings = (FindingList){0};
    return PK_EXIT_USAGE;
}

static int audit_finish(AuditCli *cli, DbConn *conn, AuditResult *res, const char *target)
{
    FindingList findings = {0};
    size_t n_known = 0;
    int rc = audit_findings(cli, conn, res, &findings, &n_known);
    if (rc >= 0)
        return rc;
    if (cli->verbose)
        print_verbose(res, cli->rules.skipped.n);
    rc = render(cli, res, target, &findings, n_known);
    arena_free(findings.arena);
    return rc;
}

static void audit_cli_free(AuditCli *cli)
{
    for (size_t idx = 0; idx < cli->n_from; idx++)
        free(cli->from_paths[idx]);
    free(cli->from_paths);
    lint_rules_state_free(&cli->rules);
    project_options_free(&cli->project);
}

/* --collect: the script on standard output (or -o FILE). */
static int audit_print_collect(const AuditCli *cli)
{
    CollectOpts opts = {.timeout_ms = cli->timeout_ms,
                        .sample_seconds = cli->sample_seconds,
                        .sample_interval_ms = 100};
    char *script = db_collect_script(&opts);
    PkDiag diag = PK_DIAG_INIT;
    bool ok = true;
    if (cli->out_path)
        ok = pk_write_atomic(cli->out_path, script, strlen(script), 0644, (uid_t)-1, (gid_t)-1,
                             &diag);
    else
        fputs(script, stdout);
    free(script);
    return ok ? PK_EXIT_OK : (cli_diag_fail(&diag), PK_EXIT_USAGE);
}

/* Snapshot documents are small (a few hundred kB); 256 MB bounds a wrong file. */
#define SNAPSHOT_LIMIT (256u << 20)

/* --from FILE: a connection that answers from the document. */
static DbConn *audit_open_snapshot(const char *path, PkDiag *diag)
{
    char *text = NULL;
    size_t len = 0;
    DbConn *conn = NULL;
    if (pk_read_file_diag(path, SNAPSHOT_LIMIT, "the snapshot", &text, &len, diag))
        conn = db_replay_open(path, text, len, diag);
    free(text);
    return conn;
}

static DbConn *audit_open_snapshot_or_fail(const char *path)
{
    PkDiag diag = PK_DIAG_INIT;
    DbConn *conn = audit_open_snapshot(path, &diag);
    if (!conn)
        cli_diag_fail(&diag);
    return conn;
}

/* One snapshot of the fleet: audited as --from FILE would, its findings kept. */
static void fleet_audit_one(AuditCli *cli, const char *path, Fleet *fleet)
{
    char *name = cli_fleet_name(path);
    PkDiag diag = PK_DIAG_INIT;
    DbConn *conn = audit_open_snapshot(path, &diag);
    AuditResult res = {0};
    AuditOpts opts = {0};
    FindingList findings = {0};
    size_t n_known = 0;
    if (!conn) {
        fleet_add_error(fleet, name, diag.message ? diag.message : "could not be read");
    } else if (!audit_run(conn, &opts, &res, &diag)) {
        fleet_add_error(fleet, name, diag.message ? diag.message : "nothing could be read");
    } else if (audit_findings(cli, conn, &res, &findings, &n_known) < 0) {
        fleet_add(fleet, name, res.server_version, res.partial, &findings);
        arena_free(findings.arena);
    } else {
        fleet_add_error(fleet, name, "its findings could not be established");
    }
    audit_result_free(&res);
    db_close(conn);
    pk_diag_free(&diag);
    free(name);
}

/* --from with several snapshots: one fleet report. */
static int audit_fleet(AuditCli *cli, char **paths, size_t n)
{
    const char *format = cli_fleet_format(cli->format, cli->out_path);
    if (!format)
        return PK_EXIT_USAGE;
    Fleet fleet = {0};
    for (size_t idx = 0; idx < n; idx++)
        fleet_audit_one(cli, paths[idx], &fleet);
    int rc =
        cli_fleet_emit(&fleet, format, cli->out_path, &cli->project.redact, cli->project.fail_on);
    arena_free(fleet.arena);
    return rc;
}

/* --from: one snapshot audited as a server, or several as a fleet. -1 to go on with one. */
static int audit_from(AuditCli *cli, DbConn **conn)
{
    char **paths;
    size_t n;
    bool dir_given;
    int rc = PK_EXIT_USAGE;
    if (!cli_fleet_paths(cli->from_paths, cli->n_from,
                         "Put the snapshots (*.json) written by the --collect script there.",
                         &paths, &n, &dir_given)) {
    } else if (n > 1 || dir_given) {
        rc = audit_fleet(cli, paths, n);
    } else {
        *conn = audit_open_snapshot_or_fail(paths[0]);
        rc = *conn ? -1 : PK_EXIT_USAGE;
    }
    for (size_t idx = 0; idx < n; idx++)
        free(paths[idx]);
    free(paths);
    return rc;
}

/* --save FILE: the document the live audit read, redacted as reports are. */
static bool audit_save(const AuditCli *cli, DbConn *conn)
{
    json_t *doc = db_record_take(conn, &cli->project.redact);
    if (!doc)
        return true;
    StrBuf text = STRBUF_INIT;
    pk_json_dump(&text, doc, PK_JSON_PRETTY);
    PkDiag diag = PK_DIAG_INIT;
    bool ok =
        pk_write_atomic(cli->save, sb_str(&text), text.len, 0600, (uid_t)-1, (gid_t)-1, &diag);
    sb_free(&text);
    return ok || cli_diag_fail(&diag);
}

int cmd_audit(int argc, char **argv)
{
    AuditCli cli = {.project = {.fail_on = SEV_WARNING}};
    cli_option_defaults(audit_options, CLI_N_OPTIONS(audit_options), &cli);
    int rc = audit_parse_args(argc, argv, &cli);
    if (rc < 0 && cli.collect) {
        rc = audit_print_collect(&cli);
        audit_cli_free(&cli);
        return rc;
    }
    /* .pgknob.ini and the rule packs are pgknob's own inputs: checked before connecting */
    PkDiag diag = PK_DIAG_INIT;
    if (rc < 0 && !project_options_load(&cli.project, &diag) && !cli_diag_fail(&diag))
        rc = PK_EXIT_USAGE;
    redaction_add_conninfo(&cli.project.redact, cli.conninfo);
    DbConn *conn = NULL;
    if (rc < 0 && !audit_load_rules(&cli))
        rc = PK_EXIT_USAGE;
    if (rc < 0 && cli.from)
        rc = audit_from(&cli, &conn);
    else if (rc < 0 && !(conn = audit_connect(&cli)))
        rc = PK_EXIT_USAGE;
    if (rc >= 0) {
        audit_cli_free(&cli);
        return rc;
    }
    AuditResult res = {0};
    AuditOpts opts = {.sample_seconds = cli.sample_seconds, .sample_interval_ms = 100};
    char *target = cli.from ? xstrdup(cli.from) : db_describe(conn);
    if (cli.save)
        db_record_start(conn);
    if (!audit_run(conn, &opts, &res, &diag)) {
        pk_diag_prefix(&diag, "nothing could be read from %s", target);
        redact_diag(&cli.project.redact, &diag);
        cli_print_diag(&diag);
        rc = PK_EXIT_USAGE;
    } else {
        rc = audit_finish(&cli, conn, &res, target);
        if (cli.save && !audit_save(&cli, conn) && rc != PK_EXIT_BUG)
            rc = PK_EXIT_USAGE;
    }
    db_close(conn);
    audit_result_free(&res);
    pk_diag_free(&diag);
    free(target);
    audit_cli_free(&cli);
    return rc;
}

size_t cmd_audit_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"audit", "\\[*OPTIONS*\\] \\[*CONNINFO*|*URI*\\]", audit_options,
         CLI_N_OPTIONS(audit_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
