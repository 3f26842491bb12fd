#include "lab/lab_report.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/fp.h"
#include "common/redact.h"
#include "common/strbuf.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "lab/svg.h"

#define KEY_SETTINGS_SHOWN 4
#define WAITS_SHOWN 5

/* ---- shared helpers ---- */

static bool is_baseline(const StageResult *stage)
{
    if (stage->lab->kind == LAB_STAGE)
        return stage->lab->order == 0;
    return stage->run == NULL;
}

const StageResult *lab_report_baseline_of(const LabRunReport *rep, const StageResult *stage)
{
    if (is_baseline(stage))
        return NULL;
    for (size_t idx = 0; idx < rep->n; idx++) {
        const StageResult *cand = &rep->stages[idx];
        if (is_baseline(cand) && !strcmp(cand->group, stage->group) && cand->ran)
            return cand;
    }
    return NULL;
}

/* How many times slower than the baseline; *lower_bound when the stage completed nothing (the
 * true factor is then at least the returned value). < 0 when not comparable. */
static double slower_factor(const StageResult *base, const StageResult *stage, bool *lower_bound)
{
    *lower_bound = false;
    if (!base || !stage->ran || base->result.tps <= 0)
        return -1;
    if (stage->result.completed == 0) {
        *lower_bound = true;
        return base->result.tps * (stage->result.measured_s > 0 ? stage->result.measured_s : 1);
    }
    return base->result.tps / stage->result.tps;
}

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
    return lab_format_tps((double)stage->result.completed, stage->result.tps,
                          stage->result.measured_s);
}

static char *format_bytes(double bytes)
{
    static const char *const units[] = {"B", "kB", "MB", "GB", "TB"};
    int unit = 0;
    while (fabs(bytes) >= 1024 && unit < 4) {
        bytes /= 1024;
        unit++;
    }
    return xasprintf(unit ? "%.1f %s" : "%.0f %s", bytes, units[unit]);
}

/* Does a finding concern one of the settings this stage changed? */
static bool finding_matches_changes(const Finding *finding, const LabSettings *changes)
{
    for (size_t idx = 0; idx < finding->n_settings; idx++)
        if (lab_settings_get(changes, finding->settings[idx].name))
            return true;
    return false;
}

/* ---- JSON ---- */

static void json_num(StrBuf *out, const char *key, double value, bool comma)
{
    sb_put_json_str(out, key);
    if (value < 0 || isnan(value) || isinf(value))
        sb_put(out, ":null");
    else if (value < 1e15 && fp_is_integral(value))
        sb_printf(out, ":%.0f", value); /* counters exactly */
    else
        sb_printf(out, ":%.6g", value);
    if (comma)
        sb_putc(out, ',');
}

static void json_settings(StrBuf *out, const char *key, const LabSettings *set,
                          char *const *contexts)
{
    sb_put_json_str(out, key);
    sb_put(out, ":[");
    for (size_t idx = 0; idx < set->n; idx++) {
        const LabSetting *item = &set->items[idx];
        sb_put(out, idx ? ",{\"name\":" : "{\"name\":");
        sb_put_json_str(out, item->name);
        sb_put(out, ",\"value\":");
        sb_put_json_str(out, item->value);
        sb_put(out, ",\"file\":");
        sb_put_json_str(out, item->file);
        sb_printf(out, ",\"line\":%d", item->line);
        if (contexts) {
            sb_put(out, ",\"context\":");
            sb_put_json_str(out, contexts[idx]);
        }
        sb_putc(out, '}');
    }
    sb_put(out, "]");
}

static void json_workload(StrBuf *out, const WorkloadParams *params)
{
    sb_put(out, "\"workload\":{\"type\":");
    sb_put_json_str(out, params->type == WORKLOAD_TPCC ? "tpcc" : "query");
    sb_printf(out, ",\"warehouses\":%d,\"clients\":%d,", params->warehouses, params->clients);
    json_num(out, "duration_s", params->duration_s, true);
    json_num(out, "warmup_s", params->warmup_s, true);
    sb_put(out, "\"sql\":");
    sb_put_json_str(out, params->type == WORKLOAD_QUERY ? params->sql : NULL);
    sb_put(out, "}");
}

