/* Every finding ID pgknob raises from its own code, in one table: the validation checks, the
 * pg_hba.conf, manifest and cluster checks, and audit's findings, each with its name, title,
 * default severity and one line of what it means. The rule packs' IDs are the other half of
 * the catalogue: they are loaded (rules/), and `rules list` shows both. */
#ifndef PK_MODEL_FINDING_IDS_H
#define PK_MODEL_FINDING_IDS_H

#include <stddef.h>

#include "model/finding.h"

/* One finding ID of pgknob's own code: stable id, name and default severity. */
typedef struct FindingId {
    const char *id;    /* "PK0010" */
    const char *name;  /* "validation.unknown-parameter" */
    const char *title; /* "unknown parameter" */
    Severity severity;
    const char *summary; /* one sentence for docs and `rules list` */
} FindingId;

/* Every row, in id order. Static. */
const FindingId *finding_ids(size_t *n_ids);
/* NULL when `id` is not a row. */
const FindingId *finding_id_find(const char *id);

#endif
