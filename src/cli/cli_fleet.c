/* The fleet report's inputs and output, shared by audit --from and report merge. */
#include "cli/cli_fleet.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli_diag.h"
#include "cli/commands.h"
#include "common/atomic_file.h"
#include "common/diag.h"
#include "common/strbuf.h"
#include "common/xalloc.h"
#include "report/report.h"

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_json_name(const char *name)
{
    size_t len = strlen(name);
    return len > 5 && !strcmp(name + len - 5, ".json") && name[0] != '.';
}

bool cli_fleet_paths(char *const *args, size_t n_args, const char *hint, char ***paths, size_t *n,
                     bool *dir_given)
{
    size_t cap = 0;
    *paths = NULL;
    *n = 0;
    *dir_given = false;
    for (size_t idx = 0; idx < n_args; idx++) {
        struct stat st;
        const char *arg = args[idx];
        if (stat(arg, &st) != 0 || !S_ISDIR(st.st_mode)) {
            PK_GROW(*paths, *n, cap);
            (*paths)[(*n)++] = xstrdup(arg);
            continue;
        }
        *dir_given = true;
        DIR *dir = opendir(arg);
        if (!dir) {
            cli_error(hint, "cannot read directory \"%s\"", arg);
            return false;
        }
        size_t first = *n;
        for (struct dirent *ent; (ent = readdir(dir));) {
            if (is_json_name(ent->d_name)) {
                PK_GROW(*paths, *n, cap);
                (*paths)[(*n)++] = xasprintf("%s/%s", arg, ent->d_name);
            }
        }
        closedir(dir);
        if (*n == first) {
            cli_error(hint, "directory \"%s\" holds no *.json file", arg);
            return false;
        }
        qsort(*paths + first, *n - first, sizeof(char *), name_cmp);
    }
    return true;
}

char *cli_fleet_name(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t len = strlen(base);
    return len > 5 && !strcmp(base + len - 5, ".json") ? xstrndup(base, len - 5) : xstrdup(base);
}

const char *cli_fleet_format(const char *format, const char *out_path)
{
    const ReportFormat *chosen = report_format_choose(format, out_path);
    const char *name = chosen ? chosen->name : "text";
    if (strcmp(name, "md") && strcmp(name, "html") && strcmp(name, "json") &&
        strcmp(name, "text")) {
        cli_error("Use --format md, html or json for several servers.",
                  "the fleet report has no format \"%s\"", name);
        return NULL;
    }
    return name;
}

int cli_fleet_emit(const Fleet *fleet, const char *format, const char *out_path,
                   const Redaction *redact, Severity fail_on)
{
    StrBuf out = STRBUF_INIT;
    fleet_render(fleet, format, &out);
    char *text = redact_text(redact, sb_str(&out));
    int rc = fail_on != SEV_NONE && fleet_worst(fleet) >= fail_on ? PK_EXIT_FINDINGS : PK_EXIT_OK;
    PkDiag diag = PK_DIAG_INIT;
    if (out_path) {
        if (!pk_write_atomic(out_path, text, strlen(text), 0644, (uid_t)-1, (gid_t)-1, &diag))
            rc = (cli_diag_fail(&diag), PK_EXIT_USAGE);
    } else {
        fputs(text, stdout);
    }
    free(text);
    sb_free(&out);
    return rc;
}
