#include "common/quantity.h"

#include <stddef.h>

#include "common/units.h"

bool pk_parse_duration(const char *text, double min_s, double max_s, double *seconds)
{
    double us;
    if (!pk_units_parse(text, PK_UNIT_TIME, false, 1e6, &us, NULL))
        return false;
    double value = us / 1e6;
    if (value < min_s || value > max_s)
        return false;
    *seconds = value;
    return true;
}

bool pk_parse_size(const char *text, uint64_t *bytes)
{
    double value;
    if (!pk_units_parse(text, PK_UNIT_SIZE, false, 1.0, &value, NULL) ||
        value >= 18446744073709551615.0)
        return false;
    *bytes = (uint64_t)value;
    return true;
}
