/* Renders a TpccResult: the JSON document (docs/tpcc.md has its schema) and the text or
 * Markdown summary. Numbers are printed in the C locale; rates that saw nothing say so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/version.h"
#include "common/xalloc.h"
#include "tpcc/tpcc.h"

static const char *const isolation_names[] = {"read committed", "repeatable read", "serializable"};

static const char *isolation_name(int isolation)
{
    return isolation >= 0 && isolation <= 2 ? isolation_names[isolation] : "unknown";
}

void tpcc_format_rate(double count, double seconds, double per, StrBuf *out)
{
    if (!(seconds > 0))
        sb_put(out, "not measured");
    else if (count <= 0)
        sb_printf(out, "< 1 per %g s", seconds);
    else
        sb_printf(out, "%.1f", count / seconds * per);
}

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static double ms(uint64_t us)
{
    return (double)us / 1000.0;
}

/* Finite numbers only (a measurement that does not apply is 0, not null), rounded to 3
 * decimals so the text stays short. */
static json_t *jnum(double value)
{
    return pk_json_number(isfinite(value) ? round(value * 1000.0) / 1000.0 : 0.0);
}

static json_t *jint(uint64_t value)
{
    return json_integer((json_int_t)value);
}

static void set_num(json_t *obj, const char *key, double value)
{
    pk_json_set(obj, key, jnum(value));
}

static void set_int(json_t *obj, const char *key, uint64_t value)
{
    pk_json_set(obj, key, jint(value));
}

static json_t *json_latency(const TpccHist *hist)
{
    json_t *obj = json_object();
    set_num(obj, "p50", ms(tpcc_hist_quantile(hist, 0.50)));
    set_num(obj, "p90", ms(tpcc_hist_quantile(hist, 0.90)));
    set_num(obj, "p95", ms(tpcc_hist_quantile(hist, 0.95)));
    set_num(obj, "p99", ms(tpcc_hist_quantile(hist, 0.99)));
    set_num(obj, "max", ms(hist->max_us));
    set_num(obj, "mean", tpcc_hist_mean_us(hist) / 1000.0);
    set_num(obj, "stddev", tpcc_hist_stddev_us(hist) / 1000.0);
    return obj;
}

static json_t *json_codes(const TpccCodeCounts *codes)
{
    json_t *obj = json_object();
    for (int idx = 0; idx < codes->used; idx++)
        set_int(obj, codes->code[idx], codes->count[idx]);
    if (codes->other)
        set_int(obj, "other", codes->other);
    return obj;
}

static json_t *json_conditions(const TpccResult *res)
{
    json_t *obj = json_pack("{s:i, s:i}", "warehouses", res->warehouses, "clients", res->clients);
    set_num(obj, "duration_s", res->duration_s);
    set_num(obj, "warmup_s", res->warmup_s);
    pk_json_set(obj, "think", pk_json_bool(res->think));
    pk_json_set(obj, "rate_tps", res->rate_tps > 0 ? jnum(res->rate_tps) : json_null());
    pk_json_set(obj, "latency_limit_ms",
                res->latency_limit_ms > 0 ? jnum(res->latency_limit_ms) : json_null());
    pk_json_set(obj, "isolation", pk_json_str(isolation_name(res->isolation)));
    set_int(obj, "seed", res->seed);
    pk_json_set(obj, "server_version", pk_json_str(res->server_version));
    pk_json_set(obj, "server_version_num", json_integer(res->server_version_num));
    pk_json_set(obj, "nurand_c",
                json_pack("{s:i, s:i, s:i, s:i}", "c_last_load", res->c_last_load, "c_last_run",
                          res->c_last_run, "c_id", res->c_id, "ol_i_id", res->c_ol_i_id));
    return obj;
}

static json_t *rate_text(double count, double seconds, double per)
{
    StrBuf text = STRBUF_INIT;
    tpcc_format_rate(count, seconds, per, &text);
    json_t *str = pk_json_str(sb_str(&text));
    sb_free(&text);
    return str;
}

