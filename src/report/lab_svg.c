#include "report/lab_svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xalloc.h"

/* reports/style.css: --fg, --muted, --line, the link colour, and the page's font. */
#define FG "#1d2329"
#define MUTED "#5b6570"
#define LINE "#d6dbe0"
#define ACCENT "#0b5cad"
#define FONT "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

#define WIDTH 960
#define PLOT_L 90
#define PLOT_R (WIDTH - 30)
#define PLOT_TOP 80
#define PLOT_H 260
#define PLOT_BOTTOM (PLOT_TOP + PLOT_H)
#define SERIES_TOP (PLOT_BOTTOM + 130)
#define PANEL_H 110
#define PANEL_GAP 56
#define COLUMNS 3

/* Within this factor of each other, stages share a linear axis from 0 (bars); beyond it the
 * small ones would be invisible, and they go on a log axis (dots). */
#define LINEAR_MAX_SPREAD 20

typedef struct Axis {
    bool log;
    double lo, hi; /* linear: 0 .. hi; log: decades lo .. hi (exponents) */
} Axis;

static double axis_y(const Axis *axis, double value)
{
    double frac;
    if (axis->log) {
        double v = value > pow(10, axis->lo) ? value : pow(10, axis->lo);
        frac = (log10(v) - axis->lo) / (axis->hi - axis->lo);
    } else {
        frac = value / axis->hi;
    }
    if (frac < 0)
        frac = 0;
    return PLOT_BOTTOM - PLOT_H * frac;
}

/* The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k) at or above v: an axis
 * that ends close to the data. */
static double nice_ceil(double v)
{
    if (v <= 0)
        return 1;
    double base = pow(10, floor(log10(v)));
    static const double steps[] = {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
    for (size_t idx = 0; idx < sizeof(steps) / sizeof(steps[0]); idx++)
        if (steps[idx] * base >= v * (1 - 1e-9))
            return steps[idx] * base;
    return 10 * base;
}

static double shown_value(const SvgSeries *s)
{
    return s->tps > 0 ? s->tps : s->upper_bound;
}

static void choose_axis(const SvgSeries *series, int n, Axis *axis)
{
    double lo = INFINITY, hi = 0;
    bool zero = false;
    for (int idx = 0; idx < n; idx++) {
        double v = shown_value(&series[idx]);
        double top = series[idx].high > v ? series[idx].high : v;
        double bottom = series[idx].low > 0 && series[idx].low < v ? series[idx].low : v;
        zero = zero || series[idx].tps <= 0;
        if (bottom > 0 && bottom < lo)
            lo = bottom;
        if (top > hi)
            hi = top;
    }
    if (hi <= 0)
        hi = lo = 1;
    axis->log = zero || hi / lo > LINEAR_MAX_SPREAD;
    if (axis->log) {
        axis->lo = floor(log10(lo * 0.5));
        axis->hi = ceil(log10(hi * 2)); /* room for the value labels */
        if (axis->hi <= axis->lo)
            axis->hi = axis->lo + 1;
    } else {
        axis->lo = 0;
        axis->hi = nice_ceil(hi * 1.12);
    }
}

static void put_text(StrBuf *out, double x, double y, const char *anchor, const char *attrs,
                     const char *text)
{
    sb_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s%s>", x, y, anchor,
              attrs ? " " : "", attrs ? attrs : "");
    sb_put_xml(out, text);
    sb_put(out, "</text>\n");
}

static void put_grid(StrBuf *out, const Axis *axis)
{
    char label[32];
    if (axis->log) {
        for (int dec = (int)axis->lo; dec <= (int)axis->hi; dec++) {
            double y = axis_y(axis, pow(10, dec));
            sb_printf(out,
                      "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"" LINE "\"/>\n",
                      PLOT_L, y, PLOT_R, y);
            snprintf(label, sizeof(label), "%g", pow(10, dec));
            put_text(out, PLOT_L - 8, y + 4, "end", NULL, label);
        }
    } else {
        for (int tick = 0; tick <= 5; tick++) {
            double value = axis->hi * tick / 5;
            double y = axis_y(axis, value);
            sb_printf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
                      PLOT_L, y, PLOT_R, y, tick ? LINE : MUTED);
            snprintf(label, sizeof(label), "%g", value);
            put_text(out, PLOT_L - 8, y + 4, "end", NULL, label);
        }
    }
    char *title = xasprintf("TPS (%s)", axis->log ? "log axis" : "linear axis from 0");
    sb_printf(out,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
              "transform=\"rotate(-90 %d %d)\">%s</text>\n",
              24, PLOT_TOP + PLOT_H / 2, 24, PLOT_TOP + PLOT_H / 2, title);
    free(title);
}

