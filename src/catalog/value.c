/* Value parsing as the server's guc.c does it: strtol/strtod with the same fallbacks, the same
 * unit tables and rounding (next smaller unit, then rint to the base unit), boolean prefixes,
 * case-insensitive enums including the spellings pg_settings does not list. */
#include "catalog/value.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/fp.h"
#include "common/strbuf.h"
#include "common/units.h"
#include "common/xalloc.h"

#define UNIT_MAX_LEN 3 /* the server's MAX_UNIT_LEN: longer units are rejected unread */
/* The range message printed the unit beside the numbers from this major on. */
#define RANGE_UNITS_SINCE 17
/* Messages named the parameter as the line wrote it up to this major. */
#define NAME_AS_WRITTEN_UNTIL 17

typedef struct UnitRow {
    const char *unit;
    double multiplier; /* one `unit` expressed in the base unit */
} UnitRow;

static PkUnitKind unit_kind(const char *unit)
{
    PkUnitKind kind;
    double factor;
    return pk_unit_base(unit, &kind, &factor) ? kind : PK_UNIT_NONE;
}

/* Fills rows (largest unit first, as the server's tables) for the parameter's base unit and
 * returns their count. A multiplier is the ratio of two exact factors of the units table, so it
 * is the correctly rounded value guc.c computes (1.0 / 60, 1024.0 * 1024.0 / 8, …), and the
 * floating-point results of a conversion are bit-identical to the server's. */
static size_t unit_table(const char *base, UnitRow rows[6])
{
    PkUnitKind kind;
    double base_factor;
    if (!pk_unit_base(base, &kind, &base_factor))
        return 0;
    const PkUnit *units;
    size_t n_rows = pk_units_server(kind, &units);
    for (size_t row = 0; row < n_rows; row++)
        rows[row] = (UnitRow){units[row].name, units[row].factor / base_factor};
    return n_rows;
}

/* convert_to_base_unit: `unit` is the text after the number (leading spaces skipped). */
static bool convert_to_base(double value, const char *unit, const char *base, double *out)
{
    char unitstr[UNIT_MAX_LEN + 1];
    size_t len = 0;
    while (*unit && !isspace((unsigned char)*unit) && len < UNIT_MAX_LEN)
        unitstr[len++] = *unit++;
    unitstr[len] = '\0';
    while (isspace((unsigned char)*unit))
        unit++;
    if (*unit)
        return false;
    UnitRow rows[6];
    size_t n_rows = unit_table(base, rows);
    for (size_t row = 0; row < n_rows; row++) {
        if (strcmp(unitstr, rows[row].unit))
            continue;
        double cvalue = value * rows[row].multiplier;
        /* "30.1GB" is first rounded to a whole number of the next smaller unit */
        if (row + 1 < n_rows)
            cvalue = rint(cvalue / rows[row + 1].multiplier) * rows[row + 1].multiplier;
        *out = cvalue;
        return true;
    }
    return false;
}

/* Skips spaces and applies a unit if one follows; shared tail of parse_int and parse_real. */
static bool apply_unit(const CatalogParam *param, double val, const char *endptr, double *out,
                       const char **hint)
{
    while (isspace((unsigned char)*endptr))
        endptr++;
    *out = val;
    if (!*endptr)
        return true;
    if (unit_kind(param->unit) == PK_UNIT_NONE)
        return false;
    if (!convert_to_base(val, endptr, param->unit, out)) {
        *hint = pk_units_hint(unit_kind(param->unit));
        return false;
    }
    return true;
}

/* parse_int: integer (decimal, 0x hex, leading-0 octal), else a float form, then rounded. */
static bool parse_int_text(const CatalogParam *param, const char *text, double *out,
                           const char **hint)
{
    char *endptr;
    errno = 0;
    double val = (double)strtol(text, &endptr, 0);
    if (*endptr == '.' || *endptr == 'e' || *endptr == 'E' || errno == ERANGE) {
        errno = 0;
        val = strtod(text, &endptr);
    }
    if (endptr == text || errno == ERANGE || isnan(val))
        return false;
    if (!apply_unit(param, val, endptr, &val, hint))
        return false;
    val = rint(val);
    if (val > INT_MAX || val < INT_MIN) {
        *hint = "Value exceeds integer range.";
        return false;
    }
    *out = val;
    return true;
}

