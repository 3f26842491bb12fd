#include "report/lab_tune_report.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/xalloc.h"
#include "report/lab_report.h"

/* TPS of the candidate over the best's (> 1: faster), and its interval, from the "× slower"
 * ratio the A/B computes. */
static double speedup(double slower)
{
    return slower > 0 ? 1 / slower : 0;
}

char *lab_tune_verdict(const TuneReport *rep)
{
    const TuneCandidate *c = &rep->confirm;
    if (rep->confirmed)
        return xasprintf("confirmed: %.3g× faster than the start (95%% CI %.3g–%.3g, "
                         "beyond the 5%% floor)",
                         speedup(c->slower), speedup(c->high), speedup(c->low));
    size_t accepted = 0;
    for (size_t idx = 0; idx < rep->n; idx++)
        accepted += rep->cands[idx].accepted;
    if (accepted == 0)
        return xasprintf("no measurable improvement found (%zu candidate%s tried, none faster "
                         "beyond the 5%% floor)",
                         rep->n, rep->n == 1 ? "" : "s");
    if (!c->ran)
        return xstrdup("no measurable improvement found (a candidate was faster, but the "
                       "budget left no time to confirm it against the start)");
    return xasprintf("no measurable improvement found (the best candidate did not hold against "
                     "the start in the confirmation: 95%% CI %.3g–%.3g)",
                     speedup(c->high), speedup(c->low));
}

static json_t *json_candidate(const TuneCandidate *c)
{
    json_t *obj = json_object();
    pk_json_set(obj, "knob", pk_json_str(c->knob));
    pk_json_set(obj, "from", pk_json_str(c->from));
    pk_json_set(obj, "value", pk_json_str(c->value));
    pk_json_set(obj, "source", pk_json_str(c->source));
    pk_json_set(obj, "ran", pk_json_bool(c->ran));
    pk_json_set(obj, "speedup", c->have_ratio ? pk_json_number(speedup(c->slower)) : json_null());
    pk_json_set(obj, "ci95_low", c->have_ratio ? pk_json_number(speedup(c->high)) : json_null());
    pk_json_set(obj, "ci95_high", c->have_ratio ? pk_json_number(speedup(c->low)) : json_null());
    pk_json_set(obj, "beyond_floor", pk_json_bool(c->beyond_floor));
    pk_json_set(obj, "accepted", pk_json_bool(c->accepted));
    pk_json_set(obj, "tps", pk_json_number(c->tps));
    pk_json_set(obj, "tps_best_before", pk_json_number(c->tps_base));
    pk_json_set(obj, "seconds", pk_json_number(c->seconds));
    pk_json_set(obj, "report", pk_json_str(c->dir));
    pk_json_set(obj, "error", pk_json_str(c->error));
    return obj;
}

static json_t *json_settings(const LabSettings *set)
{
    json_t *obj = json_object();
    for (size_t idx = 0; idx < set->n; idx++)
        pk_json_set(obj, set->items[idx].name, pk_json_str(set->items[idx].value));
    return obj;
}

void lab_tune_json(const TuneReport *rep, StrBuf *out)
{
    json_t *doc = json_object();
    pk_json_set(doc, "report", pk_json_str("lab-tune"));
    pk_json_set(doc, "config", pk_json_str(rep->config));
    pk_json_set(doc, "workload", pk_json_str(rep->workload));
    pk_json_set(doc, "server_version", pk_json_str(rep->server_version));
    json_t *knobs = json_array();
    for (size_t idx = 0; idx < rep->n_knobs; idx++)
        json_array_append_new(knobs, pk_json_str(rep->knobs[idx]));
    pk_json_set(doc, "knobs", knobs);
    pk_json_set(doc, "knobs_from_lint", pk_json_bool(rep->knobs_from_lint));
    pk_json_set(doc, "budget_s", pk_json_number(rep->budget_s));
    pk_json_set(doc, "spent_s", pk_json_number(rep->spent_s));
    pk_json_set(doc, "trials", json_integer(rep->trials));
    pk_json_set(doc, "floor", pk_json_number(LAB_RATIO_FLOOR));
    pk_json_set(doc, "stopped", pk_json_str(rep->stopped));
    json_t *cands = json_array();
    for (size_t idx = 0; idx < rep->n; idx++)
        json_array_append_new(cands, json_candidate(&rep->cands[idx]));
    pk_json_set(doc, "candidates", cands);
    pk_json_set(doc, "confirmation",
                rep->confirm.knob ? json_candidate(&rep->confirm) : json_null());
    pk_json_set(doc, "confirmed", pk_json_bool(rep->confirmed));
    char *verdict = lab_tune_verdict(rep);
    pk_json_set(doc, "verdict", pk_json_str(verdict));
    free(verdict);
    pk_json_set(doc, "start", json_settings(&rep->start));
    /* only a confirmed configuration is ever reported as the best */
    pk_json_set(doc, "best", rep->confirmed ? json_settings(&rep->best) : json_null());
    pk_json_dump(out, doc, JSON_INDENT(2) | PK_JSON_LINE);
}

