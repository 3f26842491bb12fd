/* pgknob live: what a running server does with its configuration, as one JSON document: each
 * setting's effective value and where it comes from, pending restarts, and the configuration
 * lines the server did not apply (pg_file_settings errors). Read-only and bounded as audit is;
 * the language server's live mode runs it (docs/lsp.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/commands.h"
#include "common/json.h"
#include "common/redact.h"
#include "common/xalloc.h"
#include "db/db.h"

/* Where the language server hands the connection string: never on a command line (ps shows
 * it to every user), in the environment (readable by the same user only). */
#define LIVE_CONNINFO_ENV "PGKNOB_LIVE_CONNINFO"

enum { OPT_TIMEOUT = 256, OPT_HELP = 'h' };

typedef struct LiveCli {
    const char *conninfo;
    int timeout_ms;
} LiveCli;

static const CliOption live_options[] = {
    {"timeout", "MS", OPT_TIMEOUT, "statement_timeout of each query", .type = CLI_INT, .min = 10,
     .max = 60000, .def = "3000", .target = CLI_AT(LiveCli, timeout_ms)},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void live_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob live [OPTIONS] [CONNINFO|URI]\n\n"
              "Prints, as one JSON document, what a running server does with its configuration:\n"
              "every setting's effective value and source (file and line), the settings waiting\n"
              "for a restart, and the configuration lines it did not apply (pg_file_settings).\n"
              "Read-only, for a role with pg_monitor. Without CONNINFO it reads " LIVE_CONNINFO_ENV
              "\n"
              "(so the language server's connection string never shows in ps), else the PG*\n"
              "environment. Values that may hold a credential are <redacted>.\n\noptions:\n",
              live_options, CLI_N_OPTIONS(live_options), 20,
              "\nexit codes: 0 read, 2 usage error or the server could not be read\n");
}

static bool live_apply_option(void *ctx, int key, const char *arg)
{
    (void)ctx, (void)key, (void)arg; /* every option is a typed row */
    return true;
}

static json_t *text_or_null(const DbResult *res, int row, int col)
{
    return db_is_null(res, row, col) ? json_null() : json_string(db_text(res, row, col));
}

/* pg_settings: name, value (redacted where secret), unit, source, file, line, pending_restart,
 * context. sourcefile/sourceline are NULL unless superuser or pg_read_all_settings. */
static json_t *settings_json(DbConn *conn, const Redaction *secrets, char **why)
{
    DbResult res;
    if (!db_run(conn, "settings", &res)) {
        *why = xstrdup(res.error ? res.error : "no result");
        db_result_free(&res);
        return NULL;
    }
    json_t *list = json_array();
    for (int row = 0; row < res.n_rows; row++) {
        const char *name = db_text(&res, row, 0);
        char *value =
            redact_value(secrets, name, db_is_null(&res, row, 1) ? "" : db_text(&res, row, 1));
        json_t *obj = json_pack(
            "{s:s, s:s, s:o, s:o, s:o, s:o, s:b, s:o}", "name", name, "value", value, "unit",
            text_or_null(&res, row, 2), "source", text_or_null(&res, row, 3), "file",
            text_or_null(&res, row, 4), "line",
            db_is_null(&res, row, 5) ? json_null()
                                     : json_integer((json_int_t)db_num(&res, row, 5, 0)),
            "pending_restart", db_bool(&res, row, 6, false), "context", text_or_null(&res, row, 8));
        free(value);
        json_array_append_new(list, obj);
    }
    db_result_free(&res);
    return list;
}

/* pg_file_settings rows with an error: the lines the server did not apply. */
static json_t *file_errors_json(DbConn *conn, const Redaction *secrets, char **why)
{
    DbResult res;
    if (!db_run(conn, "file_settings", &res)) {
        *why = xstrdup(res.error ? res.error : "no result");
        db_result_free(&res);
        return NULL;
    }
    json_t *list = json_array();
    for (int row = 0; row < res.n_rows; row++) {
        const char *name = db_is_null(&res, row, 3) ? "" : db_text(&res, row, 3);
        char *value =
            redact_value(secrets, name, db_is_null(&res, row, 4) ? "" : db_text(&res, row, 4));
        json_array_append_new(
            list,
            json_pack("{s:o, s:I, s:s, s:s, s:b, s:o}", "file", text_or_null(&res, row, 0), "line",
                      (json_int_t)db_num(&res, row, 1, 0), "name", name, "value", value, "applied",
                      db_bool(&res, row, 5, false), "error", text_or_null(&res, row, 6)));
        free(value);
    }
    db_result_free(&res);
    return list;
}

int cmd_live(int argc, char **argv)
{
    LiveCli cli = {0};
    cli_option_defaults(live_options, CLI_N_OPTIONS(live_options), &cli);
    int rc = cli_parse_options(argc, argv, live_options, CLI_N_OPTIONS(live_options), "live",
                               OPT_HELP, live_usage, live_apply_option, &cli);
    if (rc >= 0)
        return rc;
    if (argc - optind > 1) {
        cli_error("quote the connection string: 'host=db1 dbname=app'.",
                  "more than one connection string given");
        return PK_EXIT_USAGE;
    }
    cli.conninfo = optind < argc ? argv[optind] : getenv(LIVE_CONNINFO_ENV);
    DbConnectOpts opts = {.conninfo = cli.conninfo,
                          .statement_timeout_ms = cli.timeout_ms,
                          .lock_timeout_ms = cli.timeout_ms};
    PkDiag diag = PK_DIAG_INIT;
    DbConn *conn = db_connect(&opts, &diag);
    if (!conn) {
        cli_diag_fail(&diag);
        return PK_EXIT_USAGE;
    }
    Redaction secrets = {0};
    redaction_add_conninfo(&secrets, cli.conninfo);
    char *settings_why = NULL, *files_why = NULL;
    json_t *settings = settings_json(conn, &secrets, &settings_why);
    json_t *files = file_errors_json(conn, &secrets, &files_why);
    int version = db_server_version_num(conn);
    db_close(conn);
    if (!settings) {
        cli_error("Grant the role pg_monitor, or connect as a superuser.",
                  "cannot read pg_settings: %s", settings_why);
        free(settings_why);
        free(files_why);
        json_decref(files);
        return PK_EXIT_USAGE;
    }
    json_t *doc =
        json_pack("{s:s, s:i, s:o, s:o, s:o}", "tool", "pgknob live", "server_version_num", version,
                  "settings", settings, "file_errors", files ? files : json_null(),
                  "file_errors_unreadable", files_why ? json_string(files_why) : json_null());
    char *text = json_dumps(doc, JSON_COMPACT);
    puts(text);
    free(text);
    json_decref(doc);
    free(settings_why);
    free(files_why);
    arena_free(secrets.arena);
    return PK_EXIT_OK;
}

size_t cmd_live_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"live", "\\[*OPTIONS*\\] \\[*CONNINFO*|*URI*\\]", live_options,
         CLI_N_OPTIONS(live_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
