/* `pgknob settings`: the offline twin of the server's pg_file_settings view. The file is read as
 * the view reads it (conf_load in view mode), conf/conf_view.c gives the view's verdicts, and
 * this prints them (text or JSON) through the one redaction path. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/cli_diag.h"
#include "cli/commands.h"
#include "common/json.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "conf/conf_secrets.h"
#include "conf/conf_view.h"
#include "input/input.h"
#include "project/config.h"
#include "report/report.h"

typedef struct SettingsOpts {
    int pg_version;
    bool json;
    bool all_errors;
    const char *path;
    const char *config; /* --config FILE; NULL: ./.pgknob.ini when present (its redact list) */
} SettingsOpts;

static const CliOption settings_options[] = {
    CLI_ROW_PG_VERSION,
    {"format", "F", 'f', "text (default) or json"},
    {"all-errors", NULL, CLI_LONG('a'),
     "read as server startup does, reporting every syntax error\n(up to 100 a file); the view "
     "stops at the first in a file"},
    {"config", "FILE", CLI_LONG('c'),
     "project configuration whose \"redact\" names are hidden too\n(default: the .pgknob.ini found "
     "upward from FILE, as lint finds it)"},
    {"help", NULL, 'h', "show this help and exit"},
};

static void settings_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob settings [--pg-version N] [--format text|json] [--all-errors]\n"
              "                       [--config FILE] FILE|DATADIR\n\n"
              "Every entry the server would read from the configuration, in reading order, as\n"
              "the pg_file_settings view shows it: file, line, name, value, the value in the\n"
              "parameter's base unit, whether it applies, and any error.\n\n"
              "options:\n",
              settings_options, CLI_N_OPTIONS(settings_options), 16,
              "\nValues that may hold a credential are shown as <redacted>.\n");
}

static int parse_settings_args(int argc, char **argv, SettingsOpts *opts)
{
    int opt;
    optind = 0;
    while ((opt = cli_getopt(argc, argv, "+", settings_options, CLI_N_OPTIONS(settings_options),
                             "settings")) != -1) {
        int minor;
        switch (opt) {
        case CLI_KEY_PG_VERSION:
            if (!cli_pg_version(optarg, &opts->pg_version, &minor))
                return PK_EXIT_USAGE;
            break;
        case 'f':
            if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0) {
                cli_error("use --format text or --format json", "unknown format \"%s\"", optarg);
                return PK_EXIT_USAGE;
            }
            opts->json = strcmp(optarg, "json") == 0;
            break;
        case CLI_LONG('a'): opts->all_errors = true; break;
        case CLI_LONG('c'): opts->config = optarg; break;
        case 'h': settings_usage(stdout); return -1;
        default: return PK_EXIT_USAGE; /* cli_getopt said why */
        }
    }
    if (argc - optind != 1) {
        cli_error(NULL, "settings takes exactly one FILE or DATADIR");
        settings_usage(stderr);
        return PK_EXIT_USAGE;
    }
    opts->path = argv[optind];
    return 0;
}

/* A string of the output, with the run's secrets replaced (redact.h). */
static json_t *redacted_str(const Redaction *secrets, const char *text)
{
    char *clean = redact_text(secrets, text);
    json_t *str = pk_json_str(clean);
    free(clean);
    return str;
}

static json_t *entry_json(const ConfEntry *entry, const ConfViewRow *row, const Redaction *secrets,
                          bool secret)
{
    json_t *obj = json_object();
    pk_json_set(obj, "file", pk_json_str(entry->file));
    pk_json_set(obj, "line", json_integer(entry->line));
    pk_json_set(obj, "seqno", json_integer(entry->seqno));
    pk_json_set(obj, "name", pk_json_str(entry->name));
    pk_json_set(
        obj, "value",
        redacted_str(secrets, secret && entry->value && *entry->value ? REDACTED : entry->value));
    pk_json_set(obj, "normalized",
                redacted_str(secrets, secret && row->normalized ? REDACTED : row->normalized));
    pk_json_set(obj, "applied", pk_json_bool(row->applied));
    pk_json_set(obj, "error", redacted_str(secrets, row->error));
    if (entry->token)
        pk_json_set(obj, "token", redacted_str(secrets, entry->token));
    if (row->hint)
        pk_json_set(obj, "hint", redacted_str(secrets, row->hint));
    return obj;
}

/* Control bytes in a token or value would garble a terminal: show them as \xNN. */
static void put_printable(StrBuf *sb, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            sb_printf(sb, "\\x%02x", *p);
        else
            sb_putc(sb, (char)*p);
    }
}

