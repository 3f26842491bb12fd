#include "lab/svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#define WIDTH 960
#define MARGIN_L 70
#define MARGIN_R 200
#define PANEL_H 300
#define BARS_TOP 60
#define LINES_TOP (BARS_TOP + PANEL_H + 110)
#define HEIGHT (LINES_TOP + PANEL_H + 60)

static const char *const palette[] = {
    "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
    "#a6761d", "#666666", "#1f78b4", "#b2df8a", "#fb9a99", "#cab2d6",
};
#define PALETTE_N (sizeof(palette) / sizeof(palette[0]))

/* The log-scale axis: decades from 10^lo to 10^hi. */
typedef struct LogAxis {
    int lo, hi;
    double top, height;
} LogAxis;

static double axis_y(const LogAxis *axis, double value)
{
    double floor_value = pow(10, axis->lo);
    double v = value < floor_value ? floor_value : value;
    double frac = (log10(v) - axis->lo) / (double)(axis->hi - axis->lo);
    return axis->top + axis->height * (1 - frac);
}

static void axis_range(const SvgSeries *series, int n, LogAxis *axis)
{
    double lo = 1e300, hi = 0;
    for (int idx = 0; idx < n; idx++) {
        double value = series[idx].tps > 0 ? series[idx].tps : series[idx].upper_bound;
        if (value <= 0)
            continue;
        if (value < lo)
            lo = value;
        if (value > hi)
            hi = value;
        for (int sec = 0; sec < series[idx].n_seconds; sec++)
            if (series[idx].per_second[sec] > hi)
                hi = series[idx].per_second[sec];
    }
    if (hi <= 0) {
        lo = 0.1;
        hi = 10;
    }
    /* Leave room below the smallest value, so a bar of 1.02 is visible and a second with
     * nothing completed (drawn at the bottom) is not confused with one transaction. */
    axis->lo = (int)floor(log10(lo * 0.5));
    axis->hi = (int)ceil(log10(hi * 2)); /* headroom for the value labels */
    if (axis->hi <= axis->lo)
        axis->hi = axis->lo + 1;
}

static void draw_axis(StrBuf *out, const LogAxis *axis, double x0, double x1, const char *label)
{
    for (int decade = axis->lo; decade <= axis->hi; decade++) {
        double y = axis_y(axis, pow(10, decade));
        sb_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                  x0, y, x1, y);
        if (decade >= 0)
            sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n",
                      x0 - 6, y + 4, pow(10, decade));
        else
            sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", x0 - 6,
                      y + 4, pow(10, decade));
    }
    sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" transform=\"rotate(-90 %.1f %.1f)\" "
                   "text-anchor=\"middle\">", 18.0, axis->top + axis->height / 2, 18.0,
              axis->top + axis->height / 2);
    sb_put_xml(out, label);
    sb_put(out, "</text>\n");
}

static void draw_bars(const SvgSeries *series, int n, StrBuf *out)
{
    LogAxis axis = {0, 0, BARS_TOP, PANEL_H};
    axis_range(series, n, &axis);
    double x0 = MARGIN_L, x1 = WIDTH - MARGIN_R;
    draw_axis(out, &axis, x0, x1, "transactions per second (log scale)");
    double slot = (x1 - x0) / (n > 0 ? n : 1);
    double base_y = axis_y(&axis, pow(10, axis.lo));
    for (int idx = 0; idx < n; idx++) {
        const SvgSeries *s = &series[idx];
        bool none = s->tps <= 0;
        double value = none ? s->upper_bound : s->tps;
        double y = axis_y(&axis, value);
        double x = x0 + slot * idx + slot * 0.15;
        sb_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s/>\n",
                  x, y, slot * 0.7, base_y - y > 0 ? base_y - y : 0, palette[idx % PALETTE_N],
                  none ? " fill-opacity=\"0.25\" stroke=\"#333\" stroke-dasharray=\"4 3\"" : "");
        sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x + slot * 0.35,
                  y - 6);
        sb_put_xml(out, s->tps_text);
        sb_put(out, "</text>\n");
        sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                       "transform=\"rotate(-30 %.1f %.1f)\">", x + slot * 0.35, base_y + 16,
                  x + slot * 0.35, base_y + 16);
        sb_put_xml(out, s->label);
        sb_put(out, "</text>\n");
    }
}

static void draw_lines(const SvgSeries *series, int n, StrBuf *out)
{
    LogAxis axis = {0, 0, LINES_TOP, PANEL_H};
    axis_range(series, n, &axis);
    double x0 = MARGIN_L, x1 = WIDTH - MARGIN_R;
    draw_axis(out, &axis, x0, x1, "transactions per second (log scale)");
    int max_seconds = 1;
    for (int idx = 0; idx < n; idx++)
        if (series[idx].n_seconds > max_seconds)
            max_seconds = series[idx].n_seconds;
    double base_y = axis_y(&axis, pow(10, axis.lo));
    sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">second of the measured "
                   "interval (0 at the bottom: nothing completed that second)</text>\n",
              (x0 + x1) / 2, base_y + 34);
    for (int sec = 0; sec <= max_seconds; sec += max_seconds > 20 ? 10 : 2)
        sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n",
                  x0 + (x1 - x0) * sec / max_seconds, base_y + 16, sec);
    for (int idx = 0; idx < n; idx++) {
        const SvgSeries *s = &series[idx];
        if (s->n_seconds <= 0)
            continue;
        sb_printf(out, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\" points=\"",
                  palette[idx % PALETTE_N]);
        for (int sec = 0; sec < s->n_seconds; sec++)
            sb_printf(out, "%s%.1f,%.1f", sec ? " " : "",
                      x0 + (x1 - x0) * (sec + 0.5) / max_seconds,
                      s->per_second[sec] ? axis_y(&axis, s->per_second[sec]) : base_y);
        sb_put(out, "\"/>\n");
        double ly = LINES_TOP + 14 + 18 * idx;
        sb_printf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
                  WIDTH - MARGIN_R + 14, ly - 10, palette[idx % PALETTE_N]);
        sb_printf(out, "<text x=\"%d\" y=\"%.1f\">", WIDTH - MARGIN_R + 32, ly);
        sb_put_xml(out, s->label);
        sb_put(out, "</text>\n");
    }
}

void svg_chart(const SvgSeries *series, int n, const char *title, StrBuf *out)
{
    sb_printf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
              WIDTH, HEIGHT, WIDTH, HEIGHT);
    sb_put(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    sb_printf(out, "<text x=\"%d\" y=\"28\" font-size=\"16\" font-weight=\"bold\">", MARGIN_L);
    sb_put_xml(out, title);
    sb_put(out, "</text>\n");
    sb_printf(out, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">TPS per stage (dashed: no "
                   "transaction completed; the bar shows the upper bound)</text>\n",
              MARGIN_L, BARS_TOP - 12);
    draw_bars(series, n, out);
    sb_printf(out, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">TPS over time, per "
                   "stage</text>\n", MARGIN_L, LINES_TOP - 12);
    draw_lines(series, n, out);
    sb_put(out, "</svg>\n");
}
