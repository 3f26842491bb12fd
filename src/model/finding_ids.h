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
    const char *where;   /* the files that raise it, below src/: "lint/validate.c" */
} FindingId;

/* Every row, in id order. Static. */
const FindingId *finding_ids(size_t *n_ids);
/* NULL when `id` is not a row. */
const FindingId *finding_id_find(const char *id);

/* The category of the row's findings: its name's first part ("validation", "hba", "audit"). */
void finding_id_category(const FindingId *row, char *buf, size_t size);

/* A new finding of row `id` in `out`, with the row's name, default severity and category (the
 * name's first part) and `title` (malloc'd, taken into the list's arena; NULL: the row's title).
 * The one way pgknob's own code starts a finding: `id` must be a row (tests/docs/layout.sh, rule
 * finding-id). */
Finding *finding_raise(FindingList *out, const char *id, char *title);

#endif