static void md_row(StrBuf *out, size_t num, const TuneCandidate *c)
{
    sb_printf(out, "| %zu | `%s` | %s → %s | %s | ", num, c->knob, c->from, c->value, c->source);
    if (c->have_ratio)
        sb_printf(out, "%.3g× | %.3g–%.3g | %s |\n", speedup(c->slower), speedup(c->high),
                  speedup(c->low),
                  c->accepted ? "**accepted**"
                              : (c->beyond_floor ? "slower beyond the floor" : "within the floor"));
    else if (c->error) {
        sb_put(out, "– | – | failed: ");
        sb_put_md(out, c->error);
        sb_put(out, " |\n");
    } else
        sb_printf(out, "– | – | %s |\n", c->ran ? "no interval" : "not measured");
}

void lab_tune_markdown(const TuneReport *rep, StrBuf *out)
{
    char *verdict = lab_tune_verdict(rep);
    sb_printf(out, "# lab tune: %s\n\n**Verdict: %s.**\n\n", rep->config, verdict);
    free(verdict);
    sb_printf(out,
              "**Conditions.** Workload: %s; PostgreSQL %s on throwaway clusters (never an "
              "existing server); %d interleaved trials per candidate, %d in the confirmation; "
              "budget %.0f s, spent %.0f s; the search stopped because %s.\n\n",
              rep->workload, rep->server_version ? rep->server_version : "?", rep->trials, 5,
              rep->budget_s, rep->spent_s, rep->stopped ? rep->stopped : "it was interrupted");
    sb_put(out, "**How it searches.** One knob at a time (coordinate descent): each candidate "
                "value (lint's fix for that knob, then the current value × 4 and ÷ 4) is "
                "compared with the best so far by `lab ab`; it is accepted only when the 95% "
                "interval of its TPS ratio lies wholly beyond the 5% floor. The accepted changes "
                "are then measured together against the start once more: the result is reported "
                "only if it holds there too.\n\n");
    sb_put(out, "Knobs searched");
    sb_put(out, rep->knobs_from_lint ? " (those lint's fixes change on the start): " : ": ");
    for (size_t idx = 0; idx < rep->n_knobs; idx++)
        sb_printf(out, "%s`%s`", idx ? ", " : "", rep->knobs[idx]);
    sb_put(out, ".\n\n| # | knob | change | from | TPS vs best | 95% CI | outcome |\n"
                "|---|---|---|---|---|---|---|\n");
    for (size_t idx = 0; idx < rep->n; idx++)
        md_row(out, idx + 1, &rep->cands[idx]);
    if (rep->confirm.knob) {
        sb_put(out, "\n**Confirmation** (the best against the start):\n\n"
                    "| # | knob | change | from | TPS vs start | 95% CI | outcome |\n"
                    "|---|---|---|---|---|---|---|\n");
        md_row(out, rep->n + 1, &rep->confirm);
    }
    sb_put(out, "\n![the search](chart.svg)\n\nEach comparison's own report is in its "
                "directory (the `lab ab` summary). `tuned.conf` holds ");
    sb_put(out, rep->confirmed ? "the confirmed configuration.\n"
                               : "the starting settings, unchanged.\n");
}

