#include "report/lab_report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/units.h"
#include "common/json.h"
#include "common/redact.h"
#include "tpcc/stats.h"
#include "common/strbuf.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "report/lab_mechanism.h"
#include "report/lab_storage.h"
#include "report/lab_svg.h"
#include "report/report.h"

#define KEY_SETTINGS_SHOWN 4
#define WAITS_SHOWN 5

/* ---- shared helpers ---- */

static char *format_factor(double factor, bool lower_bound)
{
    if (factor < 0)
        return xstrdup("");
    const char *prefix = lower_bound ? "> " : "";
    if (factor >= 100)
        return xasprintf("%s%.0f×", prefix, factor);
    if (factor >= 1)
        return xasprintf("%s%.1f×", prefix, factor);
    return xasprintf("%s%.1f× faster", prefix, 1 / factor);
}

static char *stage_tps_text(const StageResult *stage)
{
    if (!stage->ran)
        return xstrdup("not measured");
    if (stage->n_trials >= 2)
        return lab_format_tps(stage->tps_median > 0 ? 1 : 0, stage->tps_median,
                              stage->result.measured_s);
    return lab_format_tps((double)stage->result.completed, stage->result.tps,
                          stage->result.measured_s);
}

char *lab_report_format_ratio(double value)
{
    return value >= 100 ? xasprintf("%.0f", value) : xasprintf("%.3g", value);
}

/* LAB_RATIO_FLOOR as the texts say it: 1.05 is "5%" */
#define FLOOR_PERCENT ((LAB_RATIO_FLOOR - 1) * 100)

/* "3.2× (95% CI 2.9–3.6)" from the trials, else the plain factor; "" when not comparable. */
static char *format_slower(const LabRunReport *rep, const StageResult *stage)
{
    if (lab_is_baseline(stage))
        return xstrdup("1×");
    LabRatio ratio;
    if (lab_stage_ratio(rep, stage, &ratio)) {
        /* one scale for the factor and its interval: below 1 is faster */
        char *point = lab_report_format_ratio(ratio.slower);
        char *low = lab_report_format_ratio(ratio.low), *high = lab_report_format_ratio(ratio.high);
        char *why = ratio.beyond_floor ? xstrdup("")
                    : ratio.significant
                        ? xasprintf(", within %.0f%% of 1: no measurable difference", FLOOR_PERCENT)
                        : xstrdup(", contains 1: no measurable difference");
        char *text = xasprintf("%s%s× (95%% CI %s–%s%s)", ratio.lower_bound ? "> " : "", point, low,
                               high, why);
        free(why);
        free(point);
        free(low);
        free(high);
        return text;
    }
    bool lower = false;
    return format_factor(lab_slower_factor(lab_baseline_of(rep, stage), stage, &lower), lower);
}

/* The article's own "× slower": its baseline's TPS over this stage's (series stages). */
static char *article_slower(const LabRunReport *rep, const StageResult *stage)
{
    const StageResult *base = lab_baseline_of(rep, stage);
    if (!stage->lab || stage->run || stage->lab->reference.tps < 0)
        return xstrdup("");
    if (lab_is_baseline(stage))
        return xasprintf("1× (%g TPS)", stage->lab->reference.tps);
    if (!base || !base->lab || base->lab->reference.tps <= 0 || stage->lab->reference.tps <= 0)
        return xasprintf("(%g TPS)", stage->lab->reference.tps);
    char *factor = format_factor(base->lab->reference.tps / stage->lab->reference.tps, false);
    char *text = xasprintf("%s (%g TPS)", factor, stage->lab->reference.tps);
    free(factor);
    return text;
}

/* Does a finding concern one of the settings this stage changed? */
static bool finding_matches_changes(const Finding *finding, const LabSettings *changes)
{
    for (size_t idx = 0; idx < finding->n_settings; idx++)
        if (lab_settings_get(changes, finding->settings[idx].name))
            return true;
    return false;
}

/* ---- JSON (jansson) ---- */

/* A measured number: null when it does not apply (the data's < 0), else as every report
 * writes numbers (common/json.h: integral values as integers, NaN as null). */
static json_t *jnum(double value)
{
    return value < 0 ? json_null() : pk_json_number(value);
}

static json_t *jstr(const char *text)
{
    return pk_json_str(text);
}

static json_t *json_settings(const LabSettings *set, char *const *contexts)
{
    json_t *arr = json_array();
    for (size_t idx = 0; idx < set->n; idx++) {
        const LabSetting *item = &set->items[idx];
        json_t *obj = json_pack("{s:o, s:o, s:o, s:i}", "name", jstr(item->name), "value",
                                jstr(item->value), "file", jstr(item->file), "line", item->line);
        if (contexts)
            json_object_set_new(obj, "context", jstr(contexts[idx]));
        json_array_append_new(arr, obj);
    }
    return arr;
}

static const char *workload_key(WorkloadType type)
{
    switch (type) {
    case WORKLOAD_TPCC: return "tpcc";
    case WORKLOAD_PGBENCH: return "pgbench";
    default: return "query";
    }
}