static void json_latency(StrBuf *out, const WorkloadResult *res)
{
    sb_put(out, "\"latency_ms\":{");
    json_num(out, "p50", res->p50_ms, true);
    json_num(out, "p90", res->p90_ms, true);
    json_num(out, "p95", res->p95_ms, true);
    json_num(out, "p99", res->p99_ms, true);
    json_num(out, "max", res->max_ms, false);
    sb_put(out, "}");
}

static void json_stats(StrBuf *out, const StageResult *stage)
{
    if (!stage->have_delta) {
        sb_put(out, "\"stats\":null");
        return;
    }
    const StatCounters *d = &stage->delta;
    sb_put(out, "\"stats\":{");
    json_num(out, "cache_hit_ratio", stat_cache_hit_ratio(d), true);
    json_num(out, "blks_hit", d->blks_hit, true);
    json_num(out, "blks_read", d->blks_read, true);
    json_num(out, "checkpoints_timed", d->checkpoints_timed, true);
    json_num(out, "checkpoints_requested", d->checkpoints_req, true);
    json_num(out, "autovacuum_runs", d->autovacuum_runs, true);
    json_num(out, "autoanalyze_runs", d->autoanalyze_runs, true);
    json_num(out, "wal_bytes", d->wal_bytes, true);
    json_num(out, "temp_files", d->temp_files, true);
    json_num(out, "temp_bytes", d->temp_bytes, true);
    json_num(out, "xact_commit", d->xact_commit, true);
    json_num(out, "xact_rollback", d->xact_rollback, false);
    sb_put(out, "}");
}

static void json_waits(StrBuf *out, const WaitSample *waits)
{
    sb_printf(out, "\"wait_events\":{\"samples\":%llu,\"observations\":%llu,\"top\":[",
              (unsigned long long)waits->samples, (unsigned long long)waits->backends);
    for (int idx = 0; idx < waits->n_kinds; idx++) {
        sb_put(out, idx ? ",{\"event\":" : "{\"event\":");
        sb_put_json_str(out, waits->kind[idx]);
        sb_printf(out, ",\"count\":%llu,", (unsigned long long)waits->count[idx]);
        json_num(out, "share",
                 waits->backends ? (double)waits->count[idx] / (double)waits->backends : -1,
                 false);
        sb_putc(out, '}');
    }
    sb_put(out, "]}");
}

static void json_findings(StrBuf *out, const StageResult *stage)
{
    sb_put(out, "\"findings\":[");
    for (size_t idx = 0; idx < stage->findings.n; idx++) {
        const Finding *f = &stage->findings.items[idx];
        sb_put(out, idx ? ",{\"rule\":" : "{\"rule\":");
        sb_put_json_str(out, f->rule_id);
        sb_put(out, ",\"name\":");
        sb_put_json_str(out, f->rule_name);
        sb_put(out, ",\"severity\":");
        sb_put_json_str(out, severity_name(f->severity));
        sb_put(out, ",\"title\":");
        sb_put_json_str(out, f->title);
        sb_put(out, ",\"message\":");
        sb_put_json_str(out, f->message);
        sb_printf(out, ",\"new_in_stage\":%s}",
                  finding_matches_changes(f, &stage->changes) ? "true" : "false");
    }
    sb_put(out, "],\"findings_error\":");
    sb_put_json_str(out, stage->findings_error);
}

static void json_reference(StrBuf *out, const Lab *lab)
{
    sb_put(out, "\"reference\":{");
    json_num(out, "tps", lab->reference.tps, true);
    sb_put(out, "\"label\":");
    sb_put_json_str(out, lab->reference.label);
    sb_put(out, ",\"source\":");
    sb_put_json_str(out, lab->reference.source);
    sb_put(out, "}");
}

