#include "cli/cli_options.h"

#include <string.h>

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
        for (const char *p = opt->help; *p; p++) {
            if (*p == '\n')
                fprintf(out, "\n  %-*s ", width, "");
            else
                fputc(*p, out);
        }
        fputc('\n', out);
    }
}

void cli_options_longopts(const CliOption *opts, size_t n, struct option *longopts)
{
    for (size_t opt_idx = 0; opt_idx < n; opt_idx++)
        longopts[opt_idx] = (struct option){opts[opt_idx].name,
                                            opts[opt_idx].arg ? required_argument : no_argument,
                                            NULL, opts[opt_idx].key};
    memset(&longopts[n], 0, sizeof(struct option));
}