static json_t *json_workload(const WorkloadParams *params)
{
    json_t *obj =
        json_pack("{s:s, s:i, s:i, s:o, s:o, s:o}", "type", workload_key(params->type),
                  "warehouses", params->warehouses, "clients", params->clients, "duration_s",
                  jnum(params->duration_s), "warmup_s", jnum(params->warmup_s), "sql",
                  jstr(params->type == WORKLOAD_QUERY ? params->sql : NULL));
    if (params->type == WORKLOAD_PGBENCH)
        json_object_set_new(obj, "pgbench_scripts", jstr(params->scripts));
    return obj;
}

static json_t *json_latency(const WorkloadResult *res)
{
    return json_pack("{s:o, s:o, s:o, s:o, s:o}", "p50", jnum(res->p50_ms), "p90",
                     jnum(res->p90_ms), "p95", jnum(res->p95_ms), "p99", jnum(res->p99_ms), "max",
                     jnum(res->max_ms));
}

static json_t *json_stats(const StageResult *stage)
{
    if (!stage->have_delta)
        return json_null();
    const StatCounters *d = &stage->delta;
    json_t *obj = json_object();
    json_object_set_new(obj, "cache_hit_ratio", jnum(stat_cache_hit_ratio(d)));
    json_object_set_new(obj, "blks_hit", jnum(d->blks_hit));
    json_object_set_new(obj, "blks_read", jnum(d->blks_read));
    json_object_set_new(obj, "checkpoints_timed", jnum(d->checkpoints_timed));
    json_object_set_new(obj, "checkpoints_requested", jnum(d->checkpoints_req));
    json_object_set_new(obj, "autovacuum_runs", jnum(d->autovacuum_runs));
    json_object_set_new(obj, "autoanalyze_runs", jnum(d->autoanalyze_runs));
    /* 0 before PostgreSQL 16, which has no pg_stat_io */
    json_object_set_new(obj, "autovacuum_reads", jnum(d->av_reads));
    json_object_set_new(obj, "autovacuum_writes", jnum(d->av_writes));
    json_object_set_new(obj, "wal_bytes", jnum(d->wal_bytes));
    /* 0 before PostgreSQL 14, which has no pg_stat_wal */
    json_object_set_new(obj, "wal_writes", jnum(d->wal_writes));
    json_object_set_new(obj, "wal_syncs", jnum(d->wal_syncs));
    json_object_set_new(obj, "wal_buffers_full", jnum(d->wal_buffers_full));
    json_object_set_new(obj, "temp_files", jnum(d->temp_files));
    json_object_set_new(obj, "temp_bytes", jnum(d->temp_bytes));
    json_object_set_new(obj, "xact_commit", jnum(d->xact_commit));
    json_object_set_new(obj, "xact_rollback", jnum(d->xact_rollback));
    return obj;
}

static json_t *json_waits(const WaitSample *waits)
{
    json_t *top = json_array();
    for (int idx = 0; idx < waits->n_kinds; idx++)
        json_array_append_new(top, json_pack("{s:s, s:I, s:o}", "event", waits->kind[idx], "count",
                                             (json_int_t)waits->count[idx], "share",
                                             jnum(waits->backends ? (double)waits->count[idx] /
                                                                        (double)waits->backends
                                                                  : -1)));
    return json_pack("{s:I, s:I, s:o}", "samples", (json_int_t)waits->samples, "observations",
                     (json_int_t)waits->backends, "top", top);
}

static json_t *json_findings(const StageResult *stage)
{
    json_t *arr = json_array();
    for (size_t idx = 0; idx < stage->findings.n; idx++) {
        const Finding *f = &stage->findings.items[idx];
        json_array_append_new(
            arr, json_pack("{s:o, s:o, s:s, s:o, s:o, s:b}", "rule", jstr(f->rule_id), "name",
                           jstr(f->rule_name), "severity", severity_name(f->severity), "title",
                           jstr(f->title), "message", jstr(f->message), "new_in_stage",
                           finding_matches_changes(f, &stage->changes)));
    }
    return arr;
}

static json_t *json_reference(const Lab *lab)
{
    return json_pack("{s:o, s:o, s:o}", "tps", jnum(lab->reference.tps), "label",
                     jstr(lab->reference.label), "source", jstr(lab->reference.source));
}

/* The trials of a stage (lab run --trials, lab ab): each trial's TPS and p95, the medians and
 * the spread; null for a single measurement. */
static json_t *json_trials(const StageResult *stage)
{
    if (stage->n_trials < 2)
        return json_null();
    json_t *tps = json_array(), *p95 = json_array();
    for (int idx = 0; idx < stage->n_trials; idx++) {
        json_array_append_new(tps, jnum(stage->trial_tps[idx]));
        json_array_append_new(p95, jnum(stage->trial_p95[idx]));
    }
    return json_pack("{s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "n", stage->n_trials, "tps", tps,
                     "p95_ms", p95, "tps_median", jnum(stage->tps_median), "tps_min",
                     jnum(stage->tps_min), "tps_max", jnum(stage->tps_max), "p95_median_ms",
                     jnum(stage->p95_median), "nopm_median", jnum(stage->nopm_median));
}