static void json_headline(const TpccResult *res, json_t *doc)
{
    uint64_t total = tpcc_result_total(res);
    uint64_t new_orders = tpcc_stats_completed(&res->stats, TPCC_NEW_ORDER);
    pk_json_set(doc, "complete", pk_json_bool(res->complete));
    pk_json_set(doc, "stop_reason", pk_json_str(tpcc_stop_reason_key(res->stop_reason)));
    pk_json_set(doc, "stop_detail", pk_json_str(res->stop_detail));
    set_num(doc, "measured_s", res->measured_s);
    set_int(doc, "transactions", total);
    set_num(doc, "tps", tpcc_result_tps(res));
    set_num(doc, "nopm", tpcc_result_nopm(res));
    /* the keying and think times' figure, under a name that is not the TPC's trademark */
    pk_json_set(doc, "nopm_paced", res->think ? jnum(tpcc_result_nopm_paced(res)) : json_null());
    pk_json_set(doc, "tps_text", rate_text((double)total, res->measured_s, 1));
    json_t *per_min = rate_text((double)new_orders, res->measured_s, 60);
    pk_json_set(doc, "nopm_paced_text", res->think ? json_incref(per_min) : json_null());
    pk_json_set(doc, "nopm_text", per_min);
    pk_json_set(doc, "below_resolution", pk_json_bool(total == 0));
    TpccHist *all = xcalloc(1, sizeof(TpccHist));
    tpcc_result_latency(res, all);
    pk_json_set(doc, "latency_ms", json_latency(all));
    free(all);
}

static double pace_lag_mean_ms(const TpccPaceStats *pace)
{
    return pace->lag_count ? ms(pace->lag_sum_us) / (double)pace->lag_count : 0.0;
}

/* The open loop and the latency limit: null when not asked for. */
static void json_pace(const TpccResult *res, json_t *doc)
{
    const TpccPaceStats *pace = &res->stats.pace;
    uint64_t total = tpcc_result_total(res);
    json_t *rate = json_null(), *limit = json_null();
    if (res->rate_tps > 0) {
        rate = json_object();
        set_num(rate, "target_tps", res->rate_tps);
        set_num(rate, "tps", tpcc_result_tps(res));
        set_num(rate, "lag_mean_ms", pace_lag_mean_ms(pace));
        set_num(rate, "lag_max_ms", ms(pace->lag_max_us));
    }
    if (res->latency_limit_ms > 0) {
        limit = json_object();
        set_num(limit, "limit_ms", res->latency_limit_ms);
        set_int(limit, "late", pace->late);
        set_num(limit, "late_pct", pct(pace->late, total));
        pk_json_set(limit, "skipped", res->rate_tps > 0 ? jint(pace->skipped) : json_null());
    }
    pk_json_set(doc, "rate", rate);
    pk_json_set(doc, "latency_limit", limit);
}

static json_t *json_txn_type(const TpccResult *res, const TpccTxnStats *txn)
{
    uint64_t completed = txn->committed + txn->rolled_back;
    json_t *obj = json_object();
    set_int(obj, "completed", completed);
    set_int(obj, "committed", txn->committed);
    set_int(obj, "rolled_back", txn->rolled_back);
    set_int(obj, "failed", txn->failed);
    set_int(obj, "retries", txn->retries);
    set_int(obj, "statements", txn->statements);
    set_int(obj, "round_trips", txn->round_trips);
    set_num(obj, "tps", res->measured_s > 0 ? (double)completed / res->measured_s : 0);
    pk_json_set(obj, "latency_ms", json_latency(&txn->latency));
    return obj;
}

