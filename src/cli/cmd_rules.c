/* `pgknob rules list|show|test|doc`: the rule packs as a catalogue, one rule's explanation, the
 * rules' own examples run as tests, and the generated docs/rules.md. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_rows.h"
#include "cli/cli_diag.h"
#include "cli/commands.h"
#include "common/json.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "engine/engine.h"
#include "engine/examples.h"
#include "lint/validate.h"
#include "model/finding_ids.h"
#include "model/snapshot.h"
#include "rules/rules.h"

#include <unistd.h>

typedef struct RulesOpts {
    const char **dirs;
    size_t n_dirs;
    bool no_builtin;
    bool json;
    bool markdown;     /* show: Markdown (the default when stdout is not a terminal) */
    bool plain;        /* show: plain text (the default on a terminal) */
    const char *stats; /* doc: realworld fire counts, "ID\tSEVERITY\tFILES" lines */
    bool coverage;
    bool verbose;
    int pg_major;
} RulesOpts;

static const char usage_text[] =
    "usage: pgknob rules list [--format text|json] [--rules DIR]... [--no-builtin]\n"
    "       pgknob rules show ID [--format text|md] [--pg-version N] [--rules DIR]...\n"
    "       pgknob rules test [--coverage] [--verbose] [--rules DIR]... [--no-builtin] [ID...]\n"
    "       pgknob rules doc [--stats FILE] [--rules DIR]...\n"
    "       pgknob rules compile [DIR...]\n"
    "\n"
    "  list          the rules, pgknob's own checks (PK0xxx) included: id, severity,\n"
    "                category, versions, title\n"
    "  show ID       a rule's explanation, condition, message and documentation links\n"
    "                (of --pg-version; plain text on a terminal, Markdown otherwise or\n"
    "                with --format md)\n"
    "  test          run every rule's [example.fail.N] and [example.pass.N] sections\n"
    "  doc           the Markdown reference of all rules (docs/rules.md)\n"
    "  compile       check each rule directory (default: the shipped packs) and save it as\n"
    "                DIR/.pgknob-pack, which lint reads instead of the sources while they are\n"
    "                unchanged (make and make install run it)\n"
    "\noptions:\n";

/* The options every rules subcommand takes (each says which one uses it). */
static const CliOption rules_options[] = {
    CLI_ROW_RULES,
    {"no-builtin", NULL, CLI_LONG('n'), "do not load the shipped packs"},
    {"format", "FORMAT", CLI_LONG('f'), "list: text (default) or json; show: text or md"},
    CLI_ROW_PG_VERSION,
    {"coverage", NULL, CLI_LONG('c'), "test: each claimed version needs a fail and a pass example"},
    {"verbose", NULL, CLI_LONG('v'),
     "test: show each example's outcome (the message when it fired)"},
    {"stats", "FILE", CLI_LONG('s'),
     "doc: per-rule counts on public configurations, for the rule reference"},
    {"help", NULL, 'h', "show this help and exit"},
};

static const char *const rules_subcommands[] = {"list", "show", "test", "doc", "compile"};

static void rules_usage(FILE *out)
{
    cli_usage(out, usage_text, rules_options, CLI_N_OPTIONS(rules_options), 17,
              "\nExit codes: 0 fine, 1 an example failed, 2 usage error or a broken rule file.\n");
}

static int usage_error(const char *msg, const char *arg)
{
    if (arg)
        cli_error("Run 'pgknob rules --help'.", "%s \"%s\"", msg, arg);
    else
        cli_error("Run 'pgknob rules --help'.", "%s", msg);
    return PK_EXIT_USAGE;
}