static json_t *json_ratio(const LabRunReport *rep, const StageResult *stage)
{
    LabRatio ratio;
    if (!lab_stage_ratio(rep, stage, &ratio))
        return json_null();
    return json_pack("{s:o, s:o, s:o, s:s, s:b, s:f, s:b}", "slower", jnum(ratio.slower),
                     "ci95_low", jnum(ratio.low), "ci95_high", jnum(ratio.high), "method",
                     ratio.method, "significant", ratio.significant, "floor", LAB_RATIO_FLOOR,
                     "beyond_floor", ratio.beyond_floor);
}

static void json_result(json_t *obj, const LabRunReport *rep, const StageResult *stage)
{
    const WorkloadResult *res = &stage->result;
    char *tps_text = stage_tps_text(stage);
    json_object_set_new(obj, "tps_text", jstr(tps_text));
    free(tps_text);
    json_object_set_new(obj, "tps", jnum(stage->ran ? lab_stage_tps(stage) : -1));
    json_object_set_new(obj, "nopm", jnum(stage->ran ? res->nopm : -1));
    json_object_set_new(obj, "completed", json_integer((json_int_t)res->completed));
    json_object_set_new(obj, "failed", json_integer((json_int_t)res->failed));
    json_object_set_new(obj, "complete", json_boolean(res->complete));
    json_object_set_new(obj, "measured_s", jnum(res->measured_s));
    json_object_set_new(obj, "client_cpu_s", jnum(stage->ran ? res->client_cpu_s : -1));
    json_object_set_new(obj, "load_avg", jnum(stage->ran ? stage->load_avg : -1));
    bool lower = false;
    double factor = lab_slower_factor(lab_baseline_of(rep, stage), stage, &lower);
    json_object_set_new(obj, "slower_than_baseline", jnum(factor));
    json_object_set_new(obj, "slower_is_lower_bound", json_boolean(lower));
    json_object_set_new(obj, "slower_ci95", json_ratio(rep, stage));
    json_object_set_new(obj, "trials", json_trials(stage));
    json_object_set_new(obj, "latency_ms", json_latency(res));
    json_object_set_new(obj, "errors", jstr(res->errors));
    json_t *per_second = json_array();
    for (int sec = 0; sec < res->n_seconds; sec++)
        json_array_append_new(per_second, json_integer(res->per_second[sec]));
    json_object_set_new(obj, "per_second", per_second);
}

static json_t *json_stage(const LabRunReport *rep, const StageResult *stage)
{
    json_t *obj = json_object();
    json_object_set_new(obj, "id", jstr(stage->id));
    json_object_set_new(obj, "group", jstr(stage->group));
    json_object_set_new(obj, "lab", jstr(stage->lab ? stage->lab->id : NULL));
    json_object_set_new(obj, "run", jstr(stage->run ? stage->run->name : NULL));
    json_object_set_new(obj, "title", jstr(stage->title));
    json_object_set_new(obj, "ran", json_boolean(stage->ran));
    json_object_set_new(obj, "error", jstr(stage->error));
    json_object_set_new(obj, "restarted", json_boolean(stage->restarted));
    json_object_set_new(obj, "restart_params", jstr(stage->restart_params));
    json_object_set_new(obj, "workload", json_workload(&stage->params));
    json_object_set_new(obj, "changes", json_settings(&stage->changes, stage->change_contexts));
    json_object_set_new(obj, "settings", json_settings(&stage->settings, NULL));
    json_result(obj, rep, stage);
    json_object_set_new(obj, "stats", json_stats(stage));
    json_object_set_new(obj, "wait_events", json_waits(&stage->waits));
    json_object_set_new(obj, "findings", json_findings(stage));
    json_object_set_new(obj, "findings_error", jstr(stage->findings_error));
    json_object_set_new(obj, "reference", stage->lab ? json_reference(stage->lab) : json_null());
    lab_storage_json(rep, stage, obj);
    lab_mechanism_json(rep, stage, obj);
    return obj;
}

static json_t *json_conditions(const LabRunReport *rep)
{
    json_t *machine =
        json_pack("{s:o, s:i, s:o, s:o, s:o, s:o}", "cpu", jstr(rep->machine_cpu), "cores",
                  rep->machine_cores, "ram_bytes", jnum(rep->machine_ram_bytes), "kernel",
                  jstr(rep->machine_kernel), "load_before", jnum(rep->load_before), "load_after",
                  jnum(rep->load_after));
    return json_pack("{s:o, s:o, s:i, s:o, s:o, s:i, s:o}", "server", jstr(rep->server_origin),
                     "server_version", jstr(rep->server_version), "warehouses", rep->warehouses,
                     "load_s", jnum(rep->load_s), "burn_in_s", jnum(rep->burn_in_s), "trials",
                     rep->trials > 0 ? rep->trials : 1, "machine", machine);
}

void lab_report_json(const LabRunReport *rep, StrBuf *out)
{
    json_t *stages = json_array();
    for (size_t idx = 0; idx < rep->n; idx++)
        json_array_append_new(stages, json_stage(rep, &rep->stages[idx]));
    json_t *doc = json_object();
    json_object_set_new(doc, "tool", json_string("pgknob"));
    json_object_set_new(doc, "version", json_string(PK_VERSION));
    json_object_set_new(doc, "report", json_string(rep->ab ? "lab-ab" : "lab"));
    json_object_set_new(doc, "selection", jstr(rep->selection));
    json_object_set_new(doc, "quick", json_boolean(rep->quick));
    json_object_set_new(doc, "interrupted", json_boolean(rep->interrupted));
    json_object_set_new(doc, "restored", json_boolean(rep->restored));
    char *restore_error = redact_listing(NULL, rep->restore_error); /* a settings diff */
    json_object_set_new(doc, "restore_error", jstr(restore_error));
    free(restore_error);
    json_t *conditions = json_conditions(rep);
    lab_series_storage_json(rep, conditions);
    json_object_set_new(doc, "conditions", conditions);
    json_object_set_new(doc, "stages", stages);
    pk_json_dump(out, doc, PK_JSON_PRETTY);
}

