/* The one command-line parser of pgknob. Every command hands cli_getopt its option table; it
 * wraps glibc's getopt for long options (its only caller) and words every usage error alike:
 * `pgknob: error: …` then `hint: …`, with a did-you-mean for a misspelled option. The same
 * tables drive the --help text (cli_options_help), so option and help cannot drift apart. */
#ifndef PK_CLI_OPTIONS_H
#define PK_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct CliOption {
    const char *name;
    const char *arg;  /* the value's placeholder; NULL for a flag */
    int key;          /* the parser's key; a key below 256 is also the short option (-o) */
    const char *help; /* a '\n' continues the text on the next line, aligned */
} CliOption;

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

/* The option loop of a command: every option through `apply`, and `help_key` (--help) prints
 * `usage` to stdout. Returns -1 to go on with the operands at argv[optind...], else the exit
 * code: 0 after --help, 2 after a usage error (cli_getopt or `apply` has said why). */
int cli_parse_options(int argc, char **argv, const CliOption *opts, size_t n, const char *command,
                      int help_key, void (*usage)(FILE *), CliApplyFn apply, void *cli);

/* "unknown input format" with the list of the formats, for every command's --input-format. */
void cli_unknown_input_format(const char *name);

#endif
