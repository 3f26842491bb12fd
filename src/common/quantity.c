#include "common/quantity.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct UnitFactor {
    const char *unit;
    double factor;
} UnitFactor;

static bool parse_with_units(const char *text, const UnitFactor *units, size_t n_units, double *out)
{
    if (!text)
        return false;
    char *end;
    errno = 0;
    double number = strtod(text, &end);
    if (errno || end == text || !isfinite(number) || number < 0)
        return false;
    while (*end == ' ')
        end++;
    for (size_t idx = 0; idx < n_units; idx++)
        if (!strcmp(end, units[idx].unit)) {
            *out = number * units[idx].factor;
            return true;
        }
    return false;
}

bool pk_parse_duration(const char *text, double min_s, double max_s, double *seconds)
{
    static const UnitFactor units[] = {
        {"", 1}, {"s", 1}, {"ms", 0.001}, {"min", 60}, {"m", 60}, {"h", 3600}, {"d", 86400},
    };
    double value;
    if (!parse_with_units(text, units, sizeof(units) / sizeof(units[0]), &value))
        return false;
    if (value < min_s || value > max_s)
        return false;
    *seconds = value;
    return true;
}

bool pk_parse_size(const char *text, uint64_t *bytes)
{
    static const UnitFactor units[] = {
        {"", 1},
        {"B", 1},
        {"kB", 1024.0},
        {"MB", 1024.0 * 1024},
        {"GB", 1024.0 * 1024 * 1024},
        {"TB", 1024.0 * 1024 * 1024 * 1024},
    };
    double value;
    if (!parse_with_units(text, units, sizeof(units) / sizeof(units[0]), &value) ||
        value >= 18446744073709551615.0)
        return false;
    *bytes = (uint64_t)value;
    return true;
}