static void json_result(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    const WorkloadResult *res = &stage->result;
    char *tps_text = stage_tps_text(stage);
    sb_put(out, "\"tps_text\":");
    sb_put_json_str(out, tps_text);
    free(tps_text);
    sb_putc(out, ',');
    json_num(out, "tps", stage->ran ? res->tps : -1, true);
    json_num(out, "tpmc", stage->ran ? res->tpmc : -1, true);
    sb_printf(out, "\"completed\":%llu,\"failed\":%llu,\"complete\":%s,",
              (unsigned long long)res->completed, (unsigned long long)res->failed,
              res->complete ? "true" : "false");
    json_num(out, "measured_s", res->measured_s, true);
    json_num(out, "client_cpu_s", stage->ran ? res->client_cpu_s : -1, true);
    json_num(out, "load_avg", stage->ran ? stage->load_avg : -1, true);
    bool lower = false;
    double factor = slower_factor(lab_report_baseline_of(rep, stage), stage, &lower);
    json_num(out, "slower_than_baseline", factor, true);
    sb_printf(out, "\"slower_is_lower_bound\":%s,", lower ? "true" : "false");
    json_latency(out, res);
    sb_put(out, ",\"errors\":");
    sb_put_json_str(out, res->errors);
    sb_put(out, ",\"per_second\":[");
    for (int sec = 0; sec < res->n_seconds; sec++)
        sb_printf(out, "%s%u", sec ? "," : "", res->per_second[sec]);
    sb_put(out, "]");
}

static void json_stage(StrBuf *out, const LabRunReport *rep, const StageResult *stage)
{
    sb_put(out, "{\"id\":");
    sb_put_json_str(out, stage->id);
    sb_put(out, ",\"group\":");
    sb_put_json_str(out, stage->group);
    sb_put(out, ",\"lab\":");
    sb_put_json_str(out, stage->lab->id);
    sb_put(out, ",\"run\":");
    sb_put_json_str(out, stage->run ? stage->run->name : NULL);
    sb_put(out, ",\"title\":");
    sb_put_json_str(out, stage->title);
    sb_printf(out, ",\"ran\":%s,\"error\":", stage->ran ? "true" : "false");
    sb_put_json_str(out, stage->error);
    sb_printf(out, ",\"restarted\":%s,\"restart_params\":", stage->restarted ? "true" : "false");
    sb_put_json_str(out, stage->restart_params);
    sb_putc(out, ',');
    json_workload(out, &stage->params);
    sb_putc(out, ',');
    json_settings(out, "changes", &stage->changes, stage->change_contexts);
    sb_putc(out, ',');
    json_settings(out, "settings", &stage->settings, NULL);
    sb_putc(out, ',');
    json_result(out, rep, stage);
    sb_putc(out, ',');
    json_stats(out, stage);
    sb_putc(out, ',');
    json_waits(out, &stage->waits);
    sb_putc(out, ',');
    json_findings(out, stage);
    sb_putc(out, ',');
    json_reference(out, stage->lab);
    sb_put(out, "}");
}

static void json_conditions(StrBuf *out, const LabRunReport *rep)
{
    sb_put(out, "\"conditions\":{\"server\":");
    sb_put_json_str(out, rep->server_origin);
    sb_put(out, ",\"server_version\":");
    sb_put_json_str(out, rep->server_version);
    sb_printf(out, ",\"warehouses\":%d,", rep->warehouses);
    json_num(out, "load_s", rep->load_s, true);
    sb_put(out, "\"machine\":{\"cpu\":");
    sb_put_json_str(out, rep->machine_cpu);
    sb_printf(out, ",\"cores\":%d,", rep->machine_cores);
    json_num(out, "ram_bytes", rep->machine_ram_bytes, true);
    sb_put(out, "\"kernel\":");
    sb_put_json_str(out, rep->machine_kernel);
    sb_putc(out, ',');
    json_num(out, "load_before", rep->load_before, true);
    json_num(out, "load_after", rep->load_after, false);
    sb_put(out, "}}");
}

