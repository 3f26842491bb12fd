/* Evidence from the statistics views, one collector per area. Counters are cumulative since the
 * view's stats_reset, so rates divide by that window (the text always says which window). */
#include "audit/evidence.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/units.h"
#include "common/strbuf.h"
#include "common/xalloc.h"

/* Below this many tuples a dead-tuple ratio says nothing. */
#define MIN_TUPLES_FOR_RATIO 1000
/* A table smaller than this is not "large": PostgreSQL itself does not consider scanning it in
 * parallel (min_parallel_table_scan_size's default, 8MB), and its dead rows cost a few
 * milliseconds per scan. Autovacuum handles small, busy queue tables by its own triggers. */
#define MIN_TABLE_BYTES_FOR_RATIO (8.0 * 1024 * 1024)
/* Transaction ids wrap around after 2^31. */
#define XID_HORIZON 2147483648.0

static void add(AuditResult *res, const char *key, double value, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add(AuditResult *res, const char *key, double value, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = xvasprintf(fmt, ap);
    va_end(ap);
    snapshot_add_evidence(&res->snap, key, value, text);
    free(text);
}

/* Runs `id`; on failure records `what` as unavailable (not applicable to this version is
 * recorded too, but does not make the audit partial). */
static bool run_or_note(DbConn *conn, AuditResult *res, const char *id, const char *what,
                        DbResult *out)
{
    if (db_run(conn, id, out))
        return true;
    audit_unavailable(res, what, out->error, out->status != DB_NOT_APPLICABLE);
    db_result_free(out);
    return false;
}

/* Sizes in the evidence are for people: "1.5 GB", "512 B". */
static char *evidence_bytes(double bytes)
{
    return pk_units_format(bytes, PK_UNIT_SIZE, PK_UNITS_READABLE, NULL);
}

char *evidence_hours(double hours)
{
    if (hours < 1) /* whole minutes, rounded down like the rules' floor(…, 1min) */
        return xasprintf("%.0f min", floor(hours * 60));
    return hours < 48 ? xasprintf("%.1f h", hours) : xasprintf("%.1f days", hours / 24);
}

static bool setting_on(const AuditResult *res, const char *name)
{
    const SnapSetting *setting = snapshot_get(&res->snap, name);
    return setting && !strcmp(setting->value, "on");
}

/* A numeric setting in its base unit (pg_settings.setting), whatever its shown form. */
static double setting_num(const AuditResult *res, const char *name, double fallback)
{
    const SnapSetting *setting = snapshot_get(&res->snap, name);
    bool numeric = setting && setting->parsed_ok &&
                   (setting->parsed.type == GUC_INTEGER || setting->parsed.type == GUC_REAL);
    return numeric ? setting->parsed.num : fallback;
}

/* The hours a statistics window really covers: since its reset, but never longer than the
 * server has been up (statistics kept over a restart describe another run, and caches start
 * cold), so that a server minutes old never looks like hours of evidence. */
static double window_hours(const AuditResult *res, double window_s)
{
    const Evidence *uptime = snapshot_evidence(&res->snap, "server.uptime_hours");
    double hours = window_s / 3600;
    return uptime && uptime->value < hours ? uptime->value : hours;
}

static void add_window(AuditResult *res, const char *key, double hours, const char *what)
{
    char *span = evidence_hours(hours);
    add(res, key, hours,
        "the %s statistics cover %s (since their reset or the server's "
        "start, whichever is later)",
        what, span);
    free(span);
}

static double share(double part, double whole)
{
    return whole > 0 ? part / whole : 0;
}

/* How long a checkpoint takes to write and sync its buffers, against the time it is given:
 * the checkpointer paces its writes to end at checkpoint_timeout x checkpoint_completion_target
 * (IsCheckpointOnSchedule, checkpointer.c 13-18); longer means the storage could not write them
 * in time. Before 18 the timed count includes checkpoints skipped on an idle server, which only
 * lowers the average (never a false alarm). */
static void add_checkpoint_times(AuditResult *res, const DbResult *r, double total)
{
    bool counted = !db_is_null(r, 0, 7);
    double done = counted ? db_num(r, 0, 7, 0) : total;
    double write_ms = db_num(r, 0, 2, 0), sync_ms = db_num(r, 0, 3, 0);
    add(res, "checkpoints.done", done, "%.0f checkpoints %s", done,
        counted ? "written (pg_stat_checkpointer.num_done)"
                : "started (timed and requested; before 18 the timed ones include those skipped "
                  "on an idle server)");
    if (done < 1)
        return;
    double target_ms = setting_num(res, "checkpoint_timeout", 300) * 1000 *
                       setting_num(res, "checkpoint_completion_target", 0.9);
    double avg = (write_ms + sync_ms) / done;
    add(res, "checkpoints.write_ms_avg", write_ms / done,
        "a checkpoint spent %.0f ms writing buffers on average (%.0f ms over %.0f checkpoints)",
        write_ms / done, write_ms, done);
    add(res, "checkpoints.sync_ms_avg", sync_ms / done,
        "a checkpoint spent %.0f ms syncing files on average (%.0f ms over %.0f checkpoints)",
        sync_ms / done, sync_ms, done);
    add(res, "checkpoints.duration_share", share(avg, target_ms),
        "a checkpoint's write and sync took %.1f s on average, %.0f%% of the %.1f s it is given "
        "(checkpoint_timeout x checkpoint_completion_target)",
        avg / 1000, 100 * share(avg, target_ms), target_ms / 1000);
}

/* Columns: timed, requested, write ms, sync ms, buffers written, backend fsyncs, window s,
 * checkpoints done (18+). */
void evidence_checkpoints(DbConn *conn, AuditResult *res)
{
    DbResult r;
    const char *view = res->snap.pg_major >= 17 ? "pg_stat_checkpointer" : "pg_stat_bgwriter";
    if (!run_or_note(conn, res, "checkpoints", "checkpoint statistics", &r))
        return;
    double timed = db_num(&r, 0, 0, 0), requested = db_num(&r, 0, 1, 0);
    double hours = db_num(&r, 0, 6, 1) / 3600, total = timed + requested;
    add(res, "checkpoints.timed", timed, "%.0f checkpoints started by checkpoint_timeout (%s)",
        timed, view);
    add(res, "checkpoints.requested", requested,
        "%.0f checkpoints requested (WAL volume reached max_wal_size, or an explicit CHECKPOINT)",
        requested);
    char *span = evidence_hours(hours);
    add(res, "checkpoints.total", total, "%.0f checkpoints in %s", total, span);
    if (total > 0)
        add(res, "checkpoints.requested_share", share(requested, total),
            "%.0f of %.0f checkpoints were requested rather than timed (%.0f%%) in %s "
            "since %s was reset",
            requested, total, 100 * share(requested, total), span, view);
    free(span);
    double timeout_s = setting_num(res, "checkpoint_timeout", 300);
    add(res, "checkpoints.per_hour", total / hours,
        "%.1f checkpoints per hour (checkpoint_timeout = %.0f s alone gives at most %.1f)",
        total / hours, timeout_s, 3600 / (timeout_s > 0 ? timeout_s : 300));
    add_window(res, "checkpoints.window_hours", window_hours(res, db_num(&r, 0, 6, 1)),
               "checkpoint");
    double fsyncs = db_num(&r, 0, 5, 0);
    add(res, "checkpoints.backend_fsyncs", fsyncs,
        "backends ran fsync themselves %.0f times (the checkpointer's request queue was full)",
        fsyncs);
    add_checkpoint_times(res, &r, total);
    db_result_free(&r);
}

typedef struct DbTotals {
    double hits, reads, temp_files, temp_bytes, temp_bytes_rate, temp_files_rate;
    double deadlocks, commits, rollbacks, max_window;
    double temp_window, cache_window; /* shortest window of the databases that count (s) */
    double max_xid_age, max_mxid_age;
    const char *oldest_db, *oldest_mxid_db, *temp_db;
    double temp_db_bytes;
} DbTotals;

/* Columns: name, hits, reads, temp files, temp bytes, deadlocks, commits, rollbacks, xid age,
 * mxid age, window s. Rates add each database's own rate (their windows differ). */
static void sum_databases(const DbResult *r, DbTotals *t)
{
    for (int row = 0; row < r->n_rows; row++) {
        double window = db_num(r, row, 10, 1), temp_bytes = db_num(r, row, 4, 0);
        t->hits += db_num(r, row, 1, 0);
        t->reads += db_num(r, row, 2, 0);
        t->temp_files += db_num(r, row, 3, 0);
        t->temp_bytes += temp_bytes;
        t->temp_bytes_rate += temp_bytes / window * 3600;
        t->temp_files_rate += db_num(r, row, 3, 0) / window * 3600;
        t->deadlocks += db_num(r, row, 5, 0);
        t->commits += db_num(r, row, 6, 0);
        t->rollbacks += db_num(r, row, 7, 0);
        if (window > t->max_window)
            t->max_window = window;
        if (temp_bytes > 0 && (t->temp_window <= 0 || window < t->temp_window))
            t->temp_window = window;
        if (db_num(r, row, 1, 0) + db_num(r, row, 2, 0) > 0 &&
            (t->cache_window <= 0 || window < t->cache_window))
            t->cache_window = window;
        if (temp_bytes > t->temp_db_bytes) {
            t->temp_db_bytes = temp_bytes;
            t->temp_db = db_text(r, row, 0);
        }
        if (!db_is_null(r, row, 8) && db_num(r, row, 8, 0) >= t->max_xid_age) {
            t->max_xid_age = db_num(r, row, 8, 0);
            t->oldest_db = db_text(r, row, 0);
        }
        if (!db_is_null(r, row, 9) && db_num(r, row, 9, 0) >= t->max_mxid_age) {
            t->max_mxid_age = db_num(r, row, 9, 0);
            t->oldest_mxid_db = db_text(r, row, 0);
        }
    }
}

static void add_temp(AuditResult *res, const DbTotals *t)
{
    char *total = evidence_bytes(t->temp_bytes), *rate = evidence_bytes(t->temp_bytes_rate);
    add(res, "temp.files", t->temp_files, "%.0f temporary files written (all databases)",
        t->temp_files);
    add(res, "temp.bytes", t->temp_bytes, "%s written to temporary files%s%s%s", total,
        t->temp_db ? " (most in database \"" : "", t->temp_db ? t->temp_db : "",
        t->temp_db ? "\")" : "");
    add(res, "temp.bytes_per_hour", t->temp_bytes_rate,
        "%s per hour written to temporary files by sorts and hashes that did not fit in "
        "work_mem (%.1f files per hour)",
        rate, t->temp_files_rate);
    add(res, "temp.files_per_hour", t->temp_files_rate, "%.1f temporary files per hour",
        t->temp_files_rate);
    if (t->temp_window > 0)
        add_window(res, "temp.window_hours", window_hours(res, t->temp_window), "temporary-file");
    free(total);
    free(rate);
}

static void add_xacts(AuditResult *res, const DbTotals *t)
{
    double xacts = t->commits + t->rollbacks;
    add(res, "xact.commits", t->commits, "%.0f transactions committed", t->commits);
    add(res, "xact.rollbacks", t->rollbacks, "%.0f transactions rolled back", t->rollbacks);
    if (xacts > 0)
        add(res, "xact.rollback_share", share(t->rollbacks, xacts),
            "%.1f%% of %.0f transactions rolled back", 100 * share(t->rollbacks, xacts), xacts);
    add(res, "xact.deadlocks", t->deadlocks, "%.0f deadlocks detected", t->deadlocks);
}

static void add_wraparound(AuditResult *res, const DbTotals *t)
{
    double freeze_max = setting_num(res, "autovacuum_freeze_max_age", 200000000);
    add(res, "wraparound.oldest_xid_age", t->max_xid_age,
        "age(datfrozenxid) of database \"%s\" is %.0f transactions (autovacuum_freeze_max_age "
        "= %.0f; wraparound at 2^31)",
        t->oldest_db ? t->oldest_db : "?", t->max_xid_age, freeze_max);
    add(res, "wraparound.xid_age_share", share(t->max_xid_age, XID_HORIZON),
        "the oldest database has used %.1f%% of the 2^31 transaction ids before wraparound",
        100 * share(t->max_xid_age, XID_HORIZON));
    add(res, "wraparound.oldest_mxid_age", t->max_mxid_age,
        "mxid_age(datminmxid) of database \"%s\" is %.0f multixacts "
        "(autovacuum_multixact_freeze_max_age = %.0f)",
        t->oldest_mxid_db ? t->oldest_mxid_db : "?", t->max_mxid_age,
        setting_num(res, "autovacuum_multixact_freeze_max_age", 400000000));
}

void evidence_databases(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "databases", "database statistics (pg_stat_database)", &r))
        return;
    DbTotals t = {0};
    sum_databases(&r, &t);
    double requests = t.hits + t.reads;
    add(res, "cache.requests", requests, "%.0f block requests (hits and reads, all databases)",
        requests);
    char *span = evidence_hours(t.max_window / 3600);
    if (requests > 0)
        add(res, "cache.hit_ratio", share(t.hits, requests),
            "%.2f%% of %.0f block requests were found in shared_buffers (all databases, %s)",
            100 * share(t.hits, requests), requests, span);
    free(span);
    if (t.cache_window > 0)
        add_window(res, "cache.window_hours", window_hours(res, t.cache_window), "block-request");
    add_temp(res, &t);
    add_xacts(res, &t);
    add_wraparound(res, &t);
    db_result_free(&r);
}