static void put_entry_text(StrBuf *sb, const ConfSet *set, size_t ent, const ConfViewRow *row,
                           bool secret)
{
    const ConfEntry *entry = &set->entries[ent];
    sb_printf(sb, "%s:%d: #%d ", entry->file, entry->line, entry->seqno);
    if (!entry->name) {
        sb_printf(sb, "error: %s", row->error);
        if (entry->token) {
            sb_put(sb, ", near token \"");
            put_printable(sb, entry->token);
            sb_putc(sb, '"');
        } else if (strcmp(row->error, "syntax error") == 0)
            sb_put(sb, ", near end of line");
        sb_putc(sb, '\n');
    } else {
        sb_printf(sb, "%s = '", entry->name);
        put_printable(sb, secret && *entry->value ? REDACTED : entry->value);
        sb_putc(sb, '\'');
        if (!secret && row->normalized && strcmp(row->normalized, entry->value) != 0)
            sb_printf(sb, " (%s)", row->normalized);
        if (row->applied)
            sb_put(sb, " applied");
        else if (entry->overridden_by >= 0)
            sb_printf(sb, " overridden by %s:%d", set->entries[entry->overridden_by].file,
                      set->entries[entry->overridden_by].line);
        else
            sb_put(sb, " not applied");
        if (row->error)
            sb_printf(sb, ": error: %s", row->error);
        sb_putc(sb, '\n');
    }
    if (row->hint)
        sb_printf(sb, "  hint: %s\n", row->hint);
}

/* Every byte goes through the one redaction path: the whole value of a secret entry (names such
 * as ssl_passphrase_command, their misspellings, rejected lines naming them), the secrets inside
 * any other (a conninfo's password), and whatever quotes them. */
static void render(const ConfSet *set, const ConfViewRow *rows, int major, bool json,
                   const Redaction *names)
{
    Redaction secrets = {0};
    conf_set_secrets(names, major, set, &secrets);
    StrBuf sb = STRBUF_INIT;
    json_t *entries = json ? json_array() : NULL;
    for (size_t ent = 0; ent < set->n_entries; ent++) {
        bool secret = conf_entry_secret(names, major, &set->entries[ent]);
        if (json)
            json_array_append_new(entries,
                                  entry_json(&set->entries[ent], &rows[ent], &secrets, secret));
        else
            put_entry_text(&sb, set, ent, &rows[ent], secret);
    }
    if (json)
        pk_json_dump(&sb, json_pack("{s:o}", "entries", entries), PK_JSON_PRETTY);
    char *clean = json ? NULL : redact_text(&secrets, sb_str(&sb));
    if (clean) { /* text is read on a terminal: no control byte reaches it raw */
        StrBuf safe = STRBUF_INIT;
        sb_put_escaped_controls(&safe, clean, strlen(clean), false);
        fputs(sb_str(&safe), stdout);
        sb_free(&safe);
    } else {
        fputs(sb_str(&sb), stdout);
    }
    free(clean);
    sb_free(&sb);
    arena_free(secrets.arena);
}

int cmd_settings(int argc, char **argv)
{
    SettingsOpts opts = {0};
    int rc = parse_settings_args(argc, argv, &opts);
    if (rc)
        return rc < 0 ? PK_EXIT_OK : rc;
    /* the project's redaction list (only that: settings has no rules or policy to apply) */
    Redaction names = {0};
    char *found = opts.config ? NULL : project_config_find(opts.path);
    const char *config = opts.config ? opts.config : found;
    if (config) {
        ProjectConfig cfg = {0};
        PkDiag perr = PK_DIAG_INIT;
        bool ok = project_config_load(config, &cfg, &perr);
        free(found);
        if (!ok) {
            cli_print_diag(&perr);
            pk_diag_free(&perr);
            return PK_EXIT_USAGE;
        }
        for (size_t idx = 0; idx < cfg.n_redact; idx++)
            redaction_add_name(&names, cfg.redact[idx]);
        arena_free(cfg.arena);
    }
    ConfSet set = {0};
    ConfLoadOpts load = {.view_mode = !opts.all_errors, .pg_major = opts.pg_version};
    PkDiag diag = PK_DIAG_INIT;
    /* a manifest (a Cluster, a parameter group, a .tf) is read by input/, as lint reads it:
     * its settings are listed, never its YAML taken for postgresql.conf */
    InputResult ir = {0};
    if (!input_load(opts.path, &(InputOpts){0}, &ir, &diag) ||
        (ir.format != INPUT_CONF && ir.n_docs != 1)) {
        if (!diag.message)
            pk_diag_set(&diag, opts.path, 0,
                        "pgknob lint lists each of them; give one document to settings",
                        "%zu PostgreSQL configurations in this input: settings shows one",
                        ir.n_docs);
        input_result_free(&ir);
        cli_diag_fail(&diag);
        arena_free(names.arena);
        return PK_EXIT_USAGE;
    }
    int major = opts.pg_version;
    if (ir.format != INPUT_CONF || ir.n_docs) {
        set = ir.docs[0].set; /* moved: its arena is ours now */
        memset(&ir.docs[0].set, 0, sizeof(ir.docs[0].set));
        if (!major && ir.docs[0].pg_major >= 13 && ir.docs[0].pg_major <= 18)
            major = ir.docs[0].pg_major;
    }
    input_result_free(&ir);
    if (!set.n_files && !conf_load(opts.path, &load, &set, &diag)) {
        cli_diag_fail(&diag);
        arena_free(set.arena);
        arena_free(names.arena);
        return PK_EXIT_USAGE;
    }
    ConfView view;
    conf_view_compute(&set, major, &view);
    render(&set, view.rows, view.major, opts.json, &names);
    arena_free(names.arena);
    arena_free(view.arena);
    arena_free(set.arena);
    return PK_EXIT_OK;
}

size_t cmd_settings_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"settings", "\\[*OPTIONS*\\] *FILE*|*DATADIR*", settings_options,
         CLI_N_OPTIONS(settings_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
