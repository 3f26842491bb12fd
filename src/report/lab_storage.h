/* The storage lab's part of a lab report: per stage the storage checklist of Sai Srirampur's
 * "Postgres Isn't Slow. Your Storage Is" (POSETTE 2026) — idle CPU, IO:DataFileRead and
 * IO:WalSync shares, pg_stat_io's time per read, reads and WAL syncs per transaction — and the
 * throughput ceiling (lab/ceiling.h) beside the measured TPS, as Markdown rows and JSON. */
#ifndef PK_REPORT_LAB_STORAGE_H
#define PK_REPORT_LAB_STORAGE_H

#include <jansson.h>

#include "common/strbuf.h"
#include "lab/runner.h"

/* The article as the reports cite it. */
#define LAB_STORAGE_SOURCE                                                                         \
    "Sai Srirampur, \"Postgres Isn't Slow. Your Storage Is\" (POSETTE 2026 talk; recap on the "    \
    "ClickHouse blog, 2026-08-20)"

/* summary.json's "storage", "checklist" and "ceiling" of a stage (null when they do not
 * apply), set on `obj`. */
void lab_storage_json(const LabRunReport *rep, const StageResult *stage, json_t *obj);
/* The two sections ("The storage checklist" when a stage ran on slowfs, "The throughput
 * ceiling" when a stage has one). */
void lab_storage_markdown(const LabRunReport *rep, StrBuf *out);

#endif