/* "never", "3.2 h ago" for a number of seconds that may be SQL NULL. */
static char *ago(const DbResult *r, int row, int col)
{
    if (db_is_null(r, row, col))
        return xstrdup("never");
    double hours = db_num(r, row, col, 0) / 3600;
    return hours < 48 ? xasprintf("%.1f h ago", hours) : xasprintf("%.1f days ago", hours / 24);
}

/* Columns: name, live, dead, bytes, s since autovacuum, s since any vacuum, autovacuum
 * disabled, autovacuum count. */
static char *table_line(const DbResult *r, int row)
{
    double live = db_num(r, row, 1, 0), dead = db_num(r, row, 2, 0);
    char *size = evidence_bytes(db_num(r, row, 3, 0)), *autovac = ago(r, row, 4);
    char *line = xasprintf(
        "%s: %.0f dead of %.0f tuples (%.0f%%), %s, last autovacuum %s%s", db_text(r, row, 0), dead,
        live + dead, 100 * share(dead, live + dead), size, autovac,
        db_bool(r, row, 6, false) ? " (autovacuum disabled for this table)" : "");
    free(size);
    free(autovac);
    return line;
}

/* The largest tables, each with its dead tuples and last autovacuum (at most 5 in the text). */
static void add_largest_tables(AuditResult *res, const DbResult *r)
{
    StrBuf text = STRBUF_INIT;
    int shown = r->n_rows < 5 ? r->n_rows : 5;
    for (int row = 0; row < shown; row++) {
        char *line = table_line(r, row);
        sb_printf(&text, "%s%s", row ? "; " : "largest tables: ", line);
        free(line);
    }
    snapshot_add_evidence(&res->snap, "vacuum.largest_tables", shown,
                          shown ? sb_str(&text) : "no user tables in this database");
    sb_free(&text);
}

