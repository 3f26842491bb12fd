/* How far a containerised server's ports reach: a compose service that publishes no port, or
 * publishes it on the host's loopback only, keeps the network between client and server inside
 * the host, and findings about what crosses that network are notices there. */
#ifndef PK_LINT_REACH_H
#define PK_LINT_REACH_H

#include <stddef.h>

#include "lint/lint.h"
#include "model/finding.h"

/* Lowers the input's findings in [begin, end) whose risk needs a client beyond the host (a
 * password or WAL sniffed or guessed, a REST API called) to notices, with the reason, when every
 * compose service that mounts the input publishes the port they are about nowhere but the
 * host's loopback, or not at all. */
void lint_reach(const LintInput *input, FindingList *findings, size_t begin, size_t end);

/* PK0103: a compose service that mounts the input (a postgresql.conf) sets
 * POSTGRES_HOST_AUTH_METHOD: trust and publishes the server's port beyond the host's loopback,
 * while the server reads the data directory's pg_hba.conf (no hba_file), where the official
 * image's entrypoint lets every address in with no password. */
void lint_trust_published(const LintInput *input, FindingList *findings);

#endif