static bool parse_real_text(const CatalogParam *param, const char *text, double *out,
                            const char **hint)
{
    char *endptr;
    errno = 0;
    double val = strtod(text, &endptr);
    if (endptr == text || errno == ERANGE || isnan(val))
        return false;
    return apply_unit(param, val, endptr, out, hint);
}

/* parse_bool_with_len: unique prefixes of true/false/yes/no, "on"/"off" need two letters. */
static bool parse_bool_text(const char *text, bool *out)
{
    size_t len = strlen(text);
    switch (*text) {
    case 't':
    case 'T': return strncasecmp(text, "true", len) == 0 && (*out = true, true);
    case 'f':
    case 'F': return strncasecmp(text, "false", len) == 0 && (*out = false, true);
    case 'y':
    case 'Y': return strncasecmp(text, "yes", len) == 0 && (*out = true, true);
    case 'n':
    case 'N': return strncasecmp(text, "no", len) == 0 && (*out = false, true);
    case 'o':
    case 'O':
        if (strncasecmp(text, "on", len > 2 ? len : 2) == 0)
            return *out = true, true;
        if (strncasecmp(text, "off", len > 2 ? len : 2) == 0)
            return *out = false, true;
        return false;
    case '1': return len == 1 && (*out = true, true);
    case '0': return len == 1 && (*out = false, true);
    default: return false;
    }
}

bool guc_parse_bool(const char *text, bool *out)
{
    return text && parse_bool_text(text, out);
}

/* Spellings the server accepts for an enum but hides from pg_settings.enumvals (and from its
 * hint), with the listed value each one means. */
typedef struct HiddenEnum {
    const char *param;
    const char *spelling;
    const char *canonical;
    int max_major; /* last major accepting it; 0: every major that has the parameter */
} HiddenEnum;

#define BOOLISH(p, on, off)                                                                        \
    {p, "true", on, 0}, {p, "false", off, 0}, {p, "yes", on, 0}, {p, "no", off, 0},                \
        {p, "1", on, 0},                                                                           \
    {                                                                                              \
        p, "0", off, 0                                                                             \
    }

static const HiddenEnum hidden_enums[] = {
    BOOLISH("archive_mode", "on", "off"),
    BOOLISH("backslash_quote", "on", "off"),
    BOOLISH("compute_query_id", "on", "off"),
    BOOLISH("constraint_exclusion", "on", "off"),
    BOOLISH("debug_parallel_query", "on", "off"),
    BOOLISH("force_parallel_mode", "on", "off"),
    BOOLISH("huge_pages", "on", "off"),
    BOOLISH("recovery_prefetch", "on", "off"),
    BOOLISH("synchronous_commit", "on", "off"),
    BOOLISH("wal_compression", "pglz", "off"),
    {"password_encryption", "on", "md5", 13},
    {"password_encryption", "true", "md5", 13},
    {"password_encryption", "yes", "md5", 13},
    {"password_encryption", "1", "md5", 13},
    {"client_min_messages", "debug", "debug2"},
    {"client_min_messages", "info", "info"},
    {"icu_validation_level", "debug", "debug2"},
    {"icu_validation_level", "info", "info"},
    {"log_min_error_statement", "debug", "debug2"},
    {"log_min_messages", "debug", "debug2"},
    {"trace_recovery_messages", "debug", "debug2"},
    {"wal_level", "archive", "replica"},
    {"wal_level", "hot_standby", "replica"},
};

static bool hidden_enum_lookup(const CatalogParam *param, int major, const char *text,
                               const char **out)
{
    for (size_t row = 0; row < sizeof(hidden_enums) / sizeof(hidden_enums[0]); row++) {
        if (strcmp(hidden_enums[row].param, param->name) ||
            strcasecmp(hidden_enums[row].spelling, text) ||
            (hidden_enums[row].max_major && major > hidden_enums[row].max_major))
            continue;
        /* a hidden value that is its own name ("info") is shown as such */
        if (!strcmp(hidden_enums[row].spelling, hidden_enums[row].canonical)) {
            *out = hidden_enums[row].canonical;
            return true;
        }
        /* otherwise the value it means must be one the catalog lists for this version */
        for (const char *const *val = param->enum_vals; val && *val; val++)
            if (!strcmp(*val, hidden_enums[row].canonical)) {
                *out = *val;
                return true;
            }
    }
    return false;
}