/* Parses options; leaves positional arguments at argv[optind..]. -1 when parsing succeeded. */
static int parse_opts(int argc, char **argv, RulesOpts *opts, const char *command)
{
    int opt;
    while ((opt = cli_getopt(argc, argv, "", rules_options, CLI_N_OPTIONS(rules_options),
                             command)) != -1) {
        switch (opt) {
        case PROJECT_OPT_RULES:
            opts->dirs = xrealloc(opts->dirs, (opts->n_dirs + 1) * sizeof(char *));
            opts->dirs[opts->n_dirs++] = optarg;
            break;
        case CLI_LONG('n'): opts->no_builtin = true; break;
        case CLI_LONG('c'): opts->coverage = true; break;
        case CLI_LONG('v'): opts->verbose = true; break;
        case CLI_LONG('f'):
            if (strcmp(optarg, "text") && strcmp(optarg, "json") && strcmp(optarg, "md"))
                return usage_error("invalid format (text, json or md):", optarg);
            opts->json = !strcmp(optarg, "json");
            opts->markdown = !strcmp(optarg, "md");
            opts->plain = !strcmp(optarg, "text");
            break;
        case CLI_LONG('s'): opts->stats = optarg; break;
        case CLI_KEY_PG_VERSION: {
            int minor;
            if (!cli_pg_version(optarg, &opts->pg_major, &minor))
                return PK_EXIT_USAGE;
            break;
        }
        case 'h': rules_usage(stdout); return PK_EXIT_OK;
        default: return PK_EXIT_USAGE; /* cli_getopt said why */
        }
    }
    return -1;
}

/* One line of the catalogue: a rule of a pack, or a validation check (the server's verdict). */
typedef struct ListItem {
    const char *id, *name, *title, *category, *versions;
    Severity severity;
    char own_category[32]; /* a table row's: the first part of its name */
} ListItem;

static int cmp_item(const void *pa, const void *pb)
{
    return strcmp(((const ListItem *)pa)->id, ((const ListItem *)pb)->id);
}

/* The finding ID table's rows and the pack rules, by id (a user pack may use any id). Caller
 * frees. */
static ListItem *list_items(const RuleSet *set, size_t *n_items)
{
    size_t n_checks;
    const FindingId *checks = finding_ids(&n_checks);
    ListItem *items = xcalloc(n_checks + set->n + 1, sizeof(ListItem));
    size_t n = 0;
    for (size_t idx = 0; idx < n_checks; idx++) {
        ListItem *item = &items[n++];
        *item = (ListItem){checks[idx].id, checks[idx].name,    checks[idx].title, NULL,
                           "13-",          checks[idx].severity};
        finding_id_category(&checks[idx], item->own_category, sizeof(item->own_category));
    }
    for (size_t idx = 0; idx < set->n; idx++) {
        const Rule *rule = &set->rules[idx];
        items[n++] = (ListItem){rule->id,       rule->name,          rule->title,
                                rule->category, rule->versions_text, rule->severity};
    }
    qsort(items, n, sizeof(ListItem), cmp_item);
    /* a row's category points into its own item, so only once the items stop moving */
    for (size_t idx = 0; idx < n; idx++)
        if (!items[idx].category)
            items[idx].category = items[idx].own_category;
    *n_items = n;
    return items;
}

static void list_text(const RuleSet *set)
{
    size_t n;
    ListItem *items = list_items(set, &n);
    for (size_t idx = 0; idx < n; idx++)
        printf("%-8s %-14s %-14s %-7s %s\n", items[idx].id, severity_name(items[idx].severity),
               items[idx].category, items[idx].versions, items[idx].title);
    free(items);
}

static void list_json(const RuleSet *set)
{
    size_t n;
    ListItem *items = list_items(set, &n);
    json_t *rules = json_array();
    for (size_t idx = 0; idx < n; idx++)
        json_array_append_new(rules, json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "id",
                                               pk_json_str(items[idx].id), "name",
                                               pk_json_str(items[idx].name), "title",
                                               pk_json_str(items[idx].title), "severity",
                                               pk_json_str(severity_name(items[idx].severity)),
                                               "category", pk_json_str(items[idx].category),
                                               "versions", pk_json_str(items[idx].versions)));
    StrBuf sb = STRBUF_INIT;
    pk_json_dump(&sb, json_pack("{s:o}", "rules", rules), PK_JSON_PRETTY);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    free(items);
}

/* A snapshot of `major`'s defaults, to render documentation links. */
static void default_snapshot(Snapshot *snap, int major)
{
    ConfSet set = {0};
    conf_load_buffer("/defaults/postgresql.conf", "", 0, &set);
    snapshot_from_conf(snap, &set, catalog_for_major(major));
    arena_free(set.arena);
}

static int highest_claimed(const Rule *rule, int wanted)
{
    if (wanted && rule_claims(rule, wanted))
        return wanted;
    for (int major = PK_MAX_MAJOR; major >= PK_MIN_MAJOR; major--)
        if (rule_claims(rule, major))
            return major;
    return PK_MAX_MAJOR;
}