/* ---- Markdown ---- */

static void md_key_settings(StrBuf *out, const LabSettings *changes)
{
    size_t shown = changes->n < KEY_SETTINGS_SHOWN ? changes->n : KEY_SETTINGS_SHOWN;
    for (size_t idx = 0; idx < shown; idx++) {
        char *text = xasprintf("%s=%s", changes->items[idx].name, changes->items[idx].value);
        if (idx)
            sb_put(out, ", ");
        sb_putc(out, '`');
        sb_put(out, text);
        sb_putc(out, '`');
        free(text);
    }
    if (changes->n > shown)
        sb_printf(out, " and %zu more", changes->n - shown);
    if (changes->n == 0)
        sb_put(out, "(none)");
}

/* Every setting the stage changes, with what the server needs to apply it. */
static void md_changes(StrBuf *out, const StageResult *stage)
{
    sb_put(out, "**Settings changed:** ");
    for (size_t idx = 0; idx < stage->changes.n; idx++) {
        const LabSetting *item = &stage->changes.items[idx];
        const char *ctx = stage->change_contexts ? stage->change_contexts[idx] : NULL;
        char *text = xasprintf("%s = %s", item->name, item->value);
        sb_printf(out, "%s`%s`", idx ? ", " : "", text);
        if (ctx && !strcmp(ctx, "postmaster"))
            sb_put(out, " (restart)");
        free(text);
    }
    sb_put(out, stage->changes.n ? "\n\n" : "(none)\n\n");
}

static void md_predicted(StrBuf *out, const StageResult *stage, bool only_new)
{
    size_t listed = 0;
    for (size_t idx = 0; idx < stage->findings.n; idx++) {
        const Finding *f = &stage->findings.items[idx];
        if (f->severity < SEV_WARNING && only_new)
            continue;
        if (only_new && !finding_matches_changes(f, &stage->changes))
            continue;
        sb_put(out, listed++ ? "; " : "");
        sb_put_md(out, f->rule_id);
        sb_put(out, " ");
        sb_put_md(out, f->title ? f->title : f->rule_name);
        sb_printf(out, " (%s)", severity_name(f->severity));
    }
    if (!listed)
        sb_put(out, stage->findings_error ? "(lint could not run)" : "—");
}

static void md_table_row(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    char *tps = stage_tps_text(stage);
    sb_put(out, "| ");
    sb_put_md(out, stage->id);
    sb_put(out, " | ");
    md_key_settings(out, &stage->changes);
    sb_printf(out, " | %s", tps);
    if (stage->ran && stage->n_trials >= 2) {
        char *lo = lab_format_tps(stage->tps_min > 0, stage->tps_min, stage->result.measured_s);
        char *hi = lab_format_tps(stage->tps_max > 0, stage->tps_max, stage->result.measured_s);
        sb_printf(out, " (%s–%s)", lo, hi);
        free(lo);
        free(hi);
    }
    sb_put(out, " | ");
    double nopm = stage->n_trials >= 2 ? stage->nopm_median : stage->result.nopm;
    if (stage->ran && nopm >= 0)
        sb_printf(out, "%.0f", nopm);
    sb_put(out, " | ");
    double p95 = stage->n_trials >= 2 ? stage->p95_median : stage->result.p95_ms;
    if (stage->ran && p95 >= 0)
        sb_printf(out, "%.1f ms", p95);
    char *factor = stage->ran ? format_slower(rep, stage) : xstrdup("");
    char *article = article_slower(rep, stage);
    sb_printf(out, " | %s | %s | ", factor, article);
    free(article);
    md_predicted(out, stage, true);
    sb_put(out, " |\n");
    free(factor);
    free(tps);
}