/* One stage in the summary panel: its bar or dot, whisker, bound marker and labels. Sets
 * *whisker / *bound when it drew one (for the legend). */
static void put_stage(StrBuf *out, const Axis *axis, const SvgSeries *s, double cx, double slot,
                      bool *whisker, bool *bound)
{
    double y = axis_y(axis, shown_value(s));
    if (s->tps <= 0) {
        /* nothing completed: a hollow triangle pointing down from the upper bound */
        sb_printf(out,
                  "<path class=\"bound\" data-value=\"%g\" d=\"M%.1f %.1f l12 0 l-6 10 z\" "
                  "fill=\"none\" stroke=\"" ACCENT "\" stroke-width=\"1.5\"/>\n",
                  s->upper_bound, cx - 6, y);
        *bound = true;
    } else if (axis->log) {
        sb_printf(out,
                  "<circle class=\"dot\" data-value=\"%g\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\" "
                  "fill=\"" ACCENT "\"/>\n",
                  s->tps, cx, y);
    } else {
        double w = slot * 0.5;
        sb_printf(out,
                  "<rect class=\"bar\" data-value=\"%g\" x=\"%.1f\" y=\"%.1f\" "
                  "width=\"%.1f\" height=\"%.1f\" fill=\"" ACCENT "\" "
                  "fill-opacity=\"0.85\"/>\n",
                  s->tps, cx - w / 2, y, w, PLOT_BOTTOM - y);
    }
    double ylo = s->low > 0 ? axis_y(axis, s->low) : 0,
           yhi = s->high > 0 ? axis_y(axis, s->high) : 0;
    /* A spread under a pixel cannot be drawn (its ends would coincide): the table still gives it.
     */
    if (s->low > 0 && s->high > 0 && s->high > s->low && ylo - yhi >= 1.0) {
        sb_printf(out,
                  "<g class=\"whisker\" data-low=\"%g\" data-high=\"%g\" stroke=\"" FG "\" "
                  "stroke-width=\"1.5\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                  "y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/></g>\n",
                  s->low, s->high, cx, ylo, cx, yhi, cx - 6, ylo, cx + 6, ylo, cx - 6, yhi, cx + 6,
                  yhi);
        *whisker = true;
        if (yhi < y)
            y = yhi;
    }
    put_text(out, cx, y - 10, "middle", "fill=\"" FG "\"", s->tps_text ? s->tps_text : "");
    char *rot = xasprintf("transform=\"rotate(-30 %.1f %d)\"", cx, PLOT_BOTTOM + 16);
    put_text(out, cx, PLOT_BOTTOM + 16, "end", rot, s->label);
    free(rot);
}

/* The legend: only the marks that were drawn. */
static void put_legend(StrBuf *out, const Axis *axis, int trials, bool whisker, bool bound)
{
    double x = PLOT_L;
    const double y = 52;
    char text[128];
    if (axis->log)
        sb_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"" ACCENT "\"/>\n", x + 6,
                  y - 4);
    else
        sb_printf(out,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"" ACCENT
                  "\" fill-opacity=\"0.85\"/>\n",
                  x, y - 10);
    if (trials > 1)
        snprintf(text, sizeof(text), "median TPS of %d trials", trials);
    else
        snprintf(text, sizeof(text), "TPS of the measured interval");
    put_text(out, x + 18, y, "start", NULL, text);
    x += 230;
    if (whisker) {
        sb_printf(out,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" FG
                  "\" stroke-width=\"1.5\"/>\n",
                  x + 6, y - 11, x + 6, y + 2);
        put_text(out, x + 18, y, "start", NULL, "whisker: lowest to highest trial");
        x += 250;
    }
    if (bound) {
        sb_printf(out,
                  "<path d=\"M%.1f %.1f l12 0 l-6 10 z\" fill=\"none\" stroke=\"" ACCENT
                  "\" stroke-width=\"1.5\"/>\n",
                  x, y - 10);
        put_text(out, x + 18, y, "start", NULL, "nothing completed: below 1 per measured interval");
    }
}

