#include "tpcc/schema.h"

/* Types follow clause 1.3; numeric for money so the consistency sums are exact. */
const TpccTable tpcc_tables[TPCC_TABLE_COUNT] = {
    {"item",
     "CREATE TABLE item (i_id int NOT NULL, i_im_id int NOT NULL, i_name varchar(24) NOT NULL,"
     " i_price numeric(5,2) NOT NULL, i_data varchar(50) NOT NULL)",
     "COPY item (i_id, i_im_id, i_name, i_price, i_data) FROM STDIN"},
    {"warehouse",
     "CREATE TABLE warehouse (w_id int NOT NULL, w_name varchar(10) NOT NULL,"
     " w_street_1 varchar(20) NOT NULL, w_street_2 varchar(20) NOT NULL,"
     " w_city varchar(20) NOT NULL, w_state char(2) NOT NULL, w_zip char(9) NOT NULL,"
     " w_tax numeric(4,4) NOT NULL, w_ytd numeric(12,2) NOT NULL)",
     "COPY warehouse (w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd)"
     " FROM STDIN"},
    {"district",
     "CREATE TABLE district (d_id int NOT NULL, d_w_id int NOT NULL, d_name varchar(10) NOT NULL,"
     " d_street_1 varchar(20) NOT NULL, d_street_2 varchar(20) NOT NULL,"
     " d_city varchar(20) NOT NULL, d_state char(2) NOT NULL, d_zip char(9) NOT NULL,"
     " d_tax numeric(4,4) NOT NULL, d_ytd numeric(12,2) NOT NULL, d_next_o_id int NOT NULL)",
     "COPY district (d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip,"
     " d_tax, d_ytd, d_next_o_id) FROM STDIN"},
    {"stock",
     "CREATE TABLE stock (s_i_id int NOT NULL, s_w_id int NOT NULL, s_quantity int NOT NULL,"
     " s_dist_01 char(24) NOT NULL, s_dist_02 char(24) NOT NULL, s_dist_03 char(24) NOT NULL,"
     " s_dist_04 char(24) NOT NULL, s_dist_05 char(24) NOT NULL, s_dist_06 char(24) NOT NULL,"
     " s_dist_07 char(24) NOT NULL, s_dist_08 char(24) NOT NULL, s_dist_09 char(24) NOT NULL,"
     " s_dist_10 char(24) NOT NULL, s_ytd int NOT NULL, s_order_cnt int NOT NULL,"
     " s_remote_cnt int NOT NULL, s_data varchar(50) NOT NULL)",
     "COPY stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04,"
     " s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt,"
     " s_remote_cnt, s_data) FROM STDIN"},
    {"customer",
     "CREATE TABLE customer (c_id int NOT NULL, c_d_id int NOT NULL, c_w_id int NOT NULL,"
     " c_first varchar(16) NOT NULL, c_middle char(2) NOT NULL, c_last varchar(16) NOT NULL,"
     " c_street_1 varchar(20) NOT NULL, c_street_2 varchar(20) NOT NULL,"
     " c_city varchar(20) NOT NULL, c_state char(2) NOT NULL, c_zip char(9) NOT NULL,"
     " c_phone char(16) NOT NULL, c_since timestamp NOT NULL, c_credit char(2) NOT NULL,"
     " c_credit_lim numeric(12,2) NOT NULL, c_discount numeric(4,4) NOT NULL,"
     " c_balance numeric(12,2) NOT NULL, c_ytd_payment numeric(12,2) NOT NULL,"
     " c_payment_cnt int NOT NULL, c_delivery_cnt int NOT NULL, c_data varchar(500) NOT NULL)",
     "COPY customer (c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2,"
     " c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,"
     " c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) FROM STDIN"},
    {"history",
     "CREATE TABLE history (h_c_id int NOT NULL, h_c_d_id int NOT NULL, h_c_w_id int NOT NULL,"
     " h_d_id int NOT NULL, h_w_id int NOT NULL, h_date timestamp NOT NULL,"
     " h_amount numeric(6,2) NOT NULL, h_data varchar(24) NOT NULL)",
     "COPY history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
     " FROM STDIN"},
    {"orders",
     "CREATE TABLE orders (o_id int NOT NULL, o_d_id int NOT NULL, o_w_id int NOT NULL,"
     " o_c_id int NOT NULL, o_entry_d timestamp NOT NULL, o_carrier_id int,"
     " o_ol_cnt int NOT NULL, o_all_local int NOT NULL)",
     "COPY orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)"
     " FROM STDIN"},
    {"new_order",
     "CREATE TABLE new_order (no_o_id int NOT NULL, no_d_id int NOT NULL, no_w_id int NOT NULL)",
     "COPY new_order (no_o_id, no_d_id, no_w_id) FROM STDIN"},
    {"order_line",
     "CREATE TABLE order_line (ol_o_id int NOT NULL, ol_d_id int NOT NULL, ol_w_id int NOT NULL,"
     " ol_number int NOT NULL, ol_i_id int NOT NULL, ol_supply_w_id int NOT NULL,"
     " ol_delivery_d timestamp, ol_quantity int NOT NULL, ol_amount numeric(6,2) NOT NULL,"
     " ol_dist_info char(24) NOT NULL)",
     "COPY order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
     " ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) FROM STDIN"},
};