static void md_conditions(StrBuf *out, const LabRunReport *rep)
{
    sb_put(out, "**Conditions.** ");
    sb_put_md(out, rep->server_origin ? rep->server_origin : "no server");
    if (rep->n > 0 && rep->stages[0].params.type == WORKLOAD_PGBENCH) {
        sb_put(out, "; pgbench scripts ");
        sb_put_md(out, rep->stages[0].params.scripts);
    } else
        sb_printf(out, "; TPC-C-derived database of %d warehouse%s", rep->warehouses,
                  rep->warehouses == 1 ? "" : "s");
    if (rep->n > 0) {
        const WorkloadParams *p = &rep->stages[0].params;
        sb_printf(out, "; %d client%s, %.0f s measured after a %.0f s warm-up per stage%s",
                  p->clients, p->clients == 1 ? "" : "s", p->duration_s, p->warmup_s,
                  rep->quick ? " (--quick)" : "");
        if (rep->trials > 1)
            sb_printf(out, ", %d trials of each, interleaved", rep->trials);
        if (rep->burn_in_s > 0)
            sb_printf(out, "; the first after a %.0f s burn-in, not measured", rep->burn_in_s);
    }
    char *ram = pk_units_format(rep->machine_ram_bytes, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL);
    sb_put(out, ". Machine: ");
    sb_put_md(out, rep->machine_cpu ? rep->machine_cpu : "unknown CPU");
    sb_printf(out, ", %d cores, %s RAM, ", rep->machine_cores, ram);
    sb_put_md(out, rep->machine_kernel ? rep->machine_kernel : "unknown kernel");
    if (rep->load_before >= 0 && rep->load_after >= 0)
        sb_printf(out,
                  "; load average %.1f before and %.1f after the run (the machine is shared: "
                  "above the core count, other work competed for the CPU)",
                  rep->load_before, rep->load_after);
    sb_put(out, ". Our numbers are this machine's; the article's come from its own (much larger) "
                "machine and workload, so compare the ratios, not the absolute values. ");
    sb_put(out, TPCC_NOT_TPC_RESULTS "\n\n");
    free(ram);
    if (rep->interrupted)
        sb_printf(out, "**Interrupted** by signal %d: the stages after it did not run.\n\n",
                  rep->signal_number);
    sb_printf(out, "Settings restored afterwards: %s.\n\n",
              rep->restored ? "yes, verified in pg_settings" : "**NO** (see restore_error)");
}

static void md_stats(StrBuf *out, const StageResult *stage)
{
    const StatCounters *d = &stage->delta;
    double ratio = stat_cache_hit_ratio(d);
    double per_txn = stage->result.completed ? (double)stage->result.completed : 1;
    char *wal = pk_units_format(d->wal_bytes, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL);
    char *wal_txn = pk_units_format(d->wal_bytes / per_txn, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL);
    char *temp = pk_units_format(d->temp_bytes, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL);
    sb_put(out, "- cache hit ratio: ");
    if (ratio >= 0)
        sb_printf(out, "%.2f%% (%.0f blocks read, %.*f per transaction)\n", ratio * 100,
                  d->blks_read, d->blks_read / per_txn < 10 ? 1 : 0, d->blks_read / per_txn);
    else
        sb_put(out, "no block accesses counted\n");
    sb_printf(out, "- checkpoints: %.0f timed, %.0f requested\n", d->checkpoints_timed,
              d->checkpoints_req);
    sb_printf(out, "- autovacuum runs: %.0f vacuum, %.0f analyze", d->autovacuum_runs,
              d->autoanalyze_runs);
    if (d->av_reads > 0 || d->av_writes > 0)
        sb_printf(out, " (their workers read %.0f blocks and wrote %.0f)", d->av_reads,
                  d->av_writes);
    sb_put(out, "\n");
    sb_printf(out, "- WAL written: %s (%s per transaction)\n", wal, wal_txn);
    sb_printf(out, "- temporary files: %.0f, %s\n", d->temp_files, temp);
    free(wal);
    free(wal_txn);
    free(temp);
}

static void md_waits(StrBuf *out, const WaitSample *waits)
{
    if (waits->backends == 0) {
        sb_put(out, "- wait events: no active client backend was seen in the samples\n");
        return;
    }
    sb_printf(out, "- wait events of active clients (%llu samples): ",
              (unsigned long long)waits->samples);
    for (int idx = 0; idx < waits->n_kinds && idx < WAITS_SHOWN; idx++) {
        double share = 100.0 * (double)waits->count[idx] / (double)waits->backends;
        if (idx > 0 && share < 1)
            break; /* sorted: the rest is rarer still (summary.json has them all) */
        sb_put(out, idx ? ", " : "");
        sb_putc(out, '`');
        sb_put(out, waits->kind[idx]);
        sb_printf(out, "` %.0f%%", share);
    }
    sb_put(out, "\n");
}

static void md_measured(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    const WorkloadResult *res = &stage->result;
    char *tps = stage_tps_text(stage);
    sb_printf(out, "**Measured:** %s transactions per second", tps);
    free(tps);
    if (res->nopm >= 0)
        sb_printf(out, ", %.0f NOPM (New-Order transactions per minute)", res->nopm);
    sb_printf(out, " (%llu completed in %.1f s", (unsigned long long)res->completed,
              res->measured_s);
    if (res->p50_ms >= 0)
        sb_printf(out, "; latency p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms", res->p50_ms,
                  res->p95_ms, res->p99_ms, res->max_ms);
    sb_put(out, ")");
    bool lower = false;
    double factor = lab_slower_factor(lab_baseline_of(rep, stage), stage, &lower);
    if (factor >= 0) {
        char *text = format_factor(factor, lower);
        sb_printf(out, ", %s slower than its baseline", text);
        free(text);
    }
    sb_put(out, ".");
    if (stage->load_avg >= 0)
        sb_printf(out, " Machine load average at the end: %.1f.", stage->load_avg);
    if (stage->restarted) {
        sb_put(out, " The server was restarted for ");
        sb_put_md(out, stage->restart_params);
        sb_put(out, ".");
    }
    if (res->errors) {
        sb_put(out, " Errors: ");
        sb_put_md(out, res->errors);
        sb_put(out, ".");
    }
    sb_put(out, "\n\n");
    if (stage->have_delta)
        md_stats(out, stage);
    md_waits(out, &stage->waits);
    sb_put(out, "\n");
}