void lab_report_json(const LabRunReport *rep, StrBuf *out)
{
    sb_put(out, "{\"tool\":\"pgknob\",\"version\":");
    sb_put_json_str(out, PK_VERSION);
    sb_put(out, ",\"report\":\"lab\",\"selection\":");
    sb_put_json_str(out, rep->selection);
    sb_printf(out, ",\"quick\":%s,\"interrupted\":%s,\"restored\":%s,\"restore_error\":",
              rep->quick ? "true" : "false", rep->interrupted ? "true" : "false",
              rep->restored ? "true" : "false");
    sb_put_json_str(out, rep->restore_error);
    sb_putc(out, ',');
    json_conditions(out, rep);
    sb_put(out, ",\"stages\":[");
    for (size_t idx = 0; idx < rep->n; idx++) {
        if (idx)
            sb_putc(out, ',');
        sb_put(out, "\n");
        json_stage(out, rep, &rep->stages[idx]);
    }
    sb_put(out, "\n]}\n");
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
    sb_printf(out, " | %s | ", tps);
    if (stage->ran && stage->result.tpmc >= 0)
        sb_printf(out, "%.0f", stage->result.tpmc);
    sb_put(out, " | ");
    if (stage->ran && stage->result.p95_ms >= 0)
        sb_printf(out, "%.1f ms", stage->result.p95_ms);
    bool lower = false;
    char *factor = format_factor(
        slower_factor(lab_report_baseline_of(rep, stage), stage, &lower), lower);
    sb_printf(out, " | %s | ", is_baseline(stage) ? "1×" : factor);
    if (stage->lab->reference.tps >= 0 && (stage->run == NULL || stage->lab->kind == LAB_STAGE))
        sb_printf(out, "%g", stage->lab->reference.tps);
    sb_put(out, " | ");
    md_predicted(out, stage, true);
    sb_put(out, " |\n");
    free(factor);
    free(tps);
}

