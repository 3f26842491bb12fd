#include "cli/cli_options.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_diag.h"
#include "cli/cli_rows.h"
#include "cli/commands.h"
#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"
#include "input/input.h"
#include "lint/lint.h"

void cli_usage(FILE *out, const char *head, const CliOption *opts, size_t n, int width,
               const char *tail)
{
    fputs(head, out);
    cli_options_help(out, opts, n, width);
    fputs(tail, out);
}

static bool has_range(const CliOption *opt)
{
    return opt->max > opt->min && opt->type >= CLI_INT && opt->type <= CLI_DURATION;
}

/* One end of a range as the user writes it: "1000", "1ms", "30d", "1GB". */
static void put_bound(StrBuf *sb, const CliOption *opt, double value)
{
    char *text = NULL;
    if (opt->type == CLI_DURATION && value > 0)
        text = pk_units_format(value * 1e6, PK_UNIT_TIME, PK_UNITS_EXACT, NULL);
    else if (opt->type == CLI_SIZE && value > 0)
        text = pk_units_format(value, PK_UNIT_SIZE, PK_UNITS_EXACT, NULL);
    if (text)
        sb_put(sb, text);
    else
        sb_printf(sb, "%.15g", value);
    free(text);
}

/* "1..1000", or "above 0, at most 1000000" (`and` for a sentence: "above 0 and at most ...") */
static void put_range(StrBuf *sb, const CliOption *opt, const char *and)
{
    sb_put(sb, opt->above_min ? "above " : "");
    put_bound(sb, opt, opt->min);
    sb_printf(sb, "%s", opt->above_min ? and : "..");
    put_bound(sb, opt, opt->max);
}

/* What the row says beyond its help, for the help and the man page: "1..1000; default 10",
 * "read-committed, repeatable-read or serializable; default read-committed", "repeatable".
 * Empty when nothing. */
static void option_facts(const CliOption *opt, StrBuf *sb)
{
    if (has_range(opt))
        put_range(sb, opt, ", at most ");
    for (size_t idx = 0; opt->type == CLI_ENUM && opt->choices && opt->choices[idx]; idx++)
        sb_printf(sb, "%s%s",
                  idx == 0                ? ""
                  : opt->choices[idx + 1] ? ", "
                                          : " or ",
                  opt->choices[idx]);
    if (opt->def)
        sb_printf(sb, "%sdefault %s", sb->len ? "; " : "", opt->def);
    if (opt->type == CLI_LIST)
        sb_printf(sb, "%srepeatable", sb->len ? "; " : "");
}

void cli_options_help(FILE *out, const CliOption *opts, size_t n, int width)
{
    for (size_t opt_idx = 0; opt_idx < n; opt_idx++) {
        const CliOption *opt = &opts[opt_idx];
        char left[64], shortname[8] = "";
        if (opt->key < 256)
            snprintf(shortname, sizeof(shortname), "-%c, ", opt->key);
        snprintf(left, sizeof(left), "%s--%s%s%s", shortname, opt->name, opt->arg ? " " : "",
                 opt->arg ? opt->arg : "");
        fprintf(out, "  %-*s ", width, left);
        size_t column = 0; /* of the help's current line */
        for (const char *p = opt->help; *p; p++, column++) {
            if (*p == '\n') {
                fprintf(out, "\n  %-*s ", width, "");
                column = (size_t)-1;
            } else
                fputc(*p, out);
        }
        StrBuf facts = STRBUF_INIT;
        option_facts(opt, &facts);
        if (facts.len) {
            /* on the help's last line while it fits in 100 columns, else on a line of its own */
            if (3 + (size_t)width + column + 3 + facts.len > 100)
                fprintf(out, "\n  %-*s (%s)", width, "", sb_str(&facts));
            else
                fprintf(out, "%s(%s)", column ? " " : "", sb_str(&facts));
        }
        sb_free(&facts);
        fputc('\n', out);
    }
}