/* Largest first, so parallel jobs finish together. */
const char *const tpcc_index_sql[] = {
    "ALTER TABLE order_line ADD PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)",
    "ALTER TABLE stock ADD PRIMARY KEY (s_w_id, s_i_id)",
    "ALTER TABLE customer ADD PRIMARY KEY (c_w_id, c_d_id, c_id)",
    "CREATE INDEX customer_by_name ON customer (c_w_id, c_d_id, c_last, c_first)",
    "ALTER TABLE orders ADD PRIMARY KEY (o_w_id, o_d_id, o_id)",
    "CREATE INDEX orders_by_customer ON orders (o_w_id, o_d_id, o_c_id, o_id)",
    "ALTER TABLE item ADD PRIMARY KEY (i_id)",
    "ALTER TABLE new_order ADD PRIMARY KEY (no_w_id, no_d_id, no_o_id)",
    "ALTER TABLE district ADD PRIMARY KEY (d_w_id, d_id)",
    "ALTER TABLE warehouse ADD PRIMARY KEY (w_id)",
};
const int tpcc_index_count = (int)(sizeof(tpcc_index_sql) / sizeof(tpcc_index_sql[0]));

/* Clause 2.4: New-Order. Stock rows are locked in key order (ORDER BY under FOR UPDATE), so two
 * New-Orders sharing items never deadlock; all items and stock rows of an order in one query. */
#define SQL_NO_DISTRICT                                                                            \
    "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = $1 AND d_id = $2"            \
    " RETURNING d_next_o_id - 1, d_tax"
#define SQL_NO_WH_CUST                                                                             \
    "SELECT w_tax, c_discount, c_last, c_credit FROM warehouse, customer"                          \
    " WHERE w_id = $1 AND c_w_id = $1 AND c_d_id = $2 AND c_id = $3"
#define SQL_NO_ITEMS "SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id = ANY ($1::int[])"
#define SQL_NO_STOCK_LOCK                                                                          \
    "SELECT s_w_id, s_i_id, s_quantity, s_data,"                                                   \
    " (ARRAY[s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07,"         \
    " s_dist_08, s_dist_09, s_dist_10])[$3::int]"                                                  \
    " FROM stock JOIN unnest($1::int[], $2::int[]) AS u(w, i) ON s_w_id = u.w AND s_i_id = u.i"    \
    " ORDER BY s_w_id, s_i_id FOR UPDATE OF stock"
#define SQL_NO_STOCK_UPDATE                                                                        \
    "UPDATE stock SET s_quantity = u.q, s_ytd = s_ytd + u.oq, s_order_cnt = s_order_cnt + 1,"      \
    " s_remote_cnt = s_remote_cnt + u.r"                                                           \
    " FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[]) AS u(w, i, q, oq, r)"     \
    " WHERE s_w_id = u.w AND s_i_id = u.i"