/* Fire counts on the real-world corpus, from `tests/docs/stats.sh`: "# files N" then
 * "ID<TAB>SEVERITY<TAB>FILES" lines. */
typedef struct Stats {
    int n_files;
    char **ids, **sevs;
    int *counts;
    size_t n;
} Stats;

static bool stats_load(const char *path, Stats *st)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        PkDiag diag = PK_DIAG_INIT;
        pk_diag_set(&diag, path, 0, NULL, "cannot read the statistics file");
        return cli_diag_fail(&diag);
    }
    char line[512];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof(line), fp)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        char id[64], sev[32];
        int count;
        if (sscanf(line, "# files %d", &st->n_files) == 1 || !*line)
            continue;
        if (sscanf(line, "%63[^\t]\t%31[^\t]\t%d", id, sev, &count) != 3) {
            PkDiag diag = PK_DIAG_INIT;
            pk_diag_set(&diag, path, lineno, NULL, "expected ID<TAB>SEVERITY<TAB>FILES");
            cli_diag_fail(&diag);
            ok = false;
            break;
        }
        st->ids = xrealloc(st->ids, (st->n + 1) * sizeof(char *));
        st->sevs = xrealloc(st->sevs, (st->n + 1) * sizeof(char *));
        st->counts = xrealloc(st->counts, (st->n + 1) * sizeof(int));
        st->ids[st->n] = xstrdup(id);
        st->sevs[st->n] = xstrdup(sev);
        st->counts[st->n++] = count;
    }
    fclose(fp);
    return ok;
}

static void stats_free(Stats *st)
{
    for (size_t idx = 0; idx < st->n; idx++) {
        free(st->ids[idx]);
        free(st->sevs[idx]);
    }
    free(st->ids);
    free(st->sevs);
    free(st->counts);
}

/* "3 of 40 (warning)", "0 of 40", or "2 of 40 (error 1, warning 1)"; `short_form` for tables. */
static void stats_put(const Stats *st, const char *id, bool short_form, StrBuf *sb)
{
    int total = 0, kinds = 0;
    StrBuf sevs = STRBUF_INIT;
    for (size_t idx = 0; idx < st->n; idx++)
        if (!strcmp(st->ids[idx], id)) {
            total += st->counts[idx];
            sb_printf(&sevs, "%s%s %d", kinds++ ? ", " : "", st->sevs[idx], st->counts[idx]);
        }
    sb_printf(sb, "%d of %d", total, st->n_files);
    if (kinds && !short_form)
        sb_printf(sb, " (%s)", sb_str(&sevs));
    sb_free(&sevs);
}

/* Markdown to plain text for a terminal: code marks, emphasis and escapes dropped, links as
 * "text (url)". */
static void put_plain(StrBuf *sb, const char *md)
{
    for (const char *p = md; p && *p; p++) {
        if (*p == '\\' && p[1] && strchr("\\`*_{}[]<>()#+-!|~.", p[1])) {
            sb_putc(sb, *++p);
        } else if (*p == '`' || (*p == '*' && p[1] == '*')) {
            p += *p == '*';
        } else if (*p == '[' && strstr(p, "](")) {
            const char *close = strstr(p, "](");
            const char *end = strchr(close, ')');
            if (!end || memchr(p, '\n', (size_t)(close - p))) {
                sb_putc(sb, *p);
                continue;
            }
            StrBuf text = STRBUF_INIT;
            sb_putn(&text, p + 1, (size_t)(close - p - 1));
            put_plain(sb, sb_str(&text));
            sb_free(&text);
            sb_put(sb, " (");
            sb_putn(sb, close + 2, (size_t)(end - close - 2));
            sb_put(sb, ")");
            p = end;
        } else if (*p == '<' && !strncmp(p, "<http", 5) && strchr(p, '>')) {
            const char *end = strchr(p, '>');
            sb_putn(sb, p + 1, (size_t)(end - p - 1));
            p = end;
        } else {
            sb_putc(sb, *p);
        }
    }
}

/* A field of a description: "- **Label:** value" in Markdown, "Label: value" in plain text. */
static void put_field(StrBuf *sb, bool plain, const char *label)
{
    sb_printf(sb, plain ? "%s: " : "- **%s:** ", label);
}