/* Edit distance with adjacent transpositions (optimal string alignment): "dns" is one edit from
 * "dsn". Words on a command line are short, so the full matrix is fine. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t len_a = strlen(a), len_b = strlen(b), cols = len_b + 1;
    size_t *dist = xmalloc((len_a + 1) * cols * sizeof(size_t));
    for (size_t row = 0; row <= len_a; row++) {
        for (size_t col = 0; col <= len_b; col++) {
            size_t *cell = &dist[row * cols + col];
            if (row == 0 || col == 0) {
                *cell = row + col;
                continue;
            }
            size_t best = dist[(row - 1) * cols + col - 1] + (a[row - 1] != b[col - 1]);
            size_t del = dist[(row - 1) * cols + col] + 1, ins = dist[row * cols + col - 1] + 1;
            best = del < best ? del : best;
            best = ins < best ? ins : best;
            if (row > 1 && col > 1 && a[row - 1] == b[col - 2] && a[row - 2] == b[col - 1] &&
                dist[(row - 2) * cols + col - 2] + 1 < best)
                best = dist[(row - 2) * cols + col - 2] + 1;
            *cell = best;
        }
    }
    size_t result = dist[len_a * cols + len_b];
    free(dist);
    return result;
}

const char *cli_nearest(const char *word, const char *const *candidates, size_t n)
{
    const char *best = NULL;
    size_t best_dist = 0;
    for (size_t idx = 0; idx < n; idx++) {
        size_t dist = edit_distance(word, candidates[idx]);
        if (!best || dist < best_dist) {
            best = candidates[idx];
            best_dist = dist;
        }
    }
    /* A third of the word (at least one edit, at most three) is a typo; more is another word. */
    size_t limit = strlen(word) / 3;
    limit = limit < 1 ? 1 : limit > 3 ? 3 : limit;
    return best && best_dist <= limit ? best : NULL;
}

int cli_unknown_command(const char *what, const char *word, const char *const *candidates, size_t n,
                        const char *help_cmd)
{
    const char *near = cli_nearest(word, candidates, n);
    StrBuf hint = STRBUF_INIT;
    if (near) {
        sb_printf(&hint, "did you mean %s? See '%s --help'.", near, help_cmd);
    } else {
        sb_put(&hint, "use ");
        for (size_t idx = 0; idx < n; idx++)
            sb_printf(&hint, "%s%s", idx ? (idx + 1 == n ? " or " : ", ") : "", candidates[idx]);
        sb_printf(&hint, "; see '%s --help'.", help_cmd);
    }
    cli_error(sb_str(&hint), "unknown %s \"%s\"", what, word);
    sb_free(&hint);
    return 2;
}

/* The option name the user wrote: "--formt=x" → "formt"; NULL for a short option. */
static char *long_name_of(const char *arg)
{
    if (strncmp(arg, "--", 2) != 0)
        return NULL;
    const char *eq = strchr(arg + 2, '=');
    return eq ? xstrndup(arg + 2, (size_t)(eq - arg - 2)) : xstrdup(arg + 2);
}

static void print_usage_error(const char *arg, int kind, const CliOption *opts, size_t n,
                              const char *command)
{
    char *name = kind == '?' ? long_name_of(arg) : NULL;
    const char *near = NULL;
    if (name) {
        const char **names = xmalloc((n + 1) * sizeof(char *));
        for (size_t idx = 0; idx < n; idx++)
            names[idx] = opts[idx].name;
        near = cli_nearest(name, names, n);
        free(names);
    }
    char hint[200];
    if (near)
        snprintf(hint, sizeof(hint), "did you mean --%s? See 'pgknob %s --help'.", near, command);
    else
        snprintf(hint, sizeof(hint), "see 'pgknob %s --help' for the options.", command);
    cli_error(hint,
              kind == ':'   ? "option \"%s\" needs a value"
              : kind == '=' ? "option \"%s\" takes no value"
                            : "unknown option \"%s\"",
              arg);
    free(name);
}

int cli_getopt(int argc, char **argv, const char *flags, const CliOption *opts, size_t n,
               const char *command)
{
    /* ':' first: a missing value is told apart from an unknown option; '+' stays in front. */
    char shortopts[128];
    size_t len = 0;
    bool in_order = flags && flags[0] == '+';
    if (in_order)
        shortopts[len++] = '+';
    shortopts[len++] = ':';
    struct option *longopts = xmalloc((n + 1) * sizeof(struct option));
    for (size_t idx = 0; idx < n; idx++) {
        longopts[idx] = (struct option){
            opts[idx].name, opts[idx].arg ? required_argument : no_argument, NULL, opts[idx].key};
        if (opts[idx].key < 256 && len + 3 < sizeof(shortopts)) {
            shortopts[len++] = (char)opts[idx].key;
            if (opts[idx].arg)
                shortopts[len++] = ':';
        }
    }
    memset(&longopts[n], 0, sizeof(struct option));
    shortopts[len] = '\0';
    opterr = 0;
    int key = getopt_long(argc, argv, shortopts, longopts, NULL);
    free(longopts);
    if (key != '?' && key != ':')
        return key;
    /* glibc has moved optind past the culprit; a short one inside a cluster is named alone. */
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    char shortbuf[3] = {'-', (char)optopt, '\0'};
    if (optopt && optopt < 256 && strncmp(arg, "--", 2) != 0)
        arg = shortbuf;
    int kind = key == ':' ? ':' : (optopt && strchr(arg, '=')) ? '=' : '?';
    print_usage_error(arg, kind, opts, n, command);
    return CLI_USAGE_ERROR;
}

