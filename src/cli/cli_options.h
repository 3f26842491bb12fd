/* One option table drives both getopt_long and the --help text of a command (lint, audit), so
 * the two cannot drift apart. */
#ifndef PK_CLI_OPTIONS_H
#define PK_CLI_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

typedef struct CliOption {
    const char *name;
    const char *arg;  /* the value's placeholder; NULL for a flag */
    int key;          /* getopt_long's key; a key below 256 is also the short option (-o) */
    const char *help; /* a '\n' continues the text on the next line, aligned */
} CliOption;

/* "  -o, --output FILE    help…", one line per option (and per '\n' of its help), the help
 * column starting after `width` characters. */
void cli_options_help(FILE *out, const CliOption *opts, size_t n, int width);

/* Fills `longopts` (n + 1 entries; the last is the zeroed terminator). */
void cli_options_longopts(const CliOption *opts, size_t n, struct option *longopts);

#endif