void evidence_tables(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "tables", "table statistics (pg_stat_user_tables)", &r))
        return;
    int worst = -1;
    double worst_ratio = 0, dead_total = 0;
    for (int row = 0; row < r.n_rows; row++) {
        double live = db_num(&r, row, 1, 0), dead = db_num(&r, row, 2, 0);
        dead_total += dead;
        bool large = live + dead >= MIN_TUPLES_FOR_RATIO &&
                     db_num(&r, row, 3, 0) >= MIN_TABLE_BYTES_FOR_RATIO;
        if (large && share(dead, live + dead) > worst_ratio) {
            worst_ratio = share(dead, live + dead);
            worst = row;
        }
    }
    add(res, "vacuum.tables_checked", r.n_rows,
        "the largest %d table%s of database \"%s\" checked for dead tuples", r.n_rows,
        r.n_rows == 1 ? "" : "s", res->database ? res->database : "?");
    add(res, "vacuum.dead_tuples", dead_total, "%.0f dead tuples in the largest tables",
        dead_total);
    add_largest_tables(res, &r);
    char *line = worst >= 0 ? table_line(&r, worst) : NULL;
    add(res, "vacuum.max_dead_ratio", worst_ratio, "%s",
        line ? line : "no table of 8 MB or more has dead tuples");
    if (worst >= 0) {
        char *size = evidence_bytes(db_num(&r, worst, 3, 0));
        add(res, "vacuum.max_dead_table_bytes", db_num(&r, worst, 3, 0),
            "the table with the most dead tuples (of those of 8 MB or more) has %s", size);
        free(size);
    }
    free(line);
    db_result_free(&r);
}

static void add_latency(AuditResult *res, const char *key, const char *op, double count,
                        double total_ms, const char *source)
{
    if (count <= 0)
        return;
    add(res, key, total_ms / count, "average %s latency %.3f ms over %.0f %ss (%s)", op,
        total_ms / count, count, op, source);
}

/* Columns: reads, read ms, writes, write ms, fsyncs, fsync ms, hits, extend ms, window s.
 * Each counter's column is followed by its time. */
