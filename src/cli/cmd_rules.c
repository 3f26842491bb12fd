/* `pgknob rules list|show|test|doc`: the rule packs as a catalogue, one rule's explanation, the
 * rules' own examples run as tests, and the generated docs/rules.md. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "conf/conf.h"
#include "engine/engine.h"
#include "engine/examples.h"
#include "model/snapshot.h"
#include "rules/rules.h"

typedef struct RulesOpts {
    const char **dirs;
    size_t n_dirs;
    bool no_builtin;
    bool json;
    bool coverage;
    bool verbose;
    int pg_major;
} RulesOpts;

static const char usage_text[] =
    "usage: pgknob rules list [--format text|json] [--rules DIR]... [--no-builtin]\n"
    "       pgknob rules show ID [--pg-version N] [--rules DIR]...\n"
    "       pgknob rules test [--coverage] [--verbose] [--rules DIR]... [--no-builtin] [ID...]\n"
    "       pgknob rules doc [--rules DIR]...\n"
    "\n"
    "  list          the rules: id, severity, category, versions, title\n"
    "  show ID       a rule's explanation, condition, message and documentation links\n"
    "  test          run every rule's [example.fail.N] and [example.pass.N] sections\n"
    "  doc           the Markdown reference of all rules (docs/rules.md)\n"
    "\n"
    "  --rules DIR       also load the rule files in DIR (or one .ini file); repeatable\n"
    "  --no-builtin      do not load the shipped packs\n"
    "  --format FORMAT   text (default) or json\n"
    "  --pg-version N    the version whose documentation links are shown (default 18)\n"
    "  --coverage        test: each claimed version needs a fail and a pass example\n"
    "  --verbose         test: show each example's outcome (the message when it fired)\n"
    "\n"
    "Exit codes: 0 fine, 1 an example failed, 2 usage error or a broken rule file.\n";

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "pgknob: error: %s", msg);
    if (arg)
        fprintf(stderr, " \"%s\"", arg);
    fprintf(stderr, "\nhint: Run 'pgknob rules --help'.\n");
    return PK_EXIT_USAGE;
}

/* Parses options; leaves positional arguments at argv[optind..]. -1 when parsing succeeded. */
static int parse_opts(int argc, char **argv, RulesOpts *opts)
{
    static const struct option longopts[] = {
        {"rules", required_argument, NULL, 'r'},  {"no-builtin", no_argument, NULL, 'n'},
        {"format", required_argument, NULL, 'f'}, {"pg-version", required_argument, NULL, 'p'},
        {"coverage", no_argument, NULL, 'c'},     {"help", no_argument, NULL, 'h'},
        {"verbose", no_argument, NULL, 'v'},
        {NULL, 0, NULL, 0},
    };
    int opt;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'r':
            opts->dirs = xrealloc(opts->dirs, (opts->n_dirs + 1) * sizeof(char *));
            opts->dirs[opts->n_dirs++] = optarg;
            break;
        case 'n': opts->no_builtin = true; break;
        case 'c': opts->coverage = true; break;
        case 'v': opts->verbose = true; break;
        case 'f':
            if (strcmp(optarg, "text") && strcmp(optarg, "json"))
                return usage_error("invalid format (text or json):", optarg);
            opts->json = !strcmp(optarg, "json");
            break;
        case 'p':
            opts->pg_major = atoi(optarg);
            if (!catalog_for_major(opts->pg_major))
                return usage_error("unsupported PostgreSQL version (13 to 18):", optarg);
            break;
        case 'h': fputs(usage_text, stdout); return PK_EXIT_OK;
        default:
            return usage_error("invalid option", argv[optind - 1]);
        }
    }
    return -1;
}

static void list_text(const RuleSet *set)
{
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++) {
        const Rule *rule = &set->rules[rule_idx];
        printf("%-8s %-8s %-14s %-7s %s\n", rule->id, severity_name(rule->severity),
               rule->category, rule->versions_text, rule->title);
    }
}

static void list_json(const RuleSet *set)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "{\"rules\":[");
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++) {
        const Rule *rule = &set->rules[rule_idx];
        sb_put(&sb, rule_idx ? ",\n{\"id\":" : "\n{\"id\":");
        sb_put_json_str(&sb, rule->id);
        sb_put(&sb, ",\"name\":");
        sb_put_json_str(&sb, rule->name);
        sb_put(&sb, ",\"title\":");
        sb_put_json_str(&sb, rule->title);
        sb_put(&sb, ",\"severity\":");
        sb_put_json_str(&sb, severity_name(rule->severity));
        sb_put(&sb, ",\"category\":");
        sb_put_json_str(&sb, rule->category);
        sb_put(&sb, ",\"versions\":");
        sb_put_json_str(&sb, rule->versions_text);
        sb_put(&sb, "}");
    }
    sb_put(&sb, "\n]}\n");
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
}

