#include "tpcc/digits.h"

char *tpcc_put_int(char *out, int64_t value)
{
    char digits[24];
    int n = 0;
    uint64_t mag = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[n++] = (char)('0' + mag % 10);
        mag /= 10;
    } while (mag);
    if (value < 0)
        *out++ = '-';
    while (n)
        *out++ = digits[--n];
    return out;
}

char *tpcc_put_decimal(char *out, int64_t value, int scale)
{
    int64_t unit = 1;
    for (int idx = 0; idx < scale; idx++)
        unit *= 10;
    int64_t mag = value < 0 ? -value : value;
    if (value < 0)
        *out++ = '-';
    out = tpcc_put_int(out, mag / unit);
    if (scale > 0)
        *out++ = '.';
    int64_t frac = mag % unit;
    for (int idx = scale - 1; idx >= 0; idx--) {
        out[idx] = (char)('0' + frac % 10);
        frac /= 10;
    }
    return out + (scale > 0 ? scale : 0);
}
