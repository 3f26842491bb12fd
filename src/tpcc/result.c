/* Renders a TpccResult: the JSON document (docs/tpcc.md has its schema) and the text or
 * Markdown summary. Numbers are printed in the C locale; rates that saw nothing say so. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/version.h"
#include "tpcc/tpcc.h"

static const char *const isolation_names[] = {"read committed", "repeatable read",
                                              "serializable"};

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

/* Finite numbers only: JSON has no inf or nan. */
static void json_num(StrBuf *out, double value)
{
    sb_printf(out, "%.3f", isfinite(value) ? value : 0.0);
}

static void json_key_num(StrBuf *out, const char *key, double value, bool comma)
{
    sb_printf(out, "\"%s\": ", key);
    json_num(out, value);
    if (comma)
        sb_put(out, ", ");
}

static void json_key_u64(StrBuf *out, const char *key, uint64_t value, bool comma)
{
    sb_printf(out, "\"%s\": %llu%s", key, (unsigned long long)value, comma ? ", " : "");
}

static void json_latency(StrBuf *out, const TpccHist *hist)
{
    sb_put(out, "{");
    json_key_num(out, "p50", ms(tpcc_hist_quantile(hist, 0.50)), true);
    json_key_num(out, "p90", ms(tpcc_hist_quantile(hist, 0.90)), true);
    json_key_num(out, "p95", ms(tpcc_hist_quantile(hist, 0.95)), true);
    json_key_num(out, "p99", ms(tpcc_hist_quantile(hist, 0.99)), true);
    json_key_num(out, "max", ms(hist->max_us), true);
    json_key_num(out, "mean", hist->count ? ms(hist->sum_us) / (double)hist->count : 0, false);
    sb_put(out, "}");
}

static void json_codes(StrBuf *out, const TpccCodeCounts *codes)
{
    sb_put(out, "{");
    for (int idx = 0; idx < codes->used; idx++) {
        sb_printf(out, "%s", idx ? ", " : "");
        sb_put_json_str(out, codes->code[idx]);
        sb_printf(out, ": %llu", (unsigned long long)codes->count[idx]);
    }
    if (codes->other)
        sb_printf(out, "%s\"other\": %llu", codes->used ? ", " : "",
                  (unsigned long long)codes->other);
    sb_put(out, "}");
}

static void json_conditions(const TpccResult *res, StrBuf *out)
{
    sb_printf(out, "  \"conditions\": {\"warehouses\": %d, \"clients\": %d, ", res->warehouses,
              res->clients);
    json_key_num(out, "duration_s", res->duration_s, true);
    json_key_num(out, "warmup_s", res->warmup_s, true);
    sb_printf(out, "\"think\": %s, \"isolation\": \"%s\", \"seed\": %llu, ",
              res->think ? "true" : "false", isolation_name(res->isolation),
              (unsigned long long)res->seed);
    sb_put(out, "\"server_version\": ");
    sb_put_json_str(out, res->server_version);
    sb_printf(out, ", \"server_version_num\": %d,\n    \"nurand_c\": {\"c_last_load\": %d, "
              "\"c_last_run\": %d, \"c_id\": %d, \"ol_i_id\": %d}},\n",
              res->server_version_num, res->c_last_load, res->c_last_run, res->c_id,
              res->c_ol_i_id);
}

