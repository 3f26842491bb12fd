/* `pgknob hba FILE|DATADIR`: the offline twin of pg_hba_file_rules and pg_ident_file_mappings
 * (src/hba/), as text or JSON, and the start verdict. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog/catalog.h"
#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/commands.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "hba/hba.h"
#include "hba/hba_input.h"
#include "lint/lint.h"

typedef struct HbaCli {
    const char *pg_version;
    const char *format;
    const char *ident;
    const char *ssl;
    unsigned features;
} HbaCli;

enum { OPT_FORMAT = 256, OPT_IDENT, OPT_BUILD, OPT_SSL, OPT_HELP = 'h' };

static const CliOption hba_options[] = {
    CLI_ROW_PG_VERSION,
    {"format", "FORMAT", OPT_FORMAT, "text (default) or json"},
    {"ident", "FILE", OPT_IDENT, "also read FILE as pg_ident.conf (with a FILE input)"},
    {"ssl", "on|off", OPT_SSL,
     "the server's ssl setting (hostssl lines cannot match while off);\n"
     "default: from the data directory's postgresql.conf; on for a lone file"},
    {"build", "FEATURES", OPT_BUILD,
     "the server build's optional features, a comma list of\nssl, gss, ldap, pam, bsd, or none;"
     " default: ssl,gss,ldap,pam"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

static void hba_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob hba [OPTIONS] FILE|DATADIR\n\n"
              "Reads pg_hba.conf and pg_ident.conf as the server does and prints what the\n"
              "pg_hba_file_rules and pg_ident_file_mappings views would show, with whether\n"
              "the server starts with them. A data directory's postgresql.conf gives\n"
              "hba_file, ident_file and ssl.\n\noptions:\n",
              hba_options, CLI_N_OPTIONS(hba_options), 22,
              "\nexit codes: 0 the server loads pg_hba.conf, 1 it refuses to start with it,\n"
              "2 usage or input error\n");
}

static int hba_parse_args(int argc, char **argv, HbaCli *cli)
{
    int key;
    optind = 0;
    while ((key = cli_getopt(argc, argv, "", hba_options, CLI_N_OPTIONS(hba_options), "hba")) !=
           -1) {
        switch (key) {
        case OPT_HELP: hba_usage(stdout); return PK_EXIT_OK;
        case CLI_USAGE_ERROR: return PK_EXIT_USAGE;
        case CLI_KEY_PG_VERSION: {
            int major, minor;
            if (!cli_pg_version(optarg, &major, &minor))
                return PK_EXIT_USAGE;
            cli->pg_version = optarg;
            break;
        }
        case OPT_IDENT: cli->ident = optarg; break;
        case OPT_FORMAT:
            if (strcmp(optarg, "text") && strcmp(optarg, "json")) {
                cli_error("formats are: text, json.", "unknown format \"%s\"", optarg);
                return PK_EXIT_USAGE;
            }
            cli->format = optarg;
            break;
        case OPT_SSL:
            if (strcmp(optarg, "on") && strcmp(optarg, "off")) {
                cli_error(NULL, "--ssl takes on or off, not \"%s\"", optarg);
                return PK_EXIT_USAGE;
            }
            cli->ssl = optarg;
            break;
        case OPT_BUILD:
            if (!hba_features_parse(optarg, &cli->features)) {
                cli_error("features are: ssl, gss, ldap, pam, bsd, or none.",
                          "unknown build feature in \"%s\"", optarg);
                return PK_EXIT_USAGE;
            }
            break;
        }
    }
    if (optind != argc - 1) {
        cli_error(NULL, "give one pg_hba.conf, pg_ident.conf or data directory");
        hba_usage(stderr);
        return PK_EXIT_USAGE;
    }
    return -1;
}

static json_t *tokens_json(const HbaTokens *toks)
{
    json_t *arr = json_array();
    for (size_t idx = 0; idx < toks->n; idx++)
        json_array_append_new(arr, json_string(toks->items[idx].text));
    return arr;
}

/* An authentication option as shown: "ldapbindpasswd=<redacted>" for an option that holds a
 * secret (ldapbindpasswd, radiussecrets: the whole value, which the tokenizer has unquoted and may
 * hold blanks), any other with the secrets inside masked. Caller frees. */
static char *option_shown(const char *option)
{
    const char *eq = strchr(option, '=');
    char *name = eq ? xstrndup(option, (size_t)(eq - option)) : NULL;
    char *shown = name && eq[1] && redact_name_secret(NULL, name)
                      ? xasprintf("%s=%s", name, REDACTED)
                      : redact_text(NULL, option);
    free(name);
    return shown;
}

static json_t *str_or_null(const char *s)
{
    return s ? json_string(s) : json_null();
}

static json_t *notes_json(const HbaFileSet *fs)
{
    json_t *arr = json_array();
    for (size_t idx = 0; idx < fs->n_notes; idx++)
        json_array_append_new(arr,
                              json_pack("{s:s,s:i,s:s}", "file", fs->notes[idx].file, "line",
                                        fs->notes[idx].line, "message", fs->notes[idx].message));
    return arr;
}