static void put_text(StrBuf *sb, bool plain, const char *text)
{
    if (plain)
        sb_put(sb, text);
    else
        sb_put_md(sb, text);
}

static void put_code(StrBuf *sb, bool plain, const char *text)
{
    sb_printf(sb, plain ? "%s" : "`%s`", text);
}

/* The description of one rule: used by `show` (plain or Markdown) and `doc` (Markdown). */
static void describe_rule(const Rule *rule, int major, const char *heading, bool plain,
                          const Stats *stats, StrBuf *sb)
{
    const RuleDetail *detail = rule_detail(rule);
    if (plain)
        sb_printf(sb, "%s — %s\n\n", rule->id, rule->title);
    else
        sb_printf(sb, "%s %s — %s\n\n", heading, rule->id, rule->title);
    if (plain)
        sb_printf(sb, "Severity: %s · Category: %s · Versions: %s · Name: %s\n",
                  severity_name(rule->severity), rule->category, rule->versions_text, rule->name);
    else
        sb_printf(sb, "- **Severity:** %s · **Category:** %s · **Versions:** %s · **Name:** `%s`\n",
                  severity_name(rule->severity), rule->category, rule->versions_text, rule->name);
    put_field(sb, plain, "Parameters");
    for (size_t param_idx = 0; param_idx < rule->n_params; param_idx++) {
        sb_put(sb, param_idx ? ", " : "");
        put_code(sb, plain, rule->params[param_idx]);
    }
    sb_put(sb, "\n");
    put_field(sb, plain, "Condition");
    put_code(sb, plain, rule->condition_text);
    sb_put(sb, "\n");
    put_field(sb, plain, "Message");
    put_text(sb, plain, detail->message.source);
    if (detail->suggestion.source) {
        sb_put(sb, "\n");
        put_field(sb, plain, "Suggestion");
        put_text(sb, plain, detail->suggestion.source);
    }
    if (rule->risk) {
        sb_put(sb, "\n");
        put_field(sb, plain, "Risk of changing it");
        put_text(sb, plain, rule->risk);
    }
    if (rule->basis) {
        sb_put(sb, "\n");
        put_field(sb, plain, "Threshold");
        put_text(sb, plain, rule->basis);
    }
    if (stats) {
        sb_put(sb, "\n");
        put_field(sb, plain, "Fires on real-world files");
        stats_put(stats, rule->id, false, sb);
    }
    sb_put(sb, "\n");
    Snapshot snap;
    default_snapshot(&snap, highest_claimed(rule, major));
    for (size_t doc_idx = 0; doc_idx < detail->n_docs; doc_idx++) {
        char *url = engine_render(&detail->docs[doc_idx], &snap);
        put_field(sb, plain, "Documentation");
        sb_printf(sb, plain ? "%s\n" : "<%s>\n", url ? url : detail->docs[doc_idx].source);
        free(url);
    }
    char *explanation = rule_explanation(rule, snap.pg_major);
    snapshot_free(&snap);
    if (explanation) {
        sb_put(sb, "\n");
        if (plain)
            put_plain(sb, explanation);
        else
            sb_put(sb, explanation);
    }
    free(explanation);
    sb_put(sb, "\n");
}

/* A row of the finding ID table: the server's own verdict (lint) or what the live server
 * reports (audit). */
static void describe_check(const FindingId *check, const char *heading, bool plain,
                           const Stats *stats, StrBuf *sb)
{
    char category[32];
    finding_id_category(check, category, sizeof(category));
    bool audit = !strcmp(category, "audit");
    if (plain)
        sb_printf(sb, "%s — %s\n\n", check->id, check->title);
    else
        sb_printf(sb, "%s %s — %s\n\n", heading, check->id, check->title);
    if (plain)
        sb_printf(sb, "Severity: %s · Category: %s · Versions: 13- · Name: %s\n",
                  severity_name(check->severity), category, check->name);
    else
        sb_printf(sb,
                  "- **Severity:** %s · **Category:** %s · **Versions:** 13- · "
                  "**Name:** `%s`\n",
                  severity_name(check->severity), category, check->name);
    put_field(sb, plain, "Reported when");
    put_text(sb, plain, check->summary);
    sb_put(sb, "\n");
    put_field(sb, plain, "Raised by");
    put_code(sb, plain, check->where);
    sb_put(sb, "\n");
    put_field(sb, plain, "Threshold");
    put_text(sb, plain,
             audit ? "none: what the live server reports (its views pg_settings, "
                     "pg_file_settings and pg_db_role_setting)"
                   : "none: the server's own verdict (its parser, catalog and startup checks), "
                     "compared with real PostgreSQL 13-18 servers by the test suite");
    if (stats) {
        sb_put(sb, "\n");
        put_field(sb, plain, "Fires on real-world files");
        stats_put(stats, check->id, false, sb);
    }
    sb_put(sb, "\n");
    put_field(sb, plain, "Documentation");
    if (audit)
        sb_put(sb, plain ? "docs/audit.md (Findings the server itself establishes)\n"
                         : "[audit.md](audit.md#findings-the-server-itself-establishes)\n");
    else
        sb_put(sb, plain ? "docs/lint.md (Validation checks)\n"
                         : "[lint.md](lint.md#validation-checks-rule-ids-are-stable)\n");
    sb_put(sb, "\n");
}

