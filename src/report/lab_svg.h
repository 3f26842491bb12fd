/* The lab report's chart, drawn as plain SVG text in the style of the HTML reports
 * (reports/style.css: its fonts and colours). Honest by construction:
 * - TPS per stage: bars on a linear axis from 0 when the stages are within a factor of 20 of
 *   each other; otherwise dots on a logarithmic axis (a log-scaled bar's length means
 *   nothing). Whiskers span the trials' minimum to maximum; a stage in which nothing completed
 *   is a hollow marker at its upper bound (1 per measured interval).
 * - TPS over time: one small panel per stage, each on its own linear axis from 0.
 * - The legend lists only what is drawn.
 * Elements carry classes and data-value attributes (bar, dot, whisker, bound) so that the test
 * can check the rendered geometry. No scripts, no external resources: well-formed XML. */
#ifndef PK_REPORT_LAB_SVG_H
#define PK_REPORT_LAB_SVG_H

#include <stdint.h>

#include "common/strbuf.h"

typedef struct SvgSeries {
    const char *label;          /* stage id */
    double tps;                 /* the median (or only) measurement; 0 when nothing completed */
    double low, high;           /* min and max of the trials; < 0 with a single measurement */
    double upper_bound;         /* when tps is 0: 1 / measured seconds ("< 1 per D") */
    const uint32_t *per_second; /* the median trial's completed transactions per second */
    int n_seconds;
    const char *tps_text; /* as the table shows it */
} SvgSeries;

/* `trials`: measurements per stage (for the legend). */
void svg_chart(const SvgSeries *series, int n, const char *title, int trials, StrBuf *out);

#endif