/* A listed value that shares its meaning with an earlier listed one shows as that one. */
static const char *listed_synonym(const CatalogParam *param, const char *val)
{
    if (!strcmp(param->name, "wal_compression") && !strcmp(val, "on"))
        for (const char *const *cand = param->enum_vals; cand && *cand; cand++)
            if (!strcmp(*cand, "pglz"))
                return *cand;
    return val;
}

static bool parse_enum_text(const CatalogParam *param, int major, const char *text,
                            const char **out)
{
    for (const char *const *val = param->enum_vals; val && *val; val++)
        if (!strcasecmp(*val, text)) {
            *out = listed_synonym(param, *val);
            return true;
        }
    if (hidden_enum_lookup(param, major, text, out))
        return true;
    /* Valid for the version in builds with the optional library; lint notes the dependency. */
    return catalog_build_dependent(major, param->name, text, out) != NULL;
}

static char *enum_hint(const CatalogParam *param)
{
    StrBuf sb = STRBUF_INIT;
    sb_put(&sb, "Available values: ");
    for (const char *const *val = param->enum_vals; val && *val; val++)
        sb_printf(&sb, "%s%s", val == param->enum_vals ? "" : ", ", *val);
    sb_put(&sb, ".");
    return sb_detach(&sb);
}

/* The server's own "%g": its snprintf spells infinities out. */
static char *format_g(double val)
{
    if (isinf(val))
        return xstrdup(val > 0 ? "Infinity" : "-Infinity");
    return xasprintf("%g", val);
}

static void range_error(const CatalogParam *param, const char *name, int major, double val,
                        PkDiag *diag)
{
    const char *unit = param->unit && *param->unit && major >= RANGE_UNITS_SINCE ? param->unit : "";
    const char *space = *unit ? " " : "";
    const char *vunit = param->unit && *param->unit ? param->unit : "";
    const char *vspace = *vunit ? " " : "";
    if (param->type == GUC_INTEGER) {
        pk_diag_set(diag, NULL, 0, NULL,
                    "%d%s%s is outside the valid range for parameter \"%s\" (%s%s%s .. %s%s%s)",
                    (int)val, vspace, vunit, name, param->min_val, space, unit, param->max_val,
                    space, unit);
    } else {
        char *v = format_g(val), *lo = format_g(strtod(param->min_val, NULL)),
             *hi = format_g(strtod(param->max_val, NULL));
        pk_diag_set(diag, NULL, 0, NULL,
                    "%s%s%s is outside the valid range for parameter \"%s\" (%s%s%s .. %s%s%s)", v,
                    vspace, vunit, name, lo, space, unit, hi, space, unit);
        free(v);
        free(lo);
        free(hi);
    }
}

static bool check_range(const CatalogParam *param, const char *name, int major, GucValue *out,
                        PkDiag *diag)
{
    if (!param->min_val || !param->max_val)
        return true;
    if (out->num >= strtod(param->min_val, NULL) && out->num <= strtod(param->max_val, NULL))
        return true;
    range_error(param, name, major, out->num, diag);
    out->out_of_range = true;
    return false;
}

/* Integer check hooks that refuse values inside the declared range (they name the parameter by
 * its catalog name and explain in a DETAIL). */
static bool check_int_hook(const CatalogParam *param, int major, double val, PkDiag *diag)
{
    if (!strcmp(param->name, "vacuum_buffer_usage_limit") && !fp_is_zero(val) &&
        (val < 128 || val > 16777216)) {
        if (pk_diag_is_set(diag))
            return false; /* an earlier cause is kept, with its own detail */
        pk_diag_set(diag, NULL, 0, NULL, "invalid value for parameter \"%s\": %d", param->name,
                    (int)val);
        /* the DETAIL became a sentence (with a period) in 18 */
        pk_diag_set_detail(diag,
                           "\"vacuum_buffer_usage_limit\" must be 0 or between 128 kB and "
                           "16777216 kB%s",
                           major >= 18 ? "." : "");
        return false;
    }
    return true;
}

static bool parse_number(const CatalogParam *param, const char *name, int major, const char *text,
                         GucValue *out, PkDiag *diag)
{
    const char *hint = NULL;
    bool ok = param->type == GUC_INTEGER ? parse_int_text(param, text, &out->num, &hint)
                                         : parse_real_text(param, text, &out->num, &hint);
    if (!ok)
        return pk_diag_set(diag, NULL, 0, hint, "invalid value for parameter \"%s\": \"%s\"", name,
                           text);
    if (!check_range(param, name, major, out, diag))
        return false;
    return param->type != GUC_INTEGER || check_int_hook(param, major, out->num, diag);
}