static void json_headline(const TpccResult *res, StrBuf *out)
{
    uint64_t total = tpcc_result_total(res);
    uint64_t new_orders = tpcc_stats_completed(&res->stats, TPCC_NEW_ORDER);
    sb_printf(out, "  \"complete\": %s, \"stop_reason\": \"%s\", \"stop_detail\": ",
              res->complete ? "true" : "false", tpcc_stop_reason_key(res->stop_reason));
    sb_put_json_str(out, res->stop_detail);
    sb_put(out, ",\n  ");
    json_key_num(out, "measured_s", res->measured_s, true);
    json_key_u64(out, "transactions", total, true);
    json_key_num(out, "tps", tpcc_result_tps(res), true);
    json_key_num(out, "tpmc", tpcc_result_tpmc(res), true);
    sb_put(out, "\n  \"tps_text\": ");
    StrBuf text = STRBUF_INIT;
    tpcc_format_rate((double)total, res->measured_s, 1, &text);
    sb_put_json_str(out, sb_str(&text));
    sb_reset(&text);
    sb_put(out, ", \"tpmc_text\": ");
    tpcc_format_rate((double)new_orders, res->measured_s, 60, &text);
    sb_put_json_str(out, sb_str(&text));
    sb_free(&text);
    sb_printf(out, ", \"below_resolution\": %s,\n", total == 0 ? "true" : "false");
}

static void json_types(const TpccResult *res, StrBuf *out)
{
    uint64_t total = tpcc_result_total(res);
    sb_put(out, "  \"mix\": {");
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        sb_printf(out, "%s\"%s\": ", type ? ", " : "", tpcc_txn_key((TpccTxnType)type));
        json_num(out, pct(tpcc_stats_completed(&res->stats, (TpccTxnType)type), total));
    }
    sb_put(out, "},\n  \"types\": {\n");
    for (int type = 0; type < TPCC_TXN_TYPES; type++) {
        const TpccTxnStats *txn = &res->stats.txn[type];
        uint64_t completed = txn->committed + txn->rolled_back;
        sb_printf(out, "    \"%s\": {", tpcc_txn_key((TpccTxnType)type));
        json_key_u64(out, "completed", completed, true);
        json_key_u64(out, "committed", txn->committed, true);
        json_key_u64(out, "rolled_back", txn->rolled_back, true);
        json_key_u64(out, "failed", txn->failed, true);
        json_key_u64(out, "retries", txn->retries, true);
        json_key_u64(out, "statements", txn->statements, true);
        json_key_u64(out, "round_trips", txn->round_trips, true);
        json_key_num(out, "tps", res->measured_s > 0 ? (double)completed / res->measured_s : 0,
                     true);
        sb_put(out, "\"latency_ms\": ");
        json_latency(out, &txn->latency);
        sb_printf(out, "}%s\n", type + 1 < TPCC_TXN_TYPES ? "," : "");
    }
    sb_put(out, "  },\n");
}

static void json_spec(const TpccResult *res, StrBuf *out)
{
    const TpccSpecCounters *spec = &res->stats.spec;
    const TpccTxnStats *no = &res->stats.txn[TPCC_NEW_ORDER];
    uint64_t pays = tpcc_stats_completed(&res->stats, TPCC_PAYMENT);
    uint64_t os = tpcc_stats_completed(&res->stats, TPCC_ORDER_STATUS);
    sb_put(out, "  \"new_order\": {");
    json_key_num(out, "rollback_pct", pct(no->rolled_back, no->committed + no->rolled_back), true);
    json_key_u64(out, "lines", spec->no_lines, true);
    json_key_u64(out, "remote_lines", spec->no_remote_lines, true);
    json_key_num(out, "remote_line_pct", pct(spec->no_remote_lines, spec->no_lines), true);
    json_key_u64(out, "remote_orders", spec->no_remote_orders, false);
    sb_put(out, "},\n  \"payment\": {");
    json_key_u64(out, "by_last_name", spec->payment_by_name, true);
    json_key_num(out, "by_last_name_pct", pct(spec->payment_by_name, pays), true);
    json_key_u64(out, "remote", spec->payment_remote, true);
    json_key_num(out, "remote_pct", pct(spec->payment_remote, pays), false);
    sb_put(out, "},\n  \"order_status\": {");
    json_key_u64(out, "by_last_name", spec->order_status_by_name, true);
    json_key_num(out, "by_last_name_pct", pct(spec->order_status_by_name, os), true);
    json_key_u64(out, "lines", spec->order_status_lines, true);
    json_key_u64(out, "line_count_mismatches", spec->order_status_mismatch, false);
    sb_put(out, "},\n  \"delivery\": {");
    json_key_u64(out, "districts_delivered", spec->delivery_districts, true);
    json_key_u64(out, "districts_skipped", spec->delivery_skipped, false);
    sb_put(out, "},\n  \"stock_level\": {");
    json_key_u64(out, "low_stock_total", spec->stock_level_low, false);
    sb_put(out, "},\n  \"errors\": ");
    json_codes(out, &res->stats.errors);
    sb_put(out, ", \"retries\": ");
    json_codes(out, &res->stats.retried);
    sb_put(out, ",\n");
}

