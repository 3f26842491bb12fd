#include "report/lab_mechanism.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/xalloc.h"

static json_t *jnum(double value)
{
    return value < 0 ? json_null() : pk_json_number(value);
}

/* How a counter moved from the stage before: "up", "down", "same"; NULL when either is
 * unknown. Every stage of the article makes its counter go up. */
static const char *moved(double value, double before)
{
    if (value < 0 || before < 0)
        return NULL;
    return value > before ? "up" : value < before ? "down" : "same";
}

static json_t *json_proves(const StageResult *stage, const double *now, const double *then,
                           const StageResult *before)
{
    json_t *arr = json_array();
    for (int idx = 0; idx < COUNTER_N; idx++) {
        if (!stage->lab || !(stage->lab->mechanism & LAB_COUNTER_BIT(idx)))
            continue;
        const char *dir = before ? moved(now[idx], then[idx]) : NULL;
        json_t *obj = json_object();
        json_object_set_new(obj, "counter", json_string(lab_counter_key((LabCounter)idx)));
        json_object_set_new(obj, "label", json_string(lab_counter_label((LabCounter)idx)));
        json_object_set_new(obj, "value", jnum(now[idx]));
        json_object_set_new(obj, "before_stage", pk_json_str(before ? before->id : NULL));
        json_object_set_new(obj, "before", jnum(before ? then[idx] : -1));
        json_object_set_new(obj, "ratio",
                            before && then[idx] > 0 && now[idx] >= 0
                                ? pk_json_number(now[idx] / then[idx])
                                : json_null());
        json_object_set_new(obj, "moved", pk_json_str(dir));
        json_object_set_new(obj, "expected", json_string("up"));
        json_object_set_new(obj, "as_expected",
                            dir ? json_boolean(!strcmp(dir, "up")) : json_null());
        json_array_append_new(arr, obj);
    }
    return arr;
}

static json_t *json_step(const StageResult *stage, const StageResult *before)
{
    LabRatio step;
    bool lower = false;
    double factor = before ? lab_slower_factor(before, stage, &lower) : -1;
    if (factor < 0)
        return json_null();
    json_t *obj = json_pack("{s:s, s:o}", "before_stage", before->id, "slower", jnum(factor));
    if (lab_pair_ratio(before, stage, &step)) {
        json_object_set_new(obj, "slower", jnum(step.slower));
        json_object_set_new(obj, "ci95_low", jnum(step.low));
        json_object_set_new(obj, "ci95_high", jnum(step.high));
        json_object_set_new(obj, "beyond_floor", json_boolean(step.beyond_floor && step.low > 1));
        lower = step.lower_bound;
    }
    /* nothing completed in some trial of the stage: its rate was taken as 1 per interval */
    json_object_set_new(obj, "lower_bound", json_boolean(lower));
    return obj;
}

void lab_mechanism_json(const LabRunReport *rep, const StageResult *stage, json_t *obj)
{
    if (!stage->ran) {
        json_object_set_new(obj, "mechanism", json_null());
        return;
    }
    double now[COUNTER_N], then[COUNTER_N];
    lab_stage_counters(rep, stage, now);
    const StageResult *before = lab_stage_before(rep, stage);
    if (before)
        lab_stage_counters(rep, before, then);
    json_t *counters = json_object();
    for (int idx = 0; idx < COUNTER_N; idx++)
        json_object_set_new(counters, lab_counter_key((LabCounter)idx), jnum(now[idx]));
    const WaitSample *w = &stage->waits;
    json_t *mech = json_object();
    json_object_set_new(mech, "counters", counters);
    json_object_set_new(mech, "aio_samples", json_integer((json_int_t)w->aio_samples));
    json_object_set_new(mech, "aio_in_flight",
                        jnum(w->aio_samples ? w->aio_in_flight / (double)w->aio_samples : -1));
    json_object_set_new(mech, "aio_max",
                        w->aio_samples ? json_integer((json_int_t)w->aio_max) : json_null());
    json_object_set_new(mech, "proves", json_proves(stage, now, then, before));
    json_object_set_new(mech, "slower_than_before", json_step(stage, before));
    const Ceiling *c = &stage->ceiling;
    json_object_set_new(mech, "ceiling",
                        c->have
                            ? json_pack("{s:o, s:o, s:s, s:s}", "predicted_tps", jnum(c->predicted),
                                        "measured_tps", jnum(lab_stage_tps(stage)), "limit",
                                        c->limit, "binding", ceiling_binding_name(c->binding))
                            : json_null());
    json_object_set_new(obj, "mechanism", mech);
}

