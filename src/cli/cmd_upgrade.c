/* `pgknob upgrade --from N --to M FILE|DATADIR|MANIFEST`: the checklist of what a configuration
 * written for N needs on M (upgrade/), and with -o the patched file a server of M starts with. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_diag.h"
#include "cli/cli_options.h"
#include "cli/cli_output.h"
#include "cli/commands.h"
#include "common/json.h"
#include "common/readfile.h"
#include "common/redact.h"
#include "common/xalloc.h"
#include "input/input.h"
#include "upgrade/patch.h"
#include "upgrade/upgrade.h"

enum { OPT_FROM = 256, OPT_TO, OPT_FORMAT, OPT_INPUT_FORMAT, OPT_OUTPUT = 'o', OPT_HELP = 'h' };

static const CliOption upgrade_options[] = {
    {"from", "N", OPT_FROM, "the major the configuration is written for: 9.6, 10 ... 18"},
    {"to", "M", OPT_TO, "the major to upgrade to: 13 ... 18 (above --from)"},
    {"output", "FILE", OPT_OUTPUT,
     "write the configuration patched for M to FILE (never over the input)"},
    {"format", "FORMAT", OPT_FORMAT, "checklist format: text (default) or json"},
    {"input-format", "FORMAT", OPT_INPUT_FORMAT,
     "read the input as conf, cnpg, patroni, zalando, crunchy, rds,\n"
     "terraform, args or embedded; "
     "default: recognised by content"},
    {"help", NULL, OPT_HELP, "show this help and exit"},
};

typedef struct UpgradeCli {
    int from, to;
    const char *output;
    bool json;
    InputFormat input_format;
    const char *path;
} UpgradeCli;

static void upgrade_usage(FILE *out)
{
    cli_usage(out,
              "usage: pgknob upgrade --from N --to M [OPTIONS] FILE|DATADIR|MANIFEST\n\n"
              "Lists what a configuration written for PostgreSQL N needs before a server of\n"
              "major M starts with it: parameters removed or renamed (with the value\n"
              "converted), values M no longer accepts, defaults that change where the file\n"
              "leaves them unset, deprecations, preload libraries to rebuild. With -o, writes\n"
              "the configuration patched for M.\n\noptions:\n",
              upgrade_options, CLI_N_OPTIONS(upgrade_options), 22,
              "\nexit codes: 0 nothing stops M from starting, 1 changes needed (the checklist),\n"
              "2 usage or input error, 3 internal error\n");
}

/* "9.6" or the major's number. */
static const char *major_text(int major, char buf[8])
{
    if (major == 9)
        return "9.6";
    snprintf(buf, 8, "%d", major);
    return buf;
}

static bool upgrade_option(void *ctx, int key, const char *arg)
{
    UpgradeCli *cli = ctx;
    switch (key) {
    case OPT_FROM:
    case OPT_TO:
        if (upgrade_parse_major(arg, key == OPT_FROM, key == OPT_FROM ? &cli->from : &cli->to))
            return true;
        cli_error(key == OPT_FROM ? "--from takes 9.6, 10, 11, 12 ... 18."
                                  : "--to takes 13 ... 18, the majors pgknob has catalogs of.",
                  "unsupported %s version \"%s\"", key == OPT_FROM ? "--from" : "--to", arg);
        return false;
    case OPT_FORMAT:
        if (!strcmp(arg, "text") || !strcmp(arg, "json")) {
            cli->json = !strcmp(arg, "json");
            return true;
        }
        cli_error("formats are: text, json.", "unknown format \"%s\"", arg);
        return false;
    case OPT_INPUT_FORMAT:
        if (input_format_parse(arg, &cli->input_format))
            return true;
        cli_unknown_input_format(arg);
        return false;
    case OPT_OUTPUT: cli->output = arg; return true;
    }
    return false;
}

static int upgrade_args(int argc, char **argv, UpgradeCli *cli)
{
    int rc = cli_parse_options(argc, argv, upgrade_options, CLI_N_OPTIONS(upgrade_options),
                               "upgrade", OPT_HELP, upgrade_usage, upgrade_option, cli);
    if (rc >= 0)
        return rc;
    const char *missing = !cli->from ? "--from" : !cli->to ? "--to" : NULL;
    if (missing) {
        cli_error("pgknob upgrade --from 13 --to 18 postgresql.conf", "%s is required", missing);
        return PK_EXIT_USAGE;
    }
    if (cli->to <= cli->from) {
        char buf[8];
        cli_error(NULL, "--to %d is not above --from %s", cli->to, major_text(cli->from, buf));
        return PK_EXIT_USAGE;
    }
    if (optind + 1 != argc) {
        cli_error(NULL, "give one configuration file, data directory or manifest");
        upgrade_usage(stderr);
        return PK_EXIT_USAGE;
    }
    cli->path = argv[optind];
    return -1;
}

