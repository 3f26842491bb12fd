/* The mechanism part of a lab report: for each stage the counter that proves why it is slow
 * (lab/mechanism.h), beside its slowdown, with how it moved against the stage before; and the
 * throughput ceiling's prediction (lab/ceiling.h) beside the measured TPS. */
#ifndef PK_REPORT_LAB_MECHANISM_H
#define PK_REPORT_LAB_MECHANISM_H

#include <jansson.h>

#include "common/strbuf.h"
#include "lab/runner.h"

/* summary.json's "mechanism" of a stage (null when it did not run), set on `obj`. */
void lab_mechanism_json(const LabRunReport *rep, const StageResult *stage, json_t *obj);
/* The section "What proves each stage's mechanism", when a measured stage names a counter. */
void lab_mechanism_markdown(const LabRunReport *rep, StrBuf *out);

/* The series' storage, said once: conditions.series_storage in summary.json ({slowfs,
 * read_latency_ms, fsync_latency_ms, text}, null without a series stage), and a paragraph
 * after the conditions in summary.md. */
void lab_series_storage_json(const LabRunReport *rep, json_t *conditions);
void lab_series_storage_markdown(const LabRunReport *rep, StrBuf *out);

#endif