#define SQL_NO_ORDER                                                                               \
    "WITH o AS (INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id,"        \
    " o_ol_cnt, o_all_local) VALUES ($1, $2, $3, $4, now(), NULL, $5, $6))"                        \
    " INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES ($1, $2, $3)"
#define SQL_NO_LINES                                                                               \
    "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"       \
    " ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)"                                        \
    " SELECT $1, $2, $3, u.n, u.i, u.w, NULL, u.q, u.a, u.d"                                       \
    " FROM unnest($4::int[], $5::int[], $6::int[], $7::int[], $8::numeric[], $9::text[])"          \
    " AS u(n, i, w, q, a, d)"

/* Clause 2.5: Payment. h_data (w_name, four spaces, d_name) is built by the server. */
#define SQL_PAY_WAREHOUSE                                                                          \
    "UPDATE warehouse SET w_ytd = w_ytd + $2 WHERE w_id = $1"                                      \
    " RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip"
#define SQL_PAY_DISTRICT                                                                           \
    "UPDATE district SET d_ytd = d_ytd + $3 WHERE d_w_id = $1 AND d_id = $2"                       \
    " RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip"
#define SQL_CUST_BY_NAME                                                                           \
    "SELECT c_id FROM customer WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $3"                  \
    " ORDER BY c_first"
#define SQL_PAY_CUSTOMER                                                                           \
    "UPDATE customer SET c_balance = c_balance - $4, c_ytd_payment = c_ytd_payment + $4,"          \
    " c_payment_cnt = c_payment_cnt + 1,"                                                          \
    " c_data = CASE WHEN c_credit = 'BC' THEN left($5 || c_data, 500) ELSE c_data END"             \
    " WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3"                                             \
    " RETURNING c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,"        \
    " c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,"                            \
    " CASE WHEN c_credit = 'BC' THEN left(c_data, 200) END"
#define SQL_PAY_HISTORY                                                                            \
    "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount,"           \
    " h_data) SELECT $1, $2, $3, $4, $5, now(), $6, w_name || '    ' || d_name"                    \
    " FROM warehouse, district WHERE w_id = $5 AND d_w_id = $5 AND d_id = $4"

/* Clause 2.6: Order-Status; the lines read are those of the customer's last order. */
#define SQL_OS_CUSTOMER                                                                            \
    "SELECT c_id, c_balance, c_first, c_middle, c_last FROM customer"                              \
    " WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = $3"
#define SQL_OS_CUSTOMER_BY_NAME                                                                    \
    "SELECT c_id, c_balance, c_first, c_middle, c_last FROM customer"                              \
    " WHERE c_w_id = $1 AND c_d_id = $2 AND c_last = $3 ORDER BY c_first"
/* The last order and its lines in one statement: the lines are joined on that order's own id. */
#define SQL_OS_ORDER_LINES                                                                         \
    "SELECT o.o_id, o.o_entry_d, o.o_carrier_id, o.o_ol_cnt, ol_i_id, ol_supply_w_id,"             \
    " ol_quantity, ol_amount, ol_delivery_d"                                                       \
    " FROM (SELECT o_id, o_entry_d, o_carrier_id, o_ol_cnt FROM orders"                            \
    " WHERE o_w_id = $1 AND o_d_id = $2 AND o_c_id = $3 ORDER BY o_id DESC LIMIT 1) o"             \
    " LEFT JOIN order_line ON ol_w_id = $1 AND ol_d_id = $2 AND ol_o_id = o.o_id"

/* Clause 2.7: Delivery, one statement per district (all ten are visited). The oldest
 * undelivered order is locked with LIMIT 1 FOR UPDATE: when a concurrent Delivery took it
 * first, the lock skips the deleted row and yields the next oldest instead of nothing. */
