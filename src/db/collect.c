/* `pgknob audit --collect`: the query table written out as one psql script that, run against a
 * server, prints a snapshot document (db.h) with the same results a live audit reads. The script
 * is the same SELECTs, chosen inside the script by server_version_num (psql's \if), inside one
 * READ ONLY transaction with SET LOCAL timeouts; results are kept in psql variables (\gset) and
 * printed once at the end, so nothing but the document reaches standard output. Secrets are
 * masked in SQL before they leave the server. */
#include "db/collect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/xalloc.h"
#include "db/queries.h"

#define PGSS_READY                                                                                 \
    "exists (select 1 from pg_settings where name = 'pg_stat_statements.max') and "                \
    "exists (select 1 from pg_extension where extname = 'pg_stat_statements')"

/* Queries a role may not be allowed to run: guarded by a privilege test so that they neither
 * fail in the server's log nor abort the transaction; the recorded error is the server's own. */
static const struct {
    const char *id, *test, *error;
} GUARDS[] = {
    {"file_settings",
     "has_table_privilege('pg_file_settings', 'SELECT') and "
     "has_function_privilege('pg_show_all_file_settings()', 'EXECUTE')",
     "permission denied for view pg_file_settings"},
    {"hba_rules",
     "has_table_privilege('pg_hba_file_rules', 'SELECT') and "
     "has_function_privilege('pg_hba_file_rules()', 'EXECUTE')",
     "permission denied for view pg_hba_file_rules"},
    {"archive_waiting",
     "coalesce((select rolsuper from pg_roles where rolname = current_user), false) or "
     "pg_has_role('pg_monitor', 'USAGE')",
     "permission denied for function pg_ls_archive_statusdir"},
    /* the library loaded and the extension created here: as the live audit asks */
    {"pgss_temp", PGSS_READY, NULL},
    {"pgss_info", PGSS_READY, NULL},
};
#define N_GUARDS (sizeof(GUARDS) / sizeof(GUARDS[0]))

/* The secrets inside a value, as common/redact.c finds them, in SQL: KEY=VALUE for keys ending
 * in password, passwd, passphrase, secret(s) (quoted or up to a blank; a URL query parameter up
 * to '&'), and a URL's password (scheme://user:PW@host). */
#define REDACT_OPEN "regexp_replace(regexp_replace(regexp_replace(regexp_replace("
#define REDACT_CLOSE                                                                               \
    ", '(\\w*(password|passwd|passphrase|secrets?)\\s*=\\s*)''([^''\\\\]|\\\\.)*''',"              \
    " '\\1''<redacted>''', 'gi'),"                                                                 \
    " '([?&]\\w*(password|passwd|passphrase|secrets?)=)[^&#\\s]*', '\\1<redacted>', 'gi'),"        \
    " '(^|[^\\w?&])(\\w*(password|passwd|passphrase|secrets?)\\s*=\\s*)[^''\\s<][^\\s]*',"         \
    " '\\1\\2<redacted>', 'gi'),"                                                                  \
    " '(://[^/?#\\s:@]*:)[^@/?#\\s]*@', '\\1<redacted>@', 'g')"

/* A setting whose name says its whole value is a credential (redact_name_secret). */
#define NAME_SECRET                                                                                \
    "lower(translate(q.c0, '_-.', '')) ~ '(password|passphrase|passwd|secret)'"                    \
    " and lower(q.c0) <> 'password_encryption' and coalesce(q.c1, '') <> ''"

static const char *guard_of(const char *id, const char **error)
{
    for (size_t idx = 0; idx < N_GUARDS; idx++)
        if (!strcmp(GUARDS[idx].id, id)) {
            *error = GUARDS[idx].error;
            return GUARDS[idx].test;
        }
    return NULL;
}

/* "pk_r_checkpoints": the psql variable holding a query's results. */
static void emit_cell(StrBuf *out, const char *id, size_t col, char type)
{
    if (col)
        sb_put(out, ", ");
    if (type != 't')
        sb_printf(out, "q.c%zu::text", col);
    else if (!strcmp(id, "settings") && col == 1)
        sb_printf(out, "case when " NAME_SECRET " then '<redacted>' else " REDACT_OPEN
                       "q.c1" REDACT_CLOSE " end");
    else
        sb_printf(out, REDACT_OPEN "q.c%zu" REDACT_CLOSE, col);
}

/* The read-only transaction with its timeouts, at the start and after an error. */
static void emit_setup(StrBuf *out, int timeout_ms)
{
    int lock_ms = timeout_ms < 2000 ? timeout_ms / 2 : 1000;
    sb_printf(out,
              "BEGIN TRANSACTION READ ONLY;\nSET LOCAL statement_timeout = %d;\n"
              "SET LOCAL lock_timeout = %d;\n",
              timeout_ms, lock_ms);
}

