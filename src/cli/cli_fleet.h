/* What `pgknob audit --from DIR|FILE...` and `pgknob report merge FILE...` share: the files a
 * list of files and directories names, how the fleet report names a server, and writing the
 * fleet report with its exit code. One code path, so both write the same report. */
#ifndef PK_CLI_FLEET_H
#define PK_CLI_FLEET_H

#include <stdbool.h>
#include <stddef.h>

#include "common/redact.h"
#include "model/finding.h"
#include "report/fleet.h"

/* Files as given, directories as their *.json files (hidden ones left out) in name order.
 * False (printed, with `hint`) when a directory cannot be read or holds none. The caller frees
 * each path and the array. */
bool cli_fleet_paths(char *const *args, size_t n_args, const char *hint, char ***paths, size_t *n,
                     bool *dir_given);
/* "db1" for ".../db1.json" (caller frees). */
char *cli_fleet_name(const char *path);
/* The fleet format for --format and -o ("md", "html", "json", "text"); NULL after a usage error
 * (printed). */
const char *cli_fleet_format(const char *format, const char *out_path);
/* Renders the fleet in `format`, redacted, to `out_path` or standard output. The exit code:
 * 1 when a finding is at or above `fail_on` (SEV_NONE: never), 2 when the file cannot be
 * written, else 0. */
int cli_fleet_emit(const Fleet *fleet, const char *format, const char *out_path,
                   const Redaction *redact, Severity fail_on);

#endif