static json_t *file_json(const HbaFileSet *fs)
{
    return json_pack("{s:o,s:b,s:o,s:o}", "file", str_or_null(fs->path), "loads", fs->loads,
                     "error", str_or_null(fs->missing ? fs->open_error.message : NULL), "notes",
                     notes_json(fs));
}

static json_t *set_json(const HbaSet *set)
{
    json_t *root = json_object();
    json_object_set_new(root, "pg_major", json_integer(set->opts.major));
    json_object_set_new(root, "starts", json_boolean(!set->hba.path || hba_set_starts(set)));
    if (set->hba.path) {
        json_t *hba = file_json(&set->hba);
        json_object_set_new(hba, "no_entries", json_boolean(set->hba_no_entries));
        json_t *rules = json_array();
        for (size_t idx = 0; idx < set->n_rules; idx++) {
            const HbaRule *r = &set->rules[idx];
            json_t *opts = json_null();
            if (r->n_options) {
                opts = json_array();
                for (size_t opt = 0; opt < r->n_options; opt++) {
                    char *shown = option_shown(r->options[opt]);
                    json_array_append_new(opts, json_string(shown));
                    free(shown);
                }
            }
            json_t *row = json_object();
            json_object_set_new(row, "rule_number",
                                r->rule_number ? json_integer(r->rule_number) : json_null());
            json_object_set_new(row, "file_name", json_string(r->file));
            json_object_set_new(row, "line_number", json_integer(r->line));
            json_object_set_new(row, "type", str_or_null(r->type));
            json_object_set_new(row, "database",
                                r->parsed ? tokens_json(&r->databases) : json_null());
            json_object_set_new(row, "user_name", r->parsed ? tokens_json(&r->users) : json_null());
            json_object_set_new(row, "address", str_or_null(r->address));
            json_object_set_new(row, "netmask", str_or_null(r->netmask));
            json_object_set_new(row, "auth_method", str_or_null(r->method));
            json_object_set_new(row, "options", opts);
            json_object_set_new(row, "error", str_or_null(r->error));
            json_object_set_new(row, "rejects", json_boolean(r->rejects));
            json_array_append_new(rules, row);
        }
        json_object_set_new(hba, "rules", rules);
        json_object_set_new(root, "hba", hba);
    }
    if (set->ident.path) {
        json_t *ident = file_json(&set->ident);
        json_t *maps = json_array();
        for (size_t idx = 0; idx < set->n_maps; idx++) {
            const IdentMap *m = &set->maps[idx];
            json_array_append_new(
                maps, json_pack("{s:o,s:s,s:i,s:o,s:o,s:o,s:o,s:b}", "map_number",
                                m->map_number ? json_integer(m->map_number) : json_null(),
                                "file_name", m->file, "line_number", m->line, "map_name",
                                str_or_null(m->map_name), "sys_name", str_or_null(m->sys_name),
                                "pg_username", str_or_null(m->pg_username), "error",
                                str_or_null(m->error), "rejects", m->rejects));
        }
        json_object_set_new(ident, "mappings", maps);
        json_object_set_new(root, "ident", ident);
    }
    return root;
}

static void put_list(StrBuf *sb, const HbaTokens *toks)
{
    for (size_t idx = 0; idx < toks->n; idx++) {
        if (idx)
            sb_putc(sb, ',');
        if (toks->items[idx].quoted)
            sb_printf(sb, "\"%s\"", toks->items[idx].text);
        else
            sb_put(sb, toks->items[idx].text);
    }
}