static void json_client(const TpccResult *res, StrBuf *out)
{
    double cpu = res->cpu_user_s + res->cpu_sys_s;
    uint64_t total = tpcc_result_total(res), statements = tpcc_result_statements(res);
    sb_put(out, "  \"client\": {");
    json_key_num(out, "cpu_user_s", res->cpu_user_s, true);
    json_key_num(out, "cpu_sys_s", res->cpu_sys_s, true);
    uint64_t trips = tpcc_result_round_trips(res);
    json_key_u64(out, "statements", statements, true);
    json_key_num(out, "statements_per_txn", total ? (double)statements / (double)total : 0, true);
    json_key_u64(out, "round_trips", trips, true);
    json_key_num(out, "round_trips_per_txn", total ? (double)trips / (double)total : 0, true);
    json_key_num(out, "cpu_per_txn_ms", total ? cpu * 1e3 / (double)total : 0, true);
    json_key_num(out, "cpu_per_statement_us", statements ? cpu * 1e6 / (double)statements : 0,
                 true);
    double share = res->measured_s > 0 ? cpu / res->measured_s : 0;
    json_key_num(out, "core_share", share, true);
    sb_printf(out, "\"cpus\": %d, \"client_bound\": %s", res->client_cpus,
              share >= 0.8 * res->client_cpus ? "true" : "false");
    sb_put(out, "},\n");
}

static void json_series(const TpccResult *res, StrBuf *out)
{
    int seconds = (int)ceil(res->measured_s);
    if (seconds > res->stats.series_len)
        seconds = res->stats.series_len;
    sb_put(out, "  \"series\": [");
    for (int second = 0; second < seconds; second++) {
        const TpccSecond *sec = &res->stats.series[second];
        uint64_t done = 0;
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            done += sec->done[type];
        sb_printf(out, "%s\n    {\"t\": %d, \"transactions\": %llu", second ? "," : "",
                  second + 1, (unsigned long long)done);
        for (int type = 0; type < TPCC_TXN_TYPES; type++)
            sb_printf(out, ", \"%s\": %u", tpcc_txn_key((TpccTxnType)type), sec->done[type]);
        sb_printf(out, ", \"failed\": %u, ", sec->failed);
        json_key_num(out, "latency_mean_ms", done ? ms(sec->latency_sum_us) / (double)done : 0,
                     true);
        json_key_num(out, "latency_max_ms", ms(sec->latency_max_us), false);
        sb_put(out, "}");
    }
    sb_put(out, seconds ? "\n  ]\n" : "]\n");
}

void tpcc_result_to_json(const TpccResult *res, StrBuf *out)
{
    sb_printf(out, "{\n  \"tool\": \"pgknob tpcc\", \"version\": \"%s\",\n", PK_VERSION);
    json_headline(res, out);
    json_conditions(res, out);
    json_types(res, out);
    json_spec(res, out);
    json_client(res, out);
    json_series(res, out);
    sb_put(out, "}\n");
}

void tpcc_result_free(TpccResult *res)
{
    tpcc_stats_free(&res->stats);
}

