/* Decimal text without printf, for the driver's hot paths: the loader's COPY fields and the
 * clients' query parameters format numbers the same way. Each function writes at `out` (no
 * NUL) and returns the position after the last character written. */
#ifndef PK_TPCC_DIGITS_H
#define PK_TPCC_DIGITS_H

#include <stdint.h>

/* At most 20 characters. */
char *tpcc_put_int(char *out, int64_t value);
/* value / 10^scale with exactly `scale` decimals: (1234, 2) -> "12.34", (-5, 2) -> "-0.05". */
char *tpcc_put_decimal(char *out, int64_t value, int scale);

#endif
