/* Unit tests for the typed option rows (src/cli/cli_options.c): the one number parser and its
 * ranges, storing at a row's target, the help's range and default, and every command's rows:
 * each default a row states parses as the row's own type. Usage errors go to stderr. */
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "harness.h"

typedef struct Opts {
    int clients;
    double duration_s;
    double rate;
    uint64_t seed;
    bool think;
    int level;
    const char *path;
} Opts;

static const char *const levels[] = {"low", "high", NULL};
static const CliOption rows[] = {
    {"clients", "C", 'c', "clients", .type = CLI_INT, .min = 1, .max = 1000, .def = "1",
     .target = CLI_AT(Opts, clients)},
    {"duration", "D", 'd', "time", .type = CLI_DURATION, .min = 0.001, .max = 86400, .def = "60s",
     .target = CLI_AT(Opts, duration_s)},
    {"rate", "TPS", 'R', "rate", .type = CLI_NUMBER, .min = 0, .max = 1e6, .above_min = true,
     .target = CLI_AT(Opts, rate)},
    {"seed", "N", 's', "seed", .type = CLI_INT, .def = "1", .wide = true,
     .target = CLI_AT(Opts, seed)},
    {"think", NULL, 't', "think", .type = CLI_FLAG, .target = CLI_AT(Opts, think)},
    {"level", "L", 'l', "level", .type = CLI_ENUM, .choices = levels, .def = "high",
     .target = CLI_AT(Opts, level)},
    {"json", "FILE", 'j', "json", .type = CLI_PATH, .target = CLI_AT(Opts, path)},
    {"rules", "DIR", 'r', "rules", .type = CLI_LIST},
};
#define ROW(key) cli_option_find(rows, CLI_N_OPTIONS(rows), key)

static void test_numbers(void)
{
    Opts opts = {0};
    cli_option_defaults(rows, CLI_N_OPTIONS(rows), &opts);
    CHECK(opts.clients == 1 && pk_near(opts.duration_s, 60) && opts.seed == 1 && opts.level == 1);
    CHECK(cli_option_store(ROW('c'), "1000", &opts) && opts.clients == 1000);
    CHECK(!cli_option_store(ROW('c'), "1001", &opts) && opts.clients == 1000);
    CHECK(!cli_option_store(ROW('c'), "0", &opts));
    CHECK(!cli_option_store(ROW('c'), "x", &opts));
    CHECK(!cli_option_store(ROW('c'), "-5", &opts));
    CHECK(!cli_option_store(ROW('c'), "", &opts));
    CHECK(cli_option_store(ROW('d'), "500ms", &opts) && pk_near(opts.duration_s, 0.5));
    CHECK(cli_option_store(ROW('d'), "5min", &opts) && pk_near(opts.duration_s, 300));
    CHECK(cli_option_store(ROW('d'), "90", &opts) && pk_near(opts.duration_s, 90));
    CHECK(!cli_option_store(ROW('d'), "5parsecs", &opts));
    CHECK(!cli_option_store(ROW('d'), "2d", &opts));
    CHECK(cli_option_store(ROW('R'), "12.5", &opts) && pk_near(opts.rate, 12.5));
    CHECK(!cli_option_store(ROW('R'), "0", &opts)); /* above 0 */
    CHECK(!cli_option_store(ROW('R'), "inf", &opts));
    CHECK(cli_option_store(ROW('s'), "18446744073709551615", &opts) && opts.seed == UINT64_MAX);
    CHECK(!cli_option_store(ROW('s'), "-1", &opts));
    CHECK(cli_option_store(ROW('t'), NULL, &opts) && opts.think);
    CHECK(cli_option_store(ROW('l'), "low", &opts) && opts.level == 0);
    CHECK(!cli_option_store(ROW('l'), "medium", &opts));
    CHECK(cli_option_store(ROW('j'), "-", &opts) && !strcmp(opts.path, "-"));
    CHECK(cli_option_find(rows, CLI_N_OPTIONS(rows), 'z') == NULL);
    CliOption size = {"limit", "S", 'S', "size", .type = CLI_SIZE, .min = 1024, .max = 1e12};
    double bytes;
    CHECK(cli_option_number(&size, "4GiB", &bytes) && pk_near(bytes, 4294967296.0));
    CHECK(cli_option_number(&size, "64kB", &bytes) && pk_near(bytes, 65536));
    CHECK(!cli_option_number(&size, "1", &bytes));
}

/* The help line of `opt`, from cli_options_help. Caller frees. */
static char *help_of(const CliOption *opt)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cli_options_help(out, opt, 1, 16);
    fclose(out);
    return text;
}

static void test_help(void)
{
    char *text = help_of(ROW('c'));
    CHECK(strstr(text, "clients (1..1000; default 1)\n") != NULL);
    free(text);
    text = help_of(ROW('d'));
    CHECK(strstr(text, "time (1ms..1d; default 60s)\n") != NULL);
    free(text);
    text = help_of(ROW('R'));
    CHECK(strstr(text, "rate (above 0, at most 1000000)\n") != NULL);
    free(text);
    text = help_of(ROW('l'));
    CHECK(strstr(text, "level (low or high; default high)\n") != NULL);
    free(text);
    text = help_of(ROW('r'));
    CHECK(strstr(text, "rules (repeatable)\n") != NULL);
    free(text);
}

/* Every command's rows: a range only on a number, choices on an enum, and a default the row's
 * own parser takes (cli_option_defaults relies on it). */
static void test_commands(void)
{
    size_t (*const specs_of[])(const CliSpec **) = {
        cmd_lint_specs,  cmd_fix_specs,  cmd_settings_specs, cmd_rules_specs,
        cmd_audit_specs, cmd_tpcc_specs, cmd_lab_specs,      cmd_upgrade_specs,
        cmd_lsp_specs,   cmd_mcp_specs,  cmd_hba_specs};
    size_t n_typed = 0;
    for (size_t cmd = 0; cmd < sizeof(specs_of) / sizeof(specs_of[0]); cmd++) {
        const CliSpec *specs;
        size_t n_specs = specs_of[cmd](&specs);
        for (size_t spec = 0; spec < n_specs; spec++)
            for (size_t idx = 0; idx < specs[spec].n; idx++) {
                const CliOption *opt = &specs[spec].opts[idx];
                bool number = opt->type >= CLI_INT && opt->type <= CLI_DURATION;
                CHECK(!(opt->max > opt->min) || number);
                CHECK(opt->type != CLI_ENUM || opt->choices);
                CHECK((opt->type == CLI_FLAG) == (opt->arg == NULL) || opt->type == CLI_TEXT);
                if (!opt->def || !opt->target)
                    continue;
                alignas(max_align_t) char base[4096] = {0};
                CHECK(opt->target < sizeof(base) - 16);
                if (!cli_option_store(opt, opt->def, base))
                    fprintf(stderr, "%s --%s: its default \"%s\" does not parse\n",
                            specs[spec].command, opt->name, opt->def);
                else
                    n_typed++;
            }
    }
    CHECK(n_typed >= 6); /* tpcc's, audit's --timeout, lab's --trials */
}

int main(void)
{
    test_numbers();
    test_help();
    test_commands();
    PK_TEST_DONE();
}
