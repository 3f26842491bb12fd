/* Parsing a configuration value exactly as the server's GUC code does (guc.c parse_int,
 * parse_real, parse_bool, enum lookup, unit conversion and rounding), with the server's messages.
 * Pure functions over a CatalogParam. */
#ifndef PK_CATALOG_VALUE_H
#define PK_CATALOG_VALUE_H

#include <stdbool.h>

#include "catalog/catalog.h"

typedef struct GucValue {
    GucType type;
    bool boolval;      /* GUC_BOOL */
    double num;        /* GUC_INTEGER / GUC_REAL: in the parameter's base unit (e.g. 8kB blocks) */
    const char *enum_val; /* GUC_ENUM: canonical value from the catalog (borrowed) */
    const char *str;      /* GUC_STRING: the text given to guc_parse_value (borrowed) */
} GucValue;

typedef struct GucError {
    char *message; /* e.g. invalid value for parameter "work_mem": "4mb" */
    char *hint;    /* e.g. Valid units for this parameter are "B", "kB", "MB", "GB", and "TB". */
    bool out_of_range; /* the value parsed but lies outside min_val .. max_val */
} GucError;

/* Parses `text` (the value after the lexer removed quotes) for `param`. On failure fills `err`
 * (caller frees both strings with guc_error_free) and returns false. */
bool guc_parse_value(const CatalogParam *param, const char *text, GucValue *out, GucError *err);
/* The same for a given major: the range message gained units in PostgreSQL 17. */
bool guc_parse_value_for(const CatalogParam *param, int major, const char *text, GucValue *out,
                         GucError *err);
/* The same for a line that wrote the parameter as `written` ("WORK_MEM", "sort_mem"): up to 17
 * the server's messages name the parameter as written, from 18 on by its catalog name. */
bool guc_parse_value_as(const CatalogParam *param, int major, const char *written,
                        const char *text, GucValue *out, GucError *err);
void guc_error_free(GucError *err);

/* The value rendered in the base unit as pg_settings.setting would show it ("16384", "0.9",
 * "on", "replica"). Caller frees. */
char *guc_value_to_setting(const CatalogParam *param, const GucValue *val);

/* Human form with the largest exact unit ("128MB", "5min", "1.5s"). Caller frees. */
char *guc_value_pretty(const CatalogParam *param, const GucValue *val);

#endif