static void json_types(const TpccResult *res, json_t *doc)
{
    uint64_t total = tpcc_result_total(res);
    json_t *mix = json_object(), *types = json_object();
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        const char *key = tpcc_txn_key((TpccTxnType)type);
        set_num(mix, key, pct(tpcc_stats_completed(&res->stats, (TpccTxnType)type), total));
        pk_json_set(types, key, json_txn_type(res, &res->stats.txn[type]));
    }
    pk_json_set(doc, "mix", mix);
    pk_json_set(doc, "types", types);
}

static void json_spec(const TpccResult *res, json_t *doc)
{
    const TpccSpecCounters *spec = &res->stats.spec;
    const TpccTxnStats *no = &res->stats.txn[TPCC_NEW_ORDER];
    uint64_t pays = tpcc_stats_completed(&res->stats, TPCC_PAYMENT);
    uint64_t os = tpcc_stats_completed(&res->stats, TPCC_ORDER_STATUS);
    json_t *obj = json_object();
    set_num(obj, "rollback_pct", pct(no->rolled_back, no->committed + no->rolled_back));
    set_int(obj, "lines", spec->no_lines);
    set_int(obj, "remote_lines", spec->no_remote_lines);
    set_num(obj, "remote_line_pct", pct(spec->no_remote_lines, spec->no_lines));
    set_int(obj, "remote_orders", spec->no_remote_orders);
    pk_json_set(doc, "new_order", obj);
    obj = json_object();
    set_int(obj, "by_last_name", spec->payment_by_name);
    set_num(obj, "by_last_name_pct", pct(spec->payment_by_name, pays));
    set_int(obj, "remote", spec->payment_remote);
    set_num(obj, "remote_pct", pct(spec->payment_remote, pays));
    pk_json_set(doc, "payment", obj);
    obj = json_object();
    set_int(obj, "by_last_name", spec->order_status_by_name);
    set_num(obj, "by_last_name_pct", pct(spec->order_status_by_name, os));
    set_int(obj, "lines", spec->order_status_lines);
    set_int(obj, "line_count_mismatches", spec->order_status_mismatch);
    pk_json_set(doc, "order_status", obj);
    pk_json_set(doc, "delivery",
                json_pack("{s:o, s:o}", "districts_delivered", jint(spec->delivery_districts),
                          "districts_skipped", jint(spec->delivery_skipped)));
    pk_json_set(doc, "stock_level",
                json_pack("{s:o}", "low_stock_total", jint(spec->stock_level_low)));
    pk_json_set(doc, "errors", json_codes(&res->stats.errors));
    pk_json_set(doc, "retries", json_codes(&res->stats.retried));
}

static json_t *json_client(const TpccResult *res)
{
    double cpu = res->cpu_user_s + res->cpu_sys_s;
    uint64_t total = tpcc_result_total(res), statements = tpcc_result_statements(res);
    uint64_t trips = tpcc_result_round_trips(res);
    double share = res->measured_s > 0 ? cpu / res->measured_s : 0;
    json_t *obj = json_object();
    set_num(obj, "cpu_user_s", res->cpu_user_s);
    set_num(obj, "cpu_sys_s", res->cpu_sys_s);
    set_int(obj, "statements", statements);
    set_num(obj, "statements_per_txn", total ? (double)statements / (double)total : 0);
    set_int(obj, "round_trips", trips);
    set_num(obj, "round_trips_per_txn", total ? (double)trips / (double)total : 0);
    set_num(obj, "cpu_per_txn_ms", total ? cpu * 1e3 / (double)total : 0);
    set_num(obj, "cpu_per_statement_us", statements ? cpu * 1e6 / (double)statements : 0);
    set_num(obj, "core_share", share);
    pk_json_set(obj, "cpus", json_integer(res->client_cpus));
    pk_json_set(obj, "client_bound", pk_json_bool(share >= 0.8 * res->client_cpus));
    return obj;
}

