/* The lab report's chart, drawn as plain SVG text: TPS per stage as bars on a logarithmic scale,
 * and TPS over time for each stage as lines on the same kind of scale (stages differ by orders
 * of magnitude). No scripts, no external resources: the file is well-formed XML. */
#ifndef PK_LAB_SVG_H
#define PK_LAB_SVG_H

#include <stdint.h>

#include "common/strbuf.h"

typedef struct SvgSeries {
    const char *label;        /* stage id */
    double tps;               /* measured; 0 when nothing completed */
    double upper_bound;       /* when tps is 0: 1 / measured seconds ("< 1 per D") */
    const uint32_t *per_second;
    int n_seconds;
    const char *tps_text;     /* as the table shows it */
} SvgSeries;

void svg_chart(const SvgSeries *series, int n, const char *title, StrBuf *out);

#endif