static void md_findings(StrBuf *out, const StageResult *stage)
{
    sb_put(out, "**What pgknob predicted** from these settings (`pgknob lint`):\n\n");
    if (stage->findings_error) {
        sb_put(out, "- the lint pipeline could not run: ");
        sb_put_md(out, stage->findings_error);
        sb_put(out, "\n");
    }
    size_t listed = 0;
    for (size_t idx = 0; idx < stage->findings.n; idx++) {
        const Finding *f = &stage->findings.items[idx];
        if (f->severity < SEV_WARNING)
            continue;
        sb_printf(out, "- %s ", severity_name(f->severity));
        sb_put_md(out, f->rule_id);
        sb_put(out, finding_matches_changes(f, &stage->changes) ? " (new in this stage): " : ": ");
        sb_put_md(out, f->message ? f->message : f->title);
        sb_put(out, "\n");
        listed++;
    }
    if (!listed && !stage->findings_error)
        sb_put(out, "- no warning or error\n");
    sb_put(out, "\n");
}

static void md_stage(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    sb_put(out, "### ");
    sb_put_md(out, stage->id);
    sb_put(out, ": ");
    sb_put_md(out, stage->title);
    sb_put(out, "\n\n");
    sb_put_md(out, stage->lab->story);
    sb_put(out, "\n\n");
    if (stage->lab->watch && (stage->run == NULL)) {
        sb_put(out, "*What to watch:* ");
        sb_put_md(out, stage->lab->watch);
        sb_put(out, "\n\n");
    }
    md_changes(out, stage);
    if (stage->ran)
        md_measured(out, rep, stage);
    if (stage->error) {
        sb_put(out, "**Note:** ");
        sb_put_md(out, stage->error);
        sb_put(out, "\n\n");
    }
    md_findings(out, stage);
    if (stage->lab->reference.label && (stage->run == NULL)) {
        sb_put(out, "**The article:** ");
        sb_put_md(out, stage->lab->reference.label);
        if (stage->lab->reference.tps >= 0)
            sb_printf(out, ": %g TPS", stage->lab->reference.tps);
        sb_put(out, " (");
        sb_put_md(out, stage->lab->reference.source);
        sb_put(out, ").\n\n");
    }
}

/* ---- lab ab: the verdict and its explanation ---- */

char *lab_report_ab_verdict(const LabRunReport *rep)
{
    if (!rep->ab || rep->n < 2)
        return NULL;
    const StageResult *a = &rep->stages[0], *b = &rep->stages[1];
    LabRatio ratio;
    if (!a->ran || !b->ran || !lab_stage_ratio(rep, a, &ratio))
        return xstrdup("not enough trials to compare (at least 2 of each are needed)");
    /* ratio.slower is B's TPS over A's: above 1, A is slower. */
    char *low = lab_report_format_ratio(ratio.low), *high = lab_report_format_ratio(ratio.high);
    char *interval = xasprintf("95%% CI %s–%s of B's TPS over A's, %s, %d paired trials", low, high,
                               ratio.method, a->n_trials < b->n_trials ? a->n_trials : b->n_trials);
    free(low);
    free(high);
    char *text;
    if (!ratio.significant)
        text = xasprintf("no measurable difference: the interval contains 1 (ratio %.3g; %s)",
                         ratio.slower, interval);
    else if (!ratio.beyond_floor)
        text = xasprintf("no measurable difference: the interval reaches within %.0f%% of 1, the "
                         "smallest effect the lab calls (ratio %.3g; %s)",
                         FLOOR_PERCENT, ratio.slower, interval);
    else {
        char *factor = lab_report_format_ratio(ratio.slower > 1 ? ratio.slower : 1 / ratio.slower);
        text = xasprintf("A is %s%s× %s than B, significant (%s)",
                         ratio.lower_bound && ratio.slower > 1 ? "at least " : "", factor,
                         ratio.slower > 1 ? "slower" : "faster", interval);
        free(factor);
    }
    free(interval);
    return text;
}

static double per_txn(double value, const StageResult *stage)
{
    return stage->result.completed ? value / (double)stage->result.completed : -1;
}

static void md_counter_row(StrBuf *out, const char *what, double a, double b, int decimals)
{
    sb_printf(out, "| %s | ", what);
    if (a >= 0)
        sb_printf(out, "%.*f", decimals, a);
    sb_put(out, " | ");
    if (b >= 0)
        sb_printf(out, "%.*f", decimals, b);
    sb_put(out, " |\n");
}

