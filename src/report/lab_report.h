/* Rendering a lab run (lab/ builds the data, LabRunReport): summary.json (jansson: one record
 * per stage with settings, TPS, trials and the "× slower" interval, latency percentiles,
 * statistics deltas, wait events, findings), summary.md (the table and one section per stage
 * with the why), chart.svg (report/lab_svg.c), and summary.html through the one Markdown → HTML
 * pipeline and stylesheet of every pgknob report (report_html_page). The conditions (machine,
 * PostgreSQL version, scale, duration) are always recorded. Schema: docs/labs.md. */
#ifndef PK_REPORT_LAB_REPORT_H
#define PK_REPORT_LAB_REPORT_H

#include <stdbool.h>

#include "common/diag.h"
#include "common/strbuf.h"
#include "lab/runner.h"

void lab_report_json(const LabRunReport *rep, StrBuf *out);
void lab_report_markdown(const LabRunReport *rep, StrBuf *out);
void lab_report_svg(const LabRunReport *rep, StrBuf *out);

/* `lab ab`'s verdict in one line: "no measurable difference: …" when the 95% interval of the
 * ratio contains 1, else "A is 3.2× slower than B, significant (95% CI …)". NULL when the
 * report is not of `lab ab`. Caller frees. */
char *lab_report_ab_verdict(const LabRunReport *rep);

/* A ratio as the reports print it: "134", "1.32" (3 significant digits, no exponent). Caller
 * frees. */
char *lab_report_format_ratio(double value);

/* Writes the four files into `dir` (created if missing). false with *diag. */
bool lab_report_write(const LabRunReport *rep, const char *dir, PkDiag *diag);
/* Writes DIR/NAME through the reports' one redaction path (control bytes shown, but in JSON). */
bool lab_report_write_file(const char *dir, const char *name, const char *text, PkDiag *diag);

#endif