static int cmd_show(const RuleSet *set, const RulesOpts *opts, int argc, char **argv)
{
    if (argc != 1)
        return usage_error("rules show needs exactly one rule id", NULL);
    const Rule *rule = rule_set_find(set, argv[0]);
    const FindingId *check = rule ? NULL : finding_id_find(argv[0]);
    if (!rule && !check)
        return usage_error("unknown rule", argv[0]);
    bool plain = opts->plain || (!opts->markdown && isatty(STDOUT_FILENO));
    StrBuf sb = STRBUF_INIT;
    if (rule)
        describe_rule(rule, opts->pg_major, "#", plain, NULL, &sb);
    else
        describe_check(check, "#", plain, NULL, &sb);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    return PK_EXIT_OK;
}

static int cmd_doc(const RuleSet *set, const RulesOpts *opts)
{
    Stats stats = {0};
    if (opts->stats && !stats_load(opts->stats, &stats)) {
        stats_free(&stats);
        return PK_EXIT_USAGE;
    }
    const Stats *st = opts->stats ? &stats : NULL;
    size_t n;
    ListItem *items = list_items(set, &n);
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "# Rule reference\n\n<!-- Generated from rules/ by `make docs` (tests/docs/gen.sh)."
                " Do not edit. -->\n\n");
    sb_printf(&sb,
              "%zu rules: %zu checks of pgknob's own code (the server's verdict, and what a "
              "live server reports) and %zu rules of the packs. The rule language is described in "
              "[rule-format.md](rule-format.md)."
              "\n\n",
              n, n - set->n, set->n);
    if (st)
        sb_printf(&sb,
                  "The *files* column counts on how many of %d public postgresql.conf files "
                  "from open-source repositories (linted for PostgreSQL 18 without host facts) "
                  "each rule fires; each section gives the severities.\n\n",
                  st->n_files);
    sb_printf(&sb, "| id | severity | category | versions |%s title |\n|---|---|---|---|%s---|\n",
              st ? " files |" : "", st ? "---:|" : "");
    for (size_t idx = 0; idx < n; idx++) {
        sb_printf(&sb, "| %s | %s | %s | %s | ", items[idx].id, severity_name(items[idx].severity),
                  items[idx].category, items[idx].versions);
        if (st) {
            stats_put(st, items[idx].id, true, &sb);
            sb_put(&sb, " | ");
        }
        sb_put_md(&sb, items[idx].title);
        sb_put(&sb, " |\n");
    }
    for (size_t idx = 0; idx < n; idx++) {
        sb_put(&sb, "\n");
        const Rule *rule = rule_set_find(set, items[idx].id);
        if (rule)
            describe_rule(rule, 0, "##", false, st, &sb);
        else
            describe_check(finding_id_find(items[idx].id), "##", false, st, &sb);
    }
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    free(items);
    stats_free(&stats);
    return PK_EXIT_OK;
}

