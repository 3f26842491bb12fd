/* `tpcc check`: consistency conditions 1-4 of clause 3.3.2, per warehouse and district, in one
 * repeatable-read snapshot. Each query returns (examined, violations, first violation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpcc/conn.h"
#include "tpcc/tpcc.h"

typedef struct CheckDef {
    const char *what;
    const char *sql;
} CheckDef;

static const CheckDef checks[4] = {
    {"W_YTD = sum(D_YTD) for every warehouse",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s: w_ytd = %s, sum(d_ytd) = %s', w_id, w_ytd, s)"
     " END)"
     " FROM (SELECT w_id, w_ytd, s, w_ytd IS DISTINCT FROM s AS bad FROM warehouse"
     " LEFT JOIN (SELECT d_w_id, sum(d_ytd) AS s FROM district GROUP BY d_w_id) d"
     " ON d.d_w_id = w_id) x"},
    {"D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: d_next_o_id - 1 = %s, "
     "max(o_id) = %s, max(no_o_id) = %s', d_w_id, d_id, d_next_o_id - 1, mo, coalesce(mno::text,"
     " 'none')) END)"
     " FROM (SELECT d_w_id, d_id, d_next_o_id, mo, mno,"
     " (d_next_o_id - 1) IS DISTINCT FROM mo OR (mno IS NOT NULL AND mno <> mo) AS bad"
     " FROM district"
     " LEFT JOIN (SELECT o_w_id, o_d_id, max(o_id) AS mo FROM orders GROUP BY 1, 2) o"
     " ON o_w_id = d_w_id AND o_d_id = d_id"
     " LEFT JOIN (SELECT no_w_id, no_d_id, max(no_o_id) AS mno FROM new_order GROUP BY 1, 2) n"
     " ON no_w_id = d_w_id AND no_d_id = d_id) x"},
    {"count(NEW-ORDER) = max(NO_O_ID) - min(NO_O_ID) + 1 for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: %s new orders, max - min + 1 = %s',"
     " no_w_id, no_d_id, n, mx - mn + 1) END)"
     " FROM (SELECT no_w_id, no_d_id, count(*) AS n, max(no_o_id) AS mx, min(no_o_id) AS mn,"
     " count(*) <> max(no_o_id) - min(no_o_id) + 1 AS bad FROM new_order GROUP BY 1, 2) x"},
    {"sum(O_OL_CNT) = count(ORDER-LINE) for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: sum(o_ol_cnt) = %s, "
     "order lines = %s', w, d, coalesce(s, 0), coalesce(n, 0)) END)"
     " FROM (SELECT coalesce(o.w, l.w) AS w, coalesce(o.d, l.d) AS d, s, n,"
     " s IS DISTINCT FROM n AS bad"
     " FROM (SELECT o_w_id AS w, o_d_id AS d, sum(o_ol_cnt) AS s FROM orders GROUP BY 1, 2) o"
     " FULL JOIN (SELECT ol_w_id AS w, ol_d_id AS d, count(*) AS n FROM order_line"
     " GROUP BY 1, 2) l ON o.w = l.w AND o.d = l.d) x"},
};

static bool run_condition(PGconn *conn, int number, TpccCheckCondition *cond, TpccError *err)
{
    PGresult *res = tpcc_query(conn, checks[number].sql, err);
    if (!res)
        return false;
    cond->number = number + 1;
    cond->what = checks[number].what;
    cond->checked = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    cond->violations = strtoll(PQgetvalue(res, 0, 1), NULL, 10);
    snprintf(cond->first_violation, sizeof(cond->first_violation), "%s", PQgetvalue(res, 0, 2));
    PQclear(res);
    return true;
}

bool tpcc_check(const char *conninfo, TpccCheckResult *res, TpccError *err)
{
    memset(res, 0, sizeof(*res));
    memset(err, 0, sizeof(*err));
    PGconn *conn = tpcc_connect(conninfo, err);
    if (!conn)
        return false;
    TpccSchemaInfo info;
    bool ok = tpcc_schema_require(conn, &info, err) &&
              tpcc_exec(conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", err);
    for (int number = 0; ok && number < 4; number++)
        ok = run_condition(conn, number, &res->conditions[number], err);
    res->warehouses = info.warehouses;
    res->passed = ok;
    for (int number = 0; ok && number < 4; number++)
        if (res->conditions[number].violations > 0)
            res->passed = false;
    PQfinish(conn);
    return ok;
}