/* One SELECT that runs the query as a subquery and keeps its rows (or its error) in `var`: a
 * result object, in a list of one unless `one` (a sample, listed with the others at the end). */
static void emit_select(StrBuf *out, const DbQuery *query, const char *var, int timeout_ms,
                        bool one)
{
    size_t n_cols = strlen(query->types);
    const char *open = one ? "" : "jsonb_build_array(", *close = one ? "" : ")";
    sb_printf(out, "select %sjsonb_build_object('rows', coalesce(jsonb_agg(jsonb_build_array(",
              open);
    for (size_t col = 0; col < n_cols; col++)
        emit_cell(out, query->id, col, query->types[col]);
    sb_printf(out, ")), '[]'::jsonb))%s::text as %s from (%s) q(", close, var, query->sql);
    for (size_t col = 0; col < n_cols; col++)
        sb_printf(out, "%sc%zu", col ? ", " : "", col);
    sb_put(out, ") \\gset\n");
    /* an error (a timeout) aborts the transaction: record it, then go on in a new one */
    sb_put(out, "\\if :ERROR\nROLLBACK;\n");
    emit_setup(out, timeout_ms);
    sb_printf(out,
              "select %sjsonb_build_object('error', :'LAST_ERROR_MESSAGE',"
              " 'sqlstate', :'LAST_ERROR_SQLSTATE')%s::text as %s \\gset\n\\endif\n",
              open, close, var);
}

/* Which variants apply and which guards pass, in one SELECT. */
static void emit_conditions(StrBuf *out, const DbQuery *table, size_t n)
{
    sb_put(out, "select jsonb_build_object('pgknob_snapshot', 1, 'server_version_num',"
                " current_setting('server_version_num')::int, 'target',"
                " coalesce(host(inet_server_addr()), 'local') || ':' ||"
                " current_setting('port') || '/' || current_database(), 'collected_at', now(),"
                " 'collected_by', 'pgknob audit --collect')::text as pk_head,"
                " jsonb_build_object('error', 'not sampled')::text as pk_not_sampled");
    for (size_t idx = 0; idx < n; idx++) {
        sb_printf(out, ",\n (current_setting('server_version_num')::int >= %d",
                  table[idx].min_version);
        if (table[idx].max_version)
            sb_printf(out, " and current_setting('server_version_num')::int < %d",
                      table[idx].max_version);
        const char *error;
        const char *guard = guard_of(table[idx].id, &error);
        sb_printf(out, ") as pk_q%zu", idx);
        if (guard)
            sb_printf(out, ", (%s) as pk_g%zu", guard, idx);
    }
    sb_put(out, " \\gset\n");
}

static bool is_sample(const DbQuery *query)
{
    return !strcmp(query->id, "wait_sample");
}

static void emit_queries(StrBuf *out, const DbQuery *table, size_t n, int timeout_ms)
{
    for (size_t idx = 0; idx < n; idx++) {
        const DbQuery *query = &table[idx];
        if (is_sample(query))
            continue;
        const char *error = NULL;
        const char *guard = guard_of(query->id, &error);
        sb_printf(out, "\\if :pk_q%zu\n", idx);
        if (guard)
            sb_printf(out, "\\if :pk_g%zu\n", idx);
        char *var = xasprintf("pk_r_%s", query->id);
        emit_select(out, query, var, timeout_ms, false);
        if (guard && error)
            sb_printf(out,
                      "\\else\nselect jsonb_build_array(jsonb_build_object('error', '%s',"
                      " 'sqlstate', '42501'))::text as %s \\gset\n",
                      error, var);
        if (guard)
            sb_put(out, "\\endif\n");
        sb_put(out, "\\endif\n");
        free(var);
    }
}

/* `planned` samples of wait_sample, `interval_ms` apart; pg_stat_activity is read once per
 * transaction unless its snapshot is cleared (pg_stat_clear_snapshot). */