/* Small multiples: each stage's transactions per second on its own linear axis from 0. */
static void put_series_panel(StrBuf *out, const SvgSeries *s, double x0, double y0, double w)
{
    uint32_t max = 0;
    for (int sec = 0; sec < s->n_seconds; sec++)
        if (s->per_second[sec] > max)
            max = s->per_second[sec];
    double top = nice_ceil(max > 0 ? max : 1);
    char label[48];
    put_text(out, x0, y0 - 8, "start", "font-weight=\"600\"", s->label);
    sb_printf(out,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"none\" "
              "stroke=\"" LINE "\"/>\n",
              x0, y0, w, PANEL_H);
    snprintf(label, sizeof(label), "%g", top);
    put_text(out, x0 - 4, y0 + 10, "end", "font-size=\"11\"", label);
    put_text(out, x0 - 4, y0 + PANEL_H, "end", "font-size=\"11\"", "0");
    snprintf(label, sizeof(label), "%d s", s->n_seconds);
    put_text(out, x0 + w, y0 + PANEL_H + 14, "end", "font-size=\"11\"", label);
    if (s->n_seconds == 0) {
        put_text(out, x0 + w / 2, y0 + PANEL_H / 2.0, "middle", "fill=\"" MUTED "\"", "no data");
        return;
    }
    sb_printf(out, "<polyline class=\"series\" fill=\"none\" stroke=\"" ACCENT "\" "
                   "stroke-width=\"1.5\" points=\"");
    for (int sec = 0; sec < s->n_seconds; sec++) {
        double x = x0 + (s->n_seconds > 1 ? w * sec / (s->n_seconds - 1) : w / 2);
        double y = y0 + PANEL_H - PANEL_H * (double)s->per_second[sec] / top;
        sb_printf(out, "%s%.1f,%.1f", sec ? " " : "", x, y);
    }
    sb_put(out, "\"/>\n");
}

/* The title on one line of the chart: a long one (paths) is cut at a character boundary. */
#define TITLE_MAX_BYTES 84
static void put_title(StrBuf *out, const char *title)
{
    size_t len = strlen(title);
    char *cut = NULL;
    if (len > TITLE_MAX_BYTES) {
        len = TITLE_MAX_BYTES;
        while (len > 0 && ((unsigned char)title[len] & 0xC0) == 0x80)
            len--; /* not inside a UTF-8 sequence */
        cut = xasprintf("%.*s…", (int)len, title);
    }
    put_text(out, PLOT_L, 26, "start", "font-size=\"17\" font-weight=\"600\"", cut ? cut : title);
    free(cut);
}

void svg_chart(const SvgSeries *series, int n, const char *title, int trials, StrBuf *out)
{
    int rows = n > 0 ? (n + COLUMNS - 1) / COLUMNS : 0;
    int height = SERIES_TOP + rows * (PANEL_H + PANEL_GAP) + 20;
    sb_printf(out,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
              "viewBox=\"0 0 %d %d\" font-family=\"%s\" font-size=\"13\" fill=\"" FG "\">\n",
              WIDTH, height, WIDTH, height, FONT);
    sb_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", WIDTH, height);
    put_title(out, title);
    Axis axis;
    choose_axis(series, n, &axis);
    sb_printf(out, "<g class=\"summary\" data-axis=\"%s\">\n", axis.log ? "log" : "linear");
    put_grid(out, &axis);
    bool whisker = false, bound = false;
    double slot = n > 0 ? (double)(PLOT_R - PLOT_L) / n : 0;
    for (int idx = 0; idx < n; idx++)
        put_stage(out, &axis, &series[idx], PLOT_L + slot * (idx + 0.5), slot, &whisker, &bound);
    sb_put(out, "</g>\n");
    put_legend(out, &axis, trials, whisker, bound);
    put_text(out, PLOT_L, SERIES_TOP - 34, "start", "font-size=\"15\" font-weight=\"600\"",
             trials > 1 ? "Transactions completed per second (the median trial)"
                        : "Transactions completed per second");
    put_text(out, PLOT_L, SERIES_TOP - 16, "start", "fill=\"" MUTED "\"",
             "Each stage on its own linear axis from 0: compare shapes, not heights.");
    double pw = (double)(PLOT_R - PLOT_L - (COLUMNS - 1) * 40) / COLUMNS;
    for (int idx = 0; idx < n; idx++) {
        int col = idx % COLUMNS, row = idx / COLUMNS;
        put_series_panel(out, &series[idx], PLOT_L + col * (pw + 40),
                         SERIES_TOP + 16 + row * (PANEL_H + PANEL_GAP), pw);
    }
    sb_put(out, "</svg>\n");
}