/* What the server counted in each configuration's median trial, per transaction. */
static void md_ab_counters(StrBuf *out, const StageResult *a, const StageResult *b)
{
    if (!a->have_delta || !b->have_delta)
        return;
    const StatCounters *da = &a->delta, *db = &b->delta;
    sb_put(out, "| measured (median trial) | A | B |\n|---|---|---|\n");
    double ha = stat_cache_hit_ratio(da), hb = stat_cache_hit_ratio(db);
    md_counter_row(out, "cache hit ratio (%)", ha >= 0 ? ha * 100 : -1, hb >= 0 ? hb * 100 : -1, 2);
    md_counter_row(out, "blocks read per transaction", per_txn(da->blks_read, a),
                   per_txn(db->blks_read, b), 1);
    md_counter_row(out, "WAL bytes per transaction", per_txn(da->wal_bytes, a),
                   per_txn(db->wal_bytes, b), 0);
    md_counter_row(out, "checkpoints (timed + requested)",
                   da->checkpoints_timed + da->checkpoints_req,
                   db->checkpoints_timed + db->checkpoints_req, 0);
    md_counter_row(out, "autovacuum + autoanalyze runs", da->autovacuum_runs + da->autoanalyze_runs,
                   db->autovacuum_runs + db->autoanalyze_runs, 0);
    md_counter_row(out, "temporary files", da->temp_files, db->temp_files, 0);
    sb_put(out, "| most frequent wait of active clients | ");
    sb_put(out, a->waits.n_kinds ? a->waits.kind[0] : "—");
    sb_put(out, " | ");
    sb_put(out, b->waits.n_kinds ? b->waits.kind[0] : "—");
    sb_put(out, " |\n\n");
}

static bool has_rule(const FindingList *list, const char *rule_id)
{
    for (size_t idx = 0; idx < list->n; idx++)
        if (!strcmp(list->items[idx].rule_id, rule_id))
            return true;
    return false;
}

/* lint's warnings and errors on one configuration that the other does not get. */
static void md_ab_findings(StrBuf *out, const char *name, const StageResult *one,
                           const StageResult *other)
{
    size_t listed = 0;
    for (size_t idx = 0; idx < one->findings.n; idx++) {
        const Finding *f = &one->findings.items[idx];
        if (f->severity < SEV_WARNING || has_rule(&other->findings, f->rule_id))
            continue;
        sb_printf(out, "%s- %s, not %s: %s ", listed++ ? "" : "", name, name[0] == 'A' ? "B" : "A",
                  severity_name(f->severity));
        sb_put_md(out, f->rule_id);
        sb_put(out, ": ");
        sb_put_md(out, f->message ? f->message : f->title);
        sb_put(out, "\n");
    }
}

static void md_ab_verdict(StrBuf *out, const LabRunReport *rep)
{
    const StageResult *a = &rep->stages[0], *b = &rep->stages[1];
    char *verdict = lab_report_ab_verdict(rep);
    sb_put(out, "## Verdict\n\n**");
    sb_put_md(out, verdict ? verdict : "");
    sb_put(out, ".**\n\n");
    free(verdict);
    sb_put(out, "A is ");
    sb_put_md(out, a->title);
    sb_put(out, "; B is ");
    sb_put_md(out, b->title);
    sb_put(out, ". They ran interleaved, A B then B A and so on, each trial after its own "
                "warm-up.\n\n| trial | A TPS | A p95 | B TPS | B p95 |\n|---|---|---|---|---|\n");
    int n = a->n_trials > b->n_trials ? a->n_trials : b->n_trials;
    for (int idx = 0; idx < n; idx++) {
        sb_printf(out, "| %d | ", idx + 1);
        if (idx < a->n_trials)
            sb_printf(out, "%.4g | %.1f ms | ", a->trial_tps[idx], a->trial_p95[idx]);
        else
            sb_put(out, " | | ");
        if (idx < b->n_trials)
            sb_printf(out, "%.4g | %.1f ms |\n", b->trial_tps[idx], b->trial_p95[idx]);
        else
            sb_put(out, " | |\n");
    }
    sb_printf(out, "| median | %.4g | %.1f ms | %.4g | %.1f ms |\n\n", lab_stage_tps(a),
              a->p95_median, lab_stage_tps(b), b->p95_median);
    sb_put(out, "**Why.** What the server counted, and what `pgknob lint` says of each "
                "configuration:\n\n");
    md_ab_counters(out, a, b);
    size_t before = out->len;
    if (a->findings_error || b->findings_error) {
        sb_put(out, "- `pgknob lint` could not run: ");
        sb_put_md(out, a->findings_error ? a->findings_error : b->findings_error);
        sb_put(out, "\n\n");
        return;
    }
    md_ab_findings(out, "A", a, b);
    md_ab_findings(out, "B", b, a);
    if (out->len == before)
        sb_put(out, "- lint finds no warning or error on one configuration that the other does "
                    "not get\n");
    sb_put(out, "\n");
}