static void put_value(StrBuf *out, double value)
{
    if (value < 0)
        sb_put(out, "—");
    else if (value >= 1000)
        sb_printf(out, "%.0f", value);
    else
        sb_printf(out, "%.3g", value);
}

static void put_slower(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    bool lower = false;
    double factor = lab_slower_factor(lab_baseline_of(rep, stage), stage, &lower);
    if (lab_is_baseline(stage))
        sb_put(out, "1×");
    else if (factor >= 0)
        sb_printf(out, "%s%.3g×", lower ? "> " : "", factor);
}

/* × slower than the stage before, with its interval when both have trials; bold when the
 * interval clears the 5% floor. */
static void put_step(StrBuf *out, const StageResult *stage, const StageResult *before)
{
    LabRatio step;
    bool lower = false;
    if (before && lab_pair_ratio(before, stage, &step))
        sb_printf(out, "%s%s%.3g× (%.3g–%.3g)%s", step.beyond_floor && step.low > 1 ? "**" : "",
                  step.lower_bound ? "> " : "", step.slower, step.low, step.high,
                  step.beyond_floor && step.low > 1 ? "**" : "");
    else if (before && lab_slower_factor(before, stage, &lower) >= 0)
        sb_printf(out, "%s%.3g×", lower ? "> " : "", lab_slower_factor(before, stage, &lower));
    else
        sb_put(out, "—");
}

static void put_ceiling(StrBuf *out, const StageResult *stage)
{
    const Ceiling *c = &stage->ceiling;
    if (!c->have) {
        sb_put(out, "— | ");
        put_value(out, lab_stage_tps(stage));
        return;
    }
    put_value(out, c->predicted);
    sb_printf(out, " (%s) | ", ceiling_binding_name(c->binding));
    put_value(out, lab_stage_tps(stage));
}

/* One row per counter the stage names; a stage that names none (the baseline) has one row
 * with its ceiling only. */
static void md_rows(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    double now[COUNTER_N], then[COUNTER_N];
    lab_stage_counters(rep, stage, now);
    const StageResult *before = lab_stage_before(rep, stage);
    if (before)
        lab_stage_counters(rep, before, then);
    bool any = false;
    for (int idx = 0; idx <= COUNTER_N; idx++) {
        bool named =
            idx < COUNTER_N && stage->lab && (stage->lab->mechanism & LAB_COUNTER_BIT(idx));
        if (idx == COUNTER_N ? any : !named)
            continue;
        any = true;
        sb_put(out, "| ");
        sb_put_md(out, stage->id);
        sb_put(out, " | ");
        put_slower(out, rep, stage);
        sb_put(out, " | ");
        put_step(out, stage, before);
        if (idx == COUNTER_N) {
            sb_put(out, " | — | | | | ");
        } else {
            sb_printf(out, " | %s | ", lab_counter_label((LabCounter)idx));
            put_value(out, now[idx]);
            sb_put(out, " | ");
            if (before)
                put_value(out, then[idx]);
            const char *dir = before ? moved(now[idx], then[idx]) : NULL;
            sb_printf(out, " | %s | ",
                      !dir                   ? "—"
                      : !strcmp(dir, "up")   ? "up, as the article says"
                      : !strcmp(dir, "down") ? "**down**: not the article's direction"
                                             : "**unchanged**");
        }
        put_ceiling(out, stage);
        sb_put(out, " |\n");
    }
}

