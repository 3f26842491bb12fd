/* A configuration for a networked server that listens on loopback only (PK0093). */
#ifndef PK_LINT_NETWORK_H
#define PK_LINT_NETWORK_H

#include "conf/conf.h"
#include "model/finding.h"
#include "model/snapshot.h"

/* A plain configuration file (not a manifest, whose operator sets listen_addresses) whose
 * settings or repository show remote clients, while listen_addresses is loopback only. Reads
 * the compose files and Dockerfiles beside the file, up to its repository's root. */
void lint_check_listen(const ConfSet *set, const Snapshot *snap, FindingList *out);

#endif