static json_t *json_series(const TpccResult *res)
{
    int seconds = (int)ceil(res->measured_s);
    if (seconds > res->stats.series_len)
        seconds = res->stats.series_len;
    json_t *list = json_array();
    for (int second = 0; second < seconds; second++) {
        const TpccSecond *sec = &res->stats.series[second];
        uint64_t done = 0;
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            done += sec->done[type];
        json_t *obj = json_pack("{s:i}", "t", second + 1);
        set_int(obj, "transactions", done);
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            set_int(obj, tpcc_txn_key((TpccTxnType)type), sec->done[type]);
        set_int(obj, "failed", sec->failed);
        set_num(obj, "latency_mean_ms", done ? ms(sec->latency_sum_us) / (double)done : 0);
        set_num(obj, "latency_max_ms", ms(sec->latency_max_us));
        json_array_append_new(list, obj);
    }
    return list;
}

json_t *tpcc_result_json(const TpccResult *res)
{
    json_t *doc = json_pack("{s:s, s:s}", "tool", "pgknob tpcc", "version", PK_VERSION);
    json_headline(res, doc);
    json_pace(res, doc);
    pk_json_set(doc, "conditions", json_conditions(res));
    json_types(res, doc);
    json_spec(res, doc);
    pk_json_set(doc, "client", json_client(res));
    pk_json_set(doc, "series", json_series(res));
    return doc;
}

void tpcc_result_to_json(const TpccResult *res, StrBuf *out)
{
    pk_json_dump(out, tpcc_result_json(res), PK_JSON_PRETTY);
}

void tpcc_progress_text(const TpccProgress *progress, const TpccRunOpts *opts, StrBuf *out)
{
    sb_printf(out, "progress: %.1f s, %.1f tps, lat %.3f ms stddev %.3f, %llu failed",
              progress->elapsed_s, progress->tps, progress->latency_mean_ms,
              progress->latency_stddev_ms, (unsigned long long)progress->failed);
    if (opts->rate_tps > 0)
        sb_printf(out, ", lag %.3f ms", progress->lag_mean_ms);
    if (opts->latency_limit_ms > 0)
        sb_printf(out, ", %llu late", (unsigned long long)progress->late);
    if (opts->latency_limit_ms > 0 && opts->rate_tps > 0)
        sb_printf(out, ", %llu skipped", (unsigned long long)progress->skipped);
    sb_printf(out, " (%s%.1f s left)", progress->warmup ? "warm-up, " : "", progress->left_s);
}

static void text_header(const TpccResult *res, bool md, StrBuf *out)
{
    sb_printf(out,
              "%sTPC-C-derived run: %d warehouse%s, %d client%s, %.1f s measured (%.1f s asked, "
              "%.1f s warm-up), %s, think time %s, PostgreSQL %s\n",
              md ? "## " : "", res->warehouses, res->warehouses == 1 ? "" : "s", res->clients,
              res->clients == 1 ? "" : "s", res->measured_s, res->duration_s, res->warmup_s,
              isolation_name(res->isolation), res->think ? "on" : "off", res->server_version);
    if (md)
        sb_putc(out, '\n');
    if (res->complete)
        sb_put(out, "result: complete\n");
    else
        sb_printf(out, "result: INCOMPLETE (%s%s%s)\n",
                  res->stop_reason == TPCC_STOP_SERVER_LOST ? "server lost" : "interrupted",
                  res->stop_detail[0] ? ": " : "", res->stop_detail);
    StrBuf tps = STRBUF_INIT, nopm = STRBUF_INIT;
    tpcc_format_rate((double)tpcc_result_total(res), res->measured_s, 1, &tps);
    tpcc_format_rate((double)tpcc_stats_completed(&res->stats, TPCC_NEW_ORDER), res->measured_s, 60,
                     &nopm);
    if (tpcc_result_total(res) == 0)
        sb_printf(out, "%sthroughput: no transaction completed: %s transactions, %s New-Orders\n",
                  md ? "\n" : "", sb_str(&tps), sb_str(&nopm));
    else
        sb_printf(out, "%sthroughput: %s tps, %s NOPM (New-Order transactions per minute, %s)\n",
                  md ? "\n" : "", sb_str(&tps), sb_str(&nopm),
                  res->think ? "paced by the keying and think times of clause 5.2.5"
                             : "no keying or think times");
    sb_printf(out, "%s%s\n", md ? "\n" : "", TPCC_NOT_TPC_RESULTS);
    sb_free(&tps);
    sb_free(&nopm);
}

