/* `tpcc check`: consistency conditions of clause 3.3.2 (1-4 always, 5-10 and 12 with --full),
 * per warehouse, district, order, line or customer, in one repeatable-read snapshot. Each query
 * returns (examined, violations, first violation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpcc/conn.h"
#include "tpcc/tpcc.h"

typedef struct CheckDef {
    int number;
    const char *what;
    const char *sql;
} CheckDef;

static const CheckDef checks[TPCC_CHECK_MAX] = {
    {1, "W_YTD = sum(D_YTD) for every warehouse",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s: w_ytd = %s, sum(d_ytd) = %s', w_id, w_ytd, s)"
     " END)"
     " FROM (SELECT w_id, w_ytd, s, w_ytd IS DISTINCT FROM s AS bad FROM warehouse"
     " LEFT JOIN (SELECT d_w_id, sum(d_ytd) AS s FROM district GROUP BY d_w_id) d"
     " ON d.d_w_id = w_id) x"},
    {2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for every district",
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
    {3, "count(NEW-ORDER) = max(NO_O_ID) - min(NO_O_ID) + 1 for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: %s new orders, max - min + 1 = %s',"
     " no_w_id, no_d_id, n, mx - mn + 1) END)"
     " FROM (SELECT no_w_id, no_d_id, count(*) AS n, max(no_o_id) AS mx, min(no_o_id) AS mn,"
     " count(*) <> max(no_o_id) - min(no_o_id) + 1 AS bad FROM new_order GROUP BY 1, 2) x"},
    {4, "sum(O_OL_CNT) = count(ORDER-LINE) for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: sum(o_ol_cnt) = %s, "
     "order lines = %s', w, d, coalesce(s, 0), coalesce(n, 0)) END)"
     " FROM (SELECT coalesce(o.w, l.w) AS w, coalesce(o.d, l.d) AS d, s, n,"
     " s IS DISTINCT FROM n AS bad"
     " FROM (SELECT o_w_id AS w, o_d_id AS d, sum(o_ol_cnt) AS s FROM orders GROUP BY 1, 2) o"
     " FULL JOIN (SELECT ol_w_id AS w, ol_d_id AS d, count(*) AS n FROM order_line"
     " GROUP BY 1, 2) l ON o.w = l.w AND o.d = l.d) x"},
    {5, "O_CARRIER_ID is null exactly for orders with a NEW-ORDER row",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s order %s: o_carrier_id %s, "
     "new-order row %s', o_w_id, o_d_id, o_id, coalesce(o_carrier_id::text, 'null'),"
     " CASE WHEN has_no THEN 'present' ELSE 'absent' END) END)"
     " FROM (SELECT o_w_id, o_d_id, o_id, o_carrier_id, no_o_id IS NOT NULL AS has_no,"
     " (o_carrier_id IS NULL) <> (no_o_id IS NOT NULL) AS bad FROM orders"
     " LEFT JOIN new_order ON no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id) x"},
    {6, "O_OL_CNT = its number of ORDER-LINE rows for every order",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s order %s: o_ol_cnt = %s, "
     "lines = %s', o_w_id, o_d_id, o_id, o_ol_cnt, coalesce(n, 0)) END)"
     " FROM (SELECT o_w_id, o_d_id, o_id, o_ol_cnt, n, o_ol_cnt IS DISTINCT FROM n AS bad"
     " FROM orders LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, count(*) AS n FROM order_line"
     " GROUP BY 1, 2, 3) l ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id) x"},
    {7, "OL_DELIVERY_D is null exactly for lines of orders with a null O_CARRIER_ID",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s order %s line %s: ol_delivery_d "
     "%s, o_carrier_id %s', ol_w_id, ol_d_id, ol_o_id, ol_number,"
     " coalesce(ol_delivery_d::text, 'null'), coalesce(o_carrier_id::text, 'null')) END)"
     " FROM (SELECT ol_w_id, ol_d_id, ol_o_id, ol_number, ol_delivery_d, o_carrier_id,"
     " (ol_delivery_d IS NULL) <> (o_carrier_id IS NULL) AS bad FROM order_line"
     " JOIN orders ON o_w_id = ol_w_id AND o_d_id = ol_d_id AND o_id = ol_o_id) x"},
    {8, "W_YTD = sum(H_AMOUNT) for every warehouse",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s: w_ytd = %s, sum(h_amount) = %s', w_id, w_ytd,"
     " coalesce(s, 0)) END)"
     " FROM (SELECT w_id, w_ytd, s, w_ytd IS DISTINCT FROM s AS bad FROM warehouse"
     " LEFT JOIN (SELECT h_w_id, sum(h_amount) AS s FROM history GROUP BY 1) h ON h_w_id = w_id) "
     "x"},
    {9, "D_YTD = sum(H_AMOUNT) for every district",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s: d_ytd = %s, sum(h_amount) = %s',"
     " d_w_id, d_id, d_ytd, coalesce(s, 0)) END)"
     " FROM (SELECT d_w_id, d_id, d_ytd, s, d_ytd IS DISTINCT FROM s AS bad FROM district"
     " LEFT JOIN (SELECT h_w_id, h_d_id, sum(h_amount) AS s FROM history GROUP BY 1, 2) h"
     " ON h_w_id = d_w_id AND h_d_id = d_id) x"},
    {10, "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT) for every customer",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s customer %s: c_balance = %s, "
     "delivered - paid = %s', c_w_id, c_d_id, c_id, c_balance, delivered - paid) END)"
     " FROM (SELECT c_w_id, c_d_id, c_id, c_balance, coalesce(dl.s, 0) AS delivered,"
     " coalesce(h.s, 0) AS paid, c_balance <> coalesce(dl.s, 0) - coalesce(h.s, 0) AS bad"
     " FROM customer"
     " LEFT JOIN (SELECT o_w_id, o_d_id, o_c_id, sum(ol_amount) AS s FROM orders"
     " JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id"
     " WHERE ol_delivery_d IS NOT NULL GROUP BY 1, 2, 3) dl"
     " ON dl.o_w_id = c_w_id AND dl.o_d_id = c_d_id AND dl.o_c_id = c_id"
     " LEFT JOIN (SELECT h_c_w_id, h_c_d_id, h_c_id, sum(h_amount) AS s FROM history"
     " GROUP BY 1, 2, 3) h ON h_c_w_id = c_w_id AND h_c_d_id = c_d_id AND h_c_id = c_id) x"},
    {12, "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT) for every customer",
     "SELECT count(*), count(*) FILTER (WHERE bad),"
     " min(CASE WHEN bad THEN format('warehouse %s district %s customer %s: c_balance + "
     "c_ytd_payment = %s, delivered = %s', c_w_id, c_d_id, c_id, total, delivered) END)"
     " FROM (SELECT c_w_id, c_d_id, c_id, c_balance + c_ytd_payment AS total,"
     " coalesce(dl.s, 0) AS delivered, c_balance + c_ytd_payment <> coalesce(dl.s, 0) AS bad"
     " FROM customer"
     " LEFT JOIN (SELECT o_w_id, o_d_id, o_c_id, sum(ol_amount) AS s FROM orders"
     " JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id"
     " WHERE ol_delivery_d IS NOT NULL GROUP BY 1, 2, 3) dl"
     " ON dl.o_w_id = c_w_id AND dl.o_d_id = c_d_id AND dl.o_c_id = c_id) x"},
};

static bool run_condition(PGconn *conn, int number, TpccCheckCondition *cond, PkDiag *diag)
{
    PGresult *res = tpcc_query(conn, checks[number].sql, diag);
    if (!res)
        return false;
    cond->number = checks[number].number;
    cond->what = checks[number].what;
    cond->checked = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    cond->violations = strtoll(PQgetvalue(res, 0, 1), NULL, 10);
    snprintf(cond->first_violation, sizeof(cond->first_violation), "%s", PQgetvalue(res, 0, 2));
    PQclear(res);
    return true;
}

static bool check_conditions(const char *conninfo, int count, TpccCheckResult *res, PkDiag *diag)
{
    memset(res, 0, sizeof(*res));
    PGconn *conn = tpcc_connect(conninfo, diag);
    if (!conn)
        return false;
    TpccSchemaInfo info;
    bool ok = tpcc_schema_require(conn, &info, diag) &&
              tpcc_exec(conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", diag);
    for (int idx = 0; ok && idx < count; idx++)
        ok = run_condition(conn, idx, &res->conditions[idx], diag);
    res->warehouses = info.warehouses;
    res->count = count;
    res->passed = ok;
    for (int idx = 0; ok && idx < count; idx++)
        if (res->conditions[idx].violations > 0)
            res->passed = false;
    PQfinish(conn);
    return ok;
}

bool tpcc_check(const char *conninfo, TpccCheckResult *res, PkDiag *diag)
{
    return check_conditions(conninfo, 4, res, diag);
}

bool tpcc_check_full(const char *conninfo, TpccCheckResult *res, PkDiag *diag)
{
    return check_conditions(conninfo, TPCC_CHECK_MAX, res, diag);
}