#define SQL_DL_DISTRICT                                                                            \
    "WITH no AS (DELETE FROM new_order WHERE no_w_id = $1 AND no_d_id = $2 AND no_o_id ="          \
    " (SELECT no_o_id FROM new_order WHERE no_w_id = $1 AND no_d_id = $2"                          \
    " ORDER BY no_o_id LIMIT 1 FOR UPDATE) RETURNING no_o_id),"                                    \
    " o AS (UPDATE orders SET o_carrier_id = $3 FROM no"                                           \
    " WHERE o_w_id = $1 AND o_d_id = $2 AND o_id = no.no_o_id RETURNING o_id, o_c_id),"            \
    " ol AS (UPDATE order_line SET ol_delivery_d = now() FROM o"                                   \
    " WHERE ol_w_id = $1 AND ol_d_id = $2 AND ol_o_id = o.o_id RETURNING ol_amount),"              \
    " c AS (UPDATE customer SET c_balance = c_balance"                                             \
    " + (SELECT coalesce(sum(ol_amount), 0) FROM ol), c_delivery_cnt = c_delivery_cnt + 1"         \
    " FROM o WHERE c_w_id = $1 AND c_d_id = $2 AND c_id = o.o_c_id RETURNING c_id)"                \
    " SELECT no.no_o_id, (SELECT count(*) FROM c) FROM no"

/* Clause 2.8: Stock-Level over the last 20 orders of the district, in one read-only query. */
#define SQL_SL_COUNT                                                                               \
    "SELECT count(DISTINCT s_i_id) FROM district"                                                  \
    " JOIN order_line ON ol_w_id = d_w_id AND ol_d_id = d_id"                                      \
    " AND ol_o_id < d_next_o_id AND ol_o_id >= d_next_o_id - 20"                                   \
    " JOIN stock ON s_w_id = ol_w_id AND s_i_id = ol_i_id"                                         \
    " WHERE d_w_id = $1 AND d_id = $2 AND s_quantity < $3"

const TpccStmtDef tpcc_stmts[STMT_COUNT] = {
    [STMT_NO_DISTRICT] = {"no_district", SQL_NO_DISTRICT, 2},
    [STMT_NO_WH_CUST] = {"no_wh_cust", SQL_NO_WH_CUST, 3},
    [STMT_NO_ITEMS] = {"no_items", SQL_NO_ITEMS, 1},
    [STMT_NO_STOCK_LOCK] = {"no_stock_lock", SQL_NO_STOCK_LOCK, 3},
    [STMT_NO_STOCK_UPDATE] = {"no_stock_update", SQL_NO_STOCK_UPDATE, 5},
    [STMT_NO_ORDER] = {"no_order", SQL_NO_ORDER, 6},
    [STMT_NO_LINES] = {"no_lines", SQL_NO_LINES, 9},
    [STMT_PAY_WAREHOUSE] = {"pay_warehouse", SQL_PAY_WAREHOUSE, 2},
    [STMT_PAY_DISTRICT] = {"pay_district", SQL_PAY_DISTRICT, 3},
    [STMT_CUST_BY_NAME] = {"cust_by_name", SQL_CUST_BY_NAME, 3},
    [STMT_PAY_CUSTOMER] = {"pay_customer", SQL_PAY_CUSTOMER, 5},
    [STMT_PAY_HISTORY] = {"pay_history", SQL_PAY_HISTORY, 6},
    [STMT_OS_CUSTOMER] = {"os_customer", SQL_OS_CUSTOMER, 3},
    [STMT_OS_CUSTOMER_BY_NAME] = {"os_customer_by_name", SQL_OS_CUSTOMER_BY_NAME, 3},
    [STMT_OS_ORDER_LINES] = {"os_order_lines", SQL_OS_ORDER_LINES, 3},
    [STMT_DL_DISTRICT] = {"dl_district", SQL_DL_DISTRICT, 3},
    [STMT_SL_COUNT] = {"sl_count", SQL_SL_COUNT, 3},
    [STMT_BEGIN] = {"tx_begin", "BEGIN", 0},
    [STMT_COMMIT] = {"tx_commit", "COMMIT", 0},
    [STMT_ROLLBACK] = {"tx_rollback", "ROLLBACK", 0},
};