static int cmd_test(const RuleSet *set, const RulesOpts *opts, int argc, char **argv)
{
    ExampleTotals totals = {0};
    StrBuf out = STRBUF_INIT;
    for (int arg_idx = 0; arg_idx < argc; arg_idx++)
        if (!rule_set_find(set, argv[arg_idx]))
            return usage_error("unknown rule", argv[arg_idx]);
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++) {
        const Rule *rule = &set->rules[rule_idx];
        bool wanted = argc == 0;
        for (int arg_idx = 0; arg_idx < argc; arg_idx++)
            wanted |= rule_set_find(set, argv[arg_idx]) == rule;
        if (wanted)
            examples_run_rule(rule, opts->coverage, opts->verbose, &out, &totals);
    }
    fputs(sb_str(&out), stdout);
    sb_free(&out);
    printf("%zu passed, %zu failed\n", totals.passed, totals.failed);
    return totals.failed ? PK_EXIT_FINDINGS : PK_EXIT_OK;
}

/* `rules compile [DIR...]`: the shipped packs when no directory is named. */
static int compile_dirs(int argc, char **argv)
{
    char *shipped = argc ? NULL : rules_default_dir();
    int rc = PK_EXIT_OK;
    for (int idx = 0; idx < (argc ? argc : 1) && rc == PK_EXIT_OK; idx++) {
        PkDiag err = PK_DIAG_INIT;
        if (!rules_pack_write(argc ? argv[idx] : shipped, &err)) {
            cli_print_diag(&err);
            rc = PK_EXIT_USAGE;
        }
        pk_diag_free(&err);
    }
    free(shipped);
    return rc;
}

static int run_sub(const char *sub, const RuleSet *set, const RulesOpts *opts, int argc,
                   char **argv)
{
    if (!strcmp(sub, "list")) {
        if (argc)
            return usage_error("unexpected argument", argv[0]);
        opts->json ? list_json(set) : list_text(set);
        return PK_EXIT_OK;
    }
    if (!strcmp(sub, "show"))
        return cmd_show(set, opts, argc, argv);
    if (!strcmp(sub, "test"))
        return cmd_test(set, opts, argc, argv);
    return cmd_doc(set, opts);
}

int cmd_rules(int argc, char **argv)
{
    if (argc < 2) {
        rules_usage(stderr);
        return PK_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        rules_usage(stdout);
        return PK_EXIT_OK;
    }
    bool known = false;
    for (size_t idx = 0; idx < sizeof(rules_subcommands) / sizeof(rules_subcommands[0]); idx++)
        known = known || !strcmp(argv[1], rules_subcommands[idx]);
    if (!known)
        return cli_unknown_command("rules command", argv[1], rules_subcommands,
                                   sizeof(rules_subcommands) / sizeof(rules_subcommands[0]),
                                   "pgknob rules");
    const char *sub = argv[1];
    char command[32];
    snprintf(command, sizeof(command), "rules %s", sub);
    RulesOpts opts = {0};
    optind = 0;
    int rc = parse_opts(argc - 1, argv + 1, &opts, command);
    if (rc >= 0) {
        free(opts.dirs);
        return rc;
    }
    RuleSet set = {0};
    PkDiag err = PK_DIAG_INIT;
    if (!strcmp(sub, "compile")) {
        free(opts.dirs);
        return compile_dirs(argc - 1 - optind, argv + 1 + optind);
    }
    PkDiagList notes = {0};
    rc = PK_EXIT_USAGE;
    bool loaded = rules_load_packs(&set, !opts.no_builtin, opts.dirs, opts.n_dirs, &notes, &err);
    cli_print_diags(&notes);
    arena_free(notes.arena);
    if (loaded)
        rc = run_sub(sub, &set, &opts, argc - 1 - optind, argv + 1 + optind);
    else
        cli_print_diag(&err);
    pk_diag_free(&err);
    arena_free(set.arena);
    free(opts.dirs);
    return rc;
}

size_t cmd_rules_specs(const CliSpec **specs)
{
    static const CliSpec table[] = {
        {"rules list", "\\[*OPTIONS*\\]", rules_options, CLI_N_OPTIONS(rules_options)},
        {"rules show", "*ID* \\[*OPTIONS*\\]", rules_options, CLI_N_OPTIONS(rules_options)},
        {"rules test", "\\[*OPTIONS*\\] \\[*ID*...\\]", rules_options,
         CLI_N_OPTIONS(rules_options)},
        {"rules doc", "\\[*OPTIONS*\\]", rules_options, CLI_N_OPTIONS(rules_options)},
        {"rules compile", "\\[*DIR*...\\]", NULL, 0},
    };
    *specs = table;
    return sizeof(table) / sizeof(table[0]);
}
