/* The one command-line parser of pgknob. Every command hands cli_getopt its option table; it
 * wraps glibc's getopt for long options (its only caller) and words every usage error alike:
 * `pgknob: error: …` then `hint: …`, with a did-you-mean for a misspelled option. The same
 * tables drive the --help text (cli_options_help), so option and help cannot drift apart.
 * A row says its value's type, range, default and target (as git's OPT_INTEGER and
 * pgBackRest's config.yaml do): the help shows the range and default from the row, and
 * cli_option_store parses every number alike, in PostgreSQL's words (its frontends'
 * option_parse_int: "... must be in range 1..1000"). */
#ifndef PK_CLI_OPTIONS_H
#define PK_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What an option's value is. */
typedef enum CliType {
    CLI_TEXT = 0, /* any text the command reads itself (a row that says no more) */
    CLI_FLAG,     /* no value: true when given */
    CLI_INT,      /* a whole number, 0 or more */
    CLI_NUMBER,   /* a decimal number (12.5) */
    CLI_SIZE,     /* bytes, with a unit: 512, 64kB, 4GiB (common/units.h) */
    CLI_DURATION, /* seconds, with a unit: 90, 500ms, 5min (common/units.h) */
    CLI_ENUM,     /* one of `choices`: stored as its index */
    CLI_PATH,     /* a file or directory, - for standard input or output where the help says */
    CLI_LIST,     /* repeatable, each value one more item (the command collects them) */
} CliType;

typedef struct CliOption {
    const char *name;
    const char *arg;  /* the value's placeholder; NULL for a flag */
    int key;          /* the parser's key; a key below 256 is also the short option (-o) */
    const char *help; /* a '\n' continues the text on the next line, aligned */
    /* The rest is optional (designated initializers: .type = CLI_INT, ...). */
    CliType type;
    double min, max; /* CLI_INT, CLI_NUMBER, CLI_SIZE (bytes), CLI_DURATION (seconds): the
                      * range, checked and shown when max > min */
    bool above_min;  /* the range excludes min itself (a rate above 0) */
    bool wide;       /* CLI_INT: the target is a uint64_t (a seed), not an int */
    const char *def; /* the default as the help shows it ("1", "60s"); NULL: none or said there */
    const char *const *choices; /* CLI_ENUM: the values, NULL-terminated */
    size_t target; /* CLI_AT(Struct, field): where cli_option_store puts the value (int for
                    * CLI_INT and CLI_ENUM, double for the other numbers, const char * for
                    * text and paths, bool for a flag); 0: the command stores it itself */
} CliOption;

/* An option's target: the field of the command's options struct its value goes to. */
#define CLI_AT(type, field) (offsetof(type, field) + 1)

/* One command line of the man page's SYNOPSIS and its options (the command's own table). */
typedef struct CliSpec {
    const char *command;  /* "lab run" */
    const char *synopsis; /* Markdown after the command: "\\[*OPTIONS*\\] *FILE*" */
    const CliOption *opts;
    size_t n;
} CliSpec;

/* The man page's Markdown (docs/pgknob.1.md): with `options` false the SYNOPSIS lines, else one
 * "## pgknob COMMAND" list of options per table (commands sharing a table share the list). */
void cli_specs_man(FILE *out, const CliSpec *specs, size_t n, int options);

/* The rows of `table` (an array) whose key is `key`; NULL when none. */
const CliOption *cli_option_find(const CliOption *opts, size_t n, int key);

/* The one number parser of the command line: `arg` as `opt`'s type (CLI_INT, CLI_NUMBER,
 * CLI_SIZE, CLI_DURATION) within its range, into *out (bytes, seconds). False after a usage
 * error in PostgreSQL's words: `invalid value for option "--clients": "x"`, or `option
 * "--clients" must be in range 1..1000`, with a hint. */
bool cli_option_number(const CliOption *opt, const char *arg, double *out);
/* The same for a CLI_INT that needs all 64 bits (a seed). */
bool cli_option_uint64(const CliOption *opt, const char *arg, uint64_t *out);

/* `arg` parsed as `opt`'s type and stored at its target in `base` (the command's options
 * struct). False after a usage error (printed). */
bool cli_option_store(const CliOption *opt, const char *arg, void *base);

/* Every row's default (`def`) stored at its target, before the options are parsed: a default
 * is written once, in its row. */
void cli_option_defaults(const CliOption *opts, size_t n, void *base);

/* The number of options in a CliOption table (an array, not a pointer). */
#define CLI_N_OPTIONS(table) (sizeof(table) / sizeof((table)[0]))

/* The key of an option with no short form, named after a letter for readability. */
#define CLI_LONG(c) ((c) + 256)

/* cli_getopt's value for a usage error it has already printed. */
#define CLI_USAGE_ERROR '?'

/* "  -o, --output FILE    help…", one line per option (and per '\n' of its help), the help
 * column starting after `width` characters. */
void cli_options_help(FILE *out, const CliOption *opts, size_t n, int width);

/* A command's --help: `head` (usage line, description, "options:"), the options as
 * cli_options_help prints them, then `tail` (exit codes and the like). */
void cli_usage(FILE *out, const char *head, const CliOption *opts, size_t n, int width,
               const char *tail);

/* The next option of argv, as glibc's getopt would return it (its key; -1 at the end, optarg and
 * optind as getopt sets them). The short options come from the table (keys below 256); a
 * leading '+' in `flags` stops at the first operand. An unknown option, a missing value or a
 * value given to a flag is printed here (`command` names the --help to see, e.g. "lab run")
 * and returns CLI_USAGE_ERROR: the caller exits 2. Set optind = 0 before the first call. */
int cli_getopt(int argc, char **argv, const char *flags, const CliOption *opts, size_t n,
               const char *command);

/* The candidate nearest to `word` by edit distance, when near enough to be a likely typo;
 * NULL otherwise. */
const char *cli_nearest(const char *word, const char *const *candidates, size_t n);

/* "pgknob: error: unknown COMMAND "word"" then a hint: did you mean …?, else the list of
 * `candidates`. Returns the usage exit code (2). */
int cli_unknown_command(const char *what, const char *word, const char *const *candidates, size_t n,
                        const char *help_cmd);

/* What an option does to a command's own options struct (`cli`): false after it reported a
 * usage error. */
typedef bool (*CliApplyFn)(void *cli, int key, const char *arg);

/* The option loop of a command: a row with a target stored in `cli` (cli_option_store), every
 * other option through `apply`, and `help_key` (--help) prints
 * `usage` to stdout. Returns -1 to go on with the operands at argv[optind...], else the exit
 * code: 0 after --help, 2 after a usage error (cli_getopt or `apply` has said why). */
int cli_parse_options(int argc, char **argv, const CliOption *opts, size_t n, const char *command,
                      int help_key, void (*usage)(FILE *), CliApplyFn apply, void *cli);

/* "unknown input format" with the list of the formats, for every command's --input-format. */
void cli_unknown_input_format(const char *name);

#endif