void evidence_io(DbConn *conn, AuditResult *res)
{
    static const struct {
        const char *key, *latency_key, *op;
        int col;
    } counters[] = {{"io.reads", "io.read_latency_ms", "read", 0},
                    {"io.writes", "io.write_latency_ms", "write", 2},
                    {"io.fsyncs", "io.fsync_latency_ms", "fsync", 4}};
    enum { N_COUNTERS = sizeof(counters) / sizeof(counters[0]) };
    DbResult r;
    if (!run_or_note(conn, res, "io", "I/O statistics (pg_stat_io)", &r))
        return;
    char *span = evidence_hours(db_num(&r, 0, 8, 1) / 3600);
    for (int idx = 0; idx < N_COUNTERS; idx++) {
        double n = db_num(&r, 0, counters[idx].col, 0);
        add(res, counters[idx].key, n, "%.0f relation %ss in %s (pg_stat_io)", n, counters[idx].op,
            span);
    }
    free(span);
    bool timed = setting_on(res, "track_io_timing");
    if (!timed)
        audit_unavailable(res, "average I/O latency (pg_stat_io)",
                          "track_io_timing is off, so pg_stat_io has no times", false);
    for (int idx = 0; timed && idx < N_COUNTERS; idx++)
        add_latency(res, counters[idx].latency_key, counters[idx].op,
                    db_num(&r, 0, counters[idx].col, 0), db_num(&r, 0, counters[idx].col + 1, 0),
                    "pg_stat_io, track_io_timing on");
    db_result_free(&r);
}

/* A size setting in bytes, whatever unit pg_settings gives it in (max_wal_size is in MB,
 * wal_buffers in 8kB pages). */
static double setting_bytes(const AuditResult *res, const char *name, double fallback)
{
    const SnapSetting *setting = snapshot_get(&res->snap, name);
    double num = setting_num(res, name, -1);
    if (!setting || num < 0)
        return fallback;
    PkUnitKind kind;
    double scale;
    if (!setting->param || !pk_unit_base(setting->param->unit, &kind, &scale) ||
        kind != PK_UNIT_SIZE)
        scale = 1;
    return num * scale;
}

/* wal_buffers filling (a backend writes WAL itself), and WAL volume against the checkpoint
 * distance: max_wal_size / (1 + checkpoint_completion_target) in whole segments, rounded down
 * (at least one), of which the server waits for all but the last (CalculateCheckpointSegments and
 * XLogCheckpointNeeded in xlog.c, 13-18); the share counts against the most it waits for. */
static void add_wal_pressure(AuditResult *res, double bytes, double buffers_full, double window_s)
{
    double hours = window_hours(res, window_s);
    double wal_buffers = setting_bytes(res, "wal_buffers", 0);
    char *buf = evidence_bytes(wal_buffers);
    add(res, "wal.buffers_full", buffers_full,
        "%.0f times WAL had to be written because wal_buffers (%s) was full", buffers_full, buf);
    add(res, "wal.buffers_full_per_hour", buffers_full / hours,
        "wal_buffers (%s) was full %.0f times per hour: a backend then writes WAL itself", buf,
        buffers_full / hours);
    free(buf);
    add_window(res, "wal.window_hours", hours, "WAL");
    double max_wal = setting_bytes(res, "max_wal_size", 1073741824.0);
    double target = setting_num(res, "checkpoint_completion_target", 0.9);
    double timeout_s = setting_num(res, "checkpoint_timeout", 300);
    double segment = setting_bytes(res, "wal_segment_size", 16777216.0);
    double segments = floor(floor(max_wal / segment) / (1 + target));
    double distance = (segments < 1 ? 1 : segments) * segment;
    double per_timeout = bytes / (hours * 3600) * timeout_s;
    char *per = evidence_bytes(per_timeout), *dist = evidence_bytes(distance);
    char *max = evidence_bytes(max_wal);
    add(res, "wal.checkpoint_trigger_share", share(per_timeout, distance),
        "at this rate %s of WAL is written per checkpoint_timeout (%.0f s), against %s that "
        "start a checkpoint at most (max_wal_size %s / (1 + checkpoint_completion_target %.2g),"
        " in whole WAL segments rounded down)",
        per, timeout_s, dist, max, target);
    add(res, "wal.bytes_over_max_wal_size", share(bytes, max_wal),
        "the WAL statistics' window holds %.1f times max_wal_size (%s) of WAL",
        share(bytes, max_wal), max);
    free(per);
    free(dist);
    free(max);
}

/* Columns: records, fpi, bytes, buffers full, writes, syncs, write ms, sync ms, window s. */
void evidence_wal(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "wal", "WAL statistics (pg_stat_wal)", &r))
        return;
    double records = db_num(&r, 0, 0, 0), fpi = db_num(&r, 0, 1, 0);
    double bytes = db_num(&r, 0, 2, 0), hours = db_num(&r, 0, 8, 1) / 3600;
    double syncs = db_num(&r, 0, 5, 0);
    char *total = evidence_bytes(bytes), *rate = evidence_bytes(bytes / hours);
    char *span = evidence_hours(hours);
    add(res, "wal.bytes", bytes, "%s of WAL in %s", total, span);
    free(span);
    add(res, "wal.bytes_per_hour", bytes / hours, "%s of WAL per hour", rate);
    add(res, "wal.records", records, "%.0f WAL records", records);
    add(res, "wal.fpi", fpi, "%.0f full-page images in WAL", fpi);
    if (records > 0)
        add(res, "wal.fpi_share", share(fpi, records),
            "%.1f%% of WAL records carry a full-page image (high right after checkpoints)",
            100 * share(fpi, records));
    add_wal_pressure(res, bytes, db_num(&r, 0, 3, 0), db_num(&r, 0, 8, 1));
    add(res, "wal.syncs", syncs, "%.0f WAL syncs", syncs);
    if (setting_on(res, "track_wal_io_timing"))
        add_latency(res, "wal.sync_latency_ms", "WAL sync", syncs, db_num(&r, 0, 7, 0),
                    res->snap.pg_major >= 18 ? "pg_stat_io" : "pg_stat_wal");
    else
        audit_unavailable(res, "WAL sync latency", "track_wal_io_timing is off", false);
    free(total);
    free(rate);
    db_result_free(&r);
}

