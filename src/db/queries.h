/* The versioned query table of pgknob audit: every statement it may send, keyed by an id and a
 * server_version_num range, with a declared result shape. Every column is cast in SQL to text,
 * int8, float8 or bool so that the declared types can be checked on arrival. Data, not code. */
#ifndef PK_DB_QUERIES_H
#define PK_DB_QUERIES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum DbShape {
    DB_SHAPE_ONE_ROW,  /* exactly one row */
    DB_SHAPE_ANY_ROWS, /* zero or more rows */
} DbShape;

typedef struct DbQuery {
    const char *id;
    int min_version; /* inclusive server_version_num */
    int max_version; /* exclusive; 0: no upper bound */
    DbShape shape;
    const char *types; /* one letter per column: t text, i int8, f float8, b bool */
    const char *sql;
} DbQuery;

/* The query `id` for `version_num`, or NULL when none applies to that version. Borrowed. */
const DbQuery *db_query_find(const char *id, int version_num);
/* True when `id` names a query for some version (catches typos in callers). */
bool db_query_known(const char *id);
/* The whole table, for tests. */
const DbQuery *db_query_table(size_t *count);

#endif