void lab_mechanism_markdown(const LabRunReport *rep, StrBuf *out)
{
    bool any = false;
    for (size_t idx = 0; idx < rep->n; idx++)
        any = any ||
              (rep->stages[idx].ran && rep->stages[idx].lab && rep->stages[idx].lab->mechanism);
    if (!any)
        return;
    sb_put(out, "## What proves each stage's mechanism\n\n");
    sb_put(out, "Each stage's counter, read from the server over the stage's measured interval "
                "(the median trial), against the stage before it: blocks read per transaction "
                "(`pg_stat_database`), autovacuum runs (`pg_stat_all_tables`), checkpoints "
                "(`pg_stat_checkpointer`, before 17 `pg_stat_bgwriter`) and WAL syncs per second "
                "(`pg_stat_wal` on 14-17, `pg_stat_io` on 18; with `wal_sync_method = "
                "open_datasync` every WAL write is a sync), rows read by sequential scans per "
                "transaction (`pg_stat_all_tables`), the time a client backend waits per read "
                "(`pg_stat_io`, 16+: with `io_method = worker` it includes the I/O workers' "
                "queue; summary.json has `pg_aios`'s rows in state `SUBMITTED` beside it, read 5 "
                "times a second, 18). Beside "
                "them the throughput ceiling predicted "
                "from the stage's own counters (next to last column: min(clients / latency, "
                "cores / CPU per transaction), and on slow storage reads × time per read) and the "
                "measured TPS. The third column is each stage against the stage before it: the "
                "geometric mean of the paired trials' ratios with its 95% t interval, in bold "
                "when the interval lies beyond the 5% floor.\n\n");
    sb_put(out, "| stage | × slower than baseline | × slower than the stage before (95% CI) | "
                "counter | this stage | the stage before | "
                "moved | predicted ceiling TPS (binding) | measured TPS |\n"
                "|---|--:|--:|---|--:|--:|---|--:|--:|\n");
    for (size_t idx = 0; idx < rep->n; idx++)
        if (rep->stages[idx].ran && !strcmp(rep->stages[idx].group, "series"))
            md_rows(out, rep, &rep->stages[idx]);
    sb_put(out, "\n");
}

void lab_series_storage_json(const LabRunReport *rep, json_t *conditions)
{
    json_object_set_new(
        conditions, "series_storage",
        rep->series_storage[0]
            ? json_pack(
                  "{s:b, s:o, s:o, s:s}", "slowfs", rep->series_slowfs, "read_latency_ms",
                  rep->series_slowfs ? pk_json_number(rep->series_read_s * 1000) : json_null(),
                  "fsync_latency_ms",
                  rep->series_slowfs ? pk_json_number(rep->series_fsync_s * 1000) : json_null(),
                  "text", rep->series_storage)
            : json_null());
}

void lab_series_storage_markdown(const LabRunReport *rep, StrBuf *out)
{
    if (!rep->series_storage[0])
        return;
    sb_put(out, rep->ab ? "**Storage.** Both configurations ran on "
                        : "**Storage.** The series ran on ");
    sb_put_md(out, rep->series_storage);
    sb_put(out, ".");
    /* A backend that waits for a CPU most of a transaction hides a storage wait inside that
     * wait: the tiny cache measured 1.11x at load 18 and 2.78x at load 2-6 (docs/labs.md). */
    double load = rep->load_before > rep->load_after ? rep->load_before : rep->load_after;
    if (rep->series_slowfs && rep->machine_cores > 0 && load > rep->machine_cores)
        sb_printf(out,
                  " The load average (%.1f) was above the %d cores: backends waited for a CPU "
                  "for much of each transaction, and the storage waits the slow stages add "
                  "overlap with that wait, so the storage lessons (tiny cache, one I/O worker) "
                  "measure smaller than on a quiet machine.",
                  load, rep->machine_cores);
    sb_put(out, "\n\n");
}