static void print_text(const HbaSet *set)
{
    StrBuf sb = STRBUF_INIT;
    if (set->hba.path) {
        sb_printf(&sb, "%s (PostgreSQL %d): %s\n", set->hba.path, set->opts.major,
                  set->hba.loads        ? "loads"
                  : set->hba.missing    ? "cannot be read: the server refuses to start"
                  : set->hba_no_entries ? "contains no entries: the server refuses to start"
                                        : "does not load: the server refuses to start");
        if (set->hba.missing)
            sb_printf(&sb, "  error: %s\n", set->hba.open_error.message);
        for (size_t idx = 0; idx < set->n_rules; idx++) {
            const HbaRule *r = &set->rules[idx];
            sb_printf(&sb, "%s:%d: ", r->file, r->line);
            if (r->rule_number)
                sb_printf(&sb, "#%d ", r->rule_number);
            if (r->parsed) {
                sb_printf(&sb, "%s ", r->type);
                put_list(&sb, &r->databases);
                sb_putc(&sb, ' ');
                put_list(&sb, &r->users);
                if (r->address)
                    sb_printf(&sb, " %s", r->address);
                if (r->netmask)
                    sb_printf(&sb, " %s", r->netmask);
                sb_printf(&sb, " %s", r->method);
                for (size_t opt = 0; opt < r->n_options; opt++) {
                    char *shown = option_shown(r->options[opt]);
                    sb_printf(&sb, " %s", shown);
                    free(shown);
                }
            }
            if (r->error)
                sb_printf(&sb, "%serror: %s", r->parsed ? "  " : "", r->error);
            else if (!r->parsed)
                sb_put(&sb, "rejected (the server logs why)");
            if (r->rejects && r->parsed)
                sb_put(&sb, " [rejects]");
            sb_putc(&sb, '\n');
        }
        for (size_t idx = 0; idx < set->hba.n_notes; idx++)
            sb_printf(&sb, "%s:%d: note: %s\n", set->hba.notes[idx].file, set->hba.notes[idx].line,
                      set->hba.notes[idx].message);
    }
    if (set->ident.path) {
        sb_printf(&sb, "%s: %s\n", set->ident.path,
                  set->ident.loads     ? "loads"
                  : set->ident.missing ? "cannot be read: no user name map is usable"
                                       : "does not load: no user name map is usable");
        if (set->ident.missing)
            sb_printf(&sb, "  error: %s\n", set->ident.open_error.message);
        for (size_t idx = 0; idx < set->n_maps; idx++) {
            const IdentMap *m = &set->maps[idx];
            sb_printf(&sb, "%s:%d: ", m->file, m->line);
            if (m->parsed)
                sb_printf(&sb, "#%d %s %s %s", m->map_number, m->map_name, m->sys_name,
                          m->pg_username);
            else
                sb_printf(&sb, "error: %s", m->error);
            sb_putc(&sb, '\n');
        }
    }
    StrBuf clean = STRBUF_INIT;
    char *masked = redact_text(NULL, sb_str(&sb)); /* errors and notes may quote an option */
    sb_put_escaped_controls(&clean, masked, strlen(masked), false);
    free(masked);
    fputs(sb_str(&clean), stdout);
    sb_free(&clean);
    sb_free(&sb);
}

/* Fills `in` from the operand; false (message printed) when it is unusable. */
static bool hba_resolve(const HbaCli *cli, const char *path, HbaInput *in)
{
    int major = PK_DEFAULT_MAJOR, minor;
    if (cli->pg_version && !lint_parse_version(cli->pg_version, &major, &minor)) {
        char *hint = xasprintf("pgknob knows PostgreSQL %d to %d.", PK_MIN_MAJOR, PK_MAX_MAJOR);
        cli_error(hint, "unsupported PostgreSQL version \"%s\"", cli->pg_version);
        free(hint);
        return false;
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        cli_error(NULL, "could not open \"%s\": %s", path, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        ConfSet set = {0};
        PkDiag diag = PK_DIAG_INIT;
        ConfLoadOpts lopts = {.pg_major = cli->pg_version ? major : 0};
        if (!conf_load(path, &lopts, &set, &diag)) {
            cli_diag_fail(&diag);
            arena_free(set.arena);
            return false;
        }
        if (!cli->pg_version && set.data_dir_major)
            major = set.data_dir_major;
        const Catalog *cat = catalog_for_major(major);
        if (!cat) {
            cli_error(NULL, "%s: PostgreSQL %d is not one pgknob knows; use --pg-version", path,
                      major);
            arena_free(set.arena);
            return false;
        }
        Snapshot snap = {0};
        snapshot_from_conf(&snap, &set, cat);
        hba_input_from_snapshot(&snap, set.data_dir, in);
        snapshot_free(&snap);
        arena_free(set.arena);
    } else if (!hba_input_from_file(path, major, in)) {
        cli_error("name it pg_hba.conf, or give the data directory.",
                  "%s: not a pg_hba.conf or pg_ident.conf", path);
        return false;
    }
    if (!in->hba_path && !in->ident_path) {
        cli_error(NULL, "%s has no pg_hba.conf or pg_ident.conf", path);
        return false;
    }
    if (cli->ident) {
        in->ident_path = arena_strdup(arena_get(&in->arena), cli->ident);
    }
    if (cli->ssl)
        in->opts.ssl = !strcmp(cli->ssl, "on");
    in->opts.features = cli->features;
    return true;
}

int cmd_hba(int argc, char **argv)
{
    HbaCli cli = {.features = HBA_FEAT_DEFAULT};
    int rc = hba_parse_args(argc, argv, &cli);
    if (rc >= 0)
        return rc;
    HbaInput in = {0};
    if (!hba_resolve(&cli, argv[optind], &in)) {
        arena_free(in.arena);
        return PK_EXIT_USAGE;
    }
    HbaSet set = {0};
    hba_load(in.hba_path, in.ident_path, &in.opts, &set);
    if (cli.format && !strcmp(cli.format, "json")) {
        json_t *root = set_json(&set);
        redact_json(NULL, root);
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER);
        puts(text);
        free(text);
        json_decref(root);
    } else {
        print_text(&set);
    }
    rc = !set.hba.path || hba_set_starts(&set) ? PK_EXIT_OK : PK_EXIT_FINDINGS;
    arena_free(set.arena);
    arena_free(in.arena);
    return rc;
}

size_t cmd_hba_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"hba", "\\[*OPTIONS*\\] *FILE*|*DATADIR*", hba_options, CLI_N_OPTIONS(hba_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