void lab_report_markdown(const LabRunReport *rep, StrBuf *out)
{
    sb_put(out, "# pgknob lab report: ");
    sb_put_md(out, rep->selection);
    sb_put(out, rep->quick ? " (quick)\n\n" : "\n\n");
    md_conditions(out, rep);
    lab_series_storage_markdown(rep, out);
    if (rep->ab)
        md_ab_verdict(out, rep);
    sb_put(out, "![TPS per stage; transactions per second over time](chart.svg)\n\n");
    sb_put(out,
           "| stage | key settings | TPS | NOPM | p95 latency | × slower than baseline | "
           "the article: × slower (TPS) | predicted by |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t idx = 0; idx < rep->n; idx++)
        md_table_row(out, rep, &rep->stages[idx]);
    sb_put(out, "\n\"< 1 per D\" means no transaction completed in the D seconds measured: the "
                "rate is below one per D, not zero. \"× slower\" divides the baseline's TPS by the "
                "stage's; with nothing completed it is a lower bound. Compare our ratios with the "
                "article's, not the absolute TPS: its machine and scale differ (below).");
    if (rep->trials > 1)
        sb_printf(out,
                  " Each stage was measured %d times, interleaved with the others (the "
                  "order reversed every other round); TPS is the median with the lowest "
                  "and highest trial in brackets, NOPM and p95 the medians of the trials'. The "
                  "interval of \"× slower\" is a 95%% t interval on the logarithms of the "
                  "paired trials' ratios (trial i of a stage against trial i of its "
                  "baseline, measured next to each other).",
                  rep->trials);
    sb_put(out, "\n\n");
    lab_mechanism_markdown(rep, out);
    lab_storage_markdown(rep, out);
    sb_put(out, "## Stages\n\n");
    for (size_t idx = 0; idx < rep->n; idx++)
        md_stage(out, rep, &rep->stages[idx]);
}

/* ---- SVG ---- */

void lab_report_svg(const LabRunReport *rep, StrBuf *out)
{
    SvgSeries *series = xcalloc(rep->n ? rep->n : 1, sizeof(SvgSeries));
    char **texts = xcalloc(rep->n ? rep->n : 1, sizeof(char *));
    int n = 0;
    for (size_t idx = 0; idx < rep->n; idx++) {
        const StageResult *stage = &rep->stages[idx];
        if (!stage->ran)
            continue;
        texts[n] = stage_tps_text(stage);
        SvgSeries *s = &series[n];
        s->label = stage->id;
        s->tps = lab_stage_tps(stage) > 0 ? lab_stage_tps(stage) : 0;
        s->low = stage->n_trials >= 2 ? stage->tps_min : -1;
        s->high = stage->n_trials >= 2 ? stage->tps_max : -1;
        s->upper_bound = stage->result.measured_s > 0 ? 1 / stage->result.measured_s : 1;
        s->per_second = stage->result.per_second;
        s->n_seconds = stage->result.n_seconds;
        s->tps_text = texts[n];
        n++;
    }
    /* lab ab's selection holds two paths: the stages are named A and B in the chart */
    char *title = xasprintf("pgknob lab%s: %s, PostgreSQL %s", rep->ab ? " ab" : "",
                            rep->ab ? "A against B" : rep->selection,
                            rep->server_version ? rep->server_version : "?");
    svg_chart(series, n, title, rep->trials > 1 ? rep->trials : 1, out);
    free(title);
    for (int idx = 0; idx < n; idx++)
        free(texts[idx]);
    free(texts);
    free(series);
}

/* ---- files ---- */

/* Every summary file goes through the one redaction path (a --dsn's password, URL userinfo)
 * and, but for JSON (escaped by its encoding), shows control bytes instead of sending them. */
bool lab_report_write_file(const char *dir, const char *name, const char *text, PkDiag *diag)
{
    char *path = xasprintf("%s/%s", dir, name);
    char *clean = redact_text(NULL, text);
    StrBuf safe = STRBUF_INIT;
    size_t len = strlen(name);
    if (len > 5 && !strcmp(name + len - 5, ".json"))
        sb_put(&safe, clean);
    else
        sb_put_escaped_controls(&safe, clean, strlen(clean), false);
    free(clean);
    FILE *fp = fopen(path, "w");
    bool ok = fp && fputs(sb_str(&safe), fp) >= 0;
    sb_free(&safe);
    if (fp && fclose(fp) != 0)
        ok = false;
    if (!ok)
        pk_diag_set(diag, NULL, 0, NULL, "could not write \"%s\": %s", path, strerror(errno));
    free(path);
    return ok;
}

static bool make_dirs(const char *dir, PkDiag *diag)
{
    char *copy = xstrdup(dir);
    for (char *slash = copy + 1; *slash; slash++) {
        if (*slash != '/')
            continue;
        *slash = '\0';
        mkdir(copy, 0755);
        *slash = '/';
    }
    bool ok = mkdir(copy, 0755) == 0 || errno == EEXIST;
    if (!ok)
        pk_diag_set(diag, NULL, 0, NULL, "could not create directory \"%s\": %s", dir,
                    strerror(errno));
    free(copy);
    return ok;
}

bool lab_report_write(const LabRunReport *rep, const char *dir, PkDiag *diag)
{
    if (!make_dirs(dir, diag))
        return false;
    StrBuf json = STRBUF_INIT, md = STRBUF_INIT, svg = STRBUF_INIT;
    lab_report_json(rep, &json);
    lab_report_markdown(rep, &md);
    lab_report_svg(rep, &svg);
    char *title = xasprintf("pgknob lab report: %s", rep->selection);
    StrBuf html = STRBUF_INIT;
    report_html_page(title, sb_str(&md), &html);
    bool ok = lab_report_write_file(dir, "summary.json", sb_str(&json), diag) &&
              lab_report_write_file(dir, "summary.md", sb_str(&md), diag) &&
              lab_report_write_file(dir, "chart.svg", sb_str(&svg), diag) &&
              lab_report_write_file(dir, "summary.html", sb_str(&html), diag);
    sb_free(&html);
    free(title);
    sb_free(&json);
    sb_free(&md);
    sb_free(&svg);
    return ok;
}
