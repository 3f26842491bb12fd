/* Parsing a configuration value exactly as the server's GUC code does (guc.c parse_int,
 * parse_real, parse_bool, enum lookup, unit conversion and rounding), with the server's messages.
 * Pure functions over a CatalogParam. */
#ifndef PK_CATALOG_VALUE_H
#define PK_CATALOG_VALUE_H

#include <stdbool.h>

#include "catalog/catalog.h"
#include "common/diag.h"

typedef struct GucValue {
    GucType type;
    bool boolval;      /* GUC_BOOL */
    bool out_of_range; /* on failure: the value parsed but lies outside min_val .. max_val */
    double num;        /* GUC_INTEGER / GUC_REAL: in the parameter's base unit (e.g. 8kB blocks) */
    const char *enum_val; /* GUC_ENUM: canonical value from the catalog (borrowed) */
    const char *str;      /* GUC_STRING: the text given to guc_parse_value (borrowed) */
} GucValue;

/* Parses `text` (the value after the lexer removed quotes) for `param`. On failure returns false
 * with the server's words in `diag` (may be NULL): its message (invalid value for parameter
 * "work_mem": "4mb"), its HINT as the hint (Valid units for this parameter are "B", "kB", …) and
 * a check hook's DETAIL as the detail; no file or line (the caller knows them). */
bool guc_parse_value(const CatalogParam *param, const char *text, GucValue *out, PkDiag *diag);
/* The same for a given major: the range message gained units in PostgreSQL 17. */
/* A Boolean as the server reads it (parse_bool: unique prefixes of true/false/yes/no, on/off,
 * 1/0, any case). False when it is none. */
bool guc_parse_bool(const char *text, bool *out);
bool guc_parse_value_for(const CatalogParam *param, int major, const char *text, GucValue *out,
                         PkDiag *diag);
/* The same for a line that wrote the parameter as `written` ("WORK_MEM", "sort_mem"): up to 17
 * the server's messages name the parameter as written, from 18 on by its catalog name. */
bool guc_parse_value_as(const CatalogParam *param, int major, const char *written, const char *text,
                        GucValue *out, PkDiag *diag);

/* A catalog boot value (`text` is param->boot_val, in the base unit): parsed as
 * guc_parse_value_for does, without its range check and check hooks, which the server's own
 * defaults pass (tests/unit/value_test.c checks every catalog row gives the same value both
 * ways). Building a snapshot parses ~400 of them; the range check's two strtod calls each were
 * most of that time. */
bool guc_parse_boot_value(const CatalogParam *param, int major, const char *text, GucValue *out);

/* The value rendered in the base unit as pg_settings.setting would show it ("16384", "0.9",
 * "on", "replica"). Caller frees. */
char *guc_value_to_setting(const CatalogParam *param, const GucValue *val);

/* Human form with the largest exact unit ("128MB", "5min", "1.5s"). Caller frees. */
char *guc_value_pretty(const CatalogParam *param, const GucValue *val);

#endif