/* Columns: client backends, active, idle in transaction, max_connections, superuser reserved,
 * reserved (16+), idle, autovacuum workers. This audit's own session is not counted. */
void evidence_connections(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "connections", "connections (pg_stat_activity)", &r))
        return;
    double in_use = db_num(&r, 0, 0, 1) - 1, max = db_num(&r, 0, 3, 100);
    double usable = max - db_num(&r, 0, 4, 0) - db_num(&r, 0, 5, 0);
    add(res, "connections.in_use", in_use, "%.0f client connections besides this audit's", in_use);
    add(res, "connections.max", max, "max_connections = %.0f", max);
    add(res, "connections.usage_share", share(in_use, usable),
        "%.0f of %.0f connections usable by ordinary roles are in use (%.0f%%)", in_use, usable,
        100 * share(in_use, usable));
    add(res, "connections.active", db_num(&r, 0, 1, 1) - 1,
        "%.0f client connections are running a query", db_num(&r, 0, 1, 1) - 1);
    add(res, "connections.idle_in_transaction", db_num(&r, 0, 2, 0),
        "%.0f sessions are idle in a transaction", db_num(&r, 0, 2, 0));
    double idle = db_num(&r, 0, 6, 0);
    add(res, "connections.idle", idle, "%.0f client connections are idle", idle);
    add(res, "connections.idle_share", share(idle, in_use),
        "%.0f of %.0f client connections are idle (%.0f%%): each holds a backend process and "
        "its memory while doing nothing",
        idle, in_use, 100 * share(idle, in_use));
    double workers = db_num(&r, 0, 7, 0);
    add(res, "autovacuum.workers_busy", workers,
        "%.0f autovacuum workers at work (autovacuum_max_workers = %.0f)", workers,
        setting_num(res, "autovacuum_max_workers", 3));
    /* numbackends counts every backend connected to a database: ours and the workers too */
    double backends = db_num(&r, 0, 8, 0) - 1 - workers;
    add(res, "connections.numbackends", backends,
        "pg_stat_database.numbackends: %.0f backends connected to databases, besides this "
        "audit's and the autovacuum workers",
        backends);
    db_result_free(&r);
}

/* The most client connections seen: now (pg_stat_activity, numbackends) and in the samples.
 * One audit sees one moment, --sample a few seconds: the day's peak may be higher. */
void evidence_connection_peak(AuditResult *res)
{
    const Evidence *now = snapshot_evidence(&res->snap, "connections.in_use");
    const Evidence *backends = snapshot_evidence(&res->snap, "connections.numbackends");
    const Evidence *sampled = snapshot_evidence(&res->snap, "connections.peak_sampled");
    const Evidence *max = snapshot_evidence(&res->snap, "connections.max");
    const Evidence *usage = snapshot_evidence(&res->snap, "connections.usage_share");
    if (!now || !max)
        return;
    /* add() may move the evidence array: keep the numbers, not pointers into it */
    double in_use = now->value, max_connections = max->value;
    double peak = in_use;
    if (backends && backends->value > peak)
        peak = backends->value;
    if (sampled && sampled->value > peak)
        peak = sampled->value;
    /* usable slots, from the share of the moment: in_use / usable */
    double usable = usage && usage->value > 0 ? in_use / usage->value : max_connections;
    char *seen = sampled ? xasprintf("this moment and %s", sampled->text)
                         : xstrdup("this one moment (pg_stat_activity and "
                                   "pg_stat_database.numbackends; --sample watches longer)");
    add(res, "connections.peak", peak,
        "at most %.0f client connections seen, in %s: an audit sees moments, not the day's peak",
        peak, seen);
    add(res, "connections.peak_share", share(peak, usable),
        "the most connections seen use %.1f%% of the %.0f usable under max_connections = %.0f",
        100 * share(peak, usable), usable, max_connections);
    free(seen);
}

/* Columns: name, type, active, wal_status, bytes of WAL retained. */
void evidence_slots(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "slots", "replication slots (pg_replication_slots)", &r))
        return;
    double inactive = 0, retained = 0;
    StrBuf names = STRBUF_INIT;
    for (int row = 0; row < r.n_rows; row++) {
        if (db_bool(&r, row, 2, true))
            continue;
        inactive++;
        retained += db_num(&r, row, 4, 0);
        char *size = evidence_bytes(db_num(&r, row, 4, 0));
        sb_printf(&names, "%s\"%s\" (%s, holds %s)", names.len ? ", " : "", db_text(&r, row, 0),
                  db_text(&r, row, 1), size);
        free(size);
    }
    char *total = evidence_bytes(retained);
    add(res, "slots.total", r.n_rows, "%d replication slots", r.n_rows);
    add(res, "slots.inactive", inactive, "%.0f inactive replication slots%s%s", inactive,
        names.len ? ": " : "", sb_str(&names));
    add(res, "slots.inactive_retained_bytes", retained,
        "inactive replication slots keep %s of WAL from being removed", total);
    free(total);
    sb_free(&names);
    db_result_free(&r);
}

void evidence_settings(AuditResult *res)
{
    if (res->snap.pg_major < 18)
        return;
    const SnapSetting *method = snapshot_get(&res->snap, "io_method");
    if (!method || !method->param)
        return;
    bool available = false;
    for (const char *const *val = method->param->enum_vals; val && *val; val++)
        available |= !strcmp(*val, "io_uring");
    add(res, "aio.io_uring_available", available,
        available ? "this server was built with liburing: io_method = io_uring is accepted"
                  : "this server was built without liburing: io_method accepts only sync and "
                    "worker");
}

