#include "common/units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/fp.h"
#include "common/xalloc.h"

#define KB 1024.0
#define US_PER_S 1000000.0

/* The server's units first, each kind largest first as guc.c lists them, then pgknob's extras.
 * Factors in bytes and microseconds are exact doubles, so a ratio of two factors is the
 * correctly rounded multiplier guc.c computes (1.0 / (1000 * 1000 * 60) and the like). */
static const PkUnit unit_table[] = {
    {"TB", PK_UNIT_SIZE, KB *KB *KB *KB, true},
    {"GB", PK_UNIT_SIZE, KB *KB *KB, true},
    {"MB", PK_UNIT_SIZE, KB *KB, true},
    {"kB", PK_UNIT_SIZE, KB, true},
    {"B", PK_UNIT_SIZE, 1.0, true},
    {"d", PK_UNIT_TIME, 86400.0 * US_PER_S, true},
    {"h", PK_UNIT_TIME, 3600.0 * US_PER_S, true},
    {"min", PK_UNIT_TIME, 60.0 * US_PER_S, true},
    {"s", PK_UNIT_TIME, US_PER_S, true},
    {"ms", PK_UNIT_TIME, 1000.0, true},
    {"us", PK_UNIT_TIME, 1.0, true},
    /* pgknob's own inputs only: the IEC sizes people write for machines (--host ram=16GiB) and
     * "m" for minutes, as in the durations of Go, systemd and pgknob's own docs (--duration 5m) */
    {"TiB", PK_UNIT_SIZE, KB *KB *KB *KB, false},
    {"GiB", PK_UNIT_SIZE, KB *KB *KB, false},
    {"MiB", PK_UNIT_SIZE, KB *KB, false},
    {"KiB", PK_UNIT_SIZE, KB, false},
    {"m", PK_UNIT_TIME, 60.0 * US_PER_S, false},
};
#define N_SERVER_SIZE 5
#define N_SERVER_TIME 6
#define N_UNITS (sizeof(unit_table) / sizeof(unit_table[0]))

size_t pk_units_server(PkUnitKind kind, const PkUnit **units)
{
    if (kind == PK_UNIT_SIZE) {
        *units = unit_table;
        return N_SERVER_SIZE;
    }
    *units = unit_table + N_SERVER_SIZE;
    return kind == PK_UNIT_TIME ? N_SERVER_TIME : 0;
}

const PkUnit *pk_unit_find(const char *name, PkUnitKind kind, bool server_only)
{
    for (size_t idx = 0; name && idx < N_UNITS; idx++) {
        const PkUnit *unit = &unit_table[idx];
        if ((kind == PK_UNIT_NONE || unit->kind == kind) && (unit->server || !server_only) &&
            !strcmp(unit->name, name))
            return unit;
    }
    return NULL;
}

/* Spellings people write for the server's units outside its case-insensitive twins: the IEC
 * sizes (the server's kB..TB are already powers of 1024, so GiB is exactly GB), a bare prefix
 * letter for a size, and English words for times. "m" alone is left out: in a time it may be
 * minutes or a clipped "ms". */
static const struct {
    const char *alias;
    const char *server;
    PkUnitKind kind;
} unit_aliases[] = {
    {"k", "kB", PK_UNIT_SIZE},           {"KiB", "kB", PK_UNIT_SIZE},
    {"M", "MB", PK_UNIT_SIZE},           {"MiB", "MB", PK_UNIT_SIZE},
    {"G", "GB", PK_UNIT_SIZE},           {"GiB", "GB", PK_UNIT_SIZE},
    {"T", "TB", PK_UNIT_SIZE},           {"TiB", "TB", PK_UNIT_SIZE},
    {"byte", "B", PK_UNIT_SIZE},         {"bytes", "B", PK_UNIT_SIZE},
    {"usec", "us", PK_UNIT_TIME},        {"usecs", "us", PK_UNIT_TIME},
    {"microsecond", "us", PK_UNIT_TIME}, {"microseconds", "us", PK_UNIT_TIME},
    {"msec", "ms", PK_UNIT_TIME},        {"msecs", "ms", PK_UNIT_TIME},
    {"millisecond", "ms", PK_UNIT_TIME}, {"milliseconds", "ms", PK_UNIT_TIME},
    {"sec", "s", PK_UNIT_TIME},          {"secs", "s", PK_UNIT_TIME},
    {"second", "s", PK_UNIT_TIME},       {"seconds", "s", PK_UNIT_TIME},
    {"mins", "min", PK_UNIT_TIME},       {"minute", "min", PK_UNIT_TIME},
    {"minutes", "min", PK_UNIT_TIME},    {"hr", "h", PK_UNIT_TIME},
    {"hrs", "h", PK_UNIT_TIME},          {"hour", "h", PK_UNIT_TIME},
    {"hours", "h", PK_UNIT_TIME},        {"day", "d", PK_UNIT_TIME},
    {"days", "d", PK_UNIT_TIME},
};

