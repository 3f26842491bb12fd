/* The lab report: summary.json (one record per stage: settings, TPS, tpmC, latency percentiles,
 * statistics deltas, wait events, findings), summary.md (the table and one section per stage with
 * the why), chart.svg, and summary.html rendered from the Markdown by cmark-gfm (tables, safe
 * mode). The conditions (machine, PostgreSQL version, scale, duration) are always recorded.
 * Schema: docs/labs.md. */
#ifndef PK_LAB_REPORT_H
#define PK_LAB_REPORT_H

#include <stdbool.h>

#include "common/strbuf.h"
#include "lab/runner.h"

void lab_report_json(const LabRunReport *rep, StrBuf *out);
void lab_report_markdown(const LabRunReport *rep, StrBuf *out);
void lab_report_svg(const LabRunReport *rep, StrBuf *out);
/* A complete HTML document from Markdown, via cmark-gfm with the table extension in safe mode
 * (raw HTML and javascript: links from untrusted text are not passed through). Caller frees. */
char *lab_report_html(const char *markdown, const char *title);

/* Writes the four files into `dir` (created if missing). false with *errmsg. */
bool lab_report_write(const LabRunReport *rep, const char *dir, char **errmsg);

/* The stage a stage is compared with (the series' baseline, or its lab's baseline run); NULL
 * when it is itself a baseline or none ran. */
const StageResult *lab_report_baseline_of(const LabRunReport *rep, const StageResult *stage);

#endif
