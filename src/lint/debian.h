/* Debian's cluster layout (postgresql-common): a whole postgresql.conf that takes the place of
 * /etc/postgresql/VERSION/CLUSTER/postgresql.conf must name the data directory and the
 * pg_hba.conf, which pg_createcluster keeps apart (PK0105). Reads the file's checkout. */
#ifndef PK_LINT_DEBIAN_H
#define PK_LINT_DEBIAN_H

#include <stddef.h>

#include "conf/conf.h"
#include "model/finding.h"

/* Where `file` is written to Debian's cluster configuration, into `where` (`cap` bytes): "the
 * file is etc/postgresql/15/main/postgresql.conf of its checkout", "roles/pg/tasks/main.yml
 * (line 12) writes it to /etc/postgresql/{{ v }}/main/postgresql.conf"; false when nothing
 * does. */
bool lint_debian_destination(const char *file, char *where, size_t cap);

/* The major a deployment file of `file`'s module names where it installs the file into a
 * Debian cluster's directory of a literal version (a shell script's `cp pg_hba.conf
 * /etc/postgresql/9.3/main/`): `label` ("9.3"), `*major` (0 before 10), and "bootstrap.sh (line
 * 12) installs it into /etc/postgresql/9.3/main/pg_hba.conf" in `where`; false when none. */
bool lint_debian_install_major(const char *file, char label[16], int *major, char *where,
                               size_t cap);

/* PK0105 for `set` (a plain postgresql.conf or its template, not a data directory's) when it
 * replaces a Debian cluster's file without data_directory or hba_file. */
void lint_check_debian_paths(const ConfSet *set, const char *file, int major, FindingList *out);

#endif