/* The documents of the input: a conf file or data directory through conf_load, else input/. */
static bool upgrade_load(const UpgradeCli *cli, InputResult *in, ConfSet *conf, PkDiag *diag)
{
    InputOpts opts = {.format = cli->input_format};
    if (!input_load(cli->path, &opts, in, diag))
        return false;
    if (in->n_docs)
        return true;
    return conf_load(cli->path, &(ConfLoadOpts){.pg_major = cli->from < 13 ? 13 : cli->from}, conf,
                     diag);
}

/* Moves every item of `part` to the end of `all`, which takes `part`'s arena in. */
static void plan_append(UpgradePlan *all, UpgradePlan *part)
{
    Arena *arena = arena_get(&all->arena);
    all->items = arena_realloc(arena, all->items, all->n_items * sizeof(*all->items),
                               (all->n_items + part->n_items + 1) * sizeof(*all->items));
    memcpy(all->items + all->n_items, part->items, part->n_items * sizeof(*part->items));
    all->n_items += part->n_items;
    arena_adopt(arena, part->arena);
    *part = (UpgradePlan){0};
}

/* A value as printed: the secrets inside masked, or <redacted> for a name whose whole value is
 * secret. */
static json_t *shown_value(const UpgradeItem *item, const char *value)
{
    char *shown = redact_value(NULL, item->name, value);
    json_t *str = pk_json_str(shown);
    free(shown);
    return str;
}

static void print_text(const UpgradeCli *cli, const UpgradePlan *plan, size_t n_edits,
                       const char *top_file)
{
    char buf[8];
    printf("pgknob upgrade: %s from PostgreSQL %s to %d\n", cli->path, major_text(cli->from, buf),
           cli->to);
    size_t blocking = 0, review = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t idx = 0; idx < plan->n_items; idx++) {
            const UpgradeItem *item = &plan->items[idx];
            if (item->blocks_start != (pass == 0))
                continue;
            printf("[ ] ");
            if (item->file)
                printf(item->column ? "%s:%d:%d: " : "%s:%d: ", item->file, item->line,
                       item->column);
            char *message = redact_text(NULL, item->message);
            printf("%s: %s", upgrade_kind_name(item->kind), message);
            free(message);
            if (item->file && top_file && upgrade_item_edits(item) && strcmp(item->file, top_file))
                printf(" (in another file: edit it by hand)");
            putchar('\n');
            if (item->blocks_start)
                blocking++;
            else
                review++;
        }
    printf("%zu change%s needed before PostgreSQL %d starts with this configuration, %zu to "
           "review%s\n",
           blocking, blocking == 1 ? "" : "s", cli->to, review,
           cli->output ? "" : "; -o FILE writes the patched configuration");
    if (cli->output)
        printf("wrote %s (%zu line%s changed)\n", cli->output, n_edits, n_edits == 1 ? "" : "s");
}

static void print_json(const UpgradeCli *cli, const UpgradePlan *plan)
{
    json_t *items = json_array();
    for (size_t idx = 0; idx < plan->n_items; idx++) {
        const UpgradeItem *item = &plan->items[idx];
        json_t *obj = json_object();
        pk_json_set(obj, "kind", pk_json_str(upgrade_kind_name(item->kind)));
        pk_json_set(obj, "name", pk_json_str(item->name));
        pk_json_set(obj, "value", shown_value(item, item->value));
        pk_json_set(obj, "file", pk_json_str(item->file));
        pk_json_set(obj, "line", json_integer(item->line));
        if (item->column)
            pk_json_set(obj, "column", json_integer(item->column));
        pk_json_set(obj, "since", json_integer(item->since));
        pk_json_set(obj, "new_name", pk_json_str(item->new_name));
        pk_json_set(obj, "new_value", shown_value(item, item->new_value));
        char *message = redact_text(NULL, item->message);
        pk_json_set(obj, "message", pk_json_str(message));
        free(message);
        pk_json_set(obj, "blocks_start", pk_json_bool(item->blocks_start));
        json_array_append_new(items, obj);
    }
    json_t *root = json_object();
    pk_json_set(root, "command", pk_json_str("upgrade"));
    pk_json_set(root, "input", pk_json_str(cli->path));
    char buf[8];
    pk_json_set(root, "from", pk_json_str(major_text(cli->from, buf)));
    pk_json_set(root, "to", json_integer(cli->to));
    pk_json_set(root, "output", pk_json_str(cli->output));
    pk_json_set(root, "items", items);
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    printf("%s\n", text);
    free(text);
    json_decref(root);
}

