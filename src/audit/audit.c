/* The audit run: settings first (without them nothing is useful), then each evidence area,
 * then the optional wait-event sampling. A failing area is recorded and skipped. */
#include "audit/audit.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit/audit_hba.h"
#include "audit/evidence.h"
#include "audit/sample.h"
#include "common/clock.h"
#include "common/xalloc.h"

void audit_unavailable(AuditResult *res, const char *what, const char *why, bool failure)
{
    PK_GROW(res->unavailable, res->n_unavailable, res->cap_unavailable);
    res->unavailable[res->n_unavailable++] =
        (AuditUnavailable){.what = xstrdup(what), .why = xstrdup(why), .failure = failure};
    if (failure)
        res->partial = true;
}

/* What an unprivileged role cannot see is not an error from the server, but still missing. */
static void note_privileges(AuditResult *res, bool read_all_settings, bool read_all_stats)
{
    if (!read_all_settings)
        audit_unavailable(res, "where settings come from (pg_settings.sourcefile, sourceline)",
                          "visible only to superusers and members of pg_read_all_settings "
                          "(pg_monitor includes it)",
                          true);
    if (!read_all_stats)
        audit_unavailable(res, "other sessions' state and wait events (pg_stat_activity)",
                          "visible only to superusers and members of pg_read_all_stats "
                          "(pg_monitor includes it)",
                          true);
}

/* Who we are and what we talk to; failure here is not fatal (settings still tell the version). */
static void read_server(DbConn *conn, AuditResult *res)
{
    DbResult server;
    if (!db_run(conn, "server", &server)) {
        audit_unavailable(res, "server identity (current_user, pg_monitor membership)",
                          server.error, true);
        db_result_free(&server);
        return;
    }
    res->database = xstrdup(db_text(&server, 0, 1));
    res->user = xstrdup(db_text(&server, 0, 2));
    res->superuser = db_bool(&server, 0, 4, false);
    res->pg_monitor = db_bool(&server, 0, 5, false);
    note_privileges(res, res->superuser || db_bool(&server, 0, 7, false),
                    res->superuser || db_bool(&server, 0, 8, false));
    double uptime_hours = db_num(&server, 0, 6, 0) / 3600;
    char *span = evidence_hours(uptime_hours);
    char *text = xasprintf("the server has been up for %s", span);
    free(span);
    snapshot_add_evidence(&res->snap, "server.uptime_hours", uptime_hours, text);
    free(text);
    db_result_free(&server);
}

static void read_file_errors(DbConn *conn, AuditResult *res)
{
    char *why = NULL;
    if (!snapshot_db_file_errors(conn, &res->findings, &why)) {
        audit_unavailable(res, "configuration file errors (pg_file_settings)", why, true);
        free(why);
    }
}

/* pg_db_role_setting (readable by every role, 13–18): the per-role and per-database settings the
 * memory rules count (worst()) and --compare lists. */
static void read_overrides(DbConn *conn, AuditResult *res)
{
    DbResult rows;
    if (!db_run(conn, "role_settings", &rows)) {
        audit_unavailable(res,
                          "per-role and per-database settings (pg_db_role_setting): the memory "
                          "rules count the server-wide values only",
                          rows.error, rows.status != DB_NOT_APPLICABLE);
        db_result_free(&rows);
        return;
    }
    for (int row = 0; row < rows.n_rows; row++) {
        const char *cfg = db_text(&rows, row, 2);
        const char *eq = cfg ? strchr(cfg, '=') : NULL;
        if (!eq)
            continue;
        char *name = xstrndup(cfg, (size_t)(eq - cfg));
        snapshot_add_override(&res->snap, db_text(&rows, row, 0), db_text(&rows, row, 1), name,
                              eq + 1);
        free(name);
    }
    db_result_free(&rows);
}

bool audit_run(DbConn *conn, const AuditOpts *opts, AuditResult *out, PkDiag *diag)
{
    double start = pk_clock_now();
    if (!snapshot_db_read(conn, &out->snap, &out->findings, diag))
        return false;
    out->server_version = xstrdup(out->snap.pg_version_label);
    read_server(conn, out);
    read_file_errors(conn, out);
    read_overrides(conn, out);
    evidence_settings(out);
    evidence_checkpoints(conn, out);
    evidence_databases(conn, out);
    evidence_tables(conn, out);
    evidence_vacuum_due(conn, out);
    evidence_backend_writes(conn, out);
    evidence_io(conn, out);
    evidence_wal(conn, out);
    evidence_connections(conn, out);
    evidence_slots(conn, out);
    evidence_horizon(conn, out);
    evidence_archiver(conn, out);
    evidence_statements(conn, out);
    audit_hba(conn, out);
    if (opts->sample_seconds > 0 || db_is_replay(conn)) {
        double span =
            sample_wait_events(conn, out, opts->sample_seconds,
                               opts->sample_interval_ms > 0 ? opts->sample_interval_ms : 100);
        if (span > 0)
            evidence_vacuum_overdue(conn, out, span);
    }
    evidence_connection_peak(out);
    out->n_queries = db_query_count(conn);
    out->elapsed_ms = (pk_clock_now() - start) * 1000;
    return true;
}

void audit_result_free(AuditResult *res)
{
    snapshot_free(&res->snap);
    arena_free(res->findings.arena);
    for (size_t item_idx = 0; item_idx < res->n_unavailable; item_idx++) {
        free(res->unavailable[item_idx].what);
        free(res->unavailable[item_idx].why);
    }
    free(res->unavailable);
    free(res->server_version);
    free(res->database);
    free(res->user);
    free(res->tables_due);
    memset(res, 0, sizeof(*res));
}