/* "40 s", "12 min", "3.5 h": how long something has lasted (caller frees). */
static char *seconds_span(double seconds)
{
    return seconds < 60 ? xasprintf("%.0f s", seconds) : evidence_hours(seconds / 3600);
}

enum { H_SESSION, H_PREPARED, H_SLOT, H_STANDBY, N_HOLDER_KINDS };

/* The oldest holder of one kind: its age in transactions, how long it has held it (0 when the
 * server does not say), and who it is. */
typedef struct Holder {
    double age, seconds;
    char *who;
} Holder;

static const struct {
    const char *kind, *key, *none;
} HOLDER_KINDS[N_HOLDER_KINDS] = {
    {"session", "horizon.session", "no session holds an xmin or a transaction id"},
    {"prepared", "horizon.prepared", "no prepared transaction"},
    {"slot", "horizon.slot", "no replication slot holds an xmin or catalog_xmin"},
    {"standby", "horizon.standby", "no standby sends an xmin (hot_standby_feedback)"},
};

/* Columns: kind, holder, application or detail, role, state, age, seconds, holders of the kind. */
static char *holder_text(const DbResult *r, int row, int kind)
{
    const char *name = db_text(r, row, 1), *detail = db_text(r, row, 2);
    const char *role = db_text(r, row, 3), *state = db_text(r, row, 4);
    int count = (int)db_num(r, row, 7, 1);
    char *span = seconds_span(db_num(r, row, 6, 0)), *text;
    switch (kind) {
    case H_SESSION:
        text = xasprintf("session pid %s (application \"%s\", role \"%s\", %s, transaction open "
                         "for %s; %d session%s hold%s an xmin or xid)",
                         name, detail, role, state, span, count, count == 1 ? "" : "s",
                         count == 1 ? "s" : "");
        break;
    case H_PREPARED:
        text = xasprintf("prepared transaction \"%s\" (database \"%s\", owner \"%s\", prepared "
                         "%s ago; %d prepared transaction%s in all)",
                         name, detail, role, span, count, count == 1 ? "" : "s");
        break;
    case H_SLOT:
        text = xasprintf("%s %s replication slot \"%s\"%s%s%s", state, role, name,
                         *detail ? " (database \"" : "", detail, *detail ? "\")" : "");
        break;
    default:
        text =
            xasprintf("standby \"%s\" (%s, %s) through hot_standby_feedback", name, detail, state);
    }
    free(span);
    return text;
}

static int holder_kind(const char *kind)
{
    for (int idx = 0; idx < N_HOLDER_KINDS; idx++)
        if (kind && !strcmp(kind, HOLDER_KINDS[idx].kind))
            return idx;
    return -1;
}

static void add_holder(AuditResult *res, int kind, const Holder *holder)
{
    char *key = xasprintf("%s_age", HOLDER_KINDS[kind].key);
    if (holder->who)
        add(res, key, holder->age, "%s holds the xmin horizon %.0f transactions back", holder->who,
            holder->age);
    else
        add(res, key, 0, "%s", HOLDER_KINDS[kind].none);
    free(key);
    if (kind != H_SESSION && kind != H_PREPARED)
        return;
    key = xasprintf("%s_seconds", HOLDER_KINDS[kind].key);
    char *span = seconds_span(holder->seconds);
    add(res, key, holder->seconds, "%s", holder->who ? span : HOLDER_KINDS[kind].none);
    free(span);
    free(key);
}

/* The oldest holder of each kind, then the oldest of all: vacuum can remove no row version
 * deleted after the horizon, nor freeze past it. */
void evidence_horizon(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "horizon",
                     "the xmin horizon's holders (pg_stat_activity, "
                     "pg_prepared_xacts, pg_replication_slots)",
                     &r))
        return;
    Holder holders[N_HOLDER_KINDS] = {{0}};
    for (int row = 0; row < r.n_rows; row++) {
        int kind = holder_kind(db_text(&r, row, 0));
        if (kind < 0 || holders[kind].who)
            continue;
        holders[kind] = (Holder){.age = db_num(&r, row, 5, 0),
                                 .seconds = db_num(&r, row, 6, 0),
                                 .who = holder_text(&r, row, kind)};
    }
    int oldest = -1;
    double longest = 0;
    for (int kind = 0; kind < N_HOLDER_KINDS; kind++) {
        add_holder(res, kind, &holders[kind]);
        if (holders[kind].who && (oldest < 0 || holders[kind].age > holders[oldest].age))
            oldest = kind;
        if (holders[kind].seconds > longest)
            longest = holders[kind].seconds;
    }
    if (oldest >= 0)
        add(res, "horizon.oldest_age", holders[oldest].age,
            "the oldest xmin holder is %s, %.0f transactions back", holders[oldest].who,
            holders[oldest].age);
    else
        add(res, "horizon.oldest_age", 0, "nothing holds the xmin horizon back");
    char *span = seconds_span(longest);
    add(res, "horizon.oldest_seconds", longest,
        "the longest-held transaction or prepared transaction holding the horizon: %s", span);
    free(span);
    for (int kind = 0; kind < N_HOLDER_KINDS; kind++)
        free(holders[kind].who);
    db_result_free(&r);
}

/* WAL segments waiting for the archiver, as a phrase (caller frees); "" when they cannot be
 * listed (pg_ls_archive_statusdir is for superusers and pg_monitor). */