const char *pk_unit_meant(const char *name, PkUnitKind kind)
{
    const PkUnit *units;
    size_t n = pk_units_server(kind, &units);
    for (size_t idx = 0; name && idx < n; idx++)
        if (!strcasecmp(name, units[idx].name))
            return units[idx].name;
    for (size_t idx = 0; name && idx < sizeof(unit_aliases) / sizeof(unit_aliases[0]); idx++)
        if (unit_aliases[idx].kind == kind && !strcasecmp(name, unit_aliases[idx].alias))
            return unit_aliases[idx].server;
    return NULL;
}

bool pk_unit_base(const char *unit, PkUnitKind *kind, double *factor)
{
    if (!unit || !*unit)
        return false;
    /* block units carry their size: "8kB" (BLCKSZ), "16MB" (a WAL segment on 13's catalog) */
    size_t digits = strspn(unit, "0123456789");
    double count = digits ? strtod(unit, NULL) : 1.0;
    const PkUnit *base = pk_unit_find(unit + digits, PK_UNIT_NONE, true);
    if (!base || count <= 0 || (digits && base->kind != PK_UNIT_SIZE))
        return false;
    /* the server's time parameters are in ms, s or min; no parameter has a base of h, d or us */
    if (base->kind == PK_UNIT_TIME && strcmp(base->name, "ms") && strcmp(base->name, "s") &&
        strcmp(base->name, "min"))
        return false;
    *kind = base->kind;
    *factor = count * base->factor;
    return true;
}

const char *pk_units_hint(PkUnitKind kind)
{
    if (kind == PK_UNIT_SIZE)
        return "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".";
    return "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".";
}

/* The hint for pgknob's own inputs, which also take the extra spellings. */
static const char *own_hint(PkUnitKind kind)
{
    if (kind == PK_UNIT_SIZE)
        return "Valid units are B, kB, MB, GB and TB (also KiB, MiB, GiB and TiB); "
               "they are case-sensitive, as in postgresql.conf.";
    return "Valid units are us, ms, s, min (or m), h and d; they are case-sensitive, as in "
           "postgresql.conf.";
}

bool pk_units_parse(const char *text, PkUnitKind kind, bool server_only, double bare_factor,
                    double *out, const char **bad_unit)
{
    if (bad_unit)
        *bad_unit = NULL;
    /* a number starts with a digit or a point: no sign, no "inf" or "nan" words */
    if (!text ||
        !(isdigit((unsigned char)text[0]) || (text[0] == '.' && isdigit((unsigned char)text[1]))))
        return false;
    char *end;
    errno = 0;
    double number = strtod(text, &end);
    if (errno || end == text || !isfinite(number) || number < 0)
        return false;
    while (*end == ' ')
        end++;
    if (!*end) {
        *out = number * bare_factor;
        return true;
    }
    const PkUnit *unit = pk_unit_find(end, kind, server_only);
    if (!unit) {
        if (bad_unit)
            *bad_unit = server_only ? pk_units_hint(kind) : own_hint(kind);
        return false;
    }
    *out = number * unit->factor;
    return isfinite(*out);
}

/* The smallest server unit of a kind, or the one named `smallest`. */
static size_t smallest_row(const PkUnit *units, size_t n, const char *smallest)
{
    for (size_t row = 0; smallest && row < n; row++)
        if (!strcmp(units[row].name, smallest))
            return row;
    return n - 1;
}

char *pk_units_number(double num)
{
    double mag = fabs(num);
    if (isnan(num) || mag >= 1e15 || (mag > 0 && mag < 0.001))
        return xasprintf("%g", num);
    if (fp_is_integral(num))
        return xasprintf("%.0f", num);
    char text[64];
    if (mag >= 1)
        snprintf(text, sizeof(text), "%.*f", mag >= 10 ? 1 : 2, num);
    else
        snprintf(text, sizeof(text), "%.*f", 2 - (int)floor(log10(mag)), num);
    char *last = text + strlen(text) - 1;
    while (*last == '0')
        *last-- = '\0';
    if (*last == '.')
        *last = '\0';
    return xstrdup(text);
}

char *pk_units_format(double value, PkUnitKind kind, PkUnitStyle style, const char *smallest)
{
    const PkUnit *units;
    size_t n = pk_units_server(kind, &units);
    if (!n || !isfinite(value))
        return xasprintf("%g", value);
    size_t last = smallest_row(units, n, smallest);
    size_t pick = last;
    for (size_t row = 0; row < last; row++) {
        bool fits = style == PK_UNITS_EXACT ? fabs(value) >= units[row].factor &&
                                                  fp_is_zero(fmod(value, units[row].factor))
                                            : fabs(value) >= units[row].factor;
        if (fits) {
            pick = row;
            break;
        }
    }
    double scaled = value / units[pick].factor;
    if (style == PK_UNITS_READABLE)
        return xasprintf(pick == n - 1 ? "%.0f %s" : "%.1f %s", scaled, units[pick].name);
    if (style == PK_UNITS_EXACT && fp_is_integral(scaled))
        return xasprintf("%.0f%s", scaled, units[pick].name);
    char *number = pk_units_number(scaled);
    char *text = xasprintf("%s%s", number, units[pick].name);
    free(number);
    return text;
}