static void text_header(const TpccResult *res, bool md, StrBuf *out)
{
    sb_printf(out, "%sTPC-C run: %d warehouse%s, %d client%s, %.1f s measured (%.1f s asked, "
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
    StrBuf tps = STRBUF_INIT, tpmc = STRBUF_INIT;
    tpcc_format_rate((double)tpcc_result_total(res), res->measured_s, 1, &tps);
    tpcc_format_rate((double)tpcc_stats_completed(&res->stats, TPCC_NEW_ORDER), res->measured_s,
                     60, &tpmc);
    if (tpcc_result_total(res) == 0)
        sb_printf(out, "%sthroughput: no transaction completed: %s transactions, %s New-Orders\n",
                  md ? "\n" : "", sb_str(&tps), sb_str(&tpmc));
    else
        sb_printf(out, "%sthroughput: %s tps, tpmC %s (New-Orders per minute)\n", md ? "\n" : "",
                  sb_str(&tps), sb_str(&tpmc));
    sb_free(&tps);
    sb_free(&tpmc);
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
            sb_printf(out, "| %s | %llu | %.1f%% | %llu | %llu | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
                      title, (unsigned long long)done, pct(done, total), failed, retries, p50,
                      p90, p95, p99, ms(h->max_us));
        else
            sb_printf(out, "%-12s %10llu %6.1f%% %7llu %7llu %8.2f %8.2f %8.2f %8.2f %8.2f\n",
                      title, (unsigned long long)done, pct(done, total), failed, retries, p50,
                      p90, p95, p99, ms(h->max_us));
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
    sb_printf(out, "%sNew-Order: %llu rolled back on an unused item (%.2f%%), %.2f%% of order "
              "lines from a remote warehouse\n", item, (unsigned long long)no->rolled_back,
              pct(no->rolled_back, no->committed + no->rolled_back),
              pct(spec->no_remote_lines, spec->no_lines));
    sb_printf(out, "%sPayment: %.1f%% by last name, %.1f%% through a remote warehouse\n", item,
              pct(spec->payment_by_name, pays), pct(spec->payment_remote, pays));
    sb_printf(out, "%sOrder-Status: %.1f%% by last name, %llu order lines read, %llu line-count "
              "mismatches\n", item, pct(spec->order_status_by_name, os),
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
    sb_printf(out, "%sclient CPU: %.2f s (%.1f%% of one core), %.3f ms per transaction, %.1f us "
              "per statement (%.1f statements in %.1f round trips per transaction)\n", item, cpu,
              res->measured_s > 0 ? 100.0 * cpu / res->measured_s : 0.0,
              total ? cpu * 1e3 / (double)total : 0.0,
              statements ? cpu * 1e6 / (double)statements : 0.0,
              total ? (double)statements / (double)total : 0.0,
              total ? (double)tpcc_result_round_trips(res) / (double)total : 0.0);
    double share = res->measured_s > 0 ? cpu / res->measured_s : 0.0;
    if (res->client_cpus > 0 && share >= 0.8 * res->client_cpus)
        sb_printf(out, "%swarning: the driver used %.0f%% of the %d CPUs: this throughput is the "
                  "client's limit, not the server's\n", item, 100.0 * share / res->client_cpus,
                  res->client_cpus);
    else if (share >= 0.5)
        sb_printf(out, "%snote: the driver used %.0f%% of one core, CPU the server did not get "
                  "if both share the machine\n", item, 100.0 * share);
}

void tpcc_result_to_text(const TpccResult *res, bool markdown, StrBuf *out)
{
    const char *item = markdown ? "- " : "";
    text_header(res, markdown, out);
    text_table(res, markdown, out);
    text_spec(res, item, out);
    sb_put(out, item);
    text_codes("errors by SQLSTATE", &res->stats.errors, out);
    sb_put(out, item);
    text_codes("retries by SQLSTATE", &res->stats.retried, out);
    text_client(res, item, out);
}