/* Average and spread of every completed transaction, then the open loop and the limit. */
static void text_pace(const TpccResult *res, const char *item, StrBuf *out)
{
    TpccHist *all = xcalloc(1, sizeof(TpccHist));
    tpcc_result_latency(res, all);
    if (all->count)
        sb_printf(out, "%slatency: average %.3f ms, stddev %.3f ms (%s, retries included)\n", item,
                  tpcc_hist_mean_us(all) / 1000.0, tpcc_hist_stddev_us(all) / 1000.0,
                  res->rate_tps > 0 ? "from the scheduled start" : "from the start");
    free(all);
    const TpccPaceStats *pace = &res->stats.pace;
    if (res->rate_tps > 0)
        sb_printf(out,
                  "%srate: %.1f tps asked (Poisson arrivals, each client its own schedule), "
                  "%.1f tps done; schedule lag average %.3f ms, max %.3f ms\n",
                  item, res->rate_tps, tpcc_result_tps(res), pace_lag_mean_ms(pace),
                  ms(pace->lag_max_us));
    if (res->latency_limit_ms > 0) {
        sb_printf(out, "%slatency limit %.3f ms: %llu completed above it (%.2f%%)", item,
                  res->latency_limit_ms, (unsigned long long)pace->late,
                  pct(pace->late, tpcc_result_total(res)));
        if (res->rate_tps > 0)
            sb_printf(out, ", %llu skipped (already later than the limit when due)",
                      (unsigned long long)pace->skipped);
        sb_putc(out, '\n');
    }
}

static void text_table(const TpccResult *res, bool md, StrBuf *out)
{
    uint64_t total = tpcc_result_total(res);
    if (md)
        sb_put(out, "\n| transaction | completed | share | failed | retries | p50 ms | p90 ms "
                    "| p95 ms | p99 ms | max ms |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    else
        sb_put(out, "\ntransaction   completed   share  failed retries   p50 ms   p90 ms   "
                    "p95 ms   p99 ms   max ms\n");
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        const TpccTxnStats *txn = &res->stats.txn[type];
        const TpccHist *h = &txn->latency;
        uint64_t done = txn->committed + txn->rolled_back;
        const char *title = tpcc_txn_title((TpccTxnType)type);
        double p50 = ms(tpcc_hist_quantile(h, 0.5)), p90 = ms(tpcc_hist_quantile(h, 0.9));
        double p95 = ms(tpcc_hist_quantile(h, 0.95)), p99 = ms(tpcc_hist_quantile(h, 0.99));
        unsigned long long failed = txn->failed, retries = txn->retries;
        if (md)
            sb_printf(out,
                      "| %s | %llu | %.1f%% | %llu | %llu | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
                      title, (unsigned long long)done, pct(done, total), failed, retries, p50, p90,
                      p95, p99, ms(h->max_us));
        else
            sb_printf(out, "%-12s %10llu %6.1f%% %7llu %7llu %8.2f %8.2f %8.2f %8.2f %8.2f\n",
                      title, (unsigned long long)done, pct(done, total), failed, retries, p50, p90,
                      p95, p99, ms(h->max_us));
    }
    if (md)
        sb_putc(out, '\n');
}