/* y position of a speedup on the chart's log axis (0.25× … 4×). */
static double chart_y(double value)
{
    double lo = log(0.25), hi = log(4.0);
    double v = value > 0 ? log(value) : lo;
    if (v < lo)
        v = lo;
    if (v > hi)
        v = hi;
    return 40 + (hi - v) / (hi - lo) * 260;
}

void lab_tune_svg(const TuneReport *rep, StrBuf *out)
{
    size_t n = rep->n + (rep->confirm.knob ? 1 : 0);
    double width = 120 + (double)(n ? n : 1) * 40;
    sb_printf(out,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"360\" "
              "font-family=\"sans-serif\" font-size=\"11\">\n"
              "<title>lab tune: each candidate's TPS over the best so far</title>\n"
              "<text x=\"10\" y=\"20\" font-size=\"13\">Each candidate's TPS over the best so "
              "far (log axis, 95%% interval; grey band: the 5%% floor)</text>\n",
              width);
    sb_printf(out, "<rect x=\"60\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"#eee\"/>\n",
              chart_y(LAB_RATIO_FLOOR), width - 80,
              chart_y(1 / LAB_RATIO_FLOOR) - chart_y(LAB_RATIO_FLOOR));
    static const double ticks[] = {0.25, 0.5, 1, 2, 4};
    for (size_t idx = 0; idx < sizeof(ticks) / sizeof(ticks[0]); idx++)
        sb_printf(out,
                  "<line x1=\"60\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ccc\"/>"
                  "<text x=\"55\" y=\"%.1f\" text-anchor=\"end\">%g×</text>\n",
                  width - 20, chart_y(ticks[idx]), chart_y(ticks[idx]), chart_y(ticks[idx]) + 4,
                  ticks[idx]);
    for (size_t idx = 0; idx < n; idx++) {
        const TuneCandidate *c = idx < rep->n ? &rep->cands[idx] : &rep->confirm;
        double x = 80 + (double)idx * 40;
        bool confirm = idx >= rep->n;
        const char *colour =
            confirm ? (rep->confirmed ? "#1a7f37" : "#cf222e") : (c->accepted ? "#1a7f37" : "#777");
        sb_printf(out, "<text x=\"%.0f\" y=\"320\" text-anchor=\"middle\">%s</text>\n", x,
                  confirm ? "conf." : "");
        if (!confirm)
            sb_printf(out, "<text x=\"%.0f\" y=\"320\" text-anchor=\"middle\">%zu</text>\n", x,
                      idx + 1);
        if (!c->have_ratio)
            continue;
        sb_printf(out,
                  "<g><title>%zu %s: %s → %s: %.3g× (%.3g–%.3g)</title>"
                  "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                  "<circle cx=\"%.0f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"/></g>\n",
                  idx + 1, c->knob, c->from, c->value, speedup(c->slower), speedup(c->high),
                  speedup(c->low), x, x, chart_y(speedup(c->high)), chart_y(speedup(c->low)),
                  colour, x, chart_y(speedup(c->slower)), colour);
    }
    sb_put(out, "<text x=\"60\" y=\"345\">green: accepted (or confirmed); grey: not faster "
                "beyond the floor; red: not confirmed</text>\n</svg>\n");
}

bool lab_tune_report_write(const TuneReport *rep, const char *dir, PkDiag *diag)
{
    StrBuf json = STRBUF_INIT, md = STRBUF_INIT, svg = STRBUF_INIT;
    lab_tune_json(rep, &json);
    lab_tune_markdown(rep, &md);
    lab_tune_svg(rep, &svg);
    bool ok = lab_report_write_file(dir, "tune.json", sb_str(&json), diag) &&
              lab_report_write_file(dir, "tune.md", sb_str(&md), diag) &&
              lab_report_write_file(dir, "chart.svg", sb_str(&svg), diag);
    sb_free(&json);
    sb_free(&md);
    sb_free(&svg);
    return ok;
}
