/* Floating-point tests that are exact on purpose. The build warns on == between doubles
 * (-Wfloat-equal); where exactness is what is meant (a zero divisor, a whole number to print
 * without decimals, two values parsed from text by one parser) these say so by name. */
#ifndef PK_COMMON_FP_H
#define PK_COMMON_FP_H

#include <math.h>
#include <stdbool.h>

/* x is +0 or -0 (never NaN). */
static inline bool fp_is_zero(double x)
{
    return fpclassify(x) == FP_ZERO;
}

/* x is finite and has no fractional part. */
static inline bool fp_is_integral(double x)
{
    double whole;
    return isfinite(x) && fp_is_zero(modf(x, &whole));
}

/* a and b are the same number, exactly (NaN equals nothing, as with ==). */
static inline bool fp_same(double a, double b)
{
    return !isunordered(a, b) && !islessgreater(a, b);
}

#endif
