/* Where the server finds its authentication files and what of postgresql.conf changes how it
 * reads them, as SelectConfigFiles() decides: hba_file and ident_file when set (a relative
 * path is opened from the data directory, the postmaster's working directory), else
 * DATADIR/pg_hba.conf and DATADIR/pg_ident.conf; ssl (a hostssl line cannot match while off);
 * oauth_validator_libraries (18). Also a lone file: pg_hba.conf or pg_ident.conf, recognised
 * by name (it contains "hba" or "ident"), else by content (records starting with a connection
 * type). */
#ifndef PK_HBA_INPUT_H
#define PK_HBA_INPUT_H

#include <stdbool.h>

#include "hba/hba.h"
#include "model/snapshot.h"

/* Zeroed by its owner; its strings (opts.oauth_validators too) live in its arena:
 * arena_free(in.arena). */
typedef struct HbaInput {
    Arena *arena;
    char *hba_path;   /* absolute; NULL when only a pg_ident.conf is read */
    char *ident_path; /* absolute; NULL when none is read */
    HbaOpts opts;     /* major, ssl and oauth_validators filled; features left to the caller */
} HbaInput;

/* For a data directory whose configuration gave `snap` (snapshot_from_conf). A path is NULL
 * when the directory is not a cluster (no global/pg_control) and lacks the default file. */
void hba_input_from_snapshot(const Snapshot *snap, const char *data_dir, HbaInput *in);

/* For a lone file (ssl taken as on: the server's setting is unknown): true, with in->hba_path
 * or in->ident_path set (its sibling pg_ident.conf is
 * read too when the file is named pg_hba.conf). False when the file is neither by name nor by
 * content (a postgresql.conf), or unreadable. */
bool hba_input_from_file(const char *path, int major, HbaInput *in);

/* Is `path` a lone pg_hba.conf or pg_ident.conf (by name, else by content)? */
bool hba_input_is_auth_file(const char *path);

#endif