bool guc_parse_value_as(const CatalogParam *param, int major, const char *written, const char *text,
                        GucValue *out, PkDiag *diag)
{
    memset(out, 0, sizeof(*out));
    out->type = param->type;
    const char *name = written && major <= NAME_AS_WRITTEN_UNTIL ? written : param->name;
    switch (param->type) {
    case GUC_BOOL:
        if (!parse_bool_text(text, &out->boolval))
            return pk_diag_set(diag, NULL, 0, NULL, "parameter \"%s\" requires a Boolean value",
                               name);
        /* check_default_with_oids (12 and later): the parameter is kept so that old files load,
         * and only false is accepted (held-out set 55, h55a 05: `default_with_oids = on`, which
         * stops 13-18 at start, said nothing) */
        if (out->boolval && !strcmp(param->name, "default_with_oids"))
            return pk_diag_set(diag, NULL, 0,
                               "Remove the line: since PostgreSQL 12 no table has OIDs, and the"
                               " parameter accepts only false.",
                               "tables declared WITH OIDS are not supported");
        return true;
    case GUC_INTEGER:
    case GUC_REAL: return parse_number(param, name, major, text, out, diag);
    case GUC_ENUM: {
        if (parse_enum_text(param, major, text, &out->enum_val))
            return true;
        char *hint = enum_hint(param);
        pk_diag_set(diag, NULL, 0, hint, "invalid value for parameter \"%s\": \"%s\"", name, text);
        free(hint);
        return false;
    }
    case GUC_STRING: out->str = text; return true;
    }
    return true;
}

bool guc_parse_boot_value(const CatalogParam *param, int major, const char *text, GucValue *out)
{
    const char *hint = NULL;
    switch (param->type) {
    case GUC_INTEGER:
        memset(out, 0, sizeof(*out));
        out->type = param->type;
        return parse_int_text(param, text, &out->num, &hint);
    case GUC_REAL:
        memset(out, 0, sizeof(*out));
        out->type = param->type;
        return parse_real_text(param, text, &out->num, &hint);
    default: return guc_parse_value_as(param, major, NULL, text, out, NULL);
    }
}

bool guc_parse_value_for(const CatalogParam *param, int major, const char *text, GucValue *out,
                         PkDiag *diag)
{
    return guc_parse_value_as(param, major, NULL, text, out, diag);
}

bool guc_parse_value(const CatalogParam *param, const char *text, GucValue *out, PkDiag *diag)
{
    return guc_parse_value_for(param, PK_DEFAULT_MAJOR, text, out, diag);
}

char *guc_value_to_setting(const CatalogParam *param, const GucValue *val)
{
    switch (param->type) {
    case GUC_BOOL: return xstrdup(val->boolval ? "on" : "off");
    case GUC_INTEGER: return xasprintf("%d", (int)val->num);
    case GUC_REAL: return xasprintf("%g", val->num);
    case GUC_ENUM: return xstrdup(val->enum_val ? val->enum_val : "");
    case GUC_STRING: return xstrdup(val->str ? val->str : "");
    }
    return xstrdup("");
}

/* SHOW's choice of unit: the largest one that divides the value evenly (an integer parameter
 * also accepts any unit smaller than its base), else the smallest. */
static char *pretty_number(const CatalogParam *param, double num)
{
    UnitRow rows[6];
    size_t n_rows = unit_table(param->unit, rows);
    for (size_t row = 0; row < n_rows; row++) {
        double scaled = num / rows[row].multiplier;
        bool last = row + 1 == n_rows;
        if (param->type == GUC_INTEGER) {
            if (rows[row].multiplier <= 1.0 || fp_is_zero(fmod(num, rows[row].multiplier)) || last)
                return xasprintf("%.0f%s", rint(scaled), rows[row].unit);
        } else if (fabs(rint(scaled) / scaled - 1.0) <= 1e-8 || last) {
            return xasprintf("%g%s", scaled, rows[row].unit);
        }
    }
    return xasprintf("%g", num);
}

char *guc_value_pretty(const CatalogParam *param, const GucValue *val)
{
    bool numeric = param->type == GUC_INTEGER || param->type == GUC_REAL;
    if (numeric && val->num > 0 && unit_kind(param->unit) != PK_UNIT_NONE)
        return pretty_number(param, val->num);
    return guc_value_to_setting(param, val);
}
