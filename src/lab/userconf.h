/* A user's configuration for `lab ab`: a postgresql.conf or a data directory, read as the server
 * reads it (conf/: includes, postgresql.auto.conf, last entry wins), turned into the settings a
 * throwaway cluster is given. Settings that belong to the original server's environment (paths,
 * ports, sockets, TLS files, archiving and replication commands, preload libraries, tablespaces,
 * locales, extensions' parameters) are left out and listed: on the lab's cluster they would fail
 * or do harm, and they do not change how fast TPC-C runs. */
#ifndef PK_LAB_USERCONF_H
#define PK_LAB_USERCONF_H

#include <stdbool.h>

#include "common/diag.h"
#include "lab/fragment.h"

/* Fills `out` (zeroed by the caller). *skipped gets "name, name" of what was left out, or NULL
 * (caller frees). false with *diag (file, line) when the configuration has a reading error or
 * cannot be read. */
/* Whether a parameter belongs to the original server's environment (or an extension: dotted),
 * left out of the lab's cluster. */
bool lab_userconf_is_environment(const char *name);
bool lab_userconf_read(const char *path, LabSettings *out, char **skipped, PkDiag *diag);

#endif
