/* The report of `pgknob lab tune`: tune.md, tune.json and chart.svg (the search: every
 * candidate's TPS against the best so far, with its 95% interval and the 5% floor). */
#ifndef PK_REPORT_LAB_TUNE_REPORT_H
#define PK_REPORT_LAB_TUNE_REPORT_H

#include "common/strbuf.h"
#include "lab/tune.h"

/* The one-line outcome: "confirmed: 2.1× faster than the start (95% CI …)" or "no measurable
 * improvement found (…)". Caller frees. */
char *lab_tune_verdict(const TuneReport *rep);
void lab_tune_json(const TuneReport *rep, StrBuf *out);
void lab_tune_markdown(const TuneReport *rep, StrBuf *out);
void lab_tune_svg(const TuneReport *rep, StrBuf *out);
bool lab_tune_report_write(const TuneReport *rep, const char *dir, PkDiag *diag);

#endif
