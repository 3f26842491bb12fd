/* The one table of size and time units. The server's spellings and multipliers are those of
 * guc.c's memory_unit_conversion_table and time_unit_conversion_table (case-sensitive: "kB",
 * "min"); pgknob's own inputs (--host, command options, lab and project files) also take a
 * small set of extra spellings, chosen once here: the IEC sizes KiB, MiB, GiB and TiB, and "m"
 * for minutes in a duration. Settings' values are always parsed with the server's spellings
 * only; catalog/value.c adds the server's rounding rules on top of this table. */
#ifndef PK_UNITS_H
#define PK_UNITS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum PkUnitKind { PK_UNIT_NONE = 0, PK_UNIT_SIZE, PK_UNIT_TIME } PkUnitKind;

typedef struct PkUnit {
    const char *name; /* as written: "kB", "min", "GiB" */
    PkUnitKind kind;
    double factor; /* in bytes (sizes) or microseconds (times): every factor is an exact double */
    bool server;   /* one of the server's spellings */
} PkUnit;

/* The server's units of `kind`, largest first (TB … B, d … us), as its conversion tables list
 * them; returns their count. */
size_t pk_units_server(PkUnitKind kind, const PkUnit **units);

/* The unit spelt exactly `name` of `kind` (PK_UNIT_NONE: either kind); with `server_only`,
 * only the server's spellings. NULL when there is none. */
const PkUnit *pk_unit_find(const char *name, PkUnitKind kind, bool server_only);

/* The server's unit of `kind` that a unit it rejects clearly means: its own spelling in
 * another case ("mb" -> "MB"), an IEC size ("GiB" -> "GB"), a bare size prefix ("64M"), or a
 * time word ("5mins" -> "min", "30 seconds" -> "s"). NULL when the meaning is not clear. */
const char *pk_unit_meant(const char *name, PkUnitKind kind);

/* A parameter's base unit as pg_settings.unit shows it ("B", "kB", "MB", "8kB", "16MB", "ms",
 * "s", "min"): its kind and the size of one base unit in bytes or microseconds. False for no
 * unit or one the server does not use. */
bool pk_unit_base(const char *unit, PkUnitKind *kind, double *factor);

/* The server's hint for a bad unit of `kind`: `Valid units for this parameter are "B", "kB",
 * "MB", "GB", and "TB".` */
const char *pk_units_hint(PkUnitKind kind);

/* Parses a number with an optional unit of `kind` ("64kB", "1.5 GB", "90s"; spaces between
 * number and unit allowed) into bytes or microseconds; a bare number is `bare_factor` units
 * (1 for bytes, 1e6 for seconds). With `server_only`, only the server's spellings. False for a
 * negative, non-finite or unparsable number or an unknown unit; then, when `bad_unit` is given,
 * it is set to a hint naming the valid units (static text) for an unknown unit, or NULL. */
bool pk_units_parse(const char *text, PkUnitKind kind, bool server_only, double bare_factor,
                    double *out, const char **bad_unit);

/* How pk_units_format writes a quantity. */
typedef enum PkUnitStyle {
    /* The largest server unit that holds the value a whole number of times, else the smallest
     * ("128MB", "5min", "1500us"): SHOW's choice. */
    PK_UNITS_EXACT,
    /* The largest server unit the value reaches, with at most two decimals, trailing zeros
     * dropped ("1.5GB", "128MB", "2.25s"). */
    PK_UNITS_SCALED,
    /* For people reading a report: one decimal and a space above the smallest unit ("1.5 GB",
     * "512 B", "2.5 min"). */
    PK_UNITS_READABLE,
} PkUnitStyle;

/* A plain number with as few digits as it needs (the numbers of PK_UNITS_SCALED): whole numbers
 * bare, one decimal from 10 up, two below, three significant digits below 1, %g beyond.
 * Caller frees. */
char *pk_units_number(double num);

/* `value` (bytes or microseconds) written in `style`; `smallest` names the smallest unit to
 * use (NULL: the kind's smallest: "B", "us"). Caller frees. */
char *pk_units_format(double value, PkUnitKind kind, PkUnitStyle style, const char *smallest);

#endif