/* Markdown-escapes help text, and joins its '\n' continuations with a space. */
static void man_text(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\n')
            fputc(' ', out);
        else {
            if (strchr("\\*_[]<>`|#", *p))
                fputc('\\', out);
            fputc(*p, out);
        }
    }
}

void cli_specs_man(FILE *out, const CliSpec *specs, size_t n, int options)
{
    for (size_t idx = 0; idx < n; idx++) {
        const CliSpec *spec = &specs[idx];
        if (!options) {
            fprintf(out, "**pgknob %s** %s\n\n", spec->command, spec->synopsis);
            continue;
        }
        if (idx > 0 && specs[idx - 1].opts == spec->opts)
            continue; /* listed with the first command of this table */
        fprintf(out, "## pgknob %s", spec->command);
        for (size_t next = idx + 1; next < n && specs[next].opts == spec->opts; next++)
            fprintf(out, ", %s", specs[next].command);
        fputs("\n\n", out);
        for (size_t opt_idx = 0; opt_idx < spec->n; opt_idx++) {
            const CliOption *opt = &spec->opts[opt_idx];
            fputs("- ", out);
            if (opt->key < 256)
                fprintf(out, "**-%c**, ", opt->key);
            fprintf(out, "**--%s**", opt->name);
            if (opt->arg) {
                fputs(" *", out);
                man_text(out, opt->arg);
                fputc('*', out);
            }
            fputs(": ", out);
            man_text(out, opt->help);
            StrBuf facts = STRBUF_INIT;
            option_facts(opt, &facts);
            if (facts.len) {
                fputs(" (", out);
                man_text(out, sb_str(&facts));
                fputc(')', out);
            }
            sb_free(&facts);
            fputc('\n', out);
        }
        fputc('\n', out);
    }
}

void cli_unknown_input_format(const char *name)
{
    char *hint = xasprintf("input formats are: %s.", input_format_names());
    cli_error(hint, "unknown input format \"%s\"", name);
    free(hint);
}

int cli_parse_options(int argc, char **argv, const CliOption *opts, size_t n, const char *command,
                      int help_key, void (*usage)(FILE *), CliApplyFn apply, void *cli)
{
    int key;
    optind = 0;
    while ((key = cli_getopt(argc, argv, "", opts, n, command)) != -1) {
        if (key == help_key) {
            usage(stdout);
            return PK_EXIT_OK;
        }
        if (key == CLI_USAGE_ERROR)
            return PK_EXIT_USAGE;
        const CliOption *row = cli_option_find(opts, n, key);
        if (row && row->target ? !cli_option_store(row, optarg, cli) : !apply(cli, key, optarg))
            return PK_EXIT_USAGE;
    }
    return -1;
}

const CliOption *cli_option_find(const CliOption *opts, size_t n, int key)
{
    for (size_t idx = 0; idx < n; idx++)
        if (opts[idx].key == key)
            return &opts[idx];
    return NULL;
}

/* What to write instead: "Give a whole number in range 1..1000." */
static void value_hint(const CliOption *opt, const char *unit_hint, StrBuf *hint)
{
    if (unit_hint)
        sb_put(hint, unit_hint);
    else if (opt->type == CLI_INT)
        sb_put(hint, "Give a whole number");
    else if (opt->type == CLI_NUMBER)
        sb_put(hint, "Give a number");
    else if (opt->type == CLI_DURATION)
        sb_put(hint, "Give a duration such as 30s, 5min or 500ms");
    else
        sb_put(hint, "Give a size such as 512MB or 4GB");
    if (!unit_hint && has_range(opt)) {
        sb_put(hint, opt->above_min ? ", " : " in range ");
        put_range(hint, opt, ", at most ");
    }
    if (!unit_hint)
        sb_put(hint, ".");
}

/* PostgreSQL's two errors of a bad option value (fe_utils/option_utils.c), with a hint. */
static bool invalid_value(const CliOption *opt, const char *arg, const char *unit_hint)
{
    StrBuf hint = STRBUF_INIT;
    value_hint(opt, unit_hint, &hint);
    cli_error(sb_str(&hint), "invalid value for option \"--%s\": \"%s\"", opt->name, arg);
    sb_free(&hint);
    return false;
}