/* A snapshot of `major`'s defaults, to render documentation links. */
static void default_snapshot(Snapshot *snap, int major)
{
    ConfSet set = {0};
    conf_load_buffer("/defaults/postgresql.conf", "", 0, &set);
    snapshot_from_conf(snap, &set, catalog_for_major(major));
    conf_set_free(&set);
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

/* The Markdown description of one rule: used by `show` and `doc`. */
static void describe_rule(const Rule *rule, int major, const char *heading, StrBuf *sb)
{
    sb_printf(sb, "%s %s — %s\n\n", heading, rule->id, rule->title);
    sb_printf(sb, "- **Severity:** %s · **Category:** %s · **Versions:** %s · **Name:** `%s`\n",
              severity_name(rule->severity), rule->category, rule->versions_text, rule->name);
    sb_put(sb, "- **Parameters:** ");
    for (size_t param_idx = 0; param_idx < rule->n_params; param_idx++)
        sb_printf(sb, "%s`%s`", param_idx ? ", " : "", rule->params[param_idx]);
    sb_printf(sb, "\n- **Condition:** `%s`\n", rule->condition_text);
    sb_put(sb, "- **Message:** ");
    sb_put_md(sb, rule->message.source);
    if (rule->suggestion.source) {
        sb_put(sb, "\n- **Suggestion:** ");
        sb_put_md(sb, rule->suggestion.source);
    }
    sb_put(sb, "\n");
    Snapshot snap;
    default_snapshot(&snap, highest_claimed(rule, major));
    for (size_t doc_idx = 0; doc_idx < rule->n_docs; doc_idx++) {
        char *url = engine_render(&rule->docs[doc_idx], &snap);
        sb_printf(sb, "- **Documentation:** <%s>\n", url ? url : rule->docs[doc_idx].source);
        free(url);
    }
    snapshot_free(&snap);
    if (rule->explanation)
        sb_printf(sb, "\n%s", rule->explanation);
    sb_put(sb, "\n");
}

static int cmd_show(const RuleSet *set, const RulesOpts *opts, int argc, char **argv)
{
    if (argc != 1)
        return usage_error("rules show needs exactly one rule id", NULL);
    const Rule *rule = rule_set_find(set, argv[0]);
    if (!rule)
        return usage_error("unknown rule", argv[0]);
    StrBuf sb = STRBUF_INIT;
    describe_rule(rule, opts->pg_major, "#", &sb);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    return PK_EXIT_OK;
}

static int cmd_doc(const RuleSet *set)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "# Rule reference\n\n<!-- Generated from rules/ by `make docs` (tests/docs/gen.sh)."
                " Do not edit. -->\n\n");
    sb_printf(&sb, "%zu rules. The rule language is described in [rule-format.md](rule-format.md)."
                   "\n\n| id | severity | category | versions | title |\n|---|---|---|---|---|\n",
              set->n);
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++) {
        const Rule *rule = &set->rules[rule_idx];
        sb_printf(&sb, "| %s | %s | %s | %s | ", rule->id, severity_name(rule->severity),
                  rule->category, rule->versions_text);
        sb_put_md(&sb, rule->title);
        sb_put(&sb, " |\n");
    }
    for (size_t rule_idx = 0; rule_idx < set->n; rule_idx++) {
        sb_put(&sb, "\n");
        describe_rule(&set->rules[rule_idx], 0, "##", &sb);
    }
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
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
    return cmd_doc(set);
}

int cmd_rules(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "list") && strcmp(argv[1], "show") &&
                     strcmp(argv[1], "test") && strcmp(argv[1], "doc"))) {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            fputs(usage_text, stdout);
            return PK_EXIT_OK;
        }
        fputs(usage_text, stderr);
        return PK_EXIT_USAGE;
    }
    const char *sub = argv[1];
    RulesOpts opts = {0};
    optind = 1;
    int rc = parse_opts(argc - 1, argv + 1, &opts);
    if (rc >= 0) {
        free(opts.dirs);
        return rc;
    }
    RuleSet set = {0};
    RuleError err;
    rc = PK_EXIT_USAGE;
    if (rules_load_packs(&set, !opts.no_builtin, opts.dirs, opts.n_dirs, &err))
        rc = run_sub(sub, &set, &opts, argc - 1 - optind, argv + 1 + optind);
    else
        rule_error_print(&err);
    rule_error_clear(&err);
    rule_set_free(&set);
    free(opts.dirs);
    return rc;
}