static char *archive_waiting(DbConn *conn, AuditResult *res)
{
    if (!res->superuser && !res->pg_monitor)
        return xstrdup("");
    DbResult r;
    if (!run_or_note(conn, res, "archive_waiting",
                     "WAL waiting to be archived "
                     "(pg_ls_archive_statusdir)",
                     &r))
        return xstrdup("");
    long segments = (long)db_num(&r, 0, 0, 0);
    double bytes = (double)segments * db_num(&r, 0, 1, 16777216);
    char *size = evidence_bytes(bytes);
    add(res, "archiver.waiting_segments", (double)segments,
        "%ld WAL segment%s (%s) wait in pg_wal for the archiver", segments,
        segments == 1 ? "" : "s", size);
    char *phrase = xasprintf("; %ld WAL segment%s (%s) wait in pg_wal", segments,
                             segments == 1 ? "" : "s", size);
    free(size);
    db_result_free(&r);
    return phrase;
}

/* Columns: archived, failed, last failed WAL, s since last failure, s since last success,
 * failing now. */
void evidence_archiver(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "archiver", "WAL archiver statistics (pg_stat_archiver)", &r))
        return;
    double failed = db_num(&r, 0, 1, 0);
    bool failing = db_bool(&r, 0, 5, false);
    char *waiting = archive_waiting(conn, res);
    add(res, "archiver.archived_count", db_num(&r, 0, 0, 0), "%.0f WAL files archived",
        db_num(&r, 0, 0, 0));
    add(res, "archiver.failed_count", failed, "%.0f failed attempts to archive a WAL file", failed);
    char *since_fail = seconds_span(db_num(&r, 0, 3, 0));
    char *since_ok;
    if (db_is_null(&r, 0, 4)) {
        since_ok = xstrdup("never since the statistics' reset");
    } else {
        char *span = seconds_span(db_num(&r, 0, 4, 0));
        since_ok = xasprintf("%s ago", span);
        free(span);
    }
    if (failing)
        add(res, "archiver.failing", 1,
            "archiving is failing now: the last attempt, %s ago, failed on WAL file %s; the "
            "last success was %s%s",
            since_fail, db_text(&r, 0, 2), since_ok, waiting);
    else
        add(res, "archiver.failing", 0, "the archiver's last attempt succeeded (last success %s)",
            since_ok);
    if (!db_is_null(&r, 0, 3))
        add(res, "archiver.hours_since_failure", db_num(&r, 0, 3, 0) / 3600,
            "the last failure to archive (WAL file %s) was %s ago", db_text(&r, 0, 2), since_fail);
    free(since_fail);
    free(since_ok);
    free(waiting);
    db_result_free(&r);
}

/* Tables over their autovacuum threshold now. Columns: tables due, the longest-waiting one,
 * seconds since its last autovacuum (NULL: never), its dead tuples, "name<TAB>seconds|never"
 * lines of the 200 with the most dead tuples (kept for evidence_vacuum_overdue). */
void evidence_vacuum_due(DbConn *conn, AuditResult *res)
{
    DbResult r;
    if (!run_or_note(conn, res, "vacuum_due", "tables due for autovacuum (pg_stat_user_tables)",
                     &r))
        return;
    double due = db_num(&r, 0, 0, 0);
    free(res->tables_due);
    res->tables_due = xstrdup(db_text(&r, 0, 4) ? db_text(&r, 0, 4) : "");
    if (due > 0) {
        char *since = ago(&r, 0, 2);
        add(res, "autovacuum.tables_due", due,
            "%.0f table%s of database \"%s\" exceed%s the autovacuum threshold; the one waiting "
            "longest is %s (%.0f dead tuples, last autovacuum %s; autovacuum_naptime %.0f s)",
            due, due < 1.5 ? "" : "s", res->database ? res->database : "?", due < 1.5 ? "s" : "",
            db_text(&r, 0, 1), db_num(&r, 0, 3, 0), since,
            setting_num(res, "autovacuum_naptime", 60));
        free(since);
    } else {
        add(res, "autovacuum.tables_due", 0,
            "no table of database \"%s\" exceeds its autovacuum threshold",
            res->database ? res->database : "?");
    }
    db_result_free(&r);
}

/* Relation writes by client backends: they found no clean buffer to read into, because the
 * background writer and the checkpointer did not keep up (or shared_buffers is small). */
void evidence_backend_writes(DbConn *conn, AuditResult *res)
{
    DbResult r;
    const char *view = res->snap.pg_major >= 16 ? "pg_stat_io" : "pg_stat_bgwriter";
    if (!run_or_note(conn, res, "backend_writes", "writes by client backends", &r))
        return;
    double backend = db_num(&r, 0, 0, 0), all = db_num(&r, 0, 1, 0);
    char *span = evidence_hours(window_hours(res, db_num(&r, 0, 2, 1)));
    add(res, "io.backend_writes", backend,
        "client backends wrote %.0f of %.0f relation buffers themselves in %s (%s)", backend, all,
        span, view);
    add(res, "io.buffer_writes", all, "%.0f relation buffers written in %s (%s)", all, span, view);
    add(res, "io.backend_write_share", share(backend, all),
        "%.0f%% of relation buffer writes were done by client backends rather than the "
        "background writer or the checkpointer (%s)",
        100 * share(backend, all), view);
    free(span);
    db_result_free(&r);
}

/* The statement that spills the most to temporary files, and the work_mem that would hold one
 * call's spill (a sort or hash needs about its temporary file's size in memory, or more). */