static bool out_of_range(const CliOption *opt)
{
    StrBuf range = STRBUF_INIT, hint = STRBUF_INIT;
    put_range(&range, opt, " and at most ");
    value_hint(opt, NULL, &hint);
    cli_error(sb_str(&hint), "option \"--%s\" must be %s%s", opt->name,
              opt->above_min ? "" : "in range ", sb_str(&range));
    sb_free(&range);
    sb_free(&hint);
    return false;
}

static bool in_range(const CliOption *opt, double value)
{
    if (!has_range(opt))
        return true;
    return (opt->above_min ? value > opt->min : value >= opt->min) && value <= opt->max;
}

bool cli_option_uint64(const CliOption *opt, const char *arg, uint64_t *out)
{
    char *end;
    errno = 0;
    /* strtoull would take "-1" as its two's complement: a sign is not a whole number here */
    unsigned long long value = strtoull(arg, &end, 10);
    if (end == arg || *end || errno || strchr(arg, '-'))
        return invalid_value(opt, arg, NULL);
    if (!in_range(opt, (double)value))
        return out_of_range(opt);
    *out = (uint64_t)value;
    return true;
}

bool cli_option_number(const CliOption *opt, const char *arg, double *out)
{
    double value;
    const char *bad_unit = NULL;
    if (opt->type == CLI_INT) {
        uint64_t whole;
        if (!cli_option_uint64(opt, arg, &whole))
            return false;
        *out = (double)whole;
        return true;
    }
    if (opt->type == CLI_NUMBER) {
        char *end;
        errno = 0;
        value = strtod(arg, &end);
        if (end == arg || *end || errno || !isfinite(value))
            return invalid_value(opt, arg, NULL);
    } else {
        bool time = opt->type == CLI_DURATION;
        if (!pk_units_parse(arg, time ? PK_UNIT_TIME : PK_UNIT_SIZE, false, time ? 1e6 : 1.0,
                            &value, &bad_unit))
            return invalid_value(opt, arg, bad_unit);
        if (time)
            value /= 1e6;
    }
    if (!in_range(opt, value))
        return out_of_range(opt);
    *out = value;
    return true;
}

static bool store_enum(const CliOption *opt, const char *arg, int *out)
{
    StrBuf hint = STRBUF_INIT;
    for (size_t idx = 0; opt->choices[idx]; idx++) {
        if (!strcmp(opt->choices[idx], arg)) {
            *out = (int)idx;
            sb_free(&hint);
            return true;
        }
        sb_printf(&hint, "%s%s",
                  idx == 0                ? "Use "
                  : opt->choices[idx + 1] ? ", "
                                          : " or ",
                  opt->choices[idx]);
    }
    sb_put(&hint, ".");
    cli_error(sb_str(&hint), "invalid value for option \"--%s\": \"%s\"", opt->name, arg);
    sb_free(&hint);
    return false;
}

bool cli_option_store(const CliOption *opt, const char *arg, void *base)
{
    char *at = (char *)base + opt->target - 1;
    double value;
    switch (opt->type) {
    case CLI_FLAG: *(bool *)at = true; return true;
    case CLI_ENUM: return store_enum(opt, arg, (int *)at);
    case CLI_INT:
        if (opt->wide)
            return cli_option_uint64(opt, arg, (uint64_t *)(void *)at);
        if (!cli_option_number(opt, arg, &value))
            return false;
        if (value > INT_MAX)
            return out_of_range(opt);
        *(int *)at = (int)value;
        return true;
    case CLI_NUMBER:
    case CLI_SIZE:
    case CLI_DURATION: return cli_option_number(opt, arg, (double *)at);
    default: *(const char **)at = arg; return true;
    }
}

void cli_option_defaults(const CliOption *opts, size_t n, void *base)
{
    for (size_t idx = 0; idx < n; idx++)
        if (opts[idx].target && opts[idx].def && !cli_option_store(&opts[idx], opts[idx].def, base))
            abort(); /* a row whose default it cannot parse: cli_options_test tries each */
}

bool cli_pg_version(const char *arg, int *major, int *minor)
{
    if (lint_parse_version(arg, major, minor))
        return true;
    char hint[80];
    snprintf(hint, sizeof(hint), "pgknob knows PostgreSQL %d to %d; write N or N.M.", PK_MIN_MAJOR,
             PK_MAX_MAJOR);
    cli_error(hint, "unsupported PostgreSQL version \"%s\"", arg);
    return false;
}
