/* The compose file or Dockerfile of a configuration file's repository that runs the server with
 * it as config_file, and the PostgreSQL image it runs: a container's file, and its major. */
#ifndef PK_LINT_CONTAINER_H
#define PK_LINT_CONTAINER_H

#include <stdbool.h>

#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

/* `target` (an absolute path) as seen from `file`'s directory ("../docker-compose.yml"), which a
 * message names instead of this machine's absolute path; malloc'd, `target` itself when the two
 * share no directory. */
char *lint_path_from(const char *file, const char *target);

/* A compose file or Dockerfile of the file's repository (its directory and up to 3 above,
 * stopping at the root a .git marks) that runs the server with it as config_file: its path into
 * `found` (PATH_MAX). */
bool lint_repository_mounts(const char *file, char *found);

/* The same search for one that puts the file into a container at all: a Dockerfile that COPYs
 * or ADDs it, a compose volume that mounts it or its directory. */
bool lint_repository_ships(const char *file, char *found);

/* Is `name` (a file's base name) a Dockerfile's: Dockerfile, Dockerfile.pg, pg.dockerfile? */
bool lint_dockerfile_name(const char *name);

/* Does the compose service that mounts `file` run a PostgreSQL image (the official one or one
 * built on it) whose tag names no major (citusdata/citus:11.3, postgres:latest)? Then another
 * service's image is not the file's (held-out set 61, h61c 42). */
bool lint_compose_service_unversioned(const char *file);

/* The PostgreSQL image `runner` (a compose file or Dockerfile lint_repository_mounts found) runs:
 * `image: postgres:16-alpine`, `FROM postgis/postgis:17-3.4`, `pgvector/pgvector:pg16`, or,
 * for a compose service built from a Dockerfile, that Dockerfile's FROM beside it, or a line
 * naming a Debian or PGDG layout or package. True with what names the major (`image`, 256
 * bytes: "the image postgres:16", whose verb the caller adds, or the line's own phrase,
 * "installs postgresql-15", "names /etc/postgresql/15/main"), the file and 1-based line it is on
 * (`where`, PATH_MAX) and the major as major_in_text gives it (`label`, `*major`), when every
 * such clue names one major. */
/* The same for the compose service that mounts `file` (input_compose_mount): that service's own
 * image, where other services of its compose file run other majors; *runs when its command
 * names config_file and the server reads the file. */
bool lint_compose_service_image(const char *file, char *image, char *where, int *line,
                                char label[16], int *major, bool *runs);

bool lint_container_image(const char *runner, char *image, char *where, int *line, char label[16],
                          int *major);

/* The one PostgreSQL major the container files of `file`'s repository name, where pgknob finds
 * none that runs it: compose files and Dockerfiles in its directory and, within a checkout (a .git
 * up to 3 levels above), up to its root, with Kubernetes manifests in the file's own directory.
 * False when none names a major or two name different ones. Arguments as lint_container_image's. */
bool lint_repository_image(const char *file, char *image, char *where, int *line, char label[16],
                           int *major);

/* Is the PostgreSQL image that runs or ships `file` built on Alpine, whose C library is musl: its
 * tag says so (`postgres:16-alpine`), or the file naming it builds `FROM` an Alpine image? */
bool lint_container_alpine(const char *file);

/* PK0094: a file a container runs as config_file, for a major before 15, that does not set
 * shared_buffers: those majors' built-in 8MB replaces the 128MB initdb writes. `evident`: the
 * major the file was written for when pgknob does not check it ("9.5"), else "". */
void lint_check_replaced_defaults(const ConfSet *set, const Snapshot *snap, const char *evident,
                                  FindingList *out);

/* Findings [begin, end) that read a setting the command of the compose service running the file
 * gives with -c (`-c archive_mode=${PITR_ARCHIVE_MODE:-off}`): the command line overrides the
 * file, so they judge a value the server does not run with, and are suppressed saying so
 * (review 2026-12zf, c07); a finding on the command's own value (its setting in
 * `command_file`, as lint_check_unread_mount put it in the snapshot) is what runs, and stays. */
void lint_command_overrides(const char *overrides, const char *command_at, FindingList *out,
                            const char *command_file, size_t begin, size_t end);

/* The compose service that mounts the file, read once: PK0097 when the server never reads the
 * file (no config_file named, not the data directory's postgresql.conf), else PK0100 for a
 * mounted pg_hba.conf it never reads; and hands back the -c settings of the command that runs
 * the file and where that command is (both NULL when none; the caller frees them):
 * lint_command_overrides' input. The command's settings are the server's over the file's
 * (the postmaster's command line wins), so they go into `snap` at the command's place, the
 * compose file as the finding shows it, in *command_file (the caller frees it). */
void lint_check_unread_mount(const ConfSet *set, Snapshot *snap, char **overrides,
                             char **command_at, char **command_file, FindingList *out);

/* PK0100 for a pg_hba.conf linted alone that its compose service mounts where the server never
 * reads it (ComposeLimits.unread); the authentication findings from `begin` on become notices
 * that say so, since the file's lines take no effect. `major` for the documentation link. */
void lint_check_unread_hba_file(const char *file, int major, FindingList *out, size_t begin);

/* After the rules: the warnings and errors in out[begin, end) of a file PK0097 says its
 * service never reads are notices that say so (its end of life, the image's, and a mount into
 * the data directory, PK0101, stay). */
void lint_soften_unread(FindingList *out, size_t begin, size_t end);

/* PK0101: a compose service that bind-mounts `file` directly inside its data directory, which
 * initdb must find empty on a new volume (ComposeLimits.in_data_dir). `major` for the
 * documentation link. */
void lint_check_data_dir_mount(const char *file, int major, FindingList *out);

/* PK0104: a volume at /var/lib/postgresql/data under an official image of 18 or later, whose
 * entrypoint then refuses to create the cluster (ComposeLimits.old_volume: `what`, at `line` of
 * `file`, 0 when `file` is a postgresql.conf the service mounts; `unpinned` when the tag names
 * no major). */
void lint_pre18_volume(const char *file, const char *what, int line, bool unpinned,
                       FindingList *out);

#endif