static void md_conditions(StrBuf *out, const LabRunReport *rep)
{
    sb_put(out, "**Conditions.** ");
    sb_put_md(out, rep->server_origin ? rep->server_origin : "no server");
    sb_printf(out, "; TPC-C database of %d warehouse%s", rep->warehouses,
              rep->warehouses == 1 ? "" : "s");
    if (rep->n > 0) {
        const WorkloadParams *p = &rep->stages[0].params;
        sb_printf(out, "; %d client%s, %.0f s measured after a %.0f s warm-up per stage%s",
                  p->clients, p->clients == 1 ? "" : "s", p->duration_s, p->warmup_s,
                  rep->quick ? " (--quick)" : "");
    }
    char *ram = format_bytes(rep->machine_ram_bytes);
    sb_put(out, ". Machine: ");
    sb_put_md(out, rep->machine_cpu ? rep->machine_cpu : "unknown CPU");
    sb_printf(out, ", %d cores, %s RAM, ", rep->machine_cores, ram);
    sb_put_md(out, rep->machine_kernel ? rep->machine_kernel : "unknown kernel");
    if (rep->load_before >= 0 && rep->load_after >= 0)
        sb_printf(out, "; load average %.1f before and %.1f after the run (the machine is shared: "
                       "above the core count, other work competed for the CPU)",
                  rep->load_before, rep->load_after);
    sb_put(out, ". Our numbers are this machine's; the article's come from its own (much larger) "
                "machine and workload, so compare the ratios, not the absolute values.\n\n");
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
    char *wal = format_bytes(d->wal_bytes), *wal_txn = format_bytes(d->wal_bytes / per_txn);
    char *temp = format_bytes(d->temp_bytes);
    sb_put(out, "- cache hit ratio: ");
    if (ratio >= 0)
        sb_printf(out, "%.2f%% (%.0f blocks read, %.*f per transaction)\n", ratio * 100,
                  d->blks_read, d->blks_read / per_txn < 10 ? 1 : 0, d->blks_read / per_txn);
    else
        sb_put(out, "no block accesses counted\n");
    sb_printf(out, "- checkpoints: %.0f timed, %.0f requested\n", d->checkpoints_timed,
              d->checkpoints_req);
    sb_printf(out, "- autovacuum runs: %.0f vacuum, %.0f analyze\n", d->autovacuum_runs,
              d->autoanalyze_runs);
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
    if (res->tpmc >= 0)
        sb_printf(out, ", %.0f tpmC", res->tpmc);
    sb_printf(out, " (%llu completed in %.1f s", (unsigned long long)res->completed,
              res->measured_s);
    if (res->p50_ms >= 0)
        sb_printf(out, "; latency p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms",
                  res->p50_ms, res->p95_ms, res->p99_ms, res->max_ms);
    sb_put(out, ")");
    bool lower = false;
    double factor = slower_factor(lab_report_baseline_of(rep, stage), stage, &lower);
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

void lab_report_markdown(const LabRunReport *rep, StrBuf *out)
{
    sb_put(out, "# pgknob lab report: ");
    sb_put_md(out, rep->selection);
    sb_put(out, rep->quick ? " (quick)\n\n" : "\n\n");
    md_conditions(out, rep);
    sb_put(out, "![TPS per stage, log scale; TPS over time](chart.svg)\n\n");
    sb_put(out, "| stage | key settings | TPS | tpmC | p95 latency | × slower than baseline | "
                "article TPS | predicted by |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t idx = 0; idx < rep->n; idx++)
        md_table_row(out, rep, &rep->stages[idx]);
    sb_put(out, "\n\"< 1 per D\" means no transaction completed in the D seconds measured: the "
                "rate is below one per D, not zero. \"× slower\" divides the baseline's TPS by the "
                "stage's; with nothing completed it is a lower bound.\n\n## Stages\n\n");
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
        series[n].label = stage->id;
        series[n].tps = stage->result.completed ? stage->result.tps : 0;
        series[n].upper_bound = stage->result.measured_s > 0 ? 1 / stage->result.measured_s : 1;
        series[n].per_second = stage->result.per_second;
        series[n].n_seconds = stage->result.n_seconds;
        series[n].tps_text = texts[n];
        n++;
    }
    char *title = xasprintf("pgknob lab: %s, PostgreSQL %s", rep->selection,
                            rep->server_version ? rep->server_version : "?");
    svg_chart(series, n, title, out);
    free(title);
    for (int idx = 0; idx < n; idx++)
        free(texts[idx]);
    free(texts);
    free(series);
}

/* ---- HTML ---- */

char *lab_report_html(const char *markdown, const char *title)
{
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    cmark_syntax_extension *table = cmark_find_syntax_extension("table");
    if (table)
        cmark_parser_attach_syntax_extension(parser, table);
    cmark_parser_feed(parser, markdown, strlen(markdown));
    cmark_node *doc = cmark_parser_finish(parser);
    char *body = cmark_render_html(doc, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser));
    StrBuf out = STRBUF_INIT;
    sb_put(&out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    sb_put_xml(&out, title);
    sb_put(&out, "</title>\n<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;"
                 "line-height:1.45}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
                 "padding:.3em .5em;vertical-align:top}img{max-width:100%}</style>\n"
                 "</head><body>\n");
    sb_put(&out, body);
    sb_put(&out, "</body></html>\n");
    free(body);
    cmark_node_free(doc);
    cmark_parser_free(parser);
    return sb_detach(&out);
}

/* ---- files ---- */

/* Every summary file goes through the one redaction path (a --dsn's password, URL userinfo)
 * and, but for JSON (escaped by its encoding), shows control bytes instead of sending them. */
static bool write_file(const char *dir, const char *name, const char *text, char **errmsg)
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
        *errmsg = xasprintf("could not write \"%s\": %s", path, strerror(errno));
    free(path);
    return ok;
}

static bool make_dirs(const char *dir, char **errmsg)
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
        *errmsg = xasprintf("could not create directory \"%s\": %s", dir, strerror(errno));
    free(copy);
    return ok;
}

bool lab_report_write(const LabRunReport *rep, const char *dir, char **errmsg)
{
    if (!make_dirs(dir, errmsg))
        return false;
    StrBuf json = STRBUF_INIT, md = STRBUF_INIT, svg = STRBUF_INIT;
    lab_report_json(rep, &json);
    lab_report_markdown(rep, &md);
    lab_report_svg(rep, &svg);
    char *title = xasprintf("pgknob lab report: %s", rep->selection);
    char *html = lab_report_html(sb_str(&md), title);
    bool ok = write_file(dir, "summary.json", sb_str(&json), errmsg) &&
              write_file(dir, "summary.md", sb_str(&md), errmsg) &&
              write_file(dir, "chart.svg", sb_str(&svg), errmsg) &&
              write_file(dir, "summary.html", html, errmsg);
    free(html);
    free(title);
    sb_free(&json);
    sb_free(&md);
    sb_free(&svg);
    return ok;
}