/* -o: the top-level file (or the manifest) with the plan's edits. */
static bool write_patched(const UpgradeCli *cli, const UpgradePlan *plan, const char *top_file,
                          bool yaml, const CliReads *reads, size_t *n_edits)
{
    if (!top_file || !strcmp(cli->path, "-")) {
        cli_error(NULL, "-o needs the configuration as a file (not standard input)");
        return false;
    }
    if (!cli_output_guard(cli->output, reads, "Write the patched copy elsewhere."))
        return false;
    char *data = NULL;
    size_t len = 0;
    int err = 0;
    PkReadStatus status = pk_read_file(top_file, (size_t)64 << 20, &data, &len, &err);
    if (status != PK_READ_OK) {
        cli_error(NULL, "could not read \"%s\": %s", top_file, pk_read_strerror(status, err));
        return false;
    }
    char *patched = upgrade_patch_text(plan, top_file, data, yaml, n_edits);
    free(data);
    bool ok = cli_write_files(&(PkWriteItem){cli->output, patched, strlen(patched)}, 1, NULL);
    free(patched);
    return ok;
}

int cmd_upgrade(int argc, char **argv)
{
    UpgradeCli cli = {0};
    int rc = upgrade_args(argc, argv, &cli);
    if (rc >= 0)
        return rc;
    InputResult in = {0};
    ConfSet conf = {0};
    PkDiag diag = PK_DIAG_INIT;
    if (!upgrade_load(&cli, &in, &conf, &diag)) {
        pk_diag_set(&diag, NULL, 0, NULL, "could not read the input"); /* when none is set */
        cli_diag_fail(&diag);
        input_result_free(&in);
        return PK_EXIT_USAGE;
    }
    UpgradePlan plan = {.from = cli.from, .to = cli.to};
    const char *top_file = NULL;
    bool yaml = in.n_docs > 0 && in.format != INPUT_CONF && in.format != INPUT_RDS;
    if (in.n_docs) {
        for (size_t idx = 0; idx < in.n_docs; idx++) {
            UpgradePlan part;
            upgrade_plan(&in.docs[idx].set, cli.from, cli.to, 0, &part);
            plan_append(&plan, &part);
        }
        top_file = in.docs[0].set.n_files ? in.docs[0].set.files[0] : NULL;
    } else {
        upgrade_plan(&conf, cli.from, cli.to, 0, &plan);
        top_file = conf.n_files ? conf.files[0] : NULL;
    }
    size_t n_edits = 0;
    bool ok = true;
    if (cli.output) {
        if (in.format == INPUT_RDS) {
            cli_error(NULL, "-o rewrites postgresql.conf files and YAML manifests, not an RDS "
                            "parameter group: apply the checklist with aws rds "
                            "modify-db-parameter-group");
            ok = false;
        } else {
            CliReads reads = {0};
            cli_reads_add_input(&reads, cli.path, in.n_docs ? NULL : &conf, NULL);
            for (size_t idx = 0; idx < in.n_docs; idx++)
                cli_reads_add_input(&reads, NULL, &in.docs[idx].set, NULL);
            ok = write_patched(&cli, &plan, top_file, yaml, &reads, &n_edits);
            arena_free(reads.arena);
        }
    }
    if (ok && cli.json)
        print_json(&cli, &plan);
    else if (ok)
        print_text(&cli, &plan, n_edits, top_file);
    bool blocking = false;
    for (size_t idx = 0; idx < plan.n_items; idx++)
        blocking = blocking || plan.items[idx].blocks_start;
    arena_free(plan.arena);
    arena_free(conf.arena);
    input_result_free(&in);
    return !ok ? PK_EXIT_USAGE : blocking ? PK_EXIT_FINDINGS : PK_EXIT_OK;
}

size_t cmd_upgrade_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"upgrade", "**\\--from** *N* **\\--to** *M* \\[*OPTIONS*\\] *FILE*|*DATADIR*|*MANIFEST*",
         upgrade_options, CLI_N_OPTIONS(upgrade_options)},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