static void add_temp_statement(AuditResult *res, const DbResult *r)
{
    if (r->n_rows == 0) {
        add(res, "pgss.temp_top_bytes_per_call", 0,
            "no statement in pg_stat_statements wrote temporary files");
        return;
    }
    double calls = db_num(r, 0, 2, 1), bytes = db_num(r, 0, 3, 0);
    double per_call = calls > 0 ? bytes / calls : bytes;
    const char *role = db_text(r, 0, 1), *role_mem = db_text(r, 0, 4);
    char *total = evidence_bytes(bytes), *each = evidence_bytes(per_call);
    char *mem = evidence_bytes(setting_bytes(res, "work_mem", 4194304));
    char *role_text = role_mem ? xasprintf(", whose own work_mem is %s", role_mem) : xstrdup("");
    add(res, "pgss.temp_top_bytes_per_call", per_call,
        "the statement that spills the most, \"%s\" (role \"%s\"%s), wrote %s to temporary files "
        "in %.0f calls, %s a call (work_mem = %s)",
        db_text(r, 0, 0), role ? role : "", role_text, total, calls, each, mem);
    add(res, "pgss.temp_top_calls", calls, "%.0f calls of the statement that spills the most",
        calls);
    add(res, "pgss.temp_top_bytes", bytes, "%s written to temporary files by that statement",
        total);
    free(total);
    free(each);
    free(mem);
    free(role_text);
}

/* pg_stat_statements evicts the least-used 5% of its entries each time it needs room past
 * pg_stat_statements.max: their statistics are lost. Read only where the library is loaded (the
 * setting exists) and the extension created in this database; pg_stat_statements_info is 14+. */
void evidence_statements(DbConn *conn, AuditResult *res)
{
    const SnapSetting *max_setting = snapshot_get(&res->snap, "pg_stat_statements.max");
    if (!max_setting)
        return;
    DbResult r;
    if (!run_or_note(conn, res, "pgss_installed", "pg_stat_statements (pg_extension)", &r))
        return;
    bool installed = db_bool(&r, 0, 0, false);
    db_result_free(&r);
    if (!installed) {
        audit_unavailable(res, "pg_stat_statements evictions (pg_stat_statements_info)",
                          "the library is loaded but CREATE EXTENSION pg_stat_statements was not "
                          "run in this database",
                          false);
        return;
    }
    if (run_or_note(conn, res, "pgss_temp",
                    "statements writing temporary files "
                    "(pg_stat_statements)",
                    &r)) {
        add_temp_statement(res, &r);
        db_result_free(&r);
    }
    if (res->snap.pg_major < 14 ||
        !run_or_note(conn, res, "pgss_info", "pg_stat_statements evictions", &r))
        return;
    double dealloc = db_num(&r, 0, 0, 0), hours = window_hours(res, db_num(&r, 0, 1, 1));
    double max = atof(max_setting->value);
    char *span = evidence_hours(hours);
    add(res, "pgss.max", max, "pg_stat_statements.max = %.0f", max);
    add(res, "pgss.dealloc", dealloc,
        "pg_stat_statements evicted its least-used entries %.0f times in %s "
        "(pg_stat_statements_info.dealloc; pg_stat_statements.max = %.0f)",
        dealloc, span, max);
    free(span);
    add_window(res, "pgss.window_hours", hours, "pg_stat_statements");
    db_result_free(&r);
}

/* The seconds since the last autovacuum of `name` in "name<TAB>seconds|never" lines; -1 when
 * the table is not listed, INFINITY when it was never vacuumed. */
static double due_since(const char *lines, const char *name)
{
    size_t len = strlen(name);
    for (const char *line = lines; line && *line;) {
        const char *end = strchr(line, '\n');
        if (!strncmp(line, name, len) && line[len] == '\t')
            return !strncmp(line + len + 1, "never", 5) ? INFINITY : atof(line + len + 1);
        line = end ? end + 1 : NULL;
    }
    return -1;
}

/* After --sample: the tables over their threshold at the start and still at the end, not
 * autovacuumed meanwhile. The launcher starts a worker in each database every
 * autovacuum_naptime, so over a sampling of two naptimes or more a free worker would have
 * taken them: they wait longer than the naptime allows. */
void evidence_vacuum_overdue(DbConn *conn, AuditResult *res, double span_s)
{
    double naptime = setting_num(res, "autovacuum_naptime", 60);
    if (!res->tables_due)
        return;
    if (span_s < 2 * naptime) {
        char *why = xasprintf("the sampling (%.1f s) is shorter than two autovacuum_naptime "
                              "(%.0f s): sample longer to see tables wait",
                              span_s, naptime);
        audit_unavailable(res, "tables waiting longer than the naptime allows", why, false);
        free(why);
        return;
    }
    DbResult r;
    if (!run_or_note(conn, res, "vacuum_due", "tables due for autovacuum after the sampling", &r))
        return;
    const char *end = db_text(&r, 0, 4) ? db_text(&r, 0, 4) : "";
    double overdue = 0, longest = 0;
    char *worst = NULL;
    for (const char *line = end; *line;) {
        const char *tab = strchr(line, '\t'), *next = strchr(line, '\n');
        if (!tab || (next && tab > next))
            break;
        char *name = xstrndup(line, (size_t)(tab - line));
        double since = due_since(end, name);
        if (due_since(res->tables_due, name) >= 0 && since > span_s) {
            overdue++;
            if (!worst || since > longest) {
                free(worst);
                worst = xstrdup(name);
                longest = since;
            }
        }
        free(name);
        line = next ? next + 1 : tab + strlen(tab);
    }
    char *since = isinf(longest) ? xstrdup("never autovacuumed") : NULL;
    if (!since) {
        char *span = seconds_span(longest);
        since = xasprintf("last autovacuumed %s ago", span);
        free(span);
    }
    if (worst)
        add(res, "autovacuum.tables_overdue", overdue,
            "%.0f table%s stayed over the autovacuum threshold through %.1f s of sampling "
            "(%.1f autovacuum_naptime of %.0f s) with no autovacuum: the longest-waiting is %s "
            "(%s)",
            overdue, overdue < 1.5 ? "" : "s", span_s, span_s / naptime, naptime, worst, since);
    else
        add(res, "autovacuum.tables_overdue", 0,
            "no table stayed over the autovacuum threshold through %.1f s of sampling without "
            "an autovacuum",
            span_s);
    free(since);
    free(worst);
    db_result_free(&r);
}
