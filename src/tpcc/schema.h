/* The TPC-C schema and every SQL statement the driver sends, in one place so they can be read
 * side by side with the spec. Tables live in schema "tpcc"; connections set search_path to it. */
#ifndef PK_TPCC_SCHEMA_H
#define PK_TPCC_SCHEMA_H

#include <stdbool.h>

/* The nine tables, in load order; each with the column list COPY uses. */
typedef struct TpccTable {
    const char *name;
    const char *create_sql; /* CREATE TABLE without constraints (added after the load) */
    const char *copy_sql;   /* COPY ... FROM STDIN */
} TpccTable;

#define TPCC_TABLE_COUNT 9
extern const TpccTable tpcc_tables[TPCC_TABLE_COUNT];

/* Primary keys and secondary indexes, built after the data is in (any order, in parallel). */
extern const char *const tpcc_index_sql[];
extern const int tpcc_index_count;

/* The prepared statements of the five transactions. */
typedef enum TpccStmt {
    STMT_NO_DISTRICT = 0,
    STMT_NO_WH_CUST,
    STMT_NO_ITEMS,
    STMT_NO_STOCK_LOCK,
    STMT_NO_STOCK_UPDATE,
    STMT_NO_ORDER,
    STMT_NO_LINES,
    STMT_PAY_WAREHOUSE,
    STMT_PAY_DISTRICT,
    STMT_CUST_BY_NAME,
    STMT_PAY_CUSTOMER,
    STMT_PAY_HISTORY,
    STMT_OS_CUSTOMER,
    STMT_OS_CUSTOMER_BY_NAME,
    STMT_OS_ORDER_LINES,
    STMT_DL_DISTRICT,
    STMT_SL_COUNT,
    STMT_BEGIN,
    STMT_COMMIT,
    STMT_ROLLBACK,
    STMT_COUNT
} TpccStmt;

typedef struct TpccStmtDef {
    const char *name; /* prepared statement name */
    const char *sql;
    int nparams;
} TpccStmtDef;

extern const TpccStmtDef tpcc_stmts[STMT_COUNT];

/* Marker stored as the schema's comment: written "loading" first, "complete" at the end, so an
 * interrupted load is recognised later. */
#define TPCC_MARK_FMT "pgknob tpcc %s warehouses=%d c_last=%d seed=%llu"

#endif