static void text_codes(const char *label, const TpccCodeCounts *codes, StrBuf *out)
{
    sb_printf(out, "%s:", label);
    if (codes->used == 0 && codes->other == 0)
        sb_put(out, " none");
    for (int idx = 0; idx < codes->used; idx++)
        sb_printf(out, " %s=%llu", codes->code[idx], (unsigned long long)codes->count[idx]);
    if (codes->other)
        sb_printf(out, " other=%llu", (unsigned long long)codes->other);
    sb_putc(out, '\n');
}

static void text_spec(const TpccResult *res, const char *item, StrBuf *out)
{
    const TpccSpecCounters *spec = &res->stats.spec;
    const TpccTxnStats *no = &res->stats.txn[TPCC_NEW_ORDER];
    uint64_t pays = tpcc_stats_completed(&res->stats, TPCC_PAYMENT);
    uint64_t os = tpcc_stats_completed(&res->stats, TPCC_ORDER_STATUS);
    sb_printf(out,
              "%sNew-Order: %llu rolled back on an unused item (%.2f%%), %.2f%% of order "
              "lines from a remote warehouse\n",
              item, (unsigned long long)no->rolled_back,
              pct(no->rolled_back, no->committed + no->rolled_back),
              pct(spec->no_remote_lines, spec->no_lines));
    sb_printf(out, "%sPayment: %.1f%% by last name, %.1f%% through a remote warehouse\n", item,
              pct(spec->payment_by_name, pays), pct(spec->payment_remote, pays));
    sb_printf(out,
              "%sOrder-Status: %.1f%% by last name, %llu order lines read, %llu line-count "
              "mismatches\n",
              item, pct(spec->order_status_by_name, os),
              (unsigned long long)spec->order_status_lines,
              (unsigned long long)spec->order_status_mismatch);
    sb_printf(out, "%sDelivery: %llu districts delivered, %llu skipped (no undelivered order)\n",
              item, (unsigned long long)spec->delivery_districts,
              (unsigned long long)spec->delivery_skipped);
}

static void text_client(const TpccResult *res, const char *item, StrBuf *out)
{
    double cpu = res->cpu_user_s + res->cpu_sys_s;
    uint64_t total = tpcc_result_total(res), statements = tpcc_result_statements(res);
    sb_printf(out,
              "%sclient CPU: %.2f s (%.1f%% of one core), %.3f ms per transaction, %.1f us "
              "per statement (%.1f statements in %.1f round trips per transaction)\n",
              item, cpu, res->measured_s > 0 ? 100.0 * cpu / res->measured_s : 0.0,
              total ? cpu * 1e3 / (double)total : 0.0,
              statements ? cpu * 1e6 / (double)statements : 0.0,
              total ? (double)statements / (double)total : 0.0,
              total ? (double)tpcc_result_round_trips(res) / (double)total : 0.0);
    double share = res->measured_s > 0 ? cpu / res->measured_s : 0.0;
    if (res->client_cpus > 0 && share >= 0.8 * res->client_cpus)
        sb_printf(out,
                  "%swarning: the driver used %.0f%% of the %d CPUs: this throughput is the "
                  "client's limit, not the server's\n",
                  item, 100.0 * share / res->client_cpus, res->client_cpus);
    else if (share >= 0.5)
        sb_printf(out,
                  "%snote: the driver used %.0f%% of one core, CPU the server did not get "
                  "if both share the machine\n",
                  item, 100.0 * share);
}

void tpcc_result_to_text(const TpccResult *res, bool markdown, StrBuf *out)
{
    const char *item = markdown ? "- " : "";
    text_header(res, markdown, out);
    if (markdown)
        sb_putc(out, '\n');
    text_pace(res, item, out);
    text_table(res, markdown, out);
    text_spec(res, item, out);
    sb_put(out, item);
    text_codes("errors by SQLSTATE", &res->stats.errors, out);
    sb_put(out, item);
    text_codes("retries by SQLSTATE", &res->stats.retried, out);
    text_client(res, item, out);
}