static void emit_samples(StrBuf *out, const DbQuery *sample, const CollectOpts *opts,
                         int interval_ms, int planned)
{
    sb_put(out, "select extract(epoch from clock_timestamp())::float8 as pk_sample_start "
                "\\gset\n");
    for (int tick = 0; tick < planned; tick++) {
        sb_printf(out, "\\set pk_w%d :pk_not_sampled\n", tick);
        sb_printf(out, "select 1 as pk_tick from pg_stat_clear_snapshot(), pg_sleep(%.3f) \\gset\n",
                  tick ? interval_ms / 1000.0 : 0);
        char *var = xasprintf("pk_w%d", tick);
        emit_select(out, sample, var, opts->timeout_ms, true);
        free(var);
    }
    /* the tables over their threshold again, as the live audit reads them after sampling */
    size_t n;
    const DbQuery *table = db_query_table(&n);
    for (size_t idx = 0; idx < n; idx++) {
        if (strcmp(table[idx].id, "vacuum_due"))
            continue;
        sb_printf(out, "\\if :pk_q%zu\n", idx);
        emit_select(out, &table[idx], "pk_due_end", opts->timeout_ms, true);
        sb_put(out, "select (:'pk_r_vacuum_due'::jsonb || jsonb_build_array(:'pk_due_end'::jsonb))"
                    "::text as pk_r_vacuum_due \\gset\n\\endif\n");
    }
    sb_printf(out,
              "select jsonb_build_object('seconds', %g, 'interval_ms', %d, 'elapsed_s',"
              " extract(epoch from clock_timestamp())::float8 - :pk_sample_start)::text"
              " as pk_sample \\gset\n",
              opts->sample_seconds, interval_ms);
}

/* The head of the document (the header object, opened for its "results"), made by the server. */
static void emit_head(StrBuf *out, int planned)
{
    sb_printf(out,
              "select left(%s::text, -1) || ', ' || to_json('results'::text)::text || ': {'"
              " as pk_open \\gset\n",
              planned ? "jsonb_set(:'pk_head'::jsonb, '{sample}', :'pk_sample'::jsonb)"
                      : ":'pk_head'::jsonb");
}

/* The document, from the variables: one \echo a line. */
static void emit_document(StrBuf *out, const DbQuery *table, size_t n, int planned)
{
    sb_put(out, "\\echo :pk_open\n");
    bool first = true;
    for (size_t idx = 0; idx < n; idx++) {
        if (is_sample(&table[idx]))
            continue;
        bool seen = false; /* variants of one id share its variable */
        for (size_t prev = 0; prev < idx; prev++)
            seen |= !strcmp(table[prev].id, table[idx].id);
        if (seen)
            continue;
        sb_printf(out, "\\echo '%s\"%s\":' :pk_r_%s\n", first ? "" : ", ", table[idx].id,
                  table[idx].id);
        first = false;
    }
    if (planned) {
        sb_printf(out, "\\echo ', \"%s\": ['\n", "wait_sample");
        for (int tick = 0; tick < planned; tick++)
            sb_printf(out, "\\echo '%s' :pk_w%d '%s'\n", tick ? "," : "", tick,
                      tick + 1 < planned ? "" : "]");
    }
    sb_put(out, "\\echo '}}'\n");
}

char *db_collect_script(const CollectOpts *opts)
{
    size_t n;
    const DbQuery *table = db_query_table(&n);
    int interval_ms = opts->sample_interval_ms > 0 ? opts->sample_interval_ms : 100;
    int planned = opts->sample_seconds > 0
                      ? (int)((opts->sample_seconds * 1000 + interval_ms - 1) / interval_ms)
                      : 0;
    StrBuf out = STRBUF_INIT;
    sb_printf(&out,
              "-- pgknob audit --collect: run with psql against the server to audit, for\n"
              "-- example   psql -X -f collect.sql 'host=db1 dbname=app user=auditor' > "
              "db1.json\n"
              "-- then      pgknob audit --from db1.json\n"
              "-- Read-only (one READ ONLY transaction, SELECTs only), statement_timeout %d ms;\n"
              "-- works for a role with pg_monitor. Standard output is one JSON document.\n"
              "\\set QUIET on\n\\set ON_ERROR_STOP off\n\\pset tuples_only on\n"
              "\\pset format unaligned\n\\pset pager off\n",
              opts->timeout_ms);
    emit_setup(&out, opts->timeout_ms);
    emit_conditions(&out, table, n);
    for (size_t idx = 0; idx < n; idx++)
        if (!is_sample(&table[idx]))
            sb_printf(&out, "\\set pk_r_%s '[]'\n", table[idx].id);
    emit_queries(&out, table, n, opts->timeout_ms);
    const DbQuery *sample = NULL;
    for (size_t idx = 0; idx < n; idx++)
        if (is_sample(&table[idx]))
            sample = &table[idx];
    if (planned && sample)
        emit_samples(&out, sample, opts, interval_ms, planned);
    emit_head(&out, planned && sample ? planned : 0);
    sb_put(&out, "COMMIT;\n");
    emit_document(&out, table, n, planned && sample ? planned : 0);
    return sb_detach(&out);
}
