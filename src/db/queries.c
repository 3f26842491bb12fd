/* Every statement pgknob audit sends, by id and server version. Each is read-only; every column
 * is cast so its type is known (t text, i int8, f float8, b bool). Statistics windows are in
 * seconds since the view's stats_reset (or, when a database's counters were never reset, since the
 * shared statistics' reset, else server start). */
#include "db/queries.h"

#include <string.h>

#define V14 140000
#define V16 160000
#define V17 170000
#define V18 180000

/* Seconds over which cumulative counters of pg_stat_database accumulated. */
#define DB_WINDOW                                                                                  \
    "greatest(extract(epoch from now() - coalesce(d.stats_reset, "                                 \
    "(select stats_reset from pg_stat_bgwriter), pg_postmaster_start_time())), 1)::float8"

/* The current transaction's state (source 'override'): our read-only session shows
 * transaction_read_only = on, which says nothing about the server's configuration. */
#define TXN_STATE "'transaction_deferrable', 'transaction_isolation', 'transaction_read_only'"

static const DbQuery queries[] = {
    {"server", 0, 0, DB_SHAPE_ONE_ROW, "tttbbbfbb",
     "select current_setting('server_version')::text, current_database()::text,"
     " current_user::text, pg_is_in_recovery()::bool,"
     " coalesce((select rolsuper from pg_roles where rolname = current_user), false)::bool,"
     " pg_has_role('pg_monitor', 'USAGE')::bool,"
     " extract(epoch from now() - pg_postmaster_start_time())::float8,"
     " pg_has_role('pg_read_all_settings', 'USAGE')::bool,"
     " pg_has_role('pg_read_all_stats', 'USAGE')::bool"},

    /* Our own SETs show as source 'session': report the server's value (reset_val) instead,
     * as a default when it is the boot value; application_name is always ours (a client
     * option), so it is reported as its default. */
    {"settings", 0, 0, DB_SHAPE_ANY_ROWS, "tttttibtttttttt",
     "select name::text,"
     " (case when source = 'session' then reset_val"
     " when name = 'application_name' and source = 'client' then boot_val"
     " when name in (" TXN_STATE ") and source = 'override' then boot_val"
     " else setting end)::text, unit::text,"
     " (case when source = 'session' and reset_val is not distinct from boot_val then 'default'"
     " when name = 'application_name' and source = 'client' then 'default'"
     " when name in (" TXN_STATE ") and source = 'override' then 'default'"
     " else source end)::text,"
     " sourcefile::text, sourceline::int8, pending_restart::bool, vartype::text,"
     " context::text, category::text, short_desc::text, min_val::text, max_val::text,"
     " array_to_string(enumvals, ',')::text, boot_val::text"
     " from pg_settings order by name"},

    /* audit --compare: where each non-default live value comes from (sourcefile and
     * sourceline are NULL unless superuser or pg_read_all_settings) */
    {"setting_sources", 0, 0, DB_SHAPE_ANY_ROWS, "ttti",
     "select name::text, source::text, sourcefile::text, sourceline::int8 from pg_settings"
     " where source not in ('default', 'override', 'client', 'session') order by name"},
    /* ALTER ROLE / DATABASE ... SET: readable by every role */
    {"role_settings", 0, 0, DB_SHAPE_ANY_ROWS, "ttt",
     "select coalesce(r.rolname, '')::text, coalesce(d.datname, '')::text, c.cfg::text"
     " from pg_db_role_setting s left join pg_roles r on r.oid = s.setrole"
     " left join pg_database d on d.oid = s.setdatabase, unnest(s.setconfig) as c(cfg)"
     " order by 1, 2, 3"},

    {"file_settings", 0, 0, DB_SHAPE_ANY_ROWS, "tiittbt",
     "select sourcefile::text, sourceline::int8, seqno::int8, name::text, setting::text,"
     " applied::bool, error::text from pg_file_settings where error is not null order by seqno"},

    /* Columns: timed, requested, write ms, sync ms, buffers written, backend fsyncs, window s,
     * checkpoints done (18 counts them apart from the timed ones it skipped; NULL before). */
    {"checkpoints", 0, V17, DB_SHAPE_ONE_ROW, "iiffiifi",
     "select checkpoints_timed::int8, checkpoints_req::int8, checkpoint_write_time::float8,"
     " checkpoint_sync_time::float8, buffers_checkpoint::int8, buffers_backend_fsync::int8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8, null::int8 from pg_stat_bgwriter"},
    /* From 17 the counters moved to pg_stat_checkpointer and backend fsyncs to pg_stat_io. */
    {"checkpoints", V17, V18, DB_SHAPE_ONE_ROW, "iiffiifi",
     "select num_timed::int8, num_requested::int8, write_time::float8, sync_time::float8,"
     " buffers_written::int8,"
     " (select coalesce(sum(fsyncs), 0) from pg_stat_io where object = 'relation'"
     " and backend_type <> 'checkpointer')::int8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8, null::int8 from pg_stat_checkpointer"},
    {"checkpoints", V18, 0, DB_SHAPE_ONE_ROW, "iiffiifi",
     "select num_timed::int8, num_requested::int8, write_time::float8, sync_time::float8,"
     " buffers_written::int8,"
     " (select coalesce(sum(fsyncs), 0) from pg_stat_io where object = 'relation'"
     " and backend_type <> 'checkpointer')::int8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8, num_done::int8 from pg_stat_checkpointer"},

    {"databases", 0, 0, DB_SHAPE_ANY_ROWS, "tiiiiiiiiif",
     "select coalesce(d.datname, '(shared objects)')::text, d.blks_hit::int8,"
     " d.blks_read::int8, d.temp_files::int8, d.temp_bytes::int8, d.deadlocks::int8,"
     " d.xact_commit::int8, d.xact_rollback::int8, age(b.datfrozenxid)::int8,"
     " mxid_age(b.datminmxid)::int8, " DB_WINDOW
     " from pg_stat_database d left join pg_database b on b.oid = d.datid"
     " order by d.datname nulls first"},

    /* The largest tables of the database we are connected to: chosen by pg_class.relpages (no
     * file access, no lock), then measured (pg_table_size locks and stats only those ten). */
    {"tables", 0, 0, DB_SHAPE_ANY_ROWS, "tiiiffbi",
     "select (quote_ident(t.schemaname) || '.' || quote_ident(t.relname))::text,"
     " t.n_live_tup::int8, t.n_dead_tup::int8, coalesce(pg_table_size(t.relid), 0)::int8,"
     " extract(epoch from now() - t.last_autovacuum)::float8,"
     " extract(epoch from now() - greatest(t.last_autovacuum, t.last_vacuum))::float8,"
     " coalesce(t.reloptions::text like '%autovacuum_enabled=false%', false)::bool,"
     " t.autovacuum_count::int8"
     " from (select s.*, c.reloptions, c.relpages from pg_stat_user_tables s"
     " join pg_class c on c.oid = s.relid"
     " order by c.relpages desc, s.n_live_tup + s.n_dead_tup desc, s.relid limit 10) t"
     " order by 4 desc, 1"},

    {"io", V16, 0, DB_SHAPE_ONE_ROW, "ififififf",
     "select coalesce(sum(reads), 0)::int8, coalesce(sum(read_time), 0)::float8,"
     " coalesce(sum(writes), 0)::int8, coalesce(sum(write_time), 0)::float8,"
     " coalesce(sum(fsyncs), 0)::int8, coalesce(sum(fsync_time), 0)::float8,"
     " coalesce(sum(hits), 0)::int8, coalesce(sum(extend_time), 0)::float8,"
     " greatest(extract(epoch from now() - min(stats_reset)), 1)::float8"
     " from pg_stat_io where object in ('relation', 'temp relation')"},

    {"wal", V14, V18, DB_SHAPE_ONE_ROW, "iiiiiifff",
     "select wal_records::int8, wal_fpi::int8, wal_bytes::int8, wal_buffers_full::int8,"
     " wal_write::int8, wal_sync::int8, wal_write_time::float8, wal_sync_time::float8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8 from pg_stat_wal"},
    /* 18 moved WAL write and sync counts and times to pg_stat_io (object 'wal'). */
    {"wal", V18, 0, DB_SHAPE_ONE_ROW, "iiiiiifff",
     "select w.wal_records::int8, w.wal_fpi::int8, w.wal_bytes::int8,"
     " w.wal_buffers_full::int8, io.writes::int8, io.fsyncs::int8, io.write_time::float8,"
     " io.fsync_time::float8,"
     " greatest(extract(epoch from now() - coalesce(w.stats_reset, pg_postmaster_start_time())),"
     " 1)::float8 from pg_stat_wal w, (select coalesce(sum(writes), 0) as writes,"
     " coalesce(sum(fsyncs), 0) as fsyncs, coalesce(sum(write_time), 0) as write_time,"
     " coalesce(sum(fsync_time), 0) as fsync_time from pg_stat_io where object = 'wal') io"},

    /* Client backends by state, autovacuum workers at work, and the limits. Columns: client
     * backends, active, idle in transaction, max_connections, superuser reserved, reserved (16+),
     * idle, autovacuum workers. */
    {"connections", 0, V16, DB_SHAPE_ONE_ROW, "iiiiiiiii",
     "select count(*) filter (where backend_type = 'client backend')::int8,"
     " count(*) filter (where backend_type = 'client backend' and state = 'active')::int8,"
     " count(*) filter (where state like 'idle in transaction%')::int8,"
     " current_setting('max_connections')::int8,"
     " current_setting('superuser_reserved_connections')::int8, 0::int8,"
     " count(*) filter (where backend_type = 'client backend' and state = 'idle')::int8,"
     " count(*) filter (where backend_type = 'autovacuum worker')::int8,"
     " (select coalesce(sum(numbackends), 0) from pg_stat_database)::int8"
     " from pg_stat_activity"},
    {"connections", V16, 0, DB_SHAPE_ONE_ROW, "iiiiiiiii",
     "select count(*) filter (where backend_type = 'client backend')::int8,"
     " count(*) filter (where backend_type = 'client backend' and state = 'active')::int8,"
     " count(*) filter (where state like 'idle in transaction%')::int8,"
     " current_setting('max_connections')::int8,"
     " current_setting('superuser_reserved_connections')::int8,"
     " current_setting('reserved_connections')::int8,"
     " count(*) filter (where backend_type = 'client backend' and state = 'idle')::int8,"
     " count(*) filter (where backend_type = 'autovacuum worker')::int8,"
     " (select coalesce(sum(numbackends), 0) from pg_stat_database)::int8"
     " from pg_stat_activity"},

    /* Tables of this database whose dead tuples exceed their autovacuum threshold and that no
     * vacuum is working on (those wait; pg_stat_progress_vacuum) (the server-wide
     * autovacuum_vacuum_threshold + scale_factor x reltuples; per-table reloptions win when set).
     * Columns: tables due, the longest-waiting one, seconds since its last autovacuum (NULL:
     * never), its dead tuples, and the 200 with the most dead tuples as "name<TAB>seconds since
     * their last autovacuum or never" lines (the audit compares them after --sample). */
    {"vacuum_due", 0, 0, DB_SHAPE_ONE_ROW, "itfit",
     "select count(*)::int8, (array_agg(name order by wait desc nulls first))[1]::text,"
     " max(wait)::float8, (array_agg(dead order by wait desc nulls first))[1]::int8,"
     " array_to_string((array_agg(name || E'\\t' || coalesce(round(wait)::text, 'never')"
     " order by dead desc))[1:200], E'\\n')::text"
     " from (select (quote_ident(s.schemaname) || '.' || quote_ident(s.relname)) as name,"
     " s.n_dead_tup as dead, extract(epoch from now() - s.last_autovacuum) as wait,"
     " coalesce((select option_value::float8 from pg_options_to_table(c.reloptions)"
     " where option_name = 'autovacuum_vacuum_threshold'),"
     " current_setting('autovacuum_vacuum_threshold')::float8) +"
     " coalesce((select option_value::float8 from pg_options_to_table(c.reloptions)"
     " where option_name = 'autovacuum_vacuum_scale_factor'),"
     " current_setting('autovacuum_vacuum_scale_factor')::float8) * greatest(c.reltuples, 0)"
     " as threshold from pg_stat_user_tables s join pg_class c on c.oid = s.relid"
     " where s.relid not in (select relid from pg_stat_progress_vacuum"
     " where datname = current_database() and relid is not null)) t"
     " where dead > threshold"},

    /* Relation writes by client backends (they found no clean buffer) against all relation
     * writes: pg_stat_bgwriter's buffers_backend before 16, pg_stat_io from 16. Columns: backend
     * writes, all writes, window s. */
    {"backend_writes", 0, V16, DB_SHAPE_ONE_ROW, "iif",
     "select buffers_backend::int8,"
     " (buffers_backend + buffers_checkpoint + buffers_clean)::int8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8 from pg_stat_bgwriter"},
    {"backend_writes", V16, 0, DB_SHAPE_ONE_ROW, "iif",
     "select coalesce(sum(writes) filter (where backend_type = 'client backend'), 0)::int8,"
     " coalesce(sum(writes), 0)::int8,"
     " greatest(extract(epoch from now() - coalesce(min(stats_reset),"
     " pg_postmaster_start_time())), 1)::float8"
     " from pg_stat_io where object = 'relation'"},

    {"slots", 0, 0, DB_SHAPE_ANY_ROWS, "ttbti",
     "select slot_name::text, slot_type::text, active::bool, coalesce(wal_status, '')::text,"
     " pg_wal_lsn_diff(case when pg_is_in_recovery() then pg_last_wal_replay_lsn()"
     " else pg_current_wal_lsn() end, restart_lsn)::int8"
     " from pg_replication_slots order by slot_name"},

    /* Who holds the xmin horizon back: the oldest of each kind (sessions, prepared transactions,
     * slots, standbys' feedback), with how many of that kind hold one. Walsenders carry their
     * standby's feedback (counted as standbys) and a vacuum's own xmin does not hold others back,
     * so both are left out of the sessions. Columns: kind, holder, application or detail, role,
     * state, age, seconds held, holders of that kind. */
    {"horizon", 0, 0, DB_SHAPE_ANY_ROWS, "tttttifi",
     "select * from ((select 'session'::text, pid::text, coalesce(application_name, '')::text,"
     " coalesce(usename::text, '')::text, coalesce(state, '')::text,"
     " greatest(age(backend_xmin), age(backend_xid))::int8,"
     " coalesce(extract(epoch from now() - xact_start), 0)::float8, (count(*) over ())::int8"
     " from pg_stat_activity where (backend_xmin is not null or backend_xid is not null)"
     " and pid <> pg_backend_pid()"
     " and coalesce(backend_type, '') not in ('walsender', 'autovacuum worker')"
     " order by 6 desc limit 1)"
     " union all (select 'prepared', gid::text, coalesce(database::text, ''), owner::text, '',"
     " age(transaction)::int8, extract(epoch from now() - prepared)::float8,"
     " (count(*) over ())::int8 from pg_prepared_xacts order by 6 desc limit 1)"
     " union all (select 'slot', slot_name::text, coalesce(database::text, ''), slot_type::text,"
     " (case when active then 'active' else 'inactive' end)::text,"
     " greatest(age(xmin), age(catalog_xmin))::int8, 0::float8, (count(*) over ())::int8"
     " from pg_replication_slots where xmin is not null or catalog_xmin is not null"
     " order by 6 desc limit 1)"
     " union all (select 'standby', coalesce(application_name, '')::text,"
     " coalesce(client_addr::text, 'local')::text, coalesce(usename::text, '')::text,"
     " coalesce(state, '')::text, age(backend_xmin)::int8, 0::float8,"
     " (count(*) over ())::int8 from pg_stat_replication where backend_xmin is not null"
     " order by 6 desc limit 1)) h"},

    /* The archiver (13–18): failing now when its last failure is later than its last success.
     * Columns: archived, failed, last failed WAL, s since last failure, s since last success,
     * failing now. */
    {"archiver", 0, 0, DB_SHAPE_ONE_ROW, "iitffb",
     "select archived_count::int8, failed_count::int8, coalesce(last_failed_wal, '')::text,"
     " extract(epoch from now() - last_failed_time)::float8,"
     " extract(epoch from now() - last_archived_time)::float8,"
     " coalesce(last_failed_time > coalesce(last_archived_time, '-infinity'), false)::bool"
     " from pg_stat_archiver"},
    /* WAL segments waiting for the archiver (.ready in pg_wal/archive_status) and their size;
     * pg_ls_archive_statusdir is for superusers and pg_monitor only. */
    {"archive_waiting", 0, 0, DB_SHAPE_ONE_ROW, "ii",
     "select count(*)::int8, (select setting::int8 from pg_settings"
     " where name = 'wal_segment_size') from pg_ls_archive_statusdir()"
     " where name like '%.ready'"},

    /* pg_stat_statements: whether CREATE EXTENSION ran in this database (its views exist only
     * there), then its evictions (pg_stat_statements_info, 14+; readable by every role). */
    {"pgss_installed", 0, 0, DB_SHAPE_ONE_ROW, "b",
     "select exists (select 1 from pg_extension where extname = 'pg_stat_statements')::bool"},
    {"pgss_info", V14, 0, DB_SHAPE_ONE_ROW, "if",
     "select dealloc::int8,"
     " greatest(extract(epoch from now() - coalesce(stats_reset, pg_postmaster_start_time())),"
     " 1)::float8 from pg_stat_statements_info"},

    /* The statement that writes the most to temporary files (pg_stat_statements, 13+), its role
     * and that role's own work_mem (ALTER ROLE ... SET), when it differs. Columns: query (its
     * start), role, calls, temp bytes written, the role's work_mem setting or NULL. */
    {"pgss_temp", 0, 0, DB_SHAPE_ANY_ROWS, "ttiit",
     "select left(regexp_replace(s.query, '\\s+', ' ', 'g'), 80)::text,"
     " coalesce(r.rolname, '')::text, s.calls::int8,"
     " (s.temp_blks_written * current_setting('block_size')::int8)::int8,"
     " (select substr(c, 10) from pg_db_role_setting d, unnest(d.setconfig) c"
     " where d.setrole = s.userid and d.setdatabase = 0 and c like 'work_mem=%' limit 1)::text"
     " from pg_stat_statements s left join pg_roles r on r.oid = s.userid"
     " where s.temp_blks_written > 0 order by s.temp_blks_written desc limit 1"},

    /* pg_hba.conf as the server reads it now (the file on disk, not the loaded rules);
     * superuser only unless granted (docs/hba.md). Arrays come as JSON text. */
    {"hba_rules", 0, V16, DB_SHAPE_ANY_ROWS, "ittttttttt",
     "select line_number::int8, null::text, type::text, array_to_json(database)::text,"
     " array_to_json(user_name)::text, address::text, netmask::text, auth_method::text,"
     " array_to_json(options)::text, error::text from pg_hba_file_rules"},
    {"hba_rules", V16, 0, DB_SHAPE_ANY_ROWS, "ittttttttt",
     "select line_number::int8, file_name::text, type::text, array_to_json(database)::text,"
     " array_to_json(user_name)::text, address::text, netmask::text, auth_method::text,"
     " array_to_json(options)::text, error::text from pg_hba_file_rules"},

    /* One sample of the client backends (ours excluded) and autovacuum workers: kind, state,
     * wait event; no wait event while active means running on CPU (or in uninstrumented code).
     * The samples give wait events, the peak of connections and autovacuum's saturation. */
    {"wait_sample", 0, 0, DB_SHAPE_ANY_ROWS, "tttt",
     "select (case when backend_type = 'autovacuum worker' then 'autovacuum' else 'client'"
     " end)::text, coalesce(state, '')::text, coalesce(wait_event_type, 'CPU')::text,"
     " coalesce(wait_event, 'CPU')::text from pg_stat_activity"
     " where backend_type in ('client backend', 'autovacuum worker')"
     " and pid <> pg_backend_pid()"},
};

static bool query_applies(const DbQuery *query, int version_num)
{
    return version_num >= query->min_version &&
           (query->max_version == 0 || version_num < query->max_version);
}

const DbQuery *db_query_find(const char *id, int version_num)
{
    for (size_t query_idx = 0; query_idx < sizeof(queries) / sizeof(queries[0]); query_idx++)
        if (!strcmp(queries[query_idx].id, id) && query_applies(&queries[query_idx], version_num))
            return &queries[query_idx];
    return NULL;
}

bool db_query_known(const char *id)
{
    for (size_t query_idx = 0; query_idx < sizeof(queries) / sizeof(queries[0]); query_idx++)
        if (!strcmp(queries[query_idx].id, id))
            return true;
    return false;
}

const DbQuery *db_query_table(size_t *count)
{
    *count = sizeof(queries) / sizeof(queries[0]);
    return queries;
}
